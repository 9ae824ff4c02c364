"""A heuristic Pitch bot: bids what its best suit is worth, pitches that suit's top card, then
takes tricks with counting cards and keeps its low trump (AP3-AP8)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from kozyr import PLAY, Action, Card, PlayerView, RandomBot, Rank, Suit
from kozyr_pitch.scoring import COUNT


def best_suit(hand: Sequence[Card], *, smear: bool = False) -> tuple[Suit, int]:
    """The suit to pitch and the points it should bring (AP8): High (an ace or king), Jack, Low
    (a two or three) and one for length (three cards or more); ties: the suit with the higher
    card. With ``smear`` (SMR3, SMR5) also the jick held (the other jack of the colour), and the
    trey (the 3) one more; a joker held (SMR7, SMR8) is one more in every suit. A joker is never
    the suit to pitch (D-SMR9).

    >>> from kozyr import parse_cards
    >>> best_suit(parse_cards("A♥ J♥ 2♥ 4♣ 4♦ 4♠"))
    (Suit.HEARTS, 4)
    >>> best_suit(parse_cards("A♥ J♥ 3♥ J♦ 4♣ 4♠"), smear=True)
    (Suit.HEARTS, 6)
    >>> best_suit(parse_cards("BJ K♠ 2♠ 9♠ 5♦ RJ"), smear=True)
    (Suit.SPADES, 5)
    """
    jokers = sum(c.is_joker for c in hand) if smear else 0
    hand = [c for c in hand if not c.is_joker]

    def worth(suit: Suit) -> tuple[int, int]:
        ranks = [c.rank for c in hand if c.suit == suit]
        points = (
            (max(ranks) >= Rank.KING)
            + (Rank.JACK in ranks)
            + (min(ranks) <= Rank.THREE)
            + (len(ranks) >= 3)
        )
        if smear:
            points += (Card(Rank.JACK, Suit(3 - int(suit))) in hand) + (Rank.THREE in ranks)
        return points + jokers, max(ranks)

    suit = max(sorted({c.suit for c in hand}), key=worth)
    return suit, worth(suit)[0]


class HeuristicBot:
    """Bids (AP3) its best suit's worth when the auction allows it, else the lowest bid it is
    forced to make (AP5) or passes; as the pitcher leads its best suit's highest card (AP6);
    afterwards a random legal card, preferring to win a trick holding a ten."""

    #: Whether it counts Smear's jick and trey in a suit's worth (SMR3, SMR5).
    smear = False

    def __init__(self, rng: random.Random) -> None:
        self.random = RandomBot(rng)

    def choose(self, view: PlayerView, actions: Sequence[Action]) -> Action:
        hand = list(view.hand())
        if actions[0].kind != PLAY:
            _, worth = best_suit(hand, smear=self.smear)
            bids = [a for a in actions if a.value is not None and int(a.value) <= worth]
            passes = [a for a in actions if a.value is None]
            return bids[-1] if bids else (passes or actions[:1])[0]
        trick = view.trick
        if view.trump is None and not view.tricks and trick is not None and not trick.plays:
            suit, _ = best_suit(hand, smear=self.smear)
            return max(
                (a for a in actions if a.card is not None and _suit(a.card) == suit),
                key=_rank,
            )
        if trick is not None and trick.plays:
            tens = any(not p.card.is_joker and p.card.rank == Rank.TEN for p in trick.plays)
            if tens and view.trump is not None:
                trumps = [a for a in actions if a.card is not None and _suit(a.card) == view.trump]
                if trumps:
                    return max(trumps, key=_rank)
        return self.random.choose(view, actions)


class SmearBot(HeuristicBot):
    """:class:`HeuristicBot` for Smear: a suit is worth its jick and trey too (SMR3-SMR5)."""

    smear = True


def _rank(action: Action) -> int:
    card = action.card
    return int(card.rank) if card is not None and not card.is_joker else 0


def _suit(card: Card) -> Suit | None:
    """The card's suit, None for a joker (SMR7)."""
    return None if card.is_joker else card.suit


__all__ = ["COUNT", "HeuristicBot", "SmearBot", "best_suit"]
