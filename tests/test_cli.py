"""The command line as a new user meets it: `kozyr rules` prints rules, `--players` everywhere a
variant is named (and never silently overridden), every argument explained, `--version`, and
every `--json` key documented in docs/cli.md."""

from __future__ import annotations

import argparse
import glob
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

import kozyr
from kozyr.cli import build_parser, main

ROOT = Path(__file__).resolve().parents[1]
CLI_DOC = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")


def run(*argv: str) -> str:
    out = io.StringIO()
    assert main(list(argv), out=out) == 0, argv
    return out.getvalue()


def fails(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Exit status 2 and the one-line message on stderr (no traceback)."""
    out = io.StringIO()
    assert main(list(argv), out=out) == 2, argv
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    return err.strip()


# --- kozyr rules ----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["seven-up", "semerik", "sem-listov", "po-noskam", "na-noski"])
def test_rules_prints_every_rule_in_order_then_the_options(name: str) -> None:
    variant = kozyr.get_variant(name)
    text = run("rules", name)
    own = variant.rulebooks()[0]
    positions = [text.index(f"\n{rule.id} {rule.title}") for rule in own.rules]
    assert positions == sorted(positions)
    table = text.index("\noption ")
    assert positions[-1] < table  # the rules, then the options
    for spec in variant.options_spec:
        assert f"\n{spec.name} " in text[table:]
    assert f"source: {own.source.split()[0]}" in text
    also = " ".join(text[positions[-1] : table].split())
    assert also.endswith(f"C1–C7 (Conventions shared by every variant) — kozyr rules {name} ID")
    if name == "na-noski":  # the race it shares with По носкам, and the classic exchange rules
        assert (
            "also cited: PN1–PN5, D-PN1–D-PN2 (По носкам (1809)); SL-C1–SL-C17, D-SL1–D-SL6" in also
        )


def test_rules_of_one_id_text_and_json() -> None:
    text = run("rules", "seven-up", "SU4")
    assert text.startswith("SU4 Standing or begging\n")
    assert "runs the cards" in " ".join(text.split())
    assert "options:" not in text  # no option implements SU4 itself
    assert run("rules", "seven-up", "su4") == text  # ids in any case
    data = json.loads(run("rules", "seven-up", "D-SU4", "--json"))
    assert data["variant"] == "seven-up"
    rule = data["rule"]
    assert (rule["id"], rule["kind"], rule["book"], rule["options"]) == (
        "D-SU4",
        "decision",
        "seven-up",
        ["gift_may_win"],
    )
    assert rule["text"] == kozyr.get_variant("seven-up").rule("D-SU4").text
    # a form reaches the rules it shares; the conventions are there for every variant
    assert run("rules", "na-noski", "PN5").startswith("PN5 The punishment\n")
    assert run("rules", "semerik", "C5").startswith("C5 Partnerships\n")


def test_rules_json_lists_the_rules_and_the_options() -> None:
    data = json.loads(run("rules", "po-noskam", "--json"))
    assert data["rules_ref"] == "PN1-PN5, D-PN1-D-PN2"
    assert [r["id"] for r in data["rules"]] == ["PN1", "PN2", "D-PN1", "PN3", "PN4", "D-PN2", "PN5"]
    assert [r["options"] for r in data["rules"] if r["id"] == "D-PN1"] == [["exchange_timing"]]
    assert [a["rulebook"] for a in data["also"]] == ["sem-listov", "conventions"]
    assert "1809" in data["source"]
    assert {o["name"] for o in data["options"]} >= {"players", "exchange_timing", "settlement"}


def test_an_unknown_rule_id_is_a_clean_error(capsys: pytest.CaptureFixture[str]) -> None:
    err = fails(capsys, "rules", "seven-up", "XY1")
    assert err.startswith("kozyr rules: seven-up: no rule 'XY1'; its rules are SU1, SU2")
    # an id of another variant is unknown here too
    assert "no rule 'SM6'" in fails(capsys, "rules", "seven-up", "SM6")


# --- --players, -o players, and fixed player counts ----------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ("rules", "seven-up", "--players", "2", "--json"),
        ("score-hand", "семерик", "--players", "4", "3♥ 2♥ Т♥", "--json"),
        ("play", "seven-up", "--seed", "1", "--players", "2", "--json"),
        ("simulate", "seven-up", "-n", "3", "--players", "2", "--quiet", "--json"),
    ],
)
def test_players_works_on_every_command_that_takes_a_variant(argv: tuple[str, ...]) -> None:
    data = json.loads(run(*argv))
    if argv[0] == "rules":
        assert [o["value"] for o in data["options"] if o["name"] == "players"] == [2]
    elif argv[0] == "play":
        assert len(data["record"]["hands"]) == 2
    elif argv[0] == "simulate":
        assert data["players"] == 2
    else:
        assert data["total"] == 5  # SM6: баба in hearts


@pytest.mark.parametrize("command", ["rules", "play", "simulate", "score-hand"])
def test_players_and_option_players_must_agree(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    extra = {"play": ["--seed", "1"], "simulate": ["-n", "2", "--quiet"], "score-hand": ["2♥"]}
    argv = [command, "seven-up", *extra.get(command, []), "--players", "2", "-o", "players=3"]
    err = fails(capsys, *argv)
    assert "--players 2 and -o players=3 disagree: give the number of players once" in err
    # the same number twice is no contradiction
    if command == "rules":
        run("rules", "seven-up", "--players", "3", "-o", "players=3")


def test_semerik_is_played_by_exactly_four(capsys: pytest.CaptureFixture[str]) -> None:
    err = fails(capsys, "play", "semerik", "--players", "3", "--seed", "1")
    assert err == "kozyr play: Семерик (semerik) is played by exactly 4 players, not 3 (SM1)"
    assert json.loads(run("play", "semerik", "--players", "4", "--seed", "1", "--json"))


# --- help and version -----------------------------------------------------------------------------


def subcommands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


def test_every_argument_has_help() -> None:
    parser = build_parser()
    for action in parser._actions:
        assert action.help, action
    for name, sub in subcommands().items():
        for action in sub._actions:
            assert action.help and action.help != argparse.SUPPRESS, f"{name}: {action.dest}"
        assert sub.description, name


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.strip() == f"kozyr {kozyr.__version__}"


# --- every --json key is documented -----------------------------------------------------------


def keys(obj: Any, path: str, found: dict[str, set[str]]) -> None:
    if isinstance(obj, dict):
        for key, value in obj.items():
            found.setdefault(path, set()).add(key)
            keys(value, f"{path}.{key}", found)
    elif isinstance(obj, list):
        for value in obj:
            keys(value, f"{path}[]", found)


PLAYED = ("seven-up", "sem-listov", "po-noskam", "sem-listov-1884", "na-noski", "semerik")
RUNS: list[tuple[str, ...]] = [
    ("variants",),
    ("plugins",),
    ("rules", "seven-up"),
    ("rules", "seven-up", "SU4"),
    ("score-hand", "semerik", "3♥ 2♥ A♥ K♥ 7♠ 7♣ 7♦"),
    *[("replay", path) for path in sorted(glob.glob(str(ROOT / "examples" / "*.json")))],
    *[("play", name, "--seed", "3") for name in PLAYED],
    *[("play", name, "--seed", "3", "--party") for name in PLAYED],
    ("play", "sem-listov", "--seed", "5", "--party", "-o", "runaways=true", "--bot", "heuristic"),
    *[("sheet", path) for path in sorted(glob.glob(str(ROOT / "examples" / "*.json")))],
    ("stats", *sorted(glob.glob(str(ROOT / "examples" / "*party*.json")))),
]
#: Keys that are data, not names: option names (see kozyr rules) under a record's options, and
#: the variant names a player's stats are kept under.
DATA_KEYS = re.compile(r"\.options$|^stats\.players\[\]\.variants$")


@pytest.mark.slow
@pytest.mark.parametrize("argv", RUNS, ids=lambda a: " ".join(Path(x).name for x in a))
def test_every_json_key_is_in_the_cli_docs(argv: tuple[str, ...]) -> None:
    found: dict[str, set[str]] = {}
    keys(json.loads(run(*argv, "--json")), argv[0], found)
    records = (ROOT / "docs" / "records.md").read_text(encoding="utf-8")
    missing = []
    for path, names in found.items():
        if DATA_KEYS.search(path):
            continue
        text = records + CLI_DOC if path.startswith("play.record") else CLI_DOC
        missing += [
            f"{path}.{k}" for k in sorted(names) if f"`{k}`" not in text and f'"{k}"' not in text
        ]
    assert not missing, f"docs/cli.md does not document: {missing}"


def test_rules_of_a_variant_without_rules_text(monkeypatch: pytest.MonkeyPatch) -> None:
    # a third-party variant need not ship a rules file: its options are still listed, and the
    # conventions C1-C7 are still there by id
    cls = type(kozyr.get_variant("seven-up"))
    monkeypatch.setattr(cls, "rules_files", ())
    text = run("rules", "seven-up")
    assert "(the plugin ships no rules text)" in text and "\noption " in text
    assert "also cited: C1–C7" in text
    data = json.loads(run("rules", "seven-up", "--json"))
    assert data["rules"] == [] and data["rulebook"] is None
    assert [a["rulebook"] for a in data["also"]] == ["conventions"]
    assert run("rules", "seven-up", "C6").startswith("C6 Who wins a trick\n")


#: simulate's keys that are data: item names, option names, the variants' own field names
#: (documented as result fields above) and the values counted in a histogram.
SIMULATE_DATA = re.compile(r"^simulate\.(items|options|extra|party_extra)$|\.counts$")


@pytest.mark.parametrize(
    "argv",
    [
        ("simulate", "seven-up", "-n", "8", "--quiet"),
        ("simulate", "po-noskam", "-n", "2", "--unit", "party", "--quiet"),
        ("simulate", "semerik", "-n", "4", "--quiet", "--engine", "reference"),
    ],
    ids=lambda a: a[1],
)
def test_every_simulate_json_key_is_documented(argv: tuple[str, ...]) -> None:
    found: dict[str, set[str]] = {}
    keys(json.loads(run(*argv, "--json")), "simulate", found)
    text = CLI_DOC + (ROOT / "docs" / "performance.md").read_text(encoding="utf-8")
    missing = [
        f"{path}.{k}"
        for path, names in found.items()
        if not SIMULATE_DATA.search(path)
        for k in sorted(names)
        if f"`{k}`" not in text
    ]
    assert not missing, f"docs/performance.md does not document: {missing}"


# --- what was checked, in text as in --json (issue 22, D4) -------------------------------------


def test_replay_and_sheet_text_say_what_was_checked_and_every_warning(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import functools

    import kozyr_sem_listov.family as family

    summary = ROOT / "examples" / "sem-listov-summary.json"
    text = run("replay", str(summary))
    assert "checked: summary" in text and "WARNING" not in text
    assert "checked: plays" in run("replay", str(ROOT / "examples" / "sem-listov.json"))
    # a search that gives up at once: the summary is scored from the summary, and text mode
    # says so as loudly as --json (checked: outcome and the warning)
    from kozyr.realisation import realise

    monkeypatch.setattr(family, "prove", functools.partial(realise, budget=1))
    data = json.loads(run("replay", "--json", str(summary)))
    assert data["checked"] == "outcome" and len(data["warnings"]) == 1
    text = run("replay", str(summary))
    assert "checked: outcome" in text
    assert f"WARNING: {data['warnings'][0]}" in text
    sheet = run("sheet", str(summary))
    assert "checked: outcome" in sheet and f"WARNING: {data['warnings'][0]}" in sheet
    party = tmp_path / "party.json"
    record = json.loads(summary.read_text(encoding="utf-8"))
    deal = {k: v for k, v in record.items() if k not in ("variant", "options")}
    body = {"variant": "sem-listov", "options": record["options"], "deals": [deal]}
    party.write_text(json.dumps(body), encoding="utf-8")
    text = run("replay", str(party))
    assert "checked: outcome" in text and "WARNING: deal 1: NOT PROVEN" in text


def test_play_party_uses_the_variants_party_bot() -> None:
    # Pitch's random bidders are set back without end (their scores drift below zero): a party
    # without --bot is played by the variant's party bot, the heuristic one, and ends
    assert kozyr.get_variant("auction-pitch").party_bot == "heuristic"
    assert kozyr.get_variant("seven-up").party_bot == "random"
    data = json.loads(run("play", "auction-pitch", "--party", "--seed", "0", "--json"))
    assert data["result"]["winner"] is not None
    same = json.loads(run("play", "auction-pitch", "--party", "--seed", "0", "--json",
                          "--bot", "heuristic"))  # fmt: skip
    assert same == data
    # the deal of `play` without --party is still played by random bots
    assert run("play", "auction-pitch", "--seed", "3") == run(
        "play", "auction-pitch", "--seed", "3", "--bot", "random"
    )


@pytest.mark.parametrize(
    "argv",
    [
        ("play", "seven-up", "--players", "٤", "--seed", "1"),
        ("play", "seven-up", "--players", "４", "--seed", "1"),
        ("play", "seven-up", "--seed", "١"),
        ("play", "seven-up", "--seed", "1", "--dealer", "²"),
        ("simulate", "seven-up", "-n", "2", "--quiet", "--workers", "1_000"),
        ("simulate", "seven-up", "-n", "2", "--quiet", "--workers", "+1"),
        ("simulate", "seven-up", "-n", "2", "--quiet", "--chunk", "1 0"),
        ("replay", "-", "--max-depth", "٦٤"),
        ("serve", "--port", "８０８０"),
    ],
)
def test_integer_flags_take_ascii_digits_only(
    argv: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    """The fuzz run of #21 item 10: ``--players ٤`` played a game of 4 and ``--workers
    1_000`` asked for a thousand processes -- argparse's ``type=int`` is ``int()``, which takes
    Unicode digits, ``_`` and ``+``. Every integer flag now reads ASCII digits only
    (``kozyr.limits.parse_int``): argparse's usage error, exit 2."""
    with pytest.raises(SystemExit) as exit:
        main(list(argv), out=io.StringIO())
    assert exit.value.code == 2
    err = capsys.readouterr().err
    assert "expected a whole number in digits 0-9, got" in err and "Traceback" not in err
    assert run("play", "seven-up", "--players", "2", "--seed", "7", "--dealer", "1", "--json")
