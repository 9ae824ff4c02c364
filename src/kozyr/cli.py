"""The ``kozyr`` command (also ``python -m kozyr``).

Every command prints a human table, or one JSON object with ``--json``. Bad input exits with
status 2 and a one-line message on stderr (no traceback).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from kozyr.bots import play_deal
from kozyr.cardset import CardSet
from kozyr.errors import KozyrError, OptionError
from kozyr.party import has_party_form, play_party
from kozyr.plugins import get_variant, manager
from kozyr.records import DealResult, PartyResult, load, replay
from kozyr.scoring import ScoreItem, fraction_json
from kozyr.variant import Variant

EXIT_OK = 0
EXIT_BAD_INPUT = 2


# --- output helpers ---------------------------------------------------------------------------


def table(rows: Sequence[Sequence[Any]], header: Sequence[str]) -> str:
    """A plain-text table with a header rule; cells are converted with ``str``."""
    cells = [
        [str(c) for c in header],
        *[[("" if c is None else str(c)) for c in row] for row in rows],
    ]
    widths = [max(len(row[i]) for row in cells) for i in range(len(header))]
    lines = [
        "  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row)).rstrip() for row in cells
    ]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def _items_table(items: Sequence[ScoreItem], *, seats: bool = True) -> str:
    header = ["item", "label", "points", "cards"] + (["seat", "side"] if seats else []) + ["rule"]
    rows = []
    for item in items:
        row: list[Any] = [
            item.name,
            f"{item.label_ru} / {item.label_en}",
            item.points,
            " ".join(map(str, item.cards)),
        ]
        if seats:
            row += [item.seat, item.side]
        rows.append([*row, item.rule])
    return table(rows, header) if rows else "(no items)"


def _dump(data: Any, out: TextIO) -> None:
    out.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def _parse_options(pairs: Sequence[str] | None) -> dict[str, str]:
    options: dict[str, str] = {}
    for pair in pairs or ():
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise OptionError(f"bad option {pair!r}: write -o NAME=VALUE")
        options[name.strip()] = value.strip()
    return options


def _variant(args: argparse.Namespace) -> Variant:
    options: dict[str, Any] = _parse_options(getattr(args, "option", None))
    players = getattr(args, "players", None)
    if players is not None:
        options["players"] = players
    return get_variant(args.variant, **options)


# --- commands ---------------------------------------------------------------------------------


def cmd_variants(args: argparse.Namespace, out: TextIO) -> int:
    pm = manager()
    rows = []
    data = []
    for cls in pm.variants():
        plugin = pm.plugin_of(cls.name)
        source = (
            plugin.distribution
            if plugin and plugin.distribution
            else (plugin.name if plugin else "")
        )
        players = ", ".join(map(str, cls.player_counts))
        rows.append([cls.name, ", ".join(cls.aliases), players, cls.rules_ref, source])
        data.append(
            {
                "name": cls.name,
                "aliases": list(cls.aliases),
                "title": cls.title,
                "title_ru": cls.title_ru,
                "players": list(cls.player_counts),
                "rules": cls.rules_ref,
                "plugin": plugin.name if plugin else None,
                "distribution": plugin.distribution if plugin else None,
            }
        )
    if args.json:
        _dump({"variants": data}, out)
    else:
        out.write(table(rows, ["variant", "aliases", "players", "rules", "plugin"]) + "\n")
    return EXIT_OK


def cmd_rules(args: argparse.Namespace, out: TextIO) -> int:
    variant = _variant(args)
    rows = []
    data = []
    for spec, value in variant.iter_options():
        rows.append(
            [spec.name, spec.describe(), _show(spec.default), _show(value), spec.rule, spec.doc]
        )
        data.append(
            {
                "name": spec.name,
                "type": spec.type.__name__,
                "allowed": list(spec.choices) if spec.choices is not None else None,
                "minimum": spec.minimum,
                "maximum": spec.maximum,
                "default": spec.default,
                "value": value,
                "rule": spec.rule,
                "doc": spec.doc,
            }
        )
    if args.json:
        _dump(
            {
                "variant": variant.name,
                "title": variant.title,
                "title_ru": variant.title_ru,
                "rules": variant.rules_ref,
                "players": list(variant.player_counts),
                "options": data,
            },
            out,
        )
    else:
        out.write(f"{variant.title} — {variant.title_ru}\nrules: {variant.rules_ref}\n\n")
        out.write(table(rows, ["option", "allowed", "default", "value", "rule", "meaning"]) + "\n")
    return EXIT_OK


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def cmd_score_hand(args: argparse.Namespace, out: TextIO) -> int:
    variant = _variant(args)
    cards = CardSet.parse(" ".join(args.cards))
    sheet = variant.score_hand(cards)
    if args.json:
        _dump(
            {
                "variant": variant.name,
                "cards": [str(c) for c in cards],
                "total": sheet.total,
                "items": [item.to_json() for item in sheet.items],
            },
            out,
        )
    else:
        out.write(
            f"{variant.name}: {cards}\n\n{_items_table(sheet.items, seats=False)}\n\n"
            f"total: {sheet.total}\n"
        )
    return EXIT_OK


def _read_input(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except OSError as error:
        raise KozyrError(f"cannot read {path}: {error.strerror}") from None


def _deal_text(result: DealResult, title: str = "") -> str:
    lines = [title] if title else []
    lines.append("tricks per seat: " + " ".join(map(str, result.tricks)))
    lines.append(_items_table(result.sheet.items))
    label = "points per side" if result.sheet.sides else "points per seat"
    lines.append(f"{label}: " + " ".join(map(str, result.points)))
    for key, value in result.extra.items():
        lines.append(f"{key}: {_text(value)}")
    net = result.settlement.net()
    if any(net):
        lines.append("settlement (net per seat): " + " ".join(str(fraction_json(x)) for x in net))
    return "\n".join(lines)


def _text(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return " ".join(_text(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k}={_text(v)}" for k, v in value.items())
    return _show(value) if value is not None else "-"


def _party_text(result: PartyResult) -> str:
    parts = []
    for i, deal in enumerate(result.deals):
        parts.append(_deal_text(deal, f"== deal {i + 1} (dealer seat {deal.record.dealer}) =="))
        if i < len(result.running):
            parts.append("running: " + " ".join(str(fraction_json(x)) for x in result.running[i]))
    parts.append("== party ==")
    parts.append(f"winner: {_text(result.winner)}")
    parts.append(f"loser: {_text(result.loser)}")
    for key, value in result.extra.items():
        parts.append(f"{key}: {_text(value)}")
    parts.append(
        "settlement (net per seat): "
        + " ".join(str(fraction_json(x)) for x in result.settlement.net())
    )
    return "\n".join(parts)


def cmd_replay(args: argparse.Namespace, out: TextIO) -> int:
    result = replay(load(_read_input(args.file)))
    if args.json:
        _dump(result.to_json(), out)
    elif isinstance(result, PartyResult):
        out.write(_party_text(result) + "\n")
    else:
        out.write(
            _deal_text(result, f"{result.record.variant}, dealer seat {result.record.dealer}")
            + "\n"
        )
    return EXIT_OK


def cmd_play(args: argparse.Namespace, out: TextIO) -> int:
    variant = _variant(args)
    if not 0 <= args.dealer < variant.players:
        raise KozyrError(f"--dealer must be a seat 0..{variant.players - 1}")
    bots: str | list[str] = args.bot if "," not in args.bot else args.bot.split(",")
    if args.party:
        return _play_party(variant, args, bots, out)
    deal = play_deal(variant, seed=args.seed, dealer=args.dealer, bots=bots)
    result = deal.result()
    record = deal.record()
    if args.json:
        _dump({"record": record.to_json(variant), "result": result.to_json()}, out)
        return EXIT_OK
    out.write(f"{variant.title} — seed {args.seed}, dealer seat {deal.dealer}\n")
    for seat, hand in enumerate(record.hands):
        out.write(f"seat {seat}: {hand if hand is not None else '-'}\n")
    if record.turnups:
        out.write("turned up: " + " ".join(map(str, record.turnups)) + "\n")
    tricks = list(record.tricks or ())
    played = 0
    for action in deal.history:  # decisions where they happened, tricks as they completed
        if action.kind != "play":
            out.write(f"  {action}\n")
            continue
        played += 1
        if tricks and played == len(tricks[0].plays):
            trick = tricks.pop(0)
            plays = "  ".join(f"{p.seat}:{p.card}" for p in trick.plays)
            out.write(f"trick {trick.number + 1:2}: {plays}   -> seat {trick.winner}\n")
            played = 0
    out.write(_deal_text(result) + "\n")
    return EXIT_OK


def _play_party(
    variant: Variant, args: argparse.Namespace, bots: str | list[str], out: TextIO
) -> int:
    if not has_party_form(variant):
        raise KozyrError(f"{variant.name} has no party form")
    party = play_party(variant, seed=args.seed, first_dealer=args.dealer, bots=bots)
    assert party.record is not None
    if args.json:
        _dump({"record": party.record.to_json(variant), "result": party.to_json()}, out)
    else:
        out.write(f"{variant.title} — a party, seed {args.seed}\n{_party_text(party)}\n")
    return EXIT_OK


def cmd_plugins(args: argparse.Namespace, out: TextIO) -> int:
    infos = manager().plugins
    if args.json:
        _dump(
            {
                "plugins": [
                    {
                        "name": p.name,
                        "distribution": p.distribution,
                        "version": p.version,
                        "builtin": p.builtin,
                        "variants": p.variants,
                        "error": p.error,
                    }
                    for p in infos
                ]
            },
            out,
        )
    else:
        rows = [
            [
                p.name,
                p.distribution or "(runtime)",
                p.version or "",
                ", ".join(p.variants),
                p.error or "ok",
            ]
            for p in infos
        ]
        out.write(table(rows, ["plugin", "distribution", "version", "variants", "status"]) + "\n")
    return EXIT_OK


# --- parser -----------------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``kozyr`` command."""
    parser = argparse.ArgumentParser(
        prog="kozyr",
        description="Score, replay and simulate games of the seven family "
        "(Семь листов, Семерик, Seven Up).",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def add(
        name: str, func: Callable[[argparse.Namespace, TextIO], int], help: str
    ) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help, description=help)
        p.add_argument("--json", action="store_true", help="print one JSON object")
        p.set_defaults(func=func)
        return p

    def options(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "-o",
            "--option",
            action="append",
            metavar="NAME=VALUE",
            help="a variant option (repeatable)",
        )

    add("variants", cmd_variants, "list installed variants")
    p = add("rules", cmd_rules, "a variant's options, defaults and rule ids")
    p.add_argument("variant")
    options(p)
    p = add("score-hand", cmd_score_hand, "combination scoring of one hand")
    p.add_argument("variant")
    p.add_argument("cards", nargs="+", help="cards, one quoted argument or several")
    options(p)
    p = add("replay", cmd_replay, "validate and score a deal or party record (FILE or - for stdin)")
    p.add_argument("file")
    p = add("play", cmd_play, "a full deal played by bots, trick by trick")
    p.add_argument("variant")
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--players", type=int)
    p.add_argument("--dealer", type=int, default=0)
    p.add_argument("--bot", default="random", help="bot name, or one per seat separated by commas")
    p.add_argument(
        "--party",
        action="store_true",
        help="play a whole party (game, race or rubber) instead of one deal; --dealer deals first",
    )
    options(p)
    add(
        "plugins",
        cmd_plugins,
        "every plugin with its distribution, version, variants and load error",
    )
    _add_simulate(sub, add, options)
    return parser


def _add_simulate(sub: Any, add: Any, options: Any) -> None:
    """Register ``kozyr simulate`` when the simulation module is present."""
    try:
        from kozyr.simulate import add_parser
    except ImportError:
        return
    add_parser(add, options)


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line; returns the exit status (0 ok, 2 bad input)."""
    out = out or sys.stdout
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        status: int = args.func(args, out)
    except KozyrError as error:
        message = str(error).replace("\n", " ")
        print(f"kozyr {args.command}: {message}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:  # pragma: no cover - e.g. piped into head
        return EXIT_OK
    return status


def entry() -> None:
    """Console-script entry point."""
    sys.exit(main())


__all__ = ["build_parser", "main", "table"]
