"""Pitch played by random bots on a whole batch of deals at once (numpy; ``kozyr[fast]``).

The same deal as the reference engine (:mod:`kozyr_pitch.variant`), phase by phase, with each
step done for every deal of the batch together: AP2 the deal of two rounds of three from eldest;
AP3-AP5 one bid each from eldest (the dealer's privilege, the stuck dealer); AP6 the pitch names
trump; AP7 six tricks of follow suit or trump; AP8-AP10 the points, the set-back and the smudge,
as items in the order AP11 counts them (D-AP2). Random choices are the reference's: the ``k``-th
of the legal actions in the order :meth:`AuctionPitch.decision_actions` and the engine list them
(pass first, then the bids upwards; cards in card order), drawn from a
:class:`kozyr.batch.DrawSource`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
from typing_extensions import override

from kozyr import Card, Deck, KozyrError, Rank, StandardTrickRules, Suit
from kozyr.batch import (
    BIT,
    JOKER_BITS,
    SUIT_MASK,
    SUIT_OF,
    BatchResult,
    Bools,
    DrawSource,
    ExtraColumn,
    Ints,
    ItemColumn,
    Masks,
    PartyBatchResult,
    PartyDraws,
    PartyStep,
    bits,
    high_bit,
    item_column,
    low_bit,
    pick,
    suit_patterns,
    unit_points,
)
from kozyr.batch.tricks import TRUMP, FollowOrTrumpTwin, TrickTwin, play_tricks, twin
from kozyr_pitch.scoring import (
    ABOVE_JICK,
    COUNT,
    HAND_SIZE,
    JICKS,
    LABELS,
    SMEAR_POINTS,
    SMUDGE_POINTS,
    STUCK_BID,
    WORTH,
)

if TYPE_CHECKING:
    from kozyr_pitch.variant import AuctionPitch

TRICKS = HAND_SIZE  # AP2, AP7: six cards each, six tricks
#: The most deals a game of the batch may take (as the reference party loop's cap).
MAX_DEALS = 2000
_U = np.uint64
assert [card.index for card in Deck.of_size(52).cards] == list(range(52))
#: AP8 Game value of each 13-bit suit pattern (10 = 10, A = 4, K = 3, Q = 2, J = 1).
_GAME13 = np.array(
    [sum(v for r, v in COUNT.items() if p >> (r - 2) & 1) for p in range(1 << 13)],
    dtype=np.int64,
)
_COUNTING = np.uint64(sum(((1 << (r - 2)) << (13 * s)) for r in COUNT for s in range(4)))
_JACK_RANK = Rank.JACK - 2
_SUIT_TEXT = tuple(str(suit) for suit in Suit)
#: SMR3: the jick of each trump suit (index 4: no trump, no jick), and the trumps above it.
_JICKS = np.array([card.mask for card in JICKS] + [0], dtype=_U)
_ABOVE_JICK = np.array(ABOVE_JICK, dtype=_U)
#: SMR5: the trey (3 of trumps) of each suit.
_TREYS = np.array([Card(Rank.THREE, suit).mask for suit in Suit], dtype=_U)


def _jick(trump: Masks) -> Masks:
    """The jick of each deal's trump suit mask (0 with no trump), SMR3."""
    suit = np.where(trump != 0, high_bit(trump) // 13, 4)
    jick: Masks = _JICKS[suit]
    return jick


#: D-SMR8, SMR7: a joker's strength on :meth:`SmearTwin.value`'s scale (eight times a rank's):
#: below the jick's 8 * jack - 4, above the ten's 8 * (jack - 1); one more for the later joker.
_JOKER_STRENGTH = 8 * (_JACK_RANK + 1) - 7


@dataclass(frozen=True)
class SmearTwin(FollowOrTrumpTwin):
    """The batch twin of :class:`kozyr_pitch.smear.SmearTricks` (SMR3, SMR7): AP7 with the jick
    a trump between the jack and the ten, and the jokers trumps between the jick and the ten
    (the later of two winning, D-SMR8; never the pitch, D-SMR9). The trump argument is the
    trump suit's mask; the suit led that :meth:`lead_suit` gives is the trumps (the jick and
    the jokers with them) for a trump lead, and a plain suit without the jick otherwise.
    ``jick`` is the policy's (option ``jick``)."""

    jick: bool = True
    #: Cards 52 and 53 are drawn after the spades (kozyr.batch.tricks.play_tricks).
    jokers = True
    #: :meth:`value` reads the trick's earlier cards (the later joker wins, D-SMR8).
    reads_trick = True

    @classmethod
    @override
    def of(cls, policy: StandardTrickRules) -> SmearTwin:
        base = FollowOrTrumpTwin.of(policy)  # a kozyr_pitch.smear.SmearTricks
        power = np.zeros(55, dtype=np.int64)  # the jokers (52, 53) ranked in value()
        power[:52] = base.power[:52]
        return cls(power, base.void_may_discard, bool(getattr(policy, "jick", True)))

    def _trumps(self, trump: Masks) -> tuple[Masks, Masks]:
        """The jick (0 without one) and every trump of each deal's trump suit mask."""
        jick = _jick(trump) if self.jick else np.zeros(len(trump), dtype=_U)
        return jick, trump | jick | (JOKER_BITS * (trump != 0))

    @override
    def legal(self, held: Masks, led: Masks, trump: Masks, *, number: int) -> Masks:
        _, trumps = self._trumps(trump)
        lead = pick(trump == 0, held & ~JOKER_BITS, held)  # D-SMR9: a joker is no pitch
        follow = self.follow_legal(held, led, trumps, number=number)
        legal: Masks = pick(led == 0, lead, follow)
        return legal

    @override
    def lead_suit(
        self, card: Masks, index: Ints, held: Masks, trump: Masks, *, number: int
    ) -> Masks:
        jick, trumps = self._trumps(trump)
        led: Masks = pick((card & trumps) != 0, trumps, SUIT_OF[index] & ~jick)
        return led

    @override
    def value(  # play_tricks gives trick= (reads_trick)
        self,
        card: Masks,
        index: Ints,
        held: Masks,
        led: Masks,
        trump: Masks,
        *,
        number: int,
        trick: Masks | None = None,
    ) -> Ints:
        # eight times the strength, the jick four below its jack's (trump_rank), a joker
        # below the jick and one more for the later joker; a trump above any plain card
        jick, trumps = self._trumps(trump)
        trumped = (card & trumps) != 0
        counts = trumped | ((card & led) != 0)
        joker = (card & JOKER_BITS) != 0
        later = joker & (((trick if trick is not None else 0) & JOKER_BITS & ~card) != 0)
        strength = pick(
            joker, _JOKER_STRENGTH + later, 8 * self.power[index] - 4 * ((card & jick) != 0)
        )
        value: Ints = (strength + 2 * TRUMP * trumped) * counts
        return value


class PitchBatch:
    """The batch form of one :class:`AuctionPitch` variant object (its options fixed)."""

    pack_size = 52

    def __init__(self, variant: AuctionPitch) -> None:
        self.variant = variant
        #: SMR7: the jokers of the deck (ten-point Smear), after the 52 in the pack
        self.jokers = variant.deck_jokers
        self.pack_size = 52 + self.jokers
        self.players = variant.players
        self.sides = variant.sides
        self.units = len(self.sides) if self.sides else self.players
        members = (
            [list(s) for s in self.sides] if self.sides else [[s] for s in range(self.players)]
        )
        self.members = members
        self.unit_of = np.array(
            [next(u for u, m in enumerate(members) if s in m) for s in range(self.players)]
        )
        options = variant.options
        #: The points of a deal in the order counted (AP8; Smear's SMR5, D-SMR3).
        self.points = tuple(name for name in SMEAR_POINTS if name in variant.fact_names)
        self.max_bid = variant.max_bid
        #: SMR6: a game of Smear is decided at the end of a deal (Auction Pitch: AP11)
        self.smear = variant.out_rule == "SMR6"
        #: AP7's trick rules, or Smear's with the jick (SMR3) through their batch_twin()
        self.twin: TrickTwin = twin(variant.trick_rules)
        self.min_bid = int(options["min_bid"])
        self.privilege = bool(options["dealer_privilege"])
        self.stuck_two = options["stuck_dealer"] == "two"
        self.capturer = options["low_to"] == "capturer"
        self.smudge = str(options["smudge"])
        self.target = int(options["target"])
        self.win_by = int(options["win_by"])
        #: The cap on a game's deals (:data:`MAX_DEALS`; a test may lower it).
        self.max_deals = MAX_DEALS

    # --- one batch of deals ----------------------------------------------------------------

    def play(self, deals: int, source: DrawSource, *, dealer: int = 0) -> BatchResult:
        """Deal, bid, play and score ``deals`` deals dealt by ``dealer``."""
        n = self.players
        cards = source.packs(deals, self.pack_size)
        eldest = (dealer + 1) % n
        order = [(eldest + i) % n for i in range(n)]
        dealt_bits = BIT[cards[:, : HAND_SIZE * n].T]  # AP2: two rounds of three from eldest
        seat_major = np.zeros((n, deals), dtype=_U)
        for j, seat in enumerate(order):
            for position in (*range(3 * j, 3 * j + 3), *range(3 * n + 3 * j, 3 * n + 3 * j + 3)):
                seat_major[seat] |= dealt_bits[position]
        hands = seat_major.T.copy()
        pitcher, bid = self._auction(deals, order, source)
        won, tricks, trump = self._play(self.twin, hands, pitcher, source)
        items, game_points = self._items(hands, won, trump, pitcher, bid)
        k = len(self.points)
        made = ~items[k + 1].present  # the set-back column
        smudged = items[k].present | items[2 * k + 2].present
        return BatchResult(
            players=n,
            sides=self.sides,
            tricks=tricks,
            points=unit_points(n, self.sides, items),
            items=items,
            extra={
                "trump": ExtraColumn("category", trump, _SUIT_TEXT),
                "pitcher": ExtraColumn("int", pitcher),
                "bid": ExtraColumn("int", bid),
                "made": ExtraColumn("bool", made),
                "smudge": ExtraColumn("bool", smudged),
                "game_points": ExtraColumn("ints", game_points),
            },
        )

    def _auction(self, deals: int, order: list[int], source: DrawSource) -> tuple[Ints, Ints]:
        """AP3-AP5: one bid each from eldest; the pitcher is the last to bid the best value
        (the dealer's equal bid under his privilege takes it)."""
        best = np.zeros(deals, dtype=np.int64)
        pitcher = np.zeros(deals, dtype=np.int64)
        low = self.min_bid
        top = self.max_bid  # AP3; SMR4
        for j, seat in enumerate(order):
            if j < len(order) - 1:  # [pass, max(best + 1, low) .. 4]
                first = np.maximum(best + 1, low)
                counts = 1 + np.maximum(0, top + 1 - first)
                k = source.choose(counts)
                value = np.where(k > 0, first + k - 1, 0)
            else:  # the dealer
                stuck = best == 0
                if self.privilege:  # [pass, best, best + 1 .. top]
                    counts = 2 + (top - best)
                    first = best
                else:  # [pass, best + 1 .. top]
                    counts = 1 + (top - best)
                    first = best + 1
                forced = 1 if self.stuck_two else top - STUCK_BID + 1  # AP5: [2] or [2 .. top]
                counts = np.where(stuck, forced, counts)
                k = source.choose(counts)
                value = np.where(stuck, STUCK_BID + k, np.where(k > 0, first + k - 1, 0))
            takes = (value > 0) & (value >= best)
            pitcher = np.where(takes, seat, pitcher)
            best = np.where(takes, value, best)
        return pitcher, best

    def _play(
        self, rules: TrickTwin, hands: Masks, pitcher: Ints, source: DrawSource
    ) -> tuple[Masks, Ints, Ints]:
        """AP6, AP7 by the variant's trick rules (follow suit or trump, any card when void;
        Smear's jick, SMR3): the pitcher leads, his first card names trump, and the highest
        trump, else the highest card of the suit led, wins (C6). Returns the cards won and
        tricks per seat, and each deal's trump suit."""
        n = self.players
        deals = len(hands)
        named: list[Ints] = []

        def pitch(number: int, index: Ints) -> Masks | None:
            """AP6: the pitch, the first card led, names trump."""
            if number:
                return None
            named.append(index // 13)
            trumps: Masks = SUIT_OF[index]
            return trumps

        played = play_tricks(
            rules,
            hands.T.copy().reshape(-1),  # seat-major: seat s of deal d at s * deals + d
            players=n,
            leader=pitcher * deals + np.arange(deals),
            trump=np.zeros(deals, dtype=_U),
            tricks=TRICKS,
            choose=source.choose,
            after_lead=pitch,
        )
        won, tricks = played.won.reshape(n, deals).T, played.tricks.reshape(n, deals).T
        return won, tricks, named[0].astype(np.int64)

    def _holder(self, masks: Masks, card: Masks) -> Ints:
        """The seat whose mask holds ``card`` (-1: nobody)."""
        seat = np.full(len(card), -1, dtype=np.int64)
        for s in range(self.players):
            seat += (s + 1) * ((masks[:, s] & card) != 0)
        return seat

    def _items(
        self, dealt: Masks, won: Masks, trump: Ints, pitcher: Ints, bid: Ints
    ) -> tuple[tuple[ItemColumn, ...], Ints]:
        """AP8-AP10 in the order of D-AP2: the pitcher's side's High, Low, Jack, Game and smudge
        (when it made its bid), its set-back (when not), then the others' High, Low, Jack, Game
        and smudge. Each column holds its item only in the deals where it has that place."""
        n = self.players
        deals = len(dealt)
        rows = np.arange(deals)
        trumps = SUIT_MASK[trump]
        in_play = np.zeros(deals, dtype=_U)
        everyone = np.zeros(deals, dtype=_U)
        for seat in range(n):
            in_play |= dealt[:, seat] & trumps
            everyone |= dealt[:, seat]
        high = bits(high_bit(in_play))
        low = bits(low_bit(in_play))
        jack = bits(trump * 13 + _JACK_RANK)
        if "jick" in self.points:  # SMR3: the jick is High or Low when no trump is above/below
            jick = _JICKS[trump]
            jick_in = (everyone & jick) != 0
            above = _ABOVE_JICK[trump]
            high = pick(jick_in & ((in_play & above) == 0), jick, high)
            low = pick(jick_in & ((in_play & ~above) == 0), jick, low)
        seats: dict[str, Ints] = {
            "high": self._holder(dealt, high),
            "low": self._holder(won if self.capturer else dealt, low),
            "jack": self._holder(won, jack),
        }
        cards: dict[str, Masks] = {"high": high, "low": low, "jack": jack * (seats["jack"] >= 0)}
        if "jick" in self.points:  # SMR5: to the seat that wins it
            seats["jick"] = self._holder(won, jick)
            cards["jick"] = jick * (seats["jick"] >= 0)
        for name, index in (("black_joker", 52), ("red_joker", 53)):  # SMR8: to the taker
            if name in self.points:
                joker = np.full(deals, BIT[index], dtype=_U)
                seats[name] = self._holder(won, joker)
                cards[name] = joker * (seats[name] >= 0)
        if "trey" in self.points:
            trey = _TREYS[trump]
            seats["trey"] = self._holder(won, trey)
            cards["trey"] = trey * (seats["trey"] >= 0)
        # AP8 Game: the unit with the most counting points, credited to its member with more
        values = np.zeros((n, deals), dtype=np.int64)
        for seat in range(n):
            for pattern in suit_patterns(won[:, seat]):
                values[seat] += _GAME13[pattern]
        unit_counts = np.stack([values[m].sum(axis=0) for m in self.members], axis=1)
        best = unit_counts.max(axis=1)
        at_best = unit_counts == best[:, None]
        unique = at_best.sum(axis=1) == 1
        unit = np.argmax(at_best, axis=1)
        game_seat = np.array([m[0] for m in self.members])[unit]
        if self.sides:
            second = np.array([m[1] for m in self.members])[unit]
            more = values[second, rows] > values[game_seat, rows]
            game_seat = np.where(more, second, game_seat)
        seats["game"] = np.where(unique, game_seat, -1)
        unit_cards = np.zeros(deals, dtype=_U)
        for i, m in enumerate(self.members):
            side_cards = np.zeros(deals, dtype=_U)
            for seat in m:
                side_cards |= won[:, seat]
            unit_cards |= (side_cards & _COUNTING) * (unit == i)
        cards["game"] = unit_cards
        # AP9: the pitcher's side makes its bid with as many points as it bid
        mine = self.unit_of[pitcher]
        own = {
            name: (seats[name] >= 0) & (self.unit_of[np.maximum(seats[name], 0)] == mine)
            for name in self.points
        }
        taken = sum(WORTH[name] * own[name].astype(np.int64) for name in self.points)
        made = taken >= bid
        columns: list[ItemColumn] = []
        for name in self.points:
            columns.append(
                self._column(
                    name, own[name] & made, seats[name], cards[name], points=WORTH[name],
                    rule=_RULE[name],
                )
            )  # fmt: skip
        all_four = sum(own[name].astype(np.int64) for name in self.points) == SMUDGE_POINTS
        if self.smudge == "off":
            own_smudge = np.zeros(deals, dtype=np.bool_)
        elif self.smudge == "bidder":
            own_smudge = made & all_four & (bid == self.max_bid)
        else:
            own_smudge = made & all_four
        columns.append(self._column("smudge", own_smudge, pitcher, None, points=0, rule="AP10"))
        columns.append(self._column("set_back", ~made, pitcher, None, points=-bid, rule="AP9"))
        others = {name: (seats[name] >= 0) & ~own[name] for name in self.points}
        for name in self.points:
            columns.append(
                self._column(
                    name, others[name], seats[name], cards[name], points=WORTH[name],
                    rule=_RULE[name],
                )
            )  # fmt: skip
        other_four = sum(others[name].astype(np.int64) for name in self.points) == SMUDGE_POINTS
        other_smudge = other_four if self.smudge == "anyone" else np.zeros(deals, dtype=np.bool_)
        columns.append(
            self._column("smudge", other_smudge, seats["high"], None, points=0, rule="AP10")
        )
        return tuple(columns), unit_counts

    def _column(
        self,
        name: str,
        present: Bools,
        seat: Ints,
        cards: Masks | None,
        *,
        points: Ints | int = 1,
        rule: str = "AP8",
    ) -> ItemColumn:
        return item_column(
            name,
            LABELS[name],
            rule,
            present,
            seat=np.where(present, seat, -1),
            points=points,
            cards=None if cards is None else cards * present,
            sides=self.sides,
        )

    # --- whole parties ---------------------------------------------------------------------

    def play_parties(self, parties: int, source: PartyDraws) -> PartyBatchResult:
        """Play ``parties`` games (AP11) in lockstep: each step deals once in every game not yet
        won, grouped by dealer; seat 0 deals first and the deal passes to the left (AP2); the
        first side (or player) out counting each deal's items in order (D-AP2, D-AP5; a smudge
        at once, AP10) wins, and each loser pays 1 shared by the winners (D-AP8)."""
        n = self.players
        units = self.units
        scores = np.zeros((parties, units), dtype=np.int64)
        dealer = np.zeros(parties, dtype=np.int64)
        number = np.zeros(parties, dtype=np.int64)
        winner = np.full(parties, -1, dtype=np.int64)
        steps = []
        live = np.arange(parties)
        while len(live):
            groups = [(d, live[dealer[live] == d]) for d in range(n)]  # one deal per game
            for d, rows in groups:
                if not len(rows):
                    continue
                before = scores[rows]
                deals = self.play(len(rows), source.deals(rows, number[rows]), dealer=d)
                if self.smear:
                    winner[rows] = self._smear_out(before, deals)
                else:
                    winner[rows] = self._first_out(before, deals)
                scores[rows] = before + deals.points
                steps.append(
                    PartyStep(rows, number[rows], np.full(len(rows), d), deals, scores[rows])
                )
                number[rows] += 1
                dealer[rows] = (d + 1) % n
            live = live[winner[live] < 0]
            if len(live) and int(number[live].max()) >= self.max_deals:
                raise KozyrError(
                    f"{self.variant.name}: {len(live)} of {parties} games of the batch did not "
                    f"end after {self.max_deals} deals: random bots are set back far more often "
                    "than they make their bids (AP9), so their games rarely reach the target; play "
                    "parties with the heuristic bot (the reference engine), or with smudge=anyone"
                )
        seat_unit = self.unit_of
        wins = seat_unit[None, :] == winner[:, None]
        size = len(self.members[0])
        extra = {
            "scores": ExtraColumn("ints", scores),
            "target": ExtraColumn("int", np.full(parties, self.target)),
            "by": ExtraColumn(
                "category", np.full(parties, 0 if self.sides else 1), ("side", "seat")
            ),
        }
        if self.win_by != 1:
            extra["win_by"] = ExtraColumn("int", np.full(parties, self.win_by))
        return PartyBatchResult(
            players=n,
            count=parties,
            steps=tuple(steps),
            wins=wins,
            losses=~wins,
            extra=extra,
            net=np.where(wins, n - size, -size),
            net_denominator=size,
        )

    def _out(self, running: Ints, unit: Ints) -> Bools:
        """AP11, D-AP5: whether ``unit`` (one per row) is out with these running totals."""
        rows = np.arange(len(running))
        mine = running[rows, unit]
        out: Bools = mine >= self.target
        if self.win_by > 1:
            others = running.copy()
            others[rows, unit] = np.iinfo(np.int64).min
            out &= mine - others.max(axis=1) >= self.win_by
        return out

    def _smear_out(self, scores: Ints, deals: BatchResult) -> Ints:
        """SMR6, D-SMR4 (:func:`kozyr_pitch.scoring.smear_out`): after the deal, the side (or
        player) with the most points at the target or above wins; a tie for the most to the
        pitcher's side, else nobody (-1)."""
        final = scores + deals.points
        rows = np.arange(len(final))
        best = final.max(axis=1)
        top = final == best[:, None]
        mine = self.unit_of[deals.extra["pitcher"].values]
        alone = top.sum(axis=1) == 1
        first = np.where(top[rows, mine], mine, np.where(alone, np.argmax(top, axis=1), -1))
        out: Ints = np.where(best >= self.target, first, -1)
        return out

    def _first_out(self, scores: Ints, deals: BatchResult) -> Ints:
        """D-AP2: the side (or player) first out counting each deal's items in order from the
        running ``scores`` (-1: nobody): a smudge wins at once; after a set-back every other
        side is looked at, from the next one (:func:`kozyr_pitch.scoring.going_out`)."""
        running = scores.copy()
        first = np.full(len(scores), -1, dtype=np.int64)
        for column in deals.items:
            unit = column.side if self.sides else column.seat
            scored = np.flatnonzero((unit >= 0) & (first < 0))
            if not len(scored):
                continue
            u = unit[scored].astype(np.int64)
            if column.name == "smudge":
                first[scored] = u
                continue
            running[scored, u] += column.points[scored]
            if column.name != "set_back":
                out = self._out(running[scored], u)
                first[scored[out]] = u[out]
                continue
            for k in range(1, self.units):
                other = (u + k) % self.units
                open_ = first[scored] < 0
                out = self._out(running[scored], other) & open_
                first[scored[out]] = other[out]
        return first


#: The rule each point's item cites (AP8; the jick and the trey SMR5, the jokers SMR8).
_RULE = {
    name: "SMR5" if name in ("jick", "trey") else "SMR8" if "joker" in name else "AP8"
    for name in SMEAR_POINTS
}

__all__ = ["PitchBatch", "SmearTwin"]
