"""Семерик (Three-seven) for kozyr (rules SM1-SM11)."""

# Names are imported when first used (PEP 562): the entry point (``.plugin``) is imported when
# kozyr loads its plugins, and must not pull in the game code with the package.

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from kozyr_semerik.scoring import CardNotInPackError, score_declarations
    from kozyr_semerik.variant import Semerik

_EXPORTS = {
    "CardNotInPackError": "kozyr_semerik.scoring",
    "score_declarations": "kozyr_semerik.scoring",
    "Semerik": "kozyr_semerik.variant",
}


def __getattr__(name: str) -> Any:
    if name not in _EXPORTS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(_EXPORTS[name]), name)
    globals()[name] = value
    return value


__all__ = ["CardNotInPackError", "Semerik", "score_declarations"]
