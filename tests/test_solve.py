"""The double-dummy solver (solve.py): worked endings computed by hand from the rules (each cites
the rule it checks), checked positions, and the solver against a plain minimax on thousands of
random small positions for every shipped trick policy (issue 27)."""

from __future__ import annotations

import random

import pytest

from kozyr import (
    DEAD,
    Card,
    CardSet,
    FollowElseAny,
    FollowElseMustTrump,
    FollowOrTrump,
    FreePlayDeadTrumps,
    MainSuit,
    Play,
    Rank,
    RankOrder,
    Suit,
    Trick,
    TrickRules,
)
from kozyr.errors import KozyrError
from kozyr.solve import (
    Position,
    PositionError,
    Solver,
    best_plays,
    count_minimax,
    minimax,
    solve,
)

ACE_HIGH = RankOrder.ace_high()
SEMERIK = RankOrder(tuple(Rank(r) for r in (3, 2, 14, 13, 12, 11, 7, 6, 5, 4)))  # SM2
H, S, D, C = Suit.HEARTS, Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS
HEADS_UP = ((0,), (1,))
PARTNERS = ((0, 2), (1, 3))


def hands(*texts: str) -> tuple[int, ...]:
    return tuple(CardSet.parse(t).mask for t in texts)


def card(text: str) -> Card:
    return Card.parse(text)


def values(found: dict[Card, int]) -> dict[str, int]:
    return {str(c): v for c, v in found.items()}


# --- worked endings ---------------------------------------------------------------------------


def test_su5_lets_the_trump_take_the_ace() -> None:
    # Seat 0 holds A♠ 3♠, seat 1 K♠ 2♥, hearts trump, seat 0 leads. Under SU5 seat 1 may trump
    # a spade lead while holding spades: on A♠ it trumps with 2♥ (C6: a trump wins) and then K♠
    # beats 3♠; on 3♠ the K♠ wins and 2♥ then beats the A♠. Seat 0 takes nothing.
    position = Position(hands("As 3s", "Ks 2h"), H, 0, FollowOrTrump(ACE_HIGH), HEADS_UP)
    assert solve(position, 0) == 0
    assert solve(position, 1) == 2
    assert values(best_plays(position, 0)) == {"3♠": 0, "A♠": 0}
    assert minimax(position, 0) == 0


def test_pn3_follow_suit_keeps_the_ace() -> None:
    # The same cards under PN3 (follow suit, else any): on A♠ seat 1 must follow with K♠, so the
    # ace wins; seat 1 then wins the second trick with the trump 2♥ (C6). On 3♠ the K♠ wins and
    # the 2♥ takes the ace. So seat 0 leads the ace and takes 1 trick.
    position = Position(hands("As 3s", "Ks 2h"), H, 0, FollowElseAny(ACE_HIGH), HEADS_UP)
    assert solve(position, 0) == 1
    assert values(best_plays(position, 0)) == {"3♠": 0, "A♠": 1}


def test_nn3_void_player_must_trump_for_the_partnership() -> None:
    # Four seats, one card each, seat 0 leads A♠. Seat 1 is void in spades and holds the trump
    # 2♥: NN3 makes it trump, and the trump wins the trick (C6) for seats 1 and 3.
    position = Position(
        hands("As", "2h", "Ks", "3d"), H, 0, FollowElseMustTrump(ACE_HIGH), PARTNERS
    )
    assert solve(position, 1) == 1
    assert solve(position, 0) == 0


def test_sl_c9_a_trump_from_a_mixed_hand_is_dead() -> None:
    # Семь листов, hearts trump, A♠ led; seat 1 holds 2♥ 3♣ and seat 0 still K♦. On a plain lead
    # a trump from a hand that is not all trumps is dead (SL-C9): 2♥ now loses to the ace, and
    # seat 1 is left with 3♣, which loses to K♦ -- nothing. Discarding 3♣ first keeps 2♥ for an
    # all-trump hand, where it is live and beats K♦: one trick.
    rules = FreePlayDeadTrumps(ACE_HIGH)
    position = Position(hands("Kd", "2h 3c"), H, 0, rules, HEADS_UP, plays=(Play(0, card("As")),))
    assert values(best_plays(position, 1)) == {"3♣": 1, "2♥": 0}
    assert solve(position, 1) == 1
    assert minimax(position, 1) == 1


def test_sm4_an_empty_main_card_is_not_merged_with_its_neighbour() -> None:
    # Семерик-like: hearts the main suit, 8♥ "empty" (SM4). A♠ led, seat 1 void in spades holds
    # 7♥ 8♥. The empty 8♥ off its suit cannot win; 7♥ does, and then 8♥ led is a main-suit lead
    # where every main card ranks by strength (D-SM1), so it beats K♠: two tricks. 8♥ first
    # loses the trick and 7♥ later wins one. 7♥ and 8♥ are adjacent but not equivalent.
    rules = MainSuit(ACE_HIGH, main=H, excluded=CardSet.parse("8h"))
    position = Position(
        hands("Ks", "7h 8h"), None, 0, rules, HEADS_UP, plays=(Play(0, card("As")),)
    )
    assert values(best_plays(position, 1)) == {"7♥": 2, "8♥": 1}
    assert solve(position, 1) == 2


def test_paranoid_one_seat_against_two() -> None:
    # Three seats, SU5, hearts trump; seat 0 (A♠ K♠) leads against seats 1 (Q♠ 2h) and 2 (J♠ 3h)
    # playing together. Whatever seat 0 leads, a trump of 1 or 2 may take it; the other trump
    # then takes the second trick: seat 0 takes nothing against best defence (C6, SU5).
    position = Position(
        hands("As Ks", "Qs 2h", "Js 3h"), H, 0, FollowOrTrump(ACE_HIGH), ((0,), (1, 2))
    )
    assert solve(position, 0) == 0
    assert solve(position, 1) == 2
    # every man for himself, seat 1 alone against 0 and 2: seat 1 trumps one spade at most
    alone = Position(position.hands, H, 0, FollowOrTrump(ACE_HIGH), ((1,), (0, 2)))
    assert solve(alone, 0) == minimax(alone, 0)


def test_the_solver_searches_fewer_positions_than_minimax() -> None:
    position = Position(
        hands("As Kd 3c", "Qs 2h 9d", "Js 3h 10c", "5s 6h 4d"),
        H,
        0,
        FollowOrTrump(ACE_HIGH),
        PARTNERS,
    )
    solver = Solver(position, 0)
    value, nodes = count_minimax(position, 0)
    assert solver.value() == value
    assert 0 < solver.nodes < nodes


def test_equal_values_with_merging_off() -> None:
    position = Position(
        hands("As Ks Qs", "Js 10s 2h", "9s 8s 3h", "7s 6s 5s"),
        H,
        1,
        FollowElseAny(ACE_HIGH),
        PARTNERS,
    )
    assert (
        Solver(position, 0, merge=False).value()
        == Solver(position, 0).value()
        == minimax(position, 0)
    )


# --- checked positions ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"hands": hands("As", "As")}, "another seat holds"),
        ({"hands": hands("As Ks", "Qs")}, "1 cards, not 2"),
        ({"hands": (1 << 60, 1)}, "not a card mask"),
        ({"hands": hands("As")}, "1 seats"),
        ({"sides": ((0,), (0,))}, "exactly one side"),
        ({"sides": ((0,),)}, "exactly one side"),
        ({"leader": 2}, "leader"),
        ({"rules": object()}, "not a TrickRules"),
        ({"plays": (Play(1, card("Ks")),)}, "seat 0's turn"),
        ({"plays": (Play(0, card("Ks")),), "hands": hands("", "Ks")}, "still held"),
    ],
)
def test_impossible_positions_are_refused(kwargs: dict[str, object], message: str) -> None:
    base: dict[str, object] = {
        "hands": hands("As", "Ks"),
        "trump": H,
        "leader": 0,
        "rules": FollowOrTrump(ACE_HIGH),
        "sides": HEADS_UP,
    }
    with pytest.raises(PositionError, match=message):
        Position(**base | kwargs)  # type: ignore[arg-type]


def test_an_illegal_or_misflagged_play_in_progress_is_refused() -> None:
    # SU5: to a spade lead a holder of spades follows or trumps, never discards a club.
    with pytest.raises(PositionError, match="SU5"):
        Position(
            hands("Qd", "Ks", "Jd 10d"),
            H,
            0,
            FollowOrTrump(ACE_HIGH),
            ((0,), (1, 2)),
            plays=(Play(0, card("As")), Play(1, card("3c"))),
        )
    # SL-C9: a play carries the rules' flags; a plain card led is never dead
    with pytest.raises(PositionError, match="flags"):
        Position(
            hands("Kd", "3c 4c"),
            H,
            0,
            FreePlayDeadTrumps(ACE_HIGH),
            HEADS_UP,
            plays=(Play(0, card("As"), DEAD),),
        )


def test_bad_side_index_is_a_kozyr_error() -> None:
    position = Position(hands("As", "Ks"), H, 0, FollowOrTrump(ACE_HIGH), HEADS_UP)
    with pytest.raises(KozyrError, match="side"):
        solve(position, 2)


# --- solve == minimax on random small positions ----------------------------------------------

POLICIES: list[tuple[str, RankOrder, TrickRules]] = [
    ("SU5", ACE_HIGH, FollowOrTrump(ACE_HIGH)),
    ("SU5 void discards", ACE_HIGH, FollowOrTrump(ACE_HIGH, void_may_discard=True)),
    ("PN3", ACE_HIGH, FollowElseAny(ACE_HIGH)),
    ("NN3", ACE_HIGH, FollowElseMustTrump(ACE_HIGH)),
    ("SL-C9", ACE_HIGH, FreePlayDeadTrumps(ACE_HIGH)),
    ("SL-C12", ACE_HIGH, FreePlayDeadTrumps(ACE_HIGH, honours_first=True)),
]


def random_position(rng: random.Random, rules: TrickRules, order: RankOrder) -> Position:
    """2-4 seats, 1-3 cards each from a short pack (so suits run and cards are adjacent), a
    random trump, sides and leader, and a trick in progress played legally at random."""
    seats = rng.randint(2, 4)
    size = rng.randint(1, 3)
    suits = rng.sample(list(Suit), rng.randint(1, 4))
    ranks = rng.sample(order.ranks, min(len(order.ranks), rng.randint(5, 9)))
    pack = [Card(r, s) for s in suits for r in ranks]
    while len(pack) < seats * size:
        pack.append(
            rng.choice([Card(r, s) for s in Suit for r in order.ranks if Card(r, s) not in pack])
        )
    cards = rng.sample(pack, seats * size)
    held = [CardSet(cards[i * size : (i + 1) * size]).mask for i in range(seats)]
    trump = rng.choice([*Suit, None]) if not isinstance(rules, MainSuit) else None
    if seats == 4 and rng.random() < 0.6:
        sides: tuple[tuple[int, ...], ...] = PARTNERS
    else:
        alone = rng.randrange(seats)
        sides = ((alone,), tuple(s for s in range(seats) if s != alone))
        if rng.random() < 0.5:
            sides = sides[::-1]
    leader = rng.randrange(seats)
    trick = Trick(leader, 0)
    for i in range(rng.randrange(seats)):
        seat = (leader + i) % seats
        legal = [c for c in CardSet.from_mask(rules.legal_mask(held[seat], trick, trump))]
        chosen = rng.choice(legal)
        flags = rules.play_flags(held[seat], trick, chosen, trump)
        held[seat] &= ~chosen.mask
        trick = trick.with_play(seat, chosen, flags)
    return Position(tuple(held), trump, leader, rules, sides, plays=trick.plays)


def main_suit_rules(rng: random.Random) -> tuple[RankOrder, MainSuit]:
    main = rng.choice(list(Suit))
    order = rng.choice([ACE_HIGH, SEMERIK])
    empty = [Card(r, main) for r in order.ranks if rng.random() < 0.3]
    return order, MainSuit(order, main=main, excluded=CardSet(empty))


@pytest.mark.slow
@pytest.mark.parametrize("policy", [*(p[0] for p in POLICIES), "SM4"])
def test_solve_equals_minimax_on_random_positions(policy: str) -> None:
    rng = random.Random(f"solve-{policy}")
    checked = 0
    rules: TrickRules
    for _ in range(300):
        if policy == "SM4":
            order, rules = main_suit_rules(rng)
        else:
            _, order, rules = next(p for p in POLICIES if p[0] == policy)
        position = random_position(rng, rules, order)
        side = rng.randrange(len(position.sides))
        exact = minimax(position, side)
        assert solve(position, side) == exact, position
        # the search through the rules' own methods, and the compiled kernel where it applies
        slow = Solver(position, side, compiled=False)
        assert not slow.compiled
        assert slow.value() == exact, position
        assert Solver(position, side).compiled
        found = best_plays(position, side)
        assert set(found) == set(position.legal_cards())
        mover_on_side = position.seat_to_play in position.sides[side]
        assert (max if mover_on_side else min)(found.values()) == exact, position
        checked += 1
    assert checked == 300  # 7 policies x 300 = 2,100 positions


def test_sl_c13_face_down_leads_are_searched_through_the_rules() -> None:
    # The classic form's forced trump leads (SL-C13, five players): in the first two tricks a
    # leader without a trump leads face down, the card cannot win and the highest trump does
    # (D-SL2). Such rules read the trick's number, so they are not compiled: the solver goes
    # through their own methods, and agrees with the plain minimax.
    from kozyr_sem_listov.rules import ClassicTrickRules

    rules = ClassicTrickRules(ACE_HIGH, trump_leads=2)
    # Two seats, hearts trump, trick 0: seat 0 (A♠ K♣) holds no trump and must lead face down;
    # seat 1 (2♥ K♠) must play a trump to it when it holds one (SL-C13): the 2♥ wins. In trick 1
    # (still forced) seat 1 leads its K♠ face down -- it has no trump left -- and seat 0's A♠
    # cannot win a face-down trick without a trump: the leader takes it (D-SL2). Seat 1 takes
    # both; without the forced leads (trick 2 on) seat 0's A♠ would take the spade trick.
    position = Position(hands("As Kc", "2h Ks"), H, 0, rules, HEADS_UP)
    assert not Solver(position, 1).compiled
    assert solve(position, 1) == 2 == minimax(position, 1)
    later = Position(hands("As Kc", "2h Ks"), H, 0, rules, HEADS_UP, number=2)
    assert solve(later, 1) == 1 == minimax(later, 1)
    rng = random.Random("sl-c13")
    checked = 0
    while checked < 150:
        position = random_position(rng, rules, ACE_HIGH)  # its plays legal in trick 0
        number = 0 if position.plays else rng.randrange(4)
        position = Position(
            position.hands, position.trump, position.leader, rules, position.sides,
            position.plays, number,
        )  # fmt: skip
        side = rng.randrange(len(position.sides))
        assert solve(position, side) == minimax(position, side), position
        checked += 1
