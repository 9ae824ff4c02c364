"""The batch engine of Pitch (kozyr_pitch.batch) is exact against the reference engine: the same
packs and random draws give the same items, points, tricks and fields deal by deal, and the same
parties (AP2-AP11, D-AP2-D-AP8)."""

from __future__ import annotations

from typing import Any

import pytest

import kozyr

np = pytest.importorskip("numpy")

from kozyr_pitch.scoring import going_out  # noqa: E402

from kozyr.batch import RandomDraws  # noqa: E402
from kozyr.batch.check import compare, compare_parties  # noqa: E402

DEAL_SETS: list[tuple[str, dict[str, Any]]] = [
    ("auction-pitch", {}),
    ("auction-pitch", {"players": 2}),
    ("auction-pitch", {"players": 5, "min_bid": 1, "stuck_dealer": "two", "low_to": "capturer"}),
    ("auction-pitch", {"players": 7, "dealer_privilege": False}),
    ("auction-pitch", {"partnership": True, "win_by": 2}),
    ("setback", {}),
    ("smudge", {}),
    ("smudge", {"players": 3, "smudge": "anyone", "dealer_privilege": True}),
]


@pytest.mark.parametrize(("name", "options"), DEAL_SETS)
def test_deals_are_exact(name: str, options: dict[str, Any]) -> None:
    assert compare(kozyr.get_variant(name, **options), 400, seed=26) == []


# Random bots are set back so often that their parties end by a smudge (AP10) far sooner than
# by the target: the parties are checked where smudges may be made by anyone.
PARTY_SETS: list[dict[str, Any]] = [
    {"smudge": "anyone", "players": 2},
    {"smudge": "anyone", "players": 3, "win_by": 2},
    {"smudge": "anyone", "partnership": True, "low_to": "holder", "target": 11},
]


@pytest.mark.parametrize("options", PARTY_SETS)
def test_parties_are_exact(options: dict[str, Any]) -> None:
    variant = kozyr.get_variant("smudge", **options)
    assert compare_parties(variant, 25, seed=26, max_deals=400) == []


@pytest.mark.parametrize("win_by", [1, 2])
def test_first_out_agrees_with_the_reference_from_any_score(win_by: int) -> None:
    # The batch's walk of the items (D-AP2, D-AP5, a set-back putting another side ahead) from
    # random scores near the target, against kozyr_pitch.scoring.going_out on the same deals.
    variant = kozyr.get_variant("setback", win_by=win_by)
    form = variant.batch_form()
    assert form is not None
    deals = form.play(3000, RandomDraws(7), dealer=1)
    rng = np.random.default_rng(1)
    # nobody is at the target before a deal unless win by two kept him in
    scores = rng.integers(5, 13 if win_by == 2 else 11, size=(3000, 2))
    first = form._first_out(scores, deals)
    for i in range(3000):
        items = [
            kozyr.ScoreItem(name, "", "", points, (), seat, side, rule)
            for name, seat, side, points, _, rule in deals.deal(i)["items"]
        ]
        out = going_out(scores[i].tolist(), items, variant.sides, 11, win_by)
        assert (out[0] if out else -1) == first[i], (i, scores[i], items)


def test_games_of_random_bots_that_never_end_are_an_error() -> None:
    # Random bidders drift below zero (AP9): a batch of their games stops at the cap with the
    # library's own error instead of looping for ever.
    from kozyr import KozyrError
    from kozyr.batch.party import RandomPartyDraws

    form = kozyr.get_variant("auction-pitch", players=4).batch_form()
    assert form is not None and form.max_deals == 2000
    form.max_deals = 60  # the same check, sooner
    with pytest.raises(KozyrError, match=r"did not end after 60 deals"):
        form.play_parties(40, RandomPartyDraws(3))
