"""§1 the classic form of Семь листов (Komov 1779, SL-C*): :class:`SemListov` adds free play with
dead trumps, run-aways and the money settlement by trick differences; :class:`PyatListov` is the
same with five cards each (SL-C17).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, ClassVar

from typing_extensions import override

from kozyr import (
    Action,
    BotFactory,
    Card,
    Deal,
    DealRecord,
    DealResult,
    Deck,
    OptionError,
    OptionSpec,
    OutcomeField,
    PartyRecord,
    PartyResult,
    Payment,
    RecordError,
    Settlement,
    SheetNote,
    StandardTrickRules,
    Variant,
)
from kozyr.scoring import fraction_json
from kozyr_sem_listov.family import ORDER, SemListovFamily, SemListovState, _players_option
from kozyr_sem_listov.outcome import HIGHEST_TRUMP, HIGHEST_TRUMPS, RUNAWAYS, classic_winners
from kozyr_sem_listov.rules import classic_trick_rules
from kozyr_sem_listov.scoring import (
    HeldPenalty,
    difference_payments,
    highest_trump_holder,
    runaway_payments,
    trump_ranking,
)

RUNAWAY = "runaway"


# --- §1 the classic form -----------------------------------------------------------------------


class SemListov(SemListovFamily):
    """Семь листов, Komov 1779 (SL-C1-SL-C17): free play with dead trumps, tricks × n settled by
    differences, optional run-aways, honours first, five-handed trump leads and the ace cut."""

    name = "sem-listov"
    classic = True
    aliases: ClassVar[tuple[str, ...]] = ("семь-листов",)
    title = "Sem listov (Seven leaves), classic form of 1779"
    title_ru = "Семь листов (Комов, 1779)"
    rules_ref = "SL-C1-SL-C17, D-SL1-D-SL6"
    rules_files = ("sem-listov.rules.md",)
    player_counts = (2, 3, 4, 5, 6, 7)
    record_fields = ("exchange", "exchange_after", "runaways", "trick_winners")
    deal_rule = "SL-C5"
    pack_rule = "SL-C2"
    rotation_rule = "SL-C3"
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

    @override
    def make_trick_rules(self) -> StandardTrickRules:
        return classic_trick_rules(
            ORDER,
            honours_first=bool(self.options["honours_first"]),
            trump_leads=2 if self.options["five_trump_leads"] else 0,
        )

    @property
    @override
    def deck_size(self) -> int:
        """SL-C2: 24 (or 28) for 2-3 players, 36 for 4-5, 52 for 6-7."""
        chosen = int(self.options["deck_size"])
        if chosen:
            return chosen
        return 24 if self.players <= 3 else 36 if self.players <= 5 else 52

    @property
    @override
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

    @override
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

    @override
    def deal_order(self, deal: Deal) -> list[int]:
        """SL-C5: from the cutter (the dealer's right), then clockwise."""
        return self.order_from(deal, (deal.dealer - 1) % deal.n)

    @override
    def cut_deck(self, deal: Deal, deck: Deck, order: Sequence[int]) -> dict[int, list[Card]]:
        """SL-C4 (C7): the dealer's right cuts; with ``ace_cut`` an ace at the bottom of the
        lifted packet goes to him with a packet's worth more (D-SL1), and the rest of the lifted
        packet goes back on top."""
        before = deck.cards
        card = deal.cut_deck(deck)  # C7: the lifted packet goes under the rest
        assert card is not None  # a deal being dealt (not replayed) always cuts
        if self.options["ace_cut"] and card.rank == 14:
            at = before.index(card) + 1  # the lifted packet, ending with the cut card
            lifted, rest = before[:at], before[at:]
            count = min(1 + self.packets[0], len(lifted), self.hand_size)
            taken = lifted[len(lifted) - count :][::-1]
            deck.cards = lifted[: len(lifted) - count] + rest
            return {order[0]: taken}
        return {}

    @override
    def after_deal(self, deal: Deal) -> None:
        if self.options["runaways"]:
            # SL-C16: after the deal, before the first lead
            deal.set_phase(RUNAWAY, self._runaway_order(deal)[0])
            deal.record_fact("runaways", [])
            return
        self.open_play(deal)

    def _runaway_order(self, deal: Deal) -> list[int]:
        """Everyone but the dealer, from eldest clockwise (the dealer may not run away)."""
        return [s for s in self.order_from(deal, deal.next_seat(deal.dealer)) if s != deal.dealer]

    @override
    def explain_decision(self, deal: Deal, action: Action) -> str | None:
        if deal.phase == RUNAWAY and action.kind == "run_away" and action.seat == deal.dealer:
            return "the dealer may not run away (SL-C16)"
        if deal.phase == RUNAWAY and action.seat != deal.to_act:
            return (
                f"seat {deal.to_act} decides now whether to run away; players decide in turn "
                "from eldest (SL-C16)"
            )
        return super().explain_decision(deal, action)

    @override
    def decision_actions(self, deal: Deal) -> list[Action]:
        if deal.phase == RUNAWAY:
            return [Action("stay", deal.to_act), Action("run_away", deal.to_act)]
        return super().decision_actions(deal)

    @override
    def apply_decision(self, deal: Deal, action: Action) -> None:
        if deal.phase != RUNAWAY:
            super().apply_decision(deal, action)
            return
        state: SemListovState = deal.state
        if action.kind == "run_away":
            state.runaways.append(action.seat)
            deal.record_fact("runaways", list(state.runaways))
        order = self._runaway_order(deal)
        position = order.index(action.seat)
        if position + 1 < len(order):
            deal.set_phase(RUNAWAY, order[position + 1])
            return
        stayers = [s for s in deal.seats if s not in state.runaways]
        deal.set_playing(stayers)
        if len(stayers) == 1:  # D-SL4: the dealer alone wins without play
            deal.finish()  # before play: the hands as dealt are the record's
            return
        self.open_play(deal)

    @override
    def recorded_decision(self, deal: Deal, record: DealRecord) -> tuple[str, Action]:
        if deal.phase == RUNAWAY:
            runaways = record.decisions.get("runaways") or ()
            kind = "run_away" if deal.to_act in runaways else "stay"
            return "$.runaways", Action(kind, deal.to_act)
        return super().recorded_decision(deal, record)

    # --- records -------------------------------------------------------------------------------

    @override
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

    # --- outcome records ----------------------------------------------------------------------

    @property
    @override
    def outcome_fields(self) -> tuple[OutcomeField, ...]:
        """The dealer, the tricks per seat, the run-aways (SL-C16) and, with penalties held over
        (``runaway_split = next_deal``), which tied winner holds the highest trump."""
        fields = super().outcome_fields
        if self.options["runaways"]:
            fields += (RUNAWAYS,)
            if self.options["runaway_split"] == "next_deal":
                fields += (HIGHEST_TRUMP, HIGHEST_TRUMPS)
        return fields

    @override
    def check_outcome(self, record: DealRecord, context: Mapping[str, Any]) -> None:
        super().check_outcome(record, context)
        d = record.decisions
        runaways = list(d.get("runaways") or ())
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
        winners = d.get("trick_winners")
        expected = 0 if len(stayers) == 1 else self.hand_size
        if winners is not None:
            if len(winners) != expected:
                raise RecordError(
                    "$.trick_winners",
                    f"{len(winners)} trick winners listed; this deal has {expected} tricks",
                )
            self._check_summary_seats(record, stayers)
        else:
            counts = d["tricks_won"]
            for seat, count in enumerate(counts):
                if seat in runaways and count is not None:
                    raise RecordError(
                        f"$.tricks_won[{seat}]", f"seat {seat} ran away; write null (SL-C16, D-SL4)"
                    )
                if seat not in runaways and count is None:
                    raise RecordError(
                        f"$.tricks_won[{seat}]",
                        f"seat {seat} played this deal; give its tricks (null is for a run-away, "
                        "SL-C16)",
                    )
            total = sum(c or 0 for c in counts)
            if total and len(stayers) == 1:
                raise RecordError(
                    f"$.tricks_won[{stayers[0]}]",
                    f"seat {stayers[0]} is the only player left in after the run-aways, so he "
                    f"wins the deal without play and no trick is played: write 0 for him, not "
                    f"{total} (D-SL4)",
                )
            if total != expected:
                raise RecordError(
                    "$.tricks_won",
                    f"the tricks add up to {total}; this deal has {expected} ({self.deal_rule})",
                )
        pot = [HeldPenalty.from_json(e) for e in context.get("pot", ())]
        waiting = sorted({w for entry in pot for w in entry.winners})
        listed = ", ".join(map(str, waiting))
        for key in ("highest_trump", "highest_trumps"):
            if key in d and not pot:
                raise RecordError(
                    f"$.{key}",
                    "no run-away penalty is held over into this deal, so nobody takes it (SL-C16)",
                )
        if "highest_trump" in d and "highest_trumps" in d:
            raise RecordError(
                "$.highest_trumps", "give highest_trump or highest_trumps, not both (D-SL6)"
            )
        if "highest_trumps" in d:
            for i, seat in enumerate(d["highest_trumps"]):
                if seat not in waiting:
                    raise RecordError(
                        f"$.highest_trumps[{i}]",
                        f"seat {seat} is not one of the tied winners waiting for a held-over "
                        f"pot (seats {listed}; D-SL6)",
                    )
        elif "highest_trump" in d:
            taker = d["highest_trump"]
            if taker is not None and taker not in waiting:
                raise RecordError(
                    "$.highest_trump",
                    f"seat {taker} is not one of the tied winners waiting for the held-over "
                    f"penalty (seats {listed}; SL-C16)",
                )
            for entry in pot:
                if taker is not None and taker not in entry.winners:
                    raise RecordError(
                        "$.highest_trump",
                        "pots held over for different tied winners cannot be told apart by one "
                        "seat; give highest_trumps: the waiting seats dealt a trump, highest "
                        "trump first (D-SL6)",
                    )
        elif pot:
            several = len({entry.winners for entry in pot}) > 1
            raise RecordError(
                "$.highest_trumps" if several else "$.highest_trump",
                f"missing: a run-away penalty is held over into this deal for the tied winners "
                f"(seats {listed}); "
                + (
                    "give highest_trumps: those of them dealt a trump, highest trump first "
                    "([] if none of them holds a trump) (D-SL6)"
                    if several
                    else "give the one dealt the highest trump here, or null if none of them "
                    "holds a trump (SL-C16)"
                ),
            )

    @override
    def outcome_record(self, result: DealResult, context: Mapping[str, Any]) -> dict[str, Any]:
        data = super().outcome_record(result, context)
        record = result.record
        runaways = list(record.decisions.get("runaways") or ())
        if runaways:
            data["runaways"] = runaways
        pot = [HeldPenalty.from_json(e) for e in context.get("pot", ())]
        if pot:  # SL-C16, D-SL6: which tied winner was dealt the highest trump
            waiting = sorted({w for entry in pot for w in entry.winners})
            several = len({entry.winners for entry in pot}) > 1
            if record.hands:
                ranking = trump_ranking(record.hands, record.turnups[0], waiting, ORDER.strength)
                if several:
                    data["highest_trumps"] = ranking
                else:
                    data["highest_trump"] = ranking[0] if ranking else None
            else:
                for key in ("highest_trump", "highest_trumps"):
                    if key in record.decisions:
                        data[key] = record.decisions[key]
        return data

    @override
    def outcome_winners(self, record: DealRecord, context: Mapping[str, Any]) -> list[int]:
        return classic_winners(record.decisions["tricks_won"])

    def pot_taker(self, record: DealRecord, entry: HeldPenalty) -> int | None:
        """Who takes a held-over penalty in this deal (SL-C16): the tied winner dealt the highest
        trump (an outcome record says who), or None: held over again."""
        if not record.hands:
            ranking = record.decisions.get("highest_trumps")
            if ranking is not None:  # D-SL6: the first of the ranking among its tied winners
                return next((s for s in ranking if s in entry.winners), None)
            taker = record.decisions.get("highest_trump")
            return taker if taker in entry.winners else None
        trump = record.turnups[0]
        return highest_trump_holder(record.hands, trump, entry.winners, ORDER.strength)

    # --- scoring (SL-C14, SL-C16, D-SL3, D-SL4) ------------------------------------------------

    @override
    def score(self, record: DealRecord, context: Mapping[str, Any]) -> DealResult:
        n = self.players
        multiplier = self.multiplier
        tricks = [0] * n
        for winner in self.trick_winners(record, context):
            tricks[winner] += 1
        runaways = sorted(record.decisions.get("runaways") or ())
        stayers = [s for s in range(n) if s not in runaways]
        winners, payments = difference_payments(tricks, stayers, multiplier)  # SL-C14, D-SL3
        held: list[HeldPenalty] = []
        if runaways:  # SL-C16
            penalty = int(self.options["runaway_rate"]) * n
            split = str(self.options["runaway_split"])
            more, held = runaway_payments(runaways, winners, penalty, split)
            payments += more
        taken: list[dict[str, Any]] = []
        for entry in [HeldPenalty.from_json(e) for e in context.get("pot", ())]:
            taker = self.pot_taker(record, entry)
            if taker is None:
                held.append(entry)  # none of them holds a trump: held over again
            else:
                payments.append(Payment(entry.payer, taker, Fraction(entry.amount), "SL-C16"))
                taken.append({**entry.to_json(), "taker": taker})
        sheet = self.tricks_items(tricks, stayers, multiplier, "SL-C14")
        extra = {
            "trump": str(record.turnups[0].suit) if record.turnups else None,
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

    @override
    def party_context(
        self, party: PartyRecord, results: Sequence[DealResult]
    ) -> Mapping[str, Any] | None:
        if len(results) >= self.agreed_deals:
            return None
        pot = list(results[-1].extra["held_over"]) if results else []
        return {"deal_index": len(results), "pot": pot}

    @override
    def deal_caption(self, context: Mapping[str, Any]) -> SheetNote | None:
        """A run-away pot held over into the next deal (SL-C16 ``runaway_split = next_deal``):
        how much, and the tied winners one of whom takes it by the highest trump dealt."""
        held = [HeldPenalty.from_json(e) for e in context.get("pot") or ()]
        if not held:
            return None
        amount = sum(h.amount for h in held)
        waiting = tuple(sorted({w for h in held for w in h.winners}))
        return SheetNote(
            f"банк {amount} отложен: его берёт тот из {{}}, у кого старший козырь",
            f"a pot of {amount} is held: whoever of {{}} is dealt the highest trump takes it",
            who=waiting,
            rule="SL-C16",
        )

    @override
    def score_party(self, party: PartyRecord, results: Sequence[DealResult]) -> PartyResult:
        n = self.players
        contexts = [{"deal_index": i} for i in range(len(results))]
        self.check_dealer_rotation(results, contexts, self.rotation_rule)
        ledgers = [r.settlement for r in results]
        complete = len(results) == self.agreed_deals
        leftover = (
            [HeldPenalty.from_json(e) for e in results[-1].extra["held_over"]] if results else []
        )
        shared: list[dict[str, Any]] = []
        if leftover and complete:
            # D-SL6: a pot still held when the party ends is shared equally among its tied
            # winners, and the last running totals include the shares
            end: list[Payment] = []
            for entry in leftover:
                share = Fraction(entry.amount, len(entry.winners))
                end.extend(Payment(entry.payer, w, share, "D-SL6") for w in entry.winners)
                shared.append({**entry.to_json(), "share": fraction_json(share)})
            ledgers.append(Settlement.from_payments(n, end))
        net = [Fraction(0)] * n
        running: list[tuple[Fraction, ...]] = []
        for ledger in ledgers:
            net = [a + b for a, b in zip(net, ledger.net(), strict=True)]
            running.append(tuple(net))
        if len(running) > len(results):  # the shares belong to the last deal's totals (D-SL6)
            running[-2:] = [running[-1]]
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
        if shared:
            extra["pot_shared"] = shared
        return PartyResult(tuple(results), tuple(running), winner, loser, settlement, extra)

    @override
    def sheet_notes(self, result: DealResult | PartyResult) -> list[SheetNote]:
        """Run-aways and their held-over pot (SL-C16), tied winners (D-SL3), and who ended the
        party with the most money (SL-C15)."""
        deals = result.deals if isinstance(result, PartyResult) else (result,)
        notes: list[SheetNote] = []
        for i, deal in enumerate(deals):
            extra = deal.extra
            if extra.get("runaways"):
                notes.append(
                    SheetNote("сбег: {}", "ran away: {}", tuple(extra["runaways"]), i, "SL-C16")
                )
            if len(extra.get("winners", ())) > 1:
                notes.append(
                    SheetNote(
                        "поровну больше всех взяток: {}",
                        "tied for most tricks: {}",
                        tuple(extra["winners"]),
                        i,
                        "D-SL3",
                    )
                )
            last = isinstance(result, PartyResult) and i == len(deals) - 1
            if last and result.extra.get("pot_shared"):
                for held in result.extra["pot_shared"]:  # D-SL6: the party ends with it held
                    notes.append(
                        SheetNote(
                            f"банк сбега {held['amount']} в конце партии поделен поровну: {{}}",
                            f"run-away pot of {held['amount']} shared equally at the party's "
                            "end: {}",
                            tuple(held["winners"]),
                            i,
                            "D-SL6",
                        )
                    )
                continue_held: Sequence[Any] = ()
            else:
                continue_held = extra.get("held_over", ())
            for held in continue_held:
                notes.append(
                    SheetNote(
                        f"банк сбега {held['amount']} отложен до следующей сдачи: {{}}",
                        f"run-away pot of {held['amount']} held over to the next deal: {{}}",
                        tuple(held["winners"]),
                        i,
                        "SL-C16",
                    )
                )
            for taken in extra.get("pot_taken", ()):
                notes.append(
                    SheetNote(
                        f"банк {taken['amount']} берёт {{}}",
                        f"{{}} takes the held-over pot of {taken['amount']}",
                        (int(taken["taker"]),),
                        i,
                        "SL-C16",
                    )
                )
        if isinstance(result, PartyResult):
            if result.winner is not None:
                who = result.winner if isinstance(result.winner, list) else [result.winner]
                notes.append(
                    SheetNote(
                        "больше всех выиграл: {}",
                        "won the most money: {}",
                        tuple(who),
                        rule="SL-C15",
                        winner=True,
                    )
                )
            if not result.extra.get("complete", True):
                agreed = result.extra.get("deals_agreed")
                notes.append(
                    SheetNote(
                        f"сыграно {len(deals)} из {agreed} сдач",
                        f"{len(deals)} of {agreed} agreed deals played",
                        rule="SL-C15",
                    )
                )
        return notes

    @override
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
