"""Seven Up / All Fours / High-Low-Jack for kozyr (rules SU1-SU7)."""

# Names are imported when first used (PEP 562): the entry point (``.plugin``) is imported when
# kozyr loads its plugins, and must not pull in the game code with the package.

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from kozyr_seven_up.variant import SevenUp

_EXPORTS = {
    "SevenUp": "kozyr_seven_up.variant",
}


def __getattr__(name: str) -> Any:
    if name not in _EXPORTS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(_EXPORTS[name]), name)
    globals()[name] = value
    return value


__all__ = ["SevenUp"]
