"""The rules as text: every rule and decision id the code, tests and messages cite, with its words.

Each variant ships its rules with its plugin as a Markdown file (``*.rules.md``, package data);
the core ships the conventions every variant shares (C1-C7). A rules file is a title, a
``Source:`` line naming the historical text, an introduction, and one ``## ID Title`` section per
rule; an id starting with ``D-`` is one of kozyr's decisions where the source is silent or
ambiguous. These files are the single source of the rules: ``kozyr rules`` prints them and the
pages under ``docs/rules/`` are exact copies (a test keeps them so).

>>> book = conventions()
>>> book.title
'Conventions shared by every variant'
>>> rule = book.get("C2")
>>> rule.id, rule.title, rule.kind
('C2', 'Eldest', 'rule')
>>> rule.text.split(".")[0]
"Eldest is the player on the dealer's left"
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from typing_extensions import override

from kozyr.errors import KozyrError

#: A rule or decision id: ``C1``, ``SL-C9``, ``SL19-4``, ``PN5``, ``NN2``, ``SM6``, ``SU4``,
#: ``D-SU4``, ``D-SL19``, ``SU-O1`` (an option of Seven Up), ``AP3``, ``D-AP2`` (Pitch),
#: ``SMR3``, ``D-SMR1`` (Smear)…
ID_PATTERN = (
    r"(?:D-(?:SL|PN|NN|SMR|SM|SU|AP)[0-9]+|SL-C[0-9]+|SL19-[0-9]+|SU-O[0-9]+"
    r"|(?:PN|NN|SMR|SM|SU|AP)[0-9]+|C[1-9][0-9]*)"  # not C0, the control characters' name
)
#: An id where it is cited in text: not part of a longer word or id.
CITED = re.compile(rf"(?<![\w-]){ID_PATTERN}(?![\w-])")
#: A section heading: ``## ID Title``; an id is capitals, digits and dashes, ending in a digit (a
#: plugin may number its own rules, ``SW1``).
_HEADING = re.compile(r"^## ((?:D-)?[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*(?<=[0-9])) (.+)$")

#: The core's rules file: the conventions C1-C7.
CONVENTIONS = ("kozyr", "conventions.rules.md")


@dataclass(frozen=True, slots=True)
class Rule:
    """One numbered rule (``SU4``) or decision (``D-SU4``) with its title and text (Markdown)."""

    id: str
    title: str
    text: str
    #: The rules file it belongs to (``"seven-up"``, ``"conventions"``…).
    book: str

    @property
    def kind(self) -> str:
        """``"decision"`` for kozyr's decisions (ids ``D-…``), else ``"rule"``."""
        return "decision" if self.id.startswith("D-") else "rule"

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "kind": self.kind,
            "book": self.book,
            "text": self.text,
        }

    @override
    def __str__(self) -> str:
        return f"{self.id} {self.title}\n\n{self.text}"


@dataclass(frozen=True, slots=True)
class Rulebook:
    """The rules of one variant (or the conventions), in the order of their file."""

    name: str
    title: str
    source: str
    intro: str
    rules: tuple[Rule, ...]

    def get(self, rule_id: str) -> Rule | None:
        """The rule with this id (case-insensitive), or None."""
        wanted = rule_id.strip().upper()
        return next((rule for rule in self.rules if rule.id == wanted), None)

    def ids(self) -> list[str]:
        return [rule.id for rule in self.rules]

    def to_json(self) -> dict[str, Any]:
        return {
            "book": self.name,
            "title": self.title,
            "source": self.source,
            "intro": self.intro,
            "rules": [rule.to_json() for rule in self.rules],
        }


def parse_rulebook(name: str, text: str) -> Rulebook:
    """Read a rules file (see the module doc); a malformed file raises :class:`KozyrError`.

    >>> book = parse_rulebook("demo", "# Demo\\n\\nSource: X, 1900.\\n\\nIntro.\\n\\n"
    ...                       "## Players\\n\\nTwo.\\n")
    Traceback (most recent call last):
    ...
    kozyr.errors.KozyrError: demo.rules.md line 7: '## Players' is not a rule id heading
    >>> book = parse_rulebook("demo", "# Demo\\n\\nSource: X, 1900.\\n\\nIntro.\\n\\n"
    ...                       "## ZZ1 Players\\n\\nTwo.\\n\\n## D-ZZ1 Ties\\n\\nNobody wins.\\n")
    >>> [(r.id, r.kind, r.text) for r in book.rules]
    [('ZZ1', 'rule', 'Two.'), ('D-ZZ1', 'decision', 'Nobody wins.')]
    >>> book.source
    'X, 1900.'
    """
    lines = text.splitlines()
    where = f"{name}.rules.md"
    if not lines or not lines[0].startswith("# "):
        raise KozyrError(f"{where} line 1: a rules file starts with '# Title'")
    title = lines[0][2:].strip()
    head: list[str] = []
    sections: list[tuple[str, str, list[str]]] = []
    for number, line in enumerate(lines[1:], start=2):
        if line.startswith("## "):
            match = _HEADING.match(line)
            if match is None:
                raise KozyrError(f"{where} line {number}: {line!r} is not a rule id heading")
            if any(section[0] == match[1] for section in sections):
                raise KozyrError(f"{where} line {number}: {match[1]} is defined twice")
            sections.append((match[1], match[2].strip(), []))
        elif sections:
            sections[-1][2].append(line)
        else:
            head.append(line)
    paragraphs = _paragraphs(head)
    source = next((p for p in paragraphs if p.startswith("Source: ")), "")
    if not source:
        raise KozyrError(f"{where}: no 'Source: …' line before the first rule")
    intro = "\n\n".join(p for p in paragraphs if p is not source)
    rules = tuple(
        Rule(rule_id, rule_title, "\n".join(body).strip(), name)
        for rule_id, rule_title, body in sections
    )
    return Rulebook(name, title, source.removeprefix("Source: "), intro, rules)


def _paragraphs(lines: list[str]) -> list[str]:
    return [p.strip() for p in "\n".join(lines).split("\n\n") if p.strip()]


@cache
def read_rulebook(package: str, resource: str) -> Rulebook:
    """The rules file ``resource`` shipped in ``package`` (read and parsed once)."""
    try:
        text = resources.files(package).joinpath(resource).read_text(encoding="utf-8")
    except (OSError, ModuleNotFoundError) as error:
        raise KozyrError(f"cannot read the rules {resource} of {package}: {error}") from None
    return parse_rulebook(resource.removesuffix(".rules.md"), text)


def conventions() -> Rulebook:
    """The conventions C1-C7 every variant shares."""
    return read_rulebook(*CONVENTIONS)


__all__ = [
    "CITED",
    "ID_PATTERN",
    "Rule",
    "Rulebook",
    "conventions",
    "parse_rulebook",
    "read_rulebook",
]
