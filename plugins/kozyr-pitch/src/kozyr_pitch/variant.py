"""The Pitch family (AP1-AP11, D-AP1-D-AP8): Auction Pitch, Setback and Smudge.

Phases of a deal: ``bidding`` (each player once from eldest, AP3-AP5; the bids are the core's
decision log, D-AP1), then ``play`` -- the pitcher leads and the suit of his first card is trump
(AP6, set from :meth:`AuctionPitch.after_play`), follow suit or trump (AP7) -- then scoring
(AP8-AP10, :mod:`kozyr_pitch.scoring`) and the game (AP11).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from typing_extensions import override

from kozyr import (
    Action,
    BotFactory,
    Card,
    CardSet,
    Deal,
    DealRecord,
    DealResult,
    DecisionKind,
    Deck,
    FollowOrTrump,
    OptionSpec,
    OutcomeField,
    PartyRecord,
    PartyResult,
    Payment,
    PilesTarget,
    Play,
    RankOrder,
    RecordError,
    RecordReader,
    ScoreItem,
    ScoreSheet,
    Settlement,
    SheetNote,
    Suit,
    Trick,
    Variant,
    read_outcome,
    realise,
)
from kozyr.cardset import SUIT_MASKS
from kozyr.outcome import OUTCOME, SUMMARY
from kozyr.scoring import whole
from kozyr_pitch.scoring import (
    COUNT,
    HAND_SIZE,
    SMUDGE_BID,
    STUCK_BID,
    Facts,
    deal_items,
    going_out,
    play_facts,
    unit_of,
)

if TYPE_CHECKING:
    from kozyr.solve import Objective
    from kozyr_pitch.batch import PitchBatch

ORDER = RankOrder.ace_high()
BID = "bid"
PASS = "pass"
BIDDING = "bidding"
#: The most Game points a deal can hold: every counting card of the pack (AP8).
ALL_GAME_POINTS = 4 * sum(COUNT.values())
_PASSES = tuple(Action(PASS, seat) for seat in range(7))
#: Every bid of every seat: 1 to 4 in Pitch, up to 10 in ten-point Smear (SMR4).
_BIDS = tuple(tuple(Action(BID, seat, value=v) for v in range(11)) for seat in range(7))


def bid_text(value: int | None) -> str:
    """A bid as a table says it: ``pass``, ``1``..``3``, ``4 (smudge)``."""
    if value is None:
        return PASS
    return f"{value} (smudge)" if value == SMUDGE_BID else str(value)


@dataclass
class PitchState:
    """What a deal keeps between its hooks: the bids so far, from eldest (None = pass)."""

    bids: list[int | None] = field(default_factory=list)


class PitchLead(FollowOrTrump):
    """AP6 for the proof of a summary: the pitcher's first card is a trump (the suit it names);
    afterwards AP7, follow suit or trump."""

    reads: Literal["lead", "trick"] = "trick"

    @override
    def legal_mask(self, hand: int, trick: Trick, trump: Suit | None) -> int:
        if trick.number == 0 and not trick.plays and trump is not None:
            return hand & SUIT_MASKS[trump]
        return super().legal_mask(hand, trick, trump)


def _seat(name: str, ru: str, en: str, rule: str, doc: str, nullable: bool = False) -> OutcomeField:
    return OutcomeField(name, "seat", ru, en, rule, nullable=nullable, doc=doc)


DEALER = OutcomeField("dealer", "seat", "Сдающий", "Dealer", "AP2", core=True)
PITCHER = _seat("pitcher", "Питчер", "Pitcher", "AP6", "The seat that won the auction and led.")
BID_FIELD = OutcomeField(
    "bid",
    "count",
    "Заявка",
    "Bid",
    "AP3",
    minimum=1,
    maximum=SMUDGE_BID,
    doc="The pitcher's bid: 1 (by option) or 2 to 4; 4 is the smudge.",
)


def bid_field(maximum: int) -> OutcomeField:
    """The outcome field of the bid when the bids go up to ``maximum`` (Smear, SMR4)."""
    from dataclasses import replace

    if maximum == SMUDGE_BID:
        return BID_FIELD
    return replace(
        BID_FIELD,
        maximum=maximum,
        doc=f"The pitcher's bid: 1 (by option) or 2 to {maximum}, the points in play (SMR4).",
    )


HIGH = _seat("high", "Старший", "High", "AP8", "The seat dealt the highest trump in play.")
LOW = _seat("low", "Младший", "Low", "AP8", "The seat dealt the lowest trump in play.")
LOW_CAPTURED = _seat(
    "low", "Младший", "Low", "AP8", "The seat that won the lowest trump in play in a trick."
)
JACK = _seat(
    "jack",
    "Валет",
    "Jack",
    "AP8",
    "The seat that won the trump jack in a trick; null: not in play.",
    nullable=True,
)
GAME = _seat(
    "game",
    "Гейм",
    "Game",
    "AP8",
    "A seat of the side whose tricks counted most (10, A, K, Q, J); null: tied.",
    nullable=True,
)
GAME_POINTS = OutcomeField(
    "game_points",
    "count",
    "Очки на гейм",
    "Game points",
    "AP8",
    per="side",
    required=False,
    minimum=0,
    maximum=ALL_GAME_POINTS,
    doc="Optional: the counting points each side (or player) took; checked against game.",
)
FACT_NAMES = ("high", "low", "jack", "game")


class AuctionPitch(Variant):
    """Auction Pitch (Setback): 2 to 7 players each for himself, or four in two partnerships
    (AP1); bid for the pitch, the pitcher's first card names trump, take High, Low, Jack and
    Game; the pitcher's side short of its bid is set back (AP1-AP11)."""

    name = "auction-pitch"
    aliases: ClassVar[tuple[str, ...]] = ("pitch", "аукционный-питч", "питч")
    title = "Auction Pitch"
    title_ru = "Аукционный питч"
    rules_ref = "AP1-AP11, D-AP1-D-AP8"
    rules_files = ("pitch.rules.md",)
    player_counts: ClassVar[tuple[int, ...]] = (2, 3, 4, 5, 6, 7)
    #: AP3-AP5: the bids, kept in the core's decision log (D-AP1); every player hears them.
    decision_log = (
        DecisionKind(PASS, public=True, rule="AP3"),
        DecisionKind(BID, value=int, public=True, rule="AP3"),
    )
    hears_plays = True  # AP6: trump is set by the first card led
    #: Random bidders bid high and are set back so often that their scores drift below zero
    #: and a game almost never ends: ``kozyr play --party`` uses the heuristic bot.
    party_bot = "heuristic"
    record_fields: ClassVar[tuple[str, ...]] = (
        "won",
        "trump",
        *FACT_NAMES,
        "pitcher",
        "bid",
        "game_points",
    )
    options_spec: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("players", int, 4, "AP1", "players: 2 to 7", choices=(2, 3, 4, 5, 6, 7)),
        OptionSpec(
            "partnership",
            bool,
            False,
            "AP1",
            "four players in two partnerships, 0+2 against 1+3 (four players only)",
        ),
        OptionSpec("min_bid", int, 2, "AP3", "the lowest bid: 2, or 1", choices=(1, 2)),
        OptionSpec(
            "dealer_privilege",
            bool,
            True,
            "AP4",
            "the dealer may take the pitch at the highest bid so far instead of bidding more",
        ),
        OptionSpec(
            "stuck_dealer",
            str,
            "any",
            "AP5",
            "when everyone else passed, the dealer must bid: any bid of 2 or more, or 2",
            choices=("any", "two"),
        ),
        OptionSpec(
            "low_to",
            str,
            "holder",
            "AP8",
            "who scores Low: the player dealt it (holder) or who wins it in a trick (capturer)",
            choices=("holder", "capturer"),
        ),
        OptionSpec(
            "smudge",
            str,
            "off",
            "AP10",
            "a made smudge wins the game at once: off; bidder (a pitcher who bid 4 and won all "
            "four points); anyone (any side that won all four)",
            choices=("off", "bidder", "anyone"),
        ),
        OptionSpec("target", int, 7, "AP11", "points that win the game", choices=(7, 10, 11, 21)),
        OptionSpec(
            "win_by",
            int,
            1,
            "D-AP5",
            "the winner must lead every other side by this much: 1, or 2 (win by two)",
            choices=(1, 2),
        ),
    )

    def __init__(self, /, **options: Any) -> None:
        super().__init__(**options)
        self.trick_rules = FollowOrTrump(ORDER, void_may_discard=True, rule="AP7")

    @override
    def check_options(self) -> None:
        super().check_options()
        if self.options["partnership"] and self.players != 4:
            from kozyr import OptionError

            raise OptionError(
                f"partnership: only four players play in two partnerships, not {self.players} (AP1)"
            )

    @property
    @override
    def sides(self) -> tuple[tuple[int, ...], ...] | None:
        """AP1: seats 0+2 against 1+3 with ``partnership``; everyone alone otherwise."""
        if self.options.get("partnership") and self.players == 4:
            return ((0, 2), (1, 3))
        return None

    def units(self) -> int:
        """How many score: two sides, or every player."""
        return 2 if self.sides else self.players

    # --- the deal and the auction (AP2-AP5) ----------------------------------------------------

    @override
    def new_state(self) -> PitchState:
        return PitchState()

    @override
    def start(self, deal: Deal) -> None:
        """AP2: six cards each, three at a time from eldest, no card turned; AP3: bidding."""
        deck = Deck.of_size(52)
        deal.shuffle(deck)
        self.deal_from(deal, deck)

    def deal_from(self, deal: Deal, deck: Deck) -> None:
        """Deal from ``deck`` (top first), AP2; eldest is to bid (AP3). Tests stack a deck."""
        eldest = deal.next_seat(deal.dealer)
        order = [(eldest + i) % deal.n for i in range(deal.n)]
        deal.deal_hands(deck.deal_masks(order, (3, 3)))
        deal.set_phase(BIDDING, eldest)

    def legal_bids(self, dealer: int, seat: int, bids: Sequence[int | None]) -> list[int | None]:
        """The bids ``seat`` may make after ``bids`` (from eldest; None = pass), pass first:
        AP3 a pass or a bid above the best so far, from ``min_bid`` to 4; AP4 the dealer, last
        to bid, may also take the pitch at the best bid (``dealer_privilege``); AP5 a dealer
        after all passes must bid (2, or with ``stuck_dealer="any"`` any bid of 2 or more;
        D-AP3).

        >>> AuctionPitch().legal_bids(0, 1, [])
        [None, 2, 3, 4]
        >>> AuctionPitch().legal_bids(0, 0, [3, None, None])
        [None, 3, 4]
        >>> AuctionPitch(stuck_dealer="two").legal_bids(0, 0, [None, None, None])
        [2]
        """
        best = max((b for b in bids if b is not None), default=0)
        low = int(self.options["min_bid"])
        top = self.max_bid
        if seat == dealer and best == 0:  # AP5: the stuck dealer
            forced = self.options["stuck_dealer"] == "two"
            return [STUCK_BID] if forced else list(range(STUCK_BID, top + 1))
        values = [v for v in range(low, top + 1) if v > best]
        if seat == dealer and self.options["dealer_privilege"]:
            values = [best, *values]  # AP4: the dealer's privilege
        return [None, *values]

    @override
    def decision_actions(self, deal: Deal) -> list[Action]:
        seat = deal.to_act
        return [
            _PASSES[seat] if v is None else _BIDS[seat][v]
            for v in self.legal_bids(deal.dealer, seat, deal.state.bids)
        ]

    @override
    def explain_decision(self, deal: Deal, action: Action) -> str | None:
        """The rule an illegal bid breaks (AP3-AP5)."""
        seat = deal.to_act
        if action.seat != seat:
            return f"it is seat {seat}'s turn to bid, not seat {action.seat}'s (AP3)"
        bids = deal.state.bids
        best = max((b for b in bids if b is not None), default=0)
        top = self.max_bid
        if seat == deal.dealer and best == 0:
            must = "2" if self.options["stuck_dealer"] == "two" else f"2 to {top}"
            return f"everyone else passed: the dealer must bid {must} (AP5)"
        low = int(self.options["min_bid"])
        if action.kind == BID and (
            not isinstance(action.value, int) or not low <= action.value <= top
        ):
            what = "4 is the smudge" if top == SMUDGE_BID else "the points in play, SMR4"
            return f"{action.value} is not a bid: bid {low} to {top} ({what}), or pass (AP3)"
        if action.kind == BID and seat == deal.dealer and not self.options["dealer_privilege"]:
            return (
                f"a bid of {action.value} does not exceed the bid of {best}; the dealer too "
                "must bid more (dealer_privilege off, AP4)"
            )
        if action.kind == BID:
            return f"a bid of {action.value} does not exceed the bid of {best} before it (AP3)"
        return None

    @override
    def apply_decision(self, deal: Deal, action: Action) -> None:
        bids = deal.state.bids
        bids.append(int(action.value) if action.kind == BID and action.value is not None else None)
        if len(bids) < deal.n:
            deal.set_phase(BIDDING, deal.next_seat(deal.to_act))
            return
        pitcher, _ = self.auction(deal.dealer, bids)
        deal.begin_play(pitcher)  # AP6: the pitcher leads

    def auction(self, dealer: int, bids: Sequence[int | None]) -> tuple[int, int]:
        """The pitcher and his bid (AP3-AP5): the highest bid; the dealer's equal bid under his
        privilege takes it, so the pitcher is the last seat to bid the highest value.

        >>> AuctionPitch().auction(0, [2, 3, None, 3])
        (0, 3)
        """
        best = max(b for b in bids if b is not None)
        last = max(i for i, b in enumerate(bids) if b == best)
        return (dealer + 1 + last) % self.players, best

    @override
    def after_play(self, deal: Deal, play: Play) -> None:
        """AP6: the suit of the pitcher's first card is trump."""
        if deal.trump is None:
            deal.set_trump(play.card.suit)

    # --- records -------------------------------------------------------------------------------

    @property
    @override
    def outcome_fields(self) -> tuple[OutcomeField, ...]:
        """Dealer, pitcher, bid, who scored High, Low, Jack and Game, and optionally the Game
        points per side (AP2-AP8)."""
        low = LOW_CAPTURED if self.options["low_to"] == "capturer" else LOW
        return (
            DEALER,
            PITCHER,
            bid_field(self.max_bid),
            HIGH,
            low,
            JACK,
            *self.extra_fact_fields(),
            GAME,
            GAME_POINTS,
        )

    # --- what Smear changes (kozyr_pitch.smear overrides these) ---------------------------------

    @property
    def max_bid(self) -> int:
        """The highest bid: 4, the smudge (AP3); in Smear the points in play (SMR4)."""
        return SMUDGE_BID

    @property
    def fact_names(self) -> tuple[str, ...]:
        """The points an outcome record names (AP8; Smear adds the jick and the trey, SMR5)."""
        return FACT_NAMES

    def extra_fact_fields(self) -> tuple[OutcomeField, ...]:
        """Outcome fields of points beyond Pitch's four (none here; Smear's SMR5)."""
        return ()

    def fact_options(self) -> dict[str, Any]:
        """The keywords of :func:`kozyr_pitch.scoring.play_facts` for this variant's points."""
        return {"jick": False, "trey": False}

    def proof_rules(self) -> FollowOrTrump:
        """The trick rules a summary's proof plays by (AP6, AP7)."""
        return PitchLead(ORDER, void_may_discard=True, rule="AP7")

    def first_out(
        self, scores: Sequence[int], items: Sequence[ScoreItem], pitcher: int, target: int
    ) -> tuple[int, ScoreItem] | None:
        """Who wins the game in a deal with these ``items`` from the running ``scores``, and
        the item that did it (AP10, AP11, D-AP2, D-AP5: counting in order)."""
        return going_out(scores, items, self.sides, target, int(self.options["win_by"]))

    #: How a game is won, for the sheet's note (AP11 / SMR6).
    out_rule = "AP11"
    out_how = ("первым считает питчер", "the pitcher counts first")

    @override
    def read_fields(self, reader: RecordReader) -> dict[str, Any]:
        if reader.get("hands") is None and reader.get("tricks") is None:
            if reader.has("log"):
                raise reader.error(
                    reader.at("log"),
                    "an outcome record (no hands) names the pitcher and the bid, not the "
                    "bids (D-AP1)",
                )
            for key in ("won", "trump"):
                if reader.has(key):
                    raise reader.error(reader.at(key), f"an outcome record has no {key}")
            return read_outcome(self.outcome_fields, reader, self.units())
        for key in (*self.fact_names, "pitcher", "bid", "game_points"):
            if reader.has(key):
                raise reader.error(
                    reader.at(key),
                    f"{key} is an outcome record's field (no hands, no tricks); with hands it "
                    "follows from the bids and the cards",
                )
        fields: dict[str, Any] = {}
        if reader.has("won"):
            raw = reader.get("won")
            where = reader.at("won")
            if not isinstance(raw, list) or len(raw) != self.players:
                raise reader.error(
                    where, f"expected a list of {self.players} card lists, one per seat"
                )
            fields["won"] = [
                reader.cards(cards or [], f"{where}[{s}]") for s, cards in enumerate(raw)
            ]
        if reader.has("trump"):
            raw = reader.get("trump")
            suits = {str(s): s for s in Suit} | {s.name.lower(): s for s in Suit}
            if not isinstance(raw, str) or raw.strip().lower() not in suits:
                raise reader.error(
                    reader.at("trump"), f"expected a suit (♠ ♥ ♦ ♣), got {raw!r} (AP6)"
                )
            fields["trump"] = suits[raw.strip().lower()]
        return fields

    @override
    def write_fields(self, record: DealRecord) -> dict[str, Any]:
        d = record.decisions
        data: dict[str, Any] = {}
        if not record.hands:
            for key in ("pitcher", "bid", *self.fact_names):
                data[key] = d.get(key)
            if d.get("game_points") is not None:
                data["game_points"] = list(d["game_points"])
            return data
        if "won" in d:
            data["won"] = [" ".join(str(c) for c in cards) for cards in d["won"]]
        if d.get("trump") is not None:
            data["trump"] = str(d["trump"])
        return data

    @override
    def check_record(self, record: DealRecord, context: Mapping[str, Any]) -> None:
        """Hand sizes, a summary's trump and won cards, an outcome's facts (each message names
        the JSON path and the rule)."""
        if record.outcome:
            self._check_outcome(record)
            return
        for seat, hand in enumerate(record.hands):
            if hand is None:
                raise RecordError(f"$.hands[{seat}]", "every seat plays in Pitch (AP1)")
            if len(hand) != HAND_SIZE:
                raise RecordError(
                    f"$.hands[{seat}]", f"seat {seat} holds {len(hand)} cards, not 6 (AP2)"
                )
        if record.turnups:
            raise RecordError(
                "$.turnups", "no card is turned up in Pitch: the pitch names trump (AP2)"
            )
        if record.tricks is not None:
            if record.decisions.get("won") is not None or record.decisions.get("trump"):
                raise RecordError(
                    "$.won" if record.decisions.get("won") is not None else "$.trump",
                    "give either the tricks or, for a summary, the trump and the cards won",
                )
            return
        self._check_summary(record)

    def _check_summary(self, record: DealRecord) -> None:
        d = record.decisions
        trump = d.get("trump")
        if trump is None:
            raise RecordError("$.trump", "a summary names the trump: the suit of the pitch (AP6)")
        won = d.get("won")
        if won is None:
            raise RecordError(
                "$", "give the tricks, or for a summary the cards each seat won (won)"
            )
        owner = {c: s for s, h in enumerate(record.hands) for c in h or ()}
        seen: dict[Card, int] = {}
        for seat, cards in enumerate(won):
            if len(cards) % self.players:
                raise RecordError(
                    f"$.won[{seat}]",
                    f"{len(cards)} cards is not a whole number of tricks of {self.players}",
                )
            for i, card in enumerate(cards):
                if card not in owner:
                    raise RecordError(f"$.won[{seat}][{i}]", f"{card} is not in any hand in play")
                if card in seen:
                    raise RecordError(
                        f"$.won[{seat}][{i}]", f"{card} is also won by seat {seen[card]}"
                    )
                seen[card] = seat
        missing = [c for c in owner if c not in seen]
        if missing:
            raise RecordError(
                "$.won", f"cards in play that nobody won: {' '.join(map(str, sorted(missing)))}"
            )

    def _check_outcome(self, record: DealRecord) -> None:
        """AP3-AP8 facts of an outcome record: the bid is a bid; a Game agrees with the Game
        points."""
        d = record.decisions
        low = int(self.options["min_bid"])
        if not low <= int(d["bid"]) <= self.max_bid:
            raise RecordError("$.bid", f"{d['bid']} is not a bid: {low} to {self.max_bid} (AP3)")
        points = d.get("game_points")
        if points is None:
            return
        if sum(points) > ALL_GAME_POINTS:
            raise RecordError(
                "$.game_points", f"the pack holds {ALL_GAME_POINTS} Game points (AP8)"
            )
        best = max(points)
        leaders = [u for u, p in enumerate(points) if p == best]
        game = d.get("game")
        who = "side" if self.sides else "seat"
        if len(leaders) > 1:
            if game is not None:
                raise RecordError(
                    "$.game",
                    f"Game points are tied at {best}, so nobody scores Game (AP8); write null",
                )
        elif game is None or self.side_of(int(game)) != leaders[0]:
            raise RecordError(
                "$.game",
                f"{who} {leaders[0]} took the most Game points ({best}), so Game is "
                f"{who} {leaders[0]}'s (AP8)",
            )

    @override
    def setup_replay(self, deal: Deal, record: DealRecord) -> None:
        # the core replays the bids of the record's log from here (AP3, D-AP1)
        deal.set_phase(BIDDING, deal.next_seat(deal.dealer))

    def bids(self, record: DealRecord) -> list[int | None]:
        """The bids of a record's log, from eldest (None = pass)."""
        return [int(a.value) if a.value is not None else None for a in record.log]

    @override
    def prove_summary(
        self, record: DealRecord, context: Mapping[str, Any]
    ) -> tuple[str, tuple[str, ...]]:
        """A legal play of the hands (AP6, AP7: the pitcher leads a card of the trump named)
        in which every trick's cards go to the pile (``won``) of the seat that wins it."""
        n = self.players
        pitcher, _ = self.auction(record.dealer, self.bids(record))
        trump = record.decisions["trump"]
        hands = [0 if h is None else h.mask for h in record.hands]
        if not hands[pitcher] & SUIT_MASKS[trump]:
            raise RecordError(
                "$.trump",
                f"the pitcher (seat {pitcher}) holds no {trump}, so cannot pitch it (AP6)",
            )
        found = realise(
            self.proof_rules(),
            trump,
            hands,
            range(n),
            pitcher,
            PilesTarget([CardSet(cards).mask for cards in record.decisions["won"]]),
        )
        if found.possible:
            return SUMMARY, ()
        if found.possible is None:
            return OUTCOME, (
                f"the search for a legal play giving these won cards gave up after "
                f"{found.nodes} cards tried: scored from the summary, not proven possible",
            )
        t = found.trick
        raise RecordError(
            "$.won",
            "impossible: no legal play of these hands"
            + (f" continues the first {t} tricks into trick {t + 1}" if t else " makes trick 1")
            + " with every card of the trick in its winner's pile (won) (AP6, AP7)",
        )

    @override
    def outcome_record(self, result: DealResult, context: Mapping[str, Any]) -> dict[str, Any]:
        """Dealer, pitcher, bid, who scored High, Low, Jack and Game, and the Game points."""
        extra = result.extra
        data: dict[str, Any] = {
            "dealer": result.record.dealer,
            "pitcher": extra["pitcher"],
            "bid": extra["bid"],
        }
        facts, _, _, _ = self.facts(result.record)  # D-AP1: who scored each point
        data.update(high=facts.high[0], low=facts.low[0], jack=facts.jack, game=facts.game)
        if "jick" in self.fact_names:
            data["jick"] = facts.jick
        if "trey" in self.fact_names:
            data["trey"] = facts.trey
        for name in ("black_joker", "red_joker"):  # SMR8 (ten-point Smear)
            if name in self.fact_names:
                data[name] = getattr(facts, name)
        if extra.get("game_points") is not None:
            data["game_points"] = list(extra["game_points"])
        return data

    # --- scoring (AP8-AP10) --------------------------------------------------------------------

    def facts(self, record: DealRecord) -> tuple[Facts, int, int, Suit | None]:
        """The facts of a deal (AP8), its pitcher and bid (AP3-AP5), and trump (AP6)."""
        d = record.decisions
        if record.outcome:
            facts = Facts(
                (int(d["high"]), None),
                (int(d["low"]), None),
                d.get("jack"),
                d.get("game"),
                counts=tuple(d["game_points"]) if d.get("game_points") is not None else None,
                jick=d.get("jick"),
                trey=d.get("trey"),
                black_joker=d.get("black_joker"),
                red_joker=d.get("red_joker"),
            )
            return facts, int(d["pitcher"]), int(d["bid"]), None
        pitcher, bid = self.auction(record.dealer, self.bids(record))
        if record.tricks is not None:
            trump = record.tricks[0].plays[0].card.suit  # AP6
            won = [0] * self.players
            for trick in record.tricks:
                assert trick.winner is not None and trick.winner >= 0, "record not replayed"
                won[trick.winner] |= trick.card_mask()
            piles = [CardSet.from_mask(m) for m in won]
        else:
            trump = d["trump"]
            piles = [CardSet(cards) for cards in d["won"]]
        facts = play_facts(
            record.hands,
            piles,
            trump,
            self.sides,
            str(self.options["low_to"]),
            **self.fact_options(),
        )
        return facts, pitcher, bid, trump

    @override
    def score(self, record: DealRecord, context: Mapping[str, Any]) -> DealResult:
        n = self.players
        facts, pitcher, bid, trump = self.facts(record)
        items = deal_items(facts, pitcher, bid, n, self.sides, str(self.options["smudge"]))
        sheet = ScoreSheet(tuple(items), n, self.sides)
        made = not any(it.name == "set_back" for it in items)
        if record.tricks is not None:
            tricks = tuple(record.tricks_won(n))
        elif record.hands:
            tricks = tuple(len(cards) // n for cards in record.decisions["won"])
        else:
            tricks = ()
        extra = {
            "trump": None if trump is None else str(trump),
            "pitcher": pitcher,
            "bid": bid,
            "made": made,
            "smudge": any(it.name == "smudge" for it in items),
            "game_points": None if facts.counts is None else list(facts.counts),
        }
        return DealResult(record, tricks, sheet, tuple(sheet.by_side()), Settlement(n), extra)

    # --- the game (AP11) -----------------------------------------------------------------------

    def target(self, party: PartyRecord) -> int:
        """Points that win the game: the option ``target`` (AP11) unless the party record sets
        ``target``."""
        value = party.fields.get("target", self.options["target"])
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise RecordError(
                "$.target", f"expected a positive whole number of points, got {value!r}"
            )
        return value

    party_fields = ("target",)

    def _run(
        self, party: PartyRecord, results: Sequence[DealResult]
    ) -> tuple[list[tuple[int, ...]], int | None, int | None]:
        """Running totals per side (or seat), the winner and the deal it won in (AP11)."""
        target = self.target(party)
        scores = [0] * self.units()
        running: list[tuple[int, ...]] = []
        winner: int | None = None
        won_in: int | None = None
        for i, result in enumerate(results):
            if winner is None:
                pitcher = int(result.extra["pitcher"])
                out = self.first_out(scores, result.sheet.items, pitcher, target)
                if out is not None:
                    winner, won_in = out[0], i
            for it in result.sheet.items:
                assert it.seat is not None
                scores[unit_of(it.seat, self.sides)] += whole(it.points)
            running.append(tuple(scores))
        return running, winner, won_in

    @override
    def party_context(
        self, party: PartyRecord, results: Sequence[DealResult]
    ) -> Mapping[str, Any] | None:
        running, winner, _ = self._run(party, results)
        if winner is not None:
            return None
        return {"scores": list(running[-1]) if running else [0] * self.units()}

    @override
    def party_context_after(
        self,
        party: PartyRecord,
        results: Sequence[DealResult],
        before: Mapping[str, Any],
    ) -> Mapping[str, Any] | None:
        """One step of :meth:`party_context` (AP11): the scores before the last deal plus its
        items, or None once that deal put a side out -- so a party of n deals is n steps."""
        if not results:
            return self.party_context(party, results)
        last = results[-1]
        scores = list(before["scores"])
        target = self.target(party)
        if self.first_out(scores, last.sheet.items, int(last.extra["pitcher"]), target):
            return None
        for it in last.sheet.items:
            assert it.seat is not None
            scores[unit_of(it.seat, self.sides)] += whole(it.points)
        return {"scores": scores}

    @override
    def score_party(self, party: PartyRecord, results: Sequence[DealResult]) -> PartyResult:
        self.check_dealer_rotation(results, [{}] * len(results), "AP2")
        running, winner, _ = self._run(party, results)
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
            payments = [Payment(p, w, share, "D-AP8") for p in losers for w in winners]
        scores = list(running[-1]) if running else [0] * self.units()
        extra: dict[str, Any] = {
            "scores": scores,
            "target": self.target(party),
            "by": "side" if self.sides else "seat",
        }
        if int(self.options["win_by"]) != 1:
            extra["win_by"] = int(self.options["win_by"])
        return PartyResult(
            tuple(results),
            tuple(running),
            winner,
            loser,
            Settlement.from_payments(self.players, payments),
            extra,
        )

    @override
    def sheet_notes(self, result: DealResult | PartyResult) -> list[SheetNote]:
        """A set-back pitcher and a smudge per deal (AP9, AP10); for a game, the deal and the
        point that won it (AP11, D-AP2)."""
        deals = result.deals if isinstance(result, PartyResult) else (result,)
        notes: list[SheetNote] = []
        for i, deal in enumerate(deals):
            extra = deal.extra
            if not extra.get("made", True):
                notes.append(
                    SheetNote(
                        f"питчер {{}} не взял заявку {extra['bid']}: минус {extra['bid']}",
                        f"the pitcher {{}} did not make the bid of {extra['bid']}: set back "
                        f"{extra['bid']}",
                        who=(unit_of(int(extra["pitcher"]), self.sides),),
                        deal=i,
                        rule="AP9",
                        sides=bool(self.sides),
                    )
                )
        if not isinstance(result, PartyResult) or result.winner is None:
            return notes
        target = int(result.extra["target"])
        scores = [0] * self.units()
        for i, deal in enumerate(deals):
            out = self.first_out(scores, deal.sheet.items, int(deal.extra["pitcher"]), target)
            if out is not None:
                item = out[1]
                how = "smudge: the game at once" if item.name == "smudge" else item.label_en
                how_ru = "смадж: игра сразу" if item.name == "smudge" else item.label_ru
                notes.append(
                    SheetNote(
                        f"{{}} выиграл в сдаче {i + 1} ({how_ru}; {self.out_how[0]})",
                        f"{{}} won in deal {i + 1} ({how}; {self.out_how[1]})",
                        who=(result.winner,),
                        rule="AP10" if item.name == "smudge" else self.out_rule,
                        sides=bool(self.sides),
                        winner=True,
                    )
                )
                break
            for it in deal.sheet.items:
                assert it.seat is not None
                scores[unit_of(it.seat, self.sides)] += whole(it.points)
        return notes

    # --- the solver, bots and the batch form ----------------------------------------------------

    @override
    def solve_objective(self, deal: Deal, seats: frozenset[int]) -> Objective | None:
        """AP8, AP9, SMR5, SMR8: the High, Low, Jack (Jick, jokers, Trey) and Game points of
        ``seats``, and for the pitcher's side the set-back when it falls short of its bid (see
        :mod:`kozyr_pitch.solving`). The pitcher and bid come from the deal's bids (AP3-AP6)."""
        from kozyr_pitch.solving import points_objective

        bids = [
            int(a.value) if a.kind == BID and a.value is not None else None
            for a in getattr(deal, "log", ())
            if a.kind in (BID, PASS)
        ]
        pitcher: int | None = None
        bid = 0
        if len(bids) == self.players and any(b is not None for b in bids):
            pitcher, bid = self.auction(deal.dealer, bids)
        return points_objective(
            deal,
            seats,
            sides=self.sides,
            low_to=str(self.options["low_to"]),
            pitcher=pitcher,
            bid=bid,
            jick=bool(self.fact_options()["jick"]),
            trey=bool(self.fact_options()["trey"]),
            jokers=int(self.fact_options().get("jokers", 0)),
        )

    @override
    def bots(self) -> Mapping[str, BotFactory]:
        """``heuristic`` (:class:`kozyr_pitch.bots.HeuristicBot`) beside ``random``."""
        from kozyr_pitch.bots import HeuristicBot

        return {**super().bots(), "heuristic": HeuristicBot}

    @override
    def batch_form(self) -> PitchBatch | None:
        """Random playout of many deals at once (:mod:`kozyr_pitch.batch`, needs numpy)."""
        try:
            from kozyr_pitch.batch import PitchBatch
        except ImportError:  # numpy (kozyr[fast]) not installed
            return None
        return PitchBatch(self)


def _with_defaults(
    specs: Sequence[OptionSpec], **changes: tuple[Any, tuple[Any, ...] | None]
) -> tuple[OptionSpec, ...]:
    """``specs`` with other defaults (and choices) for the options named in ``changes``."""
    from dataclasses import replace

    out = []
    for spec in specs:
        if spec.name in changes:
            default, choices = changes[spec.name]
            spec = replace(spec, default=default, choices=choices if choices else spec.choices)
        out.append(spec)
    return tuple(out)


class Setback(AuctionPitch):
    """Setback: Auction Pitch in two partnerships of two (AP1), to 11 or 21 (AP11), scores going
    below zero when a side is set back (AP9)."""

    name = "setback"
    aliases: ClassVar[tuple[str, ...]] = ("partnership-pitch", "сетбэк")
    title = "Setback (partnership Pitch)"
    title_ru = "Сетбэк (питч парами)"
    player_counts: ClassVar[tuple[int, ...]] = (4,)
    options_spec = _with_defaults(
        AuctionPitch.options_spec,
        players=(4, (4,)),
        partnership=(True, (True,)),
        target=(11, (11, 21)),
    )


class Smudge(AuctionPitch):
    """Pitch (Smudge): Auction Pitch where a made smudge -- a bid of 4 and all four points --
    wins the game at once (AP10); Low to the player who wins it, and no dealer's privilege
    (Bicycle's Pitch (Smudge))."""

    name = "smudge"
    aliases: ClassVar[tuple[str, ...]] = ("pitch-smudge", "смадж")
    title = "Pitch (Smudge)"
    title_ru = "Питч со смаджем"
    options_spec = _with_defaults(
        AuctionPitch.options_spec,
        smudge=("bidder", None),
        low_to=("capturer", None),
        dealer_privilege=(False, None),
    )


__all__ = ["AuctionPitch", "PitchLead", "Setback", "Smudge", "bid_text"]
