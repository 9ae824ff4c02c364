"""``kozyr rules VARIANT [ID]``: a variant's rules, then its options; or one rule by its id."""

from __future__ import annotations

import argparse
import textwrap
from typing import TYPE_CHECKING, Any, TextIO

from kozyr.cli.output import EXIT_OK, add_command, add_variant, dump, show, table, variant_of

if TYPE_CHECKING:
    from kozyr.rulebook import Rule, Rulebook
    from kozyr.variant import Variant


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser = add_command(
        subparsers, "rules", "a variant's rules, then its options; or one rule by its id"
    )
    add_variant(parser)
    parser.add_argument(
        "rule",
        nargs="?",
        metavar="ID",
        help="one rule or decision, e.g. SU4 or D-SU4 (any case); the conventions C1-C7 too",
    )
    return parser


def run(args: argparse.Namespace, out: TextIO) -> int:
    variant = variant_of(args)
    if args.rule is not None:
        rule = variant.rule(args.rule)
        options = _citing(variant, rule.id)
        if args.json:
            dump({"variant": variant.name, "rule": _rule_json(rule, options)}, out)
        else:
            out.write(_rule_text(rule, options))
        return EXIT_OK
    books = variant.rulebooks()
    own, others = (books[0], books[1:]) if variant.rules_files else (None, books)
    if args.json:
        dump(
            {
                "variant": variant.name,
                "title": variant.title,
                "title_ru": variant.title_ru,
                "rules_ref": variant.rules_ref,
                "players": list(variant.player_counts),
                "rulebook": own.name if own else None,
                "source": own.source if own else None,
                "intro": own.intro if own else None,
                "rules": [_rule_json(r, _citing(variant, r.id)) for r in own.rules] if own else [],
                "also": [_also_json(book) for book in others],
                "options": _options_json(variant),
            },
            out,
        )
        return EXIT_OK
    out.write(f"{variant.title} — {variant.title_ru}\n")
    if own is None:
        out.write(f"rules: {variant.rules_ref or '-'} (the plugin ships no rules text)\n\n")
    else:
        source = " ".join(own.source.split())
        out.write(textwrap.fill(f"source: {source}", WIDTH, subsequent_indent="  ") + "\n")
        out.write(f"rules: {variant.rules_ref}\n\n")
        for rule in own.rules:
            out.write(_rule_text(rule, _citing(variant, rule.id)) + "\n")
    also = "; ".join(f"{_span(book)} ({book.title})" for book in others)
    line = f"also cited: {also} — kozyr rules {variant.name} ID"
    out.write(textwrap.fill(line, WIDTH, subsequent_indent="  ") + "\n\n")
    out.write(_options_table(variant) + "\n")
    return EXIT_OK


def _citing(variant: Variant, rule_id: str) -> list[str]:
    """The options of ``variant`` that implement rule ``rule_id``."""
    return [spec.name for spec in variant.options_spec if spec.rule == rule_id]


#: Width of the text output (the rule texts are re-wrapped to it, indented by four).
WIDTH = 96


def _reflow(text: str) -> str:
    """A rule's Markdown text re-wrapped to :data:`WIDTH`, indented; list items stay items."""
    blocks: list[str] = []
    for paragraph in text.split("\n\n"):
        items: list[str] = []
        for line in paragraph.splitlines():
            if line.startswith("- ") or not items:
                items.append(line.strip())
            else:
                items[-1] += " " + line.strip()
        for item in items:
            hanging = "      " if item.startswith("- ") else "    "
            blocks.append(
                textwrap.fill(item, WIDTH, initial_indent="    ", subsequent_indent=hanging)
            )
        blocks.append("")
    return "\n".join(blocks).rstrip("\n")


def _rule_text(rule: Rule, options: list[str]) -> str:
    kind = " (kozyr's decision)" if rule.kind == "decision" else ""
    body = _reflow(rule.text)
    tail = f"    options: {', '.join(options)}\n" if options else ""
    return f"{rule.id} {rule.title}{kind}\n{body}\n{tail}"


def _rule_json(rule: Rule, options: list[str]) -> dict[str, Any]:
    return {**rule.to_json(), "options": options}


def _span(book: Rulebook) -> str:
    """The ids of a rules file in short: ``PN1–PN5, D-PN1–D-PN2``."""
    spans = []
    for kind in ("rule", "decision"):
        ids = sorted((r.id for r in book.rules if r.kind == kind), key=_number)
        if ids:
            spans.append(f"{ids[0]}–{ids[-1]}" if len(ids) > 1 else ids[0])
    return ", ".join(spans)


def _number(rule_id: str) -> int:
    """The number an id ends with (``SL-C17`` -> 17), to order ids numerically."""
    digits = rule_id[len(rule_id.rstrip("0123456789")) :]
    return int(digits) if digits else 0


def _also_json(book: Rulebook) -> dict[str, Any]:
    return {"rulebook": book.name, "title": book.title, "source": book.source, "ids": book.ids()}


def _options_json(variant: Variant) -> list[dict[str, Any]]:
    return [spec.to_json(value=value, with_value=True) for spec, value in variant.iter_options()]


def _options_table(variant: Variant) -> str:
    rows = [
        [spec.name, spec.describe(), show(spec.default), show(value), spec.rule, spec.doc]
        for spec, value in variant.iter_options()
    ]
    if not rows:
        return "(no options)"
    return table(rows, ["option", "allowed", "default", "value", "rule", "meaning"])
