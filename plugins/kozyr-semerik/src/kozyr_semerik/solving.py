"""What a side maximises in Семерик, for the double-dummy solver (:mod:`kozyr.solve`): its play
points (SM7).

* **counters** (K, Q, J, A, 2, 3): with ``counter_mode="per_trick"`` each trick holding three or
  more gives its winner's side 1 point; with ``cumulative`` a side scores its counters over the
  whole deal divided by 3, rounded down (counted here as each third counter is won, which adds up
  to the same);
* **nine tricks** taken by one player: 6 points to his side (D-SM4: ten counts as nine or more);
* **all ten tricks** taken by one side: 4 points.

The declarations (SM6) are fixed by the hands as dealt and are not counted.

>>> from kozyr import CardSet
>>> from kozyr.solve import Position, solve
>>> from kozyr_semerik.variant import Semerik
>>> rules = Semerik().trick_rules
>>> hands = tuple(CardSet.parse(t).mask for t in ("3s", "2s", "Ks", "4s"))
>>> points = SemerikPoints(frozenset({0, 2}), tricks=(5, 4, 0, 0))   # the last trick
>>> solve(Position(hands, None, 0, rules, ((0, 2), (1, 3))), 0, points)   # 3, 2, K: counters
1
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from kozyr_semerik.outcome import TRICKS  # SM3: ten cards each, ten tricks
from kozyr_semerik.scoring import ALL_TRICKS_BONUS, COUNTER_MASK, NINE_TRICKS_BONUS

if TYPE_CHECKING:
    from kozyr.engine import Deal

PLAYERS = 4  # SM1


@dataclass(frozen=True)
class SemerikPoints:
    """The play points (SM7) of the side of ``seats`` still to be scored, as a
    :class:`kozyr.solve.Objective`.

    ``tricks`` -- the tricks each seat has taken so far; ``residues`` -- each side's counters so
    far modulo 3 (``cumulative`` mode only).
    """

    seats: frozenset[int]
    tricks: tuple[int, ...] = (0, 0, 0, 0)
    cumulative: bool = False
    residues: tuple[int, int] = (0, 0)
    mine: tuple[bool, ...] = field(init=False, repr=False, compare=False)
    card_class: tuple[int, ...] | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        sides = {s % 2 for s in self.seats}
        object.__setattr__(self, "mine", tuple(s % 2 in sides for s in range(PLAYERS)))
        object.__setattr__(
            self, "card_class", tuple(1 if COUNTER_MASK >> i & 1 else 0 for i in range(52))
        )

    @classmethod
    def fresh(cls, seats: frozenset[int], *, cumulative: bool = False) -> SemerikPoints:
        """The objective at the first trick."""
        return cls(seats, cumulative=cumulative)

    @classmethod
    def at(
        cls, seats: frozenset[int], won: Sequence[tuple[int, int]], *, cumulative: bool = False
    ) -> SemerikPoints:
        """The objective after the finished tricks ``won`` (``(cards mask, winner)`` each)."""
        tricks = [0] * PLAYERS
        residues = [0, 0]
        for cards, winner in won:
            tricks[winner] += 1
            residues[winner % 2] = (residues[winner % 2] + (cards & COUNTER_MASK).bit_count()) % 3
        return cls(seats, tuple(tricks), cumulative, (residues[0], residues[1]))

    # --- the Objective protocol ------------------------------------------------------------
    # The state: (the tricks played; the seats that can still take nine with their tricks so
    # far, or None; the side that has taken every trick so far, -1 for neither, 2 before the
    # first trick; the counter residues in cumulative mode, else None). The tricks played are
    # implied by the hands (the table's key), so they split nothing; the rest is forgotten as
    # soon as it can no longer matter -- after three tricks at most one seat can make nine.

    @staticmethod
    def _nine(played: int, tricks: Sequence[tuple[int, int]]) -> tuple[tuple[int, int], ...] | None:
        left = TRICKS - played
        found = tuple((s, t) for s, t in tricks if t + left >= 9)
        return found or None

    @property
    def start(self) -> Hashable:
        played = sum(self.tricks)
        sides = {s % 2 for s, t in enumerate(self.tricks) if t}
        sweep = -1 if len(sides) > 1 else (sides.pop() if sides else 2)  # 2: no trick yet
        residues = self.residues if self.cumulative else None
        return (played, self._nine(played, list(enumerate(self.tricks))), sweep, residues)

    def trick(self, state: Hashable, cards: int, winner: int) -> tuple[int, Hashable]:
        assert isinstance(state, tuple)
        played, nine, sweep, residues = state
        side = winner % 2
        counters = (cards & COUNTER_MASK).bit_count()
        points = 0
        if residues is None:
            if counters >= 3 and self.mine[winner]:
                points = 1
        else:
            r = list(residues)
            total = r[side] + counters
            if self.mine[winner]:
                points = total // 3
            r[side] = total % 3
            residues = (r[0], r[1])
        played += 1
        if nine is not None:
            nine = self._nine(played, [(s, t + (s == winner)) for s, t in nine])
        if sweep == 2:
            sweep = side
        elif sweep != side:
            sweep = -1
        return points, (played, nine, sweep, residues)

    def end(self, state: Hashable) -> int:
        assert isinstance(state, tuple)
        _, nine, sweep, _ = state
        points = 0
        if nine is not None and any(t >= 9 and self.mine[s] for s, t in nine):
            points += NINE_TRICKS_BONUS
        if sweep in (0, 1) and self.mine[sweep]:  # seat 0 (1) is on side 0 (1)
            points += ALL_TRICKS_BONUS
        return points

    def bounds(self, state: Hashable, left: int) -> tuple[int, int]:
        assert isinstance(state, tuple)
        _, nine, sweep, residues = state
        hi = left if residues is None else (24 + 2) // 3
        if nine is not None:
            hi += NINE_TRICKS_BONUS
        if sweep != -1:
            hi += ALL_TRICKS_BONUS
        return 0, hi


def points_objective(deal: Deal, seats: frozenset[int], cumulative: bool) -> SemerikPoints:
    """:class:`SemerikPoints` for ``seats`` at the deal's current point."""
    won = [(t.card_mask(), t.winner) for t in deal.tricks if t.winner is not None]
    return SemerikPoints.at(seats, won, cumulative=cumulative)


__all__ = ["SemerikPoints", "points_objective"]
