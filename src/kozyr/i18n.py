"""kozyr's words in a language: stdlib :mod:`gettext` catalogs, for ``kozyr serve`` and
``kozyr keep --lang``.

The code says English (``tr(lang, "Games")``; ``ntr(lang, "%(num)d deal", "%(num)d deals", n)``
for a count); the other languages are catalogs in ``kozyr/locale/LANG/LC_MESSAGES/kozyr.po``,
compiled to ``kozyr.mo`` beside each (``python tools/i18n.py`` extracts and compiles them with
Babel; only the stdlib reads them). A third language is one more ``.po`` file: every compiled
catalog is offered.

**Errors are translated by their source text.** ``tools/i18n.py`` reads every message kozyr and
its built-in plugins raise (an f-string such as ``f"seat {seat} must follow {suit}"``) and puts
it in the catalog as a pattern with named fields (``seat %(seat)s must follow %(suit)s``); the
patterns ship in ``kozyr/locale/errors.json``. :func:`say_error` finds the pattern an error
message was made from, translates it, and fills the fields back in -- each seat by the player's
name, each nested message translated in turn. A new ``raise`` is in the catalog at the next
``tools/i18n.py`` run, and ``tools/i18n.py --check`` (a test) fails until it is translated.

>>> tr("ru", "Undo last deal"), tr("en", "Undo last deal")
('Отменить последнюю сдачу', 'Undo last deal')
>>> [ntr("ru", "%(num)d deal", "%(num)d deals", n) % {"num": n} for n in (1, 2, 5, 21)]
['1 сдача', '2 сдачи', '5 сдач', '21 сдача']
>>> say_error("ru", "seat 2 played Q♥ out of turn; seat 1 is to play", ["Аня", "Боря", "Вера"])
'Вера: Q♥ сыграна не в свой черёд; ходит Боря'
"""

from __future__ import annotations

import gettext as _gettext
import json
import re
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path

#: The catalogs' domain and folder (``locale/LANG/LC_MESSAGES/kozyr.mo``).
DOMAIN = "kozyr"
LOCALE_DIR = str(Path(__file__).resolve().with_name("locale"))
#: The file of error patterns (written by ``tools/i18n.py`` from the source).
ERRORS_FILE = "errors.json"
#: The language kozyr's texts are written in (no catalog needed).
SOURCE = "en"
#: The language a page takes when the browser asks for none kozyr has.
DEFAULT = "ru"


@cache
def languages() -> tuple[str, ...]:
    """Every language kozyr speaks: the default, English, and each compiled catalog."""
    found = sorted(
        p.parent.parent.name for p in Path(LOCALE_DIR).glob(f"*/LC_MESSAGES/{DOMAIN}.mo")
    )
    return tuple(dict.fromkeys([DEFAULT, SOURCE, *found]))


@cache
def translations(lang: str) -> _gettext.NullTranslations:
    """The catalog of ``lang`` (the source language, or an unknown one: the English text)."""
    if lang == SOURCE:
        return _gettext.NullTranslations()
    return _gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)


def tr(lang: str, message: str) -> str:
    """``message`` (its English text) in ``lang``."""
    return translations(lang).gettext(message)


def ptr(lang: str, context: str, message: str) -> str:
    """``message`` in ``lang`` where the same English word means different things
    (``context``: ``"option low_to"`` for the values of that option)."""
    return translations(lang).pgettext(context, message)


def N_(message: str) -> str:
    """Marks ``message`` for the catalog (Babel extracts it); it is translated where shown."""
    return message


def ntr(lang: str, singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` for the count ``n`` in ``lang`` (Russian has three:
    1 сдача, 2 сдачи, 5 сдач); fill ``%(num)d`` yourself."""
    return translations(lang).ngettext(singular, plural, n)


def option_choice(lang: str, option: str, value: object) -> str:
    """A value of a rules option as a player reads it (``low_to: holder`` → "тому, у кого
    она была"); the value itself when the catalog has no words for it (numbers, or a plugin
    kozyr does not carry)."""
    text = "true" if value is True else "false" if value is False else str(value)
    context = "option " + option
    return ptr(lang, context, text)


# --- error messages ---------------------------------------------------------------------------

#: Messages of kozyr's errors that are put together at run time rather than raised from one
#: f-string, as patterns (English, ``%(name)s`` for the variable parts).
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
    N_("unknown variant %(name)s; installed: %(installed)s"),
    N_("unknown variant %(name)s"),
    N_("%(name)s has no party form; score its deals with /api/score"),
    N_("game %(number)s is finished: start the next game"),
    N_("game %(number)s is finished"),
    N_("the game has no deal to undo"),
    N_("expected a deal object"),
    N_("a game takes at most %(count)s deals"),
    N_("the request is larger than %(count)s bytes"),
    N_("; allowed: %(values)s"),
    N_("line %(line)s column %(column)s"),
    N_("a %(other)s letter among %(main)s ones (a look-alike: type the word in one alphabet)"),
    N_("a private-use character (each device shows it differently, or not at all)"),
    N_("%(count)s decisions"),
    N_("%(count)s decision"),
    N_("line %(line)s column %(column)s (byte offset %(offset)s)"),
)

#: The words kozyr's messages put in their fields (what a field takes, what was given),
#: translated like the patterns.
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
    N_("seat"),
    N_("seats"),
    N_("side"),
    N_("sides"),
    N_("none"),
    # the type of a value given where another was expected ("got int")
    N_("int"),
    N_("str"),
    N_("list"),
    N_("dict"),
    N_("bool"),
    N_("float"),
    N_("NoneType"),
    # the alphabets of a name of look-alike letters (kozyr.names)
    N_("Latin"),
    N_("Cyrillic"),
    N_("Greek"),
    # what Python's json module says of bad JSON (kozyr.jsontext passes it on)
    N_("Expecting value"),
    N_("Expecting ',' delimiter"),
    N_("Expecting ':' delimiter"),
    N_("Expecting property name enclosed in double quotes"),
    N_("Unterminated string starting at"),
    N_("Invalid control character at"),
    N_("Extra data"),
    N_("Invalid \\uXXXX escape"),
    N_("Illegal trailing comma before end of object"),
    N_("Illegal trailing comma before end of array"),
)

_PLACEHOLDER = re.compile(r"%\((\w+)\)s")
_SEAT_FIELD = re.compile(r"\bseat %\((\w+)\)s")
_LOCATED = re.compile(r"^(?:game (\d+), )?deal (\d+) \((\$[^)]*)\): ")
_GAME = re.compile(r"^game (\d+) \((\$[^)]*)\): ")
_PATH_PREFIX = re.compile(r"^(\$[^\s:]*|--[\w.-]+(?:\[\d+\])?): ")
_SEAT = re.compile(r"\bseat (\d+)\b(?! is not at the table)")
_FIELD = re.compile(r"^(\w+) \((.+), ([\w-]+)\)$")
_QUOTED = re.compile(r"^'[^']*'$|^\"[^\"]*\"$")
_LETTERS = re.compile(r"[^\W\d_]")
_CODE_POINT = re.compile(r"^(U\+[0-9A-F]{4,6}) [A-Za-z][\w -]*$")
#: How deep a message inside a message is translated.
_DEPTH = 4


class Pattern:
    """One message pattern: its regex, its fields, which of them are seats."""

    __slots__ = ("fields", "regex", "seats", "text", "weight")

    def __init__(self, text: str) -> None:
        self.text = text
        parts = _PLACEHOLDER.split(text)
        regex = ""
        self.fields: tuple[str, ...] = tuple(parts[1::2])
        for i, part in enumerate(parts):
            regex += re.escape(part.replace("%%", "%")) if i % 2 == 0 else f"(?P<{part}>.+?)"
        self.regex = re.compile(f"^{regex}$", re.DOTALL)
        self.seats = frozenset(_SEAT_FIELD.findall(text))
        #: how specific it is: its letters outside the fields (the most specific is tried first)
        self.weight = len(_LETTERS.findall("".join(parts[0::2])))


def _source_patterns() -> list[str]:
    path = Path(LOCALE_DIR) / ERRORS_FILE
    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return []
    found = data.get("patterns") if isinstance(data, dict) else None
    return [p for p in found or () if isinstance(p, str)]


@cache
def patterns() -> tuple[Pattern, ...]:
    """Every known message pattern, the most specific first: :data:`ERRORS` and the ones read
    from the source (``locale/errors.json``). A pattern with fewer than four letters of its own
    (``%(where)s: %(error)s``) is no pattern: it would match anything."""
    texts = dict.fromkeys([*ERRORS, *_source_patterns()])
    found = [Pattern(text) for text in texts]
    found = [p for p in found if p.weight >= 4]
    found.sort(key=lambda p: -p.weight)
    return tuple(found)


def say_error(
    lang: str,
    message: str,
    names: Sequence[str] = (),
    labels: Mapping[str, str] | None = None,
) -> str:
    """One of kozyr's error messages in ``lang``: the translation of the pattern it was made
    from, each seat by the player's name (``names``), each field named by its label in
    ``lang`` (``labels``: field name → label), a message inside it translated too; the JSON
    path kept as it is. A message of no known pattern is kept as kozyr wrote it (seats named).

    >>> say_error("ru", "deal 2 ($.deals[1].high): missing: high (High, SU6)", (),
    ...           {"high": "Старший"})
    'сдача 2 ($.deals[1].high): не указано: Старший (SU6)'
    >>> say_error("ru", "'Аня' is already at the table")
    '«Аня» уже за столом'
    >>> say_error("ru", "$.deals[3].counters[1]: expected a whole number, got null (SM7)")
    '$.deals[3].counters[1]: нужно: целое число; не указано (SM7)'
    >>> say_error("en", "it is seat 1's turn", ["Аня", "Боря"])
    "it is Боря's turn"
    """
    if lang == SOURCE:
        return _named(message, names)
    return _say(lang, message, names, labels or {}, 0)


def _say(
    lang: str, message: str, names: Sequence[str], labels: Mapping[str, str], depth: int
) -> str:
    prefix = ""
    found = _LOCATED.match(message)
    if found:
        game, deal, path = found.groups()
        prefix = tr(lang, "deal %(number)s (%(path)s): ") % {"number": deal, "path": path}
        if game is not None:
            prefix = tr(lang, "game %(number)s, ") % {"number": game} + prefix
        message = message[found.end() :]
    elif found := _GAME.match(message):
        prefix = tr(lang, "game %(number)s (%(path)s): ") % {
            "number": found.group(1),
            "path": found.group(2),
        }
        message = message[found.end() :]
    elif found := _PATH_PREFIX.match(message):
        prefix, message = found.group(0), message[found.end() :]
    if prefix and depth < _DEPTH:
        return prefix + _say(lang, message, names, labels, depth + 1)
    if message in PHRASES:
        return tr(lang, message)
    for pattern in patterns():
        match = pattern.regex.match(message)
        if match is None:
            continue
        translated = tr(lang, pattern.text)
        if translated == pattern.text:  # not in the catalog (yet): another pattern may be
            continue
        values = {
            key: _value(lang, key, value, pattern, names, labels, depth)
            for key, value in match.groupdict().items()
        }
        try:
            return prefix + translated % values
        except (KeyError, ValueError, TypeError):  # a broken translation: say it in English
            return prefix + _named(message, names)
    head, sep, tail = message.partition(": ")
    if sep and depth < _DEPTH:  # "what: why" of no pattern: each half on its own
        return (
            prefix
            + _say(lang, head, names, labels, depth + 1)
            + sep
            + _say(lang, tail, names, labels, depth + 1)
        )
    return prefix + _named(message, names)


def _value(
    lang: str,
    key: str,
    value: str,
    pattern: Pattern,
    names: Sequence[str],
    labels: Mapping[str, str],
    depth: int,
) -> str:
    """One field of a matched message as the translation shows it."""
    if key in pattern.seats:
        if value.isdigit() and int(value) < len(names):
            return names[int(value)]
        return tr(lang, "seat %(number)s") % {"number": value}
    if value in PHRASES:
        return tr(lang, value)
    if value in labels:  # a field named by its name: its label
        return labels[value]
    code_point = _CODE_POINT.match(value)
    if code_point is not None:  # "U+202E RIGHT-TO-LEFT OVERRIDE": Unicode's name is English
        return code_point.group(1)
    field = _FIELD.match(value)
    if field is not None:
        label = labels.get(field.group(1), field.group(2))
        return f"{label} ({field.group(3)})"
    if _QUOTED.match(value):
        return "«" + value[1:-1] + "»"
    if depth < _DEPTH and " " in value and _LETTERS.search(value):
        return _say(lang, value, names, labels, depth + 1)
    return _named(value, names)


def _named(message: str, names: Sequence[str]) -> str:
    def name(match: re.Match[str]) -> str:
        seat = int(match.group(1))
        return names[seat] if 0 <= seat < len(names) else match.group(0)

    return _SEAT.sub(name, message)


__all__ = [
    "DEFAULT",
    "DOMAIN",
    "ERRORS",
    "ERRORS_FILE",
    "LOCALE_DIR",
    "N_",
    "PHRASES",
    "SOURCE",
    "Pattern",
    "languages",
    "ntr",
    "option_choice",
    "patterns",
    "ptr",
    "say_error",
    "tr",
    "translations",
]
