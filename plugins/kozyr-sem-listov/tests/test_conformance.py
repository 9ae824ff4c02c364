"""The conformance kit for every variant and option combination, and property tests."""

from __future__ import annotations

import copy
import json
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kozyr_sem_listov import play_party, summarize

from kozyr import DEAD, FACE_DOWN, PartyResult, get_variant, play_deal, replay
from kozyr.bots import available_bots
from kozyr.testing import check_variant

CLASSIC: list[dict[str, Any]] = [
    *({"players": n} for n in range(2, 8)),
    {"players": 2, "deck_size": 28},
    {"players": 3, "deck_size": 28, "hand_size": 9},
    {"players": 2, "hand_size": 10},
    {"players": 4, "hand_size": 6},
    {"players": 4, "hand_size": 8},
    {"players": 6, "hand_size": 8},
    {"players": 3, "packets": "1-1-1-1-1-1-1"},
    {"players": 4, "packets": "3-4"},
    {"players": 4, "honours_first": True},
    {"players": 5, "five_trump_leads": True},
    {"players": 5, "five_trump_leads": True, "honours_first": True, "runaways": True},
    {"players": 4, "runaways": True},
    {"players": 3, "runaways": True, "runaway_rate": 3},
    {"players": 4, "runaways": True, "runaway_split": "next_deal"},
    {"players": 4, "ace_cut": True},
    {"players": 2, "ace_cut": True, "hand_size": 5},
    {"players": 7, "ace_cut": True, "runaways": True, "honours_first": True},
]
CASES: list[tuple[str, dict[str, Any]]] = [("sem-listov", o) for o in CLASSIC]
CASES += [("pyat-listov", {"players": n}) for n in (2, 4, 7)]
CASES += [("pyat-listov", {"players": 5, "five_trump_leads": True, "runaways": True})]
for race in ("po-noskam", "sem-listov-1884"):
    CASES += [(race, {"players": n}) for n in (2, 3, 4, 5)]
    CASES += [
        (race, {"players": 3, "exchange_timing": "before_play"}),
        (race, {"players": 5, "exchange_timing": "before_play", "packets": "3-4"}),
        (
            race,
            {
                "players": 4,
                "settlement": "money" if race == "po-noskam" else "nose",
                "hit_cards": 3,
            },
        ),
    ]
CASES += [("na-noski", {"players": n}) for n in (2, 3, 4, 5)] + [("na-noski", {"hit_cards": 3})]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "options"), CASES, ids=[f"{n}-{o}" for n, o in CASES])
def test_conformance(name: str, options: dict[str, Any]) -> None:
    report = check_variant(get_variant(name, **options), deals=30, seed=7)
    assert report.deals == 30 and report.tricks > 0
    assert "play" in report.phases


@pytest.mark.parametrize("name", ["sem-listov", "po-noskam", "sem-listov-1884", "na-noski"])
def test_bots(name: str) -> None:
    variant = get_variant(name)
    assert set(available_bots(variant)) == {"random", "heuristic", "pimc"}
    # The heuristic bot should take more tricks than random ones at the same table.
    heuristic = 0
    for seed in range(40):
        deal = play_deal(variant, seed=seed, bots=["heuristic", "random", "random", "random"])
        heuristic += deal.result().tricks[0]
    assert heuristic > 40 * 7 / 4


def test_heuristic_runs_away_from_a_hopeless_hand() -> None:
    variant = get_variant("sem-listov", players=4, runaways=True)
    runs = 0
    for seed in range(60):
        deal = play_deal(variant, seed=seed, bots="heuristic")
        for seat in deal.facts["runaways"]:
            hand = deal.record.hands[seat]
            assert hand is not None
            assert not any(c.suit == deal.trump or c.rank == 14 for c in hand)
            runs += 1
    assert runs > 0


# --- properties -----------------------------------------------------------------------------------

classic_options = st.fixed_dictionaries(
    {
        "players": st.integers(2, 7),
        "runaways": st.booleans(),
        "honours_first": st.booleans(),
    }
)


@settings(max_examples=60, deadline=None)
@given(options=classic_options, seed=st.integers(0, 10**6), dealer=st.integers(0, 6))
def test_classic_ledger_is_zero_sum_and_winners_never_pay(
    options: dict[str, Any], seed: int, dealer: int
) -> None:
    variant = get_variant("sem-listov", **options)
    deal = play_deal(variant, seed=seed, dealer=dealer % variant.players)
    result = deal.result()
    net = result.settlement.net()
    assert sum(net) == 0
    for winner in result.extra["winners"]:
        assert net[winner] >= 0
    for seat in result.extra["runaways"]:  # D-SL4: a run-away pays only his penalty
        assert net[seat] == -2 * variant.players


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 7), five=st.booleans())
def test_dead_trumps_never_win(seed: int, players: int, five: bool) -> None:
    five = five and players == 5
    variant = get_variant("sem-listov", players=players, five_trump_leads=five)
    deal = play_deal(variant, seed=seed, bots="heuristic" if seed % 2 else "random")
    for trick in deal.tricks:
        by_seat = {p.seat: p for p in trick.plays}
        assert trick.winner is not None
        winner = by_seat[trick.winner]
        assert not winner.flags & DEAD
        if winner.flags & FACE_DOWN:  # D-SL2: only when nobody played a trump
            assert not any(p.card.suit == deal.trump for p in trick.plays)


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@given(
    name=st.sampled_from(["po-noskam", "sem-listov-1884", "na-noski"]),
    players=st.integers(2, 5),
    seed=st.integers(0, 10**6),
)
def test_exactly_one_loser_per_race(name: str, players: int, seed: int) -> None:
    variant = get_variant(name, players=players)
    data = play_party(variant, seed=seed, dealer=seed % players, bots="random")
    result = replay(copy.deepcopy(data))
    assert isinstance(result, PartyResult)
    totals = result.extra["totals"]
    assert result.loser is not None and totals[result.loser] < 7
    assert all(t >= 7 for s, t in enumerate(totals) if s != result.loser)
    assert sorted(result.extra["order"]) == sorted(s for s in range(players) if s != result.loser)
    assert sum(result.settlement.net()) == 0
    # Every deal but the last is played out; a seat that left is null afterwards.
    left: set[int] = set()
    for deal, row, gone in zip(
        data["deals"], result.running, result.extra["left_after"], strict=True
    ):
        assert all((deal["hands"][s] is None) == (s in left) for s in range(players))
        left |= set(gone)
        assert all(row[s] >= 7 for s in left)
    # The same party as a scorekeeper's summary (trick winners only) scores identically.
    summary = copy.deepcopy(data)
    for deal, scored in zip(summary["deals"], result.deals, strict=True):
        winners = [t.winner for t in scored.record.tricks or ()]
        deal.update(summarize(deal, winners))
        del deal["tricks"]
    assert unchecked(replay(summary).to_json()) == unchecked(result.to_json())


@pytest.mark.slow
@settings(max_examples=30, deadline=None)
@given(
    name=st.sampled_from(["sem-listov", "pyat-listov", "po-noskam", "sem-listov-1884", "na-noski"]),
    seed=st.integers(0, 10**6),
    runaways=st.booleans(),
)
def test_summary_record_scores_like_the_full_record(name: str, seed: int, runaways: bool) -> None:
    options = {"runaways": True} if runaways and name in ("sem-listov", "pyat-listov") else {}
    variant = get_variant(name, **options)
    deal = play_deal(variant, seed=seed, bots="heuristic")
    data = json.loads(json.dumps(deal.record.to_json(variant), ensure_ascii=False))
    full = replay(data).to_json()
    summary = summarize(data, [t.winner for t in deal.tricks if t.winner is not None])
    proven = replay(summary).to_json()
    assert unchecked(proven) == unchecked(full)
    assert full == deal.result().to_json()


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6), split=st.sampled_from(["equal", "next_deal"]))
def test_classic_party_is_zero_sum(seed: int, split: str) -> None:
    variant = get_variant("sem-listov", players=4, runaways=True, runaway_split=split)
    data = play_party(variant, seed=seed, bots="random")
    result = replay(data)
    assert isinstance(result, PartyResult)
    assert len(result.deals) == 4 and sum(result.settlement.net()) == 0
    # D-SL6: a pot still held when the last deal ends is shared equally among its tied winners,
    # inside the last running totals, which are then the party's net; the party says so.
    assert result.settlement.net() == list(result.running[-1])
    held = result.deals[-1].extra["held_over"]
    shared = result.extra.get("pot_shared", [])
    assert [(h["payer"], h["amount"], h["winners"]) for h in held] == [
        (h["payer"], h["amount"], h["winners"]) for h in shared
    ]
    assert all(Fraction(h["share"]) == Fraction(h["amount"], len(h["winners"])) for h in shared)


def test_a_pot_held_at_the_end_is_shared_in_the_last_running_totals() -> None:
    """D-SL6, worked on the party of seed 5549 (four players, runaway_split next_deal): seat 2
    owes a pot of 8 held for seats 1 and 3 when the fourth deal ends; each takes 4, inside the
    last running totals (-52, 20, 44, -12) -- which are the party's net."""
    variant = get_variant("sem-listov", players=4, runaways=True, runaway_split="next_deal")
    result = replay(play_party(variant, seed=5549, bots="random"))
    assert isinstance(result, PartyResult)
    assert result.deals[-1].extra["held_over"] == [{"payer": 2, "amount": 8, "winners": [1, 3]}]
    assert [h["share"] for h in result.extra["pot_shared"]] == [4]
    assert list(result.running[-1]) == [-52, 20, 44, -12] == result.settlement.net()


def unchecked(data: Any) -> Any:
    """A result's JSON without ``checked`` and ``warnings``, after checking them: a summary of
    the bots' own play is proven possible (``"summary"``) unless the search budget ran out
    (``"outcome"`` with a warning, never a silent pass)."""
    if isinstance(data, dict):
        if "checked" in data:
            assert data["checked"] in ("summary", "plays", "outcome")
            if data["checked"] == "outcome" and "deals" not in data:
                assert "gave up" in data["warnings"][0]
        return {k: unchecked(v) for k, v in data.items() if k not in ("checked", "warnings")}
    if isinstance(data, list):
        return [unchecked(v) for v in data]
    return data
