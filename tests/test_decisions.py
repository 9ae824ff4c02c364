"""Decisions that are not cards valued by whole sampled deals (analysis/_decide.py), and the
stacked deals they and the table advisors share (analysis/_deals.py), issue 27."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest

import kozyr
from kozyr.analysis import (
    DealingError,
    StackedShuffle,
    deal_value,
    decision_values,
    deck_places,
    policy_bots,
    stacked_layout,
)
from kozyr.analysis.pimc import PimcBot, pimc_factory
from kozyr.bots import play_deal
from kozyr.engine import PLAY, Deal
from kozyr.variant import Action


def first_deal(variant: kozyr.Variant, wanted: Callable[[Deal], bool], *first: str) -> Deal:
    """The first deal (by seed, dealer 0) in which ``wanted`` holds, after the actions of the
    kinds ``first`` were taken, one after the other."""
    for seed in range(500):
        deal = Deal.new(variant, seed=seed)
        for kind in first:
            deal.push(next(a for a in deal.legal_actions() if a.kind == kind))
        if deal.legal_actions() and wanted(deal):
            return deal
    raise AssertionError("no such deal in 500 seeds")


def kinds(deal: Deal) -> set[str]:
    return {a.kind for a in deal.legal_actions()}


@pytest.mark.parametrize(("rate", "penalty"), [(2, 8), (3, 12)])
def test_running_away_is_worth_exactly_its_penalty(rate: int, penalty: int) -> None:
    # SL-C16: a player who runs away pays runaway_rate × n to the deal's winner, and (D-SL4)
    # neither pays nor receives difference payments: at 4 players, -8 (rate 2) or -12 (rate 3)
    # in every sampled deal, whatever the others then hold and play. Staying is a real spread.
    variant = kozyr.get_variant("sem-listov", players=4, runaways=True, runaway_rate=rate)
    deal = first_deal(variant, lambda d: kinds(d) == {"stay", "run_away"})
    actions = deal.legal_actions()
    values = decision_values(
        deal.view(deal.to_act), actions, samples=12, rng=random.Random(4), policy="heuristic"
    )
    by_kind = {actions[i].kind: v for i, v in values.items()}
    assert by_kind["run_away"] == -penalty
    assert by_kind["stay"] != -penalty


def test_a_value_is_the_deal_dealt_as_the_seat_knows_it_and_played_out() -> None:
    # Seven Up (SU4), 4 players, dealer 0: eldest (seat 1) begged, and the dealer decides give
    # or run. One sample by hand: the dealer's hand and the turned card where the variant deals
    # them, the rest from the sample's seed; eldest's beg made again; each choice played out by
    # the heuristic bots of the same seed; the side's points less the other's.
    variant = kozyr.get_variant("seven-up")
    deal = first_deal(variant, lambda d: kinds(d) == {"give", "run"}, "beg")
    assert deal.log and deal.log[-1].kind == "beg"
    view = deal.view(deal.to_act)
    actions = deal.legal_actions()
    values = decision_values(view, actions, samples=1, rng=random.Random(9))
    seed = random.Random(9).getrandbits(64)
    deck, where = deck_places(variant, deal.dealer)
    layout = stacked_layout(
        deck,
        where,
        deal.dealer,
        list(deal.hand(deal.dealer)),
        deal.turnups[0],
        (),
        0,
        variant,
        seed,
    )
    by_hand = []
    for action in actions:
        sample = Deal.new(variant, dealer=0, rng=StackedShuffle(lambda _d: list(layout)))
        assert sample.hand_mask(0) == deal.hand_mask(0) and sample.turnups == deal.turnups
        sample.push(next(a for a in sample.legal_actions() if a.kind == "beg"))
        sample.push(action)
        bots = policy_bots(variant, "heuristic", seed)
        while next_actions := sample.legal_actions():
            seat = next_actions[0].seat
            sample.push(bots(seat).choose(sample.view(seat), next_actions))
        by_hand.append(deal_value(sample.result(), variant, 0, "points"))
    assert values == dict(enumerate(by_hand))


def test_the_other_hands_are_sampled_and_the_log_is_made_again() -> None:
    # Auction pitch (AP3): the third bidder's samples deal the other three hands afresh each
    # time, while the two bids before it are made again in every one.
    variant = kozyr.get_variant("auction-pitch")
    deal = Deal.new(variant, seed=3)
    deal.push(deal.legal_actions()[0])
    deal.push(deal.legal_actions()[-1])
    seat = deal.to_act
    hands: list[tuple[int, ...]] = []
    original = Deal.push

    def watching(self: Deal, action: Action) -> None:
        if self is not deal and len(self.log) == 2 and self.to_act == seat:
            hands.append(tuple(self.hand_mask(s) for s in range(4)))
            assert self.log == deal.log
        original(self, action)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Deal, "push", watching)
        values = decision_values(
            deal.view(seat), deal.legal_actions(), samples=6, rng=random.Random(2)
        )
    assert len(values) == len(deal.legal_actions())
    assert hands and all(h[seat] == deal.hand_mask(seat) for h in hands)
    assert len({h[(seat + 1) % 4] for h in hands}) > 1  # the others' hands are really sampled


def test_no_values_where_the_seat_knowledge_does_not_fit_a_fresh_deal() -> None:
    # After the first card, and for Seven Up's discard after a run (SU4: the hands grew from the
    # stock), the decision is left to the fallback: no values.
    seven_up = kozyr.get_variant("seven-up")
    running = first_deal(seven_up, lambda d: kinds(d) == {"give", "run"}, "beg")
    running.push(next(a for a in running.legal_actions() if a.kind == "run"))
    while kinds(running) not in ({"discard"}, {PLAY}):
        running.push(running.legal_actions()[0])
    if kinds(running) == {"discard"}:
        view = running.view(running.to_act)
        assert decision_values(view, running.legal_actions(), samples=3, rng=random.Random(1)) == {}
    pitch = kozyr.get_variant("auction-pitch")
    played = Deal.new(pitch, seed=1)
    while kinds(played) != {PLAY}:
        played.push(played.legal_actions()[-1])
    played.push(played.legal_actions()[0])
    view = played.view(played.to_act)
    assert decision_values(view, played.legal_actions(), samples=3, rng=random.Random(1)) == {}


def test_a_hand_that_does_not_fit_the_dealing_is_a_dealing_error() -> None:
    variant = kozyr.get_variant("seven-up")
    deck, where = deck_places(variant, 0)
    with pytest.raises(DealingError, match="seat 1 is dealt 6 cards"):
        stacked_layout(deck, where, 1, deck[:5], None, (), 0, variant, 1)


def test_pimc_takes_its_decisions_by_sampled_deals_when_told_to() -> None:
    variant = kozyr.get_variant("auction-pitch")
    choices: list[int] = []

    class Counting(PimcBot):
        def choose(self, view: Any, actions: Sequence[Action]) -> Action:
            if actions[0].kind != PLAY and len(actions) > 1:
                choices.append(len(actions))
            return super().choose(view, actions)

    bots = [Counting(random.Random(i), samples=2, decisions=4) for i in range(4)]
    play_deal(variant, seed=5, bots=bots)
    # Each seat bids once (AP3); every bid with a choice (not the dealer's forced bid, AP4)
    # was valued on sampled deals.
    assert len(choices) >= 3 and sum(b.decided for b in bots) == len(choices)
    plain = [PimcBot(random.Random(i), samples=2) for i in range(4)]
    play_deal(variant, seed=5, bots=plain)
    assert sum(b.decided for b in plain) == 0  # by default the heuristic bot decides
    factory = pimc_factory("pimc:decisions=6:samples=2")
    assert factory is not None and factory(random.Random(1)).decisions == 6


def test_pimc_stands_with_high_low_and_jack_in_hand() -> None:
    # Seven Up (SU4, SU6), dealer 0, hearts turned (5♥): eldest (seat 1) holds A♥ K♥ Q♥ J♥ 10♥
    # 2♥ -- High and Low are his as dealt (nothing above the A or below the 2), and the J♥
    # wins its trick (only the A K Q he holds beat it): at least 3 points for his side, less
    # at most the Game point for the other side, in every sampled deal. Begging risks the run
    # that takes hearts away; pimc stands.
    variant = kozyr.get_variant("seven-up")
    deck, where = deck_places(variant, 0)
    own = list(kozyr.CardSet.parse("Ah Kh Qh Jh 10h 2h"))
    turned = kozyr.Card.parse("5h")
    layout = stacked_layout(deck, where, 1, own, turned, (), 0, variant, 11)
    deal = Deal.new(variant, dealer=0, rng=StackedShuffle(lambda _d: list(layout)))
    assert deal.hand(1) == kozyr.CardSet(own) and deal.trump == turned.suit
    actions = deal.legal_actions()
    assert [a.kind for a in actions] == ["stand", "beg"]
    values = decision_values(deal.view(1), actions, samples=10, rng=random.Random(3))
    assert 2.0 <= values[0] <= 4.0 and values[0] > values[1]
    bot = PimcBot(random.Random(1), decisions=10)
    assert bot.choose(deal.view(1), actions).kind == "stand" and bot.decided == 1
