"""The long fuzz run behind docs/reliability.md: seeded inputs for every target, counted.

    python fuzz/run.py --seed 13 --count 20000      # count = inputs per target
    python fuzz/run.py --only names --count 20000  # the targets whose name holds "names"
    python fuzz/run.py --only "web " --only CLI --only plugin   # several: any of them

It prints one Markdown table (inputs tried, accepted, clean errors, crashes, wrongly accepted)
and every finding with the input that produced it; the exit status is 1 if there was any.
Deterministic: the same seed and count try the same inputs.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import generate
import harness
from harness import Finding


def targets(count: int) -> dict[str, tuple[int, Callable[[random.Random], str]]]:
    examples = harness.example_records()
    folder = harness.temporary_folder()

    def must_reject(rng: random.Random) -> str:
        data, why = harness.must_reject(rng.choice(examples), rng)
        return harness.check_record_data(data, must_reject=why)

    def duplicate_key(rng: random.Random) -> str:
        text = harness.duplicate_key_text(rng.choice(examples), rng)
        outcome = harness.check_record_text(text)
        if outcome == "accepted":
            raise Finding("wrongly accepted", "records", "a duplicate key")
        return outcome

    def cli(rng: random.Random) -> str:
        payload = (
            generate.json_bytes(rng, examples)
            if rng.random() < 0.6
            else (generate.notation(rng).encode("utf-8", "surrogatepass"))
        )
        argv, stdin = harness.cli_argv(rng, payload, folder)
        return harness.check_cli(argv, stdin)

    def cli_hostile(rng: random.Random) -> str:
        """``kozyr sheet`` (every format) or ``kozyr replay`` of a record or evening whose
        names, date, place or note are hostile text (lone surrogates as JSON escapes)."""
        path = folder / "hostile.json"
        path.write_bytes(harness.hostile_meta_text(rng, examples))
        command = rng.choice([["replay", str(path)], ["replay", str(path), "--json"]] + [
            ["sheet", str(path), "--format", f] for f in harness.SHEET_FORMATS])  # fmt: skip
        return harness.check_cli(command)

    small = max(1, count // 10)  # the CLI and must-reject runs are slower per input
    return {
        "notation (parse_cards, CardSet.parse)": (
            count,
            lambda rng: harness.check_notation(generate.notation(rng)),
        ),
        "options (get_variant)": (count, lambda rng: harness.check_options(*generate.options(rng))),
        "records: mutations of every example": (
            count,
            lambda rng: harness.check_record_data(generate.record(rng, examples)),
        ),
        "records: must-reject mutations": (small * 5, must_reject),
        "records: duplicate keys": (small, duplicate_key),
        "records: JSON text (bytes)": (
            count,
            lambda rng: harness.check_record_text(generate.json_bytes(rng, examples)),
        ),
        "CLI (kozyr ... in process, output through a UTF-8 pipe)": (small, cli),
        "names (normalise_name: any text)": (
            count,
            lambda rng: harness.check_name(harness.hostile_text(rng)),
        ),
        "records: hostile players/date/place/note, every sheet format, CSV cells": (
            small,
            lambda rng: harness.check_hostile_meta(harness.hostile_meta_record(rng, examples)),
        ),
        "CLI: sheet/replay of hostile text through a UTF-8 pipe": (small, cli_hostile),
        **web_targets(small, examples),
        **network_targets(small, examples),
    }


def network_targets(
    count: int, examples: list[dict[str, object]]
) -> dict[str, tuple[int, Callable[[random.Random], str]]]:
    """Issue 21's network and limit surfaces (``fuzz/network.py``): numbers in URLs, the
    table code, Host headers, JSON bodies, imports (the ``web`` extra), simulate's limits
    and hostile plugin faults."""
    import network

    folder = harness.temporary_folder()
    out: dict[str, tuple[int, Callable[[random.Random], str]]] = {}
    try:
        import starlette.testclient  # noqa: F401
    except ImportError:
        web = False
    else:
        web = True
    if web:
        out.update(network.number_targets(count, folder))
        out.update(network.table_code_target(count, folder))
        out.update(network.host_target(count, folder))
        out.update(network.json_target(count, folder))
        out.update(network.import_target(count, folder, examples))
    out.update(network.simulate_target(count))
    import faults

    out.update(faults.fault_target(count, folder))  # last: it registers a plugin when it runs
    return out


def web_targets(
    count: int, examples: list[dict[str, object]]
) -> dict[str, tuple[int, Callable[[random.Random], str]]]:
    """``kozyr serve`` in process (the ``web`` extra): ``POST /api/games`` with hostile names
    (201 or a located 4xx, never a 500), and the CSV export of every game made (no formula
    cell). Left out when the extra is not installed."""
    try:
        from starlette.testclient import TestClient

        from kozyr.web import create_app
    except ImportError:
        return {}
    folder = harness.temporary_folder()
    client = TestClient(create_app(str(folder / "fuzz.sqlite3")), raise_server_exceptions=False)

    def new_game(rng: random.Random) -> str:
        variant = rng.choice(["seven-up", "po-noskam", "sem-listov", "semerik"])
        seats = {"seven-up": 4, "po-noskam": 3, "sem-listov": 4, "semerik": 4}[variant]
        names = [harness.hostile_text(rng) for _ in range(seats)]
        body = json.dumps({"variant": variant, "players": names}, ensure_ascii=rng.random() < 0.5)
        # a lone surrogate unescaped goes as the bytes ED A0 80 a hostile client can send
        response = client.post(
            "/api/games",
            content=body.encode("utf-8", "surrogatepass"),
            headers={"Content-Type": "application/json"},
        )
        if response.status_code >= 500:
            raise Finding("crash", "web", f"{response.status_code} for players {names!r}")
        if response.status_code != 201:
            data = response.json()
            path = data.get("path") or ""
            undecodable = path == "$" and "not UTF-8" in data.get("error", "")
            if not (path.startswith("$.players") or undecodable):
                raise Finding("crash", "web", f"refused at {data.get('path')!r}: {names!r}")
            return "rejected"
        game = response.json()
        for name in game.get("players", []):
            if not harness._oracle_name_ok(name):
                raise Finding("wrongly accepted", "web", f"players {game['players']!r}")
        csv_text = client.get(f"/games/{game['id']}/export.csv").text
        harness.check_csv_text(csv_text)
        return "accepted"

    return {"web: POST /api/games with hostile names, then export.csv": (count, new_game)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--count", type=int, default=2000, help="inputs per target")
    parser.add_argument(
        "--only",
        metavar="TEXT",
        action="append",
        help="only the targets whose name holds TEXT (e.g. names); repeat for several",
    )
    args = parser.parse_args()
    rows = []
    findings: list[str] = []
    began = time.perf_counter()
    for name, (count, check) in targets(args.count).items():
        if args.only and not any(text in name for text in args.only):
            continue
        tally: Counter[str] = Counter()
        rng = random.Random(f"{args.seed}:{name}")
        for _ in range(count):
            state = rng.getstate()
            try:
                tally[check(rng)] += 1
            except Finding as finding:
                tally[finding.kind] += 1
                if len(findings) < 50:
                    replay = random.Random()
                    replay.setstate(state)
                    findings.append(f"- {finding} (seed {args.seed}, target {name!r})")
        rows.append((name, count, tally))
        print(f"{name}: {dict(tally)}", file=sys.stderr)
    print("| target | inputs tried | accepted | clean errors | crashes | wrongly accepted |")
    print("|---|---:|---:|---:|---:|---:|")
    total: Counter[str] = Counter()
    for name, count, tally in rows:
        total.update(tally)
        print(
            f"| {name} | {count:,} | {tally['accepted']:,} | {tally['rejected']:,} "
            f"| {tally['crash']:,} | {tally['wrongly accepted']:,} |"
        )
    tried = sum(count for _, count, _ in rows)
    print(
        f"| **all** | **{tried:,}** | {total['accepted']:,} | {total['rejected']:,} "
        f"| **{total['crash']:,}** | **{total['wrongly accepted']:,}** |"
    )
    print(f"\n{time.perf_counter() - began:.0f} s, seed {args.seed}, count {args.count}")
    for line in findings:
        print(line)
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
