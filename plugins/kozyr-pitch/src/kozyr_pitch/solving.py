"""What a side maximises in the Pitch family, for the double-dummy solver (:mod:`kozyr.solve`):
its points of the deal that the cards in play decide (AP8, SMR5), and -- for the pitcher's side
-- whether it makes its bid (AP9).

* **High** and **Low** go to the players the highest and lowest trump in play were dealt to
  (with the jick a trump, SMR3): fixed by the deal, they are a constant of the search; with
  ``low_to="capturer"`` (AP8) Low goes to whoever wins it, like the Jack;
* **Jack** (and in Smear the **Jick**, the **Trey**, worth 3, SMR5, and each **joker** of
  ten-point Smear, SMR8): to the winner of the trick holding it;
* **Game**: to the side (or player) whose won cards count highest (10 = 10, A = 4, K = 3,
  Q = 2, J = 1); on a tie nobody (D-AP4).

For the pitcher's side the value is AP9's: the points won when they reach the bid, else minus
the bid (the set-back). Every other side's value is the points it wins. A smudge (AP10) wins
the game at once; the solver does not value it beyond its four points.

>>> from kozyr import CardSet, Suit
>>> from kozyr.solve import Position, solve
>>> from kozyr.tricks import FollowOrTrump
>>> from kozyr_pitch.variant import ORDER
>>> hands = tuple(CardSet.parse(t).mask for t in ("Jh 10s", "Ah 2s"))
>>> rules = FollowOrTrump(ORDER, void_may_discard=True)
>>> position = Position(hands, Suit.HEARTS, 0, rules, ((0,), (1,)))
>>> points = PitchPoints.fresh(frozenset({0}), (0, 1), Suit.HEARTS, hands)
>>> solve(position, 0, points)   # Low (the J♥ is the lowest trump) and one of Jack or Game
2
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from kozyr import Card, CardSet, Rank, Suit
from kozyr.cardset import mask_sum
from kozyr_pitch.scoring import COUNT, WORTH, jick_of, play_facts

if TYPE_CHECKING:
    from kozyr.engine import Deal

#: Card indices: the 52 cards and the two jokers of ten-point Smear (52 black, 53 red; SMR7).
_INDICES = 54
#: AP8 Game: each card's counting value, by card index (a joker counts nothing, SMR8).
GAME_VALUE: tuple[int, ...] = tuple(
    COUNT.get(Rank(i % 13 + 2), 0) if i < 52 else 0 for i in range(_INDICES)
)
#: SMR7: the jokers' masks, black then red (the one-joker game deals the black one).
JOKER_MASKS = (1 << 52, 1 << 53)


@dataclass(frozen=True)
class PitchPoints:
    """The Pitch points of ``seats`` (their side's, in partnerships) still to be decided, as a
    :class:`kozyr.solve.Objective`.

    ``units`` -- per seat, the side (or seat) it scores for; ``fixed`` -- points already settled
    for ``seats`` (High and Low as dealt, cards that score won in earlier tricks); ``counts`` --
    the Game count each unit has won so far; ``remaining`` -- the counting points still held or
    on the table; ``scoring`` -- ``(card mask, points)`` of the cards still to be won that score
    (the trump jack; the jick; the trey, 3; Low under ``low_to="capturer"``); ``bid`` -- the
    pitcher's bid when ``seats`` are the pitcher's side (AP9: less than the bid is minus the
    bid), else 0.
    """

    seats: frozenset[int]
    units: tuple[int, ...]
    fixed: int
    counts: tuple[int, ...]
    remaining: int
    scoring: tuple[tuple[int, int], ...] = ()
    bid: int = 0
    mine: tuple[bool, ...] = field(init=False, repr=False, compare=False)
    card_class: tuple[int, ...] | None = field(init=False, repr=False, compare=False)
    _points: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        own = {self.units[s] for s in self.seats}
        object.__setattr__(self, "mine", tuple(u in own for u in self.units))
        points = [0] * _INDICES
        for mask, worth in self.scoring:
            points[mask.bit_length() - 1] += worth
        object.__setattr__(self, "_points", tuple(points))
        object.__setattr__(
            self, "card_class", tuple(GAME_VALUE[i] * 16 + points[i] for i in range(_INDICES))
        )

    @classmethod
    def fresh(
        cls,
        seats: frozenset[int],
        units: Sequence[int],
        trump: Suit,
        hands: Sequence[int],
        **options: Any,
    ) -> PitchPoints:
        """The objective at the first trick, from the hands as play begins (``options`` as
        :meth:`at`'s)."""
        return cls.at(seats, units, trump, hands, hands, (), **options)

    @classmethod
    def at(
        cls,
        seats: frozenset[int],
        units: Sequence[int],
        trump: Suit,
        dealt: Sequence[int | None],
        held: Sequence[int],
        won: Sequence[tuple[int, int]],
        *,
        low_to: str = "holder",
        jick: bool = False,
        trey: bool = False,
        jokers: int = 0,
        bid: int = 0,
    ) -> PitchPoints:
        """The objective part-way through play: ``dealt`` the hands as play began, ``held`` the
        cards still held or on the table per seat, ``won`` the finished tricks as
        ``(cards mask, winner)``; ``jick`` and ``trey`` the Smear points played for (SMR5),
        ``jokers`` the jokers in the deck, each a point to its winner (ten-point Smear, SMR8);
        ``bid`` the pitcher's bid when ``seats`` are his side (else 0)."""
        unit_of = tuple(units)
        own = {unit_of[s] for s in seats}
        mine = [u in own for u in unit_of]
        sides = _sides(unit_of)
        hands = [CardSet() if h is None else CardSet.from_mask(h) for h in dealt]
        facts = play_facts(
            hands, [CardSet()] * len(hands), trump, sides, "holder", jick=jick, trey=trey
        )
        high_seat, _ = facts.high
        low_seat, low_card = facts.low
        fixed = WORTH["high"] * mine[high_seat]
        captured: list[tuple[int, int]] = [(Card(Rank.JACK, trump).mask, WORTH["jack"])]
        if jick:
            captured.append((jick_of(trump).mask, WORTH["jick"]))
        if trey:
            captured.append((Card(Rank.THREE, trump).mask, WORTH["trey"]))
        for mask in JOKER_MASKS[:jokers]:  # SMR8: never High or Low, nothing towards Game
            captured.append((mask, 1))
        assert low_card is not None
        if low_to == "capturer":
            captured.append((low_card.mask, WORTH["low"]))
        else:
            fixed += WORTH["low"] * mine[low_seat]
        counts = [0] * (max(unit_of) + 1)
        for cards, winner in won:
            counts[unit_of[winner]] += mask_sum(cards, GAME_VALUE)
            for mask, worth in captured:
                if cards & mask and mine[winner]:
                    fixed += worth
        in_play = 0
        for h in held:
            in_play |= h
        scoring = tuple((mask, worth) for mask, worth in captured if mask & in_play)
        return cls(
            seats, unit_of, fixed, tuple(counts), mask_sum(in_play, GAME_VALUE), scoring, bid
        )

    # --- the Objective protocol ------------------------------------------------------------

    @property
    def start(self) -> Hashable:
        game = self._settled(self.counts)
        return (0, game) if self.bid else game

    def _game_to(self, counts: tuple[int, ...]) -> int:
        """1 if Game goes to these seats with these final counts, else 0 (AP8, D-AP4)."""
        best = max(counts)
        tied = [u for u, c in enumerate(counts) if c == best]
        if len(tied) != 1:
            return 0
        return 1 if any(self.mine[s] for s, u in enumerate(self.units) if u == tied[0]) else 0

    def _settled(self, counts: tuple[int, ...]) -> Hashable:
        """The counts, or the Game point (0 or 1) once no play can change who takes it."""
        left = self.remaining + sum(self.counts) - sum(counts)
        ordered = sorted(counts, reverse=True)
        if left == 0 or ordered[0] > ordered[1] + left:
            return self._game_to(counts)
        return counts

    def _after(self, game: Hashable, cards: int, winner: int) -> Hashable:
        if isinstance(game, tuple):
            counts = list(game)
            counts[self.units[winner]] += mask_sum(cards, GAME_VALUE)
            return self._settled(tuple(counts))
        return game

    def trick(self, state: Hashable, cards: int, winner: int) -> tuple[int, Hashable]:
        points = 0
        if self.mine[winner]:
            for mask, worth in self.scoring:
                if cards & mask:
                    points += worth
        if self.bid:
            assert isinstance(state, tuple)
            earned, game = state
            return 0, (earned + points, self._after(game, cards, winner))
        return points, self._after(state, cards, winner)

    def _total(self, earned: int, game: Hashable) -> int:
        if isinstance(game, tuple):
            return self.fixed + earned + self._game_to(game)
        assert isinstance(game, int)
        return self.fixed + earned + game

    def end(self, state: Hashable) -> int:
        if self.bid:
            assert isinstance(state, tuple)
            earned, game = state
            total = self._total(earned, game)
            return total if total >= self.bid else -self.bid  # AP9
        return self._total(0, state)

    def bounds(self, state: Hashable, left: int) -> tuple[int, int]:
        most = sum(worth for _, worth in self.scoring)
        if self.bid:
            assert isinstance(state, tuple)
            earned, game = state
            top = self.fixed + earned + most + (game if isinstance(game, int) else 1)
            return -self.bid, max(top, -self.bid)
        game = state if isinstance(state, int) else None
        return self.fixed + (game or 0), self.fixed + (1 if game is None else game) + most


def _sides(units: Sequence[int]) -> tuple[tuple[int, ...], ...] | None:
    """The partnerships as :func:`~kozyr_pitch.scoring.play_facts` takes them (None: everyone
    for himself)."""
    if len(set(units)) == len(units):
        return None
    found: dict[int, list[int]] = {}
    for seat, unit in enumerate(units):
        found.setdefault(unit, []).append(seat)
    return tuple(tuple(found[u]) for u in sorted(found))


def points_objective(
    deal: Deal,
    seats: frozenset[int],
    *,
    sides: Sequence[Sequence[int]] | None,
    low_to: str,
    jick: bool,
    trey: bool,
    pitcher: int | None,
    bid: int,
    jokers: int = 0,
) -> PitchPoints | None:
    """:class:`PitchPoints` for ``seats`` at the deal's current point (None before the pitch:
    no trump yet). ``pitcher`` and ``bid`` from the auction (AP3-AP6): when ``seats`` are the
    pitcher's side its value is AP9's."""
    trump = deal.trump
    if trump is None or not any(h is not None for h in deal.initial):
        return None
    n = deal.n
    units = tuple(
        next(i for i, side in enumerate(sides) if s in side) if sides else s for s in range(n)
    )
    won = [(t.card_mask(), t.winner) for t in deal.tricks if t.winner is not None]
    held = list(deal.hands)
    trick = deal.trick
    if trick is not None:
        for play in trick.plays:
            held[play.seat] |= play.card.mask
    own = {units[s] for s in seats}
    threshold = bid if pitcher is not None and units[pitcher] in own else 0
    return PitchPoints.at(
        seats,
        units,
        trump,
        deal.initial,
        held,
        won,
        low_to=low_to,
        jick=jick,
        trey=trey,
        jokers=jokers,
        bid=threshold,
    )


__all__ = ["GAME_VALUE", "PitchPoints", "points_objective"]
