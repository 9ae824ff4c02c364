"""The conformance kit (``kozyr.testing``, issue 15 item 3): every failure is a
:class:`~kozyr.testing.ConformanceError` whose message and attributes name the variant, its
options, the seed, the bots and the step (which check; which action of the deal, which deal of
the party); the party cap and the party bots are parameters.

The throwaway variant below ("kit-whist", 2 or 3 players, option ``players``) deals three cards
each from a 32-card pack, turns up trump and plays follow-suit tricks (the core's FollowElseAny),
one point a trick, nothing paid; a party is three deals. Each broken subclass breaks one thing:
a hook that raises, a party that never ends, a replay that disagrees with the play."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

import kozyr
import kozyr.registry as kp
from kozyr import (
    Action,
    BotFactory,
    Deal,
    DealRecord,
    DealResult,
    Deck,
    FollowElseAny,
    HookError,
    OptionSpec,
    PartyRecord,
    PartyResult,
    RankOrder,
    ScoreItem,
    ScoreSheet,
    Settlement,
    Variant,
    hookimpl,
)
from kozyr.party import PartyNotOverError, seed_for
from kozyr.registry import PluginManager
from kozyr.testing import (
    PARTY_MAX_DEALS,
    ConformanceError,
    check_deal,
    check_party,
    check_variant,
)


class FirstBot:
    """Always the first legal action (a second bot kind, to tell bots apart in messages)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: Any, actions: Sequence[Action]) -> Action:
        return actions[0]


class KitWhist(Variant):
    name = "kit-whist"
    title = "Kit whist"
    player_counts = (2, 3)
    turnup_key = "turnup"
    options_spec = (OptionSpec("players", int, 2, "KW1", "number of players", choices=(2, 3)),)

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.trick_rules = FollowElseAny(RankOrder.ace_high(), rule="KW2")

    def start(self, deal: Deal) -> None:
        deck = Deck.of_size(32)
        deal.shuffle(deck)
        n = self.players
        eldest = (deal.dealer + 1) % n
        deal.deal_hands(deck.deal_masks([(eldest + i) % n for i in range(n)], (3,)))
        card = deck.draw(1)[0]
        deal.turn_up(card)
        deal.set_trump(card.suit)
        deal.begin_play(eldest)

    def setup_replay(self, deal: Deal, record: DealRecord) -> None:
        deal.set_trump(record.turnups[0].suit)
        deal.begin_play((record.dealer + 1) % self.players)

    def score(self, record: DealRecord, context: Mapping[str, Any]) -> DealResult:
        n = self.players
        tricks = tuple(record.tricks_won(n))
        items = tuple(
            ScoreItem("tricks", "взятки", "tricks", won, seat=seat, rule="KW3")
            for seat, won in enumerate(tricks)
            if won
        )
        sheet = ScoreSheet(items, n)
        return DealResult(record, tricks, sheet, tuple(sheet.by_seat()), Settlement(n))

    def bots(self) -> Mapping[str, BotFactory]:
        return {"first": FirstBot}

    # a party: three deals, the dealer passing to the left
    def party_context(
        self, party: PartyRecord, results: Sequence[DealResult]
    ) -> Mapping[str, Any] | None:
        return None if len(results) >= 3 else {}

    def score_party(self, party: PartyRecord, results: Sequence[DealResult]) -> PartyResult:
        running: list[tuple[int, ...]] = []
        totals = [0] * self.players
        for result in results:
            totals = [a + b for a, b in zip(totals, result.points, strict=True)]
            running.append(tuple(totals))
        return PartyResult(tuple(results), tuple(running), None, None, Settlement(self.players))


class RaisesAfterTrickTwo(KitWhist):
    """after_trick raises once two tricks are played (every hand down to one card)."""

    name = "kit-raises"

    def after_trick(self, deal: Deal, trick: Any) -> None:
        if len(deal.tricks) == 2:
            raise RuntimeError("the trick counter overflowed")
        super().after_trick(deal, trick)


class RaisesOnOddSeeds(KitWhist):
    """after_trick raises in deals with an odd seed only (a fault some deals of a run meet)."""

    name = "kit-odd"

    def after_trick(self, deal: Deal, trick: Any) -> None:
        if deal.seed is not None and deal.seed % 2 == 1:
            raise RuntimeError("odd seed")
        super().after_trick(deal, trick)


class NeverEndingParty(KitWhist):
    """party_context never says the party is over."""

    name = "kit-endless"

    def party_context(
        self, party: PartyRecord, results: Sequence[DealResult]
    ) -> Mapping[str, Any] | None:
        return {}


class ReplayDisagrees(KitWhist):
    """Scores one bonus point for seat 0 once a record has been replayed: the deal as played and
    the deal as replayed from its record disagree."""

    name = "kit-replay"

    def setup_replay(self, deal: Deal, record: DealRecord) -> None:
        self.replayed = True
        super().setup_replay(deal, record)

    def score(self, record: DealRecord, context: Mapping[str, Any]) -> DealResult:
        result = super().score(record, context)
        if not getattr(self, "replayed", False):
            return result
        bonus = ScoreItem("bonus", "премия", "bonus", 1, seat=0, rule="KW9")
        sheet = ScoreSheet((*result.sheet.items, bonus), self.players)
        return DealResult(record, result.tricks, sheet, tuple(sheet.by_seat()), result.settlement)


class RaisesInPartyDeal(KitWhist):
    """The third deal of a party fails in after_trick (its context says which deal it is)."""

    name = "kit-party-deal"

    def party_context(
        self, party: PartyRecord, results: Sequence[DealResult]
    ) -> Mapping[str, Any] | None:
        return None if len(results) >= 3 else {"deal": len(results) + 1}

    def after_trick(self, deal: Deal, trick: Any) -> None:
        if deal.context.get("deal") == 3:
            raise RuntimeError("deal three")
        super().after_trick(deal, trick)


class StepDisagrees(KitWhist):
    """party_context_after (the one step play and replay take) ends the party a deal before
    party_context does: a party of two deals that a fresh look says is not over."""

    name = "kit-step"

    def party_context_after(
        self,
        party: PartyRecord,
        results: Sequence[DealResult],
        before: Mapping[str, Any],
    ) -> Mapping[str, Any] | None:
        return None if len(results) >= 2 else {}


class NotReproducible(KitWhist):
    """Each deal is led by the next seat in turn, whatever the seed: the same seed and bots do
    not give the same deal twice."""

    name = "kit-unseeded"
    started = 0

    def start(self, deal: Deal) -> None:
        super().start(deal)
        NotReproducible.started += 1
        deal.begin_play(NotReproducible.started % self.players)


KITS = (
    KitWhist,
    NotReproducible,
    RaisesAfterTrickTwo,
    RaisesOnOddSeeds,
    NeverEndingParty,
    ReplayDisagrees,
)


@pytest.fixture
def kits(monkeypatch: pytest.MonkeyPatch) -> PluginManager:
    """The kit variants registered by a run-time plugin named ``kit-plugin``."""

    class Plugin:
        @hookimpl
        def kozyr_register_variants(self, registry: kozyr.VariantRegistry) -> None:
            for cls in (*KITS, RaisesInPartyDeal, StepDisagrees):
                registry.add(cls)

    pm = PluginManager(autoload=False)
    pm.load_entry_points()
    pm.register(Plugin(), name="kit-plugin")
    monkeypatch.setattr(kp, "_manager", pm)
    return pm


def test_the_sound_kit_variant_passes(kits: PluginManager) -> None:
    # a test that can fail: the sound variant passes deals and parties, with both bot kinds
    report = check_variant(kozyr.get_variant("kit-whist", players=3), deals=20, seed=5)
    assert report.deals == 20 and report.tricks == 60 and report.parties == 2
    assert report.deals_in_parties == 6


def test_a_hook_that_raises_names_variant_options_seed_bots_and_action(
    kits: PluginManager,
) -> None:
    variant = kozyr.get_variant("kit-raises", players=3)
    with pytest.raises(ConformanceError) as caught:
        check_deal(variant, 41, bots="first", dealer=1)
    error = caught.value
    # three players: tricks 1 and 2 are actions 1-6; the sixth card ends trick 2 and fails
    assert (error.variant, error.options, error.seed, error.bots) == (
        "kit-raises",
        {"players": 3},
        41,
        "first",
    )
    assert (error.check, error.action, error.deal) == ("deal", 6, None)
    assert error.step.startswith("action 6 (phase 'play', seat ")
    # the variant's own exception: the engine's HookError, itself from the RuntimeError
    assert isinstance(error.__cause__, HookError)
    assert isinstance(error.__cause__.__cause__, RuntimeError)
    assert error.__cause__.hook == "after_trick"
    text = str(error)
    assert text.startswith(
        'variant kit-raises (options {"players": 3}), seed 41, bots first: deal, action 6 '
    )
    for part in ("HookError", "kit-plugin", "after_trick", "the trick counter overflowed"):
        assert part in text, part
    assert error.detail in text and error.detail.startswith("HookError: ")


def test_check_variant_names_the_failing_deal_and_its_bots(kits: PluginManager) -> None:
    # deals are seeded 10, 11, ...; bots in turn (first, random); deal 11 is the first odd one
    variant = kozyr.get_variant("kit-odd")
    with pytest.raises(ConformanceError) as caught:
        check_variant(variant, deals=4, seed=10)
    error = caught.value
    assert (error.seed, error.bots, error.options) == (11, "random", {"players": 2})
    # two players: the second card ends trick 1 and fails
    assert (error.check, error.action) == ("deal", 2)
    assert "seed 11, bots random: deal, action 2" in str(error)
    # one bot per seat is named as the list given
    with pytest.raises(ConformanceError) as caught:
        check_deal(variant, 3, bots=["first", "random"])
    assert caught.value.bots == ("first", "random")
    assert "seed 3, bots first,random: deal" in str(caught.value)


def test_a_party_that_never_ends_names_the_cap_seed_and_bots(kits: PluginManager) -> None:
    variant = kozyr.get_variant("kit-endless")
    with pytest.raises(ConformanceError) as caught:
        check_party(variant, 7, bots="first", max_deals=5)
    error = caught.value
    assert (error.variant, error.seed, error.bots, error.check) == (
        "kit-endless",
        7,
        "first",
        "party",
    )
    assert (error.deal, error.step, error.action) == (6, "deal 6", None)
    assert isinstance(error.__cause__, PartyNotOverError)
    assert (error.__cause__.seed, error.__cause__.max_deals) == (7, 5)
    assert str(error) == (
        'variant kit-endless (options {"players": 2}), seed 7, bots first: party, deal 6: '
        "the party did not end after 5 deals (the cap, max_deals=5)"
    )
    # the cap is a documented parameter: the default, and check_variant's party_max_deals
    assert PARTY_MAX_DEALS == 2_000
    with pytest.raises(ConformanceError, match="did not end after 3 deals") as caught:
        check_variant(variant, deals=2, parties=1, party_max_deals=3, party_bots="first")
    assert (caught.value.bots, caught.value.deal) == ("first", 4)


def test_party_bots_play_the_parties(kits: PluginManager) -> None:
    variant = kozyr.get_variant("kit-whist")
    # the deals with random bots, the parties with 'first': the same party as check_party's
    report = check_variant(variant, deals=2, seed=3, bots="random", parties=1, party_bots="first")
    assert report.parties == 1
    alone = check_party(variant, 3, bots="first")
    with_random = check_party(variant, 3, bots="random")
    assert alone.to_json() == kozyr.play_party(variant, seed=3, bots="first").to_json()
    assert alone.to_json() != with_random.to_json()


def test_a_replay_that_disagrees_is_named(kits: PluginManager) -> None:
    variant = kozyr.get_variant("kit-replay", players=3)
    with pytest.raises(ConformanceError) as caught:
        check_deal(variant, 12)
    error = caught.value
    assert (error.variant, error.seed, error.bots, error.check, error.action) == (
        "kit-replay",
        12,
        "random",
        "record replay",
        None,
    )
    assert error.step == "replaying the deal's record through JSON text"
    assert error.__cause__ is None  # the kit's own finding, no exception of the variant
    # the deal as played: the sound variant's points (the same deal); the replay adds the bonus
    played = list(
        kozyr.play_deal(kozyr.get_variant("kit-whist", players=3), seed=12).result().points
    )
    bonus = [played[0] + 1, *played[1:]]
    assert error.detail.startswith(f"replaying the record gave points {bonus}, not {played}; ")
    assert "; items [" in error.detail  # the bonus item, each value cut short
    assert str(error).endswith(
        "seed 12, bots random: record replay, replaying the deal's record through JSON text: "
        + error.detail
    )


def test_a_deal_that_the_same_seed_does_not_repeat_is_named(kits: PluginManager) -> None:
    with pytest.raises(ConformanceError) as caught:
        check_deal(kozyr.get_variant("kit-unseeded"), 5, bots="first")
    error = caught.value
    assert (error.check, error.seed, error.bots, error.action) == ("determinism", 5, "first", None)
    assert error.step == "the result, after 6 actions"  # two players, three tricks
    assert error.detail == "the same seed and bots gave a different deal"


def test_a_fault_in_a_deal_of_a_party_names_that_deal(kits: PluginManager) -> None:
    variant = kozyr.get_variant("kit-party-deal")
    with pytest.raises(ConformanceError) as caught:
        check_party(variant, 9, bots="first")
    error = caught.value
    assert (error.check, error.seed, error.bots, error.deal) == ("party", 9, "first", 3)
    assert error.step == f"deal 3 (deal seed {seed_for(9, 2)})"
    assert isinstance(error.__cause__, HookError) and error.__cause__.hook == "after_trick"
    assert "deal three" in str(error)


def test_a_one_step_party_context_that_disagrees_is_named(kits: PluginManager) -> None:
    # play and replay agree with each other (both take the one step), so only the kit's own
    # comparison with a fresh party_context finds that the party ended a deal early
    variant = kozyr.get_variant("kit-step")
    assert len(kozyr.play_party(variant, seed=5, bots="first").deals) == 2
    with pytest.raises(ConformanceError) as caught:
        check_party(variant, 5, bots="first")
    error = caught.value
    assert (error.check, error.step, error.deal) == ("party context", "the context after deal 2", 2)
    assert error.detail == "party_context_after gives None where party_context gives {}"
    check_party(kozyr.get_variant("kit-whist"), 5, bots="first")  # the sound one passes


def test_a_conformance_error_survives_pickling(kits: PluginManager) -> None:
    import pickle

    with pytest.raises(ConformanceError) as caught:
        check_deal(kozyr.get_variant("kit-raises"), 2, bots="first")
    again = pickle.loads(pickle.dumps(caught.value))
    assert str(again) == str(caught.value)
    assert (again.variant, again.seed, again.bots, again.check, again.action) == (
        "kit-raises",
        2,
        "first",
        "deal",
        4,
    )
