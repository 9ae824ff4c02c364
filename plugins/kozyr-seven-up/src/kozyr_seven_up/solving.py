"""What a side maximises in Seven Up, for the double-dummy solver (:mod:`kozyr.solve`): its
points of the deal that the cards in play decide (SU6).

* **High** and **Low** go to the players the highest and lowest trump in play were dealt to:
  fixed by the deal, they are a constant of the search (with ``low_to="capturer"``, SU-O2, Low
  goes to whoever wins it, like the Jack);
* **Jack**: to the winner of the trick holding the trump jack;
* **Game**: to the side (or player) whose cards won in tricks count highest (10 = 10, A = 4,
  K = 3, Q = 2, J = 1); on a tie nobody (D-SU3) or, with ``game_tie="eldest"``, the first tied
  from eldest.

The turned jack (SU3) and the gift (SU4) are scored before play and are not counted.

>>> from kozyr import CardSet, Suit
>>> from kozyr.solve import Position, solve
>>> from kozyr_seven_up.scoring import ORDER
>>> from kozyr.tricks import FollowOrTrump
>>> hands = tuple(CardSet.parse(t).mask for t in ("Jh 10s", "Ah 2s"))
>>> position = Position(hands, Suit.HEARTS, 0, FollowOrTrump(ORDER), ((0,), (1,)))
>>> points = SevenUpPoints.fresh(frozenset({0}), 2, Suit.HEARTS, hands)
>>> solve(position, 0, points)   # Low (the J♥ is the lowest trump) and one of Jack or Game
2
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from kozyr import Card, CardSet, Rank, Suit
from kozyr.cardset import mask_sum
from kozyr.seats import next_seat
from kozyr_seven_up.scoring import COUNT, high_and_low, members, unit_of

if TYPE_CHECKING:
    from kozyr.engine import Deal

#: SU6 Game: each card's counting value, by card index.
GAME_VALUE: tuple[int, ...] = tuple(COUNT.get(Rank(i % 13 + 2), 0) for i in range(52))


@dataclass(frozen=True)
class SevenUpPoints:
    """The Seven Up points of ``seats`` (their side's, with four players) still to be decided,
    as a :class:`kozyr.solve.Objective`.

    ``fixed`` -- points already settled for them (High and Low as dealt, a Jack or a Low won in
    an earlier trick); ``counts`` -- the Game count each scoring unit (side, or player) has won
    so far; ``remaining`` -- the counting points still held or on the table; ``jack`` and
    ``low`` -- the masks of the cards still to be won that score (the trump jack; Low under
    SU-O2); ``eldest`` and ``game_tie`` -- who takes Game on a tie (D-SU3).
    """

    seats: frozenset[int]
    n: int
    fixed: int
    counts: tuple[int, ...]
    remaining: int
    jack: int = 0
    low: int = 0
    eldest: int = 1
    game_tie: str = "none"
    mine: tuple[bool, ...] = field(init=False, repr=False, compare=False)
    card_class: tuple[int, ...] | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        mine = tuple(
            any(m in self.seats for m in members(unit_of(s, self.n), self.n)) for s in range(self.n)
        )
        object.__setattr__(self, "mine", mine)
        scoring = self.jack | self.low
        object.__setattr__(
            self,
            "card_class",
            tuple(GAME_VALUE[i] * 2 + (1 if scoring >> i & 1 else 0) for i in range(52)),
        )

    @classmethod
    def fresh(
        cls,
        seats: frozenset[int],
        n: int,
        trump: Suit,
        hands: Sequence[int],
        *,
        eldest: int = 1,
        game_tie: str = "none",
        low_to: str = "holder",
    ) -> SevenUpPoints:
        """The objective at the first trick, from the hands as play begins."""
        return cls.at(
            seats, n, trump, hands, hands, (), eldest=eldest, game_tie=game_tie, low_to=low_to
        )

    @classmethod
    def at(
        cls,
        seats: frozenset[int],
        n: int,
        trump: Suit,
        dealt: Sequence[int | None],
        held: Sequence[int],
        won: Sequence[tuple[int, int]],
        *,
        eldest: int = 1,
        game_tie: str = "none",
        low_to: str = "holder",
    ) -> SevenUpPoints:
        """The objective part-way through play: ``dealt`` the hands as play began, ``held`` the
        cards still held or on the table per seat, ``won`` the finished tricks as
        ``(cards mask, winner)``."""
        units = 2 if n == 4 else n
        counts = [0] * units
        gone = 0
        fixed = 0
        jack = Card(Rank.JACK, trump).mask
        mine = [any(m in seats for m in members(unit_of(s, n), n)) for s in range(n)]
        extremes = high_and_low([None if h is None else CardSet.from_mask(h) for h in dealt], trump)
        low = 0
        if extremes is not None:
            (high_seat, _), (low_seat, low_card) = extremes
            fixed += mine[high_seat]
            if low_to == "capturer":
                low = low_card.mask
            else:
                fixed += mine[low_seat]
        for cards, winner in won:
            counts[unit_of(winner, n)] += mask_sum(cards, GAME_VALUE)
            gone |= cards
            for scoring in (jack, low):
                if cards & scoring:
                    fixed += mine[winner]
        in_play = 0
        for h in held:
            in_play |= h
        return cls(
            seats,
            n,
            fixed,
            tuple(counts),
            mask_sum(in_play, GAME_VALUE),
            jack & in_play,
            low & in_play,
            eldest,
            game_tie,
        )

    # --- the Objective protocol ------------------------------------------------------------

    @property
    def start(self) -> Hashable:
        return self._settled(self.counts)

    def _game_to(self, counts: tuple[int, ...]) -> int:
        """1 if Game goes to these seats with these final counts, else 0 (SU6, D-SU3)."""
        best = max(counts)
        tied = [u for u, c in enumerate(counts) if c == best]
        if len(tied) == 1:
            unit = tied[0]
        elif self.game_tie == "eldest":
            order = [(self.eldest + k) % self.n for k in range(self.n)]
            unit = next(unit_of(s, self.n) for s in order if unit_of(s, self.n) in tied)
        else:
            return 0
        return 1 if any(m in self.seats for m in members(unit, self.n)) else 0

    def _settled(self, counts: tuple[int, ...]) -> Hashable:
        """The counts, or the Game point (0 or 1) once no play can change who takes it."""
        left = self.remaining + sum(self.counts) - sum(counts)
        ordered = sorted(counts, reverse=True)
        if left == 0 or ordered[0] > ordered[1] + left:
            return self._game_to(counts)
        return counts

    def trick(self, state: Hashable, cards: int, winner: int) -> tuple[int, Hashable]:
        points = 0
        if self.mine[winner]:
            points = (1 if cards & self.jack else 0) + (1 if cards & self.low else 0)
        if isinstance(state, tuple):
            counts = list(state)
            counts[unit_of(winner, self.n)] += mask_sum(cards, GAME_VALUE)
            state = self._settled(tuple(counts))
        return points, state

    def end(self, state: Hashable) -> int:
        if isinstance(state, tuple):
            return self.fixed + self._game_to(state)
        assert isinstance(state, int)
        return self.fixed + state

    def bounds(self, state: Hashable, left: int) -> tuple[int, int]:
        game = state if isinstance(state, int) else None
        lo = self.fixed + (game or 0)
        return lo, self.fixed + (1 if game is None else game) + 2


def points_objective(
    deal: Deal, seats: frozenset[int], game_tie: str, low_to: str
) -> SevenUpPoints | None:
    """:class:`SevenUpPoints` for ``seats`` at the deal's current point (None before play or in
    a void deal)."""
    trump = deal.trump
    if trump is None or not any(h is not None for h in deal.initial):
        return None
    won = [(t.card_mask(), t.winner) for t in deal.tricks if t.winner is not None]
    held = list(deal.hands)
    trick = deal.trick
    if trick is not None:
        for play in trick.plays:
            held[play.seat] |= play.card.mask
    return SevenUpPoints.at(
        seats,
        deal.n,
        trump,
        deal.initial,
        held,
        won,
        eldest=next_seat(deal.dealer, deal.n),
        game_tie=game_tie,
        low_to=low_to,
    )


__all__ = ["GAME_VALUE", "SevenUpPoints", "points_objective"]
