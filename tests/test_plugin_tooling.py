"""Tooling a plugin author expects from pytest and datasette (#23 item 7): ``kozyr --plugin
MODULE`` and ``KOZYR_PLUGINS=mod1,mod2`` load a plugin that is not installed (as pytest's
``-p``), ``KOZYR_TRACE_PLUGINS=1`` logs every call into a plugin's code (as datasette's
``DATASETTE_TRACE_PLUGINS``). Run in subprocesses: the real command, its real environment."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

PLUGIN = """
from kozyr import hookimpl
from kozyr_seven_up import SevenUp


class HouseSevenUp(SevenUp):
    name = "house-seven-up"
    aliases = ()


@hookimpl
def kozyr_register_variants(registry):
    registry.add(HouseSevenUp)
"""


def kozyr(*args: str, cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("KOZYR_")}
    return subprocess.run(
        [sys.executable, "-m", "kozyr", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env={**clean, "PYTHONPATH": str(cwd), **env},
        timeout=120,
    )


@pytest.mark.slow
def test_a_plugin_module_loads_without_installing_it(tmp_path: Path) -> None:
    (tmp_path / "house_plugin.py").write_text(textwrap.dedent(PLUGIN), encoding="utf-8")
    before = kozyr("play", "house-seven-up", "--seed", "1", cwd=tmp_path)
    assert before.returncode == 2 and "unknown variant 'house-seven-up'" in before.stderr
    by_flag = kozyr(
        "--plugin", "house_plugin", "play", "house-seven-up", "--seed", "1", cwd=tmp_path
    )
    assert by_flag.returncode == 0, by_flag.stderr
    by_env = kozyr(
        "play", "house-seven-up", "--seed", "1", cwd=tmp_path, KOZYR_PLUGINS="house_plugin"
    )
    assert by_env.stdout == by_flag.stdout
    # a .py file by its path works too, and even with autoloading off (it was asked for by name)
    by_path = kozyr(
        "--plugin",
        str(tmp_path / "house_plugin.py"),
        "plugins",
        "--json",
        cwd=tmp_path,
        KOZYR_DISABLE_PLUGIN_AUTOLOAD="1",
    )
    report = {p["name"]: p for p in json.loads(by_path.stdout)["plugins"]}
    assert report["house_plugin"]["variants"] == ["house-seven-up"]
    assert report["house_plugin"]["source"] == str(tmp_path / "house_plugin.py")
    assert report["house_plugin"]["distribution"] is None


def test_a_missing_plugin_module_is_a_warning_on_every_command(tmp_path: Path) -> None:
    done = kozyr("variants", cwd=tmp_path, KOZYR_PLUGINS="no_such_plugin_module")
    assert done.returncode == 0 and "seven-up" in done.stdout
    assert done.stderr.strip() == (
        "kozyr: warning: plugin no_such_plugin_module: import failed: ModuleNotFoundError: No "
        "module named 'no_such_plugin_module' (see kozyr plugins)"
    )


def test_trace_logs_every_hook_call(tmp_path: Path) -> None:
    done = kozyr("play", "seven-up", "--seed", "1", cwd=tmp_path, KOZYR_TRACE_PLUGINS="1")
    assert done.returncode == 0
    lines = done.stderr.splitlines()
    # SU1-SU3: one deal of Seven Up: 24 cards played (4 seats, 6 tricks), each asked of the
    # trick rules; 6 tricks resolved; the deal started and scored once
    assert lines.count("kozyr trace: plugin seven-up seven-up trick_rules: play_flags") == 24
    assert lines.count("kozyr trace: plugin seven-up seven-up trick_rules: trick_winner") == 6
    assert lines.count("kozyr trace: plugin seven-up seven-up: after_trick") == 6
    assert lines.count("kozyr trace: plugin seven-up seven-up: start") == 1
    assert lines.count("kozyr trace: plugin seven-up seven-up: score") == 1
    assert all(line.startswith("kozyr trace: plugin ") for line in lines)
    quiet = kozyr("play", "seven-up", "--seed", "1", cwd=tmp_path)
    assert quiet.stderr == "" and quiet.stdout == done.stdout
