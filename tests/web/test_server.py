"""A real ``kozyr serve`` process over a real SQLite file: killed with SIGKILL in the middle of
entry, it loses no committed deal, and a restarted server shows the same game."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import kozyr

from .conftest import Server

NAMES = ["Аня", "Боря", "Вера", "Гоша"]


def semerik_deals() -> list[dict[str, Any]]:
    """The 14 deals of a bot-played Семерик rubber (full records)."""
    variant = kozyr.get_variant("semerik")
    party = kozyr.play_party(variant, seed=0)
    assert party.record is not None
    deals: list[dict[str, Any]] = json.loads(json.dumps(party.record.to_json(variant)))["deals"]
    return deals


def test_sigkill_mid_entry_loses_no_committed_deal(
    tmp_path: Path, server: Callable[..., Server]
) -> None:
    db = tmp_path / "table.sqlite3"
    deals = semerik_deals()
    live = server(db)
    status, body = live.request("POST", "/api/games", {"variant": "semerik", "players": NAMES})
    assert status == 201
    game_id = body["id"]
    committed: list[int] = []
    for i in range(6):
        status, body = live.request("POST", f"/api/games/{game_id}/deals", deals[i])
        assert status == 201, body
        committed.append(i)
    # the next deals go in from another thread; the server is killed while they are under way
    answered: list[int] = []

    def enter() -> None:
        for i in range(6, len(deals)):
            try:
                status, _ = live.request("POST", f"/api/games/{game_id}/deals", deals[i])
            except OSError:
                return  # the server died under this request
            if status != 201:
                return
            answered.append(i)

    thread = threading.Thread(target=enter)
    thread.start()
    while not answered and thread.is_alive():  # at least one more deal committed
        thread.join(0.01)
    live.kill()
    thread.join(60)
    assert not thread.is_alive()
    # a new server over the same file: every answered deal is there, and only whole deals
    again = server(db)
    status, body = again.request("GET", f"/api/games/{game_id}")
    assert status == 200
    stored = body["record"]["deals"]
    confirmed = len(committed) + len(answered)
    assert len(stored) >= confirmed  # at most one more: committed, killed before it answered
    assert len(stored) <= confirmed + 1
    assert stored == deals[: len(stored)]
    assert body["result"] == kozyr.replay(body["record"]).to_json()
    status, log = again.request("GET", f"/api/games/{game_id}/changes")
    assert [c["kind"] for c in log["changes"]] == ["create"] + ["add-deal"] * len(stored)
    # the game goes on after the restart
    status, body = again.request("POST", f"/api/games/{game_id}/deals", deals[len(stored)])
    assert status == 201, body
    again.stop()
    connection = sqlite3.connect(db)
    assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    connection.close()


def test_restart_shows_the_same_sheet(tmp_path: Path, server: Callable[..., Server]) -> None:
    db = tmp_path / "table.sqlite3"
    deals = semerik_deals()
    first = server(db)
    _, body = first.request("POST", "/api/games", {"variant": "semerik", "players": NAMES})
    game_id = body["id"]
    for deal in deals[:3]:
        first.request("POST", f"/api/games/{game_id}/deals", deal)
    first.request("DELETE", f"/api/games/{game_id}/deals/last")
    _, before = first.request("GET", f"/api/games/{game_id}")
    first.kill()
    _, after = server(db).request("GET", f"/api/games/{game_id}")
    assert after == before and len(after["record"]["deals"]) == 2


def test_serve_refuses_a_bad_port(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "kozyr", "serve", "--port", "70000"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
    )
    assert done.returncode == 2 and "--port" in done.stderr and "Traceback" not in done.stderr


def test_a_table_code_guards_every_write(tmp_path: Path, server: Callable[..., Server]) -> None:
    coded = server(tmp_path / "coded.sqlite3", "--code", "135790")
    assert coded.process is not None
    body = {"variant": "semerik", "players": NAMES}
    status, answer = coded.request("POST", "/api/games", body)
    assert status == 403 and "code" in answer["error"]
    assert coded.request("GET", "/api/games")[0] == 200
    coded.stop()
    printed = coded.process_output
    assert "table code 135790" in printed, printed
