"""Decisions that are not cards, valued by playing whole sampled deals out (the ``pimc`` bot's
stand or beg, give or run, bids, run away and exchange).

A decision taken before the first card is played is valued the way the table advisors value it
(:mod:`kozyr.advise`): ``samples`` whole deals are dealt as the seat knows the deal -- its hand,
the turned card, the cards every player knows another seat holds (:func:`known_cards`) -- by the
variant's own dealing (:func:`~kozyr.analysis.stacked_layout`); the public decisions so far
(:attr:`kozyr.PlayerView.log`: eldest's beg, the bids before the seat's) are made again in each;
then every choice is taken in turn on the same deals and the rest of the deal played out by the
policy bots with the same generators (common random numbers), and scored: the side's points less
the other side's, or the seat's net settlement where the variant settles each deal in money
(:func:`~kozyr.analysis.deal_value`).

A deal the seat's knowledge cannot be dealt into -- a hand that grew after the deal (Seven Up's
run, SU4), a decision after the first card, a decision of another seat nobody saw -- gives no
values, and the bot's fallback decides.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from kozyr.analysis._deals import DealingError, StackedShuffle, deal_value, deck_places
from kozyr.analysis._deals import stacked_layout as _layout
from kozyr.analysis._playout import policy_bots
from kozyr.analysis._sampling import known_cards
from kozyr.cardset import CardSet
from kozyr.errors import KozyrError

if TYPE_CHECKING:
    from kozyr.cards import Card
    from kozyr.engine import Deal, PlayerView
    from kozyr.record import DealResult
    from kozyr.variant import Action

PLAY = "play"  # kozyr.engine.PLAY (the engine is imported lazily)
_Key = tuple[str, int, int | None, int | str | None]


def _key(action: Action) -> _Key:
    return (
        action.kind,
        action.seat,
        None if action.card is None else action.card.index,
        action.value,
    )


def decision_values(
    view: PlayerView,
    actions: Sequence[Action],
    *,
    samples: int,
    rng: random.Random,
    policy: str = "heuristic",
) -> dict[int, float]:
    """The mean value of each of ``actions`` (by its place in ``actions``) over ``samples``
    whole sampled deals played out by the ``policy`` bots; empty when the decision comes after
    the first card, or the seat's knowledge does not fit a fresh deal (see the module)."""
    if view.tricks or (view.trick is not None and view.trick.plays):
        return {}
    variant, seat, dealer = view.variant, view.seat, view.dealer
    context = dict(view.context)
    try:
        deck, where = deck_places(variant, dealer, context)
    except KozyrError:
        return {}
    turnup = view.turnups[0] if view.turnups else None
    if turnup is not None and "turnup" not in where:
        turnup = None
    # The turned card has its own place even where the dealer holds it (NN2).
    out = 0 if turnup is None else turnup.mask
    own = list(CardSet.from_mask(view.hand_mask() & ~out))
    shown = {
        other: list(CardSet.from_mask(mask & ~out))
        for other, mask in enumerate(known_cards(view))
        if mask & ~out and other != seat
    }
    wanted = [_key(a) for a in actions]
    results: list[list[DealResult]] = [[] for _ in actions]
    route: list[_Key] | None = None
    for _ in range(samples):
        sample_seed = rng.getrandbits(64)
        try:
            layout = _layout(
                deck, where, seat, own, turnup, (), dealer, variant, sample_seed, shown
            )
        except DealingError:
            return {}

        def fresh(layout: list[Card] = layout) -> Deal:
            return _fresh(view, context, layout)

        try:
            if route is None:
                route = _route(fresh, view, wanted)
                if route is None:
                    return {}
            outcomes = []
            for action in actions:
                deal = fresh()
                if not _replay(deal, route):
                    break  # this sample cannot be played the way the deal went: skip it
                deal.push(action)
                bots = policy_bots(variant, policy, sample_seed)
                while next_actions := deal.legal_actions():
                    actor = next_actions[0].seat
                    deal.push(bots(actor).choose(deal.view(actor), next_actions))
                outcomes.append(deal.result())
        except KozyrError:
            return {}
        if len(outcomes) == len(actions):
            for found, result in zip(results, outcomes, strict=True):
                found.append(result)
    paid = any(r.settlement.payments for found in results for r in found)
    measure = "settlement" if paid else "points"
    return {
        i: sum(deal_value(r, variant, seat, measure) for r in found) / len(found)
        for i, found in enumerate(results)
        if found
    }


def _fresh(view: PlayerView, context: dict[str, object], layout: list[Card]) -> Deal:
    """A new deal of the sample's deck, dealt as the real one was (its dealer and context)."""
    from kozyr.engine import Deal

    return Deal.new(
        view.variant,
        dealer=view.dealer,
        context=context,
        rng=StackedShuffle(lambda _deck: list(layout)),
    )


#: Decisions of other seats that no log shows but the seat can tell were taken (eldest's beg
#: before the dealer's give or run, SU4) are searched for, at most this many in a row.
_IMPLIED = 2


def _route(
    fresh: Callable[[], Deal], view: PlayerView, wanted: Sequence[_Key]
) -> list[_Key] | None:
    """The decisions to make again, in order, to bring a fresh deal to the seat's decision with
    its hand, trump, turned cards and choices: the public ones of the view's log, and between
    them the decisions of kinds the variant does not log that lead there (found by trying each
    choice; at most :data:`_IMPLIED` in a row); None when there is no such way."""
    log = [_key(a) for a in view.log]
    public = {k.kind for k in view.variant.decision_log if k.public}

    def search(prefix: list[_Key], made: int, depth: int) -> list[_Key] | None:
        deal = fresh()
        if not _replay(deal, prefix):
            return None
        actions = deal.legal_actions()
        if not actions or any(a.kind == PLAY for a in actions):
            return None
        keys = [_key(a) for a in actions]
        if made == len(log) and _arrived(deal, view, keys, wanted):
            return prefix
        if made < len(log) and log[made] in keys:
            return search([*prefix, log[made]], made + 1, _IMPLIED)
        if depth == 0 or any(a.kind in public for a in actions):
            return None
        for key in keys:
            found = search([*prefix, key], made, depth - 1)
            if found is not None:
                return found
        return None

    return search([], 0, _IMPLIED)


def _arrived(deal: Deal, view: PlayerView, keys: Sequence[_Key], wanted: Sequence[_Key]) -> bool:
    seat = view.seat
    return (
        keys[0][1] == seat
        and list(keys) == list(wanted)
        and deal.hand_mask(seat) == view.hand_mask()
        and deal.trump == view.trump
        and deal.turnups == view.turnups
    )


def _replay(deal: Deal, route: Sequence[_Key]) -> bool:
    """Make the decisions of ``route`` on ``deal``; False where one is not legal."""
    for step in route:
        chosen = next((a for a in deal.legal_actions() if _key(a) == step), None)
        if chosen is None:
            return False
        deal.push(chosen)
    return True


__all__ = ["decision_values"]
