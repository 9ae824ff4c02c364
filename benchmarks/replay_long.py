"""Replay time against the number of deals (#21): a Seven Up outcome record of N deals, played
to a target no one reaches, replayed (``kozyr.replay``), turned into a score sheet and scored the
way the web page scores a game (replay, canonical record, the next deal). Linear replay means
10,000 deals take about ten times as long as 1,000; the quadratic party context it replaced
took 2.4 s for 1,000 and 9 s for 2,000 deals.

    python benchmarks/replay_long.py                 # 1,000, 2,000 and 10,000 deals, best of 3
    python benchmarks/replay_long.py -r 5 500 5000   # other sizes

Prints one line per size: seconds per stage and the ratio to the smallest size (×1 per unit of
deals is linear). Not a test: tests never time anything (docs/performance.md).
"""

from __future__ import annotations

import argparse
import functools
import importlib
import json
import time
from collections.abc import Callable
from typing import Any

import kozyr
from kozyr.sheet import build_sheet


def record(n: int, players: int = 4) -> dict[str, Any]:
    """N outcome deals of Seven Up: High and Low each deal, no Jack or Game, target 10⁹."""
    deals = [
        {
            "dealer": i % players,
            "turnups": "8♥",
            "beg": "stand",
            "high": i % 2,
            "low": (i + 1) % 2,
            "jack": None,
            "game": None,
        }
        for i in range(n)
    ]
    options = {"players": players}
    return {"variant": "seven-up", "options": options, "target": 10**9, "deals": deals}


def web_score(data: dict[str, Any]) -> None:
    """What ``GET /games/ID`` does with a stored game (kozyr[web] needed)."""
    from kozyr.web import games

    result = games.score(data)
    games.canonical(dict(data), result)
    games.next_deal(data, {}, result)


def best(work: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        began = time.perf_counter()
        work()
        times.append(time.perf_counter() - began)
    return min(times)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sizes", nargs="*", type=int, default=[1000, 2000, 10000])
    parser.add_argument("-r", "--repeats", type=int, default=3)
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    args = parser.parse_args(argv)
    kozyr.replay(record(10, args.players))  # plugins loaded before the clock starts
    stages: dict[str, Callable[[dict[str, Any]], object]] = {
        "replay": lambda d: kozyr.replay(json.loads(json.dumps(d))),
        "sheet": lambda d: build_sheet(
            kozyr.replay(d), kozyr.get_variant("seven-up", **d["options"])
        ),
        "web": web_score,
    }
    try:
        importlib.import_module("kozyr.web.games")
    except ImportError:
        del stages["web"]
    first: dict[str, float] = {}
    smallest = min(args.sizes)
    for n in sorted(args.sizes):
        data = record(n, args.players)
        cells = []
        for name, stage in stages.items():
            seconds = best(functools.partial(stage, data), args.repeats)
            first.setdefault(name, seconds)
            ratio = seconds / first[name]
            cells.append(f"{name} {seconds:7.3f} s (×{ratio:5.1f})")
        print(f"{n:>7,} deals (×{n / smallest:5.1f}): " + "   ".join(cells))


if __name__ == "__main__":
    main()
