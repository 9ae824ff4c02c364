"""Memory of a long simulation: the peak traced by ``tracemalloc`` does not grow with the number
of deals, because every deal is folded into a running tally and dropped (nothing kept per deal).

Run from the repository root::

    python benchmarks/memory.py seven-up 20000 200000
    python benchmarks/memory.py --rss seven-up 1000000      # no tracemalloc: time and RSS only
    python benchmarks/memory.py --rss --engine batch seven-up 100000 10000000

For each deal count it runs ``kozyr.simulate.simulate`` inline (one process, so every allocation
is traced) and prints the peak of traced memory, what is still traced after ``gc.collect()``, and
the process's maximum resident set size. Not a test: tracemalloc slows the run several times.
"""

from __future__ import annotations

import gc
import resource
import sys
import time
import tracemalloc

from kozyr.simulate import simulate


def measure(
    variant: str, deals: int, traced: bool = True, engine: str = "reference"
) -> tuple[float, float, float, float]:
    """(peak traced MiB, traced MiB left after a full collection, max RSS MiB, seconds) of one
    inline run; without ``traced`` only the RSS and the time."""
    if traced:
        tracemalloc.start()
    began = time.perf_counter()
    simulate(variant, {}, deals, seed=1, engine=engine)
    elapsed = time.perf_counter() - began
    peak = left = 0.0
    if traced:
        _, peak_bytes = tracemalloc.get_traced_memory()
        gc.collect()  # also empties CPython's free lists of tuples, dicts... (bounded caches)
        left_bytes, _ = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        peak, left = peak_bytes / 2**20, left_bytes / 2**20
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    return peak, left, rss, elapsed


def main(argv: list[str]) -> int:
    traced = "--rss" not in argv
    engine = "reference"  # --engine batch: the batch engine (random bots, kozyr[fast])
    if "--engine" in argv:
        at = argv.index("--engine")
        engine = argv[at + 1]
        argv = argv[:at] + argv[at + 2 :]
    args = [a for a in argv if a != "--rss"]
    variant = args[0] if args else "seven-up"
    counts = [int(x) for x in args[1:]] or [20_000, 200_000]
    simulate(variant, {}, 50, seed=0, engine=engine)  # load plugins and warm caches first
    for deals in counts:
        peak, left, rss, elapsed = measure(variant, deals, traced, engine)
        traced_text = (
            f"tracemalloc peak {peak:5.2f} MiB, {left:5.3f} MiB left after gc.collect()  "
            if traced
            else ""
        )
        print(
            f"{variant} ({engine}): {deals:>9,} deals  {traced_text}"
            f"max RSS {rss:5.1f} MiB  ({elapsed:.0f} s)",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
