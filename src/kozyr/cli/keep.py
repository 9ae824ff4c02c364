"""``kozyr keep FILE [VARIANT]``: an interactive scorekeeper for a real table.

Asks, deal after deal, exactly the variant's declared outcome fields, checks each answer at once
with the messages of ``kozyr replay``, shows the running sheet, and writes FILE atomically after
every deal; started again on FILE it resumes, in the language FILE was kept in. ``undo``,
``redo``, ``edit N``, ``back`` and ``quit`` work at any question; after a game, ``next`` starts
the evening's next game in the same FILE. See :mod:`kozyr.keep`.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, TextIO

from kozyr.cli.output import add_command, add_options, parse_options
from kozyr.errors import HookError, KozyrError, OutputError, RecordError
from kozyr.i18n import say_error


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser = add_command(
        subparsers,
        "keep",
        "keep score at the table: asks each deal's outcome, saves FILE after every deal",
    )
    parser.add_argument("file", help="the party record to write (resumed when it exists)")
    parser.add_argument("variant", nargs="?", help="the variant (not needed to resume)")
    parser.add_argument(
        "--players", metavar="NAMES", help='player names, one per seat: "Аня,Боря,Вера,Гоша"'
    )
    parser.add_argument(
        "--lang",
        choices=("ru", "en"),
        help="language of the questions (default en; kept in FILE, so a resumed game asks in it)",
    )
    add_options(parser)
    return parser


def keep_refusal(variant: Any) -> str | None:
    """Why ``kozyr keep`` cannot keep this variant, said before the first question (#23), or
    None: it needs outcome fields to ask, and a party form to add the deals up."""
    if not variant.outcome_fields:
        return (
            f"kozyr keep cannot keep {variant.name}: it declares no outcome fields, so there is "
            "nothing to ask at the table (Variant.outcome_fields); score its deals with "
            "kozyr replay"
        )
    if not variant.has_party_form():  # pragma: no cover - outcome fields give the default form
        return f"kozyr keep cannot keep {variant.name}: it has no party form"
    return None


def run(args: argparse.Namespace, out: TextIO) -> int:
    """The session; a refusal before it starts is said in its language (``--lang``, or the
    ``lang`` FILE was kept in): ``kozyr keep f.json po-noskam --players 1,0 --lang ru``."""
    try:
        return _run(args, out)
    except (OutputError, HookError):
        raise
    except KozyrError as error:
        lang = args.lang or _stored_lang(args.file)
        if lang in (None, "en"):
            raise
        text = error.located() if isinstance(error, RecordError) else str(error)
        raise KozyrError(say_error(lang, text)) from error


def _stored_lang(path: str) -> str | None:
    from kozyr.keep import load_record

    try:
        record = load_record(path)
    except KozyrError:
        return None
    lang = record.get("lang") if isinstance(record, dict) else None
    return lang if isinstance(lang, str) else None


def _run(args: argparse.Namespace, out: TextIO) -> int:
    from kozyr.keep import Keeper, check_seat_names, load_record, parse_names
    from kozyr.registry import get_variant

    if args.json:
        raise KozyrError("keep asks questions; for JSON use kozyr sheet FILE --json")
    record = load_record(args.file)
    if record is not None:
        if args.option:
            raise KozyrError(f"{args.file} already sets the options; resume without -o")
        game = record["games"][-1] if "games" in record else record
        source = {**record, **game} if "games" in record else record
        variant = get_variant(str(source.get("variant")), **(source.get("options") or {}))
        if args.variant is not None and get_variant(args.variant).name != variant.name:
            raise KozyrError(f"{args.file} is a {variant.name} record, not {args.variant}")
        saved = source.get("players")
        names = (
            list(saved) if isinstance(saved, list) else parse_names(args.players, variant.players)
        )
        check_seat_names(names, "$.players")
        if args.players is not None and parse_names(args.players, variant.players) != names:
            raise KozyrError(f"{args.file} names the players {', '.join(names)}; drop --players")
        stored = record.get("lang")
        lang = args.lang or (stored if stored in ("ru", "en") else "en")
    else:
        if args.variant is None:
            raise KozyrError(f"{args.file} does not exist yet: name the variant to start it")
        options: dict[str, Any] = dict(parse_options(args.option))
        if args.players is not None and "players" not in options:
            options["players"] = len([n for n in args.players.split(",")])
        variant = get_variant(args.variant, **options)
        names = parse_names(args.players, variant.players)
        lang = args.lang or "en"
    refusal = keep_refusal(variant)
    if refusal is not None:
        raise KozyrError(refusal)
    keeper = Keeper(args.file, variant, names, sys.stdin, out, lang=lang, record=record or {})
    return keeper.run()
