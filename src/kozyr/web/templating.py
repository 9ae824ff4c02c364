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

from kozyr.web.i18n import other_lang, translations

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
    """The language, its words (``gettext`` behind ``_``, ``ngettext``; ``other``: the other
    language's word shown small beside) and the seat labels, for a template."""
    catalog = translations(lang)
    second = other_lang(lang)
    return {
        "lang": lang,
        "other_lang": second,
        "switch": second,
        "gettext": lambda message, **kw: _fill(catalog.gettext(message), kw),
        "ngettext": lambda one, many, n, **kw: _fill(catalog.ngettext(one, many, n), kw),
        "other": lambda message: translations(second).gettext(message),
        "N_": lambda message: message,  # marks a string for extraction; translated later
        "seat_label": lambda seat: catalog.gettext("Player %(number)d") % {"number": seat + 1},
    }


def _fill(text: str, values: Mapping[str, Any]) -> str:
    return text % values if values else text


def fragment(name: str, lang: str, context: Mapping[str, Any]) -> Markup:
    """Template ``name`` rendered on its own (a piece of a page), as safe markup."""
    return Markup(ENV.get_template(name).render({**words(lang), **context}))


__all__ = ["ENV", "TEMPLATES", "TEMPLATE_DIR", "fragment", "words"]
