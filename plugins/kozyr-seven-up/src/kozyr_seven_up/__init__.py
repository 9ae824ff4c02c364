"""Seven Up / All Fours / High-Low-Jack for kozyr (RULES.md §6, seed 003)."""

from kozyr_seven_up.variant import SevenUp

__all__ = ["SevenUp"]
