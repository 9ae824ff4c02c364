"""The published strength result of issue 27: ``pimc`` against ``heuristic`` against ``random``
on every built-in variant, by ``kozyr arena`` (duplicate deals, seats rotated).

For each variant it runs (or reads, with ``--from DIR``, the ``--json`` output saved as
``DIR/VARIANT.json`` and ``DIR/hr-VARIANT.json``)::

    kozyr arena VARIANT --bots pimc,heuristic,random -n N --seed 1 --workers 1 --json
    kozyr arena VARIANT --bots heuristic,random -n 2000 --seed 1 --workers 1 --json

and prints a Markdown table per variant: each pair's duplicate margin per deal with its 95 %
interval (the sound test: "a beats b" when the interval lies above 0) and each bot's points per
deal with its 95 % interval (and whether those intervals overlap). The second run, ~1,000 times
cheaper per deal, measures ``heuristic`` against ``random`` on many more deals.

    python benchmarks/arena.py [VARIANT ...] [-n 40] [--seed 1] [--from DIR] [--summary]

Seven Up's edge is a twentieth of a point a deal; docs/analysis.md shows it with a third run
of the two bots alone, ``kozyr arena seven-up --bots pimc,heuristic -n 4000 --seed 3
--workers 2`` (about 55 minutes on 2 cores).

With ``pimc`` a deal costs seconds (see docs/analysis.md); this is not a test.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

VARIANTS = (
    "seven-up",
    "sem-listov",
    "pyat-listov",
    "sem-listov-1884",
    "na-noski",
    "po-noskam",
    "semerik",
    "auction-pitch",
    "setback",
    "smudge",
    "smear",
    "ten-point-smear",
)
BOTS = ("pimc", "heuristic", "random")


def run(variant: str, bots: tuple[str, ...], deals: int, seed: int) -> dict[str, Any]:
    from kozyr.simulate.arena import arena

    started = time.perf_counter()
    found = arena(variant, {}, bots, deals, seed=seed, workers=1).to_json()
    found["seconds"] = round(time.perf_counter() - started, 1)
    return found


def _interval(low: float, high: float) -> str:
    return f"[{low:+.4f}, {high:+.4f}]"


def table(main: dict[str, Any], extra: dict[str, Any] | None) -> str:
    """The Markdown table of one variant's runs."""
    lines = [
        f"`kozyr arena {main['variant']} --bots {','.join(BOTS)} -n {main['deals']} "
        f"--seed {main['seed']} --workers 1`"
        + (f" ({main['seconds']} s)" if "seconds" in main else ""),
        "",
        "| comparison | deals | duplicate margin per deal [95 %] | separated |",
        "|---|---|---|---|",
    ]
    pairs = [("pimc", "heuristic"), ("heuristic", "random"), ("pimc", "random")]
    runs = [(main, pair) for pair in pairs]
    if extra is not None:
        runs.insert(2, (extra, ("heuristic", "random")))
    for found, (a, b) in runs:
        margin = found["margins"].get(a, {}).get(b)
        if margin is None:
            continue
        mean, low, high = margin
        verdict = "yes" if low > 0 else ("no (reversed)" if high < 0 else "no")
        lines.append(
            f"| {a} − {b} | {found['deals']} | {mean:+.4f} {_interval(low, high)} | {verdict} |"
        )
    lines += [
        "",
        "| bot | seat-deals | points per deal [95 %] | win rate [95 %] | Elo |",
        "|---|---|---|---|---|",
    ]
    rows = {row["bot"]: row for row in main["bots"]}
    for bot in BOTS:
        row = rows[bot]
        p_low, p_high = row["points_interval"]
        w_low, w_high = row["win_interval"]
        lines.append(
            f"| {bot} | {row['seat_deals']} | {row['points']:.3f} [{p_low:.3f}, {p_high:.3f}] | "
            f"{row['win_rate']:.3f} [{w_low:.3f}, {w_high:.3f}] | {row['elo']:.0f} |"
        )
    apart = []
    for a, b in pairs:
        above = rows[a]["points_interval"][0] > rows[b]["points_interval"][1]
        apart.append(f"{a}/{b} {'apart' if above else 'overlap'}")
    lines += ["", "Points-per-deal intervals: " + ", ".join(apart) + "."]
    return "\n".join(lines)


def summary(runs: list[tuple[dict[str, Any], dict[str, Any] | None]]) -> str:
    """One line per variant: N, and each ordering's margin with whether it separates."""

    def cell(found: dict[str, Any] | None, a: str, b: str) -> str:
        margin = None if found is None else found["margins"].get(a, {}).get(b)
        if margin is None:
            return "--"
        mean, low, high = margin
        mark = "**yes**" if low > 0 else ("reversed" if high < 0 else "no")
        return f"{mean:+.3f} {_interval(low, high)} {mark}"

    lines = [
        "| variant | N | pimc − heuristic | heuristic − random (N) | heuristic − random (2,000)"
        " | pimc − random | points intervals apart |",
        "|---|---|---|---|---|---|---|",
    ]
    for found, extra in runs:
        rows = {row["bot"]: row for row in found["bots"]}
        apart = [
            f"{a[0]}>{b[0]}"
            for a, b in (("pimc", "heuristic"), ("heuristic", "random"), ("pimc", "random"))
            if rows[a]["points_interval"][0] > rows[b]["points_interval"][1]
        ]
        lines.append(
            f"| {found['variant']} | {found['deals']} | {cell(found, 'pimc', 'heuristic')} | "
            f"{cell(found, 'heuristic', 'random')} | {cell(extra, 'heuristic', 'random')} | "
            f"{cell(found, 'pimc', 'random')} | {', '.join(apart) or 'none'} |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variants", nargs="*", default=list(VARIANTS))
    parser.add_argument("-n", type=int, default=40, help="deals of the three-bot run (40)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--from", dest="source", type=Path, help="read saved --json runs")
    parser.add_argument("--summary", action="store_true", help="one overview table first")
    args = parser.parse_args()
    runs = []
    for variant in args.variants:
        if args.source is not None:
            found = json.loads((args.source / f"{variant}.json").read_text())
            path = args.source / f"hr-{variant}.json"
            extra = json.loads(path.read_text()) if path.exists() else None
        else:
            found = run(variant, BOTS, args.n, args.seed)
            extra = run(variant, ("heuristic", "random"), 2000, args.seed)
        runs.append((found, extra))
    if args.summary:
        print(summary(runs) + "\n")
    for found, extra in runs:
        print(f"#### {found['variant']}\n\n{table(found, extra)}\n")


if __name__ == "__main__":
    main()
