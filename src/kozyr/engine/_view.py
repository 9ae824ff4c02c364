"""What a bot sees of a deal: :class:`PlayerView`, and :class:`TrickCounts` (tricks per seat)."""

from __future__ import annotations

import warnings
from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from typing_extensions import override

from kozyr.cards import Card, Suit
from kozyr.cardset import CardSet
from kozyr.errors import IllegalActionError
from kozyr.tricks import Trick
from kozyr.variant import Action, Variant

if TYPE_CHECKING:
    from kozyr.engine._deal import Deal


class PlayerView:
    """One player's read-only view of a deal -- what :func:`kozyr.play_deal` gives a bot: his own
    hand, every card played (:attr:`trick`, :attr:`tricks`), the turned cards, the trump, whose
    turn it is and the table's public shape (dealer, seats, playing, the variant and its trick
    rules), the facts the variant declares public (:attr:`kozyr.Variant.public_facts`) and the
    public decisions of its log (:attr:`log`) -- not
    the other hands. It reads the live deal: the same object serves the whole deal.

    >>> import kozyr
    >>> deal = kozyr.Deal.new(kozyr.get_variant("seven-up"), seed=1)
    >>> view = deal.view(deal.to_act)
    >>> view.hand() == deal.hand(deal.to_act)
    True
    >>> view.hand((deal.to_act + 1) % 4)
    Traceback (most recent call last):
    ...
    kozyr.errors.IllegalActionError: seat 1 sees only its own hand, not seat 2's
    """

    __slots__ = ("_deal", "seat")

    def __init__(self, deal: Deal, seat: int) -> None:
        self._deal = deal
        #: The seat whose view this is.
        self.seat = seat

    def _own(self, seat: int | None) -> int:
        if seat is not None and seat != self.seat:
            raise IllegalActionError(
                f"seat {self.seat} sees only its own hand, not seat {seat}'s", seat=self.seat
            )
        return self.seat

    def hand(self, seat: int | None = None) -> CardSet:
        """The player's own hand (``seat``, if given, must be his own)."""
        return self._deal.hand(self._own(seat))

    def hand_mask(self, seat: int | None = None) -> int:
        """The player's own hand as a card mask."""
        return self._deal.hand_mask(self._own(seat))

    @property
    def cards_seen(self) -> CardSet:
        """Every card this player has seen: his hand, the cards played and the turned cards."""
        deal = self._deal
        mask = deal.hand_mask(self.seat)
        for done in deal.tricks:
            mask |= done.card_mask()
        current = deal.trick
        if current is not None:
            mask |= current.card_mask()
        for card in deal.turnups:
            mask |= card.mask
        return CardSet.from_mask(mask)

    @property
    def facts(self) -> Mapping[str, Any]:
        """The facts of the deal the variant declares public (:attr:`Variant.public_facts`)."""
        public = self._deal.variant.public_facts
        return MappingProxyType({k: v for k, v in self._deal.facts.items() if k in public})

    @property
    def log(self) -> tuple[Action, ...]:
        """The decisions so far that every player sees: those of a kind the variant's
        :attr:`~kozyr.Variant.decision_log` declares ``public`` (a bid; not a discard)."""
        public = {k.kind for k in self._deal.variant.decision_log if k.public}
        return tuple(a for a in self._deal.log if a.kind in public)

    @property
    def variant(self) -> Variant:
        return self._deal.variant

    @property
    def n(self) -> int:
        return self._deal.n

    @property
    def dealer(self) -> int:
        return self._deal.dealer

    @property
    def context(self) -> Mapping[str, Any]:
        return self._deal.context

    @property
    def seats(self) -> tuple[int, ...]:
        return self._deal.seats

    @property
    def playing(self) -> tuple[int, ...]:
        return self._deal.playing

    @property
    def phase(self) -> str:
        return self._deal.phase

    @property
    def to_act(self) -> int:
        return self._deal.to_act

    @property
    def trump(self) -> Suit | None:
        return self._deal.trump

    @property
    def turnups(self) -> tuple[Card, ...]:
        return self._deal.turnups

    @property
    def trick(self) -> Trick | None:
        return self._deal.trick

    @property
    def tricks(self) -> tuple[Trick, ...]:
        return self._deal.tricks

    @property
    def tricks_won(self) -> tuple[int, ...]:
        return tuple(self._deal.tricks_won)

    @override
    def __repr__(self) -> str:
        return f"<PlayerView seat {self.seat} of {self._deal!r}>"


class TrickCounts(tuple[int, ...]):
    """Tricks per seat: a tuple (:attr:`Deal.tricks_won`). Calling it, as the method
    ``deal.tricks_won()`` of kozyr 0.1 was called, gives a list with a DeprecationWarning."""

    __slots__ = ()

    def __call__(self) -> list[int]:
        warnings.warn(
            "deal.tricks_won() is deprecated: deal.tricks_won is a property now",
            DeprecationWarning,
            stacklevel=2,
        )
        return list(self)
