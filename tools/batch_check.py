"""The batch engine against the reference engine, at scale (issue 16's acceptance runs).

    python tools/batch_check.py exact [--deals 10000] [--only TEXT]   # every form and option set
    python tools/batch_check.py stats [--deals 100000] [--only TEXT]  # seeded runs, 4 SE
    python tools/batch_check.py parties [--deals 10000] [--only TEXT]  # party by party
    python tools/batch_check.py party-stats [--deals 100000] [--only TEXT]  # seeded parties

``exact`` plays the same packs and uniform draws through both engines
(:func:`kozyr.batch.check.compare`) and counts the deals that differ in any item, point,
settlement or field. ``stats`` runs ``kozyr.simulate.simulate`` with each engine and its own
seed and checks within 4 standard errors every item's share of deals, every counted field value's
and every flag's share of deals, each seat's share of deals won and lost, and each seat's mean
tricks, points and money per deal (their standard deviation measured on a batch of its own).
``--only TEXT`` keeps the option sets whose ``name {options}`` contains TEXT (e.g. ``ace_cut``,
``'players': 2``); one that keeps none is an error (exit status 2), not a pass. ``parties``
and ``party-stats`` do the same for whole parties (``--deals`` counts parties):
:func:`kozyr.batch.check.compare_parties` and ``simulate(..., unit="party")``, where the share
of parties each seat wins and loses is checked too.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from typing import Any

from kozyr import get_variant
from kozyr.batch import RandomDraws
from kozyr.batch.check import compare, compare_parties
from kozyr.simulate import simulate

OPTION_SETS: list[tuple[str, dict[str, Any]]] = [
    ("seven-up", {"players": 4}),
    ("seven-up", {"players": 3}),
    ("seven-up", {"players": 2}),
    ("seven-up", {"players": 4, "void_may_discard": True, "game_tie": "eldest"}),
    ("seven-up", {"players": 3, "void_may_discard": True, "gift_may_win": True}),
    ("seven-up", {"players": 2, "game_tie": "eldest"}),
    # SU-O1-SU-O4, D-SU6, D-SU7: the game's target and win by two, Low to the capturer, nine
    # cards kept after one run, revoke penalties (random bots never revoke)
    ("seven-up", {"players": 4, "target": 11, "win_by": 2}),
    ("seven-up", {"players": 3, "target": 10, "win_by": 2, "low_to": "capturer"}),
    ("seven-up", {"players": 2, "target": 21, "win_by": 2, "keep_after_run": 9}),
    ("seven-up", {"players": 4, "keep_after_run": 9, "low_to": "capturer"}),
    ("seven-up", {"players": 3, "keep_after_run": 9, "gift_may_win": True, "target": 21}),
    ("seven-up", {"players": 4, "revoke": "penalty", "revoke_penalty": 2}),
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
    # SL-C4, D-SL1: the ace cut
    ("sem-listov", {"players": 4, "ace_cut": True}),
    ("sem-listov", {"players": 2, "ace_cut": True}),
    ("sem-listov", {"players": 3, "ace_cut": True, "deck_size": 28, "runaways": True}),
    ("sem-listov", {"players": 5, "ace_cut": True, "five_trump_leads": True, "runaways": True}),
    ("sem-listov", {"players": 7, "ace_cut": True, "honours_first": True}),
    ("pyat-listov", {"players": 4, "ace_cut": True}),
    # D-PN2, PN5, SL19-4, D-SL19, NN5: two-handed races, which one deal can end
    ("po-noskam", {"players": 2}),
    ("po-noskam", {"players": 2, "settlement": "money", "exchange_timing": "before_play"}),
    ("sem-listov-1884", {"players": 2}),
    ("sem-listov-1884", {"players": 2, "settlement": "nose", "hit_cards": 1}),
    ("na-noski", {"players": 2}),
    # AP1-AP11, D-AP2-D-AP7: the Pitch family (issue 26)
    ("auction-pitch", {}),
    ("auction-pitch", {"players": 2}),
    ("auction-pitch", {"players": 5, "min_bid": 1, "stuck_dealer": "two", "low_to": "capturer"}),
    ("auction-pitch", {"players": 7, "dealer_privilege": False}),
    ("auction-pitch", {"partnership": True, "win_by": 2}),
    ("setback", {}),
    ("setback", {"target": 21, "low_to": "capturer"}),
    ("smudge", {}),
    ("smudge", {"players": 3, "smudge": "anyone", "dealer_privilege": True}),
    # SMR1-SMR6, D-SMR1-D-SMR6: Smear, the jick and the trey (issue 26)
    ("smear", {}),
    ("smear", {"players": 2}),
    ("smear", {"partnership": True, "low_to": "capturer", "target": 21}),
    ("smear", {"players": 5, "min_bid": 1, "stuck_dealer": "two", "dealer_privilege": False}),
    ("smear", {"jick": False, "trey": True, "players": 3}),
    ("ten-point-smear", {}),
    ("ten-point-smear", {"partnership": True}),
    ("ten-point-smear", {"players": 7, "min_bid": 1, "target": 7}),
    # SMR7, SMR8, D-SMR7-D-SMR9: the jokers (ten-point-smear's default is two; 0, 1 by option)
    ("ten-point-smear", {"jokers": 0}),
    ("ten-point-smear", {"jokers": 1, "players": 2, "low_to": "capturer"}),
    ("ten-point-smear", {"players": 5, "stuck_dealer": "two", "dealer_privilege": False}),
    ("smear", {"jokers": 2, "jick": False, "players": 5}),
    ("smear", {"jokers": 1, "partnership": True}),
]

#: The seeded runs of ``stats``: every form with its defaults, and the option sets whose deals
#: differ most from the defaults' (the ace cut, the two-handed race's end).
STATS_SETS: list[tuple[str, dict[str, Any]]] = [
    ("seven-up", {}),
    ("semerik", {}),
    ("sem-listov", {}),
    ("pyat-listov", {}),
    ("po-noskam", {}),
    ("sem-listov-1884", {}),
    ("na-noski", {}),
    ("sem-listov", {"players": 4, "ace_cut": True}),
    ("sem-listov", {"players": 2, "ace_cut": True}),
    ("po-noskam", {"players": 2}),
    ("sem-listov-1884", {"players": 2}),
    ("na-noski", {"players": 2}),
    # AP1-AP11, SMR1-SMR8: the Pitch family (issue 26), the bid of two to ten and the jokers
    ("auction-pitch", {}),
    ("smear", {}),
    ("ten-point-smear", {}),
]


def _chosen(
    sets: list[tuple[str, dict[str, Any]]], only: str | None
) -> list[tuple[str, dict[str, Any]]]:
    return [(n, o) for n, o in sets if only is None or only in f"{n} {o}"]


def exact(deals: int, only: str | None) -> int:
    bad = 0
    chosen = _chosen(OPTION_SETS, only)
    for name, options in chosen:
        variant = get_variant(name, **options)
        began = time.perf_counter()
        differ = 0
        for dealer in range(variant.players):  # every dealer, deals split between them
            share = deals // variant.players + (dealer < deals % variant.players)
            differ += len(compare(variant, share, seed=1000 + dealer, dealer=dealer))
        bad += differ
        print(f"{name:16} {options}: {deals} deals, {differ} differ "
              f"({time.perf_counter() - began:.0f} s)", flush=True)  # fmt: skip
    print(f"exact: {len(chosen)} option sets, {bad} deals differ")
    return 1 if bad else 0


def _z(ours: float, theirs: float, deals: int) -> float:
    """Two shares of ``deals`` deals each, in standard errors of their difference."""
    p = (ours + theirs) / 2
    se = math.sqrt(2 * p * (1 - p) / deals) or 1e-12
    return abs(ours - theirs) / se


def stats(deals: int, only: str | None) -> int:
    worst = 0.0
    for name, options in _chosen(STATS_SETS, only):
        label = f"{name} {options}" if options else name
        batch = simulate(name, options, deals, seed=11, engine="batch").to_json()
        if batch["engine"] != "batch":
            print(f"{label}: the batch engine did not play ({batch['engine_note']})")
            return 1
        reference = simulate(name, options, deals, seed=12, engine="reference", workers=0)
        theirs = reference.to_json()
        shares: list[tuple[str, float, float]] = []
        for item, row in theirs["items"].items():
            ours = batch["items"].get(item, {"share_of_deals": 0.0})
            shares.append((f"item {item}", ours["share_of_deals"], row["share_of_deals"]))
        for key, field in theirs["extra"].items():  # flags and counted values, share of deals
            mine = batch["extra"].get(key, {})
            if "rate" in field:
                shares.append((f"{key} true", mine.get("rate", 0.0), field["rate"]))
            for value, times in field.get("counts", {}).items():
                other = mine.get("counts", {}).get(value, 0)
                shares.append((f"{key} = {value}", other / deals, times / deals))
        for what in ("rate", "loss_rate"):  # who won and lost each deal
            pairs = zip(batch["wins"][what], theirs["wins"][what], strict=True)
            shares += [(f"{what}, seat {seat}", a, b) for seat, (a, b) in enumerate(pairs)]
        for what, ours_share, their_share in shares:
            z = _z(ours_share, their_share, deals)
            worst = max(worst, z)
            print(f"{label:16} {what:28} {ours_share:.5f} vs {their_share:.5f}  z = {z:.2f}")
        # means per seat, in standard errors measured on a batch of the batch engine's own
        form = get_variant(name, **options).batch_form()
        assert form is not None
        sample = form.play(20_000, RandomDraws(13))
        means = [
            ("tricks", sample.tricks, batch["tricks"]["per_deal"], theirs["tricks"]["per_deal"]),
            ("points", sample.points, batch["points"]["per_deal"], theirs["points"]["per_deal"]),
        ]
        if sample.net is not None:  # money won per deal
            net = sample.net / sample.net_denominator
            means.append(
                ("net", net, batch["settlement"]["per_unit"], theirs["settlement"]["per_unit"])
            )
        for what, column, ours_means, their_means in means:
            sd = column.std(axis=0)
            for seat, (a, b) in enumerate(zip(ours_means, their_means, strict=True)):
                z = abs(a - b) / (math.sqrt(2 / deals) * float(sd[seat]) or 1e-12)
                worst = max(worst, z)
                what_seat = f"{what} per deal, seat {seat}"
                print(f"{label:16} {what_seat:28} {a:.5f} vs {b:.5f}  z = {z:.2f}")
    print(f"stats: largest z = {worst:.2f} (limit 4)")
    return 1 if worst > 4 else 0


PARTY_SETS: list[tuple[str, dict[str, Any]]] = [
    ("seven-up", {"players": 4}),
    ("seven-up", {"players": 3}),
    ("seven-up", {"players": 2}),
    ("seven-up", {"players": 4, "void_may_discard": True, "game_tie": "eldest"}),
    ("seven-up", {"players": 4, "gift_may_win": True}),
    ("seven-up", {"players": 4, "target": 11, "win_by": 2}),  # SU-O1, D-SU6
    ("seven-up", {"players": 3, "target": 21, "win_by": 2, "keep_after_run": 9}),
    ("seven-up", {"players": 2, "target": 10, "low_to": "capturer"}),
    ("seven-up", {"players": 3, "void_may_discard": True, "gift_may_win": True}),
    ("seven-up", {"players": 2, "game_tie": "eldest"}),
    ("smudge", {"smudge": "anyone", "players": 2}),  # AP10, AP11, D-AP2, D-AP5
    ("smudge", {"smudge": "anyone", "players": 3, "win_by": 2}),
    ("smudge", {"smudge": "anyone", "partnership": True, "low_to": "holder", "target": 11}),
    # SMR6, D-SMR4: random bidders sink below zero; seven players to 7 end by chance
    ("smear", {"players": 7, "target": 7}),
    ("ten-point-smear", {"players": 7, "target": 7}),
    ("ten-point-smear", {"players": 7, "target": 7, "jokers": 1}),
    ("semerik", {}),
    ("semerik", {"declarations": "in_turn"}),
    ("semerik", {"quads": "plus_one", "counter_mode": "cumulative"}),
    ("semerik", {"packets": "3-3-4", "trena": "ten", "declarations": "in_turn"}),
    ("po-noskam", {"players": 4}),
    ("po-noskam", {"players": 2}),
    ("po-noskam", {"players": 3, "settlement": "money", "exchange_timing": "before_play"}),
    ("po-noskam", {"players": 5, "packets": "3-4"}),
    ("sem-listov-1884", {"players": 4}),
    ("sem-listov-1884", {"players": 5, "exchange_timing": "before_play"}),
    ("sem-listov-1884", {"players": 3, "settlement": "nose"}),
    ("na-noski", {"players": 4}),
    ("na-noski", {"players": 2}),
    ("na-noski", {"players": 5}),
]
#: The option sets ``party-stats`` runs: each party form's defaults and its other player counts.
PARTY_STATS_SETS: list[tuple[str, dict[str, Any]]] = [
    ("seven-up", {"players": 4}),
    ("seven-up", {"players": 3}),
    ("seven-up", {"players": 2}),
    ("semerik", {}),
    ("semerik", {"declarations": "in_turn"}),
    ("po-noskam", {}),
    ("sem-listov-1884", {}),
    ("na-noski", {}),
    ("po-noskam", {"players": 2}),
    ("sem-listov-1884", {"players": 5}),
]


#: Deals a party may need: random bots in Pitch are set back so often that their parties end by a
#: smudge (AP10) -- hence the PARTY_SETS of Pitch let anyone smudge -- after some hundred deals.
MAX_DEALS = {"smudge": 400, "smear": 400, "ten-point-smear": 400}


def parties(count: int, only: str | None) -> int:
    bad = 0
    sets = _chosen(PARTY_SETS, only)
    for name, options in sets:
        variant = get_variant(name, **options)
        began = time.perf_counter()
        differ = len(compare_parties(variant, count, seed=2000, max_deals=MAX_DEALS.get(name, 40)))
        bad += differ
        print(f"{name:16} {options}: {count} parties, {differ} differ "
              f"({time.perf_counter() - began:.0f} s)", flush=True)  # fmt: skip
    print(f"parties: {len(sets)} option sets, {bad} parties differ")
    return 1 if bad else 0


def party_stats(count: int, only: str | None) -> int:
    worst = 0.0
    for name, options in _chosen(PARTY_STATS_SETS, only):
        batch = simulate(name, options, count, seed=11, unit="party", engine="batch")
        reference = simulate(
            name, options, count, seed=12, unit="party", engine="reference", workers=0
        )
        shown = (f"{v}p" if k == "players" else str(v) for k, v in options.items())
        label = " ".join([name, *shown])
        for what, pair in (("wins", (batch.wins, reference.wins)),
                           ("losses", (batch.tally.losses, reference.tally.losses))):  # fmt: skip
            for seat, (ours, theirs) in enumerate(zip(*pair, strict=True)):
                p = (ours + theirs) / (2 * count)
                z = abs(ours - theirs) / count / (math.sqrt(2 * p * (1 - p) / count) or 1e-12)
                worst = max(worst, z)
                print(f"{label:16} seat {seat} {what} {ours / count:.5f} vs "
                      f"{theirs / count:.5f}  z = {z:.2f}", flush=True)  # fmt: skip
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
    parser.add_argument("--only", help="only the option sets whose 'name {options}' has this")
    args = parser.parse_args()
    sets = {"exact": OPTION_SETS, "stats": STATS_SETS, "parties": PARTY_SETS}
    sets["party-stats"] = PARTY_STATS_SETS
    if args.only is not None and not _chosen(sets[args.what], args.only):
        names = sorted({name for name, _ in sets[args.what]})
        parser.error(  # exit status 2: a check of nothing passes nothing
            f"--only {args.only!r} selects none of the {len(sets[args.what])} option sets of "
            f"{args.what!r} (forms: {', '.join(names)})"
        )
    if args.what == "exact":
        return exact(args.deals or 10_000, args.only)
    if args.what == "parties":
        return parties(args.deals or 10_000, args.only)
    if args.what == "party-stats":
        return party_stats(args.deals or 100_000, args.only)
    return stats(args.deals or 100_000, args.only)


if __name__ == "__main__":
    sys.exit(main())
