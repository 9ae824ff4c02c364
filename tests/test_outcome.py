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


# --- hand-computed outcome records, rule by rule ---------------------------------------------


def net(result: Any) -> list[str]:
    return [str(x) for x in result.settlement.net()]


def su(dealer: int, high: int | None, low: int | None, jack: int | None, game: int | None,
       **extra: Any) -> dict[str, Any]:  # fmt: skip
    return {"dealer": dealer, "turnup": "2h", "high": high, "low": low, "jack": jack,
            "game": game, **extra}  # fmt: skip


def test_su6_su7_outcome_game_to_seven_in_order() -> None:
    # Four players, sides (0, 2) and (1, 3) (C5). Deal 1: side 0 takes all four points (4 : 0);
    # deal 2: side 1 all four (4 : 4); deal 3: High seat 0 and Game seat 2 for side 0, Low seat 1
    # and Jack seat 3 for side 1 (6 : 6). Deal 4: High seat 3 (side 1) then Low seat 0 (side 0):
    # both reach 7, and SU7 counts High first, so side 1 wins; with High and Low swapped side 0.
    deals = [su(0, 0, 2, 0, 2), su(1, 1, 3, 1, 3), su(2, 0, 1, 3, 2), su(3, 3, 0, None, None)]
    result = kozyr.replay({"variant": "seven-up", "deals": deals})
    assert result.running == ((4, 0), (4, 4), (6, 6), (7, 7))
    assert result.winner == 1 and result.checked == "outcome"
    deals[3] = su(3, 0, 3, None, None)
    assert kozyr.replay({"variant": "seven-up", "deals": deals}).winner == 0


def test_su3_su4_su6_what_the_turnups_imply() -> None:
    base = {"variant": "seven-up", "dealer": 0, "high": 1, "low": 2, "jack": None, "game": 0}

    def error(**fields: Any) -> RecordError:
        with pytest.raises(RecordError) as caught:
            kozyr.replay({**base, **fields})
        return caught.value

    # SU3: a turned-up trump jack is out of play: nobody wins it in a trick; it scores for the
    # dealer (1) -- with High seat 1, Low seat 2, Game seat 0: side 0 3, side 1 1
    assert error(turnup="Jh", jack=3).path == "$.jack"
    assert kozyr.replay({**base, "turnup": "Jh"}).points == (3, 1)
    # SU4: a stand has one turn-up; running ends on a new suit (the refused one repeats)
    assert error(turnups=["2h", "3s"]).path == "$.turnups"
    assert error(turnups=["2h", "3h"], beg="run").path == "$.turnups[1]"
    ran = kozyr.replay({**base, "turnups": ["2h", "3s"], "beg": "run"})
    assert ran.extra["trump"] == "♠" and ran.points == (2, 1)  # Low + Game : High
    # SU6: no trump in play means no High, Low or Jack; Game points must agree with Game
    assert error(turnup="2h", high=None).path == "$.high"  # Low was scored, so High was too
    assert error(turnup="2h", game_points=[10, 20]).path == "$.game"
    assert error(turnup="2h", game_points=[15, 15]).path == "$.game"  # D-SU3: a tie, no Game
    tied = kozyr.replay({**base, "turnup": "2h", "game": None, "game_points": [15, 15]})
    assert tied.points == (1, 1)  # Low seat 2 : High seat 1, nobody Game


def test_d_sl3_tied_winners_from_counts() -> None:
    # Four players, tricks 3, 3, 1, 0 (×4 each, SL-C14): seats 0 and 1 tie for most (D-SL3);
    # seat 2 pays each (3 - 1) × 4 = 8, seat 3 pays each (3 - 0) × 4 = 12, winners pay nothing to
    # each other: nets [8 + 12, 8 + 12, -16, -24] = [20, 20, -16, -24].
    record = {"variant": "sem-listov", "options": {"players": 4}, "dealer": 3}
    result = kozyr.replay({**record, "tricks_won": [3, 3, 1, 0]})
    assert net(result) == ["20", "20", "-16", "-24"]
    assert result.extra["winners"] == [0, 1] and result.points == (12, 12, 4, 0)
    with pytest.raises(RecordError, match=r"\$\.tricks_won: the tricks add up to 8"):
        kozyr.replay({**record, "tricks_won": [3, 3, 1, 1]})


def test_sl_c16_runaways_and_a_held_pot_from_counts() -> None:
    # Four players, seat 3 runs away (penalty 2 × 4 = 8, SL-C16); tricks 3, 3, 1: seats 0, 1
    # tie (D-SL3), seat 2 pays each 8. Equal split: seat 3's 8 is shared, 4 each ->
    # [12, 12, -16, -8]. Held over (next_deal): deal 1 nets [8, 8, -16, 0]; in deal 2 (dealer 1)
    # seat 2 takes all 7 (28 from each of the others) and seat 1, dealt the highest trump of
    # the tied winners, takes the 8: [-28, -20, 84, -36]; party [-20, -12, 68, -36].
    options = {"players": 4, "runaways": True}
    first = {"dealer": 0, "runaways": [3], "tricks_won": [3, 3, 1, None]}
    result = kozyr.replay({"variant": "sem-listov", "options": options, **first})
    assert net(result) == ["12", "12", "-16", "-8"]
    options = {**options, "runaway_split": "next_deal", "deals": 2}
    second = {"dealer": 1, "tricks_won": [0, 0, 7, 0], "highest_trump": 1}
    party = {"variant": "sem-listov", "options": options, "deals": [first, second]}
    result = kozyr.replay(party)
    assert [net(d) for d in result.deals] == [["8", "8", "-16", "0"], ["-28", "-20", "84", "-36"]]
    assert net(result) == ["-20", "-12", "68", "-36"]
    del second["highest_trump"]
    with pytest.raises(RecordError) as error:
        kozyr.replay(party)
    assert error.value.path == "$.deals[1].highest_trump"
    assert "missing" in error.value.detail and "SL-C16" in error.value.detail
    # null: none of the tied winners holds a trump -- held over again, and still held when the
    # two agreed deals are over: shared equally, 4 each (kozyr's rule). Deal 2 nets
    # [-28, -28, 84, -28]; party [8 - 28 + 4, 8 - 28 + 4, -16 + 84, 0 - 28 - 8].
    result = kozyr.replay({**party, "deals": [first, {**second, "highest_trump": None}]})
    assert net(result) == ["-16", "-16", "68", "-36"]
    with pytest.raises(RecordError, match=r"tricks_won\[3\]\): seat 3 ran away; write null"):
        kozyr.replay({**party, "deals": [{**first, "tricks_won": [3, 3, 1, 0]}, second]})


def test_d_pn2_short_final_deal_from_counts() -> None:
    # По носкам, three players. Deal 1 (dealer 0): 2, 4, 1 -> [2, 4, 1]. Deal 2 (dealer 1):
    # 1, 3, 3 -> [3, 7, 4]: seat 1 reaches seven and leaves (PN4). Deal 3 (dealer 2, seat 1
    # out): 3 and 3 -> [6, 7, 7]: seat 2's third trick brings it to seven and leaves only seat 0
    # below, so the race ends after six tricks (D-PN2): a short deal. Cut 8♣: 8 hits from each of
    # seats 1 and 2 (PN5).
    deals = [
        {"dealer": 0, "tricks_won": [2, 4, 1]},
        {"dealer": 1, "tricks_won": [1, 3, 3]},
        {"dealer": 2, "tricks_won": [3, None, 3]},
    ]
    party = {"variant": "po-noskam", "options": {"players": 3}, "deals": deals, "cut": "8♣"}
    result = kozyr.replay(party)
    assert result.running == ((2, 4, 1), (3, 7, 4), (6, 7, 7))
    assert (result.loser, result.extra["order"]) == (0, [1, 2])
    assert result.extra["punishment"]["hits_per_opponent"] == 8
    assert result.extra["left_after"] == [[], [1], [2]]

    def error(third: list[int | None]) -> RecordError:
        with pytest.raises(RecordError) as caught:
            kozyr.replay({**party, "deals": [*deals[:2], {"dealer": 2, "tricks_won": third}]})
        return caught.value

    # 2 + 2 = 4 tricks and nobody reaches seven (5 and 6): a deal has seven tricks
    assert error([2, None, 2]).path == "$.deals[2].tricks_won"
    # seat 2 at 4 + 4 = 8: the race ended at its third trick, so no fourth (D-PN2)
    assert "D-PN2" in error([3, None, 4]).detail
    assert error([3, 1, 3]).path == "$.deals[2].tricks_won[1]"  # seat 1 left: null


def test_pn4_who_reached_seven_first_when_counts_cannot_tell() -> None:
    # Three players: deal 1 (dealer 0) 3, 4, 0 -> [3, 4, 0]; deal 2 (dealer 1) 4, 3, 0 -> both
    # seats 0 and 1 reach seven, each on its last trick, so either could have been first. PN4:
    # that is for the record only, so `reached` is optional: without it the race ends with seat
    # 2 the loser and the same totals, and the winner is the two seats that reached seven
    # together; with it, the first of them.
    deals = [{"dealer": 0, "tricks_won": [3, 4, 0]}, {"dealer": 1, "tricks_won": [4, 3, 0]}]
    party = {"variant": "na-noski", "options": {"players": 3}, "deals": deals}
    open_order = kozyr.replay(party)
    assert (open_order.winner, open_order.loser) == ([0, 1], 2)
    assert open_order.deals[1].extra["reached_together"] == [0, 1]
    assert open_order.running == ((3, 4, 0), (7, 7, 0))
    deals[1]["reached"] = [1, 0]
    result = kozyr.replay(party)
    assert result.extra["order"] == [1, 0] and result.winner == 1 and result.loser == 2
    assert result.running == open_order.running and "reached_together" not in result.deals[1].extra
    # the settlement (the loser's punishment, PN5) is the same either way
    cut = kozyr.replay({**party, "cut": "9c"})
    deals[1].pop("reached")
    assert kozyr.replay({**party, "cut": "9c"}).settlement == cut.settlement


TRENA_S = "3s 2s As Ks Qs Js 7s"  # трена of spades: 16 (SM6)
TRENA_C = "3c 2c Ac Kc Qc Jc 7c"


def sm(dealer: int, taken: list[int], counters: list[int], declared: Any = None,
       **extra: Any) -> dict[str, Any]:  # fmt: skip
    return {"dealer": dealer, "declared": declared or [None] * 4, "tricks_won": taken,
            "counters": counters, **extra}  # fmt: skip


def test_sm6_sm8_sm9_first_to_21_from_counts() -> None:
    # Deal 1 (dealer 0): seat 1 (eldest, side 1) and seat 0 (side 0) each show a трена (16,
    # SM6); counter tricks 1, 1, 0, 0 (SM7) -> 17 : 17. Deal 2 (dealer 1): counters 1 each ->
    # 19 : 19. Deal 3 (dealer 2): counters 3, 2, 1, 0: side 0 gets 4 (-> 23), side 1 gets 2
    # (-> 21): both pass 21 in play, and counts cannot tell who was first (SM8): first_to_21
    # is required. Side 0 first: it wins 21 (the loser had 19 or 20: not double) and carries
    # 23 - 21 = 2 into game 2 (SM9); side 1 first: it carries 21 - 21 = 0.
    deals = [
        sm(0, [3, 3, 2, 2], [1, 1, 0, 0], [TRENA_C, TRENA_S, None, None]),
        sm(1, [3, 3, 2, 2], [1, 1, 1, 1]),
        sm(2, [4, 3, 2, 1], [3, 2, 1, 0]),
    ]
    party = {"variant": "semerik", "deals": deals}
    with pytest.raises(RecordError) as error:
        kozyr.replay(party)
    assert error.value.path == "$.deals[2].first_to_21"
    deals[2]["first_to_21"] = 0
    result = kozyr.replay(party)
    assert result.running[:2] == ((17, 17), (19, 19))
    game = result.extra["games"][0]
    assert (game["winner"], game["value"], game["carry"]) == (0, 21, 2)
    assert result.extra["scores"] == [2, 0]
    deals[2]["first_to_21"] = 1
    game = kozyr.replay(party).extra["games"][0]
    assert (game["winner"], game["value"], game["carry"]) == (1, 21, 0)


def test_sm8_double_when_counts_cannot_tell() -> None:
    # Deal 1 (dealer 0): seat 0 a трена (16), seat 1 (eldest) a баба of hearts (3 2 A: 5, SM6);
    # counters 2, 2, 1, 2 -> side 0 16 + 3 = 19, side 1 5 + 4 = 9. Deal 2 (dealer 1): counters
    # 1, 2, 1, 1: side 0 reaches 21 on its second point, while side 1 had 9, 10, 11 or 12 by
    # then: under 11 makes the game double (SM8), so the record must say (double). Double: 42,
    # each losing seat pays each winning seat 42 / 4 (SM10): +21 / -21 a seat; else 21: ±10.5.
    deals = [
        sm(0, [3, 3, 2, 2], [2, 2, 1, 2], [TRENA_S, "3h 2h Ah", None, None]),
        sm(1, [3, 3, 2, 2], [1, 2, 1, 1]),
    ]
    party = {"variant": "semerik", "deals": deals}
    with pytest.raises(RecordError) as error:
        kozyr.replay(party)
    assert error.value.path == "$.deals[1].double"
    deals[1]["double"] = True
    result = kozyr.replay(party)
    assert result.running[0] == (19, 9) and net(result) == ["21", "-21", "21", "-21"]
    deals[1]["double"] = False
    assert net(kozyr.replay(party)) == ["21/2", "-21/2", "21/2", "-21/2"]


def test_sm6_a_shown_card_outside_every_combination_is_an_error() -> None:
    record = {"variant": "semerik", **sm(0, [3, 3, 2, 2], [1, 1, 0, 0])}  # SM7: 2+ counter tricks
    record["declared"] = [None, "3h 2h Ah 5c", None, None]
    with pytest.raises(RecordError) as error:
        kozyr.replay(record)
    assert error.value.path == "$.declared[1][3]"
    assert "part of no combination" in error.value.detail
    record["declared"] = [None, "3h 2h Ah Kh", "7c 7d 7s", None]
    # баба of hearts 5 + its extension K 1 (seat 1), three sevens 4 (seat 2, SM6): 6 : 4
    assert kozyr.replay(record).extra["declarations"] == [4, 6]


def test_a_plugin_variant_gets_outcome_records_from_its_declaration(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the example plugin (simple whist, SW4) declares tricks_won per seat: 3 : 2 pays 1
    monkeypatch.syspath_prepend(str(ROOT / "examples" / "plugin-example" / "src"))
    from kozyr_example_plugin.variant import SimpleWhist

    from kozyr.codec import read_deal
    from kozyr.replay import replay_deal

    variant = SimpleWhist()
    assert [f.name for f in variant.outcome_fields] == ["dealer", "tricks_won"]
    result = replay_deal(read_deal({"dealer": 0, "tricks_won": [3, 2]}, variant), variant)
    assert result.checked == "outcome" and net(result) == ["1", "-1"]
    with pytest.raises(RecordError, match=r"\$\.tricks_won: 4 tricks, but a deal has 5"):
        replay_deal(read_deal({"dealer": 0, "tricks_won": [3, 1]}, variant), variant)
