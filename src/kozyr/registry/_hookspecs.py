"""The hook specifications: what a kozyr plugin may implement, and the entry-point groups a
plugin is declared under (the contract between kozyr and every plugin)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

import pluggy

if TYPE_CHECKING:  # annotations only: sheets sit above
    from kozyr.registry._entries import BotRegistry, SheetFormatRegistry, VariantRegistry
    from kozyr.sheet import Sheet

PROJECT = "kozyr"
#: The entry-point group of third-party plugins.
ENTRY_POINT_GROUP = "kozyr.variants"
#: The entry-point group of the plugins shipped with kozyr: they load first, and even when
#: autoloading is off, and their names cannot be taken by another plugin.
BUILTIN_GROUP = "kozyr.builtin"
#: The distributions shipped in kozyr's ``plugins/`` folder, the only ones that may register
#: under :data:`BUILTIN_GROUP`, each with the top package its entry point's module must be in
#: (the security boundary of built-in names, #23: the group alone is no proof).
BUILTIN_PLUGINS: Mapping[str, str] = MappingProxyType(
    {
        "kozyr-pitch": "kozyr_pitch",
        "kozyr-sem-listov": "kozyr_sem_listov",
        "kozyr-semerik": "kozyr_semerik",
        "kozyr-seven-up": "kozyr_seven_up",
    }
)

hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)

#: A score-sheet renderer: ``render(sheet, lang) -> text`` (``lang`` is "both", "ru" or "en").
SheetRenderer = Callable[["Sheet", str], str]


class KozyrHookSpecs:
    """The hooks a kozyr plugin may implement (each documented in docs/plugins.md)."""

    @hookspec
    def kozyr_register_variants(self, registry: VariantRegistry) -> None:
        """Register the plugin's variants with ``registry.add(VariantClass)``."""

    @hookspec
    def kozyr_register_bots(self, registry: BotRegistry) -> None:
        """Register bots with ``registry.add(name, factory, variants=None)``; a bot without
        ``variants`` plays any variant. They are listed by ``kozyr variants`` and chosen with
        ``--bot NAME`` in ``kozyr play`` and ``kozyr simulate``."""

    @hookspec
    def kozyr_register_sheet_formats(self, registry: SheetFormatRegistry) -> None:
        """Register score-sheet formats with ``registry.add(name, render, suffix=...)`` for
        ``kozyr sheet --format NAME``; ``render(sheet, lang)`` returns the text."""


#: The names of every hook of :class:`KozyrHookSpecs`.
HOOKS = tuple(sorted(name for name in vars(KozyrHookSpecs) if name.startswith("kozyr_")))
