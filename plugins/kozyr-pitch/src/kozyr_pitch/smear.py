"""Smear (SMR1-SMR8, D-SMR1-D-SMR9): Auction Pitch with the jick, the trey, the jokers and its
own end.

Smear is Pitch (AP1-AP11) with more points to bid for. The jick -- the other jack of the trump's
colour -- is a trump ranking between the jack and the ten, and is a point to whoever wins it
(SMR3, SMR5); in ten-point Smear the 3 of trumps, the trey, is worth 3 (SMR5). The bids go up
to the points in play (SMR4), and a game ends with the higher score, a tie to the pitcher
(SMR6). Two variants: ``smear`` (five-point Smear: High, Low, Jack, Jick, Game) and
``ten-point-smear`` (the trey and two jokers too: ten points). The jokers (option ``jokers``,
SMR7, SMR8) are trumps between the jick and the ten, the later of two in a trick winning
(D-SMR8), a point each to whoever wins them, never High or Low, and never the pitch (D-SMR9).

The jick's suit is the trump suit, so it follows a trump lead, is not a card of its own suit,
and ranks as a trump: :class:`SmearTricks`, whose batch twin
(:class:`kozyr_pitch.batch.SmearTwin`) comes through the ``batch_twin()`` hook of
:mod:`kozyr.batch.tricks`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from typing_extensions import override

from kozyr import (
    BotFactory,
    Card,
    Deal,
    Deck,
    FollowOrTrump,
    OptionSpec,
    OutcomeField,
    RankOrder,
    RecordReader,
    ScoreItem,
    Suit,
    Trick,
)
from kozyr.cardset import JOKER_MASK, SUIT_MASKS
from kozyr_pitch.scoring import (
    JICKS,
    JOKER_POINTS,
    WORTH,
    jick_of,
    smear_out,
    trump_rank,
    trumps_of,
)
from kozyr_pitch.variant import FACT_NAMES, ORDER, AuctionPitch, _with_defaults

if TYPE_CHECKING:
    from kozyr.batch.tricks import TrickTwin


#: SMR3: the trumps of each suit with the jick.
_TRUMPS = tuple(trumps_of(suit, True) for suit in Suit)
#: SMR7: the jokers' place in the trumps on :meth:`SmearTricks.trick_winner`'s scale (twice
#: :func:`~kozyr_pitch.scoring.trump_rank`): below the jick (42), above the ten (40).
JOKER_RANK = 41


class SmearTricks(FollowOrTrump):
    """AP7 with the jick (SMR3) and the jokers (SMR7): the jick and the jokers are trumps --
    they follow a trump lead, a trump lead is followed by them, and led they call for trumps
    -- and the jick is no card of its own suit. The trumps rank A K Q J, jick, the jokers, 10 …
    2; of two jokers in one trick the later wins (D-SMR8). A joker cannot be the pitch, which
    names trump (D-SMR9). Follow suit or trump at will; a void player plays any card. With
    ``jick=False`` the jick is an ordinary jack (the jokers still trumps).

    >>> rules = SmearTricks(ORDER)
    >>> from kozyr import CardSet
    >>> trick = Trick(0).with_play(0, Card.parse("9♦"))  # hearts trump: J♦ is the jick
    >>> str(CardSet.from_mask(rules.legal_mask(CardSet.parse("J♦ 5♣").mask, trick, Suit.HEARTS)))
    '5♣ J♦'
    >>> trick = Trick(0).with_play(0, Card.parse("10♥")).with_play(1, Card.parse("J♦"))
    >>> rules.trick_winner(trick, Suit.HEARTS)
    1
    >>> trick = Trick(0).with_play(0, Card.parse("BJ")).with_play(1, Card.parse("10♥"))
    >>> rules.led_suit(trick, Suit.HEARTS), rules.trick_winner(trick, Suit.HEARTS)
    (Suit.HEARTS, 0)
    >>> str(CardSet.from_mask(rules.legal_mask(CardSet.parse("RJ 9♠ A♥").mask, Trick(0), None)))
    'A♥ 9♠'
    """

    reads: Literal["lead", "trick"] = "trick"  # the card led, not only its suit

    def __init__(self, order: RankOrder, *, rule: str | None = "SMR3", jick: bool = True) -> None:
        super().__init__(order, void_may_discard=True, rule=rule)
        #: Whether the jick is a trump (option ``jick``, SMR3).
        self.jick = jick
        self._trumps = tuple(trumps_of(suit, jick) | JOKER_MASK for suit in Suit)
        self._jicks = tuple(JICKS[suit].mask if jick else 0 for suit in Suit)

    def led_suit(self, trick: Trick, trump: Suit | None) -> Suit | None:
        """The suit a trick's lead calls for: the trump suit when the jick or a joker is led
        (SMR3, SMR7)."""
        card = trick.led
        if card is None:
            return None
        if card.is_joker:
            return trump
        if trump is not None and card.mask & self._jicks[trump]:
            return trump
        return card.suit

    @override
    def legal_mask(self, hand: int, trick: Trick, trump: Suit | None) -> int:
        plays = trick.plays
        if trump is None:
            if not plays:  # D-SMR9: the pitch names trump, and a joker names no suit
                return (hand & ~JOKER_MASK) or hand if trick.number == 0 else hand
            trump = _pitched(trick)
            if trump is None:
                return super().legal_mask(hand, trick, None)
        if not plays:
            return hand
        led = plays[0].card
        trumps = hand & self._trumps[trump]
        if led.mask & self._trumps[trump]:
            follow = trumps
        else:
            follow = hand & SUIT_MASKS[led.suit] & ~self._jicks[trump]
        return (follow | trumps) if follow else hand

    @override
    def trick_winner(self, trick: Trick, trump: Suit | None) -> int:
        """C6 with the jick and the jokers trumps (SMR3, SMR7): the highest trump -- of two
        jokers the later (D-SMR8) -- else the highest card of the suit led (the jick not of its
        own suit)."""
        if trump is None and trick.plays:
            trump = _pitched(trick)
        lead = self.led_suit(trick, trump)
        if trump is None:  # no trump (a solver's what-if): the highest card of the suit led
            if lead is None:
                return trick.leader  # a joker led names no suit
            plain = [p for p in trick.plays if not p.card.is_joker and p.card.suit == lead]
            return max(plain, key=lambda p: self.strength[p.card.index]).seat
        trumps = self._trumps[trump]
        jick = self._jicks[trump]
        strength = self.strength
        winner, best, best_trump = trick.leader, -2, False
        for play in trick.plays:
            card = play.card
            mask = card.mask
            if mask & trumps:
                if mask & JOKER_MASK:
                    value = JOKER_RANK
                    if not best_trump or value >= best:  # D-SMR8: the later joker
                        winner, best, best_trump = play.seat, value, True
                    continue
                value = 2 * trump_rank(card, trump)  # the jick 42 below the jack's 44
                if not best_trump or value > best:
                    winner, best, best_trump = play.seat, value, True
            elif not best_trump and card.suit == lead and not mask & jick:
                if strength[card.index] > best:
                    winner, best = play.seat, strength[card.index]
        return winner

    @override
    def explain(self, hand: int, trick: Trick, card: Card, trump: Suit | None) -> str:
        if trump is None and not trick.plays and card.is_joker:
            return f"{card.name} cannot be the pitch: the pitch names trump (D-SMR9)"
        lead = self.led_suit(trick, trump)
        jick = f", the jick {jick_of(trump)} among them" if trump is not None and self.jick else ""
        if lead is not None and lead == trump:
            return f"{card} is not a trump: a trump was led and the hand holds trumps{jick} (SMR3)"
        return f"{card} neither follows the suit led {lead} nor trumps{jick} (AP7, SMR3)"

    def batch_twin(self) -> TrickTwin:
        """The batch twin (:class:`kozyr_pitch.batch.SmearTwin`; needs numpy)."""
        from kozyr_pitch.batch import SmearTwin

        return SmearTwin.of(self)


def _pitched(trick: Trick) -> Suit | None:
    """The trump the first card of trick 1 names when no trump is set yet: the pitch (AP6; a
    solver asking about trick 1 before the engine set it), never a joker (D-SMR9). None for a
    later trick (a solver's what-if without trump)."""
    card = trick.plays[0].card
    if trick.number != 0 or card.is_joker:
        return None
    return card.suit


class SmearLead(SmearTricks):
    """AP6 for the proof of a summary: the pitcher's first card is of the suit it names (never
    the jick, which names its own suit); afterwards :class:`SmearTricks`."""

    @override
    def legal_mask(self, hand: int, trick: Trick, trump: Suit | None) -> int:
        if trick.number == 0 and not trick.plays and trump is not None:
            return hand & SUIT_MASKS[trump]
        return super().legal_mask(hand, trick, trump)


def _seat(name: str, ru: str, en: str, doc: str) -> OutcomeField:
    return OutcomeField(name, "seat", ru, en, "SMR5", nullable=True, doc=doc)


JICK = _seat(
    "jick", "Джик", "Jick", "The seat that won the jick (the other jack of the trump colour) "
    "in a trick; null: not in play."
)  # fmt: skip
TREY = _seat(
    "trey", "Тройка", "Trey", "The seat that won the 3 of trumps in a trick (3 points); null: "
    "not in play."
)  # fmt: skip
BLACK_JOKER_FIELD = OutcomeField(
    "black_joker", "seat", "Чёрный джокер", "Black joker", "SMR8", nullable=True,
    required=False,
    doc="The seat that won the black joker 🃏 in a trick (1 point); null or absent: not in "
    "play (a record of the jokerless game has none).",
)  # fmt: skip
RED_JOKER_FIELD = OutcomeField(
    "red_joker", "seat", "Красный джокер", "Red joker", "SMR8", nullable=True,
    required=False,
    doc="The seat that won the red joker 🂿 in a trick (1 point); null or absent: not in "
    "play (a record of the jokerless game has none).",
)  # fmt: skip
#: The jokers' outcome fields, by joker (the black one first, as option ``jokers`` 1 has it).
JOKER_FIELDS = (BLACK_JOKER_FIELD, RED_JOKER_FIELD)


def _ruled(specs: Sequence[OptionSpec], **changes: tuple[str, str]) -> tuple[OptionSpec, ...]:
    """``specs`` with another rule and text for the options named in ``changes``."""
    from dataclasses import replace

    return tuple(
        replace(spec, rule=changes[spec.name][0], doc=changes[spec.name][1])
        if spec.name in changes
        else spec
        for spec in specs
    )


class Smear(AuctionPitch):
    """Five-point Smear: Auction Pitch (AP1-AP11) with the jick a trump and a point (SMR3,
    SMR5), bids up to the five points in play (SMR4), and the game to the higher score, a tie
    to the pitcher (SMR6)."""

    name = "smear"
    aliases: ClassVar[tuple[str, ...]] = ("five-point-smear", "schmier", "смир")
    title = "Smear (five-point)"
    title_ru = "Смир (пять очков)"
    rules_ref = "SMR1-SMR8, D-SMR1-D-SMR9, AP1-AP11, D-AP1-D-AP8"
    record_fields: ClassVar[tuple[str, ...]] = (
        *AuctionPitch.record_fields,
        "jick",
        "trey",
        *JOKER_POINTS,
    )
    options_spec: ClassVar[tuple[OptionSpec, ...]] = (
        *_ruled(
            _with_defaults(
                AuctionPitch.options_spec,
                smudge=("off", ("off",)),  # D-SMR5: no smudge in Smear
                target=(11, None),
                win_by=(1, (1,)),  # SMR6: the higher score wins
            ),
            smudge=("D-SMR5", "no smudge in Smear: always off"),
            target=(
                "SMR6",
                "points that win the game: the higher score at them, a tie to the pitcher",
            ),
            win_by=("D-SMR4", "always 1: the higher score wins (SMR6)"),
        ),
        OptionSpec(
            "jick",
            bool,
            True,
            "SMR3",
            "the jick (the other jack of the trump colour) is a trump below the jack and a point",
        ),
        OptionSpec(
            "trey", bool, False, "SMR5", "the 3 of trumps is worth 3 points (ten-point Smear)"
        ),
        OptionSpec(
            "jokers",
            int,
            0,
            "SMR7",
            "jokers in the deck, trumps below the jick worth a point each (ten-point Smear: 2; "
            "1 is the black one)",
            choices=(0, 1, 2),
        ),
    )

    def __init__(self, /, **options: Any) -> None:
        super().__init__(**options)
        if self.options["jick"] or self.options["jokers"]:
            self.trick_rules = SmearTricks(ORDER, jick=bool(self.options["jick"]))

    @property
    @override
    def deck_jokers(self) -> int:  # type: ignore[override]  # the option decides it
        """SMR7: the jokers of the deck, by option ``jokers`` (0, 1 or 2)."""
        return int(self.options["jokers"])

    @override
    def start(self, deal: Deal) -> None:
        """AP2 from the 52 cards and the jokers of option ``jokers`` (SMR7)."""
        deck = Deck.of_size(52, jokers=self.deck_jokers)
        deal.shuffle(deck)
        self.deal_from(deal, deck)

    @property
    @override
    def max_bid(self) -> int:
        """SMR4: the bids go up to the points in play -- 4, the jick 1, the trey 3, each joker
        1 (SMR8)."""
        jick, trey = bool(self.options["jick"]), bool(self.options["trey"])
        return 4 + jick * WORTH["jick"] + trey * WORTH["trey"] + self.deck_jokers

    @property
    @override
    def fact_names(self) -> tuple[str, ...]:
        extra = ("jick",) * bool(self.options["jick"]) + ("trey",) * bool(self.options["trey"])
        return (*FACT_NAMES, *extra, *JOKER_POINTS[: self.deck_jokers])

    @override
    def extra_fact_fields(self) -> tuple[OutcomeField, ...]:
        return (
            (JICK,) * bool(self.options["jick"])
            + JOKER_FIELDS[: self.deck_jokers]
            + (TREY,) * bool(self.options["trey"])
        )

    @override
    def read_fields(self, reader: RecordReader) -> dict[str, Any]:
        """As Auction Pitch's, refusing a ``jick``, ``trey`` or joker the options do not play
        for."""
        for key in ("jick", "trey"):
            if reader.has(key) and not self.options[key]:
                raise reader.error(
                    reader.at(key),
                    f"{key} is not played for: the option {key} is off (SMR1, SMR5)",
                )
        for key in JOKER_POINTS[self.deck_jokers :]:
            if reader.has(key):
                raise reader.error(
                    reader.at(key),
                    f"{key} is not played for: the deck has {self.deck_jokers} jokers "
                    "(option jokers, SMR7)",
                )
        return super().read_fields(reader)

    @override
    def fact_options(self) -> dict[str, Any]:
        return {
            "jick": bool(self.options["jick"]),
            "trey": bool(self.options["trey"]),
            "jokers": self.deck_jokers,
        }

    @override
    def proof_rules(self) -> FollowOrTrump:
        if self.options["jick"] or self.options["jokers"]:
            return SmearLead(ORDER, jick=bool(self.options["jick"]))
        return super().proof_rules()

    @override
    def first_out(
        self, scores: Sequence[int], items: Sequence[ScoreItem], pitcher: int, target: int
    ) -> tuple[int, ScoreItem] | None:
        """SMR6, D-SMR4: the higher score at the target wins; a tie to the pitcher."""
        return smear_out(scores, items, self.sides, target, pitcher)

    out_rule = "SMR6"
    out_how = ("больше очков; при равенстве питчер", "the higher score; a tie to the pitcher")

    @override
    def bots(self) -> Mapping[str, BotFactory]:
        """``heuristic`` (:class:`kozyr_pitch.bots.SmearBot`, counting the jick and the trey)."""
        from kozyr_pitch.bots import SmearBot

        return {**super().bots(), "heuristic": SmearBot}


class TenPointSmear(Smear):
    """Ten-point Smear: five-point Smear with the 3 of trumps worth 3 (SMR5) and two jokers,
    trumps below the jick worth a point each (SMR7, SMR8) -- ten points in play, bids up to 10
    -- and the game to 21 (SMR6). Option ``jokers`` 0 is the jokerless game of the previous
    release (eight points; its records replay the same either way, D-SMR1)."""

    name = "ten-point-smear"
    aliases: ClassVar[tuple[str, ...]] = ("smear-10", "десятиочковый-смир")
    title = "Ten-point Smear"
    title_ru = "Смир на десять очков"
    options_spec = _with_defaults(
        Smear.options_spec, trey=(True, None), target=(21, None), jokers=(2, None)
    )


__all__ = [
    "BLACK_JOKER_FIELD",
    "JICK",
    "JOKER_FIELDS",
    "RED_JOKER_FIELD",
    "TREY",
    "Smear",
    "SmearLead",
    "SmearTricks",
    "TenPointSmear",
]
