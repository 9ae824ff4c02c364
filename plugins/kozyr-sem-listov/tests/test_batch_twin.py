"""The batch twin of the classic form's trick rules (ClassicTrickRules, SL-C13's forced trump
leads, #25) against the scalar policy, position by position: 20,000 random positions for the
legal cards of a lead and of a follower (to a suit led or to a face-down lead) in a forced and
an ordinary trick, and 20,000 random legal tricks for the winner (D-SL2: a face-down card never
wins)."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")

from kozyr_sem_listov.batch import ClassicTwin  # noqa: E402
from kozyr_sem_listov.rules import ClassicTrickRules  # noqa: E402

from kozyr import FACE_DOWN, Card, CardSet, RankOrder, Suit, Trick  # noqa: E402
from kozyr.batch import BIT, SUIT_MASK, count, select  # noqa: E402
from kozyr.batch.tricks import twin  # noqa: E402

POLICY = ClassicTrickRules(RankOrder.ace_high(), honours_first=True, trump_leads=2)
POSITIONS = 20_000
U = np.uint64


def _hand(rng: np.random.Generator) -> int:
    cards = rng.choice(52, size=int(rng.integers(1, 8)), replace=False)
    return sum(1 << int(c) for c in cards)


def test_the_policy_gives_its_twin() -> None:
    made = twin(POLICY)
    assert isinstance(made, ClassicTwin) and made.trump_leads == 2


@pytest.mark.parametrize("number", [0, 2])  # SL-C13 forces the first two leads only
def test_the_twin_allows_exactly_the_policys_legal_cards(number: int) -> None:
    rules = twin(POLICY)
    rng = np.random.default_rng(13 + number)
    wrong = []
    held = np.array([_hand(rng) for _ in range(POSITIONS)], dtype=U)
    trump = rng.integers(0, 4, POSITIONS)
    kind = rng.integers(0, 3, POSITIONS)  # 0: the lead; 1: to a suit led; 2: to a face-down lead
    led_card = rng.integers(0, 52, POSITIONS)
    held = np.where(kind > 0, held & ~BIT[led_card], held)  # the led card is not in the hand
    held[held == 0] = BIT[(led_card[held == 0] + 1) % 52]
    led = np.where(kind == 1, SUIT_MASK[led_card // 13], U(0)).astype(U)
    lead = rules.lead_legal(held, SUIT_MASK[trump], number=number)
    follow = rules.follow_legal(held, led, SUIT_MASK[trump], number=number)
    batch = np.where(kind == 0, lead, follow)
    for i in range(POSITIONS):
        trick = Trick(leader=0, number=number)
        if kind[i]:
            flags = FACE_DOWN if kind[i] == 2 else 0
            trick = trick.with_play(1, Card.from_index(int(led_card[i])), flags)
        if int(batch[i]) != POLICY.legal_mask(int(held[i]), trick, Suit(int(trump[i]))):
            wrong.append((CardSet.from_mask(int(held[i])), kind[i], Suit(int(trump[i]))))
    assert not wrong, f"{len(wrong)} positions differ, first: {wrong[:3]}"


def test_the_twin_gives_a_legal_trick_to_the_policys_winner() -> None:
    rules = twin(POLICY)
    rng = np.random.default_rng(2)
    wrong = 0
    face_down = 0
    for _ in range(POSITIONS // 200):  # 200 deals of one trick per batch call
        deals, players = 200, 5
        order = rng.random((deals, 52)).argsort(axis=1)
        hands = [BIT[order[:, 7 * s : 7 * s + 7]].sum(axis=1, dtype=U) for s in range(players)]
        trump = SUIT_MASK[rng.integers(0, 4, deals)]
        led = np.zeros(deals, dtype=U)
        best = np.zeros(deals, dtype=np.int64)
        winner = np.zeros(deals, dtype=np.int64)
        cards = []
        for s in range(players):
            legal = (rules.lead_legal(hands[s], trump, number=0) if s == 0
                     else rules.follow_legal(hands[s], led, trump, number=0))  # fmt: skip
            index = select(legal, (rng.random(deals) * count(legal)).astype(np.int64))
            card = BIT[index]
            if s == 0:
                led = rules.lead_suit(card, index, hands[0], trump, number=0)
            value = rules.value(card, index, hands[s], led, trump, number=0)
            better = value > best
            best, winner = np.where(better, value, best), np.where(better, s, winner)
            cards.append(index)
        for d in range(deals):
            suit = Suit(int(np.log2(int(trump[d])) // 13))
            trick = Trick(leader=0)
            for s in range(players):
                card = Card.from_index(int(cards[s][d]))
                flags = POLICY.play_flags(int(hands[s][d]), trick, card, suit)
                face_down += bool(flags & FACE_DOWN)
                trick = trick.with_play(s, card, flags)
            wrong += int(winner[d]) != POLICY.trick_winner(trick, suit)
    assert wrong == 0
    assert face_down > 50  # the face-down leads (SL-C13, D-SL2) were played
