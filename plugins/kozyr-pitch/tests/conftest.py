"""Fixtures of the Pitch tests: stacked decks (exact deals), bid logs and outcome deals."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from kozyr_pitch.variant import AuctionPitch

import kozyr
from kozyr import ALL_CARDS, Card, Deal, Deck, parse_cards

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


def stack_deck(players: int, dealer: int, hands: Mapping[int, str]) -> Deck:
    """A deck that deals ``hands`` (AP2: 3 + 3 from eldest); the unused cards follow."""
    order = [(dealer + 1 + i) % players for i in range(players)]
    cards: list[Card] = []
    parsed = {s: parse_cards(hands[s]) for s in order}
    for half in (slice(0, 3), slice(3, 6)):
        for seat in order:
            cards.extend(parsed[seat][half])
    assert len(set(cards)) == len(cards), "a card is stacked twice"
    cards.extend(c for c in ALL_CARDS if c not in set(cards))
    return Deck(cards)


@pytest.fixture
def stacked() -> Callable[..., Deal]:
    """``stacked(hands, dealer=0, variant="auction-pitch", **options)``: a Deal dealt from a
    stacked deck, waiting for eldest to bid."""

    def make(
        hands: Mapping[int, str], *, dealer: int = 0, variant: str = "auction-pitch", **options: Any
    ) -> Deal:
        game = kozyr.get_variant(variant, **options)
        assert isinstance(game, AuctionPitch)
        deal = Deal(game, dealer=dealer)
        game.deal_from(deal, stack_deck(game.players, dealer, hands))
        return deal

    return make


def bid_log(dealer: int, n: int, bids: Sequence[Any]) -> list[dict[str, Any]]:
    """A record's ``log`` of the bids from eldest (``"pass"`` or a number)."""
    seats = [(dealer + 1 + i) % n for i in range(len(bids))]
    return [
        {"seat": s, "kind": "pass"} if b == "pass" else {"seat": s, "kind": "bid", "value": b}
        for s, b in zip(seats, bids, strict=True)
    ]


@pytest.fixture
def log() -> Callable[..., list[dict[str, Any]]]:
    return bid_log


def outcome_deal(
    dealer: int, pitcher: int, bid: int, high: int, low: int, jack: int | None, game: int | None
) -> dict[str, Any]:
    """An outcome deal: the pitcher, his bid and who scored High, Low, Jack and Game."""
    return {
        "dealer": dealer,
        "pitcher": pitcher,
        "bid": bid,
        "high": high,
        "low": low,
        "jack": jack,
        "game": game,
    }


@pytest.fixture
def outcome() -> Callable[..., dict[str, Any]]:
    return outcome_deal


@pytest.fixture
def example() -> Callable[[str], Any]:
    """Loader of the example records (``example("auction-pitch-deal.json")``)."""
    return lambda name: json.loads((EXAMPLES / name).read_text("utf-8"))
