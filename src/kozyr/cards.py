"""Suits, ranks, cards and their notation (RULES C3, C4).

A :class:`Card` is an immutable (rank, suit) pair with a dense index ``0..51``; there is exactly
one object per card, so cards are cheap to compare, hash and store. Rank *strength* is not a
property of a card (C3): each variant supplies its own order (see :mod:`kozyr.tricks`).

>>> card = parse_card("10♥")
>>> card.rank, card.suit
(Rank.TEN, Suit.HEARTS)
>>> parse_card("Th") is card is parse_card("10ч")
True
>>> [str(c) for c in parse_cards("As, Тч 10т вб")]
['A♠', 'A♥', '10♣', 'J♦']
>>> format_cards(parse_cards("As 10h"), style="ascii")
'As Th'
>>> format_cards(parse_cards("As 10h"), style="russian")
'Тп 10ч'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from enum import IntEnum
from typing import Literal, TypeAlias

from kozyr.errors import CardParseError

Style: TypeAlias = Literal["unicode", "ascii", "russian"]
STYLES: tuple[Style, ...] = ("unicode", "ascii", "russian")


class Suit(IntEnum):
    """The four suits, in bridge order (the order has no meaning in play)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def symbol(self) -> str:
        """The Unicode suit symbol: ``♣ ♦ ♥ ♠``."""
        return _SUIT_SYMBOL[self]

    @property
    def letter(self) -> str:
        """The Latin letter: ``c d h s``."""
        return "cdhs"[self]

    @property
    def russian(self) -> str:
        """The Russian letter: ``т б ч п`` (трефы, бубны, черви, пики)."""
        return "тбчп"[self]

    def __str__(self) -> str:
        return self.symbol

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


class Rank(IntEnum):
    """Ranks by face value; the value of the enum is NOT its strength in play (C3)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def symbol(self) -> str:
        """Unicode/default notation: ``2..9 10 J Q K A``."""
        return _RANK_TEXT[self]

    @property
    def letter(self) -> str:
        """ASCII notation: ``2..9 T J Q K A``."""
        return "T" if self == Rank.TEN else _RANK_TEXT[self]

    @property
    def russian(self) -> str:
        """Russian notation: ``2..10 В Д К Т`` (валет, дама, король, туз)."""
        return _RANK_RUSSIAN.get(self, _RANK_TEXT[self])

    def __str__(self) -> str:
        return self.symbol

    def __repr__(self) -> str:
        return f"Rank.{self.name}"


_SUIT_SYMBOL = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_RANK_TEXT = {r: str(int(r)) for r in Rank if r <= Rank.TEN} | {
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
}
_RANK_RUSSIAN = {Rank.JACK: "В", Rank.QUEEN: "Д", Rank.KING: "К", Rank.ACE: "Т"}


class Card:
    """One playing card. ``Card(Rank.ACE, Suit.SPADES) is Card(Rank.ACE, Suit.SPADES)``.

    >>> Card(Rank.ACE, Suit.SPADES).index
    51
    >>> Card.from_index(51)
    Card('A♠')
    """

    __slots__ = ("index", "mask", "rank", "suit")
    index: int
    mask: int
    rank: Rank
    suit: Suit

    def __new__(cls, rank: Rank | int, suit: Suit | int) -> Card:
        r, s = int(rank), int(suit)
        if not (2 <= r <= 14 and 0 <= s <= 3):
            raise ValueError(f"no card with rank {rank!r} and suit {suit!r}")
        return _CARDS[s * 13 + r - 2]

    @staticmethod
    def from_index(index: int) -> Card:
        """The card with dense index ``suit * 13 + rank - 2``."""
        return _CARDS[index]

    @staticmethod
    def parse(text: str) -> Card:
        """Same as :func:`parse_card`."""
        return parse_card(text)

    def format(self, style: Style = "unicode") -> str:
        """Write the card in a style: ``unicode`` (10♥), ``ascii`` (Th), ``russian`` (10ч)."""
        if style == "unicode":
            return self.rank.symbol + self.suit.symbol
        if style == "ascii":
            return self.rank.letter + self.suit.letter
        if style == "russian":
            return self.rank.russian + self.suit.russian
        raise ValueError(f"unknown style {style!r}; use one of {', '.join(STYLES)}")

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[int, int]]:
        return (Card, (int(self.rank), int(self.suit)))

    def __str__(self) -> str:
        return self.rank.symbol + self.suit.symbol

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index


def _make(cls: type[Card], rank: Rank, suit: Suit) -> Card:
    card = object.__new__(cls)
    object.__setattr__(card, "rank", rank)
    object.__setattr__(card, "suit", suit)
    object.__setattr__(card, "index", int(suit) * 13 + int(rank) - 2)
    object.__setattr__(card, "mask", 1 << card.index)
    return card


_CARDS: tuple[Card, ...] = tuple(
    _make(Card, Rank(r), Suit(s)) for s in range(4) for r in range(2, 15)
)

# --- notation (C4) ------------------------------------------------------------------------------

_SUIT_TOKENS: dict[str, Suit] = {
    "s": Suit.SPADES, "h": Suit.HEARTS, "d": Suit.DIAMONDS, "c": Suit.CLUBS,
    "♠": Suit.SPADES, "♥": Suit.HEARTS, "♦": Suit.DIAMONDS, "♣": Suit.CLUBS,
    "♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS,
    "п": Suit.SPADES, "ч": Suit.HEARTS, "б": Suit.DIAMONDS, "т": Suit.CLUBS, "к": Suit.CLUBS,
}  # fmt: skip
_RANK_TOKENS: dict[str, Rank] = {str(r): Rank(r) for r in range(2, 11)} | {
    "t": Rank.TEN, "j": Rank.JACK, "q": Rank.QUEEN, "k": Rank.KING, "a": Rank.ACE,
    "в": Rank.JACK, "д": Rank.QUEEN, "к": Rank.KING, "т": Rank.ACE,
}  # fmt: skip
_SEPARATORS = re.compile(r"[\s,;]+")


def _parse_token(token: str, position: int | None) -> Card:
    where = "" if position is None else f" at position {position}"
    text = token.replace("\ufe0f", "").strip().lower()
    if len(text) < 2:
        raise CardParseError(
            f"bad card {token!r}{where}: expected a rank then a suit, e.g. 10♥, Th, Тч",
            token=token,
            position=position,
        )
    rank_text, suit_text = text[:-1], text[-1]
    rank = _RANK_TOKENS.get(rank_text)
    if rank is None:
        raise CardParseError(
            f"bad card {token!r}{where}: unknown rank {rank_text!r}", token=token, position=position
        )
    suit = _SUIT_TOKENS.get(suit_text)
    if suit is None:
        raise CardParseError(
            f"bad card {token!r}{where}: unknown suit {suit_text!r}", token=token, position=position
        )
    return _CARDS[int(suit) * 13 + int(rank) - 2]


def parse_card(text: str | Card) -> Card:
    """Read one card in any notation of RULES C4 (Latin, Unicode or Russian, any case).

    >>> parse_card("qs"), parse_card("Дп"), parse_card("10♠")
    (Card('Q♠'), Card('Q♠'), Card('10♠'))
    """
    if isinstance(text, Card):
        return text
    if not isinstance(text, str):
        raise CardParseError(f"bad card {text!r}: expected a string such as '10♥'", token=None)
    return _parse_token(text, 0)


def parse_cards(text: str | Iterable[str | Card]) -> list[Card]:
    """Read a list of cards separated by spaces or commas (or given as a list of tokens).

    Order is kept and repeats are allowed here; :meth:`CardSet.parse` rejects repeats.

    >>> parse_cards(["As", "10♥"])
    [Card('A♠'), Card('10♥')]
    """
    if isinstance(text, str):
        tokens: list[str | Card] = [t for t in _SEPARATORS.split(text.strip()) if t]
    else:
        tokens = list(text)
    cards: list[Card] = []
    for position, token in enumerate(tokens):
        if isinstance(token, Card):
            cards.append(token)
        elif isinstance(token, str):
            cards.append(_parse_token(token, position))
        else:
            raise CardParseError(
                f"bad card {token!r} at position {position}: expected a string such as '10♥'",
                position=position,
            )
    return cards


def format_cards(cards: Iterable[Card], style: Style = "unicode", sep: str = " ") -> str:
    """Write cards in a notation style, keeping their order.

    >>> format_cards([Card(Rank.TEN, Suit.CLUBS), Card(Rank.ACE, Suit.HEARTS)], style="russian")
    '10т Тч'
    """
    return sep.join(card.format(style) for card in cards)


ALL_CARDS: tuple[Card, ...] = _CARDS

__all__ = [
    "ALL_CARDS",
    "STYLES",
    "Card",
    "Rank",
    "Style",
    "Suit",
    "format_cards",
    "parse_card",
    "parse_cards",
]
