"""The deal engine: one state machine that runs a deal of any variant.

The engine owns what every variant shares -- hands, the current trick, turn order, trick
resolution, history -- and asks the variant for the rest (dealing, its own phases, trick rules,
scoring). ``play()`` validates and then applies, so an illegal action raises and leaves the deal
exactly as it was (``verify_play`` raises, ``can_play`` asks, ``play`` does).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from kozyr.cards import ALL_CARDS, Card, Suit
from kozyr.cardset import CardSet, iter_mask
from kozyr.errors import IllegalActionError, IllegalPlayError
from kozyr.record import DealRecord
from kozyr.tricks import (
    DEAD,
    FACE_DOWN,
    Play,
    StandardTrickRules,
    Trick,
    flags_function,
    lead_functions,
    make_trick,
    settle_trick,
)
from kozyr.variant import Action, Variant

if TYPE_CHECKING:
    from kozyr.record import DealResult

PLAY = "play"
DONE = "done"

# Immutable values the hot path reuses instead of building them for every card played:
# ``_ACTIONS[seat][index]`` is ``Action(PLAY, seat, card)``, ``_PLAYS[seat][index]`` is
# ``Play(seat, card)`` (no flags). Seats are added on demand.
_ACTIONS: list[tuple[Action, ...]] = []
_PLAYS: list[tuple[Play, ...]] = []


def _grow(n: int) -> None:
    while len(_ACTIONS) < n:
        seat = len(_ACTIONS)
        _ACTIONS.append(tuple(Action(PLAY, seat, card) for card in ALL_CARDS))
        _PLAYS.append(tuple(Play(seat, card) for card in ALL_CARDS))


_grow(8)

#: The suit of each card by index (the hot path reads it without the Card attribute).
_SUIT_OF: tuple[Suit, ...] = tuple(card.suit for card in ALL_CARDS)

#: Who plays after whom, by the tuple of seats that play (shared, never changed).
_ORDERS: dict[tuple[int, ...], dict[int, int]] = {}

#: Empty tricks by (leader, number): immutable values, shared by every deal (see ``new_trick``).
_EMPTY_TRICKS: dict[tuple[int, int], Trick] = {}


class Deal:
    """One deal in progress. Create it with :meth:`new` (shuffled and dealt by seed) or
    :meth:`from_record` (hands as written down at a real table)."""

    def __init__(
        self,
        variant: Variant,
        *,
        dealer: int = 0,
        seed: int | None = None,
        context: Mapping[str, Any] | None = None,
        seats: Iterable[int] | None = None,
        rng: random.Random | None = None,
    ) -> None:
        n = variant.players
        if not 0 <= dealer < n:
            raise IllegalActionError(f"dealer must be a seat 0..{n - 1}, not {dealer}", seat=dealer)
        self.variant = variant
        self.n = n
        self.dealer = dealer
        self.seed = seed
        #: The generator that shuffles (``random.Random(seed)`` unless one is given).
        self.rng = rng if rng is not None else random.Random(seed)
        self.context: Mapping[str, Any] = context or {}
        #: Seats dealt in (players who left a race are not).
        self.seats: tuple[int, ...] = tuple(seats) if seats is not None else tuple(range(n))
        #: Seats that play tricks (dealt in and not run away).
        self.playing: tuple[int, ...] = self.seats
        self.hands: list[int] = [0] * n
        #: Hands as they stood when trick play began (what a record calls ``hands``).
        self.initial: list[int | None] = [None] * n
        self.trump: Suit | None = None
        self.turnups: list[Card] = []
        self.stock: list[Card] = []
        self.cut: Card | None = None
        self.decisions: dict[str, Any] = {}
        self.phase = "deal"
        self.to_act = dealer
        self.trick: Trick | None = None
        self.tricks: list[Trick] = []
        self.history: list[Action] = []
        self._next: dict[int, int] = {}
        # Tricks won per seat, counted as the engine resolves the tricks in ``self.tricks``.
        self._won: list[int] = [0] * n
        self._set_order()
        if n > len(_ACTIONS):
            _grow(n)

    # --- construction --------------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        variant: Variant,
        *,
        seed: int | None = None,
        dealer: int = 0,
        context: Mapping[str, Any] | None = None,
        rng: random.Random | None = None,
    ) -> Deal:
        """Shuffle by ``seed`` and deal; the deal then waits for its first action. ``rng`` is a
        generator to shuffle with instead of ``random.Random(seed)`` (one the bots share)."""
        seats = None
        if context and context.get("left"):
            seats = [s for s in range(variant.players) if s not in set(context["left"])]
        deal = cls(variant, dealer=dealer, seed=seed, context=context, seats=seats, rng=rng)
        variant.start(deal)
        return deal

    @classmethod
    def from_record(cls, record: DealRecord, variant: Variant, context: Mapping[str, Any]) -> Deal:
        """A deal set up from a record's hands, waiting for the record's first action."""
        seats = [s for s, h in enumerate(record.hands) if h is not None]
        deal = cls(variant, dealer=record.dealer, seed=record.seed, context=context, seats=seats)
        for seat, hand in enumerate(record.hands):
            if hand is not None:
                deal.hands[seat] = hand.mask
        deal.turnups = list(record.turnups)
        deal.cut = record.cut
        variant.setup_replay(deal, record)
        return deal

    # --- reading -------------------------------------------------------------------------------

    def hand(self, seat: int) -> CardSet:
        """The cards ``seat`` holds now."""
        return CardSet.from_mask(self.hands[seat])

    @property
    def is_over(self) -> bool:
        """Whether the deal has ended."""
        return self.phase == DONE

    def tricks_won(self) -> list[int]:
        """Tricks taken per seat so far."""
        won = self._won
        if sum(won) == len(self.tricks):  # every trick was resolved here: the running count
            return won[:]
        counts = [0] * self.n  # ``tricks`` was changed from outside: count them
        for trick in self.tricks:
            if trick.winner is not None:
                counts[trick.winner] += 1
        return counts

    def legal_actions(self) -> list[Action]:
        """Every legal action now; non-empty until the deal is over."""
        if self.phase == PLAY:
            seat = self.to_act
            trick = self.trick
            assert trick is not None
            mask = self.variant.trick_rules.legal_mask(self.hands[seat], trick, self.trump)
            actions = _ACTIONS[seat]
            return [actions[c.index] for c in iter_mask(mask)]
        if self.phase == DONE:
            return []
        return self.variant.decision_actions(self)

    def legal_plays(self) -> CardSet:
        """The cards the seat to act may play (empty outside trick play)."""
        if self.phase != PLAY or self.trick is None:
            return CardSet()
        return CardSet.from_mask(
            self.variant.trick_rules.legal_mask(self.hands[self.to_act], self.trick, self.trump)
        )

    # --- acting --------------------------------------------------------------------------------

    def verify_play(self, action: Action) -> None:
        """Raise an :class:`IllegalActionError` (IllegalPlayError for cards) unless legal."""
        if self.phase == DONE:
            raise IllegalActionError(
                f"the deal is over; {action} is not possible", seat=action.seat
            )
        if self.phase == PLAY:
            self._verify_card(action)
            return
        if action not in self.variant.decision_actions(self):
            legal = ", ".join(str(a) for a in self.variant.decision_actions(self))
            raise IllegalActionError(
                f"{action} is not possible in phase {self.phase!r}; legal: {legal}",
                seat=action.seat,
                card=action.card,
            )

    def _verify_card(self, action: Action) -> None:
        rules = self.variant.trick_rules
        seat, card = action.seat, action.card
        if action.kind != PLAY or card is None:
            raise IllegalActionError(
                f"seat {self.to_act} must play a card now, not {action.kind}", seat=seat
            )
        if seat != self.to_act:
            raise IllegalPlayError(
                f"seat {seat} played {card} out of turn; seat {self.to_act} is to play",
                seat=seat,
                card=card,
                rule="C2",
            )
        hand = self.hands[seat]
        if not hand & card.mask:
            raise IllegalPlayError(
                f"{card} is not in seat {seat}'s hand", seat=seat, card=card, rule="C3"
            )
        assert self.trick is not None
        if not rules.legal_mask(hand, self.trick, self.trump) & card.mask:
            message = rules.explain(CardSet.from_mask(hand), self.trick, card, self.trump)
            raise IllegalPlayError(f"seat {seat}: {message}", seat=seat, card=card, rule=rules.rule)

    def can_play(self, action: Action) -> bool:
        """Whether ``action`` is legal now."""
        try:
            self.verify_play(action)
        except IllegalActionError:
            return False
        return True

    def play(self, action: Action) -> None:
        """Validate ``action`` and apply it (an illegal action changes nothing)."""
        self.verify_play(action)
        self._apply(action)

    def play_card(self, card: Card | str) -> None:
        """Play ``card`` for the seat to act (a convenience over :meth:`play`)."""
        self.play(Action(PLAY, self.to_act, Card.parse(card) if isinstance(card, str) else card))

    def _apply(self, action: Action) -> None:
        self.history.append(action)
        if self.phase != PLAY:
            self.variant.apply_decision(self, action)
            return
        card = action.card
        assert card is not None
        self._put(action.seat, card)

    def _put(self, seat: int, card: Card) -> None:
        """Play a card already checked to be legal (the history is the caller's business)."""
        trick = self.trick
        assert trick is not None
        flags_of = flags_function(self.variant.trick_rules)
        if flags_of is None:
            play = _PLAYS[seat][card.index]
        else:
            flags = flags_of(self.hands[seat], trick, card, self.trump)
            play = _PLAYS[seat][card.index] if not flags else Play(seat, card, flags)
        self.hands[seat] ^= card.mask
        self._add(trick, play)

    def _add(self, trick: Trick, play: Play) -> None:
        """Add ``play`` (its card already out of the hand) to ``trick``; resolve a full trick."""
        plays = (*trick.plays, play)
        if len(plays) < len(self.playing):
            self.trick = make_trick(trick.leader, trick.number, plays)
            self.to_act = self._next[play.seat]
            return
        self._resolve(make_trick(trick.leader, trick.number, plays))

    def _resolve(self, done: Trick) -> None:
        """Win a full trick (C6 or the variant's rule), keep it, and let the variant go on."""
        self._won_by(done, self.variant.trick_rules.trick_winner(done, self.trump))

    def _won_by(self, done: Trick, winner: int) -> None:
        settle_trick(done, winner)
        self.tricks.append(done)
        self._won[winner] += 1
        self.trick = None
        self.variant.after_trick(self, done)

    def _autoplay(self, rngs: Sequence[random.Random | None]) -> None:
        """Play cards for every seat that has a generator in ``rngs``, each a uniform choice among
        the legal cards made exactly as :class:`kozyr.bots.RandomBot` makes it (same draws, same
        card), until the phase changes or a seat without one is to play. The fast path of
        :func:`kozyr.bots.play_deal`.

        When the trick rules depend only on the suit led (:func:`kozyr.tricks.lead_functions`),
        a trick's plays are collected in a list and the :class:`Trick` is built once, full;
        otherwise the rules see a new :class:`Trick` after every card (:meth:`_autoplay_tricks`).
        """
        rules = self.variant.trick_rules
        by_lead, flagging, standard = _plan(rules)
        if not by_lead:
            self._autoplay_tricks(rngs)
            return
        legal = rules.legal_mask_for_lead
        flags_of = rules.play_flags_for_lead if flagging else None
        # C6 / SL-C11 inlined (each card weighed as it is played) unless the policy has its own.
        strength = rules.strength if standard else None
        hands = self.hands
        history = self.history
        suit_of, cards, actions_of, plays_of = _SUIT_OF, ALL_CARDS, _ACTIONS, _PLAYS
        while self.phase == PLAY:  # one trick per pass; the deal's state is re-read after it
            trick = self.trick
            assert trick is not None
            leader, number = trick.leader, trick.number
            played = list(trick.plays)
            count = len(played)
            lead = trick.lead_suit
            trump = self.trump
            size = len(self.playing)
            following = self._next
            seat = self.to_act
            # a trick begun on the general path is won by the rules once it is full
            weigh = strength if not played else None
            winner, best, best_trump = leader, -2, False  # no card can win yet (D-SL2)
            while True:
                rng = rngs[seat]
                if rng is None:  # a bot without a generator: the general path takes over
                    if len(played) != len(trick.plays):
                        self.trick = make_trick(leader, number, tuple(played))
                    self.to_act = seat
                    return
                hand = hands[seat]
                mask = legal(hand, lead, trump)
                if mask & (mask - 1):  # more than one legal card
                    # rng.randrange(count) without its argument checks: the same draw.
                    for _ in range(rng._randbelow(mask.bit_count())):  # type: ignore[attr-defined]
                        mask &= mask - 1
                index = (mask & -mask).bit_length() - 1
                history.append(actions_of[seat][index])
                hands[seat] = hand ^ (1 << index)
                suit = suit_of[index]
                if flags_of is None or not (flags := flags_of(hand, lead, cards[index], trump)):
                    flags = 0
                    played.append(plays_of[seat][index])
                else:
                    played.append(Play(seat, cards[index], flags))
                if not count:  # the lead: its suit, unless led face down (SL-C13)
                    lead = None if flags & FACE_DOWN else suit
                count += 1
                if weigh is not None and not flags & FACE_DOWN:
                    if suit == trump and not flags:
                        value = weigh[index]
                        if not best_trump or value > best:
                            winner, best, best_trump = seat, value, True
                    elif not best_trump and suit == lead and not flags & DEAD:
                        value = weigh[index]
                        if value > best:
                            winner, best = seat, value
                if count < size:  # the trick goes on
                    seat = following[seat]
                    continue
                self.to_act = seat
                done = make_trick(leader, number, tuple(played))
                self._won_by(done, winner if weigh is not None else rules.trick_winner(done, trump))
                break

    def _autoplay_tricks(self, rngs: Sequence[random.Random | None]) -> None:
        """:meth:`_autoplay` for trick rules that read the whole trick (a :class:`Trick` after
        every card)."""
        rules = self.variant.trick_rules
        legal = rules.legal_mask
        flags_of = flags_function(rules)  # None: the policy never flags a play
        hands = self.hands
        history = self.history
        while self.phase == PLAY:  # one trick per pass; the deal's state is re-read after it
            trick = self.trick
            assert trick is not None
            leader, number, plays = trick.leader, trick.number, trick.plays
            trump = self.trump
            size = len(self.playing)
            following = self._next
            seat = self.to_act
            while True:
                rng = rngs[seat]
                if rng is None:  # a bot without a generator: the general path takes over
                    self.trick = trick
                    self.to_act = seat
                    return
                hand = hands[seat]
                mask = legal(hand, trick, trump)
                count = mask.bit_count()
                if count > 1:
                    # rng.randrange(count) without its argument checks: the same draw.
                    for _ in range(rng._randbelow(count)):  # type: ignore[attr-defined]
                        mask &= mask - 1
                index = (mask & -mask).bit_length() - 1
                history.append(_ACTIONS[seat][index])
                play = _PLAYS[seat][index]
                if flags_of is not None:
                    flags = flags_of(hand, trick, play.card, trump)
                    if flags:
                        play = Play(seat, play.card, flags)
                hands[seat] = hand ^ (1 << index)
                if len(plays) + 1 < size:  # the trick goes on
                    plays = (*plays, play)
                    trick = make_trick(leader, number, plays)
                    seat = following[seat]
                else:
                    self.trick = trick
                    self.to_act = seat
                    self._add(trick, play)
                    break

    # --- used by variants ----------------------------------------------------------------------

    def _set_order(self) -> None:
        playing = self.playing
        following = _ORDERS.get(playing)
        if following is None:
            order = sorted(playing)
            following = {s: order[(i + 1) % len(order)] for i, s in enumerate(order)}
            _ORDERS[playing] = following
        self._next = following

    def next_seat(self, seat: int, among: Iterable[int] | None = None) -> int:
        """The next seat clockwise after ``seat`` among ``among`` (default: the seats dealt in)."""
        if among is None or among is self.playing:
            group = self.seats if among is None else self.playing
            if len(group) == self.n:  # everyone is in
                return (seat + 1) % self.n
        pool = set(self.seats if among is None else among)
        for step in range(1, self.n + 1):
            candidate = (seat + step) % self.n
            if candidate in pool:
                return candidate
        raise IllegalActionError(f"no seat after {seat} among {sorted(pool)}")

    def set_playing(self, seats: Iterable[int]) -> None:
        """Restrict trick play to ``seats`` (run-aways sit out)."""
        self.playing = tuple(sorted(seats))
        self._set_order()

    def begin_play(self, leader: int) -> None:
        """Enter trick play with ``leader`` to lead; the hands now are the record's ``hands``."""
        for seat in range(self.n):
            self.initial[seat] = self.hands[seat] if seat in self.seats else None
        self.phase = PLAY
        self.new_trick(leader)

    def new_trick(self, leader: int) -> None:
        """Start the next trick with ``leader`` (also resumes play after a variant's phase)."""
        self.phase = PLAY
        key = (leader, len(self.tricks))
        trick = _EMPTY_TRICKS.get(key)
        if trick is None:
            trick = _EMPTY_TRICKS[key] = make_trick(leader, key[1], ())
        self.trick = trick
        self.to_act = leader

    def finish(self) -> None:
        """End the deal."""
        self.phase = DONE
        self.trick = None

    # --- results -------------------------------------------------------------------------------

    def record(self) -> DealRecord:
        """The deal as a replayable record (what a person would write down)."""
        return DealRecord(
            variant=self.variant.name,
            options=dict(self.variant.options),
            dealer=self.dealer,
            hands=tuple(None if h is None else CardSet.from_mask(h) for h in self.initial),
            turnups=tuple(self.turnups),
            tricks=tuple(self.tricks),
            decisions=dict(self.decisions),
            cut=self.cut,
            seed=self.seed,
            variant_object=self.variant,
        )

    def result(self) -> DealResult:
        """The scored result of a finished deal."""
        if self.phase != DONE:
            raise IllegalActionError(f"the deal is not over (phase {self.phase!r})")
        return self.variant.score(self.record(), self.context)

    def __repr__(self) -> str:
        return (
            f"<Deal {self.variant.name} dealer={self.dealer} phase={self.phase} "
            f"to_act={self.to_act} tricks={len(self.tricks)}>"
        )


#: Per trick-rules class: whether random bots may play a trick by the suit led
#: (:func:`kozyr.tricks.lead_functions`), whether its policy flags plays, and whether it keeps the
#: standard C6 winner (cards are then weighed as they are played). Worked out once per class.
_PLANS: dict[type, tuple[bool, bool, bool]] = {}


def _plan(rules: StandardTrickRules) -> tuple[bool, bool, bool]:
    plan = _PLANS.get(type(rules))
    if plan is None:
        functions = lead_functions(rules)
        plan = _PLANS[type(rules)] = (
            functions is not None,
            functions is not None and functions[1] is not None,
            _standard_winner(rules),
        )
    return plan


def _standard_winner(rules: StandardTrickRules) -> bool:
    """Whether ``rules`` wins tricks by the standard C6 rule (neither ``trick_winner`` nor
    ``is_live_trump`` overridden), so the engine may weigh each card as it is played."""
    cls = type(rules)
    return (
        cls.trick_winner is StandardTrickRules.trick_winner
        and cls.is_live_trump is StandardTrickRules.is_live_trump
    )


__all__ = ["DONE", "PLAY", "Deal"]
