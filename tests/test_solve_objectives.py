"""What a side maximises (issue 27): the ``Variant.solve_objective`` hook and the objectives of
Seven Up (SU6 High, Low, Jack, Game) and Семерик (SM7 counters, nine tricks, all ten), with
Семь листов counting tricks (SL-C7). Endings worked by hand, then the solver against a plain
minimax under each objective on random small positions, the compiled kernel and the search
through the rules' own methods alike."""

from __future__ import annotations

import random

import pytest
from kozyr_semerik.solving import SemerikPoints
from kozyr_seven_up.scoring import ORDER
from kozyr_seven_up.solving import SevenUpPoints

import kozyr
from kozyr import Card, CardSet, Rank, Suit
from kozyr.engine import PLAY, Deal
from kozyr.solve import (
    Objective,
    Position,
    SearchLimit,
    Solver,
    TrickCount,
    best_plays,
    count_minimax,
    minimax,
    solve,
)
from kozyr.tricks import FollowOrTrump

H, S = Suit.HEARTS, Suit.SPADES
SU5 = FollowOrTrump(ORDER)
SEMERIK_RULES = kozyr.get_variant("semerik").trick_rules


def hands(*texts: str) -> tuple[int, ...]:
    return tuple(CardSet.parse(t).mask for t in texts)


def values(found: dict[Card, int]) -> dict[str, int]:
    return {str(c): v for c, v in found.items()}


# --- Seven Up (SU6) ---------------------------------------------------------------------------


def test_seven_up_a_low_lead_loses_the_jack() -> None:
    # Two players, hearts trump, seat 0 leads holding A♥ 9♠; seat 1 holds J♥ K♠. High is the A♥
    # (seat 0), Low the J♥ (seat 1): fixed by the deal (SU6). A♥ led: seat 1 must follow or
    # trump (SU5) and has only the J♥ as a trump or a heart -- the ace takes the Jack and Game
    # 4 + 1 = 5 against the king's 3: seat 0 scores High, Jack, Game = 3. 9♠ led: seat 1 trumps
    # with the J♥ (SU5 lets it while holding spades), keeping the Jack; the A♥ later takes the
    # K♠, Game 7 to 1 for seat 0: High and Game = 2.
    position = Position(hands("Ah 9s", "Jh Ks"), H, 0, SU5, ((0,), (1,)))
    mine = SevenUpPoints.fresh(frozenset({0}), 2, H, position.hands)
    theirs = SevenUpPoints.fresh(frozenset({1}), 2, H, position.hands)
    assert values(best_plays(position, 0, mine)) == {"A♥": 3, "9♠": 2}
    assert solve(position, 0, mine) == 3 == minimax(position, 0, mine)
    # seat 1's own points: Low, plus the Jack when the spade is led (it trumps)
    assert values(best_plays(position, 1, theirs)) == {"A♥": 1, "9♠": 2}
    # counting tricks instead: both leads give seat 0 one trick of two
    assert values(best_plays(position, 0)) == {"A♥": 1, "9♠": 1}


def test_seven_up_game_tie_scores_nobody_or_eldest() -> None:
    # One card each, seat 0 leads the 10♠ and seat 1 follows with the 10♣? It cannot (SU5 only
    # binds holders of the suit led); 10♣ is a discard and the 10♠ wins: Game 20 to 0. With
    # 10♠ against Q♠: the queen loses, Game 12 to 0. A real tie: seat 0 leads 2♠ to seat 1's 3♠
    # after each has won 10 already -- Game 10 to 10 (D-SU3): nobody, or eldest (seat 1).
    position = Position(hands("2s", "3s"), H, 0, SU5, ((0,), (1,)))
    for tie, expected in (("none", 0), ("eldest", 1)):
        points = SevenUpPoints(frozenset({1}), 2, 0, (10, 10), 0, eldest=1, game_tie=tie)
        assert solve(position, 1, points) == expected
        assert solve(position, 0, points) == expected  # the same objective, the side of seat 1


def test_seven_up_points_from_a_real_deal_through_the_hook() -> None:
    variant = kozyr.get_variant("seven-up")
    rng = random.Random(3)
    deal = Deal.new(variant, seed=3, rng=rng)
    while deal.phase != PLAY:
        deal.push(rng.choice(deal.legal_actions()))
    objective = variant.solve_objective(deal, frozenset({0, 2}))
    assert isinstance(objective, SevenUpPoints) and isinstance(objective, Objective)
    trick = deal.current_trick()
    position = Position(deal.hands, deal.trump, trick.leader, variant.trick_rules, ((0, 2), (1, 3)))
    value = solve(position, 0, objective)
    # High and Low fixed for the side (0 to 2) plus at most Jack and Game
    assert objective.fixed <= value <= objective.fixed + 2
    theirs = variant.solve_objective(deal, frozenset({1, 3}))
    assert theirs is not None
    # every point but a tied Game goes to one side or the other: the two values add up to at
    # most 4 (High, Low, Jack, Game) and at least 3 less a missing Jack
    assert solve(position, 1, theirs) + value <= 4


# --- Семерик (SM7) ---------------------------------------------------------------------------


def test_semerik_a_trick_of_three_counters_scores_one() -> None:
    # The last trick of a deal in which seat 0 took 5 and seat 1 took 4 (no bonus is reachable):
    # 3♠ 2♠ K♠ 4♠ -- three counters (SM7), won by the 3 (SM2: 3 is highest).
    position = Position(hands("3s", "2s", "Ks", "4s"), None, 0, SEMERIK_RULES, ((0, 2), (1, 3)))
    before = (5, 4, 0, 0)
    assert solve(position, 0, SemerikPoints(frozenset({0, 2}), before)) == 1
    assert solve(position, 1, SemerikPoints(frozenset({1, 3}), before)) == 0
    # cumulative mode: with 2 or 0 counters so far (mod 3), three more complete one third
    # (floor(5 / 3) - floor(2 / 3) = 1); with 1 so far, 4 // 3 = 1 as well
    for residue in (0, 1, 2):
        objective = SemerikPoints(frozenset({0, 2}), before, True, (residue, 0))
        assert solve(position, 0, objective) == 1
    # a trick of two counters scores nothing per trick, but completes a third cumulatively
    two = Position(hands("3s", "4s", "Ks", "5s"), None, 0, SEMERIK_RULES, ((0, 2), (1, 3)))
    assert solve(two, 0, SemerikPoints(frozenset({0, 2}), before)) == 0
    assert solve(two, 0, SemerikPoints(frozenset({0, 2}), before, True, (1, 0))) == 1
    assert solve(two, 0, SemerikPoints(frozenset({0, 2}), before, True, (0, 0))) == 0
    # one trick as the whole deal: the side that takes it took all ten (4 more)
    assert solve(position, 0, SemerikPoints.fresh(frozenset({0, 2}))) == 5


def test_semerik_nine_tricks_alone_and_all_ten() -> None:
    # Seat 0 has taken 8 tricks, seat 2 one, two tricks left (SM7): seat 0 leads 3♠ (the top
    # spade, three counters 3 2 K: 1 point) and makes its ninth trick: 6 more. Its side has
    # not taken all ten (the last goes to seat 3's A♦ over K♦, SM2): no sweep bonus.
    position = Position(
        hands("3s 4d", "2s Kd", "Ks 5d", "4s Ad"), None, 0, SEMERIK_RULES, ((0, 2), (1, 3))
    )
    nine = SemerikPoints(frozenset({0, 2}), tricks=(8, 0, 0, 0))
    assert solve(position, 0, nine) == 7 == minimax(position, 0, nine)
    # seat 0 with 7 and seat 2 with 1: nine is out of reach, but the side has every trick so
    # far; it takes the spade trick (1) and loses the diamond trick, so no sweep (4)
    assert solve(position, 0, SemerikPoints(frozenset({0, 2}), tricks=(7, 0, 1, 0))) == 1
    # give seat 2 the A♦ instead of seat 3: the side sweeps all ten (4) and seat 0 still
    # cannot reach nine alone; 1 + 4
    swept = Position(
        hands("3s 4d", "2s Kd", "Ks Ad", "4s 5d"), None, 0, SEMERIK_RULES, ((0, 2), (1, 3))
    )
    assert solve(swept, 0, SemerikPoints(frozenset({0, 2}), tricks=(7, 0, 1, 0))) == 5


def test_semerik_points_through_the_hook() -> None:
    variant = kozyr.get_variant("semerik", counter_mode="cumulative")
    deal = Deal.new(variant, seed=5)
    objective = variant.solve_objective(deal, frozenset({0, 2}))
    assert isinstance(objective, SemerikPoints) and objective.cumulative


# --- Семь листов: tricks (SL-C7) --------------------------------------------------------------


def test_sem_listov_counts_tricks_by_default() -> None:
    variant = kozyr.get_variant("sem-listov", players=2)
    deal = Deal.new(variant, seed=2)
    assert variant.solve_objective(deal, frozenset({0})) is None  # the default: tricks
    assert TrickCount(frozenset({0})).bounds(None, 7) == (0, 7)


# --- the solver's budget ----------------------------------------------------------------------


def test_a_node_budget_stops_the_search() -> None:
    position = Position(
        hands("As Kd 3c", "Qs 2h 9d", "Js 3h 10c", "5s 6h 4d"), H, 0, SU5, ((0, 2), (1, 3))
    )
    with pytest.raises(SearchLimit, match="budget of 5 nodes"):
        Solver(position, 0, max_nodes=5).value()
    assert Solver(position, 0, max_nodes=100_000).value() == minimax(position, 0)


def test_principal_line_plays_out_the_value() -> None:
    position = Position(hands("Ah 9s", "Jh Ks"), H, 0, SU5, ((0,), (1,)))
    mine = SevenUpPoints.fresh(frozenset({0}), 2, H, position.hands)
    solver = Solver(position, 0, objective=mine)
    assert [str(c) for c in solver.principal_line()] == ["A♥", "J♥", "9♠", "K♠"]
    assert [str(c) for c in solver.principal_line(Card(Rank.NINE, S))] == [
        "9♠",
        "J♥",
        "K♠",
        "A♥",
    ]
    assert solver.position == position  # left as it was


# --- the solver against a plain minimax under each objective ----------------------------------


def _random_deal(rng: random.Random, seats: int, size: int, pack: list[Card]) -> tuple[int, ...]:
    cards = rng.sample(pack, seats * size)
    return tuple(CardSet(cards[i * size : (i + 1) * size]).mask for i in range(seats))


@pytest.mark.parametrize("family", ["seven-up", "semerik"])
def test_objective_solve_equals_minimax(family: str) -> None:
    rng = random.Random(f"objective-{family}")
    for _ in range(120):
        seats = rng.choice([2, 4]) if family == "seven-up" else 4
        size = rng.randint(1, 3)
        sides = ((0, 2), (1, 3)) if seats == 4 else ((0,), (1,))
        side = rng.randrange(2)
        objective: Objective
        if family == "seven-up":
            suits = rng.sample(list(Suit), 2)
            pack = [Card(r, s) for s in suits for r in (2, 3, 9, 10, 11, 12, 13, 14)]
            held = _random_deal(rng, seats, size, pack)
            trump = suits[0]
            rules = FollowOrTrump(ORDER, void_may_discard=rng.random() < 0.3)
            objective = SevenUpPoints.fresh(
                frozenset(sides[side]),
                seats,
                trump,
                held,
                game_tie=rng.choice(["none", "eldest"]),
                low_to=rng.choice(["holder", "capturer"]),
            )
            position = Position(held, trump, rng.randrange(seats), rules, sides)
        else:
            pack = [c for c in CardSet.parse("3h 2h Ah Kh 4h 5h 3s 2s As Ks Qs 7s 4s 3d Ad 6d")]
            held = _random_deal(rng, seats, size, pack)
            objective = SemerikPoints(
                frozenset(sides[side]),
                tricks=rng.choice([(0, 0, 0, 0), (8, 0, 0, 0), (5, 0, 3, 0), (0, 7, 0, 1)]),
                cumulative=rng.random() < 0.5,
                residues=(rng.randrange(3), rng.randrange(3)),
            )
            position = Position(held, None, rng.randrange(seats), SEMERIK_RULES, sides)
        exact, _ = count_minimax(position, side, objective)
        assert solve(position, side, objective) == exact, position
        assert Solver(position, side, objective=objective, compiled=False).value() == exact
        found = best_plays(position, side, objective)
        mover = position.seat_to_play in position.sides[side]
        assert (max if mover else min)(found.values()) == exact
