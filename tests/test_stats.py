"""Player statistics (kozyr.stats, #20 item 7): worked examples computed by hand from the
shipped records, players matched by name ignoring case, partners both winning, and a property:
over any set of bots' games the games won add up to the games with a winner, and the money to 0
(every settlement is zero-sum)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import kozyr
from kozyr.sheet import sheet_of
from kozyr.stats import player_stats, render_stats_text, winning_seats

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def named(name: str, players: list[str]) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((EXAMPLES / name).read_text("utf-8"))
    data["players"] = players
    return data


def test_two_games_of_one_table_by_hand() -> None:
    # seven-up-game.json: sides Аня & Вера (seats 0, 2) and Боря & Гоша (1, 3); side 1 wins (SU7)
    # and each of its players gets +1, each loser pays 1.
    # sem-listov-runaways-party.json: seat 3 wins with +68; seats 0, 1, 2 end -12, -36, -20.
    seven = sheet_of(named("seven-up-game.json", ["Аня", "Боря", "Вера", "Гоша"]))[0].games
    runaways = sheet_of(named("sem-listov-runaways-party.json", ["аня", "Боря", "Вера", "Дима"]))
    stats = player_stats([*seven, *runaways[0].games])
    assert stats.games == 2
    anya = stats.player("АНЯ")
    assert anya is not None and anya.name == "Аня"  # the first spelling, matched ignoring case
    assert (anya.games, anya.won, anya.total) == (2, 0, Fraction(-1 - 12))
    borya = stats.player("Боря")
    assert borya is not None and (borya.games, borya.won, borya.total) == (2, 1, Fraction(1 - 36))
    assert stats.player("Гоша") is not None and stats.player("Гоша").won == 1  # type: ignore[union-attr]
    dima = stats.player("Дима")
    assert dima is not None and (dima.games, dima.won, dima.total) == (1, 1, Fraction(68))
    assert set(borya.variants) == {"seven-up", "sem-listov"}
    assert borya.variants["sem-listov"].total == -36
    # the order: most games won first
    assert [p.won for p in stats.players] == sorted((p.won for p in stats.players), reverse=True)
    data = stats.to_json()
    assert data["games"] == 2 and {p["name"] for p in data["players"]} == {
        "Аня", "Боря", "Вера", "Гоша", "Дима"
    }  # fmt: skip
    text = render_stats_text(stats, "en")
    assert "Дима" in text and "+68" in text and "sem-listov" in text


def test_partners_of_a_winning_side_both_win() -> None:
    game = sheet_of(named("seven-up-game.json", ["Аня", "Боря", "Вера", "Гоша"]))[0].games[0]
    assert winning_seats(game) == {1, 3}


@settings(max_examples=15, deadline=None)
@given(
    seeds=st.lists(st.integers(0, 10**6), min_size=1, max_size=4),
    variant=st.sampled_from(["seven-up", "semerik", "po-noskam", "sem-listov"]),
)
def test_wins_and_money_add_up(seeds: list[int], variant: str) -> None:
    names = ["Аня", "Боря", "Вера", "Гоша", "Дима"]
    games = []
    for seed in seeds:
        v = kozyr.get_variant(variant)
        party = kozyr.play_party(v, seed=seed)
        assert party.record is not None
        data = json.loads(json.dumps(party.record.to_json(v)))
        data["players"] = names[: v.players]
        games.extend(sheet_of(data)[0].games)
    stats = player_stats(games)
    assert sum(p.games for p in stats.players) == sum(len(g.players) for g in games)
    assert sum(p.won for p in stats.players) == sum(len(winning_seats(g)) for g in games)
    assert sum(p.total for p in stats.players) == 0
    for p in stats.players:
        assert sum(t.games for t in p.variants.values()) == p.games
