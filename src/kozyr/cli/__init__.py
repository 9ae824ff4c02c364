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
import io
import os
import sys
import warnings
from collections.abc import Sequence
from typing import TextIO

from typing_extensions import override

from kozyr.atomic import check_not_input, describe_os_error, write_atomic
from kozyr.cli.output import (
    EXIT_BAD_INPUT,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_PLUGIN,
    EXIT_WRITE_ERROR,
    table,
)
from kozyr.errors import HookError, KozyrError, OutputError, PluginWarning, RecordError

#: The command modules (``kozyr.cli.<module>``), in the order ``kozyr --help`` lists them.
COMMANDS: tuple[str, ...] = (
    "variants",
    "rules",
    "score_hand",
    "replay",
    "analyse",
    "advise",
    "sheet",
    "stats",
    "keep",
    "play",
    "plugins",
    "new_plugin",
    "simulate",
    "arena",
    "serve",
    "completion",
)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``kozyr`` command."""
    parser = argparse.ArgumentParser(
        prog="kozyr",
        description="Score, replay and simulate games of the seven family "
        "(Семь листов, Семерик, Seven Up).",
    )
    parser.add_argument("--version", action=_Version, help="print the version")
    parser.add_argument(
        "--traceback",
        action="store_true",
        help="when a plugin's code fails (exit status 3), print the traceback after the message",
    )
    parser.add_argument(
        "--plugin",
        action="append",
        metavar="MODULE",
        default=[],
        help="load a plugin module (or .py file) that is not installed, as pytest's -p; "
        "repeat for more (KOZYR_PLUGINS=mod1,mod2 does the same)",
    )
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

    @override
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


class _Guarded(io.TextIOBase):
    """Standard output whose write errors (a full disk, a closed pipe) are an
    :class:`OutputError`, so they are reported and never end in exit status 0."""

    def __init__(self, stream: TextIO) -> None:
        super().__init__()
        self.stream = stream

    @override
    def write(self, text: str) -> int:
        try:
            return self.stream.write(text)
        except OSError as error:
            raise _stdout_error(error) from None

    @override
    def flush(self) -> None:
        if getattr(self.stream, "closed", False):
            return  # nothing is left to flush (the wrapper is collected after its stream closed)
        try:
            self.stream.flush()
        except OSError as error:
            raise _stdout_error(error) from None


def _stdout_error(error: OSError) -> OutputError:
    return OutputError(f"cannot write to standard output: {describe_os_error(error)}")


def _inputs(args: argparse.Namespace) -> list[str]:
    """The files a command reads (``--output`` must not overwrite them)."""
    inputs: list[str] = []
    for name in ("file", "files", "input", "inputs"):
        value = getattr(args, name, None)
        if isinstance(value, str):
            inputs.append(value)
        elif isinstance(value, list):
            inputs.extend(v for v in value if isinstance(v, str))
    return inputs


def _silence_stdout() -> None:
    """After a broken pipe, point stdout at /dev/null so the exit-time flush cannot fail."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # pragma: no cover - no real stdout (e.g. under a test)
        pass


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line; returns the exit status: 0 ok (also when the reader of a pipe
    closed it early, and for ``kozyr`` alone, which prints the help), 1 output could not be
    written (:class:`OutputError`: a full disk, an unwritable ``--output``), 2 bad input (any
    other :class:`KozyrError`), 3 a plugin's code failed (:class:`~kozyr.errors.HookError`;
    ``--traceback`` adds the traceback), 130 interrupted. Each failure is one line on stderr,
    never a traceback unless asked for."""
    parser = build_parser()
    stream = out or sys.stdout
    if not (sys.argv[1:] if argv is None else argv):  # `kozyr` alone: the help, as git does
        try:
            parser.print_help(stream)
        except BrokenPipeError:
            _silence_stdout()
        return EXIT_OK
    args = parser.parse_args(argv)
    with warnings.catch_warnings():
        # a refused or broken plugin is told once per command, below, not as a Python warning
        warnings.simplefilter("ignore", PluginWarning)
        _load_plugins(args)
        return _run(args, stream)


def _load_plugins(args: argparse.Namespace) -> None:
    """Load the ``--plugin`` modules, then print one line on stderr for every plugin that
    failed to load or was refused, before every command (``kozyr plugins`` itself reports them
    in full)."""
    from kozyr.registry import manager

    for module in args.plugin:
        manager().load_module(module)
    if args.command == "plugins":
        return
    for info in manager().broken():
        where = f" ({info.distribution})" if info.distribution else ""
        error = str(info.error).replace("\n", " ")
        try:
            print(
                f"kozyr: warning: plugin {info.name}{where}: {error} (see kozyr plugins)",
                file=sys.stderr,
            )
        except OSError:  # pragma: no cover - stderr itself is gone
            return


def _run(args: argparse.Namespace, stream: TextIO) -> int:
    # --output of add_output is written here; a command that writes its own file does not ask
    target: str | None = getattr(args, "output", None)
    if target == "-" or not getattr(args, "output_by_main", False):
        target = None
    try:
        if target is not None:
            check_not_input(target, _inputs(args))
            buffer = io.StringIO()
            status: int = args.func(args, buffer)
            write_atomic(target, buffer.getvalue(), inputs=_inputs(args))
        else:
            guarded = _Guarded(stream)
            status = args.func(args, guarded)
            guarded.flush()
    except OutputError as error:
        if target is None and isinstance(error.__context__, BrokenPipeError):
            # the reader closed the pipe (`kozyr rules seven-up | head -1`): it has read all it
            # wanted, so quietly status 0, as coreutils and git do
            _silence_stdout()
            return EXIT_OK
        _report(args, error)
        return EXIT_WRITE_ERROR
    except HookError as error:  # the plugin's code failed, not the input
        _report(args, error)
        if args.traceback:
            import traceback

            traceback.print_exception(error, file=sys.stderr)
        return EXIT_PLUGIN
    except KozyrError as error:
        _report(args, error)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print(f"kozyr {args.command}: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    return status


def _report(args: argparse.Namespace, error: Exception) -> None:
    # a record error names its deal from 1 before the JSON path: deal 2 ($.deals[1])
    text = error.located() if isinstance(error, RecordError) else str(error)
    message = text.replace("\n", " ")
    try:
        print(f"kozyr {args.command}: {message}", file=sys.stderr)
    except OSError:  # pragma: no cover - stderr itself is gone
        pass


def entry() -> None:
    """Console-script entry point (Ctrl-C anywhere: one line, exit status 130)."""
    try:
        status = main()
    except KeyboardInterrupt:
        print("kozyr: interrupted", file=sys.stderr)
        status = EXIT_INTERRUPTED
    except BrokenPipeError:  # argparse's own --help or usage into a closed pipe
        _silence_stdout()
        status = EXIT_OK
    sys.exit(status)


__all__ = [
    "COMMANDS",
    "EXIT_BAD_INPUT",
    "EXIT_INTERRUPTED",
    "EXIT_OK",
    "EXIT_PLUGIN",
    "EXIT_WRITE_ERROR",
    "build_parser",
    "entry",
    "main",
    "table",
]
