"""JSON text as kozyr reads it: strict, bounded, and precise about where it is wrong.

Stricter than :func:`json.loads` in what it accepts and kinder in what it says:

* bytes must be UTF-8 (a leading byte-order mark is allowed) and contain no NUL byte (a binary
  file); the error gives the offending byte with its line, column and offset;
* a key appears once per object (``json.loads`` keeps the last of ``"dealer": 0, "dealer": 1``);
* ``NaN``, ``Infinity`` and ``-Infinity`` are not JSON;
* the documented :class:`~kozyr.limits.Limits` hold: record bytes, nesting depth and digits of a
  number -- checked before the text is parsed, or while it is read from a file.

Every problem is a :class:`~kozyr.errors.RecordError` (or its limit cousin
:class:`~kozyr.errors.InputLimitError`) with the JSON path and the line and column::

    >>> try:
    ...     loads('{"dealer": 0, "hands": [], "dealer": 1}')
    ... except RecordError as error:
    ...     print(error.path, "|", error.detail)
    $.dealer | duplicate key 'dealer' at line 1 column 28 (a key may appear once in an object)
    >>> try:
    ...     loads("[[[[1]]]]", Limits(depth=3))
    ... except InputLimitError as error:
    ...     print(error.path, "|", error.detail)
    $[0][0][0] | nesting deeper than 3 at line 1 column 4 (limit depth, --max-depth)

The checks cost little on good input: :func:`json.loads` (C) does the parsing with hooks that
notice a repeated key, a long number or a constant, and one C-speed scan over the brackets
measures the depth first; only when something is wrong does a slower scan walk the text up to
the problem to name its path.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from itertools import accumulate
from typing import IO, Any

from kozyr.errors import InputLimitError, RecordError
from kozyr.limits import DEFAULT_LIMITS, Limits, shorten

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)
_BRACKETS = re.compile(r"[\[\]{}]")
_WHITESPACE = re.compile(r"[ \t\n\r]*")
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)((?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?)")
_DIGIT = re.compile(r"[0-9]")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_CONSTANTS = ("NaN", "Infinity", "-Infinity")
#: A lone surrogate in a parsed string; the hint finds text that may hold one (an escape of
#: one, or one given in a Python string), so good input pays one C-speed search.
_SURROGATE = re.compile("[\ud800-\udfff]")
_SURROGATE_HINT = re.compile("[\ud800-\udfff]|\\\\u[dD][89a-fA-F]")
#: Python's own json parser recurses once per level; this leaves room below its limit.
MAX_DEPTH = 900


class _Problem(Exception):
    """Raised by a json.loads hook; the slow scan then finds where it is."""


def where(text: str, pos: int) -> str:
    """``line L column C`` of character offset ``pos`` (both from 1)."""
    line = text.count("\n", 0, pos) + 1
    column = pos - text.rfind("\n", 0, pos)
    return f"line {line} column {column}"


def key_path(path: str, key: str) -> str:
    if _NAME.fullmatch(key):
        return f"{path}.{key}"
    quoted = json.dumps(key, ensure_ascii=False)
    if len(quoted) > 40:
        quoted = shorten(key)
    return f"{path}[{quoted}]"


# --- bytes --------------------------------------------------------------------------------------


def read_limited(stream: IO[bytes], limits: Limits = DEFAULT_LIMITS, name: str = "input") -> bytes:
    """At most ``limits.record_bytes`` bytes of a binary stream; one byte more is an
    :class:`InputLimitError` (so ``/dev/zero`` or an endless pipe stops at the limit)."""
    limit = limits.record_bytes
    chunks: list[bytes] = []
    size = 0
    while size <= limit:
        chunk = stream.read(min(1 << 20, limit + 1 - size))
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    if size > limit:
        raise InputLimitError(
            f"{name} is larger than {limit:,} bytes (limit record_bytes, --max-bytes)",
            limit="record_bytes",
        )
    return b"".join(chunks)


def decode(data: bytes, name: str = "input") -> str:
    """UTF-8 text of ``data`` (without a leading byte-order mark); a NUL byte (a binary file) or
    bytes that are not UTF-8 are a :class:`RecordError` at ``$`` with line, column and offset."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    nul = data.find(b"\x00")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        if 0 <= nul < error.start:
            raise _binary(data, nul, name) from None
        byte = data[error.start]
        raise RecordError(
            "$",
            f"{name} is not UTF-8 text: byte 0x{byte:02x} at {_byte_where(data, error.start)}",
        ) from None
    if nul >= 0:
        raise _binary(data, nul, name)
    return text


def _byte_where(data: bytes, offset: int) -> str:
    start = data.rfind(b"\n", 0, offset) + 1
    line = data.count(b"\n", 0, offset) + 1
    column = len(data[start:offset].decode("utf-8", "replace")) + 1
    return f"line {line} column {column} (byte offset {offset})"


def _binary(data: bytes, offset: int, name: str) -> RecordError:
    return RecordError(
        "$", f"{name} is a binary file, not JSON text: NUL byte at {_byte_where(data, offset)}"
    )


# --- text ---------------------------------------------------------------------------------------


def _depth(text: str) -> int:
    """The deepest nesting of arrays and objects, brackets inside strings not counted."""
    brackets = _BRACKETS.findall(_STRING.sub("", text))
    if not brackets:
        return 0
    return max(accumulate(1 if b in "[{" else -1 for b in brackets))


def loads(text: str, limits: Limits = DEFAULT_LIMITS) -> Any:
    """Parse JSON text under ``limits``; see the module docstring for what is refused."""
    if not isinstance(text, str):
        raise TypeError(f"JSON text is a str, not {type(text).__name__}")
    if text.startswith("\ufeff"):
        text = text[1:]
    size = len(text)
    if size > limits.record_bytes or (
        4 * size > limits.record_bytes
        and len(text.encode("utf-8", "surrogatepass")) > limits.record_bytes
    ):
        raise InputLimitError(
            f"the record is larger than {limits.record_bytes:,} bytes "
            "(limit record_bytes, --max-bytes)",
            limit="record_bytes",
        )
    if _depth(text) > min(limits.depth, MAX_DEPTH):
        _raise_located(text, limits)

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        result = dict(items)
        if len(result) != len(items):
            raise _Problem
        return result

    def integer(digits: str) -> int:
        if len(digits) - digits.startswith("-") > limits.number_digits:
            raise _Problem
        return int(digits)

    def real(digits: str) -> float:
        value = float(digits)
        if math.isinf(value) or len(_DIGIT.findall(digits)) > limits.number_digits:
            raise _Problem
        return value

    def constant(name: str) -> Any:
        raise _Problem

    try:
        value = json.loads(
            text,
            object_pairs_hook=pairs,
            parse_int=integer,
            parse_float=real,
            parse_constant=constant,
        )
    except _Problem:
        _raise_located(text, limits)
    except json.JSONDecodeError as error:
        path = _path_at(text, error.pos)
        raise RecordError(
            path, f"not valid JSON: {error.msg} at {where(text, error.pos)}"
        ) from None
    except RecursionError:  # pragma: no cover - the depth limit is checked first
        raise InputLimitError(
            "nesting too deep to parse (limit depth, --max-depth)", limit="depth", path="$"
        ) from None
    if _SURROGATE_HINT.search(text):
        _refuse_surrogates(value)
    return value


def _refuse_surrogates(value: Any) -> None:
    """A string (key or value) holding a lone surrogate -- ``"\\ud800"`` escaped, a half of a
    pair -- is not text: no file, terminal or database can hold it. Refused with its JSON path
    and the character's position (from 1)."""
    stack: list[tuple[str, Any]] = [("$", value)]
    while stack:
        path, item = stack.pop()
        if isinstance(item, dict):
            for key, inner in item.items():
                _lone(key, path)
                stack.append((key_path(path, key), inner))
        elif isinstance(item, list):
            stack.extend((f"{path}[{i}]", inner) for i, inner in enumerate(item))
        elif isinstance(item, str):
            _lone(item, path)


def _lone(text: str, path: str) -> None:
    match = _SURROGATE.search(text)
    if match is not None:
        raise RecordError(
            path,
            f"character {match.start() + 1} is U+{ord(match.group()):04X}, a lone surrogate "
            "(half of a UTF-16 pair, not a character): not text",
        )


def _raise_located(text: str, limits: Limits) -> None:
    for problem in _scan(text, limits):
        raise problem
    raise RecordError("$", "not valid JSON")  # pragma: no cover - the scan finds every problem


def _path_at(text: str, pos: int) -> str:
    """The JSON path of the value being read at offset ``pos`` (for a syntax error)."""
    path = "$"
    for step in _scan(text, DEFAULT_LIMITS, stop=pos, track=True):
        if isinstance(step, str):
            path = step
    return path


def _scan(
    text: str, limits: Limits, *, stop: int | None = None, track: bool = False
) -> Iterator[Any]:
    """Walk the text as a JSON tokenizer, yielding the first problem (an exception to raise):
    too deep, a repeated key, a too long number, a constant. With ``track`` it yields the path
    of each value instead, up to offset ``stop``."""
    depth_limit = min(limits.depth, MAX_DEPTH)
    # frames: [bracket, path, keys seen (objects), index (arrays), current key, expecting a key]
    stack: list[list[Any]] = []
    pos = 0
    end = len(text) if stop is None else min(stop, len(text))

    def value_path() -> str:
        if not stack:
            return "$"
        frame = stack[-1]
        if frame[0] == "[":
            return f"{frame[1]}[{frame[3]}]"
        if frame[5]:  # between a comma and the next key: the object itself
            return str(frame[1])
        return key_path(frame[1], frame[4] if frame[4] is not None else "")

    while True:
        blank = _WHITESPACE.match(text, pos)
        assert blank is not None  # the pattern matches the empty string
        pos = blank.end()
        if pos >= end:
            if track:
                yield value_path()
            return
        char = text[pos]
        if char in "{[":
            path = value_path()
            if track:
                yield path
            if len(stack) + 1 > depth_limit:
                yield InputLimitError(
                    f"nesting deeper than {depth_limit} at {where(text, pos)} "
                    "(limit depth, --max-depth)",
                    limit="depth",
                    path=path if len(path) <= 80 else f"{path[:40]}…{path[-30:]}",
                )
                return
            stack.append([char, path, set(), 0, None, char == "{"])
            pos += 1
        elif char in "}]":
            if stack:
                stack.pop()
            pos += 1
        elif char == ",":
            if stack:
                frame = stack[-1]
                if frame[0] == "[":
                    frame[3] += 1
                else:
                    frame[5] = True
            pos += 1
        elif char == ":":
            pos += 1
        elif char == '"':
            match = _STRING.match(text, pos)
            if match is None:
                return
            if stack and stack[-1][0] == "{" and stack[-1][5]:
                frame = stack[-1]
                try:
                    key = json.loads(match.group())
                except ValueError:
                    return
                if key in frame[2]:
                    yield RecordError(
                        key_path(frame[1], key),
                        f"duplicate key {shorten(key)} at {where(text, pos)} "
                        "(a key may appear once in an object)",
                    )
                    return
                frame[2].add(key)
                frame[4] = key
                frame[5] = False
            elif track:
                yield value_path()
            pos = match.end()
        else:
            if track:
                yield value_path()
            for name in _CONSTANTS:
                if text.startswith(name, pos):
                    yield RecordError(
                        value_path(), f"{name} at {where(text, pos)} is not a JSON number"
                    )
                    return
            match = _NUMBER.match(text, pos)
            if match is not None:
                digits = len(_DIGIT.findall(match.group()))
                if digits > limits.number_digits:
                    yield InputLimitError(
                        f"a number of {digits:,} digits at {where(text, pos)}; at most "
                        f"{limits.number_digits} are read (limit number_digits)",
                        limit="number_digits",
                        path=value_path(),
                    )
                    return
                if match.group(1) and math.isinf(float(match.group())):
                    yield RecordError(
                        value_path(),
                        f"number {shorten(match.group())} at {where(text, pos)} is out of range",
                    )
                    return
                pos = match.end()
                continue
            for word in ("true", "false", "null"):
                if text.startswith(word, pos):
                    pos += len(word)
                    break
            else:
                return


def load_bytes(data: bytes, limits: Limits = DEFAULT_LIMITS, name: str = "input") -> Any:
    """Parse JSON from bytes: the size limit, then UTF-8, then :func:`loads`."""
    if len(data) > limits.record_bytes:
        raise InputLimitError(
            f"{name} is larger than {limits.record_bytes:,} bytes "
            "(limit record_bytes, --max-bytes)",
            limit="record_bytes",
        )
    return loads(decode(data, name), limits)


__all__ = ["MAX_DEPTH", "decode", "key_path", "load_bytes", "loads", "read_limited", "where"]
