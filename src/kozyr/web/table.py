"""The scorekeeper's operations: each one checks the whole game by replay, then stores it in one
transaction (see :mod:`kozyr.web.store`). The HTTP API and the pages both call these.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from kozyr.errors import KozyrError, RecordError
from kozyr.record import PartyResult
from kozyr.replay import replay
from kozyr.web import games
from kozyr.web.store import Store, StoredGame

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

    @property
    def record(self) -> dict[str, Any]:
        """The exportable record (stored record plus metadata)."""
        return games.full_record(self.game.record, self.game.meta)

    @property
    def open(self) -> bool:
        """Whether the game takes another deal."""
        return not self.game.finished and not self.next.over

    def to_json(self) -> dict[str, Any]:
        """``GET /api/games/{id}``: ``{"record", "result"}`` (result as ``kozyr replay --json``,
        null before the first deal) plus the game's id, status, players and next dealer."""
        return {
            "id": self.game.id,
            "evening": self.game.evening,
            "status": self.game.status,
            "players": list(self.game.players),
            "over": self.next.over,
            "next_dealer": None if not self.open else self.next.dealer,
            "record": self.record,
            "result": None if self.result is None else self.result.to_json(),
        }


class Table:
    """Games kept in one database."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def _stored(self, game_id: int) -> StoredGame:
        game = self.store.get(game_id)
        if game is None:
            raise GameNotFound(game_id)
        return game

    def view(self, game_id: int) -> View:
        """The game, replayed."""
        return self._view(self._stored(game_id))

    @staticmethod
    def _view(game: StoredGame) -> View:
        result = games.score(game.record)
        return View(game, result, games.next_deal(game.record, game.meta, result))

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

    def games(self) -> list[StoredGame]:
        """Every game, newest first."""
        return self.store.games()

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
        return self._view(self.store.create(record, meta, evening=evening))

    def add_deal(self, game_id: int, deal: Any) -> View:
        """Append one deal (outcome, summary or full record of a deal); a deal without
        ``dealer`` gets the next dealer of the game."""

        def change(game: StoredGame) -> tuple[dict[str, Any], str, dict[str, Any]]:
            view = self._view(game)
            path = f"$.deals[{len(game.record.get('deals') or [])}]"
            if not isinstance(deal, dict):
                raise RecordError(path, "expected a deal object")
            if game.finished:
                raise RecordError(path, f"game {game.id} is finished: start the next game")
            if len(game.record.get("deals") or []) >= MAX_DEALS:
                raise RecordError(path, f"a game takes at most {MAX_DEALS} deals")
            new_deal = copy.deepcopy(deal)
            if "dealer" not in new_deal and not view.next.over:
                new_deal["dealer"] = view.next.dealer
            record = self._checked(games.with_deal(game.record, new_deal))
            index = len(record["deals"]) - 1
            return record, "add-deal", {"deal": index, "after": record["deals"][index]}

        return self._view(self._update(game_id, change))

    def undo(self, game_id: int) -> View:
        """Take back the last deal."""

        def change(game: StoredGame) -> tuple[dict[str, Any], str, dict[str, Any]]:
            deals = list(game.record.get("deals") or [])
            if not deals:
                raise RecordError("$.deals", "the game has no deal to undo")
            if game.finished:
                raise RecordError("$.deals", f"game {game.id} is finished")
            record = dict(game.record, deals=deals[:-1])
            return record, "undo", {"deal": len(deals) - 1, "before": deals[-1]}

        return self._view(self._update(game_id, change))

    def edit_deal(self, game_id: int, index: int, deal: Any) -> View:
        """Replace deal ``index`` (from 0); the whole game is replayed again."""

        def change(game: StoredGame) -> tuple[dict[str, Any], str, dict[str, Any]]:
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
                {"deal": index, "before": deals[index], "after": record["deals"][index]},
            )

        return self._view(self._update(game_id, change))

    def set_fields(self, game_id: int, fields: Any) -> View:
        """Set the game's own fields (``cut``: the card that settles a race, PN5; and the
        variant's ``party_fields``); null removes one. The whole game is replayed again."""

        def change(game: StoredGame) -> tuple[dict[str, Any], str, dict[str, Any]]:
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
            return record, "set-fields", {"before": before, "after": dict(fields)}

        return self._view(self._update(game_id, change))

    def finish(self, game_id: int) -> View:
        """Mark the game finished (the table stops; no more deals)."""

        def change(game: StoredGame) -> tuple[dict[str, Any], str, dict[str, Any]]:
            return game.record, "finish", {"status": "finished"}

        return self._view(self._update(game_id, change))

    def next_game(self, game_id: int) -> View:
        """The next game of the same evening: same variant, options and players; the deal
        passes on from the last dealer of this one. The earlier game is marked finished."""
        game = self._stored(game_id)
        later = self._next_of(game)
        if later is not None:  # a repeated request: the next game it made before (#21)
            return self._view(later)
        if not game.record.get("deals"):
            raise RecordError("$.deals", f"game {game.id} has no deal yet: play it first")
        view = self._view(game)
        if not game.finished:
            self.finish(game_id)
        record = game.record
        variant = games.variant_of(record)
        last = view.result.deals[-1].record.dealer if view.result else None
        dealer = int(game.meta.get("dealer", 0)) if last is None else (last + 1) % variant.players
        return self.create(
            record["variant"],
            record.get("options") or {},
            list(game.players),
            dealer,
            evening=game.evening,
        )

    def _next_of(self, game: StoredGame) -> StoredGame | None:
        """The game that followed ``game`` in its evening (None: none yet)."""
        later = [g for g in self.store.games() if g.evening == game.evening and g.id > game.id]
        return min(later, key=lambda g: g.id) if later else None

    def import_record(self, data: Any) -> list[View]:
        """Store a record file: a party, one deal (a game of one deal), or an evening
        (``{"games": [...]}``: one game each, one evening). Nothing is stored if any is bad."""
        if not isinstance(data, dict):
            raise RecordError("$", "expected a record object")
        if "games" in data:
            parts = data["games"]
            if not isinstance(parts, list) or not parts:
                raise RecordError("$.games", "expected a non-empty list of games")
            prepared = [self._prepare(g, f"$.games[{i}]", data) for i, g in enumerate(parts)]
        else:
            prepared = [self._prepare(data, "$", {})]
        views: list[View] = []
        evening: int | None = None
        for record, meta in prepared:
            stored = self.store.create(record, meta, evening=evening, kind="import")
            evening = stored.evening if evening is None else evening
            views.append(self._view(stored))
        return views

    def _prepare(
        self, data: Any, path: str, outer: Mapping[str, Any]
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        if not isinstance(data, dict):
            raise RecordError(path, "expected a record object")
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
        players = meta.get("players") or outer.get("players")
        if players is None:
            players = [f"{i + 1}" for i in range(variant.players)]
        meta["players"] = games.check_players(players, variant.players, f"{path}.players")
        if result and result.deals:
            meta.setdefault("dealer", result.deals[0].record.dealer)
        return games.canonical(record, result), meta

    def _checked(self, record: dict[str, Any]) -> dict[str, Any]:
        return games.canonical(record, games.score(record))

    def _update(self, game_id: int, change: Any) -> StoredGame:
        try:
            return self.store.update(game_id, change)
        except KeyError:
            raise GameNotFound(game_id) from None


__all__ = ["MAX_DEALS", "GameNotFound", "Table", "View"]
