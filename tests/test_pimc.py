"""The hidden hands sampled as a seat knows them and the ``pimc`` bot (analysis/_sampling.py,
analysis/pimc.py, issue 27)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import kozyr
from kozyr.analysis import pack_of, sample_hands, voids
from kozyr.analysis import pimc as pimc_module
from kozyr.analysis.pimc import PimcBot
from kozyr.bots import available_bots, play_deal
from kozyr.engine import PLAY, Deal
from kozyr.replay import replay


def played_until(variant: kozyr.Variant, seed: int, plays: int) -> Deal:
    """A deal played by random choices until ``plays`` cards are down."""
    rng = random.Random(seed)
    deal = Deal.new(variant, seed=seed, rng=rng)
    done = 0
    while (actions := deal.legal_actions()) and done < plays:
        if actions[0].kind == PLAY:
            done += 1
        deal.push(rng.choice(actions))
    return deal


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("seven-up", {}),
        ("sem-listov", {"players": 4}),
        ("semerik", {}),
        ("na-noski", {"players": 3}),
    ],
)
def test_samples_agree_with_what_the_seat_knows(name: str, options: dict[str, Any]) -> None:
    variant = kozyr.get_variant(name, **options)
    rng = random.Random(name)
    for seed in range(6):
        deal = played_until(variant, seed, rng.randrange(1, 12))
        if deal.is_over or deal.trick is None:
            continue
        seat = deal.to_act
        view = deal.view(seat)
        seen = view.cards_seen.mask
        banned = voids(view)
        # what the duties say is true of the real hands too
        assert all(not deal.hands[s] & banned[s] for s in deal.playing)
        for _ in range(5):
            hands = sample_hands(view, rng)
            assert hands is not None
            assert hands[seat] == deal.hands[seat]
            for s in deal.playing:
                assert hands[s].bit_count() == deal.hands[s].bit_count()
                assert not hands[s] & banned[s]
                if s != seat:
                    assert not hands[s] & seen
                    assert hands[s] & ~pack_of(variant) == 0
            union = 0
            for h in hands:
                assert not union & h
                union |= h


def test_a_seat_that_did_not_follow_is_void() -> None:
    # Семерик (SM5: follow suit when able): to a spade lead a seat that plays a club holds no
    # spade, and no sample gives it one.
    variant = kozyr.get_variant("semerik")
    for seed in range(40):
        deal = played_until(variant, seed, 4)
        trick = deal.tricks[0]
        lead = trick.plays[0].card.suit
        off = [p.seat for p in trick.plays[1:] if p.card.suit != lead]
        if not off or deal.to_act in off:
            continue
        view = deal.view(deal.to_act)
        spades = kozyr.CardSet.from_mask(voids(view)[off[0]])
        assert all(c.suit == lead for c in spades) and len(spades) > 0
        rng = random.Random(seed)
        for _ in range(20):
            hands = sample_hands(view, rng)
            assert hands is not None
            assert not any(c.suit == lead for c in kozyr.CardSet.from_mask(hands[off[0]]))
        return
    pytest.fail("no deal in 40 where a seat showed out in the first trick")


def test_with_the_hands_known_pimc_plays_the_double_dummy_card(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The hand-worked Seven Up deal of test_analysis.py at trick 5: seat 0 on lead with A♥ 9♠
    # against J♥ K♠, hearts trump. A♥ fetches the J♥ (the Jack); 9♠ lets it trump. Given the
    # real hands as its every sample, pimc leads the A♥.
    data = {
        "variant": "seven-up",
        "options": {"players": 2},
        "dealer": 0,
        "hands": ["A♥ 9♠ 6♦ 7♦ 8♦ 9♦", "J♥ K♠ 2♦ 3♦ 4♦ 5♦"],
        "turnups": ["5♥"],
        "beg": "stand",
        "tricks": ["2♦ 6♦", "7♦ 3♦", "8♦ 4♦", "9♦ 5♦", "9♠ J♥", "K♠ A♥"],
    }
    result = replay(data)
    variant = result.record.variant_object
    assert variant is not None
    deal = Deal.from_record(result.record, variant, {})  # the record's stand is taken already
    for card in ("2♦", "6♦", "7♦", "3♦", "8♦", "4♦", "9♦", "5♦"):
        deal.play_card(card)
    monkeypatch.setattr(pimc_module, "sample_hands", lambda view, rng: deal.hands)
    bot = PimcBot(random.Random(1))
    chosen = bot.choose(deal.view(0), deal.legal_actions())
    assert str(chosen.card) == "A♥" and bot.solved == 1
    values = bot.card_values(deal.view(0))
    assert {str(c): v for c, v in values.items()} == {"A♥": 3.0, "9♠": 2.0}


def test_pimc_falls_back_when_the_budget_is_too_small() -> None:
    variant = kozyr.get_variant("semerik")
    deal = Deal.new(variant, seed=2)
    bot = PimcBot(random.Random(2), max_nodes=10)
    actions = deal.legal_actions()
    chosen = bot.choose(deal.view(deal.to_act), actions)
    assert chosen in actions and bot.fell_back == 1 and bot.solved == 0


def test_pimc_is_available_for_every_variant_and_plays_legally() -> None:
    for name in ("seven-up", "semerik", "sem-listov", "na-noski"):
        assert "pimc" in available_bots(kozyr.get_variant(name))
    deal = play_deal(kozyr.get_variant("seven-up", players=2), seed=5, bots=["pimc", "random"])
    assert deal.is_over


def test_equal_values_are_broken_by_the_fallback(monkeypatch: pytest.MonkeyPatch) -> None:
    # The same deal at its first card: seat 1 (eldest) is worth 1 point (Low) whatever it leads
    # (test_analysis.py works it), so every card ties; pimc plays the one its fallback picks.
    result = replay(
        {
            "variant": "seven-up",
            "options": {"players": 2},
            "dealer": 0,
            "hands": ["A♥ 9♠ 6♦ 7♦ 8♦ 9♦", "J♥ K♠ 2♦ 3♦ 4♦ 5♦"],
            "turnups": ["5♥"],
            "beg": "stand",
            "tricks": ["2♦ 6♦", "7♦ 3♦", "8♦ 4♦", "9♦ 5♦", "9♠ J♥", "K♠ A♥"],
        }
    )
    variant = result.record.variant_object
    assert variant is not None
    deal = Deal.from_record(result.record, variant, {})
    monkeypatch.setattr(pimc_module, "sample_hands", lambda view, rng: deal.hands)

    class Last:
        def choose(self, view: object, actions: Any) -> Any:
            return actions[-1]

    actions = deal.legal_actions()
    bot = PimcBot(random.Random(1), fallback=Last())
    assert set(bot.card_values(deal.view(1)).values()) == {1.0}
    assert bot.choose(deal.view(1), actions) == actions[-1] != actions[0]
