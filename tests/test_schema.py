"""The JSON Schema of records (src/kozyr/schema/record.schema.json): it loads through
kozyr.record_schema(), and -- where the optional ``jsonschema`` package is installed -- every
example record and every record the engine writes validates against it, while broken shapes do
not."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

import kozyr

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "examples").glob("*.json"))


def test_record_schema_loads() -> None:
    schema = kozyr.record_schema()
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert {"card", "cards", "deal", "party", "partyDeal", "dealFields"} <= set(schema["$defs"])
    core = schema["$defs"]["dealFields"]["properties"]
    assert set(core) == {"dealer", "hands", "turnup", "turnups", "tricks", "cut", "seed"} | {
        "players", "date", "place", "note", "log"
    }  # fmt: skip
    # the decision log of a variant that declares one (Variant.decision_log): seat and kind
    assert core["log"]["items"] == {"$ref": "#/$defs/decision"}
    assert schema["$defs"]["decision"]["required"] == ["seat", "kind"]
    # variant fields are allowed, and described
    assert "description" in schema["$defs"]["dealFields"]["additionalProperties"]
    assert kozyr.record_schema() == schema  # a fresh copy each time


@pytest.fixture(scope="module")
def validator() -> Any:
    jsonschema = pytest.importorskip("jsonschema")
    schema = kozyr.record_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def errors(validator: Any, data: Any) -> list[str]:
    return [e.message for e in validator.iter_errors(data)]


@pytest.mark.slow
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_examples_validate(validator: Any, path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert errors(validator, data) == []


def test_engine_records_of_every_variant_validate(validator: Any) -> None:
    for cls in kozyr.variants():
        variant = kozyr.get_variant(cls.name)
        for seed in range(10):
            record = kozyr.play_deal(variant, seed=seed).record.to_json()
            assert errors(validator, record) == [], (cls.name, seed)


def test_party_validates(validator: Any) -> None:
    deals = []
    for dealer in range(3):
        record = kozyr.play_deal(kozyr.get_variant("seven-up"), seed=dealer, dealer=dealer)
        data = record.record.to_json()
        deals.append({k: v for k, v in data.items() if k not in ("variant", "options")})
    party = {"variant": "seven-up", "options": {}, "deals": deals, "target": 7}
    assert errors(validator, party) == []
    bad = copy.deepcopy(party)
    bad["deals"][1]["variant"] = "seven-up"  # a deal of a party takes the party's variant
    assert errors(validator, bad)
    assert errors(validator, {**party, "deals": []})


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.pop("dealer"),
        lambda d: d.pop("variant"),
        lambda d: d.update(dealer=-1),
        lambda d: d.update(dealer="0"),
        lambda d: d.update(hands="As Kh"),
        lambda d: d["hands"].__setitem__(0, "As Zz"),
        lambda d: d["hands"].__setitem__(0, ["As", "1h"]),
        lambda d: d.update(tricks="As Ks"),
        lambda d: d.update(turnup="2c", turnups=["2c"]),
        lambda d: d.update(cut="As Kh"),
        lambda d: d.update(seed="1"),
        lambda d: d.update(options=[]),
    ],
)
def test_broken_shapes_are_rejected(validator: Any, change: Any) -> None:
    data: dict[str, Any] = {
        "variant": "seven-up",
        "options": {"players": 2},
        "dealer": 0,
        "hands": ["2s 3h 4h 5h 6h 7h", ["As", "Ks", "Qs", "Js", "Ts", "9s"]],
        "turnups": ["2d"],
        "beg": "stand",
        "tricks": ["As 2s", "Ks, 3h", ["Qs", "4h"], "Js 5h", "Ts 6h", "9s 7h"],
        "seed": None,
    }
    assert errors(validator, data) == []
    assert kozyr.replay(copy.deepcopy(data)).points == (0, 1)  # the library agrees
    change(data)
    assert errors(validator, data)


def test_notation_in_the_schema_matches_the_parser(validator: Any) -> None:
    card_schema = {**kozyr.record_schema(), "$ref": "#/$defs/card"}
    for key in ("if", "then", "else"):
        card_schema.pop(key)
    jsonschema = pytest.importorskip("jsonschema")
    check = jsonschema.Draft202012Validator(card_schema)
    for card in kozyr.ALL_CARDS_AND_JOKERS:
        for style in kozyr.STYLES:
            for text in (card.format(style), card.format(style).lower()):
                assert check.is_valid(text), text
    for text in (
        "1h",
        "As Kh",
        "Jk",
        "BJs",
        "ДжЧ",
        "🃏♠",
        "Xs",
        "10",
        "",
        "Tч",
        "Кs",
        "Aч",
        "1\ufe0f0♠",
        "Th\ufe0f",
    ):
        assert not check.is_valid(text), text  # issue 13: mixed alphabets, stray selectors
        with pytest.raises(kozyr.CardParseError):
            kozyr.parse_card(text)


def test_an_option_s_schema_is_read_from_its_json_description() -> None:
    # #25 item 5: options are described once (OptionSpec.to_json); the record schema reads it
    from kozyr.codec import _option_schema
    from kozyr.variant import OptionSpec

    target = OptionSpec("target", int, 7, "SU2", "game target", (7, 10))
    assert _option_schema(target) == {
        "type": "integer", "description": "game target (SU2)", "enum": [7, 10]
    }  # fmt: skip
    deals = OptionSpec("deals", int, 4, "X1", "deals a party", minimum=1, maximum=9)
    assert _option_schema(deals) == {
        "type": "integer", "description": "deals a party (X1)", "minimum": 1, "maximum": 9
    }  # fmt: skip
    assert _option_schema(OptionSpec("strict", bool, True, "X2", "strict"))["type"] == "boolean"
    assert _option_schema(OptionSpec("lang", str, "ru", "X3"))["type"] == "string"
