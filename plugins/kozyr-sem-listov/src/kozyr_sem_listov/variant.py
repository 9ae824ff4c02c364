"""The four forms of Семь листов (RULES.md §1-§4) on one shared base.

What the forms share lives in :class:`SemListovFamily`: dealing in packets with a turned trump,
the dealer's exchange of the turned card (SL-C6, PN2, D-PN1), records in full or as a summary of
trick winners, and the replay of decisions. :class:`SemListov` adds free play with dead trumps,
run-aways and the money settlement by trick differences (§1); :class:`RaceForm` adds the race to
seven and the punishment by the cut card, and its three subclasses differ only where the sources
do: the play rule (PN3, SL19-2, NN3), the trump (turned card or the dealer's last card, NN2) and
the punishment (PN5, SL19-4, NN5).

Phases of a deal: ``runaway`` (SL-C16, before the first lead), ``play``, ``exchange`` (after the
first trick by default, or before the first lead with ``exchange_timing = before_play``).
"""

from __future__ import annotations

import random
import re
import weakref
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, ClassVar

from kozyr import (
    ALL_CARDS,
    PLAY,
    Action,
    BotFactory,
    Card,
    CardSet,
    Deal,
    DealRecord,
    DealResult,
    Deck,
    FollowElseAny,
    FollowElseMustTrump,
    OptionError,
    OptionSpec,
    PartyRecord,
    PartyResult,
    Payment,
    RankOrder,
    RecordError,
    RecordReader,
    ScoreSheet,
    Settlement,
    StandardTrickRules,
    Variant,
)
from kozyr.deck import PACKS
from kozyr_sem_listov.rules import classic_trick_rules
from kozyr_sem_listov.scoring import (
    RACE_TARGET,
    HeldPenalty,
    Punishment,
    difference_payments,
    highest_trump_holder,
    nose_hits,
    race_progress,
    runaway_payments,
    tricks_item,
    value_1884,
)

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
#: Deals set up from a record (they take decisions and the cut card from it, never from chance).
_REPLAYS: weakref.WeakSet[Deal] = weakref.WeakSet()
RUNAWAY = "runaway"


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


class SemListovFamily(Variant):
    """What the four forms share: dealing, the turned trump, the exchange, records, replay."""

    turnup_key: ClassVar[str] = "turnup"
    #: Whether a card is turned after the deal (False: the dealer's last card shows trump, NN2).
    turns_trump: ClassVar[bool] = True
    #: RULES id of the deal, the exchange and the play rule (for messages and items).
    deal_rule: ClassVar[str] = "SL-C5"
    exchange_rule: ClassVar[str] = "SL-C6"
    record_fields: ClassVar[tuple[str, ...]] = ("exchange", "trick_winners")

    trick_rules: StandardTrickRules

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.trick_rules = self.make_trick_rules()

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
        return sorted(deal.seats, key=lambda s: (s - first) % deal.n)

    def deal_order(self, deal: Deal) -> list[int]:
        """Who receives cards first: eldest, then clockwise (PN1; the classic form overrides)."""
        return self.order_from(deal, deal.next_seat(deal.dealer))

    def cut_deck(self, deal: Deal, deck: Deck, order: Sequence[int]) -> dict[int, list[Card]]:
        """Cut before dealing; return cards already given to seats by the cut (hook)."""
        return {}

    def start(self, deal: Deal) -> None:
        deck = Deck.of_size(self.deck_size)
        deck.shuffle(deal.rng)
        order = self.deal_order(deal)
        given = self.cut_deck(deal, deck, order)
        hands: dict[int, list[Card]] = {s: list(given.get(s, ())) for s in order}
        last: Card | None = None
        hand_size = self.hand_size
        for size in self.packets:
            for seat in order:
                count = min(size, hand_size - len(hands[seat]))  # D-SL1: the cutter is full
                if count > 0:
                    cards = deck.draw(count)
                    hands[seat].extend(cards)
                    last = cards[-1]
        for seat, cards in hands.items():
            deal.hands[seat] = CardSet(cards).mask
        if self.turns_trump:
            turnup = deck.draw(1)[0]  # SL-C5, PN1: the next card is turned for trump
        else:
            assert last is not None
            turnup = last  # NN2: the last card dealt is the dealer's and shows trump
        deal.turnups = [turnup]
        deal.trump = turnup.suit
        deal.stock = deck.cards
        self.after_deal(deal)

    def after_deal(self, deal: Deal) -> None:
        """Enter the first phase after the deal (also used to set up a replay)."""
        self.open_play(deal)

    def open_play(self, deal: Deal) -> None:
        """Eldest still in leads (SL-C8); with ``before_play`` the exchange comes first (D-PN1)."""
        leader = deal.next_seat(deal.dealer, among=deal.playing)
        deal.begin_play(leader)
        if self.exchange_timing == "before_play":
            deal.phase = EXCHANGE
            deal.to_act = deal.dealer

    def after_trick(self, deal: Deal, trick: Any) -> None:
        if self.ends_early(deal):
            deal.finish()
            return
        if deal.hands[trick.winner] == 0:
            deal.finish()
            return
        if (
            self.exchange_timing == "after_first_trick"
            and trick.number == 0
            and EXCHANGE not in deal.decisions
            and deal.dealer in deal.playing
        ):
            deal.phase = EXCHANGE  # SL-C6: the exchange opens once the first trick is played
            deal.to_act = deal.dealer
            return
        deal.new_trick(trick.winner)

    def ends_early(self, deal: Deal) -> bool:
        """Whether the deal stops after this trick (D-PN2 in the race forms)."""
        return False

    # --- decisions -----------------------------------------------------------------------------

    def decision_actions(self, deal: Deal) -> list[Action]:
        seat = deal.to_act
        if deal.phase == EXCHANGE:
            exchanges = _EXCHANGES[seat]
            return [_KEEP[seat]] + [exchanges[c.index] for c in deal.hand(seat)]
        raise AssertionError(f"{self.name}: no phase {deal.phase!r}")

    def apply_decision(self, deal: Deal, action: Action) -> None:
        if deal.phase == EXCHANGE:
            if action.kind == "exchange":
                assert action.card is not None
                # SL-C6 / PN2: the discard is out of play; the turned card joins the hand.
                deal.hands[action.seat] ^= action.card.mask | deal.turnups[0].mask
                deal.decisions["exchange"] = action.card
            else:
                deal.decisions["exchange"] = None
            leader = deal.trick.leader if deal.trick is not None else deal.tricks[-1].winner
            assert leader is not None
            deal.new_trick(leader)
            return
        raise AssertionError(f"{self.name}: no phase {deal.phase!r}")

    # --- records -------------------------------------------------------------------------------

    def read_fields(self, reader: RecordReader) -> dict[str, Any]:
        fields: dict[str, Any] = {}
        if "exchange" in self.record_fields and reader.has("exchange"):
            fields["exchange"] = reader.card(reader.get("exchange"), reader.at("exchange"))
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
        return fields

    def write_fields(self, record: DealRecord) -> dict[str, Any]:
        data: dict[str, Any] = {}
        d = record.decisions
        if d.get("exchange") is not None:
            data["exchange"] = str(d["exchange"])
        if d.get("runaways"):
            data["runaways"] = list(d["runaways"])
        if d.get("trick_winners") is not None:
            data["trick_winners"] = list(d["trick_winners"])
        return data

    def setup_replay(self, deal: Deal, record: DealRecord) -> None:
        _REPLAYS.add(deal)
        deal.trump = record.turnups[0].suit
        deal.decisions = {}
        self.after_deal(deal)

    def recorded_decision(self, deal: Deal, record: DealRecord) -> tuple[str, Action]:
        if deal.phase == EXCHANGE:
            card = record.decisions.get("exchange")
            if card is None:
                return "$.exchange", Action("keep", deal.dealer)
            return "$.exchange", Action("exchange", deal.dealer, card)
        return super().recorded_decision(deal, record)

    def check_record(self, record: DealRecord, context: Mapping[str, Any]) -> None:
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
        if exchange is not None:
            if self.exchange_timing is None:
                raise RecordError("$.exchange", f"{self.name} has no exchange of the turned card")
            hand = record.hands[record.dealer]
            if record.tricks is None and hand is not None and exchange not in hand:
                raise RecordError(
                    "$.exchange", f"{exchange} is not in the dealer's (seat {record.dealer}) hand"
                )

    pack_rule: ClassVar[str] = "PN1"

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

    def trick_winners(self, record: DealRecord) -> list[int]:
        """The winner of each trick in order, from the tricks or the summary."""
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

    def check_dealer_rotation(
        self, results: Sequence[DealResult], contexts: Sequence[Mapping[str, Any]]
    ) -> None:
        """Each deal of a party is dealt by the next seat clockwise still in (SL-C3, PN4)."""
        for i in range(1, len(results)):
            expected = self.next_dealer(results[i - 1].record.dealer, contexts[i])
            if results[i].record.dealer != expected:
                raise RecordError(
                    f"$.deals[{i}].dealer",
                    f"the deal passes clockwise: seat {expected} deals this deal, not seat "
                    f"{results[i].record.dealer}",
                )

    def bots(self) -> Mapping[str, BotFactory]:
        from kozyr_sem_listov.bots import HeuristicBot

        return {**super().bots(), "heuristic": HeuristicBot}


# --- §1 the classic form -----------------------------------------------------------------------


class SemListov(SemListovFamily):
    """Семь листов, Komov 1779 (RULES §1): free play with dead trumps, tricks × n settled by
    differences, optional run-aways, honours first, five-handed trump leads and the ace cut."""

    name = "sem-listov"
    aliases: ClassVar[tuple[str, ...]] = ("семь-листов",)
    title = "Sem listov (Seven leaves), classic form of 1779"
    title_ru = "Семь листов (Комов, 1779)"
    rules_ref = "RULES.md §1 (SL-C1-SL-C17)"
    player_counts = (2, 3, 4, 5, 6, 7)
    record_fields = ("exchange", "runaways", "trick_winners")
    deal_rule = "SL-C5"
    pack_rule = "SL-C2"
    options_spec: ClassVar[tuple[OptionSpec, ...]] = (
        _players_option(range(2, 8), "SL-C1"),
        OptionSpec(
            "deck_size",
            int,
            0,
            "SL-C2",
            "cards in the pack: 0 = by players (24 for 2-3, 36 for 4-5, 52 for 6-7); 28 for 2-3",
            choices=(0, 24, 28, 36, 52),
        ),
        OptionSpec(
            "hand_size", int, 7, "SL-C17", "cards per hand (Пять листов: 5)", minimum=5, maximum=10
        ),
        OptionSpec(
            "packets",
            str,
            "auto",
            "SL-C5",
            "packets of the deal, e.g. 2-2-3 (auto: 2-2-3 for seven cards)",
        ),
        OptionSpec(
            "honours_first",
            bool,
            False,
            "SL-C12",
            "the trump ace and king must be played to a trump lead",
        ),
        OptionSpec(
            "five_trump_leads",
            bool,
            False,
            "SL-C13",
            "five players: the first two leads are trumps (охлупью)",
        ),
        OptionSpec(
            "runaways",
            bool,
            False,
            "SL-C16",
            "сбеги: a player may throw in his hand before the first lead",
        ),
        OptionSpec(
            "runaway_rate", int, 2, "SL-C16", "a run-away pays rate × players", choices=(2, 3)
        ),
        OptionSpec(
            "runaway_split",
            str,
            "equal",
            "SL-C16",
            "run-away penalties with several winners: shared equally, or held to the next deal",
            choices=("equal", "next_deal"),
        ),
        OptionSpec(
            "ace_cut", bool, False, "SL-C4", "an ace cut goes to the cutter with a packet (D-SL1)"
        ),
        OptionSpec(
            "deals",
            int,
            0,
            "SL-C15",
            "deals in a party (0 = as many as players)",
            minimum=0,
            maximum=1000,
        ),
    )

    def make_trick_rules(self) -> StandardTrickRules:
        return classic_trick_rules(
            ORDER,
            honours_first=bool(self.options["honours_first"]),
            trump_leads=2 if self.options["five_trump_leads"] else 0,
        )

    @property
    def deck_size(self) -> int:
        """SL-C2: 24 (or 28) for 2-3 players, 36 for 4-5, 52 for 6-7."""
        chosen = int(self.options["deck_size"])
        if chosen:
            return chosen
        return 24 if self.players <= 3 else 36 if self.players <= 5 else 52

    @property
    def exchange_timing(self) -> str | None:
        return "after_first_trick"  # SL-C6

    @property
    def multiplier(self) -> int:
        """SL-C14: n, the number of players dealt in (run-aways were dealt in too)."""
        return self.players

    @property
    def agreed_deals(self) -> int:
        """SL-C15: deals in a party (default: one per player)."""
        return int(self.options["deals"]) or self.players

    def check_options(self) -> None:
        by_players = 24 if self.players <= 3 else 36 if self.players <= 5 else 52
        allowed = (24, 28) if self.players <= 3 else (by_players,)
        chosen = int(self.options["deck_size"])
        if chosen and chosen not in allowed:
            raise OptionError(
                f"{self.name}: a {chosen}-card pack is not used by {self.players} players; "
                f"allowed: {', '.join(map(str, allowed))} (SL-C2)"
            )
        super().check_options()
        if self.options["honours_first"] and not self.turns_trump:
            raise OptionError(f"{self.name}: honours_first needs a trump suit to check (SL-C12)")
        if self.options["five_trump_leads"] and self.players != 5:
            raise OptionError(
                f"{self.name}: five_trump_leads is a five-handed rule; this table has "
                f"{self.players} players (SL-C13)"
            )
        if not self.options["runaways"]:
            for key, default in (("runaway_rate", 2), ("runaway_split", "equal")):
                if self.options[key] != default:
                    raise OptionError(f"{self.name}: option {key} needs runaways on (SL-C16)")

    # --- dealing (SL-C4, SL-C5) ----------------------------------------------------------------

    def deal_order(self, deal: Deal) -> list[int]:
        """SL-C5: from the cutter (the dealer's right), then clockwise."""
        return self.order_from(deal, (deal.dealer - 1) % deal.n)

    def cut_deck(self, deal: Deal, deck: Deck, order: Sequence[int]) -> dict[int, list[Card]]:
        """SL-C4 (C7): the dealer's right cuts; with ``ace_cut`` an ace at the bottom of the
        lifted packet goes to him with a packet's worth more (D-SL1), and the rest of the lifted
        packet goes back on top."""
        at = deal.rng.randint(1, len(deck) - 1)
        lifted, rest = deck.cards[:at], deck.cards[at:]
        deal.cut = lifted[-1]
        if self.options["ace_cut"] and lifted[-1].rank == 14:
            count = min(1 + self.packets[0], len(lifted), self.hand_size)
            taken = lifted[len(lifted) - count :][::-1]
            deck.cards = lifted[: len(lifted) - count] + rest
            return {order[0]: taken}
        deck.cards = rest + lifted
        return {}

    def after_deal(self, deal: Deal) -> None:
        if self.options["runaways"]:
            deal.phase = RUNAWAY  # SL-C16: after the deal, before the first lead
            deal.to_act = self._runaway_order(deal)[0]
            deal.decisions["runaways"] = []
            return
        self.open_play(deal)

    def _runaway_order(self, deal: Deal) -> list[int]:
        """Everyone but the dealer, from eldest clockwise (the dealer may not run away)."""
        return [s for s in self.order_from(deal, deal.next_seat(deal.dealer)) if s != deal.dealer]

    def decision_actions(self, deal: Deal) -> list[Action]:
        if deal.phase == RUNAWAY:
            return [Action("stay", deal.to_act), Action("run_away", deal.to_act)]
        return super().decision_actions(deal)

    def apply_decision(self, deal: Deal, action: Action) -> None:
        if deal.phase != RUNAWAY:
            super().apply_decision(deal, action)
            return
        if action.kind == "run_away":
            deal.decisions["runaways"].append(action.seat)
        order = self._runaway_order(deal)
        position = order.index(action.seat)
        if position + 1 < len(order):
            deal.to_act = order[position + 1]
            return
        runaways = set(deal.decisions["runaways"])
        stayers = [s for s in deal.seats if s not in runaways]
        deal.set_playing(stayers)
        if len(stayers) == 1:  # D-SL4: the dealer alone wins without play
            for seat in deal.seats:
                deal.initial[seat] = deal.hands[seat]
            deal.finish()
            return
        self.open_play(deal)

    def recorded_decision(self, deal: Deal, record: DealRecord) -> tuple[str, Action]:
        if deal.phase == RUNAWAY:
            runaways = record.decisions.get("runaways") or ()
            kind = "run_away" if deal.to_act in runaways else "stay"
            return "$.runaways", Action(kind, deal.to_act)
        return super().recorded_decision(deal, record)

    # --- records -------------------------------------------------------------------------------

    def check_record(self, record: DealRecord, context: Mapping[str, Any]) -> None:
        super().check_record(record, context)
        runaways = list(record.decisions.get("runaways") or ())
        if runaways and not self.options["runaways"]:
            raise RecordError(
                "$.runaways", "run-aways (сбеги) are off; set option runaways (SL-C16)"
            )
        for i, seat in enumerate(runaways):
            if seat == record.dealer:
                raise RecordError(
                    f"$.runaways[{i}]", f"seat {seat} is the dealer, who may not run away (SL-C16)"
                )
        stayers = [s for s in range(self.players) if s not in runaways]
        no_play = len(stayers) == 1
        if no_play and record.decisions.get("exchange") is not None:
            raise RecordError(
                "$.exchange", "nobody played, so there was no exchange (SL-C6, D-SL4)"
            )
        winners = record.decisions.get("trick_winners")
        if record.tricks is None and winners is not None:
            expected = 0 if no_play else self.hand_size
            if len(winners) != expected:
                raise RecordError(
                    "$.trick_winners",
                    f"{len(winners)} trick winners listed; this deal has {expected} tricks",
                )
            self._check_summary_seats(record, stayers)

    # --- scoring (SL-C14, SL-C16, D-SL3, D-SL4) ------------------------------------------------

    def score(self, record: DealRecord, context: Mapping[str, Any]) -> DealResult:
        n = self.players
        multiplier = self.multiplier
        winners_seq = self.trick_winners(record)
        tricks = [0] * n
        for w in winners_seq:
            tricks[w] += 1
        runaways = sorted(record.decisions.get("runaways") or ())
        stayers = [s for s in range(n) if s not in runaways]
        winners, payments = difference_payments(tricks, stayers, multiplier)
        penalty = int(self.options["runaway_rate"]) * n
        more, held = runaway_payments(
            runaways, winners, penalty, str(self.options["runaway_split"])
        )
        payments += more
        taken: list[dict[str, Any]] = []
        trump = record.turnups[0]
        for entry in [HeldPenalty.from_json(e) for e in context.get("pot", ())]:
            taker = highest_trump_holder(record.hands, trump, entry.winners, ORDER.strength)
            if taker is None:
                held.append(entry)  # none of them holds a trump: held over again
            else:
                payments.append(Payment(entry.payer, taker, Fraction(entry.amount), "SL-C16"))
                taken.append({**entry.to_json(), "taker": taker})
        sheet = self.tricks_items(tricks, stayers, multiplier, "SL-C14")
        extra = {
            "trump": str(trump.suit),
            "winners": winners,
            "runaways": runaways,
            "exchange": record.decisions.get("exchange"),
            "held_over": [h.to_json() for h in held],
            "pot_taken": taken,
        }
        points = tuple([t * multiplier for t in tricks])
        return DealResult(
            record, tuple(tricks), sheet, points, Settlement.from_payments(n, payments), extra
        )

    # --- parties (SL-C15) ----------------------------------------------------------------------

    def party_context(
        self, party: PartyRecord, results: Sequence[DealResult]
    ) -> Mapping[str, Any] | None:
        if len(results) >= self.agreed_deals:
            return None
        pot = list(results[-1].extra["held_over"]) if results else []
        return {"deal_index": len(results), "pot": pot}

    def score_party(self, party: PartyRecord, results: Sequence[DealResult]) -> PartyResult:
        n = self.players
        contexts = [{"deal_index": i} for i in range(len(results))]
        self.check_dealer_rotation(results, contexts)
        net = [Fraction(0)] * n
        running: list[tuple[Fraction, ...]] = []
        for result in results:
            net = [a + b for a, b in zip(net, result.settlement.net(), strict=True)]
            running.append(tuple(net))
        ledgers = [r.settlement for r in results]
        complete = len(results) == self.agreed_deals
        leftover = (
            [HeldPenalty.from_json(e) for e in results[-1].extra["held_over"]] if results else []
        )
        if leftover and complete:
            # kozyr: a penalty still held when the party ends is shared equally (RULES is silent).
            end: list[Payment] = []
            for entry in leftover:
                share = Fraction(entry.amount, len(entry.winners))
                end.extend(Payment(entry.payer, w, share, "SL-C16") for w in entry.winners)
            ledgers.append(Settlement.from_payments(n, end))
        settlement = Settlement.combine(n, ledgers)
        final = settlement.net()
        best, worst = max(final), min(final)
        top = [s for s in range(n) if final[s] == best]
        bottom = [s for s in range(n) if final[s] == worst]
        winner: Any = None if best == worst else (top[0] if len(top) == 1 else top)
        loser: Any = None if best == worst else (bottom[0] if len(bottom) == 1 else bottom)
        extra = {
            "deals_agreed": self.agreed_deals,
            "complete": complete,
            "tricks": [sum(r.tricks[s] for r in results) for s in range(n)],
        }
        return PartyResult(tuple(results), tuple(running), winner, loser, settlement, extra)

    def bots(self) -> Mapping[str, BotFactory]:
        from kozyr_sem_listov.bots import ClassicBot

        return {**Variant.bots(self), "heuristic": ClassicBot}


class PyatListov(SemListov):
    """Пять листов (SL-C17): the classic form with five cards each."""

    name = "pyat-listov"
    aliases: ClassVar[tuple[str, ...]] = ("пять-листов",)
    title = "Pyat listov (Five leaves)"
    title_ru = "Пять листов"
    options_spec = tuple(
        OptionSpec(s.name, s.type, 5, s.rule, s.doc, s.choices, s.minimum, s.maximum)
        if s.name == "hand_size"
        else s
        for s in SemListov.options_spec
    )


# --- §2-§4 the race forms ----------------------------------------------------------------------


class RaceForm(SemListovFamily):
    """The race to seven tricks (PN4, SL19-3, NN4, D-PN2) and the loser's punishment by the cut
    card; subclasses set the play rule, the trump and the punishment."""

    player_counts = (2, 3, 4, 5)
    party_fields: ClassVar[tuple[str, ...]] = ("extra_hits",)
    race_rule: ClassVar[str] = "PN4"
    punishment_rule: ClassVar[str] = "PN5"

    # --- the race (D-PN2) ----------------------------------------------------------------------

    def _before(self, context: Mapping[str, Any]) -> list[int]:
        totals = context.get("totals")
        return [int(t) for t in totals] if totals is not None else [0] * self.players

    def ends_early(self, deal: Deal) -> bool:
        """D-PN2: after every trick, stop when only one seat dealt in is still below seven."""
        before = self._before(deal.context)
        won = deal.tricks_won()
        remaining = [s for s in deal.seats if before[s] + won[s] < RACE_TARGET]
        if len(remaining) > 1:
            return False
        if "totals" not in deal.context and deal not in _REPLAYS:
            # A deal on its own: the loser cuts a freshly shuffled pack at once (PN5); a replay
            # takes the cut from its record instead.
            deck = Deck.of_size(36)
            deck.shuffle(deal.rng)
            deal.cut = deck.cut(deal.rng.randint(1, len(deck) - 1))
        return True

    # --- records -------------------------------------------------------------------------------

    def check_record(self, record: DealRecord, context: Mapping[str, Any]) -> None:
        super().check_record(record, context)
        if record.cut is not None:
            if "totals" in context:
                raise RecordError("$.cut", "in a party the punishment cut card is the party's cut")
            if record.cut not in self.pack():
                raise RecordError(
                    "$.cut", f"{record.cut} is not in the 36-card pack ({self.punishment_rule})"
                )
        winners = record.decisions.get("trick_winners")
        if record.tricks is not None or winners is None:
            return
        seats = [s for s, h in enumerate(record.hands) if h is not None]
        self._check_summary_seats(record, seats)
        progress = race_progress(self._before(context), seats, winners)
        if progress.end is not None and progress.end + 1 < len(winners):
            raise RecordError(
                f"$.trick_winners[{progress.end + 1}]",
                f"the race was over after trick {progress.end + 1}: only seat {progress.loser} was "
                f"still below seven ({'D-PN2'})",
            )
        if progress.end is None and len(winners) != self.hand_size:
            raise RecordError(
                "$.trick_winners",
                f"{len(winners)} trick winners listed; a deal has {self.hand_size} tricks "
                "unless the race ends in it",
            )
        if record.cut is not None and progress.end is None:
            raise RecordError(
                "$.cut", "the race did not end in this deal, so there is no punishment cut"
            )

    # --- scoring -------------------------------------------------------------------------------

    @property
    def settlement_kind(self) -> str:
        """``nose`` or ``money`` (PN5, SL19-4)."""
        return str(self.options.get("settlement", "nose"))

    def per_opponent(self, cut: Card) -> int:
        """Hits (or units) each opponent gives for the cut card (PN5; SL19-4 overrides)."""
        return nose_hits(cut)

    def punishment(self, loser: int, cut: Card) -> Punishment:
        """The loser's punishment by the cut card: every other seat of the party is an opponent."""
        opponents = tuple(s for s in range(self.players) if s != loser)
        return Punishment(
            loser,
            cut,
            opponents,
            self.per_opponent(cut),
            self.settlement_kind,
            int(self.options.get("hit_cards", 1)),
            self.punishment_rule,
        )

    def score(self, record: DealRecord, context: Mapping[str, Any]) -> DealResult:
        n = self.players
        seats = [s for s, h in enumerate(record.hands) if h is not None]
        winners = self.trick_winners(record)
        tricks = [0] * n
        for w in winners:
            tricks[w] += 1
        progress = race_progress(self._before(context), seats, winners)
        over = progress.end is not None
        extra: dict[str, Any] = {
            "trump": str(record.turnups[0].suit),
            "exchange": record.decisions.get("exchange"),
            "totals": progress.totals,
            "reached": progress.reached,
            "race_over": over,
            "loser": progress.loser,
        }
        if record.cut is not None and not over and "totals" not in context:
            raise RecordError(
                "$.cut", "the race did not end in this deal, so there is no punishment cut"
            )
        payments: list[Payment] = []
        if (
            over
            and "totals" not in context
            and record.cut is not None
            and progress.loser is not None
        ):
            punishment = self.punishment(progress.loser, record.cut)
            extra["punishment"] = punishment.to_json()
            payments = punishment.payments()
        sheet = self.tricks_items(tricks, seats, 1, self.race_rule)
        return DealResult(
            record,
            tuple(tricks),
            sheet,
            tuple(tricks),
            Settlement.from_payments(n, payments),
            extra,
        )

    # --- parties -------------------------------------------------------------------------------

    def _context_after(self, results: Sequence[DealResult]) -> dict[str, Any]:
        totals = list(results[-1].extra["totals"]) if results else [0] * self.players
        return {
            "totals": totals,
            "left": [s for s in range(self.players) if totals[s] >= RACE_TARGET],
            "deal_index": len(results),
        }

    def party_context(
        self, party: PartyRecord, results: Sequence[DealResult]
    ) -> Mapping[str, Any] | None:
        if results and results[-1].extra["race_over"]:
            return None
        return self._context_after(results)

    def party_cut(self, results: Sequence[DealResult], rng: random.Random) -> Card | None:
        """The loser cuts the shuffled pack once the race is over (PN5, SL19-4, NN5; C7)."""
        if not results or not results[-1].extra["race_over"]:
            return None
        deck = Deck(self.pack())
        deck.shuffle(rng)
        return deck.cut(rng.randint(1, len(deck) - 1))

    def score_party(self, party: PartyRecord, results: Sequence[DealResult]) -> PartyResult:
        n = self.players
        contexts = [self._context_after(results[:i]) for i in range(len(results))]
        self.check_dealer_rotation(results, contexts)
        running = tuple(tuple(r.extra["totals"]) for r in results)
        order = [s for r in results for s in r.extra["reached"]]
        loser = results[-1].extra["loser"] if results else None
        over = bool(results) and bool(results[-1].extra["race_over"])
        punishment: Punishment | None = None
        if party.cut is not None:
            if not over or loser is None:
                raise RecordError(
                    "$.cut", "the race is not over, so there is no punishment cut yet"
                )
            if party.cut not in self.pack():
                raise RecordError(
                    "$.cut", f"{party.cut} is not in the 36-card pack ({self.punishment_rule})"
                )
            punishment = self.punishment(loser, party.cut)
        extra_hits = party.fields.get("extra_hits") or []
        reader = RecordReader(party.fields, "$", n)
        extra_hits = reader.seats(extra_hits, "$.extra_hits") if extra_hits else []
        settlement = Settlement.from_payments(n, punishment.payments() if punishment else [])
        extra = {
            "totals": list(running[-1]) if running else [0] * n,
            "left_after": [list(r.extra["reached"]) for r in results],
            "order": order,
            "race_over": over,
            "punishment": punishment.to_json() if punishment else None,
            "extra_hits": extra_hits,
        }
        winner = order[0] if order else None
        return PartyResult(tuple(results), running, winner, loser, settlement, extra)

    def bots(self) -> Mapping[str, BotFactory]:
        from kozyr_sem_listov.bots import RaceBot

        return {**Variant.bots(self), "heuristic": RaceBot}


def _exchange_timing_option() -> OptionSpec:
    return OptionSpec(
        "exchange_timing",
        str,
        "after_first_trick",
        "D-PN1",
        "when the dealer may take the turned card",
        choices=("after_first_trick", "before_play"),
    )


class PoNoskam(RaceForm):
    """По носкам (1809, RULES §2): follow suit, a void player trumps or discards at will (PN3)."""

    name = "po-noskam"
    aliases: ClassVar[tuple[str, ...]] = ("по-носкам",)
    title = "Po noskam (On the nose), 1809"
    title_ru = "По носкам (1809)"
    rules_ref = "RULES.md §2 (PN1-PN5)"
    deal_rule = "PN1"
    exchange_rule = "PN2"
    options_spec: ClassVar[tuple[OptionSpec, ...]] = (
        _players_option(range(2, 6), "PN1"),
        OptionSpec("packets", str, "2-2-3", "PN1", "packets of the deal"),
        _exchange_timing_option(),
        OptionSpec(
            "settlement",
            str,
            "nose",
            "PN5",
            "hits on the nose, or money",
            choices=("nose", "money"),
        ),
        OptionSpec(
            "hit_cards",
            int,
            1,
            "PN5",
            "cards each hit is given with (informational)",
            choices=(1, 3),
        ),
    )

    def make_trick_rules(self) -> StandardTrickRules:
        return FollowElseAny(ORDER, rule="PN3")


class SemListov1884(RaceForm):
    """Семь листов of the late 19th century (Jean-Tenage 1884, RULES §3): a void player must
    trump (SL19-2); the loser pays each opponent the cut card's value (SL19-4)."""

    name = "sem-listov-1884"
    aliases: ClassVar[tuple[str, ...]] = ("семь-листов-1884",)
    title = "Sem listov, late 19th-century form (1884)"
    title_ru = "Семь листов (Жан-Тенаж, 1884)"
    rules_ref = "RULES.md §3 (SL19-1-SL19-4)"
    deal_rule = "SL19-1"
    exchange_rule = "SL19-1"
    race_rule = "SL19-3"
    punishment_rule = "SL19-4"
    pack_rule = "SL19-1"
    options_spec: ClassVar[tuple[OptionSpec, ...]] = (
        _players_option(range(2, 6), "SL19-1"),
        OptionSpec("packets", str, "2-2-3", "SL19-1", "packets of the deal"),
        _exchange_timing_option(),
        OptionSpec(
            "settlement",
            str,
            "money",
            "SL19-4",
            "money, or hits on the nose (D-SL19)",
            choices=("money", "nose"),
        ),
        OptionSpec(
            "hit_cards",
            int,
            3,
            "SL19-4",
            "cards each hit is given with (informational)",
            choices=(1, 3),
        ),
    )

    def make_trick_rules(self) -> StandardTrickRules:
        return FollowElseMustTrump(ORDER, rule="SL19-2")

    def per_opponent(self, cut: Card) -> int:
        return value_1884(cut)  # SL19-4; D-SL19: as many hits as the same value


class NaNoski(RaceForm):
    """Семь листов / на носки, the modern form (RULES §4): the dealer's last card shows trump
    and stays his (NN2, no exchange); follow, else trump, else any (NN3)."""

    name = "na-noski"
    aliases: ClassVar[tuple[str, ...]] = ("на-носки",)
    title = "Na noski (modern Sem listov)"
    title_ru = "Семь листов / на носки"
    rules_ref = "RULES.md §4 (NN1-NN5)"
    turns_trump = False
    deal_rule = "NN2"
    race_rule = "NN4"
    punishment_rule = "NN5"
    pack_rule = "NN1"
    record_fields = ("trick_winners",)
    options_spec: ClassVar[tuple[OptionSpec, ...]] = (
        _players_option(range(2, 6), "NN1"),
        OptionSpec(
            "hit_cards",
            int,
            1,
            "NN5",
            "cards each hit is given with (informational)",
            choices=(1, 3),
        ),
    )

    def make_trick_rules(self) -> StandardTrickRules:
        return FollowElseMustTrump(ORDER, rule="NN3")

    @property
    def packets(self) -> tuple[int, ...]:
        return (1,) * self.hand_size  # D-NN1: one at a time from eldest, the dealer last

    @property
    def exchange_timing(self) -> str | None:
        return None  # NN2: the dealer keeps his card


__all__ = [
    "PLAY",
    "NaNoski",
    "PoNoskam",
    "PyatListov",
    "RaceForm",
    "SemListov",
    "SemListov1884",
    "SemListovFamily",
    "parse_packets",
]
