"""A schemathesis run over the API's own OpenAPI document (kozyr.web.openapi, #21 item 5):
requests generated from the schema of every operation -- well-formed and not -- against a real
application over a real SQLite file, and not one server error. Bounded: about
``KOZYR_SCHEMATHESIS_EXAMPLES`` (default 2,000) requests in all, spread over the operations.

The run that found the six causes of 77 HTTP 500s (#21) sent 14,836 requests; each cause has
its own test beside the code it fixed (tests/web/test_app.py, test_api.py, test_pages.py)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

import pytest

if os.environ.get("CI") == "true":  # CI installs the dev dependencies: never a silent skip
    import schemathesis
else:
    schemathesis = pytest.importorskip("schemathesis", reason="schemathesis is a dev dependency")

from hypothesis import HealthCheck, settings
from starlette.testclient import TestClient

from kozyr.web import create_app
from kozyr.web.openapi import openapi_schema

TOTAL = int(os.environ.get("KOZYR_SCHEMATHESIS_EXAMPLES", "2000"))
OPERATIONS = sum(
    1 for methods in openapi_schema()["paths"].values() for m in methods if m != "parameters"
)
PER_OPERATION = max(1, TOTAL // max(1, OPERATIONS))

_folder = Path(tempfile.mkdtemp(prefix="kozyr-schemathesis-"))
APP = create_app(str(_folder / "kozyr.sqlite3"))
CLIENT = TestClient(APP)  # one client (one event loop) for the whole run
SCHEMA = schemathesis.openapi.from_asgi("/api/openapi.json", APP)
SEEN: dict[str, int] = {}


def _prime() -> None:
    """A game with two deals and an evening, so ids 1 and 2 and deal 0 exist for the fuzzer."""
    names = ["Аня", "Боря", "Вера", "Гоша"]
    for _ in range(2):
        game = CLIENT.post("/api/games", json={"variant": "seven-up", "players": names}).json()
        deal = {"dealer": 0, "turnups": "8♥", "beg": "stand", "high": 0, "low": 1,
                "jack": None, "game": None}  # fmt: skip
        CLIENT.post(f"/api/games/{game['id']}/deals", json=deal)


_prime()


@pytest.mark.slow
@SCHEMA.parametrize()
@settings(
    max_examples=PER_OPERATION,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    database=None,
    derandomize=True,
)
def test_no_request_is_a_server_error(case: Any) -> None:
    """Whatever the schema lets a client send, or nearly: a 2xx, or a 4xx with kozyr's JSON
    error body -- never a 5xx (an exception escaping a route)."""
    kwargs = case.as_transport_kwargs(base_url="http://testserver")
    # a header value is bytes on the wire: send what was generated as UTF-8 bytes, as a client
    # that is not httpx could (httpx itself refuses a str header that is not ASCII)
    kwargs["headers"] = {
        k: v.encode("utf-8", "surrogatepass") if isinstance(v, str) else v
        for k, v in (kwargs.get("headers") or {}).items()
    }
    response = CLIENT.request(**kwargs)
    SEEN[str(response.status_code)] = SEEN.get(str(response.status_code), 0) + 1
    assert response.status_code < 500, (case.method, case.formatted_path, response.text[:500])
    if response.status_code >= 400:
        body = response.json()
        assert isinstance(body.get("error"), str) and body["error"], body
