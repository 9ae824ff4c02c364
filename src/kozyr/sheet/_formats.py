"""The sheet formats by name: kozyr's own (:data:`FORMATS`), a plugin's (guarded), and
:func:`render`."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from kozyr.errors import KozyrError
from kozyr.sheet._csv import render_csv
from kozyr.sheet._html import render_html
from kozyr.sheet._json import render_json
from kozyr.sheet._markdown import render_markdown
from kozyr.sheet._model import LANGS, Sheet
from kozyr.sheet._show import with_fractions
from kozyr.sheet._text import render_text

if TYPE_CHECKING:
    from kozyr.registry import SheetFormat


Renderer = Callable[[Sheet, str], str]

#: The built-in sheet formats by name.
FORMATS: dict[str, Renderer] = {
    "text": render_text,
    "markdown": render_markdown,
    "csv": render_csv,
    "html": render_html,
    "json": render_json,
}


def all_formats() -> dict[str, Renderer]:
    """kozyr's own formats (:data:`FORMATS`) and every format a plugin registered through the
    ``kozyr_register_sheet_formats`` hook (:func:`kozyr.registry.sheet_formats`)."""
    from kozyr.registry import sheet_formats

    return {**FORMATS, **{name: _guarded(f) for name, f in sheet_formats().items()}}


def _aliases(variant: str) -> tuple[str, ...]:
    from kozyr.registry import manager

    return manager().aliases_of(variant)


def _guarded(format: SheetFormat) -> Renderer:
    """A plugin's renderer called through the plugin guard: its exception, or a value that is not
    text, is a :class:`~kozyr.errors.HookError` naming the format and its plugin (exit 3)."""
    from kozyr.registry import call_plugin

    def render(sheet: Sheet, lang: str) -> str:
        if format.variants is not None:
            for game in sheet.games:
                if not format.renders(game.variant, *_aliases(game.variant)):
                    raise KozyrError(
                        f"sheet format {format.name} (plugin {format.plugin}) renders only "
                        f"{', '.join(sorted(format.variants))}, not {game.variant}"
                    )
        return call_plugin(
            format.render,
            sheet,
            lang,
            plugin=format.plugin,
            sheet_format=format.name,
            hook="render",
            returns=str,
            trusted=(),
        )

    return render


def renderer_for(
    format: str, lang: str = "both", formats: Mapping[str, Renderer] | None = None
) -> Renderer:
    """The renderer of ``format`` among ``formats`` (default: :func:`all_formats`), checking
    ``lang`` too: a :class:`KozyrError` names what is known."""
    table = all_formats() if formats is None else formats
    if lang not in LANGS:
        raise KozyrError(f"unknown language {lang!r}; known: {', '.join(LANGS)}")
    try:
        return table[format]
    except KeyError:
        raise KozyrError(
            f"unknown sheet format {format!r}; known formats: {', '.join(sorted(table))}"
        ) from None


def render(
    sheet: Sheet,
    format: str = "text",
    *,
    lang: str = "both",
    formats: Mapping[str, Renderer] | None = None,
    fractions: str = "exact",
) -> str:
    """The sheet in ``format``: kozyr's own or a plugin's (see :func:`renderer_for`).
    ``fractions="mixed"`` shows parts of a point as mixed numbers (``23⅔``) in the text,
    markdown and HTML sheets; CSV and JSON keep the exact ``71/3``."""
    renderer = renderer_for(format, lang, formats)
    return with_fractions(fractions, lambda: renderer(sheet, lang))
