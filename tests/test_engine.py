"""The deal engine (engine.py): validation before application, turn order, determinism."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kozyr
from kozyr import DONE, PLAY, Action, Card, Deal, IllegalActionError, IllegalPlayError


def snapshot(deal: Deal) -> tuple[object, ...]:
    return (
        deal.phase,
        deal.to_act,
        tuple(deal.hands),
        deal.trick,
        tuple(deal.tricks),
        tuple(deal.history),
        repr(deal.facts),
        tuple(deal.turnups),
        deal.trump,
    )


def in_play(seed: int, **options: object) -> Deal:
    """A Seven Up deal where eldest stood: trick play has begun."""
    deal = Deal.new(kozyr.get_variant("seven-up", **options), seed=seed)
    deal.play(Action("stand", deal.to_act))  # SU4: eldest may always stand
    return deal


def test_stand_starts_play_with_eldest() -> None:
    deal = in_play(3)
    assert deal.phase == PLAY
    assert deal.to_act == 1  # C2: eldest = dealer's left (dealer 0)
    assert deal.trick is not None and deal.trick.leader == 1
    assert all(len(deal.hand(s)) == 6 for s in range(4))  # SU3
    assert deal.initial == deal.hands


def find_illegal(deal: Deal) -> Card:
    """A card the seat to act holds but may not play (SU5), playing legal cards until there
    is one."""
    while not deal.is_over:
        seat = deal.to_act
        legal = deal.legal_plays()
        illegal = [c for c in deal.hand(seat) if c not in legal]
        if illegal:
            return illegal[0]
        deal.play(Action(PLAY, seat, min(legal)))
    raise LookupError


def test_illegal_play_names_seat_card_rule_and_changes_nothing() -> None:
    for seed in range(50):
        deal = in_play(seed)
        try:
            card = find_illegal(deal)
        except LookupError:
            continue
        seat = deal.to_act
        before = snapshot(deal)
        with pytest.raises(IllegalPlayError) as info:
            deal.play(Action(PLAY, seat, card))
        error = info.value
        assert error.seat == seat and error.card is card and error.rule == "SU5"
        assert str(error).startswith(f"seat {seat}: {card} ")
        assert str(error).endswith("(SU5)")
        assert snapshot(deal) == before  # validated before applied: nothing changed
        assert not deal.can_play(Action(PLAY, seat, card))
        with pytest.raises(IllegalPlayError):
            deal.verify_play(Action(PLAY, seat, card))
        assert snapshot(deal) == before
        return
    pytest.fail("no illegal play found in 50 deals")


def test_out_of_turn_and_card_not_held() -> None:
    deal = in_play(1)
    before = snapshot(deal)
    other = (deal.to_act + 1) % 4
    card = next(iter(deal.hand(other)))
    with pytest.raises(IllegalPlayError) as info:
        deal.play(Action(PLAY, other, card))
    assert info.value.rule == "C2" and info.value.seat == other
    assert (
        str(info.value) == f"seat {other} played {card} out of turn; seat {deal.to_act} is to play"
    )
    with pytest.raises(IllegalPlayError) as info:
        deal.play(Action(PLAY, deal.to_act, card))  # the next seat's card
    assert str(info.value) == f"{card} is not in seat {deal.to_act}'s hand"
    assert info.value.rule == "C3"
    with pytest.raises(IllegalActionError, match="must play a card now, not stand"):
        deal.play(Action("stand", deal.to_act))
    assert snapshot(deal) == before


def test_decision_phase_errors() -> None:
    deal = Deal.new(kozyr.get_variant("seven-up"), seed=2)
    assert deal.phase == "beg" and deal.to_act == 1
    assert deal.legal_actions() == [Action("stand", 1), Action("beg", 1)]
    assert deal.legal_plays() == kozyr.CardSet()
    before = snapshot(deal)
    # SU4: eldest stands or begs; the variant's explain_decision says so, with the rule id
    with pytest.raises(IllegalActionError, match=r"it is seat 1's turn \(eldest\).*\(SU4\)"):
        deal.play(Action("give", 0))
    with pytest.raises(IllegalActionError):
        deal.play_card(next(iter(deal.hand(1))))
    assert snapshot(deal) == before
    with pytest.raises(IllegalActionError, match="the deal is not over"):
        deal.result()


def test_can_play_verify_play_play_triad() -> None:
    deal = in_play(4)
    for action in deal.legal_actions():
        assert deal.can_play(action)
        deal.verify_play(action)  # does not raise, does not apply
    assert deal.history == (Action("stand", 1),)
    action = deal.legal_actions()[0]
    deal.play(action)
    assert deal.history[-1] == action
    assert action.card not in deal.hand(action.seat)


def test_play_card_by_notation() -> None:
    deal = in_play(5)
    card = min(deal.legal_plays())
    seat = deal.to_act
    deal.play_card(card.format("russian"))
    assert deal.trick is not None and deal.trick.plays[-1].card is card
    assert deal.trick.plays[-1].seat == seat


def test_bad_dealer() -> None:
    with pytest.raises(IllegalActionError, match=r"dealer must be a seat 0\.\.3, not 4"):
        Deal.new(kozyr.get_variant("seven-up"), seed=1, dealer=4)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([2, 3, 4]), dealer=st.integers(0, 3))
def test_legal_actions_until_the_end_and_same_seed_same_deal(
    seed: int, players: int, dealer: int
) -> None:
    variant = kozyr.get_variant("seven-up", players=players)
    dealer %= players
    deal = kozyr.play_deal(variant, seed=seed, dealer=dealer)
    again = kozyr.play_deal(variant, seed=seed, dealer=dealer)
    assert deal.history == again.history
    assert deal.result().to_json() == again.result().to_json()
    # walk it again step by step: legal actions are never empty before the end
    replayed = Deal.new(variant, seed=seed, dealer=dealer)
    assert replayed.hands == Deal.new(variant, seed=seed, dealer=dealer).hands
    for action in deal.history:
        actions = replayed.legal_actions()
        assert actions and action in actions
        for trick in replayed.tricks:
            assert trick.winner in {p.seat for p in trick.plays}
        replayed.play(action)
    assert replayed.is_over and replayed.phase == DONE and replayed.legal_actions() == []
    with pytest.raises(IllegalActionError, match="the deal is over"):
        replayed.play(deal.history[-1])
    assert sum(replayed.tricks_won) == len(replayed.tricks)


def test_different_seeds_differ() -> None:
    variant = kozyr.get_variant("seven-up")
    hands = {tuple(Deal.new(variant, seed=s).hands) for s in range(20)}
    assert len(hands) == 20


def test_a_decision_named_by_a_string() -> None:
    # SU4: eldest (seat 1 when seat 0 deals) stands or begs; the dealer then gives or runs
    deal = kozyr.Deal.new(kozyr.get_variant("seven-up"), seed=1)
    deal.play("beg")
    assert [str(a) for a in deal.legal_actions()] == ["seat 0: give", "seat 0: run"]
    with pytest.raises(kozyr.IllegalActionError, match=r"legal now: seat 0: give, seat 0: run"):
        deal.play("stand")  # no longer legal: the answer lists what is
    assert not deal.can_play("beg") and deal.can_play("give")
    deal.play("seat 0: give")
    card = deal.legal_actions()[0].card
    assert card is not None
    deal.play(str(card))  # SU5: in trick play a card's text names the play
    assert deal.history[-1].card == card


def test_the_starting_hands_stay_readable_after_a_deal() -> None:
    deal = kozyr.play_deal(kozyr.get_variant("seven-up"), seed=3)
    assert deal.is_over and not deal.hand(0)  # every card is played (SU3: six each)
    assert [len(hand) for hand in deal.record.hands] == [6, 6, 6, 6]
    assert str(deal.record.hands[0]) == str(kozyr.CardSet.from_mask(deal.initial[0] or 0))
