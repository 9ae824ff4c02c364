"""The page's words in the page's language (the catalogs and the error patterns are
:mod:`kozyr.i18n`'s, shared with ``kozyr keep``; this module adds what only pages need: the
language a browser asks for, and the small second label).

Templates and code say the English text (``_("Undo last deal")`` in a template, ``tr(lang,
"Games")`` in Python, ``ntr(lang, "%(num)d deal", "%(num)d deals", n)`` for a count); the
Russian words are in ``kozyr/locale/ru/LC_MESSAGES/kozyr.po``, compiled to ``kozyr.mo``
beside it (``python tools/i18n.py`` extracts the strings with Babel and compiles the catalogs).
A third language is one more ``.po`` file there: every compiled catalog is offered.

>>> tr("ru", "Undo last deal"), tr("en", "Undo last deal")
('Отменить последнюю сдачу', 'Undo last deal')
>>> [ntr("ru", "%(num)d deal", "%(num)d deals", n) % {"num": n} for n in (1, 2, 5, 21)]
['1 сдача', '2 сдачи', '5 сдач', '21 сдача']
>>> negotiate("en-GB;q=0.3, ru;q=0.8, de"), negotiate("de, en;q=0.5"), negotiate("")
('ru', 'en', 'ru')
>>> negotiate("de-AT"), negotiate("ru;q=0, en;q=0.1"), negotiate("*")
('en', 'en', 'ru')
"""

from __future__ import annotations

from kozyr.i18n import (
    DEFAULT,
    DOMAIN,
    ERRORS,
    LOCALE_DIR,
    N_,
    PHRASES,
    SOURCE,
    languages,
    ntr,
    option_choice,
    ptr,
    say_error,
    tr,
    translations,
)

#: The languages of the pages (``ru`` first: kozyr's tables speak Russian).
LANGS = languages()


def other_lang(lang: str) -> str:
    """The language the small second label is in: English beside any other, Russian beside
    English."""
    return DEFAULT if lang == SOURCE else SOURCE


def negotiate(accept_language: str, available: tuple[str, ...] | None = None) -> str:
    """The language of ``available`` (default :data:`LANGS`) the browser prefers most by its
    ``Accept-Language`` header (q-values, ``ru-RU`` matching ``ru``, ``q=0`` refusing; ``*``
    any): :data:`DEFAULT` when the header names nothing, English when it names only languages
    kozyr has no catalog of."""
    known = available if available is not None else LANGS
    choices: list[tuple[float, int, str]] = []
    for order, part in enumerate(accept_language.split(",")):
        tag, _, params = part.strip().partition(";")
        tag = tag.strip().lower()
        if not tag:
            continue
        weight = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        if not 0 < weight <= 1:
            continue
        choices.append((-weight, order, tag))
    for _weight, _order, tag in sorted(choices):
        if tag == "*":
            return DEFAULT if DEFAULT in known else known[0]
        base = tag.split("-")[0]
        for lang in known:
            if tag == lang or base == lang:
                return lang
    if choices and SOURCE in known:
        return SOURCE
    return DEFAULT if DEFAULT in known else known[0]


# --- the old word table (kept: keys → English text) -------------------------------------------

WORDS: dict[str, tuple[str, str]] = {
    "app": ("Козырь — запись", "kozyr — score sheet"),
    "games": ("Партии", "Games"),
    "new_game": ("Новая партия", "New game"),
    "import": ("Загрузить запись", "Import a record"),
    "deals": ("сдач", "deals"),
    "undo": ("Отменить последнюю сдачу", "Undo last deal"),
    "finished": ("закончена", "finished"),
    "open": ("идёт", "in play"),
    "game": ("Партия", "Game"),
    "cut": ("Срезка (карта, PN5)", "Cut card (PN5)"),
    "not_found": ("Нет такой партии", "No such game"),
    "edit_deal": ("Исправить сдачу", "Edit deal"),
    "print": ("Лист для печати", "Printable sheet"),
    "code": ("Код стола", "Table code"),
}


def t(lang: str, key: str) -> str:
    """The word ``key`` of :data:`WORDS` in ``lang`` (through the catalogs)."""
    return tr(lang, WORDS[key][1])


def other(lang: str, key: str) -> str:
    """The word in the other language (shown small beside the first)."""
    return t(other_lang(lang), key)


def gettext(lang: str, message: str) -> str:
    """The same as :func:`tr` (its older name)."""
    return tr(lang, message)


__all__ = [
    "DEFAULT",
    "DOMAIN",
    "ERRORS",
    "LANGS",
    "LOCALE_DIR",
    "N_",
    "PHRASES",
    "SOURCE",
    "WORDS",
    "gettext",
    "languages",
    "negotiate",
    "ntr",
    "option_choice",
    "other",
    "other_lang",
    "ptr",
    "say_error",
    "t",
    "tr",
    "translations",
]
