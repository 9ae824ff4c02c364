"""Семерик played by random bots on a whole batch of deals at once (numpy; ``kozyr[fast]``).

The reference deal (:mod:`kozyr_semerik.variant`) step by step, each step for every deal of the
batch together: SM3 the deal in packets from eldest; SM6 the declarations of each hand as dealt,
looked up per 13-bit suit pattern; SM4/SM5 ten tricks (follow suit, else any card; the highest
live heart wins, else the highest card of the suit led, in SM2 order); SM7 counters and the
nine-trick and all-tricks bonuses. Random choices are the reference's: the ``k``-th legal card in
card order, drawn from a :class:`kozyr.batch.DrawSource`. :meth:`SemerikBatch.play_parties`
plays whole rubbers in lockstep: three games to 21 (SM8-SM11, D-SM5), deal after deal.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import numpy as np

from kozyr import CardSet, Deck, Rank, ScoreItem, Suit
from kozyr.batch import (
    BIT,
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
    count,
    item_column,
    pick,
    suit_patterns,
    unit_points,
)
from kozyr.batch.tricks import play_tricks, twin
from kozyr_semerik.outcome import TRICKS  # SM3: ten tricks a deal
from kozyr_semerik.scoring import (
    COUNTER_MASK,
    COUNTERS_LABELS,
    COUNTERS_PER_POINT,
    DECLARATIONS,
    DOUBLE_BELOW,
    GAMES_PER_RUBBER,
    PACKETS,
    QUAD,
    RANK_CARDS,
    SEATS,
    SIDES,
    STRENGTH,
    TARGET,
    TRIPLE,
    GameResult,
    bonus_items,
    rank_item,
    suit_items,
)

if TYPE_CHECKING:
    from kozyr_semerik.variant import Semerik

_U = np.uint64
_PACK = np.array([card.index for card in Deck.of_size(40).cards], dtype=np.int64)
#: The bits of the SM2 sequence 3 2 A K Q J 7 6 5 4 within a suit pattern, in order.
_SEQUENCE_BITS = [rank - 2 for rank in STRENGTH]
#: Per 13-bit suit pattern: how many cards run unbroken from the three down (SM6).
_RUN = np.zeros(1 << 13, dtype=np.int64)
for _pattern in range(1 << 13):
    _length = 0
    for _bit in _SEQUENCE_BITS:
        if not _pattern >> _bit & 1:
            break
        _length += 1
    _RUN[_pattern] = _length
_COUNTERS = np.uint64(COUNTER_MASK)
_WON_ON = ("declarations", "play")  # SM8: a game won on a declaration or in play


def _run_cards(suit: int, length: int) -> int:
    """The mask of the first ``length`` cards of ``suit``'s SM2 sequence."""
    return sum(1 << (suit * 13 + bit) for bit in _SEQUENCE_BITS[:length])


@dataclass(frozen=True)
class _Slot:
    """One column of a suit's declarations (SM6, D-SM2), compiled from the reference's own
    :func:`~kozyr_semerik.scoring.suit_items`: the item's name, labels, rule and points, and per
    run length (0 to the whole suit, from the three down) whether the item is there and which
    cards it takes."""

    name: str
    labels: tuple[str, str]
    rule: str
    points: int
    present: Bools
    cards: Masks

    @staticmethod
    def of(items: dict[int, ScoreItem]) -> _Slot:
        """The slot of one reference item, from the item found at each run length."""
        first = next(iter(items.values()))
        assert all((i.label_ru, i.label_en, i.points) == first[1:4] for i in items.values())
        present = np.zeros(len(STRENGTH) + 1, dtype=np.bool_)
        cards = np.zeros(len(STRENGTH) + 1, dtype=_U)
        for length, item in items.items():
            present[length] = True
            cards[length] = CardSet(item.cards).mask
        points = first.points
        assert isinstance(points, int)  # SM6 scores whole points
        labels = (first.label_ru, first.label_en)
        return _Slot(first.name, labels, first.rule, points, present, cards)


def _suit_slots(suit: Suit, trena: str) -> list[_Slot]:
    """The declaration columns of one suit, in the reference's order: the reference scores the
    run of each length from the three down (a баба, its extensions K Q J, a трена; SM6, D-SM2),
    and each item it gives at some length is one column (the n-th item of a name its own)."""
    found: dict[tuple[str, str, int], dict[int, ScoreItem]] = {}
    for length in range(len(STRENGTH) + 1):
        run = CardSet(_run_cards(suit, length))
        seen: dict[str, int] = {}
        for item in suit_items(run, suit, trena=trena):
            nth = seen[item.name] = seen.get(item.name, -1) + 1
            found.setdefault((item.name, item.rule, nth), {})[length] = item
    return [_Slot.of(items) for items in found.values()]


def _rank_items(rank: Rank, quads: str) -> tuple[ScoreItem, ScoreItem]:
    """The reference's triple and quad of ``rank`` (SM6, D-SM3): three of its cards, and four."""
    every = RANK_CARDS[rank]
    triple = rank_item(CardSet(list(every)[:3]), rank, quads=quads)
    quad = rank_item(every, rank, quads=quads)
    assert triple is not None and quad is not None
    return triple, quad


class SemerikBatch:
    """The batch form of one :class:`Semerik` variant object (its options fixed)."""

    pack_size = 40
    #: Rubbers per batch in a simulation: a batch holds every deal of its rubbers (some 14 each,
    #: of about 200 item columns) until tallied. Measured: 4,096 rubbers peak at 170 MB and play
    #: 12,000 rubbers/s, 16,384 at 550 MB and 15,000/s, 2,048 at 110 MB and 8,900/s.
    party_batch_size = 4096

    def __init__(self, variant: Semerik) -> None:
        self.packets = PACKETS[str(variant.options["packets"])]
        self.quads = str(variant.options["quads"])
        self.cumulative = variant.options["counter_mode"] == "cumulative"
        # SM6 option trena: seven in sequence (D-SM2: eight to ten too), or the whole suit
        trena = str(variant.options["trena"])  # SM6 option: seven in sequence, or the whole suit
        self.suit_slots = [_suit_slots(suit, trena) for suit in Suit]
        self.rank_items = [(rank, *_rank_items(rank, self.quads)) for rank in STRENGTH]
        self.in_turn = variant.options["declarations"] == "in_turn"  # D-SM5
        # SM4, SM5, D-SM1: the reference's own trick rules, as their batch twin
        self.trick_rules = twin(variant.trick_rules)

    def play(self, deals: int, source: DrawSource, *, dealer: int = 0) -> BatchResult:
        """Deal, play and score ``deals`` deals dealt by ``dealer``."""
        cards = _PACK[source.packs(deals, 40)]
        card_bits = BIT[cards]
        eldest = (dealer + 1) % SEATS
        order = [(eldest + i) % SEATS for i in range(SEATS)]
        hands = np.zeros((deals, SEATS), dtype=_U)
        top = 0
        for size in self.packets:  # SM3: packets from eldest
            for seat in order:
                hands[:, seat] |= np.bitwise_or.reduce(card_bits[:, top : top + size], axis=1)
                top += size
        dealt = hands.copy()
        tricks_won, trick_cards, winners = self._play(hands, eldest, source)
        items: list[ItemColumn] = []
        for seat in order:  # SM6, SM8: declarations seat by seat from eldest
            items += self._declarations(dealt[:, seat], seat)
        declaration_columns = len(items)
        items += self._counters(trick_cards, winners, eldest)
        items += self._bonuses(tricks_won)
        declared = unit_points(SEATS, SIDES, items[:declaration_columns])
        played = unit_points(SEATS, SIDES, items[declaration_columns:])
        counter_cards = np.zeros((deals, 2), dtype=np.int64)
        rows = np.arange(deals)
        for t in range(TRICKS):
            np.add.at(
                counter_cards, (rows, winners[:, t] % 2), count(trick_cards[:, t] & _COUNTERS)
            )
        return BatchResult(
            players=SEATS,
            sides=SIDES,
            tricks=tricks_won,
            points=declared + played,
            items=tuple(items),
            extra={
                "by": ExtraColumn("category", np.zeros(deals, dtype=np.int64), ("side",)),
                "declarations": ExtraColumn("ints", declared),
                "play": ExtraColumn("ints", played),
                "counter_cards": ExtraColumn("ints", counter_cards),
            },
        )

    def play_parties(self, parties: int, source: PartyDraws) -> PartyBatchResult:
        """Play ``parties`` rubbers (SM11: three games to 21) in lockstep. Seat 0 deals first
        and the deal passes to the left (C1), so every rubber not yet over deals with the same
        dealer at each step. Each deal's points count in SM8 order (:meth:`_advance`); the first
        side to 21 wins the game, double when the losers had under 11 (SM8); points above 21
        reached in play start the winners' next game (SM9); the losing side pays each game's
        value to the winning side, each partner paying or receiving half (SM10)."""
        scores = np.zeros((parties, 2), dtype=np.int64)  # the game now being played
        game = np.ones(parties, dtype=np.int64)  # its number, 1 to 3
        number = np.zeros(parties, dtype=np.int64)  # deals played
        first = np.zeros(parties, dtype=np.int64)  # the first deal of the game now played
        # each party's finished games (game g at column g - 1), as GameResult holds one
        won_by = np.zeros((parties, GAMES_PER_RUBBER), dtype=np.int64)
        loser_at = np.zeros((parties, GAMES_PER_RUBBER), dtype=np.int64)
        in_play_at = np.zeros((parties, GAMES_PER_RUBBER), dtype=np.bool_)
        ended = np.zeros((parties, GAMES_PER_RUBBER, 2), dtype=np.int64)
        carried = np.zeros((parties, GAMES_PER_RUBBER), dtype=np.int64)
        deals_of = np.zeros((parties, GAMES_PER_RUBBER, 2), dtype=np.int64)  # first, last deal
        steps = []
        live = np.arange(parties)
        dealer = 0
        while len(live):
            deals = self.play(len(live), source.deals(live, number[live]), dealer=dealer)
            start = scores[live]
            end, winner, loser_score, in_play = self._advance(start, deals, (dealer + 1) % SEATS)
            won = winner >= 0
            rows = np.arange(len(live))
            side = np.maximum(winner, 0)
            carry = np.maximum(end[rows, side] - TARGET, 0) * in_play  # SM9
            playing = game[live]
            steps.append(
                PartyStep(
                    live,
                    number[live],
                    np.full(len(live), dealer),
                    self._with_game(deals, playing, start, end, winner, loser_score, in_play),
                    end,
                )
            )
            over, at = live[won], playing[won] - 1
            won_by[over, at] = winner[won]
            loser_at[over, at] = loser_score[won]
            in_play_at[over, at] = in_play[won]
            ended[over, at] = end[won]
            carried[over, at] = carry[won]
            deals_of[over, at, 0] = first[over]
            deals_of[over, at, 1] = number[over]
            # the next game starts from the carry (SM9), the same game from the deal's end
            next_scores = end * ~won[:, None]
            next_scores[rows[won], winner[won]] = carry[won]
            scores[live] = next_scores
            game[live] = playing + won
            number[live] += 1
            first[over] = number[over]
            live = live[game[live] <= GAMES_PER_RUBBER]
            dealer = (dealer + 1) % SEATS  # C1
        return self._rubbers(
            parties, steps, scores, won_by, loser_at, in_play_at, ended, carried, deals_of
        )

    def _advance(
        self, start: Ints, deals: BatchResult, eldest: int
    ) -> tuple[Ints, Ints, Ints, Bools]:
        """SM8, D-SM5: a batch of deals added to their games' ``start`` scores: the scores at
        the end of each deal, the side that reached 21 first (-1: none), the losers' score at
        that moment and whether it came in play (not on a declaration), as
        :func:`kozyr_semerik.scoring.advance` finds them."""
        count_ = len(start)
        score: Ints = start.T.copy()  # side by deal
        winner: Ints = np.full(count_, -1, dtype=np.int64)
        loser_score: Ints = np.zeros(count_, dtype=np.int64)
        in_play: Bools = np.zeros(count_, dtype=np.bool_)
        if self.in_turn:
            # D-SM5 in_turn: seat by seat from eldest. A seat's declarations all go to its side,
            # so its items cross 21 one by one exactly when their total does.
            declared = np.zeros((SEATS, count_), dtype=np.int64)
            for column in deals.items:
                if column.name in DECLARATIONS:
                    seat = int(column.seat.max())  # one seat's items (-1 where absent)
                    if seat >= 0:
                        declared[seat] += column.points
            for seat in [(eldest + i) % SEATS for i in range(SEATS)]:
                side, points = seat % 2, declared[seat]
                score[side] += points
                crossed = (winner < 0) & (points > 0) & (score[side] >= TARGET)
                winner = pick(crossed, np.full(count_, side), winner)
                loser_score = pick(crossed, score[1 - side], loser_score)
        else:
            # D-SM5 together: all the declarations at once; one side at 21 wins, both: the
            # higher total, equal totals eldest's side
            score += deals.extra["declarations"].values.T
            at = score >= TARGET
            higher: Ints = (score[1] > score[0]).astype(np.int64)
            tie: Ints = pick(score[0] == score[1], np.full(count_, eldest % 2), higher)
            side_won: Ints = pick(at[0] & at[1], tie, at[1].astype(np.int64))
            crossed = at[0] | at[1]
            winner = pick(crossed, side_won, winner)
            loser_score = pick(crossed, pick(side_won == 1, score[0], score[1]), loser_score)
        together = [c for c in deals.items if self.cumulative and c.name == "counters"]
        for column in deals.items:  # SM8: counters trick by trick, then the bonuses, one by one
            if column.name in DECLARATIONS:
                continue
            if together and column is together[0]:
                # D-SM6: both sides' cumulative counters together; both at 21: the higher
                # total, equal totals eldest's side
                for member in together:
                    score[0] += member.points * (member.side == 0)
                    score[1] += member.points * (member.side == 1)
                at = score >= TARGET
                higher = (score[1] > score[0]).astype(np.int64)
                tie = pick(score[0] == score[1], np.full(count_, eldest % 2), higher)
                side_won = pick(at[0] & at[1], tie, at[1].astype(np.int64))
                crossed = (winner < 0) & (at[0] | at[1])
                winner = pick(crossed, side_won, winner)
                loser_score = pick(crossed, pick(side_won == 1, score[0], score[1]), loser_score)
                in_play |= crossed
                continue
            if any(column is member for member in together):
                continue
            to_ours, to_theirs = column.side == 0, column.side == 1  # -1 where absent
            score[0] += column.points * to_ours
            score[1] += column.points * to_theirs
            crossed = (winner < 0) & (
                (to_ours & (score[0] >= TARGET)) | (to_theirs & (score[1] >= TARGET))
            )
            winner = pick(crossed, column.side, winner)
            loser_score = pick(crossed, pick(to_ours, score[1], score[0]), loser_score)
            in_play |= crossed
        return score.T.copy(), winner, loser_score, in_play

    def _with_game(
        self,
        deals: BatchResult,
        game: Ints,
        start: Ints,
        end: Ints,
        winner: Ints,
        loser_score: Ints,
        in_play: Bools,
    ) -> BatchResult:
        """The deals with the fields a deal of a game has (:meth:`Semerik.score`): the game, its
        scores at the start and end of the deal, and the game won in it (or None)."""
        double = loser_score < DOUBLE_BELOW  # SM8
        won = {
            "game": ExtraColumn("int", game),
            "winner": ExtraColumn("int", winner),
            "loser": ExtraColumn("int", 1 - winner),
            "value": ExtraColumn("int", TARGET * (1 + double)),
            "double": ExtraColumn("bool", double),
            "loser_score": ExtraColumn("int", loser_score),
            "won_on": ExtraColumn("category", in_play.astype(np.int64), _WON_ON),
            "scores": ExtraColumn("ints", end),
            "carry": ExtraColumn(
                "int",
                np.maximum(end[np.arange(len(end)), np.maximum(winner, 0)] - TARGET, 0) * in_play,
            ),
        }
        return replace(
            deals,
            extra={
                **deals.extra,
                "game": ExtraColumn("int", game),
                "start": ExtraColumn("ints", start),
                "running": ExtraColumn("ints", end),
                "game_won": ExtraColumn("object", winner >= 0, fields=won, or_none=True),
            },
        )

    def _rubbers(
        self,
        parties: int,
        steps: list[PartyStep],
        scores: Ints,
        won_by: Ints,
        loser_at: Ints,
        in_play_at: Bools,
        ended: Ints,
        carried: Ints,
        deals_of: Ints,
    ) -> PartyBatchResult:
        """SM10, SM11: the rubbers' settlement (each game's value, half to or from each partner)
        and fields, as :meth:`Semerik.score_party` gives them."""
        value = TARGET * (1 + (loser_at < DOUBLE_BELOW))  # SM8: 21, or 42 double
        side_net = np.zeros((parties, 2), dtype=np.int64)
        for g in range(GAMES_PER_RUBBER):
            side_net[:, 0] += value[:, g] * (1 - 2 * won_by[:, g])
        side_net[:, 1] = -side_net[:, 0]
        games_won = np.stack([(won_by == 0).sum(axis=1), (won_by == 1).sum(axis=1)], axis=1)
        winner = (games_won[:, 1] > games_won[:, 0]).astype(np.int64)  # three games: never tied
        seat_side = np.array([seat % 2 for seat in range(SEATS)])
        wins = seat_side[None, :] == winner[:, None]

        def games(party: int) -> list[dict[str, Any]]:
            return [
                GameResult(
                    g + 1,
                    int(won_by[party, g]),
                    int(loser_at[party, g]),
                    bool(in_play_at[party, g]),
                    (int(ended[party, g, 0]), int(ended[party, g, 1])),
                    int(carried[party, g]),
                    tuple(range(int(deals_of[party, g, 0]), int(deals_of[party, g, 1]) + 1)),
                ).to_json()
                for g in range(GAMES_PER_RUBBER)
            ]

        return PartyBatchResult(
            players=SEATS,
            count=parties,
            steps=tuple(steps),
            wins=wins,
            losses=~wins,
            extra={
                "by": ExtraColumn("category", np.zeros(parties, dtype=np.int64), ("side",)),
                "target": ExtraColumn("int", np.full(parties, TARGET)),
                "games": ExtraColumn("objects", np.full(parties, GAMES_PER_RUBBER), build=games),
                "games_won": ExtraColumn("ints", games_won),
                "rubber_complete": ExtraColumn("bool", np.ones(parties, dtype=np.bool_)),
                "game": ExtraColumn("none", np.zeros(parties, dtype=np.int64)),
                "scores": ExtraColumn("ints", scores),
                "net_by_side": ExtraColumn("fractions", side_net),
            },
            # SM10: a partner pays or receives half of each game's value
            net=side_net[:, seat_side],
            net_denominator=2,
        )

    def _play(self, hands: Masks, eldest: int, source: DrawSource) -> tuple[Ints, Masks, Ints]:
        """SM5: ten tricks; follow suit, else any card; SM4/D-SM1 winner. Returns tricks per
        seat, each trick's cards and each trick's winner."""
        deals = len(hands)
        played = play_tricks(
            self.trick_rules,
            hands.T.copy().reshape(-1),  # seat-major: seat s of deal d at s * deals + d
            players=SEATS,
            leader=eldest * deals + np.arange(deals),
            trump=np.zeros(deals, dtype=_U),  # SM4: a main suit, no trump
            tricks=TRICKS,
            choose=source.choose,
        )
        tricks_won = played.tricks.reshape(SEATS, deals).T.copy()
        return tricks_won, played.trick_cards, played.winners

    def _declarations(self, hand: Masks, seat: int) -> list[ItemColumn]:
        """SM6 for one seat: per suit (clubs, diamonds, hearts, spades) a трена, or a баба and its
        extensions; then each rank's triple (or D-SM3 quad) in SM2 order -- each column the
        reference's own item, looked up by the length of the suit's run from the three down."""
        columns: list[ItemColumn] = []
        patterns = suit_patterns(hand)
        deals = len(hand)
        for suit in Suit:
            run = _RUN[patterns[suit]]
            for slot in self.suit_slots[suit]:
                if slot.name == "trena":  # its cards: the run, of whatever length
                    cards = slot.cards[run]
                else:  # one mask for every deal (a view: an eighth of the memory)
                    cards = np.broadcast_to(slot.cards[slot.present][0], (deals,))
                columns.append(
                    item_column(
                        slot.name,
                        slot.labels,
                        slot.rule,
                        slot.present[run],
                        seat=seat,
                        points=slot.points,
                        cards=cards,
                        sides=SIDES,
                    )
                )
        for rank, triple, quad in self.rank_items:
            held = hand & _U(RANK_CARDS[rank].mask)
            times = count(held)
            for item, present in ((triple, times == TRIPLE), (quad, times == QUAD)):
                columns.append(
                    item_column(
                        item.name,
                        (item.label_ru, item.label_en),
                        item.rule,
                        present,
                        seat=seat,
                        points=int(item.points),
                        cards=held,
                        sides=SIDES,
                    )
                )
        return columns

    def _counters(self, trick_cards: Masks, winners: Ints, eldest: int) -> list[ItemColumn]:
        """SM7 counters: per trick (3 or more give the winner 1), or cumulative (a side's
        counters // 3 after the last trick, eldest's side first)."""
        labels = COUNTERS_LABELS
        if not self.cumulative:
            columns = []
            for t in range(TRICKS):
                counters = trick_cards[:, t] & _COUNTERS
                columns.append(
                    item_column(
                        "counters",
                        labels,
                        "SM7",
                        count(counters) >= COUNTERS_PER_POINT,
                        seat=winners[:, t],
                        cards=counters,
                        sides=SIDES,
                    )
                )
            return columns
        won = np.zeros((len(winners), 2), dtype=_U)
        rows = np.arange(len(winners))
        for t in range(TRICKS):
            won[rows, winners[:, t] % 2] |= trick_cards[:, t] & _COUNTERS
        columns = []
        for side in (eldest % 2, 1 - eldest % 2):
            points = count(won[:, side]) // COUNTERS_PER_POINT
            columns.append(
                item_column(
                    "counters",
                    labels,
                    "SM7",
                    points > 0,
                    side=side,
                    points=points,
                    cards=won[:, side],
                )
            )
        return columns

    def _bonuses(self, tricks_won: Ints) -> list[ItemColumn]:
        """SM7: 6 to a player with 9 or more tricks (D-SM4: ten counts as nine or more), then 4
        to a side that took all ten -- the reference's own items (:func:`bonus_items`)."""
        columns = []
        for seat in range(SEATS):
            taken = tricks_won[:, seat]
            for alone in (9, 10):  # SM7, D-SM4: the reference's item for seat 0 taking them
                item = bonus_items([alone, TRICKS - alone, 0, 0])[0]
                columns.append(
                    item_column(
                        item.name,
                        (item.label_ru, item.label_en),
                        item.rule,
                        taken == alone,
                        seat=seat,
                        points=int(item.points),
                        sides=SIDES,
                    )
                )
        for side, members in enumerate(SIDES):
            everything = tricks_won[:, list(members)].sum(axis=1) == TRICKS
            split = [0] * SEATS
            split[members[0]] = TRICKS // 2
            split[members[1]] = TRICKS - TRICKS // 2
            (item,) = bonus_items(split)  # SM7: the side's item, with nobody alone at nine
            columns.append(
                item_column(
                    item.name,
                    (item.label_ru, item.label_en),
                    item.rule,
                    everything,
                    side=side,
                    points=int(item.points),
                )
            )
        return columns


__all__ = ["SemerikBatch"]
