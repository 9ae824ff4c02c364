"""``kozyr stats FILE…``: player statistics across the games of party and evening records.

Per player (the same person in every file when the names match ignoring case, as
:func:`kozyr.names.name_key` compares them): games played and won and the settlement summed,
in all and per variant. ``--json`` prints ``{"games": N, "players": [{"name", "key", "games",
"won", "total", "variants": {VARIANT: {"games", "won", "total"}}}]}``.
"""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from kozyr.cli.output import EXIT_OK, add_command, add_limits, dump, limits_of, read_input


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser = add_command(
        subparsers,
        "stats",
        "player statistics across party and evening records: games played, won, money",
    )
    parser.add_argument(
        "files", metavar="FILE", nargs="+", help="party or evening records in JSON (- reads stdin)"
    )
    parser.add_argument(
        "--lang", default="both", choices=("both", "ru", "en"), help="labels: both, ru or en"
    )
    add_limits(parser)
    return parser


def run(args: argparse.Namespace, out: TextIO) -> int:
    from kozyr.codec import load
    from kozyr.errors import KozyrError, RecordError
    from kozyr.sheet import sheet_of
    from kozyr.stats import player_stats, render_stats_text

    limits = limits_of(args)
    games: list[Any] = []
    for path in args.files:
        data = load(read_input(path, limits), limits=limits)
        try:
            sheet, _ = sheet_of(data, limits=limits)
        except KozyrError as error:  # which file, when there are several
            if len(args.files) == 1:
                raise
            text = error.located() if isinstance(error, RecordError) else str(error)
            raise KozyrError(f"{path}: {text}") from None
        games.extend(sheet.games)
    stats = player_stats(games)
    if args.json:
        dump(stats.to_json(), out)
    else:
        out.write(render_stats_text(stats, args.lang))
    return EXIT_OK
