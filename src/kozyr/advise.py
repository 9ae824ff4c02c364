"""Table advisors (``kozyr advise``): the expected points of each choice a player faces, by
sampling the cards he has not seen and playing every sample out.

The decisions are the ones players really face: Seven Up's stand or beg (eldest) and give or
run (the dealer, eldest having begged, SU4); Семь листов' run away or stay (SL-C16, option
``runaways``) and the dealer's exchange of the turned card (SL-C6, PN2, D-SL5; after the first
trick, whose cards ``trick`` gives, or before play under ``exchange_timing=before_play``);
Семерик's opening lead (eldest, SM5). Any other variant's first decision of the seat works
the same way.

Each sample is a whole deck consistent with what the seat knows -- its hand, the turned card,
the first trick when given, and what that trick shows (a seat that did not follow suit holds
none of the suit led: a deal in which a seat could not have played its card is drawn again, so
the samples are uniform among the consistent deals) -- dealt by the variant's own dealing (the
deck is stacked so that the seat's cards land where the variant deals them: a probe deal shows
which places of the shuffled deck go to which hand). For every choice the same samples are
played out (common random numbers) by a policy: ``heuristic`` (the variant's heuristic bots,
else random ones), ``random``, or ``dd`` (every card by the double-dummy solver, every hand face
up -- the best the cards allow -- with the heuristic bots for decisions and where the solver's
budget is too small). The value of a sample is the deal's points of the seat's side (or seat)
less the other side's (less the best other seat's, at a table of single players) -- a point
given away counts against -- or, for a variant that settles each deal in money (Семь листов,
SL-C14), the seat's net settlement.
Means come with a 95 % interval (normal approximation, 1.96 standard errors).

>>> import kozyr
>>> advice = advise(kozyr.get_variant("seven-up"), 1, kozyr.CardSet.parse("Ah Kh Jh 10s 2c 3d"),
...                 turnup=kozyr.Card.parse("5h"), samples=6, seed=1)
>>> [choice.action for choice in advice.choices]
['stand', 'beg']
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from kozyr.analysis import DealingError, StackedShuffle, deal_value, deck_places, stacked_layout
from kozyr.cards import Card
from kozyr.cardset import CardSet
from kozyr.errors import IllegalActionError, KozyrError
from kozyr.seats import next_seat

if TYPE_CHECKING:
    from kozyr.engine import Deal
    from kozyr.record import DealResult
    from kozyr.variant import Action, Bot, Variant

POLICIES = ("heuristic", "random", "dd")
#: The solver's node budget per card under ``--policy dd``.
DD_MAX_NODES = 200_000


class AdviseError(KozyrError):
    """A question the advisor cannot answer: a hand that does not fit the deal, no decision."""


class _Inconsistent(Exception):
    """A sampled deal in which a seat could not have played its card of the given trick (it
    holds the suit it showed out of): the sample is drawn again."""


_T = TypeVar("_T")

#: Draws per sample before a trick is declared impossible to deal.
_TRIES = 500


@dataclass(frozen=True)
class Choice:
    """One choice: the action as ``kozyr play`` writes it, its mean value over the samples and
    the 95 % interval ``low``..``high``; ``values`` -- each sample's value, in sample order."""

    action: str
    mean: float
    low: float
    high: float
    values: tuple[float, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.action,
            "mean": round(self.mean, 4),
            "low": round(self.low, 4),
            "high": round(self.high, 4),
        }


@dataclass(frozen=True)
class Advice:
    """The advisor's answer: the ``decision`` the seat faces (the kinds of its actions), each
    choice best first, how many ``samples`` were played per choice, the ``policy`` and what
    the values count (``measure``: ``points`` -- the side's points less the other side's -- or
    ``settlement``, the seat's net)."""

    variant: str
    seat: int
    decision: str
    choices: tuple[Choice, ...]
    samples: int
    policy: str
    measure: str
    seed: int | None

    def to_json(self) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "seat": self.seat,
            "decision": self.decision,
            "samples": self.samples,
            "policy": self.policy,
            "measure": self.measure,
            "seed": self.seed,
            "choices": [c.to_json() for c in self.choices],
        }


def _interval(values: Sequence[float]) -> tuple[float, float, float]:
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, mean, mean
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = 1.96 * math.sqrt(var / n)
    return mean, mean - half, mean + half


def _dealt(function: Callable[..., _T], *args: Any) -> _T:
    """``function(*args)``, its :class:`~kozyr.analysis.DealingError` the advisor's own."""
    try:
        return function(*args)
    except DealingError as error:
        raise AdviseError(str(error)) from error


def _bots(variant: Variant, policy: str, rng: random.Random) -> list[Bot]:
    from kozyr.bots import available_bots, make_bots

    name = "heuristic" if policy in ("heuristic", "dd") else "random"
    if name not in available_bots(variant):
        name = "random"
    return make_bots(variant, name, rng)


class _DoubleDummy:
    """Plays each card by the solver with every hand face up (it holds the deal itself); the
    heuristic bot for decisions and where the solver's budget is too small."""

    def __init__(self, deal: Deal, fallback: Bot) -> None:
        self.deal, self.fallback = deal, fallback

    def choose(self, view: Any, actions: Sequence[Action]) -> Action:
        from kozyr.analysis import solver_for
        from kozyr.engine import PLAY
        from kozyr.solve import SearchLimit

        if len(actions) == 1 or actions[0].kind != PLAY or self.deal.trick is None:
            return self.fallback.choose(view, actions)
        try:
            solver, _ = solver_for(self.deal, self.deal.to_act, max_nodes=DD_MAX_NODES)
            values = solver.card_values()
        except SearchLimit:
            return self.fallback.choose(view, actions)
        best = max(values.values())
        return next(a for a in actions if a.card is not None and values.get(a.card) == best)


def advise(
    variant: Variant,
    seat: int,
    hand: CardSet,
    *,
    turnup: Card | None = None,
    trick: Sequence[Card] = (),
    dealer: int = 0,
    samples: int = 40,
    seed: int | None = None,
    policy: str = "heuristic",
    shown: Mapping[int, Sequence[Card]] | None = None,
) -> Advice:
    """The expected value of each choice of the first decision ``seat`` faces in a deal dealt by
    ``dealer``, holding ``hand`` (the hand at that decision), with the turned card ``turnup``
    and, for a decision after the first trick, that trick's cards ``trick`` in play order. A
    dealer's give or run is reached with eldest begging; Семерик's and any first lead is the
    decision when the seat leads first and has no other. ``samples`` deals are played per
    choice, reproducibly for a ``seed``. ``shown`` -- cards other seats are known to hold as
    dealt, by seat (the Семерик declarations the seat has heard, SM6): every sample deals them
    there."""
    if policy not in POLICIES:
        raise AdviseError(f"policy {policy!r}: one of {', '.join(POLICIES)}")
    if not 0 <= seat < variant.players:
        raise AdviseError(f"seat {seat}: the table has seats 0..{variant.players - 1}")
    if not 0 <= dealer < variant.players:
        raise AdviseError(f"dealer {dealer}: the table has seats 0..{variant.players - 1}")
    if not 1 <= samples <= 100_000:
        raise AdviseError(f"samples {samples}: 1 to 100000")
    deck, where = _dealt(deck_places, variant, dealer)
    pack = {c.index for c in deck}
    trick_cards = list(trick)
    known = set(hand) | set(trick_cards) | ({turnup} if turnup else set())
    for card in known:
        if card.index not in pack:
            raise AdviseError(f"{card} is not in the {len(deck)}-card pack of {variant.name}")
    if turnup is not None and turnup in hand:
        raise AdviseError(f"{turnup} is the turned card and in the hand")
    if len(trick_cards) > variant.players:
        raise AdviseError(f"a trick has at most {variant.players} cards, not {len(trick_cards)}")
    for card in trick_cards:
        if card in hand or card == turnup or trick_cards.count(card) > 1:
            raise AdviseError(f"{card} of the trick is also in the hand, the turn-up or the trick")
    heard = _check_shown(variant, seat, shown or {}, pack, known)
    rng = random.Random(seed)
    results: dict[str, list[DealResult]] = {}
    decision = ""
    first = _first_trick_owner(variant, dealer, trick_cards, seat)
    own = [*hand, *([first] if first is not None else [])]
    for _ in range(samples):
        for _attempt in range(_TRIES):
            sample_seed = rng.getrandbits(64)
            layout = _dealt(
                stacked_layout,
                deck,
                where,
                seat,
                own,
                turnup,
                trick_cards,
                dealer,
                variant,
                sample_seed,
                heard,
            )
            try:
                kinds, outcomes = _play_sample(
                    variant, dealer, layout, seat, trick_cards, policy, sample_seed, hand
                )
                break
            except _Inconsistent:  # a hand that could not have played its trick card: redraw
                continue
        else:
            raise AdviseError(
                f"no deal in {_TRIES} draws lets every seat play its card of the trick "
                f"({' '.join(map(str, trick_cards))}) by the rules of {variant.name}"
            )
        if not decision:
            decision = kinds
        elif kinds != decision:
            raise AdviseError(
                f"seat {seat} faced different decisions in different samples ({decision}, {kinds})"
            )
        for name, result in outcomes:
            results.setdefault(name, []).append(result)
    paid = any(r.settlement.payments for found in results.values() for r in found)
    measure = "settlement" if paid else "points"
    choices = []
    for name, found in results.items():
        each = tuple(deal_value(r, variant, seat, measure) for r in found)
        mean, low, high = _interval(each)
        choices.append(Choice(name, mean, low, high, each))
    choices.sort(key=lambda c: -c.mean)
    return Advice(variant.name, seat, decision, tuple(choices), samples, policy, measure, seed)


def _check_shown(
    variant: Variant,
    seat: int,
    shown: Mapping[int, Sequence[Card]],
    pack: set[int],
    known: set[Card],
) -> dict[int, list[Card]]:
    """``shown`` checked: seats of the table other than ``seat``, cards of the pack that are
    not the seat's, the turned card, the trick's or another seat's."""
    out: dict[int, list[Card]] = {}
    taken = set(known)
    for other, cards in shown.items():
        if not (isinstance(other, int) and 0 <= other < variant.players) or other == seat:
            raise AdviseError(
                f"shown: seat {other!r} is not another seat of 0..{variant.players - 1}"
            )
        for card in cards:
            if card.index not in pack:
                raise AdviseError(f"shown: {card} is not in the pack of {variant.name}")
            if card in taken:
                raise AdviseError(
                    f"shown: {card} (seat {other}) is also in the hand, the turn-up, the trick "
                    "or another seat's shown cards"
                )
            taken.add(card)
        out[other] = list(cards)
    return out


def _first_trick_owner(
    variant: Variant, dealer: int, trick: Sequence[Card], seat: int
) -> Card | None:
    """The card ``seat`` played to the given first trick (led by eldest), if any."""
    if not trick:
        return None
    eldest = next_seat(dealer, variant.players)
    for i, card in enumerate(trick):
        if (eldest + i) % variant.players == seat:
            return card
    return None


def _play_sample(
    variant: Variant,
    dealer: int,
    layout: list[Card],
    seat: int,
    trick: Sequence[Card],
    policy: str,
    sample_seed: int,
    hand: CardSet,
) -> tuple[str, list[tuple[str, DealResult]]]:
    """Deal the sample, reach the seat's decision, then play each choice out: the decision's
    kinds and each choice's scored deal."""
    from kozyr.engine import PLAY, Deal
    from kozyr.variant import Action

    def fresh() -> Deal:
        return Deal.new(variant, dealer=dealer, rng=StackedShuffle(lambda _deck: list(layout)))

    def reach(deal: Deal, bots: list[Bot]) -> list[Action]:
        played = 0
        while actions := deal.legal_actions():
            actor = actions[0].seat
            kinds = {a.kind for a in actions}
            if actor == seat and played >= len(trick):
                if kinds != {PLAY} or (not deal.tricks and not deal.current_trick().plays):
                    if len(actions) > 1:
                        return actions
            if PLAY in kinds and played < len(trick):
                try:
                    deal.play(Action(PLAY, actor, trick[played]))
                except IllegalActionError as error:
                    raise _Inconsistent(str(error)) from error
                played += 1
                continue
            if actor != seat and "beg" in kinds and seat == dealer:
                deal.push(next(a for a in actions if a.kind == "beg"))  # to reach give or run
                continue
            deal.push(bots[actor].choose(deal.view(actor), actions))
        raise AdviseError(f"seat {seat} faces no decision with a choice in this deal")

    probe = fresh()
    choices = reach(probe, _bots(variant, policy, random.Random(sample_seed)))
    if probe.hand_mask(seat) & ~hand.mask or hand.mask & ~probe.hand_mask(seat):
        raise AdviseError(
            f"the hand at the decision is {probe.hand(seat)}, not {hand}: give the seat's "
            "hand as it is when the decision comes"
        )
    kinds = "/".join(sorted({a.kind for a in choices}))
    outcomes: list[tuple[str, DealResult]] = []
    for choice in choices:
        deal = fresh()
        bots = _bots(variant, policy, random.Random(sample_seed))
        reach(deal, bots)
        deal.push(choice)
        players: list[Bot] = (
            [_DoubleDummy(deal, bot) for bot in bots] if policy == "dd" else list(bots)
        )
        while actions := deal.legal_actions():
            actor = actions[0].seat
            deal.push(players[actor].choose(deal.view(actor), actions))
        outcomes.append((_name(choice), deal.result()))
    return kinds, outcomes


def _name(action: Action) -> str:
    return action.kind if action.card is None else f"{action.kind} {action.card}"


__all__ = ["DD_MAX_NODES", "POLICIES", "Advice", "AdviseError", "Choice", "advise"]
