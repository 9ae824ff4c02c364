"""Seven Up played by random bots on a whole batch of deals at once (numpy; ``kozyr[fast]``).

The same deal as the reference engine (:mod:`kozyr_seven_up.variant`), phase by phase, with each
step done for every deal of the batch together: SU3 the deal of two rounds of three from eldest
and the turn-up; SU4 stand or beg, give or run, running the cards (D-SU2 void deals) and the
discards down to six; SU5 the play of six tricks; SU6 the points, SU3/D-SU1 turned jacks and the
SU4/D-SU4 gifts. Random choices are the reference's: the ``k``-th of the legal actions in the
order :meth:`SevenUp.decision_actions` and the engine list them (cards in card order), drawn
from a :class:`kozyr.batch.DrawSource`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from kozyr import Deck, Rank, Suit
from kozyr.batch import (
    BIT,
    SUIT_MASK,
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
    count,
    high_bit,
    item_column,
    low_bit,
    pick,
    select,
    suit_patterns,
    unit_points,
)
from kozyr.batch.tricks import play_tricks, twin
from kozyr_seven_up.outcome import CLUB_KEEP, HAND_SIZE
from kozyr_seven_up.scoring import COUNT, LABELS

if TYPE_CHECKING:
    from kozyr_seven_up.variant import SevenUp

TRICKS = HAND_SIZE  # SU3: six cards each, six tricks
_U = np.uint64
assert [card.index for card in Deck.of_size(52).cards] == list(range(52))
#: SU6 Game value of each 13-bit suit pattern, from the reference's COUNT.
_GAME13 = np.array(
    [sum(v for r, v in COUNT.items() if p >> (r - 2) & 1) for p in range(1 << 13)],
    dtype=np.int64,
)
_COUNTING = np.uint64(sum(((1 << (r - 2)) << (13 * s)) for r in COUNT for s in range(4)))
_JACK_RANK = Rank.JACK - 2
_SUIT_TEXT = tuple(str(suit) for suit in Suit)


class SevenUpBatch:
    """The batch form of one :class:`SevenUp` variant object (its options fixed)."""

    pack_size = 52

    def __init__(self, variant: SevenUp) -> None:
        self.variant = variant
        self.players = variant.players
        self.sides = variant.sides
        self.trick_rules = twin(variant.trick_rules)  # SU5, the reference's own policy
        self.tie_eldest = variant.options["game_tie"] == "eldest"
        self.max_runs = variant.max_runs()
        self.target = int(variant.options["target"])  # SU7, SU-O1
        self.win_by = int(variant.options["win_by"])  # D-SU6
        self.low_to_capturer = variant.options["low_to"] == "capturer"  # SU-O2
        self.keep_nine = int(variant.options["keep_after_run"]) == CLUB_KEEP  # SU-O3

    def play(
        self, deals: int, source: DrawSource, *, dealer: int = 0, gift: Bools | None = None
    ) -> BatchResult:
        """Deal, play and score ``deals`` deals dealt by ``dealer``; ``gift`` says in which
        deals the dealer may give (D-SU4, in a party), None: in all (a deal outside a party)."""
        count_ = deals
        n = self.players
        cards = source.packs(count_, 52)  # the standard 52-card pack is in card-index order
        eldest = (dealer + 1) % n
        order = [(eldest + i) % n for i in range(n)]
        # SU3: two rounds of three from eldest, then the turn-up.
        bits = BIT[cards[:, : HAND_SIZE * n].T]  # position by deal: each card dealt as a mask
        seat_major = np.zeros((n, count_), dtype=_U)
        for j, seat in enumerate(order):
            for position in (*range(3 * j, 3 * j + 3), *range(3 * n + 3 * j, 3 * n + 3 * j + 3)):
                seat_major[seat] |= bits[position]
        hands = seat_major.T.copy()
        turnup = cards[:, HAND_SIZE * n]
        # SU4: eldest stands or begs; to a beg the dealer gives or runs.
        beg = source.choose(np.full(count_, 2)) == 1
        beggars = np.flatnonzero(beg)
        # D-SU4: a dealer who may not give has one decision, to run (nothing is drawn)
        choices = np.full(len(beggars), 2) if gift is None else 1 + gift[beggars]
        ran = beggars[(source.choose(choices, beggars) == 1) | (choices == 1)]
        give = beg.copy()
        give[ran] = False
        last = turnup.copy()
        runs = np.zeros(count_, dtype=np.int64)
        void = np.zeros(count_, dtype=np.bool_)
        if len(ran):
            self._run(ran, hands, cards, last, runs, void, order, source)
        trump = (last // 13 + 1) * ~void - 1  # -1: no trump (D-SU2)
        dealt = hands.copy()  # the hands in play (a record's ``hands``)
        # Every deal is played, then void deals (D-SU2: no play) are wiped: cheaper than
        # leaving them out, and what they draw comes after their last real decision.
        nine = (runs == 1) & ~void if self.keep_nine else None  # SU-O3: nine cards, nine tricks
        if nine is None or not nine.any():
            won, tricks = self._play(hands, trump, eldest, np.arange(count_), source)
        else:
            won = np.zeros((count_, n), dtype=_U)
            tricks = np.zeros((count_, n), dtype=np.int64)
            for rows, size in ((np.flatnonzero(~nine), TRICKS), (np.flatnonzero(nine), CLUB_KEEP)):
                if len(rows):
                    won[rows], tricks[rows] = self._play(
                        hands[rows], trump[rows], eldest, rows, source, size
                    )
        won[void] = 0
        tricks[void] = 0
        first_jack = turnup % 13 == _JACK_RANK
        last_jack = (runs > 0) & ~void & (last % 13 == _JACK_RANK)
        values = self._game_values(won)
        items = self._items(
            dealer, dealt, won, values, trump, turnup, last, first_jack, last_jack, give
        )
        return BatchResult(
            players=n,
            sides=self.sides,
            tricks=tricks,
            points=unit_points(n, self.sides, items),
            items=items,
            extra={
                "trump": ExtraColumn("category", trump, _SUIT_TEXT),
                "game_points": ExtraColumn("ints", self._game_counts(values)),
                "void": ExtraColumn("bool", void),
            },
        )

    def play_parties(self, parties: int, source: PartyDraws) -> PartyBatchResult:
        """Play ``parties`` games to 7 (SU7) in lockstep: each step deals once in every game
        not yet won, grouped by dealer. Seat 0 deals first; the deal passes clockwise (SU2),
        but after a void deal the same dealer deals again (D-SU2); the dealer may not give a
        point that would bring a receiver to 7 unless ``gift_may_win`` (D-SU4); the first side
        (or player) to reach 7, counting each deal's points in sheet order (turned jacks, gift,
        High, Low, Jack, Game), wins (SU7), and each loser pays 1 shared by the winners."""
        n = self.players
        units = len(self.sides) if self.sides else n
        target = self.target
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
                allowed = self._gift_allowed(before, d, target)
                deals = self.play(
                    len(rows), source.deals(rows, number[rows]), dealer=d, gift=allowed
                )
                winner[rows] = self._first_to(before, deals, target)
                scores[rows] = before + deals.points
                void = deals.extra["void"].values
                steps.append(
                    PartyStep(rows, number[rows], np.full(len(rows), d), deals, scores[rows])
                )
                number[rows] += 1
                dealer[rows] = np.where(void, d, (d + 1) % n)  # D-SU2, SU2
            live = live[winner[live] < 0]
        members = [list(side) for side in self.sides] if self.sides else [[s] for s in range(n)]
        seat_unit = np.array([next(u for u, m in enumerate(members) if s in m) for s in range(n)])
        wins = seat_unit[None, :] == winner[:, None]
        losses = ~wins
        size = len(members[0])  # every unit has as many seats: the winners share the stake
        net = np.where(wins, n - size, -size)
        return PartyBatchResult(
            players=n,
            count=parties,
            steps=tuple(steps),
            wins=wins,
            losses=losses,
            extra={
                "scores": ExtraColumn("ints", scores),
                "target": ExtraColumn("int", np.full(parties, target)),
                "by": ExtraColumn(
                    "category", np.full(parties, 0 if self.sides else 1), ("side", "seat")
                ),
            }
            | (  # D-SU6: the reference names win_by only when it is not 1
                {"win_by": ExtraColumn("int", np.full(parties, self.win_by))}
                if self.win_by != 1
                else {}
            ),
            net=net,
            net_denominator=size,
        )

    def _gift_allowed(self, scores: Ints, dealer: int, target: int) -> Bools:
        """D-SU4: whether the dealer may give in each party: unless ``gift_may_win``, not
        when the point would bring a receiver (:meth:`SevenUp.gift_receivers`) to ``target``."""
        allowed = np.ones(len(scores), dtype=np.bool_)
        if not self.variant.options["gift_may_win"]:
            running = scores.copy()
            for unit in self.variant.gift_receivers(dealer):  # in play order (D-SU4)
                running[:, unit] += 1
                allowed &= ~self._out(running, np.full(len(scores), unit), target)
        return allowed

    def _out(self, running: Ints, unit: Ints, target: int) -> Bools:
        """Whether ``unit`` (one per row) is out with these running totals: ``target`` or more
        (SU7, SU-O1) and, with ``win_by`` 2, two ahead of every other side or player (D-SU6)."""
        rows = np.arange(len(running))
        mine = running[rows, unit]
        out: Bools = mine >= target
        if self.win_by > 1:
            others = running.copy()
            others[rows, unit] = np.iinfo(np.int64).min
            out &= mine - others.max(axis=1) >= self.win_by
        return out

    def _first_to(self, scores: Ints, deals: BatchResult, target: int) -> Ints:
        """SU7: the side (or player) that first reaches ``target`` counting each deal's items
        in sheet order from the running ``scores`` (-1: nobody reaches it)."""
        running = scores.copy()
        first = np.full(len(scores), -1, dtype=np.int64)
        rows = np.arange(len(scores))
        for column in deals.items:
            unit = column.side if self.sides else column.seat
            scored = np.flatnonzero(unit >= 0)
            running[rows[scored], unit[scored]] += column.points[scored]
            out = self._out(running[scored], unit[scored], target)
            reached = scored[out & (first[scored] < 0)]
            first[reached] = unit[reached]
        return first

    def _run(
        self,
        ran: Ints,
        hands: Masks,
        cards: Ints,
        last: Ints,
        runs: Ints,
        void: np.ndarray,
        order: list[int],
        source: DrawSource,
    ) -> None:
        """SU4 running the cards in the deals ``ran`` (in place): the turn-up goes under the
        stock, three more cards each and a new turn-up while it shows the refused suit; D-SU2:
        void when the stock cannot supply another round and turn-up. Then each player from
        eldest discards down to six, one card at a time."""
        n = self.players
        held = hands[ran]
        stock = cards[ran]  # the packs of these deals
        refused = stock[:, HAND_SIZE * n] // 13
        turned = stock[:, HAND_SIZE * n]
        times = np.zeros(len(ran), dtype=np.int64)
        running = np.ones(len(ran), dtype=np.bool_)
        for r in range(self.max_runs):
            top = HAND_SIZE * n + 1 + r * (3 * n + 1)
            for j, seat in enumerate(order):
                first = top + 3 * j
                packet = BIT[stock[:, first]] | BIT[stock[:, first + 1]] | BIT[stock[:, first + 2]]
                held[:, seat] |= packet * running
            turned = pick(running, stock[:, top + 3 * n], turned)
            times += running
            running &= turned // 13 == refused
        # still the refused suit after the last possible run: void (D-SU2)
        last[ran], runs[ran], void[ran] = turned, times, running
        keep = ~running
        rows, held_kept, times_kept = ran[keep], held[keep], times[keep]
        dropped = 3 * times_kept
        if self.keep_nine:  # SU-O3: after a single run every player keeps his nine cards
            dropped[times_kept == 1] = 0
        for seat in order:
            hand = held_kept[:, seat].copy()
            for t in range(3 * self.max_runs):
                active = np.flatnonzero(t < dropped)
                if not len(active):
                    break
                cards_held = hand[active]
                k = source.choose(count(cards_held), rows[active])
                hand[active] = cards_held ^ BIT[select(cards_held, k)]
            held_kept[:, seat] = hand
        held[keep] = held_kept
        hands[ran] = held

    def _play(
        self,
        hands: Masks,
        trump: Ints,
        eldest: int,
        rows: Ints,
        source: DrawSource,
        tricks_per_deal: int = TRICKS,
    ) -> tuple[Masks, Ints]:
        """SU5: six tricks (nine with nine cards kept, SU-O3), eldest leading, by the variant's
        own trick rules (follow suit or trump, else trump, else any card; or any card when void
        with ``void_may_discard``) and the C6 winner. Returns the cards won and tricks per
        seat."""
        n = self.players
        deals = len(hands)
        played = play_tricks(
            self.trick_rules,
            hands.T.copy().reshape(-1),  # seat-major: seat s of deal d at s * deals + d
            players=n,
            leader=eldest * deals + np.arange(deals),
            trump=SUIT_MASK[trump],
            tricks=tricks_per_deal,
            choose=lambda counts: source.choose(counts, rows),
        )
        return played.won.reshape(n, deals).T, played.tricks.reshape(n, deals).T

    def _game_values(self, won: Masks) -> Ints:
        """SU6 Game count of the cards each seat won."""
        values = np.zeros(won.shape[::-1], dtype=np.int64)  # seat-major, returned deal by seat
        for seat in range(self.players):
            for pattern in suit_patterns(won[:, seat]):
                values[seat] += _GAME13[pattern]
        return values.T

    def _game_counts(self, values: Ints) -> Ints:
        """SU6 Game count per side (or seat)."""
        if self.sides:
            return np.stack([values[:, list(side)].sum(axis=1) for side in self.sides], axis=1)
        return values

    def _items(
        self,
        dealer: int,
        dealt: Masks,
        won: Masks,
        values: Ints,
        trump: Ints,
        turnup: Ints,
        last: Ints,
        first_jack: np.ndarray,
        last_jack: np.ndarray,
        give: np.ndarray,
    ) -> tuple[ItemColumn, ...]:
        n = self.players
        count_ = len(dealt)
        nothing = np.zeros(count_, dtype=_U)
        eldest = (dealer + 1) % n
        columns = [
            # SU3: the first turn-up's jack scores for the dealer at once, even if run;
            # D-SU1: a jack turned up while running scores when its suit becomes trump.
            self._column("turned_jack", "SU3", _seat_if(first_jack, dealer), bits(turnup)),
            self._column("turned_jack", "D-SU1", _seat_if(last_jack, dealer), bits(last)),
        ]
        # SU4: the gift to eldest's side; D-SU4: with three players one point to each opponent,
        # in play order from eldest.
        if n == 3:
            for seat in (eldest, (eldest + 1) % n):
                columns.append(self._column("gift", "D-SU4", _seat_if(give, seat), nothing))
        else:
            columns.append(self._column("gift", "SU4", _seat_if(give, eldest), nothing))
        # SU6 High and Low: the highest and lowest trump in play, to the player it was dealt to.
        trumps = SUIT_MASK[trump]
        in_play = np.zeros(count_, dtype=_U)
        for seat in range(n):
            in_play |= dealt[:, seat] & trumps
        any_trump = in_play != 0
        for name, card in (("high", high_bit(in_play)), ("low", low_bit(in_play))):
            mask = bits(np.where(any_trump, card, -1))
            if name == "low" and self.low_to_capturer:  # SU-O2: to whoever wins it in a trick
                columns.append(self._column(name, "SU-O2", self._holder(won, mask), mask))
            else:
                columns.append(self._column(name, "SU6", self._holder(dealt, mask), mask))
        # SU6 Jack: the trump jack, to the player who won it in a trick.
        jack = bits(np.where(trump >= 0, trump * 13 + _JACK_RANK, -1))
        columns.append(self._column("jack", "SU6", self._holder(won, jack), jack))
        columns.extend(self._game(won, values, eldest, trump >= 0))
        return tuple(columns)

    def _column(self, name: str, rule: str, seat: Ints, cards: Masks) -> ItemColumn:
        """One-point items ``name`` for ``seat`` (-1: none), with its side in partnership (C5)."""
        return item_column(
            name, LABELS[name], rule, seat >= 0, seat=seat, cards=cards, sides=self.sides
        )

    def _holder(self, masks: Masks, card: Masks) -> Ints:
        """The seat whose mask holds ``card`` (-1: nobody, or no card)."""
        seat = np.full(len(card), -1, dtype=np.int64)
        for s in range(self.players):  # at most one seat holds the card
            seat += (s + 1) * ((masks[:, s] & card) != 0)
        return seat

    def _game(self, won: Masks, values: Ints, eldest: int, played: np.ndarray) -> list[ItemColumn]:
        """SU6 Game: the side (or seat) with the highest count, credited to the member who took
        more counting points (the first on a tie); D-SU3 option: a tie goes to the first tied
        unit from eldest."""
        n = self.players
        count_ = len(won)
        members = [list(side) for side in self.sides] if self.sides else [[s] for s in range(n)]
        units: list[Ints] = [values.T[m].sum(axis=0) for m in members]  # each unit's count
        best = units[0]
        for unit_count in units[1:]:
            best = np.maximum(best, unit_count)
        at_best: list[Bools] = [unit_count == best for unit_count in units]
        tied = sum(here.astype(np.int64) for here in at_best)
        unique = played & (tied == 1)
        unit = np.zeros(count_, dtype=np.intp)  # the first unit with the best count
        for i in range(len(units) - 1, -1, -1):
            unit += (i - unit) * at_best[i]
        if self.sides:  # C5: the member with more counting points, the first on a tie
            first = np.array([m[0] for m in members])[unit]
            second = np.array([m[1] for m in members])[unit]
            seat_values = values.T.reshape(-1)  # seat-major
            rows = np.arange(count_)
            more = seat_values[second * count_ + rows] > seat_values[first * count_ + rows]
            seat: Ints = pick(more, second, first)
        else:
            seat = unit
        unit_of = np.array([next(i for i, m in enumerate(members) if s in m) for s in range(n)])
        cards = self._unit_cards(won, members, unit)
        columns = [self._column("game", "SU6", _seat_if(unique, seat), cards)]
        if self.tie_eldest:
            tie = played & (tied > 1)
            chosen = np.full(count_, -1, dtype=np.intp)
            for i in range(n - 1, -1, -1):
                s = (eldest + i) % n
                chosen += (s - chosen) * at_best[unit_of[s]]
            tie_unit = unit_of[np.maximum(chosen, 0)]
            tie_cards = self._unit_cards(won, members, tie_unit)
            columns.append(self._column("game", "D-SU3", _seat_if(tie, chosen), tie_cards))
        return columns

    def _unit_cards(self, won: Masks, members: list[list[int]], unit: Ints) -> Masks:
        """The counting cards the members of each deal's ``unit`` won."""
        cards = np.zeros(len(won), dtype=_U)
        for i, m in enumerate(members):
            side_cards = np.zeros(len(won), dtype=_U)
            for seat in m:
                side_cards |= won[:, seat]
            cards |= (side_cards & _COUNTING) * (unit == i)
        return cards


def _seat_if(condition: np.ndarray, seat: Ints | int) -> Ints:
    """``seat`` where ``condition`` holds, else -1 (bool arithmetic, faster than np.where)."""
    found: Ints = (np.asarray(seat) + 1) * condition - 1
    return found


__all__ = ["SevenUpBatch"]
