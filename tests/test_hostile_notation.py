"""Hostile notation (issue 13): stray characters, mixed alphabets, wrong types, long inputs.

Rule C4 names the characters of card notation; anything else in a card is an error that says
which character (its code point) -- never silently dropped or folded into a letter.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kozyr.cards as cards_module
import kozyr.cardset as cardset_module
from kozyr import (
    ALL_CARDS,
    STYLES,
    Card,
    CardParseError,
    CardSet,
    DuplicateCardError,
    Rank,
    Suit,
    parse_card,
    parse_cards,
)
from kozyr.errors import InputLimitError

TEN_HEARTS = Card(Rank.TEN, Suit.HEARTS)
ACE_HEARTS = Card(Rank.ACE, Suit.HEARTS)


# --- stray characters: invisible and compatibility forms ----------------------------------------


def test_variation_selector_inside_a_card_is_named() -> None:
    # issue 13: U+FE0F between "1" and "0" was dropped and the card read as 10♠
    with pytest.raises(CardParseError) as caught:
        parse_card("1\ufe0f0♠")
    assert "U+FE0F VARIATION SELECTOR-16 at index 1" in str(caught.value)
    assert "'1\\ufe0f0♠'" in str(caught.value)  # the message writes the invisible character out


def test_variation_selector_after_a_suit_symbol_is_still_read() -> None:
    # C4 suits as an emoji keyboard writes them: ♥️ is ♥ + U+FE0F (docs/notation.md)
    assert parse_card("10♥\ufe0f") is TEN_HEARTS
    with pytest.raises(CardParseError, match="U\\+FE0F"):
        parse_card("Th\ufe0f")  # after a letter it is no emoji suit


def test_kelvin_sign_is_not_the_letter_k() -> None:
    # issue 13: U+212A KELVIN SIGN lower-cases to "k" and was read as a king
    with pytest.raises(CardParseError) as caught:
        parse_card("\u212as")
    assert "compatibility character U+212A KELVIN SIGN (a form of 'K') at index 0" in str(
        caught.value
    )


@pytest.mark.parametrize(
    ("text", "code_point"),
    [
        ("A\u200bs", "U+200B ZERO WIDTH SPACE"),
        ("\ufeffAs", "U+FEFF ZERO WIDTH NO-BREAK SPACE"),
        ("A\u00ads", "U+00AD SOFT HYPHEN"),
        ("A\u0301s", "U+0301 COMBINING ACUTE ACCENT"),
        ("\uff21s", "U+FF21 FULLWIDTH LATIN CAPITAL LETTER A"),
        ("1\u2070♠", "U+2070 SUPERSCRIPT ZERO"),
        ("A\u2660", None),  # the plain ♠ is notation: no error
    ],
)
def test_stray_characters_name_their_code_point(text: str, code_point: str | None) -> None:
    if code_point is None:
        assert parse_card(text) is Card(Rank.ACE, Suit.SPADES)
        return
    with pytest.raises(CardParseError, match=code_point.replace("+", "\\+")):
        parse_card(text)


INVISIBLE = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad", "\ufe0f", "\ufe0e"]
COMPATIBILITY = ["\u212a", "\u212b", "\uff21", "\uff53", "\u2460", "\u00b2", "\u2163", "\u1d2c"]
STRAY = st.sampled_from([*INVISIBLE, "\u0301", *COMPATIBILITY])


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(ALL_CARDS), st.sampled_from(STYLES), STRAY, st.integers(0, 4))
def test_any_stray_character_in_any_card_is_rejected_with_its_code_point(
    card: Card, style: str, stray: str, where: int
) -> None:
    # a property over every card, style and insertion point: never a card, always the code point
    text = card.format(style)  # type: ignore[arg-type]
    where = min(where, len(text))
    bad = text[:where] + stray + text[where:]
    if stray == "\ufe0f" and where == len(text) and text[-1] in "♠♥♦♣":
        assert parse_card(bad) is card  # the one place an emoji selector belongs
        return
    with pytest.raises(CardParseError) as caught:
        parse_card(bad)
    assert f"U+{ord(stray):04X}" in str(caught.value)


# --- mixed alphabets ------------------------------------------------------------------------------


def test_latin_t_with_a_cyrillic_suit_shows_both_readings() -> None:
    # issue 13: Latin T (ten) + Cyrillic ч looks exactly like Cyrillic Тч (туз, the ace; C4)
    with pytest.raises(CardParseError) as caught:
        parse_card("Tч")
    message = str(caught.value)
    assert "mixes Latin 'T' with Cyrillic 'ч'" in message
    assert "it reads 10♥ letter by letter but A♥ as Cyrillic 'Тч'; write 10♥ or A♥" in message


@pytest.mark.parametrize(
    ("text", "readings"),
    [
        ("Кs", "K♠ letter by letter and K♠ as Latin 'Ks'; write K♠"),
        ("Тh", "A♥ letter by letter but 10♥ as Latin 'Th'; write A♥ or 10♥"),
        ("Tт", "10♣ letter by letter but A♣ as Cyrillic 'Тт'"),
        ("Aч", "A♥ letter by letter; write A♥"),
        ("Aс", "as Latin 'Ac'"),  # Cyrillic с is no suit; the Latin c is clubs
        ("Вs", None),  # Cyrillic В (валет) with Latin s: letter by letter J♠
    ],
)
def test_every_mixed_card_is_an_error(text: str, readings: str | None) -> None:
    with pytest.raises(CardParseError, match="mixes Latin") as caught:
        parse_card(text)
    if readings is not None:
        assert readings in str(caught.value)


def test_single_alphabet_cards_still_read() -> None:
    # C4: each alphabet alone, and digits or symbols with either
    assert parse_card("Тч") is ACE_HEARTS
    assert parse_card("Th") is TEN_HEARTS
    assert parse_card("10ч") is TEN_HEARTS
    assert parse_card("Т♥") is ACE_HEARTS
    assert parse_card("Кк") is Card(Rank.KING, Suit.CLUBS)


def test_a_mixed_card_in_a_list_names_its_position() -> None:
    with pytest.raises(CardParseError, match="at position 2: mixes") as caught:
        parse_cards("As Kh Tч")
    assert caught.value.position == 2


# --- wrong types are TypeErrors -------------------------------------------------------------------


@pytest.mark.parametrize("value", [True, None, 51, b"As", {"As": 1}, 1.5])
def test_parse_cards_takes_no_other_types(value: object) -> None:
    with pytest.raises(TypeError, match="expected cards as a string or a sequence"):
        parse_cards(value)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [True, None, 51, b"As", ["As"]])
def test_parse_card_takes_no_other_types(value: object) -> None:
    with pytest.raises(TypeError, match="expected a card or card notation"):
        parse_card(value)  # type: ignore[arg-type]


def test_dict_keys_are_not_cards() -> None:
    # issue 13: a dict iterated to its keys was read as a list of cards
    with pytest.raises(TypeError, match="dict"):
        CardSet({"As": 1, "Kh": 2})  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="dict"):
        CardSet.parse({"As": 1})  # type: ignore[arg-type]


def test_cardset_of_a_bool_is_no_mask() -> None:
    # issue 13: CardSet(True) was the int mask 1, {2♣}
    with pytest.raises(TypeError, match="got bool"):
        CardSet(True)
    with pytest.raises(TypeError, match=r"use CardSet\.parse"):
        CardSet("As Kh")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="at position 1, got int 3"):
        CardSet(["As", 3])  # type: ignore[list-item]
    assert CardSet(1) == CardSet.parse("2c")  # an int is still a mask
    assert CardSet(["As", Card(Rank.KING, Suit.HEARTS)]) == CardSet.parse("As Kh")


# --- long inputs fail fast with a short message ---------------------------------------------------


def test_a_huge_token_is_shortened_in_the_message() -> None:
    # issue 13: a 10 MB bad card gave a 20 MB error line
    with pytest.raises(CardParseError) as caught:
        parse_cards("As " + "x" * 10_000_000)
    message = str(caught.value)
    assert len(message) < 200
    assert "(10,000,000 characters) at position 1: too long for a card" in message


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    seen: list[str] = []
    real = cards_module._parse_token

    def counted(token: str, position: int | None) -> Card:
        seen.append(token)
        return real(token, position)

    monkeypatch.setattr(cardset_module, "_parse_token", counted)
    monkeypatch.setattr(cards_module, "_parse_token", counted)
    return seen


def test_repeated_cards_fail_at_the_second_without_reading_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # issue 13: 10 MB of repeated "As" took seconds to reject the repeat at position 1
    seen = _counting(monkeypatch)
    with pytest.raises(DuplicateCardError, match="card 'As' at position 1 is listed twice"):
        CardSet.parse("As " * 3_500_000)
    assert seen == ["As", "As"]  # two tokens read, not 3.5 million


def test_the_cards_limit_stops_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    pulled = 0

    def tokens() -> Iterator[str]:
        nonlocal pulled
        while True:
            pulled += 1
            yield "As"

    with pytest.raises(InputLimitError, match="more than 1,000 cards in one list") as caught:
        parse_cards(tokens())  # an endless list
    assert caught.value.limit == "cards"
    assert pulled == 1001
    assert len(parse_cards("As " * 1500, max_cards=2000)) == 1500  # a raised limit
    with pytest.raises(InputLimitError):
        parse_cards("As " * 1001)
