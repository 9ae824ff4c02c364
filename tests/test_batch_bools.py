"""A list of booleans per deal as a batch column (#23 item 6): ``ExtraColumn("bools", ...)``
gives each deal's list as the reference engine's ``DealResult.extra`` holds it, and its tally
equals the reference tally of the same lists, value for value."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from kozyr.batch import ExtraColumn
from kozyr.simulate.batch import field_stats
from kozyr.simulate.tally import FieldStats


def reference(rows: list[list[bool]]) -> FieldStats:
    stats = FieldStats()
    for row in rows:
        stats.add(row)
    return stats


def test_bools_worked_example() -> None:
    # who made his bid, per seat, in three deals
    rows = [[True, False, True, False], [False, False, True, True], [True, True, True, True]]
    column = ExtraColumn("bools", np.array(rows, dtype=np.bool_))
    assert column.value(1) == [False, False, True, True]
    assert all(type(v) is bool for v in column.value(0))
    stats = field_stats(column)
    # made per seat: 2, 1, 3, 2; 4 false and 8 true entries
    assert (stats.seen, stats.width, stats.vector) == (3, 4, [2, 1, 3, 2])
    assert stats.counts == {0: 4, 1: 8}
    assert stats.__getstate__() == reference(rows).__getstate__()
    everyone = ExtraColumn("bools", np.ones((2, 3), dtype=np.bool_))
    assert field_stats(everyone).counts == {1: 6} == reference([[True] * 3] * 2).counts


@settings(max_examples=200, deadline=None)
@given(
    st.integers(1, 5).flatmap(
        lambda width: st.lists(st.lists(st.booleans(), min_size=width, max_size=width), max_size=20)
    )
)
def test_bools_tally_as_the_reference(rows: list[list[bool]]) -> None:
    values = np.array(rows, dtype=np.bool_).reshape(len(rows), len(rows[0]) if rows else 0)
    column = ExtraColumn("bools", values)
    assert [column.value(i) for i in range(len(rows))] == rows
    assert field_stats(column).__getstate__() == reference(rows).__getstate__()
