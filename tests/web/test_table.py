"""The table's operations through the JSON API: revisions and conflict-safe writes (#20 item 1),
idempotent deals and imports (#20 item 1, #21 item 8), and recovering from any slip -- redo,
reopen, rename, delete and restore (#20 item 6)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from starlette.testclient import TestClient

import kozyr

from .conftest import example
from .test_api import NAMES, assert_located, new_game

#: A Seven Up outcome that scores nothing (SU6: no trump in play, game tied), so a game takes
#: as many of them as a test wants without ending (SU7 ends it at 7 points).
NOTHING = {"turnups": ["8♥"], "high": None, "low": None, "jack": None, "game": None}


def high_to(seat: int) -> dict[str, Any]:
    """A Seven Up outcome: High and Low to ``seat`` (the single trump in play, SU6): two points
    to its side."""
    return {**NOTHING, "high": seat, "low": seat}


def deals_of(client: TestClient, game_id: int) -> list[dict[str, Any]]:
    deals: list[dict[str, Any]] = client.get(f"/api/games/{game_id}").json()["record"]["deals"]
    return deals


def kinds(client: TestClient, game_id: int) -> list[str]:
    return [c["kind"] for c in client.get(f"/api/games/{game_id}/changes").json()["changes"]]


def test_revision_counts_changes_and_is_the_etag(client: TestClient) -> None:
    game_id = new_game(client)
    first = client.get(f"/api/games/{game_id}")
    assert first.json()["revision"] == 1 and first.headers["etag"] == '"1"'
    added = client.post(f"/api/games/{game_id}/deals", json=high_to(0))
    assert added.status_code == 201 and added.headers["etag"] == '"2"'
    assert added.json()["revision"] == 2
    assert client.get(f"/api/games/{game_id}", headers={"If-None-Match": '"2"'}).status_code == 304
    assert client.get(f"/api/games/{game_id}", headers={"If-None-Match": '"1"'}).status_code == 200
    log = client.get(f"/api/games/{game_id}/changes").json()["changes"]
    assert [c["revision"] for c in log] == [1, 2]
    since = client.get(f"/api/games/{game_id}/changes?since=1").json()["changes"]
    assert [c["kind"] for c in since] == ["add-deal"]
    assert_located(client.get(f"/api/games/{game_id}/changes?since=x"), "since")
    listed = client.get("/api/games").json()["games"][0]
    assert (listed["revision"], listed["name"], listed["deleted"]) == (2, None, False)


#: Every write route of a game: (method, path after /api/games/{id}, JSON body). The game has
#: two deals, High to seat 0 then to seat 1, and is open.
WRITES = [
    ("POST", "/deals", NOTHING),
    ("DELETE", "/deals/last", None),
    ("PUT", "/deals/0", high_to(2)),
    ("PUT", "/fields", {}),
    ("POST", "/finish", None),
    ("POST", "/next", None),
    ("PUT", "/name", {"name": "Пятница"}),
    ("DELETE", "", None),
]


def two_deals(client: TestClient) -> int:
    game_id = new_game(client)
    for seat in (0, 1):
        assert client.post(f"/api/games/{game_id}/deals", json=high_to(seat)).status_code == 201
    return game_id


@pytest.mark.parametrize(("method", "path", "body"), WRITES)
def test_a_stale_if_match_is_412_with_the_current_game_and_changes_nothing(
    client: TestClient, method: str, path: str, body: Any
) -> None:
    game_id = two_deals(client)  # revision 3
    before = client.get(f"/api/games/{game_id}").json()
    games_before = client.get("/api/games").json()["games"]
    response = client.request(
        method, f"/api/games/{game_id}{path}", json=body, headers={"If-Match": '"2"'}
    )
    assert response.status_code == 412, response.text
    refused = response.json()
    assert response.headers["etag"] == '"3"'
    assert refused["revision"] == 3 and refused["expected"] == [2]
    assert refused["record"] == before["record"] and refused["result"] == before["result"]
    assert "revision 3" in refused["error"] and "nothing was changed" in refused["error"]
    # what changed since revision 2: the second deal
    assert [(c["kind"], c["revision"]) for c in refused["since"]] == [("add-deal", 3)]
    assert refused["since"][0]["detail"]["after"]["high"] == 1
    assert client.get(f"/api/games/{game_id}").json() == before
    assert client.get("/api/games").json()["games"] == games_before
    assert len(kinds(client, game_id)) == 3


@pytest.mark.parametrize(("method", "path", "body"), WRITES)
@pytest.mark.parametrize("tag", ['"3"', 'W/"3"', "3", '"1", "3"', "*"])
def test_a_current_if_match_is_taken(
    client: TestClient, method: str, path: str, body: Any, tag: str
) -> None:
    game_id = two_deals(client)
    response = client.request(
        method, f"/api/games/{game_id}{path}", json=body, headers={"If-Match": tag}
    )
    assert response.status_code in (200, 201), response.text
    assert len(kinds(client, game_id)) == 4


def test_a_tag_that_is_no_revision_never_matches(client: TestClient) -> None:
    game_id = two_deals(client)
    for tag in ('"abc"', '""', '"²"'.encode(), '"3x"', '"' + "9" * 40 + '"'):
        response = client.delete(f"/api/games/{game_id}/deals/last", headers={"If-Match": tag})
        assert response.status_code == 412, tag
    assert len(deals_of(client, game_id)) == 2


def test_two_phones_undo_at_once_only_one_deal_goes(client: TestClient) -> None:
    game_id = two_deals(client)
    seen = client.get(f"/api/games/{game_id}").headers["etag"]
    first = client.delete(f"/api/games/{game_id}/deals/last", headers={"If-Match": seen})
    second = client.delete(f"/api/games/{game_id}/deals/last", headers={"If-Match": seen})
    assert (first.status_code, second.status_code) == (200, 412)
    assert [d["high"] for d in deals_of(client, game_id)] == [0]
    assert [c["kind"] for c in second.json()["since"]] == ["undo"]


def test_two_phones_edit_deal_1_the_second_is_refused(client: TestClient) -> None:
    game_id = two_deals(client)
    seen = client.get(f"/api/games/{game_id}").headers["etag"]
    one = client.put(f"/api/games/{game_id}/deals/0", json=high_to(2), headers={"If-Match": seen})
    two = client.put(f"/api/games/{game_id}/deals/0", json=high_to(3), headers={"If-Match": seen})
    assert (one.status_code, two.status_code) == (200, 412)
    assert deals_of(client, game_id)[0]["high"] == 2
    # the refused phone applies its entry on top, against the revision it was shown
    on_top = client.put(
        f"/api/games/{game_id}/deals/0", json=high_to(3), headers={"If-Match": two.headers["etag"]}
    )
    assert on_top.status_code == 200 and deals_of(client, game_id)[0]["high"] == 3


def test_an_idempotency_key_stores_a_deal_once(client: TestClient) -> None:
    game_id = new_game(client)
    headers = {"Idempotency-Key": "0f8fad5b-d9cb-469f-a165-70867728950e"}
    first = client.post(f"/api/games/{game_id}/deals", json=high_to(0), headers=headers)
    client.post(f"/api/games/{game_id}/deals", json=high_to(1))  # another phone's deal
    again = client.post(f"/api/games/{game_id}/deals", json=high_to(0), headers=headers)
    assert (first.status_code, again.status_code) == (201, 201)
    assert again.json() == first.json()  # the first answer, as it was (revision 2, 1 deal)
    assert again.headers["idempotency-replayed"] == "true"
    assert "idempotency-replayed" not in first.headers
    assert [d["high"] for d in deals_of(client, game_id)] == [0, 1]
    assert kinds(client, game_id) == ["create", "add-deal", "add-deal"]
    # a retry after a stale If-Match still gets its first answer (the key is looked at first)
    stale = client.post(
        f"/api/games/{game_id}/deals", json=high_to(0), headers={**headers, "If-Match": '"1"'}
    )
    assert stale.status_code == 201 and stale.json() == first.json()
    # the same key with another deal is a mistake, not a retry
    other = client.post(f"/api/games/{game_id}/deals", json=high_to(3), headers=headers)
    assert other.status_code == 422 and "already used" in other.json()["error"]
    for bad in ("", "x" * 201, "ключ".encode(), "a b"):
        response = client.post(
            f"/api/games/{game_id}/deals", json=high_to(0), headers={"Idempotency-Key": bad}
        )
        assert_located(response, "Idempotency-Key")
    # a refused deal stores no answer: the same key with a good deal then goes through
    key = {"Idempotency-Key": "k-bad-first"}
    assert (
        client.post(f"/api/games/{game_id}/deals", json={"high": 9}, headers=key).status_code == 422
    )
    assert client.post(f"/api/games/{game_id}/deals", json=NOTHING, headers=key).status_code == 201
    assert len(deals_of(client, game_id)) == 3


def test_the_key_of_one_game_is_not_the_key_of_another(client: TestClient) -> None:
    one, two = new_game(client), new_game(client)
    headers = {"Idempotency-Key": "same"}
    assert (
        client.post(f"/api/games/{one}/deals", json=high_to(0), headers=headers).status_code == 201
    )
    response = client.post(f"/api/games/{two}/deals", json=high_to(0), headers=headers)
    assert response.status_code == 201 and "idempotency-replayed" not in response.headers
    assert len(deals_of(client, two)) == 1


def test_undo_then_redo_brings_the_deals_back_in_order(client: TestClient) -> None:
    game_id = new_game(client)
    for seat in (0, 1, 2):
        client.post(f"/api/games/{game_id}/deals", json=high_to(seat))
    full = client.get(f"/api/games/{game_id}").json()
    client.delete(f"/api/games/{game_id}/deals/last")
    undone = client.delete(f"/api/games/{game_id}/deals/last").json()
    assert undone["redo"] == 2 and [d["high"] for d in undone["record"]["deals"]] == [0]
    redone = client.post(f"/api/games/{game_id}/redo").json()
    assert [d["high"] for d in redone["record"]["deals"]] == [0, 1] and redone["redo"] == 1
    redone = client.post(f"/api/games/{game_id}/redo").json()
    assert redone["record"] == full["record"] and redone["result"] == full["result"]
    assert redone["redo"] == 0
    assert_located(client.post(f"/api/games/{game_id}/redo"), "$.deals")
    # a new deal after an undo ends what redo can bring back
    client.delete(f"/api/games/{game_id}/deals/last")
    client.post(f"/api/games/{game_id}/deals", json=high_to(3))
    assert client.get(f"/api/games/{game_id}").json()["redo"] == 0
    assert_located(client.post(f"/api/games/{game_id}/redo"), "$.deals")
    log = kinds(client, game_id)
    assert log == ["create", *["add-deal"] * 3, "undo", "undo", "redo", "redo", "undo", "add-deal"]


def test_redo_is_checked_again(client: TestClient) -> None:
    # a finished game takes no deal back, not even by redo; reopened, it does
    game_id = new_game(client)
    client.post(f"/api/games/{game_id}/deals", json=high_to(0))
    client.delete(f"/api/games/{game_id}/deals/last")
    client.post(f"/api/games/{game_id}/finish")
    assert_located(client.post(f"/api/games/{game_id}/redo"), "$.deals")
    client.post(f"/api/games/{game_id}/reopen")
    assert client.post(f"/api/games/{game_id}/redo").status_code == 200
    assert [d["high"] for d in deals_of(client, game_id)] == [0]


def test_a_finished_game_is_reopened(client: TestClient) -> None:
    game_id = two_deals(client)
    assert client.post(f"/api/games/{game_id}/finish").json()["status"] == "finished"
    assert_located(client.post(f"/api/games/{game_id}/deals", json=NOTHING), "$.deals[2]")
    reopened = client.post(f"/api/games/{game_id}/reopen")
    assert reopened.status_code == 200 and reopened.json()["status"] == "open"
    assert client.post(f"/api/games/{game_id}/deals", json=NOTHING).status_code == 201
    assert_located(client.post(f"/api/games/{game_id}/reopen"), "$.status")
    assert kinds(client, game_id)[-3:] == ["finish", "reopen", "add-deal"]


def test_rename(client: TestClient) -> None:
    game_id = new_game(client)
    named = client.put(f"/api/games/{game_id}/name", json={"name": "  Пятница у Вали  "})
    assert named.status_code == 200 and named.json()["name"] == "Пятница у Вали"
    assert client.get("/api/games").json()["games"][0]["name"] == "Пятница у Вали"
    log = client.get(f"/api/games/{game_id}/changes").json()["changes"][-1]
    assert log["kind"] == "rename"
    assert (log["detail"]["before"], log["detail"]["after"]) == (None, "Пятница у Вали")
    assert client.put(f"/api/games/{game_id}/name", json={"name": ""}).json()["name"] is None
    assert_located(client.put(f"/api/games/{game_id}/name", json={"name": "x" * 81}), "$.name")
    assert_located(client.put(f"/api/games/{game_id}/name", json={"name": "a\nb"}), "$.name")
    assert_located(client.put(f"/api/games/{game_id}/name", json={"name": 5}), "$.name")
    assert_located(client.put(f"/api/games/{game_id}/name", json={}), "$.name")
    assert_located(client.put(f"/api/games/{game_id}/name", json={"title": "x"}), "$.title")


def test_delete_keeps_the_change_log_and_restore_brings_the_game_back(
    client: TestClient,
) -> None:
    game_id = two_deals(client)
    other = client.post(f"/api/games/{game_id}/next").json()["id"]
    client.post(f"/api/games/{other}/deals", json=high_to(2))
    before = client.get(f"/api/games/{game_id}").json()
    evening = before["evening"]
    assert len(client.get(f"/api/evenings/{evening}").json()["record"]["games"]) == 2
    deleted = client.delete(f"/api/games/{game_id}")
    assert deleted.status_code == 200 and deleted.json()["deleted"] is True
    assert [g["id"] for g in client.get("/api/games").json()["games"]] == [other]
    assert [g["id"] for g in client.get("/api/games?deleted=true").json()["games"]] == [game_id]
    assert len(client.get(f"/api/evenings/{evening}").json()["record"]["games"]) == 1
    # still there to look at, with its whole log; but it takes no change until restored
    assert client.get(f"/api/games/{game_id}").json()["record"] == before["record"]
    assert kinds(client, game_id)[-1] == "delete"
    for method, path, body in WRITES:
        response = client.request(method, f"/api/games/{game_id}{path}", json=body)
        assert response.status_code == 422, (method, path)
        assert "deleted" in response.json()["error"]
    assert_located(client.post(f"/api/games/{other}/restore"), "$")
    restored = client.post(f"/api/games/{game_id}/restore")
    assert restored.status_code == 200 and restored.json()["deleted"] is False
    assert restored.json()["record"] == before["record"]
    assert {g["id"] for g in client.get("/api/games").json()["games"]} == {game_id, other}
    assert kinds(client, game_id)[-2:] == ["delete", "restore"]
    assert_located(client.post(f"/api/games/{game_id}/restore"), "$")


def test_an_evening_import_is_one_transaction_and_idempotent(client: TestClient) -> None:
    evening = {"games": [example("seven-up-game.json"), example("po-noskam-party.json")]}
    headers = {"Idempotency-Key": "import-1"}
    first = client.post("/api/import", json=evening, headers=headers)
    again = client.post("/api/import", json=evening, headers=headers)
    assert (first.status_code, again.status_code) == (201, 201)
    assert again.json() == first.json() and again.headers["idempotency-replayed"] == "true"
    assert len(client.get("/api/games").json()["games"]) == 2
    other = client.post("/api/import", json={"games": evening["games"][:1]}, headers=headers)
    assert other.status_code == 422 and "already used" in other.json()["error"]
    # a bad last game: nothing of the evening is stored
    bad = {"games": [*evening["games"], {"variant": "seven-up", "deals": [{}]}]}
    assert_located(client.post("/api/import", json=bad), "$.games[2].deals[0]")
    assert len(client.get("/api/games").json()["games"]) == 2


def test_an_evening_whose_games_inherit_variant_and_options_imports_as_replay_reads_it(
    client: TestClient,
) -> None:
    party = example("po-noskam-party.json")
    inner = {k: v for k, v in party.items() if k not in ("variant", "options")}
    evening = {
        "variant": party["variant"],
        "options": party.get("options", {}),
        "players": NAMES[: kozyr.get_variant(party["variant"], **party.get("options", {})).players],
        "games": [inner, inner],
    }
    expected = kozyr.replay(json.loads(json.dumps(evening))).to_json()
    response = client.post("/api/import", json=evening)
    assert response.status_code == 201, response.text
    ids = response.json()["games"]
    stored = client.get(f"/api/evenings/{client.get(f'/api/games/{ids[0]}').json()['evening']}")
    want = json.loads(json.dumps(expected, ensure_ascii=False))
    want.pop("players")  # the evening's own metadata: the web evening is its games
    assert stored.json()["result"] == want
