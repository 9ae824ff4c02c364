"""Whole deals dealt as one seat knows them: a deck stacked so that the cards the seat knows land
where the variant deals them and the rest are shuffled into the other places.

A *probe* deal (:func:`deck_places`) deals the variant's own pack unshuffled and shows which place
of the shuffled deck goes to which hand, to the turned card or to the stock; a *layout*
(:func:`stacked_layout`) is then one deck for one sample, and :class:`StackedShuffle` is the
generator whose ``shuffle`` lays it out, so :meth:`kozyr.Deal.new` deals it through the variant's
own dealing (cut included: every other draw comes from a fixed seed). The table advisors
(:mod:`kozyr.advise`) and the ``pimc`` bot's decisions other than cards
(:mod:`kozyr.analysis.pimc`) both sample whole deals this way; :func:`deal_value` is what one
played-out sample is worth to a seat.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from typing_extensions import override

from kozyr.errors import KozyrError
from kozyr.seats import next_seat

if TYPE_CHECKING:
    from kozyr.cards import Card
    from kozyr.record import DealResult
    from kozyr.variant import Variant


class DealingError(KozyrError):
    """Known cards that do not fit the variant's dealing: a hand of the wrong size, no turned
    card to put one in, a seat with no room for a card it showed."""


class StackedShuffle(random.Random):
    """A generator whose ``shuffle`` lays the deck out as ``arrange`` says (None: leaves it as
    it is, for the probe) and draws everything else (a cut) from a fixed seed, so the probe
    and every sample deal through the same places. ``decks`` keeps each deck it was given."""

    def __init__(self, arrange: Callable[[list[Any]], list[Any]] | None) -> None:
        super().__init__(0)
        self.arrange = arrange
        self.decks: list[list[Any]] = []

    @override
    def shuffle(self, x: Any, *args: Any, **kwargs: Any) -> None:
        self.decks.append(list(x))
        if self.arrange is not None:
            x[:] = self.arrange(list(x))


def deck_places(
    variant: Variant, dealer: int, context: Mapping[str, Any] | None = None
) -> tuple[list[Card], list[int | str]]:
    """The deck as the variant hands it to the shuffle, and where each place of it ends up: a
    seat, ``"turnup"`` (the first turned card) or ``"stock"``.

    :raises DealingError: the variant shuffles no deck that can be stacked."""
    from kozyr.engine import Deal

    rng = StackedShuffle(None)
    deal = Deal.new(variant, dealer=dealer, rng=rng, context=context)
    if not rng.decks:
        raise DealingError(f"{variant.name}: the variant shuffles no deck that can be stacked")
    deck = rng.decks[0]
    where: list[int | str] = []
    turned = {c.index for c in deal.turnups[:1]}
    for card in deck:
        owner: int | str = "stock"
        for seat in range(deal.n):
            if deal.hand_mask(seat) & card.mask:
                owner = seat
        if card.index in turned:
            owner = "turnup"
        where.append(owner)
    return deck, where


def stacked_layout(
    deck: Sequence[Card],
    where: Sequence[int | str],
    seat: int,
    own: Sequence[Card],
    turnup: Card | None,
    trick: Sequence[Card],
    dealer: int,
    variant: Variant,
    sample_seed: int,
    shown: Mapping[int, Sequence[Card]] | None = None,
) -> list[Card]:
    """A deck for one sample: the seat's cards ``own`` (and the other seats' cards of the first
    ``trick``, led by eldest; the turned card; the cards ``shown`` per seat) where the variant
    deals them, the rest shuffled into the other places by ``sample_seed``.

    :raises DealingError: the known cards do not fit the places the variant deals."""
    n = variant.players
    fixed: dict[int, Card] = {}
    places = [p for p, w in enumerate(where) if w == seat]
    if len(places) != len(own):
        raise DealingError(
            f"seat {seat} is dealt {len(places)} cards in {variant.name}; the hand (with its "
            f"first-trick card) has {len(own)}"
        )
    for p, card in zip(places, sorted(own, key=lambda c: c.index), strict=True):
        fixed[p] = card
    if turnup is not None:
        spot = [p for p, w in enumerate(where) if w == "turnup"]
        if not spot:
            raise DealingError(f"{variant.name} turns no card up")
        fixed[spot[0]] = turnup
    eldest = next_seat(dealer, n)
    used = set(fixed.values())
    rng = random.Random(sample_seed)
    for i, card in enumerate(trick):
        owner = (eldest + i) % n
        if owner == seat:
            continue
        free = [p for p, w in enumerate(where) if w == owner and p not in fixed]
        if not free:
            raise DealingError(f"seat {owner} has no room for {card}")
        fixed[rng.choice(free)] = card
        used.add(card)
    for owner, cards in (shown or {}).items():
        free = [p for p, w in enumerate(where) if w == owner and p not in fixed]
        if len(free) < len(cards):
            raise DealingError(f"shown: seat {owner} is dealt {len(free)} cards, not {len(cards)}")
        for card in cards:
            place = rng.choice(free)
            free.remove(place)
            fixed[place] = card
            used.add(card)
    rest = [c for c in deck if c not in used]
    rng.shuffle(rest)
    it = iter(rest)
    return [fixed[p] if p in fixed else next(it) for p in range(len(deck))]


def deal_value(result: DealResult, variant: Variant, seat: int, measure: str) -> float:
    """What a scored deal is worth to ``seat``: with ``measure="settlement"`` its net
    settlement (received less paid); with ``"points"`` the points of its side (or its own) less
    the other side's -- less the best other seat's at a table of single players -- so a point
    given away counts against."""
    if measure == "settlement":
        net: Any = 0
        for payment in result.settlement.payments:
            if payment.payee == seat:
                net += payment.amount
            if payment.payer == seat:
                net -= payment.amount
        return float(net)
    unit = variant.side_of(seat) if variant.sides else seat
    others = [p for u, p in enumerate(result.points) if u != unit]
    return float(result.points[unit] - (max(others) if others else 0))


__all__ = ["DealingError", "StackedShuffle", "deal_value", "deck_places", "stacked_layout"]
