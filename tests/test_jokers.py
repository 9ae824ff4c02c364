"""The two jokers of the core (#26): cards 52 and 53, their notation, sets, decks and records.

A joker is a :class:`kozyr.Card` with ``is_joker``; the 52 cards keep their indices, notation
and ``suit``/``rank``; a joker in a record of a variant whose deck has none is refused at its
JSON path.
"""

from __future__ import annotations

import copy
import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kozyr
from kozyr import (
    ALL_CARDS,
    ALL_CARDS_AND_JOKERS,
    BLACK_JOKER,
    JOKERS,
    RED_JOKER,
    STYLES,
    Card,
    CardSet,
    Deck,
    JokerError,
    KozyrError,
    RecordError,
    parse_card,
    parse_cards,
)
from kozyr.cards import JOKER_MASK
from kozyr.cardset import FULL_MASK, FULL_MASK_WITH_JOKERS


def test_jokers_follow_the_52_cards() -> None:
    assert [c.index for c in ALL_CARDS_AND_JOKERS] == list(range(54))
    assert ALL_CARDS_AND_JOKERS[:52] == ALL_CARDS and len(ALL_CARDS) == 52
    assert JOKERS == (BLACK_JOKER, RED_JOKER) == (Card.from_index(52), Card.from_index(53))
    assert (BLACK_JOKER.mask, RED_JOKER.mask, JOKER_MASK) == (1 << 52, 1 << 53, 3 << 52)
    assert not any(c.is_joker for c in ALL_CARDS) and all(j.is_joker for j in JOKERS)
    assert isinstance(BLACK_JOKER, Card) and BLACK_JOKER < RED_JOKER
    assert max(ALL_CARDS_AND_JOKERS) is RED_JOKER  # index order: the jokers last


def test_a_joker_has_no_suit_and_no_rank() -> None:
    for joker, words in ((BLACK_JOKER, "the black joker 🃏"), (RED_JOKER, "the red joker 🂿")):
        for name in ("suit", "rank"):
            with pytest.raises(JokerError, match=f"^{words} has no {name}: check Card.is_joker"):
                getattr(joker, name)
            assert not hasattr(joker, name)  # a JokerError is an AttributeError too
        assert joker.name == words
    assert issubclass(JokerError, KozyrError) and issubclass(JokerError, AttributeError)
    assert Card.parse("Ks").suit is kozyr.Suit.SPADES  # the 52 cards as before


def test_the_notation_of_the_jokers() -> None:
    expected = {BLACK_JOKER: ("🃏", "BJ", "ЧДж"), RED_JOKER: ("🂿", "RJ", "КДж")}
    for joker, texts in expected.items():
        assert tuple(joker.format(style) for style in STYLES) == texts
        for text in texts:
            assert parse_card(text) is joker
            assert parse_card(text.lower()) is parse_card(text.upper()) is joker
        assert str(joker) == texts[0] and repr(joker) == f"Card({texts[0]!r})"
    assert parse_card("🃏\ufe0f") is BLACK_JOKER  # as an emoji keyboard writes it
    assert parse_cards("BJ, 10h кдж") == [BLACK_JOKER, Card.parse("10h"), RED_JOKER]
    for bad in ("Jk", "J", "BJs", "🃏♠", "ДжЧ", "BJ\ufe0f", "XJ"):
        with pytest.raises(kozyr.CardParseError):
            parse_card(bad)


def test_pickling_keeps_one_object_per_card() -> None:
    for card in ALL_CARDS_AND_JOKERS:
        assert pickle.loads(pickle.dumps(card)) is card


@settings(max_examples=300, deadline=None)
@given(st.integers(0, FULL_MASK_WITH_JOKERS), st.sampled_from(STYLES))
def test_notation_round_trips_over_the_54_cards(mask: int, style: kozyr.cards.Style) -> None:
    cards = CardSet(mask)
    assert len(cards) == mask.bit_count()
    assert [c.index for c in cards] == [i for i in range(54) if mask >> i & 1]
    text = cards.format(style)
    assert CardSet.parse(text) == cards
    assert parse_cards(text) == list(cards)
    assert CardSet.parse(text.lower()).mask == mask


def test_every_card_round_trips_in_every_style() -> None:
    for card in ALL_CARDS_AND_JOKERS:
        for style in STYLES:
            assert parse_card(card.format(style)) is card


@settings(max_examples=200, deadline=None)
@given(st.integers(0, FULL_MASK_WITH_JOKERS), st.integers(0, FULL_MASK_WITH_JOKERS))
def test_cardset_of_54_bits(a: int, b: int) -> None:
    x, y = CardSet(a), CardSet(b)
    assert (x | y).mask == a | b and (x & y).mask == a & b and (x - y).mask == a & ~b
    assert (x ^ y).mask == a ^ b and x.isdisjoint(y) == (a & b == 0)
    assert (BLACK_JOKER in x) == bool(a >> 52 & 1) and (RED_JOKER in x) == bool(a >> 53 & 1)
    assert sum(len(x.of_suit(s)) for s in kozyr.Suit) == (a & FULL_MASK).bit_count()
    assert pickle.loads(pickle.dumps(x)) == x and hash(x) == hash(frozenset(x))


def test_cardset_limits_and_decks() -> None:
    with pytest.raises(ValueError, match="out of range"):
        CardSet(1 << 54)
    assert CardSet.deck().mask == FULL_MASK
    assert CardSet.deck(jokers=2).mask == FULL_MASK_WITH_JOKERS
    assert CardSet.deck(jokers=1) == CardSet.deck() | {BLACK_JOKER}
    with pytest.raises(ValueError, match="0, 1 or 2 jokers"):
        CardSet.deck(jokers=3)
    assert str(CardSet.parse("RJ 2c BJ")) == "2♣ 🃏 🂿"


def test_decks_with_jokers() -> None:
    deck = Deck.of_size(52, jokers=2)
    assert len(deck) == 54 and deck.cards[-2:] == list(JOKERS)
    assert Deck.of_size(52).cards == list(ALL_CARDS)  # no jokers unless asked for
    assert Deck.of_size(32, jokers=1).cards[-1] is BLACK_JOKER
    deck.shuffle(random.Random(3))
    other = Deck.of_size(52, jokers=2)
    other.shuffle(random.Random(3))
    assert deck.cards == other.cards and sorted(deck.cards) == list(ALL_CARDS_AND_JOKERS)
    masks = deck.deal_masks([0, 1, 2, 3], (3, 3))
    assert sum(m.bit_count() for m in masks.values()) == 24 and len(deck) == 30
    for bad in (3, -1, True):
        with pytest.raises(KozyrError, match="0, 1 or 2 jokers"):
            Deck.of_size(52, jokers=bad)


def test_a_joker_in_a_game_without_jokers_is_refused_at_its_path() -> None:
    variant = kozyr.get_variant("seven-up")
    data = kozyr.play_deal(variant, seed=5).record.to_json()
    kozyr.replay(copy.deepcopy(data))  # the record as played replays
    cards = data["hands"][1].split()
    cards[2] = "BJ"
    data["hands"][1] = " ".join(cards)
    with pytest.raises(RecordError) as caught:
        kozyr.replay(data)
    assert caught.value.path == "$.hands[1][2]"
    assert "the joker 🃏 is not in the deck of seven-up: no jokers" in str(caught.value)


def test_the_batch_masks_hold_the_jokers() -> None:
    # the batch engine's tables: BIT and SUIT_OF for all 54 indices, -1 (the last entry) for
    # "no card"; select_with_jokers draws the jokers after the spades; high_bit is exact for
    # every mask of the 54 (a float64 rounds 2**54 - 1 up: the shift keeps it below 2**53)
    np = pytest.importorskip("numpy")
    from kozyr.batch import BIT, JOKER_BITS, SUIT_OF, bits, high_bit, low_bit, select_with_jokers

    assert [int(BIT[i]) for i in (0, 51, 52, 53, -1)] == [1, 1 << 51, 1 << 52, 1 << 53, 0]
    assert int(SUIT_OF[52]) == int(SUIT_OF[53]) == int(SUIT_OF[-1]) == 0
    assert int(JOKER_BITS) == JOKER_MASK and bits(np.array([-1, 53])).tolist() == [0, 1 << 53]
    rng = random.Random(54)
    masks = [FULL_MASK_WITH_JOKERS, 1, 1 << 53, (1 << 53) | 1, JOKER_MASK]
    masks += [rng.getrandbits(54) | 1 << rng.randrange(54) for _ in range(500)]
    arr = np.array(masks, dtype=np.uint64)
    assert high_bit(arr).tolist() == [m.bit_length() - 1 for m in masks]
    assert low_bit(arr).tolist() == [(m & -m).bit_length() - 1 for m in masks]
    ks = [rng.randrange(m.bit_count()) for m in masks]
    expected = [[i for i in range(54) if m >> i & 1][k] for m, k in zip(masks, ks, strict=True)]
    assert select_with_jokers(arr, np.array(ks)).tolist() == expected
