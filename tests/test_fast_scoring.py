"""The quick constructors of the scoring value types give values equal in every way to the
ordinary ones (performance work on scoring, issue 6)."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
from fractions import Fraction
from typing import Any

import pytest

from kozyr import Card
from kozyr.record import DealResult
from kozyr.scoring import Payment, ScoreItem, ScoreSheet, Settlement, make_item, make_sheet

ACE = (Card.parse("As"),)
ARGS = ("high", "Старший", "High", 1, ACE, 1, 1, "SU6")


def test_make_item_is_a_score_item() -> None:
    made, plain = make_item(*ARGS), ScoreItem(*ARGS)
    assert type(made) is ScoreItem
    assert made == plain and hash(made) == hash(plain) and repr(made) == repr(plain)
    assert dataclasses.astuple(made) == dataclasses.astuple(plain)
    assert made.to_json() == plain.to_json()
    assert pickle.loads(pickle.dumps(made)) == plain and copy.deepcopy(made) == plain
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.points = 2  # type: ignore[misc]
    assert not hasattr(made, "__dict__")


def test_make_sheet_is_a_score_sheet() -> None:
    items = (make_item(*ARGS), ScoreItem("low", "Младший", "Low", 1, ACE, 0, 0, "SU6"))
    sides = ((0, 2), (1, 3))
    made, plain = make_sheet(items, 4, sides), ScoreSheet(items, 4, sides)
    assert type(made) is ScoreSheet
    assert made == plain and hash(made) == hash(plain) and repr(made) == repr(plain)
    assert made.by_side() == [1, 1] and made.by_seat() == [1, 1, 0, 0] and made.total == 2
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.seats = 3  # type: ignore[misc]


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
        "record", "tricks", "sheet", "points", "settlement", "extra",
    ]  # fmt: skip
    assert "extra: 'Mapping[str, Any]' = <factory>)" in str(inspect.signature(DealResult))
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
