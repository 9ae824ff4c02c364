"""The plugin registry: variants arrive through the entry-point group ``kozyr.variants`` (pluggy).

A plugin is a module (or object) with a ``kozyr_register_variants(registry)`` hook implementation
that calls ``registry.add(VariantClass)``. Built-in and third-party plugins load the same way; each
entry point is loaded on its own, so one broken plugin is reported (``kozyr plugins``) while every
other variant still loads. Set ``KOZYR_DISABLE_PLUGIN_AUTOLOAD=1`` to load only the built-ins.

>>> names = [v.name for v in variants()]
>>> "seven-up" in names
True
>>> get_variant("High-Low-Jack").name
'seven-up'
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from importlib import metadata
from typing import Any

import pluggy

from kozyr.errors import PluginError, UnknownVariantError, VariantConflictError
from kozyr.limits import shorten
from kozyr.variant import Variant

PROJECT = "kozyr"
ENTRY_POINT_GROUP = "kozyr.variants"
DISABLE_ENV = "KOZYR_DISABLE_PLUGIN_AUTOLOAD"
#: Distributions shipped with kozyr; they load even when autoloading is off.
BUILTIN_DISTRIBUTIONS = frozenset({"kozyr-seven-up", "kozyr-sem-listov", "kozyr-semerik"})

hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


class KozyrHookSpecs:
    """The hooks a kozyr plugin may implement."""

    @hookspec
    def kozyr_register_variants(self, registry: VariantRegistry) -> None:
        """Register the plugin's variants with ``registry.add(VariantClass)``."""


def normalize(name: str) -> str:
    """Lookup key of a name or alias: case-folded, ``_`` and spaces as ``-``."""
    return re.sub(r"[\s_]+", "-", name.strip()).casefold()


@dataclass
class PluginInfo:
    """What ``kozyr plugins`` reports for one plugin."""

    name: str
    distribution: str | None
    version: str | None
    variants: list[str] = field(default_factory=list)
    error: str | None = None
    builtin: bool = False


class VariantRegistry:
    """The object a plugin's ``kozyr_register_variants`` receives; ``add`` validates a class."""

    def __init__(self, manager: PluginManager, plugin: PluginInfo) -> None:
        self._manager = manager
        self._plugin = plugin

    def add(self, variant: type[Variant]) -> None:
        """Register a :class:`Variant` subclass under its name and aliases."""
        self._manager._add_variant(variant, self._plugin)


class PluginManager:
    """A typed facade over pluggy: loads plugins one by one and indexes their variants."""

    def __init__(self, *, autoload: bool | None = None) -> None:
        self._pm = pluggy.PluginManager(PROJECT)
        self._pm.add_hookspecs(KozyrHookSpecs)
        self.plugins: list[PluginInfo] = []
        self._variants: dict[str, type[Variant]] = {}
        self._owner: dict[str, tuple[str, PluginInfo]] = {}
        if autoload is None:
            autoload = os.environ.get(DISABLE_ENV, "").strip().lower() not in {"1", "true", "yes"}
        self.autoload = autoload

    # --- loading -------------------------------------------------------------------------------

    def load_entry_points(self) -> None:
        """Load every ``kozyr.variants`` entry point, each on its own."""
        seen: set[tuple[str, str]] = set()
        for ep in sorted(metadata.entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
            dist = ep.dist.name if ep.dist is not None else None
            key = (ep.name, ep.value)
            if key in seen:  # the same distribution found twice on sys.path
                continue
            seen.add(key)
            builtin = dist is not None and normalize(dist) in BUILTIN_DISTRIBUTIONS
            if not builtin and not self.autoload:
                continue
            info = PluginInfo(
                ep.name, dist, ep.dist.version if ep.dist is not None else None, builtin=builtin
            )
            try:
                plugin = ep.load()
            except Exception as error:  # a broken plugin must not take the others down
                info.error = f"import failed: {type(error).__name__}: {error}"
                self.plugins.append(info)
                continue
            self._register(plugin, info)

    def register(self, plugin: Any, name: str | None = None) -> PluginInfo:
        """Register a plugin object at run time (tests, notebooks, embedding programs)."""
        info = PluginInfo(name or str(getattr(plugin, "__name__", repr(plugin))), None, None)
        failure = self._register(plugin, info)
        if info.error:
            # a name clash stays a VariantConflictError (its message names both plugins)
            kind = (
                VariantConflictError if isinstance(failure, VariantConflictError) else PluginError
            )
            raise kind(f"plugin {info.name}: {info.error}")
        return info

    def _register(self, plugin: Any, info: PluginInfo) -> Exception | None:
        """Register one plugin; a failure is kept in ``info.error`` and returned, not raised."""
        self.plugins.append(info)
        try:
            self._pm.register(plugin, name=info.name)
        except Exception as error:
            info.error = f"invalid plugin: {error}"
            return error
        impls = [
            i for i in self._pm.hook.kozyr_register_variants.get_hookimpls() if i.plugin is plugin
        ]
        if not impls:
            info.error = "no kozyr_register_variants hook"
            return PluginError(info.error)
        snapshot = (dict(self._variants), dict(self._owner))
        try:
            for impl in impls:
                impl.function(registry=VariantRegistry(self, info))
        except VariantConflictError as error:
            self._variants, self._owner = snapshot
            info.variants.clear()
            info.error = str(error)
            return error
        except Exception as error:
            self._variants, self._owner = snapshot
            info.variants.clear()
            info.error = f"registration failed: {type(error).__name__}: {error}"
            return error
        return None

    def _add_variant(self, variant: type[Variant], plugin: PluginInfo) -> None:
        if not (isinstance(variant, type) and issubclass(variant, Variant)):
            raise PluginError(f"{variant!r} is not a kozyr.Variant subclass")
        if not variant.name:
            raise PluginError(f"{variant.__name__} has no name")
        if not variant.player_counts:
            raise PluginError(f"{variant.name}: player_counts is empty")
        for key in [variant.name, *variant.aliases]:
            norm = normalize(key)
            if norm in self._owner:
                other_name, other_plugin = self._owner[norm]
                raise VariantConflictError(
                    f"name {key!r} of variant {variant.name} (plugin {plugin.name}) is already "
                    f"taken by variant {other_name} (plugin {other_plugin.name})"
                )
        for key in [variant.name, *variant.aliases]:
            self._owner[normalize(key)] = (variant.name, plugin)
            self._variants[normalize(key)] = variant
        plugin.variants.append(variant.name)

    # --- lookup --------------------------------------------------------------------------------

    def variants(self) -> list[type[Variant]]:
        """Every registered variant class, by name."""
        unique = {cls.name: cls for cls in self._variants.values()}
        return [unique[name] for name in sorted(unique)]

    def find(self, name: str) -> type[Variant]:
        """The variant class with this name or alias (Latin or Russian, any case)."""
        if not isinstance(name, str):
            raise TypeError(f"a variant name is a string, not {type(name).__name__}")
        try:
            return self._variants[normalize(name)]
        except KeyError:
            known = ", ".join(
                f"{cls.name} ({', '.join(cls.aliases)})" if cls.aliases else cls.name
                for cls in self.variants()
            )
            raise UnknownVariantError(
                f"unknown variant {shorten(name)}; installed: {known or 'none'}"
            ) from None

    def plugin_of(self, variant_name: str) -> PluginInfo | None:
        """The plugin that registered a variant."""
        owner = self._owner.get(normalize(variant_name))
        return owner[1] if owner else None


_manager: PluginManager | None = None


def manager() -> PluginManager:
    """The process-wide plugin manager, loading entry points on first use."""
    global _manager
    if _manager is None:
        _manager = PluginManager()
        _manager.load_entry_points()
    return _manager


def reset(*, autoload: bool | None = None) -> PluginManager:
    """Forget every plugin and load the entry points again (tests)."""
    global _manager
    _manager = PluginManager(autoload=autoload)
    _manager.load_entry_points()
    return _manager


def variants() -> list[type[Variant]]:
    """Every installed variant class."""
    return manager().variants()


def get_variant(name: str, /, **options: Any) -> Variant:
    """Find a variant by name or alias and configure it with validated options.

    ``name`` is positional-only, so an option may itself be called ``name`` (or ``self``): it
    is then an unknown option, an :class:`~kozyr.errors.OptionError`, not a ``TypeError``."""
    return manager().find(name)(**options)


def register_plugin(plugin: Any, name: str | None = None) -> PluginInfo:
    """Register a plugin object at run time."""
    return manager().register(plugin, name)


def loaded_plugins() -> list[PluginInfo]:
    """Every plugin seen, with its variants and any load error."""
    return list(manager().plugins)


__all__ = [
    "ENTRY_POINT_GROUP",
    "KozyrHookSpecs",
    "PluginInfo",
    "PluginManager",
    "VariantRegistry",
    "get_variant",
    "hookimpl",
    "hookspec",
    "loaded_plugins",
    "manager",
    "register_plugin",
    "reset",
    "variants",
]
