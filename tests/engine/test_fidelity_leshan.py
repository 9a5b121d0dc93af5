"""Issue 14, Leshan Er Qi Shi: each point read against its source line ([003]).

Every test names the point and quotes the source phrase it rests on; the hands are built through the
public API (``fidelity_kit``). Seats: with three players 0 (dealer) → 1 → 2; with four, seat 3 is 小家.
"""

from __future__ import annotations

import re
from pathlib import Path

from changpai.api import handle
from fidelity_kit import legal, make_state, play, play_rules, try_play

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules"


def _page(name: str) -> str:
    return (DOCS / name).read_text(encoding="utf-8")


def _lines(answer: dict, lang: str = "zh") -> list[str]:
    return [line[lang] for line in answer["settlement"]["lines"]]


# ---------------------------------------------------------------- 1. 瞟和 after breaking a dealt 龙灯

# Seat 1 is dealt the black 龙灯 二七十, breaks it by eating 八 with 七九 (二三四 and 拾拾十 take the rest),
# then wins with every scoring set claimed (对 贰 叁 肆, and 五 on the winning card): 10 和, all from claims.
LANTERN_HAND = "二七十九三四拾拾贰贰叁叁肆肆五五陆捌玖壹"


def test_1_piao_is_not_paid_after_breaking_a_dealt_dragon_lantern():
    """[003] 違規: "拆開龍燈報瞟和" — reporting 瞟和 after breaking up a held 龙灯."""
    state = make_state("leshan", 3, {0: "八", 1: LANTERN_HAND}, stock="贰叁肆五")
    answer = play(
        state,
        "0 discard 八",
        "1 eat 八 with 七九",
        "1 discard 陆",
        "2 turn",
        "1 pong 贰",
        "1 discard 捌",
        "2 turn",
        "1 pong 叁",
        "1 discard 玖",
        "2 turn",
        "1 pong 肆",
        "1 discard 壹",
        "2 turn",
        "1 win 五",
    )
    assert answer["settlement"]["winner"] == 1
    assert not any("瞟" in line for line in _lines(answer))
    assert answer["settlement"]["points"] == 10


# ---------------------------------------------------------------- 2. / 3. 现张不和


def test_2_xiaojia_too_may_not_win_on_a_card_it_let_pass():
    """[003] "現張不和" … "否則違規" — 小家 is a player like any other."""
    state = make_state("leshan", 4, {0: "三", 3: "三三"}, stock="三")
    state = play(state, "0 discard 三")["state"]
    assert "3 win 三" in legal(state, 3)
    state = play(state, "3 pass", "1 turn")["state"]
    assert "3 win 三" not in legal(state, 3)


# Seat 1 waits on 四 or 七 (五六) with the same points either way.
TWO_WAITS = "二七十贰柒拾壹贰叁肆伍陆七八九一一一五六"


def test_3_a_passed_win_bars_every_win_until_a_new_claim_not_only_the_same_card():
    """[003] "只能進張後和牌或升級才能和牌" — after passing a win, only a 进张 or a bigger hand lifts it."""
    state = make_state("leshan", 3, {0: "四", 1: TWO_WAITS}, stock="七")
    state = play(state, "0 discard 四")["state"]
    assert "1 win 四" in legal(state, 1)
    state = play(state, "1 pass", "1 turn")["state"]  # seat 1 turns 七 itself: no 进张 in between
    assert "1 win 七" not in legal(state, 1)


# ---------------------------------------------------------------- 4. two 滚 force 八块


def test_4_a_dealer_dealt_two_gun_calls_bakuai_and_does_not_discard():
    """[003] 八塊: "形成兩滾牌時（包括頭家當底後即有兩滾）" … "不能再出牌"."""
    state = make_state("leshan", 3, {0: "四四四四肆肆肆肆"})
    assert not [a for a in legal(state, 0) if " discard " in a]
    answer = play(state, "0 four 四", "0 four 肆")
    assert any("八块" in e["zh"] for e in answer["events"])
    assert answer["view"]["phase"] == "turn"


# ---------------------------------------------------------------- 5. 喊错八块


def test_5_hanzuo_bakuai_is_named_as_calling_bakuai_wrongly():
    """[003] 違規: "喊錯八塊" — calling 八块 wrongly; the page and the engine's violation agree."""
    violations = {v["code"]: v for v in play_rules("leshan")["violations"]}
    name = violations["eight-blocks"]["name"]
    assert "重招" not in name["zh"] and "喊错八块" in name["zh"]
    for name in ("leshan.md", "leshan.en.md"):
        assert "重招" not in _page(name), name


# ---------------------------------------------------------------- 6. 包后继续


def test_6_a_violator_who_paid_bao_pai_may_still_win():
    """[003] 包後繼續: "爭鬥仍繼續下去" — play goes on; nothing bars the violator from winning."""
    dealer = "五五五二七十贰柒拾壹壹壹捌玖拾七八九二三四"  # 拆坎子: discards a 五, then waits on 伍 (五五伍)
    state = make_state("leshan", 3, {0: dealer}, stock="伍")
    state = {**state, "history": ["0 discard 五"], "violations": ["break-kan"]}
    answer = play(state, "1 turn")
    assert answer["view"]["violations"][0]["code"] == "break-kan"
    assert "0 win 伍" in legal(answer["state"], 0)


def test_6_a_violator_plays_on_and_may_still_win():
    """[003] 包後繼續: "除詐和外" … "仍繼續下去" — play goes on, nothing more."""
    note = play_rules("leshan")["params"]["penalty_ends_deal"]
    assert note["value"] is False and note["source"] == "[003]"
    described = play_rules("leshan")["params"]["penalty"]
    assert "不能" not in described["zh"] or "继续" in described["zh"]
    for name in ("leshan.md", "leshan.en.md"):
        assert "包后继续" in _page(name), name


# ---------------------------------------------------------------- 7. 拆坎子


def test_7_discarding_from_a_held_kan_is_refused_and_the_page_says_it_is_our_reading():
    """[003] "將坎子拆開進行其它組合" — the source speaks of combining; we also refuse discards."""
    state = make_state("leshan", 3, {0: "三三三"})
    error = try_play(state, "0 discard 三")["error"]
    assert error["code"] == "break-kan"
    assert "拆坎子" in _page("leshan.md") and "拆坎子" in _page("leshan.en.md")


# ---------------------------------------------------------------- 8. / 9. 小家's doublings


def test_8_xiaojia_gets_the_earthly_doubling():
    """[003] 小家: "小家和牌不算「坤」、「瞟」" — only those two; 地和 still doubles."""
    state = make_state("leshan", 4, {0: "三", 3: "三三"})
    answer = play(state, "0 discard 三", "3 win 三")
    assert answer["settlement"]["points"] == 40  # black 对子 20, doubled for 地和
    assert any("地和" in line for line in _lines(answer))


def test_9_xiaojia_self_draw_doubling_is_only_for_its_own_draw():
    """[003] 小家: "小家自摸和牌要加倍" — 自摸, not another seat's turned card."""
    options = {"xiaojia_self_draw_double": True}
    state = make_state("leshan", 4, {0: "壹", 3: "三三"}, stock="三", options=options)
    answer = play(state, "0 discard 壹", "1 turn", "3 win 三")
    assert answer["settlement"]["points"] == 20


# ---------------------------------------------------------------- 10. seats and shuffler


def test_10_the_page_says_seating_and_shuffling_are_not_played():
    """[003] 傳統打法: "叫方位" and "由上局和牌的人負責洗牌" — not modelled; the page says so."""
    assert "叫方位" in _page("leshan.md") and "叫方位" in _page("leshan.en.md")


# ---------------------------------------------------------------- 11. Leshan's own words


def _leshan_texts(seeds: range) -> list[str]:
    out = []
    for seed in seeds:
        answer = handle({"command": "new_deal", "rules": "leshan", "players": 3, "seed": seed})
        while not answer["over"]:
            move = handle({"command": "bot_move", "game": answer["game"]})["action"]
            answer = handle({"command": "apply", "game": answer["game"], "action": move})
            out += [e["zh"] for e in answer.get("events", [])]
        out += _lines(answer)
    return out


def test_11_leshan_output_uses_leshan_words():
    """[003] 和牌: "「和牌」又稱「胡牌」" in passing, but it counts 和, 番, 房 and 滚 throughout."""
    for text in _leshan_texts(range(12)):
        assert "胡" not in text, text
        assert "列" not in text, text
        assert not re.search(r"龙(?!灯)", text.replace("和回龙", "")), text
        assert not re.search(r"翻(?![出牌开])", text), text


def test_11_cli_help_gives_leshans_four_players(capsys):
    """[003] 傳統打法: "三人或四人一起打" … "有一家要做「小家」"."""
    from changpai.cli import main

    try:
        main(["record", "--help"])
    except SystemExit:
        pass
    text = " ".join(capsys.readouterr().out.split())
    assert "--players" in text and "3 for Leshan" not in text
