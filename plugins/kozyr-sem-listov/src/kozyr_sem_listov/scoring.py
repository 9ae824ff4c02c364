"""Pure scoring functions of the four forms: trick differences (SL-C14, D-SL3), run-away
penalties (SL-C16, D-SL4), the race to seven (PN4, D-PN2) and the punishment by the cut card
(PN5, SL19-4, D-SL19, NN5).

>>> winners, payments = difference_payments([3, 1, 2, 1], [0, 1, 2, 3], 4)
>>> winners, [(p.payer, p.payee, int(p.amount)) for p in payments]
([0], [(1, 0, 8), (2, 0, 4), (3, 0, 8)])
>>> nose_hits(Card.parse("8h")), nose_hits(Card.parse("Qh")), value_1884(Card.parse("As"))
(8, 0, 11)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from kozyr import Card, Payment, Rank, ScoreItem

RACE_TARGET = 7


def difference_payments(
    tricks: Sequence[int], stayers: Sequence[int], multiplier: int
) -> tuple[list[int], list[Payment]]:
    """SL-C14 / D-SL3: the winners (most tricks among ``stayers``) and what each loser pays each
    winner: the difference of their scores, a score being ``tricks × multiplier``."""
    if not stayers:
        return [], []
    best = max(tricks[s] for s in stayers)
    winners = [s for s in stayers if tricks[s] == best]
    reason = "SL-C14" if len(winners) == 1 else "D-SL3"
    payments = [
        Payment(loser, winner, Fraction((tricks[winner] - tricks[loser]) * multiplier), reason)
        for loser in stayers
        if loser not in winners
        for winner in winners
    ]
    return winners, payments


#: The labels of a seat's ``tricks`` item in a race (PN4): a count of tricks.
TRICKS_LABELS = ("Взятки", "Tricks")


def tricks_labels(rule: str) -> tuple[str, str]:
    """The Russian and English labels of a ``tricks`` item: a race (PN4) counts tricks; the
    classic form (SL-C14) scores points for them (tricks × players), so they are not
    labelled as tricks."""
    if rule == "SL-C14":
        return "Очки за взятки", "Points for tricks"
    return TRICKS_LABELS


def tricks_item(points: int, seat: int, rule: str) -> ScoreItem:
    """The ``tricks`` item of one seat (SL-C14, PN4): ``points`` for its tricks."""
    ru, en = tricks_labels(rule)
    return ScoreItem("tricks", ru, en, points, (), seat, None, rule)


@dataclass(frozen=True)
class HeldPenalty:
    """A run-away penalty held over to the next deal (SL-C16 ``runaway_split = next_deal``):
    ``payer`` owes ``amount`` to whichever of ``winners`` is dealt the highest trump there."""

    payer: int
    amount: int
    winners: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        """JSON data for a result's ``held_over`` list."""
        return {"payer": self.payer, "amount": self.amount, "winners": list(self.winners)}

    @staticmethod
    def from_json(data: Any) -> HeldPenalty:
        """The inverse of :meth:`to_json`."""
        return HeldPenalty(int(data["payer"]), int(data["amount"]), tuple(data["winners"]))


def runaway_payments(
    runaways: Iterable[int], winners: Sequence[int], penalty: int, split: str
) -> tuple[list[Payment], list[HeldPenalty]]:
    """SL-C16: each run-away pays ``penalty`` to the deal's winner; several winners share it
    equally (``equal``) or it is held over (``next_deal``)."""
    payments: list[Payment] = []
    held: list[HeldPenalty] = []
    for payer in runaways:
        if len(winners) == 1:
            payments.append(Payment(payer, winners[0], Fraction(penalty), "SL-C16"))
        elif split == "equal":
            share = Fraction(penalty, len(winners))
            payments.extend(Payment(payer, w, share, "SL-C16") for w in winners)
        else:
            held.append(HeldPenalty(payer, penalty, tuple(winners)))
    return payments, held


def highest_trump_holder(
    hands: Sequence[Iterable[Card] | None],
    trump: Card,
    among: Iterable[int],
    strength: Sequence[int],
) -> int | None:
    """The seat of ``among`` dealt the highest trump (the turned card belongs to nobody), or None
    when none of them holds a trump (SL-C16 ``next_deal``)."""
    best: tuple[int, int] | None = None
    for seat in among:
        hand = hands[seat] if 0 <= seat < len(hands) else None
        for card in hand or ():
            if card.suit == trump.suit and (best is None or strength[card.index] > best[0]):
                best = (strength[card.index], seat)
    return None if best is None else best[1]


def trump_ranking(
    hands: Sequence[Iterable[Card] | None],
    trump: Card,
    among: Iterable[int],
    strength: Sequence[int],
) -> list[int]:
    """The seats of ``among`` dealt a trump, ordered by the highest trump each holds, highest
    first (D-SL6: each held pot goes to the first of them among its tied winners)."""
    best: dict[int, int] = {}
    for seat in among:
        hand = hands[seat] if 0 <= seat < len(hands) else None
        for card in hand or ():
            if card.suit == trump.suit:
                best[seat] = max(best.get(seat, -1), strength[card.index])
    return sorted(best, key=lambda seat: -best[seat])


@dataclass
class RaceProgress:
    """The race to seven through one deal (PN4, D-PN2): totals after each trick, the order in
    which seats reached seven, and the trick at which the race ended (if it did)."""

    totals: list[int]
    reached: list[int] = field(default_factory=list)
    end: int | None = None
    loser: int | None = None


def race_progress(
    before: Sequence[int], seats: Sequence[int], winners: Sequence[int], target: int = RACE_TARGET
) -> RaceProgress:
    """Run the trick winners of a deal through the race: a seat reaching ``target`` is safe; the
    race ends the moment one seat of ``seats`` remains below it (D-PN2)."""
    progress = RaceProgress(list(before))
    totals = progress.totals
    below = sum(1 for s in seats if totals[s] < target)  # seats of ``seats`` not yet safe
    for index, winner in enumerate(winners):
        totals[winner] += 1
        if totals[winner] == target:
            progress.reached.append(winner)
            if winner in seats:
                below -= 1
        if below <= 1:
            remaining = [s for s in seats if totals[s] < target]
            progress.end = index
            progress.loser = remaining[0] if remaining else None
            break
    return progress


def nose_hits(card: Card) -> int:
    """PN5 / NN5: a cut 6-10 gives that many hits; a jack, queen, king or ace forgives (0)."""
    return int(card.rank) if card.rank <= Rank.TEN else 0


def value_1884(card: Card) -> int:
    """SL19-4: the cut card's value: ace 11, king, queen and jack 10, the others their pips."""
    if card.rank == Rank.ACE:
        return 11
    return 10 if card.rank >= Rank.JACK else int(card.rank)


@dataclass(frozen=True)
class Punishment:
    """What the loser of a race gets: per opponent ``per_opponent`` hits (``nose``) or units of
    money (``money``), decided by the ``cut`` card; ``cards_used`` is 1 or 3 (informational)."""

    loser: int
    cut: Card
    opponents: tuple[int, ...]
    per_opponent: int
    settlement: str
    cards_used: int
    rule: str

    @property
    def forgiven(self) -> bool:
        """Whether the cut card let the loser off (a picture card or an ace in PN5 / NN5)."""
        return self.per_opponent == 0

    def payments(self) -> list[Payment]:
        """Money payments (empty for the nose)."""
        if self.settlement != "money":
            return []
        return [
            Payment(self.loser, o, Fraction(self.per_opponent), self.rule) for o in self.opponents
        ]

    def to_json(self) -> dict[str, Any]:
        """JSON data for a result's ``punishment`` field."""
        data: dict[str, Any] = {
            "loser": self.loser,
            "cut": str(self.cut),
            "settlement": self.settlement,
            "opponents": list(self.opponents),
            "forgiven": self.forgiven,
            "rule": self.rule,
        }
        if self.settlement == "nose":
            data["hits_per_opponent"] = self.per_opponent
            data["hits_total"] = self.per_opponent * len(self.opponents)
            data["cards_used"] = self.cards_used
        else:
            data["pays_each"] = self.per_opponent
            data["pays_total"] = self.per_opponent * len(self.opponents)
        return data


__all__ = [
    "RACE_TARGET",
    "TRICKS_LABELS",
    "HeldPenalty",
    "Punishment",
    "RaceProgress",
    "difference_payments",
    "highest_trump_holder",
    "nose_hits",
    "race_progress",
    "runaway_payments",
    "tricks_item",
    "trump_ranking",
    "value_1884",
]
