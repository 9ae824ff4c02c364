"""Семь листов 1779 (SL-C1-SL-C17): worked examples computed by hand, settlement tables, records."""

from __future__ import annotations

import random
from typing import Any

import pytest
from kozyr_sem_listov import SemListov

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


def deal_result(data: dict[str, Any]) -> DealResult:
    result = replay(data)
    assert isinstance(result, DealResult)
    return result


def party_result(data: dict[str, Any]) -> PartyResult:
    result = replay(data)
    assert isinstance(result, PartyResult)
    return result


def net(result: DealResult | PartyResult) -> list[int]:
    return [int(x) for x in result.settlement.net()]


# --- options (SL-C1, SL-C2, SL-C13, SL-C16, SL-C17) ---------------------------------------------


@pytest.mark.parametrize(
    ("players", "deck"), [(2, 24), (3, 24), (4, 36), (5, 36), (6, 52), (7, 52)]
)
def test_sl_c2_pack_by_players(players: int, deck: int) -> None:
    assert get_variant("sem-listov", players=players).deck_size == deck


def test_sl_c2_28_cards_for_two_or_three() -> None:
    assert get_variant("sem-listov", players=3, deck_size=28).deck_size == 28
    with pytest.raises(OptionError, match=r"28-card pack is not used by 5 players.*SL-C2"):
        get_variant("sem-listov", players=5, deck_size=28)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        # 3 × 8 + 1 = 25 cards > 24 (SL-C17)
        (
            {"players": 3, "hand_size": 8},
            r"3 players × 8 cards \+ the turned card = 25 cards, but the pack has 24",
        ),
        # 7 × 8 + 1 = 57 > 52
        ({"players": 7, "hand_size": 8}, r"= 57 cards, but the pack has 52"),
        (
            {"players": 4, "five_trump_leads": True},
            r"five-handed rule; this table has 4 players \(SL-C13\)",
        ),
        ({"runaway_rate": 3}, r"runaway_rate needs runaways on \(SL-C16\)"),
        ({"runaway_split": "next_deal"}, r"runaway_split needs runaways on"),
        ({"packets": "3-3"}, r"packets: 3-3 deals 6 cards, but a hand has 7 \(SL-C5\)"),
        ({"packets": "two"}, r"not a list of packet sizes"),
        ({"players": 8}, r"players"),
        ({"hand_size": 11}, r"out of range"),
    ],
)
def test_impossible_options(options: dict[str, Any], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        get_variant("sem-listov", **options)


def test_sl_c17_limits_fit_exactly() -> None:
    # 3 × 9 + 1 = 28 fits the 28-card pack; 2 × 10 + 1 = 21 fits 24; 5 × 7 + 1 = 36 fits 36.
    get_variant("sem-listov", players=3, deck_size=28, hand_size=9)
    get_variant("sem-listov", players=2, hand_size=10)
    get_variant("sem-listov", players=5)


def test_honours_first_needs_a_trump_to_check() -> None:
    class NoTrump(SemListov):  # a form without a trump suit cannot check SL-C12
        name = "test-no-trump"
        turns_trump = False

    NoTrump()
    with pytest.raises(OptionError, match=r"honours_first needs a trump suit to check \(SL-C12\)"):
        NoTrump(honours_first=True)


def test_sl_c17_pyat_listov_is_five_cards() -> None:
    variant = get_variant("пять-листов")
    assert variant.name == "pyat-listov" and variant.hand_size == 5 and variant.packets == (2, 3)
    assert get_variant("семь-листов").name == "sem-listov"
    deal = Deal.new(variant, seed=3)
    assert {len(deal.hand(s)) for s in range(4)} == {5}


# --- dealing (SL-C4, SL-C5, D-SL1) --------------------------------------------------------------


def test_sl_c5_deal_starts_with_the_cutter_in_packets() -> None:
    # Rebuild the deal by hand: shuffle with the deal's seed, cut (C7) at the engine's point,
    # then packets 2-2-3 to seats 3 (the dealer's right), 0, 1, 2; then one card turned.
    variant = get_variant("sem-listov", players=4)
    deal = Deal.new(variant, seed=11, dealer=0)
    rng = random.Random(11)
    deck = Deck.of_size(36)
    deck.shuffle(rng)
    cut = deck.cut(rng.randint(1, 35))
    hands = deck.deal([3, 0, 1, 2], packets=(2, 2, 3))
    assert deal.cut is cut
    assert [deal.hand(s) for s in range(4)] == [CardSet(hands[s]) for s in range(4)]
    assert deal.turnups == tuple(deck.draw(1)) and deal.trump == deal.turnups[0].suit
    assert deal.to_act == 1  # SL-C8: eldest (the dealer's left) leads


def test_sl_c4_ace_cut_goes_to_the_cutter_with_a_packet() -> None:
    variant = get_variant("sem-listov", players=4, ace_cut=True)

    def lift(seed: int) -> tuple[list[Card], list[Card]]:
        rng = random.Random(seed)
        deck = Deck.of_size(36)
        deck.shuffle(rng)
        at = rng.randint(1, 35)
        return deck.cards[:at], deck.cards[at:]

    seed = next(s for s in range(500) if lift(s)[0][-1].rank == 14 and len(lift(s)[0]) >= 3)
    deal = Deal.new(variant, seed=seed, dealer=0)
    lifted, rest = lift(seed)
    assert deal.cut is lifted[-1] and lifted[-1].rank == 14
    taken = lifted[-3:]  # the ace plus a first packet (2 cards) from the bottom of the lift
    assert set(taken) <= set(deal.hand(3))  # D-SL1: they count toward the cutter's hand
    # The rest of the lift goes back on top; seat 3 then gets 2 + 2 more cards (3 + 4 = 7):
    # round 1 gives top[0:2] to seat 3 and top[2:8] to seats 0-2; round 2 starts at top[8];
    # in round 3 seat 3 is full and skipped.
    top = lifted[:-3] + rest
    assert set(deal.hand(3)) == set(taken) | set(top[0:2]) | set(top[8:10])
    assert all(len(deal.hand(s)) == 7 for s in range(4))


# --- the exchange (SL-C6) -----------------------------------------------------------------------


def test_sl_c6_exchange_only_after_the_first_trick() -> None:
    variant = get_variant("sem-listov", players=3)
    deal = Deal.new(variant, seed=4, dealer=0)
    assert deal.phase == "play"
    for _ in range(3):
        deal.play(deal.legal_actions()[0])
    assert deal.phase == "exchange" and deal.to_act == 0
    actions = deal.legal_actions()
    assert actions[0].kind == "keep" and len(actions) == 1 + 6  # keep, or give any of 6 cards
    discard = actions[1].card
    assert discard is not None
    turnup = deal.turnups[0]
    deal.play(actions[1])
    assert turnup in deal.hand(0) and discard not in deal.hand(0)
    assert deal.phase == "play" and deal.to_act == deal.tricks[0].winner


# --- a whole deal by hand (SL-C6, SL-C9, SL-C10, SL-C14) ----------------------------------------

# Two players, 24 cards, trump ♠ (9♠ turned). Dealer 0; eldest 1 leads.
#  1. A♥ A♠  seat 0's A♠ is dead (he holds plain cards, SL-C9): A♥ wins -> seat 1
#     then the dealer gives 9♦ for the turned 9♠ (SL-C6)
#  2. K♠ 9♠  trump lead, seat 0 must trump (SL-C10): K♠ wins -> seat 1
#  3. A♦ 10♦ -> seat 1
#  4. K♣ A♣  -> seat 0
#  5. K♥ Q♠  Q♠ dead -> seat 0
#  6. Q♥ K♦  no duty to follow (SL-C9) -> seat 0
#  7. J♥ 10♥ -> seat 0
# Tricks 4 : 3; scores × 2 = 8 : 6 (SL-C14); seat 1 pays 8 - 6 = 2.
WORKED = {
    "variant": "sem-listov",
    "options": {"players": 2},
    "dealer": 0,
    "hands": ["A♠ K♥ Q♥ J♥ 10♦ 9♦ A♣", "K♠ Q♠ A♥ 10♥ A♦ K♦ K♣"],
    "turnup": "9♠",
    "exchange": "9♦",
    "tricks": ["A♥ A♠", "K♠ 9♠", "A♦ 10♦", "K♣ A♣", "K♥ Q♠", "Q♥ K♦", "J♥ 10♥"],
}


def test_worked_deal() -> None:
    result = deal_result(WORKED)
    assert result.tricks == (4, 3)
    assert result.points == (8, 6)
    assert net(result) == [2, -2]
    assert result.extra["winners"] == [0] and str(result.extra["exchange"]) == "9♦"
    assert [p.reason for p in result.settlement.payments] == ["SL-C14"]


def test_worked_deal_as_a_summary_gives_the_same_result() -> None:
    summary = {k: v for k, v in WORKED.items() if k != "tricks"}
    summary["trick_winners"] = [1, 1, 1, 0, 0, 0, 0]
    summarised = deal_result(summary).to_json()
    assert summarised == {**deal_result(WORKED).to_json(), "checked": "summary"}


@pytest.mark.parametrize(
    ("change", "path", "message"),
    [
        ({"tricks": ["A♥ A♠", "K♠ K♥"]}, r"\$\.tricks\[1\]\[1\]", r"SL-C10"),
        # played in trick 1: SL-C6 the dealer gives a card of his own
        ({"exchange": "A♠"}, r"\$\.exchange", r"not in the dealer's hand.*\(SL-C6\)"),
        ({"exchange": "Q♠"}, r"\$\.exchange", r""),  # not the dealer's card
        ({"turnup": "A♠"}, r"\$\.turnup", r"also in seat 0's hand"),
        ({"turnup": "8♠"}, r"\$\.turnup", r"not in the 24-card pack"),
        (
            {"hands": ["A♠ K♥ Q♥ J♥ 10♦ 9♦", "K♠ Q♠ A♥ 10♥ A♦ K♦ K♣"]},
            r"\$\.hands\[0\]",
            r"holds 6 cards",
        ),
        ({"trick_winners": [0] * 7}, r"\$\.trick_winners", r"not both"),
        ({"runaways": [1]}, r"\$\.runaways", r"set option runaways"),
        ({"tricks": WORKED["tricks"][:6]}, r"\$\.tricks", r"goes on"),
    ],
)
def test_record_errors(change: dict[str, Any], path: str, message: str) -> None:
    with pytest.raises(RecordError, match=path + ".*" + message):
        replay({**WORKED, **change})


def test_summary_needs_every_trick() -> None:
    summary = {k: v for k, v in WORKED.items() if k not in ("tricks",)}
    with pytest.raises(RecordError, match=r"\$: give the tricks"):
        replay(summary)
    with pytest.raises(
        RecordError, match=r"\$\.trick_winners: 6 trick winners listed; this deal has 7"
    ):
        replay({**summary, "trick_winners": [0] * 6})
    with pytest.raises(RecordError, match=r"\$\.trick_winners\[2\]: seat 5 is not at the table"):
        replay({**summary, "trick_winners": [0, 0, 5, 0, 0, 0, 0]})


# --- settlement tables (SL-C14, D-SL3), by hand -------------------------------------------------


def summary(
    players: int, winners: list[int], *, seed: int = 1, dealer: int = 0, **options: Any
) -> dict[str, Any]:
    """A summary record on hands dealt by the engine (the scoring needs only who won what)."""
    variant = get_variant("sem-listov", players=players, **options)
    deal = Deal.new(variant, seed=seed, dealer=dealer)
    return {
        "variant": "sem-listov",
        "options": {"players": players, **options},
        "dealer": dealer,
        "hands": [deal.hand(s).format() for s in range(players)],
        "turnup": str(deal.turnups[0]),
        "trick_winners": winners,
    }


def winners_for(tricks: list[int]) -> list[int]:
    return [seat for seat, count in enumerate(tricks) for _ in range(count)]


@pytest.mark.parametrize(
    ("tricks", "expected"),
    [
        # 2 players, ×2: 8 vs 6 -> 2
        ([4, 3], [2, -2]),
        # 3 players, ×3: 21, 0, 0 -> each loser pays 21
        ([7, 0, 0], [42, -21, -21]),
        # 4 players, ×4: 12, 8, 4, 4 -> pays 4, 8, 8 to seat 0
        ([3, 2, 1, 1], [20, -4, -8, -8]),
        # D-SL3 tie: ×4: 12, 12, 4, 0 -> seat 2 pays 8 to each winner, seat 3 pays 12 to each
        ([3, 3, 1, 0], [20, 20, -16, -24]),
        # 5 players, ×5: 10, 10, 5, 5, 5 -> every loser pays 5 to each of two winners
        ([2, 2, 1, 1, 1], [15, 15, -10, -10, -10]),
        # 6 players, ×6: 12, 6, 6, 6, 6, 6 -> five losers pay 6 each
        ([2, 1, 1, 1, 1, 1], [30, -6, -6, -6, -6, -6]),
        # 7 players, all tie at 1: nobody pays (everyone is a winner)
        ([1, 1, 1, 1, 1, 1, 1], [0, 0, 0, 0, 0, 0, 0]),
    ],
)
def test_settlement_table(tricks: list[int], expected: list[int]) -> None:
    n = len(tricks)
    result = deal_result(summary(n, winners_for(tricks)))
    assert list(result.tricks) == tricks
    assert list(result.points) == [t * n for t in tricks]
    assert net(result) == expected and sum(expected) == 0


# --- run-aways (SL-C16, D-SL4) -------------------------------------------------------------------


def test_sl_c16_runaway_pays_the_winner_and_no_difference() -> None:
    # Dealer 0; seat 1 runs. Stayers' tricks 4, 2, 1 -> ×4: 16, 8, 4.
    # Seat 2 pays 8, seat 3 pays 12, the run-away pays 2 × 4 = 8 (nothing for differences).
    data = summary(4, [0, 0, 0, 0, 2, 2, 3], runaways=True)
    data["runaways"] = [1]
    result = deal_result(data)
    assert net(result) == [28, -8, -8, -12]
    assert result.extra["runaways"] == [1] and result.extra["winners"] == [0]


def test_sl_c16_equal_split_between_tied_winners() -> None:
    # Rate 3: penalty 3 × 4 = 12, shared by winners 0 and 2 (3 tricks each): 6 each.
    # Seat 3 (1 trick) pays each winner (3 - 1) × 4 = 8.
    data = summary(4, [0, 0, 0, 2, 2, 2, 3], runaways=True, runaway_rate=3)
    data["runaways"] = [1]
    assert net(deal_result(data)) == [14, -12, 14, -16]


def test_d_sl4_dealer_alone_wins_without_play() -> None:
    data = summary(4, [], runaways=True)
    data["runaways"] = [1, 2, 3]
    result = deal_result(data)
    assert net(result) == [24, -8, -8, -8]  # three penalties of 2 × 4
    assert result.tricks == (0, 0, 0, 0)


def test_dealer_may_not_run_away() -> None:
    data = summary(4, winners_for([3, 0, 2, 2]), runaways=True)
    data["runaways"] = [0]
    with pytest.raises(
        RecordError, match=r"\$\.runaways\[0\]: seat 0 is the dealer, who may not run away"
    ):
        replay(data)


def test_runaway_phase_in_the_engine() -> None:
    variant = get_variant("sem-listov", players=3, runaways=True)
    deal = Deal.new(variant, seed=2, dealer=0)
    assert deal.phase == "runaway" and deal.to_act == 1  # eldest first, the dealer never asked
    deal.play(deal.legal_actions()[1])  # seat 1 runs away
    assert deal.to_act == 2
    deal.play(deal.legal_actions()[0])  # seat 2 stays
    assert deal.phase == "play" and deal.playing == (0, 2) and deal.to_act == 2
    record = deal.record
    assert record.hands[1] is not None and record.decisions["runaways"] == [1]


# Hands for the next deal of the held-over penalty: trump ♥ (6♥ turned). Of the tied winners
# 0 and 2, seat 0 holds K♥ and seat 2 Q♥; seat 3's A♥ does not count (he was not tied).
NEXT_HANDS = [
    "K♥ 8♥ 6♠ 7♠ 8♠ 9♠ 10♠",
    "9♥ 10♥ J♠ Q♠ K♠ A♠ 6♦",
    "Q♥ 7♦ 8♦ 9♦ 10♦ J♦ Q♦",
    "A♥ J♥ 7♥ K♦ A♦ 6♣ 7♣",
]


def held_party(deals: int) -> dict[str, Any]:
    first = summary(4, [0, 0, 0, 2, 2, 2, 3], runaways=True, runaway_split="next_deal")
    first["runaways"] = [1]
    body = [{k: v for k, v in first.items() if k not in ("variant", "options")}]
    if deals > 1:
        body.append({"dealer": 1, "hands": NEXT_HANDS, "turnup": "6♥", "trick_winners": [3] * 7})
    return {"variant": "sem-listov", "options": {**first["options"], "deals": deals}, "deals": body}


def test_sl_c16_next_deal_goes_to_the_tied_winner_with_the_highest_trump() -> None:
    # Deal 1: winners 0 and 2 (3 tricks); seat 3 pays each 8; seat 1's penalty 8 is held.
    #   net [8, 0, 8, -16]
    # Deal 2: seat 3 takes all 7: everyone pays him 7 × 4 = 28; seat 0 (K♥ beats Q♥) takes the
    #   held 8 from seat 1.   net [-28 + 8, -28 - 8, -28, 84] = [-20, -36, -28, 84]
    result = party_result(held_party(2))
    first, second = result.deals
    assert net(first) == [8, 0, 8, -16]
    assert first.extra["held_over"] == [{"payer": 1, "amount": 8, "winners": [0, 2]}]
    assert net(second) == [-20, -36, -28, 84]
    assert second.extra["pot_taken"][0]["taker"] == 0
    assert net(result) == [-12, -36, -20, 68]
    assert result.winner == 3 and result.loser == 1
    assert [list(map(int, row)) for row in result.running] == [[8, 0, 8, -16], [-12, -36, -20, 68]]


def test_held_penalty_at_the_end_of_the_party_is_shared() -> None:
    # kozyr's rule for a penalty still held when the party ends: 8 / 2 = 4 to each tied winner.
    result = party_result(held_party(1))
    assert net(result) == [12, -8, 12, -16]


# --- parties (SL-C15) ---------------------------------------------------------------------------


def test_sl_c15_party_of_agreed_deals_and_dealer_rotation() -> None:
    base = summary(3, winners_for([3, 2, 2]), dealer=0)
    other = summary(3, winners_for([1, 5, 1]), dealer=1, seed=2)
    strip = lambda d: {k: v for k, v in d.items() if k not in ("variant", "options")}  # noqa: E731
    party = {
        "variant": "sem-listov",
        "options": {"players": 3, "deals": 2},
        "deals": [strip(base), strip(other)],
    }
    # Deal 1: ×3 = 9, 6, 6: seats 1, 2 pay 3 each -> [6, -3, -3]
    # Deal 2: ×3 = 3, 15, 3: seats 0, 2 pay 12 each -> [-12, 24, -12]
    result = party_result(party)
    assert net(result) == [-6, 21, -15]
    assert result.winner == 1 and result.loser == 2 and result.extra["complete"] is True
    wrong = {**party, "deals": [strip(base), {**strip(other), "dealer": 2}]}
    with pytest.raises(
        RecordError, match=r"deal 2 \(\$\.deals\[1\]\.dealer\): .*seat 1 deals this deal"
    ):
        replay(wrong)
    too_many = {**party, "deals": [strip(base), strip(other), strip(base)]}
    with pytest.raises(RecordError, match=r"deal 3 \(\$\.deals\[2\]\): the party was already over"):
        replay(too_many)


def test_card_is_a_card_of_the_pack() -> None:
    assert Card.parse("9♠") in get_variant("sem-listov", players=2).pack()


def test_sl_c3_the_deal_passes_clockwise() -> None:
    # SL-C3: after the first dealer the deal passes clockwise: with three players a party dealt
    # by seat 1 first is dealt by seat 2 next (C1), not by seat 0.
    deal = {"dealer": 1, "turnup": "J♣", "trick_winners": [0] * 7}  # an outcome record
    party = {"variant": "sem-listov", "options": {"players": 3, "deals": 2}}
    ok = party_result({**party, "deals": [deal, {**deal, "dealer": 2}]})
    assert len(ok.deals) == 2
    with pytest.raises(RecordError) as error:
        replay({**party, "deals": [deal, {**deal, "dealer": 0}]})
    assert error.value.path == "$.deals[1].dealer"
    assert "seat 2 deals this deal, not seat 0 (SL-C3)" in str(error.value)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_sl_c7_more_tricks_never_score_less(players: int) -> None:
    # SL-C7: the aim is simply tricks. Over many bot deals, a seat with more tricks always has
    # more points (tricks × n, SL-C14) and never a smaller net result than a seat with fewer.
    variant = get_variant("sem-listov", players=players)
    from kozyr import play_deal

    for seed in range(60):
        result = play_deal(variant, seed=seed, bots="random").result()
        net = result.settlement.net()
        for a in range(players):
            for b in range(players):
                if result.tricks[a] > result.tricks[b]:
                    assert result.points[a] > result.points[b]
                    assert net[a] >= net[b], (seed, result.tricks, net)
