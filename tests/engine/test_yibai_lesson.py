"""一百's lesson questions (``daer.wuchuan_yibai_lesson``, the ``lesson`` command): each answer is the number [000]
gives for 一百, checked here against those numbers written out by hand, and bad positions are refused where they are
wrong, in both languages."""

from __future__ import annotations

import pytest
from changpai import api, lessons
from changpai.daer.wuchuan_yibai_lesson import LESSON, MAKES
from changpai.decks.numerals import ALL_KINDS
from hypothesis import given
from hypothesis import strategies as st

RED = set("二七十贰柒拾")  # the red cards of 字牌 (as the engine counts them)


def _ask(ask: str, position: dict, options: dict | None = None) -> dict:
    request = {"command": "lesson", "rules": "wuchuan-yibai", "ask": ask, "position": position}
    if options:
        request["options"] = options
    return api.handle(request)


@pytest.mark.parametrize("card", [str(c) for c in ALL_KINDS])
def test_what_is_made_scores_the_numbers_of_the_source(card: str):
    big = card in "壹贰叁肆伍陆柒捌玖拾"
    red = card in RED
    # [000]: dui big 3 (red 6), small 1 (red 3); 开招 big 9 small 6; 机牌 big 9 small 6; a kan big 6 small 3
    want = {
        "dui": (6 if red else 3) if big else (3 if red else 1),
        "kaizhao": 9 if big else 6,
        "ji": 9 if big else 6,
        "steal-kan": 6 if big else 3,
        "steal-long": 12 if big else 9,
    }
    for make in MAKES:
        answer = _ask("made", {"make": make, "card": card})
        assert answer["value"] == want[make], (make, card, answer)
        assert answer["form"] == "number" and "[000]" in answer["lines"][0]["zh"]


def test_a_four_on_a_kan_scores_only_what_it_adds_under_that_option():
    full = _ask("made", {"make": "kaizhao", "card": "陆"})["value"]
    rise = _ask("made", {"make": "kaizhao", "card": "陆"}, {"yibai_four_on_kan": "difference"})["value"]
    assert (full, rise) == (9, 3)


@given(st.lists(st.sampled_from([str(c) for c in ALL_KINDS]), min_size=1, max_size=21))
def test_the_pick_up_scores_every_three_and_four_alike(cards: list[str]):
    counts = {c: cards.count(c) for c in set(cards)}
    if any(n > 4 for n in counts.values()):
        return
    want = 0
    for card, n in counts.items():  # a brute count: 坎 big 6 small 3, 活龙 big 12 small 9
        big = card in "壹贰叁肆伍陆柒捌玖拾"
        if n == 3:
            want += 6 if big else 3
        elif n == 4:
            want += 12 if big else 9
    assert LESSON.answer("pickup", {"hand": "".join(cards)}).value == want


@pytest.mark.parametrize(
    ("hand", "card", "hu", "factor"),
    [
        ("壹壹壹贰贰贰叁叁叁一二三四五六肆伍陆七八", "九", 21, 1),  # 21 hu: a 台胡 in 字牌, small in 一百 (< 24)
        ("壹壹壹贰贰贰叁叁叁一二三二七十四五六肆伍", "陆", 24, 2),  # 台胡 at 24: middle, doubled
        ("壹壹壹叁叁叁一一一九九九三四五肆伍陆四五", "六", 18, 8),  # 黑胡: big, 翻三番 read as × 8
    ],
)
def test_a_win_scores_its_hu_times_its_class(hand: str, card: str, hu: int, factor: int):
    answer = _ask("zi", {"hand": hand, "win_card": card, "from": "discard"})
    assert answer["value"] == hu * factor
    assert f"{hu} 胡" in answer["lines"][0]["zh"]
    score = api.handle({"command": "score", "rules": "wuchuan-yibai", "hand": hand, "win_card": card})
    assert score["points"] == hu  # the hu are the score command's own
    if factor == 8:
        three = _ask("zi", {"hand": hand, "win_card": card}, {"yibai_big_factor": "3"})
        assert three["value"] == hu * 3


@pytest.mark.parametrize(("before", "left"), [(48, 2), (2, 2), (1, 1), (0, 0)])
def test_chao_keeps_two_and_raises_the_target(before: int, left: int):
    answer = _ask("chao", {"points": before})
    assert answer["value"] == left and "120" in answer["shown"]["zh"] and "120" in answer["shown"]["en"]


@pytest.mark.parametrize(
    ("ask", "position", "where"),
    [
        ("made", {"make": "peng", "card": "三"}, "position.make"),
        ("made", {"make": "dui", "card": "三四"}, "position.card"),
        ("pickup", {}, "position.hand"),
        ("chao", {"points": -3}, "position.points"),
        ("zi", {"hand": "一一三三五五七七九九壹壹叁叁伍伍柒柒玖玖", "win_card": "二"}, "position"),
        ("zi", {"hand": "一二三四五六七八九十壹贰叁肆伍陆柒捌玖", "win_card": "拾"}, "position.hand"),
        ("zi", {"hand": "一二三四五六七八九十壹贰叁肆伍陆柒捌玖拾", "win_card": "X"}, "position.win_card"),
        ("nope", {}, "ask"),
    ],
)
def test_a_bad_position_is_refused_where_it_is_wrong_in_both_languages(ask: str, position: dict, where: str):
    error = _ask(ask, position)["error"]
    assert error["where"] == where, error
    assert error["zh"] and error["en"] and error["zh"] != error["en"]


def test_the_lessons_know_yibais_asks_and_no_other_da_er_rule_set_has_them():
    assert set(lessons.asks("wuchuan-yibai")) == {"pickup", "made", "zi", "chao"}
    assert lessons.asks("wuchuan") == {} and lessons.asks("luzhou-a") == {}
    assert "error" in api.handle({"command": "lesson", "rules": "wuchuan", "ask": "made", "position": {}})
