"""Instructions per deal under callgrind: the engine, the minimal loop and scoring.

Timings on a shared machine move by ±10 % from run to run; the number of machine instructions
that CPython executes for the same deals does not. For each variant this runs ``valgrind
--tool=callgrind`` twice per measured job -- once with ``N`` deals and once with none, after the
same imports and warm-up -- and prints the difference divided by ``N``:

* ``engine``: ``kozyr.play_deal(variant, seed=i)`` (what ``bench.py`` times);
* ``minimal``: the minimal loop of ``bench.py`` on the same seeds (the same deals);
* ``ratio`` = minimal / engine (instructions, so the inverse of a time ratio);
* ``score``: ``variant.score(record, {})`` on finished deals.

Run from the repository root (needs ``valgrind``; slow: about half a minute per job)::

    python benchmarks/instructions.py                    # every variant, 300 deals each
    python benchmarks/instructions.py -n 200 seven-up semerik

This is not a test.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent

# The job run under valgrind: imports and one warm-up deal, then ``n`` deals of one kind.
JOB = """
import sys
sys.path.insert(0, {here!r})
import bench
from kozyr import get_variant, play_deal
name, n, kind = {name!r}, {n}, {kind!r}
options, minimal = bench.MINIMAL[name]
variant = get_variant(name, **options)
play_deal(variant, seed=10**6).result()
minimal(10**6)
scored = kind in ("score", "records")
records = [play_deal(variant, seed=i).record for i in range(n)] if scored else []
if kind == "engine":
    for i in range(n):
        play_deal(variant, seed=i)
elif kind == "minimal":
    for i in range(n):
        minimal(i)
elif kind == "score":
    for record in records:
        variant.score(record, {{}})
"""


def instructions(name: str, n: int, kind: str) -> int:
    """Instructions callgrind counts for the job with ``n`` deals."""
    code = JOB.format(here=str(HERE), name=name, n=n, kind=kind)
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
    run = subprocess.run(
        [*command, sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
    )
    found = re.search(r"Collected : (\d+)", run.stderr)
    if found is None:
        raise RuntimeError(f"no instruction count from valgrind:\n{run.stderr[-2000:]}")
    return int(found.group(1))


def per_deal(name: str, n: int, kind: str) -> int:
    """Instructions per deal: the job with ``n`` deals minus the same job with none, over ``n``
    (for ``score``: minus a job that builds the same ``n`` records and scores none)."""
    if kind == "score":
        return (instructions(name, n, "score") - instructions(name, n, "records")) // n
    return (instructions(name, n, kind) - instructions(name, 0, kind)) // n


def main(argv: Sequence[str] | None = None) -> int:
    sys.path.insert(0, str(HERE))
    import bench

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("variants", nargs="*", help="default: every variant with a minimal loop")
    parser.add_argument("-n", "--deals", type=int, default=300, help="deals per job")
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("instructions: valgrind is not installed", file=sys.stderr)
        return 2
    names = args.variants or list(bench.MINIMAL)
    for name in names:
        engine = per_deal(name, args.deals, "engine")
        minimal = per_deal(name, args.deals, "minimal")
        score = per_deal(name, args.deals, "score")
        print(
            f"{name:16} engine {engine:>9,}  minimal {minimal:>9,}  ratio {minimal / engine:.2f}"
            f"  score {score:>8,}  (instructions per deal, {args.deals} deals)",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
