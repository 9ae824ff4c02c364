"""§2-§4 the race forms of Семь листов: :class:`RaceForm` adds the race to seven and the punishment
by the cut card; its three subclasses differ only where the sources do: the play rule (PN3,
SL19-2, NN3), the trump (turned card or the dealer's last card, NN2) and the punishment (PN5,
SL19-4, NN5). :class:`PoNoskam` (PN*), :class:`SemListov1884` (SL19-*), :class:`NaNoski` (NN*).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from typing_extensions import override

from kozyr import (
    BotFactory,
    Card,
    Deal,
    DealRecord,
    DealResult,
    Deck,
    FollowElseAny,
    FollowElseMustTrump,
    OptionSpec,
    OutcomeField,
    PartyRecord,
    PartyResult,
    Payment,
    RecordError,
    RecordReader,
    Settlement,
    SheetNote,
    StandardTrickRules,
    Variant,
)
from kozyr_sem_listov.family import ORDER, SemListovFamily, _players_option
from kozyr_sem_listov.outcome import (
    DEALER,
    REACHED,
    race_sequences,
    race_winners,
    tricks_won_field,
)
from kozyr_sem_listov.scoring import (
    RACE_TARGET,
    Punishment,
    nose_hits,
    race_progress,
    value_1884,
)

if TYPE_CHECKING:
    from kozyr_sem_listov.batch import RaceBatch

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

    @override
    def ends_early(self, deal: Deal) -> bool:
        """D-PN2: after every trick, stop when only one seat dealt in is still below seven."""
        if "totals" not in deal.context and (len(deal.seats) - 1) * RACE_TARGET > self._hand_size:
            return False  # a deal on its own: its tricks cannot bring all but one seat to seven
        before = self._before(deal.context)
        won = deal.tricks_won
        remaining = [s for s in deal.seats if before[s] + won[s] < RACE_TARGET]
        return len(remaining) <= 1

    @override
    def race_over(self, deal: Deal) -> None:
        """PN5: in a deal on its own the loser cuts a freshly shuffled pack at once -- two chance
        events of the deal (a replay takes the cut card from its record). In a party the party's
        cut settles the race instead (:meth:`party_cut`)."""
        if "totals" in deal.context:
            return
        deck = Deck.of_size(36)
        deal.shuffle(deck)
        deal.cut_deck(deck)

    @override
    def seats_in(self, context: Mapping[str, Any]) -> tuple[int, ...]:
        """D-PN2: the players who have reached seven have left; later deals skip them."""
        left = set(context.get("left", ()))
        return tuple(s for s in range(self.players) if s not in left)

    # --- records -------------------------------------------------------------------------------

    @override
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
        if record.tricks is not None or winners is None or not record.hands:
            return  # an outcome record's facts are checked by check_outcome
        seats = [s for s, h in enumerate(record.hands) if h is not None]
        self._check_race_winners(record, context, seats, winners)

    # --- outcome records ----------------------------------------------------------------------

    @property
    @override
    def outcome_fields(self) -> tuple[OutcomeField, ...]:
        """The dealer, the tricks per seat (null for a seat that left) and, when two seats reach
        seven in one deal and the counts cannot tell the order, the order (PN4)."""
        return (DEALER, tricks_won_field(self.hand_size, self.race_rule), REACHED)

    def dealt_in(self, record: DealRecord, context: Mapping[str, Any]) -> list[int]:
        """The seats dealt in: those with a hand, or in an outcome record those still in the
        race (PN4: a seat that reached seven has left, :meth:`seats_in`)."""
        if record.hands:
            return [s for s, h in enumerate(record.hands) if h is not None]
        return list(self.seats_in(context))

    @override
    def check_outcome(self, record: DealRecord, context: Mapping[str, Any]) -> None:
        super().check_outcome(record, context)
        seats = self.dealt_in(record, context)
        if record.dealer not in seats:
            raise RecordError(
                "$.dealer", f"seat {record.dealer} already left the race, so it cannot deal"
            )
        if record.decisions.get("trick_winners") is not None:
            self._check_race_winners(record, context, seats, record.decisions["trick_winners"])
        else:
            self.outcome_winners(record, context)  # raises when the facts disagree

    @override
    def outcome_record(self, result: DealResult, context: Mapping[str, Any]) -> dict[str, Any]:
        data = super().outcome_record(result, context)
        if len(result.extra["reached"]) > 1:  # PN4: the order seats reached seven
            data["reached"] = list(result.extra["reached"])
        return data

    @override
    def outcome_winners(self, record: DealRecord, context: Mapping[str, Any]) -> list[int]:
        d = record.decisions
        return race_winners(
            self._before(context),
            self.dealt_in(record, context),
            d["tricks_won"],
            self.hand_size,
            d.get("reached"),
            self.race_rule,
        )

    def _order_open(self, record: DealRecord, context: Mapping[str, Any]) -> bool:
        """Whether an outcome record leaves open the order in which its seats reached seven
        (PN4: ``reached`` is optional, as no result depends on it)."""
        d = record.decisions
        if record.hands or d.get("trick_winners") is not None or d.get("reached") is not None:
            return False
        sequences = race_sequences(
            self._before(context),
            self.dealt_in(record, context),
            d["tricks_won"],
            self.hand_size,
            None,
            self.race_rule,
        )
        return len(sequences) > 1

    def _check_race_winners(
        self,
        record: DealRecord,
        context: Mapping[str, Any],
        seats: Sequence[int],
        winners: Sequence[int],
    ) -> None:
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

    @override
    def score(self, record: DealRecord, context: Mapping[str, Any]) -> DealResult:
        n = self.players
        seats = self.dealt_in(record, context)
        winners = self.trick_winners(record, context)
        tricks = [0] * n
        for w in winners:
            tricks[w] += 1
        progress = race_progress(self._before(context), seats, winners)
        over = progress.end is not None
        extra: dict[str, Any] = {
            "trump": str(record.turnups[0].suit) if record.turnups else None,
            "exchange": record.decisions.get("exchange"),
            "totals": progress.totals,
            "reached": progress.reached,
            "race_over": over,
            "loser": progress.loser,
        }
        if self._order_open(record, context):  # PN4: the record does not say, nor do counts
            extra["reached_together"] = sorted(progress.reached)
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

    @override
    def party_context(
        self, party: PartyRecord, results: Sequence[DealResult]
    ) -> Mapping[str, Any] | None:
        if results and results[-1].extra["race_over"]:
            return None
        return self._context_after(results)

    @override
    def deal_caption(self, context: Mapping[str, Any]) -> SheetNote | None:
        """Once a player has left the race (PN4, D-PN2): who is still in it."""
        left = context.get("left") or ()
        if not left:
            return None
        still = tuple(seat for seat in range(self.players) if seat not in left)
        rule = self.race_rule
        return SheetNote("ещё в гонке: {}", "still in the race: {}", who=still, rule=rule)

    @override
    def party_cut(self, results: Sequence[DealResult], rng: random.Random) -> Card | None:
        """The loser cuts the shuffled pack once the race is over (PN5, SL19-4, NN5; C7)."""
        if not results or not results[-1].extra["race_over"]:
            return None
        deck = Deck(self.pack())
        deck.shuffle(rng)
        return deck.cut(rng.randint(1, len(deck) - 1))

    @override
    def score_party(self, party: PartyRecord, results: Sequence[DealResult]) -> PartyResult:
        n = self.players
        contexts = [self._context_after(results[:i]) for i in range(len(results))]
        self.check_dealer_rotation(results, contexts, self.rotation_rule)
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
        winner: Any = order[0] if order else None
        first = next((r for r in results if r.extra["reached"]), None)
        if first is not None and first.extra.get("reached_together"):
            # PN4: several seats reached seven first in one deal, in an order nobody wrote down
            winner = list(first.extra["reached_together"])
        return PartyResult(tuple(results), running, winner, loser, settlement, extra)

    @override
    def sheet_notes(self, result: DealResult | PartyResult) -> list[SheetNote]:
        """Who reached 7 and left after which deal (D-PN2), who won and lost the race, and the
        punishment the cut gave."""
        rule = self.race_rule
        deals = result.deals if isinstance(result, PartyResult) else (result,)
        notes = [
            SheetNote("набрал 7 и вышел: {}", "reached 7 and left: {}", tuple(seats), i, rule)
            for i, deal in enumerate(deals)
            if (seats := list(deal.extra.get("reached", ())))
        ]
        if not isinstance(result, PartyResult):
            return notes
        if result.winner is not None:
            notes.append(
                SheetNote(
                    "первым набрал 7 взяток: {}",
                    "first to 7 tricks: {}",
                    tuple(result.winner) if isinstance(result.winner, list) else (result.winner,),
                    rule=rule,
                    winner=True,
                )
            )
        if result.loser is not None:
            notes.append(
                SheetNote(
                    "остался последним: {}", "last in the race: {}", (result.loser,), rule=rule
                )
            )
        elif not result.extra.get("race_over"):
            notes.append(SheetNote("гонка не окончена", "the race is not over", rule=rule))
        punishment = result.extra.get("punishment")
        if punishment:
            cut = punishment["cut"]
            who = (int(punishment["loser"]),)
            prule = str(punishment["rule"])
            if punishment["forgiven"]:
                ru, en = f"срезана {cut}: {{}} прощён", f"cut {cut}: {{}} is let off"
            elif punishment["settlement"] == "nose":
                each, total = punishment["hits_per_opponent"], punishment["hits_total"]
                ru = f"срезана {cut}: {{}} получает по носу {each} от каждого, всего {total}"
                en = f"cut {cut}: {{}} gets {each} hits on the nose from each, {total} in all"
            else:
                each, total = punishment["pays_each"], punishment["pays_total"]
                ru = f"срезана {cut}: {{}} платит каждому {each}, всего {total}"
                en = f"cut {cut}: {{}} pays each opponent {each}, {total} in all"
            notes.append(SheetNote(ru, en, who, rule=prule))
        return notes

    @override
    def batch_form(self) -> RaceBatch | None:
        """Random playout of many deals, or whole races, at once
        (:class:`~kozyr_sem_listov.batch.RaceBatch`, needs numpy); None without numpy."""
        try:
            from kozyr_sem_listov.batch import RaceBatch
        except ImportError:  # numpy (kozyr[fast]) not installed
            return None
        return RaceBatch(self) if RaceBatch.supports(self) else None

    @override
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
    """По носкам (1809, PN1-PN5): follow suit, a void player trumps or discards at will (PN3)."""

    name = "po-noskam"
    aliases: ClassVar[tuple[str, ...]] = ("по-носкам",)
    title = "Po noskam (On the nose), 1809"
    title_ru = "По носкам (1809)"
    rules_ref = "PN1-PN5, D-PN1-D-PN2"
    rules_files = ("po-noskam.rules.md", "sem-listov.rules.md")
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

    @override
    def make_trick_rules(self) -> StandardTrickRules:
        return FollowElseAny(ORDER, rule="PN3")


class SemListov1884(RaceForm):
    """Семь листов of the late 19th century (Jean-Tenage 1884, SL19-1-SL19-4): a void player must
    trump (SL19-2); the loser pays each opponent the cut card's value (SL19-4)."""

    name = "sem-listov-1884"
    aliases: ClassVar[tuple[str, ...]] = ("семь-листов-1884",)
    title = "Sem listov, late 19th-century form (1884)"
    title_ru = "Семь листов (Жан-Тенаж, 1884)"
    rules_ref = "SL19-1-SL19-4, D-SL19"
    rules_files = ("sem-listov-1884.rules.md", "po-noskam.rules.md", "sem-listov.rules.md")
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

    @override
    def make_trick_rules(self) -> StandardTrickRules:
        return FollowElseMustTrump(ORDER, rule="SL19-2")

    @override
    def per_opponent(self, cut: Card) -> int:
        return value_1884(cut)  # SL19-4; D-SL19: as many hits as the same value


class NaNoski(RaceForm):
    """Семь листов / на носки, the modern form (NN1-NN5): the dealer's last card shows trump
    and stays his (NN2, no exchange); follow, else trump, else any (NN3)."""

    name = "na-noski"
    aliases: ClassVar[tuple[str, ...]] = ("на-носки",)
    title = "Na noski (modern Sem listov)"
    title_ru = "Семь листов / на носки"
    rules_ref = "NN1-NN5, D-NN1"
    rules_files = ("na-noski.rules.md", "po-noskam.rules.md", "sem-listov.rules.md")
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

    @override
    def make_trick_rules(self) -> StandardTrickRules:
        return FollowElseMustTrump(ORDER, rule="NN3")

    @property
    @override
    def packets(self) -> tuple[int, ...]:
        return (1,) * self.hand_size  # D-NN1: one at a time from eldest, the dealer last

    @property
    @override
    def exchange_timing(self) -> str | None:
        return None  # NN2: the dealer keeps his card
