"""Семерик (Three-seven) for kozyr (RULES.md §5, seed 001)."""

from kozyr_semerik.scoring import CardNotInPackError, score_declarations
from kozyr_semerik.variant import Semerik

__all__ = ["CardNotInPackError", "Semerik", "score_declarations"]
