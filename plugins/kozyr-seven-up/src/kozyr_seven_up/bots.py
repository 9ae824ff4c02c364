"""A simple heuristic Seven Up bot: keeps trumps for the jack and takes counting cards."""

from __future__ import annotations

import random
from collections.abc import Sequence

from kozyr import PLAY, Action, Card, PlayerView, Rank, RankOrder
from kozyr_seven_up.scoring import COUNT

ORDER = RankOrder.ace_high()


class HeuristicBot:
    """Begs with a weak trump holding, discards low plain cards, wins tricks worth taking
    (counting cards, the trump jack) as cheaply as it can, feeds counting cards to a partner who
    has the trick, and otherwise throws its least useful card, keeping trumps."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, deal: PlayerView, actions: Sequence[Action]) -> Action:
        kind = actions[0].kind
        if kind in ("stand", "beg"):
            trumps = [c for c in deal.hand(deal.to_act) if c.suit == deal.trump]
            strong = any(c.rank >= Rank.KING or c.rank == Rank.JACK for c in trumps)
            return actions[0] if len(trumps) >= 2 or strong else actions[1]
        if kind in ("give", "run"):
            trumps = [c for c in deal.hand(deal.to_act) if c.suit == deal.trump]
            want_run = len(trumps) < 2
            chosen = [a for a in actions if a.kind == ("run" if want_run else "give")]
            return chosen[0] if chosen else actions[0]
        if kind == "discard":
            return min(actions, key=lambda a: self._keep_value(a.card, deal))
        if kind == PLAY:
            return self._play(deal, actions)
        return actions[0]

    def _keep_value(self, card: Card | None, deal: PlayerView) -> int:
        assert card is not None
        value = ORDER.strength[card.index] + COUNT.get(card.rank, 0)
        if card.suit == deal.trump:
            value += 20
        return value

    def _play(self, deal: PlayerView, actions: Sequence[Action]) -> Action:
        trick = deal.trick
        assert trick is not None
        rules = deal.variant.trick_rules
        if not trick.plays:  # leading: draw trumps with a top trump, else lead low
            top = [
                a
                for a in actions
                if a.card is not None and a.card.suit == deal.trump and a.card.rank >= Rank.KING
            ]
            if top:
                return top[0]
            return min(actions, key=lambda a: self._keep_value(a.card, deal))
        variant = deal.variant
        ahead = rules.trick_winner(trick, deal.trump)
        last = len(trick.plays) == len(deal.playing) - 1
        if last and variant.sides and variant.side_of(ahead) == variant.side_of(deal.to_act):
            # The partner has the trick: give it a counting card, but keep trumps (SU6 Game).
            plain = [a for a in actions if a.card is not None and a.card.suit != deal.trump]
            if plain:
                return max(
                    plain,
                    key=lambda a: (
                        (COUNT.get(a.card.rank, 0), -self._keep_value(a.card, deal))
                        if a.card is not None
                        else (0, 0)
                    ),
                )
            return min(actions, key=lambda a: self._keep_value(a.card, deal))
        worth = (
            sum(COUNT.get(p.card.rank, 0) for p in trick.plays)
            + any(p.card.suit == deal.trump and p.card.rank == Rank.JACK for p in trick.plays) * 10
        )
        winners = []
        for action in actions:
            assert action.card is not None
            trial = trick.with_play(action.seat, action.card)
            if rules.trick_winner(trial, deal.trump) == action.seat:
                winners.append(action)
        if winners and worth > 0:
            return min(winners, key=lambda a: self._keep_value(a.card, deal))
        return min(actions, key=lambda a: self._keep_value(a.card, deal))
