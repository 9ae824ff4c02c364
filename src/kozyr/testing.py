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
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from kozyr.bots import make_bots
from kozyr.engine import PLAY, Deal
from kozyr.errors import IllegalActionError
from kozyr.party import has_party_form, play_party
from kozyr.record import PartyResult
from kozyr.replay import replay
from kozyr.variant import Action, Variant


class ConformanceError(AssertionError):
    """A variant broke an engine invariant; the message names the seed and the step."""


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


def _fail(variant: Variant, seed: int, message: str) -> ConformanceError:
    return ConformanceError(f"{variant!r} seed {seed}: {message}")


def check_deal(
    variant: Variant,
    seed: int,
    *,
    bots: str | Sequence[str] = "random",
    dealer: int = 0,
    report: ConformanceReport | None = None,
) -> Deal:
    """Play one seeded deal with bots, checking the engine invariants at every step."""
    report = report if report is not None else ConformanceReport()
    rng = random.Random(seed)  # as play_deal: one generator shuffles and decides
    players = make_bots(variant, bots, rng)
    deal = Deal.new(variant, seed=seed, dealer=dealer, rng=rng)
    in_play_union: int | None = None
    steps = 0
    while not deal.is_over:
        actions = deal.legal_actions()
        if not actions:
            raise _fail(variant, seed, f"no legal action in phase {deal.phase!r} before the end")
        if len(set(actions)) != len(actions):
            raise _fail(variant, seed, f"repeated legal actions in phase {deal.phase!r}")
        report.phases.add(deal.phase)
        seat = actions[0].seat
        if deal.phase == PLAY:
            if in_play_union is None:
                in_play_union = 0
                for hand in deal.initial:
                    if hand is not None:
                        if in_play_union & hand:
                            raise _fail(variant, seed, "a card is in two hands")
                        in_play_union |= hand
            # conservation: hands + cards played == hands in play
            held = 0
            for hand in deal.hands:
                if held & hand:
                    raise _fail(variant, seed, "a card is in two hands")
                held |= hand
            played = sum(t.card_mask() for t in deal.tricks) + (
                deal.trick.card_mask() if deal.trick else 0
            )
            if held & played or (held | played) != in_play_union:
                raise _fail(variant, seed, f"cards not conserved after {steps} actions")
            illegal = [c for c in deal.hand(seat) if not any(a.card is c for a in actions)]
            if illegal:
                before = _snapshot(deal)
                try:
                    deal.play(Action(PLAY, seat, illegal[0]))
                except IllegalActionError:
                    pass
                else:
                    raise _fail(variant, seed, f"illegal {illegal[0]} was accepted")
                if _snapshot(deal) != before:
                    raise _fail(variant, seed, "a rejected play changed the deal")
                report.illegal_checked += 1
        action = players[seat].choose(deal.view(seat), actions)
        if action not in actions:
            raise _fail(variant, seed, f"bot chose {action}, not a legal action")
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
                    raise _fail(variant, seed, f"a card is in two places after {action}")
                in_play_union |= hand
        if len(deal.tricks) > n_tricks:
            trick = deal.tricks[-1]
            if trick.winner not in {p.seat for p in trick.plays}:
                raise _fail(
                    variant,
                    seed,
                    f"trick {trick.number} won by seat {trick.winner}, who played no card to it",
                )
            report.tricks += 1
        if steps > 10_000:
            raise _fail(variant, seed, "the deal does not end")
    report.actions += steps
    report.deals += 1
    result = deal.result()
    net = result.settlement.net()
    if sum(net) != 0:
        raise _fail(variant, seed, f"settlement is not zero-sum: {net}")
    # determinism: the same seed and bots give the same deal
    rng_again = random.Random(seed)
    bots_again = make_bots(variant, bots, rng_again)
    again = Deal.new(variant, seed=seed, dealer=dealer, rng=rng_again)
    while not again.is_over:
        acts = again.legal_actions()
        again.play(bots_again[acts[0].seat].choose(again.view(acts[0].seat), acts))
    if again.history != deal.history or again.result().to_json() != result.to_json():
        raise _fail(variant, seed, "the same seed and bots gave a different deal")
    # record round-trip through JSON text
    data = json.loads(json.dumps(deal.record.to_json(variant), ensure_ascii=False))
    replayed = replay(copy.deepcopy(data))
    if replayed.to_json() != result.to_json():
        raise _fail(
            variant, seed, f"replaying the record gave {replayed.to_json()}, not {result.to_json()}"
        )
    return deal


def check_party(
    variant: Variant,
    seed: int,
    *,
    bots: str | Sequence[str] = "random",
    report: ConformanceReport | None = None,
) -> PartyResult:
    """Play one whole party with bots and check it: it ends, its settlement is zero-sum, and its
    record (through JSON text) replays to exactly the same result."""
    report = report if report is not None else ConformanceReport()
    result = play_party(variant, seed=seed, bots=bots, max_deals=2_000)
    if sum(result.settlement.net()) != 0:
        raise _fail(variant, seed, f"party settlement is not zero-sum: {result.settlement.net()}")
    if len(result.running) != len(result.deals):
        raise _fail(variant, seed, "a party needs one running total per deal")
    assert result.record is not None
    data = json.loads(json.dumps(result.record.to_json(variant), ensure_ascii=False))
    replayed = replay(data)
    if replayed.to_json() != result.to_json():
        raise _fail(variant, seed, "replaying the party record gave a different result")
    report.parties += 1
    report.deals_in_parties += len(result.deals)
    return result


def check_variant(
    variant: Variant,
    *,
    deals: int = 50,
    seed: int = 0,
    bots: str | Sequence[str] | None = None,
    parties: int | None = None,
) -> ConformanceReport:
    """Play ``deals`` seeded deals (every bot of the variant, dealers in turn) and check them;
    then, for a variant with a party form, ``parties`` whole parties (default: deals // 10)."""
    report = ConformanceReport()
    kinds = [bots] if bots is not None else sorted({"random", *variant.bots()})
    for i in range(deals):
        kind = kinds[i % len(kinds)]
        check_deal(variant, seed + i, bots=kind, dealer=i % variant.players, report=report)
    if has_party_form(variant):
        for i in range(deals // 10 if parties is None else parties):
            check_party(variant, seed + i, bots=kinds[i % len(kinds)], report=report)
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
) -> tuple[int, int]:
    """Reduce bot-played deals and parties to outcome records (``Variant.outcome_record``: no
    hands, no tricks) and check that each replays to exactly the points, settlement and winners
    of its full record, and says ``checked: "outcome"``. Returns how many deals and parties were
    checked; a difference raises :class:`ConformanceError` naming the seed.

    >>> from kozyr import get_variant
    >>> check_outcome_reduction(get_variant("seven-up"), deals=3, parties=1)
    (3, 1)
    """
    base = {"variant": variant.name, "options": dict(variant.options)}
    n = variant.players
    for k in range(deals):
        s = seed + k
        from kozyr.bots import play_deal

        full = play_deal(variant, seed=s, dealer=s % n, bots=bots).result()
        reduced = replay({**base, **variant.outcome_record(full, {})})
        differ = _same(full, reduced, ("points", "settlement", "winners", "loser", "race_over"))
        if differ or reduced.checked != "outcome":
            raise _fail(variant, s, f"outcome record of the deal differs in {differ}")
    checked_parties = 0
    if has_party_form(variant):
        for k in range(parties):
            s = seed + k
            result = play_party(variant, seed=s, bots=bots)
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
                raise _fail(variant, s, f"outcome record of the party differs in {differ}")
            checked_parties += 1
    return deals, checked_parties


__all__ = [
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
