"""Hand analysis: the sources' rules as fixed cases, and property tests against the brute-force oracle."""

import random
import sys

import oracle
import pytest
from changpai.core.text import CardError, HandError
from changpai.daer.analysis import analyse, waits, win_points
from changpai.daer.samples import random_ready_hand
from changpai.daer.sets import Meld, SetKind
from changpai.daer.split import NO_SPLIT
from changpai.daer.traditions import RULESETS, get_rules
from changpai.decks.numerals import ALL_KINDS, DECK, format_cards, parse_cards
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

# the rule sets of 20-card hands (Leshan's short deals have their own tests: test_leshan_dajuan_short)
RULE_NAMES = [name for name, r in RULESETS.items() if r.sets_in_win == 7]
# The property tests also cover option variants that change points (the oracle reads the same options).
RULE_CHOICES = [
    *RULE_NAMES,
    get_rules("luzhou-a", win_on_pair="kan"),
    get_rules("leshan", win_on_pair="kan"),
    get_rules("luzhou-b", special_sets="luzhou-a"),
]
PROPERTY = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# Twenty random cards against the brute-force oracle: about 3 s an example inside Pyodide (100 s for 30 there, a third
# of the Pyodide step), so 10 there; CPython keeps 30. Pyodide runs the same engine code: it checks that it answers the
# same, not the rules again.
ORACLE_PROPERTY = settings(PROPERTY, max_examples=30 if sys.platform != "emscripten" else 10)


def codes(result):
    return [hit.code for hit in result.patterns]


# ----------------------------------------------------------------------------- fixed cases


def test_points_add_up_by_luzhou_a_table():
    # 贰贰贰 坎 12 + 七七七 坎 9 + 一二三 3 + 九九+九 碰 1 (runs 0) [001]
    result = analyse("贰贰贰 七七七 一二三 四五六 捌玖拾 肆伍陆 九九", [], "luzhou-a", win_card="九")
    assert result.win and result.points == 25
    assert [(s.meld.text(), s.points) for s in result.sets if s.points] == [
        ("一二三", 3),
        ("七七七", 9),
        ("九九九", 1),
        ("贰贰贰", 12),
    ]
    kinds = {s.meld.text(): s.meld.kind for s in result.sets}
    assert kinds["九九九"] is SetKind.PONG and kinds["贰贰贰"] is SetKind.KAN
    assert codes(result) == []  # 8 red cards (贰贰贰 七七七 二 拾): no 红; 0-point runs: no 坤


def test_win_on_a_held_pair_option():
    hand = "贰贰贰 七七七 一二三 四五六 捌玖拾 肆伍陆 九九"
    as_kan = analyse(hand, [], get_rules("luzhou-a", win_on_pair="kan"), win_card="九")
    assert as_kan.points == 25 - 1 + 3  # 九九九 counts as a 坎 (3) instead of a 碰 (1)


def test_held_triple_is_never_split():
    # Split, 三三三 would give 一二三 二三四 三四五(+五); held, the rest cannot be placed: no win.
    hand = "一 二二 三三三 四四 贰柒拾 壹贰叁 肆伍陆 六七八"
    result = analyse(hand, [], "luzhou-a", win_card="五")
    assert not result.win and result.reason.code == "no-split"
    assert oracle.best_points(parse_cards(hand), [], "luzhou-a", parse_cards("五")[0]) is None
    assert all(w.card != parse_cards("五")[0] for w in waits(hand, [], "luzhou-a"))


def test_best_split_not_first_split():
    # 二二贰 七七柒 十十拾 as three mixed sets is 0 points; as 二七十 二七十 贰柒拾 it is 6 + 6 + 9.
    result = analyse("二二贰 七七柒 十十拾 四五六 肆伍陆 三四五 八八", [], "luzhou-a", win_card="八")
    assert result.points == 22 and result.win
    assert sorted(s.meld.text() for s in result.sets if s.meld.kind is SetKind.TWO_SEVEN_TEN) == [
        "二七十",
        "二七十",
        "贰柒拾",
    ]
    assert result.splits >= 2


def test_black_pattern_luzhou_a():
    result = analyse("一一一 三四五 六六六 八八八 肆伍陆 捌捌捌 玖玖", [], "luzhou-a", win_card="玖")
    assert result.points == 3 + 3 + 3 + 6 + 3 and codes(result) == ["black"]
    assert result.patterns[0].value == 3  # 黑加三翻 [001]


def test_luzhou_b_named_patterns_and_grade():
    advanced = get_rules("luzhou-b", b_mode="advanced")  # the 名堂 table (the default is ordinary grading)
    result = analyse("一一一 三四五 六六六 八八八 肆伍陆 捌捌捌 玖玖", [], advanced, win_card="玖")
    assert result.points == 6 + 6 + 6 + 9 + 3  # [004] 坎: 乌小 6, 乌大 9
    assert codes(result) == ["black-win", "round-ten", "clear"]
    assert result.grade.value == 3


def test_luzhou_b_plain_win_is_two_or_four_fan():
    # Two red cards in two sets, a 1-2-3, held triples: no 名堂 applies, so 平胡 (2 番, 4 番 at 27) [004].
    hand = "一二三 四五六 七八九 三四五 叁叁 伍伍伍 壹壹壹"
    result = analyse(hand, [], get_rules("luzhou-b", b_mode="advanced"), win_card="叁")
    assert codes(result) == ["plain"] and result.patterns[0].value == 2
    assert result.points == 3 + 9 + 9


def test_red_and_kun_luzhou_a():
    # 10+ red cards, and every set scores: 红 and 坤 [001]
    hand = "二二二 七七七 贰柒拾 四四四 壹壹壹 叁叁叁 十十"
    result = analyse(hand, [], "luzhou-a", win_card="十")
    assert result.win and result.points == 9 + 9 + 9 + 3 + 6 + 6 + 6
    assert set(codes(result)) == {"red", "kun"}


def test_kong_made_by_the_winning_card_needs_a_pair():
    hand = "三三三 贰柒拾 壹贰叁 四五六 七八九 一一 捌玖拾"
    found = {str(w.card): w.points for w in waits(hand, [], "luzhou-a")}
    assert found["三"] == 6 + 9 + 6  # 招 三 (坎 + 3) with 一一 as the pair
    assert found["一"] == 1 + 3 + 9 + 6  # 一一一 碰, 三三三 stays a 坎
    result = analyse(hand, [], "luzhou-a", win_card="三")
    kong = [s for s in result.sets if s.meld.kind is SetKind.KONG]
    assert kong and kong[0].origin == "win" and "kong-or-four" in codes(result)


def test_bakuai_card_count_two_fours():
    # [001] 八块: 龙了小二，再招小三 — two four-card sets, no discard: the waiting hand holds 21 cards.
    table = [Meld.of("four", "二二二二"), Meld.of("kong", "三三三三")]
    hand = "四五六 七八九 壹贰叁 伍伍伍 九"
    found = {str(w.card): w.points for w in waits(hand, table, "luzhou-a")}
    assert found == {"六": 33, "九": 33}
    with pytest.raises(HandError) as info:
        waits("四五六 七八九 壹贰叁 伍伍伍", table, "luzhou-a")
    assert info.value.code == "card-count"


@pytest.mark.parametrize(("fours", "cards"), [(0, 21), (1, 21), (2, 22), (3, 23)])
def test_card_count_at_a_win(fours, cards):
    # digest §2: 20 + max(1, k) cards at a win, one pair exactly when k >= 1.
    table = [Meld.of("four", k * 4) for k in "二三四"[:fours]]
    rest = cards - 4 * fours
    sets = ["五六七", "八九十", "壹贰叁", "肆伍陆", "柒捌玖", "一一一", "拾拾拾"]
    hand = "".join(sets[: (rest - (2 if fours else 0)) // 3]) + ("拾拾" if fours else "")
    result = analyse(hand, table, "luzhou-a")
    assert result.win and len(result.sets) == 7
    assert sum(1 for s in result.sets if s.meld.kind is SetKind.PAIR) == (1 if fours else 0)


def test_leshan_piao_and_grade():
    table = [Meld.of("pong", "叁叁叁"), Meld.of("pong", "肆肆肆"), Meld.of("eat", "贰柒拾")]
    result = analyse("一二三 四五六 七八九 伍伍", table, "leshan", win_card="伍")
    assert result.points == 3 + 3 + 6 + 3 and codes(result) == ["piao"]
    assert (result.grade.code, result.grade.value) == ("middle", 20)


def test_leshan_piao_refused_with_a_held_two_seven_ten():
    # 拆开龙灯报瞟和 is a violation [003]: a hand holding 二七十 never shows 瞟和.
    table = [Meld.of("pong", "叁叁叁"), Meld.of("pong", "肆肆肆"), Meld.of("eat", "贰柒拾")]
    result = analyse("二七十 四五六 七八九 伍伍", table, "leshan", win_card="伍")
    assert result.win and "piao" not in codes(result)


def test_leshan_kun_and_the_31_question():
    hand = "贰柒拾 二七十 壹壹壹 三三三 叁叁叁 肆肆肆 五五"
    result = analyse(hand, [], "leshan", win_card="五")
    assert result.points == 6 + 3 + 6 + 3 + 6 + 6 + 1 == 31
    assert codes(result) == ["kun"] and result.grade.value == 120
    assert analyse(hand, [], get_rules("leshan", leshan_31="thirty"), win_card="五").grade.value == 60


def test_leshan_kun_pair_option():
    table = [Meld.of("four", "捌捌捌捌")]
    hand = "壹壹壹 贰柒拾 叁叁叁 肆肆肆 二七十 五"  # every set scores except the pair 桩子 (五五)
    default = analyse(hand, table, "leshan", win_card="五")
    assert default.win and default.points == 12 + 6 + 6 + 6 + 6 + 3
    assert "kun" not in codes(default)  # [003]'s wording: the pair is a set too
    lenient = analyse(hand, table, get_rules("leshan", kun_pair="excluded"), win_card="五")
    assert "kun" in codes(lenient)


def test_wuchuan_classes():
    small = analyse("三三三 四五六 六七八 肆伍陆 柒捌玖 壹贰叁 九九", [], "wuchuan", win_card="九")
    assert small.points == 3 + 6 + 1 and small.win_class == "small"
    black = analyse("三三三 一一一 捌捌捌 四五六 肆伍陆 叁肆伍 九九", [], "wuchuan", win_card="九")
    assert black.win_class == "big" and "big-black" in codes(black)
    table = [Meld.of("eat", "二七十"), Meld.of("eat", "贰柒拾"), Meld.of("pong", "七七七")]
    unnamed = analyse("一二三 四五六 肆伍陆 八八", table, "wuchuan", win_card="八")
    assert unnamed.win and unnamed.win_class is None
    assert "no-win-class" in [r.code for r in unnamed.reasons]


def test_below_minimum_is_not_a_win_but_keeps_the_split():
    result = analyse("一二三 四五六 七八九 肆伍陆 柒捌玖 三四五 六六", [], "leshan", win_card="六")
    # 六六 and the 六 of 四五六 are a held 坎 (3); the winning 六 makes 四五六 again: 3 points in all.
    assert not result.win and result.reason.code == "below-minimum" and result.points == 3
    assert len(result.sets) == 7


def test_complete_hand_without_win_card():
    result = analyse("贰贰贰 七七七 一二三 四五六 捌玖拾 肆伍陆 九九九", [], "luzhou-a")
    assert result.win and result.points == 12 + 9 + 3 + 3


def test_errors_name_the_field():
    with pytest.raises(CardError) as info:
        analyse("一二三", [], "luzhou-a", win_card="x")
    assert info.value.where == "win_card"
    with pytest.raises(HandError) as info:
        analyse("一二三", [], "luzhou-a", win_card="四")
    assert info.value.code == "card-count" and "20" in info.value.text.en
    with pytest.raises(CardError) as info:
        waits("贰贰贰贰 " + "一二三" * 5 + "五", [{"set": "eat", "cards": "贰柒拾"}], "luzhou-a")
    assert info.value.code == "too-many-copies" and "贰" in info.value.text.zh
    with pytest.raises(HandError) as info:
        analyse("一二三" * 6 + "四四", [], "luzhou-a", win_card="四", source="stolen")
    assert info.value.where == "from"


def test_wait_left_counts_seen_copies():
    hand = "三三三 贰柒拾 壹贰叁 四五六 七八九 一一 捌玖拾"
    plain = {str(w.card): w.left for w in waits(hand, [], "luzhou-a")}
    assert plain["三"] == 1 and plain["一"] == 2
    seen = {str(w.card): w.left for w in waits(hand, [], "luzhou-a", seen="三 一一")}
    assert seen["三"] == 0 and seen["一"] == 0


# ----------------------------------------------------------------------------- properties vs the oracle

seeds = st.integers(min_value=0, max_value=2**32 - 1)


def ready_hand(seed, table_share=0.3):
    return random_ready_hand(random.Random(seed), table_share=table_share)


@PROPERTY
@given(seeds, st.sampled_from(RULE_CHOICES))
def test_waits_match_the_oracle(seed, name):
    hand, table = ready_hand(seed)
    engine = {w.card: w.points for w in waits(hand, table, name)}
    assert engine == oracle.waits(hand, table, name)


@PROPERTY
@given(seeds, st.sampled_from(RULE_CHOICES), st.sampled_from(ALL_KINDS))
def test_best_points_match_the_oracle(seed, name, win_card):
    hand, table = ready_hand(seed)
    own = hand + [c for m in table for c in m.cards]
    if own.count(win_card) >= 4:
        return
    expected = oracle.best_points(hand, table, name, win_card)
    result = analyse(hand, table, name, win_card=win_card)
    if expected is None:
        assert result.reason.code == "no-split" and not result.win
    else:
        assert result.points == expected
        assert result.win == (expected >= 10)


@PROPERTY
@given(seeds, st.sampled_from(RULE_CHOICES), st.sampled_from(ALL_KINDS), st.booleans())
def test_win_points_are_the_points_of_the_analysis(seed, name, win_card, swap):
    """``win_points`` (the deal's quick test before the analysis) answers what ``analyse`` does: its points, no
    split where it finds none, and the same refusal of a fifth copy."""
    hand, table = ready_hand(seed)
    if swap:  # a hand that is not ready (one card changed), so that no split is common too
        hand = [*hand[1:], random.Random(seed).choice([c for c in ALL_KINDS if c != hand[0]])]
    rules = get_rules(name) if isinstance(name, str) else name
    try:
        result = analyse(hand, table, rules, win_card=win_card)
    except (CardError, HandError) as error:
        with pytest.raises(type(error)):
            win_points(hand, table, rules, win_card)
        return
    points = win_points(hand, table, rules, win_card)
    assert points == (result.points if result.reason.code != "no-split" else NO_SPLIT)


@ORACLE_PROPERTY
@given(seeds, st.sampled_from(RULE_CHOICES))
@example(11847, "luzhou-a")  # 壹×4 and 六×4: two held fours, so 20 cards is one short
def test_random_twenty_cards_match_the_oracle(seed, name):
    rng = random.Random(seed)
    hand = rng.sample(DECK, 20)
    if sum(hand.count(card) == 4 for card in set(hand)) >= 2:
        # Two held fours each add a card: a waiting hand then has 21, so 20 is refused by the count rule.
        with pytest.raises(HandError):
            waits(hand, [], name)
        return
    assert {w.card: w.points for w in waits(hand, [], name)} == oracle.waits(hand, [], name)


@PROPERTY
@given(seeds, st.sampled_from(RULE_CHOICES), st.randoms(use_true_random=False))
def test_order_and_notation_do_not_matter(seed, name, shuffler):
    hand, table = ready_hand(seed)
    found = waits(hand, table, name)
    if not found:
        return
    win_card = found[0].card
    first = analyse(hand, table, name, win_card=win_card).as_dict()
    shuffled = hand[:]
    shuffler.shuffle(shuffled)
    table_shuffled = table[:]
    shuffler.shuffle(table_shuffled)
    ascii_hand = format_cards(shuffled, script="ascii")
    again = analyse(ascii_hand, table_shuffled, name, win_card=win_card.ascii()).as_dict()
    assert again == first
    assert waits(format_cards(shuffled, script="traditional"), table_shuffled, name) == found


@PROPERTY
@given(seeds, st.sampled_from(RULE_CHOICES))
def test_held_sets_are_never_split(seed, name):
    hand, table = ready_hand(seed, table_share=0.1)
    for wait in waits(hand, table, name):
        result = analyse(hand, table, name, win_card=wait.card)
        for card in set(hand):
            if hand.count(card) >= 3:
                homes = [
                    s
                    for s in result.sets
                    if s.origin != "table"
                    and card in s.meld.cards
                    and s.meld.kind in (SetKind.KAN, SetKind.FOUR, SetKind.KONG)
                ]
                assert len(homes) == 1, (card, result.sets)
                assert hand.count(card) <= len(homes[0].meld.cards)


@PROPERTY
@given(seeds, st.sampled_from(RULE_CHOICES))
def test_explanation_adds_up(seed, name):
    hand, table = ready_hand(seed)
    for wait in waits(hand, table, name):
        result = analyse(hand, table, name, win_card=wait.card)
        assert result.points == wait.points == sum(s.points for s in result.sets)
        rules = get_rules(name)
        for s in result.sets:
            assert s.points == rules.points_of(s.meld.kind, s.meld.cards)
            assert s.name == rules.native_name(s.meld.kind)
        assert sum(len(s.meld.cards) for s in result.sets) == len(hand) + sum(len(m.cards) for m in table) + 1
