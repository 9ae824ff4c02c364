"""Live updates (#20 item 2): ``GET /api/games/{id}/events`` as Server-Sent Events from a real
server -- a change event after every change (from this server or another on the same file), a
heartbeat on a quiet stream, the stream ended by its lifetime and by the client leaving, and a
bounded number of streams."""

from __future__ import annotations

import json
import signal
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from kozyr.web import create_app
from kozyr.web.live import EventLimits

from .conftest import Server, free_port
from .test_table import NOTHING

httpx = pytest.importorskip("httpx2", reason="the HTTP client of the web tests")
uvicorn = pytest.importorskip("uvicorn", reason="kozyr[web] is not installed")

PLAYERS = ["Аня", "Боря", "Вера", "Гоша"]


def events(lines: Iterator[str]) -> Iterator[dict[str, str]]:
    """The events of an SSE stream (``{"event", "data", "id"}``; a comment is ``{"comment"}``)."""
    event: dict[str, str] = {}
    for line in lines:
        if line == "":
            if event:
                yield event
            event = {}
        elif line.startswith(":"):
            yield {"comment": line[1:].strip()}
        else:
            name, _, value = line.partition(":")
            event[name] = value.removeprefix(" ")


def revision_of(event: dict[str, str]) -> int:
    assert event["event"] == "change", event
    data = json.loads(event["data"])
    assert data == {"revision": int(event["id"])}
    revision: int = data["revision"]
    return revision


def new_game(url: str) -> int:
    response = httpx.post(f"{url}/api/games", json={"variant": "seven-up", "players": PLAYERS})
    assert response.status_code == 201
    game_id: int = response.json()["id"]
    return game_id


@pytest.mark.slow
def test_a_change_event_after_every_change_from_either_server(
    server: Callable[..., Server], tmp_path: Path
) -> None:
    db = tmp_path / "table.sqlite3"
    one, two = server(db), server(db)
    game_id = new_game(one.url)
    with (
        httpx.Client(timeout=60) as http,
        http.stream("GET", f"{one.url}/api/games/{game_id}/events") as stream,
    ):
        assert stream.status_code == 200
        assert stream.headers["content-type"].startswith("text/event-stream")
        received = events(stream.iter_lines())
        first = next(received)
        assert revision_of(first) == 1 and first["retry"] == "2000"
        # a deal through this server, an undo through the other one (seen by polling the file)
        assert httpx.post(f"{one.url}/api/games/{game_id}/deals", json=NOTHING).status_code == 201
        assert revision_of(next(received)) == 2
        assert httpx.delete(f"{two.url}/api/games/{game_id}/deals/last").status_code == 200
        assert revision_of(next(received)) == 3
        assert httpx.put(f"{one.url}/api/games/{game_id}/name", json={"name": "x"}).is_success
        assert revision_of(next(received)) == 4
    assert httpx.get(f"{one.url}/api/games/999/events").status_code == 404


class Running:
    """``create_app`` served by uvicorn in a thread (limits a test chooses)."""

    def __init__(self, db: Path, limits: EventLimits) -> None:
        self.app = create_app(str(db), events=limits)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def hub(self) -> Any:
        return self.app.state.table.hub

    def __enter__(self) -> Running:
        self.thread.start()
        for _ in range(300):
            if self.server.started:
                return self
            time.sleep(0.1)
        raise AssertionError("the server did not start")

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=30)


def wait_until(condition: Callable[[], bool]) -> bool:
    for _ in range(200):  # up to 20 s on a busy machine; not a timing assertion
        if condition():
            return True
        time.sleep(0.1)
    return condition()


def test_streams_are_bounded_beat_and_end(tmp_path: Path) -> None:
    limits = EventLimits(max_streams=2, heartbeat=0.3, poll=0.1, lifetime=3.0, retry=500)
    with Running(tmp_path / "t.sqlite3", limits) as running:
        game_id = new_game(running.url)
        url = f"{running.url}/api/games/{game_id}/events"
        with httpx.Client(timeout=60) as a, httpx.Client(timeout=60) as b:
            with a.stream("GET", url) as first:
                seen = events(first.iter_lines())
                assert revision_of(next(seen)) == 1
                with b.stream("GET", url) as second:
                    assert second.status_code == 200
                    assert running.hub.open == 2
                    # a third stream is refused while two are open
                    third = httpx.get(url)
                    assert third.status_code == 503 and third.headers["retry-after"] == "1"
                    assert "too many" in third.json()["error"]
                # a quiet stream carries heartbeats, then the server ends it (its lifetime)
                rest = list(seen)
                assert {"comment": "ping"} in rest
                assert all("comment" in e for e in rest)
            # the client that left gives its place back
            assert wait_until(lambda: running.hub.open == 0)
            with a.stream("GET", url) as again:
                assert again.status_code == 200


def test_a_client_that_leaves_frees_its_stream(tmp_path: Path) -> None:
    limits = EventLimits(max_streams=1, heartbeat=60, poll=0.1, lifetime=600)
    with Running(tmp_path / "t.sqlite3", limits) as running:
        game_id = new_game(running.url)
        url = f"{running.url}/api/games/{game_id}/events"
        for _ in range(3):  # each leaves before its lifetime; the one place is free again
            with httpx.Client(timeout=60) as http, http.stream("GET", url) as stream:
                assert stream.status_code == 200
                assert revision_of(next(events(stream.iter_lines()))) == 1
            assert wait_until(lambda: running.hub.open == 0)


def test_event_limits_are_checked() -> None:
    with pytest.raises(ValueError, match="positive"):
        EventLimits(heartbeat=0)
    with pytest.raises(ValueError, match="at least 0"):
        EventLimits(max_streams=-1)


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_stopped_server_ends_its_streams_and_exits_at_once(
    sig: signal.Signals, server: Callable[..., Server], tmp_path: Path
) -> None:
    """#20: stopping ``kozyr serve`` while a phone holds the event stream (lifetime 60 s) ends
    the stream cleanly (the client reads its end, not a reset) and the process exits within a
    few seconds, not after the stream's lifetime."""
    running = server(tmp_path / "stop.sqlite3")
    game_id = new_game(running.url)
    assert running.process is not None
    ended: list[str] = []
    opened = threading.Event()

    def hold() -> None:
        with httpx.Client(timeout=60) as http:
            with http.stream("GET", f"{running.url}/api/games/{game_id}/events") as stream:
                seen = events(stream.iter_lines())
                assert revision_of(next(seen)) == 1
                opened.set()
                try:
                    for _ in seen:
                        pass
                    ended.append("end of stream")
                except httpx.HTTPError as error:
                    ended.append(f"broken: {error!r}")

    holder = threading.Thread(target=hold, daemon=True)
    holder.start()
    assert opened.wait(30)
    start = time.monotonic()
    running.process.send_signal(sig)
    running.process.wait(timeout=20)
    took = time.monotonic() - start
    holder.join(20)
    assert ended == ["end of stream"]
    assert took < 10, f"the server took {took:.1f} s to stop (a stream lives 60 s)"
