"""The batch twins of the trick rules (kozyr.batch.tricks, issue 25 item 1) against their scalar
policies (kozyr.tricks), position by position: 100,000 random positions per policy for the legal
cards (a hand, the card led or none, the trump suit or none) and 100,000 random tricks per policy
for the winner (2 to 7 cards, each played from a hand that decides SL-C9's dead trumps)."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

pytest.importorskip("numpy")

from kozyr import (
    Card,
    CardSet,
    FollowElseAny,
    FollowElseMustTrump,
    FollowOrTrump,
    FreePlayDeadTrumps,
    MainSuit,
    RankOrder,
    StandardTrickRules,
    Suit,
    Trick,
)
from kozyr.batch import SUIT_MASK, SUIT_OF
from kozyr.batch.tricks import NoBatchTwinError, StandardTwin, by_card_index, play_tricks, twin
from kozyr.cards import Rank

ACE_HIGH = RankOrder.ace_high()
#: SM2: 3 2 A K Q J 7 6 5 4 (the 40-card pack: no 8, 9 or 10)
SEMERIK = RankOrder(tuple(Rank(r) for r in (3, 2, 14, 13, 12, 11, 7, 6, 5, 4)))
POLICIES = {
    "standard": StandardTrickRules(ACE_HIGH),
    "follow-else-any (PN3)": FollowElseAny(ACE_HIGH),
    "follow-else-must-trump (NN3)": FollowElseMustTrump(ACE_HIGH),
    "follow-or-trump (SU5)": FollowOrTrump(ACE_HIGH),
    "follow-or-trump, void may discard": FollowOrTrump(ACE_HIGH, void_may_discard=True),
    "free play, dead trumps (SL-C9)": FreePlayDeadTrumps(ACE_HIGH),
    "free play, honours first (SL-C12)": FreePlayDeadTrumps(ACE_HIGH, honours_first=True),
    "main suit (SM4, D-SM1)": MainSuit(
        SEMERIK, main=Suit.HEARTS, excluded=CardSet.parse("6h 5h 4h")
    ),
}
POSITIONS = 100_000
U = np.uint64


def _trumps(rng: np.random.Generator, n: int) -> np.ndarray:
    """A trump suit per position, 4 for none (a fifth of them)."""
    return rng.integers(0, 5, n)


def _pack(policy: StandardTrickRules) -> np.ndarray:
    """The card indices of the policy's pack: the cards its rank order ranks."""
    return np.array([i for i in range(52) if policy.strength[i] >= 0])


def _hands(rng: np.random.Generator, n: int, pack: np.ndarray, excluding: np.ndarray) -> np.ndarray:
    """A random hand of 1 to 13 cards of ``pack`` per position, without the card ``excluding``
    (52: none)."""
    keys = rng.random((n, len(pack)))
    keys += 2.0 * (pack[None, :] == excluding[:, None])  # never drawn
    sizes = rng.integers(1, 14, n)
    places = keys.argsort(axis=1).argsort(axis=1)  # each card's place in the random order
    weights = np.array([1 << int(i) for i in pack], dtype=U)
    return ((places < sizes[:, None]) * weights).sum(axis=1, dtype=U)


@pytest.mark.slow
@pytest.mark.parametrize("name", POLICIES)
def test_the_twin_allows_exactly_the_policys_legal_cards(name: str) -> None:
    policy = POLICIES[name]
    rules = twin(policy)
    rng = np.random.default_rng(abs(hash(name)) % 2**32)
    pack = _pack(policy)
    led_card = pack[rng.integers(0, len(pack), POSITIONS)]
    led_card[rng.random(POSITIONS) < 0.25] = 52  # 52: the lead itself
    trump = _trumps(rng, POSITIONS)
    held = _hands(rng, POSITIONS, pack, led_card)
    led = np.where(led_card < 52, SUIT_MASK[np.minimum(led_card, 51) // 13], U(0)).astype(U)
    batch = rules.legal(held, led, SUIT_MASK[trump], number=0)
    wrong = []
    for i in range(POSITIONS):
        trick = Trick(leader=0)
        if led_card[i] < 52:
            trick = trick.with_play(0, Card.from_index(int(led_card[i])))
        suit = None if trump[i] == 4 else Suit(int(trump[i]))
        expected = policy.legal_mask(int(held[i]), trick, suit)
        if int(batch[i]) != expected:
            wrong.append((CardSet.from_mask(int(held[i])), trick.led, suit))
    assert not wrong, f"{len(wrong)} positions differ, first: {wrong[:3]}"


@pytest.mark.slow
@pytest.mark.parametrize("name", POLICIES)
def test_the_twin_gives_the_trick_to_the_policys_winner(name: str) -> None:
    policy = POLICIES[name]
    rules = twin(policy)
    rng = np.random.default_rng(abs(hash(name) + 1) % 2**32)
    n = POSITIONS
    players = rng.integers(2, 8, n)
    pack = _pack(policy)
    order = pack[rng.random((n, len(pack))).argsort(axis=1)[:, :7]]  # seven distinct cards
    trump = _trumps(rng, n)
    trump_mask = SUIT_MASK[trump]
    hands = [_hands(rng, n, pack, order[:, i]) | (U(1) << order[:, i].astype(U)) for i in range(7)]
    best = np.zeros(n, dtype=np.int64)
    winner = np.zeros(n, dtype=np.int64)
    led = np.zeros(n, dtype=U)
    for i in range(7):
        index = order[:, i]
        card = (U(1) << index.astype(U)) * (i < players)
        if i == 0:
            led = rules.lead_suit(card, index, hands[0], trump_mask, number=0)
        value = rules.value(card, index, hands[i], led, trump_mask, number=0) * (i < players)
        better = value > best
        best = np.where(better, value, best)
        winner = np.where(better, i, winner)
    wrong = []
    for k in range(n):
        suit = None if trump[k] == 4 else Suit(int(trump[k]))
        trick = Trick(leader=0)
        for i in range(int(players[k])):
            card = Card.from_index(int(order[k, i]))
            flags = policy.play_flags(int(hands[i][k]), trick, card, suit)
            trick = trick.with_play(i, card, flags)
        expected = policy.trick_winner(trick, suit)
        if int(winner[k]) != expected:
            wrong.append((trick.cards, suit, int(winner[k]), expected))
    assert not wrong, f"{len(wrong)} tricks differ, first: {wrong[:3]}"


def test_a_subclass_needs_its_own_twin_and_may_give_one() -> None:
    class Odd(FollowElseAny):
        """Plays otherwise than its base: the base's twin would be wrong for it."""

    with pytest.raises(NoBatchTwinError, match=r"Odd has no batch twin"):
        twin(Odd(ACE_HIGH))

    class Custom(FollowElseAny):
        def batch_twin(self) -> StandardTwin:
            return StandardTwin.of(self)

    assert isinstance(twin(Custom(ACE_HIGH)), StandardTwin)


def test_play_tricks_worked_example() -> None:
    """Two players, FollowOrTrump (SU5) with hearts trump: seat 0 holds A♠ 2♠, seat 1 holds K♠
    2♥; seat 0 leads. Every choice is the lowest legal card (k = 0): seat 0 leads 2♠ (index 0 of
    spades is below A♠), seat 1 may follow K♠ or trump 2♥ and takes the lowest index, K♠ (spades
    index 37+11 vs hearts 26+0: 2♥ is lower) -- so 2♥ trumps: seat 1 wins (C6); then seat 1
    leads K♠ and seat 0 follows A♠, which wins."""
    hands = np.array([CardSet.parse("A♠ 2♠").mask, CardSet.parse("K♠ 2♥").mask], dtype=U)
    played = play_tricks(
        twin(FollowOrTrump(ACE_HIGH)),
        hands.copy(),
        players=2,
        leader=np.array([0]),
        trump=np.array([SUIT_MASK[Suit.HEARTS]], dtype=U),
        tricks=2,
        choose=lambda counts: np.zeros(len(counts), dtype=np.int64),
    )
    assert played.winners.tolist() == [[1, 0]]
    assert played.tricks.tolist() == [1, 1]
    assert str(CardSet.from_mask(int(played.won[1]))) == "2♥ 2♠"
    assert str(CardSet.from_mask(int(played.won[0]))) == "K♠ A♠"


@pytest.mark.parametrize("compared", [False, True], ids=["read-at-end", "play-by-play"])
def test_after_lead_names_the_trump_from_the_first_card_led(compared: bool) -> None:
    """AP6, AP7 (follow suit or trump, any card when void): no trump until the pitch; seat 0
    holds 2♥ 4♥, seat 1 holds 3♥ K♠, seat 0 leads and every choice is the lowest legal card.
    Seat 0 pitches 2♥, naming hearts; seat 1 must follow with 3♥ and wins (C6); seat 1 leads K♠
    and seat 0's 4♥, void in spades, now a trump, takes it. Without the hook hearts never
    become trump and K♠ wins the second trick too."""
    rules = twin(FollowOrTrump(ACE_HIGH, void_may_discard=True))
    assert isinstance(rules, StandardTwin)
    if compared:
        rules = _by_value(rules)
    hands = np.array([CardSet.parse("2♥ 4♥").mask, CardSet.parse("3♥ K♠").mask], dtype=U)
    leads: list[tuple[int, list[int]]] = []

    def pitch(number: int, index: np.ndarray) -> np.ndarray | None:
        leads.append((number, index.tolist()))
        return SUIT_OF[index] if number == 0 else None

    def play(after_lead: object) -> list[list[int]]:
        played = play_tricks(
            rules,
            hands.copy(),
            players=2,
            leader=np.array([0]),
            trump=np.zeros(1, dtype=U),
            tricks=2,
            choose=lambda counts: np.zeros(len(counts), dtype=np.int64),
            after_lead=after_lead,  # type: ignore[arg-type]
        )
        winners: list[list[int]] = played.winners.tolist()
        return winners

    assert play(pitch) == [[1, 0]]
    assert leads == [(0, [Card.parse("2♥").index]), (1, [Card.parse("K♠").index])]
    assert play(None) == [[1, 1]]


def _by_value(rules: StandardTwin) -> StandardTwin:
    """The same twin with every play compared by value (a subclass that writes ``value``
    itself, so :func:`by_card_index` does not hold and no winner is read at a trick's end)."""
    kind = type(rules)
    slow = type("ByValue", (kind,), {"value": lambda self, *a, **k: kind.value(self, *a, **k)})
    fields = {f.name: getattr(rules, f.name) for f in dataclasses.fields(rules) if f.init}
    made: StandardTwin = slow(**fields)
    return made


@pytest.mark.parametrize("name", [n for n in POLICIES if not n.startswith("main")])
def test_the_winner_read_at_the_tricks_end_is_the_one_compared_play_by_play(name: str) -> None:
    """#25: a twin whose tricks go by card index has each winner read from the trick's cards
    (C6, SL-C9's live trumps); 2,000 random four-handed deals of 13 tricks, played with the
    same choices both ways, give the same tricks, cards and winners."""
    rules = twin(POLICIES[name])
    assert by_card_index(rules) and not by_card_index(_by_value(rules))
    deals, players = 2000, 4
    rng = np.random.default_rng(25)
    order = rng.random((deals, 52)).argsort(axis=1)
    bits = np.array([1 << i for i in range(52)], dtype=U)[order]
    hands = np.stack([bits[:, 13 * s : 13 * s + 13].sum(axis=1, dtype=U) for s in range(4)])
    trump = SUIT_MASK[rng.integers(0, 5, deals)]  # 4: no trump
    leader = rng.integers(0, players, deals) * deals + np.arange(deals)
    results = []
    for rules_used in (rules, _by_value(rules)):
        draws = np.random.default_rng(7)
        results.append(
            play_tricks(
                rules_used,
                hands.reshape(-1).copy(),
                players=players,
                leader=leader,
                trump=trump,
                tricks=13,
                choose=lambda counts, d=draws: (d.random(len(counts)) * counts).astype(np.int64),
            )
        )
    fast, slow = results
    assert (fast.winners == slow.winners).all() and (fast.won == slow.won).all()
    assert (fast.trick_cards == slow.trick_cards).all() and fast.tricks.sum() == 13 * deals
    assert len(set(fast.winners[:, 0].tolist())) == players  # every seat takes some first trick


def test_a_twin_says_a_lead_and_a_follow_apart() -> None:
    # SU5: to a spade lead (led != 0) a follower void in spades must trump; a leader (led 0) may
    # lead anything -- legal() asks lead_legal() and follow_legal() by the suit led
    rules = twin(FollowOrTrump(ACE_HIGH))
    assert isinstance(rules, StandardTwin)
    held = np.array([CardSet.parse("2♥ 3♦").mask], dtype=U)
    hearts = np.array([SUIT_MASK[Suit.HEARTS]], dtype=U)
    spades = np.array([SUIT_MASK[Suit.SPADES]], dtype=U)
    nothing = np.zeros(1, dtype=U)
    assert (
        str(CardSet.from_mask(int(rules.follow_legal(held, spades, hearts, number=0)[0]))) == "2♥"
    )
    assert str(CardSet.from_mask(int(rules.lead_legal(held, hearts, number=0)[0]))) == "3♦ 2♥"
    assert rules.legal(held, spades, hearts, number=0)[0] == CardSet.parse("2♥").mask
    assert rules.legal(held, nothing, hearts, number=0)[0] == held[0]


@pytest.mark.parametrize("name", [n for n in POLICIES if n.startswith("free")])
def test_the_live_trumps_are_the_trumps_not_dead(name: str) -> None:
    # SL-C9: to a plain lead live_trump (what play_tricks gathers) says what dead says, in
    # fewer steps; to a trump lead or none nothing is dead
    rules = twin(POLICIES[name])
    assert isinstance(rules, StandardTwin)
    rng = np.random.default_rng(9)
    n = 50_000
    card = U(1) << rng.integers(0, 52, n).astype(U)
    held = _hands(rng, n, np.arange(52), np.full(n, 52)) | card
    led = SUIT_MASK[rng.integers(0, 5, n)]  # 4: a lead not yet made, or face down
    trump = SUIT_MASK[rng.integers(0, 5, n)]
    dead = rules.dead(card, held, led, trump, number=0)
    live = rules.live_trump(card, held, led, trump, number=0)
    plain = (led != 0) & (led != trump)  # the answer counts to a plain lead only
    assert (live[plain] == (card & trump * ~dead)[plain]).all()
    assert dead.any() and (live[plain] != 0).any() and not dead[~plain].any()
