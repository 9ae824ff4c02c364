"""Whole parties in the batch engine against the reference engine, side by side.

For a party form the batch engine plays (``--variant``: Seven Up's games to 7 by default, 2-4
players; also ``semerik``, or a race form's races to seven tricks, ``po-noskam``,
``sem-listov-1884``, ``na-noski``, 2-5 players), this runs on one core, one engine at a time,
alternating for ``-r`` rounds, and reports the medians:

* ``batch``: games (and deals) per second of what ``kozyr simulate --unit party --engine batch``
  does per batch: play the games in lockstep, score and tally them
  (``kozyr.simulate.batch.run_party_batch`` on batches of 16,384 games);
* ``reference``: games (and deals) per second of the reference engine's ``run_parties`` (each
  game by ``kozyr.play_party`` with random bots, tallied);
* ``ratio`` = batch / reference, in games per second.

    python benchmarks/batch_parties.py -r 5
    python benchmarks/batch_parties.py --json 4 3
    python benchmarks/batch_parties.py --variant po-noskam 4 2 5

Plain stdlib timing (``time.perf_counter``); this is not a test.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from kozyr.simulate import Tally
from kozyr.simulate.batch import BATCH_SIZE, run_party_batch
from kozyr.simulate.workers import run_parties


def one_core() -> None:
    """Pin this process to one core."""
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})


def timed(run: Callable[[], Tally]) -> tuple[float, float]:
    """Games and deals per second of one run."""
    began = time.perf_counter()
    tally = run()
    elapsed = time.perf_counter() - began
    return tally.units / elapsed, tally.deals / elapsed


def measure(variant: str, players: int, rounds: int, batches: int, games: int) -> dict[str, Any]:
    options = (("players", players),)
    bots = ("random",) * players
    run_party_batch(variant, options, 0, 0, 1024, bots)  # warm up: tables, imports

    def batch() -> Tally:
        tally = Tally(players)
        for b in range(batches):
            start = b * BATCH_SIZE
            tally.merge(run_party_batch(variant, options, 1, start, start + BATCH_SIZE, bots))
        return tally

    batch_runs, reference_runs = [], []
    for _ in range(rounds):  # alternating, one engine at a time
        batch_runs.append(timed(batch))
        reference_runs.append(timed(lambda: run_parties(variant, options, 1, 0, games, bots)))
    b = [statistics.median(x) for x in zip(*batch_runs, strict=True)]
    r = [statistics.median(x) for x in zip(*reference_runs, strict=True)]
    return {
        "variant": variant,
        "options": dict(options),
        "batch_games_per_s": round(b[0]),
        "batch_deals_per_s": round(b[1]),
        "reference_games_per_s": round(r[0]),
        "reference_deals_per_s": round(r[1]),
        "ratio": round(b[0] / r[0], 1),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("players", nargs="*", type=int, help="default: 4 3 2")
    parser.add_argument("--variant", default="seven-up", help="default: seven-up")
    parser.add_argument("-r", "--rounds", type=int, default=5, help="rounds; medians reported")
    parser.add_argument("--batches", type=int, default=4, help="batches of games per batch run")
    parser.add_argument("--games", type=int, default=2000, help="games per reference run")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    one_core()
    rows = []
    for players in args.players or [4, 3, 2]:
        row = measure(args.variant, players, args.rounds, args.batches, args.games)
        rows.append(row)
        if not args.json:
            print(
                f"{args.variant} {players}p  batch {row['batch_games_per_s']:>8,} games/s "
                f"({row['batch_deals_per_s']:,} deals/s)  reference "
                f"{row['reference_games_per_s']:>6,} games/s "
                f"({row['reference_deals_per_s']:,} deals/s)  ratio {row['ratio']:.1f}",
                flush=True,
            )
    if args.json:
        env = {"python": platform.python_version(), "machine": platform.machine()}
        print(json.dumps({"environment": env, "results": rows}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
