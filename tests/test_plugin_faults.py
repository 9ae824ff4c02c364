"""A fault in a plugin's own code is a HookError naming the plugin, the variant, the hook and
where (deal, seat) -- never a raw traceback from inside kozyr, never "bad input" -- and a deal its
hooks never end is stopped by the engine's step budget (issue 15, isolation).

The toy variant below deals three cards each to two players from a 32-card pack, turns up
trump and plays follow-suit tricks (the core's FollowElseAny, PN3); each test breaks one hook."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import pytest

import kozyr
import kozyr.registry as kp
from kozyr import (
    Action,
    Deal,
    DealRecord,
    DealResult,
    Deck,
    FollowElseAny,
    HookError,
    PluginError,
    RankOrder,
    ScoreSheet,
    Settlement,
    Variant,
    hookimpl,
    play_deal,
)
from kozyr.cli import main
from kozyr.registry import PluginManager


class ToyWhist(Variant):
    """Two players, three cards each, follow suit (PN3); one optional decision: 'go'."""

    name = "toy-whist"
    title = "Toy whist"
    player_counts = (2,)

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.trick_rules = FollowElseAny(RankOrder.ace_high(), rule="PN3")

    def start(self, deal: Deal) -> None:
        deck = Deck.of_size(32)
        deal.shuffle(deck)
        deal.deal_hands(deck.deal_masks([1, 0], (3,)))
        card = deck.draw(1)[0]
        deal.turn_up(card)
        deal.set_trump(card.suit)
        deal.begin_play(1)

    def setup_replay(self, deal: Deal, record: DealRecord) -> None:
        deal.set_trump(record.turnups[0].suit)
        deal.begin_play(1)

    def score(self, record: DealRecord, context: Mapping[str, Any]) -> DealResult:
        tricks = tuple(record.tricks_won(2)) if record.tricks is not None else (0, 0)
        return DealResult(record, tricks, ScoreSheet((), 2), tricks, Settlement(2))


class RaisesInDecision(ToyWhist):
    name = "toy-decision"

    def start(self, deal: Deal) -> None:
        super().start(deal)
        deal.set_phase("go", 1)

    def decision_actions(self, deal: Deal) -> list[Action]:
        return [Action("go", deal.to_act)]

    def apply_decision(self, deal: Deal, action: Action) -> None:
        raise ZeroDivisionError("division by zero")


class RaisesInRules(FollowElseAny):
    def legal_mask(self, hand: int, trick: kozyr.Trick, trump: kozyr.Suit | None) -> int:
        if trick.plays:
            raise KeyError("no such suit")
        return hand


class RaisesInTrickRules(ToyWhist):
    name = "toy-rules"

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.trick_rules = RaisesInRules(RankOrder.ace_high(), rule="PN3")


class RaisesInScore(ToyWhist):
    name = "toy-score"

    def score(self, record: DealRecord, context: Mapping[str, Any]) -> DealResult:
        raise KeyError("points")  # a bug in the plugin's scoring


class NeverEnds(ToyWhist):
    """after_trick always starts another trick: the hands run dry and nobody can play."""

    name = "toy-never-ends"

    def after_trick(self, deal: Deal, trick: Any) -> None:
        deal.new_trick(trick.winner)


class LoopsForever(ToyWhist):
    """A decision phase that never ends: 'again' leads back to itself."""

    name = "toy-loops"

    def start(self, deal: Deal) -> None:
        super().start(deal)
        deal.set_phase("again", 1)

    def decision_actions(self, deal: Deal) -> list[Action]:
        return [Action("again", deal.to_act)]

    def apply_decision(self, deal: Deal, action: Action) -> None:
        deal.set_phase("again", 1 - action.seat)


class FinishesAtOnce(ToyWhist):
    """Ends every deal as soon as it is dealt (like a void deal): the record must replay."""

    name = "toy-void"

    def start(self, deal: Deal) -> None:
        deck = Deck.of_size(32)
        deal.shuffle(deck)
        deal.deal_hands(deck.deal_masks([1, 0], (3,)))
        card = deck.draw(1)[0]
        deal.turn_up(card)
        deal.set_trump(card.suit)
        deal.finish()

    def setup_replay(self, deal: Deal, record: DealRecord) -> None:
        deal.finish()


class BrokenBot:
    def __init__(self, rng: Any) -> None:
        self.rng = rng

    def choose(self, deal: Deal, actions: Any) -> Action:
        raise RuntimeError("the bot is broken")


TOYS = (RaisesInDecision, RaisesInTrickRules, RaisesInScore, NeverEnds, LoopsForever)


@pytest.fixture
def toys(monkeypatch: pytest.MonkeyPatch) -> PluginManager:
    """The toy variants registered by a run-time plugin named ``toy-plugin``."""

    class Plugin:
        @hookimpl
        def kozyr_register_variants(self, registry: kozyr.VariantRegistry) -> None:
            for cls in (ToyWhist, FinishesAtOnce, *TOYS):
                registry.add(cls)

    pm = PluginManager(autoload=False)
    pm.load_entry_points()
    pm.register(Plugin(), name="toy-plugin")
    monkeypatch.setattr(kp, "_manager", pm)
    return pm


def test_the_toy_itself_plays_and_replays(toys: PluginManager) -> None:
    deal = play_deal(kozyr.get_variant("toy-whist"), seed=3)
    assert sum(deal.result().tricks) == 3
    assert kozyr.replay(deal.record.to_json()).tricks == deal.result().tricks


def test_an_exception_in_a_decision_hook_names_plugin_variant_hook_and_seat(
    toys: PluginManager,
) -> None:
    with pytest.raises(HookError) as caught:
        play_deal(kozyr.get_variant("toy-decision"), seed=5, dealer=0)
    error = caught.value
    assert isinstance(error, PluginError) and not isinstance(error.__cause__, HookError)
    assert isinstance(error.__cause__, ZeroDivisionError)
    assert (error.plugin, error.variant, error.hook, error.seat) == (
        "toy-plugin",
        "toy-decision",
        "apply_decision",
        1,
    )
    assert error.seed == 5 and error.dealer == 0
    text = str(error)
    for part in ("toy-plugin", "toy-decision", "apply_decision", "ZeroDivisionError", "seat 1"):
        assert part in text


def test_an_exception_in_the_trick_rules_is_a_hook_error(toys: PluginManager) -> None:
    with pytest.raises(HookError, match=r"hook trick_rules\.legal_mask raised KeyError") as caught:
        play_deal(kozyr.get_variant("toy-rules"), seed=1)
    assert caught.value.seat == 0  # seat 1 leads; seat 0 answers and the rules fail


def test_an_exception_in_score_during_play_and_replay(toys: PluginManager) -> None:
    variant = kozyr.get_variant("toy-score")
    deal = play_deal(variant, seed=2)
    with pytest.raises(HookError, match="hook score raised KeyError"):
        deal.result()
    data = deal.record.to_json()
    with pytest.raises(HookError, match=r"hook score raised KeyError: 'points' \(record \$"):
        kozyr.replay(data)


def test_a_bot_that_raises_is_a_hook_error(toys: PluginManager) -> None:
    variant = kozyr.get_variant("toy-whist")
    with pytest.raises(
        HookError,
        match=r"^bot BrokenBot \(plugin tests\) playing toy-whist: "
        r"hook choose raised RuntimeError",
    ) as caught:
        play_deal(variant, seed=1, bots=[BrokenBot(None), BrokenBot(None)])
    assert (caught.value.bot, caught.value.hook, caught.value.variant) == (
        "BrokenBot",
        "choose",
        "toy-whist",
    )


def test_a_deal_whose_hooks_never_finish_it_is_stopped(toys: PluginManager) -> None:
    # before: the random bots' fast path died with "ValueError: negative shift count"
    with pytest.raises(HookError, match=r"stuck in phase 'play'.*after_trick must finish"):
        play_deal(kozyr.get_variant("toy-never-ends"), seed=4)


def test_the_step_budget_stops_a_deal_that_goes_round_for_ever(toys: PluginManager) -> None:
    with pytest.raises(HookError, match="did not end after 10000 actions") as caught:
        play_deal(kozyr.get_variant("toy-loops"), seed=4)
    assert caught.value.variant == "toy-loops" and Deal.max_actions == 10_000


def test_finish_before_begin_play_gives_a_replayable_record(toys: PluginManager) -> None:
    variant = kozyr.get_variant("toy-void")
    deal = play_deal(variant, seed=6)
    record = deal.record
    assert all(hand is not None and len(hand) == 3 for hand in record.hands)
    replayed = kozyr.replay(json.loads(json.dumps(record.to_json())))
    assert replayed.record.hands == record.hands


def test_the_cli_prints_one_line_and_exits_3(
    toys: PluginManager, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", "toy-decision", "--seed", "5"]) == 3
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1
    assert "toy-plugin" in err[0] and "apply_decision" in err[0] and "seat 1" in err[0]
    assert main(["--traceback", "play", "toy-decision", "--seed", "5"]) == 3
    err_text = capsys.readouterr().err
    assert "Traceback" in err_text and "ZeroDivisionError" in err_text


def test_bad_input_is_still_exit_2(toys: PluginManager) -> None:
    assert main(["play", "toy-whist", "--seed", "1", "-o", "players=3"]) == 2


class PartyFails(ToyWhist):
    """A party form whose party_context raises once the first deal is scored."""

    name = "toy-party"

    def party_context(self, party: Any, results: Any) -> Mapping[str, Any] | None:
        if results:
            raise IndexError("no such total")
        return {}

    def score_party(self, party: Any, results: Any) -> kozyr.PartyResult:
        return kozyr.PartyResult(tuple(results), (), None, None, Settlement(2))


def test_a_party_hook_that_raises_is_a_hook_error(
    toys: PluginManager, monkeypatch: pytest.MonkeyPatch
) -> None:
    class Plugin:
        @hookimpl
        def kozyr_register_variants(self, registry: kozyr.VariantRegistry) -> None:
            registry.add(PartyFails)

    toys.register(Plugin(), name="party-plugin")
    variant = kozyr.get_variant("toy-party")
    with pytest.raises(
        HookError, match=r"hook party_context_after raised IndexError.*before deal 2"
    ):
        kozyr.play_party(variant, seed=1)
    deal = play_deal(variant, seed=2).record.to_json()
    del deal["variant"], deal["options"]  # a party's deals take the party's
    with pytest.raises(HookError, match=r"hook party_context raised IndexError.*deals\[1\]"):
        kozyr.replay({"variant": "toy-party", "deals": [deal, deal]})


# --- wrong return types and SystemExit (found by the fuzz run of #21 item 10) -------------------


class TwoDeals(ToyWhist):
    """A party of two deals (party_context None after them); each fault below breaks one hook."""

    name = "toy-two"

    def party_context(self, party: Any, results: Any) -> Mapping[str, Any] | None:
        return {} if len(results) < 2 else None

    def score_party(self, party: Any, results: Any) -> kozyr.PartyResult:
        return kozyr.PartyResult(tuple(results), (), None, None, Settlement(2))


class ContextMinusOne(TwoDeals):
    name = "toy-context-int"

    def party_context(self, party: Any, results: Any) -> Mapping[str, Any] | None:
        return -1 if not results else None  # type: ignore[return-value]


class PartyNone(TwoDeals):
    name = "toy-party-none"

    def score_party(self, party: Any, results: Any) -> kozyr.PartyResult:
        return None  # type: ignore[return-value]


class FloatMask(FollowElseAny):
    def legal_mask(self, hand: int, trick: kozyr.Trick, trump: kozyr.Suit | None) -> int:
        return 1.5  # type: ignore[return-value]


class IndexMask(FollowElseAny):
    """An integer type that is not int (numpy's are so): read as its int."""

    def legal_mask(self, hand: int, trick: kozyr.Trick, trump: kozyr.Suit | None) -> int:
        class Mask:
            def __index__(self) -> int:
                return super_mask

        super_mask = super().legal_mask(hand, trick, trump)
        return Mask()  # type: ignore[return-value]


class MaskFloat(ToyWhist):
    name = "toy-mask-float"

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.trick_rules = FloatMask(RankOrder.ace_high(), rule="PN3")


class MaskIndex(ToyWhist):
    name = "toy-mask-index"

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.trick_rules = IndexMask(RankOrder.ace_high(), rule="PN3")


class ExitsInScore(ToyWhist):
    name = "toy-exit"

    def score(self, record: DealRecord, context: Mapping[str, Any]) -> DealResult:
        raise SystemExit(0)  # a plugin ending the process with status 0 and no score


@pytest.fixture
def wrong_types(toys: PluginManager) -> PluginManager:
    class Plugin:
        @hookimpl
        def kozyr_register_variants(self, registry: kozyr.VariantRegistry) -> None:
            for cls in (TwoDeals, ContextMinusOne, PartyNone, MaskFloat, MaskIndex, ExitsInScore):
                registry.add(cls)

    toys.register(Plugin(), name="wrong-plugin")
    return toys


def _two_deal_party(name: str) -> dict[str, Any]:
    good = kozyr.play_party(kozyr.get_variant("toy-two"), seed=3).record.to_json()
    return {**good, "variant": name}


def test_a_party_context_of_the_wrong_type_is_a_hook_error(wrong_types: PluginManager) -> None:
    """``party_context`` returning ``-1`` was read as a context (the party went on for 10,000
    deals, then "did not end": exit 2 as if the input were bad)."""
    with pytest.raises(HookError, match=r"hook party_context returned int, not a mapping or None"):
        kozyr.play_party(kozyr.get_variant("toy-context-int"), seed=1)
    with pytest.raises(
        HookError, match=r"\(plugin wrong-plugin\): hook party_context returned int"
    ):
        kozyr.replay(_two_deal_party("toy-context-int"))


def test_a_party_result_of_the_wrong_type_is_a_hook_error(wrong_types: PluginManager) -> None:
    """``score_party`` returning None ended in ``TypeError: replace() should be called on
    dataclass instances`` (a traceback, exit 1)."""
    with pytest.raises(HookError, match=r"hook score_party returned NoneType, not PartyResult"):
        kozyr.play_party(kozyr.get_variant("toy-party-none"), seed=1)
    with pytest.raises(HookError, match=r"hook score_party returned NoneType, not PartyResult"):
        kozyr.replay(_two_deal_party("toy-party-none"))


def test_a_card_mask_of_the_wrong_type_is_a_hook_error(wrong_types: PluginManager) -> None:
    """``legal_mask`` returning ``1.5`` was ``TypeError: unsupported operand type(s) for -``;
    an integer type with ``__index__`` (numpy's) is still read as its int."""
    with pytest.raises(HookError, match=r"legal_mask returned float, not int \(a card mask\)"):
        play_deal(kozyr.get_variant("toy-mask-float"), seed=1)
    deal = play_deal(kozyr.get_variant("toy-mask-index"), seed=1)
    same = play_deal(kozyr.get_variant("toy-whist"), seed=1)
    assert deal.record.tricks == same.record.tricks and sum(deal.result().tricks) == 3


def test_a_hook_raising_system_exit_is_a_hook_error(
    wrong_types: PluginManager, capsys: pytest.CaptureFixture[str], tmp_path: Any
) -> None:
    """``sys.exit(0)`` in a plugin's ``score`` ended ``kozyr replay`` with status 0 and no
    score (and, in ``kozyr serve``, the server); now it is the plugin's fault: exit 3."""
    with pytest.raises(HookError, match=r"hook score raised SystemExit: 0"):
        play_deal(kozyr.get_variant("toy-exit"), seed=1).result()
    record = play_deal(kozyr.get_variant("toy-whist"), seed=1).record.to_json()
    path = tmp_path / "exit.json"
    path.write_text(json.dumps({**record, "variant": "toy-exit"}), encoding="utf-8")
    assert main(["replay", str(path)]) == 3
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "wrong-plugin" in err and "SystemExit" in err
