"""Seven Up / All Fours / High-Low-Jack for kozyr (rules SU1-SU7)."""

from kozyr_seven_up.variant import SevenUp

__all__ = ["SevenUp"]
