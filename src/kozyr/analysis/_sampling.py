"""The hidden hands of a deal sampled as one seat knows it (perfect-information Monte Carlo).

A seat sees its own hand, every card played, the turned cards and the table's shape. The other
hands are drawn from the cards it has not seen, each of its right size, and never holding a card
a seat has shown it cannot hold: a seat that did not follow suit, or did not trump, where the
variant's play duties (its :class:`~kozyr.tricks.PlayConstraints`) would have made it, holds
none of those cards (the suit led, the trumps). The cards left over are out of play (the stock,
discards, a turned card that belongs to nobody).

Known limits: facts the seat has heard but the duties do not say (Семерик's declarations, SM6;
a turned card the dealer keeps, NN2, or took in exchange, SL-C6) are not used, and the draw is
uniform only up to its retries (seats with the fewest possible cards are filled first).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kozyr.cards import Suit
from kozyr.cardset import FULL_MASK
from kozyr.solve import _Compiled
from kozyr.tricks import Trick

if TYPE_CHECKING:
    from kozyr.engine import PlayerView
    from kozyr.variant import Variant

_PACKS: dict[tuple[type, tuple[tuple[str, object], ...]], int] = {}


@dataclass(frozen=True)
class World:
    """A deal as one seat imagines it, every hand filled in: the attributes of a
    :class:`kozyr.Deal` that the solver's helpers and a variant's
    :meth:`~kozyr.Variant.solve_objective` read (``variant``, ``n``, ``dealer``, ``trump``,
    ``hands``, ``initial`` -- the hands as play began --, ``tricks``, ``trick``, ``playing``,
    ``phase``)."""

    variant: Variant
    n: int
    dealer: int
    trump: Suit | None
    hands: tuple[int, ...]
    initial: tuple[int | None, ...]
    tricks: tuple[Trick, ...]
    trick: Trick | None
    playing: tuple[int, ...]
    phase: str = "play"


def pack_of(variant: Variant) -> int:
    """The mask of the cards ``variant`` deals from: the deck a probe deal shuffled (all 52
    when it logs no shuffle)."""
    key = (type(variant), tuple(sorted((k, repr(v)) for k, v in variant.options.items())))
    found = _PACKS.get(key)
    if found is None:
        from kozyr.engine import Deal

        found = FULL_MASK
        for kind, value in Deal.new(variant, seed=0).chances:
            if kind == "shuffle":
                found = 0
                for card in value:
                    found |= card.mask
                break
        _PACKS[key] = found
    return found


def voids(view: PlayerView) -> list[int]:
    """Per seat, the cards it has shown it cannot hold: for each card it played to a trick led
    by another seat, the ``holding`` of every duty of that lead the card does not satisfy."""
    variant = view.variant
    kernel = _Compiled.of(variant.trick_rules, view.trump)
    out = [0] * view.n
    if kernel is None:
        return out
    tricks = list(view.tricks)
    if view.trick is not None:
        tricks.append(view.trick)
    for trick in tricks:
        if not trick.plays:
            continue
        lead = int(trick.plays[0].card.suit)
        for play in trick.plays[1:]:
            for holding, allowed in kernel.duties[lead]:
                if not play.card.mask & allowed:
                    out[play.seat] |= holding
    return out


def _played(view: PlayerView) -> list[int]:
    """Per seat, the cards it has played in this deal."""
    played = [0] * view.n
    tricks = list(view.tricks)
    if view.trick is not None:
        tricks.append(view.trick)
    for trick in tricks:
        for play in trick.plays:
            played[play.seat] |= play.card.mask
    return played


def hand_sizes(view: PlayerView) -> list[int]:
    """Per seat, the cards it holds now (0 for a seat not playing)."""
    me = view.seat
    mine = view.hand_mask().bit_count()
    trick = view.trick
    done = {p.seat for p in trick.plays} if trick is not None else set()
    sizes = [0] * view.n
    for seat in view.playing:
        sizes[seat] = mine + (1 if me in done else 0) - (1 if seat in done else 0)
    return sizes


def sample_hands(
    view: PlayerView, rng: random.Random, *, tries: int = 200
) -> tuple[int, ...] | None:
    """One deal of the hidden hands consistent with what ``view``'s seat knows, its own hand as
    it is; None when ``tries`` draws all ran into the void constraints."""
    me = view.seat
    own = view.hand_mask()
    seen = view.cards_seen.mask
    pool = pack_of(view.variant) & ~seen
    sizes = hand_sizes(view)
    banned = voids(view)
    others = [s for s in view.playing if s != me]
    order = sorted(others, key=lambda s: (pool & ~banned[s]).bit_count())
    for _ in range(tries):
        left = pool
        hands = [0] * view.n
        hands[me] = own
        for seat in order:
            allowed = [i for i in range(54) if (left & ~banned[seat]) >> i & 1]  # jokers too
            if len(allowed) < sizes[seat]:
                break
            mask = 0
            for i in rng.sample(allowed, sizes[seat]):
                mask |= 1 << i
            hands[seat] = mask
            left &= ~mask
        else:
            return tuple(hands)
    return None


def world_of(view: PlayerView, hands: Sequence[int]) -> World:
    """The :class:`World` of ``view``'s deal with ``hands`` for the hands held now."""
    played = _played(view)
    initial: tuple[int | None, ...] = tuple(
        hands[s] | played[s] if s in view.playing else None for s in range(view.n)
    )
    return World(
        view.variant,
        view.n,
        view.dealer,
        view.trump,
        tuple(hands),
        initial,
        tuple(view.tricks),
        view.trick,
        tuple(view.playing),
        view.phase,
    )


__all__ = ["World", "hand_sizes", "pack_of", "sample_hands", "voids", "world_of"]
