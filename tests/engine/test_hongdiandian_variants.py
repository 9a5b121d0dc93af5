"""The two variants of 红点点 that [000] names, both off by default: 大叁 (长二) as a wild card, and five players
with one holding five cards. The wild card's search is checked against a brute-force oracle that tries every card
for every wild and scores the result as an ordinary hand."""

from __future__ import annotations

import itertools
import random

import pytest
from changpai.api import handle
from changpai.bots.hongdiandian import simulate
from changpai.decks.numerals import ALL_KINDS, Card, format_cards
from changpai.hongdiandian.cards import PARTNERS, WILD, is_jue
from changpai.hongdiandian.deal import HddDeal
from changpai.hongdiandian.hand import PAIR, Unit, check_unit, evaluate, score, waits
from changpai.hongdiandian.options import OPTIONS, READINGS
from changpai.hongdiandian.rules import HUADA, SICHENG, get_rules
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

WILD_ON = {"wild_dasan": True}
FIVE = {"five_players": True}
REAL = [c for c in ALL_KINDS if c != WILD]
VALID = [(ALL_KINDS[a], ALL_KINDS[b]) for a in range(20) for b in sorted(PARTNERS[False][a]) if b >= a]


def oracle(held: list[Card], table: list[Unit], rules_name: str) -> tuple[bool, int, int] | None:
    """The best (win, 层, points) over every reading of the wilds, each hand scored with the wild off; None: no
    reading holds. Wilds in a laid pair are read too; a wild in any other laid unit counts as itself."""
    plain = get_rules(rules_name)
    held_wilds = held.count(WILD)
    rest = [c for c in held if c != WILD]
    laid_wild = [i for i, u in enumerate(table) if u.kind == PAIR and WILD in u.cards]
    slots = held_wilds + sum(table[i].cards.count(WILD) for i in laid_wild)
    best: tuple[bool, int, int] | None = None
    for reading in itertools.product(ALL_KINDS, repeat=slots):
        it = iter(reading)
        hand = rest + [next(it) for _ in range(held_wilds)]
        units: list[Unit] = []
        ok = True
        for i, unit in enumerate(table):
            if i in laid_wild:
                cards = [c if c != WILD else next(it) for c in unit.cards]
                if cards[1] not in [ALL_KINDS[j] for j in PARTNERS[False][cards[0].index]]:
                    ok = False
                units.append(Unit(PAIR, tuple(sorted(cards))))
            else:
                units.append(unit)
        if not ok:
            continue
        result = evaluate(hand, units, plain)
        if result.holds:
            rank = (result.win, result.layers, result.points)
            best = rank if best is None or rank > best else best
    return best


def check_witness(held: list[Card], table: list[Unit], rules_name: str) -> None:
    """The engine's answer with the wild on: its best equals the oracle's, and its split is a real reading."""
    rules = get_rules(rules_name, WILD_ON)
    result = evaluate(held, table, rules)
    expected = oracle(held, table, rules_name)
    assert result.holds == (expected is not None)
    if expected is None:
        return
    assert (result.win, result.layers, result.points) == expected
    plain = get_rules(rules_name)
    units = [*result.split, *result.table]
    for unit in units:  # each unit, as it counts, holds under the ordinary pairings
        if unit.kind in ("pair", "kan2"):
            check_unit(unit.kind, unit.played, plain, "split")
    assert sum(u.points for u in units) == result.points
    real = sorted(c for u in result.split for c in u.cards)
    assert real == sorted(held)  # the split uses the held cards, each once


def units_hand(rng: random.Random, wilds: int) -> list[Card]:
    """Eight random pairs that hold, then ``wilds`` of their cards swapped for 大叁: many hands hold."""
    cards: list[Card] = []
    for _ in range(8):
        a, b = rng.choice(VALID)
        cards += [a, b]
    cards = [c if c != WILD else rng.choice(REAL) for c in cards]
    for i in rng.sample(range(16), wilds):
        cards[i] = WILD
    return cards


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.integers(0, 2), st.sampled_from([SICHENG, HUADA]), st.booleans())
def test_the_wild_search_finds_the_best_reading(seed, wilds, rules_name, shaped):
    rng = random.Random(seed)
    if shaped:
        held = units_hand(rng, wilds)
    else:
        deck = [c for c in REAL for _ in range(4)]
        held = rng.sample(deck, 16 - wilds) + [WILD] * wilds
    check_witness(held, [], rules_name)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.sampled_from([SICHENG, HUADA]))
def test_a_laid_pair_with_a_wild_is_read_with_the_hand(seed, rules_name):
    rng = random.Random(seed)
    cards = units_hand(rng, 0)
    partner = rng.choice(REAL)
    laid = [Unit(PAIR, tuple(sorted((partner, WILD))))]
    held = cards[:14]
    if rng.random() < 0.5:
        held[rng.randrange(14)] = WILD
    check_witness(held, laid, rules_name)


@pytest.mark.parametrize(
    "hand",
    [
        "叁叁叁 柒七 拾九 陆贰 捌八 十三 壹壹 二",  # three wilds, one short of a pair and a 坎
        "叁叁 叁 柒柒柒 贰贰贰 拾玖 捌八 十三 五",  # a 坎 completed by wilds, two 坎 side by side
    ],
)
def test_three_wilds_against_the_oracle(hand):
    from changpai.decks.numerals import parse_cards

    held = parse_cards(hand)
    check_witness(held, [], HUADA)


def test_a_wild_beside_the_man_card_counts_as_a_second_one():
    """柒 with 大叁 reads as 柒柒 (32 red points, and a pair of twins: with seven other twin pairs, 八对)."""
    result = score("柒叁 一一 二二 四四 六六 八八 九九 肆肆", rules=get_rules(SICHENG, WILD_ON))
    assert result.points == 32 and result.badui and result.cls is not None and result.cls.key == "badui"
    crossed = score("柒叁 拾九 二二 四四 六六 八八 一一 肆肆", rules=get_rules(SICHENG, WILD_ON))
    assert crossed.points == 32 + 6 and crossed.cls is not None and crossed.cls.key == "xiaohu"
    pair = next(u for u in result.split if WILD in u.cards)
    assert format_cards(pair.played) == "柒柒" and pair.as_dict()["as"] == "柒柒"
    # without the variant the same cards do not hold: 大叁 pairs only with its twin
    assert not score("柒叁 一一 二二 四四 六六 八八 九九 肆肆", rules=SICHENG).holds


def test_with_the_wild_dasan_is_no_jue_card_and_pairs_with_every_card():
    rules = get_rules(SICHENG, WILD_ON)
    assert is_jue(WILD) and not is_jue(WILD, wild=True)
    assert all(WILD.index in rules.partners[c.index] for c in ALL_KINDS)
    assert all(len(rules.partners[c.index]) == len(PARTNERS[False][c.index]) + 1 for c in REAL)


def test_the_wild_may_eat_any_card_in_play():
    deal = HddDeal.new(SICHENG, seed=5, options=WILD_ON)
    seen = 0
    for _ in range(400):
        if deal.over:
            break
        seat = deal.to_move()[0]
        legal = list(deal.legal_actions(seat))
        eats = [a for a in legal if a.kind == "eat" and a.card == WILD]
        if eats:
            seen += 1
        deal.play(eats[0] if eats else legal[0])
    assert seen, "no 大叁 was ever offered a card to eat in this deal"


def test_waits_with_a_wild_in_hand():
    found = waits("叁 一一 二二 四四 六六 八八 九九 肆肆", rules=get_rules(SICHENG, WILD_ON))
    by_card = {w.card.chinese(): w for w in found}
    assert set(by_card) == {c.chinese() for c in ALL_KINDS}  # the wild pairs with anything drawn
    assert by_card["柒"].points == 32 and by_card["柒"].cls is not None and by_card["柒"].cls.key == "badui"
    assert by_card["一"].points == 0  # nothing red


def test_five_players_deal_one_seat_five_cards():
    for short, seat in (("before-dealer", 0), ("after-dealer", 2)):
        deal = HddDeal.new(HUADA, seed=11, dealer=1, options={**FIVE, "five_short_seat": short})
        sizes = [len(h) for h in deal.initial_hands]
        assert deal.players == 5 and sizes[1] == 16 and sizes[seat] == 5
        assert sorted(sizes) == [5, 15, 15, 15, 16] and len(deal.initial_stock) == 80 - 66
        assert deal.bao is None


def test_four_players_deal_as_before():
    """The default game is untouched by the variant: the same seed deals the same cards."""
    deal = HddDeal.new(SICHENG, seed=7, dealer=2)
    assert [len(h) for h in deal.initial_hands] == [15, 15, 16, 15] and len(deal.initial_stock) == 19


def test_the_short_hand_wins_with_six_cards_by_the_same_table():
    rules = get_rules(HUADA, FIVE)
    result = score("柒七 拾九 陆贰", rules=rules)
    assert result.points == 16 + 4 + 6 + 0 + 1 + 10 and result.hua
    assert result.cls is not None and result.cls.key == "hualongzi" and result.layers == 3
    assert [w.card.chinese() for w in waits("柒七 拾九 陆", rules=rules)] == ["四", "贰", "陆"]
    with pytest.raises(Exception, match="6"):
        score("柒七 拾九 陆贰", rules=HUADA)  # without the variant a hand is 16


@pytest.mark.parametrize("options", [WILD_ON, FIVE, {**WILD_ON, **FIVE}])
@pytest.mark.parametrize("rules_name", [SICHENG, HUADA])
def test_simulated_variant_deals_break_no_invariant(options, rules_name):
    summary = simulate(rules_name, deals=60, seed=3, options=options)
    assert summary["broken_invariants"] == 0 and summary["outcomes"].get("win", 0) > 0


def test_a_five_handed_deal_travels_through_the_api():
    answer = handle({"command": "new_deal", "rules": HUADA, "players": 5, "options": FIVE, "seed": 2})
    assert "error" not in answer and len(answer["view"]["hands"]) == 5
    refused = handle({"command": "new_deal", "rules": HUADA, "players": 5, "seed": 2})
    assert refused["error"]["code"] == "bad-players" and refused["error"]["zh"] != refused["error"]["en"]


def test_the_variants_are_off_by_default_sourced_and_their_gaps_read_by_the_engine():
    for name in ("five_players", "wild_dasan"):
        assert OPTIONS[name].default.value is False and OPTIONS[name].default.source == "[000]"
        assert READINGS[name] and all(why.source == "engine" for _, why in READINGS[name])
    assert OPTIONS["five_short_seat"].default.source == "engine"
    described = handle({"command": "rules", "name": SICHENG})
    assert [r["source"] for r in described["variants"]["wild_dasan"]] == ["engine"] * len(READINGS["wild_dasan"])


@pytest.mark.parametrize("options", [WILD_ON, FIVE])
def test_a_variant_deal_replays_from_its_state(options):
    """A deal under a variant keeps its options in its state: dealt again and replayed, it ends the same way."""
    from changpai.bots.hongdiandian import simulate_one

    deal, problems = simulate_one(HUADA, 21, options=options)
    assert not problems
    again = HddDeal.from_dict(deal.to_dict())
    assert again.to_dict() == deal.to_dict() and again.settlement() == deal.settlement()
    assert again.rules.options[next(iter(options))] is True
