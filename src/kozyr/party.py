"""Whole parties played by bots: deal after deal with the context the variant gives, until the
variant says the party is over; then the party is scored exactly as a replayed record would be.

>>> import kozyr
>>> result = play_party(kozyr.get_variant("seven-up"), seed=3)
>>> max(result.running[-1]) >= 7
True
>>> kozyr.replay(result.record.to_json()).to_json() == result.to_json()
True
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Mapping, Sequence
from typing import Any

from typing_extensions import override

from kozyr.bots import play_deal
from kozyr.engine import run_party
from kozyr.errors import KozyrError
from kozyr.limits import check_seed
from kozyr.record import DealResult, PartyResult
from kozyr.variant import Bot, Variant

#: A party that has not ended after this many deals is an error (a variant bug, not a game).
MAX_PARTY_DEALS = 10_000

_M64 = (1 << 64) - 1


class PartyNotOverError(KozyrError):
    """A party still not over after ``max_deals`` deals (:func:`play_party`'s cap): a variant
    whose :meth:`~kozyr.Variant.party_context` never says the party is over, or a cap set too
    low. ``seed``, ``bots`` (as given) and ``max_deals`` say which party."""

    def __init__(self, message: str, *, seed: int, bots: str | tuple[str, ...], max_deals: int):
        super().__init__(message)
        self.seed = seed
        self.bots = bots
        self.max_deals = max_deals

    @override
    def __reduce__(self) -> Any:
        return (_not_over, (str(self), self.seed, self.bots, self.max_deals))


def _not_over(message: str, seed: int, bots: str | tuple[str, ...], max_deals: int) -> Any:
    return PartyNotOverError(message, seed=seed, bots=bots, max_deals=max_deals)


def seed_for(seed: int, index: int) -> int:
    """The seed of deal (or party) ``index`` of a run seeded ``seed``: a splitmix64 mix of both,
    so neighbouring run seeds do not share deals.

    >>> seed_for(1, 0) == seed_for(1, 0) != seed_for(1, 1)
    True
    """
    z = ((seed & _M64) * 0x9E3779B97F4A7C15 + index + 1) & _M64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
    return z ^ (z >> 31)


def has_party_form(variant: Variant) -> bool:
    """Whether the variant scores parties: its own :meth:`Variant.score_party`, or the core's
    default party form (it declares outcome fields; :meth:`Variant.has_party_form`)."""
    return variant.has_party_form()


def play_party(
    variant: Variant,
    *,
    seed: int,
    bots: str | Sequence[str] | Sequence[Bot] = "random",
    dealer: int = 0,
    max_deals: int = MAX_PARTY_DEALS,
    first_dealer: int | None = None,
) -> PartyResult:
    """Play one whole party with bots and score it; ``result.record`` is its replayable record.

    ``dealer`` deals the first deal (the same keyword as :func:`kozyr.play_deal`);
    ``first_dealer`` is its deprecated old name.

    Deal ``k`` is seeded ``seed_for(seed, k)``. The dealer passes by :meth:`Variant.next_dealer`
    unless :meth:`Variant.deals_again` says the same dealer deals again (a void deal). When the
    party is over, :meth:`Variant.party_cut` draws the cut card that settles it, if any. An
    open-ended party of the core's default party form (no target), which players end when they
    like, is ended by the bots after one round: each seat deals once.
    """
    check_seed(seed)
    if first_dealer is not None:
        warnings.warn(
            "play_party(first_dealer=) is deprecated; use dealer= (as in play_deal)",
            DeprecationWarning,
            stacklevel=2,
        )
        dealer = first_dealer

    def play(dealer: int, context: Mapping[str, Any], index: int) -> DealResult:
        deal = play_deal(
            variant, seed=seed_for(seed, index), dealer=dealer, bots=bots, context=context
        )
        return deal.result()

    def not_over() -> PartyNotOverError:
        named = (
            bots
            if isinstance(bots, str)
            else tuple(b if isinstance(b, str) else type(b).__name__ for b in bots)
        )
        return PartyNotOverError(
            f"{variant.name}: the party did not end after {max_deals} deals "
            f"(party seed {seed}, bots {named})",
            seed=seed,
            bots=named,
            max_deals=max_deals,
        )

    # an open-ended party of the default party form is ended by the players; bots end it after
    # one round, each seat dealing once
    open_ended = variant.default_party_form() and variant.party_goal() is None
    return run_party(
        variant,
        play,
        dealer=dealer,
        max_deals=max_deals,
        rounds=variant.players if open_ended else None,
        not_over=not_over,
        cut_rng=random.Random(seed_for(seed, max_deals)),
        where=f"party seed {seed}",
    )


__all__ = [
    "MAX_PARTY_DEALS",
    "PartyNotOverError",
    "has_party_form",
    "play_party",
    "seed_for",
]
