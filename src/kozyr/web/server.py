"""Running the application: ``kozyr serve [--db PATH] [--host 127.0.0.1] [--port 8765]``.

On the loopback address the server takes requests for its own host names only and no table
code (unless one is given); on any other address (``--host 0.0.0.0``: phones on the table's own
network) it makes a long table code (:mod:`kozyr.web.tablecode`), prints it with a link that
carries it, and every write needs it; it then takes requests for this machine's own names and
addresses only (and those given with ``--allow-host``): a page of another site whose name was
made to point here (DNS rebinding) is refused, while any IP address of this machine is
served (a phone may reach it at an address the machine does not know it has; no other site can
make a browser send one of those as its Host).

Slow and many clients (:class:`ConnectionLimits`, enforced by :class:`GuardedH11Protocol`, a
uvicorn ``h11`` protocol): a connection must send its request line and headers within
``header_seconds`` of opening (or of its previous answer), in at most ``header_bytes``; a client
address has at most ``per_client`` connections, of which at most ``pending_per_client`` still
sending headers -- one more closes that client's oldest connection still sending headers, so
half-sent requests can neither pile up nor starve a client that sends whole ones. Connections
whose request has arrived -- a page being answered, a live-update stream (``…/events``, bounded
by its own count) -- are never closed for it. The request body and the work have their own time
limits (:class:`kozyr.web.app.Limits`).
"""

from __future__ import annotations

import asyncio
import socket
import sys
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar, TextIO

from typing_extensions import override

from kozyr.errors import KozyrError
from kozyr.web.network import addresses, is_loopback
from kozyr.web.tablecode import CODE_BITS, WEAK_BITS, TableCode, make_code, strength

LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]", "::1")


def host_names(host: str, allowed: Iterable[str] = ()) -> list[str]:
    """The Host names a server listening on ``host`` answers: the loopback names and ``host``
    itself; beyond loopback also this machine's name (and ``NAME.local``), its addresses, and
    the names in ``allowed`` (``--allow-host``)."""
    names = [*LOOPBACK_NAMES, host]
    if not is_loopback(host):
        hostname = socket.gethostname()
        names += [hostname, f"{hostname}.local", *addresses(), *allowed]
    else:
        names += list(allowed)
    out: list[str] = []
    for name in names:
        name = name.strip().lower()
        if name and name not in ("0.0.0.0", "::", "[::]") and name not in out:
            out.append(name)
    return out


@dataclass(frozen=True)
class ConnectionLimits:
    """How many connections a client may hold, and how long a request's headers may take
    (``kozyr serve --header-seconds``, ``--connections-per-client``; the module docstring
    says what each does)."""

    header_seconds: float = 10.0
    header_bytes: int = 16 * 1024
    per_client: int = 32
    pending_per_client: int = 8
    pending_total: int = 64
    keep_alive_seconds: float = 5.0
    #: uvicorn's own ceiling on open connections and running requests together (a backstop:
    #: beyond it every request is a 503).
    concurrency: int = 1024

    def __post_init__(self) -> None:
        if self.header_seconds <= 0 or self.keep_alive_seconds <= 0:
            raise ValueError("header_seconds and keep_alive_seconds are positive seconds")
        if min(self.header_bytes, self.per_client, self.pending_per_client) < 1:
            raise ValueError("header_bytes, per_client and pending_per_client are at least 1")
        if self.pending_total < self.pending_per_client:
            raise ValueError("pending_total is at least pending_per_client")


class Connections:
    """The open connections by client address, and those still sending their headers (oldest
    first), shared by every protocol instance of one server (one event loop: no lock)."""

    def __init__(self, limits: ConnectionLimits) -> None:
        self.limits = limits
        self.by_client: dict[str, set[Any]] = {}
        self.pending: OrderedDict[Any, str] = OrderedDict()
        self.evicted = 0
        self.refused = 0

    def opened(self, conn: Any, client: str) -> bool:
        """A new connection from ``client``; False: refuse it (the client holds too many
        connections and none of them is still sending headers)."""
        held = self.by_client.setdefault(client, set())
        if len(held) >= self.limits.per_client and not self._evict(client):
            self.refused += 1
            return False
        held.add(conn)
        self.waiting(conn, client)
        return True

    def waiting(self, conn: Any, client: str) -> None:
        """``conn`` waits for a request's headers (a new connection, or after an answer)."""
        self.pending[conn] = client
        self.pending.move_to_end(conn)
        mine = [c for c, who in self.pending.items() if who == client]
        while len(mine) > self.limits.pending_per_client:
            self._close(mine.pop(0))
        while len(self.pending) > self.limits.pending_total:
            self._close(next(iter(self.pending)))

    def arrived(self, conn: Any) -> None:
        """``conn``'s request headers have arrived: it is no longer at risk of eviction."""
        self.pending.pop(conn, None)

    def closed(self, conn: Any, client: str) -> None:
        self.pending.pop(conn, None)
        held = self.by_client.get(client)
        if held is not None:
            held.discard(conn)
            if not held:
                del self.by_client[client]

    def _evict(self, client: str) -> bool:
        for conn, who in self.pending.items():
            if who == client:
                self._close(conn)
                return True
        return False

    def _close(self, conn: Any) -> None:
        self.evicted += 1
        self.pending.pop(conn, None)
        conn.give_up()


def guarded_protocol(limits: ConnectionLimits) -> type[Any]:
    """A uvicorn ``h11`` protocol class enforcing ``limits`` (one per server)."""
    import h11
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class GuardedH11Protocol(H11Protocol):
        """uvicorn's h11 protocol with a header deadline and per-client connection caps."""

        connections_state: ClassVar[Connections] = Connections(limits)

        @override
        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._header_timer: asyncio.TimerHandle | None = None
            self._who = str(self.client[0]) if self.client else "unknown"
            if not self.connections_state.opened(self, self._who):
                self._who = ""
                body = b"too many connections from this address\n"
                transport.write(
                    b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain\r\n"
                    b"connection: close\r\ncontent-length: %d\r\n\r\n%s" % (len(body), body)
                )
                transport.close()
                return
            self._arm()

        def _arm(self) -> None:
            if self._header_timer is not None:
                self._header_timer.cancel()
            self._header_timer = self.loop.call_later(limits.header_seconds, self._too_slow)

        def _too_slow(self) -> None:
            self._header_timer = None
            if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
                self.connections_state.arrived(self)
                self.give_up()

        def give_up(self) -> None:
            """Close this connection (headers too slow, or evicted for a newer one)."""
            if self._header_timer is not None:
                self._header_timer.cancel()
                self._header_timer = None
            if not self.transport.is_closing():
                self.transport.close()

        @override
        def handle_events(self) -> None:
            super().handle_events()
            if self.conn.their_state is not h11.IDLE and self._who:
                self.connections_state.arrived(self)
                if self._header_timer is not None:
                    self._header_timer.cancel()
                    self._header_timer = None

        @override
        def on_response_complete(self) -> None:
            super().on_response_complete()
            if self._who and not self.transport.is_closing() and self.conn.their_state is h11.IDLE:
                self.connections_state.waiting(self, self._who)
                self._arm()

        @override
        def connection_lost(self, exc: Exception | None) -> None:
            super().connection_lost(exc)
            if self._header_timer is not None:
                self._header_timer.cancel()
                self._header_timer = None
            if self._who:
                self.connections_state.closed(self, self._who)

    return GuardedH11Protocol


def uvicorn_config(app: Any, host: str, port: int, limits: ConnectionLimits) -> Any:
    """The uvicorn configuration ``kozyr serve`` runs with (``limits`` enforced)."""
    import uvicorn

    return uvicorn.Config(
        app,
        host=host.strip("[]"),
        port=port,
        http=guarded_protocol(limits),
        log_level="warning",
        access_log=False,
        server_header=False,
        limit_concurrency=limits.concurrency,
        timeout_keep_alive=int(limits.keep_alive_seconds),
        h11_max_incomplete_event_size=limits.header_bytes,
        timeout_graceful_shutdown=GRACEFUL_SHUTDOWN_SECONDS,
    )


#: How long a stopping server waits for requests still running before it cancels them (the
#: live-update streams end at once; this bounds anything else).
GRACEFUL_SHUTDOWN_SECONDS = 3


def stopping_server(config: Any, app: Any) -> Any:
    """A uvicorn server that, when told to stop (SIGINT, SIGTERM), first ends the live-update
    streams of ``app`` (:meth:`kozyr.web.live.ChangeHub.stop`) so that it exits at once rather
    than after a stream's lifetime, then shuts down as uvicorn does (requests still running get
    :data:`GRACEFUL_SHUTDOWN_SECONDS`)."""
    import uvicorn

    class StoppingServer(uvicorn.Server):
        @override
        async def shutdown(self, sockets: Any = None) -> None:
            table = getattr(app.state, "table", None)
            if table is not None:
                table.hub.stop()
            await super().shutdown(sockets)

    return StoppingServer(config)


def table_code(code: str | None, local: bool, err: TextIO) -> str | None:
    """The table code a server runs with: ``code`` as given (refused when it has no letter or
    digit; a warning when it is weak), else a fresh one beyond loopback, else none."""
    if code is not None:
        TableCode(code)  # refuses '' and codes of no letter or digit
        bits = strength(code)
        if bits < WEAK_BITS:
            err.write(
                f"kozyr serve: warning: this table code has at most {bits:.0f} bits of chance "
                f"(a fresh one has {CODE_BITS:.0f}); wrong tries are slowed down, but a longer "
                "code is safer\n"
            )
        return code
    return None if local else make_code()


def serve(
    db: str,
    host: str = "127.0.0.1",
    port: int = 8765,
    *,
    code: str | None = None,
    out: TextIO | None = None,
    allow_hosts: Iterable[str] = (),
    connections: ConnectionLimits | None = None,
    request_seconds: float | None = None,
) -> None:
    """Run the server until interrupted (SIGINT or SIGTERM: it stops at once, see
    :func:`stopping_server`)."""
    from kozyr.web.app import Limits, create_app

    out = out or sys.stdout
    local = is_loopback(host)
    code = table_code(code, local, sys.stderr)
    hosts = host_names(host, allow_hosts)
    limits = Limits() if request_seconds is None else Limits(request_seconds=request_seconds)
    app = create_app(db, code=code, hosts=hosts, limits=limits, addresses=not local)
    out.write(f"kozyr serve: database {db}\n")
    query = "" if code is None else "/code?code=" + code.replace(" ", "-")
    if local:
        out.write(f"kozyr serve: open http://{host}:{port}{query or '/'} on this machine\n")
    else:
        for address in addresses() or [host]:
            out.write(f"kozyr serve: on a phone at the table open http://{address}:{port}{query}\n")
    if code is not None:
        out.write(f"kozyr serve: table code {code} (every change needs it)\n")
    out.flush()
    config = uvicorn_config(app, host, port, connections or ConnectionLimits())
    stopping_server(config, app).run()


def check_code(code: str | None) -> None:
    """Refuse a table code that protects nothing (``--code ''``) before anything starts."""
    if code is not None:
        try:
            TableCode(code)
        except KozyrError as error:
            raise KozyrError(f"--code: {error}") from None


__all__ = [
    "GRACEFUL_SHUTDOWN_SECONDS",
    "ConnectionLimits",
    "Connections",
    "addresses",
    "check_code",
    "guarded_protocol",
    "host_names",
    "is_loopback",
    "make_code",
    "serve",
    "stopping_server",
    "table_code",
    "uvicorn_config",
]
