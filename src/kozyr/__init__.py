"""kozyr (козырь, "trump"): a typed, pluggable library for the "seven" family of trick-taking
card games -- Семь листов, Семерик and Seven Up.

>>> import kozyr
>>> variant = kozyr.get_variant("seven-up", players=4)
>>> deal = kozyr.play_deal(variant, seed=7)
>>> result = deal.result()
>>> sum(result.tricks)
6
"""

# The public names are stated once, in the imports of the ``TYPE_CHECKING`` block below: type
# checkers read them there (``import X as X`` re-exports X), and at run time :func:`_exports`
# reads the same block from this file's source, so that each name is imported when first used
# (PEP 562) -- ``import kozyr``, and with it ``kozyr --help`` and ``kozyr variants``, loads no
# engine, scoring or plugin code. ``replay`` is the exception: its module shares its name and is
# light (see kozyr.replay), so it is imported now and the function, not the module, is
# ``kozyr.replay``.

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from kozyr.replay import replay as replay

__version__ = "0.2.0"

if TYPE_CHECKING:  # the public names (``X as X``: re-exported for mypy --strict)
    # isort: off
    from kozyr.bots import (
        RandomBot as RandomBot,
        make_bots as make_bots,
        play_deal as play_deal,
    )
    from kozyr.cards import (
        ALL_CARDS as ALL_CARDS,
        ALL_CARDS_AND_JOKERS as ALL_CARDS_AND_JOKERS,
        BLACK_JOKER as BLACK_JOKER,
        JOKERS as JOKERS,
        RED_JOKER as RED_JOKER,
        STYLES as STYLES,
        Card as Card,
        Rank as Rank,
        Suit as Suit,
        format_cards as format_cards,
        parse_card as parse_card,
        parse_cards as parse_cards,
    )
    from kozyr.cardset import (
        CardSet as CardSet,
    )
    from kozyr.codec import (
        RecordReader as RecordReader,
        record_schema as record_schema,
    )
    from kozyr.deck import (
        PACKS as PACKS,
        Deck as Deck,
    )
    from kozyr.engine import (
        DONE as DONE,
        PLAY as PLAY,
        Deal as Deal,
        PlayerView as PlayerView,
    )
    from kozyr.errors import (
        CardIndexError as CardIndexError,
        CardParseError as CardParseError,
        DuplicateCardError as DuplicateCardError,
        HookError as HookError,
        IllegalActionError as IllegalActionError,
        IllegalPlayError as IllegalPlayError,
        JokerError as JokerError,
        KozyrError as KozyrError,
        OptionError as OptionError,
        PluginError as PluginError,
        PluginWarning as PluginWarning,
        RecordError as RecordError,
        TextError as TextError,
        UnknownVariantError as UnknownVariantError,
        VariantConflictError as VariantConflictError,
    )
    from kozyr.outcome import (
        OutcomeField as OutcomeField,
        read_outcome as read_outcome,
    )
    from kozyr.party import (
        play_party as play_party,
    )
    from kozyr.realisation import (
        PilesTarget as PilesTarget,
        Realisation as Realisation,
        WinnersTarget as WinnersTarget,
        prove as prove,
        realise as realise,
    )
    from kozyr.record import (
        DealRecord as DealRecord,
        DealResult as DealResult,
        EveningRecord as EveningRecord,
        EveningResult as EveningResult,
        PartyRecord as PartyRecord,
        PartyResult as PartyResult,
    )
    from kozyr.registry import (
        PluginInfo as PluginInfo,
        VariantRegistry as VariantRegistry,
        get_variant as get_variant,
        hookimpl as hookimpl,
        hookspec as hookspec,
        loaded_plugins as loaded_plugins,
        register_plugin as register_plugin,
        variants as variants,
    )
    from kozyr.scoring import (
        Payment as Payment,
        Points as Points,
        ScoreItem as ScoreItem,
        ScoreSheet as ScoreSheet,
        Settlement as Settlement,
        SheetNote as SheetNote,
    )
    from kozyr.tricks import (
        DEAD as DEAD,
        FACE_DOWN as FACE_DOWN,
        FollowElseAny as FollowElseAny,
        FollowElseMustTrump as FollowElseMustTrump,
        FollowOrTrump as FollowOrTrump,
        FreePlayDeadTrumps as FreePlayDeadTrumps,
        MainSuit as MainSuit,
        Play as Play,
        RankOrder as RankOrder,
        Reads as Reads,
        StandardTrickRules as StandardTrickRules,
        Trick as Trick,
        TrickRules as TrickRules,
    )
    from kozyr.variant import (
        Action as Action,
        Bot as Bot,
        BotFactory as BotFactory,
        CardPlay as CardPlay,
        DecisionKind as DecisionKind,
        OptionSpec as OptionSpec,
        Variant as Variant,
        card_plays as card_plays,
    )
    # isort: on


_MODULE_OF: dict[str, str] = {}


def _exports() -> dict[str, str]:
    """Public name -> the module that defines it, read once from the ``TYPE_CHECKING`` imports
    of this file (the one place the names are stated)."""
    if not _MODULE_OF:
        import ast

        with open(__file__, encoding="utf-8") as file:  # the source, even where pytest rewrites
            source = file.read()
        for node in ast.parse(source).body:
            if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
                for statement in node.body:
                    if isinstance(statement, ast.ImportFrom) and statement.module:
                        for alias in statement.names:
                            _MODULE_OF[alias.name] = statement.module
    return _MODULE_OF


def _all_order(name: str) -> tuple[bool, bool, str]:
    """The order of ``__all__``: constants, classes, functions (as ruff sorts a literal one)."""
    return (not name.isupper(), not name[:1].isupper(), name)


def __getattr__(name: str) -> Any:
    if name == "__all__":
        value: Any = sorted([*_exports(), "replay"], key=_all_order)
        globals()[name] = value
        return value
    module = _exports().get(name)
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
    return sorted({*globals(), *__getattr__("__all__")})
