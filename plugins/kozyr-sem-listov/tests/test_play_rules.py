"""Worked examples of the play rules, card by card (SL-C…, PN…, SL19-…, NN…)."""

from __future__ import annotations

import pytest

from kozyr import DEAD, FACE_DOWN, Card, CardSet, Suit, Trick, get_variant

SPADES = Suit.SPADES  # trump in every example below


def play(
    variant_name: str, plays: list[tuple[str, str]], number: int = 0, **options: object
) -> Trick:
    """Play a trick card by card: each entry is (hand before the play, card played); seats are
    0, 1, 2... in play order. Flags come from the variant's rules, as in the engine."""
    rules = get_variant(variant_name, **options).trick_rules
    trick = Trick(leader=0, number=number)
    for seat, (hand_text, card_text) in enumerate(plays):
        hand, card = CardSet.parse(hand_text), Card.parse(card_text)
        assert card in CardSet.from_mask(rules.legal_mask(hand.mask, trick, SPADES)), (
            f"{card} should be legal from {hand}"
        )
        trick = trick.with_play(seat, card, rules.play_flags(hand.mask, trick, card, SPADES))
    return Trick(trick.leader, trick.number, trick.plays, rules.trick_winner(trick, SPADES))


def legal(variant_name: str, hand: str, led: str | None, number: int = 0, **options: object) -> str:
    rules = get_variant(variant_name, **options).trick_rules
    trick = Trick(leader=0, number=number)
    if led is not None:
        trick = trick.with_play(0, Card.parse(led))
    return str(CardSet.from_mask(rules.legal_mask(CardSet.parse(hand).mask, trick, SPADES)))


# --- SL-C9: no duty to follow a plain lead; a trump there is dead ------------------------------


def test_sl_c9_any_card_to_a_plain_lead() -> None:
    # Seat holds hearts but may still throw a diamond or a trump to a heart lead.
    assert legal("sem-listov", "Ah 9d Ks", "10h") == "9♦ A♥ K♠"


def test_sl_c9_trump_to_plain_lead_is_dead_and_cannot_win() -> None:
    # 9♥ led; seat 1 trumps with A♠ but also holds 10♦ -> the ace is dead; 9♥ is the best heart.
    trick = play("sem-listov", [("9h Qd", "9h"), ("As 10d", "As"), ("Jd 10c", "Jd")])
    assert trick.plays[1].flags == DEAD
    assert trick.winner == 0


def test_sl_c9_trump_from_an_all_trump_hand_is_live() -> None:
    # Seat 1 holds only trumps (7♠ 8♠): its 7♠ is live and beats the heart ace led.
    trick = play("sem-listov", [("Ah Qd", "Ah"), ("7s 8s", "7s"), ("Kh Jd", "Kh")])
    assert trick.plays[1].flags == 0
    assert trick.winner == 1


def test_sl_c11_highest_live_trump_beats_a_dead_higher_one() -> None:
    # Seat 1's A♠ is dead (holds a club); seat 2 holds only spades, so its 6♠ is live and wins.
    trick = play("sem-listov", [("Kh Qd", "Kh"), ("As 6c", "As"), ("6s 7s", "6s")])
    assert [p.flags for p in trick.plays] == [0, DEAD, 0]
    assert trick.winner == 2


def test_sl_c11_highest_of_suit_led_when_no_live_trump() -> None:
    # No trump: A♦ is not the suit led, so the 10♥ beats the 9♥ led.
    trick = play("sem-listov", [("9h", "9h"), ("Ad", "Ad"), ("10h", "10h")])
    assert trick.winner == 2


# --- SL-C10 / SL-C12: trump leads ---------------------------------------------------------------


def test_sl_c10_must_play_a_trump_to_a_trump_lead() -> None:
    assert legal("sem-listov", "9s Ah Kd", "10s") == "9♠"
    assert legal("sem-listov", "Ah Kd", "10s") == "K♦ A♥"  # no trump: any card


def test_sl_c12_honours_first() -> None:
    # Holding K♠ and 9♠, the king must go on a trump lead, even on the ace led.
    assert legal("sem-listov", "9s Ks Ah", "As", honours_first=True) == "K♠"
    # Holding both honours: either of them.
    assert legal("sem-listov", "9s Ks As", "10s", honours_first=True) == "K♠ A♠"
    # Without the option any trump will do.
    assert legal("sem-listov", "9s Ks Ah", "As") == "9♠ K♠"


# --- SL-C13 / D-SL2: five-handed trump leads ----------------------------------------------------


FIVE = {"players": 5, "five_trump_leads": True}


def test_sl_c13_first_two_leads_must_be_trumps() -> None:
    assert legal("sem-listov", "9s Ah Kd", None, number=0, **FIVE) == "9♠"
    assert legal("sem-listov", "9s Ah Kd", None, number=1, **FIVE) == "9♠"
    assert legal("sem-listov", "9s Ah Kd", None, number=2, **FIVE) == "K♦ A♥ 9♠"  # third lead free


def test_sl_c13_leader_without_trump_leads_face_down_and_others_must_trump() -> None:
    rules = get_variant("sem-listov", **FIVE).trick_rules
    hand = CardSet.parse("Ah Kd")
    trick = Trick(leader=0, number=0)
    assert rules.play_flags(hand.mask, trick, Card.parse("Ah"), SPADES) == FACE_DOWN
    down = trick.with_play(0, Card.parse("Ah"), FACE_DOWN)
    assert down.lead_suit is None
    assert (
        str(CardSet.from_mask(rules.legal_mask(CardSet.parse("6s Kh Qc").mask, down, SPADES)))
        == "6♠"
    )
    assert (
        str(CardSet.from_mask(rules.legal_mask(CardSet.parse("Kh Qc").mask, down, SPADES)))
        == "Q♣ K♥"
    )


def test_d_sl2_face_down_card_never_wins_highest_trump_does() -> None:
    # A♥ face down; seat 1 plays 6♠, seat 2 (no trump) K♥: the 6♠ wins (D-SL2).
    trick = play("sem-listov", [("Ah Kd", "Ah"), ("6s Qc", "6s"), ("Kh Qd", "Kh")], **FIVE)
    assert trick.plays[0].flags == FACE_DOWN and trick.winner == 1


def test_d_sl2_nobody_trumps_the_leader_takes_it() -> None:
    trick = play("sem-listov", [("9h Kd", "9h"), ("Ah Qc", "Ah"), ("Kh Qd", "Kh")], **FIVE)
    assert trick.winner == 0  # the face-down 9♥ "wins" only because nobody trumped


# --- PN3, SL19-2, NN3: the race forms follow suit -----------------------------------------------


@pytest.mark.parametrize("name", ["po-noskam", "sem-listov-1884", "na-noski"])
def test_must_follow_suit(name: str) -> None:
    assert legal(name, "9h Ah 7s Kd", "10h") == "9♥ A♥"


def test_pn3_void_may_trump_or_discard() -> None:
    assert legal("po-noskam", "7s Kd 8c", "10h") == "8♣ K♦ 7♠"


@pytest.mark.parametrize("name", ["sem-listov-1884", "na-noski"])
def test_sl19_2_nn3_void_must_trump(name: str) -> None:
    assert legal(name, "7s Kd 8c", "10h") == "7♠"
    assert legal(name, "Kd 8c", "10h") == "8♣ K♦"  # no trump: any card


@pytest.mark.parametrize("name", ["po-noskam", "sem-listov-1884", "na-noski"])
def test_c6_no_dead_trumps_in_race_forms(name: str) -> None:
    # A 6♠ trumping a heart lead wins although its holder kept a diamond (no SL-C9 here).
    trick = play(name, [("Ah", "Ah"), ("6s 9d", "6s")])
    assert trick.plays[1].flags == 0 and trick.winner == 1


def test_explanations_name_the_rule() -> None:
    trick = Trick(0).with_play(1, Card.parse("10s"))
    hand, card = CardSet.parse("9s Ah"), Card.parse("Ah")
    assert "(SL-C10)" in get_variant("sem-listov").trick_rules.explain(
        hand.mask, trick, card, SPADES
    )
    honours = get_variant("sem-listov", honours_first=True).trick_rules
    assert "(SL-C12)" in honours.explain(CardSet.parse("Ks Ah").mask, trick, card, SPADES)
    five = get_variant("sem-listov", **FIVE).trick_rules
    assert "(SL-C13)" in five.explain(hand.mask, Trick(0), card, SPADES)
    assert "(SL19-2)" in get_variant("sem-listov-1884").trick_rules.explain(
        CardSet.parse("7s Kd").mask,
        Trick(0).with_play(1, Card.parse("10h")),
        Card.parse("Kd"),
        SPADES,
    )
