"""hypothesis harnesses: one property per target, run with any example budget.

    python fuzz/hypothesis_harness.py 5000       # every target, 5,000 examples each

``tests/test_fuzz_smoke.py`` runs each with a small budget in CI. A failing property prints the
shrunk input (hypothesis) and the :class:`harness.Finding`.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parent))

import generate
import harness

EXAMPLES = harness.example_records()
FOLDER = harness.temporary_folder()
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3)
    ),
    max_leaves=6,
)


def notation(text: str) -> None:
    harness.check_notation(text)


def options(name: str, chosen: dict[str, Any]) -> None:
    harness.check_options(name, chosen)


def record_mutations(rng: random.Random) -> None:
    harness.check_record_data(generate.record(rng, EXAMPLES))


def must_reject(rng: random.Random, index: int) -> None:
    data, why = harness.must_reject(EXAMPLES[index % len(EXAMPLES)], rng)
    harness.check_record_data(data, must_reject=why)


def json_text(data: bytes, rng: random.Random, generated: bool) -> None:
    harness.check_record_text(generate.json_bytes(rng, EXAMPLES) if generated else data)


def cli(rng: random.Random, payload: bytes) -> None:
    if rng.random() < 0.5:
        payload = json.dumps(rng.choice(EXAMPLES), ensure_ascii=False).encode()[: len(payload) * 8]
    argv, stdin = harness.cli_argv(rng, payload, FOLDER)
    harness.check_cli(argv, stdin)


def names(text: str) -> None:
    harness.check_name(text)


def hostile_meta(rng: random.Random) -> None:
    harness.check_hostile_meta(harness.hostile_meta_record(rng, EXAMPLES))


TARGETS: dict[str, tuple[Callable[..., None], tuple[Any, ...]]] = {
    "notation": (
        notation,
        (
            st.lists(st.sampled_from(generate.PIECES + generate.CARD_TEXTS), max_size=12).map(
                "".join
            ),
        ),
    ),
    "options": (
        options,
        (
            st.sampled_from(harness.VARIANT_NAMES),
            st.dictionaries(
                st.sampled_from(generate.OPTION_NAMES) | st.text(max_size=6),
                JSON_VALUES,
                max_size=3,
            ),
        ),
    ),
    "records": (record_mutations, (st.randoms(use_true_random=False),)),
    "must-reject": (must_reject, (st.randoms(use_true_random=False), st.integers(0, 100))),
    "json-text": (
        json_text,
        (st.binary(max_size=300), st.randoms(use_true_random=False), st.booleans()),
    ),
    "cli": (cli, (st.randoms(use_true_random=False), st.binary(max_size=200))),
    "names": (
        names,
        (st.text(max_size=10) | st.lists(st.sampled_from(harness.HOSTILE_TEXT)).map("".join),),
    ),
    "hostile-meta": (hostile_meta, (st.randoms(use_true_random=False),)),
}


def run(name: str, examples: int) -> None:
    """Run target ``name`` for ``examples`` examples (raises on a finding)."""
    check, strategies = TARGETS[name]
    test = settings(
        max_examples=examples,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )(given(*strategies)(check))
    test()


if __name__ == "__main__":
    budget = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    for target in TARGETS:
        run(target, budget)
        print(f"{target}: {budget} examples, no finding")
