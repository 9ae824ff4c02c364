"""``score()`` takes a fast path for the common deal and the general path for everything else;
both must give the same result (SL-C14, D-SL3, PN4, D-PN2) on every deal they can both score."""

from __future__ import annotations

from typing import Any

import pytest

import kozyr
from kozyr import PartyRecord, play_deal
from kozyr.party import play_party

CLASSIC_OPTIONS: list[tuple[str, dict[str, Any]]] = [
    ("sem-listov", {}),
    ("sem-listov", {"players": 3}),
    ("sem-listov", {"players": 5}),
    ("sem-listov", {"players": 6, "honours_first": True}),
    ("sem-listov", {"ace_cut": True}),
    ("sem-listov", {"runaways": True}),
    ("pyat-listov", {}),
    ("po-noskam", {}),
    ("po-noskam", {"players": 2}),
    ("sem-listov-1884", {"players": 3}),
    ("na-noski", {}),
    ("na-noski", {"players": 5}),
]


@pytest.mark.parametrize(("name", "options"), CLASSIC_OPTIONS, ids=str)
def test_fast_and_general_scoring_agree(name: str, options: dict[str, Any]) -> None:
    variant = kozyr.get_variant(name, **options)
    for seed in range(150):
        bots = "heuristic" if seed % 3 == 0 else "random"
        deal = play_deal(variant, seed=seed, dealer=seed % variant.players, bots=bots)
        record = deal.record()
        for context in ({}, deal.context, {"deal_index": 1}):
            fast = variant.score(record, context)
            general = variant._score_general(record, context)
            assert fast == general, (seed, context)
            assert fast.to_json() == general.to_json()
            assert fast.settlement.net() == general.settlement.net()


@pytest.mark.parametrize("name", ["po-noskam", "sem-listov-1884", "na-noski", "sem-listov"])
def test_fast_and_general_scoring_agree_inside_parties(name: str) -> None:
    """Deals of a party carry its context (race totals, held-over pots), built as
    ``play_party`` builds it: the fast path must agree or step aside."""
    variant = kozyr.get_variant(name)
    options = dict(variant.options)
    checked = 0
    for seed in range(8):
        party = play_party(variant, seed=seed)
        results = list(party.deals)
        for index, result in enumerate(results):
            done = tuple(r.record for r in results[:index])
            context = variant.party_context(PartyRecord(name, options, done), results[:index])
            assert context is not None
            fast = variant.score(result.record, context)
            assert fast == variant._score_general(result.record, context) == result
            checked += 1
    assert checked > 20
