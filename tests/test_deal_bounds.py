"""Outcome-field bounds and a caption per deal from hooks (#23 item 6):
``Variant.deal_outcome_fields(context)`` gives a deal's own bounds (Oh Hell's fifth deal has
three cards) and ``Variant.deal_caption(context)`` says why; ``kozyr replay``, ``kozyr keep``
and ``kozyr serve`` check the same bounds, and keep and serve show the caption.

The throwaway variant *countdown* (rules CD1-CD3): two players; deal ``k`` of a party (from 0)
deals ``5 - k`` cards each (CD1; at least one), the scorekeeper writes the tricks each took
(CD2), a point a trick (CD3), through the core's default party form."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import kozyr
from kozyr import HookError, RecordError

TOY = """
from dataclasses import replace
from fractions import Fraction

from kozyr import (
    Deck, DealResult, FollowElseAny, OutcomeField, RankOrder, RecordError, ScoreItem, ScoreSheet,
    Settlement, SheetNote, Variant, hookimpl,
)


def cards(context):
    return max(5 - int(context.get("deal", 0)), 1)  # CD1


class Countdown(Variant):
    name = "countdown"
    player_counts = (2,)
    players_rule = "CD1"
    trick_rules = FollowElseAny(RankOrder.ace_high(), rule="CD2")
    broken = False

    def start(self, deal):
        deck = Deck.of_size(32)
        deal.shuffle(deck)
        deal.deal_hands(deck.deal_masks([1, 0], [1] * cards(deal.context)))
        deal.begin_play(1)

    def setup_replay(self, deal, record):
        deal.begin_play(1)

    @property
    def outcome_fields(self):
        return (
            OutcomeField("dealer", "seat", "Сдающий", "Dealer", "CD1", core=True),
            OutcomeField("tricks_won", "count", "Взятки", "Tricks", "CD2", per="seat", maximum=5),
        )

    def deal_outcome_fields(self, context):
        dealer, tricks = self.outcome_fields
        if self.broken:
            return (dealer, replace(tricks, kind="flag"))
        return (dealer, replace(tricks, maximum=cards(context)))

    def deal_caption(self, context):
        n, k = int(context.get("deal", 0)) + 1, cards(context)
        return SheetNote(f"раздача {n}: {k} карт", f"deal {n}: {k} cards", rule="CD1")

    def party_context(self, party, results):
        context = super().party_context(party, results)
        return None if context is None else {**context, "deal": len(results)}

    def check_record(self, record, context):
        if record.outcome and sum(record.decisions["tricks_won"]) != cards(context):
            raise RecordError("$.tricks_won", f"the tricks add up to {cards(context)} (CD1)")

    def score(self, record, context):
        tricks = record.decisions["tricks_won"] if record.outcome else record.tricks_won(2)
        items = tuple(
            ScoreItem("tricks", "Взятки", "Tricks", t, seat=s, rule="CD3")
            for s, t in enumerate(tricks) if t
        )
        sheet = ScoreSheet(items, 2)
        return DealResult(record, tuple(tricks), sheet, tuple(sheet.by_seat()), Settlement(2))


@hookimpl
def kozyr_register_variants(registry):
    registry.add(Countdown)
"""


@pytest.fixture
def toy(tmp_path: Path) -> Iterator[Path]:
    path = tmp_path / "countdown.py"
    path.write_text(TOY, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("countdown_toy", path)
    assert spec is not None and spec.loader is not None
    module: ModuleType = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    kozyr.register_plugin(module, name="countdown")
    try:
        yield path
    finally:
        from kozyr.registry import reset

        reset()


def party(*tricks: Sequence[int]) -> dict[str, Any]:
    deals = [{"dealer": i % 2, "tricks_won": list(t)} for i, t in enumerate(tricks)]
    return {"variant": "countdown", "deals": deals}


def test_replay_checks_each_deal_s_own_bounds(toy: Path) -> None:
    # CD1: 5, 4, 3 cards; CD3: running 3:2, 5:4, 6:6
    result = kozyr.replay(party([3, 2], [2, 2], [1, 2]))
    assert isinstance(result, kozyr.PartyResult)
    assert result.running == ((3, 2), (5, 4), (6, 6))
    # 4 tricks were possible in deal 2 (declared maximum 5), not in deal 3 (3 cards)
    with pytest.raises(RecordError) as error:
        kozyr.replay(party([3, 2], [2, 2], [4, 0]))
    assert error.value.path == "$.deals[2].tricks_won[0]"
    assert str(error.value) == "deal 3 ($.deals[2].tricks_won[0]): 4 is out of range ..3 (CD2)"
    kozyr.replay(party([3, 2], [4, 0]))  # deal 2: 4 cards, 4 is fine


def test_a_deal_s_fields_must_be_the_declared_ones(
    toy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    variant = kozyr.get_variant("countdown")
    monkeypatch.setattr(type(variant), "broken", True)
    with pytest.raises(
        HookError, match=r"hook deal_outcome_fields raised ValueError: .*\[dealer, tricks_won\]"
    ):
        kozyr.replay(party([3, 2]))


def test_keep_asks_with_the_bounds_and_shows_the_caption(toy: Path, tmp_path: Path) -> None:
    record = tmp_path / "countdown.json"
    env = {k: v for k, v in os.environ.items() if not k.startswith("KOZYR_")}
    command = [sys.executable, "-m", "kozyr", "--plugin", str(toy), "keep", str(record)]
    done = subprocess.run(
        [*command, "countdown", "--players", "Аня,Боря"],
        # deal 1 (5 cards): 3 2; deal 2: 2 2; deal 3: 4 0 refused at once, then 1 2
        input="0\n3 2\n\n2 2\n\n4 0\n1 2\nquit\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    out = done.stdout
    assert "deal 1: 5 cards (CD1)" in out and "deal 3: 3 cards (CD1)" in out
    assert "deal 3 ($.deals[2].tricks_won[0]): 4 is out of range ..3 (CD2)" in out
    saved = json.loads(record.read_text(encoding="utf-8"))
    assert [d["tricks_won"] for d in saved["deals"]] == [[3, 2], [2, 2], [1, 2]]


def test_serve_draws_the_bounds_and_the_caption(toy: Path, tmp_path: Path) -> None:
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from kozyr.web import create_app

    client = TestClient(create_app(str(tmp_path / "countdown.sqlite3")))
    created = client.post(
        "/api/games", content=json.dumps({"variant": "countdown", "players": ["Аня", "Боря"]})
    )
    assert created.status_code == 201, created.text
    game = created.json()["id"]
    page = client.get(f"/games/{game}").text
    assert "раздача 1: 5 карт (CD1)" in page and 'max="5"' in page
    for deal in ({"dealer": 0, "tricks_won": [3, 2]}, {"dealer": 1, "tricks_won": [2, 2]}):
        assert client.post(f"/api/games/{game}/deals", content=json.dumps(deal)).status_code == 201
    page = client.get(f"/games/{game}").text
    assert "раздача 3: 3 карт (CD1)" in page and 'max="3"' in page and 'max="5"' not in page
    bad = client.post(f"/api/games/{game}/deals", content='{"dealer": 0, "tricks_won": [4, 0]}')
    assert bad.status_code == 422 and "out of range ..3 (CD2)" in bad.json()["error"]
