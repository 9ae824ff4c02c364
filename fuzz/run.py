"""The long fuzz run behind docs/reliability.md: seeded inputs for every target, counted.

    python fuzz/run.py --seed 13 --count 20000      # count = inputs per target

It prints one Markdown table (inputs tried, accepted, clean errors, crashes, wrongly accepted)
and every finding with the input that produced it; the exit status is 1 if there was any.
Deterministic: the same seed and count try the same inputs.
"""

from __future__ import annotations

import argparse
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
        "CLI (kozyr ... in process)": (small, cli),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--count", type=int, default=2000, help="inputs per target")
    args = parser.parse_args()
    rows = []
    findings: list[str] = []
    began = time.perf_counter()
    for name, (count, check) in targets(args.count).items():
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
