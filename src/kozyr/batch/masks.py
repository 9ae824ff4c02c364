"""Card masks in numpy arrays: one 52-bit mask (bit ``suit * 13 + rank - 2``, as
:attr:`kozyr.Card.mask`; bits 52 and 53 for the two jokers of a deck that has them) per deal, in
``uint64`` arrays, and the few operations a batch playout needs on them, each vectorised over
the deals. Card index -1 is "no card" (its mask 0, the last entry of :data:`BIT`).

>>> import numpy as np
>>> from kozyr import CardSet
>>> hands = np.array([CardSet.parse("2♣ 5♦ A♠").mask, CardSet.parse("K♥").mask], dtype=np.uint64)
>>> count(hands).tolist()
[3, 1]
>>> [str(CardSet.from_mask(int(1 << int(i)))) for i in select(hands, np.array([2, 0]))]
['A♠', 'K♥']
>>> high_bit(hands).tolist(), low_bit(hands).tolist()
([51, 37], [0, 37])
>>> jokers = np.array([CardSet.parse("2♣ BJ RJ").mask], dtype=np.uint64)
>>> select_with_jokers(jokers, np.array([2])).tolist(), high_bit(jokers).tolist(), BIT[-1]
([53], [53], np.uint64(0))
"""

from __future__ import annotations

from typing import Any, TypeAlias, TypeVar

import numpy as np
import numpy.typing as npt

Masks: TypeAlias = npt.NDArray[np.uint64]
Ints: TypeAlias = npt.NDArray[np.integer[Any]]
Bools: TypeAlias = npt.NDArray[np.bool_]
_Array = TypeVar("_Array", Masks, Ints)

SUIT_BITS = 13
_PATTERN = 0x1FFF  # the 13 bits of one suit
#: The cards of each suit as a mask, and a fifth entry 0 for "no suit" (index 4 or -1).
SUIT_MASK: Masks = np.array([_PATTERN << (SUIT_BITS * s) for s in range(4)] + [0], dtype=np.uint64)
#: Bit ``i`` as a mask, for ``i`` in 0..53 (52, 53: the jokers), and 0 at index -1 (no card;
#: the last entry, 54).
BIT: Masks = np.array([1 << i for i in range(54)] + [0], dtype=np.uint64)
#: The mask of the suit of card ``i``, for ``i`` in 0..51; 0 for the jokers (52, 53, no suit)
#: and at index -1 (no card).
SUIT_OF: Masks = np.array(
    [_PATTERN << (SUIT_BITS * (i // 13)) for i in range(52)] + [0, 0, 0], dtype=np.uint64
)
#: The two jokers' bits (52, 53).
JOKER_BITS = np.uint64(3 << 52)

_SUITS = [np.uint64(_PATTERN << (SUIT_BITS * s)) for s in range(4)]
# Per 13-bit suit pattern: the position of its k-th card (k = 0..12).
_SELECT13 = np.zeros((1 << SUIT_BITS) * SUIT_BITS, dtype=np.uint8)
for _p in range(1 << SUIT_BITS):
    _bits = [b for b in range(SUIT_BITS) if _p >> b & 1]
    _SELECT13[_p * SUIT_BITS : _p * SUIT_BITS + len(_bits)] = _bits
del _p, _bits


def count(masks: Masks) -> Ints:
    """Cards in each mask."""
    return np.bitwise_count(masks)


def suit_patterns(masks: Masks) -> list[Masks]:
    """The 13-bit pattern of each suit (clubs, diamonds, hearts, spades) of each mask."""
    pattern = np.uint64(_PATTERN)
    return [(masks >> np.uint64(SUIT_BITS * s)) & pattern for s in range(4)]


def select(masks: Masks, k: Ints) -> Ints:
    """The index of the ``k``-th card (0 = lowest index) of each mask; ``k`` must be less than
    the mask's count.

    The suit holding that card comes from three popcounts (clubs, diamonds, hearts), its card
    from one table look-up on the suit's 13-bit pattern. Everything but the masks themselves is
    ``uint8`` arithmetic (a comparison's bools times a count), which numpy runs several times
    faster than ``np.where``."""
    k = k.astype(np.uint8)
    c0 = np.bitwise_count(masks & _SUITS[0])
    c1 = np.bitwise_count(masks & _SUITS[1])
    c2 = np.bitwise_count(masks & _SUITS[2])
    past0 = k >= c0  # the card lies past the clubs ...
    k = k - c0 * past0
    past1 = past0 & (k >= c1)  # ... past the diamonds ...
    k = k - c1 * past1
    past2 = past1 & (k >= c2)  # ... past the hearts: a spade
    k = k - c2 * past2
    suit = past0.view(np.uint8) + past1.view(np.uint8) + past2.view(np.uint8)
    shift = suit * np.uint8(SUIT_BITS)
    pattern = ((masks >> shift.astype(np.uint64)) & np.uint64(_PATTERN)).astype(np.intp)
    found: Ints = (_SELECT13[pattern * SUIT_BITS + k] + shift).astype(np.intp)
    return found


def select_with_jokers(masks: Masks, k: Ints) -> Ints:
    """:func:`select` for masks that may hold the jokers (bits 52, 53, after the spades): the
    ``k``-th card in card order, a joker when ``k`` is past the four suits."""
    k = k.astype(np.uint8)
    suited = masks & ~JOKER_BITS
    total = np.bitwise_count(suited)
    joker = k >= total
    found = select(suited, np.where(joker, 0, k))
    # the first joker held is bit 52 if held, else 53; the second is 53
    first = np.where(((masks >> np.uint64(52)) & np.uint64(1)) != 0, 52, 53)
    at: Ints = np.where(joker, np.where(k > total, 53, first), found).astype(np.intp)
    return at


def pick(condition: Bools, values: _Array, otherwise: _Array) -> _Array:
    """``values`` where ``condition`` holds, else ``otherwise``, for masks or integers of one
    dtype: ``np.where`` done as ``otherwise + (values - otherwise) * condition`` (exact in
    wrap-around integer arithmetic), which numpy runs several times faster.

    >>> pick(np.array([True, False]), np.array([5, 6]), np.array([-1, -1])).tolist()
    [5, -1]
    """
    picked: _Array = otherwise + (values - otherwise) * condition
    return picked


def next_seat(index: Ints, deals: int, players: int) -> Ints:
    """For hands laid seat-major in one flat array (seat ``s`` of deal ``d`` at
    ``s * deals + d``), the flat index of the next seat round the table from ``index``.

    >>> next_seat(np.array([1, 5]), 3, 2).tolist()  # seat 0 of deal 1 -> seat 1; 1 of 2 -> 0
    [4, 2]
    """
    size = deals * players
    following: Ints = index + deals
    following -= size * (following >= size)
    return following


def trick_taker(played: list[Masks], winning: Masks, leader: Ints, deals: int) -> Ints:
    """Who takes each trick, as a flat seat-major index (see :func:`next_seat`): the player of
    the highest card of ``winning`` (the cards of the trick that can take it -- its trumps, or
    else the cards of the suit led; card indices rise with rank within a suit), found by its
    place in ``played`` (the cards of the trick in the order played from ``leader``).

    >>> played = [np.array([1 << 5], dtype=np.uint64), np.array([1 << 9], dtype=np.uint64)]
    >>> trick_taker(played, played[0] | played[1], np.array([1]), 1).tolist()
    [0]
    """
    best = BIT[high_bit(winning)]
    players = len(played)
    place = sum(i * (played[i] == best) for i in range(1, players))  # 0: the leader's card
    size = deals * players
    taker: Ints = leader + deals * place
    taker -= size * (taker >= size)
    return taker


def high_bit(masks: Masks) -> Ints:
    """The highest card index of each non-empty mask (-1 for an empty one), jokers included.

    A float64 holds every integer below 2**53 exactly, and ``mask >> 1`` of any mask of 54
    bits is below it; its exponent is the highest bit of the mask (0 for the mask 1).

    >>> high_bit(np.array([0, 1, (1 << 54) - 1, 1 << 52], dtype=np.uint64)).tolist()
    [-1, 0, 53, 52]
    """
    _, exponent = np.frexp((masks >> np.uint64(1)).astype(np.float64))
    found: Ints = exponent.astype(np.int64) - (masks == 0)
    return found


def low_bit(masks: Masks) -> Ints:
    """The lowest card index of each non-empty mask (-1 for an empty one)."""
    return high_bit(masks & (~masks + np.uint64(1)))


def bits(indices: Ints) -> Masks:
    """The masks of the card indices (-1: no card, mask 0)."""
    return BIT[np.where(indices < 0, -1, indices)]


def has(masks: Masks, card_masks: Masks) -> Bools:
    """Whether each mask holds the card(s) of ``card_masks``."""
    held: Bools = (masks & card_masks) != 0
    return held


__all__ = [
    "BIT",
    "JOKER_BITS",
    "SUIT_MASK",
    "SUIT_OF",
    "Bools",
    "Ints",
    "Masks",
    "bits",
    "count",
    "has",
    "high_bit",
    "low_bit",
    "next_seat",
    "pick",
    "select",
    "select_with_jokers",
    "suit_patterns",
    "trick_taker",
]
