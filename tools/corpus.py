"""The equivalence corpus: bot-played deals and parties over every built-in variant and option
set, written as records with their results, so a refactoring can be checked against the code
before it.

    python tools/corpus.py write DIR [--deals N] [--parties N]   # records + results as JSON lines
    python tools/corpus.py check DIR                            # replay DIR's records, compare
    python tools/corpus.py check DIR --option semerik:declarations=in_turn   # ... with an option

``check`` replays every stored record with the code installed now and compares the result's JSON
with the stored one (points, items, settlement, winners); it also plays every stored seed again
and reports how many records come out different (seeded bot play may change only where
CHANGELOG says so). Options added since the corpus was written are left out of that
comparison (the stored records do not have them). ``--option VARIANT:NAME=VALUE`` replays and
plays that variant's records with one more option, e.g. to check that a rule correction's new
default explains every difference (its old behaviour as the option gives none).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import kozyr
from kozyr import get_variant, play_deal, play_party, replay

#: (variant, options, has parties): every variant name with the option sets worth telling apart.
CASES: list[tuple[str, dict[str, Any], bool]] = [
    ("seven-up", {"players": 4}, True),
    ("seven-up", {"players": 2}, True),
    ("seven-up", {"players": 3}, True),
    ("seven-up", {"players": 3, "gift_may_win": True}, True),
    ("seven-up", {"players": 2, "game_tie": "eldest", "void_may_discard": True}, True),
    ("sem-listov", {"players": 4}, True),
    ("sem-listov", {"players": 3}, True),
    ("sem-listov", {"players": 5, "five_trump_leads": True}, True),
    ("sem-listov", {"players": 4, "honours_first": True, "ace_cut": True}, True),
    ("sem-listov", {"players": 4, "runaways": True}, True),
    ("sem-listov", {"players": 4, "runaways": True, "runaway_split": "next_deal"}, True),
    ("sem-listov", {"players": 6}, True),
    ("pyat-listov", {"players": 4}, True),
    ("pyat-listov", {"players": 3}, True),
    ("po-noskam", {"players": 4}, True),
    ("po-noskam", {"players": 3}, True),
    ("po-noskam", {"players": 5}, True),
    ("sem-listov-1884", {"players": 4}, True),
    ("sem-listov-1884", {"players": 3}, True),
    ("na-noski", {"players": 4}, True),
    ("na-noski", {"players": 2}, True),
    ("semerik", {}, True),
    ("semerik", {"quads": "plus_one"}, True),
    ("semerik", {"counter_mode": "cumulative"}, True),
    ("semerik", {"packets": "3-3-4"}, True),
    # AP1-AP11, D-AP2-D-AP8: the Pitch family; parties only where random bots end them (a
    # smudge for anyone, AP10, or seven players to 7: random bidders are set back without end)
    ("auction-pitch", {"players": 4}, False),
    ("auction-pitch", {"players": 2}, False),
    (
        "auction-pitch",
        {"players": 5, "min_bid": 1, "stuck_dealer": "two", "low_to": "capturer"},
        False,
    ),
    ("auction-pitch", {"players": 7, "dealer_privilege": False}, False),
    ("auction-pitch", {"partnership": True, "win_by": 2}, False),
    ("auction-pitch", {"players": 3, "smudge": "anyone"}, True),
    ("setback", {"players": 4}, False),
    ("setback", {"target": 21, "low_to": "capturer"}, False),
    ("setback", {"smudge": "anyone"}, True),
    ("smudge", {"players": 4}, False),
    ("smudge", {"smudge": "anyone", "partnership": True}, True),
    # SMR1-SMR6, D-SMR1-D-SMR6: Smear, the jick and the trey
    ("smear", {"players": 4}, False),
    ("smear", {"players": 2}, False),
    ("smear", {"partnership": True, "low_to": "capturer", "target": 21}, False),
    (
        "smear",
        {"players": 5, "min_bid": 1, "stuck_dealer": "two", "dealer_privilege": False},
        False,
    ),
    ("smear", {"jick": False, "trey": True, "players": 3}, False),
    ("smear", {"players": 7, "target": 7}, True),
    ("ten-point-smear", {"players": 4}, False),
    ("ten-point-smear", {"partnership": True}, False),
    ("ten-point-smear", {"players": 7, "min_bid": 1, "target": 7}, True),
]

BOTS = ("random", "heuristic")


def write(directory: Path, deals: int, parties: int) -> int:
    directory.mkdir(parents=True, exist_ok=True)
    count = 0
    with (directory / "corpus.jsonl").open("w", encoding="utf-8") as out:
        for name, options, has_parties in CASES:
            variant = get_variant(name, **options)
            for seed in range(deals):
                bots = BOTS[seed % 2]
                deal = play_deal(variant, seed=seed, dealer=seed % variant.players, bots=bots)
                record = deal.record.to_json(variant)
                line = {
                    "kind": "deal",
                    "variant": name,
                    "options": options,
                    "seed": seed,
                    "bots": bots,
                    "dealer": seed % variant.players,
                    "record": record,
                    "result": deal.result().to_json(),
                }
                out.write(json.dumps(line, ensure_ascii=False) + "\n")
                count += 1
            if not has_parties:
                continue
            for seed in range(parties):
                bots = BOTS[seed % 2]
                party = play_party(variant, seed=seed, bots=bots)
                assert party.record is not None
                line = {
                    "kind": "party",
                    "variant": name,
                    "options": options,
                    "seed": seed,
                    "bots": bots,
                    "record": party.record.to_json(variant),
                    "result": party.to_json(),
                }
                out.write(json.dumps(line, ensure_ascii=False) + "\n")
                count += 1
    return count


def _same_play(again: dict[str, Any], stored: dict[str, Any]) -> bool:
    """Records equal, leaving out options the stored record does not name (added since)."""
    known = stored.get("options", {})
    options = {k: v for k, v in again.get("options", {}).items() if k in known}
    return {**again, "options": options} == stored


def _parse_options(texts: list[str]) -> dict[str, dict[str, Any]]:
    """``VARIANT:NAME=VALUE`` texts as options per variant (values read as JSON, else text)."""
    extra: dict[str, dict[str, Any]] = {}
    for text in texts:
        name, _, setting = text.partition(":")
        key, _, raw = setting.partition("=")
        try:
            value = json.loads(raw)
        except json.JSONDecodeError:
            value = raw
        extra.setdefault(name, {})[key] = value
    return extra


#: Result keys added after the corpus was written (issue 11: what replay checked, and why not
#: more); the corpus compares everything else.
NEW_KEYS = ("checked", "warnings")


def _without_new_keys(data: Any) -> Any:
    if isinstance(data, dict):
        return {k: _without_new_keys(v) for k, v in data.items() if k not in NEW_KEYS}
    if isinstance(data, list):
        return [_without_new_keys(v) for v in data]
    return data


def check(directory: Path, extra: dict[str, dict[str, Any]] | None = None) -> int:
    extra = extra or {}
    differ = replayed = regenerated_differ = refused = 0
    by_case: dict[str, list[int]] = {}  # case -> [records, results differ, refused, play differs]
    for number, text in enumerate((directory / "corpus.jsonl").open(encoding="utf-8"), 1):
        line = json.loads(text)
        replayed += 1
        case = f"{line['kind']} {line['variant']} {json.dumps(line['options'], sort_keys=True)}"
        counts = by_case.setdefault(case, [0, 0, 0, 0])
        counts[0] += 1
        added = extra.get(line["variant"], {})
        record = line["record"]
        if added:
            record = {**record, "options": {**record.get("options", {}), **added}}
        try:
            got: Any = _without_new_keys(replay(record).to_json())
        except kozyr.KozyrError as error:  # a record the rules now refuse
            got = None
            refused += 1
            counts[2] += 1
            if refused <= 5:
                print(f"line {number}: {case} seed {line['seed']}: {error}", file=sys.stderr)
        if got != _without_new_keys(line["result"]):  # a corpus written since has them too
            differ += 1
            counts[1] += 1
            if differ <= 5 and got is not None:
                print(
                    f"line {number}: {line['variant']} {line['options']} seed {line['seed']}:"
                    f" replayed result differs",
                    file=sys.stderr,
                )
        variant = get_variant(line["variant"], **{**line["options"], **added})
        if line["kind"] == "deal":
            deal = play_deal(variant, seed=line["seed"], dealer=line["dealer"], bots=line["bots"])
            again = deal.record.to_json(variant)
        else:
            result = play_party(variant, seed=line["seed"], bots=line["bots"])
            assert result.record is not None
            again = result.record.to_json(variant)
        if not _same_play(again, line["record"]):
            regenerated_differ += 1
            counts[3] += 1
    for case, (records, results, refusals, plays) in by_case.items():
        if results or plays:
            print(
                f"  {case}: {records} records, {results} results differ ({refusals} refused), "
                f"{plays} seeds play differently"
            )
    print(
        f"{replayed} records replayed: {differ} results differ ({refused} refused); "
        f"{regenerated_differ} seeds now play differently (kozyr {kozyr.__version__})"
    )
    return 1 if differ else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    w = sub.add_parser("write")
    w.add_argument("directory", type=Path)
    w.add_argument("--deals", type=int, default=400)
    w.add_argument("--parties", type=int, default=10)
    c = sub.add_parser("check")
    c.add_argument("directory", type=Path)
    c.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="VARIANT:NAME=VALUE",
        help="one more option for that variant's records (repeatable)",
    )
    args = parser.parse_args()
    if args.command == "write":
        print(write(args.directory, args.deals, args.parties), "records written")
        return 0
    return check(args.directory, _parse_options(args.option))


if __name__ == "__main__":
    raise SystemExit(main())
