"""Smear (SMR1-SMR6, D-SMR1-D-SMR6): Auction Pitch with the jick, the trey and its own end.

Smear is Pitch (AP1-AP11) with more points to bid for. The jick -- the other jack of the trump's
colour -- is a trump ranking between the jack and the ten, and is a point to whoever wins it
(SMR3, SMR5); in ten-point Smear the 3 of trumps, the trey, is worth 3 (SMR5). The bids go up
to the points in play (SMR4), and a game ends with the higher score, a tie to the pitcher
(SMR6). Two variants: ``smear`` (five-point Smear: High, Low, Jack, Jick, Game) and
``ten-point-smear`` (the trey too). Ten-point Smear's two jokers are not played: kozyr's cards
are the 52 of the standard pack (D-SMR1).

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
    FollowOrTrump,
    OptionSpec,
    OutcomeField,
    RankOrder,
    RecordReader,
    ScoreItem,
    Suit,
    Trick,
)
from kozyr.cardset import SUIT_MASKS
from kozyr_pitch.scoring import JICKS, WORTH, jick_of, smear_out, trump_rank, trumps_of
from kozyr_pitch.variant import FACT_NAMES, ORDER, AuctionPitch, _with_defaults

if TYPE_CHECKING:
    from kozyr.batch.tricks import TrickTwin


#: SMR3: the trumps of each suit with the jick.
_TRUMPS = tuple(trumps_of(suit, True) for suit in Suit)


class SmearTricks(FollowOrTrump):
    """AP7 with the jick (SMR3): the jick is a trump -- it follows a trump lead, a trump lead
    is followed by it, and it is no card of its own suit -- ranking between the jack and the
    ten of trumps. Follow suit or trump at will; a void player plays any card.

    >>> rules = SmearTricks(ORDER)
    >>> from kozyr import CardSet
    >>> trick = Trick(0).with_play(0, Card.parse("9♦"))  # hearts trump: J♦ is the jick
    >>> str(CardSet.from_mask(rules.legal_mask(CardSet.parse("J♦ 5♣").mask, trick, Suit.HEARTS)))
    '5♣ J♦'
    >>> trick = Trick(0).with_play(0, Card.parse("10♥")).with_play(1, Card.parse("J♦"))
    >>> rules.trick_winner(trick, Suit.HEARTS)
    1
    """

    reads: Literal["lead", "trick"] = "trick"  # the card led, not only its suit

    def __init__(self, order: RankOrder, *, rule: str | None = "SMR3") -> None:
        super().__init__(order, void_may_discard=True, rule=rule)

    def led_suit(self, trick: Trick, trump: Suit | None) -> Suit | None:
        """The suit a trick's lead calls for: the trump suit when the jick is led (SMR3)."""
        card = trick.led
        if card is None:
            return None
        if trump is not None and card is JICKS[trump]:
            return trump
        return card.suit

    @override
    def legal_mask(self, hand: int, trick: Trick, trump: Suit | None) -> int:
        plays = trick.plays
        if not plays or trump is None:
            return hand
        led = plays[0].card
        trumps = hand & _TRUMPS[trump]
        if led.mask & _TRUMPS[trump]:
            follow = trumps
        else:
            follow = hand & SUIT_MASKS[led.suit] & ~JICKS[trump].mask
        return (follow | trumps) if follow else hand

    @override
    def trick_winner(self, trick: Trick, trump: Suit | None) -> int:
        """C6 with the jick a trump (SMR3): the highest trump, else the highest card of the
        suit led (the jick not of its own suit)."""
        lead = self.led_suit(trick, trump)
        if trump is None:
            return super().trick_winner(trick, trump)
        trumps = trumps_of(trump, True)
        jick = jick_of(trump)
        strength = self.strength
        winner, best, best_trump = trick.leader, -2, False
        for play in trick.plays:
            card = play.card
            if card.mask & trumps:
                value = trump_rank(card, trump)
                if not best_trump or value > best:
                    winner, best, best_trump = play.seat, value, True
            elif not best_trump and card.suit == lead and card is not jick:
                if strength[card.index] > best:
                    winner, best = play.seat, strength[card.index]
        return winner

    @override
    def explain(self, hand: int, trick: Trick, card: Card, trump: Suit | None) -> str:
        lead = self.led_suit(trick, trump)
        jick = f", the jick {jick_of(trump)} among them" if trump is not None else ""
        if lead is not None and lead == trump:
            return f"{card} is not a trump: a trump was led and the hand holds trumps{jick} (SMR3)"
        return f"{card} neither follows the suit led {lead} nor trumps{jick} (AP7, SMR3)"

    def batch_twin(self) -> TrickTwin:
        """The batch twin (:class:`kozyr_pitch.batch.SmearTwin`; needs numpy)."""
        from kozyr_pitch.batch import SmearTwin

        return SmearTwin.of(self)


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
    rules_ref = "SMR1-SMR6, D-SMR1-D-SMR6, AP1-AP11, D-AP1-D-AP8"
    record_fields: ClassVar[tuple[str, ...]] = (*AuctionPitch.record_fields, "jick", "trey")
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
    )

    def __init__(self, /, **options: Any) -> None:
        super().__init__(**options)
        if self.options["jick"]:
            self.trick_rules = SmearTricks(ORDER)

    @property
    @override
    def max_bid(self) -> int:
        """SMR4: the bids go up to the points in play -- 4, the jick 1, the trey 3."""
        jick, trey = bool(self.options["jick"]), bool(self.options["trey"])
        return 4 + jick * WORTH["jick"] + trey * WORTH["trey"]

    @property
    @override
    def fact_names(self) -> tuple[str, ...]:
        extra = ("jick",) * bool(self.options["jick"]) + ("trey",) * bool(self.options["trey"])
        return (*FACT_NAMES, *extra)

    @override
    def extra_fact_fields(self) -> tuple[OutcomeField, ...]:
        return (JICK,) * bool(self.options["jick"]) + (TREY,) * bool(self.options["trey"])

    @override
    def read_fields(self, reader: RecordReader) -> dict[str, Any]:
        """As Auction Pitch's, refusing a ``jick`` or ``trey`` the options do not play for."""
        for key in ("jick", "trey"):
            if reader.has(key) and not self.options[key]:
                raise reader.error(
                    reader.at(key),
                    f"{key} is not played for: the option {key} is off (SMR1, SMR5)",
                )
        return super().read_fields(reader)

    @override
    def fact_options(self) -> dict[str, bool]:
        return {"jick": bool(self.options["jick"]), "trey": bool(self.options["trey"])}

    @override
    def proof_rules(self) -> FollowOrTrump:
        if self.options["jick"]:
            return SmearLead(ORDER)
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
    """Ten-point Smear without its jokers (D-SMR1): five-point Smear with the 3 of trumps worth
    3 (SMR5) -- eight points in play, bids up to 8 -- and the game to 21 (SMR6)."""

    name = "ten-point-smear"
    aliases: ClassVar[tuple[str, ...]] = ("smear-10", "десятиочковый-смир")
    title = "Ten-point Smear (no jokers)"
    title_ru = "Смир на десять очков (без джокеров)"
    options_spec = _with_defaults(Smear.options_spec, trey=(True, None), target=(21, None))


__all__ = ["JICK", "TREY", "Smear", "SmearLead", "SmearTricks", "TenPointSmear"]
