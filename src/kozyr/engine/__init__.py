"""The deal engine: one state machine that runs a deal of any variant.

The engine owns what every variant shares -- hands, the current trick, turn order, trick
resolution, history, chance -- and asks the variant for the rest (dealing, its own phases, trick
rules, scoring). ``play()`` validates and then applies, so an illegal action raises and leaves the
deal exactly as it was (``verify_play`` raises, ``can_play`` asks, ``play`` does); ``push()``
applies an action a trusted caller took from ``legal_actions()`` without checking it again.

Everything a :class:`Deal` holds is read-only from outside (properties). A variant's hooks change
the deal only through its named methods -- :meth:`Deal.deal_hands`, :meth:`Deal.add_cards`,
:meth:`Deal.remove_cards`, :meth:`Deal.turn_up`, :meth:`Deal.set_trump`, :meth:`Deal.set_phase`,
:meth:`Deal.set_playing`, :meth:`Deal.begin_play`, :meth:`Deal.new_trick`, :meth:`Deal.finish`,
:meth:`Deal.record_fact` -- keep their own working state in :attr:`Deal.state` (made by
:meth:`kozyr.Variant.new_state`), and draw chance only through :meth:`Deal.shuffle` and
:meth:`Deal.cut_deck`, which a replay answers from the record instead of the generator.

The package is a small facade over one concept per private module: ``_deal`` (:class:`Deal`),
``_view`` (:class:`PlayerView`, :class:`TrickCounts`), ``_party`` (:func:`run_party`) and
``_faults`` (what a fault in a variant's hook becomes). Import the names from ``kozyr.engine``.
"""

from __future__ import annotations

from kozyr.engine._deal import DONE, PLAY, Deal
from kozyr.engine._faults import _fail as _fail
from kozyr.engine._faults import checked_result, checked_return, hook_error, plugin_of
from kozyr.engine._party import run_party
from kozyr.engine._view import PlayerView, TrickCounts

__all__ = [
    "DONE",
    "PLAY",
    "Deal",
    "PlayerView",
    "TrickCounts",
    "checked_result",
    "checked_return",
    "hook_error",
    "plugin_of",
    "run_party",
]
