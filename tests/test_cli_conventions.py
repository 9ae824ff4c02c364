"""The conventions of a Unix command (#24): a closed pipe ends quietly with status 0 (as coreutils
and git), ``kozyr`` alone prints the help, shell completion for bash, zsh and fish generated from
the parser, ``play``'s seed defaulting like ``simulate``'s, ``serve --db`` in the user data
folder, 95 % Wilson intervals on simulate's rates, and -- with no variant installed -- every
command that needs one naming the packages that provide them (exit 2)."""

from __future__ import annotations

import argparse
import fcntl
import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import kozyr.registry as kp
from kozyr.cli import build_parser, main
from kozyr.cli.completion import commands, script
from kozyr.cli.serve import default_db
from kozyr.registry import PluginManager
from kozyr.simulate.interval import wilson_interval

KOZYR = [sys.executable, "-m", "kozyr"]
ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "seven-up-deal.json"


def run(*argv: str) -> str:
    out = io.StringIO()
    assert main(list(argv), out=out) == 0, argv
    return out.getvalue()


# --- a closed pipe ---------------------------------------------------------------------------


def closed_pipe_run(*argv: str) -> subprocess.CompletedProcess[bytes]:
    """Run kozyr with standard output a pipe whose reader is already gone (EPIPE at once)."""
    reader, writer = os.pipe()
    os.close(reader)
    try:
        return subprocess.run(
            [*KOZYR, *argv], stdout=writer, stderr=subprocess.PIPE, check=False, timeout=60
        )
    finally:
        os.close(writer)


@pytest.mark.parametrize(
    "argv",
    [("rules", "seven-up"), ("replay", str(EXAMPLE), "--json"), ("--help",), ()],
    ids=["rules", "replay-json", "help", "alone"],
)
def test_a_closed_pipe_is_quiet_and_status_0(argv: tuple[str, ...]) -> None:
    done = closed_pipe_run(*argv)
    assert (done.returncode, done.stderr.decode()) == (0, "")


def test_head_closing_the_pipe_midway_is_quiet_and_status_0() -> None:
    # `kozyr rules sem-listov | head -1` on a real pipe: the pipe holds one page (4 KiB) and the
    # rules are longer, so kozyr is still writing when the reader takes its line and closes
    reader, writer = os.pipe()
    fcntl.fcntl(reader, fcntl.F_SETPIPE_SZ, 4096)
    process = subprocess.Popen(
        [*KOZYR, "rules", "sem-listov"], stdout=writer, stderr=subprocess.PIPE
    )
    os.close(writer)
    first = os.read(reader, 80)  # head's first line, then head exits
    os.close(reader)
    _, err = process.communicate(timeout=60)
    assert first.startswith(b"Sem listov")
    assert (process.returncode, err.decode()) == (0, "")
    assert len(run("rules", "sem-listov").encode()) > 4096 + 80  # more than the pipe held


def test_a_full_device_is_still_an_error() -> None:
    # only the closed pipe is quiet: /dev/full is exit 1 with its message (issue 13)
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full")
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [*KOZYR, "rules", "seven-up"], stdout=full, stderr=subprocess.PIPE, check=False
        )
    assert done.returncode == 1
    assert b"No space left on device" in done.stderr


# --- kozyr alone -----------------------------------------------------------------------------


def test_kozyr_alone_prints_the_help_and_exits_0() -> None:
    text = run()
    assert text == build_parser().format_help()
    assert text.startswith("usage: kozyr") and "completion" in text and "simulate" in text
    done = subprocess.run(KOZYR, capture_output=True, text=True, check=False, timeout=60)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == text


# --- shell completion ------------------------------------------------------------------------


def test_completion_covers_every_command_and_option() -> None:
    parser = build_parser()
    found = {c.name: c for c in commands(parser)}
    assert list(found) == [*kp_commands()]
    simulate = found["simulate"]
    assert "--seed" in {s for o in simulate.options for s in o.strings}
    assert ("variant", ()) in simulate.positionals
    assert found["completion"].positionals == (("choices", ("bash", "zsh", "fish")),)
    for shell in ("bash", "zsh", "fish"):
        text = run("completion", shell)
        for command in found.values():
            assert command.name in text
        assert "seven-up" in text and "семерик" in text  # installed variants and aliases


def kp_commands() -> list[str]:
    from kozyr.cli import COMMANDS

    return [name.replace("_", "-") for name in COMMANDS]


def shell(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        if os.environ.get("CI") == "true":  # .ci/run installs bash, zsh and fish
            pytest.fail(f"{name} is not installed")
        pytest.skip(f"{name} is not installed")
    return found


def bash_complete(tmp_path: Path, *words: str) -> list[str]:
    path = tmp_path / "kozyr.bash"
    path.write_text(script("bash", build_parser(), ["seven-up", "semerik", "семерик"]))
    line = " ".join(f"'{w}'" for w in words)
    program = (
        f"source {path}; COMP_WORDS=({line}); COMP_CWORD={len(words) - 1}; _kozyr; "
        'printf "%s\\n" "${COMPREPLY[@]}"'
    )
    done = subprocess.run(
        [shell("bash"), "-c", program], capture_output=True, text=True, check=True, cwd=tmp_path
    )
    return done.stdout.split()


def test_bash_completes_commands_options_choices_and_variants(tmp_path: Path) -> None:
    assert bash_complete(tmp_path, "kozyr", "si") == ["simulate"]
    assert bash_complete(tmp_path, "kozyr", "play", "se") == ["seven-up", "semerik"]
    assert bash_complete(tmp_path, "kozyr", "play", "--se") == ["--seed"]
    assert bash_complete(tmp_path, "kozyr", "completion", "") == ["bash", "zsh", "fish"]
    assert bash_complete(tmp_path, "kozyr", "play", "сем") == ["семерик"]
    unit = bash_complete(tmp_path, "kozyr", "simulate", "seven-up", "--unit", "")
    assert unit == ["deal", "party"]


def test_fish_completes_from_the_script(tmp_path: Path) -> None:
    fish = shell("fish")
    path = tmp_path / "kozyr.fish"
    path.write_text(run("completion", "fish"))

    def complete(line: str) -> list[str]:
        done = subprocess.run(
            [fish, "--no-config", "-c", f"source {path}; complete -C {line!r}"],
            capture_output=True,
            text=True,
            check=True,
        )
        return [row.split("\t")[0] for row in done.stdout.splitlines()]

    assert complete("kozyr pl") == ["play", "plugins"]
    assert "seven-up" in complete("kozyr play se")
    assert complete("kozyr completion ") == ["bash", "fish", "zsh"]
    assert complete("kozyr play seven-up --se") == ["--seed"]


def test_zsh_script_parses_and_registers(tmp_path: Path) -> None:
    zsh = shell("zsh")
    path = tmp_path / "_kozyr"
    path.write_text(run("completion", "zsh"))
    subprocess.run([zsh, "-n", str(path)], check=True)
    done = subprocess.run(
        [
            zsh,
            "-f",
            "-c",
            f"autoload -U compinit && compinit -u -D && source {path} && "
            "print -r -- $_comps[kozyr]",
        ],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "HOME": str(tmp_path)},
    )
    assert done.stdout.strip() == "_kozyr"


# --- play's seed -----------------------------------------------------------------------------


def test_play_defaults_its_seed_to_0_like_simulate_and_prints_it() -> None:
    text = run("play", "seven-up")
    assert text == run("play", "seven-up", "--seed", "0")
    assert text.splitlines()[0].endswith("— seed 0, dealer seat 0")
    record = json.loads(run("play", "seven-up", "--json"))["record"]
    assert record["seed"] == 0
    simulate = next(a for a in build_parser()._actions if hasattr(a, "choices") and a.choices)
    assert simulate.choices["simulate"].get_default("seed") == 0  # type: ignore[index]


# --- simulate's intervals --------------------------------------------------------------------


def test_wilson_interval_worked_examples() -> None:
    # by hand, z = 1.96: 8 of 10 -> centre (0.8 + 0.19208) / 1.38415 = 0.71677, half width
    # 1.96 * sqrt(0.016 + 0.009604) / 1.38415 = 0.22658 -> [0.4902, 0.9433]
    assert wilson_interval(8, 10) == pytest.approx((0.4902, 0.9433), abs=1e-4)
    assert wilson_interval(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson_interval(10, 10) == pytest.approx((0.7225, 1.0), abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    # the two rates at n = 2000 are far apart: the intervals do not overlap
    assert wilson_interval(552, 2000)[0] > wilson_interval(398, 2000)[1]
    with pytest.raises(ValueError):
        wilson_interval(3, 2)


def test_simulate_rates_carry_their_interval_in_json_and_text() -> None:
    argv = ("simulate", "seven-up", "-n", "200", "--quiet")
    data = json.loads(run(*argv, "--json"))
    units = data["units"]
    wins = data["wins"]
    assert set(wins) >= {"by_seat", "rate", "losses_by_seat", "loss_rate"}  # the old keys
    for count, rate, (low, high) in zip(
        wins["by_seat"], wins["rate"], wins["rate_ci95"], strict=True
    ):
        assert (low, high) == wilson_interval(count, units)
        assert low <= rate <= high
    for count, (low, high) in zip(wins["losses_by_seat"], wins["loss_rate_ci95"], strict=True):
        assert (low, high) == wilson_interval(count, units)
    for item in data["items"].values():
        assert item["share_of_deals_ci95"] == list(wilson_interval(item["deals"], data["deals"]))
    void = data["extra"]["void"]
    assert void["rate_ci95"] == list(wilson_interval(void["true"], data["deals"]))
    text = run(*argv)
    low, high = wins["rate_ci95"][0]
    assert f"{wins['rate'][0]:.2%} [{low * 100:.1f}–{high * 100:.1f}]" in text
    assert "95 % Wilson interval" in text


# --- serve's database ------------------------------------------------------------------------


def test_serve_db_defaults_to_the_user_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    path = Path(default_db())
    assert path == tmp_path / "data" / "kozyr" / "kozyr.sqlite3"
    assert path.parent.is_dir()
    assert build_parser().parse_args(["serve"]).db is None  # resolved when the command runs


def test_serve_prints_the_default_database_path(tmp_path: Path) -> None:
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}
    process = subprocess.Popen(
        [*KOZYR, "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=tmp_path,
    )
    try:
        assert process.stdout is not None
        first = process.stdout.readline()
    finally:
        process.terminate()
        process.communicate(timeout=30)
    expected = tmp_path / "data" / "kozyr" / "kozyr.sqlite3"
    assert first == f"kozyr serve: database {expected}\n"
    assert not (tmp_path / "kozyr.sqlite3").exists()  # not the current folder


# --- the core alone --------------------------------------------------------------------------

NEEDING_A_VARIANT = [
    ("variants",),
    ("variants", "--json"),
    ("rules", "seven-up"),
    ("score-hand", "semerik", "3♥ 2♥"),
    ("replay", str(EXAMPLE)),
    ("sheet", str(EXAMPLE)),
    ("play", "seven-up"),
    ("simulate", "seven-up", "-n", "3", "--quiet"),
    ("serve", "--port", "0"),
]


@pytest.mark.parametrize("argv", NEEDING_A_VARIANT, ids=" ".join)
def test_without_variants_commands_name_the_packages(
    argv: tuple[str, ...], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("KOZYR_DISABLE_PLUGINS", "seven-up,sem-listov,semerik,pitch")
    monkeypatch.setenv("KOZYR_DISABLE_PLUGIN_AUTOLOAD", "1")
    pm = PluginManager()
    pm.load_entry_points()
    assert pm.entries() == []
    monkeypatch.setattr(kp, "_manager", pm)
    out = io.StringIO()
    assert main(list(argv), out=out) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert 'pip install "kozyr[all]"' in err
    for package in ("kozyr-seven-up", "kozyr-sem-listov", "kozyr-semerik"):
        assert package in err
    assert out.getvalue() == ""


# --- help text --------------------------------------------------------------------------------


def test_no_command_description_shows_a_doubled_percent_sign() -> None:
    """argparse %-formats a command's help in the list but prints its description as it is, so
    ``95 %% intervals`` showed up doubled in ``kozyr arena --help``."""
    parser = build_parser()
    subparsers = next(
        action for action in parser._actions if isinstance(action, argparse._SubParsersAction)
    )
    shown = {name: sub.format_help() for name, sub in subparsers.choices.items()}
    assert "95 % intervals" in shown["arena"]
    assert [name for name, text in shown.items() if "%%" in text] == []
    assert "%%" not in parser.format_help()


def test_the_guarded_output_outliving_its_stream_is_collected_quietly() -> None:
    # Python 3.13 reported "Exception ignored in: <kozyr.cli._Guarded ...>: I/O operation on
    # closed file" when the wrapper was collected after the stream it wraps had been closed
    import gc

    from kozyr.cli import _Guarded

    stream = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")  # as pytest's captured stdout
    guarded = _Guarded(stream)
    guarded.write("x")
    stream.close()
    guarded.flush()  # the stream is closed: nothing to flush, no error
    seen: list[object] = []
    hook, sys.unraisablehook = sys.unraisablehook, seen.append
    try:
        del guarded
        gc.collect()
    finally:
        sys.unraisablehook = hook
    assert seen == []
