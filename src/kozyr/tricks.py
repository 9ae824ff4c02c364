"""Tricks, rank strength and the reusable trick-rule policies the variants share.

A :class:`TrickRules` object answers two questions: which cards a hand may play to a trick
(``legal_plays``) and who wins a finished trick (``trick_winner``). Strength is a per-variant
:class:`RankOrder` (rule C3). The policies below cover every variant family kozyr ships:

* :class:`FollowElseAny` -- follow suit, else any card (PN3, SM5 without a main suit);
* :class:`FollowElseMustTrump` -- follow suit, else trump, else any (SL19-2, NN3);
* :class:`FollowOrTrump` -- follow suit or trump at will, else any (SU5);
* :class:`FreePlayDeadTrumps` -- no duty to follow, trumps on a plain lead are dead (SL-C9..SL-C11);
* :class:`MainSuit` -- a trump-like main suit with excluded "empty" cards (SM4).

>>> rules = FollowOrTrump(RankOrder.ace_high())
>>> trick = Trick(leader=0, number=0)
>>> trick = trick.with_play(0, Card.parse("Ks"))
>>> hand = CardSet.parse("As 2h 9d")
>>> str(rules.legal_plays(hand, trick, Suit.HEARTS))
'2♥ A♠'
>>> rules.trick_winner(trick.with_play(1, Card.parse("2h")), Suit.HEARTS)
1
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Protocol, runtime_checkable

from kozyr.cards import Card, Rank, Suit
from kozyr.cardset import SUIT_MASKS, CardSet

# Flags a trick rule may attach to a play (kept in :attr:`Play.flags`).
DEAD = 1  #: a trump that cannot win (SL-C9) or an "empty" main-suit card off its suit (SM4)
FACE_DOWN = 2  #: a card led face down (SL-C13); it cannot win


# Frozen dataclasses set their fields through ``object.__setattr__``; the generated ``__init__``
# looks it up on every field, which made building a Play or a Trick the engine's largest cost.
# The hand-written ``__init__`` methods below do the same with one bound global (same signature,
# same defaults, same immutability).
_set = object.__setattr__


@dataclass(frozen=True, slots=True, init=False)
class Play:
    """One card played to a trick by a seat; ``flags`` is a bit set of ``DEAD``/``FACE_DOWN``."""

    seat: int
    card: Card
    flags: int = 0

    def __init__(self, seat: int, card: Card, flags: int = 0) -> None:
        _set(self, "seat", seat)
        _set(self, "card", card)
        _set(self, "flags", flags)


@dataclass(frozen=True, slots=True, init=False)
class Trick:
    """A trick in progress or finished: its leader, its index in the deal and the plays so far."""

    leader: int
    number: int = 0
    plays: tuple[Play, ...] = ()
    winner: int | None = None
    #: The suit led; None before the lead or after a face-down lead (SL-C13). Derived from
    #: ``plays`` when the trick is built, so the trick rules read it without recomputing it.
    lead_suit: Suit | None = field(default=None, init=False, compare=False, repr=False)

    def __init__(
        self, leader: int, number: int = 0, plays: tuple[Play, ...] = (), winner: int | None = None
    ) -> None:
        _set(self, "leader", leader)
        _set(self, "number", number)
        _set(self, "plays", plays)
        _set(self, "winner", winner)
        _set(
            self,
            "lead_suit",
            plays[0].card.suit if plays and not plays[0].flags & FACE_DOWN else None,
        )

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards in play order."""
        return tuple(p.card for p in self.plays)

    @property
    def led(self) -> Card | None:
        """The card led, or None for an empty trick."""
        return self.plays[0].card if self.plays else None

    def card_mask(self) -> int:
        """Mask of every card in the trick."""
        mask = 0
        for p in self.plays:
            mask |= p.card.mask
        return mask

    def with_play(self, seat: int, card: Card, flags: int = 0) -> Trick:
        """A new trick with one more play."""
        return Trick(self.leader, self.number, (*self.plays, Play(seat, card, flags)), self.winner)


_new = object.__new__
_set_leader = Trick.__dict__["leader"].__set__
_set_number = Trick.__dict__["number"].__set__
_set_plays = Trick.__dict__["plays"].__set__
_set_winner = Trick.__dict__["winner"].__set__
_set_lead = Trick.__dict__["lead_suit"].__set__


def make_trick(
    leader: int, number: int, plays: tuple[Play, ...], winner: int | None = None
) -> Trick:
    """``Trick(leader, number, plays, winner)`` without the ``__init__`` call: the engine builds
    one for every card played, and filling the slots directly is the quickest way."""
    trick: Trick = _new(Trick)
    _set_leader(trick, leader)
    _set_number(trick, number)
    _set_plays(trick, plays)
    _set_winner(trick, winner)
    _set_lead(trick, plays[0].card.suit if plays and not plays[0].flags & FACE_DOWN else None)
    return trick


def settle_trick(trick: Trick, winner: int) -> None:
    """Record the winner of a trick that :func:`make_trick` has just built and nobody else holds
    yet (the engine resolves every finished trick this way instead of building it twice)."""
    _set_winner(trick, winner)


@dataclass(frozen=True)
class RankOrder:
    """Rank strength for a variant (rule C3): ``ranks`` from strongest to weakest.

    >>> order = RankOrder((Rank.THREE, Rank.TWO, Rank.ACE, Rank.KING))
    >>> order.beats(Card.parse("3h"), Card.parse("Ah"))
    True
    """

    ranks: tuple[Rank, ...]
    strength: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        table = [-1] * 52
        for position, rank in enumerate(self.ranks):
            for suit in range(4):
                table[suit * 13 + int(rank) - 2] = len(self.ranks) - position
        object.__setattr__(self, "strength", tuple(table))

    @classmethod
    def ace_high(cls, lowest: Rank = Rank.TWO) -> RankOrder:
        """A K Q J 10 … down to ``lowest`` (Seven Up, Семь листов)."""
        return cls(tuple(Rank(r) for r in range(14, int(lowest) - 1, -1)))

    def beats(self, a: Card, b: Card) -> bool:
        """Whether ``a`` is stronger than ``b`` by rank alone (suits are the caller's business)."""
        return self.strength[a.index] > self.strength[b.index]

    def highest(self, cards: Iterable[Card]) -> Card:
        """The strongest of ``cards``."""
        return max(cards, key=lambda c: self.strength[c.index])

    def lowest(self, cards: Iterable[Card]) -> Card:
        """The weakest of ``cards``."""
        return min(cards, key=lambda c: self.strength[c.index])


@runtime_checkable
class TrickRules(Protocol):
    """What the engine asks a variant about tricks. ``rule`` names the rule id (e.g. ``SU5``)."""

    rule: str

    def legal_plays(self, hand: CardSet, trick: Trick, trump: Suit | None) -> CardSet:
        """The cards of ``hand`` that may be played to ``trick`` (some, if the hand has any)."""
        ...

    def play_flags(self, hand: CardSet, trick: Trick, card: Card, trump: Suit | None) -> int:
        """Flags (``DEAD``, ``FACE_DOWN``) for ``card`` played from ``hand`` (before the play)."""
        ...

    def trick_winner(self, trick: Trick, trump: Suit | None) -> int:
        """The seat that wins a finished ``trick``."""
        ...

    def explain(self, hand: CardSet, trick: Trick, card: Card, trump: Suit | None) -> str:
        """Why ``card`` is not a legal play (for error messages)."""
        ...


class StandardTrickRules:
    """Base policy: any card; winner by C6 (highest live trump, else highest of the suit led)."""

    rule = "C6"

    def __init__(self, order: RankOrder, *, rule: str | None = None) -> None:
        self.order = order
        self.strength = order.strength
        if rule is not None:
            self.rule = rule

    def legal_mask(self, hand: int, trick: Trick, trump: Suit | None) -> int:
        """Mask form of :meth:`legal_plays`: ``hand`` and the result are card masks. By default
        the answer depends only on the suit led (:meth:`legal_mask_for_lead`)."""
        return self.legal_mask_for_lead(hand, trick.lead_suit, trump)

    def legal_mask_for_lead(self, hand: int, lead: Suit | None, trump: Suit | None) -> int:
        """The legal cards of ``hand`` (a mask) when ``lead`` was led (None: nothing yet, or a
        face-down lead) -- for policies whose legality depends on nothing else in the trick. The
        engine then plays a trick without building a :class:`Trick` per card (see
        :func:`lead_functions`). Default: any card."""
        return hand

    def legal_plays(self, hand: CardSet, trick: Trick, trump: Suit | None) -> CardSet:
        return CardSet.from_mask(self.legal_mask(hand.mask, trick, trump))

    def play_flags(self, hand: CardSet, trick: Trick, card: Card, trump: Suit | None) -> int:
        return 0

    def play_flags_mask(self, hand: int, trick: Trick, card: Card, trump: Suit | None) -> int:
        """Mask form of :meth:`play_flags` (the engine's fast path): ``hand`` is a card mask.

        The default wraps the mask in a :class:`CardSet` and asks :meth:`play_flags`. A policy
        whose flags need only the mask overrides both; the engine calls this form only when it is
        defined by the same class as :meth:`play_flags` or a subclass of it (see
        :func:`flags_function`), so a subclass that overrides just :meth:`play_flags` is obeyed.
        """
        return self.play_flags(CardSet.from_mask(hand), trick, card, trump)

    def play_flags_for_lead(
        self, hand: int, lead: Suit | None, card: Card, trump: Suit | None
    ) -> int:
        """:meth:`play_flags_mask` for policies whose flags depend only on the suit led (see
        :meth:`legal_mask_for_lead`); used by the engine only where :func:`lead_functions` says
        so. Default: no flags."""
        return 0

    def is_live_trump(self, play: Play, trump: Suit | None) -> bool:
        """Whether a play counts as a trump for winning (C6; overridden for main suits)."""
        return trump is not None and play.card.suit == trump and not play.flags

    def trick_winner(self, trick: Trick, trump: Suit | None) -> int:
        strength = self.strength
        if type(self).is_live_trump is StandardTrickRules.is_live_trump:
            return self._standard_winner(trick, trump)
        best: Play | None = None
        best_trump = False
        lead = trick.lead_suit
        for play in trick.plays:
            if play.flags & FACE_DOWN:
                continue
            is_trump = self.is_live_trump(play, trump)
            if is_trump:
                if not best_trump or strength[play.card.index] > strength[best.card.index]:  # type: ignore[union-attr]
                    best, best_trump = play, True
            elif not best_trump and play.card.suit == lead and not play.flags & DEAD:
                if best is None or strength[play.card.index] > strength[best.card.index]:
                    best = play
        if best is None:  # every card face down or dead: the leader takes it (D-SL2)
            return trick.leader
        return best.seat

    def _standard_winner(self, trick: Trick, trump: Suit | None) -> int:
        """:meth:`trick_winner` with the standard :meth:`is_live_trump` inlined (the hot path)."""
        strength = self.strength
        lead = trick.lead_suit
        winner = trick.leader  # every card face down or dead: the leader takes it (D-SL2)
        best = -2
        best_trump = False
        for play in trick.plays:
            flags = play.flags
            if flags & FACE_DOWN:
                continue
            card = play.card
            suit = card.suit
            if suit == trump and not flags:
                value = strength[card.index]
                if not best_trump or value > best:
                    winner, best, best_trump = play.seat, value, True
            elif not best_trump and suit == lead and not flags & DEAD:
                value = strength[card.index]
                if value > best:
                    winner, best = play.seat, value
        return winner

    def explain(self, hand: CardSet, trick: Trick, card: Card, trump: Suit | None) -> str:
        return f"{card} may not be played here ({self.rule})"


class FollowElseAny(StandardTrickRules):
    """Follow suit when able; a void player may play any card (PN3)."""

    rule = "PN3"

    def legal_mask_for_lead(self, hand: int, lead: Suit | None, trump: Suit | None) -> int:
        if lead is None:
            return hand
        return (hand & SUIT_MASKS[lead]) or hand

    def explain(self, hand: CardSet, trick: Trick, card: Card, trump: Suit | None) -> str:
        lead = trick.lead_suit
        return (
            f"{card} does not follow the suit led {lead} while the hand holds {lead} ({self.rule})"
        )


class FollowElseMustTrump(StandardTrickRules):
    """Follow suit; void, trump when able; otherwise any card (SL19-2, NN3)."""

    rule = "NN3"

    def legal_mask_for_lead(self, hand: int, lead: Suit | None, trump: Suit | None) -> int:
        if lead is None:
            return hand
        follow = hand & SUIT_MASKS[lead]
        if follow:
            return follow
        if trump is not None:
            return (hand & SUIT_MASKS[trump]) or hand
        return hand

    def explain(self, hand: CardSet, trick: Trick, card: Card, trump: Suit | None) -> str:
        lead = trick.lead_suit
        if lead is not None and hand.has_suit(lead):
            return f"{card} does not follow the suit led {lead} ({self.rule})"
        return f"{card} is not a trump, and a player void in {lead} must trump ({self.rule})"


class FollowOrTrump(StandardTrickRules):
    """Follow suit or trump at will; only a player who can do neither plays any card (SU5).

    With ``void_may_discard`` a void player may play anything (the modern rule).
    """

    rule = "SU5"

    def __init__(
        self, order: RankOrder, *, void_may_discard: bool = False, rule: str | None = None
    ):
        super().__init__(order, rule=rule)
        self.void_may_discard = void_may_discard

    def legal_mask_for_lead(self, hand: int, lead: Suit | None, trump: Suit | None) -> int:
        if lead is None:
            return hand
        follow = hand & SUIT_MASKS[lead]
        if follow:
            return follow | (hand & SUIT_MASKS[trump]) if trump is not None else follow
        if self.void_may_discard or trump is None:
            return hand
        return (hand & SUIT_MASKS[trump]) or hand

    def explain(self, hand: CardSet, trick: Trick, card: Card, trump: Suit | None) -> str:
        lead = trick.lead_suit
        if lead is not None and hand.has_suit(lead):
            return f"{card} neither follows the suit led {lead} nor trumps ({self.rule})"
        return (
            f"{card} is not a trump, and a player void in {lead} holding a trump must trump "
            f"({self.rule})"
        )


class FreePlayDeadTrumps(StandardTrickRules):
    """Семь листов: no duty to follow a plain lead; a trump on it is dead unless the hand was all
    trumps (SL-C9); to a trump lead a trump must be played when held (SL-C10); winner SL-C11.

    With ``honours_first`` the holder of the trump ace or king must play one of them to a trump
    lead (SL-C12; the king's holder must play it even on the ace led).
    """

    rule = "SL-C10"

    def __init__(self, order: RankOrder, *, honours_first: bool = False, rule: str | None = None):
        super().__init__(order, rule=rule)
        self.honours_first = honours_first

    def _honours(self, trump: Suit) -> int:
        return Card(Rank.ACE, trump).mask | Card(Rank.KING, trump).mask

    def legal_mask_for_lead(self, hand: int, lead: Suit | None, trump: Suit | None) -> int:
        if lead is None or trump is None or lead != trump:
            return hand
        trumps = hand & SUIT_MASKS[trump]
        if not trumps:
            return hand
        if self.honours_first:
            honours = trumps & self._honours(trump)
            if honours:
                return honours
        return trumps

    def play_flags(self, hand: CardSet, trick: Trick, card: Card, trump: Suit | None) -> int:
        return FreePlayDeadTrumps.play_flags_mask(self, hand.mask, trick, card, trump)

    def play_flags_mask(self, hand: int, trick: Trick, card: Card, trump: Suit | None) -> int:
        return FreePlayDeadTrumps.play_flags_for_lead(self, hand, trick.lead_suit, card, trump)

    def play_flags_for_lead(
        self, hand: int, lead: Suit | None, card: Card, trump: Suit | None
    ) -> int:
        if trump is None or lead is None or lead == trump or card.suit != trump:
            return 0
        # SL-C9: dead unless every card in the hand was a trump at that moment.
        return 0 if hand & ~SUIT_MASKS[trump] == 0 else DEAD

    def explain(self, hand: CardSet, trick: Trick, card: Card, trump: Suit | None) -> str:
        if self.honours_first and trump is not None and hand.mask & self._honours(trump):
            return (
                f"{card}: the holder of the trump ace or king must play it to a trump lead (SL-C12)"
            )
        return (
            f"{card} is not a trump, and a trump must be played to a trump lead when held (SL-C10)"
        )


class MainSuit(StandardTrickRules):
    """A main suit that beats other suits like a trump, except its ``excluded`` cards (SM4).

    Play follows whist rules (SM5): follow suit when able, else any card. The ``trump`` argument
    of the methods is ignored: the main suit is fixed.
    """

    rule = "SM5"

    def __init__(
        self,
        order: RankOrder,
        *,
        main: Suit,
        excluded: CardSet = CardSet(),  # noqa: B008 (an immutable empty set)
        rule: str | None = None,
    ) -> None:
        super().__init__(order, rule=rule)
        self.main = main
        self.excluded = excluded.mask

    def legal_mask_for_lead(self, hand: int, lead: Suit | None, trump: Suit | None) -> int:
        if lead is None:
            return hand
        return (hand & SUIT_MASKS[lead]) or hand

    def is_live_trump(self, play: Play, trump: Suit | None) -> bool:
        return play.card.suit == self.main and not play.card.mask & self.excluded

    def trick_winner(self, trick: Trick, trump: Suit | None) -> int:
        strength = self.strength
        main = self.main
        lead = trick.lead_suit
        if lead == main:
            # D-SM1: to a main-suit lead all its cards rank by strength, empty ones included.
            winner, best = trick.leader, -2
            for play in trick.plays:
                card = play.card
                if card.suit == main and strength[card.index] > best:
                    winner, best = play.seat, strength[card.index]
            return winner
        # C6 with the main suit as trump (is_live_trump), the standard rule written out: the
        # engine asks this once per trick.
        excluded = self.excluded
        winner, best, best_main = trick.leader, -2, False
        for play in trick.plays:
            flags = play.flags
            if flags & FACE_DOWN:
                continue
            card = play.card
            value = strength[card.index]
            if card.suit == main and not card.mask & excluded:
                if not best_main or value > best:
                    winner, best, best_main = play.seat, value, True
            elif not best_main and card.suit == lead and not flags & DEAD and value > best:
                winner, best = play.seat, value
        return winner

    def explain(self, hand: CardSet, trick: Trick, card: Card, trump: Suit | None) -> str:
        return f"{card} does not follow the suit led {trick.lead_suit} ({self.rule})"


def _defining_class(cls: type, name: str) -> type:
    return next(c for c in cls.__mro__ if name in c.__dict__)


def flags_function(
    rules: StandardTrickRules,
) -> Callable[[int, Trick, Card, Suit | None], int] | None:
    """How the engine asks ``rules`` for a play's flags with the hand as a mask, or None when
    the policy never flags a play (it keeps the default :meth:`StandardTrickRules.play_flags`).

    :meth:`~StandardTrickRules.play_flags_mask` is used when it is at least as specific as
    :meth:`~StandardTrickRules.play_flags` (defined by the same class or a subclass); otherwise
    the hand is wrapped in a :class:`CardSet` for the policy's own :meth:`play_flags`.
    """
    cls = type(rules)
    if cls.play_flags is StandardTrickRules.play_flags:
        return None
    use_mask = _MASK_FLAGS.get(cls)
    if use_mask is None:
        use_mask = _MASK_FLAGS[cls] = issubclass(
            _defining_class(cls, "play_flags_mask"), _defining_class(cls, "play_flags")
        )
    return rules.play_flags_mask if use_mask else partial(StandardTrickRules.play_flags_mask, rules)


#: Per policy class: whether :func:`flags_function` may use its ``play_flags_mask``.
_MASK_FLAGS: dict[type, bool] = {}

LeadLegal = Callable[[int, "Suit | None", "Suit | None"], int]
LeadFlags = Callable[[int, "Suit | None", Card, "Suit | None"], int]


def lead_functions(rules: StandardTrickRules) -> tuple[LeadLegal, LeadFlags | None] | None:
    """``(legal, flags)``: the policy's :meth:`~StandardTrickRules.legal_mask_for_lead` and
    :meth:`~StandardTrickRules.play_flags_for_lead` (``flags`` None when it never flags a play),
    or None when the policy's legality or flags may read more of the trick than the suit led.

    A ``*_for_lead`` method is used only when it is at least as specific as every method it
    stands for (``legal_mask``, ``legal_plays``; ``play_flags``, ``play_flags_mask``): a subclass
    that overrides ``legal_mask`` alone (say, to look at the trick's number) is always obeyed.

    >>> legal, flags = lead_functions(FollowOrTrump(RankOrder.ace_high()))
    >>> hand = CardSet.parse("As 2h 9d")
    >>> str(CardSet.from_mask(legal(hand.mask, Suit.SPADES, Suit.HEARTS)))  # SU5
    '2♥ A♠'
    >>> flags is None  # FollowOrTrump never flags a play
    True
    """
    if not isinstance(rules, StandardTrickRules):
        return None
    cls = type(rules)
    usable = _LEAD.get(cls)
    if usable is None:
        legal = _defining_class(cls, "legal_mask_for_lead")
        flags = _defining_class(cls, "play_flags_for_lead")
        usable = _LEAD[cls] = all(
            issubclass(legal, _defining_class(cls, n)) for n in ("legal_mask", "legal_plays")
        ) and all(
            issubclass(flags, _defining_class(cls, n)) for n in ("play_flags", "play_flags_mask")
        )
    if not usable:
        return None
    if cls.play_flags is StandardTrickRules.play_flags:
        return rules.legal_mask_for_lead, None
    return rules.legal_mask_for_lead, rules.play_flags_for_lead


#: Per policy class: whether :func:`lead_functions` may use its ``*_for_lead`` methods.
_LEAD: dict[type, bool] = {}


def seats_in_order(start: int, seats: Sequence[int], n: int) -> list[int]:
    """Seats from ``seats`` clockwise starting at ``start`` (which must be among them)."""
    ordered = sorted(seats, key=lambda s: (s - start) % n)
    return ordered


__all__ = [
    "DEAD",
    "FACE_DOWN",
    "FollowElseAny",
    "FollowElseMustTrump",
    "FollowOrTrump",
    "FreePlayDeadTrumps",
    "MainSuit",
    "Play",
    "RankOrder",
    "StandardTrickRules",
    "Trick",
    "TrickRules",
    "flags_function",
    "lead_functions",
    "seats_in_order",
]
