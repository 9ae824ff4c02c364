"""kozyr's pytest plugin (``pytest11`` entry point ``_kozyr_pytestplugin``) is lean (#24): pytest
loads it in every run of every project installed beside kozyr, and it imports nothing of kozyr
until a test asks for its fixture ``kozyr_conformance``."""

from __future__ import annotations

import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

REPORT = """
import sys

def pytest_collection_finish(session):
    kozyr = sorted(m for m in sys.modules if m == "kozyr" or m.startswith("kozyr."))
    print("PLUGIN", "_kozyr_pytestplugin" in sys.modules)
    print("KOZYR", kozyr)
"""


def pytest_run(folder: Path, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-s", "-p", "no:cacheprovider", *args],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode in (0, 5), done.stdout + done.stderr  # 5: nothing collected
    return done.stdout


def test_the_entry_point_is_the_lean_module() -> None:
    (entry,) = [e for e in metadata.entry_points(group="pytest11") if e.name == "kozyr"]
    assert entry.value == "_kozyr_pytestplugin"


@pytest.mark.slow
def test_a_run_without_the_fixture_imports_nothing_of_kozyr(tmp_path: Path) -> None:
    (tmp_path / "conftest.py").write_text(REPORT, encoding="utf-8")
    (tmp_path / "test_other.py").write_text("def test_x():\n    pass\n", encoding="utf-8")
    out = pytest_run(tmp_path, "--co")
    assert "PLUGIN True" in out  # the plugin is loaded...
    assert "KOZYR []" in out  # ...and kozyr is not


@pytest.mark.slow
def test_the_fixture_imports_the_kit_when_used(tmp_path: Path) -> None:
    (tmp_path / "test_variant.py").write_text(
        "from kozyr import get_variant\n\n"
        "def test_seven_up(kozyr_conformance):\n"
        "    report = kozyr_conformance(get_variant('seven-up'), deals=3, seed=1)\n"
        "    assert report.deals == 3\n",
        encoding="utf-8",
    )
    out = pytest_run(tmp_path)
    assert "1 passed" in out
