"""``kozyr sheet`` and the ``kozyr replay`` text (issue 11 item 5): formats, ``--output``
written atomically and never over the input, nested facts shown as they are, no empty fields,
deals numbered from 1 in text and errors alike."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from kozyr.cli import main

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
NAMES = "Аня,Боря,Вера,Гоша"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_sheet_text_of_a_seven_up_game(capsys: pytest.CaptureFixture[str]) -> None:
    """The SU7 game of examples/seven-up-game.json (hand-checked in test_sheet.py)."""
    status, out, err = run(
        capsys, "sheet", str(EXAMPLES / "seven-up-game.json"), "--players", NAMES, "--lang", "en"
    )
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "Seven Up (All Fours, High-Low-Jack) (seven-up), 4 players"
    assert lines[1] == "sides: Аня & Вера | Боря & Гоша"
    assert "4      Вера    +1 =7       +3 =7" in lines
    assert "winner: Боря & Гоша" in lines
    assert "settlement: Аня -1, Боря +1, Вера -1, Гоша +1" in lines


def test_sheet_json_keys(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "sheet", str(EXAMPLES / "po-noskam-party.json"), "--json")
    assert status == 0
    data = json.loads(out)
    assert set(data) == {"games"}
    [game] = data["games"]
    assert set(game) == {
        "variant", "title", "title_ru", "players", "columns", "sides", "checked", "rows",
        "totals", "winner", "loser", "notes", "settlement",
    }  # fmt: skip
    assert set(game["rows"][0]) == {
        "deal", "dealer", "points", "running", "settlement", "absent", "items", "notes",
    }  # fmt: skip
    assert [row["running"] for row in game["rows"]] == [[1, 4, 2], [3, 7, 4], [6, 7, 7]]
    assert game["rows"][2]["absent"] == [1]
    assert game["rows"][1]["notes"][0]["en"] == "reached 7 and left: seat 1"
    assert game["winner"] == [1] and game["loser"] == [0]
    # --json is --format json
    _, again, _ = run(capsys, "sheet", str(EXAMPLES / "po-noskam-party.json"), "--format", "json")
    assert json.loads(again) == data


def test_sheet_csv_markdown_html(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(EXAMPLES / "semerik-game.json")
    _, out, _ = run(capsys, "sheet", path, "--format", "csv", "--players", NAMES)
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0][:7] == [
        "game",
        "deal",
        "dealer",
        "Аня & Вера: points",
        "Аня & Вера: total",
        "Боря & Гоша: points",
        "Боря & Гоша: total",
    ]
    assert [r[3:7] for r in rows[1:]] == [
        ["5", "5", "8", "8"],
        ["2", "7", "6", "14"],
        ["0", "7", "9", "23"],
    ]
    _, out, _ = run(capsys, "sheet", path, "--format", "markdown", "--lang", "ru")
    assert "| сдача | сдавал | seat 0 & seat 2 | seat 1 & seat 3 | записи | факты |" in out
    _, out, _ = run(capsys, "sheet", path, "--format", "html")
    assert out.startswith("<!DOCTYPE html>") and out.rstrip().endswith("</html>")


def test_sheet_output_is_written_atomically(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    target = tmp_path / "sheet.md"
    target.write_text("old contents", encoding="utf-8")
    source = str(EXAMPLES / "seven-up-game.json")
    status, out, err = run(capsys, "sheet", source, "--format", "markdown", "--output", str(target))
    assert (status, out, err) == (0, "", "")
    _, shown, _ = run(capsys, "sheet", source, "--format", "markdown")
    assert target.read_text(encoding="utf-8") == shown
    assert [p.name for p in tmp_path.iterdir()] == ["sheet.md"]  # no temporary file left


def test_sheet_refuses_to_overwrite_its_input(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "game.json"
    text = (EXAMPLES / "seven-up-game.json").read_text(encoding="utf-8")
    record.write_text(text, encoding="utf-8")
    status, out, err = run(capsys, "sheet", str(record), "--output", str(record))
    assert status == 2 and out == ""
    assert "refusing to write the output over the input file" in err
    assert record.read_text(encoding="utf-8") == text


def test_sheet_bad_input_is_one_line_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = str(EXAMPLES / "seven-up-game.json")
    status, _, err = run(capsys, "sheet", path, "--format", "pdf")
    assert status == 2
    assert err == (
        "kozyr sheet: unknown sheet format 'pdf'; known formats: csv, html, json, markdown, text\n"
    )
    status, _, err = run(capsys, "sheet", path, "--players", "Аня,Боря")
    assert (status, err) == (2, "kozyr sheet: 2 player names for 4 seats\n")
    bad = json.loads((EXAMPLES / "seven-up-game.json").read_text(encoding="utf-8"))
    bad["deals"][1]["beg"] = "beg"
    (tmp_path / "bad.json").write_text(json.dumps(bad), encoding="utf-8")
    status, out, err = run(capsys, "sheet", str(tmp_path / "bad.json"))
    assert status == 2 and out == ""
    assert err.startswith("kozyr sheet: deal 2 ($.deals[1].beg): ")
    assert err.count("\n") == 1


def test_replay_errors_number_deals_from_one(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The second deal of a party is ``deal 2`` in the message, before its JSON path."""
    bad = json.loads((EXAMPLES / "po-noskam-party.json").read_text(encoding="utf-8"))
    bad["deals"][1]["dealer"] = 0  # PN: the deal passes clockwise, seat 1 deals deal 2
    (tmp_path / "bad.json").write_text(json.dumps(bad), encoding="utf-8")
    status, _, err = run(capsys, "replay", str(tmp_path / "bad.json"))
    assert status == 2
    assert err.startswith("kozyr replay: deal 2 ($.deals[1].dealer): ")


def test_replay_text_shows_who_left_after_which_deal(capsys: pytest.CaptureFixture[str]) -> None:
    """examples/po-noskam-party.json: seat 1 leaves after deal 2, seat 2 after deal 3 (PN4);
    the text says so deal by deal instead of flattening ``[[], [1], [2]]``."""
    status, out, _ = run(capsys, "replay", str(EXAMPLES / "po-noskam-party.json"))
    assert status == 0
    party = out.split("== party ==\n")[1].splitlines()
    assert "left_after: deal 2: 1; deal 3: 2" in party
    assert "order: 1 2" in party


@pytest.mark.parametrize("name", sorted(p.name for p in EXAMPLES.glob("*.json")))
def test_replay_text_has_no_empty_fields(capsys: pytest.CaptureFixture[str], name: str) -> None:
    status, out, _ = run(capsys, "replay", str(EXAMPLES / name))
    assert status == 0
    for line in out.splitlines():
        if line.startswith(("item ", "--")):
            continue
        _, sep, value = line.partition(": ")
        assert not line.rstrip().endswith(":"), line
        assert not (sep and value.strip() in ("", "-")), line


def test_a_plugin_sheet_format(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A format registered through the ``kozyr_register_sheet_formats`` hook is a ``--format``
    like kozyr's own: here a plugin's tab-separated running totals."""
    import kozyr
    import kozyr.registry as registry
    from kozyr.sheet import Sheet

    manager = registry.PluginManager(autoload=True)
    manager.load_entry_points()
    monkeypatch.setattr(registry, "_manager", manager)

    def totals(sheet: Sheet, lang: str) -> str:
        game = sheet.games[0]
        rows = ["\t".join(game.columns)]
        rows += ["\t".join(str(x) for x in row.running) for row in game.rows]
        return "\n".join(rows) + "\n"

    class TabSheets:
        @kozyr.hookimpl
        def kozyr_register_sheet_formats(self, registry: registry.SheetFormatRegistry) -> None:
            registry.add("tsv", totals, suffix="tsv", description="running totals")

    registry.register_plugin(TabSheets(), "tab-sheets")
    status, out, err = run(
        capsys, "sheet", str(EXAMPLES / "seven-up-game.json"), "--format", "tsv", "--players", NAMES
    )
    assert (status, err) == (0, "")
    assert out == "Аня & Вера\tБоря & Гоша\n2\t2\n5\t4\n6\t4\n7\t7\n"
    status, _, err = run(capsys, "sheet", str(EXAMPLES / "seven-up-game.json"), "--format", "pdf")
    assert "known formats: csv, html, json, markdown, text, tsv" in err


# --- outcome records: partial scoring (issue 11 item 6) and evenings ------------------------------

GAME = {  # Seven Up outcome records (SU6): who won High, Low, Jack, Game in each deal
    "variant": "seven-up",
    "players": ["Аня", "Боря", "Вера", "Гоша"],
    "deals": [
        {"dealer": 0, "turnup": "8♥", "beg": "stand", "high": 1, "low": 0, "jack": 2, "game": 3},
        {"dealer": 1, "turnup": "K♠", "beg": "stand", "high": 3, "low": 3, "jack": None, "game": 1},
        {"dealer": 2, "turnup": "4♦", "beg": "stand", "high": 0, "low": 2, "jack": 7, "game": 2},
        {"dealer": 3, "turnup": "J♣", "beg": "stand", "high": 1, "low": 0, "jack": None, "game": 2},
    ],
}


def write(tmp_path: Path, name: str, data: object) -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("command", ["sheet", "replay"])
def test_partial_scores_up_to_the_first_bad_deal(
    command: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Deal 3 names seat 7 for Jack: without --partial nothing is scored; with it the sheet of
    deals 1-2 (2:2, then 2:5 — High, Low, Game to Боря & Гоша, no jack in play) comes first and
    then the located error, exit status 2."""
    path = write(tmp_path, "bad.json", GAME)
    status, out, err = run(capsys, command, path)
    assert (status, out) == (2, "")
    message = (
        f"kozyr {command}: deal 3 ($.deals[2].jack): seat 7 is not at the table (seats 0..3)\n"
    )
    assert err == message
    status, out, err = run(capsys, command, path, "--partial")
    assert (status, err) == (2, message)
    rows = [line.split() for line in out.splitlines() if line[:2] in ("1 ", "2 ", "3 ")]
    assert rows == [["1", "Аня", "+2", "=2", "+2", "=2"], ["2", "Боря", "0", "=2", "+3", "=5"]]
    status, out, err = run(capsys, command, path, "--partial", "--json")
    assert status == 2
    data = json.loads(out)
    if command == "replay":
        assert data["running"] == [[2, 2], [2, 5]]
        assert data["error"]["path"] == "$.deals[2].jack"
    else:
        assert [r["running"] for r in data["games"][0]["rows"]] == [[2, 2], [2, 5]]
    target = tmp_path / "partial.txt"
    status, out, _ = run(capsys, command, path, "--partial", "--output", str(target))
    assert (status, out) == (2, "")
    assert "0 =2" in target.read_text(encoding="utf-8")
    assert "+3 =5" in target.read_text(encoding="utf-8")


def test_partial_of_a_good_record_is_the_whole_sheet(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    good = json.loads(json.dumps(GAME))
    good["deals"][2]["jack"] = 0
    path = write(tmp_path, "good.json", good)
    status, out, err = run(capsys, "sheet", path, "--partial", "--lang", "en")
    assert (status, err) == (0, "")
    assert "winner: Боря & Гоша" in out  # SU7: High brings them to 7 before Low and Game


def test_evening_sheet_totals_by_name(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Seven Up (Боря & Гоша win: +1 each, Аня & Вера -1) then examples/po-noskam-party.json's
    race sitting Гоша, Вера, Аня with money settlement: the cut 8♣ makes the last one (seat 0,
    Гоша) pay each opponent 8 (PN5). Totals: Аня -1+8 = 7, Боря +1, Вера -1+8 = 7, Гоша +1-16."""
    good = json.loads(json.dumps(GAME))
    good["deals"][2]["jack"] = 0
    race = json.loads((EXAMPLES / "po-noskam-party.json").read_text(encoding="utf-8"))
    race["options"]["settlement"] = "money"
    race["players"] = ["Гоша", "Вера", "Аня"]
    path = write(tmp_path, "evening.json", {"date": "2026-11-28", "games": [good, race]})
    status, out, err = run(capsys, "sheet", path, "--json")
    assert (status, err) == (0, "")
    data = json.loads(out)
    assert data["totals"] == {"Аня": 7, "Боря": 1, "Вера": 7, "Гоша": -15}
    assert data["wins"] == {"Аня": 0, "Боря": 1, "Вера": 1, "Гоша": 1}  # Вера: first to 7
    assert data["date"] == "2026-11-28"
    assert [g["variant"] for g in data["games"]] == ["seven-up", "po-noskam"]
