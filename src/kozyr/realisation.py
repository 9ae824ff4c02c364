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
from typing import Any, Protocol

from kozyr.cards import ALL_CARDS, ALL_CARDS_AND_JOKERS, JOKER_MASK, Card, Suit
from kozyr.cardset import FULL_MASK_WITH_JOKERS
from kozyr.tricks import Play, PlayConstraints, Trick, TrickRules

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
class CountsTarget:
    """Another target (``inner``: trick winners or won piles) plus a count per seat over the
    whole deal (Семерик's counters, SM7): with ``per_trick`` the tricks the seat won holding
    ``at_least`` or more cards of ``mask``; else the cards of ``mask`` in the tricks the seat
    won. ``tricks`` is the number of tricks in the deal (the counts are checked after the last)."""

    inner: WinnersTarget | PilesTarget
    mask: int
    counts: Sequence[int]
    per_trick: bool
    tricks: int
    at_least: int = 3

    def start(self) -> Hashable:
        return (self.inner.start(), (0,) * len(self.counts))

    def allowed(self, trick: int, played: int, state: Hashable) -> int:
        return self.inner.allowed(trick, played, _pair(state)[0])

    def accept(self, trick: int, winner: int, cards: int, state: Hashable) -> Hashable | None:
        inner, counted = _pair(state)
        after = self.inner.accept(trick, winner, cards, inner)
        if after is None:
            return None
        held = (cards & self.mask).bit_count()
        add = (held >= self.at_least) if self.per_trick else held
        counted = tuple(c + add if s == winner else c for s, c in enumerate(counted))
        if counted[winner] > self.counts[winner]:
            return None
        if trick == self.tricks - 1 and list(counted) != list(self.counts):
            return None
        return (after, counted)

    def required(self, trick: int, played: int, state: Hashable) -> int | None:
        return self.inner.required(trick, played, _pair(state)[0])

    def wins_later(self, trick: int, seat: int, state: Hashable) -> bool:
        return self.inner.wins_later(trick, seat, _pair(state)[0])


def _pair(state: Hashable) -> tuple[Hashable, tuple[int, ...]]:
    assert isinstance(state, tuple)
    return state[0], state[1]


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
    #: How it was decided: ``"solver"`` (exactly, :func:`prove`) or ``"search"`` (bounded).
    method: str = "search"
    #: Why the search was used instead of the solver (empty when the solver decided).
    note: str = ""


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
        cards = [ALL_CARDS_AND_JOKERS[i] for i in _bits(legal)]
        if shuffle is not None:
            shuffle.shuffle(cards)  # a random tie-break under the heuristic order
        cards.sort(
            key=lambda c: _trial(c, trump, strength),
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


# --- exact proofs with a SAT solver (the kozyr[proofs] extra) ---------------------------------
#
# A summary decided exactly: the play is a set of boolean variables x[s, c, t] (seat s plays card
# c in trick t) with one card per seat per trick and each card at most once (exactly once when
# every card is played); the duties of the variant's trick rules in the solver-neutral form of
# StandardTrickRules.constraints (follow suit, trump, the honours, the forced leads), each a
# clause "this lead and a card still held imply a card of the duty's set"; the winner by the
# cards' powers (dead trumps as a power that holds only from an all-trump hand): the recorded
# winner's card beats every other card of the trick; the leader of each trick the winner of the
# one before; with won piles every card of a trick in its winner's pile. Each trick's target has
# a selector literal, so the first impossible trick is the first prefix of selectors the solver
# refutes. python-sat rather than OR-Tools CP-SAT: the model is pure boolean, a SAT solver
# decides it in milliseconds, and the wheel is small, with no protobuf runtime.

#: The largest model solved: variables (seats × cards × tricks, about); beyond it the proof says
#: the budget ran out (no built-in table comes near it: seven players of Семь листов make 2,548).
MAX_VARIABLES = 200_000


def solver_available() -> bool:
    """Whether the solver (python-sat, ``pip install kozyr[proofs]``) is installed."""
    try:
        import pysat.solvers  # type: ignore[import-untyped, unused-ignore]  # noqa: F401
    except ImportError:
        return False
    return True


class _Pool:
    def __init__(self) -> None:
        self.top = 0

    def new(self) -> int:
        self.top += 1
        return self.top


def _solve(
    constraints: PlayConstraints,
    hands: Sequence[int],
    seats: Sequence[int],
    leader: int,
    total: int,
    winners: Sequence[int] | None,
    piles: Sequence[int] | None,
    exchanges: Mapping[int, tuple[int, int, int]],
    counts: CountsTarget | None = None,
) -> tuple[bool | None, int, tuple[tuple[int, ...], ...]]:
    """Decide a summary exactly: ``(True, total, plays)`` with the cards of each trick in play
    order, ``(False, trick, ())`` with the first impossible trick (from 0), or ``(None, 0, ())``
    when the model is larger than :data:`MAX_VARIABLES`. ``winners``: the winner of each
    trick; else ``piles``: the cards each seat won (by seat). ``exchanges`` as in
    :func:`kozyr.realisation.realise`."""
    from pysat.card import CardEnc, EncType  # type: ignore[import-untyped, unused-ignore]
    from pysat.solvers import Solver  # type: ignore[import-untyped, unused-ignore]

    n = len(hands)
    order = sorted(seats)
    pool = _Pool()
    clauses: list[list[int]] = []
    # the cards a seat may play, and when: its hand; an exchange gives one card up before
    # trick k (never played) and takes the turned card from trick k on
    given: dict[int, tuple[int, int, int]] = {}  # seat -> (k, give mask, take mask)
    for k, (seat, give, take) in exchanges.items():
        given[seat] = (k, give, take)
    cards_of: dict[int, list[int]] = {}
    for s in order:
        mask = hands[s]
        if s in given:
            mask = (mask & ~given[s][1]) | given[s][2]
        cards_of[s] = _bits(mask)
    size = sum(len(cards_of[s]) for s in order) * total
    if size > MAX_VARIABLES:
        return None, 0, ()

    def usable(s: int, c: int, t: int) -> bool:
        if s in given and given[s][2] >> c & 1:
            return t >= given[s][0]
        return True

    x: dict[tuple[int, int, int], int] = {}
    for s in order:
        for c in cards_of[s]:
            for t in range(total):
                if usable(s, c, t):
                    x[s, c, t] = pool.new()
    W = {(t, s): pool.new() for t in range(total) for s in order}
    L: dict[tuple[int, int], int] = {}
    for t in range(total):
        for s in order:
            L[t, s] = pool.new()
    clauses.append([L[0, leader]])
    clauses += [[-L[0, s]] for s in order if s != leader]
    for t in range(total - 1):  # the winner leads next
        for s in order:
            clauses += [[-W[t, s], L[t + 1, s]], [W[t, s], -L[t + 1, s]]]

    def exactly_one(lits: list[int]) -> None:
        enc = CardEnc.equals(lits=lits, bound=1, top_id=pool.top, encoding=EncType.seqcounter)
        pool.top = max(pool.top, enc.nv)
        clauses.extend(enc.clauses)

    def at_most_one(lits: list[int]) -> None:
        if len(lits) < 2:
            return
        enc = CardEnc.atmost(lits=lits, bound=1, top_id=pool.top, encoding=EncType.seqcounter)
        pool.top = max(pool.top, enc.nv)
        clauses.extend(enc.clauses)

    for t in range(total):
        exactly_one([W[t, s] for s in order])
        for s in order:
            exactly_one([x[s, c, t] for c in cards_of[s] if (s, c, t) in x])
    full = all(len(cards_of[s]) == total for s in order)
    for s in order:
        for c in cards_of[s]:
            lits = [x[s, c, t] for t in range(total) if (s, c, t) in x]
            if full:
                exactly_one(lits)
            else:
                at_most_one(lits)

    # holds(s, c, t): the card is in the hand at the start of trick t
    held: dict[tuple[int, int, int], int | bool] = {}

    def holds(s: int, c: int, t: int) -> int | bool:
        key = (s, c, t)
        if key in held:
            return held[key]
        if s in given and given[s][1] >> c & 1:
            value: int | bool = t < given[s][0]  # given up before trick k, never played
        elif not usable(s, c, t):
            value = False
        elif not any((s, c, u) in x for u in range(t)):
            value = True
        else:
            v = pool.new()  # v <-> not played in any trick before t
            before = [x[s, c, u] for u in range(t) if (s, c, u) in x]
            clauses.extend([-v, -b] for b in before)
            clauses.append([v, *before])
            value = v
        held[key] = value
        return value

    def holds_any(s: int, mask: int, t: int) -> int | bool:
        """A literal for 'seat s holds a card of mask at trick t' (True/False when fixed)."""
        lits: list[int] = []
        for c in [*cards_of[s], *([] if s not in given else _bits(given[s][1]))]:
            if not mask >> c & 1:
                continue
            h = holds(s, c, t)
            if h is True:
                return True
            if h is not False:
                lits.append(h)
        if not lits:
            return False
        if len(lits) == 1:
            return lits[0]
        v = pool.new()
        clauses.append([-v, *lits])
        clauses.extend([v, -h] for h in lits)
        return v

    # the lead of each trick: LK[t, kind] for kind a suit or None (face down)
    kinds: list[Suit | None] = [*Suit, None]
    LK: dict[tuple[int, Suit | None], int] = {}
    for t in range(total):
        causes: dict[Suit | None, list[int]] = {k: [] for k in kinds}
        unless = constraints.face_down_unless
        first, stop = constraints.face_down
        for s in order:
            has_unless = holds_any(s, unless, t) if first <= t < stop else True
            for c in cards_of[s]:
                if (s, c, t) not in x:
                    continue
                card = ALL_CARDS[c]
                led = pool.new()  # led <-> x and L
                clauses += [[-led, x[s, c, t]], [-led, L[t, s]], [led, -x[s, c, t], -L[t, s]]]
                if has_unless is True:
                    causes[card.suit].append(led)
                elif has_unless is False:
                    causes[None].append(led)
                else:
                    a, b = pool.new(), pool.new()  # a: led with unless held; b: face down
                    clauses += [[-a, led], [-a, has_unless], [a, -led, -has_unless]]
                    clauses += [[-b, led], [-b, -has_unless], [b, -led, has_unless]]
                    causes[card.suit].append(a)
                    causes[None].append(b)
        for kind in kinds:
            v = pool.new()
            lits = causes[kind]
            clauses.append([-v, *lits])
            clauses.extend([v, -lit] for lit in lits)
            LK[t, kind] = v

    # duties
    for duty in constraints.duties:
        for t in range(total):
            if not duty.applies(t):
                continue
            for s in order:
                plays = [x[s, c, t] for c in cards_of[s] if duty.play >> c & 1 and (s, c, t) in x]
                hold = holds_any(s, duty.holding, t)
                if hold is False:
                    continue
                body = [] if hold is True else [-hold]
                if duty.leader:
                    led_from = [
                        -x[s, c, t] for c in cards_of[s]
                        if (s, c, t) in x and not duty.play >> c & 1
                    ]  # fmt: skip
                    # leading (L) and holding imply a card of play: no other card led
                    for lit in led_from:
                        clauses.append([-L[t, s], *body, lit])
                else:
                    clauses.append([-LK[t, duty.lead], L[t, s], *body, *plays])

    # the winner: its card beats every other card of the trick
    powers: dict[tuple[int, Suit | None], Any] = {}

    def power(c: int, kind: Suit | None) -> Any:
        key = (c, kind)
        if key not in powers:
            powers[key] = constraints.power(ALL_CARDS[c], kind)
        return powers[key]

    def variants(s: int, c: int, kind: Suit | None, t: int) -> list[tuple[int, list[int]]]:
        """The card's possible values with the literals (to negate) that make each hold."""
        p = power(c, kind)
        if p.only is None:
            return [(p.value, [])]
        mixed = holds_any(s, ~p.only & FULL_MASK_WITH_JOKERS, t)
        if mixed is True:
            return [(p.otherwise, [])]
        if mixed is False:
            return [(p.value, [])]
        return [(p.value, [mixed]), (p.otherwise, [-mixed])]

    everyone = 0
    for s in order:
        for c in cards_of[s]:
            everyone |= 1 << c
    present: list[Suit | None] = [
        k for k in Suit if any(everyone >> c & 1 for c in range(13 * k, 13 * k + 13))
    ]
    for t in range(total):
        first, stop = constraints.face_down
        kinds = [*present, None] if first <= t < stop else list(present)
        for w in order:
            for s in order:
                if s == w:
                    continue
                for cw in cards_of[w]:
                    if (w, cw, t) not in x:
                        continue
                    for cs in cards_of[s]:
                        if (s, cs, t) not in x:
                            continue
                        for kind in kinds:
                            for vw, lw in variants(w, cw, kind, t):
                                for vs, ls in variants(s, cs, kind, t):
                                    base = [-W[t, w], -x[w, cw, t], -x[s, cs, t], -LK[t, kind]]
                                    if vs > vw:
                                        clauses.append([*base, *lw, *ls])
                                    elif vs == vw == 0:
                                        clauses.append([*base, *lw, *ls, -L[t, s]])

    # the target: selectors switch each trick's target on
    select = [pool.new() for _ in range(total)]
    for t in range(total):
        if winners is not None:
            clauses.append([-select[t], W[t, winners[t]]])
        if piles is not None:
            for s in order:
                for c in cards_of[s]:
                    if (s, c, t) not in x:
                        continue
                    owner = next((p for p in order if piles[p] >> c & 1), None)
                    if owner is None:
                        clauses.append([-select[t], -x[s, c, t]])
                    else:
                        clauses.append([-select[t], -x[s, c, t], W[t, owner]])

    if counts is not None:  # the counts over the deal, switched on by one more selector
        on = pool.new()
        select.append(on)
        true = pool.new()
        clauses.append([true])
        tally: dict[int, list[int]] = {s: [] for s in order}
        for t in range(total):
            lits = [v for (_, c, u), v in x.items() if u == t and counts.mask >> c & 1]
            if counts.per_trick:
                # reach[k] <-> at least k of the trick's counter cards (a sequential counter,
                # both ways): new[k] <-> reach[k] or (reach[k - 1] and y)
                reach = [true] + [-true] * counts.at_least
                for y in lits:
                    new = [true]
                    for k in range(1, counts.at_least + 1):
                        v, a1, b1 = pool.new(), reach[k], reach[k - 1]
                        clauses += [[-a1, v], [-b1, -y, v], [-v, a1, b1], [-v, a1, y]]
                        new.append(v)
                    reach = new
                for s in order:
                    took = pool.new()  # took <-> W[t, s] and the trick holds enough counters
                    enough = reach[counts.at_least]
                    clauses += [[-took, W[t, s]], [-took, enough], [took, -W[t, s], -enough]]
                    tally[s].append(took)
            else:
                for s in order:
                    for y in lits:
                        took = pool.new()  # took <-> W[t, s] and the counter card is played
                        clauses += [[-took, W[t, s]], [-took, y], [took, -W[t, s], -y]]
                        tally[s].append(took)
        for s in order:
            want = counts.counts[s]
            if not tally[s]:
                if want:
                    clauses.append([-on])
                continue
            enc = CardEnc.equals(
                lits=tally[s], bound=want, top_id=pool.top, encoding=EncType.seqcounter
            )
            pool.top = max(pool.top, enc.nv)
            clauses.extend([-on, *clause] for clause in enc.clauses)

    with Solver(name="cd19", bootstrap_with=clauses) as solver:
        if solver.solve(assumptions=select):
            model = set(lit for lit in solver.get_model() or [] if lit > 0)
            witness: list[tuple[int, ...]] = []
            lead = leader
            for t in range(total):
                turn = sorted(order, key=lambda s: (s - lead) % n)
                cards = [next(c for c in cards_of[s] if x.get((s, c, t)) in model) for s in turn]
                witness.append(tuple(cards))
                lead = next(s for s in order if W[t, s] in model)
            return True, total, tuple(witness)
        for t in range(total):
            if not solver.solve(assumptions=select[: t + 1]):
                return False, t, ()
    return False, total, ()  # every trick as recorded, but not the counts


def _bits(mask: int) -> list[int]:
    """The card indices of a mask, the jokers (52, 53) included."""
    return [i for i in range(54) if mask >> i & 1]


def _trial(card: Card, trump: Suit | None, strength: Sequence[int]) -> tuple[bool, int]:
    """The search's heuristic order of trial: trumps last, then by strength; a joker (no suit,
    no entry in a rank table) as a trump of no strength."""
    if card.is_joker:
        return (True, 0)
    return (card.suit == trump, strength[card.index])


def check_play(
    rules: TrickRules,
    trump: Suit | None,
    hands: Sequence[int],
    seats: Sequence[int],
    leader: int,
    target: Target,
    plays: Sequence[Sequence[int]],
    exchanges: Mapping[int, tuple[int, int, int]] | None = None,
) -> bool:
    """Whether ``plays`` (the card indexes of each trick in play order) is a legal play of the
    hands under ``rules`` that ``target`` accepts: every card replayed through the rules the
    engine uses (``legal_mask``, ``play_flags``, ``trick_winner``) -- the check of a witness."""
    n = len(hands)
    held = list(hands)
    state = target.start()
    lead = leader
    exchanges = exchanges or {}
    for t, cards in enumerate(plays):
        if t in exchanges:
            seat, give, take = exchanges[t]
            if held[seat] & give != give:
                return False
            held[seat] = (held[seat] ^ give) | take
        turn = sorted(seats, key=lambda s: (s - lead) % n)
        if len(cards) != len(turn):
            return False
        trick = Trick(lead, t)
        played = 0
        for seat, index in zip(turn, cards, strict=True):
            card = ALL_CARDS_AND_JOKERS[index]
            hand = held[seat]
            if not hand & card.mask or not rules.legal_mask(hand, trick, trump) & card.mask:
                return False
            flags = rules.play_flags(hand, trick, card, trump)
            trick = Trick(trick.leader, t, (*trick.plays, Play(seat, card, flags)))
            held[seat] = hand ^ card.mask
            played |= card.mask
        winner = rules.trick_winner(trick, trump)
        after = target.accept(t, winner, played, state)
        if after is None:
            return False
        state = after
        lead = winner
    return True


def prove(
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
) -> Realisation:
    """Decide a summary: exactly with the SAT solver when it is installed (``kozyr[proofs]``),
    the trick rules say their constraints (:meth:`kozyr.StandardTrickRules.constraints`) and
    the model is within :data:`MAX_VARIABLES`; a play found is checked card by card
    (:func:`check_play`). Otherwise the bounded search of :func:`realise` (``method``
    ``"search"``, with ``note`` saying why). Arguments as :func:`realise`."""
    exchanges = dict(exchanges or {})
    total = tricks if tricks is not None else min(hands[s].bit_count() for s in seats)
    why = ""
    found_constraints = getattr(rules, "constraints", None)
    constraints = found_constraints(trump) if callable(found_constraints) else None
    if not solver_available():
        why = "the solver is not installed (pip install kozyr[proofs])"
    elif constraints is None:
        why = "the trick rules give no solver constraints"
    elif any(hands[s] & JOKER_MASK for s in seats):
        why = "the solver does not model jokers"
    elif not isinstance(target, (WinnersTarget, PilesTarget, CountsTarget)):
        why = "the summary is of a kind the solver does not model"
    else:
        counts = target if isinstance(target, CountsTarget) else None
        inner = target.inner if isinstance(target, CountsTarget) else target
        winners = list(inner.winners) if isinstance(inner, WinnersTarget) else None
        piles = list(inner.piles) if isinstance(inner, PilesTarget) else None
        possible, trick, plays = _solve(
            constraints, hands, seats, leader, total, winners, piles, exchanges, counts
        )
        if possible is None:
            why = f"the model is larger than {MAX_VARIABLES} variables"
        elif not possible:
            return Realisation(False, trick, 0, (), "solver")
        elif check_play(rules, trump, hands, seats, leader, target, plays, exchanges):
            return Realisation(True, total, 0, plays, "solver")
        else:  # the rules' constraints disagree with the rules: trust only the rules
            why = "the solver's play did not replay under the trick rules"
    found = realise(
        rules, trump, hands, seats, leader, target,
        tricks=tricks, exchanges=exchanges, budget=budget,
    )  # fmt: skip
    return Realisation(found.possible, found.trick, found.nodes, found.plays, "search", why)


__all__ = [
    "DEFAULT_BUDGET",
    "MAX_VARIABLES",
    "CountsTarget",
    "PilesTarget",
    "Realisation",
    "Target",
    "WinnersTarget",
    "check_play",
    "prove",
    "realise",
    "solver_available",
]
