"""Fixtures of the Seven Up tests: stacked decks (exact deals) and fresh record copies."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from kozyr_seven_up.variant import SevenUp

import kozyr
from kozyr import ALL_CARDS, Card, Deal, Deck, parse_cards

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"

#: The worked deal of the Seven Up page, used throughout the tests (examples/seven-up-deal.json).
#: Dealer seat 0, eldest seat 1 stands on the turned 8♥; sides (0, 2) and (1, 3) (C5).
WORKED_DEAL: dict[str, Any] = {
    "variant": "seven-up",
    "dealer": 0,
    "hands": [
        "A♥ 2♣ K♠ 10♦ 5♦ 3♠",
        "J♥ 4♥ A♠ Q♠ 7♣ 8♦",
        "10♥ 2♥ K♣ 9♠ 6♦ 4♣",
        "3♥ A♣ 10♠ Q♦ 9♣ 7♠",
    ],
    "turnups": ["8♥"],
    "beg": "stand",
    "tricks": [
        "A♠ 9♠ 7♠ 3♠",  # 1 leads; A♠ wins (SU2 ace high)                      -> seat 1
        "Q♠ 2♥ 3♥ K♠",  # 2 void in ♠ must trump 2♥; 3 overtrumps 3♥ (C6)      -> seat 3
        "10♠ A♥ 4♥ 10♥",  # 0, 1, 2 void in ♠ must trump; A♥ highest (C6)      -> seat 0
        "10♦ J♥ 6♦ Q♦",  # 1 holds 8♦ yet trumps with J♥ (SU5 allows it)        -> seat 1
        "8♦ 4♣ 9♣ 5♦",  # no trump: highest of the suit led beats 9♣ (C6)       -> seat 1
        "7♣ K♣ A♣ 2♣",  # -> seat 3
    ],
}

#: The same deal as a summary: what each seat held in play and the cards each seat won.
WORKED_SUMMARY: dict[str, Any] = {
    "variant": "seven-up",
    "dealer": 0,
    "hands": WORKED_DEAL["hands"],
    "turnups": ["8♥"],
    "beg": "stand",
    "won": [
        "10♠ A♥ 4♥ 10♥",
        "A♠ 9♠ 7♠ 3♠ 10♦ J♥ 6♦ Q♦ 8♦ 4♣ 9♣ 5♦",
        "",
        "Q♠ 2♥ 3♥ K♠ 7♣ K♣ A♣ 2♣",
    ],
}


def stack_deck(
    players: int,
    dealer: int,
    hands: Mapping[int, str],
    turnups: Sequence[str],
    runs: Sequence[Mapping[int, str]] = (),
) -> Deck:
    """A deck that deals ``hands`` (SU3: 3 + 3 from eldest), then the first turn-up, then for
    each run a packet of three per seat from eldest and the next turn-up; the unused cards
    follow in index order."""
    order = [(dealer + 1 + i) % players for i in range(players)]
    hand_cards = {s: parse_cards(hands[s]) for s in order}
    cards: list[Card] = []
    for half in (slice(0, 3), slice(3, 6)):
        for seat in order:
            cards.extend(hand_cards[seat][half])
    turned = [Card.parse(t) for t in turnups]
    cards.append(turned[0])
    for i, packets in enumerate(runs):
        for seat in order:
            cards.extend(parse_cards(packets[seat]))
        cards.append(turned[i + 1])
    assert len(set(cards)) == len(cards), "a card is stacked twice"
    cards.extend(c for c in ALL_CARDS if c not in set(cards))
    return Deck(cards)


@pytest.fixture
def stacked() -> Callable[..., Deal]:
    """``stacked(hands, turnups, runs=(), dealer=0, context=None, **options)``: a Deal dealt
    from a stacked deck, waiting for eldest to stand or beg."""

    def make(
        hands: Mapping[int, str],
        turnups: Sequence[str],
        runs: Sequence[Mapping[int, str]] = (),
        *,
        dealer: int = 0,
        context: Mapping[str, Any] | None = None,
        **options: Any,
    ) -> Deal:
        variant = kozyr.get_variant("seven-up", **options)
        assert isinstance(variant, SevenUp)
        deal = Deal(variant, dealer=dealer, context=context)
        variant.deal_from(deal, stack_deck(variant.players, dealer, hands, turnups, runs))
        return deal

    return make


@pytest.fixture
def worked() -> Callable[[], dict[str, Any]]:
    """Fresh copies of the worked full record."""
    return lambda: copy.deepcopy(WORKED_DEAL)


@pytest.fixture
def worked_summary() -> Callable[[], dict[str, Any]]:
    """Fresh copies of the worked summary record."""
    return lambda: copy.deepcopy(WORKED_SUMMARY)


def load_example(name: str) -> Any:
    """An example record from the repository's examples/ directory."""
    return json.loads((EXAMPLES / name).read_text("utf-8"))


@pytest.fixture
def example() -> Callable[[str], Any]:
    """Loader of the example records (``example("seven-up-deal.json")``)."""
    return load_example
