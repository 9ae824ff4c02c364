"""Playing a sampled deal out by a policy, on card masks (the rollouts of ``pimc``).

A :class:`~kozyr.analysis.World` is a deal with every hand filled in. :func:`playout` plays it
from its trick in progress to the last trick: the given card first, then every seat's card as
the policy bots choose it, each seeing only what a player would (:class:`WorldView`, the
attributes of a :class:`kozyr.PlayerView`), the cards checked by the variant's own trick rules
(legal cards, flags, the winner). The deal is scored by the solver's objective for one side
(:meth:`~kozyr.Variant.solve_objective`, or tricks), so a playout's value and a double-dummy
value count the same thing.

Decisions a real deal would ask between tricks (an exchange of the turned card, D-SL5) are
not asked, and a race that a form ends early (D-PN2) is played to the last trick.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from kozyr.cards import Card, Suit
from kozyr.cardset import CardSet
from kozyr.errors import IllegalActionError
from kozyr.seats import next_seat
from kozyr.tricks import Play, Trick
from kozyr.variant import Action

if TYPE_CHECKING:
    from kozyr.analysis._sampling import World
    from kozyr.solve import Objective
    from kozyr.variant import Bot, Variant

PLAY = "play"
_CARDS = tuple(Card.from_index(i) for i in range(54))  # the jokers too (52, 53)
#: One play action per seat and card, made once.
_ACTIONS: dict[tuple[int, int], Action] = {}


def _action(seat: int, index: int) -> Action:
    key = (seat, index)
    found = _ACTIONS.get(key)
    if found is None:
        found = _ACTIONS[key] = Action(PLAY, seat, _CARDS[index])
    return found


class WorldView:
    """What the seat to play sees of a deal being played out: its own hand, the cards played,
    the trump, the turned cards, the table -- the :class:`kozyr.PlayerView` attributes a bot
    reads. One object serves the whole playout; :attr:`seat` is the seat to act."""

    __slots__ = (
        "_hands",
        "_tricks",
        "dealer",
        "log",
        "n",
        "playing",
        "seat",
        "trick",
        "trump",
        "turnups",
        "variant",
    )

    def __init__(self, world: World, turnups: tuple[Card, ...]) -> None:
        self.variant: Variant = world.variant
        self.n = world.n
        self.dealer = world.dealer
        self.playing = world.playing
        self.trump: Suit | None = world.trump
        self.turnups = turnups
        self.log = world.log
        self.trick: Trick | None = world.trick
        self._tricks: list[Trick] = list(world.tricks)
        self._hands: list[int] = list(world.hands)
        self.seat = 0

    def _own(self, seat: int | None) -> int:
        if seat is not None and seat != self.seat:
            raise IllegalActionError(
                f"seat {self.seat} sees only its own hand, not seat {seat}'s", seat=self.seat
            )
        return self.seat

    def hand(self, seat: int | None = None) -> CardSet:
        return CardSet.from_mask(self._hands[self._own(seat)])

    def hand_mask(self, seat: int | None = None) -> int:
        return self._hands[self._own(seat)]

    @property
    def cards_seen(self) -> CardSet:
        mask = self._hands[self.seat]
        for done in self._tricks:
            mask |= done.card_mask()
        if self.trick is not None:
            mask |= self.trick.card_mask()
        for card in self.turnups:
            mask |= card.mask
        return CardSet.from_mask(mask)

    @property
    def to_act(self) -> int:
        return self.seat

    @property
    def tricks(self) -> tuple[Trick, ...]:
        return tuple(self._tricks)

    @property
    def tricks_won(self) -> tuple[int, ...]:
        won = [0] * self.n
        for done in self._tricks:
            if done.winner is not None:
                won[done.winner] += 1
        return tuple(won)

    @property
    def phase(self) -> str:
        return PLAY

    @property
    def seats(self) -> tuple[int, ...]:
        return tuple(range(self.n))

    @property
    def facts(self) -> Mapping[str, Any]:
        return {}

    @property
    def context(self) -> Mapping[str, Any]:
        return {}


def playout(
    world: World,
    first: Card,
    bots: Callable[[int], Bot],
    objective: Objective,
    turnups: tuple[Card, ...] = (),
) -> int:
    """The objective's value of ``world`` played out from its trick in progress: ``first``
    by the seat to play, then every card as ``bots(seat)`` chooses it. With no trump yet (the
    pitch, AP6) the first card's suit is trump."""
    rules = world.variant.trick_rules
    view = WorldView(world, turnups)
    hands = view._hands
    tricks = view._tricks
    playing = world.playing
    following = {s: next_seat(s, world.n, among=playing) for s in playing}
    trick = world.trick
    assert trick is not None
    trump = world.trump
    if trump is None:
        trump = view.trump = first.suit
    state: Hashable = objective.start
    total = 0
    seat = following[trick.plays[-1].seat] if trick.plays else trick.leader
    card: Card | None = first
    while True:
        hand = hands[seat]
        if card is None:
            legal = rules.legal_mask(hand, trick, trump)
            if legal & (legal - 1) == 0:
                card = _CARDS[legal.bit_length() - 1]
            else:
                view.seat = seat
                view.trick = trick
                actions = [_action(seat, i) for i in _bits(legal)]
                chosen = bots(seat).choose(view, actions)  # type: ignore[arg-type]
                card = chosen.card
                assert card is not None
        flags = rules.play_flags(hand, trick, card, trump)
        hands[seat] = hand & ~card.mask
        trick = Trick(trick.leader, trick.number, (*trick.plays, Play(seat, card, flags)))
        card = None
        if len(trick.plays) < len(playing):
            seat = following[seat]
            continue
        winner = rules.trick_winner(trick, trump)
        done = Trick(trick.leader, trick.number, trick.plays, winner)
        tricks.append(done)
        points, state = objective.trick(state, done.card_mask(), winner)
        total += points
        if not hands[winner]:
            return total + objective.end(state)
        trick = Trick(winner, done.number + 1)
        seat = winner


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class _RandomPolicy:
    """A uniform choice among the legal cards (the policy of a variant without a heuristic)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: Any, actions: Sequence[Action]) -> Action:
        return actions[self.rng.randrange(len(actions))]


def policy_bots(variant: Variant, name: str, seed: int) -> Callable[[int], Bot]:
    """The playout policy: one bot of the variant's own (:meth:`~kozyr.Variant.bots`) called
    ``name`` per seat -- ``heuristic`` by default --, or a random choice when it has none (or
    for ``random``), made on first use from a generator seeded with ``seed``."""
    factory: Callable[[random.Random], Bot] = variant.bots().get(name) or _RandomPolicy
    rng = random.Random(seed)
    made: dict[int, Bot] = {}

    def bot(seat: int) -> Bot:
        found = made.get(seat)
        if found is None:
            found = made[seat] = factory(rng)
        return found

    return bot


def mean(values: Sequence[float]) -> float:
    return sum(values) / len(values)


__all__ = ["WorldView", "playout", "policy_bots"]
