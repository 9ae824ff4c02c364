"""Seeded input generators for the long run (``fuzz/run.py``) and the CI smoke: each takes a
``random.Random`` and returns one input for a target of :mod:`harness`."""

from __future__ import annotations

import json
import random
from typing import Any

from harness import JUNK, TRICKY, VARIANT_NAMES, mutate

import kozyr

CARD_TEXTS = [c.format(s) for c in kozyr.ALL_CARDS for s in kozyr.STYLES]
PIECES = [*"0123456789tjqkashdcTJQKASHDCвдктпчбВДКТПЧБ♠♥♦♣♤♡♢♧", "10", *TRICKY, " ", ", "]
OPTION_NAMES = sorted(
    {spec.name for cls in kozyr.variants() for spec in cls.options_spec}
    | {"name", "self", "cls", "options", "__class__", "", "players ", ", \x16\n", "a\u200bb"}
)
OPTION_VALUES: list[Any] = [
    *JUNK,
    "2",
    "3",
    "4",
    "5",
    "7",
    "true",
    "no",
    "да",
    "４",
    "1_0",
    "9" * 50,
]


def notation(rng: random.Random) -> str:
    """Cards in any style, with now and then a stray piece, a separator or a mixed letter."""
    parts: list[str] = []
    for _ in range(rng.randrange(8)):
        if rng.random() < 0.7:
            card = rng.choice(CARD_TEXTS)
            if rng.random() < 0.3:
                where = rng.randrange(len(card) + 1)
                card = card[:where] + rng.choice(PIECES) + card[where:]
            parts.append(card)
        else:
            parts.append("".join(rng.choice(PIECES) for _ in range(rng.randrange(1, 4))))
    return rng.choice([" ", ",", ", ", ";", "\t"]).join(parts)


def options(rng: random.Random) -> tuple[str, dict[str, Any]]:
    chosen = {rng.choice(OPTION_NAMES): rng.choice(OPTION_VALUES) for _ in range(rng.randrange(4))}
    return rng.choice(VARIANT_NAMES), chosen


def record(rng: random.Random, examples: list[dict[str, Any]]) -> Any:
    """An example record with one to three random mutations."""
    data: Any = rng.choice(examples)
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        data = mutate(data, rng)
    return data


def json_bytes(rng: random.Random, examples: list[dict[str, Any]]) -> bytes:
    """JSON text of an example, changed at the byte level, or one of the classic bombs."""
    data = rng.choice(examples)
    text = json.dumps(data, ensure_ascii=rng.random() < 0.2).encode()
    kind = rng.randrange(8)
    if kind == 0:  # flip a byte
        where = rng.randrange(len(text))
        return text[:where] + bytes([rng.randrange(256)]) + text[where + 1 :]
    if kind == 1:  # cut short
        return text[: rng.randrange(len(text))]
    if kind == 2:  # deep nesting around or inside
        depth = rng.choice([10, 65, 500, 1000, 5000])
        return b"[" * depth + text + b"]" * depth
    if kind == 3:  # a long number where an integer goes
        digits = rng.choice([20, 101, 4301, 10000])
        return text.replace(b'"dealer": 0', b'"dealer": ' + b"9" * digits, 1)
    if kind == 4:  # constants and odd numbers
        return text.replace(b'"dealer": 0', b'"dealer": ' + rng.choice(
            [b"NaN", b"Infinity", b"-Infinity", b"1e999", b"-0", b"0.0", b"1E2"]), 1)  # fmt: skip
    if kind == 5:  # a repeated key
        key = rng.choice(list(data))
        needle = json.dumps(key).encode() + b": "
        return text.replace(needle, needle + b"0, " + needle, 1)
    if kind == 6:  # a BOM, a NUL, invalid UTF-8 or a stray control character
        junk = rng.choice([b"\xef\xbb\xbf", b"\x00", b"\xff", b"\xc3", b"\x01", b"\xed\xa0\x80"])
        where = rng.randrange(len(text) + 1)
        return text[:where] + junk + text[where:]
    return bytes(rng.randrange(256) for _ in range(rng.randrange(64)))  # noise
