"""Семь листов outcome records and held run-away pots (issue 22: D-SL6, D-SL4): worked examples
computed by hand from the rules."""

from __future__ import annotations

from typing import Any

import pytest

import kozyr
from kozyr import RecordError
from kozyr.sheet import render, sheet_from

OPTIONS = {"players": 4, "runaways": True, "runaway_split": "next_deal", "deals": 2}


def net(result: Any) -> list[str]:
    return [str(x) for x in result.settlement.net()]


def test_d_sl6_a_pot_still_held_at_the_end_is_shared_in_the_last_running_totals() -> None:
    # Deal 1 (dealer 0): seat 3 runs away (2 × 4 = 8, SL-C16); tricks 3, 3, 1: seats 0 and 1
    # tie (D-SL3) and seat 2 pays each (3 - 1) × 4 = 8: [8, 8, -16, 0]; the 8 waits for seat 0
    # or 1 to be dealt a trump. Deal 2 (dealer 1): seat 2 takes all seven (28 from each): neither
    # tied winner holds a trump (highest_trump null), so the pot waits again -- and the party's
    # two deals are over: D-SL6 shares it equally, 4 each, in the last running totals:
    # [8 - 28 + 4, 8 - 28 + 4, -16 + 84, 0 - 28 - 8] = [-16, -16, 68, -36] = the settlement.
    first = {"dealer": 0, "runaways": [3], "tricks_won": [3, 3, 1, None]}
    second = {"dealer": 1, "tricks_won": [0, 0, 7, 0], "highest_trump": None}
    result = kozyr.replay({"variant": "sem-listov", "options": OPTIONS, "deals": [first, second]})
    assert [str(x) for x in result.running[-1]] == ["-16", "-16", "68", "-36"]
    assert net(result) == ["-16", "-16", "68", "-36"]
    assert [str(x) for x in result.running[0]] == ["8", "8", "-16", "0"]
    assert result.extra["pot_shared"] == [{"payer": 3, "amount": 8, "winners": [0, 1], "share": 4}]
    text = render(sheet_from(result), "text", lang="en")
    # the last deal no longer says "held over to the next deal" (there is none)
    assert "shared equally at the party's end" in text
    assert text.count("held over to the next deal") == 1  # deal 1's pot, which deal 2 awaits


def test_d_sl6_several_pots_are_kept_apart() -> None:
    # Deal 1 (dealer 0, seats 0 1 2 3): seat 3 runs away, 3 : 3 : 1 -> an 8-pot for seats 0, 1.
    # Deal 2 (dealer 1): seat 0 runs away, 1 : 3 : 3 -> a second 8-pot, for seats 2, 3, kept
    # apart from the first; of seats 0 and 1, seat 1 was dealt the highest trump, so it takes
    # the first pot (D-SL6). Deal 3: neither seat 2 nor 3 is dealt a trump: the second pot is
    # still held when the three deals are over and is shared, 4 each.
    options = {**OPTIONS, "deals": 3}
    deals = [
        {"dealer": 0, "runaways": [3], "tricks_won": [3, 3, 1, None]},
        {"dealer": 1, "runaways": [0], "tricks_won": [None, 1, 3, 3], "highest_trump": 1},
        {"dealer": 2, "tricks_won": [2, 2, 2, 1], "highest_trump": None},
    ]
    result = kozyr.replay({"variant": "sem-listov", "options": options, "deals": deals})
    assert result.deals[1].extra["pot_taken"] == [
        {"payer": 3, "amount": 8, "winners": [0, 1], "taker": 1}
    ]
    assert result.deals[1].extra["held_over"] == [{"payer": 0, "amount": 8, "winners": [2, 3]}]
    assert result.extra["pot_shared"] == [{"payer": 0, "amount": 8, "winners": [2, 3], "share": 4}]
    assert result.running[-1] == tuple(result.settlement.net())


def test_d_sl4_a_lone_remaining_player_has_no_tricks_to_write() -> None:
    # Three of four run away: seat 0 alone stays in and wins without play (D-SL4); a record
    # giving him seven tricks gets a message that says so, not "the deal has 0"
    record = {"variant": "sem-listov", "options": {"players": 4, "runaways": True}, "dealer": 0}
    lone = {**record, "runaways": [1, 2, 3], "tricks_won": [7, None, None, None]}
    with pytest.raises(RecordError) as error:
        kozyr.replay(lone)
    assert error.value.path == "$.tricks_won[0]"
    assert "the only player left in" in error.value.detail and "write 0" in error.value.detail
    # each run-away pays 2 × 4 = 8 to the deal's winner (SL-C16): [24, -8, -8, -8]
    assert net(kozyr.replay({**lone, "tricks_won": [0, None, None, None]})) == [
        "24",
        "-8",
        "-8",
        "-8",
    ]


def test_d_sl6_several_pots_for_different_tied_winners_as_outcomes() -> None:
    # Deal 1 (dealer 0): seat 3 runs away, 3 : 3 : 1 -> pot A (8) waits for seats 0, 1.
    # Deal 2 (dealer 1): seat 0 runs away, 1 : 3 : 3 -> pot B (8) for seats 2, 3; neither seat 0
    # nor 1 holds a trump (highest_trump null): pot A waits again, kept apart from pot B.
    # Deal 3 (dealer 2): both pots wait, for different tied winners, so one seat cannot tell
    # them apart: highest_trumps [2, 0] -- seat 2 was dealt the highest trump of the four, then
    # seat 0 (seats 1 and 3 none). Pot B goes to seat 2, pot A to seat 0 (D-SL6). Tricks 2, 2,
    # 2, 1: seats 0, 1, 2 tie and seat 3 pays each (2 - 1) × 4 = 4 (D-SL3). Deal 3 nets:
    # seat 0 4 - 8 + 8 = 4, seat 1 4, seat 2 4 + 8 = 12, seat 3 -12 - 8 = -20.
    options = {**OPTIONS, "deals": 3}
    deals = [
        {"dealer": 0, "runaways": [3], "tricks_won": [3, 3, 1, None]},
        {"dealer": 1, "runaways": [0], "tricks_won": [None, 1, 3, 3], "highest_trump": None},
        {"dealer": 2, "tricks_won": [2, 2, 2, 1], "highest_trumps": [2, 0]},
    ]
    party = {"variant": "sem-listov", "options": options, "deals": deals}
    result = kozyr.replay(party)
    assert [net(d) for d in result.deals] == [
        ["8", "8", "-16", "0"],
        ["0", "-16", "8", "8"],
        ["4", "4", "12", "-20"],
    ]
    assert [(t["winners"], t["taker"]) for t in result.deals[2].extra["pot_taken"]] == [
        ([2, 3], 2),
        ([0, 1], 0),
    ]
    assert net(result) == ["12", "-4", "4", "-12"] and "pot_shared" not in result.extra
    # none of the waiting seats dealt a trump: [] -- both pots held to the end and shared
    deals[2]["highest_trumps"] = []
    shared = kozyr.replay(party).extra["pot_shared"]
    assert [(p["winners"], p["share"]) for p in shared] == [([2, 3], 4), ([0, 1], 4)]

    def error(third: dict[str, Any]) -> RecordError:
        with pytest.raises(RecordError) as caught:
            kozyr.replay({**party, "deals": [*deals[:2], third]})
        return caught.value

    bare = {"dealer": 2, "tricks_won": [2, 2, 2, 1]}
    assert error(bare).path == "$.deals[2].highest_trumps"  # missing, and says which to give
    assert "highest_trumps" in error({**bare, "highest_trump": 2}).detail
    assert error({**bare, "highest_trumps": [2, 5]}).path == "$.deals[2].highest_trumps[1]"
