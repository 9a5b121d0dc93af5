"""The games' lesson questions (changpai.lessons, hongdiandian.lesson, chuopai.lesson): each answer agrees with the
game itself — a trick's taker with the deal that plays it, pairs with the pairing table read both ways, the count
with [002]'s rule — and the sources' own statements as fixed cases; bad positions answer located errors."""

from __future__ import annotations

import random

import pytest
from changpai import lessons
from changpai.api import handle
from changpai.bots.chuopai import RandomBot
from changpai.chuopai.deal import ChuoDeal
from changpai.decks.numerals import ALL_KINDS
from hypothesis import given, settings
from hypothesis import strategies as st

SICHENG, HUADA = "wuchuan-hongdiandian-sicheng", "wuchuan-hongdiandian-huada"


def ask(rules: str, kind: str, position: dict, **options: str) -> dict:
    request = {"command": "lesson", "rules": rules, "ask": kind, "position": position}
    if options:
        request["options"] = options
    return handle(request)


# ---------------------------------------------------------------- 红点点: pairs [000]


def pairs(card: str, **options: str) -> set[str]:
    answer = ask(SICHENG, "pairs", {"card": card}, **options)
    assert "error" not in answer, answer
    return set(answer["value"])


@pytest.mark.parametrize(
    "card, partners",
    [("拾", "拾玖九"), ("玖", "玖拾"), ("九", "九拾"), ("捌", "捌八六"), ("八", "八捌"), ("柒", "柒七五"),
     ("陆", "陆贰四"), ("十", "十三"), ("三", "三十"), ("一", "一"), ("叁", "叁"), ("伍", "伍")],
)  # fmt: skip
def test_the_pairings_of_the_source(card, partners):
    assert pairs(card) == set(partners)  # [000]'s list of pairings, 大贰 read as 大陆's partner


def test_the_other_reading_of_dae_makes_it_a_jue_pai():
    assert pairs("贰") == {"贰", "陆"}
    assert pairs("贰", dae_reading="jue") == {"贰"}
    assert pairs("陆", dae_reading="jue") == {"陆", "四"}


def test_pairing_is_symmetric_and_every_card_takes_its_twin():
    table = {c.chinese(): pairs(c.chinese()) for c in ALL_KINDS}
    for card, partners in table.items():
        assert card in partners
        for other in partners:
            assert card in table[other]
    for head, a, b in (("拾", "玖", "九"), ("捌", "八", "六"), ("柒", "七", "五"), ("陆", "贰", "四")):
        assert {a, b} <= table[head] and b not in table[a]  # the two partners of a family never pair [000]


def test_a_bad_card_is_located():
    for card, where in (("口", "position.card"), ("拾九", "position.card"), ("", "position.card")):
        error = ask(SICHENG, "pairs", {"card": card})["error"]
        assert error["where"].startswith(where) and error["zh"] and error["en"]


# ---------------------------------------------------------------- 戳牌: beats, takes, wins [002]


@pytest.mark.parametrize(
    "led, play, beats",
    [("和 二三", "地 二六", True), ("地 二六", "和 二三", False), ("长三", "梅", False), ("长三", "和", True),
     ("斧头", "长二", True), ("二三", "天", False), ("二三", "三六", True), ("二三", "四五", False),
     ("天 三六", "天", False)],
)  # fmt: skip
def test_what_beats_what_in_the_source(led, play, beats):
    assert ask("chuopai", "beats", {"led": led, "play": play})["value"] is beats


def test_the_example_reading_lets_heaven_beat_a_led_point_card():
    answer = ask("chuopai", "beats", {"led": "二三", "play": "天"}, point_beaters="example")
    assert answer["value"] is True


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 2))
def test_the_taker_is_the_one_the_deal_names(seed, dealer):
    """Any first trick of a dealt game, played by random players, asked as a lesson: the taker is the deal's."""
    deal = ChuoDeal.new(seed, dealer)
    rng = random.Random(seed)
    player = RandomBot(rng)
    while not deal.tricks:
        deal.play(player.choose(deal))
    trick = deal.tricks[0]
    lines = [str(a) for a in trick.actions]
    answer = ask("chuopai", "takes", {"trick": lines})
    assert "error" not in answer, (lines, answer)
    assert answer["value"] == str(trick.taker)
    face_up = [a.seat for a in trick.actions if a.kind == "play"]
    assert answer["value"] == str(face_up[-1])  # every face-up play after the lead beat the one before
    assert {c["id"] for c in answer["choices"]} == {str(a.seat) for a in trick.actions}


def test_a_trick_that_breaks_the_rules_is_refused_where_it_breaks():
    error = ask("chuopai", "takes", {"trick": ["0 play 长三", "1 play 梅", "2 down 斧头"]})["error"]
    assert error["where"].startswith("position.trick.1") and error["code"] == "does-not-beat"
    error = ask("chuopai", "takes", {"trick": ["0 play 二红", "1 play 地", "2 down 斧头"]})["error"]
    assert error["where"].startswith("position.trick.0")
    error = ask("chuopai", "beats", {"led": "三六 四五", "play": "天 三六"})["error"]
    assert error["where"] == "position.led" and error["code"] == "combination-without-main"


@given(st.integers(0, 84))
def test_the_count_wins_one_per_card_over_fifteen(front):
    assert ask("chuopai", "wins", {"in_front": front})["value"] == (front - 15 if front > 15 else 0)


def test_a_count_out_of_range_is_refused():
    for bad in (-1, 85, "18", True):
        assert ask("chuopai", "wins", {"in_front": bad})["error"]["where"] == "position.in_front"


# ---------------------------------------------------------------- the registry


def test_each_game_owns_its_rule_sets_and_da_er_has_no_hook():
    assert lessons.asks(SICHENG) == lessons.asks(HUADA) == {"pairs": "cards"}
    assert set(lessons.asks("chuopai")) == {"beats", "takes", "wins"}
    for rules in ("luzhou-a", "leshan", "wuchuan", None, 3):
        assert lessons.asks(rules) == {}
    assert ask("leshan", "pairs", {"card": "拾"})["error"]["where"] == "rules"
    assert ask("chuopai", "pairs", {"card": "拾"})["error"]["where"] == "ask"


def test_the_rows_draw_what_was_asked():
    answer = ask("chuopai", "beats", {"led": "和 二三", "play": "地 二六"})
    assert [[f["name"] for f in r["faces"]] for r in answer["rows"]] == [["和", "二三"], ["地", "二六"]]
    assert answer["rows"][0]["faces"][0]["pips"] == "1-3"
