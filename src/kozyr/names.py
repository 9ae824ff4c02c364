"""Names and other text a person typed: one place that says what a player's name may be.

A player's name is read by :func:`normalise_name`: it is NFC-normalised and trimmed, and refused
(a :class:`~kozyr.errors.TextError` naming the character's position, counted from 1, and the
JSON path where there is one) when it holds

* a control character (U+0000-U+001F, U+007F-U+009F: NUL, a newline, a tab…), U+2028/U+2029;
* an invisible or format character: U+200B ZERO WIDTH SPACE, U+2060 WORD JOINER, U+FEFF, a soft
  hyphen, a Hangul filler, U+034F…; a zero-width joiner or non-joiner only where a script needs
  it (between two emoji, or between two letters of a script other than Latin, Greek, Cyrillic);
* a bidirectional control (U+202A-U+202E embeddings and overrides, U+2066-U+2069 isolates,
  U+200E/U+200F marks), which could make a name read backwards on a sheet;
* a lone surrogate (``"\\ud800"`` in JSON: not text at all; no file or terminal can show it);
* in one word, letters of two of the Latin, Greek and Cyrillic alphabets: ``Aня`` with a Latin
  ``A`` looks exactly like ``Аня`` and would be a second person.

>>> normalise_name("  Аня ")
'Аня'
>>> try:
...     normalise_name("Аня\\u200b", path="$.players[1]")
... except TextError as error:
...     print(error)
$.players[1]: 'Аня\\u200b': character 4 is U+200B ZERO WIDTH SPACE, an invisible character

Two names are the same player when their :func:`name_key` is equal: the key is case-folded and
compatibility-normalised (NFKC), so ``Аня`` and ``аня`` are one person, and so are a name typed
with a full-width letter and with the plain one. :func:`check_names` refuses two seats with the
same key; evening totals and player statistics add up by the key (and show the first spelling).

Other text of a record (``date``, ``place``, ``note``) is checked by :func:`check_text`: no lone
surrogate, no NUL or other control (a note may hold newlines and tabs), no bidirectional control.
It is kept as written (not normalised).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from kozyr.errors import TextError

#: The longest name kozyr reads, in characters (the web form allows fewer).
MAX_NAME = 100

#: Characters refused in every text field: the bidirectional embeddings, overrides, isolates and
#: marks (U+061C ARABIC LETTER MARK too).
BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)

#: Characters that are letters or marks by category but show nothing (refused in names).
INVISIBLE = frozenset(
    "\u034f\u115f\u1160\u17b4\u17b5\u180e\u2800\u3164\uffa0\U0001d159\U0001d173\U0001d174"
    "\U0001d175\U0001d176\U0001d177\U0001d178\U0001d179\U0001d17a"
)

_JOINERS = frozenset("\u200c\u200d")
_ALPHABETS = ("LATIN", "GREEK", "CYRILLIC")


def visible(text: str, limit: int = 40) -> str:
    """``text`` quoted for a message, every character that does not show written as an escape
    (``'Аня\\u200b'``), cut short after ``limit`` characters.

    >>> print(visible("a\\nb\\u202e"))
    'a\\nb\\u202e'
    """
    out = []
    for char in text[:limit]:
        if char == "'":
            out.append("\\'")
        elif char == "\\":
            out.append("\\\\")
        elif char.isprintable() and char not in INVISIBLE and char not in _JOINERS:
            out.append(char)
        elif char in "\n\t\r":
            out.append({"\n": "\\n", "\t": "\\t", "\r": "\\r"}[char])
        else:
            code = ord(char)
            out.append(f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}")
    more = "…" if len(text) > limit else ""
    return "'" + "".join(out) + more + "'"


def _described(char: str) -> str:
    code = ord(char)
    name = unicodedata.name(char, "")
    if not name:
        name = {"\n": "LINE FEED", "\r": "CARRIAGE RETURN", "\t": "TAB", "\x00": "NUL"}.get(
            char, "a control" if unicodedata.category(char) == "Cc" else ""
        )
        if 0xD800 <= code <= 0xDFFF:
            name = "a lone surrogate"
    return f"U+{code:04X} {name}".rstrip()


def _alphabet(char: str) -> str | None:
    word = unicodedata.name(char, "").split(" ", 1)[0]
    return word if word in _ALPHABETS else None


def _joiner_allowed(text: str, i: int) -> bool:
    """A ZWJ/ZWNJ between two emoji, or between two letters of a script that joins (Arabic,
    Persian, the Indic scripts…), is part of how the name is written."""
    if i == 0 or i == len(text) - 1:
        return False
    before, after = text[i - 1], text[i + 1]
    if before == "\ufe0f" or unicodedata.category(before) == "Sk":  # emoji presentation / tone
        return unicodedata.category(after) == "So"
    kinds = {unicodedata.category(before)[0], unicodedata.category(after)[0]}
    if kinds == {"S"}:
        return True
    if not kinds <= {"L", "M"}:
        return False
    return _alphabet(before) is None and _alphabet(after) is None


def _surrogate(text: str) -> int | None:
    for i, char in enumerate(text):
        if 0xD800 <= ord(char) <= 0xDFFF:
            return i
    return None


def _problem(text: str, i: int, why: str, path: str) -> TextError:
    return TextError(
        path,
        f"{visible(text)}: character {i + 1} is {_described(text[i])}, {why}",
        position=i + 1,
    )


def check_text(value: object, *, path: str = "$", multiline: bool = False) -> str:
    """``value`` if it is text a record may hold (``date``, ``place``, ``note``), unchanged: a
    non-empty string with no lone surrogate, no NUL or control character (``multiline``: newlines
    and tabs allowed) and no bidirectional control. Otherwise a :class:`TextError` at ``path``
    naming the character.

    >>> check_text("2026-05-01")
    '2026-05-01'
    >>> try:
    ...     check_text("дача\\x00", path="$.place")
    ... except TextError as error:
    ...     print(error)
    $.place: 'дача\\u0000': character 5 is U+0000 NUL, a control character
    """
    if not isinstance(value, str):
        raise TextError(path, f"expected a text, got {_kind(value)}")
    if not value.strip():
        raise TextError(path, "expected a non-empty text")
    at = _surrogate(value)
    if at is not None:
        raise _problem(value, at, "not a character (not text)", path)
    for i, char in enumerate(value):
        category = unicodedata.category(char)
        if char in BIDI_CONTROLS:
            raise _problem(value, i, "a bidirectional control (it reorders the text shown)", path)
        if multiline and char in "\n\t":
            continue
        if category == "Cc" or category in ("Zl", "Zp"):
            raise _problem(value, i, "a control character", path)
    return value


def normalise_name(value: object, *, path: str = "$", max_length: int = MAX_NAME) -> str:
    """The name a person typed, NFC-normalised and trimmed (a no-break or other space inside
    it made a plain space), or a :class:`TextError` at ``path`` naming the first character
    that a name may not hold (see the module docstring; unassigned and private-use code points
    are refused too).

    >>> normalise_name("Аня Петрова")
    'Аня Петрова'
    >>> normalise_name("Jose\\u0301") == "José"
    True
    >>> try:
    ...     normalise_name("Aня")  # a Latin A, then Cyrillic letters
    ... except TextError as error:
    ...     print(error.position, error.detail[:60])
    1 'Aня': character 1 is U+0041 LATIN CAPITAL LETTER A, a Latin
    """
    if not isinstance(value, str):
        raise TextError(path, f"expected a name, got {_kind(value)}")
    at = _surrogate(value)
    if at is not None:
        raise _problem(value, at, "not a character (not text)", path)
    text = unicodedata.normalize("NFC", value).strip()
    text = "".join(" " if unicodedata.category(c) == "Zs" else c for c in text)
    if not text:
        raise TextError(path, "a player needs a name (this one is empty)")
    for i, char in enumerate(text):
        category = unicodedata.category(char)
        if char in BIDI_CONTROLS:
            why = "a bidirectional control (it makes a name read backwards)"
            raise _problem(text, i, why, path)
        if category == "Cc" or category in ("Zl", "Zp"):
            raise _problem(text, i, "a control character (a name is one line)", path)
        if char in _JOINERS and _joiner_allowed(text, i):
            continue
        if category == "Cf" or char in INVISIBLE or char in _JOINERS:
            raise _problem(text, i, "an invisible character", path)
        if category == "Cn":
            raise _problem(text, i, "not a character (unassigned in Unicode)", path)
        if category == "Co":
            why = "a private-use character (each device shows it differently, or not at all)"
            raise _problem(text, i, why, path)
    _check_alphabets(text, path)
    if len(text) > max_length:
        raise TextError(path, f"a name has at most {max_length} characters, got {len(text)}")
    return text


def _check_alphabets(text: str, path: str) -> None:
    """Refuse a word mixing Latin, Greek and Cyrillic letters, pointing at the odd one out."""
    word: list[tuple[int, str]] = []
    for i, char in enumerate([*text, " "]):
        if unicodedata.category(char)[0] in "LM":
            alphabet = _alphabet(char)
            if alphabet is not None:
                word.append((i, alphabet))
            continue
        used = [a for _, a in word]
        if len(set(used)) > 1:
            counts = {a: used.count(a) for a in used}
            main = max(counts, key=lambda a: (counts[a], -used.index(a)))
            odd = next(i for i, a in word if a != main)
            other = (_alphabet(text[odd]) or "").title()
            why = (
                f"a {other} letter among {main.title()} ones "
                "(a look-alike: type the word in one alphabet)"
            )
            raise _problem(text, odd, why, path)
        word = []


def name_key(name: str) -> str:
    """The identity of a (normalised) name: compatibility-normalised, case-folded, the joiners
    dropped and runs of spaces made one. Two names with the same key are one player.

    >>> name_key("Аня") == name_key("аня") == name_key("АНЯ")
    True
    >>> name_key("Аня  Петрова") == name_key("аня петрова")
    True
    """
    text = "".join(c for c in unicodedata.normalize("NFKC", name) if c not in _JOINERS)
    folded = unicodedata.normalize("NFKC", text.casefold())
    return " ".join(folded.split())


def check_names(
    names: object,
    *,
    seats: int | None = None,
    path: str = "$.players",
    max_length: int = MAX_NAME,
) -> list[str]:
    """One name per seat (``seats``; None: any number, at least one), each through
    :func:`normalise_name` (its path ``$.players[2]``), no two the same player
    (:func:`name_key`): the normalised names, or a :class:`TextError`.

    >>> check_names(["Аня", " Боря "], seats=2)
    ['Аня', 'Боря']
    >>> try:
    ...     check_names(["Аня", "аня"], seats=2)
    ... except TextError as error:
    ...     print(error)
    $.players[1]: 'аня' is already at the table: seat 0 'Аня' (names are compared ignoring case)
    """
    if not isinstance(names, (list, tuple)):
        raise TextError(path, f"expected a list of names, one per seat, got {_kind(names)}")
    if seats is not None and len(names) != seats:
        raise TextError(path, f"expected {seats} names (one per seat), got {len(names)}")
    if not names:
        raise TextError(path, "expected at least one name")
    result: list[str] = []
    keys: dict[str, int] = {}
    for i, raw in enumerate(names):
        where = f"{path}[{i}]"
        name = normalise_name(raw, path=where, max_length=max_length)
        key = name_key(name)
        if key in keys:
            first = keys[key]
            if result[first] == name:
                raise TextError(where, f"{visible(name)} is already at the table (seat {first})")
            raise TextError(
                where,
                f"{visible(name)} is already at the table: seat {first} {visible(result[first])} "
                "(names are compared ignoring case)",
            )
        keys[key] = i
        result.append(name)
    return result


def _kind(value: object) -> str:
    if value is None:
        return "null"
    return {dict: "an object", list: "a list", str: "a string", bool: "a boolean"}.get(
        type(value), type(value).__name__
    )


def same_player(names: Sequence[str], name: str) -> int | None:
    """The index in ``names`` of the player ``name`` is (by :func:`name_key`), or None."""
    key = name_key(name)
    return next((i for i, n in enumerate(names) if name_key(n) == key), None)


__all__ = [
    "BIDI_CONTROLS",
    "INVISIBLE",
    "MAX_NAME",
    "check_names",
    "check_text",
    "name_key",
    "normalise_name",
    "same_player",
    "visible",
]
