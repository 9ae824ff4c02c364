"""Time budgets: a deadline that long work checks as it goes.

``kozyr serve`` gives every request a budget (:func:`time_budget`); replay, score sheets and
evening totals call :func:`check_budget` once per deal or game, so a request whose record takes
longer than its budget stops within one deal's work of the deadline with a
:class:`~kozyr.errors.TimeBudgetError` (the server answers 503) instead of holding the server.
Without a budget (the command line, the library) :func:`check_budget` costs one context-variable
read and never raises.

>>> check_budget("deal 1")  # no budget: nothing happens
>>> with time_budget(0.0):
...     check_budget("$.deals[3]")
Traceback (most recent call last):
...
kozyr.errors.TimeBudgetError: $.deals[3]: the work took longer than its budget of 0 s
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from kozyr.errors import TimeBudgetError

#: (deadline on the ``time.monotonic`` clock, the budget in seconds) of the running work.
_DEADLINE: ContextVar[tuple[float, float] | None] = ContextVar("kozyr_deadline", default=None)


@contextmanager
def time_budget(seconds: float | None) -> Iterator[None]:
    """Work inside the block must finish within ``seconds`` (None: no budget). An inner
    budget never extends an outer one."""
    if seconds is None:
        yield
        return
    deadline = time.monotonic() + seconds
    outer = _DEADLINE.get()
    if outer is not None and outer[0] < deadline:
        deadline, seconds = outer
    token = _DEADLINE.set((deadline, seconds))
    try:
        yield
    finally:
        _DEADLINE.reset(token)


def check_budget(where: str = "") -> None:
    """Raise :class:`~kozyr.errors.TimeBudgetError` if the running work is past its deadline
    (``where``: what it was doing, for the message)."""
    budget = _DEADLINE.get()
    if budget is None or time.monotonic() < budget[0]:
        return
    raise TimeBudgetError(budget[1], where)


def remaining() -> float | None:
    """Seconds left of the running work's budget (None: no budget)."""
    budget = _DEADLINE.get()
    return None if budget is None else budget[0] - time.monotonic()


# --- plugins whose calls ran past their budget and still run ---------------------------------

#: Calls still running past their budget, per plugin (``kozyr serve``: a hook that loops).
_HELD: dict[str, int] = {}
_HELD_LOCK = threading.Lock()


def hold_plugin(plugin: str) -> None:
    """One more call of ``plugin``'s code ran past its budget and still runs: until it ends
    (:func:`release_plugin`), :func:`kozyr.replay` refuses that plugin's work with a
    :class:`~kozyr.errors.HookError` naming it, so a hook that never returns holds one thread,
    not the server."""
    with _HELD_LOCK:
        _HELD[plugin] = _HELD.get(plugin, 0) + 1


def release_plugin(plugin: str) -> None:
    """A call :func:`hold_plugin` counted has ended."""
    with _HELD_LOCK:
        left = _HELD.get(plugin, 0) - 1
        if left > 0:
            _HELD[plugin] = left
        else:
            _HELD.pop(plugin, None)


def held_plugins() -> dict[str, int]:
    """The plugins with calls still running past their budget, and how many (usually none)."""
    if not _HELD:
        return {}
    with _HELD_LOCK:
        return dict(_HELD)


__all__ = [
    "check_budget",
    "held_plugins",
    "hold_plugin",
    "release_plugin",
    "remaining",
    "time_budget",
]
