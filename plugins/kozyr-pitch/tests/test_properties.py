"""Properties over thousands of random deals (AP3-AP9), the conformance kit for every option
set, and the bots."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kozyr_pitch.bots import HeuristicBot

import kozyr
from kozyr.bots import available_bots
from kozyr.testing import check_variant

OPTION_SETS: list[tuple[str, dict[str, Any]]] = [
    ("auction-pitch", {}),
    ("auction-pitch", {"players": 2}),
    ("auction-pitch", {"players": 3, "low_to": "capturer", "target": 10}),
    ("auction-pitch", {"players": 5, "min_bid": 1, "stuck_dealer": "two"}),
    ("auction-pitch", {"players": 7, "dealer_privilege": False}),
    ("auction-pitch", {"partnership": True, "win_by": 2, "target": 11}),
    ("setback", {}),
    ("setback", {"target": 21, "win_by": 2, "low_to": "capturer"}),
    ("smudge", {}),
    ("smudge", {"players": 3, "smudge": "anyone", "dealer_privilege": True}),
]


def check_deal(result: kozyr.DealResult, variant: kozyr.Variant) -> None:
    """The invariants of one scored deal (AP3-AP9)."""
    record = result.record
    items = result.sheet.items
    counts = Counter(i.name for i in items)
    assert all(counts[name] <= 1 for name in ("high", "low", "jack", "game", "set_back"))
    assert counts["high"] + counts["low"] + counts["set_back"] >= 1
    extra = result.extra
    bids = [a.value for a in record.log]
    assert len(bids) == variant.players
    pitcher, bid = int(extra["pitcher"]), int(extra["bid"])
    assert bid == max(b for b in bids if b is not None)
    side = variant.side_of(pitcher)
    own = [i for i in items if i.seat is not None and variant.side_of(i.seat) == side]
    if extra["made"]:
        assert sum(int(i.points) for i in own) >= bid  # AP9
    else:
        assert [(i.name, int(i.points)) for i in own] == [("set_back", -bid)]
    # AP6: trump is the suit of the pitch, and High is a trump the pitcher's side... or not
    assert record.tricks is not None
    assert extra["trump"] == str(record.tricks[0].plays[0].card.suit)
    assert record.tricks[0].leader == pitcher
    # D-AP2: the pitcher's side is counted first
    first = items[0]
    assert first.seat is not None and variant.side_of(first.seat) == side
    assert sum(result.points) == sum(int(i.points) for i in items)


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    which=st.integers(0, len(OPTION_SETS) - 1),
    bots=st.sampled_from(["random", "heuristic"]),
)
def test_property_deals_and_their_three_records(seed: int, which: int, bots: str) -> None:
    name, options = OPTION_SETS[which]
    variant = kozyr.get_variant(name, **options)
    deal = kozyr.play_deal(variant, seed=seed, bots=bots, dealer=seed % variant.players)
    result = deal.result()
    check_deal(result, variant)
    data = deal.record.to_json()
    assert kozyr.replay(data).to_json() == result.to_json()
    # the summary (won piles and trump) is proven and scores the same; so does the outcome
    won = [[] for _ in range(variant.players)]
    for trick in deal.record.tricks or ():
        assert trick.winner is not None
        won[trick.winner] += [str(p.card) for p in trick.plays]
    summary = {**data, "won": [" ".join(w) for w in won], "trump": result.extra["trump"]}
    del summary["tricks"]
    proven = kozyr.replay(summary)
    assert proven.checked in ("summary", "outcome") and proven.points == result.points
    facts = variant.outcome_record(result, {})
    again = kozyr.replay({"variant": name, "options": options, **facts})
    assert again.points == result.points


def test_thousands_of_random_deals() -> None:
    for name, options in OPTION_SETS:
        variant = kozyr.get_variant(name, **options)
        for seed in range(300):
            deal = kozyr.play_deal(variant, seed=seed, bots="random", dealer=seed % variant.players)
            check_deal(deal.result(), variant)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "options"), OPTION_SETS)
def test_conformance(name: str, options: dict[str, Any]) -> None:
    # random bots bid at random and are set back so often that their parties rarely end: the
    # parties are played by the heuristic bot
    variant = kozyr.get_variant(name, **options)
    report = check_variant(variant, deals=40, seed=26, party_bots="heuristic")
    assert report.deals == 40 and report.tricks == 40 * 6
    assert report.phases == {"bidding", "play"}


def test_bots() -> None:
    variant = kozyr.get_variant("auction-pitch")
    assert set(available_bots(variant)) == {"random", "heuristic", "pimc"}
    # heuristic seats 0 and 2 against random 1 and 3, 300 deals: the heuristic seats score more
    totals = Counter[int]()
    for seed in range(300):
        deal = kozyr.play_deal(
            variant, seed=seed, dealer=seed % 4, bots=["heuristic", "random"] * 2
        )
        for seat, points in enumerate(deal.result().points):
            totals[seat % 2] += int(points)
    assert totals[0] > totals[1]
    assert HeuristicBot.__name__ == "HeuristicBot"
