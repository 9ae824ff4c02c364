"""The table code of ``kozyr serve`` beyond this machine: a long random code that cannot be
guessed, compared in constant time, with wrong attempts slowed down per client and logged.

A fresh code is :data:`CODE_WORDS` made-up words of three syllables (``kobira-semuto-…``), each
syllable one of 80 (16 consonants × 5 vowels): 19 bits a word, 75 bits in all -- guessing it at
a thousand tries a second would take longer than the universe has existed, and the back-off
below makes it a few tries an hour. The players rarely type it: the server prints a link that
carries it (``/code?code=…``), which sets the cookie and forgets it.

Wrong codes, per client address (:class:`Attempts`): the first :data:`FREE_TRIES` are free
(typos), then each one doubles the wait before the next try is looked at (1 s, 2 s, 4 s, … up to
an hour); a try during the wait is answered 429 with ``Retry-After`` and not looked at. A right
code forgets the client's failures. Every wrong try is logged with the client's address.

>>> code = TableCode("kobira-semuto-latipe-gunaro")
>>> code.matches("Kobira Semuto Latipe Gunaro"), code.matches("kobira-semuto-latipe-gunar")
(True, False)
>>> len(make_code().split("-")) == CODE_WORDS
True
"""

from __future__ import annotations

import hmac
import logging
import math
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from kozyr.errors import KozyrError

CONSONANTS = "bdfgklmnprstvxzh"
VOWELS = "aeiou"
SYLLABLES = tuple(c + v for c in CONSONANTS for v in VOWELS)
#: Syllables in one word of a fresh code, and words in the code.
WORD_SYLLABLES = 3
CODE_WORDS = 4
#: Bits of chance in a fresh code (75.9).
CODE_BITS = CODE_WORDS * WORD_SYLLABLES * math.log2(len(SYLLABLES))
#: A code of one's own (``--code``) weaker than this many bits is accepted with a warning.
WEAK_BITS = 64

#: Wrong tries a client makes before it has to wait; the first wait; the longest wait.
FREE_TRIES = 3
FIRST_WAIT = 1.0
LONGEST_WAIT = 3600.0
#: Client addresses remembered at most (the oldest is forgotten first).
MAX_CLIENTS = 4096

log = logging.getLogger("kozyr.web")


def make_code() -> str:
    """A fresh table code: :data:`CODE_WORDS` words of random syllables (``secrets``)."""
    words = [
        "".join(secrets.choice(SYLLABLES) for _ in range(WORD_SYLLABLES)) for _ in range(CODE_WORDS)
    ]
    return "-".join(words)


def canonical(code: str) -> str:
    """The form codes are compared in: letters and digits only, case-folded (a code may be
    typed with spaces for the dashes, or in capitals)."""
    return "".join(ch for ch in code.casefold() if ch.isalnum())


def strength(code: str) -> float:
    """Bits of chance a code of one's own has at most (its canonical characters from the
    smallest alphabet that holds them: digits, letters, or letters and digits)."""
    text = canonical(code)
    if not text:
        return 0.0
    alphabet = 10 if text.isdigit() else 26 if text.isalpha() and text.isascii() else 36
    if not text.isascii():
        alphabet = 64
    return len(text) * math.log2(alphabet)


class TableCode:
    """The server's table code; :meth:`matches` compares in constant time
    (:func:`hmac.compare_digest` of the canonical UTF-8 forms)."""

    def __init__(self, code: str) -> None:
        if not canonical(code):
            raise KozyrError(
                "a table code needs letters or digits (an empty code would protect nothing); "
                "leave --code out for a fresh one"
            )
        self.code = code
        self._key = canonical(code).encode("utf-8")

    def matches(self, given: str | None) -> bool:
        """Whether ``given`` is the code (None, empty: no)."""
        if not given:
            return False
        return hmac.compare_digest(canonical(given).encode("utf-8"), self._key)


@dataclass
class _Client:
    failures: int = 0
    not_before: float = 0.0


class Attempts:
    """Wrong table codes per client address, with exponential back-off (see the module
    docstring). ``clock``: seconds, monotonic (a test passes a fake one)."""

    def __init__(
        self,
        clock: Callable[[], float] = time.monotonic,
        *,
        free: int = FREE_TRIES,
        first_wait: float = FIRST_WAIT,
        longest_wait: float = LONGEST_WAIT,
        max_clients: int = MAX_CLIENTS,
        logger: logging.Logger = log,
    ) -> None:
        self.clock = clock
        self.free = free
        self.first_wait = first_wait
        self.longest_wait = longest_wait
        self.max_clients = max_clients
        self.log = logger
        self._clients: OrderedDict[str, _Client] = OrderedDict()
        self._lock = threading.Lock()

    def wait(self, client: str) -> float:
        """Seconds ``client`` must still wait before a code it sends is looked at (0: none)."""
        with self._lock:
            state = self._clients.get(client)
            if state is None:
                return 0.0
            return max(0.0, state.not_before - self.clock())

    def failed(self, client: str) -> float:
        """Record a wrong code from ``client``; the wait before its next try (0: none yet)."""
        with self._lock:
            state = self._clients.pop(client, None) or _Client()
            self._clients[client] = state  # most recent last
            while len(self._clients) > self.max_clients:
                self._clients.popitem(last=False)
            state.failures += 1
            over = state.failures - self.free - 1  # the first wait after the free tries
            delay = 0.0 if over < 0 else min(self.longest_wait, self.first_wait * 2.0**over)
            state.not_before = self.clock() + delay
            failures = state.failures
        self.log.warning(
            "kozyr serve: wrong table code from %s (%d in a row); next try in %g s",
            client,
            failures,
            delay,
        )
        return delay

    def succeeded(self, client: str) -> None:
        """A right code from ``client``: its failures are forgotten."""
        with self._lock:
            self._clients.pop(client, None)

    def failures(self, client: str) -> int:
        """Wrong codes in a row from ``client``."""
        with self._lock:
            state = self._clients.get(client)
            return 0 if state is None else state.failures


class Gate:
    """The table code and the attempts together: what the guard and the code page ask."""

    def __init__(self, code: TableCode, attempts: Attempts | None = None) -> None:
        self.code = code
        self.attempts = attempts or Attempts()

    def wait(self, client: str) -> float:
        """Seconds before a code from ``client`` is looked at (0: now)."""
        return self.attempts.wait(client)

    def check(self, client: str, given: str | None) -> bool:
        """Whether ``given`` is the code, counting a wrong one against ``client`` (a try
        during the client's wait is refused before this is asked)."""
        if self.code.matches(given):
            self.attempts.succeeded(client)
            return True
        self.attempts.failed(client)
        return False


__all__ = [
    "CODE_BITS",
    "CODE_WORDS",
    "Attempts",
    "Gate",
    "TableCode",
    "canonical",
    "make_code",
    "strength",
]
