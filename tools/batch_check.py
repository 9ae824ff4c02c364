"""The batch engine against the reference engine, at scale (issue 16's acceptance runs).

    python tools/batch_check.py exact [--deals 10000]        # every form and option set
    python tools/batch_check.py stats [--deals 100000]       # seeded runs, 4 standard errors
    python tools/batch_check.py parties [--deals 10000]      # every party form, party by party
    python tools/batch_check.py party-stats [--deals 100000] # seeded party runs

``exact`` plays the same packs and uniform draws through both engines
(:func:`kozyr.batch.check.compare`) and counts the deals that differ in any item, point,
settlement or field. ``stats`` runs ``kozyr.simulate.simulate`` with each engine and its own
seed and checks every item's share of deals and mean points per deal within 4 standard errors.
``parties`` and ``party-stats`` do the same for whole parties (``--deals`` counts parties):
:func:`kozyr.batch.check.compare_parties` and ``simulate(..., unit="party")``, where the share of
parties each seat wins is checked too.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from typing import Any

from kozyr import get_variant
from kozyr.batch.check import compare, compare_parties
from kozyr.simulate import simulate

OPTION_SETS: list[tuple[str, dict[str, Any]]] = [
    ("seven-up", {"players": 4}),
    ("seven-up", {"players": 3}),
    ("seven-up", {"players": 2}),
    ("seven-up", {"players": 4, "void_may_discard": True, "game_tie": "eldest"}),
    ("seven-up", {"players": 3, "void_may_discard": True, "gift_may_win": True}),
    ("seven-up", {"players": 2, "game_tie": "eldest"}),
    ("semerik", {}),
    ("semerik", {"quads": "plus_one", "counter_mode": "cumulative"}),
    ("semerik", {"packets": "3-3-4", "trena": "ten", "declarations": "in_turn"}),
    ("sem-listov", {"players": 4}),
    ("sem-listov", {"players": 2}),
    ("sem-listov", {"players": 3, "deck_size": 28}),
    ("sem-listov", {"players": 5, "five_trump_leads": True, "honours_first": True}),
    ("sem-listov", {"players": 6}),
    ("sem-listov", {"players": 7}),
    ("sem-listov", {"players": 4, "runaways": True}),
    ("sem-listov", {"players": 4, "runaways": True, "runaway_split": "next_deal"}),
    ("sem-listov", {"players": 5, "runaways": True, "runaway_rate": 3}),
    ("sem-listov", {"players": 4, "hand_size": 8}),
    ("pyat-listov", {"players": 4}),
    ("po-noskam", {"players": 4}),
    ("po-noskam", {"players": 3, "exchange_timing": "before_play"}),
    ("sem-listov-1884", {"players": 4}),
    ("sem-listov-1884", {"players": 5, "exchange_timing": "before_play"}),
    ("na-noski", {"players": 4}),
    ("na-noski", {"players": 3}),
]


def exact(deals: int) -> int:
    bad = 0
    for name, options in OPTION_SETS:
        variant = get_variant(name, **options)
        began = time.perf_counter()
        differ = 0
        for dealer in range(variant.players):  # every dealer, deals split between them
            share = deals // variant.players + (dealer < deals % variant.players)
            differ += len(compare(variant, share, seed=1000 + dealer, dealer=dealer))
        bad += differ
        print(f"{name:16} {options}: {deals} deals, {differ} differ "
              f"({time.perf_counter() - began:.0f} s)", flush=True)  # fmt: skip
    print(f"exact: {len(OPTION_SETS)} option sets, {bad} deals differ")
    return 1 if bad else 0


def stats(deals: int) -> int:
    worst = 0.0
    for name in ("seven-up", "semerik", "sem-listov", "pyat-listov", "po-noskam",
                 "sem-listov-1884", "na-noski"):  # fmt: skip
        batch = simulate(name, {}, deals, seed=11, engine="batch").to_json()
        reference = simulate(name, {}, deals, seed=12, engine="reference", workers=0).to_json()
        for item, row in reference["items"].items():
            ours = batch["items"].get(item, {"share_of_deals": 0.0, "per_deal": 0.0})
            p = (row["share_of_deals"] + ours["share_of_deals"]) / 2
            se = math.sqrt(2 * p * (1 - p) / deals) or 1e-12
            z = abs(ours["share_of_deals"] - row["share_of_deals"]) / se
            worst = max(worst, z)
            print(f"{name:16} {item:12} share {ours['share_of_deals']:.5f} vs "
                  f"{row['share_of_deals']:.5f}  z = {z:.2f}", flush=True)  # fmt: skip
        pairs = zip(batch["points"]["per_deal"], reference["points"]["per_deal"], strict=True)
        points = [abs(a - b) for a, b in pairs]
        print(f"{name:16} points per deal {batch['points']['per_deal']} vs "
              f"{reference['points']['per_deal']} (largest gap {max(points):.4f})")  # fmt: skip
    print(f"stats: largest z = {worst:.2f} (limit 4)")
    return 1 if worst > 4 else 0


PARTY_SETS: list[tuple[str, dict[str, Any]]] = [
    ("seven-up", {"players": 4}),
    ("seven-up", {"players": 3}),
    ("seven-up", {"players": 2}),
    ("seven-up", {"players": 4, "void_may_discard": True, "game_tie": "eldest"}),
    ("seven-up", {"players": 4, "gift_may_win": True}),
    ("seven-up", {"players": 3, "void_may_discard": True, "gift_may_win": True}),
    ("seven-up", {"players": 2, "game_tie": "eldest"}),
]


def parties(count: int) -> int:
    bad = 0
    for name, options in PARTY_SETS:
        variant = get_variant(name, **options)
        began = time.perf_counter()
        differ = len(compare_parties(variant, count, seed=2000))
        bad += differ
        print(f"{name:16} {options}: {count} parties, {differ} differ "
              f"({time.perf_counter() - began:.0f} s)", flush=True)  # fmt: skip
    print(f"parties: {len(PARTY_SETS)} option sets, {bad} parties differ")
    return 1 if bad else 0


def party_stats(count: int) -> int:
    worst = 0.0
    for name, options in PARTY_SETS[:3]:
        batch = simulate(name, options, count, seed=11, unit="party", engine="batch")
        reference = simulate(
            name, options, count, seed=12, unit="party", engine="reference", workers=0
        )
        label = f"{name} {options['players']}p"
        for seat, (ours, theirs) in enumerate(zip(batch.wins, reference.wins, strict=True)):
            p = (ours + theirs) / (2 * count)
            z = abs(ours - theirs) / count / (math.sqrt(2 * p * (1 - p) / count) or 1e-12)
            worst = max(worst, z)
            print(f"{label:16} seat {seat} wins {ours / count:.5f} vs {theirs / count:.5f}  "
                  f"z = {z:.2f}", flush=True)  # fmt: skip
        mine, their = batch.to_json(), reference.to_json()
        for item, row in their["items"].items():
            share = mine["items"].get(item, {"share_of_deals": 0.0})["share_of_deals"]
            p = (row["share_of_deals"] + share) / 2
            z = abs(share - row["share_of_deals"]) / (
                math.sqrt(p * (1 - p) / mine["deals"] + p * (1 - p) / their["deals"]) or 1e-12
            )
            worst = max(worst, z)
            print(f"{label:16} {item:12} share {share:.5f} vs {row['share_of_deals']:.5f}  "
                  f"z = {z:.2f}", flush=True)  # fmt: skip
        print(f"{label:16} deals per party {mine['deals_per_party']:.4f} vs "
              f"{their['deals_per_party']:.4f}")  # fmt: skip
    print(f"party-stats: largest z = {worst:.2f} (limit 4)")
    return 1 if worst > 4 else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("exact", "stats", "parties", "party-stats"))
    parser.add_argument("--deals", type=int)
    args = parser.parse_args()
    if args.what == "exact":
        return exact(args.deals or 10_000)
    if args.what == "parties":
        return parties(args.deals or 10_000)
    if args.what == "party-stats":
        return party_stats(args.deals or 100_000)
    return stats(args.deals or 100_000)


if __name__ == "__main__":
    sys.exit(main())
