"""What a batch playout returns: per-deal columns for a whole batch, the same facts a
:class:`kozyr.DealResult` holds for one deal (tricks, itemised points, points per side or seat,
the settlement and the variant's fields), as numpy arrays.

:meth:`BatchResult.deal` turns one deal of the batch back into plain Python values, which is how
:mod:`kozyr.batch.check` compares the batch engine with the reference engine deal by deal.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np

from kozyr.batch.masks import Bools, Ints, Masks


@dataclass(frozen=True)
class ItemColumn:
    """One kind of score item over a batch, at most once per deal in this column: which deals
    have it, the seat and the side it goes to (-1 for None, and in deals without the item), its
    points (0 in deals without it) and the cards it names (read-only arrays, possibly
    broadcast from one value). Build one with :func:`item_column`, which keeps those
    conventions (the tally relies on them): seats and sides as ``int8``, points as ``int32``."""

    name: str
    label_ru: str
    label_en: str
    rule: str
    present: Bools
    seat: Ints
    side: Ints
    points: Ints
    cards: Masks


def item_column(
    name: str,
    labels: tuple[str, str],
    rule: str,
    present: Bools,
    *,
    seat: Ints | int | None = None,
    side: Ints | int | None = None,
    points: Ints | int = 1,
    cards: Masks | None = None,
    sides: Sequence[Sequence[int]] | None = None,
) -> ItemColumn:
    """A column of items ``name`` where ``present``. ``seat`` and ``side`` are arrays or one
    value for every deal (None: the items have none); without ``side``, a seat's side (C5) is
    taken from ``sides``. Points and cards default to 1 and none."""
    count = len(present)
    present = np.asarray(present, dtype=np.bool_)
    flags = present.view(np.int8)

    def masked(value: Ints | int | None, absent: int, dtype: type[np.integer[Any]]) -> Ints:
        """``value`` in the deals with the item, ``absent`` in the others -- as
        ``(value - absent) * present + absent`` in a small integer type: arithmetic on the
        bools is several times faster than np.where, and a variant with many columns (every
        declaration of every seat) moves an eighth of the memory."""
        if value is None:
            return np.full(count, absent, dtype=dtype)
        column: Ints
        if isinstance(value, int):
            column = flags * dtype(value - absent) + dtype(absent)
        else:
            column = (value.astype(dtype) - dtype(absent)) * flags + dtype(absent)
        return column

    if side is None and sides is not None:
        side_of = {member: i for i, members in enumerate(sides) for member in members}
        if seat is None or isinstance(seat, int):
            side = None if seat is None else side_of.get(seat, -1)
        else:
            table = np.array([side_of.get(s, -1) for s in range(max(side_of) + 1)] + [-1])
            side = table[seat]  # seat -1 reads the last entry, -1
    return ItemColumn(
        name,
        labels[0],
        labels[1],
        rule,
        present,
        masked(seat, -1, np.int8),
        masked(side, -1, np.int8),
        masked(points, 0, np.int32),
        np.broadcast_to(_NO_CARDS, (count,)) if cards is None else cards,
    )


_NO_CARDS = np.uint64(0)


@dataclass(frozen=True)
class ExtraColumn:
    """A variant field of each deal (``DealResult.extra``) by ``kind``:

    - ``"bool"``: a bool array; ``"int"``: one int per deal; ``"ints"``: a 2-D int array, a list
      of constant length per deal; ``"bools"``: a 2-D bool array, a list of booleans of constant
      length per deal (one per seat or side: who made his bid); ``"category"``: codes into
      ``labels`` (-1 for None);
    - ``"seats"``: a 2-D bool array, deal by seat: the list of the seats marked, in order;
    - ``"order"``: a 2-D int array, deal by place: a list of seats in the order given (each
      row's seats first, then -1 for the places left empty);
    - ``"card"``: a card index per deal (-1 for None), the field holding a :class:`kozyr.Card`;
    - ``"seat"``: a seat (or another whole number of 0 or more) per deal, -1 for None;
    - ``"objects"``: how many objects (JSON objects) each deal's list holds, with ``build``
      making one deal's list;
    - ``"object"``: a bool array, the deals that have the field at all (the others leave it
      out, or hold None with ``or_none``), each a JSON object whose members are the columns
      ``fields`` (of the kinds above but ``"objects"``); a tally counts each member as
      ``name.member``, as the reference does;
    - ``"fractions"``: a 2-D int array of numerators over ``denominator``, a list of constant
      length of :class:`~fractions.Fraction` per deal (a tally sums them, counting no values,
      as the reference tallies Fractions);
    - ``"none"``: always None.
    """

    kind: str
    values: np.ndarray[Any, Any]
    labels: tuple[str, ...] = ()
    build: Callable[[int], list[Any]] | None = None
    fields: Mapping[str, ExtraColumn] | None = None
    or_none: bool = False
    denominator: int = 1

    def value(self, deal: int) -> Any:
        """The plain value of one deal, as the reference engine's result gives it (a card as
        its index)."""
        v = self.values[deal]
        if self.kind == "bool":
            return bool(v)
        if self.kind == "int":
            return int(v)
        if self.kind == "ints":
            return [int(x) for x in v]
        if self.kind == "bools":
            return [bool(x) for x in v]
        if self.kind == "seats":
            return [int(s) for s in np.flatnonzero(v)]
        if self.kind == "order":
            return [int(s) for s in v if s >= 0]
        if self.kind in ("card", "seat"):
            return None if v < 0 else int(v)
        if self.kind == "object":
            if not v:
                return None  # a deal without the object (shown only with ``or_none``)
            fields = self.fields or {}
            return {name: column.value(deal) for name, column in fields.items()}
        if self.kind == "objects":
            return self.build(deal) if self.build is not None and v else []
        if self.kind == "fractions":
            return [Fraction(int(x), self.denominator) for x in v]
        if self.kind == "none":
            return None
        return None if v < 0 else self.labels[int(v)]


@dataclass(frozen=True)
class BatchResult:
    """The scored deals of one batch.

    ``items`` are listed in the order a deal's score sheet lists them; ``net`` is each seat's
    settlement (money won, negative when paid) as numerators over ``net_denominator``, or None
    when no deal of the variant pays anything."""

    players: int
    sides: tuple[tuple[int, ...], ...] | None
    tricks: Ints
    points: Ints
    items: tuple[ItemColumn, ...]
    extra: Mapping[str, ExtraColumn] = field(default_factory=dict)
    net: Ints | None = None
    net_denominator: int = 1

    @property
    def count(self) -> int:
        """Deals in the batch."""
        return len(self.tricks)

    def deal(self, index: int) -> dict[str, Any]:
        """One deal in plain values: ``tricks``, ``points``, ``items`` (name, seat, side, points,
        cards as sorted card indices, rule, in sheet order), ``net`` and ``extra``."""
        items = []
        for column in self.items:
            if not column.present[index]:
                continue
            seat, side = int(column.seat[index]), int(column.side[index])
            mask = int(column.cards[index])
            cards = [i for i in range(54) if mask >> i & 1]  # the jokers 52, 53 too
            items.append(
                (
                    column.name,
                    None if seat < 0 else seat,
                    None if side < 0 else side,
                    int(column.points[index]),
                    cards,
                    column.rule,
                )
            )
        net: list[Fraction] = [Fraction(0)] * self.players
        if self.net is not None:
            net = [Fraction(int(v), self.net_denominator) for v in self.net[index]]
        return {
            "tricks": [int(x) for x in self.tricks[index]],
            "points": [int(x) for x in self.points[index]],
            "items": items,
            "net": net,
            "extra": {
                name: column.value(index)
                for name, column in self.extra.items()
                if column.kind != "object" or column.values[index] or column.or_none
            },
        }


def unit_points(
    players: int, sides: Sequence[Sequence[int]] | None, items: Sequence[ItemColumn]
) -> Ints:
    """Points per side (or seat) of each deal: the sum of its items' points."""
    count = len(items[0].seat) if items else 0
    units = len(sides) if sides else players
    points = np.zeros((count, units), dtype=np.int64)
    for column in items:
        unit = column.side if sides else column.seat  # -1 where the deal has no such item
        for u in range(units):
            points[:, u] += column.points * (unit == u)
    return points


__all__ = ["BatchResult", "ExtraColumn", "ItemColumn", "unit_points"]
