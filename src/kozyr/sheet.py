"""Score sheets: what a scorekeeper's paper shows, computed from a scored deal, party or evening.

A :class:`Sheet` holds one :class:`GameSheet` per game (a deal on its own, a party, a game to 7,
a rubber, a race); each game has one :class:`Row` per deal -- numbered from 1, with the dealer,
every scored item in the variant's Russian and English labels, the deal's points and the running
totals per column -- a column per player (by name) or per side, the winner and why, and the
settlement. An evening of several games also totals the settlement per player name, in exact
fractions. Renderers turn a sheet into text, Markdown, CSV, HTML or JSON (:data:`FORMATS`).

>>> import kozyr
>>> variant = kozyr.get_variant("sem-listov", players=2)
>>> result = kozyr.replay({"variant": "sem-listov", "options": {"players": 2}, "dealer": 0,
...     "hands": ["A♠ K♥ Q♥ J♥ 10♦ 9♦ A♣", "K♠ Q♠ A♥ 10♥ A♦ K♦ K♣"], "turnup": "9♠",
...     "trick_winners": [1, 1, 1, 0, 0, 0, 0]})
>>> sheet = build_sheet(result, variant, names=["Аня", "Боря"])
>>> print(render(sheet, "text", lang="en"), end="")
Sem listov (Seven leaves), classic form of 1779 (sem-listov), 2 players
<BLANKLINE>
deal   dealer  Аня    Боря
-----  ------  -----  -----
1      Аня     +8 =8  +6 =6
       Points for tricks: Аня +8 (SL-C14); Points for tricks: Боря +6 (SL-C14)
       settlement: Аня +2, Боря -2
-----  ------  -----  -----
total          8      6
<BLANKLINE>
settlement: Аня +2, Боря -2
"""

from __future__ import annotations

import csv
import html
import io
import json
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any, overload

from typing_extensions import override

from kozyr.budget import check_budget
from kozyr.errors import KozyrError, RecordError
from kozyr.limits import Limits
from kozyr.names import check_names, name_key
from kozyr.record import DealResult, EveningResult, PartyResult
from kozyr.replay import replay
from kozyr.scoring import Points, SheetNote, exact, fraction_json
from kozyr.variant import Variant

if TYPE_CHECKING:
    from kozyr.registry import SheetFormat

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


# --- rendering --------------------------------------------------------------------------------


#: How a sheet shows a fraction of a point: ``"exact"`` (``71/3``, the default) or ``"mixed"``
#: (``23⅔``, as Tressette players write thirds); JSON always holds the exact ``"a/b"``.
FRACTIONS = ("exact", "mixed")

_MIXED: ContextVar[bool] = ContextVar("kozyr_sheet_mixed", default=False)

#: Vulgar fraction characters by (numerator, denominator).
_VULGAR = {
    (1, 2): "½", (1, 3): "⅓", (2, 3): "⅔", (1, 4): "¼", (3, 4): "¾", (1, 5): "⅕", (2, 5): "⅖",
    (3, 5): "⅗", (4, 5): "⅘", (1, 6): "⅙", (5, 6): "⅚", (1, 8): "⅛", (3, 8): "⅜", (5, 8): "⅝",
    (7, 8): "⅞",
}  # fmt: skip


def mixed_number(value: Fraction | int) -> str:
    """A number as a mixed number: whole points, then the fraction of a point.

    >>> mixed_number(Fraction(71, 3)), mixed_number(Fraction(-1, 2)), mixed_number(4)
    ('23⅔', '-½', '4')
    >>> mixed_number(Fraction(-23, 7))
    '-3 2/7'
    """
    number = Fraction(value)
    whole, part = divmod(abs(number.numerator), number.denominator)
    sign = "-" if number < 0 else ""
    if not part:
        return f"{sign}{whole}"
    vulgar = _VULGAR.get((part, number.denominator))
    if vulgar is not None:
        return f"{sign}{whole or ''}{vulgar}"
    fraction = f"{part}/{number.denominator}"
    return f"{sign}{whole} {fraction}" if whole else f"{sign}{fraction}"


def num(value: Fraction | int, *, sign: bool = False) -> str:
    """An exact number for a sheet: ``3``, ``-3/2``; ``+3`` with ``sign``; a mixed number
    (``23⅔``) while :func:`render` draws a sheet with ``fractions="mixed"``.

    >>> num(Fraction(3, 2), sign=True), num(Fraction(-2)), num(0, sign=True)
    ('+3/2', '-2', '0')
    """
    text = mixed_number(value) if _MIXED.get() else str(fraction_json(value))
    return f"+{text}" if sign and value > 0 else text


def _words(lang: str, ru: str, en: str) -> str:
    return ru if lang == "ru" else en if lang == "en" else f"{ru} / {en}"


def _who(game: GameSheet, column: int | None) -> str:
    if column is None:
        return "-"
    return game.columns[column] if 0 <= column < len(game.columns) else str(column)


def _entry_text(game: GameSheet, entry: Entry, lang: str) -> str:
    rule = f" ({entry.rule})" if entry.rule else ""
    return f"{entry.label(lang)}: {_who(game, entry.column)} {num(entry.points, sign=True)}{rule}"


def _net_text(game: GameSheet, net: Sequence[Fraction]) -> str:
    return ", ".join(f"{game.players[i]} {num(x, sign=True)}" for i, x in enumerate(net))


def _title(game: GameSheet, lang: str) -> str:
    title = (game.title_ru or game.title) if lang == "ru" else game.title
    if lang == "both" and game.title_ru and game.title_ru != game.title:
        title = f"{game.title_ru} / {game.title}"
    count = len(game.players)
    word = ("игрока" if 2 <= count <= 4 else "игроков") if lang == "ru" else "players"
    return f"{title} ({game.variant}), {count} {word}"


def _header_lines(game: GameSheet, lang: str) -> list[str]:
    lines = [_title(game, lang)]
    if game.sides:
        label = _words(lang, "стороны", "sides")
        lines.append(f"{label}: " + " | ".join(game.columns))
    if game.checked:
        lines.append(_words(lang, "проверено", "checked") + f": {game.checked}")
    for warning in game.warnings:  # issue 22: every warning, as loudly as --json
        lines.append(_words(lang, "ВНИМАНИЕ", "WARNING") + f": {warning}")
    for key in META_KEYS:
        if key in game.meta:
            lines.append(f"{_meta_label(key, lang)}: {one_line(game.meta[key])}")
    return lines


def _meta_label(key: str, lang: str) -> str:
    ru = {"date": "дата", "place": "место", "note": "заметка"}[key]
    return _words(lang, ru, key)


def _winner_lines(game: GameSheet, lang: str) -> list[str]:
    lines = []
    if game.winner:
        who = ", ".join(_who(game, c) for c in game.winner)
        lines.append(_words(lang, "победитель", "winner") + f": {who}")
    if game.loser:
        who = ", ".join(_who(game, c) for c in game.loser)
        lines.append(_words(lang, "проигравший", "loser") + f": {who}")
    for note in game.notes:
        lines.append(("  " if note.winner else "") + note.text(lang))
    if any(game.net):
        lines.append(_words(lang, "расчёт", "settlement") + f": {_net_text(game, game.net)}")
    return lines


def render_text(sheet: Sheet, lang: str = "both") -> str:
    """A plain-text sheet: a header, a table with one line per deal (``+points =running`` per
    column) followed by its items and facts, the totals, the winner and why, the settlement."""
    parts = [_game_text(game, lang) for game in sheet.games]
    if sheet.evening:
        word = _words(lang, "игра", "game")
        parts = [f"== {word} {i} ==\n{part}" for i, part in enumerate(parts, 1)]
        parts.append(_evening_text(sheet, lang))
    return "\n\n".join(parts) + "\n"


def _game_text(game: GameSheet, lang: str) -> str:
    header = [_words(lang, "сдача", "deal"), _words(lang, "сдавал", "dealer"), *game.columns]
    body = [[str(row.deal), game.players[row.dealer], *_point_cells(row)] for row in game.rows]
    total = [_words(lang, "итого", "total"), "", *(num(t) for t in game.totals)]
    widths = [max(len(r[i]) for r in [header, *body, total]) for i in range(len(header))]
    rule = "  ".join("-" * w for w in widths)

    def line(cells: Sequence[str]) -> str:
        return "  ".join(c.ljust(widths[i]) for i, c in enumerate(cells)).rstrip()

    indent = " " * (widths[0] + 2)
    lines = [*_header_lines(game, lang), "", line(header), rule]
    for row, cells in zip(game.rows, body, strict=True):
        lines.append(line(cells))
        if row.entries:
            lines.append(indent + "; ".join(_entry_text(game, e, lang) for e in row.entries))
        for note in row.notes:
            lines.append(indent + note.text(lang))
        if row.net is not None and game.party:
            lines.append(indent + _words(lang, "расчёт", "settlement") + ": " + _net(game, row))
        elif row.net is not None:
            lines.append(indent + _words(lang, "расчёт", "settlement") + ": " + _net(game, row))
    lines += [rule, line(total)]
    tail = _winner_lines(game, lang)
    if tail:
        lines += ["", *tail]
    return "\n".join(lines)


def _net(game: GameSheet, row: Row) -> str:
    return _net_text(game, row.net or ())


def _evening_text(sheet: Sheet, lang: str) -> str:
    lines = [_words(lang, "вечер", "evening") + f": {len(sheet.games)}"]
    for key in META_KEYS:
        if key in sheet.meta:
            lines.append(f"{_meta_label(key, lang)}: {one_line(sheet.meta[key])}")
    header = [_words(lang, "игрок", "player"), _words(lang, "выиграл", "won"), "Σ"]
    rows = [
        [name, str(sheet.wins.get(name, 0)), num(v, sign=True)] for name, v in sheet.totals.items()
    ]
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(3)]
    for cells in [header, ["-" * w for w in widths], *rows]:
        lines.append("  ".join(c.ljust(widths[i]) for i, c in enumerate(cells)).rstrip())
    return "\n".join(lines)


def _cells(game: GameSheet, row: Row, lang: str) -> list[str]:
    items = "; ".join(_entry_text(game, e, lang) for e in row.entries)
    facts = [n.text(lang) for n in row.notes]
    if row.net is not None:
        facts.append(_words(lang, "расчёт", "settlement") + ": " + _net(game, row))
    return [
        str(row.deal),
        game.players[row.dealer],
        *_point_cells(row),
        items,
        "; ".join(facts),
    ]


def _point_cells(row: Row) -> list[str]:
    """``+points =running`` per column; ``- =running`` for a column not dealt in."""
    return [
        f"{'-' if i in row.absent else num(p, sign=True)} ={num(r)}"
        for i, (p, r) in enumerate(zip(row.points, row.running, strict=True))
    ]


_MD_SPECIAL = re.compile(r"([\\`*_\[\]~|])")
_ENTITY = re.compile(r"&(?=[#A-Za-z0-9])")
_LINE_BREAKS = re.compile(r"[ \t]*(?:\r\n|[\n\r\v\f\x85\u2028\u2029])+[ \t]*")


def one_line(text: str) -> str:
    """``text`` on one line for a sheet: line breaks (a multi-line ``note``) shown as `` / ``,
    a tab as a space, any other control character as an escape (``\\x00`` as ``\\u0000``), so
    no name or note breaks a row of a text, Markdown or CSV sheet.

    >>> one_line("первая строка\\r\\nвторая\\tконец\\x00")
    'первая строка / вторая конец\\\\u0000'
    """
    text = _LINE_BREAKS.sub(" / ", text).replace("\t", " ")
    if text.isprintable():
        return text
    return "".join(
        c
        if c.isprintable() or c == " "
        else f"\\u{ord(c):04x}"
        if ord(c) <= 0xFFFF
        else f"\\U{ord(c):08x}"
        for c in text
    )


def _md(text: str) -> str:
    """Text for Markdown, shown as written: on one line, ``<``, ``>`` and an ``&`` that would
    start an entity as entities (no raw HTML), Markdown's own characters (``|``, ``*``, ``_``,
    `````, ``[``, ``]``, ``~``, ``\\``) escaped with a backslash.

    >>> print(_md("<b>Аня</b> | *x* [a](javascript:1) &amp; Вера & Гоша"))
    &lt;b&gt;Аня&lt;/b&gt; \\| \\*x\\* \\[a\\](javascript:1) &amp;amp; Вера & Гоша
    """
    text = _ENTITY.sub("&amp;", one_line(text)).replace("<", "&lt;").replace(">", "&gt;")
    return _MD_SPECIAL.sub(r"\\\1", text) or " "


def _md_line(text: str) -> str:
    """:func:`_md` for a heading or list item, outside a table: ``|`` needs no escape there."""
    return _md(text).replace("\\|", "|")


def render_markdown(sheet: Sheet, lang: str = "both") -> str:
    """A Markdown sheet: a heading and a table per game, the winner and the evening totals."""
    out: list[str] = []
    for game in sheet.games:
        head = _header_lines(game, lang)
        out += [f"## {_md_line(head[0])}", ""]
        out += [f"- {_md_line(line)}" for line in head[1:]]
        if head[1:]:
            out.append("")
        header = [
            _words(lang, "сдача", "deal"),
            _words(lang, "сдавал", "dealer"),
            *game.columns,
            _words(lang, "записи", "items"),
            _words(lang, "факты", "facts"),
        ]
        out.append("| " + " | ".join(_md(h) for h in header) + " |")
        out.append("|" + "|".join("---" for _ in header) + "|")
        for row in game.rows:
            out.append("| " + " | ".join(_md(c) for c in _cells(game, row, lang)) + " |")
        total = [_words(lang, "итого", "total"), "", *(num(t) for t in game.totals), "", ""]
        cells = [_md(c) for c in total]
        cells[0] = f"**{cells[0]}**"
        out.append("| " + " | ".join(cells) + " |")
        tail = _winner_lines(game, lang)
        if tail:
            out += ["", *(f"- {_md_line(line.strip())}" for line in tail)]
        out.append("")
    if sheet.evening:
        out += [f"## {_md_line(_words(lang, 'вечер', 'evening'))}", ""]
        out.append(f"| {_words(lang, 'игрок', 'player')} | {_words(lang, 'выиграл', 'won')} | Σ |")
        out.append("|---|---|---|")
        for name, value in sheet.totals.items():
            cells = [_md(name), str(sheet.wins.get(name, 0)), _md(num(value, sign=True))]
            out.append("| " + " | ".join(cells) + " |")
        out.append("")
    return "\n".join(out)


#: What makes a spreadsheet read a cell as a formula (OWASP "CSV injection"): ``=``, ``+``,
#: ``-``, ``@`` first, or a tab, carriage return or newline first.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "\n")
_PLAIN_NUMBER = re.compile(r"-?[0-9]+(?:\.[0-9]+)?")
_FRACTION = re.compile(r"-?[0-9]+/[0-9]+")


def csv_text(value: object) -> str:
    """A text cell of a CSV export, safe to open in a spreadsheet: a cell that begins (after
    any spaces) with ``=``, ``+``, ``-`` or ``@``, or begins with a tab, carriage return or
    newline, gets a leading ``'`` so it is shown as text and never run as a formula (OWASP).

    >>> print(csv_text('=HYPERLINK("http://e.vil/","x")'), csv_text("Аня"), csv_text(" -1"))
    '=HYPERLINK("http://e.vil/","x") Аня ' -1
    """
    text = str(value)
    if text.lstrip(" ").startswith(FORMULA_START) or text.startswith(FORMULA_START):
        return "'" + text
    return text


def csv_number(value: Fraction | int | str) -> str:
    """A number cell of a CSV export: an integer as itself (``-3`` is a number to every
    spreadsheet, not a formula), an exact fraction with a finite decimal form as that decimal
    (``-3/2`` -> ``-1.5``), any other (``1/3``) as the exact text ``1/3`` through
    :func:`csv_text` (``'-1/3``: a spreadsheet would read ``-1/3`` as a formula or a date).
    Anything that is not a plain number is treated as text.

    >>> csv_number(-3), csv_number(Fraction(-3, 2)), csv_number(Fraction(-1, 3)), csv_number("=1")
    ('-3', '-1.5', "'-1/3", "'=1")
    """
    if isinstance(value, str):
        if _PLAIN_NUMBER.fullmatch(value):
            return value
        if not _FRACTION.fullmatch(value) or not int(value.partition("/")[2]):
            return csv_text(value)
        value = Fraction(value)
    number = Fraction(value)
    if number.denominator == 1:
        return str(number.numerator)
    denominator = number.denominator
    twos = fives = 0
    while denominator % 2 == 0:
        denominator //= 2
        twos += 1
    while denominator % 5 == 0:
        denominator //= 5
        fives += 1
    if denominator != 1:
        return csv_text(str(fraction_json(number)))
    places = max(twos, fives)
    scaled = abs(number.numerator) * 10**places // number.denominator
    sign = "-" if number < 0 else ""
    whole, part = divmod(scaled, 10**places)
    return f"{sign}{whole}.{part:0{places}d}"


def render_csv(sheet: Sheet, lang: str = "both") -> str:
    """CSV, one line per deal: game number, deal, dealer, then per column the deal's points and
    the running total, the items and the facts. A game's columns are named in its header line;
    every game starts with its own header line.

    Safe to open in a spreadsheet: every text cell (names, headers, items, facts) goes through
    :func:`csv_text` -- a cell that would start a formula is prefixed with ``'`` -- and the
    number columns through :func:`csv_number`, so a negative score stays a number."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    for number, game in enumerate(sheet.games, start=1):
        header = ["game", "deal", "dealer"]
        for column in game.columns:
            header += [f"{column}: points", f"{column}: total"]
        writer.writerow([csv_text(h) for h in [*header, "items", "facts"]])
        for row in game.rows:
            cells = _cells(game, row, lang)
            values: list[str] = []
            for i, (p, r) in enumerate(zip(row.points, row.running, strict=True)):
                values += ["" if i in row.absent else csv_number(p), csv_number(r)]
            texts = [csv_text(c) for c in (cells[1], *cells[-2:])]
            writer.writerow([str(number), cells[0], texts[0], *values, *texts[1:]])
    return buffer.getvalue()


def render_html(sheet: Sheet, lang: str = "both") -> str:
    """A standalone HTML page: a table per game, the winner, the evening totals."""
    e = html.escape
    out = [
        "<!DOCTYPE html>",
        '<html lang="' + ("ru" if lang != "en" else "en") + '">',
        '<head><meta charset="utf-8"><title>kozyr</title></head>',
        "<body>",
    ]
    for game in sheet.games:
        head = _header_lines(game, lang)
        out.append(f"<h2>{e(head[0])}</h2>")
        if head[1:]:
            out.append("<ul>" + "".join(f"<li>{e(line)}</li>" for line in head[1:]) + "</ul>")
        header = [
            _words(lang, "сдача", "deal"),
            _words(lang, "сдавал", "dealer"),
            *game.columns,
            _words(lang, "записи", "items"),
            _words(lang, "факты", "facts"),
        ]
        out.append("<table>")
        out.append("<tr>" + "".join(f"<th>{e(h)}</th>" for h in header) + "</tr>")
        for row in game.rows:
            out.append(
                "<tr>" + "".join(f"<td>{e(c)}</td>" for c in _cells(game, row, lang)) + "</tr>"
            )
        total = [_words(lang, "итого", "total"), "", *(num(t) for t in game.totals), "", ""]
        out.append("<tr>" + "".join(f"<th>{e(c)}</th>" for c in total) + "</tr>")
        out.append("</table>")
        tail = _winner_lines(game, lang)
        if tail:
            out.append("<ul>" + "".join(f"<li>{e(line.strip())}</li>" for line in tail) + "</ul>")
    if sheet.evening:
        out.append(f"<h2>{e(_words(lang, 'вечер', 'evening'))}</h2><table>")
        out.append(
            f"<tr><th>{e(_words(lang, 'игрок', 'player'))}</th>"
            f"<th>{e(_words(lang, 'выиграл', 'won'))}</th><th>Σ</th></tr>"
        )
        for name, value in sheet.totals.items():
            out.append(
                f"<tr><td>{e(name)}</td><td>{sheet.wins.get(name, 0)}</td>"
                f"<td>{e(num(value, sign=True))}</td></tr>"
            )
        out.append("</table>")
    out += ["</body>", "</html>"]
    return "\n".join(out) + "\n"


def sheet_json(sheet: Sheet) -> dict[str, Any]:
    """The sheet as JSON data (the ``kozyr sheet --format json`` object); exact numbers as in
    every kozyr JSON (ints, or ``"a/b"`` strings)."""

    def nums(values: Sequence[Fraction]) -> list[int | str]:
        return [fraction_json(v) for v in values]

    def note(n: Note) -> dict[str, Any]:
        return {"ru": n.ru, "en": n.en, "rule": n.rule, "winner": n.winner}

    games = []
    for game in sheet.games:
        games.append(
            {
                "variant": game.variant,
                "title": game.title,
                "title_ru": game.title_ru,
                "players": list(game.players),
                "columns": list(game.columns),
                "sides": [list(s) for s in game.sides] if game.sides else None,
                "checked": game.checked,
                **({"warnings": list(game.warnings)} if game.warnings else {}),
                **dict(game.meta),
                "rows": [
                    {
                        "deal": row.deal,
                        "dealer": row.dealer,
                        "points": nums(row.points),
                        "running": nums(row.running),
                        "settlement": nums(row.net) if row.net is not None else None,
                        "absent": list(row.absent),
                        "items": [
                            {
                                "name": en.name,
                                "label_ru": en.label_ru,
                                "label_en": en.label_en,
                                "points": fraction_json(en.points),
                                "column": en.column,
                                "cards": list(en.cards),
                                "rule": en.rule,
                            }
                            for en in row.entries
                        ],
                        "notes": [note(n) for n in row.notes],
                    }
                    for row in game.rows
                ],
                "totals": nums(game.totals),
                "winner": list(game.winner),
                "loser": list(game.loser),
                "notes": [note(n) for n in game.notes],
                "settlement": nums(game.net),
            }
        )
    data: dict[str, Any] = {"games": games, **dict(sheet.meta)}
    if sheet.evening:
        data["totals"] = {k: fraction_json(v) for k, v in sheet.totals.items()}
        data["wins"] = dict(sheet.wins)
    return data


def render_json(sheet: Sheet, lang: str = "both") -> str:
    """:func:`sheet_json` as indented JSON text (labels in both languages whatever ``lang``)."""
    return json.dumps(sheet_json(sheet), ensure_ascii=False, indent=2) + "\n"


Renderer = Callable[[Sheet, str], str]

#: The built-in sheet formats by name.
FORMATS: dict[str, Renderer] = {
    "text": render_text,
    "markdown": render_markdown,
    "csv": render_csv,
    "html": render_html,
    "json": render_json,
}


def all_formats() -> dict[str, Renderer]:
    """kozyr's own formats (:data:`FORMATS`) and every format a plugin registered through the
    ``kozyr_register_sheet_formats`` hook (:func:`kozyr.registry.sheet_formats`)."""
    from kozyr.registry import sheet_formats

    return {**FORMATS, **{name: _guarded(f) for name, f in sheet_formats().items()}}


def _aliases(variant: str) -> tuple[str, ...]:
    from kozyr.registry import manager

    return manager().aliases_of(variant)


def _guarded(format: SheetFormat) -> Renderer:
    """A plugin's renderer called through the plugin guard: its exception, or a value that is not
    text, is a :class:`~kozyr.errors.HookError` naming the format and its plugin (exit 3)."""
    from kozyr.registry import call_plugin

    def render(sheet: Sheet, lang: str) -> str:
        if format.variants is not None:
            for game in sheet.games:
                if not format.renders(game.variant, *_aliases(game.variant)):
                    raise KozyrError(
                        f"sheet format {format.name} (plugin {format.plugin}) renders only "
                        f"{', '.join(sorted(format.variants))}, not {game.variant}"
                    )
        return call_plugin(
            format.render,
            sheet,
            lang,
            plugin=format.plugin,
            sheet_format=format.name,
            hook="render",
            returns=str,
            trusted=(),
        )

    return render


def renderer_for(
    format: str, lang: str = "both", formats: Mapping[str, Renderer] | None = None
) -> Renderer:
    """The renderer of ``format`` among ``formats`` (default: :func:`all_formats`), checking
    ``lang`` too: a :class:`KozyrError` names what is known."""
    table = all_formats() if formats is None else formats
    if lang not in LANGS:
        raise KozyrError(f"unknown language {lang!r}; known: {', '.join(LANGS)}")
    try:
        return table[format]
    except KeyError:
        raise KozyrError(
            f"unknown sheet format {format!r}; known formats: {', '.join(sorted(table))}"
        ) from None


def render(
    sheet: Sheet,
    format: str = "text",
    *,
    lang: str = "both",
    formats: Mapping[str, Renderer] | None = None,
    fractions: str = "exact",
) -> str:
    """The sheet in ``format``: kozyr's own or a plugin's (see :func:`renderer_for`).
    ``fractions="mixed"`` shows parts of a point as mixed numbers (``23⅔``) in the text,
    markdown and HTML sheets; CSV and JSON keep the exact ``71/3``."""
    renderer = renderer_for(format, lang, formats)
    return with_fractions(fractions, lambda: renderer(sheet, lang))


def with_fractions(fractions: str, draw: Callable[[], str]) -> str:
    """``draw()`` with fractions shown as :data:`FRACTIONS` says (``"exact"`` or ``"mixed"``)."""
    if fractions not in FRACTIONS:
        raise KozyrError(f"unknown fractions {fractions!r}; known: {', '.join(FRACTIONS)}")
    token = _MIXED.set(fractions == "mixed")
    try:
        return draw()
    finally:
        _MIXED.reset(token)


__all__ = [
    "FORMATS",
    "FORMULA_START",
    "FRACTIONS",
    "LANGS",
    "Entry",
    "GameSheet",
    "Note",
    "Row",
    "Sheet",
    "all_formats",
    "build_game",
    "build_sheet",
    "csv_number",
    "csv_text",
    "evening_sheet",
    "mixed_number",
    "one_line",
    "render",
    "render_csv",
    "render_html",
    "render_json",
    "render_markdown",
    "render_text",
    "renderer_for",
    "sheet_from",
    "sheet_json",
    "sheet_of",
    "with_fractions",
]
