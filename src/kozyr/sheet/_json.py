"""The sheet as JSON (:func:`sheet_json`, :func:`render_json`)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from kozyr.scoring import fraction_json
from kozyr.sheet._model import Note, Sheet


def sheet_json(sheet: Sheet) -> dict[str, Any]:
    """The sheet as JSON data (the ``kozyr sheet --format json`` object); exact numbers as in
    every kozyr JSON (ints, or ``"a/b"`` strings)."""

    def nums(values: Sequence[Fraction]) -> list[int | str]:
        return [fraction_json(v) for v in values]

    def note(n: Note) -> dict[str, Any]:
        return {"ru": n.ru, "en": n.en, "rule": n.rule, "winner": n.winner}

    games = []
    for game in sheet.games:
        games.append(
            {
                "variant": game.variant,
                "title": game.title,
                "title_ru": game.title_ru,
                "players": list(game.players),
                "columns": list(game.columns),
                "sides": [list(s) for s in game.sides] if game.sides else None,
                "checked": game.checked,
                **({"warnings": list(game.warnings)} if game.warnings else {}),
                **dict(game.meta),
                "rows": [
                    {
                        "deal": row.deal,
                        "dealer": row.dealer,
                        "points": nums(row.points),
                        "running": nums(row.running),
                        "settlement": nums(row.net) if row.net is not None else None,
                        "absent": list(row.absent),
                        "items": [
                            {
                                "name": en.name,
                                "label_ru": en.label_ru,
                                "label_en": en.label_en,
                                "points": fraction_json(en.points),
                                "column": en.column,
                                "cards": list(en.cards),
                                "rule": en.rule,
                            }
                            for en in row.entries
                        ],
                        "notes": [note(n) for n in row.notes],
                    }
                    for row in game.rows
                ],
                "totals": nums(game.totals),
                "winner": list(game.winner),
                "loser": list(game.loser),
                "notes": [note(n) for n in game.notes],
                "settlement": nums(game.net),
            }
        )
    data: dict[str, Any] = {"games": games, **dict(sheet.meta)}
    if sheet.evening:
        data["totals"] = {k: fraction_json(v) for k, v in sheet.totals.items()}
        data["wins"] = dict(sheet.wins)
    return data


def render_json(sheet: Sheet, lang: str = "both") -> str:
    """:func:`sheet_json` as indented JSON text (labels in both languages whatever ``lang``)."""
    return json.dumps(sheet_json(sheet), ensure_ascii=False, indent=2) + "\n"
