"""The Jinja2 templates of ``kozyr serve`` (``kozyr/web/templates/``, autoescaped) and what every
template is given: the page's language and its words.

Templates say ``_("English text")`` (and ``ngettext``); :mod:`kozyr.web.i18n` gives the words
in the page's language.
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import resources
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup
from starlette.templating import Jinja2Templates

from kozyr.web.i18n import gettext

#: The templates folder inside the installed package.
TEMPLATE_DIR = str(resources.files("kozyr.web").joinpath("templates"))

ENV = Environment(
    loader=FileSystemLoader(TEMPLATE_DIR),
    autoescape=True,
    trim_blocks=True,
    lstrip_blocks=True,
    undefined=StrictUndefined,
    extensions=["jinja2.ext.i18n"],
)
TEMPLATES = Jinja2Templates(env=ENV)


def words(lang: str) -> dict[str, Any]:
    """The language, its words (``gettext`` behind ``_``, ``ngettext``, ``other``: the other
    language's) and the seat labels, for a template."""
    switch = "en" if lang == "ru" else "ru"
    return {
        "lang": lang,
        "other_lang": switch,
        "switch": switch,
        "gettext": lambda message, **kw: _fill(gettext(lang, message), kw),
        "ngettext": lambda one, many, n, **kw: _fill(gettext(lang, one if n == 1 else many), kw),
        "other": lambda message: gettext(switch, message),
        "seat_label": lambda seat: gettext(lang, "Player %(number)d") % {"number": seat + 1},
    }


def _fill(text: str, values: Mapping[str, Any]) -> str:
    return text % values if values else text


def fragment(name: str, lang: str, context: Mapping[str, Any]) -> Markup:
    """Template ``name`` rendered on its own (a piece of a page), as safe markup."""
    return Markup(ENV.get_template(name).render({**words(lang), **context}))


__all__ = ["ENV", "TEMPLATES", "TEMPLATE_DIR", "fragment", "words"]
