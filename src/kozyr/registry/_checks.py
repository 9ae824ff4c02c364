"""The checks of what a plugin declares and registers: built-in claims, variant classes (names,
hooks, options, what their instances need), and how a refusal is described."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from kozyr.errors import KozyrError, PluginError
from kozyr.limits import shorten
from kozyr.registry._entries import NAME_PATTERN, normalize
from kozyr.registry._hookspecs import BUILTIN_GROUP, BUILTIN_PLUGINS

if TYPE_CHECKING:
    from kozyr.variant import Variant


def _dist_key(name: str) -> str:
    """A distribution name as packaging compares them (PEP 503: case and ``-_.`` runs)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def _shown(text: str) -> str:
    """A name from a plugin's metadata as a message shows it (quoted when odd or long)."""
    return text if len(text) <= 80 and text.isprintable() and " " not in text else shorten(text)


def builtin_refusal(distribution: str | None, value: str) -> str | None:
    """Why an entry point of :data:`BUILTIN_GROUP` from ``distribution`` pointing at ``value``
    (``"module"`` or ``"module:attr"``) may not load as a built-in, or None when it may: the
    distribution must be one of :data:`BUILTIN_PLUGINS` and the module inside its package.

    >>> builtin_refusal("kozyr-semerik", "kozyr_semerik.plugin") is None
    True
    >>> print(builtin_refusal("aaa-evil", "evil.plugin"))  # doctest: +NORMALIZE_WHITESPACE
    refused: distribution aaa-evil is not a built-in plugin of kozyr (only kozyr-pitch,
    kozyr-sem-listov, kozyr-semerik, kozyr-seven-up may register under kozyr.builtin)
    >>> print(builtin_refusal("kozyr-semerik", "evil.plugin"))  # doctest: +NORMALIZE_WHITESPACE
    refused: distribution kozyr-semerik registers module evil.plugin under kozyr.builtin,
    outside its package kozyr_semerik
    """
    allowed = ", ".join(sorted(BUILTIN_PLUGINS))
    if distribution is None or _dist_key(distribution) not in BUILTIN_PLUGINS:
        shown = "(unknown)" if distribution is None else _shown(distribution)
        return (
            f"refused: distribution {shown} is not a built-in plugin of kozyr (only {allowed} "
            f"may register under {BUILTIN_GROUP})"
        )
    package = BUILTIN_PLUGINS[_dist_key(distribution)]
    module = value.partition(":")[0].strip()
    if module != package and not module.startswith(package + "."):
        return (
            f"refused: distribution {distribution} registers module {_shown(module)} under "
            f"{BUILTIN_GROUP}, outside its package {package}"
        )
    return None


def _check_class(variant: Any) -> list[str]:
    """Refuse what is not a complete Variant subclass (names, players, engine hooks, what its
    instances need); return the warnings of what does not stop it (no ``trick_rules``)."""
    from kozyr.variant import REQUIRED_HOOKS, Variant

    if not (isinstance(variant, type) and issubclass(variant, Variant)):
        raise PluginError(f"{variant!r} is not a kozyr.Variant subclass")
    if not variant.name:
        raise PluginError(f"{variant.__name__} has no name")
    try:
        _check_names(variant.name, variant.aliases, variant.player_counts)
    except PluginError as error:
        raise _VariantError(str(error), variant) from None
    missing = [h for h in REQUIRED_HOOKS if getattr(variant, h, None) is getattr(Variant, h)]
    if missing:
        raise _VariantError(
            f"{variant.name}: missing engine hooks {', '.join(missing)} (the Variant methods "
            "that raise NotImplementedError; see docs/plugins.md)",
            variant,
        )
    notes: list[str] = []
    problem = _log_problem(variant) or _instance_problem(variant, notes)
    if problem:
        raise _VariantError(f"{variant.name}: {problem}", variant)
    return [f"{variant.name}: {note}" for note in notes]


#: The methods every :class:`~kozyr.TrickRules` has (what the engine calls during play).
_TRICK_RULES_METHODS = ("legal_mask", "trick_winner", "play_flags", "explain")


def _instance_problem(variant: Any, notes: list[str]) -> str | None:
    """What goes wrong when the variant is made as ``kozyr`` makes it (#23): each option default
    must be one of its own allowed values; the class must be instantiable with its defaults and
    with each declared player count, with outcome fields that can be read (known kinds). None
    when all is well. An instance without ``trick_rules`` cannot be played (only its records
    scored): a note in ``notes``, which ``kozyr plugins --strict`` fails on."""
    from kozyr.outcome import OutcomeField

    specs = {spec.name: spec for spec in variant.options_spec}
    for spec in specs.values():
        if spec.default is None:
            continue
        try:
            spec.coerce(spec.default)
        except KozyrError as error:
            return f"the default of option {spec.name} is not allowed: {error}"
    counts: list[int | None] = [None]
    if "players" in specs:
        counts += [n for n in variant.player_counts if n != specs["players"].default]
    for count in counts:
        made = "with its defaults" if count is None else f"for {count} players"
        try:
            instance = variant() if count is None else variant(players=count)
        except KeyboardInterrupt:
            raise
        except BaseException as error:
            return f"cannot be made {made}: {_describe(error)}"
        rules = getattr(instance, "trick_rules", None)
        if not notes and (
            rules is None
            or not all(callable(getattr(rules, m, None)) for m in _TRICK_RULES_METHODS)
        ):
            notes.append(
                f"made {made}, it has no trick_rules and cannot be played (set "
                "self.trick_rules to a kozyr.TrickRules in __init__, e.g. kozyr.FollowElseAny)"
            )
        try:
            fields = instance.outcome_fields
        except KeyboardInterrupt:
            raise
        except BaseException as error:
            return f"made {made}, its outcome_fields cannot be read: {_describe(error)}"
        if not isinstance(fields, tuple) or not all(isinstance(f, OutcomeField) for f in fields):
            return f"made {made}, its outcome_fields are not a tuple of kozyr.OutcomeField"
    return None


def _log_problem(variant: Any) -> str | None:
    """What is wrong with a variant's ``decision_log`` declaration, or None."""
    from kozyr.variant import DecisionKind

    kinds = variant.decision_log
    if not isinstance(kinds, tuple) or not all(isinstance(k, DecisionKind) for k in kinds):
        return "decision_log is a tuple of kozyr.DecisionKind"
    names = [k.kind for k in kinds]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        return f"decision_log declares {', '.join(twice)} twice"
    if kinds and "log" in variant.record_fields:
        return "record_fields may not name 'log': the core writes the decision log there"
    return None


def _check_names(name: Any, aliases: Iterable[Any], players: Iterable[int]) -> None:
    if not isinstance(name, str) or not NAME_PATTERN.fullmatch(name):
        raise PluginError(
            f"variant name {name!r} is not a lower-case slug (letters a-z, digits and single "
            "hyphens, as 'seven-up'); put other spellings in aliases"
        )
    if not tuple(players):
        raise PluginError(f"{name}: player_counts is empty")
    for alias in aliases:
        if not isinstance(alias, str) or not normalize(alias):
            raise PluginError(f"{name}: alias {alias!r} is not a name")


class _VariantError(PluginError):
    """A variant refused at registration; it remembers the variant's names for :meth:`find`."""

    def __init__(self, message: str, variant: type[Variant]) -> None:
        super().__init__(message)
        names = [variant.name, *variant.aliases]
        self.variant_names = [n for n in names if isinstance(n, str)]


def _describe(error: BaseException) -> str:
    kind = "PluginError" if isinstance(error, _VariantError) else type(error).__name__
    return f"{kind}: {error}"
