"""A simple Auction Pitch bot: bids what its best suit is worth and pitches that suit's top card."""

from __future__ import annotations

import random
from collections.abc import Sequence

from kozyr import PLAY, Action, Card, PlayerView, RandomBot, Rank, Suit, card_plays


def best_suit(hand: Sequence[Card]) -> tuple[Suit, int]:
    """The suit to pitch and the points it should bring (TP7): High (an ace or king), Jack, Low
    (a two or three) and one for length (three cards or more). Ties: the suit with the higher
    card."""

    def worth(suit: Suit) -> tuple[int, int]:
        ranks = [c.rank for c in hand if c.suit == suit]
        points = (
            (max(ranks) >= Rank.KING)
            + (Rank.JACK in ranks)
            + (min(ranks) <= Rank.THREE)
            + (len(ranks) >= 3)
        )
        return points, max(ranks)

    suit = max({c.suit for c in hand}, key=worth)
    return suit, worth(suit)[0]


class BidderBot:
    """Bids (TP3) its best suit's worth when that beats the bid so far, else passes; as the
    pitcher it leads its best suit's highest card (TP5); every other card is a random legal one."""

    def __init__(self, rng: random.Random) -> None:
        self.random = RandomBot(rng)

    def choose(self, view: PlayerView, actions: Sequence[Action]) -> Action:
        hand = list(view.hand())  # its own cards: a bot sees what its player sees
        if actions[0].kind != PLAY:
            _, worth = best_suit(hand)
            bids = [a for a in actions if a.value is not None and int(a.value) <= worth]
            passes = [a for a in actions if a.value is None]
            return bids[-1] if bids else (passes or actions)[0]
        if view.trump is None and not view.tricks and view.trick is not None:
            if not view.trick.plays:  # the pitch: lead the best suit's top card
                suit, _ = best_suit(hand)
                return max(
                    (a for a in card_plays(actions) if a.card.suit == suit),
                    key=lambda a: a.card.rank,
                )
        return self.random.choose(view, actions)
