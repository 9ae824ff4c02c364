"""Make Tressette available to its tests: installed (pip install ./plugin-tressette), it is
there already; from a checkout of kozyr (the kozyr test suite collects these tests too) it is
registered at run time from ``../src`` and forgotten afterwards (``kozyr.registry.reset``)."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import kozyr

SRC = Path(__file__).resolve().parents[1] / "src"
if importlib.util.find_spec("kozyr_tressette") is None:  # a checkout: the test modules import it
    sys.path.insert(0, str(SRC))


def installed() -> bool:
    """Whether the plugin is installed (its entry point loaded), not registered here."""
    return any(p.name == "tressette" and p.distribution for p in kozyr.loaded_plugins())


@pytest.fixture(autouse=True, scope="module")
def tressette() -> Iterator[None]:
    if installed():
        yield
        return
    import kozyr_tressette.plugin

    kozyr.register_plugin(kozyr_tressette.plugin, name="tressette")
    try:
        yield
    finally:
        from kozyr.registry import reset

        reset()
