"""What the engine makes of a fault in a variant's hook: the plugin it names (:func:`plugin_of`),
the :class:`~kozyr.errors.HookError` (:func:`hook_error`, :func:`_fail`), the traced proxy of
``KOZYR_TRACE_PLUGINS=1`` and the run-time check of a score (:func:`checked_result`)."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any, NoReturn

from kozyr.errors import HookError, KozyrError
from kozyr.registry import plugin_fault, trace
from kozyr.variant import Variant

if TYPE_CHECKING:
    from kozyr.record import DealResult


def plugin_of(variant: Variant) -> str:
    """The name of the plugin that registered ``variant``'s class (for messages), else the top
    package of the module defining it."""
    from kozyr.registry import manager  # only on the error path

    cls = type(variant)
    for entry in manager().entries():
        if entry.cls is cls:
            return entry.plugin.name
    return cls.__module__.partition(".")[0]


def hook_error(
    variant: Variant,
    hook: str,
    error: BaseException,
    *,
    seed: int | None = None,
    dealer: int | None = None,
    seat: int | None = None,
    where: str | None = None,
) -> HookError:
    """The :class:`~kozyr.errors.HookError` for ``error`` raised inside ``variant``'s ``hook``:
    one line naming the plugin, the variant, the hook and where (raise it ``from error``)."""
    return HookError(
        plugin=plugin_of(variant),
        variant=variant.name,
        hook=hook,
        seed=seed,
        dealer=dealer,
        seat=seat,
        where=where,
        error=error,
    )


def _fail(
    variant: Variant,
    hook: str,
    error: BaseException,
    *,
    seed: int | None = None,
    dealer: int | None = None,
    seat: int | None = None,
    where: str | None = None,
) -> NoReturn:
    """Raise what :func:`kozyr.registry.plugin_fault` (the one guard) makes of ``error`` from
    ``variant``'s ``hook``: a KozyrError as it is, anything else as a HookError naming the
    plugin (looked up only now, on the error path). Called inside ``except``."""
    if isinstance(error, KozyrError):
        raise error
    raise plugin_fault(
        error,
        plugin=plugin_of(variant),
        variant=variant.name,
        hook=hook,
        seed=seed,
        dealer=dealer,
        seat=seat,
        where=where,
    ) from error


class _Traced:
    """A variant (or its trick rules) whose every method call is logged first (``kozyr trace:
    plugin P V: hook``) -- what ``KOZYR_TRACE_PLUGINS=1`` puts between the engine and a plugin."""

    def __init__(self, target: Any, plugin: str, owner: str) -> None:
        self._target = target
        self._plugin = plugin
        self._owner = owner

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._target, name)
        if not callable(value) or name.startswith("_"):
            return value

        def traced(*args: Any, **kwargs: Any) -> Any:
            trace(self._plugin, self._owner, name)
            return value(*args, **kwargs)

        return traced


def checked_result(
    variant: Variant,
    result: Any,
    *,
    hook: str = "score",
    seed: int | None = None,
    dealer: int | None = None,
    where: str | None = None,
) -> DealResult:
    """``result``, returned by ``variant``'s ``hook``, checked at run time as the conformance kit
    checks it (#23): a :class:`~kozyr.DealResult` whose deal points and item points are exact --
    an ``int`` or a :class:`~fractions.Fraction`, never a float or a bool. Anything else is a
    :class:`~kozyr.errors.HookError` naming the plugin (a float total would silently drift)."""
    from kozyr.record import DealResult

    problem: str | None = None
    if not isinstance(result, DealResult):
        problem = f"returned {type(result).__name__}, not DealResult"
    else:
        for value in result.points:
            if type(value) not in (int, Fraction):
                problem = f"returned deal points {value!r}: an int or a Fraction is needed"
                break
        else:
            for item in getattr(result.sheet, "items", ()):
                if type(item.points) not in (int, Fraction):
                    problem = (
                        f"returned item {item.name!r} with points {item.points!r}: an int or a "
                        "Fraction is needed"
                    )
                    break
    if problem is None:
        return result  # type: ignore[no-any-return]
    raise HookError(
        plugin=plugin_of(variant),
        variant=variant.name,
        hook=hook,
        seed=seed,
        dealer=dealer,
        where=where,
        detail=problem,
    )


def checked_return(
    variant: Variant,
    hook: str,
    value: Any,
    expected: type | tuple[type, ...],
    what: str,
    *,
    none: bool = False,
    seed: int | None = None,
    dealer: int | None = None,
    seat: int | None = None,
    where: str | None = None,
) -> Any:
    """``value``, returned by ``variant``'s ``hook``, when it is an instance of ``expected``
    (None too with ``none``; a bool is no int); anything else is a
    :class:`~kozyr.errors.HookError` naming the plugin and saying what came back (``what``: the
    type wanted, in words). The fuzz run of #21 item 10 found a ``party_context`` returning
    ``-1`` read as a context, a ``score_party`` returning ``None`` or a ``legal_mask`` returning
    ``1.5`` ending in a TypeError traceback."""
    if value is None and none:
        return value
    if isinstance(value, expected) and not (
        isinstance(value, bool) and bool not in _kinds(expected)
    ):
        return value
    raise HookError(
        plugin=plugin_of(variant),
        variant=variant.name,
        hook=hook,
        seed=seed,
        dealer=dealer,
        seat=seat,
        where=where,
        detail=f"returned {type(value).__name__}, not {what}",
    )


def _kinds(expected: type | tuple[type, ...]) -> tuple[type, ...]:
    return expected if isinstance(expected, tuple) else (expected,)
