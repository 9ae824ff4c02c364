"""The plain-text sheet (:func:`render_text`) and the pieces of text every renderer shares."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from kozyr.i18n import SOURCE, languages, say_error, tr
from kozyr.sheet._model import META_KEYS, Entry, GameSheet, Row, Sheet
from kozyr.sheet._show import num, one_line

#: What a sheet's ``checked`` says, in words (the catalog's, as the pages show them).
CHECKED_WORDS = {
    "plays": "every card replayed by the rules",
    "summary": "the hands and tricks won, proven possible by a legal play",
    "outcome": "the outcome of each deal (counts and facts)",
}


def _translated(lang: str) -> bool:
    """``lang`` is one of kozyr's catalogs (not English, and not both languages side by side)."""
    return lang != SOURCE and lang in languages()


def _words(lang: str, ru: str, en: str) -> str:
    return ru if lang == "ru" else en if lang == "en" else f"{ru} / {en}"


def _who(game: GameSheet, column: int | None) -> str:
    if column is None:
        return "-"
    return game.columns[column] if 0 <= column < len(game.columns) else str(column)


def _entry_text(game: GameSheet, entry: Entry, lang: str) -> str:
    rule = f" ({entry.rule})" if entry.rule else ""
    return f"{entry.label(lang)}: {_who(game, entry.column)} {num(entry.points, sign=True)}{rule}"


def _net_text(game: GameSheet, net: Sequence[Fraction]) -> str:
    return ", ".join(f"{game.players[i]} {num(x, sign=True)}" for i, x in enumerate(net))


def _title(game: GameSheet, lang: str) -> str:
    title = (game.title_ru or game.title) if lang == "ru" else game.title
    if lang == "both" and game.title_ru and game.title_ru != game.title:
        title = f"{game.title_ru} / {game.title}"
    count = len(game.players)
    word = ("игрока" if 2 <= count <= 4 else "игроков") if lang == "ru" else "players"
    return f"{title} ({game.variant}), {count} {word}"


def _header_lines(game: GameSheet, lang: str) -> list[str]:
    lines = [_title(game, lang)]
    if game.sides:
        label = _words(lang, "стороны", "sides")
        lines.append(f"{label}: " + " | ".join(game.columns))
    if game.checked:
        checked = game.checked
        if _translated(lang) and checked in CHECKED_WORDS:  # #20: the words, then the id
            checked = f"{tr(lang, CHECKED_WORDS[checked])} ({checked})"
        lines.append(_words(lang, "проверено", "checked") + f": {checked}")
    for warning in game.warnings:  # issue 22: every warning, as loudly as --json
        shown = say_error(lang, warning, game.players) if _translated(lang) else warning
        lines.append(_words(lang, "ВНИМАНИЕ", "WARNING") + f": {shown}")
    for key in META_KEYS:
        if key in game.meta:
            lines.append(f"{_meta_label(key, lang)}: {one_line(game.meta[key])}")
    return lines


def _meta_label(key: str, lang: str) -> str:
    ru = {"date": "дата", "place": "место", "note": "заметка"}[key]
    return _words(lang, ru, key)


def _winner_lines(game: GameSheet, lang: str) -> list[str]:
    lines = []
    if game.winner:
        who = ", ".join(_who(game, c) for c in game.winner)
        lines.append(_words(lang, "победитель", "winner") + f": {who}")
    if game.loser:
        who = ", ".join(_who(game, c) for c in game.loser)
        lines.append(_words(lang, "проигравший", "loser") + f": {who}")
    for note in game.notes:
        lines.append(("  " if note.winner else "") + note.text(lang))
    if any(game.net):
        lines.append(_words(lang, "расчёт", "settlement") + f": {_net_text(game, game.net)}")
    return lines


def render_text(sheet: Sheet, lang: str = "both") -> str:
    """A plain-text sheet: a header, a table with one line per deal (``+points =running`` per
    column) followed by its items and facts, the totals, the winner and why, the settlement."""
    parts = [_game_text(game, lang) for game in sheet.games]
    if sheet.evening:
        word = _words(lang, "игра", "game")
        parts = [f"== {word} {i} ==\n{part}" for i, part in enumerate(parts, 1)]
        parts.append(_evening_text(sheet, lang))
    return "\n\n".join(parts) + "\n"


def _game_text(game: GameSheet, lang: str) -> str:
    header = [_words(lang, "сдача", "deal"), _words(lang, "сдавал", "dealer"), *game.columns]
    body = [[str(row.deal), game.players[row.dealer], *_point_cells(row)] for row in game.rows]
    total = [_words(lang, "итого", "total"), "", *(num(t) for t in game.totals)]
    widths = [max(len(r[i]) for r in [header, *body, total]) for i in range(len(header))]
    rule = "  ".join("-" * w for w in widths)

    def line(cells: Sequence[str]) -> str:
        return "  ".join(c.ljust(widths[i]) for i, c in enumerate(cells)).rstrip()

    indent = " " * (widths[0] + 2)
    lines = [*_header_lines(game, lang), "", line(header), rule]
    for row, cells in zip(game.rows, body, strict=True):
        lines.append(line(cells))
        if row.entries:
            lines.append(indent + "; ".join(_entry_text(game, e, lang) for e in row.entries))
        for note in row.notes:
            lines.append(indent + note.text(lang))
        if row.net is not None and game.party:
            lines.append(indent + _words(lang, "расчёт", "settlement") + ": " + _net(game, row))
        elif row.net is not None:
            lines.append(indent + _words(lang, "расчёт", "settlement") + ": " + _net(game, row))
    lines += [rule, line(total)]
    tail = _winner_lines(game, lang)
    if tail:
        lines += ["", *tail]
    return "\n".join(lines)


def _net(game: GameSheet, row: Row) -> str:
    return _net_text(game, row.net or ())


def _evening_text(sheet: Sheet, lang: str) -> str:
    lines = [_words(lang, "вечер", "evening") + f": {len(sheet.games)}"]
    for key in META_KEYS:
        if key in sheet.meta:
            lines.append(f"{_meta_label(key, lang)}: {one_line(sheet.meta[key])}")
    header = [_words(lang, "игрок", "player"), _words(lang, "выиграл", "won"), "Σ"]
    rows = [
        [name, str(sheet.wins.get(name, 0)), num(v, sign=True)] for name, v in sheet.totals.items()
    ]
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(3)]
    for cells in [header, ["-" * w for w in widths], *rows]:
        lines.append("  ".join(c.ljust(widths[i]) for i, c in enumerate(cells)).rstrip())
    return "\n".join(lines)


def _cells(game: GameSheet, row: Row, lang: str) -> list[str]:
    items = "; ".join(_entry_text(game, e, lang) for e in row.entries)
    facts = [n.text(lang) for n in row.notes]
    if row.net is not None:
        facts.append(_words(lang, "расчёт", "settlement") + ": " + _net(game, row))
    return [
        str(row.deal),
        game.players[row.dealer],
        *_point_cells(row),
        items,
        "; ".join(facts),
    ]


def _point_cells(row: Row) -> list[str]:
    """``+points =running`` per column; ``- =running`` for a column not dealt in."""
    return [
        f"{'-' if i in row.absent else num(p, sign=True)} ={num(r)}"
        for i, (p, r) in enumerate(zip(row.points, row.running, strict=True))
    ]
