"""The table code (kozyr.web.tablecode, #21 item 2): a fresh code is long (≥ 64 bits) and made
of words, compared in constant time whatever the case or separators; wrong codes are slowed
down per client with exponential back-off (a fake clock, no sleeping) and logged; ``--code ''``
is refused; the printed link carries the code and sets the cookie."""

from __future__ import annotations

import logging
import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from kozyr.cli import main
from kozyr.errors import KozyrError
from kozyr.web import create_app
from kozyr.web.tablecode import (
    CODE_BITS,
    Attempts,
    Gate,
    TableCode,
    canonical,
    make_code,
    strength,
)

NAMES = ["Аня", "Боря", "Вера", "Гоша"]
CODE = "kobira-semuto-latipe-gunaro"


class Clock:
    """A fake monotonic clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_fresh_code_is_long_and_made_of_words() -> None:
    codes = {make_code() for _ in range(200)}
    assert len(codes) == 200
    assert CODE_BITS >= 64
    for code in codes:
        assert re.fullmatch(r"([bdfgklmnprstvxzh][aeiou]){3}(-([bdfgklmnprstvxzh][aeiou]){3}){3}",
                            code), code  # fmt: skip


def test_codes_compare_by_their_letters() -> None:
    code = TableCode(CODE)
    assert code.matches("KOBIRA SEMUTO LATIPE GUNARO")
    assert code.matches("kobirasemutolatipegunaro")
    assert not code.matches("kobira-semuto-latipe-gunare")
    assert not code.matches("")
    assert not code.matches(None)
    assert canonical("Ab-1 c") == "ab1c"


@pytest.mark.parametrize("bad", ["", "   ", "---", "-_ -"])
def test_an_empty_code_is_refused(bad: str) -> None:
    with pytest.raises(KozyrError, match="an empty code would protect nothing"):
        TableCode(bad)


def test_serve_refuses_an_empty_code(capsys: pytest.CaptureFixture[str]) -> None:
    """``kozyr serve --code ''`` once started a server whose code protected nothing."""
    assert main(["serve", "--code", ""]) == 2
    assert "--code: a table code needs letters or digits" in capsys.readouterr().err


def test_a_weak_code_of_ones_own_is_warned_about(capsys: pytest.CaptureFixture[str]) -> None:
    import io

    from kozyr.web.server import table_code

    err = io.StringIO()
    assert table_code("424242", False, err) == "424242"
    assert "at most 20 bits of chance" in err.getvalue()
    assert strength("424242") == pytest.approx(6 * 3.3219, rel=1e-3)
    quiet = io.StringIO()
    fresh = table_code(None, False, quiet)
    assert fresh is not None and TableCode(fresh) and quiet.getvalue() == ""
    assert table_code(None, True, quiet) is None  # loopback: no code unless given


def test_back_off_doubles_after_the_free_tries(caplog: pytest.LogCaptureFixture) -> None:
    """Three free wrong tries (typos), then 1 s, 2 s, 4 s, 8 s … capped at an hour; each logged
    with the client's address; another client is not slowed; a right code forgets."""
    clock = Clock()
    attempts = Attempts(clock)
    with caplog.at_level(logging.WARNING, logger="kozyr.web"):
        waits = [attempts.failed("10.0.0.7") for _ in range(8)]
    assert waits == [0.0, 0.0, 0.0, 1.0, 2.0, 4.0, 8.0, 16.0]
    assert attempts.wait("10.0.0.7") == 16.0
    assert attempts.wait("10.0.0.8") == 0.0
    clock.now += 10
    assert attempts.wait("10.0.0.7") == 6.0
    clock.now += 6
    assert attempts.wait("10.0.0.7") == 0.0
    messages = [r.getMessage() for r in caplog.records]
    assert len(messages) == 8
    assert messages[3] == (
        "kozyr serve: wrong table code from 10.0.0.7 (4 in a row); next try in 1 s"
    )
    for _ in range(30):
        attempts.failed("10.0.0.7")
    assert attempts.wait("10.0.0.7") == 3600.0  # the longest wait
    attempts.succeeded("10.0.0.7")
    assert attempts.wait("10.0.0.7") == 0.0 and attempts.failures("10.0.0.7") == 0


def test_the_remembered_clients_are_bounded() -> None:
    attempts = Attempts(Clock(), max_clients=3)
    for client in ("a", "b", "c", "d"):
        attempts.failed(client)
    assert attempts.failures("a") == 0 and attempts.failures("d") == 1


def _coded_app(tmp_path: Path, clock: Clock) -> TestClient:
    gate = Gate(TableCode(CODE), Attempts(clock))
    return TestClient(create_app(str(tmp_path / "db.sqlite3"), code=CODE, gate=gate))


def test_wrong_codes_through_the_header_are_slowed_down(tmp_path: Path) -> None:
    """``X-Table-Code`` guesses: 403 for the free tries, then 429 with Retry-After without the
    code even being looked at -- the right code too, until the wait is over."""
    clock = Clock()
    body = {"variant": "seven-up", "players": NAMES}
    with _coded_app(tmp_path, clock) as client:
        for guess in ("000000", "111111", "222222", "333333"):
            response = client.post("/api/games", json=body, headers={"X-Table-Code": guess})
            assert response.status_code == 403
        refused = client.post("/api/games", json=body, headers={"X-Table-Code": CODE})
        assert refused.status_code == 429
        assert refused.headers["retry-after"] == "1"
        assert "too many wrong table codes" in refused.json()["error"]
        clock.now += 1
        done = client.post("/api/games", json=body, headers={"X-Table-Code": CODE.upper()})
        assert done.status_code == 201
        # the failures are forgotten: a typo now is a plain 403 again
        typo = client.post("/api/games", json=body, headers={"X-Table-Code": "kobira"})
        assert typo.status_code == 403
        # no code at all is not a guess: never slowed down
        for _ in range(10):
            assert client.post("/api/games", json=body).status_code == 403


def test_wrong_codes_on_the_code_page_are_slowed_down(tmp_path: Path) -> None:
    clock = Clock()
    with _coded_app(tmp_path, clock) as client:
        for _ in range(4):
            assert client.post("/code", data={"code": "nope", "next": "/"}).status_code == 403
        page = client.post("/code", data={"code": CODE, "next": "/"})
        assert page.status_code == 429 and page.headers["retry-after"] == "1"
        clock.now += 1
        right = client.post("/code", data={"code": CODE, "next": "/"}, follow_redirects=False)
        assert right.status_code == 303
        assert (
            client.post("/api/games", json={"variant": "seven-up", "players": NAMES}).status_code
            == 201
        )


def test_the_link_carries_the_code(tmp_path: Path) -> None:
    """The link ``kozyr serve`` prints (``/code?code=…``) sets the cookie and goes home;
    a wrong code in a link counts as a wrong try."""
    clock = Clock()
    with _coded_app(tmp_path, clock) as client:
        link = client.get(f"/code?code={CODE}", follow_redirects=False)
        assert link.status_code == 303 and link.headers["location"] == "/"
        assert "kozyr_code=kobirasemutolatipegunaro" in link.headers["set-cookie"]
        game = client.post("/api/games", json={"variant": "seven-up", "players": NAMES})
        assert game.status_code == 201  # the cookie is the code
    with _coded_app(tmp_path, Clock()) as other:
        assert other.get("/code?code=wrong").status_code == 403
        assert other.app.state.gate.attempts.failures("testclient") == 1  # type: ignore[attr-defined]
        assert other.get("/code").status_code == 200  # the page itself is no try
