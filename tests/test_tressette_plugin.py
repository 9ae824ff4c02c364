"""The proof of the plugin platform (#23 item 8): examples/plugin-tressette, a third-party
plugin written from ``kozyr new-plugin`` against the public API, pip-installed offline into a
fresh virtual environment, where its own tests (worked examples of TR1-TR8, the conformance kit,
a property test, ``kozyr keep`` and ``kozyr serve``) pass and the ``kozyr`` command lists, plays
and explains it. Its tests also run in this suite, from the checkout (testpaths)."""

from __future__ import annotations

import ast
import json
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from .conftest import KozyrRunner

TRESSETTE = Path(__file__).resolve().parents[1] / "examples" / "plugin-tressette"
VARIANT = TRESSETTE / "src" / "kozyr_tressette" / "variant.py"


def overrides() -> list[str]:
    """The methods of the Tressette class marked ``@override``."""
    tree = ast.parse(VARIANT.read_text(encoding="utf-8"))
    (cls,) = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Tressette"]
    return [
        n.name
        for n in cls.body
        if isinstance(n, ast.FunctionDef)
        and any(isinstance(d, ast.Name) and d.id == "override" for d in n.decorator_list)
    ]


def test_a_keepable_game_in_few_overrides() -> None:
    # the measure of #23: what a plugin author writes; the rest is the core's defaults
    assert overrides() == [
        "start",
        "setup_replay",
        "outcome_fields",
        "check_record",
        "score",
        "bots",
    ]


def test_it_uses_only_the_public_api() -> None:
    for path in (TRESSETTE / "src" / "kozyr_tressette").glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("kozyr."):
                assert node.module in {"kozyr.testing", "kozyr.registry"}, (path.name, node.module)


@pytest.mark.slow  # a fresh venv and an offline pip install (~15 s): what a user of it does
def test_installed_in_a_fresh_venv_its_tests_pass(
    tmp_path: Path, plugin_venv: Callable[[Path], tuple[KozyrRunner, Path]]
) -> None:
    kozyr, source = plugin_venv(TRESSETTE)
    python = tmp_path / "venv" / "bin" / "python"
    tested = subprocess.run(
        [str(python), "-m", "pytest", "-q", "-p", "no:cacheprovider", str(source / "tests")],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=tmp_path,
    )
    assert tested.returncode == 0, tested.stdout + tested.stderr
    assert "22 passed" in tested.stdout
    report = json.loads(kozyr("plugins", "--json", "--strict"))
    (mine,) = [p for p in report["plugins"] if p["name"] == "tressette"]
    assert mine["distribution"] == "kozyr-tressette" and mine["variants"] == ["tressette"]
    assert kozyr("rules", "tressette", "TR6").startswith("TR6 The thirds drop")
    played = json.loads(kozyr("play", "трессетте", "--seed", "1", "--bot", "counter", "--json"))
    assert sum(played["result"]["points"]) >= 11
