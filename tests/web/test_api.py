"""The JSON API of ``kozyr serve`` through Starlette's ASGI test client: every endpoint, bad
input (HTTP 422 with kozyr's located message, never a stack trace) and the guard."""

from __future__ import annotations

import io
import json
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

import kozyr
from kozyr.cli import main as cli_main
from kozyr.errors import located
from kozyr.web import advice, api, create_app
from kozyr.web.openapi import openapi_schema

from .conftest import example

NAMES = ["Аня", "Боря", "Вера", "Гоша"]
EXAMPLE_FILES = sorted(
    p.name for p in (Path(__file__).resolve().parents[2] / "examples").glob("*.json")
)


def party_deals(variant: kozyr.Variant, seed: int) -> list[dict[str, Any]]:
    """The deals of a bot-played party, as a game's deals (no variant, no options)."""
    party = kozyr.play_party(variant, seed=seed)
    assert party.record is not None
    data = json.loads(json.dumps(party.record.to_json(variant), ensure_ascii=False))
    deals: list[dict[str, Any]] = data["deals"]
    return deals


def new_game(client: TestClient, variant: str = "seven-up", **extra: Any) -> int:
    response = client.post("/api/games", json={"variant": variant, "players": NAMES, **extra})
    assert response.status_code == 201, response.text
    game_id: int = response.json()["id"]
    return game_id


def assert_located(response: Any, path: str, status: int = 422) -> dict[str, Any]:
    """A refusal naming ``path`` (a prefix of the JSON path), with no stack trace."""
    assert response.status_code == status, response.text
    assert "Traceback" not in response.text and 'File "' not in response.text
    body: dict[str, Any] = response.json()
    assert body["path"] is not None and body["path"].startswith(path), body
    assert body["error"] == f"{located(body['path'])}: {body['detail']}"  # deals from 1
    return body


# --- POST /api/score ------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("name", EXAMPLE_FILES)
def test_score_is_exactly_replay_json(client: TestClient, name: str) -> None:
    data = example(name)
    out = io.StringIO()
    assert cli_main(["replay", "--json", str(Path("examples") / name)], out) == 0 or True
    expected = kozyr.replay(example(name)).to_json()
    response = client.post("/api/score", json=data)
    assert response.status_code == 200, response.text
    assert response.json() == json.loads(json.dumps(expected, ensure_ascii=False))


def test_score_matches_the_cli_output(client: TestClient) -> None:
    path = Path(__file__).resolve().parents[2] / "examples" / "seven-up-game.json"
    out = io.StringIO()
    assert cli_main(["replay", "--json", str(path)], out) == 0
    response = client.post("/api/score", content=path.read_bytes())
    assert response.json() == json.loads(out.getvalue())


def test_score_bad_input_is_located(client: TestClient) -> None:
    assert_located(client.post("/api/score", content=b"{nope"), "$")
    record = example("seven-up-deal.json")
    record["dealer"] = 9
    body = assert_located(client.post("/api/score", json=record), "$.dealer")
    assert "seat 9" in body["detail"]
    record = example("seven-up-deal.json")
    record["tricks"][0] = "Z♠ 2♠ 3♠ 4♠"
    assert_located(client.post("/api/score", json=record), "$.tricks[0][0]")
    assert_located(client.post("/api/score", json=[1, 2]), "$")
    assert_located(client.post("/api/score", content="\xff".encode("latin-1")), "$")


# --- POST /api/score-hand ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "cards", "options"),
    [
        ("semerik", "3♥ 2♥ A♥ K♥ Q♥ 7♠ 7♣ 7♦ 4♠ 5♣", {}),
        ("семерик", ["3♥", "2♥", "Тч", "Кч", "Дч"], {}),
        ("semerik", "7♠ 7♣ 7♦ 7♥", {}),
    ],
)
def test_score_hand_is_exactly_the_cli(
    client: TestClient, variant: str, cards: Any, options: dict[str, Any]
) -> None:
    out = io.StringIO()
    argv = ["score-hand", "--json", variant, cards if isinstance(cards, str) else " ".join(cards)]
    assert cli_main(argv, out) == 0
    body = {"variant": variant, "cards": cards, "options": options}
    response = client.post("/api/score-hand", json=body)
    assert response.status_code == 200, response.text
    assert response.json() == json.loads(out.getvalue())


def test_score_hand_bad_input(client: TestClient) -> None:
    post = client.post
    assert_located(
        post("/api/score-hand", json={"variant": "semerik", "cards": "3♥ 3♥"}), "$.cards"
    )
    assert_located(post("/api/score-hand", json={"variant": "semerik", "cards": "X♥"}), "$.cards")
    assert_located(post("/api/score-hand", json={"variant": "nope", "cards": "3♥"}), "$.variant")
    assert_located(post("/api/score-hand", json={"cards": "3♥"}), "$.variant")
    assert_located(post("/api/score-hand", json={"variant": "semerik", "cards": 3}), "$.cards")
    bad_option = {"variant": "semerik", "cards": "3♥", "options": {"nope": 1}}
    assert_located(post("/api/score-hand", json=bad_option), "$.options")
    assert_located(post("/api/score-hand", json={"variant": "semerik", "x": 1}), "$.x")
    # Seven Up scores no combinations in a hand: kozyr's own message, still a 422
    response = post("/api/score-hand", json={"variant": "seven-up", "cards": "3♥"})
    assert response.status_code == 422 and "no combinations" in response.json()["error"]


# --- games --------------------------------------------------------------------------------------


def test_create_game_and_read_it(client: TestClient) -> None:
    game_id = new_game(client, dealer=2)
    response = client.get(f"/api/games/{game_id}")
    assert response.status_code == 200
    body = response.json()
    assert body["record"]["variant"] == "seven-up" and body["record"]["deals"] == []
    assert body["result"] is None and body["players"] == NAMES and body["next_dealer"] == 2
    listed = client.get("/api/games").json()["games"]
    assert [g["id"] for g in listed] == [game_id]


@pytest.mark.parametrize(
    ("body", "path"),
    [
        ({"variant": "seven-up", "players": NAMES[:3]}, "$.players"),
        ({"variant": "seven-up", "players": ["A", "A", "B", "C"]}, "$.players[1]"),
        ({"variant": "seven-up", "players": ["A", "", "B", "C"]}, "$.players[1]"),
        ({"variant": "seven-up", "players": ["A" * 41, "B", "C", "D"]}, "$.players[0]"),
        ({"variant": "seven-up", "players": "ABCD"}, "$.players"),
        ({"variant": "seven-up", "players": NAMES, "options": {"nope": 1}}, "$.options"),
        ({"variant": "seven-up", "players": NAMES, "options": {"players": 5}}, "$.options"),
        ({"variant": "seven-up", "players": NAMES, "dealer": 4}, "$.dealer"),
        ({"variant": "seven-up", "players": NAMES, "dealer": "0"}, "$.dealer"),
        ({"variant": "no-such-game", "players": NAMES}, "$.variant"),
        ({"players": NAMES}, "$.variant"),
        ({"variant": "seven-up", "players": NAMES, "colour": "red"}, "$.colour"),
        ({"variant": "seven-up", "players": NAMES, "evening": "x"}, "$.evening"),
    ],
)
def test_create_game_bad_input(client: TestClient, body: dict[str, Any], path: str) -> None:
    assert_located(client.post("/api/games", json=body), path)
    assert client.get("/api/games").json()["games"] == []


@pytest.mark.parametrize(
    ("variant", "options", "seed"),
    [
        ("seven-up", {}, 2),
        ("semerik", {}, 2),
        ("po-noskam", {"players": 4}, 1),
        ("sem-listov", {"players": 4}, 0),
    ],
)
def test_deals_entered_one_by_one_score_as_replay(
    client: TestClient, variant: str, options: dict[str, Any], seed: int
) -> None:
    configured = kozyr.get_variant(variant, **options)
    deals = party_deals(configured, seed)
    response = client.post(
        "/api/games", json={"variant": variant, "options": options, "players": NAMES}
    )
    game_id = response.json()["id"]
    for i, deal in enumerate(deals):
        response = client.post(f"/api/games/{game_id}/deals", json=deal)
        assert response.status_code == 201, response.text
        assert len(response.json()["record"]["deals"]) == i + 1
    body = client.get(f"/api/games/{game_id}").json()
    expected = kozyr.replay(body["record"]).to_json()
    assert body["result"] == json.loads(json.dumps(expected, ensure_ascii=False))
    assert body["over"] is True and body["next_dealer"] is None
    # the party is over by its rules: another deal is refused where it would go
    assert_located(client.post(f"/api/games/{game_id}/deals", json=deals[0]), "$.deals")


def test_a_deal_without_dealer_gets_the_next_dealer(client: TestClient) -> None:
    deals = party_deals(kozyr.get_variant("seven-up"), 2)
    game_id = new_game(client, dealer=deals[0]["dealer"])
    first = dict(deals[0])
    del first["dealer"]
    body = client.post(f"/api/games/{game_id}/deals", json=first).json()
    assert body["record"]["deals"][0]["dealer"] == deals[0]["dealer"]
    assert body["next_dealer"] == deals[1]["dealer"]


def test_bad_deal_is_refused_and_nothing_stored(client: TestClient) -> None:
    deals = party_deals(kozyr.get_variant("seven-up"), 2)
    game_id = new_game(client)
    assert client.post(f"/api/games/{game_id}/deals", json=deals[0]).status_code == 201
    bad = json.loads(json.dumps(deals[1]))
    bad["dealer"] = 7
    assert_located(client.post(f"/api/games/{game_id}/deals", json=bad), "$.deals[1].dealer")
    bad = json.loads(json.dumps(deals[1]))
    bad["hands"][0] = bad["hands"][1]
    assert_located(client.post(f"/api/games/{game_id}/deals", json=bad), "$.deals[1].hands")
    assert_located(client.post(f"/api/games/{game_id}/deals", json=[1]), "$.deals[1]")
    assert_located(client.post(f"/api/games/{game_id}/deals", content=b"[1,"), "$")
    assert len(client.get(f"/api/games/{game_id}").json()["record"]["deals"]) == 1


def test_undo_edit_finish_next(client: TestClient) -> None:
    deals = party_deals(kozyr.get_variant("seven-up"), 2)
    game_id = new_game(client)
    for deal in deals[:3]:
        client.post(f"/api/games/{game_id}/deals", json=deal)
    response = client.delete(f"/api/games/{game_id}/deals/last")
    assert response.status_code == 200
    assert response.json()["record"]["deals"] == deals[:2]
    # an edit that breaks the game names the field; the game stays as it was
    bad = json.loads(json.dumps(deals[0]))
    bad["tricks"][0] = bad["tricks"][1]
    assert_located(client.put(f"/api/games/{game_id}/deals/0", json=bad), "$.deals[0].tricks")
    assert_located(client.put(f"/api/games/{game_id}/deals/5", json=deals[0]), "$.deals")
    assert client.get(f"/api/games/{game_id}").json()["record"]["deals"] == deals[:2]
    # a good edit: deal 2 replaced by deal 2 of another game; the whole game is scored again
    other = party_deals(kozyr.get_variant("seven-up"), 0)[1]
    assert other["dealer"] == deals[1]["dealer"] and other != deals[1]
    response = client.put(f"/api/games/{game_id}/deals/1", json=other)
    assert response.status_code == 200, response.text
    record = response.json()["record"]
    assert record["deals"] == [deals[0], other]
    assert response.json()["result"] == kozyr.replay(record).to_json()
    # finish: no more deals or undo; next: the same table, one evening
    assert client.post(f"/api/games/{game_id}/finish").json()["status"] == "finished"
    assert_located(client.post(f"/api/games/{game_id}/deals", json=deals[3]), "$.deals[2]")
    assert_located(client.delete(f"/api/games/{game_id}/deals/last"), "$.deals")
    response = client.post(f"/api/games/{game_id}/next")
    assert response.status_code == 201
    nxt = response.json()
    assert nxt["id"] != game_id and nxt["players"] == NAMES and nxt["status"] == "open"
    assert nxt["evening"] == client.get(f"/api/games/{game_id}").json()["evening"]
    assert nxt["next_dealer"] == (other["dealer"] + 1) % 4
    # the change log says what changed, in order
    kinds = [c["kind"] for c in client.get(f"/api/games/{game_id}/changes").json()["changes"]]
    assert kinds == ["create", "add-deal", "add-deal", "add-deal", "undo", "edit-deal", "finish"]
    assert_located(client.delete(f"/api/games/{nxt['id']}/deals/last"), "$.deals")


def test_unknown_game_is_404(client: TestClient) -> None:
    for method, path in [
        ("GET", "/api/games/99"),
        ("POST", "/api/games/99/deals"),
        ("DELETE", "/api/games/99/deals/last"),
        ("PUT", "/api/games/99/deals/0"),
        ("POST", "/api/games/99/finish"),
        ("POST", "/api/games/99/next"),
        ("GET", "/api/games/99/changes"),
    ]:
        response = client.request(method, path, json={"dealer": 0})
        assert response.status_code == 404, (method, path)
        assert response.json()["error"] == "no game 99"


def test_import_party_deal_and_evening(client: TestClient) -> None:
    response = client.post("/api/import", json=example("semerik-game.json"))
    assert response.status_code == 201, response.text
    game = client.get(f"/api/games/{response.json()['id']}").json()
    assert game["result"] == kozyr.replay(example("semerik-game.json")).to_json()
    response = client.post("/api/import", json=example("seven-up-deal.json"))
    game = client.get(f"/api/games/{response.json()['id']}").json()
    assert len(game["record"]["deals"]) == 1
    evening = {"games": [example("seven-up-game.json"), example("po-noskam-party.json")]}
    response = client.post("/api/import", json=evening)
    ids = response.json()["games"]
    assert len(ids) == 2
    evenings = {client.get(f"/api/games/{i}").json()["evening"] for i in ids}
    assert len(evenings) == 1
    bad = {"games": [example("seven-up-game.json"), {"variant": "seven-up", "deals": [{}]}]}
    before = len(client.get("/api/games").json()["games"])
    assert_located(client.post("/api/import", json=bad), "$.games[1].deals[0]")
    assert len(client.get("/api/games").json()["games"]) == before
    assert_located(client.post("/api/import", json={"games": []}), "$.games")
    assert_located(client.post("/api/import", json="x"), "$")


def test_variants_lists_plugins_with_their_options(client: TestClient) -> None:
    body = client.get("/api/variants").json()["variants"]
    names = {v["name"] for v in body}
    assert {"seven-up", "semerik", "po-noskam", "sem-listov", "na-noski"} <= names
    seven_up = next(v for v in body if v["name"] == "seven-up")
    assert {o["name"] for o in seven_up["options"]} >= {"players", "game_tie"}


# --- the schema -------------------------------------------------------------------------------


def test_openapi_schema_lists_every_api_route(client: TestClient) -> None:
    schema = client.get("/api/openapi.json").json()
    assert schema == json.loads(json.dumps(openapi_schema()))
    routed = set()
    for route in [*api.ROUTES, *advice.ROUTES]:  # advice: the analysis API (#27)
        path = re.sub(r"\{(\w+):int\}", r"{\1}", route.path)
        for method in route.methods or ():
            if method != "HEAD":
                routed.add((path, method.lower()))
    documented = {(p, m) for p, ops in schema["paths"].items() for m in ops}
    assert routed == documented
    for path, method in [
        ("/api/score", "post"),
        ("/api/score-hand", "post"),
        ("/api/games", "post"),
        ("/api/games/{game}/deals", "post"),
    ]:
        assert "422" in schema["paths"][path][method]["responses"]


def test_openapi_schema_is_valid_json_schema_where_it_says_so() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    schema = openapi_schema()
    for component in schema["components"]["schemas"].values():
        jsonschema.Draft202012Validator.check_schema(component)


# --- the guard ----------------------------------------------------------------------------------


def test_writes_from_another_origin_are_refused(client: TestClient) -> None:
    body = {"variant": "seven-up", "players": NAMES}
    response = client.post("/api/games", json=body, headers={"Origin": "http://evil.example"})
    assert response.status_code == 403
    response = client.post("/api/games", json=body, headers={"Origin": "null"})
    assert response.status_code == 403
    response = client.post("/api/games", json=body, headers={"Sec-Fetch-Site": "cross-site"})
    assert response.status_code == 403
    response = client.post("/api/games", json=body, headers={"Origin": "http://testserver"})
    assert response.status_code == 201
    # a page form from another site, too
    response = client.post(
        "/games", data={"variant": "seven-up"}, headers={"Origin": "http://evil.example"}
    )
    assert response.status_code == 403
    # reads are not writes
    assert client.get("/api/games", headers={"Origin": "http://evil.example"}).status_code == 200


def test_request_size_limits(tmp_path: Path) -> None:
    app = create_app(str(tmp_path / "db.sqlite3"), max_body=1000)
    with TestClient(app) as small:
        response = small.post("/api/score", content=b" " * 2000)
        assert response.status_code == 413
        assert "larger than 1000 bytes" in response.json()["error"]

        def chunks() -> Any:  # no Content-Length: the body is counted as it arrives
            for _ in range(20):
                yield b" " * 100

        response = small.post("/api/score", content=chunks())
        assert response.status_code == 413
        assert small.post("/import", content=chunks()).status_code == 413


def test_unknown_host_is_refused(tmp_path: Path) -> None:
    app = create_app(str(tmp_path / "db.sqlite3"), hosts=["127.0.0.1", "localhost"])
    with TestClient(app, base_url="http://127.0.0.1:8765") as local:
        assert local.get("/api/games").status_code == 200
    with TestClient(app, base_url="http://rebound.example") as rebound:
        assert rebound.get("/api/games").status_code == 400


def test_table_code_for_every_write(tmp_path: Path) -> None:
    app = create_app(str(tmp_path / "db.sqlite3"), code="424242")
    with TestClient(app) as coded:
        body = {"variant": "seven-up", "players": NAMES}
        assert coded.get("/api/games").status_code == 200  # reading needs no code
        response = coded.post("/api/games", json=body)
        assert response.status_code == 403 and "code" in response.json()["error"]
        response = coded.post("/api/games", json=body, headers={"X-Table-Code": "000000"})
        assert response.status_code == 403
        response = coded.post("/api/games", json=body, headers={"X-Table-Code": "424242"})
        assert response.status_code == 201
        game_id = response.json()["id"]
        assert coded.post(f"/api/games/{game_id}/finish").status_code == 403
        # a page write without the code goes to the code page; the right code sets a cookie
        response = coded.post(f"/games/{game_id}/finish", follow_redirects=False)
        assert response.status_code == 303 and response.headers["location"].startswith("/code")
        assert coded.post("/code", data={"code": "1", "next": "/"}).status_code == 403
        response = coded.post("/code", data={"code": "424242", "next": "/"}, follow_redirects=False)
        assert response.status_code == 303
        assert coded.post(f"/api/games/{game_id}/finish").status_code == 200


def test_no_stack_trace_on_an_internal_error(tmp_path: Path, monkeypatch: Any) -> None:
    app = create_app(str(tmp_path / "db.sqlite3"))

    def broken(*args: Any) -> Any:
        raise RuntimeError("secret internals")

    monkeypatch.setattr(app.state.table, "view", broken)
    with TestClient(app, raise_server_exceptions=False) as failing:
        for path in ("/api/games/1", "/games/1"):
            response = failing.get(path)
            assert response.status_code == 500
            assert "secret" not in response.text and "Traceback" not in response.text


def test_the_change_log_is_append_only(tmp_path: Path, client: TestClient) -> None:
    db = tmp_path / "log.sqlite3"
    with TestClient(create_app(str(db))) as logged:
        new_game(logged)
    connection = sqlite3.connect(db)
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        connection.execute("UPDATE changes SET kind = 'x'")
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        connection.execute("DELETE FROM changes")
    assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    connection.close()


def test_party_fields_the_cut_that_settles_a_race(client: TestClient) -> None:
    """PN5: a race is settled by a cut card after it ends; the game takes it afterwards."""
    full = example("po-noskam-party.json")
    without = {k: v for k, v in full.items() if k != "cut"}
    game_id = client.post("/api/import", json=without).json()["id"]
    assert client.get(f"/api/games/{game_id}").json()["result"].get("punishment") is None
    assert_located(client.put(f"/api/games/{game_id}/fields", json={"cut": "Z♣"}), "$.cut")
    assert_located(client.put(f"/api/games/{game_id}/fields", json={"deals": []}), "$.deals")
    assert_located(client.put(f"/api/games/{game_id}/fields", json=[1]), "$")
    response = client.put(f"/api/games/{game_id}/fields", json={"cut": full["cut"]})
    assert response.status_code == 200, response.text
    assert response.json()["result"] == kozyr.replay(full).to_json()
    response = client.put(f"/api/games/{game_id}/fields", json={"cut": None})
    assert "cut" not in response.json()["record"]
    kinds = [c["kind"] for c in client.get(f"/api/games/{game_id}/changes").json()["changes"]]
    assert kinds == ["import", "set-fields", "set-fields"]


def test_an_evening_of_two_games(client: TestClient) -> None:
    """Two games of one evening (the second by "next game") export as one evening record whose
    result is exactly ``kozyr replay --json`` of it: totals per player name."""
    deals = party_deals(kozyr.get_variant("seven-up"), 2)
    first = new_game(client)
    for deal in deals:
        client.post(f"/api/games/{first}/deals", json=deal)
    second = client.post(f"/api/games/{first}/next").json()["id"]
    outcome = {"turnups": "8♥", "beg": "stand", "high": 1, "low": 0, "jack": None, "game": 1}
    assert client.post(f"/api/games/{second}/deals", json=outcome).status_code == 201
    client.post("/api/games", json={"variant": "semerik", "players": NAMES})  # another evening
    evening_id = client.get(f"/api/games/{first}").json()["evening"]
    body = client.get(f"/api/evenings/{evening_id}").json()
    assert len(body["record"]["games"]) == 2
    assert body["result"] == json.loads(json.dumps(kozyr.replay(body["record"]).to_json()))
    assert body["result"]["names"] and body["record"]["games"][0]["players"] == NAMES
    exported = client.get(f"/evenings/{evening_id}/export.json").json()
    assert exported == body["record"]
    assert client.get("/api/evenings/99").status_code == 404


# --- bad input is a 4xx with a located message (#21) -------------------------------------------


@pytest.mark.parametrize("options", [[], 0, False, "", None, [1], "x"])
def test_options_that_are_not_an_object_are_refused(client: TestClient, options: Any) -> None:
    """``[]``, ``0``, ``false``, ``""`` once read as ``{}`` -- the CLI refuses ``[]``."""
    body = {"variant": "seven-up", "players": NAMES, "options": options}
    assert_located(client.post("/api/games", json=body), "$.options")
    hand = {"variant": "semerik", "cards": "A♥ K♥", "options": options}
    assert_located(client.post("/api/score-hand", json=hand), "$.options")
    assert client.get("/api/games").json()["games"] == []


@pytest.mark.parametrize("evening", [-5, 0, 2, 10**18])
def test_a_game_joins_only_an_evening_that_exists(client: TestClient, evening: int) -> None:
    """``evening: -5`` once made a new evening numbered -5."""
    first = new_game(client)
    evening_id = client.get(f"/api/games/{first}").json()["evening"]
    body = {"variant": "seven-up", "players": NAMES, "evening": evening}
    error = assert_located(client.post("/api/games", json=body), "$.evening")
    assert f"no evening {evening}" in error["detail"]
    body["evening"] = evening_id
    assert client.post("/api/games", json=body).status_code == 201


def test_next_game_is_idempotent(client: TestClient) -> None:
    """A repeated ``POST …/next`` returns the game the first one made (once: another empty game
    each time); an empty game has no next game."""
    game = new_game(client)
    assert_located(client.post(f"/api/games/{game}/next"), "$.deals")
    deal = party_deals(kozyr.get_variant("seven-up"), 1)[0]
    assert client.post(f"/api/games/{game}/deals", json=deal).status_code == 201
    first = client.post(f"/api/games/{game}/next").json()["id"]
    again = client.post(f"/api/games/{game}/next").json()["id"]
    assert first == again == game + 1
    assert len(client.get("/api/games").json()["games"]) == 2


def test_import_keeps_the_deal_limit(client: TestClient) -> None:
    """``POST /api/import`` ignored the 500-deal limit of a game (and then every ``GET`` of it
    replayed the lot); now a longer game is refused before it is replayed, nothing stored."""
    from kozyr.web.table import MAX_DEALS

    deals = [
        {"dealer": i % 4, "turnups": "8♥", "beg": "stand", "high": i % 2, "low": 1 - i % 2,
         "jack": None, "game": None}
        for i in range(MAX_DEALS + 1)
    ]  # fmt: skip
    record = {"variant": "seven-up", "target": 10**6, "deals": deals}
    error = assert_located(client.post("/api/import", json=record), "$.deals")
    assert error["detail"].startswith("a game takes at most 500 deals, this one has 501")
    evening = {"games": [{"variant": "seven-up", "deals": deals[:3]}, record]}
    assert_located(client.post("/api/import", json=evening), "$.games[1].deals")
    assert client.get("/api/games").json()["games"] == []
    record["deals"] = deals[:MAX_DEALS]
    assert client.post("/api/import", json=record).status_code == 201


@pytest.mark.parametrize(
    "body",
    [
        {"variant": "seven-up", "players": ["\ud800", "Б", "В", "Г"]},
        {"variant": "seven-up", "players": NAMES, "dealer": "²"},
        {"variant": "seven-up", "players": NAMES, "dealer": 2**64},
    ],
)
def test_create_game_never_500(client: TestClient, body: dict[str, Any]) -> None:
    """A lone surrogate once reached SQLite (UnicodeEncodeError, a 500); a seat must be a small
    number."""
    response = client.post("/api/games", content=json.dumps(body).encode())
    assert 400 <= response.status_code < 500, response.text
    assert response.json()["error"]


@pytest.mark.parametrize(
    ("players", "path", "message"),
    [
        (["Аня", "Аня\u200b", "Вера", "Гоша"], "$.players[1]", "U+200B ZERO WIDTH SPACE"),
        (["Аня", "Боря", "аня", "Гоша"], "$.players[2]", "is already at the table: seat 0"),
        (["Аня", "Боря", "\u202eареВ", "Гоша"], "$.players[2]", "RIGHT-TO-LEFT OVERRIDE"),
        (["Аня", "Бо\nря", "Вера", "Гоша"], "$.players[1]", "LINE FEED"),
        (["Аня", "Боря", "Вера", "\ud800"], "$.players[3]", "lone surrogate"),
    ],
)
def test_create_game_reads_names_as_records_do(
    client: TestClient, players: list[str], path: str, message: str
) -> None:
    """Issue 21 item 6, and the UnicodeEncodeError 500 of a lone surrogate: all a 422 at the
    name's path."""
    body = json.dumps({"variant": "seven-up", "players": players})  # "\ud800" as its escape
    response = client.post("/api/games", content=body, headers={"Content-Type": "application/json"})
    assert message in assert_located(response, path)["detail"]
    assert client.get("/api/games").json()["games"] == []


@pytest.mark.parametrize(
    ("key", "value", "path"),
    [("note", "\ud800", "$.note"), ("players", ["Аня", "Аня\u200b", "Вера"], "$.players[1]")],
)
def test_import_refuses_what_a_record_may_not_hold(
    client: TestClient, key: str, value: Any, path: str
) -> None:
    """Issue 21: a lone surrogate (the UnicodeEncodeError 500 of POST /api/import) and an
    invisible character in a name are a located 422; nothing is stored."""
    body = json.dumps({**example("po-noskam-party.json"), key: value}).encode()
    headers = {"Content-Type": "application/json"}
    response = client.post("/api/import", content=body, headers=headers)
    assert_located(response, path)
    assert client.get("/api/games").json()["games"] == []


def test_an_input_limit_is_located_in_the_answer(client: TestClient) -> None:
    """The fuzz run of #21 item 10: a deal nested past the depth limit, or holding a number of
    401 digits, was a 422 whose ``path`` was null although its message named the place; now
    the answer's ``path`` is the JSON path of the limit (as for every other refusal)."""
    game = client.post("/api/games", json={"variant": "seven-up", "players": NAMES}).json()["id"]
    deep = client.post(f"/api/games/{game}/deals", content="[" * 70 + "]" * 70)
    error = assert_located(deep, "$[0][0][0]")
    assert error["detail"].startswith("nesting deeper than 64 at line 1 column 65")
    long = client.put(f"/api/games/{game}/fields", content='{"target": ' + "9" * 401 + "}")
    error = assert_located(long, "$.target")
    assert error["detail"].startswith("a number of 401 digits at line 1 column 12")


@pytest.mark.parametrize("deals", [{}, 0, False, "", None, "deals"])
def test_import_refuses_deals_that_are_not_a_list(client: TestClient, deals: Any) -> None:
    """The fuzz run of #21 item 10: ``{"variant": "semerik", "deals": {}}`` was imported as an
    empty game (``kozyr replay`` refuses it), and so were ``0``, ``false``, ``""`` and null."""
    record = {"variant": "semerik", "options": {}, "deals": deals}
    answer = client.post("/api/import", json=record)
    error = assert_located(answer, "$.deals")
    assert error["detail"].startswith("expected a")
    assert client.get("/api/games").json()["games"] == []
    record["deals"] = []  # an empty game is still a game the table may start from
    assert client.post("/api/import", json=record).status_code == 201


@pytest.mark.parametrize("place", [{}, True, 7, "", "дача\x00"])
def test_an_evenings_own_text_is_read_as_replay_reads_it(client: TestClient, place: Any) -> None:
    """The fuzz run of #21 item 10: an evening whose own ``place`` was an object or a boolean
    was imported, the value copied into each game, where ``kozyr replay`` refuses it
    (``$.place: expected a text``). Now the import refuses it at ``$.place``, storing nothing."""
    game = example("po-noskam-party.json")
    evening = {"games": [game, game], "place": place}
    assert_located(client.post("/api/import", json=evening), "$.place")
    assert client.get("/api/games").json()["games"] == []
    evening["place"] = "дача"
    assert client.post("/api/import", json=evening).status_code == 201
