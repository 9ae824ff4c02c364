"""A plugin's sheet format can be limited to variants (#23 item 6):
``SheetFormatRegistry.add(name, render, variants=[...])``. A record of another variant is refused
with a clear error (exit 2) before the renderer runs; a format for a variant nobody installed is
a warning that ``kozyr plugins --strict`` fails on."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any

import pytest

import kozyr
import kozyr.registry as kp
from kozyr import hookimpl, play_deal
from kozyr.cli import main
from kozyr.registry import PluginManager

calls: list[str] = []


def seven_up_only(sheet: Any, lang: str) -> str:
    calls.append(sheet.games[0].variant)
    return f"{sheet.games[0].variant} sheet\n"


class Formats:
    @hookimpl
    def kozyr_register_sheet_formats(self, registry: kp.SheetFormatRegistry) -> None:
        registry.add("su-card", seven_up_only, variants=["High-Low-Jack"])  # an alias
        registry.add("lost-card", seven_up_only, variants="no-such-game")


@pytest.fixture
def pm(monkeypatch: pytest.MonkeyPatch) -> PluginManager:
    manager = PluginManager(autoload=False)
    manager.load_entry_points()
    manager.register(Formats(), name="cards")
    monkeypatch.setattr(kp, "_manager", manager)
    return manager


def run(monkeypatch: pytest.MonkeyPatch, *args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stderr", err)
    return main(list(args), out), out.getvalue(), err.getvalue()


def test_a_format_limited_to_a_variant(
    pm: PluginManager, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    calls.clear()
    seven = tmp_path / "seven.json"
    seven.write_text(json.dumps(play_deal(kozyr.get_variant("seven-up"), seed=1).record.to_json()))
    assert run(monkeypatch, "sheet", str(seven), "--format", "su-card")[:2] == (
        0,
        "seven-up sheet\n",
    )
    semerik = tmp_path / "semerik.json"
    deal = play_deal(kozyr.get_variant("semerik"), seed=1)
    semerik.write_text(json.dumps(deal.record.to_json()), encoding="utf-8")
    status, out, err = run(monkeypatch, "sheet", str(semerik), "--format", "su-card")
    assert status == 2 and out == ""
    assert err.strip() == (
        "kozyr sheet: sheet format su-card (plugin cards) renders only high-low-jack, not semerik"
    )
    assert calls == ["seven-up"]  # never called for the other variant


def test_a_format_for_a_missing_variant_is_a_warning(
    pm: PluginManager, monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, _ = run(monkeypatch, "plugins", "--strict")
    assert status == 1
    assert "sheet format lost-card: variant 'no-such-game' is not installed" in out
