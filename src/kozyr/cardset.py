"""An immutable set of cards backed by an int mask (one bit per :attr:`Card.index`): bits 0..51
for the 52 cards, bits 52 and 53 for the two jokers of the decks that have them.

>>> hand = CardSet.parse("As Ks 10h 2c")
>>> len(hand), Card.parse("Ks") in hand
(4, True)
>>> str(hand.of_suit(Suit.SPADES))
'K♠ A♠'
>>> str(hand - CardSet.parse("As"))
'2♣ 10♥ K♠'
>>> CardSet.parse("As As")
Traceback (most recent call last):
...
kozyr.errors.DuplicateCardError: card 'As' at position 1 is listed twice
>>> pack = CardSet.deck(jokers=2)                     # ten-point Smear's 54 cards
>>> len(pack), Card.parse("BJ") in pack, str(CardSet.parse("RJ 2c BJ"))
(54, True, '2♣ 🃏 🂿')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence, Set
from typing import Any

from typing_extensions import override

from kozyr.cards import (
    ALL_CARDS_AND_JOKERS,
    JOKER_MASK,
    Card,
    Rank,
    Style,
    Suit,
    _parse_token,
    _tokens,
    _type_error,
    format_cards,
)
from kozyr.errors import CardIndexError, DuplicateCardError
from kozyr.limits import DEFAULT_LIMITS, shorten

SUIT_MASKS: tuple[int, ...] = tuple(0x1FFF << (13 * s) for s in range(4))
#: The 52 cards of a suit and a rank (no jokers).
FULL_MASK: int = (1 << 52) - 1
#: The 52 cards and the two jokers (bits 0..53): the largest mask a CardSet holds.
FULL_MASK_WITH_JOKERS: int = FULL_MASK | JOKER_MASK


def rank_mask(ranks: Iterable[Rank | int]) -> int:
    """The mask of every card of the given ranks, in all four suits."""
    mask = 0
    for rank in ranks:
        for suit in range(4):
            mask |= 1 << (suit * 13 + int(rank) - 2)
    return mask


def iter_mask(mask: int) -> Iterator[Card]:
    """Cards of a mask, lowest index first (the jokers last)."""
    cards = ALL_CARDS_AND_JOKERS
    while mask:
        low = mask & -mask
        yield cards[low.bit_length() - 1]
        mask ^= low


def mask_sum(mask: int, table: Sequence[int]) -> int:
    """The sum of ``table[i]`` over the cards ``i`` of ``mask`` (a per-card value by card
    index, such as the counting value of Game, SU6), looking only at the cards held.

    >>> counts = [0] * 54
    >>> counts[CardSet.parse("10h").mask.bit_length() - 1] = 10
    >>> counts[CardSet.parse("Ah").mask.bit_length() - 1] = 4
    >>> mask_sum(CardSet.parse("10h Ah 2c").mask, counts)
    14
    """
    total = 0
    while mask:
        low = mask & -mask
        total += table[low.bit_length() - 1]
        mask ^= low
    return total


class CardSet(Set[Card]):
    """A frozen, hashable set of cards; set operators return new sets in O(1)."""

    __slots__ = ("mask",)
    mask: int

    def __init__(self, cards: Iterable[Card | str] | int = 0) -> None:
        if isinstance(cards, bool):
            raise TypeError("CardSet(True/False): expected cards or an int card mask, got bool")
        if isinstance(cards, int):
            if cards < 0 or cards > FULL_MASK_WITH_JOKERS:
                raise CardIndexError(
                    f"card mask out of range: {cards} (bits 0-53: the 52 cards and two jokers)"
                )
            mask = cards
        else:
            if isinstance(cards, str):
                raise TypeError(
                    f"CardSet() takes cards, not one string: use CardSet.parse({shorten(cards)})"
                )
            if isinstance(cards, (Mapping, bytes, bytearray)) or not isinstance(cards, Iterable):
                raise TypeError(f"CardSet() takes cards or an int mask, not {type(cards).__name__}")
            if not isinstance(cards, (list, tuple)):
                cards = list(cards)  # read an iterator once
            mask = 0
            for position, card in enumerate(cards):
                if isinstance(card, Card):
                    mask |= card.mask
                elif isinstance(card, str):
                    mask |= _parse_token(card, position).mask
                else:
                    raise _type_error(card, position)
        object.__setattr__(self, "mask", mask)

    @classmethod
    def from_mask(cls, mask: int) -> CardSet:
        """Wrap a mask without checks (the engine's fast path)."""
        result = object.__new__(cls)
        object.__setattr__(result, "mask", mask)
        return result

    @classmethod
    def parse(cls, text: str | Iterable[str | Card], *, max_cards: int | None = None) -> CardSet:
        """Read distinct cards in notation (C4); a repeat is a :class:`DuplicateCardError`.

        Cards are read one by one and the first repeat stops the reading, so a long string of
        repeats fails at its second card; ``max_cards`` is as for :func:`parse_cards`.
        """
        if isinstance(text, Card):
            raise TypeError("CardSet.parse takes cards in notation, not one Card")
        limit = DEFAULT_LIMITS.cards if max_cards is None else max_cards
        mask = 0
        for position, token in enumerate(_tokens(text, limit)):
            if isinstance(token, Card):
                card = token
            elif isinstance(token, str):
                card = _parse_token(token, position)
            else:
                raise _type_error(token, position)
            if mask & card.mask:
                shown = str(token)
                raise DuplicateCardError(
                    f"card {shorten(shown)} at position {position} is listed twice",
                    token=shown,
                    position=position,
                )
            mask |= card.mask
        return cls.from_mask(mask)

    @classmethod
    def deck(cls, ranks: Iterable[Rank | int] = range(2, 15), *, jokers: int = 0) -> CardSet:
        """All cards of the given ranks (a 52-card pack by default) and ``jokers`` jokers (0, 1:
        the black one, or 2)."""
        if jokers not in (0, 1, 2):
            raise ValueError(f"a deck has 0, 1 or 2 jokers, not {jokers!r}")
        return cls.from_mask(rank_mask(ranks) | (JOKER_MASK if jokers == 2 else jokers << 52))

    @override
    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CardSet is immutable")

    @override
    def __reduce__(self) -> tuple[Any, ...]:
        return (CardSet, (self.mask,))

    # --- Set protocol --------------------------------------------------------------------------

    @override
    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self.mask & card.mask)

    @override
    def __iter__(self) -> Iterator[Card]:
        return iter_mask(self.mask)

    @override
    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    @override
    def __eq__(self, other: object) -> bool:
        if isinstance(other, CardSet):
            return self.mask == other.mask
        return Set.__eq__(self, other)

    @override
    def __hash__(self) -> int:
        # Equal to a frozenset of the same cards, so it must hash like one (Set._hash does).
        return self._hash()

    @override
    def __le__(self, other: Set[Any]) -> bool:
        if isinstance(other, CardSet):
            return self.mask & ~other.mask == 0
        return Set.__le__(self, other)

    @override
    def __or__(self, other: Iterable[Any]) -> CardSet:
        return CardSet.from_mask(self.mask | _mask_of(other))

    @override
    def __and__(self, other: Iterable[Any]) -> CardSet:
        return CardSet.from_mask(self.mask & _mask_of(other))

    @override
    def __sub__(self, other: Iterable[Any]) -> CardSet:
        return CardSet.from_mask(self.mask & ~_mask_of(other))

    @override
    def __xor__(self, other: Iterable[Any]) -> CardSet:
        return CardSet.from_mask(self.mask ^ _mask_of(other))

    __ror__ = __or__
    __rand__ = __and__

    @override
    def isdisjoint(self, other: Iterable[Any]) -> bool:
        return self.mask & _mask_of(other) == 0

    # --- card-game helpers ---------------------------------------------------------------------

    def add(self, card: Card) -> CardSet:
        """A new set with ``card`` added."""
        return CardSet.from_mask(self.mask | card.mask)

    def remove(self, card: Card) -> CardSet:
        """A new set without ``card``; ``KeyError`` if it is not in the set."""
        if not self.mask & card.mask:
            raise KeyError(card)
        return CardSet.from_mask(self.mask ^ card.mask)

    def of_suit(self, suit: Suit) -> CardSet:
        """The cards of one suit."""
        return CardSet.from_mask(self.mask & SUIT_MASKS[suit])

    def has_suit(self, suit: Suit) -> bool:
        """Whether any card of ``suit`` is in the set."""
        return bool(self.mask & SUIT_MASKS[suit])

    def suits(self) -> list[Suit]:
        """The suits present, in :class:`Suit` order."""
        return [s for s in Suit if self.mask & SUIT_MASKS[s]]

    def format(self, style: Style = "unicode", sep: str = " ") -> str:
        """The cards in index order (by suit, then rank), in a notation style."""
        return format_cards(self, style, sep)

    @override
    def __str__(self) -> str:
        return self.format()

    @override
    def __repr__(self) -> str:
        return f"CardSet.parse({self.format()!r})"


def _mask_of(other: Iterable[Any]) -> int:
    if isinstance(other, CardSet):
        return other.mask
    mask = 0
    for card in other:
        if not isinstance(card, Card):
            raise TypeError(f"not a Card: {card!r}")
        mask |= card.mask
    return mask


__all__ = [
    "FULL_MASK",
    "FULL_MASK_WITH_JOKERS",
    "JOKER_MASK",
    "SUIT_MASKS",
    "CardSet",
    "iter_mask",
    "mask_sum",
    "rank_mask",
]
