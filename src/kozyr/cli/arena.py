"""``kozyr arena VARIANT --bots a,b -n N``: bots against each other on duplicate deals in seat
rotation -- win rates, points per deal with intervals, points against the field (the duplicate
score) and Elo ratings."""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from kozyr.cli.output import EXIT_OK, _positive, add_command, add_variant, dump, seed_arg


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser = add_command(
        subparsers,
        "arena",
        "bots against each other on duplicate deals in seat rotation: win rates, points per "
        "deal with 95 %% intervals, Elo",
    )
    add_variant(parser)
    parser.add_argument(
        "--bots",
        required=True,
        metavar="A,B,...",
        help="two or more bot names (kozyr play --help; e.g. pimc,heuristic,random)",
    )
    parser.add_argument("-n", type=_positive, required=True, metavar="N", help="deals")
    parser.add_argument("--seed", type=seed_arg, default=0, help="the run's seed (0)")
    parser.add_argument(
        "--workers", type=_positive, default=1, metavar="N", help="worker processes (1)"
    )
    parser.add_argument(
        "--scheduler", metavar="ADDRESS", help="run on a dask.distributed scheduler"
    )
    return parser


def run(args: argparse.Namespace, out: TextIO) -> int:
    from kozyr.cli.output import table, variant_of
    from kozyr.simulate.arena import arena

    variant = variant_of(args)
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    client: Any = None
    executor = None
    if args.scheduler:
        from kozyr.simulate.cluster import connect

        client, executor = connect(args.scheduler)
    try:
        result = arena(
            variant.name,
            dict(variant.options),
            bots,
            args.n,
            seed=args.seed,
            workers=args.workers,
            executor=executor,
        )
    finally:
        if client is not None:
            client.close()
    if args.json:
        dump(result.to_json(), out)
        return EXIT_OK
    out.write(
        f"{result.variant}: {result.deals} deals, each played by {len(result.lineups)} "
        f"lineups ({'; '.join(' '.join(lineup) for lineup in result.lineups)}), seed "
        f"{result.seed}\n"
    )
    rows = [
        (
            r.bot,
            r.seat_deals,
            f"{r.points:.3f} [{r.points_low:.3f}, {r.points_high:.3f}]",
            f"{r.vs_field:+.3f} [{r.vs_field_low:+.3f}, {r.vs_field_high:+.3f}]",
            f"{r.win_rate:.3f} [{r.win_low:.3f}, {r.win_high:.3f}]",
            f"{r.elo:.0f}",
        )
        for r in result.rows
    ]
    heading = ("bot", "deals", "points/deal [95 %]", "vs field [95 %]", "win rate [95 %]", "Elo")
    out.write(table(rows, heading) + "\n")
    for a, others in result.margins.items():
        for b, (mean, low, high) in others.items():
            out.write(
                f"duplicate margin {a} - {b}: {mean:+.3f} per deal [{low:+.3f}, {high:+.3f}]\n"
            )
    return EXIT_OK
