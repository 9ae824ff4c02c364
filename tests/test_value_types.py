"""The value types of scoring and records: one constructor each (a named tuple's or the
dataclass's own), and the usual behaviour -- fields, equality, hashing, repr, pickling,
immutability."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
from fractions import Fraction
from typing import Any

import pytest

import kozyr.scoring
from kozyr import Card
from kozyr.record import DealResult, PartyResult
from kozyr.scoring import Payment, ScoreItem, ScoreSheet, Settlement

ACE = (Card.parse("As"),)
ARGS = ("high", "Старший", "High", 1, ACE, 1, 1, "SU6")
NAMED_TUPLES = (ScoreItem, Payment)  # several per deal: the quickest immutable value to build
DATACLASSES = (ScoreSheet, Settlement, DealResult, PartyResult)


@pytest.mark.parametrize("cls", DATACLASSES, ids=lambda c: c.__name__)
def test_one_constructor_per_dataclass(cls: type) -> None:
    # the dataclass's generated __init__ (compiled from a string), no hand-written one
    assert dataclasses.is_dataclass(cls)
    assert cls.__init__.__code__.co_filename == "<string>"
    assert cls.__dataclass_params__.frozen  # type: ignore[attr-defined]
    assert not hasattr(kozyr.scoring, "make_item") and not hasattr(kozyr.scoring, "make_sheet")


@pytest.mark.parametrize("cls", NAMED_TUPLES, ids=lambda c: c.__name__)
def test_one_constructor_per_named_tuple(cls: type) -> None:
    # typing.NamedTuple's own __new__ (generated), nothing else
    assert issubclass(cls, tuple) and hasattr(cls, "_fields")
    assert "__init__" not in vars(cls) and cls.__new__.__code__.co_filename.startswith("<")


def test_score_item_is_an_immutable_value() -> None:
    item = ScoreItem(*ARGS)
    assert item == ScoreItem(*ARGS) and hash(item) == hash(ScoreItem(*ARGS))
    assert item != ScoreItem("low", *ARGS[1:])
    assert repr(item).startswith("ScoreItem(name='high', label_ru='Старший', label_en='High'")
    assert item._fields == (
        "name", "label_ru", "label_en", "points", "cards", "seat", "side", "rule",
    )  # fmt: skip
    assert item._replace(points=2).points == 2 and item.points == 1
    assert ScoreItem("gift", "Подарок", "Gift", 1).cards == () and ScoreItem(*ARGS[:4]).seat is None
    assert item.to_json()["cards"] == ["A♠"]
    assert pickle.loads(pickle.dumps(item)) == item and copy.deepcopy(item) == item
    with pytest.raises(AttributeError):
        item.points = 2  # type: ignore[misc]
    assert not hasattr(item, "__dict__")


def test_score_sheet_behaves_as_a_frozen_dataclass() -> None:
    items = (ScoreItem(*ARGS), ScoreItem("low", "Младший", "Low", 1, ACE, 0, 0, "SU6"))
    sides = ((0, 2), (1, 3))
    sheet = ScoreSheet(items, 4, sides)
    assert sheet == ScoreSheet(items, 4, sides) and hash(sheet) == hash(ScoreSheet(items, 4, sides))
    assert sheet != ScoreSheet(items, 4) and ScoreSheet(items, 4).sides is None
    assert sheet.by_side() == [1, 1] and sheet.by_seat() == [1, 1, 0, 0] and sheet.total == 2
    assert pickle.loads(pickle.dumps(sheet)) == sheet
    with pytest.raises(dataclasses.FrozenInstanceError):
        sheet.seats = 3  # type: ignore[misc]


def test_payments_are_kept_exact() -> None:
    ledger = Settlement.from_payments(2, [Payment(0, 1, 3)])  # type: ignore[arg-type]
    assert ledger.payments[0].amount.denominator == 1 and ledger.net() == [-3, 3]
    assert Settlement.from_payments(
        3, [Payment(0, 0, Fraction(2)), Payment(1, 2, Fraction(0))]
    ) == (Settlement(3))


def test_deal_result_keeps_its_dataclass_behaviour() -> None:
    ledger = Settlement(2)
    sheet = ScoreSheet((), 2)
    record: Any = None
    result = DealResult(record, (1, 0), sheet, (1, 0), ledger)
    assert (
        result.extra == {} and result.extra is not DealResult(record, (), sheet, (), ledger).extra
    )
    assert result == DealResult(record, (1, 0), sheet, (1, 0), ledger, {})
    assert repr(result).startswith("DealResult(record=None, tricks=(1, 0), sheet=ScoreSheet(")
    assert [f.name for f in dataclasses.fields(result)] == [
        "record", "tricks", "sheet", "points", "settlement", "extra", "checked", "warnings",
    ]  # fmt: skip
    assert "extra: 'Mapping[str, Any]' = <factory>" in str(inspect.signature(DealResult))
    assert "checked: 'str' = 'plays'" in str(inspect.signature(DealResult))
    assert dataclasses.replace(result, points=(0, 1)).points == (0, 1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.points = (0, 0)  # type: ignore[misc]


def test_settlement_keeps_its_dataclass_behaviour() -> None:
    payment = Payment(0, 1, Fraction(3, 2), "SL-C14")
    ledger = Settlement(2, (payment,))
    assert ledger == Settlement.from_payments(2, [payment]) and ledger != Settlement(2)
    assert hash(ledger) == hash(Settlement(2, (payment,)))
    assert repr(Settlement(3)) == "Settlement(seats=3, payments=())"
    assert ledger.net() == [Fraction(-3, 2), Fraction(3, 2)]
    assert str(inspect.signature(Settlement)).startswith("(seats: 'int', payments:")
    with pytest.raises(dataclasses.FrozenInstanceError):
        ledger.seats = 3  # type: ignore[misc]
