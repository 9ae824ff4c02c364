"""The plugin registry: variants, bots and score-sheet formats arrive from plugins (pluggy).

A plugin is a module (or object) implementing one or more of the hooks of
:class:`KozyrHookSpecs` -- ``kozyr_register_variants(registry)``, ``kozyr_register_bots(registry)``,
``kozyr_register_sheet_formats(registry)`` -- each receiving a registry bound to that plugin.
Plugins come from two entry-point groups: ``kozyr.builtin`` (the plugins shipped with kozyr in
its ``plugins/`` folder; they load first, in name order) and ``kozyr.variants`` (every other
plugin, in name order). Membership of ``kozyr.builtin`` proves nothing -- any package may declare
it -- so an entry point there is loaded only when both its distribution's name and its module are
one of :data:`BUILTIN_PLUGINS`; any other claimant is refused unimported, with a
:class:`~kozyr.errors.PluginWarning` naming its distribution (and an error on its
:class:`PluginInfo`). Each is loaded on its own and its hooks are called through
the plugin manager for that plugin alone, so one broken plugin is reported (``kozyr plugins``)
while every other still loads -- whatever it raises, ``SystemExit`` included (only
``KeyboardInterrupt`` goes through).

Names are first come, first served, built-ins first: a name or alias already taken is dropped
from the newcomer (with a warning on its :class:`PluginInfo`), never from the plugin that has it;
a canonical name is never shadowed by another variant's alias. Set
``KOZYR_DISABLE_PLUGIN_AUTOLOAD=1`` to load only the built-ins (nothing third-party) and
``KOZYR_DISABLE_PLUGINS=a,b`` to skip single plugins (by entry-point or distribution name).

>>> names = [v.name for v in variants()]
>>> "seven-up" in names
True
>>> get_variant("High-Low-Jack").name
'seven-up'

The package is a small facade, as pluggy's: one concept per private module -- ``_hookspecs``
(the hooks and entry-point groups), ``_entries`` (what is registered and the registries a hook
receives), ``_checks`` (what a registration is checked for), ``_guard`` (every call into a
plugin's code) and ``_plugin_manager`` (:class:`PluginManager`) -- and the process-wide manager
here. Import the names from ``kozyr.registry``; the private modules may change.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from kozyr.errors import UnknownVariantError
from kozyr.registry._checks import builtin_refusal
from kozyr.registry._entries import (
    NAME_PATTERN,
    BotEntry,
    BotRegistry,
    PluginInfo,
    SheetFormat,
    SheetFormatRegistry,
    VariantEntry,
    VariantRegistry,
    normalize,
)
from kozyr.registry._entries import (
    RESERVED_BOTS as RESERVED_BOTS,
)
from kozyr.registry._entries import (
    RESERVED_SHEET_FORMATS as RESERVED_SHEET_FORMATS,
)
from kozyr.registry._guard import PLUGIN_FAULTS, TRACE_ENV, call_plugin, plugin_fault
from kozyr.registry._guard import trace as trace
from kozyr.registry._guard import tracing as tracing
from kozyr.registry._hookspecs import (
    BUILTIN_GROUP,
    BUILTIN_PLUGINS,
    ENTRY_POINT_GROUP,
    HOOKS,
    KozyrHookSpecs,
    SheetRenderer,
    hookimpl,
    hookspec,
)
from kozyr.registry._hookspecs import (
    PROJECT as PROJECT,
)
from kozyr.registry._plugin_manager import (
    DISABLE_ENV,
    DISABLE_PLUGINS_ENV,
    NO_VARIANTS,
    PLUGINS_ENV,
    PluginManager,
)

if TYPE_CHECKING:
    from kozyr.variant import BotFactory, Variant

_manager: PluginManager | None = None


def manager() -> PluginManager:
    """The process-wide plugin manager, loading entry points on first use."""
    global _manager
    if _manager is None:
        _manager = PluginManager()
        _manager.load_entry_points()
    return _manager


def require_variants() -> None:
    """Raise :class:`~kozyr.errors.UnknownVariantError` naming the packages that provide
    variants when none is installed (what every command that needs one does first)."""
    if not manager().entries():
        raise UnknownVariantError(f"no variant is installed; {NO_VARIANTS}")


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


def bots_for(variant: str | type[Variant]) -> Mapping[str, BotFactory]:
    """The bots plugins registered for a variant (a class, a name or an alias), by bot name."""
    return manager().bots_for(variant)


def sheet_formats() -> dict[str, SheetFormat]:
    """The score-sheet formats plugins registered, by name (kozyr's own are in kozyr.sheet)."""
    return manager().sheet_formats()


__all__ = [
    "BUILTIN_GROUP",
    "BUILTIN_PLUGINS",
    "DISABLE_ENV",
    "DISABLE_PLUGINS_ENV",
    "ENTRY_POINT_GROUP",
    "HOOKS",
    "NAME_PATTERN",
    "NO_VARIANTS",
    "PLUGINS_ENV",
    "PLUGIN_FAULTS",
    "TRACE_ENV",
    "BotEntry",
    "BotRegistry",
    "KozyrHookSpecs",
    "PluginInfo",
    "PluginManager",
    "SheetFormat",
    "SheetFormatRegistry",
    "SheetRenderer",
    "VariantEntry",
    "VariantRegistry",
    "bots_for",
    "builtin_refusal",
    "call_plugin",
    "get_variant",
    "hookimpl",
    "hookspec",
    "loaded_plugins",
    "manager",
    "normalize",
    "plugin_fault",
    "register_plugin",
    "require_variants",
    "reset",
    "sheet_formats",
    "variants",
]
