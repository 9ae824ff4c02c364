"""The minimal loops of ``benchmarks/bench.py`` are the baselines the batch engine's speed is
reported against (docs/performance.md), so they must play the engine's very deals: the same
random draws under the same rules give the same tricks per seat. A rule change the loops miss
(as D-SL5's exchange at the start of every later trick once was) fails here."""

from __future__ import annotations

import pytest

from kozyr import get_variant

from .conftest import load_script

bench = load_script("benchmarks/bench.py", "kozyr_bench")


@pytest.mark.parametrize("name", sorted(bench.MINIMAL))
def test_minimal_loop_plays_the_engines_deals(name: str) -> None:
    options, loop = bench.MINIMAL[name]
    variant = get_variant(name, **options)
    differ = [seed for seed in range(120) if loop(seed) != bench.engine_tricks(variant, seed)]
    assert differ == []
