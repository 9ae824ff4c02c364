"""The batch form of simple whist: many random-bot deals at once with numpy (``kozyr[fast]``).

The same deal as :meth:`SimpleWhist.start` and the engine, each step for every deal of a batch:
the deal one at a time from eldest and the turned-up trump (SW2), the tricks played by the
core's loop with the batch twin of the variant's own trick rules (SW3, SW5), the points and
payments (SW4). ``kozyr.batch.check.compare`` proves it deal by deal.
"""

from __future__ import annotations

import numpy as np
from typing_extensions import override

from kozyr import Deck, StandardTrickRules, TrickRules
from kozyr.batch import BIT, SUIT_MASK, BatchResult, DrawSource, Masks, item_column, pick
from kozyr.batch.tricks import FollowElseAnyTwin, play_tricks, twin


class PlainOpeningTwin(FollowElseAnyTwin):
    """The batch twin of :class:`~kozyr_example_plugin.variant.PlainOpening`: the core's
    follow-suit twin (SW3), and at the first trick's lead a plain card while the hand holds one
    (SW5)."""

    @classmethod
    @override
    def of(cls, policy: StandardTrickRules) -> PlainOpeningTwin:
        return cls(FollowElseAnyTwin.of(policy).power)

    @override
    def lead_legal(self, held: Masks, trump: Masks, *, number: int) -> Masks:
        if number:
            return held
        plain = held & ~trump
        legal: Masks = pick(plain != 0, plain, held)
        return legal


class SimpleWhistBatch:
    """Random playout of simple whist for one variant object (its options fixed)."""

    pack_size = 32
    pack = np.array([card.index for card in Deck.of_size(32).cards])

    def __init__(self, players: int, hand_size: int, trick_rules: TrickRules) -> None:
        self.players = players
        self.hand_size = hand_size
        self.trick_rules = twin(trick_rules)  # SW3 (SW5): the reference's own policy

    def play(self, deals: int, source: DrawSource, *, dealer: int = 0) -> BatchResult:
        n, size = self.players, self.hand_size
        cards = self.pack[source.packs(deals, self.pack_size)]
        eldest = (dealer + 1) % n
        hands = np.zeros((n, deals), dtype=np.uint64)  # seat-major: seat s of deal d at [s, d]
        for k in range(n * size):  # SW2: one at a time from eldest
            hands[(eldest + k) % n] |= BIT[cards[:, k]]
        played = play_tricks(  # SW3: eldest leads, the winner leads next
            self.trick_rules,
            hands.reshape(-1),
            players=n,
            leader=eldest * deals + np.arange(deals),
            trump=SUIT_MASK[cards[:, n * size] // 13],  # SW2: the next card shows trump
            tricks=size,
            choose=source.choose,
        )
        tricks = played.tricks.reshape(n, deals)
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
