"""Hostile variant options (issue 13): any name, any text, always an OptionError, never a crash."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kozyr import OptionError, RecordError, get_variant, replay
from kozyr.cli import main

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "seven-up-deal.json"


@pytest.mark.parametrize("name", ["name", "self", "options", "cls", "__class__"])
def test_an_option_named_like_a_parameter_is_an_unknown_option(name: str) -> None:
    # issue 13: "name" and "self" collided with get_variant's and __init__'s parameters
    with pytest.raises(OptionError, match=f"seven-up: unknown option {name}; known options"):
        get_variant("seven-up", **{name: 0})


@pytest.mark.parametrize("variant", ["seven-up", "sem-listov", "semerik", "na-noski"])
def test_every_plugin_variant_takes_an_option_called_self(variant: str) -> None:
    # the built-in plugins override __init__ too; theirs must be positional-only as well
    with pytest.raises(OptionError, match="unknown option self"):
        get_variant(variant, self=1)


def test_cli_option_name_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "seven-up", "-o", "name=x"]) == 2
    error = capsys.readouterr().err
    assert error.startswith("kozyr rules: seven-up: unknown option name;")
    assert error.count("\n") == 1


def test_record_option_self_is_a_record_error_at_options() -> None:
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["options"] = {"self": 0}
    with pytest.raises(RecordError, match=r"^\$\.options: seven-up: unknown option self"):
        replay(data)


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        ("４", "'４' is not an integer"),  # a fullwidth digit: int() would read it as 4
        ("1_0", "'1_0' is not an integer"),
        ("9" * 10_000, "'999999999999999999999999…' (10,000 characters) is not an integer"),
    ],
)
def test_integer_options_take_ascii_digits_only(value: str, shown: str) -> None:
    with pytest.raises(OptionError) as caught:
        get_variant("seven-up", players=value)
    assert shown in str(caught.value)
    assert len(str(caught.value)) < 200


def test_a_huge_option_name_is_shortened() -> None:
    with pytest.raises(OptionError) as caught:
        get_variant("seven-up", **{"x" * 1_000_000: 1})
    assert "(1,000,000 characters)" in str(caught.value)
    assert len(str(caught.value)) < 300


def test_a_variant_name_of_the_wrong_type_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="a variant name is a string, not int"):
        get_variant(7)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", ["４", 4.5, True, "4.0", "x" * 1000, "\x1f1"])
def test_a_fixed_player_count_takes_only_that_integer(value: object) -> None:
    # found by the fuzz run: int() read "４" (fullwidth) and 4.5 as the 4 players of Семерик (SM1)
    with pytest.raises(OptionError, match="played by exactly 4 players") as caught:
        get_variant("semerik", players=value)
    assert len(str(caught.value)) < 200
    assert get_variant("semerik", players="4").players == 4


def test_an_option_name_with_control_characters_is_quoted() -> None:
    # found by the atheris run: a name holding a newline made a two-line message
    with pytest.raises(OptionError) as caught:
        get_variant("na-noski", **{", \x16\n": 1})
    assert str(caught.value) == (
        "na-noski: unknown option ', \\x16\\n'; known options: players, hit_cards"
    )
