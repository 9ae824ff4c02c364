"""Hostile records (issue 13): JSON text and record objects that must be refused, cleanly, at
their place (JSON path; line and column for the text), within documented limits."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

import kozyr.codec as codec
from kozyr import RecordError, replay
from kozyr.codec import load
from kozyr.errors import InputLimitError, KozyrError
from kozyr.jsontext import decode, read_limited
from kozyr.limits import Limits

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "seven-up-deal.json"


def example() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    return data


def refused(text: str | bytes, **limits: int) -> KozyrError:
    with pytest.raises(KozyrError) as caught:
        load(text, limits=Limits(**limits) if limits else None)
    return caught.value


# --- JSON text -----------------------------------------------------------------------------------


def test_duplicate_keys_are_refused_naming_key_path_line_and_column() -> None:
    # issue 13: "dealer": 0, "dealer": 1 was read as dealer 1, silently
    text = EXAMPLE.read_text(encoding="utf-8").replace('"dealer": 0,', '"dealer": 0, "dealer": 1,')
    error = refused(text)
    assert isinstance(error, RecordError)
    assert error.path == "$.dealer"
    assert error.detail == (
        "duplicate key 'dealer' at line 3 column 16 (a key may appear once in an object)"
    )


def test_a_duplicate_key_deep_inside_names_its_path() -> None:
    error = refused('{"deals": [{"a": 1}, {"dealer": 0, "hands": {"x": 1, "x": 2}}]}')
    assert str(error).startswith(
        "deal 2 ($.deals[1].hands.x): duplicate key 'x' at line 1 column 54"
    )


def test_a_number_of_5000_digits_is_a_limit_error_at_its_path() -> None:
    # issue 13: more than 4,300 digits raised ValueError from int() (a traceback in the CLI)
    error = refused('{"variant": "seven-up", "seed": ' + "9" * 5000 + "}")
    assert isinstance(error, InputLimitError)
    assert error.limit == "number_digits"
    assert str(error) == (
        "$.seed: a number of 5,000 digits at line 1 column 33; at most 100 are read "
        "(limit number_digits)"
    )


@pytest.mark.parametrize("depth", [65, 1000, 100_000])
def test_deep_nesting_is_a_limit_error(depth: int) -> None:
    # issue 13: about 1,000 levels raised RecursionError
    error = refused("[" * depth + "]" * depth)
    assert isinstance(error, InputLimitError)
    assert error.limit == "depth"
    assert "nesting deeper than 64 at line 1 column 65" in str(error)
    assert len(str(error)) < 300


def test_the_depth_limit_can_be_raised() -> None:
    assert load("[" * 100 + "]" * 100, limits=Limits(depth=100)) == eval("[" * 100 + "]" * 100)
    assert "nesting deeper than 3" in str(refused('{"a": [[{"b": 1}]]}', depth=3))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"seed": NaN}', "$.seed: NaN at line 1 column 10 is not a JSON number"),
        ('{"seed": -Infinity}', "$.seed: -Infinity at line 1 column 10 is not a JSON number"),
        ('{"seed": 1e999}', "$.seed: number '1e999' at line 1 column 10 is out of range"),
        ('{"a": [1, 2,, 3]}', "$.a[2]: not valid JSON: Expecting value at line 1 column 13"),
        ('{"variant": "seven-up",', "$: not valid JSON: Expecting property name enclosed in"),
    ],
)
def test_what_json_loads_would_accept_or_misplace(text: str, message: str) -> None:
    assert str(refused(text)).startswith(message)


def test_brackets_inside_strings_do_not_count_as_nesting() -> None:
    assert load('{"note": "' + "[" * 500 + '"}') == {"note": "[" * 500}


def test_invalid_utf8_names_the_byte_line_and_column() -> None:
    data = EXAMPLE.read_bytes().replace("K♠".encode(), b"K\xff", 1)
    error = refused(data)
    assert (
        str(error) == "$: input is not UTF-8 text: byte 0xff at line 5 column 13 (byte offset 71)"
    )


def test_a_binary_file_is_named_as_such() -> None:
    error = refused(Path("/bin/ls").read_bytes() if Path("/bin/ls").exists() else b"\x7fELF\0")
    assert "is a binary file, not JSON text: NUL byte at line 1" in str(error)


def test_a_byte_order_mark_is_allowed() -> None:
    assert load(b"\xef\xbb\xbf" + EXAMPLE.read_bytes()) == example()
    assert load("\ufeff{}") == {}


def test_reading_stops_at_the_byte_limit() -> None:
    # issue 13: /dev/zero was read until memory ran out; an endless stream stops at the limit
    class Endless(io.RawIOBase):
        served = 0

        def readable(self) -> bool:
            return True

        def readinto(self, buffer: Any) -> int:
            buffer[:] = b"\0" * len(buffer)
            self.served += len(buffer)
            return len(buffer)

    stream = Endless()
    with pytest.raises(InputLimitError, match="larger than 1,000 bytes") as caught:
        read_limited(stream, Limits(record_bytes=1000))  # type: ignore[arg-type]
    assert caught.value.limit == "record_bytes"
    assert stream.served <= 1001
    assert decode(read_limited(io.BytesIO(b"{}"))) == "{}"


def test_text_over_the_byte_limit_is_refused_before_parsing() -> None:
    error = refused('["' + "x" * 2000 + '"]', record_bytes=1000)
    assert isinstance(error, InputLimitError)
    assert "larger than 1,000 bytes" in str(error)


# --- record objects ------------------------------------------------------------------------------


def test_too_many_tricks_fail_before_any_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    # issue 13: a 12 MB record parsed every trick before reporting an error in its first
    data = example()
    data["tricks"] = ["Xx Yy"] + ["A♠ 9♠ 7♠ 3♠"] * 200_000
    read: list[str] = []
    real = codec.RecordReader.cards

    def counted(self: codec.RecordReader, value: Any, where: str, **kw: Any) -> Any:
        read.append(where)
        return real(self, value, where, **kw)

    monkeypatch.setattr(codec.RecordReader, "cards", counted)
    with pytest.raises(InputLimitError) as caught:
        replay(data)
    assert str(caught.value) == (
        "$.tricks: 200,001 tricks; a deal has at most 52 (limit tricks, --max-tricks)"
    )
    assert not any(where.startswith("$.tricks") for where in read)


def test_the_first_bad_trick_is_reported_with_the_limit_raised() -> None:
    data = example()
    data["tricks"] = ["A♠ 9♠ 7♠ Xx"] + ["A♠ 9♠ 7♠ 3♠"] * 100
    with pytest.raises(RecordError, match=r"^\$\.tricks\[0\]\[3\]: bad card 'Xx'"):
        replay(data, limits=Limits(tricks=1000))


def test_a_huge_bad_card_gives_a_short_message() -> None:
    # issue 13: a 10 MB bad card produced a 20 MB error line
    data = example()
    data["hands"][0] = "x" * 10_000_000
    with pytest.raises(RecordError) as caught:
        replay(data)
    assert len(str(caught.value)) < 200
    assert str(caught.value).startswith("$.hands[0][0]: bad card 'xxxxxxxxxxxxxxxxxxxxxxxx…'")


def test_a_long_card_list_is_a_limit_error_at_its_path() -> None:
    data = example()
    data["turnups"] = ["8♥"] * 5000
    with pytest.raises(InputLimitError, match=r"^\$\.turnups: 5,000 cards; at most 1,000"):
        replay(data)
    data["turnups"] = " ".join(["8♥"] * 5000)
    with pytest.raises(InputLimitError, match=r"^\$\.turnups: more than 1,000 cards"):
        replay(data)


def test_repeated_cards_in_a_hand_fail_at_the_second() -> None:
    data = example()
    data["hands"][0] = "As " * 3_000_000
    with pytest.raises(RecordError, match=r"^\$\.hands\[0\]\[1\]: A♠ is listed twice$"):
        replay(data, limits=Limits(cards=10_000_000))


def test_a_negative_seed_in_a_record_is_refused() -> None:
    # issue 13: random.Random(-1) deals the cards of seed 1; a record must not claim -1
    data = example()
    data["seed"] = -1
    with pytest.raises(RecordError, match=r"^\$\.seed: seed -1: seeds are 0 or more"):
        replay(data)


def test_a_card_of_the_wrong_json_type_names_the_type() -> None:
    data = example()
    data["turnups"] = [{"rank": "A"}]
    with pytest.raises(RecordError, match=r"^\$\.turnups\[0\]: expected a card .*got an object"):
        replay(data)


def test_an_unknown_key_with_a_newline_is_quoted_in_the_path() -> None:
    data = example()
    data["a\nb"] = 1
    with pytest.raises(RecordError) as caught:
        replay(data)
    assert caught.value.path == '$["a\\nb"]'
    assert "\n" not in str(caught.value)
