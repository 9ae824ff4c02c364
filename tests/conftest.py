"""Shared fixtures of the core tests: real Seven Up records played by the engine, and the fakes of
the plugin-loading tests (entry points and distributions, a folder of plugin modules on
``sys.path``)."""

from __future__ import annotations

import copy
import importlib
import json
import os
import shutil
import subprocess
import sys
import sysconfig
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import kozyr

ROOT = Path(__file__).resolve().parents[1]


def load_script(relative: str, name: str) -> ModuleType:
    """A script of the repository that is not a package (``benchmarks/arena.py``,
    ``tools/batch_check.py``) imported as module ``name`` (kept in ``sys.modules``, so its
    dataclasses and pickling work)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(name, ROOT / relative)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(name, module)
    spec.loader.exec_module(module)
    return module


# --- plugin loading: fakes of importlib.metadata ---------------------------------------------


@dataclass
class FakeDist:
    name: str
    version: str = "1.0"


@dataclass
class FakeEntryPoint:
    """Just what the registry (PluginManager) reads of an importlib.metadata.EntryPoint: its
    name, its ``module[:attr]`` value and its distribution (None: an entry point without one)."""

    name: str
    value: str
    dist: FakeDist | None

    def load(self) -> Any:
        return importlib.import_module(self.value)


@pytest.fixture
def module_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A temporary folder on ``sys.path`` for plugin modules a test writes."""
    monkeypatch.syspath_prepend(str(tmp_path))
    return tmp_path


# --- records ---------------------------------------------------------------------------------


def played_record(seed: int, **options: Any) -> dict[str, Any]:
    """A Seven Up deal played by random bots, as JSON data (through JSON text, like a file)."""
    variant = kozyr.get_variant("seven-up", **options)
    deal = kozyr.play_deal(variant, seed=seed)
    data: dict[str, Any] = json.loads(json.dumps(deal.record.to_json(), ensure_ascii=False))
    return data


def stand_record(start: int = 0, **options: Any) -> dict[str, Any]:
    """The first seeded deal from ``start`` on in which eldest stood (6 tricks of 4 cards)."""
    for seed in range(start, start + 200):
        data = played_record(seed, **options)
        if data.get("beg") == "stand" and data.get("tricks") and not data.get("void"):
            return data
    raise AssertionError("no deal where eldest stood")


@pytest.fixture
def seven_up_record() -> Callable[[], dict[str, Any]]:
    """A factory of fresh copies of a real 4-player Seven Up record where eldest stood."""
    base = stand_record()
    return lambda: copy.deepcopy(base)


@pytest.fixture
def play_record() -> Callable[..., dict[str, Any]]:
    """``play_record(seed, **options)``: a played Seven Up deal as JSON data."""
    return played_record


#: Runs ``kozyr ARGS`` in a plugin's venv (extra keyword arguments are environment variables)
#: and returns its standard output; a non-zero exit fails the test with its stderr.
KozyrRunner = Callable[..., str]


@pytest.fixture
def plugin_venv(tmp_path: Path) -> Callable[[Path], tuple[KozyrRunner, Path]]:
    """Install a plugin distribution folder into a fresh virtual environment and run the CLI
    there: ``kozyr, folder = plugin_venv(PLUGIN_DIR)``. The venv sees this environment's
    packages (kozyr, its built-in plugins, pluggy, setuptools, wheel) through a ``.pth`` file;
    the plugin is pip-installed from a copy of its folder (``folder``) fully offline: no index
    (``--no-index``) and this environment's setuptools and wheel as the build backend
    (``--no-build-isolation``; both are in the dev extra). ``KOZYR_SKIP_VENV_TESTS=1`` skips."""
    if os.environ.get("KOZYR_SKIP_VENV_TESTS") == "1":
        pytest.skip("KOZYR_SKIP_VENV_TESTS=1")

    def install(plugin: Path) -> tuple[KozyrRunner, Path]:
        source = tmp_path / plugin.name
        shutil.copytree(plugin, source, ignore=shutil.ignore_patterns("build", "*.egg-info"))
        venv = tmp_path / "venv"
        subprocess.run(
            [sys.executable, "-m", "venv", "--system-site-packages", str(venv)],
            check=True,
            timeout=120,
        )
        python = venv / "bin" / "python"
        purelib = subprocess.run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
        here = sysconfig.get_paths()["purelib"]
        Path(purelib, "kozyr_dev_env.pth").write_text(
            f"import site; site.addsitedir({here!r})\n", encoding="utf-8"
        )
        env = {k: v for k, v in os.environ.items() if k != "KOZYR_DISABLE_PLUGIN_AUTOLOAD"}
        env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
        # Offline: no index, this environment's setuptools and wheel (the dev extra) as the
        # build backend -- the test never needs the network.
        built = subprocess.run(
            [
                str(python),
                *("-m", "pip", "install", "-q", "--no-deps", "--no-index"),
                *("--no-build-isolation", str(source)),
            ],
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert built.returncode == 0, (
            "pip could not build the plugin offline (is the dev extra's setuptools and wheel "
            f"installed?):\n{built.stderr}"
        )

        def kozyr_cli(*args: str, **extra: str) -> str:
            done = subprocess.run(
                [str(python), "-m", "kozyr", *args],
                capture_output=True,
                text=True,
                timeout=300,
                env={**env, **extra},
                cwd=tmp_path,
            )
            assert done.returncode == 0, done.stderr
            return done.stdout

        return kozyr_cli, source

    return install
