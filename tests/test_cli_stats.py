"""``kozyr stats FILE…`` (#20 item 7): text and --json over party and evening records, one player
across files by name ignoring case, a bad file named with its located error (exit 2)."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

from kozyr.cli import main

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def run(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    status = main(list(args), out=out)
    return status, out.getvalue()


def write(path: Path, name: str, players: list[str]) -> str:
    data: dict[str, Any] = json.loads((EXAMPLES / name).read_text("utf-8"))
    data["players"] = players
    path.write_text(json.dumps(data, ensure_ascii=False), "utf-8")
    return str(path)


def test_stats_of_two_files(tmp_path: Path) -> None:
    seven = write(tmp_path / "a.json", "seven-up-game.json", ["Аня", "Боря", "Вера", "Гоша"])
    race = write(tmp_path / "b.json", "po-noskam-full-party.json", ["аня", "Боря", "Дима"])
    status, out = run("stats", seven, race, "--json")
    assert status == 0
    data = json.loads(out)
    assert data["games"] == 2
    by_name = {p["name"]: p for p in data["players"]}
    assert set(by_name) == {"Аня", "Боря", "Вера", "Гоша", "Дима"}
    # SU: Боря & Гоша win (+1 each); the race: seat 2 (Дима) first to 7 (PN4), seat 1 last
    assert by_name["Аня"]["games"] == 2 and by_name["Аня"]["won"] == 0
    assert by_name["Боря"]["won"] == 1 and by_name["Дима"]["won"] == 1
    assert by_name["Боря"]["variants"]["seven-up"] == {"games": 1, "won": 1, "total": 1}
    assert set(by_name["Боря"]["variants"]) == {"seven-up", "po-noskam"}
    status, text = run("stats", seven, race, "--lang", "ru")
    assert status == 0 and "Дима" in text and "партий: 2" in text


def test_a_bad_file_is_named(tmp_path: Path, capsys: Any) -> None:
    good = write(tmp_path / "a.json", "seven-up-game.json", ["Аня", "Боря", "Вера", "Гоша"])
    bad = tmp_path / "bad.json"
    bad.write_text('{"variant": "seven-up", "deals": [{"dealer": 9}]}', "utf-8")
    status, _ = run("stats", good, str(bad))
    assert status == 2
    err = capsys.readouterr().err
    assert "bad.json" in err and "deal 1" in err and "Traceback" not in err
