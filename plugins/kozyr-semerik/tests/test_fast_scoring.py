"""Scoring takes a fast pass when every trick has four cards and the general pass otherwise;
both must give the same items, counters, tricks and points (SM6, SM7, D-SM4) on every deal."""

from __future__ import annotations

import pytest
from kozyr_semerik.scoring import _parts, _parts_general

import kozyr
from kozyr import play_deal


@pytest.mark.parametrize("quads", ["as_triple", "plus_one"])
@pytest.mark.parametrize("counter_mode", ["per_trick", "cumulative"])
def test_fast_and_general_passes_agree(quads: str, counter_mode: str) -> None:
    variant = kozyr.get_variant("semerik", quads=quads, counter_mode=counter_mode)
    per_trick = counter_mode == "per_trick"
    bonuses = 0
    for seed in range(400):
        bots = ["heuristic", "random"] * 2 if seed % 2 else "heuristic"
        record = play_deal(variant, seed=seed, dealer=seed % 4, bots=bots).record()
        fast = _parts(record, quads, per_trick)
        general = _parts_general(record, quads, per_trick)
        assert fast == general, seed
        bonuses += any(i.name in ("nine_tricks", "all_tricks") for i in fast[0])
    assert bonuses  # the D-SM4 / SM7 bonuses were reached on both passes
