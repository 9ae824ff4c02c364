"""Worked examples of Smear (SMR1-SMR6, D-SMR1-D-SMR6; the jokers in test_smear_jokers.py), its
records, keep, serve and the CLI. Every expected number is worked out by hand in the comments."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from typing import Any

import pytest
from kozyr_pitch.scoring import going_out, jick_of, play_facts, smear_out, trump_rank
from kozyr_pitch.smear import SmearLead, SmearTricks, TenPointSmear

import kozyr
from kozyr import (
    Action,
    Card,
    CardParseError,
    CardSet,
    Deal,
    IllegalActionError,
    OptionError,
    PartyResult,
    RankOrder,
    RecordError,
    ScoreItem,
    Suit,
    Trick,
)
from kozyr.cli import main
from kozyr.testing import score_unproven

Stacked = Callable[..., Deal]
Log = Callable[..., list[dict[str, Any]]]

# Dealer 0, eldest 1. Seat 0 will pitch A♥: hearts trump, so the jick is J♦ (seat 0 holds it)
# and the trey 3♥ (seat 0 too). Seat 3 holds no heart.
HANDS = {
    0: "A♥ J♦ 3♥ K♠ 5♣ 2♣",
    1: "J♥ 10♥ Q♠ 8♦ 7♣ 4♠",
    2: "K♥ 2♥ A♠ 9♦ 6♣ 5♠",
    3: "Q♦ 10♦ A♣ 9♠ 7♦ 3♣",
}
# The tricks, leader first:
#   1. seat 0 pitches A♥; 10♥ and 2♥ follow trump; seat 3, no trump, plays 7♦       -> seat 0
#   2. seat 0 leads the jick J♦: a trump lead (SMR3). Seat 1's one trump J♥, seat 2's K♥;
#      seat 3 has no trump and may play any card -- 10♦. K♥ > J♥ > jick              -> seat 2
#   3. A♠ 9♠ K♠ 4♠                                                                  -> seat 2
#   4. seat 2 9♦; Q♦ follows; seat 0, no diamond left, trumps with 3♥; 8♦            -> seat 0
#   5. 5♣ 7♣ 6♣ A♣                                                                  -> seat 3
#   6. seat 3 3♣; 2♣, then Q♠ and 5♠ (void in clubs)                                -> seat 3
TRICKS = [
    "A♥ 10♥ 2♥ 7♦",
    "J♦ J♥ K♥ 10♦",
    "A♠ 9♠ K♠ 4♠",
    "9♦ Q♦ 3♥ 8♦",
    "5♣ 7♣ 6♣ A♣",
    "3♣ 2♣ Q♠ 5♠",
]
# Bids from eldest: seat 1 passes, seat 2 bids 2, seat 3 passes, the dealer bids 3.
BIDS: list[Any] = ["pass", 2, "pass", 3]
# The cards each seat won (tricks 1, 4 to seat 0; 2, 3 to seat 2; 5, 6 to seat 3).
WON = [
    "A♥ 10♥ 2♥ 7♦ 9♦ Q♦ 3♥ 8♦",
    "",
    "J♦ J♥ K♥ 10♦ A♠ 9♠ K♠ 4♠",
    "5♣ 7♣ 6♣ A♣ 3♣ 2♣ Q♠ 5♠",
]


def full(log: Log, variant: str = "smear", **options: Any) -> dict[str, Any]:
    return {
        "variant": variant,
        "options": options,
        "dealer": 0,
        "hands": [HANDS[s] for s in range(4)],
        "log": log(0, 4, BIDS),
        "tricks": list(TRICKS),
    }


def items(result: Any) -> list[tuple[str, int | None, int]]:
    return [(i.name, i.seat, int(i.points)) for i in result.sheet.items]


def bid_to_trick_two(stacked: Stacked, variant: str = "smear", **options: Any) -> Deal:
    deal = stacked(HANDS, variant=variant, **options)
    for action in (Action("pass", 1), Action("bid", 2, value=2), Action("pass", 3)):
        deal.play(action)
    deal.play(Action("bid", 0, value=3))
    for card in ("A♥", "10♥", "2♥", "7♦"):
        deal.play_card(card)
    return deal


# --- SMR1 the variants, D-SMR1 no jokers --------------------------------------------------------


def test_smr1_two_variants_one_family_of_options() -> None:
    five, ten = kozyr.get_variant("smear"), kozyr.get_variant("ten-point-smear")
    assert kozyr.get_variant("смир").name == "smear"
    assert kozyr.get_variant("smear-10").name == "ten-point-smear"
    assert isinstance(ten, TenPointSmear)
    assert (five.options["jick"], five.options["trey"]) == (True, False)
    assert (ten.options["jick"], ten.options["trey"]) == (True, True)
    # the same game as options of the one variant
    assert kozyr.get_variant("smear", trey=True, target=21, jokers=2).options == ten.options
    # "without Jick": the plain follow-or-trump of Pitch, four points and the trey at most
    plain = kozyr.get_variant("smear", jick=False)
    assert type(plain.trick_rules) is kozyr.FollowOrTrump
    assert plain.max_bid == 4 and kozyr.get_variant("smear", jick=False, trey=True).max_bid == 7


def test_d_smr1_the_jokerless_game_by_option() -> None:
    # Ten-point Smear without its two jokers: High, Low, Jack, Jick, Trey (3), Game = 8 points;
    # with them (the default, SMR7) two more: 10.
    ten = kozyr.get_variant("ten-point-smear", jokers=0)
    assert ten.max_bid == 8 and ten.deck_jokers == 0
    assert kozyr.get_variant("ten-point-smear").max_bid == 10
    assert len(kozyr.Deck.of_size(52)) == 52
    with pytest.raises(CardParseError):
        kozyr.parse_card("JK")  # the jokers are BJ and RJ (🃏 🂿, ЧДж КДж)


# --- SMR2 the deal and the pitch, D-SMR2 -----------------------------------------------------


def test_smr2_d_smr2_six_cards_and_a_pitched_jack_is_the_jack(stacked: Stacked) -> None:
    deal = stacked(HANDS, variant="smear")
    assert all(len(deal.hand(s)) == 6 for s in range(4)) and deal.phase == "bidding"
    for action in (Action("pass", 1), Action("bid", 2, value=2), Action("pass", 3)):
        deal.play(action)
    deal.play(Action("bid", 0, value=3))
    assert deal.to_act == 0 and deal.trump is None
    deal.play_card("J♦")  # the pitch names diamonds: J♦ is the Jack, the jick is J♥
    assert deal.trump == Suit.DIAMONDS
    # a trump led: seat 1's trumps are 8♦ and the jick J♥ (SMR3)
    assert {str(c) for c in deal.legal_plays()} == {"8♦", "J♥"}


# --- SMR3 the jick -----------------------------------------------------------------------------


def test_smr3_the_jick_follows_trumps_and_is_no_card_of_its_suit(stacked: Stacked) -> None:
    deal = bid_to_trick_two(stacked)
    assert deal.trump == Suit.HEARTS
    deal.play_card("J♦")  # the jick led calls for trumps
    # seat 1 holds 8♦ and one trump, J♥: he must play J♥, the diamond will not do
    assert {str(c) for c in deal.legal_plays()} == {"J♥"}
    with pytest.raises(IllegalActionError, match=r"SMR3"):
        deal.play_card("8♦")
    deal.play_card("J♥")
    deal.play_card("K♥")
    # seat 3, no trump, plays anything -- his diamonds need not follow the jick
    assert len(deal.legal_plays()) == 5
    deal.play_card("10♦")
    assert deal.tricks[1].winner == 2  # K♥ > J♥ > J♦
    for card in ("A♠", "9♠", "K♠", "4♠", "9♦", "Q♦"):
        deal.play_card(card)
    # seat 0 holds no diamond but the jick (already played) and trumps with 3♥
    assert {str(c) for c in deal.legal_plays()} == {"3♥", "5♣", "2♣"}


def test_smr3_the_jick_ranks_between_the_jack_and_the_ten() -> None:
    rules = SmearTricks(RankOrder.ace_high())
    hearts = Suit.HEARTS

    def winner(cards: str) -> int:
        trick = Trick(0)
        for seat, card in enumerate(cards.split()):
            trick = trick.with_play(seat, Card.parse(card))
        return rules.trick_winner(trick, hearts)

    assert winner("10♥ J♦ 2♣") == 1  # the jick beats the ten
    assert winner("J♦ J♥ A♦") == 1  # the jack beats the jick; A♦ is no trump
    assert winner("A♦ J♦ K♦") == 1  # on a diamond lead the jick is a trump, not a diamond
    assert winner("9♦ 5♦ K♣") == 0
    # a hand whose only diamond is the jick is void in diamonds: any card to a diamond lead
    lead = Trick(0).with_play(0, Card.parse("A♦"))
    hand = CardSet.parse("J♦ 5♣ 7♠")
    assert rules.legal_mask(hand.mask, lead, hearts) == hand.mask
    # holding diamonds besides the jick: follow suit or trump (the jick is a trump)
    hand = CardSet.parse("J♦ 4♦ 7♠")
    assert CardSet.from_mask(rules.legal_mask(hand.mask, lead, hearts)) == CardSet.parse("J♦ 4♦")
    assert [trump_rank(Card.parse(c), hearts) for c in ("A♥", "J♥", "J♦", "10♥")] == [
        28,
        22,
        21,
        20,
    ]


def test_smr3_summary_proofs_pitch_the_named_suit() -> None:
    rules = SmearLead(RankOrder.ace_high())
    hand = CardSet.parse("J♦ 3♥ 5♣")
    # the pitch with hearts named: 3♥ only, never the jick J♦ (it would name diamonds)
    assert rules.legal_mask(hand.mask, Trick(0), Suit.HEARTS) == CardSet.parse("3♥").mask
    assert jick_of(Suit.SPADES) == Card.parse("J♣")


# --- SMR4 the bids -----------------------------------------------------------------------------


def test_smr4_bids_up_to_the_points_in_play(stacked: Stacked) -> None:
    five = kozyr.get_variant("smear")
    assert five.legal_bids(0, 1, []) == [None, 2, 3, 4, 5]
    assert five.legal_bids(0, 0, [None, None, None]) == [2, 3, 4, 5]  # the stuck dealer
    ten = kozyr.get_variant("ten-point-smear", min_bid=1)
    assert ten.legal_bids(0, 1, []) == [None, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    assert ten.legal_bids(0, 0, [5, None, 7]) == [None, 7, 8, 9, 10]  # the dealer's privilege
    eight = kozyr.get_variant("ten-point-smear", jokers=0)
    assert eight.legal_bids(0, 0, [5, None, 7]) == [None, 7, 8]
    deal = stacked(HANDS, variant="smear")
    with pytest.raises(IllegalActionError, match=r"bid 2 to 5 \(the points in play, SMR4\)"):
        deal.play(Action("bid", 1, value=6))


def test_smr4_records_refuse_a_bid_beyond_the_points(log: Log) -> None:
    data = full(log)
    data["log"][3]["value"] = 6
    with pytest.raises(RecordError, match=r"2 to 5"):
        kozyr.replay(data)
    outcome = {"variant": "smear", **_outcome(0, 1, 6, 1, 1, 0, 0, 0)}
    with pytest.raises(RecordError) as info:
        score_unproven(outcome)
    assert "bid" in str(info.value)


# --- SMR5 the points, D-SMR3, D-SMR6 ---------------------------------------------------------


def test_smr5_five_point_worked_deal_set_back(log: Log) -> None:
    # Trumps in play: A♥ J♦ 3♥ (seat 0), J♥ 10♥ (1), K♥ 2♥ (2). High A♥ -> seat 0; Low 2♥,
    # dealt to seat 2 -> seat 2; Jack J♥ and Jick J♦ won by seat 2 in trick 2. Game: seat 0
    # A♥ 4 + 10♥ 10 + Q♦ 2 = 16; seat 2 J♦ 1 + J♥ 1 + K♥ 3 + 10♦ 10 + A♠ 4 + K♠ 3 = 22 (the
    # jick counts 1, D-SMR6); seat 3 A♣ 4 + Q♠ 2 = 6 -> seat 2.
    # The dealer bid 3 and won 1 point: set back 3 (AP9); seat 2 scores Low, Jack, Jick, Game.
    result = kozyr.replay(full(log))
    assert result.extra["pitcher"] == 0 and result.extra["bid"] == 3
    assert result.extra["game_points"] == [16, 0, 22, 6]
    assert items(result) == [
        ("set_back", 0, -3),
        ("low", 2, 1),
        ("jack", 2, 1),
        ("jick", 2, 1),
        ("game", 2, 1),
    ]  # D-SMR3: the pitcher's side first, then High, Low, Jack, Jick, Trey, Game
    assert result.points == (-3, 0, 4, 0)
    jick = next(i for i in result.sheet.items if i.name == "jick")
    assert jick.rule == "SMR5" and jick.cards == (Card.parse("J♦"),)


def test_smr5_ten_point_the_trey_worth_three_makes_the_bid(log: Log) -> None:
    # The same deal in ten-point Smear: seat 0 also won the trey 3♥ in trick 4 (his own), worth
    # 3: High 1 + Trey 3 = 4 >= 3, the bid is made (AP9) and he scores both.
    result = kozyr.replay(full(log, "ten-point-smear"))
    assert items(result) == [
        ("high", 0, 1),
        ("trey", 0, 3),
        ("low", 2, 1),
        ("jack", 2, 1),
        ("jick", 2, 1),
        ("game", 2, 1),
    ]
    assert result.points == (4, 0, 4, 0) and result.extra["made"] is True
    # with Low to its capturer: 2♥ fell in trick 1, won by seat 0 -> 1 + 1 + 3 = 5 for seat 0
    result = kozyr.replay(full(log, "ten-point-smear", low_to="capturer"))
    assert result.points == (5, 0, 3, 0)


def test_smr5_d_smr6_the_jick_is_high_or_low_but_never_the_jack() -> None:
    hands = [CardSet.parse("J♦ 9♣"), CardSet.parse("10♥ 5♥"), CardSet.parse("K♣ 2♣")]
    won = [CardSet.parse("J♦ 10♥"), CardSet.parse("9♣ 5♥ K♣ 2♣"), CardSet()]
    # hearts trump, no A K Q J of hearts in play: the jick J♦ is High; Low 5♥; no Jack
    facts = play_facts(hands, won, Suit.HEARTS, None, jick=True)
    assert facts.high[0] == 0 and facts.high[1] == Card.parse("J♦")
    assert facts.low == (1, Card.parse("5♥")) and facts.jack is None and facts.jick == 0
    # without the jick J♦ is a plain diamond: High 10♥
    assert play_facts(hands, won, Suit.HEARTS, None).high == (1, Card.parse("10♥"))
    hands = [CardSet.parse("J♦"), CardSet.parse("A♥")]
    won = [CardSet(), CardSet.parse("J♦ A♥")]
    facts = play_facts(hands, won, Suit.HEARTS, None, jick=True)
    assert facts.low == (0, Card.parse("J♦")) and facts.high == (1, Card.parse("A♥"))


# --- SMR6 the game, D-SMR4 -------------------------------------------------------------------


def _outcome(
    dealer: int, pitcher: int, bid: int, high: int, low: int, jack: Any, jick: Any, game: Any
) -> dict[str, Any]:
    return {
        "dealer": dealer, "pitcher": pitcher, "bid": bid,
        "high": high, "low": low, "jack": jack, "jick": jick, "game": game,
    }  # fmt: skip


def test_smr6_the_higher_score_wins() -> None:
    # Two players to 11. Each deal eldest pitches for 2 and makes High and Low; the dealer takes
    # Jack, Jick and Game: (3, 2), (5, 5), (8, 7), (10, 10). Deal 5: seat 1 pitches and ends on
    # 12, seat 0 on 13: both past 11, the higher score wins -- seat 0, though the pitcher's
    # points count first (Auction Pitch's D-AP2 would give it to seat 1).
    deals = [_outcome(d % 2, (d + 1) % 2, 2, (d + 1) % 2, (d + 1) % 2, d % 2, d % 2, d % 2)
             for d in range(5)]  # fmt: skip
    result = score_unproven({"variant": "smear", "options": {"players": 2}, "deals": deals})
    assert isinstance(result, PartyResult)
    assert [tuple(r) for r in result.running] == [(3, 2), (5, 5), (8, 7), (10, 10), (13, 12)]
    assert result.winner == 0
    notes = kozyr.get_variant("smear", players=2).sheet_notes(result)
    assert [n.rule for n in notes if n.winner] == ["SMR6"]
    # counting in order (Auction Pitch's D-AP2) the pitcher's High would have put seat 1 out
    out = going_out([10, 10], result.deals[-1].sheet.items, None, 11)
    assert out is not None and out[0] == 1 and out[1].name == "high"


def test_smr6_a_tie_goes_to_the_pitcher() -> None:
    # As above to (10, 10). Deal 5: seat 1 pitches for 1 (min_bid 1) and makes it with High,
    # Low to seat 0, no Jack, Jick or Game in it: (11, 11), a tie at the target -> the
    # pitcher, seat 1 (SMR6).
    deals = [_outcome(d % 2, (d + 1) % 2, 2, (d + 1) % 2, (d + 1) % 2, d % 2, d % 2, d % 2)
             for d in range(4)]  # fmt: skip
    deals.append(_outcome(0, 1, 1, 1, 0, None, None, None))
    result = score_unproven(
        {"variant": "smear", "options": {"players": 2, "min_bid": 1}, "deals": deals}
    )
    assert isinstance(result, PartyResult)
    assert tuple(result.running[-1]) == (11, 11) and result.winner == 1
    assert result.settlement.net() == [-1, 1]


def test_d_smr4_a_tie_of_others_plays_on() -> None:
    # Three players to 11; seat 2 pitches for 5 and is set back each time while 0 and 1 share
    # the points: (3, 2, -5), (5, 5, -10), (8, 7, -15), (10, 10, -20). Deal 5: seat 2 pitches
    # for 2, Low to 0 and High to 1, no Jack, Jick or Game: (11, 11, -22), a tie of two who
    # did not pitch: nobody wins yet (D-SMR4). Deal 6: seat 0 pitches for 2 and takes both
    # points: (13, 11, -22) -> seat 0.
    a = (0, 1, 0, 1, 0)  # high, low, jack, jick, game
    b = (1, 0, 1, 0, 1)
    deals = [_outcome(d % 3, 2, 5, *(a if d % 2 == 0 else b)) for d in range(4)]
    deals.append(_outcome(1, 2, 2, 1, 0, None, None, None))
    party = {"variant": "smear", "options": {"players": 3}, "deals": deals}
    result = score_unproven(party)
    assert isinstance(result, PartyResult)
    assert tuple(result.running[-1]) == (11, 11, -22) and result.winner is None
    party["deals"].append(_outcome(2, 0, 2, 0, 0, None, None, None))
    result = score_unproven(party)
    assert isinstance(result, PartyResult)
    assert tuple(result.running[-1]) == (13, 11, -22) and result.winner == 0
    # the same rule as a pure function (SMR6): a non-pitcher alone at the top wins
    high = ScoreItem("high", "", "", 1, (), 1, None, "AP8")
    assert smear_out([10, 10, 10], [high], None, 11, pitcher=2) == (1, high)


def test_smr6_targets() -> None:
    assert kozyr.get_variant("smear").options["target"] == 11
    assert kozyr.get_variant("ten-point-smear").options["target"] == 21
    with pytest.raises(OptionError):
        kozyr.get_variant("smear", win_by=2)


# --- D-SMR5 no smudge --------------------------------------------------------------------------


def test_d_smr5_no_smudge() -> None:
    with pytest.raises(OptionError, match="smudge"):
        kozyr.get_variant("smear", smudge="bidder")
    # five points bid and all five won: five points, nothing more (two players, to 11)
    deal = _outcome(0, 1, 5, 1, 1, 1, 1, 1)
    result = score_unproven({"variant": "smear", "options": {"players": 2}, **deal})
    assert result.points == (0, 5)
    assert [i.name for i in result.sheet.items] == ["high", "low", "jack", "jick", "game"]


# --- records, keep, serve, the CLI -----------------------------------------------------------


def test_full_summary_and_outcome_agree(log: Log) -> None:
    for name in ("smear", "ten-point-smear"):
        data = full(log, name)
        result = kozyr.replay(data)
        summary = {**data, "won": list(WON), "trump": "♥"}
        del summary["tricks"]
        proven = kozyr.replay(summary)
        assert proven.checked == "summary" and proven.points == result.points
        variant = kozyr.get_variant(name)
        facts = variant.outcome_record(result, {})
        expected = {"high": 0, "low": 2, "jack": 2, "jick": 2, "game": 2}
        assert {k: facts[k] for k in expected} == expected
        assert ("trey" in facts) == (name == "ten-point-smear")
        again = kozyr.replay({"variant": name, **facts})
        assert again.checked == "outcome" and again.points == result.points


def test_an_impossible_summary_is_refused(log: Log) -> None:
    # J♦ and 7♦ swap piles: seat 0's two tricks would hold three of his own cards (A♥ J♦ 3♥),
    # and a trick has one card of each seat -- no legal play gives these piles
    data = full(log)
    del data["tricks"]
    won = list(WON)
    won[2] = won[2].replace("J♦", "7♦")
    won[0] = won[0].replace("7♦", "J♦")
    with pytest.raises(RecordError, match="impossible"):
        kozyr.replay({**data, "won": won, "trump": "♥"})


def test_keep_asks_the_jick_and_serve_shows_it(tmp_path: Any) -> None:
    from kozyr.keep import Keeper

    variant = kozyr.get_variant("ten-point-smear", partnership=True)
    # dealer, pitcher, bid, high, low, jack, jick, the black and the red joker (SMR8: the red
    # one skipped, not in play), trey, game, game points (skipped)
    answers = ["", "1", "4", "1", "3", "0", "1", "0", "", "-", "2", ""]
    path = tmp_path / "smear.json"
    keeper = Keeper(
        str(path), variant, ["Аня", "Боря", "Вера", "Гоша"],
        io.StringIO("".join(a + "\n" for a in answers)), io.StringIO(),
    )  # fmt: skip
    assert keeper.run() == 0
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["deals"][0] == {
        "dealer": 0, "pitcher": 1, "bid": 4, "high": 1, "low": 3, "jack": 0, "jick": 1,
        "black_joker": 0, "trey": None, "game": 2,
    }  # fmt: skip
    # side 1 (seats 1, 3): High, Low, Jick = 3 < 4: set back 4; side 0: Jack, 🃏, Game
    result = kozyr.replay(data)
    assert isinstance(result, PartyResult) and result.running == ((3, -4),)
    pytest.importorskip("starlette")
    from kozyr.web.form import fields_of

    names = [f.name for f in fields_of(kozyr.get_variant("smear"))]
    assert names == ["dealer", "pitcher", "bid", "high", "low", "jack", "jick", "game",
                     "game_points"]  # fmt: skip
    names = [f.name for f in fields_of(variant)]
    assert names[6:10] == ["jick", "black_joker", "red_joker", "trey"]


def test_cli_rules_and_play() -> None:
    out = io.StringIO()
    assert main(["rules", "smear", "SMR3", "--json"], out=out) == 0
    assert json.loads(out.getvalue())["rule"]["title"] == "The jick"
    out = io.StringIO()
    assert main(["rules", "ten-point-smear"], out=out) == 0
    text = out.getvalue()
    assert "SMR6 The game" in text and "D-SMR1 The jokers by option" in text and "trey" in text
    assert "SMR7 The jokers" in text and "D-SMR9 A joker is no suit" in text
    out = io.StringIO()
    assert main(["play", "smear", "--seed", "4", "--bot", "heuristic", "--json"], out=out) == 0
    played = json.loads(out.getvalue())
    assert kozyr.replay(played["record"]).to_json() == played["result"]


def test_the_smear_examples(example: Callable[[str], Any]) -> None:
    # examples/smear-deal.json is the worked deal above: (-3, 0, 4, 0) (SMR5).
    assert kozyr.replay(example("smear-deal.json")).points == (-3, 0, 4, 0)
    # examples/ten-point-smear-party.json, partnerships (Аня & Вера against Боря & Гоша):
    # 1. Боря pitches for 4: High, Low (Гоша's), Jack and the Trey (Гоша) = 1 + 1 + 1 + 3 = 6,
    #    made; the Jick (Аня) and Game (Вера) to side 0: 2 : 6.
    # 2. Вера pitches for 5: High, Low, Game = 3 of 5, set back 5 (AP9); Jack and Trey (3) to
    #    side 1: -3 : 10.
    # 3. Аня pitches for 8 and takes all eight points (SMR4, D-SMR1: eight in play): 5 : 10.
    # The record was written by the release before the jokers: its options have no ``jokers``,
    # so it replays under the default (2, SMR7) -- to the same score, as no joker is in play --
    # and under jokers 0 alike (D-SMR1).
    data = example("ten-point-smear-party.json")
    assert "jokers" not in data["options"]
    result = kozyr.replay(data)
    assert isinstance(result, PartyResult) and result.record.options["jokers"] == 2
    assert result.running == ((2, 6), (-3, 10), (5, 10)) and result.winner is None
    jokerless = kozyr.replay({**data, "options": {**data["options"], "jokers": 0}})
    assert isinstance(jokerless, PartyResult) and jokerless.running == result.running
    variant = kozyr.get_variant("ten-point-smear", partnership=True)
    assert [n.deal for n in variant.sheet_notes(result) if n.rule == "AP9"] == [1]


def test_smr1_a_point_the_options_do_not_play_for_is_refused() -> None:
    # "without Jick" (option jick off) an outcome record naming the jick is a mistake, not a
    # field to drop behind the scorekeeper's back; so is a trey in five-point Smear
    deal = _outcome(0, 1, 2, 1, 1, 0, 0, 0)
    with pytest.raises(RecordError, match=r"jick is not played for") as info:
        score_unproven({"variant": "smear", "options": {"jick": False}, **deal})
    assert info.value.path == "$.jick"
    with pytest.raises(RecordError, match=r"trey is not played for"):
        score_unproven({"variant": "smear", **deal, "trey": 1})
    del deal["jick"]
    assert score_unproven({"variant": "smear", "options": {"jick": False}, **deal}).points == (
        2,
        2,
        0,
        0,
    )
