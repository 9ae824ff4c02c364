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
from typing import Any

from kozyr import PACKS, Card, CardSet, DealRecord, KozyrError, Rank, ScoreItem, ScoreSheet, Suit

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
    return card.rank in COUNTERS


def check_pack(cards: CardSet) -> None:
    """Raise :class:`CardNotInPackError` naming the first card outside the 40-card pack."""
    stray = cards - PACK
    if stray:
        raise CardNotInPackError(next(iter(stray)))


def _item(
    name: str, ru: str, en: str, points: int, cards: Iterable[Card], seat: int | None, rule: str
) -> ScoreItem:
    side = None if seat is None else seat % 2
    return ScoreItem(name, ru, en, points, tuple(cards), seat, side, rule)


def declaration_items(
    cards: CardSet, *, quads: str = "as_triple", seat: int | None = None
) -> list[ScoreItem]:
    """Every declaration of one hand (SM6), suit by suit then rank by rank.

    ``seat`` (and its side, C5) is written into the items; None scores a hand on its own.
    """
    check_pack(cards)
    items: list[ScoreItem] = []
    for suit in Suit:
        held = cards.of_suit(suit)
        run: list[Card] = []
        for rank in STRENGTH:  # the unbroken sequence from the three down
            card = Card(rank, suit)
            if card not in held:
                break
            run.append(card)
        if len(run) < len(BABA):
            continue
        ru_suit, en_suit = _SUIT_RU[suit], _SUIT_EN[suit]
        if len(run) >= TRENA_LENGTH:  # SM6 трена; D-SM2: 8-10 in sequence still 16
            items.append(
                _item(
                    "trena",
                    f"трена {ru_suit}",
                    f"trena of {en_suit}",
                    16,
                    run,
                    seat,
                    "D-SM2" if len(run) > TRENA_LENGTH else "SM6",
                )
            )
            continue
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
    for rank in STRENGTH:
        same = [Card(rank, suit) for suit in Suit if Card(rank, suit) in cards]
        if len(same) < 3:
            continue
        value = TRIPLE_VALUE.get(rank, 1)
        if len(same) == 3:
            items.append(
                _item(
                    "triple",
                    f"три {_RANK_RU[rank]}",
                    f"three {_RANK_EN[rank]}",
                    value,
                    same,
                    seat,
                    "SM6",
                )
            )
        else:  # D-SM3: four of a kind counts as one triple, or one more with plus_one
            bonus = 1 if quads == "plus_one" else 0
            items.append(
                _item(
                    "quad",
                    f"четыре {_RANK_RU[rank]}",
                    f"four {_RANK_EN[rank]}",
                    value + bonus,
                    same,
                    seat,
                    "D-SM3",
                )
            )
    return items


def score_declarations(cards: CardSet, *, quads: str = "as_triple") -> ScoreSheet:
    """The declarations of one hand as a sheet (items with seat None), e.g. for ``score-hand``."""
    return ScoreSheet(tuple(declaration_items(cards, quads=quads)), SEATS, SIDES)


# --- a deal ------------------------------------------------------------------------------------


def deal_items(record: DealRecord, *, quads: str, counter_mode: str) -> list[ScoreItem]:
    """Every item of a played deal in SM8 event order."""
    eldest = (record.dealer + 1) % SEATS
    items: list[ScoreItem] = []
    for k in range(SEATS):  # SM8: declarations in seat order from eldest
        seat = (eldest + k) % SEATS
        hand = record.hands[seat]
        if hand is not None:
            items.extend(declaration_items(hand, quads=quads, seat=seat))
    tricks = record.tricks or ()
    taken = [0] * SEATS
    side_counters: list[list[Card]] = [[], []]
    for trick in tricks:
        winner = trick.winner
        assert winner is not None and winner >= 0, "record not replayed"
        taken[winner] += 1
        counters = [c for c in trick.cards if is_counter(c)]
        side_counters[winner % 2].extend(counters)
        if counter_mode == "per_trick" and len(counters) >= 3:  # SM7: 3+ counters give 1
            items.append(
                _item(
                    "counters",
                    f"взятка {trick.number + 1}: счётных карт {len(counters)}",
                    f"trick {trick.number + 1}: {len(counters)} counters",
                    1,
                    counters,
                    winner,
                    "SM7",
                )
            )
    if counter_mode == "cumulative":  # SM7 option: a side's counters // 3, eldest's side first
        for side in (eldest % 2, 1 - eldest % 2):
            points = len(side_counters[side]) // 3
            if points:
                items.append(
                    ScoreItem(
                        "counters",
                        f"счётные карты: {len(side_counters[side])} ÷ 3",
                        f"counters: {len(side_counters[side])} / 3",
                        points,
                        tuple(side_counters[side]),
                        None,
                        side,
                        "SM7",
                    )
                )
    for seat in range(SEATS):  # SM7, D-SM4: 9 or 10 tricks by one player
        if taken[seat] >= 9:
            items.append(
                _item(
                    "nine_tricks",
                    f"{taken[seat]} взяток без партнёра",
                    f"{taken[seat]} tricks alone",
                    6,
                    (),
                    seat,
                    "D-SM4" if taken[seat] == 10 else "SM7",
                )
            )
    for side, members in enumerate(SIDES):  # SM7: a side takes all 10 (обремизили)
        if tricks and sum(taken[s] for s in members) == len(tricks):
            items.append(
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
            )
    return items


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
    "PACK",
    "STRENGTH",
    "TARGET",
    "CardNotInPackError",
    "DealProgress",
    "GameResult",
    "Rubber",
    "advance",
    "deal_items",
    "declaration_items",
    "follow",
    "is_counter",
    "score_declarations",
]
