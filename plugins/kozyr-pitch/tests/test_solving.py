"""The Pitch family's solve objective (#27): AP8's High, Low, Jack and Game, Smear's Jick and
Trey (SMR5), AP9's set-back for the pitcher's side. Endings worked by hand, then the solver
against a plain minimax on random small positions, and the hook on real deals."""

from __future__ import annotations

import random

import pytest
from kozyr_pitch.smear import SmearTricks
from kozyr_pitch.solving import PitchPoints
from kozyr_pitch.variant import ORDER, PASS

import kozyr
from kozyr import Card, CardSet, Suit
from kozyr.engine import PLAY, Deal
from kozyr.solve import Objective, Position, Solver, best_plays, count_minimax, minimax, solve
from kozyr.tricks import FollowOrTrump

H, D, S, C = Suit.HEARTS, Suit.DIAMONDS, Suit.SPADES, Suit.CLUBS
AP7 = FollowOrTrump(ORDER, void_may_discard=True)
TWO = ((0,), (1,))


def hands(*texts: str) -> tuple[int, ...]:
    return tuple(CardSet.parse(t).mask for t in texts)


def values(found: dict[Card, int]) -> dict[str, int]:
    return {str(c): v for c, v in found.items()}


def test_high_low_jack_game_in_a_two_card_ending() -> None:
    # Hearts trump. Seat 0: A♥ 9♠; seat 1: J♥ K♠. High the A♥ (seat 0), Low the J♥ (seat 1,
    # the lowest trump dealt, AP8 "to the player who was dealt it"). A♥ led: seat 1 must play
    # its J♥ (a trump lead, AP7) -- seat 0 takes the Jack; then 9♠ to the K♠: seat 1's trick.
    # Game: seat 0 has A♥ J♥ = 5, seat 1 K♠ 9♠ = 3 -> seat 0. Seat 0: High, Jack, Game = 3.
    # 9♠ led: seat 1 may trump with the J♥ (follow or trump, AP7) and keeps the Jack; then A♥
    # wins the K♠: Game 4 + 3 = 7 to 1. Seat 0: High and Game = 2.
    position = Position(hands("Ah 9s", "Jh Ks"), H, 0, AP7, TWO)
    mine = PitchPoints.fresh(frozenset({0}), (0, 1), H, position.hands)
    assert values(best_plays(position, 0, mine)) == {"A♥": 3, "9♠": 2}
    assert solve(position, 0, mine) == 3 == minimax(position, 0, mine)
    theirs = PitchPoints.fresh(frozenset({1}), (0, 1), H, position.hands)
    assert values(best_plays(position, 1, theirs)) == {"A♥": 1, "9♠": 2}  # Low (+ Jack)


def test_low_to_the_capturer_and_game_on_a_tie() -> None:
    # Low to its capturer (AP8 option low_to=capturer): seat 0 A♥, seat 1 2♥. The ace takes the
    # deuce: High, Low, Game (4 to 0) to seat 0 = 3; held, Low stays with seat 1 -> 2.
    position = Position(hands("Ah", "2h"), H, 0, AP7, TWO)
    captured = PitchPoints.fresh(frozenset({0}), (0, 1), H, position.hands, low_to="capturer")
    assert solve(position, 0, captured) == 3
    held = PitchPoints.fresh(frozenset({0}), (0, 1), H, position.hands)
    assert solve(position, 0, held) == 2
    # Game on a tie (D-AP4): 10 each so far, the last trick 2♠ 3♠ counts nothing -> nobody.
    tie = Position(hands("2s", "3s"), H, 0, AP7, TWO)
    for seat in (0, 1):
        points = PitchPoints(frozenset({seat}), (0, 1), 0, (10, 10), 0)
        assert solve(tie, seat, points) == 0


def test_the_pitcher_is_set_back_when_short_of_the_bid() -> None:
    # AP9: seat 0 pitched and bid 3 with A♥ 9♠ against J♥ K♠ (the first ending): its best is
    # 3 points (the A♥ lead) -- made, it scores 3; the 9♠ lead makes 2 < 3: set back, -3.
    position = Position(hands("Ah 9s", "Jh Ks"), H, 0, AP7, TWO)
    bid3 = PitchPoints.fresh(frozenset({0}), (0, 1), H, position.hands, bid=3)
    assert values(best_plays(position, 0, bid3)) == {"A♥": 3, "9♠": -3}
    assert minimax(position, 0, bid3) == 3
    # A bid of 4 cannot be made (Low is seat 1's): every line is -4.
    bid4 = PitchPoints.fresh(frozenset({0}), (0, 1), H, position.hands, bid=4)
    assert values(best_plays(position, 0, bid4)) == {"A♥": -4, "9♠": -4}


def test_smear_jick_and_trey() -> None:
    # Ten-point Smear, hearts trump: the jick is the J♦ (SMR3), a trump between J♥ and 10♥;
    # the trey (3♥) is worth 3 (SMR5). Seat 0: A♥ 4♣, seat 1: J♦ 3♥. High the A♥ (seat 0),
    # Low the 3♥ (seat 1). A♥ led: seat 1 must play a trump (both are). The J♦ under the ace
    # gives seat 0 the Jick and Game (A + J = 5 to 0); the 3♥ then trumps the 4♣ and keeps the
    # Trey: seat 0 has High + Jick + Game = 3. The 3♥ under the ace instead gives seat 0 the
    # Trey: 5. 4♣ led: seat 1 trumps with the 3♥ (Trey kept) and the ace takes the J♦ later
    # (Jick, Game 5 to 0): 3; trumping with the J♦ gives the Trey away: 5. Either lead: 3.
    rules = SmearTricks(ORDER)
    position = Position(hands("Ah 4c", "Jd 3h"), H, 0, rules, TWO)
    mine = PitchPoints.fresh(frozenset({0}), (0, 1), H, position.hands, jick=True, trey=True)
    assert values(best_plays(position, 0, mine)) == {"4♣": 3, "A♥": 3}
    theirs = PitchPoints.fresh(frozenset({1}), (0, 1), H, position.hands, jick=True, trey=True)
    # seat 1: Low (1) + Trey (3) whichever card is led
    assert solve(position, 1, theirs) == 4 == minimax(position, 1, theirs)


def _deal(rng: random.Random, seats: int, size: int, pack: list[Card]) -> tuple[int, ...]:
    cards = rng.sample(pack, seats * size)
    return tuple(CardSet(cards[i * size : (i + 1) * size]).mask for i in range(seats))


def test_pitch_points_solve_equals_minimax() -> None:
    rng = random.Random("pitch-objective")
    for _ in range(150):
        seats = rng.choice([2, 3, 4])
        size = rng.randint(1, 3 if seats < 4 else 2)
        partners = seats == 4 and rng.random() < 0.5
        units = (0, 1, 0, 1) if partners else tuple(range(seats))
        sides = ((0, 2), (1, 3)) if partners else ((0,), tuple(range(1, seats)))
        side = rng.randrange(2)
        suits = rng.sample(list(Suit), 2)
        smear = rng.random() < 0.5
        trump = suits[0]
        pack = [Card(r, s) for s in suits for r in (2, 3, 9, 10, 11, 12, 13, 14)]
        jick = Card(11, Suit(3 - int(trump)))
        if smear and jick not in pack:  # the jick of the trump colour
            pack.append(jick)
        held = _deal(rng, seats, size, pack)
        if not any(h & CardSet(c for c in pack if c.suit == trump).mask for h in held):
            continue  # a trump is always in play (AP6)
        rules = SmearTricks(ORDER) if smear else AP7
        objective: Objective = PitchPoints.fresh(
            frozenset(sides[side]),
            units,
            trump,
            held,
            low_to=rng.choice(["holder", "capturer"]),
            jick=smear,
            trey=smear and rng.random() < 0.5,
            bid=rng.choice([0, 0, 2, 3]),
        )
        position = Position(held, trump, rng.randrange(seats), rules, sides)
        exact, _ = count_minimax(position, side, objective)
        assert solve(position, side, objective) == exact, position
        assert Solver(position, side, objective=objective, compiled=False).value() == exact
        found = best_plays(position, side, objective)
        mover = position.seat_to_play in position.sides[side]
        assert (max if mover else min)(found.values()) == exact


@pytest.mark.parametrize("name", ["auction-pitch", "setback", "smudge", "ten-point-smear"])
def test_the_hook_on_a_real_deal(name: str) -> None:
    variant = kozyr.get_variant(name)
    rng = random.Random(7)
    deal = Deal.new(variant, seed=7, rng=rng)
    while deal.phase != PLAY or deal.trump is None:
        actions = deal.legal_actions()
        deal.push(max(actions, key=lambda a: a.kind != PASS) if deal.phase != PLAY else actions[0])
    assert variant.solve_objective(Deal.new(variant, seed=7), frozenset({0})) is None  # no trump
    seat = deal.to_act
    sides = variant.sides or ((seat,), tuple(s for s in range(4) if s != seat))
    index = next(i for i, side in enumerate(sides) if seat in side)
    objective = variant.solve_objective(deal, frozenset(sides[index]))
    assert isinstance(objective, PitchPoints)
    bids = [a for a in deal.log if a.kind == "bid"]
    pitcher, bid = variant.auction(
        deal.dealer,
        [int(a.value) if a.kind == "bid" and a.value is not None else None for a in deal.log],
    )
    assert bids and deal.tricks == () and pitcher == deal.current_trick().leader
    on_pitcher_side = (
        variant.side_of(pitcher) == variant.side_of(seat) if variant.sides else (pitcher == seat)
    )
    assert objective.bid == (bid if on_pitcher_side else 0)


def test_a_joker_is_a_point_to_its_winner() -> None:
    # Ten-point Smear, hearts trump, two players. Seat 0: A♥ 5♠; seat 1: the black joker and
    # 6♠. The joker is a trump (SMR7) worth a point to its winner, never High or Low, nothing
    # towards Game (SMR8); the A♥, the one natural trump in play, is both High and Low.
    # A♥ led (a trump lead): seat 1 must play its trump, the joker -- seat 0 takes it; 5♠ to
    # the 6♠ then goes to seat 1. Seat 0: High, Low, the joker, Game (A♥ 4 to 0) = 4.
    # 5♠ led: seat 1 trumps with the joker (follow or trump, AP7) and keeps its point; the A♥
    # takes the 6♠ after: seat 0 High, Low, Game = 3. Holding back the joker (6♠ on the 5♠)
    # would give it to the ace later (4), so seat 1 trumps.
    rules = SmearTricks(ORDER)
    held = hands("Ah 5s", "6s")
    position = Position((held[0], held[1] | Card.parse("BJ").mask), H, 0, rules, TWO)
    mine = PitchPoints.fresh(
        frozenset({0}), (0, 1), H, position.hands, jick=True, trey=True, jokers=2
    )
    assert values(best_plays(position, 0, mine)) == {"5♠": 3, "A♥": 4}
    assert solve(position, 0, mine) == 4 == minimax(position, 0, mine)
    theirs = PitchPoints.fresh(
        frozenset({1}), (0, 1), H, position.hands, jick=True, trey=True, jokers=2
    )
    # seat 1's own points: the joker when seat 0 leads the spade; seat 0, against it, leads A♥
    assert values(best_plays(position, 1, theirs)) == {"5♠": 1, "A♥": 0}
    assert solve(position, 1, theirs) == 0
    # without jokers in the objective the joker is worth nothing to either side
    plain = PitchPoints.fresh(frozenset({0}), (0, 1), H, position.hands, jick=True, trey=True)
    assert solve(position, 0, plain) == 3


def test_pitch_points_with_jokers_solve_equals_minimax() -> None:
    rng = random.Random("pitch-jokers")
    rules = SmearTricks(ORDER)
    jokers = [Card.parse("BJ"), Card.parse("RJ")]
    tested = 0
    for _ in range(80):
        seats = rng.choice([2, 3, 4])
        size = rng.randint(1, 3 if seats < 4 else 2)
        trump = Suit(rng.randrange(4))
        suits = [trump, Suit((int(trump) + 1) % 4)]
        pack = [Card(r, s) for s in suits for r in (2, 3, 10, 11, 12, 14)] + jokers
        held = _deal(rng, seats, size, pack)
        if not any(h & CardSet(c for c in pack if not c.is_joker and c.suit == trump).mask
                   for h in held):  # fmt: skip
            continue  # a trump is always in play (AP6)
        sides = ((0,), tuple(range(1, seats)))
        side = rng.randrange(2)
        objective = PitchPoints.fresh(
            frozenset(sides[side]), tuple(range(seats)), trump, held,
            jick=True, trey=True, jokers=2, bid=rng.choice([0, 2]),
        )  # fmt: skip
        position = Position(held, trump, rng.randrange(seats), rules, sides)
        assert solve(position, side, objective) == minimax(position, side, objective), position
        tested += 1
    assert tested > 40
