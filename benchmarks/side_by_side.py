"""Seven Up's reference engine side by side with an outside floor loop, in one process.

The floor is a Python file that defines ``v2_playout(rng, rand)``: one full random Seven Up deal
(deal, six tricks, score) drawing from ``rng`` and ``rand = rng.random``. Rounds alternate the
floor, ``play_deal`` (engine), ``play_deal(...).result()`` (deal + score) and ``score()`` over
finished records, so each sees the same machine load; the best round of each is reported::

    python benchmarks/side_by_side.py PATH/TO/floor_seven_up.py [-n 2000] [-r 9]

This is not a test.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import sys
import time
from collections.abc import Callable, Sequence

import kozyr


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("floor", help="the floor loop's file (defines v2_playout(rng, rand))")
    parser.add_argument("-n", "--deals", type=int, default=2000, help="deals per round")
    parser.add_argument("-r", "--rounds", type=int, default=9)
    args = parser.parse_args(argv)
    spec = importlib.util.spec_from_file_location("floor", args.floor)
    if spec is None or spec.loader is None:
        print(f"side_by_side: cannot load {args.floor}", file=sys.stderr)
        return 2
    floor = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(floor)
    variant = kozyr.get_variant("seven-up")
    n = args.deals
    records = [kozyr.play_deal(variant, seed=i).record for i in range(n)]

    def rate(run: Callable[[int], object], k: int) -> float:
        start = time.perf_counter()
        run(k)
        return float(n / (time.perf_counter() - start))

    def floor_round(k: int) -> None:
        rng = random.Random(k)
        for _ in range(n):
            floor.v2_playout(rng, rng.random)

    def engine_round(k: int) -> None:
        for seed in range(k * n, (k + 1) * n):
            kozyr.play_deal(variant, seed=seed)

    def full_round(k: int) -> None:
        for seed in range(k * n, (k + 1) * n):
            kozyr.play_deal(variant, seed=seed).result()

    def score_round(k: int) -> None:
        for record in records:
            variant.score(record, {})

    jobs = {"floor": floor_round, "engine": engine_round, "deal+score": full_round}
    jobs["score"] = score_round
    best = dict.fromkeys(jobs, 0.0)
    for k in range(args.rounds):
        for name, job in jobs.items():
            best[name] = max(best[name], rate(job, k))
    print(", ".join(f"{name} {value:,.0f}/s" for name, value in best.items()))
    print(
        f"engine / floor {best['engine'] / best['floor']:.3f}, "
        f"(deal + score) / floor {best['deal+score'] / best['floor']:.3f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
