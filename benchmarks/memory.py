"""Memory of a long simulation: the peak traced by ``tracemalloc`` does not grow with the number
of deals, because every deal is folded into a running tally and dropped (nothing kept per deal).

Run from the repository root::

    python benchmarks/memory.py seven-up 20000 200000

For each deal count it runs ``kozyr.simulate.simulate`` inline (one process, so every allocation
is traced) and prints the peak of traced memory and the process's maximum resident set size.
Not a test: tracemalloc slows the run down several times.
"""

from __future__ import annotations

import resource
import sys
import time
import tracemalloc

from kozyr.simulate import simulate


def measure(variant: str, deals: int, unit: str = "deal") -> tuple[float, float, float]:
    """(peak traced MiB, max RSS MiB, seconds) of one inline run."""
    tracemalloc.start()
    began = time.perf_counter()
    simulate(variant, {}, deals, seed=1, unit=unit)
    elapsed = time.perf_counter() - began
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    return peak / 2**20, rss, elapsed


def main(argv: list[str]) -> int:
    variant = argv[0] if argv else "seven-up"
    counts = [int(x) for x in argv[1:]] or [20_000, 200_000]
    simulate(variant, {}, 50, seed=0)  # load plugins and warm caches before measuring
    for deals in counts:
        peak, rss, elapsed = measure(variant, deals)
        print(
            f"{variant}: {deals:>9,} deals  tracemalloc peak {peak:6.2f} MiB  "
            f"max RSS {rss:6.1f} MiB  ({elapsed:.0f} s under tracemalloc)",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
