"""Simple whist (Простой вист), a toy game built only on kozyr's public API.

Rules (ids used in code and error messages):

* SW1 -- 2 to 4 players, each for himself; a 32-card pack (7 to ace, ace high).
* SW2 -- the dealer deals ``hand_size`` cards (default 5) one at a time, starting with eldest
  (the dealer's left); the next card is turned up and its suit is trump.
* SW3 -- eldest leads; follow suit when able, otherwise play any card; the highest trump wins,
  else the highest card of the suit led; the winner leads next.
* SW4 -- one point per trick; for every pair of players the one with fewer tricks pays the
  other the difference.
* SW5 -- option ``plain_opening`` (default off): eldest may not lead a trump to the first trick
  unless he holds only trumps. A play rule of the example's own, :class:`PlainOpening`, with a
  batch twin of its own (``batch_twin()``, :class:`~kozyr_example_plugin.batch.PlainOpeningTwin`).

At the table a scorekeeper writes down only the tricks each player took: an outcome record
(``{"dealer": 0, "tricks_won": [3, 2]}``, no hands, no tricks), declared once in
``outcome_fields``.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar

from typing_extensions import override

from kozyr import (
    Card,
    Deal,
    DealRecord,
    DealResult,
    Deck,
    FollowElseAny,
    OptionError,
    OptionSpec,
    OutcomeField,
    Payment,
    RankOrder,
    RecordError,
    ScoreItem,
    ScoreSheet,
    Settlement,
    Suit,
    Variant,
)
from kozyr.cardset import SUIT_MASKS
from kozyr.tricks import Duty, PlayConstraints, Trick

if TYPE_CHECKING:
    from kozyr_example_plugin.batch import PlainOpeningTwin, SimpleWhistBatch

ORDER = RankOrder.ace_high()


class PlainOpening(FollowElseAny):
    """SW3 with SW5: follow suit, else any card, and no trump led to the first trick while the
    leader holds a plain card. A policy of the example's own, so it gives its batch twin."""

    reads = "trick"  # the trick's number decides whether a trump may be led (SW5)

    def batch_twin(self) -> PlainOpeningTwin:
        """Its batch twin (:mod:`kozyr.batch.tricks`; numpy, ``kozyr[fast]``)."""
        from kozyr_example_plugin.batch import PlainOpeningTwin

        return PlainOpeningTwin.of(self)

    @override
    def legal_mask(self, hand: int, trick: Trick, trump: Suit | None) -> int:
        if trump is not None and trick.number == 0 and not trick.plays:
            return (hand & ~SUIT_MASKS[trump]) or hand  # SW5: a plain card first
        return super().legal_mask(hand, trick, trump)

    @override
    def explain(self, hand: int, trick: Trick, card: Card, trump: Suit | None) -> str:
        if trick.number == 0 and not trick.plays:
            return f"{card} is a trump: lead a plain card to the first trick when holding one (SW5)"
        return super().explain(hand, trick, card, trump)

    @override
    def constraints(self, trump: Suit | None) -> PlayConstraints | None:
        """SW3's follow-suit duties and SW5's: leading the first trick, a holder of a plain card
        leads one."""
        found = FollowElseAny(self.order).constraints(trump)
        if trump is None or found is None:
            return found
        plain = sum(SUIT_MASKS[suit] for suit in Suit if suit != trump)
        opening = Duty(None, plain, plain, leader=True, tricks=(0, 1))
        return PlayConstraints((*found.duties, opening), found.power)


class SimpleWhist(Variant):
    """Simple whist: take tricks, one point each (SW1-SW5)."""

    name = "simple-whist"
    aliases = ("простой-вист", "вист")
    title = "Simple whist"
    title_ru = "Простой вист"
    rules_ref = "SW1-SW5"
    rules_files = ("simple-whist.rules.md",)  # next to this module, shipped as package data
    player_counts = (2, 3, 4)
    turnup_key: ClassVar[str] = "turnup"
    record_fields: ClassVar[tuple[str, ...]] = ("tricks_won",)
    options_spec = (
        OptionSpec("players", int, 2, "SW1", "number of players", choices=(2, 3, 4)),
        OptionSpec("hand_size", int, 5, "SW2", "cards dealt to each player", minimum=1, maximum=10),
        OptionSpec("plain_opening", bool, False, "SW5", "no trump led to the first trick"),
    )

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        policy = PlainOpening if self.options["plain_opening"] else FollowElseAny
        self.trick_rules = policy(ORDER, rule="SW3")

    @override
    def check_options(self) -> None:
        super().check_options()
        if self.players * int(self.options["hand_size"]) + 1 > 32:
            raise OptionError(f"{self.name}: 32 cards cannot make these hands and a turn-up (SW2)")

    # --- the deal ------------------------------------------------------------------------------

    @override
    def start(self, deal: Deal) -> None:
        """SW2: shuffle, deal one at a time from eldest, turn up trump; SW3: eldest leads."""
        deck = Deck.of_size(32)
        deal.shuffle(deck)  # chance goes through the deal: a seed gives the same deal
        eldest = deal.next_seat(deal.dealer)
        order = [(eldest + i) % deal.n for i in range(deal.n)]
        deal.deal_hands(deck.deal_masks(order, [1] * int(self.options["hand_size"])))
        turnup = deck.draw()[0]
        deal.turn_up(turnup)
        deal.set_trump(turnup.suit)
        deal.begin_play(eldest)

    # --- records -------------------------------------------------------------------------------

    @property
    @override
    def outcome_fields(self) -> tuple[OutcomeField, ...]:
        """What a scorekeeper writes down (SW4): the dealer and the tricks each player took."""
        size = int(self.options["hand_size"])
        return (
            OutcomeField("dealer", "seat", "Сдающий", "Dealer", "SW2", core=True),
            OutcomeField(
                "tricks_won", "count", "Взятки", "Tricks", "SW4", per="seat", maximum=size
            ),
        )

    # Reading an outcome record (read_fields), writing one (outcome_record), adding deals up
    # into a party (score_party: the core's default party form) all come from these fields.

    @override
    def check_record(self, record: DealRecord, context: Mapping[str, Any]) -> None:
        size = int(self.options["hand_size"])
        if record.outcome:  # the tricks add up to the deal's
            total = sum(record.decisions["tricks_won"])
            if total != size:
                raise RecordError("$.tricks_won", f"{total} tricks, but a deal has {size} (SW2)")
            return
        for seat, hand in enumerate(record.hands):
            if hand is None or len(hand) != size:
                held = 0 if hand is None else len(hand)
                message = f"seat {seat} holds {held} cards, not {size} (SW2)"
                raise RecordError(f"$.hands[{seat}]", message)
        if len(record.turnups) != 1:
            raise RecordError("$.turnup", "give the one turned-up card (SW2)")
        if any(record.turnups[0] in hand for hand in record.hands if hand is not None):
            raise RecordError("$.turnup", f"{record.turnups[0]} is also in a hand")
        if record.tricks is None:
            raise RecordError("$.tricks", "simple whist records list every trick")

    @override
    def setup_replay(self, deal: Deal, record: DealRecord) -> None:
        deal.set_trump(record.turnups[0].suit)
        deal.begin_play(deal.next_seat(deal.dealer))

    # --- batch form (optional) ----------------------------------------------------------------

    @override
    def batch_form(self) -> SimpleWhistBatch | None:
        """Many random-bot deals at once for ``kozyr simulate`` (numpy; None without it)."""
        try:
            from kozyr_example_plugin.batch import SimpleWhistBatch
        except ImportError:
            return None
        return SimpleWhistBatch(self.players, int(self.options["hand_size"]), self.trick_rules)

    # --- scoring (SW4) -------------------------------------------------------------------------

    @override
    def score(self, record: DealRecord, context: Mapping[str, Any]) -> DealResult:
        n = self.players
        tricks = record.decisions["tricks_won"] if record.outcome else record.tricks_won(n)
        items = tuple(
            ScoreItem("tricks", "Взятки", "Tricks", count, seat=seat, rule="SW4")
            for seat, count in enumerate(tricks)
            if count
        )
        payments = [
            Payment(low, high, Fraction(tricks[high] - tricks[low]), "SW4")
            for low in range(n)
            for high in range(n)
            if tricks[high] > tricks[low]
        ]
        sheet = ScoreSheet(items, n)
        settlement = Settlement.from_payments(n, payments)
        return DealResult(record, tuple(tricks), sheet, tuple(sheet.by_seat()), settlement)
