"""The core's decision log (issue 15, item 4): a variant that declares its kinds of decision
(``Variant.decision_log``, each a ``kozyr.DecisionKind``) has every decision recorded by the
engine, written to the record's ``log``, read back strictly and replayed through its
``decision_actions``/``explain_decision`` -- with no record code of its own, decisions between
the plays of a trick included. Variants that declare none (every built-in) keep their own record
keys: their records do not change.

The toy variant, "logged whist": two players, four cards each from 32 (C3), no trump until the
first card is led (LW2); eldest (seat 1) bids 2, 3 or 4 tricks first (LW1, a typed value); at his
first turn in the first trick the dealer (seat 0) may show a card of his hand or pass (LW3: a
decision that names a card, between the plays of a trick). Follow suit (PN3)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import pytest

import kozyr
from kozyr import (
    Action,
    Deal,
    DealRecord,
    DealResult,
    DecisionKind,
    Deck,
    FollowElseAny,
    HookError,
    KozyrError,
    Play,
    PluginError,
    RankOrder,
    RecordError,
    ScoreSheet,
    Settlement,
    Variant,
    hookimpl,
    play_deal,
)
from kozyr.codec import load, read_deal
from kozyr.registry import PluginManager
from kozyr.replay import replay_deal


class LoggedWhist(Variant):
    name = "logged-whist"
    player_counts = (2,)
    hears_plays = True
    decision_log = (
        DecisionKind("bid", value=int, public=True, rule="LW1"),
        DecisionKind("show", card=True, public=True, rule="LW3"),
        DecisionKind("pass", public=True, rule="LW3"),
    )

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.trick_rules = FollowElseAny(RankOrder.ace_high(), rule="PN3")

    def start(self, deal: Deal) -> None:
        deck = Deck.of_size(32)
        deal.shuffle(deck)
        deal.deal_hands(deck.deal_masks([1, 0], (4,)))
        deal.set_phase("bid", 1)

    def setup_replay(self, deal: Deal, record: DealRecord) -> None:
        deal.set_phase("bid", 1)

    def decision_actions(self, deal: Deal) -> list[Action]:
        seat = deal.to_act
        if deal.phase == "bid":
            return [Action("bid", seat, value=v) for v in (2, 3, 4)]
        shown = [Action("show", seat, card) for card in deal.hand(seat)]
        return [*shown, Action("pass", seat)]

    def explain_decision(self, deal: Deal, action: Action) -> str | None:
        if deal.phase == "bid":
            return f"a bid is 2, 3 or 4 tricks, not {action.value} (LW1)"
        if action.kind == "show":
            return f"{action.card} is not in seat {action.seat}'s hand (LW3)"
        return None

    def apply_decision(self, deal: Deal, action: Action) -> None:
        if action.kind == "bid":
            deal.begin_play(1)
        else:
            deal.resume_play()

    def after_play(self, deal: Deal, play: Play) -> None:
        if deal.trump is None:
            deal.set_trump(play.card.suit)  # LW2
        if not deal.tricks and play.seat == 1 and len(deal.log) == 1:
            deal.set_phase("declare", deal.to_act)  # LW3: the dealer's first turn

    def score(self, record: DealRecord, context: Mapping[str, Any]) -> DealResult:
        tricks = tuple(record.tricks_won(2)) if record.tricks is not None else (0, 0)
        return DealResult(
            record, tricks, ScoreSheet((), 2), tricks, Settlement(2), {"log": len(record.log)}
        )


def replayed(data: Any, variant: Variant | None = None) -> DealResult:
    variant = variant or LoggedWhist()
    return replay_deal(read_deal(data, variant), variant)


def error(data: Any) -> str:
    with pytest.raises(RecordError) as info:
        replayed(data)
    return str(info.value)


def test_every_decision_is_logged_and_replayed_between_plays_too() -> None:
    """Property over 200 seeds: the engine's record holds every decision (LW1 before play, LW3
    between the first two cards), writes them as ``log`` and replays them to the same record."""
    shows = 0
    for seed in range(200):
        deal = play_deal(LoggedWhist(), seed=seed)
        record = deal.record
        assert record.log == deal.log == tuple(a for a in deal.history if a.kind != "play")
        assert [a.kind for a in record.log][:1] == ["bid"] and len(record.log) == 2
        data = load(json.dumps(record.to_json(), ensure_ascii=False))
        assert [e["seat"] for e in data["log"]] == [1, 0]
        if record.log[1].kind == "show":
            shows += 1
            card = record.log[1].card
            assert data["log"][1] == {"seat": 0, "kind": "show", "card": str(card)}
        result = replayed(data)
        assert result.record == record and result.to_json() == deal.result().to_json()
    assert 100 < shows < 200  # the random bot shows a card 4 times in 5


def hand_made() -> dict[str, Any]:
    # LW1: seat 1 bids 3; he leads A♠ (LW2: spades are trump); LW3: the dealer shows K♥ at his
    # first turn, then follows with 7♠ (PN3)
    return {
        "variant": "logged-whist",
        "dealer": 0,
        "hands": ["7♠ K♥ 8♦ 9♣", "A♠ Q♥ 10♦ J♣"],
        "log": [{"seat": 1, "kind": "bid", "value": 3}, {"seat": 0, "kind": "show", "card": "K♥"}],
        "tricks": ["A♠ 7♠", "Q♥ K♥", "8♦ 10♦", "J♣ 9♣"],
    }


def test_a_hand_made_log_and_its_mistakes() -> None:
    # PN3, leader first: A♠ 7♠ -> seat 1; Q♥ K♥ -> seat 0, who leads 8♦: 8♦ 10♦ -> seat 1;
    # J♣ 9♣ -> seat 1: tricks (1, 3)
    result = replayed(hand_made())
    assert result.tricks == (1, 3) and result.extra == {"log": 2}
    assert result.record.log == (
        Action("bid", 1, value=3),
        Action("show", 0, kozyr.Card.parse("K♥")),
    )
    data = hand_made()
    data["log"][1]["card"] = "A♦"  # LW3: a card he does not hold, refused by the variant's rule
    assert error(data) == "$.log[1]: seat 0: A♦ is not in seat 0's hand (LW3)"
    data = hand_made()
    data["log"][1] = {"seat": 0, "kind": "show"}
    assert error(data) == "$.log[1].card: show needs a card (LW3)"
    data = hand_made()
    data["log"][0]["value"] = 5
    assert error(data) == "$.log[0]: seat 1: a bid is 2, 3 or 4 tricks, not 5 (LW1)"
    data = hand_made()
    del data["log"][1]  # the declaration between the first two cards is missing
    assert error(data) == (
        "$.log: the log ends after 1 decision, but the deal goes on: seat 0 is to decide "
        "(phase 'declare')"
    )
    data = hand_made()
    data["log"].append({"seat": 1, "kind": "pass"})
    assert error(data) == "$.log[2]: the deal is over after 2 decisions; the log has 1 more"


def test_built_in_variants_keep_their_record_format() -> None:
    # no built-in declares a log: their records write and read no "log" key (a public contract)
    for name, options in [("seven-up", {}), ("sem-listov", {"players": 4, "runaways": True}),
                          ("semerik", {}), ("po-noskam", {"players": 3})]:  # fmt: skip
        variant = kozyr.get_variant(name, **options)
        assert variant.decision_log == ()
        deal = play_deal(variant, seed=3)
        assert deal.record.log == () and "log" not in deal.record.to_json()
        data = deal.record.to_json()
        data["log"] = []
        with pytest.raises(RecordError, match=r"^\$\.log: unknown field for "):
            kozyr.replay(data)


def test_a_decision_the_declaration_cannot_write_is_a_hook_error() -> None:
    class Undeclared(LoggedWhist):
        name = "undeclared"
        decision_log = (DecisionKind("bid", value=int),)

        def decision_actions(self, deal: Deal) -> list[Action]:
            if deal.phase == "bid":
                return [Action("bid", 1, value="three")]  # a str where the log says int
            return [Action("pass", deal.to_act)]  # a kind the log does not declare

    deal = Deal.new(Undeclared(), seed=1)
    with pytest.raises(HookError, match=r"hook decision_actions .*the value of bid is an integer"):
        deal.play(deal.legal_actions()[0])
    assert deal.history == () and deal.log == () and deal.phase == "bid"  # nothing applied


def test_declarations_are_checked() -> None:
    with pytest.raises(KozyrError, match="other than 'play'"):
        DecisionKind("play")
    with pytest.raises(KozyrError, match="int, str or None"):
        DecisionKind("bid", value=float)

    def refused(cls: type[Variant]) -> str:
        class Plugin:
            @hookimpl
            def kozyr_register_variants(self, registry: Any) -> None:
                registry.add(cls)

        pm = PluginManager(autoload=False)
        with pytest.raises(PluginError) as info:
            pm.register(Plugin(), name="bad-log")
        return str(info.value)

    class Twice(LoggedWhist):
        name = "twice"
        decision_log = (DecisionKind("bid"), DecisionKind("bid", value=int))

    class Clash(LoggedWhist):
        name = "clash"
        record_fields = ("log",)

    assert "decision_log declares bid twice" in refused(Twice)
    assert "record_fields may not name 'log'" in refused(Clash)


def test_a_summary_record_checks_the_decisions_before_play() -> None:
    # a summary (hands, no tricks): the bid (LW1, before play) is replayed and checked; the
    # card shown between the plays (LW3) cannot be without the cards, and a warning says so
    data = hand_made()
    del data["tricks"]
    result = replayed(data)
    assert result.checked == "outcome" and result.warnings[-1] == (
        "a summary record has no tricks: 1 decision of the log from $.log[1] on, made during "
        "trick play, is not checked"
    )
    data["log"] = data["log"][:1]
    assert replayed(data).warnings[-1:] == ("logged-whist has no search for a legal play of "
                                            "its summaries: checked as an outcome",)  # fmt: skip
    data["log"][0]["value"] = 5
    assert error(data) == "$.log[0]: seat 1: a bid is 2, 3 or 4 tricks, not 5 (LW1)"
    data["log"] = []
    assert error(data) == (
        "$.log: no decision logged, but the deal goes on: seat 1 is to decide (phase 'bid')"
    )


class NotedWhist(LoggedWhist):
    """Logged whist keeping two facts: ``note`` (a record field: the bid again) and ``scratch``
    (a working note of the variant, no record field)."""

    name = "noted-whist"
    record_fields = ("note",)

    def apply_decision(self, deal: Deal, action: Action) -> None:
        if action.kind == "bid":
            deal.record_fact("note", f"bid {action.value}")
            deal.record_fact("scratch", [1, 2, 3])
        super().apply_decision(deal, action)


def test_the_default_record_fields_round_trip() -> None:
    """The default ``write_fields`` writes the facts under ``record_fields`` only, and the
    default ``read_fields`` reads them back: a variant with no record code of its own writes
    records that read and replay (a working fact written out used to make the record
    unreadable: "unknown field")."""
    variant = NotedWhist()
    for seed in range(20):
        deal = play_deal(variant, seed=seed)
        data = load(json.dumps(deal.record.to_json(), ensure_ascii=False))
        assert "scratch" not in data
        assert data["note"] == f"bid {deal.log[0].value}"
        record = read_deal(data, variant)
        assert record.decisions == {"note": data["note"]}
        assert replay_deal(record, variant).tricks == deal.result().tricks
