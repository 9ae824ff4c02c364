"""Deck: standard packs, seeded shuffles, the cut card (C7) and dealing in packets."""

from __future__ import annotations

import random

import pytest

from kozyr import PACKS, Deck, KozyrError, Rank


@pytest.mark.parametrize(
    ("size", "lowest", "ranks"),
    [
        (24, Rank.NINE, 6),  # SL-C2: A K Q J 10 9
        (28, Rank.EIGHT, 7),  # SL-C2: ... 8
        (32, Rank.SEVEN, 8),
        (36, Rank.SIX, 9),  # SL-C2, PN1, NN1: 6 .. A
        (40, Rank.TWO, 10),  # SM2: without 8, 9, 10
        (52, Rank.TWO, 13),  # SU2
    ],
)
def test_every_standard_pack(size: int, lowest: Rank, ranks: int) -> None:
    deck = Deck.of_size(size)
    assert len(deck) == size == len(set(deck.cards))
    assert min(c.rank for c in deck.cards) == lowest
    assert len({c.rank for c in deck.cards}) == ranks
    assert {c.suit for c in deck.cards} == {0, 1, 2, 3}
    assert deck.cards == sorted(deck.cards)  # unshuffled: index order
    if size == 40:  # SM2: no 8, 9 or 10
        assert not {Rank.EIGHT, Rank.NINE, Rank.TEN} & {c.rank for c in deck.cards}
    assert sorted(PACKS) == [24, 28, 32, 36, 40, 52]


def test_unknown_pack_size() -> None:
    with pytest.raises(KozyrError, match="no standard pack of 30 cards"):
        Deck.of_size(30)


def test_seeded_shuffle_is_reproducible() -> None:
    a, b, c = Deck.of_size(36), Deck.of_size(36), Deck.of_size(36)
    a.shuffle(random.Random(42))
    b.shuffle(random.Random(42))
    c.shuffle(random.Random(43))
    assert a.cards == b.cards
    assert a.cards != c.cards
    assert sorted(a.cards) == sorted(Deck.of_size(36).cards)  # a permutation


@pytest.mark.parametrize("size", sorted(PACKS))
def test_the_written_out_shuffle_is_random_shuffle(size: int) -> None:
    # #25: Deck.shuffle writes the shuffle out for a plain random.Random; every seed must still
    # deal exactly what rng.shuffle deals (the seeded deals of every record rest on it), and a
    # generator with a shuffle of its own is asked to shuffle (kozyr.advise stacks decks so)
    for seed in range(300):
        deck, cards = Deck.of_size(size), list(Deck.of_size(size).cards)
        deck.shuffle(random.Random(seed))
        random.Random(seed).shuffle(cards)
        assert deck.cards == cards

    class Stacked(random.Random):
        def shuffle(self, x: list[object]) -> None:  # type: ignore[override]
            x.reverse()

    deck = Deck.of_size(size)
    deck.shuffle(Stacked(0))
    assert deck.cards == list(reversed(Deck.of_size(size).cards))


def test_cut_returns_the_bottom_card_of_the_lifted_packet() -> None:
    # C7: lift 5 cards off the top; the 5th card lifted becomes the bottom of the deck
    deck = Deck.of_size(24)
    before = list(deck.cards)
    card = deck.cut(5)
    assert card is before[4]
    assert deck.cards[-1] is card
    assert deck.cards == before[5:] + before[:5]
    with pytest.raises(KozyrError, match="cannot cut 0"):
        deck.cut(0)
    with pytest.raises(KozyrError, match="cannot cut 24"):
        deck.cut(24)


def test_draw() -> None:
    deck = Deck.of_size(24)
    top = deck.cards[:3]
    assert deck.draw(3) == top and len(deck) == 21
    nxt = deck.cards[0]
    assert deck.draw() == [nxt] and len(deck) == 20
    with pytest.raises(KozyrError, match="cannot draw 30"):
        deck.draw(30)


def test_deal_in_packets_order() -> None:
    # SL-C5: packets 2-2-3 starting with the cutter, then clockwise: seats [1, 2, 0]
    deck = Deck.of_size(36)
    cards = list(deck.cards)
    hands = deck.deal([1, 2, 0], packets=(2, 2, 3))
    assert hands[1] == cards[0:2] + cards[6:8] + cards[12:15]
    assert hands[2] == cards[2:4] + cards[8:10] + cards[15:18]
    assert hands[0] == cards[4:6] + cards[10:12] + cards[18:21]
    assert deck.cards == cards[21:]  # the rest stays, the turn-up is next
    assert list(hands) == [1, 2, 0]
