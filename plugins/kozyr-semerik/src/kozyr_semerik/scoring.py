"""Семерик scoring: declarations (SM6), play points (SM7) and the game to 21 (SM8-SM11).

Everything here is a pure function of cards, records and score sheets. Items of a deal come out
in the event order of SM8: declarations seat by seat from eldest, counters trick by trick (or, in
``cumulative`` mode, per side after the last trick), then the nine-trick and all-tricks bonuses.

>>> sheet = score_declarations(CardSet.parse("3h 2h Ah Kh Qh"))
>>> [(i.name, i.points) for i in sheet.items]     # 5 + 1 + 1 = 7
[('baba', 5), ('extension', 1), ('extension', 1)]
>>> sheet.total
7
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from kozyr import (
    PACKS,
    Card,
    CardSet,
    DealRecord,
    KozyrError,
    Rank,
    ScoreItem,
    ScoreSheet,
    Suit,
    Trick,
)
from kozyr.cardset import iter_mask, rank_mask
from kozyr.scoring import make_item

SIDES: tuple[tuple[int, ...], ...] = ((0, 2), (1, 3))  # C5
SEATS = 4
TARGET = 21  # SM8
DOUBLE_BELOW = 11  # SM8: the loser under 11 makes the game double
GAMES_PER_RUBBER = 3  # SM11

#: SM2 strength, strongest first; also the order of the trena sequence (SM6).
STRENGTH: tuple[Rank, ...] = (
    Rank.THREE, Rank.TWO, Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK,
    Rank.SEVEN, Rank.SIX, Rank.FIVE, Rank.FOUR,
)  # fmt: skip
PACK = CardSet.deck(PACKS[40])  # SM2: a 52-card pack without 8, 9, 10
BABA = (Rank.THREE, Rank.TWO, Rank.ACE)  # SM6
EXTENSIONS = (Rank.KING, Rank.QUEEN, Rank.JACK)  # SM6: K, then Q, then J
TRENA_LENGTH = 7  # SM6: 3 2 A K Q J 7
COUNTERS = frozenset({Rank.KING, Rank.QUEEN, Rank.JACK, Rank.ACE, Rank.TWO, Rank.THREE})  # SM7
TRIPLE_VALUE = {Rank.SEVEN: 4, Rank.THREE: 3, Rank.TWO: 3, Rank.ACE: 3}  # SM6; any other rank 1
MAIN_SUIT = Suit.HEARTS  # SM4

DECLARATIONS = frozenset({"baba", "extension", "trena", "triple", "quad"})
PLAY_ITEMS = frozenset({"counters", "nine_tricks", "all_tricks"})

_SUIT_RU = {Suit.HEARTS: "червей", Suit.SPADES: "пик", Suit.DIAMONDS: "бубён", Suit.CLUBS: "треф"}
_SUIT_EN = {
    Suit.HEARTS: "hearts",
    Suit.SPADES: "spades",
    Suit.DIAMONDS: "diamonds",
    Suit.CLUBS: "clubs",
}
_RANK_RU = {
    Rank.THREE: "тройки", Rank.TWO: "двойки", Rank.ACE: "туза", Rank.KING: "короля",
    Rank.QUEEN: "дамы", Rank.JACK: "валета", Rank.SEVEN: "семёрки", Rank.SIX: "шестёрки",
    Rank.FIVE: "пятёрки", Rank.FOUR: "четвёрки",
}  # fmt: skip
_RANK_EN = {
    Rank.THREE: "threes", Rank.TWO: "twos", Rank.ACE: "aces", Rank.KING: "kings",
    Rank.QUEEN: "queens", Rank.JACK: "jacks", Rank.SEVEN: "sevens", Rank.SIX: "sixes",
    Rank.FIVE: "fives", Rank.FOUR: "fours",
}  # fmt: skip


class CardNotInPackError(KozyrError):
    """A card that the 40-card Семерик pack does not hold (an 8, 9 or 10; SM2)."""

    def __init__(self, card: Card) -> None:
        super().__init__(f"{card} is not in the 40-card Семерик pack (no 8, 9 or 10; SM2)")
        self.card = card


def is_counter(card: Card) -> bool:
    """SM7 counters: kings, queens, jacks, aces, twos and threes."""
    return bool(card.mask & COUNTER_MASK)


def check_pack(cards: CardSet) -> None:
    """Raise :class:`CardNotInPackError` naming the first card outside the 40-card pack."""
    stray = cards.mask & ~PACK.mask
    if stray:
        raise CardNotInPackError(Card.from_index((stray & -stray).bit_length() - 1))


def _item(
    name: str, ru: str, en: str, points: int, cards: Iterable[Card], seat: int | None, rule: str
) -> ScoreItem:
    side = None if seat is None else seat % 2
    return ScoreItem(name, ru, en, points, tuple(cards), seat, side, rule)


# --- declarations by masks ---------------------------------------------------------------------
# A hand is a card mask (bit suit * 13 + rank - 2). The declarations of one suit depend only on
# how long the unbroken sequence 3 2 A K Q J 7 ... is, and a triple or quad only on which cards of
# one rank are held, so the items for each (suit or rank, cards, seat) are built once and reused
# (ScoreItems are immutable values).

COUNTER_MASK: int = rank_mask(COUNTERS)  # SM7
_RANK_MASKS: tuple[tuple[Rank, int], ...] = tuple((rank, rank_mask((rank,))) for rank in STRENGTH)
_NOT_IN_PACK = ((1 << 52) - 1) & ~PACK.mask
_BABA_BITS = sum(1 << (rank - 2) for rank in BABA)  # in a 13-bit suit mask
_SUIT_ITEMS: dict[tuple[Suit, int, int | None], tuple[ScoreItem, ...]] = {}
_RANK_ITEMS: dict[tuple[Rank, int, int | None, str], ScoreItem] = {}


def _run_length(suit_bits: int) -> int:
    """How many cards of the sequence 3 2 A K Q J 7 6 5 4 a 13-bit suit mask holds unbroken
    from the three down (SM6)."""
    length = 0
    for rank in STRENGTH:
        if not suit_bits >> (rank - 2) & 1:
            break
        length += 1
    return length


def _suit_items(suit: Suit, length: int, seat: int | None) -> tuple[ScoreItem, ...]:
    """The items of a sequence of ``length`` (at least 3) from the three down in ``suit``."""
    key = (suit, length, seat)
    cached = _SUIT_ITEMS.get(key)
    if cached is not None:
        return cached
    run = [Card(rank, suit) for rank in STRENGTH[:length]]
    ru_suit, en_suit = _SUIT_RU[suit], _SUIT_EN[suit]
    items: list[ScoreItem] = []
    if length >= TRENA_LENGTH:  # SM6 трена; D-SM2: 8-10 in sequence still 16
        rule = "D-SM2" if length > TRENA_LENGTH else "SM6"
        items.append(_item("trena", f"трена {ru_suit}", f"trena of {en_suit}", 16, run, seat, rule))
    else:
        value = 5 if suit == MAIN_SUIT else 3  # SM6: hearts' баба is 5 (seed rule 11)
        items.append(
            _item("baba", f"баба {ru_suit}", f"baba of {en_suit}", value, run[:3], seat, "SM6")
        )
        for card in run[3:]:  # K, Q, J: one point each (a 7 here would make a трена)
            items.append(
                _item(
                    "extension",
                    f"прибавка к бабе {ru_suit}",
                    f"extension of baba of {en_suit}",
                    1,
                    (card,),
                    seat,
                    "SM6",
                )
            )
    _SUIT_ITEMS[key] = result = tuple(items)
    return result


def _rank_item(rank: Rank, same: int, seat: int | None, quads: str) -> ScoreItem:
    """The triple or quad of ``rank`` whose cards are the mask ``same`` (3 or 4 cards)."""
    key = (rank, same, seat, quads)
    cached = _RANK_ITEMS.get(key)
    if cached is not None:
        return cached
    cards = tuple(iter_mask(same))  # suit order
    value = TRIPLE_VALUE.get(rank, 1)
    if len(cards) == 3:
        item = _item(
            "triple", f"три {_RANK_RU[rank]}", f"three {_RANK_EN[rank]}", value, cards, seat, "SM6"
        )
    else:  # D-SM3: four of a kind counts as one triple, or one more with plus_one
        bonus = 1 if quads == "plus_one" else 0
        item = _item(
            "quad",
            f"четыре {_RANK_RU[rank]}",
            f"four {_RANK_EN[rank]}",
            value + bonus,
            cards,
            seat,
            "D-SM3",
        )
    _RANK_ITEMS[key] = item
    return item


def declaration_items(
    cards: CardSet, *, quads: str = "as_triple", seat: int | None = None
) -> list[ScoreItem]:
    """Every declaration of one hand (SM6), suit by suit then rank by rank.

    ``seat`` (and its side, C5) is written into the items; None scores a hand on its own.
    """
    mask = cards.mask
    if mask & _NOT_IN_PACK:
        check_pack(cards)
    return _mask_items(mask, quads, seat)


# A hand's declarations are computed on its two halves, ``low`` (clubs, diamonds: bits 0-25 of
# the mask) and ``high`` (hearts, spades: bits 26-51): ints below 2**30, which CPython handles
# much faster than the two-digit 52-bit mask.
_HALF = (1 << 26) - 1
_TWOS_HALF = 1 | 1 << 13  # the twos of a half: bit 0 of each of its suits
_NOT_IN_PACK_HALF = _NOT_IN_PACK & _HALF  # the 8, 9 and 10 of the two suits of a half
_BY_INDEX = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
# The ranks of each 13-bit "held in three or four suits" pattern, strongest first (SM6 lists
# triples rank by rank in SM2 order), as (rank, mask of the rank's four cards); filled on use.
_TRIPLE_RANKS: dict[int, tuple[tuple[Rank, int], ...]] = {}
# The triple or quad item of each mask of the cards of one rank held, per (quads, seat); filled
# on use (ScoreItems are immutable values, shared).
_BY_SAME: dict[tuple[str, int | None], dict[int, ScoreItem]] = {}


def _triple_ranks(triples: int) -> tuple[tuple[Rank, int], ...]:
    """The ranks of a 13-bit pattern of ranks held in three or four suits, in SM2 order."""
    found = _TRIPLE_RANKS.get(triples)
    if found is None:
        found = _TRIPLE_RANKS[triples] = tuple(
            (rank, ranks) for rank, ranks in _RANK_MASKS if triples >> (rank - 2) & 1
        )
    return found


def _triples(low: int, high: int) -> int:
    """The 13-bit pattern of the ranks a hand holds in three or four suits (SM6): with the
    suits paired clubs-hearts and diamonds-spades, a rank both of one pair and one of the
    other."""
    both = low & high  # clubs & hearts in bits 0-12, diamonds & spades in bits 13-25
    either = low | high
    return ((both & (either >> 13)) | (either & (both >> 13))) & 0x1FFF


def _mask_items(mask: int, quads: str, seat: int | None) -> list[ScoreItem]:
    """:func:`declaration_items` of a card mask already checked against the pack."""
    return _half_items(mask, mask & _HALF, mask >> 26, quads, seat)


def _half_items(mask: int, low: int, high: int, quads: str, seat: int | None) -> list[ScoreItem]:
    """:func:`_mask_items` of a mask and its two halves (see ``_HALF``)."""
    items: list[ScoreItem] = []
    # a баба at least: 3, 2 and A of one suit (bits 1, 0 and 12 of the suit)
    if (low & (low >> 1) & (low >> 12) | high & (high >> 1) & (high >> 12)) & _TWOS_HALF:
        baba = _BABA_BITS
        for index, bits in enumerate((low & 0x1FFF, low >> 13, high & 0x1FFF, high >> 13)):
            if bits & baba == baba:  # suit by suit: clubs, diamonds, hearts, spades
                items.extend(_suit_items(_BY_INDEX[index], _run_length(bits), seat))
    triples = _triples(low, high)  # usually none
    if triples:
        items.extend(_rank_items(mask, _triple_ranks(triples), seat, quads))
    return items


def _rank_items(
    mask: int, held: Iterable[tuple[Rank, int]], seat: int | None, quads: str
) -> list[ScoreItem]:
    """The triple or quad item (SM6) of each rank in ``held`` (a rank and the mask of its four
    cards) that ``mask`` holds in three or four suits; items are shared values, built once."""
    by_same = _BY_SAME.get((quads, seat))
    if by_same is None:
        by_same = _BY_SAME[(quads, seat)] = {}
    items = []
    for rank, ranks in held:
        same = mask & ranks
        item = by_same.get(same)
        if item is None:
            item = by_same[same] = _rank_item(rank, same, seat, quads)
        items.append(item)
    return items


def score_declarations(cards: CardSet, *, quads: str = "as_triple") -> ScoreSheet:
    """The declarations of one hand as a sheet (items with seat None), e.g. for ``score-hand``."""
    return ScoreSheet(tuple(declaration_items(cards, quads=quads)), SEATS, SIDES)


# --- a deal ------------------------------------------------------------------------------------


def counter_cards(record: DealRecord) -> list[int]:
    """How many counters (SM7) each side took in the record's tricks."""
    counters = [0, 0]
    for trick in record.tricks or ():
        assert trick.winner is not None
        mask = 0
        for play in trick.plays:
            mask |= play.card.mask
        counters[trick.winner % 2] += (mask & COUNTER_MASK).bit_count()
    return counters


def _counter_labels(number: int, count: int) -> tuple[str, str]:
    """Russian and English labels of a trick's counters item (SM7)."""
    return f"взятка {number}: счётных карт {count}", f"trick {number}: {count} counters"


# Fast path of deal scoring (SM7): the labels of a trick's counters item for the usual trick
# numbers and counts, the seats in declaration order from each eldest (SM8), and the
# nine-tricks and all-tricks items, which depend only on seat (or side) and tricks taken, built
# once and shared (ScoreItems are immutable values).
_LABELS: tuple[tuple[tuple[str, str], ...], ...] = tuple(
    tuple(_counter_labels(number, count) for count in range(5)) for number in range(11)
)  # [trick number from 1][counters]
_FROM_ELDEST: tuple[tuple[int, ...], ...] = tuple(
    tuple((eldest + k) % SEATS for k in range(SEATS)) for eldest in range(SEATS)
)
_NINE_ITEMS: dict[tuple[int, int], ScoreItem] = {}
_ALL_TRICKS = tuple(
    ScoreItem(
        "all_tricks",
        "все взятки (противники обремизены)",
        "all ten tricks",
        4,
        (),
        None,
        side,
        "SM7",
    )
    for side in (0, 1)
)


def _nine_tricks(seat: int, taken: int) -> ScoreItem:
    """SM7, D-SM4: the item of 9 or 10 tricks taken by one player."""
    item = _NINE_ITEMS.get((seat, taken))
    if item is None:
        item = _item(
            "nine_tricks",
            f"{taken} взяток без партнёра",
            f"{taken} tricks alone",
            6,
            (),
            seat,
            "D-SM4" if taken == 10 else "SM7",
        )
        _NINE_ITEMS[(seat, taken)] = item
    return item


def deal_items(record: DealRecord, *, quads: str, counter_mode: str) -> list[ScoreItem]:
    """Every item of a played deal in SM8 event order."""
    return deal_scoring(record, quads=quads, counter_mode=counter_mode)[0]


def deal_scoring(
    record: DealRecord, *, quads: str, counter_mode: str
) -> tuple[list[ScoreItem], list[int]]:
    """:func:`deal_items` and :func:`counter_cards` in one pass over the tricks."""
    parts = deal_parts(record, quads, counter_mode == "per_trick")
    return parts.items, parts.counters


class DealParts(NamedTuple):
    """What one pass over a deal gives: the items in SM8 order, counters taken per side (SM7),
    tricks per seat, and points per side from declarations (SM6) and from play (SM7)."""

    items: list[ScoreItem]
    counters: list[int]
    taken: list[int]
    declared: list[int]
    played: list[int]


def deal_parts(record: DealRecord, quads: str, per_trick: bool) -> DealParts:
    """Score a deal in one pass (``per_trick``: SM7's per-trick counters, else cumulative)."""
    return DealParts(*_parts(record, quads, per_trick))


# Per 13-bit suit pattern of a hand (bit rank - 2), for the declarations' fast path: whether the
# suit holds a баба (3, 2 and A) or a card outside the pack (8, 9, 10): then the hand takes the
# full path; and its ranks spread out to three bits each in SM2 order (3 first), so the four
# suits of a hand add up to how many suits hold each rank: with one more per rank
# (_SPREAD_OFFSET), a rank held in three or four suits has the top bit of its three set.
_SPREAD_ORDER = tuple(rank - 2 for rank in STRENGTH)  # suit bit of SM2's 1st, 2nd, ... rank


def _suit_tables() -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``_SUIT_FULL_PATH`` and ``_SUIT_SPREAD``, built from the 1,024 suit patterns of the pack
    (every other pattern holds an 8, 9 or 10: full path)."""
    full_path = [1] * (1 << 13)
    spread = [0] * (1 << 13)
    patterns = [0] * (1 << len(STRENGTH))  # by a 10-bit set of SM2 positions
    sums = [0] * len(patterns)
    for i in range(1, len(patterns)):
        lowest = i & -i
        k = lowest.bit_length() - 1
        patterns[i] = patterns[i ^ lowest] | 1 << _SPREAD_ORDER[k]
        sums[i] = sums[i ^ lowest] + (1 << (3 * k))
    for bits, total in zip(patterns, sums, strict=True):
        full_path[bits] = int(bits & _BABA_BITS == _BABA_BITS)
        spread[bits] = total
    return tuple(full_path), tuple(spread)


_SUIT_FULL_PATH, _SUIT_SPREAD = _suit_tables()
_SPREAD_OFFSET = sum(1 << (3 * k) for k in range(len(STRENGTH)))
_SUIT_SPREAD_FIRST = tuple(total + _SPREAD_OFFSET for total in _SUIT_SPREAD)  # offset included
_SPREAD_TOP = sum(4 << (3 * k) for k in range(len(STRENGTH)))
# The ranks with the top bit of their three set in a spread sum, in SM2 order, as (rank, mask
# of the rank's four cards); filled on use.
_SPREAD_RANKS: dict[int, tuple[tuple[Rank, int], ...]] = {}


def _spread_ranks(top: int) -> tuple[tuple[Rank, int], ...]:
    """The ranks held in three or four suits, from the top bits of a spread sum."""
    found = _SPREAD_RANKS.get(top)
    if found is None:
        found = _SPREAD_RANKS[top] = tuple(
            pair for k, pair in enumerate(_RANK_MASKS) if top >> (3 * k + 2) & 1
        )
    return found


def _declarations(record: DealRecord, quads: str) -> tuple[list[ScoreItem], list[int]]:
    """The declarations of the four hands as dealt (SM6), in seat order from eldest (SM8), and
    their points per side."""
    items: list[ScoreItem] = []
    declared = [0, 0]
    hands = record.hands
    full_path = _SUIT_FULL_PATH
    spread, first = _SUIT_SPREAD, _SUIT_SPREAD_FIRST
    for seat in _FROM_ELDEST[(record.dealer + 1) % SEATS]:
        hand = hands[seat]
        if hand is None:
            continue
        mask = hand.mask
        low, high = mask & _HALF, mask >> 26
        s0 = low & 0x1FFF  # one statement each: a four-name assignment builds a tuple
        s1 = low >> 13
        s2 = high & 0x1FFF
        s3 = high >> 13
        if full_path[s0] or full_path[s1] or full_path[s2] or full_path[s3]:
            if (low | high) & _NOT_IN_PACK_HALF:
                check_pack(hand)
            found = _half_items(mask, low, high, quads, seat)
            items += found
            for it in found:
                declared[seat & 1] += it.points
            continue
        # no баба: only triples and quads, usually none
        top = (first[s0] + spread[s1] + spread[s2] + spread[s3]) & _SPREAD_TOP
        if top:
            found = _rank_items(mask, _spread_ranks(top), seat, quads)
            items.extend(found)
            for it in found:
                declared[seat & 1] += it.points
    return items, declared


# One trick's entry in a seat's tally (_parts), by the number of counters in the trick (0-4):
# the tricks taken in bits 0-7, the counters taken in bits 8-15, the counters items scored
# (a trick with 3 or more scores one, SM7) from bit 16. Up to 63 tricks cannot overflow a field,
# even with the tallies of two seats added.
_TALLY_STEP = tuple(1 + (count << 8) + ((1 << 16) if count >= 3 else 0) for count in range(5))
_TALLY_STEP_CUMULATIVE = tuple(1 + (count << 8) for count in range(5))  # no items per trick
_TALLY_TRICKS = 63
#: 1 for a counter (SM7), else 0, by card index: a trick's counters are four small-int look-ups.
_IS_COUNTER: tuple[int, ...] = tuple(COUNTER_MASK >> index & 1 for index in range(52))


def _parts(
    record: DealRecord, quads: str, per_trick: bool
) -> tuple[list[ScoreItem], list[int], list[int], list[int], list[int]]:
    """:func:`deal_parts` as a plain tuple (what ``Semerik.score`` unpacks), when every trick has
    four cards; anything else takes :func:`_parts_general`."""
    tricks = record.tricks or ()
    if len(tricks) > _TALLY_TRICKS:
        return _parts_general(record, quads, per_trick)
    items, declared = _declarations(record, quads)
    # a seat's tally (see _TALLY_STEP); an unreplayed record's winner -1 lands in the fifth
    tally = [0, 0, 0, 0, 0]
    try:
        if per_trick:  # SM7: counters per trick
            side_counters: list[list[Card]] = []
            step = _TALLY_STEP
            counter = _IS_COUNTER
            labels = _LABELS
            for trick in tricks:
                winner = trick.winner
                a, b, c, d = trick.plays  # ValueError unless four cards
                ca = a.card  # one statement each: a four-name assignment builds a tuple
                cb = b.card
                cc = c.card
                cd = d.card
                count = (
                    counter[ca.index] + counter[cb.index] + counter[cc.index] + counter[cd.index]
                )
                tally[winner] += step[count]  # type: ignore[index]  # None: TypeError
                if count < 3:
                    continue
                # SM7: 3+ counters give 1; the counters in play order: all four, or all but
                # the one card that is not
                if count == 4:
                    counters: tuple[Card, ...] = (ca, cb, cc, cd)
                elif not counter[ca.index]:
                    counters = (cb, cc, cd)
                elif not counter[cb.index]:
                    counters = (ca, cc, cd)
                elif not counter[cc.index]:
                    counters = (ca, cb, cd)
                else:
                    counters = (ca, cb, cc)
                number = trick.number
                ru, en = (
                    labels[number + 1][count] if number < 10 else _counter_labels(number + 1, count)
                )
                side = winner & 1  # type: ignore[operator]
                items.append(make_item("counters", ru, en, 1, counters, winner, side, "SM7"))
        else:
            side_counters = _cumulative_pass(tricks, tally)
    except ValueError:  # a trick without exactly four cards
        return _parts_general(record, quads, per_trick)
    except TypeError:
        if any(trick.winner is None for trick in tricks):
            raise AssertionError("record not replayed") from None
        raise
    t0, t1, t2, t3, unresolved = tally
    assert not unresolved, "record not replayed"
    taken = [t0 & 255, t1 & 255, t2 & 255, t3 & 255]
    side0, side1 = t0 + t2, t1 + t3  # the sides' tallies (C5)
    counted = [side0 >> 8 & 255, side1 >> 8 & 255]
    played = [side0 >> 16, side1 >> 16]
    if not per_trick:
        _cumulative(items, side_counters, (record.dealer + 1) % SEATS, played)
    n_tricks = len(tricks)
    # SM7, D-SM4: 9 or 10 tricks by one player (so 9 by a side); SM7: a side takes them all
    most = max(side0 & 255, side1 & 255)
    if n_tricks and (most >= 9 or most == n_tricks):
        _bonuses(items, taken, n_tricks, played)
    return items, counted, taken, declared, played


def _cumulative_pass(tricks: Sequence[Trick], tally: list[int]) -> list[list[Card]]:
    """The tricks of four cards with SM7's cumulative counters: each seat's tally (see
    _TALLY_STEP) and the counters each side took, in play order."""
    step = _TALLY_STEP_CUMULATIVE
    counter = _IS_COUNTER
    side_counters: list[list[Card]] = [[], []]
    for trick in tricks:
        winner = trick.winner
        a, b, c, d = trick.plays  # ValueError unless four cards
        ca = a.card
        cb = b.card
        cc = c.card
        cd = d.card
        ka = counter[ca.index]
        kb = counter[cb.index]
        kc = counter[cc.index]
        kd = counter[cd.index]
        tally[winner] += step[ka + kb + kc + kd]  # type: ignore[index]  # None: TypeError
        cards = side_counters[winner & 1]  # type: ignore[operator]
        if ka:
            cards.append(ca)
        if kb:
            cards.append(cb)
        if kc:
            cards.append(cc)
        if kd:
            cards.append(cd)
    return side_counters


def _bonuses(items: list[ScoreItem], taken: list[int], n_tricks: int, played: list[int]) -> None:
    """SM7, D-SM4: 9 or 10 tricks by one player (6 each); a side that takes all the tricks (4)."""
    if n_tricks >= 9:
        for seat in range(SEATS):
            if taken[seat] >= 9:
                items.append(_nine_tricks(seat, taken[seat]))
                played[seat & 1] += 6
    if n_tricks:  # SM7: a side takes all 10 (обремизили)
        t0, t1, t2, t3 = taken
        if t0 + t2 == n_tricks:
            items.append(_ALL_TRICKS[0])
            played[0] += 4
        if t1 + t3 == n_tricks:
            items.append(_ALL_TRICKS[1])
            played[1] += 4


def _parts_general(
    record: DealRecord, quads: str, per_trick: bool
) -> tuple[list[ScoreItem], list[int], list[int], list[int], list[int]]:
    """:func:`_parts` for any record: counters per trick or cumulative (SM7), tricks of any
    size."""
    items, declared = _declarations(record, quads)
    eldest = (record.dealer + 1) % SEATS
    played = [0, 0]
    tricks = record.tricks or ()
    taken = [0] * SEATS
    counted = [0, 0]  # counters taken per side
    side_counters: list[list[Card]] = [[], []]
    least = 3 if per_trick else 1
    counter_mask = COUNTER_MASK
    for trick in tricks:
        winner = trick.winner
        assert winner is not None and winner >= 0, "record not replayed"
        taken[winner] += 1
        plays = trick.plays
        mask = 0
        for play in plays:
            mask |= play.card.mask
        count = (mask & counter_mask).bit_count()
        side = winner % 2
        counted[side] += count
        if count < least:  # SM7: per trick 3+ counters score; cumulative: keep every counter
            continue
        counters = tuple([card for p in plays if (card := p.card).mask & counter_mask])
        if not per_trick:
            side_counters[side] += counters
        else:  # SM7: 3+ counters give 1 (in play order)
            number = trick.number + 1
            if number <= 10 and count <= 4:
                ru, en = _LABELS[number][count]
            else:
                ru, en = _counter_labels(number, count)
            items.append(ScoreItem("counters", ru, en, 1, counters, winner, side, "SM7"))
            played[side] += 1
    if not per_trick:
        _cumulative(items, side_counters, eldest, played)
    _bonuses(items, taken, len(tricks), played)
    return items, counted, taken, declared, played


def _cumulative(
    items: list[ScoreItem], side_counters: list[list[Card]], eldest: int, played: list[int]
) -> None:
    """SM7 option ``cumulative``: a side's counters // 3, eldest's side first."""
    for side in (eldest % 2, 1 - eldest % 2):
        cards = side_counters[side]
        points = len(cards) // 3
        if points:
            items.append(
                ScoreItem(
                    "counters",
                    f"счётные карты: {len(cards)} ÷ 3",
                    f"counters: {len(cards)} / 3",
                    points,
                    tuple(cards),
                    None,
                    side,
                    "SM7",
                )
            )
            played[side] += points


# --- the game to 21 and the rubber (SM8-SM11) -------------------------------------------------


@dataclass(frozen=True)
class DealProgress:
    """How one deal moved its game: scores before and after, and the game's end if it came."""

    game: int
    start: tuple[int, int]
    end: tuple[int, int]
    won: GameResult | None = None


@dataclass(frozen=True)
class GameResult:
    """One finished game (SM8-SM10)."""

    game: int
    winner: int
    loser_score: int  # the loser's points when the winner reached 21
    won_in_play: bool  # reached 21 on a counter or bonus, not on a declaration
    scores: tuple[int, int]  # both sides at the end of the deal that won it
    carry: int  # SM9: what the winner starts the next game with
    deals: tuple[int, ...] = ()

    @property
    def loser(self) -> int:
        return 1 - self.winner

    @property
    def double(self) -> bool:
        """SM8: the loser had under 11 when the winner reached 21."""
        return self.loser_score < DOUBLE_BELOW

    @property
    def value(self) -> int:
        """21, or 42 for a double game (SM8)."""
        return 2 * TARGET if self.double else TARGET

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "winner": self.winner,
            "loser": self.loser,
            "value": self.value,
            "double": self.double,
            "loser_score": self.loser_score,
            "won_on": "play" if self.won_in_play else "declarations",
            "scores": list(self.scores),
            "carry": self.carry,
            "deals": list(self.deals),
        }


def advance(start: Sequence[int], items: Iterable[ScoreItem], game: int) -> DealProgress:
    """Add one deal's items to a game's scores in order and see whether someone reached 21."""
    scores = [int(start[0]), int(start[1])]
    crossed: tuple[int, int, bool] | None = None
    for it in items:
        side = it.side if it.side is not None else (it.seat or 0) % 2
        scores[side] += it.points
        if crossed is None and scores[side] >= TARGET:
            crossed = (side, scores[1 - side], it.name not in DECLARATIONS)
    end = (scores[0], scores[1])
    if crossed is None:
        return DealProgress(game, (int(start[0]), int(start[1])), end)
    winner, loser_score, in_play = crossed
    carry = max(0, end[winner] - TARGET) if in_play else 0  # SM9
    result = GameResult(game, winner, loser_score, in_play, end, carry)
    return DealProgress(game, (int(start[0]), int(start[1])), end, result)


@dataclass
class Rubber:
    """The state of a rubber after some deals (SM8-SM11)."""

    scores: list[int] = field(default_factory=lambda: [0, 0])
    game: int = 1
    games: list[GameResult] = field(default_factory=list)
    progress: list[DealProgress] = field(default_factory=list)
    game_deals: list[int] = field(default_factory=list)

    @property
    def over(self) -> bool:
        """Three games make a rubber (SM11)."""
        return len(self.games) >= GAMES_PER_RUBBER

    def add(self, items: Sequence[ScoreItem]) -> DealProgress:
        """Play one deal's items into the rubber."""
        step = advance(self.scores, items, self.game)
        self.progress.append(step)
        self.game_deals.append(len(self.progress) - 1)
        if step.won is None:
            self.scores = list(step.end)
            return step
        won = GameResult(**{**step.won.__dict__, "deals": tuple(self.game_deals)})
        step = DealProgress(step.game, step.start, step.end, won)
        self.progress[-1] = step
        self.games.append(won)
        self.game += 1
        self.game_deals = []
        self.scores = [0, 0]
        self.scores[won.winner] = won.carry  # SM9
        return step


def follow(sheets: Iterable[ScoreSheet]) -> Rubber:
    """The rubber after a sequence of deal sheets."""
    rubber = Rubber()
    for sheet in sheets:
        rubber.add(sheet.items)
    return rubber


__all__ = [
    "COUNTERS",
    "COUNTER_MASK",
    "PACK",
    "STRENGTH",
    "TARGET",
    "CardNotInPackError",
    "DealProgress",
    "GameResult",
    "Rubber",
    "advance",
    "counter_cards",
    "deal_items",
    "deal_scoring",
    "declaration_items",
    "follow",
    "is_counter",
    "score_declarations",
]
