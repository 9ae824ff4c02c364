"""The plugin manager (plugins.py): entry points loaded one by one, validation, conflicts,
KOZYR_DISABLE_PLUGIN_AUTOLOAD, runtime registration and name lookup.

Every test builds its own :class:`PluginManager` (or swaps the process-wide one with
monkeypatch), so the global registry other tests use is never changed.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import itertools
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

import kozyr
import kozyr.registry as kp
import kozyr.registry._checks
from kozyr import (
    OptionError,
    OptionSpec,
    PluginError,
    UnknownVariantError,
    Variant,
    VariantConflictError,
    VariantRegistry,
    hookimpl,
)
from kozyr.errors import PluginWarning
from kozyr.registry import (
    BUILTIN_GROUP,
    ENTRY_POINT_GROUP,
    KozyrHookSpecs,
    PluginManager,
    normalize,
)
from tests.conftest import FakeDist, FakeEntryPoint

_counter = itertools.count()


#: The engine hooks every variant must implement (REQUIRED_HOOKS), as stubs.
HOOKS = """
    def start(self, deal):
        pass

    def setup_replay(self, deal, record):
        pass

    def score(self, record, context):
        pass
"""

TOY = (
    """
from kozyr import Variant, hookimpl

class Toy(Variant):
    name = {name!r}
    aliases = {aliases!r}
    player_counts = (2,)
"""
    + HOOKS
    + """

@hookimpl
def kozyr_register_variants(registry):
    registry.add(Toy)
"""
)


def write_module(where: Path, source: str) -> str:
    """Write a uniquely named module and return its import name."""
    name = f"kozyr_test_plugin_{next(_counter)}"
    (where / f"{name}.py").write_text(textwrap.dedent(source), encoding="utf-8")
    return name


def toy_module(where: Path, name: str, aliases: tuple[str, ...] = ()) -> str:
    return write_module(where, TOY.format(name=name, aliases=aliases))


_GROUPS: dict[str, list[FakeEntryPoint]] = {}


def use_entry_points(
    monkeypatch: pytest.MonkeyPatch, *eps: FakeEntryPoint, group: str = ENTRY_POINT_GROUP
) -> None:
    """Make importlib.metadata list these entry points in ``group`` (and, unless given in the
    same test, none in the other group)."""
    if importlib.metadata.entry_points is not _fake_entry_points:
        _GROUPS.clear()
        monkeypatch.setattr(importlib.metadata, "entry_points", _fake_entry_points)
    _GROUPS[group] = list(eps)


def _fake_entry_points(**kwargs: Any) -> list[FakeEntryPoint]:
    return list(_GROUPS.get(kwargs.get("group", ""), []))


def loaded(autoload: bool | None = True) -> PluginManager:
    pm = PluginManager(autoload=autoload)
    pm.load_entry_points()
    return pm


def by_name(pm: PluginManager) -> dict[str, kp.PluginInfo]:
    return {info.name: info for info in pm.plugins}


# --- entry points ------------------------------------------------------------------------------


def test_broken_plugin_is_reported_and_others_still_load(
    module_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    good = toy_module(module_dir, "toy-good")
    broken = write_module(module_dir, "raise RuntimeError('boom: missing dependency')\n")
    use_entry_points(
        monkeypatch,
        FakeEntryPoint("zz-good", good, FakeDist("kozyr-toy")),
        FakeEntryPoint("aa-broken", broken, FakeDist("kozyr-broken", "0.3")),
        FakeEntryPoint("mm-missing", "no_such_module_for_kozyr", FakeDist("kozyr-missing")),
    )
    pm = loaded()
    info = by_name(pm)
    assert info["aa-broken"].error == "import failed: RuntimeError: boom: missing dependency"
    assert info["aa-broken"].distribution == "kozyr-broken" and info["aa-broken"].version == "0.3"
    assert info["mm-missing"].error is not None
    assert "ModuleNotFoundError" in info["mm-missing"].error
    assert "no_such_module_for_kozyr" in info["mm-missing"].error
    assert info["zz-good"].error is None and info["zz-good"].variants == ["toy-good"]
    assert [v.name for v in pm.variants()] == ["toy-good"]
    assert pm.plugin_of("toy-good") is info["zz-good"]
    # loaded one by one, in entry point name order
    assert [i.name for i in pm.plugins] == ["aa-broken", "mm-missing", "zz-good"]


def test_plugin_without_the_hook(module_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    empty = write_module(module_dir, "X = 1\n")
    use_entry_points(monkeypatch, FakeEntryPoint("empty", empty, FakeDist("kozyr-empty")))
    assert by_name(loaded())["empty"].error == (
        "no kozyr hook: implement one of kozyr_register_bots, kozyr_register_sheet_formats, "
        "kozyr_register_variants"
    )


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("registry.add(int)", "is not a kozyr.Variant subclass"),
        ("registry.add('seven-up')", "is not a kozyr.Variant subclass"),
        ("registry.add(Nameless)", "Nameless has no name"),
        ("registry.add(NoPlayers)", "no-players: player_counts is empty"),
        ("raise KeyError('oops')", "registration failed: KeyError: 'oops'"),
    ],
)
def test_invalid_variant_is_reported(
    module_dir: Path, monkeypatch: pytest.MonkeyPatch, body: str, message: str
) -> None:
    source = f"""
    from kozyr import Variant, hookimpl

    class Base(Variant):
        def start(self, deal):
            pass

        def setup_replay(self, deal, record):
            pass

        def score(self, record, context):
            pass

    class Fine(Base):
        name = "fine-one"
        player_counts = (2,)

    class Nameless(Base):
        player_counts = (2,)

    class NoPlayers(Base):
        name = "no-players"

    @hookimpl
    def kozyr_register_variants(registry):
        registry.add(Fine)
        {body}
    """
    bad = write_module(module_dir, source)
    good = toy_module(module_dir, "toy-ok")
    use_entry_points(
        monkeypatch,
        FakeEntryPoint("bad", bad, FakeDist("kozyr-bad")),
        FakeEntryPoint("good", good, FakeDist("kozyr-good")),
    )
    pm = loaded()
    info = by_name(pm)
    assert info["bad"].error is not None and message in info["bad"].error
    assert info["bad"].error.startswith("registration failed: ")
    # the whole plugin is rolled back: its valid variant is not half-registered
    assert info["bad"].variants == []
    # asking for it says which plugin failed and why (issue 15, names)
    with pytest.raises(PluginError, match=r"^variant 'fine-one' \(plugin bad\) failed to load: "):
        pm.find("fine-one")
    assert [v.name for v in pm.variants()] == ["toy-ok"]


def test_name_conflict_names_both_plugins(
    module_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = toy_module(module_dir, "toy", ("игрушка",))
    second = toy_module(module_dir, "other-toy", ("ИГРУШКА",))  # same alias, other case
    use_entry_points(
        monkeypatch,
        FakeEntryPoint("alpha", first, FakeDist("kozyr-alpha")),
        FakeEntryPoint("beta", second, FakeDist("kozyr-beta")),
    )
    pm = loaded()
    # the newcomer loses only the clashing alias, reported; its variant still loads
    beta = by_name(pm)["beta"]
    assert beta.error is None and beta.variants == ["other-toy"]
    assert beta.warnings == [
        "name 'ИГРУШКА' of variant other-toy (plugin beta) is already taken by variant toy "
        "(plugin alpha); alias dropped"
    ]
    assert pm.find("Игрушка").name == "toy"
    assert [v.name for v in pm.variants()] == ["other-toy", "toy"]
    assert pm.aliases_of("other-toy") == ()


def test_runtime_conflict_raises(module_dir: Path) -> None:
    pm = PluginManager(autoload=False)
    pm.register(importlib.import_module(toy_module(module_dir, "toy")), name="first")
    other = importlib.import_module(toy_module(module_dir, "toy", ("Toy-Two",)))  # same name
    with pytest.raises(VariantConflictError) as info:
        pm.register(other, name="second")
    assert "plugin first" in str(info.value) and "plugin second" in str(info.value)
    assert isinstance(info.value, PluginError)
    # strict: nothing of the refused plugin is registered
    with pytest.raises(UnknownVariantError):
        pm.find("toy-two")


def test_same_entry_point_seen_twice_loads_once(
    module_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    mod = toy_module(module_dir, "toy-twice")
    ep = FakeEntryPoint("twice", mod, FakeDist("kozyr-twice"))
    use_entry_points(monkeypatch, ep, FakeEntryPoint("twice", mod, FakeDist("kozyr-twice")))
    pm = loaded()
    assert [i.name for i in pm.plugins] == ["twice"] and pm.plugins[0].error is None


@pytest.mark.parametrize("value", ["1", "true", "YES"])
def test_disable_autoload_keeps_builtins_only(
    module_dir: Path, monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    builtin = toy_module(module_dir, "toy-builtin")
    builtin2 = toy_module(module_dir, "toy-builtin-two")
    third = toy_module(module_dir, "toy-third-party")
    # a built-in is a distribution of the allow-list with its module inside its package (#23):
    # these two stand for shipped plugins; "c" claims the group from another distribution and
    # "d" from none -- both refused unimported
    # (the allow-list is read where the refusal is decided: the registry's checks module)
    allowed = {"kozyr-toy-a": builtin, "kozyr-toy-b": builtin2}
    monkeypatch.setattr(kozyr.registry._checks, "BUILTIN_PLUGINS", allowed)
    use_entry_points(
        monkeypatch,
        FakeEntryPoint("a", builtin, FakeDist("kozyr-toy-a")),
        FakeEntryPoint("b", builtin2, FakeDist("Kozyr_Toy.B")),  # PEP 503 spelling
        FakeEntryPoint("aa-claims", third, FakeDist("kozyr-anything")),
        FakeEntryPoint("ab-claims", third, None),
        group=BUILTIN_GROUP,
    )
    use_entry_points(
        monkeypatch,
        FakeEntryPoint("c", third, FakeDist("kozyr-toy-a")),  # a built-in's name: no matter
        FakeEntryPoint("d", third, None),
    )
    monkeypatch.setenv("KOZYR_DISABLE_PLUGIN_AUTOLOAD", value)
    pm = PluginManager()
    assert pm.autoload is False
    with pytest.warns(PluginWarning) as told:
        pm.load_entry_points()
    assert [str(w.message) for w in told] == [
        "kozyr: plugin aa-claims: refused: distribution kozyr-anything is not a built-in plugin "
        "of kozyr (only kozyr-toy-a, kozyr-toy-b may register under kozyr.builtin)",
        "kozyr: plugin ab-claims: refused: distribution (unknown) is not a built-in plugin of "
        "kozyr (only kozyr-toy-a, kozyr-toy-b may register under kozyr.builtin)",
    ]
    assert third not in sys.modules  # refused without being imported
    assert [v.name for v in pm.variants()] == ["toy-builtin", "toy-builtin-two"]
    assert [(i.name, i.builtin, i.refused) for i in pm.plugins] == [
        ("a", True, False),
        ("aa-claims", False, True),
        ("ab-claims", False, True),
        ("b", True, False),
    ]
    monkeypatch.setenv("KOZYR_DISABLE_PLUGIN_AUTOLOAD", "0")
    with pytest.warns(PluginWarning):
        everything = loaded(autoload=None)
    assert [v.name for v in everything.variants()] == [
        "toy-builtin",
        "toy-builtin-two",
        "toy-third-party",
    ]
    assert not by_name(everything)["c"].builtin  # kozyr.variants never makes a built-in
    assert by_name(everything)["d"].error is not None  # the same module again: invalid plugin


def test_real_entry_points_load_seven_up() -> None:
    # the installed reference plugin comes in through its real entry point, as a built-in
    pm = loaded(autoload=False)
    info = pm.plugin_of("seven-up")
    assert info is not None and info.distribution == "kozyr-seven-up" and info.builtin
    assert info.error is None


# --- runtime registration -------------------------------------------------------------------


class ObjectPlugin:
    """A plugin can be any object with the hook as a method."""

    class Solo(Variant):
        name = "solo-toy"
        aliases = ("Соло",)
        player_counts = (3,)
        options_spec = (OptionSpec("rounds", int, 1, "X1", minimum=1, maximum=9),)

        def start(self, deal: Any) -> None:
            pass

        def setup_replay(self, deal: Any, record: Any) -> None:
            pass

        def score(self, record: Any, context: Any) -> Any:
            pass

    @hookimpl
    def kozyr_register_variants(self, registry: VariantRegistry) -> None:
        registry.add(self.Solo)


def test_register_plugin_at_runtime(monkeypatch: pytest.MonkeyPatch) -> None:
    pm = loaded(autoload=False)
    monkeypatch.setattr(kp, "_manager", pm)  # restored after the test
    info = kozyr.register_plugin(ObjectPlugin(), name="solo")
    assert info.variants == ["solo-toy"] and info.error is None
    assert kozyr.get_variant("соло").name == "solo-toy"
    assert kozyr.get_variant("Solo_Toy", rounds="3").options == {"rounds": 3}
    assert "solo-toy" in [v.name for v in kozyr.variants()]
    assert any(p.name == "solo" for p in kozyr.loaded_plugins())
    # a plugin object without the hook is refused with the library's error
    with pytest.raises(PluginError, match="plugin nothing: no kozyr hook"):
        kozyr.register_plugin(object(), name="nothing")


def test_reset_reloads_entry_points(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kp, "_manager", None)
    pm = kp.reset(autoload=False)
    assert kp.manager() is pm
    assert "seven-up" in [v.name for v in kozyr.variants()]


def test_hook_spec_is_the_registration_hook() -> None:
    # every hook of the spec; the meta test checks each is documented and exercised
    hooks = [n for n in vars(KozyrHookSpecs) if n.startswith("kozyr_")]
    assert sorted(hooks) == [
        "kozyr_register_bots",
        "kozyr_register_sheet_formats",
        "kozyr_register_variants",
    ]


# --- lookup by name and options -------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    [
        "seven-up",
        "SEVEN-UP",
        "Seven Up",
        "seven_up",
        "All-Fours",
        "high low jack",
        "семь-вверх",
        "СЕМЬ-ВВЕРХ",
        "Старший-Младший-Валет",
        "старший_младший_валет",
    ],
)
def test_aliases_any_case(name: str) -> None:
    assert kozyr.get_variant(name).name == "seven-up"


def test_normalize() -> None:
    assert normalize("  Семь  Листов_1884 ") == "семь-листов-1884"


def test_unknown_variant_lists_what_is_installed() -> None:
    with pytest.raises(UnknownVariantError) as info:
        kozyr.get_variant("preference")
    message = str(info.value)
    assert message.startswith("unknown variant 'preference'; installed: ")
    assert "seven-up (all-fours, high-low-jack" in message
    empty = PluginManager(autoload=False)
    with pytest.raises(UnknownVariantError, match="installed: none"):
        empty.find("seven-up")


def test_unknown_and_bad_options_list_what_is_known() -> None:
    with pytest.raises(OptionError) as info:
        kozyr.get_variant("seven-up", trumps=3)
    assert str(info.value) == (
        "seven-up: unknown option trumps; known options: players, void_may_discard, game_tie, "
        "gift_may_win, target, win_by, low_to, keep_after_run, revoke, revoke_penalty"
    )
    with pytest.raises(
        OptionError, match=r"option players: 5 is not allowed; allowed: 2, 3, 4 \(SU1\)"
    ):
        kozyr.get_variant("seven-up", players=5)
    with pytest.raises(
        OptionError, match=r"option game_tie: 'dealer' is not allowed; allowed: none, eldest"
    ):
        kozyr.get_variant("seven-up", game_tie="dealer")
    with pytest.raises(OptionError, match="option void_may_discard: 'maybe' is not true or false"):
        kozyr.get_variant("seven-up", void_may_discard="maybe")
    # CLI-style text is converted: да/нет, true/false, numbers
    assert kozyr.get_variant("seven-up", players="3", void_may_discard="да").options["players"] == 3


def test_options_ranges() -> None:
    spec = OptionSpec("rounds", int, 1, "X1", minimum=1, maximum=9)
    assert spec.coerce("4") == 4
    with pytest.raises(OptionError, match=r"rounds: 10 is out of range; allowed: 1..9 \(X1\)"):
        spec.coerce(10)
    with pytest.raises(OptionError, match="is not an integer"):
        spec.coerce(True)
