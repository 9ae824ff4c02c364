"""``kozyr serve [--db PATH] [--host 127.0.0.1] [--port 8765]``: the scorekeeper web page.

Needs the optional extra ``kozyr[web]`` (Starlette and uvicorn); without it the command says so
and exits with status 2. The server is imported only when the command runs.
"""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from kozyr.cli.output import EXIT_OK
from kozyr.errors import KozyrError

HELP = "a scorekeeper web page for the table (needs kozyr[web])"


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser("serve", help=HELP, description=HELP)
    parser.add_argument(
        "--db", default="kozyr.sqlite3", help="the SQLite database (default: kozyr.sqlite3)"
    )
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1, this machine only; 0.0.0.0 lets phones "
        "on the table's network in, with a table code printed at start)",
    )
    parser.add_argument("--port", type=int, default=8765, help="port (default 8765)")
    parser.add_argument("--code", help="a table code of your own instead of a fresh one")
    return parser


def run(args: argparse.Namespace, out: TextIO) -> int:
    try:
        from kozyr.web.server import serve
    except ImportError as error:
        raise KozyrError(
            f"kozyr serve needs the web extra ({error.name} is missing): pip install 'kozyr[web]'"
        ) from None
    if not 0 <= args.port <= 65535:
        raise KozyrError(f"--port must be 0..65535, got {args.port}")
    from kozyr.registry import manager

    names = [entry.name for entry in manager().entries()]
    out.write(
        f"kozyr serve: {len(names)} variants from the plugins installed now; restart the server "
        "to see a plugin installed later\n"
    )
    serve(args.db, args.host, args.port, code=args.code, out=out)
    return EXIT_OK
