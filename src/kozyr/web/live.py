"""Live updates: who is waiting to hear that a game changed (the SSE streams of
``GET /api/games/{id}/events``), and the limits that keep those streams from holding the server.

A write in this process wakes the streams of its game at once (:meth:`ChangeHub.notify`); a
write by another server on the same database file is seen when a stream next reads the game's
revision (every :attr:`EventLimits.poll` seconds).
"""

from __future__ import annotations

import asyncio
import threading
from dataclasses import dataclass


@dataclass(frozen=True)
class EventLimits:
    """How the live-update streams are bounded (``create_app(events=...)``).

    ``max_streams``: open streams at most (one more is a 503 with ``Retry-After``; every
    stream holds a connection, and the server's connection limit is shared with the pages);
    ``heartbeat``: seconds between comment lines on a quiet stream (they keep proxies from
    closing it, and find a vanished client); ``poll``: seconds between reads of the game's
    revision (writes by another server on the same file); ``lifetime``: seconds after which the
    server ends a stream (the browser's ``EventSource`` reconnects after ``retry``
    milliseconds), so no stream holds a worker for ever -- nor keeps a stopping server waiting
    longer than that for its open connections."""

    max_streams: int = 32
    heartbeat: float = 15.0
    poll: float = 1.0
    lifetime: float = 60.0
    retry: int = 2000

    def __post_init__(self) -> None:
        if self.max_streams < 0 or self.retry < 0:
            raise ValueError("max_streams and retry are at least 0")
        if min(self.heartbeat, self.poll, self.lifetime) <= 0:
            raise ValueError("heartbeat, poll and lifetime are positive numbers of seconds")


class Waiter:
    """One stream's wake-up call (an :class:`asyncio.Event` of the stream's own loop)."""

    def __init__(self, game_id: int) -> None:
        self.game_id = game_id
        self.loop = asyncio.get_running_loop()
        self.event = asyncio.Event()

    def wake(self) -> None:
        """Set the event from any thread."""
        self.loop.call_soon_threadsafe(self.event.set)


class ChangeHub:
    """The open streams, by game; counted against :attr:`EventLimits.max_streams`."""

    def __init__(self, limits: EventLimits | None = None) -> None:
        self.limits = limits or EventLimits()
        self._lock = threading.Lock()
        self._waiters: dict[int, set[Waiter]] = {}
        self._open = 0
        self._stopping = False

    @property
    def stopping(self) -> bool:
        """The server is stopping (:meth:`stop`): every stream ends, no new one opens."""
        return self._stopping

    def stop(self) -> None:
        """The server stops: wake every stream so that it ends now (its client's
        ``EventSource`` reconnects to the next server), and refuse new ones. Without this a
        stopping server waits for each open stream's :attr:`EventLimits.lifetime`."""
        with self._lock:
            self._stopping = True
            waiters = [w for group in self._waiters.values() for w in group]
        for waiter in waiters:
            try:
                waiter.wake()
            except RuntimeError:  # its loop is closed: the stream is gone
                self.close(waiter)

    @property
    def open(self) -> int:
        """How many streams are open now."""
        return self._open

    def try_open(self, game_id: int) -> Waiter | None:
        """A waiter for a new stream of ``game_id``, or None when the limit is reached.
        Called inside the running loop; :meth:`close` it when the stream ends."""
        with self._lock:
            if self._stopping or self._open >= self.limits.max_streams:
                return None
            waiter = Waiter(game_id)
            self._open += 1
            self._waiters.setdefault(game_id, set()).add(waiter)
            return waiter

    def close(self, waiter: Waiter) -> None:
        """A stream ended (its client left, its lifetime passed, or the server stops)."""
        with self._lock:
            waiters = self._waiters.get(waiter.game_id)
            if waiters is not None and waiter in waiters:
                waiters.discard(waiter)
                self._open -= 1
                if not waiters:
                    del self._waiters[waiter.game_id]

    def notify(self, game_id: int) -> None:
        """Game ``game_id`` changed: wake its streams."""
        with self._lock:
            waiters = list(self._waiters.get(game_id, ()))
        for waiter in waiters:
            try:
                waiter.wake()
            except RuntimeError:  # its loop is closed: the stream is gone
                self.close(waiter)


__all__ = ["ChangeHub", "EventLimits", "Waiter"]
