"""Worked examples of the Seven Up options of issue 26 (SU-O1-SU-O4, D-SU6, D-SU7): the game's
target and win by two, Low to its capturer, nine cards kept after one run, revoke penalties.
Every expected number is worked out by hand in the comments; the defaults are unchanged."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kozyr_seven_up.scoring import is_out, revoke_items

import kozyr
from kozyr import Action, Card, CardSet, Deal, OptionError, PartyResult, RecordError
from kozyr.cli import main
from kozyr.testing import check_variant, score_unproven

Stacked = Callable[..., Deal]
Factory = Callable[[], dict[str, Any]]

HANDS = {
    0: "A♥ 2♣ K♠ 10♦ 5♦ 3♠",
    1: "J♥ 4♥ A♠ Q♠ 7♣ 8♦",
    2: "10♥ 2♥ K♣ 9♠ 6♦ 4♣",
    3: "3♥ A♣ 10♠ Q♦ 9♣ 7♠",
}
RUN1 = {1: "K♥ 2♠ 3♦", 2: "Q♥ 4♠ 4♦", 3: "9♥ 5♠ 7♦", 0: "7♥ 6♠ 9♦"}
RUN2 = {1: "Q♣ 3♣ 2♦", 2: "J♣ 5♣ A♦", 3: "10♣ 6♣ K♦", 0: "8♣ 8♠ J♦"}


def outcome(dealer: int, high: int | None, low: int | None, jack: int | None, game: int | None,
            **extra: Any) -> dict[str, Any]:  # fmt: skip
    """An outcome deal under the turned 9♥: who scored High, Low, Jack and Game."""
    return {
        "dealer": dealer,
        "turnups": ["9♥"],
        "high": high,
        "low": low,
        "jack": jack,
        "game": game,
        **extra,
    }


def party(*deals: Any, **options: Any) -> dict[str, Any]:
    return {"variant": "seven-up", "options": options, "deals": list(deals)}


def finish(deal: Deal) -> None:
    while not deal.is_over:
        deal.play(deal.legal_actions()[0])


# Four players; sides 0 (seats 0, 2) and 1 (seats 1, 3).
D1 = outcome(0, 0, 0, 0, 0)  # 4 : 0
D2 = outcome(1, 1, 1, 1, 1)  # 4 : 4
D3 = outcome(2, 0, 1, 0, 1)  # 6 : 6
D4 = outcome(3, 0, 0, 1, 1)  # 8 : 8
D5 = outcome(0, 0, 1, 0, 1)  # 10 : 10 -- in order High 9:8, Low 9:9, Jack 10:9, Game 10:10
D6 = outcome(1, 1, 0, 0, 0)  # 13 : 11 -- in order High 10:11, Low 11:11, Jack 12:11, Game 13:11


def test_defaults_are_unchanged() -> None:
    variant = kozyr.get_variant("seven-up")
    assert {k: variant.options[k] for k in ("target", "win_by", "low_to")} == {
        "target": 7,
        "win_by": 1,
        "low_to": "holder",
    }
    assert (variant.options["keep_after_run"], variant.options["revoke"]) == (6, "refuse")
    assert [f.name for f in variant.outcome_fields][-1] == "game_points"  # no revoke field


# --- SU-O1 the target, D-SU6 win by two ----------------------------------------------------------


def test_su_o1_default_target_seven_ends_in_deal_four() -> None:
    # From 6 : 6, deal 4's High (seat 0) makes 7 : 6: side 0 is out (SU7).
    result = score_unproven(party(D1, D2, D3, D4))
    assert isinstance(result, PartyResult)
    assert result.winner == 0 and result.extra["target"] == 7


def test_su_o1_target_ten() -> None:
    # target 10: 8 : 8 after four deals, nobody out; deal 5's Jack (seat 0) makes 10 : 9.
    result = score_unproven(party(D1, D2, D3, D4, D5, target=10))
    assert isinstance(result, PartyResult)
    assert result.running == ((4, 0), (4, 4), (6, 6), (8, 8), (10, 10))
    assert result.winner == 0 and result.extra["target"] == 10
    assert "win_by" not in result.extra
    unfinished = score_unproven(party(D1, D2, D3, D4, target=10))
    assert isinstance(unfinished, PartyResult) and unfinished.winner is None


def test_d_su5_win_by_two() -> None:
    # target 10, win by two: deal 5's Jack brings side 0 to 10 : 9, one ahead: not out; 10 : 10
    # after it. Deal 6: High 10 : 11, Low 11 : 11, Jack 12 : 11 (one ahead), Game 13 : 11 --
    # two ahead: side 0 is out with Game.
    five = score_unproven(party(D1, D2, D3, D4, D5, target=10, win_by=2))
    assert isinstance(five, PartyResult) and five.winner is None
    result = score_unproven(party(D1, D2, D3, D4, D5, D6, target=10, win_by=2))
    assert isinstance(result, PartyResult)
    assert result.running[-1] == (13, 11)
    assert result.winner == 0 and result.extra["win_by"] == 2
    # replay takes the party context one step at a time (party_context_after): the same win by
    # two, so deal 6 is still in the game (it once counted deal 5's Jack as going out)
    replayed = kozyr.replay(party(D1, D2, D3, D4, D5, D6, target=10, win_by=2))
    assert isinstance(replayed, PartyResult)
    assert (replayed.winner, replayed.running) == (0, result.running)
    variant = kozyr.get_variant("seven-up", target=10, win_by=2)
    (note,) = [n for n in variant.sheet_notes(result) if n.winner]
    assert note.rule == "D-SU6" and "deal 6 (Game)" in note.en


def test_su_o1_target_choices_and_is_out() -> None:
    for target in (7, 10, 11, 21):
        assert kozyr.get_variant("seven-up", target=target).options["target"] == target
    with pytest.raises(OptionError):
        kozyr.get_variant("seven-up", target=12)
    with pytest.raises(OptionError):
        kozyr.get_variant("seven-up", win_by=3)
    # D-SU6: 21 : 20 is not out by two; 22 : 20 is; three players, 22 : 21 : 0 is not.
    assert not is_out([21, 20], 0, 21, 2)
    assert is_out([22, 20], 0, 21, 2)
    assert not is_out([22, 21, 0], 0, 21, 2)
    assert is_out([7, 7], 0, 7, 1)  # SU7: counting in order, the first to 7 is out


def test_d_su5_a_gift_that_does_not_put_out_may_be_given() -> None:
    # Two players, 6 : 6 before deal 5 (dealer 0, eldest 1 begs). The gift makes 6 : 7: out at
    # win by one (D-SU4 forbids it), one ahead only at win by two (allowed). Then High (seat 0)
    # 7 : 7, Low (0) 8 : 7, Jack (1) 8 : 8, Game (0) 9 : 8: nobody two ahead.
    deals = [
        outcome(0, 0, 0, 0, 1),  # 3 : 1
        outcome(1, 1, 1, 1, 0),  # 4 : 4
        outcome(0, 0, 1, None, None),  # 5 : 5
        outcome(1, 0, 1, None, None),  # 6 : 6
        outcome(0, 0, 0, 1, 0, beg="give"),
    ]
    with pytest.raises(RecordError) as error:
        score_unproven(party(*deals, players=2))
    assert error.value.path == "$.deals[4].beg" and "(D-SU4)" in error.value.detail
    result = score_unproven(party(*deals, players=2, win_by=2))
    assert isinstance(result, PartyResult)
    assert result.running[-1] == (9, 8) and result.winner is None
    names = [i.name for i in result.deals[-1].sheet.items]
    assert names == ["gift", "high", "low", "jack", "game"]


# --- SU-O2 Low to the capturer ------------------------------------------------------------------


def test_su_o2_low_to_the_capturer(worked: Factory, worked_summary: Factory) -> None:
    # The worked deal: Low 2♥ was dealt to seat 2 but seat 3 won it in trick 2 (Q♠ 2♥ 3♥ K♠,
    # 3♥ overtrumps). Holder: High 0, Low 2 (side 0), Jack 1, Game 1 -> 2 : 2. Capturer: Low
    # goes to seat 3 (side 1) -> 1 : 3.
    for record in (worked(), worked_summary()):
        record["options"] = {"low_to": "capturer"}
        result = kozyr.replay(record) if "tricks" in record else score_unproven(record)
        low = result.sheet.named("low")[0]
        assert (low.seat, low.side, low.rule, low.cards) == (3, 1, "SU-O2", (Card.parse("2♥"),))
        assert result.points == (1, 3)
    # the outcome record says seat 3 and scores the same
    result = kozyr.replay({**worked(), "options": {"low_to": "capturer"}})
    variant = kozyr.get_variant("seven-up", low_to="capturer")
    facts = variant.outcome_record(result, {})
    assert facts["low"] == 3
    again = score_unproven({"variant": "seven-up", "options": {"low_to": "capturer"}, **facts})
    assert again.points == (1, 3)
    low_field = next(f for f in variant.outcome_fields if f.name == "low")
    assert low_field.rule == "SU-O2" and "won" in low_field.doc


# --- SU-O3 nine cards kept after one run ---------------------------------------------------------


def test_su_o3_keep_nine_after_one_run(stacked: Stacked) -> None:
    # The dealer runs once; 8♠ makes spades trump. With keep_after_run=9 nobody discards: eldest
    # leads at once and nine tricks are played. Spades in play: K♠ 3♠ 6♠ (seat 0), A♠ Q♠ 2♠
    # (1), 9♠ 4♠ (2), 10♠ 7♠ 5♠ (3): High A♠ and Low 2♠ are both seat 1's (side 1); J♠ is not
    # in play, so there is no Jack.
    deal = stacked(HANDS, ["8♥", "8♠"], [RUN1], keep_after_run=9)
    deal.play(Action("beg", 1))
    deal.play(Action("run", 0))
    assert (deal.phase, deal.to_act) == ("play", 1)
    assert all(len(deal.hand(s)) == 9 for s in range(4))
    finish(deal)
    assert len(deal.tricks) == 9
    result = deal.result()
    assert [(i.name, i.seat, i.cards) for i in result.sheet.items][:2] == [
        ("high", 1, (Card.parse("A♠"),)),
        ("low", 1, (Card.parse("2♠"),)),
    ]
    assert not result.sheet.named("jack")
    assert sum(result.tricks) == 9
    assert deal.facts["discards"] == [[], [], [], []]
    again = kozyr.replay(deal.record.to_json())
    assert again.to_json() == result.to_json()


def test_su_o3_two_runs_still_discard_to_six(stacked: Stacked) -> None:
    # 5♥ repeats the refused suit, so the dealer runs twice (J♠ makes spades trump): 12 cards
    # each, and even with keep_after_run=9 every player discards down to six (Foster: "to
    # discard down to six if two or more rounds were dealt").
    deal = stacked(HANDS, ["8♥", "5♥", "J♠"], [RUN1, RUN2], keep_after_run=9)
    deal.play(Action("beg", 1))
    deal.play(Action("run", 0))
    assert (deal.phase, deal.to_act) == ("discard", 1)
    assert len(deal.hand(1)) == 12
    finish(deal)
    assert len(deal.tricks) == 6
    assert [len(d) for d in deal.facts["discards"]] == [6, 6, 6, 6]


def test_su_o3_record_hand_sizes(stacked: Stacked) -> None:
    deal = stacked(HANDS, ["8♥", "8♠"], [RUN1], keep_after_run=9)
    deal.play(Action("beg", 1))
    deal.play(Action("run", 0))
    finish(deal)
    data = deal.record.to_json()
    data["hands"][2] = " ".join(data["hands"][2].split()[:6])
    with pytest.raises(RecordError) as error:
        kozyr.replay(data)
    assert error.value.path == "$.hands[2]"
    assert error.value.detail == ("seat 2 holds 6 cards; a hand in play has 9 (SU3, SU4, SU-O3)")
    # the same nine-card record under the default rule: six cards after discarding (SU4)
    data = deal.record.to_json()
    data["options"] = {}
    with pytest.raises(RecordError) as error:
        kozyr.replay(data)
    assert error.value.detail.endswith("a hand in play has 6 (SU3, SU4)")


# --- SU-O4 revoke penalties, D-SU7 --------------------------------------------------------------


def test_su_o4_revoke_is_refused_by_default(worked: Factory) -> None:
    record = worked()
    record["revoke"] = 1
    with pytest.raises(RecordError) as error:
        kozyr.replay(record)
    assert error.value.path == "$.revoke"
    assert "revoke=penalty" in error.value.detail and "(SU-O4)" in error.value.detail


def test_su_o4_d_su6_revoke_penalty(worked: Factory, worked_summary: Factory) -> None:
    # The worked deal, and seat 1 (side 1) revoked. Without it: High 0, Low 2 (side 0), Jack 1,
    # Game 1 (side 1) -> 2 : 2. With it (D-SU7): side 1 scores neither Jack nor Game, and side 0
    # scores the penalty, 1 -> 3 : 0; with revoke_penalty 2 -> 4 : 0.
    for make in (worked, worked_summary):
        record = make()
        record["options"] = {"revoke": "penalty"}
        record["revoke"] = 1
        result = kozyr.replay(record) if "tricks" in record else score_unproven(record)
        assert [(i.name, i.seat, i.side, i.points) for i in result.sheet.items] == [
            ("high", 0, 0, 1),
            ("low", 2, 0, 1),
            ("revoke", 2, 0, 1),
        ]
        assert result.sheet.items[-1].rule == "SU-O4"
        assert result.points == (3, 0)
        record["options"]["revoke_penalty"] = 2
        result = kozyr.replay(record) if "tricks" in record else score_unproven(record)
        assert result.points == (4, 0)
    # The outcome record keeps the facts (seat 1 won the Jack, side 1 the Game) and the revoke;
    # scored again it gives the same 3 : 0.
    record = worked()
    record["options"] = {"revoke": "penalty"}
    record["revoke"] = 1
    result = kozyr.replay(record)
    variant = kozyr.get_variant("seven-up", revoke="penalty")
    facts = variant.outcome_record(result, {})
    assert (facts["jack"], facts["game"], facts["revoke"]) == (1, 1, 1)
    again = score_unproven({"variant": "seven-up", "options": {"revoke": "penalty"}, **facts})
    assert again.points == (3, 0)
    assert result.record.to_json()["revoke"] == 1
    assert "revoke" in [f.name for f in variant.outcome_fields]


def test_d_su6_revoke_with_three_and_two_players() -> None:
    # Three players: each opponent of the revoker scores the penalty, from the revoker's left.
    items = revoke_items([], 1, 3, 2)
    assert [(i.seat, i.side, i.points) for i in items] == [(2, None, 2), (0, None, 2)]
    # Two players, an outcome deal: seat 0 revoked after making High, Jack and Game (seat 1
    # Low): seat 0 keeps High only; seat 1 has Low and the penalty -> 1 : 2.
    record = {
        "variant": "seven-up",
        "options": {"players": 2, "revoke": "penalty"},
        **outcome(1, 0, 1, 0, 0, revoke=0),
    }
    result = score_unproven(record)
    assert [(i.name, i.seat) for i in result.sheet.items] == [
        ("high", 0),
        ("low", 1),
        ("revoke", 1),
    ]
    assert result.points == (1, 2)
    record["revoke"] = 2
    with pytest.raises(RecordError) as error:
        score_unproven(record)
    assert error.value.path == "$.revoke"


def test_d_su6_a_void_deal_has_no_revoke(worked_summary: Factory) -> None:
    record = {
        "variant": "seven-up",
        "options": {"revoke": "penalty"},
        "dealer": 0,
        "turnups": ["8♥", "9♥", "10♥"],
        "beg": "run",
        "void": True,
        "revoke": 1,
    }
    with pytest.raises(RecordError) as error:
        score_unproven(record)
    assert error.value.path == "$.revoke"


# --- kozyr rules, the conformance kit, the batch engine ----------------------------------------


def test_rules_command_lists_the_new_rules_and_options() -> None:
    out = io.StringIO()
    assert main(["rules", "seven-up", "--json"], out=out) == 0
    data = json.loads(out.getvalue())
    rules = {r["id"]: r for r in data["rules"]}
    assert rules["SU-O1"]["options"] == ["target", "win_by"]
    assert rules["SU-O2"]["options"] == ["low_to"]
    assert rules["SU-O3"]["options"] == ["keep_after_run"]
    assert rules["SU-O4"]["options"] == ["revoke", "revoke_penalty"]
    assert {"D-SU6", "D-SU7"} <= set(rules)
    out = io.StringIO()
    assert main(["rules", "seven-up", "SU-O3"], out=out) == 0
    assert "nine" in out.getvalue() and "options: keep_after_run" in out.getvalue()


OPTION_SETS = [
    {"players": 4, "target": 11, "win_by": 2},
    {"players": 3, "target": 10, "low_to": "capturer"},
    {"players": 2, "target": 21, "win_by": 2, "keep_after_run": 9},
    {"players": 4, "keep_after_run": 9, "low_to": "capturer"},
    {"players": 3, "keep_after_run": 9, "revoke": "penalty", "revoke_penalty": 2},
]


@pytest.mark.parametrize("options", OPTION_SETS)
def test_conformance_of_the_options(options: dict[str, Any]) -> None:
    variant = kozyr.get_variant("seven-up", **options)
    report = check_variant(variant, deals=30, seed=26)
    assert report.deals == 30


@pytest.mark.slow
@pytest.mark.parametrize("options", OPTION_SETS)
def test_batch_is_exact_for_the_options(options: dict[str, Any]) -> None:
    pytest.importorskip("numpy")
    from kozyr.batch.check import compare, compare_parties

    variant = kozyr.get_variant("seven-up", **options)
    assert compare(variant, 300, seed=26) == []
    assert compare_parties(variant, 30, seed=26) == []


def test_batch_plays_nine_tricks_after_one_run() -> None:
    pytest.importorskip("numpy")
    from kozyr.batch import RandomDraws

    variant = kozyr.get_variant("seven-up", players=2, keep_after_run=9)
    batch = variant.batch_form()
    assert batch is not None
    result = batch.play(2000, RandomDraws(5))
    per_deal = result.tricks.sum(axis=1)
    assert set(per_deal.tolist()) <= {0, 6, 9}  # 0: a void deal
    assert (per_deal == 9).any()


# --- properties ----------------------------------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    players=st.sampled_from([2, 3, 4]),
    keep=st.sampled_from([6, 9]),
)
def test_property_low_to_capturer_and_nine_cards(seed: int, players: int, keep: int) -> None:
    # SU-O2: Low is the lowest trump in play and goes to the seat whose tricks hold it; SU-O3:
    # every seat plays as many cards as it holds (9 after a single run when keeping nine).
    variant = kozyr.get_variant("seven-up", players=players, low_to="capturer", keep_after_run=keep)
    deal = kozyr.play_deal(variant, seed=seed, bots="random")
    result = deal.result()
    record = result.record
    if record.decisions.get("void"):
        return
    size = 9 if keep == 9 and len(record.turnups) == 2 else 6
    assert all(h is not None and len(h) == size for h in record.hands)
    assert record.tricks is not None and len(record.tricks) == size
    trump = record.turnups[-1].suit
    in_play = CardSet()
    for hand in record.hands:
        assert hand is not None
        in_play = in_play | hand
    trumps = sorted((c for c in in_play if c.suit == trump), key=lambda c: int(c.rank))
    lows = result.sheet.named("low")
    if not trumps:
        assert not lows
        return
    (low,) = lows
    taker = next(t.winner for t in record.tricks for p in t.plays if p.card == trumps[0])
    assert low.cards == (trumps[0],) and low.seat == taker
    assert kozyr.replay(record.to_json()).to_json() == result.to_json()


# --- keep and serve ask the new facts -----------------------------------------------------------


def test_keep_asks_the_revoke_and_scores_the_penalty(tmp_path: Any) -> None:
    # kozyr keep for two players with revoke=penalty and a game to 10: deal 1 is the D-SU7
    # example above (seat 0 revoked after High, Jack and Game; seat 1 Low): 1 : 2.
    from kozyr.keep import Keeper

    variant = kozyr.get_variant("seven-up", players=2, revoke="penalty", target=10)
    answers = ["", "9♥", "", "", "0", "1", "0", "0", "", "0", ""]
    path = tmp_path / "game.json"
    keeper = Keeper(
        str(path), variant, ["A", "B"], io.StringIO("".join(a + "\n" for a in answers)),
        io.StringIO(),
    )  # fmt: skip
    assert keeper.run() == 0
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["deals"][0]["revoke"] == 0
    assert data["options"]["target"] == 10
    result = kozyr.replay(data)
    assert isinstance(result, PartyResult)
    assert result.running == ((1, 2),)
    assert isinstance(keeper.out, io.StringIO)
    assert "Revoke (SU-O4" in keeper.out.getvalue()


def test_serve_form_has_the_revoke_field() -> None:
    pytest.importorskip("starlette")
    from kozyr.web.form import fields_of

    names = [f.name for f in fields_of(kozyr.get_variant("seven-up", revoke="penalty"))]
    assert names[-1] == "revoke"
    assert "revoke" not in [f.name for f in fields_of(kozyr.get_variant("seven-up"))]
