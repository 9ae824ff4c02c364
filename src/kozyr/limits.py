"""Documented input limits, and shortening of echoed input in messages.

Every input kozyr reads has a ceiling, so a hostile or broken file fails fast with an
:class:`~kozyr.errors.InputLimitError` instead of filling memory. The defaults are far above
anything a real game produces; each has a ``kozyr`` command-line flag that raises it
(``--max-bytes``, ``--max-depth``, ``--max-tricks``, ``--max-cards``).

=================  ==========  ==================================================================
limit              default     what it bounds
=================  ==========  ==================================================================
``record_bytes``   4,194,304   bytes of one JSON record (file or stdin); reading stops there
``depth``          64          nesting of JSON arrays and objects (a record needs 4)
``number_digits``  100         digits of one JSON number (a seat or a seed needs at most 20)
``tricks``         52          tricks in one deal (a pack has 52 cards)
``cards``          1,000       cards in one notation string or list
=================  ==========  ==================================================================

>>> DEFAULT_LIMITS.depth, Limits(depth=200).depth
(64, 200)
>>> shorten("x" * 1_000_000)
"'xxxxxxxxxxxxxxxxxxxxxxxx…' (1,000,000 characters)"
>>> shorten("As")
"'As'"
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from kozyr.errors import KozyrError

#: How many characters of a token a message quotes before cutting it short.
SHOWN = 24


@dataclass(frozen=True)
class Limits:
    """Ceilings on input size; see the module docstring for the defaults and their reasons."""

    record_bytes: int = 4 * 1024 * 1024
    depth: int = 64
    number_digits: int = 100
    tricks: int = 52
    cards: int = 1000

    def __post_init__(self) -> None:
        for item in dataclasses.fields(self):
            value = getattr(self, item.name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"limit {item.name} must be an int, not {type(value).__name__}")
            if value < 1:
                raise ValueError(f"limit {item.name} must be at least 1, not {value}")
        if self.number_digits > 4300:  # CPython's own ceiling on int() of a digit string
            raise ValueError(f"limit number_digits can be at most 4300, not {self.number_digits}")


DEFAULT_LIMITS = Limits()


def check_seed(seed: int | None) -> int | None:
    """A seed as given, if it is None or an int 0 or more. ``random.Random`` seeds with the
    absolute value of an int, so ``-1`` would deal the cards of ``1`` while a record said ``-1``:
    a negative seed is a :class:`~kozyr.errors.KozyrError`, a non-int a ``TypeError``.

    >>> check_seed(7), check_seed(None)
    (7, None)
    """
    if seed is None:
        return None
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"a seed is an int, not {type(seed).__name__}")
    if seed < 0:
        raise KozyrError(
            f"seed {seed}: seeds are 0 or more (a negative seed would deal the cards of {-seed})"
        )
    return seed


#: Most digits :func:`parse_int` reads (an id, a seat, a count; 2**63 has 19 digits).
INT_DIGITS = 20
#: The largest id or count :func:`parse_int` takes by default (SQLite's largest integer).
INT_MAX = 2**63 - 1


def parse_int(
    text: str,
    what: str,
    *,
    minimum: int | None = 0,
    maximum: int | None = INT_MAX,
    digits: int = INT_DIGITS,
) -> int:
    """The integer ``text`` writes in ASCII digits (``-`` first only when ``minimum`` allows a
    negative), at most ``digits`` digits and within ``minimum..maximum`` (None: no bound).

    The one reader of integers typed by a person or sent in a URL or a form -- a query
    parameter, a path segment, a form field, a command-line count: ``int()`` alone would take
    ``'²'``-like Unicode digits (``str.isdigit``), spaces, underscores and numbers of thousands
    of digits. Anything else is a :class:`~kozyr.errors.KozyrError` naming ``what``.

    >>> parse_int("42", "players")
    42
    >>> parse_int("-3", "delta", minimum=None)
    -3
    >>> parse_int("²", "players")
    Traceback (most recent call last):
    ...
    kozyr.errors.KozyrError: players: expected a whole number in digits 0-9, got '²'
    >>> parse_int("9223372036854775808", "game")
    Traceback (most recent call last):
    ...
    kozyr.errors.KozyrError: game: 9223372036854775808 is more than 9223372036854775807
    """
    if not isinstance(text, str):
        raise KozyrError(f"{what}: expected a whole number, got {type(text).__name__}")
    body = text[1:] if text.startswith("-") and (minimum is None or minimum < 0) else text
    if not body or not body.isascii() or not body.isdigit():
        raise KozyrError(f"{what}: expected a whole number in digits 0-9, got {shorten(text)}")
    if len(body) > digits:
        raise KozyrError(f"{what}: a number of at most {digits} digits, got {len(body):,}")
    value = int(text)
    if minimum is not None and value < minimum:
        raise KozyrError(f"{what}: {value} is less than {minimum}")
    if maximum is not None and value > maximum:
        raise KozyrError(f"{what}: {value} is more than {maximum}")
    return value


def shorten(text: str, limit: int = SHOWN) -> str:
    """``repr`` of ``text``, cut to ``limit`` characters with its length when longer."""
    if len(text) <= limit:
        return repr(text)
    head = repr(text[:limit])
    return f"{head[:-1]}…{head[-1]} ({len(text):,} characters)"


__all__ = [
    "DEFAULT_LIMITS",
    "INT_DIGITS",
    "INT_MAX",
    "SHOWN",
    "Limits",
    "check_seed",
    "parse_int",
    "shorten",
]
