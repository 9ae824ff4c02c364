"""Score sheets (issue 11 item 5): rows, columns by name or side, running totals, items in the
variant's labels, each game's winner and why; the five renderers.

Every expected figure below is computed by hand from the example records and the rules named.
"""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kozyr
from kozyr.codec import load
from kozyr.errors import KozyrError
from kozyr.sheet import FORMATS, build_game, build_sheet, evening_sheet, render, sheet_json

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
TABLE = ["Аня", "Боря", "Вера", "Гоша"]


def scored(name: str) -> tuple[Any, kozyr.Variant]:
    data = load((EXAMPLES / name).read_text("utf-8"))
    variant = kozyr.get_variant(data["variant"], **data.get("options", {}))
    return kozyr.replay(data), variant


def test_seven_up_game_rows_running_and_su7_order() -> None:
    """examples/seven-up-game.json, by hand (SU6 one point each, SU3 turned jack, SU4 gift):
    deal 1 High+Low to Аня & Вера, Jack+Game to Боря & Гоша: 2:2; deal 2 gift + Low + Jack to
    Аня & Вера, High + Game to Боря & Гоша: 5:4; deal 3 a turned jack to the dealer's side and a
    void deal (D-SU2): 6:4; deal 4 High, Low, Jack to Боря & Гоша and Game to Аня & Вера: 7:7.
    SU7: counting High (5), Low (6), Jack (7) first, Боря & Гоша reach 7 before Game gives
    Аня & Вера their 7th point."""
    result, variant = scored("seven-up-game.json")
    game = build_game(result, variant, names=TABLE)
    assert game.columns == ("Аня & Вера", "Боря & Гоша")
    assert [row.points for row in game.rows] == [(2, 2), (3, 2), (1, 0), (1, 3)]
    assert [row.running for row in game.rows] == [(2, 2), (5, 4), (6, 4), (7, 7)]
    assert [row.deal for row in game.rows] == [1, 2, 3, 4]
    assert [game.players[row.dealer] for row in game.rows] == ["Аня", "Боря", "Вера", "Вера"]
    assert game.totals == (7, 7)
    assert game.winner == (1,) and game.loser == (0,)
    labels = [(e.label_en, game.columns[e.column or 0]) for e in game.rows[3].entries]
    assert labels == [
        ("High", "Боря & Гоша"),
        ("Low", "Боря & Гоша"),
        ("Jack", "Боря & Гоша"),
        ("Game", "Аня & Вера"),
    ]
    [void] = game.rows[2].notes
    assert void.rule == "D-SU2"
    why = game.notes[0]
    assert why.winner and why.rule == "SU7"
    assert why.en == (
        "in deal 4 both sides reached 7; counting in order (turned jack, gift, High, Low, "
        "Jack, Game) Боря & Гоша reached 7 first, with Jack"
    )
    assert game.net == (-1, 1, -1, 1)  # each loser pays 1, shared by the two winners
    text = render(build_sheet(result, variant, names=TABLE), "text", lang="ru")
    assert "победитель: Боря & Гоша" in text
    assert "Валет" in text and "Старший" in text


def test_race_shows_who_left_after_which_deal() -> None:
    """examples/po-noskam-party.json (PN4): totals 1 4 2, 3 7 4, 6 7 7. Боря reaches 7 in deal 2
    and leaves; Вера reaches 7 in deal 3; Аня is last. The cut 8♣ gives 8 hits from each of the
    two opponents (PN5). Боря is not dealt in deal 3: his cell is ``-``."""
    result, variant = scored("po-noskam-party.json")
    game = build_game(result, variant, names=TABLE[:3])
    assert [row.running for row in game.rows] == [(1, 4, 2), (3, 7, 4), (6, 7, 7)]
    assert [[n.en for n in row.notes] for row in game.rows] == [
        [],
        ["reached 7 and left: Боря"],
        ["reached 7 and left: Вера"],
    ]
    assert game.rows[2].absent == (1,)
    assert [n.en for n in game.notes] == [
        "first to 7 tricks: Боря",
        "last in the race: Аня",
        "cut 8♣: Аня gets 8 hits on the nose from each, 16 in all",
    ]
    text = render(build_sheet(result, variant, names=TABLE[:3]), "text", lang="en")
    assert "3      Вера    +3 =6  - =7   +3 =7" in text
    for line in text.splitlines():  # no empty fields
        assert not line.rstrip().endswith(":"), line


def test_classic_runaways_and_money() -> None:
    """examples/sem-listov-runaways-party.json (SL-C16 run-away, D-SL3 tie, SL-C14): deal 1
    Боря runs away, Аня and Вера tie on 3 tricks; Гоша (1 trick) pays each winner the difference
    2 × 4 = 8; the run-away pot of 8 is held over. Deal 2 Гоша takes all 7 tricks."""
    result, variant = scored("sem-listov-runaways-party.json")
    game = build_game(result, variant, names=TABLE)
    first = [n.en for n in game.rows[0].notes]
    assert first == [
        "ran away: Боря",
        "tied for most tricks: Аня, Вера",
        "run-away pot of 8 held over to the next deal: Аня, Вера",
    ]
    assert game.rows[0].net == (8, 0, 8, -16)
    assert game.totals == (-12, -36, -20, 68)
    assert game.totals == game.net  # the running money ends at the party's settlement
    assert game.winner == (3,)


def test_semerik_game_inside_a_rubber() -> None:
    """examples/semerik-game.json (SM6-SM8): 5:8, 7:14, 7:23 — Боря & Гоша pass 21 in play in
    deal 3 while Аня & Вера have 7 < 11: a double game worth 42 (SM8), 21 per player (SM10)."""
    result, variant = scored("semerik-game.json")
    game = build_game(result, variant, names=TABLE)
    assert [row.running for row in game.rows] == [(5, 8), (7, 14), (7, 23)]
    assert [n.en for n in game.rows[2].notes] == [
        "game 1 won by Боря & Гоша (in play) 7:23, worth 42, double"
    ]
    assert game.net == (-21, 21, -21, 21)


def test_evening_totals_by_name_in_exact_arithmetic() -> None:
    """Two games one evening: Seven Up (Аня & Вера lose: -1 each) then Семерик with the same
    four in other seats (Гоша, Аня, Боря, Вера), the side of seats 1 and 3 (Аня & Вера) winning
    the double game: +21 each. Totals by name: Аня -1 + 21 = +20, Вера +20, Боря +1 - 21 = -20,
    Гоша -20."""
    su, su_variant = scored("seven-up-game.json")
    sm, sm_variant = scored("semerik-game.json")
    games = [
        build_game(su, su_variant, names=TABLE),
        build_game(sm, sm_variant, names=["Гоша", "Аня", "Боря", "Вера"]),
    ]
    sheet = evening_sheet(games, meta={"date": "2026-11-30", "place": "дача"})
    assert dict(sheet.totals) == {"Аня": 20, "Боря": -20, "Вера": 20, "Гоша": -20}
    assert dict(sheet.wins) == {"Аня": 1, "Боря": 1, "Вера": 1, "Гоша": 1}
    assert sum(sheet.totals.values()) == 0
    data = sheet_json(sheet)
    assert data["totals"] == {"Аня": 20, "Боря": -20, "Вера": 20, "Гоша": -20}
    assert data["date"] == "2026-11-30"
    text = render(sheet, "text", lang="en")
    assert "evening: 2" in text and "Аня     1    +20" in text


def test_fractions_stay_exact() -> None:
    """Seven Up three-handed (SU7 stake: each loser pays 1 shared by the one winner) is whole;
    a made-up game's net of 1/2 must print as 1/2, never 0.5."""
    su, variant = scored("seven-up-game.json")
    game = build_game(su, variant, names=TABLE)
    half = type(game)(**{**game.__dict__, "net": (Fraction(-1, 2), Fraction(1, 2), 0, 0)})
    sheet = evening_sheet([half])
    assert sheet.totals["Аня"] == Fraction(-1, 2)
    assert sheet_json(sheet)["totals"]["Боря"] == "1/2"
    assert "+1/2" in render(sheet, "text")


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(p.name for p in EXAMPLES.glob("*.json")))
@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_every_example_renders_in_every_format(name: str, fmt: str) -> None:
    result, variant = scored(name)
    sheet = build_sheet(result, variant)
    text = render(sheet, fmt)
    deals = len(result.deals) if isinstance(result, kozyr.PartyResult) else 1
    if fmt == "json":
        data = json.loads(text)
        assert len(data["games"][0]["rows"]) == deals
        assert data["games"][0]["totals"] == [
            int(x) if Fraction(x).denominator == 1 else str(x) for x in sheet.games[0].totals
        ]
    elif fmt == "csv":
        rows = list(csv.reader(io.StringIO(text)))
        assert len(rows) == deals + 1
        assert rows[0][:3] == ["game", "deal", "dealer"]
        assert [r[1] for r in rows[1:]] == [str(i) for i in range(1, deals + 1)]
    elif fmt == "markdown":
        assert text.count("\n| ") == deals + 2  # header, deals, total
    elif fmt == "html":
        assert text.startswith("<!DOCTYPE html>") and text.count("<tr>") == deals + 2
    else:
        assert "seat 0" in text


def test_html_escapes_names() -> None:
    result, variant = scored("sem-listov.json")
    html = render(build_sheet(result, variant, names=["<b>Аня</b>", "Боря & Co"]), "html")
    assert "<b>Аня</b>" not in html and "&lt;b&gt;Аня&lt;/b&gt;" in html
    assert "Боря &amp; Co" in html


def test_markdown_escapes_pipes() -> None:
    result, variant = scored("sem-listov.json")
    text = render(build_sheet(result, variant, names=["А|я", "Боря"]), "markdown")
    assert "А\\|я" in text


def test_bad_format_language_and_names_are_kozyr_errors() -> None:
    result, variant = scored("sem-listov.json")
    sheet = build_sheet(result, variant)
    with pytest.raises(KozyrError, match="unknown sheet format 'pdf'; known formats: csv"):
        render(sheet, "pdf")
    with pytest.raises(KozyrError, match="unknown language"):
        render(sheet, "text", lang="de")
    with pytest.raises(KozyrError, match="3 player names for 2 seats"):
        build_sheet(result, variant, names=TABLE[:3])


# --- hostile names and spreadsheet safety (issue 21 items 6 and 7) -------------------------------

EVIL = '=HYPERLINK("http://e.vil/","x")'


def evil_sheet(names: list[str]) -> kozyr.sheet.Sheet:
    result, variant = scored("sem-listov.json")
    return build_sheet(result, variant, names=names)


def test_csv_cells_never_start_a_formula() -> None:
    """OWASP CSV injection: every cell that a spreadsheet would run -- one starting with ``=``,
    ``+``, ``-``, ``@``, a tab or a carriage return -- is read back by a spreadsheet-style
    parser (the csv module) as text with a leading ``'``; the numbers stay numbers. By hand for
    examples/sem-listov.json (SL-C14: 8 and 6 points, 2 paid by seat 1): ``+8`` and ``+6``
    points are written 8 and 6, the net is not a column."""
    names = [EVIL, "@SUM(1+1)*cmd|' /C calc'!A0"]
    rows = list(csv.reader(io.StringIO(render(evil_sheet(names), "csv"))))
    assert rows[0][3] == f"'{EVIL}: points" and rows[0][5] == "'@SUM(1+1)*cmd|' /C calc'!A0: points"
    assert rows[1][2] == f"'{EVIL}"  # the dealer column
    assert rows[1][3:7] == ["8", "8", "6", "6"]
    for row in rows:
        for cell in row:
            assert not cell.startswith(kozyr.sheet.FORMULA_START) or _number(cell), cell


def _number(cell: str) -> bool:
    try:
        float(cell)
    except ValueError:
        return False
    return True


@pytest.mark.parametrize(
    ("value", "cell"),
    [
        (Fraction(-3), "-3"),  # a real negative number stays a number
        (Fraction(0), "0"),
        (Fraction(-3, 2), "-1.5"),  # exact in decimal: a number
        (Fraction(7, 40), "0.175"),
        (Fraction(-1, 3), "'-1/3"),  # no finite decimal: the exact text, neutralised
        (Fraction(1, 3), "1/3"),
        ("-2", "-2"),
        ("-2/4", "-0.5"),
        ("-1e9", "'-1e9"),  # not a plain number: text
        ("=1+1", "'=1+1"),
        ("", ""),
    ],
)
def test_csv_numbers(value: Fraction | str, cell: str) -> None:
    assert kozyr.sheet.csv_number(value) == cell


@pytest.mark.parametrize(
    ("text", "cell"),
    [
        ("=1+1", "'=1+1"),
        ("+7 916 000", "'+7 916 000"),
        ("-Аня", "'-Аня"),
        ("@Аня", "'@Аня"),
        ("\tАня", "'\tАня"),
        ("\rАня", "'\rАня"),
        ("  =1", "'  =1"),
        ("Аня = Боря", "Аня = Боря"),
        ("Аня", "Аня"),
    ],
)
def test_csv_text(text: str, cell: str) -> None:
    assert kozyr.sheet.csv_text(text) == cell


def test_markdown_passes_no_html_and_no_broken_rows() -> None:
    names = ["<img src=x onerror=alert(1)>", "Б|о\nря [x](javascript:alert(1)) *y*"]
    text = render(evil_sheet(names), "markdown")
    assert "<img" not in text and "&lt;img src=x onerror=alert(1)&gt;" in text
    assert "\\[x\\](javascript:alert(1)) \\*y\\*" in text and "Б\\|о / ря" in text
    table = [line for line in text.splitlines() if line.startswith("|")]
    assert len(table) == 2 + 1 + 1  # header, rule, one deal, total
    assert {line.count(" | ") - line.count("\\| ") for line in table[2:]} == {5}


def test_text_sheet_rows_stay_rows_with_a_multiline_note() -> None:
    result, variant = scored("sem-listov.json")
    meta = {"note": "первая строка\nвторая строка", "place": "дача"}
    sheet = build_sheet(result, variant, names=["Аня\nБоря", "Вера"], meta=meta)
    text = render(sheet, "text", lang="en")
    assert "note: первая строка / вторая строка" in text
    assert "Аня / Боря" in text and "\nБоря" not in text


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(min_size=1, max_size=12), min_size=2, max_size=2, unique=True))
def test_any_names_are_safe_in_csv_and_markdown(names: list[str]) -> None:
    """Whatever two names a sheet is given: the CSV, read back with the csv module, has no cell
    a spreadsheet would run as a formula (OWASP), only the number columns may start with ``-``
    (a plain negative number); the Markdown table keeps its shape (every row as many cells as
    the header) and passes no ``<`` through."""
    sheet = evil_sheet(names)
    rows = list(csv.reader(io.StringIO(render(sheet, "csv"))))
    for row in rows:
        for cell in row:
            if cell.lstrip(" ").startswith(("=", "+", "-", "@")) or cell.startswith(("\t", "\r")):
                assert _number(cell), cell
    markdown = render(sheet, "markdown")
    table = [line for line in markdown.splitlines() if line.startswith("| ")]
    assert len({len(line[2:-2].split(" | ")) for line in table}) == 1, table
    assert "<" not in markdown.replace("&lt;", "")
