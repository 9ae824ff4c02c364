"""Simulation at scale: play many deals (or whole parties) with bots and aggregate the results.

Work is split into chunks of deal indices; each chunk runs in a picklable top-level function that
takes plain data (variant name, options, seed, index range, bot names) and returns a
:class:`Tally`. Tallies merge associatively and are merged in chunk order, and each deal's seed is
derived from the run's seed and the deal's index (:func:`seed_for`), so the totals are the same
whatever runs the chunks: inline, a process pool, or a ``dask.distributed`` cluster (any
:class:`concurrent.futures.Executor`). Nothing is kept per deal, so memory stays constant.

>>> result = simulate("seven-up", {}, 20, seed=1)
>>> result.deals, sum(result.tricks)
(20, 120)
>>> result.totals() == simulate("seven-up", {}, 20, seed=1, chunk=3).totals()
True
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from numbers import Real
from typing import Any, TextIO

from kozyr.bots import make_bots, play_deal
from kozyr.errors import KozyrError
from kozyr.party import play_party, seed_for
from kozyr.records import DealResult
from kozyr.scoring import fraction_json
from kozyr.variant import Variant

UNITS = ("deal", "party")

# --- the aggregate ----------------------------------------------------------------------------


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
    #: item name -> [occurrences, deals where it occurs, points, occurrences per seat...]
    items: dict[str, list[int]] = field(default_factory=dict)
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


# --- who won ----------------------------------------------------------------------------------


def _seats_of(variant: Variant, unit: Any) -> set[int]:
    """Seats named by a winner/loser value: a seat, a side (when the variant plays in sides), or a
    list of them."""
    if unit is None or isinstance(unit, bool):
        return set()
    if isinstance(unit, (list, tuple, set, frozenset)):
        seats: set[int] = set()
        for u in unit:
            seats |= _seats_of(variant, u)
        return seats
    if isinstance(unit, int):
        sides = variant.sides
        if sides is not None:
            return set(sides[unit]) if 0 <= unit < len(sides) else set()
        return {unit} if 0 <= unit < variant.players else set()
    return set()


def deal_outcome(variant: Variant, result: DealResult) -> tuple[list[Any], set[int], set[int]]:
    """Net settlement per seat, winners and losers of one deal.

    With money changing hands, winners gain and losers pay. Otherwise the side (or seat) with the
    most points wins and those with fewer lose; when everyone has the same points nobody does.
    """
    n = variant.players
    if result.settlement.payments:
        paid = result.settlement.net()
        return paid, {s for s in range(n) if paid[s] > 0}, {s for s in range(n) if paid[s] < 0}
    net: list[Any] = [0] * n
    points = list(result.points)
    if not points:
        return net, set(), set()
    best, worst = max(points), min(points)
    if best == worst:
        return net, set(), set()
    sides = variant.sides
    if sides is not None and len(points) == len(sides):
        top = [i for i, p in enumerate(points) if p == best]
        low = [i for i, p in enumerate(points) if p < best]
        return net, _seats_of(variant, top), _seats_of(variant, low)
    return (
        net,
        {s for s, p in enumerate(points) if p == best},
        {s for s, p in enumerate(points) if p < best},
    )


# --- the chunk workers (top-level, picklable, plain data in) ---------------------------------


@lru_cache(maxsize=32)
def _variant(name: str, options: tuple[tuple[str, Any], ...]) -> Variant:
    from kozyr.plugins import get_variant

    return get_variant(name, **dict(options))


def _bots_arg(bots: Sequence[str]) -> str | list[str]:
    return bots[0] if len(set(bots)) == 1 else list(bots)


def run_deals(
    name: str,
    options: tuple[tuple[str, Any], ...],
    seed: int,
    start: int,
    stop: int,
    bots: tuple[str, ...],
) -> Tally:
    """Play and score deals ``start..stop-1`` of a run (dealer seat 0 in each) into one tally."""
    variant = _variant(name, options)
    tally = Tally(variant.players)
    kinds = _bots_arg(bots)
    for index in range(start, stop):
        deal = play_deal(variant, seed=seed_for(seed, index), dealer=0, bots=kinds)
        result = deal.result()
        tally.add_deal(result, variant)
        tally.add_unit_outcome(variant, *deal_outcome(variant, result))
    return tally


def run_parties(
    name: str,
    options: tuple[tuple[str, Any], ...],
    seed: int,
    start: int,
    stop: int,
    bots: tuple[str, ...],
) -> Tally:
    """Play and score parties ``start..stop-1`` of a run into one tally."""
    variant = _variant(name, options)
    tally = Tally(variant.players)
    kinds = _bots_arg(bots)
    n = variant.players
    for index in range(start, stop):
        party = play_party(variant, seed=seed_for(seed, index), bots=kinds)
        for result in party.deals:
            tally.add_deal(result, variant)
        net = party.settlement.net() if party.settlement.payments else [0] * n
        tally.add_unit_outcome(
            variant, net, _seats_of(variant, party.winner), _seats_of(variant, party.loser)
        )
        _add_fields(tally.party_extra, party.extra)
    return tally


# --- the result -------------------------------------------------------------------------------


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


@dataclass(frozen=True)
class SimulationResult:
    """Totals of a simulation run, with rates per deal (or per party) in :meth:`to_json`."""

    variant: str
    options: Mapping[str, Any]
    unit: str
    seed: int
    bots: tuple[str, ...]
    chunk: int
    workers: int
    elapsed: float
    tally: Tally
    sides: tuple[tuple[int, ...], ...] | None = None

    @property
    def units(self) -> int:
        """Deals (``unit="deal"``) or parties played."""
        return self.tally.units

    @property
    def deals(self) -> int:
        """Deals played (every deal of every party with ``unit="party"``)."""
        return self.tally.deals

    @property
    def deals_per_s(self) -> float:
        """Throughput of the run (wall clock)."""
        return self.deals / self.elapsed if self.elapsed > 0 else 0.0

    @property
    def tricks(self) -> list[int]:
        """Tricks taken per seat, in total."""
        return list(self.tally.tricks)

    @property
    def points(self) -> list[Any]:
        """Deal points per side (or per seat without sides), in total."""
        return list(self.tally.points)

    @property
    def wins(self) -> list[int]:
        """Deals (or parties) won per seat."""
        return list(self.tally.wins)

    def win_rates(self) -> list[float]:
        """Share of deals (or parties) each seat won."""
        return [_mean(w, self.units) for w in self.tally.wins]

    def item_counts(self) -> dict[str, int]:
        """How often each scoring item (by :attr:`ScoreItem.name`) occurred."""
        return {name: row[0] for name, row in self.tally.items.items()}

    def totals(self) -> dict[str, Any]:
        """:meth:`to_json` without the timing, worker and chunk fields: the same for the same
        seed whatever executes the run and however it is cut into chunks."""
        data = self.to_json()
        for key in ("elapsed_s", "deals_per_s", "workers", "chunk"):
            data.pop(key)
        return data

    def to_json(self) -> dict[str, Any]:
        """The ``kozyr simulate --json`` object."""
        t = self.tally
        units, deals, n = t.units, t.deals, t.players
        by = "side" if self.sides is not None and len(t.points) == len(self.sides) else "seat"
        widths = {n, len(self.sides)} if self.sides else {n}
        items = {}
        for name, row in t.items.items():
            items[name] = {
                "count": row[0],
                "deals": row[1],
                "points": row[2],
                "per_deal": _mean(row[0], deals),
                "share_of_deals": _mean(row[1], deals),
                "by_seat": row[3 : 3 + n],
            }
        data: dict[str, Any] = {
            "variant": self.variant,
            "options": dict(self.options),
            "unit": self.unit,
            "units": units,
            "deals": deals,
            "seed": self.seed,
            "bots": list(self.bots),
            "chunk": self.chunk,
            "workers": self.workers,
            "elapsed_s": round(self.elapsed, 6),
            "deals_per_s": round(self.deals_per_s, 1),
            "players": n,
            "sides": [list(s) for s in self.sides] if self.sides else None,
            "tricks": {"total": list(t.tricks), "per_deal": _mean(t.tricks, deals)},
            "points": {
                "by": by,
                "total": _json_number(t.points),
                "per_deal": _mean(t.points, deals),
            },
            "seat_points": {
                "total": _json_number(t.seat_points),
                "per_deal": _mean(t.seat_points, deals),
            },
            "items": items,
            "extra": _fields_json(t.extra, deals, "per_deal", n, widths),
            "wins": {
                "by_seat": list(t.wins),
                "rate": _mean(t.wins, units),
                "losses_by_seat": list(t.losses),
                "loss_rate": _mean(t.losses, units),
            },
            "settlement": {"net": _json_number(t.net), "per_unit": _mean(t.net, units)},
        }
        if self.unit == "party":
            data["deals_per_party"] = _mean(deals, units)
            data["party_extra"] = _fields_json(t.party_extra, units, "per_party", n, widths)
        return data


# --- running ----------------------------------------------------------------------------------


def default_chunk(n: int) -> int:
    """Chunk size for ``n`` units: depends on ``n`` only, never on the worker count."""
    return max(1, min(1000, -(-n // 64)))


Progress = Callable[[int, int], None]


def simulate(
    variant: str,
    options: Mapping[str, Any] | None = None,
    n: int = 1000,
    seed: int = 0,
    *,
    bot: str | Sequence[str] = "random",
    unit: str = "deal",
    executor: Executor | None = None,
    workers: int = 1,
    chunk: int | None = None,
    progress: Progress | None = None,
) -> SimulationResult:
    """Play ``n`` deals (or parties with ``unit="party"``) of ``variant`` with bots and total them.

    ``executor`` runs the chunks (any :class:`concurrent.futures.Executor`, e.g. a
    ``distributed.Client(...).get_executor()``); without one, ``workers > 1`` starts a process pool
    and ``workers == 1`` runs inline. ``workers == 0`` means one per core. The totals depend only on
    the variant, options, ``n``, ``seed``, bots, unit and ``chunk``; ``progress(done, n)`` is called
    as chunks finish.
    """
    if n < 1:
        raise KozyrError(f"the number of {unit}s must be at least 1, not {n}")
    if unit not in UNITS:
        raise KozyrError(f"unknown unit {unit!r}; use deal or party")
    if workers < 0:
        raise KozyrError(f"workers must be 0 (one per core) or more, not {workers}")
    if chunk is not None and chunk < 1:
        raise KozyrError(f"chunk must be at least 1, not {chunk}")
    frozen = tuple(sorted((options or {}).items()))
    instance = _variant_checked(variant, frozen)
    kinds = _check_bots(instance, bot)
    if unit == "party" and type(instance).score_party is Variant.score_party:
        raise KozyrError(f"{instance.name} has no party form; simulate deals (--unit deal)")
    size = chunk or default_chunk(n)
    func = run_parties if unit == "party" else run_deals
    tasks = [(start, min(start + size, n)) for start in range(0, n, size)]
    real_workers = workers or (os.cpu_count() or 1)
    began = time.perf_counter()
    total = Tally(instance.players)
    args = (instance.name, tuple(sorted(instance.options.items())), seed)
    if executor is None and real_workers > 1 and len(tasks) > 1:
        with ProcessPoolExecutor(max_workers=real_workers) as pool:
            _run(pool, func, args, tasks, kinds, total, n, progress, window=4 * real_workers)
    elif executor is not None:
        _run(executor, func, args, tasks, kinds, total, n, progress, window=None)
    else:
        real_workers = 1
        done = 0
        for start, stop in tasks:
            total.merge(func(*args, start, stop, kinds))
            done += stop - start
            if progress is not None:
                progress(done, n)
    elapsed = time.perf_counter() - began
    return SimulationResult(
        variant=instance.name,
        options=dict(instance.options),
        unit=unit,
        seed=seed,
        bots=kinds,
        chunk=size,
        workers=real_workers if executor is None else _executor_workers(executor),
        elapsed=elapsed,
        tally=total,
        sides=instance.sides,
    )


def _run(
    executor: Executor,
    func: Callable[..., Tally],
    args: tuple[Any, ...],
    tasks: Sequence[tuple[int, int]],
    kinds: tuple[str, ...],
    total: Tally,
    n: int,
    progress: Progress | None,
    window: int | None,
) -> None:
    """Submit chunks (at most ``window`` in flight) and merge their tallies in chunk order, so
    memory stays bounded and the totals do not depend on completion order."""
    window = window or max(8, 4 * _executor_workers(executor))
    pending: dict[int, Future[Tally]] = {}
    next_submit = 0
    done = 0
    for index in range(len(tasks)):
        while next_submit < len(tasks) and len(pending) < window:
            start, stop = tasks[next_submit]
            pending[next_submit] = executor.submit(func, *args, start, stop, kinds)
            next_submit += 1
        tally = pending.pop(index).result()
        total.merge(tally)
        done += tasks[index][1] - tasks[index][0]
        if progress is not None:
            progress(done, n)


def _executor_workers(executor: Executor) -> int:
    count = getattr(executor, "_max_workers", None)
    if isinstance(count, int):
        return count
    client = getattr(executor, "_client", None)  # distributed's ClientExecutor
    if client is not None:
        try:
            return sum(w.get("nthreads", 1) for w in client.scheduler_info()["workers"].values())
        except Exception:  # pragma: no cover - informational only
            return 0
    return 0


def _variant_checked(name: str, options: tuple[tuple[str, Any], ...]) -> Variant:
    from kozyr.plugins import get_variant

    return get_variant(name, **dict(options))


def _check_bots(variant: Variant, bot: str | Sequence[str]) -> tuple[str, ...]:
    names = [bot] * variant.players if isinstance(bot, str) else list(bot)
    make_bots(variant, names, 0)  # raises on a wrong count or an unknown name
    return tuple(names)


# --- command line -----------------------------------------------------------------------------


class ProgressBar:
    """A one-line progress bar on a terminal stream, shown once a run has lasted a second."""

    def __init__(self, stream: TextIO, label: str, delay: float = 1.0) -> None:
        self.stream = stream
        self.label = label
        self.began = time.perf_counter()
        self.delay = delay
        self.shown = False
        self.last = 0.0

    def __call__(self, done: int, total: int) -> None:
        now = time.perf_counter()
        elapsed = now - self.began
        if elapsed < self.delay or (now - self.last < 0.1 and done < total):
            return
        self.last = now
        self.shown = True
        width = 30
        filled = int(width * done / total)
        rate = done / elapsed if elapsed else 0.0
        eta = (total - done) / rate if rate else 0.0
        bar = "#" * filled + "." * (width - filled)
        self.stream.write(f"\r{self.label} [{bar}] {done}/{total} {rate:,.0f}/s eta {eta:4.0f}s")
        self.stream.flush()

    def close(self) -> None:
        """Erase the bar."""
        if self.shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()


def _fmt(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.4g}"
    if isinstance(value, list):
        return " ".join(_fmt(v) for v in value)
    return str(_json_number(value))


def _bots_text(bots: Sequence[str]) -> str:
    return bots[0] if len(set(bots)) == 1 else ",".join(bots)


def format_result(result: SimulationResult) -> str:
    """The human table of ``kozyr simulate``."""
    from kozyr.cli import table

    data = result.to_json()
    n = data["players"]
    unit = data["unit"]
    plural = "parties" if unit == "party" else "deals"
    count = f"{data['units']} {plural}" + (f", {data['deals']} deals" if unit == "party" else "")
    lines = [
        f"{data['variant']}: {count}, seed {data['seed']}, bots {_bots_text(data['bots'])}",
        f"{data['deals_per_s']:,.0f} deals/s "
        f"({data['elapsed_s']:.2f} s, {data['workers']} worker(s))",
        "",
    ]
    seat_rows = []
    for s in range(n):
        seat_rows.append(
            [
                s,
                data["tricks"]["per_deal"][s],
                data["seat_points"]["per_deal"][s],
                f"{data['wins']['rate'][s]:.2%}",
                f"{data['wins']['loss_rate'][s]:.2%}",
                _fmt(data["settlement"]["per_unit"][s]),
            ]
        )
    lines.append(
        table(
            seat_rows,
            [
                "seat",
                "tricks/deal",
                "points/deal",
                f"{plural} won",
                f"{plural} lost",
                f"net/{unit}",
            ],
        )
    )
    lines.append("")
    label = data["points"]["by"]
    lines.append(
        table(
            [
                [i, _fmt(t), _fmt(m)]
                for i, (t, m) in enumerate(
                    zip(data["points"]["total"], data["points"]["per_deal"], strict=True)
                )
            ],
            [label, "points", "points/deal"],
        )
    )
    if data["items"]:
        lines.append("")
        rows = [
            [
                name,
                row["count"],
                row["points"],
                _fmt(row["per_deal"]),
                f"{row['share_of_deals']:.2%}",
                _fmt(row["by_seat"]),
            ]
            for name, row in data["items"].items()
        ]
        lines.append(
            table(rows, ["item", "count", "points", "per deal", "deals with it", "by seat"])
        )
    if data["extra"]:
        lines.append("")
        rows = [[k, *_field_cells(v, "per_deal")] for k, v in data["extra"].items()]
        lines.append(table(rows, ["deal field", "true", "total", "per deal", "values"]))
    if unit == "party":
        lines.append("")
        lines.append(f"deals per party: {data['deals_per_party']:.3f}")
        if data["party_extra"]:
            lines.append("")
            rows = [[k, *_field_cells(v, "per_party")] for k, v in data["party_extra"].items()]
            lines.append(table(rows, ["party field", "true", "total", "per party", "values"]))
    return "\n".join(lines)


def _field_cells(stats: Mapping[str, Any], per: str) -> list[str]:
    true = f"{stats['rate']:.2%}" if "rate" in stats else ""
    total = _fmt(stats["total"]) if "total" in stats else ""
    mean = _fmt(stats[per]) if per in stats else ""
    counts = stats.get("counts") or {}
    return [true, total, mean, " ".join(f"{k}:{v}" for k, v in counts.items())]


def cmd_simulate(args: argparse.Namespace, out: TextIO) -> int:
    """``kozyr simulate``: many deals or parties with bots, aggregated."""
    from kozyr.cli import _parse_options

    options: dict[str, Any] = _parse_options(args.option)
    if args.players is not None:
        options["players"] = args.players
    bot: str | list[str] = args.bot if "," not in args.bot else args.bot.split(",")
    executor: Executor | None = None
    client: Any = None
    if args.scheduler:
        try:
            from distributed import Client
        except ImportError:
            raise KozyrError(
                "--scheduler needs dask.distributed: pip install 'kozyr[dask]'"
            ) from None
        try:
            client = Client(args.scheduler, timeout=10)  # type: ignore[no-untyped-call]
        except (OSError, TimeoutError) as error:
            raise KozyrError(f"cannot reach the scheduler at {args.scheduler}: {error}") from None
        executor = client.get_executor()
    bar: ProgressBar | None = None
    stderr = sys.stderr
    if not args.quiet and stderr.isatty():
        bar = ProgressBar(stderr, f"simulate {args.variant}")
    try:
        result = simulate(
            args.variant,
            options,
            args.n,
            args.seed,
            bot=bot,
            unit=args.unit,
            executor=executor,
            workers=args.workers,
            chunk=args.chunk,
            progress=bar,
        )
    finally:
        if bar is not None:
            bar.close()
        if client is not None:
            client.close()
    if args.json:
        import json

        out.write(json.dumps(result.to_json(), ensure_ascii=False, indent=2) + "\n")
    else:
        out.write(format_result(result) + "\n")
    return 0


def add_parser(add: Callable[..., argparse.ArgumentParser], options: Callable[..., None]) -> None:
    """Register ``kozyr simulate`` (called by :func:`kozyr.cli.build_parser`)."""
    p = add(
        "simulate", cmd_simulate, "play many deals or parties with bots and aggregate the results"
    )
    p.add_argument("variant")
    p.add_argument("-n", type=int, default=1000, help="deals (or parties) to play; default 1000")
    p.add_argument("--seed", type=int, default=0, help="run seed; each deal's seed derives from it")
    p.add_argument("--bot", default="random", help="bot name, or one per seat separated by commas")
    p.add_argument("--players", type=int)
    p.add_argument("--unit", choices=UNITS, default="deal", help="count deals or whole parties")
    p.add_argument("--workers", type=int, default=1, help="processes; 0 = one per core")
    p.add_argument("--chunk", type=int, help="deals (or parties) per task")
    p.add_argument("--scheduler", metavar="ADDRESS", help="run on a dask.distributed scheduler")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    options(p)


__all__ = [
    "SimulationResult",
    "Tally",
    "add_parser",
    "deal_outcome",
    "play_party",
    "run_deals",
    "run_parties",
    "seed_for",
    "simulate",
]
