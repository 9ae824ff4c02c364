"""The pages' HTML lives in autoescaped Jinja2 templates: no HTML strings or hand-written
escaping in the web modules, no inline script or style (the Content-Security-Policy forbids
them), and what a player typed is shown escaped, never as markup."""

from __future__ import annotations

import re
from pathlib import Path

from starlette.testclient import TestClient

import kozyr.web
from kozyr.web.templating import ENV, TEMPLATE_DIR

WEB = Path(kozyr.web.__file__).parent


def test_templates_are_autoescaped_and_loaded_from_the_package() -> None:
    assert ENV.autoescape is True
    names = ENV.list_templates()
    assert {"base.html", "game.html", "_sheet.html", "_fields.html"} <= set(names)
    assert Path(TEMPLATE_DIR).is_dir()


def test_no_html_or_escape_in_the_web_modules() -> None:
    for module in WEB.glob("*.py"):
        text = module.read_text(encoding="utf-8")
        assert "from html import" not in text and "html.escape" not in text, module.name
        assert not re.search(r"f['\"]<(p|div|span|a|label|input|form|table|tr|td)\b", text), (
            module.name
        )


def test_no_inline_script_or_style() -> None:
    for template in Path(TEMPLATE_DIR).glob("*.html"):
        text = template.read_text(encoding="utf-8")
        assert "style=" not in text and "<style" not in text, template.name
        for script in re.findall(r"<script[^>]*>", text):
            assert "src=" in script, template.name  # only scripts from static/
        assert not re.search(r"\son[a-z]+=", text), template.name  # no onclick= handlers


def test_a_name_with_markup_is_shown_as_text(client: TestClient) -> None:
    names = ["<b>Аня</b>", "Боря & Co", 'Вера "В"', "<script>x()</script>"]
    form = {"variant": "seven-up", "dealer": "0"}
    form.update({f"player.{i}": name for i, name in enumerate(names)})
    url = client.post("/games", data=form, follow_redirects=False).headers["location"]
    page = client.get(url).text
    assert "<b>Аня</b>" not in page and "&lt;b&gt;Аня&lt;/b&gt;" in page
    assert "<script>x()</script>" not in page and "&lt;script&gt;" in page
    assert "Боря &amp; Co" in page and "Вера &#34;В&#34;" in page
    home = client.get("/").text
    assert "&lt;b&gt;Аня&lt;/b&gt;" in home and "<b>Аня</b>" not in home
