"""The core's default party form (#23 items 2 and 3): any variant that declares outcome fields can
be kept (``kozyr keep``), served and replayed as a party without a ``score_party`` of its own --
an open-ended series of deals with running totals ended by the players, or a game to a target
when the variant declares one -- and the outcome machinery (reading an outcome deal, writing
one, the dealer rotation C1) comes by default.

The game is the docs' own example plugin, Simple whist (SW1-SW4: one point per trick, the one
with fewer tricks pays the difference), and a target form of it (first to 7 points)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

import kozyr
import kozyr.registry as kp
from kozyr import OptionSpec, RecordError, hookimpl
from kozyr.registry import PluginManager
from kozyr.testing import check_variant

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "plugin-example" / "src"


@pytest.fixture
def whist(monkeypatch: pytest.MonkeyPatch) -> Iterator[type[kozyr.Variant]]:
    monkeypatch.syspath_prepend(str(EXAMPLE))
    from kozyr_example_plugin.variant import SimpleWhist

    class TargetWhist(SimpleWhist):
        """Simple whist to a target: the first to 7 points (or 11) wins the party."""

        name = "target-whist"
        aliases = ()
        options_spec = (
            *SimpleWhist.options_spec,
            OptionSpec("target", int, 7, "TW1", "points that win", choices=(7, 11)),
        )

    class Plugin:
        @hookimpl
        def kozyr_register_variants(self, registry: kozyr.VariantRegistry) -> None:
            registry.add(SimpleWhist)
            registry.add(TargetWhist)

    manager = PluginManager(autoload=False)
    manager.load_entry_points()
    manager.register(Plugin(), name="whist")
    monkeypatch.setattr(kp, "_manager", manager)
    yield SimpleWhist


def party(*deals: tuple[int, list[int]], variant: str = "simple-whist") -> dict[str, Any]:
    return {
        "variant": variant,
        "deals": [{"dealer": dealer, "tricks_won": won} for dealer, won in deals],
    }


def test_an_open_ended_party_adds_the_deals_up(whist: type[kozyr.Variant]) -> None:
    variant = kozyr.get_variant("simple-whist")
    assert variant.has_party_form() and variant.default_party_form()
    # SW4 by hand: deal 1 tricks 3:2 (seat 1 pays 1), deal 2 tricks 1:4 (seat 0 pays 3);
    # totals 4:6, so seat 1 is ahead; net -2 : +2
    result = kozyr.replay(party((0, [3, 2]), (1, [1, 4])))
    assert isinstance(result, kozyr.PartyResult)
    assert result.running == ((3, 2), (4, 6))
    assert (result.winner, result.loser) == (1, 0)
    assert result.settlement.net() == [Fraction(-2), Fraction(2)]
    assert result.extra == {"by": "seat", "party_form": "default", "target": None, "totals": [4, 6]}
    assert result.checked == "outcome"
    # a tie has no winner
    tied = kozyr.replay(party((0, [3, 2]), (1, [2, 3])))
    assert isinstance(tied, kozyr.PartyResult) and tied.winner is None and tied.loser is None


def test_the_core_checks_the_dealer_rotation_of_every_party(whist: type[kozyr.Variant]) -> None:
    # C1: the deal passes clockwise, so seat 1 deals the second deal -- not seat 0 again
    with pytest.raises(RecordError) as caught:
        kozyr.replay(party((0, [3, 2]), (0, [1, 4])))
    assert caught.value.located() == (
        "deal 2 ($.deals[1].dealer): the deal passes clockwise: seat 1 deals this deal, not "
        "seat 0 (C1)"
    )


def test_a_target_ends_the_party(whist: type[kozyr.Variant]) -> None:
    # first to 7 points: 5:0 after deal 1, 7:3 after deal 2 -- seat 0 wins, the party is over
    done = party((0, [5, 0]), (1, [2, 3]), variant="target-whist")
    result = kozyr.replay(done)
    assert isinstance(result, kozyr.PartyResult)
    assert result.running == ((5, 0), (7, 3)) and result.winner == 0 and result.loser == 1
    assert result.extra["target"] == 7
    with pytest.raises(RecordError, match=r"the party was already over before this deal"):
        kozyr.replay({**done, "deals": [*done["deals"], {"dealer": 0, "tricks_won": [5, 0]}]})
    # before the target nobody has won yet
    going = kozyr.replay(party((0, [5, 0]), variant="target-whist"))
    assert isinstance(going, kozyr.PartyResult) and going.winner is None
    # the target option: 11 points
    longer = kozyr.replay({**done, "options": {"target": 11}})
    assert isinstance(longer, kozyr.PartyResult) and longer.winner is None


def test_outcome_records_by_default(whist: type[kozyr.Variant]) -> None:
    variant = kozyr.get_variant("simple-whist", players=3)
    deal = kozyr.play_deal(variant, seed=1)
    result = deal.result()
    # the default outcome_record takes each field from the result: dealer, tricks_won
    assert variant.outcome_record(result, {}) == {"dealer": 0, "tricks_won": [3, 1, 1]}
    reduced = kozyr.replay({"variant": "simple-whist", "options": {"players": 3}, "dealer": 0,
                            "tricks_won": [3, 1, 1]})  # fmt: skip
    assert reduced.points == result.points and reduced.checked == "outcome"


def test_the_kit_checks_the_party_form_and_the_outcome_reduction(
    whist: type[kozyr.Variant],
) -> None:
    report = check_variant(kozyr.get_variant("simple-whist", players=3), deals=10, seed=2)
    # an open-ended party played by bots is one round: each of the 3 seats deals once
    assert report.parties == 1 and report.deals_in_parties == 3
    assert report.outcome_deals == 10 and report.outcome_parties == 1
    target = check_variant(kozyr.get_variant("target-whist"), deals=10, seed=2)
    assert target.parties == 1 and target.outcome_parties == 1


def test_keep_keeps_the_docs_example_game(tmp_path: Path) -> None:
    """Before #23: every question asked, then 'simple-whist has no party form', forever."""
    record = tmp_path / "whist.json"
    env = {k: v for k, v in os.environ.items() if not k.startswith("KOZYR_")}
    env.update(PYTHONPATH=str(EXAMPLE), KOZYR_PLUGINS="kozyr_example_plugin.plugin")
    done = subprocess.run(
        [*(sys.executable, "-m", "kozyr", "keep", str(record)), "simple-whist", "--players", "А,Б"],
        input="0\n3 2\n\n1 4\nquit\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "winner: Б" in done.stdout
    saved = json.loads(record.read_text(encoding="utf-8"))
    assert saved["deals"] == [
        {"dealer": 0, "tricks_won": [3, 2]},
        {"dealer": 1, "tricks_won": [1, 4]},
    ]
    replayed = subprocess.run(
        [sys.executable, "-m", "kozyr", "replay", str(record), "--json"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert json.loads(replayed.stdout)["running"] == [[3, 2], [4, 6]]


def test_keep_refuses_up_front_what_it_cannot_keep(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from kozyr.cli import main

    from .test_plugin_faults import ToyWhist  # no outcome fields: nothing to ask at the table

    class Plugin:
        @hookimpl
        def kozyr_register_variants(self, registry: kozyr.VariantRegistry) -> None:
            registry.add(ToyWhist)

    manager = PluginManager(autoload=False)
    manager.load_entry_points()
    manager.register(Plugin(), name="toy")
    monkeypatch.setattr(kp, "_manager", manager)
    assert main(["keep", str(tmp_path / "toy.json"), "toy-whist"]) == 2
    assert capsys.readouterr().err.strip() == (
        "kozyr keep: kozyr keep cannot keep toy-whist: it declares no outcome fields, so there is "
        "nothing to ask at the table (Variant.outcome_fields); score its deals with kozyr replay"
    )
    assert not (tmp_path / "toy.json").exists()


def test_a_stake_settles_a_won_game(
    whist: type[kozyr.Variant], monkeypatch: pytest.MonkeyPatch
) -> None:
    variant = type(kozyr.get_variant("target-whist"))
    done = party((0, [5, 0]), (1, [2, 3]), variant="target-whist")  # 7:3, seat 0 wins (TW1)
    # SW4 alone: deal 1 seat 1 pays 5, deal 2 seat 0 pays 1 -- net +4 : -4
    plain = kozyr.replay(done)
    assert isinstance(plain, kozyr.PartyResult)
    assert plain.settlement.net() == [Fraction(4), Fraction(-4)]
    monkeypatch.setattr(variant, "party_stake", 10)
    staked = kozyr.replay(done)
    assert isinstance(staked, kozyr.PartyResult)
    assert staked.settlement.net() == [Fraction(14), Fraction(-14)]  # the loser pays 10 more
    assert [p.reason for p in staked.settlement.payments if p.amount == 10] == ["TW1"]
    going = kozyr.replay(party((0, [5, 0]), variant="target-whist"))  # no winner yet: no stake
    assert isinstance(going, kozyr.PartyResult)
    assert going.settlement.net() == [Fraction(5), Fraction(-5)]
    # three players: each of the two losers pays the winner
    three = kozyr.replay(
        {
            **party((0, [5, 0, 0]), (1, [2, 1, 2])),
            "variant": "target-whist",
            "options": {"players": 3},
        }
    )
    assert isinstance(three, kozyr.PartyResult) and three.winner == 0
    assert sum(p.amount for p in three.settlement.payments if p.reason == "TW1") == 20
