"""The deal: :class:`Deal`, the one state machine that runs a deal of any variant.

The engine owns what every variant shares -- hands, the current trick, turn order, trick
resolution, history, chance -- and asks the variant for the rest (dealing, its own phases, trick
rules, scoring). ``play()`` validates and then applies, so an illegal action raises and leaves the
deal exactly as it was (``verify_play`` raises, ``can_play`` asks, ``play`` does); ``push()``
applies an action a trusted caller took from ``legal_actions()`` without checking it again.

Everything a :class:`Deal` holds is read-only from outside (properties). A variant's hooks change
the deal only through its named methods -- :meth:`Deal.deal_hands`, :meth:`Deal.add_cards`,
:meth:`Deal.remove_cards`, :meth:`Deal.turn_up`, :meth:`Deal.set_trump`, :meth:`Deal.set_phase`,
:meth:`Deal.set_playing`, :meth:`Deal.begin_play`, :meth:`Deal.new_trick`, :meth:`Deal.finish`,
:meth:`Deal.record_fact` -- keep their own working state in :attr:`Deal.state` (made by
:meth:`kozyr.Variant.new_state`), and draw chance only through :meth:`Deal.shuffle` and
:meth:`Deal.cut_deck`, which a replay answers from the record instead of the generator.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NoReturn, cast

from typing_extensions import override

from kozyr.cards import ALL_CARDS_AND_JOKERS, Card, Suit
from kozyr.cardset import CardSet
from kozyr.deck import Deck
from kozyr.engine._faults import _fail, _Traced, checked_result, checked_return, plugin_of
from kozyr.engine._view import PlayerView, TrickCounts
from kozyr.errors import HookError, IllegalActionError, IllegalPlayError, KozyrError
from kozyr.limits import check_seed
from kozyr.record import DealRecord
from kozyr.registry import PLUGIN_FAULTS, tracing
from kozyr.seats import next_seat
from kozyr.tricks import Play, StandardTrickRules, Trick, TrickRules
from kozyr.variant import Action, CardPlay, Variant

if TYPE_CHECKING:
    from kozyr.record import DealResult

PLAY = "play"
DONE = "done"

# Immutable values the hot path reuses instead of building them for every card played:
# ``_ACTIONS[seat][index]`` is ``CardPlay(seat, card)``, ``_PLAYS[seat][index]`` is
# ``Play(seat, card)`` (no flags). Seats are added on demand.
_ACTIONS: list[tuple[CardPlay, ...]] = []
_PLAYS: list[tuple[Play, ...]] = []


def _grow(n: int) -> None:
    while len(_ACTIONS) < n:
        seat = len(_ACTIONS)
        _ACTIONS.append(tuple(CardPlay(seat, card) for card in ALL_CARDS_AND_JOKERS))
        _PLAYS.append(tuple(Play(seat, card) for card in ALL_CARDS_AND_JOKERS))


_grow(8)

#: Who plays after whom, by the tuple of seats that play (shared, never changed).
_ORDERS: dict[tuple[int, ...], dict[int, int]] = {}

#: The default ``play_flags`` (no flags, ever) of the core's trick rules.
_NO_FLAGS = StandardTrickRules.play_flags

#: Empty tricks by (leader, number): immutable values, shared by every deal (see ``new_trick``).
_EMPTY_TRICKS: dict[tuple[int, int], Trick] = {}


class Deal:
    """One deal in progress. Create it with :meth:`new` (shuffled and dealt by seed) or
    :meth:`from_record` (hands as written down at a real table).

    Every attribute is read-only; the variant's hooks act on the deal through the methods in the
    section "used by variants" below, and keep their own working state in :attr:`state`.

    An exception other than a :class:`~kozyr.errors.KozyrError` raised inside one of the
    variant's hooks (or its trick rules) comes out as a :class:`~kozyr.errors.HookError` naming
    plugin, variant, hook, deal and seat; so does a deal that takes more than
    :attr:`max_actions` actions (a variant that never ends it).
    """

    # Every attribute of a deal, named once: the hot paths (push, legal_actions) read them as
    # slots, and a deal keeps no attribute dictionary.
    __slots__ = (
        "__weakref__",
        "_began",
        "_budget",
        "_by_lead",
        "_chances",
        "_context",
        "_cut",
        "_dealer",
        "_facts",
        "_flags",
        "_hands",
        "_hears_plays",
        "_history",
        "_hooks",
        "_initial",
        "_kinds",
        "_leader",
        "_log",
        "_n",
        "_next",
        "_number",
        "_phase",
        "_playing",
        "_plays",
        "_replaying",
        "_rng",
        "_rules",
        "_seats",
        "_seed",
        "_size",
        "_stale",
        "_state",
        "_to_act",
        "_trick",
        "_tricks",
        "_trump",
        "_turnups",
        "_variant",
        "_won",
    )

    #: The step budget: a deal with more actions than this is stopped with a HookError.
    max_actions: int = 10_000

    def __init__(
        self,
        variant: Variant,
        *,
        dealer: int = 0,
        seed: int | None = None,
        context: Mapping[str, Any] | None = None,
        seats: Iterable[int] | None = None,
        rng: random.Random | None = None,
        record: DealRecord | None = None,
    ) -> None:
        n = variant.players
        if not 0 <= dealer < n:
            raise IllegalActionError(f"dealer must be a seat 0..{n - 1}, not {dealer}", seat=dealer)
        self._variant = variant
        self._n = n
        self._dealer = dealer
        self._seed = check_seed(seed)
        # The generator of every chance event (random.Random(seed) unless one is given); a deal
        # replayed from a record draws nothing and answers chance from ``_replaying``.
        self._rng = rng if rng is not None else random.Random(seed)
        self._replaying = record
        self._context: Mapping[str, Any] = context or {}
        self._seats: tuple[int, ...] = tuple(seats) if seats is not None else tuple(range(n))
        self._playing: tuple[int, ...] = self._seats
        self._hands: list[int] = [0] * n
        self._initial: list[int | None] = [None] * n
        self._began = False  # whether the hands were snapshot (begin_play, or finish before it)
        self._trump: Suit | None = None
        self._turnups: list[Card] = []
        self._cut: Card | None = None
        self._chances: list[tuple[str, Any]] = []
        self._facts: dict[str, Any] = {}
        self._phase = "deal"
        self._to_act = dealer
        self._tricks: list[Trick] = []
        self._history: list[Action] = []
        self._log: list[Action] = []  # the decisions (actions outside trick play), in order
        self._kinds = {k.kind: k for k in variant.decision_log}
        self._budget = self.max_actions
        self._next: dict[int, int] = {}
        self._size = len(self._playing)
        rules = getattr(variant, "trick_rules", None)
        if rules is None:  # registration warned of it (kozyr plugins --strict)
            raise HookError(
                plugin=plugin_of(variant),
                variant=variant.name,
                detail="has no trick_rules: set self.trick_rules to a kozyr.TrickRules in "
                "__init__ (e.g. kozyr.FollowElseAny)",
            )
        self._rules: TrickRules = rules
        # The variant and its rules as the engine calls them: themselves, or -- with
        # KOZYR_TRACE_PLUGINS=1 -- a proxy logging every call (no cost when tracing is off).
        self._hooks: Variant = variant
        if tracing():
            self._hooks = cast("Variant", _Traced(variant, plugin_of(variant), variant.name))
            self._rules = cast(
                "TrickRules", _Traced(rules, plugin_of(variant), f"{variant.name} trick_rules")
            )
        # The trick being played: its leader, number and plays; ``_trick`` is the Trick value the
        # rules are asked about. When the rules read only the suit led (``reads == "lead"``) it is
        # not rebuilt after every card: ``_stale`` says the plays went on since (see ``trick``).
        self._by_lead = self._rules.reads == "lead"
        # Whether the rules can flag a play (SL-C9 dead, SL-C13 face down): rules that keep the
        # default play_flags never do, so push() need not ask them for every card.
        self._flags = getattr(type(self._rules), "play_flags", None) is not _NO_FLAGS
        self._hears_plays = variant.hears_plays
        self._leader = 0
        self._number = 0
        self._plays: list[Play] = []
        self._trick: Trick | None = None
        self._stale = False
        # Tricks won per seat, counted as the engine resolves them.
        self._won: list[int] = [0] * n
        self._set_order()
        if n > len(_ACTIONS):
            _grow(n)
        try:
            self._state: Any = self._hooks.new_state()
        except PLUGIN_FAULTS as error:
            _fail(variant, "new_state", error, seed=seed, dealer=dealer)

    def _mask(self, value: Any, seat: int) -> int:
        """A card mask the trick rules returned that is not a plain int: an integer type
        (numpy's) as its int, anything else a HookError saying what came back (#21)."""
        if not isinstance(value, bool) and hasattr(type(value), "__index__"):
            return operator.index(value)
        checked_return(
            self._variant,
            "trick_rules.legal_mask",
            value,
            int,
            "int (a card mask)",
            seed=self._seed,
            dealer=self._dealer,
            seat=seat,
            where=f"phase {self._phase!r}, after {len(self._history)} actions",
        )
        raise AssertionError("unreachable")  # pragma: no cover

    def _fault(self, hook: str, error: BaseException, seat: int | None = None) -> NoReturn:
        _fail(
            self._variant,
            hook,
            error,
            seed=self._seed,
            dealer=self._dealer,
            seat=seat,
            where=f"phase {self._phase!r}, after {len(self._history)} actions",
        )

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
        generator to shuffle with instead of ``random.Random(seed)`` (one the bots share). The
        seats dealt in are the variant's :meth:`~kozyr.Variant.seats_in` for ``context``."""
        try:
            seats = variant.seats_in(context or {})
        except PLUGIN_FAULTS as error:
            _fail(variant, "seats_in", error, seed=seed, dealer=dealer)
        deal = cls(variant, dealer=dealer, seed=seed, context=context, seats=seats, rng=rng)
        try:
            deal._hooks.start(deal)
        except PLUGIN_FAULTS as error:
            deal._fault("start", error)
        return deal

    @classmethod
    def from_record(cls, record: DealRecord, variant: Variant, context: Mapping[str, Any]) -> Deal:
        """A deal set up from a record's hands, waiting for the record's first action. It draws
        no chance: :meth:`cut_deck` gives the record's cut card, :meth:`shuffle` does nothing."""
        seats = [s for s, h in enumerate(record.hands) if h is not None]
        deal = cls(
            variant,
            dealer=record.dealer,
            seed=record.seed,
            context=context,
            seats=seats,
            record=record,
        )
        for seat, hand in enumerate(record.hands):
            if hand is not None:
                deal._hands[seat] = hand.mask
        deal._turnups = list(record.turnups)
        deal._cut = record.cut
        try:
            deal._hooks.setup_replay(deal, record)
        except PLUGIN_FAULTS as error:
            deal._fault("setup_replay", error)
        return deal

    # --- reading -------------------------------------------------------------------------------

    @property
    def variant(self) -> Variant:
        """The configured variant being played."""
        return self._variant

    @property
    def n(self) -> int:
        """Seats at the table."""
        return self._n

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self._dealer

    @property
    def seed(self) -> int | None:
        """The seed of the shuffle (None for a deal without one)."""
        return self._seed

    @property
    def context(self) -> Mapping[str, Any]:
        """What the party told this deal (running totals, ...; empty for a deal on its own)."""
        return self._context

    @property
    def seats(self) -> tuple[int, ...]:
        """Seats dealt in (players who left a race are not)."""
        return self._seats

    @property
    def playing(self) -> tuple[int, ...]:
        """Seats that play tricks (dealt in and not run away)."""
        return self._playing

    @property
    def hands(self) -> tuple[int, ...]:
        """Each seat's hand now, as a card mask (:meth:`hand` gives a :class:`CardSet`)."""
        return tuple(self._hands)

    @property
    def initial(self) -> tuple[int | None, ...]:
        """Hands as they stood when trick play began (what a record calls ``hands``); None for a
        seat not dealt in, and for every seat before play began."""
        return tuple(self._initial)

    @property
    def trump(self) -> Suit | None:
        """The trump suit, or None."""
        return self._trump

    @property
    def turnups(self) -> tuple[Card, ...]:
        """The cards turned up, in order."""
        return tuple(self._turnups)

    @property
    def cut(self) -> Card | None:
        """The cut card (C7) once the deal has one."""
        return self._cut

    @property
    def chances(self) -> tuple[tuple[str, Any], ...]:
        """The chance events of the deal so far, in order: ``("shuffle", cards)`` with the pack's
        order after the shuffle, ``("cut", card)``. Empty for a replayed deal."""
        return tuple(self._chances)

    @property
    def facts(self) -> Mapping[str, Any]:
        """The facts a record keeps beside hands and tricks (:meth:`record_fact`; the record's
        ``decisions``): a read-only view."""
        return MappingProxyType(self._facts)

    @property
    def state(self) -> Any:
        """The variant's own working state for this deal (:meth:`kozyr.Variant.new_state`)."""
        return self._state

    @property
    def phase(self) -> str:
        """``"play"`` (:data:`PLAY`), ``"done"`` (:data:`DONE`) or a phase of the variant."""
        return self._phase

    @property
    def to_act(self) -> int:
        """The seat whose action is awaited."""
        return self._to_act

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The finished tricks, each with its winner."""
        return tuple(self._tricks)

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action applied so far, in order (decisions and cards)."""
        return tuple(self._history)

    @property
    def log(self) -> tuple[Action, ...]:
        """The decisions applied so far, in order: every action outside trick play (the
        record's ``log`` for a variant with a :attr:`~kozyr.Variant.decision_log`)."""
        return tuple(self._log)

    @property
    def replaying(self) -> bool:
        """Whether the deal was set up from a record (:meth:`from_record`)."""
        return self._replaying is not None

    def hand(self, seat: int) -> CardSet:
        """The cards ``seat`` holds now."""
        return CardSet.from_mask(self._hands[seat])

    def hand_mask(self, seat: int) -> int:
        """The cards ``seat`` holds now, as a card mask (``hands[seat]`` without the tuple)."""
        return self._hands[seat]

    def view(self, seat: int) -> PlayerView:
        """What the player at ``seat`` sees of this deal (what a bot is given)."""
        return PlayerView(self, seat)

    @property
    def is_over(self) -> bool:
        """Whether the deal has ended."""
        return self._phase == DONE

    @property
    def tricks_won(self) -> TrickCounts:
        """Tricks taken per seat so far (as :attr:`kozyr.DealResult.tricks_won` of a result).
        Calling it -- ``deal.tricks_won()``, the method of kozyr 0.1 -- is deprecated."""
        return TrickCounts(self._won)

    def legal_actions(self) -> list[Action]:
        """Every legal action now; non-empty until the deal is over (a deal whose variant leaves
        nothing to do before the end raises a :class:`~kozyr.errors.HookError`)."""
        if self._phase == PLAY:
            seat = self._to_act
            trick = self._trick
            assert trick is not None
            try:
                mask = self._rules.legal_mask(self._hands[seat], trick, self._trump)
            except PLUGIN_FAULTS as error:
                self._fault("trick_rules.legal_mask", error, seat)
            if type(mask) is not int:
                mask = self._mask(mask, seat)
            actions = _ACTIONS[seat]
            if not mask & (mask - 1):  # one legal card, or none
                if not mask:
                    raise self._stuck()
                return [actions[mask.bit_length() - 1]]
            legal: list[Action] = []
            while mask:  # in card index order, lowest first
                low = mask & -mask
                legal.append(actions[low.bit_length() - 1])
                mask ^= low
            return legal
        if self._phase == DONE:
            return []
        return self._decisions()

    def _decisions(self) -> list[Action]:
        try:
            actions = self._hooks.decision_actions(self)
        except PLUGIN_FAULTS as error:
            self._fault("decision_actions", error, self._to_act)
        if not actions:
            raise self._stuck()
        return actions

    def _stuck(self) -> HookError:
        """A deal not over with nothing to do: the variant's hooks left it stuck."""
        seat = self._to_act
        if self._phase == PLAY:
            hook = "after_trick"
            why = (
                f"seat {seat} is to play but holds no legal card (after_trick must finish the deal)"
            )
        else:
            hook = "decision_actions"
            why = f"gave no action for seat {seat}"
        return HookError(
            plugin=plugin_of(self._variant),
            variant=self._variant.name,
            hook=hook,
            seed=self._seed,
            dealer=self._dealer,
            seat=seat,
            where=f"phase {self._phase!r}",
            detail=f"left the deal stuck in phase {self._phase!r}: {why}",
        )

    def legal_plays(self) -> CardSet:
        """The cards the seat to act may play (empty outside trick play)."""
        if self._phase != PLAY or self._trick is None:
            return CardSet()
        seat = self._to_act
        try:
            mask = self._rules.legal_mask(self._hands[seat], self._trick, self._trump)
        except PLUGIN_FAULTS as error:
            self._fault("trick_rules.legal_mask", error, seat)
        return CardSet.from_mask(mask if type(mask) is int else self._mask(mask, seat))

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
            raise IllegalActionError(f"no trick is being played (phase {self._phase!r})")
        return trick

    # --- acting --------------------------------------------------------------------------------

    def action(self, name: str) -> Action:
        """The legal action called ``name``: its kind (``"beg"``, ``"stand"``, ``"run"``), its
        text (``"seat 1: beg"``) or, in trick play, the card (``"Q♠"``). Raises an
        :class:`IllegalActionError` that lists the legal actions when none (or more than one)
        is called so.

        >>> import kozyr
        >>> deal = kozyr.Deal.new(kozyr.get_variant("seven-up"), seed=1)
        >>> deal.action("beg")
        Action(kind='beg', seat=1, card=None, value=None)
        """
        if not isinstance(name, str):
            raise TypeError(f"an action name is a string, not {type(name).__name__}")
        legal = self.legal_actions()
        found = [a for a in legal if name in (a.kind, str(a))]
        if not found and self._phase == PLAY:
            try:
                card = Card.parse(name)
            except KozyrError:
                card = None
            found = [a for a in legal if card is not None and a.card == card]
        if len(found) == 1:
            return found[0]
        shown = ", ".join(str(a) for a in legal) or "none (the deal is over)"
        raise IllegalActionError(
            f"no legal action is called {name!r}; legal now: {shown}", seat=self._to_act
        )

    def verify_play(self, action: Action | str) -> None:
        """Raise an :class:`IllegalActionError` (IllegalPlayError for cards) unless legal; a
        string names a legal action (:meth:`action`)."""
        if isinstance(action, str):
            self.action(action)
            return
        if self._phase == DONE:
            raise IllegalActionError(
                f"the deal is over; {action} is not possible", seat=action.seat
            )
        if self._phase == PLAY:
            self._verify_card(action)
            return
        legal = self._decisions()
        if action not in legal:
            try:
                why = self._hooks.explain_decision(self, action)
            except PLUGIN_FAULTS as error:
                self._fault("explain_decision", error, action.seat)
            if why is None:
                why = f"{action} is not possible in phase {self._phase!r}; legal: " + ", ".join(
                    str(a) for a in legal
                )
            else:
                why = f"seat {action.seat}: {why}"
            raise IllegalActionError(why, seat=action.seat, card=action.card)

    def _verify_card(self, action: Action) -> None:
        rules = self._rules
        seat, card = action.seat, action.card
        if action.kind != PLAY or card is None:
            raise IllegalActionError(
                f"seat {self._to_act} must play a card now, not {action.kind}", seat=seat
            )
        if seat != self._to_act:
            raise IllegalPlayError(
                f"seat {seat} played {card} out of turn; seat {self._to_act} is to play",
                seat=seat,
                card=card,
                rule="C2",
            )
        hand = self._hands[seat]
        if not hand & card.mask:
            raise IllegalPlayError(
                f"{card} is not in seat {seat}'s hand", seat=seat, card=card, rule="C3"
            )
        trick = self._trick
        assert trick is not None
        try:
            mask = rules.legal_mask(hand, trick, self._trump)
            if type(mask) is not int:
                mask = self._mask(mask, seat)
            legal = mask & card.mask
            message = "" if legal else rules.explain(hand, self.current_trick(), card, self._trump)
        except PLUGIN_FAULTS as error:
            self._fault("trick_rules.legal_mask/explain", error, seat)
        if not legal:
            raise IllegalPlayError(f"seat {seat}: {message}", seat=seat, card=card, rule=rules.rule)

    def can_play(self, action: Action | str) -> bool:
        """Whether ``action`` (or the action of that name) is legal now."""
        try:
            self.verify_play(action)
        except IllegalActionError:
            return False
        return True

    def play(self, action: Action | str) -> None:
        """Validate ``action`` and apply it (an illegal action changes nothing); a string names
        a legal action (:meth:`action`): ``deal.play("beg")``."""
        if isinstance(action, str):
            action = self.action(action)
        self.verify_play(action)
        self.push(action)

    def play_card(self, card: Card | str) -> None:
        """Play ``card`` for the seat to act (a convenience over :meth:`play`)."""
        self.play(Action(PLAY, self._to_act, Card.parse(card) if isinstance(card, str) else card))

    def push(self, action: Action) -> None:
        """Apply ``action`` without checking it: the unchecked twin of :meth:`play` for trusted
        callers that took the action from :meth:`legal_actions` (a bot loop, a replay already
        checked). An illegal action pushed here leaves the deal in a state no rule allows; use
        :meth:`play` for anything that comes from outside.

        (The same split as python-chess's ``Board.push`` beside ``push_san``.)
        """
        history = self._history
        if len(history) >= self._budget:
            raise HookError(
                plugin=plugin_of(self._variant),
                variant=self._variant.name,
                seed=self._seed,
                dealer=self._dealer,
                seat=self._to_act,
                where=f"phase {self._phase!r}",
                detail=f"the deal did not end after {self.max_actions} actions: its hooks never "
                "finish it",
            )
        history.append(action)
        if self._phase != PLAY:
            self._log.append(action)
            if self._kinds:
                self._check_logged(action)
            try:
                self._hooks.apply_decision(self, action)
            except PLUGIN_FAULTS as error:
                self._fault("apply_decision", error, action.seat)
            return
        card = action.card
        assert card is not None
        seat = action.seat
        trick = self._trick
        assert trick is not None
        rules = self._rules
        hands = self._hands
        hand = hands[seat]
        flags = 0
        if self._flags:
            try:
                flags = rules.play_flags(hand, trick, card, self._trump)
            except PLUGIN_FAULTS as error:
                self._fault("trick_rules.play_flags", error, seat)
        play = _PLAYS[seat][card.index] if not flags else Play(seat, card, flags)
        hands[seat] = hand ^ card.mask
        plays = self._plays
        plays.append(play)
        if len(plays) < self._size:
            if self._by_lead and len(plays) > 1:
                self._stale = True  # the rules read only the suit led: no new Trick needed
            else:
                self._trick = Trick(self._leader, self._number, tuple(plays))
            self._to_act = self._next[seat]
            if self._hears_plays:
                try:
                    self._hooks.after_play(self, play)
                except PLUGIN_FAULTS as error:
                    self._fault("after_play", error, seat)
            return
        full = Trick(self._leader, self._number, tuple(plays))
        try:
            winner = rules.trick_winner(full, self._trump)
            if winner not in self._playing:
                raise ValueError(f"seat {winner} wins trick {full.number}, but plays no card")
        except PLUGIN_FAULTS as error:
            self._fault("trick_rules.trick_winner", error, seat)
        done = Trick(full.leader, full.number, full.plays, winner)
        self._tricks.append(done)
        self._won[winner] += 1
        self._trick = None
        self._stale = False
        try:
            self._hooks.after_trick(self, done)
        except PLUGIN_FAULTS as error:
            self._fault("after_trick", error, winner)

    def _check_logged(self, action: Action) -> None:
        """A decision of a variant with a decision log must be one its declaration can write
        and read back (a HookError naming decision_actions otherwise; nothing is applied)."""
        kind = self._kinds.get(action.kind)
        if kind is None:
            problem: str | None = (
                f"{action.kind!r} is not a kind of its decision_log ({', '.join(self._kinds)})"
            )
        else:
            found = kind.problem(action)
            problem = None if found is None else found[1]
        if problem is not None:
            self._history.pop()
            self._log.pop()
            self._fault("decision_actions", ValueError(f"{action}: {problem}"), action.seat)

    # --- used by variants ----------------------------------------------------------------------

    def _set_order(self) -> None:
        playing = self._playing
        following = _ORDERS.get(playing)
        if following is None:
            order = sorted(playing)
            following = {s: order[(i + 1) % len(order)] for i, s in enumerate(order)}
            _ORDERS[playing] = following
        self._next = following
        self._size = len(playing)

    def next_seat(self, seat: int, among: Iterable[int] | None = None) -> int:
        """The next seat clockwise after ``seat`` among ``among`` (default: the seats dealt in)."""
        return next_seat(seat, self._n, self._seats if among is None else among)

    def shuffle(self, deck: Deck) -> None:
        """Chance: shuffle ``deck`` with the deal's generator (so a seed gives the same deal), and
        log it in :attr:`chances`. A replayed deal leaves the deck as it is (its hands, turn-ups
        and cut come from the record)."""
        if self._replaying is not None:
            return
        deck.shuffle(self._rng)
        self._chances.append(("shuffle", tuple(deck.cards)))

    def cut_deck(self, deck: Deck) -> Card | None:
        """Chance: cut ``deck`` (C7) at a place drawn with the deal's generator -- ``at`` cards
        lifted off the top go underneath -- and keep the cut card as the deal's (the record's
        ``cut``); returns it. A replayed deal leaves the deck as it is and returns the record's
        cut card (None when the record has none)."""
        if self._replaying is not None:
            return self._replaying.cut
        card = deck.cut(self._rng.randint(1, len(deck) - 1))
        self._cut = card
        self._chances.append(("cut", card))
        return card

    def deal_hands(self, hands: Mapping[int, int]) -> None:
        """Give each seat in ``hands`` its hand (a card mask), replacing what it held."""
        for seat, mask in hands.items():
            if seat not in self._seats:
                raise IllegalActionError(f"seat {seat} is not dealt in", seat=seat)
            self._hands[seat] = mask

    def add_cards(self, seat: int, mask: int) -> None:
        """Put the cards of ``mask`` into ``seat``'s hand (a later round of the deal, a turned
        card taken in exchange)."""
        if self._hands[seat] & mask:
            held = CardSet.from_mask(self._hands[seat] & mask)
            raise IllegalActionError(f"seat {seat} already holds {held}", seat=seat)
        self._hands[seat] |= mask

    def remove_cards(self, seat: int, mask: int) -> None:
        """Take the cards of ``mask`` out of ``seat``'s hand (a discard)."""
        if self._hands[seat] & mask != mask:
            missing = CardSet.from_mask(mask & ~self._hands[seat])
            raise IllegalActionError(f"seat {seat} does not hold {missing}", seat=seat)
        self._hands[seat] ^= mask

    def turn_up(self, card: Card) -> None:
        """Turn ``card`` up (the record's ``turnup``/``turnups``, in order)."""
        self._turnups.append(card)

    def set_trump(self, suit: Suit | None) -> None:
        """Make ``suit`` trump (None: no trump)."""
        self._trump = suit

    def set_phase(self, phase: str, to_act: int) -> None:
        """Enter a phase of the variant's own, with ``to_act`` to decide (trick play starts with
        :meth:`begin_play` or :meth:`new_trick`, the end with :meth:`finish`)."""
        if phase in (PLAY, DONE):
            raise IllegalActionError(
                f"set_phase({phase!r}): use begin_play()/new_trick() or finish()"
            )
        if not 0 <= to_act < self._n:
            raise IllegalActionError(f"seat {to_act} is not at the table", seat=to_act)
        self._phase = phase
        self._to_act = to_act

    def record_fact(self, key: str, value: Any) -> None:
        """Keep ``value`` under ``key`` among the facts a record writes beside hands and tricks
        (the variant's :meth:`~kozyr.Variant.write_fields` turns them into JSON)."""
        self._facts[key] = value

    def set_playing(self, seats: Iterable[int]) -> None:
        """Restrict trick play to ``seats`` (run-aways sit out)."""
        self._playing = tuple(sorted(seats))
        self._set_order()

    def begin_play(self, leader: int) -> None:
        """Enter trick play with ``leader`` to lead; the hands now are the record's ``hands``."""
        self._snapshot()
        self.new_trick(leader)

    def _snapshot(self) -> None:
        self._began = True
        seats = self._seats
        for seat in range(self._n):
            self._initial[seat] = self._hands[seat] if seat in seats else None

    def new_trick(self, leader: int) -> None:
        """Start the next trick with ``leader`` (also resumes play after a variant's phase)."""
        self._phase = PLAY
        number = len(self._tricks)
        self._leader = leader
        self._number = number
        self._plays = []
        self._stale = False
        key = (leader, number)
        trick = _EMPTY_TRICKS.get(key)
        if trick is None:
            trick = _EMPTY_TRICKS[key] = Trick(leader, number)
        self._trick = trick
        self._to_act = leader

    def resume_play(self) -> None:
        """Go back to the trick under way after a phase of the variant's own entered between its
        plays (:meth:`kozyr.Variant.after_play`): the next seat in the trick is to play."""
        if self._trick is None:
            raise IllegalActionError("resume_play(): no trick is under way; use new_trick()")
        plays = self._plays
        self._phase = PLAY
        self._to_act = self._next[plays[-1].seat] if plays else self._leader

    def finish(self) -> None:
        """End the deal. A deal that ends before trick play began (a void deal, everyone but one
        ran away) keeps the hands as they are now as the record's ``hands``, so its record
        replays."""
        if not self._began:
            self._snapshot()
        self._phase = DONE
        self._trick = None
        self._stale = False

    # --- results -------------------------------------------------------------------------------

    @property
    def record(self) -> DealRecord:
        """The deal as a replayable record (what a person would write down), built when read;
        as :attr:`kozyr.PartyResult.record` and :attr:`kozyr.DealResult.record`. Calling it --
        ``deal.record()``, the method of kozyr 0.1 -- is deprecated."""
        return DealRecord(
            variant=self._variant.name,
            options=dict(self._variant.options),
            dealer=self._dealer,
            hands=tuple(None if h is None else CardSet.from_mask(h) for h in self._initial),
            turnups=tuple(self._turnups),
            tricks=tuple(self._tricks),
            decisions=dict(self._facts),
            cut=self._cut,
            seed=self._seed,
            variant_object=self._variant,
            log=tuple(self._log) if self._kinds else (),
        )

    def result(self) -> DealResult:
        """The scored result of a finished deal."""
        if self._phase != DONE:
            raise IllegalActionError(f"the deal is not over (phase {self._phase!r})")
        try:
            result = self._hooks.score(self.record, self._context)
        except PLUGIN_FAULTS as error:
            self._fault("score", error)
        return checked_result(self._variant, result, seed=self._seed, dealer=self._dealer)

    @override
    def __repr__(self) -> str:
        return (
            f"<Deal {self._variant.name} dealer={self._dealer} phase={self._phase} "
            f"to_act={self._to_act} tricks={len(self._tricks)}>"
        )
