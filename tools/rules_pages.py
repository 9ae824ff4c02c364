"""Copy the rules files shipped with the core and the built-in plugins to ``docs/rules/``.

    python tools/rules_pages.py          # write docs/rules/*.md
    python tools/rules_pages.py --check  # exit 1 if a page differs from its rules file

The ``*.rules.md`` files inside the packages are the single source of the rules (``kozyr rules``
prints them); the docs pages are exact copies, and ``tests/test_rules_reference.py`` fails when
one is out of date.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs" / "rules"


def sources() -> list[Path]:
    """Every rules file of the repository: the core's, then the plugins'."""
    return sorted((ROOT / "src").rglob("*.rules.md")) + sorted(
        (ROOT / "plugins").glob("*/src/*/*.rules.md")
    )


def page_of(source: Path) -> Path:
    return DOCS / source.name.replace(".rules.md", ".md")


def main(argv: list[str]) -> int:
    stale = []
    for source in sources():
        page = page_of(source)
        text = source.read_text(encoding="utf-8")
        if page.exists() and page.read_text(encoding="utf-8") == text:
            continue
        stale.append(page)
        if "--check" not in argv:
            page.write_text(text, encoding="utf-8")
    for page in stale:
        print(("stale: " if "--check" in argv else "wrote ") + str(page.relative_to(ROOT)))
    return 1 if stale and "--check" in argv else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
