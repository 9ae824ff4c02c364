"""Семерик (Three-seven) for kozyr (rules SM1-SM11)."""

from kozyr_semerik.scoring import CardNotInPackError, score_declarations
from kozyr_semerik.variant import Semerik

__all__ = ["CardNotInPackError", "Semerik", "score_declarations"]
