"""``kozyr new-plugin NAME`` writes a plugin skeleton that works at once (#23 item 7): generated
into a temporary folder, pip-installed (offline) into a fresh virtual environment, its own tests
-- the conformance kit over every player count, a kept party -- pass there, and the installed
plugin is listed, passes ``kozyr plugins --strict`` and prints its rules."""

from __future__ import annotations

import io
import json
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from kozyr.cli import main
from kozyr.cli.new_plugin import files

from .conftest import KozyrRunner


def test_the_skeleton_files(tmp_path: Path) -> None:
    skeleton = files("my-game")
    assert sorted(skeleton) == [
        "pyproject.toml",
        "src/kozyr_my_game/__init__.py",
        "src/kozyr_my_game/my-game.rules.md",
        "src/kozyr_my_game/plugin.py",
        "src/kozyr_my_game/py.typed",
        "src/kozyr_my_game/variant.py",
        "tests/test_my_game.py",
    ]
    assert (
        '[project.entry-points."kozyr.variants"]\nmy-game = "kozyr_my_game.plugin"'
        in (skeleton["pyproject.toml"])
    )
    assert "## MG4 Scoring" in skeleton["src/kozyr_my_game/my-game.rules.md"]
    assert 'rules_ref = "MG1-MG4"' in skeleton["src/kozyr_my_game/variant.py"]


def test_a_bad_name_or_an_existing_folder_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["new-plugin", "My Game", "--dir", str(tmp_path / "x")], io.StringIO()) == 2
    assert "is not a lower-case slug" in capsys.readouterr().err
    (tmp_path / "taken").mkdir()
    assert main(["new-plugin", "my-game", "--dir", str(tmp_path / "taken")], io.StringIO()) == 2
    assert "already exists" in capsys.readouterr().err
    assert list((tmp_path / "taken").iterdir()) == []


@pytest.mark.slow
def test_the_skeleton_passes_its_own_tests_installed(
    tmp_path: Path, plugin_venv: Callable[[Path], tuple[KozyrRunner, Path]]
) -> None:
    out = io.StringIO()
    made = tmp_path / "generated" / "kozyr-house-game"
    assert main(["new-plugin", "house-game", "--dir", str(made), "--json"], out) == 0
    assert json.loads(out.getvalue())["folder"] == str(made)
    kozyr, source = plugin_venv(made)
    python = tmp_path / "venv" / "bin" / "python"
    tested = subprocess.run(
        [str(python), "-m", "pytest", "-q", "-p", "no:cacheprovider", str(source / "tests")],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=tmp_path,
    )
    assert tested.returncode == 0, tested.stdout + tested.stderr
    assert "5 passed" in tested.stdout
    report = json.loads(kozyr("plugins", "--json", "--strict"))
    (mine,) = [p for p in report["plugins"] if p["name"] == "house-game"]
    assert mine["distribution"] == "kozyr-house-game" and mine["variants"] == ["house-game"]
    assert kozyr("rules", "house-game").startswith("House game")
