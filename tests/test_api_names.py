"""One naming convention across the API (issue 12): the same concept has the same name, the old
names still work for one release with a DeprecationWarning, and results print as short
summaries."""

from __future__ import annotations

import pytest
from kozyr_sem_listov import play_party as race_party_json

import kozyr
from kozyr import get_variant, play_party


def test_play_party_takes_dealer_like_play_deal() -> None:
    # C1/SU2: the party's first deal is dealt by `dealer`, then the deal passes clockwise
    variant = get_variant("seven-up")
    result = play_party(variant, seed=3, dealer=2)
    assert result.record is not None
    dealers = [d.dealer for d in result.record.deals]
    assert dealers[0] == 2
    assert kozyr.play_deal(variant, seed=3, dealer=2).dealer == 2
    # the old keyword: the same party, with a DeprecationWarning
    with pytest.warns(DeprecationWarning, match=r"first_dealer=\) is deprecated; use dealer="):
        old = play_party(variant, seed=3, first_dealer=2)
    assert old.to_json() == result.to_json()
    with pytest.warns(DeprecationWarning):
        data = race_party_json(get_variant("po-noskam", players=3), seed=1, first_dealer=1)
    assert data == race_party_json(get_variant("po-noskam", players=3), seed=1, dealer=1)
    assert data["deals"][0]["dealer"] == 1


def test_str_of_a_deal_result_is_a_short_summary() -> None:
    # SL-C14: tricks 4 : 3 with two players, × 2 = 8 : 6, seat 1 pays 2
    result = kozyr.replay(
        {
            "variant": "sem-listov",
            "options": {"players": 2},
            "dealer": 0,
            "hands": ["A♠ K♥ Q♥ J♥ 10♦ 9♦ A♣", "K♠ Q♠ A♥ 10♥ A♦ K♦ K♣"],
            "turnup": "9♠",
            "trick_winners": [1, 1, 1, 0, 0, 0, 0],
        }
    )
    assert str(result).splitlines() == [
        "sem-listov deal, dealer seat 0: tricks 4 3; points by seat 8 : 6",
        "  tricks = 8 seat 0, tricks = 6 seat 1",
        "  settlement: net per seat 2 -2",
    ]
    assert len(repr(result)) > len(str(result))  # the repr stays the full dataclass repr


@pytest.mark.parametrize("name", ["seven-up", "semerik", "sem-listov", "na-noski"])
def test_str_of_results_fits_a_screen(name: str) -> None:
    variant = get_variant(name)
    deal = kozyr.play_deal(variant, seed=4, bots="heuristic").result()
    party = play_party(variant, seed=4, bots="heuristic")
    for text in (str(deal), str(party)):
        lines = text.splitlines()
        assert all(len(line) <= 100 for line in lines), text
        assert "Card(" not in text and "ScoreItem(" not in text
    assert str(party).startswith(f"{name} party of {len(party.deals)} deals: winner ")
    assert str(deal).startswith(f"{name} deal, dealer seat 0: tricks ")


def test_deal_record_and_tricks_won_are_properties_like_the_results() -> None:
    variant = get_variant("seven-up")
    deal = kozyr.play_deal(variant, seed=9)
    result = deal.result()
    # the same names on a deal and on its result
    assert deal.tricks_won == result.tricks_won == result.tricks
    assert isinstance(deal.tricks_won, tuple) and sum(deal.tricks_won) == len(deal.tricks)
    assert deal.record == result.record
    party = play_party(variant, seed=9)
    assert party.record is not None and party.deals[0].record == party.record.deals[0]
    # the 0.1 call forms: the same values, with a DeprecationWarning
    with pytest.warns(DeprecationWarning, match=r"deal\.tricks_won\(\) is deprecated"):
        counts = deal.tricks_won()
    assert counts == list(result.tricks)
    with pytest.warns(DeprecationWarning, match=r"deal\.record\(\) is deprecated"):
        record = deal.record()
    assert record == deal.record


def test_the_package_states_its_public_names_once() -> None:
    """#25 item 5: ``kozyr/__init__.py`` names each public name once, in its ``TYPE_CHECKING``
    imports (what mypy reads); ``__all__`` and the lazy imports are built from that block."""
    import ast
    import importlib
    from pathlib import Path

    source = Path(kozyr.__file__).read_text(encoding="utf-8")
    block = next(
        n
        for n in ast.parse(source).body
        if isinstance(n, ast.If) and "TYPE_CHECKING" in ast.unparse(n.test)
    )
    stated = {
        alias.name: node.module
        for node in block.body
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }
    # every name is re-exported for mypy --strict (``import X as X``) and stated once
    imports = [n for n in block.body if isinstance(n, ast.ImportFrom)]
    assert all(alias.asname == alias.name for n in imports for alias in n.names)
    assert sorted([*stated, "replay"]) == sorted(kozyr.__all__)
    assert len(kozyr.__all__) == len(set(kozyr.__all__)) > 70
    for name, module in stated.items():
        assert getattr(kozyr, name) is getattr(importlib.import_module(str(module)), name)
    assert set(kozyr.__all__) <= set(dir(kozyr))
    namespace: dict[str, object] = {}
    exec("from kozyr import *", namespace)
    assert namespace["Deal"] is kozyr.Deal and namespace["replay"] is kozyr.replay
    with pytest.raises(AttributeError, match="no attribute 'Dael'"):
        kozyr.Dael  # noqa: B018
