"""Seven Up (All Fours, High-Low-Jack; Старший, Младший и валет) -- rules SU1-SU7, SU-O1-SU-O4,
D-SU1-D-SU7.

Phases of a deal: ``beg`` (eldest stands or begs, SU4), ``give_or_run`` (the dealer gives a point
or runs the cards, SU4), ``discard`` (after running, each player discards down to six), ``play``
(SU5), then scoring (SU6) and the game to 7 (SU7).
"""

from __future__ import annotations

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
    FollowOrTrump,
    OptionSpec,
    OutcomeField,
    PartyRecord,
    PartyResult,
    Payment,
    PilesTarget,
    RankOrder,
    RecordError,
    RecordReader,
    ScoreSheet,
    Settlement,
    SheetNote,
    Variant,
    prove,
    read_outcome,
)
from kozyr.outcome import OUTCOME, SUMMARY
from kozyr.scoring import whole
from kozyr.seats import next_seat
from kozyr_seven_up import outcome
from kozyr_seven_up.outcome import CLUB_KEEP, HAND_SIZE
from kozyr_seven_up.scoring import (
    COUNT,
    GAME_TARGET,
    deal_items,
    going_out,
    is_out,
    running_after,
    winner_in_order,
)

if TYPE_CHECKING:
    from kozyr.solve import Objective
    from kozyr_seven_up.batch import SevenUpBatch

ORDER = RankOrder.ace_high()
# Discard decisions (SU4) per seat and card, built once and reused: actions are immutable values.
_DISCARDS = tuple(tuple(Action("discard", seat, card) for card in ALL_CARDS) for seat in range(4))
# The other decisions of SU4 per seat, built once.
_STAND_OR_BEG = tuple((Action("stand", seat), Action("beg", seat)) for seat in range(4))
_GIVE_OR_RUN = tuple((Action("give", seat), Action("run", seat)) for seat in range(4))


@dataclass
class SevenUpState:
    """What a Seven Up deal keeps between its hooks (``deal.state``): the stock, top first, with
    the refused turn-ups under it (SU4), and each seat's discards after running."""

    stock: list[Card] = field(default_factory=list)
    discards: list[list[Card]] = field(default_factory=list)
    #: The seats from eldest clockwise: the order of the deal, the runs and the discards (SU3).
    order: list[int] = field(default_factory=list)


class SevenUp(Variant):
    """Seven Up for 4 players in two sides (C5), or 2 or 3 playing alone (SU1)."""

    name = "seven-up"
    aliases = ("all-fours", "high-low-jack", "семь-вверх", "старший-младший-валет")
    title = "Seven Up (All Fours, High-Low-Jack)"
    title_ru = "Семь вверх (Старший, Младший и валет)"
    rules_ref = "SU1-SU7, SU-O1-SU-O4, D-SU1-D-SU7"
    rules_files = ("seven-up.rules.md",)
    player_counts = (2, 3, 4)
    partnership = True
    turnup_key: ClassVar[str] = "turnups"
    record_fields = (
        "beg",
        "won",
        "discards",
        "void",
        *outcome.PLAY_POINTS,
        "game_points",
        "revoke",
    )
    party_fields = ("target",)
    options_spec = (
        OptionSpec(
            "players", int, 4, "SU1", "players: 4 in two sides, or 2 or 3 alone", choices=(2, 3, 4)
        ),
        OptionSpec(
            "void_may_discard",
            bool,
            False,
            "SU5",
            "a player void in the suit led may play anything (modern rule) "
            "instead of having to trump",
        ),
        OptionSpec(
            "game_tie",
            str,
            "none",
            "D-SU3",
            "who scores Game on a tie: nobody, or eldest (the old two-handed rule)",
            choices=("none", "eldest"),
        ),
        OptionSpec(
            "gift_may_win",
            bool,
            False,
            "D-SU4",
            "the dealer may give a point that brings a player who receives it to 7",
        ),
        OptionSpec(
            "target",
            int,
            GAME_TARGET,
            "SU-O1",
            "points that win the game: 7 (Seven Up), 10 or 11 (the Britannica), 21",
            choices=(7, 10, 11, 21),
        ),
        OptionSpec(
            "win_by",
            int,
            1,
            "SU-O1",
            "the winner must lead every other side by this much: 1, or 2 (win by two, D-SU6)",
            choices=(1, 2),
        ),
        OptionSpec(
            "low_to",
            str,
            "holder",
            "SU-O2",
            "who scores Low: the player dealt it (holder) or who wins it in a trick (capturer)",
            choices=("holder", "capturer"),
        ),
        OptionSpec(
            "keep_after_run",
            int,
            HAND_SIZE,
            "SU-O3",
            "cards kept after the cards were run once: 6, or all 9 (Foster's club rule)",
            choices=(HAND_SIZE, CLUB_KEEP),
        ),
        OptionSpec(
            "revoke",
            str,
            "refuse",
            "SU-O4",
            "a revoke: the card is refused (refuse), or a record may name the seat that "
            "revoked and the penalty is scored (penalty)",
            choices=("refuse", "penalty"),
        ),
        OptionSpec(
            "revoke_penalty",
            int,
            1,
            "SU-O4",
            "points each opponent of a revoker scores (revoke penalty; Foster: 1 or 2)",
            choices=(1, 2, 3, 4),
        ),
    )

    def __init__(self, /, **options: Any) -> None:
        super().__init__(**options)
        self.trick_rules = FollowOrTrump(
            ORDER, void_may_discard=bool(self.options["void_may_discard"])
        )

    # --- dealing and decisions (SU2-SU4) -------------------------------------------------------

    @override
    def new_state(self) -> SevenUpState:
        return SevenUpState()

    @override
    def start(self, deal: Deal) -> None:
        deck = Deck.of_size(52)
        deal.shuffle(deck)
        self.deal_from(deal, deck)

    def deal_from(self, deal: Deal, deck: Deck) -> None:
        """Deal from ``deck`` (top first): SU3 -- two rounds of three from eldest, then the turn-up
        on the stock; eldest is to stand or beg (SU4). Tests stack a deck through this."""
        eldest = deal.next_seat(deal.dealer)
        order = self._from(deal, eldest)
        deal.deal_hands(deck.deal_masks(order, (3, 3)))  # SU3: two rounds of three
        turnup = deck.draw(1)[0]
        state: SevenUpState = deal.state
        state.stock = deck.cards
        state.order = order
        deal.turn_up(turnup)
        deal.set_trump(turnup.suit)
        deal.set_phase("beg", eldest)

    def _from(self, deal: Deal, first: int) -> list[int]:
        n = deal.n
        return [(first + i) % n for i in range(n)]

    def max_runs(self) -> int:
        """How many times the stock can be run (D-SU2): each run takes three cards a player and a
        new turn-up from the cards not yet seen (turn-ups put under the stock are not dealt again).
        4 players: 27 // 13 = 2; 3 players: 33 // 10 = 3; 2 players: 39 // 7 = 5."""
        n = self.players
        return (52 - HAND_SIZE * n - 1) // (3 * n + 1)

    def gift_receivers(self, dealer: int) -> list[int]:
        """Who scores the gift (SU4, D-SU4), in play order from eldest: eldest's side with four,
        eldest with two, each opponent of the dealer with three. Seats, or sides with four."""
        n = self.players
        eldest = next_seat(dealer, n)
        if n == 3:
            return [eldest, next_seat(eldest, n)]
        return [self.side_of(eldest)]

    def gift_blocker(self, context: Mapping[str, Any], dealer: int) -> int | None:
        """D-SU4: unless ``gift_may_win``, the dealer may not give when the gift would bring any
        player (or side) who receives it to the party's target (7, SU7); that receiver, or None
        when the gift is allowed."""
        if self.options["gift_may_win"]:
            return None
        scores = context.get("scores")
        if not scores:
            return None
        target = int(context.get("target", self.options["target"]))
        win_by = int(self.options["win_by"])
        running = [int(v) for v in scores]
        for receiver in self.gift_receivers(dealer):  # in play order, as they are counted
            running[receiver] += 1
            if is_out(running, receiver, target, win_by):  # D-SU6: out only two ahead
                return receiver
        return None

    def gift_allowed(self, context: Mapping[str, Any], dealer: int) -> bool:
        """D-SU4: whether the dealer may give (see :meth:`gift_blocker`)."""
        return self.gift_blocker(context, dealer) is None

    @override
    def explain_decision(self, deal: Deal, action: Action) -> str | None:
        """The rule an illegal decision breaks (SU4, D-SU4)."""
        phase, seat = deal.phase, deal.to_act
        if action.seat != seat:
            who = "eldest" if phase == "beg" else "the dealer" if phase == "give_or_run" else ""
            return (
                f"it is seat {seat}'s turn{f' ({who})' if who else ''} to decide, not seat "
                f"{action.seat}'s (SU4)"
            )
        if phase == "give_or_run" and action.kind == "give":
            blocker = self.gift_blocker(deal.context, deal.dealer)
            if blocker is not None:
                target = deal.context.get("target", self.options["target"])
                by = "side" if self.sides else "seat"
                return (
                    f"the dealer may not give: the point would bring {by} {blocker} to "
                    f"{target}; he must run the cards (D-SU4)"
                )
        if phase == "discard" and action.kind == "discard" and action.card is not None:
            return (
                f"{action.card} is not in seat {seat}'s hand; after running each player "
                "discards from his own hand down to six (SU4)"
            )
        expected = {"beg": "stand or beg", "give_or_run": "give or run", "discard": "discard"}
        if phase in expected:
            return f"{action.kind!r} is not a decision here: now {expected[phase]} (SU4)"
        return None

    @override
    def decision_actions(self, deal: Deal) -> list[Action]:
        seat = deal.to_act
        phase = deal.phase
        if phase == "beg":
            return list(_STAND_OR_BEG[seat])
        if phase == "give_or_run":
            if self.gift_allowed(deal.context, deal.dealer):
                return list(_GIVE_OR_RUN[seat])
            return [_GIVE_OR_RUN[seat][1]]
        if phase == "discard":  # any card of the hand (SU4), in card order
            discards = _DISCARDS[seat]
            mask = deal.hand_mask(seat)
            legal = []
            while mask:
                low = mask & -mask
                legal.append(discards[low.bit_length() - 1])
                mask ^= low
            return legal
        raise AssertionError(phase)

    @override
    def apply_decision(self, deal: Deal, action: Action) -> None:
        state: SevenUpState = deal.state
        eldest = state.order[0]
        if action.kind == "stand":
            deal.record_fact("beg", "stand")
            deal.begin_play(eldest)
        elif action.kind == "beg":
            deal.set_phase("give_or_run", deal.dealer)
        elif action.kind == "give":
            deal.record_fact("beg", "give")
            deal.begin_play(eldest)
        elif action.kind == "run":
            deal.record_fact("beg", "run")
            self._run_the_cards(deal, eldest)
        elif action.kind == "discard":
            assert action.card is not None
            deal.remove_cards(action.seat, action.card.mask)
            state.discards[action.seat].append(action.card)
            self._next_discard(deal, eldest)

    def _run_the_cards(self, deal: Deal, eldest: int) -> None:
        """SU4: the turn-up goes under the stock, three more cards each, a new turn-up; repeat
        while it shows the refused suit. D-SU2: when the unseen part of the stock cannot supply
        another round and a turn-up, the deal is void (the turn-ups under the stock, already
        refused, are never dealt again -- with two players they would otherwise come back)."""
        refused = deal.turnups[0].suit
        state: SevenUpState = deal.state
        order = state.order
        state.discards = [[] for _ in order]
        stock = state.stock
        while True:
            stock.append(deal.turnups[-1])  # the turn-up goes under the stock
            unseen = len(stock) - len(deal.turnups)
            if unseen < 3 * len(order) + 1:  # D-SU2: the deal is void
                deal.record_fact("void", True)
                deal.finish()  # before play: the hands held now are the record's
                return
            for seat in order:  # a packet of three each, from eldest (as in SU3)
                packet = stock[:3]
                del stock[:3]
                deal.add_cards(seat, packet[0].mask | packet[1].mask | packet[2].mask)
            turnup = stock.pop(0)
            deal.turn_up(turnup)
            if turnup.suit != refused:
                deal.set_trump(turnup.suit)
                break
        self._next_discard(deal, eldest)

    def kept_cards(self, runs: int) -> int:
        """Cards each player keeps for play after ``runs`` runs of the cards: 6 (SU4), or 9
        after a single run with ``keep_after_run=9`` (SU-O3, Foster's club rule).

        >>> SevenUp(keep_after_run=9).kept_cards(1), SevenUp(keep_after_run=9).kept_cards(2)
        (9, 6)
        """
        keep = int(self.options["keep_after_run"])
        return keep if runs == 1 and keep == CLUB_KEEP else HAND_SIZE

    def _next_discard(self, deal: Deal, eldest: int) -> None:
        state: SevenUpState = deal.state
        hands = deal.hands
        keep = self.kept_cards(len(deal.turnups) - 1)
        for seat in state.order:
            if hands[seat].bit_count() > keep:
                deal.set_phase("discard", seat)
                return
        deal.record_fact("discards", state.discards)  # SU4: every seat is back to six (SU-O3)
        deal.begin_play(eldest)

    # --- records -------------------------------------------------------------------------------

    @property
    @override
    def outcome_fields(self) -> tuple[OutcomeField, ...]:
        """Dealer, turn-ups, beg, void, who scored High, Low, Jack and Game, and optionally the
        Game points per side (SU3-SU6); with ``revoke="penalty"`` the seat that revoked
        (SU-O4)."""
        return outcome.fields_for(str(self.options["low_to"]), str(self.options["revoke"]))

    @override
    def read_fields(self, reader: RecordReader) -> dict[str, Any]:
        if reader.get("hands") is None and reader.get("tricks") is None:
            for key in ("won", "discards"):
                if key in reader.data:
                    raise reader.error(reader.at(key), f"an outcome record (no hands) has no {key}")
            self._refuse_revoke(reader)
            declared = self.outcome_fields
            fields = read_outcome(
                [f for f in declared if f.name not in outcome.PLAY_POINTS],
                reader,
                self._sides_count(),
            )
            for spec in declared:  # a void deal has no play: its four points may be absent
                if spec.name in outcome.PLAY_POINTS and (
                    spec.name in reader.data or not fields.get("void")
                ):
                    fields[spec.name] = spec.read(reader)
            fields.setdefault("beg", "stand")
            return fields
        for key in (*outcome.PLAY_POINTS, "game_points"):
            if key in reader.data:
                raise reader.error(
                    reader.at(key),
                    f"{key} is an outcome record's field (no hands, no tricks); with hands it "
                    "follows from the cards",
                )
        fields = {"beg": reader.choice("beg", ("stand", "give", "run"), "stand")}
        self._refuse_revoke(reader)
        if reader.has("revoke"):
            value = outcome.REVOKE.read(reader)
            if value is not None:
                fields["revoke"] = value
        if reader.has("void"):
            if not isinstance(reader.get("void"), bool):
                raise reader.error(reader.at("void"), "expected true or false")
            if reader.get("void"):
                fields["void"] = True
        for key in ("won", "discards"):
            if reader.has(key):
                raw = reader.get(key)
                where = reader.at(key)
                if not isinstance(raw, list) or len(raw) != self.players:
                    raise reader.error(
                        where, f"expected a list of {self.players} card lists, one per seat"
                    )
                fields[key] = [
                    reader.cards(cards or [], f"{where}[{s}]") for s, cards in enumerate(raw)
                ]
        return fields

    def _refuse_revoke(self, reader: RecordReader) -> None:
        """SU5: by default a revoke is refused -- the card is not accepted -- so a record cannot
        name one; option ``revoke="penalty"`` lets it (SU-O4)."""
        if reader.has("revoke") and self.options["revoke"] != "penalty":
            raise reader.error(
                reader.at("revoke"),
                "a revoke is refused here (the card is not accepted, SU5); with option "
                "revoke=penalty a record names the seat that revoked and the penalty is scored "
                "(SU-O4)",
            )

    @override
    def write_fields(self, record: DealRecord) -> dict[str, Any]:
        data: dict[str, Any] = {"beg": record.decisions.get("beg", "stand")}
        if record.decisions.get("revoke") is not None:
            data["revoke"] = record.decisions["revoke"]
        if record.decisions.get("void"):
            data["void"] = True
        if not record.hands:
            for key in outcome.PLAY_POINTS:
                if key in record.decisions:
                    data[key] = record.decisions[key]
            if record.decisions.get("game_points") is not None:
                data["game_points"] = list(record.decisions["game_points"])
        for key in ("discards", "won"):
            if key in record.decisions:
                data[key] = [" ".join(str(c) for c in cards) for cards in record.decisions[key]]
        return data

    @override
    def check_record(self, record: DealRecord, context: Mapping[str, Any]) -> None:
        """Facts a record must agree with before replay: hand sizes, turn-ups, the beg, discards,
        a void deal, a summary's ``won`` (every message names the JSON path and the rule)."""
        d = record.decisions
        void = bool(d.get("void"))
        beg = d.get("beg", "stand")
        if void and beg != "run":
            raise RecordError("$.void", "only running the cards can void a deal (D-SU2)")
        if void and d.get("revoke") is not None:
            raise RecordError("$.revoke", "a void deal has no play, so no revoke (D-SU2, SU-O4)")
        if not record.turnups:
            raise RecordError("$.turnups", "missing: the turned-up card(s), in order (SU3)")
        runs = len(record.turnups) - 1
        if beg != "run" and runs:
            raise RecordError(
                "$.turnups",
                f"only one card is turned up unless the dealer runs the cards (beg is {beg!r})",
            )
        if beg == "run":
            self._check_running(record, void)
        for i, card in enumerate(record.turnups):
            if card in record.turnups[:i]:
                raise RecordError(f"$.turnups[{i}]", f"{card} was already turned up")
        blocker = self.gift_blocker(context, record.dealer) if beg == "give" else None
        if blocker is not None:
            target = context.get("target", self.options["target"])
            who = f"seat {blocker}" if self.players == 3 else "the beggar"
            raise RecordError(
                "$.beg",
                f"the dealer may not give a point that brings {who} to {target}; "
                "he must run (D-SU4)",
            )
        if not record.hands:
            outcome.check_outcome(self, record, context)
            return
        # SU3/SU4: six cards in play (nine after one run with keep_after_run=9, SU-O3); a void
        # deal keeps the 6 + 3 per run cards each seat held.
        kept = self.kept_cards(runs) if beg == "run" else HAND_SIZE
        size = HAND_SIZE + 3 * runs if void else kept
        for seat, hand in enumerate(record.hands):
            if hand is None:
                raise RecordError(f"$.hands[{seat}]", "every seat plays in Seven Up (SU1)")
            if len(hand) != size:
                what = "a hand of a void deal has" if void else "a hand in play has"
                rules = (
                    "SU3, SU4, SU-O3" if self.options["keep_after_run"] != HAND_SIZE else "SU3, SU4"
                )
                raise RecordError(
                    f"$.hands[{seat}]",
                    f"seat {seat} holds {len(hand)} cards; {what} {size} ({rules})",
                )
        owner = {c: s for s, h in enumerate(record.hands) for c in h or ()}
        for i, card in enumerate(record.turnups):
            if card in owner:
                raise RecordError(f"$.turnups[{i}]", f"{card} is also in seat {owner[card]}'s hand")
        discards = d.get("discards")
        if discards is not None:
            if beg != "run" or void:
                raise RecordError(
                    "$.discards", "players discard only after the cards were run (SU4)"
                )
            seen = set(owner) | set(record.turnups)
            dropped = HAND_SIZE + 3 * runs - kept
            for seat, cards in enumerate(discards):
                if len(cards) != dropped:
                    raise RecordError(
                        f"$.discards[{seat}]",
                        f"seat {seat} discards {len(cards)} cards; after {runs} run(s) each "
                        f"player discards {dropped} to get back to {kept} (SU4"
                        + (", SU-O3)" if kept != HAND_SIZE else ")"),
                    )
                for i, card in enumerate(cards):
                    if card in seen:
                        raise RecordError(
                            f"$.discards[{seat}][{i}]", f"{card} is in play or listed twice"
                        )
                    seen.add(card)
        if void:
            if record.tricks:
                raise RecordError("$.tricks", "a void deal has no tricks (D-SU2)")
            if d.get("won") is not None:
                raise RecordError("$.won", "a void deal has no tricks to win (D-SU2)")
            return
        if record.tricks is None:
            self._check_won(record, owner)
        elif d.get("won") is not None:
            raise RecordError(
                "$.won", "give either the tricks or, for a summary, the cards won (won), not both"
            )

    def _check_running(self, record: DealRecord, void: bool) -> None:
        """SU4 running: every turn-up but the last repeats the refused suit, the last changes it
        (or, in a void deal, the stock ran out, D-SU2)."""
        first, rest = record.turnups[0].suit, record.turnups[1:]
        limit = self.max_runs()
        if len(rest) > limit:
            raise RecordError(
                f"$.turnups[{limit + 1}]",
                f"with {self.players} players the stock can be run only {limit} times (D-SU2)",
            )
        if void and len(rest) != limit:
            raise RecordError(
                "$.turnups",
                f"a deal is void only when the stock runs short: after {limit} runs with "
                f"{self.players} players, not {len(rest)} (D-SU2)",
            )
        if not rest and not void:
            raise RecordError(
                "$.turnups",
                "the dealer ran the cards: list every turned-up card in order (SU4)",
            )
        for i, card in enumerate(rest[:-1] if not void else rest, start=1):
            if card.suit != first:
                raise RecordError(
                    f"$.turnups[{i}]", f"{card} changes the suit, so running stops there (SU4)"
                )
        if rest and not void and rest[-1].suit == first:
            raise RecordError(
                f"$.turnups[{len(record.turnups) - 1}]",
                f"{rest[-1]} repeats the refused suit; running goes on (SU4)",
            )

    def _check_won(self, record: DealRecord, owner: Mapping[Card, int]) -> None:
        won = record.decisions.get("won")
        if won is None:
            raise RecordError(
                "$", "give the tricks, or for a summary the cards each seat won (won)"
            )
        seen: dict[Card, int] = {}
        for seat, cards in enumerate(won):
            if len(cards) % self.players:
                raise RecordError(
                    f"$.won[{seat}]",
                    f"{len(cards)} cards is not a whole number of tricks of {self.players}",
                )
            for i, card in enumerate(cards):
                if card not in owner:
                    raise RecordError(f"$.won[{seat}][{i}]", f"{card} is not in any hand in play")
                if card in seen:
                    raise RecordError(
                        f"$.won[{seat}][{i}]", f"{card} is also won by seat {seen[card]}"
                    )
                seen[card] = seat
        missing = [c for c in owner if c not in seen]
        if missing:
            raise RecordError(
                "$.won", f"cards in play that nobody won: {' '.join(map(str, sorted(missing)))}"
            )

    @override
    def outcome_record(self, result: DealResult, context: Mapping[str, Any]) -> dict[str, Any]:
        """Dealer, turn-ups, beg, who scored High, Low, Jack and Game, and the Game points."""
        record = result.record
        data: dict[str, Any] = {
            "dealer": record.dealer,
            "turnups": [str(c) for c in record.turnups],
            "beg": record.decisions.get("beg", "stand"),
        }
        if record.decisions.get("void"):
            data["void"] = True
            return data
        for name in outcome.PLAY_POINTS:
            data[name] = next((i.seat for i in result.sheet.items if i.name == name), None)
        revoker = record.decisions.get("revoke")
        if revoker is not None:
            # D-SU7: the revoker's Jack and Game are not scored, but they are facts of the deal
            data["revoke"] = revoker
            if record.hands:
                plain = self.score(_without_revoke(record), context)
                for name in ("jack", "game"):
                    data[name] = next((i.seat for i in plain.sheet.items if i.name == name), None)
            else:
                for name in ("jack", "game"):
                    data[name] = record.decisions.get(name)
        if result.extra.get("game_points") is not None:
            data["game_points"] = list(result.extra["game_points"])
        return data

    @override
    def prove_summary(
        self, record: DealRecord, context: Mapping[str, Any]
    ) -> tuple[str, tuple[str, ...]]:
        """A legal play of the hands (SU5) in which every trick's cards go to the pile (``won``)
        of the seat that wins it."""
        if record.decisions.get("void"):
            return SUMMARY, ()  # no play (D-SU2)
        n = self.players
        won = record.decisions["won"]
        found = prove(
            self.trick_rules,
            record.turnups[-1].suit,
            [0 if h is None else h.mask for h in record.hands],
            range(n),
            next_seat(record.dealer, n),
            PilesTarget([CardSet(cards).mask for cards in won]),
        )
        if found.possible:
            return SUMMARY, ()
        if found.possible is None:
            why = f" ({found.note})" if found.note else ""
            return OUTCOME, (
                f"NOT PROVEN: the bounded search for a legal play giving these won cards gave up "
                f"after {found.nodes} cards tried{why}: scored from the summary, not "
                "proven possible",
            )
        t = found.trick
        raise RecordError(
            "$.won",
            "impossible: no legal play of these hands"
            + (f" continues the first {t} tricks into trick {t + 1}" if t else " makes trick 1")
            + " with every card of the trick in its winner's pile (won) (SU5)",
        )

    @override
    def setup_replay(self, deal: Deal, record: DealRecord) -> None:
        for key, value in record.decisions.items():
            if key != "won":
                deal.record_fact(key, value)
        deal.set_trump(record.turnups[-1].suit)
        if record.decisions.get("void"):
            deal.finish()  # D-SU2: no play; the record's hands are the hands held
            return
        deal.begin_play(deal.next_seat(deal.dealer))

    # --- scoring (SU6) -------------------------------------------------------------------------

    @override
    def score(self, record: DealRecord, context: Mapping[str, Any]) -> DealResult:
        n = self.players
        if not record.hands:  # an outcome record: the items from the facts (SU3-SU6)
            sheet = ScoreSheet(tuple(outcome.outcome_items(self, record)), n, self.sides)
            void = bool(record.decisions.get("void"))
            extra = {
                "trump": None if void else str(record.turnups[-1].suit),
                "game_points": record.decisions.get("game_points"),
                "void": void,
            }
            return DealResult(record, (), sheet, tuple(sheet.by_side()), Settlement(n), extra)
        items, counts = deal_items(
            record,
            n,
            str(self.options["game_tie"]),
            low_to=str(self.options["low_to"]),
            revoke_penalty=int(self.options["revoke_penalty"]),
        )
        sheet = ScoreSheet(tuple(items), n, self.sides)
        if record.tricks is not None:
            tricks = tuple(record.tricks_won(n))
        else:  # a summary: each pile of won cards is a whole number of tricks
            tricks = tuple(len(cards) // n for cards in record.decisions.get("won") or [[]] * n)
        void = bool(record.decisions.get("void"))
        extra = {
            "trump": None if void else str(record.turnups[-1].suit),  # no trump in a void deal
            "game_points": counts,
            "void": void,
        }
        # points per side (or seat); a deal pays nothing, the game to 7 does (SU7)
        return DealResult(record, tricks, sheet, tuple(sheet.by_side()), Settlement(n), extra)

    # --- the game to 7 (SU7) -------------------------------------------------------------------

    def _sides_count(self) -> int:
        return 2 if self.sides else self.players

    @override
    def deals_again(self, result: DealResult) -> bool:
        """D-SU2: after a void deal the same dealer deals again."""
        return bool(result.record.decisions.get("void"))

    @override
    def party_context(
        self, party: PartyRecord, results: Sequence[DealResult]
    ) -> Mapping[str, Any] | None:
        target = self.target(party)
        win_by = int(self.options["win_by"])
        scores = [0] * self._sides_count()
        for result in results:
            if winner_in_order(scores, result.sheet, self, target, win_by) is not None:
                return None
            scores = running_after(scores, result.sheet, self)
        return {"scores": scores, "target": target}

    @override
    def party_context_after(
        self,
        party: PartyRecord,
        results: Sequence[DealResult],
        before: Mapping[str, Any],
    ) -> Mapping[str, Any] | None:
        """One step of :meth:`party_context` (SU7): the scores before the last deal plus its
        items in order, or None once a side reached the target -- linear replay (#21)."""
        if not results:
            return self.party_context(party, results)
        scores = list(before["scores"])
        target = int(before["target"])
        win_by = int(self.options["win_by"])  # D-SU6, as party_context counts it
        if winner_in_order(scores, results[-1].sheet, self, target, win_by) is not None:
            return None
        return {"scores": running_after(scores, results[-1].sheet, self), "target": target}

    def target(self, party: PartyRecord) -> int:
        """Points that win the game: 7 (SU7), or the option ``target`` (SU-O1), unless the
        party record sets ``target``."""
        value = party.fields.get("target", self.options["target"])
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise RecordError(
                "$.target", f"expected a positive whole number of points, got {value!r}"
            )
        return value

    @override
    def score_party(self, party: PartyRecord, results: Sequence[DealResult]) -> PartyResult:
        target = self.target(party)
        scores = [0] * self._sides_count()
        running: list[tuple[int, ...]] = []
        winner: int | None = None
        # SU2: the deal passes clockwise; D-SU2: after a void deal the same dealer deals again
        self.check_dealer_rotation(results, [{}] * len(results), "SU2, D-SU2")
        win_by = int(self.options["win_by"])
        for result in results:
            if winner is None:
                winner = winner_in_order(scores, result.sheet, self, target, win_by)
            scores = running_after(scores, result.sheet, self)
            running.append(tuple(scores))
        loser: Any = None
        payments: list[Payment] = []
        if winner is not None:
            others = [s for s in range(len(scores)) if s != winner]
            loser = others[0] if len(others) == 1 else others
            payments = self._game_payments(winner)
        return PartyResult(
            tuple(results),
            tuple(running),
            winner,
            loser,
            Settlement.from_payments(self.players, payments),
            {"scores": scores, "target": target, "by": "side" if self.sides else "seat"}
            | ({"win_by": win_by} if win_by != 1 else {}),
        )

    def _game_payments(self, winner: int) -> list[Payment]:
        """kozyr's stake (the rules name none): each loser pays 1, shared equally by the winners."""
        from fractions import Fraction

        if self.sides:
            winners, losers = self.sides[winner], self.sides[1 - winner]
        else:
            winners, losers = (winner,), tuple(s for s in range(self.players) if s != winner)
        share = Fraction(1, len(winners))
        return [Payment(p, w, share, "SU7") for p in losers for w in winners]

    # --- score sheets --------------------------------------------------------------------------

    @override
    def sheet_notes(self, result: DealResult | PartyResult) -> list[SheetNote]:
        """A void deal (D-SU2) and, for a game, who reached the target first and how (SU7: when
        both sides reach 7 in one deal, its points count in the order High, Low, Jack, Game)."""
        deals = result.deals if isinstance(result, PartyResult) else (result,)
        notes = [
            SheetNote(
                "пересдача: сдаёт тот же",
                "void deal: the same dealer deals again",
                deal=i,
                rule="D-SU2",
            )
            for i, deal in enumerate(deals)
            if deal.record.decisions.get("void")
        ]
        if not isinstance(result, PartyResult) or result.winner is None:
            return notes
        target = int(result.extra.get("target", GAME_TARGET))
        win_by = int(result.extra.get("win_by", 1))
        scores = [0] * self._sides_count()
        if win_by != 1:  # D-SU6: the deal and the point that put the winner out, two ahead
            for i, deal in enumerate(deals):
                out = going_out(scores, deal.sheet, self, target, win_by)
                if out is not None:
                    item = out[1]
                    notes.append(
                        SheetNote(
                            f"{{}} вышел с {target} или больше, на {win_by} впереди, в сдаче "
                            f"{i + 1} ({item.label_ru})",
                            f"{{}} went out at {target} or more and {win_by} ahead, in deal "
                            f"{i + 1} ({item.label_en})",
                            who=(result.winner,),
                            rule="D-SU6",
                            sides=bool(self.sides),
                            winner=True,
                        )
                    )
                    break
                scores = running_after(scores, deal.sheet, self)
            return notes
        for i, deal in enumerate(deals):
            after = running_after(scores, deal.sheet, self)
            if max(after) < target:
                scores = after
                continue
            reached = [u for u in range(len(after)) if after[u] >= target]
            running, label = list(scores), ("", "")
            for it in deal.sheet.items:
                unit = it.side if self.sides and it.side is not None else it.seat
                if unit is None:
                    continue
                running[unit] += whole(it.points)
                if running[unit] >= target:
                    label = (it.label_ru, it.label_en)
                    break
            if len(reached) > 1:
                many_ru, many_en = (
                    ("обе стороны", "both sides")
                    if self.sides
                    else (f"{len(reached)} игрока", f"{len(reached)} players")
                )
                ru = (
                    f"в сдаче {i + 1} {target} набрали {many_ru}; по порядку (валет сдающего, "
                    f"подарок, Старший, Младший, Валет, Гейм) первым {target} набрал {{}}: "
                    f"{label[0]}"
                )
                en = (
                    f"in deal {i + 1} {many_en} reached {target}; counting in order (turned "
                    f"jack, gift, High, Low, Jack, Game) {{}} reached {target} first, with "
                    f"{label[1]}"
                )
            else:
                ru = f"первым {target} набрал {{}}, в сдаче {i + 1} ({label[0]})"
                en = f"{{}} reached {target} first, in deal {i + 1} ({label[1]})"
            notes.append(
                SheetNote(
                    ru,
                    en,
                    who=(result.winner,),
                    rule="SU7",
                    sides=bool(self.sides),
                    winner=True,
                )
            )
            break
        return notes

    # --- batch form ----------------------------------------------------------------------------

    @override
    def batch_form(self) -> SevenUpBatch | None:
        """Random playout of many deals at once (:mod:`kozyr_seven_up.batch`, needs numpy)."""
        try:
            from kozyr_seven_up.batch import SevenUpBatch
        except ImportError:  # numpy (kozyr[fast]) not installed
            return None
        return SevenUpBatch(self)

    # --- bots ----------------------------------------------------------------------------------

    @override
    def solve_objective(self, deal: Deal, seats: frozenset[int]) -> Objective | None:
        """SU6: the High, Low, Jack and Game points of ``seats`` (see
        :mod:`kozyr_seven_up.solving`)."""
        from kozyr_seven_up.solving import points_objective

        return points_objective(
            deal, seats, str(self.options["game_tie"]), str(self.options["low_to"])
        )

    @override
    def bots(self) -> Mapping[str, BotFactory]:
        from kozyr_seven_up.bots import HeuristicBot

        return {**super().bots(), "heuristic": HeuristicBot}


def counting_value(card: Card) -> int:
    """SU6 Game values: 10 = 10, A = 4, K = 3, Q = 2, J = 1, others 0.

    >>> [counting_value(Card.parse(c)) for c in ("10♦", "A♠", "K♣", "Q♥", "J♦", "9♥")]
    [10, 4, 3, 2, 1, 0]
    """
    return COUNT.get(card.rank, 0)


def _without_revoke(record: DealRecord) -> DealRecord:
    """``record`` without its ``revoke`` fact: what the deal's points were before the penalty
    (D-SU7: the facts of Jack and Game an outcome record keeps)."""
    from dataclasses import replace

    decisions = {k: v for k, v in record.decisions.items() if k != "revoke"}
    return replace(record, decisions=decisions)


__all__ = ["SevenUp", "counting_value"]
