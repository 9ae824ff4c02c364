"""The Markdown sheet (:func:`render_markdown`)."""

from __future__ import annotations

import re

from kozyr.sheet._model import Sheet
from kozyr.sheet._show import num, one_line
from kozyr.sheet._text import _cells, _header_lines, _winner_lines, _words

_MD_SPECIAL = re.compile(r"([\\`*_\[\]~|])")
_ENTITY = re.compile(r"&(?=[#A-Za-z0-9])")


def _md(text: str) -> str:
    """Text for Markdown, shown as written: on one line, ``<``, ``>`` and an ``&`` that would
    start an entity as entities (no raw HTML), Markdown's own characters (``|``, ``*``, ``_``,
    `````, ``[``, ``]``, ``~``, ``\\``) escaped with a backslash.

    >>> print(_md("<b>Аня</b> | *x* [a](javascript:1) &amp; Вера & Гоша"))
    &lt;b&gt;Аня&lt;/b&gt; \\| \\*x\\* \\[a\\](javascript:1) &amp;amp; Вера & Гоша
    """
    text = _ENTITY.sub("&amp;", one_line(text)).replace("<", "&lt;").replace(">", "&gt;")
    return _MD_SPECIAL.sub(r"\\\1", text) or " "


def _md_line(text: str) -> str:
    """:func:`_md` for a heading or list item, outside a table: ``|`` needs no escape there."""
    return _md(text).replace("\\|", "|")


def render_markdown(sheet: Sheet, lang: str = "both") -> str:
    """A Markdown sheet: a heading and a table per game, the winner and the evening totals."""
    out: list[str] = []
    for game in sheet.games:
        head = _header_lines(game, lang)
        out += [f"## {_md_line(head[0])}", ""]
        out += [f"- {_md_line(line)}" for line in head[1:]]
        if head[1:]:
            out.append("")
        header = [
            _words(lang, "сдача", "deal"),
            _words(lang, "сдавал", "dealer"),
            *game.columns,
            _words(lang, "записи", "items"),
            _words(lang, "факты", "facts"),
        ]
        out.append("| " + " | ".join(_md(h) for h in header) + " |")
        out.append("|" + "|".join("---" for _ in header) + "|")
        for row in game.rows:
            out.append("| " + " | ".join(_md(c) for c in _cells(game, row, lang)) + " |")
        total = [_words(lang, "итого", "total"), "", *(num(t) for t in game.totals), "", ""]
        cells = [_md(c) for c in total]
        cells[0] = f"**{cells[0]}**"
        out.append("| " + " | ".join(cells) + " |")
        tail = _winner_lines(game, lang)
        if tail:
            out += ["", *(f"- {_md_line(line.strip())}" for line in tail)]
        out.append("")
    if sheet.evening:
        out += [f"## {_md_line(_words(lang, 'вечер', 'evening'))}", ""]
        out.append(f"| {_words(lang, 'игрок', 'player')} | {_words(lang, 'выиграл', 'won')} | Σ |")
        out.append("|---|---|---|")
        for name, value in sheet.totals.items():
            cells = [_md(name), str(sheet.wins.get(name, 0)), _md(num(value, sign=True))]
            out.append("| " + " | ".join(cells) + " |")
        out.append("")
    return "\n".join(out)
