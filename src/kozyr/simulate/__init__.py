"""Simulation at scale: play many deals (or whole parties) with bots and aggregate the results.

Work is split into chunks of deal indices; each chunk runs in a picklable top-level function that
takes plain data (variant name, options, seed, index range, bot names) and returns a
:class:`Tally`. Tallies merge associatively and are merged in chunk order, and each deal's seed is
derived from the run's seed and the deal's index (:func:`seed_for`), so the totals are the same
whatever runs the chunks: inline, a process pool, or a ``dask.distributed`` cluster (any
:class:`concurrent.futures.Executor`). Nothing is kept per deal, so memory stays constant.

The package is split by concern: :mod:`~kozyr.simulate.tally` (streaming statistics),
:mod:`~kozyr.simulate.outcome` (who won a deal or party), :mod:`~kozyr.simulate.workers` (the
chunk functions), :mod:`~kozyr.simulate.result` (:class:`SimulationResult`),
:mod:`~kozyr.simulate.run` (:func:`simulate`: chunks and executors) and
:mod:`~kozyr.simulate.cluster` (connecting to a ``dask.distributed`` scheduler).

>>> result = simulate("seven-up", {}, 20, seed=1)
>>> result.deals, sum(result.tricks)
(20, 120)
>>> result.totals() == simulate("seven-up", {}, 20, seed=1, chunk=3).totals()
True
"""

from kozyr.party import play_party, seed_for
from kozyr.simulate.outcome import deal_outcome
from kozyr.simulate.result import SimulationResult
from kozyr.simulate.run import MAX_UNITS, UNITS, Progress, default_chunk, simulate
from kozyr.simulate.tally import MAX_DISTINCT, FieldStats, Tally
from kozyr.simulate.workers import run_deals, run_parties

__all__ = [
    "MAX_DISTINCT",
    "MAX_UNITS",
    "UNITS",
    "FieldStats",
    "Progress",
    "SimulationResult",
    "Tally",
    "deal_outcome",
    "default_chunk",
    "play_party",
    "run_deals",
    "run_parties",
    "seed_for",
    "simulate",
]
