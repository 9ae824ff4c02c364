"""The guard around every call into a plugin's code: :func:`plugin_fault` decides what a
plugin's fault is, :func:`call_plugin` makes a guarded call, :func:`trace` logs one."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any, TypeVar

from kozyr.errors import HookError, KozyrError

_T = TypeVar("_T")

#: What a plugin's code may raise that the guard answers as the plugin's fault: any exception,
#: and ``SystemExit`` and ``GeneratorExit`` too -- a hook calling ``sys.exit(0)`` ended
#: ``kozyr replay`` with status 0 and no score, and took ``kozyr serve`` down with it (#21 item
#: 10, the fuzz run). Only ``KeyboardInterrupt`` (the user's Ctrl-C) passes through.
PLUGIN_FAULTS: tuple[type[BaseException], ...] = (Exception, SystemExit, GeneratorExit)


def plugin_fault(
    error: BaseException,
    *,
    plugin: str,
    hook: str,
    trusted: type[BaseException] | tuple[type[BaseException], ...] = KozyrError,
    variant: str | None = None,
    bot: str | None = None,
    sheet_format: str | None = None,
    seed: int | None = None,
    dealer: int | None = None,
    seat: int | None = None,
    where: str | None = None,
) -> BaseException:
    """What to raise for ``error``, raised inside ``hook`` of ``plugin``'s code: ``error`` itself
    when it is ``trusted`` (by default a :class:`~kozyr.errors.KozyrError`: a variant's hook that
    refuses bad input -- a record's illegal play -- speaks for the user's input), else a
    :class:`~kozyr.errors.HookError` naming the plugin (and the variant, bot or sheet format),
    the hook and where, with ``error`` as its ``__cause__``. Raise what it returns: ``raise
    plugin_fault(error, ...)`` inside ``except Exception as error``.

    The one decision of what a plugin's fault is: :func:`call_plugin` and the engine's hot path
    (which cannot afford a call per card) both take it from here."""
    if isinstance(error, HookError) or isinstance(error, trusted):
        return error
    fault = HookError(
        plugin=plugin,
        variant=variant,
        bot=bot,
        sheet_format=sheet_format,
        hook=hook,
        seed=seed,
        dealer=dealer,
        seat=seat,
        where=where,
        error=error,
    )
    fault.__cause__ = error
    fault.__suppress_context__ = True
    return fault


def call_plugin(
    call: Callable[..., _T],
    /,
    *args: Any,
    plugin: str,
    hook: str,
    returns: type | tuple[type, ...] | None = None,
    trusted: type[BaseException] | tuple[type[BaseException], ...] = KozyrError,
    variant: str | None = None,
    bot: str | None = None,
    sheet_format: str | None = None,
    seed: int | None = None,
    dealer: int | None = None,
    seat: int | None = None,
    where: str | None = None,
) -> _T:
    """``call(*args)`` -- code a plugin supplied: a hook, a bot's ``choose``, a sheet format --
    guarded: an exception is what :func:`plugin_fault` makes of it, and a value that is not an
    instance of ``returns`` (when given) is a :class:`~kozyr.errors.HookError` saying what came
    back. ``KOZYR_TRACE_PLUGINS=1`` logs the call on stderr.

    >>> try:
    ...     call_plugin(lambda: 1 / 0, plugin="toy", hook="score", variant="toy-game")
    ... except HookError as error:
    ...     print(error.plugin, error.hook, type(error.__cause__).__name__)
    toy score ZeroDivisionError
    >>> call_plugin(lambda: b"x", plugin="toy", hook="render", sheet_format="toy", returns=str)
    Traceback (most recent call last):
    ...
    kozyr.errors.HookError: sheet format toy (plugin toy): hook render returned bytes, not str
    """
    if tracing():
        trace(plugin, variant or bot or sheet_format, hook)
    try:
        value = call(*args)
    except KeyboardInterrupt:
        raise
    except PLUGIN_FAULTS as error:
        fault = plugin_fault(
            error,
            trusted=trusted,
            plugin=plugin,
            hook=hook,
            variant=variant,
            bot=bot,
            sheet_format=sheet_format,
            seed=seed,
            dealer=dealer,
            seat=seat,
            where=where,
        )
        if fault is error:
            raise
        raise fault from error
    if returns is not None and not isinstance(value, returns):
        kinds = returns if isinstance(returns, tuple) else (returns,)
        expected = " or ".join(k.__name__ for k in kinds)
        raise HookError(
            plugin=plugin,
            hook=hook,
            variant=variant,
            bot=bot,
            sheet_format=sheet_format,
            seed=seed,
            dealer=dealer,
            seat=seat,
            where=where,
            detail=f"returned {type(value).__name__}, not {expected}",
        )
    return value


#: ``KOZYR_TRACE_PLUGINS=1`` logs every call into a plugin's code on stderr.
TRACE_ENV = "KOZYR_TRACE_PLUGINS"


def tracing() -> bool:
    """Whether ``KOZYR_TRACE_PLUGINS`` asks for every plugin call to be logged."""
    return os.environ.get(TRACE_ENV, "").strip().lower() in {"1", "true", "yes"}


def trace(plugin: str, owner: str | None, hook: str) -> None:
    """Log one plugin call on stderr (``KOZYR_TRACE_PLUGINS=1``)."""
    import sys

    who = f" {owner}" if owner else ""
    try:
        print(f"kozyr trace: plugin {plugin}{who}: {hook}", file=sys.stderr)
    except OSError:  # pragma: no cover - stderr itself is gone
        pass
