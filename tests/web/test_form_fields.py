"""Every outcome field can be entered from the deal form (#20 item 4), in a real headless
Chromium: one deal of each kind that needs such a field is entered by tapping and typing on the
form only, then stored exactly as the engine's own outcome record of that deal says and scored
as ``kozyr replay`` scores the played record --

* Семерик, SM8 ``double`` answered "no" (a tri-state yes / no / not known; an unticked checkbox
  used to send nothing, so the same error came back forever),
* По носкам, two seats reaching seven in one deal (PN4 ``reached``, in the order tapped: seat 2
  before seat 0, not seat order),
* Семь листов with runaways (SL-C16 ``runaways``),
* Семь листов with a pot held over (SL-C16 ``runaway_split = next_deal``, ``highest_trump``).

The deals before the one entered are imported (the engine's bots played them); the deals are
found by playing seeded parties, so each is a real game state.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import kozyr
from kozyr.record import PartyRecord

from .conftest import Server
from .test_browser import browser, choose, click_and_load, shot

__all__ = ["browser"]  # the fixture, imported for this module's tests

NAMES = ["Аня", "Боря", "Вера", "Гоша", "Дима"]


def bot_deal(
    name: str, options: dict[str, Any], seed: int, index: int
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The played party's record before deal ``index`` and that deal's outcome record."""
    variant = kozyr.get_variant(name, **options)
    party = kozyr.play_party(variant, seed=seed)
    record = party.record
    assert record is not None
    before = PartyRecord(record.variant, record.options, record.deals[:index])
    context = variant.party_context(before, party.deals[:index]) or {}
    outcome = variant.outcome_record(party.deals[index], context)
    data = json.loads(json.dumps(record.to_json(variant)))
    data["deals"] = data["deals"][:index]
    data["players"] = NAMES[: variant.players]
    if "cut" in data:
        del data["cut"]  # the party is not over yet
    return data, json.loads(json.dumps(outcome))


def enter(page: Any, variant: kozyr.Variant, outcome: dict[str, Any], left: set[int]) -> None:
    """Fill the deal form from an outcome record, field by field, as a player would: tap the
    seat, side, choice or yes/no buttons, type counts and cards, tap seats in their order."""
    fields = {f.name: f for f in variant.outcome_fields}
    if "dealer" not in fields:
        choose(page, "dealer", str(outcome["dealer"]))
    for name, value in outcome.items():
        field = fields.get(name)
        if field is None:
            if name in ("turnup", "cut") and page.locator(f'input[name="f.{name}"]').count():
                page.fill(f'input[name="f.{name}"]', str(value))
            continue
        if field.kind == "seats":
            for seat in value:  # the order matters (PN4 reached)
                page.locator(f'label.choice:has(input[name="f.{name}"][value="{seat}"])').click()
        elif field.kind == "flag":
            choose(page, name, "1" if value else "0")
        elif field.kind in ("seat", "side", "choice") and field.per is None:
            choose(page, name, "-" if value is None else str(value))
        elif field.per is not None:
            for i, entry in enumerate(value):
                if i in left and field.per == "seat":
                    continue
                text = (
                    "" if entry is None else " ".join(entry) if isinstance(entry, list) else entry
                )
                page.fill(f'input[name="f.{name}.{i}"]', str(text))
        else:
            text = " ".join(value) if isinstance(value, list) else str(value)
            page.fill(f'input[name="f.{name}"]', text)


def _text(entry: Any) -> str:
    if entry is None:
        return ""
    return " ".join(entry) if isinstance(entry, list) else str(entry)


CASES = [
    ("semerik", {}, 1, 9, "double"),
    ("po-noskam", {"players": 4}, 5, 3, "reached"),
    ("sem-listov", {"runaways": True}, 0, 0, "runaways"),
    ("sem-listov", {"runaways": True, "runaway_split": "next_deal"}, 18, 1, "highest_trump"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "options", "seed", "index", "key"), CASES)
def test_a_deal_that_needs_the_field_through_the_form(
    browser: Any,
    server: Callable[..., Server],
    tmp_path: Path,
    name: str,
    options: dict[str, Any],
    seed: int,
    index: int,
    key: str,
) -> None:
    before, outcome = bot_deal(name, options, seed, index)
    assert key in outcome, outcome
    if key == "reached":
        assert outcome[key] != sorted(outcome[key])  # tap order, not seat order
    if key == "double":
        assert outcome[key] is False  # "no" must be sayable
    live = server(tmp_path / f"{key}.sqlite3")
    if before["deals"]:
        status, body = live.request("POST", "/api/import", before)
    else:
        start = {"variant": name, "options": options, "players": before["players"], "dealer": 0}
        status, body = live.request("POST", "/api/games", start)
    assert status == 201, body
    game_url = f"{live.url}/games/{body['id']}"
    api_path = f"/api/games/{body['id']}"
    page = browser.new_page()
    page.goto(game_url)
    variant = kozyr.get_variant(name, **options)
    left = {i for i in range(variant.players) if f"f.tricks_won.{i}" not in page.content()}
    enter(page, variant, outcome, left)
    shot(page, tmp_path, f"serve-field-{key}", at=f'fieldset[data-field="{key}"]')
    click_and_load(page, "#save")
    errors = page.locator(".error").all_inner_texts()
    assert not errors, errors
    _, game = live.request("GET", api_path)
    stored = game["record"]["deals"][index]
    assert stored.get(key) == outcome[key], (stored, outcome)
    full = dict(before, deals=[*before["deals"], outcome])
    expected = kozyr.replay(full).to_json()
    assert game["result"]["running"] == expected["running"]
    assert game["result"]["settlement"] == expected["settlement"]
    if key == "reached":  # the edit form shows the tapped order again
        page.goto(f"{game_url}/deals/{index}/edit")
        order = page.locator(f'input[name="f.{key}.order"]').input_value()
        assert order.split() == [str(s) for s in outcome[key]]
        places = page.locator(f'fieldset[data-field="{key}"] .place').all_inner_texts()
        assert [p for p in places if p] == [
            str(outcome[key].index(s) + 1) for s in sorted(outcome[key])
        ]
