"""Hypothesis properties over many random deals (SU6): at most one High, Low, Jack and Game;
Low never outranks High; Game goes to the larger count; full and summary records agree."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kozyr
from kozyr import Card, CardSet, Rank, RankOrder
from kozyr.testing import score_unproven

ORDER = RankOrder.ace_high()
COUNT = {Rank.TEN: 10, Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}

deals = st.fixed_dictionaries(
    {
        "seed": st.integers(0, 10**6),
        "players": st.sampled_from([2, 3, 4]),
        "bots": st.sampled_from(["random", "heuristic"]),
        "dealer": st.integers(0, 3),
        "game_tie": st.sampled_from(["none", "eldest"]),
        "void_may_discard": st.booleans(),
    }
)


def play(params: dict[str, Any]) -> kozyr.Deal:
    variant = kozyr.get_variant(
        "seven-up",
        players=params["players"],
        game_tie=params["game_tie"],
        void_may_discard=params["void_may_discard"],
    )
    return kozyr.play_deal(
        variant,
        seed=params["seed"],
        bots=params["bots"],
        dealer=params["dealer"] % params["players"],
    )


def unit(variant: kozyr.Variant, seat: int) -> int:
    return variant.side_of(seat) if variant.sides else seat


def check_result(result: kozyr.DealResult, variant: kozyr.Variant) -> None:
    """Every SU6 invariant of one scored deal."""
    record = result.record
    items = result.sheet.items
    counts = Counter(i.name for i in items)
    for name in ("high", "low", "jack", "game"):
        assert counts[name] <= 1, (name, items)
    assert counts["turned_jack"] <= 2
    assert set(counts) <= {"turned_jack", "gift", "high", "low", "jack", "game"}
    assert all(i.points == 1 for i in items)
    # Items are in SU7's counting order.
    order = ["turned_jack", "gift", "high", "low", "jack", "game"]
    assert [order.index(i.name) for i in items] == sorted(order.index(i.name) for i in items)
    if record.decisions.get("void"):
        assert counts.keys() <= {"turned_jack"}
        return
    trump = record.turnups[-1].suit
    holder = {c: s for s, h in enumerate(record.hands) for c in h or ()}
    trumps = [c for c in holder if c.suit == trump]
    if trumps:
        (high,) = result.sheet.named("high")
        (low,) = result.sheet.named("low")
        # Low never outranks High; both are trumps, the extreme ones, credited to the dealt seat.
        assert not ORDER.beats(low.cards[0], high.cards[0])
        assert high.cards[0] == ORDER.highest(trumps) and low.cards[0] == ORDER.lowest(trumps)
        assert high.seat == holder[high.cards[0]] and low.seat == holder[low.cards[0]]
    else:
        assert not counts["high"] and not counts["low"]
    jack = Card(Rank.JACK, trump)
    assert counts["jack"] == (jack in holder)
    # Game: the unit with the strictly larger count, else (D-SU3) nobody or the eldest rule.
    game_points = result.extra["game_points"]
    total = sum(COUNT.get(c.rank, 0) for c in holder)
    assert sum(game_points) == total
    best = max(game_points)
    games = result.sheet.named("game")
    if game_points.count(best) == 1:
        assert len(games) == 1 and unit(variant, games[0].seat or 0) == game_points.index(best)
        assert games[0].rule == "SU6"
    elif variant.options["game_tie"] == "none":
        assert not games
    else:
        assert len(games) == 1 and games[0].rule == "D-SU3"
        assert game_points[unit(variant, games[0].seat or 0)] == best
    # Points per side/seat are the item totals.
    assert list(result.points) == result.sheet.by_side()
    assert sum(result.points) == len(items)


@settings(max_examples=150, deadline=None)
@given(deals)
def test_deal_invariants(params: dict[str, Any]) -> None:
    deal = play(params)
    check_result(deal.result(), deal.variant)


@pytest.mark.slow
@settings(max_examples=80, deadline=None)
@given(deals, st.randoms(use_true_random=False))
def test_summary_equals_full_and_reassigned_tricks_keep_invariants(
    params: dict[str, Any], rnd: Any
) -> None:
    deal = play(params)
    data = json.loads(json.dumps(deal.record.to_json(), ensure_ascii=False))
    full = kozyr.replay(data)
    assert isinstance(full, kozyr.DealResult)
    if data.get("void"):
        return
    n = deal.variant.players
    won: list[list[str]] = [[] for _ in range(n)]
    for trick in deal.tricks:
        assert trick.winner is not None
        won[trick.winner].extend(str(c) for c in trick.cards)
    summary = {k: v for k, v in data.items() if k != "tricks"}
    summary["won"] = [" ".join(w) for w in won]
    assert kozyr.replay(summary).to_json() == {**full.to_json(), "checked": "summary"}
    # Give each trick to a random seat: replay proves it possible or rejects it at $.won
    # (issue 11: no impossible summary is scored); its facts still keep SU6.
    shuffled: list[list[str]] = [[] for _ in range(n)]
    for trick in deal.tricks:
        shuffled[rnd.randrange(n)].extend(str(c) for c in trick.cards)
    summary["won"] = [" ".join(w) for w in shuffled]
    try:
        assert kozyr.replay(summary).checked in ("summary", "outcome")
    except kozyr.RecordError as error:
        assert error.path == "$.won" and error.detail.startswith("impossible")
    result = score_unproven(summary)
    assert isinstance(result, kozyr.DealResult)
    check_result(result, deal.variant)
    assert sum(result.tricks) == len(deal.tricks) == 6
    in_play = CardSet()
    for hand in result.record.hands:
        assert hand is not None
        in_play = in_play | hand
    assert len(in_play) == 6 * n


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    players=st.sampled_from([2, 3, 4]),
    target=st.integers(1, 15),
)
def test_one_step_context_is_the_whole_context(seed: int, players: int, target: int) -> None:
    """SU7 (#21): ``party_context_after`` -- one step from the scores before the last deal -- is
    ``party_context`` of the whole prefix, at every deal of random parties (to 7 and to other
    targets), including the None that says the game is won."""
    variant = kozyr.get_variant("seven-up", players=players)
    party = kozyr.play_party(variant, seed=seed)
    assert party.record is not None
    record = kozyr.PartyRecord(
        variant.name, dict(variant.options), party.record.deals, fields={"target": target}
    )
    results = list(party.deals)
    before = variant.party_context(record, [])
    assert before == {"scores": [0] * (2 if players == 4 else players), "target": target}
    for i in range(1, len(results) + 1):
        whole = variant.party_context(record, results[:i])
        step = variant.party_context_after(record, results[:i], before) if before else None
        assert step == whole
        before = whole


def test_long_party_replays_in_linear_steps() -> None:
    """SU7 (#21): replaying 3,000 outcome deals asks ``party_context`` once; every later deal
    is one step of ``party_context_after`` (the whole-prefix form made replay quadratic)."""
    deals = [
        {"dealer": i % 4, "turnups": "8♥", "beg": "stand", "high": i % 2, "low": 1 - i % 2,
         "jack": None, "game": None}
        for i in range(3000)
    ]  # fmt: skip
    calls = Counter[str]()
    cls = type(kozyr.get_variant("seven-up"))
    whole, step = cls.party_context, cls.party_context_after

    def counted_whole(self: Any, party: Any, results: Any) -> Any:
        calls["whole", len(results)] += 1
        return whole(self, party, results)

    def counted_step(self: Any, party: Any, results: Any, before: Any) -> Any:
        calls["step"] += 1
        return step(self, party, results, before)

    import pytest

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(cls, "party_context", counted_whole)
        patch.setattr(cls, "party_context_after", counted_step)
        result = kozyr.replay({"variant": "seven-up", "target": 10**6, "deals": deals})
    assert result.to_json()["scores"] == [3000, 3000]  # High and Low each deal, one per side
    assert calls["step"] == 2999
    assert [k for k in calls if k != "step"] == [("whole", 0)]
