"""The conformance kit for every player count and option combination, the bots and the CLI."""

from __future__ import annotations

import io
import itertools
import json
import random
from collections.abc import Callable

import pytest
from kozyr_seven_up.bots import HeuristicBot

import kozyr
from kozyr.bots import available_bots
from kozyr.cli import main
from kozyr.testing import check_variant

COMBOS = list(itertools.product([2, 3, 4], [False, True], ["none", "eldest"], [False, True]))


@pytest.mark.slow
@pytest.mark.parametrize(("players", "void_may_discard", "game_tie", "gift_may_win"), COMBOS)
def test_conformance(
    players: int, void_may_discard: bool, game_tie: str, gift_may_win: bool
) -> None:
    variant = kozyr.get_variant(
        "seven-up",
        players=players,
        void_may_discard=void_may_discard,
        game_tie=game_tie,
        gift_may_win=gift_may_win,
    )
    report = check_variant(variant, deals=30, seed=players * 1000)
    assert report.deals == 30
    assert report.tricks >= 6 * 25  # a few deals may be void (D-SU2)
    assert {"beg", "play"} <= report.phases


@pytest.mark.slow
def test_conformance_reaches_every_phase() -> None:
    # 400 deals of four: eldest begs, the dealer gives and runs, players discard, deals go void.
    report = check_variant(kozyr.get_variant("seven-up"), deals=400, seed=7, bots="random")
    assert report.phases == {"beg", "give_or_run", "discard", "play"}


def test_bots_are_offered() -> None:
    assert set(available_bots(kozyr.get_variant("seven-up"))) == {"random", "heuristic", "pimc"}


def test_heuristic_bot_decisions(stacked: Callable[..., kozyr.Deal]) -> None:
    hands = {
        0: "A♥ 2♣ K♠ 10♦ 5♦ 3♠",
        1: "J♥ 4♥ A♠ Q♠ 7♣ 8♦",
        2: "10♥ 2♥ K♣ 9♠ 6♦ 4♣",
        3: "3♥ A♣ 10♠ Q♦ 9♣ 7♠",
    }
    bot = HeuristicBot(random.Random(0))
    # Eldest (seat 1) has two trumps J♥ 4♥ under the 8♥: it stands.
    deal = stacked(hands, ["8♥"])
    assert bot.choose(deal, deal.legal_actions()) == kozyr.Action("stand", 1)
    # Under 3♣ it holds only 7♣: it begs; the dealer's only club is 2♣: he runs.
    deal = stacked(hands, ["3♣"])
    assert bot.choose(deal, deal.legal_actions()) == kozyr.Action("beg", 1)
    deal.play(kozyr.Action("beg", 1))
    assert bot.choose(deal, deal.legal_actions()) == kozyr.Action("run", 0)
    # Leading under ♥ without a trump K or A to draw with, it leads its least useful card:
    # keep values (strength + count, +20 for a trump) 7♣ 6, 8♦ 7, Q♠ 13, A♠ 17, 4♥ 23, J♥ 31.
    deal = stacked(hands, ["8♥"])
    deal.play(kozyr.Action("stand", 1))
    assert bot.choose(deal, deal.legal_actions()).card == kozyr.Card.parse("7♣")
    # After the worked tricks 1-3, seat 0 leads 10♦: seat 1 (8♦ 7♣ J♥) takes the 10 with its
    # only winning card, the trump jack (the jack is never thrown away, it wins a count).
    for card in "A♠ 9♠ 7♠ 3♠ Q♠ 2♥ 3♥ K♠ 10♠ A♥ 4♥ 10♥ 10♦".split():
        deal.play_card(card)
    assert bot.choose(deal, deal.legal_actions()).card == kozyr.Card.parse("J♥")


def test_heuristic_feeds_the_partner(stacked: Callable[..., kozyr.Deal]) -> None:
    # Trump ♥. 1 leads 2♠, 2 takes it with A♠, 3 plays 3♠; seat 0 (partner of seat 2) has no ♠
    # and no ♥, so any card is legal: it throws its best counting card, 10♦, on the partner's
    # trick (without the rule it would throw its least useful card, 2♦).
    hands = {
        0: "10♦ 2♦ 3♣ 4♣ 5♦ 6♣",
        1: "2♠ 3♥ 4♦ 7♣ 8♦ 9♣",
        2: "A♠ 2♥ K♣ 9♦ 6♦ 4♥",
        3: "3♠ A♣ 10♠ Q♦ 9♥ 7♠",
    }
    bot = HeuristicBot(random.Random(0))
    deal = stacked(hands, ["8♥"])
    deal.play(kozyr.Action("stand", 1))
    for card in ("2♠", "A♠", "3♠"):
        deal.play_card(card)
    assert deal.legal_plays() == kozyr.CardSet.parse(hands[0])
    assert bot.choose(deal, deal.legal_actions()).card == kozyr.Card.parse("10♦")


def test_heuristic_beats_random_on_average() -> None:
    # Seats 0 and 2 heuristic, 1 and 3 random, over 200 deals: the heuristic side scores more.
    variant = kozyr.get_variant("seven-up")
    totals = [0, 0]
    for seed in range(200):
        deal = kozyr.play_deal(
            variant,
            seed=seed,
            dealer=seed % 4,
            bots=["heuristic", "random", "heuristic", "random"],
        )
        points = deal.result().points
        totals[0] += points[0]
        totals[1] += points[1]
    assert totals[0] > totals[1]


def test_cli_play_seven_up() -> None:
    out = io.StringIO()
    assert main(["play", "seven-up", "--seed", "4", "--bot", "heuristic", "--json"], out=out) == 0
    data = json.loads(out.getvalue())
    assert kozyr.replay(data["record"]).to_json() == data["result"]
    out = io.StringIO()
    assert main(["play", "семь-вверх", "--seed", "4", "--players", "3"], out=out) == 0
    assert "points per seat" in out.getvalue()
