"""Names are text a person typed (issue 21 item 6): kozyr.names, and the record reader, the
evening totals, the web's check_players and the CLI on the names the issue found accepted."""

from __future__ import annotations

import json
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kozyr
from kozyr.errors import RecordError, TextError
from kozyr.names import check_names, check_text, name_key, normalise_name, visible

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"


# --- normalise_name ------------------------------------------------------------------------------


def test_a_name_is_nfc_and_trimmed() -> None:
    assert normalise_name("  Аня Петрова \u3000") == "Аня Петрова"
    assert normalise_name("Аня\u00a0Петрова") == "Аня Петрова"  # a no-break space: a space
    decomposed = "Jose\u0301"  # e + COMBINING ACUTE ACCENT
    assert normalise_name(decomposed) == "Jos\u00e9" and len(normalise_name(decomposed)) == 4
    assert normalise_name("Йожик") == unicodedata.normalize("NFC", "Йожик")


@pytest.mark.parametrize(
    ("name", "position", "what"),
    [
        ("Аня\u200b", 4, "U+200B ZERO WIDTH SPACE, an invisible character"),
        ("А\u2060ня", 2, "U+2060 WORD JOINER, an invisible character"),
        ("\ufeffАня", 1, "U+FEFF ZERO WIDTH NO-BREAK SPACE, an invisible character"),
        ("Ан\u00adя", 3, "U+00AD SOFT HYPHEN, an invisible character"),
        ("\u3164", 1, "U+3164 HANGUL FILLER, an invisible character"),
        ("Аня\u200d", 4, "U+200D ZERO WIDTH JOINER, an invisible character"),
        ("А\u200cня", 2, "U+200C ZERO WIDTH NON-JOINER, an invisible character"),
        ("\u202eяна", 1, "U+202E RIGHT-TO-LEFT OVERRIDE, a bidirectional control"),
        ("Аня\u2066", 4, "U+2066 LEFT-TO-RIGHT ISOLATE, a bidirectional control"),
        ("Аня\u200f", 4, "U+200F RIGHT-TO-LEFT MARK, a bidirectional control"),
        ("А\x00ня", 2, "U+0000 NUL, a control character (a name is one line)"),
        ("Аня\nБоря", 4, "U+000A LINE FEED, a control character (a name is one line)"),
        ("Аня\tБоря", 4, "U+0009 TAB, a control character (a name is one line)"),
        ("Ан\x85я", 3, "U+0085 a control, a control character (a name is one line)"),
        ("Аня\u2028x", 4, "U+2028 LINE SEPARATOR, a control character (a name is one line)"),
        ("Аня\ud800", 4, "U+D800 a lone surrogate, not a character (not text)"),
        ("Аня\ue000", 4, "U+E000, a private-use character"),
        ("Аня\U000e0001x", 4, "U+E0001 LANGUAGE TAG, an invisible character"),
        ("Aня", 1, "U+0041 LATIN CAPITAL LETTER A, a Latin letter among Cyrillic ones"),
        ("Аnna", 1, "U+0410 CYRILLIC CAPITAL LETTER A, a Cyrillic letter among Latin ones"),
        ("Боря Aня", 6, "U+0041 LATIN CAPITAL LETTER A, a Latin letter among Cyrillic ones"),
    ],
)
def test_what_a_name_may_not_hold_is_refused_by_position(
    name: str, position: int, what: str
) -> None:
    with pytest.raises(TextError) as info:
        normalise_name(name, path="$.players[2]")
    error = info.value
    assert error.path == "$.players[2]" and error.position == position
    assert f"character {position} is {what}" in error.detail
    assert str(error).startswith("$.players[2]: '")
    str(error).encode("utf-8")  # the message itself is printable text


def test_the_message_shows_the_invisible_character_as_an_escape() -> None:
    with pytest.raises(TextError) as info:
        normalise_name("Аня\u200b")
    assert "'Аня\\u200b'" in str(info.value)
    assert visible("a'b\\c\u202e") == "'a\\'b\\\\c\\u202e'"


@pytest.mark.parametrize(
    "name",
    [
        "👨\u200d👩\u200d👧",  # an emoji family: ZWJ between emoji
        "👍🏽\u200d🔥",  # not a real sequence, but a joiner between a tone and an emoji
        "می\u200cخواهم",  # Persian: ZWNJ between two Arabic letters
        "क्\u200dष",  # Devanagari: ZWJ between Indic letters
        "Anna-Мария",  # two words, two alphabets: not a look-alike
        "Ольга 2",
        "O'Neil",
        "Ἀλέξανδρος",
    ],
)
def test_names_written_in_their_own_script_are_kept(name: str) -> None:
    assert normalise_name(name) == unicodedata.normalize("NFC", name)


def test_an_empty_name_and_a_long_one() -> None:
    with pytest.raises(TextError, match=r"^\$: a player needs a name"):
        normalise_name(" \u3000 ")
    with pytest.raises(TextError, match="expected a name, got null"):
        normalise_name(None)
    assert normalise_name("я" * 100) == "я" * 100
    with pytest.raises(TextError, match="at most 100 characters, got 101"):
        normalise_name("я" * 101)
    with pytest.raises(TextError, match="at most 40 characters"):
        normalise_name("я" * 41, max_length=40)


# --- one player, one key -------------------------------------------------------------------------


def test_name_key_identifies_a_player() -> None:
    assert name_key("Аня") == name_key("аня") == name_key("АНЯ")
    assert name_key("Straße") == name_key("STRASSE")  # full case folding
    assert name_key("Ａня") != name_key("Аня")  # a full-width Latin A is still Latin
    assert name_key("Ｂоря".replace("Ｂ", "Б")) == name_key("боря")
    assert name_key("Аня  Петрова") == name_key("аня петрова")
    assert name_key("Аня") != name_key("Аня Петрова")


def test_two_seats_may_not_be_one_player() -> None:
    with pytest.raises(TextError) as info:
        check_names(["Аня", "Боря", "аня"], seats=3)
    assert info.value.path == "$.players[2]"
    assert "is already at the table: seat 0 'Аня' (names are compared ignoring case)" in str(
        info.value
    )
    with pytest.raises(TextError, match=r"\$\.players\[1\]: 'Аня' is already at the table"):
        check_names(["Аня", " Аня "], seats=2)  # the same after trimming
    with pytest.raises(TextError, match="expected 2 names"):
        check_names(["Аня"], seats=2)
    assert check_names(["Аня", "Jose\u0301"], seats=2) == ["Аня", "José"]


def test_check_text_keeps_text_as_written() -> None:
    assert check_text(" 1 мая ") == " 1 мая "
    assert check_text("строка 1\nстрока 2\tконец", multiline=True).count("\n") == 1
    with pytest.raises(TextError, match=r"^\$\.date: .*U\+000A LINE FEED, a control"):
        check_text("1\n2", path="$.date")
    with pytest.raises(TextError, match="U\\+202E RIGHT-TO-LEFT OVERRIDE"):
        check_text("note \u202e", multiline=True)
    with pytest.raises(TextError, match="lone surrogate"):
        check_text("x\udc00", multiline=True)
    with pytest.raises(TextError, match="expected a text, got a list"):
        check_text([])


@settings(max_examples=2000, deadline=None)
@given(st.text(max_size=12))
def test_every_text_is_a_name_or_a_located_refusal(text: str) -> None:
    """Any text: refused with a position inside it, or a name that is NFC, trimmed, shows
    (every character printable or a space, or an allowed joiner), UTF-8, and normalising it
    again changes nothing."""
    try:
        name = normalise_name(text)
    except TextError as error:
        assert error.position is None or 1 <= error.position <= len(text)
        str(error).encode("utf-8")
        return
    assert name == unicodedata.normalize("NFC", name) == name.strip() and name
    name.encode("utf-8")
    assert all(c.isprintable() or c == " " or c in "\u200c\u200d" for c in name), ascii(name)
    assert normalise_name(name) == name
    assert name_key(name) == name_key(name_key(name))


# --- records -----------------------------------------------------------------------------------


def race() -> dict[str, object]:
    data: dict[str, object] = json.loads((EXAMPLES / "po-noskam-party.json").read_text("utf-8"))
    return data


def test_a_record_reads_names_as_names() -> None:
    data = race()
    data["players"] = [" Аня", "Jose\u0301", "Вера "]
    result = kozyr.replay(data)
    assert result.record.meta["players"] == ["Аня", "José", "Вера"]
    data["players"] = ["Аня", "Аня\u200b", "Вера"]
    with pytest.raises(TextError) as info:
        kozyr.replay(data)
    assert info.value.path == "$.players[1]" and isinstance(info.value, RecordError)
    data["players"] = ["Аня", "Боря", "аня"]
    with pytest.raises(TextError, match=r"^\$\.players\[2\]: 'аня' is already at the table"):
        kozyr.replay(data)


@pytest.mark.parametrize("key", ["date", "place", "note"])
def test_a_lone_surrogate_is_refused_in_every_record_text(key: str) -> None:
    data = race()
    text = json.dumps({**data, key: "x\ud800"})  # written as the escape "\ud800"
    assert "\\ud800" in text
    with pytest.raises(RecordError, match=rf"^\$\.{key}: character 2 is U\+D800, a lone surro"):
        kozyr.replay(kozyr.codec.load(text))
    with pytest.raises(TextError, match=rf"^\$\.{key}: 'x\\ud800': character 2 is U\+D800"):
        kozyr.replay({**data, key: "x\ud800"})  # the data given in Python


def test_a_lone_surrogate_anywhere_in_json_text_is_refused_with_its_path() -> None:
    with pytest.raises(RecordError, match=r"^game 2 \(\$\.games\[1\]\.players\[0\]\): character 1"):
        kozyr.codec.load('{"games": [{}, {"players": ["\\udfff"]}]}')
    with pytest.raises(RecordError, match=r"^\$: character 2 is U\+DC00"):
        kozyr.codec.load('{"k\\udc00": 1}')  # in a key: the object's path
    assert kozyr.codec.load('["\\ud83d\\ude00", "\\\\ud800"]') == ["😀", "\\ud800"]


def test_evening_totals_count_one_player_once() -> None:
    """The race of examples/po-noskam-party.json twice, money settlement, seats Аня Боря Вера
    and then аня БОРЯ Вера: the totals are three players, each twice its race net, under the
    first spelling."""
    one = race()
    one["options"] = {"players": 3, "settlement": "money"}
    one["players"] = ["Аня", "Боря", "Вера"]
    two = {**one, "players": ["аня", "БОРЯ", "Вера"]}
    single = kozyr.replay(one)
    evening = kozyr.replay({"games": [one, two]})
    assert evening.names == ("Аня", "Боря", "Вера")
    net = single.settlement.net()
    assert dict(evening.totals) == {n: 2 * x for n, x in zip(evening.names, net, strict=True)}
    assert sum(evening.games_won.values()) == 2
    sheet = kozyr.sheet.sheet_from(evening)
    assert list(sheet.totals) == ["Аня", "Боря", "Вера"]
    rebuilt = kozyr.sheet.evening_sheet(sheet.games)
    assert dict(rebuilt.totals) == dict(sheet.totals) and dict(rebuilt.wins) == dict(sheet.wins)


# --- the web's check_players --------------------------------------------------------------------


def test_the_web_reads_names_as_records_do() -> None:
    pytest.importorskip("starlette")
    from kozyr.web.games import check_players

    assert check_players([" Аня ", "Боря"], 2) == ["Аня", "Боря"]
    with pytest.raises(TextError, match=r"^\$\.players\[1\]: 'Аня\\u200b'.*invisible"):
        check_players(["Аня", "Аня\u200b"], 2)
    with pytest.raises(TextError, match="at most 40 characters"):
        check_players(["я" * 41, "Боря"], 2)


# --- the command line: a clean exit 2, never a UnicodeEncodeError ------------------------------


def kozyr_cli(*args: str) -> subprocess.CompletedProcess[bytes]:
    """The real command, its output a real pipe (the stream a user's shell gives it)."""
    return subprocess.run(
        [sys.executable, "-m", "kozyr", *args], capture_output=True, check=False, timeout=120
    )


@pytest.mark.slow
@pytest.mark.parametrize(
    ("command", "key"),
    [
        (["sheet", "--format", "text"], "players"),
        (["sheet", "--format", "csv"], "note"),
        (["sheet", "--format", "markdown"], "date"),
        (["sheet", "--format", "html"], "place"),
        (["sheet", "--format", "json"], "players"),
        (["replay"], "note"),
    ],
)
def test_a_lone_surrogate_in_an_evening_is_exit_2_on_one_line(
    tmp_path: Path, command: list[str], key: str
) -> None:
    game = race()
    evening: dict[str, object] = {"games": [game, game]}
    if key == "players":
        evening["players"] = ["Аня", "\ud800", "Вера"]
    else:
        evening[key] = "\ud800"
    path = tmp_path / "evening.json"
    path.write_text(json.dumps(evening), encoding="ascii")  # the escape, as a fuzzer writes it
    done = kozyr_cli(*command[:1], str(path), *command[1:])
    err = done.stderr.decode("utf-8")
    assert done.returncode == 2, err
    assert "Traceback" not in err and err.count("\n") == 1
    assert "lone surrogate" in err and done.stdout == b""


def test_names_given_to_kozyr_sheet_are_read_as_names(capsys: pytest.CaptureFixture[str]) -> None:
    from kozyr.cli import main

    path = str(EXAMPLES / "po-noskam-party.json")
    assert main(["sheet", path, "--players", "Аня,аня,Вера"]) == 2
    err = capsys.readouterr().err
    assert "--players[1]: 'аня' is already at the table: seat 0 'Аня'" in err
    assert main(["sheet", path, "--players", "Аня,Бо\u202eря,Вера"]) == 2
    assert "RIGHT-TO-LEFT OVERRIDE" in capsys.readouterr().err
    assert main(["sheet", path, "--players", " Аня ,Боря,Вера", "--lang", "en"]) == 0
    assert "deal   dealer  Аня    Боря   Вера" in capsys.readouterr().out
