"""The :class:`Variant` contract every game implements, its declared options, and actions.

A variant class declares its name, aliases, player counts and options (each with its rule id);
an *instance* is the variant configured with validated options. The engine
(:class:`kozyr.engine.Deal`) calls the instance's hooks; everything a variant decides -- dealing,
its own phases, trick rules, scoring, settlement -- lives behind these hooks, so the core knows no
game by name.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from typing_extensions import override

from kozyr.cards import Card
from kozyr.cardset import CardSet
from kozyr.errors import KozyrError, OptionError, RecordError
from kozyr.limits import SHOWN, shorten
from kozyr.outcome import OutcomeField, field_names, read_outcome
from kozyr.rulebook import Rule, Rulebook, conventions, read_rulebook
from kozyr.scoring import ScoreSheet, SheetNote, sides_of
from kozyr.seats import next_seat
from kozyr.solve import Objective
from kozyr.tricks import Play, TrickRules

if TYPE_CHECKING:
    from kozyr.batch import BatchForm
    from kozyr.codec import RecordReader
    from kozyr.engine import Deal, PlayerView
    from kozyr.record import DealRecord, DealResult, PartyRecord, PartyResult


_TRUE = {"true", "yes", "on", "1", "да"}
_INTEGER = re.compile(r"[+-]?[0-9]{1,30}")
_PLAIN = re.compile(r"[\w-]{1,24}")  # an option name shown as it is; others quoted and escaped
_FALSE = {"false", "no", "off", "0", "нет"}


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """A declared variant option: name, type, default, allowed values (or range), and rule id."""

    name: str
    type: type
    default: Any
    rule: str
    doc: str = ""
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None

    def coerce(self, value: Any) -> Any:
        """Convert ``value`` (a Python value or CLI text) to the option's type, checking it."""
        converted: Any = value
        if isinstance(value, str) and self.type is not str:
            text = value.strip().lower()
            try:
                if self.type is bool:
                    if text not in _TRUE | _FALSE:
                        raise ValueError(text)
                    converted = text in _TRUE
                elif self.type is int:
                    # ASCII digits only (int() would take "４" or "1_0") and no 4,300-digit text
                    if not _INTEGER.fullmatch(text):
                        raise ValueError(text)
                    converted = int(text)
                else:
                    converted = self.type(text)
            except ValueError:
                raise OptionError(
                    f"option {self.name}: {_value(value)} is not {_kind(self.type)}"
                    f"{self._allowed()} ({self.rule})"
                ) from None
        if (self.type is int and isinstance(converted, bool)) or not isinstance(
            converted, self.type
        ):
            raise OptionError(
                f"option {self.name}: {_value(value)} is not {_kind(self.type)}"
                f"{self._allowed()} ({self.rule})"
            )
        if self.choices is not None and converted not in self.choices:
            raise OptionError(
                f"option {self.name}: {_value(value)} is not allowed{self._allowed()} ({self.rule})"
            )
        number = int(converted) if isinstance(converted, int) else None
        if number is not None and (
            (self.minimum is not None and number < self.minimum)
            or (self.maximum is not None and number > self.maximum)
        ):
            raise OptionError(
                f"option {self.name}: {_value(value)} is out of range"
                f"{self._allowed()} ({self.rule})"
            )
        return converted

    def _allowed(self) -> str:
        if self.choices is not None:
            return "; allowed: " + ", ".join(_show(c) for c in self.choices)
        if self.minimum is not None or self.maximum is not None:
            return f"; allowed: {self.minimum}..{self.maximum}"
        return ""

    def describe(self) -> str:
        """Allowed values in words, for ``kozyr rules``."""
        if self.choices is not None:
            return " | ".join(_show(c) for c in self.choices)
        if self.minimum is not None or self.maximum is not None:
            return f"{self.minimum}..{self.maximum}"
        return self.type.__name__

    def to_json(self, *, value: Any = None, with_value: bool = False) -> dict[str, Any]:
        """The option as JSON-ready data, the form ``kozyr rules --json`` and the web API's
        ``/api/variants`` give it (with ``with_value``, the variant's ``value`` after
        ``default``).

        >>> OptionSpec("target", int, 7, "SU2", "game target", (7, 10)).to_json()["allowed"]
        [7, 10]
        """
        data: dict[str, Any] = {
            "name": self.name,
            "type": self.type.__name__,
            "allowed": list(self.choices) if self.choices is not None else None,
            "minimum": self.minimum,
            "maximum": self.maximum,
            "default": self.default,
        }
        if with_value:
            data["value"] = value
        data["rule"] = self.rule
        data["doc"] = self.doc
        return data


def _plain(value: Any) -> Any:
    """A value of a result as a record holds it: tuples as lists, cards and card sets as text."""
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if isinstance(value, (Card, CardSet)):
        return str(value)
    return value


def _totals(variant: Variant, results: Sequence[DealResult]) -> list[tuple[Any, ...]]:
    """The running totals of the default party form: each deal's points added up per side (or
    seat), one row after each deal."""
    rows: list[tuple[Any, ...]] = []
    current: list[Any] | None = None
    for result in results:
        points = list(result.points)
        current = (
            points if current is None else [a + b for a, b in zip(current, points, strict=True)]
        )
        rows.append(tuple(current))
    return rows


def deal_fields(variant: Variant, context: Mapping[str, Any]) -> tuple[OutcomeField, ...]:
    """:meth:`Variant.deal_outcome_fields` of ``context``, checked to be the declared fields
    with other bounds only (a ``ValueError`` naming the field otherwise, which the caller's
    guard reports as the plugin's fault)."""
    declared = variant.outcome_fields
    if type(variant).deal_outcome_fields is Variant.deal_outcome_fields:
        return declared
    fields = tuple(variant.deal_outcome_fields(context))
    if len(fields) != len(declared) or not all(
        isinstance(f, OutcomeField) and f.same_shape(d)
        for f, d in zip(fields, declared, strict=True)
    ):
        mine = ", ".join(getattr(f, "name", repr(f)) for f in fields)
        raise ValueError(
            f"deal_outcome_fields gave [{mine}]: not the declared outcome fields "
            f"[{', '.join(d.name for d in declared)}] (same names, kinds and layouts, in order) "
            "with other bounds"
        )
    return fields


def _value(value: Any) -> str:
    """An option value as quoted in a message (a long one cut short)."""
    return shorten(value) if isinstance(value, str) else repr(value)[: SHOWN * 2]


def _kind(kind: type) -> str:
    """An option type in words, for messages."""
    return {int: "an integer", bool: "true or false", str: "a string"}.get(kind, kind.__name__)


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


@dataclass(frozen=True, slots=True)
class Action:
    """A decision or a card play by ``seat``. ``kind`` is ``"play"`` for a card played to a trick;
    variants name their own decisions (``"stand"``, ``"beg"``, ``"give"``, ``"run"``,
    ``"discard"``, ``"exchange"``, ``"keep"``, ``"run_away"``, ``"stay"``…). ``card`` is the
    card a decision is about, ``value`` what else it says -- a bid, a number of tricks, a
    declared suit -- typed (``Action("bid", 1, value=3)``) instead of folded into ``kind``.

    >>> str(Action("bid", 1, value=3))
    'seat 1: bid 3'
    """

    kind: str
    seat: int
    card: Card | None = None
    value: int | str | None = None

    @override
    def __str__(self) -> str:
        text = f"seat {self.seat}: {self.kind}"
        if self.card is not None:
            text += f" {self.card}"
        if self.value is not None:
            text += f" {self.value}"
        return text


@dataclass(frozen=True, slots=True, eq=False, init=False, repr=False)
class CardPlay(Action):
    """A card played to a trick: an :class:`Action` of kind ``"play"`` whose :attr:`card` is a
    :class:`~kozyr.Card`, never None -- what :meth:`kozyr.Deal.legal_actions` offers in trick
    play, so a bot reads ``action.card.suit`` without an ``assert`` (type-checked by mypy).

    It is an ``Action`` in every other way: equal to, and hashed like, the plain ``Action``
    with the same fields (``Action("play", 0, card) == CardPlay(0, card)``), so a caller's own
    ``Action`` still finds it in a list or a set, and records, logs and histories read and
    write the same as before. :func:`card_plays` gives the card plays among legal actions.

    >>> from kozyr import Card
    >>> play = CardPlay(2, Card.parse("A♠"))
    >>> play, play.kind, play.card.suit
    (CardPlay(seat=2, card=Card('A♠')), 'play', Suit.SPADES)
    >>> plain = Action("play", 2, Card.parse("A♠"))
    >>> plain == play, play == plain, hash(plain) == hash(play), len({plain, play})
    (True, True, True, 1)
    >>> CardPlay(0, None)  # type: ignore[arg-type]
    Traceback (most recent call last):
    ...
    TypeError: a card play needs a Card, not None
    """

    card: Card

    def __init__(
        self, seat: int, card: Card, kind: str = "play", value: int | str | None = None
    ) -> None:
        # ``kind`` and ``value`` only so that dataclasses.replace() and copies work
        if not isinstance(card, Card):
            raise TypeError(f"a card play needs a Card, not {card!r}")
        if kind != "play" or value is not None:
            raise TypeError(f"a card play is of kind 'play' with no value, not {kind!r}/{value!r}")
        object.__setattr__(self, "kind", "play")
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "value", None)

    @override
    def __eq__(self, other: object) -> bool:
        if isinstance(other, Action):
            return (
                self.seat == other.seat
                and self.card == other.card
                and self.kind == other.kind
                and self.value == other.value
            )
        return NotImplemented

    @override
    def __hash__(self) -> int:  # as the plain Action's (the dataclass hash of its fields)
        return hash((self.kind, self.seat, self.card, self.value))

    @override
    def __repr__(self) -> str:
        return f"CardPlay(seat={self.seat}, card={self.card!r})"


def card_plays(actions: Iterable[Action]) -> list[CardPlay]:
    """The card plays among ``actions``, each a :class:`CardPlay` (a plain ``Action("play",
    seat, card)`` is converted; decisions are left out), in their order: what a bot that plays
    cards needs from its legal actions, typed.

    >>> from kozyr import Card
    >>> card_plays([Action("pass", 0), Action("play", 0, Card.parse("7♥"))])
    [CardPlay(seat=0, card=Card('7♥'))]
    """
    return [
        a if isinstance(a, CardPlay) else CardPlay(a.seat, a.card)
        for a in actions
        if a.kind == "play" and a.card is not None
    ]


@dataclass(frozen=True, slots=True)
class DecisionKind:
    """One kind of decision a variant's decision log holds (:attr:`Variant.decision_log`):
    its ``kind`` (the :attr:`Action.kind`), the type of its :attr:`Action.value` -- ``int``,
    ``str`` or None for a decision that says nothing more (``"pass"``) -- whether it names a
    card (``card``), whether every player sees it (``public``: a bot's
    :attr:`~kozyr.engine.PlayerView.log` shows it; a discard is private) and the rule that
    makes it.

    The core reads a logged decision strictly by it: an unknown kind, a missing or extra value
    or card, a value of the wrong type is a :class:`RecordError` at its JSON path.

    >>> bid = DecisionKind("bid", value=int, public=True, rule="AP3")
    >>> bid.problem(Action("bid", 1, value="3"))
    ('value', 'the value of bid is an integer, not a string')
    >>> bid.problem(Action("bid", 1, value=3)) is None
    True
    """

    kind: str
    value: type | None = None
    card: bool = False
    public: bool = False
    rule: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.kind, str) or not self.kind or self.kind == "play":
            raise KozyrError(
                f"a decision kind is a non-empty name other than 'play': {self.kind!r}"
            )
        if self.value not in (None, int, str):
            raise KozyrError(
                f"decision {self.kind}: its value is int, str or None, not {self.value!r}"
            )

    def problem(self, action: Action) -> tuple[str, str] | None:
        """What is wrong with ``action`` as a decision of this kind: ``("value", why)`` or
        ``("card", why)``; None when nothing is."""
        value = action.value
        if self.value is None and value is not None:
            return "value", f"{self.kind} takes no value"
        if self.value is not None:
            if value is None:
                return "value", f"{self.kind} needs a value: {_kind(self.value)}"
            if isinstance(value, bool) or not isinstance(value, self.value):
                found = "a boolean" if isinstance(value, bool) else _kind(type(value))
                return "value", f"the value of {self.kind} is {_kind(self.value)}, not {found}"
        if self.card and action.card is None:
            return "card", f"{self.kind} needs a card"
        if not self.card and action.card is not None:
            return "card", f"{self.kind} names no card"
        return None


class Bot(Protocol):
    """Chooses one of the legal actions of a deal, seeing what its player sees: ``view`` is a
    :class:`kozyr.engine.PlayerView` (own hand, cards played, public facts -- not the other
    hands)."""

    def choose(self, view: PlayerView, actions: Sequence[Action]) -> Action: ...


BotFactory = Callable[[random.Random], Bot]

#: The engine hooks every variant must implement: the :class:`Variant` methods that raise
#: ``NotImplementedError``. The plugin registry refuses a variant that leaves one out.
REQUIRED_HOOKS: tuple[str, ...] = ("start", "setup_replay", "score")


class Variant:
    """Base class of every variant. Subclass it, fill the class attributes and the hooks.

    ``Variant(**options)`` validates options against :attr:`options_spec` (unknown names, types,
    allowed values) and then :meth:`check_options` (impossible combinations).
    """

    name: ClassVar[str] = ""
    aliases: ClassVar[tuple[str, ...]] = ()
    title: ClassVar[str] = ""
    title_ru: ClassVar[str] = ""
    #: The ids of the variant's rules in short, for ``kozyr variants`` (e.g. ``"SU1-SU7,
    #: D-SU1-D-SU4"``).
    rules_ref: ClassVar[str] = ""
    #: The variant's rules files (``*.rules.md``, package data of the package that defines the
    #: class; see :mod:`kozyr.rulebook`): its own first, then any other whose ids it cites (a race
    #: form cites По носкам's PN4). ``kozyr rules VARIANT`` prints the first.
    rules_files: ClassVar[tuple[str, ...]] = ()
    player_counts: ClassVar[tuple[int, ...]] = ()
    #: The rule id that fixes the number of players (``"SM1"``), for the message that refuses
    #: another count when the variant has no ``players`` option.
    players_rule: ClassVar[str] = ""
    options_spec: ClassVar[tuple[OptionSpec, ...]] = ()
    #: Top-level record keys the variant reads besides the core's (variant, options, dealer, hands,
    #: turnup/turnups, tricks, cut, seed).
    record_fields: ClassVar[tuple[str, ...]] = ()
    #: Top-level keys a party record may carry besides ``variant``, ``options``, ``deals``, ``cut``.
    party_fields: ClassVar[tuple[str, ...]] = ()
    #: How a record writes the turned card: ``"turnup"`` (one card) or ``"turnups"`` (a list).
    turnup_key: ClassVar[str] = "turnups"
    #: How many jokers the variant's deck has (:data:`kozyr.JOKERS`): 0 for most games, so a
    #: joker in one of their records is refused at its JSON path; ten-point Smear's ``jokers``
    #: option makes it 2. A variant whose options decide it overrides it with a property.
    deck_jokers: int = 0
    #: Seats in two sides (C5) when four play; ``False`` for everyone-for-himself games.
    partnership: ClassVar[bool] = False

    options: Mapping[str, Any]
    #: The play rule the engine asks about every trick (set by the variant's ``__init__``).
    trick_rules: TrickRules

    def __init__(self, /, **options: Any) -> None:
        # ``self`` is positional-only, so an option may be named anything ("self", "name")
        specs = {spec.name: spec for spec in self.options_spec}
        if "players" in options and "players" not in specs:
            self._check_fixed_players(options.pop("players"))
        unknown = sorted(set(options) - set(specs))
        if unknown:
            known = ", ".join(specs) or "none"
            names = ", ".join(n if _PLAIN.fullmatch(n) else shorten(n) for n in unknown[:5])
            more = f" and {len(unknown) - 5} more" if len(unknown) > 5 else ""
            raise OptionError(f"{self.name}: unknown option {names}{more}; known options: {known}")
        resolved = {name: spec.default for name, spec in specs.items()}
        for name, value in options.items():
            resolved[name] = specs[name].coerce(value)
        self.options = resolved
        self.check_options()

    def _check_fixed_players(self, value: Any) -> None:
        """A variant without a ``players`` option accepts ``players`` only as its one count."""
        counts = self.player_counts
        number: int | None = None
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        elif isinstance(value, str) and _INTEGER.fullmatch(value.strip()):
            number = int(value.strip())  # ASCII digits only, as OptionSpec.coerce (not "４", 4.5)
        if len(counts) == 1 and number == counts[0]:
            return
        title = f"{self.title_ru} ({self.name})" if self.title_ru else self.name
        rule = f" ({self.players_rule})" if self.players_rule else ""
        allowed = " or ".join(map(str, counts))
        text = str(value)
        shown = text if len(text) <= SHOWN and text.isprintable() else shorten(text)
        raise OptionError(
            f"{title} is played by exactly {allowed} players, not {shown}{rule}"
            if len(counts) == 1
            else f"{title}: {shown} players are not allowed; allowed: {allowed}{rule}"
        )

    # --- configuration -------------------------------------------------------------------------

    @property
    def players(self) -> int:
        """Number of seats at the table."""
        value = self.options.get("players", self.player_counts[0] if self.player_counts else 0)
        return int(value)

    @property
    def sides(self) -> tuple[tuple[int, ...], ...] | None:
        """The partnerships of this configured variant, each a tuple of seats, or None when
        everyone plays alone. Default: the two sides of C5 (0+2, 1+3) when ``partnership`` is set
        and four play. A variant whose sides depend on its options (three pairs of six, a caller
        and partner...) overrides this property: it is asked per instance."""
        return sides_of(self.players, self.partnership)

    def side_of(self, seat: int) -> int:
        """A seat's side: the index of its group in :attr:`sides` (its own seat number when
        there are no sides)."""
        sides = self.sides
        if sides is None:
            return seat
        for index, members in enumerate(sides):
            if seat in members:
                return index
        raise KozyrError(f"{self.name}: seat {seat} is on no side of {sides}")

    def check_options(self) -> None:
        """Reject impossible option combinations with an :class:`OptionError` (hook)."""
        if self.player_counts and self.players not in self.player_counts:
            raise OptionError(
                f"{self.name}: {self.players} players are not allowed; "
                f"allowed: {', '.join(map(str, self.player_counts))}"
            )

    def describe_options(self) -> str:
        """``name=value`` pairs of the options that differ from their defaults."""
        specs = {s.name: s for s in self.options_spec}
        return ", ".join(
            f"{k}={_show(v)}" for k, v in self.options.items() if v != specs[k].default
        )

    @classmethod
    def rulebooks(cls) -> tuple[Rulebook, ...]:
        """The variant's rules (:attr:`rules_files`, its own first), then the conventions C1-C7
        every variant shares."""
        package = cls.__module__.rpartition(".")[0] or cls.__module__
        return (*(read_rulebook(package, name) for name in cls.rules_files), conventions())

    @classmethod
    def rule(cls, rule_id: str) -> Rule:
        """One rule or decision of :meth:`rulebooks` by id (``"SU4"``, ``"d-su4"``); an id the
        variant does not define raises :class:`KozyrError` listing the ids it has."""
        books = cls.rulebooks()
        for book in books:
            found = book.get(rule_id)
            if found is not None:
                return found
        known = ", ".join(rule.id for book in books for rule in book.rules)
        raise KozyrError(f"{cls.name}: no rule {rule_id!r}; its rules are {known}")

    # --- the deal (engine hooks) ---------------------------------------------------------------

    def new_state(self) -> object:
        """A fresh working state for one deal, kept by the engine as ``deal.state`` (hook).

        Whatever a variant needs between its hooks during a deal -- the stock, who has run away
        so far, a decision a replay has still to reach -- lives here, in a type of the variant's
        own, instead of on the deal. What a record must keep goes through
        ``deal.record_fact`` instead. Default: None (no state).
        """
        return None

    def start(self, deal: Deal) -> None:
        """Shuffle (``deal.shuffle``), cut (``deal.cut_deck``) and deal (``deal.deal_hands``);
        turn up and set trump; then ``deal.begin_play(leader)`` or ``deal.set_phase(...)``
        (hook)."""
        raise NotImplementedError

    def decision_actions(self, deal: Deal) -> list[Action]:
        """The legal actions of a phase other than trick play (hook)."""
        raise NotImplementedError(f"{self.name} has no phase {deal.phase!r}")

    def apply_decision(self, deal: Deal, action: Action) -> None:
        """Carry out a decision already checked to be legal (hook)."""
        raise NotImplementedError(f"{self.name} has no phase {deal.phase!r}")

    def explain_decision(self, deal: Deal, action: Action) -> str | None:
        """Why ``action`` is not a legal decision now, citing the rule id (hook): the message of
        the IllegalActionError the engine raises (prefixed with the seat). None -- the default
        -- gives the generic "not possible in phase ...; legal: ..." message."""
        return None

    #: The facts (``deal.record_fact`` keys) every player may see: a bot's view shows only these
    #: (a discard, an exchanged card are private).
    public_facts: ClassVar[tuple[str, ...]] = ()

    #: The kinds of decision the core records in the deal's decision log, written to a record
    #: as ``log`` and replayed through :meth:`decision_actions`/:meth:`explain_decision` (see
    #: :class:`DecisionKind`). Empty (the default): no log; the variant keeps its decisions
    #: with ``deal.record_fact`` and answers a replay in :meth:`recorded_decision`.
    decision_log: ClassVar[tuple[DecisionKind, ...]] = ()

    #: Whether the engine calls :meth:`after_play` after every card played (declared, so that
    #: variants without the hook pay nothing for it). An attribute of each variant object with
    #: a class default: a class sets ``hears_plays = True``, or ``__init__`` sets
    #: ``self.hears_plays`` from the options (a declaration on the first turn only when an option
    #: asks for it); the engine reads it once per deal.
    hears_plays: bool = False

    #: The bot that plays a party when none is named (``kozyr play --party`` without ``--bot``):
    #: ``random`` by default; a variant whose random parties rarely end (bidders who overbid at
    #: random are set back without end) names a bot that finishes a game.
    party_bot: ClassVar[str] = "random"

    def after_play(self, deal: Deal, play: Play) -> None:
        """Called after each card of a trick that is not yet full (only when :attr:`hears_plays`
        is set), with ``deal.to_act`` already the next seat (hook). The place for what happens
        between the plays of a trick: trump set by the card led (``deal.set_trump``), a
        declaration on a player's first turn (``deal.set_phase(...)``, then
        ``deal.resume_play()`` from ``apply_decision``)."""

    def after_trick(self, deal: Deal, trick: Any) -> None:
        """Called after each trick is won: by default the winner leads, and the deal ends when the
        hands are empty. Override for exchanges, early ends (D-PN2) and the like."""
        if not deal.hand_mask(trick.winner):
            deal.finish()
        else:
            deal.new_trick(trick.winner)

    # --- records -------------------------------------------------------------------------------

    def read_fields(self, reader: RecordReader) -> dict[str, Any]:
        """Read and check the variant's own record fields (``reader`` knows their JSON paths).

        The default reads an outcome record (no ``hands``, no ``tricks``) of a variant that
        declares :attr:`outcome_fields` with :func:`kozyr.read_outcome` (sides from
        :attr:`sides`); otherwise it takes each key of :attr:`record_fields` that the record has
        as it is (plain JSON, unchecked): the inverse of the default :meth:`write_fields`."""
        fields = self.outcome_fields
        if fields and reader.get("hands") is None and reader.get("tricks") is None:
            sides = self.sides
            return read_outcome(fields, reader, len(sides) if sides is not None else None)
        return {key: reader.get(key) for key in self.record_fields if reader.has(key)}

    @property
    def outcome_fields(self) -> tuple[OutcomeField, ...]:
        """The facts of an outcome record (no hands, no tricks; :mod:`kozyr.outcome`), declared
        once: the reader, the JSON Schema, the scorekeeper's prompts and forms all come from it.
        Empty (the default): the variant has no outcome records."""
        return ()

    def deal_outcome_fields(self, context: Mapping[str, Any]) -> tuple[OutcomeField, ...]:
        """The outcome fields of one deal, given its party context (:meth:`party_context`;
        ``{}`` for a deal on its own) (hook): :attr:`outcome_fields` with the bounds of this
        deal -- a ``maximum``, ``minimum``, ``choices`` or ``nullable`` that depends on the deal
        (Oh Hell's fifth deal has three cards, so its tricks are at most 3). Replay checks an
        outcome deal's values against them (so ``kozyr keep``, ``kozyr serve`` and
        ``kozyr replay`` refuse the same answers), ``kozyr keep`` asks with them and the web
        form draws them. Each field must be the declared one of the same name, kind and layout
        in the same order, only its bounds (and labels) changed: anything else is a
        :class:`~kozyr.HookError`. Default: :attr:`outcome_fields` (the same for every deal).
        Pair it with :meth:`deal_caption` to say why ("deal 5: 3 cards")."""
        return self.outcome_fields

    def write_fields(self, record: DealRecord) -> dict[str, Any]:
        """The variant's own record fields as JSON data (the inverse of :meth:`read_fields`).

        The default writes the record's facts (``deal.record_fact``) whose keys a record may
        hold -- :attr:`record_fields` and the outcome fields -- as they are; a fact under any
        other key is the variant's own working note and is not written (a reader would refuse
        it as an unknown field)."""
        keys = set(self.record_fields) | set(field_names(self.outcome_fields))
        return {key: value for key, value in record.decisions.items() if key in keys}

    def check_record(self, record: DealRecord, context: Mapping[str, Any]) -> None:
        """Check hand sizes and other facts of a record before replay (raise RecordError)."""

    def outcome_record(self, result: DealResult, context: Mapping[str, Any]) -> dict[str, Any]:
        """The outcome record of a scored deal (hook): the facts a scorekeeper writes down
        (:attr:`outcome_fields`), as a deal object without ``variant`` and ``options``, that
        replays with ``context`` to the same points and settlement.

        The default, for a variant that declares outcome fields, takes each field from the
        result's attribute of the same name (``dealer`` from the record, ``tricks_won`` from
        :attr:`DealResult.tricks_won`), else from ``result.extra``, else from the record's facts
        (``deal.record_fact``); a field found nowhere is a :class:`KozyrError` naming it."""
        fields = self.outcome_fields
        if not fields:
            raise KozyrError(f"{self.name} has no outcome records")
        record: dict[str, Any] = {}
        for spec in fields:
            if spec.name == "dealer":
                value: Any = result.record.dealer
            elif spec.name in result.extra:
                value = result.extra[spec.name]
            elif spec.name in result.record.decisions:
                value = result.record.decisions[spec.name]
            elif spec.name != "record" and hasattr(type(result), spec.name):
                value = getattr(result, spec.name)
            elif not spec.required:
                continue
            else:
                raise KozyrError(
                    f"{self.name}: outcome field {spec.name} is neither an attribute of the "
                    "result nor in its extra or the record's facts; override outcome_record"
                )
            record[spec.name] = _plain(value)
        return record

    def prove_summary(
        self, record: DealRecord, context: Mapping[str, Any]
    ) -> tuple[str, tuple[str, ...]]:
        """Prove a summary record (hands, no tricks) possible by a legal play (hook; see
        :func:`kozyr.realisation.realise`): ``("summary", ())`` when a play was found; a
        :class:`RecordError` naming the first trick no legal play reaches when none exists;
        ``("outcome", (warning,))`` when the search gave up. By default nothing is searched."""
        return "outcome", (
            f"{self.name} has no search for a legal play of its summaries: checked as an outcome",
        )

    def setup_replay(self, deal: Deal, record: DealRecord) -> None:
        """Put a deal built from a record's hands into the phase where its actions start."""
        raise NotImplementedError

    def recorded_decision(self, deal: Deal, record: DealRecord) -> tuple[str, Action]:
        """The record's answer to the pending decision of ``deal``, with its JSON path (not
        asked of a variant with a :attr:`decision_log`: the core replays the record's log)."""
        raise RecordError("$", f"{self.name}: the record has no decision for phase {deal.phase!r}")

    # --- scoring -------------------------------------------------------------------------------

    def score(self, record: DealRecord, context: Mapping[str, Any]) -> DealResult:
        """Score a finished deal from its record (hook): a pure function of the record and the
        party context. A summary record (``record.tricks is None``) is scored the same way."""
        raise NotImplementedError

    def score_hand(self, cards: CardSet) -> ScoreSheet:
        """Combination scoring of one hand, where the variant has combinations (hook)."""
        raise KozyrError(f"{self.name} scores no combinations in a hand")

    # --- parties -------------------------------------------------------------------------------

    #: The total that ends a party of the core's default party form (see :meth:`score_party`):
    #: the first side (or seat) to reach it wins. None (the default): an ``int`` option named
    #: ``target`` is the target when the variant declares one, else the party is open-ended.
    party_target: ClassVar[int | None] = None
    #: What a won game costs its losers under the core's default party form with a target:
    #: each seat not on the winning side pays it, shared among the winning side's seats, cited
    #: by the rule of the ``target`` option. None (the default): the party's settlement holds
    #: only the deals' own payments.
    party_stake: ClassVar[int | Fraction | None] = None

    def party_goal(self) -> int | None:
        """The target of the default party form: the ``target`` option (an int) when declared,
        else :attr:`party_target`; None for an open-ended party."""
        value = self.options.get("target")
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        return self.party_target

    def has_party_form(self) -> bool:
        """Whether parties of this variant can be played, kept and scored: it has its own
        :meth:`score_party`, or the core's default party form (it declares outcome fields)."""
        return type(self).score_party is not Variant.score_party or self.default_party_form()

    def default_party_form(self) -> bool:
        """Whether the core's default party form scores this variant's parties: it declares
        :attr:`outcome_fields` and does not override :meth:`score_party`."""
        return type(self).score_party is Variant.score_party and bool(self.outcome_fields)

    def party_context(
        self, party: PartyRecord, results: Sequence[DealResult]
    ) -> Mapping[str, Any] | None:
        """What the next deal of a party needs to know (running totals, who left); None when the
        party is already over. The default: ``{}`` -- and, for the default party form with a
        target (:meth:`party_goal`), None once a side has reached it."""
        if results and self.default_party_form():
            goal = self.party_goal()
            if goal is not None and any(t >= goal for t in _totals(self, results)[-1]):
                return None
        return {}

    def party_context_after(
        self,
        party: PartyRecord,
        results: Sequence[DealResult],
        before: Mapping[str, Any],
    ) -> Mapping[str, Any] | None:
        """The party context after the last of ``results``, given ``before``, the context that
        deal was played in (hook, optional): always exactly ``party_context(party, results)``,
        which is the default. A variant whose context is a running total overrides it to take
        one step from ``before``, so that replaying a party of n deals costs n steps, not n²/2
        (replay, score sheets and the web page call this one for every deal after the first)."""
        return self.party_context(party, results)

    def score_party(self, party: PartyRecord, results: Sequence[DealResult]) -> PartyResult:
        """Totals, winner/loser and settlement of a party (hook).

        The default is the core's **default party form**, for a variant that declares
        :attr:`outcome_fields`: an open-ended series of deals whose points (per side, else per
        seat) are added up as running totals, ended by the players -- or, with a target
        (:meth:`party_goal`), by the deal after which a side has reached it. The winner is the
        side (or seat) with the most points when that is one, the loser the one with the
        fewest; the settlement holds every deal's payments. A variant without outcome fields
        has no party form (``NotImplementedError``)."""
        if not self.default_party_form():
            raise NotImplementedError(f"{self.name} has no party form")
        from kozyr.record import PartyResult
        from kozyr.scoring import Settlement, fraction_json

        running = _totals(self, results)
        totals = running[-1] if running else ()
        winner = loser = None
        if totals:
            best, worst = max(totals), min(totals)
            if totals.count(best) == 1:
                winner = totals.index(best)
            if totals.count(worst) == 1 and worst != best:
                loser = totals.index(worst)
        goal = self.party_goal()
        if goal is not None and (not totals or max(totals) < goal):
            winner = loser = None  # the target is not reached yet: nobody has won
        settlement = Settlement.combine(self.players, (r.settlement for r in results))
        stake = self.party_stake
        if goal is not None and winner is not None and stake:
            from kozyr.scoring import Payment

            won = self.sides[winner] if self.sides is not None else (winner,)
            spec = next((o for o in self.options_spec if o.name == "target"), None)
            rule = spec.rule if spec is not None and spec.rule else "party stake"
            share = Fraction(stake) / len(won)
            payments = [
                Payment(payer, payee, share, rule)
                for payer in range(self.players)
                if payer not in won
                for payee in won
            ]
            stakes = Settlement.from_payments(self.players, payments)
            settlement = Settlement.combine(self.players, (settlement, stakes))
        extra = {
            "by": "side" if self.sides is not None else "seat",
            "party_form": "default",
            "target": goal,
            "totals": [fraction_json(t) for t in totals],
        }
        return PartyResult(tuple(results), tuple(running), winner, loser, settlement, extra)

    def deals_again(self, result: DealResult) -> bool:
        """Whether the same dealer deals the next deal (a void deal, e.g. D-SU2); default no."""
        return False

    def party_cut(self, results: Sequence[DealResult], rng: random.Random) -> Card | None:
        """The cut card that settles a finished party played by bots (PN5, SL19-4), drawn with
        ``rng``; None for variants that settle without one (the default)."""
        return None

    def seats_in(self, context: Mapping[str, Any]) -> tuple[int, ...]:
        """The seats dealt in to a deal with this party ``context`` (hook): by default every
        seat; a race leaves out the players who have already finished it (D-PN2)."""
        return tuple(range(self.players))

    def next_dealer(self, dealer: int, context: Mapping[str, Any]) -> int:
        """The dealer of the next deal of a party: clockwise, skipping seats not dealt in
        (:meth:`seats_in`)."""
        seats = self.seats_in(context)
        return next_seat(dealer, self.players, seats) if seats else dealer

    def next_deal_dealer(
        self,
        previous: DealResult | None,
        context: Mapping[str, Any],
        *,
        first: int = 0,
    ) -> int:
        """The dealer of a party's next deal, after ``previous`` (None: the party's first deal,
        dealt by ``first``), in the party ``context`` of that next deal: the same dealer again
        when :meth:`deals_again` says so, else the seat :meth:`next_dealer` names; a dealer who
        is not dealt in (:meth:`seats_in`) passes the deal on. The one rule the party loop, the
        record check, the scorekeeper and the web page follow."""
        if previous is None:
            dealer = first
        else:
            dealer = previous.record.dealer
            if not self.deals_again(previous):
                dealer = self.next_dealer(dealer, context)
        if dealer not in self.seats_in(context):
            dealer = self.next_dealer(dealer, context)
        return dealer

    def check_dealer_rotation(
        self, results: Sequence[DealResult], contexts: Sequence[Mapping[str, Any]], rule: str
    ) -> None:
        """Check a party record's dealers (for :meth:`score_party`): each deal is dealt by the
        seat :meth:`next_deal_dealer` names after the deal before it; a :class:`RecordError`
        names the deal and ``rule``."""
        for i in range(1, len(results)):
            expected = self.next_deal_dealer(results[i - 1], contexts[i])
            if results[i].record.dealer != expected:
                raise RecordError(
                    f"$.deals[{i}].dealer",
                    f"the deal passes clockwise: seat {expected} deals this deal, not seat "
                    f"{results[i].record.dealer} ({rule})",
                )

    # --- score sheets --------------------------------------------------------------------------

    def sheet_notes(self, result: DealResult | PartyResult) -> Sequence[SheetNote]:
        """Facts a score sheet shows beside the points of a scored deal or party (hook): who ran
        away or left after which deal, a void deal, a game won inside a rubber, and the note
        marked ``winner=True`` that says why the party was won (e.g. the SU7 order). Default:
        none (the sheet still shows every item, the totals and the winner)."""
        return ()

    def deal_caption(self, context: Mapping[str, Any]) -> SheetNote | None:
        """A line a scorekeeper's form shows above the next deal, given the party context of
        that deal (:meth:`party_context`): which game of a rubber and its score, a pot held over
        and who waits for it. Its ``who`` are seats (sides with ``sides=True``). Default: none."""
        return None

    # --- bots ----------------------------------------------------------------------------------

    def bots(self) -> Mapping[str, BotFactory]:
        """The variant's own bots by name (default: none). Read once per variant object.

        Every variant also has ``random`` (:class:`kozyr.bots.RandomBot`) and the bots plugins
        register for it (hook ``kozyr_register_bots``); :func:`kozyr.bots.available_bots` gives
        them all. A variant's own bot wins over a plugin bot of the same name."""
        return {}

    # --- batch form (optional) -----------------------------------------------------------------

    def batch_form(self) -> BatchForm | None:
        """This variant's batch form (:mod:`kozyr.batch`): random bots playing and scoring many
        deals at once with numpy, for ``kozyr simulate --engine batch``. None (the default)
        when the variant has none, or when numpy (``kozyr[fast]``) is not installed: the
        reference engine then plays every deal. A form that also has ``play_parties``
        (:class:`kozyr.batch.PartyBatchForm`) plays whole parties too (``--unit party``)."""
        return None

    # --- analysis (optional) -------------------------------------------------------------------

    def solve_objective(self, deal: Deal, seats: frozenset[int]) -> Objective | None:
        """What ``seats`` maximise from the deal's current point on, for the double-dummy solver
        (:mod:`kozyr.solve`, ``kozyr analyse``, the ``pimc`` bot): a
        :class:`kozyr.solve.Objective` counting their points trick by trick and at the end of
        the deal, with what the deal has already settled (cards won so far, points fixed by
        the deal) read from ``deal``. None (the default) counts tricks
        (:class:`kozyr.solve.TrickCount`), which is right for games won on tricks (Семь
        листов, SL-C7); a variant scored on points (Seven Up's High, Low, Jack and Game, SU6;
        Семерик's counters, SM7) returns its own."""
        return None

    def iter_options(self) -> Iterator[tuple[OptionSpec, Any]]:
        """Each declared option with its current value."""
        for spec in self.options_spec:
            yield spec, self.options[spec.name]

    @override
    def __repr__(self) -> str:
        extra = self.describe_options()
        return f"<{type(self).__name__} {self.name}{' ' + extra if extra else ''}>"


__all__ = [
    "REQUIRED_HOOKS",
    "Action",
    "Bot",
    "BotFactory",
    "DecisionKind",
    "OptionSpec",
    "Variant",
]
