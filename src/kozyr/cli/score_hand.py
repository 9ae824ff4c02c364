"""``kozyr score-hand VARIANT CARDS...``: the combination scoring of one hand."""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from kozyr.cli.output import EXIT_OK, add_command, add_variant, dump, variant_of


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser = add_command(subparsers, "score-hand", "combination scoring of one hand")
    add_variant(parser)
    parser.add_argument(
        "cards", nargs="+", metavar="CARDS", help="cards, one quoted argument or several"
    )
    return parser


def run(args: argparse.Namespace, out: TextIO) -> int:
    from kozyr.cardset import CardSet
    from kozyr.cli.report import items_table
    from kozyr.scoring import fraction_json, hand_json

    variant = variant_of(args)
    cards = CardSet.parse(" ".join(args.cards))
    sheet = variant.score_hand(cards)
    if args.json:
        dump(hand_json(variant.name, cards, sheet), out)
    else:
        out.write(
            f"{variant.name}: {cards}\n\n{items_table(sheet.items, seats=False)}\n\n"
            f"total: {fraction_json(sheet.total)}\n"
        )
    return EXIT_OK
