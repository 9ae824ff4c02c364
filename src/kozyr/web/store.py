"""The scorekeeper's database: games in SQLite (standard library ``sqlite3``, WAL mode).

Each game is one row holding its canonical JSON record (the party record ``kozyr replay`` reads),
the table's metadata and its ``revision``; every change (a game created, a deal added, undone,
redone or edited, a game finished, reopened, renamed, deleted, restored or imported) is one
transaction that rewrites the row, adds one to its revision and appends one line to the
``changes`` log, which triggers keep append-only. A committed change is on disk before the
request that made it is answered (``synchronous=FULL``), so a server killed at any moment loses
no committed deal.

Conflicts: a write may name the revision it was made against (``if_match``); it is compared
inside the write transaction (``BEGIN IMMEDIATE`` holds SQLite's write lock), so two requests --
or two servers on one file -- can never both apply a change to the same revision. A stale one
raises :class:`StaleRevision` and changes nothing. A write may carry an idempotency ``key``: the
first answer is stored in the same transaction, and a repeat of the key returns it and stores
nothing new.

The file carries its schema version in ``PRAGMA user_version``; an older file is migrated
forward when opened, a newer one is refused (:class:`StoreVersionError`).

>>> store = Store(":memory:")
>>> game = store.create({"variant": "seven-up", "deals": []}, {"players": ["A", "B", "C", "D"]})
>>> store.get(game.id).players
('A', 'B', 'C', 'D')
>>> [change.kind for change in store.changes(game.id)]
['create']
>>> game.revision
1
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
from collections.abc import Callable, Collection, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from kozyr.errors import KozyrError

#: The schema version this code writes (``PRAGMA user_version``). Version 0 is the schema of
#: kozyr 0.1 (no revisions); each step of :data:`MIGRATIONS` moves a file one version forward.
SCHEMA_VERSION = 1

#: How long an idempotency key's first answer is kept (a retry comes within seconds; a day is
#: far more than any phone's retry, and keeps the table small).
KEY_LIFETIME = timedelta(days=1)

#: Longest idempotency key taken (a UUID is 36 characters).
MAX_KEY = 200

# The schema of version 0, exactly as kozyr 0.1 created it.
_BASE = (
    """CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    evening INTEGER NOT NULL,
    variant TEXT NOT NULL,
    meta TEXT NOT NULL,
    record TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('open', 'finished')),
    created TEXT NOT NULL,
    updated TEXT NOT NULL
)""",
    """CREATE TABLE IF NOT EXISTS changes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game INTEGER NOT NULL REFERENCES games(id),
    at TEXT NOT NULL,
    kind TEXT NOT NULL,
    detail TEXT NOT NULL
)""",
    "CREATE INDEX IF NOT EXISTS changes_by_game ON changes (game, id)",
)

_APPEND_ONLY = (
    """CREATE TRIGGER IF NOT EXISTS changes_no_update BEFORE UPDATE ON changes
BEGIN SELECT RAISE(ABORT, 'the change log is append-only'); END""",
    """CREATE TRIGGER IF NOT EXISTS changes_no_delete BEFORE DELETE ON changes
BEGIN SELECT RAISE(ABORT, 'the change log is append-only'); END""",
)

#: ``MIGRATIONS[n]`` moves a file from version ``n`` to ``n + 1`` (run in one transaction).
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    # 0 -> 1: a revision per game (the number of its changes so far) and per change line, a
    # deleted flag, the deals a redo brings back, and the first answers of idempotent requests.
    (
        "ALTER TABLE games ADD COLUMN revision INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE games ADD COLUMN deleted INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE games ADD COLUMN redo TEXT NOT NULL DEFAULT '[]'",
        "UPDATE games SET revision = (SELECT COUNT(*) FROM changes WHERE changes.game = games.id)",
        "DROP TRIGGER IF EXISTS changes_no_update",
        "ALTER TABLE changes ADD COLUMN revision INTEGER NOT NULL DEFAULT 0",
        "UPDATE changes SET revision ="
        " (SELECT COUNT(*) FROM changes AS c WHERE c.game = changes.game AND c.id <= changes.id)",
        _APPEND_ONLY[0],
        """CREATE TABLE IF NOT EXISTS answers (
    scope TEXT NOT NULL,
    key TEXT NOT NULL,
    request TEXT NOT NULL,
    answer TEXT NOT NULL,
    at TEXT NOT NULL,
    PRIMARY KEY (scope, key)
)""",
    ),
)
assert len(MIGRATIONS) == SCHEMA_VERSION


class StoreVersionError(KozyrError):
    """A database file written by a newer kozyr (its schema version is above
    :data:`SCHEMA_VERSION`): this one refuses to open it rather than damage it."""

    def __init__(self, path: str, version: int) -> None:
        super().__init__(
            f"{path}: the database has schema version {version}, newer than this kozyr's "
            f"{SCHEMA_VERSION}; upgrade kozyr to open it (the file is left as it is)"
        )
        self.path = path
        self.version = version


class StaleRevision(KozyrError):
    """A write made against a revision that is no longer the game's (HTTP 412): nothing was
    changed. ``game`` is the game as stored now; ``expected`` the revisions the writer named."""

    def __init__(self, game: StoredGame, expected: Collection[int]) -> None:
        named = ", ".join(str(r) for r in sorted(expected)) or "none"
        super().__init__(
            f"game {game.id} changed: it is at revision {game.revision}, the change was made "
            f"against revision {named}; nothing was changed"
        )
        self.game = game
        self.expected = tuple(sorted(expected))


class KeyReused(KozyrError):
    """An idempotency key sent again with a different request."""

    def __init__(self, key: str) -> None:
        super().__init__(
            f"Idempotency-Key {key!r} was already used for a different request; "
            "use a fresh key for a new request"
        )
        self.key = key


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def fingerprint(data: Any) -> str:
    """A digest of a request's JSON data (to tell a retry from a new request under one key)."""
    text = json.dumps(data, ensure_ascii=True, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


@dataclass(frozen=True)
class StoredGame:
    """One game as stored: its record (JSON data), the table's metadata (``players``, one name
    per seat; ``dealer``, the first dealer; ``name``, a name the table gave it), its evening,
    status, revision (the number of changes so far), whether it is deleted, and the deals
    undone since the last new entry (``redo``: the last one undone last)."""

    id: int
    evening: int
    variant: str
    meta: dict[str, Any]
    record: dict[str, Any]
    status: str
    created: str
    updated: str
    revision: int = 0
    deleted: bool = False
    redo: tuple[dict[str, Any], ...] = ()

    @property
    def players(self) -> tuple[str, ...]:
        """One name per seat."""
        return tuple(self.meta.get("players", ()))

    @property
    def finished(self) -> bool:
        """Whether the table said the game is over (no more deals are taken)."""
        return self.status == "finished"

    @property
    def name(self) -> str | None:
        """The name the table gave the game (None: unnamed)."""
        name = self.meta.get("name")
        return name if isinstance(name, str) and name else None


@dataclass(frozen=True)
class Change:
    """One line of a game's change log: what changed (``kind``, ``detail``), when, and the
    game's revision after it."""

    id: int
    game: int
    at: str
    kind: str
    detail: dict[str, Any]
    revision: int = 0


@dataclass(frozen=True)
class Written:
    """A write's outcome: the game after it and the stored first answer (``repeated``: the
    idempotency key was seen before, nothing new was stored)."""

    game: StoredGame
    answer: Any
    repeated: bool


#: What a change function returns: ``(new record, kind, detail)``. In ``detail``,
#: ``"status"`` sets the game's status and ``"deleted"`` (a bool) deletes or restores it (both
#: logged); ``"meta"`` replaces its metadata and ``"redo"`` its list of undone deals (neither
#: logged).
ChangeFunction = Callable[["StoredGame"], tuple[dict[str, Any], str, dict[str, Any]]]


class Store:
    """Games and their change logs in one SQLite file (``":memory:"`` for tests)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._lock = threading.Lock()  # one connection, used by one request at a time
        # timeout: how long a write waits for another server's transaction on the same file
        self._db = sqlite3.connect(
            path, check_same_thread=False, isolation_level=None, timeout=60.0
        )
        self._db.row_factory = sqlite3.Row
        try:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._migrate()
        except BaseException:
            self._db.close()
            raise

    @staticmethod
    def version_of(path: str) -> int:
        """The schema version of a database file (``PRAGMA user_version``), without changing
        it."""
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            return int(db.execute("PRAGMA user_version").fetchone()[0])
        finally:
            db.close()

    def _migrate(self) -> None:
        """Create the schema, or bring an older file forward one version at a time, in one
        transaction (a second server opening the same file waits, then sees it done)."""
        db = self._db
        version = int(db.execute("PRAGMA user_version").fetchone()[0])
        if version > SCHEMA_VERSION:
            raise StoreVersionError(self.path, version)
        if version == SCHEMA_VERSION:
            return
        db.execute("BEGIN IMMEDIATE")
        try:
            version = int(db.execute("PRAGMA user_version").fetchone()[0])
            if version > SCHEMA_VERSION:
                raise StoreVersionError(self.path, version)
            if version == 0:
                for statement in (*_BASE, *_APPEND_ONLY):
                    db.execute(statement)
            for step in range(version, SCHEMA_VERSION):
                for statement in MIGRATIONS[step]:
                    db.execute(statement)
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

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
            revision=row["revision"],
            deleted=bool(row["deleted"]),
            redo=tuple(json.loads(row["redo"])),
        )

    def get(self, game_id: int) -> StoredGame | None:
        """The game with this id (deleted ones too), or None."""
        with self._lock:
            row = self._db.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
        return None if row is None else self._game(row)

    def revision(self, game_id: int) -> int | None:
        """The game's revision (a cheap read for live updates), or None for no such game."""
        with self._lock:
            row = self._db.execute("SELECT revision FROM games WHERE id = ?", (game_id,)).fetchone()
        return None if row is None else int(row[0])

    def games(self, *, deleted: bool = False) -> list[StoredGame]:
        """Every game that is not deleted (``deleted=True``: the deleted ones), newest first."""
        with self._lock:
            rows = self._db.execute(
                "SELECT * FROM games WHERE deleted = ? ORDER BY id DESC", (int(deleted),)
            ).fetchall()
        return [self._game(row) for row in rows]

    def changes(self, game_id: int, *, since: int = 0) -> list[Change]:
        """The change log of one game, oldest first (``since``: only the changes that made a
        revision above it)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT * FROM changes WHERE game = ? AND revision > ? ORDER BY id",
                (game_id, since),
            ).fetchall()
        return [
            Change(
                row["id"],
                row["game"],
                row["at"],
                row["kind"],
                json.loads(row["detail"]),
                row["revision"],
            )
            for row in rows
        ]

    # --- idempotency ------------------------------------------------------------------------

    @staticmethod
    def _answered(db: sqlite3.Connection, scope: str, key: str, request: str) -> Any:
        row = db.execute(
            "SELECT request, answer FROM answers WHERE scope = ? AND key = ?", (scope, key)
        ).fetchone()
        if row is None:
            return None
        if row["request"] != request:
            raise KeyReused(key)
        return json.loads(row["answer"])

    @staticmethod
    def _remember(
        db: sqlite3.Connection, scope: str, key: str, request: str, answer: Any, now: str
    ) -> None:
        cutoff = (datetime.fromisoformat(now) - KEY_LIFETIME).isoformat(timespec="microseconds")
        db.execute("DELETE FROM answers WHERE at < ?", (cutoff,))
        db.execute(
            "INSERT INTO answers (scope, key, request, answer, at) VALUES (?, ?, ?, ?, ?)",
            (scope, key, request, _dumps({"answer": answer}), now),
        )

    def answer(self, scope: str, key: str, request: str) -> Any:
        """The stored first answer of ``key`` in ``scope`` (``{"answer": ...}``), or None;
        :class:`KeyReused` if the key came with a different ``request`` fingerprint."""
        with self._lock:
            return self._answered(self._db, scope, key, request)

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
        written = self.create_many([(record, meta)], evening=evening, kind=kind, status=status)
        return written[0]

    def create_many(
        self,
        games: list[tuple[dict[str, Any], dict[str, Any]]],
        *,
        evening: int | None = None,
        kind: str = "create",
        status: str = "open",
        key: tuple[str, str, str] | None = None,
    ) -> list[StoredGame]:
        """Store several games of one evening in one transaction (all or none). ``key``:
        ``(scope, key, request fingerprint)`` of an idempotent request -- a repeat returns the
        games the first one stored and stores nothing."""
        now = _now()
        ids: list[int] = []
        with self._transaction() as db:
            first = None if key is None else self._answered(db, *key)
            if first is not None:
                ids = [int(i) for i in first["answer"]]
            else:
                for record, meta in games:
                    cursor = db.execute(
                        "INSERT INTO games (evening, variant, meta, record, status, created,"
                        " updated, revision) VALUES (0, ?, ?, ?, ?, ?, ?, 1)",
                        (record["variant"], _dumps(meta), _dumps(record), status, now, now),
                    )
                    game_id = cursor.lastrowid
                    assert game_id is not None
                    if evening is None:
                        evening = game_id
                    db.execute("UPDATE games SET evening = ? WHERE id = ?", (evening, game_id))
                    self._log(db, game_id, now, kind, {"record": record, "meta": meta}, 1)
                    ids.append(game_id)
                if key is not None:
                    self._remember(db, *key, ids, now)
        stored = [self.get(game_id) for game_id in ids]
        return [game for game in stored if game is not None]

    def update(self, game_id: int, change: ChangeFunction) -> StoredGame:
        """Apply ``change`` inside one transaction: it gets the game as stored now and returns
        ``(new record, kind, detail)``; raising inside it leaves the game as it was. A status
        ``"finished"`` in ``detail["status"]`` marks the game finished."""
        return self.write(game_id, change).game

    def write(
        self,
        game_id: int,
        change: ChangeFunction,
        *,
        if_match: Collection[int] | None = None,
        key: tuple[str, str, str] | None = None,
        answer: Callable[[StoredGame], Any] | None = None,
    ) -> Written:
        """:meth:`update` with a revision check and an idempotency key, all inside the write
        transaction: ``if_match`` -- the revisions the change was made against (a stale one
        raises :class:`StaleRevision`, nothing changes); ``key`` -- ``(scope, key, request
        fingerprint)``: a repeat returns the first answer (``answer(game)``, computed and
        stored with the change) and changes nothing."""
        now = _now()
        with self._transaction() as db:
            row = db.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                raise KeyError(game_id)
            if key is not None:
                first = self._answered(db, *key)
                if first is not None:
                    return Written(self._game(row), first["answer"], True)
            current = self._game(row)
            if if_match is not None and current.revision not in if_match:
                raise StaleRevision(current, if_match)
            record, kind, detail = change(current)
            detail = dict(detail)
            status = detail.get("status", row["status"])
            meta = detail.pop("meta", current.meta)
            redo = detail.pop("redo", current.redo)
            deleted = bool(detail.get("deleted", current.deleted))
            revision = current.revision + 1
            db.execute(
                "UPDATE games SET record = ?, meta = ?, status = ?, deleted = ?, redo = ?,"
                " updated = ?, revision = ? WHERE id = ?",
                (
                    _dumps(record),
                    _dumps(meta),
                    status,
                    int(deleted),
                    _dumps(list(redo)),
                    now,
                    revision,
                    game_id,
                ),
            )
            self._log(db, game_id, now, kind, detail, revision)
            new_row = db.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
            game = self._game(new_row)
            first_answer = None if answer is None else answer(game)
            if key is not None:
                self._remember(db, *key, first_answer, now)
        return Written(game, first_answer, False)

    @staticmethod
    def _log(
        db: sqlite3.Connection, game_id: int, at: str, kind: str, detail: Any, revision: int
    ) -> None:
        db.execute(
            "INSERT INTO changes (game, at, kind, detail, revision) VALUES (?, ?, ?, ?, ?)",
            (game_id, at, kind, _dumps(detail), revision),
        )


__all__ = [
    "KEY_LIFETIME",
    "MAX_KEY",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "Change",
    "KeyReused",
    "StaleRevision",
    "Store",
    "StoreVersionError",
    "StoredGame",
    "Written",
    "fingerprint",
]
