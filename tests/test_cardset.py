"""CardSet: an immutable set of cards that must behave like ``frozenset[Card]``."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kozyr import ALL_CARDS, Card, CardSet, Rank, Suit
from kozyr.cardset import FULL_MASK, SUIT_MASKS, iter_mask, rank_mask

card_sets = st.frozensets(st.sampled_from(ALL_CARDS), max_size=52)


@settings(max_examples=300, deadline=None)
@given(a=card_sets, b=card_sets)
def test_set_algebra_agrees_with_frozenset(a: frozenset[Card], b: frozenset[Card]) -> None:
    x, y = CardSet(a), CardSet(b)
    assert set(x | y) == a | b
    assert set(x & y) == a & b
    assert set(x - y) == a - b
    assert set(x ^ y) == a ^ b
    assert (x <= y) == (a <= b)
    assert (x < y) == (a < b)
    assert (x >= y) == (a >= b)
    assert (x > y) == (a > b)
    assert (x == y) == (a == b)
    assert x.isdisjoint(y) == a.isdisjoint(b)
    assert len(x) == len(a)
    assert bool(x) == bool(a)
    # mixed operands: a CardSet with a plain frozenset, either side
    assert set(x | b) == a | b
    assert set(a | y) == a | b
    assert set(a & y) == a & b
    assert x == a and a == x
    assert hash(x) == hash(CardSet(list(a))) == hash(a)  # equal to a frozenset, same hash
    # iteration is in index order (suit, then rank), without repeats
    assert list(x) == sorted(a, key=lambda c: c.index)
    for card in ALL_CARDS[:8]:
        assert (card in x) == (card in a)


@settings(max_examples=100, deadline=None)
@given(a=card_sets)
def test_mask_round_trip(a: frozenset[Card]) -> None:
    cs = CardSet(a)
    assert CardSet(cs.mask) == cs == CardSet.from_mask(cs.mask)
    assert list(iter_mask(cs.mask)) == list(cs)
    assert pickle.loads(pickle.dumps(cs)) == cs


def test_immutability_and_hashing() -> None:
    hand = CardSet.parse("As Kh")
    with pytest.raises(AttributeError, match="immutable"):
        hand.mask = 0  # type: ignore[misc]
    bigger = hand.add(Card.parse("2c"))
    assert len(hand) == 2 and len(bigger) == 3  # add returns a new set
    smaller = bigger.remove(Card.parse("As"))
    assert str(smaller) == "2♣ K♥"
    with pytest.raises(KeyError):
        hand.remove(Card.parse("2c"))
    # usable as dict keys and in sets; equal sets hash equally
    table = {CardSet.parse("As Kh"): "first"}
    assert table[CardSet.parse("Kh, Тп")] == "first"
    assert len({CardSet.parse("As Kh"), CardSet.parse("Kh As")}) == 1


def test_of_suit_has_suit_and_suits() -> None:
    hand = CardSet.parse("As Ks 10h 2c 9s")
    assert str(hand.of_suit(Suit.SPADES)) == "9♠ K♠ A♠"
    assert hand.of_suit(Suit.DIAMONDS) == CardSet()
    assert hand.has_suit(Suit.HEARTS) and not hand.has_suit(Suit.DIAMONDS)
    assert hand.suits() == [Suit.CLUBS, Suit.HEARTS, Suit.SPADES]
    for suit in Suit:
        assert all(c.suit == suit for c in hand.of_suit(suit))
        assert CardSet.from_mask(SUIT_MASKS[suit]) == CardSet(
            c for c in ALL_CARDS if c.suit == suit
        )


def test_deck_and_rank_mask() -> None:
    assert len(CardSet.deck()) == 52 and CardSet.deck().mask == FULL_MASK
    piquet = CardSet.deck(range(7, 15))
    assert len(piquet) == 32 and min(c.rank for c in piquet) == Rank.SEVEN
    assert CardSet.from_mask(rank_mask([Rank.JACK])) == CardSet.parse("Jc Jd Jh Js")


def test_constructor_checks() -> None:
    assert CardSet(["As", Card.parse("Kh")]) == CardSet.parse("As Kh")
    with pytest.raises(ValueError, match="out of range"):
        CardSet(1 << 54)  # bits 52 and 53 are the jokers
    assert str(CardSet(3 << 52)) == "🃏 🂿"
    with pytest.raises(ValueError, match="out of range"):
        CardSet(-1)
    with pytest.raises(TypeError, match="not a Card"):
        CardSet() | ["As"]  # type: ignore[list-item]


def test_formatting() -> None:
    hand = CardSet.parse("Тч 10т As")
    assert hand.format("ascii") == "Tc Ah As"
    assert hand.format("russian", sep=",") == "10т,Тч,Тп"
    assert repr(hand) == "CardSet.parse('10♣ A♥ A♠')"
    assert eval(repr(hand)) == hand


@pytest.mark.parametrize("mask", [1 << 54, -1, (1 << 55) - 1])
def test_a_mask_with_no_card_s_bit_is_a_card_index_error(mask: int) -> None:
    from kozyr.errors import CardIndexError, KozyrError

    with pytest.raises(CardIndexError, match=f"card mask out of range: {mask} ") as raised:
        CardSet(mask)
    assert isinstance(raised.value, KozyrError)
    assert len(CardSet((1 << 54) - 1)) == 54  # every card and both jokers


def test_mask_sum_adds_a_per_card_table_over_the_cards_held() -> None:
    # SU6 Game's counting values (10 = 10, A = 4, K = 3, Q = 2, J = 1), by card index:
    # 10♥ A♥ K♠ Q♦ J♣ 2♣ count 10 + 4 + 3 + 2 + 1 + 0 = 20; the jokers' places are read too.
    from kozyr.cardset import mask_sum

    worth = {"10": 10, "A": 4, "K": 3, "Q": 2, "J": 1}
    table = [0] * 54
    for card in CardSet.parse("10h Ah Ks Qd Jc 2c 10s"):
        table[card.index] = worth.get(str(card)[:-1], 0)
    assert mask_sum(CardSet.parse("10h Ah Ks Qd Jc 2c").mask, table) == 20
    assert mask_sum(0, table) == 0
    table[53] = 7
    assert mask_sum(CardSet.parse("10s").mask | 1 << 53, table) == 17
