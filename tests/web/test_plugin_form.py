"""A plugin variant gets its web form for free: one registered at run time (a house variant of
По носкам with its own name and a field of its own) is offered on the new-game page, and its
deal form comes from its declared outcome fields."""

from __future__ import annotations

from typing import Any

import pytest
from kozyr_sem_listov import PoNoskam
from starlette.testclient import TestClient

import kozyr
from kozyr import OutcomeField, VariantRegistry, hookimpl
from kozyr import registry as kozyr_registry
from kozyr.web import create_app


class HouseRace(PoNoskam):
    """По носкам as one house plays it, with a note field of its own (never scored)."""

    name = "house-race"
    aliases = ()
    title = "House race"
    title_ru = "Домашние носки"

    @property
    def outcome_fields(self) -> tuple[OutcomeField, ...]:
        mood = OutcomeField(
            "mood", "choice", "Настроение", "Mood", "PN2", required=False,
            choices=("calm", "stormy"),
        )  # fmt: skip
        return (*super().outcome_fields, mood)

    @property
    def record_fields(self) -> tuple[str, ...]:  # type: ignore[override]
        return (*super().record_fields, "mood")


class HousePlugin:
    @hookimpl
    def kozyr_register_variants(self, registry: VariantRegistry) -> None:
        registry.add(HouseRace)


@pytest.fixture
def house(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> TestClient:
    monkeypatch.setattr(kozyr_registry, "_manager", None)  # a fresh manager, restored after
    kozyr.register_plugin(HousePlugin(), name="house")
    return TestClient(create_app(str(tmp_path / "house.sqlite3")))


def test_a_plugin_variant_gets_its_form(house: TestClient) -> None:
    assert 'value="house-race"' in house.get("/new").text
    form = {"variant": "house-race", "dealer": "0", "o.players": "3"}
    form.update({f"player.{i}": n for i, n in enumerate(["Аня", "Боря", "Вера"])})
    url = house.post("/games", data=form, follow_redirects=False).headers["location"]
    page = house.get(url).text
    assert 'data-field="mood"' in page and "Настроение" in page and "stormy" in page
    assert page.count('name="f.tricks_won.') == 3
    # a deal through the generated form (PN2: three counts toward seven)
    deal = {"f.dealer": "0", "f.tricks_won.0": "3", "f.tricks_won.1": "2", "f.tricks_won.2": "2"}
    response = house.post(f"{url}/deals", data=deal)
    assert response.status_code == 200 and 'class="error"' not in response.text
    game = house.get(f"/api{url}").json()
    assert game["result"]["running"] == [[3, 2, 2]]
    # a bad count is shown by its own entry of the field
    bad = dict(deal, **{"f.tricks_won.1": "9"})
    response = house.post(f"{url}/deals", data=bad)
    assert response.status_code == 422
    entry = response.text.split('name="f.tricks_won.1"')[1].split('class="entry')[0]
    assert 'class="error"' in entry
