"""The documentation site as a reader gets it (#24): built with ``mkdocs build --strict``, it
loads nothing from another host (no CDN: code is highlighted at build time), its search finds
Russian words as well as English ones (queried with the site's own lunr and its Russian
stemmer, under node), the API reference renders every public name of kozyr with a signature and
no Sphinx role left as text, and the changelog is a page of it."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import kozyr

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "docs"))
from griffe_sphinx import RENDERED, _fence_doctests  # noqa: E402

SEARCH = """
const path = require("path"), fs = require("fs");
const dir = path.resolve(process.argv[2], "search");
const data = JSON.parse(fs.readFileSync(path.join(dir, "search_index.json"), "utf8"));
const lunr = require(path.join(dir, "lunr.js"));
const lang = data.config.lang;
require(path.join(dir, "lunr.stemmer.support.js"))(lunr);
require(path.join(dir, "lunr.multi.js"))(lunr);
for (const l of lang) if (l !== "en") require(path.join(dir, `lunr.${l}.js`))(lunr);
lunr.tokenizer.separator = new RegExp(data.config.separator);
const index = lunr(function () {  // as the site's search/worker.js builds it
  this.use(lunr.multiLanguage.apply(null, lang));
  this.field("title"); this.field("text"); this.ref("location");
  for (const doc of data.docs) this.add(doc);
});
const counts = {};
for (const word of process.argv.slice(3)) counts[word] = index.search(word).length;
console.log(JSON.stringify(counts));
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    given = os.environ.get("KOZYR_SITE_DIR")  # .ci/run built it already
    if given:
        return Path(given)
    out = tmp_path_factory.mktemp("site")
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(out)],
        cwd=ROOT,
        check=True,
        timeout=600,
    )
    return out


def pages(site: Path) -> dict[str, str]:
    return {str(p.relative_to(site)): p.read_text(encoding="utf-8") for p in site.rglob("*.html")}


@pytest.mark.slow
def test_nothing_loads_from_another_host(site: Path) -> None:
    remote = re.compile(
        r"<(?:script|img)[^>]*\ssrc=\"(?:https?:)?//|<link[^>]*href=\"(?:https?:)?//"
    )
    offending = [name for name, html in pages(site).items() if remote.search(html)]
    assert offending == []
    assert "highlight" in (site / "css" / "pygments.css").read_text(encoding="utf-8")


@pytest.mark.slow
def test_the_search_finds_russian_and_english_words(site: Path, tmp_path: Path) -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    config = json.loads((site / "search" / "search_index.json").read_text("utf-8"))["config"]
    assert config["lang"] == ["ru", "en"]
    script = tmp_path / "search.js"
    script.write_text(SEARCH, encoding="utf-8")
    words = ["Семерик", "баба", "козырь", "trump", "deal"]
    done = subprocess.run(
        [node, str(script), str(site), *words], capture_output=True, text=True, check=True
    )
    counts = json.loads(done.stdout)
    assert all(counts[word] > 0 for word in words), counts


def test_every_public_name_has_a_reference_entry(site: Path) -> None:
    html = "".join(pages(site)[f"reference/{m.split('.', 1)[1]}/index.html"] for m in RENDERED)
    anchors = set(re.findall(r'id="(kozyr\.[\w.]+)"', html))
    missing = []
    for name in kozyr.__all__:
        module = getattr(getattr(kozyr, name), "__module__", None)
        if isinstance(module, str):  # a package's private module: its facade renders the name
            module = module.partition("._")[0]
        if module in RENDERED and f"{module}.{name}" not in anchors:
            missing.append(f"{module}.{name}")
    assert missing == []
    assert len(anchors) > 500


def test_the_reference_shows_signatures_doctests_and_links(site: Path) -> None:
    cards = pages(site)["reference/cards/index.html"]
    assert "parse_card" in cards and "doc-signature" in cards  # separate signatures
    text = "".join(pages(site)[f"reference/{m.split('.', 1)[1]}/index.html"] for m in RENDERED)
    assert not re.search(r":(?:class|meth|func|attr|data|mod|exc|obj|const):`", text)
    assert text.count('class="autorefs') > 300  # the roles became links
    assert "&gt;&gt;&gt;" in text and "highlight" in text  # doctests as code


def test_doctest_runs_become_code_blocks() -> None:
    text = "Read one card.\n\n>>> parse_card('Q♠')\nCard('Q♠')\n\nThe end."
    assert _fence_doctests(text) == (
        "Read one card.\n\n```pycon\n>>> parse_card('Q♠')\nCard('Q♠')\n```\n\nThe end."
    )


def test_the_changelog_and_cli_pages(site: Path) -> None:
    changelog = pages(site)["changelog/index.html"]
    assert 'id="020-2026-12-01"' in changelog and 'id="010-2026-12-01"' in changelog
    assert "\\|" not in pages(site)["cli/index.html"]
