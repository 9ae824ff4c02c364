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
from dataclasses import dataclass, field, replace
from typing import Any

from kozyr import (
    PACKS,
    Card,
    CardSet,
    DealRecord,
    DealResult,
    KozyrError,
    Rank,
    RankOrder,
    ScoreItem,
    ScoreSheet,
    Suit,
    Trick,
)
from kozyr.cardset import rank_mask
from kozyr.scoring import PARTNERSHIPS, whole
from kozyr.seats import next_seat

SIDES = PARTNERSHIPS  # C5, with four players
SEATS = 4
PACKETS = {"4-3-3": (4, 3, 3), "3-3-4": (3, 3, 4)}  # SM3: the packets, from eldest
TARGET = 21  # SM8
DOUBLE_BELOW = 11  # SM8: the loser under 11 makes the game double
GAMES_PER_RUBBER = 3  # SM11
TRIPLE = 3  # SM6: three of a rank declare
QUAD = 4  # D-SM3: four of a rank
COUNTERS_PER_POINT = 3  # SM7: three counters make a point

#: SM2 strength, strongest first; also the order of the trena sequence (SM6).
STRENGTH: tuple[Rank, ...] = (
    Rank.THREE, Rank.TWO, Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK,
    Rank.SEVEN, Rank.SIX, Rank.FIVE, Rank.FOUR,
)  # fmt: skip
ORDER = RankOrder(STRENGTH)  # SM2: 3 2 A K Q J 7 6 5 4
PACK = CardSet.deck(PACKS[40])  # SM2: a 52-card pack without 8, 9, 10
BABA = (Rank.THREE, Rank.TWO, Rank.ACE)  # SM6
EXTENSIONS = (Rank.KING, Rank.QUEEN, Rank.JACK)  # SM6: K, then Q, then J
TRENA_LENGTH = 7  # SM6: 3 2 A K Q J 7 (option trena="seven")
WHOLE_SUIT = 10  # SM6 option trena="ten": the баба and seven more, the whole suit of the pack
COUNTERS = frozenset({Rank.KING, Rank.QUEEN, Rank.JACK, Rank.ACE, Rank.TWO, Rank.THREE})  # SM7
TRIPLE_VALUE = {Rank.SEVEN: 4, Rank.THREE: 3, Rank.TWO: 3, Rank.ACE: 3}  # SM6; any other rank 1
TRENA_VALUE = 16  # SM6: a трена scores 16 instead of its баба
BABA_VALUE = 3  # SM6: a баба of spades, diamonds or clubs ...
MAIN_BABA_VALUE = 5  # SM6: ... and of hearts
NINE_TRICKS_BONUS = 6  # SM7: nine tricks or more taken alone
ALL_TRICKS_BONUS = 4  # SM7: a side that took every trick
MAIN_SUIT = Suit.HEARTS  # SM4
COUNTER_MASK: int = rank_mask(COUNTERS)  # SM7
#: The cards of each suit in SM2 order, strongest first (the sequence of a баба or трена, SM6).
SUIT_ORDER: dict[Suit, tuple[Card, ...]] = {
    suit: tuple(Card(rank, suit) for rank in STRENGTH) for suit in Suit
}
#: The 3, 2 and A of each suit (a баба, SM6) as a card mask, suit by suit.
BABA_MASKS: tuple[tuple[Suit, int], ...] = tuple(
    (suit, CardSet([Card(rank, suit) for rank in BABA]).mask) for suit in Suit
)
#: The four cards of each rank as a card mask, in SM2 order (the triples and quads of SM6).
RANK_MASKS: tuple[tuple[Rank, int], ...] = tuple((rank, rank_mask((rank,))) for rank in STRENGTH)
#: The four cards of each rank of the pack (for the triples and quads of SM6).
RANK_CARDS: dict[Rank, CardSet] = {rank: CardSet(rank_mask((rank,))) for rank in STRENGTH}

#: The labels of SM7's counter items (cumulative: followed by the count).
COUNTERS_LABELS = ("счётные карты", "counters")

DECLARATIONS = frozenset({"baba", "extension", "trena", "triple", "quad"})

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
    """A card that the 40-card Семерик pack does not hold (an 8, 9 or 10, or a joker; SM2)."""

    def __init__(self, card: Card) -> None:
        super().__init__(
            f"the joker {card} is not in the 40-card Семерик pack (no jokers; SM2)"
            if card.is_joker
            else f"{card} is not in the 40-card Семерик pack (no 8, 9 or 10; SM2)"
        )
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


# --- declarations (SM6) -------------------------------------------------------------------------


def sequence(cards: CardSet, suit: Suit) -> tuple[Card, ...]:
    """The cards of ``suit`` that ``cards`` holds in unbroken SM2 order from the three down
    (3 2 A K Q J 7 6 5 4): a баба needs the first three, a трена the first seven (SM6).

    >>> sequence(CardSet.parse("3s 2s As Qs 7h"), Suit.SPADES)
    (Card('3♠'), Card('2♠'), Card('A♠'))
    """
    run: list[Card] = []
    for card in SUIT_ORDER[suit]:
        if card not in cards:
            break
        run.append(card)
    return tuple(run)


def suit_items(
    cards: CardSet, suit: Suit, seat: int | None = None, *, trena: str = "seven"
) -> list[ScoreItem]:
    """The declarations of one suit (SM6): a трена, or a баба with its extensions, or nothing.

    ``trena`` reads SM6's "при бабе … 7 карт": ``seven`` (3 2 A K Q J 7, seven cards in
    sequence; D-SM2: eight to ten still 16) or ``ten`` (the баба and seven more: the whole suit;
    seven to nine in sequence then score as a баба with its extensions K, Q, J).
    """
    run = sequence(cards, suit)
    if len(run) < len(BABA):
        return []
    ru_suit, en_suit = _SUIT_RU[suit], _SUIT_EN[suit]
    if len(run) >= (TRENA_LENGTH if trena == "seven" else WHOLE_SUIT):  # SM6: 16, instead of
        rule = "D-SM2" if trena == "seven" and len(run) > TRENA_LENGTH else "SM6"  # the баба
        ru, en = f"трена {ru_suit}", f"trena of {en_suit}"
        return [_item("trena", ru, en, TRENA_VALUE, run, seat, rule)]
    value = MAIN_BABA_VALUE if suit == MAIN_SUIT else BABA_VALUE
    items = [_item("baba", f"баба {ru_suit}", f"baba of {en_suit}", value, run[:3], seat, "SM6")]
    for card in run[3 : 3 + len(EXTENSIONS)]:  # SM6: K, then Q, then J, one point each
        ru, en = f"прибавка к бабе {ru_suit}", f"extension of baba of {en_suit}"
        items.append(_item("extension", ru, en, 1, (card,), seat, "SM6"))
    return items


def rank_item(
    cards: CardSet, rank: Rank, seat: int | None = None, *, quads: str = "as_triple"
) -> ScoreItem | None:
    """The triple of ``rank`` (SM6) if ``cards`` holds three of it, or its quad (D-SM3)."""
    if (cards.mask & RANK_CARDS[rank].mask).bit_count() < TRIPLE:  # usually: no CardSet built
        return None
    same = cards & RANK_CARDS[rank]
    value = TRIPLE_VALUE.get(rank, 1)
    if len(same) == TRIPLE:
        ru, en = f"три {_RANK_RU[rank]}", f"three {_RANK_EN[rank]}"
        return _item("triple", ru, en, value, same, seat, "SM6")  # cards in suit order
    # D-SM3: four of a kind counts as one triple, or one point more with quads=plus_one
    bonus = 1 if quads == "plus_one" else 0
    ru, en = f"четыре {_RANK_RU[rank]}", f"four {_RANK_EN[rank]}"
    return _item("quad", ru, en, value + bonus, same, seat, "D-SM3")


def declaration_items(
    cards: CardSet, *, quads: str = "as_triple", trena: str = "seven", seat: int | None = None
) -> list[ScoreItem]:
    """Every declaration of one hand (SM6): suit by suit (clubs, diamonds, hearts, spades), then
    the triples and quads rank by rank in SM2 order. A card may count in several.

    ``seat`` (and its side, C5) is written into the items; None scores a hand on its own.
    Raises :class:`CardNotInPackError` for an 8, 9 or 10.
    """
    check_pack(cards)
    held = cards.mask
    items: list[ScoreItem] = []
    for suit, baba in BABA_MASKS:
        if held & baba == baba:  # a suit without its баба declares nothing
            items += suit_items(cards, suit, seat, trena=trena)
    for rank, same_rank in RANK_MASKS:
        if (held & same_rank).bit_count() >= TRIPLE:  # three or four of the rank
            item = rank_item(cards, rank, seat, quads=quads)
            if item is not None:
                items.append(item)
    return items


def score_declarations(
    cards: CardSet, *, quads: str = "as_triple", trena: str = "seven"
) -> ScoreSheet:
    """The declarations of one hand as a sheet (items with seat None), e.g. for ``score-hand``."""
    return ScoreSheet(tuple(declaration_items(cards, quads=quads, trena=trena)), SEATS, SIDES)


def dealt_declarations(
    record: DealRecord, *, quads: str = "as_triple", trena: str = "seven"
) -> list[ScoreItem]:
    """The declarations of the four hands as dealt, seat by seat from eldest (SM6, SM8)."""
    eldest = next_seat(record.dealer, SEATS)
    items: list[ScoreItem] = []
    for seat in [(eldest + k) % SEATS for k in range(SEATS)]:
        hand = record.hands[seat]
        if hand is not None:
            items += declaration_items(hand, quads=quads, trena=trena, seat=seat)
    return items


# --- play (SM7) ----------------------------------------------------------------------------------


def counters_of(trick: Trick) -> tuple[Card, ...]:
    """The counters (SM7) in a trick, in play order."""
    return tuple([play.card for play in trick.plays if play.card.mask & COUNTER_MASK])


def counter_cards(record: DealRecord) -> list[int]:
    """How many counters (SM7) each side took in the record's tricks."""
    counters = [0, 0]
    for trick in record.tricks or ():
        counters[_winner(trick) % 2] += (trick.card_mask() & COUNTER_MASK).bit_count()
    return counters


def trick_counter_items(tricks: Sequence[Trick]) -> list[ScoreItem]:
    """SM7 ``per_trick``: a trick holding three or more counters gives its winner 1 point."""
    items: list[ScoreItem] = []
    for trick in tricks:
        counters = counters_of(trick)
        if len(counters) >= COUNTERS_PER_POINT:
            items.append(counter_trick_item(_winner(trick), counters, trick.number + 1))
    return items


def counter_trick_item(
    seat: int, counters: tuple[Card, ...] = (), number: int | None = None
) -> ScoreItem:
    """SM7 ``per_trick``: the point of one trick holding three or more counters, to its winner
    ``seat``. An outcome record knows neither the trick's number nor its cards (None, ())."""
    if number is None:
        ru, en = "взятка с тремя счётными", "a trick with 3+ counters"
    else:
        ru = f"взятка {number}: счётных карт {len(counters)}"
        en = f"trick {number}: {len(counters)} counters"
    return _item("counters", ru, en, 1, counters, seat, "SM7")


def cumulative_counter_items(tricks: Sequence[Trick], eldest: int) -> list[ScoreItem]:
    """SM7 ``cumulative``: each side's counters over the deal // 3, scored after the last trick,
    eldest's side first."""
    won: list[list[Card]] = [[], []]
    for trick in tricks:
        won[_winner(trick) % 2] += counters_of(trick)
    return side_counter_items([len(w) for w in won], eldest, [tuple(w) for w in won])


def side_counter_items(
    counted: Sequence[int], eldest: int, cards: Sequence[tuple[Card, ...]] = ((), ())
) -> list[ScoreItem]:
    """SM7 ``cumulative`` from the counters each side took (``counted``; their ``cards`` where
    known): ``counted // 3`` points per side, eldest's side first."""
    items: list[ScoreItem] = []
    for side in (eldest % 2, 1 - eldest % 2):
        count = counted[side]
        points = count // COUNTERS_PER_POINT
        if points:
            ru, en = f"{COUNTERS_LABELS[0]}: {count} ÷ 3", f"{COUNTERS_LABELS[1]}: {count} / 3"
            items.append(ScoreItem("counters", ru, en, points, cards[side], None, side, "SM7"))
    return items


def bonus_items(taken: Sequence[int]) -> list[ScoreItem]:
    """The bonuses after the last trick, from the tricks each seat took: 6 to a player with 9 or
    more (SM7; D-SM4: ten counts as nine or more), then 4 to a side that took them all (SM7)."""
    items: list[ScoreItem] = []
    n_tricks = sum(taken)
    for seat, count in enumerate(taken):
        if count >= 9:
            ru, en = f"{count} взяток без партнёра", f"{count} tricks alone"
            items.append(
                _item(
                    "nine_tricks",
                    ru,
                    en,
                    NINE_TRICKS_BONUS,
                    (),
                    seat,
                    "D-SM4" if count == 10 else "SM7",
                )
            )
    for side, members in enumerate(SIDES):
        if n_tricks and sum(taken[seat] for seat in members) == n_tricks:
            ru, en = "все взятки (противники обремизены)", "all ten tricks"
            items.append(ScoreItem("all_tricks", ru, en, ALL_TRICKS_BONUS, (), None, side, "SM7"))
    return items


def _winner(trick: Trick) -> int:
    winner = trick.winner
    assert winner is not None and winner >= 0, "record not replayed"
    return winner


def tricks_taken(record: DealRecord) -> list[int]:
    """Tricks per seat of a replayed record."""
    taken = [0] * SEATS
    for trick in record.tricks or ():
        taken[_winner(trick)] += 1
    return taken


def deal_items(
    record: DealRecord, *, quads: str, counter_mode: str, trena: str = "seven"
) -> list[ScoreItem]:
    """Every item of a played deal in SM8 event order: declarations from eldest (SM6), counter
    points (SM7, trick by trick or cumulative), then the nine-trick and all-tricks bonuses."""
    tricks = record.tricks or ()
    items = dealt_declarations(record, quads=quads, trena=trena)
    if counter_mode == "per_trick":
        items += trick_counter_items(tricks)
    else:
        items += cumulative_counter_items(tricks, next_seat(record.dealer, SEATS))
    items += bonus_items(tricks_taken(record))
    return items


def side_points(items: Iterable[ScoreItem]) -> tuple[list[int], list[int]]:
    """Points per side from declarations (SM6) and from play (SM7), all whole points."""
    declared, played = [0, 0], [0, 0]
    for item in items:
        side = _side(item)
        if item.name in DECLARATIONS:
            declared[side] += whole(item.points)
        else:
            played[side] += whole(item.points)
    return declared, played


def _side(item: ScoreItem) -> int:
    return item.side if item.side is not None else (item.seat or 0) % 2


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


def advance(
    start: Sequence[int],
    items: Iterable[ScoreItem],
    game: int,
    eldest: int,
    *,
    declarations: str = "together",
    counter_mode: str = "per_trick",
) -> DealProgress:
    """Add one deal's items (in SM8 event order) to a game's scores and see who reached 21.

    ``declarations`` (D-SM5): ``together`` scores all the deal's declarations at once, as they
    are made when the cards are dealt: a side at 21 then wins with the loser's count including
    its own declarations; both sides at 21: the higher total wins, equal totals ``eldest``'s
    side. ``in_turn`` counts them one by one, seat by seat from eldest, like the play points:
    the first side to reach 21 wins. Points in play always count one by one (SM8), except that
    with ``counter_mode`` = ``cumulative`` both sides' counter points are scored together
    (D-SM6).
    """
    begin = (int(start[0]), int(start[1]))
    scores = list(begin)
    crossed: tuple[int, int, bool] | None = None  # winner, loser's score, won in play
    play = list(items)
    if declarations == "together":
        declared = [it for it in play if it.name in DECLARATIONS]
        play = [it for it in play if it.name not in DECLARATIONS]
        for it in declared:
            scores[_side(it)] += whole(it.points)  # SM6-SM7 score whole points
        at_target = [side for side in (0, 1) if scores[side] >= TARGET]
        if len(at_target) == 1:
            crossed = (at_target[0], scores[1 - at_target[0]], False)
        elif at_target:  # D-SM5: both at 21 on declarations
            if scores[0] == scores[1]:
                winner = eldest % 2  # C5: eldest's side
            else:
                winner = 0 if scores[0] > scores[1] else 1
            crossed = (winner, scores[1 - winner], False)
    # D-SM6: cumulative counter points (a side's, after the last trick: no seat) of both sides
    # are scored together; both at 21 then: the higher total wins, equal totals eldest's side
    together = [it for it in play if counter_mode == "cumulative" and it.name == "counters"]
    for it in play:
        if any(it is member for member in together):
            if it is not together[0]:
                continue
            for member in together:
                scores[_side(member)] += whole(member.points)
            at_target = [side for side in (0, 1) if scores[side] >= TARGET]
            if crossed is None and at_target:
                winner = at_target[0]
                if len(at_target) == 2:
                    winner = eldest % 2 if scores[0] == scores[1] else int(scores[1] > scores[0])
                crossed = (winner, scores[1 - winner], True)
            continue
        side = _side(it)
        scores[side] += whole(it.points)
        if crossed is None and scores[side] >= TARGET:
            crossed = (side, scores[1 - side], it.name not in DECLARATIONS)
    end = (scores[0], scores[1])
    if crossed is None:
        return DealProgress(game, begin, end)
    winner, loser_score, in_play = crossed
    carry = max(0, end[winner] - TARGET) if in_play else 0  # SM9
    return DealProgress(
        game, begin, end, GameResult(game, winner, loser_score, in_play, end, carry)
    )


@dataclass
class Rubber:
    """The state of a rubber after some deals (SM8-SM11), with D-SM5's ``declarations`` rule."""

    scores: list[int] = field(default_factory=lambda: [0, 0])
    game: int = 1
    games: list[GameResult] = field(default_factory=list)
    progress: list[DealProgress] = field(default_factory=list)
    game_deals: list[int] = field(default_factory=list)
    declarations: str = "together"
    counter_mode: str = "per_trick"  # D-SM6: cumulative counters of both sides together

    @property
    def over(self) -> bool:
        """Three games make a rubber (SM11)."""
        return len(self.games) >= GAMES_PER_RUBBER

    def add(self, items: Sequence[ScoreItem], eldest: int) -> DealProgress:
        """Play one deal's items into the rubber (``eldest``: that deal's eldest seat)."""
        step = advance(
            self.scores,
            items,
            self.game,
            eldest,
            declarations=self.declarations,
            counter_mode=self.counter_mode,
        )
        self.progress.append(step)
        self.game_deals.append(len(self.progress) - 1)
        if step.won is None:
            self.scores = list(step.end)
            return step
        won = replace(step.won, deals=tuple(self.game_deals))
        step = replace(step, won=won)
        self.progress[-1] = step
        self.games.append(won)
        self.game += 1
        self.game_deals = []
        self.scores = [0, 0]
        self.scores[won.winner] = won.carry  # SM9
        return step


def follow(
    results: Iterable[DealResult],
    *,
    declarations: str = "together",
    counter_mode: str = "per_trick",
) -> Rubber:
    """The rubber after a sequence of scored deals."""
    rubber = Rubber(declarations=declarations, counter_mode=counter_mode)
    for result in results:
        rubber.add(result.sheet.items, next_seat(result.record.dealer, SEATS))
    return rubber


__all__ = [
    "ALL_TRICKS_BONUS",
    "BABA_VALUE",
    "COUNTERS",
    "COUNTER_MASK",
    "MAIN_BABA_VALUE",
    "NINE_TRICKS_BONUS",
    "ORDER",
    "PACK",
    "PACKETS",
    "SEATS",
    "STRENGTH",
    "TARGET",
    "TRENA_VALUE",
    "CardNotInPackError",
    "DealProgress",
    "GameResult",
    "Rubber",
    "advance",
    "bonus_items",
    "counter_cards",
    "cumulative_counter_items",
    "deal_items",
    "dealt_declarations",
    "declaration_items",
    "follow",
    "is_counter",
    "rank_item",
    "score_declarations",
    "sequence",
    "side_points",
    "suit_items",
    "trick_counter_items",
    "tricks_taken",
]
