"""A batch's columns added into a simulation :class:`~kozyr.simulate.Tally`: the same totals as
adding its deals one by one with :meth:`Tally.add_deal` and :meth:`Tally.add_unit_outcome`
(tested in ``tests/test_batch.py``), computed with a few numpy reductions per column."""

from __future__ import annotations

from typing import Any

import numpy as np

from kozyr.batch.result import BatchResult, ExtraColumn
from kozyr.simulate import MAX_DISTINCT, FieldStats, Tally


def add_batch(tally: Tally, batch: BatchResult) -> None:
    """Add every deal of ``batch`` (each its own unit: a deal outside a party) to ``tally``."""
    n = batch.players
    count = batch.count
    tally.deals += count
    tally.units += count
    for seat in range(n):
        tally.tricks[seat] += int(batch.tricks[:, seat].sum())
    sums = [int(x) for x in batch.points.sum(axis=0)]
    if len(tally.points) < len(sums):
        tally.points.extend([0] * (len(sums) - len(tally.points)))
    for i, value in enumerate(sums):
        tally.points[i] += value
    by_name: dict[str, np.ndarray[Any, Any]] = {}
    for column in batch.items:
        present = column.present
        row = tally.items.setdefault(column.name, [0] * (3 + n))
        row[0] += int(present.sum())
        row[2] += int(column.points[present].sum())
        seated = present & (column.seat >= 0)
        seats = column.seat[seated]
        points = column.points[seated]
        for seat, times in enumerate(np.bincount(seats, minlength=n)):
            row[3 + seat] += int(times)
        for seat, value in enumerate(np.bincount(seats, weights=points, minlength=n)):
            tally.seat_points[seat] += int(value)
        seen = by_name.get(column.name)
        by_name[column.name] = present if seen is None else seen | present
    for name, present in by_name.items():
        tally.items[name][1] += int(present.sum())
    for name, extra in batch.extra.items():
        stats = tally.extra.get(name)
        if stats is None:
            stats = tally.extra[name] = FieldStats()
        stats.merge(field_stats(extra))
    _outcomes(tally, batch)


def field_stats(column: ExtraColumn) -> FieldStats:
    """The :class:`FieldStats` of a column, as if each deal's value were added in turn."""
    stats = FieldStats()
    values = column.values
    if column.kind == "bool":
        stats.seen = stats.bools = len(values)
        stats.true = int(values.sum())
        return stats
    if column.kind == "category":
        known = values[values >= 0]
        stats.seen = len(known)
        codes = np.bincount(known, minlength=len(column.labels))
        stats.counts = {column.labels[i]: int(c) for i, c in enumerate(codes) if c}
        if len(stats.counts) > MAX_DISTINCT:
            stats.counts = None
        return stats
    if column.kind == "int":
        stats.seen = len(values)
        stats.total = int(values.sum()) if len(values) else None
        members = values
    else:  # "ints": a list per deal, of constant length
        stats.seen = len(values)
        if len(values):
            stats.width = values.shape[1]
            stats.vector = [int(x) for x in values.sum(axis=0)]
        members = values.ravel()
    distinct, times = np.unique(members, return_counts=True)
    stats.counts = (
        {int(v): int(t) for v, t in zip(distinct, times, strict=True)}
        if len(distinct) <= MAX_DISTINCT
        else None
    )
    return stats


def _outcomes(tally: Tally, batch: BatchResult) -> None:
    """Who won and lost each deal, as :func:`kozyr.simulate.deal_outcome` decides it: by the
    settlement when money changes hands, else the side (or seat) with the most points wins and
    those with fewer lose (nobody when all are equal)."""
    n = batch.players
    if batch.net is not None:
        net = batch.net
        for seat in range(n):
            tally.wins[seat] += int((net[:, seat] > 0).sum())
            tally.losses[seat] += int((net[:, seat] < 0).sum())
        from fractions import Fraction

        for seat in range(n):
            tally.net[seat] += Fraction(int(net[:, seat].sum()), batch.net_denominator)
        return
    points = batch.points
    best = points.max(axis=1)
    decided = best != points.min(axis=1)
    sides = batch.sides if batch.sides and len(batch.sides) == points.shape[1] else None
    for unit in range(points.shape[1]):
        wins = int((decided & (points[:, unit] == best)).sum())
        losses = int((decided & (points[:, unit] < best)).sum())
        for seat in sides[unit] if sides else (unit,):
            tally.wins[seat] += wins
            tally.losses[seat] += losses


__all__ = ["add_batch", "field_stats"]
