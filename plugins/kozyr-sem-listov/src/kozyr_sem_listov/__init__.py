"""Семь листов for kozyr: the classic form (Komov 1779, SL-C1-SL-C17), По носкам (1809,
PN1-PN5), the late-19th-century form (Jean-Tenage 1884, SL19-1-SL19-4) and the modern на носки
(NN1-NN5), in one plugin distribution."""

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
