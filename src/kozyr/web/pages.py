"""The HTML pages of ``kozyr serve``: plain server-rendered forms (they work without JavaScript;
``static/kozyr.js`` only adds the steppers, the language switch and file import).

Every page takes the language from the ``lang`` cookie (``/lang/ru``, ``/lang/en``), else from
the browser's Accept-Language; labels show the other language small beside.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping, Sequence
from html import escape
from typing import Any
from urllib.parse import parse_qs, quote

from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from kozyr.codec import load
from kozyr.errors import HookError, KozyrError, RecordError
from kozyr.record import PartyRecord
from kozyr.registry import get_variant
from kozyr.variant import Variant
from kozyr.web import form as deal_form
from kozyr.web import games
from kozyr.web.api import BodyTooLarge, read_body
from kozyr.web.i18n import other, t
from kozyr.web.table import GameNotFound, Table, View

LANG_COOKIE = "lang"
#: The cookie that carries the table code once the code page took it.
CODE_COOKIE = "kozyr_code"


def lang_of(request: Request) -> str:
    """``ru`` or ``en`` for this request."""
    chosen = request.cookies.get(LANG_COOKIE)
    if chosen in ("ru", "en"):
        return chosen
    accept = request.headers.get("accept-language", "")
    return "en" if accept and not accept.lower().startswith("ru") else "ru"


def both(lang: str, key: str) -> str:
    """A word in the page's language with the other one small beside it."""
    return f'{escape(t(lang, key))} <span class="l2">{escape(other(lang, key))}</span>'


def page(request: Request, title: str, body: str, status: int = 200) -> HTMLResponse:
    """A whole page: header (home, language switch), the body, the script."""
    lang = lang_of(request)
    here = quote(request.url.path)
    switch = "en" if lang == "ru" else "ru"
    html = f"""<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)}</title>
<link rel="stylesheet" href="/static/kozyr.css">
</head><body>
<header><a class="home" href="/">♠ {escape(t(lang, "app"))}</a>
<a class="lang" id="lang" href="/lang/{switch}?next={here}">{switch.upper()}</a></header>
<main>
{body}
</main>
<script src="/static/kozyr.js"></script>
</body></html>"""
    return HTMLResponse(html, status)


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
    evenings: dict[int, list[Any]] = {}
    for game in table.games():
        evenings.setdefault(game.evening, []).append(game)
    parts = [
        f"<h1>{both(lang, 'games')}</h1>",
        '<p class="actions">'
        f'<a class="button primary" id="new-game" href="/new">{escape(t(lang, "new_game"))}</a>'
        f'<a class="button" href="/import">{escape(t(lang, "import"))}</a></p>',
    ]
    if not evenings:
        parts.append(f"<p>{escape(t(lang, 'no_games'))}</p>")
    for evening, items in evenings.items():
        parts.append(
            f'<section class="evening"><h2>{escape(t(lang, "evening"))} {evening} '
            f'<small><a href="/evenings/{evening}/export.json" id="evening-{evening}">'
            f"JSON</a></small></h2>"
        )
        parts.append('<ul class="games">')
        for game in sorted(items, key=lambda g: g.id):
            try:
                title = _variant_title(get_variant(game.variant), lang)
            except KozyrError:
                title = game.variant
            n = len(game.record.get("deals") or [])
            status = t(lang, "finished" if game.finished else "open")
            parts.append(
                f'<li><a class="game-link" href="/games/{game.id}">'
                f"<b>{escape(t(lang, 'game'))} {game.id}</b> · {escape(title)}<br>"
                f"<small>{escape(', '.join(game.players))} · {n} {escape(t(lang, 'deals'))}"
                f" · {escape(status)}</small></a></li>"
            )
        parts.append("</ul></section>")
    return page(request, t(lang, "games"), "\n".join(parts))


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
    parts = [f"<h1>{both(lang, 'new_game')}</h1>"]
    if chosen is None:
        parts.append("<p>no variant with a party form is installed</p>")
        return page(request, t(lang, "new_game"), "\n".join(parts))
    cls = classes[names.index(chosen)]
    count = int(players) if players and players.isdigit() else None
    if count not in cls.player_counts:
        count = cls().players
    try:
        variant = get_variant(chosen, players=count) if _has_players(cls) else get_variant(chosen)
    except KozyrError:
        variant = cls()
    seats = variant.players
    parts.append('<form method="get" action="/new" id="choose" class="card">')
    parts.append(f'<label class="big">{both(lang, "variant")}<select name="variant" id="variant">')
    for c in classes:
        selected = " selected" if c.name == chosen else ""
        parts.append(
            f'<option value="{escape(c.name)}"{selected}>{escape(_variant_title(c, lang))}</option>'
        )
    parts.append("</select></label>")
    if len(cls.player_counts) > 1:
        parts.append(f'<label class="big">{both(lang, "players_count")}')
        parts.append('<select name="players" id="players">')
        for n in cls.player_counts:
            selected = " selected" if n == seats else ""
            parts.append(f'<option value="{n}"{selected}>{n}</option>')
        parts.append("</select></label>")
    parts.append(
        f'<noscript><button type="submit">{escape(t(lang, "refresh"))}</button></noscript></form>'
    )
    parts.append('<form method="post" action="/games" id="new" class="card">')
    parts.append(f'<input type="hidden" name="variant" value="{escape(chosen)}">')
    if errors.get("$"):
        parts.append(f'<p class="error" role="alert">{escape(errors["$"])}</p>')
    parts.append(f"<fieldset><legend>{both(lang, 'player')}</legend>")
    for seat in range(seats):
        err = errors.get(f"$.players[{seat}]")
        value = values.get(f"player.{seat}", "")
        parts.append(
            f'<label class="big{" has-error" if err else ""}">{escape(t(lang, "seat"))} {seat}'
            f'<input type="text" name="player.{seat}" id="player-{seat}" value="{escape(value)}"'
            f' required maxlength="40" autocomplete="off"></label>'
        )
        if err:
            parts.append(f'<p class="error" role="alert">{escape(err)}</p>')
    parts.append("</fieldset>")
    parts.append(f'<fieldset><legend>{both(lang, "first_dealer")}</legend><div class="choices">')
    dealer = values.get("dealer", "0")
    for seat in range(seats):
        checked = " checked" if str(seat) == dealer else ""
        parts.append(
            f'<label class="choice"><input type="radio" name="dealer" value="{seat}"{checked}>'
            f"<span>{escape(t(lang, 'seat'))} {seat}</span></label>"
        )
    parts.append("</div></fieldset>")
    specs = [(spec, value) for spec, value in variant.iter_options() if spec.name != "players"]
    if _has_players(cls):
        parts.append(f'<input type="hidden" name="o.players" value="{seats}">')
    if specs:
        parts.append(f"<fieldset><legend>{both(lang, 'options')}</legend>")
        err = errors.get("$.options")
        if err:
            parts.append(f'<p class="error" role="alert">{escape(err)}</p>')
        for spec, value in specs:
            parts.append(_option_control(spec, values.get(f"o.{spec.name}"), value))
        parts.append("</fieldset>")
    parts.append(
        f'<button type="submit" class="primary big" id="start">{escape(t(lang, "start"))}</button>'
    )
    parts.append("</form>")
    return page(request, t(lang, "new_game"), "\n".join(parts), status)


def _has_players(cls: type[Variant]) -> bool:
    return any(spec.name == "players" for spec in cls.options_spec)


def _option_control(spec: Any, given: str | None, value: Any) -> str:
    name = f"o.{spec.name}"
    head = (
        f'<span class="opt-name">{escape(spec.name)}</span> <span class="rule">'
        f"{escape(spec.rule)}</span><br><small>{escape(spec.doc)}</small>"
    )
    current = given if given is not None else _plain(value)
    if spec.type is bool:
        checked = " checked" if current in ("true", "1", "on") else ""
        return (
            f'<label class="option check"><input type="hidden" name="{name}" value="false">'
            f'<input type="checkbox" name="{name}" value="true"{checked}>'
            f"<span>{head}</span></label>"
        )
    if spec.choices is not None:
        opts = "".join(
            f'<option value="{escape(_plain(c))}"'
            f"{' selected' if _plain(c) == current else ''}>{escape(_plain(c))}</option>"
            for c in spec.choices
        )
        return f'<label class="option">{head}<select name="{name}">{opts}</select></label>'
    kind = "number" if spec.type is int else "text"
    return (
        f'<label class="option">{head}<input type="{kind}" name="{name}" '
        f'value="{escape(current)}"></label>'
    )


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
        dealer_text = _first(data, "dealer") or "0"
        dealer = int(dealer_text) if dealer_text.isdigit() else 0
        view = _table(request).create(chosen, typed, players, dealer)
    except RecordError as error:
        return _new_game_page(
            request, lang, chosen, str(count), values, {error.path: error.detail}, 422
        )
    except HookError:  # a plugin's fault: answered 500 naming it (app.py), never a 422
        raise
    except KozyrError as error:
        return _new_game_page(request, lang, chosen, str(count), values, {"$": str(error)}, 422)
    return _see(f"/games/{view.game.id}")


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


def render_sheet(view: View, lang: str, *, links: bool = True) -> str:
    """The running score sheet as an HTML table (``id="sheet"``; totals in ``tfoot``)."""
    heads, rows = sheet_rows(view)
    players = list(view.game.players)
    out = [
        '<table class="sheet" id="sheet"><thead><tr>'
        f"<th>#</th>{''.join(f'<th>{escape(h)}</th>' for h in heads)}</tr></thead><tbody>"
    ]
    for row in rows:
        cells = []
        for j in range(len(heads)):
            point = row["points"][j] if j < len(row["points"]) else ""
            run = row["running"][j] if j < len(row["running"]) else ""
            cells.append(
                f'<td><span class="run">{escape(run)}</span>'
                f'<span class="pts">{escape(_signed(point))}</span></td>'
            )
        edit = (
            f' <a class="edit" href="/games/{view.game.id}/deals/{row["number"] - 1}/edit"'
            f' id="edit-{row["number"] - 1}">✎ {escape(t(lang, "edit"))}</a>'
            if links
            else ""
        )
        out.append(
            f'<tr class="deal" data-deal="{row["number"] - 1}"><th>{row["number"]}</th>'
            f"{''.join(cells)}</tr>"
        )
        items = "; ".join(_item_text(it, lang, heads, players) for it in row["items"])
        out.append(
            f'<tr class="items"><td colspan="{len(heads) + 1}">'
            f"{escape(t(lang, 'dealer'))}: {escape(row['dealer'])}"
            f"{' · ' + escape(items) if items else ''}{edit}</td></tr>"
        )
    out.append("</tbody>")
    if rows:
        last = rows[-1]["running"]
        totals = "".join(
            f'<td class="total" data-col="{j}">{escape(last[j] if j < len(last) else "")}</td>'
            for j in range(len(heads))
        )
        out.append(f'<tfoot><tr id="totals"><th>{escape(t(lang, "total"))}</th>{totals}</tr>')
        out.append("</tfoot>")
    out.append("</table>")
    result = view.result
    checked = getattr(result, "checked", None)
    if checked:
        out.append(
            f'<p class="checked" id="checked"><small>{escape(t(lang, "checked"))}: '
            f"{escape(str(checked))}</small></p>"
        )
    for warning in getattr(result, "warnings", None) or ():
        out.append(f'<p class="warning" role="note">{escape(str(warning))}</p>')
    if result is not None and (result.winner is not None or view.next.over):
        out.append(
            f'<p class="winner" id="winner">{both(lang, "winner")}: '
            f"<b>{escape(games.who(result.winner, heads))}</b></p>"
        )
    return "".join(out)


def _signed(value: str) -> str:
    return value if not value or value.startswith("-") else f"+{value}"


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
) -> Response:
    lang = lang_of(request)
    game = view.game
    variant = games.variant_of(game.record)
    title = _variant_title(variant, lang)
    parts = [
        f"<h1>{escape(t(lang, 'game'))} {game.id} · {escape(title)}</h1>",
        f'<p class="players">{escape(", ".join(game.players))}</p>',
        f'<section id="sheet-box"><h2>{both(lang, "sheet")}</h2>{render_sheet(view, lang)}',
    ]
    if view.next.over:
        parts.append(f'<p class="over" id="over">{escape(t(lang, "over"))}</p>')
    if game.finished:
        parts.append(f'<p class="over" id="finished">{escape(t(lang, "finished"))}</p>')
    parts.append("</section>")
    if view.open:
        number = len(game.record.get("deals") or [])
        parts.append(
            f'<section id="entry"><h2>{both(lang, "enter_deal")} {number + 1}</h2>'
            f'<form method="post" action="/games/{game.id}/deals" id="deal-form" class="card">'
        )
        parts.append(
            _deal_fields(
                variant,
                view,
                number,
                values or {},
                errors or {},
                top_error,
                deal_json,
                lang,
                dealer=view.next.dealer,
            )
        )
        parts.append(
            f'<button type="submit" class="primary big" id="save">'
            f"{escape(t(lang, 'save_deal'))}</button></form></section>"
        )
    keys = games.party_keys(variant)
    if keys and not game.finished and game.record.get("deals"):
        parts.append(
            f'<form method="post" action="/games/{game.id}/fields" id="fields-form" class="card">'
            f"<h2>{both(lang, 'party_fields')}</h2>"
        )
        if fields_error:
            parts.append(
                f'<p class="error" role="alert" id="fields-error">{escape(fields_error)}</p>'
            )
        for key in keys:
            value = game.record.get(key)
            shown = (
                "" if value is None else (value if isinstance(value, str) else json.dumps(value))
            )
            label = t(lang, "cut") if key == "cut" else key
            parts.append(
                f'<label class="big">{escape(label)} <span class="rule">{escape(key)}</span>'
                f'<input type="text" name="p.{escape(key)}" id="p-{escape(key)}" '
                f'value="{escape(shown)}" autocomplete="off"></label>'
            )
        parts.append(
            f'<button type="submit" id="save-fields">{escape(t(lang, "save_edit"))}</button></form>'
        )
    parts.append('<section id="actions" class="actions">')
    if game.record.get("deals") and not game.finished:
        parts.append(
            f'<form method="post" action="/games/{game.id}/undo"><button type="submit" '
            f'id="undo">↶ {escape(t(lang, "undo"))}</button></form>'
        )
    if not game.finished:
        parts.append(
            f'<form method="post" action="/games/{game.id}/finish"><button type="submit" '
            f'id="finish">{escape(t(lang, "finish"))}</button></form>'
        )
    parts.append(
        f'<form method="post" action="/games/{game.id}/next"><button type="submit" '
        f'id="next" class="{"primary" if not view.open else ""}">'
        f"{escape(t(lang, 'next_game'))} →</button></form>"
    )
    parts.append("</section>")
    parts.append(
        f'<p class="export">{escape(t(lang, "export"))}: '
        f'<a href="/games/{game.id}/export.json" id="export-json">JSON</a> · '
        f'<a href="/games/{game.id}/export.csv" id="export-csv">CSV</a> · '
        f'<a href="/games/{game.id}/print" id="print">{escape(t(lang, "print"))}</a> · '
        f'<a href="/">{escape(t(lang, "all_games"))}</a></p>'
    )
    return page(request, f"{t(lang, 'game')} {game.id}", "\n".join(parts), status)


def _deal_fields(
    variant: Variant,
    view: View,
    index: int,
    values: Mapping[str, str],
    errors: Mapping[tuple[str, int | None], str],
    top_error: str | None,
    deal_json: str,
    lang: str,
    *,
    dealer: int,
) -> str:
    players = list(view.game.players)
    parts = []
    if top_error:
        parts.append(f'<p class="error" role="alert" id="deal-error">{escape(top_error)}</p>')
    fields = deal_form.fields_of(variant)
    declares_dealer = any(f.name == "dealer" for f in fields)
    values = dict(values)
    values.setdefault(deal_form.PREFIX + "dealer", str(dealer))
    if not declares_dealer:
        parts.append(
            f'<fieldset class="field"><legend>{both(lang, "dealer")}</legend>'
            + deal_form._choices(
                deal_form.PREFIX + "dealer",
                [(str(i), n) for i, n in enumerate(players)],
                values.get(deal_form.PREFIX + "dealer"),
                "dealer",
            )
            + "</fieldset>"
        )
    if fields:
        parts.append(
            deal_form.render_fields(variant, players, values, errors, lang, view.next.left)
        )
    else:
        parts.append(f"<p>{escape(t(lang, 'no_form'))}</p>")
    opened = " open" if deal_json or not fields else ""
    parts.append(
        f'<details class="json"{opened}><summary>{escape(t(lang, "as_json"))}</summary>'
        f'<textarea name="deal_json" id="deal-json" rows="6" spellcheck="false">'
        f"{escape(deal_json)}</textarea><small>{escape(t(lang, 'json_help'))}</small></details>"
    )
    return "\n".join(parts)


async def show_game(request: Request) -> Response:
    try:
        view = _view(request)
    except GameNotFound:
        return page(request, "404", f"<p>{escape(t(lang_of(request), 'not_found'))}</p>", 404)
    return render_game(request, view)


def _posted_deal(variant: Variant, data: Mapping[str, list[str]], left: Sequence[int]) -> Any:
    text = (_first(data, "deal_json") or "").strip()
    if text:
        return load(text)
    deal = deal_form.deal_from_form(variant, data, left)
    if not any(f.name == "dealer" for f in deal_form.fields_of(variant)):
        dealer = _first(data, deal_form.PREFIX + "dealer")
        if dealer is not None and dealer.isdigit():
            deal["dealer"] = int(dealer)
    return deal


def _errors_for(
    variant: Variant, error: RecordError, index: int
) -> tuple[dict[tuple[str, int | None], str], str | None]:
    where = deal_form.field_of_path(variant, error.path, index)
    if where is None:
        if error.path == f"$.deals[{index}].dealer":
            return {("dealer", None): error.detail}, error.detail
        return {}, str(error)
    return {where: error.detail}, None


async def add_deal(request: Request) -> Response:
    table = _table(request)
    view = _view(request)
    variant = games.variant_of(view.game.record)
    data = await form_data(request)
    index = len(view.game.record.get("deals") or [])
    try:
        deal = _posted_deal(variant, data, view.next.left)
        table.add_deal(view.game.id, deal)
    except RecordError as error:
        errors, top = _errors_for(variant, error, index)
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
            fields[key] = json.loads(text)  # a number or a list: [1, 2]
        except json.JSONDecodeError:
            fields[key] = text
    try:
        _table(request).set_fields(view.game.id, fields)
    except RecordError as error:
        return render_game(request, view, fields_error=str(error), status=422)
    return _see(f"/games/{view.game.id}")


async def undo(request: Request) -> Response:
    game_id = int(request.path_params["game"])
    try:
        _table(request).undo(game_id)
    except RecordError:
        pass  # nothing to undo: the page shows the game as it is
    return _see(f"/games/{game_id}")


async def finish(request: Request) -> Response:
    game_id = int(request.path_params["game"])
    _table(request).finish(game_id)
    return _see(f"/games/{game_id}")


async def next_game(request: Request) -> Response:
    view = _table(request).next_game(int(request.path_params["game"]))
    return _see(f"/games/{view.game.id}")


async def edit_deal(request: Request) -> Response:
    view = _view(request)
    index = int(request.path_params["index"])
    deals = view.game.record.get("deals") or []
    if not 0 <= index < len(deals):
        return page(request, "404", "<p>no such deal</p>", 404)
    variant = games.variant_of(view.game.record)
    deal = deals[index]
    if request.method == "GET":
        return _edit_page(request, view, index, deal, None, None, None, 200)
    data = await form_data(request)
    try:
        posted = _posted_deal(variant, data, _left_at(view, index))
        _table(request).edit_deal(view.game.id, index, posted)
    except RecordError as error:
        errors, top = _errors_for(variant, error, index)
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
    parts = [
        f"<h1>{both(lang, 'edit_deal')} {index + 1}</h1>",
        f'<form method="post" action="/games/{view.game.id}/deals/{index}/edit" '
        f'id="deal-form" class="card">',
        _deal_fields(
            variant,
            view,
            index,
            values,
            errors or {},
            top,
            deal_json,
            lang,
            dealer=int(deal.get("dealer", 0)),
        ),
        f'<button type="submit" class="primary big" id="save">{escape(t(lang, "save_edit"))}'
        f"</button></form>",
        f'<p><a href="/games/{view.game.id}">← {escape(t(lang, "game"))} {view.game.id}</a></p>',
    ]
    return page(request, t(lang, "edit_deal"), "\n".join(parts), status)


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
    writer.writerow(
        ["deal", "dealer", *[f"{h} points" for h in heads], *[f"{h} total" for h in heads], "items"]
    )
    for row in rows:
        items = "; ".join(_item_text(it, lang, heads, players) for it in row["items"])
        writer.writerow([row["number"], row["dealer"], *row["points"], *row["running"], items])
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
    body = (
        f'<div class="print"><h1>{escape(_variant_title(variant, lang))} — '
        f"{escape(t(lang, 'game'))} {view.game.id}</h1>"
        f"<p>{escape(', '.join(view.game.players))} · {escape(view.game.created[:10])}</p>"
        f"{render_sheet(view, lang, links=False)}</div>"
    )
    return page(request, t(lang, "print"), body)


async def import_page(request: Request) -> Response:
    lang = lang_of(request)
    error = None
    text = ""
    status = 200
    if request.method == "POST":
        try:
            data = await form_data(request)
        except BodyTooLarge as too_large:
            message = f"<p class='error'>{escape(str(too_large))}</p>"
            return page(request, t(lang, "import"), message, 413)
        text = _first(data, "record") or ""
        try:
            record = load(text)
            views = _table(request).import_record(record)
            return _see(f"/games/{views[0].game.id}")
        except HookError:  # a plugin's fault: answered 500 naming it (app.py), never a 422
            raise
        except KozyrError as bad:
            error = str(bad)
            status = 422
    parts = [
        f"<h1>{both(lang, 'import')}</h1>",
        '<form method="post" action="/import" id="import-form" class="card">',
        f"<p>{escape(t(lang, 'import_help'))}</p>",
        '<input type="file" id="import-file" accept=".json,application/json">',
    ]
    if error:
        parts.append(f'<p class="error" role="alert" id="import-error">{escape(error)}</p>')
    parts.append(
        f'<label class="big">{escape(t(lang, "record_text"))}<textarea name="record" '
        f'id="record" rows="10" spellcheck="false">{escape(text)}</textarea></label>'
        f'<button type="submit" class="primary big" id="import">'
        f"{escape(t(lang, 'import_button'))}</button></form>"
    )
    return page(request, t(lang, "import"), "\n".join(parts), status)


# --- language and table code ------------------------------------------------------------------


def _local(url: str | None) -> str:
    """Only a path on this server (no open redirect)."""
    if not url or not url.startswith("/") or url.startswith("//"):
        return "/"
    return url


async def set_lang(request: Request) -> Response:
    lang = request.path_params["lang"]
    response = _see(_local(request.query_params.get("next")))
    if lang in ("ru", "en"):
        response.set_cookie(LANG_COOKIE, lang, max_age=365 * 86400, samesite="lax")
    return response


async def code_page(request: Request) -> Response:
    lang = lang_of(request)
    expected = request.app.state.code
    back = _local(request.query_params.get("next"))
    error = ""
    if request.method == "POST":
        data = await form_data(request)
        given = (_first(data, "code") or "").strip()
        back = _local(_first(data, "next"))
        if expected is None or given == expected:
            response = _see(back)
            if expected is not None:
                response.set_cookie(CODE_COOKIE, given, httponly=True, samesite="strict")
            return response
        error = f'<p class="error" role="alert">{escape(t(lang, "wrong_code"))}</p>'
    body = (
        f'<h1>{both(lang, "code")}</h1><form method="post" action="/code" class="card">{error}'
        f"<p>{escape(t(lang, 'code_help'))}</p>"
        f'<input type="hidden" name="next" value="{escape(back)}">'
        f'<input type="text" name="code" id="code" inputmode="numeric" autocomplete="off" '
        f'class="big-input"><button type="submit" class="primary big">'
        f"{escape(t(lang, 'code_button'))}</button></form>"
    )
    return page(request, t(lang, "code"), body, 403 if error else 200)


def _guarded(handler: Any) -> Any:
    """A page handler: an unknown game is a 404 page, a too-large form a 413."""

    async def route(request: Request) -> Response:
        try:
            response: Response = await handler(request)
        except GameNotFound:
            return page(request, "404", f"<p>{escape(t(lang_of(request), 'not_found'))}</p>", 404)
        except BodyTooLarge as error:
            return page(request, "413", f"<p class='error'>{escape(str(error))}</p>", 413)
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
    Route("/games/{game:int}/deals/{index:int}/edit", _guarded(edit_deal), methods=["GET", "POST"]),
    Route("/games/{game:int}/export.json", _guarded(export_json), methods=["GET"]),
    Route("/games/{game:int}/export.csv", _guarded(export_csv), methods=["GET"]),
    Route("/games/{game:int}/print", _guarded(print_sheet), methods=["GET"]),
    Route("/evenings/{evening:int}/export.json", _guarded(export_evening), methods=["GET"]),
    Route("/import", _guarded(import_page), methods=["GET", "POST"]),
    Route("/lang/{lang}", set_lang, methods=["GET"]),
    Route("/code", _guarded(code_page), methods=["GET", "POST"]),
]

__all__ = ["ROUTES", "lang_of", "render_sheet", "sheet_csv", "sheet_rows"]
