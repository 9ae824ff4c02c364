"""The pages' side of conflict-safe writes and recovery (#20 items 1, 6), through the HTML forms
with a test client: every write form carries the revision it was drawn at, a stale one is a 412
page saying what changed, undo/finish/delete ask first, a resent deal form stores once, and
redo, reopen, rename, delete and restore work from the page."""

from __future__ import annotations

import re

from starlette.testclient import TestClient

from kozyr.web.store import Change
from kozyr.web.sync import describe, form_key, form_revision

from .test_api import new_game
from .test_table import deals_of, high_to, kinds

FORM_DEAL = {  # Seven Up through the form: High and Low Аня (SU6), no Jack, Game tied
    "f.turnups": "8♥",
    "f.beg": "stand",
    "f.high": "0",
    "f.low": "0",
    "f.jack": "-",
    "f.game": "-",
}


def hidden(html: str, form_action: str, name: str) -> str:
    """The value of hidden field ``name`` in the form posting to ``form_action``."""
    form = re.search(rf'<form[^>]*action="{re.escape(form_action)}".*?</form>', html, re.S)
    assert form is not None, form_action
    field = re.search(rf'name="{name}" value="([^"]*)"', form.group(0))
    assert field is not None, (form_action, name)
    return field.group(1)


def test_every_write_form_carries_the_revision(client: TestClient) -> None:
    game_id = new_game(client)
    client.post(f"/api/games/{game_id}/deals", json=high_to(0))
    html = client.get(f"/games/{game_id}").text
    for action in ("deals", "undo", "finish", "next", "rename", "delete"):
        assert hidden(html, f"/games/{game_id}/{action}", "revision") == "2", action
    key = hidden(html, f"/games/{game_id}/deals", "key")
    assert len(key) == 36 and key != hidden(
        client.get(f"/games/{game_id}").text, f"/games/{game_id}/deals", "key"
    )
    assert 'data-revision="2"' in html and f'data-game="{game_id}"' in html
    edit = client.get(f"/games/{game_id}/deals/0/edit").text
    assert hidden(edit, f"/games/{game_id}/deals/0/edit", "revision") == "2"


def test_a_resent_deal_form_stores_once(client: TestClient) -> None:
    game_id = new_game(client)
    form = {**FORM_DEAL, "revision": "1", "key": "a-form-key"}
    for _ in range(3):  # a double tap, and a resend after a lost answer
        response = client.post(f"/games/{game_id}/deals", data=form, follow_redirects=False)
        assert response.status_code == 303
    assert len(deals_of(client, game_id)) == 1
    assert kinds(client, game_id) == ["create", "add-deal"]


def test_a_stale_deal_form_is_412_with_what_changed_and_the_entry_kept(
    client: TestClient,
) -> None:
    game_id = new_game(client)
    client.post(f"/api/games/{game_id}/deals", json=high_to(1))  # another phone, revision 2
    form = {**FORM_DEAL, "f.turnups": "9♣", "revision": "1", "key": "k2"}
    response = client.post(f"/games/{game_id}/deals", data=form)
    assert response.status_code == 412
    html = response.text
    assert 'id="conflict"' in html and "сдача 1 записана" in html
    assert 'value="9♣"' in html  # the entry, drawn again
    assert hidden(html, f"/games/{game_id}/deals", "revision") == "2"  # to save on top
    assert len(deals_of(client, game_id)) == 1
    form["revision"] = "2"
    assert (
        client.post(f"/games/{game_id}/deals", data=form, follow_redirects=False).status_code == 303
    )
    assert [d["high"] for d in deals_of(client, game_id)] == [1, 0]


def test_undo_finish_and_delete_ask_first(client: TestClient) -> None:
    game_id = new_game(client)
    client.post(f"/api/games/{game_id}/deals", json=high_to(0))
    client.post(f"/api/games/{game_id}/deals", json=high_to(1))
    asked = client.post(f"/games/{game_id}/undo", data={"revision": "3"})
    assert asked.status_code == 200 and "Отменить сдачу 2?" in asked.text
    assert hidden(asked.text, f"/games/{game_id}/undo", "confirm") == "1"
    assert len(deals_of(client, game_id)) == 2  # nothing undone by the question
    done = client.post(f"/games/{game_id}/undo", data={"revision": "3", "confirm": "1"})
    assert done.status_code == 200 and len(deals_of(client, game_id)) == 1
    # the same confirmation sent again (a second phone, or a double tap) is refused: 412
    again = client.post(f"/games/{game_id}/undo", data={"revision": "3", "confirm": "1"})
    assert again.status_code == 412 and "сдача 2 отменена" in again.text
    assert "Отменить сдачу 1?" in again.text  # asked again, on the game as it is now
    assert len(deals_of(client, game_id)) == 1
    # finish and delete: a question first, then done
    assert "Закончить партию?" in client.post(f"/games/{game_id}/finish", data={}).text
    assert client.get(f"/api/games/{game_id}").json()["status"] == "open"
    client.post(f"/games/{game_id}/finish", data={"confirm": "1"})
    assert client.get(f"/api/games/{game_id}").json()["status"] == "finished"
    assert "Удалить партию?" in client.post(f"/games/{game_id}/delete", data={}).text
    assert client.get(f"/api/games/{game_id}").json()["deleted"] is False


def test_redo_reopen_rename_delete_restore_from_the_page(client: TestClient) -> None:
    game_id = new_game(client)
    client.post(f"/api/games/{game_id}/deals", json=high_to(0))
    client.post(f"/games/{game_id}/undo", data={"confirm": "1"})
    page = client.get(f"/games/{game_id}").text
    assert 'id="redo"' in page
    client.post(
        f"/games/{game_id}/redo",
        data={"revision": hidden(page, f"/games/{game_id}/redo", "revision")},
    )
    assert len(deals_of(client, game_id)) == 1
    assert 'id="redo"' not in client.get(f"/games/{game_id}").text
    client.post(f"/games/{game_id}/finish", data={"confirm": "1"})
    page = client.get(f"/games/{game_id}").text
    assert 'id="reopen"' in page and 'id="deal-form"' not in page
    client.post(f"/games/{game_id}/reopen", data={})
    assert 'id="deal-form"' in client.get(f"/games/{game_id}").text
    client.post(f"/games/{game_id}/rename", data={"name": "Пятница"})
    assert 'id="game-name">Пятница<' in client.get(f"/games/{game_id}").text
    assert client.post(f"/games/{game_id}/rename", data={"name": "x" * 81}).status_code == 422
    # delete: gone from the list, on /deleted with a restore button; restored from there
    response = client.post(
        f"/games/{game_id}/delete", data={"confirm": "1"}, follow_redirects=False
    )
    assert response.status_code == 303
    assert f'href="/games/{game_id}"' not in client.get("/").text
    deleted = client.get("/deleted").text
    assert f'action="/games/{game_id}/restore"' in deleted and "Пятница" in deleted
    assert 'id="restore"' in client.get(f"/games/{game_id}").text  # the game page says so too
    client.post(
        f"/games/{game_id}/restore",
        data={"revision": hidden(deleted, f"/games/{game_id}/restore", "revision")},
    )
    assert f'href="/games/{game_id}"' in client.get("/").text
    assert "Удалённых партий нет." in client.get("/deleted").text
    assert kinds(client, game_id)[-5:] == ["finish", "reopen", "rename", "delete", "restore"]


def test_form_fields_are_read_strictly() -> None:
    assert form_revision({"revision": ["12"]}) == {12}
    assert form_revision({"revision": ["²"]}) == set()  # no Unicode digits
    assert form_revision({"revision": ["9" * 19]}) == set()
    assert form_revision({"revision": [""]}) == set()
    assert form_key({"key": [""]}) is None and form_key({}) is None
    assert form_key({"key": ["abc"]}) == "abc"


def test_changes_are_told_in_words() -> None:
    players = ("Аня", "Боря", "Вера", "Гоша")
    undo = Change(
        5, 1, "2026-12-01T20:00:00+00:00", "undo", {"deal": 2, "before": {"dealer": 2}}, 5
    )
    assert describe(undo, "ru", players) == "сдача 3 отменена (сдаёт: Вера)"
    assert describe(undo, "en", players) == "deal 3 was undone (dealer: Вера)"
    rename = Change(6, 1, "2026-12-01T20:00:00+00:00", "rename", {"after": "Пятница"}, 6)
    assert describe(rename, "ru", players) == "партия переименована: Пятница"


def test_a_resent_import_form_stores_the_evening_once(client: TestClient) -> None:
    import json

    from .conftest import example

    page = client.get("/import").text
    key = hidden(page, "/import", "key")
    evening = {"games": [example("seven-up-game.json"), example("po-noskam-party.json")]}
    form = {"record": json.dumps(evening, ensure_ascii=False), "key": key}
    first = client.post("/import", data=form, follow_redirects=False)
    again = client.post("/import", data=form, follow_redirects=False)
    assert first.status_code == again.status_code == 303
    assert first.headers["location"] == again.headers["location"]
    assert len(client.get("/api/games").json()["games"]) == 2
