"""Registration and ``kozyr plugins --strict`` check what they can (#23 item 5): a variant is made
with its defaults and every declared player count; its option defaults must be allowed values,
its outcome fields of known kinds, its ``trick_rules`` present; a bot's variants must exist;
points are ``int | Fraction`` at run time in the engine. One bad plugin never breaks the record
schema or another plugin's game.

The broken toys are variations of the toy whist of tests/test_plugin_faults.py."""

from __future__ import annotations

import io
import sys
from collections.abc import Mapping
from typing import Any

import pytest

import kozyr
import kozyr.registry as kp
from kozyr import (
    DealRecord,
    DealResult,
    HookError,
    OptionSpec,
    OutcomeField,
    ScoreItem,
    ScoreSheet,
    Settlement,
    hookimpl,
    play_deal,
)
from kozyr.cli import main
from kozyr.registry import PluginManager

from .test_plugin_faults import ToyWhist


class BadTarget(ToyWhist):
    name = "toy-bad-target"
    options_spec = (OptionSpec("target", int, 25, "TS9", choices=(21, 31)),)


class NoTrickRules(ToyWhist):
    name = "toy-no-rules"

    def __init__(self, **options: Any) -> None:
        kozyr.Variant.__init__(self, **options)  # forgets self.trick_rules


class BadOutcomeKind(ToyWhist):
    name = "toy-bad-kind"

    @property
    def outcome_fields(self) -> tuple[OutcomeField, ...]:
        return (OutcomeField("bids", "bid-list", "Заявки", "Bids", "OH1"),)


class ThreeCannotPlay(ToyWhist):
    name = "toy-three"
    player_counts = (2, 3)
    options_spec = (OptionSpec("players", int, 2, "TW1", choices=(2, 3)),)

    def check_options(self) -> None:
        if self.options["players"] == 3:
            raise ZeroDivisionError("three players not written yet")


class FloatPoints(ToyWhist):
    name = "toy-float"

    def score(self, record: DealRecord, context: Mapping[str, Any]) -> DealResult:
        tricks = tuple(record.tricks_won(2)) if record.tricks is not None else (0, 0)
        item = ScoreItem("tricks", "взятки", "tricks", 2.5, seat=0)  # type: ignore[arg-type]
        return DealResult(record, tricks, ScoreSheet((item,), 2), tricks, Settlement(2))


class Broken:
    @hookimpl
    def kozyr_register_variants(self, registry: kozyr.VariantRegistry) -> None:
        registry.add(BadOutcomeKind)


class Fine:
    @hookimpl
    def kozyr_register_variants(self, registry: kozyr.VariantRegistry) -> None:
        registry.add(ToyWhist)
        registry.add(FloatPoints)

    @hookimpl
    def kozyr_register_bots(self, registry: kp.BotRegistry) -> None:
        registry.add("lost", lambda rng: kozyr.RandomBot(rng), variants=["toy-whisst"])


@pytest.fixture
def pm(monkeypatch: pytest.MonkeyPatch) -> PluginManager:
    manager = PluginManager(autoload=False)
    manager.load_entry_points()
    monkeypatch.setattr(kp, "_manager", manager)
    return manager


@pytest.mark.parametrize(
    ("cls", "problem"),
    [
        (
            BadTarget,
            "toy-bad-target: the default of option target is not allowed: option target: 25 is "
            "not allowed; allowed: 21, 31 (TS9)",
        ),
        (
            BadOutcomeKind,
            "toy-bad-kind: made with its defaults, its outcome_fields cannot be read: "
            "ValueError: outcome field bids: unknown kind 'bid-list'",
        ),
        (
            ThreeCannotPlay,
            "toy-three: cannot be made for 3 players: ZeroDivisionError: three players not "
            "written yet",
        ),
    ],
)
def test_a_broken_declaration_is_refused_at_registration(
    pm: PluginManager, cls: type[kozyr.Variant], problem: str
) -> None:
    class Plugin:
        @hookimpl
        def kozyr_register_variants(self, registry: kozyr.VariantRegistry) -> None:
            registry.add(cls)

    with pytest.raises(kozyr.PluginError) as caught:
        pm.register(Plugin(), name="broken")
    assert str(caught.value) == f"plugin broken: registration failed: PluginError: {problem}"


def test_a_variant_without_trick_rules_is_a_warning_and_a_hook_error_at_play(
    pm: PluginManager,
) -> None:
    class Plugin:
        @hookimpl
        def kozyr_register_variants(self, registry: kozyr.VariantRegistry) -> None:
            registry.add(NoTrickRules)

    info = pm.register(Plugin(), name="no-rules")
    assert not info.ok and info.notes == [
        "toy-no-rules: made with its defaults, it has no trick_rules and cannot be played (set "
        "self.trick_rules to a kozyr.TrickRules in __init__, e.g. kozyr.FollowElseAny)"
    ]
    with pytest.raises(HookError) as caught:  # before: a raw AttributeError at play
        play_deal(kozyr.get_variant("toy-no-rules"), seed=1)
    assert str(caught.value) == (
        "variant toy-no-rules (plugin no-rules): has no trick_rules: set self.trick_rules to a "
        "kozyr.TrickRules in __init__ (e.g. kozyr.FollowElseAny)"
    )


def test_one_bad_plugin_breaks_neither_the_schema_nor_another_game(
    pm: PluginManager, monkeypatch: pytest.MonkeyPatch
) -> None:
    pm._register(Broken(), kp.PluginInfo("broken", "kozyr-broken", "1.0"))  # as an entry point
    pm._register(Fine(), kp.PluginInfo("fine", "kozyr-fine", "1.0"))
    schema = kozyr.record_schema()  # before #23: a bare ValueError for every user
    names = [cls.name for cls in kozyr.variants()]
    assert "toy-whist" in names and "toy-bad-kind" not in names
    assert len(schema["$defs"]["variants"]["allOf"]) == len(names)
    assert play_deal(kozyr.get_variant("toy-whist"), seed=1).is_over
    with pytest.raises(kozyr.PluginError, match="unknown kind 'bid-list'"):
        kozyr.get_variant("toy-bad-kind")
    # kozyr plugins --strict: the broken plugin and the bot for a misspelt variant both fail it
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stderr", err)
    assert main(["plugins", "--strict"], out) == 1
    text = out.getvalue()
    assert "unknown kind 'bid-list'" in text
    assert "bot lost: variant 'toy-whisst' is not installed" in text


def test_float_points_are_a_hook_error_in_the_engine_and_in_replay(pm: PluginManager) -> None:
    pm.register(Fine(), name="fine")
    deal = play_deal(kozyr.get_variant("toy-float"), seed=1)
    with pytest.raises(HookError) as caught:
        deal.result()
    assert str(caught.value) == (
        "variant toy-float (plugin fine): hook score returned item 'tricks' with points 2.5: an "
        "int or a Fraction is needed (deal seed 1, dealer 0)"
    )
    with pytest.raises(HookError, match=r"points 2\.5: an int or a Fraction is needed \(record"):
        kozyr.replay(deal.record.to_json())


MONKEYPATCH = """
from kozyr import hookimpl
from kozyr.record import PartyResult

PartyResult.to_json = lambda self: {"total": 0}  # changes every printed total

@hookimpl
def kozyr_register_bots(registry):
    pass
"""


def test_kozyr_plugins_reports_a_plugin_that_replaced_a_kozyr_attribute(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """#21 item 9: monkeypatching PartyResult.to_json at import silently changed a total."""
    from kozyr.record import PartyResult

    from .test_registry import ep, loaded, plugin_module, third_party

    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(PartyResult, "to_json", PartyResult.to_json)  # restored after the test
    third_party(monkeypatch, ep("patcher", plugin_module(tmp_path, MONKEYPATCH)))
    pm = loaded()
    (info,) = [i for i in pm.plugins if i.name == "patcher"]
    assert info.warnings == [
        "replaced kozyr's kozyr.record.PartyResult.to_json when imported (a monkeypatch: "
        "kozyr's behaviour is no longer its own)"
    ]
    monkeypatch.setattr(kp, "_manager", pm)
    out = io.StringIO()
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    assert main(["plugins", "--strict"], out) == 1
    assert "replaced kozyr's kozyr.record.PartyResult.to_json" in out.getvalue()
