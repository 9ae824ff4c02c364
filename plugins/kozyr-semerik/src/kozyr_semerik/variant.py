"""Семерик (Three-seven) -- rules SM1-SM11, D-SM1-D-SM7.

A deal has one phase, trick play: the hands are dealt (SM3), declarations are scored from the
hands as dealt (SM6, nothing to decide), and eldest leads (SM5). Hearts are the main suit, with
the empty 6, 5, 4 (SM4, D-SM1; the core policy :class:`kozyr.MainSuit`).

>>> import kozyr
>>> variant = kozyr.get_variant("семерик")
>>> deal = kozyr.play_deal(variant, seed=3)
>>> sum(deal.result().tricks)
10
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from typing_extensions import override

from kozyr import (
    BotFactory,
    Card,
    CardSet,
    Deal,
    DealRecord,
    DealResult,
    Deck,
    KozyrError,
    MainSuit,
    OptionSpec,
    OutcomeField,
    PartyRecord,
    PartyResult,
    Payment,
    PilesTarget,
    RecordError,
    RecordReader,
    ScoreSheet,
    Settlement,
    SheetNote,
    Variant,
    WinnersTarget,
    prove,
    read_outcome,
)
from kozyr.outcome import OUTCOME, SUMMARY
from kozyr.realisation import CountsTarget, Target
from kozyr.scoring import whole
from kozyr.seats import next_seat
from kozyr_semerik import outcome
from kozyr_semerik.scoring import (
    COUNTER_MASK,
    DECLARATIONS,
    MAIN_SUIT,
    ORDER,
    PACK,
    PACKETS,
    SEATS,
    SIDES,
    TARGET,
    Rubber,
    advance,
    check_pack,
    counter_cards,
    counters_of,
    deal_items,
    declaration_items,
    follow,
    side_points,
    tricks_taken,
)

if TYPE_CHECKING:
    from kozyr.solve import Objective
    from kozyr_semerik.batch import SemerikBatch

HAND_SIZE = 10  # SM3
EMPTY_HEARTS = CardSet.parse("6h 5h 4h")  # SM4
NO_PAYMENTS = Settlement(SEATS)  # a single deal pays nothing (SM10); shared immutable value


class Semerik(Variant):
    """Семерик for four players in two sides (SM1, C5)."""

    name = "semerik"
    aliases = ("семерик", "three-seven")
    title = "Semerik (Three-seven)"
    title_ru = "Семерик"
    rules_ref = "SM1-SM11, D-SM1-D-SM7"
    rules_files = ("semerik.rules.md",)
    players_rule = "SM1"
    player_counts = (4,)
    partnership = True
    #: SM6: the declarations are scored before the first trick, so every player has heard
    #: them: ``shown`` (per seat, the mask of the cards its declarations named) is public, for
    #: a bot that deals the unseen cards as a seat knows them (``pimc``).
    public_facts = ("shown",)
    record_fields = (
        "declared",
        "tricks_won",
        "counters",
        "first_to_21",
        "double",
        "trick_winners",
        "won",
    )
    options_spec = (
        OptionSpec(
            "packets",
            str,
            "4-3-3",
            "SM3",
            "deal 10 each in packets of 4, 3, 3 or of 3, 3, 4",
            choices=tuple(PACKETS),
        ),
        OptionSpec(
            "quads",
            str,
            "as_triple",
            "D-SM3",
            "four of a kind scores as one triple, or one point more",
            choices=("as_triple", "plus_one"),
        ),
        OptionSpec(
            "counter_mode",
            str,
            "per_trick",
            "SM7",
            "1 point per trick with 3+ counters, or a side's counters // 3 after the last trick",
            choices=("per_trick", "cumulative"),
        ),
        OptionSpec(
            "declarations",
            str,
            "together",
            "D-SM5",
            "declarations scored all at once when the cards are dealt, or seat by seat from "
            "eldest as each player makes them (the first side to 21 wins)",
            choices=("together", "in_turn"),
        ),
        OptionSpec(
            "trena",
            str,
            "seven",
            "SM6",
            "a трена is 3 2 A K Q J 7 (seven in sequence), or the whole ten-card suit",
            choices=("seven", "ten"),
        ),
    )

    def __init__(self, /, **options: Any) -> None:
        super().__init__(**options)
        self.trick_rules = MainSuit(ORDER, main=MAIN_SUIT, excluded=EMPTY_HEARTS, rule="SM5")
        self._quads = str(self.options["quads"])
        self._per_trick = self.options["counter_mode"] == "per_trick"

    # --- dealing (SM3) -------------------------------------------------------------------------

    @override
    def start(self, deal: Deal) -> None:
        deck = Deck.of_size(40)  # SM2
        deal.shuffle(deck)
        eldest = deal.next_seat(deal.dealer)
        order = [(eldest + i) % SEATS for i in range(SEATS)]
        deal.deal_hands(deck.deal_masks(order, PACKETS[str(self.options["packets"])]))
        quads, trena = str(self.options["quads"]), str(self.options["trena"])
        shown = [0] * SEATS
        for seat in range(SEATS):  # SM6: what each player's declarations show
            for item in declaration_items(deal.hand(seat), quads=quads, trena=trena, seat=seat):
                for card in item.cards:
                    shown[seat] |= card.mask
        deal.record_fact("shown", tuple(shown))
        deal.begin_play(eldest)  # SM5: eldest leads; no turn-up, no trump

    # --- declarations (SM6) --------------------------------------------------------------------

    @override
    def score_hand(self, cards: CardSet | str | Iterable[Card | str]) -> ScoreSheet:
        """The declarations of a hand (10 cards, or any 1-40 cards of the pack, for study).

        >>> import kozyr
        >>> sheet = kozyr.get_variant("semerik").score_hand("7s 7h 7d 3s 2s As")
        >>> [(i.label_en, i.points) for i in sheet.items]    # 3 + 4 = 7
        [('baba of spades', 3), ('three sevens', 4)]
        """
        hand = cards if isinstance(cards, CardSet) else CardSet.parse(cards)
        if not hand:
            raise KozyrError("an empty hand has no declarations; give 1 to 40 cards (SM6)")
        check_pack(hand)
        items = declaration_items(
            hand, quads=str(self.options["quads"]), trena=str(self.options["trena"])
        )
        return ScoreSheet(tuple(items), SEATS, SIDES)

    # --- records -------------------------------------------------------------------------------

    @property
    @override
    def outcome_fields(self) -> tuple[OutcomeField, ...]:
        """Dealer, the cards of the combinations shown, tricks and counters per seat, and when
        the counts cannot tell the order of a game's end, ``first_to_21`` / ``double`` (SM6-SM8)."""
        return outcome.fields(self.options["counter_mode"] == "per_trick")

    @override
    def read_fields(self, reader: RecordReader) -> dict[str, Any]:
        """An outcome record's facts (no hands, no tricks); or, in a record with hands, the
        optional ``declared``: each seat's declaration total, checked against its hand."""
        if reader.get("hands") is None and reader.get("tricks") is None:
            return read_outcome(self.outcome_fields, reader)
        if reader.get("tricks") is None and (reader.has("trick_winners") or reader.has("won")):
            # a summary: hands and what came of the play
            return self._read_summary(reader)
        for key in ("tricks_won", "counters", "first_to_21", "double", "trick_winners", "won"):
            if key in reader.data:
                raise reader.error(
                    reader.at(key),
                    f"{key} is an outcome record's field (no hands, no tricks); with hands the "
                    "tricks say it",
                )
        if not reader.has("declared"):
            return {}
        raw = reader.get("declared")
        where = reader.at("declared")
        if not isinstance(raw, list) or len(raw) != SEATS:
            raise reader.error(
                where, "expected a list of 4 numbers: each seat's declaration points"
            )
        for seat, value in enumerate(raw):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise reader.error(
                    f"{where}[{seat}]", f"expected a number of points, got {value!r}"
                )
        return {"declared": list(raw)}

    def _read_summary(self, reader: RecordReader) -> dict[str, Any]:
        """A summary's facts (issue 22): ``trick_winners`` (the seat that won each of the ten
        tricks) or ``won`` (the cards each seat won); ``counters`` per seat as in an outcome
        record (tricks with three or more counters, or counters won) unless the won cards tell
        them (``cumulative``); ``first_to_21`` / ``double`` where the order of events is open."""
        given = [key for key in ("trick_winners", "won") if reader.has(key)]
        if len(given) != 1:
            raise reader.error(reader.at("won"), "give trick_winners or won, not both")
        data: dict[str, Any] = {}
        if given[0] == "trick_winners":
            raw = reader.get("trick_winners")
            where = reader.at("trick_winners")
            if not isinstance(raw, list) or len(raw) != HAND_SIZE:
                raise reader.error(
                    where, f"expected a list of the {HAND_SIZE} tricks' winners (SM3)"
                )
            data["trick_winners"] = [reader.seat(v, f"{where}[{i}]") for i, v in enumerate(raw)]
        else:
            raw = reader.get("won")
            where = reader.at("won")
            if not isinstance(raw, list) or len(raw) != SEATS:
                raise reader.error(where, "expected the cards won by each of the 4 seats")
            data["won"] = [reader.cards(v or [], f"{where}[{i}]") for i, v in enumerate(raw)]
        counters = outcome.counters_field(self._per_trick)
        if reader.has("counters"):
            data["counters"] = counters.read(reader)
        elif self._per_trick or "won" not in data:
            raise reader.error(
                reader.at("counters"),
                f"missing: {counters.describe()} -- "
                + (
                    "the tricks with three or more counters cannot be told from the summary"
                    if self._per_trick
                    else "the counters won cannot be told from the trick winners"
                ),
            )
        for spec in (outcome.FIRST_TO_21, outcome.DOUBLE):
            if reader.has(spec.name):
                data[spec.name] = spec.read(reader)
        if reader.has("declared"):
            raise reader.error(
                reader.at("declared"), "a summary's declarations come from its hands (SM6)"
            )
        return data

    def _summary_facts(self, record: DealRecord) -> DealRecord:
        """A summary as the outcome record it implies: the combination cards of each hand as
        dealt, the tricks and counters each seat took (SM6, SM7)."""
        d = record.decisions
        quads, trena = str(self.options["quads"]), str(self.options["trena"])
        shown: list[list[Card] | None] = []
        for seat, hand in enumerate(record.hands):
            assert hand is not None
            used = 0
            for item in declaration_items(hand, quads=quads, trena=trena, seat=seat):
                for card in item.cards:
                    used |= card.mask
            shown.append(list(CardSet.from_mask(used)) or None)
        if "trick_winners" in d:
            taken = [list(d["trick_winners"]).count(s) for s in range(SEATS)]
        else:
            taken = [len(cards) // SEATS for cards in d["won"]]
        counters = d.get("counters")
        if counters is None:  # cumulative, from the won cards
            counters = [len(CardSet(cards) & CardSet.from_mask(COUNTER_MASK)) for cards in d["won"]]
        facts = {"declared": shown, "tricks_won": taken, "counters": list(counters)}
        facts.update({k: d[k] for k in ("first_to_21", "double") if k in d})
        return replace(record, hands=(), decisions=facts)

    def _summary_target(self, record: DealRecord) -> Target:
        d = record.decisions
        inner: WinnersTarget | PilesTarget
        if "trick_winners" in d:
            inner = WinnersTarget(list(d["trick_winners"]))
        else:
            inner = PilesTarget([CardSet(cards).mask for cards in d["won"]])
        if d.get("counters") is None:
            return inner
        return CountsTarget(inner, COUNTER_MASK, list(d["counters"]), self._per_trick, HAND_SIZE)

    @override
    def prove_summary(
        self, record: DealRecord, context: Mapping[str, Any]
    ) -> tuple[str, tuple[str, ...]]:
        """A legal play of the hands (SM5) in which every trick goes as the summary says and
        the counters come out as recorded (SM7), proven like every summary (issue 22)."""
        found = prove(
            self.trick_rules,
            None,
            [0 if h is None else h.mask for h in record.hands],
            range(SEATS),
            next_seat(record.dealer, SEATS),
            self._summary_target(record),
        )
        if found.possible:
            return SUMMARY, ()
        if found.possible is None:
            why = f" ({found.note})" if found.note else ""
            return OUTCOME, (
                f"NOT PROVEN: the bounded search for a legal play giving this summary gave up "
                f"after {found.nodes} cards tried{why}: scored from the summary, not proven "
                "possible",
            )
        t = found.trick
        key = "trick_winners" if "trick_winners" in record.decisions else "won"
        if t >= HAND_SIZE:
            raise RecordError(
                "$.counters",
                f"impossible: no legal play of these hands with these {key} takes the counters "
                "as recorded (SM7)",
            )
        where = f"$.trick_winners[{t}]" if key == "trick_winners" else "$.won"
        raise RecordError(
            where,
            f"impossible: no legal play of these hands gives trick {t + 1} as recorded"
            + (f" after tricks 1-{t}" if t else "")
            + " (SM5)",
        )

    @override
    def write_fields(self, record: DealRecord) -> dict[str, Any]:
        d = record.decisions
        if not record.hands:
            data: dict[str, Any] = {
                "declared": [
                    " ".join(map(str, cards)) if cards else None for cards in d["declared"]
                ],
                "tricks_won": list(d["tricks_won"]),
                "counters": list(d["counters"]),
            }
            data.update({k: d[k] for k in ("first_to_21", "double") if d.get(k) is not None})
            return data
        if record.tricks is None and ("trick_winners" in d or "won" in d):  # a summary
            out: dict[str, Any] = {}
            if "trick_winners" in d:
                out["trick_winners"] = list(d["trick_winners"])
            else:
                out["won"] = [" ".join(map(str, cards)) for cards in d["won"]]
            out.update({k: d[k] for k in ("counters", "first_to_21", "double") if k in d})
            return out
        if "declared" in d:
            return {"declared": list(d["declared"])}
        return {}

    @override
    def check_record(self, record: DealRecord, context: Mapping[str, Any]) -> None:
        if not record.hands:  # an outcome record: the facts agree (SM3, SM6-SM8)
            outcome.outcome_items(record, context, self)
            return
        for seat, hand in enumerate(record.hands):
            where = f"$.hands[{seat}]"
            if hand is None:
                raise RecordError(where, "all four seats play in Семерик (SM1)")
            stray = hand - PACK
            if stray:
                card = next(iter(stray))
                raise RecordError(
                    where,
                    f"the joker {card} is not in the 40-card Семерик pack (no jokers; SM2)"
                    if card.is_joker
                    else f"{card} is not in the 40-card Семерик pack (no 8, 9 or 10; SM2)",
                )
            if len(hand) != HAND_SIZE:
                raise RecordError(
                    where, f"seat {seat} holds {len(hand)} cards; Семерик deals 10 to each (SM3)"
                )
        d = record.decisions
        if record.tricks is None and "trick_winners" not in d and "won" not in d:
            raise RecordError(
                "$.tricks",
                "missing: a Семерик record lists every trick (SM7 scores them one by one), or, as "
                "a summary, the trick winners (trick_winners) or the cards each seat won (won)",
            )
        if record.tricks is None:  # a summary: its facts agree (SM3, SM6-SM8)
            if "won" in d:
                owner: dict[Card, int] = {}
                for seat, cards in enumerate(d["won"]):
                    if len(cards) % SEATS:
                        raise RecordError(
                            f"$.won[{seat}]",
                            f"{len(cards)} cards won: whole tricks of four, so a multiple of 4",
                        )
                    for i, card in enumerate(cards):
                        if not any(card in hand for hand in record.hands if hand is not None):
                            raise RecordError(f"$.won[{seat}][{i}]", f"{card} is in no hand")
                        owner[card] = seat
                if len(owner) != SEATS * HAND_SIZE:
                    missing = next(c for h in record.hands if h for c in h if c not in owner)
                    raise RecordError("$.won", f"{missing} is in nobody's won cards")
            outcome.outcome_items(self._summary_facts(record), context, self)
            return
        declared = record.decisions.get("declared")
        if declared is not None:
            quads, trena = str(self.options["quads"]), str(self.options["trena"])
            for seat, claimed in enumerate(declared):
                hand = record.hands[seat]
                assert hand is not None
                items = declaration_items(hand, quads=quads, trena=trena, seat=seat)
                actual = sum(i.points for i in items)
                if claimed != actual:
                    detail = " + ".join(f"{i.label_ru} {i.points}" for i in items) or "nothing"
                    raise RecordError(
                        f"$.declared[{seat}]",
                        f"seat {seat} declared {claimed}, but the hand as dealt scores {actual} "
                        f"({detail}; SM6)",
                    )

    @override
    def outcome_record(self, result: DealResult, context: Mapping[str, Any]) -> dict[str, Any]:
        """Dealer, the cards of each seat's combinations, tricks and counters per seat, and who
        reached 21 first (and whether the game counts double) when a game ends in play."""
        record = result.record
        shown: list[int] = [0] * SEATS
        for item in result.sheet.items:
            if item.name in DECLARATIONS and item.seat is not None:
                for card in item.cards:
                    shown[item.seat] |= card.mask
        if self._per_trick:
            counters = [0] * SEATS
            for item in result.sheet.items:
                if item.name == "counters" and item.seat is not None:
                    counters[item.seat] += whole(item.points)
        elif record.hands:
            counters = [0] * SEATS
            for trick in record.tricks or ():
                assert trick.winner is not None
                counters[trick.winner] += len(counters_of(trick))
        else:
            counters = list(record.decisions["counters"])
        data: dict[str, Any] = {
            "dealer": record.dealer,
            "declared": [CardSet.from_mask(m).format() if m else None for m in shown],
            "tricks_won": list(result.tricks),
            "counters": counters,
        }
        won = result.extra.get("game_won")
        if won is not None and won["won_on"] == "play":  # SM8: the order of events
            data["first_to_21"] = won["winner"]
            data["double"] = won["double"]
        return data

    @override
    def setup_replay(self, deal: Deal, record: DealRecord) -> None:
        for key, value in record.decisions.items():
            deal.record_fact(key, value)
        deal.begin_play(deal.next_seat(deal.dealer))

    # --- scoring (SM6-SM8) ---------------------------------------------------------------------

    @override
    def score(self, record: DealRecord, context: Mapping[str, Any]) -> DealResult:
        if record.hands and record.tricks is None:  # a summary: as the outcome it implies
            facts = self._summary_facts(record)
            return replace(self.score(facts, context), record=record)
        if record.hands:
            items = deal_items(
                record,
                quads=str(self.options["quads"]),
                counter_mode=str(self.options["counter_mode"]),
                trena=str(self.options["trena"]),
            )
            counters: list[int] | None = counter_cards(record)
            taken = tricks_taken(record)
        else:  # an outcome record (SM6-SM8 from the facts)
            items = outcome.outcome_items(record, context, self)
            won = record.decisions["counters"]
            counters = None if self._per_trick else [won[0] + won[2], won[1] + won[3]]
            taken = list(record.decisions["tricks_won"])
        sheet = ScoreSheet(tuple(items), SEATS, SIDES)
        declared, played = side_points(sheet.items)
        extra: dict[str, Any] = {
            "by": "side",
            "declarations": declared,
            "play": played,
            "counter_cards": counters,
        }
        # a deal of a game: where it leaves the game (SM8)
        if context and context.get("scores") is not None:
            game = int(context.get("game", 1))
            eldest = next_seat(record.dealer, SEATS)
            declarations = str(self.options["declarations"])
            step = advance(
                context["scores"],
                sheet.items,
                game,
                eldest,
                declarations=declarations,
                counter_mode=str(self.options["counter_mode"]),
            )
            extra["game"] = game
            extra["start"] = list(step.start)
            extra["running"] = list(step.end)
            won = None if step.won is None else step.won.to_json()
            if won is not None:
                del won["deals"]  # the party result lists a game's deals
            extra["game_won"] = won
        points = (declared[0] + played[0], declared[1] + played[1])
        # a single deal pays nothing: money changes hands per game (SM10)
        return DealResult(record, tuple(taken), sheet, points, NO_PAYMENTS, extra)

    # --- batch form ----------------------------------------------------------------------------

    @override
    def batch_form(self) -> SemerikBatch | None:
        """Random playout of many deals at once (:mod:`kozyr_semerik.batch`, needs numpy)."""
        try:
            from kozyr_semerik.batch import SemerikBatch
        except ImportError:  # numpy (kozyr[fast]) not installed
            return None
        return SemerikBatch(self)

    # --- the game to 21 and the rubber (SM8-SM11) ----------------------------------------------

    @override
    def party_context(
        self, party: PartyRecord, results: Sequence[DealResult]
    ) -> Mapping[str, Any] | None:
        rubber = follow(
            results,
            declarations=str(self.options["declarations"]),
            counter_mode=str(self.options["counter_mode"]),
        )
        if rubber.over:
            return None
        return {"game": rubber.game, "scores": list(rubber.scores)}

    @override
    def deal_caption(self, context: Mapping[str, Any]) -> SheetNote | None:
        """Which game of the rubber the next deal belongs to and its score so far (SM8)."""
        game, scores = context.get("game"), context.get("scores")
        if not isinstance(game, int) or not isinstance(scores, list) or len(scores) != 2:
            return None
        a, b = scores
        return SheetNote(f"партия {game}, счёт {a}:{b}", f"game {game}, score {a}:{b}", rule="SM8")

    @override
    def score_party(self, party: PartyRecord, results: Sequence[DealResult]) -> PartyResult:
        self.check_dealer_rotation(results, [{}] * len(results), "C1")
        rubber = Rubber(
            declarations=str(self.options["declarations"]),
            counter_mode=str(self.options["counter_mode"]),
        )
        running: list[tuple[int, ...]] = []
        for result in results:
            step = rubber.add(result.sheet.items, next_seat(result.record.dealer, SEATS))
            running.append(step.end)
        payments = [
            Payment(payer, payee, Fraction(game.value, 4), f"SM10 game {game.game}")
            for game in rubber.games
            for payer in SIDES[game.loser]
            for payee in SIDES[game.winner]
        ]
        won = [sum(1 for g in rubber.games if g.winner == side) for side in (0, 1)]
        winner = loser = None
        if won[0] != won[1]:
            winner = 0 if won[0] > won[1] else 1
            loser = 1 - winner
        settlement = Settlement.from_payments(SEATS, payments)
        net = settlement.net()
        extra = {
            "by": "side",
            "target": TARGET,
            "games": [g.to_json() for g in rubber.games],
            "games_won": won,
            "rubber_complete": rubber.over,
            "game": None if rubber.over else rubber.game,
            "scores": list(rubber.scores),
            "net_by_side": [sum(net[s] for s in SIDES[0]), sum(net[s] for s in SIDES[1])],
        }
        return PartyResult(tuple(results), tuple(running), winner, loser, settlement, extra)

    # --- score sheets --------------------------------------------------------------------------

    @override
    def sheet_notes(self, result: DealResult | PartyResult) -> list[SheetNote]:
        """Each game of the rubber: in which deal it was won, by whom, on declarations or in
        play, the score and its value (SM8, SM10); and the games won in the rubber (SM11)."""
        if not isinstance(result, PartyResult):
            return []
        notes = []
        for game in result.extra.get("games", ()):
            a, b = game["scores"]
            double_ru, double_en = (", вдвойне", ", double") if game["double"] else ("", "")
            how_ru = "в игре" if game["won_on"] == "play" else "на объявлениях"
            how_en = "in play" if game["won_on"] == "play" else "on declarations"
            notes.append(
                SheetNote(
                    f"партия {game['game']} за {{}} ({how_ru}) {a}:{b}, "
                    f"стоит {game['value']}{double_ru}",
                    f"game {game['game']} won by {{}} ({how_en}) {a}:{b}, "
                    f"worth {game['value']}{double_en}",
                    (int(game["winner"]),),
                    int(game["deals"][-1]),
                    "SM8",
                    sides=True,
                )
            )
        won = result.extra.get("games_won", [0, 0])
        if result.winner is not None:
            notes.append(
                SheetNote(
                    f"партий выиграно {max(won)}:{min(won)}: {{}}",
                    f"games won {max(won)}:{min(won)}: {{}}",
                    (int(result.winner),),
                    rule="SM11",
                    sides=True,
                    winner=True,
                )
            )
        if not result.extra.get("rubber_complete"):
            a, b = result.extra.get("scores", [0, 0])
            notes.append(
                SheetNote(
                    f"группа не окончена: партия {result.extra.get('game')}, счёт {a}:{b}",
                    f"the rubber goes on: game {result.extra.get('game')}, score {a}:{b}",
                    rule="SM11",
                )
            )
        return notes

    # --- bots ----------------------------------------------------------------------------------

    @override
    def solve_objective(self, deal: Deal, seats: frozenset[int]) -> Objective | None:
        """SM7: the play points of ``seats``' side -- counters, nine tricks, all ten (see
        :mod:`kozyr_semerik.solving`)."""
        from kozyr_semerik.solving import points_objective

        return points_objective(deal, seats, not self._per_trick)

    @override
    def bots(self) -> Mapping[str, BotFactory]:
        from kozyr_semerik.bots import HeuristicBot

        return {**super().bots(), "heuristic": HeuristicBot}


__all__ = ["EMPTY_HEARTS", "HAND_SIZE", "ORDER", "Semerik"]
