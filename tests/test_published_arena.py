"""The published strength result of issue 27 (docs/analysis.md, "The published result"): the
``kozyr arena --json`` output of every run it reports is kept in ``benchmarks/results/arena/``,
and here the document's tables are checked to be exactly what ``benchmarks/arena.py`` renders
from those files, and the claim to be what the files show -- on every built-in variant, ``pimc``
beats ``heuristic`` and ``heuristic`` beats ``random`` with per-bot intervals (points against
the field) that do not overlap, each pair alone at the table."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from kozyr.registry import variants

from .conftest import load_script

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results" / "arena"
DOC = (ROOT / "docs" / "analysis.md").read_text(encoding="utf-8")


bench = load_script("benchmarks/arena.py", "kozyr_bench_arena")


def _load(name: str) -> dict[str, Any]:
    found: dict[str, Any] = json.loads((RESULTS / name).read_text(encoding="utf-8"))
    return found


def test_every_built_in_variant_has_its_runs() -> None:
    # the built-in plugins are the distributions under plugins/ (kozyr-pitch -> kozyr_pitch)
    packages = {path.name.replace("-", "_") for path in (ROOT / "plugins").iterdir()}
    built_in = {v.name for v in variants() if v.__module__.split(".")[0] in packages}
    assert built_in == set(bench.VARIANTS)
    for variant in bench.VARIANTS:
        for prefix in ("ph-", "hr-", ""):
            assert (RESULTS / f"{prefix}{variant}.json").is_file(), (prefix, variant)


@pytest.mark.parametrize("variant", bench.VARIANTS)
def test_pimc_beats_heuristic_beats_random(variant: str) -> None:
    for prefix, better, worse in (("ph-", "pimc", "heuristic"), ("hr-", "heuristic", "random")):
        run = _load(f"{prefix}{variant}.json")
        assert run["variant"] == variant and len(run["bots"]) == 2
        rows = {row["bot"]: row for row in run["bots"]}
        # apart: the better bot's interval lies wholly above the worse one's ...
        assert rows[better]["vs_field_interval"][0] > rows[worse]["vs_field_interval"][1]
        # ... which, two bots alone, is the duplicate margin's interval above 0
        assert run["margins"][better][worse][1] > 0
        assert rows[better]["vs_field"] == -rows[worse]["vs_field"]


@pytest.mark.parametrize("variant", bench.VARIANTS)
def test_the_documents_tables_are_the_runs(variant: str) -> None:
    for prefix in ("ph-", "hr-", ""):
        rendered = bench.table(_load(f"{prefix}{variant}.json"))
        assert rendered in DOC, f"docs/analysis.md lacks the table of {prefix}{variant}.json"


def test_the_documents_overview_is_the_runs() -> None:
    runs = [
        {
            kind: _load(f"{prefix}{variant}.json")
            for kind, prefix in (("three", ""), ("hr", "hr-"), ("ph", "ph-"))
        }
        for variant in bench.VARIANTS
    ]
    assert bench.summary(runs) in DOC
