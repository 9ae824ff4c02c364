"""The documented fast paths give the same answers as the general ones (performance work)."""

from __future__ import annotations

from kozyr import DEAD, FACE_DOWN, Card, CardSet, FreePlayDeadTrumps, RankOrder, Suit, Trick
from kozyr.deck import Deck
from kozyr.scoring import Payment, ScoreItem, ScoreSheet, Settlement
from kozyr.tricks import Play, StandardTrickRules, flags_function

ORDER = RankOrder.ace_high()


class FaceDownEverything(FreePlayDeadTrumps):
    """Overrides only play_flags: the engine must ask it, not the parent's mask form."""

    def play_flags(self, hand: CardSet, trick: Trick, card: Card, trump: Suit | None) -> int:
        return FACE_DOWN


def test_flags_function_picks_the_most_specific_form() -> None:
    assert flags_function(StandardTrickRules(ORDER)) is None
    rules = FreePlayDeadTrumps(ORDER)
    trick = Trick(0, 0, (Play(0, Card.parse("Ah")),))
    hand = CardSet.parse("2s 3h")
    flags = flags_function(rules)
    assert flags is not None
    # SL-C9: a trump on a plain lead from a hand with other cards is dead
    assert flags(hand.mask, trick, Card.parse("2s"), Suit.SPADES) == DEAD
    assert rules.play_flags(hand, trick, Card.parse("2s"), Suit.SPADES) == DEAD
    override = flags_function(FaceDownEverything(ORDER))
    assert override is not None
    assert override(hand.mask, trick, Card.parse("2s"), Suit.SPADES) == FACE_DOWN


def test_standard_packs_are_fresh_lists() -> None:
    one, two = Deck.of_size(36), Deck.of_size(36)
    assert one.cards == two.cards and one.cards is not two.cards
    one.draw(5)
    assert len(Deck.of_size(36)) == 36
    assert Deck.of_size(24).cards == Deck.from_ranks(range(9, 15)).cards


def test_deal_in_packets_matches_draws() -> None:
    a, b = Deck.of_size(36), Deck.of_size(36)
    hands = a.deal([1, 2, 3, 0], (2, 2, 3))
    expected: dict[int, list[Card]] = {s: [] for s in (1, 2, 3, 0)}
    for size in (2, 2, 3):
        for seat in (1, 2, 3, 0):
            expected[seat] += b.draw(size)
    assert hands == expected and a.cards == b.cards


def test_value_types_keep_dataclass_behaviour() -> None:
    item = ScoreItem("high", "Старший", "High", 1, (Card.parse("As"),), 1, 1, "SU6")
    assert item == ScoreItem("high", "Старший", "High", 1, (Card.parse("As"),), 1, 1, "SU6")
    assert repr(item).startswith("ScoreItem(name='high', label_ru='Старший'")
    assert hash(item) == hash(
        ScoreItem("high", "Старший", "High", 1, (Card.parse("As"),), 1, 1, "SU6")
    )
    sheet = ScoreSheet((item,), 4)
    assert sheet == ScoreSheet((item,), 4, None) and sheet.by_seat() == [0, 1, 0, 0]
    ledger = Settlement.from_payments(2, [Payment(0, 1, 3)])  # type: ignore[arg-type]
    assert ledger.payments[0].amount.denominator == 1 and ledger.net() == [-3, 3]
