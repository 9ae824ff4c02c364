"""The result of a simulation run: totals with rates per deal (or party)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from kozyr.simulate.interval import wilson_interval, wilson_intervals
from kozyr.simulate.tally import Tally, _fields_json, _json_number, _mean


@dataclass(frozen=True)
class SimulationResult:
    """Totals of a simulation run, with rates per deal (or per party) in :meth:`to_json`."""

    variant: str
    options: Mapping[str, Any]
    unit: str
    seed: int
    bots: tuple[str, ...]
    chunk: int
    workers: int
    elapsed: float
    tally: Tally
    sides: tuple[tuple[int, ...], ...] | None = None
    #: Who played the deals: ``"batch"`` (:mod:`kozyr.batch`) or ``"reference"``.
    engine: str = "reference"
    #: Why the batch engine did not play a run it was asked for (empty otherwise).
    engine_note: str = ""

    @property
    def units(self) -> int:
        """Deals (``unit="deal"``) or parties played."""
        return self.tally.units

    @property
    def deals(self) -> int:
        """Deals played (every deal of every party with ``unit="party"``)."""
        return self.tally.deals

    @property
    def deals_per_s(self) -> float:
        """Throughput of the run (wall clock)."""
        return self.deals / self.elapsed if self.elapsed > 0 else 0.0

    @property
    def tricks(self) -> list[int]:
        """Tricks taken per seat, in total."""
        return list(self.tally.tricks)

    @property
    def points(self) -> list[Any]:
        """Deal points per side (or per seat without sides), in total."""
        return list(self.tally.points)

    @property
    def wins(self) -> list[int]:
        """Deals (or parties) won per seat."""
        return list(self.tally.wins)

    def win_rates(self) -> list[float]:
        """Share of deals (or parties) each seat won."""
        return [_mean(w, self.units) for w in self.tally.wins]

    def item_counts(self) -> dict[str, int]:
        """How often each scoring item (by :attr:`ScoreItem.name`) occurred."""
        return {name: int(row[0]) for name, row in self.tally.items.items()}

    def totals(self) -> dict[str, Any]:
        """:meth:`to_json` without the timing, worker and chunk fields: the same for the same
        seed whatever executes the run and however it is cut into chunks."""
        data = self.to_json()
        for key in ("elapsed_s", "deals_per_s", "workers", "chunk"):
            data.pop(key)
        return data

    def to_json(self) -> dict[str, Any]:
        """The ``kozyr simulate --json`` object."""
        t = self.tally
        units, deals, n = t.units, t.deals, t.players
        by = "side" if self.sides is not None and len(t.points) == len(self.sides) else "seat"
        widths = {n, len(self.sides)} if self.sides else {n}
        items = {}
        for name, row in t.items.items():
            items[name] = {
                "count": row[0],
                "deals": row[1],
                "points": _json_number(row[2]),
                "per_deal": _mean(row[0], deals),
                "share_of_deals": _mean(row[1], deals),
                "share_of_deals_ci95": list(wilson_interval(int(row[1]), deals)),
                "by_seat": row[3 : 3 + n],
            }
        data: dict[str, Any] = {
            "variant": self.variant,
            "options": dict(self.options),
            "unit": self.unit,
            "units": units,
            "deals": deals,
            "seed": self.seed,
            "bots": list(self.bots),
            "engine": self.engine,
            "engine_note": self.engine_note or None,
            "chunk": self.chunk,
            "workers": self.workers,
            "elapsed_s": round(self.elapsed, 6),
            "deals_per_s": round(self.deals_per_s, 1),
            "players": n,
            "sides": [list(s) for s in self.sides] if self.sides else None,
            "tricks": {"total": list(t.tricks), "per_deal": _mean(t.tricks, deals)},
            "points": {
                "by": by,
                "total": _json_number(t.points),
                "per_deal": _mean(t.points, deals),
            },
            "seat_points": {
                "total": _json_number(t.seat_points),
                "per_deal": _mean(t.seat_points, deals),
            },
            "items": items,
            "extra": _fields_json(t.extra, deals, "per_deal", n, widths),
            "wins": {
                "by_seat": list(t.wins),
                "rate": _mean(t.wins, units),
                "losses_by_seat": list(t.losses),
                "loss_rate": _mean(t.losses, units),
                # the 95 % Wilson interval of each rate, [low, high] per seat (#24)
                "rate_ci95": wilson_intervals(t.wins, units),
                "loss_rate_ci95": wilson_intervals(t.losses, units),
            },
            "settlement": {"net": _json_number(t.net), "per_unit": _mean(t.net, units)},
        }
        if self.unit == "party":
            data["deals_per_party"] = _mean(deals, units)
            data["party_extra"] = _fields_json(t.party_extra, units, "per_party", n, widths)
        return data


__all__ = ["SimulationResult"]
