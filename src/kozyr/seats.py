"""Seats at the table: numbered 0 to ``players - 1`` clockwise, so the deal, the lead and every
turn pass to the next seat (C1: to the left).

>>> next_seat(3, 4), next_seat(0, 4, among=(0, 2)), next_seat(2, 4, among=(0, 2))
(0, 2, 0)
"""

from __future__ import annotations

from collections.abc import Iterable

from kozyr.errors import IllegalActionError


def next_seat(seat: int, players: int, among: Iterable[int] | None = None) -> int:
    """The next seat clockwise after ``seat`` at a table of ``players``, among the seats
    ``among`` (default: every seat); ``seat`` itself when it is the only one of them. An
    :class:`~kozyr.errors.IllegalActionError` when ``among`` holds no seat of the table."""
    if among is None:
        return (seat + 1) % players
    pool = set(among)
    for step in range(1, players + 1):
        candidate = (seat + step) % players
        if candidate in pool:
            return candidate
    raise IllegalActionError(f"no seat after {seat} among {sorted(pool)}")


__all__ = ["next_seat"]
