"""The batch engine (``kozyr.batch``) against minimal hand-written pure-Python loops, side by side.

For each variant this runs, on one core and one process at a time, alternating for ``-r``
rounds and reporting the median of each:

* ``batch``: deals per second of the batch engine doing what ``kozyr simulate --engine batch``
  does per batch: deal, play with random bots, score and tally (``kozyr.simulate.batch.run_batch``
  on batches of 16,384 deals);
* ``floor``: the deals per second of a baseline loop. For Seven Up and Семь листов (four
  players) that is the ``v2_bitmask`` result of the minimal pure-Python playouts
  ``floor_seven_up.py`` and ``floor_sem_listov.py`` (deal + play + score, no records; the Seven
  Up floor skips begging, which the batch engine plays), found in ``--floor DIR`` and run as
  their own processes; for the others, the project's own minimal loops of
  ``benchmarks/bench.py`` (deal + play, the same rules and draws as the engine);
* ``ratio`` = batch / floor (issue target for Seven Up and Семь листов: at least 10);
* with ``--reference``, also the reference engine (``kozyr.play_deal(...).result()`` with random
  bots, deal by deal: play + score) against the same floor -- for Seven Up the reference engine
  should stay at or above 0.2 of ``floor_seven_up.py``.

    python benchmarks/batch.py --floor PATH/TO/bench -r 5
    python benchmarks/batch.py --json seven-up semerik

Plain stdlib timing (``time.perf_counter``); this is not a test.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import MINIMAL, rate

from kozyr.simulate.batch import BATCH_SIZE, run_batch

#: name -> (variant, options, floor script or None for the project's minimal loop)
TARGETS: dict[str, tuple[str, dict[str, Any], str | None]] = {
    "seven-up": ("seven-up", {"players": 4}, "floor_seven_up.py"),
    "sem-listov": ("sem-listov", {"players": 4}, "floor_sem_listov.py"),
    "pyat-listov": ("pyat-listov", {"players": 4}, None),
    "po-noskam": ("po-noskam", {"players": 4}, None),
    "sem-listov-1884": ("sem-listov-1884", {"players": 4}, None),
    "na-noski": ("na-noski", {"players": 4}, None),
    "semerik": ("semerik", {}, None),
    "auction-pitch": ("auction-pitch", {"players": 4}, None),
    "smear": ("smear", {"players": 4}, None),
    "ten-point-smear": ("ten-point-smear", {"players": 4}, None),
}


def one_core() -> None:
    """Pin this process (and the floor processes it starts) to one core."""
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})


def batch_rate(name: str, options: dict[str, Any], batches: int) -> float:
    """Deals per second of ``batches`` batches: play + score + tally."""
    frozen = tuple(sorted(options.items()))
    run_batch(name, frozen, 0, 0, 1024, ("random",))  # warm up: tables, imports
    began = time.perf_counter()
    for b in range(batches):
        start = b * BATCH_SIZE
        run_batch(name, frozen, 1, start, start + BATCH_SIZE, ("random",))
    return batches * BATCH_SIZE / (time.perf_counter() - began)


def reference_rate(name: str, options: dict[str, Any], deals: int) -> float:
    """Deals per second of the reference engine: play with random bots, then score."""
    from kozyr import get_variant, play_deal

    variant = get_variant(name, **options)
    began = time.perf_counter()
    for seed in range(deals):
        play_deal(variant, seed=seed).result()
    return deals / (time.perf_counter() - began)


def floor_rate(script: Path, seconds: float) -> float:
    """The ``v2_bitmask`` deals per second of one run of a floor script."""
    out = subprocess.run(
        [sys.executable, str(script), "--seconds", str(seconds), "--reps", "1"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return float(json.loads(out)["results"]["v2_bitmask"]["deals_per_s"]["median"])


def minimal_rate(name: str, deals: int) -> float:
    _, loop = MINIMAL[name]
    return rate(loop, deals)


def measure(
    name: str, rounds: int, floor_dir: Path | None, seconds: float, reference: bool = False
) -> dict[str, Any]:
    variant, options, script = TARGETS[name]
    floor: Callable[[], float]
    if script is not None and floor_dir is not None and (floor_dir / script).exists():
        path = floor_dir / script
        floor, baseline = (lambda: floor_rate(path, seconds)), f"{script} v2"
    else:
        floor, baseline = (lambda: minimal_rate(variant, 20_000)), "benchmarks/bench.py minimal"
    batch_runs, floor_runs, reference_runs = [], [], []
    for _ in range(rounds):  # alternating, one process at a time
        floor_runs.append(floor())
        batch_runs.append(batch_rate(variant, options, 16))
        if reference:
            reference_runs.append(reference_rate(variant, options, 5000))
    b, f = statistics.median(batch_runs), statistics.median(floor_runs)
    extra: dict[str, Any] = {}
    if reference:
        r = statistics.median(reference_runs)
        extra = {
            "reference_deals_per_s": round(r),
            "reference_ratio": round(r / f, 3),
            "reference_runs": [round(x) for x in reference_runs],
        }
    return {
        "variant": variant,
        "options": options,
        "baseline": baseline,
        "batch_deals_per_s": round(b),
        "floor_deals_per_s": round(f),
        "ratio": round(b / f, 2),
        "batch_runs": [round(x) for x in batch_runs],
        "floor_runs": [round(x) for x in floor_runs],
        **extra,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("variants", nargs="*", help=f"default: {', '.join(TARGETS)}")
    parser.add_argument("-r", "--rounds", type=int, default=5, help="rounds; medians reported")
    parser.add_argument("--floor", type=Path, help="folder holding floor_seven_up.py etc.")
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per floor run")
    parser.add_argument("--reference", action="store_true", help="also time the reference engine")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    one_core()
    rows = []
    for name in args.variants or list(TARGETS):
        row = measure(name, args.rounds, args.floor, args.seconds, args.reference)
        rows.append(row)
        if not args.json:
            print(
                f"{name:16} batch {row['batch_deals_per_s']:>9,}/s  "
                f"floor {row['floor_deals_per_s']:>7,}/s ({row['baseline']})  "
                f"ratio {row['ratio']:.1f}"
                + (
                    f"  reference {row['reference_deals_per_s']:,}/s "
                    f"ratio {row['reference_ratio']:.2f}"
                    if args.reference
                    else ""
                ),
                flush=True,
            )
    if args.json:
        env = {"python": platform.python_version(), "machine": platform.machine()}
        print(json.dumps({"environment": env, "results": rows}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
