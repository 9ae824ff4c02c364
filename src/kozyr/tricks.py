"""Tricks, rank strength and the reusable trick-rule policies the variants share.

A :class:`TrickRules` object is what the engine asks about tricks, at mask level: which cards of
a hand (a card mask) may be played to a trick (``legal_mask``), the flags of a play
(``play_flags``), who wins a finished trick (``trick_winner``), why a card may not be played
(``explain``), and how much of the trick the first two read (``reads``: ``"lead"`` or
``"trick"``). Strength is a per-variant :class:`RankOrder` (rule C3). The policies below cover
every variant family kozyr ships:

* :class:`FollowElseAny` -- follow suit, else any card (PN3, SM5 without a main suit);
* :class:`FollowElseMustTrump` -- follow suit, else trump, else any (SL19-2, NN3);
* :class:`FollowOrTrump` -- follow suit or trump at will, else any (SU5);
* :class:`FreePlayDeadTrumps` -- no duty to follow, trumps on a plain lead are dead (SL-C9..SL-C11);
* :class:`MainSuit` -- a trump-like main suit with excluded "empty" cards (SM4).

>>> rules = FollowOrTrump(RankOrder.ace_high())
>>> trick = Trick(leader=0, number=0)
>>> trick = trick.with_play(0, Card.parse("Ks"))
>>> hand = CardSet.parse("As 2h 9d")
>>> str(CardSet.from_mask(rules.legal_mask(hand.mask, trick, Suit.HEARTS)))
'2♥ A♠'
>>> rules.trick_winner(trick.with_play(1, Card.parse("2h")), Suit.HEARTS)
1
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Literal, NamedTuple, Protocol, runtime_checkable

from typing_extensions import override

from kozyr.cards import Card, Rank, Suit
from kozyr.cardset import SUIT_MASKS, CardSet
from kozyr.errors import JokerError

# Flags a trick rule may attach to a play (kept in :attr:`Play.flags`).
DEAD = 1  #: a trump that cannot win (SL-C9) or an "empty" main-suit card off its suit (SM4)
FACE_DOWN = 2  #: a card led face down (SL-C13); it cannot win


#: The suit of each card by index, None for the two jokers (a joker led names no suit: the
#: trick rules of a game with jokers say what it calls for).
_SUIT_OF: tuple[Suit | None, ...] = (*(Suit(i // 13) for i in range(52)), None, None)


class Play(NamedTuple):
    """One card played to a trick by a seat; ``flags`` is a bit set of ``DEAD``/``FACE_DOWN``."""

    seat: int
    card: Card
    flags: int = 0


@dataclass(slots=True, init=False, unsafe_hash=True)
class Trick:
    """A trick in progress or finished: its leader, its index in the deal, the plays so far and,
    once it is won, the winner's seat.

    A value: the engine builds a new one for every change (a full trick once more with its
    winner) and never alters one it has handed out, and nor should anyone else. It is a plain
    slotted class rather than a frozen one because the engine builds one for every trick and
    every card led -- its one constructor is ``Trick(leader, number, plays, winner)``, which also
    works out :attr:`lead_suit`.
    """

    leader: int
    number: int
    plays: tuple[Play, ...]
    winner: int | None
    #: The suit led; None before the lead, after a face-down lead (SL-C13) or a joker led.
    lead_suit: Suit | None = field(compare=False, repr=False)

    def __init__(
        self, leader: int, number: int = 0, plays: tuple[Play, ...] = (), winner: int | None = None
    ) -> None:
        self.leader = leader
        self.number = number
        self.plays = plays
        self.winner = winner
        self.lead_suit = (
            _SUIT_OF[plays[0].card.index] if plays and not plays[0].flags & FACE_DOWN else None
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


@dataclass(frozen=True)
class RankOrder:
    """Rank strength for a variant (rule C3): ``ranks`` from strongest to weakest.

    ``strength`` has one entry per card of a suit (indices 0..51): a joker has no rank, so no
    entry, and the trick rules of a game with jokers rank them (ten-point Smear's SmearTricks).

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
        """Whether ``a`` is stronger than ``b`` by rank alone (suits are the caller's business).

        :raises JokerError: if ``a`` or ``b`` is a joker (it has no rank to compare).
        """
        try:
            return self.strength[a.index] > self.strength[b.index]
        except IndexError:
            raise _no_rank(a, b) from None

    def highest(self, cards: Iterable[Card]) -> Card:
        """The strongest of ``cards`` (:raises JokerError: if one is a joker)."""
        cards = tuple(cards)
        try:
            return max(cards, key=lambda c: self.strength[c.index])
        except IndexError:
            raise _no_rank(*cards) from None

    def lowest(self, cards: Iterable[Card]) -> Card:
        """The weakest of ``cards`` (:raises JokerError: if one is a joker)."""
        cards = tuple(cards)
        try:
            return min(cards, key=lambda c: self.strength[c.index])
        except IndexError:
            raise _no_rank(*cards) from None


def _no_rank(*cards: Card) -> JokerError:
    joker = next(card for card in cards if card.is_joker)
    return JokerError(
        f"{joker.name} has no rank in a RankOrder: the trick rules of a game with jokers rank them"
    )


#: How much of a trick a policy's ``legal_mask`` and ``play_flags`` read (:attr:`TrickRules.reads`).
Reads = Literal["lead", "trick"]


@runtime_checkable
class TrickRules(Protocol):
    """What the engine asks a variant about tricks -- the one contract, at mask level.

    ``hand`` is a card mask (:attr:`kozyr.CardSet.mask`), ``trick`` the trick being played (its
    plays so far), ``trump`` the trump suit or None. ``rule`` names the rule id of the play rule
    (e.g. ``SU5``) for error messages. ``reads`` declares what ``legal_mask`` and ``play_flags``
    look at: ``"lead"`` -- only ``trick.lead_suit`` (None before the lead or after a face-down
    lead), so a caller may pass any trick with the same lead suit; ``"trick"`` -- anything in the
    trick (its number, the cards played so far).
    """

    rule: str
    reads: Reads

    def legal_mask(self, hand: int, trick: Trick, trump: Suit | None) -> int:
        """The cards of ``hand`` that may be played to ``trick`` (some, if the hand has any)."""
        ...

    def play_flags(self, hand: int, trick: Trick, card: Card, trump: Suit | None) -> int:
        """Flags (``DEAD``, ``FACE_DOWN``) of ``card`` played from ``hand`` (before the play)."""
        ...

    def trick_winner(self, trick: Trick, trump: Suit | None) -> int:
        """The seat that wins a finished ``trick``."""
        ...

    def explain(self, hand: int, trick: Trick, card: Card, trump: Suit | None) -> str:
        """Why ``card`` may not be played from ``hand`` to ``trick`` (for the error message)."""
        ...


@dataclass(frozen=True)
class Duty:
    """A play duty in solver-neutral form (:meth:`StandardTrickRules.constraints`): a player
    other than the leader who, when the trick's lead is ``lead`` (a suit; None: a face-down
    lead, SL-C13), holds any card of ``holding`` (a mask) must play a card of ``play``. With
    ``leader`` true it is the leader's duty at the lead instead (``lead`` unused). ``tricks``
    limits it to the tricks ``first <= t < stop`` (None: every trick)."""

    lead: Suit | None
    holding: int
    play: int
    leader: bool = False
    tricks: tuple[int, int] | None = None

    def applies(self, trick: int) -> bool:
        """Whether the duty binds in trick ``trick`` (from 0)."""
        return self.tricks is None or self.tricks[0] <= trick < self.tricks[1]


@dataclass(frozen=True)
class Power:
    """How strongly a card competes for a trick with a given lead (solver-neutral form): the
    highest ``value`` wins; 0 never wins (a face-down or dead card, or a plain card off the suit
    led), and when no card can win the leader takes the trick (D-SL2). When ``only`` is not
    None the value is ``value`` only if the holder had nothing but cards of ``only`` in hand at
    that moment, else ``otherwise`` (SL-C9: a trump on a plain lead is live only from an
    all-trump hand)."""

    value: int
    only: int | None = None
    otherwise: int = 0


@dataclass(frozen=True)
class PlayConstraints:
    """A trick-rules policy as constraints a solver can take (see
    :meth:`StandardTrickRules.constraints`): the ``duties`` of play, the lead of each trick
    (``lead_of``: the suit a card led gives, None when it is led face down) and each card's
    ``power`` for a lead. Together they say exactly what ``legal_mask``, ``play_flags`` and
    ``trick_winner`` say, for rules that read only the suit led, the trick's number and the
    player's hand (``reads`` ``"lead"``, and the classic form's forced leads)."""

    duties: tuple[Duty, ...]
    power: Callable[[Card, Suit | None], Power]
    face_down: tuple[int, int] = (0, 0)  # tricks first..stop in which a lead may be face down
    face_down_unless: int = 0  # ...when the leader holds none of these cards (SL-C13)

    def lead_of(self, card: Card, trick: int, holds_unless: bool) -> Suit | None:
        """The lead ``card`` gives in ``trick``: its suit, or None led face down (the leader
        holding none of ``face_down_unless``)."""
        first, stop = self.face_down
        if first <= trick < stop and not holds_unless:
            return None
        return card.suit


def _c6_power(order: RankOrder, trump: Suit | None) -> Callable[[Card, Suit | None], Power]:
    """C6 as powers: a trump 100 + strength, a card of the suit led its strength, else 0."""
    strength = order.strength

    def power(card: Card, lead: Suit | None) -> Power:
        if trump is not None and card.suit == trump:
            return Power(100 + strength[card.index])
        if lead is not None and card.suit == lead:
            return Power(strength[card.index])
        return Power(0)

    return power


def _follow(suit: Suit) -> Duty:
    return Duty(suit, SUIT_MASKS[suit], SUIT_MASKS[suit])


class StandardTrickRules:
    """Base policy: any card, no flags; winner by C6 (highest live trump, else the highest card
    of the suit led). Subclasses override :meth:`legal_mask` (and :meth:`play_flags`,
    :meth:`explain`) for their play rule, and :meth:`is_live_trump` for what counts as a trump
    when the trick is won -- the C6 weighing itself is written once, here.

    A subclass whose ``legal_mask`` or ``play_flags`` reads more of the trick than the suit led
    sets ``reads = "trick"``.
    """

    rule = "C6"
    reads: Reads = "lead"

    def __init__(self, order: RankOrder, *, rule: str | None = None) -> None:
        self.order = order
        self.strength = order.strength
        if rule is not None:
            self.rule = rule

    def legal_mask(self, hand: int, trick: Trick, trump: Suit | None) -> int:
        """Default: any card."""
        return hand

    def play_flags(self, hand: int, trick: Trick, card: Card, trump: Suit | None) -> int:
        """Default: no flags."""
        return 0

    def is_live_trump(self, play: Play, trump: Suit | None) -> bool:
        """Whether a play counts as a trump for winning (C6; overridden for main suits)."""
        return trump is not None and play.card.suit == trump and not play.flags

    def trick_winner(self, trick: Trick, trump: Suit | None) -> int:
        """C6: the highest live trump (:meth:`is_live_trump`), else the highest card of the suit
        led; a face-down card (SL-C13) or a dead one (SL-C9) never wins, and when no card can win
        the leader takes the trick (D-SL2)."""
        strength = self.strength
        live = self.is_live_trump
        lead = trick.lead_suit
        winner, best, best_trump = trick.leader, -2, False
        for play in trick.plays:
            flags = play.flags
            if flags & FACE_DOWN:
                continue
            value = strength[play.card.index]
            if live(play, trump):
                if not best_trump or value > best:
                    winner, best, best_trump = play.seat, value, True
            elif not best_trump and play.card.suit == lead and not flags & DEAD and value > best:
                winner, best = play.seat, value
        return winner

    def explain(self, hand: int, trick: Trick, card: Card, trump: Suit | None) -> str:
        return f"{card} may not be played here ({self.rule})"

    def constraints(self, trump: Suit | None) -> PlayConstraints | None:
        """This policy as solver-neutral constraints (:class:`PlayConstraints`: duties, leads,
        powers), for exact proofs of summary records (:func:`kozyr.realisation.prove`); None
        when the policy cannot say it that way (a subclass that reads more of the trick than
        its lead overrides this, or returns None and proofs fall back to the bounded search).
        The base policy: any card, winner by C6.

        >>> rules = FollowElseAny(RankOrder.ace_high())
        >>> found = rules.constraints(Suit.HEARTS)
        >>> [(str(d.lead), d.leader) for d in found.duties][:2]
        [('♣', False), ('♦', False)]
        >>> two, ace = Card.parse("2h"), Card.parse("As")   # a trump beats the suit led (C6)
        >>> found.power(two, Suit.SPADES).value > found.power(ace, Suit.SPADES).value
        True
        """
        if type(self).legal_mask is not StandardTrickRules.legal_mask or (
            type(self).play_flags is not StandardTrickRules.play_flags
        ):
            return None  # a subclass of its own: it must say its constraints itself
        return PlayConstraints((), _c6_power(self.order, trump))


class FollowElseAny(StandardTrickRules):
    """Follow suit when able; a void player may play any card (PN3)."""

    rule = "PN3"

    @override
    def legal_mask(self, hand: int, trick: Trick, trump: Suit | None) -> int:
        lead = trick.lead_suit
        if lead is None:
            return hand
        return (hand & SUIT_MASKS[lead]) or hand

    @override
    def explain(self, hand: int, trick: Trick, card: Card, trump: Suit | None) -> str:
        lead = trick.lead_suit
        return (
            f"{card} does not follow the suit led {lead} while the hand holds {lead} ({self.rule})"
        )

    @override
    def constraints(self, trump: Suit | None) -> PlayConstraints | None:
        """PN3 as duties: to each suit led, a holder of that suit follows."""
        if type(self).legal_mask is not FollowElseAny.legal_mask:
            return None
        return PlayConstraints(tuple(_follow(suit) for suit in Suit), _c6_power(self.order, trump))


class FollowElseMustTrump(StandardTrickRules):
    """Follow suit; void, trump when able; otherwise any card (SL19-2, NN3)."""

    rule = "NN3"

    @override
    def legal_mask(self, hand: int, trick: Trick, trump: Suit | None) -> int:
        lead = trick.lead_suit
        if lead is None:
            return hand
        follow = hand & SUIT_MASKS[lead]
        if follow:
            return follow
        if trump is not None:
            return (hand & SUIT_MASKS[trump]) or hand
        return hand

    @override
    def explain(self, hand: int, trick: Trick, card: Card, trump: Suit | None) -> str:
        lead = trick.lead_suit
        if lead is not None and hand & SUIT_MASKS[lead]:
            return f"{card} does not follow the suit led {lead} ({self.rule})"
        return f"{card} is not a trump, and a player void in {lead} must trump ({self.rule})"

    @override
    def constraints(self, trump: Suit | None) -> PlayConstraints | None:
        """SL19-2/NN3 as duties: follow; a holder of a trump plays the suit led or a trump
        (so, void, he trumps)."""
        if type(self).legal_mask is not FollowElseMustTrump.legal_mask:
            return None
        duties = [_follow(suit) for suit in Suit]
        if trump is not None:
            trumps = SUIT_MASKS[trump]
            duties += [Duty(suit, trumps, SUIT_MASKS[suit] | trumps) for suit in Suit]
        return PlayConstraints(tuple(duties), _c6_power(self.order, trump))


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

    @override
    def legal_mask(self, hand: int, trick: Trick, trump: Suit | None) -> int:
        lead = trick.lead_suit
        if lead is None:
            return hand
        follow = hand & SUIT_MASKS[lead]
        if follow:
            return follow | (hand & SUIT_MASKS[trump]) if trump is not None else follow
        if self.void_may_discard or trump is None:
            return hand
        return (hand & SUIT_MASKS[trump]) or hand

    @override
    def explain(self, hand: int, trick: Trick, card: Card, trump: Suit | None) -> str:
        lead = trick.lead_suit
        if lead is not None and hand & SUIT_MASKS[lead]:
            return f"{card} neither follows the suit led {lead} nor trumps ({self.rule})"
        return (
            f"{card} is not a trump, and a player void in {lead} holding a trump must trump "
            f"({self.rule})"
        )

    @override
    def constraints(self, trump: Suit | None) -> PlayConstraints | None:
        """SU5 as duties: a holder of the suit led follows or trumps; unless
        ``void_may_discard``, a holder of a trump plays the suit led or a trump."""
        if type(self).legal_mask is not FollowOrTrump.legal_mask:
            return None
        trumps = SUIT_MASKS[trump] if trump is not None else 0
        duties = [Duty(s, SUIT_MASKS[s], SUIT_MASKS[s] | trumps) for s in Suit]
        if trump is not None and not self.void_may_discard:
            duties += [Duty(s, trumps, SUIT_MASKS[s] | trumps) for s in Suit]
        return PlayConstraints(tuple(duties), _c6_power(self.order, trump))


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

    @override
    def legal_mask(self, hand: int, trick: Trick, trump: Suit | None) -> int:
        lead = trick.lead_suit
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

    @override
    def play_flags(self, hand: int, trick: Trick, card: Card, trump: Suit | None) -> int:
        lead = trick.lead_suit
        if trump is None or lead is None or lead == trump or card.suit != trump:
            return 0
        # SL-C9: dead unless every card in the hand was a trump at that moment.
        return 0 if hand & ~SUIT_MASKS[trump] == 0 else DEAD

    @override
    def explain(self, hand: int, trick: Trick, card: Card, trump: Suit | None) -> str:
        if self.honours_first and trump is not None and hand & self._honours(trump):
            return (
                f"{card}: the holder of the trump ace or king must play it to a trump lead (SL-C12)"
            )
        return (
            f"{card} is not a trump, and a trump must be played to a trump lead when held (SL-C10)"
        )

    @override
    def constraints(self, trump: Suit | None) -> PlayConstraints | None:
        """SL-C9..SL-C12 as constraints: to a trump lead a holder of a trump plays one (with
        ``honours_first`` a holder of the trump ace or king plays one of them); on a plain lead a
        trump is live only from an all-trump hand (SL-C9)."""
        if type(self).legal_mask is not FreePlayDeadTrumps.legal_mask or (
            type(self).play_flags is not FreePlayDeadTrumps.play_flags
        ):
            return None
        return PlayConstraints(self._duties(trump), self._power(trump))

    def _duties(self, trump: Suit | None) -> tuple[Duty, ...]:
        if trump is None:
            return ()
        trumps = SUIT_MASKS[trump]
        duties = [Duty(trump, trumps, trumps)]
        if self.honours_first:
            honours = self._honours(trump)
            duties.append(Duty(trump, honours, honours))
        return tuple(duties)

    def _power(self, trump: Suit | None) -> Callable[[Card, Suit | None], Power]:
        c6 = _c6_power(self.order, trump)
        trumps = SUIT_MASKS[trump] if trump is not None else 0

        def power(card: Card, lead: Suit | None) -> Power:
            found = c6(card, lead)
            if trump is not None and card.suit == trump and lead is not None and lead != trump:
                return Power(found.value, only=trumps)  # SL-C9: dead unless all trumps
            return found

        return power


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

    @override
    def legal_mask(self, hand: int, trick: Trick, trump: Suit | None) -> int:
        lead = trick.lead_suit
        if lead is None:
            return hand
        return (hand & SUIT_MASKS[lead]) or hand

    @override
    def is_live_trump(self, play: Play, trump: Suit | None) -> bool:
        return play.card.suit == self.main and not play.card.mask & self.excluded

    @override
    def trick_winner(self, trick: Trick, trump: Suit | None) -> int:
        main = self.main
        if trick.lead_suit != main:  # C6 with the main suit as trump (is_live_trump, SM4)
            return super().trick_winner(trick, trump)
        # D-SM1: to a main-suit lead all its cards rank by strength, empty ones included.
        strength = self.strength
        winner, best = trick.leader, -2
        for play in trick.plays:
            card = play.card
            if card.suit == main and strength[card.index] > best:
                winner, best = play.seat, strength[card.index]
        return winner

    @override
    def explain(self, hand: int, trick: Trick, card: Card, trump: Suit | None) -> str:
        return f"{card} does not follow the suit led {trick.lead_suit} ({self.rule})"

    @override
    def constraints(self, trump: Suit | None) -> PlayConstraints | None:
        """SM4, SM5, D-SM1 as constraints: follow suit; a main-suit card but an empty one
        beats any other suit's lead; to a main-suit lead all its cards rank by strength."""
        if type(self).legal_mask is not MainSuit.legal_mask or (
            type(self).trick_winner is not MainSuit.trick_winner
        ):
            return None
        strength, main, excluded = self.strength, self.main, self.excluded

        def power(card: Card, lead: Suit | None) -> Power:
            value = strength[card.index]
            if card.suit == main:
                if lead == main:
                    return Power(value)
                return Power(0 if card.mask & excluded else 100 + value)
            return Power(value if card.suit == lead else 0)

        return PlayConstraints(tuple(_follow(suit) for suit in Suit), power)


__all__ = [
    "DEAD",
    "FACE_DOWN",
    "Duty",
    "FollowElseAny",
    "FollowElseMustTrump",
    "FollowOrTrump",
    "FreePlayDeadTrumps",
    "MainSuit",
    "Play",
    "PlayConstraints",
    "Power",
    "RankOrder",
    "Reads",
    "StandardTrickRules",
    "Trick",
    "TrickRules",
]
