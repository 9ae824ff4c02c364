"""The scoring functions of Seven Up one fact at a time (SU3, SU4, SU6, D-SU1, D-SU3, D-SU4),
on hand-built facts; the arithmetic is in each comment."""

from __future__ import annotations

from kozyr_seven_up.scoring import (
    before_play_items,
    by_unit,
    game_count,
    game_item,
    high_and_low,
    jack_winner,
    point,
)

from kozyr import Card, CardSet, DealRecord, Suit


def cards(text: str) -> CardSet:
    return CardSet.parse(text)


def record(dealer: int, turnups: str, n: int = 4, **decisions: object) -> DealRecord:
    hands: tuple[CardSet | None, ...] = (None,) * n
    turned = tuple(Card.parse(c) for c in turnups.split())
    return DealRecord("seven-up", {"players": n}, dealer, hands, turned, None, decisions)


def test_high_and_low_are_the_extreme_trumps_dealt() -> None:
    # SU6, hearts trump: seat 1 was dealt A♥ (High), seat 2 2♥ (Low), seat 0 9♥ (neither)
    hands = [cards("9h 3s"), cards("Ah Kd"), cards("2h 4c"), None]
    assert high_and_low(hands, Suit.HEARTS) == ((1, Card.parse("Ah")), (2, Card.parse("2h")))
    # one trump in play is both High and Low (SU6: 2 points to its holder)
    assert high_and_low([cards("7s 2c"), cards("Qd")], Suit.SPADES) == (
        (0, Card.parse("7s")),
        (0, Card.parse("7s")),
    )
    # no trump in play: neither scores
    assert high_and_low([cards("7s 2c"), cards("Qd")], Suit.HEARTS) is None


def test_jack_goes_to_who_won_it() -> None:
    # SU6: the trump jack to the seat that won it in a trick; not in play: nobody
    won = [cards("Jd 4d"), cards("Jh 10h 2c"), cards(""), cards("As")]
    assert jack_winner(won, Suit.HEARTS) == 1
    assert jack_winner(won, Suit.CLUBS) is None


def test_game_count_values() -> None:
    # SU6: ten 10, ace 4, king 3, queen 2, jack 1, others 0: 10 + 4 + 3 + 2 + 1 + 0 = 20
    assert game_count(cards("10c Ad Kh Qs Jc 9h 2d")) == 20


def test_game_goes_to_the_higher_side_and_its_better_member() -> None:
    # four players: side 0 (seats 0, 2) 10 + 4 = 14, side 1 (seats 1, 3) 3 + 2 = 5: side 0;
    # the item to seat 2, who counted 10 against seat 0's 4, with the side's counting cards
    won = [cards("Ac 5c"), cards("Kd"), cards("10h 9h"), cards("Qs")]
    counted = [game_count(c) for c in won]
    assert counted == [4, 3, 10, 2] and by_unit(counted) == [14, 5]
    item = game_item(won, counted, eldest=1)
    assert item is not None and (item.seat, item.side, item.rule) == (2, 0, "SU6")
    assert item.cards == (Card.parse("Ac"), Card.parse("10h"))


def test_game_tie_scores_for_nobody_or_eldest() -> None:
    # D-SU3: two players, 10 against 10: nobody by default; game_tie="eldest": the first tied
    # seat from eldest (seat 1 when seat 0 deals)
    won = [cards("10c"), cards("10d")]
    counted = [10, 10]
    assert game_item(won, counted, eldest=1) is None
    item = game_item(won, counted, eldest=1, game_tie="eldest")
    assert item is not None and (item.seat, item.rule) == (1, "D-SU3")


def test_before_play_points() -> None:
    # SU3: a jack turned up scores 1 for the dealer at once, even if the cards are then run;
    # D-SU1: the jack turned while running whose suit becomes trump scores too
    items = before_play_items(record(2, "Jh Jd", beg="run"), 4)
    assert [(i.name, i.seat, i.side, i.rule) for i in items] == [
        ("turned_jack", 2, 0, "SU3"),
        ("turned_jack", 2, 0, "D-SU1"),
    ]
    # SU4: a gift is one point to eldest's side (dealer 3: eldest 0)
    items = before_play_items(record(3, "5c", beg="give"), 4)
    assert [(i.name, i.seat, i.side, i.rule) for i in items] == [("gift", 0, 0, "SU4")]
    # D-SU4: with three players the dealer gives one point to each opponent
    items = before_play_items(record(1, "5c", 3, beg="give"), 3)
    assert sorted((i.name, i.seat, i.rule) for i in items) == [
        ("gift", 0, "D-SU4"),
        ("gift", 2, "D-SU4"),
    ]


def test_points_carry_their_side_only_in_partnerships() -> None:
    # C5: with four players seat 3 scores for side 1; playing alone (SU1) there is no side
    assert (point("high", 3, 4).side, point("high", 2, 3).side) == (1, None)
