"""``pimc``: a perfect-information Monte Carlo bot over the double-dummy solver, with rollouts.

To play a card it deals the hidden hands ``samples`` times as its seat knows them
(:func:`~kozyr.analysis.sample_hands`: the voids shown, a turned card the dealer holds) and
scores every legal card on each of those deals -- the same deals for every card (common random
numbers), for its side's objective (the variant's :meth:`~kozyr.Variant.solve_objective`:
Seven Up's, Pitch's and Семерик's points, Семь листов' tricks):

* **exactly**, where the position fits the node budget (``max_nodes`` per deal): each deal is
  solved with every hand face up (the solver's :meth:`~kozyr.solve.Solver.card_values`) -- the
  last tricks of Семь листов and Семерик, every card of Seven Up and Pitch;
* **by rollouts** otherwise (when the first deal does not fit, or with ``max_nodes=0``): the
  card is played and the deal played out by the ``policy`` bots (the variant's ``heuristic``
  bot by default) for every seat (:func:`kozyr.analysis.playout`) -- one step of policy
  improvement over the rollout policy, up to the sampling's error (docs/analysis.md measures
  the gain).

It plays the card of best average value; between cards of equal value, the one its fallback
(the variant's ``heuristic`` bot, else a random choice) would play when it is one of them. With
``confidence=Z`` it keeps its fallback's card unless another beats it on the same deals by more
than ``Z`` standard errors of the paired differences. The
first card of a Pitch deal names trump (AP6): each card is scored with its suit as trump.
Decisions other than cards (stand or beg, give or run, bids, run away, exchange) are the
fallback's, or -- with ``decisions=N`` -- valued on ``N`` whole deals sampled and played out
by the ``policy`` bots (:func:`kozyr.analysis.decision_values`, as the table advisors value
them) where the decision comes before the first card.

Options: ``PimcBot(rng, samples=, max_nodes=, policy=, fallback=, decisions=, confidence=)``,
or as a bot name, ``pimc:samples=24:nodes=0:decisions=32:confidence=1``
(``kozyr arena VARIANT --bots pimc:samples=24,heuristic``).

>>> import kozyr
>>> from kozyr.bots import play_deal
>>> deal = play_deal(kozyr.get_variant("seven-up", players=2), seed=3, bots="pimc")
>>> deal.is_over
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from kozyr.analysis._decide import decision_values
from kozyr.analysis._playout import playout, policy_bots
from kozyr.analysis._review import objective_of, position_of, side_index, sides_for
from kozyr.analysis._sampling import World, sample_hands, world_of
from kozyr.cardset import CardSet
from kozyr.errors import KozyrError
from kozyr.solve import SearchLimit, Solver

if TYPE_CHECKING:
    from kozyr.cards import Card, Suit
    from kozyr.engine import PlayerView
    from kozyr.solve import Objective
    from kozyr.variant import Action, Bot

PLAY = "play"  # kozyr.engine.PLAY (the engine is imported lazily by callers)

#: Deals sampled per card decision, and the solver's node budget for each.
SAMPLES = 16
MAX_NODES = 4_000
#: Whole deals sampled per decision that is not a card (0, the default: the fallback decides;
#: ``pimc:decisions=32`` samples 32).
DECISIONS = 0
#: Standard errors by which a card must beat the fallback's on the sampled deals to be played
#: instead (0: the card of best mean, whatever the margin).
CONFIDENCE = 0.0
#: The playout policy by default.
POLICY = "heuristic"


class PimcBot:
    """Plays the card of best average value over ``samples`` sampled deals: double-dummy
    values where a deal solves within ``max_nodes`` positions (0: never try), else the values
    of playouts by the ``policy`` bots; ``fallback`` (a bot; default the variant's
    ``heuristic`` bot, else a random choice) for every other decision and to break ties --
    but with ``decisions`` > 0, a decision before the first card is the one of best mean
    value over that many whole deals sampled and played out."""

    def __init__(
        self,
        rng: random.Random,
        *,
        samples: int = SAMPLES,
        max_nodes: int = MAX_NODES,
        fallback: Bot | None = None,
        policy: str = POLICY,
        decisions: int = DECISIONS,
        confidence: float = CONFIDENCE,
    ) -> None:
        self.rng = rng
        self.samples = samples
        self.decisions = decisions
        self.confidence = confidence
        self.max_nodes = max_nodes
        self.policy = policy
        self._fallback = fallback
        #: Card decisions made by the solver, by rollouts, and left to the fallback (no
        #: sampled deal could be scored).
        self.solved = 0
        self.rolled = 0
        self.fell_back = 0
        #: Decisions other than cards valued by sampled deals played out.
        self.decided = 0

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
            if not plays and self.decisions > 0:
                return self._decide(view, actions)
            return self._fall_back(view, actions)
        each = self.card_samples(view, [a.card for a in plays if a.card is not None])
        if not each:
            self.fell_back += 1
            return self._fall_back(view, actions)
        if self.confidence > 0:
            return self._confident(view, actions, plays, each)
        values = _means(each)
        best = max(values.values())
        tied = [a for a in plays if a.card is not None and values.get(a.card) == best]
        if len(tied) > 1:  # equal values: the card the fallback would play, if it is one of them
            preferred = self._fall_back(view, actions)
            if preferred in tied:
                return preferred
        return tied[0]

    def _confident(
        self,
        view: PlayerView,
        actions: Sequence[Action],
        plays: Sequence[Action],
        each: Sequence[dict[Card, float]],
    ) -> Action:
        """The fallback's card, unless another card beats it on the sampled deals by more than
        ``confidence`` standard errors of the paired differences: then the best such card."""
        preferred = self._fall_back(view, actions)
        base = preferred.card
        if base is None or any(base not in values for values in each):
            return preferred
        best: tuple[float, Action] | None = None
        for action in plays:
            card = action.card
            if card is None or card == base or any(card not in values for values in each):
                continue
            mean, error = _paired(each, card, base)
            if mean > self.confidence * error and (best is None or mean > best[0]):
                best = (mean, action)
        return preferred if best is None else best[1]

    def _decide(self, view: PlayerView, actions: Sequence[Action]) -> Action:
        """The decision of best mean value over ``decisions`` sampled deals played out
        (:func:`~kozyr.analysis.decision_values`); the fallback's where it gives none, or
        between choices of equal value when its choice is one of them."""
        values = decision_values(
            view, actions, samples=self.decisions, rng=self.rng, policy=self.policy
        )
        if not values:
            return self._fall_back(view, actions)
        self.decided += 1
        best = max(values.values())
        tied = [actions[i] for i, value in sorted(values.items()) if value == best]
        if len(tied) > 1:
            preferred = self._fall_back(view, actions)
            if preferred in tied:
                return preferred
        return tied[0]

    def card_values(
        self, view: PlayerView, cards: Sequence[Card] | None = None
    ) -> dict[Card, float]:
        """Each legal card's (or each of ``cards``') average value over the sampled deals:
        double-dummy where the first deal solves within the budget, else by playouts (empty
        when no deal could be sampled)."""
        return _means(self.card_samples(view, cards))

    def card_samples(
        self, view: PlayerView, cards: Sequence[Card] | None = None
    ) -> list[dict[Card, float]]:
        """Each legal card's (or each of ``cards``') value on each sampled deal scored, in
        sample order -- the same deals for every card (empty when none could be sampled)."""
        if cards is None:
            trick = view.trick
            if trick is None:
                return []
            legal = view.variant.trick_rules.legal_mask(view.hand_mask(), trick, view.trump)
            cards = list(CardSet.from_mask(legal))
        seat = view.seat
        sides = sides_for(view.variant, seat, view.playing)
        index = side_index(sides, seat)
        mine = frozenset(sides[index])
        worlds: list[tuple[World, int]] = []
        for _ in range(self.samples):
            hands = sample_hands(view, self.rng)
            seed = self.rng.getrandbits(32)
            if hands is not None:
                worlds.append((world_of(view, hands), seed))
        if not worlds:
            return []
        if self.max_nodes > 0 and len(view.playing) == view.n:
            exact = self._solved(worlds, sides, index, mine, cards)
            if exact:
                self.solved += 1
                return exact
        self.rolled += 1
        return self._rolled(view, worlds, mine, cards)

    def _solved(
        self,
        worlds: Sequence[tuple[World, int]],
        sides: tuple[tuple[int, ...], ...],
        index: int,
        mine: frozenset[int],
        cards: Sequence[Card],
    ) -> list[dict[Card, float]]:
        """Double-dummy values on each deal (empty when the first passes the budget)."""
        each: list[dict[Card, float]] = []
        for world, _ in worlds:
            found: dict[Card, int] = {}
            try:
                for trump, world_t in _by_trump(world, cards):
                    position = position_of(world_t, sides)
                    objective = objective_of(world_t, mine)
                    values = Solver(
                        position, index, objective=objective, max_nodes=self.max_nodes
                    ).card_values()
                    for card, value in values.items():
                        if trump is None or card.suit == trump:
                            found[card] = value
            except SearchLimit:
                if not each:
                    return []  # too early in the deal for the budget: playouts decide
                continue
            except KozyrError:
                continue  # a sampled deal the position check refuses: skip it
            each.append({card: float(value) for card, value in found.items() if card in cards})
        return each

    def _rolled(
        self,
        view: PlayerView,
        worlds: Sequence[tuple[World, int]],
        mine: frozenset[int],
        cards: Sequence[Card],
    ) -> list[dict[Card, float]]:
        """Playout values on each deal, each card on the same deals with the same policy
        generators (common random numbers)."""
        each: list[dict[Card, float]] = []
        turnups = tuple(view.turnups)
        for world, seed in worlds:
            objectives: dict[Suit | None, Objective] = {}
            scored: dict[Card, float] = {}
            try:
                for card in cards:
                    trump = world.trump if world.trump is not None else card.suit
                    objective = objectives.get(trump)
                    if objective is None:
                        objective = objectives[trump] = objective_of(
                            replace(world, trump=trump), mine
                        )
                    bots = policy_bots(view.variant, self.policy, seed)
                    scored[card] = playout(world, card, bots, objective, turnups)
            except KozyrError:
                continue
            each.append(scored)
        return each


def _means(each: Sequence[dict[Card, float]]) -> dict[Card, float]:
    """Each card's mean value over the deals that scored it."""
    totals: dict[Card, float] = {}
    counts: dict[Card, int] = {}
    for values in each:
        for card, value in values.items():
            totals[card] = totals.get(card, 0.0) + value
            counts[card] = counts.get(card, 0) + 1
    return {card: total / counts[card] for card, total in totals.items()}


def _paired(each: Sequence[dict[Card, float]], card: Card, base: Card) -> tuple[float, float]:
    """The mean of ``card``'s value less ``base``'s over the deals, and its standard error."""
    diffs = [values[card] - values[base] for values in each]
    n = len(diffs)
    mean = sum(diffs) / n
    if n < 2:
        return mean, math.inf
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(var / n)


def _by_trump(world: World, cards: Sequence[Card]) -> list[tuple[Suit | None, World]]:
    """The deal as each candidate card would make it: itself when trump is known; with no
    trump yet (the pitch, AP6), one copy per suit among ``cards`` with that suit as trump."""
    if world.trump is not None:
        return [(None, world)]
    suits = sorted({card.suit for card in cards})
    return [(suit, replace(world, trump=suit)) for suit in suits]


def pimc_bot(rng: random.Random) -> PimcBot:
    """The ``pimc`` bot factory (:func:`kozyr.bots.available_bots` lists it for every variant)."""
    return PimcBot(rng)


#: The options a ``pimc:key=value:...`` bot name may give, with their ranges.
OPTIONS = {"samples": (1, 1000), "nodes": (0, 10_000_000), "decisions": (0, 1000)}
#: The options that take a decimal number (``confidence=1.5``), with their ranges.
DECIMAL_OPTIONS = {"confidence": (0.0, 10.0)}


def pimc_factory(spec: str) -> Callable[[random.Random], PimcBot] | None:
    """The factory of a bot name ``pimc:samples=N:nodes=M:decisions=D:confidence=Z`` (any
    option may be left out; ``nodes=0`` scores every card by playouts; ``decisions=D`` values
    the decisions before the first card on ``D`` sampled deals; ``confidence=Z`` keeps the
    fallback's card unless another beats it by ``Z`` standard errors), or None when ``spec``
    is not such a name. Raises :class:`~kozyr.errors.KozyrError` for an unknown option or a
    value out of range."""
    name, _, rest = spec.partition(":")
    if name != "pimc" or not rest:
        return None
    options: dict[str, int] = {}
    confidence = CONFIDENCE
    for part in rest.split(":"):
        key, eq, text = part.partition("=")
        if key in DECIMAL_OPTIONS and eq:
            bottom, top = DECIMAL_OPTIONS[key]
            whole, dot, tenths = text.partition(".")
            digits = whole + tenths
            if not (digits.isascii() and digits.isdigit() and whole) or (dot and not tenths):
                raise KozyrError(f"bot {spec!r}: {key} must be a number {bottom:g} to {top:g}")
            confidence = float(text)
            if not bottom <= confidence <= top:
                raise KozyrError(f"bot {spec!r}: {key} must be a number {bottom:g} to {top:g}")
            continue
        if key not in OPTIONS or not eq:
            known = ", ".join([*(f"{k}=N" for k in OPTIONS), *(f"{k}=Z" for k in DECIMAL_OPTIONS)])
            raise KozyrError(f"bot {spec!r}: {part!r} is not an option; give {known}")
        low, high = OPTIONS[key]
        if not (text.isascii() and text.isdigit()) or not low <= int(text) <= high:
            raise KozyrError(f"bot {spec!r}: {key} must be a whole number {low} to {high}")
        options[key] = int(text)
    samples = options.get("samples", SAMPLES)
    nodes = options.get("nodes", MAX_NODES)
    decisions = options.get("decisions", DECISIONS)

    def factory(rng: random.Random) -> PimcBot:
        return PimcBot(
            rng, samples=samples, max_nodes=nodes, decisions=decisions, confidence=confidence
        )

    return factory


__all__ = [
    "CONFIDENCE",
    "DECIMAL_OPTIONS",
    "DECISIONS",
    "MAX_NODES",
    "OPTIONS",
    "POLICY",
    "SAMPLES",
    "PimcBot",
    "pimc_bot",
    "pimc_factory",
]
