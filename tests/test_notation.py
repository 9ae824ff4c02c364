"""Card notation (rules C3, C4): reading and writing cards in Latin, Unicode and Russian."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kozyr import (
    ALL_CARDS,
    STYLES,
    Card,
    CardParseError,
    CardSet,
    DuplicateCardError,
    KozyrError,
    Rank,
    Suit,
    format_cards,
    parse_card,
    parse_cards,
)

ACE_HEARTS = Card(Rank.ACE, Suit.HEARTS)
TEN_CLUBS = Card(Rank.TEN, Suit.CLUBS)


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        # C4: Latin letters, any case
        ("As", Rank.ACE, Suit.SPADES),
        ("aS", Rank.ACE, Suit.SPADES),
        ("KH", Rank.KING, Suit.HEARTS),
        ("qd", Rank.QUEEN, Suit.DIAMONDS),
        ("Jc", Rank.JACK, Suit.CLUBS),
        ("2c", Rank.TWO, Suit.CLUBS),
        ("9D", Rank.NINE, Suit.DIAMONDS),
        # C4: ten written 10 or T
        ("10h", Rank.TEN, Suit.HEARTS),
        ("Th", Rank.TEN, Suit.HEARTS),
        ("tH", Rank.TEN, Suit.HEARTS),
        # C4: Unicode suits (black and white forms, with or without the emoji selector)
        ("10♥", Rank.TEN, Suit.HEARTS),
        ("A♠", Rank.ACE, Suit.SPADES),
        ("K♦", Rank.KING, Suit.DIAMONDS),
        ("7♣", Rank.SEVEN, Suit.CLUBS),
        ("Q♡", Rank.QUEEN, Suit.HEARTS),
        ("J♤", Rank.JACK, Suit.SPADES),
        ("5♢", Rank.FIVE, Suit.DIAMONDS),
        ("3♧", Rank.THREE, Suit.CLUBS),
        ("A♥\ufe0f", Rank.ACE, Suit.HEARTS),
        # C4: Russian ranks В Д К Т (валет, дама, король, туз), suits п ч б т (and к for clubs)
        ("Вп", Rank.JACK, Suit.SPADES),
        ("дч", Rank.QUEEN, Suit.HEARTS),
        ("КБ", Rank.KING, Suit.DIAMONDS),
        ("Тт", Rank.ACE, Suit.CLUBS),
        ("10т", Rank.TEN, Suit.CLUBS),
        ("6к", Rank.SIX, Suit.CLUBS),
        ("Кк", Rank.KING, Suit.CLUBS),
        # a Russian rank with a Unicode suit (symbols and digits belong to no alphabet)
        ("Т♥", Rank.ACE, Suit.HEARTS),
        ("10ч", Rank.TEN, Suit.HEARTS),
    ],
)
def test_parse_card_every_notation(text: str, rank: Rank, suit: Suit) -> None:
    card = parse_card(text)
    assert (card.rank, card.suit) == (rank, suit)
    assert card is Card(rank, suit)  # C3: one object per (rank, suit)


def test_latin_t_is_ten_but_cyrillic_t_is_ace() -> None:
    # C4: Latin "T" is the ten; Cyrillic "Т" (туз) is the ace. As a suit, Cyrillic "т" = трефы.
    assert parse_card("Th") is Card(Rank.TEN, Suit.HEARTS)
    assert parse_card("Тч") is ACE_HEARTS  # Cyrillic Т + ч
    assert parse_card("Тт") is Card(Rank.ACE, Suit.CLUBS)
    assert parse_card("10т") is TEN_CLUBS
    assert parse_card("Tc") is TEN_CLUBS


def test_lists_separated_by_spaces_and_commas() -> None:
    # C4: lists are separated by spaces or commas, in any mixture
    cards = parse_cards("As, Тч  10т,вб\t2♦\n Kh")
    assert [str(c) for c in cards] == ["A♠", "A♥", "10♣", "J♦", "2♦", "K♥"]
    assert parse_cards("As,Kh") == parse_cards("As Kh") == parse_cards(["As", "Kh"])
    assert parse_cards("") == []
    assert parse_cards(" , ") == []
    # repeats are kept by parse_cards (only CardSet.parse rejects them)
    assert parse_cards("As As") == [Card(Rank.ACE, Suit.SPADES)] * 2


def test_parse_accepts_cards_and_keeps_order() -> None:
    ace = Card(Rank.ACE, Suit.SPADES)
    assert parse_card(ace) is ace
    assert parse_cards([ace, "2c"]) == [ace, Card(Rank.TWO, Suit.CLUBS)]


@pytest.mark.parametrize(
    ("text", "token", "position", "words"),
    [
        ("As Kx Qh", "Kx", 1, "unknown suit 'x'"),
        ("As Kh 1h", "1h", 2, "unknown rank '1'"),
        ("Zs", "Zs", 0, "unknown rank 'z'"),
        ("As, Kh, Qh, 11s", "11s", 3, "unknown rank '11'"),
        ("As K", "K", 1, "expected a rank then a suit"),
    ],
)
def test_parse_error_names_token_and_position(
    text: str, token: str, position: int, words: str
) -> None:
    with pytest.raises(CardParseError) as info:
        parse_cards(text)
    error = info.value
    assert error.token == token
    assert error.position == position
    assert f"{token!r} at position {position}" in str(error)
    assert words in str(error)
    assert isinstance(error, KozyrError) and isinstance(error, ValueError)


def test_parse_card_rejects_non_strings() -> None:
    # issue 13: a value of the wrong type is a programming error, a TypeError saying what it got
    with pytest.raises(TypeError, match="got int 51"):
        parse_card(51)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="at position 1, got int 7"):
        parse_cards(["As", 7])  # type: ignore[list-item]


def test_duplicate_card_error() -> None:
    # a set of distinct cards cannot list one twice, even in two notations
    with pytest.raises(DuplicateCardError) as info:
        CardSet.parse("As Kh Тп")  # Тп = ace of spades again
    assert info.value.token == "Тп"
    assert info.value.position == 2
    assert str(info.value) == "card 'Тп' at position 2 is listed twice"
    assert isinstance(info.value, CardParseError)


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_round_trip_all_52_in_three_styles(card: Card) -> None:
    for style in STYLES:
        text = card.format(style)
        assert parse_card(text) is card
        assert parse_card(text.lower()) is card
        assert parse_card(text.upper()) is card
    assert str(card) == card.format("unicode")
    assert Card.from_index(card.index) is card
    assert card.mask == 1 << card.index


def test_styles_write_the_expected_text() -> None:
    cards = parse_cards("10h As Qd 2c Jc")
    assert format_cards(cards) == "10♥ A♠ Q♦ 2♣ J♣"
    assert format_cards(cards, style="ascii") == "Th As Qd 2c Jc"
    assert format_cards(cards, style="russian") == "10ч Тп Дб 2т Вт"
    assert format_cards(cards, style="ascii", sep=",") == "Th,As,Qd,2c,Jc"
    with pytest.raises(ValueError, match="unknown style"):
        cards[0].format("klingon")  # type: ignore[arg-type]


def test_card_identity_and_immutability() -> None:
    # C3: identity is (rank, suit); 52 distinct cards with dense indices
    assert len(set(ALL_CARDS)) == 52
    assert [c.index for c in ALL_CARDS] == list(range(52))
    assert Card(14, 3) is Card(Rank.ACE, Suit.SPADES)
    with pytest.raises(ValueError):
        Card(1, 0)
    with pytest.raises(AttributeError):
        ACE_HEARTS.rank = Rank.TWO  # type: ignore[misc]
    import pickle

    assert pickle.loads(pickle.dumps(ACE_HEARTS)) is ACE_HEARTS
    assert repr(ACE_HEARTS) == "Card('A♥')"


card_lists = st.lists(st.sampled_from(ALL_CARDS), max_size=20)


@settings(max_examples=200, deadline=None)
@given(cards=card_lists, style=st.sampled_from(STYLES), sep=st.sampled_from([" ", ",", ", ", "  "]))
def test_hypothesis_list_round_trip(cards: list[Card], style: str, sep: str) -> None:
    text = format_cards(cards, style=style, sep=sep)  # type: ignore[arg-type]
    assert parse_cards(text) == cards
    assert parse_cards(text.upper()) == cards
    assert parse_cards(text.lower()) == cards


@settings(max_examples=200, deadline=None)
@given(
    cards=st.lists(st.sampled_from(ALL_CARDS), unique=True, max_size=52),
    style=st.sampled_from(STYLES),
)
def test_hypothesis_cardset_round_trip(cards: list[Card], style: str) -> None:
    cs = CardSet(cards)
    assert CardSet.parse(cs.format(style)) == cs  # type: ignore[arg-type]
    assert len(cs) == len(cards)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=6))
def test_hypothesis_parse_raises_only_kozyr_errors(text: str) -> None:
    # any text either reads as cards or fails with the library's own error
    try:
        cards = parse_cards(text)
    except CardParseError as error:
        assert error.position is not None and error.token is not None
    else:
        assert all(isinstance(c, Card) for c in cards)


@pytest.mark.parametrize("index", [-1, -2, -53, 54, 55, 1 << 40])
def test_from_index_outside_the_pack_is_a_card_index_error(index: int) -> None:
    # -1 is the batch engine's "no card": never the red joker (it was _CARDS[-1]); 54 was a bare
    # IndexError. CardIndexError is a KozyrError and still an IndexError.
    from kozyr.errors import CardIndexError, KozyrError

    with pytest.raises(CardIndexError, match=f"no card has index {index} ") as raised:
        Card.from_index(index)
    assert isinstance(raised.value, KozyrError) and isinstance(raised.value, IndexError)
    assert Card.from_index(0) == Card.parse("2c") and Card.from_index(53).name == "the red joker 🂿"
