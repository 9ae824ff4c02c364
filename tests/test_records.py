"""Records (records.py): every RecordError path, with its JSON path and message, on Seven Up
records built from real played deals and then damaged, plus round-trips."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

import kozyr
from kozyr import DealResult, PartyRecord, PartyResult, RecordError
from kozyr.codec import load, read_deal

Record = dict[str, Any]
Factory = Callable[[], Record]

# A hand-made two-handed Seven Up deal (SU1 players=2): dealer seat 0, eldest seat 1 leads.
# Trump ♦ (turned 2♦), but no diamond is in play -> no High/Low (SU6); seat 1 wins all six
# tricks and Game with A4 + K3 + Q2 + J1 + 10(10) = 20 counting points against 0 -> points [0, 1].
TWO_HANDED: Record = {
    "variant": "seven-up",
    "options": {"players": 2},
    "dealer": 0,
    "hands": ["2s 3h 4h 5h 6h 7h", "As Ks Qs Js Ts 9s"],
    "turnup": "2d",
    "beg": "stand",
    "tricks": ["As 2s", "Ks 3h", "Qs 4h", "Js 5h", "Ts 6h", "9s 7h"],
}


def error_of(data: Any) -> RecordError:
    with pytest.raises(RecordError) as info:
        kozyr.replay(data)
    return info.value


def test_hand_made_worked_example() -> None:
    result = kozyr.replay(copy.deepcopy(TWO_HANDED))
    assert isinstance(result, DealResult)
    assert result.tricks == (0, 6)
    assert result.points == (0, 1)
    assert [i.name for i in result.sheet.items] == ["game"]
    assert result.extra["game_points"] == [0, 20]
    # trick winners are resolved by replay: seat 1 led and won every trick
    assert result.record.tricks is not None
    assert [t.winner for t in result.record.tricks] == [1] * 6
    assert [t.leader for t in result.record.tricks] == [1] * 6


def test_illegal_play_by_rule() -> None:
    # SU5: seat 0 holds 2♠ and must follow (or trump) the A♠ led; 3♥ is illegal
    data = copy.deepcopy(TWO_HANDED)
    data["tricks"][0] = "As 3h"
    error = error_of(data)
    assert error.path == "$.tricks[0][1]"
    assert (
        str(error) == "$.tricks[0][1]: seat 0: 3♥ neither follows the suit led ♠ nor trumps (SU5)"
    )


def test_round_trip_of_played_deals() -> None:
    # the engine's own record replays to the identical result, through JSON text
    for seed in range(30):
        variant = kozyr.get_variant("seven-up", players=[2, 3, 4][seed % 3])
        deal = kozyr.play_deal(variant, seed=seed)
        text = json.dumps(deal.record.to_json(), ensure_ascii=False)
        again = kozyr.replay(load(text))
        assert again.to_json() == deal.result().to_json()


# --- syntax --------------------------------------------------------------------------------


def test_bad_json() -> None:
    with pytest.raises(RecordError) as info:
        load('{"variant": "seven-up",')
    assert info.value.path == "$"
    assert str(info.value).startswith("$: not valid JSON: ")
    assert "line 1 column" in str(info.value)


def test_not_an_object() -> None:
    assert str(error_of([1, 2])) == "$: expected an object, got a list"


@pytest.mark.parametrize(
    ("change", "path", "message"),
    [
        (
            lambda d: d.update(colour="red"),
            "$.colour",
            "unknown field for seven-up; known fields: ",
        ),
        (lambda d: d.pop("variant"), "$.variant", "expected a variant name, got null"),
        (lambda d: d.update(variant="vint"), "$.variant", "unknown variant 'vint'; installed: "),
        (lambda d: d.update(options=[]), "$.options", "expected an object, got a list"),
        (lambda d: d["options"].update(players=5), "$.options", "option players: 5 is not allowed"),
        (lambda d: d["options"].update(trump="h"), "$.options", "unknown option trump"),
        (lambda d: d.update(dealer=4), "$.dealer", "seat 4 is not at the table (seats 0..3)"),
        (lambda d: d.update(dealer=-1), "$.dealer", "seat -1 is not at the table"),
        (lambda d: d.update(dealer="0"), "$.dealer", "expected a seat number, got a string"),
        (lambda d: d.update(dealer=True), "$.dealer", "expected a seat number, got a boolean"),
        (lambda d: d.pop("dealer"), "$.dealer", "missing: the dealer's seat"),
        (lambda d: d.update(hands="As"), "$.hands", "expected a list of 4 hands, got a string"),
        (lambda d: d["hands"].pop(), "$.hands", "expected 4 hands (one per seat), got 3"),
        (
            lambda d: d["hands"].__setitem__(2, 7),
            "$.hands[2]",
            "expected cards as a string or a list",
        ),
        (
            lambda d: d["hands"].__setitem__(1, ["As", 5]),
            "$.hands[1][1]",
            "expected a card in notation",
        ),
        (lambda d: d.update(turnup="2c"), "$.turnups", "give either turnup or turnups, not both"),
        (lambda d: d.update(turnups="2x"), "$.turnups[0]", "bad card '2x': unknown suit 'x'"),
        (lambda d: d.update(cut="11c"), "$.cut", "bad card '11c': unknown rank '11'"),
        (lambda d: d.update(seed="7"), "$.seed", "expected an integer, got a string"),
        (
            lambda d: d.update(tricks={"0": "As"}),
            "$.tricks",
            "expected a list of tricks, got an object",
        ),
        (lambda d: d.update(beg="pass"), "$.beg", "expected one of stand, give, run, got 'pass'"),
    ],
)
def test_field_errors(
    seven_up_record: Factory, change: Callable[[Record], Any], path: str, message: str
) -> None:
    data = seven_up_record()
    change(data)
    error = error_of(data)
    assert error.path == path
    assert message in error.detail
    assert str(error) == f"{path}: {error.detail}"


def test_bad_card_token_path(seven_up_record: Factory) -> None:
    data = seven_up_record()
    cards = data["hands"][1].split()
    cards[3] = "Xz"
    data["hands"][1] = " ".join(cards)
    error = error_of(data)
    assert str(error) == "$.hands[1][3]: bad card 'Xz': unknown rank 'x'"


def test_card_in_two_hands(seven_up_record: Factory) -> None:
    data = seven_up_record()
    taken = data["hands"][0].split()[4]
    cards = data["hands"][2].split()
    cards[1] = taken
    data["hands"][2] = " ".join(cards)
    assert str(error_of(data)) == f"$.hands[2][1]: {taken} is also in seat 0's hand"


def test_card_twice_in_one_hand(seven_up_record: Factory) -> None:
    data = seven_up_record()
    cards = data["hands"][3].split()
    cards[5] = cards[0]
    data["hands"][3] = cards  # a list of tokens is accepted as well as a string
    assert str(error_of(data)) == f"$.hands[3][5]: {cards[0]} is listed twice"


# --- plays ---------------------------------------------------------------------------------


def test_card_not_in_the_hand(seven_up_record: Factory) -> None:
    # swap the 2nd and 3rd cards of the first trick: each now comes from the wrong hand
    data = seven_up_record()
    cards = data["tricks"][0].split()
    cards[1], cards[2] = cards[2], cards[1]
    data["tricks"][0] = " ".join(cards)
    seat = (data["dealer"] + 2) % 4  # eldest (dealer + 1) leads; the 2nd card is the next seat's
    error = error_of(data)
    assert error.path == "$.tricks[0][1]"
    assert error.detail == f"{cards[1]} is not in seat {seat}'s hand"


def test_short_trick(seven_up_record: Factory) -> None:
    data = seven_up_record()
    data["tricks"][2] = " ".join(data["tricks"][2].split()[:3])
    assert str(error_of(data)) == (
        "$.tricks[2]: a trick needs 4 cards (seats 0, 1, 2, 3); this one has 3"
    )


def test_long_trick(seven_up_record: Factory) -> None:
    # one card moved from trick 1 to trick 0: the fifth card of trick 0 is reported
    data = seven_up_record()
    first, second = data["tricks"][0].split(), data["tricks"][1].split()
    data["tricks"][0] = " ".join([*first, second[0]])
    data["tricks"][1] = " ".join(second[1:])
    assert str(error_of(data)) == (
        "$.tricks[0][4]: a trick has 4 cards (seats 0, 1, 2, 3); this one has 5"
    )


def test_record_ends_early(seven_up_record: Factory) -> None:
    data = seven_up_record()
    data["tricks"].pop()
    error = error_of(data)
    assert error.path == "$.tricks"
    assert error.detail.startswith("the record stops after 5 tricks, but the deal goes on (seat ")


def test_extra_tricks(seven_up_record: Factory) -> None:
    data = seven_up_record()
    data["tricks"].append(["2h"])
    assert str(error_of(data)) == "$.tricks[6]: the deal is already over after 6 tricks"


def test_card_twice_in_a_trick(seven_up_record: Factory) -> None:
    data = seven_up_record()
    cards = data["tricks"][4].split()
    cards[2] = cards[0]
    data["tricks"][4] = " ".join(cards)
    assert str(error_of(data)) == f"$.tricks[4][2]: {cards[0]} is listed twice"


def test_variant_check_record_paths(seven_up_record: Factory) -> None:
    # the variant's own checks (check_record) come back with their JSON paths
    data = seven_up_record()
    data["hands"][1] = " ".join(data["hands"][1].split()[:5])
    assert str(error_of(data)) == (
        "$.hands[1]: seat 1 holds 5 cards; a hand in play has 6 (SU3, SU4)"
    )


def test_read_deal_keeps_tricks_unresolved(seven_up_record: Factory) -> None:
    data = seven_up_record()
    record = read_deal(data, kozyr.get_variant("seven-up"))
    assert record.tricks is not None and len(record.tricks) == 6
    assert {p.seat for t in record.tricks for p in t.plays} == {-1}  # resolved by replay
    assert record.decisions == {"beg": "stand"}


# --- parties -------------------------------------------------------------------------------


def seven_up_party(extra: int = 0) -> Record:
    """A real 4-handed game to 7 (SU7) played by bots, plus ``extra`` deals after its end."""
    variant = kozyr.get_variant("seven-up")
    empty = PartyRecord("seven-up", dict(variant.options), ())
    results: list[DealResult] = []
    deals: list[Record] = []
    dealer, seed, over_at = 0, 100, None
    while True:
        context = variant.party_context(empty, results)
        if context is None:
            over_at = len(deals) if over_at is None else over_at
            if len(deals) - over_at >= extra:
                break
            context = {"scores": [0, 0]}
        deal = kozyr.play_deal(variant, seed=seed, dealer=dealer, context=context)
        results.append(deal.result())
        record = deal.record.to_json()
        deals.append({k: v for k, v in record.items() if k not in ("variant", "options")})
        dealer = dealer if deal.facts.get("void") else (dealer + 1) % 4
        seed += 1
    return {"variant": "seven-up", "options": {}, "deals": deals}


def test_party_replays() -> None:
    party = seven_up_party()
    result = kozyr.replay(copy.deepcopy(party))
    assert isinstance(result, PartyResult)
    assert len(result.deals) == len(party["deals"])
    assert result.winner in (0, 1)
    assert max(result.running[-1]) >= 7
    assert sum(result.settlement.net()) == 0


def test_party_errors() -> None:
    party = seven_up_party()
    data = copy.deepcopy(party)
    data["deals"][0]["variant"] = "seven-up"
    assert (
        str(error_of(data))
        == "deal 1 ($.deals[0].variant): a deal of a party takes the party's variant"
    )
    data = copy.deepcopy(party)
    last = data["deals"][-1]
    last["hands"][1] = last["hands"][1].split()[0]  # one of its own six cards: too few (SU3)
    assert error_of(data).path.startswith(f"$.deals[{len(party['deals']) - 1}].hands[1]")
    data = copy.deepcopy(party)
    data["rubber"] = 3
    assert error_of(data).path == "$.rubber"
    assert "unknown field of a party" in str(error_of(data))
    data = copy.deepcopy(party)
    data["deals"] = []
    assert str(error_of(data)) == "$.deals: expected a non-empty list of deals"
    data = copy.deepcopy(party)
    data["deals"][0]["dealer"] = 9
    assert (
        str(error_of(data)) == "deal 1 ($.deals[0].dealer): seat 9 is not at the table (seats 0..3)"
    )
    over = seven_up_party(extra=1)
    error = error_of(over)
    assert error.path == f"$.deals[{len(party['deals'])}]"  # the first deal after the end
    assert error.detail == "the party was already over before this deal"


def test_played_records_carry_the_seed(play_record: Callable[..., Record]) -> None:
    data = play_record(5)
    assert data["seed"] == 5 and data["variant"] == "seven-up"


def test_record_card_lists_use_the_notation_separators() -> None:
    # C4: spaces, commas (and semicolons) in any mixture, and any notation style, in records too
    data = copy.deepcopy(TWO_HANDED)
    data["hands"] = ["2♠;3ч, 4h 5H;6♥ 7ч", ["Тп", "Кп", "Дп", "Вп", "10п", "9п"]]
    assert kozyr.replay(data).points == (0, 1)
