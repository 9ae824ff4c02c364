"""The JSON HTTP API of ``kozyr serve`` (its OpenAPI schema: ``GET /api/openapi.json``).

Every answer is JSON. Bad input is HTTP 422 with kozyr's located message::

    {"error": "$.deals[0].dealer: seat 7 is not at the table (seats 0..3)",
     "path": "$.deals[0].dealer", "detail": "seat 7 is not at the table (seats 0..3)"}

Conflicts: a game's answer carries its ``revision`` (also as ``ETag: "<revision>"``); a write
sent with ``If-Match: "<revision>"`` against an older revision is refused with 412, the current
game and the changes since (``since``), and nothing changes. ``POST /api/games/{id}/deals`` and
``POST /api/import`` take an ``Idempotency-Key``: a repeat returns the first answer (with
``Idempotency-Replayed: true``) and stores nothing new.
"""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from typing_extensions import override

from kozyr.cardset import CardSet
from kozyr.codec import load
from kozyr.errors import HookError, InputLimitError, KozyrError, OptionError, RecordError
from kozyr.registry import get_variant
from kozyr.replay import refuse_held, replay
from kozyr.scoring import hand_json
from kozyr.web import events, games
from kozyr.web.openapi import openapi_schema
from kozyr.web.store import StaleRevision
from kozyr.web.store import fingerprint as _fingerprint
from kozyr.web.table import GameNotFound, Revisions, Table, View, check_key

#: Largest request body the server reads (a record of a long evening fits many times over).
MAX_BODY = 1 << 20


class BodyTooLarge(KozyrError):
    """A request body over :data:`MAX_BODY`."""


class JSONBody(KozyrError):
    """A body that is not the JSON the route takes."""


def dumps(data: Any) -> bytes:
    """JSON as the API writes it (UTF-8, Russian and card suits as they are; a lone surrogate,
    which only a plugin's own message can bring, as its JSON escape ``\\ud800``)."""
    return json.dumps(data, ensure_ascii=False).encode("utf-8", "backslashreplace")


class KozyrJSON(JSONResponse):
    """A JSON response with UTF-8 text as is (``ensure_ascii=False``)."""

    @override
    def render(self, content: Any) -> bytes:
        return dumps(content)


def error_json(error: KozyrError) -> dict[str, Any]:
    """The 422 body of a kozyr error: the message, and its JSON path where it has one."""
    message = str(error).replace("\n", " ")
    if isinstance(error, (RecordError, InputLimitError)) and error.path is not None:
        # an input limit (nesting, a number's digits) is located too (#21 item 10)
        return {"error": message, "path": error.path, "detail": error.detail}
    return {"error": message, "path": None, "detail": message}


async def read_body(request: Request, limit: int | None = None) -> bytes:
    """The request body, refused past ``limit`` bytes (default: the application's limit),
    whatever Content-Length says."""
    if limit is None:
        limit = int(getattr(request.app.state, "max_body", MAX_BODY))
    size = 0
    chunks: list[bytes] = []
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise BodyTooLarge(f"the request is larger than {limit} bytes")
        chunks.append(chunk)
    return b"".join(chunks)


async def read_json(request: Request) -> Any:
    """The request body as JSON data, read as strictly as ``kozyr replay`` reads a file
    (:func:`kozyr.codec.load`: a syntax error, a repeated key, NaN, bytes that are not UTF-8 are
    a 422 with the path, line and column)."""
    return load_json(await read_body(request))


def load_json(text: str | bytes) -> Any:
    """JSON text as data, read as :func:`kozyr.codec.load` reads it, with no lone surrogate in
    any string (``"\\ud800"`` is not text: SQLite could not store it) -- a 422 with its path."""
    data = load(text)
    _no_surrogates(data, "$")
    return data


def _no_surrogates(data: Any, path: str) -> None:
    if isinstance(data, str):
        if _SURROGATE.search(data):
            raise RecordError(path, "a lone surrogate (\\ud800-\\udfff) is not text")
    elif isinstance(data, list):
        for i, item in enumerate(data):
            _no_surrogates(item, f"{path}[{i}]")
    elif isinstance(data, dict):
        for key, value in data.items():
            _no_surrogates(key, path)
            _no_surrogates(value, f"{path}.{key}")


_SURROGATE = re.compile("[\ud800-\udfff]")


Handler = Callable[[Request], Awaitable[Response]]


@dataclass(frozen=True)
class Reply:
    """A route's answer with headers of its own (the plain JSON data otherwise)."""

    data: Any
    headers: dict[str, str] = field(default_factory=dict)


def etag(revision: int) -> str:
    """The ``ETag`` of a game at ``revision`` (a strong tag: ``"7"``)."""
    return f'"{revision}"'


def if_match(request: Request) -> Revisions:
    """The revisions an ``If-Match`` header names (``"7"``, ``W/"7"``, ``7``; a list of them;
    None without the header or for ``*``). A tag that is no revision matches none."""
    header = request.headers.get("if-match")
    if header is None:
        return None
    revisions: set[int] = set()
    for raw in header.split(","):
        tag = raw.strip()
        if tag == "*":
            return None
        if tag.startswith("W/"):
            tag = tag[2:]
        tag = tag.strip('"')
        if tag and len(tag) <= 18 and tag.isascii() and tag.isdigit():
            revisions.add(int(tag))
    return revisions


def idempotency_key(request: Request) -> str | None:
    """The request's ``Idempotency-Key`` (checked: visible ASCII, at most 200 characters)."""
    return check_key(request.headers.get("idempotency-key"))


def stale_json(table: Table, error: StaleRevision) -> dict[str, Any]:
    """The 412 body: the current game (as ``GET /api/games/{id}``), the message, the revisions
    the write named and the changes made since the oldest of them."""
    view = table.stale_view(error)
    since = min(error.expected, default=0)
    message = str(error)
    return {
        **view.to_json(),
        "error": message,
        "path": None,
        "detail": message,
        "expected": list(error.expected),
        "since": [change_json(c) for c in table.store.changes(error.game.id, since=since)],
    }


def api(
    handler: Callable[[Request, Table], Awaitable[Any]],
    *,
    created: bool = False,
    tagged: bool = False,
) -> Handler:
    """Wrap a route: JSON out (201 for a route that ``created`` something), kozyr errors as
    422, unknown games as 404, a body too large as 413, a stale ``If-Match`` as 412 with the
    current game. ``tagged``: the answer is one game, sent with its ``ETag`` (and a GET whose
    ``If-None-Match`` names it is a 304)."""

    async def route(request: Request) -> Response:
        table: Table = request.app.state.table
        try:
            data = await handler(request, table)
        except GameNotFound as error:
            return KozyrJSON({"error": str(error), "path": None, "detail": str(error)}, 404)
        except BodyTooLarge as error:
            return KozyrJSON({"error": str(error), "path": None, "detail": str(error)}, 413)
        except HookError:  # a plugin's fault, not bad input: the app answers 500 naming it
            raise
        except StaleRevision as error:
            return KozyrJSON(
                stale_json(table, error), 412, headers={"ETag": etag(error.game.revision)}
            )
        except KozyrError as error:
            return KozyrJSON(error_json(error), 422)
        headers: dict[str, str] = {}
        if isinstance(data, Reply):
            headers.update(data.headers)
            data = data.data
        if tagged and isinstance(data, dict) and isinstance(data.get("revision"), int):
            tag = etag(data["revision"])
            headers["ETag"] = tag
            if request.method == "GET" and tag in _tags(request.headers.get("if-none-match")):
                return Response(status_code=304, headers=headers)
        return KozyrJSON(data, 201 if created else 200, headers=headers)

    route.__name__ = handler.__name__
    route.__doc__ = handler.__doc__
    return route


def _tags(header: str | None) -> list[str]:
    return [] if header is None else [t.strip().removeprefix("W/") for t in header.split(",")]


def _answer(view: View) -> Any:
    """A game's answer; a repeated idempotent request's first answer, marked as replayed."""
    if view.repeated:
        return Reply(view.to_json(), {"Idempotency-Replayed": "true"})
    return view.to_json()


def change_json(change: Any) -> dict[str, Any]:
    """One line of a change log as the API writes it."""
    return {
        "id": change.id,
        "at": change.at,
        "kind": change.kind,
        "detail": change.detail,
        "revision": change.revision,
    }


def _game_id(request: Request) -> int:
    return int(request.path_params["game"])


def _object(data: Any, path: str = "$") -> dict[str, Any]:
    if not isinstance(data, dict):
        raise RecordError(path, "expected a JSON object")
    return data


# --- routes -----------------------------------------------------------------------------------


async def score(request: Request, table: Table) -> Any:
    """Any record (deal or party) → exactly ``kozyr replay --json``."""
    return replay(await read_json(request)).to_json()


async def score_hand(request: Request, table: Table) -> Any:
    """``{"variant", "cards", "options"}`` → exactly ``kozyr score-hand --json``."""
    data = _object(await read_json(request))
    for key in data:
        if key not in ("variant", "cards", "options"):
            raise RecordError(f"$.{key}", "unknown field; known fields: cards, options, variant")
    name = data.get("variant")
    if not isinstance(name, str):
        raise RecordError("$.variant", "expected a variant name")
    options = data.get("options", {})  # [], 0, false, "" are refused, as the CLI refuses them
    if not isinstance(options, dict):
        raise RecordError("$.options", "expected an object of options")
    try:
        variant = get_variant(name, **options)
    except OptionError as error:
        raise RecordError("$.options", str(error)) from None
    except KozyrError as error:
        raise RecordError("$.variant", str(error)) from None
    cards_raw = data.get("cards")
    if isinstance(cards_raw, list) and all(isinstance(c, str) for c in cards_raw):
        text = " ".join(cards_raw)
    elif isinstance(cards_raw, str):
        text = cards_raw
    else:
        raise RecordError("$.cards", "expected cards as a string or a list of strings")
    try:
        cards = CardSet.parse(text)
    except KozyrError as error:
        raise RecordError("$.cards", str(error)) from None
    refuse_held(variant)  # a plugin whose hook is still stuck gets no new work (#21)
    return hand_json(variant.name, cards, variant.score_hand(cards))


async def variants(request: Request, table: Table) -> Any:
    """Every installed variant a game can be kept in, with its declared options."""
    out = []
    for cls in games.party_variants():
        variant = cls()
        out.append(
            {
                "name": cls.name,
                "title": cls.title,
                "title_ru": cls.title_ru,
                "aliases": list(cls.aliases),
                "players": list(cls.player_counts),
                "options": [spec.to_json() for spec, _ in variant.iter_options()],
            }
        )
    return {"variants": out}


async def list_games(request: Request, table: Table) -> Any:
    """Every game, newest first (``?deleted=true``: the deleted games)."""
    deleted = request.query_params.get("deleted", "false")
    if deleted not in ("true", "false"):
        raise RecordError("deleted", "expected true or false")
    return {
        "games": [
            {
                "id": g.id,
                "evening": g.evening,
                "variant": g.variant,
                "players": list(g.players),
                "status": g.status,
                "deals": len(g.record.get("deals") or []),
                "created": g.created,
                "updated": g.updated,
                "revision": g.revision,
                "name": g.name,
                "deleted": g.deleted,
            }
            for g in table.games(deleted=deleted == "true")
        ]
    }


async def create_game(request: Request, table: Table) -> Any:
    """``{"variant", "options", "players", "dealer"?, "evening"?}`` → ``{"id": ...}``."""
    data = _object(await read_json(request))
    for key in data:
        if key not in ("variant", "options", "players", "dealer", "evening"):
            raise RecordError(
                f"$.{key}",
                "unknown field; known fields: dealer, evening, options, players, variant",
            )
    evening = data.get("evening")
    if evening is not None and (isinstance(evening, bool) or not isinstance(evening, int)):
        raise RecordError("$.evening", "expected the id of an evening")
    if evening is not None and not any(g.evening == evening for g in table.games()):
        raise RecordError("$.evening", f"no evening {evening}; leave evening out for a new one")
    variant = data.get("variant")
    if not isinstance(variant, str):
        raise RecordError("$.variant", "expected a variant name")
    view = table.create(
        variant,
        data.get("options", {}),  # not an object: refused at $.options (new_game)
        cast("Sequence[str]", data.get("players")),  # any JSON value: check_players checks it
        data.get("dealer", 0),
        evening=evening,
    )
    return {"id": view.game.id, **view.to_json()}


async def get_game(request: Request, table: Table) -> Any:
    """``{"record", "result"}``: the record and ``kozyr replay --json`` of it."""
    return table.view(_game_id(request)).to_json()


async def add_deal(request: Request, table: Table) -> Any:
    """One deal (outcome, summary or full) appended; the game replayed. ``If-Match``;
    ``Idempotency-Key``: a repeat returns the first answer and stores nothing."""
    key = idempotency_key(request)
    deal = await read_json(request)
    view = table.add_deal(_game_id(request), deal, if_match=if_match(request), key=key)
    return _answer(view)


async def edit_deal(request: Request, table: Table) -> Any:
    """Deal ``index`` (from 0, as in ``$.deals[index]``) replaced; the game replayed."""
    index = int(request.path_params["index"])
    deal = await read_json(request)
    return table.edit_deal(_game_id(request), index, deal, if_match=if_match(request)).to_json()


async def undo_deal(request: Request, table: Table) -> Any:
    """The last deal taken back."""
    return table.undo(_game_id(request), if_match=if_match(request)).to_json()


async def redo_deal(request: Request, table: Table) -> Any:
    """The deal undone last brought back."""
    return table.redo(_game_id(request), if_match=if_match(request)).to_json()


async def set_fields(request: Request, table: Table) -> Any:
    """The game's own fields (``cut``, the variant's party fields); null removes one."""
    fields = await read_json(request)
    return table.set_fields(_game_id(request), fields, if_match=if_match(request)).to_json()


async def finish_game(request: Request, table: Table) -> Any:
    """The game marked finished."""
    return table.finish(_game_id(request), if_match=if_match(request)).to_json()


async def reopen_game(request: Request, table: Table) -> Any:
    """A finished game opened again."""
    return table.reopen(_game_id(request), if_match=if_match(request)).to_json()


async def rename_game(request: Request, table: Table) -> Any:
    """``{"name": "..."}``: the game's name (``""`` or null: none)."""
    data = _object(await read_json(request))
    for key in data:
        if key != "name":
            raise RecordError(f"$.{key}", "unknown field; known fields: name")
    if "name" not in data:
        raise RecordError("$.name", "missing: the game's new name")
    return table.rename(_game_id(request), data["name"], if_match=if_match(request)).to_json()


async def delete_game(request: Request, table: Table) -> Any:
    """The game deleted (kept with its change log; ``POST …/restore`` brings it back)."""
    return table.delete(_game_id(request), if_match=if_match(request)).to_json()


async def restore_game(request: Request, table: Table) -> Any:
    """A deleted game brought back."""
    return table.restore(_game_id(request), if_match=if_match(request)).to_json()


async def next_game(request: Request, table: Table) -> Any:
    """The next game of the evening (same variant, options and players)."""
    view = table.next_game(_game_id(request), if_match=if_match(request))
    return {"id": view.game.id, **view.to_json()}


async def changes(request: Request, table: Table) -> Any:
    """The game's append-only change log (``?since=N``: the changes after revision N)."""
    game_id = _game_id(request)
    table.view(game_id)
    raw = request.query_params.get("since", "0")
    if not (raw.isascii() and raw.isdigit() and len(raw) <= 18):
        raise RecordError("since", "expected a revision (a whole number)")
    return {"changes": [change_json(c) for c in table.store.changes(game_id, since=int(raw))]}


async def evening(request: Request, table: Table) -> Any:
    """``{"record", "result"}`` of an evening: its games as one evening record."""
    return table.evening(int(request.path_params["evening"]))


async def import_record(request: Request, table: Table) -> Any:
    """A record file (party, deal or evening) stored as new game(s), in one transaction;
    ``Idempotency-Key``: a repeat stores nothing and returns the first answer."""
    key = idempotency_key(request)
    data = await read_json(request)
    before = None if key is None else table.store.answer("import", key, _fingerprint(data))
    views = table.import_record(data, key=key)
    answer = {"id": views[0].game.id, "games": [v.game.id for v in views]}
    if before is not None:
        return Reply(answer, {"Idempotency-Replayed": "true"})
    return answer


async def schema(request: Request, table: Table) -> Any:
    """This API's OpenAPI schema."""
    return openapi_schema()


ROUTES = [
    Route("/api/openapi.json", api(schema), methods=["GET"]),
    *events.ROUTES,
    Route("/api/score", api(score), methods=["POST"]),
    Route("/api/score-hand", api(score_hand), methods=["POST"]),
    Route("/api/variants", api(variants), methods=["GET"]),
    Route("/api/games", api(list_games), methods=["GET"]),
    Route("/api/games", api(create_game, created=True), methods=["POST"]),
    Route("/api/import", api(import_record, created=True), methods=["POST"]),
    Route("/api/games/{game:int}", api(get_game, tagged=True), methods=["GET"]),
    Route("/api/games/{game:int}", api(delete_game, tagged=True), methods=["DELETE"]),
    Route("/api/evenings/{evening:int}", api(evening), methods=["GET"]),
    Route(
        "/api/games/{game:int}/deals", api(add_deal, created=True, tagged=True), methods=["POST"]
    ),
    Route("/api/games/{game:int}/deals/last", api(undo_deal, tagged=True), methods=["DELETE"]),
    Route("/api/games/{game:int}/deals/{index:int}", api(edit_deal, tagged=True), methods=["PUT"]),
    Route("/api/games/{game:int}/redo", api(redo_deal, tagged=True), methods=["POST"]),
    Route("/api/games/{game:int}/fields", api(set_fields, tagged=True), methods=["PUT"]),
    Route("/api/games/{game:int}/finish", api(finish_game, tagged=True), methods=["POST"]),
    Route("/api/games/{game:int}/reopen", api(reopen_game, tagged=True), methods=["POST"]),
    Route("/api/games/{game:int}/name", api(rename_game, tagged=True), methods=["PUT"]),
    Route("/api/games/{game:int}/restore", api(restore_game, tagged=True), methods=["POST"]),
    Route("/api/games/{game:int}/next", api(next_game, created=True), methods=["POST"]),
    Route("/api/games/{game:int}/changes", api(changes), methods=["GET"]),
]

__all__ = [
    "MAX_BODY",
    "ROUTES",
    "Reply",
    "change_json",
    "error_json",
    "etag",
    "idempotency_key",
    "if_match",
    "load_json",
    "read_body",
    "read_json",
    "stale_json",
]
