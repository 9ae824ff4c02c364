"""Declarations (SM6, D-SM2, D-SM3) on hand-built hands; the arithmetic is in each comment."""

from __future__ import annotations

import pytest
from kozyr_semerik import CardNotInPackError, score_declarations

import kozyr
from kozyr import CardSet, DuplicateCardError, KozyrError, OptionError


def variant(**options: object) -> kozyr.Variant:
    return kozyr.get_variant("semerik", **options)


def summary(cards: str, **options: object) -> list[tuple[str, int, str]]:
    """(name, points, cards) of each declaration of a hand."""
    sheet = variant(**options).score_hand(CardSet.parse(cards))
    return [(i.name, i.points, " ".join(map(str, i.cards))) for i in sheet.items]


def total(cards: str, **options: object) -> int:
    return variant(**options).score_hand(CardSet.parse(cards)).total


# --- баба and its extensions -------------------------------------------------------------------


def test_baba_plain_suit() -> None:
    # SM6: 3-2-A of spades = 3
    assert summary("3s 2s As 7d 6d 5d 4d 6c 5c Jh") == [("baba", 3, "3♠ 2♠ A♠")]


def test_baba_of_hearts_is_five() -> None:
    # SM6 / seed rule 11: 3-2-A of hearts = 5
    assert summary("3h 2h Ah 7d 6d 5d 4d 6c 5c Js") == [("baba", 5, "3♥ 2♥ A♥")]


def test_baba_with_king() -> None:
    # SM6: 3-2-A-K of clubs = 3 + 1 = 4
    assert summary("3c 2c Ac Kc") == [("baba", 3, "3♣ 2♣ A♣"), ("extension", 1, "K♣")]
    assert total("3c 2c Ac Kc 4d 5d 6d 7d 4s 5s") == 4


def test_hearts_baba_with_king_and_queen() -> None:
    # SM6: hearts 3-2-A-K-Q = 5 + 1 + 1 = 7
    assert total("3h 2h Ah Kh Qh 4d 5d 6d 4s 5s") == 7
    assert [n for n, _, _ in summary("3h 2h Ah Kh Qh")] == ["baba", "extension", "extension"]


def test_baba_with_three_extensions() -> None:
    # SM6: 3-2-A-K-Q-J of diamonds = 3 + 1 + 1 + 1 = 6; of hearts = 5 + 3 = 8
    assert total("3d 2d Ad Kd Qd Jd 4s 5s 6s 4c") == 6
    assert total("3h 2h Ah Kh Qh Jh 4s 5s 6s 4c") == 8


def test_extension_needs_an_unbroken_sequence() -> None:
    # SM6: 3-2-A-Q (no king) = the баба alone = 3; the queen does not continue the sequence
    assert summary("3s 2s As Qs Js") == [("baba", 3, "3♠ 2♠ A♠")]
    # 2-A-K-Q-J without the three is no баба at all = 0
    assert summary("2s As Ks Qs Js") == []


def test_no_baba_without_the_two() -> None:
    # SM6: 3 and A without the 2 = 0
    assert total("3s As Ks 4d 5d 6d 7d 4c 5c 6c") == 0


# --- трена (SM6, D-SM2) --------------------------------------------------------------------------


def test_trena_replaces_baba_and_extensions() -> None:
    # SM6: 3 2 A K Q J 7 of spades = 16 (not 3 + 3 + ... )
    assert summary("3s 2s As Ks Qs Js 7s 4d 5d 6d") == [("trena", 16, "3♠ 2♠ A♠ K♠ Q♠ J♠ 7♠")]


def test_trena_of_hearts_is_also_sixteen() -> None:
    # SM6: a трена counts 16 in hearts too (no extra for the main suit)
    assert total("3h 2h Ah Kh Qh Jh 7h 4d 5d 6d") == 16


def test_longer_sequence_still_sixteen() -> None:
    # D-SM2: 8, 9 or 10 cards in sequence still score 16
    for cards in (
        "3c 2c Ac Kc Qc Jc 7c 6c",
        "3c 2c Ac Kc Qc Jc 7c 6c 5c",
        "3c 2c Ac Kc Qc Jc 7c 6c 5c 4c",
    ):
        items = variant().score_hand(CardSet.parse(cards)).items
        assert [(i.name, i.points, len(i.cards), i.rule) for i in items] == [
            ("trena", 16, len(cards.split()), "D-SM2")
        ]


def test_gap_before_the_seven_is_no_trena() -> None:
    # SM6: 3-2-A-K-Q-J + 6 (no 7) = 3 + 3 = 6, the 6 adds nothing
    assert total("3d 2d Ad Kd Qd Jd 6d 4s 5s 6s") == 6


# --- triples (SM6) and four of a kind (D-SM3) ---------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "points"),
    [
        ("7s 7h 7d", 4),  # three sevens = 4
        ("3s 3h 3d", 3),  # three threes = 3
        ("2s 2h 2c", 3),  # three twos = 3
        ("As Ah Ad", 3),  # three aces = 3
        ("Ks Kh Kd", 1),  # three kings = 1
        ("Qs Qh Qd", 1),
        ("Js Jh Jd", 1),
        ("6s 6h 6d", 1),
        ("5s 5h 5d", 1),
        ("4s 4h 4d", 1),
    ],
)
def test_triple_values(cards: str, points: int) -> None:
    items = variant().score_hand(CardSet.parse(cards)).items
    assert [(i.name, i.points) for i in items] == [("triple", points)]


def test_triple_beside_a_baba() -> None:
    # SM6 (source rule 5): three 7s + баба of spades = 4 + 3 = 7
    assert total("7s 7h 7d 3s 2s As 4c 5c 6c Jd") == 7


def test_card_counts_in_two_declarations() -> None:
    # SM6: 3♠ is in the баба of spades and in three threes: 3 + 3 = 6
    assert summary("3s 2s As 3h 3d") == [("baba", 3, "3♠ 2♠ A♠"), ("triple", 3, "3♦ 3♥ 3♠")]


def test_two_babas_and_two_triples() -> None:
    # SM6: баба ♥ 5 + баба ♠ 3 + three 3s (3♥ 3♠ 3♦) 3 + three 2s (2♥ 2♠ 2♣) 3 = 14
    assert total("3h 2h Ah 3s 2s As 3d 2c 4c 5c") == 14


def test_four_of_a_kind_as_triple_default() -> None:
    # D-SM3 default as_triple: four 7s = one triple = 4; four kings = 1
    assert summary("7s 7h 7d 7c") == [("quad", 4, "7♣ 7♦ 7♥ 7♠")]
    assert total("Ks Kh Kd Kc") == 1


def test_four_of_a_kind_plus_one() -> None:
    # D-SM3 plus_one: four 7s = 4 + 1 = 5; four aces = 3 + 1 = 4; four 4s = 1 + 1 = 2
    assert total("7s 7h 7d 7c", quads="plus_one") == 5
    assert total("As Ah Ad Ac", quads="plus_one") == 4
    assert total("4s 4h 4d 4c 5s 5h", quads="plus_one") == 2
    # three of a kind is untouched by the option: three 7s = 4
    assert total("7s 7h 7d", quads="plus_one") == 4


def test_rich_hand() -> None:
    # трена ♥ (3 2 A K Q J 7) 16 + three 3s (3♥ 3♠ 3♣) 3 + three 7s (7♥ 7♠ 7♦) 4 = 23
    assert total("3h 2h Ah Kh Qh Jh 7h 3s 3c 7s 7d", quads="as_triple") == 23


def test_nothing_to_declare() -> None:
    assert total("4s 5s 6s 7s Js 4d 6d 7d Kc Qc") == 0  # no run from a 3, no triple


def test_whole_pack() -> None:
    # for study: all 40 cards = four трены (4 * 16 = 64) + ten quads
    # as_triple: 7s 4 + 3s, 2s, As 3 each + six other ranks 1 each = 4 + 9 + 6 = 19 -> 83
    pack = CardSet.deck((2, 3, 4, 5, 6, 7, 11, 12, 13, 14))
    assert variant().score_hand(pack).total == 64 + 19
    # plus_one adds 1 per quad: 83 + 10 = 93
    assert variant(quads="plus_one").score_hand(pack).total == 93


# --- items: labels, seats, rules ----------------------------------------------------------------


def test_items_have_both_labels_and_no_seat() -> None:
    sheet = variant().score_hand(CardSet.parse("3h 2h Ah Kh 7s 7d 7c"))
    assert [(i.label_ru, i.label_en) for i in sheet.items] == [
        ("баба червей", "baba of hearts"),
        ("прибавка к бабе червей", "extension of baba of hearts"),
        ("три семёрки", "three sevens"),
    ]
    assert all(i.seat is None and i.side is None for i in sheet.items)
    assert {i.rule for i in sheet.items} == {"SM6"}


def test_score_hand_accepts_notation_and_module_function() -> None:
    # the same hand as a string, in Russian notation, and through score_declarations
    a = variant().score_hand("3ч 2ч Тч Кч")
    b = variant().score_hand(CardSet.parse("3h 2h Ah Kh"))
    c = score_declarations(CardSet.parse("3h 2h Ah Kh"))
    assert a.items == b.items == c.items and a.total == 6  # 5 + 1


# --- errors ---------------------------------------------------------------------------------------


def test_card_outside_the_pack_is_named() -> None:
    with pytest.raises(CardNotInPackError, match="9♠ is not in the 40-card Семерик pack") as info:
        variant().score_hand(CardSet.parse("3s 2s As 9s"))
    assert isinstance(info.value, KozyrError)
    assert str(info.value.card) == "9♠"
    with pytest.raises(CardNotInPackError, match="10♥"):
        variant().score_hand("Th 3h")
    # SM2: a joker is not "an 8, 9 or 10" -- the pack has no jokers, and the message says so
    with pytest.raises(CardNotInPackError, match=r"^the joker 🂿 is .* \(no jokers; SM2\)$"):
        variant().score_hand("RJ 3h")


def test_repeated_card_is_an_error() -> None:
    with pytest.raises(DuplicateCardError, match="'As' at position 3 is listed twice"):
        variant().score_hand("3s 2s As As")


def test_empty_hand_is_an_error() -> None:
    with pytest.raises(KozyrError, match="empty hand"):
        variant().score_hand(CardSet())


def test_bad_options() -> None:
    with pytest.raises(OptionError, match="quads"):
        variant(quads="double")
    with pytest.raises(OptionError, match="packets"):
        variant(packets="5-5")
    with pytest.raises(OptionError, match="counter_mode"):
        variant(counter_mode="never")
    with pytest.raises(OptionError, match=r"played by exactly 4 players, not 3 \(SM1\)"):
        variant(players=3)


# --- SM6 option trena: "seven" (default) or "ten" ------------------------------------------------


def test_trena_seven_is_seven_in_sequence() -> None:
    # SM6 trena="seven" (default): 3 2 A K Q J 7 of spades in unbroken sequence = 16, instead of
    # the баба and its extensions
    hand = "3s 2s As Ks Qs Js 7s 4d 6c 5c"
    assert summary(hand) == [("trena", 16, "3♠ 2♠ A♠ K♠ Q♠ J♠ 7♠")]
    assert summary(hand, trena="seven") == summary(hand)


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        # SM6 trena="ten": seven in sequence is a баба with its extensions: 3 + K + Q + J = 6;
        # the seven continues the sequence but is no figure, so it adds nothing
        ("3s 2s As Ks Qs Js 7s 4d 6c 5c", 6),
        # hearts: 5 + 1 + 1 + 1 = 8
        ("3h 2h Ah Kh Qh Jh 7h 4d 6c 5c", 8),
        # nine in sequence (3 2 A K Q J 7 6 5 of clubs) is still a баба with extensions: 6
        ("3c 2c Ac Kc Qc Jc 7c 6c 5c 4d", 6),
        # the whole suit, ten cards: the трена, 16
        ("3d 2d Ad Kd Qd Jd 7d 6d 5d 4d", 16),
    ],
)
def test_trena_ten_is_the_whole_suit(hand: str, expected: int) -> None:
    assert total(hand, trena="ten") == expected


def test_trena_ten_items() -> None:
    # SM6 trena="ten": the items of seven to nine in sequence are the баба and K, Q, J
    assert summary("3c 2c Ac Kc Qc Jc 7c 6c 5c 4d", trena="ten") == [
        ("baba", 3, "3♣ 2♣ A♣"),
        ("extension", 1, "K♣"),
        ("extension", 1, "Q♣"),
        ("extension", 1, "J♣"),
    ]
    # the whole suit: one трена item holding all ten cards, rule SM6 (under "seven" the same
    # ten cards are a трена by D-SM2)
    whole = variant(trena="ten").score_hand("3d 2d Ad Kd Qd Jd 7d 6d 5d 4d").items
    assert [(i.name, i.points, len(i.cards), i.rule) for i in whole] == [("trena", 16, 10, "SM6")]
    seven = variant().score_hand("3d 2d Ad Kd Qd Jd 7d 6d 5d 4d").items
    assert [(i.name, i.points, len(i.cards), i.rule) for i in seven] == [("trena", 16, 10, "D-SM2")]


def test_trena_option_is_checked() -> None:
    with pytest.raises(OptionError, match="trena"):
        variant(trena="eight")
    assert score_declarations(CardSet.parse("3s 2s As Ks Qs Js 7s"), trena="ten").total == 6
