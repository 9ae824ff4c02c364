"""Records as JSON: reading deal and party objects (:func:`read_deal`, :func:`read_party`), the
JSON text itself (:func:`load`) and the JSON Schema (:func:`record_schema`).

Reading checks the syntax -- known keys, card notation, card conservation, hand sizes, seats --
and reports the first problem with its JSON path::

    $.hands[2][3]: 9♠ is also in seat 0's hand

The plays are checked by :mod:`kozyr.replay`. Writing is ``DealRecord.to_json(variant)`` and
``PartyRecord.to_json(variant)`` (:mod:`kozyr.record`). The format is documented in
``docs/records.md``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from importlib import resources
from typing import Any

from kozyr.budget import check_budget
from kozyr.cards import JOKER_MASK, JOKERS, Card, _parse_token, _tokens
from kozyr.cardset import CardSet
from kozyr.errors import CardParseError, InputLimitError, KozyrError, OptionError, RecordError
from kozyr.jsontext import key_path, load_bytes, loads
from kozyr.limits import DEFAULT_LIMITS, Limits, shorten
from kozyr.names import check_names, check_text
from kozyr.outcome import field_names
from kozyr.record import DealRecord, EveningRecord, PartyRecord
from kozyr.registry import get_variant
from kozyr.tricks import Play, Trick
from kozyr.variant import Action, OptionSpec, Variant

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
    "players",
    "date",
    "place",
    "note",
)
#: The key of a record's decision log (:attr:`kozyr.Variant.decision_log`), and the keys of
#: one logged decision.
LOG_KEY = "log"
LOG_ENTRY_KEYS = ("seat", "kind", "card", "value")
CORE_PARTY_KEYS = (
    "variant",
    "options",
    "deals",
    "cut",
    "players",
    "date",
    "place",
    "note",
    "lang",
)
#: Table metadata: allowed on deals, parties and evenings, kept through replay and ``to_json``.
META_KEYS = ("players", "date", "place", "note")
CORE_EVENING_KEYS = ("games", "variant", "options", *META_KEYS, "lang")
#: The languages a party or evening may say it is kept in (``lang``, written by kozyr keep).
RECORD_LANGS = ("ru", "en")


class RecordReader:
    """Reads fields of one JSON object, turning every problem into a :class:`RecordError` with
    the field's JSON path. Variants use it in :meth:`Variant.read_fields`."""

    def __init__(
        self,
        data: Mapping[str, Any],
        path: str,
        players: int,
        limits: Limits | None = None,
        *,
        variant: Variant | None = None,
    ) -> None:
        self.data = data
        self.path = path
        self.players = players
        #: The input limits (:class:`kozyr.limits.Limits`); ``cards`` bounds one card list.
        self.limits = limits or DEFAULT_LIMITS
        #: The variant read for: its :attr:`~kozyr.Variant.deck_jokers` say which jokers a card
        #: may be (none without a variant).
        self.variant = variant
        jokers = variant.deck_jokers if variant is not None else 0
        self._no_jokers = JOKER_MASK & ~sum(j.mask for j in JOKERS[:jokers])

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
                raise CardParseError(
                    f"expected a card in notation such as '10♥', got {_kind(value)}"
                )
            card = _parse_token(value, None)  # the JSON path says where; no "position 0"
        except CardParseError as error:
            raise RecordError(where, str(error)) from None
        if card.mask & self._no_jokers:
            game = self.variant.name if self.variant is not None else "this game"
            if self.variant is not None and self.variant.deck_jokers:
                raise RecordError(
                    where, f"the joker {card} is not in the deck of {game}: it has one joker, 🃏"
                )
            raise RecordError(where, f"the joker {card} is not in the deck of {game}: no jokers")
        return card

    def cards(self, value: Any, where: str, *, distinct: bool = True) -> list[Card]:
        """A list of cards, as one notation string or a list of strings; paths point at a card."""
        limit = self.limits.cards
        if isinstance(value, str):
            tokens: Iterable[Any] = _tokens(value, limit)  # read lazily, as parse_cards does
        elif isinstance(value, list):
            if len(value) > limit:
                raise InputLimitError(
                    f"{len(value):,} cards; at most {limit:,} are read (limit cards, --max-cards)",
                    limit="cards",
                    path=where,
                )
            tokens = value
        else:
            raise RecordError(where, f"expected cards as a string or a list, got {_kind(value)}")
        cards: list[Card] = []
        seen = 0
        try:
            for i, token in enumerate(tokens):
                card = self.card(token, f"{where}[{i}]")
                if distinct and seen & card.mask:
                    raise RecordError(f"{where}[{i}]", f"{card} is listed twice")
                seen |= card.mask
                cards.append(card)
        except InputLimitError as error:
            raise InputLimitError(error.detail, limit=error.limit, path=where) from None
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
            raise RecordError(
                self.at(key),
                f"expected one of {', '.join(choices)}, got {_shown(value)}",
            )
        return str(value)


def _shown(value: Any) -> str:
    """A JSON value as quoted in a message (a long one cut short)."""
    if isinstance(value, str):
        return shorten(value)
    text = repr(value)
    return text if len(text) <= 48 else text[:48] + "…"


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


def read_meta(obj: Mapping[str, Any], path: str, players: int | None) -> dict[str, Any]:
    """The table metadata of a deal, party or evening: ``players`` (one name per seat, through
    :func:`kozyr.names.check_names`: NFC-normalised and trimmed, no control, invisible or
    bidirectional character, no two the same player; ``players`` None: any number, an evening),
    ``date``, ``place``, ``note`` (text with no lone surrogate or control character; a note may
    hold newlines -- :func:`kozyr.names.check_text`), and a party's or evening's ``lang`` (the
    language ``kozyr keep`` asks in: ``ru`` or ``en``). A problem is a
    :class:`~kozyr.errors.TextError` at its path."""
    meta: dict[str, Any] = {}
    for key in ("date", "place", "note"):
        if key in obj:
            meta[key] = check_text(obj[key], path=f"{path}.{key}", multiline=key == "note")
    if "players" in obj:
        meta["players"] = check_names(obj["players"], seats=players, path=f"{path}.players")
    if "lang" in obj:  # a party's or evening's: the language kozyr keep asks in
        if obj["lang"] not in RECORD_LANGS:
            raise RecordError(
                f"{path}.lang",
                f"expected one of {', '.join(RECORD_LANGS)}, got {_shown(obj['lang'])}",
            )
        meta["lang"] = obj["lang"]
    return meta


def variant_for(data: Mapping[str, Any], path: str = "$") -> Variant:
    """The configured variant a record object names (``variant`` and ``options``), a bad name or
    option reported as a :class:`RecordError` at its path."""
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
    data: Any,
    variant: Variant,
    path: str = "$",
    *,
    inherited: bool = False,
    limits: Limits | None = None,
) -> DealRecord:
    """Read one deal object into a :class:`DealRecord` (syntax and card conservation only; the
    plays are checked by :func:`replay_deal`). ``limits`` bounds the tricks and the cards of one
    list (:class:`kozyr.limits.Limits`); a longer list fails before any of it is read."""
    limits = limits or DEFAULT_LIMITS
    obj = _object(data, path)
    known = (
        set(CORE_DEAL_KEYS) | set(variant.record_fields) | set(field_names(variant.outcome_fields))
    )
    if variant.decision_log:
        known.add(LOG_KEY)
    for key in obj:
        if key not in known:
            raise RecordError(
                key_path(path, key),
                f"unknown field for {variant.name}; known fields: {', '.join(sorted(known))}",
            )
    if inherited:
        for key in ("variant", "options"):
            if key in obj:
                raise RecordError(f"{path}.{key}", "a deal of a party takes the party's " + key)
    n = variant.players
    reader = RecordReader(obj, path, n, limits, variant=variant)
    if "dealer" not in obj:
        raise RecordError(f"{path}.dealer", "missing: the dealer's seat")
    dealer = reader.seat(obj["dealer"], f"{path}.dealer")
    hands_raw = obj.get("hands")
    outcome = hands_raw is None and obj.get("tricks") is None
    if outcome and not variant.outcome_fields:
        raise RecordError(
            f"{path}.hands",
            f"missing: {variant.name} has no outcome records (no hands, no tricks); give the hands",
        )
    if outcome:
        hands_raw = []
    elif not isinstance(hands_raw, list):
        raise RecordError(f"{path}.hands", f"expected a list of {n} hands, got {_kind(hands_raw)}")
    if len(hands_raw) != n and not outcome:
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
    if seed is not None and seed < 0:
        raise RecordError(f"{path}.seed", f"seed {seed}: seeds are 0 or more")
    tricks: tuple[Trick, ...] | None = None
    if obj.get("tricks") is not None:
        raw_tricks = obj["tricks"]
        if not isinstance(raw_tricks, list):
            raise RecordError(
                f"{path}.tricks", f"expected a list of tricks, got {_kind(raw_tricks)}"
            )
        if len(raw_tricks) > limits.tricks:
            raise InputLimitError(
                f"{len(raw_tricks):,} tricks; a deal has at most {limits.tricks} "
                "(limit tricks, --max-tricks)",
                limit="tricks",
                path=f"{path}.tricks",
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
        meta=read_meta(obj, path, n),
        variant_object=variant,
    )
    log: tuple[Action, ...] = ()
    if obj.get(LOG_KEY) is not None:
        if outcome:
            raise RecordError(
                f"{path}.{LOG_KEY}",
                "an outcome record (no hands, no tricks) has no decision log",
            )
        log = read_log(obj[LOG_KEY], variant, f"{path}.{LOG_KEY}", limits)
    decisions = variant.read_fields(RecordReader(obj, path, n, limits, variant=variant))
    return replace(record, decisions=decisions, log=log)


def read_log(
    data: Any, variant: Variant, path: str, limits: Limits | None = None
) -> tuple[Action, ...]:
    """Read a record's decision log (its ``log``): a list of ``{"seat", "kind"[, "card"][,
    "value"]}`` objects, each checked against the variant's :attr:`~kozyr.Variant.decision_log`
    -- a kind it does not declare, a seat not at the table, a missing, extra or mistyped value
    or card is a :class:`RecordError` at its path (``$.log[2].value``). Whether each decision is
    legal is checked by the replay, through the variant's ``decision_actions``."""
    limits = limits or DEFAULT_LIMITS
    kinds = {k.kind: k for k in variant.decision_log}
    if not isinstance(data, list):
        raise RecordError(path, f"expected a list of decisions, got {_kind(data)}")
    reader = RecordReader({}, path, variant.players, limits, variant=variant)
    log: list[Action] = []
    for i, raw in enumerate(data):
        where = f"{path}[{i}]"
        entry = _object(raw, where)
        for key in entry:
            if key not in LOG_ENTRY_KEYS:
                raise RecordError(
                    key_path(where, key),
                    f"unknown field of a decision; known fields: {', '.join(LOG_ENTRY_KEYS)}",
                )
        if "seat" not in entry:
            raise RecordError(f"{where}.seat", "missing: the seat that decides")
        seat = reader.seat(entry["seat"], f"{where}.seat")
        name = entry.get("kind")
        if not isinstance(name, str):
            raise RecordError(f"{where}.kind", f"expected a kind of decision, got {_kind(name)}")
        kind = kinds.get(name)
        if kind is None:
            raise RecordError(
                f"{where}.kind",
                f"{_shown(name)} is not a decision of {variant.name}; its decisions: "
                + ", ".join(kinds),
            )
        card = reader.card(entry["card"], f"{where}.card") if "card" in entry else None
        rule = f" ({kind.rule})" if kind.rule else ""
        value = entry.get("value")
        if value is not None and not isinstance(value, (int, str)):  # a JSON scalar of its type
            shown = repr(value) if isinstance(value, float) else _kind(value)
            expected = "an integer" if kind.value is int else "a string"
            raise RecordError(
                f"{where}.value",
                (
                    f"{name} takes no value"
                    if kind.value is None
                    else f"the value of {name} is {expected}, not {shown}"
                )
                + rule,
            )
        action = Action(name, seat, card, value)
        problem = kind.problem(action)
        if problem is not None:
            raise RecordError(f"{where}.{problem[0]}", problem[1] + rule)
        log.append(action)
    return tuple(log)


def _read_in_budget(raw: Any, variant: Variant, path: str, limits: Limits | None) -> DealRecord:
    check_budget(path)  # a web request's time budget (kozyr.budget), once per deal
    return read_deal(raw, variant, path, inherited=True, limits=limits)


def read_party(
    data: Any, variant: Variant, path: str = "$", *, limits: Limits | None = None
) -> PartyRecord:
    """Read a party object (``{"variant", "options", "deals": [...]}``)."""
    obj = _object(data, path)
    extra_keys = variant.party_fields
    known = set(CORE_PARTY_KEYS) | set(extra_keys)
    for key in obj:
        if key not in known:
            raise RecordError(
                key_path(path, key),
                f"unknown field of a party; known fields: {', '.join(sorted(known))}",
            )
    deals_raw = obj.get("deals")
    if not isinstance(deals_raw, list) or not deals_raw:
        raise RecordError(f"{path}.deals", "expected a non-empty list of deals")
    reader = RecordReader(obj, path, variant.players, limits, variant=variant)
    cut = reader.card(obj["cut"], f"{path}.cut") if obj.get("cut") is not None else None
    deals = tuple(
        _read_in_budget(d, variant, f"{path}.deals[{i}]", limits) for i, d in enumerate(deals_raw)
    )
    fields = {k: obj[k] for k in extra_keys if k in obj}
    return PartyRecord(
        variant.name,
        dict(variant.options),
        deals,
        cut,
        fields,
        meta=read_meta(obj, path, variant.players),
        variant_object=variant,
    )


def party_keys(obj: Mapping[str, Any], variant: Variant, path: str) -> None:
    """Reject the keys a party object may not have."""
    known = set(CORE_PARTY_KEYS) | set(variant.party_fields)
    for key in obj:
        if key not in known:
            raise RecordError(
                f"{path}.{key}",
                f"unknown field of a party; known fields: {', '.join(sorted(known))}",
            )


def evening_games(
    data: Any, path: str = "$"
) -> tuple[dict[str, Any], list[tuple[dict[str, Any], str]]]:
    """An evening object's metadata and its games as party objects with their paths; a game
    without ``variant`` / ``options`` / ``players`` takes the evening's."""
    obj = _object(data, path)
    for key in obj:
        if key not in CORE_EVENING_KEYS:
            known = ", ".join(sorted(CORE_EVENING_KEYS))
            raise RecordError(
                f"{path}.{key}", f"unknown field of an evening; known fields: {known}"
            )
    meta = read_meta(obj, path, None)
    games = obj.get("games")
    if not isinstance(games, list) or not games:
        raise RecordError(f"{path}.games", "expected a non-empty list of games (parties)")
    out: list[tuple[dict[str, Any], str]] = []
    for i, raw in enumerate(games):
        where = f"{path}.games[{i}]"
        game = dict(_object(raw, where))
        if "deals" not in game:
            raise RecordError(
                f"{where}.deals", "missing: a game of an evening is a party with deals"
            )
        for key in ("variant", "options", "players"):
            if key not in game and key in obj:
                game[key] = obj[key]
        out.append((game, where))
    return meta, out


def read_evening(data: Any, path: str = "$") -> EveningRecord:
    """Read an evening object (``{"games": [party, ...]}``)."""
    meta, games = evening_games(data, path)
    parties = tuple(read_party(g, variant_for(g, where), where) for g, where in games)
    return EveningRecord(parties, meta)


def load(text: str | bytes, *, limits: Limits | None = None) -> Any:
    """Parse JSON text (or UTF-8 bytes) strictly and within ``limits``
    (:mod:`kozyr.jsontext`): a syntax error, a repeated key, ``NaN``, bytes that are not UTF-8
    or a binary file is a :class:`RecordError` with its JSON path, line and column; a record
    over a limit (bytes, nesting, digits of a number) an :class:`InputLimitError`."""
    limits = limits or DEFAULT_LIMITS
    if isinstance(text, (bytes, bytearray)):
        return load_bytes(bytes(text), limits)
    return loads(text, limits)


def record_schema() -> dict[str, Any]:
    """The JSON Schema of deal, party and evening records: the shapes of
    ``kozyr/schema/record.schema.json`` and, generated from every installed variant's
    declarations, each variant's keys, options (:class:`~kozyr.variant.OptionSpec`), seat ranges
    and list lengths per player count, and outcome fields (``Variant.outcome_fields``)."""
    text = resources.files("kozyr").joinpath("schema/record.schema.json").read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    from kozyr.registry import variants

    installed = []
    parts = []
    for cls in variants():
        try:  # one plugin's broken declaration never breaks the schema of the others (#23)
            parts.append(_variant_schema(cls))
        except Exception:
            continue
        installed.append(cls)
    known = "|".join(_any_case(n) for cls in installed for n in (cls.name, *cls.aliases))
    schema["$defs"]["variants"] = {
        "properties": {"variant": {"pattern": f"^\\s*(?:{known})\\s*$"}},
        "allOf": parts,
    }
    return schema


def _any_case(text: str) -> str:
    """A regex matching ``text`` in any case, a hyphen also as spaces or underscores (as the
    registry reads names; JSON Schema patterns have no flags)."""
    out = []
    for char in text:
        low, up = char.lower(), char.upper()
        if char == "-":
            out.append("[-_\\s]+")
        else:
            out.append(f"[{low}{up}]" if low != up else re.escape(char))
    return "".join(out)


def _name_pattern(cls: type[Variant]) -> str:
    parts = [_any_case(n) for n in (cls.name, *cls.aliases)]
    return "^\\s*(?:" + "|".join(parts) + ")\\s*$"


#: JSON Schema's type of an option, by the type name ``OptionSpec.to_json`` gives.
_SCHEMA_TYPES = {"int": "integer", "bool": "boolean", "str": "string"}


def _option_schema(spec: OptionSpec) -> dict[str, Any]:
    """The JSON Schema of one option, read from the option's one JSON description
    (:meth:`OptionSpec.to_json`, what ``kozyr rules --json`` and ``/api/variants`` give)."""
    data = spec.to_json()
    one: dict[str, Any] = {
        "type": _SCHEMA_TYPES.get(data["type"], "string"),
        "description": f"{data['doc']} ({data['rule']})",
    }
    if data["allowed"] is not None:
        one["enum"] = data["allowed"]
    for bound in ("minimum", "maximum"):
        if data[bound] is not None:
            one[bound] = data[bound]
    return one


def _variant_schema(cls: type[Variant]) -> dict[str, Any]:
    """``if`` the record names this variant, ``then`` its options, keys and, per player count,
    its seat ranges, list lengths and outcome fields."""
    default = cls()
    options = {
        "type": "object",
        "properties": {spec.name: _option_schema(spec) for spec in cls.options_spec},
        "additionalProperties": False,
    }
    counts = []
    for n in cls.player_counts or (default.players,):
        try:
            variant = cls(players=n) if "players" in default.options else default
        except KozyrError:
            continue
        given = {"type": "object", "required": ["players"], "properties": {"players": {"const": n}}}
        chosen: dict[str, Any] = {"properties": {"options": given}, "required": ["options"]}
        if n == default.players:  # no players option given: the default count
            chosen = {"anyOf": [chosen, {"not": {"required": ["options"], "properties": {
                "options": {"type": "object", "required": ["players"]}}}}]}  # fmt: skip
        counts.append({"if": chosen, "then": _sized(variant, n)})
    return {
        "if": {"properties": {"variant": {"pattern": _name_pattern(cls)}}, "required": ["variant"]},
        "then": {
            "properties": {"options": {"anyOf": [{"type": "null"}, options]}},
            "allOf": counts,
        },
    }


def _log_schema(variant: Variant, seat: dict[str, Any]) -> dict[str, Any]:
    """The ``log`` of a variant's records: each decision one of its declared kinds, with a
    value of the declared type (integer or text) or none, a card or none."""
    entries = []
    for kind in variant.decision_log:
        props: dict[str, Any] = {"seat": seat, "kind": {"const": kind.kind}}
        required = ["seat", "kind"]
        if kind.value is None:
            props["value"] = {"type": "null"}
        else:
            props["value"] = {"type": "integer" if kind.value is int else "string"}
            required.append("value")
        if kind.card:
            props["card"] = {"$ref": "#/$defs/card"}
            required.append("card")
        else:
            props["card"] = False
        entries.append(
            {
                "type": "object",
                "properties": props,
                "required": required,
                "additionalProperties": False,
            }
        )
    return {"type": ["array", "null"], "items": {"oneOf": entries}}


def _sized(variant: Variant, n: int) -> dict[str, Any]:
    sides = 2 if variant.sides else None
    seat = {"type": "integer", "minimum": 0, "maximum": n - 1}
    names = {"type": "array", "minItems": n, "maxItems": n, "uniqueItems": True,
             "items": {"type": "string", "pattern": "\\S"}}  # fmt: skip
    outcome = {f.name: f.schema(n, sides) for f in variant.outcome_fields if not f.core}
    for f in variant.outcome_fields:
        for alias in f.aliases:
            outcome[alias] = outcome.get(f.name, {})
    keys = set(CORE_DEAL_KEYS) | set(variant.record_fields) | set(outcome)
    deal_props: dict[str, Any] = {k: True for k in keys}
    deal_props.update(
        {
            "dealer": seat,
            "hands": {"type": "array", "minItems": n, "maxItems": n},
            "players": names,
        }
    )
    if variant.decision_log:
        deal_props[LOG_KEY] = _log_schema(variant, seat)
        outcome[LOG_KEY] = {"type": "null"}  # an outcome record has no log
    given = [
        {"required": [k], "properties": {k: {"not": {"type": "null"}}}} for k in ("hands", "tricks")
    ]
    deal = {
        "properties": deal_props,
        "additionalProperties": False,
        # an outcome record (no hands, no tricks): the declared outcome fields
        "if": {"not": {"anyOf": given}},
        "then": {
            "properties": outcome,
            "required": [f.name for f in variant.outcome_fields if f.required and not f.core],
        },
    }
    party_keys_ = set(CORE_PARTY_KEYS) | set(variant.party_fields)
    party_props: dict[str, Any] = {k: True for k in party_keys_}
    party_props.update({"players": names, "deals": {"items": deal}})
    return {
        "if": {"required": ["deals"]},
        "then": {"properties": party_props, "additionalProperties": False},
        "else": deal,
    }


__all__ = [
    "CORE_DEAL_KEYS",
    "CORE_PARTY_KEYS",
    "LOG_KEY",
    "RecordReader",
    "load",
    "read_deal",
    "read_log",
    "read_party",
    "record_schema",
    "variant_for",
]
