"""Outcome fields: what a scorekeeper writes down at a real table, declared once per variant.

An **outcome record** holds no hands and no tricks, only the facts a table sees at the end of a
deal (tricks taken per seat, who scored High, the cards of the combinations shown...). A variant
declares those facts as a tuple of :class:`OutcomeField` (``Variant.outcome_fields``); from that
one declaration come

* the reading and checking of the fields in a record (:meth:`OutcomeField.read`, with the JSON
  path and the rule id in every message),
* their JSON Schema (:meth:`OutcomeField.schema`, used by :func:`kozyr.record_schema`),
* the questions an interactive scorekeeper asks and how a typed answer becomes a value
  (:attr:`OutcomeField.label_ru`, :attr:`OutcomeField.label_en`, :meth:`OutcomeField.parse`),
  and the fields of a web form.

Facts that depend on each other (the tricks add up to a deal, the turn-ups agree with the beg)
are the variant's to check (``Variant.check_record``); a field checks only its own shape.

>>> field = OutcomeField("tricks_won", "count", "Взятки", "Tricks won", "SL-C14",
...                      per="seat", nullable=True, minimum=0, maximum=7)
>>> field.parse("3 0 - 4", players=4)
[3, 0, None, 4]
>>> field.schema(players=4)["minItems"]
4
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kozyr.errors import RecordError

if TYPE_CHECKING:
    from kozyr.records import RecordReader

#: The kinds of value a field holds.
KINDS = ("seat", "side", "count", "choice", "cards", "seats", "flag")
#: How a field is laid out: one value, or a list with one value per seat or per side.
LAYOUTS = (None, "seat", "side")
#: Answers that mean "nobody" / null when typed.
NULL_WORDS = frozenset({"-", "—", "null", "none", "nobody", "нет", "никто", ""})
_TRUE = frozenset({"true", "yes", "y", "да", "д", "1"})
_FALSE = frozenset({"false", "no", "n", "нет", "н", "0"})

#: What a result says was checked (issue: every result carries it).
PLAYS = "plays"  # every card replayed through the rules
SUMMARY = "summary"  # hands and a summary, proven possible by a legal play
OUTCOME = "outcome"  # counts and facts only
CHECKED = (PLAYS, SUMMARY, OUTCOME)


@dataclass(frozen=True, slots=True)
class OutcomeField:
    """One fact of an outcome record.

    ``kind`` is one of :data:`KINDS`: ``seat`` (a seat number), ``side`` (a side of C5, or a
    seat where nobody plays in sides), ``count`` (a whole number in ``minimum..maximum``),
    ``choice`` (one of ``choices``), ``cards`` (cards in notation), ``seats`` (a list of
    distinct seats), ``flag`` (true or false). ``per`` is ``"seat"`` or ``"side"`` for a list
    with one value per seat (per side); ``nullable`` allows ``null`` for the value (or for each
    entry of the list). ``required`` says whether a record must give it; an optional field may
    still be required by the variant when the facts need it (``first_to_21``), and the variant's
    message then names the field. ``core`` marks a core record field (``dealer``, ``turnups``)
    that the reader reads itself: it is declared so that prompts and forms ask for it too.
    ``total`` (a per-seat or per-side ``count``): what the entries add up to when none is null
    -- the tricks of a deal, the four aces of a pack -- checked wherever the field is read, so a
    variant needs no ``check_record`` code for it (a deal's own total comes from
    :meth:`kozyr.Variant.deal_outcome_fields`).

    >>> aces = OutcomeField("aces", "count", "Тузы", "Aces taken", "TR5", per="side", total=4)
    >>> aces.check([1, 2], "$.aces", 4, 2)
    Traceback (most recent call last):
    ...
    kozyr.errors.RecordError: $.aces: 1 + 2 = 3, but the aces taken add up to 4 (TR5)
    """

    name: str
    kind: str
    label_ru: str
    label_en: str
    rule: str
    per: str | None = None
    nullable: bool = False
    required: bool = True
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()
    default: Any = None
    doc: str = ""
    core: bool = False
    aliases: tuple[str, ...] = ()
    total: int | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"outcome field {self.name}: unknown kind {self.kind!r}")
        if self.per not in LAYOUTS:
            raise ValueError(f"outcome field {self.name}: unknown layout {self.per!r}")
        if self.kind == "choice" and not self.choices:
            raise ValueError(f"outcome field {self.name}: a choice needs its choices")
        if self.total is not None and (self.kind != "count" or self.per is None):
            raise ValueError(
                f"outcome field {self.name}: a total is for a per-seat or per-side count"
            )

    # --- sizes ---------------------------------------------------------------------------------

    def length(self, players: int, sides: int | None = None) -> int | None:
        """Entries of a per-seat or per-side list (None for a single value)."""
        if self.per == "seat":
            return players
        if self.per == "side":
            return sides if sides is not None else players
        return None

    def _limit(self, players: int, sides: int | None) -> tuple[int | None, int | None]:
        if self.kind == "seat":
            return 0, players - 1
        if self.kind == "side":
            return 0, (sides if sides is not None else players) - 1
        return self.minimum, self.maximum

    # --- reading -------------------------------------------------------------------------------

    def read(self, reader: RecordReader, sides: int | None = None) -> Any:
        """The field's value from a record (``default`` when absent and optional), checked for
        shape, type and range; a problem is a :class:`RecordError` at the field's JSON path."""
        where = reader.at(self.name)
        present = [key for key in (self.name, *self.aliases) if key in reader.data]
        if not present:
            if self.required:
                raise RecordError(where, f"missing: {self.describe()}")
            return self.default
        key = present[0]
        where = reader.at(key)
        raw = reader.get(key)
        size = self.length(reader.players, sides)
        if size is None:
            return self._value(raw, where, reader, sides)
        if not isinstance(raw, list):
            raise RecordError(
                where, f"expected a list with one entry per {self.per} ({size}), got {_kind(raw)}"
            )
        if len(raw) != size:
            raise RecordError(
                where, f"expected {size} entries (one per {self.per}), got {len(raw)} ({self.rule})"
            )
        values = [self._value(v, f"{where}[{i}]", reader, sides) for i, v in enumerate(raw)]
        self._check_total(values, where)
        return values

    def _check_total(self, values: Sequence[Any], where: str) -> None:
        """The entries add up to :attr:`total` (unless one is null)."""
        if self.total is None or any(v is None for v in values):
            return
        added = sum(values)
        if added != self.total:
            what = self.label_en[:1].lower() + self.label_en[1:]
            raise RecordError(
                where,
                f"{' + '.join(map(str, values))} = {added}, but the {what} add up to "
                f"{self.total} ({self.rule})",
            )

    def _value(self, raw: Any, where: str, reader: RecordReader, sides: int | None) -> Any:
        if raw is None:
            if self.nullable:
                return None
            raise RecordError(where, f"expected {self._what()}, got null ({self.rule})")
        kind = self.kind
        if kind == "cards":
            return reader.cards(raw, where)
        if kind == "seats":
            return reader.seats(raw, where)
        if kind == "flag":
            if not isinstance(raw, bool):
                raise RecordError(where, f"expected true or false, got {_kind(raw)}")
            return raw
        if kind == "choice":
            if raw not in self.choices:
                raise RecordError(
                    where, f"expected one of {', '.join(self.choices)}, got {raw!r} ({self.rule})"
                )
            return str(raw)
        if isinstance(raw, bool) or not isinstance(raw, int):
            raise RecordError(where, f"expected {self._what()}, got {_kind(raw)}")
        low, high = self._limit(reader.players, sides)
        if (low is not None and raw < low) or (high is not None and raw > high):
            if kind == "seat":
                raise RecordError(
                    where, f"seat {raw} is not at the table (seats 0..{reader.players - 1})"
                )
            span = f"{low if low is not None else ''}..{high if high is not None else ''}"
            raise RecordError(where, f"{raw} is out of range {span} ({self.rule})")
        return raw

    def check(self, value: Any, where: str, players: int, sides: int | None = None) -> None:
        """Check a value already read (by this field or one of the same name and shape)
        against this field's own range, choices and ``nullable`` -- the bounds of one deal
        (:meth:`kozyr.Variant.deal_outcome_fields`): a :class:`RecordError` at ``where``.

        >>> three = OutcomeField("tricks_won", "count", "Взятки", "Tricks", "OH2", per="seat",
        ...                      maximum=3)
        >>> three.check([1, 2, 0], "$.deals[4].tricks_won", 3)
        >>> three.check([1, 5, 0], "$.deals[4].tricks_won", 3)
        Traceback (most recent call last):
        ...
        kozyr.errors.RecordError: deal 5 ($.deals[4].tricks_won[1]): 5 is out of range ..3 (OH2)
        """
        if self.length(players, sides) is not None and isinstance(value, list):
            for i, entry in enumerate(value):
                self._check_one(entry, f"{where}[{i}]", players, sides)
            self._check_total(value, where)
        else:
            self._check_one(value, where, players, sides)

    def _check_one(self, value: Any, where: str, players: int, sides: int | None) -> None:
        if value is None:
            if not self.nullable:
                raise RecordError(where, f"expected {self._what()}, got null ({self.rule})")
            return
        if self.kind == "choice" and value not in self.choices:
            raise RecordError(
                where, f"expected one of {', '.join(self.choices)}, got {value!r} ({self.rule})"
            )
        if self.kind == "count" and isinstance(value, int):
            low, high = self.minimum, self.maximum
            if (low is not None and value < low) or (high is not None and value > high):
                span = f"{low if low is not None else ''}..{high if high is not None else ''}"
                raise RecordError(where, f"{value} is out of range {span} ({self.rule})")

    def same_shape(self, other: OutcomeField) -> bool:
        """Whether ``other`` is this field with other bounds only (name, kind, layout, core,
        required and aliases the same): what a deal's own fields may change."""
        return (self.name, self.kind, self.per, self.core, self.required, self.aliases) == (
            other.name,
            other.kind,
            other.per,
            other.core,
            other.required,
            other.aliases,
        )

    def _what(self) -> str:
        return {
            "seat": "a seat number",
            "side": "a side (0 or 1)",
            "count": "a whole number",
            "choice": "one of " + ", ".join(self.choices),
            "cards": "cards",
            "seats": "a list of seats",
            "flag": "true or false",
        }[self.kind]

    def describe(self, lang: str = "en") -> str:
        """The field in words, for messages and prompts: label, rule, layout."""
        label = self.label_ru if lang == "ru" else self.label_en
        per = {"seat": " per seat", "side": " per side"}.get(self.per or "", "")
        if lang == "ru":
            per = {"seat": " по местам", "side": " по сторонам"}.get(self.per or "", "")
        return f"{self.name} ({label}{per}, {self.rule})"

    # --- typed answers -------------------------------------------------------------------------

    def parse(self, text: str, players: int, sides: int | None = None) -> Any:
        """A typed answer as the JSON value of the field (not yet checked: :meth:`read` does
        that, with the same messages as a record). Lists are separated by spaces or commas;
        ``-`` (or ``нет``) is null; a ``cards`` answer stays notation text.

        >>> OutcomeField("high", "seat", "Старший", "High", "SU6", nullable=True).parse("-", 4)
        >>> OutcomeField("beg", "choice", "Просьба", "Beg", "SU4",
        ...              choices=("stand", "give", "run")).parse(" Give ", 4)
        'give'
        """
        text = text.strip()
        if self.kind == "cards" and self.per is None:
            return text
        size = self.length(players, sides)
        if size is None and self.kind != "seats":
            return self._parse_one(text)
        if self.kind == "cards":  # per seat: entries separated by '|' or ';'
            return [
                None if p.strip().lower() in NULL_WORDS - {""} else p.strip()
                for p in re.split(r"[|;/]", text)
            ]
        tokens = [t for t in re.split(r"[\s,;]+", text) if t]
        return [self._parse_one(t) for t in tokens]

    def _parse_one(self, text: str) -> Any:
        word = text.strip().lower()
        if self.nullable and word in NULL_WORDS:
            return None
        if self.kind in ("seat", "side", "count", "seats"):  # a list of seats: each a number
            try:
                return int(word)
            except ValueError:
                return text
        if self.kind == "flag":
            if word in _TRUE:
                return True
            if word in _FALSE:
                return False
            return text
        return word if self.kind == "choice" else text

    # --- schema --------------------------------------------------------------------------------

    def schema(self, players: int, sides: int | None = None) -> dict[str, Any]:
        """The JSON Schema of the field at a table of ``players`` (``sides`` when in sides)."""
        one = self._value_schema(players, sides)
        size = self.length(players, sides)
        if size is None:
            schema = one
        else:
            schema = {"type": "array", "minItems": size, "maxItems": size, "items": one}
        schema = {
            "description": f"{self.label_en} / {self.label_ru} ({self.rule}). {self.doc}".strip(),
            **schema,
        }
        return schema

    def _value_schema(self, players: int, sides: int | None) -> dict[str, Any]:
        kind = self.kind
        schema: dict[str, Any]
        if kind == "cards":
            schema = {"$ref": "#/$defs/cards"}
        elif kind == "seats":
            schema = {
                "type": "array",
                "items": {"type": "integer", "minimum": 0, "maximum": players - 1},
                "uniqueItems": True,
            }
        elif kind == "flag":
            schema = {"type": "boolean"}
        elif kind == "choice":
            schema = {"enum": list(self.choices)}
        else:
            low, high = self._limit(players, sides)
            schema = {"type": "integer"}
            if low is not None:
                schema["minimum"] = low
            if high is not None:
                schema["maximum"] = high
        if self.nullable:
            return {"oneOf": [schema, {"type": "null"}]}
        return schema


def read_outcome(
    fields: Sequence[OutcomeField], reader: RecordReader, sides: int | None = None
) -> dict[str, Any]:
    """Read every declared, non-core field of an outcome record (absent optional ones left out)."""
    values: dict[str, Any] = {}
    for spec in fields:
        if spec.core:
            continue
        if not spec.required and not any(k in reader.data for k in (spec.name, *spec.aliases)):
            continue
        values[spec.name] = spec.read(reader, sides)
    return values


def field_names(fields: Sequence[OutcomeField]) -> tuple[str, ...]:
    """Every record key the fields use (names and aliases), core ones excluded."""
    return tuple(k for f in fields if not f.core for k in (f.name, *f.aliases))


def is_outcome(data: Mapping[str, Any]) -> bool:
    """Whether a deal object is an outcome record: no ``hands`` and no ``tricks``."""
    return data.get("hands") is None and data.get("tricks") is None


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    return {dict: "an object", list: "a list", str: "a string", bool: "a boolean"}.get(
        type(value), type(value).__name__
    )


__all__ = [
    "CHECKED",
    "OUTCOME",
    "PLAYS",
    "SUMMARY",
    "OutcomeField",
    "field_names",
    "is_outcome",
    "read_outcome",
]
