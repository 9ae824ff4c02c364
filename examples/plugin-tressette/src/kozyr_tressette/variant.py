"""Tressette (Трессетте), a kozyr plugin built only on kozyr's public API.

The rules are TR1-TR8 and D-TR1-D-TR7 of ``tressette.rules.md`` (package data next to this
module; ``kozyr rules tressette`` prints them). Four players in two sides, forty cards ranked
3 2 A K Q J 7 6 5 4, no trumps; an ace is worth a point, a three, two or court card a third of
one (exact :class:`fractions.Fraction` points), the last trick a point; combinations held as dealt
(the accusi) score 3 or 4; the first side to 31 (21, 41, 51) wins.

What the core gives for free, so this class overrides only six hooks: the outcome record is
read (``read_fields``) and written (``outcome_record``) from :attr:`Tressette.outcome_fields`
and ``DealResult.extra``; the game to the target is the core's default party form (the ``target``
option) with its stake (``party_stake``); dealer rotation (C1) is checked by the core; the
trick rules are a class attribute; the outcome fields' totals check the aces and figures.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from typing_extensions import override

from kozyr import (
    BotFactory,
    Card,
    Deal,
    DealRecord,
    DealResult,
    Deck,
    FollowElseAny,
    OptionSpec,
    OutcomeField,
    Rank,
    RecordError,
    ScoreItem,
    ScoreSheet,
    Settlement,
    Variant,
)
from kozyr_tressette.scoring import FIGURES, HAND, MOST_DECLARED, ORDER, SEATS, accusi, card_thirds


class Tressette(Variant):
    """Tressette (TR1-TR8): four players in two sides, thirds of a point, accusi, a game to 31."""

    name = "tressette"
    aliases = ("трессетте", "tresette", "тресетте")
    title = "Tressette"
    title_ru = "Трессетте"
    rules_ref = "TR1-TR8, D-TR1-D-TR7"
    rules_files = ("tressette.rules.md",)
    player_counts = (SEATS,)
    players_rule = "TR1"
    partnership = True  # TR1: seats 0+2 against 1+3
    options_spec = (
        OptionSpec(
            "target", int, 31, "TR8", "the points that win the game", choices=(21, 31, 41, 51)
        ),
        OptionSpec("accusi", bool, True, "TR7", "combinations held as dealt score"),
        OptionSpec(
            "thirds",
            str,
            "drop",
            "TR6",
            "card points rounded down (drop) or kept (keep)",
            choices=("drop", "keep"),
        ),
    )
    #: D-TR6: the losing side pays one stake for a game (each loser half a stake to each winner)
    party_stake = 1
    #: TR4: follow suit when able, else any card; no trumps, the highest of the suit led wins.
    trick_rules = FollowElseAny(ORDER, rule="TR4")

    # --- the deal (TR3, TR4) ------------------------------------------------------------------

    @override
    def start(self, deal: Deal) -> None:
        """TR3: ten cards each, five at a time from eldest; TR4: eldest leads, no trumps."""
        deck = Deck.of_size(40)
        deal.shuffle(deck)
        eldest = deal.next_seat(deal.dealer)
        order = [(eldest + i) % SEATS for i in range(SEATS)]
        deal.deal_hands(deck.deal_masks(order, [5, 5]))
        deal.begin_play(eldest)

    @override
    def setup_replay(self, deal: Deal, record: DealRecord) -> None:
        deal.begin_play(deal.next_seat(deal.dealer))

    # --- records (D-TR7) ----------------------------------------------------------------------

    @property
    @override
    def outcome_fields(self) -> tuple[OutcomeField, ...]:
        """What a scorekeeper writes down (D-TR7): per side the aces and figures taken, the side
        that took the last trick and, with accusi, the points declared."""
        fields = (
            OutcomeField("dealer", "seat", "Сдающий", "Dealer", "TR3", core=True),
            OutcomeField(
                "aces",
                "count",
                "Тузы во взятках",
                "Aces taken",
                "TR5",
                per="side",
                minimum=0,
                maximum=4,
                total=4,  # TR2: the pack's four aces, every card taken
            ),
            OutcomeField(
                "figures",
                "count",
                "Фигуры во взятках (3, 2, К, Д, В)",
                "Figures taken (3, 2, K, Q, J)",
                "TR5",
                per="side",
                minimum=0,
                maximum=20,
                total=20,  # TR2: four each of 3, 2, K, Q, J
            ),
            OutcomeField("last_trick", "side", "Последняя взятка", "Last trick", "TR5"),
        )
        if not self.options["accusi"]:
            return fields
        declared = OutcomeField(
            "accusi",
            "count",
            "Аккузо (объявлено очков)",
            "Accusi (points declared)",
            "TR7",
            per="side",
            minimum=0,
            maximum=MOST_DECLARED,
        )
        return (*fields, declared)

    @override
    def check_record(self, record: DealRecord, context: Mapping[str, Any]) -> None:
        if record.outcome:  # D-TR7 (the aces and figures add up to the pack's: their totals)
            for side, points in enumerate(record.decisions.get("accusi", ())):
                if points in (1, 2, 5):
                    raise RecordError(
                        f"$.accusi[{side}]",
                        f"{points} points cannot be declared: combinations score 3 or 4 (TR7)",
                    )
            return
        for seat, hand in enumerate(record.hands):
            if hand is None or len(hand) != HAND:
                held = 0 if hand is None else len(hand)
                raise RecordError(
                    f"$.hands[{seat}]", f"seat {seat} holds {held} cards, not 10 (TR3)"
                )
        if record.tricks is None:
            raise RecordError("$.tricks", "a Tressette record lists every trick (TR4)")

    # --- scoring (TR5-TR7) --------------------------------------------------------------------

    @override
    def score(self, record: DealRecord, context: Mapping[str, Any]) -> DealResult:
        if record.outcome:
            facts = record.decisions
            aces, figures = list(facts["aces"]), list(facts["figures"])
            last = int(facts["last_trick"])
            declared_items: list[ScoreItem] = [
                ScoreItem("accusi", "Аккузо", "Accusi", points, side=side, rule="TR7")
                for side, points in enumerate(facts.get("accusi", ()))
                if points
            ]
            taken: list[tuple[Card, ...]] = [(), ()]
            tricks = (0,) * SEATS
        else:
            assert record.tricks is not None
            won: list[list[Card]] = [[], []]
            for trick in record.tricks:
                assert trick.winner is not None
                won[self.side_of(trick.winner)].extend(p.card for p in trick.plays)
            counted = [card_thirds(cards) for cards in won]
            aces, figures = [a for a, _ in counted], [f for _, f in counted]
            last_winner = record.tricks[-1].winner
            assert last_winner is not None
            last = self.side_of(last_winner)
            declared_items = []
            if self.options["accusi"]:
                for seat, hand in enumerate(record.hands):
                    assert hand is not None
                    declared_items += accusi(hand, self.side_of(seat))
            taken = [
                tuple(sorted(c for c in cards if c.rank == Rank.ACE or c.rank in FIGURES))
                for cards in won
            ]
            tricks = tuple(record.tricks_won(SEATS))
        items: list[ScoreItem] = []
        for side in (0, 1):
            cards = Fraction(3 * aces[side] + figures[side], 3)
            items.append(
                ScoreItem(
                    "cards",
                    "Очки в картах",
                    "Card points",
                    cards,
                    taken[side],
                    side=side,
                    rule="TR5",
                )
            )
            if side == last:
                items.append(
                    ScoreItem(
                        "last_trick", "Последняя взятка", "Last trick", 1, side=side, rule="TR5"
                    )
                )
            dropped = (cards + (side == last)) % 1
            if dropped and self.options["thirds"] == "drop":
                items.append(
                    ScoreItem(
                        "dropped", "Трети на пол", "Thirds dropped", -dropped, side=side, rule="TR6"
                    )
                )
            items += [i for i in declared_items if i.side == side]
        sheet = ScoreSheet(tuple(items), SEATS, self.sides)
        extra = {
            "aces": aces,
            "figures": figures,
            "last_trick": last,
            "accusi": [sum(i.points for i in declared_items if i.side == s) for s in (0, 1)],
        }
        if not self.options["accusi"]:
            del extra["accusi"]
        return DealResult(record, tricks, sheet, tuple(sheet.by_side()), Settlement(SEATS), extra)

    # --- bots ---------------------------------------------------------------------------------

    @override
    def bots(self) -> Mapping[str, BotFactory]:
        """``counter`` (:class:`kozyr_tressette.bots.CounterBot`) beside ``random``."""
        from kozyr_tressette.bots import CounterBot

        return {**super().bots(), "counter": CounterBot}
