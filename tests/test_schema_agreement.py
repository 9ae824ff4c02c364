"""The JSON Schema (kozyr.record_schema(): the shipped shapes plus what every installed variant
declares) and the reader (kozyr.codec: read_deal, read_party, read_evening -- reading only, not
replay) accept and reject the same records: every example, and thousands of mutations of them
and of outcome records (issue 11, item 3).

What the mutations cover: deleting, adding and retyping the core fields (dealer, turn-ups, cut,
seed, deals, games), the table metadata (players, date, place, note), every outcome field, list
entries of per-seat fields, unknown keys at every level, unknown options and a wrong player
count. What they leave out, because the schema cannot say it: the games inside an evening (they
may take the evening's variant),  option values that pass their
type but fail the variant's own checks (a packets text, option combinations), and the types of
the variants' full-record fields (won, trick_winners, exchange, declared with hands...), which
no declaration describes yet, and outcome fields that only some option values declare
(``runaways``, ``highest_trump``: the schema declares each variant's fields at its default
options)."""

from __future__ import annotations

import copy
import json
import random
import warnings
from pathlib import Path
from typing import Any

import pytest

import kozyr
from kozyr.codec import _object, read_deal, read_evening, read_party, variant_for
from kozyr.errors import KozyrError

jsonschema = pytest.importorskip("jsonschema")

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "examples").glob("*.json"))
OUTCOMES: list[dict[str, Any]] = [
    {"variant": "po-noskam", "options": {"players": 3}, "players": ["Аня", "Боря", "Вера"],
     "deals": [{"dealer": 0, "tricks_won": [2, 4, 1]}, {"dealer": 1, "tricks_won": [1, 3, 3]}]},
    {"variant": "seven-up", "dealer": 0, "turnup": "2h", "high": 1, "low": 2, "jack": None,
     "game": 0, "game_points": [10, 20], "date": "2026-12-01"},
    {"variant": "semerik", "dealer": 0, "declared": [None, "3h 2h Ah", None, None],
     "tricks_won": [3, 3, 2, 2], "counters": [1, 1, 1, 1], "place": "дача"},
    {"variant": "sem-listov", "options": {"players": 4, "runaways": True}, "dealer": 3,
     "runaways": [1], "tricks_won": [3, None, 4, 0], "players": ["a", "b", "c", "d"]},
    {"variant": "seven-up", "options": {"players": 2}, "players": ["Аня", "Боря"], "games": [
        {"deals": [{"dealer": 0, "turnup": "2h", "high": 1, "low": 1, "jack": None, "game": 1}]}
    ]},
]  # fmt: skip
#: Keys the mutations touch (see the module's docstring for what they leave out).
TYPED = {
    "variant", "dealer", "turnup", "turnups", "cut", "seed", "players", "date", "place", "note",
    "deals", "games", "tricks_won", "highest_trump", "reached", "high", "low", "jack", "game",
    "game_points", "counters", "first_to_21", "double",
}  # fmt: skip
OUTCOME_ONLY = {"beg", "void", "declared"}  # typed in outcome records only
VALUES: list[Any] = [None, 7, -1, "x", "", "  ", [], {}, True, 1.5, ["a", "b", "c", "d"]]


@pytest.fixture(scope="module")
def validator() -> Any:
    schema = kozyr.record_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def reads(data: Any) -> bool:
    try:
        obj = _object(data, "$")
        if "games" in obj:
            read_evening(obj)
        else:
            variant = variant_for(obj)
            (read_party if "deals" in obj else read_deal)(obj, variant)
    except KozyrError:
        return False
    return True


def why(data: Any) -> str:
    try:
        reads_or_raise(data)
    except KozyrError as error:
        return str(error)
    return "read"


def reads_or_raise(data: Any) -> None:
    obj = _object(data, "$")
    if "games" in obj:
        read_evening(obj)
    else:
        variant = variant_for(obj)
        (read_party if "deals" in obj else read_deal)(obj, variant)


def mutate(data: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    record = copy.deepcopy(data)
    objects = [record]
    if isinstance(record.get("deals"), list):  # an evening's games are left as they are
        objects += [x for x in record["deals"] if isinstance(x, dict)]
    target = rng.choice(objects)
    outcome = "hands" not in target and "tricks" not in target
    keys = [k for k in target if k in TYPED or (outcome and k in OUTCOME_ONLY)]
    evening = "games" in record
    if evening:  # the games take the evening's variant and names: only its own fields
        keys = [k for k in keys if k in ("games", "date", "place", "note")]
    kind = rng.randrange(4 if evening else 6)
    if kind == 0 and keys:
        del target[rng.choice(keys)]
    elif kind == 1:
        extra = ["zzz", "date", "note", "place"] + ([] if evening else ["players"])
        if outcome and not evening and ("deals" not in record or target is not record):
            extra += ["tricks_won", "high", "counters"]
        target[rng.choice(extra)] = rng.choice(VALUES)
    elif kind == 2 and keys:
        target[rng.choice(keys)] = rng.choice(VALUES)
    elif kind == 3 and keys:
        key = rng.choice(keys)
        if isinstance(target[key], list) and target[key]:
            target[key][rng.randrange(len(target[key]))] = rng.choice(VALUES)
    elif kind == 4 and "games" not in record:
        options = record.setdefault("options", {})
        if isinstance(options, dict):
            options["zzz" if rng.random() < 0.5 else "players"] = rng.choice([9, 1, "x"])
    else:
        n = rng.choice([1, 2, 3, 4, 5])
        target["players"] = [f"p{i}" for i in range(n)] if rng.random() < 0.8 else ["a", "a"]
    return record


@pytest.mark.slow
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_every_example_is_read_and_valid(validator: Any, path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert reads(data) and validator.is_valid(data)


@pytest.mark.slow
def test_schema_and_reader_agree_on_thousands_of_mutations(validator: Any) -> None:
    bases = [json.loads(p.read_text(encoding="utf-8")) for p in EXAMPLES] + OUTCOMES
    for base in OUTCOMES:
        assert reads(base) and validator.is_valid(base), base
    rng = random.Random(77)
    checked = rejected = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # jsonschema's FutureWarning on regex character sets
        for _ in range(3000):
            record = mutate(rng.choice(bases), rng)
            read, valid = reads(record), validator.is_valid(record)
            assert read == valid, (read, valid, why(record), json.dumps(record, ensure_ascii=False))
            checked += 1
            rejected += not read
    assert checked == 3000 and 500 < rejected < 2900  # both outcomes well represented
