"""The race forms (PN…, SL19-…, NN…): По носкам 1809, the 1884 form and на носки, worked by hand."""

from __future__ import annotations

import random
from typing import Any

import pytest
from kozyr_sem_listov.scoring import nose_hits, value_1884

from kozyr import (
    Card,
    CardSet,
    Deal,
    DealResult,
    Deck,
    OptionError,
    PartyResult,
    RecordError,
    get_variant,
    replay,
)
from kozyr.testing import score_unproven

RACES = ["po-noskam", "sem-listov-1884", "na-noski"]


def dealt(
    name: str, players: int, seed: int, dealer: int, left: tuple[int, ...] = (), **options: Any
) -> dict[str, Any]:
    """A deal body (no tricks yet) on hands dealt by the engine; seats in ``left`` are null."""
    variant = get_variant(name, players=players, **options)
    deal = Deal.new(
        variant, seed=seed, dealer=dealer, context={"totals": [0] * players, "left": list(left)}
    )
    return {
        "dealer": dealer,
        "hands": [None if s in left else deal.hand(s).format() for s in range(players)],
        "turnup": str(deal.turnups[0]),
    }


# A three-handed race, by hand (PN4, D-PN2):
#   deal 1, dealer 0: winners 1 1 1 2 2 0 1        -> tricks 1 4 2, totals [1, 4, 2]
#   deal 2, dealer 1: winners 1 1 1 0 0 2 2        -> seat 1 reaches 4 + 3 = 7 at trick 3;
#                                                     totals [3, 7, 4]; seat 1 leaves after it
#   deal 3, dealer 2 (seat 1 out): 0 2 0 2 0 2     -> after trick 6 seat 2 has 4 + 3 = 7 and only
#                                                     seat 0 (3 + 3 = 6) is below seven: it ends
# Loser: seat 0. Order of reaching seven: 1, 2. (The winners are not a legal play of the
# engine-dealt hands, so these parties are scored with score_unproven: replay rejects them.)
WINNERS = [[1, 1, 1, 2, 2, 0, 1], [1, 1, 1, 0, 0, 2, 2], [0, 2, 0, 2, 0, 2]]


def race_party(name: str, cut: str | None = "8♣", **options: Any) -> dict[str, Any]:
    deals = []
    for i, (dealer, left) in enumerate([(0, ()), (1, ()), (2, (1,))]):
        body = dealt(name, 3, seed=10 + i, dealer=dealer, left=left, **options)
        body["trick_winners"] = list(WINNERS[i])
        deals.append(body)
    data: dict[str, Any] = {"variant": name, "options": {"players": 3, **options}, "deals": deals}
    if cut is not None:
        data["cut"] = cut
    return data


def party(data: dict[str, Any]) -> PartyResult:
    result = score_unproven(data)
    assert isinstance(result, PartyResult)
    return result


@pytest.mark.parametrize("name", RACES)
def test_pn4_race_by_hand(name: str) -> None:
    result = party(race_party(name))
    assert [list(row) for row in result.running] == [[1, 4, 2], [3, 7, 4], [6, 7, 7]]
    assert result.extra["left_after"] == [[], [1], [2]]
    assert result.extra["order"] == [1, 2] and result.winner == 1
    assert result.loser == 0 and result.extra["race_over"] is True
    last = result.deals[-1]
    assert last.tricks == (3, 0, 3) and last.extra["loser"] == 0


@pytest.mark.parametrize(
    ("name", "options", "cut", "each", "net"),
    [
        # PN5 nose: a cut 8 -> 8 hits from each of seats 1 and 2, no money
        ("po-noskam", {}, "8♣", 8, [0, 0, 0]),
        # PN5 money: the same number in units: 8 to each opponent
        ("po-noskam", {"settlement": "money"}, "8♣", 8, [-16, 8, 8]),
        # PN5: a picture card or an ace forgives
        ("po-noskam", {"settlement": "money"}, "Q♦", 0, [0, 0, 0]),
        # SL19-4 money (default): Q = 10 to each -> -20
        ("sem-listov-1884", {}, "Q♦", 10, [-20, 10, 10]),
        # SL19-4: A = 11
        ("sem-listov-1884", {}, "A♥", 11, [-22, 11, 11]),
        # SL19-4: pips count as themselves: 7 -> 7 each
        ("sem-listov-1884", {}, "7♠", 7, [-14, 7, 7]),
        # D-SL19: the nose form of 1884 gives as many hits as the value: K -> 10 hits
        ("sem-listov-1884", {"settlement": "nose"}, "K♠", 10, [0, 0, 0]),
        # NN5: 10 -> 10 hits each; J -> forgiven
        ("na-noski", {}, "10♥", 10, [0, 0, 0]),
        ("na-noski", {}, "J♥", 0, [0, 0, 0]),
    ],
)
def test_punishment_table(
    name: str, options: dict[str, Any], cut: str, each: int, net: list[int]
) -> None:
    result = party(race_party(name, cut=cut, **options))
    punishment = result.extra["punishment"]
    assert punishment["loser"] == 0 and punishment["opponents"] == [1, 2]
    assert punishment["cut"] == str(Card.parse(cut))
    key = "pays_each" if punishment["settlement"] == "money" else "hits_per_opponent"
    assert punishment[key] == each and punishment["forgiven"] is (each == 0)
    assert [int(x) for x in result.settlement.net()] == net


def test_pn5_nose_result_fields() -> None:
    # 8 hits from each of two opponents = 16 hits, given with 3 cards (informational option).
    punishment = party(race_party("po-noskam", hit_cards=3)).extra["punishment"]
    assert punishment == {
        "loser": 0,
        "cut": "8♣",
        "settlement": "nose",
        "opponents": [1, 2],
        "forgiven": False,
        "rule": "PN5",
        "hits_per_opponent": 8,
        "hits_total": 16,
        "cards_used": 3,
    }


def test_value_tables() -> None:
    pack = [Card.parse(t) for t in "6s 7s 8s 9s 10s Js Qs Ks As".split()]
    assert [nose_hits(c) for c in pack] == [6, 7, 8, 9, 10, 0, 0, 0, 0]  # PN5, NN5
    assert [value_1884(c) for c in pack] == [6, 7, 8, 9, 10, 10, 10, 10, 11]  # SL19-4


def test_nn5_extra_hits_are_recorded_not_computed() -> None:
    data = {**race_party("na-noski", cut="9♥"), "extra_hits": [2]}
    result = party(data)
    assert (
        result.extra["extra_hits"] == [2] and result.extra["punishment"]["hits_per_opponent"] == 9
    )


def test_no_cut_yet_means_no_punishment() -> None:
    result = party(race_party("po-noskam", cut=None))
    assert result.loser == 0 and result.extra["punishment"] is None


def spare(body: dict[str, Any]) -> str:
    """Seven cards of the pack that no hand of ``body`` holds and that are not turned."""
    used = set(CardSet.parse(" ".join(h for h in body["hands"] if h)))
    used.add(Card.parse(body["turnup"]))
    free = [str(c) for c in get_variant("po-noskam").pack() if c not in used]
    return " ".join(free[:7])


@pytest.mark.parametrize(
    ("mutate", "path", "message"),
    [
        (
            lambda d: d["deals"][2]["trick_winners"].append(0),
            r"\$\.deals\[2\]\.trick_winners\[6\]",
            r"race was over after trick 6",
        ),
        (
            lambda d: d["deals"][0]["trick_winners"].pop(),
            r"\$\.deals\[0\]\.trick_winners",
            r"6 trick winners listed; a deal has 7",
        ),
        (
            lambda d: d["deals"][2]["trick_winners"].__setitem__(0, 1),
            r"\$\.deals\[2\]\.trick_winners\[0\]",
            r"seat 1 plays no card",
        ),
        (
            lambda d: d["deals"][2]["hands"].__setitem__(1, spare(d["deals"][2])),
            r"\$\.deals\[2\]\.hands\[1\]",
            r"already left",
        ),
        (
            lambda d: d["deals"][2].__setitem__("dealer", 1),
            r"\$\.deals\[2\]\.dealer",
            r"not dealt in",
        ),
        (
            lambda d: d["deals"][2].__setitem__("dealer", 0),
            r"\$\.deals\[2\]\.dealer",
            r"seat 2 deals this deal",
        ),
        (lambda d: d.__setitem__("cut", "2♣"), r"\$\.cut", r"not in the 36-card pack"),
        (lambda d: d["deals"].pop(), r"\$\.cut", r"race is not over"),
        (lambda d: d["deals"][0].__setitem__("cut", "9♣"), r"\$\.deals\[0\]\.cut", r"party's cut"),
        (lambda d: d["deals"].append(dict(d["deals"][2])), r"\$\.deals\[3\]", r"already over"),
    ],
)
def test_race_record_errors(mutate: Any, path: str, message: str) -> None:
    data = race_party("po-noskam")
    mutate(data)
    with pytest.raises(RecordError, match=path + ".*" + message):
        score_unproven(data)


# --- a deal on its own --------------------------------------------------------------------------


def test_standalone_deal_that_ends_the_race() -> None:
    # Two players: seat 1 takes all seven tricks, so seat 0 is the last below seven (PN4).
    body = dealt("sem-listov-1884", 2, seed=3, dealer=0)
    data = {
        "variant": "sem-listov-1884",
        "options": {"players": 2},
        **body,
        "trick_winners": [1] * 7,
    }
    result = score_unproven({**data, "cut": "J♣"})
    assert isinstance(result, DealResult)
    assert result.extra["loser"] == 0 and result.extra["totals"] == [0, 7]
    assert [int(x) for x in result.settlement.net()] == [-10, 10]  # J = 10 (SL19-4)
    plain = score_unproven(data)
    assert isinstance(plain, DealResult) and "punishment" not in plain.extra
    with pytest.raises(RecordError, match=r"\$\.cut: the race did not end in this deal"):
        score_unproven({**data, "trick_winners": [1] * 6 + [0], "cut": "J♣"})


# --- dealing (PN1, D-NN1, NN2) and the exchange (PN2, D-PN1) -------------------------------------


def test_pn1_dealt_from_eldest_in_packets_then_turned() -> None:
    deal = Deal.new(get_variant("po-noskam", players=4), seed=21, dealer=2)
    deck = Deck.of_size(36)
    deck.shuffle(random.Random(21))
    hands = deck.deal([3, 0, 1, 2], packets=(2, 2, 3))
    assert [deal.hand(s) for s in range(4)] == [CardSet(hands[s]) for s in range(4)]
    assert deal.turnups == tuple(deck.draw(1)) and deal.cut is None


def test_nn2_dealer_last_card_is_trump_and_his() -> None:
    deal = Deal.new(get_variant("na-noski", players=3), seed=8, dealer=1)
    deck = Deck.of_size(36)
    deck.shuffle(random.Random(8))
    hands = deck.deal([2, 0, 1], packets=(1,) * 7)  # D-NN1: one at a time from eldest
    assert [deal.hand(s) for s in range(3)] == [CardSet(hands[s]) for s in range(3)]
    assert deal.turnups == (hands[1][-1],) and deal.turnups[0] in deal.hand(1)
    assert deal.trump == hands[1][-1].suit and len(deck) == 36 - 21
    while not deal.is_over:
        assert deal.phase == "play"  # no exchange in на носки (NN2)
        deal.play(deal.legal_actions()[0])


def test_nn2_record_turnup_must_be_the_dealers() -> None:
    body = dealt("na-noski", 2, seed=1, dealer=0)
    data = {
        "variant": "na-noski",
        "options": {"players": 2},
        **body,
        "trick_winners": [0] * 4 + [1] * 3,
    }
    score_unproven(data)
    with pytest.raises(
        RecordError, match=r"\$\.turnup: .* must be in the dealer's \(seat 1\) hand"
    ):
        score_unproven({**data, "dealer": 1})
    with pytest.raises(RecordError, match=r"\$\.exchange: unknown field"):
        score_unproven({**data, "exchange": "6♠"})


def test_d_pn1_exchange_before_play() -> None:
    variant = get_variant("po-noskam", players=3, exchange_timing="before_play")
    deal = Deal.new(variant, seed=5, dealer=0)
    assert deal.phase == "exchange" and deal.to_act == 0
    dealt_hand = deal.hand(0)
    deal.play(deal.legal_actions()[1])
    assert deal.phase == "play" and deal.to_act == 1  # eldest leads after the exchange
    record = deal.record
    assert record.hands[0] == dealt_hand  # the record keeps the hand as dealt
    assert record.decisions["exchange"] in dealt_hand


def test_pn2_exchange_after_first_trick_by_default() -> None:
    deal = Deal.new(get_variant("po-noskam", players=2), seed=5, dealer=0)
    assert deal.phase == "play"
    deal.play(deal.legal_actions()[0])
    deal.play(deal.legal_actions()[0])
    assert deal.phase == "exchange" and deal.to_act == 0


def test_race_options() -> None:
    with pytest.raises(OptionError, match=r"players"):
        get_variant("po-noskam", players=6)
    with pytest.raises(OptionError, match=r"packets: 3-3 deals 6 cards, but a hand has 7 \(PN1\)"):
        get_variant("po-noskam", packets="3-3")
    with pytest.raises(OptionError, match=r"settlement"):
        get_variant("na-noski", settlement="money")
    assert (
        get_variant("по-носкам").name == "po-noskam" and get_variant("на-носки").name == "na-noski"
    )
    assert get_variant("sem-listov-1884").options["settlement"] == "money"


# --- D-PN2 in the engine --------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(8))
def test_d_pn2_deal_stops_when_one_remains(seed: int) -> None:
    # Totals 6, 6, 0: the deal stops the moment seats 0 and 1 have both taken a trick.
    variant = get_variant("po-noskam", players=3)
    deal = Deal.new(variant, seed=seed, dealer=2, context={"totals": [6, 6, 0], "left": []})
    while not deal.is_over:
        deal.play(deal.legal_actions()[-1])
    winners = [t.winner for t in deal.tricks]
    both = next(
        (i for i in range(len(winners)) if 0 in winners[: i + 1] and 1 in winners[: i + 1]), None
    )
    assert len(winners) == (both + 1 if both is not None else 7)
    assert deal.cut is None  # in a party the punishment cut is the party's


def test_pn4_a_safe_player_plays_the_deal_out() -> None:
    # Seat 0 reaches seven on its first trick here but keeps playing; two others still race.
    variant = get_variant("na-noski", players=3)
    deal = Deal.new(variant, seed=2, dealer=2, context={"totals": [6, 0, 0], "left": []})
    while not deal.is_over:
        assert deal.playing == (0, 1, 2)
        deal.play(deal.legal_actions()[0])
    assert len(deal.tricks) == 7


def test_engine_draws_the_cut_when_a_lone_deal_ends_the_race() -> None:
    # Two players: when one takes all seven, the engine has the loser cut at once (PN5) and the
    # record (with its cut) replays to the same punishment.
    from kozyr import play_deal

    variant = get_variant("po-noskam", players=2)
    for seed in range(400):
        deal = play_deal(variant, seed=seed, bots=["random", "heuristic"])
        if 7 in deal.tricks_won:
            break
    else:  # pragma: no cover
        pytest.fail("no seed gave a seven-trick deal")
    result = deal.result()
    assert deal.cut is not None and result.extra["race_over"] is True
    assert result.extra["punishment"]["cut"] == str(deal.cut)
    assert replay(deal.record.to_json(variant)).to_json() == result.to_json()


@pytest.mark.parametrize(
    ("name", "rule", "turnups", "net"),
    [
        # PN4 itself; the 1884 form runs the race "exactly as PN4" (SL19-3) and the modern form
        # too (NN4). In на носки the dealer's own last card shows trump (NN2), so the turn-ups
        # are cards of the dealers' hands there.
        ("po-noskam", "PN4", ("9♠", "6♠"), [0, 0]),
        ("sem-listov-1884", "SL19-3", ("9♠", "6♠"), [-8, 8]),
        ("na-noski", "NN4", ("A♣", "K♣"), [0, 0]),
    ],
)
def test_sl19_3_nn4_the_race_to_seven_as_in_pn4(
    name: str, rule: str, turnups: tuple[str, str], net: list[int]
) -> None:
    # Two players. Deal 1 (dealer 0, a summary): seat 1 takes six tricks, seat 0 one -> 1 : 6.
    # Deal 2 (dealer 1, clockwise): eldest seat 0 leads 6♣, seat 1 follows with 7♣ and wins
    # it (follow suit, C6): seat 1 reaches seven and is safe; only seat 0 is left below seven,
    # so the race ends after that one trick (D-PN2) with seat 0 the loser. The cut 8♠ (C7):
    # eight hits (PN5, NN5) or, in the 1884 money settlement, 8 paid to the opponent (SL19-4).
    first = {
        "dealer": 0,
        # no hands (an outcome record): these hands could not give seat 1 six tricks
        "turnup": turnups[0],
        "trick_winners": [1, 1, 1, 1, 1, 1, 0],
    }
    second = {
        "dealer": 1,
        "hands": ["6♣ 6♦ 7♦ 8♦ 6♥ 7♥ 8♥", "7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣"],
        "turnup": turnups[1],
        "tricks": ["6♣ 7♣"],
    }
    data = {"variant": name, "options": {"players": 2}, "deals": [first, second], "cut": "8♠"}
    result = party(data)
    assert [list(row) for row in result.running] == [[1, 6], [1, 7]], rule
    assert result.winner == 1 and result.loser == 0
    assert result.extra["race_over"] is True and result.extra["left_after"] == [[], [1]]
    assert [int(x) for x in result.settlement.net()] == net
    # the turn to deal passes clockwise: seat 0 may not deal the second deal (D-PN2); written
    # as a summary (seat 1 takes the one trick), with a turn-up from seat 0's hand in на носки
    wrong = {k: v for k, v in second.items() if k != "tricks"}
    wrong.update(dealer=0, trick_winners=[1], turnup="6♦" if name == "na-noski" else "6♠")
    with pytest.raises(RecordError, match=r"seat 1 deals this deal, not seat 0 \(D-PN2\)"):
        replay({**data, "deals": [first, wrong]})
