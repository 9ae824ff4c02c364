"""``kozyr play VARIANT [--seed S]``: a deal (or with ``--party`` a whole party) played by bots."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any, TextIO

from kozyr.cli.output import (
    EXIT_OK,
    add_command,
    add_output,
    add_variant,
    bots_arg,
    dump,
    seed_arg,
    variant_of,
    whole_number,
)
from kozyr.errors import KozyrError

if TYPE_CHECKING:
    from kozyr.variant import Variant


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser = add_command(subparsers, "play", "a full deal played by bots, trick by trick")
    add_variant(parser)
    parser.add_argument(
        "--seed",
        type=seed_arg,
        default=0,
        help="the deal's seed (0 or more, default 0 as for simulate; printed with the deal): "
        "the same seed, the same deal",
    )
    parser.add_argument(
        "--dealer",
        type=whole_number,
        default=0,
        metavar="SEAT",
        help="the dealer's seat (default 0)",
    )
    add_output(parser)
    parser.add_argument(
        "--bot",
        default=None,
        help="bot name, or one per seat separated by commas (default random; for --party the "
        "variant's party bot, random unless its random parties rarely end)",
    )
    parser.add_argument(
        "--party",
        action="store_true",
        help="play a whole party (game, race or rubber) instead of one deal; --dealer deals first",
    )
    return parser


def run(args: argparse.Namespace, out: TextIO) -> int:
    from kozyr.bots import play_deal
    from kozyr.cli.report import deal_text

    variant = variant_of(args)
    if not 0 <= args.dealer < variant.players:
        raise KozyrError(f"--dealer must be a seat 0..{variant.players - 1}")
    default = variant.party_bot if args.party else "random"
    bots = bots_arg(default if args.bot is None else args.bot)
    if args.party:
        return _play_party(variant, args, bots, out)
    deal = play_deal(variant, seed=args.seed, dealer=args.dealer, bots=bots)
    result = deal.result()
    record = deal.record
    if args.json:
        dump({"record": record.to_json(variant), "result": result.to_json()}, out)
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
    out.write(deal_text(result) + "\n")
    return EXIT_OK


def _play_party(
    variant: Variant, args: argparse.Namespace, bots: str | list[str], out: TextIO
) -> int:
    from kozyr import party
    from kozyr.cli.report import party_text

    if not party.has_party_form(variant):
        raise KozyrError(f"{variant.name} has no party form")
    result = party.play_party(variant, seed=args.seed, dealer=args.dealer, bots=bots)
    assert result.record is not None
    if args.json:
        dump({"record": result.record.to_json(variant), "result": result.to_json()}, out)
    else:
        out.write(f"{variant.title} — a party, seed {args.seed}\n{party_text(result)}\n")
    return EXIT_OK
