"""The documented fast paths give the same answers as the general ones (performance work)."""

from __future__ import annotations

import random

import pytest

from kozyr import (
    DEAD,
    FACE_DOWN,
    Card,
    CardSet,
    FollowElseAny,
    FollowElseMustTrump,
    FollowOrTrump,
    FreePlayDeadTrumps,
    KozyrError,
    MainSuit,
    Rank,
    RankOrder,
    Suit,
    Trick,
    get_variant,
    play_deal,
)
from kozyr.cards import ALL_CARDS
from kozyr.deck import Deck
from kozyr.tricks import Play, StandardTrickRules

ORDER = RankOrder.ace_high()


class FaceDownEverything(FreePlayDeadTrumps):
    """Overrides only play_flags: the engine must ask it (no second, mask-only form)."""

    def play_flags(self, hand: int, trick: Trick, card: Card, trump: Suit | None) -> int:
        return FACE_DOWN


def test_the_engine_asks_the_policy_its_own_play_flags() -> None:
    rules = FreePlayDeadTrumps(ORDER)
    trick = Trick(0, 0, (Play(0, Card.parse("Ah")),))
    hand = CardSet.parse("2s 3h")
    # SL-C9: a trump on a plain lead from a hand with other cards is dead
    assert rules.play_flags(hand.mask, trick, Card.parse("2s"), Suit.SPADES) == DEAD
    assert rules.play_flags(hand.mask, trick, Card.parse("3h"), Suit.SPADES) == 0
    variant = get_variant("na-noski")
    variant.trick_rules = FaceDownEverything(ORDER, rule="NN3")
    deal = play_deal(variant, seed=3)
    # every card face down: nobody can win, so the leader takes each trick (D-SL2)
    assert all(p.flags == FACE_DOWN for t in deal.tricks for p in t.plays)
    assert all(t.winner == t.leader for t in deal.tricks)


def test_standard_packs_are_fresh_lists() -> None:
    one, two = Deck.of_size(36), Deck.of_size(36)
    assert one.cards == two.cards and one.cards is not two.cards
    one.draw(5)
    assert len(Deck.of_size(36)) == 36
    assert Deck.of_size(24).cards == Deck.from_ranks(range(9, 15)).cards


def test_deal_in_packets_matches_draws() -> None:
    a, b = Deck.of_size(36), Deck.of_size(36)
    hands = a.deal([1, 2, 3, 0], (2, 2, 3))
    expected: dict[int, list[Card]] = {s: [] for s in (1, 2, 3, 0)}
    for size in (2, 2, 3):
        for seat in (1, 2, 3, 0):
            expected[seat] += b.draw(size)
    assert hands == expected and a.cards == b.cards


def test_deal_masks_is_deal_as_masks() -> None:
    for packets in ((3, 3), (4, 3, 3), (1,) * 7):
        a, b = Deck.of_size(52), Deck.of_size(52)
        a.shuffle(random.Random(len(packets)))
        b.shuffle(random.Random(len(packets)))
        hands = a.deal([2, 3, 0, 1], packets)
        assert b.deal_masks([2, 3, 0, 1], packets) == {s: CardSet(c).mask for s, c in hands.items()}
        assert a.cards == b.cards
    with pytest.raises(KozyrError, match="cannot draw"):
        Deck.of_size(24).deal_masks([0, 1, 2, 3], (3, 4))  # 28 cards from 24


# --- reads = "lead": the policy reads nothing of the trick but the suit led -------------------

LEAD_POLICIES = [
    StandardTrickRules(ORDER),
    FollowElseAny(ORDER),
    FollowElseMustTrump(ORDER),
    FollowOrTrump(ORDER),
    FollowOrTrump(ORDER, void_may_discard=True),
    FreePlayDeadTrumps(ORDER),
    FreePlayDeadTrumps(ORDER, honours_first=True),
    MainSuit(ORDER, main=Suit.HEARTS, excluded=CardSet.parse("6h 5h 4h")),
]


@pytest.mark.parametrize("rules", LEAD_POLICIES, ids=lambda r: type(r).__name__)
def test_lead_policies_read_only_the_suit_led(rules: StandardTrickRules) -> None:
    """The shared policies declare ``reads = "lead"``: any trick with the same suit led (here:
    only its first card, another leader, another number) gives the same legal cards and flags --
    what lets the engine skip building a Trick after every card."""
    assert rules.reads == "lead"
    rng = random.Random(5)
    cards = list(ALL_CARDS)
    for _ in range(3000):
        rng.shuffle(cards)
        hand = CardSet(cards[: rng.randint(1, 9)])
        led = cards[20 : 20 + rng.randint(0, 3)]
        trick = Trick(1, rng.randint(0, 6), tuple(Play(1 + i, c) for i, c in enumerate(led)))
        stand_in = Trick(3, 0, trick.plays[:1])
        trump = rng.choice([None, *Suit])
        mask = rules.legal_mask(hand.mask, trick, trump)
        assert mask == rules.legal_mask(hand.mask, stand_in, trump)
        assert mask and mask & ~hand.mask == 0
        for card in CardSet.from_mask(mask):
            flags = rules.play_flags(hand.mask, trick, card, trump)
            assert flags == rules.play_flags(hand.mask, stand_in, card, trump)


class LowestCardOnly(FollowElseMustTrump):
    """Reads the trick's number (every other trick only the lowest legal card), so it declares
    ``reads = "trick"``: the engine must show it the whole trick."""

    reads = "trick"

    def legal_mask(self, hand: int, trick: Trick, trump: Suit | None) -> int:
        mask = super().legal_mask(hand, trick, trump)
        return mask & -mask if trick.number % 2 else mask


def test_policies_that_read_the_trick_say_so() -> None:
    from kozyr_sem_listov.rules import ClassicTrickRules

    assert LowestCardOnly(ORDER).reads == "trick"
    assert ClassicTrickRules(ORDER, trump_leads=2).reads == "trick"  # SL-C13 reads the number


def test_random_bots_obey_a_policy_that_reads_the_whole_trick() -> None:
    variant = get_variant("na-noski")  # no exchange: the hands change only by the cards played
    rules = LowestCardOnly(ORDER, rule="NN3")
    variant.trick_rules = rules
    lowest = 0
    for seed in range(40):
        deal = play_deal(variant, seed=seed)
        hands = [h or 0 for h in deal.initial]
        for trick in deal.tricks:
            for i, play in enumerate(trick.plays):
                partial = Trick(trick.leader, trick.number, trick.plays[:i])
                legal = rules.legal_mask(hands[play.seat], partial, deal.trump)
                assert legal & play.card.mask, (seed, trick, play)
                lowest += trick.number % 2 and legal.bit_count() == 1
                hands[play.seat] ^= play.card.mask
    assert lowest > 200


def _main_suit_reference(rules: MainSuit, trick: Trick) -> int:
    """SM4/SM5 and D-SM1 as the rules say them, through the general C6 loop."""
    if trick.lead_suit == rules.main:
        hearts = [p for p in trick.plays if p.card.suit == rules.main]
        return max(hearts, key=lambda p: rules.strength[p.card.index]).seat
    return StandardTrickRules.trick_winner(rules, trick, rules.main)


def test_main_suit_winner_matches_the_general_rule() -> None:
    """MainSuit.trick_winner (D-SM1 to a heart lead, else the shared C6 loop) agrees with the
    rules said directly (SM4: the empty 6-5-4 of hearts are not trumps off a heart lead)."""
    order = RankOrder(tuple(Rank(r) for r in (3, 2, 14, 13, 12, 11, 7, 6, 5, 4)))
    rules = MainSuit(order, main=Suit.HEARTS, excluded=CardSet.parse("6h 5h 4h"))
    pack = [c for c in ALL_CARDS if order.strength[c.index] >= 0]
    rng = random.Random(11)
    empty_wins = 0
    for _ in range(5000):
        cards = rng.sample(pack, 4)
        flags = [rng.choice((0, 0, 0, DEAD)) for _ in cards]
        trick = Trick(
            2,
            0,
            tuple(Play((2 + i) % 4, c, f) for i, c, f in zip(range(4), cards, flags, strict=True)),
        )
        winner = rules.trick_winner(trick, None)
        assert winner == _main_suit_reference(rules, trick), trick
        won = trick.plays[(winner - 2) % 4].card
        empty_wins += won.suit == Suit.HEARTS and won.rank <= 6
    assert empty_wins > 50  # D-SM1: an empty heart wins a heart lead it tops
