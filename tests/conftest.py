"""Shared fixtures of the core tests: real Seven Up records played by the engine."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

import kozyr


def played_record(seed: int, **options: Any) -> dict[str, Any]:
    """A Seven Up deal played by random bots, as JSON data (through JSON text, like a file)."""
    variant = kozyr.get_variant("seven-up", **options)
    deal = kozyr.play_deal(variant, seed=seed)
    data: dict[str, Any] = json.loads(json.dumps(deal.record.to_json(), ensure_ascii=False))
    return data


def stand_record(start: int = 0, **options: Any) -> dict[str, Any]:
    """The first seeded deal from ``start`` on in which eldest stood (6 tricks of 4 cards)."""
    for seed in range(start, start + 200):
        data = played_record(seed, **options)
        if data.get("beg") == "stand" and data.get("tricks") and not data.get("void"):
            return data
    raise AssertionError("no deal where eldest stood")


@pytest.fixture
def seven_up_record() -> Callable[[], dict[str, Any]]:
    """A factory of fresh copies of a real 4-player Seven Up record where eldest stood."""
    base = stand_record()
    return lambda: copy.deepcopy(base)


@pytest.fixture
def play_record() -> Callable[..., dict[str, Any]]:
    """``play_record(seed, **options)``: a played Seven Up deal as JSON data."""
    return played_record
