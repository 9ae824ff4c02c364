"""Simulation at scale (kozyr.simulate, ``kozyr simulate``): determinism whatever executes the
chunks, totals checked against a direct loop over the public API, the JSON contract, CLI exit
codes, and a run on a dask.distributed LocalCluster. No timings are asserted here (see
benchmarks/ and docs/performance.md)."""

from __future__ import annotations

import io
import json
import pickle
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction
from typing import Any

import pytest

from kozyr import Variant, get_variant, play_deal, variants
from kozyr.cli import main
from kozyr.cli.simulate import ProgressBar
from kozyr.errors import KozyrError
from kozyr.simulate import (
    MAX_DISTINCT,
    FieldStats,
    Tally,
    deal_outcome,
    play_party,
    run_deals,
    seed_for,
    simulate,
)

JSON_KEYS = {
    "variant", "options", "unit", "units", "deals", "seed", "bots", "chunk", "workers",
    "elapsed_s", "deals_per_s", "players", "sides", "tricks", "points", "seat_points", "items",
    "extra", "wins", "settlement", "engine", "engine_note",
}  # fmt: skip


def test_seed_for_is_deterministic_and_spreads() -> None:
    seeds = [seed_for(7, i) for i in range(1000)]
    assert seeds == [seed_for(7, i) for i in range(1000)]
    assert len(set(seeds)) == 1000
    # neighbouring run seeds do not share deals (a plain S * k + i scheme would)
    assert not set(seeds) & {seed_for(8, i) for i in range(1000)}


def test_totals_match_a_direct_loop_over_the_public_api() -> None:
    """Every total is what playing the same deals one by one gives (dealer seat 0, deal i seeded
    seed_for(S, i))."""
    variant = get_variant("seven-up")
    n, seed = 40, 3
    result = simulate("seven-up", {}, n, seed, chunk=7, engine="reference")
    tricks = [0] * 4
    points = [0] * 2
    items: Counter[str] = Counter()
    void = 0
    for i in range(n):
        deal = play_deal(variant, seed=seed_for(seed, i), dealer=0)
        void += bool(deal.facts.get("void"))  # D-SU2: a void deal plays no trick
        scored = deal.result()
        tricks = [a + b for a, b in zip(tricks, scored.tricks, strict=True)]
        points = [a + b for a, b in zip(points, scored.points, strict=True)]
        items.update(item.name for item in scored.sheet.items)
    assert result.deals == result.units == n
    assert result.tricks == tricks
    assert result.points == points
    assert result.item_counts() == dict(items)
    data = result.to_json()
    assert data["points"]["by"] == "side"
    # each deal of Seven Up has 6 tricks (SU3) unless it is void (D-SU2)
    assert 0 < void < n
    assert sum(data["tricks"]["total"]) == 6 * (n - void)
    for name, count in items.items():
        assert data["items"][name]["count"] == count
        assert data["items"][name]["per_deal"] == pytest.approx(count / n)


def test_same_totals_whatever_the_workers_and_chunks() -> None:
    base = simulate("seven-up", {"players": 3}, 48, seed=11, workers=1).totals()
    two = simulate("seven-up", {"players": 3}, 48, seed=11, workers=2, chunk=5).totals()
    with ThreadPoolExecutor(3) as pool:
        threads = simulate("seven-up", {"players": 3}, 48, seed=11, executor=pool, chunk=4)
    assert two == base
    assert threads.totals() == base
    assert threads.workers == 3
    # a different seed gives different deals
    assert simulate("seven-up", {"players": 3}, 48, seed=12).totals() != base


def test_parties_are_deterministic_and_have_one_winning_side() -> None:
    """Seven Up game to 7 (SU7): every party has exactly one winning side of two seats (C5)."""
    result = simulate("seven-up", {}, 12, seed=5, unit="party", chunk=5)
    again = simulate("seven-up", {}, 12, seed=5, unit="party", workers=2, chunk=3)
    assert result.totals() == again.totals()
    wins = result.wins
    assert result.units == 12 and result.deals >= 12 * 2  # a side needs at least two deals to 7
    assert wins[0] == wins[2] and wins[1] == wins[3]
    assert wins[0] + wins[1] == 12
    data = result.to_json()
    assert data["deals_per_party"] == pytest.approx(result.deals / 12)
    assert data["party_extra"]["target"]["counts"] == {"7": 12}
    # SU7 stake: each loser pays 1 shared by the winners, so the side's net is +-2 per party
    net = [Fraction(x) for x in data["settlement"]["net"]]
    assert sum(net) == 0
    assert net[0] == wins[0] - wins[1]


def test_play_party_matches_replay_of_its_deals() -> None:
    """A simulated party is a valid party: replaying its records gives the same result."""
    from kozyr.replay import replay

    variant = get_variant("seven-up", players=2)
    party = play_party(variant, seed=9)
    data = {
        "variant": variant.name,
        "options": dict(variant.options),
        "deals": [
            {k: v for k, v in r.record.to_json(variant).items() if k not in ("variant", "options")}
            for r in party.deals
        ],
    }
    replayed = replay(data)
    assert replayed.to_json() == party.to_json()


def test_json_contract_and_serialisable() -> None:
    result = simulate("seven-up", {}, 10, seed=1)
    data = result.to_json()
    assert JSON_KEYS <= set(data)
    assert data["deals_per_s"] > 0
    assert json.loads(json.dumps(data)) == data
    assert set(result.totals()) == JSON_KEYS - {"elapsed_s", "deals_per_s", "workers", "chunk"}


def test_deal_outcome_by_points_and_by_settlement() -> None:
    """Without payments the side with more points wins the deal (seats 0 and 2 together, C5);
    with payments the seats that gain win."""
    variant = get_variant("seven-up")
    for i in range(30):
        result = play_deal(variant, seed=i).result()
        net, winners, losers = deal_outcome(variant, result)
        a, b = result.points
        if a > b:
            assert (winners, losers) == ({0, 2}, {1, 3})
        elif b > a:
            assert (winners, losers) == ({1, 3}, {0, 2})
        else:
            assert winners == losers == set()
        assert net == [0, 0, 0, 0]


def test_tally_merge_is_associative_and_pickles() -> None:
    args = ("seven-up", (("players", 4),), 2)
    a, b, c = (run_deals(*args, s, s + 5, ("random",) * 4) for s in (0, 5, 10))
    left = Tally(4).merge(pickle.loads(pickle.dumps(a))).merge(b).merge(c)
    bc = Tally(4).merge(b).merge(c)
    right = Tally(4).merge(a).merge(bc)
    whole = run_deals(*args, 0, 15, ("random",) * 4)
    for tally in (left, right):
        assert tally.tricks == whole.tricks and tally.items == whole.items
        assert tally.wins == whole.wins and tally.deals == whole.deals == 15
        assert {k: v.__getstate__() for k, v in tally.extra.items()} == {
            k: v.__getstate__() for k, v in whole.extra.items()
        }


def _stats(values: list[Any]) -> dict[str, Any] | None:
    stats = FieldStats()
    for value in values:
        stats.add(value)
    return stats.to_json(len(values), "per_deal", 4, {4, 2})


def test_field_stats_kinds() -> None:
    # booleans: how often true
    # with the 95 % Wilson interval of 3 in 4 (#24): centre (0.75 + 0.48) / 1.96 = 0.6275,
    # half width 1.96 * sqrt(0.046875 + 0.060) / 1.96 = 0.3269
    assert _stats([True, False, True, True]) == {
        "true": 3,
        "rate": 0.75,
        "rate_ci95": [0.300642, 0.954413],
    }
    # a value per side: summed element by element
    assert _stats([[1, 2], [3, 4]]) == {"total": [4, 6], "per_deal": [2.0, 3.0]}
    # lists of varying length (seats): members counted, never summed
    assert _stats([[0], [2, 3], [2]]) == {"counts": {"0": 1, "2": 2, "3": 1}}
    # whole numbers that look like seats: by value only
    assert _stats([1, 3, 3]) == {"counts": {"1": 1, "3": 2}}
    # other whole numbers: summed and counted
    assert _stats([21, 42, 21]) == {"total": 84, "per_deal": 28.0, "counts": {"21": 2, "42": 1}}
    # strings: counted
    assert _stats(["♠", "♥", "♠"]) == {"counts": {"♠": 2, "♥": 1}}
    # too many distinct values: the histogram is dropped, the sum stays
    many = _stats(list(range(10, 10 + MAX_DISTINCT + 1)))
    assert many is not None and "counts" not in many and many["total"] > 0
    # nothing usable
    assert _stats([None, None]) is None


def test_field_stats_merge_matches_one_stream() -> None:
    values: list[Any] = [[0], [1, 2], [3], [0, 1, 2, 3]]
    one = FieldStats()
    for v in values:
        one.add(v)
    halves = [FieldStats(), FieldStats()]
    for i, v in enumerate(values):
        halves[i % 2].add(v)
    merged = FieldStats()
    merged.merge(halves[1])
    merged.merge(halves[0])
    assert merged.to_json(4, "per_deal", 4, {4}) == one.to_json(4, "per_deal", 4, {4})


def test_progress_callback_and_bar() -> None:
    calls: list[tuple[int, int]] = []
    simulate(
        "seven-up",
        {},
        10,
        seed=1,
        chunk=3,
        progress=lambda d, n: calls.append((d, n)),
        engine="reference",
    )
    assert calls == [(3, 10), (6, 10), (9, 10), (10, 10)]
    stream = io.StringIO()
    bar = ProgressBar(stream, "x", delay=60.0)
    bar(5, 10)
    bar.close()
    assert stream.getvalue() == ""  # runs shorter than the delay show nothing
    bar = ProgressBar(stream, "x", delay=0.0)
    bar(10, 10)
    assert "10/10" in stream.getvalue()


@pytest.mark.parametrize("name", sorted(cls.name for cls in variants()))
def test_every_installed_variant_simulates(name: str) -> None:
    variant = get_variant(name)
    result = simulate(name, {}, 6, seed=2, chunk=4)
    assert result.deals == 6
    assert len(result.tricks) == variant.players
    assert json.dumps(result.to_json())
    if type(variant).score_party is not Variant.score_party:
        # random bidders in Pitch are set back far more often than they make their bids, so
        # their games rarely end (AP9): a party is played by the variant's own party bot
        party = simulate(name, {}, 1, seed=2, unit="party", bot=type(variant).party_bot)
        assert party.units == 1 and party.deals >= 1


# --- the command line -------------------------------------------------------------------------


def run_cli(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    out = io.StringIO()
    status = main(args, out)
    return status, out.getvalue(), capsys.readouterr().err


def test_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run_cli(
        ["simulate", "seven-up", "-n", "12", "--seed", "4", "--players", "2", "--json"], capsys
    )
    assert status == 0 and err == ""  # stderr is not a terminal: no progress bar
    data = json.loads(out)
    assert JSON_KEYS <= set(data)
    assert data["deals"] == 12 and data["players"] == 2 and data["deals_per_s"] > 0
    expected = simulate("seven-up", {"players": 2}, 12, seed=4).totals()
    assert {k: v for k, v in data.items() if k in expected} == expected


def test_cli_table_and_bot_options(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_cli(
        ["simulate", "seven-up", "-n", "8", "--bot", "heuristic,random,heuristic,random",
         "-o", "void_may_discard=true", "--unit", "party", "--quiet"],
        capsys,
    )  # fmt: skip
    assert status == 0
    assert "8 parties" in out and "deals/s" in out and "bots heuristic,random" in out


def test_cli_parties_without_bot_use_the_variants_party_bot(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Pitch's parties with random bidders never end (AP9): with no --bot, `--unit party` plays
    # the variant's party bot (heuristic), as `kozyr play --party` does; deals stay random
    status, out, _ = run_cli(
        ["simulate", "auction-pitch", "-n", "2", "--unit", "party", "--quiet", "--json"], capsys
    )
    assert status == 0 and json.loads(out)["bots"] == ["heuristic"] * 4
    status, out, _ = run_cli(["simulate", "auction-pitch", "-n", "2", "--json"], capsys)
    assert status == 0 and json.loads(out)["bots"] == ["random"] * 4


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-n", "0"], "at least 1"),
        (["--workers", "-1"], "workers"),
        (["--chunk", "0"], "chunk"),
        (["--bot", "nobody"], "unknown bot 'nobody'"),
        (["--bot", "random,random"], "need 4 bots"),
        (["-o", "void_may_discard=maybe"], "void_may_discard"),
        (["--players", "9"], "players: 9 is not allowed"),
    ],
)
def test_cli_bad_input_exits_2_with_one_line(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run_cli(["simulate", "seven-up", *args], capsys)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("kozyr simulate: ") and message in err


def test_cli_unknown_variant(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run_cli(["simulate", "no-such-game"], capsys)
    assert status == 2 and err.count("\n") == 1 and "no-such-game" in err


# --- dask.distributed ------------------------------------------------------------------------


def test_dask_local_cluster_gives_the_local_totals() -> None:
    distributed = pytest.importorskip(
        "distributed", reason="the dask extra is not installed (pip install 'kozyr[dask]')"
    )
    local = simulate("seven-up", {}, 30, seed=8, chunk=4).totals()
    # One in-process worker, but talking TCP on loopback: tasks and tallies are serialised as
    # they are on a real cluster.
    with (
        distributed.LocalCluster(
            n_workers=1,
            threads_per_worker=2,
            processes=False,
            protocol="tcp://",
            host="127.0.0.1",
            dashboard_address=None,
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        result = simulate("seven-up", {}, 30, seed=8, chunk=4, executor=client.get_executor())
    assert result.totals() == local


def test_cli_scheduler_flag_runs_on_the_cluster(capsys: pytest.CaptureFixture[str]) -> None:
    distributed = pytest.importorskip(
        "distributed", reason="the dask extra is not installed (pip install 'kozyr[dask]')"
    )
    with distributed.LocalCluster(
        n_workers=1,
        threads_per_worker=1,
        processes=False,
        protocol="tcp://",
        host="127.0.0.1",
        dashboard_address=None,
    ) as cluster:
        args = ["simulate", "seven-up", "-n", "9", "--seed", "6", "--json"]
        status, out, _ = run_cli([*args, "--scheduler", cluster.scheduler_address], capsys)
    assert status == 0
    data = json.loads(out)
    expected = simulate("seven-up", {}, 9, seed=6).totals()
    assert {k: v for k, v in data.items() if k in expected} == expected


def test_dask_plays_batches_as_tasks_with_the_local_totals() -> None:
    """The batch engine on a cluster (issue 16): 40,000 deals are three batches of at most
    16,384, each a task; the totals are those of the same run inline."""
    distributed = pytest.importorskip(
        "distributed", reason="the dask extra is not installed (pip install 'kozyr[dask]')"
    )
    pytest.importorskip("numpy", reason="the batch engine needs kozyr[fast]")
    local = simulate("seven-up", {}, 40_000, seed=12, engine="batch")
    assert local.to_json()["engine"] == "batch"
    with (
        distributed.LocalCluster(
            n_workers=1,
            threads_per_worker=2,
            processes=False,
            protocol="tcp://",
            host="127.0.0.1",
            dashboard_address=None,
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        result = simulate(
            "seven-up", {}, 40_000, seed=12, engine="batch", executor=client.get_executor()
        )
    assert result.to_json()["engine"] == "batch"
    assert result.totals() == local.totals()
    assert result.deals == 40_000


# --- bounded work (#21) ------------------------------------------------------------------------


def test_cli_refuses_a_huge_n_before_allocating(capsys: pytest.CaptureFixture[str]) -> None:
    """``-n 10**30`` once built a list of every chunk and died of MemoryError (#21): now it is one
    line naming the limit and the flag that raises it, exit 2, before any deal."""
    status, out, err = run_cli(["simulate", "semerik", "-n", "1" + "0" * 30], capsys)
    assert status == 2 and out == ""
    assert err == (
        "kozyr simulate: 1,000,000,000,000,000,000,000,000,000,000 deals is more than the limit "
        "of 100,000,000 for one run (raise it with --max-deals N, or max_units=N)\n"
    )
    status, _, err = run_cli(["simulate", "seven-up", "-n", "20", "--max-deals", "10"], capsys)
    assert status == 2 and "limit of 10 " in err
    status, out, _ = run_cli(
        ["simulate", "seven-up", "-n", "20", "--max-deals", "20", "--json"], capsys
    )
    assert status == 0 and json.loads(out)["deals"] == 20


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-n", "١٢"], "-n: expected a whole number in digits 0-9, got '١٢'"),
        (["-n", "²"], "-n: expected a whole number in digits 0-9"),
        (["-n", "1_000"], "-n: expected a whole number in digits 0-9"),
        (["-n", "9" * 5000], "-n: a number of at most 100 digits, got 5,000"),
        (["--max-deals", "0"], "--max-deals: 0 is less than 1"),
    ],
)
def test_cli_counts_are_ascii_digits(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run_cli(["simulate", "seven-up", *args], capsys)
    assert status == 2 and out == "" and err.count("\n") == 1 and message in err


def test_max_units_is_one_number() -> None:
    from kozyr.cli import simulate as cli_simulate
    from kozyr.simulate import MAX_UNITS

    assert cli_simulate.MAX_UNITS == MAX_UNITS


def test_chunks_are_made_lazily() -> None:
    """A run of 10**30 deals (allowed by max_units) makes its chunks one at a time: the chunk
    list is never built (the first three come at once, and the count is exact)."""
    from itertools import islice

    from kozyr.simulate.run import Chunks

    chunks = Chunks(10**30, 1000)
    assert chunks.count == 10**27
    assert list(islice(chunks, 3)) == [(0, 1000), (1000, 2000), (2000, 3000)]
    assert list(Chunks(7, 3)) == [(0, 3), (3, 6), (6, 7)]
    with pytest.raises(KozyrError, match="limit of 5 "):
        simulate("seven-up", {}, 6, max_units=5)
