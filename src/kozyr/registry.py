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
"""

from __future__ import annotations

import importlib
import os
import re
import warnings
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from importlib import metadata
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, TypeVar

import pluggy

from kozyr.errors import (
    HookError,
    KozyrError,
    PluginError,
    PluginWarning,
    UnknownVariantError,
    VariantConflictError,
)
from kozyr.limits import shorten

if TYPE_CHECKING:  # annotations only: sheets sit above; variant is imported when a class is seen
    from kozyr.sheet import Sheet
    from kozyr.variant import BotFactory, Variant

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
DISABLE_ENV = "KOZYR_DISABLE_PLUGIN_AUTOLOAD"
DISABLE_PLUGINS_ENV = "KOZYR_DISABLE_PLUGINS"
#: ``KOZYR_PLUGINS=mod1,mod2``: plugin modules (or ``.py`` files) to load without installing
#: them, after the entry points -- as pytest's ``-p`` (``kozyr --plugin MODULE`` does the same).
PLUGINS_ENV = "KOZYR_PLUGINS"
#: A canonical variant, bot or sheet-format name: a lower-case slug (aliases may be any text).
NAME_PATTERN = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
#: Bot names kozyr itself gives every variant.
RESERVED_BOTS = frozenset({"random"})
#: The score-sheet formats of :mod:`kozyr.sheet`; a plugin format cannot take these names.
RESERVED_SHEET_FORMATS = frozenset({"text", "markdown", "csv", "html", "json"})

_T = TypeVar("_T")

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


class PluginManager:
    """A typed facade over pluggy: loads plugins one by one and indexes what they register."""

    def __init__(self, *, autoload: bool | None = None, disabled: Iterable[str] | None = None):
        self._pm = pluggy.PluginManager(PROJECT)
        self._pm.add_hookspecs(KozyrHookSpecs)
        self.plugins: list[PluginInfo] = []
        self._state = _State()
        #: Incremented by every registration (caches of bot tables check it).
        self.generation = 0
        if autoload is None:
            autoload = os.environ.get(DISABLE_ENV, "").strip().lower() not in {"1", "true", "yes"}
        self.autoload = autoload
        if disabled is None:
            disabled = os.environ.get(DISABLE_PLUGINS_ENV, "").split(",")
        self.disabled = frozenset(normalize(n) for n in disabled if n.strip())
        self._strict = False

    # --- loading -------------------------------------------------------------------------------

    def load_entry_points(self) -> None:
        """Load the built-in plugins, then (unless autoloading is off) every third-party one.

        An entry point of :data:`BUILTIN_GROUP` whose distribution or module is not one of
        :data:`BUILTIN_PLUGINS` is refused without being imported (a
        :class:`~kozyr.errors.PluginWarning` names its distribution)."""
        seen: set[tuple[str, str, str | None]] = set()
        groups = [BUILTIN_GROUP, ENTRY_POINT_GROUP] if self.autoload else [BUILTIN_GROUP]
        for group in groups:
            builtin = group == BUILTIN_GROUP
            for ep in sorted(metadata.entry_points(group=group), key=lambda e: e.name):
                dist = ep.dist.name if ep.dist is not None else None
                key = (ep.name, ep.value, dist)
                if key in seen:  # the same distribution found twice on sys.path
                    continue
                seen.add(key)
                info = PluginInfo(
                    ep.name, dist, ep.dist.version if ep.dist is not None else None, builtin=builtin
                )
                if normalize(ep.name) in self.disabled or (
                    dist is not None and normalize(dist) in self.disabled
                ):
                    info.disabled = True
                    self.plugins.append(info)
                    continue
                if builtin:
                    refusal = builtin_refusal(dist, ep.value)
                    if refusal is not None:
                        info.builtin = False
                        info.refused = True
                        info.error = refusal
                        self.plugins.append(info)
                        self._fail_names([ep.name], info)
                        warnings.warn(
                            f"kozyr: plugin {ep.name}: {refusal}", PluginWarning, stacklevel=2
                        )
                        continue
                before = _kozyr_attributes()
                try:
                    plugin = ep.load()
                except KeyboardInterrupt:
                    raise
                except BaseException as error:  # SystemExit too: one plugin must not end kozyr
                    info.error = f"import failed: {_describe(error)}"
                    self.plugins.append(info)
                    self._fail_names([ep.name], info)
                    continue
                self._register(plugin, info)
                info.warnings.extend(
                    f"replaced kozyr's {name} when imported (a monkeypatch: kozyr's behaviour "
                    "is no longer its own)"
                    for name in _replaced(before, _kozyr_attributes())
                )
        for module in os.environ.get(PLUGINS_ENV, "").split(","):
            if module.strip():
                self.load_module(module.strip())
        self.check_bots()

    def load_module(self, module: str) -> PluginInfo:
        """Load a plugin module that is not installed: an importable module name
        (``my_plugin.hooks``) or the path of a ``.py`` file, named after the module (``kozyr
        --plugin``, ``KOZYR_PLUGINS``). It is loaded as an entry point is -- after the installed
        plugins, one failure reported on its :class:`PluginInfo` without stopping the others --
        and even when autoloading is off, since it was asked for by name. Loading the same
        module twice does nothing the second time."""
        path = module if module.endswith(".py") else None
        name = os.path.splitext(os.path.basename(module))[0] if path else module
        for info in self.plugins:
            if info.name == name and info.distribution is None and info.source == module:
                return info
        info = PluginInfo(name, None, None, source=module)
        before = _kozyr_attributes()
        try:
            if path is not None:
                loaded = _import_file(name, path)
            else:
                loaded = importlib.import_module(module)
        except KeyboardInterrupt:
            raise
        except BaseException as error:  # SystemExit too: one plugin must not end kozyr
            info.error = f"import failed: {_describe(error)}"
            self.plugins.append(info)
            self._fail_names([name], info)
            return info
        self._register(loaded, info)
        info.warnings.extend(
            f"replaced kozyr's {changed} when imported (a monkeypatch: kozyr's behaviour is no "
            "longer its own)"
            for changed in _replaced(before, _kozyr_attributes())
        )
        self.check_bots()
        return info

    def register(self, plugin: Any, name: str | None = None) -> PluginInfo:
        """Register a plugin object at run time (tests, notebooks, embedding programs).

        Stricter than loading an entry point: a name already taken raises
        :class:`~kozyr.errors.VariantConflictError` and nothing of the plugin is registered."""
        info = PluginInfo(name or str(getattr(plugin, "__name__", repr(plugin))), None, None)
        self._strict = True
        try:
            failure = self._register(plugin, info)
        finally:
            self._strict = False
        if info.error:
            # a name clash stays a VariantConflictError (its message names both plugins)
            kind = (
                VariantConflictError if isinstance(failure, VariantConflictError) else PluginError
            )
            raise kind(f"plugin {info.name}: {info.error}")
        return info

    def _register(self, plugin: Any, info: PluginInfo) -> BaseException | None:
        """Register one plugin; a failure is kept in ``info.error`` and returned, not raised."""
        self.plugins.append(info)
        try:
            self._pm.register(plugin, name=info.name)
        except Exception as error:
            info.error = f"invalid plugin: {error}"
            self._fail_names([info.name], info)
            return error
        hooks = [h for h in HOOKS if _implements(self._pm, h, plugin)]
        unknown = sorted(
            n
            for n in dir(plugin)
            if n.startswith("kozyr_") and n not in HOOKS and _marked(plugin, n)
        )
        info.warnings.extend(f"unknown hook {n} (not one of {', '.join(HOOKS)})" for n in unknown)
        if not hooks:
            self._pm.unregister(plugin)
            info.error = f"no kozyr hook: implement one of {', '.join(HOOKS)}"
            return PluginError(info.error)
        others = [p for p in self._pm.get_plugins() if p is not plugin]
        registries: dict[str, Any] = {
            "kozyr_register_variants": VariantRegistry(self, info),
            "kozyr_register_bots": BotRegistry(self, info),
            "kozyr_register_sheet_formats": SheetFormatRegistry(self, info),
        }
        snapshot = self._state.copy()
        try:
            for hook in hooks:  # through the plugin manager, for this plugin alone
                self._pm.subset_hook_caller(hook, remove_plugins=others)(registry=registries[hook])
        except KeyboardInterrupt:
            raise
        except BaseException as error:
            tried = list(info.variants)
            self._state = snapshot
            info.variants.clear()
            info.bots.clear()
            info.sheet_formats.clear()
            self._pm.unregister(plugin)
            if isinstance(error, VariantConflictError):
                info.error = str(error)
            else:
                info.error = f"registration failed: {_describe(error)}"
            self._fail_names([info.name, *tried, *getattr(error, "variant_names", ())], info)
            return error
        self.generation += 1
        return None

    def _fail_names(self, names: Iterable[str], info: PluginInfo) -> None:
        """Remember that these names belong to a plugin that failed (for :meth:`find`)."""
        state = self._state
        assert info.error is not None
        for name in names:
            key = normalize(name)
            if key and key not in state.canonical and key not in state.aliases:
                state.failed.setdefault(key, (info.name, info.error))

    def _conflict(self, message: str, plugin: PluginInfo) -> None:
        if self._strict:
            raise VariantConflictError(message)
        plugin.warnings.append(message)

    def _add_variant(self, variant: type[Variant], plugin: PluginInfo) -> None:
        plugin.notes.extend(_check_class(variant))
        entry = VariantEntry(
            variant.name,
            [],
            variant.title,
            variant.title_ru,
            tuple(variant.player_counts),
            variant.rules_ref,
            plugin,
            cls=variant,
            declared_aliases=tuple(variant.aliases),
        )
        self._claim(entry)

    def _add_lazy(self, source: str, declared: _Declared, plugin: PluginInfo) -> None:
        module, _, attr = source.partition(":")
        if not module or not attr:
            raise PluginError(f"variant source {source!r} is not 'package.module:Class'")
        _check_names(declared.name, declared.aliases, declared.players)
        entry = VariantEntry(
            declared.name,
            [],
            declared.title,
            declared.title_ru,
            declared.players,
            declared.rules,
            plugin,
            source=source,
            declared_aliases=declared.aliases,
        )
        self._claim(entry)

    def _claim(self, entry: VariantEntry) -> None:
        """Index a variant under its name and aliases, first come first served."""
        state = self._state
        plugin = entry.plugin
        key = normalize(entry.name)
        taken = state.canonical.get(key) or state.aliases.get(key)
        if taken is not None:
            is_alias = key not in state.canonical
            if not is_alias or taken.plugin.builtin or self._strict:
                self._conflict(
                    f"name {entry.name!r} of variant {entry.name} (plugin {plugin.name}) is "
                    f"already taken by variant {taken.name} (plugin {taken.plugin.name}); "
                    f"variant {entry.name} not registered",
                    plugin,
                )
                return
            # a canonical name beats another plugin's alias: the alias goes
            del state.aliases[key]
            taken.aliases = [a for a in taken.aliases if normalize(a) != key]
            taken.plugin.warnings.append(
                f"alias {entry.name!r} of variant {taken.name} dropped: it is the name of "
                f"variant {entry.name} (plugin {plugin.name})"
            )
        state.canonical[key] = entry
        state.failed.pop(key, None)
        for alias in entry.declared_aliases:
            akey = normalize(alias)
            if akey == key or akey in (normalize(a) for a in entry.aliases):
                continue
            other = state.canonical.get(akey) or state.aliases.get(akey)
            if other is not None:
                self._conflict(
                    f"name {alias!r} of variant {entry.name} (plugin {plugin.name}) is already "
                    f"taken by variant {other.name} (plugin {other.plugin.name}); alias dropped",
                    plugin,
                )
                continue
            state.aliases[akey] = entry
            state.failed.pop(akey, None)
            entry.aliases.append(alias)
        plugin.variants.append(entry.name)

    def _load(self, entry: VariantEntry) -> type[Variant]:
        """The class of a lazily registered variant: imported, checked, compared with what the
        plugin declared; a failure drops the variant and is reported against its plugin."""
        if entry.cls is not None:
            return entry.cls
        assert entry.source is not None
        module, _, attr = entry.source.partition(":")
        try:
            found: Any = importlib.import_module(module)
            for part in attr.split("."):
                found = getattr(found, part)
            notes = _check_class(found)
            cls: type[Variant] = found
            wrong = [
                f"{what} {declared!r} (the class says {actual!r})"
                for what, declared, actual in (
                    ("name", entry.name, cls.name),
                    ("aliases", tuple(entry.declared_aliases), tuple(cls.aliases)),
                    ("player_counts", entry.players, tuple(cls.player_counts)),
                )
                if declared != actual
            ]
            if wrong:
                raise PluginError(f"{entry.source} was registered with " + ", ".join(wrong))
        except KeyboardInterrupt:
            raise
        except BaseException as error:
            reason = f"variant {entry.name} failed to load: {_describe(error)}"
            state = self._state
            for key in [normalize(entry.name), *(normalize(a) for a in entry.aliases)]:
                if state.canonical.get(key) is entry:
                    del state.canonical[key]
                if state.aliases.get(key) is entry:
                    del state.aliases[key]
            plugin = entry.plugin
            plugin.variants = [v for v in plugin.variants if v != entry.name]
            plugin.error = reason if plugin.error is None else f"{plugin.error}; {reason}"
            for name in [entry.name, *entry.aliases]:
                state.failed.setdefault(normalize(name), (plugin.name, _describe(error)))
            raise PluginError(
                f"variant {entry.name} (plugin {plugin.name}) failed to load: {_describe(error)}"
            ) from None
        for what, declared, actual in (
            ("title", entry.title, cls.title),
            ("title_ru", entry.title_ru, cls.title_ru),
            ("rules_ref", entry.rules, cls.rules_ref),
        ):
            if declared != actual:
                entry.plugin.warnings.append(
                    f"variant {entry.name}: {what} {declared!r} was registered, the class says "
                    f"{actual!r}"
                )
        entry.plugin.notes.extend(notes)
        entry.title, entry.title_ru, entry.rules = cls.title, cls.title_ru, cls.rules_ref
        entry.cls, entry.source = cls, None
        return cls

    def load_all(self) -> None:
        """Import every lazily registered variant (``kozyr plugins`` reports what fails) and
        check every bot's variants exist (a warning on the bot's plugin otherwise)."""
        for entry in list(self._state.canonical.values()):
            try:
                self._load(entry)
            except PluginError:
                pass
        self.check_bots()

    def check_bots(self) -> None:
        """A warning on its plugin for every bot limited to a variant no plugin registered (a
        misspelt name: the bot would never be offered)."""
        state = self._state
        infos = {info.name: info for info in self.plugins}
        for bot in state.bots.values():
            if bot.variants is None:
                continue
            for name in sorted(bot.variants):
                if name in state.canonical or name in state.aliases:
                    continue
                info = infos.get(bot.plugin)
                message = f"bot {bot.name}: variant {name!r} is not installed"
                if info is not None and message not in info.warnings:
                    info.warnings.append(message)
        for fmt in state.sheet_formats.values():
            for name in sorted(fmt.variants or ()):
                if name in state.canonical or name in state.aliases:
                    continue
                info = infos.get(fmt.plugin)
                message = f"sheet format {fmt.name}: variant {name!r} is not installed"
                if info is not None and message not in info.warnings:
                    info.warnings.append(message)

    def _add_bot(
        self,
        name: str,
        factory: BotFactory,
        variants: Iterable[str] | None,
        description: str,
        plugin: PluginInfo,
    ) -> None:
        if not isinstance(name, str) or not NAME_PATTERN.fullmatch(name):
            raise PluginError(f"bot name {name!r} is not a lower-case slug")
        if not callable(factory):
            raise PluginError(f"bot {name}: {factory!r} is not callable (a factory of rng)")
        if isinstance(variants, str):
            variants = [variants]
        plays = None if variants is None else frozenset(normalize(v) for v in variants)
        state = self._state
        if name in RESERVED_BOTS or name in state.bots:
            owner = "kozyr" if name in RESERVED_BOTS else state.bots[name].plugin
            self._conflict(
                f"bot name {name!r} (plugin {plugin.name}) is already taken by plugin {owner}; "
                "bot not registered",
                plugin,
            )
            return
        state.bots[name] = BotEntry(name, factory, plays, description, plugin.name)
        plugin.bots.append(name)

    def _add_sheet_format(
        self,
        name: str,
        render: SheetRenderer,
        suffix: str,
        description: str,
        plugin: PluginInfo,
        *,
        variants: Iterable[str] | None = None,
    ) -> None:
        if isinstance(variants, str):
            variants = [variants]
        limited = None if variants is None else frozenset(normalize(v) for v in variants)
        if not isinstance(name, str) or not NAME_PATTERN.fullmatch(name):
            raise PluginError(f"sheet format name {name!r} is not a lower-case slug")
        if not callable(render):
            raise PluginError(f"sheet format {name}: {render!r} is not callable")
        state = self._state
        if name in RESERVED_SHEET_FORMATS or name in state.sheet_formats:
            owner = "kozyr" if name in RESERVED_SHEET_FORMATS else state.sheet_formats[name].plugin
            self._conflict(
                f"sheet format {name!r} (plugin {plugin.name}) is already taken by plugin "
                f"{owner}; format not registered",
                plugin,
            )
            return
        state.sheet_formats[name] = SheetFormat(
            name, render, suffix.lstrip("."), description, plugin.name, limited
        )
        plugin.sheet_formats.append(name)

    # --- lookup --------------------------------------------------------------------------------

    def entries(self) -> list[VariantEntry]:
        """Every registered variant, by name, without importing a lazily registered class."""
        return sorted(self._state.canonical.values(), key=lambda e: e.name)

    def variants(self) -> list[type[Variant]]:
        """Every registered variant class, by name (importing lazily registered ones; one that
        fails to load is left out and reported on its plugin)."""
        self.load_all()
        return [e.cls for e in self.entries() if e.cls is not None]

    def aliases_of(self, variant_name: str) -> tuple[str, ...]:
        """The aliases a variant was registered under (those not taken by another variant)."""
        entry = self._state.canonical.get(normalize(variant_name))
        return tuple(entry.aliases) if entry is not None else ()

    def find(self, name: str) -> type[Variant]:
        """The variant class with this name or alias (Latin or Russian, any case).

        A name no installed variant has is an :class:`~kozyr.errors.UnknownVariantError`; the
        name of a plugin (or of its variant) that failed to load is a
        :class:`~kozyr.errors.PluginError` saying why."""
        if not isinstance(name, str):
            raise TypeError(f"a variant name is a string, not {type(name).__name__}")
        key = normalize(name)
        state = self._state
        found = state.canonical.get(key) or state.aliases.get(key)
        if found is not None:
            return self._load(found)
        if key in state.failed:
            plugin, reason = state.failed[key]
            raise PluginError(f"variant {shorten(name)} (plugin {plugin}) failed to load: {reason}")
        known = ", ".join(
            f"{e.name} ({', '.join(e.aliases)})" if e.aliases else e.name for e in self.entries()
        )
        if not known:  # the core alone: say where the games are (#24)
            message = f"unknown variant {shorten(name)}; installed: none ({NO_VARIANTS})"
            raise UnknownVariantError(message + _broken_text(self))
        broken = _broken_text(self)
        raise UnknownVariantError(f"unknown variant {shorten(name)}; installed: {known}{broken}")

    def broken(self) -> list[PluginInfo]:
        """The plugins that failed to load or were refused (not the disabled ones): what the
        unknown-variant error and the command line's one-line warnings name."""
        return [p for p in self.plugins if p.error is not None and not p.disabled]

    def plugin_of(self, variant_name: str) -> PluginInfo | None:
        """The plugin that registered a variant (by its name or an alias)."""
        key = normalize(variant_name)
        entry = self._state.canonical.get(key) or self._state.aliases.get(key)
        return entry.plugin if entry is not None else None

    def bots(self) -> list[BotEntry]:
        """Every bot registered by a plugin, by name."""
        return [self._state.bots[name] for name in sorted(self._state.bots)]

    def bots_for(self, variant: str | type[Variant]) -> dict[str, BotFactory]:
        """The plugin bots that play a variant (a class, or the name or alias of an installed
        one), by bot name."""
        cls = self.find(variant) if isinstance(variant, str) else variant
        return {b.name: b.factory for b in self.bots() if b.plays(cls.name, *cls.aliases)}

    def sheet_formats(self) -> dict[str, SheetFormat]:
        """Every score-sheet format registered by a plugin, by name."""
        return dict(sorted(self._state.sheet_formats.items()))


def _import_file(name: str, path: str) -> Any:
    """Import the ``.py`` file at ``path`` as module ``name``."""
    import importlib.util
    import sys

    if not os.path.isfile(path):
        raise FileNotFoundError(f"no such plugin file: {path}")
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:  # pragma: no cover - a .py path always has one
        raise ImportError(f"cannot import {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        sys.modules.pop(name, None)
        raise
    return module


def _kozyr_attributes() -> dict[str, int]:
    """The identity of every public attribute of kozyr's loaded modules and of the classes they
    define (``"kozyr.record.PartyResult.to_json"`` -> ``id``), to see what a plugin replaced."""
    import sys

    seen: dict[str, int] = {}
    for name, module in list(sys.modules.items()):
        if not (name == PROJECT or name.startswith(PROJECT + ".")) or module is None:
            continue
        for attr, value in list(vars(module).items()):
            if attr.startswith("_"):
                continue
            seen[f"{name}.{attr}"] = id(value)
            if isinstance(value, type) and value.__module__ == name:
                for key, member in list(vars(value).items()):
                    if not key.startswith("_"):
                        seen[f"{name}.{attr}.{key}"] = id(member)
    return seen


def _replaced(before: Mapping[str, int], after: Mapping[str, int]) -> list[str]:
    """The names whose values changed between two :func:`_kozyr_attributes` snapshots."""
    return sorted(name for name, ident in before.items() if after.get(name, ident) != ident)


def _broken_text(pm: PluginManager) -> str:
    """The plugins that failed to load, for the unknown-variant error (they may have it)."""
    return "".join(
        f"; plugin {p.name} failed to load and may have it ({p.error})" for p in pm.broken()
    )


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


def _implements(pm: pluggy.PluginManager, hook: str, plugin: Any) -> bool:
    caller = getattr(pm.hook, hook)
    return any(impl.plugin is plugin for impl in caller.get_hookimpls())


def _marked(plugin: Any, name: str) -> bool:
    try:
        value = getattr(plugin, name)
    except Exception:  # pragma: no cover - a property that raises
        return False
    return callable(value) and hasattr(value, f"{PROJECT}_impl")


# --- the guard: every call into a plugin's code -----------------------------------------------


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
    except Exception as error:
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


_manager: PluginManager | None = None


def manager() -> PluginManager:
    """The process-wide plugin manager, loading entry points on first use."""
    global _manager
    if _manager is None:
        _manager = PluginManager()
        _manager.load_entry_points()
    return _manager


#: Where the games are when no variant is installed (the core alone has none, #24).
NO_VARIANTS = (
    'the core alone has no games: pip install "kozyr[all]" for every built-in variant, '
    "or one of the plugins kozyr-seven-up, kozyr-sem-listov, kozyr-semerik, kozyr-pitch"
)


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
