"""Double-dummy analysis over the solver (:mod:`kozyr.solve`): reviews of played deals
(:func:`analyse_deal`, ``kozyr analyse``), the unseen cards sampled as a seat knows them
(:func:`sample_hands`) and the ``pimc`` bot (:mod:`kozyr.analysis.pimc`)."""

from __future__ import annotations

from kozyr.analysis._review import (
    DEFAULT_MAX_NODES,
    AnalysisError,
    DealAnalysis,
    PlayReview,
    analyse_deal,
    objective_of,
    position_of,
    side_index,
    sides_for,
    solver_for,
)
from kozyr.analysis._sampling import World, pack_of, sample_hands, voids

__all__ = [
    "DEFAULT_MAX_NODES",
    "AnalysisError",
    "DealAnalysis",
    "PlayReview",
    "World",
    "analyse_deal",
    "objective_of",
    "pack_of",
    "position_of",
    "sample_hands",
    "side_index",
    "sides_for",
    "solver_for",
    "voids",
]
