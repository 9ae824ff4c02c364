"""Proving a summary record possible: a bounded search for one legal play that gives it.

A summary record gives the hands and what came of the play (the winner of each trick, or the
cards each seat won) but not the plays. :func:`realise` looks for a legal play under the
variant's trick rules -- every trick one card per seat in turn, each card legal for its hand
(follow suit, trump, free play: whatever the rules say), each trick won as the summary says -- and
answers with a :class:`Realisation`: found, impossible (with the first trick no legal play
reaches), or undecided when the search budget ran out.

>>> from kozyr import CardSet, FollowElseAny, RankOrder, Suit
>>> rules = FollowElseAny(RankOrder.ace_high())
>>> hands = [CardSet.parse("As Kh").mask, CardSet.parse("Qs Ah").mask]
>>> realise(rules, Suit.HEARTS, hands, [0, 1], 0, WinnersTarget([0, 1])).possible
True
>>> found = realise(rules, Suit.HEARTS, hands, [0, 1], 0, WinnersTarget([1, 1]))
>>> found.possible, found.trick    # K♥ led loses to the A♥, but then A♠ takes the Q♠
(False, 1)
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from kozyr.cards import ALL_CARDS, Suit
from kozyr.tricks import Play, Trick, TrickRules

#: Cards tried before the search gives up (the result is then undecided, never a silent pass).
DEFAULT_BUDGET = 200_000
ANY = -1  # an allowed mask that allows every card


class Target(Protocol):
    """What the play must produce, trick by trick; ``state`` is the target's own (hashable)."""

    def start(self) -> Hashable:
        """The state before the first trick."""
        ...

    def allowed(self, trick: int, played: int, state: Hashable) -> int:
        """The cards (a mask, or ANY) that may be played next in trick ``trick`` when the cards
        of ``played`` are already in it."""
        ...

    def accept(self, trick: int, winner: int, cards: int, state: Hashable) -> Hashable | None:
        """The state after trick ``trick`` won by ``winner`` with the cards ``cards``, or None
        when the summary says otherwise."""
        ...

    def required(self, trick: int, played: int, state: Hashable) -> int | None:
        """The seat that must win trick ``trick`` (None: not known yet)."""
        ...

    def wins_later(self, trick: int, seat: int, state: Hashable) -> bool:
        """Whether ``seat`` must still win a trick after trick ``trick`` (a search heuristic:
        such a seat keeps its high cards)."""
        ...


@dataclass(frozen=True)
class WinnersTarget:
    """The winner of each trick in order (Семь листов ``trick_winners``)."""

    winners: Sequence[int]

    def start(self) -> Hashable:
        return 0  # no state of its own (None would mean "rejected")

    def allowed(self, trick: int, played: int, state: Hashable) -> int:
        return ANY

    def accept(self, trick: int, winner: int, cards: int, state: Hashable) -> Hashable | None:
        return state if winner == self.winners[trick] else None

    def required(self, trick: int, played: int, state: Hashable) -> int | None:
        return self.winners[trick]

    def wins_later(self, trick: int, seat: int, state: Hashable) -> bool:
        return seat in self.winners[trick + 1 :]


def _piles(state: Hashable) -> tuple[int, ...]:
    """A :class:`PilesTarget` search state: the cards still in each seat's pile."""
    assert isinstance(state, tuple)
    return state


@dataclass(frozen=True)
class PilesTarget:
    """The cards each seat won (Seven Up ``won``): a trick's cards all go to its winner's pile,
    so once a card is led every other card of the trick comes from the same pile."""

    piles: Sequence[int]

    def start(self) -> Hashable:
        return tuple(self.piles)

    def allowed(self, trick: int, played: int, state: Hashable) -> int:
        if not played:
            return ANY
        piles = _piles(state)
        return next((p for p in piles if p & played), 0)

    def accept(self, trick: int, winner: int, cards: int, state: Hashable) -> Hashable | None:
        piles = _piles(state)
        if cards & ~piles[winner]:
            return None
        return tuple(p & ~cards if s == winner else p for s, p in enumerate(piles))

    def required(self, trick: int, played: int, state: Hashable) -> int | None:
        if not played:
            return None
        piles = _piles(state)
        return next((s for s, p in enumerate(piles) if p & played), None)

    def wins_later(self, trick: int, seat: int, state: Hashable) -> bool:
        piles = _piles(state)
        return piles[seat].bit_count() > len(piles)  # more than this trick's cards


@dataclass(frozen=True)
class Realisation:
    """The search's answer: ``possible`` True (a legal play was found: ``plays``, the cards of
    each trick in play order), False (none exists: ``trick`` is the first trick, from 0, that no
    legal play of the earlier ones as recorded can be followed by), or None (the budget of cards
    tried ran out first). ``nodes`` is the number of cards tried."""

    possible: bool | None
    trick: int
    nodes: int
    plays: tuple[tuple[int, ...], ...] = ()


class _Exhausted(Exception):
    pass


def realise(
    rules: TrickRules,
    trump: Suit | None,
    hands: Sequence[int],
    seats: Sequence[int],
    leader: int,
    target: Target,
    *,
    tricks: int | None = None,
    exchanges: Mapping[int, tuple[int, int, int]] | None = None,
    budget: int = DEFAULT_BUDGET,
    restarts: int = 4,
) -> Realisation:
    """Search for a legal play of ``tricks`` tricks (default: until the hands are empty) from
    ``hands`` (card masks per seat; only ``seats`` play, clockwise order) that ``target``
    accepts. ``exchanges`` maps a trick number to ``(seat, give, take)``: before that trick the
    seat gives the card(s) ``give`` (which must still be in his hand) and takes ``take`` (the
    dealer's exchange of the turned card, SL-C6, PN2).

    The budget is shared by ``restarts`` searches that differ only in the order they try cards
    (the first by the heuristic order, the others with seeded random tie-breaks): a depth-first
    search that is stuck in one part of the tree is often quick in another. Each search is
    complete, so any that ends without its budget running out decides the answer."""
    nodes = 0
    deepest = 0
    for attempt in range(max(1, restarts)):
        found = _search(
            rules, trump, hands, seats, leader, target, tricks, exchanges,
            budget // max(1, restarts), attempt,
        )  # fmt: skip
        nodes += found.nodes
        deepest = max(deepest, found.trick)
        if found.possible is not None:
            return Realisation(found.possible, found.trick, nodes, found.plays)
    return Realisation(None, deepest, nodes)


def _search(
    rules: TrickRules,
    trump: Suit | None,
    hands: Sequence[int],
    seats: Sequence[int],
    leader: int,
    target: Target,
    tricks: int | None,
    exchanges: Mapping[int, tuple[int, int, int]] | None,
    budget: int,
    attempt: int,
) -> Realisation:
    """One complete depth-first search within ``budget`` (see :func:`realise`)."""
    shuffle = random.Random(attempt) if attempt else None
    n = len(hands)
    # a heuristic order of trial only: the rules' rank strength, or the card's rank
    strength: Sequence[int] = getattr(rules, "strength", None) or [c.rank for c in ALL_CARDS]
    order = sorted(seats)
    total = tricks if tricks is not None else min(hands[s].bit_count() for s in seats)
    exchanges = exchanges or {}
    failed: set[Hashable] = set()
    nodes = 0
    deepest = 0
    found: list[tuple[int, ...]] = []

    def clockwise(first: int) -> list[int]:
        return sorted(order, key=lambda s: (s - first) % n)

    def trick_plays(
        t: int, held: list[int], turn: list[int], trick: Trick, played: int, state: Hashable
    ) -> bool:
        nonlocal nodes
        if len(trick.plays) == len(turn):
            winner = rules.trick_winner(trick, trump)
            after = target.accept(t, winner, played, state)
            if after is None:
                return False
            found.append(tuple(p.card.index for p in trick.plays))
            if play_from(t + 1, held, winner, after):
                return True
            found.pop()
            return False
        seat = turn[len(trick.plays)]
        hand = held[seat]
        legal = rules.legal_mask(hand, trick, trump)
        allowed = target.allowed(t, played, state)
        if allowed != ANY:
            legal &= allowed
        must = target.required(t, played, state)
        # Order of trial (a heuristic; the search is complete either way): the seat that must
        # win, and anyone playing before it, try their cheapest cards first; after it, a seat
        # that need not win again throws its strongest cards (they could only win later).
        after = must is not None and any(p.seat == must for p in trick.plays)
        cards = [ALL_CARDS[i] for i in range(52) if legal >> i & 1]
        if shuffle is not None:
            shuffle.shuffle(cards)  # a random tie-break under the heuristic order
        cards.sort(
            key=lambda c: (c.suit == trump, strength[c.index]),
            reverse=after and not target.wins_later(t, seat, state),
        )
        if shuffle is not None and shuffle.random() < 0.5:
            cards.reverse()  # sometimes the other way round altogether
        for card in cards:
            nodes += 1
            if nodes > budget:
                raise _Exhausted
            flags = rules.play_flags(hand, trick, card, trump)
            held[seat] = hand ^ card.mask
            nxt = Trick(trick.leader, t, (*trick.plays, Play(seat, card, flags)))
            # C6 (and every variant's winner rule): a trick once taken from a seat that has
            # played never comes back to it, so the seat that must win holds it from its card on
            ok = True
            if must is not None and any(p.seat == must for p in nxt.plays):
                ok = rules.trick_winner(nxt, trump) == must
            if ok:
                ok = trick_plays(t, held, turn, nxt, played | card.mask, state)
            held[seat] = hand
            if ok:
                return True
        return False

    def play_from(t: int, held: list[int], lead: int, state: Hashable) -> bool:
        nonlocal deepest
        deepest = max(deepest, t)
        if t == total:
            return True
        held = list(held)
        if t in exchanges:
            seat, give, take = exchanges[t]
            if held[seat] & give != give:
                return False  # the card given was already played
            held[seat] = (held[seat] ^ give) | take
        key = (t, lead, tuple(held), state)
        if key in failed:
            return False
        if trick_plays(t, held, clockwise(lead), Trick(lead, t), 0, state):
            return True
        failed.add(key)
        return False

    try:
        ok = play_from(0, list(hands), leader, target.start())
    except _Exhausted:
        return Realisation(None, deepest, nodes)
    if ok:
        return Realisation(True, total, nodes, tuple(found))
    return Realisation(False, deepest, nodes)


__all__ = ["DEFAULT_BUDGET", "PilesTarget", "Realisation", "Target", "WinnersTarget", "realise"]
