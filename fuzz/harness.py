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
import random
import re
import sys
import tempfile
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


def check_cli(argv: list[str], stdin: bytes = b"") -> str:
    """One ``kozyr`` run in process: exit 0, or 1/2 with exactly one line on stderr; argparse's
    own usage errors (exit 2) count as clean. Output goes to a throw-away buffer."""
    out, err = io.StringIO(), io.StringIO()
    try:
        with _stdin(stdin), contextlib.redirect_stderr(err):
            status = main(argv, out=out)
    except SystemExit as exit:  # argparse: a usage error (2) or --help (0)
        if exit.code in (0, 2):
            return "accepted" if exit.code == 0 else "rejected"
        raise Finding("crash", "cli", f"{argv[:3]}: SystemExit({exit.code})") from None
    except Exception as error:
        raise Finding(
            "crash", "cli", f"{argv[:3]}: {type(error).__name__}: {error}"[:500]
        ) from None
    message = err.getvalue()
    if status == 0:
        return "accepted"
    if status not in (1, 2) or message.count("\n") != 1 or "Traceback" in message:
        raise Finding("crash", "cli", f"{argv[:3]}: exit {status}, stderr {message[:300]!r}")
    return "rejected"


def cli_argv(rng: random.Random, payload: bytes, folder: Path) -> tuple[list[str], bytes]:
    """A random ``kozyr`` command line around a fuzzed payload (the record, cards or options)."""
    text = payload.decode("utf-8", "replace")[:200]
    command = rng.randrange(6)
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
    return ["simulate", variant, "-n", rng.choice(["1", "2", "0", "-3"]), "--quiet",
            "--seed", rng.choice(["0", "5", "-1"])], b""  # fmt: skip


def temporary_folder() -> Path:
    return Path(tempfile.mkdtemp(prefix="kozyr-fuzz-"))


__all__ = [
    "Finding",
    "check_cli",
    "check_notation",
    "check_options",
    "check_record_data",
    "check_record_text",
    "cli_argv",
    "duplicate_key_text",
    "example_records",
    "must_reject",
    "mutate",
]
