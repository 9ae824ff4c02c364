"""Tressette's cards and combinations (TR2, TR5, TR7): the ranking, what a card is worth and
the accusi of a hand, shared by the variant and its bot."""

from __future__ import annotations

from collections.abc import Sequence

from kozyr import Card, CardSet, Rank, RankOrder, ScoreItem, Suit

#: TR2: the ranking, highest first.
ORDER = RankOrder(
    (
        Rank.THREE,
        Rank.TWO,
        Rank.ACE,
        Rank.KING,
        Rank.QUEEN,
        Rank.JACK,
        Rank.SEVEN,
        Rank.SIX,
        Rank.FIVE,
        Rank.FOUR,
    )
)
#: TR5: the cards worth a third of a point (the *figure*).
FIGURES = frozenset({Rank.THREE, Rank.TWO, Rank.KING, Rank.QUEEN, Rank.JACK})
#: TR7: the ranks of a buongioco.
TOP = (Rank.ACE, Rank.TWO, Rank.THREE)
HAND = 10
SEATS = 4
#: TR7: the most a side can declare -- all twelve top cards between its two players: three
#: buongiochi of four and four napoletane.
MOST_DECLARED = 24
PLURAL = {
    Rank.ACE: ("тузы", "aces"),
    Rank.TWO: ("двойки", "twos"),
    Rank.THREE: ("тройки", "threes"),
}


def card_thirds(cards: Sequence[Card] | CardSet) -> tuple[int, int]:
    """TR5: the aces and the figures among ``cards``."""
    aces = sum(1 for c in cards if c.rank == Rank.ACE)
    figures = sum(1 for c in cards if c.rank in FIGURES)
    return aces, figures


def accusi(hand: Sequence[Card] | CardSet, side: int | None = None) -> list[ScoreItem]:
    """TR7 (D-TR3): the combinations of one hand as dealt, one item each, for ``side``.

    >>> from kozyr import parse_cards
    >>> [(i.name, i.points) for i in accusi(parse_cards("A♠ 2♠ 3♠ A♥ A♦ 2♣ 7♣ 4♦ K♥ Q♥"))]
    [('three_aces', 3), ('napoletana', 3)]
    """
    cards = list(hand)
    items: list[ScoreItem] = []
    for rank in TOP:
        held = tuple(sorted(c for c in cards if c.rank == rank))
        if len(held) >= 3:
            ru, en = PLURAL[rank]
            size = len(held)
            name = f"{'four' if size == 4 else 'three'}_{en}"
            label_ru = f"{'Четыре' if size == 4 else 'Три'} {ru}"
            label_en = f"{'Four' if size == 4 else 'Three'} {en}"
            items.append(ScoreItem(name, label_ru, label_en, size, held, side=side, rule="TR7"))
    for suit in Suit:
        napoletana = tuple(c for c in cards if c.suit == suit and c.rank in TOP)
        if len(napoletana) == 3:
            items.append(
                ScoreItem(
                    "napoletana",
                    f"Наполетана {suit}",
                    f"Napoletana of {suit}",
                    3,
                    tuple(sorted(napoletana)),
                    side=side,
                    rule="TR7",
                )
            )
    return items
