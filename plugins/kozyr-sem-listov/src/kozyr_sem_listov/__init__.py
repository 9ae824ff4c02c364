"""Семь листов for kozyr: the classic form (Komov 1779, RULES.md §1), По носкам (1809, §2), the
late-19th-century form (1884, §3) and the modern на носки (§4), in one plugin distribution."""

from kozyr_sem_listov.party import play_party, summarize
from kozyr_sem_listov.variant import (
    NaNoski,
    PoNoskam,
    PyatListov,
    RaceForm,
    SemListov,
    SemListov1884,
    SemListovFamily,
)

__all__ = [
    "NaNoski",
    "PoNoskam",
    "PyatListov",
    "RaceForm",
    "SemListov",
    "SemListov1884",
    "SemListovFamily",
    "play_party",
    "summarize",
]
