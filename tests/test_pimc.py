"""The hidden hands sampled as a seat knows them and the ``pimc`` bot (analysis/_sampling.py,
analysis/pimc.py, issue 27)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import kozyr
from kozyr.analysis import known_cards, pack_of, sample_hands, voids
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
        ("smear", {}),
        ("ten-point-smear", {"players": 3}),
        ("sem-listov", {"players": 5, "five_trump_leads": True}),
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
        known = known_cards(view)
        # what the duties say, and what the seat knows a hand holds, are true of the real hands
        assert all(not deal.hands[s] & banned[s] for s in deal.playing)
        assert all(deal.hands[s] & known[s] == known[s] for s in deal.playing)
        for _ in range(5):
            hands = sample_hands(view, rng)
            assert hands is not None
            assert hands[seat] == deal.hands[seat]
            for s in deal.playing:
                assert hands[s].bit_count() == deal.hands[s].bit_count()
                assert not hands[s] & banned[s]
                assert hands[s] & known[s] == known[s]
                if s != seat:
                    assert not hands[s] & seen & ~known[s]
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


def test_pimc_falls_back_when_no_deal_can_be_sampled(monkeypatch: pytest.MonkeyPatch) -> None:
    variant = kozyr.get_variant("semerik")
    deal = Deal.new(variant, seed=2)
    monkeypatch.setattr(pimc_module, "sample_hands", lambda view, rng: None)
    bot = PimcBot(random.Random(2), max_nodes=10)
    actions = deal.legal_actions()
    chosen = bot.choose(deal.view(deal.to_act), actions)
    assert chosen in actions and bot.fell_back == 1 and bot.solved == bot.rolled == 0


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


# --- rollouts (#27 item 4): playouts of the heuristic policy on the sampled deals ----------------


def _trick_five() -> Deal:
    """The hand-worked Seven Up 2p deal of test_analysis.py at trick 5: seat 0 on lead with
    A♥ 9♠ against J♥ K♠, hearts trump (High A♥ seat 0, Low J♥ seat 1, SU6)."""
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
    for card in ("2♦", "6♦", "7♦", "3♦", "8♦", "4♦", "9♦", "5♦"):
        deal.play_card(card)
    return deal


def test_a_playout_values_the_heuristic_reply() -> None:
    # A♥ led: the rest is forced (SU5: J♥ follows the trump lead, then 9♠ to K♠): seat 0 takes
    # High, Jack and Game (A♥ J♥ = 5 against K♠ 9♠ = 3) = 3. 9♠ led: the heuristic seat 1 keeps
    # its trump (it throws the card it values least, K♠ -- its trump J♥ is worth keeping) and
    # wins with the king; it then leads J♥ into the ace: seat 0 again High, Jack, Game = 3 --
    # where best play (the solver: 2) would trump with the J♥ and keep the Jack.
    from kozyr.analysis import objective_of, playout, policy_bots, world_of

    deal = _trick_five()
    world = world_of(deal.view(0), deal.hands)
    objective = objective_of(world, frozenset({0}))
    for card, expected in (("A♥", 3), ("9♠", 3)):
        bots = policy_bots(deal.variant, "heuristic", 1)
        assert playout(world, kozyr.Card.parse(card), bots, objective) == expected
    # the random policy may trump: over seeds the 9♠ lead is sometimes worth 2
    found = {
        playout(world, kozyr.Card.parse("9♠"), policy_bots(deal.variant, "random", s), objective)
        for s in range(12)
    }
    assert found == {2, 3}


def test_pimc_by_rollouts_with_the_hands_known(monkeypatch: pytest.MonkeyPatch) -> None:
    deal = _trick_five()
    monkeypatch.setattr(pimc_module, "sample_hands", lambda view, rng: deal.hands)
    rolled = PimcBot(random.Random(1), samples=3, max_nodes=0)  # never the solver
    values = rolled.card_values(deal.view(0))
    assert {str(c): v for c, v in values.items()} == {"A♥": 3.0, "9♠": 3.0}
    assert rolled.rolled == 1 and rolled.solved == 0
    exact = PimcBot(random.Random(1), samples=3)  # the ending fits the budget: solved
    assert {str(c): v for c, v in exact.card_values(deal.view(0)).items()} == {
        "A♥": 3.0,
        "9♠": 2.0,
    }
    assert exact.solved == 1 and exact.rolled == 0


def test_pimc_rolls_out_where_the_solver_does_not_fit() -> None:
    # Семерik's first lead does not solve in 10 positions: the cards are scored by playouts.
    variant = kozyr.get_variant("semerik")
    deal = Deal.new(variant, seed=2)
    bot = PimcBot(random.Random(2), samples=2, max_nodes=10)
    actions = deal.legal_actions()
    chosen = bot.choose(deal.view(deal.to_act), actions)
    assert chosen in actions and bot.rolled == 1 and bot.solved == 0 and bot.fell_back == 0


def test_the_pitch_is_scored_with_each_suit_as_trump() -> None:
    # AP6: the pitcher's first card names trump. At the pitch every card of the hand gets a
    # value, each scored with its own suit as trump; by rollouts and by the solver alike.
    variant = kozyr.get_variant("auction-pitch", players=2)
    rng = random.Random(4)
    deal = Deal.new(variant, seed=4, rng=rng)
    while deal.phase != PLAY:
        deal.push(deal.legal_actions()[-1])  # bid as high as allowed
    view = deal.view(deal.to_act)
    assert view.trump is None
    hand = set(deal.hand(deal.to_act))
    for nodes in (0, 200_000):
        bot = PimcBot(random.Random(5), samples=2, max_nodes=nodes)
        values = bot.card_values(view)
        assert set(values) == hand
        assert all(-4 <= v <= 4 for v in values.values())  # a bid of 4: made, or set back by 4


def test_pimc_options_as_a_bot_name() -> None:
    from kozyr.analysis.pimc import pimc_factory
    from kozyr.bots import make_bots
    from kozyr.errors import KozyrError

    variant = kozyr.get_variant("seven-up", players=2)
    bots = make_bots(variant, ["pimc:samples=3:nodes=0", "pimc"], 1)
    assert isinstance(bots[0], PimcBot) and (bots[0].samples, bots[0].max_nodes) == (3, 0)
    assert isinstance(bots[1], PimcBot) and bots[1].samples == pimc_module.SAMPLES
    assert pimc_factory("heuristic") is None and pimc_factory("pimc") is None
    for bad, message in (
        ("pimc:depth=3", "is not an option"),
        ("pimc:samples=0", "samples must be a whole number 1 to 1000"),
        ("pimc:samples=x", "samples must be"),
    ):
        with pytest.raises(KozyrError, match=message):
            make_bots(variant, [bad, "random"], 1)
    deal = play_deal(variant, seed=6, bots=["pimc:samples=2:nodes=0", "heuristic"])
    assert deal.is_over


# --- what a seat has heard and seen (NN2, SL-C6, SM6) -------------------------------------------


def test_the_dealer_holds_the_turned_card_in_na_noski() -> None:
    # NN2: the last card dealt is the dealer's own and shows trump; until he plays it every
    # sample gives it to him (it is in view, but not out of play).
    variant = kozyr.get_variant("na-noski", players=3)
    deal = Deal.new(variant, seed=4)
    turned = deal.turnups[0]
    assert deal.hand_mask(deal.dealer) & turned.mask
    view = deal.view(deal.to_act)
    assert view.seat != deal.dealer
    assert known_cards(view)[deal.dealer] == turned.mask
    rng = random.Random(4)
    for _ in range(10):
        hands = sample_hands(view, rng)
        assert hands is not None and hands[deal.dealer] & turned.mask
    # Семь листов turns a card that belongs to nobody (SL-C5): no sample holds it
    classic = Deal.new(kozyr.get_variant("sem-listov", players=3), seed=4)
    other = classic.view(classic.to_act)
    assert known_cards(other) == [0, 0, 0]
    hands = sample_hands(other, rng)
    assert hands is not None and not any(h & classic.turnups[0].mask for h in hands)


def test_the_dealer_who_took_the_turned_card_holds_it() -> None:
    # SL-C6: after the first trick the dealer takes the turned card for one of his own (the
    # discard stays hidden, out of play). From then on every other seat's samples give him the
    # turned card until he plays it.
    variant = kozyr.get_variant("sem-listov", players=3)
    for seed in range(30):
        rng = random.Random(seed)
        deal = Deal.new(variant, seed=seed, rng=rng)
        while deal.phase != "exchange" and deal.legal_actions():
            deal.push(rng.choice(deal.legal_actions()))
        if deal.phase != "exchange":
            continue
        swap = next(a for a in deal.legal_actions() if a.kind == "exchange")
        deal.push(swap)
        turned = deal.turnups[0].mask
        seat = deal.to_act if deal.to_act != deal.dealer else (deal.dealer + 1) % 3
        view = deal.view(seat)
        assert view.facts["shown"][deal.dealer] == turned
        for _ in range(10):
            hands = sample_hands(view, rng)
            assert hands is not None
            assert hands[deal.dealer] & turned
        return
    pytest.fail("no deal in 30 reached the exchange")


def test_semerik_declarations_heard_are_placed() -> None:
    # SM6: declarations are scored from the hands as dealt before the first trick -- every
    # player hears them. A seat that declared a баба (3, 2, A of a suit) holds those cards in
    # every sample until it plays them.
    variant = kozyr.get_variant("semerik")
    for seed in range(200):
        deal = Deal.new(variant, seed=seed)
        shown = deal.view(0).facts["shown"]
        declarers = [s for s in range(4) if shown[s] and s != deal.to_act]
        if not declarers:
            continue
        seat = declarers[0]
        assert deal.hand_mask(seat) & shown[seat] == shown[seat]  # true of the real hand
        items = variant.score_hand(deal.hand(seat)).items  # SM6, worked by the variant
        assert items and shown[seat] == sum({c.mask for item in items for c in item.cards})
        view = deal.view(deal.to_act)
        rng = random.Random(seed)
        for _ in range(10):
            hands = sample_hands(view, rng)
            assert hands is not None and hands[seat] & shown[seat] == shown[seat]
        return
    pytest.fail("no Семерик deal in 200 with a declaration")


# --- confidence: the fallback's card unless another is shown better ------------------------------


def _first_lead() -> tuple[Deal, list[Any]]:
    deal = _trick_five()
    return deal, deal.legal_actions()


def test_paired_differences_and_their_standard_error() -> None:
    from kozyr.analysis.pimc import _paired

    a, b = kozyr.Card.parse("A♥"), kozyr.Card.parse("9♠")
    # Differences 2, -1, 0: mean 1/3; sample variance ((5/3)² + (4/3)² + (1/3)²) / 2 = 7/3;
    # standard error sqrt(7/9) = 0.882.
    each = [{a: 2.0, b: 0.0}, {a: 0.0, b: 1.0}, {a: 1.0, b: 1.0}]
    mean, error = _paired(each, a, b)
    assert mean == pytest.approx(1 / 3) and error == pytest.approx((7 / 9) ** 0.5)
    assert _paired(each[:1], a, b) == (2.0, float("inf"))


@pytest.mark.parametrize(
    ("confidence", "values", "played"),
    [
        # the other card is better on every deal (standard error 0): played at any confidence
        (2.0, [(1.0, 0.0), (1.0, 0.0), (1.0, 0.0)], "A♥"),
        # better on average (+1/3) but within 1 standard error (0.882): the fallback's card ...
        (1.0, [(2.0, 0.0), (0.0, 1.0), (1.0, 1.0)], "9♠"),
        # ... which confidence 0 gives up for the better mean
        (0.0, [(2.0, 0.0), (0.0, 1.0), (1.0, 1.0)], "A♥"),
    ],
)
def test_confidence_keeps_the_fallbacks_card_unless_another_is_shown_better(
    monkeypatch: pytest.MonkeyPatch,
    confidence: float,
    values: list[tuple[float, float]],
    played: str,
) -> None:
    deal, actions = _first_lead()
    a, b = kozyr.Card.parse("A♥"), kozyr.Card.parse("9♠")
    each = [{a: x, b: y} for x, y in values]
    monkeypatch.setattr(PimcBot, "card_samples", lambda self, view, cards=None: each)

    class Nine:
        def choose(self, view: object, actions: Any) -> Any:
            return next(x for x in actions if x.card == b)

    bot = PimcBot(random.Random(1), fallback=Nine(), confidence=confidence)
    assert str(bot.choose(deal.view(deal.to_act), actions).card) == played


def test_confidence_as_a_bot_name() -> None:
    from kozyr.errors import KozyrError

    factory = pimc_module.pimc_factory("pimc:confidence=1.5:nodes=0")
    assert factory is not None
    bot = factory(random.Random(1))
    assert (bot.confidence, bot.max_nodes) == (1.5, 0)
    for bad in (
        "pimc:confidence=x",
        "pimc:confidence=11",
        "pimc:confidence=1.",
        "pimc:confidence=-1",
    ):
        with pytest.raises(KozyrError, match="confidence must be a number 0 to 10"):
            pimc_module.pimc_factory(bad)
