"""The text of scored deals and parties (``kozyr replay``, ``kozyr play``, ``kozyr score-hand``).

Imported by those commands when they run, not at start-up."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kozyr.cli.output import show, table
from kozyr.record import DealResult, PartyResult
from kozyr.scoring import ScoreItem, fraction_json


def items_table(items: Sequence[ScoreItem], *, seats: bool = True) -> str:
    """The score items as a table (with seat and side unless ``seats`` is false)."""
    header = ["item", "label", "points", "cards"] + (["seat", "side"] if seats else []) + ["rule"]
    rows = []
    for item in items:
        row: list[Any] = [
            item.name,
            f"{item.label_ru} / {item.label_en}",
            item.points,
            " ".join(map(str, item.cards)),
        ]
        if seats:
            row += [item.seat, item.side]
        rows.append([*row, item.rule])
    return table(rows, header) if rows else "(no items)"


def deal_text(result: DealResult, title: str = "") -> str:
    """One scored deal: tricks, items, points, variant fields and settlement."""
    lines = [title] if title else []
    lines.append("tricks per seat: " + " ".join(map(str, result.tricks)))
    lines.append(items_table(result.sheet.items))
    label = "points per side" if result.sheet.sides else "points per seat"
    lines.append(f"{label}: " + " ".join(map(str, result.points)))
    for key, value in result.extra.items():
        lines.append(f"{key}: {text(value)}")
    net = result.settlement.net()
    if any(net):
        lines.append("settlement (net per seat): " + " ".join(str(fraction_json(x)) for x in net))
    return "\n".join(lines)


def text(value: Any) -> str:
    """A variant field as one line."""
    if isinstance(value, (list, tuple)):
        return " ".join(text(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k}={text(v)}" for k, v in value.items())
    return show(value) if value is not None else "-"


def party_text(result: PartyResult) -> str:
    """A scored party: each deal, the running totals, winner, loser and settlement."""
    parts = []
    for i, deal in enumerate(result.deals):
        parts.append(deal_text(deal, f"== deal {i + 1} (dealer seat {deal.record.dealer}) =="))
        if i < len(result.running):
            parts.append("running: " + " ".join(str(fraction_json(x)) for x in result.running[i]))
    parts.append("== party ==")
    parts.append(f"winner: {text(result.winner)}")
    parts.append(f"loser: {text(result.loser)}")
    for key, value in result.extra.items():
        parts.append(f"{key}: {text(value)}")
    parts.append(
        "settlement (net per seat): "
        + " ".join(str(fraction_json(x)) for x in result.settlement.net())
    )
    return "\n".join(parts)


__all__ = ["deal_text", "items_table", "party_text", "text"]
