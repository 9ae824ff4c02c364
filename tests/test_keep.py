"""``kozyr keep`` (issue 11 item 7): the interactive scorekeeper, through piped input, in a real
pseudo-terminal, and killed with SIGKILL after a deal (nothing lost, resumed from the file).

The race used throughout is examples/po-noskam-party.json told as a table tells it (PN4, D-PN2):
tricks 1 4 2, then 2 3 2 (Боря reaches 7 and leaves), then 3 - 3 (Вера reaches 7; Аня is the
last one left and loses). Totals 1 4 2, 3 7 4, 6 7 7 — the example's own figures.
"""

from __future__ import annotations

import io
import json
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

import kozyr
from kozyr.cli import main
from kozyr.errors import RecordError
from kozyr.keep import Keeper, load_record

NAMES = ["Аня", "Боря", "Вера"]
RACE = ["", "1 4 2", "", "", "2 3 2", "", "", "3 - 3", ""]  # dealer, tricks_won, reached


def keeper(path: Path, answers: list[str], *, record: dict[str, Any] | None = None) -> Keeper:
    variant = kozyr.get_variant("po-noskam", players=3)
    inp = io.StringIO("".join(a + "\n" for a in answers))
    return Keeper(str(path), variant, list(NAMES), inp, io.StringIO(), record=record or {})


def output(k: Keeper) -> str:
    assert isinstance(k.out, io.StringIO)
    return k.out.getvalue()


def saved(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def test_a_whole_race_through_piped_input(tmp_path: Path) -> None:
    path = tmp_path / "race.json"
    k = keeper(path, RACE)
    assert k.run() == 0
    data = saved(path)
    assert data["players"] == NAMES
    assert [d["tricks_won"] for d in data["deals"]] == [[1, 4, 2], [2, 3, 2], [3, None, 3]]
    assert [d["dealer"] for d in data["deals"]] == [0, 1, 2]  # the dealer passes clockwise
    result = kozyr.replay(data)
    assert isinstance(result, kozyr.PartyResult)
    assert result.running == ((1, 4, 2), (3, 7, 4), (6, 7, 7))
    assert (result.winner, result.loser) == (1, 0)
    text = output(k)
    assert text.count("== Deal ") == 3
    assert "reached 7 and left: Боря (PN4)" in text  # the running sheet after each deal
    assert "last in the race: Аня (PN4)" in text
    assert text.rstrip().endswith("The game is over.")


def test_each_answer_is_checked_with_replays_message(tmp_path: Path) -> None:
    """A bad answer gets exactly the message ``kozyr replay`` gives for that record, and the
    question again; a seat that already left must be written ``-`` (PN4)."""
    path = tmp_path / "race.json"
    answers = ["", "1 4 2", "", "", "2 3 2", "", "", "3 3 3", "", "3 - 3", "quit"]
    k = keeper(path, ["x", *answers])
    assert k.run() == 0
    bad = {"variant": "po-noskam", "options": {"players": 3}, "deals": [{"dealer": "x"}]}
    with pytest.raises(RecordError) as first:
        kozyr.replay(bad)
    assert first.value.located() in output(k).splitlines()
    deals = saved(path)["deals"][:2]
    with pytest.raises(RecordError) as left:
        kozyr.replay({**saved(path), "deals": [*deals, {"dealer": 2, "tricks_won": [3, 3, 3]}]})
    assert left.value.located().startswith("deal 3 ($.deals[2].tricks_won[1]): ")
    assert left.value.located() in output(k).splitlines()
    assert [d["tricks_won"] for d in saved(path)["deals"]] == [[1, 4, 2], [2, 3, 2], [3, None, 3]]


def test_undo_edit_and_quit(tmp_path: Path) -> None:
    path = tmp_path / "race.json"
    answers = [
        *RACE[:6],  # deals 1 and 2
        "undo",  # at deal 3's first question: deal 2 goes
        *RACE[3:6],  # deal 2 again
        "edit 1",  # deal 1 again, old answers offered
        "",  # dealer as it was
        "2 4 1",
        "",
        "quit",
    ]
    k = keeper(path, answers)
    assert k.run() == 0
    deals = saved(path)["deals"]
    assert [d["tricks_won"] for d in deals] == [[2, 4, 1], [2, 3, 2]]
    text = output(k)
    assert "deal 2 undone" in text
    assert "Tricks won (PN4, 3 values, - = null) [1 4 2]: 2 4 1" in text
    assert "stopped; " in text


def test_edit_of_a_deal_that_does_not_exist(tmp_path: Path) -> None:
    k = keeper(tmp_path / "race.json", ["edit 5", "quit"])
    assert k.run() == 0
    assert "there is no deal 5 (deals 1..-)" in output(k)


def test_resume_from_the_file(tmp_path: Path) -> None:
    path = tmp_path / "race.json"
    assert keeper(path, [*RACE[:3], "quit"]).run() == 0
    record = load_record(str(path))
    assert record is not None and len(record["deals"]) == 1
    k = keeper(path, RACE[3:], record=record)
    assert k.run() == 0
    assert len(saved(path)["deals"]) == 3
    assert "resuming " in output(k)


def test_names_answer_seat_questions(tmp_path: Path) -> None:
    """Seven Up (SU6): High, Low, Jack and Game go to a seat, typed by name or number."""
    path = tmp_path / "su.json"
    variant = kozyr.get_variant("seven-up", players=4)
    names = ["Аня", "Боря", "Вера", "Гоша"]
    answers = ["", "8♥", "stand", "", "Боря", "аня", "-", "3", "", "quit"]
    inp = io.StringIO("".join(a + "\n" for a in answers))
    k = Keeper(str(path), variant, names, inp, io.StringIO())
    assert k.run() == 0
    [deal] = saved(path)["deals"]
    assert (deal["high"], deal["low"], deal["jack"], deal["game"]) == (1, 0, None, 3)
    result = kozyr.replay(saved(path))
    assert isinstance(result, kozyr.PartyResult)
    assert result.running == ((1, 2),)  # Low to Аня & Вера; High and Game to Боря & Гоша


def test_cli_keep_starts_and_resumes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "race.json"
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n1 4 2\n\nquit\n"))
    assert main(["keep", str(path), "po-noskam", "--players", ",".join(NAMES)]) == 0
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n2 3 2\n\nquit\n"))
    assert main(["keep", str(path)]) == 0
    assert len(saved(path)["deals"]) == 2
    capsys.readouterr()
    assert main(["keep", str(path), "seven-up"]) == 2
    assert "is a po-noskam record, not seven-up" in capsys.readouterr().err
    assert main(["keep", str(tmp_path / "new.json")]) == 2
    assert "name the variant" in capsys.readouterr().err
    assert main(["keep", str(tmp_path / "new.json"), "po-noskam", "--players", "Аня,аня,Вера"]) == 2
    assert "two players have the same name" in capsys.readouterr().err
    assert not (tmp_path / "new.json").exists()


# --- real processes ------------------------------------------------------------------------------

KEEP = [sys.executable, "-m", "kozyr", "keep"]


class Screen:
    """What a child process has written to ``fd`` so far; :meth:`expect` waits for the next
    occurrence of a text (with a hang guard, never a timing assertion)."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.seen = bytearray()
        self.at = 0

    def expect(self, marker: str, limit: float = 60.0) -> str:
        end = time.monotonic() + limit
        needle = marker.encode()
        while (found := self.seen.find(needle, self.at)) < 0:
            left = end - time.monotonic()
            if left <= 0:
                raise AssertionError(f"{marker!r} never came; got:\n{self.text}")
            ready, _, _ = select.select([self.fd], [], [], left)
            if not ready:
                continue
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:  # the pty closed
                chunk = b""
            if not chunk:
                raise AssertionError(f"{marker!r} never came; the child closed:\n{self.text}")
            self.seen.extend(chunk)
        self.at = found + len(needle)
        return self.text

    @property
    def text(self) -> str:
        return self.seen.decode(errors="replace")


def test_a_keep_killed_after_a_deal_loses_nothing(tmp_path: Path) -> None:
    path = tmp_path / "race.json"
    args = [*KEEP, str(path), "po-noskam", "--players", ",".join(NAMES)]
    child = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert child.stdin is not None and child.stdout is not None
    child.stdin.write(b"\n1 4 2\n\n")
    child.stdin.flush()
    Screen(child.stdout.fileno()).expect("saved to")
    child.stdin.write(b"\n2 3")  # half of deal 2 typed, then the process is killed
    child.stdin.flush()
    child.send_signal(signal.SIGKILL)
    child.wait()
    assert child.returncode == -signal.SIGKILL
    data = saved(path)
    assert [d["tricks_won"] for d in data["deals"]] == [[1, 4, 2]]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["race.json"]  # no temporary file
    again = subprocess.run([*KEEP, str(path)], input=b"\n2 3 2\n\n\n3 - 3\n\n", capture_output=True)
    assert again.returncode == 0, again.stderr
    assert [d["tricks_won"] for d in saved(path)["deals"]] == [[1, 4, 2], [2, 3, 2], [3, None, 3]]
    assert "The game is over." in again.stdout.decode()


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
def test_keep_in_a_pseudo_terminal(tmp_path: Path) -> None:
    """A real terminal: the prompts appear, the terminal echoes the answers, the running sheet
    is on the screen after the deal, ``quit`` ends it with status 0."""
    path = tmp_path / "race.json"
    master, slave = os.openpty()
    args = [*KEEP, str(path), "po-noskam", "--players", ",".join(NAMES), "--lang", "ru"]
    child = subprocess.Popen(args, stdin=slave, stdout=slave, stderr=slave, close_fds=True)
    os.close(slave)
    screen = Screen(master)
    dealer, tricks, reached = (f.label_ru for f in kozyr.get_variant("po-noskam").outcome_fields)
    try:
        screen.expect(f"{dealer} (")
        os.write(master, b"\n")
        screen.expect(f"{tricks} (")
        os.write(master, b"1 4 2\n")
        screen.expect(f"{reached} (")
        os.write(master, b"\n")
        text = screen.expect("== Сдача 2 ==")
        assert "1 4 2" in text  # echoed by the terminal, not by keep
        assert "итого" in text and "+4 =4" in text  # the running sheet
        assert "Взятки: Боря +4 (PN4)" in text
        screen.expect(f"{dealer} (")
        os.write(master, b"quit\n")
        screen.expect("остановлено")
        assert child.wait(timeout=60) == 0
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        os.close(master)
    assert [d["tricks_won"] for d in saved(path)["deals"]] == [[1, 4, 2]]


def test_two_reach_seven_in_one_deal_the_order_by_name(tmp_path: Path) -> None:
    """examples/na-noski-party.json told as outcomes (NN4 = PN4, D-PN2): in deal 3 Аня (seat 0)
    and Боря (seat 1) both reach 7; the counts cannot tell who was first, so the scorekeeper
    answers `reached` — here by name, Боря first — and Боря wins the race, Вера is last."""
    path = tmp_path / "race.json"
    variant = kozyr.get_variant("na-noski", players=3, hit_cards=1)
    answers = ["", "2 3 2", "", "", "2 2 3", "", "", "3 2 0", "Боря, Аня"]
    inp = io.StringIO("".join(a + "\n" for a in answers))
    k = Keeper(str(path), variant, list(NAMES), inp, io.StringIO())
    assert k.run() == 0
    data = saved(path)
    assert data["deals"][2] == {"dealer": 2, "tricks_won": [3, 2, 0], "reached": [1, 0]}
    result = kozyr.replay(data)
    assert isinstance(result, kozyr.PartyResult)
    assert result.running[-1] == (7, 7, 5)
    assert (result.winner, result.loser) == (1, 2)
    assert "reached 7 and left: Боря, Аня (NN4)" in output(k)


def test_semerik_combinations_and_counters(tmp_path: Path) -> None:
    """The first two deals of examples/semerik-game.json told as outcomes (SM6 combinations
    shown, SM7 tricks and counter tricks per seat): the scores are the card-by-card record's,
    5:8 and 7:14."""
    path = tmp_path / "rubber.json"
    variant = kozyr.get_variant("semerik")
    answers = [
        "",
        "6♦ 6♥ 6♠ | 4♣ 4♦ K♦ K♥ 4♠ K♠ | Q♣ Q♦ Q♥ Q♠ | 3♣ 3♦ 3♠",
        "1 0 6 3",
        "0 0 3 3",
        "",
        "",
        "",
        "- | - | - | A♣ A♦ A♠",
        "2 2 3 3",
        "1 1 1 2",
        "",
        "",
        "quit",
    ]
    inp = io.StringIO("".join(a + "\n" for a in answers))
    k = Keeper(str(path), variant, ["Аня", "Боря", "Вера", "Гоша"], inp, io.StringIO())
    assert k.run() == 0
    outcome = kozyr.replay(saved(path))
    example = Path(__file__).resolve().parent.parent / "examples" / "semerik-game.json"
    full = kozyr.replay(json.loads(example.read_text("utf-8")))
    assert isinstance(outcome, kozyr.PartyResult) and isinstance(full, kozyr.PartyResult)
    assert outcome.running == full.running[:2] == ((5, 8), (7, 14))
    assert [d.points for d in outcome.deals] == [d.points for d in full.deals[:2]]
