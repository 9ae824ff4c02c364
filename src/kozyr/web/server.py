"""Running the application: ``kozyr serve [--db PATH] [--host 127.0.0.1] [--port 8765]``.

On the loopback address the server takes requests for its own host names only and no table
code (unless one is given); on any other address (``--host 0.0.0.0``: phones on the table's own
network) it makes a table code, prints it, and every write needs it.
"""

from __future__ import annotations

import secrets
import sys
from typing import TextIO

from kozyr.web.network import addresses, is_loopback

LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]", "::1")


def make_code() -> str:
    """A fresh six-digit table code."""
    return f"{secrets.randbelow(1_000_000):06d}"


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
