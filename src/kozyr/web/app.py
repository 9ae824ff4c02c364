"""The ASGI application of ``kozyr serve``: pages, JSON API, static files and the guard.

The guard refuses, before any route runs: a Host the server was not started for (DNS
rebinding), a body over the size limit (413), a write (POST, PUT, DELETE) from another origin
(403), and -- when the server listens beyond this machine -- a write without the table code
(header ``X-Table-Code`` or the cookie the code page sets).
"""

from __future__ import annotations

import hmac
from collections.abc import Iterable
from importlib import resources
from typing import Any
from urllib.parse import quote, urlsplit

from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.responses import PlainTextResponse, RedirectResponse, Response
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send

from kozyr.errors import HookError
from kozyr.web import api, pages
from kozyr.web.live import EventLimits
from kozyr.web.store import Store
from kozyr.web.table import Table

WRITES = frozenset({"POST", "PUT", "DELETE", "PATCH"})
CODE_COOKIE = pages.CODE_COOKIE


class Guard:
    """Host, size, origin and table-code checks in front of the application (pure ASGI)."""

    #: The wrapped application's state (``state.table``, ``state.code``).
    state: Any

    def __init__(
        self,
        app: ASGIApp,
        *,
        code: str | None,
        hosts: Iterable[str] | None,
        max_body: int,
    ) -> None:
        self.app = app
        self.code = code
        self.hosts = None if hosts is None else {h.lower() for h in hosts}
        self.max_body = max_body
        self.state = getattr(app, "state", None)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        refusal = self.refuse(scope)
        if refusal is not None:
            await refusal(scope, receive, send)
            return
        await self.app(scope, receive, send)

    def refuse(self, scope: Scope) -> Response | None:
        """The response refusing this request, or None to let it through."""
        headers = Headers(scope=scope)
        path: str = scope.get("path", "")
        is_api = path.startswith("/api/")
        host = headers.get("host", "")
        if self.hosts is not None and _hostname(host) not in self.hosts:
            return _refusal(400, f"unknown host {host!r}", is_api)
        length = headers.get("content-length")
        if length is not None:
            if not length.isdigit():
                return _refusal(400, "bad Content-Length", is_api)
            if int(length) > self.max_body:
                return _refusal(413, f"the request is larger than {self.max_body} bytes", is_api)
        if scope["method"] not in WRITES:
            return None
        origin = headers.get("origin")
        if origin is not None and (origin == "null" or urlsplit(origin).netloc.lower() != host):
            return _refusal(403, "a write from another origin is refused", is_api)
        if headers.get("sec-fetch-site") in ("cross-site", "same-site"):
            return _refusal(403, "a write from another site is refused", is_api)
        if self.code is None or path == "/code":
            return None
        given = headers.get("x-table-code") or _cookie(headers, CODE_COOKIE) or ""
        if hmac.compare_digest(given.encode(), self.code.encode()):
            return None
        if is_api:
            return _refusal(403, "this table needs its code: send it as X-Table-Code", True)
        back = urlsplit(headers.get("referer", "/")).path or "/"
        return RedirectResponse(f"/code?next={quote(back)}", status_code=303)


def _hostname(host: str) -> str:
    if host.startswith("["):
        return host.split("]")[0].lower() + "]"
    return host.rsplit(":", 1)[0].lower() if ":" in host else host.lower()


def _cookie(headers: Headers, name: str) -> str | None:
    for part in headers.get("cookie", "").split(";"):
        key, _, value = part.strip().partition("=")
        if key == name:
            return value
    return None


def _refusal(status: int, message: str, is_api: bool) -> Response:
    if is_api:
        return api.KozyrJSON({"error": message, "path": None, "detail": message}, status)
    return PlainTextResponse(message, status)


async def _server_error(request: Request, exc: Exception) -> Response:
    """No stack trace ever reaches a response (the console log keeps it)."""
    if request.url.path.startswith("/api/"):
        message = "internal error: the server could not answer this request"
        return api.KozyrJSON({"error": message, "path": None, "detail": message}, 500)
    return PlainTextResponse("internal error", 500)


async def _plugin_error(request: Request, exc: Exception) -> Response:
    """A plugin's code failed (a :class:`~kozyr.errors.HookError`): not the user's input, so
    never a 422 -- a 500 that says which plugin failed (#21, #23); the details stay in the log."""
    plugin = getattr(exc, "plugin", None)
    message = f"plugin {plugin} failed: {exc}" if plugin else f"a plugin failed: {exc}"
    if request.url.path.startswith("/api/"):
        return api.KozyrJSON(
            {"error": message, "path": None, "detail": message, "plugin": plugin}, 500
        )
    return PlainTextResponse(message, 500)


def create_app(
    db: str | Store,
    *,
    code: str | None = None,
    hosts: Iterable[str] | None = None,
    max_body: int = api.MAX_BODY,
    events: EventLimits | None = None,
) -> Guard:
    """The application over database ``db`` (a path, ``":memory:"``, or a :class:`Store`).

    ``code``: the table code every write needs (None: no code); ``hosts``: the Host names
    accepted (None: any); ``events``: the limits of the live-update streams.
    """
    store = db if isinstance(db, Store) else Store(db)
    static = resources.files("kozyr.web").joinpath("static")
    app = Starlette(
        routes=[
            *api.ROUTES,
            *pages.ROUTES,
            Mount("/static", StaticFiles(directory=str(static)), name="static"),
        ],
        exception_handlers={500: _server_error, HookError: _plugin_error},
    )
    app.state.table = Table(store, events)
    app.state.code = code
    app.state.max_body = max_body
    return Guard(app, code=code, hosts=hosts, max_body=max_body)


__all__ = ["CODE_COOKIE", "Guard", "create_app"]
