"""Seven Up outcome records checked against what the cards in play allow (issue 22, SU6):
worked examples computed by hand from the rules."""

from __future__ import annotations

from typing import Any

import pytest
from kozyr_seven_up.outcome import game_point_bounds

import kozyr
from kozyr import Card, RecordError


def deal(players: int, **fields: Any) -> dict[str, Any]:
    facts = {"dealer": 0, "turnup": "2h", "high": 1, "low": 1, "jack": None, "game": 0}
    return {"variant": "seven-up", "options": {"players": players}, **facts, **fields}


def error(data: dict[str, Any]) -> RecordError:
    with pytest.raises(RecordError) as caught:
        kozyr.replay(data)
    return caught.value


def test_su6_two_players_hold_at_most_68_game_points() -> None:
    # SU3-SU6: two hands of six = 12 cards in play; the best 12 counting cards of the pack are
    # the four 10s (40), four aces (16) and four kings (12): 68. [40, 30] = 70 is impossible.
    assert game_point_bounds(12, []) == (0, 68)
    caught = error(deal(2, game_points=[40, 30]))
    assert caught.path == "$.game_points" and "at most 68 (SU6)" in caught.detail
    assert kozyr.replay(deal(2, game_points=[40, 28])).points == (1, 2)  # Game + : High Low


def test_su6_three_players_hold_at_most_78_game_points() -> None:
    # 18 cards: 68 + four queens (8) + two jacks (2) = 78; [40, 30, 9] = 79 is impossible
    assert game_point_bounds(18, []) == (0, 78)
    assert "at most 78" in error(deal(3, game_points=[40, 30, 9])).detail
    assert kozyr.replay(deal(3, game_points=[40, 30, 8])).points == (1, 2, 0)


def test_su6_the_turnups_are_out_of_play() -> None:
    # four players hold 24 cards: every counting card of the pack (80) -- less the turn-ups:
    # the 10♥ turned up leaves 70; the 10♠ run under the stock (D-SU5) and the K♥ turned up 67
    assert game_point_bounds(24, [Card.parse("Th")]) == (0, 70)
    assert game_point_bounds(24, [Card.parse("Ts"), Card.parse("Kh")]) == (0, 67)
    assert "at most 70" in error(deal(4, turnup="Th", game_points=[40, 31])).detail
    ran = deal(4, turnups=["Ts", "Kh"], beg="run", game_points=[40, 28])
    del ran["turnup"]
    assert "at most 67" in error(ran).detail


def test_su6_the_side_that_won_the_jack_has_a_game_point() -> None:
    # the trump jack counts 1 for Game (SU6), so whoever won it took at least 1 Game point
    caught = error(deal(2, jack=0, game=1, game_points=[0, 20]))
    assert caught.path == "$.game_points[0]" and "trump jack" in caught.detail
    assert kozyr.replay(deal(2, jack=0, game=1, game_points=[1, 20])).points == (1, 3)


def test_d_su5_a_card_run_under_the_stock_is_never_dealt_again() -> None:
    # two players: the 2♦ was turned, eldest begged, the dealer ran the cards and the 3♣ came;
    # the 2♦ went under the stock and is out of the deal, so no hand can hold it (D-SU5)
    record = {
        "variant": "seven-up",
        "options": {"players": 2},
        "dealer": 0,
        "turnups": ["2d", "3c"],
        "beg": "run",
        "hands": ["2d 3h 4h 5h 6h 7h", "As Ks Qs Js Ts 9s"],
        "won": ["", "2d 3h 4h 5h 6h 7h As Ks Qs Js Ts 9s"],
    }
    caught = error(record)
    assert caught.path == "$.turnups[0]" and "also in seat 0's hand" in caught.detail
    # the stock is run only as often as the unseen cards allow: with four players 52 - 24 - 1
    # = 27 cards, 13 a run (3 each and a turn-up): twice (D-SU2, D-SU5)
    assert kozyr.get_variant("seven-up", players=4).max_runs() == 2
    assert kozyr.get_variant("seven-up", players=2).max_runs() == 5


@pytest.mark.parametrize(
    ("players", "dealer", "points", "game"),
    [
        (3, 0, [20, 9, 20], 2),  # eldest seat 1 is not tied; from it clockwise seat 2 is first
        (3, 2, [20, 9, 20], 0),  # eldest seat 0 is tied: his
        (4, 0, [20, 20], 1),  # sides: eldest seat 1 is side 1
        (4, 1, [20, 20], 0),  # eldest seat 2 is side 0
    ],
)
def test_d_su3_game_tie_eldest_with_three_or_four(
    players: int, dealer: int, points: list[int], game: int
) -> None:
    # D-SU3 game_tie = eldest: the tied Game goes to the first tied player or side counting
    # from eldest clockwise; any other seat is refused
    data = deal(players, dealer=dealer, high=dealer, low=dealer, game=game, game_points=points)
    data["options"] = {"players": players, "game_tie": "eldest"}
    assert kozyr.replay(data).sheet.named("game")[0].rule == "D-SU3"
    other = next(s for s in range(players) if (s % 2 if players == 4 else s) != game)
    assert "game_tie eldest, D-SU3" in error({**data, "game": other}).detail


def test_d_su4_the_bar_is_the_games_target() -> None:
    # three players, a party to 11: seat 1 scores 4, 4 and 2 -> 10. With seat 1 at 10, the
    # dealer may not give (a point each to seats 1 and 2 would bring seat 1 to 11, D-SU4); with
    # seat 1 at 9 he may.
    def su(dealer: int, high: int, low: int, jack: Any, game: Any, **more: Any) -> dict[str, Any]:
        return {"dealer": dealer, "turnup": "2h", "high": high, "low": low, "jack": jack,
                "game": game, **more}  # fmt: skip

    deals = [su(0, 1, 1, 1, 1), su(1, 1, 1, 1, 1), su(2, 1, 0, None, 1)]
    party = {"variant": "seven-up", "options": {"players": 3}, "target": 11, "deals": deals}
    assert kozyr.replay(party).running[-1] == (1, 10, 0)
    gift = su(0, 2, 2, None, None, beg="give")
    caught = error({**party, "deals": [*deals, gift]})
    assert caught.path == "$.deals[3].beg" and "to 11" in caught.detail
    deals[2] = su(2, 1, 0, None, 0)  # seat 1 at 9: the gift brings him to 10 only
    assert kozyr.replay({**party, "deals": [*deals, gift]}).running[-1] == (2, 10, 3)
