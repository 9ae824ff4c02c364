"""The analysis API (web/advice.py, issue 27): POST /api/analyse is exactly ``kozyr analyse
--json`` within its budget, POST /api/advise exactly ``kozyr advise --json``; bad input is a
located 422."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")


from kozyr.cli import main

DEAL: dict[str, Any] = {  # the hand-worked deal of tests/test_analysis.py
    "variant": "seven-up",
    "options": {"players": 2},
    "dealer": 0,
    "hands": ["A♥ 9♠ 6♦ 7♦ 8♦ 9♦", "J♥ K♠ 2♦ 3♦ 4♦ 5♦"],
    "turnups": ["5♥"],
    "beg": "stand",
    "tricks": ["2♦ 6♦", "7♦ 3♦", "8♦ 4♦", "9♦ 5♦", "9♠ J♥", "K♠ A♥"],
}


def cli_json(*argv: str) -> Any:
    out = io.StringIO()
    assert main(list(argv), out=out) == 0
    return json.loads(out.getvalue())


def test_analyse_is_the_command(client: Any, tmp_path: Path) -> None:
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(DEAL, ensure_ascii=False), encoding="utf-8")
    response = client.post("/api/analyse", json=DEAL)
    assert response.status_code == 200
    assert response.json() == cli_json("analyse", str(path), "--json")
    assert response.json()["plays"][8]["text"] == "trick 5, seat 0: 9♠ loses the Jack; A♥ keeps it"


def test_analyse_refuses_an_evening_and_a_summary(client: Any) -> None:
    # a party is analysed deal by deal (tests/web/test_analysis_page.py); an evening is not
    response = client.post("/api/analyse", json={"games": [DEAL]})
    assert response.status_code == 422 and "not an evening" in response.json()["error"]
    bad = dict(DEAL, tricks=["2♦ 6♦", "7♦ 3♦"])
    assert client.post("/api/analyse", json=bad).status_code == 422


def test_advise_is_the_command(client: Any) -> None:
    body = {"variant": "seven-up", "seat": 1, "hand": "Ah Kh Jh 10s 2c 3d", "turnup": "5h",
            "samples": 4, "seed": 3}  # fmt: skip
    response = client.post("/api/advise", json=body)
    assert response.status_code == 200
    argv = ["advise", "seven-up", "--seat", "1", "--hand", "Ah Kh Jh 10s 2c 3d", "--turnup", "5h"]
    assert response.json() == cli_json(*argv, "--samples", "4", "--seed", "3", "--json")


@pytest.mark.parametrize(
    ("body", "path"),
    [
        (
            {"variant": "seven-up", "seat": 1, "hand": "Ah", "turnup": "5h", "samples": 99},
            "$.samples",
        ),
        ({"variant": "seven-up", "seat": 1, "hand": "Ah Kh", "policy": "dd"}, "$.policy"),
        ({"variant": "nope", "seat": 1, "hand": "Ah"}, "$.variant"),
        ({"variant": "seven-up", "seat": 1, "hand": "Xh"}, "$.hand"),
        ({"variant": "seven-up", "hand": "Ah"}, "$.seat"),
        ({"variant": "seven-up", "seat": 1, "hand": "Ah", "colour": 1}, "$.colour"),
    ],
)
def test_advise_refuses_bad_input(client: Any, body: dict[str, Any], path: str) -> None:
    response = client.post("/api/advise", json=body)
    assert response.status_code == 422
    assert response.json()["path"] == path


def test_advise_hears_the_shown_cards(client: Any) -> None:
    # Семерик, dealer 0: eldest (seat 1) asks about its opening lead (SM5) having heard seat 2
    # declare the баба of spades, 3♠ 2♠ A♠ (SM6): exactly `kozyr advise --shown 2="3s 2s As"`,
    # and the answer is not the one without it (every sample deals seat 2 those cards).
    from kozyr.advise import advise
    from kozyr.cardset import CardSet
    from kozyr.registry import get_variant

    hand = "3h 2h Ah Kh 4c 5c 6c 7d Qd Jd"
    body = {"variant": "semerik", "seat": 1, "hand": hand, "samples": 3, "seed": 2}
    heard = client.post("/api/advise", json={**body, "shown": {"2": "3s 2s As"}})
    assert heard.status_code == 200
    argv = ["advise", "semerik", "--seat", "1", "--hand", hand, "--samples", "3", "--seed", "2"]
    assert heard.json() == cli_json(*argv, "--shown", "2=3s 2s As", "--json")
    direct = advise(
        get_variant("semerik"), 1, CardSet.parse(hand), samples=3, seed=2,
        shown={2: list(CardSet.parse("3s 2s As"))},
    )  # fmt: skip
    assert heard.json() == direct.to_json()
    unheard = client.post("/api/advise", json=body)
    assert unheard.status_code == 200 and unheard.json() != heard.json()
    listed = client.post("/api/advise", json={**body, "shown": {"2": ["3s", "2s", "As"]}})
    assert listed.json() == heard.json()


@pytest.mark.parametrize(
    ("shown", "path", "message"),
    [
        (["3s"], "$.shown", "expected an object"),
        ({"two": "3s"}, "$.shown.two", "expected a seat 0..3"),
        ({"9": "3s"}, "$.shown.9", "expected a seat 0..3"),
        ({"2": "3x"}, "$.shown.2", ""),
        ({"2": 3}, "$.shown.2", "expected cards"),
        ({"2": "3h"}, "$.shown", "is also in the hand"),
        ({"2": "3s", "3": "3s"}, "$.shown", "another seat's shown cards"),
        ({"1": "3s"}, "$.shown", "is not another seat"),
    ],
)
def test_advise_refuses_bad_shown_cards(client: Any, shown: Any, path: str, message: str) -> None:
    body = {"variant": "semerik", "seat": 1, "hand": "3h 2h Ah Kh 4c 5c 6c 7d Qd Jd",
            "samples": 2, "seed": 2, "shown": shown}  # fmt: skip
    response = client.post("/api/advise", json=body)
    assert response.status_code == 422
    assert response.json()["path"] == path and message in response.json()["error"]
