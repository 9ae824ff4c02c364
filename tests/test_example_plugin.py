"""The third-party example plugin (examples/plugin-example, written from docs/plugins.md) works:
registered at run time in this process, and installed with pip into a fresh virtual environment
where the ``kozyr`` command finds it through its entry point."""

from __future__ import annotations

import importlib
import io
import json
from pathlib import Path
from typing import Any

import pytest

import kozyr
import kozyr.registry as kp
from kozyr import DealResult, OptionError, RecordError
from kozyr.cli import main
from kozyr.registry import PluginManager
from kozyr.testing import check_variant

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "plugin-example"


@pytest.fixture
def example_manager(monkeypatch: pytest.MonkeyPatch) -> PluginManager:
    """A fresh process-wide manager (built-ins + the example registered at run time); the
    previous manager comes back after the test."""
    monkeypatch.syspath_prepend(str(EXAMPLE / "src"))
    plugin = importlib.import_module("kozyr_example_plugin.plugin")
    pm = PluginManager(autoload=False)
    pm.load_entry_points()
    if "simple-whist" not in [v.name for v in pm.variants()]:  # unless pip-installed here
        info = pm.register(plugin, name="simple-whist")
        assert info.variants == ["simple-whist"] and info.error is None
    monkeypatch.setattr(kp, "_manager", pm)
    return pm


# SW2/SW3 by hand: dealer seat 0, eldest seat 1 leads Q♠; seat 0 follows with A♠ and wins,
# then leads K♥ and wins again over 7♥. SW4: tricks [2, 0]; seat 1 pays seat 0 the difference 2.
HAND_MADE: dict[str, Any] = {
    "variant": "simple-whist",
    "options": {"hand_size": 2},
    "dealer": 0,
    "hands": ["As Kh", "Qs 7h"],
    "turnup": "8d",
    "tricks": ["Qs As", "Kh 7h"],
}


def test_in_process_play_replay_and_conformance(example_manager: PluginManager) -> None:
    variant = kozyr.get_variant("Простой-Вист", players=3)
    assert variant.name == "simple-whist"
    deal = kozyr.play_deal(variant, seed=1)
    result = deal.result()
    assert sum(result.tricks) == 5
    assert sum(result.settlement.net()) == 0
    assert kozyr.replay(deal.record.to_json()).to_json() == result.to_json()
    for players in (2, 3, 4):
        for hand_size in (1, 5, 7):
            report = check_variant(
                kozyr.get_variant("simple-whist", players=players, hand_size=hand_size),
                deals=8,
                seed=players * 100,
            )
            assert report.deals == 8 and report.tricks == 8 * hand_size
    assert "play" in report.phases


def test_the_example_ships_its_rules(example_manager: PluginManager) -> None:
    # SW1-SW4 as text: what `kozyr rules simple-whist` prints, each id the code cites defined
    variant = kozyr.get_variant("simple-whist")
    book = variant.rulebooks()[0]
    assert book.name == "simple-whist" and book.ids() == ["SW1", "SW2", "SW3", "SW4"]
    assert variant.rule("sw4").title == "Scoring"
    assert {spec.rule for spec in variant.options_spec} <= set(book.ids())
    assert variant.trick_rules.rule in book.ids()
    out = io.StringIO()
    assert main(["rules", "simple-whist"], out=out) == 0
    assert out.getvalue().count("\nSW") == 4 and "\noption " in out.getvalue()


def test_in_process_hand_made_record(example_manager: PluginManager) -> None:
    result = kozyr.replay(json.loads(json.dumps(HAND_MADE)))
    assert isinstance(result, DealResult)
    assert result.tricks == (2, 0) and result.points == (2, 0)
    assert result.settlement.net() == [2, -2]
    bad = json.loads(json.dumps(HAND_MADE))
    bad["tricks"][0] = "Qs Kh"
    with pytest.raises(RecordError) as info:
        kozyr.replay(bad)
    assert str(info.value) == (
        "$.tricks[0][1]: seat 0: K♥ does not follow the suit led ♠ while the hand holds ♠ (SW3)"
    )
    bad = json.loads(json.dumps(HAND_MADE))
    bad["hands"][1] = "Qs"
    with pytest.raises(RecordError, match=r"^\$\.hands\[1\]: seat 1 holds 1 cards, not 2 \(SW2\)$"):
        kozyr.replay(bad)
    with pytest.raises(OptionError, match="SW2"):
        kozyr.get_variant("simple-whist", players=4, hand_size=8)


def _have_cli() -> bool:
    try:
        importlib.import_module("kozyr.cli")
        importlib.import_module("kozyr.__main__")
    except ImportError:
        return False
    return True


@pytest.mark.slow
@pytest.mark.skipif(not _have_cli(), reason="kozyr.cli is not there yet")
def test_pip_install_into_a_fresh_venv(plugin_venv: Any) -> None:
    """About 8 s: the example pip-installed into a fresh venv (the ``plugin_venv`` fixture) and
    the CLI run there."""
    kozyr_cli, _ = plugin_venv(EXAMPLE)
    listing = kozyr_cli("variants")
    assert "simple-whist" in listing and "простой-вист" in listing and "seven-up" in listing
    assert "kozyr-example-plugin" in kozyr_cli("plugins")
    # the installed package ships its rules file (package data): kozyr rules reads it
    assert kozyr_cli("rules", "simple-whist", "SW3").startswith("SW3 Play\n")
    played = json.loads(kozyr_cli("play", "simple-whist", "--seed", "1", "--json"))
    text = json.dumps(played, ensure_ascii=False)
    assert "simple-whist" in text
    record = played.get("record", played)
    assert record["variant"] == "simple-whist" and len(record["tricks"]) == 5
    # with autoloading off, the third-party plugin is skipped and the built-ins stay
    listing = kozyr_cli("variants", KOZYR_DISABLE_PLUGIN_AUTOLOAD="1")
    assert "simple-whist" not in listing and "seven-up" in listing


def test_party_seats_that_left(example_manager: PluginManager) -> None:
    """replay_party: a seat the variant leaves out of a deal (its ``seats_in`` hook for the party
    context) must have a null hand, and a seat still in must have one -- checked on a toy race
    built on the example."""
    from kozyr_example_plugin.variant import SimpleWhist

    from kozyr import PartyRecord, PartyResult, Settlement, hookimpl

    class LeavingWhist(SimpleWhist):
        name = "leaving-whist"
        aliases = ()

        def party_context(self, party: PartyRecord, results: Any) -> dict[str, Any]:
            return {"left": [2]} if results else {}  # seat 2 leaves after the first deal

        def seats_in(self, context: Any) -> tuple[int, ...]:
            return tuple(s for s in range(self.players) if s not in context.get("left", ()))

        def check_record(self, record: Any, context: Any) -> None:
            pass

        def score_party(self, party: PartyRecord, results: Any) -> PartyResult:
            return PartyResult(tuple(results), (), None, None, Settlement(3))

    class Plugin:
        @hookimpl
        def kozyr_register_variants(self, registry: kozyr.VariantRegistry) -> None:
            registry.add(LeavingWhist)

    example_manager.register(Plugin(), name="leaving")
    first = {"dealer": 0, "hands": ["As", "Ks", "Qs"], "turnup": "7d", "tricks": ["Ks Qs As"]}
    second = {"dealer": 1, "hands": ["Ah", "Kh", None], "turnup": "7c", "tricks": ["Ah Kh"]}
    party = {"variant": "leaving-whist", "options": {"players": 3, "hand_size": 1}}
    result = kozyr.replay({**party, "deals": [first, second]})
    assert isinstance(result, PartyResult)
    # deal 0: eldest seat 1 leads K♠, seat 2 Q♠, seat 0 A♠ wins (SW3); deal 1: seat 2 is out, so
    # the seat after dealer 1 among those dealt in is seat 0 (C2), who leads A♥ and wins
    assert [d.tricks for d in result.deals] == [(1, 0, 0), (1, 0, 0)]
    with pytest.raises(RecordError) as info:
        kozyr.replay({**party, "deals": [first, {**second, "hands": ["Ah", "Kh", "Qh"]}]})
    assert str(info.value) == (
        "deal 2 ($.deals[1].hands[2]): seat 2 already left the party; write null"
    )
    with pytest.raises(RecordError) as info:
        kozyr.replay({**party, "deals": [{**first, "hands": ["As", None, "Qs"]}, second]})
    assert str(info.value) == (
        "deal 1 ($.deals[0].hands[1]): seat 1 is still in the party; its hand is missing"
    )


def test_batch_form_of_the_example_plugin(example_manager: PluginManager) -> None:
    # SW2-SW4 on many deals at once: identical to the reference engine deal by deal
    from kozyr.batch.check import compare

    for players in (2, 3, 4):
        for hand_size in (1, 5, 7):
            variant = kozyr.get_variant("simple-whist", players=players, hand_size=hand_size)
            for dealer in range(players):
                assert compare(variant, 100, seed=7 + dealer, dealer=dealer) == []
