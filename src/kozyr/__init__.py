"""kozyr (козырь, "trump"): a typed, pluggable library for the "seven" family of trick-taking
card games -- Семь листов, Семерик and Seven Up.

>>> import kozyr
>>> variant = kozyr.get_variant("seven-up", players=4)
>>> deal = kozyr.play_deal(variant, seed=7)
>>> result = deal.result()
>>> sum(result.tricks)
6
"""

# Names are imported when first used (PEP 562), so ``import kozyr`` -- and with it ``kozyr --help``
# and ``kozyr variants`` -- loads no engine, scoring or plugin code. ``replay`` is the exception:
# its module shares its name and is light (see kozyr.replay), so it is imported now and the
# function, not the module, is ``kozyr.replay``.

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from kozyr.replay import replay

if TYPE_CHECKING:
    from kozyr.bots import RandomBot, make_bots, play_deal
    from kozyr.cards import (
        ALL_CARDS,
        STYLES,
        Card,
        Rank,
        Suit,
        format_cards,
        parse_card,
        parse_cards,
    )
    from kozyr.cardset import CardSet
    from kozyr.codec import RecordReader, record_schema
    from kozyr.deck import PACKS, Deck
    from kozyr.engine import DONE, PLAY, Deal, PlayerView
    from kozyr.errors import (
        CardParseError,
        DuplicateCardError,
        HookError,
        IllegalActionError,
        IllegalPlayError,
        KozyrError,
        OptionError,
        PluginError,
        PluginWarning,
        RecordError,
        TextError,
        UnknownVariantError,
        VariantConflictError,
    )
    from kozyr.outcome import OutcomeField, read_outcome
    from kozyr.party import play_party
    from kozyr.realisation import PilesTarget, Realisation, WinnersTarget, prove, realise
    from kozyr.record import (
        DealRecord,
        DealResult,
        EveningRecord,
        EveningResult,
        PartyRecord,
        PartyResult,
    )
    from kozyr.registry import (
        PluginInfo,
        VariantRegistry,
        get_variant,
        hookimpl,
        hookspec,
        loaded_plugins,
        register_plugin,
        variants,
    )
    from kozyr.scoring import Payment, Points, ScoreItem, ScoreSheet, Settlement, SheetNote
    from kozyr.tricks import (
        DEAD,
        FACE_DOWN,
        FollowElseAny,
        FollowElseMustTrump,
        FollowOrTrump,
        FreePlayDeadTrumps,
        MainSuit,
        Play,
        RankOrder,
        Reads,
        StandardTrickRules,
        Trick,
        TrickRules,
    )
    from kozyr.variant import (
        Action,
        Bot,
        BotFactory,
        CardPlay,
        DecisionKind,
        OptionSpec,
        Variant,
        card_plays,
    )

#: Public name -> the module that defines it.
_EXPORTS: dict[str, tuple[str, ...]] = {
    "kozyr.bots": (
        "RandomBot",
        "make_bots",
        "play_deal",
    ),
    "kozyr.cards": (
        "ALL_CARDS",
        "STYLES",
        "Card",
        "Rank",
        "Suit",
        "format_cards",
        "parse_card",
        "parse_cards",
    ),
    "kozyr.cardset": ("CardSet",),
    "kozyr.codec": (
        "RecordReader",
        "record_schema",
    ),
    "kozyr.deck": (
        "PACKS",
        "Deck",
    ),
    "kozyr.engine": (
        "DONE",
        "PLAY",
        "Deal",
        "PlayerView",
    ),
    "kozyr.errors": (
        "CardParseError",
        "DuplicateCardError",
        "HookError",
        "IllegalActionError",
        "IllegalPlayError",
        "KozyrError",
        "OptionError",
        "PluginError",
        "PluginWarning",
        "RecordError",
        "TextError",
        "UnknownVariantError",
        "VariantConflictError",
    ),
    "kozyr.outcome": (
        "OutcomeField",
        "read_outcome",
    ),
    "kozyr.party": ("play_party",),
    "kozyr.realisation": (
        "PilesTarget",
        "Realisation",
        "WinnersTarget",
        "prove",
        "realise",
    ),
    "kozyr.record": (
        "DealRecord",
        "DealResult",
        "EveningRecord",
        "EveningResult",
        "PartyRecord",
        "PartyResult",
    ),
    "kozyr.registry": (
        "PluginInfo",
        "VariantRegistry",
        "get_variant",
        "hookimpl",
        "hookspec",
        "loaded_plugins",
        "register_plugin",
        "variants",
    ),
    "kozyr.scoring": (
        "Payment",
        "Points",
        "ScoreItem",
        "ScoreSheet",
        "Settlement",
        "SheetNote",
    ),
    "kozyr.tricks": (
        "DEAD",
        "FACE_DOWN",
        "FollowElseAny",
        "FollowElseMustTrump",
        "FollowOrTrump",
        "FreePlayDeadTrumps",
        "MainSuit",
        "Play",
        "RankOrder",
        "Reads",
        "StandardTrickRules",
        "Trick",
        "TrickRules",
    ),
    "kozyr.variant": (
        "Action",
        "Bot",
        "BotFactory",
        "CardPlay",
        "DecisionKind",
        "OptionSpec",
        "Variant",
        "card_plays",
    ),
}
_MODULE_OF = {name: module for module, names in _EXPORTS.items() for name in names}


def __getattr__(name: str) -> Any:
    module = _MODULE_OF.get(name)
    if module is None:
        try:  # a submodule not imported yet: kozyr.codec, kozyr.testing...
            return importlib.import_module(f"kozyr.{name}")
        except ModuleNotFoundError as error:
            if error.name != f"kozyr.{name}":
                raise
            raise AttributeError(f"module 'kozyr' has no attribute {name!r}") from None
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


__version__ = "0.2.0"

__all__ = [
    "ALL_CARDS",
    "DEAD",
    "DONE",
    "FACE_DOWN",
    "PACKS",
    "PLAY",
    "STYLES",
    "Action",
    "Bot",
    "BotFactory",
    "Card",
    "CardParseError",
    "CardPlay",
    "CardSet",
    "Deal",
    "DealRecord",
    "DealResult",
    "DecisionKind",
    "Deck",
    "DuplicateCardError",
    "EveningRecord",
    "EveningResult",
    "FollowElseAny",
    "FollowElseMustTrump",
    "FollowOrTrump",
    "FreePlayDeadTrumps",
    "HookError",
    "IllegalActionError",
    "IllegalPlayError",
    "KozyrError",
    "MainSuit",
    "OptionError",
    "OptionSpec",
    "OutcomeField",
    "PartyRecord",
    "PartyResult",
    "Payment",
    "PilesTarget",
    "Play",
    "PlayerView",
    "PluginError",
    "PluginInfo",
    "PluginWarning",
    "Points",
    "RandomBot",
    "Rank",
    "RankOrder",
    "Reads",
    "Realisation",
    "RecordError",
    "RecordReader",
    "ScoreItem",
    "ScoreSheet",
    "Settlement",
    "SheetNote",
    "StandardTrickRules",
    "Suit",
    "TextError",
    "Trick",
    "TrickRules",
    "UnknownVariantError",
    "Variant",
    "VariantConflictError",
    "VariantRegistry",
    "WinnersTarget",
    "card_plays",
    "format_cards",
    "get_variant",
    "hookimpl",
    "hookspec",
    "loaded_plugins",
    "make_bots",
    "parse_card",
    "parse_cards",
    "play_deal",
    "play_party",
    "prove",
    "read_outcome",
    "realise",
    "record_schema",
    "register_plugin",
    "replay",
    "variants",
]
