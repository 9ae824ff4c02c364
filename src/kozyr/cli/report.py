"""The text of scored deals and parties (``kozyr replay``, ``kozyr play``, ``kozyr score-hand``).

Imported by those commands when they run, not at start-up."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kozyr.cli.output import show, table
from kozyr.record import DealResult, EveningResult, PartyResult
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
    if result.tricks:  # an outcome record may say nothing of tricks
        lines.append("tricks per seat: " + " ".join(map(str, result.tricks)))
    lines.append(items_table(result.sheet.items))
    label = "points per side" if result.sheet.sides else "points per seat"
    lines.append(f"{label}: " + " ".join(map(str, result.points)))
    lines += fields(result.extra)
    net = result.settlement.net()
    if any(net):
        lines.append("settlement (net per seat): " + " ".join(str(fraction_json(x)) for x in net))
    return "\n".join(lines)


def checked_lines(result: DealResult | PartyResult | EveningResult) -> list[str]:
    """What replay checked (``checked: plays | summary | outcome``) and every warning, one
    ``WARNING:`` line each: text mode says as much as ``--json`` (issue 22)."""
    lines = [f"checked: {result.checked}"]
    if isinstance(result, EveningResult):
        warnings = [
            f"game {g}: {w}" for g, game in enumerate(result.games, 1) for w in game.warnings
        ]
    else:
        warnings = list(result.warnings)
    lines += [f"WARNING: {w}" for w in warnings]
    return lines


def empty(value: Any) -> bool:
    """Whether a field says nothing (null, an empty list or object): such fields are not shown."""
    return value is None or (isinstance(value, (list, tuple, dict)) and not value)


def text(value: Any) -> str:
    """A variant field as one line, nested values shown as they are: a list of lists keeps its
    brackets (``[] [1] [2]``), objects are ``key=value`` pairs without the empty ones, several
    objects are separated by ``;``."""
    if isinstance(value, (list, tuple)):
        if any(isinstance(v, dict) for v in value):
            return "; ".join(text(v) for v in value)
        return " ".join(f"[{text(v)}]" if isinstance(v, (list, tuple)) else text(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k}={text(v)}" for k, v in value.items() if not empty(v))
    return show(value) if value is not None else "-"


def fields(extra: Mapping[str, Any], deals: int | None = None) -> list[str]:
    """The variant's fields as ``key: value`` lines, empty ones left out. In a party of
    ``deals`` deals, a list with one entry per deal is shown deal by deal, numbered from 1 and
    without the deals where it is empty: ``left_after: deal 2: 1; deal 3: 2``."""
    lines = []
    for key, value in extra.items():
        if empty(value):
            continue
        if (
            deals is not None
            and isinstance(value, (list, tuple))
            and len(value) == deals
            and all(isinstance(v, (list, tuple)) for v in value)
        ):
            shown = "; ".join(
                f"deal {i + 1}: {text(v)}" for i, v in enumerate(value) if not empty(v)
            )
            if shown:
                lines.append(f"{key}: {shown}")
            continue
        lines.append(f"{key}: {text(value)}")
    return lines


def party_text(result: PartyResult) -> str:
    """A scored party: each deal, the running totals, winner, loser and settlement."""
    parts = []
    for i, deal in enumerate(result.deals):
        parts.append(deal_text(deal, f"== deal {i + 1} (dealer seat {deal.record.dealer}) =="))
        if i < len(result.running):
            parts.append("running: " + " ".join(str(fraction_json(x)) for x in result.running[i]))
    parts.append("== party ==")
    for key, value in (("winner", result.winner), ("loser", result.loser)):
        if not empty(value):
            parts.append(f"{key}: {text(value)}")
    parts += fields(result.extra, len(result.deals))
    parts.append(
        "settlement (net per seat): "
        + " ".join(str(fraction_json(x)) for x in result.settlement.net())
    )
    return "\n".join(parts)


__all__ = ["checked_lines", "deal_text", "empty", "fields", "items_table", "party_text", "text"]
