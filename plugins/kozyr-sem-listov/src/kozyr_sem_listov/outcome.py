"""Outcome records of the Семь листов family: the tricks each seat took, and the few facts a rule
needs beyond them (SL-C16's held-over pot, the order seats reached seven in a race, PN4).

A deal is scored by the same functions as a played one: the counts become a sequence of trick
winners that agrees with every fact given (:func:`classic_winners`, :func:`race_winners`), and
the variant's ``score`` takes it from there.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations

from kozyr import OutcomeField, RecordError
from kozyr_sem_listov.scoring import RACE_TARGET, race_progress


def tricks_won_field(hand_size: int, rule: str) -> OutcomeField:
    """``tricks_won``: one count per seat, null for a seat not dealt in or that ran away."""
    return OutcomeField(
        "tricks_won",
        "count",
        "Взятки",
        "Tricks won",
        rule,
        per="seat",
        nullable=True,
        minimum=0,
        maximum=hand_size,
        doc="Tricks each seat took in this deal; null for a seat not dealt in (it left the race) "
        "or that ran away (SL-C16). In a race the deal that ends it may be short (D-PN2).",
    )


DEALER = OutcomeField(
    "dealer", "seat", "Сдающий", "Dealer", "SL-C3", core=True, doc="The dealer's seat."
)
RUNAWAYS = OutcomeField(
    "runaways",
    "seats",
    "Сбежали",
    "Ran away",
    "SL-C16",
    required=False,
    default=[],
    doc="Seats that threw in their hands before the first lead (сбеги).",
)
HIGHEST_TRUMP = OutcomeField(
    "highest_trump",
    "seat",
    "Старший козырь",
    "Highest trump",
    "SL-C16",
    nullable=True,
    required=False,
    doc="Only when a run-away pot is held over into this deal (runaway_split = next_deal): the "
    "seat, of the tied winners waiting for it, dealt the highest trump here; null if none of "
    "them holds a trump.",
)
HIGHEST_TRUMPS = OutcomeField(
    "highest_trumps",
    "seats",
    "Козыри по старшинству",
    "Highest trumps",
    "D-SL6",
    required=False,
    doc="Instead of highest_trump, when pots held over for different tied winners wait in this "
    "deal: the waiting seats that were dealt a trump, highest trump first ([] if none of them "
    "holds one). Each pot goes to the first of them among its own tied winners, or waits again.",
)
REACHED = OutcomeField(
    "reached",
    "seats",
    "Дошли до семи",
    "Reached seven",
    "PN4",
    required=False,
    doc="Optional (PN4: no result depends on it): when two or more seats reached seven tricks "
    "in this deal, the seats in the order they reached it; it names the race's winner when the "
    "counts cannot tell.",
)


def counts_of(raw: Sequence[int | None]) -> list[int]:
    """The counts with null as 0."""
    return [c or 0 for c in raw]


def classic_winners(tricks_won: Sequence[int | None]) -> list[int]:
    """A sequence of trick winners with the given counts (order does not matter in §1)."""
    return [seat for seat, count in enumerate(tricks_won) for _ in range(count or 0)]


def race_sequences(
    before: Sequence[int],
    seats: Sequence[int],
    tricks_won: Sequence[int | None],
    hand_size: int,
    reached: Sequence[int] | None,
    rule: str,
) -> list[list[int]]:
    """Every sequence of trick winners, one per order of reaching seven, that agrees with the
    counts and the race (see :func:`race_winners`); a record the race cannot give is an error.
    More than one: the counts cannot tell the order in which seats reached seven (PN4)."""
    n = len(tricks_won)
    for seat in range(n):
        playing = seat in seats
        if playing and tricks_won[seat] is None:
            raise RecordError(
                f"$.tricks_won[{seat}]",
                f"seat {seat} is still in the race; give its tricks ({rule})",
            )
        if not playing and tricks_won[seat] is not None:
            raise RecordError(
                f"$.tricks_won[{seat}]",
                f"seat {seat} already left the race (it has seven); write null ({rule})",
            )
    counts = counts_of(tricks_won)
    total = sum(counts)
    if total > hand_size:
        raise RecordError("$.tricks_won", f"{total} tricks listed; a deal has {hand_size} ({rule})")
    reachers = [s for s in seats if before[s] + counts[s] >= RACE_TARGET]
    if reached is not None:
        if sorted(reached) != sorted(reachers):
            raise RecordError(
                "$.reached",
                f"by the counts seats {_list(reachers)} reached seven in this deal, "
                f"not {_list(reached)} ({rule})",
            )
        orders: list[Sequence[int]] = [list(reached)]
    else:
        orders = [list(p) for p in permutations(reachers)]
    below = [s for s in seats for _ in range(min(counts[s], RACE_TARGET - 1 - before[s]))]
    feasible: list[list[int]] = []
    for order in orders:
        winners = below + [
            s for s in order for _ in range(counts[s] - (RACE_TARGET - 1 - before[s]))
        ]
        progress = race_progress(before, seats, winners)
        ended = progress.end is not None
        if progress.reached != list(order):
            continue
        if ended and progress.end != len(winners) - 1:
            continue
        if not ended and len(winners) != hand_size:
            continue
        feasible.append(winners)
    if not feasible:
        if total != hand_size and len([s for s in seats if s not in reachers]) > 1:
            raise RecordError(
                "$.tricks_won",
                f"{total} tricks listed; a deal has {hand_size} unless the race ends in it, and "
                f"these counts leave seats {_list([s for s in seats if s not in reachers])} below "
                f"seven (D-PN2)",
            )
        where = "$.reached" if reached is not None else "$.tricks_won"
        raise RecordError(
            where,
            "no order of these tricks agrees with the race: it ends the moment only one seat is "
            f"below seven, so a seat that ends it takes no trick after (D-PN2, {rule})",
        )
    return feasible


def race_winners(
    before: Sequence[int],
    seats: Sequence[int],
    tricks_won: Sequence[int | None],
    hand_size: int,
    reached: Sequence[int] | None,
    rule: str,
) -> list[int]:
    """Trick winners in an order that agrees with the counts and the race (PN4, D-PN2): nobody
    reaches seven before his last tricks below it are in, seats reach it in the order given (or
    an order the counts allow: PN4, no result depends on it), and a short deal ends exactly when
    the race does.

    >>> race_winners([0, 0, 0], [0, 1, 2], [4, 2, 1], 7, None, "PN4")
    [0, 0, 0, 0, 1, 1, 2]
    >>> race_winners([6, 6, 3], [0, 1, 2], [1, 1, None], 7, None, "PN4")
    Traceback (most recent call last):
    ...
    kozyr.errors.RecordError: $.tricks_won[2]: seat 2 is still in the race; give its tricks (PN4)
    """
    return race_sequences(before, seats, tricks_won, hand_size, reached, rule)[0]


def _list(seats: Sequence[int]) -> str:
    return ", ".join(map(str, seats)) or "none"


__all__ = [
    "DEALER",
    "HIGHEST_TRUMP",
    "HIGHEST_TRUMPS",
    "REACHED",
    "RUNAWAYS",
    "classic_winners",
    "counts_of",
    "race_sequences",
    "race_winners",
    "tricks_won_field",
]
