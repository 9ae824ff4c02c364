"""Trick policies (tricks.py) against hand-built tricks, each citing the rule id it checks."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kozyr import (
    DEAD,
    FACE_DOWN,
    Card,
    CardSet,
    FollowElseAny,
    FollowElseMustTrump,
    FollowOrTrump,
    FreePlayDeadTrumps,
    MainSuit,
    Play,
    Rank,
    RankOrder,
    StandardTrickRules,
    Suit,
    Trick,
    TrickRules,
)

ACE_HIGH = RankOrder.ace_high()
SEMERIK = RankOrder(tuple(Rank(r) for r in (3, 2, 14, 13, 12, 11, 7, 6, 5, 4)))  # SM2
H, S, D, C = Suit.HEARTS, Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS


def cs(text: str) -> CardSet:
    return CardSet.parse(text)


def card(text: str) -> Card:
    return Card.parse(text)


def build(rules: StandardTrickRules, trump: Suit | None, *plays: tuple[int, str, str]) -> Trick:
    """Play ``(seat, card, hand-before-the-play)`` in order, checking each play is legal and
    attaching the policy's flags, as the engine does."""
    trick = Trick(leader=plays[0][0])
    for seat, text, hand_text in plays:
        hand, c = cs(hand_text), card(text)
        assert c in CardSet.from_mask(rules.legal_mask(hand.mask, trick, trump)), (
            f"{c} should be legal from {hand}"
        )
        trick = trick.with_play(seat, c, rules.play_flags(hand.mask, trick, c, trump))
    return trick


def led(seat: int, text: str) -> Trick:
    return Trick(leader=seat).with_play(seat, card(text))


# --- RankOrder (C3) ---------------------------------------------------------------------------


def test_rank_orders() -> None:
    assert ACE_HIGH.beats(card("As"), card("Ks")) and not ACE_HIGH.beats(card("2s"), card("3s"))
    assert ACE_HIGH.highest(cs("9h Jh 2h")) is card("Jh")
    assert ACE_HIGH.lowest(cs("9h Jh 2h")) is card("2h")
    # SM2: 3 2 A K Q J 7 6 5 4 -- the three beats the ace, the four is lowest
    assert SEMERIK.beats(card("3h"), card("Ah")) and SEMERIK.beats(card("2h"), card("Ah"))
    assert SEMERIK.highest(cs("4h Ah 2h")) is card("2h")
    assert SEMERIK.lowest(cs("4h Ah 7h")) is card("4h")
    # ranks outside an order (8 9 10 in Семерик) are weaker than all of it
    assert SEMERIK.strength[card("10h").index] == -1
    assert RankOrder.ace_high(Rank.SIX).ranks[-1] == Rank.SIX


def test_policies_satisfy_the_protocol() -> None:
    for rules in (
        StandardTrickRules(ACE_HIGH),
        FollowElseAny(ACE_HIGH),
        FollowElseMustTrump(ACE_HIGH),
        FollowOrTrump(ACE_HIGH),
        FreePlayDeadTrumps(ACE_HIGH),
        MainSuit(SEMERIK, main=H),
    ):
        assert isinstance(rules, TrickRules)
    assert FollowElseAny(ACE_HIGH, rule="X1").rule == "X1"


# --- C6 ----------------------------------------------------------------------------------------


def test_c6_standard_winner() -> None:
    rules = StandardTrickRules(ACE_HIGH)
    assert CardSet.from_mask(rules.legal_mask(cs("As 2h").mask, led(0, "Kd"), H)) == cs(
        "As 2h"
    )  # any card
    # C6: highest live trump; else highest of the suit led (off-suit aces do not win)
    t = Trick(0).with_play(0, card("9s")).with_play(1, card("Ad")).with_play(2, card("Ks"))
    assert rules.trick_winner(t, H) == 2
    assert rules.trick_winner(t.with_play(3, card("2h")), H) == 3
    assert rules.trick_winner(t.with_play(3, card("2h")), None) == 2  # no trump suit
    # a trump flagged DEAD is not live
    assert rules.trick_winner(t.with_play(3, card("2h"), DEAD), H) == 2


# --- PN3: follow suit, else any card ---------------------------------------------------------


def test_pn3_follow_else_any() -> None:
    rules = FollowElseAny(ACE_HIGH)
    lead = led(0, "9s")
    # PN3: must follow when able
    assert CardSet.from_mask(rules.legal_mask(cs("Ks 7h 8d").mask, lead, H)) == cs("Ks")
    # PN3: void in the suit led -- trump or discard, free choice
    assert CardSet.from_mask(rules.legal_mask(cs("7h 8d").mask, lead, H)) == cs("7h 8d")
    # any card may be led
    assert CardSet.from_mask(rules.legal_mask(cs("Ks 7h 8d").mask, Trick(0), H)) == cs("Ks 7h 8d")
    # winner by C6: the void player's trump beats the spade ace
    t = build(rules, H, (0, "9s", "9s 6c"), (1, "7h", "7h 8d"), (2, "As", "As 6d"))
    assert rules.trick_winner(t, H) == 1
    t = build(rules, H, (0, "9s", "9s 6c"), (1, "8d", "7h 8d"), (2, "As", "As 6d"))
    assert rules.trick_winner(t, H) == 2
    # a discard never wins, however high
    t = build(rules, H, (1, "9s", "9s"), (2, "Ad", "Ad"))
    assert rules.trick_winner(t, H) == 1
    assert "does not follow the suit led ♠" in rules.explain(cs("Ks 7h").mask, lead, card("7h"), H)
    assert "(PN3)" in rules.explain(cs("Ks 7h").mask, lead, card("7h"), H)


# --- SL19-2 / NN3: follow suit; void, must trump; else any ------------------------------------


def test_sl19_2_nn3_follow_else_must_trump() -> None:
    rules = FollowElseMustTrump(ACE_HIGH)
    lead = led(0, "9s")
    assert CardSet.from_mask(rules.legal_mask(cs("Ks 7h 8d").mask, lead, H)) == cs(
        "Ks"
    )  # follow; may not trump
    assert CardSet.from_mask(rules.legal_mask(cs("7h 10h 8d 6c").mask, lead, H)) == cs(
        "7h 10h"
    )  # void: must trump
    assert CardSet.from_mask(rules.legal_mask(cs("8d 6c").mask, lead, H)) == cs(
        "8d 6c"
    )  # no trump: anything
    assert CardSet.from_mask(rules.legal_mask(cs("8d 6c").mask, lead, None)) == cs("8d 6c")
    t = build(rules, H, (0, "9s", "9s"), (1, "7h", "7h 8d"), (2, "10h", "10h 8c"))
    assert rules.trick_winner(t, H) == 2  # C6: highest trump
    why = rules.explain(cs("7h 8d").mask, lead, card("8d"), H)
    assert "must trump" in why and "(NN3)" in why
    assert "does not follow" in rules.explain(cs("Ks 7h").mask, lead, card("7h"), H)
    assert FollowElseMustTrump(ACE_HIGH, rule="SL19-2").rule == "SL19-2"


# --- SU5: follow or trump at will; void with a trump must trump -------------------------------


def test_su5_follow_or_trump() -> None:
    rules = FollowOrTrump(ACE_HIGH)
    lead = led(0, "9s")
    # SU5: able to follow, a player may still trump (but not discard)
    assert CardSet.from_mask(rules.legal_mask(cs("Ks 7h 8d").mask, lead, H)) == cs("Ks 7h")
    # SU5: void in the suit led and holding a trump: must trump (the old laws)
    assert CardSet.from_mask(rules.legal_mask(cs("7h 8d").mask, lead, H)) == cs("7h")
    # can do neither: any card
    assert CardSet.from_mask(rules.legal_mask(cs("8d 6c").mask, lead, H)) == cs("8d 6c")
    # trump led: following is trumping
    assert CardSet.from_mask(rules.legal_mask(cs("Ks 7h 2h").mask, led(0, "Ah"), H)) == cs("7h 2h")
    # option void_may_discard (modern rule): a void player may play anything
    modern = FollowOrTrump(ACE_HIGH, void_may_discard=True)
    assert CardSet.from_mask(modern.legal_mask(cs("7h 8d").mask, lead, H)) == cs("7h 8d")
    assert CardSet.from_mask(modern.legal_mask(cs("Ks 7h 8d").mask, lead, H)) == cs(
        "Ks 7h"
    )  # still no discard
    t = build(rules, H, (0, "9s", "9s"), (1, "2h", "Ks 2h"), (2, "As", "As"), (3, "3h", "3h 4d"))
    assert rules.trick_winner(t, H) == 3  # 3♥ beats 2♥ (C6)
    why = rules.explain(cs("7h 8d").mask, lead, card("8d"), H)
    assert "must trump" in why and "(SU5)" in why
    assert "neither follows" in rules.explain(cs("Ks 7h 8d").mask, lead, card("8d"), H)


# --- SL-C9..SL-C12: Семь листов, dead trumps ------------------------------------------------------


def test_sl_c9_free_play_and_dead_trumps() -> None:
    rules = FreePlayDeadTrumps(ACE_HIGH)
    lead = led(0, "9s")
    # SL-C9: no duty to follow a plain lead
    assert CardSet.from_mask(rules.legal_mask(cs("Ks 7h 8d").mask, lead, H)) == cs("Ks 7h 8d")
    # SL-C9: a trump played to a plain lead by a hand with other cards is dead ...
    assert rules.play_flags(cs("7h 8d").mask, lead, card("7h"), H) == DEAD
    # ... unless the hand held only trumps then: live
    assert rules.play_flags(cs("7h 10h").mask, lead, card("7h"), H) == 0
    # a plain card is never flagged; nor is a trump on a trump lead
    assert rules.play_flags(cs("7h 8d").mask, lead, card("8d"), H) == 0
    assert rules.play_flags(cs("7h 8d").mask, led(0, "Ah"), card("7h"), H) == 0
    # SL-C11: the dead trump cannot win; the highest spade does
    t = build(rules, H, (0, "9s", "9s 6c"), (1, "Ah", "Ah 8d"), (2, "Ks", "Ks 6d"))
    assert t.plays[1].flags == DEAD
    assert rules.trick_winner(t, H) == 2
    # SL-C9/SL-C11: a live trump (all-trump hand) wins over the suit led
    t = build(rules, H, (0, "9s", "9s 6c"), (1, "7h", "7h 10h"), (2, "Ks", "Ks 6d"))
    assert rules.trick_winner(t, H) == 1
    # a dead trump plays as a card of no suit: it does not beat even a lower card of the suit led
    t = build(rules, H, (0, "9s", "9s 6c"), (1, "Ah", "Ah 8d"))
    assert rules.trick_winner(t, H) == 0


def test_sl_c10_trump_lead_must_be_answered_with_a_trump() -> None:
    rules = FreePlayDeadTrumps(ACE_HIGH)
    lead = led(0, "9h")
    assert CardSet.from_mask(rules.legal_mask(cs("Ks 7h 8d").mask, lead, H)) == cs("7h")  # SL-C10
    assert CardSet.from_mask(rules.legal_mask(cs("Ks 8d").mask, lead, H)) == cs(
        "Ks 8d"
    )  # no trump: any card
    why = rules.explain(cs("Ks 7h").mask, lead, card("Ks"), H)
    assert "(SL-C10)" in why


def test_sl_c12_honours_first() -> None:
    rules = FreePlayDeadTrumps(ACE_HIGH, honours_first=True)
    assert CardSet.from_mask(rules.legal_mask(cs("Ah 7h 8d").mask, led(0, "9h"), H)) == cs("Ah")
    assert CardSet.from_mask(rules.legal_mask(cs("Ah Kh 7h").mask, led(0, "9h"), H)) == cs(
        "Ah Kh"
    )  # either
    # the king's holder must play it even on the trump ace led
    assert CardSet.from_mask(rules.legal_mask(cs("Kh 7h 8d").mask, led(0, "Ah"), H)) == cs("Kh")
    # without honours: any trump
    assert CardSet.from_mask(rules.legal_mask(cs("Qh 7h 8d").mask, led(0, "Ah"), H)) == cs("Qh 7h")
    # a plain lead is still free
    assert CardSet.from_mask(rules.legal_mask(cs("Ah 7h 8d").mask, led(0, "9s"), H)) == cs(
        "Ah 7h 8d"
    )
    assert "(SL-C12)" in rules.explain(cs("Ah 7h").mask, led(0, "9h"), card("7h"), H)
    # option off: any trump
    plain = FreePlayDeadTrumps(ACE_HIGH)
    assert CardSet.from_mask(plain.legal_mask(cs("Ah 7h 8d").mask, led(0, "9h"), H)) == cs("Ah 7h")


def test_d_sl2_face_down_lead_and_dead_cards() -> None:
    # SL-C13/D-SL2: a card led face down cannot win; the highest trump wins; no trump -> leader
    rules = FreePlayDeadTrumps(ACE_HIGH)
    t = Trick(leader=2).with_play(2, card("9s"), FACE_DOWN)
    assert t.lead_suit is None
    assert CardSet.from_mask(rules.legal_mask(cs("As 8d").mask, t, H)) == cs("As 8d")
    t2 = t.with_play(3, card("As")).with_play(0, card("8d"))
    assert rules.trick_winner(t2, H) == 2  # nobody trumped: the leader takes it
    t3 = t.with_play(3, card("7h")).with_play(0, card("Qh"))
    assert rules.trick_winner(t3, H) == 0  # highest trump
    # every card dead or face down: the leader takes the trick (D-SL2)
    t4 = t.with_play(3, card("7h"), DEAD).with_play(0, card("Ad"), DEAD)
    assert rules.trick_winner(t4, H) == 2


# --- SM4 / D-SM1: Семерик's main suit --------------------------------------------------------


def test_sm4_main_suit() -> None:
    empty = cs("6h 5h 4h")
    rules = MainSuit(SEMERIK, main=H, excluded=empty)
    # SM5: follow suit when able, else any card
    assert CardSet.from_mask(rules.legal_mask(cs("Ks 7h").mask, led(0, "4s"), None)) == cs("Ks")
    assert CardSet.from_mask(rules.legal_mask(cs("Kd 7h").mask, led(0, "4s"), None)) == cs("Kd 7h")
    # SM4: a heart beats another suit's lead like a trump (trump argument ignored)
    t = build(rules, None, (0, "Ks", "Ks"), (1, "7h", "7h Kd"), (2, "3s", "3s"))
    assert rules.trick_winner(t, None) == 1
    assert rules.trick_winner(t, S) == 1
    # SM4: an empty heart (6/5/4) played to another suit cannot win
    t = build(rules, None, (0, "Ks", "Ks"), (1, "4h", "4h Kd"), (2, "Qs", "Qs"))
    assert rules.trick_winner(t, None) == 0
    # ...even when nothing else is a heart; two main-suit cards: the live one wins
    t = build(rules, None, (0, "4s", "4s"), (1, "6h", "6h"), (2, "Jh", "Jh"), (3, "3s", "3s"))
    assert rules.trick_winner(t, None) == 2
    # SM2: in the suit led, 3 beats 2 beats A
    t = build(rules, None, (0, "As", "As"), (1, "2s", "2s"), (2, "3s", "3s"), (3, "Ks", "Ks"))
    assert rules.trick_winner(t, None) == 2
    # D-SM1: to a heart lead all hearts rank by SM2; an empty heart may win it
    t = build(rules, None, (0, "4h", "4h"), (1, "6h", "6h"), (2, "5h", "5h"), (3, "Ks", "Ks"))
    assert rules.trick_winner(t, None) == 1
    t = build(rules, None, (0, "6h", "6h"), (1, "3h", "3h"), (2, "Ah", "Ah"), (3, "2h", "2h"))
    assert rules.trick_winner(t, None) == 1
    assert "(SM5)" in rules.explain(cs("Ks 7h").mask, led(0, "4s"), card("7h"), None)


# --- properties over random deals ------------------------------------------------------------

POLICIES = [
    lambda: FollowElseAny(ACE_HIGH),
    lambda: FollowElseMustTrump(ACE_HIGH),
    lambda: FollowOrTrump(ACE_HIGH),
    lambda: FollowOrTrump(ACE_HIGH, void_may_discard=True),
    lambda: FreePlayDeadTrumps(ACE_HIGH),
    lambda: FreePlayDeadTrumps(ACE_HIGH, honours_first=True),
    lambda: MainSuit(SEMERIK, main=H, excluded=cs("6h 5h 4h")),
    lambda: StandardTrickRules(ACE_HIGH),
]


@settings(max_examples=150, deadline=None)
@given(
    policy=st.integers(0, len(POLICIES) - 1),
    players=st.integers(2, 6),
    hand_size=st.integers(1, 8),
    trump=st.sampled_from([None, *Suit]),
    seed=st.integers(0, 2**32),
)
def test_random_deals_legal_plays_and_winners(
    policy: int, players: int, hand_size: int, trump: Suit | None, seed: int
) -> None:
    rules = POLICIES[policy]()
    rng = random.Random(seed)
    pack = list(CardSet.deck())
    rng.shuffle(pack)
    hands = [CardSet(pack[i * hand_size : (i + 1) * hand_size]) for i in range(players)]
    leader = rng.randrange(players)
    for number in range(hand_size):
        trick = Trick(leader, number)
        for k in range(players):
            seat = (leader + k) % players
            hand = hands[seat]
            legal = CardSet.from_mask(rules.legal_mask(hand.mask, trick, trump))
            assert legal, "legal_mask is empty for a non-empty hand"
            assert legal <= hand, "legal_mask offers a card not in the hand"
            choice = rng.choice(list(legal))
            trick = trick.with_play(seat, choice, rules.play_flags(hand.mask, trick, choice, trump))
            hands[seat] = hand.remove(choice)
        winner = rules.trick_winner(trick, trump)
        assert winner in {p.seat for p in trick.plays}, "the winner played no card to the trick"
        leader = winner
    assert all(not h for h in hands)


def test_trick_value_helpers() -> None:
    t = Trick(1, 3).with_play(1, card("As")).with_play(2, card("Kh"), DEAD)
    assert t.cards == (card("As"), card("Kh"))
    assert t.led is card("As") and t.lead_suit == S
    assert t.card_mask() == card("As").mask | card("Kh").mask
    assert t.plays[1] == Play(2, card("Kh"), DEAD)
    assert Trick(0).led is None and Trick(0).lead_suit is None
    with pytest.raises(AttributeError):  # a Play is an immutable value
        t.plays[0].seat = 2  # type: ignore[misc]
    assert not hasattr(t, "__dict__")  # a slotted value: only its declared fields
    assert hash(t) == hash(Trick(1, 3, t.plays)) and t == Trick(1, 3, t.plays)


def test_a_rank_order_refuses_a_joker_with_a_library_error() -> None:
    # a joker has no rank (the trick rules of a game with jokers rank it, SMR7): comparing one
    # by a RankOrder is a JokerError naming it, not an IndexError from the strength table
    from kozyr.cards import BLACK_JOKER, RED_JOKER
    from kozyr.errors import JokerError

    order = RankOrder.ace_high()
    ace = Card.parse("As")
    with pytest.raises(JokerError, match="black joker"):
        order.beats(BLACK_JOKER, ace)
    with pytest.raises(JokerError, match="red joker"):
        order.beats(ace, RED_JOKER)
    with pytest.raises(JokerError, match="red joker"):
        order.highest([ace, RED_JOKER])
    with pytest.raises(JokerError, match="black joker"):
        order.lowest(iter([BLACK_JOKER, ace]))
    assert order.highest(iter([ace, Card.parse("Ks")])) is ace
