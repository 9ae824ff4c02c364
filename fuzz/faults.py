"""Hostile plugin faults as a fuzz target (``fuzz/run.py``, issue 21 items 9 and 10).

A plugin registered at run time, ``fuzz-faults``, brings a variant ``fuzz-faulty`` (two players,
three cards each, follow suit, PN3), a bot ``fuzz-bot`` and a sheet format ``fuzz-sheet``. Each
input picks one of their hooks and one fault -- an exception of a random type (and message), or
a return value of the wrong type -- and drives it through ``kozyr play``/``replay``/``sheet`` in
process (output through real UTF-8 pipes) or through the web API (``POST /api/score``,
``POST /api/import``).

The oracle needs no table of which command calls which hook: the faulty hook notes that it
ran. If it ran, the answer must be the library's own: exit 3 with one line naming the plugin
(exit 2 for a :class:`~kozyr.errors.KozyrError` the plugin raised on purpose: it speaks for the
input), or HTTP 500 whose ``plugin`` is ``fuzz-faults`` (422 for the KozyrError). If it did not
run, the answer must be exactly the answer without the fault -- so a fault can never end in a
silently different score.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import harness
from harness import Finding

import kozyr
from kozyr import (
    Action,
    Deal,
    DealRecord,
    DealResult,
    Deck,
    FollowElseAny,
    RankOrder,
    ScoreSheet,
    Settlement,
    Variant,
    hookimpl,
)
from kozyr.errors import RecordError

PLUGIN = "fuzz-faults"
VARIANT = "fuzz-faulty"

#: The fault of the current input: (hook, "raise", exception) or (hook, "return", value).
FAULT: dict[str, Any] = {"hook": None}
CALLED: set[str] = set()


def _hook(name: str, value: Any) -> Any:
    """What a hook does: its own value, or the current fault when the fault is for it."""
    if FAULT["hook"] != name:
        return value
    CALLED.add(name)
    if FAULT["mode"] == "raise":
        raise FAULT["error"]
    return FAULT["value"]


class FaultyRules(FollowElseAny):
    def legal_mask(self, hand: int, trick: kozyr.Trick, trump: kozyr.Suit | None) -> int:
        return _hook("legal_mask", super().legal_mask(hand, trick, trump))  # type: ignore[no-any-return]


class Faulty(Variant):
    """Two players, three cards each from 32, trump turned up, follow suit (PN3)."""

    name = VARIANT
    title = "Faulty (fuzz)"
    player_counts = (2,)

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.trick_rules = FaultyRules(RankOrder.ace_high(), rule="PN3")

    def start(self, deal: Deal) -> None:
        _hook("start", None)
        deck = Deck.of_size(32)
        deal.shuffle(deck)
        deal.deal_hands(deck.deal_masks([1, 0], (3,)))
        card = deck.draw(1)[0]
        deal.turn_up(card)
        deal.set_trump(card.suit)
        deal.begin_play(1)

    def setup_replay(self, deal: Deal, record: DealRecord) -> None:
        _hook("setup_replay", None)
        deal.set_trump(record.turnups[0].suit)
        deal.begin_play(1)

    def score(self, record: DealRecord, context: Mapping[str, Any]) -> DealResult:
        tricks = tuple(record.tricks_won(2)) if record.tricks is not None else (0, 0)
        result = DealResult(record, tricks, ScoreSheet((), 2), tricks, Settlement(2))
        return _hook("score", result)  # type: ignore[no-any-return]

    def party_context(self, party: Any, results: Any) -> Mapping[str, Any] | None:
        context = {} if len(results) < 3 else None  # three deals a party
        return _hook("party_context", context)  # type: ignore[no-any-return]

    def score_party(self, party: Any, results: Any) -> kozyr.PartyResult:
        running, total = [], [0, 0]
        for result in results:
            total = [total[0] + result.points[0], total[1] + result.points[1]]
            running.append(tuple(total))
        winner = None if total[0] == total[1] else int(total[1] > total[0])
        party_result = kozyr.PartyResult(
            tuple(results), tuple(running), winner, None, Settlement(2)
        )
        return _hook("score_party", party_result)  # type: ignore[no-any-return]


class FaultyBot:
    def __init__(self, rng: Any) -> None:
        self.rng = rng

    def choose(self, deal: Deal, actions: Any) -> Action:
        return _hook("choose", actions[0])  # type: ignore[no-any-return]


def render(sheet: Any, lang: str) -> str:
    return _hook("render", f"fuzz sheet of {len(sheet.rows) if hasattr(sheet, 'rows') else 0}\n")  # type: ignore[no-any-return]


class Plugin:
    @hookimpl
    def kozyr_register_variants(self, registry: kozyr.VariantRegistry) -> None:
        registry.add(Faulty)

    @hookimpl
    def kozyr_register_bots(self, registry: Any) -> None:
        registry.add("fuzz-bot", FaultyBot)

    @hookimpl
    def kozyr_register_sheet_formats(self, registry: Any) -> None:
        registry.add("fuzz-sheet", render)


class Custom(Exception):
    pass


class CustomValue(ValueError):
    """A plugin's own ValueError: not a KozyrError (which is a ValueError too)."""


def random_error(rng: random.Random) -> BaseException:
    """An exception of a random type, with a random (sometimes hostile) message."""
    message = rng.choice(["boom", "", "a\nb", "x" * 5000, "\ud800", "1/0", "<b>x</b>"])
    kind = rng.choice(
        [
            ValueError, TypeError, KeyError, IndexError, AttributeError, ZeroDivisionError,
            RuntimeError, RecursionError, StopIteration, OSError, AssertionError,
            NotImplementedError, MemoryError, UnicodeError, ArithmeticError, LookupError,
            Custom, CustomValue, RecordError, *EXITS,
        ]
    )  # fmt: skip
    if kind is RecordError:
        return RecordError("$.deals[0]", message or "refused by the plugin")
    if kind is SystemExit:
        return SystemExit(rng.choice([0, 1, 2, 3, message]))
    return kind(message)


#: BaseExceptions a plugin may raise besides KeyboardInterrupt (the user's Ctrl-C).
EXITS: list[type[BaseException]] = [SystemExit, GeneratorExit]

WRONG = [None, 0, 1, -1, "x", b"x", [], {}, (), 1.5, True, object(), ["x"], {"a": 1}]


def _right_type(hook: str, value: Any) -> bool:
    """Whether ``value`` is of the type ``hook`` returns (then it is no fault to return it)."""
    if hook == "legal_mask":
        return isinstance(value, int)
    if hook == "party_context":
        return value is None or isinstance(value, Mapping)
    if hook == "render":
        return isinstance(value, str)
    return False


#: The hooks each driver's fault may be in, and whether a wrong return value is a fault there.
HOOKS = {
    "start": False, "setup_replay": False, "score": True, "legal_mask": True,
    "party_context": True, "score_party": True, "choose": True, "render": True,
}  # fmt: skip


def fault_target(count: int, folder: Path) -> dict[str, tuple[int, Callable[[random.Random], str]]]:
    """The hostile-plugin target (registers ``fuzz-faults`` on its first input)."""
    state: dict[str, Any] = {}

    def setup() -> None:
        kozyr.register_plugin(Plugin(), name=PLUGIN)
        FAULT["hook"] = None
        variant = kozyr.get_variant(VARIANT)
        deal = kozyr.play_deal(variant, seed=3).record.to_json()
        party = kozyr.play_party(variant, seed=4).record.to_json()
        for name, data in (("deal", deal), ("party", party)):
            path = folder / f"faulty-{name}.json"
            path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
            state[name] = (path, data)
        try:
            import network

            state["web"] = network.client(folder, "faults")
        except ImportError:  # no web extra
            state["web"] = None
        state["baseline"] = {}

    def drivers() -> list[tuple[str, Callable[[], tuple[str, Any]]]]:
        deal_path, deal = state["deal"]
        party_path, party = state["party"]
        out: list[tuple[str, Callable[[], tuple[str, Any]]]] = []
        for argv in (
            ["play", VARIANT, "--seed", "5"],
            ["play", VARIANT, "--seed", "5", "--party", "--json"],
            ["play", VARIANT, "--seed", "6", "--bot", "fuzz-bot", "--json"],
            ["replay", str(deal_path), "--json"],
            ["replay", str(party_path)],
            ["sheet", str(party_path), "--format", "text"],
            ["sheet", str(party_path), "--format", "fuzz-sheet"],
            ["sheet", str(deal_path), "--format", "csv"],
        ):
            out.append((" ".join(argv[:1] + argv[2:]), lambda argv=argv: _cli(argv)))
        web = state["web"]
        if web is not None:
            for route in ("/api/score", "/api/import"):
                for name, data in (("deal", deal), ("party", party)):
                    out.append((f"POST {route} {name}", lambda r=route, d=data: _web(web, r, d)))
        return out

    def one(rng: random.Random) -> str:
        if not state:
            setup()
        name, drive = rng.choice(drivers())
        if name not in state["baseline"]:
            FAULT["hook"] = None
            state["baseline"][name] = drive()
        hook = rng.choice(list(HOOKS))
        if HOOKS[hook] and rng.random() < 0.4:
            wrong = [w for w in WRONG if not _right_type(hook, w)]
            FAULT.update(hook=hook, mode="return", value=rng.choice(wrong))
            fault = f"{hook} returns {FAULT['value']!r}"
        else:
            FAULT.update(hook=hook, mode="raise", error=random_error(rng))
            fault = f"{hook} raises {type(FAULT['error']).__name__}"
        CALLED.clear()
        try:
            answer = drive()
        finally:
            FAULT["hook"] = None
        ran = hook in CALLED
        # a variant's hook that raises a KozyrError speaks for the input (exit 2, 422); a bot's
        # or a sheet format's is the plugin's fault like any other
        trusted = FAULT.get("mode") == "raise" and isinstance(FAULT.get("error"), RecordError)
        trusted = trusted and hook not in ("choose", "render")
        what = f"{name}: {fault}"
        kind, detail = answer
        if not ran:
            if answer != state["baseline"][name]:
                raise Finding("wrongly accepted", "faults", f"another answer, hook not run: {what}")
            return "accepted"
        if kind == "ok":
            raise Finding("wrongly accepted", "faults", f"answered as if well: {what}")
        if trusted:
            if kind != "input":
                raise Finding("crash", "faults", f"a plugin's KozyrError answered {answer}: {what}")
            return "rejected"
        if kind != "plugin" or PLUGIN not in detail:
            raise Finding("crash", "faults", f"{kind} {detail[:200]!r}: {what}")
        return "rejected"

    return {"plugin faults: hooks that raise or return wrong types (CLI and web)": (count, one)}


def _cli(argv: list[str]) -> tuple[str, Any]:
    """``kozyr ARGV`` in process: ("ok", stdout), ("input", message) for exit 2, ("plugin",
    message) for exit 3; a traceback, or more than one line, is a Finding (check_cli)."""
    import contextlib

    out, err = harness._Pipe("strict"), harness._Pipe("backslashreplace")
    try:
        with harness._stdin(b""), contextlib.redirect_stderr(err.stream):
            status = harness.main(argv, out=out.stream)
    except BaseException as error:
        harness._close(out, err)
        raise Finding(
            "crash", "faults", f"{argv[:2]}: {type(error).__name__}: {error}"[:300]
        ) from None
    text, message = harness._close(out, err, strict=True)
    if status == 0:
        return "ok", text
    if message.count("\n") != 1 or "Traceback" in message:
        raise Finding("crash", "faults", f"{argv[:2]}: exit {status}, stderr {message[:300]!r}")
    if status == 3:
        return "plugin", message
    if status == 2:
        return "input", message
    raise Finding("crash", "faults", f"{argv[:2]}: exit {status}: {message[:200]!r}")


def _web(web: Any, route: str, data: Any) -> tuple[str, Any]:
    """The API's answer: ("ok", body minus ids), ("input", error) for a 4xx, ("plugin",
    error) for a 500 naming the plugin; another 5xx is a Finding."""
    response = web.post(route, json=data)
    body = response.json()
    if response.status_code < 300:
        if route == "/api/import":
            return "ok", "imported"
        return "ok", body
    if response.status_code == 500 and body.get("plugin") == PLUGIN:
        return "plugin", f"{body['plugin']}: {body['error']}"
    if response.status_code < 500:
        return "input", body.get("error")
    raise Finding("crash", "faults", f"{route}: {response.status_code} {response.text[:200]!r}")
