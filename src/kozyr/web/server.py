"""Running the application: ``kozyr serve [--db PATH] [--host 127.0.0.1] [--port 8765]``.

On the loopback address the server takes requests for its own host names only and no table
code; on any other address (``--host 0.0.0.0``: phones on the table's own network) it makes a
table code, prints it, and every write needs it.
"""

from __future__ import annotations

import ipaddress
import secrets
import socket
import sys
from typing import TextIO

LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]", "::1")


def is_loopback(host: str) -> bool:
    """Whether ``host`` is an address of this machine only (127.0.0.0/8, ::1, localhost)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def make_code() -> str:
    """A fresh six-digit table code."""
    return f"{secrets.randbelow(1_000_000):06d}"


def addresses() -> list[str]:
    """This machine's addresses a phone on the same network may reach (best effort)."""
    found: list[str] = []
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            address = str(info[4][0])
            if not address.startswith("127.") and address not in found:
                found.append(address)
    except OSError:
        pass
    return found


def serve(
    db: str,
    host: str = "127.0.0.1",
    port: int = 8765,
    *,
    code: str | None = None,
    out: TextIO | None = None,
) -> None:
    """Run the server until interrupted."""
    import uvicorn

    from kozyr.web.app import create_app

    out = out or sys.stdout
    local = is_loopback(host)
    if not local and code is None:
        code = make_code()
    hosts = None if not local else [*LOOPBACK_NAMES, host]
    app = create_app(db, code=code, hosts=hosts)
    out.write(f"kozyr serve: database {db}\n")
    if local:
        out.write(f"kozyr serve: open http://{host}:{port}/ on this machine\n")
    else:
        for address in addresses() or [host]:
            out.write(f"kozyr serve: on a phone at the table open http://{address}:{port}/\n")
        out.write(f"kozyr serve: table code {code} (every change needs it)\n")
    out.flush()
    config = uvicorn.Config(
        app,
        host=host.strip("[]"),
        port=port,
        log_level="warning",
        access_log=False,
        server_header=False,
        limit_concurrency=64,
        timeout_keep_alive=5,
    )
    uvicorn.Server(config).run()


def add_arguments(parser: object) -> None:
    """The options of ``kozyr serve`` on an argparse parser."""
    import argparse

    assert isinstance(parser, argparse.ArgumentParser)
    parser.add_argument(
        "--db", default="kozyr.sqlite3", help="the SQLite database (default: kozyr.sqlite3)"
    )
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1; 0.0.0.0 for phones, with a table code)",
    )
    parser.add_argument("--port", type=int, default=8765, help="port (default 8765)")
    parser.add_argument(
        "--code", help="the table code to use instead of a fresh one (not on 127.0.0.1)"
    )


def main(argv: list[str] | None = None) -> int:
    """``python -m kozyr.web``: the same as ``kozyr serve``."""
    import argparse

    parser = argparse.ArgumentParser(prog="kozyr serve", description="the scorekeeper web page")
    add_arguments(parser)
    args = parser.parse_args(argv)
    serve(args.db, args.host, args.port, code=args.code)
    return 0


__all__ = ["add_arguments", "addresses", "is_loopback", "main", "make_code", "serve"]
