"""``kozyr analyse FILE``: the double-dummy value of every play of a full deal record, each play
that lost value named ("trick 3, seat 2: 9♠ loses the Jack; K♠ keeps it")."""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from kozyr.cli.output import (
    EXIT_OK,
    _positive,
    add_command,
    add_limits,
    add_output,
    dump,
    limits_of,
    read_input,
)


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser = add_command(
        subparsers,
        "analyse",
        "the double-dummy value of every play of a deal record, the plays that lost value named",
    )
    parser.add_argument(
        "file",
        metavar="FILE",
        help="a deal record in JSON with its tricks (- reads stdin)",
    )
    parser.add_argument(
        "--max-nodes",
        type=_positive,
        metavar="N",
        help="the search budget of each play, in positions (default 1000000, a few seconds); "
        "a play past it is reported as not solved",
    )
    parser.add_argument(
        "--all", action="store_true", help="list every play with its values, not only the losses"
    )
    add_output(parser)
    add_limits(parser)
    return parser


def run(args: argparse.Namespace, out: TextIO) -> int:
    from kozyr.analysis import DEFAULT_MAX_NODES, AnalysisError, analyse_deal
    from kozyr.cli.output import table
    from kozyr.codec import _object, load
    from kozyr.record import DealResult
    from kozyr.replay import replay

    limits = limits_of(args)
    data = load(read_input(args.file, limits), limits=limits)
    if "deals" in _object(data, "$") or "games" in _object(data, "$"):
        raise AnalysisError("kozyr analyse reads one deal record, not a party or an evening")
    result = replay(data, limits=limits)
    assert isinstance(result, DealResult)
    variant = result.record.variant_object
    if variant is None:  # pragma: no cover - replay always sets it
        from kozyr.codec import variant_for

        variant = variant_for(data)
    analysis = analyse_deal(result.record, variant, max_nodes=args.max_nodes or DEFAULT_MAX_NODES)
    if args.json:
        dump(analysis.to_json(), out)
        return EXIT_OK
    if args.all:
        rows = [
            (
                p.trick,
                p.seat,
                str(p.card),
                "-" if p.before is None else p.before,
                "-" if p.after is None else p.after,
                " ".join(str(c) for c in p.best),
            )
            for p in analysis.plays
        ]
        out.write(table(rows, ("trick", "seat", "card", "before", "after", "best")) + "\n")
    out.write(analysis.text() + "\n")
    return EXIT_OK
