"""What plugins register -- :class:`PluginInfo`, :class:`VariantEntry`, :class:`BotEntry`,
:class:`SheetFormat` -- and the registries a plugin's hooks register them through."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from kozyr.registry._hookspecs import SheetRenderer

if TYPE_CHECKING:  # annotations only: variant is imported when a class is seen
    from kozyr.registry._plugin_manager import PluginManager
    from kozyr.variant import BotFactory, Variant

#: A canonical variant, bot or sheet-format name: a lower-case slug (aliases may be any text).
NAME_PATTERN = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
#: Bot names kozyr itself gives every variant.
RESERVED_BOTS = frozenset({"random"})
#: The score-sheet formats of :mod:`kozyr.sheet`; a plugin format cannot take these names.
RESERVED_SHEET_FORMATS = frozenset({"text", "markdown", "csv", "html", "json"})


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
    #: Problems that did not stop the plugin: names dropped because they were taken, unknown hooks.
    warnings: list[str] = field(default_factory=list)
    bots: list[str] = field(default_factory=list)
    sheet_formats: list[str] = field(default_factory=list)
    #: Skipped because ``KOZYR_DISABLE_PLUGINS`` names it.
    disabled: bool = False
    #: Refused unimported: it claimed :data:`BUILTIN_GROUP` without being a built-in (#23).
    refused: bool = False
    #: The module name or file a plugin loaded with ``kozyr --plugin`` / ``KOZYR_PLUGINS`` came
    #: from (None for an entry point or a run-time registration).
    source: str | None = None
    #: What registration noticed that fails only when used (a variant without ``trick_rules``
    #: cannot be played): ``kozyr plugins --strict`` fails on these too.
    notes: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """Loaded without an error, a warning or a note (what ``kozyr plugins --strict``
        demands)."""
        return self.error is None and not self.warnings and not self.notes


@dataclass(frozen=True)
class BotEntry:
    """A bot registered by a plugin."""

    name: str
    factory: BotFactory
    #: The variants it plays, as given (names or aliases, normalised); None: any variant.
    variants: frozenset[str] | None
    description: str
    plugin: str

    def plays(self, *names: str) -> bool:
        """Whether the bot plays the variant with these names (its name and aliases)."""
        if self.variants is None:
            return True
        return any(normalize(n) in self.variants for n in names)


@dataclass
class VariantEntry:
    """A registered variant as ``kozyr variants`` lists it -- known without importing its class
    when the plugin registered it with :meth:`VariantRegistry.add_lazy`."""

    name: str
    #: The aliases it holds (a declared alias another variant had already is not here).
    aliases: list[str]
    title: str
    title_ru: str
    players: tuple[int, ...]
    rules: str
    plugin: PluginInfo
    #: ``"module:Class"`` of a variant registered lazily; None once known.
    source: str | None = None
    cls: type[Variant] | None = None
    declared_aliases: tuple[str, ...] = ()


@dataclass(frozen=True)
class SheetFormat:
    """A score-sheet format registered by a plugin."""

    name: str
    render: SheetRenderer
    suffix: str
    description: str
    plugin: str
    #: The variants it renders, as given (names or aliases, normalised); None: any variant.
    variants: frozenset[str] | None = None

    def renders(self, *names: str) -> bool:
        """Whether the format renders records of the variant with these names (name, aliases)."""
        if self.variants is None:
            return True
        return any(normalize(n) in self.variants for n in names)


class VariantRegistry:
    """The object a plugin's ``kozyr_register_variants`` receives; ``add`` validates a class."""

    def __init__(self, manager: PluginManager, plugin: PluginInfo) -> None:
        self._manager = manager
        self._plugin = plugin

    def add(self, variant: type[Variant]) -> None:
        """Register a :class:`Variant` subclass under its name and aliases."""
        self._manager._add_variant(variant, self._plugin)

    def add_lazy(
        self,
        source: str,
        *,
        name: str,
        aliases: Iterable[str] = (),
        player_counts: Iterable[int],
        title: str = "",
        title_ru: str = "",
        rules_ref: str = "",
    ) -> None:
        """Register the variant class at ``source`` (``"package.module:Class"``) without
        importing it: the class attributes it will have are given here, so listing variants
        (``kozyr variants``) imports no game code; the class is imported, checked like
        :meth:`add` and compared with these values the first time the variant is asked for."""
        self._manager._add_lazy(
            source,
            _Declared(name, tuple(aliases), tuple(player_counts), title, title_ru, rules_ref),
            self._plugin,
        )


@dataclass(frozen=True)
class _Declared:
    name: str
    aliases: tuple[str, ...]
    players: tuple[int, ...]
    title: str
    title_ru: str
    rules: str


class BotRegistry:
    """The object a plugin's ``kozyr_register_bots`` receives."""

    def __init__(self, manager: PluginManager, plugin: PluginInfo) -> None:
        self._manager = manager
        self._plugin = plugin

    def add(
        self,
        name: str,
        factory: BotFactory,
        *,
        variants: Iterable[str] | None = None,
        description: str = "",
    ) -> None:
        """Register a bot: ``factory(rng)`` makes one for a seat; ``variants`` (names or
        aliases of installed variants) limits it to those, None lets it play any variant."""
        self._manager._add_bot(name, factory, variants, description, self._plugin)


class SheetFormatRegistry:
    """The object a plugin's ``kozyr_register_sheet_formats`` receives."""

    def __init__(self, manager: PluginManager, plugin: PluginInfo) -> None:
        self._manager = manager
        self._plugin = plugin

    def add(
        self,
        name: str,
        render: SheetRenderer,
        *,
        suffix: str = "txt",
        description: str = "",
        variants: Iterable[str] | None = None,
    ) -> None:
        """Register format ``name``: ``render(sheet, lang)`` returns the text; ``suffix`` is the
        usual file-name suffix; ``variants`` (names or aliases) limits it to the records of
        those variants (None: any record)."""
        self._manager._add_sheet_format(
            name, render, suffix, description, self._plugin, variants=variants
        )


@dataclass
class _State:
    """Everything registered, copied before a plugin registers and restored if it fails."""

    canonical: dict[str, VariantEntry] = field(default_factory=dict)
    aliases: dict[str, VariantEntry] = field(default_factory=dict)
    failed: dict[str, tuple[str, str]] = field(default_factory=dict)
    bots: dict[str, BotEntry] = field(default_factory=dict)
    sheet_formats: dict[str, SheetFormat] = field(default_factory=dict)

    def copy(self) -> _State:
        entries = {id(e): replace(e, aliases=list(e.aliases)) for e in self.canonical.values()}
        return _State(
            {k: entries[id(e)] for k, e in self.canonical.items()},
            {k: entries[id(e)] for k, e in self.aliases.items()},
            dict(self.failed),
            dict(self.bots),
            dict(self.sheet_formats),
        )
