"""Replaying records: every decision and play of a :class:`~kozyr.record.DealRecord` checked
through the engine, then scored; parties deal by deal with the context the earlier deals give.

A problem is reported with its JSON path::

    $.tricks[3][2]: 9♠ is not in seat 2's hand

``replay(data)`` returns the scored :class:`~kozyr.record.DealResult` (one deal) or
:class:`~kozyr.record.PartyResult` (``{"deals": [...]}``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any, TypeVar

from kozyr.errors import IllegalActionError, KozyrError, RecordError

if TYPE_CHECKING:
    from kozyr.limits import Limits
    from kozyr.record import DealRecord, DealResult, PartyRecord, PartyResult
    from kozyr.variant import Variant

# The package re-exports ``replay`` (``kozyr.replay(data)``) at start-up, so this module imports
# the codec and the engine -- layers below it -- inside its functions: ``import kozyr`` and
# ``kozyr --help`` then load neither.


_T = TypeVar("_T")


def _hook(variant: Variant, hook: str, path: str, seed: int | None, call: Callable[[], _T]) -> _T:
    """``call()`` -- a hook of ``variant`` -- with anything but a KozyrError it raises turned
    into a HookError naming the plugin, the variant, the hook and the record's path."""
    from kozyr.engine import hook_error

    try:
        return call()
    except KozyrError:
        raise
    except Exception as error:
        raise hook_error(variant, hook, error, seed=seed, where=f"record {path}") from error


def replay_deal(
    record: DealRecord,
    variant: Variant,
    context: Mapping[str, Any] | None = None,
    path: str = "$",
) -> DealResult:
    """Validate every play of a record through the engine and score it."""
    from kozyr.engine import DONE, PLAY, Deal
    from kozyr.variant import Action

    context = context or {}
    ctx = context
    seed = record.seed
    try:
        _hook(variant, "check_record", path, seed, lambda: variant.check_record(record, ctx))
    except RecordError as error:
        raise _rebase(error, path) from None
    if record.tricks is None:
        return _hook(variant, "score", path, seed, lambda: variant.score(record, ctx))
    try:
        deal = Deal.from_record(record, variant, context)
    except IllegalActionError as error:
        raise RecordError(path, str(error)) from None
    except RecordError as error:
        raise _rebase(error, path) from None

    def settle_decisions() -> None:
        while deal.phase not in (PLAY, DONE):
            try:
                where, action = _hook(
                    variant,
                    "recorded_decision",
                    path,
                    seed,
                    lambda: variant.recorded_decision(deal, record),
                )
            except RecordError as error:
                raise _rebase(error, path) from None
            try:
                deal.play(action)
            except IllegalActionError as error:
                raise RecordError(_join(path, where), str(error)) from None

    for t, trick in enumerate(record.tricks):
        where = f"{path}.tricks[{t}]"
        for i, play in enumerate(trick.plays):
            settle_decisions()
            if i > 0 and len(deal.tricks) > t:  # trick t is complete: this card is one too many
                raise RecordError(
                    f"{where}[{i}]",
                    f"a trick has {len(deal.tricks[t].plays)} cards (seats "
                    f"{', '.join(map(str, deal.playing))}); this one has {len(trick.plays)}",
                )
            if deal.phase == DONE:
                raise RecordError(
                    f"{where}" if i == 0 else f"{where}[{i}]",
                    f"the deal is already over after {len(deal.tricks)} tricks",
                )
            try:
                deal.play(Action(PLAY, deal.to_act, play.card))
            except IllegalActionError as error:
                raise RecordError(f"{where}[{i}]", str(error)) from None
        if len(deal.tricks) != t + 1:
            raise RecordError(
                where,
                f"a trick needs {len(deal.playing)} cards "
                f"(seats {', '.join(map(str, deal.playing))}); this one has {len(trick.plays)}",
            )
    settle_decisions()
    if deal.phase != DONE:
        raise RecordError(
            f"{path}.tricks",
            f"the record stops after {len(deal.tricks)} tricks, but the deal goes on "
            f"(seat {deal.to_act} to play)",
        )
    done = deal.record
    return _hook(variant, "score", path, seed, lambda: variant.score(done, ctx))


def _join(path: str, where: str) -> str:
    return path + where[1:] if where.startswith("$") else where


def _rebase(error: RecordError, path: str) -> RecordError:
    return RecordError(_join(path, error.path), error.detail)


def replay_party(party: PartyRecord, variant: Variant, path: str = "$") -> PartyResult:
    """Replay each deal with the context the earlier ones give, then score the party."""
    results: list[DealResult] = []
    for i, deal in enumerate(party.deals):
        where = f"{path}.deals[{i}]"
        context = variant.party_context(party, results)
        if context is None:
            raise RecordError(where, "the party was already over before this deal")
        dealt_in = set(variant.seats_in(context))
        for seat, hand in enumerate(deal.hands):
            if seat not in dealt_in and hand is not None:
                raise RecordError(
                    f"{where}.hands[{seat}]", f"seat {seat} already left the party; write null"
                )
            if seat in dealt_in and hand is None:
                raise RecordError(
                    f"{where}.hands[{seat}]",
                    f"seat {seat} is still in the party; its hand is missing",
                )
        results.append(replay_deal(deal, variant, context, where))
    try:
        return replace(variant.score_party(party, results), record=party)
    except RecordError as error:
        raise _rebase(error, path) from None


def replay(data: Any, *, limits: Limits | None = None) -> DealResult | PartyResult:
    """Validate and score a record given as JSON data (a deal, or a party with ``deals``);
    ``limits`` (:class:`kozyr.limits.Limits`) bounds its tricks and card lists."""
    from kozyr.codec import _object, read_deal, read_party, variant_for

    obj = _object(data, "$")
    variant = variant_for(obj, "$")
    if "deals" in obj:
        return replay_party(read_party(obj, variant, limits=limits), variant)
    return replay_deal(read_deal(obj, variant, limits=limits), variant)


__all__ = ["replay", "replay_deal", "replay_party"]
