"""Deprecated: the old name of :mod:`kozyr.registry` (the plugin manager), kept for one release.

Import from :mod:`kozyr.registry` (or the ``kozyr`` package) instead; nothing in kozyr or its
built-in plugins imports this module.
"""

import warnings

from kozyr.registry import (
    DISABLE_ENV,
    ENTRY_POINT_GROUP,
    PROJECT,
    KozyrHookSpecs,
    PluginInfo,
    PluginManager,
    VariantRegistry,
    get_variant,
    hookimpl,
    hookspec,
    loaded_plugins,
    manager,
    normalize,
    register_plugin,
    reset,
    variants,
)

__all__ = [
    "DISABLE_ENV",
    "ENTRY_POINT_GROUP",
    "PROJECT",
    "KozyrHookSpecs",
    "PluginInfo",
    "PluginManager",
    "VariantRegistry",
    "get_variant",
    "hookimpl",
    "hookspec",
    "loaded_plugins",
    "manager",
    "normalize",
    "register_plugin",
    "reset",
    "variants",
]

warnings.warn(
    "kozyr.plugins is deprecated: import from kozyr.registry",
    DeprecationWarning,
    stacklevel=2,
)
