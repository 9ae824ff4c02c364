"""The dealer's exchange of the turned card: when it may be made (SL-C6, D-SL5, PN2, D-PN1) and
how a record says after which trick (``exchange_after``). Worked by hand in the comments."""

from __future__ import annotations

import copy
from typing import Any

import pytest

import kozyr
from kozyr import Action, Deal, DealResult, PartyResult, RecordError

# Two players, dealer seat 0, eldest seat 1 leads (SL-C8); trump ♠ from the turned 9♠ (SL-C5).
# The dealer keeps after tricks 1 and 2 and exchanges J♥ for the 9♠ after trick 3 (D-SL5):
#   1. seat 1 A♥, seat 0 A♠ -- dead on a plain lead (SL-C9: seat 0 holds other cards)  -> 1
#   2. seat 1 K♠ (trump lead), seat 0 holds no trump yet, so any card: 9♦ (SL-C10)     -> 1
#   3. seat 1 Q♠, seat 0 again no trump: 10♦                                            -> 1
#   exchange: J♥ out, 9♠ in; seat 0 holds K♥ Q♥ 9♠ A♣, seat 1 10♥ A♦ K♦ K♣
#   4. seat 1 K♣, seat 0 A♣                                                               -> 0
#   5. seat 0 9♠ (trump lead), seat 1 has no trump: K♦; 9♠ is the only trump (SL-C11)   -> 0
#   6. seat 0 K♥, seat 1 10♥                                                              -> 0
#   7. seat 0 Q♥, seat 1 A♦ (another suit)                                                -> 0
# Tricks 4 : 3, scores × 2 players = 8 : 6 (SL-C14): seat 1 pays seat 0 the difference, 2.
LATE = {
    "variant": "sem-listov",
    "options": {"players": 2},
    "dealer": 0,
    "hands": ["A♠ K♥ Q♥ J♥ 10♦ 9♦ A♣", "K♠ Q♠ A♥ 10♥ A♦ K♦ K♣"],
    "turnup": "9♠",
    "exchange": "J♥",
    "exchange_after": 3,
    "tricks": ["A♥ A♠", "K♠ 9♦", "Q♠ 10♦", "K♣ A♣", "9♠ K♦", "K♥ 10♥", "Q♥ A♦"],
}


def late(**changes: Any) -> dict[str, Any]:
    data = copy.deepcopy(LATE)
    for key, value in changes.items():
        if value is None:
            data.pop(key, None)
        else:
            data[key] = value
    return data


def test_d_sl5_exchange_after_a_later_trick_replays() -> None:
    result = kozyr.replay(LATE)
    assert isinstance(result, DealResult)
    assert result.tricks == (4, 3)
    assert result.points == (8, 6)
    assert [int(x) for x in result.settlement.net()] == [2, -2]
    # the record written back says after which trick the dealer exchanged
    assert result.record.to_json(kozyr.get_variant("sem-listov", players=2))["exchange_after"] == 3


def test_d_sl5_without_exchange_after_the_exchange_follows_the_first_trick() -> None:
    # An old record (no exchange_after) means after trick 1 (D-SL5's default). Then the dealer
    # holds 9♠ when K♠ is led in trick 2 and must play a trump (SL-C10), not 9♦.
    with pytest.raises(RecordError) as error:
        kozyr.replay(late(exchange_after=None))
    assert error.value.path == "$.tricks[1][1]"
    assert "SL-C10" in str(error.value)
    # exchange_after 1 written out is the same record as none
    with pytest.raises(RecordError, match="SL-C10"):
        kozyr.replay(late(exchange_after=1))


def test_d_sl5_the_discard_must_still_be_held() -> None:
    # After trick 3 the dealer no longer holds 9♦ (played in trick 2): it cannot be exchanged.
    with pytest.raises(RecordError) as error:
        kozyr.replay(late(exchange="9♦"))
    assert error.value.path == "$.exchange"


@pytest.mark.parametrize(
    ("changes", "path", "message"),
    [
        ({"exchange_after": 7}, "$.exchange_after", "1..6 (D-SL5)"),
        ({"exchange_after": 0}, "$.exchange_after", "1..6 (D-SL5)"),
        ({"exchange_after": "3"}, "$.exchange_after", "1..6 (D-SL5)"),
        ({"exchange": None}, "$.exchange_after", "did not exchange"),
    ],
)
def test_d_sl5_bad_exchange_after(changes: dict[str, Any], path: str, message: str) -> None:
    with pytest.raises(RecordError) as error:
        kozyr.replay(late(**changes))
    assert error.value.path == path
    assert message in str(error.value)


def first_legal_card(deal: Deal) -> None:
    deal.play(next(a for a in deal.legal_actions() if a.kind == "play"))


@pytest.mark.parametrize("name", ["sem-listov", "po-noskam", "sem-listov-1884"])
def test_d_sl5_the_right_stays_open_after_a_keep(name: str) -> None:
    # SL-C6 / D-PN1 default: no exchange before the first trick; after it the dealer is asked;
    # keeping does not end the right (D-SL5): he is asked again at the start of trick 3, and
    # once he has exchanged never again.
    variant = kozyr.get_variant(name, players=3)
    deal = Deal.new(variant, seed=4, dealer=0)
    assert all(a.kind == "play" for a in deal.legal_actions())
    for _ in range(3):
        first_legal_card(deal)
    assert deal.phase == "exchange" and deal.to_act == 0
    deal.play(Action("keep", 0))
    assert deal.phase == "play"
    for _ in range(3):
        first_legal_card(deal)
    assert deal.phase == "exchange"
    swap = next(a for a in deal.legal_actions() if a.kind == "exchange")
    deal.play(swap)
    while not deal.is_over:
        assert deal.phase == "play"
        first_legal_card(deal)
    data = deal.record.to_json(variant)
    assert data["exchange"] == str(swap.card)
    assert data["exchange_after"] == 2
    # and the record replays to the same result
    assert kozyr.replay(data).to_json() == deal.result().to_json()


def test_d_sl5_an_exchange_the_race_never_reaches() -> None:
    # PN4/D-PN2, two players: deal 1 (a summary) gives seat 1 six tricks and seat 0 one. In deal
    # 2 (dealer 1) eldest seat 0 leads 6♣ and seat 1 wins it with 7♣ (PN3: follow suit): seat 1
    # reaches seven, only seat 0 is left below, the race is over after one trick. An exchange
    # recorded after trick 3 never happened.
    first = {
        "dealer": 0,
        # no hands (an outcome record): these hands could not give seat 1 six tricks
        "turnup": "9♠",
        "trick_winners": [1, 1, 1, 1, 1, 1, 0],
    }
    second = {
        "dealer": 1,
        "hands": ["6♣ 6♦ 7♦ 8♦ 6♥ 7♥ 8♥", "7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣"],
        "turnup": "6♠",
        "exchange": "8♣",
        "exchange_after": 3,
        "tricks": ["6♣ 7♣"],
    }
    party = {"variant": "po-noskam", "options": {"players": 2}, "deals": [first, second]}
    with pytest.raises(RecordError) as error:
        kozyr.replay(party)
    assert error.value.path == "$.deals[1].tricks[0][1]"
    assert "cannot exchange 8♣ after trick 3 (SL-C6, D-SL5)" in str(error.value)
    # without the exchange the party replays: seat 1 safe, seat 0 the loser (D-PN2)
    del second["exchange"], second["exchange_after"]
    result = kozyr.replay(party)
    assert isinstance(result, PartyResult) and result.loser == 0


def test_d_pn1_before_play_has_no_exchange_after() -> None:
    # D-PN1 exchange_timing before_play: the dealer exchanges before the first lead, so a
    # record may not say after which trick.
    record = {
        "variant": "po-noskam",
        "options": {"players": 2, "exchange_timing": "before_play"},
        "dealer": 0,
        "hands": ["A♠ K♥ Q♥ J♥ 10♦ 9♦ A♣", "K♠ Q♠ A♥ 10♥ A♦ K♦ K♣"],
        "turnup": "9♠",
        "exchange": "J♥",
        "exchange_after": 2,
        "trick_winners": [1, 1, 1, 0, 0, 0, 0],
    }
    with pytest.raises(RecordError) as error:
        kozyr.replay(record)
    assert error.value.path == "$.exchange_after"
    assert "D-PN1" in str(error.value)
