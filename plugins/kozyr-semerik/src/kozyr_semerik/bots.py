"""A heuristic Семерик bot: it feeds its counters (SM7) to tricks its side will win.

It sees only what a player sees: its own hand and the cards already played.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from kozyr import Action, Card, CardSet, PlayerView, Trick
from kozyr_semerik.scoring import MAIN_SUIT, ORDER, PACK, is_counter


class HeuristicBot:
    """Leads a card nobody can beat when it has one; when its side is sure to take the trick it
    throws a counter; when it can win a trick worth taking it does so as cheaply as it can;
    otherwise it throws its weakest non-counter."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, deal: PlayerView, actions: Sequence[Action]) -> Action:
        if len(actions) == 1:
            return actions[0]
        trick = deal.trick
        assert trick is not None
        seat = deal.to_act
        played = sum((t.card_mask() for t in deal.tricks), 0) | trick.card_mask()
        unseen = PACK - CardSet.from_mask(played | deal.hand_mask(seat))
        cards = [a.card for a in actions if a.card is not None]
        if not trick.plays:
            return self._act(seat, self._lead(deal, trick, seat, cards, unseen))
        rules = deal.variant.trick_rules
        last = len(trick.plays) == len(deal.playing) - 1
        ours: list[Card] = []  # cards after which our side holds the trick for good
        for card in cards:
            trial = trick.with_play(seat, card)
            if rules.trick_winner(trial, None) % 2 == seat % 2 and (
                last or self._safe(deal, trial, seat, unseen)
            ):
                ours.append(card)
        if ours:
            counters = [c for c in ours if is_counter(c)]
            if counters:  # feed a counter to a trick we win: the weakest one that does it
                return self._act(seat, min(counters, key=self._value))
            partner_holds = rules.trick_winner(trick, None) % 2 == seat % 2
            if partner_holds or any(is_counter(c) for c in trick.cards):
                return self._act(seat, min(ours, key=self._value))
        return self._act(seat, self._discard(cards))

    def _act(self, seat: int, card: Card) -> Action:
        return Action("play", seat, card)

    def _value(self, card: Card) -> int:
        """How much a card is worth keeping: its strength, hearts and counters a little more."""
        value = ORDER.strength[card.index]
        if card.suit == MAIN_SUIT and card.rank not in (4, 5, 6):
            value += 5
        return value

    def _discard(self, cards: Sequence[Card]) -> Card:
        """The weakest card, a non-counter if possible."""
        return min(cards, key=lambda c: (is_counter(c), self._value(c), c.index))

    def _lead(
        self, deal: PlayerView, trick: Trick, seat: int, cards: Sequence[Card], unseen: CardSet
    ) -> Card:
        sure = [c for c in cards if self._safe(deal, trick.with_play(seat, c), seat, unseen)]
        if sure:
            return max(sure, key=lambda c: (is_counter(c), self._value(c)))
        return self._discard(cards)

    def _safe(self, deal: PlayerView, trick: Trick, seat: int, unseen: CardSet) -> bool:
        """Whether no unseen card played by an opponent still to act could take ``trick``."""
        rules = deal.variant.trick_rules
        to_play = len(deal.playing) - len(trick.plays)
        opponents = [(seat + k) % 4 for k in range(1, to_play + 1) if (seat + k) % 2 != seat % 2]
        for opponent in opponents:
            for card in unseen:
                if rules.trick_winner(trick.with_play(opponent, card), None) == opponent:
                    return False
        return True
