"""The SQLite store of ``kozyr serve``: schema versions (``PRAGMA user_version``) with forward
migrations, a newer file refused, revisions counted by the change log, idempotent writes, and
all-or-nothing imports of several games."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from kozyr.web import create_app
from kozyr.web.store import (
    SCHEMA_VERSION,
    KeyReused,
    StaleRevision,
    Store,
    StoredGame,
    StoreVersionError,
)

pytest.importorskip("starlette", reason="kozyr[web] is not installed")
from starlette.testclient import TestClient

from .conftest import example

# The schema exactly as kozyr 0.1 (schema version 0, no user_version) created it, written out
# here so that the test keeps a file of that version even after the code has moved on.
VERSION_0 = """
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

SEVEN_UP = example("seven-up-game.json")
PLAYERS = ["Аня", "Боря", "Вера", "Гоша"]


def _dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def version_0_file(path: Path) -> None:
    """A database as kozyr 0.1 wrote it: game 1 with two deals entered and one undone (four
    changes), game 2 finished (two changes), both of evening 1."""
    deals = SEVEN_UP["deals"]
    record = {"variant": "seven-up", "options": SEVEN_UP.get("options", {}), "deals": deals[:1]}
    meta = {"players": PLAYERS, "dealer": 0}
    db = sqlite3.connect(path)
    db.executescript(VERSION_0)
    at = "2026-11-30T20:00:00+00:00"
    db.execute(
        "INSERT INTO games VALUES (1, 1, 'seven-up', ?, ?, 'open', ?, ?)",
        (_dumps(meta), _dumps(record), at, at),
    )
    db.execute(
        "INSERT INTO games VALUES (2, 1, 'seven-up', ?, ?, 'finished', ?, ?)",
        (_dumps(meta), _dumps({**record, "deals": []}), at, at),
    )
    lines = [
        (1, "create", {"record": {**record, "deals": []}, "meta": meta}),
        (1, "add-deal", {"deal": 0, "after": deals[0]}),
        (1, "add-deal", {"deal": 1, "after": deals[1]}),
        (1, "undo", {"deal": 1, "before": deals[1]}),
        (2, "create", {"record": {**record, "deals": []}, "meta": meta}),
        (2, "finish", {"status": "finished"}),
    ]
    for game, kind, detail in lines:
        db.execute(
            "INSERT INTO changes (game, at, kind, detail) VALUES (?, ?, ?, ?)",
            (game, at, kind, _dumps(detail)),
        )
    db.commit()
    assert db.execute("PRAGMA user_version").fetchone()[0] == 0
    db.close()


def test_a_version_0_file_is_migrated_and_keeps_every_game(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    version_0_file(path)
    store = Store(str(path))
    assert Store.version_of(str(path)) == SCHEMA_VERSION
    first, second = store.get(1), store.get(2)
    assert first is not None and second is not None
    # the revision of a migrated game is the number of its change lines
    assert (first.revision, second.revision) == (4, 2)
    assert [c.revision for c in store.changes(1)] == [1, 2, 3, 4]
    assert [c.kind for c in store.changes(1)] == ["create", "add-deal", "add-deal", "undo"]
    assert first.record["deals"] == SEVEN_UP["deals"][:1]
    assert (first.deleted, first.redo, second.finished) == (False, (), True)
    # the log is still append-only after the migration re-created its trigger
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        store._db.execute("UPDATE changes SET kind = 'x'")
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        store._db.execute("DELETE FROM changes")
    store.close()
    # opening again changes nothing (the migration ran once)
    again = Store(str(path))
    assert again.get(1) == first
    assert len(again.changes(1)) == 4
    again.close()


def test_a_migrated_file_is_served_with_revisions(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    version_0_file(path)
    with TestClient(create_app(str(path))) as client:
        game = client.get("/api/games/1")
        assert game.status_code == 200
        assert game.headers["etag"] == '"4"' and game.json()["revision"] == 4
        assert (
            client.delete("/api/games/1/deals/last", headers={"If-Match": '"3"'}).status_code == 412
        )
        undone = client.delete("/api/games/1/deals/last", headers={"If-Match": '"4"'})
        assert undone.status_code == 200 and undone.json()["revision"] == 5
        assert undone.json()["record"]["deals"] == []


def test_a_newer_file_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite3"
    Store(str(path)).close()
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.commit()
    db.close()
    with pytest.raises(StoreVersionError) as caught:
        Store(str(path))
    message = str(caught.value)
    assert f"schema version {SCHEMA_VERSION + 1}" in message and "upgrade kozyr" in message
    assert caught.value.version == SCHEMA_VERSION + 1
    assert Store.version_of(str(path)) == SCHEMA_VERSION + 1


def test_kozyr_serve_refuses_a_newer_file_with_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import io

    from kozyr.cli import main

    path = tmp_path / "new.sqlite3"
    db = sqlite3.connect(path)
    db.execute("PRAGMA user_version = 99")
    db.commit()
    db.close()
    code = main(["serve", "--db", str(path), "--port", "0"], out=io.StringIO())
    err = capsys.readouterr().err
    assert code == 2
    assert "schema version 99" in err and "Traceback" not in err


def test_a_fresh_file_has_the_current_version(tmp_path: Path) -> None:
    path = tmp_path / "fresh.sqlite3"
    Store(str(path)).close()
    assert Store.version_of(str(path)) == SCHEMA_VERSION


def _game(store: Store) -> StoredGame:
    return store.create({"variant": "seven-up", "deals": []}, {"players": PLAYERS})


def _rename(name: str) -> Any:
    def change(game: StoredGame) -> tuple[dict[str, Any], str, dict[str, Any]]:
        return game.record, "rename", {"after": name, "meta": {**game.meta, "name": name}}

    return change


def test_every_write_adds_one_to_the_revision_and_one_log_line() -> None:
    store = Store(":memory:")
    game = _game(store)
    assert game.revision == 1
    for n in range(2, 7):
        game = store.update(game.id, _rename(f"n{n}"))
        assert game.revision == n and game.name == f"n{n}"
    assert [c.revision for c in store.changes(game.id)] == [1, 2, 3, 4, 5, 6]
    assert [c.revision for c in store.changes(game.id, since=4)] == [5, 6]
    # "meta" is applied, not logged
    assert "meta" not in store.changes(game.id)[-1].detail


def test_a_stale_revision_changes_nothing() -> None:
    store = Store(":memory:")
    game = _game(store)
    store.write(game.id, _rename("a"), if_match={1})
    with pytest.raises(StaleRevision) as caught:
        store.write(game.id, _rename("b"), if_match={1})
    assert caught.value.game.revision == 2 and caught.value.expected == (1,)
    now = store.get(game.id)
    assert now is not None and (now.revision, now.name) == (2, "a")
    assert len(store.changes(game.id)) == 2


def test_an_idempotency_key_returns_the_first_answer_and_refuses_another_request() -> None:
    store = Store(":memory:")
    game = _game(store)
    key = ("scope", "k1", "fingerprint-1")
    first = store.write(game.id, _rename("a"), key=key, answer=lambda g: {"rev": g.revision})
    again = store.write(game.id, _rename("zzz"), key=key, answer=lambda g: {"rev": 99})
    assert (first.repeated, again.repeated) == (False, True)
    assert first.answer == again.answer == {"rev": 2}
    after = store.get(game.id)
    assert after is not None and (after.revision, after.name) == (2, "a")
    with pytest.raises(KeyReused):
        store.write(game.id, _rename("b"), key=("scope", "k1", "fingerprint-2"))


def test_create_many_is_all_or_nothing() -> None:
    store = Store(":memory:")
    good = ({"variant": "seven-up", "deals": []}, {"players": PLAYERS})
    bad = ({"deals": []}, {"players": PLAYERS})  # no variant: the insert fails midway
    with pytest.raises(KeyError):
        store.create_many([good, good, bad])
    assert store.games() == []
    made = store.create_many([good, good], kind="import", key=("import", "k", "f"))
    assert [g.evening for g in made] == [made[0].id, made[0].id]
    again = store.create_many([good, good], kind="import", key=("import", "k", "f"))
    assert [g.id for g in again] == [g.id for g in made]
    assert len(store.games()) == 2
