"""Replaying records: every decision and play of a :class:`~kozyr.record.DealRecord` checked
through the engine, then scored; parties deal by deal with the context the earlier deals give.

A problem is reported with its JSON path::

    $.tricks[3][2]: 9♠ is not in seat 2's hand

``replay(data)`` returns the scored :class:`~kozyr.record.DealResult` (one deal) or
:class:`~kozyr.record.PartyResult` (``{"deals": [...]}``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any, TypeVar

from kozyr.budget import check_budget
from kozyr.errors import HookError, IllegalActionError, RecordError

if TYPE_CHECKING:
    from kozyr.engine import Deal
    from kozyr.limits import Limits
    from kozyr.record import (
        DealRecord,
        DealResult,
        EveningRecord,
        EveningResult,
        PartyRecord,
        PartyResult,
    )
    from kozyr.variant import Action, Variant

# The package re-exports ``replay`` (``kozyr.replay(data)``) at start-up, so this module imports
# the codec and the engine -- layers below it -- inside its functions: ``import kozyr`` and
# ``kozyr --help`` then load neither.


_T = TypeVar("_T")


def _hook(variant: Variant, hook: str, path: str, seed: int | None, call: Callable[[], _T]) -> _T:
    """``call()`` -- a hook of ``variant`` -- with anything but a KozyrError it raises turned
    into a HookError naming the plugin, the variant, the hook and the record's path."""
    from kozyr.engine import _fail, plugin_of
    from kozyr.registry import PLUGIN_FAULTS, trace, tracing

    if tracing():
        trace(plugin_of(variant), variant.name, hook)
    try:
        return call()
    except PLUGIN_FAULTS as error:
        _fail(variant, hook, error, seed=seed, where=f"record {path}")


def refuse_held(variant: Variant) -> None:
    """A plugin whose earlier calls still run past their time budget (``kozyr serve``: a hook
    that never returns, :func:`kozyr.budget.hold_plugin`) gets no new work until they end."""
    from kozyr.budget import held_plugins

    held = held_plugins()
    if not held:
        return
    from kozyr.engine import plugin_of

    plugin = plugin_of(variant)
    if plugin in held:
        calls = "1 call runs" if held[plugin] == 1 else f"{held[plugin]} calls run"
        raise HookError(
            plugin=plugin,
            variant=variant.name,
            detail=f"refused while {calls} of this plugin still past the time budget "
            "(a hook that does not return); served again once it ends",
        )


def _scored(
    variant: Variant, path: str, seed: int | None, call: Callable[[], DealResult]
) -> DealResult:
    """The ``score`` hook's result, guarded and checked (a DealResult with exact points)."""
    from kozyr.engine import checked_result

    result = _hook(variant, "score", path, seed, call)
    return checked_result(variant, result, seed=seed, where=f"record {path}")


def replay_deal(
    record: DealRecord,
    variant: Variant,
    context: Mapping[str, Any] | None = None,
    path: str = "$",
) -> DealResult:
    """Validate every play of a record through the engine and score it."""
    from kozyr.engine import DONE, PLAY, Deal
    from kozyr.outcome import OUTCOME
    from kozyr.variant import Action

    context = context or {}
    ctx = context
    seed = record.seed
    try:
        if record.outcome:
            _check_deal_bounds(record, variant, ctx, path, seed)
        _hook(variant, "check_record", path, seed, lambda: variant.check_record(record, ctx))
        if record.tricks is None:
            warnings: tuple[str, ...] = ()
            if record.outcome:
                checked = OUTCOME
            else:
                unchecked = _summary_log(record, variant, ctx) if variant.decision_log else ()
                checked, warnings = _hook(
                    variant, "prove_summary", path, seed, lambda: variant.prove_summary(record, ctx)
                )
                warnings += unchecked
            scored = _scored(variant, path, seed, lambda: variant.score(record, ctx))
            return replace(scored, checked=checked, warnings=warnings)
    except RecordError as error:
        raise _rebase(error, path) from None
    try:
        deal = Deal.from_record(record, variant, context)
    except IllegalActionError as error:
        raise RecordError(path, str(error)) from None
    except RecordError as error:
        raise _rebase(error, path) from None

    logged = bool(variant.decision_log)
    log = record.log
    taken = 0  # the decisions of the log replayed so far

    def settle_decisions() -> None:
        nonlocal taken
        while deal.phase not in (PLAY, DONE):
            if logged:  # the core's decision log: each entry played as in a live deal
                if taken >= len(log):
                    raise _rebase(_log_runs_out(log, deal), path)
                try:
                    deal.play(log[taken])
                except IllegalActionError as error:
                    raise RecordError(f"{path}.log[{taken}]", str(error)) from None
                taken += 1
                continue
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
    if taken < len(log):
        raise _rebase(_log_goes_on(log, taken), path)
    done = deal.record
    return _scored(variant, path, seed, lambda: variant.score(done, ctx))


def _check_deal_bounds(
    record: DealRecord, variant: Variant, context: Mapping[str, Any], path: str, seed: int | None
) -> None:
    """An outcome deal's values within the bounds of this deal
    (:meth:`Variant.deal_outcome_fields`; nothing to do for a variant without them)."""
    from kozyr.variant import Variant, deal_fields

    if type(variant).deal_outcome_fields is Variant.deal_outcome_fields:
        return
    fields = _hook(
        variant, "deal_outcome_fields", path, seed, lambda: deal_fields(variant, context)
    )
    sides = len(variant.sides) if variant.sides is not None else None
    for field in fields:
        if not field.core and field.name in record.decisions:
            field.check(record.decisions[field.name], f"$.{field.name}", variant.players, sides)


def _summary_log(
    record: DealRecord, variant: Variant, context: Mapping[str, Any]
) -> tuple[str, ...]:
    """The decision log of a summary record (hands, no tricks), replayed as far as it goes
    without cards: each decision made before trick play is checked through the engine as in a
    full record (a RecordError at ``$.log[i]``); the ones after play began cannot be, and a
    warning says so."""
    from kozyr.engine import DONE, PLAY, Deal

    try:
        deal = Deal.from_record(record, variant, context)
    except IllegalActionError as error:
        raise RecordError("$", str(error)) from None
    log = record.log
    taken = 0
    while deal.phase not in (PLAY, DONE):
        if taken >= len(log):
            raise _log_runs_out(log, deal)
        try:
            deal.play(log[taken])
        except IllegalActionError as error:
            raise RecordError(f"$.log[{taken}]", str(error)) from None
        taken += 1
    if taken == len(log):
        return ()
    if deal.phase == DONE:
        raise _log_goes_on(log, taken)
    left = len(log) - taken
    return (
        f"a summary record has no tricks: {_decisions(left)} of the log from $.log[{taken}] on, "
        f"made during trick play, {'is' if left == 1 else 'are'} not checked",
    )


def _log_runs_out(log: Sequence[Action], deal: Deal) -> RecordError:
    """The error of a decision log that ends while ``deal`` waits for a decision."""
    ends = f"the log ends after {_decisions(len(log))}" if log else "no decision logged"
    return RecordError(
        "$.log",
        f"{ends}, but the deal goes on: seat {deal.to_act} is to decide (phase {deal.phase!r})",
    )


def _log_goes_on(log: Sequence[Action], taken: int) -> RecordError:
    """The error of a decision log with decisions left after the deal is over."""
    return RecordError(
        f"$.log[{taken}]",
        f"the deal is over after {_decisions(taken)}; the log has {len(log) - taken} more",
    )


def _decisions(count: int) -> str:
    return f"{count} decision" + ("" if count == 1 else "s")


def _join(path: str, where: str) -> str:
    return path + where[1:] if where.startswith("$") else where


def _rebase(error: RecordError, path: str) -> RecordError:
    return RecordError(_join(path, error.path), error.detail)


def _steps(variant: Variant) -> bool:
    """Whether the variant takes one step of party context (overrides
    :meth:`Variant.party_context_after`); otherwise replay asks ``party_context`` itself, and
    a fault is reported under that hook's name."""
    from kozyr.variant import Variant

    return type(variant).party_context_after is not Variant.party_context_after


def replay_party(party: PartyRecord, variant: Variant, path: str = "$") -> PartyResult:
    """Replay each deal with the context the earlier ones give, then score the party. Each
    context is one step from the one before (:meth:`Variant.party_context_after`), so a party
    of n deals replays in time linear in n."""
    results: list[DealResult] = []
    context: Mapping[str, Any] | None = None
    contexts: list[Mapping[str, Any]] = []
    for i, deal in enumerate(party.deals):
        check_budget(f"{path}.deals[{i}]")  # a web request's time budget (kozyr.budget)
        context = _context(party, variant, results, context, f"{path}.deals[{i}]")
        results.append(_party_deal(party, variant, results, i, deal, path, context, contexts))
    scored = _score_party(party, variant, results, path)
    # the core checks every party's dealers (C1), whether or not the variant's score_party did
    try:
        _hook(
            variant,
            "check_dealer_rotation",
            path,
            None,
            lambda: variant.check_dealer_rotation(results, contexts, "C1"),
        )
    except RecordError as error:
        raise _rebase(error, path) from None
    return scored


def _context(
    party: PartyRecord,
    variant: Variant,
    results: Sequence[DealResult],
    before: Mapping[str, Any] | None,
    where: str,
) -> Mapping[str, Any] | None:
    """The party context of the next deal after ``results``; ``before``: the context the last
    of them was played in (a deal is never played in a party that is over)."""
    from kozyr.engine import checked_return

    if not results or before is None or not _steps(variant):
        hook = "party_context"
        context = _hook(variant, hook, where, None, lambda: variant.party_context(party, results))
    else:
        ctx = before
        hook = "party_context_after"
        context = _hook(
            variant, hook, where, None, lambda: variant.party_context_after(party, results, ctx)
        )
    where = f"record {where}"
    return checked_return(  # type: ignore[no-any-return]
        variant, hook, context, Mapping, "a mapping or None", none=True, where=where
    )


def _score_party(
    party: PartyRecord, variant: Variant, results: list[DealResult], path: str
) -> PartyResult:
    from kozyr.record import least_checked

    try:
        scored = _hook(
            variant, "score_party", path, None, lambda: variant.score_party(party, results)
        )
    except RecordError as error:
        raise _rebase(error, path) from None
    from kozyr.engine import checked_return
    from kozyr.record import PartyResult

    checked_return(
        variant, "score_party", scored, PartyResult, "PartyResult", where=f"record {path}"
    )
    checked = least_checked(r.checked for r in results)
    return replace(scored, record=party, checked=checked)


def _party_deal(
    party: PartyRecord,
    variant: Variant,
    results: list[DealResult],
    i: int,
    deal: DealRecord,
    path: str,
    context: Mapping[str, Any] | None,
    contexts: list[Mapping[str, Any]] | None = None,
) -> DealResult:
    where = f"{path}.deals[{i}]"
    if context is None:
        raise RecordError(where, "the party was already over before this deal")
    ctx = context
    if contexts is not None:
        contexts.append(ctx)
    dealt_in = set(_hook(variant, "seats_in", where, None, lambda: variant.seats_in(ctx)))
    for seat, hand in enumerate(deal.hands):  # an outcome record has no hands
        if seat not in dealt_in and hand is not None:
            raise RecordError(
                f"{where}.hands[{seat}]", f"seat {seat} already left the party; write null"
            )
        if seat in dealt_in and hand is None:
            raise RecordError(
                f"{where}.hands[{seat}]",
                f"seat {seat} is still in the party; its hand is missing",
            )
    return replay_deal(deal, variant, context, where)


def replay_partial(
    obj: Mapping[str, Any], variant: Variant, path: str = "$", *, limits: Limits | None = None
) -> PartyResult:
    """A party scored deal by deal up to its first bad deal: the result of the deals before it,
    with the located error in ``error`` (None when every deal is good). A problem outside the
    deals (the party's own fields, or before the first deal) is raised as usual."""
    from kozyr.codec import RecordReader, party_keys, read_deal, read_meta
    from kozyr.record import PartyRecord

    party_keys(obj, variant, path)
    deals_raw = obj.get("deals")
    if not isinstance(deals_raw, list) or not deals_raw:
        raise RecordError(f"{path}.deals", "expected a non-empty list of deals")
    reader = RecordReader(obj, path, variant.players, variant=variant)
    cut = reader.card(obj["cut"], f"{path}.cut") if obj.get("cut") is not None else None
    meta = read_meta(obj, path, variant.players)
    fields = {k: obj[k] for k in variant.party_fields if k in obj}
    deals: list[DealRecord] = []
    error: RecordError | None = None
    for i, raw in enumerate(deals_raw):  # read up to the first deal that does not read
        check_budget(f"{path}.deals[{i}]")
        try:
            deals.append(
                read_deal(raw, variant, f"{path}.deals[{i}]", inherited=True, limits=limits)
            )
        except RecordError as found:
            error = found
            break
    read = PartyRecord(
        variant.name,
        dict(variant.options),
        tuple(deals),
        cut,
        fields,
        meta=meta,
        variant_object=variant,
    )
    results: list[DealResult] = []
    context: Mapping[str, Any] | None = None
    for i, deal in enumerate(deals):  # then replay up to the first deal that does not score
        check_budget(f"{path}.deals[{i}]")
        try:
            context = _context(read, variant, results, context, f"{path}.deals[{i}]")
            results.append(_party_deal(read, variant, results, i, deal, path, context))
        except RecordError as found:
            error = found  # before any deal that did not read
            break
    party = PartyRecord(
        variant.name,
        dict(variant.options),
        tuple(deals[: len(results)]),
        cut,
        fields,
        meta=meta,
        variant_object=variant,
    )
    if error is None:
        return _score_party(party, variant, results, path)
    if not results:
        raise error
    try:
        scored = _score_party(party, variant, results, path)
    except RecordError:  # e.g. a closing cut of a race not over yet: score without it
        scored = _score_party(replace(party, cut=None), variant, results, path)
    return replace(scored, error=error)


def replay_evening(
    data: Any, path: str = "$", *, partial: bool = False, limits: Limits | None = None
) -> EveningResult:
    """Replay every game of an evening and total it per player name (exact arithmetic)."""
    from kozyr.codec import evening_games, read_party, variant_for
    from kozyr.record import EveningRecord

    meta, games = evening_games(data, path)
    results: list[PartyResult] = []
    error: RecordError | None = None
    for game, where in games:
        variant = variant_for(game, where)
        try:
            if partial:
                result = replay_partial(game, variant, where, limits=limits)
            else:
                party = read_party(game, variant, where, limits=limits)
                result = replay_party(party, variant, where)
        except RecordError as found:
            if not partial or not results:
                raise
            error = found
            break
        results.append(result)
        if result.error is not None:
            error = result.error
            break
    return total_evening(
        EveningRecord(tuple(r.record for r in results if r.record), meta), results, error
    )


def total_evening(
    record: EveningRecord, results: Sequence[PartyResult], error: RecordError | None = None
) -> EveningResult:
    """Totals per player name across the evening's games (each seat's net settlement under its
    name; a game without names counts its seats as ``seat N``) and who won each game. Names
    that are one player (:func:`kozyr.names.name_key`: ``Аня`` and ``аня``) are one total,
    under the spelling seen first."""
    from kozyr.names import name_key
    from kozyr.record import EveningResult, least_checked

    names: list[str] = []
    shown: dict[str, str] = {}
    totals: dict[str, Fraction] = {}
    won: dict[str, int] = {}
    winners: list[tuple[str, ...]] = []
    for result in results:
        assert result.record is not None
        variant = result.record.variant_object
        assert variant is not None
        written = result.record.meta.get("players") or [f"seat {s}" for s in range(variant.players)]
        # one player, one total: a name is the player its key says (``Аня`` and ``аня`` are
        # one), shown as first spelled (issue 21 item 6)
        seats = [shown.setdefault(name_key(name), name) for name in written]
        for name in seats:
            if name not in totals:
                names.append(name)
                totals[name] = Fraction(0)
                won[name] = 0
        for seat, amount in enumerate(result.settlement.net()):
            totals[seats[seat]] += amount
        winning = tuple(seats[s] for s in winning_seats(variant, result.winner))
        for name in winning:
            won[name] += 1
        winners.append(winning)
    return EveningResult(
        tuple(results),
        tuple(names),
        totals,
        tuple(winners),
        won,
        record,
        least_checked(r.checked for r in results),
        error,
    )


def winning_seats(variant: Variant, winner: Any) -> tuple[int, ...]:
    """The seats of a party's ``winner`` (a seat, a side of C5 in partnership games, a list of
    tied seats, or None)."""
    if winner is None:
        return ()
    if isinstance(winner, (list, tuple)):
        return tuple(s for w in winner for s in winning_seats(variant, w))
    sides = variant.sides
    if sides is not None:
        return tuple(sides[int(winner)])
    return (int(winner),)


def replay(
    data: Any, *, partial: bool = False, limits: Limits | None = None
) -> DealResult | PartyResult | EveningResult:
    """Validate and score a record given as JSON data: a deal, a party (``deals``) or an
    evening (``games``: parties played in order by one table).

    With ``partial`` a party (or an evening) is scored up to its first bad deal: the result
    holds the deals before it and the located error in ``error`` -- the caller reports it (a
    problem before any deal is good is raised as usual). ``limits``
    (:class:`kozyr.limits.Limits`) bounds its tricks and card lists."""
    from kozyr.codec import _object, read_deal, read_party, variant_for

    obj = _object(data, "$")
    if "games" in obj:
        return replay_evening(obj, partial=partial, limits=limits)
    variant = variant_for(obj, "$")
    refuse_held(variant)
    if "deals" in obj:
        if partial:
            return replay_partial(obj, variant, limits=limits)
        return replay_party(read_party(obj, variant, limits=limits), variant)
    return replay_deal(read_deal(obj, variant, limits=limits), variant)


__all__ = [
    "refuse_held",
    "replay",
    "replay_deal",
    "replay_evening",
    "replay_partial",
    "replay_party",
    "total_evening",
    "winning_seats",
]
