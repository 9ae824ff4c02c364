"""The guard of ``kozyr serve`` (kozyr.web.app, #21): security headers on every response, the
strict Host check, ids too large for the database, JSON 404s under ``/api/``, the body's time
limit, and each request's time budget -- a request past it is a 503 while other tables are
served, and a request that ignores it is abandoned without holding the server."""

from __future__ import annotations

import asyncio
import json
import threading
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

import kozyr.web.api
from kozyr.budget import check_budget
from kozyr.web import create_app
from kozyr.web.app import CSP, Limits

NAMES = ["Аня", "Боря", "Вера", "Гоша"]


def outcome_record(n: int) -> dict[str, Any]:
    """n Seven Up outcome deals to a target no one reaches (High and Low each deal)."""
    deals = [
        {"dealer": i % 4, "turnups": "8♥", "beg": "stand", "high": i % 2,
         "low": 1 - i % 2, "jack": None, "game": None}
        for i in range(n)
    ]  # fmt: skip
    return {"variant": "seven-up", "target": 10**9, "deals": deals}


# --- headers ---------------------------------------------------------------------------------


def test_every_response_carries_the_security_headers(client: TestClient) -> None:
    """X-Frame-Options DENY, the CSP (frame-ancestors 'none', no inline script or style),
    nosniff and same-origin referrers on pages, JSON, static files, redirects, 404s and refusals."""
    game = client.post("/api/games", json={"variant": "seven-up", "players": NAMES}).json()["id"]
    responses = [
        client.get("/"),
        client.get(f"/games/{game}"),
        client.get("/api/games"),
        client.get("/static/kozyr.js"),
        client.get("/static/kozyr.css"),
        client.get("/api/no-such-route"),
        client.get("/no-such-page"),
        client.get(f"/games/{game}/export.csv"),
        client.post(f"/games/{game}/finish", follow_redirects=False),
        client.post("/api/games", content=b"{", headers={"Content-Type": "application/json"}),
        client.post("/api/games", json={}, headers={"Origin": "http://evil.example"}),
    ]
    statuses = [r.status_code for r in responses]
    assert statuses[:8] == [200, 200, 200, 200, 200, 404, 404, 200]
    assert statuses[8] in (200, 303) and statuses[9:] == [422, 403]
    for response in responses:
        assert response.headers["x-frame-options"] == "DENY"
        assert response.headers["content-security-policy"] == CSP
        assert response.headers["x-content-type-options"] == "nosniff"
        assert response.headers["referrer-policy"] == "same-origin"
    assert "frame-ancestors 'none'" in CSP and "script-src 'self'" in CSP
    assert "unsafe-inline" not in CSP and "unsafe-eval" not in CSP


def test_pages_have_no_inline_script_or_style(client: TestClient) -> None:
    """The CSP forbids inline script and style: no page may hold any (they would not run)."""
    game = client.post("/api/games", json={"variant": "seven-up", "players": NAMES}).json()["id"]
    for path in ("/", "/new", f"/games/{game}", f"/games/{game}/print", "/import", "/code"):
        html = client.get(path).text
        assert "<script>" not in html and "<script " not in html.replace('<script src="', "")
        assert " style=" not in html and "<style" not in html
        assert " onclick=" not in html and "javascript:" not in html


# --- the Host header -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "host",
    [
        "127.0.0.1:8765@evil.example",  # the @ trick: the name is everything before the port
        "localhost@evil.example",
        "evil.example#@127.0.0.1",
        "127.0.0.1 evil.example",
        "127.0.0.1:8765/path",
        "",
        "127.0.0.1:99999999",
        "evil.example",
        "127.0.0.1.evil.example",
        "localhost.",
    ],
)
def test_a_bad_or_foreign_host_is_refused(tmp_path: Path, host: str) -> None:
    """A Host that is not exactly ``name[:port]`` of a configured name is a 400 (#21: the
    loopback check once ignored everything after ``@``)."""
    app = create_app(str(tmp_path / "db.sqlite3"), hosts=["127.0.0.1", "localhost", "[::1]"])
    with TestClient(app) as client:
        response = client.get("/api/games", headers={"Host": host})
        assert response.status_code == 400, host
        assert "host" in response.json()["error"].lower()
        assert client.get("/", headers={"Host": host}).status_code == 400


@pytest.mark.parametrize("host", ["127.0.0.1:8765", "localhost", "LOCALHOST:80", "[::1]:8765"])
def test_own_names_are_served(tmp_path: Path, host: str) -> None:
    app = create_app(str(tmp_path / "db.sqlite3"), hosts=["127.0.0.1", "localhost", "[::1]"])
    with TestClient(app) as client:
        assert client.get("/api/games", headers={"Host": host}).status_code == 200


def test_beyond_loopback_only_the_machines_names_are_served(tmp_path: Path) -> None:
    """DNS rebinding: a page of evil.example whose name now points at the table's machine sends
    ``Host: evil.example`` -- refused; the configured address and an ``--allow-host`` name are
    served."""
    from kozyr.web.server import host_names

    names = host_names("192.168.1.20", ["kozyr.home.arpa"])
    assert {"192.168.1.20", "kozyr.home.arpa", "127.0.0.1", "localhost"} <= set(names)
    assert "0.0.0.0" not in host_names("0.0.0.0")
    app = create_app(str(tmp_path / "db.sqlite3"), code="a" * 20, hosts=names, addresses=True)
    with TestClient(app) as client:
        assert client.get("/api/games", headers={"Host": "evil.example"}).status_code == 400
        assert client.get("/api/games", headers={"Host": "192.168.1.20:8765"}).status_code == 200
        assert client.get("/", headers={"Host": "kozyr.home.arpa:8765"}).status_code == 200
        # an address the machine did not list (another interface): served; a name is not
        assert client.get("/", headers={"Host": "10.1.2.3:8765"}).status_code == 200
        assert client.get("/", headers={"Host": "[fe80::1]:8765"}).status_code == 200
        assert client.get("/", headers={"Host": "10.1.2.3.nip.io"}).status_code == 400


# --- paths -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "path",
    [
        "/api/games/9223372036854775808",  # 2**63: once an OverflowError from SQLite (a 500)
        "/api/games/99999999999999999999999999/deals/0",
        "/api/evenings/" + "9" * 5000,
        "/games/18446744073709551616",
        "/games/1/deals/99999999999999999999/edit",
    ],
)
def test_ids_too_large_are_404(client: TestClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 404
    if path.startswith("/api/"):
        assert response.json()["error"].startswith("no such page")


def test_unmatched_api_paths_are_json(client: TestClient) -> None:
    """An unknown ``/api/`` path is a JSON 404 (once ``text/plain``), a wrong method a JSON
    405, both saying which request; pages keep their plain 404."""
    response = client.get("/api/nothing/here")
    assert response.status_code == 404
    assert response.headers["content-type"].startswith("application/json")
    assert response.json() == {
        "error": "no such route: GET /api/nothing/here",
        "path": None,
        "detail": "no such route: GET /api/nothing/here",
    }
    response = client.delete("/api/games")
    assert response.status_code == 405 and response.json()["error"].startswith("method not allowed")
    assert "GET" in response.headers["allow"]


# --- time -----------------------------------------------------------------------------------


def test_a_slow_body_is_408() -> None:
    """A body that does not arrive within ``body_seconds`` is refused 408 (the ASGI app sees a
    client that sent its headers and then only part of a body)."""
    app = create_app(":memory:", limits=Limits(body_seconds=0.2))
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        if not sent and not getattr(receive, "once", False):
            receive.once = True  # type: ignore[attr-defined]
            return {"type": "http.request", "body": b'{"vari', "more_body": True}
        await asyncio.sleep(3600)
        raise AssertionError("unreachable")

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {
        "type": "http", "method": "POST", "path": "/api/score", "raw_path": b"/api/score",
        "query_string": b"", "headers": [(b"host", b"127.0.0.1"), (b"content-length", b"100")],
        "client": ("127.0.0.1", 5000), "server": ("127.0.0.1", 8765), "scheme": "http",
        "http_version": "1.1", "asgi": {"version": "3.0"},
    }  # fmt: skip
    asyncio.run(asyncio.wait_for(app(scope, receive, send), 10))
    assert sent[0]["status"] == 408
    body = json.loads(b"".join(m.get("body", b"") for m in sent[1:]))
    assert body["error"] == "the request body did not arrive within 0.2 s"


def test_a_request_past_its_budget_is_503_and_other_tables_are_served(tmp_path: Path) -> None:
    """#21: one ``POST /api/score`` of 15,265 deals once held the server for minutes. Now a
    request's work stops at its budget (replay checks it every deal) with a 503 naming the
    budget and the deal it reached, while a request for another table, sent meanwhile, is
    answered at once."""
    app = create_app(str(tmp_path / "db.sqlite3"), limits=Limits(request_seconds=0.3))
    record = outcome_record(6000)  # far more than 0.3 s of replay on any machine
    with TestClient(app) as client:
        other = client.post("/api/games", json={"variant": "seven-up", "players": NAMES})
        other_id = other.json()["id"]
        answers: dict[str, Any] = {}

        def score() -> None:
            answers["score"] = client.post("/api/score", json=record)

        worker = threading.Thread(target=score)
        worker.start()
        served = client.get(f"/api/games/{other_id}")
        worker.join(60)
        assert served.status_code == 200 and served.json()["id"] == other_id
        slow = answers["score"]
        assert slow.status_code == 503
        assert slow.headers["retry-after"] == "5"
        error = slow.json()["error"]
        assert "took longer than its budget of 0.3 s" in error and error.startswith("$.deals[")
        # the server is whole: the same record, shorter, is scored
        small = client.post("/api/score", json=outcome_record(20))
        assert small.status_code == 200 and small.json()["scores"] == [20, 20]


def test_a_request_that_ignores_its_budget_is_abandoned(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A computation that never checks the budget (a plugin hook in an endless loop) cannot be
    stopped from outside its thread: the request is answered 503 after budget + grace, the
    server goes on serving, and while too many such threads still run new work is refused
    with 503 at once; when they end, requests are worked on again."""
    release = threading.Event()
    started = threading.Event()

    def stuck(data: Any) -> Any:
        started.set()
        release.wait(30)  # never looks at the budget
        raise AssertionError("released")

    monkeypatch.setattr(kozyr.web.api, "replay", stuck)
    limits = Limits(request_seconds=0.2, grace=0.2, runaways=0)
    app = create_app(str(tmp_path / "db.sqlite3"), limits=limits)
    try:
        with TestClient(app) as client:
            slow = client.post("/api/score", json=outcome_record(1))
            assert started.is_set()
            assert slow.status_code == 503
            assert slow.json()["error"] == "the request took longer than its budget of 0.2 s"
            refused = client.get("/api/games")  # one runaway is more than runaways=0
            assert refused.status_code == 503 and "still busy" in refused.json()["error"]
            assert client.get("/static/kozyr.js").status_code == 200  # files: no work
            release.set()
            for _ in range(100):  # the stuck thread ends; not a timing assertion
                if client.get("/api/games").status_code == 200:
                    break
                threading.Event().wait(0.05)
            assert client.get("/api/games").status_code == 200
    finally:
        release.set()


def test_budget_checks_cost_nothing_without_a_budget() -> None:
    """The command line and the library run with no budget: the check never raises."""
    for _ in range(1000):
        check_budget("$.deals[0]")


@pytest.mark.parametrize(
    "path", ["/api/games/1%0A", "/games/1%0A", "/api/games/1%0D", "/api/games/%001"]
)
def test_a_control_character_in_the_path_is_no_page(tmp_path: Path, path: str) -> None:
    """The fuzz run of #21 item 10: ``/api/games/1%0A`` answered game 1 -- the route's regex
    ends in ``$``, which Python's ``re`` matches before a final newline -- so a number that was
    not ASCII digits was taken as one. A control character in a path is a 404 before routing."""
    client = TestClient(create_app(str(tmp_path / "db.sqlite3")))
    made = client.post("/api/games", json={"variant": "seven-up", "players": ["А", "Б", "В", "Г"]})
    assert made.status_code == 201 and client.get("/api/games/1").status_code == 200
    answer = client.get(path)
    assert answer.status_code == 404
    assert "control character" in answer.text or "управляющий символ" in answer.text
