"""``kozyr variants``: the installed variants with their aliases, players, rules and plugin."""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from kozyr.cli.output import EXIT_OK, add_command, dump, table


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    return add_command(subparsers, "variants", "list installed variants")


def run(args: argparse.Namespace, out: TextIO) -> int:
    from kozyr.registry import manager

    pm = manager()
    rows = []
    data = []
    for cls in pm.variants():
        plugin = pm.plugin_of(cls.name)
        source = (
            plugin.distribution
            if plugin and plugin.distribution
            else (plugin.name if plugin else "")
        )
        players = ", ".join(map(str, cls.player_counts))
        rows.append([cls.name, ", ".join(cls.aliases), players, cls.rules_ref, source])
        data.append(
            {
                "name": cls.name,
                "aliases": list(cls.aliases),
                "title": cls.title,
                "title_ru": cls.title_ru,
                "players": list(cls.player_counts),
                "rules": cls.rules_ref,
                "plugin": plugin.name if plugin else None,
                "distribution": plugin.distribution if plugin else None,
            }
        )
    if args.json:
        dump({"variants": data}, out)
    else:
        out.write(table(rows, ["variant", "aliases", "players", "rules", "plugin"]) + "\n")
    return EXIT_OK
