"""``kozyr rules VARIANT``: a variant's options with their defaults, values and rule ids."""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from kozyr.cli.output import EXIT_OK, add_command, add_options, dump, show, table, variant_of


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser = add_command(subparsers, "rules", "a variant's options, defaults and rule ids")
    parser.add_argument("variant")
    add_options(parser)
    return parser


def run(args: argparse.Namespace, out: TextIO) -> int:
    variant = variant_of(args)
    rows = []
    data = []
    for spec, value in variant.iter_options():
        rows.append(
            [spec.name, spec.describe(), show(spec.default), show(value), spec.rule, spec.doc]
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
        dump(
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
