"""docs/api.md documents every public name the example plugins use (#23 item 8): the names
they import from ``kozyr`` and its modules, and the ``kozyr.X`` attributes they read, in their
code and in their own tests -- an outside author writing a plugin from the docs alone finds each
one there."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import kozyr

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "examples").glob("plugin-*"))
API = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")


def used() -> dict[str, set[str]]:
    """``module -> names`` the examples import or read (``kozyr`` for the package itself)."""
    names: dict[str, set[str]] = {}
    for path in (p for example in EXAMPLES for p in example.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "kozyr":
                assert node.module is not None
                names.setdefault(node.module, set()).update(a.name for a in node.names)
            elif (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id == "kozyr"
            ):
                names.setdefault("kozyr", set()).add(node.attr)
    return names


def test_the_examples_are_found() -> None:
    assert {p.name for p in EXAMPLES} >= {"plugin-example", "plugin-pitch", "plugin-tressette"}
    assert {"Variant", "OutcomeField", "card_plays"} <= used()["kozyr"]


def test_every_name_the_examples_use_is_documented() -> None:
    missing = []
    for module, names in sorted(used().items()):
        for name in sorted(names):
            if module == "kozyr" and name in kozyr.__all__:
                continue  # a row of docs/api.md each (tests/test_docs_meta.py)
            if not re.search(rf"`(?:[a-z_.]*\.)?{re.escape(name)}[`(\[]", API):
                missing.append(f"{module}.{name}")
    assert missing == [], f"docs/api.md does not describe {missing}"
