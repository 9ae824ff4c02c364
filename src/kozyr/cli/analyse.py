"""``kozyr analyse FILE``: the double-dummy value of every play of a full deal record, each play
that lost value named ("trick 3, seat 2: 9♠ loses the Jack; K♠ keeps it"); of a full party
record, every deal's (a heading per deal; ``--json``: ``"deals"``, one object per deal)."""

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
        "the double-dummy value of every play of a deal or party record, the plays that lost "
        "value named",
    )
    parser.add_argument(
        "file",
        metavar="FILE",
        help="a deal or party record in JSON with every deal's tricks (- reads stdin)",
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
    from kozyr.analysis import (
        DEFAULT_MAX_NODES,
        AnalysisError,
        DealAnalysis,
        analyse_deal,
        analyse_party,
    )
    from kozyr.codec import _object, load
    from kozyr.record import DealResult, PartyResult
    from kozyr.replay import replay

    limits = limits_of(args)
    data = load(read_input(args.file, limits), limits=limits)
    if "games" in _object(data, "$"):
        raise AnalysisError(
            "kozyr analyse reads one deal or one party record, not an evening ($.games): "
            "analyse each game's record"
        )
    result = replay(data, limits=limits)
    max_nodes = args.max_nodes or DEFAULT_MAX_NODES
    if isinstance(result, PartyResult):
        assert result.record is not None
        variant = result.record.variant_object
        assert variant is not None
        party = analyse_party(result, variant, max_nodes=max_nodes)
        if args.json:
            dump(party.to_json(), out)
            return EXIT_OK
        for i, deal in enumerate(party.deals):
            out.write(("\n" if i else "") + f"deal {deal.number}\n")
            _write(deal, out, every=args.all)
        return EXIT_OK
    assert isinstance(result, DealResult)
    variant = result.record.variant_object
    if variant is None:  # pragma: no cover - replay always sets it
        from kozyr.codec import variant_for

        variant = variant_for(data)
    analysis: DealAnalysis = analyse_deal(result.record, variant, max_nodes=max_nodes)
    if args.json:
        dump(analysis.to_json(), out)
        return EXIT_OK
    _write(analysis, out, every=args.all)
    return EXIT_OK


def _write(analysis: Any, out: TextIO, *, every: bool) -> None:
    """One deal's review as text: with ``every``, a table of every play first."""
    from kozyr.cli.output import table

    if every:
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
