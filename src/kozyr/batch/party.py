"""Whole parties in the batch engine: a batch of parties played in lockstep, each step one deal
of every party not yet over, and what such a batch returns.

A batch form that can play parties has the optional method
``play_parties(parties, source) -> PartyBatchResult`` (:class:`PartyBatchForm`). Its chance comes
from a :class:`PartyDraws`: for each step, :meth:`PartyDraws.deals` gives the
:class:`~kozyr.batch.DrawSource` of the deals that step plays (deal ``numbers[j]`` of party
``parties[j]``), which the form passes to its own single-deal playout. :class:`RandomPartyDraws`
draws them from one seeded generator; :class:`GivenPartyDraws` reads each deal's pack and
uniforms from arrays indexed by party and deal number, so that :mod:`kozyr.batch.check` can play
the very same parties with the reference engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

from kozyr.batch.draws import DrawSource, GivenDraws, RandomDraws
from kozyr.batch.masks import Bools, Ints
from kozyr.batch.result import BatchResult, ExtraColumn


class PartyDraws(Protocol):
    """The chance of a batch of parties, step by step."""

    def deals(self, parties: Ints, numbers: Ints) -> DrawSource:
        """The chance of the deals of one step: row ``j`` of the returned source is deal
        ``numbers[j]`` (from 0) of party ``parties[j]``. A party's closing chance, once it is
        over (the cut card of :meth:`kozyr.Variant.party_cut`), is that of the deal after its
        last: ``numbers[j]`` = the deals it played (a shuffled pack, then the other draws)."""
        ...


class RandomPartyDraws:
    """Chance from ``numpy.random.default_rng(seed)``: every step draws from the same
    :class:`RandomDraws`."""

    def __init__(self, seed: int | np.random.SeedSequence) -> None:
        self.draws = RandomDraws(seed)

    def deals(self, parties: Ints, numbers: Ints) -> DrawSource:
        return self.draws


class GivenPartyDraws:
    """Chance from arrays: ``packs[p, k]`` is the pack order of deal ``k`` of party ``p`` and
    ``uniforms[p, k]`` its uniforms, read left to right (as :class:`GivenDraws` reads a deal's)."""

    def __init__(self, packs: Ints, uniforms: npt.NDArray[np.float64]) -> None:
        if packs.shape[:2] != uniforms.shape[:2]:
            raise ValueError(f"packs {packs.shape} and uniforms {uniforms.shape} do not match")
        self.packs = packs
        self.uniforms = uniforms

    def deals(self, parties: Ints, numbers: Ints) -> DrawSource:
        if len(numbers) and int(numbers.max()) >= self.packs.shape[1]:
            raise ValueError(f"a party went past the {self.packs.shape[1]} deals given")
        return GivenDraws(self.packs[parties, numbers], self.uniforms[parties, numbers])


@dataclass(frozen=True)
class PartyStep:
    """The deals one step of a party batch played: deal ``numbers[j]`` of party ``parties[j]``,
    dealt by ``dealer[j]``, is deal ``j`` of ``deals``; ``running[j]`` is that party's score per
    side (or seat) after it."""

    parties: Ints
    numbers: Ints
    dealer: Ints
    deals: BatchResult
    running: Ints


@dataclass(frozen=True)
class PartyBatchResult:
    """The scored parties of one batch: every deal (in :attr:`steps`) and, per party, the seats
    that won and lost it (``wins``, ``losses``: party by seat), the settlement (numerators over
    ``net_denominator`` per seat, or None when no party pays) and the party's variant fields
    (``PartyResult.extra``)."""

    players: int
    count: int
    steps: tuple[PartyStep, ...]
    wins: Bools
    losses: Bools
    extra: Mapping[str, ExtraColumn] = field(default_factory=dict)
    net: Ints | None = None
    net_denominator: int = 1

    def party(self, index: int) -> dict[str, Any]:
        """One party in plain values: its ``deals`` (each as :meth:`BatchResult.deal` gives it,
        with its ``dealer``), the ``running`` totals after each deal, the seats that won
        (``wins``) and lost (``losses``), ``net`` and ``extra``."""
        deals = []
        running = []
        for step in self.steps:
            for j in np.flatnonzero(step.parties == index):
                deals.append({**step.deals.deal(int(j)), "dealer": int(step.dealer[j])})
                running.append([int(x) for x in step.running[j]])
        net: list[Fraction] = [Fraction(0)] * self.players
        if self.net is not None:
            net = [Fraction(int(v), self.net_denominator) for v in self.net[index]]
        return {
            "deals": deals,
            "running": running,
            "wins": [int(s) for s in np.flatnonzero(self.wins[index])],
            "losses": [int(s) for s in np.flatnonzero(self.losses[index])],
            "net": net,
            "extra": {name: column.value(index) for name, column in self.extra.items()},
        }


@runtime_checkable
class PartyBatchForm(Protocol):
    """A batch form that also plays whole parties (the optional method of a
    :class:`~kozyr.batch.BatchForm`).

    A form whose parties run long may also set ``party_batch_size``, the parties a simulation
    plays per batch (default :data:`kozyr.simulate.batch.BATCH_SIZE`): a batch holds every deal
    of its parties until they are tallied."""

    pack_size: int

    def play(self, deals: int, source: DrawSource, *, dealer: int = 0) -> BatchResult:
        """As :meth:`kozyr.batch.BatchForm.play`."""
        ...

    def play_parties(self, parties: int, source: PartyDraws) -> PartyBatchResult:
        """Play ``parties`` whole parties with random bots, the first deal of each dealt by
        seat 0, all in lockstep with the chance of ``source``, and score them."""
        ...


__all__ = [
    "GivenPartyDraws",
    "PartyBatchForm",
    "PartyBatchResult",
    "PartyDraws",
    "PartyStep",
    "RandomPartyDraws",
]
