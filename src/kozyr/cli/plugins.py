"""``kozyr plugins``: every plugin with its distribution, version, variants and load error."""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from kozyr.cli.output import EXIT_OK, add_command, dump, table


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    return add_command(
        subparsers,
        "plugins",
        "every plugin with its distribution, version, variants and load error",
    )


def run(args: argparse.Namespace, out: TextIO) -> int:
    from kozyr.registry import manager

    infos = manager().plugins
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
                        "error": p.error,
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
                p.distribution or "(runtime)",
                p.version or "",
                ", ".join(p.variants),
                p.error or "ok",
            ]
            for p in infos
        ]
        out.write(table(rows, ["plugin", "distribution", "version", "variants", "status"]) + "\n")
    return EXIT_OK
