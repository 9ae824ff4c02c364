"""Games at the table: a party record growing deal by deal, scored by kozyr's own replay.

Every change is checked by replaying the whole game (:func:`kozyr.replay`), so the score sheet is
always the one ``kozyr replay`` prints for the exported record, and a bad deal is refused with
kozyr's located message (``$.deals[2].tricks_won[1]: …``) before anything is stored.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from kozyr.errors import KozyrError, OptionError, RecordError
from kozyr.names import check_names
from kozyr.record import DealResult, PartyRecord, PartyResult
from kozyr.registry import get_variant, manager
from kozyr.replay import replay
from kozyr.variant import Variant

MAX_NAME = 40
#: Keys of table metadata the web page keeps beside the record (``players``: one name per seat).
META_KEYS = ("players", "date", "place", "note")


def has_party_form(cls: type[Variant]) -> bool:
    """Whether a variant class scores whole parties (a game the page can keep): its own
    ``score_party``, or the core's default party form for a variant with outcome fields."""
    if cls.score_party is not Variant.score_party:
        return True
    try:
        return cls().default_party_form()
    except Exception:  # a variant that cannot be made with its defaults is not offered
        return False


def party_variants() -> list[type[Variant]]:
    """Every installed variant class (plugins included) that has a party form."""
    return [cls for cls in manager().variants() if has_party_form(cls)]


def variant_of(record: Mapping[str, Any]) -> Variant:
    """The configured variant of a stored record."""
    return get_variant(record["variant"], **dict(record.get("options") or {}))


def new_game(
    variant_name: str, options: Mapping[str, Any], players: Sequence[str], dealer: int = 0
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The empty record and the metadata of a new game; bad input raises a located
    :class:`RecordError` (``$.options``, ``$.players[2]``, ``$.dealer``)."""
    if not isinstance(variant_name, str):
        raise RecordError("$.variant", "expected a variant name")
    if not isinstance(options, Mapping):
        raise RecordError("$.options", "expected an object")
    try:
        variant = get_variant(variant_name, **dict(options))
    except OptionError as error:
        raise RecordError("$.options", str(error)) from None
    except KozyrError as error:
        raise RecordError("$.variant", str(error)) from None
    if not has_party_form(type(variant)):
        raise RecordError(
            "$.variant", f"{variant.name} has no party form; score its deals with /api/score"
        )
    names = check_players(players, variant.players)
    if isinstance(dealer, bool) or not isinstance(dealer, int):
        raise RecordError("$.dealer", "expected a seat number")
    if not 0 <= dealer < variant.players:
        raise RecordError("$.dealer", f"seat {dealer} is not at the table")
    record = {"variant": variant.name, "options": dict(variant.options), "deals": []}
    return record, {"players": names, "dealer": dealer}


def check_players(players: Any, seats: int, path: str = "$.players") -> list[str]:
    """One name per seat (at most 40 characters each), read as every kozyr record reads names
    (:func:`kozyr.names.check_names`): NFC-normalised and trimmed; a control, invisible or
    bidirectional character, a look-alike letter or two names of one player is refused."""
    return check_names(players, seats=seats, path=path, max_length=MAX_NAME)


# --- metadata in the record -------------------------------------------------------------------

_META_IN_RECORDS: bool | None = None


def records_take_metadata() -> bool:
    """Whether kozyr's record reader accepts ``players`` in a party record (issue: table
    metadata). Asked once, by reading a party with no deals and looking where it fails."""
    global _META_IN_RECORDS
    if _META_IN_RECORDS is None:
        probe = {"variant": "seven-up", "players": ["a", "b", "c", "d"], "deals": []}
        try:
            replay(probe)
            _META_IN_RECORDS = True
        except RecordError as error:
            _META_IN_RECORDS = not error.path.startswith("$.players")
        except KozyrError:
            _META_IN_RECORDS = False
    return _META_IN_RECORDS


def full_record(record: Mapping[str, Any], meta: Mapping[str, Any]) -> dict[str, Any]:
    """The record a table exports: the stored record plus its metadata where kozyr reads it."""
    data = copy.deepcopy(dict(record))
    if records_take_metadata():
        for key in META_KEYS:
            if meta.get(key) is not None and key not in data:
                data[key] = meta[key]
    return _ordered(data)


def _ordered(record: dict[str, Any]) -> dict[str, Any]:
    first = ["variant", "options", *META_KEYS]
    ordered = {key: record[key] for key in first if key in record}
    ordered.update((key, value) for key, value in record.items() if key not in ordered)
    return ordered


def split_record(data: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """A record read from a file as (stored record, metadata): metadata keys move out."""
    record = {k: v for k, v in data.items() if k not in META_KEYS or records_take_metadata()}
    meta = {k: data[k] for k in META_KEYS if k in data}
    return dict(record), meta


# --- scoring ----------------------------------------------------------------------------------


def score(record: Mapping[str, Any]) -> PartyResult | None:
    """The replayed game (None before its first deal); a bad record raises its RecordError."""
    deals = record.get("deals")
    if "deals" in record and not isinstance(deals, list):  # {} or 0 is no game (#21 item 10)
        raise RecordError("$.deals", "expected a list of deals")
    if not deals:
        return None
    try:
        result = replay(json.loads(json.dumps(record)))  # plain JSON data, as from a file
    except NotImplementedError:
        raise RecordError("$.variant", f"{record.get('variant')} has no party form") from None
    if not isinstance(result, PartyResult):  # pragma: no cover - a record with "deals"
        raise RecordError("$.deals", "expected a party record")
    return result


def canonical(record: dict[str, Any], result: PartyResult | None) -> dict[str, Any]:
    """The record as kozyr writes it (``PartyRecord.to_json``), where that replays to the same
    result; otherwise the record as given (already checked by replay)."""
    if result is None or result.record is None:
        return record
    try:
        written = result.record.to_json(variant_of(record))
        same = replay(json.loads(json.dumps(written))).to_json() == result.to_json()
    except (KozyrError, KeyError, TypeError, ValueError):
        return record
    if not same:  # pragma: no cover - a variant whose writer loses a field
        return record
    for key in record:
        if key not in written:
            written[key] = record[key]
    return _ordered(written)


@dataclass(frozen=True)
class Next:
    """What the next deal of a game looks like: its dealer and the seats still in (None when the
    game is over by its rules)."""

    over: bool
    dealer: int
    left: tuple[int, ...]
    context: Mapping[str, Any]


def next_deal(
    record: Mapping[str, Any], meta: Mapping[str, Any], result: PartyResult | None
) -> Next:
    """The dealer of the next deal, as :func:`kozyr.play_party` passes the deal: clockwise,
    skipping seats that left, the same dealer again after a void deal."""
    variant = variant_of(record)
    deals: tuple[DealResult, ...] = result.deals if result else ()
    party = (
        result.record
        if result and result.record
        else PartyRecord(variant.name, dict(variant.options), ())
    )
    context = variant.party_context(party, deals)
    if context is None:
        last = deals[-1].record.dealer if deals else 0
        return Next(True, last, (), {})
    left = left_seats(variant, context)
    previous = deals[-1] if deals else None
    dealer = variant.next_deal_dealer(previous, context, first=int(meta.get("dealer", 0)))
    return Next(False, dealer, left, context)


def party_keys(variant: Variant) -> tuple[str, ...]:
    """The fields a game (party record) takes besides its deals: ``cut`` where the variant
    settles a party with a cut card (PN5, SL19-4), and the variant's ``party_fields``."""
    keys = ("cut",) if type(variant).party_cut is not Variant.party_cut else ()
    return (*keys, *variant.party_fields)


def left_seats(variant: Variant, context: Mapping[str, Any]) -> tuple[int, ...]:
    """The seats not dealt in to the next deal (:meth:`Variant.seats_in`: a race's finishers)."""
    dealt = set(variant.seats_in(context))
    return tuple(seat for seat in range(variant.players) if seat not in dealt)


def with_deal(record: Mapping[str, Any], deal: Any, index: int | None = None) -> dict[str, Any]:
    """A copy of ``record`` with ``deal`` appended (or put at ``index``)."""
    new = copy.deepcopy(dict(record))
    deals = list(new.get("deals") or [])
    if index is None:
        deals.append(deal)
    else:
        deals[index] = deal
    new["deals"] = deals
    return new


def columns(variant: Variant, players: Sequence[str], result: PartyResult | None) -> list[str]:
    """The score sheet's column heads: a side (its players' names) or a player."""
    width = len(result.running[0]) if result and result.running else None
    sides = variant.sides
    if sides and (width is None or width == len(sides)):
        return [" & ".join(players[s] for s in side) for side in sides]
    return list(players)


def number(value: Any) -> str:
    """A score as the sheet prints it (fractions exactly, as ``3/2``)."""
    if isinstance(value, Fraction):
        return str(value.numerator) if value.denominator == 1 else str(value)
    if isinstance(value, bool) or value is None:
        return "" if value is None else str(value).lower()
    return str(value)


def who(value: Any, heads: Sequence[str]) -> str:
    """A winner or loser (a column number, a list of them, or None) in names."""
    if value is None:
        return ""
    if isinstance(value, (list, tuple)):
        return ", ".join(who(v, heads) for v in value)
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(heads):
        return heads[value]
    return str(value)


__all__ = [
    "META_KEYS",
    "Next",
    "canonical",
    "check_players",
    "columns",
    "full_record",
    "has_party_form",
    "left_seats",
    "new_game",
    "next_deal",
    "number",
    "party_keys",
    "party_variants",
    "records_take_metadata",
    "score",
    "split_record",
    "variant_of",
    "who",
    "with_deal",
]
