"""``kozyr simulate VARIANT -n N``: many deals or parties played by bots, aggregated
(:mod:`kozyr.simulate`), with a progress bar on a terminal and a human table or ``--json``."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import Executor
from typing import TYPE_CHECKING, Any, TextIO

from kozyr.cli.output import (
    EXIT_OK,
    add_command,
    add_output,
    add_variant,
    bots_arg,
    dump,
    seed_arg,
    table,
    variant_of,
    variant_options,
    whole_number,
)

if TYPE_CHECKING:
    from kozyr.simulate import SimulationResult

UNITS = ("deal", "party")  # kozyr.simulate.UNITS, not imported at start-up
MAX_UNITS = 100_000_000  # kozyr.simulate.MAX_UNITS (tests/test_simulate.py checks they agree)


def _count(text: str, flag: str, minimum: int | None) -> int:
    """``-n``, ``--max-deals``: a whole number in ASCII digits (up to 100 of them, so a number
    past the limit is refused by the limit's own message); a mistake is one line, exit 2."""
    from kozyr.limits import parse_int

    return parse_int(text, flag, minimum=minimum, maximum=None, digits=100)


class ProgressBar:
    """A one-line progress bar on a terminal stream, shown once a run has lasted a second."""

    def __init__(self, stream: TextIO, label: str, delay: float = 1.0) -> None:
        self.stream = stream
        self.label = label
        self.began = time.perf_counter()
        self.delay = delay
        self.shown = False
        self.last = 0.0

    def __call__(self, done: int, total: int) -> None:
        now = time.perf_counter()
        elapsed = now - self.began
        if elapsed < self.delay or (now - self.last < 0.1 and done < total):
            return
        self.last = now
        self.shown = True
        width = 30
        filled = int(width * done / total)
        rate = done / elapsed if elapsed else 0.0
        eta = (total - done) / rate if rate else 0.0
        bar = "#" * filled + "." * (width - filled)
        self.stream.write(f"\r{self.label} [{bar}] {done}/{total} {rate:,.0f}/s eta {eta:4.0f}s")
        self.stream.flush()

    def close(self) -> None:
        """Erase the bar."""
        if self.shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()


def _fmt(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.4g}"
    if isinstance(value, list):
        return " ".join(_fmt(v) for v in value)
    return str(_json_number(value))


def _bots_text(bots: Sequence[str]) -> str:
    return bots[0] if len(set(bots)) == 1 else ",".join(bots)


def _json_number(value: Any) -> Any:
    from kozyr.simulate.tally import _json_number as json_number

    return json_number(value)


def format_result(result: SimulationResult) -> str:
    """The human table of ``kozyr simulate``."""
    data = result.to_json()
    n = data["players"]
    unit = data["unit"]
    plural = "parties" if unit == "party" else "deals"
    count = f"{data['units']} {plural}" + (f", {data['deals']} deals" if unit == "party" else "")
    lines = [
        f"{data['variant']}: {count}, seed {data['seed']}, bots {_bots_text(data['bots'])}",
        f"{data['deals_per_s']:,.0f} deals/s "
        f"({data['elapsed_s']:.2f} s, {data['workers']} worker(s), {data['engine']} engine)",
    ]
    if data.get("engine_note"):
        lines.append(f"reference engine: {data['engine_note']}")
    lines.append("rates in %, each with its 95 % Wilson interval [low–high]")
    lines.append("")
    seat_rows = []
    wins = data["wins"]
    for s in range(n):
        seat_rows.append(
            [
                s,
                data["tricks"]["per_deal"][s],
                data["seat_points"]["per_deal"][s],
                f"{wins['rate'][s]:.2%} {_interval(wins['rate_ci95'][s])}",
                f"{wins['loss_rate'][s]:.2%} {_interval(wins['loss_rate_ci95'][s])}",
                _fmt(data["settlement"]["per_unit"][s]),
            ]
        )
    lines.append(
        table(
            seat_rows,
            [
                "seat",
                "tricks/deal",
                "points/deal",
                f"{plural} won",
                f"{plural} lost",
                f"net/{unit}",
            ],
        )
    )
    lines.append("")
    label = data["points"]["by"]
    lines.append(
        table(
            [
                [i, _fmt(t), _fmt(m)]
                for i, (t, m) in enumerate(
                    zip(data["points"]["total"], data["points"]["per_deal"], strict=True)
                )
            ],
            [label, "points", "points/deal"],
        )
    )
    if data["items"]:
        lines.append("")
        rows = [
            [
                name,
                row["count"],
                row["points"],
                _fmt(row["per_deal"]),
                f"{row['share_of_deals']:.2%} {_interval(row['share_of_deals_ci95'])}",
                _fmt(row["by_seat"]),
            ]
            for name, row in data["items"].items()
        ]
        lines.append(
            table(rows, ["item", "count", "points", "per deal", "deals with it", "by seat"])
        )
    if data["extra"]:
        lines.append("")
        rows = [[k, *_field_cells(v, "per_deal")] for k, v in data["extra"].items()]
        lines.append(table(rows, ["deal field", "true", "total", "per deal", "values"]))
    if unit == "party":
        lines.append("")
        lines.append(f"deals per party: {data['deals_per_party']:.3f}")
        if data["party_extra"]:
            lines.append("")
            rows = [[k, *_field_cells(v, "per_party")] for k, v in data["party_extra"].items()]
            lines.append(table(rows, ["party field", "true", "total", "per party", "values"]))
    return "\n".join(lines)


def _interval(bounds: Sequence[float]) -> str:
    """A rate's 95 % Wilson interval (kozyr.simulate.interval), in percent: ``[38.2–42.5]``."""
    low, high = bounds
    return f"[{low * 100:.1f}–{high * 100:.1f}]"


def _field_cells(stats: Mapping[str, Any], per: str) -> list[str]:
    true = f"{stats['rate']:.2%} {_interval(stats['rate_ci95'])}" if "rate" in stats else ""
    total = _fmt(stats["total"]) if "total" in stats else ""
    mean = _fmt(stats[per]) if per in stats else ""
    counts = stats.get("counts") or {}
    return [true, total, mean, " ".join(f"{k}:{v}" for k, v in counts.items())]


def _note_workers(args: argparse.Namespace, used: int) -> None:
    """Say so on stderr when ``--workers`` was more than the work or the CPUs allowed."""
    from kozyr.simulate.pool import cpu_count

    if used < args.workers:
        sys.stderr.write(
            f"kozyr simulate: note: --workers {args.workers} capped to {used} "
            f"(no more than the chunks of work or the {cpu_count()} usable CPU(s))\n"
        )


def _default_bot(args: argparse.Namespace) -> str:
    """The bot when ``--bot`` is not given: the variant's :attr:`~kozyr.variant.Variant.party_bot`
    for parties (random bidders in Pitch are set back without end, AP9), else ``random``."""
    return variant_of(args).party_bot if args.unit == "party" else "random"


def run(args: argparse.Namespace, out: TextIO) -> int:
    """``kozyr simulate``: many deals or parties with bots, aggregated."""
    from kozyr.simulate import simulate
    from kozyr.simulate.cluster import connect

    options = variant_options(args)
    n = _count(args.n, "-n", None)  # refused here, before a scheduler or a pool is started
    max_units = _count(args.max_deals, "--max-deals", 1)
    bot = bots_arg(_default_bot(args) if args.bot is None else args.bot)
    executor: Executor | None = None
    client: Any = None
    if args.scheduler:
        client, executor = connect(args.scheduler)
    bar: ProgressBar | None = None
    stderr = sys.stderr
    if not args.quiet and stderr.isatty():
        bar = ProgressBar(stderr, f"simulate {args.variant}")
    try:
        result = simulate(
            args.variant,
            options,
            n,
            args.seed,
            bot=bot,
            unit=args.unit,
            executor=executor,
            workers=args.workers,
            chunk=args.chunk,
            progress=bar,
            engine=args.engine,
            max_units=max_units,
        )
    finally:
        if bar is not None:
            bar.close()
        if client is not None:
            client.close()
    if executor is None:
        _note_workers(args, result.workers)
    if args.json:
        dump(result.to_json(), out)
    else:
        out.write(format_result(result) + "\n")
    return EXIT_OK


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    p = add_command(
        subparsers,
        "simulate",
        "play many deals or parties with bots and aggregate the results",
    )
    add_variant(p)
    p.add_argument("-n", default="1000", help="deals (or parties) to play; default 1000")
    p.add_argument(
        "--max-deals",
        default=str(MAX_UNITS),
        metavar="N",
        help=f"refuse an -n above N (default {MAX_UNITS:,}: a run that big is hours)",
    )
    p.add_argument(
        "--seed", type=seed_arg, default=0, help="run seed (0 or more); each deal's derives from it"
    )
    add_output(p)
    p.add_argument(
        "--bot",
        help="bot name, or one per seat separated by commas (random; for --unit party the "
        "variant's party bot, e.g. heuristic in Pitch)",
    )
    p.add_argument("--unit", choices=UNITS, default="deal", help="count deals or whole parties")
    p.add_argument("--workers", type=whole_number, default=1, help="processes; 0 = one per core")
    p.add_argument(
        "--chunk",
        type=whole_number,
        help="deals (or parties) per task of the reference engine (the batch engine plays "
        "batches of 16,384)",
    )
    p.add_argument(
        "--engine",
        choices=("auto", "batch", "reference"),
        default="auto",
        help="batch: many deals at once with numpy (random bots only); reference: deal by deal; "
        "auto (default): batch whenever it can",
    )
    p.add_argument("--scheduler", metavar="ADDRESS", help="run on a dask.distributed scheduler")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    return p


__all__ = ["ProgressBar", "format_result"]
