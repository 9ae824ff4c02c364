"""``kozyr keep``: an interactive scorekeeper for a real table.

For each deal it asks exactly the variant's declared outcome fields (``Variant.outcome_fields``,
:mod:`kozyr.outcome`) in Russian or English, checks each answer at once with the messages
``kozyr replay`` gives, and when the deal is complete replays the whole party so the facts that
depend on each other are checked too. After every deal it writes the record atomically
(temporary file, fsync, rename: a killed ``keep`` loses nothing, and leaves no temporary file
behind) and shows the running sheet. Started again on the same file it resumes where the table
left off, in the language the file was started in (``lang``).

At any question: ``undo`` drops the last deal (after asking), ``redo`` brings an undone deal
back, ``edit N`` asks deal N again, ``back`` returns to the previous question of the deal,
``quit`` stops (the file already holds every finished deal), ``help`` lists these. An empty
answer takes the value shown in brackets.

Seats are given by number (``0``, ``1``…: a number is always a seat) or by the player's name,
a name with spaces typed whole (``Анна Петровна``), in any case. A name that is a seat number
(``--players "1,0"``) or a command word is refused when the table sits down, so an answer can
never mean two things.

When a game is over: a race asks the cut card that settles it (PN5, SL19-4, NN5: the loser's
punishment), and then ``next`` starts the next game of the evening with the same players -- the
file becomes an evening record (``{"games": [...]}``) that ``kozyr sheet`` and ``kozyr replay``
read with totals per player -- while ``edit N``, ``undo``, ``cut`` and ``quit`` still work.

The loop reads lines from any text stream and writes to another, so it is tested with piped
input and in a pseudo-terminal alike; on a terminal it reads through :mod:`readline` (line
editing, arrow keys, the history of answers).
"""

from __future__ import annotations

import copy
import json
import os
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

from kozyr.atomic import write_atomic
from kozyr.codec import RecordReader, load
from kozyr.errors import KozyrError, RecordError, TextError
from kozyr.i18n import ntr, ptr, say_error
from kozyr.names import check_names, name_key
from kozyr.record import EveningResult, PartyResult
from kozyr.replay import replay
from kozyr.seats import next_seat
from kozyr.sheet import build_sheet, render
from kozyr.variant import Variant

#: Words that stop, undo, redo, edit, go back and ask for help (Russian aliases mapped once).
QUIT = frozenset({"quit", "q", "exit", "выход", "стоп"})
UNDO = frozenset({"undo", "отмена", "отменить"})
REDO = frozenset({"redo", "вернуть", "повтор"})
BACK = frozenset({"back", "<", "назад"})
HELP = frozenset({"help", "?", "помощь"})
NEXT = frozenset({"next", "дальше", "следующая"})
CUT = frozenset({"cut", "срез"})
EDIT = re.compile(r"^(?:edit|правка)\s+(\d+)$", re.I)
YES = frozenset({"y", "yes", "да", "д"})
#: Every word keep reads as a command: no player may be called so (it would mean two things).
COMMANDS = QUIT | UNDO | REDO | BACK | HELP | NEXT | CUT | YES | {"n", "no", "нет", "-"}

#: Record keys of table metadata a party keeps (issue 11 item 3).
META_KEYS = ("date", "place", "note")
#: The languages keep asks in; the one a file was started in is its ``lang``.
LANGS = ("ru", "en")


class Stop(Exception):
    """The user typed ``quit`` or the input ended."""


class Undo(Exception):
    """The user typed ``undo``."""


class Redo(Exception):
    """The user typed ``redo``."""


class Back(Exception):
    """The user typed ``back``: the previous question of the deal."""


class Edit(Exception):
    """The user typed ``edit N`` (``number`` from 1)."""

    def __init__(self, number: int) -> None:
        super().__init__(number)
        self.number = number


_TEXT = {
    "deal": ("Сдача {n}", "Deal {n}"),
    "game": ("Игра {n}", "Game {n}"),
    "saved": ("записано в {path} ({deals})", "saved to {path} (deals: {n})"),
    "over": ("Игра окончена.", "The game is over."),
    "resumed": ("продолжаем {path}: {deals}", "resuming {path}: {n} deals"),
    "undone": (
        "сдача {n} отменена («вернуть» — вернуть её)",
        "deal {n} undone (redo brings it back)",
    ),
    "redone": ("сдача {n} возвращена", "deal {n} brought back"),
    "confirm_undo": (
        "отменить сдачу {n} ({what})? да/нет [нет]: ",
        "drop deal {n} ({what})? yes/no [no]: ",
    ),
    "kept": ("ничего не отменено", "nothing undone"),
    "nothing": ("отменять нечего", "nothing to undo"),
    "no_redo": ("возвращать нечего", "nothing to redo"),
    "no_deal": ("нет сдачи {n} (сдачи 1..{last})", "there is no deal {n} (deals 1..{last})"),
    "stopped": (
        "остановлено; в {path} записано: {deals}",
        "stopped; {path} holds every finished deal ({n})",
    ),
    "help": (
        "ответ, пусто — значение в скобках; назад — предыдущий вопрос; отмена — отменить "
        "последнюю сдачу; вернуть — вернуть отменённую; правка N — исправить сдачу N; "
        "выход — выйти (всё записано). Места — номером или именем",
        "an answer, or empty for the value in brackets; back: the previous question; undo: "
        "drop the last deal; redo: bring an undone deal back; edit N: enter deal N again; "
        "quit: stop (everything is saved). Seats by number or by name",
    ),
    "after": (
        "дальше — следующая игра, правка N — исправить сдачу, отмена, вернуть, "
        "срез — карта среза, выход: ",
        "next: the next game; edit N: correct a deal; undo, redo, cut: the cut card, quit: ",
    ),
    "after_help": (
        "игра окончена: «дальше» начинает следующую игру вечера с теми же игроками",
        "the game is over: next starts the evening's next game with the same players",
    ),
    "not_over": (
        "игра ещё не окончена: «дальше» — после последней сдачи",
        "the game is not over yet: next comes after its last deal",
    ),
    "cut": (
        "Карта среза ({rule}, наказание проигравшего)",
        "Cut card ({rule}, the loser's punishment)",
    ),
    "no_cut": (
        "без карты среза наказание не подсчитано («срез» — ввести её)",
        "without the cut card the punishment is not computed (cut: enter it)",
    ),
    "evening": ("вечер: {path} ({games})", "evening: {path} ({n} games)"),
    "players": ("игроки", "players"),
    "optional": ("необязательно", "optional"),
    "again": (
        "исправьте это поле (назад — предыдущий вопрос, пусто — вся сдача заново)",
        "correct this field (back: the previous question; empty: the whole deal again)",
    ),
}


def _say(lang: str, key: str, **values: Any) -> str:
    ru, en = _TEXT[key]
    n = values.get("n")
    if isinstance(n, int):  # a count in words, with Russian's three plural forms
        values["deals"] = ntr(lang, "%(num)d deal", "%(num)d deals", n) % {"num": n}
        values["games"] = ntr(lang, "%(num)d game", "%(num)d games", n) % {"num": n}
    return (ru if lang == "ru" else en).format(**values)


@dataclass
class Keeper:
    """One scorekeeping session on ``path`` for ``variant`` with ``names`` (one per seat).

    ``record`` is the file's JSON data (resumed: a party record, or an evening record whose
    last game is the one being kept; or new); ``inp`` and ``out`` are the streams the questions
    are read from and written to. :attr:`party` is the current game as a party record."""

    path: str
    variant: Variant
    names: list[str]
    inp: TextIO
    out: TextIO
    lang: str = "en"
    record: dict[str, Any] = field(default_factory=dict)
    write: Callable[[str, str], None] = field(default=lambda path, text: write_atomic(path, text))

    def __post_init__(self) -> None:
        #: The evening's finished games before the current one (party objects as in the file).
        self.earlier: list[dict[str, Any]] = []
        #: The evening's own keys (variant, options, players, lang, date…), or None: a party file.
        self.evening: dict[str, Any] | None = None
        if self.record.get("games") is not None:
            evening = copy.deepcopy(self.record)
            games = evening.pop("games")
            self.evening = evening
            self.earlier = games[:-1]
            self.party = self._inherit(games[-1])
        elif self.record:
            self.party = copy.deepcopy(self.record)
        else:
            self.party = {
                "variant": self.variant.name,
                "options": dict(self.variant.options),
                "players": list(self.names),
                "lang": self.lang,
                "deals": [],
            }
        self.fields = tuple(getattr(self.variant, "outcome_fields", ()))
        if not self.fields:
            raise KozyrError(f"{self.variant.name} declares no outcome fields to ask")
        sides = self.variant.sides
        self.sides_count = len(sides) if sides else None
        #: Deals undone this session, the last undone last (``redo`` brings them back).
        self.undone: list[tuple[dict[str, Any], Any]] = []
        self._cut_asked = False
        self._first_dealer = 0

    def _inherit(self, game: Mapping[str, Any]) -> dict[str, Any]:
        party = dict(copy.deepcopy(game))
        assert self.evening is not None
        for key in ("variant", "options", "players"):
            if key not in party and key in self.evening:
                party[key] = copy.deepcopy(self.evening[key])
        return party

    # --- the loop ------------------------------------------------------------------------------

    @property
    def deals(self) -> list[dict[str, Any]]:
        deals: list[dict[str, Any]] = self.party["deals"]
        return deals

    @property
    def cut_needed(self) -> bool:
        """Whether the variant settles a finished game with a cut card (PN5, SL19-4, NN5)."""
        return type(self.variant).party_cut is not Variant.party_cut

    def run(self) -> int:
        """Ask deal after deal; when a game is over, the cut card where it settles the game and
        then what next (``next`` game, ``edit N``, ``undo``, ``quit``). Returns 0."""
        self.line(f"{_say(self.lang, 'players')}: " + ", ".join(self._seat_names()))
        holder = self.evening if self.evening is not None else self.party
        if holder.get("lang") != self.lang:  # --lang given again: kept in the file from now on
            holder["lang"] = self.lang
            if self.deals or self.earlier:
                self.save()
        if self.deals or self.earlier:
            if self.earlier:
                self.line(_say(self.lang, "evening", path=self.path, n=len(self.earlier) + 1))
            self.line(_say(self.lang, "resumed", path=self.path, n=len(self.deals)))
            self.show()
        announced = False
        try:
            while True:
                if not self.over():
                    announced = self._cut_asked = False
                    self.next_deal()
                    continue
                if not announced:
                    self.line(_say(self.lang, "over"))
                    announced = True
                if self.cut_needed and "cut" not in self.party and not self._cut_asked:
                    self._cut_asked = True
                    self.ask_cut()
                    continue
                self.after_game()
        except Stop:
            self.line(_say(self.lang, "stopped", path=self.path, n=len(self.deals)))
            return 0
        except KeyboardInterrupt:
            self.line("")
            self.line(_say(self.lang, "stopped", path=self.path, n=len(self.deals)))
            raise

    def after_game(self) -> None:
        """The game is over: ``next`` starts the next game, ``edit N`` / ``undo`` / ``redo`` /
        ``cut`` correct this one, ``quit`` stops."""
        while True:
            word = self.ask(_say(self.lang, "after")).strip().lower()
            if word in QUIT:
                raise Stop
            if word in NEXT:
                self.next_game()
                return
            if word in UNDO:
                self.undo()
                return
            if word in REDO:
                self.redo()
                return
            if word in CUT and self.cut_needed:
                self.ask_cut()
                return
            match = EDIT.match(word)
            if match:
                number = int(match.group(1))
                if 1 <= number <= len(self.deals):
                    self.next_deal(number - 1)
                    return
                self.line(_say(self.lang, "no_deal", n=number, last=len(self.deals) or "-"))
                continue
            self.line(_say(self.lang, "after_help"))

    def next_deal(self, index: int | None = None) -> None:
        """Ask one deal (a new one, or deal ``index`` again) and save it; commands on the way:
        ``undo`` drops the last deal (while editing: leaves the deal as it was), ``redo`` brings
        one back, ``edit N`` asks deal N again first."""
        editing = index is not None
        number = index if index is not None else len(self.deals)
        current = self.deals[number] if index is not None else self.defaults(number)
        while True:
            try:
                trial = self.collect(number, current, editing=editing)
            except Undo:
                if not editing:
                    self.undo()
                return
            except Redo:
                if not editing:
                    self.redo()
                return
            except Edit as edit:
                if not 1 <= edit.number <= len(self.deals):
                    last = len(self.deals) or "-"
                    self.line(_say(self.lang, "no_deal", n=edit.number, last=last))
                    continue
                self.next_deal(edit.number - 1)
                return
            self.party["deals"] = trial
            if not editing:
                self.undone.clear()  # a new deal: what was undone is not brought back
            self.save()
            self.show()
            return

    def collect(
        self, number: int, current: Mapping[str, Any], *, editing: bool
    ) -> list[dict[str, Any]]:
        """The party's deals with deal ``number`` answered and the whole party replaying: a
        problem found by the replay is shown and the field it names asked again (``back``
        from there goes to the question before it); an empty answer there, or a problem that
        names no field, asks the whole deal again with the answers given offered."""
        answers = self.ask_deal(number, current)
        while True:
            trial = [*self.deals]
            if editing:
                trial[number] = answers
            else:
                trial.append(answers)
            problem = self.check(trial)
            if problem is None:
                return trial
            self.line(self.said(problem))
            spec = self._field_at(problem, number)
            if spec is None:  # not one field's fault: the whole deal again
                answers = self.ask_deal(number, answers)
                continue
            self.line(_say(self.lang, "again"))
            answers = self.ask_deal(number, answers, start=self.fields.index(spec), fix=True)

    def ask_deal(
        self, index: int, current: Mapping[str, Any], *, start: int = 0, fix: bool = False
    ) -> dict[str, Any]:
        """Every declared field of deal ``index`` from field ``start``, each checked as it is
        typed (``current``: the answers offered); ``back`` returns to the previous field. With
        ``fix`` (after the replay's error named field ``start``) only that field is asked, with
        nothing offered: ``back`` from there goes on from the field before it, and an empty
        answer asks the whole deal again, every answer given offered, so the field that is
        really wrong can always be reached."""
        fields = self.deal_fields(index)
        if not fix:
            self.line("")
            self.line("== " + _say(self.lang, "deal", n=index + 1) + " ==")
            caption = self.caption(index)
            if caption:
                self.line(caption)
        answers: dict[str, Any] = dict(current) if fix else {}
        i = start
        while i < len(fields):
            spec = fields[i]
            fixing = fix and i == start
            offered = None if fixing else answers.get(spec.name, current.get(spec.name))
            try:
                value = self.ask_field(spec, index, offered, empty=_AGAIN if fixing else _SKIP)
            except Back:
                i = max(i - 1, 0)
                fix = False
                continue
            if value is _AGAIN:
                return self.ask_deal(index, answers)
            if value is _SKIP:
                answers.pop(spec.name, None)
            else:
                answers[spec.name] = value
            if fixing:  # the named field corrected: the replay checks the deal again
                break
            i += 1
        return {spec.name: answers[spec.name] for spec in fields if spec.name in answers}

    def deal_context(self, index: int) -> Mapping[str, Any]:
        """The party context of deal ``index``: what the deals before it give."""
        from kozyr.record import PartyRecord

        result = self.result(self.deals[:index])
        if result is None or result.record is None:
            fields = {k: self.party[k] for k in self.variant.party_fields if k in self.party}
            empty = PartyRecord(self.variant.name, dict(self.variant.options), (), fields=fields)
            return self.variant.party_context(empty, []) or {}
        return self.variant.party_context(result.record, result.deals) or {}

    def deal_fields(self, index: int) -> tuple[Any, ...]:
        """The fields deal ``index`` asks, with that deal's bounds
        (:meth:`Variant.deal_outcome_fields`; the declared fields for most variants)."""
        from kozyr.variant import deal_fields

        if type(self.variant).deal_outcome_fields is Variant.deal_outcome_fields:
            return self.fields
        return deal_fields(self.variant, self.deal_context(index))

    def caption(self, index: int) -> str | None:
        """The variant's caption of deal ``index`` (:meth:`Variant.deal_caption`: "deal 5: 3
        cards"), names filled in, as the web page shows it above the deal."""
        if type(self.variant).deal_caption is Variant.deal_caption:
            return None
        note = self.variant.deal_caption(self.deal_context(index))
        if note is None:
            return None
        names = list(self.names)
        if note.sides and self.variant.sides:
            names = [" & ".join(self.names[s] for s in side) for side in self.variant.sides]
        text = note.text(self.lang, names)
        return f"{text} ({note.rule})" if note.rule else text

    def ask_field(self, spec: Any, index: int, default: Any, *, empty: Any = None) -> Any:
        """One field: prompt, read, parse, check; again until the answer is good. An empty
        answer takes ``default``; with none, an optional field is skipped, and ``empty``
        (when given) is returned for any field."""
        empty = _SKIP if empty is None else empty
        label = spec.label_ru if self.lang == "ru" else spec.label_en
        hint = self._hint(spec)
        shown = self._show(spec, default)
        optional = not spec.required and not spec.core
        suffix = f" [{shown}]" if shown is not None else ""
        if optional and shown is None and empty is _SKIP:
            suffix = f" [{_say(self.lang, 'optional')}]"
        prompt = f"{label} ({spec.rule}{', ' + hint if hint else ''}){suffix}: "
        while True:
            text = self.ask(prompt)
            word = text.strip().lower()
            if word in QUIT:
                raise Stop
            if word in UNDO:
                raise Undo
            if word in REDO:
                raise Redo
            if word in BACK:
                raise Back
            if word in HELP:
                self.line(_say(self.lang, "help"))
                continue
            match = EDIT.match(word)
            if match:
                raise Edit(int(match.group(1)))
            if not text.strip():
                if default is not None:
                    return default
                if empty is not _SKIP or optional:
                    return empty
            value = spec.parse(
                self._names_to_seats(spec, text), self.variant.players, self.sides_count
            )
            where = f"$.deals[{index}]"
            reader = RecordReader(
                {spec.name: value}, where, self.variant.players, variant=self.variant
            )
            try:
                spec.read(reader, self.sides_count)
            except RecordError as error:
                self.line(self.said(error))
                continue
            return value

    def ask_cut(self) -> None:
        """The cut card that settles the finished game (PN5, SL19-4, NN5): checked by replaying
        the game with it; empty leaves it out (the punishment is then not computed)."""
        rule = getattr(self.variant, "punishment_rule", None) or "C7"
        prompt = _say(self.lang, "cut", rule=rule)
        known = self.party.get("cut")
        prompt += f" [{known}]: " if known else f" [{_say(self.lang, 'optional')}]: "
        while True:
            text = self.ask(prompt).strip()
            if text.lower() in QUIT:
                raise Stop
            if not text:
                if not known:
                    self.line(_say(self.lang, "no_cut"))
                return
            reader = RecordReader({}, "$", self.variant.players, variant=self.variant)
            try:
                card = reader.card(text, "$.cut")
                trial = {**self.party, "cut": str(card)}
                replay(trial)
            except KozyrError as error:
                self.line(self.said(error))
                continue
            self.party["cut"] = str(card)
            self.save()
            self.show()
            return

    def next_game(self) -> None:
        """``next``: the game joins the evening's games and a new game starts with the same
        players, variant and options; its first dealer is the seat after the last game's."""
        if not self.over():
            self.line(_say(self.lang, "not_over"))
            return
        if self.evening is None:
            keys = ("variant", "options", "players", "lang", *META_KEYS)
            self.evening = {k: self.party[k] for k in keys if k in self.party}
        game = {
            k: v
            for k, v in self.party.items()
            if k not in ("variant", "options", "players", "lang") or self.evening.get(k) != v
        }
        for key in META_KEYS:
            if game.get(key) == self.evening.get(key):
                game.pop(key, None)
        self.earlier.append(game)
        first = self.deals[0].get("dealer", 0) if self.deals else 0
        start = next_seat(first, self.variant.players) if isinstance(first, int) else 0
        self.party = {k: copy.deepcopy(self.evening[k]) for k in ("variant", "options", "players")}
        self.party["deals"] = []
        self._first_dealer = start
        self.undone.clear()
        self._cut_asked = False
        self.line("")
        self.line("=== " + _say(self.lang, "game", n=len(self.earlier) + 1) + " ===")

    # --- state -----------------------------------------------------------------------------------

    def result(self, deals: Sequence[Mapping[str, Any]] | None = None) -> PartyResult | None:
        """The replayed game so far (None before the first deal)."""
        deals = self.deals if deals is None else deals
        if not deals:
            return None
        result = replay({**self.party, "deals": list(deals)})
        assert isinstance(result, PartyResult)
        return result

    def check(self, deals: Sequence[Mapping[str, Any]]) -> KozyrError | None:
        """The error of the party with these deals (as replay reports it), or None."""
        try:
            self.result(deals)
        except KozyrError as error:
            return error
        return None

    def _field_at(self, error: KozyrError, index: int) -> Any:
        """The declared field of deal ``index`` an error points at, if it names one."""
        if not isinstance(error, RecordError):
            return None
        match = re.match(rf"^\$\.deals\[{index}\]\.(\w+)", error.path)
        if match is None:
            return None
        return next((f for f in self.fields if f.name == match.group(1)), None)

    def over(self) -> bool:
        """Whether the game is over (the variant gives no context for another deal)."""
        result = self.result()
        if result is None or result.record is None:
            return False
        return self.variant.party_context(result.record, result.deals) is None

    def defaults(self, index: int) -> dict[str, Any]:
        """What the next deal's questions offer: the dealer the rules give (clockwise, skipping
        seats that left; the same dealer after a void deal); a new game of an evening starts
        with the seat after the last game's first dealer."""
        result = self.result()
        if result is None or result.record is None:
            return {"dealer": self._first_dealer}
        context = self.variant.party_context(result.record, result.deals) or {}
        previous = result.deals[-1] if result.deals else None
        return {"dealer": self.variant.next_deal_dealer(previous, context)}

    def undo(self) -> None:
        """Drop the last deal, once the user confirms (``redo`` brings it back)."""
        if not self.deals:
            self.line(_say(self.lang, "nothing"))
            return
        number = len(self.deals)
        what = ", ".join(
            f"{spec.label_ru if self.lang == 'ru' else spec.label_en} "
            f"{self._show(spec, self.deals[-1][spec.name])}"
            for spec in self.fields
            if spec.name in self.deals[-1]
        )
        answer = self.ask(_say(self.lang, "confirm_undo", n=number, what=what))
        if answer.strip().lower() not in YES:
            self.line(_say(self.lang, "kept"))
            return
        cut = self.party.pop("cut", None)
        self.undone.append((self.deals.pop(), cut))
        self.save()
        self.line(_say(self.lang, "undone", n=number))
        self.show()

    def redo(self) -> None:
        """Bring back the deal undone last (checked again by replaying the game)."""
        if not self.undone:
            self.line(_say(self.lang, "no_redo"))
            return
        deal, cut = self.undone[-1]
        trial = [*self.deals, deal]
        problem = self.check(trial)
        if problem is not None:
            self.line(self.said(problem))
            return
        self.undone.pop()
        self.party["deals"] = trial
        if cut is not None:
            self.party["cut"] = cut
        self.save()
        self.line(_say(self.lang, "redone", n=len(self.deals)))
        self.show()

    def data(self) -> dict[str, Any]:
        """The file's JSON data: the game as a party record, or -- once a next game was
        started -- the evening record, every game in it."""
        if self.evening is None:
            return self.party
        current = {
            k: v
            for k, v in self.party.items()
            if k not in ("variant", "options", "players") or self.evening.get(k) != v
        }
        # a next game with no deal yet is not written: a party has at least one deal
        return {**self.evening, "games": [*self.earlier, *([current] if self.deals else [])]}

    def save(self) -> None:
        """Write the record atomically (temporary file, fsync, rename)."""
        text = json.dumps(self.data(), ensure_ascii=False, indent=2) + "\n"
        self.write(self.path, text)
        self.line(_say(self.lang, "saved", path=self.path, n=len(self.deals)))

    def show(self) -> None:
        """The running sheet of the current game."""
        result = self.result()
        if result is None:
            return
        checked = getattr(result, "checked", None)
        sheet = build_sheet(result, self.variant, names=self.names, checked=checked)
        self.out.write(render(sheet, "text", lang=self.lang))
        self.out.flush()

    # --- helpers ---------------------------------------------------------------------------------

    def ask(self, prompt: str) -> str:
        """One line of input after ``prompt``; on a terminal through :mod:`readline` (line
        editing and the history of answers), else read from ``inp`` and shown."""
        if _terminal(self.inp, self.out):
            import readline  # noqa: F401  (importing it gives input() line editing)

            self.out.flush()
            try:
                return input(prompt).rstrip("\r\n")
            except EOFError:
                self.line("")
                raise Stop from None
        self.out.write(prompt)
        self.out.flush()
        line = self.inp.readline()
        if not line:
            self.line("")
            raise Stop
        if not _isatty(self.inp):  # piped answers: show them, so the transcript reads well
            self.out.write(line if line.endswith("\n") else line + "\n")
        return line.rstrip("\r\n")

    def line(self, text: str) -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def said(self, error: KozyrError) -> str:
        """An error as keep shows it: in the session's language (:func:`kozyr.i18n.say_error`),
        the deal numbered from 1, each seat by its player's name, each field by its label."""
        text = error.located() if isinstance(error, RecordError) else str(error)
        labels = {f.name: f.label_ru if self.lang == "ru" else f.label_en for f in self.fields}
        if self.lang == "en":  # kozyr's own words, as the command line prints them
            return text
        return say_error(self.lang, text, self.names, labels)

    def _seat_names(self) -> list[str]:
        return [f"{i} {name}" for i, name in enumerate(self.names)]

    def _hint(self, spec: Any) -> str:
        if spec.kind == "choice":
            return "/".join(self._choice_word(spec, c) for c in spec.choices)
        if spec.kind == "flag":
            return "да/нет" if self.lang == "ru" else "yes/no"
        per = {"seat": len(self.names), "side": self.sides_count or len(self.names)}.get(
            spec.per or ""
        )
        if per and spec.kind == "cards":
            if self.lang == "ru":
                return f"{per} руки через |, - = ничего"
            return f"{per} hands separated by |, - = none"
        if spec.kind == "cards":
            return "карты" if self.lang == "ru" else "cards"
        if per:
            return (f"{per} через пробел" if self.lang == "ru" else f"{per} values") + (
                (", - = пусто" if self.lang == "ru" else ", - = null") if spec.nullable else ""
            )
        if spec.kind in ("seat", "side") and spec.nullable:
            return "-" + (" никто" if self.lang == "ru" else " nobody")
        return ""

    def _show(self, spec: Any, value: Any) -> str | None:
        if value is None:
            return None
        if spec.kind == "seat" and isinstance(value, int) and 0 <= value < len(self.names):
            return f"{value} {self.names[value]}"
        if isinstance(value, list):
            return " ".join("-" if v is None else str(v) for v in value)
        if isinstance(value, bool):
            return ("да" if value else "нет") if self.lang == "ru" else ("yes" if value else "no")
        return str(value)

    def _choice_word(self, spec: Any, value: str) -> str:
        """A choice as keep shows it in its language (``beg``: стою/даю/пересдача)."""
        context = "choice " + spec.name
        return value if self.lang == "en" else ptr(self.lang, context, value)

    def _names_to_seats(self, spec: Any, text: str) -> str:
        """Player names typed for seats (or sides) become their numbers: a name is matched
        whole (spaces and all, any case), the longest first; a number is always a seat. A
        choice typed in keep's language becomes its value (``стою`` → ``stand``)."""
        if spec.kind == "choice":
            typed = text.strip().lower()
            words: dict[str, str] = {self._choice_word(spec, c).lower(): c for c in spec.choices}
            return words.get(typed, text)
        if spec.kind not in ("seat", "side", "seats"):
            return text
        return " ".join(str(self._seat_value(spec, t)) for t in seat_tokens(text, self.names))

    def _seat_value(self, spec: Any, token: str | int) -> str | int:
        if isinstance(token, int) and spec.kind == "side" and self.variant.sides:
            return self.variant.side_of(token)
        return token


_SKIP: Any = object()
_AGAIN: Any = object()


def seat_tokens(text: str, names: Sequence[str]) -> list[str | int]:
    """An answer about seats as its parts: each player's name (matched whole, in any case, the
    longest name first, so ``Анна Петровна`` is one player) becomes the seat number, anything
    else stays as typed. Parts are separated by spaces, commas and semicolons; a name's words
    are separated by spaces only.

    >>> seat_tokens("анна петровна, 2 Боря", ["Боря", "Анна Петровна", "Вера"])
    [1, '2', 0]
    >>> seat_tokens("Боря,Анна", ["Боря", "Анна Петровна"])
    [0, 'Анна']
    """
    seats = {name_key(n): i for i, n in enumerate(names)}
    longest = max((len(k.split()) for k in seats), default=1)
    parts: list[str | int] = []
    for group in re.split(r"[,;]+", text):
        words = group.split()
        i = 0
        while i < len(words):
            for size in range(min(longest, len(words) - i), 0, -1):
                seat = seats.get(name_key(" ".join(words[i : i + size])))
                if seat is not None and not re.fullmatch(r"[0-9]+", words[i]):
                    parts.append(seat)
                    i += size
                    break
            else:
                parts.append(words[i])
                i += 1
    return parts


def _isatty(stream: TextIO) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def _terminal(inp: TextIO, out: TextIO) -> bool:
    """Whether keep talks to a person at a terminal (read through readline): the process's
    own standard input and output are terminals, and ``out`` is not a stream of its own."""
    out = getattr(out, "stream", out)  # the command line's guarded standard output
    return inp is sys.stdin and out is sys.stdout and _isatty(inp) and _isatty(out)


def parse_names(text: str | None, seats: int) -> list[str]:
    """``"Аня,Боря,Вера"`` as one name per seat (``seat N`` when not given), each read as a
    record's names are (:func:`kozyr.names.check_names`). A name that is a seat number or one
    of keep's command words is refused: at a seat question a number is always the seat.

    >>> parse_names("Аня, Анна Петровна", 2)
    ['Аня', 'Анна Петровна']
    >>> try:
    ...     parse_names("1,0", 2)
    ... except TextError as error:
    ...     print(error)
    --players[0]: '1' is a seat number: a name may not (a number typed is a seat)
    """
    if text is None:
        return [f"seat {i}" for i in range(seats)]
    names = [n.strip() for n in text.split(",")]
    if len(names) != seats:
        raise KozyrError(f"--players needs {seats} names separated by commas, got {text!r}")
    checked = check_names(names, seats=seats, path="--players")
    check_seat_names(checked, "--players")
    return checked


def check_seat_names(names: Sequence[str], path: str) -> None:
    """Refuse a name keep could not tell from a seat number or a command word."""
    for i, name in enumerate(names):
        if re.fullmatch(r"[0-9]+(?: .*)?", name):  # "1", or "2 Ольга": typed, 2 is a seat
            what = "is a seat number" if name.isdigit() else "begins with a seat number"
            raise TextError(
                f"{path}[{i}]",
                f"{name!r} {what}: a name may not (a number typed is a seat)",
            )
        if name_key(name) in COMMANDS or EDIT.match(name):
            raise TextError(
                f"{path}[{i}]", f"{name!r} is a word keep reads as a command; choose another name"
            )


def load_record(path: str) -> dict[str, Any] | None:
    """The party or evening record in ``path`` to resume, or None when the file does not exist
    yet. A ``.tmp`` file a killed keep left beside it is removed (the record itself is whole:
    it is only ever replaced by a rename)."""
    _remove_stray_temporaries(path)
    if not os.path.exists(path):
        return None
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except (OSError, UnicodeDecodeError) as error:
        raise KozyrError(f"cannot read {path}: {error}") from None
    data = load(text)
    if isinstance(data, dict) and isinstance(data.get("games"), list) and data["games"]:
        games = data["games"]
        if all(isinstance(g, dict) and isinstance(g.get("deals"), list) for g in games):
            return data
    if not isinstance(data, dict) or not isinstance(data.get("deals"), list):
        raise KozyrError(
            f"{path} is not a party or evening record kozyr keep can resume (no deals list)"
        )
    return data


def _remove_stray_temporaries(path: str) -> None:
    """Remove ``.NAME.<hex>.tmp`` files of :mod:`kozyr.atomic` next to ``path`` (a process
    killed between creating and renaming one leaves it)."""
    folder, base = os.path.split(os.path.abspath(path))
    pattern = re.compile(rf"^\.{re.escape(base)}\.[0-9a-f]{{12}}\.tmp$")
    try:
        entries = os.listdir(folder)
    except OSError:
        return
    for entry in entries:
        if pattern.match(entry):
            try:
                os.unlink(os.path.join(folder, entry))
            except OSError:
                pass


def evening_result(data: Mapping[str, Any]) -> PartyResult | EveningResult:
    """The file's record replayed: a party, or the evening."""
    result = replay(dict(data))
    assert isinstance(result, (PartyResult, EveningResult))
    return result


__all__ = ["Keeper", "check_seat_names", "load_record", "parse_names", "seat_tokens"]
