"""Running the application: ``kozyr serve [--db PATH] [--host 127.0.0.1] [--port 8765]``.

On the loopback address the server takes requests for its own host names only and no table
code (unless one is given); on any other address (``--host 0.0.0.0``: phones on the table's own
network) it makes a table code, prints it, and every write needs it.
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
    if code is not None:
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


__all__ = ["addresses", "is_loopback", "make_code", "serve"]
