"""Fractional points (issue 15 item 4): a ``ScoreItem`` may score a ``Fraction``, and the core
carries it exactly -- totals, parties, settlement, every sheet format, the CLI's text and JSON,
simulation statistics -- writing a fraction in JSON as the string ``"a/b"`` (read back by
``kozyr.scoring.fraction_from_json``) and a whole total as an int.

The throwaway variant below, "half-whist", has rules of its own (HW1-HW6):

* HW1 -- two players, four cards each from a 32-card pack, no trump; eldest (the dealer's left)
  leads; follow suit when able, else play any card; the highest card of the suit led wins.
* HW2 -- one point a trick.
* HW3 -- the majority: one point to the player with more tricks; on a tie it is split, half
  each.
* HW4 -- the last trick: half a point to its winner.
* HW5 -- after each deal the player with fewer points pays the other the difference.
* HW6 -- a party ends after the deal in which a player reaches 5 points; the most points win.
* HW7 -- (the hand calculator, ``score-hand``) half a point for each ace held.
"""

from __future__ import annotations

import copy
import io
import json
import re
from collections.abc import Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

import kozyr
import kozyr.registry as kp
from kozyr import (
    CardSet,
    Deal,
    DealRecord,
    DealResult,
    Deck,
    FollowElseAny,
    PartyRecord,
    PartyResult,
    Payment,
    Points,
    Rank,
    RankOrder,
    ScoreItem,
    ScoreSheet,
    Settlement,
    Variant,
    hookimpl,
)
from kozyr.cli import main
from kozyr.registry import PluginManager
from kozyr.scoring import exact, fraction_from_json, fraction_json
from kozyr.sheet import render, sheet_from
from kozyr.simulate import simulate
from kozyr.testing import check_variant

HALF = Fraction(1, 2)
TARGET = 5  # HW6


class HalfWhist(Variant):
    name = "half-whist"
    title = "Half whist"
    title_ru = "Полувист"
    player_counts = (2,)

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.trick_rules = FollowElseAny(RankOrder.ace_high(), rule="HW1")

    def start(self, deal: Deal) -> None:
        deck = Deck.of_size(32)
        deal.shuffle(deck)
        eldest = 1 - deal.dealer
        deal.deal_hands(deck.deal_masks([eldest, deal.dealer], (4,)))
        deal.begin_play(eldest)  # HW1

    def setup_replay(self, deal: Deal, record: DealRecord) -> None:
        deal.begin_play(1 - record.dealer)

    def score(self, record: DealRecord, context: Mapping[str, Any]) -> DealResult:
        tricks = tuple(record.tricks_won(2))
        items = [
            ScoreItem("tricks", "взятки", "tricks", won, seat=seat, rule="HW2")
            for seat, won in enumerate(tricks)
        ]
        if tricks[0] == tricks[1]:  # HW3: a tie splits the majority point
            items += [
                ScoreItem("majority", "большинство", "majority", HALF, seat=s, rule="HW3")
                for s in (0, 1)
            ]
        else:
            more = 0 if tricks[0] > tricks[1] else 1
            items.append(ScoreItem("majority", "большинство", "majority", 1, seat=more, rule="HW3"))
        assert record.tricks and record.tricks[-1].winner is not None
        last = record.tricks[-1].winner
        items.append(ScoreItem("last", "последняя", "last trick", HALF, seat=last, rule="HW4"))
        sheet = ScoreSheet(tuple(items), 2)
        points = sheet.by_seat()
        low, high = (0, 1) if points[0] < points[1] else (1, 0)
        payment = Payment(low, high, Fraction(points[high] - points[low]), "HW5")
        return DealResult(
            record, tricks, sheet, tuple(points), Settlement.from_payments(2, [payment])
        )

    def score_hand(self, cards: CardSet) -> ScoreSheet:
        aces = [c for c in cards if c.rank == Rank.ACE]
        return ScoreSheet(
            tuple(ScoreItem("ace", "туз", "ace", HALF, cards=(c,), rule="HW7") for c in aces), 1
        )

    def party_context(
        self, party: PartyRecord, results: Sequence[DealResult]
    ) -> Mapping[str, Any] | None:
        totals = _totals(results)
        return None if max(totals) >= TARGET else {"totals": totals}  # HW6

    def score_party(self, party: PartyRecord, results: Sequence[DealResult]) -> PartyResult:
        running: list[tuple[Points, ...]] = []
        for i in range(len(results)):
            running.append(tuple(_totals(results[: i + 1])))
        totals = running[-1] if running else (0, 0)
        winner = None if totals[0] == totals[1] else (0 if totals[0] > totals[1] else 1)
        loser = None if winner is None else 1 - winner
        ledger = Settlement.combine(2, [r.settlement for r in results])
        return PartyResult(tuple(results), tuple(running), winner, loser, ledger)


def _totals(results: Sequence[DealResult]) -> list[Points]:
    totals: list[Points] = [0, 0]
    for result in results:
        totals = [a + b for a, b in zip(totals, result.points, strict=True)]
    return [exact(t) for t in totals]


@pytest.fixture
def half(monkeypatch: pytest.MonkeyPatch) -> PluginManager:
    """Half whist registered by a run-time plugin named ``half-plugin``."""

    class Plugin:
        @hookimpl
        def kozyr_register_variants(self, registry: kozyr.VariantRegistry) -> None:
            registry.add(HalfWhist)

    pm = PluginManager(autoload=False)
    pm.load_entry_points()
    pm.register(Plugin(), name="half-plugin")
    monkeypatch.setattr(kp, "_manager", pm)
    return pm


#: Deal 1, dealer 0: eldest (seat 1) leads. Tricks, leader first:
#:   1. Q♠ A♠ -> seat 0    2. K♠ J♠ -> seat 0    3. 7♥ A♥ -> seat 1    4. 9♦ 8♦ -> seat 1
#: HW2 tricks 2 : 2; HW3 a tie, the majority split: 1/2 each; HW4 the last trick to seat 1: 1/2.
#: Points 5/2 : 3; HW5 seat 0 pays seat 1 1/2.
DEAL_1: dict[str, Any] = {
    "dealer": 0,
    "hands": ["A♠ K♠ 7♥ 8♦", "Q♠ J♠ A♥ 9♦"],
    "tricks": ["Q♠ A♠", "K♠ J♠", "7♥ A♥", "9♦ 8♦"],
}
#: Deal 2, dealer 1: eldest (seat 0) leads. Tricks, leader first:
#:   1. A♠ Q♠ -> seat 0    2. 7♦ 9♦ -> seat 1    3. 8♥ A♥ -> seat 0    4. K♠ 7♥ -> seat 0
#: HW2 tricks 3 : 1; HW3 the majority to seat 0: 1; HW4 the last trick to seat 0: 1/2.
#: Points 9/2 : 1; HW5 seat 1 pays seat 0 7/2. Running totals 5/2 + 9/2 = 7 and 3 + 1 = 4:
#: seat 0 reached 5 (HW6), the party is over, seat 0 wins; settlement 7/2 - 1/2 = 3 to seat 0.
DEAL_2: dict[str, Any] = {
    "dealer": 1,
    "hands": ["A♠ K♠ 7♦ A♥", "Q♠ 9♦ 8♥ 7♥"],
    "tricks": ["A♠ Q♠", "7♦ 9♦", "8♥ A♥", "K♠ 7♥"],
}


def deal_record() -> dict[str, Any]:
    return {"variant": "half-whist", "options": {}, **copy.deepcopy(DEAL_1)}


def party_record() -> dict[str, Any]:
    return {"variant": "half-whist", "options": {}, "deals": [DEAL_1, DEAL_2]}


def test_a_deal_with_half_points_totals_exactly(half: PluginManager) -> None:
    result = kozyr.replay(deal_record())
    assert isinstance(result, DealResult)
    assert result.tricks == (2, 2)
    # HW3 split, HW4 to seat 1: 2 + 1/2 and 2 + 1/2 + 1/2
    assert result.points == (Fraction(5, 2), 3)
    assert type(result.points[1]) is int  # a whole total is an int, however it was summed
    assert result.sheet.total == Fraction(11, 2)
    assert [(i.name, i.seat, i.points) for i in result.sheet.items if i.name != "tricks"] == [
        ("majority", 0, HALF),
        ("majority", 1, HALF),
        ("last", 1, HALF),
    ]
    assert result.settlement.net() == [-HALF, HALF]  # HW5
    data = result.to_json()
    assert data["points"] == ["5/2", 3]
    assert [i["points"] for i in data["items"]] == [2, 2, "1/2", "1/2", "1/2"]
    assert data["settlement"] == {
        "net": ["-1/2", "1/2"],
        "payments": [{"payer": 0, "payee": 1, "amount": "1/2", "reason": "HW5"}],
    }
    # JSON round trip: the text reads back to the same exact numbers
    again = json.loads(json.dumps(data))
    assert [fraction_from_json(p) for p in again["points"]] == list(result.points)
    assert [fraction_from_json(i["points"]) for i in again["items"]] == [
        i.points for i in result.sheet.items
    ]
    assert str(result).splitlines()[0] == (
        "half-whist deal, dealer seat 0: tricks 2 2; points by seat 5/2 : 3"
    )


def test_a_party_with_half_points(half: PluginManager) -> None:
    result = kozyr.replay(party_record())
    assert isinstance(result, PartyResult)
    assert [d.points for d in result.deals] == [(Fraction(5, 2), 3), (Fraction(9, 2), 1)]
    assert result.running == ((Fraction(5, 2), 3), (7, 4))  # HW6: seat 0 reached 5
    assert all(type(x) is int for x in result.running[-1])
    assert (result.winner, result.loser) == (0, 1)
    # HW5: 1/2 to seat 1, then 7/2 to seat 0: net 3 to seat 0, whole, an int in JSON
    assert result.settlement.net() == [3, -3]
    data = result.to_json()
    assert data["running"] == [["5/2", 3], [7, 4]]
    assert data["settlement"]["net"] == [3, -3]
    assert [p["amount"] for p in data["settlement"]["payments"]] == ["1/2", "7/2"]
    assert kozyr.replay(json.loads(json.dumps(result.record.to_json()))).to_json() == data


def test_every_sheet_format_shows_the_half_points(half: PluginManager) -> None:
    sheet = sheet_from(kozyr.replay(party_record()))
    game = sheet.games[0]
    assert [row.points for row in game.rows] == [(Fraction(5, 2), 3), (Fraction(9, 2), 1)]
    assert game.totals == (7, 4) and game.net == (3, -3)
    text = render(sheet, "text", lang="en")
    assert "+5/2 =5/2" in text and "+3 =3" in text and "+9/2 =7" in text and "+1 =4" in text
    assert "majority: seat 0 +1/2 (HW3)" in text and "last trick: seat 1 +1/2 (HW4)" in text
    markdown = render(sheet, "markdown", lang="en")
    assert "| +5/2 =5/2 | +3 =3 |" in markdown and "| **total** |   | 7 | 4 |" in markdown
    csv_lines = render(sheet, "csv", lang="en").splitlines()
    # CSV for a spreadsheet: a half is its exact decimal, a number (5/2 would read as a date)
    assert csv_lines[1].startswith("1,1,seat 0,2.5,2.5,3,3,")
    assert csv_lines[2].startswith("1,2,seat 1,4.5,7,1,4,")
    html = render(sheet, "html", lang="en")
    assert "<td>+5/2 =5/2</td>" in html and "<th>7</th>" in html
    data = json.loads(render(sheet, "json"))
    rows = data["games"][0]["rows"]
    assert [r["points"] for r in rows] == [["5/2", 3], ["9/2", 1]]
    assert [r["running"] for r in rows] == [["5/2", 3], [7, 4]]
    assert [r["settlement"] for r in rows] == [["-1/2", "1/2"], ["7/2", "-7/2"]]
    majority = [i for i in rows[0]["items"] if i["name"] == "majority"]
    assert [(i["column"], i["points"]) for i in majority] == [(0, "1/2"), (1, "1/2")]
    assert data["games"][0]["totals"] == [7, 4]


def test_an_evening_totals_half_points_per_name(half: PluginManager) -> None:
    # the party twice, the players changing seats (Аня +3 then -3), then a game of deal 1 only
    # (not over yet): Аня in seat 0 pays 1/2 (HW5). Each name's total is exact.
    first = {**party_record(), "players": ["Аня", "Боря"]}
    second = {**party_record(), "players": ["Боря", "Аня"]}
    third = {"variant": "half-whist", "options": {}, "players": ["Аня", "Боря"], "deals": [DEAL_1]}
    evening = kozyr.replay({"games": [first, second, third]})
    assert isinstance(evening, kozyr.EveningResult)
    assert evening.totals == {"Аня": -HALF, "Боря": HALF}
    assert evening.to_json()["totals"] == {"Аня": "-1/2", "Боря": "1/2"}


def test_the_cli_prints_half_points(half: PluginManager, tmp_path: Path) -> None:
    path = tmp_path / "party.json"
    path.write_text(json.dumps(party_record(), ensure_ascii=False), encoding="utf-8")
    deal_path = tmp_path / "deal.json"
    deal_path.write_text(json.dumps(deal_record(), ensure_ascii=False), encoding="utf-8")

    def run(*args: str) -> str:
        import contextlib

        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            assert main(list(args)) == 0
        return out.getvalue()

    text = run("replay", str(deal_path))
    assert "points per seat: 5/2 3" in text
    assert "settlement (net per seat): -1/2 1/2" in text
    assert "majority" in text and "1/2" in text
    data = json.loads(run("replay", str(path), "--json"))
    assert data["running"] == [["5/2", 3], [7, 4]]
    assert data["deals"][0]["points"] == ["5/2", 3]
    sheet = json.loads(run("sheet", str(path), "--format", "json"))
    assert sheet["games"][0]["totals"] == [7, 4]
    assert "+9/2 =7" in run("sheet", str(path), "--lang", "en")
    # HW7: three aces, three halves
    hand = run("score-hand", "half-whist", "A♠ A♥ A♦ K♣")
    assert re.search(r"^ace\s+туз / ace\s+1/2\s+A♠\s+HW7$", hand, re.M), hand
    assert hand.endswith("total: 3/2\n")
    as_json = json.loads(run("score-hand", "--json", "half-whist", "A♠ A♥ A♦ K♣"))
    assert as_json["total"] == "3/2" and [i["points"] for i in as_json["items"]] == ["1/2"] * 3
    assert json.loads(run("score-hand", "--json", "half-whist", "A♠ A♥"))["total"] == 1
    # simulate's table: 20 deals, each with one last trick worth 1/2 (HW4): 10 points in all
    table = run("simulate", "half-whist", "-n", "20", "--engine", "reference")
    assert re.search(r"^last\s+20\s+10\s", table, re.M), table


def test_the_web_api_scores_half_points(half: PluginManager, tmp_path: Path) -> None:
    pytest.importorskip("starlette", reason="kozyr[web] is not installed")
    from starlette.testclient import TestClient

    from kozyr.web import create_app

    with TestClient(create_app(str(tmp_path / "kozyr.sqlite3"))) as client:
        response = client.post("/api/score", json=party_record())
    assert response.status_code == 200
    data = response.json()
    assert data["running"] == [["5/2", 3], [7, 4]]
    assert data["deals"][0]["items"][2]["points"] == "1/2"
    with TestClient(create_app(str(tmp_path / "kozyr.sqlite3"))) as client:
        hand = client.post("/api/score-hand", json={"variant": "half-whist", "cards": "A♠ A♥ A♦"})
    assert hand.status_code == 200 and hand.json()["total"] == "3/2"


def test_simulation_statistics_of_half_points(half: PluginManager) -> None:
    result = simulate("half-whist", n=40, seed=3, engine="reference")
    data = result.to_json()
    # every deal scores 4 tricks + 1 majority + 1/2 last = 11/2 points in all
    points = [fraction_from_json(p) for p in data["points"]["total"]]
    assert sum(points) == 40 * Fraction(11, 2) == 220
    last = data["items"]["last"]
    assert (last["count"], fraction_from_json(last["points"])) == (40, 20)
    majority = fraction_from_json(data["items"]["majority"]["points"])
    assert majority == 40  # a tie gives two halves, otherwise one point: 1 a deal either way
    assert sum(data["points"]["per_deal"]) == pytest.approx(5.5)
    assert isinstance(data["points"]["per_deal"][0], float)


def test_the_conformance_kit_passes_half_points(half: PluginManager) -> None:
    # a test that can fail: the kit replays every deal and party and checks zero-sum exactly
    report = check_variant(kozyr.get_variant("half-whist"), deals=30, seed=11)
    assert report.deals == 30 and report.parties == 3


def test_fraction_json_is_read_back_exactly() -> None:
    for value in (0, 7, -3, HALF, Fraction(-7, 2), Fraction(22, 7)):
        assert fraction_from_json(json.loads(json.dumps(fraction_json(value)))) == value
    assert fraction_json(Fraction(8, 2)) == 4 and type(fraction_from_json("8/2")) is int
    for bad in (1.5, True, "1.5", "1/0", "a/b", None, [1, 2], "1 / 2"):
        with pytest.raises(ValueError, match="expected an exact number"):
            fraction_from_json(bad)
