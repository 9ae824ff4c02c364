"""Fractions of a point as players write them (#23 item 6): ``kozyr sheet --fractions mixed``
(``render(..., fractions="mixed")``) shows ``2½`` where the exact sheet shows ``5/2`` -- in
the text, markdown and HTML sheets -- while JSON keeps the exact ``"a/b"`` as before. The game is
the half-point toy of tests/test_fraction_points.py (HW2-HW4: majority and last trick ½)."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

import kozyr
from kozyr.cli import main
from kozyr.registry import PluginManager
from kozyr.sheet import render, sheet_from

from .test_fraction_points import half, party_record  # noqa: F401  (the fixture)


def test_mixed_numbers_in_the_sheets_exact_json(half: PluginManager) -> None:  # noqa: F811
    sheet = sheet_from(kozyr.replay(party_record()))
    text = render(sheet, "text", lang="en", fractions="mixed")
    # deal 1: 5/2 for seat 0 (two tricks and a half majority), running 2½; deal 2: 9/2 -> 7
    assert "+2½ =2½" in text and "+4½ =7" in text and "majority: seat 0 +½ (HW3)" in text
    assert "+5/2" not in text
    assert render(sheet, "text", lang="en") == render(sheet, "text", lang="en", fractions="exact")
    assert "| +2½ =2½ | +3 =3 |" in render(sheet, "markdown", lang="en", fractions="mixed")
    assert "<td>+2½ =2½</td>" in render(sheet, "html", lang="en", fractions="mixed")
    data = json.loads(render(sheet, "json", fractions="mixed"))
    assert [r["points"] for r in data["games"][0]["rows"]] == [["5/2", 3], ["9/2", 1]]
    with pytest.raises(kozyr.KozyrError, match="unknown fractions 'decimal'"):
        render(sheet, "text", fractions="decimal")


def test_the_cli_option(
    half: PluginManager,  # noqa: F811
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import kozyr.registry as kp

    monkeypatch.setattr(kp, "_manager", half)
    path = tmp_path / "party.json"
    path.write_text(json.dumps(party_record()), encoding="utf-8")
    out = io.StringIO()
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    assert main(["sheet", str(path), "--lang", "en", "--fractions", "mixed"], out) == 0
    assert "+2½ =2½" in out.getvalue()
