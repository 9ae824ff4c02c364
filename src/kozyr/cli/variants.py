"""``kozyr variants``: the installed variants with their aliases, players, rules and plugin, and
the bots plugins registered for them (hook ``kozyr_register_bots``)."""

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
    bots = pm.bots()
    for cls in pm.variants():
        plugin = pm.plugin_of(cls.name)
        source = (
            plugin.distribution
            if plugin and plugin.distribution
            else (plugin.name if plugin else "")
        )
        aliases = pm.aliases_of(cls.name)
        players = ", ".join(map(str, cls.player_counts))
        plugin_bots = [b.name for b in bots if b.plays(cls)]
        row = [cls.name, ", ".join(aliases), players, cls.rules_ref, source]
        rows.append([*row, ", ".join(plugin_bots)] if bots else row)
        data.append(
            {
                "name": cls.name,
                "aliases": list(aliases),
                "title": cls.title,
                "title_ru": cls.title_ru,
                "players": list(cls.player_counts),
                "rules": cls.rules_ref,
                "plugin": plugin.name if plugin else None,
                "distribution": plugin.distribution if plugin else None,
                "plugin_bots": plugin_bots,
            }
        )
    if args.json:
        dump({"variants": data}, out)
    else:
        header = ["variant", "aliases", "players", "rules", "plugin"]
        out.write(table(rows, header + (["plugin bots"] if bots else [])) + "\n")
    return EXIT_OK
