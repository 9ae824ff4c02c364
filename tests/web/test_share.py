"""The start page's QR code of the table's address and code (#20 item 8): an SVG path of the
very modules ``segno`` makes for the address (the code in its ``#code=`` fragment, which no
browser sends to a server), shown only to whoever may already write -- a phone that can only
read the sheet does not learn the table code from it."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest
import segno
from starlette.testclient import TestClient

from kozyr.web import create_app


def modules(page: str) -> tuple[int, set[tuple[int, int]]]:
    size = int(re.search(r'<svg class="qr" viewBox="0 0 (\d+) \1"', page).group(1))  # type: ignore[union-attr]
    path = re.search(r'<path class="qr-dark" d="([^"]+)"', page).group(1)  # type: ignore[union-attr]
    return size, {(int(x), int(y)) for x, y in re.findall(r"M(\d+) (\d+)h1v1h-1z", path)}


def expected(text: str) -> tuple[int, set[tuple[int, int]]]:
    rows = list(segno.make(text, error="m").matrix_iter(border=4))
    dark = {(x, y) for y, row in enumerate(rows) for x, v in enumerate(row) if v}
    return len(rows), dark


def test_a_table_without_a_code_shares_its_address(client: TestClient) -> None:
    page = client.get("/").text
    assert 'id="share"' in page and 'id="share-code"' not in page
    assert modules(page) == expected("http://testserver/")
    assert 'role="img"' in page and 'id="qr-title"' in page


@pytest.mark.skipif(
    "client" not in inspect.signature(TestClient.__init__).parameters,
    reason="TestClient(client=...) needs a newer Starlette than kozyr[web]'s minimum (0.40)",
)
def test_the_code_is_shown_only_to_a_writer(tmp_path: Path) -> None:
    app = create_app(str(tmp_path / "coded.sqlite3"), code="407215")
    with TestClient(app) as reader:
        assert 'id="share"' not in reader.get("/").text  # a reader: no code, no QR
        response = reader.post("/code", data={"code": "407215", "next": "/"})
        assert response.status_code == 200  # the code page took it, back on the start page
        page = reader.get("/").text
        assert '<b class="code" id="share-code">407215</b>' in page
        assert modules(page) == expected("http://testserver/#code=407215")
    with TestClient(app, client=("127.0.0.1", 50000)) as laptop:  # the machine it runs on
        assert 'id="share-code"' in laptop.get("/").text
