"""A griffe extension for the API reference (mkdocs.yml, mkdocstrings-python): kozyr's docstrings
are written for ``help()`` and for the eye, in the reST habits of the Python world (Sphinx roles
such as ``:class:`~kozyr.cards.Card```, ``::`` literal blocks, bare ``>>>`` doctests). At build
time, and only there, this extension turns them into what mkdocstrings renders:

* a Sphinx role (``:class:``, ``:meth:``, ``:func:``, ``:attr:``, ``:data:``, ``:mod:``,
  ``:exc:``, ``:obj:``, ``:const:``, with or without ``py:``, ``~`` and ``title <target>``) becomes
  a mkdocstrings cross-reference ``[`Card`][kozyr.cards.Card]`` when its target -- looked up from
  the docstring's own scope outwards, as Sphinx does, aliases followed -- is rendered in the
  reference; otherwise (a private helper, another library) it stays code, ``Card``, never a
  broken link;
* a paragraph ending in ``::`` ends in ``:`` (the indented block after it is code either way);
* a run of doctest lines (``>>>``, ``...`` and their output) becomes a ``pycon`` code block.

The source files are never changed.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

#: The modules the reference renders, one page each (docs/reference/*.md, mkdocs.yml nav).
RENDERED = (
    "kozyr.cards",
    "kozyr.cardset",
    "kozyr.deck",
    "kozyr.tricks",
    "kozyr.variant",
    "kozyr.engine",
    "kozyr.bots",
    "kozyr.record",
    "kozyr.codec",
    "kozyr.replay",
    "kozyr.outcome",
    "kozyr.realisation",
    "kozyr.scoring",
    "kozyr.party",
    "kozyr.registry",
    "kozyr.errors",
    "kozyr.limits",
    "kozyr.names",
    "kozyr.sheet",
    "kozyr.keep",
    "kozyr.simulate",
    "kozyr.batch",
    "kozyr.testing",
    "kozyr.cli",
)

ROLE = re.compile(
    r":(?:py:)?(?P<role>class|meth|func|attr|data|mod|exc|obj|const)"
    r":`(?P<body>[^`]+)`"
)
DOCTEST_START = re.compile(r"^(?P<indent>[ \t]*)>>> ")


def _public(obj: griffe.Object | griffe.Alias) -> bool:
    try:
        return bool(obj.is_public)
    except Exception:  # an alias that cannot be resolved
        return False


def _final(obj: griffe.Object | griffe.Alias) -> griffe.Object | None:
    try:
        target = obj.final_target if isinstance(obj, griffe.Alias) else obj
    except Exception:  # an alias to another library (pluggy, typing)
        return None
    return target if isinstance(target, griffe.Object) else None


class SphinxRoles(griffe.Extension):
    """Rewrites the docstrings of the rendered modules once the package is loaded."""

    def __init__(self) -> None:
        super().__init__()
        #: rendered identifier -> itself, and canonical path -> the identifier rendered for it
        self.anchors: dict[str, str] = {}
        self.done = False

    # griffe calls one or the other, by version
    def on_package(self, *, pkg: griffe.Module, **kwargs: Any) -> None:
        self._rewrite(pkg)

    def on_package_loaded(self, *, pkg: griffe.Module, **kwargs: Any) -> None:
        self._rewrite(pkg)

    # --- what the reference renders -------------------------------------------------------------

    def _collect(self, obj: griffe.Object | griffe.Alias, path: str) -> None:
        self.anchors.setdefault(path, path)
        final = _final(obj)
        if final is not None:
            self.anchors.setdefault(final.path, path)
        if final is None or (not final.is_class and not final.is_module):
            return
        for name, member in final.members.items():
            if name.startswith("_") or not _public(member):
                continue
            target = _final(member)
            if target is not None and target.is_module and target.path not in RENDERED:
                continue  # a submodule without a page of its own
            if final.is_module and isinstance(member, griffe.Alias) and path not in RENDERED:
                continue
            self._collect(member, f"{path}.{name}")

    def _rendered_modules(self, pkg: griffe.Module) -> list[griffe.Module]:
        modules = []
        for path in RENDERED:
            try:
                module = pkg.modules_collection[path]
            except KeyError:
                continue
            if isinstance(module, griffe.Module):
                modules.append(module)
        return modules

    # --- resolving a role -----------------------------------------------------------------------

    def _lookup(self, collection: Any, path: str) -> str | None:
        if path in self.anchors:
            return self.anchors[path]
        try:
            found = collection[path]
        except (KeyError, ValueError, Exception):
            return None
        final = _final(found)
        if final is not None and final.path in self.anchors:
            return self.anchors[final.path]
        return None

    def resolve(self, obj: griffe.Object, target: str) -> str | None:
        """The rendered identifier a role's target names, seen from ``obj``; None if none."""
        target = target.lstrip(".").strip()
        if not re.fullmatch(r"[A-Za-z_][\w.]*", target):
            return None
        collection = obj.modules_collection
        scopes: list[str] = []
        scope: griffe.Object | None = obj
        while scope is not None:
            scopes.append(scope.path)
            scope = scope.parent
        for base in [*scopes, "kozyr", *RENDERED]:
            found = self._lookup(collection, f"{base}.{target}")
            if found is not None:
                return found
        return self._lookup(collection, target)

    def convert(self, obj: griffe.Object, text: str) -> str:
        def role(match: re.Match[str]) -> str:
            body = match.group("body").strip()
            titled = re.fullmatch(r"(?P<title>.+?)\s*<(?P<target>[^>]+)>", body)
            if titled:
                title, target = titled.group("title"), titled.group("target")
            else:
                target = body
                short = target.startswith("~")
                target = target.lstrip("~")
                title = target.rsplit(".", 1)[-1] if short else target
                if match.group("role") in {"meth", "func"} and not title.endswith(")"):
                    title += "()"
            anchor = self.resolve(obj, target.lstrip("~").rstrip("()"))
            code = f"`{title}`" if not titled else title
            return f"[{code}][{anchor}]" if anchor else (f"`{title}`" if not titled else title)

        text = ROLE.sub(role, text)
        text = re.sub(r"(\S)::\n\n", r"\1:\n\n", text)
        return _fence_doctests(text)

    def _rewrite(self, pkg: griffe.Module) -> None:
        if pkg.path != "kozyr":
            return
        for module in self._rendered_modules(pkg):
            self._collect(module, module.path)
        seen: set[str] = set()

        def walk(obj: griffe.Object) -> None:
            if obj.path in seen:
                return
            seen.add(obj.path)
            if obj.docstring is not None:
                obj.docstring.value = self.convert(obj, obj.docstring.value)
            for member in obj.members.values():
                if isinstance(member, griffe.Object) and member.path.startswith(obj.path + "."):
                    walk(member)

        walk(pkg)


def _fence_doctests(text: str) -> str:
    """Wrap each run of doctest lines (prompt, continuation, output up to a blank line) in a
    ``pycon`` fence, at the run's indentation."""
    lines = text.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        start = DOCTEST_START.match(lines[i])
        if not start:
            out.append(lines[i])
            i += 1
            continue
        indent = start.group("indent")
        block = []
        while i < len(lines) and lines[i].strip() and lines[i].startswith(indent):
            block.append(lines[i][len(indent) :])
            i += 1
        if out and out[-1].strip():
            out.append("")
        out += [f"{indent}```pycon", *[f"{indent}{line}" for line in block], f"{indent}```"]
        if i < len(lines) and lines[i].strip():
            out.append("")
    return "\n".join(out)
