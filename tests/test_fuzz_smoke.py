"""CI smoke of the fuzz harnesses in ``fuzz/`` (issue 13): every hypothesis target with a small
budget, and every atheris harness for a few hundred runs when atheris is installed. The long
run and its figures are in docs/reliability.md."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

FUZZ = Path(__file__).resolve().parent.parent / "fuzz"
sys.path.insert(0, str(FUZZ))

import hypothesis_harness  # noqa: E402


@pytest.mark.parametrize("target", sorted(hypothesis_harness.TARGETS))
def test_hypothesis_target(target: str) -> None:
    hypothesis_harness.run(target, 25)


@pytest.mark.skipif(importlib.util.find_spec("atheris") is None, reason="atheris not installed")
@pytest.mark.parametrize("harness", sorted(p.name for p in FUZZ.glob("atheris_*.py")))
def test_atheris_harness(harness: str, tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(FUZZ / harness), "-runs=300", "-seed=13"],
        capture_output=True,
        cwd=tmp_path,
        check=False,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr.decode(errors="replace")[-3000:]
    assert b"Done 300 runs" in done.stderr


def test_the_long_run_script_counts_and_finds_nothing() -> None:
    done = subprocess.run(
        [sys.executable, str(FUZZ / "run.py"), "--count", "20"],
        capture_output=True,
        check=False,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout.decode()[-3000:]
    assert b"| **all** |" in done.stdout
