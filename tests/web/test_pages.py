"""The HTML pages through the ASGI test client: a game started by its form, deals entered,
refused with the message by their field, undone, edited; export, print, import, language."""

from __future__ import annotations

import csv
import io
import json
import re
from typing import Any

import pytest
from starlette.testclient import TestClient

import kozyr

from .conftest import example

NAMES = ["Аня", "Боря", "Вера", "Гоша"]


def start(client: TestClient, variant: str = "seven-up", **options: str) -> str:
    form = {"variant": variant, "dealer": "0"}
    form.update({f"player.{i}": name for i, name in enumerate(NAMES)})
    form.update({f"o.{k}": v for k, v in options.items()})
    response = client.post("/games", data=form, follow_redirects=False)
    assert response.status_code == 303, response.text
    location: str = response.headers["location"]
    return location


def played(seed: int) -> list[dict[str, Any]]:
    variant = kozyr.get_variant("seven-up")
    party = kozyr.play_party(variant, seed=seed)
    assert party.record is not None
    deals: list[dict[str, Any]] = json.loads(json.dumps(party.record.to_json(variant)))["deals"]
    return deals


def test_new_game_page_lists_variants_options_and_seats(client: TestClient) -> None:
    page = client.get("/new?variant=po-noskam&players=3").text
    for name in ("seven-up", "semerik", "po-noskam", "na-noski", "sem-listov"):
        assert f'value="{name}"' in page
    assert page.count('name="player.') == 3 and 'name="o.players" value="3"' in page
    assert 'name="viewport"' in page
    seven_up = client.get("/new?variant=seven-up").text
    assert 'name="o.game_tie"' in seven_up and "D-SU3" in seven_up


def test_new_game_form_errors_stay_by_their_field(client: TestClient) -> None:
    form = {"variant": "seven-up", "dealer": "0", "player.0": "Аня", "player.1": "Аня"}
    form.update({"player.2": "Вера", "player.3": "Гоша"})
    response = client.post("/games", data=form)
    assert response.status_code == 422
    assert "«Аня» уже за столом" in response.text  # the page's language (#20 item 5)
    english = client.post("/games", data=form, headers={"Accept-Language": "en"})
    assert "&#39;Аня&#39; is already at the table" in english.text
    assert 'value="Вера"' in response.text  # what was typed is kept


def test_a_game_through_its_pages(client: TestClient) -> None:
    deals = played(2)
    url = start(client, game_tie="none", void_may_discard="false")
    page = client.get(url).text
    assert 'id="deal-form"' in page and "Аня" in page
    for deal in deals[:2]:
        response = client.post(f"{url}/deals", data={"deal_json": json.dumps(deal)})
        assert response.status_code == 200  # followed the 303 to the game
    page = client.get(url).text
    expected = kozyr.replay({"variant": "seven-up", "deals": deals[:2]}).to_json()["running"][-1]
    assert f'data-col="0">{expected[0]}<' in page and f'data-col="1">{expected[1]}<' in page
    # every card replayed (what the result's "checked" says), in words
    assert 'data-checked="plays"' in page and "проверено: каждая карта разыграна" in page
    # a bad deal: the located message, the typed JSON kept
    bad = dict(deals[2], dealer=9)
    response = client.post(f"{url}/deals", data={"deal_json": json.dumps(bad)})
    assert response.status_code == 422
    assert "место 9: такого места за столом нет" in response.text
    response = client.post(f"{url}/deals", data={"deal_json": "{nope"})
    assert response.status_code == 422 and "это не JSON" in response.text
    # edit deal 1 to the same deal: the edit page, the sheet unchanged
    edit = client.get(f"{url}/deals/0/edit")
    assert edit.status_code == 200 and "deal_json" in edit.text
    response = client.post(f"{url}/deals/0/edit", data={"deal_json": json.dumps(deals[0])})
    assert response.status_code == 200
    broken = json.loads(json.dumps(deals[0]))
    broken["tricks"][0] = broken["tricks"][1]
    response = client.post(f"{url}/deals/0/edit", data={"deal_json": json.dumps(broken)})
    assert response.status_code == 422 and "$.deals[0].tricks" in response.text
    assert client.get(f"{url}/deals/7/edit").status_code == 404
    # export: the JSON record replays; CSV has a row per deal
    record = client.get(f"{url}/export.json").json()
    assert kozyr.replay(record).to_json()["running"][-1] == expected
    rows = list(csv.reader(io.StringIO(client.get(f"{url}/export.csv").text)))
    assert len(rows) == 3 and rows[0][0] == "deal"
    assert 'id="sheet"' in client.get(f"{url}/print").text
    # undo, finish, next game
    asked = client.post(f"{url}/undo")  # the confirm step: nothing undone yet
    assert 'id="confirm"' in asked.text
    assert len(client.get(f"{url}/export.json").json()["deals"]) == 2
    client.post(f"{url}/undo", data={"confirm": "1"})
    assert len(client.get(f"{url}/export.json").json()["deals"]) == 1
    client.post(f"{url}/finish", data={"confirm": "1"})
    assert 'id="deal-form"' not in client.get(url).text
    response = client.post(f"{url}/next", follow_redirects=False)
    assert response.status_code == 303 and response.headers["location"] != url
    home = client.get("/").text
    assert home.count('class="game-link"') == 2


def test_import_page(client: TestClient) -> None:
    text = json.dumps(example("semerik-game.json"), ensure_ascii=False)
    response = client.post("/import", data={"record": text}, follow_redirects=False)
    assert response.status_code == 303
    response = client.post("/import", data={"record": "[1"})
    assert response.status_code == 422 and "это не JSON" in response.text
    response = client.post("/import", data={"record": '{"variant": "nope", "deals": [{}]}'})
    assert response.status_code == 422 and "$.variant" in response.text
    assert 'id="import-file"' in client.get("/import").text


def test_language_switch_and_unknown_pages(client: TestClient) -> None:
    response = client.get("/lang/en?next=/new", follow_redirects=False)
    assert response.status_code == 303 and response.headers["location"] == "/new"
    assert 'lang="en"' in client.get("/").text  # the cookie it set
    client.cookies.clear()
    assert "<h1>Партии" in client.get("/").text  # no cookie, no Accept-Language: Russian
    assert "<h1>Games" in client.get("/", headers={"Accept-Language": "en-GB"}).text
    client.cookies.set("lang", "en")
    assert "<h1>Games" in client.get("/", headers={"Accept-Language": "ru"}).text
    off_site = client.get("/lang/en?next=//evil.example/", follow_redirects=False)
    assert off_site.headers["location"] == "/"
    assert client.get("/games/42").status_code == 404
    assert client.get("/static/kozyr.css").status_code == 200
    assert client.get("/static/kozyr.js").status_code == 200


@pytest.mark.slow
def test_the_cut_card_through_the_page(client: TestClient) -> None:
    full = example("po-noskam-party.json")
    without = {k: v for k, v in full.items() if k != "cut"}
    game_id = client.post("/api/import", json=without).json()["id"]
    page = client.get(f"/games/{game_id}").text
    assert 'name="p.cut"' in page and 'name="p.extra_hits"' in page
    response = client.post(f"/games/{game_id}/fields", data={"p.cut": "Z♣", "p.extra_hits": ""})
    assert response.status_code == 422 and "$.cut" in response.text
    client.post(f"/games/{game_id}/fields", data={"p.cut": full["cut"], "p.extra_hits": ""})
    record = client.get(f"/games/{game_id}/export.json").json()
    assert kozyr.replay(record).to_json() == kozyr.replay(full).to_json()


# --- bad input is a 4xx with a message, never a 500 (#21) ---------------------------------------


def test_numbers_in_queries_and_forms_are_ascii_digits(client: TestClient) -> None:
    """``'²'`` passes ``str.isdigit`` and then breaks ``int()``; a 5,000-digit number breaks it
    too: both were 500s in ``/new?players=``, ``dealer=`` and a seats field (#21). Now a
    number that is not plain ASCII digits is simply not a number: the form is shown again, or
    the record reader names the field."""
    for query in ("players=²", "players=" + "9" * 5000, "players=٣", "players=-1"):
        page = client.get(f"/new?variant=po-noskam&{query}")
        assert page.status_code == 200, query
    form = {"variant": "seven-up", "dealer": "²"}
    form.update({f"player.{i}": name for i, name in enumerate(NAMES)})
    # the form shown again, naming the dealer (it was taken as seat 0 behind the user's back)
    for dealer in ("²", "9" * 5000, "99999999999999999999", "x"):
        form["dealer"] = dealer
        page = client.post("/games", data=form, follow_redirects=False)
        assert page.status_code == 422 and 'role="alert">сдающий: нужен номер места' in page.text
    # a number that is no seat of the table: refused at $.dealer, and the form says why there
    # (it once answered 422 with no message at all: the form showed no error at that path)
    form["dealer"] = "7"
    page = client.post("/games", data=form, follow_redirects=False)
    assert page.status_code == 422
    alerts = re.findall(r'role="alert">([^<]*)<', page.text)
    assert len(alerts) == 1 and "7" in alerts[0], alerts
    assert page.text.index("First dealer") < page.text.index('role="alert"')
    form["dealer"] = "2"
    made = client.post("/games", data=form, follow_redirects=False)
    assert made.status_code == 303
    assert client.get("/api" + made.headers["location"]).json()["next_dealer"] == 2
    race = start(client, "po-noskam")
    for bad in ("²", "9" * 5000, "١"):
        posted = {"f.dealer": "0", "f.tricks_won.0": "2", "f.tricks_won.1": "2",
                  "f.tricks_won.2": "2", "f.tricks_won.3": "2", "f.reached": bad}  # fmt: skip
        response = client.post(f"{race}/deals", data=posted)
        assert response.status_code in (303, 422), (bad, response.status_code)
    seven = start(client)
    posted = {"f.dealer": "0", "f.turnups": "8♥", "f.beg": "stand", "f.high": "²", "f.low": "1",
              "f.jack": "-", "f.game": "-"}  # fmt: skip
    response = client.post(f"{seven}/deals", data=posted)
    assert response.status_code == 422 and "high" in response.text


def test_json_typed_into_a_page_is_read_strictly(client: TestClient) -> None:
    """``/games/G/fields`` read its field with plain ``json.loads``: 100,000 brackets were a
    RecursionError (a 500). The deal-as-JSON box and the fields box now use kozyr's strict,
    bounded reader: too deep is a 422 with the limit's message."""
    url = start(client)
    game = int(url.rsplit("/", 1)[1])
    assert client.post(f"/api/games/{game}/deals", json=played(3)[0]).status_code == 201
    deep = "[" * 100_000 + "]" * 100_000
    response = client.post(f"{url}/fields", data={"p.target": deep})
    assert response.status_code == 422 and "вложенность глубже 64" in response.text
    response = client.post(f"{url}/deals", data={"deal_json": deep})
    assert response.status_code == 422 and "вложенность глубже 64" in response.text
    response = client.post(f"{url}/deals", data={"deal_json": '{"high": 1e999}'})
    assert response.status_code == 422
    saved = client.post(f"{url}/fields", data={"p.target": "11"}, follow_redirects=False)
    assert saved.status_code == 303
    assert client.get(f"/api/games/{game}").json()["record"]["target"] == 11


def test_next_game_twice_makes_one_game(client: TestClient) -> None:
    """A repeated ``POST /games/G/next`` (a double tap, a retried request) once made one more
    empty game each time; now it goes to the game the first one made, and an empty game has
    no next game."""
    url = start(client)
    game = int(url.rsplit("/", 1)[1])
    response = client.post(f"{url}/next", follow_redirects=False)
    assert response.status_code == 422 and "ещё нет сдач" in response.text
    deal = played(3)[0]
    assert client.post(f"/api/games/{game}/deals", json=deal).status_code == 201
    first = client.post(f"{url}/next", follow_redirects=False)
    again = client.post(f"{url}/next", follow_redirects=False)
    assert first.status_code == again.status_code == 303
    assert first.headers["location"] == again.headers["location"] == f"/games/{game + 1}"
    assert len(client.get("/api/games").json()["games"]) == 2


def test_csv_export_is_safe_in_a_spreadsheet(client: TestClient) -> None:
    """Issue 21 item 7: a player named like a formula is text in /games/G/export.csv (dealer
    column, headers, items), read back with the csv module as a spreadsheet would; the points
    and totals stay numbers."""
    evil = '=HYPERLINK("http://e.vil/","x")'
    form = {"variant": "seven-up", "dealer": "0", "player.0": evil, "player.1": "@Боря"}
    form.update({"player.2": "-Вера", "player.3": "+Гоша"})
    response = client.post("/games", data=form, follow_redirects=False)
    assert response.status_code == 303, response.text
    url = response.headers["location"]
    game = url.rstrip("/").rsplit("/", 1)[-1]
    for deal in played(2)[:2]:
        assert client.post(f"/api/games/{game}/deals", json=deal).status_code == 201
    rows = list(csv.reader(io.StringIO(client.get(f"{url}/export.csv").text)))
    assert len(rows) == 3
    assert rows[0][2].startswith(f"'{evil} & -Вера") and rows[1][1] == f"'{evil}"
    for row in rows:
        for cell in row:
            if cell.startswith(("=", "+", "-", "@", "\t", "\r")):
                float(cell)  # only a real (negative) number may start so
    assert any("'" + "@Боря" in cell or "@Боря" in cell for cell in rows[0])


def test_the_deal_caption_a_variant_declares(client: TestClient) -> None:
    # Семерик (SM8): the next deal belongs to game 2 of the rubber, score 0:2 after game 1's carry
    game_id = client.post("/api/import", json=example("semerik-game.json")).json()["id"]
    page = client.get(f"/games/{game_id}").text
    assert '<p class="caption" id="deal-caption">партия 2, счёт 0:2 (SM8)</p>' in page
    # По носкам (PN4): after seat 2 reached seven in deal 3, seats 0 and 1 are still in the race
    race = example("po-noskam-full-party.json")
    race = dict(race, deals=race["deals"][:3], players=["Аня", "Боря", "Вера"])
    race.pop("cut", None)
    game_id = client.post("/api/import", json=race).json()["id"]
    page = client.get(f"/games/{game_id}").text
    assert '<p class="caption" id="deal-caption">ещё в гонке: Аня, Боря (PN4)</p>' in page
    # Seven Up declares none
    game_id = client.post("/api/import", json=example("seven-up-game.json")).json()["id"]
    assert 'id="deal-caption"' not in client.get(f"/games/{game_id}").text
