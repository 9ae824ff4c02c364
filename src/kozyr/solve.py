"""An exact double-dummy solver over card masks and a variant's :class:`~kozyr.tricks.TrickRules`.

A :class:`Position` is every hand face up (int card masks, one per seat), the trump suit, the
seat that led (or is to lead) the trick in progress, the plays of that trick so far, the trick
rules, and who plays with whom (``sides``: a partition of the seats, e.g. ``((0, 2), (1, 3))``
for partnerships or ``((0,), (1, 2, 3))`` for one seat against the rest -- the "paranoid"
value of an every-man-for-himself table).

:func:`solve` gives the exact number of the remaining tricks (the trick in progress included) a
side takes when everyone plays best: that side's seats maximise it, every other seat minimises
it. It is an alpha-beta search with a transposition table keyed on the hands, the leader and the
plays of the trick in progress, equivalent-card merging and move ordering. :func:`best_plays`
gives the value of each legal card for the seat to play; :func:`minimax` is the plain search
(no pruning, no table, no merging) the tests check :func:`solve` against.

Rules follow C6 (the trick winner) and the variant's play rule (e.g. SU5 for Seven Up).

>>> from kozyr.cardset import CardSet
>>> from kozyr.tricks import FollowOrTrump, RankOrder
>>> hands = tuple(CardSet.parse(h).mask for h in ("As 2h", "Ks Qs"))
>>> position = Position(hands, Suit.HEARTS, 1, FollowOrTrump(RankOrder.ace_high()), ((0,), (1,)))
>>> solve(position, 0)        # seat 1 leads a spade: the ace wins it, then the trump 2 wins
2
>>> {str(card): value for card, value in best_plays(position, 1).items()}
{'Q♠': 0, 'K♠': 0}
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from kozyr.cards import Card, Suit
from kozyr.cardset import SUIT_MASKS
from kozyr.errors import KozyrError
from kozyr.tricks import (
    FollowElseAny,
    FollowElseMustTrump,
    FollowOrTrump,
    FreePlayDeadTrumps,
    MainSuit,
    Play,
    PlayConstraints,
    StandardTrickRules,
    Trick,
    TrickRules,
)

_FULL = (1 << 54) - 1  # the 52 cards and the two jokers (indices 52, 53)
_JOKERS = 3 << 52
_CARDS = tuple(Card.from_index(i) for i in range(54))


class PositionError(KozyrError):
    """A :class:`Position` that cannot arise in a deal (which seat, which card, which rule)."""


def _bits(mask: int) -> Iterator[int]:
    """The card indices of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


@dataclass(frozen=True)
class Position:
    """A double-dummy position: every hand known.

    ``hands`` -- one card mask per seat (:attr:`kozyr.CardSet.mask`), the cards still held;
    ``trump`` -- the trump suit or None; ``leader`` -- the seat that leads the trick in progress;
    ``rules`` -- the variant's trick rules; ``sides`` -- who plays with whom, a partition of the
    seats; ``plays`` -- the plays of the trick in progress so far (in seat order from the
    leader); ``number`` -- that trick's index in the deal (read by rules with ``reads="trick"``).

    The position is checked when built: hands disjoint and of sizes a deal can have, every seat
    on exactly one side, every play of the trick in progress legal with its flags (raises
    :class:`PositionError`).
    """

    hands: tuple[int, ...]
    trump: Suit | None
    leader: int
    rules: TrickRules
    sides: tuple[tuple[int, ...], ...]
    plays: tuple[Play, ...] = ()
    number: int = 0

    def __post_init__(self) -> None:
        self.verify()

    def verify(self) -> None:
        """Raise :class:`PositionError` if the position cannot arise in a deal."""
        hands, n = self.hands, len(self.hands)
        if not isinstance(self.rules, TrickRules):
            raise PositionError(f"rules: {self.rules!r} is not a TrickRules object")
        if not 2 <= n <= 52:
            raise PositionError(f"hands: {n} seats; a deal has 2 to 52")
        seen = 0
        for seat, hand in enumerate(hands):
            if not isinstance(hand, int) or not 0 <= hand <= _FULL:
                raise PositionError(f"hands[{seat}]: {hand!r} is not a card mask")
            if hand & seen:
                raise PositionError(f"hands[{seat}]: holds a card another seat holds")
            seen |= hand
        if not (isinstance(self.leader, int) and 0 <= self.leader < n):
            raise PositionError(f"leader: seat {self.leader!r} is not one of seats 0..{n - 1}")
        if not (isinstance(self.number, int) and self.number >= 0):
            raise PositionError(f"number: {self.number!r} is not a trick index")
        members = sorted(seat for side in self.sides for seat in side)
        if members != list(range(n)) or not all(self.sides):
            raise PositionError(
                f"sides: {self.sides!r} does not put each of seats 0..{n - 1} on exactly one side"
            )
        if len(self.plays) >= n:
            raise PositionError(f"plays: {len(self.plays)} plays; a trick in progress has < {n}")
        trick = Trick(self.leader, self.number)
        for i, play in enumerate(self.plays):
            seat = (self.leader + i) % n
            if play.seat != seat:
                raise PositionError(f"plays[{i}]: seat {play.seat} plays; it is seat {seat}'s turn")
            if play.card.mask & seen:
                raise PositionError(f"plays[{i}]: {play.card} is played twice or still held")
            seen |= play.card.mask
            before = hands[seat] | play.card.mask
            if not self.rules.legal_mask(before, trick, self.trump) & play.card.mask:
                reason = self.rules.explain(before, trick, play.card, self.trump)
                raise PositionError(f"plays[{i}]: {reason}")
            flags = self.rules.play_flags(before, trick, play.card, self.trump)
            if play.flags != flags:
                raise PositionError(f"plays[{i}]: {play.card} has flags {play.flags}, not {flags}")
            trick = trick.with_play(seat, play.card, flags)
        mover = (self.leader + len(self.plays)) % n
        size = hands[mover].bit_count()
        for seat, hand in enumerate(hands):
            played = (seat - self.leader) % n < len(self.plays)
            if hand.bit_count() != size - played:
                raise PositionError(
                    f"hands[{seat}]: {hand.bit_count()} cards, not {size - played} "
                    f"(seat {mover}, to play, holds {size})"
                )

    @property
    def seat_to_play(self) -> int:
        """The seat whose turn it is."""
        return (self.leader + len(self.plays)) % len(self.hands)

    @property
    def tricks_left(self) -> int:
        """The tricks still to be won, the trick in progress included."""
        return self.hands[self.seat_to_play].bit_count()

    def after(self, card: Card) -> tuple[Position, Trick | None]:
        """The position after the seat to play plays ``card``, and the finished trick (with
        its winner) when that card completed one, else None. Raises :class:`PositionError`
        for a card that may not be played."""
        n = len(self.hands)
        seat = self.seat_to_play
        hand = self.hands[seat]
        trick = Trick(self.leader, self.number, self.plays)
        if not self.rules.legal_mask(hand, trick, self.trump) & card.mask & hand:
            if not hand & card.mask:
                raise PositionError(f"{card} is not in seat {seat}'s hand")
            raise PositionError(self.rules.explain(hand, trick, card, self.trump))
        flags = self.rules.play_flags(hand, trick, card, self.trump)
        hands = (*self.hands[:seat], hand & ~card.mask, *self.hands[seat + 1 :])
        plays = (*self.plays, Play(seat, card, flags))
        if len(plays) < n:
            return Position(
                hands, self.trump, self.leader, self.rules, self.sides, plays, self.number
            ), None
        winner = self.rules.trick_winner(Trick(self.leader, self.number, plays), self.trump)
        done = Trick(self.leader, self.number, plays, winner)
        following = Position(hands, self.trump, winner, self.rules, self.sides, (), self.number + 1)
        return following, done

    def legal_cards(self) -> list[Card]:
        """The cards the seat to play may play, lowest index first."""
        trick = Trick(self.leader, self.number, self.plays)
        mask = self.rules.legal_mask(self.hands[self.seat_to_play], trick, self.trump)
        return [_CARDS[i] for i in _bits(mask)]


def _check_side(position: Position, side: int) -> frozenset[int]:
    if not (isinstance(side, int) and 0 <= side < len(position.sides)):
        raise PositionError(f"side: {side!r} is not an index into sides {position.sides!r}")
    return frozenset(position.sides[side])


#: The policies whose play rules and winner read only a card's suit, its rank strength and the
#: class below -- where cards adjacent among the live cards of a suit are interchangeable.
_MERGEABLE = (StandardTrickRules, FollowElseAny, FollowElseMustTrump, FollowOrTrump)


def _merge_split(rules: TrickRules, trump: Suit | None) -> int | None:
    """A mask splitting cards into two classes that are never merged with each other, or None
    when cards may not be merged at all (a policy kozyr does not know exactly: its own
    ``legal_mask``/``play_flags``/``trick_winner`` may tell adjacent cards apart)."""
    kind = type(rules)
    if kind in _MERGEABLE:
        return 0
    if kind is FreePlayDeadTrumps:
        # SL-C9 flags depend on the suit and the hand only, so two trumps of one hand get the
        # same flags; SL-C12 singles out the trump ace and king: they form a class of their own.
        assert isinstance(rules, FreePlayDeadTrumps)
        if rules.honours_first and trump is not None:
            return rules._honours(trump)
        return 0
    if kind is MainSuit:
        assert isinstance(rules, MainSuit)
        return rules.excluded  # SM4: an "empty" main-suit card is not like its neighbours
    return None


class SearchLimit(KozyrError):
    """A search stopped at its node budget (``Solver(..., max_nodes=N)``) before it had a value."""


@runtime_checkable
class Objective(Protocol):
    """What a side maximises in a search: points trick by trick and at the end of the deal.

    The search carries a small hashable *state* from trick to trick: it starts as ``start``;
    each finished trick (the mask of its cards and the seat that won it) gives the side's points
    from that trick and the next state (:meth:`trick`); once the hands are empty :meth:`end`
    gives the points scored after the last trick. The value of a position is the sum from there
    on. The state is part of the transposition table's key, so an objective whose points simply
    add up trick by trick keeps it ``None`` (and one that must remember something, such as Seven
    Up's Game count, forgets it as soon as it can no longer matter).

    ``bounds(state, left)`` -- the least and most the side can still score with ``left`` tricks
    to play (the search's first window); ``card_class`` -- None, or a class per card index:
    cards of different classes (different points) are never merged as equivalent moves.

    Built for one side: the search's maximising seats must be the seats whose points it counts.
    :class:`TrickCount` (the tricks of a side) is the default; variants declare their own with
    :meth:`kozyr.Variant.solve_objective`.
    """

    @property
    def start(self) -> Hashable: ...

    @property
    def card_class(self) -> tuple[int, ...] | None: ...

    def trick(self, state: Hashable, cards: int, winner: int) -> tuple[int, Hashable]: ...

    def end(self, state: Hashable) -> int: ...

    def bounds(self, state: Hashable, left: int) -> tuple[int, int]: ...


@dataclass(frozen=True)
class TrickCount:
    """The tricks ``seats`` take (Семь листов, SL-C7): 1 for each trick one of them wins."""

    seats: frozenset[int]
    start: Hashable = None
    card_class: tuple[int, ...] | None = None

    def trick(self, state: Hashable, cards: int, winner: int) -> tuple[int, Hashable]:
        return (1 if winner in self.seats else 0), None

    def end(self, state: Hashable) -> int:
        return 0

    def bounds(self, state: Hashable, left: int) -> tuple[int, int]:
        return 0, left


_INF = 1 << 30


class _Compiled:
    """A trick policy compiled from its :class:`~kozyr.tricks.PlayConstraints` into tables the
    search reads without building a :class:`~kozyr.tricks.Trick` or calling the rules: per suit
    led, the duties as ``(holding, play)`` mask pairs and each card's power (with SL-C9's
    "live only from an all-trump hand" as a mask)."""

    __slots__ = ("duties", "lead_duties", "only", "other", "power")

    def __init__(self, constraints: PlayConstraints) -> None:
        self.lead_duties = tuple((d.holding, d.play) for d in constraints.duties if d.leader)
        self.duties = tuple(
            tuple(
                (d.holding, d.play)
                for d in constraints.duties
                if not d.leader and d.lead is not None and int(d.lead) == s
            )
            for s in range(4)
        )
        power: list[list[int]] = []
        only: list[list[int]] = []
        other: list[list[int]] = []
        for s in Suit:
            row = [constraints.power(_CARDS[i], s) for i in range(52)]
            power.append([p.value for p in row])
            only.append([0 if p.only is None else p.only | 1 << 60 for p in row])
            other.append([p.otherwise for p in row])
        self.power = tuple(tuple(r) for r in power)
        self.only = tuple(tuple(r) for r in only)
        self.other = tuple(tuple(r) for r in other)

    @classmethod
    def of(cls, rules: TrickRules, trump: Suit | None) -> _Compiled | None:
        """The compiled tables, or None when the rules cannot be compiled exactly: no
        ``constraints``, duties limited to some tricks, or face-down leads (SL-C13)."""
        method = getattr(rules, "constraints", None)
        if method is None or getattr(rules, "reads", "trick") != "lead":
            return None
        found = method(trump)
        if not isinstance(found, PlayConstraints):
            return None
        if found.face_down[0] < found.face_down[1]:
            return None
        if any(d.tricks is not None or (d.lead is None and not d.leader) for d in found.duties):
            return None
        return cls(found)

    def legal(self, hand: int, lead: int) -> int:
        """The cards of ``hand`` a non-leader may play to a lead of suit ``lead`` (-1: leading)."""
        legal = hand
        for holding, play in self.duties[lead] if lead >= 0 else self.lead_duties:
            if hand & holding:
                legal &= play
        return legal or hand

    def power_of(self, i: int, lead: int, hand: int) -> int:
        """The power of card ``i`` played from ``hand`` (before the play) to a lead of ``lead``."""
        only = self.only[lead][i]
        if only and hand & ~only & _FULL:
            return self.other[lead][i]
        return self.power[lead][i]


@functools.lru_cache(maxsize=16)
def _between(strength: tuple[int, ...]) -> tuple[int, ...]:
    """Per pair of cards of a suit (weaker * 52 + stronger) the cards strictly between them in
    ``strength``; all cards when either is outside the rank order or the suits differ."""
    between = [_FULL] * (52 * 52)
    for s in range(4):
        cards = [i for i in range(13 * s, 13 * s + 13) if strength[i] >= 0]
        for a in cards:
            for b in cards:
                if strength[a] < strength[b]:
                    mask = 0
                    for c in cards:
                        if strength[a] < strength[c] < strength[b]:
                            mask |= 1 << c
                    between[a * 52 + b] = mask
    return tuple(between)


class Solver:
    """The alpha-beta search behind :func:`solve` and :func:`best_plays`, for one position's
    rules, trump, seats and side; its transposition table lives as long as the solver, and
    ``nodes`` counts the positions searched (for benchmarks).

    ``objective`` -- what the side maximises (:class:`Objective`; default :class:`TrickCount`,
    the side's tricks). ``max_nodes`` -- stop with :class:`SearchLimit` past that many nodes
    (the compiled kernel checks at the start of each trick, so it may pass by one trick's
    plays).

    Rules whose ``constraints`` say them exactly (every shipped policy but the classic form's
    face-down leads) are searched by a compiled kernel (``compiled`` true): the duties and card
    powers are read from tables, hands are a list changed in place, and the table is consulted
    at the start of each trick; other rules go through their ``legal_mask``/``play_flags``/
    ``trick_winner`` at every node. ``compiled=False`` forces the second search (tests compare
    the two).

    ``merge=False`` turns equivalent-card merging off. It is off anyway for trick rules kozyr
    does not know exactly (a subclass of a shipped policy, a plugin's own): their methods may
    tell adjacent cards apart. For :class:`~kozyr.tricks.FreePlayDeadTrumps` two trumps of one
    hand always get the same SL-C9 flags, and with ``honours_first`` the trump ace and king
    (SL-C12) are merged only with each other; for :class:`~kozyr.tricks.MainSuit` an "empty"
    card (SM4) is merged only with empty cards. Cards the objective scores differently
    (``card_class``) are never merged.
    """

    def __init__(
        self,
        position: Position,
        side: int,
        *,
        merge: bool = True,
        objective: Objective | None = None,
        compiled: bool = True,
        max_nodes: int | None = None,
    ) -> None:
        self.position = position
        self.side = _check_side(position, side)
        if objective is None:
            objective = TrickCount(self.side)
        elif not isinstance(objective, Objective):
            raise PositionError(f"objective: {objective!r} is not an Objective")
        self.objective = objective
        self.nodes = 0
        self.max_nodes = max_nodes
        self.table: dict[tuple[object, ...], tuple[int, int]] = {}
        rules = position.rules
        self._split = _merge_split(rules, position.trump) if merge else None
        strength = getattr(rules, "strength", None)
        self._strength: tuple[int, ...] | None = (
            strength if isinstance(strength, tuple) and len(strength) == 52 else None
        )
        if self._strength is None:
            self._split = None
        self._class = objective.card_class
        self._order = self._suit_orders()
        self._strength_of, self._between, self._classes = self._merge_tables()
        self._state: Hashable = objective.start  # the objective's state at the position
        self._kernel = _Compiled.of(rules, position.trump) if compiled else None
        self.compiled = self._kernel is not None
        n = len(position.hands)
        self._maximising = tuple(seat in self.side for seat in range(n))
        trump = position.trump
        tmask = SUIT_MASKS[trump] if trump is not None else 0
        base = self._strength or (0,) * 52
        #: the order moves are tried in: strongest first, trumps above the rest
        self._rank = (
            *(base[i] + (100 if tmask >> i & 1 else 0) for i in range(52)),
            *(50, 50),  # the jokers: the rules say how strong; tried between the suits' cards
        )

    def _suit_orders(self) -> tuple[tuple[int, ...], ...]:
        """Each suit's card indices, strongest first (cards outside the rank order left out)."""
        strength = self._strength
        if strength is None:
            return ((), (), (), ())
        return tuple(
            tuple(
                sorted(
                    (i for i in _bits(SUIT_MASKS[s]) if strength[i] >= 0),
                    key=lambda i: -strength[i],
                )
            )
            for s in Suit
        )

    def _merged(self, legal: int, live: int) -> list[int]:
        """The card indices worth trying from ``legal``: one per run of equivalent cards (two
        cards of a suit with no live card between them in strength, of one class)."""
        if self._split is None:
            return list(_bits(legal))
        strength, between, classes = self._strength_of, self._between, self._classes
        moves: list[int] = list(_bits(legal & _JOKERS))  # a joker is of no suit: never merged
        for suit_mask in SUIT_MASKS:
            in_suit = legal & suit_mask
            if not in_suit:
                continue
            if in_suit & (in_suit - 1) == 0:  # one card of the suit: nothing to merge
                moves.append(in_suit.bit_length() - 1)
                continue
            cards = sorted(_bits(in_suit), key=strength.__getitem__)
            prev = cards[0]
            moves.append(prev)
            for i in cards[1:]:
                if live & between[prev * 52 + i] or classes[i] != classes[prev]:
                    moves.append(i)
                prev = i
        return moves

    def _merge_tables(self) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        """Per card its strength, per pair of cards (weaker * 52 + stronger) the cards of their
        suit strictly between them in strength (all cards when either is outside the rank
        order), and per card its merging class (the rules' split and the objective's class)."""
        strength = self._strength or (-1,) * 52
        split = self._split or 0
        objective = self._class
        classes = tuple(
            (1 if split >> i & 1 else 0) + (2 * objective[i] if objective else 0) for i in range(52)
        )
        return strength, _between(strength), classes

    def _moves(self, legal: int, live: int) -> list[int]:
        """The merged moves, the highest and the lowest first, then the rest by strength."""
        moves = self._merged(legal, live)
        if len(moves) > 2:
            rank = self._rank
            moves.sort(key=rank.__getitem__, reverse=True)
            moves = [moves[0], moves[-1], *moves[1:-1]]
        return moves

    def _count(self) -> None:
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise SearchLimit(f"the search passed its budget of {self.max_nodes:,} nodes")

    # --- the entry points ------------------------------------------------------------------

    def value(self) -> int:
        """The side's value from here with best play (:func:`solve`)."""
        p = self.position
        if self._kernel is not None:
            return self._zero_window(None)
        return self._search(p.hands, p.leader, p.plays, p.number, self._state, -_INF, _INF)

    def card_values(self) -> dict[Card, int]:
        """Each legal card's value for the side (:func:`best_plays`)."""
        p = self.position
        values: dict[Card, int] = {}
        if self._kernel is not None:
            for card in p.legal_cards():
                values[card] = self._zero_window(card.index)
            return values
        n = len(p.hands)
        seat = p.seat_to_play
        trick = Trick(p.leader, p.number, p.plays)
        hand = p.hands[seat]
        for card in p.legal_cards():
            values[card] = self._child(
                p.hands,
                seat,
                hand,
                card,
                trick,
                p.leader,
                p.plays,
                p.number,
                n,
                self._state,
                -_INF,
                _INF,
            )
        return values

    def advance(self, card: Card) -> int:
        """Play ``card`` for the seat to play: the solver's position becomes the one after it
        (its table kept: what it learnt still holds there). Returns the side's points from the
        trick that card finished (0 when it finished none)."""
        position, done = self.position.after(card)
        points = 0
        if done is not None:
            points, self._state = self.objective.trick(
                self._state, done.card_mask(), done.winner or 0
            )
        self.position = position
        return points

    def principal_line(self, first: Card | None = None) -> list[Card]:
        """The cards best play goes on with from here to the end of the deal (after ``first``,
        when given, is played): each seat plays a card of best value for the side if it is on
        it, of least value if not (the first such card by index). The solver's position is
        left as it was."""
        position, state = self.position, self._state
        line: list[Card] = []
        try:
            if first is not None:
                self.advance(first)
                line.append(first)
            while self.position.tricks_left:
                found = self.card_values()
                pick = max if self.position.seat_to_play in self.side else min
                best = pick(found.values())
                card = next(c for c, v in found.items() if v == best)
                self.advance(card)
                line.append(card)
        finally:
            self.position, self._state = position, state
        return line

    # --- the compiled kernel -----------------------------------------------------------------

    def _zero_window(self, first: int | None) -> int:
        """The kernel's value by zero-window searches (MTD(f)): each asks whether the value is
        at least ``g``, and the bounds they leave in the table make the next one cheap."""
        lo, hi = -_INF, _INF
        g = 0
        while lo < hi:
            beta = g + 1 if g == lo else g
            g = self._root(first, beta - 1, beta)
            if g < beta:
                hi = g
            else:
                lo = g
        return g

    def _root(self, first: int | None, alpha: int, beta: int) -> int:
        """The position's value by the kernel (with ``first``: after that card is played)."""
        p = self.position
        kernel = self._kernel
        assert kernel is not None
        hands = list(p.hands)
        n = len(hands)
        state = self._state
        if not p.plays and first is None:
            return self._lead(hands, p.leader, state, alpha, beta)
        lead, best, winner, cards = -1, -1, p.leader, 0
        for play in p.plays:
            i = play.card.index
            before = hands[play.seat] | 1 << i
            if lead < 0:
                lead = i // 13
            best, winner = self._beats(kernel.power_of(i, lead, before), best, play.seat, winner)
            cards |= 1 << i
        k = len(p.plays)
        if first is not None:
            seat = (p.leader + k) % n
            hand = hands[seat]
            if lead < 0:
                lead = first // 13
            best, winner = self._beats(kernel.power_of(first, lead, hand), best, seat, winner)
            hands[seat] = hand & ~(1 << first)
            cards |= 1 << first
            k += 1
        if k == n:
            points, state = self.objective.trick(state, cards, winner)
            return points + self._lead(hands, winner, state, alpha - points, beta - points)
        live = cards
        for h in hands:
            live |= h
        return self._follow(hands, p.leader, k, lead, best, winner, cards, live, state, alpha, beta)

    @staticmethod
    def _beats(power: int, best: int, seat: int, winner: int) -> tuple[int, int]:
        if power > 0 and power > best:
            return power, seat
        return best, winner

    def _lead(self, hands: list[int], leader: int, state: Hashable, alpha: int, beta: int) -> int:
        self._count()
        hand = hands[leader]
        if not hand:
            return self.objective.end(state)
        key = (*hands, leader, state)
        found = self.table.get(key)
        lo, hi = found if found is not None else self.objective.bounds(state, hand.bit_count())
        if lo == hi or lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        alpha, beta = max(alpha, lo), min(beta, hi)
        kernel = self._kernel
        assert kernel is not None
        live = 0
        for h in hands:
            live |= h
        maximising = self._maximising[leader]
        best = -_INF if maximising else _INF
        a, b = alpha, beta
        for i in self._moves(kernel.legal(hand, -1), live):
            bit = 1 << i
            lead = i // 13
            power = kernel.power_of(i, lead, hand)
            hands[leader] = hand ^ bit
            v = self._follow(hands, leader, 1, lead, power, leader, bit, live, state, a, b)
            hands[leader] = hand
            if maximising:
                if v > best:
                    best = v
                    if v > a:
                        a = v
            elif v < best:
                best = v
                if v < b:
                    b = v
            if a >= b:
                break
        if best <= alpha:
            hi = min(hi, best)
        elif best >= beta:
            lo = max(lo, best)
        else:
            lo = hi = best
        self.table[key] = (lo, hi)
        return best

    def _follow(
        self,
        hands: list[int],
        leader: int,
        k: int,
        lead: int,
        top: int,
        winner: int,
        cards: int,
        live: int,
        state: Hashable,
        alpha: int,
        beta: int,
    ) -> int:
        self.nodes += 1  # the budget is checked at the start of each trick (_lead)
        kernel = self._kernel
        assert kernel is not None
        n = len(hands)
        seat = (leader + k) % n
        hand = hands[seat]
        legal = hand  # the duties of the suit led (kernel.legal, written out: a call less)
        for holding, play in kernel.duties[lead]:
            if hand & holding:
                legal &= play
        if not legal:
            legal = hand
        maximising = self._maximising[seat]
        last = k == n - 1
        # Move order: a seat whose side already holds the trick plays low, any other tries the
        # cheapest card that takes it first, then the rest low to high.
        power, only, other = kernel.power[lead], kernel.only[lead], kernel.other[lead]
        moves = self._merged(legal, live)
        rank = self._rank
        if len(moves) > 1:
            moves.sort(key=rank.__getitem__)
            if self._maximising[winner] != maximising:
                winning = [i for i in moves if power[i] > top]
                if winning:
                    moves = [winning[0], *(i for i in moves if i != winning[0])]
        best = -_INF if maximising else _INF
        a, b = alpha, beta
        objective = self.objective
        for i in moves:
            bit = 1 << i
            p = power[i]
            o = only[i]
            if o and hand & ~o & _FULL:
                p = other[i]
            if p > top:
                new_top, new_winner = p, seat
            else:
                new_top, new_winner = top, winner
            hands[seat] = hand ^ bit
            if last:
                points, after = objective.trick(state, cards | bit, new_winner)
                v = points + self._lead(hands, new_winner, after, a - points, b - points)
            else:
                v = self._follow(
                    hands, leader, k + 1, lead, new_top, new_winner, cards | bit, live, state, a, b
                )
            hands[seat] = hand
            if maximising:
                if v > best:
                    best = v
                    if v > a:
                        a = v
            elif v < best:
                best = v
                if v < b:
                    b = v
            if a >= b:
                break
        return best

    # --- the search through the rules' own methods ---------------------------------------------

    def _child(
        self,
        hands: tuple[int, ...],
        seat: int,
        hand: int,
        card: Card,
        trick: Trick,
        leader: int,
        plays: tuple[Play, ...],
        number: int,
        n: int,
        state: Hashable,
        alpha: int,
        beta: int,
    ) -> int:
        rules, trump = self.position.rules, self.position.trump
        flags = rules.play_flags(hand, trick, card, trump)
        new_hands = (*hands[:seat], hand & ~card.mask, *hands[seat + 1 :])
        new_plays = (*plays, Play(seat, card, flags))
        if len(new_plays) < n:
            return self._search(new_hands, leader, new_plays, number, state, alpha, beta)
        done = Trick(leader, number, new_plays)
        winner = rules.trick_winner(done, trump)
        gain, after = self.objective.trick(state, done.card_mask(), winner)
        return gain + self._search(
            new_hands, winner, (), number + 1, after, alpha - gain, beta - gain
        )

    def _search(
        self,
        hands: tuple[int, ...],
        leader: int,
        plays: tuple[Play, ...],
        number: int,
        state: Hashable,
        alpha: int,
        beta: int,
    ) -> int:
        self._count()
        n = len(hands)
        seat = (leader + len(plays)) % n
        hand = hands[seat]
        left = hand.bit_count()
        if left == 0:
            return self.objective.end(state)
        key = (hands, leader, plays, number, state)
        found = self.table.get(key)
        lo, hi = found if found is not None else self.objective.bounds(state, left)
        if lo == hi or lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        alpha, beta = max(alpha, lo), min(beta, hi)
        rules, trump = self.position.rules, self.position.trump
        trick = Trick(leader, number, plays)
        legal = rules.legal_mask(hand, trick, trump)
        live = 0
        for h in hands:
            live |= h
        for play in plays:
            live |= play.card.mask
        maximising = seat in self.side
        best = -_INF if maximising else _INF
        a, b = alpha, beta
        for i in self._moves(legal, live):
            v = self._child(
                hands, seat, hand, _CARDS[i], trick, leader, plays, number, n, state, a, b
            )
            if maximising:
                if v > best:
                    best = v
                    a = max(a, v)
            elif v < best:
                best = v
                b = min(b, v)
            if a >= b:
                break
        if best <= alpha:
            hi = min(hi, best)
        elif best >= beta:
            lo = max(lo, best)
        else:
            lo = hi = best
        self.table[key] = (lo, hi)
        return best


def solve(position: Position, side: int, objective: Objective | None = None) -> int:
    """The value to ``sides[side]`` of the rest of the deal (the trick in progress included)
    when every seat plays best: the side's seats maximise, every other seat minimises. The
    value is the side's tricks, or what ``objective`` counts (:class:`Objective`, e.g. a
    variant's :meth:`~kozyr.Variant.solve_objective`).

    Exact: alpha-beta with a transposition table, equivalent-card merging and move ordering,
    checked against :func:`minimax` on thousands of random positions."""
    return Solver(position, side, objective=objective).value()


def best_plays(
    position: Position, side: int, objective: Objective | None = None
) -> dict[Card, int]:
    """Each legal card of the seat to play and the value to ``sides[side]`` from here (the
    trick in progress included) with best play afterwards. Its maximum (if the seat is on the
    side, else its minimum) is :func:`solve`."""
    return Solver(position, side, objective=objective).card_values()


def count_minimax(
    position: Position, side: int, objective: Objective | None = None
) -> tuple[int, int]:
    """:func:`minimax`'s value and the number of positions it visited."""
    winners = _check_side(position, side)
    goal: Objective = objective if objective is not None else TrickCount(winners)
    rules, trump, n = position.rules, position.trump, len(position.hands)
    nodes = 0

    def search(hands: tuple[int, ...], leader: int, trick: Trick, state: Hashable) -> int:
        nonlocal nodes
        nodes += 1
        seat = (leader + len(trick.plays)) % n
        hand = hands[seat]
        if not hand:
            return goal.end(state)
        values: list[int] = []
        for i in _bits(rules.legal_mask(hand, trick, trump)):
            card = _CARDS[i]
            flags = rules.play_flags(hand, trick, card, trump)
            after = (*hands[:seat], hand & ~card.mask, *hands[seat + 1 :])
            played = trick.with_play(seat, card, flags)
            if len(played.plays) < n:
                values.append(search(after, leader, played, state))
            else:
                winner = rules.trick_winner(played, trump)
                gain, later = goal.trick(state, played.card_mask(), winner)
                values.append(gain + search(after, winner, Trick(winner, trick.number + 1), later))
        return max(values) if seat in winners else min(values)

    start = Trick(position.leader, position.number, position.plays)
    value = search(position.hands, position.leader, start, goal.start)
    return value, nodes


def minimax(position: Position, side: int, objective: Objective | None = None) -> int:
    """The same value as :func:`solve` by a plain minimax: every legal card at every turn, no
    pruning, no table, no merging, the rules called through their methods. Exponential; for
    tests on small positions."""
    return count_minimax(position, side, objective)[0]


#: A solver-like callable: position and side to a value (for code that takes either).
SolveFunction = Callable[[Position, int], int]

__all__ = [
    "Objective",
    "Position",
    "PositionError",
    "SearchLimit",
    "SolveFunction",
    "Solver",
    "TrickCount",
    "best_plays",
    "count_minimax",
    "minimax",
    "solve",
]
