"""红点点 cards and hands (changpai.hongdiandian): the pairings and points of [000], the split search against a
brute-force oracle, the classes and 层 of both rule sets, and bad input."""

from __future__ import annotations

from collections import Counter

import pytest
from changpai.core.text import ChangpaiError
from changpai.decks.dominoes import DUAL_PAIRING, domino_red_pips
from changpai.decks.numerals import ALL_KINDS, DECK, Card, parse_cards
from changpai.hongdiandian.cards import POINTS, is_jue, pairs_with, points
from changpai.hongdiandian.hand import score, waits
from changpai.hongdiandian.rules import HUADA, SICHENG, get_rules
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

# The pairings of [000], written out independently of the engine's tables: (a, b) unordered, twins aside.
CROSS = {frozenset(p) for p in ("拾玖", "拾九", "捌八", "捌六", "柒七", "柒五", "陆贰", "陆四", "十三")}
JUE = set("一二壹叁肆伍")


def oracle_pairs(a: Card, b: Card, dae_jue: bool = False) -> bool:
    if a == b:
        return True
    pair = frozenset((a.chinese(), b.chinese()))
    return pair in CROSS and not (dae_jue and "贰" in pair)


def test_points_are_the_red_pips_with_all_red_cards_doubled():
    # [000]'s figures, checked against the domino reading: an all-red face counts its pips twice.
    by_card = {p.card: p.domino for p in DUAL_PAIRING}
    for card in ALL_KINDS:
        domino = by_card.get(card)
        if domino is None:
            assert points(card) == 0, card
            continue
        red = domino_red_pips(*domino)
        all_red = all(n in (1, 4) for n in domino)
        assert points(card) == (2 * red if all_red else red), card
    assert sum(POINTS) == 54  # 6+4+4+16+4+1+10+1+4+4, [000]


def test_pairings_and_jue_cards_as_the_source_lists_them():
    for a in ALL_KINDS:
        for b in ALL_KINDS:
            for dae_jue in (False, True):
                assert pairs_with(a, b, dae_jue=dae_jue) == oracle_pairs(a, b, dae_jue), (a, b)
    assert {c.chinese() for c in ALL_KINDS if is_jue(c)} == JUE
    assert {c.chinese() for c in ALL_KINDS if is_jue(c, dae_jue=True)} == JUE | {"贰"}
    assert not pairs_with(Card.parse("玖"), Card.parse("九"))  # 大玖 never with 小九
    assert not pairs_with(Card.parse("八"), Card.parse("六"))
    assert not pairs_with(Card.parse("贰"), Card.parse("四"))


def oracle_splits(cards: list[Card], double_kan: bool = True) -> set[bool]:
    """Every split by exhaustive search; the answer is the set of 'every unit pointed' values reached."""
    found: set[bool] = set()

    def pointed(unit: list[Card]) -> bool:
        if len(unit) == 6:
            return points(unit[0]) > 0 and points(unit[3]) > 0
        return any(points(c) > 0 for c in unit)

    def go(rest: list[Card], all_pointed: bool) -> None:
        if not rest:
            found.add(all_pointed)
            return
        first, others = rest[0], rest[1:]
        for k, other in enumerate(others):
            if oracle_pairs(first, other) and other not in others[:k]:
                go(others[:k] + others[k + 1 :], all_pointed and pointed([first, other]))
        if double_kan and others.count(first) >= 2:
            after = list(others)
            after.remove(first)
            after.remove(first)
            for kind in sorted(set(after)):
                if kind != first and after.count(kind) >= 3:
                    left = list(after)
                    for _ in range(3):
                        left.remove(kind)
                    go(left, all_pointed and pointed([first] * 3 + [kind] * 3))

    go(sorted(cards), True)
    return found


hands16 = st.permutations(list(DECK)).map(lambda deck: deck[:16])
# Hands with many pairs: built from random pairs of the pairing list (most random hands do not hold at all).
pair_list = [(a, b) for a in ALL_KINDS for b in ALL_KINDS if a <= b and oracle_pairs(a, b)]


@st.composite
def paired_hands(draw: st.DrawFn) -> list[Card]:
    cards: list[Card] = []
    for index in draw(st.lists(st.integers(0, len(pair_list) - 1), min_size=8, max_size=8)):
        a, b = pair_list[index]
        while Counter([*cards, a, b])[a] > 4 or Counter([*cards, a, b])[b] > 4:  # too many copies: the next pair
            index = (index + 1) % len(pair_list)
            a, b = pair_list[index]
        cards += [a, b]
    if draw(st.booleans()):  # spoil one card now and then
        cards[draw(st.integers(0, 15))] = draw(st.sampled_from(ALL_KINDS))
        if max(Counter(cards).values()) > 4:
            cards = cards[:15] + [cards[0]] if Counter(cards)[cards[0]] < 4 else cards
    return cards


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.large_base_example, HealthCheck.too_slow])
@given(st.one_of(hands16, paired_hands()))
def test_split_search_agrees_with_exhaustive_search(cards):
    if max(Counter(cards).values()) > 4 or len(cards) != 16:
        return
    expected = oracle_splits(cards)
    result = score("".join(c.chinese() for c in cards), rules=HUADA)
    assert result.holds == bool(expected)
    assert result.hua == (True in expected)
    assert result.points == sum(points(c) for c in cards)  # points conservation: the split never changes them
    if result.holds:
        assert sorted(c for u in result.split for c in u.cards) == sorted(cards)
        assert all(oracle_pairs(u.cards[0], u.cards[1]) for u in result.split if u.kind == "pair")


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.large_base_example, HealthCheck.too_slow])
@given(paired_hands(), st.randoms(use_true_random=False))
def test_order_of_the_input_never_changes_the_answer(cards, rnd):
    if max(Counter(cards).values()) > 4:
        return
    shuffled = list(cards)
    rnd.shuffle(shuffled)
    a = score("".join(c.chinese() for c in cards), rules=SICHENG).as_dict()
    b = score("".join(c.chinese() for c in shuffled), rules=SICHENG).as_dict()
    assert {k: a[k] for k in ("points", "win", "class", "layers", "holds")} == {
        k: b[k] for k in ("points", "win", "class", "layers", "holds")
    }


# [000]'s thresholds, one hand each: (hand, 老四层 class and 层, 花大 class and 层). Totals in the comments.
CASES = [
    ("柒五 壹壹 捌八 捌六 一一 二二 四四 九九", ("exact32", 2), ("exact32", 2)),  # 32
    ("柒五 壹壹 捌八 捌六 三三 一一 二二 四四", ("xiaohu", 1), ("xiaohu", 1)),  # 40
    ("柒五柒五柒五 壹壹 捌八 捌六 一一 二二", ("exact64", 3), ("exact64", 3)),  # 64
    ("柒五柒五柒五 贰贰 捌八 一一 二二 四四", ("honglongzi", 2), ("honglongzi", 2)),  # 72
    ("柒五柒五柒五 贰贰 壹壹 捌八 捌六 一一", ("exact84", 4), ("exact84", 4)),  # 84
    ("柒五柒五柒五 贰贰 壹壹 三三 拾九 一一", ("tailongzi", 3), ("tailongzi", 3)),  # 90
    ("柒柒 一一 二二 四四 五五 六六 八八 九九", ("badui", 4), ("badui", 4)),  # 32, all twins
    ("陆四 一一 二二 五五 六六 八八 九九 四四", ("heilongzi", 3), ("heiyidian", 4)),  # 1
    ("捌八 捌六 十十 一一 二二 四四 五五 九九", ("heilongzi", 3), ("heishidian", 4)),  # 10
    ("捌八 陆四 十十 一一 二二 五五 六六 九九", ("heilongzi", 3), ("heilongzi", 3)),  # 7
    ("一一一 二二二 四四 五五 六六 八八 九九", ("heilongzi", 3), ("wulongzi", 4)),  # 0, two 坎 side by side
    ("拾九拾九 捌八捌六 陆四陆四 十三 壹壹", ("xiaohu", 1), ("hualongzi", 3)),  # 35, every pair pointed
    ("陆四陆四陆四陆四 十三十三 十十 捌八", (None, 0), ("hualongzi", 3)),  # 20: 花 needs no minimum
    ("柒五 柒七 拾九 拾九 捌八 陆陆 十三 十三", ("exact64", 3), ("huada", 4)),  # 64 and 花 (hua_at_64)
    ("拾玖 拾九 柒七 柒五 捌八 陆贰 十三 壹壹", ("honglongzi", 2), ("huada", 4)),  # 80
]


@pytest.mark.parametrize("hand, sicheng, huada", CASES)
def test_the_classes_of_both_rule_sets(hand, sicheng, huada):
    for rules, (key, layers) in ((SICHENG, sicheng), (HUADA, huada)):
        result = score(hand, rules=rules)
        assert result.holds
        assert (result.cls.key if result.cls else None, result.layers) == (key, layers), (rules, result.points)


def test_options_move_the_gaps():
    hand = "柒五 柒七 拾九 拾九 捌八 陆陆 十三 十三"
    assert score(hand, rules=get_rules(HUADA, {"hua_at_64": "hualongzi"})).cls.key == "exact64"  # 3 层 either way
    assert score("柒五 壹壹 捌八 捌六 三三 一一 二二 四四", rules=get_rules(SICHENG, {"xiaohu_layers": 2})).layers == 2
    assert not score("柒五 壹壹 捌八 捌六 三三 一一 二二 四四", rules=get_rules(HUADA, {"huada_other": "none"})).win
    assert not score(
        "一一一 二二二 四四 五五 六六 八八 九九", rules=get_rules(SICHENG, {"double_kan": "pairing"})
    ).holds
    assert not score("陆贰 一一 二二 四四 五五 六六 八八 九九", rules=get_rules(SICHENG, {"dae_reading": "jue"})).holds
    assert score("陆贰 一一 二二 四四 五五 六六 八八 九九", rules=SICHENG).holds
    tianhu = score("捌八 捌六 壹壹 陆四 十十 一一 二二 五五", rules=HUADA, special="tianhu")  # 19 points
    assert (tianhu.cls.key, tianhu.layers) == ("tianhu", 3)
    dihu = score("捌八 捌六 壹壹 陆四 十十 一一 二二 五五", rules=HUADA, special="dihu")  # no minimum for 地胡
    assert (dihu.cls.key, dihu.layers) == ("dihu", 2)


def test_a_kan_laid_alone_needs_a_held_kan_beside_it():
    table = [{"set": "kan", "cards": "二二二"}]
    result = score("一一一 四四 五五 六六 八八 九九", table, rules=HUADA)
    assert result.win and result.cls.key == "wulongzi" and result.split[0].kind == "kan"
    assert not score("一一 四四 五五 六六 八八 九九 叁", table, rules=HUADA).holds


def test_waits_lists_the_cards_that_complete_the_pairs():
    found = {w.card.chinese(): w for w in waits("拾玖 拾九 柒七 柒五 捌八 陆贰 十三 壹", rules=SICHENG)}
    assert set(found) == {"壹"} and found["壹"].points == 80 and found["壹"].left == 3


@pytest.mark.parametrize(
    "hand, table, code, where",
    [
        ("柒五柒五 一一 二二 四四 六六 八八 九", [], "card-count", "hand"),  # 15 cards
        ("柒五柒五 一一 二二 四四 六六 八八", [{"set": "pair", "cards": "一二"}], "bad-pair", "table[0]"),
        ("一一一一一 二二二 三三三 四四四 五五", [], "too-many-copies", "hand"),  # a fifth copy
        ("柒五柒五 一一 二二 四四 六六 八八 九X", [], "bad-card", "hand"),
        ("柒五柒五 一一 二二 四四 六六", [{"set": "four", "cards": "八八八"}], "bad-set", "table[0]"),
        ("柒五柒五 一一 二二 四四 六六 八八 九", [{"set": "ring", "cards": "九"}], "bad-set", "table[0]"),
    ],
)
def test_bad_hands_answer_located_bilingual_errors(hand, table, code, where):
    with pytest.raises(ChangpaiError) as caught:
        score(hand, table, rules=SICHENG)
    error = caught.value
    assert error.code == code and error.where == where
    assert error.text.zh and error.text.en and error.text.zh != error.text.en


def test_a_table_pair_and_a_held_split_make_the_hand():
    result = score("柒 一一 二二 四四 六六 八八 九九", [{"set": "pair", "cards": "柒七"}], rules=SICHENG, win_card="五")
    assert result.cards == 16 and result.points == 36 and result.win
    assert sorted(parse_cards("柒七")) == list(result.table[0].cards)
