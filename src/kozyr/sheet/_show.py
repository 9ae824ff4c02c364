"""How a sheet shows a value: a number exact (``-3/2``) or as a mixed number (``23⅔``), a text on
one line."""

from __future__ import annotations

import re
from collections.abc import Callable
from contextvars import ContextVar
from fractions import Fraction

from kozyr.errors import KozyrError
from kozyr.scoring import fraction_json

#: How a sheet shows a fraction of a point: ``"exact"`` (``71/3``, the default) or ``"mixed"``
#: (``23⅔``, as Tressette players write thirds); JSON always holds the exact ``"a/b"``.
FRACTIONS = ("exact", "mixed")

_MIXED: ContextVar[bool] = ContextVar("kozyr_sheet_mixed", default=False)

#: Vulgar fraction characters by (numerator, denominator).
_VULGAR = {
    (1, 2): "½", (1, 3): "⅓", (2, 3): "⅔", (1, 4): "¼", (3, 4): "¾", (1, 5): "⅕", (2, 5): "⅖",
    (3, 5): "⅗", (4, 5): "⅘", (1, 6): "⅙", (5, 6): "⅚", (1, 8): "⅛", (3, 8): "⅜", (5, 8): "⅝",
    (7, 8): "⅞",
}  # fmt: skip


def mixed_number(value: Fraction | int) -> str:
    """A number as a mixed number: whole points, then the fraction of a point.

    >>> mixed_number(Fraction(71, 3)), mixed_number(Fraction(-1, 2)), mixed_number(4)
    ('23⅔', '-½', '4')
    >>> mixed_number(Fraction(-23, 7))
    '-3 2/7'
    """
    number = Fraction(value)
    whole, part = divmod(abs(number.numerator), number.denominator)
    sign = "-" if number < 0 else ""
    if not part:
        return f"{sign}{whole}"
    vulgar = _VULGAR.get((part, number.denominator))
    if vulgar is not None:
        return f"{sign}{whole or ''}{vulgar}"
    fraction = f"{part}/{number.denominator}"
    return f"{sign}{whole} {fraction}" if whole else f"{sign}{fraction}"


def num(value: Fraction | int, *, sign: bool = False) -> str:
    """An exact number for a sheet: ``3``, ``-3/2``; ``+3`` with ``sign``; a mixed number
    (``23⅔``) while :func:`render` draws a sheet with ``fractions="mixed"``.

    >>> num(Fraction(3, 2), sign=True), num(Fraction(-2)), num(0, sign=True)
    ('+3/2', '-2', '0')
    """
    text = mixed_number(value) if _MIXED.get() else str(fraction_json(value))
    return f"+{text}" if sign and value > 0 else text


def with_fractions(fractions: str, draw: Callable[[], str]) -> str:
    """``draw()`` with fractions shown as :data:`FRACTIONS` says (``"exact"`` or ``"mixed"``)."""
    if fractions not in FRACTIONS:
        raise KozyrError(f"unknown fractions {fractions!r}; known: {', '.join(FRACTIONS)}")
    token = _MIXED.set(fractions == "mixed")
    try:
        return draw()
    finally:
        _MIXED.reset(token)


_LINE_BREAKS = re.compile(r"[ \t]*(?:\r\n|[\n\r\v\f\x85\u2028\u2029])+[ \t]*")


def one_line(text: str) -> str:
    """``text`` on one line for a sheet: line breaks (a multi-line ``note``) shown as `` / ``,
    a tab as a space, any other control character as an escape (``\\x00`` as ``\\u0000``), so
    no name or note breaks a row of a text, Markdown or CSV sheet.

    >>> one_line("первая строка\\r\\nвторая\\tконец\\x00")
    'первая строка / вторая конец\\\\u0000'
    """
    text = _LINE_BREAKS.sub(" / ", text).replace("\t", " ")
    if text.isprintable():
        return text
    return "".join(
        c
        if c.isprintable() or c == " "
        else f"\\u{ord(c):04x}"
        if ord(c) <= 0xFFFF
        else f"\\U{ord(c):08x}"
        for c in text
    )
