"""Auction Pitch, built only on kozyr's public API: the advanced example of docs/plugins.md.

The rules are TP1-TP9 of ``tutorial-pitch.rules.md`` (package data next to this module;
``kozyr rules tutorial-pitch`` prints it). kozyr ships the full game as the built-in
``auction-pitch`` (plugins/kozyr-pitch, with Setback and Smudge); this plugin keeps the simple
form as a tutorial. What this plugin shows beyond the simple-whist example:

* bids are decisions with a typed :attr:`kozyr.Action.value` (``Action("bid", 1, value=3)``),
  declared once in :attr:`AuctionPitch.decision_log`: the core writes them in the record's
  ``log`` (``{"seat": 1, "kind": "bid", "value": 3}``, the smudge is the bid 5), reads them back
  and replays each through the engine (TP3, TP4) -- no record code of the plugin's own;
* trump is set by the first card led, from :meth:`AuctionPitch.after_play` -- the engine's hook
  between the plays of a trick (``hears_plays``) -- not by hand-written state (TP5);
* an illegal bid is explained with its rule id (:meth:`AuctionPitch.explain_decision`);
* a party form: the game to 11, the pitcher's side counting first (TP9).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
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
    DecisionKind,
    Deck,
    FollowOrTrump,
    OptionSpec,
    PartyRecord,
    PartyResult,
    Payment,
    Play,
    Rank,
    RankOrder,
    RecordError,
    ScoreItem,
    ScoreSheet,
    Settlement,
    Variant,
)
from kozyr.scoring import whole

ORDER = RankOrder.ace_high()
BID = "bid"
PASS = "pass"
BIDDING = "bidding"
#: TP3: the bids; 5 is the smudge.
BIDS = (2, 3, 4, 5)
SMUDGE = 5
#: TP7: counting points for Game.
COUNT = {Rank.TEN: 10, Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}
#: TP9: the game.
TARGET = 11
LABELS = {
    "high": ("Старший козырь", "High"),
    "low": ("Младший козырь", "Low"),
    "jack": ("Валет козырей", "Jack"),
    "game": ("Игра", "Game"),
    "set_back": ("Недобор", "Set back"),
}


def bid_text(value: int | None) -> str:
    """A bid as a person says it: ``pass``, ``2``..``4``, ``smudge``."""
    if value is None:
        return PASS
    return "smudge" if value == SMUDGE else str(value)


@dataclass
class PitchState:
    """What the deal needs between its hooks: the bids so far, from eldest (None = pass)."""

    bids: list[int | None] = field(default_factory=list)


class AuctionPitch(Variant):
    """Auction Pitch (TP1-TP9): bid, pitch the trump, take High, Low, Jack and Game."""

    name = "tutorial-pitch"
    aliases = ("учебный-питч",)
    title = "Auction Pitch (the plugin tutorial)"
    title_ru = "Аукционный питч (учебный плагин)"
    rules_ref = "TP1-TP9"
    rules_files = ("tutorial-pitch.rules.md",)
    player_counts = (2, 3, 4)
    partnership = True  # TP1: with four, seats 0+2 against 1+3
    #: TP3: the decisions, kept in the core's decision log; every player hears them
    decision_log = (
        DecisionKind(PASS, public=True, rule="TP3"),
        DecisionKind(BID, value=int, public=True, rule="TP3"),
    )
    turnup_key: ClassVar[str] = "turnups"
    hears_plays = True  # TP5: the engine calls after_play between the plays
    options_spec = (OptionSpec("players", int, 4, "TP1", "number of players", choices=(2, 3, 4)),)

    def __init__(self, /, **options: Any) -> None:
        super().__init__(**options)
        self.trick_rules = FollowOrTrump(ORDER, void_may_discard=True, rule="TP6")

    # --- the deal ------------------------------------------------------------------------------

    @override
    def new_state(self) -> PitchState:
        return PitchState()

    @override
    def start(self, deal: Deal) -> None:
        """TP2: shuffle and deal six cards each, three at a time from eldest; TP3: bidding."""
        deck = Deck.of_size(52)
        deal.shuffle(deck)
        eldest = deal.next_seat(deal.dealer)
        order = [(eldest + i) % deal.n for i in range(deal.n)]
        deal.deal_hands(deck.deal_masks(order, [3, 3]))
        deal.set_phase(BIDDING, eldest)

    def _best(self, deal: Deal) -> int:
        return max((b for b in deal.state.bids if b is not None), default=0)

    @override
    def decision_actions(self, deal: Deal) -> list[Action]:
        """TP3: pass or a bid above the best so far; TP4: the dealer after all passes bids 2."""
        seat, best = deal.to_act, self._best(deal)
        if seat == deal.dealer and best == 0:
            return [Action(BID, seat, value=2)]
        return [Action(PASS, seat)] + [Action(BID, seat, value=v) for v in BIDS if v > best]

    @override
    def explain_decision(self, deal: Deal, action: Action) -> str | None:
        """The rule an illegal bid breaks (TP3, TP4)."""
        best = self._best(deal)
        if action.seat != deal.to_act:
            return f"it is seat {deal.to_act}'s turn to bid (TP3)"
        if action.seat == deal.dealer and best == 0:  # forced: any other action breaks TP4
            return "the dealer must bid 2 when everyone else has passed (TP4)"
        if action.kind != BID or action.value not in BIDS:
            return f"{action.value} is not a bid: bid 2, 3, 4 or 5 (smudge), or pass (TP3)"
        return f"a bid of {action.value} does not exceed the bid of {best} before it (TP3)"

    @override
    def apply_decision(self, deal: Deal, action: Action) -> None:
        bids = deal.state.bids
        bids.append(int(action.value) if action.kind == BID and action.value is not None else None)
        if len(bids) < deal.n:
            deal.set_phase(BIDDING, deal.next_seat(deal.to_act))
            return
        deal.begin_play(self.pitcher(deal.dealer, bids))  # TP5: the pitcher leads

    def pitcher(self, dealer: int, bids: Sequence[int | None]) -> int:
        """The high bidder (TP3: bids rise, so the highest is unique)."""
        best = max(b for b in bids if b is not None)
        return (dealer + 1 + list(bids).index(best)) % self.players

    @override
    def after_play(self, deal: Deal, play: Play) -> None:
        """TP5: the suit of the first card led is trump."""
        if deal.trump is None:
            deal.set_trump(play.card.suit)

    # --- records -------------------------------------------------------------------------------

    @override
    def check_record(self, record: DealRecord, context: Mapping[str, Any]) -> None:
        for seat, hand in enumerate(record.hands):
            if hand is None or len(hand) != 6:
                held = 0 if hand is None else len(hand)
                raise RecordError(
                    f"$.hands[{seat}]", f"seat {seat} holds {held} cards, not 6 (TP2)"
                )
        if record.tricks is None:
            raise RecordError("$.tricks", "pitch records list every trick (TP6)")

    @override
    def setup_replay(self, deal: Deal, record: DealRecord) -> None:
        # the core replays the bids of the record's log from here (TP3)
        deal.set_phase(BIDDING, deal.next_seat(deal.dealer))

    def bids(self, record: DealRecord) -> list[int | None]:
        """The bids of a record's log, from eldest (None = pass)."""
        return [int(a.value) if a.value is not None else None for a in record.log]

    # --- scoring (TP7, TP8) --------------------------------------------------------------------

    def unit_of(self, seat: int) -> int:
        """The side (four players) or seat a point goes to."""
        return self.side_of(seat)

    def units(self) -> int:
        return 2 if self.sides else self.players

    def _item(
        self, name: str, points: int, unit: int, cards: tuple[Card, ...], rule: str
    ) -> ScoreItem:
        ru, en = LABELS[name]
        if self.sides:
            return ScoreItem(name, ru, en, points, cards, side=unit, rule=rule)
        return ScoreItem(name, ru, en, points, cards, seat=unit, rule=rule)

    @override
    def score(self, record: DealRecord, context: Mapping[str, Any]) -> DealResult:
        n = self.players
        assert record.tricks is not None
        bids = self.bids(record)
        pitcher = self.pitcher(record.dealer, bids)
        bid = max(b for b in bids if b is not None)
        trump = record.tricks[0].plays[0].card.suit  # TP5
        holder = {c: s for s, hand in enumerate(record.hands) if hand is not None for c in hand}
        winner = {p.card: t.winner for t in record.tricks for p in t.plays if t.winner is not None}
        trumps = sorted((c for c in holder if c.suit == trump), key=lambda c: int(c.rank))
        # TP7: High to its holder, Low and Jack to whoever wins them, Game to the most counted
        won: list[tuple[str, int, Card]] = [("high", self.unit_of(holder[trumps[-1]]), trumps[-1])]
        won.append(("low", self.unit_of(winner[trumps[0]]), trumps[0]))
        jack = next((c for c in trumps if c.rank == Rank.JACK), None)
        if jack is not None:
            won.append(("jack", self.unit_of(winner[jack]), jack))
        counts = [0] * self.units()
        for card, seat in winner.items():
            counts[self.unit_of(seat)] += COUNT.get(card.rank, 0)
        top = max(counts)
        game = counts.index(top) if counts.count(top) == 1 else None  # no Game on a tie
        side = self.unit_of(pitcher)
        items = [self._item(name, 1, unit, (card,), "TP7") for name, unit, card in won]
        if game is not None:
            items.append(self._item("game", 1, game, (), "TP7"))
        taken = sum(1 for it in items if (it.side if self.sides else it.seat) == side)
        made = taken == 4 if bid == SMUDGE else taken >= bid
        if not made:  # TP8: the pitcher's side scores nothing it won and goes back by the bid
            items = [it for it in items if (it.side if self.sides else it.seat) != side]
            items.append(self._item("set_back", -bid, side, (), "TP8"))
        sheet = ScoreSheet(tuple(items), n, self.sides)
        extra = {
            "trump": str(trump),
            "pitcher": pitcher,
            "bid": bid_text(bid),
            "made": made,
            "won": {name: unit for name, unit, _ in won} | {"game": game},
            "game_points": counts,
        }
        return DealResult(
            record, tuple(record.tricks_won(n)), sheet, tuple(sheet.by_side()), Settlement(n), extra
        )

    # --- bots ----------------------------------------------------------------------------------

    @override
    def bots(self) -> Mapping[str, BotFactory]:
        """``bidder`` (:class:`kozyr_pitch_plugin.bots.BidderBot`) beside ``random``."""
        from kozyr_pitch_plugin.bots import BidderBot

        return {**super().bots(), "bidder": BidderBot}

    # --- the game to 11 (TP9) ------------------------------------------------------------------

    def _winner(self, scores: Sequence[int], result: DealResult) -> int | None:
        """TP9: the pitcher's side counts first, then the others from the pitcher's left."""
        first = self.unit_of(int(result.extra["pitcher"]))
        order = [(first + i) % len(scores) for i in range(len(scores))]
        return next((u for u in order if scores[u] >= TARGET), None)

    def _running(self, results: Sequence[DealResult]) -> tuple[list[tuple[int, ...]], int | None]:
        scores = [0] * self.units()
        running: list[tuple[int, ...]] = []
        winner: int | None = None
        for result in results:
            # TP7-TP8 score whole points
            scores = [a + whole(b) for a, b in zip(scores, result.points, strict=True)]
            running.append(tuple(scores))
            if winner is None:
                winner = self._winner(scores, result)
        return running, winner

    @override
    def party_context(
        self, party: PartyRecord, results: Sequence[DealResult]
    ) -> Mapping[str, Any] | None:
        running, winner = self._running(results)
        if winner is not None:
            return None
        return {"scores": list(running[-1]) if running else [0] * self.units()}

    @override
    def score_party(self, party: PartyRecord, results: Sequence[DealResult]) -> PartyResult:
        running, winner = self._running(results)
        payments: list[Payment] = []
        loser: Any = None
        if winner is not None:
            if self.sides:
                winners, losers = self.sides[winner], self.sides[1 - winner]
                loser = 1 - winner
            else:
                winners = (winner,)
                losers = tuple(s for s in range(self.players) if s != winner)
                loser = losers[0] if len(losers) == 1 else list(losers)
            share = Fraction(1, len(winners))
            payments = [Payment(p, w, share, "TP9") for p in losers for w in winners]
        return PartyResult(
            tuple(results),
            tuple(running),
            winner,
            loser,
            Settlement.from_payments(self.players, payments),
            {"scores": list(running[-1]) if running else [], "target": TARGET},
        )
