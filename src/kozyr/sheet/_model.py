"""The model of a score sheet: :class:`Sheet`, :class:`GameSheet`, :class:`Row`, :class:`Entry`,
:class:`Note`, built from scored deals, parties and evenings (:func:`build_sheet`,
:func:`sheet_of`)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, overload

from typing_extensions import override

from kozyr.budget import check_budget
from kozyr.errors import KozyrError, RecordError
from kozyr.limits import Limits
from kozyr.names import check_names, name_key
from kozyr.record import DealResult, EveningResult, PartyResult
from kozyr.replay import replay
from kozyr.scoring import Points, SheetNote, exact
from kozyr.sheet._show import one_line
from kozyr.variant import Variant

#: Languages of a sheet's labels: both (Russian / English), Russian only, English only.
LANGS = ("both", "ru", "en")
#: Table metadata a sheet shows when the record carries it.
META_KEYS = ("date", "place", "note")


@dataclass(frozen=True)
class Entry:
    """One scored item of a deal: its machine name, labels, points, the column (player or side)
    it goes to (None: nobody's), the cards that earned it and the rule id."""

    name: str
    label_ru: str
    label_en: str
    points: Points
    column: int | None
    cards: tuple[str, ...] = ()
    rule: str = ""

    def label(self, lang: str) -> str:
        """The label in ``lang`` (``both``: ``Старший / High``)."""
        if lang == "ru":
            return self.label_ru
        if lang == "en":
            return self.label_en
        return f"{self.label_ru} / {self.label_en}"


@dataclass(frozen=True)
class Note:
    """A fact shown on the sheet, names already filled in: Russian, English, the rule id, and
    whether it says why the game was won."""

    ru: str
    en: str
    rule: str = ""
    winner: bool = False

    def text(self, lang: str) -> str:
        """The note in ``lang``, with its rule id in parentheses."""
        body = self.ru if lang == "ru" else self.en if lang == "en" else _both(self.ru, self.en)
        return f"{body} ({self.rule})" if self.rule else body


@dataclass(frozen=True)
class Row:
    """One deal: its number (from 1), dealer seat, items, points and running totals per column,
    the deal's own settlement per seat (None when it moves no money) and its facts."""

    deal: int
    dealer: int
    entries: tuple[Entry, ...]
    points: tuple[Fraction, ...]
    running: tuple[Fraction, ...]
    net: tuple[Fraction, ...] | None = None
    notes: tuple[Note, ...] = ()
    #: Columns not dealt in this deal (a player who already left a race): shown as ``-``.
    absent: tuple[int, ...] = ()


@dataclass(frozen=True)
class GameSheet:
    """One game's sheet: variant, player names (one per seat), column names (a player, or a side
    as ``Аня & Вера``), rows, final totals per column, the winner and loser columns, game notes
    (the winner's reason first), the settlement per seat, what was checked, and the metadata."""

    variant: str
    title: str
    title_ru: str
    players: tuple[str, ...]
    columns: tuple[str, ...]
    sides: tuple[tuple[int, ...], ...] | None
    rows: tuple[Row, ...]
    totals: tuple[Fraction, ...]
    winner: tuple[int, ...] = ()
    loser: tuple[int, ...] = ()
    notes: tuple[Note, ...] = ()
    net: tuple[Fraction, ...] = ()
    checked: str | None = None
    meta: Mapping[str, str] = field(default_factory=dict)
    party: bool = False
    #: Why less was checked than the record could show (replay's ``warnings``), each shown.
    warnings: tuple[str, ...] = ()


@dataclass(frozen=True)
class Sheet:
    """Every game of a record in order and, for an evening, the totals per player name."""

    games: tuple[GameSheet, ...]
    meta: Mapping[str, str] = field(default_factory=dict)
    #: Evening totals: settlement net per player name over every game (exact), in first-seen order.
    totals: Mapping[str, Fraction] = field(default_factory=dict)
    #: Evening: games won per player name.
    wins: Mapping[str, int] = field(default_factory=dict)

    @property
    def evening(self) -> bool:
        """Whether this sheet is an evening of several games."""
        return len(self.games) > 1 or bool(self.totals)


# --- building ---------------------------------------------------------------------------------


def default_names(seats: int) -> list[str]:
    """Names for a table whose record names nobody: ``seat 0``, ``seat 1``…"""
    return [f"seat {i}" for i in range(seats)]


def build_game(
    result: DealResult | PartyResult,
    variant: Variant,
    *,
    names: Sequence[str] | None = None,
    meta: Mapping[str, Any] | None = None,
    checked: str | None = None,
) -> GameSheet:
    """The sheet of one scored deal or party. ``names``: one per seat (default ``seat N``);
    ``meta``: ``date``, ``place``, ``note`` to show; ``checked``: what replay checked."""
    deals = result.deals if isinstance(result, PartyResult) else (result,)
    seats = variant.players
    # a record's names are one line already (kozyr.names); names given here are made so, so no
    # name breaks a row in any format
    players = tuple(map(one_line, names)) if names is not None else tuple(default_names(seats))
    if len(players) != seats:
        raise KozyrError(f"{len(players)} player names for {seats} seats")
    sides = deals[0].sheet.sides if deals else None
    columns = (
        tuple(" & ".join(players[s] for s in members) for members in sides) if sides else players
    )
    width = len(columns)
    notes = list(variant.sheet_notes(result))
    rows = []
    running: tuple[Fraction, ...] = (Fraction(0),) * width
    party_running = result.running if isinstance(result, PartyResult) else ()
    by_deal: dict[int | None, list[SheetNote]] = {}
    for note in notes:  # grouped once: a row looks up its own notes (linear in the deals)
        by_deal.setdefault(note.deal, []).append(note)
    contexts = _contexts(result, variant) if not sides else None
    for index, deal in enumerate(deals):
        check_budget(f"sheet row {index + 1}")  # a web request's time budget (kozyr.budget)
        points = tuple(Fraction(p) for p in deal.points)
        if len(points) != width:  # a variant scoring per seat with sides: total by side
            points = tuple(Fraction(v) for v in deal.sheet.by_side())
        if index < len(party_running) and len(party_running[index]) == width:
            running = tuple(Fraction(x) for x in party_running[index])
        else:
            running = tuple(a + b for a, b in zip(running, points, strict=True))
        deal_net = tuple(deal.settlement.net())
        entries = _grouped([_entry(item, sides, deal) for item in deal.sheet.items])
        context = next(contexts, None) if contexts is not None else None
        absent = () if sides else _absent(result, context, variant, index, width)
        own = list(by_deal.get(index, ()))
        if not isinstance(result, PartyResult):
            own += by_deal.get(None, [])
        rows.append(
            Row(
                deal=index + 1,
                dealer=deal.record.dealer,
                entries=entries,
                points=points,
                running=running,
                net=deal_net if any(deal_net) else None,
                notes=tuple(_note(n, players, columns) for n in own),
                absent=absent,
            )
        )
    winner: tuple[int, ...] = ()
    loser: tuple[int, ...] = ()
    game_notes: list[Note] = []
    net = tuple(result.settlement.net())
    if isinstance(result, PartyResult):
        winner, loser = _columns(result.winner), _columns(result.loser)
        party_notes = [n for n in notes if n.deal is None]
        party_notes.sort(key=lambda n: not n.winner)
        game_notes = [_note(n, players, columns) for n in party_notes]
        totals = running
    else:
        totals = rows[0].running if rows else ()
    return GameSheet(
        variant=variant.name,
        title=variant.title,
        title_ru=variant.title_ru,
        players=players,
        columns=columns,
        sides=sides,
        rows=tuple(rows),
        totals=totals,
        winner=winner,
        loser=loser,
        notes=tuple(game_notes),
        net=net,
        checked=checked,
        meta={k: str(v) for k, v in (meta or {}).items() if k in META_KEYS and v is not None},
        party=isinstance(result, PartyResult),
    )


def build_sheet(
    result: DealResult | PartyResult,
    variant: Variant,
    *,
    names: Sequence[str] | None = None,
    meta: Mapping[str, Any] | None = None,
    checked: str | None = None,
) -> Sheet:
    """The sheet of one scored deal or party (see :func:`build_game`)."""
    game = build_game(result, variant, names=names, meta=meta, checked=checked)
    return Sheet((game,), meta=game.meta)


def evening_sheet(games: Sequence[GameSheet], meta: Mapping[str, Any] | None = None) -> Sheet:
    """An evening: several games played in order by one table, with the settlement totalled per
    player name and the games won per name, in exact arithmetic."""
    totals: dict[str, Fraction] = {}
    wins: dict[str, int] = {}
    shown: dict[str, str] = {}  # a player's key -> the spelling seen first (kozyr.names)
    for game in games:
        players = [shown.setdefault(name_key(name), name) for name in game.players]
        for name in players:
            totals.setdefault(name, Fraction(0))
            wins.setdefault(name, 0)
        for seat, amount in enumerate(game.net):
            totals[players[seat]] += amount
        for column in game.winner:
            for seat in game.sides[column] if game.sides else (column,):
                wins[players[seat]] += 1
    shown = {k: str(v) for k, v in (meta or {}).items() if k in META_KEYS and v is not None}
    return Sheet(tuple(games), meta=shown, totals=totals, wins=wins)


def sheet_of(
    data: Any,
    *,
    names: Sequence[str] | str | None = None,
    partial: bool = False,
    limits: Limits | None = None,
) -> tuple[Sheet, RecordError | None]:
    """The sheet of a record given as JSON data -- a deal, a party, or an evening (``games``) --
    replayed with every check :func:`kozyr.replay` makes, and the error of a partial replay.

    Player names come from ``names`` (a list, or ``"Аня,Боря,Вера"``), else from the record's
    ``players``, else ``seat N``; ``date``, ``place`` and ``note`` are shown when present. With
    ``partial`` a party or evening is scored up to its first bad deal and that deal's located
    error is returned beside the sheet (None when every deal is good)."""
    result = replay(data, partial=partial, limits=limits)
    error = result.error if isinstance(result, (PartyResult, EveningResult)) else None
    return sheet_from(result, names=names), error


def sheet_from(
    result: DealResult | PartyResult | EveningResult, *, names: Sequence[str] | str | None = None
) -> Sheet:
    """The sheet of a scored deal, party or evening (names as in :func:`sheet_of`)."""
    if isinstance(names, str):
        names = [n.strip() for n in names.split(",")]
    if names is not None:  # names typed for the sheet are read as a record's are
        names = check_names(list(names), path="--players")
    if isinstance(result, EveningResult):
        games = [_game_of(part, names) for part in result.games]
        meta = _meta_of(result.record.meta if result.record is not None else None)
        # the replay's own totals per name (one path), the games as the sheet shows them
        return Sheet(tuple(games), meta, dict(result.totals), dict(result.games_won))
    game = _game_of(result, names)
    return Sheet((game,), meta=game.meta)


def _game_of(result: DealResult | PartyResult, names: Sequence[str] | None) -> GameSheet:
    from kozyr.registry import get_variant

    record = result.record
    assert record is not None  # a replayed result keeps its record
    variant = record.variant_object or get_variant(record.variant, **record.options)
    meta = _meta_of(record.meta)
    shown = names or meta.get("players")
    game = build_game(
        result, variant, names=list(shown) if shown else None, meta=meta, checked=result.checked
    )
    return replace(game, warnings=tuple(result.warnings)) if result.warnings else game


def _meta_of(meta: Mapping[str, Any] | None) -> dict[str, Any]:
    """The table metadata a sheet shows (``date``, ``place``, ``note``) and the ``players``."""
    if not meta:
        return {}
    found: dict[str, Any] = {k: meta[k] for k in META_KEYS if isinstance(meta.get(k), str)}
    players = meta.get("players")
    if isinstance(players, (list, tuple)) and all(isinstance(p, str) for p in players):
        found["players"] = list(players)
    return found


def _entry(item: Any, sides: tuple[tuple[int, ...], ...] | None, deal: DealResult) -> Entry:
    if sides:
        column = item.side if item.side is not None else deal.sheet.side_of(item.seat)
    else:
        column = item.seat
    return Entry(
        item.name,
        item.label_ru,
        item.label_en,
        item.points,
        column,
        tuple(str(c) for c in item.cards),
        item.rule,
    )


class _Prefix(Sequence[DealResult]):
    """The first ``size`` deals of a tuple, without copying them."""

    def __init__(self, deals: Sequence[DealResult], size: int) -> None:
        self.deals = deals
        self.size = size

    @override
    def __len__(self) -> int:
        return self.size

    @overload
    def __getitem__(self, index: int) -> DealResult: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[DealResult]: ...
    @override
    def __getitem__(self, index: int | slice) -> DealResult | Sequence[DealResult]:
        if isinstance(index, slice):
            return tuple(self.deals[: self.size])[index]
        if not -self.size <= index < self.size:
            raise IndexError(index)
        return self.deals[index % self.size]


def _contexts(result: DealResult | PartyResult, variant: Variant) -> Iterator[Mapping[str, Any]]:
    """The party context of each deal of a party in turn, each one step from the one before
    (:meth:`Variant.party_context_after`): linear in the number of deals. Nothing for a deal."""
    if not isinstance(result, PartyResult) or result.record is None:
        return
    party = result.record
    context = variant.party_context(party, ())
    for index in range(len(result.deals)):
        yield context or {}
        if index + 1 == len(result.deals):
            return
        done = _Prefix(result.deals, index + 1)
        if context is None:  # not in a replayed party: each deal asks again
            context = variant.party_context(party, done)
        else:
            context = variant.party_context_after(party, done, context)


def _absent(
    result: DealResult | PartyResult,
    context: Mapping[str, Any] | None,
    variant: Variant,
    index: int,
    width: int,
) -> tuple[int, ...]:
    """Seats not dealt in deal ``index``: those :meth:`Variant.seats_in` leaves out with the
    party ``context`` of that deal (a race, D-PN2), or whose hand the record leaves null."""
    left: set[int] = set()
    if context is not None:
        left = set(range(width)) - set(variant.seats_in(context))
    deal = result.deals[index] if isinstance(result, PartyResult) else result
    hands = deal.record.hands
    if len(hands) == width and any(h is not None for h in hands):
        left |= {i for i, hand in enumerate(hands) if hand is None}
    return tuple(sorted(left))


def _grouped(entries: Sequence[Entry]) -> tuple[Entry, ...]:
    """Items of one name going to one column, summed into one entry (in first-seen order): a
    Семерик deal's counters of several tricks are one line, their labels joined."""
    groups: dict[tuple[str, int | None, str], list[Entry]] = {}
    for entry in entries:
        groups.setdefault((entry.name, entry.column, entry.rule), []).append(entry)
    out = []
    for (name, column, rule), group in groups.items():
        if len(group) == 1:
            out.append(group[0])
            continue
        ru = _unique([e.label_ru for e in group])
        en = _unique([e.label_en for e in group])
        cards = tuple(c for e in group for c in e.cards)
        points = exact(sum(e.points for e in group))
        out.append(Entry(name, ru, en, points, column, cards, rule))
    return tuple(out)


def _unique(labels: Sequence[str]) -> str:
    return ", ".join(dict.fromkeys(labels))


def _columns(value: Any) -> tuple[int, ...]:
    if value is None:
        return ()
    if isinstance(value, bool):
        return ()
    if isinstance(value, int):
        return (value,)
    if isinstance(value, (list, tuple)):
        return tuple(v for v in value if isinstance(v, int) and not isinstance(v, bool))
    return ()


def _note(note: SheetNote, players: Sequence[str], columns: Sequence[str]) -> Note:
    names = columns if note.sides else players
    return Note(note.text("ru", names), note.text("en", names), note.rule, note.winner)


def _both(ru: str, en: str) -> str:
    return ru if ru == en else f"{ru} / {en}"
