"""Seven Up scoring (SU6) and the game to 7 (SU7): pure functions of a deal record.

Items come out in the order SU7 counts them: turned jack(s), gift, High, Low, Jack, Game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kozyr import ALL_CARDS, Card, CardSet, DealRecord, Rank, RankOrder, ScoreItem, ScoreSheet
from kozyr.cardset import SUIT_MASKS, iter_mask, rank_mask

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


def _game_value(mask: int) -> int:
    """:func:`game_count` by two table look-ups (clubs and diamonds, hearts and spades)."""
    table = _GAME_OF_TWO_SUITS
    return (
        table[(mask >> 8 & 31) | (mask >> 16 & 992)] + table[(mask >> 34 & 31) | (mask >> 42 & 992)]
    )


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


def deal_parts(
    n: int, tie_eldest: bool, record: DealRecord
) -> tuple[list[ScoreItem], list[int], list[int], list[int]]:
    """One pass over a deal of ``n`` players: the items in SU7 order, the Game count per side
    (or seat), tricks per seat (zeros for a summary record) and points per side (or seat)."""
    sides, unit_of, item_side = _LAYOUTS[n]
    dealer = record.dealer
    eldest = (dealer + 1) % n
    items: list[ScoreItem] = []
    turnups = record.turnups
    decisions = record.decisions
    void = bool(decisions.get("void"))
    # SU3: a jack turned up scores 1 for the dealer; D-SU1: while running, only the jack whose
    # suit becomes trump (the last turn-up) scores.
    first = turnups[0]
    if first.rank == Rank.JACK:
        items.append(_point("turned_jack", dealer, item_side[dealer], first, "SU3"))
    last = turnups[-1]
    if len(turnups) > 1 and not void and last.rank == Rank.JACK:
        items.append(_point("turned_jack", dealer, item_side[dealer], last, "D-SU1"))
    # SU4: the gift goes to eldest's side; D-SU4: with three players, to each opponent.
    if decisions.get("beg") == "give":
        if n == 3:
            for seat in range(n):
                if seat != dealer:
                    items.append(_point("gift", seat, None, None, "D-SU4"))
        else:
            items.append(_point("gift", eldest, item_side[eldest], None, "SU4"))
    counts = [0] * (2 if sides else n)
    tricks = record.tricks
    if void:
        taken = record.tricks_won(n)
        return items, counts, taken, _points(items, unit_of, len(counts))
    trump = last.suit
    suit_mask = SUIT_MASKS[trump]
    hands = [0 if h is None else h.mask & suit_mask for h in record.hands]
    trumps = 0
    for mask in hands:
        trumps |= mask
    if trumps:  # SU6: High and Low, the highest and lowest trump dealt (ace high)
        high = 1 << (trumps.bit_length() - 1)
        low = trumps & -trumps
        seat = _holder(hands, high)
        items.append(_point("high", seat, item_side[seat], _card(high), "SU6"))
        seat = _holder(hands, low)
        items.append(_point("low", seat, item_side[seat], _card(low), "SU6"))
    won = [0] * n
    taken = [0] * n
    if tricks is not None:
        for trick in tricks:
            winner = trick.winner
            assert winner is not None and winner >= 0, "record not replayed"
            taken[winner] += 1
            plays = trick.plays
            if len(plays) == 4:  # fast path: the four-handed game, unrolled
                a, b, c, d = plays
                won[winner] |= a.card.mask | b.card.mask | c.card.mask | d.card.mask
            else:
                for play in plays:
                    won[winner] |= play.card.mask
    else:
        for seat, cards in enumerate(decisions.get("won") or ()):
            won[seat] = CardSet(cards).mask
    jack_index = SUIT_SHIFT * trump + Rank.JACK - 2
    jack_bit = 1 << jack_index
    for seat, mask in enumerate(won):
        if mask & jack_bit:  # one seat at most won it
            items.append(_point("jack", seat, item_side[seat], ALL_CARDS[jack_index], "SU6"))
            break
    values = [_game_value(mask) for mask in won]
    for seat, value in enumerate(values):
        counts[unit_of[seat]] += value
    best = max(counts)
    if counts.count(best) == 1:
        side = counts.index(best)
        members = sides[side] if sides else (side,)
        # the member of the side who took more counting points (the first on a tie)
        seat = max(members, key=values.__getitem__)
        items.append(
            ScoreItem(*LABELS_GAME, 1, _counting(won, members), seat, item_side[seat], "SU6")
        )
    elif tie_eldest:
        # D-SU3 option: the tie goes to the non-dealer; among the tied, the first from eldest
        # clockwise (eldest's side with four, eldest with two; with three, a tied seat only).
        seat = next(s for s in ((eldest + i) % n for i in range(n)) if counts[unit_of[s]] == best)
        side = unit_of[seat]
        members = sides[side] if sides else (side,)
        items.append(
            ScoreItem(*LABELS_GAME, 1, _counting(won, members), seat, item_side[seat], "D-SU3")
        )
    return items, counts, taken, _points(items, unit_of, len(counts))


def _points(items: list[ScoreItem], unit_of: list[int], units: int) -> list[int]:
    """``ScoreSheet.by_side()`` of the deal's items (each worth one point, SU6)."""
    points = [0] * units
    for it in items:
        assert it.seat is not None
        points[unit_of[it.seat]] += 1
    return points


def _card(bit: int) -> Card:
    return ALL_CARDS[bit.bit_length() - 1]


def _holder(hands: list[int], bit: int) -> int:
    """The seat whose (trump) mask holds ``bit``."""
    for seat, mask in enumerate(hands):
        if mask & bit:
            return seat
    raise ValueError("no hand holds the card")


# The counting cards (T J Q K A) of one suit for each 5-bit pattern of bits 8-12, in card order.
_COUNTING_OF_SUIT: tuple[tuple[tuple[Card, ...], ...], ...] = tuple(
    tuple(tuple(iter_mask(bits << (8 + SUIT_SHIFT * suit))) for bits in range(32))
    for suit in range(4)
)


def _counting(won: list[int], members: tuple[int, ...]) -> tuple[Card, ...]:
    """The counting cards the members of a side won, member by member in card order (suit by
    suit from the table above: the same order as ``iter_mask(won[s] & COUNT_MASK)``)."""
    c, d, h, s = _COUNTING_OF_SUIT
    cards: tuple[Card, ...] = ()
    for seat in members:
        m = won[seat]
        cards += c[m >> 8 & 31] + d[m >> 21 & 31] + h[m >> 34 & 31] + s[m >> 47 & 31]
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
