"""The batch form of simple whist: many random-bot deals at once with numpy (``kozyr[fast]``).

The same deal as :meth:`SimpleWhist.start` and the engine, each step for every deal of a batch:
the deal one at a time from eldest and the turned-up trump (SW2), the tricks (SW3: follow suit
when able, else any card; the highest trump, else the highest card of the suit led), the
points and payments (SW4). ``kozyr.batch.check.compare`` proves it deal by deal.
"""

from __future__ import annotations

import numpy as np

from kozyr import Deck
from kozyr.batch import (
    BIT,
    SUIT_MASK,
    BatchResult,
    DrawSource,
    count,
    high_bit,
    item_column,
    select,
)


class SimpleWhistBatch:
    """Random playout of simple whist for one variant object (its options fixed)."""

    pack_size = 32
    pack = np.array([card.index for card in Deck.of_size(32).cards])

    def __init__(self, players: int, hand_size: int) -> None:
        self.players = players
        self.hand_size = hand_size

    def play(self, deals: int, source: DrawSource, *, dealer: int = 0) -> BatchResult:
        n, size = self.players, self.hand_size
        cards = self.pack[source.packs(deals, self.pack_size)]
        eldest = (dealer + 1) % n
        hands = np.zeros((n, deals), dtype=np.uint64)
        for k in range(n * size):  # SW2: one at a time from eldest
            hands[(eldest + k) % n] |= BIT[cards[:, k]]
        trumps = SUIT_MASK[cards[:, n * size] // 13]  # SW2: the next card shows trump
        index = np.arange(deals)
        tricks = np.zeros((n, deals), dtype=np.int64)
        leader = np.full(deals, eldest, dtype=np.int64)
        for _ in range(size):
            seats = (leader + np.arange(n)[:, None]) % n  # row i: who plays i-th
            held = hands[seats[0], index]  # the lead: any card
            card = BIT[select(held, source.choose(count(held)))]
            hands[seats[0], index] = held ^ card
            led = SUIT_MASK[high_bit(card) // 13]
            trick, played = card, [card]
            for i in range(1, n):  # SW3: follow suit when able, else any card
                held = hands[seats[i], index]
                legal = np.where((held & led) != 0, held & led, held)
                card = BIT[select(legal, source.choose(count(legal)))]
                hands[seats[i], index] = held ^ card
                trick = trick | card
                played.append(card)
            # SW3: the highest trump, else the highest card of the suit led
            winning = np.where((trick & trumps) != 0, trick & trumps, trick & led)
            best = BIT[high_bit(winning)]
            position = np.zeros(deals, dtype=np.int64)
            for i in range(1, n):
                position[played[i] == best] = i
            winner = seats[position, index]
            tricks[winner, index] += 1
            leader = winner
        # SW4: a point a trick; each pair's player with fewer tricks pays the difference
        items = tuple(
            item_column(
                "tricks", ("Взятки", "Tricks"), "SW4", tricks[s] > 0, seat=s, points=tricks[s]
            )
            for s in range(n)
        )
        net = np.zeros((n, deals), dtype=np.int64)
        for a in range(n):
            for b in range(n):
                net[a] += np.maximum(tricks[a] - tricks[b], 0) - np.maximum(
                    tricks[b] - tricks[a], 0
                )
        return BatchResult(
            players=n,
            sides=None,
            tricks=tricks.T.copy(),
            points=tricks.T.copy(),
            items=items,
            net=net.T.copy(),
        )
