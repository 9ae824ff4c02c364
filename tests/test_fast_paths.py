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
from kozyr.tricks import Play, StandardTrickRules, flags_function, lead_functions

ORDER = RankOrder.ace_high()


class FaceDownEverything(FreePlayDeadTrumps):
    """Overrides only play_flags: the engine must ask it, not the parent's mask form."""

    def play_flags(self, hand: CardSet, trick: Trick, card: Card, trump: Suit | None) -> int:
        return FACE_DOWN


def test_flags_function_picks_the_most_specific_form() -> None:
    assert flags_function(StandardTrickRules(ORDER)) is None
    rules = FreePlayDeadTrumps(ORDER)
    trick = Trick(0, 0, (Play(0, Card.parse("Ah")),))
    hand = CardSet.parse("2s 3h")
    flags = flags_function(rules)
    assert flags is not None
    # SL-C9: a trump on a plain lead from a hand with other cards is dead
    assert flags(hand.mask, trick, Card.parse("2s"), Suit.SPADES) == DEAD
    assert rules.play_flags(hand, trick, Card.parse("2s"), Suit.SPADES) == DEAD
    override = flags_function(FaceDownEverything(ORDER))
    assert override is not None
    assert override(hand.mask, trick, Card.parse("2s"), Suit.SPADES) == FACE_DOWN


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


# --- lead_functions: the engine's trick path without a Trick per card ---------------------------

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
def test_lead_functions_agree_with_the_trick_forms(rules: StandardTrickRules) -> None:
    functions = lead_functions(rules)
    assert functions is not None
    legal, flags = functions
    assert (flags is None) == (type(rules).play_flags is StandardTrickRules.play_flags)
    rng = random.Random(5)
    cards = list(ALL_CARDS)
    for _ in range(3000):
        rng.shuffle(cards)
        hand = CardSet(cards[: rng.randint(1, 9)])
        led = cards[20 : 20 + rng.randint(0, 3)]
        trick = Trick(1, 0, tuple(Play(1 + i, c) for i, c in enumerate(led)))
        trump = rng.choice([None, *Suit])
        mask = legal(hand.mask, trick.lead_suit, trump)
        assert mask == rules.legal_mask(hand.mask, trick, trump)
        assert mask == rules.legal_plays(hand, trick, trump).mask
        card = next(iter(CardSet.from_mask(mask)))
        expected = rules.play_flags(hand, trick, card, trump)
        assert (0 if flags is None else flags(hand.mask, trick.lead_suit, card, trump)) == expected


class LowestCardOnly(FollowElseMustTrump):
    """Overrides only legal_mask, reading the trick's number: lead_functions must not be used."""

    def legal_mask(self, hand: int, trick: Trick, trump: Suit | None) -> int:
        mask = super().legal_mask(hand, trick, trump)
        return mask & -mask if trick.number % 2 else mask


def test_lead_functions_refuse_policies_that_read_the_whole_trick() -> None:
    assert lead_functions(LowestCardOnly(ORDER)) is None
    assert lead_functions(FaceDownEverything(ORDER)) is None  # play_flags alone overridden
    from kozyr_sem_listov.rules import ClassicTrickRules

    assert lead_functions(ClassicTrickRules(ORDER, trump_leads=2)) is None


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
    """MainSuit.trick_winner is written out for speed; it must agree with the general loop over
    ``is_live_trump`` (SM4: the empty 6-5-4 of hearts are not trumps off a heart lead)."""
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
