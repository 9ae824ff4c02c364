"""The CSV sheet (:func:`render_csv`), safe to open in a spreadsheet."""

from __future__ import annotations

import csv
import io
import re
from fractions import Fraction

from kozyr.scoring import fraction_json
from kozyr.sheet._model import Sheet
from kozyr.sheet._text import _cells

#: What makes a spreadsheet read a cell as a formula (OWASP "CSV injection"): ``=``, ``+``,
#: ``-``, ``@`` first, or a tab, carriage return or newline first.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "\n")
_PLAIN_NUMBER = re.compile(r"-?[0-9]+(?:\.[0-9]+)?")
_FRACTION = re.compile(r"-?[0-9]+/[0-9]+")


def csv_text(value: object) -> str:
    """A text cell of a CSV export, safe to open in a spreadsheet: a cell that begins (after
    any spaces) with ``=``, ``+``, ``-`` or ``@``, or begins with a tab, carriage return or
    newline, gets a leading ``'`` so it is shown as text and never run as a formula (OWASP).

    >>> print(csv_text('=HYPERLINK("http://e.vil/","x")'), csv_text("Аня"), csv_text(" -1"))
    '=HYPERLINK("http://e.vil/","x") Аня ' -1
    """
    text = str(value)
    if text.lstrip(" ").startswith(FORMULA_START) or text.startswith(FORMULA_START):
        return "'" + text
    return text


def csv_number(value: Fraction | int | str) -> str:
    """A number cell of a CSV export: an integer as itself (``-3`` is a number to every
    spreadsheet, not a formula), an exact fraction with a finite decimal form as that decimal
    (``-3/2`` -> ``-1.5``), any other (``1/3``) as the exact text ``1/3`` through
    :func:`csv_text` (``'-1/3``: a spreadsheet would read ``-1/3`` as a formula or a date).
    Anything that is not a plain number is treated as text.

    >>> csv_number(-3), csv_number(Fraction(-3, 2)), csv_number(Fraction(-1, 3)), csv_number("=1")
    ('-3', '-1.5', "'-1/3", "'=1")
    """
    if isinstance(value, str):
        if _PLAIN_NUMBER.fullmatch(value):
            return value
        if not _FRACTION.fullmatch(value) or not int(value.partition("/")[2]):
            return csv_text(value)
        value = Fraction(value)
    number = Fraction(value)
    if number.denominator == 1:
        return str(number.numerator)
    denominator = number.denominator
    twos = fives = 0
    while denominator % 2 == 0:
        denominator //= 2
        twos += 1
    while denominator % 5 == 0:
        denominator //= 5
        fives += 1
    if denominator != 1:
        return csv_text(str(fraction_json(number)))
    places = max(twos, fives)
    scaled = abs(number.numerator) * 10**places // number.denominator
    sign = "-" if number < 0 else ""
    whole, part = divmod(scaled, 10**places)
    return f"{sign}{whole}.{part:0{places}d}"


def render_csv(sheet: Sheet, lang: str = "both") -> str:
    """CSV, one line per deal: game number, deal, dealer, then per column the deal's points and
    the running total, the items and the facts. A game's columns are named in its header line;
    every game starts with its own header line.

    Safe to open in a spreadsheet: every text cell (names, headers, items, facts) goes through
    :func:`csv_text` -- a cell that would start a formula is prefixed with ``'`` -- and the
    number columns through :func:`csv_number`, so a negative score stays a number."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    for number, game in enumerate(sheet.games, start=1):
        header = ["game", "deal", "dealer"]
        for column in game.columns:
            header += [f"{column}: points", f"{column}: total"]
        writer.writerow([csv_text(h) for h in [*header, "items", "facts"]])
        for row in game.rows:
            cells = _cells(game, row, lang)
            values: list[str] = []
            for i, (p, r) in enumerate(zip(row.points, row.running, strict=True)):
                values += ["" if i in row.absent else csv_number(p), csv_number(r)]
            texts = [csv_text(c) for c in (cells[1], *cells[-2:])]
            writer.writerow([str(number), cells[0], texts[0], *values, *texts[1:]])
    return buffer.getvalue()
