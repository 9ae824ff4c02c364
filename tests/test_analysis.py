"""Double-dummy analysis of records (analysis.py, ``kozyr analyse``, issue 27): a Seven Up deal
worked by hand, the values agreeing with the deal's real result, and the errors."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

import kozyr
from kozyr.analysis import AnalysisError, analyse_deal, sides_for
from kozyr.bots import play_deal
from kozyr.cli import main
from kozyr.record import DealResult
from kozyr.replay import replay

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"

# Seven Up, two players, hearts trump (the 5♥ turned), eldest (seat 1) stands and leads.
# Seat 0 holds A♥ 9♠ 6♦ 7♦ 8♦ 9♦, seat 1 J♥ K♠ 2♦ 3♦ 4♦ 5♦. Only A♥ and J♥ are trumps: High is
# seat 0's, Low (the J♥) seat 1's, fixed by the deal (SU6). The counting cards are A♥ 4, K♠ 3 and
# J♥ 1 (Game). Whoever wins the trick holding the J♥ takes the Jack.
HAND_WORKED: dict[str, Any] = {
    "variant": "seven-up",
    "options": {"players": 2},
    "dealer": 0,
    "hands": ["A♥ 9♠ 6♦ 7♦ 8♦ 9♦", "J♥ K♠ 2♦ 3♦ 4♦ 5♦"],
    "turnups": ["5♥"],
    "beg": "stand",
    "tricks": ["2♦ 6♦", "7♦ 3♦", "8♦ 4♦", "9♦ 5♦", "9♠ J♥", "K♠ A♥"],
}


def analysed(data: dict[str, Any]) -> Any:
    result = replay(data)
    assert isinstance(result, DealResult)
    variant = result.record.variant_object
    assert variant is not None
    return analyse_deal(result.record, variant)


def test_a_hand_worked_seven_up_deal() -> None:
    found = analysed(HAND_WORKED)
    texts = [p.text for p in found.mistakes]
    # Trick 2, seat 0 on lead. A♥ led forces the J♥ (seat 1's only heart: SU5 follow or trump),
    # so seat 0 takes the Jack and Game (A♥ + J♥ = 5 against the K♠'s 3 at most): High, Jack
    # and Game, 3. A diamond led lets seat 1 trump with the J♥ and keep the Jack; seat 1 then
    # holds one more diamond than seat 0, so the K♠ is never forced under the A♥ and wins a
    # trick or falls with the 9♠: Game 4 to 4, nobody (D-SU3). Seat 0 keeps only High: 1.
    assert texts[0] == "trick 2, seat 0: 7♦ loses the Jack and Game; A♥ keeps them"
    # Seat 1's answer to the 7♦: the J♥ wins the trick that holds it (the Jack, with Low: 2);
    # 3♦ lets seat 0 win the trick and lead A♥, to which seat 1 must play the J♥: Low only, 1.
    assert texts[1] == "trick 2, seat 1: 3♦ loses the Jack; J♥ keeps it"
    # Trick 5: the two-card ending A♥ 9♠ against J♥ K♠ (docs/analysis.md works it): the 9♠
    # led is trumped by the J♥, which keeps the Jack; A♥ led takes it.
    assert texts[-1] == "trick 5, seat 0: 9♠ loses the Jack; A♥ keeps it"
    # tricks 3 and 4 repeat trick 2 for both players; every other card lost nothing
    assert [(p.trick, p.seat) for p in found.mistakes] == [
        (2, 0),
        (2, 1),
        (3, 0),
        (3, 1),
        (4, 0),
        (4, 1),
        (5, 0),
    ]
    first = found.plays[0]
    assert (first.trick, first.seat, str(first.card), first.before, first.after) == (
        1,
        1,
        "2♦",
        1,
        1,
    )
    five = found.mistakes[-1]
    assert (five.before, five.after, five.loss, five.lost) == (3, 2, 1, ("Jack",))
    assert [str(c) for c in five.best] == ["A♥"]
    assert found.objective == "SevenUpPoints" and found.unit == "points"


@pytest.mark.parametrize(
    ("name", "options"),
    [("seven-up", {}), ("seven-up", {"players": 3}), ("sem-listov", {"players": 2})],
)
def test_values_end_at_the_real_result(name: str, options: dict[str, Any]) -> None:
    # The value after the last card is what the side really made, and no card gains value for
    # its own side: before >= after at every play.
    variant = kozyr.get_variant(name, **options)
    for seed in range(2):
        deal = play_deal(variant, seed=seed)
        result = replay(json.loads(json.dumps(deal.record.to_json())))
        assert isinstance(result, DealResult)
        found = analyse_deal(result.record, variant)
        assert found.unsolved == 0
        assert all(p.before is not None and p.after is not None for p in found.plays)
        assert all(p.after <= p.before for p in found.plays)  # type: ignore[operator]
        last = found.plays[-1]
        if found.unit == "tricks":
            won = result.record.tricks_won(variant.players)
            assert last.after == sum(won[s] for s in last.side)
        else:  # Seven Up: High, Low, Jack, Game of the side (no turned jack, gift or revoke)
            counted = {"high", "low", "jack", "game"}
            mine = [
                i
                for i in result.sheet.items
                if i.name in counted and (i.seat in last.side or i.side == last.side[0] % 2)
            ]
            if variant.players != 4:
                mine = [i for i in mine if i.seat in last.side]
            assert last.after == sum(int(i.points) for i in mine)


def test_sides_for_every_table() -> None:
    assert sides_for(kozyr.get_variant("seven-up"), 1) == ((0, 2), (1, 3))
    assert sides_for(kozyr.get_variant("seven-up", players=2), 1) == ((0,), (1,))
    assert sides_for(kozyr.get_variant("sem-listov", players=4), 2) == ((2,), (0, 1, 3))


def test_a_summary_record_cannot_be_analysed() -> None:
    deal = play_deal(kozyr.get_variant("seven-up", players=2), seed=4)
    result = replay(json.loads(json.dumps(deal.record.to_json())))
    assert isinstance(result, DealResult)
    from dataclasses import replace

    with pytest.raises(AnalysisError, match=r"\$ is a summary record .* \$\.tricks"):
        analyse_deal(replace(result.record, tricks=None), kozyr.get_variant("seven-up", players=2))


def run(*argv: str) -> str:
    out = io.StringIO()
    assert main(list(argv), out=out) == 0, argv
    return out.getvalue()


def test_the_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(HAND_WORKED, ensure_ascii=False), encoding="utf-8")
    text = run("analyse", str(path))
    assert text.splitlines()[-2] == "trick 5, seat 0: 9♠ loses the Jack; A♥ keeps it"
    assert text.splitlines()[-1] == "12 plays, 7 lost value (values: points)"
    assert "before" in run("analyse", str(path), "--all")
    data = json.loads(run("analyse", str(path), "--json"))
    assert data["mistakes"] == 7 and data["unsolved"] == 0 and data["unit"] == "points"
    assert data["plays"][8] == {
        "trick": 5,
        "seat": 0,
        "card": "9♠",
        "side": [0],
        "before": 3,
        "after": 2,
        "loss": 1,
        "best": ["A♥"],
        "lost": ["Jack"],
        "text": "trick 5, seat 0: 9♠ loses the Jack; A♥ keeps it",
    }
    # a budget too small to solve anything: every play reported as not solved, nothing flagged
    data = json.loads(run("analyse", str(path), "--json", "--max-nodes", "1"))
    assert data["unsolved"] == 12 and data["mistakes"] == 0
    # an evening is refused with one line (exit 2)
    evening = tmp_path / "evening.json"
    evening.write_text(json.dumps({"games": [HAND_WORKED]}), encoding="utf-8")
    assert main(["analyse", str(evening)], out=io.StringIO()) == 2
    assert "not an evening ($.games)" in capsys.readouterr().err


def _deal(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k not in ("variant", "options")}


# A Seven Up party of two deals: the hand-worked deal, then the same cards with the hands
# swapped and the deal passed on (C1: seat 1 deals, seat 0 is eldest, stands and leads 2♦). The
# second deal is the first with the seats renamed, so its flags are the first's with seat 0 and
# seat 1 exchanged -- the tricks, in the order played, read the same.
HAND_WORKED_PARTY: dict[str, Any] = {
    "variant": "seven-up",
    "options": {"players": 2},
    "deals": [
        _deal(HAND_WORKED),
        {**_deal(HAND_WORKED), "dealer": 1, "hands": list(reversed(HAND_WORKED["hands"]))},
    ],
}


def test_a_party_is_analysed_deal_by_deal(tmp_path: Path) -> None:
    path = tmp_path / "party.json"
    path.write_text(json.dumps(HAND_WORKED_PARTY, ensure_ascii=False), encoding="utf-8")
    first = [
        "trick 2, seat 0: 7♦ loses the Jack and Game; A♥ keeps them",
        "trick 2, seat 1: 3♦ loses the Jack; J♥ keeps it",
        "trick 3, seat 0: 8♦ loses the Jack and Game; A♥ keeps them",
        "trick 3, seat 1: 4♦ loses the Jack; J♥ keeps it",
        "trick 4, seat 0: 9♦ loses the Jack and Game; A♥ keeps them",
        "trick 4, seat 1: 5♦ loses the Jack; J♥ keeps it",
        "trick 5, seat 0: 9♠ loses the Jack; A♥ keeps it",
    ]
    swapped = [t.replace("seat 0", "seat X").replace("seat 1", "seat 0").replace("seat X", "seat 1")
               for t in first]  # fmt: skip
    summary = "12 plays, 7 lost value (values: points)"
    assert run("analyse", str(path)).splitlines() == [
        "deal 1",
        *first,
        summary,
        "",
        "deal 2",
        *swapped,
        summary,
    ]
    data = json.loads(run("analyse", str(path), "--json"))
    assert [d["deal"] for d in data["deals"]] == [1, 2]
    assert (data["variant"], data["mistakes"], data["unsolved"]) == ("seven-up", 14, 0)
    one = json.loads(run("analyse", str(tmp_path / "party.json"), "--json"))["deals"][0]
    # each deal's object has exactly the keys of a lone deal's, and "deal"
    alone = tmp_path / "deal.json"
    alone.write_text(json.dumps(HAND_WORKED, ensure_ascii=False), encoding="utf-8")
    lone = json.loads(run("analyse", str(alone), "--json"))
    assert {k: v for k, v in one.items() if k != "deal"} == lone
    assert [p["text"] for p in data["deals"][1]["plays"] if p["text"]] == swapped
    assert "before" in run("analyse", str(path), "--all")


def test_summary_and_outcome_records_are_refused_with_their_path(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    summary = json.loads(EXAMPLES.joinpath("seven-up-summary.json").read_text(encoding="utf-8"))
    path = tmp_path / "summary.json"
    path.write_text(json.dumps(summary, ensure_ascii=False), encoding="utf-8")
    assert main(["analyse", str(path)], out=io.StringIO()) == 2
    assert "$ is a summary record" in capsys.readouterr().err
    # a party whose second deal is a summary: refused before any search, naming $.deals[1]
    mixed = json.loads(EXAMPLES.joinpath("seven-up-game.json").read_text(encoding="utf-8"))
    path.write_text(json.dumps(mixed, ensure_ascii=False), encoding="utf-8")
    assert main(["analyse", str(path)], out=io.StringIO()) == 2
    err = capsys.readouterr().err
    assert "$.deals[1] is a summary record" in err and "$.deals[1].tricks" in err
    outcome = json.loads(EXAMPLES.joinpath("setback-party.json").read_text(encoding="utf-8"))
    path.write_text(json.dumps(outcome, ensure_ascii=False), encoding="utf-8")
    assert main(["analyse", str(path)], out=io.StringIO()) == 2
    assert "$.deals[0] is an outcome record" in capsys.readouterr().err


def test_sentence_names_the_seat() -> None:
    found = analysed(HAND_WORKED)
    last = found.mistakes[-1]
    assert last.sentence(found.unit, "Anna") == "trick 5, Anna: 9♠ loses the Jack; A♥ keeps it"
    assert last.sentence(found.unit) == last.text
    assert (last.lost, last.lost_ru) == (("Jack",), ("Валет",))
    assert found.plays[0].sentence(found.unit, "Anna") == ""


def test_a_deal_a_seat_sat_out_is_reported_and_the_others_analysed() -> None:
    # Po noskam, three players: a seat that reached its tricks early sits the last deal out;
    # the solver needs every seat in play, so that deal carries its error, the rest are solved
    out = io.StringIO()
    argv = [
        "analyse",
        str(EXAMPLES / "po-noskam-full-party.json"),
        "--json",
        "--max-nodes",
        "20000",
    ]
    assert main(argv, out=out) == 0
    deals = json.loads(out.getvalue())["deals"]
    assert [d["deal"] for d in deals] == [1, 2, 3, 4]
    assert [("error" in d) for d in deals] == [False, False, False, True]
    assert "sat this deal out" in deals[3]["error"] and deals[3]["plays"] == []
    assert all(len(d["plays"]) == 21 for d in deals[:3])


@pytest.mark.parametrize("seed", [3, 11])
def test_a_played_party_ends_each_deal_at_its_real_result(seed: int) -> None:
    # A Seven Up party of two players played by bots to its end (SU7), written and read back:
    # every deal is reviewed (numbered from 1), no card gains its own side value, and the value
    # after each deal's last card is what that side really scored of High, Low, Jack and Game
    # (SU6) -- the deals reviewed in the party's contexts agree with the party's own scoring
    from kozyr.analysis import analyse_party
    from kozyr.party import play_party
    from kozyr.record import PartyResult

    variant = kozyr.get_variant("seven-up", players=2)
    played = play_party(variant, seed=seed)
    assert played.record is not None
    result = replay(json.loads(json.dumps(played.record.to_json())))
    assert isinstance(result, PartyResult) and len(result.deals) >= 2
    found = analyse_party(result, variant, max_nodes=None)
    assert [d.number for d in found.deals] == list(range(1, len(result.deals) + 1))
    assert found.unsolved == 0
    counted = {"high", "low", "jack", "game"}
    for review, deal in zip(found.deals, result.deals, strict=True):
        assert all(p.after <= p.before for p in review.plays)  # type: ignore[operator]
        last = review.plays[-1]
        made = sum(
            int(i.points) for i in deal.sheet.items if i.name in counted and i.seat in last.side
        )
        assert last.after == made, (review.number, deal.sheet.items)
