"""The four forms of Семь листов played by random bots on a whole batch of deals at once (numpy;
``kozyr[fast]``), each deal on its own (outside a party).

The reference deal (:mod:`kozyr_sem_listov.family`, :mod:`~kozyr_sem_listov.classic`,
:mod:`~kozyr_sem_listov.race`) step by step, each step for every deal of the batch together:
the cut by the dealer's right (SL-C4, C7; with ``ace_cut`` an ace cut goes to the cutter with a
packet's worth more, D-SL1) and the deal in packets from the cutter (SL-C5) or from eldest (PN1,
SL19-1; one at a time with the dealer's last card for trump, D-NN1/NN2); the run-aways (SL-C16)
before the first lead; the dealer's exchange of the turned card (SL-C6 and D-SL5 at the start of
any trick after the first, or once before play, D-PN1); the play under SL-C9-SL-C13 (dead
trumps, trump leads, honours first, five-handed trump leads with a face-down lead, D-SL2), PN3
or SL19-2/NN3; and the settlement by trick differences (SL-C14, D-SL3) with the run-away
penalties (SL-C16, D-SL4), or the race forms' trick counts (PN4) -- and, two-handed, the end of
the race when one seat takes every trick, with the loser's cut of a fresh pack and its
punishment (D-PN2, PN5, SL19-4, NN5).

Random choices are the reference's: the ``k``-th legal action in the order the variant lists
them, drawn from a :class:`kozyr.batch.DrawSource`; the cut point is the first draw.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from math import lcm
from typing import TYPE_CHECKING, Any, cast

import numpy as np
from typing_extensions import override

from kozyr import ALL_CARDS, Deck, Rank, Settlement, StandardTrickRules, Suit
from kozyr.batch import (
    BIT,
    SUIT_MASK,
    BatchResult,
    Bools,
    DrawSource,
    ExtraColumn,
    Ints,
    Masks,
    PartyBatchResult,
    PartyDraws,
    PartyStep,
    count,
    item_column,
    pick,
    select,
)
from kozyr.batch.tricks import FreePlayDeadTrumpsTwin, play_tricks, twin
from kozyr_sem_listov.scoring import RACE_TARGET, tricks_labels

if TYPE_CHECKING:  # the batch form depends on the reference forms only through their instances
    from kozyr_sem_listov.family import SemListovFamily
    from kozyr_sem_listov.race import RaceForm

_U = np.uint64
_NONE = _U(0)
_SUIT_TEXT = tuple(str(suit) for suit in Suit)


@dataclass(frozen=True)
class ClassicTwin(FreePlayDeadTrumpsTwin):
    """The batch twin of :class:`~kozyr_sem_listov.rules.ClassicTrickRules`: the core's free
    play with dead trumps (SL-C9-SL-C12) and, in the first ``trump_leads`` tricks, a trump led
    when the leader holds one, else any card face down -- no suit led, so it never wins
    (D-SL2) -- answered with a trump when held (SL-C13)."""

    trump_leads: int = 0

    @classmethod
    @override
    def of(cls, policy: StandardTrickRules) -> ClassicTwin:
        base = FreePlayDeadTrumpsTwin.of(policy)
        return cls(base.power, base.honours, int(getattr(policy, "trump_leads", 0)))

    @override
    def lead_legal(self, held: Masks, trump: Masks, *, number: int) -> Masks:
        if number >= self.trump_leads:
            return held
        trumps = held & trump
        legal: Masks = pick(trumps != _NONE, trumps, held)
        return legal

    @override
    def lead_suit(
        self, card: Masks, index: Ints, held: Masks, trump: Masks, *, number: int
    ) -> Masks:
        suit = super().lead_suit(card, index, held, trump, number=number)
        if number >= self.trump_leads:
            return suit
        face_down: Masks = suit * ((card & trump) != _NONE)  # 0: led face down
        return face_down

    @override
    def follow_legal(self, held: Masks, led: Masks, trump: Masks, *, number: int) -> Masks:
        legal = super().follow_legal(held, led, trump, number=number)
        if number >= self.trump_leads:
            return legal
        trumps = held & trump
        answer: Masks = pick((led == _NONE) & (trumps != _NONE), trumps, legal)
        return answer


class SemListovBatch:
    """The batch form of one Семь листов variant object (its options fixed)."""

    def __init__(self, variant: SemListovFamily) -> None:
        self.players = n = variant.players
        self.hand_size = variant.hand_size
        self.pack_size = variant.deck_size
        self.packets = variant.packets
        self.pack = np.array([c.index for c in Deck.of_size(self.pack_size).cards])
        assert self.pack_size < 52 or (self.pack == np.arange(52)).all()
        self.classic = variant.classic
        self.turns_trump = variant.turns_trump
        self.exchange = variant.exchange_timing if variant.turns_trump else None
        options = variant.options
        if self.classic:
            self.runaways = bool(options["runaways"])
            self.penalty = int(options["runaway_rate"]) * n  # SL-C16
            self.held_over = options["runaway_split"] == "next_deal"
            self.rule = "SL-C14"
            self.ace_cut = bool(options["ace_cut"])  # SL-C4, D-SL1
        else:
            self.runaways = False
            self.penalty = 0
            self.held_over = False
            self.ace_cut = False
            self.rule = cast("RaceForm", variant).race_rule
        # the trick rules the reference form plays by, as a batch twin: SL-C9-SL-C12 (with
        # SL-C13's forced trump leads, ClassicTrickRules' own twin), PN3 or SL19-2/NN3
        self.trick_rules = twin(variant.trick_rules)
        self.denominator = lcm(*range(1, n + 1))
        # D-PN2: a deal on its own ends the race when all but one seat reach seven in it -- two
        # players, when one takes every trick (with the last trick: see supports)
        self.race_ends = not self.classic and (n - 1) * RACE_TARGET <= self.hand_size
        if self.race_ends:
            self.punishments = _Punishments(cast("RaceForm", variant), self.denominator)
        if self.ace_cut:
            self.ace_slots = self._ace_slots()

    @staticmethod
    def supports(variant: SemListovFamily) -> bool:
        """Whether this form plays ``variant`` exactly: every form and option, as long as a race
        can end in a deal on its own only with the deal's last trick (D-PN2: with two players
        and seven cards, when one seat takes all seven), for the form plays every trick."""
        if variant.classic:
            return True
        return (variant.players - 1) * RACE_TARGET >= variant.hand_size

    # --- the deal --------------------------------------------------------------------------------

    def play(self, deals: int, source: DrawSource, *, dealer: int = 0) -> BatchResult:
        """Deal, play and score ``deals`` deals dealt by ``dealer``."""
        n = self.players
        cards = source.packs(deals, self.pack_size)
        if self.pack_size < 52:  # positions in a short pack to card indices
            cards = self.pack[cards]
        if self.classic:  # SL-C4 (C7): the dealer's right lifts 1..size-1 cards; they go under
            lifted, cards = source.cut(cards)
            if self.ace_cut:
                cards = self._after_ace_cut(cards, lifted)
            first = (dealer - 1) % n  # SL-C5: the cutter receives first
        else:
            first = (dealer + 1) % n  # PN1, SL19-1, D-NN1: eldest first
        hands, turnup = self._deal(cards, [(first + i) % n for i in range(n)])
        trump = turnup // 13
        playing = np.ones((n, deals), dtype=np.bool_)
        if self.runaways:  # SL-C16: everyone but the dealer, from eldest, stays or runs
            for i in range(1, n):
                seat = (dealer + i) % n
                playing[seat] = source.choose(np.full(deals, 2)) == 0
        dealt = hands.copy()
        seats_in = playing if self.runaways and not playing.all() else None
        won, exchange = self._play(hands, trump, turnup, dealer, source, seats_in)
        race = self._race_over(won, source) if self.race_ends else None
        return self._score(won, dealt, trump, turnup, exchange, playing, dealer, race)

    def _deal(self, cards: Ints, order: list[int]) -> tuple[Masks, Ints]:
        """The hands (seat by deal, one per seat of ``order``, the seats it names numbered
        ``0..len(order)-1``) dealt from ``cards`` in packets in that ``order``, and the card that
        shows trump: SL-C5, PN1 the next one, turned; NN2 the dealer's last."""
        deals = len(cards)
        bits = BIT[cards[:, : len(order) * self.hand_size].T]  # position by deal: card masks
        hands = np.zeros((len(order), deals), dtype=_U)
        top = 0
        for size in self.packets:
            for seat in order:
                for position in range(top, top + size):
                    hands[seat] |= bits[position]
                top += size
        turnup: Ints = cards[:, top] if self.turns_trump else cards[:, top - 1]
        return hands, turnup

    def _race_over(self, tricks: Ints, source: DrawSource) -> tuple[Bools, Ints, Ints]:
        """D-PN2, PN5: the deals whose race is over (all but one seat reached seven), the seat
        left below seven in each (-1: none) and the card it cut (-1: none). As
        :meth:`RaceForm.race_over`, the loser cuts a freshly shuffled pack at once: a shuffle
        and then the cut point (C7), the last chance of the deal."""
        deals = tricks.shape[1]
        below = tricks < RACE_TARGET
        over = below.sum(axis=0) <= 1
        loser = np.where(over & below.any(axis=0), below.argmax(axis=0), -1)
        cut = np.full(deals, -1, dtype=np.int64)
        rows = np.flatnonzero(over)
        if len(rows):
            size = self.punishments.pack_size
            packs = source.packs(deals, size)[rows]
            lifted = 1 + source.choose(np.full(len(rows), size - 1), rows)
            cut[rows] = self.punishments.pack[packs[np.arange(len(rows)), lifted - 1]]
        return over, loser, cut

    def _ace_slots(self) -> Ints:
        """The deal after an ace cut (SL-C4, D-SL1) as an ordinary deal of a rearranged pack:
        row ``g`` (the cutter took ``g`` cards with the ace) maps each place of the ordinary deal
        -- ``players × hand_size`` places in packets from the cutter, then the turned card -- to
        the place in the pack left after the cut that it takes (``r >= 0``), or to the ``j``-th
        card the cutter took (``-1 - j``): the cutter is full sooner, so his last ``g`` places of
        the ordinary deal are the cards he took, and the others take the rest in order."""
        n, hand = self.players, self.hand_size
        most = min(1 + self.packets[0], hand)
        cutter_places: list[int] = []  # SL-C5: the cutter is dealt first in every packet
        place = 0
        for size in self.packets:
            cutter_places += range(place, place + size)
            place += n * size
        table = np.zeros((most + 1, n * hand + 1), dtype=np.int64)
        for g in range(most + 1):
            taken = cutter_places[hand - g :]
            r = 0
            for place in range(n * hand + 1):
                if place in taken:
                    table[g, place] = -1 - taken.index(place)
                else:
                    table[g, place] = r
                    r += 1
        return table

    def _after_ace_cut(self, cards: Ints, lifted: Ints) -> Ints:
        """SL-C4, D-SL1: the packs after the cut (``lifted`` cards went under, so the cut card is
        each pack's last) rearranged so that the ordinary deal gives the cutter who cut an ace
        the ace and the cards above it in the lifted packet, ``g = min(1 + first packet, lifted,
        hand size)`` in all, and deals the rest -- the lifted packet's top back on top of the
        pack -- skipping him once he is full.

        A pack whose cut lifts no rotation (a uniformly shuffled pack stays uniform) reads the
        same way: its last card is the cut card and the ``lifted`` cards before the end are the
        lifted packet. Returns the places the deal reads: the dealt cards, then the turned one."""
        size = self.pack_size
        slots = self.ace_slots
        dealt = cards[:, : slots.shape[1]].copy()
        rows = np.flatnonzero(cards[:, -1] % 13 == Rank.ACE - 2)  # about one deal in nine
        if not len(rows):
            return dealt
        lifted = lifted[rows]
        g = np.minimum(lifted, slots.shape[0] - 1)
        place = slots[g]  # by deal and place of the ordinary deal
        # the pack left after the cut: the lifted packet's top (size - lifted ... size - g - 1 of
        # the cut pack), then the rest (0 ... size - lifted - 1): a rotation of its first size - g
        shift = (size - lifted)[:, None]
        left = (size - g)[:, None]
        source = np.where(place >= 0, (place + shift) % left, size + place)  # -1 - j: size-1-j
        dealt[rows] = np.take_along_axis(cards[rows], source, axis=1)
        return dealt

    def _play(
        self,
        hands: Masks,
        trump: Ints,
        turnup: Ints,
        dealer: int,
        source: DrawSource,
        playing: Bools | None = None,
        trace: list[tuple[Ints, Bools]] | None = None,
    ) -> tuple[Ints, Ints]:
        """The tricks by the variant's own trick rules (SL-C8-SL-C13, PN3 or SL19-2/NN3; C6)
        through :func:`kozyr.batch.tricks.play_tricks`, the dealer's exchange between them;
        eldest still in leads first (SL-C8). ``playing`` (seat by deal; None: everyone) leaves
        out the run-aways (SL-C16) and, where the dealer is left alone, the whole deal (D-SL4).
        The table is the seats of ``hands`` (``len(hands)`` of them). Returns the tricks won per
        seat and the card each dealer exchanged (-1: none). With ``trace``, each trick appends
        its winner (seat ``s`` of deal ``d`` as ``s * deals + d``) and whether each dealer has
        exchanged by its end."""
        n = len(hands)
        deals = hands.shape[1]
        turned = BIT[turnup]
        exchange = np.full(deals, -1, dtype=np.int64)
        if playing is None:
            leader = np.full(deals, (dealer + 1) % n)
            can_exchange = np.full(deals, self.exchange is not None)
            seats_in = None
        else:
            in_play = playing.sum(axis=0) > 1  # D-SL4: the dealer alone wins without play
            leader = np.full(deals, -1, dtype=np.int64)
            for i in range(n, 0, -1):
                seat = (dealer + i) % n
                leader += (seat - leader) * playing[seat]
            can_exchange = in_play & playing[dealer] & (self.exchange is not None)
            seats_in = (playing & in_play).reshape(-1)
        if self.exchange == "before_play":  # D-PN1: asked once, before the first lead
            self._exchange(hands, dealer, turned, can_exchange, exchange, source)
            can_exchange[:] = False
        exchanged: list[Bools] = []

        def between_tricks(number: int) -> None:
            if number and self.exchange == "after_first_trick":  # SL-C6, D-SL5
                self._exchange(hands, dealer, turned, can_exchange, exchange, source)
                can_exchange[exchange >= 0] = False
            if trace is not None:
                exchanged.append(exchange >= 0)

        # the hands seat-major in one flat view (seat s of deal d at s * deals + d), which the
        # tricks empty and the exchange reads through ``hands``
        flat = hands.reshape(-1)
        assert np.shares_memory(flat, hands)
        played = play_tricks(
            self.trick_rules,
            flat,
            players=n,
            leader=leader * deals + np.arange(deals),
            trump=SUIT_MASK[trump],
            tricks=self.hand_size,
            choose=source.choose,
            before_trick=between_tricks,
            playing=seats_in,
        )
        if trace is not None:
            for number, flags in enumerate(exchanged):
                trace.append((played.winners[:, number] * deals + np.arange(deals), flags))
        return played.tricks.reshape(n, deals), exchange

    def _exchange(
        self,
        hands: Masks,
        dealer: int,
        turned: Masks,
        allowed: Bools,
        exchange: Ints,
        source: DrawSource,
    ) -> None:
        """SL-C6, PN2: the dealer keeps (action 0) or gives up the ``k``-th card of his hand for
        the turned card (the discard is out of play)."""
        rows = np.flatnonzero(allowed)
        if not len(rows):
            return
        held = hands[dealer, rows]
        k = source.choose(count(held) + 1, rows)
        takes = k > 0
        swap = rows[takes]
        card = select(held[takes], k[takes] - 1)
        hands[dealer, swap] = held[takes] ^ BIT[card] ^ turned[swap]
        exchange[swap] = card

    # --- the result ------------------------------------------------------------------------------

    def _score(
        self,
        tricks: Ints,
        dealt: Masks,
        trump: Ints,
        turnup: Ints,
        exchange: Ints,
        playing: Bools,
        dealer: int,
        race: tuple[Bools, Ints, Ints] | None = None,
    ) -> BatchResult:
        n = self.players
        deals = tricks.shape[1]
        multiplier = n if self.classic else 1  # SL-C14: tricks × n; PN4: tricks
        items = tuple(
            item_column(
                "tricks",
                tricks_labels(self.rule),
                self.rule,
                playing[seat],
                seat=seat,
                points=tricks[seat] * multiplier,
            )
            for seat in range(n)
        )
        extra: dict[str, ExtraColumn] = {"trump": ExtraColumn("category", trump, _SUIT_TEXT)}
        net: Ints | None = None
        if self.classic:
            best = np.where(playing, tricks, -1).max(axis=0)
            winners = playing & (tricks == best)
            losers = playing & ~winners
            ties = winners.sum(axis=0)
            runaways = ~playing
            # SL-C14, D-SL3: each loser pays each winner the difference of their scores
            short = np.where(losers, best - tricks, 0) * multiplier
            unit = self.denominator
            net = (np.where(winners, short.sum(axis=0), 0) - short * ties) * unit
            # SL-C16: each run-away pays the penalty to the winner, shared equally by several
            # winners (``equal``) or held over to the next deal (``next_deal``)
            paid = (ties == 1) | (not self.held_over)
            runners = runaways.sum(axis=0)
            share = np.where(paid, self.penalty * unit // np.maximum(ties, 1), 0)
            net = net + np.where(winners, share * runners, 0)
            net = net - np.where(runaways & paid, self.penalty * unit, 0)
            held_counts = np.where(paid, 0, runners)
            extra["winners"] = ExtraColumn("seats", winners.T)
            extra["runaways"] = ExtraColumn("seats", runaways.T)
            extra["exchange"] = ExtraColumn("card", exchange)
            extra["held_over"] = ExtraColumn(
                "objects", held_counts, build=_held_over(runaways, winners, self.penalty)
            )
            extra["pot_taken"] = ExtraColumn("objects", np.zeros(deals, dtype=np.int64))
        else:
            extra["exchange"] = ExtraColumn("card", exchange)
            extra["totals"] = ExtraColumn("ints", tricks.T)
            extra["reached"] = ExtraColumn("seats", (tricks >= RACE_TARGET).T)  # PN4: safe at seven
            if race is None:
                extra["race_over"] = ExtraColumn("bool", np.zeros(deals, dtype=np.bool_))
                extra["loser"] = ExtraColumn("seat", np.full(deals, -1, dtype=np.int64))
            else:  # D-PN2 and the punishment by the cut card (PN5, SL19-4, NN5)
                over, loser, cut = race
                extra["race_over"] = ExtraColumn("bool", over)
                extra["loser"] = ExtraColumn("seat", loser)
                punished = over & (loser >= 0) & (cut >= 0)
                extra["punishment"] = self.punishments.column(punished, loser, cut)
                if self.punishments.pays:
                    net = self.punishments.net(punished, loser, cut)
        return BatchResult(
            players=n,
            sides=None,
            tricks=tricks.T.copy(),
            points=(tricks * multiplier).T.copy(),
            items=items,
            extra=extra,
            net=None if net is None else net.T.copy(),
            net_denominator=self.denominator,
        )


class RaceBatch(SemListovBatch):
    """The batch form of a race form (PN*, SL19-*, NN*): its single deals as
    :class:`SemListovBatch` plays them, and its whole parties, the races to seven tricks
    (:meth:`play_parties`)."""

    def __init__(self, variant: RaceForm) -> None:
        super().__init__(variant)
        if not self.race_ends:  # a party's loser cuts whatever the number of players
            self.punishments = _Punishments(variant, self.denominator)

    def play_parties(self, parties: int, source: PartyDraws) -> PartyBatchResult:
        """Play ``parties`` races to seven tricks (PN4, SL19-3, NN4; D-PN2) in lockstep: each
        step deals once in every race not yet over, grouped by how many seats are still in.
        Seat 0 deals first; the deal passes clockwise among the seats still in; a seat that
        reached seven has left and is not dealt in; a deal ends after the trick that leaves one
        seat dealt in below seven, and the race with it. The loser then cuts a shuffled pack
        (PN5, SL19-4, NN5; :meth:`RaceForm.party_cut`), its chance that of the deal after the
        party's last (``source.deals(parties, deals played)``: a pack and the cut point)."""
        n = self.players
        totals = np.zeros((parties, n), dtype=np.int64)
        dealer = np.zeros(parties, dtype=np.int64)
        number = np.zeros(parties, dtype=np.int64)
        order = np.full((parties, n), -1, dtype=np.int64)  # PN4: the seats in order of reaching 7
        reached = np.zeros(parties, dtype=np.int64)
        loser = np.full(parties, -1, dtype=np.int64)
        cut = np.full(parties, -1, dtype=np.int64)
        over = np.zeros(parties, dtype=np.bool_)
        steps = []
        live = np.arange(parties)
        while len(live):
            seats_in = n - (totals[live] >= RACE_TARGET).sum(axis=1)
            for m in range(2, n + 1):
                rows = live[seats_in == m]
                if not len(rows):
                    continue
                deals, ended, lost = self._race_deal(
                    source.deals(rows, number[rows]), totals[rows], dealer[rows], m
                )
                after = deals.extra["totals"].values
                steps.append(PartyStep(rows, number[rows], dealer[rows], deals, after))
                totals[rows] = after
                number[rows] += 1
                for place in deals.extra["reached"].values.T:  # in the order of the deal
                    got = rows[place >= 0]
                    order[got, reached[got]] = place[place >= 0]
                    reached[got] += 1
                done = rows[ended]
                over[done], loser[done] = True, lost[ended]
                if len(done):
                    cut[done] = self._party_cut(source.deals(done, number[done]), len(done))
                # D-PN2 (Variant.next_dealer): the next seat clockwise still below seven
                around = (dealer[rows, None] + np.arange(1, n + 1)) % n
                still = np.take_along_axis(totals[rows], around, axis=1) < RACE_TARGET
                dealer[rows] = around[np.arange(len(rows)), still.argmax(axis=1)]
            live = live[~over[live]]
        index = np.arange(parties)
        wins = np.zeros((parties, n), dtype=np.bool_)
        wins[index, order[:, 0]] = order[:, 0] >= 0
        losses = np.zeros((parties, n), dtype=np.bool_)
        losses[index, loser] = loser >= 0
        punished = over & (loser >= 0) & (cut >= 0)
        punishment = replace(self.punishments.column(punished, loser, cut), or_none=True)
        net = self.punishments.net(punished, loser, cut).T.copy() if self.punishments.pays else None
        return PartyBatchResult(
            players=n,
            count=parties,
            steps=tuple(steps),
            wins=wins,
            losses=losses,
            extra={
                "totals": ExtraColumn("ints", totals),
                "left_after": ExtraColumn("objects", number, build=_left_after(steps)),
                "order": ExtraColumn("order", order),
                "race_over": ExtraColumn("bool", over),
                "punishment": punishment,
                "extra_hits": ExtraColumn("seats", np.zeros((parties, n), dtype=np.bool_)),
            },
            net=net,
            net_denominator=self.denominator,
        )

    def _race_deal(
        self, source: DrawSource, before: Ints, dealer: Ints, m: int
    ) -> tuple[BatchResult, Bools, Ints]:
        """One deal of each race (party by seat ``before`` it, each with ``m`` seats below
        seven) dealt by ``dealer``: the seats in, clockwise from the dealer, play it as a table
        of ``m`` with the dealer at seat 0 (PN1: eldest is dealt and leads first), and the race
        runs through its trick winners (:func:`~kozyr_sem_listov.scoring.race_progress`). Returns
        the scored deals, whether the race ended in each and its loser (-1: not over)."""
        n = self.players
        count = len(dealer)
        index = np.arange(count)
        around = (dealer[:, None] + np.arange(n)) % n  # each seat from the dealer, clockwise
        dealt_in = before < RACE_TARGET  # D-PN2: the seats that reached seven have left
        places = np.argsort(~np.take_along_axis(dealt_in, around, axis=1), axis=1, kind="stable")
        seat_of = np.take_along_axis(around, places[:, :m], axis=1).T  # table seat -> seat
        cards = self.pack[source.packs(count, self.pack_size)]
        hands, turnup = self._deal(cards, [*range(1, m), 0])  # PN1: eldest first, dealer last
        trump = turnup // 13
        trace: list[tuple[Ints, Bools]] = []
        _, exchange = self._play(hands, trump, turnup, 0, source, trace=trace)
        totals = before.copy()
        tricks = np.zeros((count, n), dtype=np.int64)
        reached = np.full((count, n), -1, dtype=np.int64)
        got = np.zeros(count, dtype=np.int64)
        below = np.full(count, m)  # seats dealt in still below seven
        going = np.ones(count, dtype=np.bool_)
        last = np.full(count, self.hand_size - 1)  # the deal's last trick
        for number, (winner, _) in enumerate(trace):
            seat = seat_of[winner // count, index]
            tricks[index, seat] += going
            totals[index, seat] += going
            hit = going & (totals[index, seat] == RACE_TARGET)  # PN4: safe at seven, in order
            reached[index[hit], got[hit]] = seat[hit]
            got += hit
            below -= hit
            stop = going & (below <= 1)  # D-PN2: one seat dealt in left below seven
            last[stop] = number
            going &= ~stop
        ended = ~going
        loser = np.where(ended, (totals < RACE_TARGET).argmax(axis=1), -1)
        if self.exchange == "after_first_trick":  # D-SL5: only at a trick the deal reached
            exchanged = np.array([flags for _, flags in trace])
            exchange = np.where(exchanged[last, index], exchange, -1)
        items = tuple(
            item_column(
                "tricks",
                tricks_labels(self.rule),
                self.rule,
                dealt_in[:, seat],
                seat=seat,
                points=tricks[:, seat],
            )
            for seat in range(n)
        )
        extra = {
            "trump": ExtraColumn("category", trump, _SUIT_TEXT),
            "exchange": ExtraColumn("card", exchange),
            "totals": ExtraColumn("ints", totals),
            "reached": ExtraColumn("order", reached),
            "race_over": ExtraColumn("bool", ended),
            "loser": ExtraColumn("seat", loser),
        }
        deals = BatchResult(
            players=n,
            sides=None,
            tricks=tricks,
            points=tricks.copy(),
            items=items,
            extra=extra,
            net_denominator=self.denominator,
        )
        return deals, ended, loser

    def _party_cut(self, source: DrawSource, count: int) -> Ints:
        """PN5, SL19-4, NN5 (:meth:`RaceForm.party_cut`): the loser cuts the shuffled pack --
        a shuffle, then the cut point (C7); the card on the bottom of the lifted packet."""
        size = self.punishments.pack_size
        packs = source.packs(count, size)
        lifted = 1 + source.choose(np.full(count, size - 1))
        cards: Ints = self.punishments.pack[packs[np.arange(count), lifted - 1]]
        return cards


def _left_after(steps: list[PartyStep]) -> Any:
    """The ``left_after`` list of one party: the seats that reached seven in each deal."""

    def build(party: int) -> list[list[int]]:
        return [
            step.deals.extra["reached"].value(int(j))
            for step in steps
            for j in np.flatnonzero(step.parties == party)
        ]

    return build


def _held_over(runaways: Bools, winners: Bools, penalty: int) -> Any:
    """The ``held_over`` entries of one deal (SL-C16 ``next_deal``): one per run-away."""

    def build(deal: int) -> list[dict[str, Any]]:
        tied = [int(s) for s in np.flatnonzero(winners[:, deal])]
        if len(tied) < 2:
            return []
        return [
            {"payer": int(payer), "amount": penalty, "winners": tied}
            for payer in np.flatnonzero(runaways[:, deal])
        ]

    return build


class _Punishments:
    """The loser's punishment by the cut card (PN5, SL19-4, NN5) as look-up tables over (loser,
    cut card): each entry is :meth:`RaceForm.punishment` itself -- its JSON fields and the net of
    its payments (numerators over ``denominator``) -- so the batch scores a punishment the way
    the reference does."""

    def __init__(self, variant: RaceForm, denominator: int) -> None:
        n = variant.players
        # RaceForm.race_over: the loser cuts a fresh pack of the form's 36 cards
        self.pack_size = variant.deck_size
        self.pack = np.array([c.index for c in Deck.of_size(self.pack_size).cards])
        first = ALL_CARDS[int(self.pack[0])]
        entries = [variant.punishment(0, first)] * (n * 52)  # a filler where no card is
        for loser in range(n):
            for index in self.pack.tolist():
                entries[loser * 52 + index] = variant.punishment(loser, ALL_CARDS[index])
        data = [entry.to_json() for entry in entries]
        self.fields = {key: _table([d[key] for d in data], n) for key in data[0]}
        self.nets = np.zeros((n * 52, n), dtype=np.int64)
        for row, entry in enumerate(entries):
            for seat, value in enumerate(Settlement.from_payments(n, entry.payments()).net()):
                whole = value * denominator
                assert whole.denominator == 1
                self.nets[row, seat] = whole.numerator
        self.pays = bool(self.nets.any())

    def column(self, present: Bools, loser: Ints, cut: Ints) -> ExtraColumn:
        """The ``punishment`` field of each deal where ``present``."""
        at = np.where(present, loser * 52 + cut, 0)
        members = {
            key: ExtraColumn(kind, values[at], labels)
            for key, (kind, values, labels) in self.fields.items()
        }
        return ExtraColumn("object", present, fields=members)

    def net(self, present: Bools, loser: Ints, cut: Ints) -> Ints:
        """Each seat's net money (by deal and seat) from the punishment's payments (SL19-4)."""
        at = np.where(present, loser * 52 + cut, 0)
        return np.where(present, self.nets[at].T, 0)


def _table(values: list[Any], players: int) -> tuple[str, np.ndarray[Any, Any], tuple[str, ...]]:
    """An :class:`ExtraColumn`'s kind, values and labels for one JSON member of a table."""
    first = values[0]
    if isinstance(first, bool):
        return "bool", np.array(values, dtype=np.bool_), ()
    if isinstance(first, int):
        return "int", np.array(values, dtype=np.int64), ()
    if isinstance(first, str):
        labels = tuple(sorted(set(values)))
        return "category", np.array([labels.index(v) for v in values], dtype=np.int64), labels
    seats = np.zeros((len(values), players), dtype=np.bool_)  # a list of seats, in order
    for row, members in enumerate(values):
        seats[row, list(members)] = True
    return "seats", seats, ()


__all__ = ["RaceBatch", "SemListovBatch"]
