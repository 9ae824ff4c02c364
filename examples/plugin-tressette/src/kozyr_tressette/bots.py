"""A Tressette bot that counts: it sees only what its player sees -- its own hand and the cards
already played -- and plays for the aces and figures (TR5)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from kozyr import Action, Card, PlayerView, Rank, card_plays
from kozyr_tressette.scoring import FIGURES, ORDER


def worth(card: Card) -> int:
    """TR5 in thirds: an ace 3, a figure 1, the rest nothing."""
    return 3 if card.rank == Rank.ACE else int(card.rank in FIGURES)


def _weakest(cards: Sequence[Card]) -> Card:
    return min(cards, key=lambda c: (worth(c), ORDER.strength[c.index], c.index))


class CounterBot:
    """Leads a card nobody can beat when it holds one (the highest card of its suit still out),
    else the weakest card of its longest suit; takes a trick worth points as cheaply as it can;
    feeds its partner's trick when it plays last; otherwise throws its weakest card."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: PlayerView, actions: Sequence[Action]) -> Action:
        by_card = {a.card: a for a in card_plays(actions)}  # typed: each card is a Card
        if len(actions) == 1 or not by_card or view.trick is None:
            return actions[0]
        cards = sorted(by_card)
        trick = view.trick
        seen = {p.card for t in view.tricks for p in t.plays} | set(trick.cards)
        mine = set(view.hand())
        if not trick.plays:
            masters = [c for c in cards if self._master(c, seen | mine)]
            if masters:
                return by_card[max(masters, key=lambda c: (worth(c), ORDER.strength[c.index]))]
            suits = [c.suit for c in mine]
            longest = max(set(suits), key=lambda s: (suits.count(s), int(s)))
            return by_card[_weakest([c for c in cards if c.suit == longest] or cards)]
        rules = view.variant.trick_rules
        leader_suit = trick.plays[0].card.suit
        best = max(
            (p for p in trick.plays if p.card.suit == leader_suit),
            key=lambda p: ORDER.strength[p.card.index],
        )
        partner_wins = best.seat % 2 == view.to_act % 2
        last = len(trick.plays) == len(view.playing) - 1
        winning = [
            c
            for c in cards
            if rules.trick_winner(trick.with_play(view.to_act, c), None) == view.to_act
        ]
        if partner_wins and last:  # feed the partner's trick
            return by_card[max(cards, key=lambda c: (worth(c), -ORDER.strength[c.index]))]
        points = sum(worth(c) for c in trick.cards)
        if winning and not partner_wins and (points or last or any(worth(c) for c in winning)):
            return by_card[min(winning, key=lambda c: ORDER.strength[c.index])]
        return by_card[_weakest(cards)]

    @staticmethod
    def _master(card: Card, known: set[Card]) -> bool:
        """Whether every stronger card of ``card``'s suit is played or in this hand."""
        return all(
            other in known
            for other in (Card(rank, card.suit) for rank in ORDER.ranks)
            if ORDER.strength[other.index] > ORDER.strength[card.index]
        )
