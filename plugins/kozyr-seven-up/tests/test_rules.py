"""Worked examples, one or more per rule and decision of Seven Up (SU1-SU7, D-SU1-D-SU4)
and the conventions C5, C6. Every expected number is worked out by hand in the comments."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from kozyr_seven_up.variant import SevenUp

import kozyr
from kozyr import (
    Action,
    Card,
    CardSet,
    Deal,
    Deck,
    IllegalActionError,
    IllegalPlayError,
    OptionError,
    RecordError,
)
from kozyr.testing import score_unproven

Stacked = Callable[..., Deal]

# The worked deal's hands (see conftest.WORKED_DEAL): trump ♥ from the turned 8♥.
HANDS = {
    0: "A♥ 2♣ K♠ 10♦ 5♦ 3♠",
    1: "J♥ 4♥ A♠ Q♠ 7♣ 8♦",
    2: "10♥ 2♥ K♣ 9♠ 6♦ 4♣",
    3: "3♥ A♣ 10♠ Q♦ 9♣ 7♠",
}
# Cards for running the stock (none is in HANDS or is 8♥): one packet of three a seat.
RUN1 = {1: "K♥ 2♠ 3♦", 2: "Q♥ 4♠ 4♦", 3: "9♥ 5♠ 7♦", 0: "7♥ 6♠ 9♦"}
RUN2 = {1: "Q♣ 3♣ 2♦", 2: "J♣ 5♣ A♦", 3: "10♣ 6♣ K♦", 0: "8♣ 8♠ J♦"}


def names(result: Any) -> list[tuple[str, int | None, int | None]]:
    """(name, seat, side) of every item, in the sheet's order."""
    return [(i.name, i.seat, i.side) for i in result.sheet.items]


def finish(deal: Deal) -> None:
    """Play out a deal with the first legal action each time."""
    while not deal.is_over:
        deal.play(deal.legal_actions()[0])


# --- SU1 players, C5 sides ----------------------------------------------------------------------


def test_su1_players_and_c5_sides() -> None:
    # SU1: 4 in two sides (default), 2 or 3 alone; C5: seats 0+2 against 1+3.
    assert kozyr.get_variant("seven-up").players == 4
    assert kozyr.get_variant("seven-up").sides == ((0, 2), (1, 3))
    for alias in ("all-fours", "high-low-jack", "семь-вверх"):
        assert kozyr.get_variant(alias).name == "seven-up"
    assert kozyr.get_variant("seven-up", players=2).sides is None
    assert kozyr.get_variant("seven-up", players=3).sides is None
    with pytest.raises(OptionError, match=r"players: 5 is not allowed; allowed: 2, 3, 4 \(SU1\)"):
        kozyr.get_variant("seven-up", players=5)


def test_c5_items_name_seat_and_side(worked: Callable[[], dict[str, Any]]) -> None:
    # C5: High (A♥, seat 0) and Low (2♥, seat 2) both go to side 0; Jack and Game (seat 1) to
    # side 1 -> points per side 1 + 1 = 2 and 1 + 1 = 2.
    result = kozyr.replay(worked())
    assert names(result) == [("high", 0, 0), ("low", 2, 0), ("jack", 1, 1), ("game", 1, 1)]
    assert result.points == (2, 2)


# --- SU2 deck, SU3 dealing ----------------------------------------------------------------------


def test_su2_su3_deal_from_a_seeded_deck() -> None:
    # SU3 with dealer 2: eldest is seat 3; packets of three go 3, 0, 1, 2 twice (cards 0-11 then
    # 12-23 of the shuffled deck); card 24 is turned up; the 27 others stay in the stock (SU2:
    # 52 = 4 * 6 + 1 + 27).
    variant = kozyr.get_variant("seven-up")
    deal = Deal.new(variant, seed=11, dealer=2)
    deck = Deck.of_size(52)
    deck.shuffle(random.Random(11))
    c = deck.cards
    for k, seat in enumerate((3, 0, 1, 2)):
        assert deal.hand(seat) == CardSet(c[3 * k : 3 * k + 3] + c[12 + 3 * k : 15 + 3 * k])
    assert deal.turnups == (c[24],) and deal.trump == c[24].suit
    assert deal.state.stock == c[25:] and len(deal.state.stock) == 27
    assert (deal.phase, deal.to_act) == ("beg", 3)


def test_su2_ace_is_high(worked: Callable[[], dict[str, Any]]) -> None:
    # SU2: A K Q J 10 ... 2 -- trick 1 "A♠ 9♠ 7♠ 3♠" goes to the ace (seat 1), trick 3's A♥
    # beats 10♥ and 4♥.
    result = kozyr.replay(worked())
    assert isinstance(result, kozyr.DealResult)
    assert result.record.tricks is not None
    assert [t.winner for t in result.record.tricks][:3] == [1, 3, 0]


def test_su3_turned_jack_scores_for_the_dealer(worked: Callable[[], dict[str, Any]]) -> None:
    # SU3: J♦ turned up (trump ♦) gives the dealer (seat 0, side 0) one point before play.
    # Trumps in play then: 10♦ 5♦ (seat 0), 8♦ (1), 6♦ (2), Q♦ (3): High Q♦ -> seat 3,
    # Low 5♦ -> seat 0; the jack is the turn-up, so no Jack item (SU6).
    # (A summary with the worked deal's won cards: the play itself would differ with ♦ trump.)
    data = worked()
    del data["tricks"]
    data["turnups"] = ["J♦"]
    data["won"] = [
        "10♠ A♥ 4♥ 10♥",
        "A♠ 9♠ 7♠ 3♠ 10♦ J♥ 6♦ Q♦ 8♦ 4♣ 9♣ 5♦",
        "",
        "Q♠ 2♥ 3♥ K♠ 7♣ K♣ A♣ 2♣",
    ]
    result = score_unproven(data)
    # Game: side 0 = 10+4+10 = 24, side 1 = 4 + (10+1+2) + (2+3) + (3+4) = 29 -> side 1 (seat 1
    # took 17 of them, seat 3 12).
    assert names(result) == [
        ("turned_jack", 0, 0),
        ("high", 3, 1),
        ("low", 0, 0),
        ("game", 1, 1),
    ]
    assert result.sheet.items[0].cards == (Card.parse("J♦"),)
    assert result.sheet.items[0].rule == "SU3"
    assert result.points == (2, 2)


# --- SU4 stand or beg ---------------------------------------------------------------------------


def test_su4_stand_then_play_reproduces_the_worked_deal(
    stacked: Stacked, worked: Callable[[], dict[str, Any]]
) -> None:
    # SU4: only eldest (seat 1) decides first; standing keeps ♥ and eldest leads (C2).
    deal = stacked(HANDS, ["8♥"])
    assert [str(a) for a in deal.legal_actions()] == ["seat 1: stand", "seat 1: beg"]
    deal.play(Action("stand", 1))
    assert (deal.phase, deal.to_act, deal.trump) == ("play", 1, Card.parse("8♥").suit)
    for trick in worked()["tricks"]:
        for card in trick.split():
            deal.play_card(card)
    assert deal.is_over
    assert deal.result().to_json() == kozyr.replay(worked()).to_json()


def test_su4_beg_and_give(stacked: Stacked) -> None:
    # SU4: eldest begs, the dealer (seat 0) chooses; giving scores 1 for eldest's side (side 1)
    # and ♥ stays trump. Eldest may beg only once: play starts at once.
    deal = stacked(HANDS, ["8♥"])
    with pytest.raises(IllegalActionError, match=r"seat 1's turn \(eldest\).*\(SU4\)"):
        deal.play(Action("give", 0))
    deal.play(Action("beg", 1))
    assert (deal.phase, deal.to_act) == ("give_or_run", 0)
    assert [a.kind for a in deal.legal_actions()] == ["give", "run"]
    deal.play(Action("give", 0))
    assert (deal.phase, deal.to_act, deal.facts["beg"]) == ("play", 1, "give")
    finish(deal)
    result = deal.result()
    gift = result.sheet.named("gift")
    assert [(g.seat, g.side, g.points, g.rule) for g in gift] == [(1, 1, 1, "SU4")]
    assert result.sheet.items[0].name == "gift"  # counted before play (SU7)


def test_su4_run_once_then_discard_back_to_six(stacked: Stacked) -> None:
    # SU4: the dealer runs; 8♥ goes under the stock, three more each (9 cards), and 8♠ changes
    # the suit and becomes trump without more choice. Each player then discards 3 (9 - 6),
    # eldest first, one card at a time; discards are out of play.
    deal = stacked(HANDS, ["8♥", "8♠"], [RUN1])
    deal.play(Action("beg", 1))
    deal.play(Action("run", 0))
    assert deal.turnups == (Card.parse("8♥"), Card.parse("8♠"))
    assert deal.trump == Card.parse("8♠").suit
    assert deal.hand(1) == CardSet.parse(HANDS[1] + " " + RUN1[1])
    assert deal.state.stock[-1] == Card.parse("8♥")  # under the stock
    assert (deal.phase, deal.to_act) == ("discard", 1)
    assert {a.kind for a in deal.legal_actions()} == {"discard"}
    for seat in (1, 2, 3, 0):
        for _ in range(3):
            assert deal.to_act == seat
            deal.play(deal.legal_actions()[0])
    assert deal.phase == "play" and deal.to_act == 1  # no second beg: eldest leads
    assert all(len(deal.hand(s)) == 6 for s in range(4))
    assert [len(d) for d in deal.facts["discards"]] == [3, 3, 3, 3]
    finish(deal)
    result = kozyr.replay(deal.record.to_json())
    assert result.to_json() == deal.result().to_json()
    # High/Low are among the ♠ in play after the discards, never a discarded spade.
    in_play = CardSet()
    for hand in result.record.hands:
        assert hand is not None
        in_play = in_play | hand
    high = result.sheet.named("high")[0].cards[0]
    assert high in in_play and high.suit == deal.trump


def test_su4_running_repeats_while_the_suit_repeats_and_d_su1(stacked: Stacked) -> None:
    # SU4: 5♥ repeats the refused ♥, so the dealer runs again; J♠ changes the suit -> trump ♠.
    # D-SU1: a jack turned up while running scores 1 for the dealer (seat 0, side 0) when its
    # suit becomes trump. Every seat holds 6 + 3 + 3 = 12 and discards 6.
    deal = stacked(HANDS, ["8♥", "5♥", "J♠"], [RUN1, RUN2])
    deal.play(Action("beg", 1))
    deal.play(Action("run", 0))
    assert [str(c) for c in deal.turnups] == ["8♥", "5♥", "J♠"]
    assert all(len(deal.hand(s)) == 12 for s in range(4))
    finish(deal)
    result = deal.result()
    jack = result.sheet.named("turned_jack")
    assert [(j.seat, j.side, j.cards, j.rule) for j in jack] == [
        (0, 0, (Card.parse("J♠"),), "D-SU1")
    ]
    assert [len(d) for d in deal.facts["discards"]] == [6, 6, 6, 6]
    assert not result.sheet.named("gift")


def test_d_su1_jack_of_the_refused_suit_scores_nothing(
    worked_summary: Callable[[], dict[str, Any]],
) -> None:
    # D-SU1: J♥ turned while running repeats the refused ♥ -> no point; 2♦ then makes ♦ trump.
    # (Seat 1 holds 9♥ in place of J♥.) Trumps in play: 10♦ 5♦ (0), 8♦ (1), 6♦ (2), Q♦ (3):
    # High Q♦ -> seat 3, Low 5♦ -> seat 0; J♦ is not in play -> no Jack.
    # Game: side 0 = 10♠ A♥ 10♥ = 24; side 1 = A♠ 4 + 10♦ 10 + Q♦ 2 + Q♠ 2 + K♠ 3 + K♣ 3
    # + A♣ 4 = 28 -> side 1 (seat 1 took 16, seat 3 12).
    data = worked_summary()
    data["hands"] = [h.replace("J♥", "9♥") for h in data["hands"]]
    data["won"] = [w.replace("J♥", "9♥") for w in data["won"]]
    data["turnups"] = ["8♥", "J♥", "2♦"]
    data["beg"] = "run"
    result = score_unproven(data)
    assert names(result) == [("high", 3, 1), ("low", 0, 0), ("game", 1, 1)]
    assert result.extra["game_points"] == [24, 28]


def test_d_su2_void_when_the_stock_runs_short(stacked: Stacked) -> None:
    # D-SU2 with 4 players: 52 - 24 - 1 = 27 unseen cards; a run takes 4 * 3 + 1 = 13, so two
    # runs leave 1 card. 8♥, 5♥, 6♥ all show the refused ♥: a third run is impossible and the
    # deal is void; every seat still holds its 12 cards and nothing is played.
    deal = stacked(HANDS, ["8♥", "5♥", "6♥"], [RUN1, RUN2])
    deal.play(Action("beg", 1))
    deal.play(Action("run", 0))
    assert deal.is_over and deal.facts["void"] is True
    result = deal.result()
    assert result.sheet.items == () and result.points == (0, 0)
    assert result.extra["void"] is True
    again = kozyr.replay(deal.record.to_json())
    assert again.to_json() == result.to_json()


def test_d_su2_two_players_never_deal_the_turned_cards_again(stacked: Stacked) -> None:
    # D-SU2 with 2 players: 52 - 12 - 1 = 39 unseen; a run takes 2 * 3 + 1 = 7 -> 5 runs
    # (35 cards) leave 4 unseen cards, fewer than 7, so after six spades turned in a row the deal
    # is void. (Bug fixed: the turn-ups put under the stock were counted as stock, a sixth run
    # dealt the refused spades back into the hands and the record no longer replayed.)
    hands = {1: "2♥ 3♥ 4♥ 5♥ 6♥ 7♥", 0: "8♥ 9♥ 10♥ J♥ Q♥ K♥"}
    plain = [c for c in kozyr.ALL_CARDS if c.suit in (kozyr.Suit.CLUBS, kozyr.Suit.DIAMONDS)]
    plain += [Card.parse(c) for c in ("A♥", "8♠", "9♠", "10♠")]
    runs = []
    for r in range(5):
        chunk = plain[6 * r : 6 * r + 6]
        runs.append({1: " ".join(map(str, chunk[:3])), 0: " ".join(map(str, chunk[3:]))})
    turnups = ["2♠", "3♠", "4♠", "5♠", "6♠", "7♠"]
    deal = stacked(hands, turnups, runs, players=2)
    deal.play(Action("beg", 1))
    deal.play(Action("run", 0))
    assert deal.is_over and deal.facts["void"] is True
    assert [str(c) for c in deal.turnups] == turnups
    assert all(len(deal.hand(s)) == 6 + 3 * 5 for s in range(2))
    assert not any(c in deal.hand(s) for c in deal.turnups for s in range(2))
    assert kozyr.replay(deal.record.to_json()).points == (0, 0)


def test_d_su2_void_deal_keeps_the_turned_jack_and_the_dealer_deals_again() -> None:
    # D-SU2: points already scored stand -- J♥ turned first scores for the dealer (SU3) though
    # ♥ is refused and the stock then runs short (♥ twice more). The same dealer deals again.
    void = {
        "dealer": 1,
        "hands": [
            "A♠ K♠ Q♠ 10♠ 9♠ 8♠ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣",
            "A♦ K♦ Q♦ J♦ 10♦ 9♦ 8♦ 7♦ 6♦ 5♦ 4♦ 3♦",
            "A♣ K♣ Q♣ J♣ 10♣ 9♣ 8♣ 2♠ 3♠ 4♠ 5♠ 6♠",
            "A♥ K♥ Q♥ 10♥ 9♥ 8♥ 7♥ 6♥ 5♥ 2♦ 7♠ J♠",
        ],
        "turnups": ["J♥", "2♥", "3♥"],
        "beg": "run",
        "void": True,
    }
    result = kozyr.replay({"variant": "seven-up", **void})
    assert names(result) == [("turned_jack", 1, 1)]
    assert result.points == (0, 1)
    party = {"variant": "seven-up", "deals": [void, {**void, "dealer": 2}]}
    with pytest.raises(RecordError) as error:
        kozyr.replay(party)
    assert error.value.path == "$.deals[1].dealer"
    assert "seat 1 deals this deal, not seat 2 (SU2, D-SU2)" in str(error.value)


def test_d_su4_three_players_gift_goes_to_each_opponent() -> None:
    # D-SU4: with three players the dealer (seat 2) who gives gives 1 to each opponent: seats 0
    # and 1. Hands (one trump, 2♥, at seat 0 -> High and Low); seat 0 wins 10♣: Game to seat 0.
    record = {
        "variant": "seven-up",
        "options": {"players": 3},
        "dealer": 2,
        "hands": ["2♥ 10♣ 2♣ 3♣ 4♣ 5♣", "2♦ 3♦ 4♦ 5♦ 6♦ 7♦", "2♠ 3♠ 4♠ 5♠ 6♠ 7♠"],
        "turnup": "9♥",
        "beg": "give",
        "won": ["2♥ 10♣ 2♦ 2♠ 2♣ 3♦", "3♣ 4♦ 3♠ 4♣ 5♦ 4♠", "5♣ 6♦ 5♠ 6♠ 7♦ 7♠"],
    }
    result = score_unproven(record)
    # 1 (gift) + 1 (High) + 1 (Low) + 1 (Game) = 4 for seat 0; 1 (gift) for seat 1.
    assert names(result) == [
        ("gift", 0, None),
        ("gift", 1, None),
        ("high", 0, None),
        ("low", 0, None),
        ("game", 0, None),
    ]
    assert {i.rule for i in result.sheet.named("gift")} == {"D-SU4"}
    assert result.points == (4, 1, 0)


def test_d_su4_no_gift_that_would_bring_the_beggar_to_seven(stacked: Stacked) -> None:
    # D-SU4: eldest's side (1) has 6; a gift would make it 7, so the dealer must run.
    deal = stacked(HANDS, ["8♥"], context={"scores": [5, 6]})
    deal.play(Action("beg", 1))
    assert [a.kind for a in deal.legal_actions()] == ["run"]
    with pytest.raises(IllegalActionError):
        deal.play(Action("give", 0))
    # Side 0 at 6 does not matter: the gift goes to eldest's side (5 + 1 = 6 < 7).
    deal = stacked(HANDS, ["8♥"], context={"scores": [6, 5]})
    deal.play(Action("beg", 1))
    assert [a.kind for a in deal.legal_actions()] == ["give", "run"]
    # gift_may_win lifts the restriction.
    deal = stacked(HANDS, ["8♥"], context={"scores": [5, 6]}, gift_may_win=True)
    deal.play(Action("beg", 1))
    assert [a.kind for a in deal.legal_actions()] == ["give", "run"]


# Three players, dealer seat 0: eldest seat 1, then seat 2 (C1, C2). No trump in play with the
# turned 9♥ and nobody holding a heart; every seat wins its own cards, the Game counts tie 20 : 20 :
# 20 (10 + 4 + 3 + 2 + 1 each), so D-SU3 gives nobody Game: a gift deal scores the gifts only.
GIFT3_HANDS = ["A♣ K♣ Q♣ J♣ 10♣ 9♣", "A♠ K♠ Q♠ J♠ 10♠ 9♠", "A♦ K♦ Q♦ J♦ 10♦ 9♦"]
GIFT3_DEAL = {"hands": GIFT3_HANDS, "turnups": ["9♥"], "beg": "give", "won": GIFT3_HANDS}


def test_d_su4_three_players_no_gift_that_puts_the_other_opponent_out(stacked: Stacked) -> None:
    # D-SU4 (Foster: "The dealer cannot give a player enough to put him out"): dealer 0, eldest
    # seat 1 begs at 3 points, seat 2 has 6. The gift gives 1 to each opponent: seat 1 -> 4,
    # seat 2 -> 7, which would put seat 2 out, so the dealer must run, although the beggar
    # himself stays below 7 (before the correction only the beggar was checked).
    hands = {0: "2♣ 3♣ 4♣ 5♣ 6♣ 7♣", 1: "2♠ 3♠ 4♠ 5♠ 6♠ 7♠", 2: "2♦ 3♦ 4♦ 5♦ 6♦ 7♦"}
    deal = stacked(hands, ["9♥"], players=3, context={"scores": [0, 3, 6], "target": 7})
    deal.play(Action("beg", 1))
    assert [a.kind for a in deal.legal_actions()] == ["run"]
    with pytest.raises(IllegalActionError):
        deal.play(Action("give", 0))
    # The dealer's own score does not matter: he receives nothing (6 : 3 : 5 -> 6 : 4 : 6).
    deal = stacked(hands, ["9♥"], players=3, context={"scores": [6, 3, 5], "target": 7})
    deal.play(Action("beg", 1))
    assert [a.kind for a in deal.legal_actions()] == ["give", "run"]


def test_d_su4_three_players_record_names_the_receiver_put_out() -> None:
    # D-SU4 in a party record: deal 1 (dealer 0) gives seats 1 and 2 a point each -> 0 : 1 : 1;
    # with target 2, deal 2 (dealer 1, eldest seat 2, then seat 0) would bring seat 2 to 2, so
    # the record's "give" is refused, naming seat 2 (the beggar); deal 2 dealt by seat 2 instead
    # (eldest seat 0 at 0, seat 1 at 1 -> 2) is refused naming seat 1, the other opponent.
    first = {"dealer": 0, **GIFT3_DEAL}
    options = {"players": 3}
    party = {"variant": "seven-up", "options": options, "target": 2}
    with pytest.raises(RecordError) as error:
        score_unproven({**party, "deals": [first, {**first, "dealer": 1}]})
    assert error.value.path == "$.deals[1].beg"
    assert "brings seat 2 to 2; he must run (D-SU4)" in str(error.value)
    # a party whose second deal is dealt by seat 2 breaks the rotation, so check one deal
    # against the party context directly: scores 0 : 1 : 1, dealer 2 -> receivers 0 then 1.
    variant = kozyr.get_variant("seven-up", **options)
    assert isinstance(variant, SevenUp)
    assert variant.gift_receivers(2) == [0, 1]
    assert variant.gift_blocker({"scores": [0, 1, 1], "target": 2}, 2) == 1
    assert variant.gift_blocker({"scores": [0, 1, 1], "target": 3}, 2) is None


def test_d_su4_gift_may_win_scores_gifts_in_play_order_from_eldest() -> None:
    # D-SU4 with gift_may_win: one deal, target 1, dealer 1 -> eldest seat 2, then seat 0
    # (C2, C1). Both reach 1 on the gift; eldest's point counts first, so seat 2 wins the game
    # (counting in seat-number order gave it to seat 0).
    options = {"players": 3, "gift_may_win": True}
    party = {
        "variant": "seven-up",
        "options": options,
        "target": 1,
        "deals": [{"dealer": 1, **GIFT3_DEAL}],
    }
    result = score_unproven(party)
    gifts = [(i.name, i.seat, i.rule) for i in result.deals[0].sheet.items]
    assert gifts == [("gift", 2, "D-SU4"), ("gift", 0, "D-SU4")]
    assert result.running == ((1, 0, 1),)
    assert result.winner == 2
    # Dealer 2: eldest seat 0, then seat 1 -> seat 0 wins.
    party["deals"] = [{"dealer": 2, **GIFT3_DEAL}]
    result = score_unproven(party)
    assert [i.seat for i in result.deals[0].sheet.items] == [0, 1]
    assert result.winner == 0
    # Without the option neither gift may be given at target 1 (both would put a player out).
    with pytest.raises(RecordError, match=r"brings seat 0 to 1; he must run \(D-SU4\)"):
        score_unproven({**party, "options": {"players": 3}})


# --- SU5 play, C6 trick winner -----------------------------------------------------------------


def test_su5_follow_or_trump(stacked: Stacked) -> None:
    deal = stacked(HANDS, ["8♥"])
    deal.play(Action("stand", 1))
    deal.play_card("A♠")
    # Seat 2 holds 9♠: it may follow or trump (10♥, 2♥) but not throw K♣ (SU5).
    assert deal.legal_plays() == CardSet.parse("9♠ 10♥ 2♥")
    with pytest.raises(IllegalPlayError) as error:
        deal.play_card("K♣")
    assert str(error.value) == "seat 2: K♣ neither follows the suit led ♠ nor trumps (SU5)"
    for card in ("9♠", "7♠", "3♠", "Q♠"):
        deal.play_card(card)
    # Trick 2, Q♠ led: seat 2 is void in ♠ and holds trumps, so it must trump (SU5 default).
    assert deal.legal_plays() == CardSet.parse("10♥ 2♥")
    with pytest.raises(IllegalPlayError) as error:
        deal.play_card("6♦")
    assert str(error.value) == (
        "seat 2: 6♦ is not a trump, and a player void in ♠ holding a trump must trump (SU5)"
    )


def test_su5_void_may_discard_option(stacked: Stacked) -> None:
    # Option void_may_discard (modern rule): the void seat 2 may play anything to Q♠.
    deal = stacked(HANDS, ["8♥"], void_may_discard=True)
    deal.play(Action("stand", 1))
    for card in ("A♠", "9♠", "7♠", "3♠", "Q♠"):
        deal.play_card(card)
    assert deal.legal_plays() == CardSet.parse("10♥ 2♥ K♣ 6♦ 4♣")


def test_su5_void_without_trumps_plays_anything(worked: Callable[[], dict[str, Any]]) -> None:
    # Trick 5 of the worked deal: 8♦ led, seat 2 holds K♣ 4♣ (no ♦, no ♥) and throws 4♣; seat 3
    # throws 9♣. C6: with no trump the highest ♦ wins: 8♦ over 5♦ -> seat 1, though 9♣ is higher.
    result = kozyr.replay(worked())
    assert result.record.tricks is not None
    assert [t.winner for t in result.record.tricks] == [1, 3, 0, 1, 1, 3]
    assert result.tricks == (1, 3, 0, 2)


def test_c6_highest_trump_wins(stacked: Stacked) -> None:
    # C6: trick 2 "Q♠ 2♥ 3♥ K♠": K♠ is the best spade but two trumps were played; the higher,
    # 3♥ (seat 3), wins.
    deal = stacked(HANDS, ["8♥"])
    deal.play(Action("stand", 1))
    for card in "A♠ 9♠ 7♠ 3♠ Q♠ 2♥ 3♥ K♠".split():
        deal.play_card(card)
    assert deal.tricks[1].winner == 3
    assert deal.to_act == 3  # C2: the winner leads


# --- SU6 points of a deal -----------------------------------------------------------------------


def test_su6_worked_deal(worked: Callable[[], dict[str, Any]]) -> None:
    # Trumps in play: A♥ (seat 0), J♥ 4♥ (1), 10♥ 2♥ (2), 3♥ (3).
    # High A♥ -> seat 0. Low 2♥ -> seat 2, the seat it was dealt to, though seat 3 won it in
    # trick 2. Jack J♥ -> seat 1, who won trick 4 with it.
    # Game: side 0 won trick 3 = 10♠ A♥ 4♥ 10♥ = 10 + 4 + 0 + 10 = 24; side 1 won A♠ (4),
    # Q♠ K♠ (2 + 3), 10♦ J♥ Q♦ (10 + 1 + 2), K♣ A♣ (3 + 4) = 29; 24 + 29 = 53, all counting
    # cards in play. 29 > 24 -> Game to side 1, credited to seat 1 (17 of the 29; seat 3 has 12).
    result = kozyr.replay(worked())
    assert result.extra["game_points"] == [24, 29]
    items = {i.name: i for i in result.sheet.items}
    assert items["high"].cards == (Card.parse("A♥"),)
    assert items["low"].cards == (Card.parse("2♥"),)
    assert items["jack"].cards == (Card.parse("J♥"),)
    assert CardSet(items["game"].cards) == CardSet.parse("A♠ Q♠ K♠ 10♦ J♥ Q♦ K♣ A♣")
    assert all(i.points == 1 and i.rule == "SU6" for i in result.sheet.items)
    assert result.points == (2, 2)


def test_su6_jack_goes_to_whoever_wins_it(worked_summary: Callable[[], dict[str, Any]]) -> None:
    # Summary: seat 0 won J♥ (dealt to seat 1). Jack -> seat 0. Game: side 0 = 24 + 10♦ J♥ Q♦
    # (13) = 37, side 1 = A♠ (4) + Q♠ K♠ (5) + K♣ A♣ (7) = 16 -> side 0. Points 4 : 0.
    data = worked_summary()
    data["won"] = [
        "10♠ A♥ 4♥ 10♥ 10♦ J♥ 6♦ Q♦",
        "A♠ 9♠ 7♠ 3♠ 8♦ 4♣ 9♣ 5♦",
        "",
        "Q♠ 2♥ 3♥ K♠ 7♣ K♣ A♣ 2♣",
    ]
    result = score_unproven(data)
    assert names(result) == [("high", 0, 0), ("low", 2, 0), ("jack", 0, 0), ("game", 0, 0)]
    assert result.extra["game_points"] == [37, 16]
    assert result.points == (4, 0)


def test_su6_one_trump_is_high_and_low_and_jack_absent() -> None:
    # Two players; the only ♥ in play is 7♥ (seat 1): High and Low, 2 points. J♥ is not in play,
    # so no Jack. Game: seat 0 took A♠ K♠ = 4 + 3 = 7 against 0 -> seat 0. Points 1 : 2.
    record = {
        "variant": "seven-up",
        "options": {"players": 2},
        "dealer": 0,
        "hands": ["A♠ K♠ 2♣ 3♣ 4♣ 5♣", "7♥ 2♠ 3♠ 4♠ 2♦ 3♦"],
        "turnups": ["9♥"],
        "won": ["A♠ 2♠ K♠ 3♠ 2♣ 2♦", "7♥ 3♣ 4♠ 4♣ 3♦ 5♣"],
    }
    result = score_unproven(record)
    assert names(result) == [("high", 1, None), ("low", 1, None), ("game", 0, None)]
    assert result.sheet.items[0].cards == result.sheet.items[1].cards == (Card.parse("7♥"),)
    assert result.points == (1, 2)
    assert result.tricks == (3, 3)


def test_su6_no_trump_in_play_no_high_or_low() -> None:
    # Three players, no ♥ in any hand: no High, Low or Jack. Counts: seat 0 10♣ = 10, seat 2
    # 10♠ = 10, seat 1 0 -- a tie.
    record = {
        "variant": "seven-up",
        "options": {"players": 3},
        "dealer": 0,
        "hands": ["10♣ 2♣ 3♣ 4♣ 5♣ 6♣", "2♦ 3♦ 4♦ 5♦ 6♦ 7♦", "10♠ 2♠ 3♠ 4♠ 5♠ 6♠"],
        "turnups": ["9♥"],
        "won": ["10♣ 2♦ 2♠ 3♣ 3♦ 3♠ 4♣ 4♦ 4♠", "5♣ 5♦ 5♠", "10♠ 6♣ 6♦ 6♠ 7♦ 2♣"],
    }
    # D-SU3 default: a tie scores no Game -> no item at all.
    result = score_unproven(record)
    assert result.sheet.items == () and result.extra["game_points"] == [10, 0, 10]
    assert result.tricks == (3, 1, 2)
    # game_tie=eldest gives it to the first tied seat from eldest (1 has 0 -> not tied; then 2).
    # (Bug fixed: it went to eldest, seat 1, who took no counting card.)
    record["options"] = {"players": 3, "game_tie": "eldest"}
    result = score_unproven(record)
    assert names(result) == [("game", 2, None)]
    assert result.sheet.items[0].rule == "D-SU3"
    assert result.points == (0, 0, 1)


def test_d_su3_game_tie() -> None:
    # Two players: seat 0 takes 10♣ (10), seat 1 takes 10♦ (10): a tie.
    # High 7♥ (seat 1), Low 2♥ (seat 0). Default: no Game -> 1 : 1.
    # game_tie=eldest: Game to eldest, the non-dealer seat 1 -> 1 : 2.
    record: dict[str, Any] = {
        "variant": "seven-up",
        "options": {"players": 2},
        "dealer": 0,
        "hands": ["10♣ 2♥ 3♣ 4♣ 5♣ 6♣", "10♦ 2♦ 3♦ 4♦ 5♦ 7♥"],
        "turnups": ["9♥"],
        "won": ["10♣ 2♦ 3♣ 3♦ 4♣ 4♦", "10♦ 2♥ 5♣ 5♦ 6♣ 7♥"],
    }
    result = score_unproven(record)
    assert names(result) == [("high", 1, None), ("low", 0, None)]
    assert result.extra["game_points"] == [10, 10]
    assert result.points == (1, 1)
    record["options"]["game_tie"] = "eldest"
    result = score_unproven(record)
    assert names(result)[-1] == ("game", 1, None)
    assert result.points == (1, 2)


# --- SU7 the game to seven -----------------------------------------------------------------------

# Four fixed hands and six fixed "tricks" (packets of four won cards) used to build summary deals.
# Trump ♥ (turned 9♥). A♥ is High, 2♥ Low, J♥ the Jack; counting cards: A♥ 4, J♥ 1, 10♣ 10.
H = {
    "A": "A♥ 3♣ 4♣ 5♣ 6♣ 7♣",
    "B": "2♥ 3♦ 4♦ 5♦ 6♦ 7♦",
    "C": "J♥ 3♠ 4♠ 5♠ 6♠ 7♠",
    "D": "10♣ 8♣ 8♦ 8♠ 9♣ 9♦",
}
P = {
    1: "A♥ 3♦ 3♠ 8♣",  # 4
    2: "J♥ 4♦ 4♠ 8♦",  # 1 (the Jack)
    3: "10♣ 3♣ 5♠ 8♠",  # 10
    4: "4♣ 5♦ 6♠ 9♣",  # 0
    5: "5♣ 6♦ 7♠ 9♦",  # 0
    6: "6♣ 7♣ 2♥ 7♦",  # 0
}


def packet_deal(dealer: int, holders: str, won: dict[int, tuple[int, ...]], **extra: Any) -> Any:
    """A summary deal: ``holders[s]`` names the hand (A-D) seat s holds; ``won[s]`` the packets
    seat s won."""
    return {
        "dealer": dealer,
        "hands": [H[h] for h in holders],
        "turnups": ["9♥"],
        "won": [" ".join(P[p] for p in won.get(s, ())) for s in range(4)],
        **extra,
    }


# Deal 1 (dealer 0): A at 0, B at 2 -> High, Low side 0; seat 0 wins packets 1-3 -> Jack and
# Game (15 : 0) side 0. 4 : 0.
DEAL1 = packet_deal(0, "ACBD", {0: (1, 2, 3), 1: (4,), 2: (6,), 3: (5,)})
# Deal 2 (dealer 1): A at 1, B at 3, seat 3 wins 1-3 -> everything to side 1. 4 : 4.
DEAL2 = packet_deal(1, "CADB", {3: (1, 2, 3), 0: (4,), 1: (5,), 2: (6,)})
# Deal 3 (dealer 2): A at 2 (High, side 0), B at 1 (Low, side 1); seat 0 wins the Jack (packet
# 2, count 1), seat 3 packet 3 (10) and seat 1 packet 1 (4): Game side 1, 14 : 1. 6 : 6.
DEAL3 = packet_deal(2, "DBAC", {0: (2,), 1: (1, 4), 2: (5,), 3: (3, 6)})
# Deal 3' (dealer 2): no counting card at all and trumps 9♥ (seat 0) and 2♥ (seat 1) only:
# High side 0, Low side 1, no Jack, Game tied 0 : 0 (D-SU3). From 4 : 4 to 5 : 5.
DEAL3_LOW = {
    "dealer": 2,
    "hands": [
        "9♥ 2♣ 3♣ 4♣ 5♣ 6♣",
        "2♥ 2♦ 3♦ 4♦ 5♦ 6♦",
        "2♠ 3♠ 4♠ 5♠ 6♠ 7♠",
        "7♣ 7♦ 8♣ 8♦ 8♠ 9♠",
    ],
    "turnups": ["8♥"],
    "won": [
        "9♥ 2♥ 2♠ 7♣",
        "2♣ 2♦ 3♠ 7♦",
        "3♣ 3♦ 4♠ 8♣ 4♣ 4♦ 5♠ 8♦",
        "5♣ 5♦ 6♠ 8♠ 6♣ 6♦ 7♠ 9♠",
    ],
}


def party(*deals: Any, **fields: Any) -> Any:
    return {"variant": "seven-up", "deals": list(deals), **fields}


def test_su7_running_score_and_winner_in_high_low_jack_game_order() -> None:
    # Source example 1: from 5 : 5, side 0 makes High and Low, side 1 Jack and Game. Counted in
    # order: High 6 : 5, Low 7 : 5 -> side 0 wins, though the deal ends 7 : 7.
    # Deal 4 (dealer 3): A at 0 (High), B at 2 (Low); seat 1 wins packet 2 (Jack) and 3 (10),
    # seat 0 packet 1 (4): Game side 1, 11 : 4.
    deal4 = packet_deal(3, "ACBD", {0: (1, 4), 1: (2, 3), 2: (5,), 3: (6,)})
    result = score_unproven(party(DEAL1, DEAL2, DEAL3_LOW, deal4))
    assert isinstance(result, kozyr.PartyResult)
    assert result.running == ((4, 0), (4, 4), (5, 5), (7, 7))
    assert (result.winner, result.loser) == (0, 1)
    assert result.extra["scores"] == [7, 7] and result.extra["target"] == 7
    # The stake: each loser pays 1, shared by the two winners (kozyr's choice; the rules name none).
    assert result.settlement.net() == [1, -1, 1, -1]


def test_su7_second_source_example() -> None:
    # Source example 2: from 5 : 5, side 0 makes High and Game, side 1 Low and Jack. In order:
    # High 6 : 5, Low 6 : 6, Jack 6 : 7 -> side 1 wins; Game (7 : 7) comes too late.
    # Deal 4 (dealer 3): A at 0 (High), B at 1 (Low); seat 3 wins packet 2 (Jack, 1), seat 2
    # packets 1 and 3 (4 + 10): Game side 0, 14 : 1.
    deal4 = packet_deal(3, "ABDC", {0: (4,), 1: (5,), 2: (1, 3), 3: (2, 6)})
    result = score_unproven(party(DEAL1, DEAL2, DEAL3_LOW, deal4))
    assert isinstance(result, kozyr.PartyResult)
    assert result.running[-1] == (7, 7)
    assert (result.winner, result.loser) == (1, 0)


def test_su7_turned_jack_counts_before_play() -> None:
    # 6 : 6 after deals 1, 2, 3. Deal 4 (dealer 3, side 1) turns up J♥: the dealer's point comes
    # first -> 6 : 7, side 1 wins, although side 0 then makes High, Low and Game (9 : 7).
    # (J♥ is the turn-up, so hand C holds J♦ instead and packet 2 has J♦.)
    deal4 = packet_deal(3, "ACBD", {0: (1, 2, 3), 1: (4,), 2: (5,), 3: (6,)})
    deal4["turnups"] = ["J♥"]
    deal4["hands"][1] = deal4["hands"][1].replace("J♥", "J♦")
    deal4["won"][0] = deal4["won"][0].replace("J♥", "J♦")
    result = score_unproven(party(DEAL1, DEAL2, DEAL3, deal4))
    assert isinstance(result, kozyr.PartyResult)
    assert result.running == ((4, 0), (4, 4), (6, 6), (9, 7))
    assert result.winner == 1
    assert result.deals[-1].sheet.items[0].name == "turned_jack"


def test_su7_gift_counts_before_play_and_d_su4_in_a_party() -> None:
    # 6 : 6; deal 4: dealer 3, eldest 0 (side 0) begs. D-SU4: the gift would bring side 0 to 7,
    # so "give" is refused with the JSON path of the beg.
    deal4 = packet_deal(3, "BCAD", {1: (1, 2, 3), 0: (4,), 2: (5,), 3: (6,)}, beg="give")
    with pytest.raises(RecordError) as error:
        score_unproven(party(DEAL1, DEAL2, DEAL3, deal4))
    assert error.value.path == "$.deals[3].beg"
    assert error.value.detail == (
        "the dealer may not give a point that brings the beggar to 7; he must run (D-SU4)"
    )
    # With gift_may_win the gift is the first point of the deal: 7 : 6, side 0 wins, though
    # side 1 makes Jack and Game after (High A♥ seat 2 and Low 2♥ seat 0 are side 0's too).
    data = party(DEAL1, DEAL2, DEAL3, deal4, options={"gift_may_win": True})
    result = score_unproven(data)
    assert isinstance(result, kozyr.PartyResult)
    assert [i.name for i in result.deals[-1].sheet.items] == ["gift", "high", "low", "jack", "game"]
    assert result.running[-1] == (9, 8) and result.winner == 0


def test_su7_no_deal_after_the_game_is_won() -> None:
    # After deal 4 of example 1 the game is over; a fifth deal is an error at its path.
    deal4 = packet_deal(3, "ACBD", {0: (1, 4), 1: (2, 3), 2: (5,), 3: (6,)})
    with pytest.raises(RecordError) as error:
        score_unproven(party(DEAL1, DEAL2, DEAL3_LOW, deal4, DEAL1))
    assert error.value.path == "$.deals[4]"
    assert error.value.detail == "the party was already over before this deal"


def test_su7_unfinished_party_has_no_winner() -> None:
    result = score_unproven(party(DEAL1, DEAL2))
    assert isinstance(result, kozyr.PartyResult)
    assert result.running == ((4, 0), (4, 4))
    assert result.winner is None and result.loser is None
    assert result.settlement.net() == [0, 0, 0, 0]


def test_su7_party_target_field() -> None:
    # "target": 4 -- deal 1 alone (4 : 0) wins the game; a bad target is reported at $.target.
    result = score_unproven(party(DEAL1, target=4))
    assert isinstance(result, kozyr.PartyResult)
    assert result.winner == 0 and result.extra["target"] == 4
    with pytest.raises(RecordError) as error:
        score_unproven(party(DEAL1, target="seven"))
    assert error.value.path == "$.target"


def test_su7_three_players_alone() -> None:
    # Three players, no sides: running totals per seat, the first seat to 7 wins. Each deal of
    # the D-SU4 example gives seat 0 four points and seat 1 one: 4 : 1 : 0, then (dealer passes
    # to seat 0, eldest seat 1) the same hands with roles shifted.
    first = {
        "dealer": 2,
        "hands": ["2♥ 10♣ 2♣ 3♣ 4♣ 5♣", "2♦ 3♦ 4♦ 5♦ 6♦ 7♦", "2♠ 3♠ 4♠ 5♠ 6♠ 7♠"],
        "turnup": "9♥",
        "beg": "give",
        "won": ["2♥ 10♣ 2♦ 2♠ 2♣ 3♦", "3♣ 4♦ 3♠ 4♣ 5♦ 4♠", "5♣ 6♦ 5♠ 6♠ 7♦ 7♠"],
    }
    # Deal 2: dealer 0, eldest 1 stands; seat 0 again holds the only trump and wins
    # 10♣: High, Low, Game -> 4 + 3 = 7 : 1 : 0 -> seat 0 wins.
    second = {**first, "dealer": 0, "beg": "stand"}
    data = {"variant": "seven-up", "options": {"players": 3}, "deals": [first, second]}
    result = score_unproven(data)
    assert isinstance(result, kozyr.PartyResult)
    assert result.running == ((4, 1, 0), (7, 1, 0))
    assert result.winner == 0 and result.loser == [1, 2]
    assert result.extra["by"] == "seat"
    assert result.settlement.net() == [2, -1, -1]
