"""Helpers shared by the commands: exit codes, the common ``--json`` and ``-o`` arguments, plain
tables and JSON output. Light on purpose (standard library and :mod:`kozyr.errors` only): every
command module imports it at start-up."""

from __future__ import annotations

import argparse
import io
import json
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TextIO

from kozyr.errors import KozyrError, OptionError

if TYPE_CHECKING:
    from kozyr.limits import Limits
    from kozyr.variant import Variant

EXIT_OK = 0
#: Output could not be written (a full disk): one line on stderr, no partial file. (A closed
#: pipe is status 0: its reader has read all it wanted.)
EXIT_WRITE_ERROR = 1
EXIT_BAD_INPUT = 2
#: A plugin's code failed (a :class:`~kozyr.errors.HookError`), not the user's input.
EXIT_PLUGIN = 3
#: Interrupted by Ctrl-C (128 + SIGINT), after one line on stderr.
EXIT_INTERRUPTED = 130


def add_command(subparsers: Any, name: str, help: str) -> argparse.ArgumentParser:
    """A sub-parser for command ``name`` with the ``--json`` switch every command has.

    ``help`` is %-formatted by argparse in the command list (write ``%%`` for ``%``); the
    command's own description is printed as it is, so it gets the unescaped text.
    """
    description = help.replace("%%", "%")
    parser: argparse.ArgumentParser = subparsers.add_parser(
        name, help=help, description=description
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


def add_options(parser: argparse.ArgumentParser) -> None:
    """The repeatable ``-o NAME=VALUE`` variant option."""
    parser.add_argument(
        "-o",
        "--option",
        action="append",
        metavar="NAME=VALUE",
        help="a variant option (repeatable; kozyr rules VARIANT lists them)",
    )


def add_variant(parser: argparse.ArgumentParser) -> None:
    """What every command that takes a variant has: the ``VARIANT`` argument, ``--players`` and
    the ``-o`` options (read together by :func:`variant_of`)."""
    parser.add_argument(
        "variant", metavar="VARIANT", help="a variant name or alias (kozyr variants lists them)"
    )
    parser.add_argument(
        "--players",
        type=whole_number,
        metavar="N",
        help="number of players (the same as -o players=N; give it once)",
    )
    add_options(parser)


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


def dump(data: Any, out: TextIO) -> None:
    """Write one JSON object (``--json``)."""
    out.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def parse_options(pairs: Sequence[str] | None) -> dict[str, str]:
    """``-o NAME=VALUE`` arguments as a dict (values still strings)."""
    options: dict[str, str] = {}
    for pair in pairs or ():
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise OptionError(f"bad option {pair!r}: write -o NAME=VALUE")
        options[name.strip()] = value.strip()
    return options


def variant_options(args: argparse.Namespace) -> dict[str, Any]:
    """The variant options of ``-o NAME=VALUE`` and ``--players N`` (which must not disagree
    with ``-o players=…``)."""
    options: dict[str, Any] = parse_options(getattr(args, "option", None))
    players = getattr(args, "players", None)
    if players is not None:
        given = options.get("players")
        if given is not None and given != str(players):
            raise OptionError(
                f"--players {players} and -o players={given} disagree: give the number of "
                "players once"
            )
        options["players"] = players
    return options


def variant_of(args: argparse.Namespace) -> Variant:
    """The configured variant named by ``args.variant``, ``-o`` options and ``--players``."""
    from kozyr.registry import get_variant

    return get_variant(args.variant, **variant_options(args))


def read_input(path: str, limits: Limits | None = None) -> str:
    """The text of file ``path`` (``-``: standard input), read as bytes up to the record-size
    limit (so ``/dev/zero`` stops there) and decoded strictly as UTF-8: a binary file or bytes
    that are not UTF-8 are a :class:`~kozyr.errors.RecordError` with line and column."""
    from kozyr.jsontext import decode, read_limited
    from kozyr.limits import DEFAULT_LIMITS

    limits = limits or DEFAULT_LIMITS
    name = "standard input" if path == "-" else path
    try:
        if path == "-":
            binary = getattr(sys.stdin, "buffer", None)
            if binary is None:  # a text stream without bytes under it (e.g. io.StringIO)
                text = sys.stdin.read(limits.record_bytes + 1)
                data = text.encode("utf-8", "surrogateescape")
                binary = io.BytesIO(data)
            data = read_limited(binary, limits, name)
        else:
            with open(path, "rb") as handle:
                data = read_limited(handle, limits, name)
    except OSError as error:
        raise KozyrError(f"cannot read {name}: {error.strerror or error}") from None
    return decode(data, name)


def whole_number(text: str, *, digits: int = 20) -> int:
    """An integer flag's value (``--players``, ``--workers``, ``--dealer``, ``--port`` …):
    ASCII digits only, ``-`` first allowed, at most ``digits`` digits
    (:func:`kozyr.limits.parse_int`) -- ``int()`` took ``'١'``, ``'4'`` in fullwidth, ``'1_000'``
    and ``'+1'`` as numbers (#21). A mistake is argparse's one-line usage error, exit 2."""
    from kozyr.limits import parse_int

    try:
        return parse_int(text, "value", minimum=None, maximum=None, digits=digits)
    except KozyrError:
        if len(text) > 40:
            text = text[:40] + "…"
        raise argparse.ArgumentTypeError(
            f"expected a whole number in digits 0-9, got {text!r}"
        ) from None


def _positive(text: str) -> int:
    value = whole_number(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def seed_arg(text: str) -> int:
    """``--seed``: an int 0 or more (``random.Random`` would deal ``-1`` as ``1``)."""
    value = whole_number(text, digits=1000)
    if value < 0:
        raise argparse.ArgumentTypeError(
            f"seeds are 0 or more, not {value} (a negative seed would deal the cards of {-value})"
        )
    return value


def add_limits(parser: argparse.ArgumentParser) -> None:
    """``--max-bytes``, ``--max-depth``, ``--max-tricks``, ``--max-cards``: raise an input limit
    (:class:`kozyr.limits.Limits`; docs/reliability.md)."""
    group = parser.add_argument_group("input limits (docs/reliability.md)")
    group.add_argument("--max-bytes", type=_positive, metavar="N", help="record size (4194304)")
    group.add_argument("--max-depth", type=_positive, metavar="N", help="JSON nesting (64)")
    group.add_argument("--max-tricks", type=_positive, metavar="N", help="tricks in a deal (52)")
    group.add_argument("--max-cards", type=_positive, metavar="N", help="cards in a list (1000)")


def limits_of(args: argparse.Namespace) -> Limits:
    """The limits set by :func:`add_limits`'s flags (defaults for those not given)."""
    from kozyr.limits import Limits

    flags = {"record_bytes": "max_bytes", "depth": "max_depth", "tricks": "max_tricks"}
    flags["cards"] = "max_cards"
    given = {
        name: getattr(args, flag)
        for name, flag in flags.items()
        if getattr(args, flag, None) is not None
    }
    return Limits(**given)


def add_output(parser: argparse.ArgumentParser) -> None:
    """``--output PATH``: write the command's output to a file, atomically (a temporary file in
    the same folder, fsync, rename), never over an input file; ``-`` is standard output."""
    parser.add_argument(
        "--output",
        metavar="PATH",
        help="write the output to PATH atomically instead of standard output (not over the input)",
    )
    parser.set_defaults(
        output_by_main=True
    )  # kozyr.cli.main writes it (a command may do so itself)


def show(value: Any) -> str:
    """A value as the tables show it (booleans as ``true``/``false``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def bots_arg(bot: str) -> str | list[str]:
    """``--bot``: one name for every seat, or names per seat separated by commas."""
    return bot if "," not in bot else bot.split(",")


__all__ = [
    "EXIT_BAD_INPUT",
    "EXIT_INTERRUPTED",
    "EXIT_OK",
    "EXIT_PLUGIN",
    "EXIT_WRITE_ERROR",
    "add_command",
    "add_limits",
    "add_options",
    "add_output",
    "add_variant",
    "bots_arg",
    "dump",
    "limits_of",
    "parse_options",
    "read_input",
    "seed_arg",
    "show",
    "table",
    "variant_of",
    "variant_options",
]
