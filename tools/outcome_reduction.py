"""Issue 11's done-when check at full size: for each of the seven variant names, bot-played deals
and parties (random and heuristic bots, every option set of the equivalence corpus) are reduced
to outcome records (no hands, no tricks) and must replay to exactly the points, settlement and
winners of their full records.

    python tools/outcome_reduction.py [--deals 1000] [--parties 100]

``--deals`` and ``--parties`` are per variant name, shared out over its option sets and the two
bots. The test suite runs the same check on a small sample (tests/test_outcome.py).
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus import CASES

import kozyr
from kozyr.testing import check_outcome_reduction

BOTS = ("random", "heuristic")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--parties", type=int, default=100)
    args = parser.parse_args()
    by_name: dict[str, list[dict[str, object]]] = defaultdict(list)
    for name, options, _ in CASES:
        by_name[name].append(options)
    for name, option_sets in by_name.items():
        runs = len(option_sets) * len(BOTS)
        deals = parties = 0
        for i, options in enumerate(option_sets):
            for j, bots in enumerate(BOTS):
                k = i * len(BOTS) + j
                want_deals = args.deals // runs + (1 if k < args.deals % runs else 0)
                want_parties = args.parties // runs + (1 if k < args.parties % runs else 0)
                variant = kozyr.get_variant(name, **options)
                d, p = check_outcome_reduction(
                    variant, deals=want_deals, parties=want_parties, seed=1000 * k, bots=bots
                )
                deals += d
                parties += p
        print(f"{name}: {deals} deals and {parties} parties reduced to outcome records: 0 differ")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
