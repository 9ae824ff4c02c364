"""``GET /api/games/{id}/events``: a game's changes as Server-Sent Events.

The stream starts with the game's current revision and then sends, after every change::

    event: change
    id: 8
    data: {"revision": 8}

A quiet stream carries a comment line (``: ping``) every :attr:`EventLimits.heartbeat` seconds;
it ends when the client leaves (seen within :attr:`EventLimits.poll` seconds), at once when the
server stops (:meth:`~kozyr.web.live.ChangeHub.stop`) and, at the latest, after
:attr:`EventLimits.lifetime` seconds -- the browser's ``EventSource`` then reconnects by itself
(``retry``). More than :attr:`EventLimits.max_streams` open streams: 503 with ``Retry-After``.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator

from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route
from starlette.types import Receive, Scope, Send
from typing_extensions import override

from kozyr.web.live import ChangeHub, Waiter
from kozyr.web.table import Table


def change_event(revision: int) -> str:
    """The text of one ``change`` event."""
    data = json.dumps({"revision": revision})
    return f"event: change\nid: {revision}\ndata: {data}\n\n"


async def _stream(
    request: Request, table: Table, hub: ChangeHub, waiter: Waiter, revision: int
) -> AsyncIterator[str]:
    limits = hub.limits
    try:
        if hub.stopping:
            return
        start = last = time.monotonic()
        yield f"retry: {limits.retry}\n" + change_event(revision)
        sent = revision
        while True:
            now = time.monotonic()
            left = limits.lifetime - (now - start)
            if left <= 0:
                break
            timeout = max(0.0, min(limits.poll, limits.heartbeat - (now - last), left))
            try:
                await asyncio.wait_for(waiter.event.wait(), timeout)
            except TimeoutError:
                pass
            waiter.event.clear()
            if hub.stopping or await request.is_disconnected():
                break
            current = table.store.revision(waiter.game_id)
            if current is None:
                break
            if current != sent:
                sent = current
                last = time.monotonic()
                yield change_event(current)
            elif time.monotonic() - last >= limits.heartbeat:
                last = time.monotonic()
                yield ": ping\n\n"
    finally:
        hub.close(waiter)


class EventStream(StreamingResponse):
    """A stream that gives its place back however it ends (even if it never started)."""

    def __init__(self, content: AsyncIterator[str], hub: ChangeHub, waiter: Waiter) -> None:
        super().__init__(
            content,
            media_type="text/event-stream",
            headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
        )
        self.hub = hub
        self.waiter = waiter

    @override
    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self.hub.close(self.waiter)


async def game_events(request: Request) -> Response:
    """The live-update stream of one game."""
    table: Table = request.app.state.table
    game_id = int(request.path_params["game"])
    revision = table.store.revision(game_id)
    if revision is None:
        message = f"no game {game_id}"
        return JSONResponse({"error": message, "path": None, "detail": message}, 404)
    waiter = table.hub.try_open(game_id)
    if waiter is None:
        message = "too many live-update streams are open; retry later"
        return JSONResponse(
            {"error": message, "path": None, "detail": message},
            503,
            headers={"Retry-After": str(max(1, table.hub.limits.retry // 1000))},
        )
    return EventStream(_stream(request, table, table.hub, waiter, revision), table.hub, waiter)


ROUTES = [Route("/api/games/{game:int}/events", game_events, methods=["GET"])]

__all__ = ["ROUTES", "EventStream", "change_event", "game_events"]
