"""Seven Up scoring (SU3, SU4, SU6) and the game to 7 (SU7): pure functions of a deal's facts.

Items come out in the order SU7 counts them: turned jack(s), gift, High, Low, Jack, Game. Each
point is its own function of what a scorekeeper knows (the turn-ups and the beg; who was dealt
the highest and lowest trump; who won the trump jack; the counting cards each player won), and
:func:`deal_items` puts them together for a played deal.

>>> hands = [CardSet.parse("Ah 2h 3s"), CardSet.parse("10h Jc"), None, None]
>>> high, low = high_and_low(hands, Suit.HEARTS)
>>> high, low
((0, Card('A♥')), (0, Card('2♥')))
>>> game_count(CardSet.parse("10h Jc As 9d"))    # 10 + 1 + 4 + 0
15
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from kozyr import Card, CardSet, DealRecord, Rank, RankOrder, ScoreItem, ScoreSheet, Suit
from kozyr.cardset import SUIT_MASKS, rank_mask
from kozyr.scoring import PARTNERSHIPS, whole
from kozyr.seats import next_seat

if TYPE_CHECKING:
    from kozyr_seven_up.variant import SevenUp

GAME_TARGET = 7  # SU7
ORDER = RankOrder.ace_high()  # SU2
COUNT = {Rank.TEN: 10, Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}  # SU6 Game
COUNTING_CARDS = CardSet(rank_mask(COUNT))  # the 20 cards that count for Game (SU6)
#: The masks of the four cards of each counting rank (SU6 Game).
TENS, ACES, KINGS, QUEENS, JACKS = (rank_mask((rank,)) for rank in COUNT)

SIDES = PARTNERSHIPS  # C5, with four players

LABELS = {
    "turned_jack": ("Валет сдающего", "Turned jack"),
    "gift": ("Подарок", "Gift"),
    "high": ("Старший", "High"),
    "low": ("Младший", "Low"),
    "jack": ("Валет", "Jack"),
    "game": ("Гейм", "Game"),
    "revoke": ("Ренонс", "Revoke"),
}


def unit_of(seat: int, n: int) -> int:
    """Who scores for ``seat``: its side with four players (C5), else the seat itself (SU1)."""
    return seat % 2 if n == 4 else seat


def members(unit: int, n: int) -> tuple[int, ...]:
    """The seats that score as ``unit`` (see :func:`unit_of`)."""
    return SIDES[unit] if n == 4 else (unit,)


def point(
    name: str, seat: int, n: int, cards: tuple[Card, ...] = (), rule: str = "SU6"
) -> ScoreItem:
    """The one-point item ``name`` of ``seat`` at a table of ``n`` (with its side, C5, when four
    play in partnerships)."""
    ru, en = LABELS[name]
    return ScoreItem(name, ru, en, 1, cards, seat, seat % 2 if n == 4 else None, rule)


def before_play_items(record: DealRecord, n: int) -> list[ScoreItem]:
    """The points scored before play: the turned jack (SU3), a jack turned up while running
    whose suit becomes trump (D-SU1), and the gift (SU4; with three players one to each
    opponent, D-SU4)."""
    items: list[ScoreItem] = []
    dealer = record.dealer
    first, last = record.turnups[0], record.turnups[-1]
    if first.rank == Rank.JACK:  # SU3: scores at once, even if the cards are then run
        items.append(point("turned_jack", dealer, n, (first,), "SU3"))
    ran = len(record.turnups) > 1
    if ran and not record.decisions.get("void") and last.rank == Rank.JACK:  # D-SU1
        items.append(point("turned_jack", dealer, n, (last,), "D-SU1"))
    if record.decisions.get("beg") == "give":
        if n == 3:  # D-SU4: one point to each opponent, in play order from eldest
            items += [point("gift", (dealer + k) % n, n, (), "D-SU4") for k in (1, 2)]
        else:  # SU4: one point to eldest (his side)
            items.append(point("gift", next_seat(dealer, n), n, (), "SU4"))
    return items


def high_and_low(
    hands: Sequence[CardSet | None], trump: Suit
) -> tuple[tuple[int, Card], tuple[int, Card]] | None:
    """SU6 High and Low: ``(seat, card)`` of the highest and of the lowest trump in play (the
    hands as dealt; one trump in play is both), or None when no trump is in play."""
    trumps = [0 if hand is None else hand.mask & SUIT_MASKS[trump] for hand in hands]
    in_play = 0
    for held in trumps:
        in_play |= held
    if not in_play:
        return None
    # a card's bit is suit * 13 + rank - 2, so within one suit the highest bit is the highest
    # rank (SU2: ace high) and the lowest bit the lowest
    high = Card.from_index(in_play.bit_length() - 1)
    low = Card.from_index((in_play & -in_play).bit_length() - 1)
    high_seat = next(seat for seat, held in enumerate(trumps) if held & high.mask)
    low_seat = next(seat for seat, held in enumerate(trumps) if held & low.mask)
    return (high_seat, high), (low_seat, low)


def cards_won(record: DealRecord, n: int) -> list[CardSet]:
    """The cards each seat won in tricks: from the tricks, or a summary record's ``won``."""
    if record.tricks is None:
        return [CardSet(cards) for cards in record.decisions.get("won") or [()] * n]
    won = [0] * n  # card masks
    for trick in record.tricks:
        winner = trick.winner
        assert winner is not None and winner >= 0, "record not replayed"
        for play in trick.plays:
            won[winner] |= play.card.mask
    return [CardSet.from_mask(mask) for mask in won]


def jack_winner(won: Sequence[CardSet], trump: Suit) -> int | None:
    """SU6 Jack: the seat that won the trump jack in a trick (None if it was not in play)."""
    jack = Card(Rank.JACK, trump)
    return next((seat for seat, cards in enumerate(won) if jack in cards), None)


def game_count(cards: CardSet) -> int:
    """SU6 Game: the counting value of cards (ten 10, ace 4, king 3, queen 2, jack 1).

    >>> game_count(CardSet.parse("10h 10s Ac Jd 9h"))    # 10 + 10 + 4 + 1
    25
    """
    held = cards.mask  # how many of each counting rank: a popcount of the rank's four cards
    return (
        10 * (held & TENS).bit_count()
        + 4 * (held & ACES).bit_count()
        + 3 * (held & KINGS).bit_count()
        + 2 * (held & QUEENS).bit_count()
        + (held & JACKS).bit_count()
    )


def by_unit(per_seat: Sequence[int]) -> list[int]:
    """Per-seat numbers added up per side with four players (C5); per seat otherwise."""
    if len(per_seat) == 4:
        return [per_seat[0] + per_seat[2], per_seat[1] + per_seat[3]]
    return list(per_seat)


def game_item(
    won: Sequence[CardSet], counted: Sequence[int], eldest: int, game_tie: str = "none"
) -> ScoreItem | None:
    """SU6 Game from the cards each seat won and their Game counts (:func:`game_count`): a point
    to the side (or player) with the highest count; on a tie nobody scores (D-SU3), or with
    ``game_tie="eldest"`` the first tied from eldest clockwise.

    The item goes to the member of the side who counted more (the first on a tie) and holds the
    counting cards the side won."""
    n = len(won)
    counts = by_unit(counted)
    best = max(counts)
    if counts.count(best) == 1:
        unit, rule = counts.index(best), "SU6"
        seats = members(unit, n)
        seat = seats[0]
        for other in seats[1:]:
            if counted[other] > counted[seat]:
                seat = other
    elif game_tie == "eldest":
        seat = next(
            s for s in [(eldest + k) % n for k in range(n)] if counts[unit_of(s, n)] == best
        )
        unit, rule = unit_of(seat, n), "D-SU3"
        seats = members(unit, n)
    else:
        return None
    counting = tuple([card for s in seats for card in won[s] & COUNTING_CARDS])
    return point("game", seat, n, counting, rule)


def deal_items(
    record: DealRecord,
    n: int,
    game_tie: str = "none",
    *,
    low_to: str = "holder",
    revoke_penalty: int = 1,
) -> tuple[list[ScoreItem], list[int]]:
    """Every point of a deal of ``n`` players in SU7 order (turned jacks, gift, High, Low, Jack,
    Game, and a revoke's penalty), and the Game count per side (or seat). A void deal (D-SU2)
    scores only what came before play. ``low_to="capturer"`` gives Low to the player who wins
    it in a trick (SU-O2); a record's ``revoke`` (a seat, SU-O4) is scored by
    :func:`revoke_items` (D-SU7)."""
    items = before_play_items(record, n)
    if record.decisions.get("void"):
        return items, [0] * (2 if n == 4 else n)
    trump = record.turnups[-1].suit
    extremes = high_and_low(record.hands, trump)
    won = cards_won(record, n)
    if extremes is not None:
        (high_seat, high), (low_seat, low) = extremes
        items.append(point("high", high_seat, n, (high,)))
        if low_to == "capturer":  # SU-O2: to the player who wins it in a trick
            captured = next(seat for seat, cards in enumerate(won) if low in cards)
            items.append(point("low", captured, n, (low,), "SU-O2"))
        else:
            items.append(point("low", low_seat, n, (low,)))
    jack = jack_winner(won, trump)
    if jack is not None:
        items.append(point("jack", jack, n, (Card(Rank.JACK, trump),)))
    counted = [game_count(cards) for cards in won]
    game = game_item(won, counted, next_seat(record.dealer, n), game_tie)
    if game is not None:
        items.append(game)
    revoker = record.decisions.get("revoke")
    if revoker is not None:
        items = revoke_items(items, int(revoker), n, revoke_penalty)
    return items, by_unit(counted)


def revoke_items(items: Sequence[ScoreItem], revoker: int, n: int, penalty: int) -> list[ScoreItem]:
    """SU-O4, D-SU7: a deal's items after ``revoker`` revoked: his side (or he) scores neither
    Jack nor Game (Foster), and each opposing side -- with three players each opponent, from
    the revoker's left -- scores ``penalty`` points, counted after Game.

    >>> items = [point("high", 0, 2), point("jack", 0, 2), point("game", 1, 2)]
    >>> [(i.name, i.seat, i.points) for i in revoke_items(items, 0, 2, 1)]
    [('high', 0, 1), ('game', 1, 1), ('revoke', 1, 1)]
    """
    mine = unit_of(revoker, n)
    kept = [
        it
        for it in items
        if not (it.name in ("jack", "game") and it.seat is not None and unit_of(it.seat, n) == mine)
    ]
    ru, en = LABELS["revoke"]
    receivers = [(revoker + k) % n for k in range(1, n)] if n != 4 else [next_seat(revoker, n)]
    for seat in receivers:
        kept.append(
            ScoreItem("revoke", ru, en, penalty, (), seat, seat % 2 if n == 4 else None, "SU-O4")
        )
    return kept


def _unit(variant: SevenUp, it: ScoreItem) -> int:
    if variant.sides:
        assert it.side is not None
        return it.side
    assert it.seat is not None
    return it.seat


def running_after(scores: list[int], sheet: ScoreSheet, variant: SevenUp) -> list[int]:
    """Running totals per side (or seat) after a deal (SU3-SU6 score whole points)."""
    result = list(scores)
    for it in sheet.items:
        result[_unit(variant, it)] += whole(it.points)
    return result


def is_out(running: Sequence[int], unit: int, target: int, win_by: int = 1) -> bool:
    """Whether ``unit`` has won with these running totals: it has ``target`` points or more
    (SU7, SU-O1) and, with ``win_by=2``, at least two more than every other side or player
    (D-SU6).

    >>> is_out([21, 20], 0, 21, 2), is_out([22, 20], 0, 21, 2), is_out([7, 6], 0, 7)
    (False, True, True)
    """
    score = running[unit]
    if score < target:
        return False
    if win_by <= 1:  # SU7: counting in order, the first to reach the target is out
        return True
    return all(score - other >= win_by for u, other in enumerate(running) if u != unit)


def going_out(
    scores: Sequence[int],
    sheet: ScoreSheet,
    variant: SevenUp,
    target: int = GAME_TARGET,
    win_by: int = 1,
) -> tuple[int, ScoreItem] | None:
    """SU7, D-SU6: the side (or seat) that first goes out counting this deal's items in order
    from the running ``scores``, with the item that put it out; None when nobody does."""
    running = list(scores)
    for it in sheet.items:
        unit = _unit(variant, it)
        running[unit] += whole(it.points)
        if is_out(running, unit, target, win_by):
            return unit, it
    return None


def winner_in_order(
    scores: list[int],
    sheet: ScoreSheet,
    variant: SevenUp,
    target: int = GAME_TARGET,
    win_by: int = 1,
) -> int | None:
    """SU7: the side (or seat) that first reaches 7 (the target, SU-O1; two ahead with
    ``win_by=2``, D-SU6) counting this deal's items in order."""
    out = going_out(scores, sheet, variant, target, win_by)
    return None if out is None else out[0]


__all__ = [
    "COUNT",
    "GAME_TARGET",
    "LABELS",
    "before_play_items",
    "by_unit",
    "cards_won",
    "deal_items",
    "game_count",
    "game_item",
    "going_out",
    "high_and_low",
    "is_out",
    "jack_winner",
    "members",
    "point",
    "revoke_items",
    "running_after",
    "unit_of",
    "winner_in_order",
]
