"""``kozyr serve [--db PATH] [--host 127.0.0.1] [--port 8765]``: the scorekeeper web page.

Needs the optional extra ``kozyr[web]`` (Starlette and uvicorn); without it the command says so
and exits with status 2. The server is imported only when the command runs.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, TextIO

from kozyr.cli.output import EXIT_OK, whole_number
from kozyr.errors import KozyrError

HELP = "a scorekeeper web page for the table (needs kozyr[web])"


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser("serve", help=HELP, description=HELP)
    parser.add_argument(
        "--db",
        help="the SQLite database (default: kozyr.sqlite3 in the user data folder, e.g. "
        "~/.local/share/kozyr on Linux; the path is printed at start)",
    )
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1, this machine only; 0.0.0.0 lets phones "
        "on the table's network in, with a table code printed at start)",
    )
    parser.add_argument("--port", type=whole_number, default=8765, help="port (default 8765)")
    parser.add_argument(
        "--code",
        help="a table code of your own instead of a fresh one (not empty; a short one is "
        "accepted with a warning)",
    )
    parser.add_argument(
        "--allow-host",
        action="append",
        default=[],
        metavar="NAME",
        help="also answer requests for this host name (a DNS name of this machine); "
        "repeatable. Every other name is refused (DNS rebinding)",
    )
    parser.add_argument(
        "--request-seconds",
        default="30",
        metavar="S",
        help="time budget of one request's work, after which it is answered 503 (default 30)",
    )
    parser.add_argument(
        "--connections-per-client",
        default="32",
        metavar="N",
        help="open connections one client address may hold (default 32)",
    )
    parser.add_argument(
        "--header-seconds",
        default="10",
        metavar="S",
        help="time a connection has to send a request's headers (default 10)",
    )
    return parser


def run(args: argparse.Namespace, out: TextIO) -> int:
    try:
        from kozyr.web.server import serve
    except ImportError as error:
        raise KozyrError(
            f"kozyr serve needs the web extra ({error.name} is missing): pip install 'kozyr[web]'"
        ) from None
    from kozyr.limits import parse_int
    from kozyr.web.server import ConnectionLimits, check_code

    if not 0 <= args.port <= 65535:
        raise KozyrError(f"--port must be 0..65535, got {args.port}")
    check_code(args.code)
    seconds = parse_int(args.request_seconds, "--request-seconds", minimum=1, maximum=3600)
    header = parse_int(args.header_seconds, "--header-seconds", minimum=1, maximum=600)
    per_client = parse_int(
        args.connections_per_client, "--connections-per-client", minimum=1, maximum=1000
    )
    pending = min(8, per_client)
    connections = ConnectionLimits(
        header_seconds=float(header),
        per_client=per_client,
        pending_per_client=pending,
        pending_total=max(64, pending),
    )
    from kozyr.registry import manager, require_variants

    require_variants()  # a score sheet needs a game (#24)
    names = [entry.name for entry in manager().entries()]
    print(  # a notice on stderr: standard output begins with the database line
        f"kozyr serve: {len(names)} variants from the plugins installed now; restart the server "
        "to see a plugin installed later",
        file=sys.stderr,
    )
    db = args.db if args.db is not None else default_db()
    serve(
        db,
        args.host,
        args.port,
        code=args.code,
        out=out,
        allow_hosts=args.allow_host,
        connections=connections,
        request_seconds=float(seconds),
    )
    return EXIT_OK


def default_db() -> str:
    """``kozyr.sqlite3`` in the platform's user data folder (platformdirs, part of
    ``kozyr[web]``: ``~/.local/share/kozyr`` or ``$XDG_DATA_HOME/kozyr`` on Linux,
    ``~/Library/Application Support/kozyr`` on macOS, ``%LOCALAPPDATA%\\kozyr`` on Windows),
    created when missing -- never the folder the command happens to run in (#24)."""
    try:
        from platformdirs import user_data_path
    except ImportError as error:
        raise KozyrError(
            f"kozyr serve needs the web extra ({error.name} is missing): pip install 'kozyr[web]'"
        ) from None
    folder = user_data_path("kozyr", appauthor=False)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise KozyrError(f"cannot create the data folder {folder}: {error.strerror}") from None
    return str(folder / "kozyr.sqlite3")
