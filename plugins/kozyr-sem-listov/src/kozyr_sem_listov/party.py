"""Whole parties with bots as JSON records, and summary records: helpers for tests and docs.

>>> from kozyr import get_variant, replay
>>> data = play_party(get_variant("na-noski", players=3), seed=5)
>>> result = replay(data)
>>> result.loser in (0, 1, 2), sum(1 for t in result.extra["totals"] if t >= 7)
(True, 2)
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from typing import Any

import kozyr.party
from kozyr import Variant


def play_party(
    variant: Variant,
    *,
    seed: int = 0,
    dealer: int = 0,
    bots: str | Sequence[str] = "random",
    max_deals: int = 200,
    first_dealer: int | None = None,
) -> dict[str, Any]:
    """Play a party (SL-C15, or a race to seven, PN4) with bots and return its JSON record; a
    race's punishment cut (PN5, SL19-4, NN5) is the party's ``cut`` (kozyr.party.play_party).
    ``dealer`` deals the first deal (``first_dealer``: its deprecated old name)."""
    if first_dealer is not None:
        warnings.warn(
            "play_party(first_dealer=) is deprecated; use dealer=", DeprecationWarning, stacklevel=2
        )
        dealer = first_dealer
    result = kozyr.party.play_party(
        variant, seed=seed, dealer=dealer, bots=bots, max_deals=max_deals
    )
    assert result.record is not None
    return result.record.to_json(variant)


def summarize(data: dict[str, Any], winners: Sequence[int]) -> dict[str, Any]:
    """A summary record of a deal: the same deal with ``trick_winners`` instead of ``tricks``
    (what a scorekeeper writes down). ``winners`` are the trick winners in order."""
    summary = {k: v for k, v in data.items() if k != "tricks"}
    summary["trick_winners"] = list(winners)
    return summary


__all__ = ["play_party", "summarize"]
