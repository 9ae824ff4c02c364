"""Running a simulation: cutting it into chunks and running them inline, in a process pool or
on any :class:`concurrent.futures.Executor`, merging the tallies in chunk order."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Executor, Future
from typing import Any

from kozyr.bots import make_bots
from kozyr.errors import InputLimitError, KozyrError
from kozyr.limits import check_seed
from kozyr.registry import get_variant
from kozyr.simulate.batch import BATCH_SIZE, ENGINES, batch_form_for, run_batch, run_party_batch
from kozyr.simulate.pool import process_pool, worker_count
from kozyr.simulate.result import SimulationResult
from kozyr.simulate.tally import Tally
from kozyr.simulate.workers import run_deals, run_parties
from kozyr.variant import Variant

UNITS = ("deal", "party")

#: Most deals (or parties) one run plays unless ``max_units`` raises it (``kozyr simulate
#: --max-deals``): a hundred million deals is hours of the reference engine and minutes of the
#: batch engine; a typing slip of a few more zeros is refused before anything is allocated.
MAX_UNITS = 100_000_000


def default_chunk(n: int) -> int:
    """Chunk size for ``n`` units: depends on ``n`` only, never on the worker count."""
    return max(1, min(1000, -(-n // 64)))


Progress = Callable[[int, int], None]


class Chunks:
    """The chunks ``(start, stop)`` of ``n`` units, ``size`` each (the last one shorter), made
    lazily: ``count`` of them, never all in memory at once.

    >>> chunks = Chunks(10, 4)
    >>> chunks.count, list(chunks)
    (3, [(0, 4), (4, 8), (8, 10)])
    """

    def __init__(self, n: int, size: int) -> None:
        self.n = n
        self.size = size
        self.count = -(-n // size)

    def __iter__(self) -> Iterator[tuple[int, int]]:
        start = 0
        while start < self.n:
            yield start, min(start + self.size, self.n)
            start += self.size


def simulate(
    variant: str,
    options: Mapping[str, Any] | None = None,
    n: int = 1000,
    seed: int = 0,
    *,
    bot: str | Sequence[str] = "random",
    unit: str = "deal",
    executor: Executor | None = None,
    workers: int = 1,
    chunk: int | None = None,
    progress: Progress | None = None,
    engine: str = "auto",
    max_units: int = MAX_UNITS,
) -> SimulationResult:
    """Play ``n`` deals (or parties with ``unit="party"``) of ``variant`` with bots and total them.

    ``executor`` runs the chunks (any :class:`concurrent.futures.Executor`, e.g. a
    ``distributed.Client(...).get_executor()``); without one, ``workers > 1`` starts a process pool
    and ``workers == 1`` runs inline. ``workers == 0`` means one per core; more processes than
    chunks or usable CPUs are never started (:func:`~kozyr.simulate.pool.worker_count`), and the
    pool's workers end with this process (:mod:`kozyr.simulate.pool`). The totals depend only on
    the variant, options, ``n``, ``seed``, bots, unit and ``chunk``; ``progress(done, n)`` is called
    as chunks finish.

    ``engine`` picks who plays: ``"batch"`` (:mod:`kozyr.batch`, numpy, many deals at once),
    ``"reference"`` (the engine deal by deal) or ``"auto"`` (the batch engine whenever every bot
    is the random bot and the variant has a batch form -- for parties, one with ``play_parties``).
    A run the batch engine cannot play falls back to the reference engine; ``result.engine``
    says which played and ``result.engine_note`` why the batch engine did not.

    ``n`` above ``max_units`` (default :data:`MAX_UNITS`) is an
    :class:`~kozyr.errors.InputLimitError` before any work starts; the chunks are made one at a
    time as they run, so memory does not grow with ``n``.
    """
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"n is an int, not {type(n).__name__}")
    if n < 1:
        raise KozyrError(f"the number of {unit}s must be at least 1, not {n}")
    if n > max_units:
        raise InputLimitError(
            f"{n:,} {unit}s is more than the limit of {max_units:,} for one run "
            "(raise it with --max-deals N, or max_units=N)",
            limit="max_units",
        )
    if unit not in UNITS:
        raise KozyrError(f"unknown unit {unit!r}; use deal or party")
    if workers < 0:
        raise KozyrError(f"workers must be 0 (one per core) or more, not {workers}")
    check_seed(seed)
    if chunk is not None and chunk < 1:
        raise KozyrError(f"chunk must be at least 1, not {chunk}")
    frozen = tuple(sorted((options or {}).items()))
    instance = _variant_checked(variant, frozen)
    kinds = _check_bots(instance, bot)
    if unit == "party" and type(instance).score_party is Variant.score_party:
        raise KozyrError(f"{instance.name} has no party form; simulate deals (--unit deal)")
    if engine not in ENGINES:
        raise KozyrError(f"unknown engine {engine!r}; use {', '.join(ENGINES)}")
    note = ""
    func: Callable[..., Tally] = run_parties if unit == "party" else run_deals
    per_batch = BATCH_SIZE
    if engine != "reference":
        form, note = batch_form_for(instance, unit, kinds)
        if form is not None:
            func = run_party_batch if unit == "party" else run_batch
            if unit == "party":  # long parties: a form may play fewer at once (bounded memory)
                per_batch = getattr(form, "party_batch_size", BATCH_SIZE)
    batched = func in (run_batch, run_party_batch)
    # The batch engine plays fixed batches (seeded by their first deal's index), so its totals
    # depend on the seed and n only, whatever the chunk or worker count.
    size = min(per_batch, n) if batched else (chunk or default_chunk(n))
    tasks = Chunks(n, size)  # made one at a time as they run: memory does not grow with n
    real_workers = worker_count(workers, tasks.count)  # no more than the chunks or the CPUs
    began = time.perf_counter()
    total = Tally(instance.players)
    args = (instance.name, tuple(sorted(instance.options.items())), seed)
    if executor is None and real_workers > 1:
        with process_pool(real_workers) as pool:  # workers end with this process
            _run(pool, func, args, tasks, kinds, total, n, progress, window=4 * real_workers)
    elif executor is not None:
        _run(executor, func, args, tasks, kinds, total, n, progress, window=None)
    else:
        real_workers = 1
        done = 0
        for start, stop in tasks:
            total.merge(func(*args, start, stop, kinds))
            done += stop - start
            if progress is not None:
                progress(done, n)
    elapsed = time.perf_counter() - began
    return SimulationResult(
        variant=instance.name,
        options=dict(instance.options),
        unit=unit,
        seed=seed,
        bots=kinds,
        chunk=size,
        workers=real_workers if executor is None else _executor_workers(executor),
        elapsed=elapsed,
        tally=total,
        sides=instance.sides,
        engine="batch" if batched else "reference",
        engine_note="" if batched else note,
    )


def _run(
    executor: Executor,
    func: Callable[..., Tally],
    args: tuple[Any, ...],
    tasks: Chunks,
    kinds: tuple[str, ...],
    total: Tally,
    n: int,
    progress: Progress | None,
    window: int | None,
) -> None:
    """Submit chunks (at most ``window`` in flight) and merge their tallies in chunk order, so
    memory stays bounded and the totals do not depend on completion order."""
    window = window or max(8, 4 * _executor_workers(executor))
    pending: deque[tuple[int, Future[Tally]]] = deque()
    chunks = iter(tasks)
    done = 0
    while True:
        while len(pending) < window:
            chunk = next(chunks, None)
            if chunk is None:
                break
            start, stop = chunk
            pending.append((stop - start, executor.submit(func, *args, start, stop, kinds)))
        if not pending:
            return
        size, future = pending.popleft()
        total.merge(future.result())
        done += size
        if progress is not None:
            progress(done, n)


def _executor_workers(executor: Executor) -> int:
    count = getattr(executor, "_max_workers", None)
    if isinstance(count, int):
        return count
    client = getattr(executor, "_client", None)  # distributed's ClientExecutor
    if client is not None:
        try:
            return sum(w.get("nthreads", 1) for w in client.scheduler_info()["workers"].values())
        except Exception:  # pragma: no cover - informational only
            return 0
    return 0


def _variant_checked(name: str, options: tuple[tuple[str, Any], ...]) -> Variant:
    return get_variant(name, **dict(options))


def _check_bots(variant: Variant, bot: str | Sequence[str]) -> tuple[str, ...]:
    names = [bot] * variant.players if isinstance(bot, str) else list(bot)
    make_bots(variant, names, 0)  # raises on a wrong count or an unknown name
    return tuple(names)


__all__ = ["MAX_UNITS", "UNITS", "Chunks", "Progress", "default_chunk", "simulate"]
