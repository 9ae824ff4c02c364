"""The analysis page of a deal (web/analysis.py, issue 27): ``GET
/games/{game}/deals/{index}/analysis`` on the hand-worked Seven Up party of tests/test_analysis.py
-- the flagged cards exactly as ``kozyr analyse`` says them, seats by name, in English and
Russian -- the deals that cannot be analysed, the search budget, a busy server, the link from
the sheet, and ``POST /api/analyse`` of a party."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from kozyr.cli import main
from kozyr.web import analysis as page

from ..test_analysis import HAND_WORKED_PARTY
from .conftest import example

NAMES = ["Anna", "Boris"]
#: ``kozyr analyse`` on the party's first deal (tests/test_analysis.py works them by hand).
FIRST = [
    "trick 2, seat 0: 7♦ loses the Jack and Game; A♥ keeps them",
    "trick 2, seat 1: 3♦ loses the Jack; J♥ keeps it",
    "trick 3, seat 0: 8♦ loses the Jack and Game; A♥ keeps them",
    "trick 3, seat 1: 4♦ loses the Jack; J♥ keeps it",
    "trick 4, seat 0: 9♦ loses the Jack and Game; A♥ keeps them",
    "trick 4, seat 1: 5♦ loses the Jack; J♥ keeps it",
    "trick 5, seat 0: 9♠ loses the Jack; A♥ keeps it",
]


def named(texts: list[str], names: list[str]) -> list[str]:
    return [t.replace("seat 0", names[0]).replace("seat 1", names[1]) for t in texts]


def imported(client: Any, record: dict[str, Any]) -> int:
    text = json.dumps(record, ensure_ascii=False)
    response = client.post("/import", data={"record": text}, follow_redirects=False)
    assert response.status_code == 303, response.text[:300]
    return int(response.headers["location"].rsplit("/", 1)[1])


def flags(html: str) -> list[str]:
    return re.findall(r'<li class="flag"[^>]*>([^<]*)</li>', html)


def rows(html: str) -> list[str]:
    return re.findall(r'<tr class="(play[^"]*)"', html)


@pytest.fixture
def party(client: Any) -> int:
    return imported(client, {**HAND_WORKED_PARTY, "players": NAMES})


def test_the_flags_are_the_commands_with_the_players_named(client: Any, party: int) -> None:
    client.cookies.set("lang", "en")
    html = client.get(f"/games/{party}/deals/0/analysis").text
    assert flags(html) == named(FIRST, NAMES)
    # the second deal is the first with the seats exchanged: Boris is seat 1 there
    second = client.get(f"/games/{party}/deals/1/analysis")
    assert second.status_code == 200
    assert flags(second.text) == named(FIRST, ["Boris", "Anna"])
    # from one deal's analysis to the next's and back
    assert f'href="/games/{party}/deals/1/analysis" id="next-deal"' in html
    assert 'id="prev-deal"' not in html and 'id="next-deal"' not in second.text
    assert f'href="/games/{party}/deals/0/analysis" id="prev-deal"' in second.text
    # every card in a row, the seven losses marked; before and after of trick 5's 9♠: 3 → 2
    assert len(rows(html)) == 12 and rows(html).count("play lost") == 7
    nine = re.search(r'<tr class="play lost" data-trick="5" data-seat="0">(.*?)</tr>', html)
    assert nine is not None
    cells = re.findall(r"<td[^>]*>(.*?)</td>", nine.group(1))
    assert [re.sub(r"<[^>]+>", "", c).strip() for c in cells] == [
        "5", "Anna", "9♠ ✗ — lost value", "3", "2", "A♥"
    ]  # fmt: skip
    assert "Value of" not in html  # each plays for himself: the value is the player's own
    assert "12 cards played, 7 lost value" in html
    assert 'src="/static/analysis.js"' in html and "<script>" not in html and "style=" not in html


def test_partners_share_a_value(client: Any) -> None:
    # Seven Up of four: seats 0 and 2 against 1 and 3 (C5); each value is the partnership's
    names = ["Anna", "Boris", "Vera", "Gosha"]
    deal = {k: v for k, v in example("seven-up-deal.json").items() if k != "variant"}
    game = imported(client, {"variant": "seven-up", "players": names, "deals": [deal]})
    client.cookies.set("lang", "en")
    html = client.get(f"/games/{game}/deals/0/analysis").text
    assert "Value of" in html
    first = re.search(r'<tr class="play[^"]*" data-trick="1" data-seat="(\d)">(.*?)</tr>', html)
    assert first is not None
    seat = int(first.group(1))
    side = re.findall(r"<td[^>]*>(.*?)</td>", first.group(2))[-1]
    assert side == ", ".join(names[s] for s in (seat % 2, seat % 2 + 2))


def test_only_the_lost_cards_without_javascript(client: Any, party: int) -> None:
    html = client.get(f"/games/{party}/deals/0/analysis?only=lost").text
    assert rows(html) == ["play lost"] * 7
    assert 'id="filter"' in html and f'href="/games/{party}/deals/0/analysis"' in html


def test_in_russian(client: Any, party: int) -> None:
    client.cookies.set("lang", "ru")
    html = client.get(f"/games/{party}/deals/0/analysis").text
    said = flags(html)
    assert said[0] == "взятка 2, Anna: 7♦ теряет Валет и Гейм; A♥ сохраняет"
    assert said[-1] == "взятка 5, Anna: 9♠ теряет Валет; A♥ сохраняет"
    assert "12 карт сыграно, 7 потеряли ценность" in html


def test_the_sheet_links_the_deals_played_card_by_card(client: Any) -> None:
    # Seven Up's example game: deal 1 has its tricks, the others are summaries or outcomes
    game = imported(client, example("seven-up-game.json"))
    html = client.get(f"/games/{game}").text
    assert re.findall(r'id="analyse-(\d+)"', html) == ["0"]
    client.cookies.set("lang", "en")
    summary = client.get(f"/games/{game}/deals/1/analysis")
    assert summary.status_code == 200 and 'id="no-plays"' in summary.text
    assert "written down as a summary" in summary.text
    # the one full deal: no other analysis to go to
    alone = client.get(f"/games/{game}/deals/0/analysis").text
    assert 'id="prev-deal"' not in alone and 'id="next-deal"' not in alone
    assert client.get(f"/games/{game}/deals/9/analysis").status_code == 404
    assert client.get("/games/999/deals/0/analysis").status_code == 404


def test_a_card_past_the_budget_is_said_not_solved(
    client: Any, party: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    client.cookies.set("lang", "en")
    monkeypatch.setattr(page, "PAGE_MAX_NODES", 1)
    html = client.get(f"/games/{party}/deals/0/analysis").text
    assert flags(html) == [] and 'id="unsolved-note"' in html
    assert rows(html) == ["play unsolved"] * 12
    assert html.count('<span class="not-solved">not solved</span>') == 12
    assert "12 not solved within the search budget" in html


def test_a_deal_a_seat_sat_out(client: Any) -> None:
    client.cookies.set("lang", "en")
    names = ["Anna", "Boris", "Vera"]
    game = imported(client, {**example("po-noskam-full-party.json"), "players": names})
    html = client.get(f"/games/{game}/deals/3/analysis").text
    assert 'id="not-analysed"' in html
    assert "Vera sat this deal out, and the solver needs every player in play" in html


def test_a_busy_server_answers_503_at_once(
    client: Any, party: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert client.get(f"/games/{party}/deals/0/analysis").status_code == 200  # kept now
    monkeypatch.setattr(page, "WAIT_SECONDS", 0.05)
    page._RUNNING.acquire()  # another analysis holds the only slot
    try:
        # a kept review needs no slot: answered at once
        assert client.get(f"/games/{party}/deals/0/analysis").status_code == 200
        monkeypatch.setattr(page, "PAGE_MAX_NODES", 7)  # a review not kept from before
        response = client.get(f"/games/{party}/deals/0/analysis")
        assert response.status_code == 503 and response.headers["retry-after"] == "5"
        api = client.post("/api/analyse", json=HAND_WORKED_PARTY)
        assert api.status_code == 503 and "busy analysing" in api.json()["error"]
    finally:
        page._RUNNING.release()


def test_a_review_is_kept(client: Any, party: int, monkeypatch: pytest.MonkeyPatch) -> None:
    assert client.get(f"/games/{party}/deals/0/analysis").status_code == 200

    def fail(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("searched again")

    monkeypatch.setattr("kozyr.analysis.analyse_party", fail)
    client.cookies.set("lang", "en")
    assert flags(client.get(f"/games/{party}/deals/0/analysis").text) == named(FIRST, NAMES)


def test_the_api_takes_a_party(client: Any, tmp_path: Path) -> None:
    path = tmp_path / "party.json"
    path.write_text(json.dumps(HAND_WORKED_PARTY, ensure_ascii=False), encoding="utf-8")
    out = io.StringIO()
    assert main(["analyse", str(path), "--json"], out=out) == 0
    response = client.post("/api/analyse", json=HAND_WORKED_PARTY)
    assert response.status_code == 200 and response.json() == json.loads(out.getvalue())
    evening = client.post("/api/analyse", json={"games": [HAND_WORKED_PARTY]})
    assert evening.status_code == 422 and "not an evening" in evening.json()["error"]
    summary = client.post("/api/analyse", json=example("seven-up-game.json"))
    assert summary.status_code == 422
    assert summary.json()["error"].startswith("$.deals[1] is a summary record")


def test_a_full_deal_typed_into_the_deal_form(client: Any) -> None:
    # the deal form's JSON box takes a whole deal (hands and tricks): the sheet links its analysis
    form = {"variant": "seven-up", "o.players": "2", "player.0": "Anna", "player.1": "Boris"}
    response = client.post("/games", data={**form, "dealer": "0"}, follow_redirects=False)
    assert response.status_code == 303
    game = int(response.headers["location"].rsplit("/", 1)[1])
    revision = str(client.get(f"/api/games/{game}").json()["revision"])
    deal = json.dumps(HAND_WORKED_PARTY["deals"][0], ensure_ascii=False)
    saved = client.post(f"/games/{game}/deals", data={"revision": revision, "deal_json": deal})
    assert saved.status_code == 200 and 'id="analyse-0"' in saved.text
    client.cookies.set("lang", "en")
    assert flags(client.get(f"/games/{game}/deals/0/analysis").text) == named(FIRST, NAMES)


def test_the_search_stops_at_the_request_budget(tmp_path: Path) -> None:
    # a Семерик deal takes the page about 2 s of search; with a request budget of 0.2 s the
    # search stops within a card of it and the page answers 503, the server free again
    from starlette.testclient import TestClient

    from kozyr.web import create_app
    from kozyr.web.app import Limits

    limits = Limits(request_seconds=0.2, grace=5.0)
    with TestClient(create_app(str(tmp_path / "k.sqlite3"), limits=limits)) as slow:
        game = imported(slow, example("semerik-deal.json"))
        slow.cookies.set("lang", "en")
        response = slow.get(f"/games/{game}/deals/0/analysis")
        assert response.status_code == 503, response.text[:300]
        # stopped by the search's own check, at a card ($.deals[0].tricks[N]), not after it
        assert re.match(
            r"\$\.deals\[0\]\.tricks\[\d+\]: the work took longer than its budget", response.text
        )
        assert slow.get("/").status_code == 200


def test_a_deal_counted_in_tricks_says_what_the_command_says(client: Any) -> None:
    # Семь листов of two (SL-C9: tricks): the page's sentences are the command's at the same
    # budget, seats named, in tricks ("loses 1 trick"), and in Russian with its plural forms
    record = example("sem-listov.json")
    out = io.StringIO()
    path = str(Path(__file__).resolve().parents[2] / "examples" / "sem-listov.json")
    argv = ["analyse", path, "--json", "--max-nodes", str(page.PAGE_MAX_NODES)]
    assert main(argv, out=out) == 0
    said = [p["text"] for p in json.loads(out.getvalue())["plays"] if p["text"]]
    assert said and all(" loses 1 trick; " in t for t in said)
    deal = {k: v for k, v in record.items() if k not in ("variant", "options")}
    party = {"variant": "sem-listov", "options": record["options"], "players": NAMES}
    game = imported(client, {**party, "deals": [deal]})
    client.cookies.set("lang", "en")
    assert flags(client.get(f"/games/{game}/deals/0/analysis").text) == named(said, NAMES)
    client.cookies.set("lang", "ru")
    russian = flags(client.get(f"/games/{game}/deals/0/analysis").text)
    assert len(russian) == len(said) and all(" теряет 1 взятку; " in t for t in russian)
