"""Bots share the deal's generator (one seed decides the shuffle and every choice)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import kozyr
from kozyr import KozyrError, RandomBot, make_bots, play_deal


def test_bots_share_one_generator() -> None:
    variant = kozyr.get_variant("seven-up")
    rng = random.Random(3)
    bots = make_bots(variant, "random", rng)
    assert len(bots) == 4 and all(isinstance(b, RandomBot) and b.rng is rng for b in bots)
    seeded = make_bots(variant, ["random", "heuristic", "random", "heuristic"], 3)
    assert len({id(b.rng) for b in seeded}) == 1  # type: ignore[attr-defined]
    assert seeded[0].rng.random() == random.Random(3).random()  # type: ignore[attr-defined]


def test_same_seed_same_cards_whatever_the_bots() -> None:
    variant = kozyr.get_variant("semerik")
    for seed in range(20):
        a = play_deal(variant, seed=seed)
        b = play_deal(variant, seed=seed, bots="heuristic")
        assert a.initial == b.initial  # the shuffle comes first from the generator
        assert a.history == play_deal(variant, seed=seed).history


def test_play_deal_draws_as_random_bot_always_did() -> None:
    """Seeded play is pinned: RandomBot (``rng.choice``) draws exactly what a bot drawing
    ``rng.randrange(count)`` when it has a choice draws, and play_deal (``push``) plays the same
    deal as a loop validating every action with ``play``."""

    class SlowRandom:
        def __init__(self, rng: random.Random) -> None:
            self.rng = rng

        def choose(self, deal: kozyr.Deal, actions: list[kozyr.Action]) -> kozyr.Action:
            return actions[self.rng.randrange(len(actions))] if len(actions) > 1 else actions[0]

    for name in ("seven-up", "sem-listov", "na-noski", "semerik"):
        variant = kozyr.get_variant(name)
        for seed in range(15):
            fast = play_deal(variant, seed=seed)
            rng = random.Random(seed)
            slow_bots = [SlowRandom(rng) for _ in range(variant.players)]
            slow = kozyr.Deal.new(variant, seed=seed, rng=rng)
            while not slow.is_over:
                actions = slow.legal_actions()
                slow.play(slow_bots[actions[0].seat].choose(slow, actions))
            assert slow.history == fast.history, (name, seed)
            assert slow.result().to_json() == fast.result().to_json()


class Unhashable(type(kozyr.get_variant("seven-up"))):  # type: ignore[misc]
    def __eq__(self, other: object) -> bool:
        return isinstance(other, Unhashable)

    __hash__ = None  # type: ignore[assignment]


def test_unhashable_variants_still_get_bots() -> None:
    variant = Unhashable()
    deal = play_deal(variant, seed=1)
    assert deal.is_over
    with pytest.raises(KozyrError, match="unknown bot 'nobody'"):
        make_bots(variant, "nobody", 1)


def test_bots_table_is_read_once_per_variant_object() -> None:
    variant = kozyr.get_variant("seven-up")
    calls: list[int] = []
    original = variant.bots

    def counting() -> Any:
        calls.append(1)
        return original()

    variant.bots = counting  # type: ignore[method-assign]
    for seed in range(5):
        play_deal(variant, seed=seed)
    assert len(calls) == 1
