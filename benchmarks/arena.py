"""The published strength result of issue 27: ``pimc`` against ``heuristic`` against ``random``
on every built-in variant, by ``kozyr arena`` (duplicate deals, seats rotated).

For each variant it runs (or reads, with ``--from DIR``, the ``--json`` output saved as
``DIR/VARIANT.json``, ``DIR/hr-VARIANT.json`` and ``DIR/ph-VARIANT.json``)::

    kozyr arena VARIANT --bots pimc,heuristic,random -n N --seed 1 --json
    kozyr arena VARIANT --bots heuristic,random -n 2000 --seed 1 --json
    kozyr arena VARIANT --bots pimc,heuristic -n M --seed 4 --json   (with --pairs M)

and prints a Markdown table per variant: each pair's duplicate margin per deal with its 95 %
interval ("a beats b" when the interval lies above 0), and each bot's points per deal and its
points against the field (its duplicate score), each with its 95 % interval and whether two
bots' intervals are apart. The ``heuristic``/``random`` run, ~1,000 times cheaper per deal,
measures that pair on many more deals; the ``pimc``/``heuristic`` run puts those two alone at
the table, where each one's points against the field are the other's negated.

    python benchmarks/arena.py [VARIANT ...] [-n 40] [--pairs M] [--seed 1] [--workers 2]
                               [--from DIR] [--save DIR] [--summary]

The runs docs/analysis.md publishes fixed ``N`` and ``M`` per variant before they were made
(listed there with each command). Seven Up's edge is a twentieth of a point a deal; its
two-bot run is ``kozyr arena seven-up --bots pimc,heuristic -n 4000 --seed 3 --workers 2``
(22 minutes on 2 quiet cores).

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
PAIRS = (("pimc", "heuristic"), ("heuristic", "random"), ("pimc", "random"))


def run(variant: str, bots: tuple[str, ...], deals: int, seed: int, workers: int) -> dict[str, Any]:
    from kozyr.simulate.arena import arena

    started = time.perf_counter()
    found = arena(variant, {}, bots, deals, seed=seed, workers=workers).to_json()
    found["seconds"] = round(time.perf_counter() - started, 1)
    return found


def _interval(low: float, high: float) -> str:
    return f"[{low:+.4f}, {high:+.4f}]"


def _apart(rows: dict[str, Any], a: str, b: str, key: str) -> bool | None:
    """Whether ``a``'s interval ``key`` lies wholly above ``b``'s (None: not reported)."""
    if a not in rows or b not in rows or key not in rows[a]:
        return None
    return bool(rows[a][key][0] > rows[b][key][1])


def command(found: dict[str, Any]) -> str:
    """The command that made a run (``--workers`` does not change its numbers)."""
    seated = {bot for lineup in found["lineups"] for bot in lineup}
    bots = ",".join(bot for bot in BOTS if bot in seated)
    name, deals, seed = found["variant"], found["deals"], found["seed"]
    return f"kozyr arena {name} --bots {bots} -n {deals} --seed {seed}"


def table(found: dict[str, Any]) -> str:
    """The Markdown tables of one run: the margins, then the bots."""
    lines = [
        f"`{command(found)}`" + (f" ({found['seconds']} s)" if "seconds" in found else ""),
        "",
        "| comparison | duplicate margin per deal [95 %] | separated |",
        "|---|---|---|",
    ]
    for a, b in PAIRS:
        margin = found["margins"].get(a, {}).get(b)
        if margin is None:
            continue
        mean, low, high = margin
        verdict = "yes" if low > 0 else ("no (reversed)" if high < 0 else "no")
        lines.append(f"| {a} − {b} | {mean:+.4f} {_interval(low, high)} | {verdict} |")
    field = all("vs_field" in row for row in found["bots"])
    lines += [
        "",
        "| bot | seat-deals | points per deal [95 %] |"
        + (" vs field per deal [95 %] |" if field else "")
        + " win rate [95 %] | Elo |",
        "|---|---|---|" + ("---|" if field else "") + "---|---|",
    ]
    rows = {row["bot"]: row for row in found["bots"]}
    for bot in BOTS:
        if bot not in rows:
            continue
        row = rows[bot]
        p_low, p_high = row["points_interval"]
        w_low, w_high = row["win_interval"]
        cell = ""
        if field:
            f_low, f_high = row["vs_field_interval"]
            cell = f" {row['vs_field']:+.4f} {_interval(f_low, f_high)} |"
        lines.append(
            f"| {bot} | {row['seat_deals']} | {row['points']:.3f} [{p_low:.3f}, {p_high:.3f}] |"
            f"{cell} {row['win_rate']:.3f} [{w_low:.3f}, {w_high:.3f}] | {row['elo']:.0f} |"
        )
    for key, label in (("points_interval", "Points-per-deal"), ("vs_field_interval", "Vs-field")):
        verdicts = [
            f"{a}/{b} {'apart' if above else 'overlap'}"
            for a, b in PAIRS
            if (above := _apart(rows, a, b, key)) is not None
        ]
        if verdicts:
            lines += ["", f"{label} intervals: " + ", ".join(verdicts) + "."]
    return "\n".join(lines)


def summary(runs: list[dict[str, dict[str, Any]]]) -> str:
    """One line per variant: each pair's verdict in the run that puts it alone at the table
    (its duplicate margin, and whether the two bots' points against the field are apart), and
    the three-bot run's margins."""

    def cell(found: dict[str, Any] | None, a: str, b: str) -> str:
        margin = None if found is None else found["margins"].get(a, {}).get(b)
        if found is None or margin is None:
            return "--"
        mean, low, high = margin
        mark = "**yes**" if low > 0 else ("reversed" if high < 0 else "no")
        return f"{mean:+.3f} {_interval(low, high)} {mark}"

    def field(found: dict[str, Any] | None, a: str, b: str) -> str:
        if found is None:
            return "--"
        rows = {row["bot"]: row for row in found["bots"]}
        above = _apart(rows, a, b, "vs_field_interval")
        if above is None:
            return "--"
        row = rows[a]
        low, high = row["vs_field_interval"]
        verdict = "**apart**" if above else "overlap"
        return f"{row['vs_field']:+.3f} {_interval(low, high)} {verdict}"

    lines = [
        "| variant | pimc − heuristic, two bots (M) | pimc vs field | heuristic − random, two "
        "bots (2,000) | heuristic vs field | three bots (N): pimc − heuristic |",
        "|---|---|---|---|---|---|",
    ]
    for found in runs:
        three, ph, hr = found.get("three"), found.get("ph"), found.get("hr")
        name = next(f for f in (three, ph, hr) if f is not None)["variant"]
        m = "--" if ph is None else f"{ph['deals']:,}"
        n = "--" if three is None else f"{three['deals']:,}"
        lines.append(
            f"| {name} | ({m}) {cell(ph, 'pimc', 'heuristic')} | {field(ph, 'pimc', 'heuristic')}"
            f" | {cell(hr, 'heuristic', 'random')} | {field(hr, 'heuristic', 'random')} | "
            f"({n}) {cell(three, 'pimc', 'heuristic')} |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variants", nargs="*", default=list(VARIANTS))
    parser.add_argument("-n", type=int, default=40, help="deals of the three-bot run (40)")
    parser.add_argument("--pairs", type=int, default=0, help="deals of the pimc/heuristic run")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--from", dest="source", type=Path, help="read saved --json runs")
    parser.add_argument("--save", type=Path, help="save each run's --json here")
    parser.add_argument("--summary", action="store_true", help="one overview table first")
    args = parser.parse_args()
    runs: list[dict[str, dict[str, Any]]] = []
    for variant in args.variants:
        found: dict[str, dict[str, Any]] = {}
        for kind, prefix in (("three", ""), ("hr", "hr-"), ("ph", "ph-")):
            if args.source is not None:
                path = args.source / f"{prefix}{variant}.json"
                if path.exists():
                    found[kind] = json.loads(path.read_text())
                continue
            if kind == "three":
                found[kind] = run(variant, BOTS, args.n, args.seed, args.workers)
            elif kind == "hr":
                found[kind] = run(variant, BOTS[1:], 2000, args.seed, args.workers)
            elif args.pairs:
                found[kind] = run(variant, BOTS[:2], args.pairs, args.seed, args.workers)
            if kind in found and args.save is not None:
                args.save.mkdir(parents=True, exist_ok=True)
                path = args.save / f"{prefix}{variant}.json"
                partial = path.with_suffix(".json.partial")  # a run is never half written
                partial.write_text(json.dumps(found[kind], indent=1) + "\n")
                partial.replace(path)
        runs.append(found)
    if args.summary:
        print(summary(runs) + "\n")
    for found in runs:
        tables = [table(found[kind]) for kind in ("ph", "three", "hr") if kind in found]
        if tables:
            name = next(iter(found.values()))["variant"]
            print(f"#### {name}\n\n" + "\n\n".join(tables) + "\n")


if __name__ == "__main__":
    main()
