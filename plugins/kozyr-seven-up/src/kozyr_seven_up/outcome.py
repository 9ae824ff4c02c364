"""Seven Up outcome records: who scored High, Low, Jack and Game (SU6), with the dealer, the
turn-ups and the beg (SU3, SU4) -- what a scorekeeper writes down, without hands or tricks.

The deal's items are built by the same item functions as a played deal, in the order SU7
counts them (turned jack(s), gift, High, Low, Jack, Game), so the game to 7 is decided by the same
code.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from kozyr import ALL_CARDS, Card, DealRecord, OutcomeField, Rank, RecordError, ScoreItem
from kozyr.seats import next_seat
from kozyr_seven_up.scoring import COUNT, before_play_items, point, revoke_items

if TYPE_CHECKING:
    from kozyr_seven_up.variant import SevenUp

#: The most Game points a deal can hold: the counting cards of the whole pack (SU6).
ALL_GAME_POINTS = 4 * sum(COUNT.values())
#: Cards each player holds in trick play (SU3, SU4: after running, each discards down to six).
HAND_SIZE = 6
#: SU-O3: the cards kept after a single run with Foster's club rule (all nine: six plus three).
CLUB_KEEP = 9


def _seat_field(name: str, ru: str, en: str, doc: str) -> OutcomeField:
    return OutcomeField(name, "seat", ru, en, "SU6", nullable=True, doc=doc)


DEALER = OutcomeField("dealer", "seat", "Сдающий", "Dealer", "SU2", core=True)
TURNUPS = OutcomeField(
    "turnups",
    "cards",
    "Открытые карты",
    "Turn-ups",
    "SU3",
    core=True,
    aliases=("turnup",),
    doc="Every card turned up, in order; the last names trump (SU4 running the cards).",
)
BEG = OutcomeField(
    "beg",
    "choice",
    "Стою / прошу",
    "Stand or beg",
    "SU4",
    choices=("stand", "give", "run"),
    required=False,
    default="stand",
    doc="stand; or eldest begged and the dealer gave a point (give) or ran the cards (run).",
)
VOID = OutcomeField(
    "void",
    "flag",
    "Пересдача",
    "Void deal",
    "D-SU2",
    required=False,
    default=False,
    doc="The stock ran short while running the cards: the deal is void (D-SU2).",
)
HIGH = _seat_field(
    "high", "Старший", "High", "The seat dealt the highest trump in play; null: no trump in play."
)
LOW = _seat_field(
    "low", "Младший", "Low", "The seat dealt the lowest trump in play; null: no trump in play."
)
JACK = _seat_field(
    "jack", "Валет", "Jack", "The seat that won the trump jack in a trick; null: not in play."
)
GAME = _seat_field(
    "game",
    "Гейм",
    "Game",
    "A seat of the side that took the most counting cards (10, A, K, Q, J); null: tied (D-SU3).",
)
GAME_POINTS = OutcomeField(
    "game_points",
    "count",
    "Очки на гейм",
    "Game points",
    "SU6",
    per="side",
    required=False,
    minimum=0,
    maximum=ALL_GAME_POINTS,
    doc="Optional: the counting-card points each side (or player) took; checked against game.",
)
#: SU-O2: with ``low_to="capturer"`` the Low field names the seat that won the lowest trump.
LOW_CAPTURED = OutcomeField(
    "low",
    "seat",
    "Младший",
    "Low",
    "SU-O2",
    nullable=True,
    doc="The seat that won the lowest trump in play in a trick (SU-O2); null: no trump in play.",
)
#: SU-O4: with ``revoke="penalty"`` the seat that revoked, if anyone did.
REVOKE = OutcomeField(
    "revoke",
    "seat",
    "Ренонс",
    "Revoke",
    "SU-O4",
    nullable=True,
    required=False,
    default=None,
    doc="The seat that revoked (failed to follow suit or trump when it could); null: nobody. "
    "Each opponent scores the penalty; the revoker scores neither Jack nor Game (SU-O4, D-SU7).",
)
FIELDS = (DEALER, TURNUPS, BEG, VOID, HIGH, LOW, JACK, GAME, GAME_POINTS)


def fields_for(low_to: str, revoke: str) -> tuple[OutcomeField, ...]:
    """The outcome fields of a Seven Up variant with these options (SU-O2, SU-O4)."""
    fields = tuple(LOW_CAPTURED if f is LOW and low_to == "capturer" else f for f in FIELDS)
    return (*fields, REVOKE) if revoke == "penalty" else fields


#: The four points of play (SU6): null in a void deal, where there is no play.
PLAY_POINTS = ("high", "low", "jack", "game")


def check_outcome(variant: SevenUp, record: DealRecord, context: Mapping[str, Any]) -> None:
    """What the facts imply (SU3, SU4, SU6): the turn-ups agree with the beg; no trump in play
    means no High, Low or Jack; a turned-up trump jack is out of play; Game agrees with the
    Game points."""
    d = record.decisions
    void = bool(d.get("void"))
    facts = {name: d.get(name) for name in PLAY_POINTS}
    if void:
        for name, seat in facts.items():
            if seat is not None:
                raise RecordError(f"$.{name}", f"a void deal has no play, so no {name} (D-SU2)")
        return
    if (facts["high"] is None) != (facts["low"] is None):
        given = "high" if facts["high"] is not None else "low"
        other = "low" if given == "high" else "high"
        raise RecordError(
            f"$.{other}",
            f"{given} was scored, so a trump was in play and {other} goes to a seat too; with a "
            "single trump in play it is both High and Low (SU6)",
        )
    if facts["high"] is None and facts["jack"] is not None:
        raise RecordError(
            "$.jack",
            "no trump was in play (high and low are null), so the trump jack was not (SU6)",
        )
    last = record.turnups[-1]
    if last.rank == Rank.JACK and facts["jack"] is not None:
        raise RecordError(
            "$.jack",
            f"the trump jack {last} was turned up, so it is out of play and nobody wins it "
            "(SU3, SU6)",
        )
    points = d.get("game_points")
    if points is not None:
        # each player's cards in trick play: six (SU4), or what an option keeps after running
        kept = getattr(variant, "kept_cards", None)
        size = int(kept(len(record.turnups) - 1)) if callable(kept) else HAND_SIZE
        low, high = game_point_bounds(variant.players * size, record.turnups)
        total = sum(points)
        if not low <= total <= high:
            bound = f"at most {high}" if total > high else f"at least {low}"
            raise RecordError(
                "$.game_points",
                f"{total} Game points, but the {variant.players * size} cards in play "
                f"({variant.players} hands of {size}, the turn-ups out of play) hold "
                f"{bound} (SU6)",
            )
        jack = facts["jack"]
        if jack is not None and points[variant.side_of(jack)] < 1:
            who = "side" if variant.sides else "seat"
            raise RecordError(
                f"$.game_points[{variant.side_of(jack)}]",
                f"{who} {variant.side_of(jack)} won the trump jack, which counts 1 for Game, so it "
                f"took at least 1 Game point, not {points[variant.side_of(jack)]} (SU6)",
            )
        _check_game(variant, record, facts["game"], points)


def game_point_bounds(in_play: int, turnups: Sequence[Card]) -> tuple[int, int]:
    """The fewest and the most Game points (SU6) the ``in_play`` cards dealt for play can hold:
    the pack without the turn-ups (out of play, SU3-SU4) has its counting cards (10 = 10, A = 4,
    K = 3, Q = 2, J = 1); the most is the ``in_play`` best of them, the fewest what is left when
    the cards not in play (the stock, the discards) hold the best of them.

    >>> game_point_bounds(12, [])   # two players: four 10s, four aces, four kings
    (0, 68)
    >>> game_point_bounds(18, [])   # three players: ... and four queens and two jacks
    (0, 78)
    >>> game_point_bounds(24, [Card.parse("Th")])
    (0, 70)
    """
    out = {card.index for card in turnups}
    values = sorted(
        (COUNT.get(card.rank, 0) for card in ALL_CARDS if card.index not in out), reverse=True
    )
    rest = len(values) - in_play  # cards neither in play nor turned up
    return sum(values[rest:]) if rest >= 0 else 0, sum(values[:in_play])


def _check_game(
    variant: SevenUp, record: DealRecord, game: int | None, points: Sequence[int]
) -> None:
    best = max(points)
    leaders = [unit for unit, p in enumerate(points) if p == best]
    unit = None if game is None else variant.side_of(game)
    who = "side" if variant.sides else "seat"
    if len(leaders) == 1:
        if unit != leaders[0]:
            raise RecordError(
                "$.game",
                f"{who} {leaders[0]} took the most Game points ({best}), so Game is "
                f"{who} {leaders[0]}'s (SU6)",
            )
        return
    if variant.options["game_tie"] == "eldest":
        eldest = next_seat(record.dealer, variant.players)
        order = [(eldest + i) % variant.players for i in range(variant.players)]
        seat = next(s for s in order if variant.side_of(s) in leaders)
        if unit != variant.side_of(seat):
            raise RecordError(
                "$.game",
                f"Game points are tied at {best}; the tie goes to {who} "
                f"{variant.side_of(seat)} (game_tie eldest, D-SU3)",
            )
        return
    if game is not None:
        raise RecordError(
            "$.game", f"Game points are tied at {best}, so nobody scores Game (D-SU3); write null"
        )


def outcome_items(variant: SevenUp, record: DealRecord) -> list[ScoreItem]:
    """Every point of an outcome deal in SU7 order: what came before play (turned jacks, the
    gift: the same function as a played deal), then High, Low, Jack and Game (SU6) to the seats
    the record names. The items carry no cards (nobody wrote them down)."""
    n = variant.players
    d = record.decisions
    items = before_play_items(record, n)
    if d.get("void"):
        return items
    capturer = variant.options["low_to"] == "capturer"
    for name in PLAY_POINTS:
        seat = d.get(name)
        if seat is not None:
            tie = name == "game" and _tied(d.get("game_points"))
            rule = "D-SU3" if tie else "SU-O2" if name == "low" and capturer else "SU6"
            items.append(point(name, seat, n, (), rule))
    if d.get("revoke") is not None:  # SU-O4, D-SU7
        items = revoke_items(items, int(d["revoke"]), n, int(variant.options["revoke_penalty"]))
    return items


def _tied(points: Sequence[int] | None) -> bool:
    return points is not None and list(points).count(max(points)) > 1


__all__ = [
    "FIELDS",
    "PLAY_POINTS",
    "REVOKE",
    "check_outcome",
    "fields_for",
    "game_point_bounds",
    "outcome_items",
]
