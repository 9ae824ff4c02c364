"""Exact equivalence of a batch form with the reference engine.

The same packs and the same random draws drive both: the batch form reads them from a
:class:`GivenDraws`, and the reference engine deals each pack through a generator whose
``shuffle`` lays that order, while one :class:`DrawBot` per deal takes the uniforms in the same
order (one per decision with more than one legal action, as :class:`kozyr.RandomBot` draws).
Every deal's tricks, points, items (name, seat, points, cards, rule), settlement and variant
fields must be identical; :func:`compare_parties` does the same for whole parties (a pack and a
row of uniforms per party and deal), adding each deal's dealer, the running totals, who won and
lost, the party's settlement and fields.

>>> from kozyr import get_variant
>>> compare(get_variant("seven-up", players=4), 200, seed=1)
[]
>>> compare_parties(get_variant("seven-up", players=4), 50, seed=1)
[]
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, MutableSequence, Sequence
from fractions import Fraction
from typing import Any

import numpy as np
from typing_extensions import override

from kozyr.batch.draws import GivenDraws
from kozyr.batch.masks import Ints
from kozyr.batch.party import GivenPartyDraws, PartyBatchForm
from kozyr.cards import Card
from kozyr.engine import Deal, run_party
from kozyr.errors import KozyrError
from kozyr.record import DealResult, PartyResult
from kozyr.replay import winning_seats
from kozyr.variant import Action, Variant


class StackedShuffle(random.Random):
    """The generator of a deal replayed from given chance: :meth:`shuffle` lays a given order
    (positions in the standard pack), and any other draw (a cut point: ``randint``,
    ``randrange``, ``random``) takes the next of the deal's uniforms, the stream the deal's
    :class:`DrawBot` reads too -- so chance and choices come in the reference's own order."""

    def __init__(self, order: Sequence[int], uniforms: Iterator[float]) -> None:
        super().__init__(0)
        self.order = [int(p) for p in order]
        self.uniforms = uniforms

    @override
    def shuffle(self, x: MutableSequence[Any]) -> None:
        pack = list(x)
        x[:] = [pack[p] for p in self.order]

    @override
    def random(self) -> float:
        return next(self.uniforms)

    @override
    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        low, high = (0, start) if stop is None else (start, stop)
        return low + step * int(self.random() * len(range(low, high, step)))

    @override
    def randint(self, a: int, b: int) -> int:
        return a + int(self.random() * (b - a + 1))


class DrawBot:
    """A random bot that takes its uniforms from a stream: the ``floor(u * n)``-th of ``n`` legal
    actions, drawing nothing when only one is legal (as :class:`kozyr.RandomBot`)."""

    def __init__(self, uniforms: Iterator[float]) -> None:
        self.uniforms = uniforms

    def choose(self, deal: Deal, actions: Sequence[Action]) -> Action:
        if len(actions) == 1:
            return actions[0]
        return actions[int(next(self.uniforms) * len(actions))]


def reference_deal(
    variant: Variant,
    pack: Sequence[int],
    uniforms: Sequence[float],
    *,
    dealer: int = 0,
    context: Mapping[str, Any] | None = None,
) -> DealResult:
    """Play one deal with the reference engine from a given pack order and uniforms (in a
    party, with the party's ``context``)."""
    stream = iter(uniforms)
    deal = Deal.new(variant, dealer=dealer, rng=StackedShuffle(pack, stream), context=context)
    bot = DrawBot(stream)
    while not deal.is_over:
        deal.play(bot.choose(deal, deal.legal_actions()))
    return deal.result()


def plain(result: DealResult) -> dict[str, Any]:
    """A reference result in the plain form of :meth:`kozyr.batch.BatchResult.deal`."""
    items = [
        (
            item.name,
            item.seat,
            item.side,
            item.points,
            sorted(card.index for card in item.cards),
            item.rule,
        )
        for item in result.sheet.items
    ]
    net = result.settlement.net() if result.settlement.payments else [0] * len(result.tricks)
    return {
        "tricks": list(result.tricks),
        "points": list(result.points),
        "items": items,
        "net": [Fraction(x) for x in net],
        "extra": {key: _plain(value) for key, value in result.extra.items()},
    }


def _plain(value: Any) -> Any:
    """A result field with every card as its index (as :meth:`BatchResult.deal` gives it)."""
    if isinstance(value, Card):
        return value.index
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


def compare(
    variant: Variant, deals: int, *, seed: int = 0, dealer: int = 0, pack_size: int | None = None
) -> list[tuple[int, dict[str, Any], dict[str, Any]]]:
    """Play ``deals`` deals with both engines from the same seeded packs and uniforms; return
    the deals that differ as (index, batch, reference)."""
    form = variant.batch_form()
    if form is None:
        raise ValueError(f"{variant.name} has no batch form")
    rng = np.random.default_rng(seed)
    size = pack_size if pack_size is not None else form.pack_size
    packs: Ints = np.argsort(rng.random((deals, size)), axis=1)
    uniforms = rng.random((deals, 400))
    batch = form.play(deals, GivenDraws(packs, uniforms), dealer=dealer)
    differ = []
    for i in range(deals):
        ours = batch.deal(i)
        theirs = plain(reference_deal(variant, packs[i], uniforms[i].tolist(), dealer=dealer))
        if ours != theirs:
            differ.append((i, ours, theirs))
    return differ


def reference_party(
    variant: Variant,
    packs: Sequence[Sequence[int]],
    uniforms: Sequence[Sequence[float]],
    *,
    dealer: int = 0,
) -> PartyResult:
    """Play one party with the reference engine (:func:`kozyr.engine.run_party`, the loop of
    :func:`kozyr.play_party`), deal ``k`` from the pack ``packs[k]`` and the uniforms
    ``uniforms[k]``; a closing cut (if the variant draws one, :meth:`Variant.party_cut`) takes
    the chance of the deal after the last: its pack for a shuffle, its uniforms for the rest."""
    played = [0]

    def play(dealer: int, context: Mapping[str, Any], index: int) -> DealResult:
        played[0] = index + 1
        return reference_deal(
            variant, packs[index], uniforms[index], dealer=dealer, context=context
        )

    def cut_stream() -> Iterator[float]:
        # read lazily, once the party is over: the rows after the last deal played
        for row in uniforms[played[0] :]:
            yield from row

    class ClosingCut(StackedShuffle):
        @override
        def shuffle(self, x: MutableSequence[Any]) -> None:
            if played[0] >= len(packs):
                raise KozyrError(f"the party's closing cut went past the {len(packs)} deals given")
            self.order = [int(p) for p in packs[played[0]]]
            super().shuffle(x)

    return run_party(
        variant,
        play,
        dealer=dealer,
        max_deals=len(packs),
        not_over=lambda: KozyrError(f"the party went past the {len(packs)} deals given"),
        cut_rng=ClosingCut((), cut_stream()),
        where="batch check",
    )


def plain_party(variant: Variant, result: PartyResult) -> dict[str, Any]:
    """A reference party in the plain form of :meth:`kozyr.batch.PartyBatchResult.party`."""
    n = variant.players
    net = result.settlement.net() if result.settlement.payments else [0] * n
    return {
        "deals": [{**plain(deal), "dealer": deal.record.dealer} for deal in result.deals],
        "running": [list(row) for row in result.running],
        "wins": sorted(set(winning_seats(variant, result.winner))),
        "losses": sorted(set(winning_seats(variant, result.loser))),
        "net": [Fraction(x) for x in net],
        "extra": {key: _plain(value) for key, value in result.extra.items()},
    }


def compare_parties(
    variant: Variant, parties: int, *, seed: int = 0, max_deals: int = 40
) -> list[tuple[int, dict[str, Any], dict[str, Any]]]:
    """Play ``parties`` parties with both engines from the same seeded packs and uniforms (a
    pack and a row of uniforms per party and deal, ``max_deals`` deals at most), seat 0 dealing
    first; return the parties that differ as (index, batch, reference). The parties are played
    in batches of at most 500, so memory stays bounded."""
    form = variant.batch_form()
    if not isinstance(form, PartyBatchForm):
        raise ValueError(f"{variant.name} has no batch form for parties")
    rng = np.random.default_rng(seed)
    differ = []
    for start in range(0, parties, 500):
        size = min(500, parties - start)
        packs: Ints = np.argsort(rng.random((size, max_deals, form.pack_size)), axis=2)
        uniforms = rng.random((size, max_deals, 400))
        batch = form.play_parties(size, GivenPartyDraws(packs, uniforms))
        for i in range(size):
            ours = batch.party(i)
            played = reference_party(variant, packs[i].tolist(), uniforms[i].tolist())
            theirs = plain_party(variant, played)
            if ours != theirs:
                differ.append((start + i, ours, theirs))
    return differ


__all__ = [
    "DrawBot",
    "StackedShuffle",
    "compare",
    "compare_parties",
    "plain",
    "plain_party",
    "reference_deal",
    "reference_party",
]
