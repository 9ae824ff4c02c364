"""The conformance kit for every option combination; the plugin; the bots; the examples."""

from __future__ import annotations

import io
import itertools
import json
import random
from pathlib import Path
from typing import Any

import pytest
from kozyr_semerik import Semerik
from kozyr_semerik.bots import HeuristicBot

import kozyr
from kozyr import Card, Deal, PartyResult
from kozyr.bots import available_bots
from kozyr.testing import check_variant

ROOT = Path(__file__).resolve().parents[3]
OPTIONS = list(
    itertools.product(("4-3-3", "3-3-4"), ("as_triple", "plus_one"), ("per_trick", "cumulative"))
)


@pytest.mark.slow
@pytest.mark.parametrize(("packets", "quads", "mode"), OPTIONS)
def test_conformance(packets: str, quads: str, mode: str) -> None:
    variant = kozyr.get_variant("semerik", packets=packets, quads=quads, counter_mode=mode)
    report = check_variant(variant, deals=30, seed=1000)
    assert report.deals == 30 and report.tricks == 300
    assert report.phases == {"play"}
    assert report.illegal_checked > 0


def test_registered_by_entry_point() -> None:
    assert type(kozyr.get_variant("semerik")) is Semerik
    for alias in ("Семерик", "three-seven", "THREE_SEVEN"):
        assert kozyr.get_variant(alias).name == "semerik"
    infos = [p for p in kozyr.loaded_plugins() if "semerik" in p.variants]
    assert len(infos) == 1
    assert infos[0].distribution == "kozyr-semerik" and infos[0].error is None
    assert infos[0].builtin


def test_variant_description() -> None:
    variant = kozyr.get_variant("semerik", quads="plus_one")
    assert variant.players == 4 and variant.sides == ((0, 2), (1, 3))
    assert variant.describe_options() == "quads=plus_one"
    assert {spec.name: spec.rule for spec, _ in variant.iter_options()} == {
        "packets": "SM3",
        "quads": "D-SM3",
        "counter_mode": "SM7",
        "declarations": "D-SM5",
        "trena": "SM6",
    }
    assert sorted(available_bots(variant)) == ["heuristic", "pimc", "random"]


# --- the heuristic bot ---------------------------------------------------------------------------


def bot_move(hands: list[str], leader: int, plays: str) -> Card:
    """What the heuristic bot plays into a first trick with ``plays`` already on the table."""
    data = {"variant": "semerik", "dealer": (leader - 1) % 4, "hands": hands}
    variant = kozyr.get_variant("semerik")
    deal = Deal.from_record(kozyr.codec.read_deal(data, variant), variant, {})
    for card in plays.split():
        deal.play_card(card)
    action = HeuristicBot(random.Random(0)).choose(deal, deal.legal_actions())
    assert action.card is not None
    return action.card


HANDS = [
    "Ks 6s 4d 5d 6d 7d 4c 5c 6c 7c",  # seat 0 (the bot below)
    "4s Kd Qd Jd Ad 2d 3d Kc Qc Jc",  # seat 1
    "3s 5h 6h 4h 7h Jh Qh Kh Ah 2h",  # seat 2, partner of seat 0
    "5s 2s As Qs Js 7s 3h 3c 2c Ac",  # seat 3
]


def test_bot_feeds_a_counter_to_its_partners_trick() -> None:
    # seat 1 leads 4♠, partner seat 2 holds the trick with 3♠ (the top spade), seat 3 plays 5♠:
    # seat 0 is last and its side wins the trick, so it gives K♠ (a counter) rather than 6♠ (SM7)
    assert bot_move(HANDS, 1, "4s 3s 5s") == Card.parse("Ks")


def test_bot_keeps_its_counter_from_the_opponents_trick() -> None:
    # seat 3 leads 3♠, the top spade: seat 0 cannot win the trick and its side cannot either,
    # so it follows with 6♠ and keeps K♠ (a counter) away from the opponents (SM7)
    hands = list(HANDS)
    hands[3] = "3s 2s As Qs Js 7s 3h 3c 2c Ac"
    hands[2] = "5s 5h 6h 4h 7h Jh Qh Kh Ah 2h"
    assert bot_move(hands, 3, "3s") == Card.parse("6s")


def test_bot_leads_a_sure_winner() -> None:
    # seat 3 to lead holds 3♥, which nothing can beat (SM2, SM4); its 3♣ could be trumped by a
    # heart and its 2♠ by the unseen 3♠, so the bot leads 3♥
    assert bot_move(HANDS, 3, "") == Card.parse("3h")


def test_heuristic_side_beats_random_side() -> None:
    # over the same deals, the side played by the heuristic bot scores more play points
    variant = kozyr.get_variant("semerik")
    gain = 0
    for seed in range(60):
        for side in (0, 1):
            kinds = ["heuristic" if s % 2 == side else "random" for s in range(4)]
            deal = kozyr.play_deal(variant, seed=seed, dealer=seed % 4, bots=kinds)
            play = deal.result().extra["play"]
            gain += play[side] - play[1 - side]
    assert gain > 60  # more than half a point a deal on average


# --- example records -----------------------------------------------------------------------------


def test_example_deal() -> None:
    data = json.loads((ROOT / "examples" / "semerik-deal.json").read_text("utf-8"))
    result = kozyr.replay(data)
    assert not isinstance(result, PartyResult)
    # worked by hand in docs/variants/semerik.md: declarations 2 : 6 (three 6s; four 4s; three
    # queens; баба ♠ 3 + K♠ 1 + three kings 1), counters in tricks 4, 8, 9 (seat 0), 6 (seat 3)
    # and 10 (seat 1): 3 : 2 -> 5 : 8
    assert list(result.tricks) == [3, 2, 0, 5]
    assert list(result.points) == [5, 8]
    assert result.extra["declarations"] == [2, 6] and result.extra["play"] == [3, 2]
    again = kozyr.replay(json.loads(json.dumps(result.record.to_json())))
    assert again.to_json() == result.to_json()


def test_example_game() -> None:
    data: dict[str, Any] = json.loads((ROOT / "examples" / "semerik-game.json").read_text("utf-8"))
    result = kozyr.replay(data)
    assert isinstance(result, PartyResult)
    assert result.running == ((5, 8), (7, 14), (7, 23))
    (game,) = result.extra["games"]
    # side 1 reaches 21 in play in deal 3 while side 0 has 7 < 11: double (42); it ends the deal
    # on 23, so 2 points carry into game 2
    assert (game["winner"], game["value"], game["won_on"], game["carry"]) == (1, 42, "play", 2)
    assert result.extra["scores"] == [0, 2] and result.extra["rubber_complete"] is False
    assert result.settlement.net() == [-21, 21, -21, 21]


# --- the command line ----------------------------------------------------------------------------


def test_cli_score_hand(capsys: pytest.CaptureFixture[str]) -> None:
    from kozyr.cli import main

    out = io.StringIO()
    assert main(["score-hand", "semerik", "--json", "3h 2h Ah Kh Qh", "7s", "7d", "7c"], out) == 0
    data = json.loads(out.getvalue())
    # hearts 3-2-A-K-Q 5 + 1 + 1 and three sevens 4 = 11; items carry no seat in score-hand
    assert data["total"] == 11
    assert [(i["name"], i["points"], i["seat"]) for i in data["items"]] == [
        ("baba", 5, None),
        ("extension", 1, None),
        ("extension", 1, None),
        ("triple", 4, None),
    ]
    out = io.StringIO()
    assert main(["score-hand", "семерик", "3s 2s As 9s"], out) == 2
    assert "9♠ is not in the 40-card Семерик pack" in capsys.readouterr().err


def test_cli_replay_game() -> None:
    from kozyr.cli import main

    out = io.StringIO()
    assert main(["replay", "--json", str(ROOT / "examples" / "semerik-game.json")], out) == 0
    data = json.loads(out.getvalue())
    assert data["running"] == [[5, 8], [7, 14], [7, 23]]
    assert data["settlement"]["net"] == [-21, 21, -21, 21]
    assert data["deals"][2]["game_won"]["carry"] == 2
