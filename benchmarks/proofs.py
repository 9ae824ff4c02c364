"""Time per exact summary proof (issue 22): bot-played deals written as summaries (hands and
trick winners, or won piles for Seven Up) proven by :func:`kozyr.prove` with the SAT solver of
the ``kozyr[proofs]`` extra, by player count 2..7, reporting the median and the slowest proof in
CPU seconds (``time.process_time``, which other load on the machine does not inflate), and how
many the bounded search alone decides within its default budget.

    python benchmarks/proofs.py            # 20 deals per table
    python benchmarks/proofs.py 50 --no-search
"""

from __future__ import annotations

import statistics
import sys
import time
from typing import Any

from kozyr import CardSet, get_variant, play_deal
from kozyr.realisation import PilesTarget, WinnersTarget, prove, realise, solver_available

#: (variant, options) by player count: Семь листов 2..7 (its 24-, 36- and 52-card packs), the
#: races, Seven Up and Семерик.
TABLES: list[tuple[str, dict[str, Any]]] = [
    ("sem-listov", {"players": 2}),
    ("sem-listov", {"players": 3}),
    ("sem-listov", {"players": 4}),
    ("sem-listov", {"players": 5}),
    ("sem-listov", {"players": 6}),
    ("sem-listov", {"players": 7}),
    ("po-noskam", {"players": 5}),
    ("na-noski", {"players": 4}),
    ("seven-up", {"players": 2}),
    ("seven-up", {"players": 3}),
    ("seven-up", {"players": 4}),
    ("semerik", {}),
]


def summary_of(variant: Any, seed: int) -> tuple[Any, ...] | None:
    """The arguments of :func:`prove` for one bot deal's real summary (None: a void deal)."""
    deal = play_deal(variant, seed=seed)
    record = deal.record
    tricks = record.tricks or ()
    if not tricks:
        return None
    hands = [0 if h is None else h.mask for h in record.hands]
    seats = [s for s, h in enumerate(record.hands) if h is not None]
    trump = record.turnups[-1].suit if record.turnups else None
    exchanges: dict[int, tuple[int, int, int]] = {}
    card = record.decisions.get("exchange")
    if card is not None:
        after = int(record.decisions.get("exchange_after") or 1)
        at = 0 if variant.exchange_timing == "before_play" else after
        exchanges[at] = (record.dealer, card.mask, record.turnups[0].mask)
    if variant.name == "seven-up":
        piles = [0] * variant.players
        for trick in tricks:
            piles[trick.winner] |= CardSet(trick.cards).mask
        target: Any = PilesTarget(piles)
    else:
        target = WinnersTarget([t.winner for t in tricks])
    return (variant.trick_rules, trump, hands, seats, tricks[0].leader, target, exchanges)


def main(argv: list[str]) -> int:
    if not solver_available():
        print("the solver is not installed: pip install kozyr[proofs]")
        return 1
    deals = int(argv[0]) if argv and argv[0].isdigit() else 20
    search = "--no-search" not in argv
    print(f"{'table':34} {'players':>7} {'median s':>9} {'max s':>7} {'search decides':>15}")
    for name, options in TABLES:
        variant = get_variant(name, **options)
        times: list[float] = []
        decided = 0
        for seed in range(deals):
            args = summary_of(variant, seed)
            if args is None:
                continue
            rules, trump, hands, seats, leader, target, exchanges = args
            began = time.process_time()
            found = prove(rules, trump, hands, seats, leader, target, exchanges=exchanges)
            times.append(time.process_time() - began)
            assert found.possible and found.method == "solver", (name, seed, found)
            if search:
                bounded = realise(rules, trump, hands, seats, leader, target, exchanges=exchanges)
                decided += bounded.possible is not None
        label = f"{name} {options}"
        tail = f"{decided}/{len(times)}" if search else "-"
        print(
            f"{label:34} {variant.players:>7} {statistics.median(times):>9.3f} "
            f"{max(times):>7.3f} {tail:>15}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
