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


def deal_items(variant: SevenUp, record: DealRecord) -> tuple[ScoreSheet, list[int]]:
    """Every point of a deal (SU3, SU4, SU6) and the Game count per side (or seat).

    Works on card masks: the trumps dealt and the cards each seat won are ints, High and Low
    are the top and bottom trump bits, Game counts are popcounts per counting rank.
    """
    n = variant.players
    sides = variant.sides
    # C5: the unit that scores (a side with four in partnership, else the seat itself)
    unit_of = [0 if s in sides[0] else 1 for s in range(n)] if sides else list(range(n))
    item_side: list[int | None] = list(unit_of) if sides else [None] * n
    dealer = record.dealer
    eldest = (dealer + 1) % n
    items: list[ScoreItem] = []

    def add(name: str, seat: int, cards: tuple[Card, ...], rule: str) -> None:
        ru, en = LABELS[name]
        items.append(ScoreItem(name, ru, en, 1, cards, seat, item_side[seat], rule))

    turnups = record.turnups
    decisions = record.decisions
    void = bool(decisions.get("void"))
    # SU3: a jack turned up scores 1 for the dealer; D-SU1: while running, only the jack whose
    # suit becomes trump (the last turn-up) scores.
    if turnups[0].rank == Rank.JACK:
        add("turned_jack", dealer, (turnups[0],), "SU3")
    if len(turnups) > 1 and not void and turnups[-1].rank == Rank.JACK:
        add("turned_jack", dealer, (turnups[-1],), "D-SU1")
    # SU4: the gift goes to eldest's side; D-SU4: with three players, to each opponent.
    if decisions.get("beg") == "give":
        receivers = [s for s in range(n) if s != dealer] if n == 3 else [eldest]
        for seat in receivers:
            add("gift", seat, (), "SU4" if n != 3 else "D-SU4")
    counts = [0] * (2 if sides else n)
    if void:
        return ScoreSheet(tuple(items), n, sides), counts
    trump = turnups[-1].suit
    suit_mask = SUIT_MASKS[trump]
    hands = [0 if h is None else h.mask & suit_mask for h in record.hands]
    trumps = 0
    for mask in hands:
        trumps |= mask
    if trumps:  # SU6: High and Low, the highest and lowest trump dealt (ace high)
        high = 1 << (trumps.bit_length() - 1)
        low = trumps & -trumps
        add("high", _holder(hands, high), (_card(high),), "SU6")
        add("low", _holder(hands, low), (_card(low),), "SU6")
    won = _won_masks(n, record)
    jack = ALL_CARDS[SUIT_SHIFT * trump + Rank.JACK - 2]
    for seat, mask in enumerate(won):
        if mask & jack.mask:
            add("jack", seat, (jack,), "SU6")
    values = [game_count(mask) for mask in won]
    for seat, value in enumerate(values):
        counts[unit_of[seat]] += value
    best = max(counts)
    leaders = [s for s, c in enumerate(counts) if c == best]
    if len(leaders) == 1:
        side = leaders[0]
        members = sides[side] if sides else (side,)
        # the member of the side who took more counting points (the first on a tie)
        seat = max(members, key=values.__getitem__)
        add("game", seat, _counting(won, members), "SU6")
    elif variant.options["game_tie"] == "eldest":
        # D-SU3 option: the tie goes to the non-dealer; among the tied, the first from eldest
        # clockwise (eldest's side with four, eldest with two; with three, a tied seat only).
        seat = next(s for s in ((eldest + i) % n for i in range(n)) if unit_of[s] in leaders)
        side = unit_of[seat]
        members = sides[side] if sides else (side,)
        add("game", seat, _counting(won, members), "D-SU3")
    return ScoreSheet(tuple(items), n, sides), counts


def _card(bit: int) -> Card:
    return ALL_CARDS[bit.bit_length() - 1]


def _holder(hands: list[int], bit: int) -> int:
    """The seat whose (trump) mask holds ``bit``."""
    return next(seat for seat, mask in enumerate(hands) if mask & bit)


def _counting(won: list[int], members: tuple[int, ...]) -> tuple[Card, ...]:
    """The counting cards the members of a side won, member by member in card order."""
    return tuple(card for s in members for card in iter_mask(won[s] & COUNT_MASK))


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
