"""Every screen of ``kozyr serve`` passes an automated accessibility check (#20 item 8): axe-core
(from the npm registry, installed into a temporary folder; ``KOZYR_AXE=path/to/axe.min.js``
uses a copy at hand) run in headless Chromium reports no serious or critical violation on any
screen, in the light and the dark colour scheme; every control has an accessible name; every
link, button and big choice is at least 44 px high; the page asks to keep the screen awake.

Outside CI the test skips when npm, Playwright or the browser is missing; with CI=true it fails.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import EXAMPLES, Server
from .test_browser import IN_CI, _missing, browser, shot

__all__ = ["browser"]

AXE_VERSION = "4"
SERIOUS = ("serious", "critical")


@pytest.fixture(scope="session")
def axe_source(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The text of axe.min.js: ``$KOZYR_AXE``, or ``npm install axe-core`` into a temp folder."""
    given = os.environ.get("KOZYR_AXE")
    if given:
        return Path(given).read_text("utf-8")
    npm = shutil.which("npm")
    if npm is None:
        _missing("npm is not installed (apt-get install npm) to fetch axe-core")
    folder = tmp_path_factory.mktemp("axe")
    done = subprocess.run(
        [npm, "install", "--silent", "--no-audit", "--no-fund", "--prefix", str(folder),
         f"axe-core@{AXE_VERSION}"],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    script = folder / "node_modules" / "axe-core" / "axe.min.js"
    if done.returncode != 0 or not script.exists():
        _missing(f"npm install axe-core failed: {done.stderr[-400:]}")
    return script.read_text("utf-8")


def violations(page: Any) -> list[dict[str, Any]]:
    """axe-core's serious and critical violations on the page as it is now."""
    found: list[dict[str, Any]] = page.evaluate(
        """async () => {
            const result = await axe.run(document, {resultTypes: ["violations"]});
            return result.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.slice(0, 5).map(n => n.target.join(" "))}));
        }"""
    )
    return [v for v in found if v["impact"] in SERIOUS]


def small_targets(page: Any) -> list[str]:
    """Visible links, buttons, big choices and fields under 44 px high."""
    found: list[str] = page.evaluate(
        """() => [...document.querySelectorAll(
                'a, button, label.choice span, input:not([type=hidden]):not([type=radio])'
                + ':not([type=checkbox]), select, summary')]
            .filter(e => e.offsetParent !== null && !e.closest('.sr-only'))
            .filter(e => e.getBoundingClientRect().height < 44)
            .map(e => e.tagName + ' ' + (e.id || e.textContent.trim().slice(0, 30)))"""
    )
    return found


def unnamed_controls(page: Any) -> list[str]:
    """Form controls without an accessible name (no label, aria-label or labelledby)."""
    found: list[str] = page.evaluate(
        """() => [...document.querySelectorAll(
                'input:not([type=hidden]), select, textarea, button')]
            .filter(e => !(e.labels && e.labels.length) && !e.getAttribute('aria-label')
                && !e.getAttribute('aria-labelledby') && !(e.tagName === 'BUTTON'
                && e.textContent.trim()))
            .map(e => e.outerHTML.slice(0, 80))"""
    )
    return found


@pytest.fixture
def table(server: Callable[..., Server], tmp_path: Path) -> Iterator[Server]:
    """A server with a Seven Up game, a Семерик rubber, a race with its cut and one open game."""
    live = server(tmp_path / "a11y.sqlite3")
    for name in ("seven-up-game.json", "semerik-game.json", "po-noskam-party.json"):
        data = json.loads((EXAMPLES / name).read_text("utf-8"))
        status, body = live.request("POST", "/api/import", data)
        assert status == 201, body
    status, body = live.request(
        "POST",
        "/api/games",
        {"variant": "sem-listov", "options": {"players": 4, "runaways": True},
         "players": ["Аня", "Боря", "Вера", "Гоша"], "dealer": 0},
    )  # fmt: skip
    assert status == 201, body
    yield live


#: Screens photographed for docs/serve.md (with KOZYR_SCREENSHOTS=docs/img), by the element shown.
LIGHT_SHOTS = {
    "home": "#share",
    "game-race": "#outcome",
    "game-semerik": "#chart",
    "players": "#players",
}

SCREENS = [
    ("home", "/"),
    ("new-seven-up", "/new?variant=seven-up"),
    ("new-semerik", "/new?variant=semerik"),
    ("game-seven-up", "/games/1"),
    ("game-semerik", "/games/2"),
    ("game-race", "/games/3"),
    ("game-open", "/games/4"),
    ("edit", "/games/1/deals/0/edit"),
    ("print", "/games/2/print"),
    ("import", "/import"),
    ("players", "/players"),
    ("code", "/code"),
    ("not-found", "/games/99"),
]


@pytest.mark.slow
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_screen_passes_axe(
    browser: Any, table: Server, axe_source: str, tmp_path: Path, scheme: str
) -> None:
    page = browser.new_page()
    page.emulate_media(color_scheme=scheme)
    page.add_init_script(axe_source)  # before the page's own script; not subject to its CSP
    report: dict[str, Any] = {}
    for name, path in SCREENS:
        page.goto(table.url + path)
        found = violations(page)
        small = small_targets(page)
        unnamed = unnamed_controls(page)
        if found or small or unnamed:
            report[name] = {"axe": found, "under 44 px": small, "no name": unnamed}
        if scheme == "dark" and name in ("game-seven-up", "home"):
            shot(page, tmp_path, f"serve-dark-{name}", full_page=False)
        if scheme == "light" and name in LIGHT_SHOTS:
            shot(page, tmp_path, f"serve-{name}", at=LIGHT_SHOTS[name])
    # a refused deal: the error shown beside its field is checked too
    page.goto(table.url + "/games/4")
    page.click("#save")
    page.wait_for_load_state()
    found = violations(page)
    if found:
        report["refused-deal"] = {"axe": found}
    assert not report, json.dumps(report, ensure_ascii=False, indent=1)


@pytest.mark.slow
def test_the_screen_is_kept_awake(browser: Any, table: Server) -> None:
    page = browser.new_page()
    page.add_init_script(
        """window.__wake = [];
        Object.defineProperty(navigator, "wakeLock", {value: {request: (type) => {
            window.__wake.push(type);
            return Promise.resolve({addEventListener() {}, release() {}});
        }}});"""
    )
    page.goto(table.url + "/games/1")
    page.wait_for_function("window.__wake.length > 0")
    assert page.evaluate("window.__wake") == ["screen"]
    assert page.evaluate("document.documentElement.getAttribute('data-awake')") == "1"
    page.goto(table.url + "/")  # no game open: nothing asked
    assert page.evaluate("window.__wake") == []


def test_ci_has_what_the_check_needs() -> None:
    if IN_CI:
        assert shutil.which("npm") or os.environ.get("KOZYR_AXE"), "npm is needed for axe-core"
