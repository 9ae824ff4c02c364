"""Pitch scoring (AP8-AP11, D-AP2-D-AP5): pure functions of a deal's facts.

A deal's four points (High, Low, Jack, Game) are found from the hands, the trump and the cards
each seat won (:func:`play_facts`), or written down by a scorekeeper (an outcome record); then
:func:`deal_items` turns the facts, the pitcher and his bid into score items **in the order the
game counts them** (AP11, D-AP2): the pitcher's side first -- its points, or the set-back -- then
the others' points in the order High, Low, Jack, Game. :func:`going_out` walks those items to
find who wins a game, so a party is decided by the same code for every kind of record.

>>> facts = Facts(high=(0, Card.parse("A♥")), low=(1, Card.parse("2♥")), jack=0, game=1)
>>> items = deal_items(facts, pitcher=0, bid=2, players=2, sides=None)
>>> [(i.name, i.seat, i.points) for i in items]
[('high', 0, 1), ('jack', 0, 1), ('low', 1, 1), ('game', 1, 1)]
>>> [(i.name, i.seat, i.points) for i in deal_items(facts, 0, 3, 2, None)]
[('set_back', 0, -3), ('low', 1, 1), ('game', 1, 1)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from kozyr import ALL_CARDS, BLACK_JOKER, JOKERS, RED_JOKER, Card, CardSet, Rank, ScoreItem, Suit
from kozyr.cardset import SUIT_MASKS, rank_mask
from kozyr.scoring import whole

#: AP8 Game: the counting value of each rank (ten 10, ace 4, king 3, queen 2, jack 1).
COUNT = {Rank.TEN: 10, Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}
TENS, ACES, KINGS, QUEENS, JACKS = (rank_mask((rank,)) for rank in COUNT)
COUNTING_CARDS = CardSet(rank_mask(COUNT))
#: AP2: six cards each, so six tricks (AP7).
HAND_SIZE = 6
#: The four points of a deal, in the order AP11 counts them.
POINTS = ("high", "low", "jack", "game")
#: AP3: the bid of four, the smudge ("shoot the moon").
SMUDGE_BID = 4
#: AP5: the stuck dealer's bid of two, the least bid (forced with ``stuck_dealer="two"``).
STUCK_BID = 2
#: AP10: a smudge is all four points (High, Low, Jack, Game) to one side.
SMUDGE_POINTS = len(POINTS)
#: SMR5, SMR8: the points of a Smear deal, in the order they count (D-SMR3): Pitch's four with
#: the Jick after the Jack, then the jokers, and the Trey before Game.
SMEAR_POINTS = ("high", "low", "jack", "jick", "black_joker", "red_joker", "trey", "game")
#: SMR5, SMR8: what each point is worth (the Trey, the 3 of trumps, 3 in ten-point Smear; each
#: joker 1; Game 1).
WORTH = {
    "high": 1, "low": 1, "jack": 1, "jick": 1, "black_joker": 1, "red_joker": 1, "trey": 3,
    "game": 1,
}  # fmt: skip
#: SMR8: the names of the jokers' points, by joker (the black joker's first).
JOKER_POINTS = ("black_joker", "red_joker")

LABELS = {
    "high": ("Старший", "High"),
    "low": ("Младший", "Low"),
    "jack": ("Валет", "Jack"),
    "game": ("Гейм", "Game"),
    "set_back": ("Недобор", "Set back"),
    "smudge": ("Смадж", "Smudge"),
    "jick": ("Джик", "Jick"),
    "trey": ("Тройка", "Trey"),
    "black_joker": ("Чёрный джокер", "Black joker"),
    "red_joker": ("Красный джокер", "Red joker"),
}


#: SMR3: the jick of each trump suit (by suit), the other jack of its colour (♥ ♦, ♠ ♣).
JICKS: tuple[Card, ...] = tuple(Card(Rank.JACK, Suit(3 - int(suit))) for suit in Suit)


def jick_of(trump: Suit) -> Card:
    """SMR3: the jick, the other jack of the trump's colour (♥ and ♦, ♠ and ♣).

    >>> jick_of(Suit.HEARTS), jick_of(Suit.CLUBS)
    (Card('J♦'), Card('J♠'))
    """
    return JICKS[trump]


def trumps_of(trump: Suit, jick: bool) -> int:
    """The mask of the trumps (SMR3): the trump suit, and with ``jick`` the jick."""
    return SUIT_MASKS[trump] | (JICKS[trump].mask if jick else 0)


def trump_rank(card: Card, trump: Suit) -> int:
    """A trump's place in the trump suit (SMR3): twice its rank, the jick between the jack and
    the ten (21). Only meaningful for a card of :func:`trumps_of`.

    >>> [trump_rank(Card.parse(c), Suit.HEARTS) for c in ("J♥", "J♦", "10♥", "2♥")]
    [22, 21, 20, 4]
    """
    if card.suit != trump:
        return 2 * int(Rank.JACK) - 1
    return 2 * int(card.rank)


#: SMR3: the trumps that rank above the jick in each suit (A K Q J), by suit.
ABOVE_JICK: tuple[int, ...] = tuple(
    sum(
        c.mask
        for c in ALL_CARDS
        if c.suit == suit and trump_rank(c, suit) > trump_rank(JICKS[suit], suit)
    )
    for suit in Suit
)


@dataclass(frozen=True)
class Facts:
    """Who scored each of a deal's four points (AP8): ``high`` and ``low`` are ``(seat, card)``
    -- the card None in an outcome record, where nobody wrote it down; ``jack`` and ``game``
    the seat, or None (no trump jack in play; Game tied). ``low_rule`` is the rule Low follows
    (AP8, or AP8 with ``low_to="capturer"``: the same id, the text says which)."""

    high: tuple[int, Card | None]
    low: tuple[int, Card | None]
    jack: int | None
    game: int | None
    game_cards: tuple[Card, ...] = ()
    #: The Game count per side (or seat); None in an outcome record that gives none.
    counts: tuple[int, ...] | None = None
    jack_card: Card | None = None
    #: SMR5 (Smear): the seat that won the jick and the 3 of trumps in a trick; None: not in
    #: play, or not played for (option ``jick`` or ``trey`` off).
    jick: int | None = None
    trey: int | None = None
    jick_card: Card | None = None
    trey_card: Card | None = None
    #: SMR8 (ten-point Smear): the seat that won the black and the red joker in a trick; None:
    #: not in play, or not in the deck (option ``jokers``).
    black_joker: int | None = None
    red_joker: int | None = None


def game_count(cards: CardSet) -> int:
    """AP8 Game: the counting value of cards.

    >>> game_count(CardSet.parse("10♥ A♠ K♣ Q♦ J♥ 9♠"))
    20
    """
    held = cards.mask
    return (
        10 * (held & TENS).bit_count()
        + 4 * (held & ACES).bit_count()
        + 3 * (held & KINGS).bit_count()
        + 2 * (held & QUEENS).bit_count()
        + (held & JACKS).bit_count()
    )


def unit_of(seat: int, sides: Sequence[Sequence[int]] | None) -> int:
    """The side a seat scores for (its own seat when everyone plays alone)."""
    if not sides:
        return seat
    return next(i for i, members in enumerate(sides) if seat in members)


def play_facts(
    hands: Sequence[CardSet | None],
    won: Sequence[CardSet],
    trump: Suit,
    sides: Sequence[Sequence[int]] | None,
    low_to: str = "holder",
    *,
    jick: bool = False,
    trey: bool = False,
    jokers: int = 0,
) -> Facts:
    """AP8 from a played deal: High, the highest trump in play, to the seat dealt it; Low, the
    lowest, to the seat dealt it (or, ``low_to="capturer"``, to the seat that won it in a
    trick); Jack, the trump jack, to the seat that won it; Game to the side (or player) whose
    tricks count most -- credited to its member who counted more, the first on a tie -- and to
    nobody on a tie. The pitch is a trump, so a trump is always in play (AP6). With ``jick``
    (Smear, SMR3, SMR5) the jick is a trump ranking between the jack and the ten -- it can be
    High or Low -- and a point to the seat that wins it; with ``trey`` the 3 of trumps is a
    point (worth 3) to the seat that wins it; with ``jokers`` (ten-point Smear, SMR7, SMR8) each
    joker of the deck is a point to the seat that wins it, and is never High or Low (D-SMR8)."""
    suit = trumps_of(trump, jick)
    dealt = [0 if hand is None else hand.mask & suit for hand in hands]
    in_play = 0
    for held in dealt:
        in_play |= held
    natural = in_play & SUIT_MASKS[trump]
    assert natural, "the pitch is a trump: one is always in play (AP6)"
    high = Card.from_index(natural.bit_length() - 1)
    low = Card.from_index((natural & -natural).bit_length() - 1)
    if in_play != natural:  # SMR3: the jick, when no trump ranks above (below) it
        if not natural & ABOVE_JICK[trump]:
            high = JICKS[trump]
        if not natural & ~ABOVE_JICK[trump]:
            low = JICKS[trump]
    high_seat = next(s for s, held in enumerate(dealt) if held & high.mask)
    if low_to == "capturer":
        low_seat = next(s for s, cards in enumerate(won) if low in cards)
    else:
        low_seat = next(s for s, held in enumerate(dealt) if held & low.mask)
    jack_card = Card(Rank.JACK, trump)
    jack = next((s for s, cards in enumerate(won) if jack_card in cards), None)
    jick_card = jick_of(trump) if jick else None
    jick_seat = next((s for s, cards in enumerate(won) if jick_card in cards), None)
    trey_card = Card(Rank.THREE, trump) if trey else None
    trey_seat = next((s for s, cards in enumerate(won) if trey_card in cards), None)
    jokers_won = [
        next((s for s, cards in enumerate(won) if joker in cards), None) for joker in JOKERS
    ]
    black, red = (jokers_won[i] if jokers > i else None for i in range(2))
    counted = [game_count(cards) for cards in won]
    units = len(sides) if sides else len(won)
    counts = [0] * units
    for seat, value in enumerate(counted):
        counts[unit_of(seat, sides)] += value
    best = max(counts)
    game: int | None = None
    game_cards: tuple[Card, ...] = ()
    if counts.count(best) == 1:
        unit = counts.index(best)
        members = list(sides[unit]) if sides else [unit]
        game = members[0]
        for other in members[1:]:
            if counted[other] > counted[game]:
                game = other
        game_cards = tuple(card for s in members for card in won[s] & COUNTING_CARDS)
    return Facts(
        (high_seat, high),
        (low_seat, low),
        jack,
        game,
        game_cards,
        tuple(counts),
        jack_card if jack is not None else None,
        jick_seat,
        trey_seat,
        jick_card if jick_seat is not None else None,
        trey_card if trey_seat is not None else None,
        black,
        red,
    )


def _item(
    name: str,
    seat: int,
    points: int,
    cards: tuple[Card, ...],
    rule: str,
    sides: Sequence[Sequence[int]] | None,
) -> ScoreItem:
    ru, en = LABELS[name]
    side = unit_of(seat, sides) if sides else None
    return ScoreItem(name, ru, en, points, cards, seat, side, rule)


def deal_items(
    facts: Facts,
    pitcher: int,
    bid: int,
    players: int,
    sides: Sequence[Sequence[int]] | None,
    smudge: str = "off",
    low_rule: str = "AP8",
) -> list[ScoreItem]:
    """The items of a deal in AP11 order (D-AP2): the pitcher's side first -- the points it
    won when they reach its ``bid`` (AP9), else one ``set_back`` item of minus the bid -- then
    every other side's points in the order High, Low, Jack, Game. With ``smudge`` ``"bidder"``
    a pitcher who bid 4 and won all four points, with ``"anyone"`` any side that won all four,
    gets a ``smudge`` item (0 points) after its points: it wins the game at once (AP10)."""
    raw: list[tuple[str, int, tuple[Card, ...], str]] = []
    high_seat, high_card = facts.high
    low_seat, low_card = facts.low
    raw.append(("high", high_seat, (high_card,) if high_card else (), "AP8"))
    raw.append(("low", low_seat, (low_card,) if low_card else (), low_rule))
    if facts.jack is not None:
        raw.append(("jack", facts.jack, (facts.jack_card,) if facts.jack_card else (), "AP8"))
    if facts.jick is not None:  # SMR5
        raw.append(("jick", facts.jick, (facts.jick_card,) if facts.jick_card else (), "SMR5"))
    for name, joker, seat in (
        ("black_joker", BLACK_JOKER, facts.black_joker),
        ("red_joker", RED_JOKER, facts.red_joker),
    ):
        if seat is not None:  # SMR8: each joker a point to the seat that won it
            raw.append((name, seat, (joker,) if facts.high[1] is not None else (), "SMR8"))
    if facts.trey is not None:  # SMR5
        raw.append(("trey", facts.trey, (facts.trey_card,) if facts.trey_card else (), "SMR5"))
    if facts.game is not None:
        raw.append(("game", facts.game, facts.game_cards, "AP8"))
    mine = unit_of(pitcher, sides)
    own = [r for r in raw if unit_of(r[1], sides) == mine]
    others = [r for r in raw if unit_of(r[1], sides) != mine]
    items: list[ScoreItem] = []
    if sum(WORTH[r[0]] for r in own) >= bid:  # AP9: made -- the pitcher's side scores all it won
        items += [_item(n, seat, WORTH[n], cards, rule, sides) for n, seat, cards, rule in own]
        if (
            len(own) == SMUDGE_POINTS
            and smudge != "off"
            and (bid == SMUDGE_BID or smudge == "anyone")
        ):
            items.append(_item("smudge", pitcher, 0, (), "AP10", sides))
    else:  # AP9: set back by the bid
        items.append(_item("set_back", pitcher, -bid, (), "AP9", sides))
    items += [_item(n, seat, WORTH[n], cards, rule, sides) for n, seat, cards, rule in others]
    if (
        smudge == "anyone" and len(others) == SMUDGE_POINTS
    ):  # AP10: all four points to one other side
        items.append(_item("smudge", others[0][1], 0, (), "AP10", sides))
    return items


def is_out(running: Sequence[int], unit: int, target: int, win_by: int = 1) -> bool:
    """Whether ``unit`` has won with these running totals (AP11, D-AP5): ``target`` or more
    and, with ``win_by`` 2, two more than every other side or player.

    >>> is_out([11, 10], 0, 11), is_out([11, 10], 0, 11, 2), is_out([12, -3], 0, 11, 2)
    (True, False, True)
    >>> is_out([11, 11], 0, 11)  # win by one: counting in order, the first to 11 is out
    True
    """
    score = running[unit]
    if score < target:
        return False
    if win_by <= 1:  # counting in order, the first to reach the target is out
        return True
    return all(score - other >= win_by for u, other in enumerate(running) if u != unit)


def going_out(
    scores: Sequence[int],
    items: Sequence[ScoreItem],
    sides: Sequence[Sequence[int]] | None,
    target: int,
    win_by: int = 1,
) -> tuple[int, ScoreItem] | None:
    """AP10, AP11, D-AP2, D-AP5: the side (or player) that wins the game during a deal, counting
    its items in order from the running ``scores``, with the item that put it out; None when
    nobody does. A ``smudge`` item wins at once; a set-back (negative) item can put another
    side two ahead, so after it every side is looked at, from the next one."""
    running = list(scores)
    units = len(running)
    for it in items:
        assert it.seat is not None
        unit = unit_of(it.seat, sides)
        if it.name == "smudge":
            return unit, it
        points = whole(it.points)
        running[unit] += points
        if points >= 0:
            if is_out(running, unit, target, win_by):
                return unit, it
            continue
        for k in range(1, units):
            other = (unit + k) % units
            if is_out(running, other, target, win_by):
                return other, it
    return None


def smear_out(
    scores: Sequence[int],
    items: Sequence[ScoreItem],
    sides: Sequence[Sequence[int]] | None,
    target: int,
    pitcher: int,
) -> tuple[int, ScoreItem] | None:
    """SMR6, D-SMR4: the side (or player) that wins a game of Smear with a deal, from the
    running ``scores`` before it: after the deal, of those at ``target`` or more the one with
    the most points; on a tie for the most the pitcher's side if it is one of them, else nobody
    yet (the game goes on). With the winner, its last item of the deal (the deal's last item
    when it scored none).

    >>> high = ScoreItem("high", "", "", 1, (), 0, None, "AP8")
    >>> low = ScoreItem("low", "", "", 1, (), 1, None, "AP8")
    >>> smear_out([10, 10], [high, low], None, 11, pitcher=1)[0]  # 11-11: to the pitcher
    1
    >>> smear_out([10, 11], [high], None, 11, pitcher=0)[0]  # 11-11 again
    0
    >>> smear_out([9, 9], [high, low], None, 11, pitcher=1) is None
    True
    """
    running = list(scores)
    last: dict[int, ScoreItem] = {}
    for it in items:
        assert it.seat is not None
        unit = unit_of(it.seat, sides)
        running[unit] += whole(it.points)
        last[unit] = it
    best = max(running)
    if best < target:
        return None
    top = [u for u, score in enumerate(running) if score == best]
    mine = unit_of(pitcher, sides)
    if mine in top:
        winner = mine
    elif len(top) == 1:
        winner = top[0]
    else:
        return None
    return winner, last.get(winner, items[-1])


__all__ = [
    "ABOVE_JICK",
    "COUNT",
    "JICKS",
    "JOKER_POINTS",
    "LABELS",
    "POINTS",
    "SMEAR_POINTS",
    "SMUDGE_BID",
    "SMUDGE_POINTS",
    "STUCK_BID",
    "WORTH",
    "Facts",
    "deal_items",
    "game_count",
    "going_out",
    "is_out",
    "jick_of",
    "play_facts",
    "smear_out",
    "trump_rank",
    "trumps_of",
    "unit_of",
]
