"""Bots against each other (``kozyr arena``): duplicate deals in seat rotation, win rates, points
per deal with intervals and Elo ratings.

Deal ``i`` of a run is dealt by ``seed_for(seed, i)``, and the same cards are played once for
every *lineup*: the bots given, seat by seat (``a,b`` at four seats in partnerships is
``a b a b``: ``a`` partners ``a``), rotated one seat at a time until every distinct lineup has
had the deal -- so every bot plays every hand from every seat (duplicate play, as in duplicate
bridge), and luck of the cards cancels. In a partnership game partners are the same bot, so with
more than two bots (and anywhere with more bots than seats) every pair plays its own match on
the same deals. Each chunk of deal indices is one call of the picklable
:func:`arena_chunk`, run inline, in the simulate process pool or on a ``dask.distributed``
cluster.

For each bot: the seat-deals it played (partners' deal counted once, for their side), its
points per deal (its side's or its own points; the
seat's net settlement where deals settle in money, Семь листов) with a 95 % interval (normal
approximation), its wins (the deal's winners, as ``kozyr simulate`` counts them) with a 95 %
Wilson interval, and an Elo rating fitted to the head-to-head results (Bradley-Terry by the MM
algorithm: between two seats of different bots on different sides, the higher value wins, equal
values are half a win each), 1500 on average. For each pair of bots the *duplicate margin*:
per deal, one bot's values less the other's wherever they met, summed over the lineups -- the
cards are the same both ways round, so their luck cancels and the interval is much narrower
than those of the two bots' points. And for each bot its *points against the field*: per deal,
its mean value less the mean of every bot's (each bot's mean over the seats it held, so the field
is the bots, not the seats), averaged over the deals with a 95 % interval -- the bot's
duplicate score, as a duplicate bridge entrant's is scored against the room. The cards' luck
cancels in it as in the margins; of two bots alone it is half their margin per meeting, one
bot's interval the other's mirrored, so the two intervals are apart exactly when the margin's
excludes 0.

>>> result = arena("seven-up", {}, ("heuristic", "random"), 4, seed=1)
>>> [row.bot for row in result.rows]
['heuristic', 'random']
>>> result.lineups
(('heuristic', 'random', 'heuristic', 'random'), ('random', 'heuristic', 'random', 'heuristic'))
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

from kozyr.bots import play_deal
from kozyr.errors import KozyrError
from kozyr.party import seed_for
from kozyr.simulate.interval import Z95, wilson_interval
from kozyr.simulate.outcome import deal_outcome
from kozyr.simulate.workers import _variant

#: One seat of one played lineup: (bot, value, won, unit).
SeatResult = tuple[str, float, bool, int]


def lineups(bots: Sequence[str], players: int) -> tuple[tuple[str, ...], ...]:
    """The distinct seatings of ``bots`` (seat ``s`` gets ``bots[s % len(bots)]``) rotated one
    seat at a time."""
    base = [bots[s % len(bots)] for s in range(players)]
    found: list[tuple[str, ...]] = []
    for r in range(players):
        lineup = tuple(base[(s + r) % players] for s in range(players))
        if lineup not in found:
            found.append(lineup)
    return tuple(found)


def arena_chunk(
    name: str,
    options: tuple[tuple[str, Any], ...],
    seed: int,
    start: int,
    stop: int,
    bots: tuple[str, ...],
) -> list[list[list[SeatResult]]]:
    """Deals ``start..stop-1``, each played by every lineup: per deal, per lineup, per seat
    ``(bot, value, won, unit)``."""
    variant = _variant(name, options)
    n = variant.players
    out: list[list[list[SeatResult]]] = []
    for index in range(start, stop):
        deal_seed = seed_for(seed, index)
        played: list[list[SeatResult]] = []
        for lineup in lineups(bots, n):
            result = play_deal(variant, seed=deal_seed, dealer=0, bots=list(lineup)).result()
            net, won, _ = deal_outcome(variant, result)
            paid = bool(result.settlement.payments)
            seats: list[SeatResult] = []
            for seat in range(n):
                unit = variant.side_of(seat) if variant.sides else seat
                value = float(net[seat]) if paid else float(result.points[unit])
                seats.append((lineup[seat], value, seat in won, unit))
            played.append(seats)
        out.append(played)
    return out


@dataclass(frozen=True)
class ArenaRow:
    """One bot's results: ``seat_deals`` played (a side's deal counted once), ``points`` per
    deal with its 95 % interval ``points_low``..``points_high``, ``wins`` and the win rate with
    its Wilson interval, the fitted ``elo``, and ``vs_field``: its points per deal against the
    field (the mean of every bot's on the same deal) with its 95 % interval
    ``vs_field_low``..``vs_field_high``."""

    bot: str
    seat_deals: int
    points: float
    points_low: float
    points_high: float
    wins: int
    win_rate: float
    win_low: float
    win_high: float
    elo: float
    vs_field: float = 0.0
    vs_field_low: float = 0.0
    vs_field_high: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "bot": self.bot,
            "seat_deals": self.seat_deals,
            "points": round(self.points, 4),
            "points_interval": [round(self.points_low, 4), round(self.points_high, 4)],
            "wins": self.wins,
            "win_rate": round(self.win_rate, 6),
            "win_interval": [self.win_low, self.win_high],
            "elo": round(self.elo, 1),
            "vs_field": round(self.vs_field, 4),
            "vs_field_interval": [round(self.vs_field_low, 4), round(self.vs_field_high, 4)],
        }


@dataclass(frozen=True)
class ArenaResult:
    """An arena run: the ``deals`` dealt, the ``lineups`` each was played by, one row per bot
    (best Elo first), the ``head_to_head`` wins per pair of bots and the duplicate
    ``margins``."""

    variant: str
    deals: int
    seed: int
    lineups: tuple[tuple[str, ...], ...]
    rows: tuple[ArenaRow, ...]
    head_to_head: dict[str, dict[str, float]]
    #: The duplicate margin of each pair ``margins[a][b]``: per deal, ``a``'s values less
    #: ``b``'s wherever they met, summed over the lineups (the same cards both ways round), as
    #: ``[mean, low, high]`` with a 95 % interval -- the sharpest comparison of two bots.
    margins: dict[str, dict[str, list[float]]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "deals": self.deals,
            "seed": self.seed,
            "lineups": [list(lineup) for lineup in self.lineups],
            "bots": [row.to_json() for row in self.rows],
            "head_to_head": self.head_to_head,
            "margins": self.margins,
        }


def _elo(names: Sequence[str], wins: dict[str, dict[str, float]]) -> dict[str, float]:
    """Bradley-Terry strengths by the MM algorithm (Hunter 2004) as Elo, mean 1500; a bot that
    met nobody gets 1500. Half a win is added each way so that a clean sweep stays finite."""
    strength = dict.fromkeys(names, 1.0)
    for _ in range(200):
        new = {}
        for a in names:
            won = sum(wins[a][b] + 0.5 for b in names if b != a)
            games = 0.0
            for b in names:
                if b == a:
                    continue
                total = wins[a][b] + wins[b][a] + 1.0
                games += total / (strength[a] + strength[b])
            new[a] = won / games if games else strength[a]
        mean = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        strength = {k: v / mean for k, v in new.items()}
    return {k: 1500 + 400 * math.log10(v) for k, v in strength.items()}


def _mean_and_half(found: Sequence[float]) -> tuple[float, float]:
    """The mean of ``found`` and the half width of its 95 % interval (normal approximation, the
    sample standard deviation); ``(0, 0)`` for nothing."""
    count = len(found)
    if not count:
        return 0.0, 0.0
    mean = sum(found) / count
    var = sum((v - mean) ** 2 for v in found) / (count - 1) if count > 1 else 0.0
    return mean, Z95 * math.sqrt(var / count)


def summarise(
    name: str,
    deals: int,
    seed: int,
    bots: Sequence[str],
    played: Sequence[Sequence[Sequence[SeatResult]]],
    seatings: tuple[tuple[str, ...], ...],
) -> ArenaResult:
    """The :class:`ArenaResult` of :func:`arena_chunk`'s output, in deal order: per deal, every
    lineup that played it (those of every match)."""
    names = list(dict.fromkeys(bots))
    values: dict[str, list[float]] = {b: [] for b in names}
    won = dict.fromkeys(names, 0)
    h2h: dict[str, dict[str, float]] = {a: dict.fromkeys(names, 0.0) for a in names}
    diffs: dict[tuple[str, str], list[float]] = {}
    field_scores: dict[str, list[float]] = {b: [] for b in names}
    for deal in played:
        margin: dict[tuple[str, str], float] = {}
        held: dict[str, list[float]] = {}
        for seats in deal:
            by_unit: dict[int, tuple[str, float]] = {}
            for bot, value, win, unit in seats:
                if unit in by_unit:
                    continue  # a partner: the side's value is counted once
                by_unit[unit] = (bot, value)
                values[bot].append(value)
                held.setdefault(bot, []).append(value)
                won[bot] += win
            units = list(by_unit.values())
            for i, (a, va) in enumerate(units):
                for b, vb in units[i + 1 :]:
                    if a == b:
                        continue
                    pair, sign = (
                        ((a, b), 1.0) if names.index(a) < names.index(b) else ((b, a), -1.0)
                    )
                    margin[pair] = margin.get(pair, 0.0) + sign * (va - vb)
                    if va > vb:
                        h2h[a][b] += 1
                    elif vb > va:
                        h2h[b][a] += 1
                    else:
                        h2h[a][b] += 0.5
                        h2h[b][a] += 0.5
        for pair, value in margin.items():
            diffs.setdefault(pair, []).append(value)
        means = {bot: sum(found) / len(found) for bot, found in held.items()}
        field = sum(means.values()) / len(means) if means else 0.0
        for bot, mean in means.items():
            field_scores[bot].append(mean - field)
    elo = _elo(names, h2h)
    margins: dict[str, dict[str, list[float]]] = {}
    for (a, b), found in diffs.items():
        mean, half = _mean_and_half(found)
        margins.setdefault(a, {})[b] = [
            round(mean, 4),
            round(mean - half, 4),
            round(mean + half, 4),
        ]
    rows = []
    for bot in names:
        found = values[bot]
        count = len(found)
        mean, half = _mean_and_half(found)
        field_mean, field_half = _mean_and_half(field_scores[bot])
        low, high = wilson_interval(won[bot], count)
        rows.append(
            ArenaRow(
                bot,
                count,
                mean,
                mean - half,
                mean + half,
                won[bot],
                won[bot] / count if count else 0.0,
                low,
                high,
                elo[bot],
                field_mean,
                field_mean - field_half,
                field_mean + field_half,
            )
        )
    rows.sort(key=lambda r: -r.elo)
    return ArenaResult(name, deals, seed, seatings, tuple(rows), h2h, margins)


def arena(
    name: str,
    options: dict[str, Any],
    bots: Sequence[str],
    deals: int,
    *,
    seed: int = 0,
    workers: int = 1,
    chunk: int = 4,
    executor: Executor | None = None,
) -> ArenaResult:
    """Play ``deals`` duplicate deals of variant ``name`` with ``bots`` in seat rotation (see
    the module) and summarise them; ``workers`` processes from the simulate pool (1: inline),
    or any ``executor`` (a ``dask.distributed`` client's:
    :func:`kozyr.simulate.cluster.connect`)."""
    from kozyr.bots import make_bots
    from kozyr.simulate.pool import process_pool, worker_count

    if len(bots) < 2 or len(set(bots)) < 2:
        raise KozyrError("give at least two different bots (--bots a,b)")
    if deals < 1:
        raise KozyrError(f"-n {deals}: at least one deal")
    opts = tuple(sorted(options.items()))
    variant = _variant(name, opts)
    make_bots(variant, [bots[s % len(bots)] for s in range(variant.players)], 0)  # names known
    # partners are the same bot: with more than two bots (or more bots than seats) every pair
    # plays its own match
    matches = (
        [(a, b) for i, a in enumerate(bots) for b in bots[i + 1 :]]
        if (variant.sides and len(bots) > 2) or len(bots) > variant.players
        else [tuple(bots)]
    )
    spans = [(s, min(s + chunk, deals)) for s in range(0, deals, chunk)]
    tasks = [(match, a, b) for match in matches for a, b in spans]
    args = (variant.name, opts, seed)
    # per deal, the lineups of every match that played it
    played: list[list[list[SeatResult]]] = [[] for _ in range(deals)]

    def gather(start: int, chunk_played: list[list[list[SeatResult]]]) -> None:
        for offset, deal in enumerate(chunk_played):
            played[start + offset] += deal

    count = worker_count(workers, len(tasks)) if workers > 1 else 1
    if executor is not None:
        futures = [executor.submit(arena_chunk, *args, a, b, tuple(m)) for m, a, b in tasks]
        for (_, start, _), future in zip(tasks, futures, strict=True):
            gather(start, future.result())
    elif count <= 1:
        for match, start, stop in tasks:
            gather(start, arena_chunk(*args, start, stop, tuple(match)))
    else:
        with process_pool(count) as pool:
            futures = [pool.submit(arena_chunk, *args, a, b, tuple(m)) for m, a, b in tasks]
            for (_, start, _), future in zip(tasks, futures, strict=True):
                gather(start, future.result())
    seatings = tuple(lineup for match in matches for lineup in lineups(match, variant.players))
    return summarise(variant.name, deals, seed, bots, played, seatings)


__all__ = ["ArenaResult", "ArenaRow", "arena", "arena_chunk", "lineups", "summarise"]
