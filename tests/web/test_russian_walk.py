"""Russian throughout (#20 item 5): every screen a player can reach -- the start page, the
new-game page of every variant, the deal form of every variant, a finished game of every kind,
an error of every kind (a field's, the deal's, an option's, a name's, a rule's, an import's, a
limit's, a refused request's, 404), the conflict (412), the confirm pages, the deleted games,
players and statistics, the printable sheet, the table-code page -- is walked in Russian, and
every word it shows (text, and the ``title``/``aria-label``/``placeholder``/``alt`` a player
reads or hears) must be Russian, except what :func:`allowed` lets through: player names, card
notation, variant ids, rule ids, JSON paths, option names marked ``translate="no"``, the small
second-language label (``lang="en"``), and a few technical names (JSON, CSV, QR...)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

import kozyr
from kozyr.registry import manager
from kozyr.web import create_app
from kozyr.web.games import party_variants

from .conftest import EXAMPLES, example

NAMES = ["Аня", "Боря", "Вера", "Гоша", "Дина", "Егор", "Жора"]
#: What a Russian page may show in Latin letters: technical names a player meets as they are.
TECHNICAL = frozenset(
    {"JSON", "CSV", "SVG", "QR", "UTF", "ASCII", "UUID", "URL", "HTTP", "UTC", "kozyr", "null"}
)
#: Card notation: ranks (A K Q J T, and the Latin letters of the notation) and suit letters.
CARD = re.compile(r"^(?:10|[2-9AKQJT])[♠♥♦♣SHDCshdc]?$")
#: A rule id (SU6, SL-C16, D-PN2, AP8, SU-O4, NN2) or a list of them.
RULE = re.compile(r"^(?:D-)?[A-Z]{1,3}(?:-[A-Z]{0,2}\d+|\d+(?:-\d+)?)[a-z]?$")
WORD = re.compile(r"[A-Za-z][A-Za-z_'-]*[A-Za-z]|[A-Za-z]")
#: What is shown as it is: a JSON path, a command-line flag, an address, a value in «quotes»
#: (what was typed, or is to be typed).
PATH = re.compile(r"\$[\w.\[\]\"'-]*|--[\w-]+|https?://\S+|«[^»]*»|U\+[0-9A-F]{4,6}")
SHOWN_ATTRS = ("title", "aria-label", "placeholder", "alt")


def variant_ids() -> set[str]:
    """Variant ids and aliases, and the names of their options (shown as the identifiers they
    are, beside their help, and named in an option's error)."""
    ids: set[str] = set()
    for cls in manager().variants():
        ids.add(cls.name)
        ids.update(getattr(cls, "aliases", ()) or ())
        ids.update(spec.name for spec in cls.options_spec)
    return ids


class Shown(HTMLParser):
    """The text a player sees (or hears) on a page, without scripts, styles, ``<code
    translate="no">`` and elements that declare another language (``lang="en"``)."""

    VOID = frozenset({"br", "img", "input", "meta", "link", "hr", "source", "wbr", "area"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[bool] = []  # per open element: is its text hidden from the check
        self.parts: list[str] = []

    def hidden(self) -> bool:
        return any(self.stack)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        skip = (
            tag in ("script", "style", "head", "textarea")  # a textarea holds what was typed
            or values.get("translate") == "no"
            or (values.get("lang") not in (None, "ru"))
        )
        if not self.hidden() and not skip:
            for name in SHOWN_ATTRS:
                if values.get(name):
                    self.parts.append(str(values[name]))
            if (
                tag == "input"
                and values.get("type") in ("submit", "button")
                and values.get("value")
            ):
                self.parts.append(str(values["value"]))
        if tag not in self.VOID:
            self.stack.append(skip)

    def handle_endtag(self, tag: str) -> None:
        if tag not in self.VOID and self.stack:
            self.stack.pop()

    def handle_data(self, data: str) -> None:
        if not self.hidden() and data.strip():
            self.parts.append(data)


def shown_text(html: str) -> list[str]:
    parser = Shown()
    parser.feed(html)
    return parser.parts


def english_words(text: str, names: set[str]) -> Iterator[str]:
    text = PATH.sub(" ", text)
    for token in re.split(r"[\s,;:()«»/|·…=+×]+", text):
        if not token or token in names or token in TECHNICAL or CARD.match(token):
            continue
        if RULE.match(token) or token.strip(".") in IDS or RULE.match(token.strip(".")):
            continue
        for word in WORD.findall(token):
            if word in TECHNICAL or CARD.match(word) or word in IDS or RULE.match(token):
                continue
            yield word


IDS = variant_ids()


class Walk:
    """A Russian phone walking the pages; every page it sees is checked."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.client.cookies.set("lang", "ru")
        self.found: dict[str, set[str]] = {}
        self.seen = 0

    def check(self, what: str, html: str) -> None:
        self.seen += 1
        assert '<html lang="ru">' in html or "<html" not in html, what
        words = set()
        for part in shown_text(html) if "<html" in html else [html]:
            words.update(english_words(part, set(NAMES)))
        if words:
            self.found[what] = words

    def get(self, url: str, what: str | None = None, status: int = 200) -> str:
        response = self.client.get(url)
        assert response.status_code == status, (url, response.status_code, response.text[:300])
        self.check(what or url, response.text)
        return response.text

    def post(self, url: str, data: Any, what: str, status: int | None = None) -> Any:
        response = self.client.post(url, data=data)
        if status is not None:
            assert response.status_code == status, (what, response.status_code)
        self.check(what, response.text)
        return response


def start(walk: Walk, variant: str, players: int | None = None, **options: str) -> int:
    cls = kozyr.get_variant(variant)
    count = players or cls.players
    form = {"variant": variant, "dealer": "0"}
    form.update({f"player.{i}": NAMES[i] for i in range(count)})
    if any(spec.name == "players" for spec in type(cls).options_spec):
        form["o.players"] = str(count)
    form.update({f"o.{k}": v for k, v in options.items()})
    response = walk.client.post("/games", data=form, follow_redirects=False)
    assert response.status_code == 303, response.text[:500]
    return int(response.headers["location"].rsplit("/", 1)[1])


def revision(walk: Walk, game: int) -> str:
    return str(walk.client.get(f"/api/games/{game}").json()["revision"])


def imported(walk: Walk, name: str) -> int:
    text = (EXAMPLES / name).read_text("utf-8")
    response = walk.client.post("/import", data={"record": text}, follow_redirects=False)
    assert response.status_code == 303, (name, response.text[:300])
    return int(response.headers["location"].rsplit("/", 1)[1])


@pytest.fixture
def walk(tmp_path: Path) -> Iterator[Walk]:
    with TestClient(create_app(str(tmp_path / "walk.sqlite3"))) as client:
        yield Walk(client)


def english(walk: Walk) -> str:
    return "\n".join(f"{k}: {sorted(v)}" for k, v in walk.found.items())


@pytest.mark.parametrize("name", [cls.name for cls in party_variants()])
def test_the_new_game_page_and_deal_form_of_every_variant(walk: Walk, name: str) -> None:
    cls = next(c for c in party_variants() if c.name == name)
    walk.get(f"/new?variant={name}", f"new game: {name}")
    counts = list(cls.player_counts)
    for count in sorted({counts[0], counts[-1]}):
        walk.get(f"/new?variant={name}&players={count}", f"new: {name} {count}")
    game = start(walk, name)
    walk.get(f"/games/{game}", f"deal form: {name}")
    walk.get("/", "start, with a game")
    assert not walk.found, english(walk)


#: The examples whose printable sheet is walked too (a race with a cut, a rubber, Seven Up).
PRINTED = ("na-noski-party.json", "semerik-game.json", "seven-up-game.json")


def examples() -> list[str]:
    found = []
    for path in sorted(EXAMPLES.glob("*.json")):
        data = json.loads(path.read_text("utf-8"))
        if isinstance(data, dict) and ("deals" in data or "games" in data):
            found.append(path.name)
    return found


@pytest.mark.parametrize("name", examples())
def test_every_example_game_played_and_printed(walk: Walk, name: str) -> None:
    """Finished and played games of every kind (races with a cut, rubbers, run-aways, Pitch,
    evenings): each shipped example imported, its sheet and its printable sheet."""
    response = walk.client.post("/import", data={"record": (EXAMPLES / name).read_text("utf-8")})
    walk.check(f"import {name}", response.text)
    assert response.url.path.startswith("/games/"), response.text[:300]
    game = int(response.url.path.rsplit("/", 1)[1])
    if name in PRINTED:  # the printable sheet is the same sheet; one of each kind
        walk.get(f"/games/{game}/print", f"print {name}")
    assert not walk.found, english(walk)


def test_an_error_of_every_kind_in_russian(walk: Walk) -> None:
    walk.get("/", "start, empty")
    walk.get("/new", "new game")
    seven = start(walk, "seven-up")
    # errors of every kind
    rev = revision(walk, seven)
    walk.post(f"/games/{seven}/deals", {"revision": rev}, "a deal missing its fields", 422)
    walk.post(
        f"/games/{seven}/deals",
        {"revision": rev, "deal_json": '{"dealer": 9, "turnups": ["2♣"], "beg": "stand"}'},
        "a seat not at the table",
        422,
    )
    shape = {"dealer": 0, "turnups": ["2♣"], "beg": "stand", "high": 0, "low": 0, "jack": 1}
    shape |= {"game": 1, "game_points": 0}
    walk.post(
        f"/games/{seven}/deals",
        {"revision": rev, "deal_json": json.dumps(shape)},
        "a value of the wrong shape",
        422,
    )
    rule = {"dealer": 0, "turnups": ["2♣"], "beg": "stand", "high": 0, "low": None}
    rule |= {"jack": None, "game": 1}
    response = walk.post(
        f"/games/{seven}/deals",
        {"revision": rev, "deal_json": json.dumps(rule)},
        "a rule refusal (SU6)",
        422,
    )
    assert "тоже кому-то достаётся" in response.text
    walk.post(f"/games/{seven}/deals", {"revision": rev, "deal_json": "[1"}, "bad JSON", 422)
    deep = "[" * 200 + "]" * 200
    walk.post(f"/games/{seven}/deals", {"revision": rev, "deal_json": deep}, "too deep", 422)
    form = {"variant": "seven-up", "dealer": "0", "o.target": "99"}
    form |= {f"player.{i}": n for i, n in enumerate(["Аня", "аня", "", "Гоша\u202e"])}
    walk.post("/games", form, "names and an option refused", 422)
    for names, what in (
        (["Аня", "аня", "Вера", "Гоша"], "a name twice"),
        (["Аня", "", "Вера", "Гоша"], "an empty name"),
        (["Аня", "Боря\u202e", "Вера", "Гоша"], "a name with a control character"),
        (["Аня", "Бoря", "Вера", "Гоша"], "a name of two alphabets"),
    ):
        form = {"variant": "seven-up", "dealer": "0"}
        form |= {f"player.{i}": n for i, n in enumerate(names)}
        walk.post("/games", form, what, 422)
    form = {"variant": "seven-up", "dealer": "0", "o.target": "99"}
    form |= {f"player.{i}": n for i, n in enumerate(NAMES[:4])}
    walk.post("/games", form, "an option refused", 422)
    walk.post("/games", {"variant": "нет-такой"}, "an unknown variant")
    walk.post("/import", {"record": "[1"}, "import: not JSON", 422)
    broken = example("seven-up-game.json")
    broken["deals"][0]["dealer"] = 7
    walk.post("/import", {"record": json.dumps(broken)}, "import: a record error", 422)
    illegal = example("semerik-game.json")
    trick = illegal["deals"][0]["tricks"][0].split()
    illegal["deals"][0]["tricks"][0] = " ".join([trick[1], trick[0], *trick[2:]])
    response = walk.post("/import", {"record": json.dumps(illegal)}, "import: a card not held")
    assert "нет на руке" in response.text
    walk.post(
        "/import",
        {"record": json.dumps({"variant": "нет-такой", "deals": [{}]})},
        "import: variant",
    )
    walk.get("/games/999", "no such game", 404)
    walk.get("/no/such/page", "no such page", 404)
    too_big = walk.client.post("/import", content=b"x" * 3_000_000)
    walk.check("a request too large", too_big.text)
    assert walk.seen >= 20
    assert not walk.found, english(walk)


def test_a_game_through_conflict_confirm_and_recovery_in_russian(walk: Walk) -> None:
    seven = start(walk, "seven-up")
    semerik = start(walk, "semerik")
    # a game played, the conflict (412), undo / finish / delete asked, redo, reopen, restore
    deals = example("semerik-game.json")["deals"]
    for deal in deals[:2]:
        assert walk.client.post(f"/api/games/{semerik}/deals", json=deal).status_code == 201
    stale = revision(walk, semerik)
    walk.get(f"/games/{semerik}", "a game with deals")
    walk.post(f"/games/{semerik}/undo", {"revision": stale}, "undo: confirm", 200)
    assert walk.client.delete(f"/api/games/{semerik}/deals/last").status_code == 200
    walk.post(
        f"/games/{semerik}/undo", {"revision": stale, "confirm": "1"}, "undo: conflict (412)", 412
    )
    walk.post(
        f"/games/{semerik}/deals",
        {"revision": stale, "deal_json": json.dumps(deals[1])},
        "a deal after another phone's (412)",
        412,
    )
    rev = revision(walk, semerik)
    walk.post(f"/games/{semerik}/finish", {"revision": rev}, "finish: confirm", 200)
    walk.post(f"/games/{semerik}/finish", {"revision": rev, "confirm": "1"}, "finish")
    walk.get(f"/games/{semerik}", "a finished game")
    walk.post(f"/games/{semerik}/reopen", {"revision": revision(walk, semerik)}, "reopen")
    walk.post(f"/games/{semerik}/redo", {"revision": revision(walk, semerik)}, "redo")
    walk.post(f"/games/{semerik}/redo", {"revision": revision(walk, semerik)}, "nothing to redo")
    walk.post(
        f"/games/{semerik}/rename",
        {"revision": revision(walk, semerik), "name": "Пятница"},
        "rename",
    )
    walk.post(
        f"/games/{semerik}/rename",
        {"revision": revision(walk, semerik), "name": "a\nb"},
        "bad name",
    )
    walk.get(f"/games/{semerik}/deals/0/edit", "edit a deal")
    walk.post(f"/games/{semerik}/delete", {"revision": revision(walk, semerik)}, "delete: confirm")
    walk.post(
        f"/games/{semerik}/delete", {"revision": revision(walk, semerik), "confirm": "1"}, "delete"
    )
    walk.get("/deleted", "deleted games")
    walk.post(f"/games/{semerik}/restore", {"revision": revision(walk, semerik)}, "restore")
    walk.post(f"/games/{seven}/next", {"revision": revision(walk, seven)}, "next of an empty game")
    walk.get("/players", "players and statistics")
    walk.get("/import", "import page")
    assert walk.seen >= 20
    assert not walk.found, english(walk)


def test_the_table_code_screens_in_russian(tmp_path: Path) -> None:
    """The table-code page, a wrong code, a write without it, and too many wrong codes."""
    with TestClient(create_app(str(tmp_path / "code.sqlite3"), code="kobira-semuto")) as client:
        walk = Walk(client)
        walk.get("/code", "the table-code page")
        walk.post("/code", {"code": "nope", "next": "/"}, "a wrong code", 403)
        form = {"variant": "seven-up", "dealer": "0"}
        form |= {f"player.{i}": n for i, n in enumerate(NAMES[:4])}
        walk.post("/games", form, "a write without the code")
        for _ in range(8):
            last = client.post("/code", data={"code": "nope", "next": "/"})
        walk.check("too many wrong codes", last.text)
        assert last.status_code == 429 and "неверных кодов" in last.text
        assert not walk.found, walk.found


def _sample(pattern: str) -> str:
    """A message made from ``pattern``: each field filled with a seat number."""
    return re.sub(r"%\((\w+)\)s", "1", pattern).replace("%%", "%")


def test_every_error_pattern_of_the_source_is_said_in_russian() -> None:
    """Every message kozyr and the built-in plugins raise (``locale/errors.json``, read from
    the source by tools/i18n.py) comes out in Russian, its seats by name, and its translation
    fills in without an error (no field the English text lacks)."""
    from kozyr.i18n import patterns, say_error, tr

    said = 0
    for pattern in patterns():
        translated = tr("ru", pattern.text)
        assert translated != pattern.text, pattern.text
        assert set(re.findall(r"%\((\w+)\)s", translated)) <= set(pattern.fields), pattern.text
        text = say_error("ru", _sample(pattern.text), ["Аня", "Боря"])
        assert re.search("[а-яё]", text), (pattern.text, text)
        if any(f"%({seat})s" in translated for seat in pattern.seats):
            assert "Боря" in text or "место 1" in text, (pattern.text, text)
        said += 1
    assert said > 300


def test_the_analysis_of_a_deal_in_russian(walk: Walk, monkeypatch: pytest.MonkeyPatch) -> None:
    """The analysis page (web/analysis.py, #27): the flagged cards, only those, a deal written
    as a summary, a deal a seat sat out, cards past the search budget, a busy server."""
    from kozyr.web import analysis

    from ..test_analysis import HAND_WORKED_PARTY

    party = {**HAND_WORKED_PARTY, "players": NAMES[:2]}
    response = walk.client.post("/import", data={"record": json.dumps(party, ensure_ascii=False)})
    game = int(response.url.path.rsplit("/", 1)[1])
    walk.check("a game with an analysis link", response.text)
    html = walk.get(f"/games/{game}/deals/0/analysis", "the analysis of a deal")
    assert "взятка 5, Аня: 9♠ теряет Валет; A♥ сохраняет" in html
    walk.get(f"/games/{game}/deals/1/analysis?only=lost", "only the cards that lost value")
    walk.get(f"/games/{game}/deals/5/analysis", "no such deal to analyse", 404)
    summary = imported(walk, "seven-up-game.json")
    walk.get(f"/games/{summary}/deals/1/analysis", "a summary deal cannot be analysed")
    walk.get(f"/games/{summary}/deals/2/analysis", "an outcome deal cannot be analysed")
    sat_out = imported(walk, "po-noskam-full-party.json")
    html = walk.get(f"/games/{sat_out}/deals/3/analysis", "a deal a seat sat out")
    assert "не играли в этой сдаче" in html
    monkeypatch.setattr(analysis, "PAGE_MAX_NODES", 1)
    html = walk.get(f"/games/{game}/deals/0/analysis", "cards not solved within the budget")
    assert "не решены в пределах поиска" in html
    monkeypatch.setattr(analysis, "PAGE_MAX_NODES", 2)
    monkeypatch.setattr(analysis, "WAIT_SECONDS", 0.05)
    analysis._RUNNING.acquire()
    try:
        walk.get(f"/games/{game}/deals/0/analysis", "the server busy analysing", 503)
    finally:
        analysis._RUNNING.release()
    assert not walk.found, english(walk)
