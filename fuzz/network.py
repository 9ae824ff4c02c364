"""The network and limit surfaces of issue 21 as fuzz targets (``fuzz/run.py``), each with its
own oracle: ``kozyr serve`` in process (Starlette's ``TestClient`` over a real SQLite file),
``kozyr simulate``'s limits through the CLI, and hostile plugin faults through the CLI and the
web API.

Every target takes a seeded ``random.Random`` and returns ``"accepted"`` or ``"rejected"``, or
raises :class:`harness.Finding`: a **crash** (a 5xx, a traceback, an unlocated 4xx, or an answer
the oracle contradicts, such as a right table code refused outside its back-off) or a **wrongly
accepted** input (a value that is not ASCII digits taken as a number, a wrong table code let in,
a Host not allowed served, a must-reject JSON body stored, an import that stored part of a
record, a plugin fault that ended in a score).
"""

from __future__ import annotations

import json
import logging
import math
import random
import re
import sqlite3
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import quote

import harness
from harness import Finding

Target = tuple[int, Callable[[random.Random], str]]

#: The loopback Host names ``kozyr serve`` answers (kozyr.web.server.LOOPBACK_NAMES).
LOOPBACK = ["127.0.0.1", "localhost", "[::1]", "::1"]
BASE = "http://127.0.0.1"


def _plain(text: str, *, sign: bool = False) -> bool:
    """The oracle's own reading of a number: ASCII digits 0-9 only (``-`` first if ``sign``)."""
    return re.fullmatch(r"-?[0-9]+" if sign else r"[0-9]+", text, flags=re.ASCII) is not None


def _small(text: str) -> int | None:
    """``text`` as a number when it is plain ASCII digits, at most 100 of them."""
    return int(text) if _plain(text) and len(text) <= 100 else None


# --- hostile numbers -----------------------------------------------------------------------------

#: Digits of other scripts and forms that ``str.isdigit`` or ``int`` take.
UNICODE_DIGITS = [
    "²",
    "³",
    "¹",
    "١",
    "٣",
    "۴",
    "४",
    "৩",
    "๓",
    "０",
    "４",
    "𝟙",
    "𝟛",
    "①",
    "⑶",
    "٠",
    "\u0663",
]
SEPARATORS = ["_", " ", "\u00a0", "\u3000", "\u200b", ",", ".", "\t", "\n", "\x1c", "\ufeff"]


def hostile_number(rng: random.Random, good: int | None = None) -> str:
    """:func:`raw_number` with a lone surrogate as U+FFFD (what a form or a query can carry)."""
    return re.sub("[\ud800-\udfff]", "\ufffd", raw_number(rng, good))


def raw_number(rng: random.Random, good: int | None = None) -> str:
    """A number as a hostile client writes it: plain digits, or ``good`` (or any value) in
    Unicode digits, with separators, signs, spaces, leading zeros, thousands of digits,
    ids at and above 2**63, exponents, or not a number at all."""
    value = good if good is not None and rng.random() < 0.6 else rng.choice([0, 1, 2, 3, 7, 12])
    text = str(value)
    kind = rng.randrange(16)
    if kind == 0:
        return text
    if kind == 1:  # one digit (or all) in another script
        digits = list(text)
        for i in range(len(digits)):
            if i == 0 or rng.random() < 0.5:
                digits[i] = rng.choice(UNICODE_DIGITS)
        return "".join(digits)
    if kind == 2:
        return text + rng.choice(SEPARATORS) + rng.choice(["", "0", "000", "5"])
    if kind == 3:
        return rng.choice(["", " ", "  "]) + text + rng.choice(["", " ", "\t", "\u3000"])
    if kind == 4:
        return rng.choice(["+", "-", "--", "−", "﹣", "－"]) + text
    if kind == 5:
        return "0" * rng.choice([1, 3, 19, 25, 5000]) + text
    if kind == 6:
        return rng.choice(["9" * 5000, "1" + "0" * 4300, "9" * 19, "9" * 20, "9" * 21])
    if kind == 7:
        return str(rng.choice([2**63 - 1, 2**63, 2**63 + 1, 2**64, -(2**63), 10**30]))
    if kind == 8:
        return rng.choice(["1e3", "1E2", "0x10", "0o7", "0b1", "1.0", "3.", ".5", "inf", "NaN"])
    if kind == 9:
        return text + rng.choice(harness.HOSTILE_TEXT)
    if kind == 10:
        return rng.choice(harness.HOSTILE_TEXT)
    if kind == 11:
        return "1_000" if rng.random() < 0.5 else f"{value}_{value}"
    if kind == 12:
        return rng.choice(["", " ", "-", "null", "true", "[]", "{}", "None"])
    if kind == 13:
        return text + "\x00"
    if kind == 14:
        return "".join(rng.choice("0123456789" + "".join(UNICODE_DIGITS)) for _ in range(3))
    return str(rng.choice([-1, -7, -(10**20)]))


# --- the in-process server -----------------------------------------------------------------------


def client(folder: Path, name: str, **options: Any) -> Any:
    """A ``TestClient`` of ``kozyr serve``'s application over a real SQLite file; the Host
    names are loopback's unless ``hosts`` is given."""
    from starlette.testclient import TestClient

    from kozyr.web import create_app

    options.setdefault("hosts", LOOPBACK)
    app = create_app(str(folder / f"{name}.sqlite3"), **options)
    return TestClient(app, base_url=BASE, raise_server_exceptions=False)


def _no_5xx(response: Any, what: str) -> None:
    if response.status_code >= 500:
        raise Finding("crash", "web", f"{response.status_code} for {what}: {response.text[:200]!r}")


def _located(response: Any, what: str, *, path_prefix: str | None = "$") -> dict[str, Any]:
    """A 4xx of the API: JSON with a non-empty ``error`` and a ``path`` key (``path_prefix``:
    the path must be a JSON path beginning so)."""
    try:
        data = response.json()
    except ValueError:
        raise Finding("crash", "web", f"{response.status_code} not JSON for {what}") from None
    if not isinstance(data, dict) or not isinstance(data.get("error"), str) or not data["error"]:
        raise Finding("crash", "web", f"{response.status_code} without an error for {what}")
    if "path" not in data:
        raise Finding("crash", "web", f"{response.status_code} without a path for {what}")
    if path_prefix is not None and response.status_code == 422:
        path = data["path"]
        if not isinstance(path, str) or not path.startswith(path_prefix):
            raise Finding("crash", "web", f"422 not located ({path!r}) for {what}: {data['error']}")
    return data


NAMES4 = ["Аня", "Боря", "Вера", "Гоша"]


def number_targets(count: int, folder: Path) -> dict[str, Target]:
    """Numbers in URLs, queries, forms and path ids: never a 5xx, and a value that is not
    plain ASCII digits never taken as a number."""
    web = client(folder, "numbers")
    made = web.post(
        "/api/games",
        json={"variant": "po-noskam", "options": {"players": 3}, "players": NAMES4[:3]},
    )
    assert made.status_code == 201, made.text
    game = made.json()["id"]

    def path_id(rng: random.Random) -> str:
        text = raw_number(rng, good=game) or "-"  # an empty id is another route (the list)
        route = rng.choice(
            ["/api/games/{}", "/games/{}", "/games/{}/export.csv", "/api/games/{}/changes"]
        )
        url = route.format(quote(text, safe="", errors="surrogatepass"))
        response = web.get(url)
        _no_5xx(response, url)
        if response.status_code == 200:
            if _small(text) != game:
                raise Finding("wrongly accepted", "web", f"{url} answered game {game}")
            if (
                route == "/api/games/{}"
                and response.json().get("record", {}).get("players") != NAMES4[:3]
            ):
                raise Finding("crash", "web", f"{url}: another game's answer")
            return "accepted"
        if _small(text) == game and len(text) <= 18:
            raise Finding("crash", "web", f"{url}: {response.status_code} for an existing game")
        if url.startswith("/api/"):
            _located(response, url, path_prefix=None)
        return "rejected"

    def query(rng: random.Random) -> str:
        if rng.random() < 0.5:
            text = hostile_number(rng, good=1)
            response = web.get(f"/api/games/{game}/changes", params={"since": text})
            _no_5xx(response, f"since={text!r}")
            if response.status_code == 200:
                if not (_plain(text) and len(text) <= 18):
                    raise Finding("wrongly accepted", "web", f"changes?since={text[:60]!r}")
                return "accepted"
            _located(response, f"since={text!r}", path_prefix=None)
            if _plain(text) and len(text) <= 18:
                raise Finding("crash", "web", f"since={text!r} refused")
            return "rejected"
        text = hostile_number(rng, good=rng.choice([2, 3, 5, 6]))
        response = web.get("/new", params={"variant": "sem-listov", "players": text})
        _no_5xx(response, f"/new?players={text!r}")
        seats = len(set(re.findall(r'name="player\.(\d+)"', response.text)))
        taken = int(text) if _plain(text) and len(text) <= 20 else None
        expected = taken if taken is not None and 2 <= taken <= 7 else 4
        if seats != expected:
            kind = "wrongly accepted" if taken is None else "crash"
            raise Finding(kind, "web", f"/new?players={text[:60]!r} shows {seats} seats")
        return "accepted" if taken is not None else "rejected"

    def form(rng: random.Random) -> str:
        if rng.random() < 0.4:  # a new game's dealer and a number option
            dealer, target = hostile_number(rng, good=2), hostile_number(rng, good=11)
            data = {"variant": "seven-up", "dealer": dealer, "o.target": target}
            data.update({f"player.{i}": name for i, name in enumerate(NAMES4)})
            response = web.post("/games", data=data, follow_redirects=False)
            _no_5xx(response, f"POST /games dealer={dealer!r} target={target!r}")
            if response.status_code != 303:
                return "rejected"
            made = web.get("/api" + response.headers["location"]).json()
            if dealer and _small(dealer) is None:
                raise Finding("wrongly accepted", "web", f"dealer={dealer[:60]!r} taken")
            seat = _small(dealer) or 0
            want = target.strip()
            if not re.fullmatch(r"[+-]?[0-9]+", want, flags=re.ASCII) or len(want) > 30:
                raise Finding("wrongly accepted", "web", f"o.target={target[:60]!r} taken")
            if made["next_dealer"] != seat or made["record"]["options"]["target"] != int(want):
                raise Finding(
                    "wrongly accepted", "web", f"dealer={dealer[:60]!r}: {made['next_dealer']}"
                )
            return "accepted"
        field = rng.choice(["f.dealer", "f.tricks_won.0", "f.tricks_won.1"])
        good = {"f.dealer": 1, "f.tricks_won.0": 3, "f.tricks_won.1": 2}[field]
        text = hostile_number(rng, good=good)
        data = {
            "f.dealer": "1",
            "f.tricks_won.0": "3",
            "f.tricks_won.1": "2",
            "f.tricks_won.2": "2",
        }
        data[field] = text
        response = web.post(f"/games/{game}/deals", data=data, follow_redirects=False)
        _no_5xx(response, f"{field}={text!r}")
        if response.status_code != 303:
            return "rejected"
        deals = web.get(f"/api/games/{game}").json()["record"]["deals"]
        deal = deals[-1]
        web.delete(f"/api/games/{game}/deals/last")
        stored = deal.get("dealer") if field == "f.dealer" else deal["tricks_won"][int(field[-1])]
        trimmed = text.strip()
        if trimmed in ("", "-", "null"):
            return "accepted"  # left out: the next dealer, or a count the others imply
        if not _plain(trimmed, sign=True) or stored != int(trimmed):
            raise Finding("wrongly accepted", "web", f"{field}={text[:60]!r} stored as {stored!r}")
        return "accepted"

    return {
        "web numbers: path ids (/api/games/ID, /games/ID, export, changes)": (count, path_id),
        "web numbers: queries (?since=, /new?players=)": (count, query),
        "web numbers: forms (new game dealer and options, deal fields)": (count, form),
    }


# --- the table code ------------------------------------------------------------------------------

CODE = "kobira-semuto-latipe-gunaro"
LOOKALIKE = {"o": "о", "a": "а", "e": "е", "p": "р", "x": "х", "k": "к", "i": "і", "u": "υ"}
#: Text that holds no letter or digit: a code with it is still the code (compared by letters).
NOT_LETTERS = [
    " ",
    "-",
    "--",
    "_",
    ".",
    "/",
    "!",
    "'",
    '"',
    "\u200b",
    "\u00a0",
    "\u202e",
    "😀",
    "\u3000",
    "—",
    "\ufeff",
    "\u00ad",
]
ASCII_NOT_LETTERS = [" ", "-", "_", ".", "/", "!", "'", '"', "~", "%", "+", ":"]


def code_guess(rng: random.Random, header: bool) -> tuple[str, bool]:
    """A guess at :data:`CODE` and whether it is the code by construction: the code itself
    in other case, spacing or separators (right), or a near miss -- a letter changed, two
    swapped, a word dropped, changed or added, a look-alike letter, another fresh code,
    hostile text (wrong). ``header``: only what an HTTP header can carry."""
    from kozyr.web.tablecode import make_code

    words = CODE.split("-")
    right = rng.random() < 0.35
    if right:
        seps = ASCII_NOT_LETTERS if header else NOT_LETTERS
        out = []
        for word in words:
            out.append("".join(c.upper() if rng.random() < 0.3 else c for c in word))
            out.append(rng.choice(["-", "", " ", *seps]))
        text = "".join(out[:-1])
        if rng.random() < 0.3:
            text = rng.choice(seps) + text + rng.choice(seps)
        return text, True
    kind = rng.randrange(8)
    letters = list("".join(words))
    if kind == 0:
        i = rng.randrange(len(letters))
        letters[i] = rng.choice(
            [c for c in "abcdefghijklmnopqrstuvwxyz0123456789" if c != letters[i]]
        )
        text = "".join(letters)
    elif kind == 1:
        i = rng.choice([j for j in range(len(letters) - 1) if letters[j] != letters[j + 1]])
        letters[i], letters[i + 1] = letters[i + 1], letters[i]
        text = "-".join("".join(letters[k : k + 6]) for k in range(0, 24, 6))
    elif kind == 2:
        drop = rng.randrange(4)
        text = "-".join(w for i, w in enumerate(words) if i != drop)
    elif kind == 3:
        change = rng.randrange(4)
        other = make_code().split("-")[0]
        text = "-".join(other if i == change else w for i, w in enumerate(words))
    elif kind == 4:
        text = CODE + rng.choice(["-kobira", "x", "0", "-a"])
    elif kind == 5 and not header:
        i = rng.choice([j for j, c in enumerate(CODE) if c in LOOKALIKE])
        text = CODE[:i] + LOOKALIKE[CODE[i]] + CODE[i + 1 :]
    elif kind == 6:
        text = make_code()
    else:
        text = (
            harness.hostile_text(rng)
            if not header
            else rng.choice(["000000", "424242", "x", "' OR 1=1 --", CODE[:-1]])
        )
    return text, False


class _Counter(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.count += 1


def table_code_target(count: int, folder: Path) -> dict[str, Target]:
    """Guesses at a table code through ``X-Table-Code``, the code page and the code link,
    with a fake clock that moves on between guesses; the oracle keeps its own model of the
    documented back-off (3 free tries, then 1, 2, 4 … s up to an hour)."""
    from kozyr.web.tablecode import Attempts, Gate, TableCode, canonical

    now = [1000.0]
    log = logging.getLogger("kozyr.fuzz.tablecode")
    log.propagate = False
    counter = _Counter()
    log.addHandler(counter)
    gate = Gate(TableCode(CODE), Attempts(lambda: now[0], logger=log))
    web = client(folder, "tablecode", code=CODE, gate=gate)
    model = {"failures": 0, "not_before": 0.0}
    body = {"variant": "seven-up", "players": NAMES4}

    def wrong() -> float:
        model["failures"] += 1
        over = model["failures"] - 4
        delay = 0.0 if over < 0 else min(3600.0, 2.0**over)
        model["not_before"] = now[0] + delay
        return delay

    def guess(rng: random.Random) -> str:
        now[0] += rng.choice([0.0, 0.0, 0.0, 0.4, 1.0, 2.0, 3.0, 9.0, 40.0, 4000.0])
        channel = rng.choice(["header", "form", "link"])
        text, right = code_guess(rng, channel == "header")
        text = re.sub("[\ud800-\udfff]", "\ufffd", text)  # what a form or a query can carry
        web.cookies.clear()
        waiting = model["not_before"] - now[0]
        logged = counter.count
        if channel == "header":
            sent = text.encode("utf-8")
            seen = sent.decode("latin-1").strip(" \t")
            response = web.post("/api/games", json=body, headers={"X-Table-Code": sent})
            offered = bool(seen)
            ok = 201
        elif channel == "form":
            response = web.post("/code", data={"code": text, "next": "/"}, follow_redirects=False)
            offered = True
            ok = 303
        else:
            response = web.get("/code", params={"code": text}, follow_redirects=False)
            offered = True
            ok = 303
        status = response.status_code
        _no_5xx(response, f"{channel} {text!r}")
        what = f"{channel} {text!r} (right: {right}, wait {max(0, waiting):g} s)"
        if status == ok:
            if not right:
                raise Finding("wrongly accepted", "tablecode", what)
            if offered and waiting > 0:
                raise Finding("wrongly accepted", "tablecode", f"during its back-off: {what}")
            if channel != "header":
                cookie = response.headers.get("set-cookie", "")
                if f"kozyr_code={canonical(CODE)}" not in cookie:
                    raise Finding("crash", "tablecode", f"no code cookie: {what}")
            model["failures"], model["not_before"] = 0, 0.0
            return "accepted"
        if offered and waiting > 0:
            if status != 429:
                raise Finding("crash", "tablecode", f"{status} during the back-off: {what}")
            retry = response.headers.get("retry-after", "")
            if retry != str(max(1, math.ceil(waiting - 1e-9))):
                raise Finding("crash", "tablecode", f"Retry-After {retry!r}: {what}")
            if counter.count != logged:
                raise Finding("crash", "tablecode", f"a refused try was counted: {what}")
            return "rejected"
        if status != 403:
            raise Finding("crash", "tablecode", f"{status}, not {ok} or 403: {what}")
        if right and offered:
            raise Finding("crash", "tablecode", f"the right code refused: {what}")
        if offered:
            wrong()
            if counter.count != logged + 1:
                raise Finding("crash", "tablecode", f"a wrong try not logged: {what}")
        elif counter.count != logged:
            raise Finding("crash", "tablecode", f"no code counted as a try: {what}")
        if gate.attempts.failures("testclient") != model["failures"]:
            raise Finding(
                "crash",
                "tablecode",
                f"{gate.attempts.failures('testclient')} failures counted, "
                f"model {model['failures']}: {what}",
            )
        return "rejected"

    return {"web table code: near misses and the right code, with back-off": (count, guess)}


# --- Host headers --------------------------------------------------------------------------------

HOST_PIECES = [
    "localhost",
    "127.0.0.1",
    "[::1]",
    "::1",
    "kozyr.lan",
    "192.168.1.5",
    "10.0.0.9",
    "evil.com",
    "127.0.0.1.nip.io",
    "localhost.",
    "LOCALHOST",
    "LocalHost",
    "[::ffff:127.0.0.1]",
    "0.0.0.0",
    "[fe80::1%eth0]",
    "[::1",
    "::1]",
    "[]",
    "2130706433",
    "0x7f000001",
    "127.1",
    "localhost\u200b",
    "lоcalhost",
    "ｌocalhost",
    "xn--lcalhost-9ze",
    "kozyr.lan.evil.com",
    "[2001:db8::1]",
    "*",
    "",
    " ",
    "localhost localhost",
    "a" * 300,
    "127.0.0.1/x",
    "127.0.0.1?x",
    "127.0.0.1#x",
    "user:pass@localhost",
    "localhost@evil.com",
    "evil.com@localhost",
    "\\\\evil.com",
]
PORTS = [
    "",
    ":8765",
    ":80",
    ":0",
    ":65535",
    ":99999",
    ":",
    "::",
    ":123456",
    ":٨٠",
    ": 80",
    ":-1",
    ":80:80",
]


def _allowed(host: str, names: set[str], addresses: bool) -> bool:
    """The oracle's own reading of which Host headers a server answers: one of its ``names``
    (case-insensitive; an IPv6 address in brackets), then a port of 1-5 ASCII digits or
    none; with ``addresses``, any IPv4 address or bracketed IPv6 address as well."""
    import ipaddress

    if host.startswith("["):
        end = host.find("]")
        if end < 0:
            return False
        name, rest = host[1:end], host[end + 1 :]
        if not name or any(c not in "0123456789abcdefABCDEF:." for c in name):
            return False
        bracketed = True
    else:
        name, colon, port = host.partition(":")
        rest = colon + port
        bracketed = False
    if rest and not re.fullmatch(r":[0-9]{1,5}", rest, flags=re.ASCII):
        return False
    if not bracketed and not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9.-]*", name, flags=re.ASCII):
        return False
    if name.lower() in names:
        return True
    if not addresses:
        return False
    try:
        address = ipaddress.ip_address(name)
    except ValueError:
        return False
    return bracketed == (address.version == 6)


def host_target(count: int, folder: Path) -> dict[str, Target]:
    """Random and crafted Host headers at a loopback server and at one beyond loopback
    (its names, and any address): only the allowed hosts are served, every refusal a 400."""
    loop = client(folder, "hosts-loopback")
    lan_names = [*LOOPBACK, "kozyr.lan", "kozyr.lan.local", "192.168.1.5"]
    lan = client(folder, "hosts-lan", hosts=lan_names, addresses=True)
    servers = [
        (loop, {n.strip("[]").lower() for n in LOOPBACK}, False),
        (lan, {n.strip("[]").lower() for n in lan_names}, True),
    ]

    def host(rng: random.Random) -> str:
        web, names, addresses = rng.choice(servers)
        piece = rng.choice(HOST_PIECES)
        if rng.random() < 0.3:
            piece = rng.choice(HOST_PIECES) + rng.choice(["@", ".", "", ":", "%40", "\\"]) + piece
        if rng.random() < 0.15:
            piece = harness.hostile_text(rng)
        if rng.random() < 0.2:
            address = rng.choice(
                [
                    f"{rng.randrange(256)}.{rng.randrange(256)}.{rng.randrange(256)}.{rng.randrange(256)}",
                    f"[{rng.randrange(65536):x}::{rng.randrange(65536):x}]",
                    f"{rng.randrange(999)}.{rng.randrange(999)}.1.1",
                ]
            )
            piece = address
        text = piece + rng.choice(PORTS)
        if rng.random() < 0.1:
            text = "".join(c.upper() if rng.random() < 0.5 else c for c in text)
        sent = bytes(b for b in text.encode("utf-8", "replace") if b >= 0x20 and b != 0x7F)
        seen = sent.decode("latin-1").strip(" \t")
        path = rng.choice(["/api/variants", "/", "/api/games"])
        if rng.random() < 0.2:
            response = web.post(
                "/api/games",
                json={"variant": "seven-up", "players": NAMES4},
                headers={"host": sent},
            )
        else:
            response = web.get(path, headers={"host": sent})
        _no_5xx(response, f"Host {seen!r}")
        served = response.status_code != 400
        allowed = _allowed(seen, names, addresses)
        what = f"Host {seen[:80]!r} ({'addresses' if addresses else 'loopback'})"
        if served and not allowed:
            raise Finding("wrongly accepted", "hosts", f"{what}: {response.status_code}")
        if allowed and not served:
            raise Finding("crash", "hosts", f"{what} refused: {response.text[:120]}")
        if not served and response.request.url.path.startswith("/api/"):
            _located(response, what, path_prefix=None)
        return "accepted" if served else "rejected"

    return {"web Host headers (loopback, and beyond it with addresses)": (count, host)}


# --- JSON bodies ---------------------------------------------------------------------------------


def hostile_json(rng: random.Random, base: Any) -> tuple[bytes, str | None]:
    """JSON text for a deal or fields body, and why it must be refused (None: it may be read):
    a mutation of ``base``, deep nesting, huge numbers, wrong types, duplicate keys, NaN,
    truncated text, bytes that are not UTF-8."""
    kind = rng.randrange(9)
    if kind == 0:
        return json.dumps(harness.mutate(base, rng), ensure_ascii=False).encode(), None
    if kind == 1:
        depth = rng.choice([10, 62, 65, 66, 200, 5000, 100_000])
        opener, closer = rng.choice([("[", "]"), ('{"a":', "}")])
        text = opener * depth + rng.choice(["1", "[]", "{}"]) + closer * depth
        return text.encode(), "too deep" if depth > 63 else None
    if kind == 2:
        digits = rng.choice([20, 99, 101, 400, 4301, 5000, 100_000])
        number = rng.choice(["", "-"]) + "9" * digits + rng.choice(["", ".5", "e5"])
        key = rng.choice(list(base)) if isinstance(base, dict) and base else "dealer"
        text = json.dumps({**base, key: 0}).replace(f'"{key}": 0', f'"{key}": {number}', 1)
        return text.encode(), "a number too long" if len(number.lstrip("-")) > 100 else None
    if kind == 3:
        return json.dumps(
            rng.choice([[], "x", 1, None, True, [base], {"": base}, 1.5])
        ).encode(), None
    if kind == 4 and isinstance(base, dict) and base:
        key = rng.choice(list(base))
        text = json.dumps(base)
        needle = json.dumps(key) + ": "
        text = text.replace(
            needle, needle + json.dumps(rng.choice([0, 1, None, "x"])) + ", " + needle, 1
        )
        return text.encode(), "a duplicate key"
    if kind == 5:
        key = rng.choice(list(base)) if isinstance(base, dict) and base else "dealer"
        text = json.dumps({**base, key: 0}).replace(
            f'"{key}": 0', f'"{key}": {rng.choice(["NaN", "Infinity", "-Infinity"])}', 1
        )
        return text.encode(), "NaN"
    if kind == 6:
        text = json.dumps(base).encode()
        return text[: rng.randrange(len(text))], None
    if kind == 7:
        text = bytearray(json.dumps(base, ensure_ascii=False).encode())
        text.insert(rng.randrange(len(text) + 1), rng.choice([0xFF, 0xC0, 0xED, 0x80]))
        return bytes(text), None
    return ("\ufeff" + json.dumps(base)).encode(), None


def json_target(count: int, folder: Path) -> dict[str, Target]:
    """Hostile JSON in ``POST /api/games/{id}/deals``, ``PUT …/deals/0``, ``PUT …/fields``
    and the page's ``POST /games/{id}/fields`` and deal box: never a 5xx, every 4xx of the
    API a located ``error``, and a must-reject body never stored."""
    import kozyr
    from kozyr.web import games

    web = client(folder, "json")
    made = web.post(
        "/api/games",
        json={"variant": "po-noskam", "options": {"players": 3}, "players": NAMES4[:3]},
    )
    game = made.json()["id"]
    deal = {"dealer": 0, "tricks_won": [3, 2, 2]}
    party_keys = games.party_keys(kozyr.get_variant("po-noskam", players=3))
    assert web.post(f"/api/games/{game}/deals", json=deal).status_code == 201

    def body(rng: random.Random) -> str:
        route = rng.choice(["deals", "edit", "fields", "page-fields", "page-deal"])
        base: Any = {"cut": None} if "fields" in route else deal
        text, why = hostile_json(rng, base)
        headers = {"Content-Type": "application/json"}
        before = web.get(f"/api/games/{game}").json()["revision"]
        if route == "deals":
            response = web.post(f"/api/games/{game}/deals", content=text, headers=headers)
        elif route == "edit":
            response = web.put(f"/api/games/{game}/deals/0", content=text, headers=headers)
        elif route == "fields":
            response = web.put(f"/api/games/{game}/fields", content=text, headers=headers)
        elif route == "page-fields":
            form = {f"p.{key}": text.decode("utf-8", "replace") for key in party_keys}
            response = web.post(f"/games/{game}/fields", data=form, follow_redirects=False)
        else:
            form = {"deal_json": text.decode("utf-8", "replace")}
            response = web.post(f"/games/{game}/deals", data=form, follow_redirects=False)
        what = f"{route} {text[:80]!r}"
        _no_5xx(response, what)
        after = web.get(f"/api/games/{game}").json()
        changed = after["revision"] != before
        if response.status_code < 400:
            if why is not None and changed:
                raise Finding("wrongly accepted", "json", f"{why} stored: {what}")
            if route in ("deals", "page-deal") and changed:
                web.delete(f"/api/games/{game}/deals/last")
            if route == "edit" and changed:
                web.put(f"/api/games/{game}/deals/0", json=deal)
            return "accepted"
        if changed:
            raise Finding("crash", "json", f"refused ({response.status_code}) but stored: {what}")
        if not route.startswith("page"):
            _located(response, what)
        return "rejected"

    return {"web JSON bodies (deals, edits, fields; API and pages)": (count, body)}


# --- imports -------------------------------------------------------------------------------------


def import_target(count: int, folder: Path, examples: list[dict[str, Any]]) -> dict[str, Target]:
    """``POST /api/import`` of mutated parties, deals and evenings, half of them with an
    ``Idempotency-Key`` and sent twice: never a 5xx; the number of games grows by exactly the
    record's games or by 0; a repeat stores nothing new and gets the first answer; a record
    ``kozyr.replay`` refuses (or a must-reject mutation) is never stored."""
    import kozyr

    web = client(folder, "import")
    database = folder / "import.sqlite3"
    keys = iter(range(10**9))

    def games() -> int:
        with sqlite3.connect(database) as connection:
            return int(connection.execute("SELECT count(*) FROM games").fetchone()[0])

    def one(rng: random.Random) -> str:
        data: Any = json.loads(json.dumps(rng.choice(examples)))
        if rng.random() < 0.3 and "deals" in data:
            other = json.loads(json.dumps(rng.choice([e for e in examples if "deals" in e])))
            data = {"games": [data, other], "place": "дача"}
            if rng.random() < 0.5:  # the second game inherits the evening's variant
                data["variant"] = other.get("variant")
                other.pop("variant", None)
        why = None
        if rng.random() < 0.2 and "games" not in data:
            data, why = harness.must_reject(data, rng)
        elif rng.random() < 0.7:
            data = harness.mutate(data, rng)
        text = json.dumps(data, ensure_ascii=rng.random() < 0.5)
        key = f"fuzz-{next(keys)}" if rng.random() < 0.5 else None
        headers = {"Content-Type": "application/json"}
        if key is not None:
            headers["Idempotency-Key"] = key
        before = games()
        response = web.post(
            "/api/import", content=text.encode("utf-8", "surrogatepass"), headers=headers
        )
        what = f"import {text[:100]!r}"
        _no_5xx(response, what)
        grown = games() - before
        if response.status_code != 201:
            if grown:
                raise Finding(
                    "wrongly accepted", "import", f"refused but {grown} games stored: {what}"
                )
            _located(response, what, path_prefix=None)
            return "rejected"
        answer = response.json()
        expected = (
            len(data["games"])
            if isinstance(data, dict) and isinstance(data.get("games"), list)
            else 1
        )
        if grown != expected or len(answer.get("games", [])) != expected:
            raise Finding(
                "wrongly accepted", "import", f"{grown} games stored of {expected}: {what}"
            )
        if why is not None:
            raise Finding("wrongly accepted", "import", f"{why}: {what}")
        try:
            if not (isinstance(data, dict) and data.get("deals") == []):  # an empty game
                kozyr.replay(json.loads(text))
        except kozyr.KozyrError as error:
            raise Finding(
                "wrongly accepted", "import", f"kozyr replay refuses it ({error}): {what}"
            ) from None
        if key is not None:
            again = web.post(
                "/api/import", content=text.encode("utf-8", "surrogatepass"), headers=headers
            )
            if again.status_code != 201 or again.json() != answer or games() != before + grown:
                raise Finding(
                    "wrongly accepted",
                    "import",
                    f"a repeat stored again or answered {again.status_code}: {what}",
                )
            if again.headers.get("idempotency-replayed") != "true":
                raise Finding("crash", "import", f"a repeat not marked replayed: {what}")
        return "accepted"

    return {"web POST /api/import: mutated records, all or nothing, repeats": (count, one)}


# --- simulate's limits through the CLI -----------------------------------------------------------

MAX_UNITS = 100_000_000


def simulate_target(count: int) -> dict[str, Target]:
    """``kozyr simulate -n N [--max-deals M] [--workers W]`` with hostile numbers, only tiny
    or over-limit ones so nothing runs long: clean (exit 0, or 2 with one line), refused
    unless every number is ASCII digits, refused above the limit before allocating (under
    2 MB traced), and accepted when tiny and well-formed."""

    def one(rng: random.Random) -> str:
        variant = rng.choice(["seven-up", "po-noskam", "sem-listov", "semerik"])
        argv = ["simulate", variant, "--quiet", "--seed", "1", "--engine", "reference"]
        max_text = None
        if rng.random() < 0.5:
            max_text = hostile_number(rng, good=rng.choice([1, 2, 5, 1000]))
            argv += ["--max-deals", max_text]
        max_ok = max_text is None or (_small(max_text) or 0) >= 1
        limit = int(max_text) if max_text is not None and max_ok else MAX_UNITS
        n = hostile_number(rng, good=rng.choice([1, 2, 3]))
        if (_small(n) or 0) > 3 and int(n) <= limit:
            n = str(limit + rng.choice([1, 7, 10**25]))  # over the limit: refused at once
        argv[2:2] = ["-n", n]
        workers = None
        if rng.random() < 0.3:
            workers = hostile_number(rng, good=1)
            if (_small(workers) or 0) > 1:
                workers = "1"
            argv += ["--workers", workers]
        n_ok = _small(n) is not None
        workers_ok = workers is None or (_small(workers) or 9) <= 1
        over = n_ok and max_ok and int(n) > limit
        if over:
            tracemalloc.start()
        try:
            outcome = harness.check_cli(argv)
        finally:
            if over:
                peak = tracemalloc.get_traced_memory()[1]
                tracemalloc.stop()
        what = " ".join(a[:40] for a in argv[2:])
        if over and peak > 2 << 20:
            raise Finding("crash", "simulate", f"{peak:,} bytes allocated to refuse: {what}")
        if outcome == "accepted" and not (n_ok and max_ok and workers_ok and not over):
            raise Finding("wrongly accepted", "simulate", what)
        if outcome == "rejected" and n_ok and max_ok and workers_ok and not over:
            raise Finding("crash", "simulate", f"a tiny well-formed run refused: {what}")
        return outcome

    return {"CLI simulate limits (-n, --max-deals, --workers)": (count, one)}
