"""``kozyr serve`` keeps any variant with outcome fields through the core's default party form
(#23 item 2): the docs' example game, Simple whist (SW1-SW4), has no ``score_party`` of its own,
yet it is offered on the new-game page, its deals are added through the generated form and the
API, and the page shows the running totals (SW4: one point per trick)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from starlette.testclient import TestClient

import kozyr
from kozyr import registry as kozyr_registry
from kozyr.web import create_app

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "plugin-example" / "src"


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> TestClient:
    monkeypatch.syspath_prepend(str(EXAMPLE))
    monkeypatch.setattr(kozyr_registry, "_manager", None)  # a fresh manager, restored after
    import kozyr_example_plugin.plugin

    try:  # installed in this environment already (an entry point), or registered here
        kozyr.get_variant("simple-whist")
    except kozyr.UnknownVariantError:
        kozyr.register_plugin(kozyr_example_plugin.plugin, name="simple-whist")
    assert "kozyr_example_plugin" in sys.modules
    return TestClient(create_app(str(tmp_path / "whist.sqlite3")))


def test_the_docs_example_game_is_served(served: TestClient) -> None:
    assert 'value="simple-whist"' in served.get("/new").text
    names = [v["name"] for v in served.get("/api/variants").json()["variants"]]
    assert "simple-whist" in names
    created = served.post(
        "/api/games",
        content=json.dumps({"variant": "simple-whist", "players": ["Аня", "Боря"]}),
    )
    assert created.status_code == 201, created.text
    game = created.json()["id"]
    # SW4 by hand: 3:2 then 1:4 -> running totals 3:2, 4:6
    first = served.post(f"/api/games/{game}/deals", content='{"dealer": 0, "tricks_won": [3, 2]}')
    assert first.status_code == 201, first.text
    form = {"f.dealer": "1", "f.tricks_won.0": "1", "f.tricks_won.1": "4"}
    assert served.post(f"/games/{game}/deals", data=form).status_code == 200
    result = served.get(f"/api/games/{game}").json()["result"]
    assert result["running"] == [[3, 2], [4, 6]] and result["winner"] == 1
    assert result["party_form"] == "default"
    # the dealer passes clockwise (C1): seat 0 deals the third deal, not seat 1 again
    bad = served.post(f"/api/games/{game}/deals", content='{"dealer": 1, "tricks_won": [5, 0]}')
    assert bad.status_code == 422 and "(C1)" in bad.json()["error"]
