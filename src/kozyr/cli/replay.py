"""``kozyr replay FILE``: validate and score a deal or party record (``-`` reads stdin)."""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from kozyr.cli.output import (
    EXIT_OK,
    add_command,
    add_limits,
    add_output,
    dump,
    limits_of,
    read_input,
)


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser = add_command(
        subparsers, "replay", "validate and score a deal or party record (FILE or - for stdin)"
    )
    parser.add_argument(
        "file", metavar="FILE", help="a deal or party record in JSON (- reads standard input)"
    )
    parser.add_argument(
        "--partial",
        action="store_true",
        help="score every deal up to the first bad one, show that sheet, then the error (exit 2)",
    )
    add_output(parser)
    add_limits(parser)
    return parser


def run(args: argparse.Namespace, out: TextIO) -> int:
    from kozyr.atomic import write_atomic
    from kozyr.cli.report import checked_lines, deal_text, party_text
    from kozyr.codec import load
    from kozyr.record import EveningResult, PartyResult
    from kozyr.replay import replay
    from kozyr.scoring import fraction_json

    limits = limits_of(args)
    data = load(read_input(args.file, limits), limits=limits)
    result = replay(data, limits=limits, partial=args.partial)
    error = result.error if isinstance(result, (PartyResult, EveningResult)) else None
    if error is not None:
        # --partial: the sheet of the deals before the bad one, then its located error (exit 2)
        import json

        from kozyr.sheet import render, sheet_from

        if args.json:
            text = json.dumps(result.to_json(), ensure_ascii=False, indent=2) + "\n"
        else:
            text = render(sheet_from(result), "text")
        if args.output and args.output != "-":  # main writes --output only on success
            write_atomic(args.output, text, inputs=[] if args.file == "-" else [args.file])
        else:
            out.write(text)
        raise error
    if args.json:
        dump(result.to_json(), out)
        return EXIT_OK
    if isinstance(result, EveningResult):
        for i, game in enumerate(result.games, 1):
            out.write(f"=== game {i} ===\n" + party_text(game) + "\n")
        totals = ", ".join(f"{n} {fraction_json(v)}" for n, v in result.totals.items())
        out.write(f"evening totals: {totals}\n")
    elif isinstance(result, PartyResult):
        out.write(party_text(result) + "\n")
    else:
        out.write(
            deal_text(result, f"{result.record.variant}, dealer seat {result.record.dealer}") + "\n"
        )
    # what was checked and every warning, as loudly as --json says them (issue 22)
    out.write("\n".join(checked_lines(result)) + "\n")
    return EXIT_OK
