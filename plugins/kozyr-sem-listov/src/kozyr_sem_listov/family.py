"""What the four forms of Семь листов share (the SL-C…, PN…, SL19-… and NN… rules): dealing in
packets with a turned trump, the dealer's exchange of the turned card (SL-C6, D-SL5, PN2, D-PN1),
records in full or as a summary of trick winners, and the replay of decisions; plus the shared
helpers (packets, options).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from typing_extensions import override

from kozyr import (
    ALL_CARDS,
    Action,
    BotFactory,
    Card,
    CardSet,
    Deal,
    DealRecord,
    DealResult,
    Deck,
    IllegalActionError,
    OptionError,
    OptionSpec,
    OutcomeField,
    RankOrder,
    RecordError,
    RecordReader,
    ScoreSheet,
    StandardTrickRules,
    Variant,
    WinnersTarget,
    prove,
    read_outcome,
)
from kozyr.cardset import iter_mask
from kozyr.deck import PACKS
from kozyr.outcome import OUTCOME, SUMMARY
from kozyr_sem_listov.outcome import DEALER, tricks_won_field
from kozyr_sem_listov.scoring import tricks_item

if TYPE_CHECKING:
    from kozyr_sem_listov.batch import SemListovBatch

ORDER = RankOrder.ace_high()

#: kozyr's packets for hand sizes other than 7 (the sources give 2-2-3 for seven cards only).
AUTO_PACKETS: dict[int, tuple[int, ...]] = {
    5: (2, 3),
    6: (3, 3),
    7: (2, 2, 3),
    8: (2, 3, 3),
    9: (3, 3, 3),
    10: (2, 2, 3, 3),
}

EXCHANGE = "exchange"
# The exchange decisions (SL-C6, PN2) per seat: keep, and exchange by card index; built once and
# reused (actions are immutable values).
_KEEP = tuple(Action("keep", seat) for seat in range(7))
_EXCHANGES = tuple(tuple(Action(EXCHANGE, seat, card) for card in ALL_CARDS) for seat in range(7))


def parse_packets(text: str, hand_size: int, rule: str) -> tuple[int, ...]:
    """Packet sizes written ``2-2-3``; they must add up to the hand size.

    >>> parse_packets("2-2-3", 7, "SL-C5")
    (2, 2, 3)
    >>> parse_packets("auto", 5, "SL-C5")
    (2, 3)
    """
    if text == "auto":
        return AUTO_PACKETS[hand_size]
    if not re.fullmatch(r"[1-9](-[1-9])*", text):
        raise OptionError(
            f"option packets: {text!r} is not a list of packet sizes such as 2-2-3 ({rule})"
        )
    sizes = tuple(int(x) for x in text.split("-"))
    if sum(sizes) != hand_size:
        raise OptionError(
            f"option packets: {text} deals {sum(sizes)} cards, but a hand has {hand_size} ({rule})"
        )
    return sizes


def _players_option(counts: Sequence[int], rule: str) -> OptionSpec:
    return OptionSpec("players", int, 4, rule, "players at the table", choices=tuple(counts))


@dataclass
class SemListovState:
    """What a deal of Семь листов keeps between its hooks (``deal.state``): the seats that have
    run away so far (SL-C16), and in a replay the recorded exchange the deal has still to reach
    (card, after which trick; D-SL5)."""

    runaways: list[int] = field(default_factory=list)
    pending: tuple[Card, int] | None = None


class SemListovFamily(Variant):
    """What the four forms share: dealing, the turned trump, the exchange, records, replay."""

    turnup_key: ClassVar[str] = "turnup"
    #: The classic form of 1779 (SL-C1-SL-C17) rather than a race to seven (PN4, SL19-3, NN4).
    classic: ClassVar[bool] = False
    #: Whether a card is turned after the deal (False: the dealer's last card shows trump, NN2).
    turns_trump: ClassVar[bool] = True
    #: Rule id of the deal, the exchange and the play rule (for messages and items).
    deal_rule: ClassVar[str] = "SL-C5"
    exchange_rule: ClassVar[str] = "SL-C6"
    #: SL-C6: the dealer takes the turned card from the table in sight of all; ``shown`` (per
    #: seat, the mask of the cards it is seen to hold) is public, for a bot that deals the
    #: unseen cards as a seat knows them (``pimc``). The discard stays hidden.
    public_facts: ClassVar[tuple[str, ...]] = ("shown",)
    record_fields: ClassVar[tuple[str, ...]] = (
        "exchange",
        "exchange_after",
        "trick_winners",
        "tricks_won",
    )

    trick_rules: StandardTrickRules

    def __init__(self, /, **options: Any) -> None:
        super().__init__(**options)
        self.trick_rules = self.make_trick_rules()
        # read once for start(), which runs per deal (the options are fixed at construction)
        self._hand_size = self.hand_size
        self._packets = self.packets
        self._exchange_after_trick = self.exchange_timing == "after_first_trick"
        self._deck_size = self.deck_size

    # --- configuration -------------------------------------------------------------------------

    def make_trick_rules(self) -> StandardTrickRules:
        """The play rule of the form (hook)."""
        raise NotImplementedError

    @property
    def hand_size(self) -> int:
        """Cards in each hand (SL-C5, SL-C17; seven in the race forms)."""
        return int(self.options.get("hand_size", 7))

    @property
    def deck_size(self) -> int:
        """Cards in the pack (SL-C2; 36 in the race forms)."""
        return 36

    @property
    def packets(self) -> tuple[int, ...]:
        """Packet sizes of the deal (SL-C5, PN1; one at a time in на носки, D-NN1)."""
        return parse_packets(
            str(self.options.get("packets", "2-2-3")), self.hand_size, self.deal_rule
        )

    @property
    def exchange_timing(self) -> str | None:
        """When the dealer may take the turned card: ``after_first_trick`` (SL-C6, D-PN1),
        ``before_play``, or None (no exchange, NN2)."""
        return str(self.options.get("exchange_timing", "after_first_trick"))

    def pack(self) -> CardSet:
        """The cards of the pack in use."""
        return CardSet.deck(PACKS[self.deck_size])

    @override
    def check_options(self) -> None:
        super().check_options()
        need = self.players * self.hand_size + (1 if self.turns_trump else 0)
        if need > self.deck_size:
            raise OptionError(
                f"{self.name}: {self.players} players × {self.hand_size} cards"
                f"{' + the turned card' if self.turns_trump else ''} = {need} cards, but the pack "
                f"has {self.deck_size} (SL-C17)"
            )
        _ = self.packets  # raises OptionError for bad packets

    # --- dealing -------------------------------------------------------------------------------

    def order_from(self, deal: Deal, first: int) -> list[int]:
        """The seats dealt in, clockwise from ``first``."""
        n = deal.n
        if len(deal.seats) == n:  # everyone is dealt in
            return [(first + i) % n for i in range(n)]
        return sorted(deal.seats, key=lambda s: (s - first) % n)

    def deal_order(self, deal: Deal) -> list[int]:
        """Who receives cards first: eldest, then clockwise (PN1; the classic form overrides)."""
        return self.order_from(deal, deal.next_seat(deal.dealer))

    def cut_deck(self, deal: Deal, deck: Deck, order: Sequence[int]) -> dict[int, list[Card]]:
        """Cut before dealing; return cards already given to seats by the cut (hook)."""
        return {}

    @override
    def new_state(self) -> SemListovState:
        return SemListovState()

    @override
    def start(self, deal: Deal) -> None:
        deck = Deck.of_size(self._deck_size)
        deal.shuffle(deck)
        order = self.deal_order(deal)
        given = self.cut_deck(deal, deck, order)
        hands: dict[int, list[Card]] = {s: list(given.get(s, ())) for s in order}
        last: Card | None = None
        hand_size = self._hand_size
        cards = deck.cards
        top = 0  # cards are taken from the top in packets (check_options: the pack suffices)
        for size in self._packets:
            for seat in order:
                hand = hands[seat]
                # D-SL1: the cutter who took cards with the ace is full sooner
                count = min(size, hand_size - len(hand)) if given else size
                if count > 0:
                    hand += cards[top : top + count]
                    top += count
                    last = cards[top - 1]
        deck.cards = cards[top:]
        deal.deal_hands({seat: CardSet(held).mask for seat, held in hands.items()})
        if self.turns_trump:
            turnup = deck.draw(1)[0]  # SL-C5, PN1: the next card is turned for trump
        else:
            assert last is not None
            turnup = last  # NN2: the last card dealt is the dealer's and shows trump
        deal.turn_up(turnup)
        deal.set_trump(turnup.suit)
        self.after_deal(deal)

    def after_deal(self, deal: Deal) -> None:
        """Enter the first phase after the deal (also used to set up a replay)."""
        self.open_play(deal)

    def open_play(self, deal: Deal) -> None:
        """Eldest still in leads (SL-C8); with ``before_play`` the exchange comes first (D-PN1)."""
        leader = deal.next_seat(deal.dealer, among=deal.playing)
        deal.begin_play(leader)
        if self.exchange_timing == "before_play":
            deal.set_phase(EXCHANGE, deal.dealer)

    @override
    def after_trick(self, deal: Deal, trick: Any) -> None:
        early = self.ends_early(deal)
        if early or not deal.hand_mask(trick.winner):
            state: SemListovState = deal.state
            pending, state.pending = state.pending, None
            if pending is not None:  # D-SL5: a recorded exchange the deal never reached
                raise IllegalActionError(
                    f"the deal ends after trick {len(deal.tricks)}, so the dealer cannot exchange "
                    f"{pending[0]} after trick {pending[1]} (SL-C6, D-SL5)",
                    seat=deal.dealer,
                    rule="D-SL5",
                )
            if early:
                self.race_over(deal)
            deal.finish()
            return
        if (
            self._exchange_after_trick
            and EXCHANGE not in deal.facts
            and deal.dealer in deal.playing
        ):
            # SL-C6, D-SL5: the exchange opens once the first trick is played and stays open,
            # at the start of each later trick, until the dealer uses it
            deal.set_phase(EXCHANGE, deal.dealer)
            return
        deal.new_trick(trick.winner)

    def ends_early(self, deal: Deal) -> bool:
        """Whether the deal stops after this trick (D-PN2 in the race forms): a predicate, it
        changes nothing (what follows an early end is :meth:`race_over`)."""
        return False

    def race_over(self, deal: Deal) -> None:
        """Called when :meth:`ends_early` has stopped a deal, just before it finishes (hook)."""

    # --- decisions -----------------------------------------------------------------------------

    @override
    def explain_decision(self, deal: Deal, action: Action) -> str | None:
        """The rule an illegal exchange breaks (SL-C6, PN2)."""
        if deal.phase != EXCHANGE:
            return None
        if action.seat != deal.dealer:
            return (
                f"only the dealer (seat {deal.dealer}) may take the turned card "
                f"({self.exchange_rule})"
            )
        if action.kind == "exchange" and action.card is not None:
            return (
                f"{action.card} is not in the dealer's hand: he gives one of his own cards for "
                f"the turned card ({self.exchange_rule})"
            )
        return None

    @override
    def decision_actions(self, deal: Deal) -> list[Action]:
        seat = deal.to_act
        if deal.phase == EXCHANGE:
            exchanges = _EXCHANGES[seat]
            return [_KEEP[seat]] + [exchanges[card.index] for card in iter_mask(deal.hands[seat])]
        raise AssertionError(f"{self.name}: no phase {deal.phase!r}")

    @override
    def apply_decision(self, deal: Deal, action: Action) -> None:
        if deal.phase == EXCHANGE:
            if action.kind == "exchange":
                assert action.card is not None
                # SL-C6 / PN2: the discard is out of play; the turned card joins the hand.
                deal.remove_cards(action.seat, action.card.mask)
                deal.add_cards(action.seat, deal.turnups[0].mask)
                deal.record_fact("exchange", action.card)
                shown = [0] * deal.n
                shown[action.seat] = deal.turnups[0].mask
                deal.record_fact("shown", tuple(shown))
                after = len(deal.tricks)
                if after > 1:  # D-SL5: after a later trick than the first (the default, 1)
                    deal.record_fact("exchange_after", after)
                state: SemListovState = deal.state
                state.pending = None
            elif not self._exchange_after_trick:
                deal.record_fact("exchange", None)  # D-PN1 before_play: asked once
            leader = deal.trick.leader if deal.trick is not None else deal.tricks[-1].winner
            assert leader is not None
            deal.new_trick(leader)
            return
        raise AssertionError(f"{self.name}: no phase {deal.phase!r}")

    # --- records -------------------------------------------------------------------------------

    @override
    def read_fields(self, reader: RecordReader) -> dict[str, Any]:
        fields: dict[str, Any] = {}
        if "exchange" in self.record_fields and reader.has("exchange"):
            fields["exchange"] = reader.card(reader.get("exchange"), reader.at("exchange"))
        if "exchange_after" in self.record_fields and reader.has("exchange_after"):
            raw = reader.get("exchange_after")
            last = self.hand_size - 1
            if isinstance(raw, bool) or not isinstance(raw, int) or not 1 <= raw <= last:
                raise reader.error(
                    reader.at("exchange_after"),
                    f"expected the trick after which the dealer exchanged: 1..{last} (D-SL5)",
                )
            if raw > 1:  # 1 is the default: the record means the same without it
                fields["exchange_after"] = raw
        if "runaways" in self.record_fields and reader.has("runaways"):
            fields["runaways"] = reader.seats(reader.get("runaways"), reader.at("runaways"))
        if reader.has("trick_winners"):
            raw = reader.get("trick_winners")
            where = reader.at("trick_winners")
            if not isinstance(raw, list):
                raise reader.error(
                    where, "expected a list of seats, the winner of each trick in order"
                )
            fields["trick_winners"] = [reader.seat(v, f"{where}[{i}]") for i, v in enumerate(raw)]
        if reader.get("hands") is None and reader.get("tricks") is None:
            if reader.has("trick_winners"):
                if reader.has("tricks_won"):
                    raise reader.error(
                        reader.at("tricks_won"), "give either tricks_won or trick_winners, not both"
                    )
                others = [f for f in self.outcome_fields if f.name != "tricks_won"]
                fields.update(read_outcome(others, reader))  # the counts follow the winners
                return fields
            fields.update(read_outcome(self.outcome_fields, reader))
        elif "tricks_won" in reader.data:
            raise reader.error(
                reader.at("tricks_won"),
                "tricks_won is an outcome record's field (no hands, no tricks); with hands give "
                "the tricks or trick_winners",
            )
        return fields

    @property
    @override
    def outcome_fields(self) -> tuple[OutcomeField, ...]:
        """The dealer and the tricks each seat took (the forms add their own facts)."""
        return (DEALER, tricks_won_field(self.hand_size, "SL-C14"))

    @override
    def write_fields(self, record: DealRecord) -> dict[str, Any]:
        data: dict[str, Any] = {}
        d = record.decisions
        if d.get("exchange") is not None:
            data["exchange"] = str(d["exchange"])
            if d.get("exchange_after", 1) != 1:
                data["exchange_after"] = d["exchange_after"]
        if d.get("runaways"):
            data["runaways"] = list(d["runaways"])
        if d.get("trick_winners") is not None:
            data["trick_winners"] = list(d["trick_winners"])
        for spec in self.outcome_fields:
            if not spec.core and spec.name in d and spec.name not in data:
                if spec.required or d[spec.name] not in (None, []):
                    data[spec.name] = d[spec.name]
        return data

    @override
    def setup_replay(self, deal: Deal, record: DealRecord) -> None:
        deal.set_trump(record.turnups[0].suit)
        card = record.decisions.get("exchange")
        if card is not None and self._exchange_after_trick:
            state: SemListovState = deal.state
            state.pending = (card, int(record.decisions.get("exchange_after", 1)))
        self.after_deal(deal)

    @override
    def recorded_decision(self, deal: Deal, record: DealRecord) -> tuple[str, Action]:
        if deal.phase == EXCHANGE:
            card = record.decisions.get("exchange")
            after = int(record.decisions.get("exchange_after", 1))
            if card is None or (self._exchange_after_trick and len(deal.tricks) < after):
                return "$.exchange", Action("keep", deal.dealer)  # D-SL5: not (yet)
            return "$.exchange", Action("exchange", deal.dealer, card)
        return super().recorded_decision(deal, record)

    @override
    def check_record(self, record: DealRecord, context: Mapping[str, Any]) -> None:
        if not record.hands:
            self.check_outcome(record, context)
            return
        left = set(context.get("left", ()))
        pack = self.pack()
        for seat, hand in enumerate(record.hands):
            where = f"$.hands[{seat}]"
            if hand is None:
                if seat not in left:
                    raise RecordError(
                        where, f"seat {seat} has no hand; only a seat that left the race is null"
                    )
                continue
            if len(hand) != self.hand_size:
                raise RecordError(
                    where,
                    f"seat {seat} holds {len(hand)} cards; a hand has {self.hand_size} "
                    f"({self.deal_rule})",
                )
            outside = hand - pack
            if outside:
                raise RecordError(
                    where,
                    f"{' '.join(map(str, outside))} not in the {self.deck_size}-card pack "
                    f"({self.pack_rule})",
                )
        seats = [s for s, h in enumerate(record.hands) if h is not None]
        if len(seats) < 2:
            raise RecordError("$.hands", "a deal needs at least two players dealt in")
        if record.dealer not in seats:
            raise RecordError(
                "$.dealer", f"seat {record.dealer} is not dealt in, so it cannot deal"
            )
        self._check_turnup(record)
        if record.tricks is not None and record.decisions.get("trick_winners") is not None:
            raise RecordError(
                "$.trick_winners", "give either the tricks or the trick winners, not both"
            )
        if record.tricks is None and record.decisions.get("trick_winners") is None:
            raise RecordError(
                "$", "give the tricks, or for a summary the winner of each trick (trick_winners)"
            )
        exchange = record.decisions.get("exchange")
        if record.decisions.get("exchange_after") is not None:
            if exchange is None:
                raise RecordError(
                    "$.exchange_after", "the dealer did not exchange (no exchange field) (D-SL5)"
                )
            if not self._exchange_after_trick:
                raise RecordError(
                    "$.exchange_after",
                    "with exchange_timing before_play the dealer exchanges before the first lead "
                    "(D-PN1)",
                )
        if exchange is not None:
            if self.exchange_timing is None:
                raise RecordError("$.exchange", f"{self.name} has no exchange of the turned card")
            hand = record.hands[record.dealer]
            if record.tricks is None and hand is not None and exchange not in hand:
                raise RecordError(
                    "$.exchange", f"{exchange} is not in the dealer's (seat {record.dealer}) hand"
                )

    pack_rule: ClassVar[str] = "PN1"
    #: Rule id of the turn to deal in a party (messages): clockwise, skipping seats that left.
    rotation_rule: ClassVar[str] = "D-PN2"

    def check_outcome(self, record: DealRecord, context: Mapping[str, Any]) -> None:
        """The facts of an outcome record agree with each other (the forms check the rest)."""
        if record.turnups:
            turnup = record.turnups[0]
            if len(record.turnups) != 1:
                raise RecordError(
                    "$.turnup", f"give the one card that shows trump ({self.deal_rule})"
                )
            if turnup not in self.pack():
                raise RecordError(
                    "$.turnup",
                    f"{turnup} is not in the {self.deck_size}-card pack ({self.pack_rule})",
                )
        if record.decisions.get("exchange") is not None:
            raise RecordError(
                "$.exchange", "an outcome record has no hands, so it cannot show the exchange"
            )

    def playing_seats(self, record: DealRecord) -> list[int]:
        """The seats that play cards in a record with hands (the classic form leaves out its
        run-aways)."""
        runaways = set(record.decisions.get("runaways") or ())
        return [s for s, h in enumerate(record.hands) if h is not None and s not in runaways]

    @override
    def prove_summary(
        self, record: DealRecord, context: Mapping[str, Any]
    ) -> tuple[str, tuple[str, ...]]:
        """A legal play of the hands (SL-C9..SL-C13, PN3, SL19-2, NN3) in which every trick is
        won as ``trick_winners`` says, the dealer's exchange made when the record says."""
        winners = list(record.decisions.get("trick_winners") or ())
        seats = self.playing_seats(record)
        if not winners or len(seats) < 2:
            return SUMMARY, ()
        n = self.players
        leader = next(s for s in ((record.dealer + k) % n for k in range(1, n + 1)) if s in seats)
        exchanges: dict[int, tuple[int, int, int]] = {}
        card = record.decisions.get("exchange")
        if card is not None and record.dealer in seats:
            # D-PN1 before play; else after the trick the record names (D-SL5, default 1)
            after = int(record.decisions.get("exchange_after") or 1)
            at = 0 if self.exchange_timing == "before_play" else after
            exchanges[at] = (record.dealer, card.mask, record.turnups[0].mask)
        hands = [0 if h is None else h.mask for h in record.hands]
        found = prove(
            self.trick_rules,
            record.turnups[0].suit,
            hands,
            seats,
            leader,
            WinnersTarget(winners),
            tricks=len(winners),
            exchanges=exchanges,
        )
        if found.possible:
            return SUMMARY, ()
        if found.possible is None:
            why = f" ({found.note})" if found.note else ""
            return OUTCOME, (
                f"NOT PROVEN: the bounded search for a legal play giving these trick winners "
                f"gave up after {found.nodes} cards tried{why}: scored from the "
                "summary, not proven possible",
            )
        t = found.trick
        raise RecordError(
            f"$.trick_winners[{t}]",
            f"impossible: no legal play of these hands gives trick {t + 1} to seat {winners[t]}"
            + (f" after tricks 1-{t} as recorded" if t else "")
            + f" ({self.trick_rules.rule})",
        )

    @override
    def outcome_record(self, result: DealResult, context: Mapping[str, Any]) -> dict[str, Any]:
        """The dealer, the tricks per seat (null for a seat not dealt in or that ran away) and
        the turned card; the forms add the facts their rules need."""
        record = result.record
        out = set(record.decisions.get("runaways") or ())
        if record.hands:
            out |= {s for s, h in enumerate(record.hands) if h is None}
        else:
            out |= {s for s, c in enumerate(record.decisions.get("tricks_won") or ()) if c is None}
        data: dict[str, Any] = {
            "dealer": record.dealer,
            "tricks_won": [None if s in out else result.tricks[s] for s in range(self.players)],
        }
        if record.turnups:
            data["turnup"] = str(record.turnups[0])
        if record.cut is not None:
            data["cut"] = str(record.cut)
        return data

    def outcome_winners(self, record: DealRecord, context: Mapping[str, Any]) -> list[int]:
        """Trick winners in an order that agrees with an outcome record's facts (hook)."""
        raise NotImplementedError

    def _check_turnup(self, record: DealRecord) -> None:
        if len(record.turnups) != 1:
            raise RecordError("$.turnup", f"give the one card that shows trump ({self.deal_rule})")
        turnup = record.turnups[0]
        if turnup not in self.pack():
            raise RecordError(
                "$.turnup", f"{turnup} is not in the {self.deck_size}-card pack ({self.pack_rule})"
            )
        owner = next((s for s, h in enumerate(record.hands) if h is not None and turnup in h), None)
        if self.turns_trump and owner is not None:
            raise RecordError(
                "$.turnup",
                f"{turnup} is also in seat {owner}'s hand; the turned card belongs to nobody "
                f"({self.deal_rule})",
            )
        if not self.turns_trump and owner != record.dealer:
            raise RecordError(
                "$.turnup",
                f"{turnup} must be in the dealer's (seat {record.dealer}) hand: his last card "
                "shows trump (NN2)",
            )

    def trick_winners(
        self, record: DealRecord, context: Mapping[str, Any] | None = None
    ) -> list[int]:
        """The winner of each trick in order, from the tricks or the summary (or, for an outcome
        record's counts, an order that agrees with its facts)."""
        if record.tricks is None and record.decisions.get("tricks_won") is not None:
            return self.outcome_winners(record, context or {})
        if record.tricks is not None:
            winners = [t.winner for t in record.tricks]
            seats = [w for w in winners if w is not None]
            assert len(seats) == len(winners) and min(seats, default=0) >= 0, "record not replayed"
            return seats
        return list(record.decisions.get("trick_winners") or ())

    def _check_summary_seats(self, record: DealRecord, playing: Sequence[int]) -> None:
        for i, seat in enumerate(record.decisions.get("trick_winners") or ()):
            if seat not in playing:
                raise RecordError(
                    f"$.trick_winners[{i}]", f"seat {seat} plays no card in this deal"
                )

    def tricks_items(
        self, tricks: Sequence[int], seats: Sequence[int], multiplier: int, rule: str
    ) -> ScoreSheet:
        """One ``tricks`` item per seat in play: tricks × ``multiplier`` points."""
        items = tuple([tricks_item(tricks[s] * multiplier, s, rule) for s in seats])
        return ScoreSheet(items, self.players)

    @override
    def batch_form(self) -> SemListovBatch | None:
        """Random playout of many deals at once (:mod:`kozyr_sem_listov.batch`, needs numpy);
        None when numpy is not installed or for what it does not play
        (:meth:`SemListovBatch.supports <kozyr_sem_listov.batch.SemListovBatch.supports>`)."""
        try:
            from kozyr_sem_listov.batch import SemListovBatch
        except ImportError:  # numpy (kozyr[fast]) not installed
            return None
        return SemListovBatch(self) if SemListovBatch.supports(self) else None

    @override
    def bots(self) -> Mapping[str, BotFactory]:
        from kozyr_sem_listov.bots import HeuristicBot

        return {**super().bots(), "heuristic": HeuristicBot}
