"""Семерик summary records (issue 22): hands plus trick winners or won piles (and the counters
where the cards won cannot tell them), proven by a legal play like every summary, scored as the
full record, and mixed with full and outcome deals in one rubber."""

from __future__ import annotations

from typing import Any

import pytest
from kozyr_semerik.scoring import COUNTER_MASK

import kozyr
from kozyr import RecordError, realisation

pytestmark = pytest.mark.skipif(not realisation.solver_available(), reason="kozyr[proofs]")


def summary(variant: Any, record: Any, kind: str) -> dict[str, Any]:
    """A full record as a summary: hands, trick winners or won piles, counters (SM7)."""
    data = record.to_json(variant)
    data.pop("tricks")
    data.pop("declared", None)
    per_trick = variant.options["counter_mode"] == "per_trick"
    counters = [0, 0, 0, 0]
    won: list[list[str]] = [[], [], [], []]
    for trick in record.tricks:
        held = sum(1 for card in trick.cards if card.mask & COUNTER_MASK)
        counters[trick.winner] += (held >= 3) if per_trick else held
        won[trick.winner] += [str(card) for card in trick.cards]
    if kind == "winners":
        data["trick_winners"] = [t.winner for t in record.tricks]
        data["counters"] = counters
    else:
        data["won"] = [" ".join(cards) for cards in won]
        if per_trick:  # which tricks held three counters: not in the piles
            data["counters"] = counters
    return data


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["per_trick", "cumulative"])
@pytest.mark.parametrize("kind", ["winners", "won"])
def test_bot_deals_as_summaries_are_proven_and_score_as_played(mode: str, kind: str) -> None:
    variant = kozyr.get_variant("semerik", counter_mode=mode)
    for seed in range(4):
        deal = kozyr.play_deal(variant, seed=seed, bots="random" if seed % 2 else "heuristic")
        result = kozyr.replay(summary(variant, deal.record, kind))
        assert result.checked == "summary" and not result.warnings
        assert result.points == deal.result().points
        assert result.tricks == deal.result().tricks


def deal_of_hands() -> tuple[Any, dict[str, Any]]:
    variant = kozyr.get_variant("semerik")
    deal = kozyr.play_deal(variant, seed=3)
    return deal, summary(variant, deal.record, "winners")


@pytest.mark.slow
def test_impossible_counters_are_refused() -> None:
    # the trick winners as played, but one counter trick moved from one seat to another that
    # has a trick to hold it: every count is fine (SM7), yet for some such moves no legal play
    # of these hands gives them -- the solver refuses those at $.counters
    _, data = deal_of_hands()
    counters = data["counters"]
    taken = [data["trick_winners"].count(s) for s in range(4)]
    refused = 0
    for give in range(4):
        for take in range(4):
            if give == take or not counters[give] or counters[take] >= taken[take]:
                continue
            moved = list(counters)
            moved[give] -= 1
            moved[take] += 1
            try:
                kozyr.replay({**data, "counters": moved})
            except RecordError as error:
                assert error.path == "$.counters" and "impossible" in error.detail
                refused += 1
    assert refused > 0


def test_impossible_trick_winners_name_the_trick() -> None:
    # SM5: all ten tricks to the seat with the weakest hand (two counter tricks, the fewest
    # SM7 allows): no legal play gives it -- refused at the first trick no legal play of the
    # earlier ones reaches (or at the counters, if every trick could go so)
    deal, data = deal_of_hands()
    hands = deal.record.hands
    weakest = min(range(4), key=lambda s: sum(c.rank for c in hands[s]))
    data = {**data, "trick_winners": [weakest] * 10, "counters": [0, 0, 0, 0]}
    data["counters"][weakest] = 2
    with pytest.raises(RecordError) as error:
        kozyr.replay(data)
    assert error.value.path.startswith("$.trick_winners[") or error.value.path == "$.counters"
    assert "impossible" in error.value.detail


def test_a_summary_needs_its_counters_unless_the_piles_tell_them() -> None:
    _, data = deal_of_hands()
    with pytest.raises(RecordError, match=r"\$\.counters: missing: counters"):
        kozyr.replay({k: v for k, v in data.items() if k != "counters"})
    with pytest.raises(RecordError, match=r"\$\.tricks: missing: .*\(trick_winners\)"):
        kozyr.replay({k: v for k, v in data.items() if k not in ("trick_winners", "counters")})
    with pytest.raises(RecordError, match=r"\$\.trick_winners\[3\]: seat 4 is not at the table"):
        winners = list(data["trick_winners"])
        winners[3] = 4
        kozyr.replay({**data, "trick_winners": winners})


def test_full_summary_and_outcome_deals_mix_in_one_rubber() -> None:
    # a bot-played rubber (SM11) with its second deal written as a summary and its third as an
    # outcome record: the same running totals, games and settlement as the full rubber; the
    # party says the least that was checked
    variant = kozyr.get_variant("semerik")
    party = kozyr.play_party(variant, seed=5)
    assert party.record is not None and len(party.deals) >= 3
    data = party.record.to_json(variant)
    deals = data["deals"]
    second = summary(variant, party.deals[1].record, "winners")
    deals[1] = {k: v for k, v in second.items() if k not in ("variant", "options")}
    context = variant.party_context(party.record, party.deals[:2]) or {}
    deals[2] = variant.outcome_record(party.deals[2], context)
    mixed = kozyr.replay(data)
    assert mixed.checked == "outcome"
    assert [d.checked for d in mixed.deals[:3]] == ["plays", "summary", "outcome"]
    assert mixed.running == party.running
    assert mixed.settlement == party.settlement
    assert mixed.extra["games"] == party.extra["games"]
