"""Seven Up scoring (SU6) and the game to 7 (SU7): pure functions of a deal record.

Items come out in the order SU7 counts them: turned jack(s), gift, High, Low, Jack, Game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from kozyr import (
    ALL_CARDS,
    Card,
    CardSet,
    DealRecord,
    Rank,
    RankOrder,
    ScoreItem,
    ScoreSheet,
    Suit,
    Trick,
)
from kozyr.cardset import iter_mask, rank_mask
from kozyr.scoring import make_item

if TYPE_CHECKING:
    from kozyr_seven_up.variant import SevenUp

GAME_TARGET = 7
ORDER = RankOrder.ace_high()
COUNT = {Rank.TEN: 10, Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}

LABELS = {
    "turned_jack": ("Валет сдающего", "Turned jack"),
    "gift": ("Подарок", "Gift"),
    "high": ("Старший", "High"),
    "low": ("Младший", "Low"),
    "jack": ("Валет", "Jack"),
    "game": ("Гейм", "Game"),
}


# Card masks (bit suit * 13 + rank - 2) of the counting ranks of SU6's Game.
_TENS, _ACES, _KINGS, _QUEENS, _JACKS = (
    rank_mask((rank,)) for rank in (Rank.TEN, Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)
)
COUNT_MASK: int = rank_mask(COUNT)
SUIT_SHIFT = 13  # a card's index is suit * 13 + rank - 2
#: ``str(suit)`` by suit number (the trump of a result's ``extra``), without the enum call.
SUIT_TEXT: tuple[str, ...] = tuple(str(suit) for suit in Suit)


def item(variant: SevenUp, name: str, seat: int, cards: tuple[Card, ...], rule: str) -> ScoreItem:
    """A one-point item for ``seat`` (and its side, C5)."""
    ru, en = LABELS[name]
    side = variant.side_of(seat) if variant.sides else None
    return ScoreItem(name, ru, en, 1, cards, seat, side, rule)


def won_cards(variant: SevenUp, record: DealRecord) -> list[CardSet]:
    """Cards each seat won in tricks (from the tricks, or the summary's ``won``)."""
    return [CardSet.from_mask(mask) for mask in _won_masks(variant.players, record)]


def _won_masks(n: int, record: DealRecord) -> list[int]:
    """:func:`won_cards` as card masks."""
    won = [0] * n
    if record.tricks is not None:
        for trick in record.tricks:
            winner = trick.winner
            assert winner is not None and winner >= 0, "record not replayed"
            for play in trick.plays:
                won[winner] |= play.card.mask
    else:
        for seat, cards in enumerate(record.decisions.get("won") or ()):
            won[seat] = CardSet(cards).mask
    return won


def game_count(mask: int) -> int:
    """SU6: the Game value of the cards of a mask (ten 10, ace 4, king 3, queen 2, jack 1)."""
    return (
        10 * (mask & _TENS).bit_count()
        + 4 * (mask & _ACES).bit_count()
        + 3 * (mask & _KINGS).bit_count()
        + 2 * (mask & _QUEENS).bit_count()
        + (mask & _JACKS).bit_count()
    )


# --- fast path of deal scoring --------------------------------------------------------------
# Per player count (SU1): the sides (C5), the unit that scores per seat (a side with four in
# partnership, else the seat itself) and the side written into a seat's items.
_LAYOUTS: dict[int, tuple[tuple[tuple[int, ...], ...] | None, list[int], list[int | None]]] = {
    n: (
        ((0, 2), (1, 3)) if n == 4 else None,
        [s % 2 for s in range(n)] if n == 4 else list(range(n)),
        [s % 2 for s in range(n)] if n == 4 else [None] * n,
    )
    for n in (2, 3, 4)
}
# SU6 Game value of the counting cards (T J Q K A, bits 8-12 of a suit) of two suits at once:
# index = the five bits of the lower suit | the five bits of the upper suit << 5.
_GAME_OF_TWO_SUITS: tuple[int, ...] = tuple(
    game_count(((i & 31) << 8) | ((i >> 5) << 21)) for i in range(1024)
)
# Items worth one point that do not depend on the cards won (all but Game), built once per
# (name, seat, side, card, rule) and shared: ScoreItems are immutable values.
LABELS_GAME = ("game", *LABELS["game"])
_ONE_POINT: dict[tuple[str, int, int | None, Card | None, str], ScoreItem] = {}


def _point(name: str, seat: int, side: int | None, card: Card | None, rule: str) -> ScoreItem:
    """The one-point item ``name`` of ``seat`` (with ``card``, if any), shared."""
    key = (name, seat, side, card, rule)
    found = _ONE_POINT.get(key)
    if found is None:
        ru, en = LABELS[name]
        cards = () if card is None else (card,)
        found = _ONE_POINT[key] = ScoreItem(name, ru, en, 1, cards, seat, side, rule)
    return found


def deal_items(variant: SevenUp, record: DealRecord) -> tuple[ScoreSheet, list[int]]:
    """Every point of a deal (SU3, SU4, SU6) and the Game count per side (or seat).

    Works on card masks: the trumps dealt and the cards each seat won are ints, High and Low
    are the top and bottom trump bits, Game counts are popcounts per counting rank.
    """
    n = variant.players
    items, counts, _, _ = deal_parts(n, variant.options["game_tie"] == "eldest", record)
    return ScoreSheet(tuple(items), n, variant.sides), counts


# Per player count, the one-point items that carry a card (High, Low, Jack; SU6), indexed by
# seat * 52 + card index, built on first use and shared (ScoreItems are immutable values).
_HIGH: dict[int, list[ScoreItem | None]] = {n: [None] * (n * 52) for n in (2, 3, 4)}
_LOW: dict[int, list[ScoreItem | None]] = {n: [None] * (n * 52) for n in (2, 3, 4)}
_JACK: dict[int, list[ScoreItem | None]] = {n: [None] * (n * 52) for n in (2, 3, 4)}
_JACK_BITS = _JACKS  # the four jacks (SU3, D-SU1)
# The counting cards of SU6's Game (T J Q K A) as a 20-bit code, five bits per suit (clubs in
# bits 0-4, ten to ace): a card's code by its index, 0 for the other cards. Codes are small ints,
# which CPython handles much faster than 52-bit card masks; the Game value of a code is two
# look-ups in _GAME_OF_TWO_SUITS.
_CODE: tuple[int, ...] = tuple(
    1 << (5 * (index // SUIT_SHIFT) + index % SUIT_SHIFT - 8) if index % SUIT_SHIFT >= 8 else 0
    for index in range(52)
)


def _code_of(mask: int) -> int:
    """The counting code (see ``_CODE``) of a card mask."""
    return (
        (mask >> 8 & 31)
        | (mask >> (8 + SUIT_SHIFT) & 31) << 5
        | (mask >> (8 + 2 * SUIT_SHIFT) & 31) << 10
        | (mask >> (8 + 3 * SUIT_SHIFT) & 31) << 15
    )


def _card_item(
    table: dict[int, list[ScoreItem | None]], name: str, n: int, seat: int, index: int
) -> ScoreItem:
    """The shared one-point item ``name`` (High, Low or Jack, SU6) of ``seat`` for card
    ``index`` at a table of ``n``, from ``table`` (built on first use)."""
    items = table[n]
    found = items[seat * 52 + index]
    if found is None:
        found = _point(name, seat, _LAYOUTS[n][2][seat], ALL_CARDS[index], "SU6")
        items[seat * 52 + index] = found
    return found


def deal_parts(
    n: int, tie_eldest: bool, record: DealRecord
) -> tuple[list[ScoreItem], list[int], list[int], list[int]]:
    """One pass over a deal of ``n`` players: the items in SU7 order, the Game count per side
    (or seat), tricks per seat (zeros for a summary record) and points per side (or seat)."""
    sides, unit_of, item_side = _LAYOUTS[n]
    dealer = record.dealer
    eldest = (dealer + 1) % n
    items: list[ScoreItem] = []
    points = [0] * (2 if sides else n)  # per side (or seat): every item is worth one (SU6)
    turnups = record.turnups
    decisions = record.decisions
    void = decisions.get("void")
    # SU3: a jack turned up scores 1 for the dealer; D-SU1: while running, only the jack whose
    # suit becomes trump (the last turn-up) scores.
    first = turnups[0]
    last = turnups[-1]
    if (first.mask | last.mask) & _JACK_BITS:
        if first.mask & _JACK_BITS:
            items.append(_point("turned_jack", dealer, item_side[dealer], first, "SU3"))
            points[unit_of[dealer]] += 1
        if len(turnups) > 1 and not void and last.mask & _JACK_BITS:
            items.append(_point("turned_jack", dealer, item_side[dealer], last, "D-SU1"))
            points[unit_of[dealer]] += 1
    # SU4: the gift goes to eldest's side; D-SU4: with three players, to each opponent.
    if decisions.get("beg") == "give":
        if n == 3:
            for seat in range(n):
                if seat != dealer:
                    items.append(_point("gift", seat, None, None, "D-SU4"))
                    points[seat] += 1
        else:
            items.append(_point("gift", eldest, item_side[eldest], None, "SU4"))
            points[unit_of[eldest]] += 1
    counts = [0] * (2 if sides else n)
    tricks = record.tricks
    if void:
        taken = record.tricks_won(n)
        return items, counts, taken, points
    trump = last.suit
    shift = SUIT_SHIFT * trump
    # SU6: High and Low, the highest and lowest trump dealt (ace high), on 13-bit suit patterns
    hands = [0 if h is None else h.mask >> shift & 0x1FFF for h in record.hands]
    trumps = 0
    for bits in hands:
        trumps |= bits
    if trumps:
        high = 1 << (trumps.bit_length() - 1)
        low = trumps & -trumps
        for seat, bits in enumerate(hands):
            if bits & high:
                items.append(_card_item(_HIGH, "high", n, seat, shift + high.bit_length() - 1))
                points[unit_of[seat]] += 1
                break
        for seat, bits in enumerate(hands):
            if bits & low:
                items.append(_card_item(_LOW, "low", n, seat, shift + low.bit_length() - 1))
                points[unit_of[seat]] += 1
                break
    # the counting cards each seat won, as codes (see _CODE)
    won = [0] * n
    taken = [0] * n
    if tricks is not None:
        won, taken = _won_codes(tricks, n)
    else:
        for seat, cards in enumerate(decisions.get("won") or ()):
            won[seat] = _code_of(CardSet(cards).mask)
    jack_bit = 1 << (5 * trump + 1)  # the trump jack (SU6), second of its suit's five
    for seat, code in enumerate(won):
        if code & jack_bit:  # one seat at most won it
            items.append(_card_item(_JACK, "jack", n, seat, shift + 9))
            points[unit_of[seat]] += 1
            break
    # SU6 Game: each seat's counting cards by two look-ups (clubs and diamonds, hearts and
    # spades)
    table = _GAME_OF_TWO_SUITS
    values = [table[code & 1023] + table[code >> 10] for code in won]
    if sides:
        counts[0] = values[0] + values[2]
        counts[1] = values[1] + values[3]
    else:
        counts[:] = values
    best = max(counts)
    if counts.count(best) == 1:
        side = counts.index(best)
        if sides:
            members = sides[side]
            # the member of the side who took more counting points (the first on a tie)
            seat = members[1] if values[members[1]] > values[members[0]] else members[0]
        else:
            members = (side,)
            seat = side
        items.append(
            make_item(*LABELS_GAME, 1, _counting(won, members), seat, item_side[seat], "SU6")
        )
        points[side] += 1
    elif tie_eldest:
        # D-SU3 option: the tie goes to the non-dealer; among the tied, the first from eldest
        # clockwise (eldest's side with four, eldest with two; with three, a tied seat only).
        seat = next(s for s in ((eldest + i) % n for i in range(n)) if counts[unit_of[s]] == best)
        side = unit_of[seat]
        members = sides[side] if sides else (side,)
        items.append(
            make_item(*LABELS_GAME, 1, _counting(won, members), seat, item_side[seat], "D-SU3")
        )
        points[side] += 1
    return items, counts, taken, points


def _won_codes(tricks: Sequence[Trick], n: int) -> tuple[list[int], list[int]]:
    """The counting cards each seat won in ``tricks`` (codes, see ``_CODE``) and its tricks."""
    won = [0] * n
    taken = [0] * n
    code = _CODE
    if n == 4:
        try:
            for trick in tricks:
                winner = trick.winner
                assert winner is not None and winner >= 0, "record not replayed"
                taken[winner] += 1
                a, b, c, d = trick.plays  # the four-handed game, unrolled
                won[winner] |= (
                    code[a.card.index]
                    | code[b.card.index]
                    | code[c.card.index]
                    | code[d.card.index]
                )
            return won, taken
        except ValueError:  # a trick without four cards: the loop below
            won = [0] * n
            taken = [0] * n
    for trick in tricks:
        winner = trick.winner
        assert winner is not None and winner >= 0, "record not replayed"
        taken[winner] += 1
        for play in trick.plays:
            won[winner] |= code[play.card.index]
    return won, taken


# The counting cards (T J Q K A) of one suit for each 5-bit pattern of bits 8-12, in card order.
_COUNTING_OF_SUIT: tuple[tuple[tuple[Card, ...], ...], ...] = tuple(
    tuple(tuple(iter_mask(bits << (8 + SUIT_SHIFT * suit))) for bits in range(32))
    for suit in range(4)
)


def _counting(won: list[int], members: tuple[int, ...]) -> tuple[Card, ...]:
    """The counting cards the members of a side won (codes, see ``_CODE``), member by member in
    card order (suit by suit from the table above: the same order as
    ``iter_mask(mask & COUNT_MASK)`` of the cards won)."""
    c, d, h, s = _COUNTING_OF_SUIT
    cards: tuple[Card, ...] = ()
    for seat in members:
        m = won[seat]
        cards += c[m & 31] + d[m >> 5 & 31] + h[m >> 10 & 31] + s[m >> 15]
    return cards


def _unit(variant: SevenUp, it: ScoreItem) -> int:
    if variant.sides:
        assert it.side is not None
        return it.side
    assert it.seat is not None
    return it.seat


def running_after(scores: list[int], sheet: ScoreSheet, variant: SevenUp) -> list[int]:
    """Running totals per side (or seat) after a deal."""
    result = list(scores)
    for it in sheet.items:
        result[_unit(variant, it)] += it.points
    return result


def winner_in_order(
    scores: list[int], sheet: ScoreSheet, variant: SevenUp, target: int = GAME_TARGET
) -> int | None:
    """SU7: the side (or seat) that first reaches 7 counting this deal's items in order."""
    running = list(scores)
    for it in sheet.items:
        unit = _unit(variant, it)
        running[unit] += it.points
        if running[unit] >= target:
            return unit
    return None


__all__ = ["COUNT", "GAME_TARGET", "deal_items", "running_after", "winner_in_order"]
