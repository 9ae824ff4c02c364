"""Suits, ranks, cards and their notation (rules C3, C4).

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

Two jokers follow the 52 cards, at dense indices 52 (the black joker) and 53 (the red joker),
for the games whose deck has them (ten-point Smear). A joker is a :class:`Card` with
:attr:`Card.is_joker` true; it has no suit and no rank, so asking for them is a
:class:`~kozyr.errors.JokerError` (an ``AttributeError`` too). Every other card is as it was:
its index, notation and ``suit``/``rank`` are unchanged.

>>> joker = parse_card("BJ")
>>> joker is BLACK_JOKER, joker.index, joker.is_joker, str(joker)
(True, 52, True, '🃏')
>>> [c.format(style) for c in JOKERS for style in STYLES]
['🃏', 'BJ', 'ЧДж', '🂿', 'RJ', 'КДж']
>>> joker.suit
Traceback (most recent call last):
...
kozyr.errors.JokerError: the black joker 🃏 has no suit: check Card.is_joker first
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator, Mapping
from enum import IntEnum
from typing import Literal, TypeAlias

from typing_extensions import override

from kozyr.errors import CardIndexError, CardParseError, InputLimitError, JokerError
from kozyr.limits import DEFAULT_LIMITS, SHOWN

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

    @override
    def __str__(self) -> str:
        return self.symbol

    @override
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

    @override
    def __str__(self) -> str:
        return self.symbol

    @override
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

    The 52 cards of a suit and a rank have dense indices ``suit * 13 + rank - 2`` (0..51); the
    two jokers follow at 52 and 53 (:data:`JOKERS`). A joker's ``suit`` and ``rank`` are a
    :class:`~kozyr.errors.JokerError`: a game that deals jokers asks :attr:`is_joker` first.

    >>> Card(Rank.ACE, Suit.SPADES).index
    51
    >>> Card.from_index(51), Card.from_index(53)
    (Card('A♠'), Card('🂿'))
    >>> Card.parse("As").is_joker, RED_JOKER.is_joker
    (False, True)
    """

    __slots__ = ("index", "is_joker", "mask", "rank", "suit")
    index: int
    mask: int
    rank: Rank
    suit: Suit
    #: True for the two jokers (indices 52 and 53), which have no ``suit`` or ``rank``.
    is_joker: bool

    def __new__(cls, rank: Rank | int, suit: Suit | int) -> Card:
        r, s = int(rank), int(suit)
        if not (2 <= r <= 14 and 0 <= s <= 3):
            raise ValueError(f"no card with rank {rank!r} and suit {suit!r}")
        return _CARDS[s * 13 + r - 2]

    @staticmethod
    def from_index(index: int) -> Card:
        """The card with dense index ``suit * 13 + rank - 2``, or a joker at 52 and 53; a
        :class:`~kozyr.errors.CardIndexError` for any other index (-1 is no card, not the last).

        >>> Card.from_index(12), Card.from_index(53).name
        (Card('A♣'), 'the red joker 🂿')
        >>> Card.from_index(-1)
        Traceback (most recent call last):
        kozyr.errors.CardIndexError: no card has index -1 (0-51, the jokers 52 and 53)
        """
        if index >= 0:
            try:
                return _CARDS[index]
            except IndexError:
                pass
        raise CardIndexError(f"no card has index {index} (0-51, the jokers 52 and 53)")

    @staticmethod
    def parse(text: str) -> Card:
        """Same as :func:`parse_card`."""
        return parse_card(text)

    @property
    def name(self) -> str:
        """The card in words for messages: ``'the black joker 🃏'``, or its notation (``'A♠'``).

        >>> BLACK_JOKER.name, Card.parse("As").name
        ('the black joker 🃏', 'A♠')
        """
        if self.is_joker:
            return f"the {_JOKER_WORDS[self.index - 52]} {self}"
        return str(self)

    def format(self, style: Style = "unicode") -> str:
        """Write the card in a style: ``unicode`` (10♥), ``ascii`` (Th), ``russian`` (10ч);
        the jokers are 🃏 🂿, BJ RJ, ЧДж КДж (black, red)."""
        if style not in _STYLE_AT:
            raise ValueError(f"unknown style {style!r}; use one of {', '.join(STYLES)}")
        if self.is_joker:
            return _JOKER_TEXT[self.index - 52][_STYLE_AT[style]]
        if style == "unicode":
            return self.rank.symbol + self.suit.symbol
        if style == "ascii":
            return self.rank.letter + self.suit.letter
        return self.rank.russian + self.suit.russian

    @override
    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    @override
    def __reduce__(self) -> tuple[object, tuple[int, ...]]:
        if self.is_joker:
            return (Card.from_index, (self.index,))
        return (Card, (int(self.rank), int(self.suit)))

    @override
    def __str__(self) -> str:
        if self.is_joker:
            return _JOKER_TEXT[self.index - 52][0]
        return self.rank.symbol + self.suit.symbol

    @override
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
    object.__setattr__(card, "is_joker", False)
    return card


class _Joker(Card):
    """A joker: a :class:`Card` whose ``suit`` and ``rank`` are a :class:`JokerError` (a
    subclass, so reading a suit costs the 52 cards nothing)."""

    __slots__ = ()

    @property
    @override
    def suit(self) -> Suit:  # type: ignore[override]  # a read-only property over a slot
        raise JokerError(f"{self.name} has no suit: check Card.is_joker first")

    @property
    @override
    def rank(self) -> Rank:  # type: ignore[override]  # a read-only property over a slot
        raise JokerError(f"{self.name} has no rank: check Card.is_joker first")


def _make_joker(cls: type[Card], index: int) -> Card:
    card = object.__new__(cls)
    object.__setattr__(card, "index", index)
    object.__setattr__(card, "mask", 1 << index)
    object.__setattr__(card, "is_joker", True)
    return card


_STYLE_AT: dict[str, int] = {"unicode": 0, "ascii": 1, "russian": 2}
#: The jokers' notation by style (unicode, ascii, russian): Unicode's PLAYING CARD BLACK JOKER
#: and RED JOKER; BJ, RJ; ЧДж, КДж (чёрный, красный джокер).
_JOKER_TEXT: tuple[tuple[str, str, str], ...] = (("🃏", "BJ", "ЧДж"), ("🂿", "RJ", "КДж"))
_JOKER_WORDS = ("black joker", "red joker")

_SUITED: tuple[Card, ...] = tuple(
    _make(Card, Rank(r), Suit(s)) for s in range(4) for r in range(2, 15)
)
#: Every card by dense index: the 52, then the two jokers.
_CARDS: tuple[Card, ...] = (*_SUITED, _make_joker(_Joker, 52), _make_joker(_Joker, 53))
BLACK_JOKER: Card = _CARDS[52]
RED_JOKER: Card = _CARDS[53]
#: The two jokers, black (index 52) then red (53), for decks that have them.
JOKERS: tuple[Card, Card] = (BLACK_JOKER, RED_JOKER)
#: The mask of the two jokers, bits 52 and 53.
JOKER_MASK: int = BLACK_JOKER.mask | RED_JOKER.mask

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
#: The jokers in every style, lower case (notation is read in any case).
_JOKER_TOKENS: dict[str, Card] = {
    text.lower(): _CARDS[52 + i] for i, texts in enumerate(_JOKER_TEXT) for text in texts
}
_SEPARATORS = re.compile(r"[\s,;]+")
_TOKEN = re.compile(r"[^\s,;]+")
_SUIT_SYMBOLS = frozenset("♠♥♦♣♤♡♢♧")
_VARIATION_SELECTOR = "\ufe0f"  # emoji presentation, as some keyboards add after ♥
#: Every character card notation is made of (any case); anything else is a mistake.
_NOTATION = frozenset("0123456789tjqkashdcTJQKASHDCвдктпчбВДКТПЧБbrBRжЖ🃏🂿") | _SUIT_SYMBOLS
#: Latin and Cyrillic letters that look alike (for showing both readings of a mixed card).
_LATIN_TO_CYRILLIC = dict(zip("ABCEHKMOPTXYaceopxyk", "АВСЕНКМОРТХУасеорхук", strict=True))
_CYRILLIC_TO_LATIN = {cyrillic: latin for latin, cyrillic in _LATIN_TO_CYRILLIC.items()}
#: A card token is at most 4 characters (``10♥`` and a variation selector); a longer one is
#: rejected unread past this length (but stray characters within it are still named).
_LONGEST = 8


def _is_latin(char: str) -> bool:
    return char.isascii() and char.isalpha()


def _is_cyrillic(char: str) -> bool:
    return "\u0400" <= char <= "\u04ff"


def _code_point(char: str) -> str:
    return f"U+{ord(char):04X} {unicodedata.name(char, 'unnamed character')}"


def _stray(char: str) -> str | None:
    """Why a character that is no notation is not a plain typo: invisible, or a compatibility
    form of another character (U+212A KELVIN SIGN looks like K)."""
    if char.isascii():
        return None
    if unicodedata.category(char)[0] in "CMZ":
        return f"invisible character {_code_point(char)}"
    normal = unicodedata.normalize("NFKC", char)
    if normal != char:
        return f"compatibility character {_code_point(char)} (a form of {normal!r})"
    return None


def _shown(token: str) -> str:
    """The token as quoted in a message: cut short, with invisible characters written out."""
    text = token if len(token) <= SHOWN else token[:SHOWN]
    text = "".join(f"\\u{ord(c):04x}" if c not in _NOTATION and _stray(c) else c for c in text)
    shown = repr(text).replace("\\\\u", "\\u")
    if len(token) > SHOWN:
        shown = f"{shown[:-1]}…{shown[-1]} ({len(token):,} characters)"
    return shown


def _read(text: str) -> Card | None:
    """The card of a checked, lower-case token, or None."""
    rank = _RANK_TOKENS.get(text[:-1])
    suit = _SUIT_TOKENS.get(text[-1:])
    if rank is None or suit is None:
        return None
    return _CARDS[int(suit) * 13 + int(rank) - 2]


def _mixed(token: str, text: str, where: str, position: int | None) -> CardParseError:
    """The error for a card mixing Latin and Cyrillic letters, showing how it could be read."""
    latin = "".join(c for c in token if _is_latin(c))
    cyrillic = "".join(c for c in token if _is_cyrillic(c))
    readings: list[str] = []
    as_written = _read(text)
    if as_written is not None:
        readings.append(f"{as_written} letter by letter")
    for alphabet, table in (("Latin", _CYRILLIC_TO_LATIN), ("Cyrillic", _LATIN_TO_CYRILLIC)):
        converted = "".join(table.get(c, c) for c in token)
        if any(_is_latin(c) for c in converted) and any(_is_cyrillic(c) for c in converted):
            continue
        card = _read(converted.lower())
        if card is not None:
            readings.append(f"{card} as {alphabet} {converted!r}")
    if not readings:
        shown = "it is no card in either alphabet; write e.g. 10♥, Th, Тч"
    else:
        distinct = dict.fromkeys(r.split(" ", 1)[0] for r in readings)
        shown = (" but " if len(distinct) > 1 else " and ").join(readings)
        cards = " or ".join(distinct)
        shown = f"it reads {shown}; write {cards}"
    return CardParseError(
        f"bad card {_shown(token)}{where}: mixes Latin {latin!r} with Cyrillic {cyrillic!r} "
        f"(the alphabets have look-alike letters): {shown}",
        token=token,
        position=position,
    )


def _parse_token(token: str, position: int | None) -> Card:
    where = "" if position is None else f" at position {position}"

    def bad(reason: str) -> CardParseError:
        return CardParseError(
            f"bad card {_shown(token)}{where}: {reason}", token=token, position=position
        )

    text = token.strip()
    if len(text) > _LONGEST:
        raise bad("too long for a card; expected a rank then a suit, e.g. 10♥, Th, Тч")
    if text.endswith(_VARIATION_SELECTOR) and text[-2:-1] in _SUIT_SYMBOLS:
        text = text[:-1]  # ♥️ as an emoji keyboard writes it
    if text.endswith(_VARIATION_SELECTOR) and text[:-1] in ("🃏", "🂿"):
        text = text[:-1]
    joker = _JOKER_TOKENS.get(text.lower())
    if joker is not None:
        return joker
    for index, char in enumerate(text):
        if char not in _NOTATION:
            why = _stray(char)
            if why is not None:
                raise bad(f"{why} at index {index} of the card")
    if any(_is_latin(c) for c in text) and any(_is_cyrillic(c) for c in text):
        raise _mixed(token, text.lower(), where, position)
    text = text.lower()
    if len(text) < 2:
        raise bad("expected a rank then a suit, e.g. 10♥, Th, Тч")
    rank_text, suit_text = text[:-1], text[-1]
    rank = _RANK_TOKENS.get(rank_text)
    if rank is None:
        raise bad(f"unknown rank {_plain(rank_text)}")
    suit = _SUIT_TOKENS.get(suit_text)
    if suit is None:
        raise bad(f"unknown suit {_plain(suit_text)}")
    return _CARDS[int(suit) * 13 + int(rank) - 2]


def _plain(text: str) -> str:
    """A rank or suit as quoted in a message, with the code point of a lone non-ASCII letter."""
    if len(text) == 1 and not text.isascii():
        return f"{text!r} ({_code_point(text)})"
    return repr(text)


def _type_error(value: object, position: int | None = None) -> TypeError:
    where = "" if position is None else f" at position {position}"
    shown = repr(value)
    if len(shown) > SHOWN:
        shown = shown[:SHOWN] + "…"
    return TypeError(
        f"expected a card or card notation such as '10♥'{where}, got {type(value).__name__} {shown}"
    )


def parse_card(text: str | Card) -> Card:
    """Read one card in any notation of rule C4 (Latin, Unicode or Russian, any case).

    A value that is neither a string nor a :class:`Card` is a ``TypeError``.

    >>> parse_card("qs"), parse_card("Дп"), parse_card("10♠")
    (Card('Q♠'), Card('Q♠'), Card('10♠'))
    """
    if isinstance(text, Card):
        return text
    if not isinstance(text, str):
        raise _type_error(text)
    return _parse_token(text, 0)


def _tokens(text: str | Iterable[str | Card], limit: int) -> Iterator[str | Card]:
    """The tokens of a card list, read lazily (a string is never split as a whole), and at most
    ``limit`` of them (:attr:`Limits.cards`)."""
    if isinstance(text, str):
        items: Iterable[str | Card] = (match.group() for match in _TOKEN.finditer(text))
    elif isinstance(text, (Mapping, bytes, bytearray)) or not isinstance(text, Iterable):
        raise TypeError(
            f"expected cards as a string or a sequence of cards, got {type(text).__name__}"
        )
    else:
        items = text
    for count, token in enumerate(items):
        if count == limit:
            raise InputLimitError(
                f"more than {limit:,} cards in one list (limit cards, --max-cards)", limit="cards"
            )
        yield token


def parse_cards(text: str | Iterable[str | Card], *, max_cards: int | None = None) -> list[Card]:
    """Read a list of cards separated by spaces or commas (or given as a list of tokens).

    Order is kept and repeats are allowed here; :meth:`CardSet.parse` rejects repeats. At most
    ``max_cards`` cards are read (default :attr:`Limits.cards`, 1,000); a longer list is an
    :class:`~kozyr.errors.InputLimitError` raised before the rest is looked at.

    >>> parse_cards(["As", "10♥"])
    [Card('A♠'), Card('10♥')]
    """
    limit = DEFAULT_LIMITS.cards if max_cards is None else max_cards
    cards: list[Card] = []
    for position, token in enumerate(_tokens(text, limit)):
        if isinstance(token, Card):
            cards.append(token)
        elif isinstance(token, str):
            cards.append(_parse_token(token, position))
        else:
            raise _type_error(token, position)
    return cards


def format_cards(cards: Iterable[Card], style: Style = "unicode", sep: str = " ") -> str:
    """Write cards in a notation style, keeping their order.

    >>> format_cards([Card(Rank.TEN, Suit.CLUBS), Card(Rank.ACE, Suit.HEARTS)], style="russian")
    '10т Тч'
    """
    return sep.join(card.format(style) for card in cards)


#: The 52 cards of a suit and a rank, in index order (no jokers: see :data:`JOKERS`).
ALL_CARDS: tuple[Card, ...] = _SUITED
#: Every card in index order: the 52, then the two jokers (54).
ALL_CARDS_AND_JOKERS: tuple[Card, ...] = _CARDS

__all__ = [
    "ALL_CARDS",
    "ALL_CARDS_AND_JOKERS",
    "BLACK_JOKER",
    "JOKERS",
    "JOKER_MASK",
    "RED_JOKER",
    "STYLES",
    "Card",
    "Rank",
    "Style",
    "Suit",
    "format_cards",
    "parse_card",
    "parse_cards",
]
