"""The pages' words come from gettext catalogs (#20 item 5): every string of every template and
web module has its Russian translation and the compiled catalog is up to date
(``tools/i18n.py --check``, Babel extraction); Russian plurals follow the catalog's rule; the
language is the one the browser's Accept-Language prefers by its q-values."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from kozyr.web.i18n import LANGS, negotiate, ntr, tr, translations

ROOT = Path(__file__).resolve().parents[2]


def test_every_string_has_its_russian_translation_and_the_mo_is_current() -> None:
    pytest.importorskip("babel", reason="Babel extracts the strings (a dev dependency)")
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "i18n.py"), "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize(
    ("n", "deals", "games"),
    [
        (1, "1 сдача", "1 партия"),
        (2, "2 сдачи", "2 партии"),
        (4, "4 сдачи", "4 партии"),
        (5, "5 сдач", "5 партий"),
        (11, "11 сдач", "11 партий"),
        (12, "12 сдач", "12 партий"),
        (21, "21 сдача", "21 партия"),
        (22, "22 сдачи", "22 партии"),
        (111, "111 сдач", "111 партий"),
    ],
)
def test_russian_plurals(n: int, deals: str, games: str) -> None:
    assert ntr("ru", "%(num)d deal", "%(num)d deals", n) % {"num": n} == deals
    assert ntr("ru", "%(num)d game", "%(num)d games", n) % {"num": n} == games
    assert ntr("en", "%(num)d deal", "%(num)d deals", n) % {"num": n} == (
        "1 deal" if n == 1 else f"{n} deals"
    )


def test_languages_and_the_catalog() -> None:
    assert LANGS[:2] == ("ru", "en")
    assert tr("ru", "Undo last deal") == "Отменить последнюю сдачу"
    assert tr("en", "Undo last deal") == "Undo last deal"
    assert translations("xx").gettext("Games") == "Games"  # no catalog: the English text


@pytest.mark.parametrize(
    ("header", "lang"),
    [
        ("", "ru"),
        ("ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7", "ru"),
        ("en-US,en;q=0.9,ru;q=0.8", "en"),
        ("de-DE, en;q=0.4, ru;q=0.6", "ru"),
        ("de-DE, ru;q=0.4, en;q=0.6", "en"),
        ("ru;q=0, en;q=0.1", "en"),
        ("fr", "en"),
        ("*", "ru"),
        ("en;q=abc, ru", "ru"),
    ],
)
def test_accept_language_with_q_values(header: str, lang: str, client: TestClient) -> None:
    assert negotiate(header) == lang
    page = client.get("/", headers={"Accept-Language": header} if header else {}).text
    assert f'<html lang="{lang}">' in page


def test_a_russian_page_has_no_english_words(client: TestClient) -> None:
    form = {"variant": "seven-up", "dealer": "0"}
    form.update({f"player.{i}": n for i, n in enumerate(["Аня", "Боря", "Вера", "Гоша"])})
    url = client.post("/games", data=form, follow_redirects=False).headers["location"]
    client.cookies.set("lang", "ru")
    page = client.get(url).text
    main = page.split("<main>")[1].split("</main>")[0]
    # only the small second label (class l2, lang="en") may carry English
    russian = re.sub(r'<span class="l2" lang="en">[^<]*</span>', "", main)
    for english in ("Undo last deal", "Save deal", "Dealer", "Enter a deal", "Export", "Total"):
        assert f">{english}<" not in russian and f"{english}:" not in russian, english
    assert "место 0" not in page and "seat 0" not in page


def test_option_help_and_choices_in_the_page_language(client: TestClient) -> None:
    client.cookies.set("lang", "ru")
    page = client.get("/new?variant=seven-up").text
    assert "кому Гейм при равенстве" in page and "who scores Game on a tie" not in page
    assert "Игрок 1" in page and "место 0" not in page  # seats by name or number from 1
    client.cookies.set("lang", "en")
    assert "who scores Game on a tie" in client.get("/new?variant=seven-up").text
