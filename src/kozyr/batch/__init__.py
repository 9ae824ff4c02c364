"""The batch engine: many deals played by random bots at once, vectorised over the deals with
numpy (the optional extra ``kozyr[fast]``).

A variant offers a batch form through the optional hook :meth:`kozyr.Variant.batch_form`; the
form plays, scores and returns a whole batch as a :class:`BatchResult` of numpy columns.
``kozyr simulate --engine batch`` (the default ``auto`` whenever every bot is the random bot and
the variant has a batch form) tallies those columns into the same statistics as the reference
engine. A form may also play whole parties in lockstep (:mod:`kozyr.batch.party`).
:mod:`kozyr.batch.check` drives both engines with the same packs and the same random draws and
compares every deal and every party.
"""

from __future__ import annotations

from typing import Protocol

from kozyr.batch.draws import DrawSource, GivenDraws, RandomDraws
from kozyr.batch.masks import (
    BIT,
    JOKER_BITS,
    SUIT_MASK,
    SUIT_OF,
    Bools,
    Ints,
    Masks,
    bits,
    count,
    has,
    high_bit,
    low_bit,
    next_seat,
    pick,
    select,
    select_with_jokers,
    suit_patterns,
    trick_taker,
)
from kozyr.batch.party import (
    GivenPartyDraws,
    PartyBatchForm,
    PartyBatchResult,
    PartyDraws,
    PartyStep,
    RandomPartyDraws,
)
from kozyr.batch.result import BatchResult, ExtraColumn, ItemColumn, item_column, unit_points


class BatchForm(Protocol):
    """What :meth:`kozyr.Variant.batch_form` returns: one variant object's batch playout."""

    #: Cards in the pack a deal is dealt from (the rows of :meth:`DrawSource.packs`).
    pack_size: int

    def play(self, deals: int, source: DrawSource, *, dealer: int = 0) -> BatchResult:
        """Deal, play with random bots and score ``deals`` deals dealt by ``dealer``, each on
        its own (outside a party), with the chance of ``source``."""
        ...

    # Optional: ``play_parties(parties, source) -> PartyBatchResult`` plays whole parties
    # (:class:`PartyBatchForm`); a form without it leaves parties to the reference engine.


__all__ = [
    "BIT",
    "JOKER_BITS",
    "SUIT_MASK",
    "SUIT_OF",
    "BatchForm",
    "BatchResult",
    "Bools",
    "DrawSource",
    "ExtraColumn",
    "GivenDraws",
    "GivenPartyDraws",
    "Ints",
    "ItemColumn",
    "Masks",
    "PartyBatchForm",
    "PartyBatchResult",
    "PartyDraws",
    "PartyStep",
    "RandomDraws",
    "RandomPartyDraws",
    "bits",
    "count",
    "has",
    "high_bit",
    "item_column",
    "low_bit",
    "next_seat",
    "pick",
    "select",
    "select_with_jokers",
    "suit_patterns",
    "trick_taker",
    "unit_points",
]
