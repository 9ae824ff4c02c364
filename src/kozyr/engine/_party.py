"""The loop of a party: :func:`run_party`, deal after deal until the variant says it is over."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any, TypeVar

from kozyr.engine._faults import _fail, checked_return, plugin_of
from kozyr.record import PartyRecord, PartyResult
from kozyr.registry import PLUGIN_FAULTS, trace, tracing
from kozyr.variant import Variant

if TYPE_CHECKING:
    from kozyr.record import DealResult


_T = TypeVar("_T")


def run_party(
    variant: Variant,
    play: Callable[[int, Mapping[str, Any], int], DealResult],
    *,
    dealer: int,
    max_deals: int,
    not_over: Callable[[], Exception],
    cut_rng: random.Random,
    where: str,
    rounds: int | None = None,
) -> PartyResult:
    """The loop of a party, deal after deal until the variant says it is over, then scored: the
    one path :func:`kozyr.party.play_party` (bots, seeded deals) and
    :func:`kozyr.batch.check.reference_party` (given packs and draws) share.

    ``play(dealer, context, index)`` plays and scores deal ``index`` (from 0). ``dealer`` deals
    the first deal; then :meth:`Variant.next_deal_dealer` names each next dealer; a party not
    over after ``max_deals`` deals raises ``not_over()``; ``rounds`` ends a party that would go on
    (an open-ended default party form) after that many deals. When the party is over,
    :meth:`Variant.party_cut` draws its cut card (if any) with ``cut_rng``. A fault in a party
    hook is a :class:`~kozyr.errors.HookError` naming ``where`` and the deal."""
    results: list[DealResult] = []
    options = dict(variant.options)

    traced = tracing()

    def hook(name: str, call: Callable[..., _T], *args: Any) -> _T:
        if traced:
            trace(plugin_of(variant), variant.name, name)
        try:
            return call(*args)
        except PLUGIN_FAULTS as error:
            _fail(variant, name, error, where=f"{where}, before deal {len(results) + 1}")

    def checked(name: str, value: Any, expected: type, what: str, none: bool = False) -> Any:
        where_now = f"{where}, before deal {len(results) + 1}"
        return checked_return(variant, name, value, expected, what, none=none, where=where_now)

    context: Mapping[str, Any] | None = None
    while True:
        party = PartyRecord(variant.name, options, tuple(r.record for r in results))
        if not results:
            context = hook("party_context", variant.party_context, party, results)
            name = "party_context"
        else:  # one step from the context the last deal was played in, as replay takes it
            assert context is not None
            context = hook(
                "party_context_after", variant.party_context_after, party, results, context
            )
            name = "party_context_after"
        context = checked(name, context, Mapping, "a mapping or None", none=True)
        if context is None or (rounds is not None and len(results) >= rounds):
            break
        previous = results[-1] if results else None
        dealer = hook(
            "next_deal_dealer (deals_again, next_dealer, seats_in)",
            functools.partial(variant.next_deal_dealer, previous, context, first=dealer),
        )
        if len(results) >= max_deals:
            raise not_over()
        results.append(play(dealer, context, len(results)))
    cut = hook("party_cut", variant.party_cut, results, cut_rng)
    party = PartyRecord(
        variant.name,
        options,
        tuple(r.record for r in results),
        cut=cut,
        variant_object=variant,
    )
    scored = hook("score_party", variant.score_party, party, results)
    checked("score_party", scored, PartyResult, "PartyResult")
    return replace(scored, record=party)
