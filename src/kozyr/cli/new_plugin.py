"""``kozyr new-plugin NAME``: a working plugin skeleton, as datasette's plugin template.

It writes ``kozyr-NAME/`` (or ``--dir``): a ``pyproject.toml`` with the ``kozyr.variants`` entry
point, a package ``kozyr_NAME`` with the hook module, a variant -- a small trick-taking game
with outcome fields, so ``kozyr keep`` and ``kozyr serve`` keep it at once through the core's
default party form -- its rules file with rule ids, ``py.typed``, and tests that run the
conformance kit. ``pip install ./kozyr-NAME && pytest kozyr-NAME`` passes as generated; then
change the game. Nothing is overwritten: an existing folder is refused.
"""

from __future__ import annotations

import argparse
import os
import re
from string import Template
from typing import Any, TextIO

from kozyr.cli.output import EXIT_OK, add_command, dump
from kozyr.errors import KozyrError

_NAME = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")

PYPROJECT = """\
[build-system]
requires = ["setuptools>=61", "wheel"]
build-backend = "setuptools.build_meta"

[project]
name = "kozyr-$name"
version = "0.1.0"
description = "$title: a kozyr plugin"
requires-python = ">=3.11"
dependencies = ["kozyr"]

[project.optional-dependencies]
test = ["pytest"]

[project.entry-points."kozyr.variants"]
$name = "$package.plugin"

[tool.setuptools.packages.find]
where = ["src"]

[tool.setuptools.package-data]
$package = ["py.typed", "*.rules.md"]
"""

INIT = '''\
"""$title: a kozyr plugin (made by ``kozyr new-plugin``)."""

from $package.variant import $cls

__all__ = ["$cls"]
'''

PLUGIN = '''\
"""The module the ``kozyr.variants`` entry point names: it registers the variant."""

from kozyr import VariantRegistry, hookimpl

from $package.variant import $cls


@hookimpl
def kozyr_register_variants(registry: VariantRegistry) -> None:
    """Register $title."""
    registry.add($cls)
'''

VARIANT = '''\
"""$title -- the rules are in $name.rules.md ($rules); ``kozyr rules $name`` prints them.

Made by ``kozyr new-plugin``: a small trick-taking game to start from. At the table a
scorekeeper writes down only the tricks each player took -- the outcome fields below -- and the
core's default party form adds the deals up, so ``kozyr keep`` and ``kozyr serve`` keep it.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any, ClassVar

from kozyr import (
    Deal,
    DealRecord,
    DealResult,
    Deck,
    FollowElseAny,
    OptionSpec,
    OutcomeField,
    Payment,
    RankOrder,
    RecordError,
    ScoreItem,
    ScoreSheet,
    Settlement,
    Variant,
)
from typing_extensions import override

ORDER = RankOrder.ace_high()
#: ${prefix}2: cards dealt to each player.
HAND = 5


class $cls(Variant):
    """$title (${prefix}1-${prefix}4)."""

    name = "$name"
    title = "$title"
    title_ru = "$title"
    rules_ref = "$rules"
    rules_files = ("$name.rules.md",)  # next to this module, shipped as package data
    player_counts = (2, 3, 4)
    turnup_key: ClassVar[str] = "turnup"
    record_fields: ClassVar[tuple[str, ...]] = ("tricks_won",)
    options_spec = (
        OptionSpec("players", int, 2, "${prefix}1", "number of players", choices=(2, 3, 4)),
    )
    #: ${prefix}3: follow suit when able, else any card (set it in ``__init__`` instead when it
    #: depends on the options)
    trick_rules = FollowElseAny(ORDER, rule="${prefix}3")

    @override
    def start(self, deal: Deal) -> None:
        """${prefix}2: shuffle, deal one at a time from eldest, turn up trump; ${prefix}3."""
        deck = Deck.of_size(32)
        deal.shuffle(deck)
        eldest = deal.next_seat(deal.dealer)
        order = [(eldest + i) % deal.n for i in range(deal.n)]
        deal.deal_hands(deck.deal_masks(order, [1] * HAND))
        turnup = deck.draw()[0]
        deal.turn_up(turnup)
        deal.set_trump(turnup.suit)
        deal.begin_play(eldest)

    @property
    @override
    def outcome_fields(self) -> tuple[OutcomeField, ...]:
        """What a scorekeeper writes down (${prefix}4): the dealer and each player's tricks."""
        return (
            OutcomeField("dealer", "seat", "Сдающий", "Dealer", "${prefix}2", core=True),
            OutcomeField(
                "tricks_won",
                "count",
                "Взятки",
                "Tricks",
                "${prefix}4",
                per="seat",
                maximum=HAND,
                total=HAND,  # ${prefix}2: the tricks of a deal add up to its hand size
            ),
        )

    @override
    def check_record(self, record: DealRecord, context: Mapping[str, Any]) -> None:
        if record.outcome:  # nothing more: the field's total checks the tricks add up
            return
        for seat, hand in enumerate(record.hands):
            if hand is None or len(hand) != HAND:
                held = 0 if hand is None else len(hand)
                message = f"seat {seat} holds {held} cards, not {HAND} (${prefix}2)"
                raise RecordError(f"$$.hands[{seat}]", message)
        if len(record.turnups) != 1:
            raise RecordError("$$.turnup", "give the one turned-up card (${prefix}2)")
        if record.tricks is None:
            raise RecordError("$$.tricks", "list every trick (${prefix}3)")

    @override
    def setup_replay(self, deal: Deal, record: DealRecord) -> None:
        deal.set_trump(record.turnups[0].suit)
        deal.begin_play(deal.next_seat(deal.dealer))

    @override
    def score(self, record: DealRecord, context: Mapping[str, Any]) -> DealResult:
        """${prefix}4: a point per trick; the one with fewer tricks pays the difference."""
        n = self.players
        tricks = record.decisions["tricks_won"] if record.outcome else record.tricks_won(n)
        items = tuple(
            ScoreItem("tricks", "Взятки", "Tricks", count, seat=seat, rule="${prefix}4")
            for seat, count in enumerate(tricks)
            if count
        )
        payments = [
            Payment(low, high, Fraction(tricks[high] - tricks[low]), "${prefix}4")
            for low in range(n)
            for high in range(n)
            if tricks[high] > tricks[low]
        ]
        sheet = ScoreSheet(items, n)
        settlement = Settlement.from_payments(n, payments)
        return DealResult(record, tuple(tricks), sheet, tuple(sheet.by_seat()), settlement)
'''

RULEBOOK = """\
# $title

Source: made by `kozyr new-plugin`; write your game's rules here. The ids are what the code and
its error messages cite; `kozyr rules $name` prints this file.

## ${prefix}1 Players and pack

Two to four players, each for himself, with a 32-card pack: 7 up to the ace, ace high.

## ${prefix}2 The deal

The dealer deals five cards one at a time, beginning with eldest on his left. The next card is
turned up and its suit is trump.

## ${prefix}3 Play

Eldest leads. Follow suit when you can, otherwise play any card. The highest trump wins the
trick, or without a trump the highest card of the suit led; the winner leads next.

## ${prefix}4 Scoring

One point per trick. For every pair of players, the one with fewer tricks pays the other the
difference.
"""

TESTS = '''\
"""$title passes kozyr's conformance kit and a kept party replays (``kozyr new-plugin``)."""

from __future__ import annotations

import pytest

import kozyr
from kozyr.testing import check_variant


@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance(players: int) -> None:
    # ${prefix}1-${prefix}4: deals played by bots replay exactly; parties; outcome records
    report = check_variant(kozyr.get_variant("$name", players=players), deals=20)
    assert report.deals == 20 and report.outcome_deals == 20


def test_a_kept_party_adds_up() -> None:
    # ${prefix}4 by hand: tricks 3:2 then 1:4 -- running totals 3:2 and 4:6
    party = {
        "variant": "$name",
        "deals": [{"dealer": 0, "tricks_won": [3, 2]}, {"dealer": 1, "tricks_won": [1, 4]}],
    }
    result = kozyr.replay(party)
    assert isinstance(result, kozyr.PartyResult)
    assert result.running == ((3, 2), (4, 6)) and result.winner == 1


def test_the_plugin_is_installed() -> None:
    (info,) = [p for p in kozyr.loaded_plugins() if p.name == "$name"]
    assert info.ok, (info.error, info.warnings, info.notes)
'''


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser = add_command(
        subparsers,
        "new-plugin",
        "write a working plugin skeleton (pyproject, variant, rules, tests) to start from",
    )
    parser.add_argument("name", help="the variant's name, a lower-case slug such as my-game")
    parser.add_argument(
        "--dir", default=None, help="the folder to create (default: ./kozyr-NAME); must not exist"
    )
    return parser


def files(name: str) -> dict[str, str]:
    """The skeleton of plugin ``name``: relative path -> text."""
    if not _NAME.fullmatch(name):
        raise KozyrError(
            f"plugin name {name!r} is not a lower-case slug (letters a-z, digits and single "
            "hyphens, beginning with a letter, as 'my-game')"
        )
    words = name.split("-")
    values = {
        "name": name,
        "package": "kozyr_" + name.replace("-", "_"),
        "cls": "".join(w.capitalize() for w in words),
        "title": " ".join(words).capitalize(),
        "prefix": "".join(w[0] for w in words).upper() + ("G" if len(words) == 1 else ""),
    }
    values["rules"] = f"{values['prefix']}1-{values['prefix']}4"
    package = f"src/{values['package']}"
    test_name = values["package"].removeprefix("kozyr_")
    templates = {
        "pyproject.toml": PYPROJECT,
        f"{package}/__init__.py": INIT,
        f"{package}/plugin.py": PLUGIN,
        f"{package}/variant.py": VARIANT,
        f"{package}/{name}.rules.md": RULEBOOK,
        f"{package}/py.typed": "",
        f"tests/test_{test_name}.py": TESTS,
    }
    return {path: Template(text).substitute(values) for path, text in templates.items()}


def run(args: argparse.Namespace, out: TextIO) -> int:
    from kozyr.atomic import write_atomic

    skeleton = files(args.name)
    target = args.dir or f"kozyr-{args.name}"
    if os.path.exists(target):
        raise KozyrError(f"{target} already exists: kozyr new-plugin writes a new folder only")
    for path, text in skeleton.items():
        full = os.path.join(target, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        write_atomic(full, text)
    if args.json:
        dump({"folder": target, "files": sorted(skeleton)}, out)
    else:
        out.write(
            f"wrote {target}: {len(skeleton)} files\n"
            f"next: pip install -e {target}[test] && pytest {target}\n"
        )
    return EXIT_OK
