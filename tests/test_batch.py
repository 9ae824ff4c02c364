"""The batch engine (kozyr.batch) against the reference engine: the same packs and random draws
give identical deals (items, points, settlement, variant fields); its tallies are the reference
tallies of those deals; seeded runs agree statistically."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest
from kozyr_sem_listov.batch import SemListovBatch
from kozyr_semerik.batch import SemerikBatch
from kozyr_semerik.scoring import DECLARATIONS, SIDES, advance

from kozyr import Card, CardSet, Deck, ScoreItem, Variant, get_variant
from kozyr.batch import (
    BatchResult,
    ExtraColumn,
    GivenDraws,
    GivenPartyDraws,
    PartyBatchForm,
    RandomDraws,
    count,
    high_bit,
    item_column,
    low_bit,
    pick,
    select,
    unit_points,
)
from kozyr.batch.check import (
    compare,
    compare_parties,
    plain,
    plain_party,
    reference_deal,
    reference_party,
)
from kozyr.simulate import Tally, deal_outcome, simulate
from kozyr.simulate.batch import add_batch, add_party_batch
from kozyr.simulate.workers import add_party

SEVEN_UP = [
    {"players": 4},
    {"players": 2},
    {"players": 3},
    {"players": 4, "void_may_discard": True, "game_tie": "eldest"},
    {"players": 2, "game_tie": "eldest"},
    {"players": 3, "void_may_discard": True},
]


def test_three_handed_gifts_are_listed_from_eldest() -> None:
    """D-SU4: seat 1 deals, eldest (seat 2) begs (0.9) and the dealer gives (0.1): one point to
    each other player, listed in play order from eldest -- seat 2, then seat 0."""
    variant = get_variant("seven-up", players=3)
    result = reference_deal(variant, list(range(52)), [0.9, 0.1] + [0.0] * 60, dealer=1)
    assert [item.seat for item in result.sheet.items if item.name == "gift"] == [2, 0]


def _ids(options: dict[str, Any]) -> str:
    return "-".join(f"{k}={v}" for k, v in options.items()) or "defaults"


def test_mask_primitives_match_python_ints() -> None:
    rng = np.random.default_rng(5)
    masks = rng.integers(1, 1 << 52, size=2000, dtype=np.uint64)
    counts = count(masks)
    k = (rng.random(2000) * counts).astype(np.int64)
    chosen = select(masks, k)
    for mask, c, kk, card in zip(masks.tolist(), counts, k, chosen, strict=True):
        cards = [i for i in range(52) if mask >> i & 1]
        assert c == len(cards) and card == cards[kk]
    assert high_bit(masks).tolist() == [m.bit_length() - 1 for m in masks.tolist()]
    assert low_bit(masks).tolist() == [(m & -m).bit_length() - 1 for m in masks.tolist()]


@pytest.mark.slow
@pytest.mark.parametrize("options", SEVEN_UP, ids=_ids)
@pytest.mark.parametrize("dealer", [0, 1])
def test_seven_up_batch_equals_reference_deal_by_deal(options: dict[str, Any], dealer: int) -> None:
    # SU3-SU6, D-SU1-D-SU4: every deal identical, begging, running, void deals and discards
    variant = get_variant("seven-up", **options)
    assert compare(variant, 1500, seed=11 + dealer, dealer=dealer) == []


def test_the_check_fails_on_a_wrong_batch_form() -> None:
    # a batch form that credits High to the wrong seat must be caught
    variant = get_variant("seven-up", players=4)
    form = variant.batch_form()
    assert form is not None
    rng = np.random.default_rng(3)
    packs = np.argsort(rng.random((50, 52)), axis=1)
    uniforms = rng.random((50, 400))
    batch = form.play(50, GivenDraws(packs, uniforms))
    high = next(c for c in batch.items if c.name == "high")
    high.seat[:] = np.where(high.seat >= 0, (high.seat + 1) % 4, -1)
    differ = [
        i
        for i in range(50)
        if batch.deal(i) != plain(reference_deal(variant, packs[i], uniforms[i].tolist()))
    ]
    assert len(differ) > 40


def test_batch_tally_equals_the_reference_tally_of_the_same_deals() -> None:
    variant = get_variant("seven-up", players=3, game_tie="eldest")
    form = variant.batch_form()
    assert form is not None
    rng = np.random.default_rng(8)
    packs = np.argsort(rng.random((600, 52)), axis=1)
    uniforms = rng.random((600, 400))
    ours = Tally(3)
    add_batch(ours, form.play(600, GivenDraws(packs, uniforms)))
    theirs = Tally(3)
    for i in range(600):
        result = reference_deal(variant, packs[i], uniforms[i].tolist())
        theirs.add_deal(result, variant)
        theirs.add_unit_outcome(variant, *deal_outcome(variant, result))
    assert ours.items == theirs.items
    assert (ours.tricks, ours.points, ours.seat_points) == (
        theirs.tricks,
        theirs.points,
        theirs.seat_points,
    )
    assert (ours.wins, ours.losses, ours.units, ours.deals) == (
        theirs.wins,
        theirs.losses,
        theirs.units,
        theirs.deals,
    )
    for name, stats in theirs.extra.items():
        assert ours.extra[name].__getstate__() == stats.__getstate__(), name


def _within(ours: float, theirs: float, p: float, n: int, m: int, sigmas: float = 4.0) -> bool:
    se = math.sqrt(p * (1 - p) / n + p * (1 - p) / m) or 1e-12
    return abs(ours - theirs) <= sigmas * se


@pytest.mark.slow
@pytest.mark.parametrize("options", [{"players": 4}, {"players": 3}])
def test_seeded_batch_runs_agree_with_seeded_reference_runs(options: dict[str, Any]) -> None:
    # every item's frequency within 4 standard errors (the full 10^5-deal check: benchmarks/)
    n = 8000
    batch = simulate("seven-up", options, n, seed=2, engine="batch").to_json()
    reference = simulate("seven-up", options, n, seed=2, engine="reference").to_json()
    assert batch["engine"] == "batch" and reference["engine"] == "reference"
    for name, row in reference["items"].items():
        p = (row["share_of_deals"] + batch["items"][name]["share_of_deals"]) / 2
        assert _within(batch["items"][name]["share_of_deals"], row["share_of_deals"], p, n, n)


SEVEN_UP_PARTIES = [
    *SEVEN_UP,
    {"players": 3, "gift_may_win": True},
    {"players": 4, "gift_may_win": True},
]


def _party_chance(
    parties: int, seed: int, size: int = 52, deals: int = 40
) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((parties, deals, size)), axis=2), rng.random((parties, deals, 400))


def _assert_party_tallies_equal(
    variant: Variant, parties: int, *, seed: int, size: int = 52
) -> None:
    """The batch tally of ``parties`` parties (``add_party_batch``) equals the reference tally
    of the same parties, played by the reference party loop on the same packs and uniforms
    (``add_party``): items, tricks, points, wins and losses, money, and every field's
    statistics, deal fields and party fields alike."""
    form = variant.batch_form()
    assert isinstance(form, PartyBatchForm)
    packs, uniforms = _party_chance(parties, seed, size=size)
    ours = Tally(variant.players)
    add_party_batch(ours, form.play_parties(parties, GivenPartyDraws(packs, uniforms)))
    theirs = Tally(variant.players)
    for i in range(parties):
        add_party(
            theirs, variant, reference_party(variant, packs[i].tolist(), uniforms[i].tolist())
        )
    assert ours.items == theirs.items
    assert (ours.tricks, ours.points, ours.seat_points) == (
        theirs.tricks,
        theirs.points,
        theirs.seat_points,
    )
    assert (ours.wins, ours.losses, ours.net, ours.units, ours.deals) == (
        theirs.wins,
        theirs.losses,
        theirs.net,
        theirs.units,
        theirs.deals,
    )
    for kind, mine, reference in (
        ("deal", ours.extra, theirs.extra),
        ("party", ours.party_extra, theirs.party_extra),
    ):
        assert set(mine) == set(reference), kind
        for name, stats in reference.items():
            assert mine[name].__getstate__() == stats.__getstate__(), (kind, name)


@pytest.mark.slow
@pytest.mark.parametrize("options", SEVEN_UP_PARTIES, ids=_ids)
def test_seven_up_party_batch_equals_reference_party_by_party(options: dict[str, Any]) -> None:
    # SU2 the deal passing clockwise, D-SU2 the same dealer again after a void deal, D-SU4 no
    # gift that brings a receiver to 7, SU7 the first to 7 counting in sheet order, the stake
    variant = get_variant("seven-up", **options)
    assert compare_parties(variant, 400, seed=41) == []


def test_the_party_check_sees_blocked_gifts_void_deals_and_photo_finishes() -> None:
    # the parties compared reach every rule of the party: a gift refused by D-SU4 (a beg the
    # dealer had to run with a receiver on 6), a void deal dealt again (D-SU2), and a deal in
    # which both sides pass 7, settled by the counting order (SU7)
    variant = get_variant("seven-up", players=4)
    packs, uniforms = _party_chance(400, 41)
    blocked = void = both = 0
    for i in range(400):
        party = reference_party(variant, packs[i].tolist(), uniforms[i].tolist())
        scores: tuple[int, ...] = (0, 0)
        for deal, after in zip(party.deals, party.running, strict=True):
            facts = deal.record.decisions
            context = {"scores": list(scores), "target": 7}
            blocked += facts.get("beg") == "run" and not variant.gift_allowed(
                context, deal.record.dealer
            )
            void += bool(facts.get("void"))
            scores = after
        both += min(party.running[-1]) >= 7
    assert blocked > 10 and void > 5 and both > 10


def test_the_party_check_fails_on_a_wrong_party_form(monkeypatch: pytest.MonkeyPatch) -> None:
    # a form that lets the dealer give a winning point (against D-SU4), or that passes the deal
    # on after a void deal (against D-SU2), must be caught
    from kozyr_seven_up.batch import SevenUpBatch

    variant = get_variant("seven-up", players=4)
    monkeypatch.setattr(
        SevenUpBatch, "_gift_allowed", lambda self, scores, dealer, target: scores[:, 0] > -1
    )
    assert len(compare_parties(variant, 300, seed=41)) > 10
    monkeypatch.undo()
    form = variant.batch_form()
    assert isinstance(form, PartyBatchForm)
    packs, uniforms = _party_chance(300, 41)
    batch = form.play_parties(300, GivenPartyDraws(packs, uniforms))
    for step in batch.steps:  # every deal said to be dealt by seat 0
        step.dealer[:] = 0
    differ = [
        i
        for i in range(300)
        if batch.party(i)
        != plain_party(variant, reference_party(variant, packs[i].tolist(), uniforms[i].tolist()))
    ]
    assert len(differ) == 300


@pytest.mark.parametrize("options", [{"players": 4}, {"players": 3, "game_tie": "eldest"}])
def test_party_batch_tally_equals_the_reference_tally_of_the_same_parties(
    options: dict[str, Any],
) -> None:
    variant = get_variant("seven-up", **options)
    _assert_party_tallies_equal(variant, 300, seed=7)


@pytest.mark.slow
@pytest.mark.parametrize("options", [{"players": 4}, {"players": 3}])
def test_seeded_party_batch_runs_agree_with_seeded_reference_runs(options: dict[str, Any]) -> None:
    # who wins the game to 7 (SU7) and every item's frequency within 4 standard errors (the
    # full 10^5-party check: tools/batch_check.py stats)
    n = 2000
    batch = simulate("seven-up", options, n, seed=2, unit="party", engine="batch")
    reference = simulate("seven-up", options, n, seed=2, unit="party", engine="reference")
    assert (batch.engine, reference.engine) == ("batch", "reference")
    assert batch.units == reference.units == n
    for seat in range(len(batch.wins)):
        p = (batch.wins[seat] + reference.wins[seat]) / (2 * n)
        assert _within(batch.wins[seat] / n, reference.wins[seat] / n, p, n, n)
    ours, theirs = batch.to_json(), reference.to_json()
    for name, row in theirs["items"].items():
        p = (row["share_of_deals"] + ours["items"][name]["share_of_deals"]) / 2
        assert _within(ours["items"][name]["share_of_deals"], row["share_of_deals"], p, n, n)


def test_su7_the_first_to_seven_counting_in_sheet_order() -> None:
    # worked by hand, four players (sides 0 = seats 0, 2 and 1 = seats 1, 3):
    # game 0 at 6:6 -- High to seat 1, Low and Game to seat 0: side 1 reaches 7 with High, the
    #   first item counted (SU7), though side 0 ends the deal on 8 and side 1 on 7;
    # game 1 at 6:5 -- Jack to seat 1, Game to seat 3: side 1 reaches 7 with Game;
    # game 2 at 0:0 -- High and Low to seat 2: nobody reaches 7.
    from kozyr_seven_up.batch import SevenUpBatch

    from kozyr.batch import BatchResult, item_column, unit_points

    variant = get_variant("seven-up", players=4)
    form = SevenUpBatch(variant)
    sides = variant.sides
    seats = {"high": [1, -1, 2], "low": [0, -1, 2], "jack": [-1, 1, -1], "game": [0, 3, -1]}
    items = tuple(
        item_column(name, (name, name), "SU6", np.array(s) >= 0, seat=np.array(s), sides=sides)
        for name, s in seats.items()
    )
    points = unit_points(4, sides, items)
    deals = BatchResult(4, sides, np.zeros((3, 4), dtype=np.int64), points, items)
    before = np.array([[6, 6], [6, 5], [0, 0]])
    assert form._first_to(before, deals, 7).tolist() == [1, 1, -1]
    assert (before + points).tolist() == [[8, 7], [6, 7], [2, 0]]


def test_d_su4_who_may_be_given_a_point() -> None:
    # worked by hand: with four players and seat 0 dealing, the gift goes to eldest's side 1, so
    # the dealer may not give when side 1 is on 6; with three players and seat 2 dealing, it
    # goes to seats 0 and 1, so not when either is on 6 (the dealer's own score does not count);
    # gift_may_win lifts the rule
    from kozyr_seven_up.batch import SevenUpBatch

    four = SevenUpBatch(get_variant("seven-up", players=4))
    assert four._gift_allowed(np.array([[0, 6], [6, 5], [6, 6]]), 0, 7).tolist() == [
        False,
        True,
        False,
    ]
    three = SevenUpBatch(get_variant("seven-up", players=3))
    scores = np.array([[0, 6, 0], [0, 0, 6], [6, 0, 0], [5, 5, 5]])
    assert three._gift_allowed(scores, 2, 7).tolist() == [False, True, False, True]
    free = SevenUpBatch(get_variant("seven-up", players=3, gift_may_win=True))
    assert free._gift_allowed(scores, 2, 7).all()


def test_party_batch_totals_do_not_depend_on_the_workers() -> None:
    one = simulate("seven-up", {"players": 3}, 20000, seed=9, unit="party", engine="batch")
    two = simulate("seven-up", {"players": 3}, 20000, seed=9, unit="party", workers=2)
    assert one.engine == two.engine == "batch"
    assert one.totals() == two.totals()
    assert one.units == 20000 and sum(one.wins) == 20000  # one winner per game (SU7)


def test_parties_without_a_party_form_fall_back_to_the_reference_engine(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delattr(SemerikBatch, "play_parties")  # a form that plays single deals only
    result = simulate("semerik", {}, 2, seed=1, unit="party", engine="batch")
    assert result.engine == "reference"
    assert (
        result.engine_note == "parties are played by the reference engine (no batch form for them)"
    )


def test_random_draws_are_uniform_choices() -> None:
    source = RandomDraws(1)
    picks = source.choose(np.full(60000, 3))
    assert set(np.unique(picks).tolist()) == {0, 1, 2}
    assert np.abs(np.bincount(picks) / 60000 - 1 / 3).max() < 0.01
    packs = source.packs(1000, 52)
    assert all(sorted(row) == list(range(52)) for row in packs.tolist())
    # every card as likely at the top and at the bottom: within 5 standard errors of 1/52 (a
    # shuffle that let the card's own index leak into its place would be far off)
    packs = source.packs(52_000, 52)
    for place in (0, 51):
        seen = np.bincount(packs[:, place], minlength=52)
        assert np.abs(seen - 1000).max() < 5 * np.sqrt(1000 * 51 / 52)
    assert source.packs(10, 36).shape == (10, 36)


def test_pick_is_np_where_for_masks_and_integers() -> None:
    rng = np.random.default_rng(9)
    condition = rng.random(1000) < 0.5
    masks = rng.integers(0, 1 << 52, size=(2, 1000), dtype=np.uint64)
    ints = rng.integers(-60, 60, size=(2, 1000))
    assert (pick(condition, masks[0], masks[1]) == np.where(condition, masks[0], masks[1])).all()
    assert (pick(condition, ints[0], ints[1]) == np.where(condition, ints[0], ints[1])).all()
    assert pick(condition, masks[0], masks[1]).dtype == np.uint64


def test_select_picks_in_card_order() -> None:
    hand = np.array([CardSet.parse("A♠ 2♣ K♥").mask], dtype=np.uint64)
    assert [int(select(hand, np.array([k]))[0]) for k in range(3)] == [0, 37, 51]


SEMERIK = [
    {},
    {"quads": "plus_one"},
    {"counter_mode": "cumulative"},
    {"packets": "3-3-4"},
    {"trena": "ten", "declarations": "in_turn"},
]


@pytest.mark.slow
@pytest.mark.parametrize("options", SEMERIK, ids=_ids)
@pytest.mark.parametrize("dealer", [0, 3])
def test_semerik_batch_equals_reference_deal_by_deal(options: dict[str, Any], dealer: int) -> None:
    # SM3-SM7: the deal, every declaration, ten tricks with the main suit, counters, bonuses
    variant = get_variant("semerik", **options)
    assert compare(variant, 1000, seed=21 + dealer, dealer=dealer) == []


@pytest.mark.parametrize(("quads", "trena"), [("as_triple", "seven"), ("plus_one", "ten")])
def test_semerik_batch_scores_a_stacked_trena_and_quad_as_the_reference(
    quads: str, trena: str
) -> None:
    # eldest (seat 1) is dealt 3♥ 2♥ A♥ K♥ Q♥ J♥ 7♥ (трена, 16, SM6; with trena=ten a баба of
    # hearts 5 and three extensions) and the four threes (D-SM3: one triple of threes, 3, or 4
    # with quads=plus_one)
    variant = get_variant("semerik", quads=quads, trena=trena)
    pack = [card.index for card in Deck.of_size(40).cards]
    wanted = [Card.parse(c).index for c in "3h 2h Ah Kh Qh Jh 7h 3s 3d 3c".split()]
    places = [0, 1, 2, 3, 16, 17, 18, 28, 29, 30]  # seat 1's cards in packets 4-3-3 from eldest
    rest = [p for p in range(40) if pack[p] not in wanted]
    order = [0] * 40
    for place, index in zip(places, wanted, strict=True):
        order[place] = pack.index(index)
    for place, position in zip([p for p in range(40) if p not in places], rest, strict=True):
        order[place] = position
    packs = np.array([order])
    uniforms = np.random.default_rng(1).random((1, 400))
    form = variant.batch_form()
    assert form is not None
    ours = form.play(1, GivenDraws(packs, uniforms)).deal(0)
    theirs = plain(reference_deal(variant, order, uniforms[0].tolist()))
    assert ours == theirs
    declared = [(name, seat, points) for name, seat, _, points, _, _ in ours["items"]]
    if trena == "seven":
        assert ("trena", 1, 16) in declared
    else:
        assert ("baba", 1, 5) in declared and declared.count(("extension", 1, 1)) == 3
    assert ("quad", 1, 3 if quads == "as_triple" else 4) in declared


# --- Семерик rubbers (SM8-SM11, D-SM5) --------------------------------------------------------

SEMERIK_PARTIES = [
    {},
    {"declarations": "in_turn"},
    {"counter_mode": "cumulative", "quads": "plus_one"},
    {"packets": "3-3-4", "trena": "ten", "declarations": "in_turn"},
]


@pytest.mark.slow
@pytest.mark.parametrize("options", SEMERIK_PARTIES, ids=_ids)
def test_semerik_party_batch_equals_reference_party_by_party(options: dict[str, Any]) -> None:
    # C1 the deal passing to the left; SM8 the first side to 21 in event order (D-SM5 together
    # or in turn), double under 11; SM9 the carry; SM10 the halves; SM11 three games
    variant = get_variant("semerik", **options)
    assert compare_parties(variant, 250, seed=43) == []


def test_the_semerik_party_check_sees_every_way_a_game_ends() -> None:
    # the parties compared end games in play with a carry (SM9), on declarations, double (SM8),
    # and with both sides at 21 on the declarations of one deal (D-SM5)
    variant = get_variant("semerik")
    packs, uniforms = _party_chance(250, 43, size=40)
    ways = {"play": 0, "declarations": 0, "double": 0, "carry": 0, "both": 0}
    for i in range(250):
        party = reference_party(variant, packs[i].tolist(), uniforms[i].tolist())
        for game in party.extra["games"]:
            ways[game["won_on"]] += 1
            ways["double"] += game["double"]
            ways["carry"] += game["carry"] > 0
        for deal in party.deals:
            start, declared = deal.extra["start"], deal.extra["declarations"]
            ways["both"] += min(start[0] + declared[0], start[1] + declared[1]) >= 21
    assert min(ways.values()) > 20, ways


@pytest.mark.slow
def test_the_semerik_party_check_fails_on_a_wrong_party_form(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # a form that counts the declarations one by one when they are made together (against
    # D-SM5), or that says every deal is dealt by seat 0 (against C1), must be caught
    original = SemerikBatch.__init__

    def in_turn(self: SemerikBatch, variant: Any) -> None:
        original(self, variant)
        self.in_turn = True

    variant = get_variant("semerik")
    monkeypatch.setattr(SemerikBatch, "__init__", in_turn)
    assert len(compare_parties(variant, 250, seed=43)) > 10
    monkeypatch.undo()
    form = variant.batch_form()
    assert isinstance(form, PartyBatchForm)
    packs, uniforms = _party_chance(100, 43, size=40)
    batch = form.play_parties(100, GivenPartyDraws(packs, uniforms))
    for step in batch.steps:
        step.dealer[:] = 0
    differ = [
        i
        for i in range(100)
        if batch.party(i)
        != plain_party(variant, reference_party(variant, packs[i].tolist(), uniforms[i].tolist()))
    ]
    assert len(differ) == 100


def _semerik_deals(items: list[tuple[str, int, list[bool], int]]) -> Any:
    """Two deals holding the given items (name, seat, in which deal, points), in this order."""
    columns = [
        item_column(name, (name, name), "SM6", np.array(present), seat=seat, points=points,
                    sides=SIDES)
        for name, seat, present, points in items
    ]  # fmt: skip
    declared = [c for c in columns if c.name in DECLARATIONS]
    return BatchResult(
        players=4,
        sides=SIDES,
        tricks=np.zeros((2, 4), dtype=np.int64),
        points=unit_points(4, SIDES, columns),
        items=tuple(columns),
        extra={"declarations": ExtraColumn("ints", unit_points(4, SIDES, declared))},
    )


@pytest.mark.parametrize("declarations", ["together", "in_turn"])
def test_semerik_game_end_worked_example(declarations: str) -> None:
    # seat 0 deals, so seat 1 is eldest. Deal 0 from 18:16: seat 1 declares a баба of hearts (5,
    # SM6), seat 2 three sevens (4). Together (D-SM5): 22:21, both at 21, the higher total wins,
    # the losers on 21. In turn: seat 1 first, 16 + 5 = 21 wins with the other side still on 18.
    # Either way on declarations: no carry (SM9). Deal 1 from 20:10: seat 0 wins a trick of
    # three counters (1, SM7) -- 21 in play with the losers on 10, under 11: double (SM8) --
    # then takes nine tricks (6): 27, and 6 carried into the next game (SM9).
    deals = _semerik_deals(
        [
            ("baba", 1, [True, False], 5),
            ("triple", 2, [True, False], 4),
            ("counters", 0, [False, True], 1),
            ("nine_tricks", 0, [False, True], 6),
        ]
    )
    form = get_variant("semerik", declarations=declarations).batch_form()
    assert isinstance(form, SemerikBatch)
    start = np.array([[18, 16], [20, 10]])
    end, winner, loser_score, in_play = form._advance(start, deals, 1)
    assert end.tolist() == [[22, 21], [27, 10]]
    first = (0, 21) if declarations == "together" else (1, 18)
    assert list(zip(winner.tolist(), loser_score.tolist(), strict=True)) == [first, (1 - 1, 10)]
    assert in_play.tolist() == [False, True]
    # the reference's own game step agrees
    for d in range(2):
        items = [
            ScoreItem(c.name, "", "", int(c.points[d]), (), int(c.seat[d]), int(c.side[d]), "")
            for c in deals.items
            if c.present[d]
        ]
        won = advance(start[d], items, 1, 1, declarations=declarations).won
        assert won is not None
        assert (won.winner, won.loser_score, won.won_in_play) == (
            winner[d],
            loser_score[d],
            in_play[d],
        )
    assert won.double and won.carry == 6 and won.value == 42


@pytest.mark.parametrize("options", [{}, {"declarations": "in_turn"}], ids=_ids)
def test_semerik_party_batch_tally_equals_the_reference_tally(options: dict[str, Any]) -> None:
    # every field, including the game won in some deals (None in the others) and the rubber's
    # net by side in Fractions
    variant = get_variant("semerik", **options)
    _assert_party_tallies_equal(variant, 150, seed=7, size=40)


@pytest.mark.slow
def test_seeded_semerik_party_batch_runs_agree_with_seeded_reference_runs() -> None:
    # who wins the rubber (SM11) and every item's frequency within 4 standard errors (the full
    # 10^5-party check: tools/batch_check.py party-stats)
    n = 600
    batch = simulate("semerik", {}, n, seed=2, unit="party", engine="batch")
    reference = simulate("semerik", {}, n, seed=2, unit="party", engine="reference")
    assert (batch.engine, reference.engine) == ("batch", "reference")
    assert batch.units == reference.units == n
    for seat in range(4):
        p = (batch.wins[seat] + reference.wins[seat]) / (2 * n)
        assert _within(batch.wins[seat] / n, reference.wins[seat] / n, p, n, n)
    ours, theirs = batch.to_json(), reference.to_json()
    for name, row in theirs["items"].items():  # a rare item (a трена) may be missing in one
        share = ours["items"].get(name, {"share_of_deals": 0.0})["share_of_deals"]
        p = (row["share_of_deals"] + share) / 2
        assert _within(share, row["share_of_deals"], p, ours["deals"], theirs["deals"]), name


@pytest.mark.slow
def test_semerik_rubbers_are_simulated_in_batches_of_4096_whatever_the_workers() -> None:
    # a rubber holds some 14 deals until tallied: party_batch_size bounds a batch's memory
    one = simulate("semerik", {}, 5000, seed=9, unit="party", engine="batch")
    two = simulate("semerik", {}, 5000, seed=9, unit="party", workers=2)
    assert one.engine == two.engine == "batch" and one.chunk == two.chunk == 4096
    assert one.totals() == two.totals()
    assert sum(one.wins) == 2 * 5000  # two partners win each rubber (SM11: three games)


SEM_LISTOV = [
    ("sem-listov", {"players": 4}),
    ("sem-listov", {"players": 2}),
    ("sem-listov", {"players": 3, "deck_size": 28}),
    ("sem-listov", {"players": 6}),
    ("sem-listov", {"players": 7, "hand_size": 7}),
    ("sem-listov", {"players": 4, "honours_first": True}),
    ("sem-listov", {"players": 5, "five_trump_leads": True}),
    ("sem-listov", {"players": 5, "five_trump_leads": True, "honours_first": True}),
    ("sem-listov", {"players": 4, "runaways": True}),
    ("sem-listov", {"players": 3, "runaways": True, "runaway_split": "next_deal"}),
    ("sem-listov", {"players": 5, "runaways": True, "runaway_rate": 3}),
    ("sem-listov", {"players": 4, "hand_size": 8, "packets": "2-3-3"}),
    ("pyat-listov", {"players": 4}),
    ("pyat-listov", {"players": 3}),
    ("po-noskam", {"players": 4}),
    ("po-noskam", {"players": 3, "exchange_timing": "before_play"}),
    ("po-noskam", {"players": 5, "packets": "3-4"}),
    ("sem-listov-1884", {"players": 4}),
    ("sem-listov-1884", {"players": 5, "exchange_timing": "before_play"}),
    ("na-noski", {"players": 4}),
    ("na-noski", {"players": 3}),
]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "options"), SEM_LISTOV, ids=lambda x: x if isinstance(x, str) else _ids(x)
)
def test_sem_listov_batch_equals_reference_deal_by_deal(name: str, options: dict[str, Any]) -> None:
    # SL-C4-SL-C16, D-SL2-D-SL5, PN1-PN4, D-PN1, SL19-1-SL19-2, NN1-NN3, D-NN1: the cut, the
    # deal, run-aways, the exchange at any later trick, every play rule, the settlement
    variant = get_variant(name, **options)
    for dealer in (0, variant.players - 1):
        assert compare(variant, 200, seed=31 + dealer, dealer=dealer) == []


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("sem-listov", {"players": 4, "runaways": True, "runaway_split": "next_deal"}),
        ("sem-listov", {"players": 5, "runaways": True}),
        ("na-noski", {"players": 4}),
        ("semerik", {"counter_mode": "cumulative"}),
        ("sem-listov", {"players": 4, "ace_cut": True}),
        ("po-noskam", {"players": 2}),  # a seat or None, an object in some deals (PN5)
        ("sem-listov-1884", {"players": 2}),  # and money (SL19-4)
    ],
)
def test_batch_tallies_of_every_field_kind(name: str, options: dict[str, Any]) -> None:
    # settlements in fractions, seat lists, cards, held-over objects, race totals, punishments
    variant = get_variant(name, **options)
    form = variant.batch_form()
    assert form is not None
    rng = np.random.default_rng(9)
    packs = np.argsort(rng.random((500, form.pack_size)), axis=1)
    uniforms = rng.random((500, 400))
    ours = Tally(variant.players)
    add_batch(ours, form.play(500, GivenDraws(packs, uniforms)))
    theirs = Tally(variant.players)
    for i in range(500):
        result = reference_deal(variant, packs[i], uniforms[i].tolist())
        theirs.add_deal(result, variant)
        theirs.add_unit_outcome(variant, *deal_outcome(variant, result))
    assert ours.items == theirs.items and ours.seat_points == theirs.seat_points
    assert (ours.wins, ours.losses, ours.net) == (theirs.wins, theirs.losses, theirs.net)
    assert set(ours.extra) == set(theirs.extra)
    for field, stats in theirs.extra.items():
        assert ours.extra[field].__getstate__() == stats.__getstate__(), field


def test_runs_the_batch_form_cannot_play_fall_back_to_the_reference_engine(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the ace cut (D-SL1) and two-handed races (D-PN2) have batch forms now
    assert get_variant("sem-listov", ace_cut=True).batch_form() is not None
    assert get_variant("po-noskam", players=2).batch_form() is not None
    result = simulate("sem-listov", {}, 20, seed=1, bot="heuristic", engine="batch")
    assert result.engine == "reference" and "only random bots" in result.engine_note
    monkeypatch.setattr(SemListovBatch, "supports", staticmethod(lambda variant: False))
    result = simulate("sem-listov", {"ace_cut": True}, 20, seed=1, engine="batch")
    assert result.engine == "reference" and "no batch form" in result.engine_note


# --- the ace cut (SL-C4, D-SL1) and the two-handed race (D-PN2, PN5, SL19-4, NN5) ---------------

ACE_CUT = [
    {"players": 4, "ace_cut": True},
    {"players": 2, "ace_cut": True},
    {"players": 3, "ace_cut": True, "deck_size": 28, "runaways": True},
    {"players": 5, "ace_cut": True, "five_trump_leads": True},
    {"players": 7, "ace_cut": True, "honours_first": True},
    {"players": 4, "ace_cut": True, "hand_size": 5, "packets": "3-2"},
]

TWO_HANDED = [
    ("po-noskam", {"players": 2}),
    ("po-noskam", {"players": 2, "settlement": "money", "exchange_timing": "before_play"}),
    ("sem-listov-1884", {"players": 2}),
    ("sem-listov-1884", {"players": 2, "settlement": "nose", "hit_cards": 1}),
    ("na-noski", {"players": 2}),
]


def _packs(size: int, deals: int, seed: int) -> tuple[Any, Any]:
    """The packs and uniforms :func:`compare` draws for ``seed``."""
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((deals, size)), axis=1), rng.random((deals, 400))


@pytest.mark.slow
@pytest.mark.parametrize("options", ACE_CUT, ids=_ids)
def test_ace_cut_batch_equals_reference_deal_by_deal(options: dict[str, Any]) -> None:
    # SL-C4, D-SL1: the cutter takes an ace cut with the cards above it, the deal skips him
    variant = get_variant("sem-listov", **options)
    size = variant.deck_size
    packs, uniforms = _packs(size, 600, 41)
    # the check sees ace cuts: the cut card is the last card lifted (C7; the first uniform)
    lifted = 1 + (uniforms[:, 0] * (size - 1)).astype(int)
    cut = [Deck.of_size(size).cards[p] for p in packs[np.arange(600), lifted - 1]]
    assert sum(card.rank == 14 for card in cut) > 30
    for dealer in (0, variant.players - 1):
        assert compare(variant, 600, seed=41 + dealer, dealer=dealer) == []


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "options"), TWO_HANDED, ids=lambda x: _ids(x) if isinstance(x, dict) else x
)
def test_two_handed_race_batch_equals_reference_deal_by_deal(
    name: str, options: dict[str, Any]
) -> None:
    # D-PN2: a seat that takes all seven tricks ends the race; the loser cuts a fresh pack and
    # is punished by the cut card (PN5, SL19-4, D-SL19, NN5)
    variant = get_variant(name, **options)
    form = variant.batch_form()
    assert form is not None
    packs, uniforms = _packs(form.pack_size, 1500, 51)
    batch = form.play(1500, GivenDraws(packs, uniforms))
    assert batch.extra["race_over"].values.sum() > 20  # the check sees races end
    for dealer in (0, 1):
        assert compare(variant, 1500, seed=51 + dealer, dealer=dealer) == []


@pytest.mark.parametrize(
    ("name", "options", "switch"),
    [
        ("sem-listov", {"players": 4, "ace_cut": True}, "ace_cut"),
        ("sem-listov-1884", {"players": 2}, "race_ends"),
    ],
)
def test_the_check_fails_without_the_ace_cut_or_the_race_end(
    name: str, options: dict[str, Any], switch: str
) -> None:
    # the same form with the ace cut (or the end of the race) left out differs from the
    # reference exactly on the deals where it matters
    variant = get_variant(name, **options)
    form = variant.batch_form()
    assert form is not None
    packs, uniforms = _packs(form.pack_size, 400, 61)
    right = form.play(400, GivenDraws(packs, uniforms))
    setattr(form, switch, False)
    wrong = form.play(400, GivenDraws(packs, uniforms))
    differ = [i for i in range(400) if wrong.deal(i) != right.deal(i)]
    theirs = [plain(reference_deal(variant, packs[i], uniforms[i].tolist())) for i in differ]
    assert len(differ) > 10
    assert all(
        right.deal(i) == t and wrong.deal(i) != t for i, t in zip(differ, theirs, strict=True)
    )


def _order(places: dict[int, str], size: int) -> list[int]:
    """A pack order (positions in the standard pack, top first) with the cards ``places`` at
    those places and the other cards in standard order around them."""
    pack = [card.index for card in Deck.of_size(size).cards]
    chosen = {place: pack.index(Card.parse(text).index) for place, text in places.items()}
    rest = iter(p for p in range(size) if p not in chosen.values())
    return [chosen[place] if place in chosen else next(rest) for place in range(size)]


def test_ace_cut_worked_example() -> None:
    # Four players, 36 cards, dealer 0. Seat 3 (the dealer's right) lifts 5 cards (SL-C4, C7:
    # 1 + floor(u * 35) = 5 for u = 4.5 / 35); the fifth, the cut card, is A♣, so he takes it
    # with the two cards above it (1 + the first packet, 2; D-SL1), Q♦ J♦, and 6♥ 7♥ go back
    # on top of the rest. The deal 2-2-3 from him (SL-C5): 6♥ 7♥ to him, two each to seats 0,
    # 1, 2 (places 5-10), two more to him (places 11, 12: 10♥ J♥); the last packet skips him,
    # full at seven; 28 - 3 = 25 cards are dealt, so the turned card is place 28, K♠ (without
    # the ace cut it would be place 33 of the pack, 9♥).
    variant = get_variant("sem-listov", players=4, ace_cut=True)
    cards = {0: "6h", 1: "7h", 2: "Qd", 3: "Jd", 4: "Ac", 11: "10h", 12: "Jh", 28: "Ks", 33: "9h"}
    order = _order(cards, 36)
    uniforms = [4.5 / 35] + [0.0] * 399
    theirs = reference_deal(variant, order, uniforms)
    assert str(theirs.record.cut) == "A♣"
    assert theirs.record.hands[3] == CardSet.parse("6♥ 7♥ 10♥ J♥ Q♦ J♦ A♣")
    assert theirs.record.turnups[0] == Card.parse("K♠")
    form = variant.batch_form()
    assert form is not None
    ours = form.play(1, GivenDraws(np.array([order]), np.array([uniforms])))
    assert ours.deal(0) == plain(theirs)
    assert ours.deal(0)["extra"]["trump"] == "♠"


def test_two_handed_race_worked_example() -> None:
    # На носки, two players, dealer 0: eldest (seat 1) is dealt A♠-8♠ one card at a time, the
    # dealer 6♥-J♥ and last 7♠, which shows trump (D-NN1, NN2). Eldest leads trumps, the dealer
    # must follow with his only trump and then has none (NN3): eldest takes all seven tricks,
    # reaches seven and the race is over (D-PN2). The dealer, left below seven, cuts a fresh pack
    # (PN5): with every uniform 14.5 / 35 he lifts 1 + floor(14.5) = 15 cards, and the compare
    # harness lays the same order again, so the cut card is place 14, 9♣: nine hits on the nose
    # from his one opponent (NN5).
    variant = get_variant("na-noski", players=2)
    eldest = ["As", "Ks", "Qs", "Js", "10s", "9s", "8s"]
    dealer = ["6h", "7h", "8h", "9h", "10h", "Jh", "7s"]
    cards = {2 * i: c for i, c in enumerate(eldest)} | {2 * i + 1: c for i, c in enumerate(dealer)}
    order = _order(cards | {14: "9c"}, 36)
    uniforms = [14.5 / 35] * 400
    theirs = plain(reference_deal(variant, order, uniforms))
    form = variant.batch_form()
    assert form is not None
    ours = form.play(1, GivenDraws(np.array([order]), np.array([uniforms]))).deal(0)
    assert ours == theirs
    assert ours["tricks"] == [0, 7]
    extra = ours["extra"]
    assert (extra["race_over"], extra["loser"], extra["reached"]) == (True, 0, [1])
    assert extra["punishment"] == {
        "loser": 0,
        "cut": "9♣",
        "settlement": "nose",
        "opponents": [1],
        "forgiven": False,
        "rule": "NN5",
        "hits_per_opponent": 9,
        "hits_total": 9,
        "cards_used": 1,
    }
    assert ours["net"] == [0, 0]  # hits, not money


# --- the race forms' parties: races to seven tricks (PN4, SL19-3, NN4, D-PN2) ------------------

RACE_PARTIES = [
    ("po-noskam", {"players": 4}),
    ("po-noskam", {"players": 2}),
    ("po-noskam", {"players": 3, "settlement": "money", "exchange_timing": "before_play"}),
    ("po-noskam", {"players": 5, "packets": "3-4"}),
    ("sem-listov-1884", {"players": 4}),
    ("sem-listov-1884", {"players": 5, "exchange_timing": "before_play"}),
    ("na-noski", {"players": 3}),
    ("na-noski", {"players": 5}),
]


def _race_ids(case: tuple[str, dict[str, Any]]) -> str:
    return f"{case[0]}-{_ids(case[1])}"


@pytest.mark.slow
@pytest.mark.parametrize("case", RACE_PARTIES, ids=_race_ids)
def test_race_party_batch_equals_reference_party_by_party(case: tuple[str, dict[str, Any]]) -> None:
    # D-PN2 the seats that reached seven leave, the deal ends after the trick that leaves one
    # seat dealt in below seven, the deal passes clockwise among the seats in; PN4 the order of
    # reaching seven; the loser's cut of a shuffled pack (PN5, SL19-4, NN5) and its settlement
    name, options = case
    assert compare_parties(get_variant(name, **options), 250, seed=45) == []


def test_the_race_party_check_sees_every_way_a_race_deal_goes() -> None:
    # the parties compared reach every rule of the party: deals with a seat left out (D-PN2),
    # dealt by the seat after one that left, ended after a trick short of the seventh, with the
    # dealer's exchange made before that end (kept) and -- played on -- after it (not made),
    # two seats reaching seven in one deal (PN4 order), and losers let off or punished (PN5)
    variant = get_variant("po-noskam", players=4)
    packs, uniforms = _party_chance(250, 45, size=36)
    seen = dict.fromkeys(("left_out", "skipped", "short", "exchange", "two", "forgiven", "hit"), 0)
    for i in range(250):
        party = reference_party(variant, packs[i].tolist(), uniforms[i].tolist())
        before = [0] * 4
        for deal in party.deals:
            out = [s for s in range(4) if before[s] >= 7]
            seen["left_out"] += bool(out)
            seen["skipped"] += (deal.record.dealer - 1) % 4 in out
            short = len(deal.record.tricks or ()) < 7
            seen["short"] += short
            seen["exchange"] += short and deal.extra["exchange"] is not None
            seen["two"] += len(deal.extra["reached"]) > 1
            before = deal.extra["totals"]
        punishment = party.extra["punishment"]
        seen["forgiven" if punishment["forgiven"] else "hit"] += 1
    assert min(seen.values()) > 10, seen


def test_the_race_party_check_fails_on_a_wrong_party_form(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # a form whose loser cuts the card above the right one (against C7: the bottom card of the
    # lifted packet), or that says every deal is dealt by seat 0 (against D-PN2's rotation),
    # must be caught
    from kozyr_sem_listov.batch import RaceBatch

    variant = get_variant("po-noskam", players=3, settlement="money")
    right = RaceBatch._party_cut

    def above(self: RaceBatch, source: Any, count: int) -> Any:
        cards = right(self, source, count)
        pack = self.punishments.pack.tolist()
        return np.array([pack[(pack.index(int(c)) + 1) % len(pack)] for c in cards])

    monkeypatch.setattr(RaceBatch, "_party_cut", above)
    assert len(compare_parties(variant, 200, seed=45)) > 150
    monkeypatch.undo()
    form = variant.batch_form()
    assert isinstance(form, PartyBatchForm)
    packs, uniforms = _party_chance(100, 45, size=36)
    batch = form.play_parties(100, GivenPartyDraws(packs, uniforms))
    for step in batch.steps:
        step.dealer[:] = 0
    differ = [
        i
        for i in range(100)
        if batch.party(i)
        != plain_party(variant, reference_party(variant, packs[i].tolist(), uniforms[i].tolist()))
    ]
    assert len(differ) == 100


def test_a_race_deal_worked_by_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    # four players, seat 0 already on 7 (it has left, D-PN2), seats 1, 2, 3 on 5, 6, 2, seat 1
    # dealing: the table is seats 1, 2, 3 (table seats 0, 1, 2). Trick winners by table seat
    # 1, 0, 0, ...: seat 2 reaches 7 with trick 1, seat 1 with trick 3 -- one seat dealt in is
    # left below seven, so the deal ends after trick 3 (D-PN2): tricks 0, 2, 1, 0; totals 7, 7,
    # 7, 2; reached in order [2, 1] (PN4); the race is over and seat 3 lost. The dealer's
    # exchange at the start of trick 2 stands; one at the start of trick 4, never reached, was
    # not made (D-SL5).
    from kozyr_sem_listov.batch import RaceBatch

    form = get_variant("po-noskam", players=4).batch_form()
    assert isinstance(form, RaceBatch)

    def played(
        hands: Any,
        trump: Any,
        turnup: Any,
        dealer: int,
        source: Any,
        playing: Any = None,
        trace: Any = None,
    ) -> Any:
        deals = hands.shape[1]
        assert hands.shape[0] == 3 and dealer == 0
        for number, seat in enumerate([1, 0, 0, 2, 1, 2, 0]):
            trace.append((seat * deals + np.arange(deals), np.array([number >= 1, number >= 3])))
        return np.zeros((3, deals), dtype=np.int64), np.array([5, 6])

    monkeypatch.setattr(form, "_play", played)
    packs = np.tile(np.arange(36), (2, 1))
    deals, ended, loser = form._race_deal(
        GivenDraws(packs, np.zeros((2, 10))), np.array([[7, 5, 6, 2]] * 2), np.array([1, 1]), 3
    )
    assert ended.tolist() == [True, True] and loser.tolist() == [3, 3]
    first, second = deals.deal(0), deals.deal(1)
    assert first["tricks"] == second["tricks"] == [0, 2, 1, 0]
    assert [item[1] for item in first["items"]] == [1, 2, 3]  # seat 0 is not dealt in
    assert first["extra"]["totals"] == [7, 7, 7, 2]
    assert first["extra"]["reached"] == [2, 1]
    assert (first["extra"]["race_over"], first["extra"]["loser"]) == (True, 3)
    assert (first["extra"]["exchange"], second["extra"]["exchange"]) == (5, None)


@pytest.mark.parametrize(
    "case", [("po-noskam", {"players": 4}), ("sem-listov-1884", {"players": 3})], ids=_race_ids
)
def test_race_party_batch_tally_equals_the_reference_tally(
    case: tuple[str, dict[str, Any]],
) -> None:
    # every field, the order of reaching seven (a list in order, ExtraColumn "order") and the
    # punishment's members included
    name, options = case
    variant = get_variant(name, **options)
    _assert_party_tallies_equal(variant, 200, seed=8, size=36)


@pytest.mark.slow
def test_seeded_race_party_batch_runs_agree_with_seeded_reference_runs() -> None:
    # who wins and who loses the race within 4 standard errors (the full 10^5-party check:
    # tools/batch_check.py party-stats)
    n = 1500
    batch = simulate("po-noskam", {}, n, seed=2, unit="party", engine="batch")
    reference = simulate("po-noskam", {}, n, seed=2, unit="party", engine="reference")
    assert (batch.engine, reference.engine) == ("batch", "reference")
    assert batch.units == reference.units == n
    assert sum(batch.wins) == sum(batch.tally.losses) == n  # one winner, one loser (PN4)
    pairs = ((batch.wins, reference.wins), (batch.tally.losses, reference.tally.losses))
    for ours, theirs in pairs:
        for seat in range(4):
            p = (ours[seat] + theirs[seat]) / (2 * n)
            assert _within(ours[seat] / n, theirs[seat] / n, p, n, n)


def test_an_order_column_tallies_as_its_lists_one_by_one() -> None:
    # ExtraColumn "order": the seats in the order given, not sorted
    from kozyr.simulate.batch import field_stats
    from kozyr.simulate.tally import FieldStats

    rows = [[2, 1, -1], [0, -1, -1], [-1, -1, -1], [1, 0, -1]]
    column = ExtraColumn("order", np.array(rows))
    assert [column.value(i) for i in range(4)] == [[2, 1], [0], [], [1, 0]]
    for chosen in ([0, 3], [1], [0, 1, 2, 3]):
        stats = FieldStats()
        for i in chosen:
            stats.add(column.value(i))
        part = ExtraColumn("order", np.array([rows[i] for i in chosen]))
        assert field_stats(part).__getstate__() == stats.__getstate__(), chosen
