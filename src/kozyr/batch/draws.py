"""Where a batch playout's chance comes from: the order of each deal's pack and each random
decision, drawn for all the deals of a batch at once.

A random bot picks the ``k``-th of its ``n`` legal actions (in the order the variant lists them)
with ``k = floor(u * n)`` for a uniform ``u`` in [0, 1), and draws nothing when only one action
is legal, exactly as :class:`kozyr.RandomBot` does. :class:`RandomDraws` takes the shuffles and
the ``u`` from a seeded numpy generator (the batch engine's own stream); :class:`GivenDraws` takes
them from arrays, so that :mod:`kozyr.batch.check` can give the reference engine the very same
packs and draws and compare every deal.
"""

from __future__ import annotations

from typing import Protocol

import numpy as np
import numpy.typing as npt

from kozyr.batch.masks import Ints


class DrawSource(Protocol):
    """The chance of one batch of deals."""

    def packs(self, count: int, size: int) -> Ints:
        """For each of ``count`` deals, the order of a pack of ``size`` cards after the shuffle:
        row ``d`` lists positions in the standard pack (:meth:`kozyr.Deck.of_size`), top first."""
        ...

    def cut(self, packs: Ints) -> tuple[Ints, Ints]:
        """C7: each pack (a row of card indices, top first) cut by lifting 1..size-1 cards off
        the top and putting them underneath: how many were lifted, and the packs after the cut
        (the reference engine draws the cut point as its first draw after the shuffle)."""
        ...

    def choose(self, counts: Ints, rows: Ints | None = None) -> Ints:
        """Which of its ``counts`` legal actions a random bot takes in each deal (all the deals
        of the batch, or the deals ``rows``, one count each); nothing is drawn for a deal with
        one legal action (0 then)."""
        ...


class RandomDraws:
    """Chance from ``numpy.random.default_rng(seed)``: a uniform draw per deal and decision."""

    def __init__(self, seed: int | np.random.SeedSequence) -> None:
        self.rng = np.random.default_rng(seed)
        self._raw = self.rng.bit_generator.random_raw

    def _uint32(self, count: int) -> npt.NDArray[np.uint32]:
        """``count`` uniform 32-bit integers straight from the bit generator."""
        words: npt.NDArray[np.uint32] = self._raw((count + 1) // 2).view(np.uint32)[:count]
        return words

    def packs(self, count: int, size: int) -> Ints:
        # Each card gets a 32-bit word: 26 random bits above its own index (6 bits), and sorting
        # the words of a pack (numpy's vectorised sort, four times faster than an argsort)
        # orders the cards by their random keys. Only when two keys of one pack tie (a chance of
        # about size**2 / 2**27, 2e-5 for 52 cards) does the index decide their order.
        if size > 64:
            raise ValueError(f"a pack of {size} cards: at most 64")
        words = self._uint32(count * size).reshape(count, size)
        words &= np.uint32(0xFFFFFFC0)
        words |= np.arange(size, dtype=np.uint32)
        words.sort(axis=1)
        words &= np.uint32(63)
        order: Ints = words.astype(np.intp)
        return order

    def cut(self, packs: Ints) -> tuple[Ints, Ints]:
        # A uniformly shuffled pack cut at a point drawn on its own lies uniformly shuffled
        # still: the rotation is left out (it would not change what any deal looks like).
        deals, size = packs.shape
        return 1 + self.choose(np.full(deals, size - 1)), packs

    def choose(self, counts: Ints, rows: Ints | None = None) -> Ints:
        # k = floor(u * n) for a 32-bit uniform u: (u * n) >> 32 in 64-bit integers
        u = self._uint32(len(counts)).astype(np.uint64)
        k: Ints = ((u * counts.astype(np.uint64)) >> np.uint64(32)).astype(np.intp)
        return k


class GivenDraws:
    """Chance from arrays: ``packs`` (one row per deal) and ``uniforms`` (one row per deal, read
    left to right, one value per decision with more than one legal action)."""

    def __init__(self, packs: Ints, uniforms: npt.NDArray[np.float64]) -> None:
        self._packs = packs
        self.uniforms = uniforms
        self.used = np.zeros(len(packs), dtype=np.int64)

    def packs(self, count: int, size: int) -> Ints:
        if self._packs.shape != (count, size):
            raise ValueError(f"given packs have shape {self._packs.shape}, not {(count, size)}")
        return self._packs

    def cut(self, packs: Ints) -> tuple[Ints, Ints]:
        deals, size = packs.shape
        lifted = 1 + self.choose(np.full(deals, size - 1))
        order = (np.arange(size) + lifted[:, None]) % size
        return lifted, np.take_along_axis(packs, order, axis=1)

    def choose(self, counts: Ints, rows: Ints | None = None) -> Ints:
        if rows is None:
            rows = np.arange(len(counts))
        drawing = counts > 1
        used = self.used[rows]
        if (used[drawing] >= self.uniforms.shape[1]).any():
            raise ValueError("the given uniforms ran out")
        u = self.uniforms[rows, np.minimum(used, self.uniforms.shape[1] - 1)]
        self.used[rows] = used + drawing
        return np.where(drawing, (u * counts).astype(np.int64), 0)


__all__ = ["DrawSource", "GivenDraws", "RandomDraws"]
