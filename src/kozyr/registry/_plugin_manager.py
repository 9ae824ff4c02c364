"""The plugin manager: a typed facade over pluggy that loads plugins one by one, validates what
they register and indexes it by name."""

from __future__ import annotations

import importlib
import os
import warnings
from collections.abc import Iterable, Mapping
from importlib import metadata
from typing import TYPE_CHECKING, Any

import pluggy

from kozyr.errors import (
    PluginError,
    PluginWarning,
    UnknownVariantError,
    VariantConflictError,
)
from kozyr.limits import shorten
from kozyr.registry._checks import (
    _check_class,
    _check_names,
    _describe,
    builtin_refusal,
)
from kozyr.registry._entries import (
    NAME_PATTERN,
    RESERVED_BOTS,
    RESERVED_SHEET_FORMATS,
    BotEntry,
    BotRegistry,
    PluginInfo,
    SheetFormat,
    SheetFormatRegistry,
    VariantEntry,
    VariantRegistry,
    _Declared,
    _State,
    normalize,
)
from kozyr.registry._hookspecs import (
    BUILTIN_GROUP,
    ENTRY_POINT_GROUP,
    HOOKS,
    PROJECT,
    KozyrHookSpecs,
)

if TYPE_CHECKING:
    from kozyr.registry._hookspecs import SheetRenderer
    from kozyr.variant import BotFactory, Variant

DISABLE_ENV = "KOZYR_DISABLE_PLUGIN_AUTOLOAD"
DISABLE_PLUGINS_ENV = "KOZYR_DISABLE_PLUGINS"
#: ``KOZYR_PLUGINS=mod1,mod2``: plugin modules (or ``.py`` files) to load without installing
#: them, after the entry points -- as pytest's ``-p`` (``kozyr --plugin MODULE`` does the same).
PLUGINS_ENV = "KOZYR_PLUGINS"

#: Where the games are when no variant is installed (the core alone has none, #24).
NO_VARIANTS = (
    'the core alone has no games: pip install "kozyr[all]" for every built-in variant, '
    "or one of the plugins kozyr-seven-up, kozyr-sem-listov, kozyr-semerik, kozyr-pitch"
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
