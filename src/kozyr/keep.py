"""``kozyr keep``: an interactive scorekeeper for a real table.

For each deal it asks exactly the variant's declared outcome fields (``Variant.outcome_fields``,
:mod:`kozyr.outcome`) in Russian or English, checks each answer at once with the messages
``kozyr replay`` gives, and when the deal is complete replays the whole party so the facts that
depend on each other are checked too. After every deal it writes the party record atomically
(temporary file, fsync, rename: a killed ``keep`` loses nothing) and shows the running sheet.
Started again on the same file it resumes where the table left off.

At any question: ``undo`` drops the last deal, ``edit N`` asks deal N again, ``quit`` stops (the
file already holds every finished deal), ``help`` lists these. An empty answer takes the value
shown in brackets. Seats may be given by number or by the player's name.

The loop reads lines from any text stream and writes to another, so it is tested with piped
input and in a pseudo-terminal alike.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

from kozyr.atomic import write_atomic
from kozyr.codec import RecordReader, load
from kozyr.errors import KozyrError, RecordError
from kozyr.record import PartyResult
from kozyr.replay import replay
from kozyr.sheet import build_sheet, render
from kozyr.variant import Variant

#: Words that stop, undo, edit and ask for help (Russian aliases mapped once here).
QUIT = frozenset({"quit", "q", "exit", "выход", "стоп"})
UNDO = frozenset({"undo", "отмена", "назад"})
HELP = frozenset({"help", "?", "помощь"})
EDIT = re.compile(r"^(?:edit|правка)\s+(\d+)$", re.I)

#: Record keys of table metadata a party keeps (issue 11 item 3).
META_KEYS = ("date", "place", "note")


class Stop(Exception):
    """The user typed ``quit`` or the input ended."""


class Undo(Exception):
    """The user typed ``undo``."""


class Edit(Exception):
    """The user typed ``edit N`` (``number`` from 1)."""

    def __init__(self, number: int) -> None:
        super().__init__(number)
        self.number = number


_TEXT = {
    "deal": ("Сдача {n}", "Deal {n}"),
    "saved": ("записано в {path} (сдач: {n})", "saved to {path} (deals: {n})"),
    "over": ("Игра окончена.", "The game is over."),
    "resumed": ("продолжаем {path}: сдач {n}", "resuming {path}: {n} deals"),
    "undone": ("сдача {n} отменена", "deal {n} undone"),
    "nothing": ("отменять нечего", "nothing to undo"),
    "no_deal": ("нет сдачи {n} (сдачи 1..{last})", "there is no deal {n} (deals 1..{last})"),
    "stopped": (
        "остановлено; в {path} сдач: {n}",
        "stopped; {path} holds every finished deal ({n})",
    ),
    "help": (
        "ответ, пусто — значение в скобках; undo — отменить последнюю сдачу; "
        "edit N — исправить сдачу N; quit — выйти (всё записано)",
        "an answer, or empty for the value in brackets; undo: drop the last deal; "
        "edit N: enter deal N again; quit: stop (everything is saved)",
    ),
    "players": ("игроки", "players"),
    "optional": ("необязательно", "optional"),
}


def _say(lang: str, key: str, **values: Any) -> str:
    ru, en = _TEXT[key]
    return (ru if lang == "ru" else en).format(**values)


@dataclass
class Keeper:
    """One scorekeeping session on ``path`` for ``variant`` with ``names`` (one per seat).

    ``record`` is the party record as JSON data (resumed from the file, or new); ``inp`` and
    ``out`` are the streams the questions are read from and written to."""

    path: str
    variant: Variant
    names: list[str]
    inp: TextIO
    out: TextIO
    lang: str = "en"
    record: dict[str, Any] = field(default_factory=dict)
    write: Callable[[str, str], None] = field(default=lambda path, text: write_atomic(path, text))

    def __post_init__(self) -> None:
        if not self.record:
            self.record = {
                "variant": self.variant.name,
                "options": dict(self.variant.options),
                "players": list(self.names),
                "deals": [],
            }
        self.fields = tuple(getattr(self.variant, "outcome_fields", ()))
        if not self.fields:
            raise KozyrError(f"{self.variant.name} declares no outcome fields to ask")
        sides = self.variant.sides
        self.sides_count = len(sides) if sides else None

    # --- the loop ------------------------------------------------------------------------------

    @property
    def deals(self) -> list[dict[str, Any]]:
        deals: list[dict[str, Any]] = self.record["deals"]
        return deals

    def run(self) -> int:
        """Ask deal after deal until the game is over or the user quits; returns 0."""
        self.line(f"{_say(self.lang, 'players')}: " + ", ".join(self._seat_names()))
        if self.deals:
            self.line(_say(self.lang, "resumed", path=self.path, n=len(self.deals)))
            self.show()
        try:
            while not self.over():
                self.next_deal()
        except Stop:
            self.line(_say(self.lang, "stopped", path=self.path, n=len(self.deals)))
            return 0
        except KeyboardInterrupt:
            self.line("")
            self.line(_say(self.lang, "stopped", path=self.path, n=len(self.deals)))
            raise
        self.line(_say(self.lang, "over"))
        return 0

    def next_deal(self, index: int | None = None) -> None:
        """Ask one deal (a new one, or deal ``index`` again) and save it; commands on the way:
        ``undo`` drops the last deal (while editing: leaves the deal as it was), ``edit N``
        asks deal N again first."""
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
            except Edit as edit:
                if not 1 <= edit.number <= len(self.deals):
                    last = len(self.deals) or "-"
                    self.line(_say(self.lang, "no_deal", n=edit.number, last=last))
                    continue
                self.next_deal(edit.number - 1)
                return
            self.record["deals"] = trial
            self.save()
            self.show()
            return

    def collect(
        self, number: int, current: Mapping[str, Any], *, editing: bool
    ) -> list[dict[str, Any]]:
        """The party's deals with deal ``number`` answered and the whole party replaying: a
        problem found by the replay is shown and the field it names (or the deal) asked again."""
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
            self.line(problem.located() if isinstance(problem, RecordError) else str(problem))
            spec = self._field_at(problem, number)
            if spec is None:  # not one field's fault: the whole deal again
                answers = self.ask_deal(number, answers)
                continue
            value = self.ask_field(spec, number, answers.get(spec.name))
            if value is _SKIP:
                answers.pop(spec.name, None)
            else:
                answers[spec.name] = value

    def ask_deal(self, index: int, current: Mapping[str, Any]) -> dict[str, Any]:
        """Every declared field of deal ``index``, each checked as it is typed."""
        self.line("")
        self.line("== " + _say(self.lang, "deal", n=index + 1) + " ==")
        answers: dict[str, Any] = {}
        for spec in self.fields:
            value = self.ask_field(spec, index, current.get(spec.name))
            if value is not _SKIP:
                answers[spec.name] = value
        return answers

    def ask_field(self, spec: Any, index: int, default: Any) -> Any:
        """One field: prompt, read, parse, check; again until the answer is good."""
        label = spec.label_ru if self.lang == "ru" else spec.label_en
        hint = self._hint(spec)
        shown = self._show(spec, default)
        optional = not spec.required and not spec.core
        suffix = f" [{shown}]" if shown is not None else ""
        if optional and shown is None:
            suffix = f" [{_say(self.lang, 'optional')}]"
        prompt = f"{label} ({spec.rule}{', ' + hint if hint else ''}){suffix}: "
        while True:
            text = self.ask(prompt)
            word = text.strip().lower()
            if word in QUIT:
                raise Stop
            if word in UNDO:
                raise Undo
            if word in HELP:
                self.line(_say(self.lang, "help"))
                continue
            match = EDIT.match(word)
            if match:
                raise Edit(int(match.group(1)))
            if not text.strip():
                if default is not None:
                    return default
                if optional:
                    return _SKIP
            value = spec.parse(
                self._names_to_seats(spec, text), self.variant.players, self.sides_count
            )
            where = f"$.deals[{index}]"
            reader = RecordReader({spec.name: value}, where, self.variant.players)
            try:
                spec.read(reader, self.sides_count)
            except RecordError as error:
                self.line(error.located())
                continue
            return value

    # --- state -----------------------------------------------------------------------------------

    def result(self, deals: Sequence[Mapping[str, Any]] | None = None) -> PartyResult | None:
        """The replayed party so far (None before the first deal)."""
        deals = self.deals if deals is None else deals
        if not deals:
            return None
        result = replay({**self.record, "deals": list(deals)})
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
        """Whether the party is over (the variant gives no context for another deal)."""
        result = self.result()
        if result is None or result.record is None:
            return False
        return self.variant.party_context(result.record, result.deals) is None

    def defaults(self, index: int) -> dict[str, Any]:
        """What the next deal's questions offer: the dealer the rules give (clockwise, skipping
        seats that left; the same dealer after a void deal)."""
        result = self.result()
        if result is None or result.record is None:
            return {"dealer": 0}
        context = self.variant.party_context(result.record, result.deals) or {}
        previous = result.deals[-1] if result.deals else None
        return {"dealer": self.variant.next_deal_dealer(previous, context)}

    def undo(self) -> None:
        if not self.deals:
            self.line(_say(self.lang, "nothing"))
            return
        self.deals.pop()
        self.save()
        self.line(_say(self.lang, "undone", n=len(self.deals) + 1))
        self.show()

    def save(self) -> None:
        """Write the record atomically (temporary file, fsync, rename)."""
        text = json.dumps(self.record, ensure_ascii=False, indent=2) + "\n"
        self.write(self.path, text)
        self.line(_say(self.lang, "saved", path=self.path, n=len(self.deals)))

    def show(self) -> None:
        """The running sheet."""
        result = self.result()
        if result is None:
            return
        checked = getattr(result, "checked", None)
        sheet = build_sheet(result, self.variant, names=self.names, checked=checked)
        self.out.write(render(sheet, "text", lang=self.lang))
        self.out.flush()

    # --- helpers ---------------------------------------------------------------------------------

    def ask(self, prompt: str) -> str:
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

    def _seat_names(self) -> list[str]:
        return [f"{i} {name}" for i, name in enumerate(self.names)]

    def _hint(self, spec: Any) -> str:
        if spec.kind == "choice":
            return "/".join(spec.choices)
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
                ", - = null" if spec.nullable else ""
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

    def _names_to_seats(self, spec: Any, text: str) -> str:
        """Player names typed for seats (or sides) become their numbers."""
        if spec.kind not in ("seat", "side", "seats"):
            return text
        lookup = {name.casefold(): i for i, name in enumerate(self.names)}
        sides = self.variant.sides

        def one(token: str) -> str:
            seat = lookup.get(token.casefold())
            if seat is None:
                return token
            if spec.kind == "side" and sides:
                return str(self.variant.side_of(seat))
            return str(seat)

        return " ".join(one(t) for t in re.split(r"[\s,;]+", text.strip()) if t)


_SKIP: Any = object()


def _isatty(stream: TextIO) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def parse_names(text: str | None, seats: int) -> list[str]:
    """``"Аня,Боря,Вера"`` as one name per seat (``seat N`` when not given).

    >>> parse_names("Аня, Боря", 2)
    ['Аня', 'Боря']
    """
    if text is None:
        return [f"seat {i}" for i in range(seats)]
    names = [n.strip() for n in text.split(",")]
    if len(names) != seats or not all(names):
        raise KozyrError(f"--players needs {seats} names separated by commas, got {text!r}")
    if len({n.casefold() for n in names}) != len(names):
        raise KozyrError(f"--players: two players have the same name in {text!r}")
    return names


def load_record(path: str) -> dict[str, Any] | None:
    """The party record in ``path`` to resume, or None when the file does not exist yet."""
    if not os.path.exists(path):
        return None
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except (OSError, UnicodeDecodeError) as error:
        raise KozyrError(f"cannot read {path}: {error}") from None
    data = load(text)
    if not isinstance(data, dict) or not isinstance(data.get("deals"), list):
        raise KozyrError(f"{path} is not a party record kozyr keep can resume (no deals list)")
    return data


__all__ = ["Keeper", "load_record", "parse_names"]
