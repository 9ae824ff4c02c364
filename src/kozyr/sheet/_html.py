"""The standalone HTML sheet (:func:`render_html`)."""

from __future__ import annotations

import html

from kozyr.sheet._model import Sheet
from kozyr.sheet._show import num
from kozyr.sheet._text import _cells, _header_lines, _winner_lines, _words


def render_html(sheet: Sheet, lang: str = "both") -> str:
    """A standalone HTML page: a table per game, the winner, the evening totals."""
    e = html.escape
    out = [
        "<!DOCTYPE html>",
        '<html lang="' + ("ru" if lang != "en" else "en") + '">',
        '<head><meta charset="utf-8"><title>kozyr</title></head>',
        "<body>",
    ]
    for game in sheet.games:
        head = _header_lines(game, lang)
        out.append(f"<h2>{e(head[0])}</h2>")
        if head[1:]:
            out.append("<ul>" + "".join(f"<li>{e(line)}</li>" for line in head[1:]) + "</ul>")
        header = [
            _words(lang, "сдача", "deal"),
            _words(lang, "сдавал", "dealer"),
            *game.columns,
            _words(lang, "записи", "items"),
            _words(lang, "факты", "facts"),
        ]
        out.append("<table>")
        out.append("<tr>" + "".join(f"<th>{e(h)}</th>" for h in header) + "</tr>")
        for row in game.rows:
            out.append(
                "<tr>" + "".join(f"<td>{e(c)}</td>" for c in _cells(game, row, lang)) + "</tr>"
            )
        total = [_words(lang, "итого", "total"), "", *(num(t) for t in game.totals), "", ""]
        out.append("<tr>" + "".join(f"<th>{e(c)}</th>" for c in total) + "</tr>")
        out.append("</table>")
        tail = _winner_lines(game, lang)
        if tail:
            out.append("<ul>" + "".join(f"<li>{e(line.strip())}</li>" for line in tail) + "</ul>")
    if sheet.evening:
        out.append(f"<h2>{e(_words(lang, 'вечер', 'evening'))}</h2><table>")
        out.append(
            f"<tr><th>{e(_words(lang, 'игрок', 'player'))}</th>"
            f"<th>{e(_words(lang, 'выиграл', 'won'))}</th><th>Σ</th></tr>"
        )
        for name, value in sheet.totals.items():
            out.append(
                f"<tr><td>{e(name)}</td><td>{sheet.wins.get(name, 0)}</td>"
                f"<td>{e(num(value, sign=True))}</td></tr>"
            )
        out.append("</table>")
    out += ["</body>", "</html>"]
    return "\n".join(out) + "\n"
