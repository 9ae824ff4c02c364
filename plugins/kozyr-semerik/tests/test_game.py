"""The game to 21 (SM8), the double game, carry-over (SM9), settlement (SM10), the rubber (SM11)."""

from __future__ import annotations

import copy
from fractions import Fraction
from typing import Any

import pytest
from kozyr_semerik.scoring import Rubber, advance

import kozyr
from kozyr import PartyResult, RecordError, ScoreItem


def it(name: str, side: int, points: int) -> ScoreItem:
    """A synthetic item for ``side``."""
    return ScoreItem(name, name, name, points, (), None, side, "test")


# --- one deal moving a game (SM8, SM9) -----------------------------------------------------------


def test_game_won_in_play_is_double_and_carries() -> None:
    # start 18:5; баба for side 1 -> 18:8; three counters for side 0 -> 21:8 (reached in play,
    # the loser has 8 < 11: double, 42); one more counter 22, nine tricks +6 = 28 -> carry 28-21 = 7
    step = advance(
        [18, 5],
        [it("baba", 1, 3), it("counters", 0, 1), it("counters", 0, 1), it("counters", 0, 1),
         it("counters", 0, 1), it("nine_tricks", 0, 6)],
        game=1,
        eldest=1,
    )  # fmt: skip
    assert step.end == (28, 8)
    won = step.won
    assert won is not None
    assert (won.winner, won.loser, won.loser_score) == (0, 1, 8)
    assert won.won_in_play and won.double and won.value == 42
    assert won.carry == 7


def test_game_won_on_declarations_carries_nothing() -> None:
    # start 19:12; side 0's баба -> 22 on a declaration; loser 12 >= 11: single game, 21;
    # play adds 2 + 4 -> 28, but a game won on declarations carries nothing (SM9)
    step = advance(
        [19, 12],
        [it("baba", 0, 3), it("counters", 0, 1), it("counters", 0, 1), it("all_tricks", 0, 4)],
        game=2,
        eldest=1,
    )
    assert step.end == (28, 12)
    won = step.won
    assert won is not None and won.game == 2
    assert not won.won_in_play and not won.double and won.value == 21 and won.carry == 0
    assert won.to_json()["won_on"] == "declarations"


def test_double_is_judged_when_21_is_reached() -> None:
    # start 20:9; a counter brings side 0 to 21 while side 1 has 9: double, even though side 1
    # reaches 15 later in the same deal (nine tricks +6)
    step = advance([20, 9], [it("counters", 0, 1), it("nine_tricks", 1, 6)], game=1, eldest=1)
    assert step.end == (21, 15)
    assert step.won is not None and step.won.loser_score == 9 and step.won.value == 42
    assert step.won.carry == 0  # won in play at exactly 21: nothing above 21


@pytest.mark.parametrize(("loser", "value"), [(10, 42), (11, 21), (0, 42), (20, 21)])
def test_double_threshold(loser: int, value: int) -> None:
    # SM8: the game is double when the loser has fewer than 11
    step = advance([18, loser], [it("trena", 0, 16)], game=1, eldest=1)
    assert step.won is not None and step.won.value == value


def test_in_turn_the_first_to_reach_21_in_event_order_wins() -> None:
    # D-SM5 in_turn: 20:20; eldest's side (1) declares first and reaches 21 first; side 0's later
    # 21 is too late, and side 0's score for the double is the 20 it had then
    step = advance([20, 20], [it("triple", 1, 1), it("triple", 0, 1)], 1, 1, declarations="in_turn")
    assert step.won is not None and step.won.winner == 1 and step.won.loser_score == 20
    assert step.end == (21, 21)


def test_play_points_count_one_by_one_in_both_modes() -> None:
    # SM8: 20:20 after declarations; the first counter (side 0) wins, whatever side 1 scores later
    items = [it("counters", 0, 1), it("counters", 1, 1), it("all_tricks", 1, 4)]
    for mode in ("together", "in_turn"):
        step = advance([20, 20], items, 1, 1, declarations=mode)
        assert step.won is not None and (step.won.winner, step.won.loser_score) == (0, 20)
        assert step.won.won_in_play and step.end == (21, 25)


def test_no_winner_below_21() -> None:
    step = advance([10, 10], [it("baba", 0, 5), it("counters", 1, 1)], game=1, eldest=1)
    assert step.won is None and step.end == (15, 11)


def test_carry_starts_the_next_game_for_the_winner_only() -> None:
    # game 1 won in play at 18 + 3 + 4 = 25 (loser 12): carry 4; game 2 starts 4:0
    rubber = Rubber()
    rubber.add([it("baba", 1, 12)], 1)  # 0:12
    rubber.add([it("baba", 0, 18)], 2)  # 18:12
    step = rubber.add([it("counters", 0, 3), it("all_tricks", 0, 4)], 3)
    assert step.end == (25, 12) and step.won is not None and step.won.carry == 4
    assert step.won.deals == (0, 1, 2)
    assert rubber.scores == [4, 0] and rubber.game == 2
    # game 2 from 4:0; side 1 wins it on declarations at once: 4:21, loser 4 < 11 -> 42, no carry
    step = rubber.add([it("trena", 1, 16), it("baba", 1, 5), it("counters", 1, 3)], 0)
    assert step.start == (4, 0) and step.won is not None
    assert step.won.value == 42 and step.won.carry == 0 and step.won.deals == (3,)
    assert rubber.scores == [0, 0]


def test_rubber_is_three_games() -> None:
    rubber = Rubber()
    for side in (0, 1, 0):
        assert not rubber.over
        rubber.add([it("trena", side, 16), it("baba", side, 5)], 1)
    assert rubber.over and [g.winner for g in rubber.games] == [0, 1, 0]


# --- parties: hand-built deals in a rubber -------------------------------------------------------

CLUBS = "3c 2c Ac Kc Qc Jc 7c 6c 5c 4c"
DIAMONDS = "3d 2d Ad Kd Qd Jd 7d 6d 5d 4d"

ALONE_NINE: dict[str, Any] = {
    "dealer": 0,
    "hands": [CLUBS, "3h 2h Ah Kh Qh Jh 7h 6h 5h 4s", "4h 3s 2s As Ks Qs Js 7s 6s 5s", DIAMONDS],
    "tricks": [
        "3h 4h 4d 4c", "2h 5s 5d 5c", "Ah 6s 6d 6c", "Kh 7s 7d 7c", "Qh Js Jd Jc",
        "Jh Qs Qd Qc", "7h Ks Kd Kc", "6h As Ad Ac", "5h 2s 2d 2c", "4s 3s 3d 3c",
    ],
}  # fmt: skip
SIDE_TEN: dict[str, Any] = {
    "dealer": 0,
    "hands": [
        CLUBS,
        "3h 2h Ah Kh Qh Jh 7h 6h 4s 4d",
        "2s As Ks Qs Js 7s 6s 5s 6d 5d",
        "5h 4h 3s 3d 2d Ad Kd Qd Jd 7d",
    ],
    "tricks": [
        "3h 5s 5h 4c", "2h 6s 4h 5c", "Ah 7s 7d 6c", "Kh Js Jd 7c", "Qh Qs Qd Jc",
        "Jh Ks Kd Qc", "7h As Ad Kc", "6h 2s 2d Ac", "4d 5d 3d 2c", "3s 3c 4s 6d",
    ],
}  # fmt: skip


def rotate(record: dict[str, Any], k: int) -> dict[str, Any]:
    """The same deal with every seat moved ``k`` places to the left (dealer too)."""
    data = copy.deepcopy(record)
    data["dealer"] = (record["dealer"] + k) % 4
    data["hands"] = [record["hands"][(s - k) % 4] for s in range(4)]
    return data


RUBBER = {
    "variant": "semerik",
    "deals": [ALONE_NINE, rotate(SIDE_TEN, 1), rotate(SIDE_TEN, 2)],
}


@pytest.mark.parametrize(
    ("declarations", "games_expected"),
    [
        # D-SM5 together (default): all of a deal's declarations are scored at once.
        # deal 1 (dealer 0, eldest 1): трены of hearts (seat 1), spades (seat 2), diamonds
        #   (seat 3), clubs (seat 0): 32:32, both at 21 with equal totals -> eldest's side 1
        #   wins, the loser counts 32: single, 21
        # deal 2 (seats moved one place, dealer 1): side 0 трены of hearts and diamonds 32,
        #   side 1 the трена of clubs 16 -> side 0 wins, loser 16 >= 11: single, 21
        # deal 3 (moved two places): the same for side 1
        ("together", [(1, 21, 32), (0, 21, 16), (1, 21, 16)]),
        # D-SM5 in_turn: seat by seat from eldest.
        # deal 1: seat 1 (side 1) 16, seat 2 (side 0) 16, seat 3 (side 1) 32: side 1 wins with
        #   side 0 at 16: single, 21
        # deal 2: seat 2 (side 0) 16, seat 3 nothing, seat 0 (side 0) 32: side 0 wins with
        #   side 1 at 0: double, 42 (seat 1's трена comes too late); deal 3 likewise for side 1
        ("in_turn", [(1, 21, 16), (0, 42, 0), (1, 42, 0)]),
    ],
)
def test_rubber_of_hand_built_deals(
    declarations: str, games_expected: list[tuple[int, int, int]]
) -> None:
    data = copy.deepcopy(RUBBER)
    data["options"] = {"declarations": declarations}
    result = kozyr.replay(data)
    assert isinstance(result, PartyResult)
    # the points are the same either way: 33:43, then 41:16 and 16:41 in games 2 and 3
    assert result.running == ((33, 43), (41, 16), (16, 41))
    games = result.extra["games"]
    assert [(g["winner"], g["value"], g["loser_score"]) for g in games] == games_expected
    assert all(g["won_on"] == "declarations" and g["carry"] == 0 for g in games)
    assert [g["deals"] for g in games] == [[0], [1], [2]]
    assert result.extra["rubber_complete"] is True and result.extra["games_won"] == [1, 2]
    assert result.winner == 1 and result.loser == 0
    # SM10, partners share: each seat of the loser pays half the value, each winner gets half:
    # side 1 seats: +21/2 - 21/2 + 21/2 (together) or +21/2 - 42/2 + 42/2 (in_turn) = +21/2
    half = Fraction(21, 2)
    assert result.settlement.net() == [-half, half, -half, half]
    assert result.extra["net_by_side"] == [-21, 21]
    assert result.to_json()["settlement"]["net"] == ["-21/2", "21/2", "-21/2", "21/2"]
    # every deal knows its game and where it left it
    assert [d.extra["game"] for d in result.deals] == [1, 2, 3]
    assert [d.extra["start"] for d in result.deals] == [[0, 0]] * 3
    assert [d.extra["game_won"]["value"] for d in result.deals] == [g[1] for g in games_expected]
    # the deals themselves settle nothing
    assert all(d.settlement.net() == [0, 0, 0, 0] for d in result.deals)


def test_partial_rubber() -> None:
    data = {"variant": "semerik", "deals": [ALONE_NINE]}
    result = kozyr.replay(data)
    assert isinstance(result, PartyResult)
    assert result.extra["rubber_complete"] is False and result.extra["game"] == 2
    assert result.extra["scores"] == [0, 0]  # won on declarations: no carry into game 2
    assert result.winner == 1  # the only finished game
    assert result.settlement.net() == [Fraction(-21, 2), Fraction(21, 2)] * 2


def test_a_deal_after_the_rubber_is_an_error() -> None:
    data = copy.deepcopy(RUBBER)
    data["deals"].append(rotate(SIDE_TEN, 3))
    with pytest.raises(
        RecordError, match=r"^deal 4 \(\$\.deals\[3\]\): the party was already over"
    ):
        kozyr.replay(data)


def test_the_deal_passes_to_the_left() -> None:
    data = {"variant": "semerik", "deals": [ALONE_NINE, rotate(SIDE_TEN, 2)]}
    with pytest.raises(
        RecordError,
        match=r"^deal 2 \(\$\.deals\[1\]\.dealer\): .*seat 1 deals this deal, not seat 2",
    ):
        kozyr.replay(data)


def test_errors_inside_a_party_have_the_deal_path() -> None:
    data = copy.deepcopy(RUBBER)
    data["deals"][1]["tricks"][0] = data["deals"][1]["tricks"][0].replace("4c", "9c")
    with pytest.raises(RecordError, match=r"^deal 2 \(\$\.deals\[1\]\.tricks\[0\]"):
        kozyr.replay(data)
    data = copy.deepcopy(RUBBER)
    data["deals"][0]["variant"] = "semerik"
    with pytest.raises(
        RecordError, match=r"^deal 1 \(\$\.deals\[0\]\.variant\): a deal of a party"
    ):
        kozyr.replay(data)


# --- parties played by bots ----------------------------------------------------------------------


def bot_party(
    seed: int, *, options: dict[str, Any] | None = None, bots: str = "heuristic"
) -> dict[str, Any]:
    """A whole rubber dealt and played by bots, as a party record."""
    variant = kozyr.get_variant("semerik", **(options or {}))
    deals: list[dict[str, Any]] = []
    results: list[kozyr.DealResult] = []
    party = kozyr.PartyRecord("semerik", dict(variant.options), ())
    dealer = 0
    while True:
        context = variant.party_context(party, results)
        if context is None:
            break
        deal = kozyr.play_deal(
            variant, seed=seed * 1000 + len(deals), dealer=dealer, bots=bots, context=context
        )
        results.append(deal.result())
        data = deal.record.to_json(variant)
        del data["variant"], data["options"]
        deals.append(data)
        dealer = (dealer + 1) % 4
    return {"variant": "semerik", "options": options or {}, "deals": deals}


@pytest.mark.parametrize("seed", range(6))
def test_bot_rubbers_add_up(seed: int) -> None:
    options = {"counter_mode": "cumulative"} if seed % 2 else {}
    result = kozyr.replay(bot_party(seed, options=options))
    assert isinstance(result, PartyResult)
    assert result.extra["rubber_complete"] is True
    games = result.extra["games"]
    assert len(games) == 3
    # re-add every deal's points from the deal results, game by game (an independent sum)
    scores = [0, 0]
    money = [Fraction(0)] * 2
    deal_index = 0
    for game in games:
        for i in game["deals"]:
            assert i == deal_index
            deal = result.deals[i]
            assert deal.extra["start"] == scores
            scores = [scores[s] + deal.points[s] for s in (0, 1)]
            assert list(result.running[i]) == scores == deal.extra["running"]
            deal_index += 1
        w = game["winner"]
        assert scores[w] >= 21 and game["scores"] == scores
        assert game["value"] == (42 if game["loser_score"] < 11 else 21)
        assert game["loser_score"] <= scores[1 - w]
        if game["won_on"] == "play":
            assert game["carry"] == scores[w] - 21
        else:
            assert game["carry"] == 0
        money[w] += Fraction(game["value"], 2)
        money[1 - w] -= Fraction(game["value"], 2)
        scores = [0, 0]
        scores[w] = game["carry"]
    assert deal_index == len(result.deals)
    net = result.settlement.net()
    assert sum(net) == 0
    assert [net[0], net[1]] == money and net[2] == net[0] and net[3] == net[1]
    won = [sum(1 for g in games if g["winner"] == s) for s in (0, 1)]
    assert result.winner == (0 if won[0] > won[1] else 1)


def test_some_bot_game_is_won_in_play_with_carry() -> None:
    carried = []
    for seed in range(12):
        result = kozyr.replay(bot_party(seed, bots="random"))
        assert isinstance(result, PartyResult)
        carried += [g for g in result.extra["games"] if g["won_on"] == "play" and g["carry"] > 0]
    assert carried  # the carry-over case really happens in play
    for g in carried:
        assert g["carry"] == g["scores"][g["winner"]] - 21


# --- D-SM5: declarations made together (default) or in turn ------------------------------------


def declared(dealer: int, hands: dict[int, str]) -> list[ScoreItem]:
    """The declarations of the given hands, seat by seat from eldest (SM8 order)."""
    eldest = (dealer + 1) % 4
    items: list[ScoreItem] = []
    for seat in [(eldest + k) % 4 for k in range(4)]:
        if seat in hands:
            sheet = kozyr.get_variant("semerik").score_hand(hands[seat])
            items += [i._replace(seat=seat, side=seat % 2) for i in sheet.items]
    return items


# dealer 0, eldest 1. Seat 1 (side 1): баба of spades 3; seat 2 (side 0): баба of hearts with K
# and Q, 5 + 1 + 1 = 7; seat 3 (side 1): three sevens 4; seat 0: nothing.
ONE_SIDE = {1: "3s 2s As", 2: "3h 2h Ah Kh Qh", 3: "7c 7d 7s"}


def test_together_the_loser_counts_its_own_declarations() -> None:
    # D-SM5 together: from 15:5 all declarations at once: side 0 15 + 7 = 22, side 1
    # 5 + 3 + 4 = 12 -> side 0 wins on declarations; the loser has 12 >= 11: single, 21
    step = advance([15, 5], declared(0, ONE_SIDE), 1, 1)
    assert step.won is not None and step.end == (22, 12)
    assert (step.won.winner, step.won.loser_score, step.won.value) == (0, 12, 21)
    assert not step.won.won_in_play and step.won.carry == 0


def test_in_turn_the_loser_counts_only_what_was_declared_before() -> None:
    # D-SM5 in_turn: seat 1 first: side 1 5 + 3 = 8; seat 2: side 0 15 + 5 = 20, + K 21 -> side
    # 0 wins while side 1 has 8 < 11: double, 42 (seat 3's sevens come too late)
    step = advance([15, 5], declared(0, ONE_SIDE), 1, 1, declarations="in_turn")
    assert step.won is not None and step.end == (22, 12)
    assert (step.won.winner, step.won.loser_score, step.won.value) == (0, 8, 42)


# dealer 0, eldest 1. From 18:17: seat 1 (side 1) three aces 3 -> 20; seat 2 (side 0) баба of
# spades 3 -> 21; seat 3 (side 1) three twos 3 -> 23; seat 0 (side 0) three kings 1 -> 22.
BOTH_SIDES = {1: "Ac Ad Ah", 2: "3s 2s As", 3: "2c 2d 2h", 0: "Kc Kd Ks"}


def test_together_both_at_21_the_higher_total_wins() -> None:
    # D-SM5 together: 22 against 23: side 1 wins, the loser counts 22
    step = advance([18, 17], declared(0, BOTH_SIDES), 1, 1)
    assert step.won is not None and step.end == (22, 23)
    assert (step.won.winner, step.won.loser_score, step.won.value) == (1, 22, 21)
    # in turn side 0 reached 21 first (seat 2), while side 1 had 20
    step = advance([18, 17], declared(0, BOTH_SIDES), 1, 1, declarations="in_turn")
    assert step.won is not None and (step.won.winner, step.won.loser_score) == (0, 20)


@pytest.mark.parametrize(("dealer", "winner"), [(0, 1), (1, 0), (2, 1), (3, 0)])
def test_together_equal_totals_go_to_eldest_side(dealer: int, winner: int) -> None:
    # D-SM5 together: from 18:18, seat 1 (side 1) баба of spades 3 and seat 2 (side 0) three
    # aces 3: 21:21 -> eldest's side wins (eldest = dealer + 1; C5: side = seat % 2)
    hands = {1: "3s 2s As", 2: "Ac Ad Ah"}
    eldest = (dealer + 1) % 4
    step = advance([18, 18], declared(dealer, hands), 1, eldest)
    assert step.won is not None and step.end == (21, 21)
    assert (step.won.winner, step.won.loser_score, step.won.value) == (winner, 21, 21)


def test_declarations_option_in_a_party() -> None:
    # D-SM5 through the variant: ALONE_NINE's four трены (16 each, D-SM2) make 32:32 on
    # declarations; together: equal totals -> eldest's side 1 (dealer 0), the loser counts 32;
    # in_turn: seat 1 16, seat 2 16, seat 3 -> side 1 32 first, while side 0 has 16
    for declarations, loser_score in (("together", 32), ("in_turn", 16)):
        data = {"variant": "semerik", "options": {"declarations": declarations}}
        result = kozyr.replay({**data, "deals": [ALONE_NINE]})
        assert isinstance(result, PartyResult)
        game = result.extra["games"][0]
        assert (game["winner"], game["loser_score"], game["value"]) == (1, loser_score, 21)


def test_trena_ten_with_declarations_together() -> None:
    # SM6 trena="ten" and D-SM5: in ALONE_NINE only the clubs (seat 0) and diamonds (seat 3) are
    # whole suits (16 each); seat 1's nine hearts in sequence are a баба with K Q J (5 + 3 = 8),
    # seat 2's nine spades 3 + 3 = 6. Side 0 16 + 6 = 22, side 1 8 + 16 = 24: both at 21, the
    # higher total wins: side 1, the loser counts 22 (single game)
    data = {"variant": "semerik", "options": {"trena": "ten"}, "deals": [ALONE_NINE]}
    result = kozyr.replay(data)
    assert isinstance(result, PartyResult)
    assert result.deals[0].extra["declarations"] == [22, 24]
    game = result.extra["games"][0]
    assert (game["winner"], game["loser_score"], game["value"]) == (1, 22, 21)


# --- D-SM6, D-SM7 (issue 22) --------------------------------------------------------------------


def test_d_sm6_cumulative_counters_of_both_sides_count_together() -> None:
    # counter_mode = cumulative, 18 : 19 before the counters, eldest seat 0 (side 0): side 0
    # took 9 counters (3 points), side 1 15 (5 points): 21 : 24, both at 21 after the last
    # trick -- scored together, the higher total wins: side 1, though eldest's side 0 is listed
    # first (D-SM6).
    items = [it("counters", 0, 3), it("counters", 1, 5)]
    step = advance([18, 19], items, 1, 0, counter_mode="cumulative")
    assert step.won is not None and step.won.winner == 1 and step.won.loser_score == 21
    # per trick, the same points one by one: side 0's third point reaches 21 first (SM8)
    step = advance([18, 19], items, 1, 0)
    assert step.won is not None and step.won.winner == 0 and step.won.loser_score == 19
    # equal totals: 21 : 21, eldest's side -- eldest seat 1 is side 1 (C5, D-SM6)
    tied = [it("counters", 0, 3), it("counters", 1, 2)]
    step = advance([18, 19], tied, 1, 1, counter_mode="cumulative")
    assert step.won is not None and step.won.winner == 1 and step.won.loser_score == 21
    # the loser's count includes its own counters of that deal: 21 : 9 + 1 = 10 -> double
    step = advance([18, 9], [it("counters", 0, 3), it("counters", 1, 1)], 1, 0,
                   counter_mode="cumulative")  # fmt: skip
    assert step.won is not None and step.won.double and step.won.loser_score == 10


def test_d_sm6_outcome_records_score_both_sides_together() -> None:
    # An outcome rubber in cumulative mode. Deal 1 (dealer 0, eldest seat 1): seat 0 shows a
    # трена of clubs (16), seat 1 a трена of spades (16); counters 6, 6, 6, 6 -> 12 : 12 ->
    # 4 : 4 -> 20 : 20. Deal 2 (dealer 1, eldest seat 2, side 0): counters 3, 6, 0, 15 ->
    # side 0 3 // 3 = 1, side 1 21 // 3 = 7 -> 21 : 27 together: side 1 wins (D-SM6); before
    # D-SM6 eldest's side 0 counted first and won at 21.
    def sm(dealer: int, taken: list[int], counters: list[int], declared: Any = None) -> Any:
        return {"dealer": dealer, "declared": declared or [None] * 4,
                "tricks_won": taken, "counters": counters}  # fmt: skip

    deals = [
        sm(
            0,
            [3, 3, 2, 2],
            [6, 6, 6, 6],
            ["3c 2c Ac Kc Qc Jc 7c", "3s 2s As Ks Qs Js 7s", None, None],
        ),
        sm(1, [1, 3, 1, 5], [3, 6, 0, 15]),
    ]
    party = {"variant": "semerik", "options": {"counter_mode": "cumulative"}, "deals": deals}
    result = kozyr.replay(party)
    assert result.running == ((20, 20), (21, 27))
    game = result.extra["games"][0]
    assert (game["winner"], game["value"], game["carry"]) == (1, 21, 6)  # 27 - 21 (SM9)


def test_d_sm7_a_game_won_on_declarations_carries_nothing_of_that_deal() -> None:
    # 18 : 0; side 0 declares a баба (3) -> 21 on declarations: won; play then adds 4 counter
    # points and the all-tricks 4 -> 29, but nothing is carried, neither the excess nor the play
    # points (D-SM7): the next game starts 0 : 0
    rubber = Rubber()
    rubber.scores = [18, 0]
    step = rubber.add([it("baba", 0, 3), *[it("counters", 0, 1)] * 4, it("all_tricks", 0, 4)], 1)
    assert step.won is not None and not step.won.won_in_play and step.end == (29, 0)
    assert step.won.carry == 0 and rubber.scores == [0, 0]
