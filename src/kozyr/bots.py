"""Bots and the loop that plays a whole deal with them.

>>> from kozyr import get_variant
>>> deal = play_deal(get_variant("seven-up"), seed=1)
>>> deal.is_over
True
"""

from __future__ import annotations

import random
import weakref
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from kozyr.engine import Deal, PlayerView, plugin_of
from kozyr.errors import HookError, IllegalActionError, KozyrError
from kozyr.limits import check_seed
from kozyr.registry import PLUGIN_FAULTS, call_plugin, manager, plugin_fault
from kozyr.variant import Action, Bot, BotFactory, Variant


class RandomBot:
    """Picks uniformly among the legal actions with the generator it is given (in
    :func:`play_deal`, the deal's own: one seeded generator shuffles and decides).

    The draw, written out so that seeded play rests on public, documented ``random`` methods
    only: with ``n > 1`` actions, ``k = n.bit_length()`` bits from ``rng.getrandbits(k)`` until
    the number is below ``n`` -- the rejection sampling CPython's ``rng.choice`` and
    ``rng.randrange(n)`` make, so the same seed picks the same actions as they would. One
    action draws nothing.
    """

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: PlayerView, actions: Sequence[Action]) -> Action:
        n = len(actions)
        if n == 1:
            return actions[0]
        getrandbits = self.rng.getrandbits
        k = n.bit_length()
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        return actions[r]


#: The bot table per variant object and registry generation (play_deal asks for every deal).
_TABLES: weakref.WeakKeyDictionary[Variant, tuple[int, Mapping[str, BotFactory]]] = (
    weakref.WeakKeyDictionary()
)


def available_bots(variant: Variant) -> Mapping[str, BotFactory]:
    """Every bot that plays ``variant``, by name: ``random``, ``pimc`` (perfect-information
    Monte Carlo over the double-dummy solver, :mod:`kozyr.analysis.pimc`), the bots plugins
    registered for it (hook ``kozyr_register_bots``) and the variant's own
    (:meth:`Variant.bots`), the variant's own winning over a plugin bot of the same name."""
    pm = manager()
    try:
        cached = _TABLES.get(variant)
        if cached is not None and cached[0] == pm.generation:
            return cached[1]
        table = _table(pm.bots_for(type(variant)), variant)
        _TABLES[variant] = (pm.generation, table)
    except TypeError:  # an unhashable variant (one that defines __eq__ alone): ask every time
        table = _table(pm.bots_for(type(variant)), variant)
    return table


def _table(plugin_bots: Mapping[str, BotFactory], variant: Variant) -> dict[str, BotFactory]:
    from kozyr.analysis.pimc import pimc_bot  # the solver's bot plays every variant (#27)

    return {"random": RandomBot, "pimc": pimc_bot, **plugin_bots, **variant.bots()}


def bot_plugin(variant: Variant, name: str) -> str:
    """The plugin a bot of ``variant`` called ``name`` comes from (for messages): ``kozyr`` for
    ``random``, the variant's own plugin for a bot of :meth:`Variant.bots`, else the plugin that
    registered it (hook ``kozyr_register_bots``)."""
    if name in variant.bots():
        return plugin_of(variant)
    if name in ("random", "pimc"):
        return "kozyr"
    for entry in manager().bots():
        if entry.name == name:
            return entry.plugin
    return plugin_of(variant)


class _Seat(NamedTuple):
    """A seat's bot with its name and plugin, as faults name them (made for every deal)."""

    bot: Bot
    name: str
    plugin: str


def _made(
    variant: Variant, kind: str | Sequence[str], rng: random.Random, *, shared: bool = False
) -> list[_Seat]:
    """The seats' bots by name, all drawing from ``rng``. ``shared``: the seats that play
    kozyr's random bot share one -- it keeps nothing but the generator they all draw from, so
    the draws are the same -- which is what :func:`play_deal` asks (its bots never leave it);
    :func:`make_bots` gives every seat a bot of its own."""
    available = available_bots(variant)
    random_seat: _Seat | None = None
    kinds = [kind] * variant.players if isinstance(kind, str) else list(kind)
    if len(kinds) != variant.players:
        raise KozyrError(f"{variant.name}: need {variant.players} bots, got {len(kinds)}")
    seats: list[_Seat] = []
    for name in kinds:
        if name not in available:
            from kozyr.analysis.pimc import pimc_factory

            custom = pimc_factory(
                name
            )  # pimc with options: pimc:samples=N:nodes=M:decisions=D (#27)
            if custom is not None:
                seats.append(_Seat(custom(rng), name, "kozyr"))
                continue
            raise KozyrError(
                f"{variant.name}: unknown bot {name!r}; available: {', '.join(sorted(available))}"
                " (and pimc:samples=N:nodes=M:decisions=D)"
            )
        if available[name] is RandomBot:  # kozyr's own bot: no plugin's code to guard
            if random_seat is None or not shared:
                random_seat = _Seat(RandomBot(rng), name, "kozyr")
            seats.append(random_seat)
            continue
        plugin = bot_plugin(variant, name)
        bot = call_plugin(
            available[name],
            rng,
            plugin=plugin,
            bot=name,
            variant=variant.name,
            hook="factory",
            trusted=(),
        )
        if not callable(getattr(bot, "choose", None)):
            raise HookError(
                plugin=plugin,
                bot=name,
                variant=variant.name,
                hook="factory",
                detail=f"made {type(bot).__name__}, not a bot (an object with choose)",
            )
        seats.append(_Seat(bot, name, plugin))
    return seats


def make_bots(
    variant: Variant, kind: str | Sequence[str], rng: random.Random | int | None
) -> list[Bot]:
    """One bot per seat, by name (one name for all, or one per seat), all drawing from one
    generator: ``rng`` itself, or ``random.Random(rng)`` for a seed.

    :func:`play_deal` passes the deal's own generator, so a seed decides the shuffle and then
    every bot's choice from a single stream (the cards dealt never depend on the bots). A
    factory that raises or makes no bot is a :class:`~kozyr.errors.HookError` naming the bot
    and its plugin.
    """
    if not isinstance(rng, random.Random):
        rng = random.Random(rng)
    return [seat.bot for seat in _made(variant, kind, rng)]


def play_deal(
    variant: Variant,
    *,
    seed: int | None = None,
    dealer: int = 0,
    bots: str | Sequence[str] | Sequence[Bot] = "random",
    context: Mapping[str, Any] | None = None,
) -> Deal:
    """Deal by ``seed`` and let bots play every decision and card to the end.

    Bots given by name draw from the deal's generator (``random.Random(seed)``, which first
    shuffles): the same seed and bots always give the same deal. The loop is an ordinary client
    of the engine: it asks :meth:`Deal.legal_actions`, lets the seat's bot choose, and pushes the
    choice (:meth:`Deal.push`) when it is one of the legal actions.

    A bot is a plugin's code: its exception, a choice that is not an :class:`Action`, or an
    action that is not legal is a :class:`~kozyr.errors.HookError` naming the bot and its plugin
    (the deal is left as it was)."""
    rng = random.Random(check_seed(seed))
    players = _players(variant, bots, rng)
    deal = Deal.new(variant, seed=seed, dealer=dealer, context=context, rng=rng)
    views = [PlayerView(deal, seat) for seat in range(deal.n)]  # what each player sees
    while actions := deal.legal_actions():  # empty once the deal is over
        seat = actions[0].seat
        player = players[seat]
        try:
            action = player.bot.choose(views[seat], actions)
        except PLUGIN_FAULTS as error:
            fault = plugin_fault(
                error,
                plugin=player.plugin,
                bot=player.name,
                variant=variant.name,
                hook="choose",
                trusted=(),
                seed=seed,
                dealer=dealer,
                seat=seat,
            )
            if fault is error:
                raise
            raise fault from error
        for legal in actions:  # a bot usually returns one of the actions itself
            if legal is action:
                deal.push(action)
                break
        else:  # an equal action is pushed too; anything else is the bot's fault
            if action in actions:
                deal.push(action)
            else:
                raise _illegal(deal, variant, player, action, seed, dealer, seat)
    return deal


def _illegal(
    deal: Deal,
    variant: Variant,
    player: _Seat,
    action: object,
    seed: int | None,
    dealer: int,
    seat: int,
) -> HookError:
    """The HookError for a bot's choice that is no legal action (what the engine says of it)."""
    if not isinstance(action, Action):
        detail = f"returned {type(action).__name__}, not Action"
    else:
        try:
            deal.verify_play(action)
            why = "it is not one of the legal actions"
        except IllegalActionError as error:
            why = str(error)
        detail = f"chose an illegal action {action}: {why}"
    return HookError(
        plugin=player.plugin,
        bot=player.name,
        variant=variant.name,
        hook="choose",
        seed=seed,
        dealer=dealer,
        seat=seat,
        detail=detail,
    )


def _players(
    variant: Variant, bots: str | Sequence[str] | Sequence[Bot], rng: random.Random
) -> Sequence[_Seat]:
    """The bots of a deal: made by name (all drawing from ``rng``), or given as objects (named
    by their class and module)."""
    if isinstance(bots, str):
        return _made(variant, bots, rng, shared=True)
    names = [b for b in bots if isinstance(b, str)]
    if len(names) == len(bots):
        return _made(variant, names, rng, shared=True)
    objects = [b for b in bots if not isinstance(b, str)]
    if len(objects) != len(bots):
        raise KozyrError(f"{variant.name}: give bots as names or as objects, not both")
    return [
        _Seat(b, type(b).__name__, type(b).__module__.partition(".")[0] or "kozyr") for b in objects
    ]


__all__ = ["RandomBot", "available_bots", "bot_plugin", "make_bots", "play_deal"]
