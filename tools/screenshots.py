"""The screenshots of docs/serve.md and docs/keeping-score.md, taken again.

    python tools/screenshots.py            every picture into docs/img/
    python tools/screenshots.py --out DIR  somewhere else (to compare first)

A real ``kozyr serve`` on a fresh database in a temporary folder, two phones (two Chromium
contexts, 390 px wide, Russian, Moscow time) driven by Playwright with Debian's chromium
(``/usr/bin/chromium`` or ``$KOZYR_CHROMIUM``; no browser download), and ``kozyr keep --lang ru``
fed a race, its answers and its terminal output drawn as a terminal. Each PNG is made small:
``pngquant`` (lossy, 256 colours) when it is installed, then ``oxipng`` (lossless, the
``pyoxipng`` package) when it is importable.

Pictures kept from the browser tests instead (their state takes a whole party to reach):
``serve-field-double.png`` and ``serve-field-reached.png`` (``tests/web/test_form_fields.py``
with ``$KOZYR_SCREENSHOTS`` set writes them).
"""

from __future__ import annotations

import argparse
import html
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
IMG = ROOT / "docs" / "img"
EXAMPLES = ROOT / "examples"
PHONE = {"width": 390, "height": 844}
CHROMIUM = os.environ.get("KOZYR_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
NAMES = ["Аня", "Боря", "Вера", "Гоша"]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextmanager
def serve(db: Path) -> Iterator[str]:
    """``kozyr serve`` on ``db`` (loopback), stopped afterwards."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    log = db.with_suffix(".log").open("wb")
    process = subprocess.Popen(
        [sys.executable, "-m", "kozyr", "serve", "--db", str(db), "--port", str(port)],
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        for _ in range(300):
            try:
                with urllib.request.urlopen(url + "/api/openapi.json", timeout=2):
                    break
            except OSError:
                time.sleep(0.1)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=30)
        log.close()


def api(url: str, method: str, path: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read() or b"null")


def example(name: str) -> Any:
    return json.loads((EXAMPLES / name).read_text("utf-8"))


def small(path: Path) -> None:
    """Make the PNG at ``path`` small (pngquant, then oxipng, whichever is there)."""
    if shutil.which("pngquant"):
        subprocess.run(["pngquant", "--force", "--skip-if-larger", "--quality", "70-95",
                        "--output", str(path), str(path)], check=False)  # fmt: skip
    try:
        import oxipng
    except ImportError:
        return
    oxipng.optimize(str(path), level=4, strip=oxipng.StripChunks.safe())


class Shots:
    """Screenshots of one page, into ``out``."""

    def __init__(self, out: Path) -> None:
        self.out = out
        self.taken: list[Path] = []

    def take(self, page: Any, name: str, at: str | None = None, *, full: bool = False) -> None:
        path = self.out / f"{name}.png"
        if at is not None:
            page.locator(at).first.scroll_into_view_if_needed()
            page.locator(at).first.evaluate("e => e.scrollIntoView({block: 'center'})")
        else:
            page.evaluate("window.scrollTo(0, 0)")
        page.wait_for_timeout(150)
        page.screenshot(path=str(path), full_page=full)
        small(path)
        self.taken.append(path)
        print(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}"
              f"  {path.stat().st_size // 1024} KB")  # fmt: skip


def click_and_load(page: Any, selector: str) -> None:
    with page.expect_navigation():
        page.click(selector)


def choose(page: Any, field: str, value: str) -> None:
    page.locator(f'label.choice:has(input[name="f.{field}"][value="{value}"])').click()


def new_game(url: str, variant: str, names: list[str], **options: Any) -> int:
    body: dict[str, Any] = {"variant": variant, "players": names}
    if options:
        body["options"] = options
    game: int = api(url, "POST", "/api/games", body)["id"]
    return game


def seven_up_deal(seat: int, dealer: int = 0) -> dict[str, Any]:
    """A Seven Up deal: High and Low to ``seat``'s side, Jack and Game to nobody (SU6)."""
    return {"dealer": dealer, "turnups": ["8♥"], "beg": "stand", "high": seat, "low": seat,
            "jack": None, "game": None}  # fmt: skip


def phones(url: str, shots: Shots, driver: Any) -> None:
    browser = driver.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
    settings = {"viewport": PHONE, "device_scale_factor": 1, "locale": "ru-RU",
                "timezone_id": "Europe/Moscow"}  # fmt: skip
    a_context = browser.new_context(**settings)
    b_context = browser.new_context(**settings)
    dark = browser.new_context(**settings, color_scheme="dark")
    a, b = a_context.new_page(), b_context.new_page()
    # a Seven Up game started from the form, a deal entered, one refused
    a.goto(url + "/new?variant=seven-up")
    for seat, name in enumerate(NAMES):
        a.fill(f"#player-{seat}", name)
    click_and_load(a, "#start")
    game_url = a.url
    game = int(game_url.rsplit("/", 1)[1])
    shots.take(a, "serve-deal-form", full=True)
    a.fill('input[name="f.turnups"]', "8♥")
    click_and_load(a, "#save")
    shots.take(a, "serve-error", at=".has-error, .error")
    for field, value in (("high", "0"), ("low", "1"), ("jack", "0"), ("game", "0")):
        choose(a, field, value)
    click_and_load(a, "#save")
    api(url, "POST", f"/api/games/{game}/deals", seven_up_deal(1, dealer=1))
    a.goto(game_url)
    shots.take(a, "serve-sheet", at="#sheet")
    a.goto(game_url + "/deals/0/edit")
    shots.take(a, "serve-edit")
    # two phones tap undo: one deal goes, the other phone is shown what changed (412)
    a.goto(game_url)
    b.goto(game_url)
    click_and_load(a, "#undo")
    shots.take(a, "serve-undo-confirm")
    click_and_load(b, "#undo")
    click_and_load(a, "#confirm")
    click_and_load(b, "#confirm")
    shots.take(b, "serve-conflict", at="#conflict")
    # redo brings it back; a finished game is reopened; a deleted one restored
    b.goto(game_url)
    shots.take(b, "serve-redo", at="#redo")
    click_and_load(b, "#redo")
    click_and_load(b, "#finish")
    click_and_load(b, "#confirm")
    shots.take(b, "serve-reopen", at="#reopen")
    click_and_load(b, "#reopen")
    other = new_game(url, "seven-up", ["Дина", "Егор", "Жора", "Зоя"])
    api(url, "DELETE", f"/api/games/{other}")
    b.goto(url + "/deleted")
    shots.take(b, "serve-deleted")
    # the other variants: a race after its cut, Семерик, По носкам
    race = example("na-noski-party.json")
    imported = api(url, "POST", "/api/import", race)
    race_id = imported["id"] if isinstance(imported, dict) and "id" in imported else None
    if race_id is not None:
        a.goto(f"{url}/games/{race_id}")
        shots.take(a, "serve-game-race", at="#outcome")
    semerik = new_game(url, "semerik", NAMES)
    a.goto(f"{url}/games/{semerik}")
    shots.take(a, "serve-semerik-form", full=True)
    for deal in example("semerik-game.json")["deals"][:2]:
        api(url, "POST", f"/api/games/{semerik}/deals", deal)
    a.goto(f"{url}/games/{semerik}")
    shots.take(a, "serve-semerik-sheet", at="#sheet")
    race = new_game(url, "po-noskam", NAMES[:3], players=3)
    api(url, "POST", f"/api/games/{race}/deals", {"dealer": 0, "tricks_won": [1, 4, 2]})
    a.goto(f"{url}/games/{race}")
    shots.take(a, "serve-race-sheet", at="#sheet")
    # the lists: the evening's games, players, the start page; dark mode
    a.goto(url + "/")
    shots.take(a, "serve-games", at=".game-link")
    shots.take(a, "serve-home")
    a.goto(url + "/players")
    shots.take(a, "serve-players")
    page = dark.new_page()
    page.goto(game_url)
    shots.take(page, "serve-dark-game-seven-up", at="#sheet")
    for context in (a_context, b_context, dark):
        context.close()
    browser.close()


#: What ``kozyr keep --lang ru`` is fed for its picture: a По носкам race of three, one answer
#: refused (a seat that already left, PN4) and corrected, the cut card (PN5), an undo asked and
#: declined.
KEEP_ANSWERS = ["", "1 4 2", "", "", "2 3 2", "", "", "3 3 3", "", "3 - 3", "Q♦",
                "отмена", "нет", "выход"]  # fmt: skip


def keep_transcript(folder: Path) -> str:
    """The terminal of a ``kozyr keep --lang ru`` race (piped answers are shown by keep)."""
    command = [sys.executable, "-m", "kozyr", "keep", "race.json", "po-noskam",
               "--players", ",".join(NAMES[:3]), "--lang", "ru"]  # fmt: skip
    done = subprocess.run(command, input="\n".join(KEEP_ANSWERS) + "\n", capture_output=True,
                          text=True, check=True, cwd=folder)  # fmt: skip
    return "$ kozyr keep race.json po-noskam --players Аня,Боря,Вера --lang ru\n" + done.stdout


def keep_picture(out: Path, driver: Any, folder: Path) -> Path:
    text = keep_transcript(folder)
    page_html = (
        "<!doctype html><meta charset=utf-8><style>body{margin:0;background:#1e1e1e}"
        "pre{margin:0;padding:12px;color:#ddd;font:13px/1.35 'DejaVu Sans Mono',monospace;"
        "white-space:pre-wrap}</style><pre>" + html.escape(text) + "</pre>"
    )
    source = folder / "keep.html"
    source.write_text(page_html, "utf-8")
    browser = driver.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
    page = browser.new_page(viewport={"width": 560, "height": 400}, device_scale_factor=1)
    page.goto(source.as_uri())
    path = out / "keep-race-ru.png"
    page.screenshot(path=str(path), full_page=True)
    browser.close()
    small(path)
    print(f"{path}  {path.stat().st_size // 1024} KB")
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=IMG, help="folder of the pictures")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    args.out.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix="kozyr-shots-"))
    try:
        shots = Shots(args.out)
        with sync_playwright() as driver:
            with serve(folder / "table.sqlite3") as url:
                phones(url, shots, driver)
            keep_picture(args.out, driver, folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
