"""tools/batch_check.py (#25): an ``--only`` that selects no option set is an error, not a pass,
and ``stats`` runs the Pitch family too (AP1-AP11, SMR1-SMR8)."""

from __future__ import annotations

import sys
from types import ModuleType

import pytest

from .conftest import load_script


@pytest.fixture(scope="module")
def tool() -> ModuleType:
    return load_script("tools/batch_check.py", "batch_check")


@pytest.mark.parametrize(
    ("what", "only"), [("exact", "no-such-variant"), ("stats", "no-such"), ("party-stats", "smear")]
)
def test_an_only_that_selects_nothing_exits_2_naming_it(
    tool: ModuleType,
    what: str,
    only: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr(sys, "argv", ["batch_check.py", what, "--only", only])
    with pytest.raises(SystemExit) as stop:
        tool.main()
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert f"--only {only!r} selects none of the" in err and f"of {what!r}" in err


def test_stats_has_the_pitch_family(tool: ModuleType) -> None:
    chosen = [name for name, _ in tool._chosen(tool.STATS_SETS, "smear")]
    assert chosen == ["smear", "ten-point-smear"]
    assert [n for n, _ in tool._chosen(tool.STATS_SETS, "pitch")] == ["auction-pitch"]
