"""Independent rules audit: adversarial, hand-computed cases against the rules reference,
through the public API only (kozyr.replay, kozyr.Deal, score_hand, the CLI). Each case states the
rule it checks and the arithmetic done by hand before running it."""

from __future__ import annotations

import contextlib
import io
import json
from typing import Any

import pytest

import kozyr
from kozyr import Card, Deal, Trick
from kozyr.cli import main
from kozyr.codec import read_deal
from kozyr.errors import IllegalPlayError, OptionError, RecordError
from kozyr.testing import score_unproven


def net(result: Any) -> list[str]:
    return [str(x) for x in result.settlement.net()]


def items(result: Any) -> list[tuple[str, int | None, int | None, int]]:
    return [(i.name, i.seat, i.side, i.points) for i in result.sheet.items]


def strip(deal: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in deal.items() if k not in ("variant", "options")}


# ============================================================================================
# Семь листов, classic (SL-C1..SL-C17)
# ============================================================================================

# Two players, 24 cards, trump ♠ (turned 9♠). Seat 1 (eldest) leads.
DEAD = {
    "variant": "sem-listov",
    "options": {"players": 2},
    "dealer": 0,
    "hands": ["A♠ K♠ Q♠ J♠ 10♠ K♦ Q♦", "A♥ K♥ Q♥ J♥ 10♥ 9♥ A♦"],
    "turnup": "9♠",
    "tricks": ["A♥ A♠", "K♥ K♠", "Q♥ Q♠", "J♥ K♦", "10♥ Q♦", "9♥ J♠", "10♠ A♦"],
}


def test_sl_dead_and_live_trumps() -> None:
    # SL-C9: A♠ K♠ Q♠ on heart leads are dead (seat 0 still holds diamonds): seat 1 wins 1-5.
    # Trick 6: seat 0 holds only J♠ 10♠ -> J♠ is live and beats 9♥. Trick 7: 10♠ led (SL-C10),
    # seat 1 has no trump, plays A♦. Tricks 2:5; SL-C14 scores x2 = 4:10; seat 0 pays 6.
    r = kozyr.replay(DEAD)
    assert r.tricks == (2, 5)
    assert r.points == (4, 10)
    assert net(r) == ["-6", "6"]
    assert [t.winner for t in r.record.tricks] == [1, 1, 1, 1, 1, 0, 0]


def test_sl_exchange_after_first_trick_changes_live_trump() -> None:
    # SL-C6: after trick 1 the dealer takes 9♠ for Q♦. At trick 5 his hand is 10♠ J♠ 9♠, all
    # trumps, so 9♠ on 10♥ is live and wins (SL-C9); he then leads J♠ and 10♠ (SL-C10: seat 1
    # has no trump). Tricks 3:4 -> 6:8, seat 0 pays 2.
    rec = dict(
        DEAD,
        exchange="Q♦",
        tricks=["A♥ A♠", "K♥ K♠", "Q♥ Q♠", "J♥ K♦", "10♥ 9♠", "J♠ 9♥", "10♠ A♦"],
    )
    r = kozyr.replay(rec)
    assert r.tricks == (3, 4)
    assert net(r) == ["-2", "2"]


def test_sl_exchange_not_before_first_trick_and_not_a_played_card() -> None:
    # SL-C6: the turned card is not the dealer's before trick 1; a card already played in
    # trick 1 cannot be the discard.
    with pytest.raises(RecordError, match=r"\$\.tricks\[0\]\[1\]"):
        kozyr.replay(dict(DEAD, tricks=["A♥ 9♠", *DEAD["tricks"][1:]]))
    with pytest.raises(RecordError, match=r"\$\.exchange"):
        kozyr.replay(dict(DEAD, exchange="A♠"))


H3 = ["10♥ J♥ Q♥ K♥ A♥ A♦ K♣", "A♠ K♠ Q♠ 9♥ 10♦ K♦ 10♣", "9♠ 10♠ J♠ 9♦ J♦ Q♦ A♣"]


def test_sl_three_way_tie_settlement() -> None:
    # Three players, trump ♣. Tricks: s1 takes 1-3 (spades), s0 takes 4-6 (K♥, A♥, A♦),
    # s2 takes 7 (K♣ led, s1 must trump 10♣, A♣ wins). 3:3:1 -> x3 = 9:9:3.
    # D-SL3: s0 and s1 both win; s2 pays each 9 - 3 = 6 -> net [6, 6, -12], zero-sum.
    rec = {
        "variant": "sem-listov",
        "options": {"players": 3},
        "dealer": 0,
        "hands": H3,
        "turnup": "9♣",
        "tricks": "A♠ 9♠ 10♥,K♠ 10♠ J♥,Q♠ J♠ Q♥,9♥ 9♦ K♥,A♥ 10♦ J♦,A♦ K♦ Q♦,K♣ 10♣ A♣".split(","),
    }
    r = kozyr.replay(rec)
    assert r.tricks == (3, 3, 1)
    assert r.points == (9, 9, 3)
    assert net(r) == ["6", "6", "-12"]
    assert r.extra["winners"] == [0, 1]


HONOURS = {
    "variant": "sem-listov",
    "options": {"players": 2, "honours_first": True},
    "dealer": 0,
    "hands": ["K♠ Q♠ 10♠ A♦ K♦ Q♦ J♦", "A♠ J♠ A♥ K♥ Q♥ J♥ 10♥"],
    "turnup": "9♠",
    "tricks": ["A♠ K♠", "J♠ Q♠", "10♠ 10♥", "A♦ J♥", "K♦ Q♥", "Q♦ K♥", "J♦ A♥"],
}


def test_sl_honours_first() -> None:
    # SL-C12: on the trump ace led, the king's holder must play the king. Then s0 wins J♠ with
    # Q♠, leads 10♠ (s1 void of trumps), and wins the diamond leads. 6:1 -> 12:2, pays 10.
    r = kozyr.replay(HONOURS)
    assert r.tricks == (6, 1)
    assert net(r) == ["10", "-10"]
    bad = dict(HONOURS, tricks=["A♠ Q♠", "J♠ K♠", *HONOURS["tricks"][2:]])
    with pytest.raises(RecordError, match=r"\$\.tricks\[0\]\[1\].*SL-C12"):
        kozyr.replay(bad)
    # without the option Q♠ under the ace is fine (SL-C10 only asks for a trump)
    assert kozyr.replay(dict(bad, options={"players": 2})).tricks == (6, 1)


FIVE = {
    "variant": "sem-listov",
    "options": {"players": 5, "five_trump_leads": True},
    "dealer": 0,
    "hands": [
        "8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠",
        "A♥ A♦ A♣ K♣ Q♣ J♣ 10♣",
        "K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥",
        "7♠ K♦ Q♦ J♦ 10♦ 9♦ 8♦",
        "7♦ 6♦ 9♣ 8♣ 7♣ 6♣ 6♥",
    ],
    "turnup": "6♠",
}


def test_sl_five_trump_leads_face_down() -> None:
    # SL-C13 / D-SL2: eldest (s1) has no trump and leads A♥ face down; s2 (no trump) plays
    # K♥, which cannot win; s3 must play his 7♠; s0 plays 8♠ -> highest trump 8♠ wins.
    v = kozyr.get_variant("sem-listov", players=5, five_trump_leads=True)
    deal = Deal.from_record(read_deal(FIVE, v), v, {})
    deal.play_card("A♥")
    deal.play_card("K♥")
    assert str(deal.legal_plays()) == "7♠"
    with pytest.raises(IllegalPlayError, match="SL-C13"):
        deal.play_card("K♦")
    for card in ("7♠", "6♥", "8♠"):
        deal.play_card(card)
    assert deal.tricks[0].winner == 0
    deal.play(deal.legal_actions()[0])  # SL-C6: the dealer keeps
    # second forced lead: s0 must lead a trump (he holds only trumps anyway)
    assert all(c.suit.name == "SPADES" for c in deal.legal_plays())
    # D-SL2 at the rule level: nobody trumps a face-down lead -> the leader takes it
    rules = v.trick_rules
    trick = Trick(leader=1)
    trick = trick.with_play(
        1,
        Card.parse("A♥"),
        rules.play_flags(
            kozyr.CardSet.parse(FIVE["hands"][1]).mask, trick, Card.parse("A♥"), kozyr.Suit.SPADES
        ),
    )
    for seat, card in ((2, "K♥"), (3, "K♦"), (4, "6♥"), (0, "Q♦")):
        trick = trick.with_play(seat, Card.parse(card))
    assert rules.trick_winner(trick, kozyr.Suit.SPADES) == 1


H4 = [
    "K♥ 6♠ 7♠ 8♠ 9♠ 10♠ J♠",
    "A♥ Q♠ K♠ A♠ 6♦ 7♦ 8♦",
    "9♦ 10♦ J♦ Q♦ K♦ A♦ 6♣",
    "7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣",
]


def test_sl_runaway_single_winner_full_tricks() -> None:
    # SL-C16, D-SL4: s2 runs away; s0 and s1 play 2-card tricks. s1 takes the 3 spade tricks,
    # s0 the rest: 4:3 -> x3 = 12:9, s1 pays 3; s2 pays 2 x 3 = 6 to the winner s0.
    rec = {
        "variant": "sem-listov",
        "options": {"players": 3, "runaways": True},
        "dealer": 0,
        "hands": H3,
        "turnup": "9♣",
        "runaways": [2],
        "tricks": ["A♠ 10♥", "K♠ J♥", "Q♠ Q♥", "9♥ K♥", "A♥ 10♦", "A♦ K♦", "K♣ 10♣"],
    }
    r = kozyr.replay(rec)
    assert r.tricks == (4, 3, 0)
    assert net(r) == ["9", "-3", "-6"]
    # D-SL4: everyone but the dealer runs: he wins without play, takes 6 from each
    r = kozyr.replay(dict(rec, runaways=[1, 2], tricks=[]))
    assert net(r) == ["12", "-6", "-6"]
    with pytest.raises(RecordError, match=r"\$\.runaways\[0\].*dealer"):
        kozyr.replay(dict(rec, runaways=[0]))


def test_sl_runaway_tied_winners_equal_split() -> None:
    # 4 players, s3 runs (penalty 2 x 4 = 8). s0 3, s1 3, s2 1 tricks: D-SL3 s2 pays
    # (3-1) x 4 = 8 to each winner; equal split: s3 pays 4 to each -> [12, 12, -16, -8].
    rec = {
        "variant": "sem-listov",
        "options": {"players": 4, "runaways": True},
        "dealer": 0,
        "turnup": "6♥",
        "runaways": [3],
        "trick_winners": [0, 0, 0, 1, 1, 1, 2],  # without hands: H4 could not give them
    }
    assert net(kozyr.replay(rec)) == ["12", "12", "-16", "-8"]


@pytest.mark.parametrize(
    ("rate", "expected"), [(2, ["-20", "-12", "68", "-36"]), (3, ["-20", "-8", "68", "-40"])]
)
def test_sl_runaway_next_deal(rate: int, expected: list[str]) -> None:
    # SL-C16 next_deal: deal 1 as above but the 8 (or 12) of s3 is held. Deal 1 net
    # [8, 8, -16, 0]. Deal 2 (dealer 1): s2 takes all 7 -> 28, each other pays 28; the held
    # penalty goes to the tied winner dealt the highest trump (♥): A♥ is s1's -> s1 +8.
    # Total [8-28, 8-28+8, -16+84, -28-8] = [-20, -12, 68, -36]; with rate 3: 12 instead of 8.
    # (outcome records: trick winners without hands; the hands of H4 could not give them, so
    # deal 2 says which tied winner was dealt the highest trump)
    first = {
        "dealer": 0,
        "turnup": "6♥",
        "runaways": [3],
        "trick_winners": [0, 0, 0, 1, 1, 1, 2],
    }
    second = {"dealer": 1, "turnup": "6♥", "trick_winners": [2] * 7, "highest_trump": 1}
    options = {
        "players": 4,
        "runaways": True,
        "runaway_split": "next_deal",
        "runaway_rate": rate,
        "deals": 2,
    }
    r = score_unproven({"variant": "sem-listov", "options": options, "deals": [first, second]})
    assert net(r.deals[0]) == ["8", "8", "-16", "0"]
    assert r.deals[1].extra["pot_taken"][0]["taker"] == 1
    assert net(r) == expected


def test_sl_hand_size_limits() -> None:
    # SL-C17: 3 x 8 + 1 = 25 > 24 rejected; with 28 cards fine; 5 x 8 + 1 = 41 > 36.
    with pytest.raises(OptionError, match="SL-C17"):
        kozyr.get_variant("sem-listov", players=3, hand_size=8)
    assert kozyr.get_variant("sem-listov", players=3, hand_size=8, deck_size=28).deck_size == 28
    with pytest.raises(OptionError, match="SL-C17"):
        kozyr.get_variant("sem-listov", players=5, hand_size=8)
    assert kozyr.get_variant("pyat-listov").options["hand_size"] == 5


def test_sl_cli_replay_json(tmp_path: Any) -> None:
    path = tmp_path / "dead.json"
    path.write_text(json.dumps(DEAD, ensure_ascii=False), encoding="utf-8")
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        assert main(["replay", str(path), "--json"]) == 0
    assert json.loads(buf.getvalue())["settlement"]["net"] == [-6, 6]


# ============================================================================================
# Race forms: по носкам, 1884, на носки (PN1-PN5, SL19-1..4, NN1-NN5, D-PN1, D-PN2, D-SL19)
# ============================================================================================

R3 = ["6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠", "K♠ A♠ 6♥ 7♥ 8♥ 9♥ 10♥", "J♥ Q♥ K♥ A♥ 6♦ 7♦ 8♦"]
R2 = ["6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠", None, "J♥ Q♥ K♥ A♥ 6♦ 7♦ 8♦"]


def race_party(variant: str, options: dict[str, Any], cut: str | None, third: Any = None) -> Any:
    # Deal 1 (dealer 2): s1 6, s2 1 -> [0, 6, 1]. Deal 2 (dealer 0): s1 reaches 7 at trick 1,
    # s2 takes 5, s0 1 -> [1, 7, 6]; two still short, the deal is played out; s1 leaves (PN4).
    # Deal 3: the deal passes from 0 to 1, who left, so seat 2 deals; s2 wins trick 1 -> 7,
    # only s0 is short: the race ends there (D-PN2), s0 loses.
    data: dict[str, Any] = {
        "variant": variant,
        "options": {"players": 3, **options},
        "deals": [
            # trick winners without hands (an outcome record): these hands could not give them
            {"dealer": 2, "turnup": "6♣", "trick_winners": [1] * 6 + [2]},
            {"dealer": 0, "turnup": "6♣", "trick_winners": [1] + [2] * 5 + [0]},
            third or {"dealer": 2, "turnup": "6♣", "trick_winners": [2]},
        ],
    }
    if cut:
        data["cut"] = cut
    return data


def test_race_po_noskam_party_nose_and_money() -> None:
    r = kozyr.replay(race_party("po-noskam", {}, "8♣"))
    assert r.running == ((0, 6, 1), (1, 7, 6), (1, 7, 7))
    assert r.loser == 0
    assert r.extra["left_after"] == [[], [1], [2]]
    # PN5: cut 8 -> 8 hits from each opponent (every other player of the party: 1 and 2)
    assert r.extra["punishment"]["hits_per_opponent"] == 8
    assert r.extra["punishment"]["opponents"] == [1, 2]
    assert net(r) == ["0", "0", "0"]
    assert net(kozyr.replay(race_party("po-noskam", {"settlement": "money"}, "8♣"))) == [
        "-16",
        "8",
        "8",
    ]
    # PN5: a jack (picture card) forgives
    r = kozyr.replay(race_party("po-noskam", {"settlement": "money"}, "J♣"))
    assert r.extra["punishment"]["forgiven"] is True
    assert net(r) == ["0", "0", "0"]


@pytest.mark.parametrize(
    ("cut", "each"), [("A♦", 11), ("K♦", 10), ("J♦", 10), ("10♦", 10), ("7♦", 7), ("6♦", 6)]
)
def test_race_1884_cut_values(cut: str, each: int) -> None:
    # SL19-4: A = 11, K/Q/J = 10, others pips; the loser s0 pays each of s1, s2.
    r = kozyr.replay(race_party("sem-listov-1884", {}, cut))
    assert net(r) == [str(-2 * each), str(each), str(each)]
    # D-SL19: with settlement nose the same value is the number of hits
    r = kozyr.replay(race_party("sem-listov-1884", {"settlement": "nose"}, cut))
    assert r.extra["punishment"]["hits_per_opponent"] == each
    assert net(r) == ["0", "0", "0"]


def test_race_bookkeeping_errors() -> None:
    # PN4: the left seat must not deal, must not be dealt a hand, and must not win a trick;
    # D-PN2: no trick after the race ended.
    bad_thirds = [
        ({"dealer": 1, "hands": R2, "turnup": "6♣", "trick_winners": [2]}, r"deals\[2\]\.dealer"),
        ({"dealer": 2, "hands": R3, "turnup": "6♣", "trick_winners": [2]}, r"hands\[1\]"),
        (
            {"dealer": 2, "hands": R2, "turnup": "6♣", "trick_winners": [2, 0]},
            r"trick_winners\[1\]",
        ),
        ({"dealer": 2, "hands": R2, "turnup": "6♣", "trick_winners": [1]}, r"trick_winners\[0\]"),
    ]
    for third, where in bad_thirds:
        with pytest.raises(RecordError, match=where):
            kozyr.replay(race_party("po-noskam", {}, None, third))


def test_race_na_noski_full_tricks_early_end() -> None:
    # NN2: turn-up = dealer's own card. Deal 1 (dealer 0, Q♠ his): [0, 6, 1]; deal 2 (dealer 1,
    # 10♥ his): s2 reaches 7 at trick 6 -> [1, 6, 7], s2 leaves. Deal 3 (dealer 0, 2 players):
    # s1 leads K♠, s0 follows 6♠; s1 -> 7 and the race ends after one trick (D-PN2).
    # NN5: cut 9 -> 9 hits from each of s1, s2.
    third = {
        "dealer": 0,
        "hands": ["6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠", "K♠ A♠ 6♥ 7♥ 8♥ 9♥ 10♥", None],
        "turnup": "Q♠",
        "tricks": ["K♠ 6♠"],
    }
    data = {
        "variant": "na-noski",
        "options": {"players": 3},
        "cut": "9♣",
        "deals": [
            # outcome records (winners without hands: R3 could not give them)
            {"dealer": 0, "turnup": "Q♠", "trick_winners": [1] * 6 + [2]},
            {"dealer": 1, "turnup": "10♥", "trick_winners": [2] * 6 + [0]},
            third,
        ],
    }
    r = kozyr.replay(data)
    assert r.running == ((0, 6, 1), (1, 6, 7), (1, 7, 7))
    assert r.loser == 0
    assert r.extra["punishment"]["hits_per_opponent"] == 9
    third["tricks"] = ["K♠ 6♠", "A♠ 7♠"]
    with pytest.raises(RecordError, match=r"deals\[2\]\.tricks\[1\]"):
        kozyr.replay(data)
    third["tricks"], third["turnup"] = ["K♠ 6♠"], "6♣"  # NN2: not the dealer's card
    with pytest.raises(RecordError, match="NN2"):
        kozyr.replay(data)


PN_VOID = {
    "variant": "po-noskam",
    "options": {"players": 2},
    "dealer": 0,
    "hands": ["9♠ 7♦ 8♦ 9♦ 10♦ J♦ Q♦", "A♥ K♥ Q♥ J♥ 10♥ 9♥ 8♥"],
    "turnup": "6♠",
    "tricks": ["A♥ 7♦", "K♥ 8♦", "Q♥ 9♦", "J♥ 10♦", "10♥ J♦", "9♥ Q♦", "8♥ 9♠"],
}


def test_race_void_player_pn3_vs_sl19_2() -> None:
    # PN3: s0, void in ♥ but holding 9♠, may discard diamonds; he trumps the last heart.
    # Tricks 1:6 (no race end: [1, 6]).
    r = kozyr.replay(PN_VOID)
    assert r.tricks == (1, 6)
    assert r.extra["race_over"] is False
    # SL19-2: the same first play is illegal in the 1884 form: a void player must trump.
    with pytest.raises(RecordError, match=r"\$\.tricks\[0\]\[1\].*SL19-2"):
        kozyr.replay(dict(PN_VOID, variant="sem-listov-1884"))


def test_race_exchange_before_play() -> None:
    # D-PN1 before_play: the dealer takes 9♠ for 6♦ before trick 1; he then plays 9♠ in
    # trick 7 (A♦ led, void -> trumps) and wins it: 1:6.
    rec = {
        "variant": "po-noskam",
        "options": {"players": 2, "exchange_timing": "before_play"},
        "dealer": 0,
        "hands": ["6♠ 7♠ 8♠ 6♥ 7♥ 8♥ 6♦", "A♠ K♠ Q♠ A♥ K♥ Q♥ A♦"],
        "turnup": "9♠",
        "exchange": "6♦",
        "tricks": ["A♠ 6♠", "K♠ 7♠", "Q♠ 8♠", "A♥ 6♥", "K♥ 7♥", "Q♥ 8♥", "A♦ 9♠"],
    }
    assert kozyr.replay(rec).tricks == (1, 6)


# ============================================================================================
# Seven Up (SU1-SU7, D-SU1..D-SU4)
# ============================================================================================

SU_ONE_TRUMP = {
    "variant": "seven-up",
    "dealer": 0,
    "hands": [
        "A♣ K♣ Q♣ J♣ 10♣ 9♣",
        "A♠ K♠ Q♠ J♠ 10♠ 9♠",
        "5♦ 2♠ 3♠ 4♠ 5♠ 6♠",
        "A♥ K♥ Q♥ J♥ 10♥ 9♥",
    ],
    "turnups": ["2♦"],
    "beg": "stand",
    "tricks": "A♠ 2♠ 9♥ 9♣,K♠ 3♠ 10♥ 10♣,Q♠ 4♠ J♥ J♣,J♠ 5♠ Q♥ Q♣,10♠ 6♠ K♥ K♣,9♠ 5♦ A♥ A♣".split(
        ","
    ),
}


def test_su_single_trump_high_and_low() -> None:
    # SU6: 5♦ is the only trump in play -> High and Low to s2 (side 0), 2 points. No jack.
    # Game: side 1 (s1) took tricks 1-5: 4 + 23 + 4 + 5 + 16 = 52; side 0: A♥ A♣ = 8.
    r = kozyr.replay(SU_ONE_TRUMP)
    assert r.tricks == (0, 5, 1, 0)
    assert items(r) == [("high", 2, 0, 1), ("low", 2, 0, 1), ("game", 1, 1, 1)]
    assert r.extra["game_points"] == [8, 52]
    assert r.points == (2, 1)


SU_TWO = {
    "variant": "seven-up",
    "options": {"players": 2},
    "dealer": 0,
    "hands": ["3♥ 4♠ 5♠ 6♦ 7♦ 8♦", "A♠ K♠ Q♠ 3♣ 4♣ 5♣"],
    "turnups": ["2♥"],
    "beg": "stand",
    "tricks": ["A♠ 3♥", "4♠ K♠", "Q♠ 5♠", "3♣ 6♦", "4♣ 7♦", "5♣ 8♦"],
}


def test_su_trump_when_able_to_follow_and_void_rules() -> None:
    # SU5: s0 may trump A♠ with 3♥ though he holds spades. High = Low = 3♥ (s0): 2; Game:
    # s0 4 (A♠) vs s1 3 + 2 = 5 -> s1. Points (2, 1).
    r = kozyr.replay(SU_TWO)
    assert r.tricks == (1, 5)
    assert r.points == (2, 1)
    # SU5: able to follow, he may not discard a diamond
    with pytest.raises(RecordError, match=r"\$\.tricks\[0\]\[1\].*SU5"):
        kozyr.replay(dict(SU_TWO, tricks=["A♠ 6♦"]))
    # void in ♠ with a trump: must trump; void_may_discard lifts that
    void = dict(SU_TWO, hands=["3♥ 9♦ 5♣ 6♦ 7♦ 8♦", "A♠ K♠ Q♠ 3♣ 4♣ 10♣"])
    void["tricks"] = ["A♠ 9♦"]
    with pytest.raises(RecordError, match=r"\$\.tricks\[0\]\[1\].*SU5"):
        kozyr.replay(void)
    void["options"] = {"players": 2, "void_may_discard": True}
    with pytest.raises(RecordError, match=r"\$\.tricks$|record stops"):
        kozyr.replay(void)  # legal first play; only the record is short


def test_su_game_tie() -> None:
    # D-SU3: 7 against 7 (A+K each): nobody scores Game; option eldest -> s1 (non-dealer).
    rec = {
        "variant": "seven-up",
        "options": {"players": 2},
        "dealer": 0,
        "hands": ["A♦ K♦ 2♠ 3♠ 9♦ 8♦", "A♠ K♠ 5♣ 6♣ 7♣ 8♣"],
        "turnups": ["2♥"],
        "won": ["5♣ A♦ 6♣ K♦ 7♣ 9♦ 8♣ 8♦", "A♠ 2♠ K♠ 3♠"],
    }
    r = score_unproven(rec)
    assert r.points == (0, 0)
    assert r.extra["game_points"] == [7, 7]
    r = score_unproven(dict(rec, options={"players": 2, "game_tie": "eldest"}))
    assert items(r) == [("game", 1, None, 1)]


DOC_DEAL = {
    "hands": [
        "A♥ 2♣ K♠ 10♦ 5♦ 3♠",
        "J♥ 4♥ A♠ Q♠ 7♣ 8♦",
        "10♥ 2♥ K♣ 9♠ 6♦ 4♣",
        "3♥ A♣ 10♠ Q♦ 9♣ 7♠",
    ],
    "turnups": ["8♥"],
    "beg": "stand",
    "won": [
        "10♠ A♥ 4♥ 10♥",
        "A♠ 9♠ 7♠ 3♠ 10♦ J♥ 6♦ Q♦ 8♦ 4♣ 9♣ 5♦",
        "",
        "Q♠ 2♥ 3♥ K♠ 7♣ K♣ A♣ 2♣",
    ],
}  # High s0, Low s2, Jack s1, Game side 1 (24 v 29): (2, 2)
TIE_DEAL = {
    "hands": [
        "A♣ K♣ Q♣ J♣ 10♣ 9♣",
        "A♠ K♠ Q♠ J♠ 10♠ 5♦",
        "4♦ 2♠ 3♠ 4♠ 5♠ 6♠",
        "A♥ K♥ Q♥ J♥ 10♥ 9♥",
    ],
    "turnups": ["2♦"],
    "beg": "stand",
    "won": [
        "A♣ K♣ Q♣ J♣ 10♣ 9♣ 2♠ 3♠ 10♥ 9♥ 4♠ 5♠",
        "A♠ K♠ Q♠ J♠ 10♠ 5♦ 4♦ 6♠ A♥ K♥ Q♥ J♥",
        "",
        "",
    ],
}  # High 5♦ s1, Low 4♦ s2, no jack in play, Game 30 v 30 tie: (1, 1)
SWAP_DEAL = {
    "hands": [
        "A♣ K♣ Q♣ J♣ 10♣ 9♣",
        "A♠ K♠ Q♠ J♠ 10♠ 2♦",
        "A♦ 2♠ 3♠ 4♠ 5♠ 6♠",
        "J♦ K♥ Q♥ J♥ 10♥ 9♥",
    ],
    "turnups": ["3♦"],
    "beg": "stand",
    "won": [
        "A♣ K♣ Q♣ J♣ 10♣ 9♣ A♠ K♠ Q♠ J♠ 10♠ 2♠ 3♠ 4♠ 5♠ 6♠",
        "",
        "",
        "J♦ K♥ Q♥ J♥ 10♥ 9♥ 2♦ A♦",
    ],
}  # High A♦ s2 (0), Low 2♦ s1 (1), Jack s3 (1), Game side 0 40 v 21


@pytest.mark.parametrize(("last", "winner"), [(DOC_DEAL, 0), (SWAP_DEAL, 1)])
def test_su_both_reach_seven_order(last: dict[str, Any], winner: int) -> None:
    # SU7: deals (2,2), (2,2), (1,1) -> 5:5. Source example 1: High+Low for side 0 against
    # Jack+Game for side 1 -> side 0 reaches 7 on Low first. Example 2: High+Game for side 0
    # against Low+Jack -> 6:5, 6:6, 6:7 on the Jack: side 1 wins.
    deals = [dict(DOC_DEAL, dealer=0), dict(DOC_DEAL, dealer=1), dict(TIE_DEAL, dealer=2)]
    deals.append(dict(last, dealer=3))
    r = score_unproven({"variant": "seven-up", "deals": deals})
    assert r.running == ((2, 2), (4, 4), (5, 5), (7, 7))
    assert r.winner == winner
    with pytest.raises(RecordError, match=r"deals\[4\]"):
        score_unproven({"variant": "seven-up", "deals": [*deals, dict(DOC_DEAL, dealer=0)]})


GIFT3 = {
    "hands": ["A♣ K♣ Q♣ J♣ 10♣ 9♣", "A♠ K♠ Q♠ J♠ 10♠ 9♠", "A♥ K♥ Q♥ J♥ 10♥ 9♥"],
    "turnups": ["2♦"],
    "beg": "give",
    "won": ["A♣ K♣ Q♣ J♣ 10♣ 9♣", "A♠ K♠ Q♠ J♠ 10♠ 9♠", "A♥ K♥ Q♥ J♥ 10♥ 9♥"],
}


def test_su_three_player_gift_and_d_su4() -> None:
    # D-SU4: 3 players, the dealer who gives gives 1 to each opponent; no trump in play, Game
    # tied 20:20:20 -> (0, 1, 1) for dealer 0.
    r = score_unproven({"variant": "seven-up", "options": {"players": 3}, "dealer": 0, **GIFT3})
    assert r.points == (0, 1, 1)
    # nine gift deals -> 6:6:6; the tenth (dealer 0, beggar s1 at 6) may not give
    deals = [dict(GIFT3, dealer=i % 3) for i in range(10)]
    with pytest.raises(RecordError, match=r"deals\[9\]\.beg.*D-SU4"):
        score_unproven({"variant": "seven-up", "options": {"players": 3}, "deals": deals})
    # gift_may_win: both s1 and s2 reach 7 on the gift; s1's (eldest) counts first
    options = {"players": 3, "gift_may_win": True}
    r = score_unproven({"variant": "seven-up", "options": options, "deals": deals})
    assert r.running[-1] == (6, 7, 7)
    assert r.winner == 1


RUN_HANDS = ["A♣ K♣ Q♣ J♣ 10♣ 9♣", "A♥ K♥ Q♥ J♥ 10♥ 9♥", "A♦ K♦ Q♦ 6♦ 10♦ 9♦", "8♣ 8♥ 8♦ 7♣ 7♥ 7♦"]
RUN_WON = [" ".join(RUN_HANDS), "", "", ""]


@pytest.mark.parametrize(
    ("turnups", "discard3", "expected"),
    [
        (["2♦", "5♦", "J♠"], "3♦ 4♦", [("turned_jack", 0, 0, 1), ("game", 0, 0, 1)]),
        (["J♦", "5♦", "Q♠"], "3♦ 4♦", [("turned_jack", 0, 0, 1), ("game", 0, 0, 1)]),
        (["2♦", "J♦", "Q♠"], "3♦ 5♦", [("game", 0, 0, 1)]),
    ],
)
def test_su_running_turned_jacks(turnups: list[str], discard3: str, expected: Any) -> None:
    # SU3: a jack turned at the deal scores for the dealer; D-SU1: a jack turned while running
    # scores only if its suit becomes trump (J♠ does, J♦ of the refused suit does not).
    # Trump ♠ has no card in play (all discarded) -> no High/Low/Jack; s0 won everything: Game.
    s0 = "A♠ K♠ Q♠ 10♠ 9♠ 8♠" if "J♠" in turnups else "A♠ K♠ J♠ 10♠ 9♠ 8♠"
    rec = {
        "variant": "seven-up",
        "dealer": 0,
        "beg": "run",
        "turnups": turnups,
        "hands": RUN_HANDS,
        "discards": [s0, "7♠ 6♠ 5♠ 4♠ 3♠ 2♠", "2♣ 3♣ 4♣ 5♣ 6♣ 2♥", "3♥ 4♥ 5♥ 6♥ " + discard3],
        "won": RUN_WON,
    }
    assert items(score_unproven(rec)) == expected


def test_su_void_deal_same_dealer_again() -> None:
    # D-SU2: 4 players, two runs both ♦ -> void; the turned J♦ (SU3) stands: (1, 0); the same
    # dealer deals again; then the (2,2) deal -> running (1,0), (3,2).
    void = {
        "dealer": 0,
        "beg": "run",
        "void": True,
        "turnups": ["J♦", "5♦", "6♦"],
        "hands": [
            "A♣ K♣ Q♣ J♣ 10♣ 9♣ 8♣ 7♣ 6♣ 5♣ 4♣ 3♣",
            "A♥ K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥ 5♥ 4♥ 3♥",
            "A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠ 4♠ 3♠",
            "A♦ K♦ Q♦ 10♦ 9♦ 8♦ 7♦ 4♦ 3♦ 2♦ 2♣ 2♥",
        ],
    }
    r = kozyr.replay({"variant": "seven-up", "deals": [void, dict(DOC_DEAL, dealer=0)]})
    assert r.running == ((1, 0), (3, 2))
    with pytest.raises(RecordError, match=r"deals\[1\]\.dealer"):
        kozyr.replay({"variant": "seven-up", "deals": [void, dict(DOC_DEAL, dealer=1)]})
    with pytest.raises(RecordError, match="D-SU2"):
        kozyr.replay({"variant": "seven-up", **dict(void, turnups=["J♦", "5♦"])})


# ============================================================================================
# Семерик (SM1-SM11, D-SM1..D-SM4)
# ============================================================================================

SEMERIK = kozyr.get_variant("semerik")
SEMERIK_PLUS = kozyr.get_variant("semerik", quads="plus_one")


@pytest.mark.parametrize(
    ("hand", "total", "plus_one"),
    [
        ("3h 2h Ah Kh", 6, 6),  # SM6: hearts баба 5 + K 1
        ("3h 2h Ah Kh Qh Jh", 8, 8),  # hearts 5 + K Q J = 8
        ("3h 2h Ah Kh Qh Jh 7h", 16, 16),  # трена instead of баба (hearts too)
        ("3h 2h Ah Kh Qh Jh 7h 6h 5h 4h", 16, 16),  # D-SM2: 10 in sequence still 16
        ("3s 2s As Ks Qs Js 7s 6s", 16, 16),  # D-SM2: 8 cards
        ("3s 2s As Ks Qs Js 6s", 6, 6),  # no 7: баба 3 + K Q J
        ("3s 2s As Qs", 3, 3),  # Q does not touch A: no extension
        ("2s As Ks Qs", 0, 0),  # no 3: nothing
        ("3s 2s As 3h 3d", 6, 6),  # баба 3 + three threes 3 (counted together)
        ("7s 7h 7d 7c", 4, 5),  # D-SM3: four sevens as a triple (4), plus_one 5
        ("4s 4h 4d", 1, 1),  # other rank: 1
        ("Ks Kh Kd Kc", 1, 2),
        # three бабы 9 + four threes 3 (+1) + three twos 3 + three aces 3
        ("3s 2s As 3d 2d Ad 3c 2c Ac 3h", 18, 19),
    ],
)
def test_sm_declarations(hand: str, total: int, plus_one: int) -> None:
    assert SEMERIK.score_hand(hand).total == total
    assert SEMERIK_PLUS.score_hand(hand).total == plus_one


RANKS = ["3", "2", "A", "K", "Q", "J", "7", "6", "5", "4"]


def hearts_deal(dealer: int) -> dict[str, Any]:
    """Eldest holds all ten hearts and leads them from the 3 down; the others hold one card of
    each rank (no баба, no triple) and play them in rank order, so trick t holds four cards of
    rank t: tricks 1-6 four counters each, 7-10 none."""
    eldest = (dealer + 1) % 4
    others = [(eldest + k) % 4 for k in (1, 2, 3)]
    hands: dict[int, list[str]] = {eldest: [r + "♥" for r in RANKS], **{o: [] for o in others}}
    for i, rank in enumerate(RANKS):
        for k, suit in enumerate("♠♦♣"):
            hands[others[(i + k) % 3]].append(rank + suit)
    tricks = [" ".join([hands[s][t] for s in [eldest, *others]]) for t in range(10)]
    return {"dealer": dealer, "hands": [" ".join(hands[s]) for s in range(4)], "tricks": tricks}


def test_sm_all_ten_tricks_deal() -> None:
    # Eldest s0: трена of 10 hearts 16 (D-SM2); heart leads win every trick, the empty hearts
    # too (D-SM1). Counters 6 x 1; 10 tricks alone 6 (D-SM4) + all ten 4: 16 + 6 + 6 + 4 = 32.
    r = kozyr.replay({"variant": "semerik", **hearts_deal(3)})
    assert r.tricks == (10, 0, 0, 0)
    assert r.points == (32, 0)
    assert [i.name for i in r.sheet.items] == ["trena"] + ["counters"] * 6 + [
        "nine_tricks",
        "all_tricks",
    ]


def test_sm_rubber_double_single_and_carry() -> None:
    # SM8-SM11. Game 1: s0 16, counters to 21 at trick 5 -> won in play, loser 0 < 11: 42;
    # end 32 -> carry 11 (SM9). Game 2 starts 11:0; eldest s1 (side 1) 16 then 5 counters ->
    # 21 while side 0 has exactly 11: single 21; carry 11. Game 3 starts 0:11; side 0 wins at
    # 21:11, single. SM10: game 1 (42) each of s1, s3 pays 10.5 to each of s0, s2 (21 a seat);
    # games 2 and 3 (21) move 5.25 a pair (10.5 a seat) each way and cancel -> [21, -21, 21, -21].
    party = {"variant": "semerik", "deals": [hearts_deal(3), hearts_deal(0), hearts_deal(1)]}
    r = kozyr.replay(party)
    assert r.running == ((32, 0), (11, 32), (32, 11))
    games = r.extra["games"]
    assert [
        (g["winner"], g["value"], g["loser_score"], g["won_on"], g["carry"]) for g in games
    ] == [
        (0, 42, 0, "play", 11),
        (1, 21, 11, "play", 11),
        (0, 21, 11, "play", 11),
    ]
    assert net(r) == ["21", "-21", "21", "-21"]
    assert r.winner == 0
    assert r.extra["rubber_complete"] is True
    with pytest.raises(RecordError, match=r"deals\[3\]"):
        kozyr.replay({**party, "deals": [*party["deals"], hearts_deal(2)]})


DECL_DEAL = {
    "dealer": 3,
    "hands": [
        "3♥ 2♥ A♥ K♥ Q♥ J♥ 7♥ 6♥ 5♥ 4♥",
        "3♦ 2♦ K♦ Q♦ J♦ J♠ 7♠ 6♠ 5♠ 4♠",
        "3♠ 2♠ A♠ K♠ Q♠ A♦ 7♦ 6♦ 5♦ 4♦",
        "3♣ 2♣ A♣ K♣ Q♣ J♣ 7♣ 6♣ 5♣ 4♣",
    ],
}
_cols = [h.split() for h in DECL_DEAL["hands"]]
DECL_DEAL["tricks"] = [" ".join(c[t] for c in _cols) for t in range(10)]


def test_sm_game_on_declarations_double_no_carry() -> None:
    # SM8: s0 16, s1 0, s2 баба ♠ 3 + K + Q = 5, s3 трена 16. D-SM5 together (default): all at
    # once, 21:16 -> side 0 wins on declarations with side 1 at 16 >= 11: single, 21. D-SM5
    # in_turn: 21:0 at s2's declaration: double (side 1 had 0 at that moment, though s3's трена
    # gives it 16 right after). Play: counters tricks 1-6 (4, 4, 4, 4, 4, 4 counters) 6, s0 10
    # tricks 6 + all 4: 37:16. SM9: won on declarations, no carry.
    r = kozyr.replay({"variant": "semerik", **DECL_DEAL})
    assert r.points == (37, 16)
    for options, value, loser_score in (({}, 21, 16), ({"declarations": "in_turn"}, 42, 0)):
        party = kozyr.replay({"variant": "semerik", "options": options, "deals": [DECL_DEAL]})
        game = party.extra["games"][0]
        assert (game["value"], game["won_on"], game["carry"]) == (value, "declarations", 0)
        assert game["loser_score"] == loser_score
        assert party.extra["scores"] == [0, 0]
    # SM7 cumulative: side 0 took all 24 counters -> 8: 16 + 5 + 8 + 6 + 4 = 39
    cumulative = {"variant": "semerik", "options": {"counter_mode": "cumulative"}, **DECL_DEAL}
    assert kozyr.replay(cumulative).points == (39, 16)


NINE = {
    "dealer": 3,
    "hands": [
        "3♥ 2♥ A♥ K♥ Q♥ J♥ 7♥ 6♥ 5♥ 4♠",
        "3♠ K♠ 7♠ 4♥ A♦ J♦ 5♦ 2♣ Q♣ 6♣",
        "2♠ Q♠ 6♠ 3♦ K♦ 7♦ 4♦ A♣ J♣ 5♣",
        "A♠ J♠ 5♠ 2♦ Q♦ 6♦ 3♣ K♣ 7♣ 4♣",
    ],
    "tricks": [
        "3♥ 4♥ 2♠ A♠",
        "2♥ K♠ Q♠ J♠",
        "A♥ 7♠ 3♦ 2♦",
        "K♥ A♦ K♦ Q♦",
        "Q♥ J♦ 7♦ 6♦",
        "J♥ 5♦ 4♦ 3♣",
        "7♥ 2♣ A♣ K♣",
        "6♥ Q♣ J♣ 7♣",
        "5♥ 6♣ 5♣ 4♣",
        "4♠ 3♠ 6♠ 5♠",
    ],
}


def test_sm_nine_tricks_counters_and_cumulative() -> None:
    # s0: 3 2 A K Q J 7 6 5 of hearts = 9 in sequence: трена 16 (D-SM2). s1 must follow 3♥
    # with his 4♥. Counters per trick: 3,4,3,4,2,2,3,2,0,1 (=24) -> points on tricks 1,2,3,4,7.
    # s0 9 tricks: 6 (SM7); s1 takes the last (3♠), so no all-ten bonus. 16 + 5 + 6 = 27.
    r = kozyr.replay({"variant": "semerik", **NINE})
    assert r.tricks == (9, 1, 0, 0)
    assert r.points == (27, 0)
    assert [i.name for i in r.sheet.items].count("all_tricks") == 0
    assert r.extra["counter_cards"] == [23, 1]
    # SM8: 21 reached on trick 7's counter, loser 0: double; carry 27 - 21 = 6 (SM9)
    game = kozyr.replay({"variant": "semerik", "deals": [NINE]}).extra["games"][0]
    assert (game["value"], game["won_on"], game["carry"]) == (42, "play", 6)
    # cumulative: 23 // 3 = 7 and 1 // 3 = 0 -> 16 + 7 + 6 = 29, carry 8
    cumulative = {"variant": "semerik", "options": {"counter_mode": "cumulative"}}
    assert kozyr.replay({**cumulative, **NINE}).points == (29, 0)
    party = kozyr.replay({**cumulative, "deals": [NINE]})
    assert party.extra["games"][0]["carry"] == 8


def test_sm_empty_heart_cannot_trump() -> None:
    # SM4: 6♥ thrown on a spade lead cannot win; 7♥ can. D-SM1: on a heart lead 4♥ beats
    # nothing but wins if it is the highest heart.
    rules = SEMERIK.trick_rules

    def winner(cards: str) -> int:
        trick = Trick(leader=0)
        for seat, card in enumerate(cards.split()):
            trick = trick.with_play(seat, Card.parse(card))
        return rules.trick_winner(trick, None)

    assert winner("5♠ 6♥ 4♠ 7♣") == 0
    assert winner("5♠ 7♥ 4♠ 7♣") == 1
    assert winner("4♥ 5♠ 6♣ 7♦") == 0
    assert winner("4♥ 5♥ 6♥ 3♠") == 2


def test_sm_declared_field_checked() -> None:
    # a record's ``declared`` must match the hands (SM6): s0 16, s1 0, s2 5, s3 16
    rec = {"variant": "semerik", **DECL_DEAL, "declared": [16, 0, 5, 16]}
    assert kozyr.replay(rec).points == (37, 16)
    with pytest.raises(RecordError, match=r"\$\.declared\[2\]"):
        kozyr.replay(dict(rec, declared=[16, 0, 3, 16]))
