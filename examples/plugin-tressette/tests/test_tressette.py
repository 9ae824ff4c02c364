"""Tressette (TR1-TR8, D-TR1-D-TR7 of tressette.rules.md): worked examples computed by hand for
each rule, records with mistakes and their exact paths, kozyr's conformance kit, a property test
over many random deals, and a party kept with ``kozyr keep`` and served by ``kozyr serve``."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kozyr_tressette.scoring import ORDER, accusi

import kozyr
from kozyr import DealResult, OptionError, PartyResult, RecordError, parse_cards
from kozyr.testing import check_variant

SRC = Path(__file__).resolve().parents[1] / "src"


def installed() -> bool:
    """Whether the plugin is installed (its entry point loaded), not registered at run time."""
    return any(p.name == "tressette" and p.distribution for p in kozyr.loaded_plugins())


SUITS = "♥♦♣♠"
RANKS = "3 2 A K Q J 7 6 5 4".split()


def deal_of(data: dict[str, Any]) -> DealResult:
    """A deal record replayed (typed: ``kozyr.replay`` also returns parties)."""
    result = kozyr.replay(data)
    assert isinstance(result, DealResult)
    return result


def party_of(data: dict[str, Any]) -> PartyResult:
    """A party record replayed."""
    result = kozyr.replay(data)
    assert isinstance(result, PartyResult)
    return result


def one_suit_each(swap: bool = False) -> dict[str, Any]:
    """Dealer 0; seat 1 holds every heart, seat 2 every diamond, seat 3 every club, seat 0 every
    spade (with ``swap``: seat 1's 4♥ and seat 2's 4♦ change places). Eldest, seat 1, leads
    his hearts from the three down; nobody else can follow (TR4), so seat 1 takes all ten tricks
    and his side (1+3) every counting card and the last trick."""
    hands = [[f"{r}{s}" for r in RANKS] for s in "♠♥♦♣"]
    if swap:
        hands[1][-1], hands[2][-1] = "4♦", "4♥"
    tricks = [[hands[1][i], hands[2][i], hands[3][i], hands[0][i]] for i in range(10)]
    return {
        "variant": "tressette",
        "dealer": 0,
        "hands": [" ".join(h) for h in hands],
        "tricks": [" ".join(t) for t in tricks],
    }


def test_tr1_four_players_in_two_sides() -> None:
    variant = kozyr.get_variant("трессетте")
    assert variant.players == 4 and variant.sides == ((0, 2), (1, 3))
    with pytest.raises(OptionError, match=r"TR1"):
        kozyr.get_variant("tressette", players=3)


def test_tr2_the_ranking_and_the_pack() -> None:
    three, two, ace, king, four = parse_cards("3♠ 2♠ A♠ K♠ 4♠")
    assert ORDER.beats(three, two) and ORDER.beats(two, ace) and ORDER.beats(ace, king)
    assert ORDER.lowest(parse_cards("7♠ 4♠ J♠")) == four
    deal = kozyr.play_deal(kozyr.get_variant("tressette"), seed=3)
    dealt = [c for hand in deal.record.hands if hand is not None for c in hand]
    assert len(dealt) == 40 and not {c.rank for c in dealt} & {8, 9, 10}


def test_tr3_ten_cards_each_and_eldest_leads() -> None:
    for dealer in range(4):
        deal = kozyr.play_deal(kozyr.get_variant("tressette"), seed=dealer, dealer=dealer)
        assert [len(h or ()) for h in deal.record.hands] == [10] * 4
        assert deal.record.tricks is not None
        assert deal.record.tricks[0].plays[0].seat == (dealer + 1) % 4  # eldest leads (TR4)


def test_tr4_to_tr7_worked_example_one_suit_each() -> None:
    """TR5: side 1+3 takes 4 aces (4) and 20 figures (20/3): 10 2/3, with the last trick 11 2/3;
    TR6: the 2/3 drop, 11. TR7: each player holds the A, 2, 3 of his suit, a napoletana, 3
    points: 6 a side. Points: side 0+2 0 + 6 = 6; side 1+3 11 + 6 = 17."""
    result = kozyr.replay(one_suit_each())
    assert isinstance(result, DealResult)
    assert result.points == (6, 17)
    assert result.tricks == (0, 10, 0, 0)
    assert [(i.name, i.points, i.side, i.rule) for i in result.sheet.items] == [
        ("cards", 0, 0, "TR5"),
        ("napoletana", 3, 0, "TR7"),
        ("napoletana", 3, 0, "TR7"),
        ("cards", Fraction(32, 3), 1, "TR5"),
        ("last_trick", 1, 1, "TR5"),
        ("dropped", Fraction(-2, 3), 1, "TR6"),
        ("napoletana", 3, 1, "TR7"),
        ("napoletana", 3, 1, "TR7"),
    ]
    assert result.extra == {"aces": [0, 4], "figures": [0, 20], "last_trick": 1, "accusi": [6, 6]}
    # D-TR5: the thirds kept -- 11 2/3 + 6; without accusi (TR7) only the cards
    kept = deal_of({**one_suit_each(), "options": {"thirds": "keep"}})
    assert kept.points == (6, Fraction(53, 3))
    plain = deal_of({**one_suit_each(), "options": {"accusi": False}})
    assert plain.points == (0, 11)


def test_tr4_follow_suit_when_able() -> None:
    # seat 2 holds 4♥ and must follow seat 1's 3♥; it plays 3♦
    with pytest.raises(RecordError) as error:
        kozyr.replay(one_suit_each(swap=True))
    assert error.value.path == "$.tricks[0][1]"
    assert "(TR4)" in str(error.value)


def test_tr7_combinations_of_a_hand() -> None:
    # D-TR3: the ace of spades counts in three aces and in the napoletana of spades
    hand = parse_cards("A♠ 2♠ 3♠ A♥ A♦ 2♣ 7♣ 4♦ K♥ Q♥")
    assert [(i.name, i.points, i.rule) for i in accusi(hand)] == [
        ("three_aces", 3, "TR7"),
        ("napoletana", 3, "TR7"),
    ]
    # all four twos: 4, not 4 + 3; with their threes and aces, two napoletane
    four = accusi(parse_cards("2♠ 2♥ 2♦ 2♣ 3♠ A♠ 3♥ A♥ 7♣ 4♦"))
    assert [(i.name, i.points) for i in four] == [
        ("four_twos", 4),
        ("napoletana", 3),
        ("napoletana", 3),
    ]
    assert [str(c) for c in four[0].cards] == ["2♣", "2♦", "2♥", "2♠"]
    assert accusi(parse_cards("3♠ 3♥ 2♦ 2♣ A♠ A♥ K♠ Q♠ J♠ 7♠")) == []  # pairs score nothing


def outcome(
    dealer: int, aces: list[int], figures: list[int], last: int, declared: list[int]
) -> dict[str, Any]:
    return {
        "dealer": dealer,
        "aces": aces,
        "figures": figures,
        "last_trick": last,
        "accusi": declared,
    }


def test_d_tr7_outcome_record() -> None:
    """Side 0+2: 1 ace + 8 figures = 3 2/3, the last trick 4 2/3, drops to 4, declared 3: 7.
    Side 1+3: 3 aces + 12 figures = 7, nothing to drop: 7."""
    record = {"variant": "tressette", **outcome(0, [1, 3], [8, 12], 0, [3, 0])}
    result = kozyr.replay(record)
    assert isinstance(result, DealResult)
    assert result.points == (7, 7) and result.checked == "outcome"
    kept = deal_of({**record, "options": {"thirds": "keep"}})
    assert kept.points == (Fraction(23, 3), 7)


@pytest.mark.parametrize(
    ("change", "path", "message"),
    [
        (
            {"aces": [1, 2]},
            "$.aces",
            "1 + 2 = 3, but the aces taken add up to 4 (TR5)",
        ),
        (
            {"figures": [8, 8]},
            "$.figures",
            "8 + 8 = 16, but the figures taken (3, 2, K, Q, J) add up to 20 (TR5)",
        ),
        (
            {"accusi": [5, 0]},
            "$.accusi[0]",
            "5 points cannot be declared: combinations score 3 or 4 (TR7)",
        ),
        ({"aces": [5, -1]}, "$.aces[0]", "out of range 0..4 (TR5)"),
        ({"last_trick": 2}, "$.last_trick", "(TR5)"),
    ],
)
def test_d_tr7_outcome_mistakes(change: dict[str, Any], path: str, message: str) -> None:
    record = {"variant": "tressette", **outcome(0, [1, 3], [8, 12], 0, [3, 0]), **change}
    with pytest.raises(RecordError) as error:
        kozyr.replay(record)
    assert error.value.path == path and message in str(error.value)


def test_tr8_the_game_to_21_through_the_default_party_form() -> None:
    """Each deal: side 0+2 4 aces + 10 figures + last = 8 1/3 -> 8, declared 3: 11; side 1+3
    10 figures = 3 1/3 -> 3. Running 11:3, 22:6: side 0+2 reaches 21 and wins (TR8)."""
    deal = outcome(0, [4, 0], [10, 10], 0, [3, 0])
    party = {
        "variant": "tressette",
        "options": {"target": 21},
        "deals": [deal, {**deal, "dealer": 1}],
    }
    result = kozyr.replay(party)
    assert isinstance(result, PartyResult)
    assert result.running == ((11, 3), (22, 6))
    assert (result.winner, result.loser) == (0, 1)
    assert result.extra["party_form"] == "default" and result.extra["target"] == 21
    # D-TR6: one stake -- each of seats 1 and 3 pays half to each of seats 0 and 2
    assert result.settlement.net() == [1, -1, 1, -1]
    assert {p.reason for p in result.settlement.payments} == {"TR8"}
    with pytest.raises(RecordError, match=r"over"):  # no deal after the game is won
        kozyr.replay({**party, "deals": [*party["deals"], {**deal, "dealer": 2}]})
    with pytest.raises(RecordError, match=r"C1"):  # the deal passes to the next seat (TR3)
        kozyr.replay({**party, "deals": [deal, {**deal, "dealer": 2}]})


def test_d_tr6_a_tie_above_the_target_is_a_draw() -> None:
    """10:9, 9:10 (19:19), then 9:9 -- both sides past 21 with 28: nobody has won."""
    deals = [
        outcome(0, [2, 2], [10, 10], 0, [4, 4]),  # 2 + 10/3 + 1 -> 6, + 4; 2 + 10/3 -> 5, + 4
        outcome(1, [2, 2], [10, 10], 1, [4, 4]),
        outcome(2, [2, 2], [10, 10], 0, [3, 4]),
    ]
    result = kozyr.replay({"variant": "tressette", "options": {"target": 21}, "deals": deals})
    assert isinstance(result, PartyResult)
    assert result.running == ((10, 9), (19, 19), (28, 28))
    assert result.winner is None and result.loser is None
    assert result.settlement.payments == ()  # a draw: no stake (D-TR6)


def test_thirds_show_as_mixed_numbers() -> None:
    from kozyr.cli import main

    deal = outcome(0, [1, 3], [8, 12], 0, [3, 0])  # 7 2/3 : 7 with the thirds kept
    party = {
        "variant": "tressette",
        "options": {"thirds": "keep"},
        "deals": [deal, {**deal, "dealer": 1}],
    }
    path = Path(__file__).parent / "_party.json"
    try:
        path.write_text(json.dumps(party), encoding="utf-8")
        out = io.StringIO()
        assert main(["sheet", str(path), "--fractions", "mixed"], out) == 0
        assert "15⅓" in out.getvalue()  # 7 2/3 + 7 2/3
        out = io.StringIO()
        assert main(["replay", str(path), "--json"], out) == 0
        assert json.loads(out.getvalue())["running"][-1] == ["46/3", 14]
    finally:
        path.unlink(missing_ok=True)


@pytest.mark.parametrize(
    "options",
    [{}, {"thirds": "keep"}, {"accusi": False, "target": 21}, {"target": 51}],
)
def test_conformance(options: dict[str, Any]) -> None:
    report = check_variant(kozyr.get_variant("tressette", **options), deals=20, seed=5)
    assert report.deals == 20 and report.tricks == 200 and report.outcome_deals == 20
    assert report.parties == 2


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), dealer=st.integers(0, 3), keep=st.booleans())
def test_property_the_sides_share_the_card_points(seed: int, dealer: int, keep: bool) -> None:
    """TR5, TR6: whatever the play, the sides share 11 card points (11 2/3 with the thirds
    kept); the accusi are exactly those of the hands as dealt (TR7); the record replays."""
    variant = kozyr.get_variant("tressette", thirds="keep" if keep else "drop")
    deal = kozyr.play_deal(variant, seed=seed, dealer=dealer, bots="counter")
    result = deal.result()
    declared = sum(sum(i.points for i in accusi(h or ())) for h in deal.record.hands)
    assert sum(result.points) - declared == (Fraction(35, 3) if keep else 11)
    assert all(isinstance(p, int) for p in result.points) or keep
    assert deal_of(deal.record.to_json()).points == result.points


def _cli_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("KOZYR_")}
    if not installed():
        env.update(PYTHONPATH=str(SRC), KOZYR_PLUGINS="kozyr_tressette.plugin")
    return env


def test_kept_with_kozyr_keep(tmp_path: Path) -> None:
    """``kozyr keep`` asks the outcome fields deal after deal (the default party form) and
    stops by itself when a side reaches the target (TR8)."""
    record = tmp_path / "tressette.json"
    answers = "0\n4 0\n10 10\n0\n3 0\n\n" * 2  # dealer, aces, figures, last trick, accusi
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "kozyr",
            "keep",
            str(record),
            "tressette",
            "-o",
            "target=21",
            "--players",
            "Аня,Боря,Вера,Гоша",
        ],
        input=answers,
        capture_output=True,
        text=True,
        env=_cli_env(),
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    saved = json.loads(record.read_text(encoding="utf-8"))
    assert [d["aces"] for d in saved["deals"]] == [[4, 0], [4, 0]]
    assert party_of(saved).running == ((11, 3), (22, 6))


def test_served_by_kozyr_serve(tmp_path: Path) -> None:
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from kozyr.web import create_app

    client = TestClient(create_app(str(tmp_path / "tressette.sqlite3")))
    assert 'value="tressette"' in client.get("/new").text
    created = client.post(
        "/api/games",
        content=json.dumps({"variant": "tressette", "players": ["Аня", "Боря", "Вера", "Гоша"]}),
    )
    assert created.status_code == 201, created.text
    game = created.json()["id"]
    deal = client.post(
        f"/api/games/{game}/deals", content=json.dumps(outcome(0, [1, 3], [8, 12], 0, [3, 0]))
    )
    assert deal.status_code == 201, deal.text
    result = client.get(f"/api/games/{game}").json()["result"]
    assert result["running"] == [[7, 7]] and result["party_form"] == "default"
