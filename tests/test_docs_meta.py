"""Meta tests: the API reference names every public name, the plugin guide documents every hook
(and a test exercises it), and the plugin guide shows the example plugin's real files."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import kozyr
from kozyr.registry import KozyrHookSpecs

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
TESTS = Path(__file__).resolve().parent
EXAMPLE = ROOT / "examples" / "plugin-example"
PITCH = ROOT / "examples" / "plugin-pitch"


def hooks() -> list[str]:
    return sorted(
        n for n, v in vars(KozyrHookSpecs).items() if callable(v) and not n.startswith("_")
    )


@pytest.mark.parametrize("name", kozyr.__all__)
def test_every_public_name_is_in_the_api_reference(name: str) -> None:
    text = (DOCS / "api.md").read_text(encoding="utf-8")
    assert f"`{name}`" in text, f"docs/api.md does not describe kozyr.{name}"


def test_api_reference_rows_are_public_names() -> None:
    # each table row of docs/api.md names a real attribute of kozyr (no stale entries)
    text = (DOCS / "api.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `([A-Za-z_]+)` \|", text, re.M)
    assert rows, "no table rows found"
    assert sorted(set(rows)) == sorted(kozyr.__all__)


def test_hooks_are_documented_and_exercised() -> None:
    assert hooks(), "KozyrHookSpecs declares no hook"
    guide = (DOCS / "plugins.md").read_text(encoding="utf-8")
    sources = {
        p: p.read_text(encoding="utf-8")
        for p in TESTS.glob("test_*.py")
        if p.name != Path(__file__).name
    }
    for hook in hooks():
        assert hook in guide, f"docs/plugins.md does not document the hook {hook}"
        # a test defines an implementation of the hook and the manager calls it
        assert any(f"def {hook}(" in text for text in sources.values()), (
            f"no test implements {hook}"
        )


def test_plugin_guide_shows_the_example_files_verbatim() -> None:
    guide = (DOCS / "plugins.md").read_text(encoding="utf-8")
    for path in ["pyproject.toml", *sorted((EXAMPLE / "src").rglob("*.py"))]:
        file = EXAMPLE / path
        text = file.read_text(encoding="utf-8")
        assert text in guide, f"docs/plugins.md is out of date with {file.relative_to(ROOT)}"
    assert (EXAMPLE / "src" / "kozyr_example_plugin" / "py.typed").exists()


def test_pitch_tutorial_shows_the_plugin_code_verbatim() -> None:
    # every code block of the Auction Pitch tutorial that is not a doctest is an excerpt of the
    # plugin's variant.py (its pieces between "..." lines, indented as class members)
    guide = (DOCS / "plugins.md").read_text(encoding="utf-8")
    section = guide[guide.index("## Advanced tutorial: Auction Pitch") :]
    section = section[: section.index("\n## ", 1)]
    source = (PITCH / "src" / "kozyr_pitch_plugin" / "variant.py").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    code = [b for b in blocks if ">>>" not in b]
    assert len(code) == 3
    for block in code:
        for piece in re.split(r"^ *\.\.\.\n", block, flags=re.M):
            # ruff formats the guide's blocks as modules: two blank lines between functions
            lines = re.sub(r"\n{3,}", "\n\n", piece.strip("\n")).splitlines(True)
            indented = "".join(f"    {line}" if line.strip() else line for line in lines)
            assert indented in source, f"not in the Pitch plugin's variant.py:\n{piece}"


def test_plugin_guide_mentions_the_environment_switch() -> None:
    guide = (DOCS / "plugins.md").read_text(encoding="utf-8")
    assert "KOZYR_DISABLE_PLUGIN_AUTOLOAD" in guide
    assert "kozyr.variants" in guide and "check_variant" in guide


def variant_hooks() -> list[str]:
    """Every public method of the Variant contract that a plugin may override."""
    return sorted(
        name
        for name, value in vars(kozyr.Variant).items()
        if callable(value) and not name.startswith("_")
    )


@pytest.mark.parametrize("hook", variant_hooks())
def test_every_variant_hook_is_in_the_plugin_guide(hook: str) -> None:
    guide = (DOCS / "plugins.md").read_text(encoding="utf-8")
    assert f"`{hook}" in guide, f"docs/plugins.md does not describe Variant.{hook}"
