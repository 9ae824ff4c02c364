"""The ASGI application of ``kozyr serve``: pages, JSON API, static files and the guard.

The guard (:class:`Guard`) refuses, before any route runs: a Host header the server was not
started for, or one that is not a plain ``name[:port]`` (DNS rebinding, the ``@`` trick: 400);
a path holding a number too large to be an id (404); a body over the size limit (413) or one
that does not arrive within :attr:`Limits.body_seconds` (408); a write (POST, PUT, DELETE) from
another origin (403); and -- when the server listens beyond this machine -- a write without the
table code (header ``X-Table-Code`` or the cookie the code page sets), with wrong codes slowed
down per client (429, :mod:`kozyr.web.tablecode`).

Every route then runs in a worker thread (at most :attr:`Limits.workers` at once) under a time
budget (:mod:`kozyr.budget`): replay and the score sheets check it once per deal, so a request
past :attr:`Limits.request_seconds` stops and is answered 503 while the event loop goes on
serving every other table. A request that does not stop (a plugin's hook looping for ever) is
answered 503 a moment later and its thread abandoned. If the thread is stuck in a plugin's code
(:func:`stuck_in`), that plugin gets no new work until the thread ends (its requests are answered
500 naming it, :func:`kozyr.budget.hold_plugin`) while every other table and variant is served;
while more than :attr:`Limits.runaways` abandoned threads still run, new requests are refused
with 503 at once.
Live-update streams (``…/events``) and static files stay on the event loop: they are not work.

Every response carries ``X-Frame-Options: DENY``, a Content-Security-Policy (scripts, styles
and everything else from this server only; no framing), ``X-Content-Type-Options: nosniff``
and ``Referrer-Policy: same-origin`` (the code link never reaches another site; ``no-referrer``
would make Chromium send ``Origin: null`` with every form, which the origin check refuses)
(:data:`SECURITY_HEADERS`).
"""

from __future__ import annotations

import asyncio
import ipaddress
import re
import threading
from collections.abc import Iterable, MutableMapping
from dataclasses import dataclass
from importlib import resources
from typing import Any
from urllib.parse import quote, urlsplit

import anyio
import anyio.from_thread
import anyio.to_thread
from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import PlainTextResponse, RedirectResponse, Response
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from typing_extensions import override

from kozyr.budget import hold_plugin, release_plugin, time_budget
from kozyr.errors import HookError, TimeBudgetError
from kozyr.web import advice, analysis, api, i18n, pages
from kozyr.web.live import EventLimits
from kozyr.web.store import Store
from kozyr.web.table import Table
from kozyr.web.tablecode import Gate, TableCode

WRITES = frozenset({"POST", "PUT", "DELETE", "PATCH"})
CODE_COOKIE = pages.CODE_COOKIE

#: The Content-Security-Policy of every response: everything from this server only, no inline
#: script or style, no plugins, and no page of another origin may frame these (clickjacking).
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
#: Headers added to every response (a route's own value of one wins).
SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"x-frame-options", b"DENY"),
    (b"content-security-policy", CSP.encode("ascii")),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
)

#: A Host header: a DNS name or IPv4 address, or an IPv6 address in brackets; a port maybe.
_HOST = re.compile(
    r"(?P<name>[A-Za-z0-9][A-Za-z0-9.-]{0,252}|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]{1,5})?"
)
#: A control character in a (decoded) path: no page has one, and a route's ``$`` would match
#: before a final newline (Python's ``re``), so ``/api/games/1%0A`` answered game 1.
_CONTROL = re.compile("[\x00-\x1f\x7f]")
#: A path segment of 19 digits or more: no id is that large (SQLite's ids end below 2**63).
_HUGE_NUMBER = re.compile(r"(?:^|/)[0-9]{19,}(?:/|$)")


@dataclass(frozen=True)
class Limits:
    """How long and how much one request may take (``create_app(limits=...)``; ``kozyr serve
    --request-seconds``).

    ``request_seconds``: the time budget of one request's work (503 after it);
    ``body_seconds``: the time a client has to send a request's body (408 after it);
    ``workers``: requests worked on at once (others wait, within their budget, for a free one);
    ``grace``: seconds past the budget before a request that did not stop is abandoned;
    ``runaways``: abandoned requests still running above which new work is refused."""

    request_seconds: float = 30.0
    body_seconds: float = 30.0
    workers: int = 4
    grace: float = 2.0
    runaways: int = 4

    def __post_init__(self) -> None:
        if min(self.request_seconds, self.body_seconds, self.grace) <= 0:
            raise ValueError("request_seconds, body_seconds and grace are positive seconds")
        if self.workers < 1 or self.runaways < 0:
            raise ValueError("workers is at least 1 and runaways at least 0")


class Guard:
    """Host, path, size, body time, origin and table-code checks in front of the application,
    security headers on every response, and each request's work in a worker thread under its
    time budget (pure ASGI)."""

    #: The wrapped application's state (``state.table``, ``state.code``).
    state: Any

    def __init__(
        self,
        app: ASGIApp,
        *,
        code: str | None,
        hosts: Iterable[str] | None,
        max_body: int,
        limits: Limits | None = None,
        gate: Gate | None = None,
        addresses: bool = False,
    ) -> None:
        self.app = app
        self.addresses = addresses
        self.code = code
        self.hosts = None if hosts is None else {h.lower().strip("[]") for h in hosts}
        self.max_body = max_body
        self.limits = limits or Limits()
        self.gate = gate if gate is not None or code is None else Gate(TableCode(code))
        self.state = getattr(app, "state", None)
        self._workers: anyio.CapacityLimiter | None = None
        self._runaways = 0
        self._lock = threading.Lock()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        send = _with_headers(send)
        refusal = self.refuse(scope)
        if refusal is not None:
            await refusal(scope, receive, send)
            return
        path: str = scope.get("path", "")
        if path.startswith("/static/") or path.endswith("/events"):
            await self.app(scope, receive, send)  # files and live streams: no work to budget
            return
        body = await self._body(scope, receive, send)
        if body is None:
            return
        await self._work(scope, body, receive, send)

    # --- the checks before any route ---------------------------------------------------------

    def refuse(self, scope: Scope) -> Response | None:
        """The response refusing this request, or None to let it through."""
        headers = Headers(scope=scope)
        path: str = scope.get("path", "")
        is_api = path.startswith("/api/")
        host = headers.get("host", "")
        name = _hostname(host)
        if name is None:
            return _refusal(400, f"bad Host header {host[:80]!r}", is_api)
        if self.hosts is not None and name not in self.hosts:
            if not (self.addresses and _is_address(name)):
                return _refusal(400, f"unknown host {host[:80]!r}", is_api)
        if _CONTROL.search(path):  # "/api/games/1\n" matched the route of game 1 (#21)
            return _refusal(404, "no such page: a control character in the path", is_api)
        if _HUGE_NUMBER.search(path):
            return _refusal(404, "no such page: a number in the path is too large", is_api)
        length = headers.get("content-length")
        if length is not None:
            if not (length.isascii() and length.isdigit()) or len(length) > 18:
                return _refusal(400, "bad Content-Length", is_api)
            if int(length) > self.max_body:
                return _refusal(413, f"the request is larger than {self.max_body} bytes", is_api)
        client = _client(scope)
        if self.gate is not None and path == "/code" and self._offers_code(scope, headers):
            wait = self.gate.wait(client)
            if wait > 0:
                return _slow_down(wait, is_api)
        if scope["method"] not in WRITES:
            return None
        origin = headers.get("origin")
        if origin is not None and (origin == "null" or urlsplit(origin).netloc.lower() != host):
            return _refusal(403, "a write from another origin is refused", is_api)
        if headers.get("sec-fetch-site") in ("cross-site", "same-site"):
            return _refusal(403, "a write from another site is refused", is_api)
        if self.gate is None or path == "/code":
            return None
        given = headers.get("x-table-code") or _cookie(headers, CODE_COOKIE)
        if given:
            wait = self.gate.wait(client)
            if wait > 0:
                return _slow_down(wait, is_api)
            if self.gate.check(client, given):
                return None
        if is_api:
            return _refusal(403, "this table needs its code: send it as X-Table-Code", True)
        back = urlsplit(headers.get("referer", "/")).path or "/"
        return RedirectResponse(f"/code?next={quote(back)}", status_code=303)

    @staticmethod
    def _offers_code(scope: Scope, headers: Headers) -> bool:
        """A request to the code page that offers a code (a posted form, or the link)."""
        if scope["method"] == "POST":
            return True
        query: bytes = scope.get("query_string", b"")
        return b"code=" in query

    # --- the body, in time -------------------------------------------------------------------

    async def _body(self, scope: Scope, receive: Receive, send: Send) -> bytes | None:
        """The whole request body, at most ``max_body`` bytes within ``body_seconds`` (None:
        refused, and the refusal sent)."""
        is_api = scope.get("path", "").startswith("/api/")
        chunks: list[bytes] = []
        size = 0
        refusal: Response | None = None
        with anyio.move_on_after(self.limits.body_seconds) as timer:
            while True:
                message = await receive()
                if message["type"] == "http.disconnect":
                    return None
                chunk = message.get("body", b"")
                size += len(chunk)
                if size > self.max_body:
                    refusal = _refusal(
                        413, f"the request is larger than {self.max_body} bytes", is_api
                    )
                    break
                chunks.append(chunk)
                if not message.get("more_body", False):
                    break
        if timer.cancelled_caught:
            seconds = f"{self.limits.body_seconds:g}"
            refusal = _refusal(408, f"the request body did not arrive within {seconds} s", is_api)
        if refusal is not None:
            await refusal(scope, _closed, send)
            return None
        return b"".join(chunks)

    # --- the work, in a worker thread under a time budget ------------------------------------

    async def _work(self, scope: Scope, body: bytes, receive: Receive, send: Send) -> None:
        is_api = scope.get("path", "").startswith("/api/")
        limits = self.limits
        if self._runaways > limits.runaways:
            await _busy(
                "the server is still busy with requests that ran past their time budget; "
                "retry later",
                is_api,
            )(scope, _closed, send)
            return
        if self._workers is None:
            self._workers = anyio.CapacityLimiter(limits.workers)
        state = _Exchange(send)
        app = self.app

        async def inner_receive() -> Message:
            if not state.body_given:
                state.body_given = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await _closed()

        async def inner_send(message: Message) -> None:
            if not state.forward(message):
                raise RuntimeError("the request was abandoned past its time budget")

        def work() -> None:
            async def call() -> None:
                await app(scope, inner_receive, inner_send)

            with time_budget(limits.request_seconds):
                asyncio.run(call())

        def run() -> None:
            with self._lock:
                if state.abandoned:  # answered 503 before a worker was free: do nothing
                    return
                state.began = True
                state.thread = threading.get_ident()
            try:
                work()
            finally:
                with self._lock:
                    state.finished = True
                    if state.abandoned:
                        self._runaways -= 1
                        if state.plugin is not None:
                            release_plugin(state.plugin)

        with anyio.move_on_after(limits.request_seconds + limits.grace):
            await anyio.to_thread.run_sync(run, limiter=self._workers, abandon_on_cancel=True)
            return
        with self._lock:
            started = state.abandon()
            if state.began and not state.finished:
                self._runaways += 1  # still running: counted until it ends
                # stuck in a plugin's code: that plugin gets no new work until it ends
                state.plugin = stuck_in(state.thread)
                if state.plugin is not None:
                    hold_plugin(state.plugin)
        if not started:
            seconds = f"{limits.request_seconds:g}"
            await _busy(f"the request took longer than its budget of {seconds} s", is_api)(
                scope, _closed, send
            )


class _Exchange:
    """What a request's worker thread sent, and whether the request was abandoned (then
    nothing more from the thread reaches the client)."""

    def __init__(self, send: Send) -> None:
        self.send = send
        self.body_given = False
        self.started = False
        self.abandoned = False
        self.began = False
        self.finished = False
        self.thread: int | None = None
        self.plugin: str | None = None
        self._lock = threading.Lock()

    def forward(self, message: Message) -> bool:
        """Send ``message`` from the worker thread (False: abandoned, nothing sent)."""
        with self._lock:
            if self.abandoned:
                return False
            if message["type"] == "http.response.start":
                self.started = True
        send = self.send

        async def forward() -> None:
            await send(message)

        anyio.from_thread.run(forward)
        return True

    def abandon(self) -> bool:
        """Give the request up; whether its response had started."""
        with self._lock:
            self.abandoned = True
            return self.started


def stuck_in(thread: int | None) -> str | None:
    """The plugin whose code the thread ``thread`` is running (its innermost frame in a module
    of a plugin's variant), None when it is in no plugin's code or has ended."""
    import sys

    from kozyr.registry import manager

    frame = sys._current_frames().get(thread) if thread is not None else None
    if frame is None:
        return None
    owners: dict[str, str] = {}
    for entry in manager().entries():
        module = entry.cls.__module__ if entry.cls is not None else (entry.source or "")
        owners.setdefault(module.partition(".")[0].partition(":")[0], entry.plugin.name)
    owners.pop("kozyr", None)
    while frame is not None:
        top = str(frame.f_globals.get("__name__", "")).partition(".")[0]
        if top in owners:
            return owners[top]
        frame = frame.f_back
    return None


async def _closed() -> Message:
    """The ``receive`` of a request whose body was read: the client is gone (for the app)."""
    await anyio.sleep_forever()
    raise AssertionError("unreachable")  # pragma: no cover


def _with_headers(send: Send) -> Send:
    async def wrapped(message: Message) -> None:
        if message["type"] == "http.response.start":
            headers = list(message.get("headers", []))
            present = {key.lower() for key, _ in headers}
            headers.extend(item for item in SECURITY_HEADERS if item[0] not in present)
            message = {**message, "headers": headers}
        await send(message)

    return wrapped


def _hostname(host: str) -> str | None:
    """The name of a Host header (lower case, IPv6 without brackets); None when the header is
    not a plain ``name[:port]`` (``a@b``, spaces, a path, an empty name)."""
    match = _HOST.fullmatch(host)
    if match is None:
        return None
    return match.group("name").lower().strip("[]")


def _is_address(name: str) -> bool:
    """Whether a Host name is an IP address (a page of another site can never make a browser
    send one of this machine's addresses as its Host: only a name can be rebound)."""
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def _client(scope: Scope) -> str:
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


def _cookie(headers: Headers, name: str) -> str | None:
    for part in headers.get("cookie", "").split(";"):
        key, _, value = part.strip().partition("=")
        if key == name:
            return value
    return None


class Refusal(PlainTextResponse):
    """A request refused before any page ran (bad host, too large, too slow, no table code):
    one line of plain text in the language of the request (its ``lang`` cookie or
    ``Accept-Language``, as the pages choose theirs)."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message, status)
        self.message = message

    @override
    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        lang = _scope_lang(scope)
        if lang != i18n.SOURCE:
            self.body = self.render(i18n.say_error(lang, self.message))
            self.headers["content-length"] = str(len(self.body))
        await super().__call__(scope, receive, send)


def _scope_lang(scope: Scope) -> str:
    headers = Headers(scope=scope)
    chosen = _cookie(headers, pages.LANG_COOKIE)
    if chosen in i18n.LANGS:
        return str(chosen)
    return i18n.negotiate(headers.get("accept-language", ""))


def _refusal(status: int, message: str, is_api: bool) -> Response:
    if is_api:
        return api.KozyrJSON({"error": message, "path": None, "detail": message}, status)
    return Refusal(message, status)


def _slow_down(wait: float, is_api: bool) -> Response:
    seconds = max(1, int(wait + 0.999))
    response = _refusal(
        429, f"too many wrong table codes from this address: try again in {seconds} s", is_api
    )
    response.headers["Retry-After"] = str(seconds)
    return response


def _busy(message: str, is_api: bool) -> Response:
    response = _refusal(503, message, is_api)
    response.headers["Retry-After"] = "5"
    return response


async def _server_error(request: Request, exc: Exception) -> Response:
    """No stack trace ever reaches a response (the console log keeps it)."""
    if request.url.path.startswith("/api/"):
        message = "internal error: the server could not answer this request"
        return api.KozyrJSON({"error": message, "path": None, "detail": message}, 500)
    lang = pages.lang_of(request)
    message = i18n.tr(lang, "internal error: the server could not answer this request")
    return pages.message_page(request, "500", message, 500, is_error=True)


async def _plugin_error(request: Request, exc: Exception) -> Response:
    """A plugin's code failed (a :class:`~kozyr.errors.HookError`): not the user's input, so
    never a 422 -- a 500 that says which plugin failed (#21, #23); the details stay in the log."""
    plugin = getattr(exc, "plugin", None)
    message = f"plugin {plugin} failed: {exc}" if plugin else f"a plugin failed: {exc}"
    # the plugin's own message may hold what is not text (a lone surrogate): escaped, as the
    # CLI's stderr does, so the answer is still the plugin's 500 (#21 item 10, the fuzz run)
    message = message.encode("utf-8", "backslashreplace").decode("utf-8")
    if request.url.path.startswith("/api/"):
        return api.KozyrJSON(
            {"error": message, "path": None, "detail": message, "plugin": plugin}, 500
        )
    lang = pages.lang_of(request)
    said = i18n.tr(lang, "a plugin failed: %(plugin)s; the server's log has the details")
    return pages.message_page(request, "500", said % {"plugin": plugin or "?"}, 500, is_error=True)


async def _over_budget(request: Request, exc: Exception) -> Response:
    """A request past its time budget (:class:`~kozyr.errors.TimeBudgetError`): 503."""
    message = f"{exc}; the server answers other requests meanwhile"
    return _busy(message, request.url.path.startswith("/api/"))


async def _http_error(request: Request, exc: Exception) -> Response:
    """404 and 405 of the router: JSON under ``/api/``, plain text elsewhere."""
    assert isinstance(exc, HTTPException)
    if request.url.path.startswith("/api/"):
        message = {404: "no such route", 405: "method not allowed"}.get(exc.status_code, exc.detail)
        message = f"{message}: {request.method} {request.url.path}"
        headers: MutableMapping[str, str] = dict(exc.headers or {})
        return api.KozyrJSON(
            {"error": message, "path": None, "detail": message}, exc.status_code, headers
        )
    lang = pages.lang_of(request)
    said = {404: i18n.N_("No such page"), 405: i18n.N_("This page does not take that request")}
    text = i18n.tr(lang, said[exc.status_code]) if exc.status_code in said else str(exc.detail)
    page = pages.message_page(request, str(exc.status_code), text, exc.status_code, is_error=True)
    page.headers.update(exc.headers or {})
    return page


def create_app(
    db: str | Store,
    *,
    code: str | None = None,
    hosts: Iterable[str] | None = None,
    max_body: int = api.MAX_BODY,
    limits: Limits | None = None,
    gate: Gate | None = None,
    addresses: bool = False,
    events: EventLimits | None = None,
) -> Guard:
    """The application over database ``db`` (a path, ``":memory:"``, or a :class:`Store`).

    ``code``: the table code every write needs (None: no code); ``hosts``: the Host names
    accepted (None: any well-formed one) -- and, with ``addresses``, any IP address as well
    (beyond loopback: the phones use whichever address of this machine they reach; only a
    name can be rebound to it); ``limits``: the time and work limits of a request;
    ``gate``: the table code with its wrong-attempt back-off (made from ``code`` if None);
    ``events``: the limits of the live-update streams.
    """
    store = db if isinstance(db, Store) else Store(db)
    static = resources.files("kozyr.web").joinpath("static")
    if gate is None and code is not None:
        gate = Gate(TableCode(code))
    app = Starlette(
        routes=[
            *api.ROUTES,
            *advice.ROUTES,
            *analysis.ROUTES,
            *pages.ROUTES,
            Mount("/static", StaticFiles(directory=str(static)), name="static"),
        ],
        exception_handlers={
            500: _server_error,
            404: _http_error,
            405: _http_error,
            TimeBudgetError: _over_budget,
            HookError: _plugin_error,
        },
    )
    app.state.table = Table(store, events)
    app.state.code = code
    app.state.gate = gate
    app.state.max_body = max_body
    return Guard(
        app,
        code=code,
        hosts=hosts,
        max_body=max_body,
        limits=limits,
        gate=gate,
        addresses=addresses,
    )


__all__ = ["CODE_COOKIE", "CSP", "SECURITY_HEADERS", "Guard", "Limits", "create_app"]
