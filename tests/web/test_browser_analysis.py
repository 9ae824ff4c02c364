"""The analysis page of a deal in a real headless Chromium (web/analysis.py, #27): the hand-worked
Seven Up party imported through the import page, the sheet's link followed, the flagged cards
read from the page as ``kozyr analyse`` says them with the players named, the filter hiding the
other cards in place (static/analysis.js) under the Content-Security-Policy, and a screenshot
for the docs (``KOZYR_SCREENSHOTS=DIR``). Skips outside CI without Playwright or Chromium, as
test_browser.py does."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ..test_analysis import HAND_WORKED_PARTY
from .conftest import Server
from .test_browser import browser, click_and_load, shot

__all__ = ["browser"]  # the fixture, used by name


@pytest.mark.slow
def test_the_analysis_page_shows_the_flags(
    browser: Any, server: Callable[..., Server], tmp_path: Path
) -> None:
    live = server(tmp_path / "analysis.sqlite3")
    page = browser.new_page()
    violations: list[str] = []
    page.on(
        "console",
        lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None,
    )
    page.goto(live.url + "/lang/en")
    page.goto(live.url + "/import")
    party = {**HAND_WORKED_PARTY, "players": ["Anna", "Boris"]}
    page.fill("#record", json.dumps(party, ensure_ascii=False))
    click_and_load(page, "#import")
    click_and_load(page, "#analyse-0")
    assert page.url.endswith("/deals/0/analysis")
    flags = [t.strip() for t in page.locator("#flags li.flag").all_inner_texts()]
    assert flags[0] == "trick 2, Anna: 7♦ loses the Jack and Game; A♥ keeps them"
    assert flags[-1] == "trick 5, Anna: 9♠ loses the Jack; A♥ keeps it"
    assert len(flags) == 7
    rows = page.locator("#plays tr.play")
    assert rows.count() == 12
    shot(page, tmp_path, "serve-analysis", full_page=False)
    # the filter, by the script: only the seven lost cards stay visible, no reload
    page.click("#filter")
    assert page.url.endswith("/analysis?only=lost")
    visible = [r for r in range(12) if rows.nth(r).is_visible()]
    assert len(visible) == 7
    assert page.locator("#filter").inner_text().strip() == "Show every card"
    page.click("#filter")
    assert sum(1 for r in range(12) if rows.nth(r).is_visible()) == 12
    assert violations == []
    page.close()
