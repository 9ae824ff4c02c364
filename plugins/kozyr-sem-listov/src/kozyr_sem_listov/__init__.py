"""Семь листов for kozyr: the classic form (Komov 1779, SL-C1-SL-C17), По носкам (1809,
PN1-PN5), the late-19th-century form (Jean-Tenage 1884, SL19-1-SL19-4) and the modern на носки
(NN1-NN5), in one plugin distribution."""

# Names are imported when first used (PEP 562): the entry point (``.plugin``) is imported when
# kozyr loads its plugins, and must not pull in the game code with the package.

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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

_EXPORTS = {
    "play_party": "kozyr_sem_listov.party",
    "summarize": "kozyr_sem_listov.party",
    "NaNoski": "kozyr_sem_listov.variant",
    "PoNoskam": "kozyr_sem_listov.variant",
    "PyatListov": "kozyr_sem_listov.variant",
    "RaceForm": "kozyr_sem_listov.variant",
    "SemListov": "kozyr_sem_listov.variant",
    "SemListov1884": "kozyr_sem_listov.variant",
    "SemListovFamily": "kozyr_sem_listov.variant",
}


def __getattr__(name: str) -> Any:
    if name not in _EXPORTS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(_EXPORTS[name]), name)
    globals()[name] = value
    return value


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
