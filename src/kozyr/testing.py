"""Conformance kit: checks any variant must pass, usable from any test suite (and a pytest plugin).

>>> from kozyr import get_variant
>>> report = check_variant(get_variant("seven-up"), deals=5, seed=1)
>>> report.deals
5

In a pytest suite the fixture ``kozyr_conformance`` gives the same function::

    def test_my_variant(kozyr_conformance):
        kozyr_conformance(get_variant("my-variant"), deals=200)
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from kozyr.bots import make_bots, play_deal
from kozyr.engine import PLAY, Deal
from kozyr.errors import HookError, IllegalActionError
from kozyr.party import PartyNotOverError, has_party_form, play_party, seed_for
from kozyr.record import PartyRecord, PartyResult
from kozyr.replay import replay
from kozyr.variant import Action, Variant


class ConformanceError(AssertionError):
    """A variant failed a conformance check. The message names, and the attributes hold, where:

    ``variant`` (its name), ``options`` (its options), ``seed`` (of the deal, or of the party),
    ``bots`` (the bot kinds, as given), ``check`` (``"deal"``, ``"determinism"``,
    ``"record replay"``, ``"party"``, ``"party replay"`` or ``"outcome reduction"``), ``step``
    (the same in words: which action, which deal of a party), ``action`` (the action's number in
    the deal, from 1; None outside a deal's play), ``deal`` (the deal's number in a party, from
    1, where known) and ``detail`` (what went wrong). An exception raised by the variant's own
    code (a :class:`~kozyr.errors.HookError`, say) is the ``__cause__``."""

    def __init__(
        self,
        message: str,
        *,
        variant: str = "",
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        bots: str | tuple[str, ...] = "",
        check: str = "",
        step: str = "",
        action: int | None = None,
        deal: int | None = None,
        detail: str = "",
    ):
        super().__init__(message)
        self.variant = variant
        self.options: dict[str, Any] = dict(options or {})
        self.seed = seed
        self.bots = bots
        self.check = check
        self.step = step
        self.action = action
        self.deal = deal
        self.detail = detail or message


@dataclass
class _Where:
    """Where a conformance run is: what a :class:`ConformanceError` raised now names."""

    variant: Variant
    seed: int
    bots: str | tuple[str, ...]
    check: str = "deal"
    step: str = "dealing"
    action: int | None = None
    deal: int | None = None

    def error(self, detail: str) -> ConformanceError:
        options = dict(self.variant.options)
        text = json.dumps(options, ensure_ascii=False, sort_keys=True, default=str)
        bots = self.bots if isinstance(self.bots, str) else ",".join(self.bots)
        return ConformanceError(
            f"variant {self.variant.name} (options {text}), seed {self.seed}, bots {bots}: "
            f"{self.check}, {self.step}: {detail}",
            variant=self.variant.name,
            options=options,
            seed=self.seed,
            bots=self.bots,
            check=self.check,
            step=self.step,
            action=self.action,
            deal=self.deal,
            detail=detail,
        )

    def at(self, check: str, step: str, action: int | None = None) -> None:
        self.check, self.step, self.action = check, step, action

    @contextmanager
    def guard(self) -> Iterator[None]:
        """Any exception inside (but a ConformanceError) becomes a ConformanceError from it."""
        try:
            yield
        except ConformanceError:
            raise
        except Exception as error:
            detail = str(error).replace("\n", " ") or "(no message)"
            raise self.error(f"{type(error).__name__}: {detail}") from error


def _bots_named(bots: str | Sequence[str]) -> str | tuple[str, ...]:
    return bots if isinstance(bots, str) else tuple(bots)


@dataclass
class ConformanceReport:
    """What a conformance run covered."""

    deals: int = 0
    actions: int = 0
    tricks: int = 0
    illegal_checked: int = 0
    parties: int = 0
    deals_in_parties: int = 0
    phases: set[str] = field(default_factory=set)
    #: Deals and parties reduced to outcome records and replayed (:func:`check_variant` does it
    #: for every variant that declares outcome fields).
    outcome_deals: int = 0
    outcome_parties: int = 0


def _snapshot(deal: Deal) -> tuple[Any, ...]:
    return (
        deal.phase,
        deal.to_act,
        tuple(deal.hands),
        deal.trick,
        tuple(deal.tricks),
        len(deal.history),
        json.dumps(dict(deal.facts), default=str, sort_keys=True),
        tuple(deal.turnups),
        deal.trump,
    )


def check_deal(
    variant: Variant,
    seed: int,
    *,
    bots: str | Sequence[str] = "random",
    dealer: int = 0,
    report: ConformanceReport | None = None,
) -> Deal:
    """Play one seeded deal with bots, checking the engine invariants at every step; any failure,
    an exception from the variant's hooks included, is a :class:`ConformanceError`."""
    where = _Where(variant, seed, _bots_named(bots))
    with where.guard():
        return _check_deal(variant, seed, bots, dealer, report or ConformanceReport(), where)


def _check_deal(
    variant: Variant,
    seed: int,
    bots: str | Sequence[str],
    dealer: int,
    report: ConformanceReport,
    where: _Where,
) -> Deal:
    rng = random.Random(seed)  # as play_deal: one generator shuffles and decides
    players = make_bots(variant, bots, rng)
    deal = Deal.new(variant, seed=seed, dealer=dealer, rng=rng)
    in_play_union: int | None = None
    steps = 0
    while not deal.is_over:
        where.at("deal", f"action {steps + 1} (phase {deal.phase!r})", steps + 1)
        actions = deal.legal_actions()
        if not actions:
            raise where.error(f"no legal action in phase {deal.phase!r} before the end")
        if len(set(actions)) != len(actions):
            raise where.error(f"repeated legal actions in phase {deal.phase!r}")
        report.phases.add(deal.phase)
        seat = actions[0].seat
        where.step = f"action {steps + 1} (phase {deal.phase!r}, seat {seat})"
        if deal.phase == PLAY:
            if in_play_union is None:
                in_play_union = 0
                for hand in deal.initial:
                    if hand is not None:
                        if in_play_union & hand:
                            raise where.error("a card is in two hands")
                        in_play_union |= hand
            # conservation: hands + cards played == hands in play
            held = 0
            for hand in deal.hands:
                if held & hand:
                    raise where.error("a card is in two hands")
                held |= hand
            played = sum(t.card_mask() for t in deal.tricks) + (
                deal.trick.card_mask() if deal.trick else 0
            )
            if held & played or (held | played) != in_play_union:
                raise where.error(f"cards not conserved after {steps} actions")
            illegal = [c for c in deal.hand(seat) if not any(a.card is c for a in actions)]
            if illegal:
                before = _snapshot(deal)
                try:
                    deal.play(Action(PLAY, seat, illegal[0]))
                except IllegalActionError:
                    pass
                else:
                    raise where.error(f"illegal {illegal[0]} was accepted")
                if _snapshot(deal) != before:
                    raise where.error("a rejected play changed the deal")
                report.illegal_checked += 1
        action = players[seat].choose(deal.view(seat), actions)
        if action not in actions:
            raise where.error(f"bot chose {action}, not a legal action")
        n_tricks = len(deal.tricks)
        deal.play(action)
        steps += 1
        if action.kind != PLAY and any(h is not None for h in deal.initial):
            # A decision once play has begun (an exchange of the turned card, SL-C6 / PN2) may
            # move cards in or out of play: the cards held and played after it are the baseline.
            in_play_union = sum(t.card_mask() for t in deal.tricks) + (
                deal.trick.card_mask() if deal.trick else 0
            )
            for hand in deal.hands:
                if in_play_union & hand:
                    raise where.error(f"a card is in two places after {action}")
                in_play_union |= hand
        if len(deal.tricks) > n_tricks:
            trick = deal.tricks[-1]
            if trick.winner not in {p.seat for p in trick.plays}:
                raise where.error(
                    f"trick {trick.number} won by seat {trick.winner}, who played no card to it"
                )
            report.tricks += 1
        if steps > 10_000:
            raise where.error("the deal does not end")
    report.actions += steps
    report.deals += 1
    where.at("deal", f"the result, after {steps} actions")
    result = deal.result()
    net = result.settlement.net()
    if sum(net) != 0:
        raise where.error(f"settlement is not zero-sum: {net}")
    # points are exact: an int, or a Fraction (never a float, never a bool)
    for item in result.sheet.items:
        if type(item.points) not in (int, Fraction):
            raise where.error(
                f"item {item.name!r} has points {item.points!r}: an int or a Fraction is needed"
            )
    for value in result.points:
        if type(value) not in (int, Fraction):
            raise where.error(f"deal points {value!r}: an int or a Fraction is needed")
    # determinism: the same seed and bots give the same deal
    where.at("determinism", "dealing again")
    rng_again = random.Random(seed)
    bots_again = make_bots(variant, bots, rng_again)
    again = Deal.new(variant, seed=seed, dealer=dealer, rng=rng_again)
    while not again.is_over:
        where.at("determinism", f"action {len(again.history) + 1}", len(again.history) + 1)
        acts = again.legal_actions()
        again.play(bots_again[acts[0].seat].choose(again.view(acts[0].seat), acts))
    where.at("determinism", f"the result, after {len(again.history)} actions")
    if again.history != deal.history or again.result().to_json() != result.to_json():
        raise where.error("the same seed and bots gave a different deal")
    # record round-trip through JSON text
    where.at("record replay", "replaying the deal's record through JSON text")
    data = json.loads(json.dumps(deal.record.to_json(variant), ensure_ascii=False))
    replayed = replay(copy.deepcopy(data))
    if replayed.to_json() != result.to_json():
        raise where.error(f"replaying the record gave {_differences(replayed, result)}")
    return deal


def _differences(replayed: Any, played: Any) -> str:
    """What differs between two results' JSON, key by key (each value cut short)."""
    a, b = replayed.to_json(), played.to_json()

    def short(value: Any) -> str:
        text = json.dumps(value, ensure_ascii=False, default=str)
        return text if len(text) <= 160 else text[:157] + "..."

    keys = [k for k in (*a, *(k for k in b if k not in a)) if a.get(k) != b.get(k)]
    return "; ".join(f"{k} {short(a.get(k))}, not {short(b.get(k))}" for k in keys)


#: The conformance kit's party cap: a party not over after this many deals fails the check.
PARTY_MAX_DEALS = 2_000


def check_party(
    variant: Variant,
    seed: int,
    *,
    bots: str | Sequence[str] = "random",
    max_deals: int = PARTY_MAX_DEALS,
    report: ConformanceReport | None = None,
) -> PartyResult:
    """Play one whole party (seeded ``seed``) with ``bots`` and check it: it ends within
    ``max_deals`` deals, its settlement is zero-sum, and its record (through JSON text) replays
    to exactly the same result. Any failure -- a party that never ends, an exception from the
    variant's hooks -- is a :class:`ConformanceError` naming the party's seed, the bots and,
    where known, the deal."""
    report = report if report is not None else ConformanceReport()
    where = _Where(variant, seed, _bots_named(bots), check="party", step="playing the party")
    with where.guard():
        try:
            result = play_party(variant, seed=seed, bots=bots, max_deals=max_deals)
        except PartyNotOverError as error:
            where.deal = max_deals + 1
            where.step = f"deal {max_deals + 1}"
            raise where.error(
                f"the party did not end after {max_deals} deals (the cap, max_deals={max_deals})"
            ) from error
        except HookError as error:
            # a fault in a deal of the party names that deal's seed: deal k is seed_for(seed, k)
            found = [k + 1 for k in range(max_deals + 1) if seed_for(seed, k) == error.seed]
            if found:
                where.deal = found[0]
                where.step = f"deal {found[0]} (deal seed {error.seed})"
            raise
    with where.guard():
        where.step = f"the result, after {len(result.deals)} deals"
        if sum(result.settlement.net()) != 0:
            raise where.error(f"party settlement is not zero-sum: {result.settlement.net()}")
        if len(result.running) != len(result.deals):
            raise where.error("a party needs one running total per deal")
        assert result.record is not None
        where.at("party replay", "replaying the party's record through JSON text")
        data = json.loads(json.dumps(result.record.to_json(variant), ensure_ascii=False))
        replayed = replay(data)
        if replayed.to_json() != result.to_json():
            raise where.error(f"replaying the party record gave {_differences(replayed, result)}")
        _check_context_steps(variant, result, where)
    report.parties += 1
    report.deals_in_parties += len(result.deals)
    return result


#: How many deals of a party :func:`check_party` checks the one-step party context over (the
#: check asks ``party_context`` afresh for every deal, which costs n²/2 steps for n deals).
CONTEXT_STEPS = 200


def _check_context_steps(variant: Variant, result: PartyResult, where: _Where) -> None:
    """``party_context_after`` (one step, what play and replay use) gives exactly what
    ``party_context`` (from the start) gives, after every deal of the party."""
    deals = result.deals[:CONTEXT_STEPS]
    options = dict(variant.options)

    def party(k: int) -> PartyRecord:
        return PartyRecord(variant.name, options, tuple(d.record for d in deals[:k]))

    before = variant.party_context(party(0), ())
    for k in range(1, len(deals) + 1):
        where.at("party context", f"the context after deal {k}")
        where.deal = k
        assert before is not None
        step = variant.party_context_after(party(k), deals[:k], before)
        fresh = variant.party_context(party(k), deals[:k])
        if step != fresh:
            raise where.error(
                f"party_context_after gives {step!r} where party_context gives {fresh!r}"
            )
        before = fresh
        if fresh is None:
            break


def check_variant(
    variant: Variant,
    *,
    deals: int = 50,
    seed: int = 0,
    bots: str | Sequence[str] | None = None,
    parties: int | None = None,
    party_bots: str | Sequence[str] | None = None,
    party_max_deals: int = PARTY_MAX_DEALS,
) -> ConformanceReport:
    """Play ``deals`` seeded deals (seeds ``seed``, ``seed + 1``, ...; dealers in turn) and check
    each with :func:`check_deal`; then, for a variant with a party form, ``parties`` whole
    parties (default ``deals // 10``) with :func:`check_party`, each capped at
    ``party_max_deals`` deals.

    ``bots`` (default: every bot kind of the variant in turn, ``random`` included) plays the
    deals; ``party_bots`` plays the parties (default: the same as ``bots``). The first failure
    raises a :class:`ConformanceError` naming variant, options, seed, bots and step. A variant
    that declares outcome fields is also checked with :func:`check_outcome_reduction` (up to 20
    deals and 2 parties): each reduced to its outcome record replays to the same points."""
    report = ConformanceReport()
    kinds = [bots] if bots is not None else sorted({"random", *variant.bots()})
    party_kinds = [party_bots] if party_bots is not None else kinds
    for i in range(deals):
        kind = kinds[i % len(kinds)]
        check_deal(variant, seed + i, bots=kind, dealer=i % variant.players, report=report)
    if has_party_form(variant):
        for i in range(deals // 10 if parties is None else parties):
            check_party(
                variant,
                seed + i,
                bots=party_kinds[i % len(party_kinds)],
                max_deals=party_max_deals,
                report=report,
            )
    if variant.outcome_fields:  # the outcome machinery, checked without being asked (#23)
        reduced_deals, reduced_parties = check_outcome_reduction(
            variant,
            deals=min(deals, 20),
            parties=min(deals // 10 if parties is None else parties, 2),
            seed=seed,
            party_bots=party_bots,
            party_max_deals=party_max_deals,
        )
        report.outcome_deals += reduced_deals
        report.outcome_parties += reduced_parties
    return report


try:  # the fixture exists only where pytest does (kozyr itself does not need pytest)
    import pytest
except ImportError:  # pragma: no cover
    pass
else:

    @pytest.fixture
    def kozyr_conformance() -> Callable[..., ConformanceReport]:
        """The :func:`check_variant` function, as a pytest fixture."""
        return check_variant


def score_unproven(data: Any) -> Any:
    """Score a deal or party record as :func:`kozyr.replay` does, but without proving its
    summaries possible: for hand-made summaries whose cards won illustrate one scoring rule
    but are no legal play (``replay`` rejects them, naming the trick). Played deals (with
    tricks) are still replayed card by card."""
    from dataclasses import replace as _replace

    from kozyr.codec import read_deal, read_party, variant_for
    from kozyr.errors import RecordError
    from kozyr.replay import replay_deal

    variant = variant_for(data)

    def one(record: Any, context: Any, path: str) -> Any:
        if record.tricks is not None:
            return replay_deal(record, variant, context, path)
        try:
            variant.check_record(record, context)
            return variant.score(record, context)
        except RecordError as error:
            raise RecordError(path + error.path[1:], error.detail) from None

    if "deals" not in data:
        return one(read_deal(data, variant), {}, "$")
    party = read_party(data, variant)
    results: list[Any] = []
    for i, deal in enumerate(party.deals):
        context = variant.party_context(party, results)
        if context is None:
            raise RecordError(f"$.deals[{i}]", "the party was already over before this deal")
        left = set(context.get("left", ()))
        for seat, hand in enumerate(deal.hands):
            if (seat in left) != (hand is None):  # as replay_party says it
                what = "already left the party; write null" if seat in left else "is still in"
                raise RecordError(f"$.deals[{i}].hands[{seat}]", f"seat {seat} {what}")
        results.append(one(deal, context, f"$.deals[{i}]"))
    return _replace(variant.score_party(party, results), record=party)


def _same(full: Any, reduced: Any, keys: Sequence[str]) -> list[str]:
    a, b = full.to_json(), reduced.to_json()
    return [k for k in keys if a.get(k) != b.get(k)]


def check_outcome_reduction(
    variant: Variant,
    *,
    deals: int = 100,
    parties: int = 10,
    seed: int = 0,
    bots: str | Sequence[str] = "random",
    party_bots: str | Sequence[str] | None = None,
    party_max_deals: int = PARTY_MAX_DEALS,
) -> tuple[int, int]:
    """Reduce bot-played deals and parties to outcome records (``Variant.outcome_record``: no
    hands, no tricks) and check that each replays to exactly the points, settlement and winners
    of its full record, and says ``checked: "outcome"``. Returns how many deals and parties were
    checked; a difference raises :class:`ConformanceError` naming the seed (check
    ``"outcome reduction"``). ``bots`` plays the deals, ``party_bots`` (default: the same) the
    parties, each capped at ``party_max_deals`` deals.

    >>> from kozyr import get_variant
    >>> check_outcome_reduction(get_variant("seven-up"), deals=3, parties=1)
    (3, 1)
    """
    base = {"variant": variant.name, "options": dict(variant.options)}
    n = variant.players
    for k in range(deals):
        s = seed + k
        where = _Where(variant, s, _bots_named(bots), "outcome reduction", "the deal")
        with where.guard():
            full = play_deal(variant, seed=s, dealer=s % n, bots=bots).result()
            reduced = replay({**base, **variant.outcome_record(full, {})})
            keys = ("points", "settlement", "winners", "loser", "race_over")
            differ = _same(full, reduced, keys)
            if differ or reduced.checked != "outcome":
                raise where.error(f"outcome record of the deal differs in {differ}")
    checked_parties = 0
    if has_party_form(variant):
        for k in range(parties):
            s = seed + k
            kind = bots if party_bots is None else party_bots
            where = _Where(variant, s, _bots_named(kind), "outcome reduction", "the party")
            with where.guard():
                result = play_party(variant, seed=s, bots=kind, max_deals=party_max_deals)
                record = result.record
                assert record is not None
                data = record.to_json(variant)
                data["deals"] = [
                    variant.outcome_record(d, variant.party_context(record, result.deals[:i]) or {})
                    for i, d in enumerate(result.deals)
                ]
                reduced = replay(data)
                assert isinstance(reduced, PartyResult)
                differ = _same(result, reduced, ("running", "winner", "loser", "settlement"))
                differ += [
                    f"deal {i + 1} points"
                    for i, (a, b) in enumerate(zip(result.deals, reduced.deals, strict=True))
                    if a.points != b.points
                ]
                if differ or reduced.checked != "outcome":
                    raise where.error(f"outcome record of the party differs in {differ}")
            checked_parties += 1
    return deals, checked_parties


__all__ = [
    "PARTY_MAX_DEALS",
    "ConformanceError",
    "ConformanceReport",
    "check_deal",
    "check_outcome_reduction",
    "check_party",
    "check_variant",
    "has_party_form",
    "kozyr_conformance",
    "score_unproven",
]
