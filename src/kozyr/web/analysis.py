"""The analysis page of a deal (issue 27): ``GET /games/{game}/deals/{index}/analysis`` -- the
double-dummy review ``kozyr analyse`` gives, for one deal of a game that was written down card
by card (a full record: imported, or typed into the deal form's JSON box).

For every card the page shows the value of the player's side before and after it, and each card
that lost value as the command line says it, the seat by the player's name ("trick 5, Anna: 9♠
loses the Jack; A♥ keeps it"), in the page's language. ``?only=lost`` shows only those cards
(the page's script does the same without a reload).

The solver never holds the server: each card is searched within :data:`PAGE_MAX_NODES`
positions (a card past it is shown as not solved), at most :data:`RUNNING` analyses run at
once (a request that finds none free within :data:`WAIT_SECONDS` is told the server is busy),
the search runs in a worker thread, off every event loop, and stops at the request's time
budget (:mod:`kozyr.budget`). A review once made is kept (:data:`KEPT` of them): the deals of
a game do not change under it without their record changing, which is the key.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import anyio.to_thread
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from kozyr.errors import TimeBudgetError
from kozyr.i18n import N_, ntr, say_error, tr
from kozyr.web import games
from kozyr.web.pages import _guarded, _not_found, _variant_title, lang_of, message_page, render
from kozyr.web.table import GameNotFound, Table, View

if TYPE_CHECKING:
    from kozyr.analysis import DealAnalysis, PlayReview

T = TypeVar("T")

#: Positions searched for each card of the page (as ``POST /api/analyse``).
PAGE_MAX_NODES = 20_000
#: Analyses worked on at once; others wait up to :data:`WAIT_SECONDS` for one to finish.
RUNNING = 1
WAIT_SECONDS = 10.0
#: Reviews kept in memory (by the record of the deal and the deals before it).
KEPT = 64

_RUNNING = threading.BoundedSemaphore(RUNNING)
_KEPT: OrderedDict[str, DealAnalysis] = OrderedDict()
_KEPT_LOCK = threading.Lock()

#: The score items English puts "the" before ("loses the Jack"), as ``kozyr analyse`` says them.
_THE = ("Jack", "High", "Low")


class Busy(TimeBudgetError):
    """Every analysis slot stayed taken for :data:`WAIT_SECONDS`: the server is out of time,
    not the input wrong (a 503, as any request past its budget)."""

    def __init__(self, seconds: float) -> None:
        Exception.__init__(
            self,
            f"the server is busy analysing other deals (waited {seconds:g} s); "
            "try again in a moment",
        )
        self.seconds = seconds
        self.where = ""


async def bounded(work: Callable[[], T]) -> T:
    """``work()`` in a worker thread (never on an event loop) once one of the :data:`RUNNING`
    analysis slots is free; :class:`Busy` when none is within :data:`WAIT_SECONDS`."""

    def run() -> T:
        if not _RUNNING.acquire(timeout=WAIT_SECONDS):
            raise Busy(WAIT_SECONDS)
        try:
            return work()
        finally:
            _RUNNING.release()

    return await anyio.to_thread.run_sync(run)


def _key(record: dict[str, Any], index: int, max_nodes: int) -> str:
    """What a review depends on: the variant, its options, the deal and the deals before it
    (the party context), the search budget."""
    deals = (record.get("deals") or [])[: index + 1]
    what = [record.get("variant"), record.get("options"), deals, max_nodes]
    return json.dumps(what, sort_keys=True, ensure_ascii=False, default=str)


def ready(view: View, index: int) -> DealAnalysis | str | None:
    """What the page of deal ``index`` can show without a search: ``"summary"`` or
    ``"outcome"`` (the deal has no cards played), a review kept from before, else None.
    Raises :class:`IndexError` for no such deal."""
    result = view.result
    if result is None or not 0 <= index < len(result.deals):
        raise IndexError(index)
    deal = result.deals[index].record
    if deal.tricks is None:
        return "outcome" if deal.outcome else "summary"
    key = _key(view.game.record, index, PAGE_MAX_NODES)
    with _KEPT_LOCK:
        kept = _KEPT.get(key)
        if kept is not None:
            _KEPT.move_to_end(key)
        return kept


def review_of(view: View, index: int) -> DealAnalysis | str:
    """The review of deal ``index`` of a game (kept from before, or made and kept), or why
    there is none (:func:`ready`). Slow: call it through :func:`bounded`."""
    from kozyr.analysis import analyse_party

    found = ready(view, index)
    if found is not None:
        return found
    result = view.result
    assert result is not None
    max_nodes = PAGE_MAX_NODES
    variant = result.record.variant_object if result.record is not None else None
    if variant is None:
        variant = games.variant_of(view.game.record)
    review = analyse_party(result, variant, max_nodes=max_nodes, deals=[index]).deals[0]
    with _KEPT_LOCK:
        _KEPT[_key(view.game.record, index, max_nodes)] = review
        while len(_KEPT) > KEPT:
            _KEPT.popitem(last=False)
    return review


def _described(lang: str, review: PlayReview) -> str:
    """The score items a card gives away, as the sentence says them."""
    if lang == "ru" and review.lost_ru:
        names = list(review.lost_ru)
        joined = tr(lang, " and ")
    else:
        names = [("the " + n if n in _THE else n) for n in review.lost]
        joined = " and "
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + joined + names[-1]


def sentence(lang: str, review: PlayReview, unit: str, player: str) -> str:
    """A card that lost value in a sentence of the page's language, the seat by ``player``:
    in English exactly :meth:`~kozyr.analysis.PlayReview.sentence` (``kozyr analyse``'s text)."""
    amount = review.loss
    if review.lost:
        what = _described(lang, review)
    elif unit == "points":
        what = ntr(lang, "%(num)d point", "%(num)d points", amount) % {"num": amount}
    else:
        what = ntr(lang, "%(num)d trick", "%(num)d tricks", amount) % {"num": amount}
    if len(review.lost) <= 1 and (review.lost or amount == 1):
        pattern = N_("trick %(trick)d, %(player)s: %(card)s loses %(what)s; %(best)s keeps it")
    else:
        pattern = N_("trick %(trick)d, %(player)s: %(card)s loses %(what)s; %(best)s keeps them")
    best = tr(lang, " or ").join(str(c) for c in review.best[:3])
    values = {"trick": review.trick, "player": player, "card": str(review.card), "what": what}
    return tr(lang, pattern) % {**values, "best": best}


def _name(players: Sequence[str], seat: int) -> str:
    return players[seat] if 0 <= seat < len(players) else str(seat)


def review_context(
    found: DealAnalysis, players: Sequence[str], lang: str, only: bool
) -> dict[str, Any]:
    """What ``analysis.html`` shows of a review: a row per card in the order played (with
    ``only``, the cards that lost value alone), the flagged cards' sentences, the summary."""
    rows = []
    for p in found.plays:
        player = _name(players, p.seat)
        rows.append(
            {
                "trick": p.trick,
                "seat": p.seat,
                "player": player,
                "side": ", ".join(_name(players, s) for s in p.side),
                "card": str(p.card),
                "before": "—" if p.before is None else p.before,
                "after": "—" if p.after is None else p.after,
                "best": " ".join(str(c) for c in p.best),
                "lost": p.loss > 0,
                "unsolved": p.after is None,
                "text": sentence(lang, p, found.unit, player) if p.loss > 0 else "",
            }
        )
    mistakes = len(found.mistakes)
    plays = len(found.plays)
    summary = [
        ntr(lang, "%(num)d card played", "%(num)d cards played", plays) % {"num": plays},
        ntr(lang, "%(num)d lost value", "%(num)d lost value", mistakes) % {"num": mistakes},
    ]
    if found.unsolved:
        summary.append(
            ntr(
                lang,
                "%(num)d not solved within the search budget",
                "%(num)d not solved within the search budget",
                found.unsolved,
            )
            % {"num": found.unsolved}
        )
    return {
        "rows": [r for r in rows if r["lost"]] if only else rows,
        "flags": [r for r in rows if r["lost"]],
        "summary": ", ".join(summary),
        "unit_points": found.unit == "points",
        # whose value it is, shown when a side has partners (C5): the seat's own otherwise
        "partners": any(len(p.side) > 1 for p in found.plays),
        "unsolved": found.unsolved,
        "error": say_error(lang, found.error, players) if found.error else "",
    }


async def analysis_page(request: Request) -> Response:
    lang = lang_of(request)
    table: Table = request.app.state.table
    game_id = int(request.path_params["game"])
    index = int(request.path_params["index"])
    only = request.query_params.get("only") == "lost"
    try:
        view = table.view(game_id)
        found = ready(view, index)  # no search, no wait: a kept review, or none to make
        if found is None:
            found = await bounded(lambda: review_of(view, index))
    except GameNotFound:
        return _not_found(request)
    except IndexError:
        return message_page(request, "404", tr(lang, "No such deal"), 404, is_error=True)
    except Busy:
        message = tr(lang, "The server is busy analysing other deals: try again in a moment.")
        response = message_page(request, "503", message, 503, is_error=True)
        response.headers["Retry-After"] = "5"
        return response
    game = view.game
    variant = games.variant_of(game.record)
    title = tr(lang, "Deal %(number)d: analysis") % {"number": index + 1}
    context: dict[str, Any] = {
        "game": game,
        "number": index + 1,
        "index": index,
        "variant_title": _variant_title(variant, lang),
        "nodes": PAGE_MAX_NODES,
        "only": only,
        "missing": "",
        "review": None,
        "prev": None,
        "next": None,
    }
    # the other deals written down card by card: one tap to the one before and after
    full = [
        i for i, d in enumerate(view.result.deals if view.result is not None else ())
        if d.record.tricks is not None
    ]  # fmt: skip
    earlier = [i for i in full if i < index]
    later = [i for i in full if i > index]
    context["prev"] = earlier[-1] if earlier else None
    context["next"] = later[0] if later else None
    if isinstance(found, str):
        context["missing"] = found
    else:
        context["review"] = review = review_context(found, game.players, lang, only)
        hands = view.result.deals[index].record.hands if view.result is not None else ()
        out = [_name(game.players, seat) for seat, hand in enumerate(hands) if hand is None]
        if found.error and out:  # said with the players' names (the message has seat numbers)
            review["error"] = tr(
                lang, "%(players)s sat this deal out, and the solver needs every player in play"
            ) % {"players": ", ".join(out)}
    return render(request, "analysis.html", title, context)


ROUTES = [
    Route(
        "/games/{game:int}/deals/{index:int}/analysis",
        _guarded(analysis_page),
        methods=["GET"],
    ),
]

__all__ = [
    "KEPT",
    "PAGE_MAX_NODES",
    "ROUTES",
    "RUNNING",
    "WAIT_SECONDS",
    "Busy",
    "bounded",
    "ready",
    "review_context",
    "review_of",
    "sentence",
]
