"""The hidden hands of a deal sampled as one seat knows it (perfect-information Monte Carlo).

A seat sees its own hand, every card played, the turned cards and the table's shape. The other
hands are drawn from the cards it has not seen, each of its right size, and never holding a card
a seat has shown it cannot hold: a seat that did not follow suit, or did not trump, where the
variant's play duties (its :class:`~kozyr.tricks.PlayConstraints`) would have made it, holds
none of those cards (the suit led, the trumps). The cards left over are out of play (the stock,
discards, a turned card that belongs to nobody).

Cards a seat is known to hold are placed in its hand: a turned card that the variant deals to
the dealer (NN2: a probe deal shows it) and the cards of the variant's public fact ``shown`` (per
seat, a card mask: Семерик's declarations, SM6; the turned card the dealer took in exchange,
SL-C6), as long as the seat has not played them.

Known limits: what a fact rules out is not used (a Семерик seat that declared nothing holds no
баба), and the draw is uniform only up to its retries (seats with the fewest possible cards are
filled first).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kozyr.cards import Suit
from kozyr.cardset import FULL_MASK
from kozyr.solve import _Compiled
from kozyr.tricks import FollowOrTrump, Trick

if TYPE_CHECKING:
    from kozyr.engine import PlayerView
    from kozyr.variant import Action, Variant

_PACKS: dict[tuple[type, tuple[tuple[str, object], ...]], tuple[int, bool]] = {}


@dataclass(frozen=True)
class World:
    """A deal as one seat imagines it, every hand filled in: the attributes of a
    :class:`kozyr.Deal` that the solver's helpers and a variant's
    :meth:`~kozyr.Variant.solve_objective` read (``variant``, ``n``, ``dealer``, ``trump``,
    ``hands``, ``initial`` -- the hands as play began --, ``tricks``, ``trick``, ``playing``,
    ``phase``, ``log``)."""

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
    #: The public decisions so far (the bids of an auction), as :attr:`kozyr.Deal.log`.
    log: tuple[Action, ...] = ()


def _probe(variant: Variant) -> tuple[int, bool]:
    """The pack's mask and whether the dealer is dealt the turned card (NN2), from a probe
    deal."""
    key = (type(variant), tuple(sorted((k, repr(v)) for k, v in variant.options.items())))
    found = _PACKS.get(key)
    if found is None:
        from kozyr.engine import Deal

        pack = FULL_MASK
        probe = Deal.new(variant, seed=0)
        for kind, value in probe.chances:
            if kind == "shuffle":
                pack = 0
                for card in value:
                    pack |= card.mask
                break
        turned = probe.turnups[0].mask if probe.turnups else 0
        found = _PACKS[key] = (pack, bool(turned & probe.hand_mask(probe.dealer)))
    return found


def pack_of(variant: Variant) -> int:
    """The mask of the cards ``variant`` deals from: the deck a probe deal shuffled (all 52
    when it logs no shuffle)."""
    return _probe(variant)[0]


def known_cards(view: PlayerView) -> list[int]:
    """Per seat, the cards every player knows it holds now: the turned card when the variant
    deals it to the dealer (NN2), the cards of the public fact ``shown`` (SM6 declarations,
    SL-C6's exchange) -- less the cards it has played since."""
    known = [0] * view.n
    if view.turnups and _probe(view.variant)[1]:
        known[view.dealer] |= view.turnups[0].mask
    shown = view.facts.get("shown")
    if isinstance(shown, Sequence):
        for seat, mask in enumerate(shown):
            if isinstance(mask, int) and seat < view.n:
                known[seat] |= mask
    played = _played(view)
    return [known[s] & ~played[s] for s in range(view.n)]


def voids(view: PlayerView) -> list[int]:
    """Per seat, the cards it has shown it cannot hold: for each card it played to a trick led
    by another seat, the ``holding`` of every duty of that lead the card does not satisfy."""
    variant = view.variant
    kernel = _Compiled.of(variant.trick_rules, view.trump)
    out = [0] * view.n
    tricks = list(view.tricks)
    if view.trick is not None:
        tricks.append(view.trick)
    if kernel is None:  # duties by the rules' own methods where they are plain follow/trump
        if isinstance(variant.trick_rules, FollowOrTrump):
            return _voids_by_rules(view, tricks)
        return out
    for trick in tricks:
        if not trick.plays:
            continue
        lead = int(trick.plays[0].card.suit)
        for play in trick.plays[1:]:
            for holding, allowed in kernel.duties[lead]:
                if not play.card.mask & allowed:
                    out[play.seat] |= holding
    return out


def _voids_by_rules(view: PlayerView, tricks: Sequence[Trick]) -> list[int]:
    """:func:`voids` for follow-or-trump rules without compiled duties (Smear's jick, SMR3):
    a card ``x`` is ruled out for a seat that played ``c`` to
    a trick led by another when the rules would not let a hand of just ``c`` and ``x`` play
    ``c`` there -- holding ``x`` would have forced another card. (Sound where holding a card
    alone brings a duty, as in AP7; not for SL-C9, where the whole hand decides.)"""
    rules, trump = view.variant.trick_rules, view.trump
    out = [0] * view.n
    pack = pack_of(view.variant)
    for trick in tricks:
        if len(trick.plays) < 2:
            continue
        before = Trick(trick.leader, trick.number, trick.plays[:1])
        for play in trick.plays[1:]:
            card = play.card.mask
            rest = pack & ~card & ~out[play.seat]
            while rest:
                low = rest & -rest
                rest ^= low
                if not rules.legal_mask(card | low, before, trump) & card:
                    out[play.seat] |= low
            before = before.with_play(play.seat, play.card, play.flags)
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
    known = known_cards(view)
    known[me] = 0
    fixed = 0
    for mask in known:
        fixed |= mask
    pool = pack_of(view.variant) & ~view.cards_seen.mask & ~fixed
    sizes = hand_sizes(view)
    banned = voids(view)
    others = [s for s in view.playing if s != me]
    order = sorted(others, key=lambda s: (pool & ~banned[s]).bit_count())
    for _ in range(tries):
        left = pool
        hands = [0] * view.n
        hands[me] = own
        for seat in order:
            need = sizes[seat] - known[seat].bit_count()
            allowed = [i for i in range(54) if (left & ~banned[seat]) >> i & 1]  # jokers too
            if need < 0 or len(allowed) < need:
                break
            mask = known[seat]
            for i in rng.sample(allowed, need):
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
        tuple(view.log),
    )


__all__ = ["World", "hand_sizes", "known_cards", "pack_of", "sample_hands", "voids", "world_of"]
