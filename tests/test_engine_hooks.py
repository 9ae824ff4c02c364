"""The richer engine hooks of issue 15: typed action values, explained illegal decisions with
rule ids, a hook between the plays of a trick (trump set by the card led, a declaration on a
player's first turn), and sides computed per variant instance."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

import kozyr
from kozyr import (
    Action,
    Deal,
    DealRecord,
    DealResult,
    Deck,
    FollowElseAny,
    IllegalActionError,
    Play,
    RankOrder,
    ScoreSheet,
    Settlement,
    Variant,
    play_deal,
)


class BidWhist(Variant):
    """Two players, four cards each from 32, no trump until the first card is led; eldest bids
    2, 3 or 4 before play (a typed value); at his first turn in the first trick the dealer may
    declare (a decision between the plays of a trick)."""

    name = "bid-whist"
    player_counts = (2,)
    hears_plays = True

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.trick_rules = FollowElseAny(RankOrder.ace_high(), rule="PN3")

    def start(self, deal: Deal) -> None:
        deck = Deck.of_size(32)
        deal.shuffle(deck)
        deal.deal_hands(deck.deal_masks([1, 0], (4,)))
        deal.set_phase("bid", 1)

    def decision_actions(self, deal: Deal) -> list[Action]:
        if deal.phase == "bid":
            return [Action("bid", 1, value=v) for v in (2, 3, 4)]
        return [Action("declare", deal.to_act), Action("pass", deal.to_act)]

    def explain_decision(self, deal: Deal, action: Action) -> str | None:
        if deal.phase == "bid" and action.kind == "bid":
            return f"a bid is 2, 3 or 4, not {action.value} (BW1)"
        return None

    def apply_decision(self, deal: Deal, action: Action) -> None:
        if action.kind == "bid":
            deal.record_fact("bid", action.value)
            deal.begin_play(1)
            return
        deal.record_fact("declared", action.kind == "declare")
        deal.resume_play()

    def after_play(self, deal: Deal, play: Play) -> None:
        if deal.trump is None:
            deal.set_trump(play.card.suit)  # the card led sets trump (BW2)
        if not deal.tricks and play.seat == 1 and "declared" not in deal.facts:
            deal.set_phase("declare", deal.to_act)  # the dealer's first turn (BW3)

    def setup_replay(self, deal: Deal, record: DealRecord) -> None:
        raise NotImplementedError

    def score(self, record: DealRecord, context: Mapping[str, Any]) -> DealResult:
        tricks = tuple(record.tricks_won(2)) if record.tricks is not None else (0, 0)
        return DealResult(record, tricks, ScoreSheet((), 2), tricks, Settlement(2))


def test_action_value_is_typed_and_part_of_the_action() -> None:
    assert Action("bid", 1, value=3) == Action("bid", 1, None, 3) != Action("bid", 1, value=4)
    assert str(Action("bid", 1, value=3)) == "seat 1: bid 3"
    assert Action("stand", 0).value is None


def test_bids_as_values_and_an_explained_illegal_bid() -> None:
    deal = Deal.new(BidWhist(), seed=4)
    assert [a.value for a in deal.legal_actions()] == [2, 3, 4]
    with pytest.raises(IllegalActionError, match=r"seat 1: a bid is 2, 3 or 4, not 5 \(BW1\)"):
        deal.play(Action("bid", 1, value=5))
    assert deal.phase == "bid"  # the illegal bid changed nothing
    deal.play(Action("bid", 1, value=3))
    assert deal.facts["bid"] == 3 and deal.phase == "play"


def test_the_card_led_sets_trump_and_a_declaration_comes_between_plays() -> None:
    for seed in range(20):
        deal = Deal.new(BidWhist(), seed=seed)
        deal.play(Action("bid", 1, value=2))
        assert deal.trump is None
        lead = deal.legal_actions()[0]
        deal.play(lead)
        assert lead.card is not None and deal.trump == lead.card.suit  # BW2
        # BW3: the dealer (seat 0) declares at his first turn, between the plays of trick 1
        assert deal.phase == "declare" and deal.to_act == 0
        trick = deal.trick
        assert trick is not None and len(trick.plays) == 1
        deal.play(Action("declare", 0))
        assert deal.phase == "play" and deal.to_act == 0 and deal.trick == trick
        while not deal.is_over:
            deal.play(deal.legal_actions()[0])
        assert len(deal.tricks) == 4 and deal.facts == {"bid": 2, "declared": True}


def test_bots_play_through_the_mid_trick_phase() -> None:
    phases = set()
    for seed in range(30):
        deal = play_deal(BidWhist(), seed=seed)
        phases.update(a.kind for a in deal.history)
        assert deal.is_over and sum(deal.tricks_won) == 4
    assert {"bid", "play"} <= phases and phases & {"declare", "pass"}


def test_explained_decisions_of_the_built_in_variants_cite_their_rules() -> None:
    # D-SU4: 6-0 to eldest's side with the game to 7 -- the dealer may not give, he must run
    variant = kozyr.get_variant("seven-up")
    deal = Deal.new(variant, seed=3, dealer=0, context={"scores": [0, 6], "target": 7})
    deal.play(Action("beg", 1))
    assert deal.legal_actions() == [Action("run", 0)]
    with pytest.raises(IllegalActionError, match=r"may not give.*side 1 to 7.*\(D-SU4\)"):
        deal.play(Action("give", 0))
    with pytest.raises(IllegalActionError, match=r"seat 0's turn \(the dealer\).*\(SU4\)"):
        deal.play(Action("run", 1))
    # SL-C16: the dealer may not run away
    classic = kozyr.get_variant("sem-listov", players=4, runaways=True)
    deal = Deal.new(classic, seed=1, dealer=0)
    assert deal.phase == "runaway"
    with pytest.raises(IllegalActionError, match=r"dealer may not run away \(SL-C16\)"):
        deal.play(Action("run_away", 0))


class SixInPairs(Variant):
    name = "six-in-pairs"
    player_counts = (6,)

    @property
    def sides(self) -> tuple[tuple[int, ...], ...] | None:
        return ((0, 3), (1, 4), (2, 5))  # three pairs, partners opposite


def test_sides_are_computed_per_variant_instance() -> None:
    variant = SixInPairs()
    assert [variant.side_of(s) for s in range(6)] == [0, 1, 2, 0, 1, 2]
    seven_up = kozyr.get_variant("seven-up")  # C5 by default
    assert [seven_up.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert kozyr.get_variant("seven-up", players=3).side_of(2) == 2  # alone: own seat


SEEN: list[object] = []


class Peeker:
    """A bot that tries to look at the next seat's hand before it plays."""

    def __init__(self, rng: object) -> None:
        self.rng = rng

    def choose(self, view: kozyr.PlayerView, actions: Any) -> Action:
        SEEN.append(view)
        with pytest.raises(IllegalActionError, match="sees only its own hand"):
            view.hand((view.seat + 1) % view.n)
        assert not hasattr(view, "hands")  # no other hands to read
        assert view.hand() == view.hand(view.to_act)
        return actions[0]


def test_bots_receive_a_read_only_player_view() -> None:
    variant = kozyr.get_variant("seven-up")
    SEEN.clear()
    deal = play_deal(variant, seed=5, bots=[Peeker(None) for _ in range(4)])
    assert deal.is_over and SEEN
    assert all(isinstance(v, kozyr.PlayerView) for v in SEEN)
    view = deal.view(1)
    # every card seen: own (now empty) hand, the 24 cards played, the turned card(s)
    assert len(view.cards_seen) == 24 + len(deal.turnups)
    assert dict(view.facts) == {}  # Seven Up declares no public facts: discards stay private


class OptionalDeclaration(BidWhist):
    """BW3 only when the ``declare`` option is on: ``hears_plays`` set per variant object (#23
    item 6), not per class."""

    name = "bid-whist-optional"
    options_spec = (kozyr.OptionSpec("declare", bool, True, "BW3", "the dealer may declare"),)

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.hears_plays = bool(self.options["declare"])
        self.heard = 0

    def after_play(self, deal: Deal, play: Play) -> None:
        self.heard += 1
        super().after_play(deal, play)


def test_hears_plays_per_variant_object() -> None:
    on, off = OptionalDeclaration(), OptionalDeclaration(declare=False)
    assert (on.hears_plays, off.hears_plays, Variant.hears_plays) == (True, False, False)
    trumps = []
    for variant in (on, off):
        deal = Deal.new(variant, seed=2)
        deal.play(Action("bid", 1, value=2))
        while not deal.is_over:
            deal.play(deal.legal_actions()[0])
        trumps.append(deal.trump)
    # two players, four tricks: after_play hears the first card of each trick -- only when on
    # (BW2: the card led sets trump; without the hook nothing does)
    assert on.heard == 4 and off.heard == 0
    assert trumps[0] is not None and trumps[1] is None
