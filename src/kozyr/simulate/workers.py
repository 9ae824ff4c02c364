"""The chunk workers: top-level, picklable functions taking plain data (variant name, options,
seed, index range, bot names) and returning a :class:`~kozyr.simulate.tally.Tally`, so any
executor -- inline, a process pool, a dask cluster -- can run them."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from kozyr.bots import play_deal
from kozyr.party import play_party, seed_for
from kozyr.record import PartyResult
from kozyr.registry import get_variant
from kozyr.simulate.outcome import _seats_of, deal_outcome
from kozyr.simulate.tally import Tally, _add_fields
from kozyr.variant import Variant


@lru_cache(maxsize=32)
def _variant(name: str, options: tuple[tuple[str, Any], ...]) -> Variant:
    return get_variant(name, **dict(options))


def _bots_arg(bots: Sequence[str]) -> str | list[str]:
    return bots[0] if len(set(bots)) == 1 else list(bots)


def run_deals(
    name: str,
    options: tuple[tuple[str, Any], ...],
    seed: int,
    start: int,
    stop: int,
    bots: tuple[str, ...],
) -> Tally:
    """Play and score deals ``start..stop-1`` of a run (dealer seat 0 in each) into one tally."""
    variant = _variant(name, options)
    tally = Tally(variant.players)
    kinds = _bots_arg(bots)
    for index in range(start, stop):
        deal = play_deal(variant, seed=seed_for(seed, index), dealer=0, bots=kinds)
        result = deal.result()
        tally.add_deal(result, variant)
        tally.add_unit_outcome(variant, *deal_outcome(variant, result))
    return tally


def run_parties(
    name: str,
    options: tuple[tuple[str, Any], ...],
    seed: int,
    start: int,
    stop: int,
    bots: tuple[str, ...],
) -> Tally:
    """Play and score parties ``start..stop-1`` of a run into one tally."""
    variant = _variant(name, options)
    tally = Tally(variant.players)
    kinds = _bots_arg(bots)
    for index in range(start, stop):
        add_party(tally, variant, play_party(variant, seed=seed_for(seed, index), bots=kinds))
    return tally


def add_party(tally: Tally, variant: Variant, party: PartyResult) -> None:
    """Count one scored party: each of its deals, then the party as one unit (its settlement,
    winners and losers) and its fields."""
    for result in party.deals:
        tally.add_deal(result, variant)
    net = party.settlement.net() if party.settlement.payments else [0] * variant.players
    tally.add_unit_outcome(
        variant, net, _seats_of(variant, party.winner), _seats_of(variant, party.loser)
    )
    _add_fields(tally.party_extra, party.extra)


__all__ = ["add_party", "run_deals", "run_parties"]
