"""Trick play (SM4, SM5, D-SM1), dealing (SM3) and play points (SM7) on hand-built deals."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

import kozyr
from kozyr import Card, CardSet, Deal, Deck, RecordError, Trick
from kozyr.codec import read_deal

STRENGTH = ["3", "2", "A", "K", "Q", "J", "7", "6", "5", "4"]


def variant(**options: object) -> kozyr.Variant:
    return kozyr.get_variant("semerik", **options)


def items(result: Any) -> list[tuple[str, int, int | None, int | None]]:
    return [(i.name, i.points, i.seat, i.side) for i in result.sheet.items]


def test_sm1_exactly_four_players_in_two_sides() -> None:
    # SM1: four players, seats 0 and 2 against 1 and 3 (C5); another count is refused with a
    # message that says so (the variant has no players option to choose from).
    v = variant()
    assert v.players == 4 and v.sides == ((0, 2), (1, 3))
    assert [v.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert variant(players=4).options == v.options  # asking for four is no error
    for wrong in (3, "5", 2):
        with pytest.raises(kozyr.OptionError) as error:
            variant(players=wrong)
        assert str(error.value) == (
            f"Семерик (semerik) is played by exactly 4 players, not {wrong} (SM1)"
        )


# --- trick rules: hearts as the main suit (SM4, D-SM1, SM5) -------------------------------------


def trick(leader: int, cards: str) -> Trick:
    t = Trick(leader)
    for k, card in enumerate(cards.split()):
        t = t.with_play((leader + k) % 4, Card.parse(card))
    return t


@pytest.mark.parametrize(
    ("leader", "cards", "winner", "why"),
    [
        (0, "4s 7h 3s 2s", 1, "SM4: a live heart beats the 3 of the suit led"),
        (0, "4s 6h 5s 7s", 3, "SM4: the empty 6♥ cannot win off its suit; 7♠ is highest spade"),
        (0, "4s 6h 5h 4h", 0, "SM4: 6♥ 5♥ 4♥ are all empty; the leader's 4♠ stands"),
        (2, "Kd 4h Jh 3d", 0, "SM4: J♥ (seat 0) is live and beats 3♦; 4♥ (seat 3) is empty"),
        (0, "6h 5h 4h Ks", 0, "D-SM1: to a heart lead the empty 6♥ wins as highest heart"),
        (0, "4h 6h Kd 5h", 1, "D-SM1: 6♥ beats 4♥ and 5♥ on a heart lead"),
        (0, "7h 3h 2h Ah", 1, "SM2: 3 beats 2 beats A in hearts"),
        (0, "Ac 2c 3c Kc", 2, "SM2: the three is the strongest card"),
        (0, "Ac 2d 3s Kh", 3, "SM4: K♥ beats everything else"),
    ],
)
def test_trick_winner(leader: int, cards: str, winner: int, why: str) -> None:
    assert variant().trick_rules.trick_winner(trick(leader, cards), None) == winner, why


def test_must_follow_suit_else_any() -> None:
    # SM5: with a spade in hand a spade must follow a spade lead; void, anything goes
    rules = variant().trick_rules
    t = trick(0, "Ks")
    assert str(CardSet.from_mask(rules.legal_mask(CardSet.parse("4s 3h 2d").mask, t, None))) == "4♠"
    assert str(CardSet.from_mask(rules.legal_mask(CardSet.parse("3h 2d").mask, t, None))) == "2♦ 3♥"
    # a heart lead must be followed by hearts, empty ones included
    assert (
        str(CardSet.from_mask(rules.legal_mask(CardSet.parse("4h 3s").mask, trick(0, "Ah"), None)))
        == "4♥"
    )


def test_not_following_is_rejected_with_its_rule() -> None:
    # SM5: seat 2 holds 4♥ and may not throw 5♠ to a heart lead; the deal is left unchanged
    data = {k: v for k, v in ALONE_NINE.items() if k != "tricks"}
    record = read_deal(data, variant())
    deal = Deal.from_record(record, variant(), {})
    deal.play_card("3h")
    with pytest.raises(
        kozyr.IllegalPlayError, match=r"seat 2: 5♠ does not follow the suit led ♥ \(SM5\)"
    ):
        deal.play_card("5s")
    assert deal.trick is not None
    assert deal.to_act == 2 and len(deal.trick.plays) == 1
    deal.play_card("4h")
    assert deal.to_act == 3


# --- dealing (SM3) -------------------------------------------------------------------------------


@pytest.mark.parametrize(("packets", "sizes"), [("4-3-3", (4, 3, 3)), ("3-3-4", (3, 3, 4))])
def test_deal_in_packets_from_eldest(packets: str, sizes: tuple[int, int, int]) -> None:
    # SM3: eldest (dealer + 1) takes the first packet, then clockwise, three rounds
    deal = Deal.new(variant(packets=packets), seed=5, dealer=2)
    deck = Deck.of_size(40)
    deck.shuffle(random.Random(5))
    cards = deck.cards
    expected: dict[int, set[Card]] = {s: set() for s in range(4)}
    pos = 0
    for size in sizes:
        for k in range(4):
            seat = (3 + k) % 4  # eldest is seat 3
            expected[seat] |= set(cards[pos : pos + size])
            pos += size
    assert pos == 40
    for seat in range(4):
        assert set(deal.hand(seat)) == expected[seat]
        assert len(deal.hand(seat)) == 10
    assert deal.to_act == 3  # SM5: eldest leads
    assert deal.trump is None and deal.turnups == ()


def test_packets_differ() -> None:
    a = Deal.new(variant(packets="4-3-3"), seed=9)
    b = Deal.new(variant(packets="3-3-4"), seed=9)
    assert a.hands != b.hands


# --- play points (SM7) on hand-built deals -------------------------------------------------------

CLUBS = "3c 2c Ac Kc Qc Jc 7c 6c 5c 4c"
DIAMONDS = "3d 2d Ad Kd Qd Jd 7d 6d 5d 4d"
SPADES = "3s 2s As Ks Qs Js 7s 6s 5s 4s"
HEARTS = "3h 2h Ah Kh Qh Jh 7h 6h 5h 4h"

# Seat 1 (eldest) leads its hearts strongest first; the others throw their weakest cards.
ALONE_TEN = {
    "variant": "semerik",
    "dealer": 0,
    "hands": [CLUBS, HEARTS, SPADES, DIAMONDS],
    "tricks": [
        f"{STRENGTH[k]}h {STRENGTH[9 - k]}s {STRENGTH[9 - k]}d {STRENGTH[9 - k]}c"
        for k in range(10)
    ],
}

# Seat 1 takes nine tricks with hearts; seat 2 takes the last with 3♠.
ALONE_NINE = {
    "variant": "semerik",
    "dealer": 0,
    "hands": [CLUBS, "3h 2h Ah Kh Qh Jh 7h 6h 5h 4s", "4h 3s 2s As Ks Qs Js 7s 6s 5s", DIAMONDS],
    "tricks": [
        "3h 4h 4d 4c",
        "2h 5s 5d 5c",
        "Ah 6s 6d 6c",
        "Kh 7s 7d 7c",
        "Qh Js Jd Jc",
        "Jh Qs Qd Qc",
        "7h Ks Kd Kc",
        "6h As Ad Ac",
        "5h 2s 2d 2c",
        "4s 3s 3d 3c",
    ],
}

# Side 1 takes all ten, eight by seat 1 and two by its partner seat 3.
SIDE_TEN = {
    "variant": "semerik",
    "dealer": 0,
    "hands": [
        CLUBS,
        "3h 2h Ah Kh Qh Jh 7h 6h 4s 4d",
        "2s As Ks Qs Js 7s 6s 5s 6d 5d",
        "5h 4h 3s 3d 2d Ad Kd Qd Jd 7d",
    ],
    "tricks": [
        "3h 5s 5h 4c",
        "2h 6s 4h 5c",
        "Ah 7s 7d 6c",
        "Kh Js Jd 7c",
        "Qh Qs Qd Jc",
        "Jh Ks Kd Qc",
        "7h As Ad Kc",
        "6h 2s 2d Ac",
        "4d 5d 3d 2c",
        "3s 3c 4s 6d",
    ],
}


def replay(record: dict[str, Any], **options: object) -> Any:
    data = copy.deepcopy(record)
    if options:
        data["options"] = options
    return kozyr.replay(data)


def test_one_player_takes_all_ten() -> None:
    result = replay(ALONE_TEN)
    assert list(result.tricks) == [0, 10, 0, 0]
    # declarations from eldest: трена ♥ (seat 1), ♠ (2), ♦ (3), ♣ (0), 16 each (D-SM2: 10 long)
    # counters: tricks 5-10 hold Q♥+3 J, J♥+3 Q, then 3 K, 3 A, 3 twos, 3 threes = 6 points;
    # tricks 1-4 hold one counter each (the heart) = nothing
    # bonuses: 10 tricks alone 6 (D-SM4) + all ten by the side 4 (SM7) = 10
    assert items(result) == [
        ("trena", 16, 1, 1),
        ("trena", 16, 2, 0),
        ("trena", 16, 3, 1),
        ("trena", 16, 0, 0),
        *[("counters", 1, 1, 1)] * 6,
        ("nine_tricks", 6, 1, 1),
        ("all_tricks", 4, None, 1),
    ]
    assert [i.rule for i in result.sheet.items[-2:]] == ["D-SM4", "SM7"]
    # side 0: 16 + 16 = 32; side 1: 16 + 16 + 6 + 6 + 4 = 48
    assert list(result.points) == [32, 48]
    assert result.extra["declarations"] == [32, 32] and result.extra["play"] == [0, 16]
    assert result.extra["counter_cards"] == [0, 24]


def test_one_player_takes_all_ten_cumulative() -> None:
    # counter_mode=cumulative: side 1 took all 24 counters -> 24 // 3 = 8, before the bonuses
    result = replay(ALONE_TEN, counter_mode="cumulative")
    assert items(result)[4:] == [
        ("counters", 8, None, 1),
        ("nine_tricks", 6, 1, 1),
        ("all_tricks", 4, None, 1),
    ]
    # side 1: 32 + 8 + 6 + 4 = 50
    assert list(result.points) == [32, 50]


def test_nine_tricks_alone() -> None:
    result = replay(ALONE_NINE)
    assert list(result.tricks) == [0, 9, 1, 0]
    # трены: seat 1 hearts 3..5 (9 long), seat 2 spades 3..5 (9 long), ♦ and ♣ complete = 16 each
    # counters: tricks 5-9 to seat 1 (4, 4, 3, 3, 3 counters) = 5; trick 10 (3♠ 3♦ 3♣) to seat 2 = 1
    # nine tricks by seat 1 = 6 (SM7); side 1 did not take all ten: no all_tricks
    assert items(result) == [
        ("trena", 16, 1, 1),
        ("trena", 16, 2, 0),
        ("trena", 16, 3, 1),
        ("trena", 16, 0, 0),
        *[("counters", 1, 1, 1)] * 5,
        ("counters", 1, 2, 0),
        ("nine_tricks", 6, 1, 1),
    ]
    counter_items = result.sheet.named("counters")
    assert [str(c) for c in counter_items[-1].cards] == ["3♠", "3♦", "3♣"]
    # side 0: 16 + 16 + 1 = 33; side 1: 16 + 16 + 5 + 6 = 43
    assert list(result.points) == [33, 43]


def test_nine_tricks_alone_cumulative() -> None:
    # side 1 counters: 1 + 1 + 1 + 1 + 4 + 4 + 3 + 3 + 3 = 21 -> 7; side 0: 3 -> 1
    # eldest's side (1) is scored first, then side 0, then the nine-trick bonus
    result = replay(ALONE_NINE, counter_mode="cumulative")
    assert items(result)[4:] == [
        ("counters", 7, None, 1),
        ("counters", 1, None, 0),
        ("nine_tricks", 6, 1, 1),
    ]
    assert result.extra["counter_cards"] == [3, 21]
    # side 0: 32 + 1 = 33; side 1: 32 + 7 + 6 = 45
    assert list(result.points) == [33, 45]


def test_side_takes_all_ten_between_partners() -> None:
    result = replay(SIDE_TEN)
    assert list(result.tricks) == [0, 8, 0, 2]
    # declarations: seat 1 трена ♥ (8 long) 16, seat 2 nothing, seat 3 трена ♦ (exactly 7) 16,
    # seat 0 трена ♣ 16; counters: tricks 4-8 (3, 4, 4, 3, 3 counters) to seat 1 = 5; tricks 9
    # and 10 hold only two counters each; all ten tricks to side 1 = 4; nobody took nine
    assert items(result) == [
        ("trena", 16, 1, 1),
        ("trena", 16, 3, 1),
        ("trena", 16, 0, 0),
        *[("counters", 1, 1, 1)] * 5,
        ("all_tricks", 4, None, 1),
    ]
    assert [i.rule for i in result.sheet.items[:3]] == ["D-SM2", "SM6", "D-SM2"]
    # side 0: 16; side 1: 16 + 16 + 5 + 4 = 41
    assert list(result.points) == [16, 41]


def test_side_takes_all_ten_cumulative() -> None:
    # side 1 took every counter: 24 // 3 = 8; side 1: 32 + 8 + 4 = 44
    result = replay(SIDE_TEN, counter_mode="cumulative")
    assert list(result.points) == [16, 44]


def test_quads_option_in_a_deal() -> None:
    # D-SM3: the same seeded deal under plus_one scores 1 more per four of a kind, for its side
    seen = 0
    for seed in range(60):
        a = kozyr.play_deal(variant(quads="as_triple"), seed=seed).result()
        b = kozyr.play_deal(variant(quads="plus_one"), seed=seed).result()
        assert a.record.tricks == b.record.tricks
        quads = [0, 0]
        for seat, hand in enumerate(a.record.hands):
            assert hand is not None
            for rank in {c.rank for c in hand}:
                if sum(1 for c in hand if c.rank == rank) == 4:
                    quads[seat % 2] += 1
        seen += sum(quads)
        assert [y - x for x, y in zip(a.points, b.points, strict=True)] == quads
    assert seen > 0


def test_single_deal_settles_nothing_and_keeps_json_keys() -> None:
    result = replay(ALONE_NINE)
    data = result.to_json()
    assert {"tricks", "points", "items", "settlement"} <= set(data)
    assert data["settlement"]["net"] == [0, 0, 0, 0]
    assert data["settlement"]["payments"] == []
    assert data["points"] == [33, 43]
    assert "game" not in data  # not a deal of a game


def rotate(record: dict[str, Any], k: int) -> dict[str, Any]:
    """The same deal with every seat moved ``k`` places to the left."""
    data = copy.deepcopy(record)
    data["dealer"] = (record["dealer"] + k) % 4
    data["hands"] = [record["hands"][(s - k) % 4] for s in range(4)]
    return data


@pytest.mark.parametrize("record", [ALONE_TEN, ALONE_NINE, SIDE_TEN])
@pytest.mark.parametrize("k", [1, 2, 3])
def test_rotating_the_table(record: dict[str, Any], k: int) -> None:
    # C1/C5: moving everyone k seats moves the points with them (sides swap when k is odd)
    base, moved = replay(record), replay(rotate(record, k))
    assert list(moved.tricks) == [base.tricks[(s - k) % 4] for s in range(4)]
    expected = list(base.points) if k % 2 == 0 else list(base.points)[::-1]
    assert list(moved.points) == expected
    assert [i.name for i in moved.sheet.items] == [i.name for i in base.sheet.items]


DECLARATION_NAMES = ("baba", "extension", "trena", "triple", "quad")


def test_event_order_on_random_deals() -> None:
    # SM8: declarations (seat order from eldest), then counters trick by trick, then bonuses
    for seed in range(40):
        for mode in ("per_trick", "cumulative"):
            deal = kozyr.play_deal(variant(counter_mode=mode), seed=seed, dealer=seed % 4)
            sheet = deal.result().sheet
            eldest = (deal.dealer + 1) % 4
            phase = [
                0
                if i.name in DECLARATION_NAMES
                else 1
                if i.name == "counters"
                else 2
                if i.name == "nine_tricks"
                else 3
                for i in sheet.items
            ]
            assert phase == sorted(phase)
            decl = [i for i in sheet.items if i.name in DECLARATION_NAMES]
            order = [(i.seat - eldest) % 4 for i in decl if i.seat is not None]
            assert len(order) == len(decl) and order == sorted(order)
            if mode == "per_trick":
                numbers = [
                    int(i.label_en.split(":")[0].split()[1]) for i in sheet.named("counters")
                ]
                assert numbers == sorted(numbers)


def test_record_errors() -> None:
    bad = copy.deepcopy(ALONE_NINE)
    bad["hands"][2] = bad["hands"][2].replace("5s", "9s")
    bad["tricks"][1] = "2h 9s 5d 5c"
    with pytest.raises(
        RecordError, match=r"^\$\.hands\[2\]: 9♠ is not in the 40-card Семерик pack"
    ):
        kozyr.replay(bad)
    short = copy.deepcopy(ALONE_NINE)
    short["hands"][3] = DIAMONDS.replace(" 4d", "")
    with pytest.raises(RecordError, match=r"^\$\.hands\[3\]: seat 3 holds 9 cards; .* 10 .*SM3"):
        kozyr.replay(short)
    summary = copy.deepcopy(ALONE_NINE)
    del summary["tricks"]
    with pytest.raises(RecordError, match=r"^\$\.tricks: missing"):
        kozyr.replay(summary)
    revoke = copy.deepcopy(ALONE_NINE)
    revoke["tricks"][0] = "3h 4s 4d 4c"  # seat 2 holds 4♥ but plays 4♠ to a heart lead
    with pytest.raises(RecordError, match=r"^\$\.tricks\[0\]\[1\]: .*4♠ is not in seat 2's hand"):
        kozyr.replay(revoke)
    revoke["tricks"][0] = "3h 5s 4d 4c"  # seat 2 holds 4♥ and must follow hearts (SM5)
    with pytest.raises(
        RecordError, match=r"^\$\.tricks\[0\]\[1\]: seat 2: 5♠ does not follow .*SM5"
    ):
        kozyr.replay(revoke)
    missing = copy.deepcopy(ALONE_NINE)
    missing["hands"][0] = None
    with pytest.raises(RecordError, match=r"^\$\.hands\[0\]: all four seats play"):
        kozyr.replay(missing)
    extra_field = copy.deepcopy(ALONE_NINE)
    extra_field["trump"] = "h"
    with pytest.raises(RecordError, match=r"^\$\.trump: unknown field"):
        kozyr.replay(extra_field)


def test_declared_field_is_checked() -> None:
    good = copy.deepcopy(ALONE_NINE)
    good["declared"] = [16, 16, 16, 16]
    result = kozyr.replay(good)
    assert list(result.points) == [33, 43]
    assert result.record.to_json()["declared"] == [16, 16, 16, 16]
    wrong = copy.deepcopy(SIDE_TEN)
    wrong["declared"] = [16, 16, 3, 16]
    with pytest.raises(
        RecordError,
        match=r"^\$\.declared\[2\]: seat 2 declared 3, but the hand as dealt scores 0 \(nothing",
    ):
        kozyr.replay(wrong)
    wrong["declared"] = [16, 12, 0, 16]
    with pytest.raises(
        RecordError, match=r"^\$\.declared\[1\]: .*scores 16 \(трена червей 16; SM6\)"
    ):
        kozyr.replay(wrong)
    wrong["declared"] = [16, 16]
    with pytest.raises(RecordError, match=r"^\$\.declared: expected a list of 4"):
        kozyr.replay(wrong)
    wrong["declared"] = [16, 16, "x", 16]
    with pytest.raises(RecordError, match=r"^\$\.declared\[2\]: expected a number"):
        kozyr.replay(wrong)
