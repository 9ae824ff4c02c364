"""The example records in examples/ replay to the results the docs quote."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from kozyr import replay

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


def load(name: str) -> Any:
    return json.loads((EXAMPLES / f"{name}.json").read_text("utf-8"))


def net(name: str) -> list[int]:
    return [int(x) for x in replay(load(name)).settlement.net()]


def test_classic_deal_and_its_summary() -> None:
    # SL-C14: tricks 4 : 3, × 2 players = 8 : 6, seat 1 pays 2.
    assert net("sem-listov") == net("sem-listov-summary") == [2, -2]
    full = replay(load("sem-listov")).to_json()
    assert {**full, "checked": "summary"} == replay(load("sem-listov-summary")).to_json()


def test_runaways_party() -> None:
    # Worked in test_classic: [8, 0, 8, -16] then [-20, -36, -28, 84].
    assert net("sem-listov-runaways-party") == [-12, -36, -20, 68]


def test_classic_party_of_three_deals() -> None:
    result = replay(load("sem-listov-party"))
    assert len(result.deals) == 3 and result.extra["complete"] is True  # SL-C15: one per player
    assert [int(x) for x in result.settlement.net()] == [-27, 24, 3]


@pytest.mark.parametrize(
    ("name", "loser", "net"),
    [
        ("po-noskam-party", 0, [0, 0, 0]),  # 8♣: 8 hits from each of seats 1 and 2
        ("sem-listov-1884-party", 0, [-20, 10, 10]),  # Q♦ = 10 to each (SL19-4)
        ("po-noskam-full-party", 1, [0, 0, 0]),  # J♣: forgiven
        ("na-noski-party", 2, [0, 0, 0]),  # 6♦: 6 hits from each of seats 0 and 1
    ],
)
def test_race_parties(name: str, loser: int, net: list[int]) -> None:
    result = replay(load(name))
    assert result.loser == loser
    assert [int(x) for x in result.settlement.net()] == net


def test_na_noski_party_details() -> None:
    result = replay(load("na-noski-party"))
    assert [list(r) for r in result.running] == [[2, 3, 2], [4, 5, 5], [7, 7, 5]]
    assert result.extra["left_after"] == [[], [], [1, 0]]
    assert result.extra["punishment"]["hits_total"] == 12  # 6 hits × 2 opponents
