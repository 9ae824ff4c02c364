"""The advanced example plugin (examples/plugin-pitch, Auction Pitch, rules TP1-TP9 of its
pitch.rules.md) works: registered at run time in this process -- bids as action values, trump set
by the first card led through the engine's after_play hook, the bids kept in the core's decision
log (the record's ``log``) and replayed from it --
and installed with pip into a fresh virtual environment, where the ``kozyr`` command plays,
simulates and replays it."""

from __future__ import annotations

import copy
import importlib
import io
import json
import random
from pathlib import Path
from typing import Any

import pytest

import kozyr
import kozyr.registry as kp
from kozyr import Action, Deal, DealResult, IllegalActionError, PartyResult, RecordError
from kozyr.cli import main
from kozyr.codec import load, read_deal
from kozyr.registry import PluginManager
from kozyr.testing import check_party, check_variant

ROOT = Path(__file__).resolve().parents[1]
PITCH = ROOT / "examples" / "plugin-pitch"
RECORD = PITCH / "pitch-deal.json"


@pytest.fixture
def pitch_manager(monkeypatch: pytest.MonkeyPatch) -> PluginManager:
    """A fresh process-wide manager (built-ins + Auction Pitch registered at run time); the
    previous manager comes back after the test."""
    monkeypatch.syspath_prepend(str(PITCH / "src"))
    plugin = importlib.import_module("kozyr_pitch_plugin.plugin")
    pm = PluginManager(autoload=False)
    pm.load_entry_points()
    if "tutorial-pitch" not in [v.name for v in pm.variants()]:  # unless pip-installed here
        info = pm.register(plugin, name="tutorial-pitch")
        assert info.variants == ["tutorial-pitch"] and info.error is None
    monkeypatch.setattr(kp, "_manager", pm)
    return pm


def log(dealer: int, n: int, bids: list[Any]) -> list[dict[str, Any]]:
    """A record's ``log`` of the bids from eldest (``"pass"`` or a number), seats filled in."""
    seats = [(dealer + 1 + i) % n for i in range(len(bids))]
    return [
        {"seat": seat, "kind": "pass"}
        if bid == "pass"
        else {"seat": seat, "kind": "bid", "value": bid}
        for seat, bid in zip(seats, bids, strict=True)
    ]


def hand_made() -> dict[str, Any]:
    """The record shipped as examples/plugin-pitch/pitch-deal.json (two players, dealer 0).

    TP3: eldest (seat 1) bids 3, the dealer (seat 0) bids 4: seat 0 is the pitcher. TP5: he
    leads A♥, so hearts are trump. TP6, trick by trick (leader first):
      1. A♥ Q♥ -> seat 0      2. J♥ 2♥ -> seat 0     3. 4♠ 5♠ -> seat 1
      4. 10♦ 4♦ -> seat 1     5. 10♣ 4♣ -> seat 1 (seat 0 follows rather than trump)
      6. A♣ 3♥ -> seat 0 (void in clubs, he trumps)
    TP7: trumps dealt A♥ J♥ 3♥ Q♥ 2♥. High A♥, dealt to seat 0 -> seat 0. Low 2♥, dealt to seat
    1 but won by seat 0 in trick 2 -> seat 0. Jack J♥, won in trick 2 -> seat 0. Game: seat 0's
    tricks count A♥ 4 + Q♥ 2 + J♥ 1 + A♣ 4 = 11; seat 1's 10♦ 10 + 10♣ 10 = 20 -> seat 1.
    TP8: the pitcher won 3 points of the 4 he bid: set back, -4 (his 3 points do not count);
    seat 1 scores its Game, 1. Points (-4, 1)."""
    data: dict[str, Any] = json.loads(RECORD.read_text(encoding="utf-8"))
    return data


def test_hand_made_record(pitch_manager: PluginManager) -> None:
    result = kozyr.replay(hand_made())
    assert isinstance(result, DealResult)
    assert result.points == (-4, 1)
    assert [(i.name, i.points, i.seat, i.rule) for i in result.sheet.items] == [
        ("game", 1, 1, "TP7"),
        ("set_back", -4, 0, "TP8"),
    ]
    assert result.extra["trump"] == "♥" and result.extra["pitcher"] == 0
    assert result.extra["won"] == {"high": 0, "low": 0, "jack": 0, "game": 1}
    assert result.extra["game_points"] == [11, 20] and result.extra["made"] is False
    assert result.tricks == (3, 3)
    # the bids are the core's decision log: typed actions, written back as read
    assert result.record.log == (Action("bid", 1, value=3), Action("bid", 0, value=4))
    assert result.record.to_json()["log"] == hand_made()["log"] == log(0, 2, [3, 4])
    assert "bids" not in result.record.to_json() and result.record.decisions == {}
    assert kozyr.replay(result.record.to_json()).to_json() == result.to_json()


def test_bids_decide_the_pitcher(pitch_manager: PluginManager) -> None:
    # TP3/TP8: the same cards, eldest passes and the dealer bids 2: he makes it with his 3
    # points (High, Low, Jack) and scores them; seat 1 still scores Game. Points (3, 1).
    data = hand_made()
    data["log"] = log(0, 2, ["pass", 2])
    result = kozyr.replay(data)
    assert result.points == (3, 1) and result.extra["made"] is True
    assert result.extra["bid"] == "2"
    # a smudge (TP3: the bid 5) needs all four points (TP8): set back by 5
    data["log"] = log(0, 2, [2, 5])
    result = kozyr.replay(data)
    assert result.points == (-5, 1) and result.extra["bid"] == "smudge"
    assert result.record.to_json()["log"][1] == {"seat": 0, "kind": "bid", "value": 5}


def replay_error(data: dict[str, Any]) -> str:
    with pytest.raises(RecordError) as info:
        kozyr.replay(data)
    return str(info.value)


def with_log(entries: Any) -> dict[str, Any]:
    data = hand_made()
    data["log"] = entries
    return data


def test_illegal_logged_bids_are_refused_with_their_rule(pitch_manager: PluginManager) -> None:
    # each logged decision goes through decision_actions/explain_decision as in play
    def error(bids: list[Any]) -> str:
        return replay_error(with_log(log(0, 2, bids)))

    # TP4: everyone else passed, so the dealer may not pass
    assert error(["pass", "pass"]) == (
        "$.log[1]: seat 0: the dealer must bid 2 when everyone else has passed (TP4)"
    )
    # TP3: each bid must exceed the one before; the bids are 2, 3, 4 and smudge (5)
    assert error([3, 3]) == (
        "$.log[1]: seat 0: a bid of 3 does not exceed the bid of 3 before it (TP3)"
    )
    assert error([3, 7]) == (
        "$.log[1]: seat 0: 7 is not a bid: bid 2, 3, 4 or 5 (smudge), or pass (TP3)"
    )
    # TP3: eldest (seat 1) bids first, not the dealer
    wrong_seat = [{"seat": 0, "kind": "bid", "value": 3}, {"seat": 1, "kind": "bid", "value": 4}]
    assert replay_error(with_log(wrong_seat)) == (
        "$.log[0]: seat 0: it is seat 1's turn to bid (TP3)"
    )
    # TP5: seat 1 bids 2 and the dealer passes: seat 1 is the pitcher and leads, so the first
    # card of the record is his -- and A♥ is seat 0's
    assert error([2, "pass"]) == "$.tricks[0][0]: A♥ is not in seat 1's hand"


def test_a_log_that_ends_early_or_goes_on_is_located(pitch_manager: PluginManager) -> None:
    # TP3: each of the two players bids once: one bid is too few, three too many
    assert replay_error(with_log(log(0, 2, [3]))) == (
        "$.log: the log ends after 1 decision, but the deal goes on: seat 0 is to decide "
        "(phase 'bidding')"
    )
    assert replay_error(with_log(log(0, 2, [3, 4, "pass"]))) == (
        "$.log[2]: the deal is over after 2 decisions; the log has 1 more"
    )
    data = hand_made()
    del data["log"]
    assert replay_error(data) == (
        "$.log: no decision logged, but the deal goes on: seat 1 is to decide (phase 'bidding')"
    )
    assert replay_error(with_log([])) == replay_error(data)


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ("bid 3", "$.log[0]: expected an object, got a string"),
        ({"seat": 1, "kind": "double"},
         "$.log[0].kind: 'double' is not a decision of tutorial-pitch; its decisions: pass, bid"),
        ({"seat": 1}, "$.log[0].kind: expected a kind of decision, got null"),
        ({"kind": "pass"}, "$.log[0].seat: missing: the seat that decides"),
        ({"seat": 2, "kind": "pass"}, "$.log[0].seat: seat 2 is not at the table (seats 0..1)"),
        ({"seat": "1", "kind": "pass"}, "$.log[0].seat: expected a seat number, got a string"),
        ({"seat": 1, "kind": "bid", "value": "3"},
         "$.log[0].value: the value of bid is an integer, not a string (TP3)"),
        ({"seat": 1, "kind": "bid", "value": "smudge"},
         "$.log[0].value: the value of bid is an integer, not a string (TP3)"),
        ({"seat": 1, "kind": "bid", "value": True},
         "$.log[0].value: the value of bid is an integer, not a boolean (TP3)"),
        ({"seat": 1, "kind": "bid", "value": 3.0},
         "$.log[0].value: the value of bid is an integer, not 3.0 (TP3)"),
        ({"seat": 1, "kind": "bid", "value": [3]},
         "$.log[0].value: the value of bid is an integer, not a list (TP3)"),
        ({"seat": 1, "kind": "bid"}, "$.log[0].value: bid needs a value: an integer (TP3)"),
        ({"seat": 1, "kind": "pass", "value": 2}, "$.log[0].value: pass takes no value (TP3)"),
        ({"seat": 1, "kind": "pass", "value": {}}, "$.log[0].value: pass takes no value (TP3)"),
        ({"seat": 1, "kind": "bid", "value": 3, "card": "A♥"},
         "$.log[0].card: bid names no card (TP3)"),
        ({"seat": 1, "kind": "bid", "value": 3, "card": "Z♥"}, "$.log[0].card: "),
        ({"seat": 1, "kind": "pass", "bid": 3},
         "$.log[0].bid: unknown field of a decision; known fields: seat, kind, card, value"),
    ],
)  # fmt: skip
def test_each_kind_of_bad_log_entry_is_a_record_error_at_its_path(
    pitch_manager: PluginManager, entry: Any, message: str
) -> None:
    good = log(0, 2, [3, 4])
    assert replay_error(with_log([entry, good[1]])).startswith(message)
    # the same mistake in the second entry is reported there
    second = message.replace("$.log[0]", "$.log[1]")
    assert replay_error(with_log([good[0], entry])).startswith(second)


def test_the_log_itself_and_other_record_mistakes(pitch_manager: PluginManager) -> None:
    assert (
        replay_error(with_log({"0": "bid 3"}))
        == "$.log: expected a list of decisions, got an object"
    )
    # the bids of an older record format are not read: the log is the only place for them
    data = hand_made()
    data["bids"] = [3, 4]
    assert replay_error(data).startswith("$.bids: unknown field for tutorial-pitch; known fields: ")
    assert "log" in replay_error(data)
    data = hand_made()
    data["hands"][1] = "Q♥ 2♥ 10♣ 10♦ 5♠"
    assert replay_error(data) == "$.hands[1]: seat 1 holds 5 cards, not 6 (TP2)"


def test_hand_made_partnership_deal(pitch_manager: PluginManager) -> None:
    """Four players (TP1: seats 0+2 are side 0, 1+3 side 1), dealer 3, so eldest is seat 0.

    TP3: seat 0 passes, seat 1 bids 2, seat 2 bids 3, seat 3 passes: seat 2 pitches A♠ (TP5:
    spades are trump). Tricks (leader first; TP6):
      1. A♠ 9♠ 2♠ 7♠ -> seat 2      2. A♦ 8♦ Q♦ K♦ -> seat 2      3. 10♠ K♠ J♠ Q♠ -> seat 3
      4. 4♥ 10♥ A♥ 3♠ -> seat 2 (trumps)  5. 5♣ 4♣ 9♣ 10♣ -> seat 1  6. J♦ 6♥ 7♦ 8♣ -> seat 1
    TP7: High A♠ (seat 2) -> side 0; Low 2♠, dealt to seat 0 and won by his partner in trick 1
    -> side 0; Jack J♠, won by seat 3 in trick 3 -> side 1. Game: side 0 counts 4 (A♠) + 4 + 2
    + 3 (A♦ Q♦ K♦) + 10 + 4 (10♥ A♥) = 27; side 1 counts 10 + 3 + 1 + 2 (10♠ K♠ J♠ Q♠) + 10 (10♣)
    + 1 (J♦) = 27: a tie, no Game. TP8: side 0 won 2 of the 3 it bid: set back, -3; side 1
    scores its Jack. Points per side (-3, 1)."""
    data: dict[str, Any] = {
        "variant": "tutorial-pitch",
        "options": {"players": 4},
        "dealer": 3,
        "hands": [
            "J♠ 2♠ Q♦ 10♥ 9♣ 8♣",
            "Q♠ 7♠ K♦ J♦ 10♣ A♥",
            "A♠ 10♠ 3♠ A♦ 5♣ 6♥",
            "K♠ 9♠ 8♦ 7♦ 4♣ 4♥",
        ],
        "log": log(3, 4, ["pass", 2, 3, "pass"]),
        "tricks": [
            "A♠ 9♠ 2♠ 7♠",
            "A♦ 8♦ Q♦ K♦",
            "10♠ K♠ J♠ Q♠",
            "4♥ 10♥ A♥ 3♠",
            "5♣ 4♣ 9♣ 10♣",
            "J♦ 6♥ 7♦ 8♣",
        ],
    }
    result = kozyr.replay(copy.deepcopy(data))
    assert result.points == (-3, 1) and result.extra["pitcher"] == 2
    assert result.extra["game_points"] == [27, 27]
    assert result.extra["won"] == {"high": 0, "low": 0, "jack": 1, "game": None}
    assert [(i.name, i.points, i.side) for i in result.sheet.items] == [
        ("jack", 1, 1),
        ("set_back", -3, 0),
    ]
    # TP8: had seat 2 bid only 2 (seat 1 passing), his side makes it and scores its 2 points
    data["log"] = log(3, 4, ["pass", "pass", 2, "pass"])
    assert kozyr.replay(data).points == (2, 1)


def test_trump_is_set_by_the_pitch(pitch_manager: PluginManager) -> None:
    # TP2-TP5 through the engine: six cards each, bids from eldest as typed action values, no
    # trump until the pitcher's first card, whose suit it then is
    variant = kozyr.get_variant("tutorial-pitch", players=4)
    assert variant.name == "tutorial-pitch" and variant.sides == ((0, 2), (1, 3))
    deal = Deal.new(variant, seed=3, dealer=2)
    assert deal.phase == "bidding" and deal.to_act == 3
    assert all(len(deal.hand(s)) == 6 for s in range(4))
    assert deal.legal_actions() == [
        Action("pass", 3),
        *(Action("bid", 3, value=v) for v in (2, 3, 4, 5)),
    ]
    deal.play(Action("bid", 3, value=3))
    with pytest.raises(IllegalActionError, match=r"^seat 0: a bid of 2 does not exceed .*\(TP3\)$"):
        deal.play(Action("bid", 0, value=2))
    with pytest.raises(IllegalActionError, match=r"^seat 1: it is seat 0's turn to bid \(TP3\)$"):
        deal.play(Action("bid", 1, value=4))
    for seat in (0, 1, 2):
        deal.play(Action("pass", seat))
    assert deal.phase == "play" and deal.to_act == 3 and deal.trump is None  # TP5
    lead = deal.legal_actions()[0].card
    assert lead is not None
    deal.play(Action("play", 3, lead))
    assert deal.trump == lead.suit
    # TP4: when the three before him pass, the dealer's one action is the bid of 2
    forced = Deal.new(variant, seed=3, dealer=2)
    for seat in (3, 0, 1):
        forced.play(Action("pass", seat))
    assert forced.legal_actions() == [Action("bid", 2, value=2)]
    with pytest.raises(IllegalActionError, match=r"\(TP4\)$"):
        forced.play(Action("pass", 2))
    # #23 item 9: a forced dealer's wrong bid breaks TP4 too (it was refused with TP3's text)
    for bid in (3, 5):
        with pytest.raises(IllegalActionError) as caught:
            forced.play(Action("bid", 2, value=bid))
        assert str(caught.value) == (
            "seat 2: the dealer must bid 2 when everyone else has passed (TP4)"
        )


def test_partnership_points_go_to_sides(pitch_manager: PluginManager) -> None:
    # TP1/TP7: with four, every point is a side's; the deal's points are per side and, as
    # TP8 says, the two sides' points come from the four items (or the set back)
    for seed in range(30):
        result = kozyr.play_deal(
            kozyr.get_variant("tutorial-pitch"), seed=seed, bots="bidder"
        ).result()
        assert len(result.points) == 2
        assert all(item.side in (0, 1) and item.seat is None for item in result.sheet.items)
        pitcher_side = result.extra["pitcher"] % 2
        if not result.extra["made"]:
            assert result.points[pitcher_side] < 0


def test_conformance(pitch_manager: PluginManager) -> None:
    # the kit on 2, 3 and 4 players, both bots; parties with the bidding bot: random bids set
    # the pitcher back so often that a party of random bots never reaches 11 (TP9)
    for players in (2, 3, 4):
        variant = kozyr.get_variant("tutorial-pitch", players=players)
        report = check_variant(variant, deals=40, seed=players * 10, parties=1)
        assert report.deals == 40 and report.tricks == 40 * 6
        assert report.phases == {"bidding", "play"} and report.parties == 1
        for seed in range(3):
            party = check_party(variant, seed, bots="bidder")
            assert isinstance(party, PartyResult) and party.winner is not None
            # TP9: the winner has 11 or more after the last deal, and the game ended there
            assert party.running[-1][party.winner] >= 11
            assert all(max(r) < 11 for r in party.running[:-1])


def test_the_plugin_ships_its_rules(pitch_manager: PluginManager) -> None:
    variant = kozyr.get_variant("tutorial-pitch")
    book = variant.rulebooks()[0]
    assert book.name == "tutorial-pitch" and book.ids() == [f"TP{i}" for i in range(1, 10)]
    assert variant.rule("tp5").title == "The pitch"
    assert variant.trick_rules.rule == "TP6"
    out = io.StringIO()
    assert main(["rules", "tutorial-pitch", "TP4"], out=out) == 0
    assert out.getvalue().startswith("TP4 The forced dealer\n")


@pytest.mark.slow
def test_pip_install_into_a_fresh_venv(plugin_venv: Any) -> None:
    """About 10 s: the plugin pip-installed into a fresh venv (the ``plugin_venv`` fixture) and
    the CLI run there: variants, play, simulate, and replay of the shipped hand-made record."""
    kozyr_cli, source = plugin_venv(PITCH)
    listing = kozyr_cli("variants")
    assert "tutorial-pitch" in listing and "tutorial-pitch" in listing and "seven-up" in listing
    assert "kozyr-pitch-plugin" in kozyr_cli("plugins")
    assert kozyr_cli("rules", "tutorial-pitch", "TP5").startswith("TP5 The pitch\n")
    played = json.loads(kozyr_cli("play", "tutorial-pitch", "--seed", "1", "--json"))
    record = played.get("record", played)
    assert record["variant"] == "tutorial-pitch" and len(record["tricks"]) == 6
    assert [entry["seat"] for entry in record["log"]] == [1, 2, 3, 0]  # from eldest (TP3)
    assert {entry["kind"] for entry in record["log"]} <= {"pass", "bid"}
    assert "plugin tutorial" in kozyr_cli("play", "tutorial-pitch", "--seed", "1")
    simulated = json.loads(kozyr_cli("simulate", "tutorial-pitch", "-n", "50", "--json"))
    assert simulated["variant"] == "tutorial-pitch" and simulated["deals"] == 50
    # the hand-made record shipped with the plugin: points (-4, 1) (see hand_made above)
    replayed = kozyr_cli("replay", str(source / "pitch-deal.json"))
    assert "points per seat: -4 1" in replayed and "set_back" in replayed
    as_json = json.loads(kozyr_cli("replay", str(source / "pitch-deal.json"), "--json"))
    assert as_json["points"] == [-4, 1]


def test_replay_cli_in_process(pitch_manager: PluginManager, tmp_path: Path) -> None:
    out = io.StringIO()
    assert main(["replay", str(RECORD)], out=out) == 0
    assert "points per seat: -4 1" in out.getvalue()
    bad = copy.deepcopy(hand_made())
    bad["log"] = log(0, 2, ["pass", "pass"])
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad, ensure_ascii=False), encoding="utf-8")
    assert main(["replay", str(path)], out=io.StringIO()) == 2
    out = io.StringIO()
    assert main(["simulate", "tutorial-pitch", "-n", "20", "--seed", "1"], out=out) == 0


def test_logged_deals_round_trip_through_json(pitch_manager: PluginManager) -> None:
    """Property: for many seeded deals of 2, 3 and 4 players, both bots, the record the engine
    writes -- its bids in the core's log -- goes through JSON text, is read back by the codec to
    the same log, and replays to the same record and the same result (write, read, replay is
    the identity)."""
    for players in (2, 3, 4):
        variant = kozyr.get_variant("tutorial-pitch", players=players)
        for seed in range(120):
            bots = "bidder" if seed % 2 else "random"
            deal = kozyr.play_deal(variant, seed=seed, dealer=seed % players, bots=bots)
            record = deal.record
            # TP3: one decision per seat, from eldest, exactly the deal's decisions
            assert record.log == deal.log == tuple(a for a in deal.history if a.kind != "play")
            assert [a.seat for a in record.log] == [
                (deal.dealer + 1 + i) % players for i in range(players)
            ]
            text = json.dumps(record.to_json(), ensure_ascii=False)
            data = load(text)
            assert read_deal(data, variant).log == record.log
            result = kozyr.replay(data)
            assert isinstance(result, DealResult)
            assert result.record == record and result.record.log == record.log
            assert result.to_json() == deal.result().to_json()
            assert result.record.to_json() == record.to_json()


def test_a_bot_hears_the_bids(pitch_manager: PluginManager) -> None:
    # TP3: every player hears the bids -- the public decisions of the log are in a bot's view
    deal = Deal.new(kozyr.get_variant("tutorial-pitch", players=3), seed=5, dealer=0)
    deal.play(Action("bid", 1, value=2))
    deal.play(Action("pass", 2))
    view = deal.view(0)
    assert view.log == (Action("bid", 1, value=2), Action("pass", 2)) == deal.log
    assert view.facts == {}  # nothing else is kept for the record


def test_schema_and_reader_agree_on_logs(pitch_manager: PluginManager) -> None:
    """kozyr.record_schema() with Pitch installed describes the log exactly as the codec reads
    it: the hand-made record and hundreds of mutations of its log entries (a kind, a seat, a
    value, a card, a key changed, added or taken out) are valid exactly when they are read."""
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft202012Validator(kozyr.record_schema())
    variant = kozyr.get_variant("tutorial-pitch", players=2)

    def reads(data: dict[str, Any]) -> bool:
        try:
            read_deal(data, variant)
        except kozyr.KozyrError:
            return False
        return True

    base = hand_made()
    assert reads(base) and validator.is_valid(base)
    values: list[Any] = [None, 0, 1, 2, 5, -1, "bid", "pass", "x", True, 2.5, [], {}, "A♥", "Z"]
    rng = random.Random(15)
    rejected = 0
    for _ in range(600):
        data = hand_made()
        entry = data["log"][rng.randrange(2)]
        key = rng.choice(["seat", "kind", "value", "card", "note"])
        if rng.random() < 0.3 and key in entry:
            del entry[key]
        else:
            entry[key] = rng.choice(values)
        if rng.random() < 0.1:
            data["log"] = rng.choice([None, {}, "x", [], [1]])
        read = reads(data)
        assert read == validator.is_valid(data), (data, read)
        rejected += not read
    assert 300 < rejected < 600
    # an outcome record (no hands, no tricks) has no log, for the schema as for the reader
    outcome = {"variant": "tutorial-pitch", "options": {"players": 2}, "dealer": 0, "log": []}
    assert not reads(outcome) and not validator.is_valid(outcome)
