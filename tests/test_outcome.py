"""Outcome records (issue 11): what a scorekeeper writes at a real table -- no hands, no tricks --
replays to the points, settlement and winners of the full record; summaries with hands are
proven possible by a legal play, or rejected naming the deal and the trick."""

from __future__ import annotations

import json
import os
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

import kozyr
from kozyr import RecordError
from kozyr.testing import check_outcome_reduction

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"

#: Every option set of the equivalence corpus, by variant name (tools/corpus.py).
CASES: dict[str, list[dict[str, Any]]] = defaultdict(list)
for _name, _options in [
    ("seven-up", {"players": 4}),
    ("seven-up", {"players": 2}),
    ("seven-up", {"players": 3}),
    ("seven-up", {"players": 3, "gift_may_win": True}),
    ("seven-up", {"players": 2, "game_tie": "eldest", "void_may_discard": True}),
    ("sem-listov", {"players": 4}),
    ("sem-listov", {"players": 5, "five_trump_leads": True}),
    ("sem-listov", {"players": 4, "runaways": True}),
    ("sem-listov", {"players": 4, "runaways": True, "runaway_split": "next_deal"}),
    ("sem-listov", {"players": 6}),
    ("pyat-listov", {"players": 3}),
    ("po-noskam", {"players": 3}),
    ("po-noskam", {"players": 5}),
    ("sem-listov-1884", {"players": 4}),
    ("na-noski", {"players": 2}),
    ("na-noski", {"players": 4}),
    ("semerik", {}),
    ("semerik", {"quads": "plus_one"}),
    ("semerik", {"counter_mode": "cumulative"}),
]:
    CASES[_name].append(_options)

NAMES = [
    "seven-up",
    "sem-listov",
    "pyat-listov",
    "po-noskam",
    "sem-listov-1884",
    "na-noski",
    "semerik",
]


def reduce_all(name: str, deals: int, parties: int) -> tuple[int, int]:
    total_deals = total_parties = 0
    option_sets = CASES[name]
    for i, options in enumerate(option_sets):
        for j, bots in enumerate(("random", "heuristic")):
            k = 2 * i + j
            runs = 2 * len(option_sets)
            d, p = check_outcome_reduction(
                kozyr.get_variant(name, **options),
                deals=deals // runs + (k < deals % runs),
                parties=parties // runs + (k < parties % runs),
                seed=1000 * k,
                bots=bots,
            )
            total_deals += d
            total_parties += p
    return total_deals, total_parties


@pytest.mark.parametrize("name", NAMES)
def test_outcome_records_of_bot_play_score_as_the_full_records(name: str) -> None:
    # A sample in the default run; `KOZYR_SLOW=1 pytest -m slow` (and tools/outcome_reduction.py)
    # run the full count: 1,000 deals and 100 parties per variant name.
    assert reduce_all(name, 60, 6) == (60, 6)


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("KOZYR_SLOW"), reason="full count: set KOZYR_SLOW=1")
@pytest.mark.parametrize("name", NAMES)
def test_outcome_records_full_count(name: str) -> None:
    assert reduce_all(name, 1000, 100) == (1000, 100)


def test_a_broken_reduction_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    # The check can fail: an outcome record that forgets who won Game scores differently.
    variant = kozyr.get_variant("seven-up")
    real = type(variant).outcome_record

    def forgetful(self: Any, result: Any, context: Any) -> dict[str, Any]:
        data = real(self, result, context)
        data.pop("game_points", None)
        return {**data, "game": None} if data.get("game") is not None else data

    monkeypatch.setattr(type(variant), "outcome_record", forgetful)
    with pytest.raises(AssertionError, match="differs"):
        check_outcome_reduction(variant, deals=30, parties=0)


def test_every_result_says_what_was_checked() -> None:
    def load(name: str) -> Any:
        return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))

    assert kozyr.replay(load("seven-up-deal.json")).checked == "plays"
    assert kozyr.replay(load("seven-up-summary.json")).checked == "summary"
    party = kozyr.replay(load("po-noskam-party.json"))
    assert party.checked == "summary" and party.to_json()["checked"] == "summary"
    outcome = {"variant": "po-noskam", "options": {"players": 3}, "dealer": 0}
    result = kozyr.replay({**outcome, "tricks_won": [3, 2, 2]})
    assert result.checked == "outcome" and result.to_json()["checked"] == "outcome"
    assert result.points == (3, 2, 2)


def test_an_impossible_summary_names_the_deal_and_the_trick() -> None:
    # Seven Up, seat 1 leads A♠ and seat 0 holds the 2♠: SU5 makes him follow, so A♠ and 2♠ end
    # in one trick, won by seat 1 -- but these piles give seat 0 the A♠ with a heart.
    deal = {
        "dealer": 0,
        "hands": ["2s 3h 4h 5h 6h 7h", "As Ks Qs Js Ts 9s"],
        "turnup": "2d",
        "won": ["As 3h", "2s Ks Qs 4h Js 5h Ts 6h 9s 7h"],
    }
    with pytest.raises(RecordError) as error:
        kozyr.replay({"variant": "seven-up", "options": {"players": 2}, **deal})
    # seat 1 can take five tricks with K♠ Q♠ J♠ 10♠ 9♠ as recorded; the sixth has no legal play
    assert error.value.path == "$.won"
    assert error.value.detail == (
        "impossible: no legal play of these hands continues the first 5 tricks into trick 6 "
        "with every card of the trick in its winner's pile (won) (SU5)"
    )
    good = dict(deal, won=["", "2s Ks Qs 4h Js 5h Ts 6h 9s 7h As 3h"])  # possible: A♠ 2♠ first
    # deal 2 (dealer 1, so seat 0 leads): seat 0 cannot win the 2♠ and the K♠ together -- a
    # spade lead is followed (SU5) and the K♠ beats the 2♠: no legal first trick
    bad = dict(deal, dealer=1, won=["2s Ks", "As 3h Qs 4h Js 5h Ts 6h 9s 7h"])
    party = {"variant": "seven-up", "options": {"players": 2}, "deals": [good, bad]}
    assert kozyr.replay({**party, "deals": [good]}).checked == "summary"
    with pytest.raises(RecordError) as error:
        kozyr.replay(party)
    assert error.value.path == "$.deals[1].won"
    assert str(error.value).startswith(
        "deal 2 ($.deals[1].won): impossible: no legal play of these hands makes trick 1"
    )


def test_an_impossible_trick_winners_summary_names_the_first_trick() -> None:
    # По носкам, two players, trump ♣ (6♣ turned). Seat 1 leads (eldest). Seat 0 holds only
    # spades, seat 1 only hearts and diamonds: PN3 lets seat 0 discard on a heart lead, but he
    # can never win a trick, so "seat 0 wins trick 1" has no legal play.
    data = {
        "variant": "po-noskam",
        "options": {"players": 2},
        "dealer": 0,
        "hands": ["6s 7s 8s 9s 10s Js Qs", "6h 7h 8h 9h 6d 7d 8d"],
        "turnup": "6c",
        "trick_winners": [1, 1, 0, 1, 1, 1, 1],
    }
    with pytest.raises(RecordError) as error:
        kozyr.replay(data)
    assert error.value.path == "$.trick_winners[2]"
    assert error.value.detail == (
        "impossible: no legal play of these hands gives trick 3 to seat 0 after tricks 1-2 as "
        "recorded (PN3)"
    )
    assert kozyr.replay(dict(data, trick_winners=[1] * 7)).checked == "summary"
