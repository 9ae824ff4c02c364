"""Fixtures of the ``kozyr serve`` tests: an in-process ASGI client and a real server process."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="kozyr[web] is not installed")

from starlette.testclient import TestClient

from kozyr.web import create_app

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def example(name: str) -> Any:
    """A shipped example record as JSON data."""
    return json.loads((EXAMPLES / name).read_text("utf-8"))


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """A test client of an application over a fresh SQLite file."""
    with TestClient(create_app(str(tmp_path / "kozyr.sqlite3"))) as test_client:
        yield test_client


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class Server:
    """``kozyr serve`` in a subprocess (``python -m kozyr serve``) over one database file."""

    def __init__(self, db: Path, *extra: str) -> None:
        self.db = db
        self.extra = extra
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = db.with_name(db.name + ".log")
        self.process: subprocess.Popen[bytes] | None = None
        self.process_output = ""

    def start(self) -> Server:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        command = [sys.executable, "-m", "kozyr", "serve", "--db", str(self.db)]
        command += ["--port", str(self.port)]
        self.log = self.db.with_name(f"{self.db.name}.{self.port}.log")
        with open(self.log, "wb") as log:  # a file, not a pipe: a full pipe would block it
            self.process = subprocess.Popen(
                [*command, *self.extra], stdout=log, stderr=subprocess.STDOUT
            )
        for _ in range(300):  # up to 30 s on a busy machine; not a timing assertion
            if self.process.poll() is not None:
                raise AssertionError(f"the server exited: {self.log.read_text('utf-8')}")
            try:
                with urllib.request.urlopen(self.url + "/api/openapi.json", timeout=2):
                    return self
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.1)
        raise AssertionError("the server did not start")

    def kill(self) -> None:
        """SIGKILL: no shutdown, no checkpoint, nothing flushed by the server."""
        if self.process is not None and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=30)
        self.process = None

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.kill()
        self.process = None
        if self.log.exists():
            self.process_output = self.log.read_text("utf-8", "replace")

    def request(self, method: str, path: str, data: Any = None) -> tuple[int, Any]:
        """A JSON request; returns (status, parsed body)."""
        body = None if data is None else json.dumps(data).encode()
        request = urllib.request.Request(
            self.url + path, data=body, method=method, headers={"Content-Type": "application/json"}
        )
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Callable[..., Server]]:
    """``server(db, *args)``: a started real server; every one is stopped after the test."""
    started: list[Server] = []

    def start(db: Path | None = None, *extra: str) -> Server:
        instance = Server(db or tmp_path / "kozyr.sqlite3", *extra).start()
        started.append(instance)
        return instance

    yield start
    for instance in started:
        instance.stop()
