"""Two phones at one table, in two real headless Chromium contexts (Debian's ``chromium`` driven
by Playwright, as in ``test_browser.py``): both tap undo → one deal goes, the other phone is
refused with 412 and shown what changed, and may undo on top; a deal entered on one phone
appears on the other without a reload, what it was typing kept; a phone whose live connection
dropped saves a deal after another phone's → 412, the other deal shown, its own entry kept and
saved on top; a half-entered deal survives a reload and the table-code page (#20 items 1, 2, 6).
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest

from .conftest import Server
from .test_browser import ARGS, CHROMIUM, NAMES, PHONE, _missing, choose, click_and_load, totals
from .test_table import high_to

# waits without eval (the Content-Security-Policy forbids it); skips with the browser fixture
expect = pytest.importorskip("playwright.sync_api").expect


@pytest.fixture
def phones() -> Iterator[tuple[Any, Any]]:
    """Two phones: two fresh browser contexts (no shared cookies or storage) of one Chromium.
    (Tests ask for ``server`` first, so the phones -- and their live streams -- close first.)"""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("playwright is not installed (pip install playwright; no browser download)")
    if not Path(CHROMIUM).exists():
        _missing(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    profile = tempfile.mkdtemp(prefix="kozyr-chromium-")
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        contexts = [
            browser.new_context(viewport=PHONE, device_scale_factor=1, locale="ru-RU")
            for _ in range(2)
        ]
        for context in contexts:
            context.set_default_timeout(30_000)
        try:
            yield contexts[0], contexts[1]
        finally:
            for context in contexts:
                context.close()
            browser.close()
            shutil.rmtree(profile, ignore_errors=True)


def game_with_deals(url: str, seats: list[int]) -> str:
    """A Seven Up game with one deal per seat in ``seats`` (High and Low to it: 2 points, SU6)."""
    created = httpx.post(f"{url}/api/games", json={"variant": "seven-up", "players": NAMES})
    game_id = created.json()["id"]
    for seat in seats:
        assert httpx.post(f"{url}/api/games/{game_id}/deals", json=high_to(seat)).is_success
    return f"{url}/games/{game_id}"


def api_of(game_url: str) -> str:
    base, _, game_id = game_url.rpartition("/games/")
    return f"{base}/api/games/{game_id}"


def deal_count(page: Any) -> int:
    count: int = page.locator("#sheet tbody tr.deal").count()
    return count


def submit(page: Any, selector: str) -> int:
    """Tap a submit button; the status of the page it leads to (after redirects)."""
    with page.expect_navigation() as navigation:
        page.click(selector)
    status: int = navigation.value.status
    return status


@pytest.mark.slow
def test_both_phones_tap_undo_one_deal_goes(
    server: Callable[..., Server], phones: tuple[Any, Any]
) -> None:
    live = server()
    game_url = game_with_deals(live.url, [0, 1, 0])  # 4 : 2
    a, b = phones[0].new_page(), phones[1].new_page()
    for page in (a, b):
        page.goto(game_url)
        assert deal_count(page) == 3
        click_and_load(page, "#undo")  # the confirm step: nothing is undone yet
        assert page.locator("#confirm").is_visible()
    assert len(httpx.get(api_of(game_url)).json()["record"]["deals"]) == 3
    assert submit(a, "#confirm") == 200
    assert deal_count(a) == 2 and totals(a) == ["2", "2"]
    # the second phone's undo was made against the game of 3 deals: refused, nothing changes
    assert submit(b, "#confirm") == 412
    assert len(httpx.get(api_of(game_url)).json()["record"]["deals"]) == 2
    conflict = b.locator("#conflict")
    assert conflict.is_visible()
    assert "сдача 3 отменена" in conflict.inner_text()  # what the other phone did
    assert deal_count(b) == 2  # the sheet as it is now
    # it is offered to undo on top (deal 2 now), and may
    assert "2" in b.locator("#confirm").inner_text()
    assert submit(b, "#confirm") == 200
    body = httpx.get(api_of(game_url)).json()
    assert len(body["record"]["deals"]) == 1
    kinds = [c["kind"] for c in httpx.get(api_of(game_url) + "/changes").json()["changes"]]
    assert kinds == ["create", "add-deal", "add-deal", "add-deal", "undo", "undo"]


@pytest.mark.slow
def test_a_deal_on_one_phone_appears_on_the_other_without_a_reload(
    server: Callable[..., Server], phones: tuple[Any, Any]
) -> None:
    live = server()
    game_url = game_with_deals(live.url, [])
    a, b = phones[0].new_page(), phones[1].new_page()
    a.goto(game_url)
    b.goto(game_url)
    b.evaluate("window.notReloaded = true")
    b.fill('input[name="f.turnups"]', "K♦")  # half typed on the second phone
    b.wait_for_timeout(300)  # let the first phone's stream open (not a timing assertion)
    a.fill('input[name="f.turnups"]', "2♣")
    choose(a, "beg", "stand")
    for field, value in (("high", "0"), ("low", "2"), ("jack", "0"), ("game", "3")):
        choose(a, field, value)
    assert submit(a, "#save") == 200
    assert totals(a) == ["3", "1"]
    # the other phone's sheet follows, without navigating
    expect(b.locator("#sheet tbody tr.deal")).to_have_count(1)  # no eval: the CSP forbids it
    assert totals(b) == ["3", "1"]
    assert b.evaluate("window.notReloaded") is True
    assert b.locator('input[name="f.turnups"]').input_value() == "K♦"  # still there
    assert b.locator('#deal-form input[name="revision"]').input_value() == "2"
    # and a second change (an undo through the API) too
    assert httpx.delete(api_of(game_url) + "/deals/last").is_success
    expect(b.locator("#sheet tbody tr.deal")).to_have_count(0)
    assert b.evaluate("window.notReloaded") is True


@pytest.mark.slow
def test_a_phone_behind_saves_its_deal_on_top(
    server: Callable[..., Server], phones: tuple[Any, Any]
) -> None:
    live = server()
    game_url = game_with_deals(live.url, [])
    a, b = phones[0].new_page(), phones[1].new_page()
    b.route("**/events", lambda route: route.abort())  # its live connection is gone
    a.goto(game_url)
    b.goto(game_url)
    # the first phone saves deal 1: High and Low Аня (2 : 0)
    a.fill('input[name="f.turnups"]', "8♥")
    for field, value in (("beg", "stand"), ("high", "0"), ("low", "0"), ("jack", "-")):
        choose(a, field, value)
    choose(a, "game", "-")
    assert submit(a, "#save") == 200
    # the second phone, still showing no deal, saves its own: High and Low Боря
    b.fill('input[name="f.turnups"]', "9♣")
    for field, value in (("beg", "stand"), ("high", "1"), ("low", "1"), ("jack", "-")):
        choose(b, field, value)
    choose(b, "game", "-")
    assert submit(b, "#save") == 412
    assert "сдача 1 записана" in b.locator("#conflict").inner_text()
    assert deal_count(b) == 1 and totals(b) == ["2", "0"]  # the other phone's deal shown
    # its own entry is kept in the form, against the game as it is now
    assert b.locator('input[name="f.turnups"]').input_value() == "9♣"
    assert b.locator('input[name="f.high"][value="1"]').is_checked()
    assert len(httpx.get(api_of(game_url)).json()["record"]["deals"]) == 1
    assert submit(b, "#save") == 200
    assert totals(b) == ["2", "2"]
    deals = httpx.get(api_of(game_url)).json()["record"]["deals"]
    assert [(d["turnups"], d["high"]) for d in deals] == [(["8♥"], 0), (["9♣"], 1)]


@pytest.mark.slow
def test_a_half_entered_deal_survives_a_reload(
    server: Callable[..., Server], phones: tuple[Any, Any]
) -> None:
    live = server()
    game_url = game_with_deals(live.url, [0])
    page = phones[0].new_page()
    page.goto(game_url)
    page.fill('input[name="f.turnups"]', "J♠")
    choose(page, "high", "3")
    page.reload()
    assert page.locator('input[name="f.turnups"]').input_value() == "J♠"
    assert page.locator('input[name="f.high"][value="3"]').is_checked()
    # saved, the draft is gone: the next deal's form starts empty
    choose(page, "beg", "stand")
    for field, value in (("low", "3"), ("jack", "-"), ("game", "-")):
        choose(page, field, value)
    assert submit(page, "#save") == 200
    assert deal_count(page) == 2
    assert page.locator('input[name="f.turnups"]').input_value() == ""
    page.reload()
    assert page.locator('input[name="f.turnups"]').input_value() == ""


@pytest.mark.slow
def test_the_table_code_page_keeps_what_was_typed(
    server: Callable[..., Server], phones: tuple[Any, Any], tmp_path: Path
) -> None:
    code = "tulip-anchor-velvet-mosaic-42"
    live = server(tmp_path / "coded.sqlite3", "--code", code)
    created = httpx.post(
        f"{live.url}/api/games",
        json={"variant": "seven-up", "players": NAMES},
        headers={"X-Table-Code": code},
    )
    game_url = f"{live.url}/games/{created.json()['id']}"
    page = phones[1].new_page()  # a new phone: no code yet
    page.goto(game_url)
    page.fill('input[name="f.turnups"]', "A♠")
    for field, value in (("beg", "stand"), ("high", "2"), ("low", "2"), ("jack", "-")):
        choose(page, field, value)
    choose(page, "game", "-")
    click_and_load(page, "#save")
    assert "/code" in page.url  # the first write asks for the code
    page.fill("#code", code)
    with page.expect_navigation():
        page.locator("form[action='/code'] button[type=submit]").click()
    if not page.url.startswith(game_url):
        page.goto(game_url)
    # back on the game, the deal typed before the code page is still in the form
    assert page.locator('input[name="f.turnups"]').input_value() == "A♠"
    assert page.locator('input[name="f.high"][value="2"]').is_checked()
    assert submit(page, "#save") == 200
    assert deal_count(page) == 1 and totals(page) == ["2", "0"]


@pytest.mark.slow
def test_the_conflict_box_shows_times_in_the_phones_own_zone(
    server: Callable[..., Server], phones: tuple[Any, Any]
) -> None:
    """#20: the changes a refused phone is shown carry the time in the phone's zone (the server
    stores UTC; static/kozyr.js converts): a phone in Vladivostok (UTC+10, no summer time)."""
    from datetime import datetime, timedelta

    live = server()
    game_url = game_with_deals(live.url, [0, 1])
    browser = phones[0].browser
    assert browser is not None
    context = browser.new_context(viewport=PHONE, locale="ru-RU", timezone_id="Asia/Vladivostok")
    try:
        page = context.new_page()
        page.goto(game_url)
        click_and_load(page, "#undo")
        assert httpx.delete(api_of(game_url) + "/deals/last").is_success  # another phone
        assert submit(page, "#confirm") == 412
        changes = httpx.get(api_of(game_url) + "/changes").json()["changes"]
        at = datetime.fromisoformat(changes[-1]["at"])
        shown = page.locator("#conflict-changes time").last
        assert shown.get_attribute("datetime") == changes[-1]["at"]
        local = (at + timedelta(hours=10)).strftime("%H:%M")
        assert shown.inner_text() == local, (shown.inner_text(), changes[-1]["at"])
        assert "UTC" not in page.locator("#conflict").inner_text()
    finally:
        context.close()
