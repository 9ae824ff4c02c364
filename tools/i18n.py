"""The gettext catalogs of the ``kozyr serve`` pages, kept with Babel.

    python tools/i18n.py            extract every string, update each .po, compile each .mo
    python tools/i18n.py --check    fail when a catalog is stale or a string has no translation
    python tools/i18n.py --init de  start a catalog for a new language (then translate its .po)

Strings are English text: ``_("…")``/``ngettext`` in the templates (``src/kozyr/web/templates``),
``tr(lang, "…")``/``ntr(lang, "…", "…", n)``/``N_("…")`` in the web modules and in
``src/kozyr/i18n.py``. Three kinds of string are read from the code itself, so that nothing new
is missed:

* **error messages**: every message kozyr and its built-in plugins raise (``RecordError(path,
  f"seat {seat} must follow {suit}")``, the warnings ``prove_summary`` returns), as a pattern
  with named fields (``seat %(seat)s must follow %(suit)s``); the patterns are also written to
  ``src/kozyr/locale/errors.json``, which :func:`kozyr.i18n.say_error` matches messages against;
* the **help** of every option of the built-in variants;
* the **values** of every choice option (context ``option NAME``: ``low_to`` → ``holder``).

The catalogs are ``src/kozyr/locale/LANG/LC_MESSAGES/kozyr.po``; the compiled ``kozyr.mo`` beside
each ships in the wheel (stdlib :mod:`gettext` reads it; Babel is only a development tool).
A third language: ``python tools/i18n.py --init de``, translate every ``msgstr`` of the new
``.po``, run ``python tools/i18n.py``; the pages then offer it.
"""

from __future__ import annotations

import argparse
import ast
import io
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir, extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "kozyr"
WEB = SRC / "web"
LOCALE = SRC / "locale"
ERRORS_JSON = LOCALE / "errors.json"
DOMAIN = "kozyr"
KEYWORDS = {**DEFAULT_KEYWORDS, "tr": (2,), "ntr": (2, 3), "ptr": ((2, "c"), 3), "N_": None}
HEADER = """\
# The kozyr serve pages in the language %s (gettext catalog; see tools/i18n.py).
# The msgids are the pages' English text."""
#: The built-in plugins whose option help the catalog carries (a plugin added later is shown in
#: its own words until its help is added here and translated).
BUILT_IN = ("kozyr_seven_up", "kozyr_sem_listov", "kozyr_semerik", "kozyr_pitch")
METHODS = [("templates/**.html", "jinja2"), ("**.py", "python")]
OPTIONS = {
    "templates/**.html": {
        "extensions": "jinja2.ext.i18n",
        "trimmed": "true",
        "trim_blocks": "true",
        "lstrip_blocks": "true",
    }
}


def extract() -> Catalog:
    """Every translatable string of the pages, with where it is used."""
    catalog = Catalog(project="kozyr", domain=DOMAIN, fuzzy=False)
    for filename, lineno, message, comments, context in extract_from_dir(
        str(WEB), METHODS, OPTIONS, keywords=KEYWORDS, comment_tags=("Translators:",)
    ):
        catalog.add(message, None, [(f"src/kozyr/web/{filename}", lineno)],
                    auto_comments=comments, context=context)  # fmt: skip
    for lineno, message, comments, context in extract_from_file(
        "python", str(SRC / "i18n.py"), keywords=KEYWORDS, comment_tags=("Translators:",)
    ):
        catalog.add(message, None, [("src/kozyr/i18n.py", lineno)], auto_comments=comments,
                    context=context)  # fmt: skip
    for message, where in option_docs():
        catalog.add(message, None, [], auto_comments=[f"option {where}"])
    for option, value, where in option_choices():
        catalog.add(value, None, [], auto_comments=[f"a value of the option {where}"],
                    context=f"option {option}")  # fmt: skip
    for field, value, where in outcome_choices():
        catalog.add(value, None, [], auto_comments=[f"an answer of the outcome field {where}"],
                    context=f"choice {field}")  # fmt: skip
    for pattern in error_patterns():
        if catalog.get(pattern) is None:
            # no file:line (it would go stale with every edit of the file): grep the source
            catalog.add(pattern, None, [], auto_comments=["an error message kozyr raises"],
                        flags=["python-format"] if "%(" in pattern else [])  # fmt: skip
    return catalog


# --- what the code raises -----------------------------------------------------------------------

#: Where the messages a player can meet are raised: kozyr's modules and the built-in plugins'
#: (not the command line's own, the plugin manager's, the batch engine's or the bots').
ERROR_SOURCES = ("src/kozyr", "plugins/*/src")
SKIPPED = ("cli", "batch", "batch.py", "simulate", "registry", "testing.py", "solve.py",
           "bots.py", "party.py", "plugins.py", "records.py", "__main__.py", "budget.py",
           "stats.py")  # fmt: skip
#: The error types whose messages are collected (a HookError is a plugin's fault: a 500).
ERROR_TYPES = frozenset({
    "KozyrError", "RecordError", "TextError", "OptionError", "IllegalActionError",
    "IllegalPlayError", "CardParseError", "DuplicateCardError", "UnknownVariantError",
    "InputLimitError", "OutputError", "StoreVersionError", "AnalysisError",
})  # fmt: skip
#: The web layer's own refusals (plain-text answers before any page ran).
REFUSALS = frozenset({"_refusal", "_busy", "_problem"})  # and why a name is refused
#: Variables that hold (part of) a message before it is raised (``why = "a control character"``).
MESSAGE_NAMES = frozenset({"why", "message", "detail", "reason", "problem", "what"})
#: Functions whose returned strings are messages too (the warnings of a summary record).
MESSAGE_FUNCTIONS = frozenset({"prove_summary", "_summary_log", "keep_refusal"})


#: Command-line modules whose refusals a player meets in a language (``kozyr keep --lang ru``).
CLI_SOURCES = ("src/kozyr/cli/keep.py",)


def error_sources() -> Iterator[Path]:
    """Every source file whose messages the catalog carries."""
    for name in CLI_SOURCES:
        yield ROOT / name
    for pattern in ERROR_SOURCES:
        for root in sorted(ROOT.glob(pattern)):
            for path in sorted(root.rglob("*.py")):
                parts = path.relative_to(root).parts
                if not any(part in SKIPPED for part in parts):
                    yield path


def _field_name(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Subscript):
        return _field_name(node.value)
    if isinstance(node, ast.Call) and node.args:
        return _field_name(node.args[0])
    text = re.sub(r"\W+", "_", ast.unparse(node)).strip("_")
    return text[:24].strip("_") or "value"


def _stringy(node: ast.expr) -> bool:
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.IfExp):
        return _stringy(node.body) and _stringy(node.orelse)
    return isinstance(node, ast.JoinedStr) or (
        isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add)
        and (_stringy(node.left) or _stringy(node.right))
    )  # fmt: skip


def _parts(node: ast.expr) -> list[list[str | ast.expr]] | None:
    """The texts a message expression can make: literal pieces and the expressions between
    them, one list per branch of a choice of words inside it (``'is' if n == 1 else 'are'``,
    ``+ (f" after {t}" if t else "")``); None when ``node`` is no message (not a string)."""
    if isinstance(node, ast.Constant):
        return [[node.value]] if isinstance(node.value, str) else None
    if isinstance(node, ast.IfExp) and _stringy(node):
        return [*(_parts(node.body) or []), *(_parts(node.orelse) or [])]
    if isinstance(node, ast.JoinedStr):
        out: list[list[str | ast.expr]] = [[]]
        for value in node.values:
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                out = [[*o, value.value] for o in out]
            elif isinstance(value, ast.FormattedValue):
                inner = value.value
                branches = (
                    _parts(inner) if isinstance(inner, ast.IfExp) and _stringy(inner) else None
                )
                out = [[*o, *b] for o in out for b in (branches or [[inner]])]
        return out[:16]
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add) and _stringy(node):
        left = _parts(node.left) or [[node.left]]
        right = _parts(node.right) or [[node.right]]
        return [[*a, *b] for a in left for b in right][:16]
    return None


def pattern_of(parts: list[str | ast.expr]) -> str:
    """A message's pattern: its literal text (``%`` doubled) with ``%(name)s`` fields."""
    text, used = "", set()
    for part in parts:
        if isinstance(part, str):
            text += part.replace("%", "%%")
            continue
        name = base = _field_name(part)
        number = 1
        while name in used:
            number += 1
            name = f"{base}_{number}"
        used.add(name)
        text += f"%({name})s"
    return text


def _is_message(pattern: str) -> bool:
    literal = re.sub(r"%\(\w+\)s", "", pattern)
    if pattern.startswith(("$", "--")) or " " not in literal.strip():
        return False
    return len(re.findall(r"[^\W\d_]", literal)) >= 4


def _messages(node: ast.expr) -> Iterator[list[str | ast.expr]]:
    if isinstance(node, (ast.Tuple, ast.List)):
        for element in node.elts:
            yield from _messages(element)
        return
    yield from _parts(node) or ()


def _raised(tree: ast.AST) -> Iterator[tuple[ast.expr, int]]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            if name in ERROR_TYPES or name in REFUSALS:
                for arg in [*node.args, *(k.value for k in node.keywords if k.arg == "message")]:
                    yield arg, node.lineno
        elif isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            if isinstance(target, ast.Name) and target.id in MESSAGE_NAMES:
                yield node.value, node.lineno
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if node.name in MESSAGE_FUNCTIONS:
                for inner in ast.walk(node):
                    if isinstance(inner, ast.Return) and inner.value is not None:
                        yield inner.value, inner.lineno
                    elif isinstance(inner, ast.Call) and inner.args:
                        if getattr(inner.func, "attr", "") in ("append", "extend"):
                            yield inner.args[0], inner.lineno


def error_patterns() -> dict[str, str]:
    """Every message pattern the code raises → where (``path:line`` of its first use)."""
    found: dict[str, str] = {}
    for path in error_sources():
        tree = ast.parse(path.read_text("utf-8"), str(path))
        where = str(path.relative_to(ROOT))
        for node, line in _raised(tree):
            for parts in _messages(node):
                pattern = pattern_of(parts)
                if _is_message(pattern):
                    found.setdefault(pattern, f"{where}:{line}")
    return dict(sorted(found.items()))


def errors_json() -> bytes:
    """The text of ``locale/errors.json``: the patterns :func:`kozyr.i18n.say_error` knows."""
    data = {
        "about": "kozyr's error messages as patterns, read from the source by tools/i18n.py",
        "patterns": list(error_patterns()),
    }
    return (json.dumps(data, ensure_ascii=False, indent=1) + "\n").encode("utf-8")


def outcome_choices() -> list[tuple[str, str, str]]:
    """(field, value, where) of every value of a choice outcome field of the built-in variants
    (``kozyr keep`` asks ``стою/даю/пересдача`` and reads the words back)."""
    from kozyr.web.games import party_variants

    found: dict[tuple[str, str], str] = {}
    for cls in party_variants():
        if not cls.__module__.startswith(BUILT_IN):
            continue
        for field in getattr(cls(), "outcome_fields", ()):
            for value in getattr(field, "choices", ()):
                found.setdefault((field.name, value), f"{cls.name}.{field.name}")
    return sorted((field, value, where) for (field, value), where in found.items())


def option_choices() -> list[tuple[str, str, str]]:
    """(option, value, where) of every value of a choice option of the built-in variants (a
    number is shown as it is)."""
    from kozyr.web.games import party_variants

    found: dict[tuple[str, str], str] = {}
    for cls in party_variants():
        if not cls.__module__.startswith(BUILT_IN):
            continue
        for spec in cls.options_spec:
            for value in spec.choices or ():
                if isinstance(value, str):
                    found.setdefault((spec.name, value), f"{cls.name}.{spec.name}")
    return sorted((option, value, where) for (option, value), where in found.items())


def option_docs() -> list[tuple[str, str]]:
    """The help of every option of the built-in variants the new-game page offers (the page
    shows it in its language; a third-party plugin's help is shown as the plugin wrote it)."""
    from kozyr.web.games import party_variants

    found: dict[str, str] = {}
    for cls in party_variants():
        if not cls.__module__.startswith(BUILT_IN):
            continue
        for spec in cls.options_spec:
            if spec.doc:
                found.setdefault(spec.doc, f"{cls.name}.{spec.name}")
    return sorted(found.items(), key=lambda item: item[1])


def catalogs() -> list[Path]:
    """The .po file of every language."""
    return sorted(LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def _read(path: Path) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=path.parent.parent.name, domain=DOMAIN)


def _po_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=100, omit_header=False, sort_output=False, no_location=True,
             ignore_obsolete=True)  # fmt: skip
    return out.getvalue()


def _mo_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def updated(path: Path, template: Catalog) -> Catalog:
    """The catalog at ``path`` brought up to the strings the code uses now."""
    catalog = _read(path)
    template.creation_date = catalog.creation_date  # the header stays as it is
    catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
    catalog.obsolete.clear()
    catalog.fuzzy = False
    return catalog


def _said(catalog: Catalog) -> list[tuple[str, str, str, str]]:
    """What a catalog says, in an order of its own: (context, id, translation, flags) per
    message, ``repr`` of each so that plural forms (tuples) compare too."""
    return sorted(
        (repr(m.context), repr(m.id), repr(m.string), repr(sorted(m.flags)))
        for m in catalog
        if m.id
    )


def missing(catalog: Catalog) -> list[str]:
    """Strings of ``catalog`` with no (or a fuzzy) translation."""
    out = []
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy or not all(strings):
            out.append(message.id if isinstance(message.id, str) else message.id[0])
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="change nothing; fail when stale")
    parser.add_argument("--init", metavar="LANG", help="start the catalog of a new language")
    args = parser.parse_args(argv)
    template = extract()
    if args.init:
        path = LOCALE / args.init / "LC_MESSAGES" / f"{DOMAIN}.po"
        path.parent.mkdir(parents=True, exist_ok=True)
        catalog = Catalog(locale=args.init, domain=DOMAIN, project="kozyr", fuzzy=False,
                          header_comment=HEADER % args.init)  # fmt: skip
        catalog.update(template)
        path.write_bytes(_po_bytes(catalog))
        print(f"wrote {path.relative_to(ROOT)}: translate it, then run tools/i18n.py")
        return 0
    bad = False
    errors = errors_json()
    if args.check:
        if not ERRORS_JSON.exists() or ERRORS_JSON.read_bytes() != errors:
            print(f"{ERRORS_JSON.relative_to(ROOT)} is out of date: run python tools/i18n.py")
            bad = True
    else:
        ERRORS_JSON.write_bytes(errors)
    for path in catalogs():
        catalog = updated(path, template)
        po, mo = _po_bytes(catalog), _mo_bytes(catalog)
        mo_path = path.with_suffix(".mo")
        if args.check:
            # the messages, not the bytes: the order strings are met in differs between Python
            # versions (3.12 tokenizes f-strings anew), and the order is no part of a catalog
            if _said(_read(path)) != _said(catalog):
                print(f"{path.relative_to(ROOT)} is out of date: run python tools/i18n.py")
                bad = True
            if not mo_path.exists() or mo_path.read_bytes() != mo:
                print(f"{mo_path.relative_to(ROOT)} is out of date: run python tools/i18n.py")
                bad = True
        else:
            path.write_bytes(po)
            mo_path.write_bytes(mo)
        for message in missing(catalog):
            print(f"{path.relative_to(ROOT)}: no translation of {message!r}")
            bad = True
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
