"""The analysis API (issue 27): ``POST /api/analyse`` -- a full deal or party record's
double-dummy review, exactly ``kozyr analyse --json`` with a small search budget -- and
``POST /api/advise`` -- the table advisor the phone page can call, exactly ``kozyr advise
--json``.

Both are bounded for a shared server: the review searches at most :data:`ANALYSE_MAX_NODES`
positions per play (a play past it is reported unsolved), the advisor plays at most
:data:`ADVISE_MAX_SAMPLES` deals per choice and only by the ``heuristic`` or ``random`` bots
(the double-dummy policy is the command line's)."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.routing import Route

from kozyr.errors import KozyrError, OptionError, RecordError
from kozyr.web.api import _object, api, read_json
from kozyr.web.table import Table

ANALYSE_MAX_NODES = 20_000
ADVISE_MAX_SAMPLES = 50
_ADVISE_KEYS = ("variant", "options", "seat", "hand", "turnup", "trick", "dealer", "samples",
                "seed", "policy", "shown")  # fmt: skip


async def analyse(request: Request, table: Table) -> Any:
    """A deal record with its tricks → ``kozyr analyse --json``; a full party record → its
    ``--json`` too (``"deals"``, one review per deal). Searched within
    :data:`ANALYSE_MAX_NODES` positions a play, in a worker thread, at most
    :data:`kozyr.web.analysis.RUNNING` analyses at once (503 when none is free in time)."""
    from kozyr.analysis import AnalysisError, analyse_deal, analyse_party
    from kozyr.record import DealResult, PartyResult
    from kozyr.replay import replay
    from kozyr.web.analysis import bounded

    data = _object(await read_json(request))
    if "games" in data:
        raise AnalysisError(
            "analyse takes one deal or one party record, not an evening ($.games): "
            "send each game's record"
        )
    result = replay(data)
    if isinstance(result, PartyResult):
        party = result
        assert party.record is not None and party.record.variant_object is not None
        variant = party.record.variant_object

        def review() -> Any:
            return analyse_party(party, variant, max_nodes=ANALYSE_MAX_NODES).to_json()

    else:
        assert isinstance(result, DealResult)
        deal = result
        assert deal.record.variant_object is not None
        variant = deal.record.variant_object

        def review() -> Any:
            return analyse_deal(deal.record, variant, max_nodes=ANALYSE_MAX_NODES).to_json()

    return await bounded(review)


def _int(data: dict[str, Any], key: str, default: int | None = None) -> int | None:
    value = data.get(key, default)
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        raise RecordError(f"$.{key}", "expected a whole number")
    return value


def _cards(data: dict[str, Any], key: str, path: str | None = None) -> str | None:
    value = data.get(key)
    if value is None:
        return None
    if isinstance(value, list) and all(isinstance(c, str) for c in value):
        return " ".join(value)
    if not isinstance(value, str):
        raise RecordError(path or f"$.{key}", "expected cards as a string or a list of strings")
    return value


def _shown(data: dict[str, Any], players: int) -> dict[int, list[Any]]:
    """``"shown": {"2": "3s 2s As"}`` -- the cards another seat is known to hold, by seat (the
    Семерик declarations heard, SM6; ``kozyr advise --shown 2="3s 2s As"``)."""
    from kozyr.cardset import CardSet

    value = data.get("shown", {})
    if not isinstance(value, dict):
        raise RecordError("$.shown", 'expected an object of seat: cards, e.g. {"2": "3s 2s As"}')
    shown: dict[int, list[Any]] = {}
    for key in value:
        path = f"$.shown.{key}"
        if not (key.isascii() and key.isdigit() and int(key) < players):
            last = players - 1
            raise RecordError(path, f"expected a seat 0..{last} as the key")
        text = _cards(value, key, path)
        try:
            shown[int(key)] = list(CardSet.parse(text or ""))
        except KozyrError as error:
            raise RecordError(path, str(error)) from None
    return shown


async def advise(request: Request, table: Table) -> Any:
    """``{"variant", "seat", "hand", "turnup"?, "trick"?, "dealer"?, "samples"?, "seed"?,
    "policy"?, "options"?, "shown"?}`` → ``kozyr advise --json`` (at most
    :data:`ADVISE_MAX_SAMPLES` samples; policy ``heuristic`` or ``random``)."""
    from kozyr.advise import AdviseError
    from kozyr.advise import advise as advise_on
    from kozyr.cards import Card
    from kozyr.cardset import CardSet
    from kozyr.registry import get_variant

    data = dict(_object(await read_json(request)))
    for key in data:
        if key not in _ADVISE_KEYS:
            raise RecordError(f"$.{key}", f"unknown field; known fields: {', '.join(_ADVISE_KEYS)}")
    name = data.get("variant")
    if not isinstance(name, str):
        raise RecordError("$.variant", "expected a variant name")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise RecordError("$.options", "expected an object of options")
    try:
        variant = get_variant(name, **options)
    except OptionError as error:
        raise RecordError("$.options", str(error)) from None
    except KozyrError as error:
        raise RecordError("$.variant", str(error)) from None
    seat = _int(data, "seat")
    if seat is None:
        raise RecordError("$.seat", "expected the seat deciding")
    samples = _int(data, "samples", 20) or 20
    if not 1 <= samples <= ADVISE_MAX_SAMPLES:
        raise RecordError("$.samples", f"1 to {ADVISE_MAX_SAMPLES} here (more: kozyr advise)")
    policy = data.get("policy", "heuristic")
    if policy not in ("heuristic", "random"):
        raise RecordError("$.policy", "heuristic or random here (dd: kozyr advise)")
    hand_text = _cards(data, "hand")
    if hand_text is None:
        raise RecordError("$.hand", "expected the seat's hand")
    try:
        hand = CardSet.parse(hand_text)
    except KozyrError as error:
        raise RecordError("$.hand", str(error)) from None
    turnup_text = _cards(data, "turnup")
    trick_text = _cards(data, "trick")
    try:
        turnup = Card.parse(turnup_text) if turnup_text else None
        trick = [Card.parse(t) for t in (trick_text or "").replace(",", " ").split()]
    except KozyrError as error:
        raise RecordError("$.turnup" if turnup_text else "$.trick", str(error)) from None
    seed = _int(data, "seed")
    if seed is not None and seed < 0:
        raise RecordError("$.seed", "seeds are 0 or more")
    shown = _shown(data, variant.players)
    try:
        found = advise_on(
            variant,
            seat,
            hand,
            turnup=turnup,
            trick=trick,
            dealer=_int(data, "dealer", 0) or 0,
            samples=samples,
            seed=seed,
            policy=str(policy),
            shown=shown,
        )
    except AdviseError as error:
        if str(error).startswith("shown:"):  # the advisor's check of the shown cards
            raise RecordError("$.shown", str(error)) from None
        raise
    return found.to_json()


ROUTES = [
    Route("/api/analyse", api(analyse), methods=["POST"]),
    Route("/api/advise", api(advise), methods=["POST"]),
]

__all__ = ["ADVISE_MAX_SAMPLES", "ANALYSE_MAX_NODES", "ROUTES"]
