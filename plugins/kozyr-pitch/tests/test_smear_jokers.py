"""Worked examples of ten-point Smear's jokers (SMR7, SMR8, D-SMR1, D-SMR7-D-SMR9), one or more
per rule and decision: the trick rules, the points, the bids, the three record levels, keep and
serve's fields, the CLI. Every expected number is worked out by hand in the comments."""

from __future__ import annotations

import copy
import io
import json
from collections.abc import Callable
from typing import Any

import pytest
from kozyr_pitch.scoring import Facts, deal_items, play_facts
from kozyr_pitch.smear import SmearLead, SmearTricks

import kozyr
from kozyr import (
    BLACK_JOKER,
    Action,
    Card,
    CardSet,
    Deal,
    IllegalPlayError,
    RankOrder,
    RecordError,
    Suit,
    Trick,
)
from kozyr.cli import main
from kozyr.testing import score_unproven

Stacked = Callable[..., Deal]
ORDER = RankOrder.ace_high()
HEARTS = Suit.HEARTS

# The worked deal of docs/variants/pitch.md. Dealer 0, eldest 1; seat 0 bids 3 and pitches A♥:
# hearts trump, the jick J♦ not in play, nor the trey 3♥.
HANDS = ["A♥ 4♥ BJ K♠ 5♣ 2♣", "J♥ 10♥ RJ 8♦ 7♣ 4♠", "2♥ A♠ 9♦ 6♣ 5♠ K♦", "Q♦ 10♦ A♣ 9♠ 7♦ 3♣"]
# 1. A♥ 10♥ 2♥, seat 3 (no trump) 7♦                                    -> seat 0 (A♥)
# 2. seat 0 leads 🃏: trumps called for (SMR7). Seat 1 holds J♥ and 🂿 and must play a trump:
#    🂿, the later joker, wins (D-SMR8); seats 2 and 3, out of trumps, throw 9♦ 10♦ -> seat 1
# 3. seat 1 J♥; 5♠ 9♠; seat 0 must follow with his last trump 4♥       -> seat 1 (J♥)
# 4. 8♦ K♦ Q♦, seat 0 (void) K♠                                         -> seat 2 (K♦)
# 5. A♠ A♣ 5♣ 4♠                                                        -> seat 2
# 6. 6♣ 3♣ 2♣ 7♣                                                        -> seat 1 (7♣)
TRICKS = ["A♥ 10♥ 2♥ 7♦", "🃏 🂿 9♦ 10♦", "J♥ 5♠ 9♠ 4♥", "8♦ K♦ Q♦ K♠", "A♠ A♣ 5♣ 4♠", "6♣ 3♣ 2♣ 7♣"]
LOG = [
    {"seat": 1, "kind": "pass"},
    {"seat": 2, "kind": "bid", "value": 2},
    {"seat": 3, "kind": "pass"},
    {"seat": 0, "kind": "bid", "value": 3},
]
# The cards each seat won: tricks 1 / 2, 3, 6 / 4, 5 / none.
WON = [
    "A♥ 10♥ 2♥ 7♦",
    "🃏 🂿 9♦ 10♦ J♥ 5♠ 9♠ 4♥ 6♣ 3♣ 2♣ 7♣",
    "8♦ K♦ Q♦ K♠ A♠ A♣ 5♣ 4♠",
    "",
]


def full(**options: Any) -> dict[str, Any]:
    return {
        "variant": "ten-point-smear",
        "options": options,
        "dealer": 0,
        "hands": list(HANDS),
        "log": copy.deepcopy(LOG),
        "tricks": list(TRICKS),
    }


def items(result: Any) -> list[tuple[str, int | None, int]]:
    return [(i.name, i.seat, int(i.points)) for i in result.sheet.items]


def trick(*cards: str, leader: int = 0) -> Trick:
    t = Trick(leader)
    for i, card in enumerate(cards):
        t = t.with_play((leader + i) % 4, Card.parse(card))
    return t


def legal(rules: SmearTricks, hand: str, t: Trick, trump: Suit | None) -> str:
    return str(CardSet.from_mask(rules.legal_mask(CardSet.parse(hand).mask, t, trump)))


# --- SMR7 the jokers in the deck and in the trumps -----------------------------------------------


def test_smr7_the_deck_has_54_cards_with_the_option() -> None:
    ten, five = kozyr.get_variant("ten-point-smear"), kozyr.get_variant("smear")
    assert (ten.options["jokers"], ten.deck_jokers, five.deck_jokers) == (2, 2, 0)
    assert kozyr.get_variant("smear", jokers=1).deck_jokers == 1
    with pytest.raises(kozyr.OptionError):
        kozyr.get_variant("ten-point-smear", jokers=3)
    # seven players are dealt 42 of the 54 cards: over 40 seeds both jokers are dealt, and
    # never a joker the deck does not have
    seen: set[Card] = set()
    for jokers in (0, 1, 2):
        variant = kozyr.get_variant("ten-point-smear", players=7, jokers=jokers)
        dealt: set[Card] = set()
        for seed in range(40):
            hands = kozyr.play_deal(variant, seed=seed).record.hands
            dealt |= {c for hand in hands if hand for c in hand}
        seen |= dealt
        assert {c for c in dealt if c.is_joker} == set(kozyr.JOKERS[:jokers])
    assert len(seen) == 54


def test_smr7_the_jokers_rank_below_the_jick_and_above_the_ten() -> None:
    rules = SmearTricks(ORDER)  # hearts trump: the jick is J♦
    assert rules.trick_winner(trick("🃏", "10♥", "9♥", "2♣"), HEARTS) == 0  # joker > 10
    assert rules.trick_winner(trick("🃏", "J♦", "10♥", "2♣"), HEARTS) == 1  # the jick > joker
    assert rules.trick_winner(trick("10♥", "🂿", "J♥", "2♣"), HEARTS) == 2  # the jack > all
    assert rules.trick_winner(trick("A♣", "🃏", "K♣", "2♣"), HEARTS) == 1  # a joker trumps
    assert rules.trick_winner(trick("A♣", "🃏", "2♥", "2♣"), HEARTS) == 1  # above a plain trump


def test_smr7_a_joker_led_calls_for_trumps_and_follows_a_trump_lead() -> None:
    rules = SmearTricks(ORDER)
    # led, a joker calls for trumps: a hand with a trump plays one (the jick is one) ...
    assert rules.led_suit(trick("🃏"), HEARTS) is HEARTS
    assert legal(rules, "5♥ J♦ K♣ 4♠", trick("🃏"), HEARTS) == "J♦ 5♥"
    # ... and a hand without a trump plays any card
    assert legal(rules, "K♣ 4♠ 9♦", trick("🃏"), HEARTS) == "K♣ 9♦ 4♠"
    # a trump led: a joker is a trump to follow with, the only one here
    assert legal(rules, "🂿 K♣ 4♠", trick("3♥"), HEARTS) == "🂿"
    # a plain lead: follow suit or trump at will -- the joker is a trump (AP7)
    assert legal(rules, "🂿 K♣ 4♠", trick("2♣"), HEARTS) == "K♣ 🂿"
    # void in the suit led and no trump: any card
    assert legal(rules, "K♦ 4♠", trick("2♣"), HEARTS) == "K♦ 4♠"


def test_smr7_jokers_without_the_jick() -> None:
    # option jick off: J♦ is a plain diamond, the jokers still trumps (SMR7)
    rules = SmearTricks(ORDER, jick=False)
    assert legal(rules, "J♦ 5♣ 🃏", trick("9♦"), HEARTS) == "J♦ 🃏"
    assert rules.trick_winner(trick("🃏", "J♦", "10♥", "2♣"), HEARTS) == 0  # J♦ no trump
    assert rules.led_suit(trick("J♦"), HEARTS) is Suit.DIAMONDS
    variant = kozyr.get_variant("smear", jick=False, jokers=2)
    assert isinstance(variant.trick_rules, SmearTricks) and not variant.trick_rules.jick
    assert variant.max_bid == 4 + 2  # SMR4: High, Low, Jack, Game and the two jokers


# --- D-SMR8 two jokers in one trick --------------------------------------------------------------


def test_d_smr8_the_later_joker_wins() -> None:
    rules = SmearTricks(ORDER)
    assert rules.trick_winner(trick("🃏", "🂿", "9♦", "10♦"), HEARTS) == 1
    assert rules.trick_winner(trick("🂿", "🃏", "9♦", "10♦"), HEARTS) == 1  # either colour
    assert rules.trick_winner(trick("2♣", "🂿", "5♥", "🃏"), HEARTS) == 3
    assert rules.trick_winner(trick("2♣", "🂿", "10♥", "🃏", leader=2), HEARTS) == 1  # 🃏 = seat 1
    assert rules.trick_winner(trick("🂿", "🃏", "J♦", "2♣"), HEARTS) == 2  # the jick above both


# --- D-SMR9 never the pitch, never High or Low ---------------------------------------------------


def test_d_smr9_a_joker_cannot_be_the_pitch(stacked: Stacked) -> None:
    rules = SmearTricks(ORDER)
    assert legal(rules, "BJ RJ 9♠ A♥", Trick(0), None) == "A♥ 9♠"
    deal = stacked(dict(enumerate(HANDS)), variant="ten-point-smear")
    for action in (Action("pass", 1), Action("bid", 2, value=2), Action("pass", 3)):
        deal.play(action)
    deal.play(Action("bid", 0, value=3))
    assert BLACK_JOKER not in deal.legal_plays()
    with pytest.raises(IllegalPlayError, match="cannot be the pitch: the pitch names trump"):
        deal.play_card("BJ")
    deal.play_card("A♥")
    assert deal.trump is HEARTS
    # a summary's proof: the pitcher's first card is of the trump named, never a joker
    assert SmearLead(ORDER).legal_mask(CardSet.parse("BJ A♥ 9♠").mask, Trick(0), HEARTS) == (
        Card.parse("A♥").mask
    )


def test_d_smr9_jokers_are_never_high_or_low() -> None:
    # Hearts trump; in play the trumps 9♥ 4♥ and both jokers (above the ten, below the jick).
    # High is 9♥ (seat 1's), not a joker; Low 4♥ (seat 2's); the jokers are their own points
    # to the seat that won each: 🃏 seat 0, 🂿 seat 3.
    hands = [CardSet.parse("🃏 K♣"), CardSet.parse("9♥ 5♣"), CardSet.parse("4♥ 6♣"),
             CardSet.parse("🂿 7♣")]  # fmt: skip
    won = [CardSet.parse("🃏 K♣ 6♣ 7♣"), CardSet(), CardSet(), CardSet.parse("🂿 9♥ 4♥ 5♣")]
    facts = play_facts(hands, won, HEARTS, None, jick=True, trey=True, jokers=2)
    assert facts.high == (1, Card.parse("9♥")) and facts.low == (2, Card.parse("4♥"))
    assert (facts.black_joker, facts.red_joker) == (0, 3)
    # Game: K♣ 3 for seat 0 against 0 for seat 3 -- the jokers count nothing (SMR8)
    assert facts.game == 0 and facts.counts == (3, 0, 0, 0)
    # with one joker in the deck only the black one is played for
    one = play_facts(hands, won, HEARTS, None, jick=True, trey=True, jokers=1)
    assert (one.black_joker, one.red_joker) == (0, None)


# --- SMR8 the jokers' points ---------------------------------------------------------------------


def test_smr8_the_worked_deal() -> None:
    # High A♥ (seat 0), Low 2♥ (dealt to seat 2), Jack J♥ (seat 1, trick 3), both jokers
    # (seat 1, trick 2), Game seat 2: K♦ Q♦ K♠ A♠ A♣ = 3+2+3+4+4 = 16 against seat 0's 14 (A♥
    # 10♥) and seat 1's 11 (10♦ 10, J♥ 1; the jokers nothing). Seat 0 bid 3 and won High
    # alone: set back 3 (AP9). Items in D-SMR3's order, the pitcher's side first.
    result = kozyr.replay(full())
    assert items(result) == [
        ("set_back", 0, -3), ("low", 2, 1), ("jack", 1, 1), ("black_joker", 1, 1),
        ("red_joker", 1, 1), ("game", 2, 1),
    ]  # fmt: skip
    assert result.points == (-3, 3, 2, 0) and result.extra["game_points"] == [14, 11, 16, 0]
    joker = next(i for i in result.sheet.items if i.name == "black_joker")
    assert joker.cards == (BLACK_JOKER,) and joker.rule == "SMR8"
    assert (joker.label_ru, joker.label_en) == ("Чёрный джокер", "Black joker")


def test_smr8_joker_points_make_a_bid() -> None:
    # Seat 1, the pitcher, wins the Jack and both jokers: 3 points, each joker counting 1
    # (AP9) -- a bid of 3 is made, a bid of 4 set back. High seat 0, Low and Game seat 2.
    facts = Facts((0, None), (2, None), 1, 2, black_joker=1, red_joker=1)
    made = deal_items(facts, pitcher=1, bid=3, players=4, sides=None)
    assert [(i.name, i.points) for i in made][:3] == [("jack", 1), ("black_joker", 1),
                                                      ("red_joker", 1)]  # fmt: skip
    short = deal_items(facts, pitcher=1, bid=4, players=4, sides=None)
    assert (short[0].name, short[0].seat, short[0].points) == ("set_back", 1, -4)


def test_smr8_partnerships_and_the_whole_ten() -> None:
    # Seats 0+2 against 1+3: side 1 (seats 1, 3) has Jack and both jokers = 3; side 0 High
    # (seat 0), Low and Game (seat 2) = 3: the pitcher seat 0 bid 3 and made it (AP9).
    result = kozyr.replay(full(partnership=True))
    assert tuple(int(p) for p in result.sheet.by_side()) == (3, 3)
    assert items(result)[:3] == [("high", 0, 1), ("low", 2, 1), ("game", 2, 1)]


# --- SMR4 the bids to ten ------------------------------------------------------------------------


def test_smr4_the_bids_go_to_ten_with_the_jokers(stacked: Stacked) -> None:
    ten = kozyr.get_variant("ten-point-smear")
    assert ten.legal_bids(0, 1, []) == [None, *range(2, 11)]
    assert kozyr.get_variant("ten-point-smear", jokers=1).max_bid == 9
    assert kozyr.get_variant("ten-point-smear", jokers=0).max_bid == 8
    data = full()
    data["log"][3]["value"] = 10  # the dealer may bid all ten
    assert kozyr.replay(data).points == (-10, 3, 2, 0)
    data["log"][3]["value"] = 11
    with pytest.raises(RecordError) as caught:
        kozyr.replay(data)
    assert caught.value.path == "$.log[3]"


# --- D-SMR1 the jokerless game; a joker the deck lacks -------------------------------------------


def test_d_smr1_a_joker_the_deck_lacks_is_refused_at_its_path() -> None:
    with pytest.raises(RecordError) as caught:
        kozyr.replay(full(jokers=0))
    assert caught.value.path == "$.hands[0][2]"
    assert "the joker 🃏 is not in the deck of ten-point-smear: no jokers" in str(caught.value)
    with pytest.raises(RecordError) as caught:
        kozyr.replay(full(jokers=1))  # the black one is in, the red one not
    assert caught.value.path == "$.hands[1][2]"
    assert "the joker 🂿 is not in the deck of ten-point-smear: it has one joker, 🃏" in str(
        caught.value
    )
    data = full()
    data["tricks"][1] = "🃏 🂿 9♦ 10♦"
    data["variant"] = "smear"  # five-point Smear has no jokers
    with pytest.raises(RecordError, match=r"\$\.hands\[0\]\[2\]"):
        kozyr.replay(data)


def test_d_smr1_outcome_fields_the_deck_does_not_play_for() -> None:
    deal = {"dealer": 0, "pitcher": 1, "bid": 2, "high": 1, "low": 1, "jack": None,
            "jick": None, "trey": None, "game": 0}  # fmt: skip
    five = score_unproven({"variant": "ten-point-smear", **deal, "black_joker": 1})
    assert five.points == (1, 3, 0, 0)  # High, Low, the black joker to seat 1; Game seat 0
    for options, key in (({"jokers": 0}, "black_joker"), ({"jokers": 1}, "red_joker")):
        with pytest.raises(RecordError, match=f"{key} is not played for") as caught:
            score_unproven({"variant": "ten-point-smear", "options": options, **deal, key: 1})
        assert caught.value.path == f"$.{key}"


# --- D-SMR7 two jokers, black and red: notation in records ---------------------------------------


def test_d_smr7_the_jokers_in_any_notation_of_a_record() -> None:
    data = full()
    data["hands"][0] = "A♥ 4♥ ЧДж K♠ 5♣ 2♣"
    data["hands"][1] = ["J♥", "10♥", "rj", "8♦", "7♣", "4♠"]
    data["tricks"][1] = "bj КДЖ 9♦ 10♦"
    result = kozyr.replay(data)
    assert result.points == (-3, 3, 2, 0)
    written = result.record.to_json()  # written back in the unicode style
    assert "🃏" in written["hands"][0] and "🂿" in written["hands"][1]
    assert written["tricks"][1] == "🃏 🂿 9♦ 10♦"
    assert kozyr.replay(written).to_json() == result.to_json()


# --- the three record levels ---------------------------------------------------------------------


def test_summary_and_outcome_records_with_jokers() -> None:
    result = kozyr.replay(full())
    summary = {**full(), "won": list(WON), "trump": "♥"}
    del summary["tricks"]
    proven = kozyr.replay(summary)
    assert proven.checked == "summary" and proven.points == result.points
    # an impossible pile: 🂿 among the cards seat 2 won -- a trump above every trump seat 2
    # holds (2♥), so the trick it falls in is never seat 2's (SMR7)
    summary["won"] = [
        "A♥ 10♥ 2♥ 7♦",
        "🃏 K♦ 9♦ 10♦ J♥ 5♠ 9♠ 4♥ 6♣ 3♣ 2♣ 7♣",
        "8♦ 🂿 Q♦ K♠ A♠ A♣ 5♣ 4♠",
        "",
    ]
    with pytest.raises(RecordError, match="impossible") as caught:
        kozyr.replay(summary)
    assert caught.value.path == "$.won"
    variant = kozyr.get_variant("ten-point-smear")
    facts = variant.outcome_record(result, {})
    assert (facts["black_joker"], facts["red_joker"]) == (1, 1)
    again = kozyr.replay({"variant": "ten-point-smear", **facts})
    assert again.checked == "outcome" and again.points == result.points


# --- keep, serve, the CLI ------------------------------------------------------------------------


def test_the_fields_of_keep_and_serve_and_the_cli() -> None:
    variant = kozyr.get_variant("ten-point-smear")
    names = [f.name for f in variant.outcome_fields]
    assert names == ["dealer", "pitcher", "bid", "high", "low", "jack", "jick", "black_joker",
                     "red_joker", "trey", "game", "game_points"]  # fmt: skip
    field = variant.outcome_fields[names.index("black_joker")]
    assert (field.label_ru, field.rule, field.nullable, field.required) == (
        "Чёрный джокер",
        "SMR8",
        True,
        False,
    )
    assert variant.outcome_fields[2].maximum == 10  # the bid's field: 2 to 10
    out = io.StringIO()
    assert main(["rules", "ten-point-smear", "SMR7", "--json"], out=out) == 0
    assert json.loads(out.getvalue())["rule"]["title"] == "The jokers"
    out = io.StringIO()
    assert main(["rules", "ten-point-smear", "D-SMR8"], out=out) == 0
    assert "the later one wins" in out.getvalue()
    out = io.StringIO()
    args = ["play", "ten-point-smear", "--seed", "11", "--bot", "heuristic", "--json"]
    assert main(args, out=out) == 0
    played = json.loads(out.getvalue())
    assert kozyr.get_variant("ten-point-smear").deck_jokers == 2 and played


def test_the_solver_plays_the_jokers_as_the_brute_force_does() -> None:
    # The double-dummy solver (kozyr analyse, the pimc bot) over random three-card endings of
    # ten-point Smear with jokers in the hands: its value is minimax's, position by position.
    # At trick 1 with no trump set yet the first card names it (AP6).
    import random

    from kozyr.solve import Position, minimax, solve

    rng = random.Random(26)
    rules = SmearTricks(ORDER)
    jokers_played = 0
    for _ in range(60):
        if rng.random() < 0.5:  # both jokers in, or any twelve of the 54
            cards = [*kozyr.JOKERS, *rng.sample(list(kozyr.ALL_CARDS), 10)]
        else:
            cards = rng.sample(list(kozyr.ALL_CARDS_AND_JOKERS), 12)
        rng.shuffle(cards)
        hands = tuple(CardSet(cards[3 * s : 3 * s + 3]).mask for s in range(4))
        jokers_played += sum(c.is_joker for c in cards)
        position = Position(hands, Suit(rng.randrange(4)), rng.randrange(4), rules,
                            ((0, 2), (1, 3)), (), 3)  # fmt: skip
        assert solve(position, 0) == minimax(position, 0)
    assert jokers_played > 60
    assert rules.trick_winner(trick("A♥", "🂿", "2♥", "7♦"), None) == 0  # the pitch: hearts
    assert rules.legal_mask(CardSet.parse("🂿 K♣").mask, trick("A♥"), None) == (
        CardSet.parse("🂿").mask
    )


def test_the_bots_play_the_jokers() -> None:
    # the heuristic bot counts a joker in its hand as a point (SMR8) and never pitches one
    # (D-SMR9); the pimc bot samples the jokers into the hidden hands and plays them
    from kozyr_pitch.bots import best_suit

    assert best_suit(kozyr.parse_cards("BJ K♠ 2♠ 9♠ 5♦ RJ"), smear=True) == (Suit.SPADES, 5)
    variant = kozyr.get_variant("ten-point-smear", players=3)
    deal = kozyr.play_deal(variant, seed=4, bots=["pimc", "heuristic", "random"])
    record = deal.record
    assert record.tricks is not None and not record.tricks[0].plays[0].card.is_joker
    assert kozyr.replay(record.to_json()).points == deal.result().points


def test_the_points_objective_counts_the_jokers() -> None:
    # the solver's points objective (kozyr_pitch.solving.PitchPoints) counts each joker in play
    # as a point to its winner (SMR8) -- with two jokers, one (the black, D-SMR1) or none
    from kozyr_pitch.solving import JOKER_MASKS, PitchPoints

    for jokers in (2, 1, 0):
        variant = kozyr.get_variant("ten-point-smear", jokers=jokers)
        for seed in range(12):
            deal = Deal.new(variant, seed=seed)
            while deal.phase != kozyr.PLAY or deal.trump is None:
                actions = deal.legal_actions()
                deal.push(max(actions, key=lambda a: a.kind != "pass"))
            objective = variant.solve_objective(deal, frozenset({0}))
            assert isinstance(objective, PitchPoints)
            held = 0
            for hand in deal.hands:
                held |= hand
            for play in deal.current_trick().plays:
                held |= play.card.mask
            scored = {mask for mask, _ in objective.scoring}
            for mask in JOKER_MASKS:
                assert (mask in scored) == bool(mask & held and mask in JOKER_MASKS[:jokers])


def test_serve_takes_a_full_deal_and_an_outcome_with_jokers(tmp_path: Any) -> None:
    # kozyr serve over a real SQLite file: the worked deal with its jokers in full, then an
    # outcome deal naming the black joker's winner; a joker in a jokerless game is refused at
    # its path
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from kozyr.web import create_app

    names = ["Аня", "Боря", "Вера", "Гоша"]
    with TestClient(create_app(str(tmp_path / "kozyr.sqlite3"))) as client:
        game = client.post("/api/games", json={"variant": "ten-point-smear", "players": names})
        assert game.status_code == 201, game.text
        url = f"/api/games/{game.json()['id']}/deals"
        deal = {k: v for k, v in full().items() if k not in ("variant", "options")}
        assert client.post(url, json=deal).status_code == 201
        outcome = {"dealer": 1, "pitcher": 2, "bid": 2, "high": 2, "low": 0, "jack": None,
                   "jick": None, "black_joker": 2, "trey": None, "game": 3}  # fmt: skip
        response = client.post(url, json=outcome)
        assert response.status_code == 201, response.text
        body = client.get(f"/api/games/{game.json()['id']}").json()
        # deal 1 (-3, 3, 2, 0); deal 2: seat 2 High and 🃏 = 2 makes its bid, Low seat 0, Game
        # seat 3: (1, 0, 2, 1) -- running (-2, 3, 4, 1)
        assert body["result"]["running"][-1] == [-2, 3, 4, 1]
        plain = client.post("/api/games", json={"variant": "smear", "players": names})
        refused = client.post(f"/api/games/{plain.json()['id']}/deals", json=deal)
        assert refused.status_code == 422
        assert refused.json()["path"] == "$.deals[0].hands[0][2]"
        assert "no jokers" in refused.json()["detail"]
