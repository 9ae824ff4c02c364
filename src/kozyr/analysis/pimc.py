"""``pimc``: a perfect-information Monte Carlo bot over the double-dummy solver.

To play a card it deals the hidden hands a number of times as its seat knows them
(:func:`~kozyr.analysis.sample_hands`), solves each deal with every hand face up for its side's
objective (the variant's :meth:`~kozyr.Variant.solve_objective`: Seven Up's points, Семерик's
points, Семь листов' tricks) and plays the card with the best average value (between cards of
equal value, the one its fallback would play, when it is one of them). A deal the solver
cannot finish within its node budget is left out; when the first one does not, no more are
tried and the bot plays as its fallback does (the variant's ``heuristic`` bot, else a random
choice) -- early in a deal of Семь листов or Семерик, where a full solve takes seconds to
minutes in pure Python (see docs/analysis.md). Decisions other than plays (stand or beg, run
away, exchange) are the fallback's too.

>>> import kozyr
>>> from kozyr.bots import play_deal
>>> deal = play_deal(kozyr.get_variant("seven-up", players=2), seed=3, bots="pimc")
>>> deal.is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from kozyr.analysis._review import objective_of, position_of, side_index, sides_for
from kozyr.analysis._sampling import sample_hands, world_of
from kozyr.errors import KozyrError
from kozyr.solve import SearchLimit, Solver

if TYPE_CHECKING:
    from kozyr.cards import Card
    from kozyr.engine import PlayerView
    from kozyr.variant import Action, Bot

PLAY = "play"  # kozyr.engine.PLAY (the engine is imported lazily by callers)

#: Deals sampled per card decision, and the solver's node budget for each.
SAMPLES = 8
MAX_NODES = 20_000


class PimcBot:
    """Plays the card of best average double-dummy value over ``samples`` sampled deals, each
    solved within ``max_nodes`` positions; otherwise as ``fallback`` (a bot factory's product;
    default the variant's ``heuristic`` bot, else a random choice)."""

    def __init__(
        self,
        rng: random.Random,
        *,
        samples: int = SAMPLES,
        max_nodes: int = MAX_NODES,
        fallback: Bot | None = None,
    ) -> None:
        self.rng = rng
        self.samples = samples
        self.max_nodes = max_nodes
        self._fallback = fallback
        #: Card decisions made by the solver, and those left to the fallback (no deal solved).
        self.solved = 0
        self.fell_back = 0

    def _fallback_for(self, view: PlayerView) -> Bot | None:
        if self._fallback is None:
            factory = view.variant.bots().get("heuristic")
            if factory is not None:
                self._fallback = factory(self.rng)
        return self._fallback

    def _fall_back(self, view: PlayerView, actions: Sequence[Action]) -> Action:
        bot = self._fallback_for(view)
        if bot is not None:
            return bot.choose(view, actions)
        return actions[self.rng.randrange(len(actions))]

    def choose(self, view: PlayerView, actions: Sequence[Action]) -> Action:
        if len(actions) == 1:
            return actions[0]
        plays = [a for a in actions if a.kind == PLAY and a.card is not None]
        if len(plays) != len(actions) or view.trick is None:
            return self._fall_back(view, actions)
        values = self.card_values(view)
        if not values:
            self.fell_back += 1
            return self._fall_back(view, actions)
        self.solved += 1
        best = max(values.values())
        tied = [a for a in plays if a.card is not None and values.get(a.card) == best]
        if len(tied) > 1:  # equal values: the card the fallback would play, if it is one of them
            preferred = self._fall_back(view, actions)
            if preferred in tied:
                return preferred
        return tied[0]

    def card_values(self, view: PlayerView) -> dict[Card, float]:
        """Each legal card's average value over the sampled deals the solver finished (empty
        when it finished none, or the first passed the budget)."""
        seat = view.seat
        sides = sides_for(view.variant, seat, view.playing)
        index = side_index(sides, seat)
        totals: dict[Card, float] = {}
        solved = 0
        for _ in range(self.samples):
            hands = sample_hands(view, self.rng)
            if hands is None:
                continue
            world = world_of(view, hands)
            try:
                position = position_of(world, sides)
                objective = objective_of(world, frozenset(sides[index]))
                found = Solver(
                    position, index, objective=objective, max_nodes=self.max_nodes
                ).card_values()
            except SearchLimit:
                if not solved:
                    return {}  # too early in the deal for the budget: the fallback decides
                continue
            except KozyrError:
                continue  # a sampled deal the position check refuses: skip it
            solved += 1
            for card, value in found.items():
                totals[card] = totals.get(card, 0.0) + value
        if not solved:
            return {}
        return {card: total / solved for card, total in totals.items()}


def pimc_bot(rng: random.Random) -> PimcBot:
    """The ``pimc`` bot factory (:func:`kozyr.bots.available_bots` lists it for every variant)."""
    return PimcBot(rng)


__all__ = ["MAX_NODES", "SAMPLES", "PimcBot", "pimc_bot"]
