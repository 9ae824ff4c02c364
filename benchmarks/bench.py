"""Deals per second of the real engine against a minimal hand-written loop of the same rules.

For every installed variant this prints, from one run on one core:

* ``engine``: full deals per second of ``kozyr.play_deal(variant, seed=i)`` with random bots
  (shuffle, deal, every decision and every card through the engine, no scoring);
* ``minimal``: the same deals played by a plain function of the same rules -- lists and ints,
  card masks, no classes -- with the same random draws: one ``random.Random(seed)`` shuffles and
  then makes every decision and picks every card, as :func:`kozyr.play_deal` does with its bots.
  Before timing, both are run on the same seeds and must give the same tricks per seat, so the
  two loops provably play the same deals;
* ``ratio`` = engine / minimal (target: at least 0.5);
* ``score``: ``variant.score(record, {})`` per second on finished deals (target: 100,000);
* ``deal+score``: ``play_deal(...).result()`` per second, what ``kozyr simulate`` does per deal.

Run from the repository root (after ``pip install -e . plugins/*``)::

    python benchmarks/bench.py                  # every variant, default sizes
    python benchmarks/bench.py -n 20000 -r 5 seven-up semerik
    python benchmarks/bench.py --json

Plain stdlib timing (``time.perf_counter``), best of ``-r`` repeats; this is not a test.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from kozyr import Variant, get_variant, play_deal, variants

SUIT = [0x1FFF << (13 * s) for s in range(4)]
HEARTS = 2


def _pack(ranks: Sequence[int]) -> list[int]:
    """Card indices (suit * 13 + rank - 2) of a pack, in index order (as Deck.of_size builds it)."""
    return sorted(s * 13 + r - 2 for s in range(4) for r in ranks)


PACK_52 = _pack(range(2, 15))
PACK_36 = _pack(range(6, 15))
PACK_24 = _pack(range(9, 15))
PACK_40 = _pack((2, 3, 4, 5, 6, 7, 11, 12, 13, 14))


# --- minimal loops ------------------------------------------------------------------------------


def seven_up(seed: int, players: int = 4) -> list[int] | None:
    """Seven Up (SU3-SU5), dealer seat 0: beg/stand, give/run, discards, play. None if void."""
    rng = random.Random(seed)
    cards = PACK_52[:]
    rng.shuffle(cards)
    eldest = 1 % players
    order = [(eldest + i) % players for i in range(players)]
    hands = [0] * players
    pos = 0
    for _ in range(2):  # SU3: two rounds of three
        for s in order:
            hands[s] |= (1 << cards[pos]) | (1 << cards[pos + 1]) | (1 << cards[pos + 2])
            pos += 3
    turn = cards[pos]
    stock = cards[pos + 1 :]
    trump = turn // 13
    if rng.randrange(2) and rng.randrange(2):  # beg, then run (SU4)
        refused = trump
        turned = 1
        while True:
            stock.append(turn)
            if len(stock) - turned < 3 * players + 1:
                return None  # D-SU2: void
            for s in order:
                hands[s] |= (1 << stock[0]) | (1 << stock[1]) | (1 << stock[2])
                del stock[:3]
            turn = stock.pop(0)
            turned += 1
            if turn // 13 != refused:
                trump = turn // 13
                break
        for s in order:  # discard down to six
            while hands[s].bit_count() > 6:
                h = hands[s]
                for _ in range(rng.randrange(h.bit_count())):
                    h &= h - 1
                hands[s] ^= h & -h
    tm = SUIT[trump]
    leader = eldest
    tricks = [0] * players
    while hands[leader]:
        seat = leader
        lead = -1
        best = -1
        winner = seat
        best_trump = False
        for _ in range(players):
            h = hands[seat]
            if lead < 0:
                m = h
            else:  # SU5: follow or trump; void, trump when able
                f = h & SUIT[lead]
                m = (f | (h & tm)) if f else ((h & tm) or h)
            c = m.bit_count()
            if c > 1:
                for _ in range(rng.randrange(c)):
                    m &= m - 1
            low = m & -m
            hands[seat] ^= low
            card = low.bit_length() - 1
            suit = card // 13
            if lead < 0:
                lead = suit
            if suit == trump:
                if not best_trump or card > best:
                    best, winner, best_trump = card, seat, True
            elif not best_trump and suit == lead and card > best:
                best, winner = card, seat
            seat = (seat + 1) % players
        tricks[winner] += 1
        leader = winner
    return tricks


def auction_pitch(seed: int, players: int = 4) -> list[int]:
    """Auction Pitch (AP2-AP7), dealer seat 0: one bid each from eldest (the dealer's privilege,
    the stuck dealer bids 2, 3 or 4), the pitcher leads and names trump, follow suit or trump."""
    rng = random.Random(seed)
    cards = PACK_52[:]
    rng.shuffle(cards)
    eldest = 1 % players
    order = [(eldest + i) % players for i in range(players)]
    hands = [0] * players
    pos = 0
    for _ in range(2):  # AP2: two rounds of three
        for s in order:
            hands[s] |= (1 << cards[pos]) | (1 << cards[pos + 1]) | (1 << cards[pos + 2])
            pos += 3
    best = 0
    leader = 0
    for j, s in enumerate(order):  # AP3-AP5: pass (0) first, then the bids upwards
        if j < players - 1:
            values = [0, *range(max(best + 1, 2), 5)]
        elif best == 0:
            values = [2, 3, 4]
        else:
            values = [0, *range(best, 5)]
        value = values[rng.randrange(len(values))] if len(values) > 1 else values[0]
        if value and value >= best:
            best, leader = value, s
    trump = -1
    tricks = [0] * players
    while hands[leader]:
        seat = leader
        lead = -1
        best_card = -1
        winner = seat
        best_trump = False
        for _ in range(players):
            h = hands[seat]
            if lead < 0:
                m = h
            else:  # AP7: follow suit or trump; void, anything
                f = h & SUIT[lead]
                m = (f | (h & SUIT[trump])) if f else h
            c = m.bit_count()
            if c > 1:
                for _ in range(rng.randrange(c)):
                    m &= m - 1
            low = m & -m
            hands[seat] ^= low
            card = low.bit_length() - 1
            suit = card // 13
            if lead < 0:
                lead = suit
                if trump < 0:
                    trump = suit  # AP6: the pitch names trump
            if suit == trump:
                if not best_trump or card > best_card:
                    best_card, winner, best_trump = card, seat, True
            elif not best_trump and suit == lead and card > best_card:
                best_card, winner = card, seat
            seat = (seat + 1) % players
        tricks[winner] += 1
        leader = winner
    return tricks


def smear(seed: int, players: int = 4) -> list[int]:
    """Five-point Smear (SMR2-SMR4), dealer seat 0: Auction Pitch's deal and auction with bids to
    5, then the jick -- the other jack of the trump colour -- a trump between the jack and the
    ten: it follows trumps, calls for trumps when led, and is no card of its own suit."""
    rng = random.Random(seed)
    cards = PACK_52[:]
    rng.shuffle(cards)
    eldest = 1 % players
    order = [(eldest + i) % players for i in range(players)]
    hands = [0] * players
    pos = 0
    for _ in range(2):  # AP2: two rounds of three
        for s in order:
            hands[s] |= (1 << cards[pos]) | (1 << cards[pos + 1]) | (1 << cards[pos + 2])
            pos += 3
    best = 0
    leader = 0
    for j, s in enumerate(order):  # AP3-AP5, SMR4: pass (0) first, then the bids upwards
        if j < players - 1:
            values = [0, *range(max(best + 1, 2), 6)]
        elif best == 0:
            values = [2, 3, 4, 5]
        else:
            values = [0, *range(best, 6)]
        value = values[rng.randrange(len(values))] if len(values) > 1 else values[0]
        if value and value >= best:
            best, leader = value, s
    trump = -1
    jick = 0
    trumps = 0
    tricks = [0] * players
    while hands[leader]:
        seat = leader
        lead = -1
        best_card = -1
        winner = seat
        best_trump = False
        for _ in range(players):
            h = hands[seat]
            if lead < 0:
                m = h
            else:  # AP7, SMR3: follow suit (the jick in the trumps) or trump; void, anything
                f = h & trumps if lead == trump else h & SUIT[lead] & ~jick
                m = (f | (h & trumps)) if f else h
            c = m.bit_count()
            if c > 1:
                for _ in range(rng.randrange(c)):
                    m &= m - 1
            low = m & -m
            hands[seat] ^= low
            card = low.bit_length() - 1
            if trump < 0:  # AP6: the pitch names trump
                trump = card // 13
                jick = 1 << ((3 - trump) * 13 + 9)
                trumps = SUIT[trump] | jick
            if lead < 0:
                lead = trump if low == jick else card // 13
            if low & trumps:  # twice the rank; the jick between the jack and the ten
                rank = 17 if low == jick else 2 * (card % 13)
                if not best_trump or rank > best_card:
                    best_card, winner, best_trump = rank, seat, True
            elif not best_trump and card // 13 == lead and card > best_card:
                best_card, winner = card, seat
            seat = (seat + 1) % players
        tricks[winner] += 1
        leader = winner
    return tricks


FREE, FOLLOW_ANY, FOLLOW_TRUMP = 0, 1, 2


def sem_listov_family(
    seed: int,
    *,
    players: int,
    pack: list[int],
    hand: int,
    packets: Sequence[int],
    classic: bool,
    turns_trump: bool,
    exchange: bool,
    rule: int,
) -> list[int]:
    """The Семь листов forms, dealer seat 0. ``classic``: cut by the dealer's right, who is dealt
    first (SL-C4, SL-C5), else dealt from eldest (PN1); ``exchange``: the dealer may take the
    turned card at the start of any trick after the first, once (SL-C6, D-SL5, PN2); ``rule``:
    free play with dead trumps (SL-C9..C11), follow else any (PN3), follow else trump else any
    (SL19-2, NN3)."""
    rng = random.Random(seed)
    cards = pack[:]
    rng.shuffle(cards)
    dealer = 0
    if classic:
        first = (dealer - 1) % players
        at = rng.randint(1, len(cards) - 1)
        cards = cards[at:] + cards[:at]
    else:
        first = (dealer + 1) % players
    order = [(first + i) % players for i in range(players)]
    hands = [0] * players
    pos = 0
    for size in packets:
        for s in order:
            for _ in range(size):
                hands[s] |= 1 << cards[pos]
                pos += 1
    turn = cards[pos] if turns_trump else cards[pos - 1]  # NN2: the dealer's last card
    trump = turn // 13
    tm = SUIT[trump]
    leader = (dealer + 1) % players
    tricks = [0] * players
    while True:
        seat = leader
        lead = -1
        best = -1
        winner = seat
        best_trump = False
        for _ in range(players):
            h = hands[seat]
            if lead < 0:
                m = h
            elif rule == FREE:
                m = ((h & tm) or h) if lead == trump else h
            elif rule == FOLLOW_ANY:
                m = (h & SUIT[lead]) or h
            else:
                m = (h & SUIT[lead]) or (h & tm) or h
            c = m.bit_count()
            if c > 1:
                for _ in range(rng.randrange(c)):
                    m &= m - 1
            low = m & -m
            card = low.bit_length() - 1
            suit = card // 13
            if lead < 0:
                lead = suit
            # SL-C9: a trump on a plain lead is dead unless the hand held only trumps
            dead = rule == FREE and suit == trump and lead != trump and h & ~tm
            hands[seat] = h ^ low
            if suit == trump and not dead:
                if not best_trump or card > best:
                    best, winner, best_trump = card, seat, True
            elif not best_trump and suit == lead and not dead and card > best:
                best, winner = card, seat
            seat = (seat + 1) % players
        tricks[winner] += 1
        leader = winner
        if not hands[leader]:
            return tricks
        if exchange:  # SL-C6, D-SL5: at the start of every later trick, keep or exchange a card
            h = hands[dealer]
            k = rng.randrange(h.bit_count() + 1)
            if k:
                for _ in range(k - 1):
                    h &= h - 1
                hands[dealer] ^= (h & -h) | (1 << turn)
                exchange = False  # once


# SM2: 3 2 A K Q J 7 6 5 4, strongest first
_SM_STRENGTH = {3: 10, 2: 9, 14: 8, 13: 7, 12: 6, 11: 5, 7: 4, 6: 3, 5: 2, 4: 1}
SM_STRENGTH = [_SM_STRENGTH.get(i % 13 + 2, -1) for i in range(52)]
SM_EMPTY = sum(1 << (HEARTS * 13 + r - 2) for r in (6, 5, 4))  # SM4: the empty hearts


def semerik(seed: int) -> list[int]:
    """Семерик (SM2-SM5), dealer seat 0: 10 cards each in 4-3-3 from eldest, follow else any,
    hearts beat other suits except the empty 6, 5, 4 (SM4, D-SM1)."""
    rng = random.Random(seed)
    cards = PACK_40[:]
    rng.shuffle(cards)
    order = [1, 2, 3, 0]
    hands = [0] * 4
    pos = 0
    for size in (4, 3, 3):
        for s in order:
            for _ in range(size):
                hands[s] |= 1 << cards[pos]
                pos += 1
    strength = SM_STRENGTH
    leader = 1
    tricks = [0] * 4
    while hands[leader]:
        seat = leader
        lead = -1
        best = -2
        winner = seat
        best_main = False
        for _ in range(4):
            h = hands[seat]
            m = h if lead < 0 else ((h & SUIT[lead]) or h)
            c = m.bit_count()
            if c > 1:
                for _ in range(rng.randrange(c)):
                    m &= m - 1
            low = m & -m
            hands[seat] = h ^ low
            card = low.bit_length() - 1
            suit = card // 13
            if lead < 0:
                lead = suit
            value = strength[card]
            if lead == HEARTS:  # D-SM1: to a heart lead every heart ranks by strength
                if suit == HEARTS and value > best:
                    best, winner = value, seat
            elif suit == HEARTS and not low & SM_EMPTY:
                if not best_main or value > best:
                    best, winner, best_main = value, seat, True
            elif not best_main and suit == lead and value > best:
                best, winner = value, seat
            seat = (seat + 1) % 4
        tricks[winner] += 1
        leader = winner
    return tricks


def ten_point_smear(seed: int, players: int = 4) -> list[int]:
    """Ten-point Smear (SMR2-SMR8), dealer seat 0: :func:`smear` with the trey (no change to
    play), bids to 10 and the two jokers, cards 52 and 53 of a 54-card pack: trumps between the
    jick and the ten, never the pitch, calling for trumps when led, the later of two winning."""
    rng = random.Random(seed)
    cards = list(range(54))
    rng.shuffle(cards)
    eldest = 1 % players
    order = [(eldest + i) % players for i in range(players)]
    hands = [0] * players
    pos = 0
    for _ in range(2):  # AP2: two rounds of three
        for s in order:
            hands[s] |= (1 << cards[pos]) | (1 << cards[pos + 1]) | (1 << cards[pos + 2])
            pos += 3
    best = 0
    leader = 0
    for j, s in enumerate(order):  # AP3-AP5, SMR4: pass (0) first, then the bids upwards
        if j < players - 1:
            values = [0, *range(max(best + 1, 2), 11)]
        elif best == 0:
            values = list(range(2, 11))
        else:
            values = [0, *range(best, 11)]
        value = values[rng.randrange(len(values))] if len(values) > 1 else values[0]
        if value and value >= best:
            best, leader = value, s
    jokers = 3 << 52
    trump = -1
    jick = 0
    trumps = 0
    tricks = [0] * players
    while hands[leader]:
        seat = leader
        lead = -1
        best_card = -1
        winner = seat
        best_trump = False
        for _ in range(players):
            h = hands[seat]
            if trump < 0:  # D-SMR9: the pitch is never a joker
                m = h & ~jokers
            elif lead < 0:
                m = h
            else:  # AP7, SMR3, SMR7: follow suit (jick, jokers trumps) or trump; void, any
                f = h & trumps if lead == trump else h & SUIT[lead] & ~jick
                m = (f | (h & trumps)) if f else h
            c = m.bit_count()
            if c > 1:
                for _ in range(rng.randrange(c)):
                    m &= m - 1
            low = m & -m
            hands[seat] ^= low
            card = low.bit_length() - 1
            if trump < 0:  # AP6: the pitch names trump
                trump = card // 13
                jick = 1 << ((3 - trump) * 13 + 9)
                trumps = SUIT[trump] | jick | jokers
            if lead < 0:
                lead = trump if low & (jick | jokers) else card // 13
            if low & trumps:  # four times the rank: the jick 34, the jokers 33, the ten 32
                rank = 34 if low == jick else 33 if low & jokers else 4 * (card % 13)
                if not best_trump or rank > best_card or rank == best_card == 33:
                    best_card, winner, best_trump = rank, seat, True
            elif not best_trump and card // 13 == lead and card > best_card:
                best_card, winner = card, seat
            seat = (seat + 1) % players
        tricks[winner] += 1
        leader = winner
    return tricks


def _family(**kwargs: Any) -> Callable[[int], list[int]]:
    return lambda seed: sem_listov_family(seed, **kwargs)


#: variant name -> (options, minimal loop of one deal: f(seed))
MINIMAL: dict[str, tuple[dict[str, Any], Callable[[int], list[int] | None]]] = {
    "seven-up": ({}, seven_up),
    "sem-listov": (
        {},
        _family(players=4, pack=PACK_36, hand=7, packets=(2, 2, 3), classic=True,
                turns_trump=True, exchange=True, rule=FREE),
    ),
    "pyat-listov": (
        {},
        _family(players=4, pack=PACK_36, hand=5, packets=(2, 3), classic=True,
                turns_trump=True, exchange=True, rule=FREE),
    ),
    "po-noskam": (
        {},
        _family(players=4, pack=PACK_36, hand=7, packets=(2, 2, 3), classic=False,
                turns_trump=True, exchange=True, rule=FOLLOW_ANY),
    ),
    "sem-listov-1884": (
        {},
        _family(players=4, pack=PACK_36, hand=7, packets=(2, 2, 3), classic=False,
                turns_trump=True, exchange=True, rule=FOLLOW_TRUMP),
    ),
    "na-noski": (
        {},
        _family(players=4, pack=PACK_36, hand=7, packets=(1,) * 7, classic=False,
                turns_trump=False, exchange=False, rule=FOLLOW_TRUMP),
    ),
    "semerik": ({}, semerik),
    "auction-pitch": ({}, auction_pitch),
    "smear": ({}, smear),
    "ten-point-smear": ({}, ten_point_smear),
}  # fmt: skip


# --- measuring ----------------------------------------------------------------------------------


def engine_tricks(variant: Variant, seed: int) -> list[int] | None:
    deal = play_deal(variant, seed=seed)
    if deal.facts.get("void"):
        return None
    return list(deal.tricks_won)


def rate(func: Callable[[int], Any], n: int) -> float:
    """Calls per second of ``func(i)`` for i in 0..n-1."""
    began = time.perf_counter()
    for i in range(n):
        func(i)
    return n / (time.perf_counter() - began)


def measure(name: str, deals: int, repeat: int, check: int) -> dict[str, Any]:
    options, minimal = MINIMAL[name]
    variant = get_variant(name, **options)
    mismatches = sum(engine_tricks(variant, s) != minimal(s) for s in range(check))
    engine = best_minimal = score = full = 0.0
    records = [play_deal(variant, seed=i).record for i in range(min(deals, 5000))]
    for _ in range(repeat):  # interleaved, best of each
        engine = max(engine, rate(lambda i: play_deal(variant, seed=i), deals))
        best_minimal = max(best_minimal, rate(minimal, deals))
        score = max(score, rate(lambda i: variant.score(records[i], {}), len(records)))
        full = max(full, rate(lambda i: play_deal(variant, seed=i).result(), deals // 2))
    return {
        "variant": name,
        "checked_deals": check,
        "mismatches": mismatches,
        "engine_deals_per_s": round(engine),
        "minimal_deals_per_s": round(best_minimal),
        "ratio": round(engine / best_minimal, 3),
        "score_per_s": round(score),
        "deal_and_score_per_s": round(full),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("variants", nargs="*", help="default: every variant with a minimal loop")
    parser.add_argument("-n", "--deals", type=int, default=10_000, help="deals per timing")
    parser.add_argument("-r", "--repeat", type=int, default=3, help="best of this many")
    parser.add_argument("--check", type=int, default=500, help="deals checked equal first")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    installed = {cls.name for cls in variants()}
    names = args.variants or [n for n in MINIMAL if n in installed]
    unknown = [n for n in names if n not in MINIMAL or n not in installed]
    if unknown:
        print(f"bench: no minimal loop or not installed: {', '.join(unknown)}", file=sys.stderr)
        return 2
    rows = []
    for name in names:
        row = measure(name, args.deals, args.repeat, args.check)
        rows.append(row)
        if not args.json:
            print(
                f"{name:16} engine {row['engine_deals_per_s']:>7,}/s  "
                f"minimal {row['minimal_deals_per_s']:>7,}/s  ratio {row['ratio']:.2f}  "
                f"score {row['score_per_s']:>7,}/s  deal+score {row['deal_and_score_per_s']:>6,}/s"
                f"  (same tricks in {args.check - row['mismatches']}/{args.check} deals)",
                flush=True,
            )
    if args.json:
        env = {"python": platform.python_version(), "machine": platform.machine()}
        print(json.dumps({"environment": env, "results": rows}, indent=2))
    return 1 if any(r["mismatches"] for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
