"""The batch twins of the trick rules (:mod:`kozyr.tricks`) and one trick loop for them.

Each policy of :mod:`kozyr.tricks` has a twin here that answers the same questions for a whole
batch of deals at once: which cards of each hand may be played (:meth:`TrickTwin.legal`) and how
strongly a played card bids for the trick (:meth:`TrickTwin.value`: 0 cannot win, a higher value
beats a lower one, a trump beats any card of the suit led; a dead trump, SL-C9, and a face-down
card, SL-C13, are 0). :func:`twin` finds the twin of a policy object; a plugin with a policy of
its own gives it a ``batch_twin()`` method returning its twin. :func:`play_tricks` plays the
tricks of a batch with random choices, the way every built-in batch form plays them.

The hands lie seat-major in one flat array (seat ``s`` of deal ``d`` at ``s * deals + d``, see
:func:`kozyr.batch.next_seat`); the suit led and the trump suit are suit masks per deal (0:
nothing led yet, or a face-down lead; no trump).

Every twin is tested against its scalar policy position by position
(``tests/test_batch_tricks.py``).

>>> import numpy as np
>>> from kozyr import CardSet, FollowOrTrump, RankOrder
>>> rules = twin(FollowOrTrump(RankOrder.ace_high()))
>>> held = np.array([CardSet.parse("A♠ 2♥ 9♦").mask], dtype=np.uint64)
>>> spades, hearts = (np.array([SUIT_MASK[s]], dtype=np.uint64) for s in (3, 2))
>>> str(CardSet.from_mask(int(rules.legal(held, spades, hearts, number=0)[0])))
'2♥ A♠'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol, cast, runtime_checkable

import numpy as np
from typing_extensions import override

from kozyr.batch.masks import (
    BIT,
    SUIT_MASK,
    SUIT_OF,
    Bools,
    Ints,
    Masks,
    count,
    next_seat,
    pick,
    select,
    select_with_jokers,
    trick_taker,
)
from kozyr.cards import Card, Rank, Suit
from kozyr.errors import KozyrError
from kozyr.tricks import (
    FollowElseAny,
    FollowElseMustTrump,
    FollowOrTrump,
    FreePlayDeadTrumps,
    MainSuit,
    StandardTrickRules,
    TrickRules,
)

_U = np.uint64
#: Added to a live trump's strength: above every rank's (at most 13), so any trump beats any
#: card of the suit led (C6).
TRUMP = 64


class NoBatchTwinError(KozyrError):
    """A trick-rules policy with no batch twin: neither one of :mod:`kozyr.tricks`' own classes
    nor an object with a ``batch_twin()`` method."""

    def __init__(self, policy: object) -> None:
        kind = type(policy)
        super().__init__(
            f"{kind.__module__}.{kind.__qualname__} has no batch twin: give it a batch_twin() "
            "method returning a kozyr.batch.tricks.TrickTwin (docs/plugins.md)"
        )
        self.policy = policy


@runtime_checkable
class TrickTwin(Protocol):
    """What :func:`play_tricks` asks a trick-rules twin, for every deal of a batch at once.

    ``held``: each player's hand before the play; ``led``: the suit led (0 before the lead, or
    after a face-down lead); ``trump``: the trump suit (0: none); ``number``: the trick's index
    in the deal (the same for the whole batch, which plays in lockstep)."""

    def legal(self, held: Masks, led: Masks, trump: Masks, *, number: int) -> Masks:
        """The cards of each hand that may be played (the policy's ``legal_mask``)."""
        ...

    def lead_suit(
        self, card: Masks, index: Ints, held: Masks, trump: Masks, *, number: int
    ) -> Masks:
        """The suit led by ``card`` (card ``index``) led from ``held`` (0 for a face-down lead,
        SL-C13)."""
        ...

    def value(
        self, card: Masks, index: Ints, held: Masks, led: Masks, trump: Masks, *, number: int
    ) -> Ints:
        """How strongly ``card`` (card ``index``), played from ``held``, bids for the trick:
        0 cannot win; the highest value wins, the first played of equal ones (C6)."""
        ...


def _power(policy: StandardTrickRules) -> Ints:
    """Each card index's strength (:attr:`RankOrder.strength`), 0 for a card of no rank and for
    the last entry, index -1 (no card)."""
    table = np.zeros(53, dtype=np.int64)
    table[:52] = np.maximum(np.array(policy.strength, dtype=np.int64), 0)
    return table


@dataclass(frozen=True)
class StandardTwin:
    """:class:`kozyr.tricks.StandardTrickRules`: any card; C6 winner -- the highest trump,
    else the highest card of the suit led."""

    power: Ints

    @classmethod
    def of(cls, policy: StandardTrickRules) -> StandardTwin:
        return cls(_power(policy))

    def legal(self, held: Masks, led: Masks, trump: Masks, *, number: int) -> Masks:
        """A lead (``led`` 0) as :meth:`lead_legal`, a follower as :meth:`follow_legal`: a
        subclass says the two apart, and :func:`play_tricks` asks each where it applies."""
        lead = self.lead_legal(held, trump, number=number)
        legal: Masks = pick(led == 0, lead, self.follow_legal(held, led, trump, number=number))
        return legal

    def lead_legal(self, held: Masks, trump: Masks, *, number: int) -> Masks:
        """The cards each leader may lead: any card (C6)."""
        return held

    def follow_legal(self, held: Masks, led: Masks, trump: Masks, *, number: int) -> Masks:
        """The cards each follower may play to the suit ``led`` (never 0 here): any card."""
        return held

    def lead_suit(
        self, card: Masks, index: Ints, held: Masks, trump: Masks, *, number: int
    ) -> Masks:
        suit: Masks = SUIT_OF[index]
        return suit

    def dead(self, card: Masks, held: Masks, led: Masks, trump: Masks, *, number: int) -> Masks:
        """Where the played card is dead (cannot win): never, here."""
        return np.zeros(len(card), dtype=np.bool_)

    def live_trump(
        self, card: Masks, held: Masks, led: Masks, trump: Masks, *, number: int
    ) -> Masks:
        """``card`` where it is a trump that can win (not :meth:`dead`) played by a follower to
        the plain suit ``led``, else 0: what :func:`play_tricks` gathers to read a trick's
        winner at its end. Only the answer to a plain lead counts: to a trump lead, or to a
        face-down one (nothing led), every trump played is live, and a card led is never dead
        (it makes the suit led)."""
        live: Masks = card & trump * ~self.dead(card, held, led, trump, number=number)
        return live

    def value(
        self, card: Masks, index: Ints, held: Masks, led: Masks, trump: Masks, *, number: int
    ) -> Ints:
        alive = ~self.dead(card, held, led, trump, number=number)
        trumped = ((card & trump) != 0) & alive
        counts = trumped | (((card & led) != 0) & alive)
        value: Ints = (self.power[index] + TRUMP * trumped) * counts
        return value


@dataclass(frozen=True)
class FollowElseAnyTwin(StandardTwin):
    """:class:`kozyr.tricks.FollowElseAny`: follow suit, else any card (PN3)."""

    @override
    def follow_legal(self, held: Masks, led: Masks, trump: Masks, *, number: int) -> Masks:
        follow = held & led
        legal: Masks = pick(follow != 0, follow, held)
        return legal


@dataclass(frozen=True)
class FollowElseMustTrumpTwin(StandardTwin):
    """:class:`kozyr.tricks.FollowElseMustTrump`: follow suit; void, trump; else any card
    (SL19-2, NN3)."""

    @override
    def follow_legal(self, held: Masks, led: Masks, trump: Masks, *, number: int) -> Masks:
        follow = held & led
        trumps = held & trump
        otherwise = pick(trumps != 0, trumps, held)
        legal: Masks = pick(follow != 0, follow, otherwise)
        return legal


@dataclass(frozen=True)
class FollowOrTrumpTwin(StandardTwin):
    """:class:`kozyr.tricks.FollowOrTrump`: follow suit or trump at will; void, trump when held
    (or any card with ``void_may_discard``) (SU5)."""

    void_may_discard: bool = False

    @classmethod
    @override
    def of(cls, policy: StandardTrickRules) -> FollowOrTrumpTwin:
        assert isinstance(policy, FollowOrTrump)
        return cls(_power(policy), policy.void_may_discard)

    @override
    def follow_legal(self, held: Masks, led: Masks, trump: Masks, *, number: int) -> Masks:
        follow = held & led
        trumps = held & trump
        void = held if self.void_may_discard else pick(trumps != 0, trumps, held)
        legal: Masks = pick(follow != 0, follow | trumps, void)
        return legal


@dataclass(frozen=True)
class FreePlayDeadTrumpsTwin(StandardTwin):
    """:class:`kozyr.tricks.FreePlayDeadTrumps`: no duty to follow a plain lead, a trump on it
    dead unless the hand was all trumps (SL-C9); to a trump lead a trump when held (SL-C10), the
    ace or king first with ``honours_first`` (SL-C12)."""

    honours: Masks
    #: The aces and kings that go first, of every suit (``held & trump`` keeps the trump's).
    first: _U = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "first", _U(np.bitwise_or.reduce(self.honours)))

    @classmethod
    @override
    def of(cls, policy: StandardTrickRules) -> FreePlayDeadTrumpsTwin:
        assert isinstance(policy, FreePlayDeadTrumps)
        honours = np.zeros(5, dtype=_U)  # per suit (4: none) the ace and king, if they go first
        if policy.honours_first:
            for suit in Suit:
                honours[suit] = Card(Rank.ACE, suit).mask | Card(Rank.KING, suit).mask
        return cls(_power(policy), honours)

    @override
    def follow_legal(self, held: Masks, led: Masks, trump: Masks, *, number: int) -> Masks:
        trumps = held & trump
        forced = trumps
        if self.first:  # SL-C12: the ace or king first
            first = trumps & self.first
            forced = pick(first != 0, first, trumps)
        to_trump = (led == trump) & (trumps != 0)  # SL-C10
        legal: Masks = pick(to_trump, forced, held)
        return legal

    @override
    def dead(self, card: Masks, held: Masks, led: Masks, trump: Masks, *, number: int) -> Masks:
        # SL-C9: a trump on a plain lead, from a hand that held other cards
        trumped = (card & trump) != 0
        dead: Masks = trumped & (led != trump) & (led != 0) & ((held & ~trump) != 0)
        return dead

    @override
    def live_trump(
        self, card: Masks, held: Masks, led: Masks, trump: Masks, *, number: int
    ) -> Masks:
        # SL-C9: to a plain lead a trump is live only from a hand of trumps alone
        live: Masks = card & trump * ((held & trump) == held)
        return live


@dataclass(frozen=True)
class MainSuitTwin(StandardTwin):
    """:class:`kozyr.tricks.MainSuit`: follow suit, else any card (SM5); the main suit beats the
    others but for its ``excluded`` cards (SM4); to a main-suit lead all its cards rank by
    strength (D-SM1). The ``trump`` argument is ignored, as the policy's is."""

    main: Masks
    live: Masks

    @classmethod
    @override
    def of(cls, policy: StandardTrickRules) -> MainSuitTwin:
        assert isinstance(policy, MainSuit)
        main = SUIT_MASK[policy.main]
        return cls(_power(policy), main, main & ~_U(policy.excluded))

    @override
    def follow_legal(self, held: Masks, led: Masks, trump: Masks, *, number: int) -> Masks:
        follow = held & led
        legal: Masks = pick(follow != 0, follow, held)
        return legal

    @override
    def value(
        self, card: Masks, index: Ints, held: Masks, led: Masks, trump: Masks, *, number: int
    ) -> Ints:
        # a live main card beats everything; else the suit led counts; to a main lead the live
        # cards are also its strongest (SM2 puts 6 5 4 last), so D-SM1 holds
        live = (card & self.live) != 0
        value: Ints = (self.power[index] + TRUMP * live) * ((card & (led | self.live)) != 0)
        return value


#: The twin of each of :mod:`kozyr.tricks`' own policies, by exact class.
TWINS: dict[type, Callable[[StandardTrickRules], StandardTwin]] = {
    StandardTrickRules: StandardTwin.of,
    FollowElseAny: FollowElseAnyTwin.of,
    FollowElseMustTrump: FollowElseMustTrumpTwin.of,
    FollowOrTrump: FollowOrTrumpTwin.of,
    FreePlayDeadTrumps: FreePlayDeadTrumpsTwin.of,
    MainSuit: MainSuitTwin.of,
}


def twin(policy: TrickRules) -> TrickTwin:
    """The batch twin of a trick-rules policy: the policy's own ``batch_twin()`` if it has one,
    else the twin of its class if that is one of :mod:`kozyr.tricks`' (a subclass may play
    otherwise, so it needs its own).

    :raises NoBatchTwinError: for a policy with neither.
    """
    own = getattr(policy, "batch_twin", None)
    if callable(own):
        made = own()
        if not isinstance(made, TrickTwin):
            raise NoBatchTwinError(policy)
        return made
    build = TWINS.get(type(policy))
    if build is None or not isinstance(policy, StandardTrickRules):
        raise NoBatchTwinError(policy)
    return build(policy)


@dataclass(frozen=True)
class PlayedTricks:
    """What :func:`play_tricks` returns, seat-major like its hands (``s * deals + d``):
    the cards each seat won and how many tricks, and per trick (deal by trick) its cards and the
    seat that took it."""

    won: Masks
    tricks: Ints
    trick_cards: Masks
    winners: Ints


def by_card_index(rules: TrickTwin) -> bool:
    """Whether a twin's tricks go as the card indices say: a :class:`StandardTwin` whose
    :meth:`~StandardTwin.value` is the standard one and whose every card has a rank, rising
    with the card index in every suit (ace high, as the pack's card order). Then the winner of
    a trick is the player of its highest live trump, else of its highest card of the suit led
    (C6), which :func:`play_tricks` reads once from the trick's cards instead of comparing
    every play.

    >>> from kozyr import FollowElseAny, RankOrder
    >>> by_card_index(twin(FollowElseAny(RankOrder.ace_high())))
    True
    """
    if not isinstance(rules, StandardTwin) or type(rules).value is not StandardTwin.value:
        return False
    power = rules.power[:52].reshape(4, 13)
    return bool((power > 0).all() and (np.diff(power, axis=1) > 0).all())


def _has_dead_cards(rules: TrickTwin) -> bool:
    """Whether a standard twin can leave a played card dead (SL-C9), so that :func:`play_tricks`
    must ask it at every play."""
    if not isinstance(rules, StandardTwin):
        return False
    kind = type(rules)
    return kind.dead is not StandardTwin.dead or kind.live_trump is not StandardTwin.live_trump


def play_tricks(
    rules: TrickTwin,
    hands: Masks,
    *,
    players: int,
    leader: Ints,
    trump: Masks,
    tricks: int,
    choose: Callable[..., Ints],
    before_trick: Callable[[int], object] | None = None,
    after_lead: Callable[[int, Ints], Masks | None] | None = None,
    playing: Bools | None = None,
) -> PlayedTricks:
    """Play ``tricks`` tricks of a batch with random choices: ``hands`` (seat-major, emptied as
    the cards are played), ``leader`` the flat index of each deal's first leader, ``trump`` each
    deal's trump suit mask. Each player in turn picks the ``k``-th of his legal cards in card
    order, ``k = choose(count of legal cards)`` -- the reference's random bot; the highest
    :meth:`~TrickTwin.value` takes the trick and leads the next (C6; with no card that can win,
    the leader keeps it, D-SL2).

    ``before_trick(number)``, if given, is called at the start of each trick (from 0) and may
    change ``hands`` in place -- a dealer's exchange of the turned card between tricks (SL-C6,
    D-SL5). A twin whose tricks go by card index (:func:`by_card_index`) has each winner read
    from the trick's cards at its end (:func:`~kozyr.batch.trick_taker`), exactly as comparing
    every play would find it, and quicker.

    ``after_lead(number, index)``, if given, is called right after each trick's lead with the
    card index each deal led (-1: none) and may return each deal's trump suit mask from that
    card on (None: the trump stays): the suit led and the winner of that trick and of the later
    ones are read with it -- the pitch that names trump (AP6) in Pitch.

    A twin whose decks hold jokers says so with ``jokers = True`` (cards 52 and 53 are then
    drawn in card order after the spades, :func:`~kozyr.batch.select_with_jokers`); one with
    ``reads_trick = True`` is also given ``trick=`` in :meth:`~TrickTwin.value`, the cards of
    the trick played before the card (for rules where of two equal cards the later wins).

    ``playing`` (seat-major like ``hands``; None: everyone) names the seats that play: the
    others play no card and draw nothing -- a player who ran away (SL-C16), or every seat of a
    deal not played at all (D-SL4). Then ``choose(counts, rows)`` is asked for the deals
    ``rows`` whose player plays, as :meth:`kozyr.batch.DrawSource.choose` is; a trick nobody
    played is nobody's."""
    deals = len(leader)
    won = np.zeros(players * deals, dtype=_U)
    taken = np.zeros(players * deals, dtype=np.int64)
    trick_cards = np.zeros((deals, tricks), dtype=_U)
    winners = np.zeros((deals, tricks), dtype=np.int64)
    at_end = by_card_index(rules)
    dead_cards = _has_dead_cards(rules)
    # a standard twin says a lead and a follow apart (unless a subclass wrote legal itself)
    split = isinstance(rules, StandardTwin) and type(rules).legal is StandardTwin.legal
    choose_card = select_with_jokers if getattr(rules, "jokers", False) else select
    reads_trick = bool(getattr(rules, "reads_trick", False))
    for number in range(tricks):
        if before_trick is not None:
            before_trick(number)
        at = leader
        led = np.zeros(deals, dtype=_U)
        best: Ints = np.zeros(deals, dtype=np.int64)
        winner: Ints = leader
        trick = np.zeros(deals, dtype=_U)
        played: list[Masks] = []
        live = np.zeros(deals, dtype=_U)  # the live trumps played (SL-C9), when cards can die
        for i in range(players):
            if i:
                at = next_seat(at, deals, players)
            held = hands[at]
            active = None if playing is None else np.flatnonzero(playing[at])
            if not split:
                legal = rules.legal(held, led, trump, number=number)
            elif i:
                legal = cast("StandardTwin", rules).follow_legal(held, led, trump, number=number)
            else:
                legal = cast("StandardTwin", rules).lead_legal(held, trump, number=number)
            if active is None:
                index = choose_card(legal, choose(count(legal)))
            else:  # -1: no card, for a seat that does not play
                index = np.full(deals, -1, dtype=np.intp)
                index[active] = choose_card(legal[active], choose(count(legal[active]), active))
            card = BIT[index]
            hands[at] = held ^ card
            before = trick
            trick |= card
            if i == 0:
                if after_lead is not None:
                    named = after_lead(number, index)
                    trump = trump if named is None else named
                led = rules.lead_suit(card, index, held, trump, number=number)
            if not at_end:
                if reads_trick:
                    value = rules.value(  # type: ignore[call-arg]
                        card, index, held, led, trump, number=number, trick=before
                    )
                else:
                    value = rules.value(card, index, held, led, trump, number=number)
                better = value > best
                best = pick(better, value, best)
                winner = pick(better, at, winner)
                continue
            played.append(card)
            if not dead_cards:
                continue
            if i:  # a card led is never dead: it makes the suit led (or leads face down)
                live |= cast("StandardTwin", rules).live_trump(
                    card, held, led, trump, number=number
                )
        if at_end:  # C6: the highest live trump, else the highest card of the suit led
            if dead_cards:  # to a trump lead or a face-down one every trump is live
                live = pick((led == trump) | (led == 0), trick & trump, live)
            else:
                live = trick & trump
            winning = pick(live != 0, live, trick & led)
            winner = trick_taker(played, winning, leader, deals)
            if playing is not None:  # a card no seat played never wins: the leader keeps it
                winner = pick(winning != 0, winner, leader)
        won[winner] |= trick
        taken[winner] += 1 if playing is None else trick != 0
        trick_cards[:, number] = trick
        winners[:, number] = winner // deals
        leader = winner
    return PlayedTricks(won, taken, trick_cards, winners)


__all__ = [
    "TRUMP",
    "TWINS",
    "FollowElseAnyTwin",
    "FollowElseMustTrumpTwin",
    "FollowOrTrumpTwin",
    "FreePlayDeadTrumpsTwin",
    "MainSuitTwin",
    "NoBatchTwinError",
    "PlayedTricks",
    "StandardTwin",
    "TrickTwin",
    "by_card_index",
    "play_tricks",
    "twin",
]
