"""Issue 14, Wuchuan 字牌: each point read against its source line ([000]).

Every test names the point and quotes the source phrase it rests on; the hands are built through the
public API (``fidelity_kit``). Four at the table: seat 0 deals, seat 2 counts the stock.
"""

from __future__ import annotations

from pathlib import Path

from changpai.api import handle
from fidelity_kit import make_state, play, play_rules, score

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules"


def _page(name: str) -> str:
    return (DOCS / name).read_text(encoding="utf-8")


def _lines(answer: dict, lang: str = "zh") -> list[str]:
    return [line[lang] for line in answer["settlement"]["lines"]]


# ---------------------------------------------------------------- 1. when a 活龙 is shown


def test_1_a_non_dealer_shows_its_huolong_right_after_the_dealers_first_discard():
    """[000] 字牌: "闲家则待庄家出牌后立即亮龙"."""
    state = make_state("wuchuan", 4, {0: "壹", 1: "四四四四"})
    answer = play(state, "0 discard 壹")
    melds = answer["view"]["melds"][1]
    assert [m["cards"] for m in melds] == ["四四四四"], melds
    assert any("活龙" in e["zh"] for e in answer["events"])


def test_1_record_115_shows_every_huolong_in_time():
    """[000] 包牌②: "迟亮或不亮龙，则作包牌"."""
    answer = handle({"command": "new_deal", "rules": "wuchuan", "seed": 115})
    while not answer["over"]:
        move = handle({"command": "bot_move", "game": answer["game"]})["action"]
        answer = handle({"command": "apply", "game": answer["game"], "action": move})
        assert "error" not in answer
        dealer = answer["view"]["dealer"]
        if any(step.startswith(f"{dealer} discard") for step in answer["state"]["history"]):
            for seat, hand in enumerate(answer["view"]["hands"]):
                assert not any(hand.count(c) == 4 for c in set(hand)), (seat, hand)


# ---------------------------------------------------------------- 2. the compulsory 开招 and the declared reading

FOURTH_ER = "贰贰贰柒拾一二三四五六七八九肆伍陆捌玖拾"


def test_2_the_fourth_er_must_join_its_kan_not_a_er_qi_shi():
    """[000] 字牌: "必须四归一“开招”" — 贰 cannot go into 贰柒拾 beside 贰贰贰."""
    result = score("wuchuan", FOURTH_ER, "贰")
    cards = [s["cards"] for s in result["sets"]]
    assert "贰贰贰贰" in cards and "贰柒拾" not in cards, cards  # 开招, then 柒捌玖 and the pair 拾拾
    assert result["totals"] == [result["points"]]


def test_2_the_winner_is_paid_by_the_reading_that_pays_most():
    """[000] 大小胡的规定: the class sets the pay, so the declared reading is the one whose class pays most."""
    declare = play_rules("wuchuan")["params"]["declare"]
    assert declare["value"] == "best-pay"


# ---------------------------------------------------------------- 3. ten red, no 坎, under 18


def test_3_an_unclassed_win_is_a_named_option_with_its_default():
    """[000] 中胡: "红胡：具有十张以上红牌，有坎" and "飘胡：没有坎，没有十红" — ten red without a 坎 is neither."""
    option = handle({"command": "rules", "name": "wuchuan"})["options"]["wuchuan_red_no_kan"]
    assert option["value"] == "small" and "[000]" in option["sources"]
    for name in ("wuchuan.md", "wuchuan.en.md"):
        assert "十红" in _page(name) or "ten red" in _page(name), name


# ---------------------------------------------------------------- 4. 重招 and 下抓


def test_4_a_kong_after_a_huolong_is_a_repeated_zhao_and_calls_xiazhua():
    """[000] 包牌⑨: "开重招牌时即不能打牌，喊“下抓”"."""
    state = make_state("wuchuan", 4, {0: "壹四四四四伍伍伍"}, stock="伍")
    answer = play(state, "0 four 四", "0 discard 壹", "1 turn", "0 kong 伍")
    texts = [e["zh"] for e in answer["events"]]
    assert any("下抓" in t and "重招" in t for t in texts), texts
    assert not any("八块" in t for t in texts), texts


# ---------------------------------------------------------------- 5. 包牌 not modelled, and its penalty


def test_5_the_page_states_the_penalty_and_the_violations_the_engine_cannot_see():
    """[000] 包牌: "谁包牌则负三家" — the amount is the engine's choice; ① and ③ cannot happen in the engine."""
    amount = play_rules("wuchuan")["params"]["penalty_amount"]
    assert amount["source"] == "engine" and amount["value"] == 4
    for name in ("wuchuan.md", "wuchuan.en.md"):
        text = _page(name)
        assert "包牌" in text and ("数底" in text or "counts the stock" in text), name


# ---------------------------------------------------------------- 6. the 活龙's look and the win's name


def test_6_the_settlement_line_names_the_win():
    """[000] 中胡: "台胡：不具十红" … "二十一胡以上" — the line says 台胡, not only 中胡."""
    hand = "伍伍伍陆陆陆捌捌捌一二三四五六二三四七八"  # 6 + 6 + 6 + 3 = 21, fewer than ten red; waits 九
    assert score("wuchuan", hand, "九")["class"] == "middle"
    state = make_state("wuchuan", 4, {0: "壹", 1: hand}, stock="九")
    answer = play(state, "0 discard 壹", "1 turn", "1 win 九")
    assert any("台胡" in line for line in _lines(answer)), _lines(answer)


def test_6_the_page_gives_both_readings_of_how_a_huolong_is_shown():
    """[000] 字牌: "将上张牌亮于面前，上面覆上一张"."""
    assert "亮法原文只有一句，可以有两种读法" in _page("wuchuan.md")
    assert "which reads two ways" in _page("wuchuan.en.md")
