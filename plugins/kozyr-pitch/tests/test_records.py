"""Pitch records (D-AP1): full records with the bids in the decision log, summaries proven by a
legal play, outcome records, the old example's `pitch` records, keep, serve and the CLI."""

from __future__ import annotations

import copy
import io
import json
from collections.abc import Callable
from typing import Any

import pytest

import kozyr
from kozyr import PartyResult, RecordError
from kozyr.cli import main
from kozyr.testing import score_unproven

Log = Callable[..., list[dict[str, Any]]]
Outcome = Callable[..., dict[str, Any]]

HANDS = ["A♥ K♠ 10♦ 5♦ 3♠ 2♣", "J♥ 4♥ A♠ Q♠ 7♣ 8♦", "10♥ 2♥ K♣ 9♠ 6♦ 4♣", "3♥ A♣ 10♠ Q♦ 9♣ 7♠"]
TRICKS = [
    "A♥ 4♥ 2♥ 3♥",
    "K♠ A♠ 9♠ 7♠",
    "J♥ 10♥ Q♦ 3♠",
    "Q♠ 4♣ 10♠ 2♣",
    "8♦ 6♦ 9♣ 10♦",
    "5♦ 7♣ K♣ A♣",
]
# The cards each seat won in those tricks (tricks 1, 5, 6 to seat 0; 2, 3, 4 to seat 1).
WON = [
    "A♥ 4♥ 2♥ 3♥ 8♦ 6♦ 9♣ 10♦ 5♦ 7♣ K♣ A♣",
    "K♠ A♠ 9♠ 7♠ J♥ 10♥ Q♦ 3♠ Q♠ 4♣ 10♠ 2♣",
    "",
    "",
]


def full(log: Log, bids: list[Any] | None = None, **options: Any) -> dict[str, Any]:
    return {
        "variant": "auction-pitch",
        "options": options,
        "dealer": 0,
        "hands": list(HANDS),
        "log": log(0, 4, bids or [2, "pass", 3, 3]),
        "tricks": list(TRICKS),
    }


def summary(log: Log, **options: Any) -> dict[str, Any]:
    data = full(log, **options)
    del data["tricks"]
    return {**data, "won": list(WON), "trump": "♥"}


def error(data: dict[str, Any], unproven: bool = False) -> RecordError:
    with pytest.raises(RecordError) as info:
        score_unproven(data) if unproven else kozyr.replay(data)
    return info.value


def test_full_summary_and_outcome_agree(log: Log) -> None:
    played = kozyr.replay(full(log))
    proven = kozyr.replay(summary(log))
    assert proven.checked == "summary" and played.checked == "plays"
    assert proven.points == played.points == (-3, 2, 1, 0)
    facts = kozyr.get_variant("auction-pitch").outcome_record(played, {})
    assert facts == {
        "dealer": 0,
        "pitcher": 0,
        "bid": 3,
        "high": 0,
        "low": 2,
        "jack": 1,
        "game": 1,
        "game_points": [21, 32, 0, 0],
    }
    scored = kozyr.replay({"variant": "auction-pitch", **facts})
    assert scored.checked == "outcome" and scored.points == played.points
    # and each record writes back as it was read
    for data in (full(log), summary(log)):
        assert (
            kozyr.replay(kozyr.replay(data).record.to_json()).to_json()
            == kozyr.replay(data).to_json()
        )


def test_d_ap1_bad_bids_are_refused_at_their_path(log: Log) -> None:
    e = error(full(log, [2, "pass", 2, 3]))
    assert e.path == "$.log[2]" and "does not exceed the bid of 2 before it (AP3)" in e.detail
    e = error(full(log, ["pass", "pass", "pass", "pass"]))
    assert e.path == "$.log[3]" and "(AP5)" in e.detail
    e = error(full(log, [2, "pass", 3, 5]))
    assert e.path == "$.log[3]" and "(AP3)" in e.detail
    e = error(full(log, [2, "pass", 3, 3], dealer_privilege=False))
    assert e.path == "$.log[3]" and "(dealer_privilege off, AP4)" in e.detail


def test_record_mistakes(log: Log) -> None:
    data = full(log)
    data["hands"][2] = "10♥ 2♥ K♣ 9♠ 6♦"
    e = error(data)
    assert (e.path, e.detail) == ("$.hands[2]", "seat 2 holds 5 cards, not 6 (AP2)")
    data = full(log)
    data["tricks"][0] = "K♠ 4♥ 2♥ 3♥"  # seat 0 pitches K♠: spades; seat 1 must follow spades
    e = error(data)
    assert e.path == "$.tricks[0][1]" and "AP7" in e.detail
    data = summary(log)
    del data["trump"]
    e = error(data)
    assert e.path == "$.trump" and "(AP6)" in e.detail
    data = summary(log)
    data["trump"] = "♦"  # seat 0 could pitch a diamond, but then the won piles are impossible
    e = error(data)
    assert e.path == "$.won" and "impossible" in e.detail
    data = summary(log)
    data["trump"] = "green"
    assert error(data).path == "$.trump"
    data = summary(log)
    data["won"][0] = data["won"][0].replace("A♣", "")
    assert error(data).path == "$.won[0]"
    outcome = {"variant": "auction-pitch", "dealer": 0, "pitcher": 0, "bid": 3, "high": 0,
               "low": 2, "jack": 1, "game": 0, "game_points": [21, 32, 0, 0]}  # fmt: skip
    e = error(outcome)
    assert e.path == "$.game" and "(AP8)" in e.detail
    outcome["log"] = log(0, 4, [2, "pass", 3, 3])
    assert error(outcome).path == "$.log"
    full_with_facts = full(log)
    full_with_facts["pitcher"] = 0
    assert error(full_with_facts).path == "$.pitcher"


def test_the_old_example_record_replays_under_the_alias(example: Callable[[str], Any]) -> None:
    # examples/auction-pitch-deal.json is the former example plugin's record of variant "pitch":
    # two players, seat 1 bids 3 and the dealer 4. AP8 (holder): High A♥ and Jack J♥ are seat
    # 0's, Low 2♥ (dealt to seat 1) and Game (20 : 11) seat 1's: 2 of 4, set back -> (-4, 2).
    # The tutorial gave Low to its capturer (seat 0 took 2♥ in trick 2): (-4, 1), as it did.
    record = example("auction-pitch-deal.json")
    assert record["variant"] == "pitch"
    result = kozyr.replay(record)
    assert result.record.variant == "auction-pitch"
    assert result.points == (-4, 2)
    record["options"]["low_to"] = "capturer"
    assert kozyr.replay(record).points == (-4, 1)


def test_a_party_of_outcomes_and_the_cli(tmp_path: Any, outcome: Outcome) -> None:
    # Setback to 11: each deal side 1 (seat 1 pitching for 2) makes High and Low, side 0 Jack
    # and Game: 2 : 2 a deal, until 10 : 10 after five deals; in deal 6 side 1 counts first and
    # reaches 11 with its High: side 1 wins (D-AP2), though side 0 too ends on 12.
    deals = [outcome(d % 4, 1, 2, 1, 3, 0, 2) for d in range(6)]
    data = {"variant": "setback", "deals": deals}
    result = score_unproven(data)
    assert isinstance(result, PartyResult)
    assert result.running[-1] == (12, 12) and result.winner == 1
    assert result.settlement.net() == [-1, 1, -1, 1]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    out = io.StringIO()
    assert main(["replay", str(path), "--json"], out=out) == 0
    assert json.loads(out.getvalue())["winner"] == 1


def test_keep_asks_the_outcome_fields(tmp_path: Any) -> None:
    from kozyr.keep import Keeper

    variant = kozyr.get_variant("setback")
    # dealer, pitcher, bid, high, low, jack, game, game points (skipped)
    answers = ["", "1", "2", "1", "3", "0", "2", ""]
    path = tmp_path / "setback.json"
    keeper = Keeper(
        str(path), variant, ["Аня", "Боря", "Вера", "Гоша"],
        io.StringIO("".join(a + "\n" for a in answers)), io.StringIO(),
    )  # fmt: skip
    assert keeper.run() == 0
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["deals"][0] == {
        "dealer": 0, "pitcher": 1, "bid": 2, "high": 1, "low": 3, "jack": 0, "game": 2,
    }  # fmt: skip
    result = kozyr.replay(data)
    assert isinstance(result, PartyResult) and result.running == ((2, 2),)


def test_serve_form_fields() -> None:
    pytest.importorskip("starlette")
    from kozyr.web.form import fields_of

    names = [f.name for f in fields_of(kozyr.get_variant("auction-pitch"))]
    assert names == ["dealer", "pitcher", "bid", "high", "low", "jack", "game", "game_points"]


def test_cli_rules_play_and_variants() -> None:
    out = io.StringIO()
    assert main(["rules", "auction-pitch", "D-AP2", "--json"], out=out) == 0
    assert json.loads(out.getvalue())["rule"]["title"] == "Who counts first"
    out = io.StringIO()
    assert main(["rules", "setback"], out=out) == 0
    assert "AP11 The game" in out.getvalue() and "target" in out.getvalue()
    out = io.StringIO()
    assert main(["play", "pitch", "--seed", "3", "--bot", "heuristic", "--json"], out=out) == 0
    played = json.loads(out.getvalue())
    assert kozyr.replay(copy.deepcopy(played["record"])).to_json() == played["result"]
    out = io.StringIO()
    assert main(["variants"], out=out) == 0
    assert all(name in out.getvalue() for name in ("auction-pitch", "setback", "smudge"))


def test_the_setback_party_example(example: Callable[[str], Any]) -> None:
    # examples/setback-party.json, three outcome deals of Setback (sides Аня & Вера, Боря & Гоша):
    # 1. Боря pitches for 2 and makes High and Low (Гоша's); Jack and Game to side 0: 2 : 2.
    # 2. Аня pitches for 3; her side takes High (Аня) and Jack (Вера), two of three: set back by
    #    3 (AP9); Low to Боря, Game tied: -1 : 3.
    # 3. Гоша pitches for 4 and takes all four: -1 : 7. Nobody has 11 yet (AP11).
    result = kozyr.replay(example("setback-party.json"))
    assert isinstance(result, PartyResult)
    assert result.running == ((2, 2), (-1, 3), (-1, 7))
    assert result.winner is None and result.checked == "outcome"
    variant = kozyr.get_variant("setback")
    notes = [n for n in variant.sheet_notes(result) if n.rule == "AP9"]
    assert len(notes) == 1 and notes[0].deal == 1
