"""``kozyr variants``: the installed variants with their aliases, players, rules and plugin, and
the bots plugins registered for them (hook ``kozyr_register_bots``)."""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from kozyr.cli.output import EXIT_OK, add_command, dump, table


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    return add_command(subparsers, "variants", "list installed variants")


def run(args: argparse.Namespace, out: TextIO) -> int:
    from kozyr.registry import manager, require_variants

    require_variants()  # an empty table would hide that the core alone has no games (#24)
    pm = manager()
    rows = []
    data = []
    bots = pm.bots()
    for entry in pm.entries():  # imports no variant class registered lazily
        plugin = entry.plugin
        source = plugin.distribution or plugin.name
        players = ", ".join(map(str, entry.players))
        plugin_bots = [b.name for b in bots if b.plays(entry.name, *entry.aliases)]
        row = [entry.name, ", ".join(entry.aliases), players, entry.rules, source]
        rows.append([*row, ", ".join(plugin_bots)] if bots else row)
        data.append(
            {
                "name": entry.name,
                "aliases": list(entry.aliases),
                "title": entry.title,
                "title_ru": entry.title_ru,
                "players": list(entry.players),
                "rules": entry.rules,
                "plugin": plugin.name,
                "distribution": plugin.distribution,
                "plugin_bots": plugin_bots,
            }
        )
    if args.json:
        dump({"variants": data}, out)
    else:
        header = ["variant", "aliases", "players", "rules", "plugin"]
        out.write(table(rows, header + (["plugin bots"] if bots else [])) + "\n")
    return EXIT_OK
