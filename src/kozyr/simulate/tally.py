"""Streaming statistics of a simulation: :class:`Tally` (tricks, points, items, wins,
settlement) and :class:`FieldStats` (one variant field of any type). Both merge associatively."""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from numbers import Real
from typing import TYPE_CHECKING, Any

from typing_extensions import override

from kozyr.scoring import Points, fraction_json
from kozyr.simulate.interval import wilson_interval

if TYPE_CHECKING:
    from kozyr.record import DealResult
    from kozyr.variant import Variant


def _number(value: Any) -> bool:
    return isinstance(value, (Real, Fraction)) and not isinstance(value, bool)


def _add_list(target: list[Any], values: Sequence[Any]) -> None:
    if len(target) < len(values):
        target.extend([0] * (len(values) - len(target)))
    for i, v in enumerate(values):
        target[i] += v


@dataclass
class Tally:
    """Streaming totals of a simulation; :meth:`merge` is associative, so chunks combine in any
    grouping to the same totals."""

    players: int
    units: int = 0
    deals: int = 0
    tricks: list[int] = field(default_factory=list)
    points: list[Any] = field(default_factory=list)
    seat_points: list[Any] = field(default_factory=list)
    #: item name -> [occurrences, deals where it occurs, points, occurrences per seat...] (the
    #: points exact: an int, or a Fraction where items score part of a point)
    items: dict[str, list[Points]] = field(default_factory=dict)
    #: variant fields of each deal (``DealResult.extra``), by name.
    extra: dict[str, FieldStats] = field(default_factory=dict)
    #: variant fields of each party (``PartyResult.extra``) when whole parties are played.
    party_extra: dict[str, FieldStats] = field(default_factory=dict)
    wins: list[int] = field(default_factory=list)
    losses: list[int] = field(default_factory=list)
    net: list[Fraction] = field(default_factory=list)

    def __post_init__(self) -> None:
        n = self.players
        for name in ("tricks", "seat_points", "wins", "losses"):
            if not getattr(self, name):
                setattr(self, name, [0] * n)
        if not self.net:
            self.net = [Fraction(0)] * n

    # --- adding ---------------------------------------------------------------------------------

    def add_deal(self, result: DealResult, variant: Variant) -> None:
        """Count one scored deal."""
        self.deals += 1
        tricks = self.tricks
        for seat, count in enumerate(result.tricks):
            tricks[seat] += count
        _add_list(self.points, result.points)
        n = self.players
        items = self.items
        seen: set[str] = set()
        seat_points = self.seat_points
        for item in result.sheet.items:
            row = items.get(item.name)
            if row is None:
                row = items[item.name] = [0] * (3 + n)
            row[0] += 1
            row[2] += item.points
            if item.name not in seen:
                seen.add(item.name)
                row[1] += 1
            if item.seat is not None:
                row[3 + item.seat] += 1
                seat_points[item.seat] += item.points
        _add_fields(self.extra, result.extra)

    def add_unit_outcome(
        self, variant: Variant, net: Sequence[Any], winners: set[int], losers: set[int]
    ) -> None:
        """Count one unit (deal or party): the settlement and who won or lost."""
        self.units += 1
        if any(net):
            self.net = [Fraction(a + b) for a, b in zip(self.net, net, strict=True)]
        for seat in winners:
            self.wins[seat] += 1
        for seat in losers:
            self.losses[seat] += 1

    def merge(self, other: Tally) -> Tally:
        """Add ``other`` into this tally (in place) and return it."""
        self.units += other.units
        self.deals += other.deals
        _add_list(self.tricks, other.tricks)
        _add_list(self.points, other.points)
        _add_list(self.seat_points, other.seat_points)
        for name, row in other.items.items():
            mine = self.items.setdefault(name, [0] * len(row))
            _add_list(mine, row)
        _merge_fields(self.extra, other.extra)
        _merge_fields(self.party_extra, other.party_extra)
        _add_list(self.wins, other.wins)
        _add_list(self.losses, other.losses)
        self.net = [a + b for a, b in zip(self.net, other.net, strict=True)]
        return self


def _flatten(fields: Mapping[str, Any], prefix: str = "") -> Iterator[tuple[str, Any]]:
    for key, value in fields.items():
        if isinstance(value, Mapping):
            if not prefix:  # one level of nesting: "scores.0"-style keys stay readable
                yield from _flatten(value, f"{key}.")
            continue
        yield f"{prefix}{key}", value


#: A field's histogram is dropped once it would hold more distinct values than this.
MAX_DISTINCT = 32


class FieldStats:
    """Streaming statistics of one variant field (``DealResult.extra`` / ``PartyResult.extra``),
    whatever its type: booleans count how often true; numbers are summed (and, when whole, counted
    by value); strings are counted by value; a list of numbers of constant length (a value per
    seat or side) is summed element by element, and a list of varying length (seats that left,
    winners) counts its members. Histograms with more than :data:`MAX_DISTINCT` values are
    dropped. :meth:`merge` is associative and commutative."""

    __slots__ = ("bools", "counts", "seen", "total", "true", "vector", "width")

    def __init__(self) -> None:
        self.seen = 0  #: observations with a usable value
        self.bools = 0  #: observations that were booleans
        self.true = 0  #: how often a boolean was true
        self.total: Any = None  #: sum of scalar numbers
        self.counts: dict[Any, int] | None = {}  #: value (or list member) -> count; None: too many
        self.vector: list[Any] | None = None  #: element sums of constant-length lists
        self.width: int | None = None  #: that length; -1 once lengths differed

    @override
    def __getstate__(self) -> tuple[Any, ...]:
        return (self.seen, self.bools, self.true, self.total, self.counts, self.vector, self.width)

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        (self.seen, self.bools, self.true, self.total, self.counts, self.vector, self.width) = state

    def _count(self, value: Any, times: int = 1) -> None:
        counts = self.counts
        if counts is not None:
            counts[value] = counts.get(value, 0) + times
            if len(counts) > MAX_DISTINCT:
                self.counts = None

    def add(self, value: Any) -> None:
        """Observe one value."""
        if isinstance(value, bool):
            self.seen += 1
            self.bools += 1
            self.true += value
        elif _number(value):
            self.seen += 1
            self.total = value if self.total is None else self.total + value
            if isinstance(value, int):
                self._count(value)
        elif isinstance(value, str):
            self.seen += 1
            self._count(value)
        elif isinstance(value, (list, tuple)) and all(
            isinstance(v, bool) or _number(v) for v in value
        ):
            self.seen += 1
            self._vector(len(value), [int(v) if isinstance(v, bool) else v for v in value])
            for v in value:
                if isinstance(v, int):
                    self._count(int(v))

    def _vector(self, width: int, values: list[Any]) -> None:
        if self.width is None:
            self.width, self.vector = width, list(values)
        elif self.width != width:
            self.width, self.vector = -1, None
        elif self.vector is not None:
            self.vector = [a + b for a, b in zip(self.vector, values, strict=True)]

    def merge(self, other: FieldStats) -> None:
        """Add ``other``'s observations."""
        self.seen += other.seen
        self.bools += other.bools
        self.true += other.true
        if other.total is not None:
            self.total = other.total if self.total is None else self.total + other.total
        if other.counts is None:
            self.counts = None
        else:
            for value, times in other.counts.items():
                self._count(value, times)
        if other.width is not None:
            if other.width == -1:
                self.width, self.vector = -1, None
            else:
                self._vector(other.width, other.vector or [])

    def to_json(
        self, units: int, per: str, players: int, widths: Collection[int]
    ) -> dict[str, Any] | None:
        """What is worth showing, with means over ``units`` (deals or parties); None if nothing.

        Lists are summed element by element only when they always had one of the ``widths``
        (a value per seat or per side); other lists (seats that left, in order...) are counted
        by member. Whole numbers that all look like seats (``0..players-1``) are counted by
        value only: the sum of seat numbers means nothing."""
        data: dict[str, Any] = {}
        counts = self.counts
        if self.bools:
            data["true"] = self.true
            data["rate"] = _mean(self.true, units)
            data["rate_ci95"] = list(wilson_interval(int(self.true), units))
        vector = self.vector is not None and self.width in widths
        seats = counts is not None and all(isinstance(k, int) and 0 <= k < players for k in counts)
        if self.total is not None and not (seats and counts):
            data["total"] = _json_number(self.total)
            data[per] = _mean(self.total, units)
        elif vector:
            data["total"] = _json_number(self.vector)
            data[per] = _mean(self.vector, units)
        if counts and not vector:
            ordered = sorted(counts.items(), key=lambda kv: (type(kv[0]).__name__, kv[0]))
            data["counts"] = {str(_json_number(k)): v for k, v in ordered}
        return data or None


def _add_fields(totals: dict[str, FieldStats], fields: Mapping[str, Any]) -> None:
    """Observe every field of a result's ``extra`` (one level of nested objects flattened)."""
    for key, value in _flatten(fields):
        stats = totals.get(key)
        if stats is None:
            stats = totals[key] = FieldStats()
        stats.add(value)


def _merge_fields(totals: dict[str, FieldStats], other: Mapping[str, FieldStats]) -> None:
    for key, stats in other.items():
        mine = totals.get(key)
        if mine is None:
            mine = totals[key] = FieldStats()
        mine.merge(stats)


def _fields_json(
    fields: Mapping[str, FieldStats], units: int, per: str, players: int, widths: Collection[int]
) -> dict[str, Any]:
    shown = {}
    for key in sorted(fields):
        data = fields[key].to_json(units, per, players, widths)
        if data is not None:
            shown[key] = data
    return shown


def _json_number(value: Any) -> Any:
    if isinstance(value, list):
        return [_json_number(v) for v in value]
    if isinstance(value, Fraction):
        return fraction_json(value)
    return value


def _mean(value: Any, count: int) -> Any:
    if isinstance(value, list):
        return [_mean(v, count) for v in value]
    return round(float(value) / count, 6) if count else 0.0


__all__ = ["MAX_DISTINCT", "FieldStats", "Tally"]
