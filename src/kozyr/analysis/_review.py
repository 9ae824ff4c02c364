"""Double-dummy reviews of played deals: the value of every play of a record (``kozyr analyse``).

For each card of a full deal record, :func:`analyse_deal` asks the solver (:mod:`kozyr.solve`)
what the player's side could still make before the card was played (every hand face up, every
seat playing best from there) and what it can make after it. A card worth less than the best
card *loses value*; the review says what it lost -- for a variant scored on points the items of
the score sheet that best play keeps and this card gives away ("9♠ loses the Jack; A♥ keeps
it"), else the tricks or points.

What a side maximises is the variant's :meth:`~kozyr.Variant.solve_objective` (tricks by
default); the sides are the variant's partnerships, the two players of a two-handed deal, or
the player alone against the rest (the paranoid value) where everyone plays for himself.

Values are the side's total from the start of play: the points of the tricks already played
plus the best from there. Decisions taken during play (an exchange of the turned card, SL-C6)
are taken as the record has them; the solver does not foresee them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, cast

from kozyr.budget import check_budget
from kozyr.cards import Card
from kozyr.errors import IllegalActionError, KozyrError, RecordError
from kozyr.solve import Objective, Position, SearchLimit, Solver, TrickCount

if TYPE_CHECKING:
    from kozyr.analysis._sampling import World
    from kozyr.engine import Deal
    from kozyr.record import DealRecord, PartyResult
    from kozyr.variant import Variant

#: The node budget of one play's question by default (a few seconds of search).
DEFAULT_MAX_NODES = 1_000_000


class AnalysisError(KozyrError):
    """A record that cannot be analysed (no plays, seats that sat out, a position too large)."""


def sides_for(
    variant: Variant, seat: int, seats: Sequence[int] | None = None
) -> tuple[tuple[int, ...], ...]:
    """Who plays with whom for the solver, seen from ``seat``: the variant's partnerships (C5),
    the two players of a two-handed game, else ``seat`` alone against the rest."""
    n = variant.players
    sides = variant.sides
    if sides:
        return tuple(tuple(side) for side in sides)
    everyone = tuple(seats) if seats is not None else tuple(range(n))
    if len(everyone) == 2:
        return ((everyone[0],), (everyone[1],))
    return ((seat,), tuple(s for s in everyone if s != seat))


def side_index(sides: Sequence[Sequence[int]], seat: int) -> int:
    """The index of the side ``seat`` is on."""
    return next(i for i, side in enumerate(sides) if seat in side)


def position_of(deal: Deal | World, sides: tuple[tuple[int, ...], ...]) -> Position:
    """The deal's current trick play as a double-dummy :class:`~kozyr.solve.Position` (of a
    :class:`kozyr.Deal` or a sampled :class:`~kozyr.analysis.World`)."""
    trick = deal.trick
    if trick is None:
        raise AnalysisError(f"no trick is being played (phase {deal.phase!r})")
    if len(deal.playing) != deal.n:
        out = sorted(set(range(deal.n)) - set(deal.playing))
        raise AnalysisError(
            f"seats {', '.join(map(str, out))} sat this deal out; "
            "the solver needs every seat in play"
        )
    return Position(
        deal.hands,
        deal.trump,
        trick.leader,
        deal.variant.trick_rules,
        sides,
        trick.plays,
        trick.number,
    )


def objective_of(deal: Deal | World, seats: frozenset[int]) -> Objective:
    """What ``seats`` maximise from the deal's current point: the variant's
    :meth:`~kozyr.Variant.solve_objective`, else their tricks. A sampled
    :class:`~kozyr.analysis.World` has the attributes of a deal the hook may read."""
    found = deal.variant.solve_objective(cast("Deal", deal), seats)
    return found if found is not None else TrickCount(seats)


def solver_for(
    deal: Deal | World, seat: int, *, max_nodes: int | None = DEFAULT_MAX_NODES
) -> tuple[Solver, int]:
    """A solver for ``seat``'s side at the deal's current point, and that side's index."""
    sides = sides_for(deal.variant, seat, deal.playing)
    index = side_index(sides, seat)
    position = position_of(deal, sides)
    objective = objective_of(deal, frozenset(sides[index]))
    return Solver(position, index, objective=objective, max_nodes=max_nodes), index


@dataclass(frozen=True)
class PlayReview:
    """One play of a record and its double-dummy values for the player's side.

    ``trick`` and ``seat`` say where (tricks from 1); ``before`` -- the side's best total from
    the start of play before the card; ``after`` -- its total after it (None: the search passed
    its budget); ``best`` -- the cards worth ``before``; ``lost`` -- the score items best play
    keeps and this card gives away (their English labels; empty when the difference is not in
    items); ``text`` -- the review in a sentence when the card lost value, else empty (seats by
    number; :meth:`sentence` names them)."""

    trick: int
    seat: int
    card: Card
    side: tuple[int, ...]
    before: int | None
    after: int | None
    best: tuple[Card, ...] = ()
    lost: tuple[str, ...] = ()
    text: str = ""
    #: The Russian labels of ``lost``, in the same order (the ``serve`` page in Russian).
    lost_ru: tuple[str, ...] = ()

    @property
    def loss(self) -> int:
        """How much value the card lost (0 for a best card or an unsolved play)."""
        if self.before is None or self.after is None:
            return 0
        return self.before - self.after

    def to_json(self) -> dict[str, Any]:
        return {
            "trick": self.trick,
            "seat": self.seat,
            "card": str(self.card),
            "side": list(self.side),
            "before": self.before,
            "after": self.after,
            "loss": self.loss,
            "best": [str(c) for c in self.best],
            "lost": list(self.lost),
            "text": self.text,
        }

    def sentence(self, unit: str, who: str | None = None) -> str:
        """The review in a sentence, as ``text`` says it, with the seat called ``who`` (a
        player's name) instead of ``seat N``; empty when the card lost nothing."""
        if self.loss <= 0:
            return ""
        return _sentence(self.trick, who or f"seat {self.seat}", self, unit)


def _sentence(trick: int, who: str, review: PlayReview, unit: str) -> str:
    amount = review.loss
    lost = review.lost
    what = _described(lost) if lost else _unit_text(amount, unit)
    keeps = "keeps it" if len(lost) <= 1 and (lost or amount == 1) else "keeps them"
    alternatives = " or ".join(str(c) for c in review.best[:3])
    return f"trick {trick}, {who}: {review.card} loses {what}; {alternatives} {keeps}"


@dataclass(frozen=True)
class DealAnalysis:
    """Every play of one deal reviewed (:func:`analyse_deal`): ``objective`` names what the
    sides maximise (``tricks`` or the objective's class), ``unit`` what the values count."""

    variant: str
    objective: str
    unit: str
    plays: tuple[PlayReview, ...] = field(default=())
    #: The deal's number in its party (from 1; ``deal`` in the JSON); None for a lone deal.
    number: int | None = None
    #: Why a deal of a party could not be analysed (a seat sat it out); None when it was.
    error: str | None = None

    @property
    def mistakes(self) -> tuple[PlayReview, ...]:
        """The plays that lost value."""
        return tuple(p for p in self.plays if p.loss > 0)

    @property
    def unsolved(self) -> int:
        """Plays the search could not value within its budget."""
        return sum(1 for p in self.plays if p.after is None)

    def to_json(self) -> dict[str, Any]:
        number: dict[str, Any] = {} if self.number is None else {"deal": self.number}
        if self.error is not None:
            number["error"] = self.error
        return {
            **number,
            "variant": self.variant,
            "objective": self.objective,
            "unit": self.unit,
            "plays": [p.to_json() for p in self.plays],
            "mistakes": len(self.mistakes),
            "unsolved": self.unsolved,
        }

    def text(self) -> str:
        """The review as lines: one per play that lost value, then a summary."""
        if self.error is not None:
            return f"not analysed: {self.error}"
        lines = [p.text for p in self.mistakes]
        lines.append(
            f"{len(self.plays)} plays, {len(self.mistakes)} lost value"
            + (f", {self.unsolved} not solved within the node budget" if self.unsolved else "")
            + f" (values: {self.unit})"
        )
        return "\n".join(lines)


class _Walk:
    """A record's deal stepped through the engine: decisions as the record has them."""

    def __init__(self, record: DealRecord, variant: Variant, context: Mapping[str, Any]) -> None:
        from kozyr.engine import Deal

        self.record, self.variant = record, variant
        self.deal = Deal.from_record(record, variant, context)
        self.taken = 0

    def settle(self) -> None:
        from kozyr.engine import DONE, PLAY

        deal, record, variant = self.deal, self.record, self.variant
        while deal.phase not in (PLAY, DONE):
            if variant.decision_log:
                deal.play(record.log[self.taken])
                self.taken += 1
            else:
                deal.play(variant.recorded_decision(deal, record)[1])

    def play(self, card: Card) -> None:
        from kozyr.engine import PLAY
        from kozyr.variant import Action

        self.settle()
        self.deal.play(Action(PLAY, self.deal.to_act, card))


def _finish(
    record: DealRecord,
    variant: Variant,
    context: Mapping[str, Any],
    prefix: Sequence[Card],
    line: Sequence[Card],
) -> Any:
    """The score sheet of the record's deal played as ``prefix`` then ``line``; None when the
    line cannot be played through (a decision the record does not have)."""
    try:
        walk = _Walk(record, variant, context)
        for card in (*prefix, *line):
            walk.play(card)
        walk.settle()
        if not walk.deal.is_over:
            return None
        return variant.score(walk.deal.record, context).sheet
    except (KozyrError, IndexError):
        return None


def _items(sheet: Any, side: tuple[int, ...], index: int) -> list[tuple[str, str]]:
    """The labels (English, Russian) of the sheet's items that go to ``side``."""
    labels: list[tuple[str, str]] = []
    for item in sheet.items:
        if item.seat in side or (item.seat is None and item.side == index):
            labels.append((item.label_en, item.label_ru))
    return labels


def _described(lost: Sequence[str]) -> str:
    names = [("the " + name if name in ("Jack", "High", "Low") else name) for name in lost]
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


def _unit_text(amount: int, unit: str) -> str:
    word = unit[:-1] if amount == 1 and unit.endswith("s") else unit
    return f"{amount} {word}"


def analyse_deal(
    record: DealRecord,
    variant: Variant,
    context: Mapping[str, Any] | None = None,
    *,
    max_nodes: int | None = DEFAULT_MAX_NODES,
    explain: bool = True,
    path: str = "$",
) -> DealAnalysis:
    """Every play of a replayed full record (:func:`kozyr.replay`'s ``result.record``) with its
    double-dummy value before and after, the plays that lost value described. ``max_nodes``
    bounds each play's search (a play past it is left unsolved); ``explain`` names the score
    items a losing card gives away by playing out both lines. ``path``: where the record is
    (``$.deals[2]`` in a party), for the errors and the time budget (:mod:`kozyr.budget`:
    checked before each card, so a web request's search stops at its deadline)."""
    context = context or {}
    require_full(record, path)
    try:
        walk = _Walk(record, variant, context)
    except IllegalActionError as error:
        raise RecordError("$", str(error)) from None
    deal = walk.deal
    solvers: dict[int, tuple[Solver, int]] = {}  # side index -> solver, points banked
    reviews: list[PlayReview] = []
    played: list[Card] = []
    unit = "tricks"
    objective_name = "tricks"
    for t, trick in enumerate(record.tricks or ()):
        for play in trick.plays:
            check_budget(f"{path}.tricks[{t}]")  # a web request's time budget (kozyr.budget)
            walk.settle()
            seat, card = deal.to_act, play.card
            sides = sides_for(variant, seat, deal.playing)
            index = side_index(sides, seat)
            side = sides[index]
            key = index if variant.sides or len(deal.playing) == 2 else seat
            held = solvers.get(key)
            if held is None or not _matches(held[0].position, deal):
                banked = held[1] if held is not None else _banked(deal, side)
                solver, _ = solver_for(deal, seat, max_nodes=max_nodes)
                solvers[key] = held = (solver, banked)
            solver, banked = held
            if not isinstance(solver.objective, TrickCount):
                objective_name = type(solver.objective).__name__
                unit = "points"
            before: int | None = None
            after: int | None = None
            best: tuple[Card, ...] = ()
            try:
                solver.nodes = 0
                values = solver.card_values()
                top = max(values.values())
                before, after = banked + top, banked + values[card]
                best = tuple(c for c, v in values.items() if v == top)
            except SearchLimit:
                pass
            review = PlayReview(t + 1, seat, card, side, before, after, best)
            if before is not None and after is not None and after < before:
                lost: tuple[tuple[str, str], ...] = ()
                if explain and unit == "points":
                    lost = _lost(
                        solver, record, variant, context, played, card, best[0], side, index
                    )
                review = replace(
                    review,
                    lost=tuple(en for en, _ in lost),
                    lost_ru=tuple(ru for _, ru in lost),
                )
                review = replace(review, text=review.sentence(unit))
            reviews.append(review)
            walk.play(card)
            played.append(card)
            for k, (other, points) in list(solvers.items()):
                try:
                    gained = other.advance(card)
                except KozyrError:
                    del solvers[k]  # the deal changed under it (a decision): rebuilt when asked
                    continue
                solvers[k] = (other, points + gained)
    return DealAnalysis(variant.name, objective_name, unit, tuple(reviews))


@dataclass(frozen=True)
class PartyAnalysis:
    """Every deal of a party reviewed (:func:`analyse_party`), each a :class:`DealAnalysis`
    with its ``number`` in the party."""

    variant: str
    deals: tuple[DealAnalysis, ...] = ()

    @property
    def mistakes(self) -> tuple[PlayReview, ...]:
        """The plays of every deal that lost value."""
        return tuple(p for d in self.deals for p in d.mistakes)

    @property
    def unsolved(self) -> int:
        """Plays of every deal the search could not value within its budget."""
        return sum(d.unsolved for d in self.deals)

    def to_json(self) -> dict[str, Any]:
        """``{"variant", "deals": [each deal's own object, with "deal": its number], "mistakes",
        "unsolved"}``: the keys of one deal's review are those of :meth:`DealAnalysis.to_json`."""
        return {
            "variant": self.variant,
            "deals": [d.to_json() for d in self.deals],
            "mistakes": len(self.mistakes),
            "unsolved": self.unsolved,
        }

    def text(self) -> str:
        """A heading per deal (``deal 2``), its review under it (:meth:`DealAnalysis.text`)."""
        return "\n\n".join(f"deal {d.number}\n{d.text()}" for d in self.deals)


def require_full(record: DealRecord, path: str = "$") -> None:
    """Raise :class:`AnalysisError` unless ``record`` is a full record (every card played, in
    its ``tricks``); the message names the JSON path of the deal and what kind it is."""
    if record.tricks is not None:
        return
    if record.outcome:
        raise AnalysisError(
            f"{path} is an outcome record (the facts of the deal, no cards): analysis needs a "
            f"full record, with every card played in {path}.tricks"
        )
    raise AnalysisError(
        f"{path} is a summary record (the cards each seat won, no tricks): analysis needs a "
        f"full record, with every card played in {path}.tricks"
    )


def party_contexts(result: PartyResult, variant: Variant) -> list[Mapping[str, Any]]:
    """The party context each deal of a scored party was played in
    (:meth:`~kozyr.Variant.party_context` of the deals before it)."""
    party = result.record
    if party is None:
        raise AnalysisError("the party result carries no record (replay it first)")
    contexts: list[Mapping[str, Any]] = []
    for i in range(len(result.deals)):
        context = variant.party_context(party, result.deals[:i])
        contexts.append(context if context is not None else {})
    return contexts


def analyse_party(
    result: PartyResult,
    variant: Variant,
    *,
    max_nodes: int | None = DEFAULT_MAX_NODES,
    explain: bool = True,
    deals: Sequence[int] | None = None,
) -> PartyAnalysis:
    """Every deal of a replayed party (:func:`kozyr.replay`'s :class:`~kozyr.PartyResult`)
    reviewed by :func:`analyse_deal` in the context the party gave it; ``deals`` picks some by
    index (from 0). Every deal must be a full record: a summary or outcome deal is refused
    with its path (``$.deals[2]``) before any search. A deal the solver cannot take (a seat
    sat it out) is reported with its ``error``, the others analysed."""
    chosen = range(len(result.deals)) if deals is None else deals
    for i in chosen:
        if not 0 <= i < len(result.deals):
            raise AnalysisError(f"the party has no deal {i + 1} (it has {len(result.deals)})")
        require_full(result.deals[i].record, f"$.deals[{i}]")
    contexts = party_contexts(result, variant)
    reviews = []
    for i in chosen:
        try:
            found = analyse_deal(
                result.deals[i].record,
                variant,
                contexts[i],
                max_nodes=max_nodes,
                explain=explain,
                path=f"$.deals[{i}]",
            )
        except AnalysisError as error:  # this deal only (a seat sat it out): the others go on
            found = DealAnalysis(variant.name, "tricks", "tricks", (), error=str(error))
        reviews.append(replace(found, number=i + 1))
    return PartyAnalysis(variant.name, tuple(reviews))


def _matches(position: Position, deal: Deal) -> bool:
    trick = deal.trick
    return (
        trick is not None
        and position.hands == deal.hands
        and position.leader == trick.leader
        and position.plays == trick.plays
    )


def _banked(deal: Deal, side: tuple[int, ...]) -> int:
    """What ``side`` already has from the deal's finished tricks when a solver is built part-way
    through play (after a decision changed a hand): its tricks where it plays for tricks. A
    points objective built part-way counts what play has already settled itself (Seven Up's
    ``fixed``); no shipped variant takes decisions in the middle of a points deal."""
    if isinstance(objective_of(deal, frozenset(side)), TrickCount):
        return sum(1 for t in deal.tricks if t.winner in side)
    return 0


def _lost(
    solver: Solver,
    record: DealRecord,
    variant: Variant,
    context: Mapping[str, Any],
    played: Sequence[Card],
    card: Card,
    best: Card,
    side: tuple[int, ...],
    index: int,
) -> tuple[tuple[str, str], ...]:
    """The score items (English and Russian labels) the best line gives ``side`` and the line
    after ``card`` does not."""
    try:
        mine = solver.principal_line(card)
        other = solver.principal_line(best)
    except SearchLimit:
        return ()
    kept = _finish(record, variant, context, played, mine)
    wanted = _finish(record, variant, context, played, other)
    if kept is None or wanted is None:
        return ()
    have = _items(kept, side, index)
    lost: list[tuple[str, str]] = []
    for label in _items(wanted, side, index):
        if label in have:
            have.remove(label)
        else:
            lost.append(label)
    return tuple(lost)


__all__ = [
    "DEFAULT_MAX_NODES",
    "AnalysisError",
    "DealAnalysis",
    "PartyAnalysis",
    "PlayReview",
    "analyse_deal",
    "analyse_party",
    "objective_of",
    "party_contexts",
    "position_of",
    "require_full",
    "side_index",
    "sides_for",
    "solver_for",
]
