"""The fuzz targets of kozyr and their oracles, shared by the hypothesis tests, the atheris
harnesses and the long run (``fuzz/run.py``).

Each ``check_*`` function takes one input, runs it through kozyr and returns an outcome:

* ``"accepted"`` -- kozyr read it, and the result passed the target's own checks;
* ``"rejected"`` -- kozyr refused it with a :class:`~kozyr.errors.KozyrError` (a clean error).

Anything else raises :class:`Finding`: a **crash** (any other exception escaping kozyr, or a
CLI run that is not one line and exit 1/2) or a **wrongly accepted** input (one the oracle
knows to be bad, such as a must-reject mutation, that kozyr accepted).
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import os
import random
import re
import sys
import tempfile
import threading
import unicodedata
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import kozyr
from kozyr import CardSet, KozyrError, parse_cards
from kozyr.cli import main
from kozyr.codec import load

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.json"))

#: Every character card notation is made of (RULES C4), for the independent notation oracle.
LATIN = set("tjqkashdcTJQKASHDC")
CYRILLIC = set("вдктпчбВДКТПЧБ")
SYMBOLS = set("♠♥♦♣♤♡♢♧")
DIGITS = set("0123456789")
#: Look-alike and stray characters the generators like to insert.
TRICKY = [
    "\ufe0f", "\ufe0e", "\u200b", "\u200d", "\u00ad", "\ufeff", "\u212a", "\u212b", "\uff21",
    "\u0301", "\u0410", "\u0415", "\u0421", "\u0422", "\u041a", "\u0430", "\u0441", "T", "K",
    "A", "c", "1", "0", "\x00", "\n", " ", ",", ";", "\U0001f0a1", "\ud800",
]  # fmt: skip


class Finding(AssertionError):
    """A crash or a wrongly accepted input; ``kind`` is ``"crash"`` or ``"wrongly accepted"``."""

    def __init__(self, kind: str, target: str, detail: str) -> None:
        super().__init__(f"{kind} in {target}: {detail}")
        self.kind = kind
        self.target = target


def _guard(target: str, action: Callable[[], Any]) -> tuple[str, Any]:
    try:
        return "accepted", action()
    except KozyrError as error:
        message = str(error)
        if len(message) > 2000 or "\n" in message:
            raise Finding("crash", target, f"an unwieldy message: {message[:200]!r}") from None
        return "rejected", error
    except Finding:
        raise
    except RecursionError as error:  # a subclass of RuntimeError; name it plainly
        raise Finding("crash", target, f"RecursionError: {error}") from error
    except Exception as error:
        raise Finding("crash", target, f"{type(error).__name__}: {error}"[:500]) from error


# --- notation -----------------------------------------------------------------------------------


def _token_is_notation(token: str) -> bool:
    """The oracle's own reading of C4: a token of notation characters, in one alphabet, with a
    variation selector only right after a suit symbol at the end."""
    text = token.strip()
    if text.endswith("\ufe0f") and text[-2:-1] in "♠♥♦♣♤♡♢♧":
        text = text[:-1]
    if not text or any(c not in LATIN | CYRILLIC | SYMBOLS | DIGITS for c in text):
        return False
    return not (any(c in LATIN for c in text) and any(c in CYRILLIC for c in text))


def check_notation(text: str) -> str:
    """``parse_cards`` and ``CardSet.parse`` of any text: cards or a clean error; every card
    read comes from a token the oracle agrees is notation, and reads back in every style."""
    outcome, cards = _guard("notation", lambda: parse_cards(text))
    if outcome == "accepted":
        tokens = [t for t in text.replace(",", " ").replace(";", " ").split() if t]
        for token in tokens:
            if not _token_is_notation(token):
                raise Finding("wrongly accepted", "notation", f"token {token!r} of {text!r}")
        for card in cards:
            for style in kozyr.STYLES:
                if kozyr.parse_card(card.format(style)) is not card:
                    raise Finding("crash", "notation", f"{card} does not read back in {style}")
        distinct = len(set(cards)) == len(cards)
        set_outcome, cardset = _guard("notation", lambda: CardSet.parse(text))
        if distinct != (set_outcome == "accepted"):
            raise Finding("crash", "notation", f"CardSet.parse disagrees on {text!r}")
        if set_outcome == "accepted" and set(cardset) != set(cards):
            raise Finding("crash", "notation", f"CardSet.parse reads other cards from {text!r}")
    return outcome


# --- options ------------------------------------------------------------------------------------

VARIANT_NAMES = [*sorted({v.name for v in kozyr.variants()}), "Seven Up", "семерик", "no-such"]


def check_options(name: str, options: dict[str, Any]) -> str:
    """``get_variant(name, **options)`` with any names and JSON values: a variant or an
    OptionError / UnknownVariantError, never a TypeError (``name``, ``self``...)."""
    outcome, variant = _guard("options", lambda: kozyr.get_variant(name, **options))
    if outcome == "accepted":
        for key, value in options.items():
            # a variant of one player count takes that count: an int or its ASCII digits ("+4")
            text = str(value).strip()
            fixed = key == "players" and not isinstance(value, bool)
            fixed = fixed and re.fullmatch(r"[+-]?[0-9]+", text) is not None
            fixed = fixed and int(text) == variant.players
            if key not in variant.options and not fixed:
                raise Finding("wrongly accepted", "options", f"unknown option {key!r}={value!r}")
            if value is None:
                raise Finding("wrongly accepted", "options", f"{key}=None")
    return outcome


# --- records ------------------------------------------------------------------------------------


def example_records() -> list[dict[str, Any]]:
    return [json.loads(path.read_text(encoding="utf-8")) for path in EXAMPLES]


def check_record_text(text: str | bytes) -> str:
    """JSON text (or bytes) through ``load`` and ``replay``: a result that replays again to the
    same result from its own record, or a clean error."""

    def run() -> Any:
        return kozyr.replay(load(text))

    outcome, result = _guard("records", run)
    if outcome == "accepted":
        _check_result(result, "records")
    return outcome


def check_record_data(data: Any, *, must_reject: str | None = None) -> str:
    """A record as JSON data (a mutation of an example); with ``must_reject`` (why) an
    acceptance is a Finding."""
    outcome, result = _guard("records", lambda: kozyr.replay(copy.deepcopy(data)))
    if outcome == "accepted":
        if must_reject is not None:
            raise Finding("wrongly accepted", "records", must_reject)
        _check_result(result, "records")
    return outcome


def _check_result(result: Any, target: str) -> None:
    record = result.record
    if record is None:
        return
    try:
        again = kozyr.replay(json.loads(json.dumps(record.to_json(), ensure_ascii=False)))
    except Exception as error:
        raise Finding("crash", target, f"the record of a result does not replay: {error}") from None
    if again.to_json() != result.to_json():
        raise Finding("crash", target, "the replayed record scores differently")


# --- record mutations ---------------------------------------------------------------------------


def _paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*path, index))


def _get(value: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        value = value[step]
    return value


def _set(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    _get(value, path[:-1])[path[-1]] = new
    return value


JUNK: list[Any] = [
    None, True, False, 0, -1, 1, 7, 2**70, -(2**70), 1.5, float(10**300), "", "As", "Xz", "Tч",
    "10♥\ufe0f", "1\ufe0f0♠", "\u212as", [], [None], {}, {"a": 1}, "A♠ A♠", "♠♥♦♣", "x" * 300,
]  # fmt: skip


def mutate(data: Any, rng: random.Random) -> Any:
    """One random mutation anywhere in a record: a value replaced, a key added or removed, a
    list shortened or extended, a card in a string changed or a tricky character inserted."""
    data = copy.deepcopy(data)
    paths = list(_paths(data))
    path = rng.choice(paths)
    target = _get(data, path)
    choice = rng.randrange(7)
    if choice == 0:
        return _set(data, path, copy.deepcopy(rng.choice(JUNK)))
    if choice == 1 and isinstance(target, dict):
        key = rng.choice(
            [*target, "x", "name", "self", "dealer", "deals", "tricks", "a\nb", "\x16"]
        )
        if key in target and rng.random() < 0.5:
            del target[key]
        else:
            target[key] = copy.deepcopy(rng.choice(JUNK))
        return data
    if choice == 2 and isinstance(target, list) and target:
        if rng.random() < 0.5:
            del target[rng.randrange(len(target))]
        else:
            target.insert(rng.randrange(len(target) + 1), copy.deepcopy(rng.choice(target)))
        return data
    if choice in (3, 4) and isinstance(target, str) and target:
        where = rng.randrange(len(target) + 1)
        insert = rng.choice(TRICKY) if choice == 3 else rng.choice(["A", "10", "♠", "ч", " "])
        return _set(data, path, target[:where] + insert + target[where + 1 :])
    if choice == 5 and isinstance(target, int) and not isinstance(target, bool):
        return _set(data, path, target + rng.choice([-1, 1, 100, -100]))
    return _set(data, path, copy.deepcopy(rng.choice(JUNK)))


def _card_strings(data: Any) -> list[tuple[Any, ...]]:
    return [
        p
        for p in _paths(data)
        if len(p) >= 2 and p[-2] == "hands" and isinstance(_get(data, p), str)
    ]


def must_reject(data: dict[str, Any], rng: random.Random) -> tuple[Any, str]:
    """A mutation the rules say is bad (so kozyr must refuse it), and why."""
    data = copy.deepcopy(data)
    deal = data["deals"][rng.randrange(len(data["deals"]))] if "deals" in data else data
    hands = [i for i, h in enumerate(deal.get("hands") or []) if isinstance(h, str) and h]
    kinds = ["unknown key", "dealer off the table", "negative seed", "bad variant", "bad option"]
    if len(hands) >= 2:
        kinds += ["card in two hands", "invisible character", "mixed alphabets", "repeat in a hand"]
    if isinstance(deal.get("tricks"), list) and deal["tricks"]:
        kinds += ["last trick missing"]
    kind = rng.choice(kinds)
    if kind == "unknown key":
        deal[rng.choice(["dealerr", "name", "self", "trick", "Hands"])] = 1
    elif kind == "dealer off the table":
        deal["dealer"] = rng.choice([-1, 7, 99, True, "0", 0.5])
    elif kind == "negative seed":
        deal["seed"] = rng.choice([-1, -2, -(2**40)])
    elif kind == "bad variant":
        data["variant"] = rng.choice(["seven_up_x", "", "☃", None, 7])
    elif kind == "bad option":
        data["options"] = {rng.choice(["name", "self", "players_", "x"]): 1}
    else:
        first, second = rng.sample(hands, 2)
        cards = deal["hands"][first].split()
        if kind == "card in two hands":
            deal["hands"][second] = deal["hands"][second] + " " + rng.choice(cards)
        elif kind == "repeat in a hand":
            deal["hands"][first] = deal["hands"][first] + " " + rng.choice(cards)
        elif kind == "invisible character":
            index = rng.randrange(len(cards))
            card = cards[index]
            where = rng.randrange(1, len(card))  # inside the card, never after its suit symbol
            cards[index] = card[:where] + rng.choice(["\u200b", "\ufe0f", "\u00ad"]) + card[where:]
            deal["hands"][first] = " ".join(cards)
        elif kind == "mixed alphabets":
            index = rng.randrange(len(cards))
            rank = "T" if rng.random() < 0.5 else "K"
            cards[index] = rank + rng.choice("чбпт")
            deal["hands"][first] = " ".join(cards)
        elif kind == "last trick missing":
            deal["tricks"] = deal["tricks"][:-1]
    if kind == "last trick missing" and deal.get("tricks") is not None:
        pass
    return data, kind


def duplicate_key_text(data: dict[str, Any], rng: random.Random) -> str:
    """JSON text of a record with one key written twice (must be refused)."""
    text = json.dumps(data, ensure_ascii=False)
    key = rng.choice([k for k in data if isinstance(k, str)])
    needle = json.dumps(key) + ": "
    return text.replace(
        needle, needle + json.dumps(data[key], ensure_ascii=False) + ", " + needle, 1
    )


# --- the command line -----------------------------------------------------------------------------


@contextlib.contextmanager
def _stdin(data: bytes) -> Iterator[None]:
    saved = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    try:
        yield
    finally:
        sys.stdin = saved


class _Pipe:
    """A real pipe read by a thread, its write end a UTF-8 text stream (``errors`` as the
    process's own: ``strict`` for standard output, ``backslashreplace`` for standard error) --
    what a user's shell gives ``kozyr``, so a text that cannot be encoded fails here as there."""

    def __init__(self, errors: str) -> None:
        read, write = os.pipe()
        self.data = bytearray()
        self._reader = threading.Thread(target=self._drain, args=(read,), daemon=True)
        self._reader.start()
        self.stream = io.TextIOWrapper(
            os.fdopen(write, "wb"), encoding="utf-8", errors=errors, write_through=False
        )

    def _drain(self, fd: int) -> None:
        with os.fdopen(fd, "rb") as source:
            while chunk := source.read(65536):
                self.data.extend(chunk)

    def close(self) -> str:
        """Flush and close the write end (an encoding error surfaces here), the text read."""
        try:
            self.stream.close()
        finally:
            self._reader.join(timeout=60)
        return self.data.decode("utf-8")


def check_cli(argv: list[str], stdin: bytes = b"") -> str:
    """One ``kozyr`` run in process: exit 0, or 1/2 with exactly one line on stderr; argparse's
    own usage errors (exit 2) count as clean. Standard output and standard error are real pipes
    read as UTF-8 (:class:`_Pipe`), as in a terminal or a shell pipeline: a
    ``UnicodeEncodeError`` on the way out is a crash, as it is for a user."""
    out, err = _Pipe("strict"), _Pipe("backslashreplace")
    status: int | None = None
    try:
        with _stdin(stdin), contextlib.redirect_stderr(err.stream):
            status = main(argv, out=out.stream)
    except SystemExit as exit:  # argparse: a usage error (2) or --help (0)
        _close(out, err)
        if exit.code in (0, 2):
            return "accepted" if exit.code == 0 else "rejected"
        raise Finding("crash", "cli", f"{argv[:3]}: SystemExit({exit.code})") from None
    except Exception as error:
        _close(out, err)
        raise Finding(
            "crash", "cli", f"{argv[:3]}: {type(error).__name__}: {error}"[:500]
        ) from None
    try:
        _, message = _close(out, err, strict=True)
    except Exception as error:
        raise Finding(
            "crash", "cli", f"{argv[:3]}: {type(error).__name__} writing: {error}"[:500]
        ) from None
    if status == 0:
        return "accepted"
    if status not in (1, 2) or message.count("\n") != 1 or "Traceback" in message:
        raise Finding("crash", "cli", f"{argv[:3]}: exit {status}, stderr {message[:300]!r}")
    return "rejected"


def _close(out: _Pipe, err: _Pipe, *, strict: bool = False) -> tuple[str, str]:
    texts = []
    for pipe in (out, err):
        try:
            texts.append(pipe.close())
        except Exception:
            if strict:
                raise
            texts.append("")
    return texts[0], texts[1]


def cli_argv(rng: random.Random, payload: bytes, folder: Path) -> tuple[list[str], bytes]:
    """A random ``kozyr`` command line around a fuzzed payload (the record, cards or options)."""
    text = payload.decode("utf-8", "replace")[:200]
    command = rng.randrange(7)
    variant = rng.choice(VARIANT_NAMES)
    if command == 0:
        return ["replay", "-", *rng.choice([[], ["--json"], ["--max-depth", "3"]])], payload
    if command == 1:
        path = folder / "record.json"
        path.write_bytes(payload)
        return ["replay", str(path), "--json"], b""
    if command == 2:
        return ["rules", variant, "-o", text or "x=1"], b""
    if command == 3:
        return ["score-hand", "semerik", text or "As"], b""
    if command == 4:
        seed = rng.choice(["0", "1", "-1", "x", text[:5] or "2", "99999999999999999999"])
        return ["play", variant, "--seed", seed, *rng.choice([[], ["--json"], ["--party"]])], b""
    if command == 5:
        return ["simulate", variant, "-n", rng.choice(["1", "2", "0", "-3"]), "--quiet",
                "--seed", rng.choice(["0", "5", "-1"])], b""  # fmt: skip
    path = folder / "sheet.json"  # a sheet, in every format, of the fuzzed payload
    path.write_bytes(payload)
    return ["sheet", str(path), "--format", rng.choice(SHEET_FORMATS)], b""


SHEET_FORMATS = ["text", "markdown", "csv", "html", "json"]


# --- text a person typed (issue 21 items 6 and 7) -----------------------------------------------

#: What a name may never hold, by the oracle's own reading of kozyr.names: controls, format
#: (invisible, bidi) characters, surrogates, unassigned and private-use code points, line and
#: paragraph separators -- except a joiner inside a script that needs it.
FORBIDDEN_CATEGORIES = {"Cc", "Cf", "Cs", "Cn", "Co", "Zl", "Zp"}
HOSTILE_TEXT = [
    "Аня", "аня", "АНЯ", "Aня", "Боря", "Анна Петровна", " ", "\u00a0", "\u3000", "\u200b",
    "\u2060", "\u202e", "\u2066", "\u200f", "\u200d", "\u200c", "\ufeff", "\u00ad", "\x00",
    "\n", "\r", "\t", "\x85", "\u2028", "\ud800", "\udfff", "\ue000", "\U000e0001", "e\u0301",
    "\u3164", "=", "+", "-", "@", "=HYPERLINK(\"http://e.vil/\",\"x\")", "|", "<b>", "*", "[x](y)",
    "&amp;", "\\", "'", '"', "1", "0", "👨\u200d👩", "ﬁ", "Ａ", "ß", "x" * 120,
]  # fmt: skip


#: Pieces a name may well hold, formula and markup look-alikes among them.
PLAIN_TEXT = [
    "Аня", "Боря", "Вера", "Гоша", "Анна Петровна", "Jose\u0301", "=1+1", "-3", "@Вера", "+Гоша",
    "=HYPERLINK(\"http://e.vil/\",\"x\")", "<b>", "<img src=x onerror=alert(1)>", "|", "*x*",
    "[x](javascript:alert(1))", "&amp;", "\\", "'", '"', " ", "Ольга 2", "😀",
]  # fmt: skip


def hostile_text(rng: random.Random) -> str:
    """A name or note: mostly plausible pieces (formula and markup look-alikes), sometimes a
    hostile character (invisible, bidi, control, lone surrogate, look-alike letter)."""
    pieces = [
        rng.choice(PLAIN_TEXT if rng.random() < 0.8 else HOSTILE_TEXT)
        for _ in range(rng.randrange(1, 4))
    ]
    return "".join(pieces)


def _oracle_name_ok(name: str) -> bool:
    """The oracle's independent reading: a name kozyr accepted must be NFC, trimmed, UTF-8
    text, and hold no forbidden character (a joiner only between two non-Latin/Cyrillic/Greek
    letters or symbols)."""
    if not name or name != name.strip() or unicodedata.normalize("NFC", name) != name:
        return False
    for i, char in enumerate(name):
        category = unicodedata.category(char)
        if char in "\u200c\u200d":
            if i == 0 or i == len(name) - 1:
                return False
            continue
        if category in FORBIDDEN_CATEGORIES:
            return False
    name.encode("utf-8")
    return True


def check_name(text: str) -> str:
    """``normalise_name`` of any text: a name the oracle agrees is one, whose key is stable,
    or a clean error with a position inside the text."""
    from kozyr.names import name_key, normalise_name

    outcome, name = _guard("names", lambda: normalise_name(text))
    if outcome == "accepted":
        if not _oracle_name_ok(name):
            raise Finding("wrongly accepted", "names", f"{text!r} read as {name!r}")
        if normalise_name(name) != name or name_key(name_key(name)) != name_key(name):
            raise Finding("crash", "names", f"{text!r}: normalising again changes it")
    else:
        position = getattr(name, "position", None)
        if position is not None and not 1 <= position <= len(text):
            raise Finding("crash", "names", f"{text!r}: position {position} outside the text")
    return outcome


def hostile_meta_record(rng: random.Random, examples: list[dict[str, Any]]) -> dict[str, Any]:
    """An example party (or deal), or an evening of two, with hostile players, date, place or
    note."""
    data = copy.deepcopy(rng.choice(examples))
    seats = kozyr.replay(copy.deepcopy(data)).record
    players = None
    if seats is not None and getattr(seats, "variant_object", None) is not None:
        players = seats.variant_object.players
    names = [hostile_text(rng) for _ in range(players or 2)]
    if rng.random() < 0.5 and players:
        names[rng.randrange(players)] = rng.choice(["Аня", "Боря", "Вера", "Гоша"])
    data["players"] = names
    for key in ("date", "place", "note"):
        if rng.random() < 0.3:
            data[key] = hostile_text(rng)
    if rng.random() < 0.3 and "deals" in data:
        return {"games": [data, copy.deepcopy(data)], rng.choice(["note", "place"]): "вечер"}
    return data


def check_hostile_meta(data: dict[str, Any]) -> str:
    """A record whose names and notes are hostile text: refused cleanly, or read with names
    the oracle accepts, no two one player, and every sheet format written as strict UTF-8 --
    Markdown with no raw ``<`` from a name and no broken row, CSV with no cell a spreadsheet
    would run as a formula."""
    from kozyr.names import name_key
    from kozyr.sheet import FORMATS, render, sheet_from

    outcome, result = _guard("names", lambda: kozyr.replay(copy.deepcopy(data)))
    if outcome != "accepted":
        return outcome
    games = result.games if isinstance(result, kozyr.EveningResult) else (result,)
    for game in games:
        names = (game.record.meta if game.record is not None else {}).get("players") or []
        if not all(_oracle_name_ok(n) for n in names):
            raise Finding("wrongly accepted", "names", f"players {names!r}")
        if len({name_key(n) for n in names}) != len(names):
            raise Finding("wrongly accepted", "names", f"two seats one player: {names!r}")
    sheet = sheet_from(result)
    for fmt in FORMATS:
        text = _guard("names", lambda fmt=fmt: render(sheet, fmt))[1]
        if isinstance(text, Exception):
            raise Finding("crash", "names", f"{fmt} sheet: {text}")
        text.encode("utf-8")  # strict: a lone surrogate would fail here
        if fmt == "markdown":
            rows = [line for line in text.splitlines() if line.startswith("| ")]
            widths = {_md_cells(line) for line in rows if not line.startswith("|---")}
            if "<" in text.replace("&lt;", ""):
                raise Finding("wrongly accepted", "names", "raw HTML in a Markdown sheet")
            if len(widths) > 2:  # a game table and the evening table
                raise Finding("crash", "names", f"Markdown rows of {sorted(widths)} cells")
        if fmt == "csv":
            check_csv_text(text)
    return outcome


def _md_cells(line: str) -> int:
    return len(line.strip()[2:-2].split(" | "))  # a name's own pipes are escaped: \\|


def check_csv_text(text: str) -> None:
    """Every cell of a CSV sheet read back by a spreadsheet-style parser (the csv module): none
    begins with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return unless it is a plain
    number (OWASP CSV injection)."""
    import csv

    for row in csv.reader(io.StringIO(text)):
        for cell in row:
            if cell.lstrip(" ").startswith(("=", "+", "-", "@")) or cell.startswith(("\t", "\r")):
                if not re.fullmatch(r"-[0-9]+(?:\.[0-9]+)?", cell):
                    raise Finding("wrongly accepted", "csv", f"a formula cell {cell[:80]!r}")


def hostile_meta_text(rng: random.Random, examples: list[dict[str, Any]]) -> bytes:
    """:func:`hostile_meta_record` as JSON text with every non-ASCII character escaped, so a
    lone surrogate is the escape ``\\ud800`` a file can hold."""
    return json.dumps(hostile_meta_record(rng, examples), ensure_ascii=True).encode("ascii")


def temporary_folder() -> Path:
    return Path(tempfile.mkdtemp(prefix="kozyr-fuzz-"))


__all__ = [
    "Finding",
    "check_cli",
    "check_csv_text",
    "check_hostile_meta",
    "check_name",
    "check_notation",
    "check_options",
    "check_record_data",
    "check_record_text",
    "cli_argv",
    "duplicate_key_text",
    "example_records",
    "hostile_meta_record",
    "hostile_meta_text",
    "hostile_text",
    "must_reject",
    "mutate",
]
