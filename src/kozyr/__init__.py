"""kozyr (козырь, "trump"): a typed, pluggable library for the "seven" family of trick-taking
card games -- Семь листов, Семерик and Seven Up.

>>> import kozyr
>>> variant = kozyr.get_variant("seven-up", players=4)
>>> deal = kozyr.play_deal(variant, seed=7)
>>> result = deal.result()
>>> sum(result.tricks)
6
"""

from kozyr.bots import RandomBot, make_bots, play_deal
from kozyr.cards import ALL_CARDS, STYLES, Card, Rank, Suit, format_cards, parse_card, parse_cards
from kozyr.cardset import CardSet
from kozyr.codec import RecordReader, record_schema
from kozyr.deck import PACKS, Deck
from kozyr.engine import DONE, PLAY, Deal
from kozyr.errors import (
    CardParseError,
    DuplicateCardError,
    IllegalActionError,
    IllegalPlayError,
    KozyrError,
    OptionError,
    PluginError,
    RecordError,
    UnknownVariantError,
    VariantConflictError,
)
from kozyr.party import play_party
from kozyr.record import DealRecord, DealResult, PartyRecord, PartyResult
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
from kozyr.replay import replay
from kozyr.scoring import Payment, ScoreItem, ScoreSheet, Settlement, SheetNote
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
from kozyr.variant import Action, Bot, BotFactory, OptionSpec, Variant

__version__ = "0.1.0"

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
    "CardSet",
    "Deal",
    "DealRecord",
    "DealResult",
    "Deck",
    "DuplicateCardError",
    "FollowElseAny",
    "FollowElseMustTrump",
    "FollowOrTrump",
    "FreePlayDeadTrumps",
    "IllegalActionError",
    "IllegalPlayError",
    "KozyrError",
    "MainSuit",
    "OptionError",
    "OptionSpec",
    "PartyRecord",
    "PartyResult",
    "Payment",
    "Play",
    "PluginError",
    "PluginInfo",
    "RandomBot",
    "Rank",
    "RankOrder",
    "Reads",
    "RecordError",
    "RecordReader",
    "ScoreItem",
    "ScoreSheet",
    "Settlement",
    "SheetNote",
    "StandardTrickRules",
    "Suit",
    "Trick",
    "TrickRules",
    "UnknownVariantError",
    "Variant",
    "VariantConflictError",
    "VariantRegistry",
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
    "record_schema",
    "register_plugin",
    "replay",
    "variants",
]
