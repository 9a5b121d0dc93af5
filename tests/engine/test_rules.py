"""Rule sets: every table value as the sources give it, sourcing discipline, options."""

import json

import pytest
from changpai.core.sourced import Sourced
from changpai.core.text import RuleError, Text
from changpai.daer.leshan import leshan_grade
from changpai.daer.luzhou import luzhou_b_grade
from changpai.daer.options import value_of
from changpai.daer.sets import SetKind
from changpai.daer.traditions import PLAY_RULES, RULESETS, get_rules
from changpai.decks.numerals import ALL_KINDS, Card, parse_cards

P, K, Z, F = SetKind.PONG, SetKind.KAN, SetKind.KONG, SetKind.FOUR


def pts(rules, kind, text):
    return get_rules(rules).points_of(kind, parse_cards(text))


# [001] 怎样计算胡子: 碰 9/6/3/1 for red big, red small, black big, black small; 坎 = 碰 + 3 except black
# small 3; 招 = 坎 + 3; 龙 = 招 + 3; 小一二三 3, 大壹贰叁 6, 小二七十 6, 大贰柒拾 9; other sets 0.
LUZHOU_A = {
    P: {"贰": 9, "二": 6, "壹": 3, "一": 1},
    K: {"贰": 12, "二": 9, "壹": 6, "一": 3},
    Z: {"贰": 15, "二": 12, "壹": 9, "一": 6},
    F: {"贰": 18, "二": 15, "壹": 12, "一": 9},
}
# [004] 计胡规则: 碰 as [001]; 坎 乌小 6, 红小 9, 乌大 9, 红大 12; 招 = 坎 + 3; 壠 = 招 + 3.
LUZHOU_B = {
    P: {"柒": 9, "七": 6, "叁": 3, "三": 1},
    K: {"柒": 12, "七": 9, "叁": 9, "三": 6},
    Z: {"柒": 15, "七": 12, "叁": 12, "三": 9},
    F: {"柒": 18, "七": 15, "叁": 15, "三": 12},
}
# [003] 单房牌和数: 对子 1/3, 坎子 3/6, 开成的滚子 6/9, 原手滚子 9/12 (black/red = small/big).
LESHAN = {
    P: {"一": 1, "拾": 3, "二": 1},
    K: {"一": 3, "拾": 6, "二": 3},
    Z: {"一": 6, "拾": 9},
    F: {"一": 9, "拾": 12},
}
# [000] 字牌: 坎 大 6 小 3; 活龙 大 12 小 9; 兑 大 3 (红 6) 小 1 (红 3); 开招 大 9 小 6.
WUCHUAN = {
    P: {"壹": 3, "贰": 6, "一": 1, "二": 3},
    K: {"壹": 6, "贰": 6, "一": 3, "二": 3},
    Z: {"壹": 9, "一": 6},
    F: {"壹": 12, "一": 9},
}


@pytest.mark.parametrize(
    ("name", "table"), [("luzhou-a", LUZHOU_A), ("luzhou-b", LUZHOU_B), ("leshan", LESHAN), ("wuchuan", WUCHUAN)]
)
def test_identical_set_points_match_the_source(name, table):
    for kind, by_card in table.items():
        for card, expected in by_card.items():
            assert pts(name, kind, card * kind.size) == expected, (name, kind, card)


@pytest.mark.parametrize(
    ("name", "cards", "expected"),
    [
        ("luzhou-a", "一二三", 3),
        ("luzhou-a", "壹贰叁", 6),
        ("luzhou-a", "二七十", 6),
        ("luzhou-a", "贰柒拾", 9),
        ("luzhou-a", "二三四", 0),
        ("luzhou-a", "二二贰", 0),
        ("luzhou-b", "贰柒拾", 0),
        ("luzhou-b", "一二三", 0),  # [004] gives none
        ("leshan", "二七十", 3),
        ("leshan", "贰柒拾", 6),
        ("leshan", "一二三", 0),
        ("leshan", "壹贰叁", 0),
        ("wuchuan", "贰柒拾", 6),
        ("wuchuan", "二七十", 3),
        ("wuchuan", "壹贰叁", 6),
        ("wuchuan", "一二三", 3),
        ("wuchuan", "八九十", 0),
        ("wuchuan", "贰贰二", 0),
    ],
)
def test_special_set_points(name, cards, expected):
    from changpai.daer.sets import classify_three

    trio = parse_cards(cards)
    assert get_rules(name).points_of(classify_three(trio), trio) == expected


def test_luzhou_b_option_borrows_luzhou_a_special_points():
    rules = get_rules("luzhou-b", special_sets="luzhou-a")
    assert rules.points_of(SetKind.TWO_SEVEN_TEN, parse_cards("贰柒拾")) == 9
    assert get_rules("luzhou-b").points_of(SetKind.TWO_SEVEN_TEN, parse_cards("贰柒拾")) == 0


def test_pair_scores_nothing_everywhere():
    for rules in RULESETS.values():
        assert rules.points_of(SetKind.PAIR, parse_cards("贰贰")) == 0


def test_colours_belong_to_the_tradition():
    luzhou, leshan = get_rules("luzhou-a"), get_rules("leshan")
    assert [c for c in ALL_KINDS if luzhou.is_red(c)] == parse_cards("二七十贰柒拾")
    assert [c for c in ALL_KINDS if leshan.is_red(c)] == [c for c in ALL_KINDS if c.big]
    assert get_rules("wuchuan").red_scheme.source == "engine"  # [000] does not say: our reading, flagged
    assert leshan.card_classes == ("red-big", "black-small")


def test_minimum_is_ten_and_sourced_everywhere():
    for rules in RULESETS.values():
        # [003]'s 打八张 wins with 1 和; every other rule set needs 10
        assert rules.min_points.value == (1 if rules.name == "leshan-bazhang" else 10)
        assert rules.min_points.source in (*rules.sources, "engine")


def _walk_sourced(value):
    if isinstance(value, Sourced):
        yield value
    elif isinstance(value, dict) or hasattr(value, "items"):
        for v in value.values():
            yield from _walk_sourced(v)
    elif isinstance(value, tuple):
        for v in value:
            yield from _walk_sourced(v)


@pytest.mark.parametrize("name", RULESETS)
def test_every_number_carries_a_source_and_both_languages(name):
    rules = RULESETS[name]
    found = list(_walk_sourced((rules.set_points, rules.special_points, rules.set_names, rules.notes)))
    found += [rules.red_scheme, rules.min_points, rules.other_sets] + [p.value for p in rules.patterns]
    assert len(found) > 20
    for sourced in found:
        assert sourced.source in ("[000]", "[001]", "[003]", "[004]", "engine"), sourced
        assert isinstance(sourced.note, Text) and sourced.note.zh.strip() and sourced.note.en.strip()
        if sourced.source == "engine":  # an engine choice must say why
            assert len(sourced.note.en) > 20


@pytest.mark.parametrize("name", RULESETS)
def test_describe_is_json_and_lists_every_table(name):
    data = get_rules(name).describe()
    json.dumps(data, ensure_ascii=False)
    assert set(data["set_points"]) == {"pong", "kan", "kong", "four"}
    assert data["min_points"]["value"] == get_rules(name).min_points.value
    assert len(data["set_names"]) == len(SetKind)
    assert list(data["options"]) == list(get_rules(name).options)  # the hand's options, as the tradition lists them


def test_unknown_rules_and_options_raise_located_errors():
    with pytest.raises(RuleError) as info:
        get_rules("luzhou")
    assert info.value.where == "rules" and info.value.code == "unknown-rules"
    with pytest.raises(RuleError) as info:
        get_rules("leshan", b_mode="ordinary")  # a luzhou-b option
    assert info.value.where == "options.b_mode"
    with pytest.raises(RuleError) as info:
        get_rules("leshan", kun_pair="maybe")
    assert info.value.code == "bad-option"


def test_options_make_copies_and_leave_the_registry_alone():
    changed = get_rules("luzhou-a").with_options(win_on_pair="kan")
    assert changed.win_on_pair == "kan" and RULESETS["luzhou-a"].win_on_pair == "pong"
    assert changed.set_points is RULESETS["luzhou-a"].set_points


def test_every_option_default_is_a_choice_and_documented():
    for name, rules in RULESETS.items():
        for option in rules.declared:
            assert (
                option.read(option.default.value) == option.default.value == value_of(rules, PLAY_RULES[name], option)
            )
            assert option.why.zh and option.why.en and option.sources


# [003] 和牌总和数: 10–14 小和 = 10; 15–20 中和 = 20; 21–24 大和 = rounded × 2 = 40; 25–30 = 60; over 31 rounded × 4.
@pytest.mark.parametrize(
    ("points", "code", "value"),
    [
        (10, "small", 10),
        (14, "small", 10),
        (15, "middle", 20),
        (20, "middle", 20),
        (21, "big", 40),
        (24, "big", 40),
        (25, "thirty", 60),
        (30, "thirty", 60),
        (31, "tai", 120),
        (34, "tai", 120),
        (35, "tai", 160),
        (46, "tai", 200),
    ],
)
def test_leshan_grades(points, code, value):
    grade = leshan_grade(points, get_rules("leshan"))
    assert (grade.code, grade.value) == (code, value)


def test_leshan_grade_options():
    assert leshan_grade(31, get_rules("leshan", leshan_31="thirty")).value == 60
    chipiao = get_rules("leshan", leshan_grading="chipiao")
    assert [leshan_grade(p, chipiao).value for p in (10, 11, 14, 20, 21)] == [10, 20, 20, 20, 40]
    assert leshan_grade(9, get_rules("leshan")) is None


def test_luzhou_b_grades_follow_the_sources_examples():
    # [004] 计等规则: 10 胡 1 等, 11 胡 2 等, 20 胡也 2 等, 21 胡 3 等.
    assert [luzhou_b_grade(p).value for p in (10, 11, 20, 21, 30, 31)] == [1, 2, 2, 3, 3, 4]


def test_native_names_per_tradition():
    names = {name: {k: r.native_name(k).zh for k in SetKind} for name, r in RULESETS.items()}
    assert names["luzhou-a"][P] == "碰" and names["leshan"][P] == "对子" and names["wuchuan"][P] == "兑"
    assert names["luzhou-a"][F] == "龙" and names["luzhou-b"][F] == "壠" and names["wuchuan"][F] == "活龙"
    assert names["luzhou-a"][Z] == "招" and names["wuchuan"][Z] == "开招"
    assert names["leshan"][SetKind.MIXED] == "半边字" and names["wuchuan"][SetKind.MIXED] == "抱子"
    assert names["leshan"][SetKind.PAIR] == "桩子"
    assert Card(2, True) in parse_cards("贰")


def test_option_sources_cover_every_source_its_reason_cites():
    # b_27 compares with Wuchuan's big win at 27 hu, so [000] is among its sources.
    import re

    # Hand and play options alike: a reason that weighs a source (even to say it is silent) lists it.
    for option in (o for rules in RULESETS.values() for o in rules.declared):
        cited = set(re.findall(r"\[00\d\]", option.why.zh + option.why.en))
        assert cited <= set(option.sources), (option.name, cited - set(option.sources))


def test_luzhou_b_zero_for_other_sets_is_marked_as_the_engines_reading():
    # [004]'s 计胡规则 lists 碰/坎/招/壠 only; that runs and mixed sets score 0 there is our reading of its silence.
    other = get_rules("luzhou-b").other_sets
    assert other.value == 0 and other.source == "engine" and "[004]" in other.note.en
    assert get_rules("luzhou-a").other_sets.source == "[001]"  # [001] says it: 其它列牌无胡子
