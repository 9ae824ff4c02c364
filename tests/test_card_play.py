"""``kozyr.CardPlay`` (#23 item 6): the legal card plays are actions whose ``card`` is never
None, so a bot type-checks without an ``assert``; they stay equal to, and hash like, the plain
``Action("play", seat, card)``, so every record, log and caller's own action is unchanged."""

from __future__ import annotations

import copy
import dataclasses
import pickle
import random
from collections.abc import Sequence

import pytest

import kozyr
from kozyr import Action, Card, CardPlay, PlayerView, card_plays


def test_the_engine_offers_card_plays() -> None:
    deal = kozyr.Deal.new(kozyr.get_variant("seven-up", players=2), seed=4)
    while deal.phase != kozyr.PLAY:  # SU3: the stand/beg decisions are plain actions
        assert not any(isinstance(a, CardPlay) for a in deal.legal_actions())
        deal.play(deal.legal_actions()[0])
    legal = deal.legal_actions()
    assert legal and all(type(a) is CardPlay and isinstance(a.card, Card) for a in legal)
    assert all(a.kind == "play" and a.seat == deal.to_act and a.value is None for a in legal)


def test_equal_to_the_plain_action_both_ways() -> None:
    card = Card.parse("10♦")
    play, plain = CardPlay(1, card), Action("play", 1, card)
    assert play == plain and plain == play and not (play != plain) and not (plain != play)
    assert hash(play) == hash(plain) and {play, plain} == {plain} and plain in [play]
    assert play != CardPlay(0, card) and play != Action("play", 1, Card.parse("10♥"))
    assert play != Action("discard", 1, card) and play != "play"


def test_a_caller_s_own_action_plays_and_records_the_same() -> None:
    variant = kozyr.get_variant("semerik")
    ours, theirs = kozyr.Deal.new(variant, seed=8), kozyr.Deal.new(variant, seed=8)
    while not ours.is_over:
        chosen = ours.legal_actions()[-1]
        assert isinstance(chosen, CardPlay)
        ours.play(chosen)
        assert chosen.card is not None
        theirs.play(Action("play", chosen.seat, chosen.card))  # a plain action, as before
    assert ours.record.to_json() == theirs.record.to_json()
    assert ours.history == theirs.history  # element by element, CardPlay == Action


def test_copies_pickles_and_replace() -> None:
    play = CardPlay(3, Card.parse("Q♣"))
    for twin in (pickle.loads(pickle.dumps(play)), copy.deepcopy(play), copy.copy(play)):
        assert type(twin) is CardPlay and twin == play and twin.card == play.card
    moved = dataclasses.replace(play, seat=0)
    assert type(moved) is CardPlay and (moved.seat, moved.card) == (0, play.card)
    with pytest.raises(dataclasses.FrozenInstanceError):
        play.seat = 1  # type: ignore[misc]
    with pytest.raises(TypeError, match="a card play needs a Card, not None"):
        CardPlay(0, None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="of kind 'play'"):
        dataclasses.replace(play, kind="discard")


def test_card_plays_of_legal_actions() -> None:
    seven = Card.parse("7♠")
    actions = [Action("stand", 0), Action("play", 0, seven), CardPlay(0, Card.parse("A♠"))]
    assert card_plays(actions) == [CardPlay(0, seven), CardPlay(0, Card.parse("A♠"))]
    assert all(type(a) is CardPlay for a in card_plays(actions))
    assert card_plays([Action("exchange", 1, seven)]) == []  # a decision naming a card


class HighBot:
    """Plays its highest legal card by index -- typed: no ``assert a.card is not None``."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: PlayerView, actions: Sequence[Action]) -> Action:
        plays = card_plays(actions)
        if not plays:
            return actions[0]
        return max(plays, key=lambda a: a.card.index)


def test_a_typed_bot_plays_whole_deals() -> None:
    variant = kozyr.get_variant("semerik")
    for seed in range(5):
        deal = kozyr.play_deal(variant, seed=seed, bots=[HighBot(random.Random(0))] * 4)
        assert deal.is_over and len(deal.record.tricks or ()) == 10
