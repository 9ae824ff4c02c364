"""The ``kozyr`` command on hostile input and failing output (issue 13): one line on stderr,
exit 2 for bad input, 1 for output that could not be written, never a partial file."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from kozyr.cli import main
from tests.test_atomic import small_tmpfs

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "seven-up-deal.json"
KOZYR = [sys.executable, "-m", "kozyr"]


def run(
    *args: str, stdin: bytes = b"", cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [*KOZYR, *args], input=stdin, capture_output=True, cwd=cwd or ROOT, check=False
    )
    return subprocess.CompletedProcess(
        done.args, done.returncode, done.stdout.decode(), done.stderr.decode()
    )


def one_line(text: str) -> str:
    assert text.count("\n") == 1 and text.endswith("\n"), text[:500]
    assert "Traceback" not in text
    return text


# --- bad input: exit 2, one line ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "stdin", "expected"),
    [
        (["replay", "/bin/ls"], b"", "is a binary file, not JSON text: NUL byte at line 1"),
        (["replay", "/dev/zero"], b"", "/dev/zero is larger than 4,194,304 bytes"),
        (["replay", "-"], b'{"a": "\xc3"}', "standard input is not UTF-8 text: byte 0xc3"),
        (["replay", "-"], b"[" * 1000 + b"]" * 1000, "nesting deeper than 64"),
        (["replay", "-"], b'{"seed": ' + b"1" * 5000 + b"}", "$.seed: a number of 5,000 digits"),
        (
            ["replay", "-"],
            EXAMPLE.read_bytes().replace(b'"dealer": 0,', b'"dealer": 0, "dealer": 1,'),
            "$.dealer: duplicate key 'dealer' at line 3 column 16",
        ),
        (["replay", str(ROOT)], b"", "cannot read"),
        (["rules", "seven-up", "-o", "name=x"], b"", "unknown option name"),
        (["rules", "seven-up", "-o", "self=x"], b"", "unknown option self"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: list[str], stdin: bytes, expected: str) -> None:
    if args[-1] == "/bin/ls" and not Path("/bin/ls").exists():
        pytest.skip("no /bin/ls")
    done = run(*args, stdin=stdin)
    assert done.returncode == 2
    assert expected in one_line(done.stderr)
    assert done.stdout == ""


def test_a_limit_flag_raises_the_limit(tmp_path: Path) -> None:
    text = EXAMPLE.read_text(encoding="utf-8")
    big = text.replace('"variant"', '"x": ' + "[" * 70 + "]" * 70 + ', "variant"')
    done = run("replay", "-", stdin=big.encode())
    assert "nesting deeper than 64" in one_line(done.stderr)
    done = run("replay", "-", "--max-depth", "100", stdin=big.encode())
    assert "$.x: unknown field" in one_line(done.stderr)  # read past the nesting to the field
    assert run("replay", "/dev/zero", "--max-bytes", "10").stderr == (
        "kozyr replay: /dev/zero is larger than 10 bytes (limit record_bytes, --max-bytes)\n"
    )
    assert run("replay", "-", "--max-bytes", "0").returncode == 2  # argparse: at least 1


def test_a_12_mb_record_is_refused_at_once() -> None:
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["tricks"] = ["A♠ 9♠ 7♠ Xx"] + ["A♠ 9♠ 7♠ 3♠"] * 1_000_000
    text = json.dumps(data, ensure_ascii=False).encode()
    assert len(text) > 12_000_000
    done = run("replay", "-", stdin=text)
    assert "larger than 4,194,304 bytes" in one_line(done.stderr)
    done = run("replay", "-", "--max-bytes", "100000000", stdin=text)
    assert "$.tricks: 1,000,001 tricks; a deal has at most 52" in one_line(done.stderr)
    done = run("replay", "-", "--max-bytes", "100000000", "--max-tricks", "2000000", stdin=text)
    assert one_line(done.stderr).startswith("kozyr replay: $.tricks[0][3]: bad card 'Xx'")


def test_a_negative_seed_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    # issue 13: --seed -1 dealt the cards of --seed 1 while the record said -1
    for command in (["play", "seven-up"], ["simulate", "seven-up", "-n", "1"]):
        with pytest.raises(SystemExit) as caught:
            main([*command, "--seed", "-1"])
        assert caught.value.code == 2
        assert "seeds are 0 or more, not -1" in capsys.readouterr().err


# --- output: --output, atomic, exit 1 on write errors ---------------------------------------------


@pytest.mark.parametrize(
    "command",
    [
        ["replay", str(EXAMPLE), "--json"],
        ["play", "seven-up", "--seed", "3", "--json"],
        ["simulate", "seven-up", "-n", "5", "--json", "--quiet"],
    ],
    ids=["replay", "play", "simulate"],
)
def test_output_writes_the_same_as_stdout(tmp_path: Path, command: list[str]) -> None:
    target = tmp_path / "out.json"
    printed = run(*command)
    assert printed.returncode == 0
    written = run(*command, "--output", str(target))
    assert written.returncode == 0 and written.stdout == ""
    expected = json.loads(printed.stdout)
    actual = json.loads(target.read_text(encoding="utf-8"))
    for data in (expected, actual):  # timings differ run to run
        data.pop("elapsed_s", None)
        data.pop("deals_per_s", None)
    assert actual == expected
    assert os.listdir(tmp_path) == ["out.json"]


def test_output_refuses_to_overwrite_the_input(tmp_path: Path) -> None:
    # issue 13: `kozyr replay X --json > X` emptied the record; --output X refuses
    record = tmp_path / "record.json"
    record.write_bytes(EXAMPLE.read_bytes())
    done = run("replay", str(record), "--json", "--output", str(record))
    assert done.returncode == 2
    assert "refusing to write the output over the input file" in one_line(done.stderr)
    assert record.read_bytes() == EXAMPLE.read_bytes()


def test_a_full_disk_is_exit_1_and_no_partial_file(tmp_path: Path) -> None:
    # issue 13: a full disk left a truncated JSON file and exit 0
    with small_tmpfs(tmp_path, "64k") as disk:
        target = disk / "result.json"
        target.write_text("previous", encoding="utf-8")
        with open(disk / "filler", "wb", buffering=0) as filler:  # fill the disk to the end
            try:
                while True:
                    filler.write(b"x" * 4096)
            except OSError:
                pass
        done = run("replay", str(EXAMPLE), "--json", "--output", str(target))
        assert done.returncode == 1
        assert one_line(done.stderr) == (
            f"kozyr replay: cannot write {target}: No space left on device\n"
        )
        assert target.read_text(encoding="utf-8") == "previous"  # the old file, whole
        assert sorted(os.listdir(disk)) == ["filler", "result.json"]  # no temporary left


def test_stdout_on_a_full_device_is_exit_1() -> None:
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full")
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [*KOZYR, "replay", str(EXAMPLE), "--json"],
            stdout=full,
            stderr=subprocess.PIPE,
            check=False,
        )
    assert done.returncode == 1
    assert one_line(done.stderr.decode()) == (
        "kozyr replay: cannot write to standard output: No space left on device\n"
    )


def test_a_closed_pipe_is_quiet_exit_0() -> None:
    # issue 24: a reader that closed the pipe has read all it wanted (`kozyr ... | head -1`):
    # no message and status 0, as coreutils and git (issue 13 had made it exit 1)
    reader, writer = os.pipe()
    os.close(reader)  # nobody reads: the first write fails with EPIPE
    try:
        done = subprocess.run(
            [*KOZYR, "simulate", "seven-up", "-n", "3", "--quiet"],
            stdout=writer,
            stderr=subprocess.PIPE,
            check=False,
        )
    finally:
        os.close(writer)
    assert done.returncode == 0
    assert done.stderr.decode() == ""


class FailingStream:
    """A stdout whose writes fail after some characters, as a disk that fills up."""

    def __init__(self, room: int) -> None:
        self.room = room
        self.text = ""

    def write(self, text: str) -> int:
        if len(self.text) + len(text) > self.room:
            raise OSError(28, "No space left on device")
        self.text += text
        return len(text)

    def flush(self) -> None:
        pass


def test_a_failing_stdout_object_is_exit_1(capsys: pytest.CaptureFixture[str]) -> None:
    stream = FailingStream(room=10)
    status = main(["replay", str(EXAMPLE)], out=stream)  # type: ignore[arg-type]
    assert status == 1
    assert capsys.readouterr().err == (
        "kozyr replay: cannot write to standard output: No space left on device\n"
    )


def test_stdin_without_bytes_underneath_is_read_too(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO(EXAMPLE.read_text(encoding="utf-8")))
    assert main(["replay", "-", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["tricks"]
    monkeypatch.setattr(sys, "stdin", io.StringIO("[" * 100 + "]" * 100))
    assert main(["replay", "-"]) == 2
    assert "nesting deeper than 64" in capsys.readouterr().err
