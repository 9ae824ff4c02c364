"""Whole parties with bots, and summary records: helpers for simulation, tests and docs.

>>> from kozyr import get_variant, replay
>>> data = play_party(get_variant("na-noski", players=3), seed=5)
>>> result = replay(data)
>>> result.loser in (0, 1, 2), sum(1 for t in result.extra["totals"] if t >= 7)
(True, 2)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from kozyr import DealRecord, DealResult, Deck, PartyRecord, Variant, play_deal


def play_party(
    variant: Variant,
    *,
    seed: int = 0,
    first_dealer: int = 0,
    bots: str | Sequence[str] = "random",
    max_deals: int = 200,
) -> dict[str, Any]:
    """Play a party (SL-C15, or a race to seven, PN4) with bots and return its JSON record.

    Deal ``i`` is shuffled with seed ``seed * 1000 + i``; for a race, the loser's punishment cut
    (PN5, SL19-4, NN5) is drawn from a pack shuffled by ``seed`` and written as the party's ``cut``.
    """
    records: list[DealRecord] = []
    results: list[DealResult] = []
    dealer = first_dealer
    while len(records) < max_deals:
        party = PartyRecord(variant.name, dict(variant.options), tuple(records))
        context = variant.party_context(party, results)
        if context is None:
            break
        if records:
            dealer = variant.next_dealer(dealer, context)
        deal = play_deal(
            variant, seed=seed * 1000 + len(records), dealer=dealer, bots=bots, context=context
        )
        record = deal.record()
        records.append(record)
        results.append(variant.score(record, context))
    deals = []
    for record in records:
        data = record.to_json(variant)
        del data["variant"], data["options"]
        deals.append(data)
    party_data: dict[str, Any] = {
        "variant": variant.name,
        "options": dict(variant.options),
        "deals": deals,
    }
    if results and results[-1].extra.get("race_over"):
        deck = Deck.of_size(36)
        rng = random.Random(f"cut:{seed}")
        deck.shuffle(rng)
        party_data["cut"] = str(deck.cut(rng.randint(1, len(deck) - 1)))
    return party_data


def summarize(data: dict[str, Any], winners: Sequence[int]) -> dict[str, Any]:
    """A summary record of a deal: the same deal with ``trick_winners`` instead of ``tricks``
    (what a scorekeeper writes down). ``winners`` are the trick winners in order."""
    summary = {k: v for k, v in data.items() if k != "tricks"}
    summary["trick_winners"] = list(winners)
    return summary


__all__ = ["play_party", "summarize"]
