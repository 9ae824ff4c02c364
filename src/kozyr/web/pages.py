"""The HTML pages of ``kozyr serve``: plain server-rendered forms (they work without JavaScript;
``static/kozyr.js`` only adds the steppers, the language switch and file import).

The HTML lives in autoescaped Jinja2 templates (``kozyr/web/templates/``); this module gathers
what each page shows and picks its template.

Every page takes the language from the ``lang`` cookie (``/lang/ru``, ``/lang/en``), else from
the browser's Accept-Language; labels show the other language small beside.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any
from urllib.parse import parse_qs, quote

from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from kozyr.errors import HookError, InputLimitError, KozyrError, RecordError
from kozyr.jsontext import loads as strict_json
from kozyr.limits import parse_int, shorten
from kozyr.record import EveningResult, PartyRecord
from kozyr.registry import get_variant
from kozyr.replay import replay
from kozyr.sheet import Entry, GameSheet, build_game, csv_number, csv_text, num, sheet_from
from kozyr.stats import player_stats
from kozyr.variant import Variant
from kozyr.web import form as deal_form
from kozyr.web import games, sync
from kozyr.web.api import BodyTooLarge, load_json, read_body
from kozyr.web.i18n import LANGS, N_, negotiate, ntr, option_choice, say_error, tr
from kozyr.web.network import addresses, is_loopback
from kozyr.web.store import StaleRevision
from kozyr.web.table import GameNotFound, Table, View
from kozyr.web.tablecode import canonical
from kozyr.web.templating import TEMPLATES, fragment, words

LANG_COOKIE = "lang"
#: The cookie that carries the table code once the code page took it.
CODE_COOKIE = "kozyr_code"


def lang_of(request: Request) -> str:
    """The page's language: the ``lang`` cookie (``/lang/ru``, ``/lang/en``), else the one the
    browser's ``Accept-Language`` prefers (q-values), else Russian."""
    chosen = request.cookies.get(LANG_COOKIE)
    if chosen in LANGS:
        return chosen
    return negotiate(request.headers.get("accept-language", ""))


def render(
    request: Request, name: str, title: str, context: Mapping[str, Any], status: int = 200
) -> HTMLResponse:
    """Template ``name`` as a whole page in the request's language (autoescaped)."""
    lang = lang_of(request)
    response: HTMLResponse = TEMPLATES.TemplateResponse(
        request,
        name,
        {**page_context(request, lang), "title": title, **context},
        status_code=status,
    )
    return response


def page_context(request: Request, lang: str) -> dict[str, Any]:
    """What every page's template is given: the words of its language and its path."""
    return {**words(lang), "here": quote(request.url.path)}


def message_page(
    request: Request, title: str, message: str, status: int, *, is_error: bool = False
) -> HTMLResponse:
    """A page with one sentence (404, 413)."""
    return render(
        request, "message.html", title, {"message": message, "is_error": is_error}, status
    )


async def form_data(request: Request) -> dict[str, list[str]]:
    """A posted ``application/x-www-form-urlencoded`` form (size-limited)."""
    body = await read_body(request)
    return parse_qs(body.decode("utf-8", "replace"), keep_blank_values=True)


def _table(request: Request) -> Table:
    table: Table = request.app.state.table
    return table


def _see(url: str) -> RedirectResponse:
    return RedirectResponse(url, status_code=303)


def _variant_title(cls: type[Variant] | Variant, lang: str) -> str:
    return cls.title_ru if lang == "ru" else cls.title


# --- list of games ----------------------------------------------------------------------------


async def home(request: Request) -> Response:
    lang = lang_of(request)
    table = _table(request)
    evenings: dict[int, list[dict[str, Any]]] = {}
    for game in sorted(table.games(), key=lambda g: g.id):
        try:
            title = _variant_title(get_variant(game.variant), lang)
        except KozyrError:
            title = game.variant
        n = len(game.record.get("deals") or [])
        evenings.setdefault(game.evening, []).append(
            {
                "id": game.id,
                "title": title,
                "players": list(game.players),
                "deals_text": ntr(lang, "%(num)d deal", "%(num)d deals", n) % {"num": n},
                "status": tr(lang, "finished") if game.finished else tr(lang, "in play"),
            }
        )
    context = {
        "evenings": [{"number": number, "games": items} for number, items in evenings.items()],
        "share": share_context(request),
    }
    return render(request, "home.html", tr(lang, "Games"), context)


def share_context(request: Request) -> dict[str, Any] | None:
    """The table's address and code as a QR code for the start page, shown only to whoever may
    already write (the machine the server runs on, a phone that gave the code, or a table
    without a code): a phone that can only read does not learn the code from it. The code
    rides in the address's fragment (``#code=…``), which a browser never sends to a server;
    the page's script types it into the code page."""
    code: str | None = request.app.state.code
    client = request.client.host if request.client else ""
    gate = getattr(request.app.state, "gate", None)  # the code compared in constant time
    given = request.cookies.get(CODE_COOKIE)
    trusted = code is None or is_loopback(client) or (gate is not None and gate.code.matches(given))
    if not trusted:
        return None
    address = str(request.base_url)
    host = request.url.hostname or ""
    if is_loopback(host) and code is not None:  # listening beyond this machine: its LAN address
        lan = addresses()
        if lan:
            port = f":{request.url.port}" if request.url.port else ""
            address = f"{request.url.scheme}://{lan[0]}{port}/"
    target = f"{address}#code={code}" if code is not None else address
    return {"address": address, "code": code, "qr": qr_context(target)}


def qr_context(text: str) -> dict[str, Any]:
    """A QR code of ``text`` (``segno``, error correction M) as the size of its square (with the
    4-module quiet zone) and one SVG path of its dark modules, for ``templates/_qr.html``."""
    import segno

    code = segno.make(text, error="m")
    rows = [list(row) for row in code.matrix_iter(border=4)]
    path = "".join(
        f"M{x} {y}h1v1h-1z" for y, row in enumerate(rows) for x, dark in enumerate(row) if dark
    )
    return {"size": len(rows), "path": path, "text": text}


# --- a new game -------------------------------------------------------------------------------


async def new_game(request: Request) -> Response:
    lang = lang_of(request)
    params = request.query_params
    return _new_game_page(request, lang, params.get("variant"), params.get("players"), {}, {})


def _new_game_page(
    request: Request,
    lang: str,
    chosen: str | None,
    players: str | None,
    values: Mapping[str, str],
    errors: Mapping[str, str],
    status: int = 200,
) -> Response:
    classes = games.party_variants()
    names = [cls.name for cls in classes]
    if chosen not in names:
        chosen = "seven-up" if "seven-up" in names else (names[0] if names else None)
    title = tr(lang, "New game")
    if chosen is None:
        return render(request, "new_game.html", title, {"chosen": None})
    cls = classes[names.index(chosen)]
    count = _small_int(players)
    if count not in cls.player_counts:
        count = cls().players
    try:
        variant = get_variant(chosen, players=count) if _has_players(cls) else get_variant(chosen)
    except KozyrError:
        variant = cls()
    options = [
        _option_control(spec, values.get(f"o.{spec.name}"), value, lang)
        for spec, value in variant.iter_options()
        if spec.name != "players"
    ]
    context = {
        "classes": [{"name": c.name, "title": _variant_title(c, lang)} for c in classes],
        "chosen": chosen,
        "player_counts": list(cls.player_counts),
        "seats": variant.players,
        "values": values,
        "errors": errors,
        "dealer": values.get("dealer", "0"),
        "has_players": _has_players(cls),
        "options": options,
    }
    return render(request, "new_game.html", title, context, status)


def _has_players(cls: type[Variant]) -> bool:
    return any(spec.name == "players" for spec in cls.options_spec)


def _option_control(spec: Any, given: str | None, value: Any, lang: str) -> dict[str, Any]:
    """One rules option as the new-game form shows it (kind ``bool``, ``choice``, ``number``
    or ``text``)."""
    current = given if given is not None else _plain(value)
    if spec.type is bool:
        kind = "bool"
    elif spec.choices is not None:
        kind = "choice"
    else:
        kind = "number" if spec.type is int else "text"
    return {
        "name": spec.name,
        "rule": spec.rule,
        "doc": tr(lang, spec.doc) if spec.doc else "",
        "kind": kind,
        "current": current,
        "choices": [
            {"value": _plain(c), "label": option_choice(lang, spec.name, c)}
            for c in spec.choices or ()
        ],
    }


def _plain(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


async def create_game(request: Request) -> Response:
    lang = lang_of(request)
    data = await form_data(request)
    chosen = _first(data, "variant") or ""
    values = {k: v[-1] for k, v in data.items()}
    count = 0
    while f"player.{count}" in data:
        count += 1
    players = [_first(data, f"player.{i}") or "" for i in range(count)]
    options: dict[str, Any] = {}
    for key, vals in data.items():
        if key.startswith("o."):
            options[key[2:]] = vals[-1]  # the checkbox after its hidden "false"
    try:
        cls = get_variant(chosen)
        specs = {spec.name: spec for spec in type(cls).options_spec}
        typed = {}
        for name, text in options.items():
            spec = specs.get(name)
            typed[name] = spec.coerce(text) if spec is not None else text
        raw_dealer = _first(data, "dealer")
        dealer = _small_int(raw_dealer)
        if dealer is None and raw_dealer:  # never seat 0 behind the user's back (#21 item 10)
            raise KozyrError(f"dealer: expected a seat number, got {shorten(raw_dealer)}")
        dealer = dealer or 0
        view = _table(request).create(chosen, typed, players, dealer)
    except RecordError as error:
        return _new_game_page(
            request, lang, chosen, str(count), values, _new_game_error(lang, error), 422
        )
    except HookError:  # a plugin's fault: answered 500 naming it (app.py), never a 422
        raise
    except KozyrError as error:
        message = say(lang, str(error))
        return _new_game_page(request, lang, chosen, str(count), values, {"$": message}, 422)
    return _see(f"/games/{view.game.id}")


#: The places of the new-game form that show their own error (new_game.html); a refusal
#: anywhere else is shown at the top of the form, with its path, so it is never silent.
_NEW_GAME_PLACES = re.compile(r"\$(\.players\[\d+\]|\.dealer|\.options)?")


def _new_game_error(lang: str, error: RecordError) -> dict[str, str]:
    message = say(lang, error.detail)
    if _NEW_GAME_PLACES.fullmatch(error.path):
        return {error.path: message}
    return {"$": f"{error.path}: {message}"}


def _first(data: Mapping[str, list[str]], key: str) -> str | None:
    vals = data.get(key)
    return vals[0] if vals else None


# --- a game: the sheet and the deal form ------------------------------------------------------


def _view(request: Request) -> View:
    return _table(request).view(int(request.path_params["game"]))


def sheet_rows(view: View) -> tuple[list[str], list[dict[str, Any]]]:
    """The score sheet as column heads and one row per deal (dealer, points, running totals,
    items)."""
    variant = games.variant_of(view.game.record)
    players = list(view.game.players)
    result = view.result
    heads = games.columns(variant, players, result)
    rows: list[dict[str, Any]] = []
    if result is None:
        return heads, rows
    for i, deal in enumerate(result.deals):
        running = result.running[i] if i < len(result.running) else ()
        rows.append(
            {
                "number": i + 1,
                "dealer": players[deal.record.dealer],
                "points": [games.number(p) for p in deal.points],
                "running": [games.number(r) for r in running],
                "items": deal.sheet.items,
            }
        )
    return heads, rows


def _item_text(item: Any, lang: str, heads: Sequence[str], players: Sequence[str]) -> str:
    name = item.label_ru if lang == "ru" else item.label_en
    if item.seat is not None and 0 <= item.seat < len(players):
        whom = players[item.seat]
    elif item.side is not None and 0 <= item.side < len(heads):
        whom = heads[item.side]
    else:
        whom = ""
    points = games.number(item.points)
    return f"{name}{' — ' + whom if whom else ''} ({points})"


#: The words of a game's own fields (``Variant.party_fields``, the cut) kozyr knows.
PARTY_LABELS = {
    "cut": N_("Cut card (PN5)"),
    "extra_hits": N_("Extra hits, recorded only (NN5): seat numbers from 0, as [1, 2]"),
}
#: What a result's ``checked`` says, in words (``kozyr.outcome.CHECKED``).
CHECKED_WORDS = {
    "plays": N_("every card replayed by the rules"),
    "summary": N_("the hands and tricks won, proven possible by a legal play"),
    "outcome": N_("the outcome of each deal (counts and facts)"),
}


def game_sheet(view: View) -> GameSheet | None:
    """The game's sheet in :mod:`kozyr.sheet`'s model (what ``kozyr sheet`` prints for the
    exported record), None before the first deal."""
    result = view.result
    if result is None:
        return None
    variant = games.variant_of(view.game.record)
    return build_game(result, variant, names=list(view.game.players), checked=result.checked)


def sheet_context(view: View, lang: str, *, links: bool = True) -> dict[str, Any]:
    """What the sheet template shows, from :func:`game_sheet`: the column heads, one row per
    deal (points and running totals, items, facts, settlement), the totals, winner, loser, the
    game's facts and its settlement per player."""
    sheet = game_sheet(view)
    result = view.result
    context: dict[str, Any] = {
        "game": view.game.id,
        "links": links,
        "heads": games.columns(games.variant_of(view.game.record), view.game.players, result),
        "rows": [],
        "totals": [],
        "checked": "",
        "checked_words": "",
        "warnings": [
            say_error(lang, str(w), view.game.players)
            for w in getattr(result, "warnings", None) or ()
        ],
        "show_winner": False,
        "winner": "",
        "loser": "",
        "notes": [],
        "settlement": [],
        "chart": None,
    }
    if sheet is None:
        return context
    note_lang = "ru" if lang == "ru" else "en"
    # the deals written down card by card: their analysis page is linked (web/analysis.py)
    full = {
        i + 1
        for i, d in enumerate(result.deals if result is not None else ())
        if d.record.tricks is not None
    }
    rows = []
    for row in sheet.rows:
        cells = [
            {
                "run": num(running),
                "points": "—" if j in row.absent else num(points, sign=True),
                "absent": j in row.absent,
            }
            for j, (points, running) in enumerate(zip(row.points, row.running, strict=True))
        ]
        rows.append(
            {
                "number": row.deal,
                "dealer": sheet.players[row.dealer],
                "cells": cells,
                "entries": [
                    {"text": _entry_text(sheet, e, note_lang), "rule": e.rule} for e in row.entries
                ],
                "notes": [{"text": n.text(note_lang), "rule": n.rule} for n in row.notes],
                "settlement": _net_text(sheet, row.net) if row.net is not None else "",
                "analysis": row.deal in full,
            }
        )
    context.update(
        chart=chart_context(sheet),
        heads=list(sheet.columns),
        rows=rows,
        totals=[num(x) for x in sheet.totals],
        checked=sheet.checked or "",
        checked_words=tr(lang, CHECKED_WORDS[sheet.checked])
        if sheet.checked in CHECKED_WORDS
        else "",
        show_winner=bool(sheet.winner) or view.next.over,
        winner=", ".join(sheet.columns[c] for c in sheet.winner),
        loser=", ".join(sheet.columns[c] for c in sheet.loser),
        notes=[
            {"text": n.text(note_lang), "rule": n.rule, "winner": n.winner} for n in sheet.notes
        ],
        settlement=(
            [(name, num(x, sign=True)) for name, x in zip(sheet.players, sheet.net, strict=True)]
            if any(sheet.net)
            else []
        ),
    )
    return context


#: The running-score chart's drawing area (SVG user units) and margin.
CHART_WIDTH, CHART_HEIGHT, CHART_MARGIN = 320, 160, 24


def chart_context(sheet: GameSheet | None) -> dict[str, Any] | None:
    """The running-score chart of a game (drawn by ``templates/_chart.html`` as inline SVG):
    one line per column from 0 before the first deal through each deal's running total, the
    y axis from the lowest to the highest total (0 included). None before the first deal."""
    if sheet is None or not sheet.rows:
        return None
    series = [
        [Fraction(0)] + [row.running[j] for row in sheet.rows] for j in range(len(sheet.columns))
    ]
    low = min(min(s) for s in series)
    high = max(max(s) for s in series)
    span = high - low or Fraction(1)
    steps = len(sheet.rows)
    inner_w = CHART_WIDTH - 2 * CHART_MARGIN
    inner_h = CHART_HEIGHT - 2 * CHART_MARGIN

    def x(i: int) -> float:
        return round(CHART_MARGIN + inner_w * i / steps, 1)

    def y(value: Fraction) -> float:
        return round(CHART_MARGIN + float(inner_h * (high - value) / span), 1)

    lines = [
        {
            "name": name,
            "points": " ".join(f"{x(i)},{y(v)}" for i, v in enumerate(values)),
            "last": num(values[-1]),
            "end": (x(steps), y(values[-1])),
        }
        for name, values in zip(sheet.columns, series, strict=True)
    ]
    return {
        "width": CHART_WIDTH,
        "height": CHART_HEIGHT,
        "lines": lines,
        "zero": y(Fraction(0)),
        "left": CHART_MARGIN,
        "right": CHART_WIDTH - CHART_MARGIN,
        "top": CHART_MARGIN,
        "bottom": CHART_HEIGHT - CHART_MARGIN,
        "high": num(high),
        "low": num(low),
        "deals": steps,
        "ticks": [
            (x(i), i) for i in range(1, steps + 1) if steps <= 12 or i % (steps // 12 + 1) == 0
        ],
    }


def evening_context(table: Table, evening: int) -> dict[str, Any] | None:
    """The evening so far, from :mod:`kozyr.sheet`'s evening totals: per player name the games
    played and won and the settlement summed over every game (None before any deal)."""
    try:
        record = table.evening(evening)["record"]
    except (GameNotFound, KozyrError):
        return None
    if not record["games"]:
        return None
    try:
        result = replay(record)
    except KozyrError:  # pragma: no cover - every stored game replayed when it was stored
        return None
    if not isinstance(result, EveningResult):  # pragma: no cover - a "games" record
        return None
    sheet = sheet_from(result)
    played: dict[str, int] = {}
    for game in sheet.games:
        for name in game.players:
            played[name] = played.get(name, 0) + 1
    return {
        "number": evening,
        "games": len(sheet.games),
        "players": [
            {
                "name": name,
                "played": played.get(name, 0),
                "won": sheet.wins.get(name, 0),
                "total": num(total, sign=True),
            }
            for name, total in sheet.totals.items()
        ],
    }


def _entry_text(sheet: GameSheet, entry: Entry, lang: str) -> str:
    """A scored item as the sheet prints it: ``Старший: Аня & Вера +1 (SU6)``."""
    whom = sheet.columns[entry.column] if entry.column is not None else "—"
    rule = f" ({entry.rule})" if entry.rule else ""
    return f"{entry.label(lang)}: {whom} {num(entry.points, sign=True)}{rule}"


def _net_text(sheet: GameSheet, net: Sequence[Fraction]) -> str:
    return ", ".join(f"{sheet.players[i]} {num(x, sign=True)}" for i, x in enumerate(net))


def render_sheet(view: View, lang: str, *, links: bool = True) -> str:
    """The running score sheet as an HTML table (``id="sheet"``; totals in ``tfoot``)."""
    return fragment("_sheet.html", lang, {"sheet": sheet_context(view, lang, links=links)})


def render_game(
    request: Request,
    view: View,
    *,
    values: Mapping[str, str] | None = None,
    errors: Mapping[tuple[str, int | None], str] | None = None,
    top_error: str | None = None,
    deal_json: str = "",
    fields_error: str | None = None,
    status: int = 200,
    conflict: Mapping[str, Any] | None = None,
    conflict_offer: str = "",
) -> Response:
    lang = lang_of(request)
    game = view.game
    variant = games.variant_of(game.record)
    number = len(game.record.get("deals") or [])
    context: dict[str, Any] = {
        "game": game,
        "variant_title": _variant_title(variant, lang),
        "sheet": sheet_context(view, lang),
        "over": view.next.over,
        "is_open": view.open,
        "number": number,
        "has_deals": bool(number),
        "fields_error": fields_error,
        "party_fields": [],
        "evening": evening_context(_table(request), game.evening),
        "form_key": sync.new_key(),
        "conflict": conflict,
        "conflict_offer": conflict_offer,
    }
    if view.open:
        context.update(
            _deal_context(
                variant,
                view,
                values or {},
                errors or {},
                top_error,
                deal_json,
                lang,
                dealer=view.next.dealer,
                caption=deal_caption(variant, view, lang),
            )
        )
    keys = games.party_keys(variant)
    if keys and not game.finished and number:
        for key in keys:
            value = game.record.get(key)
            shown = (
                "" if value is None else (value if isinstance(value, str) else json.dumps(value))
            )
            label = tr(lang, PARTY_LABELS[key]) if key in PARTY_LABELS else key
            context["party_fields"].append({"key": key, "label": label, "value": shown})
    return render(
        request, "game.html", tr(lang, "Game %(number)d") % {"number": game.id}, context, status
    )


def _deal_context(
    variant: Variant,
    view: View,
    values: Mapping[str, str],
    errors: Mapping[tuple[str, int | None], str],
    top_error: str | None,
    deal_json: str,
    lang: str,
    *,
    dealer: int,
    caption: str | None = None,
) -> dict[str, Any]:
    """What the deal form shows: the variant's caption of the deal, the dealer row (unless the
    variant declares its own), the outcome fields, the JSON box."""
    players = list(view.game.players)
    fields = deal_form.fields_of(variant)
    declares_dealer = any(f.name == "dealer" for f in fields)
    values = dict(values)
    values.setdefault(deal_form.PREFIX + "dealer", str(dealer))
    deal = {
        "top_error": top_error,
        "dealer_choices": ([] if declares_dealer else [(str(i), n) for i, n in enumerate(players)]),
        "dealer": values.get(deal_form.PREFIX + "dealer"),
        "has_fields": bool(fields),
        "json": deal_json,
        "json_open": bool(deal_json) or not fields,
    }
    deal["caption"] = caption if caption is not None else ""
    controls = deal_form.controls(
        variant, players, values, errors, lang, view.next.left, view.next.context
    )
    return {"deal": deal, "fields": controls}


async def show_game(request: Request) -> Response:
    try:
        view = _view(request)
    except GameNotFound:
        return _not_found(request)
    return render_game(request, view)


def deal_caption(variant: Variant, view: View, lang: str) -> str | None:
    """The variant's caption of the next deal (:meth:`Variant.deal_caption`), names filled in."""
    note = variant.deal_caption(view.next.context) if view.open else None
    if note is None:
        return None
    heads = games.columns(variant, view.game.players, view.result)
    names = heads if note.sides else list(view.game.players)
    text = note.text("ru" if lang == "ru" else "en", names)
    return f"{text} ({note.rule})" if note.rule else text


def _not_found(request: Request) -> Response:
    return message_page(request, "404", tr(lang_of(request), "No such game"), 404)


def _posted_deal(variant: Variant, data: Mapping[str, list[str]], left: Sequence[int]) -> Any:
    text = (_first(data, "deal_json") or "").strip()
    if text:
        return load_json(text)
    deal = deal_form.deal_from_form(variant, data, left)
    if not any(f.name == "dealer" for f in deal_form.fields_of(variant)):
        dealer = _first(data, deal_form.PREFIX + "dealer")
        seat = _small_int(dealer)
        if seat is not None:
            deal["dealer"] = seat
        elif dealer:
            deal["dealer"] = dealer  # not a number: the record reader says so, located
    return deal


def _small_int(text: str | None) -> int | None:
    """A seat, a count, a dealer posted in a form or a query: ASCII digits only, at most
    20 of them (:func:`kozyr.limits.parse_int`); None for anything else."""
    if not text:
        return None
    try:
        return parse_int(text, "number")
    except KozyrError:
        return None


def _errors_for(
    variant: Variant, error: RecordError, index: int, lang: str, names: Sequence[str]
) -> tuple[dict[tuple[str, int | None], str], str | None]:
    """Where a refused deal's message goes (beside its field, or at the top), in the page's
    language with seats named."""
    labels = {f.name: deal_form.field_label(f, lang) for f in deal_form.fields_of(variant)}
    detail = say(lang, error.detail, names, labels)
    where = deal_form.field_of_path(variant, error.path, index)
    if where is None:
        if error.path == f"$.deals[{index}].dealer":
            return {("dealer", None): detail}, detail
        return {}, say(lang, str(error), names, labels)
    return {where: detail}, None


def say(
    lang: str, message: str, names: Sequence[str] = (), labels: Mapping[str, str] | None = None
) -> str:
    """A kozyr error message as the page shows it (:func:`kozyr.web.i18n.say_error`)."""
    return say_error(lang, message, names, labels)


async def add_deal(request: Request) -> Response:
    table = _table(request)
    view = _view(request)
    variant = games.variant_of(view.game.record)
    data = await form_data(request)
    index = len(view.game.record.get("deals") or [])
    try:
        deal = _posted_deal(variant, data, view.next.left)
        table.add_deal(
            view.game.id, deal, if_match=sync.form_revision(data), key=sync.form_key(data)
        )
    except StaleRevision as stale:
        lang = lang_of(request)
        # the entry drawn again on the game as it is now: the dealer is the one due now
        values = {k: v for k, v in _values(data).items() if k != deal_form.PREFIX + "dealer"}
        return render_game(
            request,
            table.stale_view(stale),
            values=values,
            deal_json=_first(data, "deal_json") or "",
            status=412,
            conflict=sync.conflict_context(table, stale, lang),
            conflict_offer=tr(lang, sync.ENTRY_KEPT),
        )
    except RecordError as error:
        errors, top = _errors_for(variant, error, index, lang_of(request), view.game.players)
        return render_game(
            request,
            view,
            values=_values(data),
            errors=errors,
            top_error=top,
            deal_json=_first(data, "deal_json") or "",
            status=422,
        )
    return _see(f"/games/{view.game.id}#sheet")


async def set_fields(request: Request) -> Response:
    view = _view(request)
    data = await form_data(request)
    fields: dict[str, Any] = {}
    for key in games.party_keys(games.variant_of(view.game.record)):
        text = (_first(data, f"p.{key}") or "").strip()
        if key == "cut" or not text:
            fields[key] = text or None
            continue
        try:
            fields[key] = strict_json(text)  # a number or a list: [1, 2] (bounded, strict)
        except InputLimitError as error:
            message = say(lang_of(request), str(error), view.game.players)
            return render_game(request, view, fields_error=message, status=422)
        except RecordError:
            fields[key] = text
    table = _table(request)
    try:
        table.set_fields(view.game.id, fields, if_match=sync.form_revision(data))
    except StaleRevision as stale:
        return _stale_game(request, table, stale)
    except RecordError as error:
        message = say(lang_of(request), str(error), view.game.players)
        return render_game(request, view, fields_error=message, status=422)
    return _see(f"/games/{view.game.id}")


def _stale_game(request: Request, table: Table, stale: StaleRevision) -> Response:
    """The game as it is now, with what changed since the refused form was drawn (412)."""
    lang = lang_of(request)
    return render_game(
        request,
        table.stale_view(stale),
        status=412,
        conflict=sync.conflict_context(table, stale, lang),
        conflict_offer=tr(lang, "Nothing was changed: look at the sheet and try again."),
    )


def _confirm_page(
    request: Request,
    view: View,
    what: str,
    *,
    conflict: Mapping[str, Any] | None = None,
    status: int = 200,
) -> Response:
    """The confirm step of undo, finish and delete: the question, the sheet, yes or back."""
    lang = lang_of(request)
    game = view.game
    deals = game.record.get("deals") or []
    number = len(deals)
    if what == "undo":
        can = bool(deals) and not game.finished and not game.deleted
        question = tr(lang, "Undo deal %(number)d?") % {"number": number} if can else ""
        detail = (
            tr(lang, "Deal %(number)d goes; redo brings it back.") % {"number": number}
            if can
            else tr(lang, "There is no deal to undo.")
        )
        yes = tr(lang, "Yes, undo deal %(number)d") % {"number": number}
    elif what == "finish":
        can = not game.finished and not game.deleted
        question = tr(lang, "Finish the game?")
        detail = (
            tr(lang, "No more deals are taken; the game can be reopened.")
            if can
            else tr(lang, "The game is already finished.")
        )
        yes = tr(lang, "Yes, finish the game")
    else:
        can = not game.deleted
        question = tr(lang, "Delete the game?")
        detail = (
            tr(lang, "It leaves the list and its evening; it can be restored.")
            if can
            else tr(lang, "This game is deleted.")
        )
        yes = tr(lang, "Yes, delete the game")
    offer = ""
    if conflict is not None:
        offer = (
            tr(lang, "Nothing was changed. Look at the sheet as it is now:")
            + " "
            + (question if can else detail)
        )
    context = {
        "game": game,
        "question": question or detail,
        "detail": detail,
        "yes": yes,
        "can": can,
        "action": f"/games/{game.id}/{what}",
        "sheet": sheet_context(view, lang),
        "conflict": conflict,
        "conflict_offer": offer,
    }
    return render(request, "confirm.html", question or detail, context, status)


async def _confirmed(request: Request, what: str) -> Response:
    """Undo, finish or delete: without ``confirm`` the confirm step; with it, done against the
    form's revision (a stale one: the confirm step again, with what changed, 412)."""
    table = _table(request)
    view = _view(request)
    data = await form_data(request)
    revision = sync.form_revision(data)
    try:
        if _first(data, "confirm") != "1":
            if revision is not None and view.game.revision not in revision:
                raise StaleRevision(view.game, revision)
            return _confirm_page(request, view, what)
        action = {"undo": table.undo, "finish": table.finish, "delete": table.delete}[what]
        action(view.game.id, if_match=revision)
    except StaleRevision as stale:
        conflict = sync.conflict_context(table, stale, lang_of(request))
        current = table.stale_view(stale)
        return _confirm_page(request, current, what, conflict=conflict, status=412)
    except RecordError:
        return _confirm_page(request, _view(request), what, status=422)
    return _see("/" if what == "delete" else f"/games/{view.game.id}")


async def undo(request: Request) -> Response:
    return await _confirmed(request, "undo")


async def finish(request: Request) -> Response:
    return await _confirmed(request, "finish")


async def delete(request: Request) -> Response:
    return await _confirmed(request, "delete")


async def _simple(request: Request, what: str) -> Response:
    """Redo, reopen, restore and rename: done against the form's revision (412 when stale)."""
    table = _table(request)
    game_id = int(request.path_params["game"])
    data = await form_data(request)
    revision = sync.form_revision(data)
    try:
        if what == "rename":
            table.rename(game_id, _first(data, "name") or "", if_match=revision)
        else:
            action = {"redo": table.redo, "reopen": table.reopen, "restore": table.restore}[what]
            action(game_id, if_match=revision)
    except StaleRevision as stale:
        return _stale_game(request, table, stale)
    except RecordError as error:
        view = table.view(game_id)
        message = say(lang_of(request), str(error), view.game.players)
        return render_game(request, view, top_error=message, fields_error=message, status=422)
    return _see(f"/games/{game_id}")


async def deleted_games(request: Request) -> Response:
    """The deleted games, each with a restore button (kept with their change logs)."""
    lang = lang_of(request)
    listed = []
    for game in _table(request).games(deleted=True):
        try:
            title = _variant_title(get_variant(game.variant), lang)
        except KozyrError:
            title = game.variant
        listed.append(
            {
                "id": game.id,
                "name": game.name,
                "title": title,
                "players": list(game.players),
                "revision": game.revision,
            }
        )
    return render(request, "deleted.html", tr(lang, "Deleted games"), {"deleted": listed})


async def redo(request: Request) -> Response:
    return await _simple(request, "redo")


async def reopen(request: Request) -> Response:
    return await _simple(request, "reopen")


async def restore(request: Request) -> Response:
    return await _simple(request, "restore")


async def rename(request: Request) -> Response:
    return await _simple(request, "rename")


async def next_game(request: Request) -> Response:
    table = _table(request)
    data = await form_data(request)
    try:
        view = table.next_game(int(request.path_params["game"]), if_match=sync.form_revision(data))
    except StaleRevision as stale:
        return _stale_game(request, table, stale)
    return _see(f"/games/{view.game.id}")


async def edit_deal(request: Request) -> Response:
    view = _view(request)
    index = int(request.path_params["index"])
    deals = view.game.record.get("deals") or []
    if not 0 <= index < len(deals):
        return message_page(request, "404", tr(lang_of(request), "No such deal"), 404)
    variant = games.variant_of(view.game.record)
    deal = deals[index]
    if request.method == "GET":
        return _edit_page(request, view, index, deal, None, None, None, 200)
    data = await form_data(request)
    table = _table(request)
    try:
        posted = _posted_deal(variant, data, _left_at(view, index))
        table.edit_deal(view.game.id, index, posted, if_match=sync.form_revision(data))
    except StaleRevision as stale:
        lang = lang_of(request)
        conflict = sync.conflict_context(table, stale, lang)
        current = table.stale_view(stale)
        offer = tr(lang, sync.ENTRY_KEPT)
        return _edit_page(
            request, current, index, deal, data, None, None, 412, conflict=conflict, offer=offer
        )
    except RecordError as error:
        errors, top = _errors_for(variant, error, index, lang_of(request), view.game.players)
        return _edit_page(request, view, index, deal, data, errors, top, 422)
    return _see(f"/games/{view.game.id}#sheet")


def _left_at(view: View, index: int) -> tuple[int, ...]:
    """Seats out of the game at deal ``index`` (they left in an earlier deal)."""
    result = view.result
    if result is None or result.record is None or index == 0:
        return ()
    variant = games.variant_of(view.game.record)
    party = PartyRecord(variant.name, dict(variant.options), result.record.deals[:index])
    context = variant.party_context(party, result.deals[:index]) or {}
    return games.left_seats(variant, context)


def _values(data: Mapping[str, list[str]]) -> dict[str, str]:
    """Posted form values to fill the form again (ticked seats of a ``seats`` field too)."""
    values = {k: v[0] for k, v in data.items()}
    for key, vals in data.items():
        if key.startswith(deal_form.PREFIX):
            for v in vals:
                values.setdefault(f"{key}.{v}", "1")
    return values


def _is_outcome(deal: Mapping[str, Any]) -> bool:
    return deal.get("hands") is None and deal.get("tricks") is None


def _edit_page(
    request: Request,
    view: View,
    index: int,
    deal: Mapping[str, Any],
    data: Mapping[str, list[str]] | None,
    errors: Mapping[tuple[str, int | None], str] | None,
    top: str | None,
    status: int,
    *,
    conflict: Mapping[str, Any] | None = None,
    offer: str = "",
) -> Response:
    lang = lang_of(request)
    variant = games.variant_of(view.game.record)
    fields = deal_form.fields_of(variant)
    if data is not None:
        values = _values(data)
        deal_json = _first(data, "deal_json") or ""
    else:
        values = deal_form.values_of(variant, deal)
        values[deal_form.PREFIX + "dealer"] = str(deal.get("dealer", 0))
        deal_json = "" if fields and _is_outcome(deal) else json.dumps(deal, ensure_ascii=False)
    context = {
        "game": view.game,
        "index": index,
        "conflict": conflict,
        "conflict_offer": offer,
        **_deal_context(
            variant,
            view,
            values,
            errors or {},
            top,
            deal_json,
            lang,
            dealer=int(deal.get("dealer", 0)),
        ),
    }
    return render(request, "edit.html", tr(lang, "Edit deal"), context, status)


# --- players ---------------------------------------------------------------------------------


async def players_page(request: Request) -> Response:
    """``/players``: every player of every game at this table (by name, compared ignoring case),
    with games played and won and the settlement, in all and per variant."""
    lang = lang_of(request)
    table = _table(request)
    sheets = []
    for game in sorted(table.games(), key=lambda g: g.id):
        if not game.record.get("deals"):
            continue
        sheet = game_sheet(table.view(game.id))
        if sheet is not None:
            sheets.append(sheet)
    stats = player_stats(sheets)
    titles: dict[str, str] = {}
    for name in {v for p in stats.players for v in p.variants}:
        try:
            titles[name] = _variant_title(get_variant(name), lang)
        except KozyrError:
            titles[name] = name
    players = [
        {
            "name": p.name,
            "games": p.games,
            "won": p.won,
            "total": num(p.total, sign=True),
            "variants": [
                {
                    "name": name,
                    "title": titles[name],
                    "games": tally.games,
                    "won": tally.won,
                    "total": num(tally.total, sign=True),
                }
                for name, tally in p.variants.items()
            ],
        }
        for p in stats.players
    ]
    context = {"players": players, "games": stats.games}
    return render(request, "players.html", tr(lang, "Players and statistics"), context)


# --- export, print, import --------------------------------------------------------------------


async def export_json(request: Request) -> Response:
    view = _view(request)
    body = json.dumps(view.record, ensure_ascii=False, indent=2) + "\n"
    return Response(
        body,
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="kozyr-game-{view.game.id}.json"'},
    )


async def export_evening(request: Request) -> Response:
    evening = int(request.path_params["evening"])
    record = _table(request).evening(evening)["record"]
    return Response(
        json.dumps(record, ensure_ascii=False, indent=2) + "\n",
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="kozyr-evening-{evening}.json"'},
    )


def sheet_csv(view: View, lang: str = "en") -> str:
    """The sheet as CSV: one row per deal (points and running total per column), items."""
    heads, rows = sheet_rows(view)
    players = list(view.game.players)
    out = io.StringIO()
    writer = csv.writer(out)
    head = ["deal", "dealer", *[f"{h} points" for h in heads], *[f"{h} total" for h in heads]]
    writer.writerow([csv_text(h) for h in [*head, "items"]])  # OWASP: no cell is a formula
    for row in rows:
        items = "; ".join(_item_text(it, lang, heads, players) for it in row["items"])
        numbers = [csv_number(n) for n in [*row["points"], *row["running"]]]
        writer.writerow([row["number"], csv_text(row["dealer"]), *numbers, csv_text(items)])
    return out.getvalue()


async def export_csv(request: Request) -> Response:
    view = _view(request)
    return Response(
        sheet_csv(view, lang_of(request)),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="kozyr-game-{view.game.id}.csv"'},
    )


async def print_sheet(request: Request) -> Response:
    lang = lang_of(request)
    view = _view(request)
    variant = games.variant_of(view.game.record)
    context = {
        "game": view.game,
        "variant_title": _variant_title(variant, lang),
        "sheet": sheet_context(view, lang, links=False),
        "evening": evening_context(_table(request), view.game.evening),
    }
    return render(request, "print.html", tr(lang, "Printable sheet"), context)


async def import_page(request: Request) -> Response:
    lang = lang_of(request)
    error = None
    text = ""
    status = 200
    if request.method == "POST":
        try:
            data = await form_data(request)
        except BodyTooLarge as too_large:
            return message_page(
                request, tr(lang, "Import a record"), say(lang, str(too_large)), 413, is_error=True
            )
        text = _first(data, "record") or ""
        try:
            record = load_json(text)
            views = _table(request).import_record(record, key=sync.form_key(data))
            return _see(f"/games/{views[0].game.id}")
        except HookError:  # a plugin's fault: answered 500 naming it (app.py), never a 422
            raise
        except KozyrError as bad:
            error = say(lang, str(bad))
            status = 422
    context = {"error": error, "text": text, "form_key": sync.new_key()}
    return render(request, "import.html", tr(lang, "Import a record"), context, status)


# --- language and table code ------------------------------------------------------------------


def _local(url: str | None) -> str:
    """Only a path on this server (no open redirect)."""
    if not url or not url.startswith("/") or url.startswith("//"):
        return "/"
    return url


async def set_lang(request: Request) -> Response:
    lang = request.path_params["lang"]
    response = _see(_local(request.query_params.get("next")))
    if lang in LANGS:
        response.set_cookie(LANG_COOKIE, lang, max_age=365 * 86400, samesite="lax")
    return response


async def code_page(request: Request) -> Response:
    lang = lang_of(request)
    gate = getattr(request.app.state, "gate", None)  # kozyr.web.tablecode.Gate, or None
    back = _local(request.query_params.get("next"))
    error = False
    given: str | None = None
    if request.method == "POST":
        data = await form_data(request)
        given = (_first(data, "code") or "").strip()
        back = _local(_first(data, "next"))
    elif "code" in request.query_params:  # the link kozyr serve prints carries the code
        given = request.query_params["code"].strip()
    if given is not None:
        client = request.client.host if request.client else "unknown"
        if gate is None or gate.check(client, given):  # constant time; wrong ones slowed down
            response = _see(back)
            if gate is not None:
                response.set_cookie(CODE_COOKIE, canonical(given), httponly=True, samesite="strict")
            return response
        error = True
    context = {"error": error, "back": back}
    return render(request, "code.html", tr(lang, "Table code"), context, 403 if error else 200)


def _guarded(handler: Any) -> Any:
    """A page handler: an unknown game is a 404 page, a too-large form a 413."""

    async def route(request: Request) -> Response:
        try:
            response: Response = await handler(request)
        except GameNotFound:
            return _not_found(request)
        except BodyTooLarge as error:
            message = say(lang_of(request), str(error))
            return message_page(request, "413", message, 413, is_error=True)
        except HookError:  # a plugin's fault: answered 500 naming it (app.py), never a 422
            raise
        except KozyrError as error:  # bad input a handler did not place on its form (#21)
            message = say(lang_of(request), str(error))
            return message_page(request, "422", message, 422, is_error=True)
        return response

    route.__name__ = handler.__name__
    return route


ROUTES = [
    Route("/", _guarded(home), methods=["GET"]),
    Route("/new", _guarded(new_game), methods=["GET"]),
    Route("/games", _guarded(create_game), methods=["POST"]),
    Route("/games/{game:int}", _guarded(show_game), methods=["GET"]),
    Route("/games/{game:int}/deals", _guarded(add_deal), methods=["POST"]),
    Route("/games/{game:int}/undo", _guarded(undo), methods=["POST"]),
    Route("/games/{game:int}/fields", _guarded(set_fields), methods=["POST"]),
    Route("/games/{game:int}/finish", _guarded(finish), methods=["POST"]),
    Route("/games/{game:int}/next", _guarded(next_game), methods=["POST"]),
    Route("/deleted", _guarded(deleted_games), methods=["GET"]),
    Route("/games/{game:int}/redo", _guarded(redo), methods=["POST"]),
    Route("/games/{game:int}/reopen", _guarded(reopen), methods=["POST"]),
    Route("/games/{game:int}/rename", _guarded(rename), methods=["POST"]),
    Route("/games/{game:int}/delete", _guarded(delete), methods=["POST"]),
    Route("/games/{game:int}/restore", _guarded(restore), methods=["POST"]),
    Route("/games/{game:int}/deals/{index:int}/edit", _guarded(edit_deal), methods=["GET", "POST"]),
    Route("/games/{game:int}/export.json", _guarded(export_json), methods=["GET"]),
    Route("/games/{game:int}/export.csv", _guarded(export_csv), methods=["GET"]),
    Route("/games/{game:int}/print", _guarded(print_sheet), methods=["GET"]),
    Route("/evenings/{evening:int}/export.json", _guarded(export_evening), methods=["GET"]),
    Route("/import", _guarded(import_page), methods=["GET", "POST"]),
    Route("/players", _guarded(players_page), methods=["GET"]),
    Route("/lang/{lang}", set_lang, methods=["GET"]),
    Route("/code", _guarded(code_page), methods=["GET", "POST"]),
]

__all__ = [
    "ROUTES",
    "TEMPLATES",
    "lang_of",
    "render",
    "render_sheet",
    "sheet_context",
    "sheet_csv",
    "sheet_rows",
]
