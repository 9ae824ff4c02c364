"""Семерик played by random bots on a whole batch of deals at once (numpy; ``kozyr[fast]``).

The reference deal (:mod:`kozyr_semerik.variant`) step by step, each step for every deal of the
batch together: SM3 the deal in packets from eldest; SM6 the declarations of each hand as dealt,
looked up per 13-bit suit pattern; SM4/SM5 ten tricks (follow suit, else any card; the highest
live heart wins, else the highest card of the suit led, in SM2 order); SM7 counters and the
nine-trick and all-tricks bonuses. Random choices are the reference's: the ``k``-th legal card in
card order, drawn from a :class:`kozyr.batch.DrawSource`. Deals are scored on their own, outside
a game (the game to 21, SM8, is for the reference engine's parties).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from kozyr import Deck, Suit
from kozyr.batch import (
    BIT,
    SUIT_OF,
    BatchResult,
    Bools,
    DrawSource,
    ExtraColumn,
    Ints,
    ItemColumn,
    Masks,
    count,
    item_column,
    pick,
    select,
    suit_patterns,
    unit_points,
)
from kozyr_semerik.scoring import (
    BABA,
    COUNTER_MASK,
    EXTENSIONS,
    MAIN_SUIT,
    SIDES,
    STRENGTH,
    TRENA_LENGTH,
    TRIPLE_VALUE,
)

if TYPE_CHECKING:
    from kozyr_semerik.variant import Semerik

SEATS = 4
TRICKS = 10
_U = np.uint64
_PACK = np.array([card.index for card in Deck.of_size(40).cards], dtype=np.int64)
_PACKETS = {"4-3-3": (4, 3, 3), "3-3-4": (3, 3, 4)}
#: SM2 strength of each card index (3 strongest = 10 ... 4 = 1; 0 for 8, 9, 10).
_POWER = np.zeros(53, dtype=np.int64)
for _rank_position, _rank in enumerate(STRENGTH):
    for _suit in Suit:
        _POWER[_suit * 13 + _rank - 2] = len(STRENGTH) - _rank_position
#: The bits of the SM2 sequence 3 2 A K Q J 7 6 5 4 within a suit pattern, in order.
_SEQUENCE_BITS = [rank - 2 for rank in STRENGTH]
#: Per 13-bit suit pattern: how many cards run unbroken from the three down (SM6).
_RUN = np.zeros(1 << 13, dtype=np.int64)
for _pattern in range(1 << 13):
    _length = 0
    for _bit in _SEQUENCE_BITS:
        if not _pattern >> _bit & 1:
            break
        _length += 1
    _RUN[_pattern] = _length
#: The live hearts (SM4: not 6, 5, 4).
_LIVE = np.uint64(sum(1 << (MAIN_SUIT * 13 + rank - 2) for rank in STRENGTH[:-3]))
_COUNTERS = np.uint64(COUNTER_MASK)
_SUIT_RU = {Suit.HEARTS: "червей", Suit.SPADES: "пик", Suit.DIAMONDS: "бубён", Suit.CLUBS: "треф"}
_SUIT_EN = {
    Suit.HEARTS: "hearts",
    Suit.SPADES: "spades",
    Suit.DIAMONDS: "diamonds",
    Suit.CLUBS: "clubs",
}


def _run_cards(suit: int, length: int) -> int:
    """The mask of the first ``length`` cards of ``suit``'s SM2 sequence."""
    return sum(1 << (suit * 13 + bit) for bit in _SEQUENCE_BITS[:length])


#: Per suit, the cards of its run of each length (0 to the whole suit) from the top (SM6).
_RUN_CARDS = [
    np.array([_run_cards(suit, length) for length in range(len(STRENGTH) + 1)], dtype=_U)
    for suit in Suit
]


class SemerikBatch:
    """The batch form of one :class:`Semerik` variant object (its options fixed)."""

    pack_size = 40

    def __init__(self, variant: Semerik) -> None:
        self.packets = _PACKETS[str(variant.options["packets"])]
        self.quads = str(variant.options["quads"])
        self.cumulative = variant.options["counter_mode"] == "cumulative"
        # SM6 option trena: seven in sequence (D-SM2: eight to ten too), or the whole suit
        self.trena = TRENA_LENGTH if variant.options["trena"] == "seven" else len(STRENGTH)

    def play(self, deals: int, source: DrawSource, *, dealer: int = 0) -> BatchResult:
        """Deal, play and score ``deals`` deals dealt by ``dealer``."""
        cards = _PACK[source.packs(deals, 40)]
        card_bits = BIT[cards]
        eldest = (dealer + 1) % SEATS
        order = [(eldest + i) % SEATS for i in range(SEATS)]
        hands = np.zeros((deals, SEATS), dtype=_U)
        top = 0
        for size in self.packets:  # SM3: packets from eldest
            for seat in order:
                hands[:, seat] |= np.bitwise_or.reduce(card_bits[:, top : top + size], axis=1)
                top += size
        dealt = hands.copy()
        tricks_won, trick_cards, winners = self._play(hands, eldest, source)
        items: list[ItemColumn] = []
        for seat in order:  # SM6, SM8: declarations seat by seat from eldest
            items += self._declarations(dealt[:, seat], seat)
        declaration_columns = len(items)
        items += self._counters(trick_cards, winners, eldest)
        items += self._bonuses(tricks_won)
        declared = unit_points(SEATS, SIDES, items[:declaration_columns])
        played = unit_points(SEATS, SIDES, items[declaration_columns:])
        counter_cards = np.zeros((deals, 2), dtype=np.int64)
        rows = np.arange(deals)
        for t in range(TRICKS):
            np.add.at(
                counter_cards, (rows, winners[:, t] % 2), count(trick_cards[:, t] & _COUNTERS)
            )
        return BatchResult(
            players=SEATS,
            sides=SIDES,
            tricks=tricks_won,
            points=declared + played,
            items=tuple(items),
            extra={
                "by": ExtraColumn("category", np.zeros(deals, dtype=np.int64), ("side",)),
                "declarations": ExtraColumn("ints", declared),
                "play": ExtraColumn("ints", played),
                "counter_cards": ExtraColumn("ints", counter_cards),
            },
        )

    def _play(self, hands: Masks, eldest: int, source: DrawSource) -> tuple[Ints, Masks, Ints]:
        """SM5: ten tricks; follow suit, else any card; SM4/D-SM1 winner. Returns tricks per
        seat, each trick's cards and each trick's winner."""
        deals = len(hands)
        size = SEATS * deals
        # the hands and tricks won seat-major in flat arrays (seat s of deal d at s * deals + d):
        # one gather per play
        flat = hands.T.copy().reshape(-1)
        won = np.zeros(size, dtype=np.int64)
        leader: Ints = eldest * deals + np.arange(deals)
        trick_cards = np.zeros((deals, TRICKS), dtype=_U)
        winners = np.zeros((deals, TRICKS), dtype=np.int64)
        for t in range(TRICKS):
            at = leader
            best: Ints = np.zeros(deals, dtype=np.int64)
            winner: Ints = leader
            trick = np.zeros(deals, dtype=_U)
            led = np.zeros(deals, dtype=_U)
            for i in range(SEATS):
                if i:
                    at = at + deals
                    at -= size * (at >= size)  # the next seat round the table
                held = flat[at]
                if i == 0:
                    legal = held
                else:
                    follow = held & led
                    legal = pick(follow != 0, follow, held)
                k = source.choose(count(legal))
                chosen = select(legal, k)
                card = BIT[chosen]
                flat[at] = held ^ card
                trick |= card
                if i == 0:
                    led = SUIT_OF[chosen]
                # SM4: a live heart beats every other card; else the suit led counts (SM2 order)
                power = _POWER[chosen]
                value = (power + 100 * ((card & _LIVE) != 0)) * ((card & (led | _LIVE)) != 0)
                better = value > best
                best = pick(better, value, best)
                winner = pick(better, at, winner)
            won[winner] += 1
            trick_cards[:, t] = trick
            winners[:, t] = winner // deals
            leader = winner
        tricks_won = won.reshape(SEATS, deals).T.copy()
        return tricks_won, trick_cards, winners

    def _declarations(self, hand: Masks, seat: int) -> list[ItemColumn]:
        """SM6 for one seat: per suit (clubs, diamonds, hearts, spades) a трена, or a баба and its
        extensions; then each rank's triple (or D-SM3 quad) in SM2 order."""
        columns: list[ItemColumn] = []
        patterns = suit_patterns(hand)
        for suit in Suit:
            run = _RUN[patterns[suit]]
            ru, en = _SUIT_RU[suit], _SUIT_EN[suit]
            trena = run >= self.trena
            baba = (run >= len(BABA)) & ~trena
            value = 5 if suit == MAIN_SUIT else 3  # SM6: the hearts' баба is worth 5
            columns.append(
                self._item(
                    "baba",
                    (f"баба {ru}", f"baba of {en}"),
                    "SM6",
                    baba,
                    seat,
                    value,
                    _run_cards(suit, len(BABA)),
                )
            )
            for k, _rank in enumerate(EXTENSIONS, start=1):  # SM6: K, then Q, then J
                extension = baba & (run >= len(BABA) + k)
                card = _run_cards(suit, len(BABA) + k) ^ _run_cards(suit, len(BABA) + k - 1)
                labels = (f"прибавка к бабе {ru}", f"extension of baba of {en}")
                columns.append(self._item("extension", labels, "SM6", extension, seat, 1, card))
            labels = (f"трена {ru}", f"trena of {en}")
            for rule, here in (
                ("SM6", trena & (run == self.trena)),
                ("D-SM2", trena & (run > self.trena)),
            ):
                cards = _RUN_CARDS[suit][run]  # the cards of a run of that length
                columns.append(
                    item_column(
                        "trena", labels, rule, here, seat=seat, points=16, cards=cards, sides=SIDES
                    )
                )
        for rank in STRENGTH:
            same = _U(sum(1 << (s * 13 + rank - 2) for s in Suit))
            held = hand & same
            times = count(held)
            value = TRIPLE_VALUE.get(rank, 1)
            columns.append(
                item_column(
                    "triple",
                    ("три", "three"),
                    "SM6",
                    times == 3,
                    seat=seat,
                    points=value,
                    cards=held,
                    sides=SIDES,
                )
            )
            bonus = 1 if self.quads == "plus_one" else 0  # D-SM3
            columns.append(
                item_column(
                    "quad",
                    ("четыре", "four"),
                    "D-SM3",
                    times == 4,
                    seat=seat,
                    points=value + bonus,
                    cards=held,
                    sides=SIDES,
                )
            )
        return columns

    def _item(
        self,
        name: str,
        labels: tuple[str, str],
        rule: str,
        present: Bools,
        seat: int,
        points: int,
        card_mask: int,
    ) -> ItemColumn:
        cards = np.broadcast_to(_U(card_mask), (len(present),))  # one mask for every deal
        return item_column(
            name, labels, rule, present, seat=seat, points=points, cards=cards, sides=SIDES
        )

    def _counters(self, trick_cards: Masks, winners: Ints, eldest: int) -> list[ItemColumn]:
        """SM7 counters: per trick (3 or more give the winner 1), or cumulative (a side's
        counters // 3 after the last trick, eldest's side first)."""
        labels = ("счётные карты", "counters")
        if not self.cumulative:
            columns = []
            for t in range(TRICKS):
                counters = trick_cards[:, t] & _COUNTERS
                columns.append(
                    item_column(
                        "counters",
                        labels,
                        "SM7",
                        count(counters) >= 3,
                        seat=winners[:, t],
                        cards=counters,
                        sides=SIDES,
                    )
                )
            return columns
        won = np.zeros((len(winners), 2), dtype=_U)
        rows = np.arange(len(winners))
        for t in range(TRICKS):
            won[rows, winners[:, t] % 2] |= trick_cards[:, t] & _COUNTERS
        columns = []
        for side in (eldest % 2, 1 - eldest % 2):
            points = count(won[:, side]) // 3
            columns.append(
                item_column(
                    "counters",
                    labels,
                    "SM7",
                    points > 0,
                    side=side,
                    points=points,
                    cards=won[:, side],
                )
            )
        return columns

    def _bonuses(self, tricks_won: Ints) -> list[ItemColumn]:
        """SM7: 6 to a player with 9 or more tricks (D-SM4: ten counts as nine or more), then 4
        to a side that took all ten."""
        columns = []
        for seat in range(SEATS):
            taken = tricks_won[:, seat]
            labels = ("взяток без партнёра", "tricks alone")
            for rule, here in (("SM7", taken == 9), ("D-SM4", taken == 10)):
                columns.append(
                    item_column("nine_tricks", labels, rule, here, seat=seat, points=6, sides=SIDES)
                )
        for side, members in enumerate(SIDES):
            everything = tricks_won[:, list(members)].sum(axis=1) == TRICKS
            columns.append(
                item_column(
                    "all_tricks",
                    ("все взятки", "all ten tricks"),
                    "SM7",
                    everything,
                    side=side,
                    points=4,
                )
            )
        return columns


__all__ = ["SemerikBatch"]
