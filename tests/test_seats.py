"""kozyr.seats (#25 item 5): the one "next seat clockwise" helper (C1: the deal and the turn
pass to the left), which the engine (``Deal.next_seat``), the party rules
(``Variant.next_dealer``), the scorekeeper and the plugins use."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import kozyr
from kozyr.errors import IllegalActionError
from kozyr.seats import next_seat


def test_worked_examples() -> None:
    # four seats: after 3 comes 0; with only seats 0 and 2 dealt in, 0 -> 2 -> 0 (D-PN2's race)
    assert [next_seat(s, 4) for s in range(4)] == [1, 2, 3, 0]
    assert next_seat(0, 4, among=(0, 2)) == 2 and next_seat(2, 4, among=[2, 0]) == 0
    assert next_seat(1, 4, among=(1,)) == 1  # the only seat in: itself
    assert next_seat(3, 4, among=(1, 2)) == 1  # seat 3 is out and still passes on
    with pytest.raises(IllegalActionError, match=r"no seat after 1 among \[\]"):
        next_seat(1, 4, among=())


@given(st.integers(2, 8).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n - 1),
       st.sets(st.integers(0, n - 1), min_size=1))))  # fmt: skip
def test_the_next_seat_is_the_first_seat_in_clockwise(case: tuple[int, int, set[int]]) -> None:
    players, seat, among = case
    found = next_seat(seat, players, among)
    steps = (found - seat) % players or players  # 1..players: how far clockwise
    assert found in among
    assert all((seat + k) % players not in among for k in range(1, steps))


def test_the_engine_and_the_party_rules_use_it() -> None:
    variant = kozyr.get_variant("po-noskam", players=3)
    deal = kozyr.Deal.new(variant, seed=1, dealer=2)
    assert deal.next_seat(2) == 0 and deal.next_seat(0, among=(0, 2)) == 2
    assert variant.next_dealer(2, {}) == 0  # SL-C3: the deal passes clockwise


ROOT = Path(__file__).resolve().parents[1]


def hand_written_next_seats(source: str) -> list[str]:
    """The ``(x + 1) % n`` and ``order[(i + 1) % len(order)]`` forms of "the next seat" in
    ``source`` (kozyr.seats.next_seat is the one place that writes it, #25 item 5)."""
    tree = ast.parse(source)
    found = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.BinOp)
            and isinstance(node.op, ast.Mod)
            and isinstance(node.left, ast.BinOp)
            and isinstance(node.left.op, ast.Add)
            and isinstance(node.left.right, ast.Constant)
            and node.left.right.value == 1
        ):
            found.append(f"{node.lineno}: {ast.get_source_segment(source, node)}")
    return found


def test_the_check_finds_a_hand_written_next_seat() -> None:
    source = "eldest = (dealer + 1) % n\nnxt = {s: o[(i + 1) % len(o)] for i, s in enumerate(o)}\n"
    assert hand_written_next_seats(source) == ["1: (dealer + 1) % n", "2: (i + 1) % len(o)"]
    assert hand_written_next_seats("eldest = next_seat(dealer, n)\nx = (a + 2) % n\n") == []


def test_no_module_writes_the_next_seat_by_hand() -> None:
    modules = [*(ROOT / "src").rglob("*.py"), *ROOT.glob("plugins/*/src/**/*.py")]
    wrong = [
        f"{path.relative_to(ROOT)}:{hit}"
        for path in sorted(modules)
        if path != ROOT / "src/kozyr/seats.py"
        for hit in hand_written_next_seats(path.read_text(encoding="utf-8"))
    ]
    assert not wrong, "use kozyr.seats.next_seat:\n" + "\n".join(wrong)
