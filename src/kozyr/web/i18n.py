"""The page's words in the page's language: stdlib :mod:`gettext` catalogs.

Templates and code say the English text (``_("Undo last deal")`` in a template, ``tr(lang,
"Games")`` in Python, ``ntr(lang, "%(num)d deal", "%(num)d deals", n)`` for a count); the
Russian words are in ``kozyr/web/locale/ru/LC_MESSAGES/kozyr.po``, compiled to ``kozyr.mo``
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

import gettext as _gettext
import re
from collections.abc import Mapping, Sequence
from functools import cache
from importlib import resources
from pathlib import Path

#: The catalogs' domain and folder (``locale/LANG/LC_MESSAGES/kozyr.mo``).
DOMAIN = "kozyr"
LOCALE_DIR = str(resources.files("kozyr.web").joinpath("locale"))
#: The language the page's texts are written in (no catalog needed).
SOURCE = "en"
#: The language a page takes when the browser asks for none kozyr has.
DEFAULT = "ru"


@cache
def languages() -> tuple[str, ...]:
    """Every language a page can be shown in: the default, English, and each compiled catalog."""
    found = sorted(
        p.parent.parent.name for p in Path(LOCALE_DIR).glob(f"*/LC_MESSAGES/{DOMAIN}.mo")
    )
    return tuple(dict.fromkeys([DEFAULT, SOURCE, *found]))


#: The languages of the pages (``ru`` first: kozyr's tables speak Russian).
LANGS = languages()


@cache
def translations(lang: str) -> _gettext.NullTranslations:
    """The catalog of ``lang`` (the source language, or an unknown one: the English text)."""
    if lang == SOURCE:
        return _gettext.NullTranslations()
    return _gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)


def tr(lang: str, message: str) -> str:
    """``message`` (its English text) in ``lang``."""
    return translations(lang).gettext(message)


def N_(message: str) -> str:
    """Marks ``message`` for the catalog (Babel extracts it); it is translated where shown."""
    return message


def ntr(lang: str, singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` for the count ``n`` in ``lang`` (Russian has three:
    1 сдача, 2 сдачи, 5 сдач); fill ``%(num)d`` yourself."""
    return translations(lang).ngettext(singular, plural, n)


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


# --- error messages ---------------------------------------------------------------------------

#: The messages of kozyr's errors a scorekeeper meets on the pages, as patterns (English, with
#: ``%(name)s`` for the variable parts); the catalog translates each one like any other string.
#: A message matching none is shown as kozyr wrote it (its seats still named).
ERRORS: tuple[str, ...] = (
    N_("missing: %(field)s"),
    N_("%(value)s is out of range %(low)s..%(high)s (%(rule)s)"),
    N_("%(count)s tricks listed; a deal has %(total)s (%(rule)s)"),
    N_("seat %(seat)s is not at the table (seats %(low)s..%(high)s)"),
    N_("seat %(seat)s is not at the table"),
    N_("%(name)s is already at the table (seat %(seat)s)"),
    N_(
        "%(name)s is already at the table: seat %(seat)s %(other)s (names are compared ignoring case)"  # noqa: E501
    ),
    N_("%(name)s is already at the table"),
    N_("a player needs a name (this one is empty)"),
    N_("a name has at most %(count)s characters, got %(given)s"),
    N_("a player needs a name"),
    N_("a name has at most %(count)s characters"),
    N_("expected %(count)s names (one per seat), got %(given)s"),
    N_("not valid JSON: %(why)s"),
    N_("not valid JSON"),
    N_("expected true or false, got %(kind)s"),
    N_("expected %(what)s, got %(kind)s (%(rule)s)"),
    N_("expected %(what)s, got %(kind)s"),
    N_("expected a seat number"),
    N_("expected a record object"),
    N_("expected an object"),
    N_("unknown variant %(name)s"),
    N_("%(name)s has no party form; score its deals with /api/score"),
    N_("game %(number)s is finished: start the next game"),
    N_("game %(number)s is finished"),
    N_("the game has no deal to undo"),
    N_("expected a deal object"),
    N_("a game takes at most %(count)s deals"),
    N_("the request is larger than %(count)s bytes"),
)


def _pattern(message: str) -> re.Pattern[str]:
    parts = re.split(r"%\((\w+)\)s", message)
    regex = ""
    for i, part in enumerate(parts):
        regex += re.escape(part) if i % 2 == 0 else f"(?P<{part}>.+?)"
    return re.compile(f"^{regex}$", re.DOTALL)


#: The words kozyr's messages put in ``%(what)s`` and ``%(kind)s`` (what a field takes, what
#: was given), translated like the patterns.
PHRASES: tuple[str, ...] = (
    N_("a seat number"),
    N_("a side (0 or 1)"),
    N_("a whole number"),
    N_("cards"),
    N_("a list of seats"),
    N_("true or false"),
    N_("null"),
    N_("an object"),
    N_("a list"),
    N_("a string"),
    N_("a boolean"),
)

_PATTERNS = tuple((message, _pattern(message)) for message in ERRORS)
_DEAL_PREFIX = re.compile(r"^deal (\d+) \((\$[^)]*)\): ")
_PATH_PREFIX = re.compile(r"^(\$[^\s:]*): ")
_SEAT = re.compile(r"\bseat (\d+)\b(?! is not at the table)")
_FIELD = re.compile(r"^(\w+) \((.+), ([\w-]+)\)$")


def say_error(
    lang: str,
    message: str,
    names: Sequence[str] = (),
    labels: Mapping[str, str] | None = None,
) -> str:
    """One of kozyr's error messages in ``lang``: its pattern's translation (:data:`ERRORS`),
    a missing field named by its label in ``lang`` (``labels``: field name → label), each
    ``seat N`` by the player's name (``names``); the JSON path kept as it is.

    >>> say_error("ru", "deal 2 ($.deals[1].high): missing: high (High, SU6)", (),
    ...           {"high": "Старший"})
    'сдача 2 ($.deals[1].high): не указано: Старший (SU6)'
    >>> say_error("ru", "'Аня' is already at the table")
    '«Аня» уже за столом'
    >>> say_error("ru", "$.deals[3].counters[1]: expected a whole number, got null (SM7)")
    '$.deals[3].counters[1]: нужно: целое число; дано: пусто (SM7)'
    >>> say_error("en", "it is seat 1's turn", ["Аня", "Боря"])
    "it is Боря's turn"
    """
    prefix = ""
    found = _DEAL_PREFIX.match(message)
    if found:
        prefix = tr(lang, "deal %(number)s (%(path)s): ") % {
            "number": found.group(1),
            "path": found.group(2),
        }
        message = message[found.end() :]
    else:
        found = _PATH_PREFIX.match(message)
        if found:
            prefix, message = found.group(0), message[found.end() :]
    for pattern, regex in _PATTERNS:
        match = regex.match(message)
        if match is None:
            continue
        values = dict(match.groupdict())
        for key in ("what", "kind"):
            if values.get(key) in PHRASES:
                values[key] = tr(lang, values[key])
        field = _FIELD.match(values.get("field", ""))
        if field is not None:
            label = (labels or {}).get(field.group(1), field.group(2))
            values["field"] = f"{label} ({field.group(3)})"
        if lang != SOURCE:
            for key in ("name", "other"):
                if key in values:
                    values[key] = "«" + values[key].strip("'\"") + "»"
        message = tr(lang, pattern) % values
        break
    return prefix + _named(message, names)


def _named(message: str, names: Sequence[str]) -> str:
    def name(match: re.Match[str]) -> str:
        seat = int(match.group(1))
        return names[seat] if 0 <= seat < len(names) else match.group(0)

    return _SEAT.sub(name, message)


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
    "LANGS",
    "LOCALE_DIR",
    "N_",
    "SOURCE",
    "WORDS",
    "gettext",
    "languages",
    "negotiate",
    "ntr",
    "other",
    "other_lang",
    "say_error",
    "t",
    "tr",
    "translations",
]
