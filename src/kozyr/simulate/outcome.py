"""Who won a deal or party of a simulation, and the net settlement per seat."""

from __future__ import annotations

from typing import Any

from kozyr.record import DealResult
from kozyr.variant import Variant


def _seats_of(variant: Variant, unit: Any) -> set[int]:
    """Seats named by a winner/loser value: a seat, a side (when the variant plays in sides), or a
    list of them."""
    if unit is None or isinstance(unit, bool):
        return set()
    if isinstance(unit, (list, tuple, set, frozenset)):
        seats: set[int] = set()
        for u in unit:
            seats |= _seats_of(variant, u)
        return seats
    if isinstance(unit, int):
        sides = variant.sides
        if sides is not None:
            return set(sides[unit]) if 0 <= unit < len(sides) else set()
        return {unit} if 0 <= unit < variant.players else set()
    return set()


def deal_outcome(variant: Variant, result: DealResult) -> tuple[list[Any], set[int], set[int]]:
    """Net settlement per seat, winners and losers of one deal.

    With money changing hands, winners gain and losers pay. Otherwise the side (or seat) with the
    most points wins and those with fewer lose; when everyone has the same points nobody does.
    """
    n = variant.players
    if result.settlement.payments:
        paid = result.settlement.net()
        return paid, {s for s in range(n) if paid[s] > 0}, {s for s in range(n) if paid[s] < 0}
    net: list[Any] = [0] * n
    points = list(result.points)
    if not points:
        return net, set(), set()
    best, worst = max(points), min(points)
    if best == worst:
        return net, set(), set()
    sides = variant.sides
    if sides is not None and len(points) == len(sides):
        top = [i for i, p in enumerate(points) if p == best]
        low = [i for i, p in enumerate(points) if p < best]
        return net, _seats_of(variant, top), _seats_of(variant, low)
    return (
        net,
        {s for s, p in enumerate(points) if p == best},
        {s for s, p in enumerate(points) if p < best},
    )


__all__ = ["deal_outcome"]
