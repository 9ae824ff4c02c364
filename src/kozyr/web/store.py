"""The scorekeeper's database: games in SQLite (standard library ``sqlite3``, WAL mode).

Each game is one row holding its canonical JSON record (the party record ``kozyr replay`` reads)
and the table's metadata; every change (a game created, a deal added, undone or edited, a game
finished or imported) is one transaction that rewrites the row and appends one line to the
``changes`` log, which triggers keep append-only. A committed change is on disk before the
request that made it is answered (``synchronous=FULL``), so a server killed at any moment loses
no committed deal.

>>> store = Store(":memory:")
>>> game = store.create({"variant": "seven-up", "deals": []}, {"players": ["A", "B", "C", "D"]})
>>> store.get(game.id).players
('A', 'B', 'C', 'D')
>>> [change.kind for change in store.changes(game.id)]
['create']
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    evening INTEGER NOT NULL,
    variant TEXT NOT NULL,
    meta TEXT NOT NULL,
    record TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('open', 'finished')),
    created TEXT NOT NULL,
    updated TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS changes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game INTEGER NOT NULL REFERENCES games(id),
    at TEXT NOT NULL,
    kind TEXT NOT NULL,
    detail TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS changes_by_game ON changes (game, id);
CREATE TRIGGER IF NOT EXISTS changes_no_update BEFORE UPDATE ON changes
BEGIN SELECT RAISE(ABORT, 'the change log is append-only'); END;
CREATE TRIGGER IF NOT EXISTS changes_no_delete BEFORE DELETE ON changes
BEGIN SELECT RAISE(ABORT, 'the change log is append-only'); END;
"""


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


@dataclass(frozen=True)
class StoredGame:
    """One game as stored: its record (JSON data), the table's metadata (``players``, one name
    per seat; ``dealer``, the first dealer), its evening and status."""

    id: int
    evening: int
    variant: str
    meta: dict[str, Any]
    record: dict[str, Any]
    status: str
    created: str
    updated: str

    @property
    def players(self) -> tuple[str, ...]:
        """One name per seat."""
        return tuple(self.meta.get("players", ()))

    @property
    def finished(self) -> bool:
        """Whether the table said the game is over (no more deals are taken)."""
        return self.status == "finished"


@dataclass(frozen=True)
class Change:
    """One line of a game's change log: what changed (``kind``, ``detail``) and when."""

    id: int
    game: int
    at: str
    kind: str
    detail: dict[str, Any]


class Store:
    """Games and their change logs in one SQLite file (``":memory:"`` for tests)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._lock = threading.Lock()  # one connection, used by one request at a time
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._db.row_factory = sqlite3.Row
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)

    def close(self) -> None:
        """Close the database (a WAL checkpoint folds the log into the file)."""
        with self._lock:
            self._db.close()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction (``BEGIN IMMEDIATE`` … ``COMMIT``); rolled back on any error."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    # --- reading ----------------------------------------------------------------------------

    @staticmethod
    def _game(row: sqlite3.Row) -> StoredGame:
        return StoredGame(
            id=row["id"],
            evening=row["evening"],
            variant=row["variant"],
            meta=json.loads(row["meta"]),
            record=json.loads(row["record"]),
            status=row["status"],
            created=row["created"],
            updated=row["updated"],
        )

    def get(self, game_id: int) -> StoredGame | None:
        """The game with this id, or None."""
        with self._lock:
            row = self._db.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
        return None if row is None else self._game(row)

    def games(self) -> list[StoredGame]:
        """Every game, newest first."""
        with self._lock:
            rows = self._db.execute("SELECT * FROM games ORDER BY id DESC").fetchall()
        return [self._game(row) for row in rows]

    def changes(self, game_id: int) -> list[Change]:
        """The change log of one game, oldest first."""
        with self._lock:
            rows = self._db.execute(
                "SELECT * FROM changes WHERE game = ? ORDER BY id", (game_id,)
            ).fetchall()
        return [
            Change(row["id"], row["game"], row["at"], row["kind"], json.loads(row["detail"]))
            for row in rows
        ]

    # --- writing: one transaction per change ------------------------------------------------

    def create(
        self,
        record: dict[str, Any],
        meta: dict[str, Any],
        *,
        evening: int | None = None,
        kind: str = "create",
        status: str = "open",
    ) -> StoredGame:
        """Store a new game (``evening``: the evening it belongs to; a new one by default)."""
        now = _now()
        with self._transaction() as db:
            cursor = db.execute(
                "INSERT INTO games (evening, variant, meta, record, status, created, updated)"
                " VALUES (0, ?, ?, ?, ?, ?, ?)",
                (record["variant"], _dumps(meta), _dumps(record), status, now, now),
            )
            game_id = cursor.lastrowid
            assert game_id is not None
            db.execute(
                "UPDATE games SET evening = ? WHERE id = ?",
                (game_id if evening is None else evening, game_id),
            )
            self._log(db, game_id, now, kind, {"record": record, "meta": meta})
        game = self.get(game_id)
        assert game is not None
        return game

    def update(
        self,
        game_id: int,
        change: Callable[[StoredGame], tuple[dict[str, Any], str, dict[str, Any]]],
    ) -> StoredGame:
        """Apply ``change`` inside one transaction: it gets the game as stored now and returns
        ``(new record, kind, detail)``; raising inside it leaves the game as it was. A status
        ``"finished"`` in ``detail["status"]`` marks the game finished."""
        now = _now()
        with self._transaction() as db:
            row = db.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                raise KeyError(game_id)
            record, kind, detail = change(self._game(row))
            status = detail.get("status", row["status"])
            db.execute(
                "UPDATE games SET record = ?, status = ?, updated = ? WHERE id = ?",
                (_dumps(record), status, now, game_id),
            )
            self._log(db, game_id, now, kind, detail)
        game = self.get(game_id)
        assert game is not None
        return game

    @staticmethod
    def _log(db: sqlite3.Connection, game_id: int, at: str, kind: str, detail: Any) -> None:
        db.execute(
            "INSERT INTO changes (game, at, kind, detail) VALUES (?, ?, ?, ?)",
            (game_id, at, kind, _dumps(detail)),
        )


__all__ = ["Change", "Store", "StoredGame"]
