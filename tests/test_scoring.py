"""Score sheets and the zero-sum settlement ledger (exact fractions)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kozyr import Card, Payment, ScoreItem, ScoreSheet, Settlement
from kozyr.scoring import fraction_json, sides_of

payments = st.lists(
    st.builds(
        Payment,
        st.integers(0, 4),
        st.integers(0, 4),
        st.fractions(min_value=-50, max_value=50, max_denominator=12),
        st.just("test"),
    ),
    max_size=12,
)


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(payments)
def test_settlement_is_zero_sum(items: list[Payment]) -> None:
    ledger = Settlement.from_payments(5, items)
    net = ledger.net()
    assert sum(net) == 0
    assert all(isinstance(x, Fraction) for x in net)
    # self-payments and zero amounts are dropped; the rest kept in order
    assert all(p.payer != p.payee and p.amount != 0 for p in ledger.payments)
    # each seat's net is what it received minus what it paid
    for seat in range(5):
        expect = sum((p.amount for p in items if p.payee == seat and p.payer != seat), Fraction(0))
        expect -= sum((p.amount for p in items if p.payer == seat and p.payee != seat), Fraction(0))
        assert net[seat] == expect
    # JSON: ints when whole, "a/b" strings otherwise; reading them back gives the same numbers
    for value, written in zip(net, ledger.to_json()["net"], strict=True):
        assert Fraction(written) == value
        assert isinstance(written, int) == (value.denominator == 1)


def test_d_sl3_style_split_with_halves() -> None:
    # SL-C14/D-SL3-like: seat 0 pays 3 shared by two winners -> 3/2 each; zero-sum
    ledger = Settlement.from_payments(
        3, [Payment(0, 1, Fraction(3, 2), "SL-C14"), Payment(0, 2, Fraction(3, 2), "SL-C14")]
    )
    assert ledger.net() == [-3, Fraction(3, 2), Fraction(3, 2)]
    data = ledger.to_json()
    assert data["net"] == [-3, "3/2", "3/2"]
    assert data["payments"][0] == {"payer": 0, "payee": 1, "amount": "3/2", "reason": "SL-C14"}
    assert fraction_json(Fraction(-7, 2)) == "-7/2" and fraction_json(4) == 4


def test_settlement_checks_seats_and_combines() -> None:
    with pytest.raises(ValueError, match=r"outside 0\.\.1"):
        Settlement.from_payments(2, [Payment(0, 2, Fraction(1))])
    a = Settlement.from_payments(2, [Payment(0, 1, Fraction(2))])
    b = Settlement.from_payments(2, [Payment(1, 0, Fraction(1, 2))])
    both = Settlement.combine(2, [a, b])
    assert both.net() == [Fraction(-3, 2), Fraction(3, 2)]
    assert Settlement(3).net() == [0, 0, 0]
    # amounts given as ints become Fractions
    assert Settlement.from_payments(2, [Payment(0, 1, 2)]).payments[0].amount == Fraction(2)  # type: ignore[arg-type]


def test_score_sheet_totals() -> None:
    # SU6-style items with C5 sides: seats 0 and 2 are side 0, seats 1 and 3 side 1
    sides = sides_of(4, True)
    assert sides == ((0, 2), (1, 3)) and sides_of(4, False) is None and sides_of(3, True) is None
    ace = Card.parse("As")
    items = (
        ScoreItem("high", "Старший", "High", 1, (ace,), seat=1, side=1, rule="SU6"),
        ScoreItem("low", "Младший", "Low", 1, seat=2, side=0, rule="SU6"),
        ScoreItem("game", "Гейм", "Game", 1, seat=3, rule="SU6"),  # side from the seat
        ScoreItem("bonus", "Бонус", "Bonus", 4, side=0, rule="SM7"),  # side only
    )
    sheet = ScoreSheet(items, seats=4, sides=sides)
    assert sheet.total == 7
    assert sheet.by_seat() == [0, 1, 1, 1]  # the side-only item is in no seat
    assert sheet.by_side() == [5, 2]
    assert [i.name for i in sheet.named("high")] == ["high"]
    assert sheet.side_of(3) == 1 and sheet.side_of(None) is None
    alone = ScoreSheet(items[:3], seats=4)
    assert alone.by_side() == alone.by_seat() == [0, 1, 1, 1]
    assert items[0].to_json() == {
        "name": "high",
        "label_ru": "Старший",
        "label_en": "High",
        "points": 1,
        "cards": ["A♠"],
        "seat": 1,
        "side": 1,
        "rule": "SU6",
    }
