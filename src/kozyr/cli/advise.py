"""``kozyr advise VARIANT --seat S --hand "…"``: the expected points of each choice a player
faces, by sampling the cards he has not seen and playing every sample out."""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from kozyr.cli.output import (
    EXIT_OK,
    _positive,
    add_command,
    add_variant,
    dump,
    seed_arg,
    variant_of,
)


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser = add_command(
        subparsers,
        "advise",
        "the expected points of each choice of a decision (stand or beg, give or run, run "
        "away, exchange, the opening lead), with 95 %% intervals, from sampled deals",
    )
    add_variant(parser)
    parser.add_argument("--seat", type=int, required=True, metavar="S", help="the seat deciding")
    parser.add_argument(
        "--hand",
        required=True,
        metavar="CARDS",
        help='the seat\'s hand at the decision ("Ah Kh …")',
    )
    parser.add_argument("--turnup", metavar="CARD", help="the turned card (its suit is trump)")
    parser.add_argument(
        "--trick",
        metavar="CARDS",
        help="the first trick's cards in play order from eldest, for a decision after it "
        "(Семь листов' exchange, SL-C6)",
    )
    parser.add_argument(
        "--shown",
        action="append",
        default=[],
        metavar="SEAT=CARDS",
        help='cards another seat is known to hold as dealt, e.g. 2="3h 2h Ah" (the Семерик '
        "declarations heard, SM6); repeat for more seats",
    )
    parser.add_argument("--dealer", type=int, default=0, metavar="D", help="the dealer (0)")
    parser.add_argument(
        "--samples", type=_positive, default=40, metavar="N", help="deals per choice (40)"
    )
    parser.add_argument("--seed", type=seed_arg, help="for reproducible samples")
    parser.add_argument(
        "--policy",
        choices=("heuristic", "random", "dd"),
        default="heuristic",
        help="how the samples are played out: the heuristic bots (default), random ones, or "
        "dd: every card by the double-dummy solver (slow)",
    )
    return parser


def run(args: argparse.Namespace, out: TextIO) -> int:
    from kozyr.advise import advise
    from kozyr.cards import Card
    from kozyr.cardset import CardSet
    from kozyr.cli.output import table
    from kozyr.errors import KozyrError

    variant = variant_of(args)
    hand = CardSet.parse(args.hand)
    turnup = Card.parse(args.turnup) if args.turnup else None
    # the trick in play order, as typed (a CardSet would sort it)
    trick = [Card.parse(t) for t in (args.trick or "").replace(",", " ").split()]
    shown: dict[int, list[Card]] = {}
    for spec in args.shown:
        where, eq, cards = spec.partition("=")
        if not eq or not (where.strip().isascii() and where.strip().isdigit()):
            raise KozyrError(f'--shown {spec!r}: give SEAT=CARDS, e.g. 2="3h 2h Ah"')
        shown.setdefault(int(where), []).extend(CardSet.parse(cards))
    advice = advise(
        variant,
        args.seat,
        hand,
        turnup=turnup,
        trick=trick,
        dealer=args.dealer,
        samples=args.samples,
        seed=args.seed,
        policy=args.policy,
        shown=shown,
    )
    if args.json:
        dump(advice.to_json(), out)
        return EXIT_OK
    what = "net settlement" if advice.measure == "settlement" else "points less the other side's"
    out.write(
        f"{advice.variant}, seat {args.seat}: {advice.decision} -- {advice.samples} deals per "
        f"choice played out by {advice.policy}; mean {what} with a 95 % interval\n"
    )
    rows = [(c.action, f"{c.mean:+.2f}", f"{c.low:+.2f} .. {c.high:+.2f}") for c in advice.choices]
    out.write(table(rows, ("choice", "mean", "95 % interval")) + "\n")
    return EXIT_OK
