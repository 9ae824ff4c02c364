"""Seven Up records: full and summary forms agree, the examples replay, and every bad record
gives a RecordError with the exact JSON path and message."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

import kozyr
from kozyr import RecordError

Factory = Callable[[], dict[str, Any]]


def summary_of(data: dict[str, Any]) -> dict[str, Any]:
    """The summary form of a full record: tricks replaced by the cards each seat won."""
    result = kozyr.replay(data)
    assert isinstance(result, kozyr.DealResult)
    assert result.record.tricks is not None
    won: list[list[str]] = [[] for _ in result.record.hands]
    for trick in result.record.tricks:
        assert trick.winner is not None
        won[trick.winner].extend(str(c) for c in trick.cards)
    summary = {k: v for k, v in data.items() if k != "tricks"}
    summary["won"] = [" ".join(cards) for cards in won]
    return summary


# --- full vs summary ----------------------------------------------------------------------------


def test_full_and_summary_give_the_same_score(worked: Factory, worked_summary: Factory) -> None:
    full = kozyr.replay(worked())
    summary = kozyr.replay(worked_summary())
    assert summary.to_json() == {**full.to_json(), "checked": "summary"}  # proven possible
    assert summary.points == (2, 2) and summary.tricks == (1, 3, 0, 2)


def test_summary_of_the_worked_deal_is_the_example(
    worked: Factory, worked_summary: Factory
) -> None:
    # The conversion gives exactly the hand-written summary (same cards won by each seat).
    converted = summary_of(worked())
    expected = worked_summary()
    for seat in range(4):
        assert kozyr.CardSet.parse(converted["won"][seat]) == kozyr.CardSet.parse(
            expected["won"][seat]
        )


@pytest.mark.parametrize("players", [2, 3, 4])
def test_full_and_summary_agree_on_played_deals(players: int) -> None:
    variant = kozyr.get_variant("seven-up", players=players)
    for seed in range(25):
        deal = kozyr.play_deal(variant, seed=seed, bots="heuristic", dealer=seed % players)
        data = json.loads(json.dumps(deal.record.to_json(), ensure_ascii=False))
        if data.get("void"):
            continue
        full = kozyr.replay(data)
        summary = kozyr.replay(summary_of(data)).to_json()
        assert summary == {**full.to_json(), "checked": "summary"}
        assert full.to_json() == deal.result().to_json()


# --- examples -----------------------------------------------------------------------------------


def test_examples_replay(example: Callable[[str], Any]) -> None:
    deal = kozyr.replay(example("seven-up-deal.json"))
    summary = kozyr.replay(example("seven-up-summary.json"))
    assert {**deal.to_json(), "checked": "summary"} == summary.to_json()
    assert deal.points == (2, 2)
    game = kozyr.replay(example("seven-up-game.json"))
    assert isinstance(game, kozyr.PartyResult)
    # Deal 1 = the worked deal, 2 : 2. Deal 2 (dealer 1; eldest 2 begs, the dealer gives):
    # gift seat 2 (side 0), High A♥ seat 1 (side 1), Low 2♥ seat 0 (side 0), Jack won by seat 2
    # (side 0), Game side 1 (A♥ 4 + 10♣ 10 = 14 against J♥ 1) -> 3 : 2, total 5 : 4.
    # Deal 3 is void (♥ three times, D-SU2) but its turned J♥ scores for the dealer, seat 2 ->
    # 6 : 4, and seat 2 deals again. Deal 4: side 1 makes High, Low, Jack, side 0 Game: in order
    # High 6 : 5, Low 6 : 6, Jack 6 : 7 -> side 1 wins; the deal ends 7 : 7 (SU7).
    assert game.running == ((2, 2), (5, 4), (6, 4), (7, 7))
    assert (game.winner, game.loser) == (1, 0)
    assert game.deals[2].extra["void"] is True and game.deals[2].extra["trump"] is None


def test_engine_records_round_trip_with_running_and_discards() -> None:
    variant = kozyr.get_variant("seven-up")
    seen_run = False
    for seed in range(60):
        deal = kozyr.play_deal(variant, seed=seed, bots="random")
        data = deal.record.to_json()
        if data["beg"] == "run" and not data.get("void"):
            seen_run = True
            assert len(data["discards"]) == 4
            assert all(len(d.split()) == 3 * (len(data["turnups"]) - 1) for d in data["discards"])
        text = json.dumps(data, ensure_ascii=False)
        assert kozyr.replay(json.loads(text)).to_json() == deal.result().to_json()
    assert seen_run


# --- bad records --------------------------------------------------------------------------------


def error_of(data: Any) -> RecordError:
    with pytest.raises(RecordError) as error:
        kozyr.replay(data)
    return error.value


def test_bad_hand_size(worked: Factory) -> None:
    data = worked()
    data["hands"][2] = "10♥ 2♥ K♣ 9♠ 6♦"
    e = error_of(data)
    assert (e.path, e.detail) == (
        "$.hands[2]",
        "seat 2 holds 5 cards; a hand in play has 6 (SU3, SU4)",
    )


def test_card_in_two_hands(worked: Factory) -> None:
    data = worked()
    data["hands"][3] = "3♥ A♣ 10♠ Q♦ 9♣ A♥"
    e = error_of(data)
    assert (e.path, e.detail) == ("$.hands[3][5]", "A♥ is also in seat 0's hand")


def test_illegal_play_names_card_seat_and_rule(worked: Factory) -> None:
    # Trick 2: Q♠ led; seat 2 (void in ♠, holding 10♥ 2♥) throws 6♦ -> must trump (SU5).
    data = worked()
    data["tricks"][1] = "Q♠ 6♦ 3♥ K♠"
    e = error_of(data)
    assert e.path == "$.tricks[1][1]"
    assert (
        e.detail
        == "seat 2: 6♦ is not a trump, and a player void in ♠ holding a trump must trump (SU5)"
    )
    data = worked()
    data["tricks"][0] = "A♠ K♣ 7♠ 3♠"
    e = error_of(data)
    assert (e.path, e.detail) == (
        "$.tricks[0][1]",
        "seat 2: K♣ neither follows the suit led ♠ nor trumps (SU5)",
    )


def test_card_not_in_hand(worked: Factory) -> None:
    data = worked()
    data["tricks"][0] = "A♠ 8♠ 7♠ 3♠"
    e = error_of(data)
    assert (e.path, e.detail) == ("$.tricks[0][1]", "8♠ is not in seat 2's hand")


def test_short_record(worked: Factory) -> None:
    data = worked()
    del data["tricks"][5]
    e = error_of(data)
    assert e.path == "$.tricks"
    assert e.detail == "the record stops after 5 tricks, but the deal goes on (seat 1 to play)"


def test_bad_beg(worked: Factory) -> None:
    data = worked()
    data["beg"] = "pass"
    e = error_of(data)
    assert (e.path, e.detail) == ("$.beg", "expected one of stand, give, run, got 'pass'")


def test_turnups(worked: Factory) -> None:
    data = worked()
    del data["turnups"]
    e = error_of(data)
    assert (e.path, e.detail) == ("$.turnups", "missing: the turned-up card(s), in order (SU3)")
    data = worked()
    data["turnups"] = ["A♥"]
    e = error_of(data)
    assert (e.path, e.detail) == ("$.turnups[0]", "A♥ is also in seat 0's hand")
    data = worked()
    data["turnups"] = ["8♥", "9♦"]
    e = error_of(data)
    assert (e.path, e.detail) == (
        "$.turnups",
        "only one card is turned up unless the dealer runs the cards (beg is 'stand')",
    )


def test_running_turnups(worked_summary: Factory) -> None:
    data = worked_summary()
    data["beg"] = "run"
    e = error_of(data)
    assert (e.path, e.detail) == (
        "$.turnups",
        "the dealer ran the cards: list every turned-up card in order (SU4)",
    )
    data["turnups"] = ["8♥", "9♦", "8♣"]
    e = error_of(data)
    assert (e.path, e.detail) == (
        "$.turnups[1]",
        "9♦ changes the suit, so running stops there (SU4)",
    )
    data["turnups"] = ["8♥", "9♥"]
    e = error_of(data)
    assert (e.path, e.detail) == (
        "$.turnups[1]",
        "9♥ repeats the refused suit; running goes on (SU4)",
    )
    data["turnups"] = ["8♥", "9♥", "7♥", "2♠"]
    e = error_of(data)
    assert (e.path, e.detail) == (
        "$.turnups[3]",
        "with 4 players the stock can be run only 2 times (D-SU2)",
    )


def test_void_records(worked_summary: Factory) -> None:
    data = worked_summary()
    data["void"] = True
    e = error_of(data)
    assert (e.path, e.detail) == ("$.void", "only running the cards can void a deal (D-SU2)")
    data["beg"] = "run"
    data["turnups"] = ["8♥", "9♥"]
    e = error_of(data)
    assert (e.path, e.detail) == (
        "$.turnups",
        "a deal is void only when the stock runs short: after 2 runs with 4 players, not 1 (D-SU2)",
    )
    data["turnups"] = ["8♥", "9♥", "7♥"]
    e = error_of(data)
    assert (e.path, e.detail) == (
        "$.hands[0]",
        "seat 0 holds 6 cards; a hand of a void deal has 12 (SU3, SU4)",
    )
    data = worked_summary()
    data["void"] = "yes"
    e = error_of(data)
    assert (e.path, e.detail) == ("$.void", "expected true or false")


def test_discards(worked_summary: Factory) -> None:
    data = worked_summary()
    data["discards"] = ["", "", "", ""]
    e = error_of(data)
    assert (e.path, e.detail) == (
        "$.discards",
        "players discard only after the cards were run (SU4)",
    )
    data["beg"] = "run"
    data["turnups"] = ["8♥", "9♦"]
    data["hands"] = [h.replace("8♥", "") for h in data["hands"]]
    data["discards"] = ["2♠ 3♦ 4♠", "5♠ 6♠ 7♦", "J♦", "2♦ 3♣ 5♣"]
    e = error_of(data)
    assert (e.path, e.detail) == (
        "$.discards[2]",
        "seat 2 discards 1 cards; after 1 run(s) each player discards 3 to get back to 6 (SU4)",
    )
    data["discards"][2] = "A♥ J♦ 4♦"
    e = error_of(data)
    assert (e.path, e.detail) == ("$.discards[2][0]", "A♥ is in play or listed twice")
    data["discards"] = ["2♠"]
    e = error_of(data)
    assert (e.path, e.detail) == ("$.discards", "expected a list of 4 card lists, one per seat")


def test_won(worked_summary: Factory, worked: Factory) -> None:
    data = worked_summary()
    del data["won"]
    e = error_of(data)
    assert (e.path, e.detail) == (
        "$",
        "give the tricks, or for a summary the cards each seat won (won)",
    )
    data = worked_summary()
    data["won"][2] = "2♠"
    e = error_of(data)
    assert (e.path, e.detail) == ("$.won[2]", "1 cards is not a whole number of tricks of 4")
    data = worked_summary()
    data["won"][0] = "10♠ A♥ 4♥ 2♠"
    e = error_of(data)
    assert (e.path, e.detail) == ("$.won[0][3]", "2♠ is not in any hand in play")
    data = worked_summary()
    data["won"][0] = "10♠ A♥ 4♥ 9♠"
    e = error_of(data)
    assert (e.path, e.detail) == ("$.won[1][1]", "9♠ is also won by seat 0")
    data = worked_summary()
    data["won"][2] = "10♥ 10♥ 2♥ 2♥"
    e = error_of(data)
    assert (e.path, e.detail) == ("$.won[2][1]", "10♥ is listed twice")
    data = worked_summary()
    data["won"][0] = ""
    data["won"][2] = "10♠ A♥ 4♥ 9♣"
    data["won"][3] = "Q♠ 2♥ 3♥ K♠ 7♣ K♣ A♣ 2♣"
    e = error_of(data)
    assert (e.path, e.detail) == ("$.won[2][3]", "9♣ is also won by seat 1")
    data = worked_summary()
    data["won"][0] = ""
    e = error_of(data)
    assert (e.path, e.detail) == ("$.won", "cards in play that nobody won: 4♥ 10♥ A♥ 10♠")
    data = worked()
    data["won"] = worked_summary()["won"]
    e = error_of(data)
    assert (e.path, e.detail) == (
        "$.won",
        "give either the tricks or, for a summary, the cards won (won), not both",
    )


def test_unknown_field_and_bad_notation(worked: Factory) -> None:
    data = worked()
    data["trump"] = "♥"
    e = error_of(data)
    assert e.path == "$.trump" and e.detail.startswith("unknown field for seven-up; known fields:")
    data = worked()
    data["tricks"][2] = "10♠ A♥ 4♥ 10X"
    e = error_of(data)
    assert e.path == "$.tricks[2][3]"


def test_party_errors(example: Callable[[str], Any]) -> None:
    game = example("seven-up-game.json")
    game["deals"][2]["dealer"] = 3  # the void deal (no play to prove)
    e = error_of(game)
    assert (e.path, e.detail) == (
        "$.deals[2].dealer",
        "the deal passes clockwise: seat 2 deals this deal, not seat 3 (SU2, D-SU2)",
    )
    game = example("seven-up-game.json")
    game["deals"][1]["hands"][0] = "2♥ 3♦ 4♦ 5♦ 6♦"
    e = error_of(game)
    assert (e.path, e.detail) == (
        "$.deals[1].hands[0]",
        "seat 0 holds 5 cards; a hand in play has 6 (SU3, SU4)",
    )
    game = example("seven-up-game.json")
    game["deals"][0]["variant"] = "seven-up"
    e = error_of(game)
    assert (e.path, e.detail) == (
        "$.deals[0].variant",
        "a deal of a party takes the party's variant",
    )
    game = example("seven-up-game.json")
    game["target"] = 0
    e = error_of(game)
    assert (e.path, e.detail) == ("$.target", "expected a positive whole number of points, got 0")
