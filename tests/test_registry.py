"""The plugin platform's registry (issue 15): names a plugin cannot take, faults isolated at load,
required hooks checked at registration, the bot and score-sheet-format hooks, and the switches
``kozyr plugins --strict`` and ``KOZYR_DISABLE_PLUGINS``.

Third-party plugins come in through faked ``kozyr.variants`` entry points (importlib.metadata is
what the registry reads, so the fake is faithful); the built-ins through their real entry points.
``test_real_install_cannot_hijack_or_kill`` pip-installs a throwaway distribution for real.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import io
import itertools
import json
import os
import random
import shutil
import subprocess
import sys
import sysconfig
import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

import kozyr
import kozyr.registry as kp
from kozyr import Action, Deal, PluginError, UnknownVariantError, hookimpl
from kozyr.cli import main
from kozyr.registry import (
    BUILTIN_GROUP,
    ENTRY_POINT_GROUP,
    HOOKS,
    BotRegistry,
    PluginManager,
)
from kozyr.variant import REQUIRED_HOOKS
from tests.conftest import FakeDist, FakeEntryPoint

_REAL_ENTRY_POINTS = importlib.metadata.entry_points
_counter = itertools.count()

#: A variant's engine hooks (REQUIRED_HOOKS) as stubs, for toys that are only registered (with
#: trick rules: registration notes a variant without them, #23).
STUBS = """
    trick_rules = __import__("kozyr").FollowElseAny(__import__("kozyr").RankOrder.ace_high())

    def start(self, deal):
        pass

    def setup_replay(self, deal, record):
        pass

    def score(self, record, context):
        pass
"""


def plugin_module(where: Path, source: str) -> str:
    name = f"kozyr_registry_test_{next(_counter)}"
    (where / f"{name}.py").write_text(textwrap.dedent(source), encoding="utf-8")
    return name


def third_party(monkeypatch: pytest.MonkeyPatch, *eps: FakeEntryPoint) -> None:
    """These entry points as the third-party plugins, beside the real built-ins."""

    def entry_points(**kwargs: Any) -> Any:
        if kwargs.get("group") == ENTRY_POINT_GROUP:
            return list(eps)
        return _REAL_ENTRY_POINTS(**kwargs)

    monkeypatch.setattr(importlib.metadata, "entry_points", entry_points)


def ep(name: str, module: str) -> FakeEntryPoint:
    return FakeEntryPoint(name, module, FakeDist(f"kozyr-{name}"))


def loaded(**kwargs: Any) -> PluginManager:
    pm = PluginManager(autoload=True, **kwargs)
    pm.load_entry_points()
    return pm


def info_of(pm: PluginManager, name: str) -> kp.PluginInfo:
    return next(i for i in pm.plugins if i.name == name)


def cli(pm: PluginManager, monkeypatch: pytest.MonkeyPatch, *args: str) -> tuple[int, str, str]:
    """Run the kozyr command with ``pm`` as the process-wide manager."""
    monkeypatch.setattr(kp, "_manager", pm)
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stderr", err)
    status = main(list(args), out)
    return status, out.getvalue(), err.getvalue()


# --- 1. names ---------------------------------------------------------------------------------

HIJACK = """
from kozyr import hookimpl
from kozyr_seven_up import SevenUp

class Impostor(SevenUp):
    name = "seven-up"          # a built-in's canonical name
    title = "not Seven Up"

class Deluxe(SevenUp):
    name = "seven-up-deluxe"   # a subclass that forgot to change its aliases

class ThreeSeven(SevenUp):
    name = "tri-semyorki"
    aliases = ("Three Seven", "три-семёрки")   # "Three Seven" is Семерик's alias

@hookimpl
def kozyr_register_variants(registry):
    registry.add(Impostor)
    registry.add(Deluxe)
    registry.add(ThreeSeven)
"""


def test_a_plugin_cannot_take_a_builtin_name(
    module_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # "aaa" sorts before every built-in entry point: before, it was loaded first and won
    third_party(monkeypatch, ep("aaa-hijack", plugin_module(module_dir, HIJACK)))
    pm = loaded()
    assert pm.find("seven-up").__module__ == "kozyr_seven_up.variant"
    assert pm.plugin_of("seven-up").builtin  # type: ignore[union-attr]
    # the built-ins keep every alias; Семерик is not knocked out by "Three Seven"
    assert pm.find("high low jack").name == "seven-up"
    assert pm.find("THREE SEVEN").name == "semerik"
    assert pm.aliases_of("seven-up") == kozyr.get_variant("seven-up").aliases
    hijack = info_of(pm, "aaa-hijack")
    # only the clashing names are dropped, each reported; the rest of the plugin loads
    assert hijack.error is None and hijack.variants == ["seven-up-deluxe", "tri-semyorki"]
    assert hijack.warnings[0] == (
        "name 'seven-up' of variant seven-up (plugin aaa-hijack) is already taken by variant "
        "seven-up (plugin seven-up); variant seven-up not registered"
    )
    assert len(hijack.warnings) == 1 + len(kozyr.get_variant("seven-up").aliases) + 1
    assert pm.aliases_of("seven-up-deluxe") == ()
    assert pm.aliases_of("tri-semyorki") == ("три-семёрки",)
    # kozyr play seven-up runs the built-in
    status, out, _ = cli(pm, monkeypatch, "play", "seven-up", "--seed", "1", "--json")
    assert status == 0 and json.loads(out)["record"]["variant"] == "seven-up"
    assert "not Seven Up" not in cli(pm, monkeypatch, "variants")[1]


def test_a_canonical_name_beats_an_earlier_alias(
    module_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = f"""
    from kozyr import Variant, hookimpl

    class Early(Variant):
        name = "early"
        aliases = ("late", "Рано")
        player_counts = (2,)
{textwrap.indent(STUBS, "    ")}
    @hookimpl
    def kozyr_register_variants(registry):
        registry.add(Early)
    """
    second = first.replace('"early"', '"late"').replace('("late", "Рано")', "()")
    second = second.replace("Early", "Late")
    third_party(
        monkeypatch,
        ep("a-early", plugin_module(module_dir, first)),
        ep("b-late", plugin_module(module_dir, second)),
    )
    pm = loaded()
    assert pm.find("late").name == "late"  # the alias does not shadow the canonical name
    assert pm.find("рано").name == "early"
    assert pm.aliases_of("early") == ("Рано",)
    assert info_of(pm, "a-early").warnings == [
        "alias 'late' of variant early dropped: it is the name of variant late (plugin b-late)"
    ]
    assert info_of(pm, "b-late").ok


@pytest.mark.parametrize("name", ["Seven-Up-Deluxe", "seven up", "семерик-2", "a--b", "-x", ""])
def test_variant_names_are_lower_case_slugs(
    module_dir: Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    source = f"""
    from kozyr import Variant, hookimpl

    class Odd(Variant):
        name = {name!r}
        aliases = ("Any Case Alias", "Любой")
        player_counts = (2,)
{textwrap.indent(STUBS, "    ")}
    @hookimpl
    def kozyr_register_variants(registry):
        registry.add(Odd)
    """
    third_party(monkeypatch, ep("odd", plugin_module(module_dir, source)))
    error = info_of(loaded(), "odd").error
    assert error is not None
    assert ("not a lower-case slug" in error) if name else ("has no name" in error)


def test_aliases_may_be_any_case(module_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = f"""
    from kozyr import Variant, hookimpl

    class Fine(Variant):
        name = "fine-game"
        aliases = ("Fine Game", "Хорошая_Игра")
        player_counts = (2,)
{textwrap.indent(STUBS, "    ")}
    @hookimpl
    def kozyr_register_variants(registry):
        registry.add(Fine)
    """
    third_party(monkeypatch, ep("fine", plugin_module(module_dir, source)))
    pm = loaded()
    assert info_of(pm, "fine").ok and pm.find("хорошая игра").name == "fine-game"


def test_a_variant_whose_plugin_failed_says_so(
    module_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    broken = plugin_module(module_dir, "raise ImportError('needs numpy>=9')\n")
    third_party(monkeypatch, ep("tressette", broken))
    pm = loaded()
    with pytest.raises(PluginError) as info:
        pm.find("Tressette")
    assert str(info.value) == (
        "variant 'Tressette' (plugin tressette) failed to load: import failed: ImportError: "
        "needs numpy>=9"
    )
    # and through the CLI: one line, bad-input status
    status, _, err = cli(pm, monkeypatch, "play", "tressette", "--seed", "1")
    assert status == 2
    # the one-line warning every command gives for a broken plugin (#23), then the error
    assert err.strip().splitlines() == [
        "kozyr: warning: plugin tressette (kozyr-tressette): import failed: ImportError: needs "
        "numpy>=9 (see kozyr plugins)",
        "kozyr play: " + str(info.value).replace("'Tressette'", "'tressette'"),
    ]
    with pytest.raises(UnknownVariantError):  # a name nobody claimed is still just unknown
        pm.find("briscola")


def test_plugins_strict_exits_1_on_any_failure(
    module_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    third_party(monkeypatch)
    clean = loaded()
    assert cli(clean, monkeypatch, "plugins", "--strict")[0] == 0
    broken = plugin_module(module_dir, "raise RuntimeError('boom')\n")
    third_party(monkeypatch, ep("broken", broken))
    pm = loaded()
    status, out, _ = cli(pm, monkeypatch, "plugins", "--strict")
    assert status == 1 and "import failed: RuntimeError: boom" in out
    assert cli(pm, monkeypatch, "plugins")[0] == 0  # without --strict: a report, status 0
    # a dropped name is a failure for --strict too (a plugin author's CI wants to know)
    third_party(monkeypatch, ep("aaa-hijack", plugin_module(module_dir, HIJACK)))
    status, out, _ = cli(loaded(), monkeypatch, "plugins", "--strict", "--json")
    assert status == 1
    (hijack,) = [p for p in json.loads(out)["plugins"] if p["name"] == "aaa-hijack"]
    assert hijack["error"] is None and hijack["warnings"]


def test_disable_single_plugins(module_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    broken = plugin_module(module_dir, "raise SystemExit('never imported')\n")
    third_party(monkeypatch, ep("broken", broken))
    monkeypatch.setenv("KOZYR_DISABLE_PLUGINS", " broken , kozyr-semerik")  # entry point, dist
    pm = PluginManager()
    pm.load_entry_points()
    assert info_of(pm, "broken").disabled and info_of(pm, "broken").error is None
    assert info_of(pm, "semerik").disabled
    names = [v.name for v in pm.variants()]
    assert "semerik" not in names and "seven-up" in names
    assert cli(pm, monkeypatch, "plugins", "--strict")[0] == 0  # disabled is not a failure
    assert "disabled" in cli(pm, monkeypatch, "plugins")[1]


# --- 2. isolation at load -----------------------------------------------------------------------


class Fatal(BaseException):
    """A BaseException that is neither SystemExit nor KeyboardInterrupt."""


@pytest.mark.parametrize(
    ("source", "error"),
    [
        ("import sys\nsys.exit(3)\n", "import failed: SystemExit: 3"),
        (
            "raise SystemExit('bye')\n",
            "import failed: SystemExit: bye",
        ),
        (
            """
            import sys
            from kozyr import hookimpl

            @hookimpl
            def kozyr_register_variants(registry):
                sys.exit("no")
            """,
            "registration failed: SystemExit: no",
        ),
        (
            """
            from kozyr import hookimpl
            from tests.test_registry import Fatal

            @hookimpl
            def kozyr_register_variants(registry):
                raise Fatal("deep")
            """,
            "registration failed: Fatal: deep",
        ),
    ],
)
def test_system_exit_from_a_plugin_is_reported(
    module_dir: Path, monkeypatch: pytest.MonkeyPatch, source: str, error: str
) -> None:
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[1]))  # tests.test_registry
    third_party(monkeypatch, ep("aaa-exit", plugin_module(module_dir, source)))
    pm = loaded()
    assert info_of(pm, "aaa-exit").error == error
    assert "seven-up" in [v.name for v in pm.variants()]  # every other plugin still loads
    status, out, _ = cli(pm, monkeypatch, "variants")
    assert status == 0 and "semerik" in out


def test_keyboard_interrupt_still_stops_loading(
    module_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    third_party(monkeypatch, ep("ctrl-c", plugin_module(module_dir, "raise KeyboardInterrupt\n")))
    with pytest.raises(KeyboardInterrupt):
        loaded()


# --- 3. required hooks ----------------------------------------------------------------------


def test_a_variant_missing_engine_hooks_is_rejected_naming_them(
    module_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = """
    from kozyr import Variant, hookimpl

    class Bare(Variant):
        name = "bare"
        player_counts = (2, 3)

        def score(self, record, context):
            pass

    @hookimpl
    def kozyr_register_variants(registry):
        registry.add(Bare)
    """
    third_party(monkeypatch, ep("bare", plugin_module(module_dir, source)))
    pm = loaded()
    error = info_of(pm, "bare").error
    assert error is not None and "bare: missing engine hooks start, setup_replay" in error
    # before: registered "ok", then a raw NotImplementedError traceback on kozyr play
    status, _, err = cli(pm, monkeypatch, "play", "bare", "--seed", "1")
    assert status == 2 and "missing engine hooks start, setup_replay" in err
    assert REQUIRED_HOOKS == ("start", "setup_replay", "score")


# --- 5. the bot and sheet-format hooks ------------------------------------------------------


class FirstLegal:
    """Plays the first legal action: a bot any variant can use."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, deal: Deal, actions: Sequence[Action]) -> Action:
        return actions[0]


BOTS = """
from kozyr import hookimpl
from tests.test_registry import FirstLegal

@hookimpl
def kozyr_register_bots(registry):
    registry.add("first-legal", FirstLegal, description="the first legal action")
    registry.add("semerik-only", FirstLegal, variants=["Семерик"])
    registry.add("random", FirstLegal)  # kozyr's own name: dropped, reported
"""


@pytest.fixture
def tests_importable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[1]))


def test_bots_hook(
    module_dir: Path, monkeypatch: pytest.MonkeyPatch, tests_importable: None
) -> None:
    third_party(monkeypatch, ep("bots", plugin_module(module_dir, BOTS)))
    pm = loaded()
    monkeypatch.setattr(kp, "_manager", pm)
    info = info_of(pm, "bots")
    assert info.error is None and info.bots == ["first-legal", "semerik-only"]
    assert info.warnings == [
        "bot name 'random' (plugin bots) is already taken by plugin kozyr; bot not registered"
    ]
    assert sorted(kp.bots_for("semerik")) == ["first-legal", "semerik-only"]
    assert sorted(kp.bots_for("seven-up")) == ["first-legal"]
    # listed by kozyr variants
    status, out, _ = cli(pm, monkeypatch, "variants", "--json")
    rows = {v["name"]: v for v in json.loads(out)["variants"]}
    assert rows["semerik"]["plugin_bots"] == ["first-legal", "semerik-only"]
    assert rows["seven-up"]["plugin_bots"] == ["first-legal"]
    assert "plugin bots" in cli(pm, monkeypatch, "variants")[1]
    # usable with --bot in play and simulate
    status, out, _ = cli(pm, monkeypatch, "play", "seven-up", "--seed", "4", "--bot", "first-legal")
    assert status == 0
    deal = kozyr.play_deal(kozyr.get_variant("seven-up"), seed=4, bots="first-legal")
    # every card played was the first legal one: replaying with the same bot gives the same deal
    again = kozyr.play_deal(kozyr.get_variant("seven-up"), seed=4, bots="first-legal")
    assert again.record == deal.record
    status, out, _ = cli(
        pm, monkeypatch, "simulate", "semerik", "-n", "3", "--bot", "semerik-only", "--json"
    )
    assert status == 0 and json.loads(out)["bots"] == ["semerik-only"] * 4
    status, _, err = cli(
        pm, monkeypatch, "play", "seven-up", "--seed", "1", "--bot", "semerik-only"
    )
    assert status == 2 and "unknown bot 'semerik-only'" in err


def test_a_variants_own_bot_wins_over_a_plugin_bot(monkeypatch: pytest.MonkeyPatch) -> None:
    class Clash:
        @hookimpl
        def kozyr_register_bots(self, registry: BotRegistry) -> None:
            registry.add("heuristic", FirstLegal)

    third_party(monkeypatch)
    pm = loaded()
    monkeypatch.setattr(kp, "_manager", pm)
    pm.register(Clash(), name="clash")
    variant = kozyr.get_variant("seven-up")
    (bot, *_) = kozyr.make_bots(variant, "heuristic", 1)
    assert not isinstance(bot, FirstLegal)


def plain(sheet: Any, lang: str) -> str:
    """A score-sheet renderer: ``(sheet, lang) -> text``."""
    return f"{type(sheet).__name__} in {lang}"


FORMATS = """
from kozyr import hookimpl
from tests.test_registry import plain

@hookimpl
def kozyr_register_sheet_formats(registry):
    registry.add("plain", plain, suffix=".txt", description="one line")
    registry.add("csv", plain)  # kozyr's own format: dropped, reported
"""


def test_sheet_formats_hook(
    module_dir: Path, monkeypatch: pytest.MonkeyPatch, tests_importable: None
) -> None:
    third_party(monkeypatch, ep("formats", plugin_module(module_dir, FORMATS)))
    pm = loaded()
    monkeypatch.setattr(kp, "_manager", pm)
    info = info_of(pm, "formats")
    assert info.sheet_formats == ["plain"] and len(info.warnings) == 1
    assert (
        "sheet format 'csv' (plugin formats) is already taken by plugin kozyr" in info.warnings[0]
    )
    (fmt,) = kp.sheet_formats().values()
    assert (fmt.name, fmt.suffix, fmt.description, fmt.plugin) == (
        "plain",
        "txt",
        "one line",
        "formats",
    )
    assert fmt.render(object(), "ru") == "object in ru"


def test_hooks_are_called_through_the_plugin_manager(monkeypatch: pytest.MonkeyPatch) -> None:
    # pluggy's own call monitoring sees every hook call: none is called around the manager
    third_party(monkeypatch)
    pm = PluginManager(autoload=True)
    calls: list[str] = []
    pm._pm.add_hookcall_monitoring(lambda name, impls, kwargs: calls.append(name), lambda *a: None)
    pm.load_entry_points()

    class All:
        @hookimpl
        def kozyr_register_variants(self, registry: Any) -> None:
            pass

        @hookimpl
        def kozyr_register_bots(self, registry: Any) -> None:
            pass

        @hookimpl
        def kozyr_register_sheet_formats(self, registry: Any) -> None:
            pass

    pm.register(All(), name="all")
    assert calls.count("kozyr_register_variants") == 5  # four built-ins and All
    assert calls[-3:] == list(HOOKS)


def test_builtins_are_marked_by_their_own_entry_point_group() -> None:
    groups = {
        ep.name: ep.group
        for group in (BUILTIN_GROUP, ENTRY_POINT_GROUP)
        for ep in _REAL_ENTRY_POINTS(group=group)
    }
    assert {groups[n] for n in ("seven-up", "sem-listov", "semerik", "pitch")} == {BUILTIN_GROUP}
    pm = PluginManager(autoload=False)
    pm.load_entry_points()
    shipped = {p.name for p in (ROOT / "plugins").iterdir() if (p / "pyproject.toml").exists()}
    assert all(i.builtin for i in pm.plugins) and len(pm.plugins) == len(shipped)


ROOT = Path(__file__).resolve().parents[1]


def test_the_builtin_allow_list_is_the_plugins_folder() -> None:
    """#23: only the distributions shipped in plugins/ may register under kozyr.builtin, each
    with its entry point's module inside its own package (the allow-list says which)."""
    import tomllib

    for folder in sorted((ROOT / "plugins").iterdir()):
        if not (folder / "pyproject.toml").exists():
            continue
        project = tomllib.loads((folder / "pyproject.toml").read_text(encoding="utf-8"))
        name = project["project"]["name"]
        points = project["project"]["entry-points"][BUILTIN_GROUP]
        assert name in kp.BUILTIN_PLUGINS, name
        for value in points.values():
            assert kp.builtin_refusal(name, value) is None
    assert kp.builtin_refusal("kozyr-semerik", "kozyr_semerikx.plugin") is not None
    assert kp.builtin_refusal("KOZYR_SEMERIK", "kozyr_semerik:plugin") is None
    assert kp.builtin_refusal("kozyr-semerik-extra", "kozyr_semerik.plugin") is not None


def test_an_unknown_hook_name_is_a_warning(monkeypatch: pytest.MonkeyPatch) -> None:
    class Typo:
        @hookimpl
        def kozyr_register_variant(self, registry: Any) -> None:  # missing "s"
            pass

        @hookimpl
        def kozyr_register_bots(self, registry: Any) -> None:
            pass

    third_party(monkeypatch)
    pm = loaded()
    info = pm.register(Typo(), name="typo")
    assert info.warnings == [
        "unknown hook kozyr_register_variant (not one of kozyr_register_bots, "
        "kozyr_register_sheet_formats, kozyr_register_variants)"
    ]


# --- a real installation ----------------------------------------------------------------------

DIST = """
[build-system]
requires = ["setuptools>=61"]
build-backend = "setuptools.build_meta"

[project]
name = "kozyr-throwaway"
version = "0.0.1"

[project.entry-points."kozyr.variants"]
aaa-hijack = "kozyr_throwaway.hijack"
aab-exit = "kozyr_throwaway.bye"

[project.entry-points."kozyr.builtin"]
aaa-evil = "kozyr_throwaway.evil"
semerik = "kozyr_semerik.plugin"

[tool.setuptools]
packages = ["kozyr_throwaway"]
"""


#: A module that claims the built-in group (#23): were it ever imported it would leave a file
#: behind and take Семерик's name (it sorts before every built-in).
EVIL = """
import os
from pathlib import Path
from kozyr import hookimpl
from kozyr_semerik.variant import Semerik

Path(os.environ["KOZYR_EVIL_MARKER"]).write_text("imported", encoding="utf-8")

class Impostor(Semerik):
    name = "semerik"
    title = "not Semerik"

@hookimpl
def kozyr_register_variants(registry):
    registry.add(Impostor)
"""


@pytest.mark.slow
def test_real_install_cannot_hijack_or_kill(tmp_path: Path) -> None:
    """About 8 s: a throwaway distribution whose first entry point registers ``seven-up``, whose
    second calls sys.exit() at import, and which claims the built-in group twice (a module of
    its own, and the real Семерик's module under Семерик's entry-point name), pip-installed
    into a fresh venv (offline)."""
    if os.environ.get("KOZYR_SKIP_VENV_TESTS") == "1":
        pytest.skip("KOZYR_SKIP_VENV_TESTS=1")
    source = tmp_path / "dist"
    package = source / "kozyr_throwaway"
    package.mkdir(parents=True)
    (source / "pyproject.toml").write_text(DIST, encoding="utf-8")
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "hijack.py").write_text(textwrap.dedent(HIJACK), encoding="utf-8")
    (package / "bye.py").write_text("import sys\nsys.exit('plugin says bye')\n", encoding="utf-8")
    (package / "evil.py").write_text(EVIL, encoding="utf-8")
    marker = tmp_path / "evil-was-imported"
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)], check=True)
    python = venv / "bin" / "python"
    purelib = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    here = sysconfig.get_paths()["purelib"]
    Path(purelib, "kozyr_dev_env.pth").write_text(
        f"import site; site.addsitedir({here!r})\n", encoding="utf-8"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith("KOZYR_")}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    env["KOZYR_EVIL_MARKER"] = str(marker)
    pip = [str(python), "-m", "pip", "install", "-q", "--no-deps", "--no-index"]
    built = subprocess.run(
        [*pip, "--no-build-isolation", str(source)], env=env, capture_output=True, timeout=300
    )
    if built.returncode != 0:  # pragma: no cover - no setuptools/wheel here: let pip build it
        subprocess.run(
            [str(python), "-m", "pip", "install", "-q", "--no-deps", str(source)],
            env=env,
            check=True,
            capture_output=True,
            timeout=300,
        )

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(python), "-m", "kozyr", *args], capture_output=True, text=True, env=env
        )

    listing = run("variants")
    assert listing.returncode == 0, listing.stderr  # the sys.exit() plugin did not end it
    assert "seven-up-deluxe" in listing.stdout and "not Seven Up" not in listing.stdout
    played = run("play", "seven-up", "--seed", "1", "--json")
    assert played.returncode == 0, played.stderr
    here_played = subprocess.run(
        [sys.executable, "-m", "kozyr", "play", "seven-up", "--seed", "1", "--json"],
        capture_output=True,
        text=True,
        env=env,
    )
    assert played.stdout == here_played.stdout  # the built-in, not the impostor
    plugins = run("plugins", "--json", "--strict")
    assert plugins.returncode == 1
    report = {p["name"]: p for p in json.loads(plugins.stdout)["plugins"]}
    assert report["aab-exit"]["error"] == "import failed: SystemExit: plugin says bye"
    assert report["aaa-hijack"]["warnings"] and report["seven-up"]["builtin"]
    # the built-in group claimed by a foreign distribution: refused unimported, named (#23)
    refusal = (
        "refused: distribution kozyr-throwaway is not a built-in plugin of kozyr (only "
        "kozyr-pitch, kozyr-sem-listov, kozyr-semerik, kozyr-seven-up may register under "
        "kozyr.builtin)"
    )
    assert report["aaa-evil"]["error"] == refusal and not report["aaa-evil"]["builtin"]
    assert report["semerik"]["builtin"] and report["semerik"]["distribution"] == "kozyr-semerik"
    assert not marker.exists()
    listed = {v["name"]: v for v in json.loads(run("variants", "--json").stdout)["variants"]}
    assert listed["semerik"]["title"] == "Semerik (Three-seven)"
    assert listed["semerik"]["distribution"] == "kozyr-semerik"
    scored = run("score-hand", "semerik", "7♠ 7♣ 7♦", "--json")
    here_scored = subprocess.run(
        [sys.executable, "-m", "kozyr", "score-hand", "semerik", "7♠ 7♣ 7♦", "--json"],
        capture_output=True,
        text=True,
        env=env,
    )
    assert scored.returncode == 0 and scored.stdout == here_scored.stdout
    # every command names the broken and refused plugins on stderr, one line each
    warned = run("rules", "aab-exit").stderr.strip().splitlines()
    assert warned == [
        f"kozyr: warning: plugin aaa-evil (kozyr-throwaway): {refusal} (see kozyr plugins)",
        "kozyr: warning: plugin semerik (kozyr-throwaway): refused: distribution "
        "kozyr-throwaway is not a built-in plugin of kozyr (only kozyr-pitch, kozyr-sem-listov, "
        "kozyr-semerik, kozyr-seven-up may register under kozyr.builtin) (see kozyr plugins)",
        "kozyr: warning: plugin aab-exit (kozyr-throwaway): import failed: SystemExit: plugin "
        "says bye (see kozyr plugins)",
        "kozyr rules: variant 'aab-exit' (plugin aab-exit) failed to load: import failed: "
        "SystemExit: plugin says bye",
    ]
    # the unknown-variant error names the plugins that failed
    unknown = run("rules", "tressette").stderr.strip().splitlines()[-1]
    assert unknown.startswith("kozyr rules: unknown variant 'tressette'; installed: ")
    assert "plugin aab-exit failed to load and may have it" in unknown
    # autoloading off: nothing of the throwaway loads, the built-ins do
    off = subprocess.run(
        [str(python), "-m", "kozyr", "plugins", "--json"],
        capture_output=True,
        text=True,
        env={**env, "KOZYR_DISABLE_PLUGIN_AUTOLOAD": "1"},
    )
    loaded_off = [p for p in json.loads(off.stdout)["plugins"] if p["error"] is None]
    assert {p["distribution"] for p in loaded_off} <= set(kp.BUILTIN_PLUGINS)
    assert {p["name"] for p in loaded_off} >= {"seven-up", "semerik", "sem-listov"}
    assert not marker.exists()
    disabled = subprocess.run(
        [str(python), "-m", "kozyr", "plugins", "--strict"],
        capture_output=True,
        text=True,
        env={**env, "KOZYR_DISABLE_PLUGINS": "aaa-hijack,aab-exit,aaa-evil,kozyr-throwaway"},
    )
    assert disabled.returncode == 0, disabled.stdout
    shutil.rmtree(venv, ignore_errors=True)


# --- lazy registration (start-up) ---------------------------------------------------------------

LAZY = """
from kozyr import hookimpl

@hookimpl
def kozyr_register_variants(registry):
    registry.add_lazy(
        "{module}:Late",
        name="late-game",
        aliases=("Поздняя",),
        player_counts={players!r},
        title="Late",
        rules_ref="LG1",
    )
"""

LATE = f"""
from kozyr import Variant

class Late(Variant):
    name = "late-game"
    aliases = ("Поздняя",)
    player_counts = (2,)
    title = "Late"
    rules_ref = "LG1-LG2"
{STUBS}
"""


def test_a_lazily_registered_variant_is_imported_when_asked_for(
    module_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = plugin_module(module_dir, LATE)
    third_party(
        monkeypatch, ep("late", plugin_module(module_dir, LAZY.format(module=game, players=(2,))))
    )
    pm = loaded()
    (entry,) = [e for e in pm.entries() if e.name == "late-game"]
    assert entry.cls is None and game not in sys.modules  # listed, not imported
    assert cli(pm, monkeypatch, "variants")[1].count("late-game") == 1
    assert game not in sys.modules
    assert pm.find("поздняя").__module__ == game  # imported on first use
    # a differing description is a warning (the class wins); kozyr plugins --strict shows it
    assert info_of(pm, "late").warnings == [
        "variant late-game: rules_ref 'LG1' was registered, the class says 'LG1-LG2'"
    ]
    assert entry.rules == "LG1-LG2"


def test_a_lazy_variant_that_differs_from_its_class_fails_naming_the_field(
    module_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = plugin_module(module_dir, LATE)
    bad = LAZY.format(module=game, players=(2, 3))
    third_party(monkeypatch, ep("late", plugin_module(module_dir, bad)))
    pm = loaded()
    with pytest.raises(PluginError) as info:
        pm.find("late-game")
    assert str(info.value) == (
        f"variant late-game (plugin late) failed to load: PluginError: {game}:Late was "
        "registered with player_counts (2, 3) (the class says (2,))"
    )
    with pytest.raises(PluginError, match="failed to load"):  # and stays failed, by alias too
        pm.find("Поздняя")
    status, out, _ = cli(pm, monkeypatch, "plugins", "--strict")
    assert status == 1 and "failed to load" in out


def test_a_lazy_variant_whose_module_exits_is_isolated(
    module_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = plugin_module(module_dir, "import sys\nsys.exit(7)\n")
    third_party(
        monkeypatch, ep("late", plugin_module(module_dir, LAZY.format(module=game, players=(2,))))
    )
    pm = loaded()
    with pytest.raises(PluginError, match=r"failed to load: SystemExit: 7"):
        pm.find("late-game")
    assert "seven-up" in [v.name for v in pm.variants()]
