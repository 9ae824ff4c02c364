"""Plugin faults contained and blamed on the right plugin (#23 item 4, #21 item 9): every call
into a plugin's code -- a variant's hooks, a bot, a sheet format -- goes through one guard that
turns an exception or a value of the wrong type into a HookError naming the plugin (and the bot
or format), which the command line answers with exit status 3 and one line on stderr.

The toy game is the one of tests/test_plugin_faults.py (two players, three cards each, follow
suit, PN3); the plugins here register bots and sheet formats that fail in each possible way."""

from __future__ import annotations

import io
import sys
from collections.abc import Sequence
from typing import Any

import pytest
from typing_extensions import override

import kozyr
import kozyr.registry as kp
from kozyr import Action, HookError, IllegalActionError, hookimpl, play_deal
from kozyr.cli import main
from kozyr.registry import PluginManager, call_plugin, plugin_fault

from .test_plugin_faults import ToyWhist


class GoodBot:
    def __init__(self, rng: Any) -> None:
        self.rng = rng

    def choose(self, view: Any, actions: Sequence[Action]) -> Action:
        return actions[0]


class RaisingBot(GoodBot):
    def choose(self, view: Any, actions: Sequence[Action]) -> Action:
        raise KeyError("hand")


class ForeignBot(GoodBot):
    def choose(self, view: Any, actions: Sequence[Action]) -> Action:
        return "A♠"  # type: ignore[return-value]  # a foreign object, not an Action


class IllegalBot(GoodBot):
    """Plays the first card it holds, legal or not, and for the wrong seat."""

    def choose(self, view: Any, actions: Sequence[Action]) -> Action:
        return Action("play", (actions[0].seat + 1) % 2, actions[0].card)


class KozyrErrorBot(GoodBot):
    """A bot whose own mistake is a KozyrError: still the bot's fault, not the user's input."""

    def choose(self, view: Any, actions: Sequence[Action]) -> Action:
        raise IllegalActionError("no such card")


def broken_render(sheet: Any, lang: str) -> str:
    raise RuntimeError("template missing")


def bytes_render(sheet: Any, lang: str) -> str:
    return b"bytes"  # type: ignore[return-value]


def none_render(sheet: Any, lang: str) -> str:
    return None  # type: ignore[return-value]


class VariantPlugin:
    @hookimpl
    def kozyr_register_variants(self, registry: kozyr.VariantRegistry) -> None:
        registry.add(ToyWhist)


class BotPlugin:
    """Another plugin's bots for the toy variant: a fault is *this* plugin's, not the variant's."""

    @hookimpl
    def kozyr_register_bots(self, registry: kp.BotRegistry) -> None:
        registry.add("good", GoodBot)
        registry.add("raises", RaisingBot)
        registry.add("foreign", ForeignBot)
        registry.add("illegal", IllegalBot)
        registry.add("kozyr-error", KozyrErrorBot)
        registry.add("no-bot", lambda rng: 42)  # type: ignore[arg-type,return-value]

    @hookimpl
    def kozyr_register_sheet_formats(self, registry: kp.SheetFormatRegistry) -> None:
        registry.add("broken", broken_render)
        registry.add("bytes", bytes_render)
        registry.add("nothing", none_render)


@pytest.fixture
def pm(monkeypatch: pytest.MonkeyPatch) -> PluginManager:
    manager = PluginManager(autoload=False)
    manager.load_entry_points()
    manager.register(VariantPlugin(), name="toy-variants")
    manager.register(BotPlugin(), name="toy-bots")
    monkeypatch.setattr(kp, "_manager", manager)
    return manager


def run(*args: str, monkeypatch: pytest.MonkeyPatch) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stderr", err)
    status = main(list(args), out)
    return status, out.getvalue(), err.getvalue()


def test_the_good_bot_of_another_plugin_plays(pm: PluginManager) -> None:
    deal = play_deal(kozyr.get_variant("toy-whist"), seed=1, bots="good")
    assert deal.is_over and sum(deal.tricks_won) == 3


@pytest.mark.parametrize(
    ("bot", "detail"),
    [
        ("raises", "hook choose raised KeyError: 'hand'"),
        ("foreign", "hook choose returned str, not Action"),
        ("kozyr-error", "hook choose raised IllegalActionError: no such card"),
    ],
)
def test_a_bot_fault_names_the_bot_and_its_plugin(pm: PluginManager, bot: str, detail: str) -> None:
    with pytest.raises(HookError) as caught:
        play_deal(kozyr.get_variant("toy-whist"), seed=1, bots=bot)
    error = caught.value
    # the bot's plugin (toy-bots), never the variant's (toy-variants)
    assert (error.plugin, error.bot, error.variant, error.hook) == (
        "toy-bots",
        bot,
        "toy-whist",
        "choose",
    )
    assert str(error) == (
        f"bot {bot} (plugin toy-bots) playing toy-whist: {detail} (deal seed 1, dealer 0; seat 1)"
    )


def test_a_bot_choosing_an_illegal_action_is_its_plugins_fault(pm: PluginManager) -> None:
    variant = kozyr.get_variant("toy-whist")
    with pytest.raises(HookError) as caught:
        play_deal(variant, seed=1, bots="illegal")
    error = caught.value
    assert error.plugin == "toy-bots" and error.bot == "illegal" and error.seat == 1
    # the engine's own refusal of the action (C2: out of turn) is part of the message
    assert "chose an illegal action seat 0: " in str(error)
    assert "out of turn; seat 1 is to play" in str(error)


def test_a_bot_factory_that_makes_no_bot(pm: PluginManager) -> None:
    with pytest.raises(
        HookError,
        match=r"^bot no-bot \(plugin toy-bots\) playing toy-whist: "
        r"hook factory made int, not a bot",
    ):
        play_deal(kozyr.get_variant("toy-whist"), seed=1, bots="no-bot")


@pytest.mark.parametrize("bot", ["raises", "foreign", "illegal"])
def test_the_cli_exits_3_naming_the_bot(
    pm: PluginManager, monkeypatch: pytest.MonkeyPatch, bot: str
) -> None:
    status, _, err = run("play", "toy-whist", "--seed", "1", "--bot", bot, monkeypatch=monkeypatch)
    assert status == 3
    (line,) = err.strip().splitlines()
    assert line.startswith(f"kozyr play: bot {bot} (plugin toy-bots) playing toy-whist: ")


@pytest.mark.parametrize(
    ("fmt", "detail"),
    [
        ("broken", "hook render raised RuntimeError: template missing"),
        ("bytes", "hook render returned bytes, not str"),
        ("nothing", "hook render returned NoneType, not str"),
    ],
)
def test_a_sheet_format_fault_is_exit_3_naming_the_format(
    pm: PluginManager, monkeypatch: pytest.MonkeyPatch, tmp_path: Any, fmt: str, detail: str
) -> None:
    deal = play_deal(kozyr.get_variant("toy-whist"), seed=3)
    path = tmp_path / "deal.json"
    path.write_text(__import__("json").dumps(deal.record.to_json()), encoding="utf-8")
    status, out, err = run("sheet", str(path), "--format", fmt, monkeypatch=monkeypatch)
    assert status == 3 and out == ""
    assert err.strip() == f"kozyr sheet: sheet format {fmt} (plugin toy-bots): {detail}"


def test_the_guard_keeps_a_variants_kozyr_error_as_the_users() -> None:
    # a variant's hook refusing bad input (a record's illegal play) speaks for the input
    refused = IllegalActionError("seat 1 must follow suit")
    assert plugin_fault(refused, plugin="p", hook="score") is refused
    # a bot's or a format's KozyrError does not: nothing of the user's went into it
    fault = plugin_fault(refused, plugin="p", hook="choose", bot="b", trusted=())
    assert isinstance(fault, HookError) and fault.__cause__ is refused
    # a HookError from deeper down already names who failed: it passes unchanged
    inner = HookError(plugin="q", variant="v", hook="score", detail="broke")
    assert plugin_fault(inner, plugin="p", hook="choose", trusted=()) is inner


def test_the_guard_checks_the_type_returned() -> None:
    assert call_plugin(lambda a, b: a + b, 1, 2, plugin="p", hook="add", returns=int) == 3
    with pytest.raises(HookError) as caught:
        call_plugin(lambda: 1.5, plugin="p", hook="points", variant="v", returns=(int, str))
    assert str(caught.value) == "variant v (plugin p): hook points returned float, not int or str"


def test_trace_logs_every_guarded_call(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("KOZYR_TRACE_PLUGINS", "1")
    call_plugin(lambda: "x", plugin="p", hook="render", sheet_format="f")
    assert capsys.readouterr().err == "kozyr trace: plugin p f: render\n"


def test_an_inherited_batch_form_is_not_used_for_a_subclass_that_scores_its_own_way(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """#21 item 9: a subclass from another package whose ``score`` raises used to pass
    ``simulate``, because the inherited batch form never called it."""
    pytest.importorskip("numpy")
    from kozyr_seven_up import SevenUp

    from kozyr.simulate import simulate
    from kozyr.simulate.batch import batch_drift

    class Renamed(SevenUp):
        name = "seven-up-renamed"  # a new name only: the form still fits
        aliases = ()

    class OwnScore(SevenUp):
        name = "seven-up-own-score"
        aliases = ()

        @override
        def score(self, record: Any, context: Any) -> Any:
            raise RuntimeError("house scoring not written yet")

    class Plugin:
        @hookimpl
        def kozyr_register_variants(self, registry: kozyr.VariantRegistry) -> None:
            registry.add(Renamed)
            registry.add(OwnScore)

    manager = PluginManager(autoload=False)
    manager.load_entry_points()
    manager.register(Plugin(), name="house")
    monkeypatch.setattr(kp, "_manager", manager)
    assert batch_drift(Renamed) is None and batch_drift(SevenUp) is None
    assert simulate("seven-up-renamed", n=64, seed=1, workers=1).engine == "batch"
    with pytest.raises(HookError, match="hook score raised RuntimeError: house scoring"):
        simulate("seven-up-own-score", n=64, seed=1, workers=1)
    assert batch_drift(OwnScore) == (
        "OwnScore overrides score of SevenUp, whose batch form never calls it: the reference "
        "engine plays every deal"
    )
