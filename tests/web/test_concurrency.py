"""Conflict-safe writes against real servers (#20 item 1): 20 concurrent API clients (threads,
each with its own HTTP connection) per game and across games, on two ``kozyr serve`` processes
over one SQLite file. Every acknowledged write must be in the game exactly once, where its
answer said, and the change log must tell the same story (revisions 1, 2, 3, … without a gap).
"""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from .conftest import Server

httpx = pytest.importorskip("httpx2", reason="the HTTP client of the web tests")

CLIENTS = 20
SUITS = "♠♥♦♣"
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
CARDS = [rank + suit for suit in SUITS for rank in RANKS]


def marked(n: int) -> dict[str, Any]:
    """Seven Up outcome number ``n``: scores nothing (no trump in play, Game tied, SU6) so the
    game never ends, and is told apart from every other by its turn-up card and its tied
    Game points (at most 77 in play, SU6: 38 each)."""
    card, points = divmod(n, 39)
    return {
        "turnups": [CARDS[card]],
        "high": None,
        "low": None,
        "jack": None,
        "game": None,
        "game_points": [points, points],
    }


def marker(deal: dict[str, Any]) -> tuple[str, int]:
    return deal["turnups"][0], deal["game_points"][0]


@dataclass
class Ack:
    """One acknowledged deal: which client sent it, what, and what the server answered."""

    game: int
    mark: tuple[str, int]
    revision: int
    index: int
    seen: int | None = None  # the revision an If-Match named


def new_game(url: str) -> int:
    players = ["Аня", "Боря", "Вера", "Гоша"]
    response = httpx.post(f"{url}/api/games", json={"variant": "seven-up", "players": players})
    assert response.status_code == 201, response.text
    game_id: int = response.json()["id"]
    return game_id


def run_clients(work: Callable[[int, Any], None]) -> None:
    """Run ``work(client_number, http_client)`` in 20 threads at once; re-raise any failure."""
    failures: list[BaseException] = []
    start = threading.Barrier(CLIENTS)

    def client(n: int) -> None:
        try:
            # each client from its own loopback address, as each phone at a table has its own
            # (one address for all 20 would be one client to the per-client connection caps,
            # which close its oldest idle connections), and idle connections given up before
            # the server's keep-alive time runs out, as a well-behaved HTTP client does
            transport = httpx.HTTPTransport(
                local_address=f"127.0.0.{n + 2}",
                limits=httpx.Limits(keepalive_expiry=2.0),
            )
            with httpx.Client(timeout=120, transport=transport) as http:
                start.wait(timeout=60)
                work(n, http)
        except BaseException as error:
            failures.append(error)

    threads = [threading.Thread(target=client, args=(n,)) for n in range(CLIENTS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=600)
    assert not any(t.is_alive() for t in threads), "a client hung"
    if failures:
        raise failures[0]


def check_game(url: str, game_id: int, acks: list[Ack]) -> None:
    """The game holds exactly the acknowledged deals, each where its answer put it, and its
    change log is one line per revision: create, then one add-deal per deal."""
    game = httpx.get(f"{url}/api/games/{game_id}").json()
    deals = game["record"]["deals"]
    mine = [a for a in acks if a.game == game_id]
    assert len(deals) == len(mine), "a write was lost or stored twice"
    assert sorted(marker(d) for d in deals) == sorted(a.mark for a in mine)
    for ack in mine:
        assert marker(deals[ack.index]) == ack.mark
    assert sorted(a.revision for a in mine) == list(range(2, len(mine) + 2))
    log = httpx.get(f"{url}/api/games/{game_id}/changes").json()["changes"]
    assert [c["revision"] for c in log] == list(range(1, len(deals) + 2))
    assert [c["kind"] for c in log] == ["create"] + ["add-deal"] * len(deals)
    for line in log[1:]:
        assert line["detail"]["after"] == deals[line["detail"]["deal"]]
    assert game["revision"] == len(log)
    # the dealer passed on once per deal (SU2): nothing was entered twice
    assert [d["dealer"] for d in deals] == [i % 4 for i in range(len(deals))]


@pytest.mark.slow
def test_twenty_clients_retrying_on_one_game_on_two_servers(
    server: Callable[..., Server], tmp_path: Path
) -> None:
    """Every client sends its deals with an Idempotency-Key, and sends each one again (a retry
    after a lost answer) -- to the other server half of the time."""
    db = tmp_path / "table.sqlite3"
    servers = [server(db), server(db)]
    game_id = new_game(servers[0].url)
    per_client = 4
    acks: list[Ack] = []
    lock = threading.Lock()

    def work(n: int, http: Any) -> None:
        for i in range(per_client):
            deal = marked(n * per_client + i)
            key = str(uuid.uuid4())
            answers = []
            for attempt in range(2):
                url = servers[(n + i + attempt * (n % 2)) % 2].url
                response = http.post(
                    f"{url}/api/games/{game_id}/deals", json=deal, headers={"Idempotency-Key": key}
                )
                assert response.status_code == 201, response.text
                answers.append(response.json())
            assert answers[0] == answers[1]  # the retry got the first answer
            record = answers[0]["record"]["deals"]
            with lock:
                acks.append(Ack(game_id, marker(deal), answers[0]["revision"], len(record) - 1))

    run_clients(work)
    assert len(acks) == CLIENTS * per_client
    check_game(servers[1].url, game_id, acks)


@pytest.mark.slow
def test_twenty_clients_compare_and_set_across_games_on_two_servers(
    server: Callable[..., Server], tmp_path: Path
) -> None:
    """Every client reads a game, then adds a deal with If-Match of what it read; a 412 hands it
    the current game to try again on. Each acknowledged deal was applied to exactly the
    revision its client had seen (no write went in on top of one it did not know)."""
    db = tmp_path / "table.sqlite3"
    servers = [server(db), server(db)]
    game_ids = [new_game(servers[0].url) for _ in range(4)]
    per_client = 3
    acks: list[Ack] = []
    refused = [0]
    lock = threading.Lock()

    def work(n: int, http: Any) -> None:
        for i in range(per_client):
            game_id = game_ids[(n + i) % len(game_ids)]
            url = servers[(n + i) % 2].url
            deal = marked(n * per_client + i)
            current = http.get(f"{url}/api/games/{game_id}")
            seen = int(current.headers["etag"].strip('"'))
            count = len(current.json()["record"]["deals"])
            for _ in range(500):
                response = http.post(
                    f"{url}/api/games/{game_id}/deals", json=deal, headers={"If-Match": f'"{seen}"'}
                )
                if response.status_code != 412:
                    break
                body = response.json()
                assert body["revision"] > seen and body["since"], body["error"]
                seen, count = body["revision"], len(body["record"]["deals"])
                with lock:
                    refused[0] += 1
            assert response.status_code == 201, response.text
            answer = response.json()
            assert answer["revision"] == seen + 1
            assert len(answer["record"]["deals"]) == count + 1
            with lock:
                acks.append(Ack(game_id, marker(deal), answer["revision"], count, seen))

    run_clients(work)
    assert len(acks) == CLIENTS * per_client
    for game_id in game_ids:
        check_game(servers[0].url, game_id, acks)
    print(f"{refused[0]} stale writes refused with 412 and retried")
