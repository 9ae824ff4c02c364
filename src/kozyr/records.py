"""Deal and party records: the JSON a person writes down from a real game, and its replay.

Loading checks everything -- known keys, card notation, card conservation, hand sizes, who
leads, the legality of every play -- and reports the first problem with its JSON path::

    $.tricks[3][2]: 9♠ is not in seat 2's hand

``replay(data)`` returns the scored :class:`DealResult` (one deal) or :class:`PartyResult`
(``{"deals": [...]}``). The format is documented in ``docs/records.md`` and described by the
JSON Schema :func:`record_schema`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from importlib import resources
from typing import Any

from kozyr.cards import _SEPARATORS, Card, _parse_token
from kozyr.cardset import CardSet
from kozyr.engine import DONE, PLAY, Deal
from kozyr.errors import CardParseError, IllegalActionError, KozyrError, OptionError, RecordError
from kozyr.scoring import ScoreSheet, Settlement, fraction_json
from kozyr.tricks import Play, Trick
from kozyr.variant import Action, Variant

CORE_DEAL_KEYS = (
    "variant",
    "options",
    "dealer",
    "hands",
    "turnup",
    "turnups",
    "tricks",
    "cut",
    "seed",
)
CORE_PARTY_KEYS = ("variant", "options", "deals", "cut")


@dataclass(frozen=True)
class DealRecord:
    """One deal as written down: hands in play, turned card(s), decisions and tricks.

    ``tricks`` is None for a summary record (the variant's summary fields say who won what).
    Tricks of a record read from JSON carry seat ``-1`` until :func:`replay` resolves them.
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

    @property
    def trump(self) -> Card | None:
        """The last turned card (its suit is trump where the variant turns one)."""
        return self.turnups[-1] if self.turnups else None

    def tricks_won(self, seats: int) -> list[int]:
        """Tricks per seat of a resolved record."""
        counts = [0] * seats
        for trick in self.tricks or ():
            if trick.winner is not None:
                counts[trick.winner] += 1
        return counts

    def to_json(self, variant: Variant | None = None) -> dict[str, Any]:
        """The record as JSON data that :func:`replay` reads back to the same result."""
        if variant is None:
            from kozyr.plugins import get_variant

            variant = get_variant(self.variant, **self.options)
        data: dict[str, Any] = {"variant": self.variant, "options": dict(self.options)}
        data["dealer"] = self.dealer
        data["hands"] = [None if h is None else h.format() for h in self.hands]
        if self.turnups:
            if len(self.turnups) == 1 and variant.turnup_key == "turnup":
                data["turnup"] = str(self.turnups[0])
            else:
                data["turnups"] = [str(c) for c in self.turnups]
        data.update(variant.write_fields(self))
        if self.tricks is not None:
            data["tricks"] = [" ".join(str(c) for c in t.cards) for t in self.tricks]
        if self.cut is not None:
            data["cut"] = str(self.cut)
        if self.seed is not None:
            data["seed"] = self.seed
        return data


class _Factory:
    """The default of a field built per instance (shown as dataclasses shows it)."""

    def __repr__(self) -> str:
        return "<factory>"


_NO_EXTRA: Any = _Factory()  # DealResult's ``extra`` not given: a new empty dict


@dataclass(frozen=True, init=False)
class DealResult:
    """A scored deal: tricks per seat, itemised points, the deal's points per side (or seat), the
    settlement, and any variant fields (``extra``).

    A frozen dataclass (fields, equality, hashing, repr as usual) with a hand-written
    ``__init__`` that fills the instance dict directly: every scored deal builds one, and this is
    about twice as quick as the generated frozen ``__init__`` (one ``object.__setattr__`` call
    per field).
    """

    record: DealRecord
    tricks: tuple[int, ...]
    sheet: ScoreSheet
    points: tuple[int, ...]
    settlement: Settlement
    extra: Mapping[str, Any] = field(default_factory=dict)

    def __init__(
        self,
        record: DealRecord,
        tricks: tuple[int, ...],
        sheet: ScoreSheet,
        points: tuple[int, ...],
        settlement: Settlement,
        extra: Mapping[str, Any] = _NO_EXTRA,
    ) -> None:
        fields = self.__dict__  # a frozen dataclass forbids setattr, not its own dict
        fields["record"] = record
        fields["tricks"] = tricks
        fields["sheet"] = sheet
        fields["points"] = points
        fields["settlement"] = settlement
        fields["extra"] = {} if extra is _NO_EXTRA else extra

    def to_json(self) -> dict[str, Any]:
        """The ``kozyr replay --json`` object of one deal."""
        data: dict[str, Any] = {
            "tricks": list(self.tricks),
            "points": list(self.points),
            "items": [item.to_json() for item in self.sheet.items],
            "settlement": self.settlement.to_json(),
        }
        data.update(_jsonable(self.extra))
        return data


@dataclass(frozen=True)
class PartyRecord:
    """A party, game or rubber: several deals of one variant with the same options."""

    variant: str
    options: Mapping[str, Any]
    deals: tuple[DealRecord, ...]
    cut: Card | None = None
    fields: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self, variant: Variant | None = None) -> dict[str, Any]:
        """The party as JSON data that :func:`replay` reads back to the same result."""
        if variant is None:
            from kozyr.plugins import get_variant

            variant = get_variant(self.variant, **self.options)
        deals = []
        for deal in self.deals:
            data = deal.to_json(variant)
            del data["variant"], data["options"]
            deals.append(data)
        party: dict[str, Any] = {"variant": self.variant, "options": dict(self.options)}
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
    #: The party record scored (set by :func:`replay_party` and :func:`kozyr.party.play_party`).
    record: PartyRecord | None = None

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
        return data


def _jsonable(value: Any) -> Any:
    from fractions import Fraction

    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, Fraction):
        return fraction_json(value)
    if isinstance(value, (Card, CardSet)):
        return str(value)
    return value


# --- reading ----------------------------------------------------------------------------------


class RecordReader:
    """Reads fields of one JSON object, turning every problem into a :class:`RecordError` with
    the field's JSON path. Variants use it in :meth:`Variant.read_fields`."""

    def __init__(self, data: Mapping[str, Any], path: str, players: int) -> None:
        self.data = data
        self.path = path
        self.players = players

    def at(self, key: str | int) -> str:
        """The JSON path of ``key`` inside this object."""
        return f"{self.path}[{key}]" if isinstance(key, int) else f"{self.path}.{key}"

    def error(self, where: str, message: str) -> RecordError:
        """A :class:`RecordError` at path ``where``."""
        return RecordError(where, message)

    def has(self, key: str) -> bool:
        """Whether the field is present and not null."""
        return self.data.get(key) is not None

    def get(self, key: str, default: Any = None) -> Any:
        """The raw value of a field."""
        return self.data.get(key, default)

    def card(self, value: Any, where: str) -> Card:
        """One card in notation."""
        try:
            if not isinstance(value, str):
                raise CardParseError(f"expected a card in notation such as '10♥', got {value!r}")
            return _parse_token(value, None)  # the JSON path says where; no "position 0"
        except CardParseError as error:
            raise RecordError(where, str(error)) from None

    def cards(self, value: Any, where: str, *, distinct: bool = True) -> list[Card]:
        """A list of cards, as one notation string or a list of strings; paths point at a card."""
        if isinstance(value, str):
            tokens: list[Any] = [t for t in _SEPARATORS.split(value) if t]  # as parse_cards
        elif isinstance(value, list):
            tokens = value
        else:
            raise RecordError(where, f"expected cards as a string or a list, got {_kind(value)}")
        cards: list[Card] = []
        seen = 0
        for i, token in enumerate(tokens):
            card = self.card(token, f"{where}[{i}]")
            if distinct and seen & card.mask:
                raise RecordError(f"{where}[{i}]", f"{card} is listed twice")
            seen |= card.mask
            cards.append(card)
        return cards

    def seat(self, value: Any, where: str) -> int:
        """A seat number ``0..players-1``."""
        if isinstance(value, bool) or not isinstance(value, int):
            raise RecordError(where, f"expected a seat number, got {_kind(value)}")
        if not 0 <= value < self.players:
            raise RecordError(
                where, f"seat {value} is not at the table (seats 0..{self.players - 1})"
            )
        return value

    def seats(self, value: Any, where: str) -> list[int]:
        """A list of distinct seat numbers."""
        if not isinstance(value, list):
            raise RecordError(where, f"expected a list of seats, got {_kind(value)}")
        result: list[int] = []
        for i, item in enumerate(value):
            seat = self.seat(item, f"{where}[{i}]")
            if seat in result:
                raise RecordError(f"{where}[{i}]", f"seat {seat} is listed twice")
            result.append(seat)
        return result

    def choice(self, key: str, choices: Sequence[str], default: str | None = None) -> str | None:
        """A string field restricted to ``choices``."""
        value = self.data.get(key, default)
        if value is None:
            return None
        if value not in choices:
            raise RecordError(self.at(key), f"expected one of {', '.join(choices)}, got {value!r}")
        return str(value)


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    return {dict: "an object", list: "a list", str: "a string", bool: "a boolean"}.get(
        type(value), type(value).__name__
    )


def _object(value: Any, path: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise RecordError(path, f"expected an object, got {_kind(value)}")
    return value


def _variant_for(data: Mapping[str, Any], path: str) -> Variant:
    from kozyr.plugins import get_variant

    name = data.get("variant")
    if not isinstance(name, str):
        raise RecordError(f"{path}.variant", f"expected a variant name, got {_kind(name)}")
    options = data.get("options")
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise RecordError(f"{path}.options", f"expected an object, got {_kind(options)}")
    try:
        return get_variant(name, **options)
    except OptionError as error:
        raise RecordError(f"{path}.options", str(error)) from None
    except KozyrError as error:
        raise RecordError(f"{path}.variant", str(error)) from None


def read_deal(
    data: Any, variant: Variant, path: str = "$", *, inherited: bool = False
) -> DealRecord:
    """Read one deal object into a :class:`DealRecord` (syntax and card conservation only; the
    plays are checked by :func:`replay_deal`)."""
    obj = _object(data, path)
    known = set(CORE_DEAL_KEYS) | set(variant.record_fields)
    for key in obj:
        if key not in known:
            raise RecordError(
                f"{path}.{key}",
                f"unknown field for {variant.name}; known fields: {', '.join(sorted(known))}",
            )
    if inherited:
        for key in ("variant", "options"):
            if key in obj:
                raise RecordError(f"{path}.{key}", "a deal of a party takes the party's " + key)
    n = variant.players
    reader = RecordReader(obj, path, n)
    if "dealer" not in obj:
        raise RecordError(f"{path}.dealer", "missing: the dealer's seat")
    dealer = reader.seat(obj["dealer"], f"{path}.dealer")
    hands_raw = obj.get("hands")
    if not isinstance(hands_raw, list):
        raise RecordError(f"{path}.hands", f"expected a list of {n} hands, got {_kind(hands_raw)}")
    if len(hands_raw) != n:
        raise RecordError(
            f"{path}.hands", f"expected {n} hands (one per seat), got {len(hands_raw)}"
        )
    owner: dict[Card, str] = {}
    hands: list[CardSet | None] = []
    for seat, raw in enumerate(hands_raw):
        where = f"{path}.hands[{seat}]"
        if raw is None:
            hands.append(None)
            continue
        cards = reader.cards(raw, where)
        for i, card in enumerate(cards):
            if card in owner:
                raise RecordError(f"{where}[{i}]", f"{card} is also in {owner[card]}")
            owner[card] = f"seat {seat}'s hand"
        hands.append(CardSet(cards))
    if "turnup" in obj and "turnups" in obj:
        raise RecordError(f"{path}.turnups", "give either turnup or turnups, not both")
    turnups: list[Card] = []
    if obj.get("turnup") is not None:
        turnups = [reader.card(obj["turnup"], f"{path}.turnup")]
    elif obj.get("turnups") is not None:
        turnups = reader.cards(obj["turnups"], f"{path}.turnups", distinct=False)
    cut = reader.card(obj["cut"], f"{path}.cut") if obj.get("cut") is not None else None
    seed = obj.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise RecordError(f"{path}.seed", f"expected an integer, got {_kind(seed)}")
    tricks: tuple[Trick, ...] | None = None
    if obj.get("tricks") is not None:
        raw_tricks = obj["tricks"]
        if not isinstance(raw_tricks, list):
            raise RecordError(
                f"{path}.tricks", f"expected a list of tricks, got {_kind(raw_tricks)}"
            )
        parsed = []
        for t, raw in enumerate(raw_tricks):
            cards = reader.cards(raw, f"{path}.tricks[{t}]")
            parsed.append(Trick(-1, t, tuple(Play(-1, c) for c in cards)))
        tricks = tuple(parsed)
    record = DealRecord(
        variant=variant.name,
        options=dict(variant.options),
        dealer=dealer,
        hands=tuple(hands),
        turnups=tuple(turnups),
        tricks=tricks,
        decisions={},
        cut=cut,
        seed=seed,
    )
    decisions = variant.read_fields(RecordReader(obj, path, n))
    return DealRecord(**{**record.__dict__, "decisions": decisions})


def replay_deal(
    record: DealRecord,
    variant: Variant,
    context: Mapping[str, Any] | None = None,
    path: str = "$",
) -> DealResult:
    """Validate every play of a record through the engine and score it."""
    context = context or {}
    try:
        variant.check_record(record, context)
    except RecordError as error:
        raise _rebase(error, path) from None
    if record.tricks is None:
        return variant.score(record, context)
    try:
        deal = Deal.from_record(record, variant, context)
    except IllegalActionError as error:
        raise RecordError(path, str(error)) from None
    except RecordError as error:
        raise _rebase(error, path) from None

    def settle_decisions() -> None:
        while deal.phase not in (PLAY, DONE):
            try:
                where, action = variant.recorded_decision(deal, record)
            except RecordError as error:
                raise _rebase(error, path) from None
            try:
                deal.play(action)
            except IllegalActionError as error:
                raise RecordError(_join(path, where), str(error)) from None

    for t, trick in enumerate(record.tricks):
        where = f"{path}.tricks[{t}]"
        for i, play in enumerate(trick.plays):
            settle_decisions()
            if i > 0 and len(deal.tricks) > t:  # trick t is complete: this card is one too many
                raise RecordError(
                    f"{where}[{i}]",
                    f"a trick has {len(deal.tricks[t].plays)} cards (seats "
                    f"{', '.join(map(str, deal.playing))}); this one has {len(trick.plays)}",
                )
            if deal.phase == DONE:
                raise RecordError(
                    f"{where}" if i == 0 else f"{where}[{i}]",
                    f"the deal is already over after {len(deal.tricks)} tricks",
                )
            try:
                deal.play(Action(PLAY, deal.to_act, play.card))
            except IllegalActionError as error:
                raise RecordError(f"{where}[{i}]", str(error)) from None
        if len(deal.tricks) != t + 1:
            raise RecordError(
                where,
                f"a trick needs {len(deal.playing)} cards "
                f"(seats {', '.join(map(str, deal.playing))}); this one has {len(trick.plays)}",
            )
    settle_decisions()
    if deal.phase != DONE:
        raise RecordError(
            f"{path}.tricks",
            f"the record stops after {len(deal.tricks)} tricks, but the deal goes on "
            f"(seat {deal.to_act} to play)",
        )
    return variant.score(deal.record(), context)


def _join(path: str, where: str) -> str:
    return path + where[1:] if where.startswith("$") else where


def _rebase(error: RecordError, path: str) -> RecordError:
    return RecordError(_join(path, error.path), error.detail)


def read_party(data: Any, variant: Variant, path: str = "$") -> PartyRecord:
    """Read a party object (``{"variant", "options", "deals": [...]}``)."""
    obj = _object(data, path)
    extra_keys = variant.party_fields
    known = set(CORE_PARTY_KEYS) | set(extra_keys)
    for key in obj:
        if key not in known:
            raise RecordError(
                f"{path}.{key}",
                f"unknown field of a party; known fields: {', '.join(sorted(known))}",
            )
    deals_raw = obj.get("deals")
    if not isinstance(deals_raw, list) or not deals_raw:
        raise RecordError(f"{path}.deals", "expected a non-empty list of deals")
    reader = RecordReader(obj, path, variant.players)
    cut = reader.card(obj["cut"], f"{path}.cut") if obj.get("cut") is not None else None
    deals = tuple(
        read_deal(d, variant, f"{path}.deals[{i}]", inherited=True) for i, d in enumerate(deals_raw)
    )
    fields = {k: obj[k] for k in extra_keys if k in obj}
    return PartyRecord(variant.name, dict(variant.options), deals, cut, fields)


def replay_party(party: PartyRecord, variant: Variant, path: str = "$") -> PartyResult:
    """Replay each deal with the context the earlier ones give, then score the party."""
    results: list[DealResult] = []
    for i, deal in enumerate(party.deals):
        where = f"{path}.deals[{i}]"
        context = variant.party_context(party, results)
        if context is None:
            raise RecordError(where, "the party was already over before this deal")
        left = set(context.get("left", ()))
        for seat, hand in enumerate(deal.hands):
            if seat in left and hand is not None:
                raise RecordError(
                    f"{where}.hands[{seat}]", f"seat {seat} already left the party; write null"
                )
            if seat not in left and hand is None:
                raise RecordError(
                    f"{where}.hands[{seat}]",
                    f"seat {seat} is still in the party; its hand is missing",
                )
        results.append(replay_deal(deal, variant, context, where))
    try:
        return replace(variant.score_party(party, results), record=party)
    except RecordError as error:
        raise _rebase(error, path) from None


def replay(data: Any) -> DealResult | PartyResult:
    """Validate and score a record given as JSON data (a deal, or a party with ``deals``)."""
    obj = _object(data, "$")
    variant = _variant_for(obj, "$")
    if "deals" in obj:
        return replay_party(read_party(obj, variant), variant)
    return replay_deal(read_deal(obj, variant), variant)


def load(text: str) -> Any:
    """Parse JSON text, reporting a syntax error as a :class:`RecordError` at ``$``."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(
            "$", f"not valid JSON: {error.msg} at line {error.lineno} column {error.colno}"
        ) from None


def record_schema() -> dict[str, Any]:
    """The JSON Schema of deal and party records (``kozyr/schema/record.schema.json``)."""
    text = resources.files("kozyr").joinpath("schema/record.schema.json").read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


__all__ = [
    "DealRecord",
    "DealResult",
    "PartyRecord",
    "PartyResult",
    "RecordReader",
    "load",
    "read_deal",
    "read_party",
    "record_schema",
    "replay",
    "replay_deal",
    "replay_party",
]
