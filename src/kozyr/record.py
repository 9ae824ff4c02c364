"""Deal and party records as plain data: what a person writes down from a real game
(:class:`DealRecord`, :class:`PartyRecord`) and what scoring it gives (:class:`DealResult`,
:class:`PartyResult`).

This module only holds the data and writes it as JSON (``to_json``). Reading JSON is
:mod:`kozyr.codec`; checking every play through the engine and scoring is :mod:`kozyr.replay`.
"""

from __future__ import annotations

import textwrap
import warnings
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from typing_extensions import override

from kozyr.cards import Card
from kozyr.cardset import CardSet
from kozyr.errors import RecordError
from kozyr.scoring import Points, ScoreSheet, Settlement, fraction_json
from kozyr.tricks import Trick

if TYPE_CHECKING:  # annotations only: the variant layer sits above this one
    from kozyr.variant import Action, Variant


@dataclass(frozen=True)
class DealRecord:
    """One deal as written down: hands in play, turned card(s), decisions and tricks.

    ``tricks`` is None for a summary record (the variant's summary fields say who won what).
    Tricks of a record read from JSON carry seat ``-1`` until :func:`kozyr.replay` resolves them.
    ``variant_object`` is the configured variant that made or read the record (the engine and
    :func:`kozyr.codec.read_deal` set it; not compared, not shown): :meth:`to_json` writes the
    variant's fields with it when no variant is given.
    """

    variant: str
    options: Mapping[str, Any]
    dealer: int
    hands: tuple[CardSet | None, ...]
    turnups: tuple[Card, ...] = ()
    tricks: tuple[Trick, ...] | None = None
    decisions: Mapping[str, Any] = field(default_factory=dict)
    cut: Card | None = None
    seed: int | None = None
    #: Table metadata (``players``, ``date``, ``place``, ``note``), kept as written.
    meta: Mapping[str, Any] = field(default_factory=dict)
    variant_object: Variant | None = field(default=None, compare=False, repr=False, kw_only=True)
    #: The decision log: every decision of the deal in order (an :class:`~kozyr.Action` each;
    #: no card plays), for a variant that declares :attr:`~kozyr.Variant.decision_log` -- empty
    #: for the others. Written as the record's ``log``, replayed by the core.
    log: tuple[Action, ...] = field(default=(), kw_only=True)

    @property
    def outcome(self) -> bool:
        """Whether this is an outcome record: no hands and no tricks, only the facts."""
        return not self.hands and self.tricks is None

    @property
    def trump(self) -> Card | None:
        """The last turned card (its suit is trump where the variant turns one)."""
        return self.turnups[-1] if self.turnups else None

    def __call__(self) -> DealRecord:
        """``deal.record()``, the method of kozyr 0.1: ``deal.record`` is a property now, and
        calling the record it gives returns the record itself with a DeprecationWarning."""
        warnings.warn(
            "deal.record() is deprecated: deal.record is a property now",
            DeprecationWarning,
            stacklevel=2,
        )
        return self

    def tricks_won(self, seats: int) -> list[int]:
        """Tricks per seat of a resolved record."""
        counts = [0] * seats
        for trick in self.tricks or ():
            if trick.winner is not None:
                counts[trick.winner] += 1
        return counts

    def to_json(self, variant: Variant | None = None) -> dict[str, Any]:
        """The record as JSON data that :func:`kozyr.replay` reads back to the same result.

        ``variant`` (the record's own, configured) writes its decision fields; by default the
        record's :attr:`variant_object`. A record built by hand has none: pass the variant."""
        variant = _writer(variant, self.variant_object, self.variant)
        data: dict[str, Any] = {"variant": self.variant, "options": dict(self.options)}
        data.update(self.meta)
        data["dealer"] = self.dealer
        if self.hands:  # an outcome record has none
            data["hands"] = [None if h is None else h.format() for h in self.hands]
        if self.turnups:
            if len(self.turnups) == 1 and variant.turnup_key == "turnup":
                data["turnup"] = str(self.turnups[0])
            else:
                data["turnups"] = [str(c) for c in self.turnups]
        data.update(variant.write_fields(self))
        if variant.decision_log and not self.outcome:
            data["log"] = [log_entry(action) for action in self.log]
        if self.tricks is not None:
            data["tricks"] = [" ".join(str(c) for c in t.cards) for t in self.tricks]
        if self.cut is not None:
            data["cut"] = str(self.cut)
        if self.seed is not None:
            data["seed"] = self.seed
        return data


def log_entry(action: Action) -> dict[str, Any]:
    """One decision of a record's ``log`` as JSON: ``{"seat": 1, "kind": "bid", "value": 3}``
    (``card`` for a decision that names one, ``value`` for one that has one)."""
    entry: dict[str, Any] = {"seat": action.seat, "kind": action.kind}
    if action.card is not None:
        entry["card"] = str(action.card)
    if action.value is not None:
        entry["value"] = action.value
    return entry


@dataclass(frozen=True)
class DealResult:
    """A scored deal: tricks per seat, itemised points, the deal's points per side (or seat), the
    settlement, and any variant fields (``extra``)."""

    record: DealRecord
    tricks: tuple[int, ...]
    sheet: ScoreSheet
    #: The deal's points per side (or seat): ints, or exact Fractions (:data:`kozyr.Points`).
    points: tuple[Points, ...]
    settlement: Settlement
    extra: Mapping[str, Any] = field(default_factory=dict)
    #: What was checked: ``"plays"`` (every card replayed), ``"summary"`` (hands and a summary,
    #: proven possible by a legal play) or ``"outcome"`` (counts and facts only).
    checked: str = "plays"
    #: Why less was checked than the record could show (e.g. the search budget ran out).
    warnings: tuple[str, ...] = ()

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """:attr:`tricks` under the name :attr:`kozyr.Deal.tricks_won` has (a deal's ``tricks``
        are its :class:`~kozyr.Trick` objects)."""
        return self.tricks

    @override
    def __str__(self) -> str:
        """A short readable summary (the dataclass ``repr`` lists every card and item):

        >>> import kozyr
        >>> print(kozyr.replay({
        ...     "variant": "sem-listov", "options": {"players": 2}, "dealer": 0,
        ...     "hands": ["A♠ K♥ Q♥ J♥ 10♦ 9♦ A♣", "K♠ Q♠ A♥ 10♥ A♦ K♦ K♣"], "turnup": "9♠",
        ...     "trick_winners": [1, 1, 1, 0, 0, 0, 0]}))
        sem-listov deal, dealer seat 0: tricks 4 3; points by seat 8 : 6
          tricks = 8 seat 0, tricks = 6 seat 1
          settlement: net per seat 2 -2
        """
        sides = self.sheet.sides is not None
        head = (
            f"{self.record.variant} deal, dealer seat {self.record.dealer}: tricks "
            f"{' '.join(map(str, self.tricks))}; points by {'side' if sides else 'seat'} "
            f"{' : '.join(map(str, self.points))}"
        )
        items = _wrap(_items_line(self.sheet.items))
        return "\n".join([head, items, _settled(self.settlement)])

    def to_json(self) -> dict[str, Any]:
        """The ``kozyr replay --json`` object of one deal."""
        data: dict[str, Any] = {
            "tricks": list(self.tricks),
            "points": [fraction_json(p) for p in self.points],
            "items": [item.to_json() for item in self.sheet.items],
            "settlement": self.settlement.to_json(),
        }
        data.update(_jsonable(self.extra))
        data["checked"] = self.checked
        if self.warnings:
            data["warnings"] = list(self.warnings)
        return data


@dataclass(frozen=True)
class PartyRecord:
    """A party, game or rubber: several deals of one variant with the same options."""

    variant: str
    options: Mapping[str, Any]
    deals: tuple[DealRecord, ...]
    cut: Card | None = None
    fields: Mapping[str, Any] = field(default_factory=dict)
    #: Table metadata (``players``, ``date``, ``place``, ``note``), kept as written.
    meta: Mapping[str, Any] = field(default_factory=dict)
    #: The configured variant that played or read the party (not compared), as in DealRecord.
    variant_object: Variant | None = field(default=None, compare=False, repr=False, kw_only=True)

    def to_json(self, variant: Variant | None = None) -> dict[str, Any]:
        """The party as JSON data that :func:`kozyr.replay` reads back to the same result
        (``variant`` as in :meth:`DealRecord.to_json`)."""
        variant = _writer(variant, self.variant_object, self.variant)
        deals = []
        for deal in self.deals:
            data = deal.to_json(variant)
            del data["variant"], data["options"]
            deals.append(data)
        party: dict[str, Any] = {"variant": self.variant, "options": dict(self.options)}
        party.update(self.meta)
        party.update(_jsonable(self.fields))
        party["deals"] = deals
        if self.cut is not None:
            party["cut"] = str(self.cut)
        return party


@dataclass(frozen=True)
class PartyResult:
    """The scored party: each deal's result, the running totals after each deal, the winner and
    loser (seat or side; None where not decided), the settlement and variant fields."""

    deals: tuple[DealResult, ...]
    running: tuple[tuple[Any, ...], ...]
    winner: Any
    loser: Any
    settlement: Settlement
    extra: Mapping[str, Any] = field(default_factory=dict)
    #: The party record scored (set by :func:`kozyr.replay.replay_party` and
    #: :func:`kozyr.party.play_party`).
    record: PartyRecord | None = None
    #: The least any deal was checked (``"outcome"`` < ``"summary"`` < ``"plays"``).
    checked: str = "plays"
    #: A partial replay (``replay(..., partial=True)``): the error of the first bad deal; the
    #: deals before it are scored. None for a complete replay.
    error: RecordError | None = None

    @property
    def warnings(self) -> tuple[str, ...]:
        """Every deal's warnings, each with its deal number (from 1)."""
        return tuple(f"deal {i}: {w}" for i, d in enumerate(self.deals, 1) for w in d.warnings)

    @override
    def __str__(self) -> str:
        """A short readable summary: deals, winner and loser, the running totals, settlement."""
        variant = self.record.variant if self.record is not None else "party"
        running = ", ".join(" : ".join(_number(x) for x in row) for row in self.running)
        lines = [
            f"{variant} party of {len(self.deals)} deals: winner {_who(self.winner)}, "
            f"loser {_who(self.loser)}",
            _wrap(f"running: {running}"),
            _settled(self.settlement),
        ]
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        """The ``kozyr replay --json`` object of a party."""
        data: dict[str, Any] = {
            "deals": [d.to_json() for d in self.deals],
            "running": [[fraction_json(x) for x in row] for row in self.running],
            "winner": self.winner,
            "loser": self.loser,
            "settlement": self.settlement.to_json(),
        }
        data.update(_jsonable(self.extra))
        data["checked"] = self.checked
        if self.error is not None:
            data["error"] = {"path": self.error.path, "message": self.error.detail}
        return data


#: Least to most checked (a party or evening says the least of its deals).
CHECK_ORDER = ("outcome", "summary", "plays")


def least_checked(values: Iterable[str]) -> str:
    """The least of several ``checked`` values (``"plays"`` when there are none)."""
    return min(values, key=CHECK_ORDER.index, default="plays")


@dataclass(frozen=True)
class EveningRecord:
    """An evening: the parties (games, rubbers, races) one table played in order."""

    games: tuple[PartyRecord, ...]
    meta: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The evening as JSON data that :func:`kozyr.replay` reads back."""
        data: dict[str, Any] = dict(self.meta)
        data["games"] = [game.to_json() for game in self.games]
        return data


@dataclass(frozen=True)
class EveningResult:
    """The scored evening: each game's result, the players by name, each name's total across
    the evening (exact: the sum of its settlements), the games each name won, and who won each
    game (names; a side's two names in partnership games)."""

    games: tuple[PartyResult, ...]
    names: tuple[str, ...]
    totals: Mapping[str, Fraction]
    winners: tuple[tuple[str, ...], ...]
    games_won: Mapping[str, int]
    record: EveningRecord | None = None
    checked: str = "plays"
    #: As in :class:`PartyResult`: the first bad game's error in a partial replay.
    error: RecordError | None = None

    def to_json(self) -> dict[str, Any]:
        """The ``kozyr replay --json`` object of an evening."""
        data: dict[str, Any] = {
            "games": [g.to_json() for g in self.games],
            "names": list(self.names),
            "totals": {name: fraction_json(v) for name, v in self.totals.items()},
            "winners": [list(w) for w in self.winners],
            "games_won": dict(self.games_won),
            "checked": self.checked,
        }
        if self.record is not None:
            data.update(_jsonable(self.record.meta))
        if self.error is not None:
            data["error"] = {"path": self.error.path, "message": self.error.detail}
        return data


def _wrap(text: str) -> str:
    """``text`` (parts separated by ", ") wrapped to 96 columns between the parts, indented."""
    glued = ", ".join(part.replace(" ", "\u00a0") for part in text.split(", "))
    lines = textwrap.wrap(glued, 96, initial_indent="  ", subsequent_indent="    ")
    return "\n".join(lines).replace("\u00a0", " ")


def _items_line(items: Any) -> str:
    """Items in one line: ``high A♥ seat 0 (side 0)``; points shown when not 1 (``baba 3♠ 2♠ A♠
    = 3``); more than three cards are left out."""
    parts = []
    for item in items:
        text = item.name
        text += " " + " ".join(map(str, item.cards)) if 0 < len(item.cards) <= 3 else ""
        text += f" = {item.points}" if item.points != 1 else ""
        text += f" seat {item.seat}" if item.seat is not None else ""
        text += f" (side {item.side})" if item.side is not None else ""
        parts.append(text)
    return ", ".join(parts) if parts else "no items"


def _who(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, (list, tuple)):
        return " and ".join(map(str, value))
    return str(value)


def _number(value: Any) -> str:
    return str(fraction_json(value)) if isinstance(value, (int, Fraction)) else str(value)


def _settled(settlement: Settlement) -> str:
    net = settlement.net()
    if not any(net):
        return "  settlement: nothing paid"
    return "  settlement: net per seat " + " ".join(_number(x) for x in net)


def _writer(given: Variant | None, own: Variant | None, name: str) -> Variant:
    variant = given if given is not None else own
    if variant is None:
        raise TypeError(
            f"to_json() of a {name} record built by hand needs its variant: "
            f"record.to_json(kozyr.get_variant({name!r}, **record.options))"
        )
    return variant


def _jsonable(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, Fraction):
        return fraction_json(value)
    if isinstance(value, (Card, CardSet)):
        return str(value)
    return value


__all__ = [
    "CHECK_ORDER",
    "DealRecord",
    "DealResult",
    "EveningRecord",
    "EveningResult",
    "PartyRecord",
    "PartyResult",
    "least_checked",
    "log_entry",
]
