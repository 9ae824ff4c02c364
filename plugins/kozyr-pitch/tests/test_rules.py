"""Worked examples, one or more per rule and decision of the Pitch family (AP1-AP11,
D-AP1-D-AP8). Every expected number is worked out by hand in the comments."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import kozyr
from kozyr import Action, Card, Deal, IllegalActionError, OptionError, PartyResult, Suit
from kozyr.testing import score_unproven

Stacked = Callable[..., Deal]
Log = Callable[..., list[dict[str, Any]]]
Outcome = Callable[..., dict[str, Any]]

# Dealer 0, eldest 1 (the Seven Up worked hands). Trumps will be hearts: A♥ (seat 0), J♥ 4♥
# (1), 10♥ 2♥ (2), 3♥ (3).
HANDS = {
    0: "A♥ K♠ 10♦ 5♦ 3♠ 2♣",
    1: "J♥ 4♥ A♠ Q♠ 7♣ 8♦",
    2: "10♥ 2♥ K♣ 9♠ 6♦ 4♣",
    3: "3♥ A♣ 10♠ Q♦ 9♣ 7♠",
}
# The tricks of the worked deal, leader first:
#   1. seat 0 pitches A♥ (hearts trump, AP6); 4♥ 2♥ 3♥ follow trump (AP7)     -> seat 0
#   2. K♠ A♠ 9♠ 7♠                                                                -> seat 1
#   3. seat 1 J♥; 10♥ follows; seat 3 and seat 0, void in hearts, play Q♦ and 3♠ -> seat 1
#   4. Q♠ 4♣ 10♠ 2♣  (Q♠ beats 10♠)                                               -> seat 1
#   5. seat 1 8♦; 6♦ 9♣ 10♦                                                        -> seat 0
#   6. seat 0 5♦; 7♣ K♣ A♣ (no diamond, no trump: the card led wins)              -> seat 0
TRICKS = [
    "A♥ 4♥ 2♥ 3♥",
    "K♠ A♠ 9♠ 7♠",
    "J♥ 10♥ Q♦ 3♠",
    "Q♠ 4♣ 10♠ 2♣",
    "8♦ 6♦ 9♣ 10♦",
    "5♦ 7♣ K♣ A♣",
]


def worked(log: Log, bids: list[Any], **options: Any) -> dict[str, Any]:
    return {
        "variant": "auction-pitch",
        "options": options,
        "dealer": 0,
        "hands": [HANDS[s] for s in range(4)],
        "log": log(0, 4, bids),
        "tricks": TRICKS,
    }


def items(result: Any) -> list[tuple[str, int | None, int]]:
    return [(i.name, i.seat, int(i.points)) for i in result.sheet.items]


# --- AP1 players, AP2 the deal ------------------------------------------------------------------


def test_ap1_players_and_partnerships() -> None:
    for n in range(2, 8):
        assert kozyr.get_variant("auction-pitch", players=n).sides is None
    assert kozyr.get_variant("auction-pitch", partnership=True).sides == ((0, 2), (1, 3))
    assert kozyr.get_variant("setback").sides == ((0, 2), (1, 3))
    with pytest.raises(OptionError, match=r"\(AP1\)"):
        kozyr.get_variant("auction-pitch", players=6, partnership=True)
    with pytest.raises(OptionError):
        kozyr.get_variant("auction-pitch", players=8)
    with pytest.raises(OptionError):
        kozyr.get_variant("setback", players=3)


def test_ap2_six_cards_no_turn_up_eldest_bids() -> None:
    deal = Deal(kozyr.get_variant("auction-pitch", players=5), dealer=3, seed=11)
    deal.variant.start(deal)
    assert [len(deal.hand(s)) for s in range(5)] == [6] * 5
    assert deal.turnups == () and deal.trump is None
    assert (deal.phase, deal.to_act) == ("bidding", 4)  # eldest: the dealer's left


# --- AP3-AP5 the auction ----------------------------------------------------------------------


def test_ap3_bids_rise_from_eldest(stacked: Stacked) -> None:
    deal = stacked(HANDS)
    values = lambda: [a.value for a in deal.legal_actions()]  # noqa: E731
    assert values() == [None, 2, 3, 4]  # pass, 2, 3, 4 (the smudge)
    deal.play(Action("bid", 1, value=2))
    assert values() == [None, 3, 4]
    with pytest.raises(IllegalActionError, match=r"does not exceed the bid of 2 before it \(AP3\)"):
        deal.play(Action("bid", 2, value=2))
    with pytest.raises(IllegalActionError, match=r"it is seat 2's turn to bid"):
        deal.play(Action("bid", 3, value=3))
    deal.play(Action("pass", 2))
    deal.play(Action("bid", 3, value=4))
    assert values() == [None, 4]  # the dealer may pass or hold 4 (AP4)


def test_ap3_min_bid_one(stacked: Stacked) -> None:
    deal = stacked(HANDS, min_bid=1)
    assert [a.value for a in deal.legal_actions()] == [None, 1, 2, 3, 4]


def test_ap4_dealers_privilege(stacked: Stacked) -> None:
    # 1 bids 2, 2 passes, 3 bids 3; the dealer (0) takes the pitch at 3 and leads.
    deal = stacked(HANDS)
    for action in (Action("bid", 1, value=2), Action("pass", 2), Action("bid", 3, value=3)):
        deal.play(action)
    assert [a.value for a in deal.legal_actions()] == [None, 3, 4]
    deal.play(Action("bid", 0, value=3))
    assert (deal.phase, deal.to_act) == ("play", 0)
    # Without the privilege the dealer must bid more (Bicycle's Pitch (Smudge)).
    deal = stacked(HANDS, dealer_privilege=False)
    for action in (Action("bid", 1, value=2), Action("pass", 2), Action("bid", 3, value=3)):
        deal.play(action)
    assert [a.value for a in deal.legal_actions()] == [None, 4]
    with pytest.raises(IllegalActionError, match=r"dealer_privilege off, AP4"):
        deal.play(Action("bid", 0, value=3))


def test_ap5_d_ap3_stuck_dealer(stacked: Stacked) -> None:
    def stuck(**options: Any) -> Deal:
        deal = stacked(HANDS, **options)
        for seat in (1, 2, 3):
            deal.play(Action("pass", seat))
        return deal

    assert [a.value for a in stuck().legal_actions()] == [2, 3, 4]  # no pass
    assert [a.value for a in stuck(min_bid=1).legal_actions()] == [2, 3, 4]  # D-AP3: not 1
    deal = stuck(stuck_dealer="two")
    assert [a.value for a in deal.legal_actions()] == [2]
    with pytest.raises(IllegalActionError, match=r"the dealer must bid 2 \(AP5\)"):
        deal.play(Action("pass", 0))


# --- AP6 the pitch, AP7 play --------------------------------------------------------------------


def test_ap6_ap7_trump_from_the_pitch_and_follow_or_trump(stacked: Stacked) -> None:
    deal = stacked(HANDS)
    for action in (Action("bid", 1, value=2), Action("pass", 2), Action("bid", 3, value=3)):
        deal.play(action)
    deal.play(Action("bid", 0, value=3))
    assert deal.trump is None
    deal.play_card("A♥")
    assert deal.trump == Suit.HEARTS  # AP6
    # a trump led: seat 1 must follow with a trump (AP7)
    assert {str(c) for c in deal.legal_plays()} == {"J♥", "4♥"}
    for card in ("4♥", "2♥", "3♥", "K♠"):
        deal.play_card(card)
    # a plain suit led: seat 1 may follow (A♠ Q♠) or trump (J♥), nothing else
    assert {str(c) for c in deal.legal_plays()} == {"A♠", "Q♠", "J♥"}
    for card in ("A♠", "9♠", "7♠", "J♥", "10♥"):
        deal.play_card(card)
    # seat 3, void in hearts, may play anything
    assert len(deal.legal_plays()) == 4


# --- AP8 the points, AP9 making the bid or set back --------------------------------------------


def test_ap8_ap9_worked_deal_set_back(log: Log) -> None:
    # 1 bids 2, 2 passes, 3 bids 3, the dealer holds 3: seat 0 pitches for 3.
    # High A♥ -> seat 0. Low 2♥, dealt to seat 2 -> seat 2 (AP8, holder). Jack J♥, won by
    # seat 1 in trick 3. Game: seat 0 took A♥ 4 + 10♦ 10 + K♣ 3 + A♣ 4 = 21; seat 1 took
    # K♠ A♠ 3 + 4, J♥ 10♥ Q♦ 1 + 10 + 2, Q♠ 10♠ 2 + 10 = 32 -> seat 1.
    # AP9: seat 0 won 1 point of the 3 bid: set back -3; the others score what they won.
    result = kozyr.replay(worked(log, [2, "pass", 3, 3]))
    assert result.extra["pitcher"] == 0 and result.extra["bid"] == 3
    assert result.extra["trump"] == "♥" and result.extra["made"] is False
    assert items(result) == [("set_back", 0, -3), ("low", 2, 1), ("jack", 1, 1), ("game", 1, 1)]
    assert result.extra["game_points"] == [21, 32, 0, 0]
    assert result.points == (-3, 2, 1, 0)
    assert result.sheet.items[0].rule == "AP9"


def test_ap8_low_to_the_capturer(log: Log) -> None:
    # low_to=capturer: 2♥ fell in trick 1, won by seat 0 -> Low is seat 0's. Seat 0 has High
    # and Low, 2 of 3: still set back. Points (-3, 2, 0, 0).
    result = kozyr.replay(worked(log, [2, "pass", 3, 3], low_to="capturer"))
    assert items(result) == [("set_back", 0, -3), ("jack", 1, 1), ("game", 1, 1)]
    assert result.points == (-3, 2, 0, 0)


def test_ap9_made_bid_scores_everything_won(log: Log) -> None:
    # Partnerships (0+2 against 1+3), bids 2, pass, pass, dealer holds 2. Side 0: High (seat 0)
    # and Low (seat 2) = 2 of 2, made, and scored first (D-AP2); side 1: Jack, Game -> 2 : 2.
    result = kozyr.replay(worked(log, [2, "pass", "pass", 2], partnership=True))
    assert [(i.name, i.seat, i.side) for i in result.sheet.items] == [
        ("high", 0, 0),
        ("low", 2, 0),
        ("jack", 1, 1),
        ("game", 1, 1),
    ]
    assert result.points == (2, 2)
    # Bid 3: side 0 short by one -> -3 : 2 (AP9, D-AP6).
    result = kozyr.replay(worked(log, [2, "pass", 3, 3], partnership=True))
    assert result.points == (-3, 2)


def test_ap8_one_trump_is_high_and_low_and_d_ap4_game_tie(outcome: Outcome) -> None:
    # Two players; the pitcher (seat 1) pitches the only trump in play: High and Low are his
    # (AP8); no Jack in play; Game tied (D-AP4): nobody. Bid 2 made: (0, 2).
    deal = {
        "variant": "auction-pitch",
        "options": {"players": 2},
        **outcome(0, 1, 2, 1, 1, None, None),
    }
    result = score_unproven(deal)
    assert items(result) == [("high", 1, 1), ("low", 1, 1)]
    assert result.points == (0, 2)


# --- AP10 the smudge, D-AP7 -------------------------------------------------------------------


def test_ap10_smudge_wins_the_game_at_once(outcome: Outcome) -> None:
    # Smudge (4 players alone): seat 2 bids 4 and wins all four points: an item "smudge" after
    # them, and the game is his at 4 : 0 : 0 : 0 though the target is 7.
    deal = outcome(1, 2, 4, 2, 2, 2, 2)
    result = score_unproven({"variant": "smudge", "deals": [deal]})
    assert isinstance(result, PartyResult)
    assert [i.name for i in result.deals[0].sheet.items] == [
        "high",
        "low",
        "jack",
        "game",
        "smudge",
    ]
    assert result.winner == 2 and result.running == ((0, 0, 4, 0),)
    # In auction-pitch (smudge off) the same deal is just four points.
    plain = score_unproven({"variant": "auction-pitch", "deals": [deal]})
    assert isinstance(plain, PartyResult) and plain.winner is None


def test_ap10_smudge_bidder_or_anyone(outcome: Outcome) -> None:
    # A pitcher who bid 3 and took all four: no smudge with "bidder" (a smudge is the bid of 4),
    # a smudge with "anyone".
    deal = outcome(1, 2, 3, 2, 2, 2, 2)
    bidder = score_unproven({"variant": "smudge", "deals": [deal]})
    anyone = score_unproven({"variant": "smudge", "options": {"smudge": "anyone"}, "deals": [deal]})
    assert isinstance(bidder, PartyResult) and bidder.winner is None
    assert isinstance(anyone, PartyResult) and anyone.winner == 2
    # Another player takes all four from the pitcher (seat 2 bid 2): he is set back and seat 3,
    # with "anyone", smudges.
    deal = outcome(1, 2, 2, 3, 3, 3, 3)
    result = score_unproven({"variant": "smudge", "options": {"smudge": "anyone"}, "deals": [deal]})
    assert isinstance(result, PartyResult)
    assert [(i.name, i.seat) for i in result.deals[0].sheet.items] == [
        ("set_back", 2),
        ("high", 3),
        ("low", 3),
        ("jack", 3),
        ("game", 3),
        ("smudge", 3),
    ]
    assert result.winner == 3


# --- AP11 the game, D-AP2, D-AP5, D-AP8 ---------------------------------------------------------

# Two players, dealers 0, 1, 0, 1:
G1 = (0, 1, 2, 1, 1, 0, 0)  # pitcher 1 makes High, Low; seat 0 Jack, Game -> 2 : 2
G2 = (1, 0, 2, 0, 0, 1, 1)  # -> 4 : 4
G3 = (0, 1, 2, 1, 1, None, 0)  # seat 1 High, Low; seat 0 Game -> 5 : 6


def game(outcome: Outcome, *deals: tuple[Any, ...], **options: Any) -> PartyResult:
    data = {"variant": "auction-pitch", "options": {"players": 2, **options}}
    result = score_unproven({**data, "deals": [outcome(*d) for d in deals]})
    assert isinstance(result, PartyResult)
    return result


def test_ap11_d_ap2_the_pitcher_counts_first(outcome: Outcome) -> None:
    # From 5 : 6, deal 4 (dealer 1): seat 0 pitches for 2 and makes High and Jack -> 7 first
    # (D-AP2), though seat 1 then scores Low and Game -> 7 : 8. Seat 0 wins.
    result = game(outcome, G1, G2, G3, (1, 0, 2, 0, 1, 0, 1))
    assert result.running == ((2, 2), (4, 4), (5, 6), (7, 8))
    assert result.winner == 0 and result.loser == 1
    assert result.settlement.net() == [1, -1]  # D-AP8
    variant = kozyr.get_variant("auction-pitch", players=2)
    (note,) = [n for n in variant.sheet_notes(result) if n.winner]
    assert note.rule == "AP11" and "deal 4 (Jack; the pitcher counts first)" in note.en


def test_ap11_a_set_back_pitcher_cannot_win(outcome: Outcome) -> None:
    # The same deal 4 with a bid of 3: seat 0 is set back (5 - 3 = 2); seat 1's Low makes 7.
    result = game(outcome, G1, G2, G3, (1, 0, 3, 0, 1, 0, 1))
    assert result.running[-1] == (2, 8)
    assert result.winner == 1


def test_ap11_target_option_and_party_field(outcome: Outcome) -> None:
    result = game(outcome, G1, G2, G3, (1, 0, 2, 0, 1, 0, 1), target=10)
    assert result.winner is None and result.extra["target"] == 10
    data = {
        "variant": "auction-pitch",
        "options": {"players": 2},
        "target": 4,
        "deals": [outcome(*G1), outcome(*G2)],
    }
    short = score_unproven(data)
    assert isinstance(short, PartyResult) and short.winner is not None


def test_d_ap5_win_by_two(outcome: Outcome) -> None:
    # win_by 2: in deal 4 seat 0 reaches 7 at Jack but only one ahead (7 : 6); seat 1's Low and
    # Game make 7 : 8. Deal 5 (dealer 0): seat 1 pitches for 2, his High makes 7 : 9 -- two
    # ahead: seat 1 wins.
    four = game(outcome, G1, G2, G3, (1, 0, 2, 0, 1, 0, 1), win_by=2)
    assert four.winner is None
    result = game(outcome, G1, G2, G3, (1, 0, 2, 0, 1, 0, 1), (0, 1, 2, 1, 1, None, 0), win_by=2)
    assert result.winner == 1 and result.extra["win_by"] == 2
    assert result.running[-1] == (8, 10)


def test_d_ap5_a_set_back_puts_the_other_side_two_ahead() -> None:
    from kozyr_pitch.scoring import Facts, deal_items, going_out

    # Setback to 11, win by two, at 11 : 10 (side 0 not out). Side 1 pitches for 3 and is set
    # back (10 - 3 = 7): side 0 is now 11 : 7, four ahead -- out at the set-back item.
    facts = Facts(high=(1, None), low=(0, None), jack=None, game=None)
    sides = ((0, 2), (1, 3))
    its = deal_items(facts, pitcher=1, bid=3, players=4, sides=sides)
    out = going_out([11, 10], its, sides, 11, 2)
    assert out is not None and out[0] == 0 and out[1].name == "set_back"


def test_setback_game_to_eleven_and_twenty_one(outcome: Outcome) -> None:
    variant = kozyr.get_variant("setback")
    assert (variant.options["target"], variant.options["partnership"]) == (11, True)
    assert kozyr.get_variant("setback", target=21).options["target"] == 21
    with pytest.raises(OptionError):
        kozyr.get_variant("setback", target=7)
    # Negative scores: side 0 pitches for 4 and takes only High: -4 : 3.
    deal = outcome(3, 0, 4, 0, 1, 1, 3)
    result = score_unproven({"variant": "setback", "deals": [deal]})
    assert isinstance(result, PartyResult)
    assert result.running == ((-4, 3),) and result.extra["scores"] == [-4, 3]


def test_smudge_variant_defaults() -> None:
    variant = kozyr.get_variant("smudge")
    assert (variant.options["smudge"], variant.options["low_to"]) == ("bidder", "capturer")
    assert variant.options["dealer_privilege"] is False
    assert kozyr.get_variant("pitch").name == "auction-pitch"  # the alias (D-AP1)
    assert Card.parse("2♥").suit == Suit.HEARTS
