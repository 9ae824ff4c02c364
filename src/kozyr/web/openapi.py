"""The OpenAPI 3.1 schema of ``kozyr serve``'s JSON API (``GET /api/openapi.json``)."""

from __future__ import annotations

from typing import Any

from kozyr import __version__

_ERROR = {"$ref": "#/components/schemas/Error"}
_GAME = {"$ref": "#/components/schemas/Game"}
_ANY_OBJECT: dict[str, Any] = {"type": "object"}
_ETAG = {
    "description": 'the game\'s revision as a strong tag, "7"; send it back as If-Match',
    "schema": {"type": "string"},
}


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


#: ``kozyr analyse --json`` of one deal, and of a party (each deal's with ``deal``).
_DEAL_REVIEW: dict[str, Any] = {
    "type": "object",
    "required": ["variant", "objective", "unit", "plays", "mistakes"],
    "properties": {
        "deal": {"type": "integer"},
        "error": {"type": "string"},
        "variant": {"type": "string"},
        "objective": {"type": "string"},
        "unit": {"type": "string"},
        "plays": {"type": "array", "items": _ANY_OBJECT},
        "mistakes": {"type": "integer"},
        "unsolved": {"type": "integer"},
    },
}
_PARTY_REVIEW: dict[str, Any] = {
    "type": "object",
    "required": ["variant", "deals", "mistakes", "unsolved"],
    "properties": {
        "variant": {"type": "string"},
        "deals": {"type": "array", "items": _DEAL_REVIEW},
        "mistakes": {"type": "integer"},
        "unsolved": {"type": "integer"},
    },
}


def _op(
    summary: str,
    ok: dict[str, Any],
    *,
    body: dict[str, Any] | None = None,
    status: str = "200",
    game: bool = False,
    index: bool = False,
    write: bool = False,
    matched: bool = False,
    idempotent: bool = False,
) -> dict[str, Any]:
    responses: dict[str, Any] = {status: _json(ok, "success")}
    if ok is _GAME:
        responses[status]["headers"] = {"ETag": _ETAG}
    if body is not None or game or index:
        responses["422"] = _json(_ERROR, "bad input: kozyr's located message")
    if game:
        responses["404"] = _json(_ERROR, "no game with this id")
    if body is not None:
        responses["413"] = _json(_ERROR, "the request body is too large")
    if write:
        responses["403"] = _json(_ERROR, "another origin, or no table code where one is needed")
        responses["429"] = _json(_ERROR, "too many wrong table codes: see Retry-After")
    if body is not None:
        responses["408"] = _json(_ERROR, "the request body did not arrive in time")
    responses["400"] = _json(_ERROR, "a Host header this server was not started for")
    responses["503"] = _json(_ERROR, "the request took longer than its time budget: retry later")
    if matched:
        responses["412"] = _json(
            {"$ref": "#/components/schemas/Stale"},
            "If-Match names an older revision: nothing changed; the current game",
        )
    op: dict[str, Any] = {"summary": summary, "responses": responses}
    params: list[dict[str, Any]] = []
    if matched:
        params.append(
            {
                "name": "If-Match",
                "in": "header",
                "required": False,
                "description": 'the revision the change was made against, as "7" (the ETag)',
                "schema": {"type": "string"},
            }
        )
    if idempotent:
        params.append(
            {
                "name": "Idempotency-Key",
                "in": "header",
                "required": False,
                "description": "a fresh key (a UUID) per request: a repeat returns the first "
                "answer (header Idempotency-Replayed: true) and stores nothing new",
                "schema": {"type": "string", "minLength": 1, "maxLength": 200},
            }
        )
    if game:
        params.append(
            {"name": "game", "in": "path", "required": True, "schema": {"type": "integer"}}
        )
    if index:
        params.append(
            {
                "name": "index",
                "in": "path",
                "required": True,
                "description": "the deal's index from 0, as in $.deals[index]",
                "schema": {"type": "integer", "minimum": 0},
            }
        )
    if params:
        op["parameters"] = params
    if body is not None:
        op["requestBody"] = {"required": True, "content": {"application/json": {"schema": body}}}
    if write:
        op["security"] = [{}, {"tableCode": []}]
    return op


def openapi_schema() -> dict[str, Any]:
    """The schema (records are described in full by ``kozyr``'s record JSON Schema)."""
    record = {
        "type": "object",
        "description": "a deal, party or evening record as `kozyr replay` reads it",
    }
    deal = {
        "type": "object",
        "description": "one deal of the game: an outcome, summary or full deal record without "
        "variant and options (the game's); dealer defaults to the next dealer",
    }
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "kozyr serve",
            "version": __version__,
            "description": "Keep the score of a card game at the table. Every change replays "
            "the whole game with kozyr; results are exactly `kozyr replay --json`.",
        },
        "paths": {
            "/api/openapi.json": {"get": _op("this schema", _ANY_OBJECT)},
            "/api/score": {
                "post": _op(
                    "score any record: exactly `kozyr replay --json`",
                    {"$ref": "#/components/schemas/Result"},
                    body=record,
                )
            },
            "/api/analyse": {
                "post": _op(
                    "the double-dummy review of a full deal or party record: exactly `kozyr "
                    "analyse --json`, within 20,000 positions of search a play (a party: "
                    "`deals`, one review per deal with its number `deal`)",
                    {"anyOf": [_DEAL_REVIEW, _PARTY_REVIEW]},
                    body=record,
                )
            },
            "/api/advise": {
                "post": _op(
                    "the expected points of each choice of a decision: exactly `kozyr advise "
                    "--json` (at most 50 samples; policy heuristic or random)",
                    {
                        "type": "object",
                        "required": ["variant", "seat", "decision", "choices"],
                        "properties": {
                            "variant": {"type": "string"},
                            "seat": {"type": "integer"},
                            "decision": {"type": "string"},
                            "samples": {"type": "integer"},
                            "policy": {"type": "string"},
                            "measure": {"type": "string"},
                            "choices": {"type": "array", "items": _ANY_OBJECT},
                        },
                    },
                    body={
                        "type": "object",
                        "required": ["variant", "seat", "hand"],
                        "properties": {
                            "variant": {"type": "string"},
                            "options": _ANY_OBJECT,
                            "seat": {"type": "integer"},
                            "hand": {"type": "string"},
                            "turnup": {"type": "string"},
                            "trick": {"type": "string"},
                            "dealer": {"type": "integer"},
                            "samples": {"type": "integer", "minimum": 1, "maximum": 50},
                            "seed": {"type": "integer", "minimum": 0},
                            "policy": {"enum": ["heuristic", "random"]},
                            "shown": {
                                "type": "object",
                                "description": "cards other seats are known to hold, by seat "
                                '(the Семерик declarations heard, SM6), e.g. {"2": "3s 2s As"}',
                                "additionalProperties": {"type": "string"},
                            },
                        },
                    },
                )
            },
            "/api/score-hand": {
                "post": _op(
                    "combination scoring of one hand: exactly `kozyr score-hand --json`",
                    {
                        "type": "object",
                        "required": ["variant", "cards", "total", "items"],
                        "properties": {
                            "variant": {"type": "string"},
                            "cards": {"type": "array", "items": {"type": "string"}},
                            "total": {
                                "description": 'an integer, or a fraction as "a/b"',
                                "oneOf": [
                                    {"type": "integer"},
                                    {"type": "string", "pattern": "^-?[0-9]+/[0-9]+$"},
                                ],
                            },
                            "items": {"type": "array", "items": _ANY_OBJECT},
                        },
                    },
                    body={
                        "type": "object",
                        "required": ["variant", "cards"],
                        "additionalProperties": False,
                        "properties": {
                            "variant": {"type": "string"},
                            "cards": {
                                "oneOf": [
                                    {"type": "string"},
                                    {"type": "array", "items": {"type": "string"}},
                                ]
                            },
                            "options": _ANY_OBJECT,
                        },
                    },
                )
            },
            "/api/variants": {
                "get": _op("installed variants with a party form, and their options", _ANY_OBJECT)
            },
            "/api/games": {
                "get": _op("every game, newest first", _ANY_OBJECT),
                "post": _op(
                    "start a game",
                    _GAME,
                    status="201",
                    write=True,
                    body={
                        "type": "object",
                        "required": ["variant", "players"],
                        "additionalProperties": False,
                        "properties": {
                            "variant": {"type": "string"},
                            "options": _ANY_OBJECT,
                            "players": {"type": "array", "items": {"type": "string"}},
                            "dealer": {"type": "integer", "minimum": 0, "default": 0},
                            "evening": {"type": "integer"},
                        },
                    },
                ),
            },
            "/api/import": {
                "post": _op(
                    "store a record file (party, deal or evening) as new games",
                    {
                        "type": "object",
                        "properties": {
                            "id": {"type": "integer"},
                            "games": {"type": "array", "items": {"type": "integer"}},
                        },
                    },
                    status="201",
                    write=True,
                    body=record,
                    idempotent=True,
                )
            },
            "/api/games/{game}": {
                "get": _op("a game: its record and result", _GAME, game=True),
                "delete": _op(
                    "delete the game (kept with its change log; restore brings it back)",
                    _GAME,
                    game=True,
                    write=True,
                    matched=True,
                ),
            },
            "/api/evenings/{evening}": {
                "get": {
                    "summary": "an evening: its games as one evening record, and its result as "
                    "`kozyr replay --json` (totals per player name)",
                    "parameters": [
                        {
                            "name": "evening",
                            "in": "path",
                            "required": True,
                            "schema": {"type": "integer"},
                        }
                    ],
                    "responses": {
                        "200": _json(_ANY_OBJECT, "success"),
                        "404": _json(_ERROR, "no evening with this id"),
                    },
                }
            },
            "/api/games/{game}/deals": {
                "post": _op(
                    "enter one deal",
                    _GAME,
                    body=deal,
                    game=True,
                    write=True,
                    status="201",
                    matched=True,
                    idempotent=True,
                )
            },
            "/api/games/{game}/deals/last": {
                "delete": _op("undo the last deal", _GAME, game=True, write=True, matched=True)
            },
            "/api/games/{game}/redo": {
                "post": _op(
                    "bring back the deal undone last", _GAME, game=True, write=True, matched=True
                )
            },
            "/api/games/{game}/reopen": {
                "post": _op(
                    "open a finished game again", _GAME, game=True, write=True, matched=True
                )
            },
            "/api/games/{game}/restore": {
                "post": _op("bring back a deleted game", _GAME, game=True, write=True, matched=True)
            },
            "/api/games/{game}/name": {
                "put": _op(
                    "name the game (empty or null: no name)",
                    _GAME,
                    body={
                        "type": "object",
                        "required": ["name"],
                        "additionalProperties": False,
                        "properties": {"name": {"type": ["string", "null"], "maxLength": 80}},
                    },
                    game=True,
                    write=True,
                    matched=True,
                )
            },
            "/api/games/{game}/events": {
                "get": {
                    "summary": "live updates (Server-Sent Events): `event: change` with "
                    '`data: {"revision": N}` after every change of the game (and once at the '
                    "start); a comment line as heartbeat; the stream ends after a while and the "
                    "browser reconnects (retry)",
                    "parameters": [
                        {
                            "name": "game",
                            "in": "path",
                            "required": True,
                            "schema": {"type": "integer"},
                        }
                    ],
                    "responses": {
                        "200": {
                            "description": "the event stream",
                            "content": {"text/event-stream": {"schema": {"type": "string"}}},
                        },
                        "404": _json(_ERROR, "no game with this id"),
                        "503": _json(_ERROR, "too many live streams are open; retry later"),
                    },
                }
            },
            "/api/games/{game}/deals/{index}": {
                "put": _op(
                    "edit a deal; the whole game is checked again",
                    _GAME,
                    body=deal,
                    game=True,
                    index=True,
                    write=True,
                    matched=True,
                )
            },
            "/api/games/{game}/fields": {
                "put": _op(
                    "set the game's own fields: cut (the card that settles a race, PN5) and the "
                    "variant's party fields; null removes one",
                    _GAME,
                    body=_ANY_OBJECT,
                    game=True,
                    write=True,
                    matched=True,
                )
            },
            "/api/games/{game}/finish": {
                "post": _op("finish the game", _GAME, game=True, write=True, matched=True)
            },
            "/api/games/{game}/next": {
                "post": _op(
                    "the next game of the evening",
                    _GAME,
                    game=True,
                    write=True,
                    status="201",
                    matched=True,
                )
            },
            "/api/games/{game}/changes": {
                "get": _op("the game's append-only change log", _ANY_OBJECT, game=True)
            },
        },
        "components": {
            "schemas": {
                "Error": {
                    "type": "object",
                    "required": ["error", "path", "detail"],
                    "properties": {
                        "error": {"type": "string", "description": "the whole message"},
                        "path": {
                            "type": ["string", "null"],
                            "description": "the JSON path it names, e.g. $.deals[2].high",
                        },
                        "detail": {"type": "string"},
                    },
                },
                "Result": {
                    "type": "object",
                    "description": "exactly the JSON of `kozyr replay --json`",
                },
                "Game": {
                    "type": "object",
                    "required": ["id", "record", "result"],
                    "properties": {
                        "id": {"type": "integer"},
                        "evening": {"type": "integer"},
                        "status": {"enum": ["open", "finished"]},
                        "players": {"type": "array", "items": {"type": "string"}},
                        "over": {"type": "boolean", "description": "over by the rules"},
                        "next_dealer": {"type": ["integer", "null"]},
                        "record": record,
                        "result": {
                            "oneOf": [{"$ref": "#/components/schemas/Result"}, {"type": "null"}]
                        },
                        "revision": {
                            "type": "integer",
                            "description": "the number of changes so far (the ETag)",
                        },
                        "name": {"type": ["string", "null"]},
                        "deleted": {"type": "boolean"},
                        "redo": {
                            "type": "integer",
                            "description": "how many undone deals redo can bring back",
                        },
                    },
                },
                "Stale": {
                    "type": "object",
                    "description": "the current game (as GET /api/games/{game}) with the error, "
                    "the revisions If-Match named and the changes since",
                    "required": ["error", "revision", "expected", "since"],
                    "properties": {
                        "error": {"type": "string"},
                        "revision": {"type": "integer"},
                        "expected": {"type": "array", "items": {"type": "integer"}},
                        "since": {"type": "array", "items": _ANY_OBJECT},
                    },
                },
            },
            "securitySchemes": {
                "tableCode": {
                    "type": "apiKey",
                    "in": "header",
                    "name": "X-Table-Code",
                    "description": "needed for every write when the server listens beyond "
                    "this machine (printed by `kozyr serve` at start)",
                }
            },
        },
    }


__all__ = ["openapi_schema"]
