"""What the pages need for conflict-safe writes: the revision and idempotency key a form
carries (hidden ``revision`` and ``key`` fields), and what changed since a refused form was
drawn, in words a player reads (the 412 page).

>>> form_revision({"revision": ["7"]}), form_revision({}), form_revision({"revision": ["x"]})
({7}, None, set())
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from typing import Any

from kozyr.web.i18n import N_, tr
from kozyr.web.store import Change, StaleRevision
from kozyr.web.table import Revisions, Table, check_key

#: What each kind of change-log line says (English; translated by :func:`gettext`).
CHANGE_TEXT = {
    "create": N_("the game was started"),
    "import": N_("the game was imported"),
    "add-deal": N_("deal %(number)d was entered"),
    "undo": N_("deal %(number)d was undone"),
    "redo": N_("deal %(number)d was brought back"),
    "edit-deal": N_("deal %(number)d was edited"),
    "set-fields": N_("the game's fields were set"),
    "finish": N_("the game was finished"),
    "reopen": N_("the game was reopened"),
    "rename": N_("the game was renamed"),
    "delete": N_("the game was deleted"),
    "restore": N_("the game was restored"),
}


#: What a refused deal form says (its entry is drawn again, against the game as it is now).
ENTRY_KEPT = N_(
    "Your entry is kept in the form below: check it against the sheet and save it again."
)


def form_revision(data: Mapping[str, Sequence[str]]) -> Revisions:
    """The revision a posted form was drawn at (None: the form has none, no check; a value
    that is no revision matches none)."""
    values = data.get("revision")
    if not values:
        return None
    text = values[0].strip()
    if text and len(text) <= 18 and text.isascii() and text.isdigit():
        return {int(text)}
    return set()


def form_key(data: Mapping[str, Sequence[str]]) -> str | None:
    """The idempotency key a posted form carries (checked), or None."""
    values = data.get("key")
    if not values or not values[0]:
        return None
    return check_key(values[0])


def new_key() -> str:
    """A fresh idempotency key for a form (one per form drawn: a double tap or a resend of the
    same form stores its deal once)."""
    return str(uuid.uuid4())


def describe(change: Change, lang: str, players: Sequence[str] = ()) -> str:
    """One change-log line in words (``deal 3 was undone``)."""
    text = tr(lang, CHANGE_TEXT.get(change.kind, change.kind))
    number = change.detail.get("deal")
    if "%(number)d" in text:
        text = text % {"number": (number if isinstance(number, int) else -1) + 1}
    dealer = None
    deal = change.detail.get("after") or change.detail.get("before")
    if isinstance(deal, dict) and isinstance(deal.get("dealer"), int):
        dealer = deal["dealer"]
    if dealer is not None and 0 <= dealer < len(players):
        text += f" ({tr(lang, 'Dealer').lower()}: {players[dealer]})"
    if change.kind == "rename" and change.detail.get("after"):
        text += f": {change.detail['after']}"
    return text


def conflict_context(table: Table, error: StaleRevision, lang: str) -> dict[str, Any]:
    """What the 412 page shows: the revision the form had, the game's now, and each change
    made in between (when, and what) -- and that the player's entry is kept to apply on top."""
    since = min(error.expected, default=0)
    players = error.game.players
    return {
        "expected": min(error.expected, default=None),
        "revision": error.game.revision,
        "changes": [
            {"at": c.at, "text": describe(c, lang, players), "kind": c.kind}
            for c in table.store.changes(error.game.id, since=since)
        ],
    }


__all__ = [
    "CHANGE_TEXT",
    "ENTRY_KEPT",
    "conflict_context",
    "describe",
    "form_key",
    "form_revision",
    "new_key",
]
