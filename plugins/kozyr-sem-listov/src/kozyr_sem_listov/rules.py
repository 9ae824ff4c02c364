"""Trick rules of the classic form: the core's free play with dead trumps (SL-C9..SL-C12) plus
the five-handed trump leads with a face-down lead (SL-C13, D-SL2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from typing_extensions import override

from kozyr import FACE_DOWN, Card, FreePlayDeadTrumps, RankOrder, Suit, Trick
from kozyr.cardset import SUIT_MASKS
from kozyr.tricks import Duty, PlayConstraints, Power

if TYPE_CHECKING:  # numpy only when a batch twin is asked for
    from kozyr_sem_listov.batch import ClassicTwin


class ClassicTrickRules(FreePlayDeadTrumps):
    """:class:`FreePlayDeadTrumps` with ``trump_leads`` forced trump leads (SL-C13).

    In the first ``trump_leads`` tricks of a deal the leader must lead a trump; without one he
    leads any card face down (охлупью, flag ``FACE_DOWN``), and everyone else must play a trump
    when he holds one. D-SL2: the face-down card never wins; the highest trump wins; with no trump
    the leader takes the trick (the core's winner rule already does this).
    """

    reads = "trick"  # the trick's number decides whether a lead is forced (SL-C13)

    def __init__(self, order: RankOrder, *, honours_first: bool = False, trump_leads: int = 0):
        super().__init__(order, honours_first=honours_first, rule="SL-C10")
        self.trump_leads = trump_leads

    def batch_twin(self) -> ClassicTwin:
        """Its batch twin (:mod:`kozyr.batch.tricks`; numpy, ``kozyr[fast]``)."""
        from kozyr_sem_listov.batch import ClassicTwin

        return ClassicTwin.of(self)

    def _forced(self, trick: Trick) -> bool:
        return trick.number < self.trump_leads

    @override
    def legal_mask(self, hand: int, trick: Trick, trump: Suit | None) -> int:
        if trump is not None and trick.number < self.trump_leads:  # self._forced(trick)
            trumps = hand & SUIT_MASKS[trump]
            if not trick.plays or trick.lead_suit is None:
                # SL-C13: lead a trump if held; to a face-down lead play a trump if held.
                return trumps or hand
        return super().legal_mask(hand, trick, trump)

    @override
    def play_flags(self, hand: int, trick: Trick, card: Card, trump: Suit | None) -> int:
        if (
            trump is not None
            and trick.number < self.trump_leads  # self._forced(trick)
            and not trick.plays
            and not hand & SUIT_MASKS[trump]
        ):
            return FACE_DOWN  # SL-C13: охлупью, led face down
        return super().play_flags(hand, trick, card, trump)

    @override
    def explain(self, hand: int, trick: Trick, card: Card, trump: Suit | None) -> str:
        if trump is not None and self._forced(trick):
            if not trick.plays:
                return (
                    f"{card} is not a trump: the first {self.trump_leads} leads of a five-handed "
                    f"deal must be trumps while the leader holds one (SL-C13)"
                )
            if trick.lead_suit is None:
                return f"{card} is not a trump: answer a face-down lead with a trump (SL-C13)"
        return super().explain(hand, trick, card, trump)

    @override
    def constraints(self, trump: Suit | None) -> PlayConstraints | None:
        """SL-C13 added to the core's constraints: in the forced tricks the leader holding a
        trump leads one, a leader without leads face down, and to a face-down lead a holder of
        a trump plays one; the face-down card never wins (D-SL2)."""
        if trump is None or not self.trump_leads:
            return FreePlayDeadTrumps.constraints(self, trump)
        trumps = SUIT_MASKS[trump]
        forced = (0, self.trump_leads)
        duties = (
            *self._duties(trump),
            Duty(None, trumps, trumps, leader=True, tricks=forced),
            Duty(None, trumps, trumps, tricks=forced),
        )
        base = self._power(trump)

        def power(card: Card, lead: Suit | None) -> Power:
            if lead is None:  # D-SL2: a face-down lead; a trump wins, nothing else can
                return Power(100 + self.strength[card.index] if card.suit == trump else 0)
            return base(card, lead)

        return PlayConstraints(duties, power, face_down=forced, face_down_unless=trumps)


def classic_trick_rules(
    order: RankOrder, *, honours_first: bool = False, trump_leads: int = 0
) -> FreePlayDeadTrumps:
    """The classic form's play rule: :class:`ClassicTrickRules` with forced trump leads, or,
    without them (every table but the five-handed one with SL-C13), the core's
    :class:`FreePlayDeadTrumps` itself, which then plays exactly the same and is quicker."""
    if trump_leads:
        return ClassicTrickRules(order, honours_first=honours_first, trump_leads=trump_leads)
    return FreePlayDeadTrumps(order, honours_first=honours_first, rule="SL-C10")


__all__ = ["ClassicTrickRules", "classic_trick_rules"]
