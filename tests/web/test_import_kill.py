"""An evening import is one transaction (#21 item 8): a real ``kozyr serve`` process killed with
SIGKILL at random moments of an import of a six-game evening keeps all six games or none, and
the retried import with the same ``Idempotency-Key`` brings the file to exactly one copy of the
evening."""

from __future__ import annotations

import json
import random
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from .conftest import Server, example

EVENING = {
    "games": [
        example(name)
        for name in (
            "seven-up-game.json",
            "po-noskam-party.json",
            "semerik-game.json",
            "sem-listov-party.json",
            "na-noski-party.json",
            "sem-listov-runaways-party.json",
        )
    ]
}
KILLS = 6


def post(url: str, data: Any, key: str) -> tuple[int, Any]:
    request = urllib.request.Request(
        url + "/api/import",
        data=json.dumps(data).encode(),
        method="POST",
        headers={"Content-Type": "application/json", "Idempotency-Key": key},
    )
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def games_of(live: Server) -> list[dict[str, Any]]:
    status, body = live.request("GET", "/api/games")
    assert status == 200
    games: list[dict[str, Any]] = body["games"]
    return games


@pytest.mark.slow
def test_sigkill_mid_import_keeps_all_or_nothing(
    server: Callable[..., Server], tmp_path: Path
) -> None:
    db = tmp_path / "table.sqlite3"
    live = server(db)
    # how long one import takes here: the kills are spread over that time
    started = time.monotonic()
    status, first = post(live.url, EVENING, "measure")
    took = time.monotonic() - started
    assert status == 201 and len(first["games"]) == 6
    rng = random.Random(20)
    whole = 1  # evenings stored so far
    partial = 0
    for attempt in range(KILLS):
        key = f"evening-{attempt}"
        sent = threading.Thread(target=_quietly, args=(post, live.url, EVENING, key))
        sent.start()
        time.sleep(rng.uniform(0, took * 1.2))
        live.kill()
        sent.join(timeout=60)
        live.start()  # the same file, a new process
        games = games_of(live)
        if len(games) % 6:
            partial += 1
        landed = len(games) // 6 - whole
        assert landed in (0, 1)
        # the retry: stores the evening if the killed one did not, else answers it again
        status, again = post(live.url, EVENING, key)
        assert status == 201 and len(again["games"]) == 6
        whole += 1
        assert len(games_of(live)) == 6 * whole
    assert partial == 0, f"{partial} of {KILLS} kills left part of an evening"
    # every evening is whole, its six games in one evening, each replaying as imported
    evenings: dict[int, list[int]] = {}
    for game in games_of(live):
        evenings.setdefault(game["evening"], []).append(game["id"])
    assert sorted(len(ids) for ids in evenings.values()) == [6] * whole


def _quietly(function: Callable[..., Any], *args: Any) -> None:
    try:
        function(*args)
    except (OSError, ValueError):  # the server was killed under the request
        pass
