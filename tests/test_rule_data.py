"""Rule data lives once (issue 25 item 2): a plugin's batch form (``batch.py``) imports the
reference's constants and labels, or compiles its tables from the reference's functions; it never
writes a rule's number, table or label again. Read from the source with ``ast``:

- no module-level constant of ``batch.py`` repeats, under the same name and value, one of the
  plugin's reference modules (``HAND_SIZE = 6`` in both), and no number of ``batch.py`` repeats
  one of theirs under another name (``TRICKS = 6`` beside ``HAND_SIZE = 6``);
- no two reference modules of a plugin write the same numeric constant (``HAND_SIZE = 6`` in
  both ``variant.py`` and ``outcome.py``);
- no table literal (a dict, tuple, list or set of two or more entries) of ``batch.py`` equals one
  of the reference's (SU6's Game count, SM3's packets);
- no label: a Russian string in ``batch.py`` outside its docstrings is a label written twice;
- no rule number written again inside a function: a number (not 0, 1 or -1) compared with or
  used in arithmetic in ``batch.py`` that equals a named numeric constant of the reference (the
  stuck dealer's ``2 + k`` beside ``STUCK_BID = 2``, ``6 * n`` beside ``HAND_SIZE = 6``) must
  be that constant by name, unless :data:`NOT_RULE_DATA` lists the expression as arithmetic that
  only happens to use the same number (a rank's bit offset, a strength scale).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BATCH_FORMS = sorted(ROOT.glob("plugins/*/src/*/batch.py"))  # the built-in plugins
CYRILLIC = re.compile("[А-Яа-яЁё]")


#: Expressions of a batch form whose number equals a reference constant by chance, not by rule:
#: (package, source of the expression) -> why it is not the rule written again.
NOT_RULE_DATA = {
    ("kozyr_pitch", "r - 2"): "a rank's bit within its 13-bit suit pattern (the two is bit 0)",
    ("kozyr_pitch", "Rank.JACK - 2"): "the jack's bit within a suit pattern",
    ("kozyr_pitch", "4 * ((card & jick) != 0)"): "the strength scale: the jick just below",
    ("kozyr_pitch", "2 * TRUMP"): "the strength scale: a trump above any led-suit card",
    ("kozyr_pitch", "2 * k"): "the column of the k-th other side's point",
    ("kozyr_pitch", "2 * k + 2"): "the column of the k-th other side's point",
    ("kozyr_pitch", "2 + (top - best)"): "AP4: pass and the dealer's held bid, then the rest",
}


def constants(tree: ast.Module) -> Iterator[tuple[str, object, int]]:
    """(name, value, line) of each module-level assignment of a literal."""
    for node in tree.body:
        if isinstance(node, ast.Assign):
            targets = [t.id for t in node.targets if isinstance(t, ast.Name)]
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            targets = [node.target.id]
        else:
            continue
        if node.value is None:
            continue
        try:
            value = ast.literal_eval(node.value)
        except ValueError:
            continue  # not a literal: built from something (the right way)
        for name in targets:
            yield name, value, node.lineno


def is_table(value: object) -> bool:
    return isinstance(value, (dict, tuple, list, set, frozenset)) and len(value) >= 2


def docstrings(tree: ast.Module) -> set[int]:
    """The ids of the docstring nodes of a module, its classes and functions."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def is_number(value: object) -> bool:
    """A rule's number: an int or float other than 0 and 1 (no bool)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value not in (0, 1)


def duplicated_rule_data(batch: Path) -> list[str]:
    """Every place where ``batch`` writes again what its package's reference modules hold, and
    every numeric constant two reference modules both write."""
    reference: dict[str, object] = {}
    tables: dict[str, str] = {}
    numbers: dict[object, str] = {}  # value -> "module:line NAME" where the reference writes it
    wrong = []
    for module in sorted(batch.parent.glob("*.py")):
        if module == batch:
            continue
        for name, value, line in constants(ast.parse(module.read_text(encoding="utf-8"))):
            if is_number(value) and reference.get(name) == value:
                wrong.append(f"{module.name}:{line}: {name} = {value!r} is written twice")
            reference[name] = value
            if is_number(value):
                numbers.setdefault(value, f"{module.name}:{line} {name}")
            if is_table(value):
                tables.setdefault(repr(value), f"{module.name}:{line}")
    tree = ast.parse(batch.read_text(encoding="utf-8"))
    for name, value, line in constants(tree):
        if name in reference and reference[name] == value and not isinstance(value, str):
            wrong.append(f"{batch.name}:{line}: {name} = {value!r} repeats the reference's {name}")
        elif is_number(value) and value in numbers:
            wrong.append(f"{batch.name}:{line}: {name} = {value!r} repeats {numbers[value]}")
        elif is_table(value) and repr(value) in tables:
            wrong.append(f"{batch.name}:{line}: {name} repeats the table at {tables[repr(value)]}")
    source = batch.read_text(encoding="utf-8")
    package = batch.parent.name
    for node in sorted(
        ast.walk(tree), key=lambda n: (getattr(n, "lineno", 0), getattr(n, "col_offset", 0))
    ):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
        elif isinstance(node, ast.BinOp):
            operands = [node.left, node.right]
        else:
            continue
        for operand in operands:
            if not (isinstance(operand, ast.Constant) and is_number(operand.value)):
                continue
            if operand.value not in numbers:
                continue
            text = ast.get_source_segment(source, node)
            if (package, text) not in NOT_RULE_DATA:
                wrong.append(
                    f"{batch.name}:{node.lineno}: {text} writes {operand.value!r} again,"
                    f" the reference's {numbers[operand.value]}"
                )
    skip = docstrings(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and id(node) not in skip:
            if isinstance(node.value, str) and CYRILLIC.search(node.value):
                wrong.append(f"{batch.name}:{node.lineno}: label {node.value!r} written again")
    return wrong


@pytest.mark.parametrize("batch", BATCH_FORMS, ids=lambda p: str(p.relative_to(ROOT)))
def test_batch_forms_write_no_rule_data_again(batch: Path) -> None:
    wrong = duplicated_rule_data(batch)
    assert not wrong, "\n".join(wrong)


def test_the_check_finds_a_copied_constant_table_and_label(tmp_path: Path) -> None:
    (tmp_path / "scoring.py").write_text(
        'HAND_SIZE = 6\nCOUNT = {"ten": 10, "ace": 4}\nLABEL = ("Гейм", "Game")\nTARGET = 7\n',
        encoding="utf-8",
    )
    (tmp_path / "variant.py").write_text("TARGET = 7\nONE = 1\n", encoding="utf-8")
    batch = tmp_path / "batch.py"
    batch.write_text(
        '"""Гейм in a docstring is prose."""\n'
        'HAND_SIZE = 6\n_VALUE = {"ten": 10, "ace": 4}\nTRICKS = 6\nFIRST = 1\nCAP = 2000\n'
        'def f():\n    """Гейм."""\n    return ("Гейм", "Game")\n',
        encoding="utf-8",
    )
    assert duplicated_rule_data(batch) == [
        "variant.py:1: TARGET = 7 is written twice",
        "batch.py:2: HAND_SIZE = 6 repeats the reference's HAND_SIZE",
        "batch.py:3: _VALUE repeats the table at scoring.py:2",
        "batch.py:4: TRICKS = 6 repeats scoring.py:1 HAND_SIZE",
        "batch.py:9: label 'Гейм' written again",
    ]


def test_the_check_finds_a_rule_number_written_again_inside_a_function(tmp_path: Path) -> None:
    # the stuck dealer's forced bid (AP5) and the smudge's four points (AP10) as main had them
    (tmp_path / "scoring.py").write_text(
        "HAND_SIZE = 6\nSTUCK_BID = 2\nSMUDGE_BID = 4\n", encoding="utf-8"
    )
    batch = tmp_path / "batch.py"
    batch.write_text(
        "def f(k, n, won, best):\n"
        "    bits = won[: 6 * n]\n"
        "    value = 2 + k\n"
        "    four = won == 4\n"
        "    fine = k - 1 + n * 0 + 13 * n\n"
        "    return bits[-1], value, four, fine, best >= STUCK_BID\n",
        encoding="utf-8",
    )
    assert duplicated_rule_data(batch) == [
        "batch.py:2: 6 * n writes 6 again, the reference's scoring.py:1 HAND_SIZE",
        "batch.py:3: 2 + k writes 2 again, the reference's scoring.py:2 STUCK_BID",
        "batch.py:4: won == 4 writes 4 again, the reference's scoring.py:3 SMUDGE_BID",
    ]
