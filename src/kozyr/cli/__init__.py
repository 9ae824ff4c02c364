"""The ``kozyr`` command (also ``python -m kozyr``).

Every command prints a human table, or one JSON object with ``--json``. Bad input exits with
status 2 and a one-line message on stderr (no traceback).

Adding a command
----------------
A command is a module ``kozyr/cli/NAME.py`` listed once in :data:`COMMANDS`. It exposes

* ``add_parser(subparsers) -> argparse.ArgumentParser`` -- adds its sub-parser, normally with
  :func:`kozyr.cli.output.add_command` (which gives every command ``--json``), and its arguments;
* ``run(args, out) -> int`` -- does the work, writes to ``out`` and returns the exit status
  (:data:`EXIT_OK`); bad input is raised as a :class:`~kozyr.errors.KozyrError`, which
  :func:`main` prints as one line and turns into :data:`EXIT_BAD_INPUT`.

At module level a command imports only the standard library, :mod:`kozyr.errors` and
:mod:`kozyr.cli.output`; everything else (registry, engine, scoring...) is imported inside
``run``, so that ``kozyr --help`` and the light commands start quickly.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from typing import TextIO

from kozyr.cli.output import EXIT_BAD_INPUT, EXIT_OK, table
from kozyr.errors import KozyrError, RecordError

#: The command modules (``kozyr.cli.<module>``), in the order ``kozyr --help`` lists them.
COMMANDS: tuple[str, ...] = (
    "variants",
    "rules",
    "score_hand",
    "replay",
    "sheet",
    "play",
    "plugins",
    "simulate",
    "serve",
)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``kozyr`` command."""
    parser = argparse.ArgumentParser(
        prog="kozyr",
        description="Score, replay and simulate games of the seven family "
        "(Семь листов, Семерик, Seven Up).",
    )
    parser.add_argument("--version", action=_Version, help="print the version")
    sub = parser.add_subparsers(
        dest="command", required=True, metavar="COMMAND", help="kozyr COMMAND --help for more"
    )
    for name in COMMANDS:
        module = importlib.import_module(f"kozyr.cli.{name}")
        module.add_parser(sub).set_defaults(func=module.run)
    return parser


class _Version(argparse.Action):
    """``--version``: looks the version up only when asked (reading the distribution's metadata
    costs about 15 ms, which every other command would pay at start-up)."""

    def __init__(self, option_strings: Sequence[str], dest: str, help: str | None = None):
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(self, parser: argparse.ArgumentParser, *args: object) -> None:
        sys.stdout.write(f"kozyr {_version()}\n")  # where argparse's own version action writes
        parser.exit()


def _version() -> str:
    """The installed distribution's version (the package itself is a layer above the CLI)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("kozyr")
    except PackageNotFoundError:  # pragma: no cover - run from a source tree, not installed
        return "unknown"


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line; returns the exit status (0 ok, 2 bad input)."""
    out = out or sys.stdout
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        status: int = args.func(args, out)
    except KozyrError as error:
        # a record error names its deal from 1 before the JSON path: deal 2 ($.deals[1])
        text = error.located() if isinstance(error, RecordError) else str(error)
        message = text.replace("\n", " ")
        print(f"kozyr {args.command}: {message}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:  # pragma: no cover - e.g. piped into head
        return EXIT_OK
    return status


def entry() -> None:
    """Console-script entry point."""
    sys.exit(main())


__all__ = ["COMMANDS", "EXIT_BAD_INPUT", "EXIT_OK", "build_parser", "entry", "main", "table"]
