"""The deal engine: one state machine that runs a deal of any variant.

The engine owns what every variant shares -- hands, the current trick, turn order, trick
resolution, history -- and asks the variant for the rest (dealing, its own phases, trick rules,
scoring). ``play()`` validates and then applies, so an illegal action raises and leaves the deal
exactly as it was (``verify_play`` raises, ``can_play`` asks, ``play`` does).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from kozyr.cards import ALL_CARDS, Card, Suit
from kozyr.cardset import CardSet
from kozyr.errors import IllegalActionError, IllegalPlayError
from kozyr.record import DealRecord
from kozyr.tricks import Play, Trick, TrickRules
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
        self.tricks: list[Trick] = []
        self.history: list[Action] = []
        self._next: dict[int, int] = {}
        self._size = len(self.playing)
        self._rules: TrickRules = variant.trick_rules
        # The trick being played: its leader, number and plays; ``_trick`` is the Trick value the
        # rules are asked about. When the rules read only the suit led (``reads == "lead"``) it is
        # not rebuilt after every card: ``_stale`` says the plays went on since (see ``trick``).
        self._by_lead = self._rules.reads == "lead"
        self._leader = 0
        self._number = 0
        self._plays: list[Play] = []
        self._trick: Trick | None = None
        self._stale = False
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
            trick = self._trick
            assert trick is not None
            mask = self._rules.legal_mask(self.hands[seat], trick, self.trump)
            actions = _ACTIONS[seat]
            if not mask & (mask - 1):  # one legal card
                return [actions[mask.bit_length() - 1]]
            legal = []
            while mask:  # in card index order, lowest first
                low = mask & -mask
                legal.append(actions[low.bit_length() - 1])
                mask ^= low
            return legal
        if self.phase == DONE:
            return []
        return self.variant.decision_actions(self)

    def legal_plays(self) -> CardSet:
        """The cards the seat to act may play (empty outside trick play)."""
        if self.phase != PLAY or self._trick is None:
            return CardSet()
        return CardSet.from_mask(
            self._rules.legal_mask(self.hands[self.to_act], self._trick, self.trump)
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
        rules = self._rules
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
        trick = self._trick
        assert trick is not None
        if not rules.legal_mask(hand, trick, self.trump) & card.mask:
            message = rules.explain(hand, self.current_trick(), card, self.trump)
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
        self.push(action)

    def play_card(self, card: Card | str) -> None:
        """Play ``card`` for the seat to act (a convenience over :meth:`play`)."""
        self.play(Action(PLAY, self.to_act, Card.parse(card) if isinstance(card, str) else card))

    def push(self, action: Action) -> None:
        """Apply ``action`` without checking it: the unchecked twin of :meth:`play` for trusted
        callers that took the action from :meth:`legal_actions` (a bot loop, a replay already
        checked). An illegal action pushed here leaves the deal in a state no rule allows; use
        :meth:`play` for anything that comes from outside.

        (The same split as python-chess's ``Board.push`` beside ``push_san``.)
        """
        self.history.append(action)
        if self.phase != PLAY:
            self.variant.apply_decision(self, action)
            return
        card = action.card
        assert card is not None
        seat = action.seat
        trick = self._trick
        assert trick is not None
        rules = self._rules
        hand = self.hands[seat]
        flags = rules.play_flags(hand, trick, card, self.trump)
        play = _PLAYS[seat][card.index] if not flags else Play(seat, card, flags)
        self.hands[seat] = hand ^ card.mask
        plays = self._plays
        plays.append(play)
        if len(plays) < self._size:
            if self._by_lead and len(plays) > 1:
                self._stale = True  # the rules read only the suit led: no new Trick needed
            else:
                self._trick = Trick(self._leader, self._number, tuple(plays))
            self.to_act = self._next[seat]
            return
        full = Trick(self._leader, self._number, tuple(plays))
        winner = rules.trick_winner(full, self.trump)
        done = Trick(full.leader, full.number, full.plays, winner)
        self.tricks.append(done)
        self._won[winner] += 1
        self._trick = None
        self._stale = False
        self.variant.after_trick(self, done)

    @property
    def trick(self) -> Trick | None:
        """The trick being played (its plays so far), or None between tricks and outside play."""
        if self._stale:
            self._trick = Trick(self._leader, self._number, tuple(self._plays))
            self._stale = False
        return self._trick

    def current_trick(self) -> Trick:
        """:attr:`trick`, which must exist (trick play is under way)."""
        trick = self.trick
        if trick is None:
            raise IllegalActionError(f"no trick is being played (phase {self.phase!r})")
        return trick

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
        self._size = len(self.playing)
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
        number = len(self.tricks)
        self._leader = leader
        self._number = number
        self._plays = []
        self._stale = False
        key = (leader, number)
        trick = _EMPTY_TRICKS.get(key)
        if trick is None:
            trick = _EMPTY_TRICKS[key] = Trick(leader, number)
        self._trick = trick
        self.to_act = leader

    def finish(self) -> None:
        """End the deal."""
        self.phase = DONE
        self._trick = None
        self._stale = False

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


__all__ = ["DONE", "PLAY", "Deal"]
