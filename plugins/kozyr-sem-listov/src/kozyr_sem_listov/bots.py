"""Simple heuristic bots: win a trick as cheaply as possible, otherwise throw the least useful
card; the classic bot also runs away from a hopeless hand (SL-C16) and minds dead trumps."""

from __future__ import annotations

import random
from collections.abc import Sequence

from typing_extensions import override

from kozyr import PLAY, Action, Card, CardSet, PlayerView, Rank, RankOrder

ORDER = RankOrder.ace_high()


class HeuristicBot:
    """Shared play: take the trick with the cheapest winning card, else discard the weakest;
    lead the strongest card; take the turned trump in exchange for the weakest plain card."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, deal: PlayerView, actions: Sequence[Action]) -> Action:
        kind = actions[0].kind
        if kind == PLAY:
            return self.play(deal, actions)
        if kind in ("keep", "exchange"):
            return self.exchange(deal, actions)
        return actions[0]

    def value(self, deal: PlayerView, card: Card | None) -> int:
        """How much a card is worth keeping: rank strength, plus 20 for a trump."""
        assert card is not None
        return ORDER.strength[card.index] + (20 if card.suit == deal.trump else 0)

    def exchange(self, deal: PlayerView, actions: Sequence[Action]) -> Action:
        """Decide at the first chance (before play, or after the first trick): the right stays
        open for later tricks (D-SL5), but this bot does not wait for a better moment."""
        keep = next(a for a in actions if a.kind == "keep")
        if len(deal.tricks) > 1:
            return keep
        swaps = [a for a in actions if a.kind == "exchange"]
        worst = min(swaps, key=lambda a: self.value(deal, a.card))
        if self.value(deal, worst.card) < self.value(deal, deal.turnups[0]):
            return worst
        return keep

    def play(self, deal: PlayerView, actions: Sequence[Action]) -> Action:
        trick = deal.trick
        assert trick is not None
        if not trick.plays:
            return max(actions, key=lambda a: self.value(deal, a.card))
        rules = deal.variant.trick_rules
        hand = deal.hand_mask(deal.to_act)
        winning = []
        for action in actions:
            assert action.card is not None
            flags = rules.play_flags(hand, trick, action.card, deal.trump)
            trial = trick.with_play(action.seat, action.card, flags)
            if rules.trick_winner(trial, deal.trump) == action.seat:
                winning.append(action)
        if winning:
            return min(winning, key=lambda a: self.value(deal, a.card))
        return min(actions, key=lambda a: self.value(deal, a.card))


class ClassicBot(HeuristicBot):
    """Семь листов 1779: runs away (SL-C16) holding no trump and no ace."""

    @override
    def choose(self, deal: PlayerView, actions: Sequence[Action]) -> Action:
        if actions[0].kind in ("stay", "run_away"):
            hand = deal.hand(deal.to_act)
            hopeless = not any(c.suit == deal.trump or c.rank == Rank.ACE for c in hand)
            return next(a for a in actions if a.kind == ("run_away" if hopeless else "stay"))
        return super().choose(deal, actions)


class RaceBot(HeuristicBot):
    """The race forms: a seat already safe (seven tricks) keeps playing to win tricks too, so
    the shared play is enough; it only prefers leading a trump while holding three or more."""

    @override
    def play(self, deal: PlayerView, actions: Sequence[Action]) -> Action:
        trick = deal.trick
        assert trick is not None
        if not trick.plays:
            hand = deal.hand(deal.to_act)
            trumps = CardSet(c for c in hand if c.suit == deal.trump)
            plain = [a for a in actions if a.card is not None and a.card.suit != deal.trump]
            if len(trumps) < 3 and plain:
                return max(plain, key=lambda a: self.value(deal, a.card))
        return super().play(deal, actions)


__all__ = ["ClassicBot", "HeuristicBot", "RaceBot"]
