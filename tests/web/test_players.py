"""``/players`` and the running-score chart (#20 item 7): players are the same across games and
evenings when their names match ignoring case; games played and won and the money, in all and
per variant, agree with ``kozyr stats``; the chart is inline SVG drawn by a template, a line per
column ending at the sheet's totals."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from starlette.testclient import TestClient

import kozyr
from kozyr.sheet import sheet_of
from kozyr.stats import player_stats

from .conftest import example


def party(name: str, players: list[str]) -> dict[str, Any]:
    data: dict[str, Any] = example(name)
    data["players"] = players
    return data


@pytest.mark.slow
def test_players_page_counts_every_game_by_name(client: TestClient) -> None:
    first = party("seven-up-game.json", ["Аня", "Боря", "Вера", "Гоша"])
    second = party("sem-listov-runaways-party.json", ["аня", "Боря", "Вера", "Дима"])
    client.post("/api/import", json=first)
    client.post("/api/import", json=second)  # a second evening: imports start their own
    client.cookies.set("lang", "ru")
    page = client.get("/players").text
    assert "учтены 2 партии" in page  # the plural of 2
    expected = player_stats([*sheet_of(first)[0].games, *sheet_of(second)[0].games])
    for player in expected.players:
        body = re.search(
            rf'<tbody class="player" data-player="{player.name}">(.*?)</tbody>', page, re.S
        )
        assert body is not None, player.name
        row = body.group(1)
        cells = re.findall(r'<td class="(played|won|sum)">([^<]*)</td>', row.split("</tr>")[0])
        total = str(player.total) if player.total <= 0 else f"+{player.total}"
        assert cells == [("played", str(player.games)), ("won", str(player.won)), ("sum", total)]
        assert row.count('class="variant"') == len(player.variants)
    assert 'data-player="аня"' not in page  # one Аня
    assert 'id="players-link"' in client.get("/").text


def test_the_chart_ends_at_the_totals(client: TestClient) -> None:
    variant = kozyr.get_variant("po-noskam", players=4)
    result = kozyr.play_party(variant, seed=3)
    assert result.record is not None
    record = json.loads(json.dumps(result.record.to_json(variant)))
    game_id = client.post("/api/import", json=record).json()["id"]
    page = client.get(f"/games/{game_id}").text
    svg = page.split('<figure class="chart" id="chart">')[1].split("</figure>")[0]
    assert svg.startswith("<svg") and 'role="img"' in svg and "<title" in svg
    lines = re.findall(r'<polyline class="series s\d" points="([^"]+)"', svg)
    assert len(lines) == 4
    finals = [float(points.split()[-1].split(",")[1]) for points in lines]
    totals = [int(t) for t in re.findall(r'<td class="total" data-col="\d+">(-?\d+)</td>', page)]
    assert all(len(points.split()) == len(record["deals"]) + 1 for points in lines)
    # a higher total is drawn higher (a smaller y); equal totals at the same height
    for i in range(4):
        for j in range(4):
            if totals[i] > totals[j]:
                assert finals[i] < finals[j]
            elif totals[i] == totals[j]:
                assert finals[i] == finals[j]
    legend = re.findall(r"</span>[^<]*: <b>(-?\d+)</b>", svg.split("<figcaption>")[1])
    assert [int(x) for x in legend] == totals
    assert "<polyline" in client.get(f"/games/{game_id}/print").text
