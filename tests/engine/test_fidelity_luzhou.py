"""Issue 14, Luzhou Da Er: each point read against its source line ([001] rule sheet, [004] entry).

Every test names the point and quotes the source phrase it rests on; the hands are built through the
public API (``fidelity_kit``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from fidelity_kit import legal, make_state, play, play_rules, score

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules"


def _page(name: str) -> str:
    return (DOCS / name).read_text(encoding="utf-8")


def _lines(answer: dict, lang: str = "zh") -> list[str]:
    return [line[lang] for line in answer["settlement"]["lines"]]


# ---------------------------------------------------------------- 1. compulsory 碰


def test_1_a_held_pair_must_pong_and_is_not_offered_an_eat():
    """[001] 碰牌: "必須碰牌"; 吃牌 only when "無人碰或招牌時"."""
    state = play(make_state("luzhou-a", 4, {0: "五", 1: "五五六七"}), "0 discard 五")["state"]
    offered = legal(state, 1)
    assert "1 pong 五" in offered
    assert not [a for a in offered if " eat " in a], offered


# ---------------------------------------------------------------- 2. the declared reading


HAND_TWO_WAYS = "一一壹壹壹贰叁叁叁四五六柒九九玖十十十拾"


def test_2_a_hand_read_two_ways_is_paid_by_the_reading_that_pays_most():
    """[001] 名堂加翻: "加一翻×2" and "每一招、一龍牌加一翻": the 33-hu reading with its 招 pays
    5 × 2 = 10; the 30-hu reading without a 招 pays 8. The whole payment decides, doublings included.
    (With [001]'s compulsory 招 the 30-hu reading does not exist at all; the option lets both be compared.)"""
    assert score("luzhou-a", HAND_TWO_WAYS, "壹", options={"kan_fourth_elsewhere": "true"})["totals"] == [33, 30]
    for options in (None, {"kan_fourth_elsewhere": "true"}):
        state = make_state("luzhou-a", 4, {0: "壹", 1: HAND_TWO_WAYS}, options=options)
        answer = play(state, "0 discard 壹", "1 win 壹")
        # 放炮兜底 ([001] "放炮的加倍扣分"): seat 0 pays for both losers; the sitter (seat 2) gets its share.
        assert answer["settlement"]["payments"] == [-20, 16, 4, 0]
        assert any(line.startswith("33 胡") for line in _lines(answer))


# ---------------------------------------------------------------- 3. 平胡 only without a 名堂

PLAIN_HAND = "四四四伍伍伍一二三柒捌玖壹贰叁捌玖拾七八"


def test_3_an_earthly_win_is_not_also_a_plain_win_and_its_line_speaks_the_tradition():
    """[004] "滿足一定規則時，稱為名堂，反之稱為平胡": 地胡 is a 名堂, so no 平胡 beside it."""
    options = {"b_mode": "advanced"}
    assert [p["code"] for p in score("luzhou-b", PLAIN_HAND, "九", options=options)["patterns"]] == ["plain"]
    state = make_state("luzhou-b", 4, {0: "九", 1: PLAIN_HAND}, options=options)
    answer = play(state, "0 discard 九", "1 win 九")
    zh, en = _lines(answer), _lines(answer, "en")
    assert any("地胡" in line for line in zh)
    assert not any("平胡" in line for line in zh)
    assert not any(
        line.startswith(("earth：", "earth:", "heaven：", "heaven:", "returning-dragon")) for line in zh + en
    )


# ---------------------------------------------------------------- 4. the fourth copy of a held 坎

KAN_ELSEWHERE = "壹贰叁贰柒拾伍伍伍九九九二七十六七八四五"


def test_4_the_fourth_copy_of_a_held_kan_must_join_it_in_rule_set_a():
    """[001] 招牌: "一坎牌相同時，必須招牌" — the 九 cannot go to 七八九 beside 九九九."""
    assert score("luzhou-a", KAN_ELSEWHERE, "九")["win"] is False
    assert score("luzhou-a", KAN_ELSEWHERE, "九", options={"kan_fourth_elsewhere": "true"})["win"] is True


def test_4_rule_set_b_lets_the_fourth_copy_form_another_set():
    """[004] 招牌: "則可以招牌" — a 招 is optional, so the fourth copy may form another set."""
    described = play_rules("luzhou-b")
    assert "error" not in described
    assert score("luzhou-b", KAN_ELSEWHERE, "九")["win"] is True
    assert score("luzhou-b", KAN_ELSEWHERE, "九", options={"kan_fourth_elsewhere": "false"})["win"] is False


def test_4_rule_set_b_mixed_eat_of_the_fourth_copy_follows_the_option():
    """[004] 比牌: "大大小，或小小大" … "不用比" — eating 肆 with 四四 beside 肆肆肆."""
    hands = {0: "肆", 1: "四四肆肆肆"}
    state = play(make_state("luzhou-b", 4, hands), "0 discard 肆")["state"]
    assert "1 eat 肆 with 四四" in legal(state, 1)
    strict = make_state("luzhou-b", 4, hands, options={"kan_fourth_elsewhere": "false"})
    assert "1 eat 肆 with 四四" not in legal(play(strict, "0 discard 肆")["state"], 1)


# ---------------------------------------------------------------- 5. luzhou-b declares too


def test_5_rule_set_b_declares_the_reading_that_pays_most():
    """[004] "平胡只有兩番和四番兩種。27胡為四番": read as exactly 30, the hand is a 恰 (2 番) and
    loses its 4-番 平胡; the winner declares the 27-hu reading, a plain win at 4 番."""
    options = {"b_mode": "advanced"}
    result = score("luzhou-b", HAND_TWO_WAYS, "壹", options=options)
    assert result["totals"] == [30, 27] and [p["code"] for p in result["patterns"]] == ["round-ten"]
    gains = {}
    for declare in ("best-pay", "most-points"):
        hands = {0: "九", 1: HAND_TWO_WAYS}  # seat 1 turns the 壹 itself: no 地胡 to blur the comparison
        state = make_state("luzhou-b", 4, hands, stock="壹", options={**options, "declare": declare})
        answer = play(state, "0 discard 九", "1 turn", "1 win 壹")
        gains[declare] = answer["settlement"]["payments"][1]
        if declare == "best-pay":
            assert any("报 27" in line for line in _lines(answer)), _lines(answer)
    assert gains["best-pay"] > gains["most-points"]


# ---------------------------------------------------------------- 6. how [004]'s 番 combine

RED_TEN = "伍伍伍四四四贰柒拾贰柒拾二七十七八九一二"  # 15 hu, 11 red cards; waits on 三
RED_TEN_MORE = "伍伍伍肆肆肆叁叁叁贰柒拾贰柒拾二七十一二"  # 27 hu, 10 red cards; waits on 三


def _self_turned_win(hand: str, options: dict | None = None) -> dict:
    state = make_state("luzhou-b", 4, {0: "壹", 1: hand}, stock="三", options=options)
    return play(state, "0 discard 壹", "1 turn", "1 win 三")


def test_6_the_sources_worked_example_is_the_default():
    """[004] 計分方法: "（2+1）*2=6分" … "輸家各扣6分"."""
    answer = _self_turned_win(RED_TEN)
    payments = answer["settlement"]["payments"]
    assert payments[1] == 10 and payments[2] == 2 and payments[0] == payments[3] == -6


def test_6_advanced_play_does_not_depend_on_the_hu_count():
    """[004] 高級玩法: "不依賴胡的多少"."""
    options = {"b_mode": "advanced"}
    fewer, more = _self_turned_win(RED_TEN, options), _self_turned_win(RED_TEN_MORE, options)
    assert [p["code"] for p in score("luzhou-b", RED_TEN, "三", options=options)["patterns"]] == ["red-win"]
    assert [p["code"] for p in score("luzhou-b", RED_TEN_MORE, "三", options=options)["patterns"]] == ["red-win"]
    assert fewer["settlement"]["payments"] == more["settlement"]["payments"]


def test_6_the_page_says_what_the_engine_does():
    """[004] "有番加倍": the page must state the default and the advanced reading in our words."""
    for name in ("luzhou.md", "luzhou.en.md"):
        text = _page(name)
        assert "(2+1)×2" in text.replace(" ", "") or "(2+1)*2" in text.replace(" ", ""), name


# ---------------------------------------------------------------- 7. 比 with two held copies


def test_7_two_held_copies_may_be_laid_out_together_in_one_mixed_set():
    """[004] 比牌: "根據某種組合，也要放到桌面" — 三三叁 is such a combination."""
    state = play(make_state("luzhou-b", 4, {0: "三", 1: "三三叁四五"}), "0 discard 三")["state"]
    assert any(a.startswith("1 eat 三 with 四五 bi") and "三三叁" in a for a in legal(state, 1))


# ---------------------------------------------------------------- 8. 过张


def test_8_the_page_states_how_guozhang_is_read():
    """[001] 過張: "別人打的無用牌" … "過張" — the engine's reading is stated on the page."""
    assert "过张" in _page("luzhou.md") and "过张" in _page("luzhou.en.md")
    note = play_rules("luzhou-a")["params"]["passed_eat_barred"]
    assert note["source"] == "[001]" and "无用" in note["zh"]


# ---------------------------------------------------------------- 9. page statements


def test_9_the_instant_win_is_an_option_that_scores():
    """[001] "如原手摸到3垅或5坎，可直接胡牌等" (by prior agreement): the option plays and scores it."""
    options = {"instant_win_on_deal": True}
    state = make_state("luzhou-a", 4, {0: "一一一二二二三三三四四四六六六"}, options=options)
    assert "0 win" in legal(state, 0)
    answer = play(state, "0 win")
    assert answer["over"] and answer["settlement"]["payments"][0] > 0


def test_9_pages_state_doublings_as_the_engine_pays_them():
    """[004] 普通算等玩法: "紅、天、地胡為兩番，烏為四番" — the engine pays ×2 and ×4."""
    en = _page("luzhou.en.md")
    assert "two doublings each" not in en
    for name in ("luzhou.md", "luzhou.en.md"):
        text = _page(name)
        assert "3 龙" in text or "3 longs" in text, name


def test_9_the_side_by_side_table_shows_rule_set_a_bi_for_mixed_eats():
    """[001] 吃牌: "如果手中有與“吃牌”相同的牌，必須“比起”" — no exception for 大大小 / 小小大 in A."""
    for name, word in (("luzhou.md", "大大小"), ("luzhou.en.md", "大大小")):
        rows = [line for line in _page(name).splitlines() if line.startswith("|") and word in line]
        assert rows and all(line.count("|") >= 4 for line in rows), name


# ---------------------------------------------------------------- 10. whose card may be ponged


def test_10_rule_set_b_does_not_let_the_turner_pong_its_own_card():
    """[004] 碰牌: "當別人打或摸的牌" … "可以碰牌" — another player's card."""
    state = make_state("luzhou-b", 4, {0: "壹", 1: "五五"}, stock="五")
    state = play(state, "0 discard 壹", "1 turn")["state"]
    assert "1 pong 五" not in legal(state, 1)


def test_10_rule_set_a_lets_the_turner_pong_its_own_card():
    """[001] 碰牌: "本人摸的或他人打出的牌" … "必須碰牌"."""
    state = make_state("luzhou-a", 4, {0: "壹", 1: "五五"}, stock="五")
    state = play(state, "0 discard 壹", "1 turn")["state"]
    assert "1 pong 五" in legal(state, 1)


# ---------------------------------------------------------------- every option on the page


@pytest.mark.parametrize("name", ["luzhou-a", "luzhou-b", "leshan", "wuchuan"])
def test_every_engine_option_is_listed_on_the_rules_page(name):
    """Issue 14, done when: "the rules pages list every option the engine has"."""
    pytest.importorskip("mkdocs", reason="the site build is not part of the browser's Python")
    from changpai.api import handle

    from sitebuild import ext_ruletables
    from sitebuild.shortcodes import expand

    assert ext_ruletables.ruleset_options  # importing it registers the shortcode

    described = handle({"command": "rules", "name": name})
    play = handle({"command": "play_rules", "name": name})
    names = set(described["options"]) | set(play.get("options", {}))
    assert "declare" in names and ("instant_win_on_deal" in names or not name.startswith("luzhou"))
    listing = expand(f"{{{{cp ruleset-options {name} codes}}}}", lang="en", page=None, source="t.md")
    for option in names:
        assert f"`{option}`" in listing, option
