"""Seven Up scoring (SU6) and the game to 7 (SU7): pure functions of a deal record.

Items come out in the order SU7 counts them: turned jack(s), gift, High, Low, Jack, Game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kozyr import Card, CardSet, DealRecord, Rank, RankOrder, ScoreItem, ScoreSheet

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


def item(variant: SevenUp, name: str, seat: int, cards: tuple[Card, ...], rule: str) -> ScoreItem:
    """A one-point item for ``seat`` (and its side, C5)."""
    ru, en = LABELS[name]
    side = variant.side_of(seat) if variant.sides else None
    return ScoreItem(name, ru, en, 1, cards, seat, side, rule)


def won_cards(variant: SevenUp, record: DealRecord) -> list[CardSet]:
    """Cards each seat won in tricks (from the tricks, or the summary's ``won``)."""
    won = [CardSet() for _ in range(variant.players)]
    if record.tricks is not None:
        for trick in record.tricks:
            assert trick.winner is not None and trick.winner >= 0, "record not replayed"
            won[trick.winner] = won[trick.winner] | CardSet(trick.cards)
    else:
        for seat, cards in enumerate(record.decisions.get("won") or ()):
            won[seat] = CardSet(cards)
    return won


def deal_items(variant: SevenUp, record: DealRecord) -> tuple[ScoreSheet, list[int]]:
    """Every point of a deal (SU3, SU4, SU6) and the Game count per side (or seat)."""
    n = variant.players
    dealer = record.dealer
    eldest = (dealer + 1) % n
    items: list[ScoreItem] = []
    turnups = record.turnups
    void = bool(record.decisions.get("void"))
    # SU3: a jack turned up scores 1 for the dealer; D-SU1: while running, only the jack whose
    # suit becomes trump (the last turn-up) scores.
    if turnups[0].rank == Rank.JACK:
        items.append(item(variant, "turned_jack", dealer, (turnups[0],), "SU3"))
    if len(turnups) > 1 and not void and turnups[-1].rank == Rank.JACK:
        items.append(item(variant, "turned_jack", dealer, (turnups[-1],), "D-SU1"))
    # SU4: the gift goes to eldest's side; D-SU4: with three players, to each opponent.
    if record.decisions.get("beg") == "give":
        receivers = [s for s in range(n) if s != dealer] if n == 3 else [eldest]
        for seat in receivers:
            items.append(item(variant, "gift", seat, (), "SU4" if n != 3 else "D-SU4"))
    sides = 2 if variant.sides else n
    counts = [0] * sides
    if void:
        return ScoreSheet(tuple(items), n, variant.sides), counts
    trump = turnups[-1].suit
    holder = {c: s for s, h in enumerate(record.hands) for c in h or ()}
    trumps = [c for c in holder if c.suit == trump]
    if trumps:
        high = ORDER.highest(trumps)
        low = ORDER.lowest(trumps)
        items.append(item(variant, "high", holder[high], (high,), "SU6"))
        items.append(item(variant, "low", holder[low], (low,), "SU6"))
    won = won_cards(variant, record)
    jack = Card(Rank.JACK, trump)
    for seat, cards in enumerate(won):
        if jack in cards:
            items.append(item(variant, "jack", seat, (jack,), "SU6"))
    for seat, cards in enumerate(won):
        counts[variant.side_of(seat) if variant.sides else seat] += sum(
            COUNT.get(c.rank, 0) for c in cards
        )
    best = max(counts)
    leaders = [s for s, c in enumerate(counts) if c == best]
    if len(leaders) == 1:
        side = leaders[0]
        seat = _seat_of_side(variant, side, won)
        counting = tuple(c for s in _members(variant, side) for c in won[s] if c.rank in COUNT)
        items.append(item(variant, "game", seat, counting, "SU6"))
    elif variant.options["game_tie"] == "eldest":
        # D-SU3 option: the tie goes to the non-dealer; among the tied, the first from eldest
        # clockwise (eldest's side with four, eldest with two; with three, a tied seat only).
        unit_of = [variant.side_of(s) if variant.sides else s for s in range(n)]
        seat = next(s for s in ((eldest + i) % n for i in range(n)) if unit_of[s] in leaders)
        side = unit_of[seat]
        counting = tuple(c for s in _members(variant, side) for c in won[s] if c.rank in COUNT)
        items.append(item(variant, "game", seat, counting, "D-SU3"))
    return ScoreSheet(tuple(items), n, variant.sides), counts


def _members(variant: SevenUp, side: int) -> tuple[int, ...]:
    return variant.sides[side] if variant.sides else (side,)


def _seat_of_side(variant: SevenUp, side: int, won: list[CardSet]) -> int:
    """The member of a side who took more counting points (the first on a tie)."""
    members = _members(variant, side)
    return max(members, key=lambda s: sum(COUNT.get(c.rank, 0) for c in won[s]))


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
