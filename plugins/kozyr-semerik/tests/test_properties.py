"""Property tests (hypothesis) over hands, deals and games."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from kozyr_semerik.scoring import PACK, Rubber

import kozyr
from kozyr import Card, CardSet, Rank, ScoreItem, Suit
from kozyr.cards import Style

PACK_CARDS = sorted(PACK)
VARIANTS = {
    (quads, mode): kozyr.get_variant("semerik", quads=quads, counter_mode=mode)
    for quads in ("as_triple", "plus_one")
    for mode in ("per_trick", "cumulative")
}
SEQUENCE = "3 2 A K Q J 7 6 5 4".split()
TRIPLE = {"7": 4, "3": 3, "2": 3, "A": 3}

hands = st.lists(st.sampled_from(PACK_CARDS), min_size=1, max_size=40, unique=True)
ten_card_hands = st.lists(st.sampled_from(PACK_CARDS), min_size=10, max_size=10, unique=True)


def oracle(cards: list[Card], quads: str) -> int:
    """SM6 and D-SM2/D-SM3 restated from the rules in the simplest possible way."""
    names = {f"{c.rank.symbol}{c.suit.letter}" for c in cards}
    points = 0
    for suit in "cdhs":
        run = 0
        while run < 10 and f"{SEQUENCE[run]}{suit}" in names:
            run += 1
        if run >= 7:
            points += 16
        elif run >= 3:
            points += (5 if suit == "h" else 3) + (run - 3)
    for rank in SEQUENCE:
        count = sum(1 for suit in "cdhs" if f"{rank}{suit}" in names)
        if count >= 3:
            points += TRIPLE.get(rank, 1) + (1 if count == 4 and quads == "plus_one" else 0)
    return points


@settings(max_examples=300, deadline=None)
@given(hands, st.sampled_from(["as_triple", "plus_one"]))
def test_declarations_match_the_rules_restated(cards: list[Card], quads: str) -> None:
    sheet = VARIANTS[(quads, "per_trick")].score_hand(CardSet(cards))
    assert sheet.total == oracle(cards, quads)
    held = CardSet(cards)
    for item in sheet.items:  # every item shows the cards that earned it, all from the hand
        assert item.points > 0 and item.cards and set(item.cards) <= set(held)
        assert item.label_ru and item.label_en and item.rule in ("SM6", "D-SM2", "D-SM3")


@settings(max_examples=150, deadline=None)
@given(
    ten_card_hands,
    st.randoms(use_true_random=False),
    st.sampled_from(["unicode", "ascii", "russian"]),
)
def test_declaration_total_does_not_depend_on_card_order(
    cards: list[Card], rnd: random.Random, style: Style
) -> None:
    variant = VARIANTS[("as_triple", "per_trick")]
    shuffled = list(cards)
    rnd.shuffle(shuffled)
    text = " ".join(c.format(style) for c in shuffled)
    a = variant.score_hand(CardSet(cards))
    b = variant.score_hand(text)
    assert a.total == b.total and a.items == b.items


@settings(max_examples=200, deadline=None)
@given(hands, st.sampled_from(PACK_CARDS))
def test_adding_a_card_never_lowers_the_declarations(cards: list[Card], extra: Card) -> None:
    variant = VARIANTS[("plus_one", "per_trick")]
    hand = CardSet(cards)
    assert variant.score_hand(hand.add(extra)).total >= variant.score_hand(hand).total


@settings(max_examples=100, deadline=None)
@given(
    st.integers(0, 10**9),
    st.integers(0, 3),
    st.sampled_from(list(VARIANTS)),
    st.sampled_from(["random", "heuristic"]),
)
def test_deal_points(seed: int, dealer: int, key: tuple[str, str], bots: str) -> None:
    variant = VARIANTS[key]
    mode = key[1]
    result = kozyr.play_deal(variant, seed=seed, dealer=dealer, bots=bots).result()
    sheet = result.sheet
    assert sum(result.tricks) == 10
    assert list(result.points) == sheet.by_side()
    assert sum(result.points) == sheet.total
    # declarations per side are the sum of its two hands' declarations (SM6)
    for side, members in enumerate(((0, 2), (1, 3))):
        hands = [result.record.hands[s] for s in members]
        expected = sum(variant.score_hand(hand).total for hand in hands if hand is not None)
        assert result.extra["declarations"][side] == expected
    # counters: 24 in the pack (K Q J A 2 3 of four suits), all taken by someone
    counter_cards = result.extra["counter_cards"]
    assert sum(counter_cards) == 24
    counters_points = [0, 0]
    for item in sheet.named("counters"):
        assert item.side is not None
        counters_points[item.side] += item.points
    for side in (0, 1):
        if mode == "per_trick":  # each point needs 3 counters in one trick: points <= counters / 3
            assert 3 * counters_points[side] <= counter_cards[side]
        else:  # cumulative: exactly counters // 3
            assert counters_points[side] == counter_cards[side] // 3
    assert sum(counters_points) <= 8
    # bonuses (SM7)
    nine = sheet.named("nine_tricks")
    assert [i.seat for i in nine] == [s for s in range(4) if result.tricks[s] >= 9]
    sides_all = [
        s for s, m in enumerate(((0, 2), (1, 3))) if sum(result.tricks[x] for x in m) == 10
    ]
    assert [i.side for i in sheet.named("all_tricks")] == sides_all
    assert result.settlement.net() == [0, 0, 0, 0]


items_strategy = st.lists(
    st.tuples(
        st.sampled_from(["baba", "triple", "trena", "counters", "nine_tricks", "all_tricks"]),
        st.integers(0, 1),
        st.integers(1, 16),
    ),
    max_size=8,
)


@settings(max_examples=200, deadline=None)
@given(st.lists(items_strategy, max_size=25))
def test_rubber_bookkeeping(deals: list[list[tuple[str, int, int]]]) -> None:
    """Any sequence of deals: the rubber agrees with a plain restatement of SM8-SM11."""
    rubber = Rubber(declarations="in_turn")  # D-SM5 in_turn: every item counts in order
    scores = [0, 0]
    games: list[tuple[int, int, int]] = []  # winner, value, carry
    for deal in deals:
        if rubber.over:
            break
        items = [ScoreItem(n, n, n, p, (), None, s) for n, s, p in deal]
        step = rubber.add(items, 1)
        running = list(scores)
        first: tuple[int, int, bool] | None = None
        for name, side, points in deal:
            running[side] += points
            if first is None and running[side] >= 21:
                first = (side, running[1 - side], name in ("counters", "nine_tricks", "all_tricks"))
        assert list(step.end) == running
        if first is None:
            assert step.won is None
            scores = running
            continue
        winner, loser_score, in_play = first
        value = 42 if loser_score < 11 else 21
        carry = running[winner] - 21 if in_play else 0
        assert step.won is not None
        assert (step.won.winner, step.won.value, step.won.carry) == (winner, value, carry)
        games.append((winner, value, carry))
        scores = [0, 0]
        scores[winner] = carry
        assert rubber.scores == scores
    assert [(g.winner, g.value, g.carry) for g in rubber.games] == games
    assert rubber.over == (len(games) == 3)


PLAY_NAMES = ("counters", "nine_tricks", "all_tricks")


@settings(max_examples=200, deadline=None)
@given(st.lists(items_strategy, max_size=25), st.integers(0, 3))
def test_rubber_bookkeeping_declarations_together(
    deals: list[list[tuple[str, int, int]]], eldest: int
) -> None:
    """D-SM5 together: a plain restatement -- a deal's declarations are added at once; one side
    at 21 wins, both: the higher total, equal totals eldest's side; then play points in order."""
    rubber = Rubber()
    scores = [0, 0]
    for deal in deals:
        if rubber.over:
            break
        step = rubber.add([ScoreItem(n, n, n, p, (), None, s) for n, s, p in deal], eldest)
        running = list(scores)
        for name, side, points in deal:
            if name not in PLAY_NAMES:
                running[side] += points
        first: tuple[int, int, bool] | None = None
        if running[0] >= 21 or running[1] >= 21:
            if running[0] >= 21 and running[1] >= 21 and running[0] == running[1]:
                winner = eldest % 2
            else:
                winner = 0 if running[0] > running[1] else 1
            first = (winner, running[1 - winner], False)
        for name, side, points in deal:
            if name in PLAY_NAMES:
                running[side] += points
                if first is None and running[side] >= 21:
                    first = (side, running[1 - side], True)
        assert list(step.end) == running
        if first is None:
            assert step.won is None
            scores = running
            continue
        winner, loser_score, in_play = first
        carry = running[winner] - 21 if in_play else 0
        assert step.won is not None
        assert (step.won.winner, step.won.loser_score, step.won.carry) == (
            winner,
            loser_score,
            carry,
        )
        scores = [0, 0]
        scores[winner] = carry
        assert rubber.scores == scores


def test_card_suits_and_ranks_of_the_pack() -> None:
    # SM2: 40 cards, no 8, 9, 10
    assert len(PACK) == 40
    assert {c.rank for c in PACK} == set(Rank) - {Rank.EIGHT, Rank.NINE, Rank.TEN}
    assert {c.suit for c in PACK} == set(Suit)
