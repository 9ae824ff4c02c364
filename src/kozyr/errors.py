"""The library's error hierarchy: every user mistake is a :class:`KozyrError` (a ``ValueError``).

Bad syntax (:class:`CardParseError`) is kept apart from a well-formed but illegal action
(:class:`IllegalPlayError`), and every record problem carries its JSON path.

>>> from kozyr import parse_card
>>> try:
...     parse_card("1x")
... except KozyrError as error:
...     print(error)
bad card '1x' at position 0: unknown rank '1'
"""

from __future__ import annotations

import re


class KozyrError(ValueError):
    """Base class of every error kozyr raises on bad input."""


class CardParseError(KozyrError):
    """A card or card list in notation (rule C4) cannot be read."""

    def __init__(self, message: str, *, token: str | None = None, position: int | None = None):
        super().__init__(message)
        self.token = token
        self.position = position


class DuplicateCardError(CardParseError):
    """A card is listed twice where a set of distinct cards is meant."""


class JokerError(KozyrError, AttributeError):
    """A joker was asked for what only a card of a suit has (its ``suit`` or ``rank``), or
    came where the deck has no jokers.

    It is also an ``AttributeError``, so ``hasattr(joker, "suit")`` is False.
    """


class CardIndexError(KozyrError, IndexError):
    """A card's dense index (0-51, the jokers 52 and 53) or a card mask's bit names no card:
    -1 (the batch engine's "no card"), 54 or more, a mask with a bit above the red joker's.

    It is also an ``IndexError``, as ``Card.from_index`` raised before it.
    """


class OptionError(KozyrError):
    """A variant option is unknown, of the wrong type, out of range, or impossible."""


class UnknownVariantError(KozyrError):
    """No installed variant has that name or alias."""


class PluginError(KozyrError):
    """A plugin failed to load or registered something invalid."""


class PluginWarning(UserWarning):
    """A plugin was refused or misbehaved without stopping kozyr: a distribution claiming the
    built-in entry-point group it does not belong to, say (``kozyr plugins`` has the details)."""


class VariantConflictError(PluginError):
    """Two variants claim the same name or alias."""


class HookError(PluginError):
    """A plugin's code failed while kozyr ran it: an exception raised inside one of a variant's
    hooks during play, replay, scoring or simulation (the original exception is the
    ``__cause__``), a bot's or a sheet format's exception, a value of the wrong type returned, an
    illegal action chosen by a bot, or a deal its hooks never end. Not bad input: the plugin is at
    fault (the CLI exits 3; ``kozyr serve`` answers 500 naming the plugin).

    ``plugin``, ``variant``, ``bot``, ``sheet_format`` and ``hook`` name who failed; ``seed``,
    ``dealer``, ``seat`` and ``where`` say where (what is known of it). Without a ``message`` the
    error builds its own one line from these, ``error`` (the exception raised) and ``detail``
    (what went wrong, when nothing was raised):

    >>> print(HookError(plugin="toy", variant="toy-game", hook="score",
    ...                 error=ZeroDivisionError("division by zero"), seat=2))
    variant toy-game (plugin toy): hook score raised ZeroDivisionError: division by zero (seat 2)
    >>> print(HookError(plugin="toy", bot="greedy", hook="choose", variant="toy-game",
    ...                 detail="returned str, not Action"))
    bot greedy (plugin toy) playing toy-game: hook choose returned str, not Action
    """

    def __init__(
        self,
        message: str | None = None,
        *,
        plugin: str | None = None,
        variant: str | None = None,
        hook: str | None = None,
        seed: int | None = None,
        dealer: int | None = None,
        seat: int | None = None,
        where: str | None = None,
        bot: str | None = None,
        sheet_format: str | None = None,
        error: BaseException | None = None,
        detail: str | None = None,
    ):
        self.plugin = plugin
        self.variant = variant
        self.hook = hook
        self.seed = seed
        self.dealer = dealer
        self.seat = seat
        self.where = where
        self.bot = bot
        self.sheet_format = sheet_format
        super().__init__(message if message is not None else self._message(error, detail))

    def _message(self, error: BaseException | None, detail: str | None) -> str:
        owner = f" (plugin {self.plugin})" if self.plugin else ""
        if self.bot is not None:
            who = f"bot {self.bot}{owner}" + (f" playing {self.variant}" if self.variant else "")
        elif self.sheet_format is not None:
            who = f"sheet format {self.sheet_format}{owner}"
        else:
            who = f"variant {self.variant}{owner}"
        if error is not None:
            text = str(error).replace("\n", " ") or "(no message)"
            what = f"raised {type(error).__name__}: {text}"
        else:
            what = (detail or "failed").replace("\n", " ")
        place = [self.where] if self.where else []
        if self.seed is not None or self.dealer is not None:
            place.append(f"deal seed {self.seed}, dealer {self.dealer}")
        if self.seat is not None:
            place.append(f"seat {self.seat}")
        hook = f"hook {self.hook} " if self.hook else ""
        return f"{who}: {hook}{what}" + (f" ({'; '.join(place)})" if place else "")


class IllegalActionError(KozyrError):
    """An action that the rules do not allow at this point of the deal.

    The state of the deal is left exactly as it was before the attempt.
    """

    def __init__(
        self,
        message: str,
        *,
        seat: int | None = None,
        card: object | None = None,
        rule: str | None = None,
    ):
        super().__init__(message)
        self.seat = seat
        self.card = card
        self.rule = rule


class IllegalPlayError(IllegalActionError):
    """A card played against the variant's trick rules (or out of turn, or not held)."""


def located(path: str) -> str:
    """A JSON path as text, the deal (and game) in it numbered from 1 as people count them.

    >>> located("$.deals[1].tricks[0][2]")
    'deal 2 ($.deals[1].tricks[0][2])'
    >>> located("$.games[0].deals[3]"), located("$.hands[1]")
    ('game 1, deal 4 ($.games[0].deals[3])', '$.hands[1]')
    """
    words = []
    for key, word in (("games", "game"), ("deals", "deal")):
        marker = f".{key}["
        at = path.find(marker)
        if at >= 0:
            end = path.find("]", at)
            number = path[at + len(marker) : end]
            if number.isdigit():
                words.append(f"{word} {int(number) + 1}")
    return f"{', '.join(words)} ({path})" if words else path


class RecordError(KozyrError):
    """A deal or party record is malformed or inconsistent; ``path`` is its JSON path (in the
    message, a deal of a party is numbered from 1: ``deal 2 ($.deals[1].won): ...``)."""

    def __init__(self, path: str, message: str):
        super().__init__(f"{located(path)}: {message}")
        self.path = path
        self.detail = message

    def located(self) -> str:
        """The message with the deal (and game) numbered from 1 before the JSON path, as the
        command line and ``kozyr keep`` show it.

        >>> RecordError("$.deals[1].beg", "expected one of stand, give, run").located()
        'deal 2 ($.deals[1].beg): expected one of stand, give, run'
        >>> RecordError("$.games[0].deals[3]", "the party was already over").located()
        'game 1, deal 4 ($.games[0].deals[3]): the party was already over'
        >>> RecordError("$.dealer", "missing").located()
        '$.dealer: missing'
        """
        match = re.match(r"^\$(?:\.games\[(\d+)\])?\.deals\[(\d+)\]", self.path)
        if match is None:
            game = re.match(r"^\$\.games\[(\d+)\]", self.path)
            if game is None:
                return str(self)
            return f"game {int(game.group(1)) + 1} ({self.path}): {self.detail}"
        prefix = f"game {int(match.group(1)) + 1}, " if match.group(1) is not None else ""
        return f"{prefix}deal {int(match.group(2)) + 1} ({self.path}): {self.detail}"


class TextError(RecordError):
    """Text a person typed -- a player's name, a record's ``date``, ``place`` or ``note`` --
    holds what text may not (a control, an invisible or bidirectional character, a lone
    surrogate, a look-alike letter of another alphabet), or two names are one player.
    ``position`` is the offending character's, counted from 1 (None when the whole text is at
    fault); ``path`` is the JSON path (``$.players[1]``) or the option (``--players[1]``)."""

    def __init__(self, path: str, message: str, *, position: int | None = None):
        super().__init__(path, message)
        self.position = position


class InputLimitError(KozyrError):
    """An input is larger than a documented limit (:class:`kozyr.limits.Limits`): record bytes,
    JSON nesting, number digits, tricks in a deal, cards in one string. ``limit`` names the limit
    (its CLI flag raises it)."""

    def __init__(self, message: str, *, limit: str, path: str | None = None):
        super().__init__(f"{path}: {message}" if path else message)
        self.limit = limit
        self.path = path
        self.detail = message


class TimeBudgetError(Exception):
    """Work ran past its time budget (:func:`kozyr.budget.time_budget`: ``kozyr serve`` gives
    every request one). Not a :class:`KozyrError`: the input may be fine and the server only out
    of time, so no handler of bad input may answer it as such (the server answers 503)."""

    def __init__(self, seconds: float, where: str = "") -> None:
        message = f"the work took longer than its budget of {seconds:g} s"
        super().__init__(f"{where}: {message}" if where else message)
        self.seconds = seconds
        self.where = where


class OutputError(KozyrError):
    """Output could not be written (a full disk, no permission, a closed pipe); no partial file
    is left behind. The CLI reports it on one line and exits with status 1."""

    def __init__(self, message: str, *, path: str | None = None):
        super().__init__(message)
        self.path = path


__all__ = [
    "CardIndexError",
    "CardParseError",
    "DuplicateCardError",
    "HookError",
    "IllegalActionError",
    "IllegalPlayError",
    "InputLimitError",
    "JokerError",
    "KozyrError",
    "OptionError",
    "OutputError",
    "PluginError",
    "PluginWarning",
    "RecordError",
    "TextError",
    "TimeBudgetError",
    "UnknownVariantError",
    "VariantConflictError",
]
