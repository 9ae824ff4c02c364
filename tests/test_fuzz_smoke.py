"""CI smoke of the fuzz harnesses in ``fuzz/`` (issue 13): every hypothesis target with a small
budget, and every atheris harness for a few hundred runs when atheris is installed. The long
run and its figures are in docs/reliability.md."""

from __future__ import annotations

import importlib.util
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

FUZZ = Path(__file__).resolve().parent.parent / "fuzz"
sys.path.insert(0, str(FUZZ))

import hypothesis_harness  # noqa: E402


@pytest.mark.slow
@pytest.mark.parametrize("target", sorted(hypothesis_harness.TARGETS))
def test_hypothesis_target(target: str) -> None:
    hypothesis_harness.run(target, 25)


@pytest.mark.slow
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


# --- the network and limit targets of issue 21 item 10 (fuzz/network.py) ------------------------

needs_web = pytest.mark.skipif(
    importlib.util.find_spec("starlette") is None, reason="the web extra is not installed"
)
NETWORK = ["number_targets", "table_code_target", "host_target", "json_target", "import_target"]


def _network_targets(factory: str, tmp_path: Path) -> dict[str, Any]:
    import harness
    import network

    if factory == "import_target":
        return network.import_target(5, tmp_path, harness.example_records())
    if factory == "simulate_target":
        return network.simulate_target(5)
    made: dict[str, Any] = getattr(network, factory)(5, tmp_path)
    return made


def _findings(check: Any, inputs: int, seed: str = "smoke") -> list[str]:
    import harness

    rng = random.Random(seed)
    found = []
    for _ in range(inputs):
        try:
            assert check(rng) in ("accepted", "rejected")
        except harness.Finding as finding:
            found.append(f"{finding.kind}: {finding}")
    return found


@pytest.mark.parametrize(
    "factory", [pytest.param(f, marks=needs_web) for f in NETWORK] + ["simulate_target"]
)
def test_every_network_target_runs_clean(factory: str, tmp_path: Path) -> None:
    """Every network and limit target, a few inputs each (the long run is in
    docs/reliability.md)."""
    for name, (_, check) in _network_targets(factory, tmp_path).items():
        assert _findings(check, 6, name) == [], name


@needs_web
def test_the_table_code_oracle_sees_a_gate_that_lets_anyone_in(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A code compared as "any text is the code" is found: the oracle knows the near misses."""
    import network

    from kozyr.web import tablecode

    monkeypatch.setattr(tablecode.TableCode, "matches", lambda self, given: bool(given))
    ((_, check),) = network.table_code_target(1, tmp_path).values()
    assert any(f.startswith("wrongly accepted") for f in _findings(check, 40))


@needs_web
def test_the_host_oracle_sees_the_at_trick(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Host check of before issue 21 (anything after ``@`` ignored) is found."""
    import network

    from kozyr.web import app

    def before(host: str) -> str | None:
        return host.rpartition("@")[2].partition(":")[0].lower() or None

    monkeypatch.setattr(app, "_hostname", before)
    ((_, check),) = network.host_target(1, tmp_path).values()
    assert any(f.startswith("wrongly accepted") for f in _findings(check, 150))


@needs_web
def test_the_number_oracle_sees_int_taking_unicode_digits(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``int()`` as the page's number reader (``'٣'`` read as 3 players) is found."""
    import network

    from kozyr.web import pages

    monkeypatch.setattr(pages, "parse_int", lambda text, what, **_: int(text))
    check = network.number_targets(1, tmp_path)["web numbers: queries (?since=, /new?players=)"][1]
    assert any(f.startswith("wrongly accepted") for f in _findings(check, 150))


def test_the_plugin_fault_target_runs_clean(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Hostile plugin faults through the CLI (and the web API when installed), a few inputs;
    the plugin it registers is gone after the test (a fresh plugin manager)."""
    import faults

    from kozyr import registry

    monkeypatch.setattr(registry, "_manager", None)
    ((_, check),) = faults.fault_target(1, tmp_path).values()
    assert _findings(check, 12) == []
    assert faults.CALLED  # some fault was in a hook that ran
