"""Семерик outcome records: the combinations each player showed, the tricks and counters each
took (SM6, SM7) -- and, when the order of events decides a game and the counts cannot tell it,
who reached 21 first (SM8).

The items are built by the plugin's scoring functions (declarations by the ``score-hand``
calculator, counter points, bonuses) and put in SM8's event order; where counts leave the order
of counter points open, every order is tried through the same :func:`advance` that scores a
played deal, and a record must name the facts that tell them apart.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import TYPE_CHECKING, Any

from kozyr import CardSet, DealRecord, OutcomeField, RecordError, ScoreItem
from kozyr.seats import next_seat
from kozyr_semerik.scoring import (
    COUNTER_MASK,
    SEATS,
    CardNotInPackError,
    DealProgress,
    advance,
    bonus_items,
    counter_trick_item,
    declaration_items,
    side_counter_items,
)

if TYPE_CHECKING:
    from kozyr_semerik.variant import Semerik

#: Counters in the pack (SM7: K, Q, J, A, 2, 3 of four suits): 24.
ALL_COUNTERS = COUNTER_MASK.bit_count()
#: Tricks of a deal (SM3: ten cards each).
TRICKS = 10
#: The fewest tricks with three or more counters a deal can have (SM7): all 24 counters are
#: won; k such tricks hold at most 4 each and the other ``10 - k`` at most 2 each, so
#: ``24 <= 4k + 2(10 - k)``, k >= 2.
MIN_COUNTER_TRICKS = -(-(ALL_COUNTERS - 2 * TRICKS) // 2)

DEALER = OutcomeField("dealer", "seat", "Сдающий", "Dealer", "C2", core=True)
DECLARED = OutcomeField(
    "declared",
    "cards",
    "Объявлено",
    "Declared",
    "SM6",
    per="seat",
    nullable=True,
    doc="Per seat, the cards of the combinations the player showed (null or empty: none); "
    "scored as score-hand scores them. A shown card that is part of no combination is an error.",
)
TRICKS_WON = OutcomeField(
    "tricks_won",
    "count",
    "Взятки",
    "Tricks won",
    "SM7",
    per="seat",
    minimum=0,
    maximum=TRICKS,
    doc="Tricks each player took (ten in all).",
)
FIRST_TO_21 = OutcomeField(
    "first_to_21",
    "side",
    "Первыми до 21",
    "First to 21",
    "SM8",
    required=False,
    doc="Only when both sides pass 21 in play in one deal: the side that reached it first.",
)
DOUBLE = OutcomeField(
    "double",
    "flag",
    "Двойная партия",
    "Double game",
    "SM8",
    required=False,
    doc="Only when the counts cannot tell it: whether the loser had under 11 when the winner "
    "reached 21 (the game counts double).",
)


def counters_field(per_trick: bool) -> OutcomeField:
    """``counters`` per seat: tricks with 3+ counters (per_trick), or counters won (cumulative)."""
    if per_trick:
        return OutcomeField(
            "counters",
            "count",
            "Счётные взятки",
            "Counter tricks",
            "SM7",
            per="seat",
            minimum=0,
            maximum=ALL_COUNTERS // 3,
            doc="The counter points each player's tricks earned: his tricks holding three or more "
            "counters (K, Q, J, A, 2, 3).",
        )
    return OutcomeField(
        "counters",
        "count",
        "Счётные карты",
        "Counters won",
        "SM7",
        per="seat",
        minimum=0,
        maximum=ALL_COUNTERS,
        doc="The counting cards (K, Q, J, A, 2, 3) each player won; 24 in all.",
    )


def fields(per_trick: bool) -> tuple[OutcomeField, ...]:
    """Every outcome field of Семерик in the given counter mode."""
    return (DEALER, DECLARED, TRICKS_WON, counters_field(per_trick), FIRST_TO_21, DOUBLE)


def shown_declarations(record: DealRecord, quads: str, trena: str) -> list[ScoreItem]:
    """The shown combinations, seat by seat from eldest (SM6, SM8), each card checked to be in
    the pack, in one hand only, and part of a combination."""
    declared = record.decisions.get("declared") or [None] * SEATS
    owner: dict[Any, int] = {}
    eldest = next_seat(record.dealer, SEATS)
    items_by_seat: dict[int, list[ScoreItem]] = {}
    for seat, cards in enumerate(declared):
        cards = cards or []
        where = f"$.declared[{seat}]"
        if len(cards) > TRICKS:
            raise RecordError(where, f"{len(cards)} cards shown; a hand has 10 (SM3)")
        for i, card in enumerate(cards):
            if card in owner:
                raise RecordError(f"{where}[{i}]", f"{card} is also shown by seat {owner[card]}")
            owner[card] = seat
        try:
            shown = CardSet(cards)
            items = declaration_items(shown, quads=quads, trena=trena, seat=seat) if cards else []
        except CardNotInPackError as error:
            index = next(i for i, c in enumerate(cards) if str(c) in str(error))
            raise RecordError(f"{where}[{index}]", str(error)) from None
        used = 0
        for item in items:
            for card in item.cards:
                used |= card.mask
        for i, card in enumerate(cards):
            if not card.mask & used:
                raise RecordError(
                    f"{where}[{i}]",
                    f"{card} is part of no combination (баба, трена, three or four of a kind; "
                    "SM6): show only the cards of combinations",
                )
        items_by_seat[seat] = items
    return [it for k in range(SEATS) for it in items_by_seat.get((eldest + k) % SEATS, [])]


def check_counts(record: DealRecord, per_trick: bool) -> None:
    """The tricks add up to ten; counters agree with the tricks (SM7)."""
    taken = record.decisions["tricks_won"]
    counters = record.decisions["counters"]
    if sum(taken) != TRICKS:
        raise RecordError("$.tricks_won", f"the tricks add up to {sum(taken)}; a deal has 10 (SM3)")
    for seat in range(SEATS):
        most = taken[seat] if per_trick else 4 * taken[seat]
        if counters[seat] > most:
            what = (
                f"{counters[seat]} tricks with three counters out of {taken[seat]} tricks"
                if per_trick
                else f"{counters[seat]} counters in {taken[seat]} tricks of four cards"
            )
            raise RecordError(f"$.counters[{seat}]", f"seat {seat} cannot take {what} (SM7)")
    if per_trick and sum(counters) > ALL_COUNTERS // 3:
        raise RecordError(
            "$.counters",
            f"{sum(counters)} tricks with three or more counters; the pack's 24 counters make "
            "at most 8 (SM7)",
        )
    if per_trick and sum(counters) < MIN_COUNTER_TRICKS:
        raise RecordError(
            "$.counters",
            f"{sum(counters)} tricks with three or more counters; the pack's 24 counters in ten "
            f"tricks of four cards make at least {MIN_COUNTER_TRICKS}: the other tricks hold two "
            "counters at most (SM7)",
        )
    if not per_trick and sum(counters) != ALL_COUNTERS:
        raise RecordError(
            "$.counters",
            f"the counters add up to {sum(counters)}; all 24 of the pack are won in a deal (SM7)",
        )


def outcome_items(
    record: DealRecord, context: Mapping[str, Any], variant: Semerik
) -> list[ScoreItem]:
    """Every item of an outcome deal in SM8 order (declarations, counter points, bonuses). In a
    game, every order of the two sides' counter points the counts allow is run through
    :func:`advance`; when they end the game differently, ``first_to_21`` (and, if still open,
    ``double``) must say which happened, and the first order that agrees is kept."""
    options = variant.options
    per_trick = options["counter_mode"] == "per_trick"
    check_counts(record, per_trick)
    d = record.decisions
    items = shown_declarations(record, str(options["quads"]), str(options["trena"]))
    bonuses = bonus_items(d["tricks_won"])
    eldest = next_seat(record.dealer, SEATS)
    if not per_trick:
        counted = [d["counters"][0] + d["counters"][2], d["counters"][1] + d["counters"][3]]
        orders = [side_counter_items(counted, eldest)]
    else:
        points = [counter_trick_item(s) for s in range(SEATS) for _ in range(d["counters"][s])]
        by_side = [
            [p for p in points if p.seat is not None and p.seat % 2 == side] for side in (0, 1)
        ]
        total = len(points)
        orders = []
        for slots in combinations(range(total), len(by_side[0])):  # where side 0's points fall
            chosen = set(slots)
            it0, it1 = iter(by_side[0]), iter(by_side[1])
            orders.append([next(it0) if i in chosen else next(it1) for i in range(total)])
    scores = context.get("scores") if context else None
    if scores is None:
        for key in ("first_to_21", "double"):
            if key in d:
                raise RecordError(f"$.{key}", "a deal on its own is not part of a game to 21 (SM8)")
        return items + orders[0] + bonuses
    game = int(context.get("game", 1))
    mode = str(options["declarations"])
    steps = [
        (
            order,
            advance(
                scores,
                items + order + bonuses,
                game,
                eldest,
                declarations=mode,
                counter_mode=str(options["counter_mode"]),
            ),
        )
        for order in orders
    ]
    return items + _choose(d, steps) + bonuses


def _choose(
    d: Mapping[str, Any], steps: Sequence[tuple[list[ScoreItem], DealProgress]]
) -> list[ScoreItem]:
    def winner(step: DealProgress) -> int | None:
        return None if step.won is None else step.won.winner

    winners = {winner(step) for _, step in steps}
    first = d.get("first_to_21")
    if first is not None:
        steps = [(o, s) for o, s in steps if winner(s) == first]
        if not steps:
            told = ", ".join(
                "nobody" if w is None else f"side {w}" for w in sorted(winners, key=str)
            )
            raise RecordError(
                "$.first_to_21",
                f"by the counts side {first} cannot be first to 21 in this deal ({told}; SM8)",
            )
    elif len(winners) > 1:
        raise RecordError(
            "$.first_to_21",
            "missing: both sides pass 21 in play in this deal, and the counts cannot tell which "
            "reached it first; give that side, 0 or 1 (SM8)",
        )
    doubles = {s.won.double for _, s in steps if s.won is not None}
    double = d.get("double")
    if double is not None:
        if not doubles:
            raise RecordError("$.double", "nobody reaches 21 in this deal, so no game ends (SM8)")
        steps = [(o, s) for o, s in steps if s.won is not None and s.won.double == double]
        if not steps:
            raise RecordError(
                "$.double",
                f"by the counts the game {'cannot' if double else 'must'} count double: the "
                f"loser {'had 11 or more' if double else 'was under 11'} when the winner reached "
                "21 (SM8)",
            )
    elif len(doubles) > 1:
        raise RecordError(
            "$.double",
            "missing: the counts cannot tell whether the loser was under 11 when the winner "
            "reached 21; say whether the game counts double, true or false (SM8)",
        )
    return steps[0][0]


__all__ = ["fields", "outcome_items", "shown_declarations"]
