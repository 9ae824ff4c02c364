"""``kozyr sheet FILE``: the score sheet of a deal, party or evening record (``-`` reads stdin).

One row per deal, a column per player (by the record's ``players`` names, or ``--players``) or
side, running totals, each deal's items in the variant's Russian and English labels, each game's
winner and why, the settlement and, for an evening, the totals per player name. ``--format``
picks the renderer (text, markdown, csv, html, json); ``--output PATH`` writes the sheet to a
file atomically (temporary file, fsync, rename), never over the input.
"""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from kozyr.cli.output import EXIT_OK, add_command, add_limits, limits_of, read_input


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser = add_command(
        subparsers, "sheet", "the score sheet of a deal, party or evening record (FILE or -)"
    )
    parser.add_argument(
        "file", metavar="FILE", help="a deal, party or evening record in JSON (- reads stdin)"
    )
    parser.add_argument(
        "--format",
        default="text",
        metavar="FORMAT",
        help="text (default), markdown, csv, html, json, or a format a plugin registers",
    )
    parser.add_argument(
        "--output",
        metavar="PATH",
        help="write the sheet to PATH atomically instead of standard output (not over the input)",
    )
    parser.add_argument(
        "--lang", default="both", choices=("both", "ru", "en"), help="labels: both, ru or en"
    )
    parser.add_argument(
        "--fractions",
        default="exact",
        choices=("exact", "mixed"),
        help="parts of a point as exact fractions (71/3, the default) or mixed numbers (23⅔); "
        "JSON always holds the exact a/b",
    )
    parser.add_argument(
        "--players", metavar="NAMES", help='player names, one per seat: "Аня,Боря,Вера"'
    )
    parser.add_argument(
        "--partial",
        action="store_true",
        help="score every deal up to the first bad one, show that sheet, then the error",
    )
    add_limits(parser)
    return parser


def run(args: argparse.Namespace, out: TextIO) -> int:
    from kozyr.atomic import write_atomic
    from kozyr.codec import load
    from kozyr.sheet import renderer_for, sheet_of, with_fractions

    renderer = renderer_for("json" if args.json else args.format, args.lang)  # fails first
    limits = limits_of(args)
    data = load(read_input(args.file, limits), limits=limits)
    sheet, error = sheet_of(data, names=args.players, partial=args.partial, limits=limits)
    text = with_fractions(args.fractions, lambda: renderer(sheet, args.lang))
    if args.output and args.output != "-":  # written here, so a partial sheet is kept too
        write_atomic(args.output, text, inputs=[] if args.file == "-" else [args.file])
    else:
        out.write(text)
    if error is not None:
        raise error  # the sheet of the good deals is out; the located error, exit 2
    return EXIT_OK
