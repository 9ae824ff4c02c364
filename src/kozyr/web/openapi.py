"""The OpenAPI 3.1 schema of ``kozyr serve``'s JSON API (``GET /api/openapi.json``)."""

from __future__ import annotations

from typing import Any

from kozyr import __version__

_ERROR = {"$ref": "#/components/schemas/Error"}
_GAME = {"$ref": "#/components/schemas/Game"}
_ANY_OBJECT: dict[str, Any] = {"type": "object"}


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _op(
    summary: str,
    ok: dict[str, Any],
    *,
    body: dict[str, Any] | None = None,
    status: str = "200",
    game: bool = False,
    index: bool = False,
    write: bool = False,
) -> dict[str, Any]:
    responses: dict[str, Any] = {status: _json(ok, "success")}
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
    op: dict[str, Any] = {"summary": summary, "responses": responses}
    params = []
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
                )
            },
            "/api/games/{game}": {"get": _op("a game: its record and result", _GAME, game=True)},
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
                "post": _op("enter one deal", _GAME, body=deal, game=True, write=True, status="201")
            },
            "/api/games/{game}/deals/last": {
                "delete": _op("undo the last deal", _GAME, game=True, write=True)
            },
            "/api/games/{game}/deals/{index}": {
                "put": _op(
                    "edit a deal; the whole game is checked again",
                    _GAME,
                    body=deal,
                    game=True,
                    index=True,
                    write=True,
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
                )
            },
            "/api/games/{game}/finish": {
                "post": _op("finish the game", _GAME, game=True, write=True)
            },
            "/api/games/{game}/next": {
                "post": _op(
                    "the next game of the evening", _GAME, game=True, write=True, status="201"
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
