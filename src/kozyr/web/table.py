"""The scorekeeper's operations: each one checks the whole game by replay, then stores it in one
transaction (see :mod:`kozyr.web.store`). The HTTP API and the pages both call these.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from kozyr.codec import read_meta
from kozyr.errors import KozyrError, RecordError
from kozyr.record import PartyResult
from kozyr.replay import replay
from kozyr.seats import next_seat
from kozyr.web import games
from kozyr.web.games import Next
from kozyr.web.live import ChangeHub, EventLimits
from kozyr.web.store import (
    MAX_KEY,
    ChangeFunction,
    StaleRevision,
    Store,
    StoredGame,
    fingerprint,
)

#: Longest name a game can be given.
MAX_GAME_NAME = 80

#: Most deals one game takes through the page (a guard, far above any real game).
MAX_DEALS = 500


class GameNotFound(KozyrError):
    """No game (or evening) with this id."""

    def __init__(self, game_id: int, what: str = "game") -> None:
        super().__init__(f"no {what} {game_id}")
        self.game_id = game_id


@dataclass(frozen=True)
class View:
    """A game with its replayed result and what the next deal looks like."""

    game: StoredGame
    result: PartyResult | None
    next: games.Next
    #: For a repeated idempotent request: the first answer (what :meth:`to_json` returns).
    first_answer: Any = None

    @property
    def record(self) -> dict[str, Any]:
        """The exportable record (stored record plus metadata)."""
        return games.full_record(self.game.record, self.game.meta)

    @property
    def open(self) -> bool:
        """Whether the game takes another deal."""
        return not self.game.finished and not self.next.over

    @property
    def repeated(self) -> bool:
        """Whether this answers a repeated idempotent request (nothing new was stored)."""
        return self.first_answer is not None

    def to_json(self) -> dict[str, Any]:
        """``GET /api/games/{id}``: ``{"record", "result"}`` (result as ``kozyr replay --json``,
        null before the first deal) plus the game's id, status, players, next dealer,
        ``revision`` (the number of changes so far; the ETag), ``name``, ``deleted`` and
        ``redo`` (how many undone deals a redo can bring back). For a repeated idempotent
        request: the first answer, as it was."""
        if self.first_answer is not None:
            return dict(self.first_answer)
        return {
            "id": self.game.id,
            "evening": self.game.evening,
            "status": self.game.status,
            "players": list(self.game.players),
            "over": self.next.over,
            "next_dealer": None if not self.open else self.next.dealer,
            "record": self.record,
            "result": None if self.result is None else self.result.to_json(),
            "revision": self.game.revision,
            "name": self.game.name,
            "deleted": self.game.deleted,
            "redo": len(self.game.redo),
        }


#: The revisions a write was made against (``If-Match``), or None for no check.
Revisions = Collection[int] | None


def check_key(key: str | None) -> str | None:
    """An idempotency key as given (visible ASCII, at most :data:`MAX_KEY` characters)."""
    if key is None:
        return None
    if not key or len(key) > MAX_KEY or not all(" " < c <= "~" for c in key):
        raise RecordError(
            "Idempotency-Key", f"expected 1 to {MAX_KEY} visible ASCII characters (a UUID)"
        )
    return key


class Table:
    """Games kept in one database; ``hub`` hears of every change (live updates)."""

    def __init__(self, store: Store, events: EventLimits | None = None) -> None:
        self.store = store
        self.hub = ChangeHub(events)

    def _stored(self, game_id: int) -> StoredGame:
        game = self.store.get(game_id)
        if game is None:
            raise GameNotFound(game_id)
        return game

    def view(self, game_id: int) -> View:
        """The game, replayed (a deleted game too: it can be restored)."""
        return self._view(self._stored(game_id))

    def stale_view(self, error: StaleRevision) -> View:
        """The current game of a refused write."""
        return self._view(error.game)

    @classmethod
    def _view(cls, game: StoredGame) -> View:
        return View(*cls._parts(game))

    def evening(self, evening: int) -> dict[str, Any]:
        """The evening record (``{"games": [...]}``, its games in the order played) and its
        result as ``kozyr replay --json`` gives it (null while no game has a deal)."""
        played = [
            games.full_record(g.record, g.meta)
            for g in sorted(self.store.games(), key=lambda g: g.id)
            if g.evening == evening and g.record.get("deals")
        ]
        if not any(g.evening == evening for g in self.store.games()):
            raise GameNotFound(evening, "evening")
        record: dict[str, Any] = {"games": played}
        result = replay(record).to_json() if played else None
        return {"id": evening, "record": record, "result": result}

    def games(self, *, deleted: bool = False) -> list[StoredGame]:
        """Every game that is not deleted (``deleted=True``: the deleted ones), newest first."""
        return self.store.games(deleted=deleted)

    def create(
        self,
        variant: str,
        options: Mapping[str, Any],
        players: Sequence[str],
        dealer: int = 0,
        *,
        evening: int | None = None,
    ) -> View:
        """Start a game (a new evening unless ``evening`` is given)."""
        record, meta = games.new_game(variant, options, players, dealer)
        stored = self.store.create(record, meta, evening=evening)
        self.hub.notify(stored.id)
        return self._view(stored)

    def add_deal(
        self, game_id: int, deal: Any, *, if_match: Revisions = None, key: str | None = None
    ) -> View:
        """Append one deal (outcome, summary or full record of a deal); a deal without
        ``dealer`` gets the next dealer of the game. ``key``: an idempotency key -- a repeat
        returns the first answer and stores nothing new."""

        def change(game: StoredGame) -> tuple[dict[str, Any], str, dict[str, Any]]:
            view = self._view(game)
            path = f"$.deals[{len(game.record.get('deals') or [])}]"
            if not isinstance(deal, dict):
                raise RecordError(path, "expected a deal object")
            self._writable(game, path)
            if game.finished:
                raise RecordError(path, f"game {game.id} is finished: start the next game")
            if len(game.record.get("deals") or []) >= MAX_DEALS:
                raise RecordError(path, f"a game takes at most {MAX_DEALS} deals")
            new_deal = copy.deepcopy(deal)
            if "dealer" not in new_deal and not view.next.over:
                new_deal["dealer"] = view.next.dealer
            record = self._checked(games.with_deal(game.record, new_deal))
            index = len(record["deals"]) - 1
            return record, "add-deal", {"deal": index, "after": record["deals"][index], "redo": []}

        scope = None if key is None else (f"deals:{game_id}", key, fingerprint(deal))
        return self._write(game_id, change, if_match, scope)

    def undo(self, game_id: int, *, if_match: Revisions = None) -> View:
        """Take back the last deal (:meth:`redo` brings it back)."""

        def change(game: StoredGame) -> tuple[dict[str, Any], str, dict[str, Any]]:
            deals = list(game.record.get("deals") or [])
            self._writable(game, "$.deals")
            if not deals:
                raise RecordError("$.deals", "the game has no deal to undo")
            if game.finished:
                raise RecordError("$.deals", f"game {game.id} is finished")
            record = dict(game.record, deals=deals[:-1])
            redo = [*game.redo, deals[-1]]
            return record, "undo", {"deal": len(deals) - 1, "before": deals[-1], "redo": redo}

        return self._write(game_id, change, if_match)

    def redo(self, game_id: int, *, if_match: Revisions = None) -> View:
        """Bring back the deal undone last (while no deal was entered, edited or a field set
        since); the game is replayed with it again."""

        def change(game: StoredGame) -> tuple[dict[str, Any], str, dict[str, Any]]:
            self._writable(game, "$.deals")
            if game.finished:
                raise RecordError("$.deals", f"game {game.id} is finished")
            if not game.redo:
                raise RecordError("$.deals", "no undone deal to bring back")
            deal = game.redo[-1]
            record = self._checked(games.with_deal(game.record, copy.deepcopy(deal)))
            index = len(record["deals"]) - 1
            detail = {"deal": index, "after": record["deals"][index], "redo": game.redo[:-1]}
            return record, "redo", detail

        return self._write(game_id, change, if_match)

    def edit_deal(self, game_id: int, index: int, deal: Any, *, if_match: Revisions = None) -> View:
        """Replace deal ``index`` (from 0); the whole game is replayed again."""

        def change(game: StoredGame) -> tuple[dict[str, Any], str, dict[str, Any]]:
            self._writable(game, "$.deals")
            deals = list(game.record.get("deals") or [])
            if not 0 <= index < len(deals):
                raise RecordError("$.deals", f"the game has no deal {index + 1}")
            if not isinstance(deal, dict):
                raise RecordError(f"$.deals[{index}]", "expected a deal object")
            new_deal = copy.deepcopy(deal)
            new_deal.setdefault("dealer", deals[index].get("dealer"))
            record = self._checked(games.with_deal(game.record, new_deal, index))
            return (
                record,
                "edit-deal",
                {
                    "deal": index,
                    "before": deals[index],
                    "after": record["deals"][index],
                    "redo": [],
                },
            )

        return self._write(game_id, change, if_match)

    def set_fields(self, game_id: int, fields: Any, *, if_match: Revisions = None) -> View:
        """Set the game's own fields (``cut``: the card that settles a race, PN5; and the
        variant's ``party_fields``); null removes one. The whole game is replayed again."""

        def change(game: StoredGame) -> tuple[dict[str, Any], str, dict[str, Any]]:
            self._writable(game, "$")
            if not isinstance(fields, dict):
                raise RecordError("$", "expected an object of party fields")
            allowed = games.party_keys(games.variant_of(game.record))
            record = dict(game.record)
            for key, value in fields.items():
                if key not in allowed:
                    raise RecordError(
                        f"$.{key}", f"not a field of this game; fields: {', '.join(allowed)}"
                    )
                if value is None or value == "":
                    record.pop(key, None)
                else:
                    record[key] = value
            before = {k: game.record.get(k) for k in fields}
            record = self._checked(record)
            return record, "set-fields", {"before": before, "after": dict(fields), "redo": []}

        return self._write(game_id, change, if_match)

    def finish(self, game_id: int, *, if_match: Revisions = None) -> View:
        """Mark the game finished (the table stops; no more deals; :meth:`reopen` undoes it)."""

        def change(game: StoredGame) -> tuple[dict[str, Any], str, dict[str, Any]]:
            self._writable(game, "$")
            return game.record, "finish", {"status": "finished"}

        return self._write(game_id, change, if_match)

    def reopen(self, game_id: int, *, if_match: Revisions = None) -> View:
        """Open a finished game again (it takes deals, undo and edits again)."""

        def change(game: StoredGame) -> tuple[dict[str, Any], str, dict[str, Any]]:
            self._writable(game, "$")
            if not game.finished:
                raise RecordError("$.status", f"game {game.id} is not finished")
            return game.record, "reopen", {"status": "open"}

        return self._write(game_id, change, if_match)

    def rename(self, game_id: int, name: Any, *, if_match: Revisions = None) -> View:
        """Give the game a name (``""`` or None: no name)."""
        if name is not None and not isinstance(name, str):
            raise RecordError("$.name", "expected a name (text) or null")
        new_name = (name or "").strip()
        if len(new_name) > MAX_GAME_NAME:
            raise RecordError("$.name", f"a game's name has at most {MAX_GAME_NAME} characters")
        if any(not c.isprintable() for c in new_name):
            raise RecordError("$.name", "a game's name is one line of printable text")

        def change(game: StoredGame) -> tuple[dict[str, Any], str, dict[str, Any]]:
            self._writable(game, "$.name")
            meta = dict(game.meta)
            if new_name:
                meta["name"] = new_name
            else:
                meta.pop("name", None)
            detail = {"before": game.name, "after": new_name or None, "meta": meta}
            return game.record, "rename", detail

        return self._write(game_id, change, if_match)

    def delete(self, game_id: int, *, if_match: Revisions = None) -> View:
        """Delete the game: it leaves the lists and its evening, keeps its change log, and
        :meth:`restore` brings it back."""

        def change(game: StoredGame) -> tuple[dict[str, Any], str, dict[str, Any]]:
            if game.deleted:
                raise RecordError("$", f"game {game.id} is already deleted")
            return game.record, "delete", {"deleted": True}

        return self._write(game_id, change, if_match)

    def restore(self, game_id: int, *, if_match: Revisions = None) -> View:
        """Bring back a deleted game, as it was."""

        def change(game: StoredGame) -> tuple[dict[str, Any], str, dict[str, Any]]:
            if not game.deleted:
                raise RecordError("$", f"game {game.id} is not deleted")
            return game.record, "restore", {"deleted": False}

        return self._write(game_id, change, if_match)

    def next_game(self, game_id: int, *, if_match: Revisions = None) -> View:
        """The next game of the same evening: same variant, options and players; the deal
        passes on from the last dealer of this one. The earlier game is marked finished."""
        game = self._stored(game_id)
        self._writable(game, "$")
        later = self._next_of(game)
        if later is not None:  # a repeated request: the next game it made before (#21)
            return self._view(later)
        if not game.record.get("deals"):
            raise RecordError("$.deals", f"game {game.id} has no deal yet: play it first")
        if if_match is not None and game.revision not in if_match:
            raise StaleRevision(game, if_match)
        view = self._view(game)
        if not game.finished:
            self.finish(game_id, if_match=[game.revision])
        record = game.record
        variant = games.variant_of(record)
        last = view.result.deals[-1].record.dealer if view.result else None
        dealer = (
            int(game.meta.get("dealer", 0)) if last is None else next_seat(last, variant.players)
        )
        return self.create(
            record["variant"],
            record.get("options") or {},
            list(game.players),
            dealer,
            evening=game.evening,
        )

    def _next_of(self, game: StoredGame) -> StoredGame | None:
        """The game that followed ``game`` in its evening (None: none yet)."""
        later = [
            g
            for g in self.store.games()
            if g.evening == game.evening and g.id > game.id and not getattr(g, "deleted", False)
        ]
        return min(later, key=lambda g: g.id) if later else None

    def import_record(self, data: Any, *, key: str | None = None) -> list[View]:
        """Store a record file: a party, one deal (a game of one deal), or an evening
        (``{"games": [...]}``: one game each, one evening; a game without ``variant`` or
        ``options`` takes the evening's, as ``kozyr replay`` reads it). All games are stored in
        one transaction: nothing is stored if any is bad, or if the server stops midway.
        ``key``: an idempotency key -- a repeat stores nothing and returns the first games."""
        if key is not None:
            first = self.store.answer("import", key, fingerprint(data))
            if first is not None:
                return [self.view(int(game_id)) for game_id in first["answer"]]
        if not isinstance(data, dict):
            raise RecordError("$", "expected a record object")
        if "games" in data:
            parts = data["games"]
            if not isinstance(parts, list) or not parts:
                raise RecordError("$.games", "expected a non-empty list of games")
            # the evening's own date, place, note, players, as kozyr replay reads them (an
            # object as its place was stored in each game; found by the fuzz run, #21 item 10)
            read_meta(data, "$", None)
            prepared = [self._prepare(g, f"$.games[{i}]", data) for i, g in enumerate(parts)]
        else:
            prepared = [self._prepare(data, "$", {})]
        scope = None if key is None else ("import", key, fingerprint(data))
        stored = self.store.create_many(prepared, kind="import", key=scope)
        for game in stored:
            self.hub.notify(game.id)
        return [self._view(game) for game in stored]

    def _prepare(
        self, data: Any, path: str, outer: Mapping[str, Any]
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        if not isinstance(data, dict):
            raise RecordError(path, "expected a record object")
        if outer:  # a game of an evening takes the evening's variant and options (replay)
            data = {
                **{k: outer[k] for k in ("variant", "options") if k in outer and k not in data},
                **data,
            }
        if "deals" not in data:  # one deal: a game of one deal
            deal = {k: v for k, v in data.items() if k not in ("variant", "options")}
            data = {"variant": data.get("variant"), "options": data.get("options", {})}
            data["deals"] = [deal]
        record, meta = games.split_record(data)
        deals = record.get("deals")
        if isinstance(deals, list) and len(deals) > MAX_DEALS:  # before any replay (#21)
            raise RecordError(
                f"{path}.deals",
                f"a game takes at most {MAX_DEALS} deals, this one has {len(deals):,} "
                "(score a longer record with kozyr replay or POST /api/score)",
            )
        try:
            result = games.score(record)
        except RecordError as error:
            raise RecordError(path + error.path[1:], error.detail) from None
        variant = games.variant_of(record)
        for key in games.META_KEYS:  # the evening's date, place, note: each game's too
            if key != "players" and key not in meta and key in outer:
                meta[key] = outer[key]
        players = meta.get("players") or outer.get("players")
        if players is None:
            players = [f"{i + 1}" for i in range(variant.players)]
        meta["players"] = games.check_players(players, variant.players, f"{path}.players")
        if result and result.deals:
            meta.setdefault("dealer", result.deals[0].record.dealer)
        return games.canonical(record, result), meta

    def _checked(self, record: dict[str, Any]) -> dict[str, Any]:
        return games.canonical(record, games.score(record))

    @staticmethod
    def _writable(game: StoredGame, path: str) -> None:
        if game.deleted:
            raise RecordError(path, f"game {game.id} is deleted: restore it first")

    def _write(
        self,
        game_id: int,
        change: ChangeFunction,
        if_match: Revisions = None,
        key: tuple[str, str, str] | None = None,
    ) -> View:
        answer: Callable[[StoredGame], Any] | None = None
        if key is not None:
            check_key(key[1])

            def answer(game: StoredGame) -> Any:
                return self._view(game).to_json()

        try:
            written = self.store.write(game_id, change, if_match=if_match, key=key, answer=answer)
        except KeyError:
            raise GameNotFound(game_id) from None
        if written.repeated:
            return View(*self._parts(written.game), first_answer=written.answer)
        self.hub.notify(game_id)
        return self._view(written.game)

    @staticmethod
    def _parts(game: StoredGame) -> tuple[StoredGame, PartyResult | None, Next]:
        result = games.score(game.record)
        return game, result, games.next_deal(game.record, game.meta, result)


__all__ = ["MAX_DEALS", "GameNotFound", "Table", "View"]
