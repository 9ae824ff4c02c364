"""The batch engine in a simulation: which runs it can play, the chunk functions that play one
batch of deals or of parties, and a batch's columns added into a
:class:`~kozyr.simulate.tally.Tally` -- the same totals as adding its deals one by one with
:meth:`Tally.add_deal` and :meth:`Tally.add_unit_outcome` (and, for parties, what
``run_parties`` adds per party; tested in ``tests/test_batch.py``), computed with a few numpy
reductions per column.

numpy is imported only when a batch is played (``kozyr[fast]``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from kozyr.registry import get_variant
from kozyr.simulate.tally import MAX_DISTINCT, FieldStats, Tally
from kozyr.variant import Variant

if TYPE_CHECKING:
    from kozyr.batch import BatchForm, BatchResult, ExtraColumn, PartyBatchResult

ENGINES = ("auto", "batch", "reference")
#: Deals per batch when the run does not set a chunk size: large enough for numpy to pay off,
#: small enough for its arrays to stay in the processor caches (measured: 16,384 deals play
#: 15-30 % faster than 65,536) and to keep memory flat.
BATCH_SIZE = 16384


def batch_form_for(
    variant: Variant, unit: str, bots: Sequence[str]
) -> tuple[BatchForm | None, str]:
    """The variant's batch form if the batch engine can play this run, else None and why.
    Parties need a form with ``play_parties`` (:class:`kozyr.batch.PartyBatchForm`)."""
    if any(bot != "random" for bot in bots):
        return None, "only random bots have a batch form"
    drift = batch_drift(type(variant))
    if drift is not None:
        return None, drift
    form = variant.batch_form()
    if form is None:
        try:
            import numpy  # noqa: F401
        except ImportError:
            return None, "numpy is not installed (pip install 'kozyr[fast]')"
        return None, f"{variant.name} with these options has no batch form"
    if unit != "deal":
        from kozyr.batch import PartyBatchForm

        if not isinstance(form, PartyBatchForm):
            return None, "parties are played by the reference engine (no batch form for them)"
    return form, ""


#: The hooks a batch form re-implements: a subclass that overrides one of them after the class
#: that wrote ``batch_form`` plays and scores differently from the form (#21 item 9).
BATCH_HOOKS = (
    "new_state",
    "start",
    "decision_actions",
    "apply_decision",
    "after_play",
    "after_trick",
    "score",
    "party_context",
    "score_party",
    "deals_again",
    "next_dealer",
    "next_deal_dealer",
    "seats_in",
    "party_cut",
)


def batch_drift(cls: type[Variant]) -> str | None:
    """Why the batch form ``cls`` inherits was not written for it, or None. A form is written for
    the classes of the package that defines ``batch_form`` (a plugin's own family of variants);
    a subclass from another package that overrides one of :data:`BATCH_HOOKS` (its own
    ``score``, say) plays and scores its own way, which the inherited form would never call --
    the reference engine plays it instead, and this says why (``engine_note``)."""
    mro = cls.__mro__
    owner = next((i for i, c in enumerate(mro) if "batch_form" in vars(c)), None)
    if owner is None:
        return None
    package = mro[owner].__module__.partition(".")[0]
    for klass in mro[:owner]:
        if klass.__module__.partition(".")[0] == package:
            continue
        changed = [hook for hook in BATCH_HOOKS if hook in vars(klass)]
        if changed:
            return (
                f"{klass.__name__} overrides {', '.join(changed)} of {mro[owner].__name__}, "
                "whose batch form never calls it: the reference engine plays every deal"
            )
    return None


@lru_cache(maxsize=32)
def _form(name: str, options: tuple[tuple[str, Any], ...]) -> BatchForm:
    form = get_variant(name, **dict(options)).batch_form()
    assert form is not None, name
    return form


def run_batch(
    name: str,
    options: tuple[tuple[str, Any], ...],
    seed: int,
    start: int,
    stop: int,
    bots: tuple[str, ...],
) -> Tally:
    """Play deals ``start..stop-1`` of a run as one batch (dealer seat 0 in each) into a tally.

    The batch's generator is seeded from the run's seed and ``start``, and :func:`simulate` cuts
    a run into batches of :data:`BATCH_SIZE`, so a run's totals depend on its seed and length
    only, never on how many workers play the batches."""
    import numpy as np

    from kozyr.batch import RandomDraws

    form = _form(name, options)
    entropy = [abs(seed), int(seed < 0), start]
    batch = form.play(stop - start, RandomDraws(np.random.SeedSequence(entropy)))
    tally = Tally(batch.players)
    add_batch(tally, batch)
    return tally


def run_party_batch(
    name: str,
    options: tuple[tuple[str, Any], ...],
    seed: int,
    start: int,
    stop: int,
    bots: tuple[str, ...],
) -> Tally:
    """Play parties ``start..stop-1`` of a run as one batch in lockstep
    (:meth:`kozyr.batch.PartyBatchForm.play_parties`) into a tally, seeded as
    :func:`run_batch` seeds its deals."""
    import numpy as np

    from kozyr.batch import PartyBatchForm, RandomPartyDraws

    form = _form(name, options)
    assert isinstance(form, PartyBatchForm), name
    entropy = [abs(seed), int(seed < 0), start]
    parties = form.play_parties(stop - start, RandomPartyDraws(np.random.SeedSequence(entropy)))
    tally = Tally(parties.players)
    add_party_batch(tally, parties)
    return tally


def add_party_batch(tally: Tally, parties: PartyBatchResult) -> None:
    """Add every party of ``parties`` to ``tally``: each deal as :meth:`Tally.add_deal` adds
    it, and each party as one unit, its winners, losers, settlement and fields (the reference
    engine's ``run_parties``)."""
    tally.units += parties.count
    for step in parties.steps:
        _add_deals(tally, step.deals)
    for seat in range(parties.players):
        tally.wins[seat] += int(parties.wins[:, seat].sum())
        tally.losses[seat] += int(parties.losses[:, seat].sum())
        if parties.net is not None:
            total = int(parties.net[:, seat].sum())
            tally.net[seat] += Fraction(total, parties.net_denominator)
    for name, extra in parties.extra.items():
        for key, member in _flat(name, extra):
            stats = tally.party_extra.get(key)
            if stats is None:
                stats = tally.party_extra[key] = FieldStats()
            stats.merge(field_stats(member))


def add_batch(tally: Tally, batch: BatchResult) -> None:
    """Add every deal of ``batch`` (each its own unit: a deal outside a party) to ``tally``."""
    tally.units += batch.count
    _add_deals(tally, batch)
    _outcomes(tally, batch)


def _add_deals(tally: Tally, batch: BatchResult) -> None:
    """Add the deals of ``batch`` as :meth:`Tally.add_deal` adds each (not their outcomes)."""
    n = batch.players
    count = batch.count
    tally.deals += count
    for seat in range(n):
        tally.tricks[seat] += int(batch.tricks[:, seat].sum())
    sums = [int(x) for x in batch.points.sum(axis=0)]
    if len(tally.points) < len(sums):
        tally.points.extend([0] * (len(sums) - len(tally.points)))
    for i, value in enumerate(sums):
        tally.points[i] += value
    import numpy as np

    by_name: dict[str, Any] = {}
    for column in batch.items:
        present = column.present
        if not present.any():  # the reference tally has a row only for items that occurred
            continue
        row = tally.items.setdefault(column.name, [0] * (3 + n))
        row[0] += int(present.sum())
        row[2] += int(column.points.sum())  # 0 where absent
        # seat + 1: 0 for deals without the item or items without a seat, counted and dropped
        shifted = column.seat + 1
        for seat, times in enumerate(np.bincount(shifted, minlength=n + 1)[1:]):
            row[3 + seat] += int(times)
        for seat, value in enumerate(
            np.bincount(shifted, weights=column.points, minlength=n + 1)[1:]
        ):
            tally.seat_points[seat] += int(value)
        seen = by_name.get(column.name)
        by_name[column.name] = present if seen is None else seen | present
    for name, present in by_name.items():
        tally.items[name][1] += int(present.sum())
    for name, extra in batch.extra.items():
        for key, member in _flat(name, extra):
            stats = tally.extra.get(key)
            if stats is None:
                stats = tally.extra[key] = FieldStats()
            stats.merge(field_stats(member))


def _flat(name: str, column: ExtraColumn) -> list[tuple[str, ExtraColumn]]:
    """A column under its name, or an ``"object"`` column's members as ``name.member`` over
    the deals that have it (the reference tally flattens one level of nested objects), none
    when no deal has it; with ``or_none``, also the field itself when some deal holds None
    (the reference counts a field it saw, even if only as None)."""
    if column.kind != "object":
        return [(name, column)]
    from kozyr.batch import ExtraColumn

    present = column.values
    flat: list[tuple[str, ExtraColumn]] = []
    if column.or_none and not present.all():
        flat.append((name, ExtraColumn("none", present)))
    if present.any():
        flat += [
            (f"{name}.{key}", replace(member, values=member.values[present]))
            for key, member in (column.fields or {}).items()
        ]
    return flat


def field_stats(column: ExtraColumn) -> FieldStats:
    """The :class:`FieldStats` of a column, as if each deal's value were added in turn."""
    import numpy as np

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
    if column.kind in ("card", "none"):  # a Card or None: FieldStats counts neither
        return stats
    if column.kind == "objects":  # a list of objects counts only when empty (a width-0 list)
        empty = int((values == 0).sum())
        if empty:
            stats.seen, stats.width, stats.vector = empty, 0, []
        return stats
    if column.kind == "seats":  # the marked seats, in order, as a list of seat numbers
        lengths = values.sum(axis=1)
        stats.seen = len(values)
        if len(values):
            if (lengths == lengths[0]).all():
                width = int(lengths[0])
                seats = np.arange(values.shape[1])
                ordered = np.sort(np.where(values, seats, values.shape[1]), axis=1)[:, :width]
                stats.width, stats.vector = width, [int(x) for x in ordered.sum(axis=0)]
            else:
                stats.width, stats.vector = -1, None
        stats.counts = {int(s): int(c) for s, c in enumerate(values.sum(axis=0)) if c}
        return stats
    if column.kind == "order":  # seats in a given order (-1: no seat): a list of seat numbers
        placed = values >= 0
        lengths = placed.sum(axis=1)
        stats.seen = len(values)
        if len(values):
            if (lengths == lengths[0]).all():
                width = int(lengths[0])
                stats.width, stats.vector = width, [int(x) for x in values[:, :width].sum(axis=0)]
            else:
                stats.width, stats.vector = -1, None
        members = np.bincount(values[placed])
        stats.counts = {int(s): int(c) for s, c in enumerate(members) if c}
        return stats
    if column.kind == "bools":  # a list of booleans: summed per place, counted as 0 and 1
        stats.seen = len(values)
        if len(values):
            stats.width = values.shape[1]
            stats.vector = [int(x) for x in values.sum(axis=0)]
            true = int(values.sum())
            stats.counts = {v: c for v, c in ((0, values.size - true), (1, true)) if c}
        return stats
    if column.kind == "fractions":  # Fractions are summed, never counted by value
        stats.seen = len(values)
        if len(values):
            stats.width = values.shape[1]
            stats.vector = [Fraction(int(x), column.denominator) for x in values.sum(axis=0)]
        return stats
    if column.kind == "seat":  # None (-1) counts nothing
        values = values[values >= 0]
    if column.kind in ("int", "seat"):
        stats.seen = len(values)
        stats.total = int(values.sum()) if len(values) else None
        members = values
    else:  # "ints": a list per deal, of constant length
        stats.seen = len(values)
        if len(values):
            stats.width = values.shape[1]
            stats.vector = [int(x) for x in values.sum(axis=0)]
        members = values.ravel()
    if len(members) and 0 <= members.min() and members.max() < 1024:  # small counts: a bincount
        times = np.bincount(members)
        distinct = np.flatnonzero(times)
        times = times[distinct]
    else:
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
    import numpy as np

    n = batch.players
    points = batch.points
    undecided = np.ones(len(points), dtype=np.bool_)
    if batch.net is not None:
        net = batch.net
        paid = np.zeros(len(net), dtype=np.bool_)  # a deal with payments: winners gain, losers pay
        for seat in range(n):
            paid |= net[:, seat] != 0
        for seat in range(n):
            tally.wins[seat] += int((paid & (net[:, seat] > 0)).sum())
            tally.losses[seat] += int((paid & (net[:, seat] < 0)).sum())
            tally.net[seat] += Fraction(int(net[:, seat].sum()), batch.net_denominator)
        undecided = ~paid
    units = [points[:, unit] for unit in range(points.shape[1])]
    best, least = units[0], units[0]
    for unit_total in units[1:]:
        best, least = np.maximum(best, unit_total), np.minimum(least, unit_total)
    decided = undecided & (best != least)
    sides = batch.sides if batch.sides and len(batch.sides) == points.shape[1] else None
    for unit in range(points.shape[1]):
        wins = int((decided & (points[:, unit] == best)).sum())
        losses = int((decided & (points[:, unit] < best)).sum())
        for seat in sides[unit] if sides else (unit,):
            tally.wins[seat] += wins
            tally.losses[seat] += losses


__all__ = [
    "BATCH_HOOKS",
    "BATCH_SIZE",
    "ENGINES",
    "add_batch",
    "add_party_batch",
    "batch_drift",
    "batch_form_for",
    "field_stats",
    "run_batch",
    "run_party_batch",
]
