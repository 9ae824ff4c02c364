"""The Pitch family for kozyr: Auction Pitch, Setback, Smudge (rules AP1-AP11, D-AP1-D-AP8) and
Smear (SMR1-SMR8, D-SMR1-D-SMR9)."""

# Names are imported when first used (PEP 562): the entry point (``.plugin``) is imported when
# kozyr loads its plugins, and must not pull in the game code with the package.

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from kozyr_pitch.smear import Smear, TenPointSmear
    from kozyr_pitch.variant import AuctionPitch, Setback, Smudge

_EXPORTS = {
    "AuctionPitch": "kozyr_pitch.variant",
    "Setback": "kozyr_pitch.variant",
    "Smudge": "kozyr_pitch.variant",
    "Smear": "kozyr_pitch.smear",
    "TenPointSmear": "kozyr_pitch.smear",
}


def __getattr__(name: str) -> Any:
    if name not in _EXPORTS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(_EXPORTS[name]), name)
    globals()[name] = value
    return value


__all__ = ["AuctionPitch", "Setback", "Smear", "Smudge", "TenPointSmear"]
