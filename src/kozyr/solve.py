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

from collections.abc import Callable, Iterator
from dataclasses import dataclass

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
    StandardTrickRules,
    Trick,
    TrickRules,
)

_FULL = (1 << 52) - 1
_CARDS = tuple(Card.from_index(i) for i in range(52))


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


class Solver:
    """The alpha-beta search behind :func:`solve` and :func:`best_plays`, for one position's
    rules, trump, seats and side; its transposition table lives as long as the solver, and
    ``nodes`` counts the positions searched (for benchmarks).

    ``merge=False`` turns equivalent-card merging off. It is off anyway for trick rules kozyr
    does not know exactly (a subclass of a shipped policy, a plugin's own): their methods may
    tell adjacent cards apart. For :class:`~kozyr.tricks.FreePlayDeadTrumps` two trumps of one
    hand always get the same SL-C9 flags, and with ``honours_first`` the trump ace and king
    (SL-C12) are merged only with each other; for :class:`~kozyr.tricks.MainSuit` an "empty"
    card (SM4) is merged only with empty cards.
    """

    def __init__(self, position: Position, side: int, *, merge: bool = True) -> None:
        self.position = position
        self.side = _check_side(position, side)
        self.nodes = 0
        self.table: dict[tuple[object, ...], tuple[int, int]] = {}
        rules = position.rules
        self._split = _merge_split(rules, position.trump) if merge else None
        strength = getattr(rules, "strength", None)
        self._strength: tuple[int, ...] | None = (
            strength if isinstance(strength, tuple) and len(strength) == 52 else None
        )
        if self._strength is None:
            self._split = None
        self._order = self._suit_orders()

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

    def _moves(self, legal: int, live: int) -> list[int]:
        """The card indices worth trying from ``legal``: one per run of equivalent cards, the
        highest and the lowest first."""
        split = self._split
        strength = self._strength
        if split is None or strength is None:
            moves = list(_bits(legal))
        else:
            moves = []
            rest = legal
            for s in Suit:
                if not legal & SUIT_MASKS[s]:
                    continue
                run: int | None = None  # the class of the current run, or None
                for i in self._order[s]:
                    bit = 1 << i
                    if not live & bit:
                        continue  # played in an earlier trick: it separates nothing
                    if legal & bit:
                        rest &= ~bit
                        cls = 1 if split & bit else 0
                        if run != cls:
                            moves.append(i)
                            run = cls
                    else:
                        run = None
            moves.extend(_bits(rest))  # cards outside the rank order: each a move of its own
        if len(moves) > 2 and strength is not None:
            trump = self.position.trump
            tmask = SUIT_MASKS[trump] if trump is not None else 0
            moves.sort(key=lambda i: strength[i] + (100 if tmask >> i & 1 else 0), reverse=True)
            moves = [moves[0], moves[-1], *moves[1:-1]]
        return moves

    def value(self) -> int:
        """The side's tricks from here with best play (:func:`solve`)."""
        p = self.position
        return self._search(p.hands, p.leader, p.plays, p.number, -1, p.tricks_left + 1)

    def card_values(self) -> dict[Card, int]:
        """Each legal card's value for the side (:func:`best_plays`)."""
        p = self.position
        n = len(p.hands)
        seat = p.seat_to_play
        trick = Trick(p.leader, p.number, p.plays)
        hand = p.hands[seat]
        values: dict[Card, int] = {}
        for card in p.legal_cards():
            values[card] = self._child(
                p.hands, seat, hand, card, trick, p.leader, p.plays, p.number, n, -1, 99
            )
        return values

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
        alpha: int,
        beta: int,
    ) -> int:
        rules, trump = self.position.rules, self.position.trump
        flags = rules.play_flags(hand, trick, card, trump)
        new_hands = (*hands[:seat], hand & ~card.mask, *hands[seat + 1 :])
        new_plays = (*plays, Play(seat, card, flags))
        if len(new_plays) < n:
            return self._search(new_hands, leader, new_plays, number, alpha, beta)
        winner = rules.trick_winner(Trick(leader, number, new_plays), trump)
        gain = 1 if winner in self.side else 0
        return gain + self._search(new_hands, winner, (), number + 1, alpha - gain, beta - gain)

    def _search(
        self,
        hands: tuple[int, ...],
        leader: int,
        plays: tuple[Play, ...],
        number: int,
        alpha: int,
        beta: int,
    ) -> int:
        self.nodes += 1
        n = len(hands)
        seat = (leader + len(plays)) % n
        hand = hands[seat]
        left = hand.bit_count()
        if left == 0:
            return 0
        key = (hands, leader, plays, number)
        lo, hi = self.table.get(key, (0, left))
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
        best = -1 if maximising else left + 1
        a, b = alpha, beta
        for i in self._moves(legal, live):
            v = self._child(hands, seat, hand, _CARDS[i], trick, leader, plays, number, n, a, b)
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


def solve(position: Position, side: int) -> int:
    """The tricks still to be won (the trick in progress included) that ``sides[side]`` takes
    when every seat plays best: the side's seats maximise, every other seat minimises.

    Exact: alpha-beta with a transposition table, equivalent-card merging and move ordering,
    checked against :func:`minimax` on thousands of random positions."""
    return Solver(position, side).value()


def best_plays(position: Position, side: int) -> dict[Card, int]:
    """Each legal card of the seat to play and the tricks ``sides[side]`` then takes from here
    (the trick in progress included) with best play afterwards. Its maximum (if the seat is on
    the side, else its minimum) is :func:`solve`."""
    return Solver(position, side).card_values()


def count_minimax(position: Position, side: int) -> tuple[int, int]:
    """:func:`minimax`'s value and the number of positions it visited."""
    winners = _check_side(position, side)
    rules, trump, n = position.rules, position.trump, len(position.hands)
    nodes = 0

    def search(hands: tuple[int, ...], leader: int, trick: Trick) -> int:
        nonlocal nodes
        nodes += 1
        seat = (leader + len(trick.plays)) % n
        hand = hands[seat]
        if not hand:
            return 0
        values: list[int] = []
        for i in _bits(rules.legal_mask(hand, trick, trump)):
            card = _CARDS[i]
            flags = rules.play_flags(hand, trick, card, trump)
            after = (*hands[:seat], hand & ~card.mask, *hands[seat + 1 :])
            played = trick.with_play(seat, card, flags)
            if len(played.plays) < n:
                values.append(search(after, leader, played))
            else:
                winner = rules.trick_winner(played, trump)
                gain = 1 if winner in winners else 0
                values.append(gain + search(after, winner, Trick(winner, trick.number + 1)))
        return max(values) if seat in winners else min(values)

    start = Trick(position.leader, position.number, position.plays)
    value = search(position.hands, position.leader, start)
    return value, nodes


def minimax(position: Position, side: int) -> int:
    """The same value as :func:`solve` by a plain minimax: every legal card at every turn, no
    pruning, no table, no merging. Exponential; for tests on small positions."""
    return count_minimax(position, side)[0]


#: A solver-like callable: position and side to a value (for code that takes either).
SolveFunction = Callable[[Position, int], int]

__all__ = [
    "Position",
    "PositionError",
    "SolveFunction",
    "Solver",
    "best_plays",
    "count_minimax",
    "minimax",
    "solve",
]
