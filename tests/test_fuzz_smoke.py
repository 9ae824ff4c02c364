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


def test_the_cli_harness_sees_what_a_users_terminal_sees(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 21 item 10: the CLI harness writes through a real UTF-8 pipe. With the refusal of
    lone surrogates switched off (as before issue 21), ``kozyr sheet`` of a record whose note
    is ``\\ud800`` is a crash the harness reports -- the UnicodeEncodeError a user saw -- where
    a StringIO took the text silently."""
    import json
    import re

    import harness

    import kozyr.codec
    import kozyr.jsontext

    record = json.loads((FUZZ.parent / "examples" / "po-noskam-party.json").read_text("utf-8"))
    path = tmp_path / "record.json"
    path.write_text(json.dumps({**record, "note": "\ud800"}), encoding="ascii")
    command = ["sheet", str(path), "--format", "json"]
    assert harness.check_cli(command) == "rejected"  # refused: one line, exit 2
    monkeypatch.setattr(kozyr.jsontext, "_SURROGATE_HINT", re.compile("(?!)"))
    monkeypatch.setattr(kozyr.codec, "check_text", lambda value, **_: value)
    with pytest.raises(harness.Finding, match="UnicodeEncodeError"):
        harness.check_cli(command)
