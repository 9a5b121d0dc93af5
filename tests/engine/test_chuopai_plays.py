"""chuopai/plays.py against a brute-force oracle written from [002]'s class table (by pips, not the engine's
tables), and [002]'s own examples as fixed cases."""

from collections import Counter
from itertools import combinations

import pytest
from changpai.chuopai.cards import FACES, PIPS, SHORT, parse_cards
from changpai.chuopai.options import ChuoRules
from changpai.chuopai.plays import beating_plays, beats, counts_of, plays_in, shape
from hypothesis import given, settings
from hypothesis import strategies as st

# ---------------------------------------------------------------- the oracle: [002]'s table, by pips

MAIN = {(6, 6): 6, (1, 1): 5, (4, 4): 4, (1, 3): 3}  # 天 > 地 > 人 > 和
MIDDLE = {(3, 3), (5, 5), (2, 2)}  # 中三, equal
LOW = {(5, 6), (4, 6), (1, 6), (1, 5)}  # 幺牌, equal
HARD = {(2, 4), (1, 2)}
BLACK = {(3, 6): 4, (3, 5): 3, (2, 6): 3, (2, 5): 2, (2, 3): 1}  # 黑九 > 两个黑八 > 黑七 > 黑五
RED = {(4, 5): 3, (3, 4): 2, (1, 4): 1}  # 红九 > 红七 > 红五
COMBOS = {(6, 6): ({(3, 6), (4, 5)}, 4), (1, 1): ({(3, 5), (2, 6)}, 3), (4, 4): ({(3, 4), (2, 5)}, 2),
          (1, 3): ({(2, 3), (1, 4)}, 1)}  # fmt: skip


def oracle_rank(pips):
    if pips in MAIN:
        return MAIN[pips]
    return 2 if pips in MIDDLE else 1 if pips in LOW else 0


def oracle_shape(cards, rules):
    """(kind, size, strength) or None, from the table above."""
    ps = [PIPS[c] for c in cards]
    if not ps or any(p in HARD for p in ps):
        return None
    if len(ps) == 1 and ps[0] in BLACK:
        return ("black", 1, BLACK[ps[0]])
    if len(ps) == 1 and ps[0] in RED:
        return ("red", 1, RED[ps[0]])
    if all(oracle_rank(p) for p in ps):
        if len(set(ps)) == 1:
            return ("ladder", len(ps), oracle_rank(ps[0]))
        for group in (MIDDLE, LOW):
            if rules.group_alike == "class" and all(p in group for p in ps):
                return ("ladder", len(ps), oracle_rank(ps[0]))
        return None
    for main, (points, strength) in COMBOS.items():
        if all(p == main or p in points for p in ps) and main in ps and any(p in points for p in ps):
            if len(ps) == 2 or rules.combination_size == "any":
                return ("combo", len(ps), strength)
    return None


def oracle_beats(a, b, rules):
    if a is None or b is None or a[1] != b[1]:
        return False
    if a[0] == b[0]:
        return a[2] > b[2]
    return rules.point_beaters == "example" and a[0] == "ladder" and b[0] in ("black", "red") and a[2] >= 2


RULE_SETS = [
    ChuoRules(),
    ChuoRules(point_beaters="example"),
    ChuoRules(group_alike="class"),
    ChuoRules(combination_size="any", group_alike="class", point_beaters="example"),
]
rule_sets = st.sampled_from(RULE_SETS)
faces = st.sampled_from(FACES)
small_plays = st.lists(faces, min_size=1, max_size=3).map(lambda cs: tuple(sorted(cs)))


def as_tuple(s):
    return None if s is None else (s.kind, s.size, s.strength)


@settings(max_examples=400, deadline=None)
@given(small_plays, small_plays, rule_sets)
def test_shape_and_beats_match_the_oracle(a, b, rules):
    mine, theirs = as_tuple(shape(a, rules)), oracle_shape(a, rules)
    assert (mine is None) == (theirs is None)
    assert mine is None or mine[:2] == theirs[:2]  # kind and size; strengths are compared through beats
    sa, sb = shape(a, rules), shape(b, rules)
    if sa is not None and sb is not None:
        assert beats(sa, sb, rules) == oracle_beats(oracle_shape(a, rules), oracle_shape(b, rules), rules)
        assert not (beats(sa, sb, rules) and beats(sb, sa, rules))  # never both ways


def every_sub_multiset(hand):
    return {tuple(sorted(c)) for k in range(1, len(hand) + 1) for c in combinations(hand, k)}


hands = st.lists(faces, min_size=1, max_size=9).filter(lambda h: max(Counter(h).values()) <= 4)


@settings(max_examples=300, deadline=None)
@given(hands, rule_sets)
def test_plays_in_a_hand_are_every_subset_that_makes_a_play(hand, rules):
    listed = list(plays_in(counts_of(hand), rules))
    assert len(listed) == len(set(listed))  # each once
    assert set(listed) == {s for s in every_sub_multiset(hand) if oracle_shape(s, rules) is not None}


@settings(max_examples=300, deadline=None)
@given(hands, small_plays, rule_sets)
def test_beating_plays_are_every_subset_that_beats(hand, target, rules):
    t = shape(target, rules)
    if t is None:
        return
    found = set(beating_plays(counts_of(hand), t, rules))
    expected = {
        s for s in every_sub_multiset(hand) if oracle_beats(oracle_shape(s, rules), oracle_shape(target, rules), rules)
    }
    assert found == expected


# ---------------------------------------------------------------- [002]'s own statements as fixed cases


def sh(text, rules=None):
    return shape(parse_cards(text), rules or ChuoRules())


def b(a, t, rules=None):
    r = rules or ChuoRules()
    return beats(sh(a, r), sh(t, r), r)


def test_the_main_cards_run_heaven_earth_man_harmony():
    order = ["天", "地", "人", "和"]
    for i, hi in enumerate(order):
        for lo in order[i + 1 :]:
            assert b(hi, lo) and not b(lo, hi)


def test_the_four_combinations_rank_and_take_either_point_card():
    ladder = [("天 三六", "天 四五"), ("地 三五", "地 二六"), ("人 三四", "人 二五"), ("和 二三", "和 幺四")]
    for i, pair in enumerate(ladder):
        assert sh(pair[0]).kind == sh(pair[1]).kind == "combo"
        assert not b(pair[0], pair[1]) and not b(pair[1], pair[0])  # one combination, equal
        for lower in ladder[i + 1 :]:
            assert b(pair[0], lower[1])


def test_a_combination_needs_a_main_card_and_beats_only_a_combination_of_its_size():
    assert sh("三六 四五") is None and sh("三五 二六") is None
    assert not b("天 三六", "长三 长三") and not b("天 天", "和 二三")
    assert sh("天 天 三六") is None  # more than two cards: option combination_size
    assert sh("天 天 三六", ChuoRules(combination_size="any")).size == 3
    assert not b("天 天 三六", "和 二三", ChuoRules(combination_size="any"))


def test_the_middle_three_are_equal_beat_the_low_cards_and_fall_to_the_main_cards():
    for m in ("长三", "梅", "长二"):
        for other in ("长三", "梅", "长二"):
            assert not b(m, other)
        for low in ("斧头", "四六", "幺六", "猪猪"):
            assert b(m, low) and not b(low, m)
        for main in ("天", "地", "人", "和"):
            assert b(main, m)
    assert b("和 和", "长三 长三") and not b("和", "长三 长三")  # the same count only
    assert not b("天 三六", "长三 长三")  # not by a combination


def test_the_low_cards_are_equal_and_lowest():
    lows = ("斧头", "四六", "幺六", "猪猪")
    for a in lows:
        for c in lows:
            assert not b(a, c)


def test_hard_cards_are_never_a_play():
    assert sh("二红") is None and sh("丁丁") is None and sh("二红 二红") is None


def test_point_cards_beat_only_their_colour():
    black = ["三六", "三五", "四五"]
    assert b("三六", "三五") and b("三五", "二五") and b("二五", "二三") and not b("三五", "二六")
    assert b("四五", "三四") and b("三四", "幺四")
    assert not b("三六", "四五") and not b("四五", "三六") and not b("三六", "幺四")
    assert [SHORT[f] for f in parse_cards(" ".join(black))] == black


def test_the_example_of_002_is_an_option_against_its_rule():
    """[002] beats a led 二三 with 天 or with 五五, which its rule for point cards forbids."""
    rule, example = ChuoRules(), ChuoRules(point_beaters="example")
    for beater in ("天", "五五"):
        assert not b(beater, "二三", rule)
        assert b(beater, "二三", example)
    assert not b("斧头", "二三", example)  # 幺牌 are below it either way
    assert not b("二三", "天", example)


@pytest.mark.parametrize("text", ["天 地", "长三 斧头", "三六 二三", "天 三五"])
def test_mixed_cards_make_no_play(text):
    assert sh(text) is None
