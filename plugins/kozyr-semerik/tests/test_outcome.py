"""Семерик outcome records checked against what the cards allow (issue 22, SM7): worked
examples computed by hand from the rules."""

from __future__ import annotations

from typing import Any

import pytest

import kozyr
from kozyr import RecordError


def deal(taken: list[int], counters: list[int], **options: Any) -> dict[str, Any]:
    return {
        "variant": "semerik",
        "options": options,
        "dealer": 0,
        "declared": [None] * 4,
        "tricks_won": taken,
        "counters": counters,
    }


@pytest.mark.parametrize("counters", [[0, 0, 0, 0], [1, 0, 0, 0], [0, 0, 0, 1]])
def test_sm7_per_trick_counters_the_cards_cannot_produce(counters: list[int]) -> None:
    # SM7: all 24 counters (K Q J A 2 3 of four suits) are won in the ten four-card tricks.
    # k tricks holding three or more hold at most 4 each, the other 10 - k at most 2 each, so
    # 24 <= 4k + 2(10 - k) = 20 + 2k: k >= 2. Counter points adding up to 0 or 1 are impossible.
    with pytest.raises(RecordError) as error:
        kozyr.replay(deal([3, 3, 2, 2], counters))
    assert error.value.path == "$.counters"
    assert "at least 2" in error.value.detail and "SM7" in error.value.detail


def test_sm7_two_and_eight_counter_tricks_are_the_bounds() -> None:
    # k = 2: two tricks of 4 counters and eight of 2 (8 + 16 = 24) -- seat 0 takes one, seat 1
    # one: a point each (SM7). k = 8: eight tricks of 3 counters (24) and two tricks without any.
    assert kozyr.replay(deal([3, 3, 2, 2], [1, 1, 0, 0])).points == (1, 1)
    assert kozyr.replay(deal([3, 3, 2, 2], [3, 3, 1, 1])).points == (4, 4)
    with pytest.raises(RecordError, match=r"at most 8 \(SM7\)"):
        kozyr.replay(deal([3, 3, 2, 2], [3, 3, 2, 1]))
    # a seat cannot have more counter tricks than tricks (SM7)
    with pytest.raises(RecordError, match=r"\$\.counters\[2\]: seat 2 cannot take 3 tricks"):
        kozyr.replay(deal([3, 3, 2, 2], [1, 1, 3, 0]))


def test_sm7_cumulative_counters_are_all_24_and_fit_the_tricks() -> None:
    # cumulative: the counters won add up to the pack's 24, at most 4 a trick (SM7); side 0
    # 12 // 3 = 4, side 1 12 // 3 = 4
    options = {"counter_mode": "cumulative"}
    assert kozyr.replay(deal([3, 3, 2, 2], [6, 6, 6, 6], **options)).points == (4, 4)
    with pytest.raises(RecordError, match=r"\$\.counters: the counters add up to 23"):
        kozyr.replay(deal([3, 3, 2, 2], [6, 6, 6, 5], **options))
    with pytest.raises(RecordError, match=r"\$\.counters\[2\]: seat 2 cannot take 9 counters"):
        kozyr.replay(deal([3, 3, 2, 2], [6, 6, 9, 3], **options))
