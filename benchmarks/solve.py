"""The double-dummy solver (``kozyr.solve``) side by side with the plain minimax, in one run.

1. The same random 4-seat partnership positions (Seven Up's rules, SU5) solved both ways: the
   positions each search visits and its seconds, and the solver's gain.
2. Full Seven Up 4-player deals after the deal (6 cards each, the turn-up's suit trump, eldest
   leads; the value is the tricks of seats 0 and 2): the solver alone, its nodes and seconds.
3. Real deals through the engine (random choices up to that point): Seven Up 4p from the first
   trick by its points (SU6 through ``solve_objective``), Семь листов 4p (seat 0 alone against
   the rest, the paranoid value; tricks) with ``--sl-left`` tricks left and Семерик
   (partnerships, SM7 points) with ``--sm-left`` left. ``--sl-left 7 --sm-left 10`` solves
   them from the first trick (tens of seconds a deal; see docs/analysis.md).

    python benchmarks/solve.py [--positions 8] [--cards 4] [--deals 10] [--seed 1]
                               [--sl-left 5] [--sm-left 7] [--endings 3] [--tricks]

The default run takes well under a minute. This is not a test.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence

import kozyr
from kozyr.cards import Suit
from kozyr.engine import Deal
from kozyr.solve import Position, Solver, count_minimax

PARTNERS = ((0, 2), (1, 3))


def deal_position(rng: random.Random, rules: kozyr.TrickRules, cards: int) -> Position:
    """A random deal of ``cards`` cards to each of four seats from 52, a random trump."""
    pack = rng.sample(range(52), 4 * cards)
    hands = tuple(sum(1 << i for i in pack[seat * cards : (seat + 1) * cards]) for seat in range(4))
    return Position(hands, rng.choice(list(Suit)), 1, rules, PARTNERS)


def ending_deal(variant: kozyr.Variant, seed: int, left: int) -> Deal:
    """A real deal of ``variant`` played by random choices until ``left`` tricks are left."""
    rng = random.Random(seed)
    deal = Deal.new(variant, seed=seed, rng=rng)
    while actions := deal.legal_actions():
        first = actions[0]
        if first.kind == "play" and not deal.current_trick().plays:
            if deal.hand_mask(first.seat).bit_count() <= left:
                break
        deal.push(rng.choice(actions))
    return deal


def ending(
    variant: kozyr.Variant, seed: int, left: int, sides: tuple[tuple[int, ...], ...]
) -> Position:
    """The position of :func:`ending_deal`."""
    deal = ending_deal(variant, seed, left)
    trick = deal.current_trick()
    return Position(
        deal.hands, deal.trump, trick.leader, variant.trick_rules, sides, number=trick.number
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=8, help="positions side by side")
    parser.add_argument("--cards", type=int, default=4, help="cards per seat in those positions")
    parser.add_argument("--deals", type=int, default=10, help="full Seven Up 4p deals to solve")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sl-left", type=int, default=5, help="Семь листов tricks left")
    parser.add_argument("--sm-left", type=int, default=7, help="Семерик tricks left")
    parser.add_argument("--endings", type=int, default=3, help="deals per family for endings")
    parser.add_argument(
        "--tricks", action="store_true", help="also solve tricks where the variant has points"
    )
    args = parser.parse_args(argv)
    rules = kozyr.get_variant("seven-up").trick_rules
    rng = random.Random(args.seed)

    print(f"solve vs minimax: {args.positions} positions, 4 seats x {args.cards} cards (SU5)")
    totals = [0, 0.0, 0, 0.0]
    for _ in range(args.positions):
        position = deal_position(rng, rules, args.cards)
        start = time.perf_counter()
        value, nodes = count_minimax(position, 0)
        totals[0] += nodes
        totals[1] += time.perf_counter() - start
        start = time.perf_counter()
        solver = Solver(position, 0)
        if solver.value() != value:
            raise SystemExit(f"solve and minimax disagree on {position}")
        totals[3] += time.perf_counter() - start
        totals[2] += solver.nodes
    mm_nodes, mm_s, s_nodes, s_s = totals
    print(f"  minimax: {mm_nodes:>10,} nodes  {mm_s:8.3f} s")
    print(f"  solve:   {s_nodes:>10,} nodes  {s_s:8.3f} s")
    print(
        f"  gain:    {mm_nodes / max(s_nodes, 1):10.1f}x nodes {mm_s / max(s_s, 1e-9):8.1f}x time"
    )

    print(f"full Seven Up 4p deals (6 cards each, tricks of seats 0 and 2): {args.deals}")
    times: list[float] = []
    for _ in range(args.deals):
        position = deal_position(rng, rules, 6)
        start = time.perf_counter()
        solver = Solver(position, 0)
        value = solver.value()
        seconds = time.perf_counter() - start
        times.append(seconds)
        print(
            f"  trump {position.trump}: value {value}  {solver.nodes:>9,} nodes  "
            f"{len(solver.table):>8,} table entries  {seconds:7.2f} s"
        )
    if times:
        print(f"  mean {sum(times) / len(times):.2f} s, max {max(times):.2f} s per deal")

    for name, options, left, sides in (
        ("seven-up", {}, 6, PARTNERS),
        ("sem-listov", {"players": 4}, args.sl_left, ((0,), (1, 2, 3))),
        ("semerik", {}, args.sm_left, PARTNERS),
    ):
        variant = kozyr.get_variant(name, **options)
        print(
            f"{name}: the last {left} tricks of {args.endings} random deals, sides {sides}; "
            "tricks, then the variant's objective (solve_objective)"
        )
        for seed in range(args.seed, args.seed + args.endings):
            deal = ending_deal(variant, seed, left)
            trick = deal.current_trick()
            position = Position(
                deal.hands,
                deal.trump,
                trick.leader,
                variant.trick_rules,
                sides,
                number=trick.number,
            )
            declared = variant.solve_objective(deal, frozenset(sides[0]))
            for objective in (None, declared) if args.tricks and declared else (declared,):
                start = time.perf_counter()
                solver = Solver(position, 0, objective=objective)
                value = solver.value()
                seconds = time.perf_counter() - start
                what = "tricks" if objective is None else type(objective).__name__
                print(
                    f"  seed {seed}: {what:>14} {value:>3}  {solver.nodes:>10,} nodes  "
                    f"{seconds:7.2f} s"
                )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
