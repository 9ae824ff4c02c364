"""The gettext catalogs of the ``kozyr serve`` pages, kept with Babel.

    python tools/i18n.py            extract every string, update each .po, compile each .mo
    python tools/i18n.py --check    fail when a catalog is stale or a string has no translation
    python tools/i18n.py --init de  start a catalog for a new language (then translate its .po)

Strings are English text: ``_("…")``/``ngettext`` in the templates (``src/kozyr/web/templates``),
``tr(lang, "…")``/``ntr(lang, "…", "…", n)``/``N_("…")`` in the web modules. The catalogs are
``src/kozyr/web/locale/LANG/LC_MESSAGES/kozyr.po``; the compiled ``kozyr.mo`` beside each ships
in the wheel (stdlib :mod:`gettext` reads it; Babel is only a development tool).
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "src" / "kozyr" / "web"
LOCALE = WEB / "locale"
DOMAIN = "kozyr"
KEYWORDS = {**DEFAULT_KEYWORDS, "tr": (2,), "ntr": (2, 3), "N_": None}
HEADER = """\
# The kozyr serve pages in the language %s (gettext catalog; see tools/i18n.py).
# The msgids are the pages' English text."""
#: The built-in plugins whose option help the catalog carries (a plugin added later is shown in
#: its own words until its help is added here and translated).
BUILT_IN = ("kozyr_seven_up", "kozyr_sem_listov", "kozyr_semerik")
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
    for message, where in option_docs():
        catalog.add(message, None, [], auto_comments=[f"option {where}"])
    return catalog


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
    for path in catalogs():
        catalog = updated(path, template)
        po, mo = _po_bytes(catalog), _mo_bytes(catalog)
        mo_path = path.with_suffix(".mo")
        if args.check:
            if path.read_bytes() != po:
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
