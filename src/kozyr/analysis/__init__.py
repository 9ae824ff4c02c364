"""Double-dummy analysis over the solver (:mod:`kozyr.solve`): reviews of played deals and
parties (:func:`analyse_deal`, :func:`analyse_party`, ``kozyr analyse``), the unseen cards
sampled as a seat knows them (:func:`sample_hands`) and the ``pimc`` bot
(:mod:`kozyr.analysis.pimc`)."""

from __future__ import annotations

from kozyr.analysis._deals import (
    DealingError,
    StackedShuffle,
    deal_value,
    deck_places,
    stacked_layout,
)
from kozyr.analysis._decide import decision_values
from kozyr.analysis._playout import WorldView, playout, policy_bots
from kozyr.analysis._review import (
    DEFAULT_MAX_NODES,
    AnalysisError,
    DealAnalysis,
    PartyAnalysis,
    PlayReview,
    analyse_deal,
    analyse_party,
    objective_of,
    party_contexts,
    position_of,
    require_full,
    side_index,
    sides_for,
    solver_for,
)
from kozyr.analysis._sampling import World, known_cards, pack_of, sample_hands, voids, world_of

__all__ = [
    "DEFAULT_MAX_NODES",
    "AnalysisError",
    "DealAnalysis",
    "DealingError",
    "PartyAnalysis",
    "PlayReview",
    "StackedShuffle",
    "World",
    "WorldView",
    "analyse_deal",
    "analyse_party",
    "deal_value",
    "decision_values",
    "deck_places",
    "known_cards",
    "objective_of",
    "pack_of",
    "party_contexts",
    "playout",
    "policy_bots",
    "position_of",
    "require_full",
    "sample_hands",
    "side_index",
    "sides_for",
    "solver_for",
    "stacked_layout",
    "voids",
    "world_of",
]
