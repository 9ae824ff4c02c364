"""The arena (simulate/arena.py, ``kozyr arena``, issue 27): seat rotation on duplicate deals,
the statistics worked by hand from known results, and the command."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from kozyr.cli import main
from kozyr.errors import KozyrError
from kozyr.simulate.arena import _elo, arena, arena_chunk, lineups, summarise


def test_lineups_rotate_every_bot_through_every_seat() -> None:
    assert lineups(("a", "b"), 4) == (("a", "b", "a", "b"), ("b", "a", "b", "a"))
    assert lineups(("a", "b", "c"), 3) == (("a", "b", "c"), ("b", "c", "a"), ("c", "a", "b"))
    assert lineups(("a", "b"), 2) == (("a", "b"), ("b", "a"))


def test_every_lineup_plays_the_same_cards() -> None:
    # duplicate deals: the random bots draw from the deal's generator after it has shuffled,
    # so the hands are the same whatever bots sit down; the results differ by the play only
    played = arena_chunk("seven-up", (("players", 2),), 7, 0, 3, ("heuristic", "random"))
    assert len(played) == 3 and all(len(deal) == 2 for deal in played)
    from kozyr import get_variant
    from kozyr.bots import play_deal
    from kozyr.party import seed_for

    variant = get_variant("seven-up", players=2)
    first = play_deal(variant, seed=seed_for(7, 0), bots=["heuristic", "random"])
    second = play_deal(variant, seed=seed_for(7, 0), bots=["random", "heuristic"])
    assert first.chances[0] == second.chances[0]  # the same shuffled deck
    assert first.chances[0][0] == "shuffle"


def test_the_statistics_of_known_results() -> None:
    # Two deals, two lineups each, two single players: (bot, value, won, unit) per seat.
    played = [
        [[("a", 3.0, True, 0), ("b", 1.0, False, 1)], [("b", 2.0, True, 0), ("a", 2.0, False, 1)]],
        [[("a", 4.0, True, 0), ("b", 0.0, False, 1)], [("b", 1.0, False, 0), ("a", 3.0, True, 1)]],
    ]
    result = summarise("x", 2, 0, ("a", "b"), played, (("a", "b"), ("b", "a")))
    a, b = result.rows
    assert (a.bot, a.seat_deals, a.points, a.wins) == ("a", 4, 3.0, 3)
    assert (b.bot, b.points, b.wins) == ("b", 1.0, 1)
    # a's values 3 2 4 3: mean 3, sample sd sqrt(2/3), half width 1.96 * sqrt(2/3 / 4)
    assert a.points_low == pytest.approx(3 - 1.959963984540054 * (2 / 3 / 4) ** 0.5)
    # head to head: a beat b in 3 lineups and tied one (2 against 2): 3.5 to 0.5
    assert result.head_to_head == {"a": {"a": 0.0, "b": 3.5}, "b": {"a": 0.5, "b": 0.0}}
    # Bradley-Terry with half a win added each way: p(a beats b) = 4/5, strengths 4:1, so the
    # Elo difference is 400 log10(4) = 240.8, centred on 1500
    assert a.elo - b.elo == pytest.approx(400 * 0.6020599913, abs=0.1)
    assert (a.elo + b.elo) / 2 == pytest.approx(1500)
    # the duplicate margin: deal 1, 3 - 1 and 2 - 2: 2; deal 2, 4 - 0 and 3 - 1: 6. Mean 4,
    # sample sd sqrt(8), half width 1.96 * sqrt(8 / 2) = 3.92
    mean, low, high = result.margins["a"]["b"]
    assert mean == 4.0 and low == pytest.approx(4 - 3.92, abs=1e-3)
    assert high == pytest.approx(4 + 3.92, abs=1e-3)
    # against the field: deal 1, a's mean 2.5 and b's 1.5 about the field's 2: +0.5 and -0.5;
    # deal 2, 3.5 and 0.5 about 2: +1.5 and -1.5. a: mean +1, sample sd sqrt(1/2), half width
    # 1.96 * sqrt(1/2 / 2) = 0.98 -- a quarter of the margin's (two lineups, two deals' sums)
    assert a.vs_field == pytest.approx(1.0) and b.vs_field == pytest.approx(-1.0)
    assert (a.vs_field_low, a.vs_field_high) == pytest.approx((0.02, 1.98), abs=1e-3)
    assert (b.vs_field_low, b.vs_field_high) == pytest.approx((-1.98, -0.02), abs=1e-3)


def test_points_against_the_field_weigh_bots_not_seats() -> None:
    # One deal, one lineup a b a c at four single seats: a held two seats (values 4 and 2, mean
    # 3), b one (5), c one (1). The field is the bots' means, (3 + 5 + 1) / 3 = 3, not the
    # seats' (4 + 5 + 2 + 1) / 4 = 3: so a scores 0, b +2, c -2. A second deal with every seat
    # worth 1 scores all three 0.
    played = [
        [[("a", 4.0, True, 0), ("b", 5.0, True, 1), ("a", 2.0, False, 2), ("c", 1.0, False, 3)]],
        [[("a", 1.0, False, 0), ("b", 1.0, False, 1), ("a", 1.0, False, 2), ("c", 1.0, False, 3)]],
    ]
    lineup = ("a", "b", "a", "c")
    result = summarise("x", 2, 0, ("a", "b", "c"), played, (lineup,))
    found = {row.bot: row for row in result.rows}
    assert found["a"].vs_field == pytest.approx(0.0)
    assert found["b"].vs_field == pytest.approx(1.0)  # (+2 + 0) / 2
    assert found["c"].vs_field == pytest.approx(-1.0)
    # b's scores +2 and 0: sample sd sqrt(2), half width 1.96 * sqrt(2 / 2)
    assert found["b"].vs_field_high == pytest.approx(1.0 + 1.959963984540054)
    # the field sums to zero on every deal
    assert sum(row.vs_field for row in result.rows) == pytest.approx(0.0)


def test_elo_of_equal_bots_is_equal() -> None:
    found = _elo(["x", "y"], {"x": {"x": 0, "y": 5}, "y": {"x": 5, "y": 0}})
    assert found["x"] == pytest.approx(1500) == found["y"]


def test_an_arena_run_and_its_checks(monkeypatch: pytest.MonkeyPatch) -> None:
    result = arena("seven-up", {}, ("heuristic", "random"), 3, seed=2)
    assert result.deals == 3 and [r.seat_deals for r in result.rows] == [6, 6]
    assert arena("seven-up", {}, ("heuristic", "random"), 3, seed=2) == result  # reproducible
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(2) as pool:  # any executor (a dask client's): the same result
        assert arena(
            "seven-up", {}, ("heuristic", "random"), 3, seed=2, chunk=1, executor=pool
        ) == (result)
    # three bots in a partnership game: every pair has its own match on the same deals
    from kozyr.simulate import arena as module

    calls: list[tuple[str, ...]] = []

    def chunk(
        name: str, options: object, seed: int, start: int, stop: int, bots: tuple[str, ...]
    ) -> list[Any]:
        calls.append(bots)
        return [
            [[(bots[s % 2], 1.0, s % 2 == 0, s % 2) for s in range(4)]] for _ in range(start, stop)
        ]

    monkeypatch.setattr(module, "arena_chunk", chunk)
    three = arena("seven-up", {}, ("heuristic", "random", "pimc"), 2, seed=2)
    assert calls == [("heuristic", "random"), ("heuristic", "pimc"), ("random", "pimc")]
    assert len(three.lineups) == 6 and sorted(r.seat_deals for r in three.rows) == [4, 4, 4]
    # the matches' lineups of one deal are summarised together: seat 0's bot scored 1 and seat
    # 1's 1 in every lineup, so every bot scores 0 against the field, with no spread
    assert all((r.vs_field, r.vs_field_low, r.vs_field_high) == (0, 0, 0) for r in three.rows)
    with pytest.raises(KozyrError, match="two different bots"):
        arena("seven-up", {}, ("random", "random"), 3)
    with pytest.raises(KozyrError, match="unknown bot"):
        arena("seven-up", {}, ("random", "nobody"), 3)


def test_the_command() -> None:
    out = io.StringIO()
    argv = ["arena", "seven-up", "--players", "2", "--bots", "heuristic,random", "-n", "4"]
    assert main([*argv, "--json"], out=out) == 0
    data = json.loads(out.getvalue())
    assert data["deals"] == 4 and data["lineups"] == [
        ["heuristic", "random"],
        ["random", "heuristic"],
    ]
    assert {b["bot"] for b in data["bots"]} == {"heuristic", "random"}
    assert len(data["margins"]["heuristic"]["random"]) == 3
    assert set(data["bots"][0]) == {
        "bot",
        "seat_deals",
        "points",
        "points_interval",
        "wins",
        "win_rate",
        "win_interval",
        "elo",
        "vs_field",
        "vs_field_interval",
    }
    # two bots alone: one's points against the field are the other's, mirrored
    first, second = data["bots"]
    assert first["vs_field"] == -second["vs_field"]
    assert first["vs_field_interval"] == [-v for v in reversed(second["vs_field_interval"])]
    out = io.StringIO()
    assert main(argv, out=out) == 0
    assert "Elo" in out.getvalue()


def test_a_pimc_with_options_plays_in_the_arena() -> None:
    # pimc's budget as a bot name (#27): one sample, rollouts only -- cheap enough for a test.
    # Two of the same bot with different budgets are different bots to the arena.
    result = arena("seven-up", {"players": 2}, ("pimc:samples=1:nodes=0", "random"), 2, seed=3)
    assert {row.bot for row in result.rows} == {"pimc:samples=1:nodes=0", "random"}
    assert set(result.margins) == {"pimc:samples=1:nodes=0"}
    assert all(row.seat_deals == 4 for row in result.rows)  # 2 deals x 2 lineups
    with pytest.raises(KozyrError, match="samples must be a whole number"):
        arena("seven-up", {"players": 2}, ("pimc:samples=0", "random"), 1)


def test_arena_on_a_dask_cluster_is_the_same_run() -> None:
    # `kozyr arena --scheduler ADDRESS` (the kozyr[dask] extra): the chunks run as tasks on a
    # real dask.distributed cluster -- here two worker processes on this machine -- and the
    # JSON is the inline run's, number for number.
    distributed = pytest.importorskip(
        "distributed", reason="the dask extra is not installed (pip install 'kozyr[dask]')"
    )
    argv = ["arena", "seven-up", "--bots", "heuristic,random", "-n", "6", "--seed", "3", "--json"]
    inline = io.StringIO()
    assert main([*argv, "--workers", "1"], out=inline) == 0
    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        protocol="tcp://",
        host="127.0.0.1",
        dashboard_address=None,
    ) as cluster:
        on_cluster = io.StringIO()
        assert main([*argv, "--scheduler", cluster.scheduler_address], out=on_cluster) == 0
        with distributed.Client(cluster) as client:  # the chunks were the cluster's tasks
            prefixes = client.run_on_scheduler(
                lambda dask_scheduler: list(dask_scheduler.task_prefixes)
            )
    assert any("arena" in prefix for prefix in prefixes), prefixes
    assert json.loads(on_cluster.getvalue()) == json.loads(inline.getvalue())
    assert json.loads(inline.getvalue())["deals"] == 6
