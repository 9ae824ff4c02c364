"""``kozyr plugins``: every plugin with its distribution, version, what it registered and any
load error or warning; ``--strict`` exits 1 when any plugin has one (for plugin authors' CI)."""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from kozyr.cli.output import EXIT_OK, add_command, dump, table

#: ``kozyr plugins --strict`` when a plugin failed to load or had a name dropped.
EXIT_PLUGIN_PROBLEM = 1


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser = add_command(
        subparsers,
        "plugins",
        "every plugin with its distribution, version, variants and load error",
    )
    parser.add_argument(
        "--strict",
        action="store_true",
        help="exit with status 1 if any plugin failed to load or had a warning",
    )
    return parser


def _status(info: Any) -> str:
    if info.disabled:
        return "disabled"
    if info.error:
        return str(info.error)
    if info.warnings or info.notes:
        return "warning: " + "; ".join([*info.warnings, *info.notes])
    return "ok"


def run(args: argparse.Namespace, out: TextIO) -> int:
    from kozyr.registry import manager

    pm = manager()
    pm.load_all()  # a lazily registered variant that fails to import is reported here
    infos = pm.plugins
    if args.json:
        dump(
            {
                "plugins": [
                    {
                        "name": p.name,
                        "distribution": p.distribution,
                        "version": p.version,
                        "builtin": p.builtin,
                        "variants": p.variants,
                        "bots": p.bots,
                        "sheet_formats": p.sheet_formats,
                        "error": p.error,
                        "warnings": p.warnings,
                        "disabled": p.disabled,
                        "notes": p.notes,
                        "source": p.source,
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
                p.distribution or (f"({p.source})" if p.source else "(runtime)"),
                p.version or "",
                ", ".join([*p.variants, *(f"bot {b}" for b in p.bots)])
                + "".join(f", sheet {f}" for f in p.sheet_formats),
                _status(p),
            ]
            for p in infos
        ]
        out.write(table(rows, ["plugin", "distribution", "version", "variants", "status"]) + "\n")
    if args.strict and any(not p.ok for p in infos if not p.disabled):
        return EXIT_PLUGIN_PROBLEM
    return EXIT_OK
