"""Score sheets: what a scorekeeper's paper shows, computed from a scored deal, party or evening.

A :class:`Sheet` holds one :class:`GameSheet` per game (a deal on its own, a party, a game to 7,
a rubber, a race); each game has one :class:`Row` per deal -- numbered from 1, with the dealer,
every scored item in the variant's Russian and English labels, the deal's points and the running
totals per column -- a column per player (by name) or per side, the winner and why, and the
settlement. An evening of several games also totals the settlement per player name, in exact
fractions. Renderers turn a sheet into text, Markdown, CSV, HTML or JSON (:data:`FORMATS`).

>>> import kozyr
>>> variant = kozyr.get_variant("sem-listov", players=2)
>>> result = kozyr.replay({"variant": "sem-listov", "options": {"players": 2}, "dealer": 0,
...     "hands": ["A♠ K♥ Q♥ J♥ 10♦ 9♦ A♣", "K♠ Q♠ A♥ 10♥ A♦ K♦ K♣"], "turnup": "9♠",
...     "trick_winners": [1, 1, 1, 0, 0, 0, 0]})
>>> sheet = build_sheet(result, variant, names=["Аня", "Боря"])
>>> print(render(sheet, "text", lang="en"), end="")
Sem listov (Seven leaves), classic form of 1779 (sem-listov), 2 players
<BLANKLINE>
deal   dealer  Аня    Боря
-----  ------  -----  -----
1      Аня     +8 =8  +6 =6
       Points for tricks: Аня +8 (SL-C14); Points for tricks: Боря +6 (SL-C14)
       settlement: Аня +2, Боря -2
-----  ------  -----  -----
total          8      6
<BLANKLINE>
settlement: Аня +2, Боря -2

The package is a small facade over one concept per private module: ``_model`` (the sheet and
how it is built), ``_show`` (numbers and one-line text), one module per renderer (``_text``,
``_markdown``, ``_csv``, ``_html``, ``_json``) and ``_formats`` (the formats by name and
:func:`render`). Import the names from ``kozyr.sheet``.
"""

from __future__ import annotations

from kozyr.sheet._csv import FORMULA_START, csv_number, csv_text, render_csv
from kozyr.sheet._formats import FORMATS, all_formats, render, renderer_for
from kozyr.sheet._formats import Renderer as Renderer
from kozyr.sheet._html import render_html
from kozyr.sheet._json import render_json, sheet_json
from kozyr.sheet._markdown import render_markdown
from kozyr.sheet._model import (
    LANGS,
    Entry,
    GameSheet,
    Note,
    Row,
    Sheet,
    build_game,
    build_sheet,
    evening_sheet,
    sheet_from,
    sheet_of,
)
from kozyr.sheet._model import META_KEYS as META_KEYS
from kozyr.sheet._model import default_names as default_names
from kozyr.sheet._show import FRACTIONS, mixed_number, one_line, with_fractions
from kozyr.sheet._show import num as num
from kozyr.sheet._text import render_text

__all__ = [
    "FORMATS",
    "FORMULA_START",
    "FRACTIONS",
    "LANGS",
    "Entry",
    "GameSheet",
    "Note",
    "Row",
    "Sheet",
    "all_formats",
    "build_game",
    "build_sheet",
    "csv_number",
    "csv_text",
    "evening_sheet",
    "mixed_number",
    "one_line",
    "render",
    "render_csv",
    "render_html",
    "render_json",
    "render_markdown",
    "render_text",
    "renderer_for",
    "sheet_from",
    "sheet_json",
    "sheet_of",
    "with_fractions",
]
