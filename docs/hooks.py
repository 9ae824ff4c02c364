"""mkdocs hooks (mkdocs.yml ``hooks:``): the site's changelog page is the repository's
CHANGELOG.md, read at build time so that it is written once."""

from __future__ import annotations

from pathlib import Path
from typing import Any

CHANGELOG = Path(__file__).resolve().parents[1] / "CHANGELOG.md"


def on_page_read_source(page: Any, config: Any) -> str | None:
    if page.file.src_uri == "changelog.md":
        return CHANGELOG.read_text(encoding="utf-8")
    return None
