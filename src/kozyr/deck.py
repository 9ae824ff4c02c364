"""An ordered pack of cards: build from any rank subset, shuffle by seed, cut (C7), deal in packets.

The top of the deck is index 0.

>>> deck = Deck.from_ranks(range(6, 15))       # 36 cards, 6..A
>>> len(deck)
36
>>> deck.shuffle(random.Random(7))
>>> top = deck.cards[:5]
>>> cut = deck.cut(5)                          # C7: bottom card of the lifted packet
>>> cut is top[4], deck.cards[-5:] == top
(True, True)
>>> hands = deck.deal([1, 2, 0], packets=(2, 2, 3))
>>> [len(hands[s]) for s in (0, 1, 2)]
[7, 7, 7]

A deck of a game with jokers says so: ``Deck.of_size(52, jokers=2)`` is the 52 cards and the
two jokers (ten-point Smear), the jokers last before the shuffle.

>>> [str(c) for c in Deck.of_size(52, jokers=2).cards[-3:]]
['A♠', '🃏', '🂿']
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from kozyr.cards import ALL_CARDS, JOKERS, Card, Rank
from kozyr.cardset import CardSet
from kozyr.errors import KozyrError

#: Rank sets of the packs the variants use, by size.
PACKS: dict[int, tuple[int, ...]] = {
    24: tuple(range(9, 15)),
    28: tuple(range(8, 15)),
    32: tuple(range(7, 15)),
    36: tuple(range(6, 15)),
    40: (2, 3, 4, 5, 6, 7, 11, 12, 13, 14),
    52: tuple(range(2, 15)),
}


#: The cards of each standard pack (size, jokers) in index order, filled by :meth:`Deck.of_size`.
_STANDARD: dict[tuple[int, int], tuple[Card, ...]] = {}


def _jokers(jokers: int) -> tuple[Card, ...]:
    if isinstance(jokers, bool) or jokers not in (0, 1, 2):
        raise KozyrError(f"a deck has 0, 1 or 2 jokers, not {jokers!r}")
    return JOKERS[:jokers]


class Deck:
    """A mutable ordered pack; a deal consumes it from the top."""

    __slots__ = ("cards",)

    def __init__(self, cards: Iterable[Card]) -> None:
        self.cards: list[Card] = list(cards)

    @classmethod
    def from_ranks(cls, ranks: Iterable[Rank | int], *, jokers: int = 0) -> Deck:
        """All four suits of the given ranks, in index order (unshuffled), then ``jokers``
        jokers (0, 1: the black one, or 2)."""
        wanted = {int(r) for r in ranks}
        extra = _jokers(jokers)
        return cls([*(c for c in ALL_CARDS if int(c.rank) in wanted), *extra])

    @classmethod
    def of_size(cls, size: int, *, jokers: int = 0) -> Deck:
        """One of the standard packs of :data:`PACKS` (24, 28, 32, 36, 40 or 52 cards), and
        ``jokers`` jokers after them (0, 1 or 2).

        Every deal starts with one, so the cards of each size are kept in order (a tuple, made
        on first use) and each call returns a new deck holding a fresh list of them."""
        if type(jokers) is not int or not 0 <= jokers <= 2:  # True would find (size, 1)
            _jokers(jokers)
        cards = _STANDARD.get((size, jokers))
        if cards is None:
            if size not in PACKS:
                raise KozyrError(f"no standard pack of {size} cards; known: {sorted(PACKS)}")
            cards = tuple(cls.from_ranks(PACKS[size], jokers=jokers).cards)
            _STANDARD[(size, jokers)] = cards
        return cls(cards)

    def __len__(self) -> int:
        return len(self.cards)

    def shuffle(self, rng: random.Random) -> None:
        """Shuffle in place with a seeded generator (``random.Random(seed)``).

        For a plain ``random.Random`` the shuffle is written out -- Fisher-Yates from the
        bottom card up, each place drawn by rejection sampling from ``rng.getrandbits``, as
        :class:`kozyr.bots.RandomBot` draws -- so that a seed's deal rests on documented
        ``random`` methods only; it is the very shuffle ``rng.shuffle`` makes (the same cards
        for every seed), without a call into ``random`` for every card. Any other generator
        (a subclass with a shuffle of its own, as :mod:`kozyr.advise` stacks decks) shuffles
        with its own ``shuffle``."""
        cards = self.cards
        if type(rng) is not random.Random:
            rng.shuffle(cards)
            return
        getrandbits = rng.getrandbits
        for i in range(len(cards) - 1, 0, -1):  # the card at i swaps with one of 0..i
            places = i + 1
            bits = places.bit_length()
            j = getrandbits(bits)
            while j >= places:
                j = getrandbits(bits)
            cards[i], cards[j] = cards[j], cards[i]

    def cut(self, at: int) -> Card:
        """Lift ``at`` cards off the top and put them underneath; return the cut card (C7)."""
        if not 1 <= at < len(self.cards):
            raise KozyrError(f"cannot cut {at} cards from a deck of {len(self.cards)}")
        lifted = self.cards[:at]
        self.cards = self.cards[at:] + lifted
        return lifted[-1]

    def draw(self, count: int = 1) -> list[Card]:
        """Take ``count`` cards off the top."""
        cards = self.cards
        if count > len(cards):
            raise KozyrError(f"cannot draw {count} cards from a deck of {len(cards)}")
        self.cards = cards[count:]
        return cards[:count]

    def deal(self, seats: Sequence[int], packets: Sequence[int]) -> dict[int, list[Card]]:
        """Deal in rounds: for each packet size, every seat in ``seats`` order takes that many."""
        hands: dict[int, list[Card]] = {seat: [] for seat in seats}
        cards = self.cards
        if sum(packets) * len(seats) > len(cards):  # runs short: fail where draw() fails
            for size in packets:
                for seat in seats:
                    hands[seat].extend(self.draw(size))
            return hands
        top = 0
        for size in packets:
            for seat in seats:
                hands[seat] += cards[top : top + size]
                top += size
        self.cards = cards[top:]
        return hands

    def deal_masks(self, seats: Sequence[int], packets: Sequence[int]) -> dict[int, int]:
        """:meth:`deal`, each hand as a card mask (the form :attr:`kozyr.Deal.hands` holds).

        >>> deck = Deck.from_ranks(range(9, 15))
        >>> hands = deck.deal_masks([1, 0], (2, 1))
        >>> [str(CardSet.from_mask(hands[s])) for s in (1, 0)], len(deck)
        (['9♣ 10♣ K♣', 'J♣ Q♣ A♣'], 18)
        """
        cards = self.cards
        if sum(packets) * len(seats) > len(cards):  # runs short: deal() says where
            return {seat: CardSet(held).mask for seat, held in self.deal(seats, packets).items()}
        masks = dict.fromkeys(seats, 0)
        top = 0
        for size in packets:
            for seat in seats:
                mask = masks[seat]
                for card in cards[top : top + size]:
                    mask |= card.mask
                masks[seat] = mask
                top += size
        self.cards = cards[top:]
        return masks


__all__ = ["PACKS", "Deck"]
