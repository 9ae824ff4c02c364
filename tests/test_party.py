"""Whole parties played by bots (kozyr.party) and the party hooks of the Variant contract."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import kozyr
from kozyr.party import has_party_form, play_party, seed_for
from kozyr.testing import check_party

ROOT = Path(__file__).resolve().parents[1]
PARTY_VARIANTS = [
    ("seven-up", {}),
    ("seven-up", {"players": 3}),
    ("sem-listov", {"players": 3}),
    ("po-noskam", {"players": 4}),
    ("sem-listov-1884", {"players": 3}),
    ("na-noski", {"players": 5}),
    ("semerik", {}),
]


@pytest.mark.parametrize(("name", "options"), PARTY_VARIANTS)
def test_every_built_in_party_replays_to_the_same_result(
    name: str, options: dict[str, int]
) -> None:
    variant = kozyr.get_variant(name, **options)
    assert has_party_form(variant)
    for seed in range(3):
        result = check_party(variant, seed)
        assert result.record is not None
        assert len(result.record.deals) == len(result.deals) >= 1
        # the party ends where the variant says so: no further context
        assert variant.party_context(result.record, result.deals) is None


def test_same_seed_same_party_and_deal_seeds_are_derived() -> None:
    variant = kozyr.get_variant("seven-up")
    one, two = play_party(variant, seed=11), play_party(variant, seed=11)
    assert one.to_json() == two.to_json()
    assert one.deals[0].record.seed == seed_for(11, 0)
    assert play_party(variant, seed=12).to_json() != one.to_json()


def test_a_void_deal_is_dealt_again_by_the_same_dealer() -> None:
    # D-SU2: examples/seven-up-game.json holds a void deal; the hook says the dealer deals again
    data = json.loads((ROOT / "examples" / "seven-up-game.json").read_text(encoding="utf-8"))
    variant = kozyr.get_variant("seven-up")
    result = kozyr.replay(data)
    assert isinstance(result, kozyr.PartyResult)
    voids = [i for i, d in enumerate(result.deals) if d.record.decisions.get("void")]
    assert voids, "the example must hold a void deal"
    for i in voids:
        assert variant.deals_again(result.deals[i])
        assert result.deals[i + 1].record.dealer == result.deals[i].record.dealer
    assert not variant.deals_again(result.deals[0])


def test_race_cut_is_drawn_only_when_the_race_is_over() -> None:
    # PN5: the loser cuts the shuffled 36-card pack once the race is over
    variant = kozyr.get_variant("po-noskam", players=3)
    result = play_party(variant, seed=4)
    assert result.record is not None and result.record.cut is not None
    assert result.record.cut.rank >= kozyr.Rank.SIX
    assert result.extra["punishment"]["cut"] == str(result.record.cut)
    assert variant.party_cut(result.deals[:1], random.Random(1)) is None


def test_variants_without_cut_draw_none_and_parties_without_end_are_errors() -> None:
    variant = kozyr.get_variant("seven-up")
    assert variant.party_cut([], random.Random(0)) is None
    with pytest.raises(kozyr.KozyrError, match="did not end after 1 deals"):
        play_party(variant, seed=1, max_deals=1)


def test_cli_plays_a_party_whose_record_replays(capsys: pytest.CaptureFixture[str]) -> None:
    from kozyr.cli import main

    assert main(["play", "семерик", "--seed", "3", "--party", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert kozyr.replay(data["record"]).to_json() == data["result"]
    assert data["result"]["winner"] in (0, 1, None)


def test_cli_party_of_a_variant_without_one_is_bad_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import kozyr.cli
    import kozyr.party

    class Plain(kozyr.Variant):
        name, player_counts = "plain", (2,)

    assert not has_party_form(Plain())
    monkeypatch.setattr(kozyr.party, "has_party_form", lambda variant: False)
    assert kozyr.cli.main(["play", "seven-up", "--seed", "1", "--party"]) == 2
    assert capsys.readouterr().err.strip() == "kozyr play: seven-up has no party form"


def test_next_deal_dealer_is_the_one_rotation_rule() -> None:
    """``Variant.next_deal_dealer``: clockwise (C1), the same dealer after a void deal (D-SU2),
    a seat that left a race skipped (D-PN2) -- also when it would deal first -- and the party
    loop follows it deal by deal."""
    race = kozyr.get_variant("po-noskam", players=4)
    left_1 = {"totals": [3, 7, 2, 0], "left": [1]}
    assert race.next_deal_dealer(None, {}, first=2) == 2
    assert race.next_deal_dealer(None, left_1, first=1) == 2  # seat 1 has left: it passes on
    party = play_party(race, seed=5)
    contexts = [race.party_context(party.record, party.deals[:i]) or {} for i in range(1, 4)]
    for i, context in enumerate(contexts[: len(party.deals) - 1]):
        assert party.deals[i + 1].record.dealer == race.next_deal_dealer(party.deals[i], context)
    seven_up = kozyr.get_variant("seven-up")
    result = play_party(seven_up, seed=3)
    for before, after in zip(result.deals, result.deals[1:], strict=False):
        expected = before.record.dealer if seven_up.deals_again(before) else None
        dealer = seven_up.next_deal_dealer(before, {})
        assert after.record.dealer == dealer
        assert expected is None or dealer == expected
