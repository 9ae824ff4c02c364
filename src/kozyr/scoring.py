"""Scoring and settlement value types: itemised points and a zero-sum ledger in exact arithmetic.

>>> ace = Card.parse("As")
>>> item = ScoreItem("high", "Старший", "High", 1, cards=(ace,), seat=1, side=1, rule="SU6")
>>> sheet = ScoreSheet((item,), seats=4, sides=((0, 2), (1, 3)))
>>> sheet.by_seat(), sheet.by_side()
([0, 1, 0, 0], [0, 1])
>>> ledger = Settlement.from_payments(3, [Payment(0, 2, Fraction(3, 2), "SL-C14")])
>>> ledger.net()
[Fraction(-3, 2), Fraction(0, 1), Fraction(3, 2)]

Points are :data:`Points`: an ``int``, or an exact ``Fraction`` where a rule scores half a point
(a split point). Totals of whole numbers are ints -- a whole ``Fraction`` total is given as an int
-- and JSON writes a fraction as the string ``"a/b"`` (:func:`fraction_json`, read back by
:func:`fraction_from_json`):

>>> half = ScoreItem("split", "делёж", "split", Fraction(1, 2), seat=0, rule="X1")
>>> ScoreSheet((half, half, item), seats=4).by_seat()
[1, 1, 0, 0]
>>> half.to_json()["points"], fraction_from_json("1/2")
('1/2', Fraction(1, 2))
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, NamedTuple, TypeAlias

from kozyr.cards import Card

#: A number of points: an ``int``, or an exact :class:`~fractions.Fraction` where a rule scores
#: part of a point (a split point, half a game). Never a float.
Points: TypeAlias = int | Fraction


def exact(value: Points) -> Points:
    """``value`` with a whole :class:`~fractions.Fraction` given as an ``int`` (other values as
    they are), so that whole totals look the same whichever way they were summed.

    >>> exact(Fraction(4, 2)), exact(Fraction(3, 2)), exact(7)
    (2, Fraction(3, 2), 7)
    """
    if type(value) is not int and isinstance(value, Fraction) and value.denominator == 1:
        return int(value)
    return value


def whole(value: Points) -> int:
    """``value`` as an ``int``, for rules that score whole points only (a variant reading back
    the items it scored itself, say): a Fraction that is not whole is a ``ValueError``.

    >>> whole(3), whole(Fraction(6, 2))
    (3, 3)
    """
    if type(value) is int:
        return value
    if isinstance(value, Fraction) and value.denominator == 1:
        return int(value)
    raise ValueError(f"{value} is not a whole number of points")


def _exact_all(totals: list[Points]) -> list[Points]:
    """The totals, each whole Fraction as an int (all ints, the common case: the list itself)."""
    for value in totals:
        if type(value) is not int:
            return [exact(x) for x in totals]
    return totals


class ScoreItem(NamedTuple):
    """One scored thing: machine ``name``, Russian and English labels, points, the cards that
    earned it, the seat and side it goes to, and the rule id it comes from.

    An immutable named tuple (fields, equality, hashing, repr, pickling): a deal's score sheet
    holds several, and a named tuple is built several times quicker than a frozen dataclass."""

    name: str
    label_ru: str
    label_en: str
    #: An ``int``, or a :class:`~fractions.Fraction` for part of a point (:data:`Points`).
    points: Points
    cards: tuple[Card, ...] = ()
    seat: int | None = None
    side: int | None = None
    rule: str = ""

    def to_json(self) -> dict[str, Any]:
        """The item as JSON-ready data (cards in Unicode notation; points an int, or an
        ``"a/b"`` string for a fraction, as :func:`fraction_json` writes them)."""
        return {
            "name": self.name,
            "label_ru": self.label_ru,
            "label_en": self.label_en,
            "points": fraction_json(self.points),
            "cards": [str(c) for c in self.cards],
            "seat": self.seat,
            "side": self.side,
            "rule": self.rule,
        }


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """Itemised points, with totals per seat and (where the variant has sides) per side."""

    items: tuple[ScoreItem, ...]
    seats: int
    sides: tuple[tuple[int, ...], ...] | None = None

    @property
    def total(self) -> Points:
        """The sum of every item (an int when whole)."""
        return exact(sum(item.points for item in self.items))

    def by_seat(self) -> list[Points]:
        """Points per seat (items credited to a side only are not in this total); each an int
        when whole."""
        totals: list[Points] = [0] * self.seats
        for item in self.items:
            if item.seat is not None:
                totals[item.seat] += item.points
        return _exact_all(totals)

    def by_side(self) -> list[Points]:
        """Points per side (each item counts once, for its side); each an int when whole."""
        if self.sides is None:
            return self.by_seat()
        totals: list[Points] = [0] * len(self.sides)
        for item in self.items:
            side = item.side if item.side is not None else self.side_of(item.seat)
            if side is not None:
                totals[side] += item.points
        return _exact_all(totals)

    def side_of(self, seat: int | None) -> int | None:
        """The side a seat belongs to (None without sides)."""
        if seat is None or self.sides is None:
            return None
        for index, members in enumerate(self.sides):
            if seat in members:
                return index
        return None

    def named(self, name: str) -> list[ScoreItem]:
        """The items with machine name ``name``."""
        return [item for item in self.items if item.name == name]


class Payment(NamedTuple):
    """``payer`` pays ``payee`` an exact ``amount`` for ``reason`` (a rule id or a word); an
    immutable named tuple, as :class:`ScoreItem`."""

    payer: int
    payee: int
    amount: Fraction
    reason: str = ""


@dataclass(frozen=True)
class Settlement:
    """A zero-sum ledger of payments between seats, in exact fractions."""

    seats: int
    payments: tuple[Payment, ...] = ()

    @classmethod
    def from_payments(cls, seats: int, payments: Iterable[Payment]) -> Settlement:
        """A ledger from payments; self-payments and zero amounts are dropped."""
        # A payment whose amount is already a Fraction is kept as it is (an equal value).
        kept = tuple(
            [
                p
                if type(p.amount) is Fraction
                else Payment(p.payer, p.payee, Fraction(p.amount), p.reason)
                for p in payments
                if p.payer != p.payee and p.amount
            ]
        )
        for p in kept:
            if not (0 <= p.payer < seats and 0 <= p.payee < seats):
                raise ValueError(f"payment between seats outside 0..{seats - 1}: {p}")
        return cls(seats, kept)

    @classmethod
    def combine(cls, seats: int, ledgers: Iterable[Settlement]) -> Settlement:
        """One ledger holding every payment of several (a party's deals)."""
        return cls.from_payments(seats, [p for ledger in ledgers for p in ledger.payments])

    def net(self) -> list[Fraction]:
        """Net result per seat: received minus paid. Always sums to zero."""
        totals = [Fraction(0)] * self.seats
        for p in self.payments:
            totals[p.payer] -= p.amount
            totals[p.payee] += p.amount
        return totals

    def to_json(self) -> dict[str, Any]:
        """``{"net": [...], "payments": [...]}``; whole numbers as ints, others as "a/b" strings."""
        return {
            "net": [fraction_json(x) for x in self.net()],
            "payments": [
                {
                    "payer": p.payer,
                    "payee": p.payee,
                    "amount": fraction_json(p.amount),
                    "reason": p.reason,
                }
                for p in self.payments
            ],
        }


@dataclass(frozen=True, slots=True)
class SheetNote:
    """A fact a score sheet shows beside the points, given by a variant's
    :meth:`~kozyr.Variant.sheet_notes`: Russian and English text in which ``{}`` stands for the
    names of ``who`` (seats, or sides when ``sides`` is true), the deal it belongs to (0-based
    index into the party's deals; None for the whole game) and the rule it comes from.
    ``winner`` marks the note that says why the game was won.

    >>> note = SheetNote("выбыл: {}", "left: {}", who=(1,), deal=1, rule="D-PN2")
    >>> note.text("en", ["Аня", "Боря", "Вера"])
    'left: Боря'
    """

    ru: str
    en: str
    who: tuple[int, ...] = ()
    deal: int | None = None
    rule: str = ""
    sides: bool = False
    winner: bool = False

    def text(self, lang: str, names: Sequence[str]) -> str:
        """The note in ``lang`` (``ru``, ``en``; anything else: both, Russian first), with ``{}``
        replaced by the names of ``who`` joined by commas."""
        who = ", ".join(names[i] if 0 <= i < len(names) else str(i) for i in self.who)
        ru, en = self.ru.replace("{}", who), self.en.replace("{}", who)
        if lang == "ru":
            return ru
        if lang == "en":
            return en
        return ru if ru == en else f"{ru} / {en}"


def fraction_json(value: Fraction | int) -> int | str:
    """An exact number for JSON: an int when whole, else the string ``"a/b"`` (the sign on the
    numerator: ``"-3/2"``). The one encoding of every exact number kozyr writes: points,
    running totals, settlements. :func:`fraction_from_json` reads it back.

    >>> fraction_json(3), fraction_json(Fraction(6, 2)), fraction_json(Fraction(-3, 2))
    (3, 3, '-3/2')
    """
    if type(value) is int:
        return value
    value = Fraction(value)
    return int(value) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def hand_json(variant: str, cards: Iterable[Card], sheet: ScoreSheet) -> dict[str, Any]:
    """A hand's score as ``kozyr score-hand --json`` and ``POST /api/score-hand`` give it: the
    variant's name, the cards, the total and every item (:meth:`ScoreItem.to_json`)."""
    return {
        "variant": variant,
        "cards": [str(c) for c in cards],
        "total": fraction_json(sheet.total),
        "items": [item.to_json() for item in sheet.items],
    }


_FRACTION_TEXT = re.compile(r"-?[0-9]{1,30}/[0-9]{1,30}")


def fraction_from_json(value: Any) -> Points:
    """An exact number as :func:`fraction_json` writes it, read back: an int as it is, the
    string ``"a/b"`` as a :class:`~fractions.Fraction` (a whole one as an int); anything else
    (a float, a bool, other text, a zero denominator) is a ``ValueError`` saying what it got.

    >>> fraction_from_json(7), fraction_from_json("-3/2"), fraction_from_json("4/2")
    (7, Fraction(-3, 2), 2)
    """
    if type(value) is int:
        return value
    if isinstance(value, str) and _FRACTION_TEXT.fullmatch(value):
        numerator, denominator = value.split("/")
        if int(denominator) != 0:
            return exact(Fraction(int(numerator), int(denominator)))
    shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "..."
    raise ValueError(f'expected an exact number (an integer, or a fraction "a/b"), not {shown}')


#: C5: the two sides of four players in partnership, seats 0 and 2 against 1 and 3 -- written
#: once, here, for the core and every plugin.
PARTNERSHIPS: tuple[tuple[int, ...], ...] = ((0, 2), (1, 3))


def sides_of(seats: int, partnership: bool) -> tuple[tuple[int, ...], ...] | None:
    """C5 sides for four players in two partnerships, else None (everyone plays alone)."""
    if partnership and seats == 4:
        return PARTNERSHIPS
    return None


__all__ = [
    "PARTNERSHIPS",
    "Payment",
    "Points",
    "ScoreItem",
    "ScoreSheet",
    "Settlement",
    "SheetNote",
    "exact",
    "fraction_from_json",
    "fraction_json",
    "hand_json",
    "sides_of",
    "whole",
]
