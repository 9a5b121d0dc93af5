"""Violations (包牌): refused in play, recorded and penalised when a record commits one on purpose."""

import pytest
from changpai.core.text import RuleError
from changpai.daer.actions import Action
from changpai.daer.settlement import settle
from changpai.daer.violations import VIOLATION_NAMES, violation_codes
from dealkit import build, pass_all

PAIRS = "四四 五五 六六 七七 八八 九九 十十 壹壹 叁叁"


def _leshan_passed_then_eaten():
    d = build("leshan", 3, {0: "二", 1: "一三 " + PAIRS}, stock="二")
    d.play("0 discard 二")
    d.play("1 pass")
    pass_all(d)
    d.play("1 turn 二")
    return d


def test_eating_a_passed_card_is_refused_and_names_the_rule():
    d = _leshan_passed_then_eaten()
    with pytest.raises(RuleError) as error:
        d.play("1 eat 二 with 一三")
    assert error.value.code == "eat-passed"
    assert "吃过张" in error.value.text.zh and "[003]" in error.value.text.en


def test_leshan_eat_passed_committed_on_purpose_costs_20_to_each_player_and_play_goes_on():
    d = _leshan_passed_then_eaten()
    events = d.play("1 eat 二 with 一三", violation="eat-passed")
    assert [v.code for v in d.violations] == ["eat-passed"] and d.violations[0].seat == 1
    assert any(e["code"] == "violation:eat-passed" for e in events)
    assert not d.over and d.phase == "discard" and d.to_act == 1  # 包后继续 [003]
    assert str(d.seats[1].laid[0].meld) == "一二三"
    assert settle(d).payments == [20, -40, 20]


def test_a_wrongly_named_or_needless_violation_marker_is_an_error():
    d = _leshan_passed_then_eaten()
    with pytest.raises(RuleError) as error:
        d.play("1 eat 二 with 一三", violation="false-win")
    assert "eat-passed" in str(error.value)
    legal = next(a for a in d.legal_actions() if a.type.value == "pass")
    with pytest.raises(RuleError) as error:
        d.play(legal, violation="eat-passed")
    assert error.value.code == "no-violation"


def test_leshan_false_win_ends_the_deal():
    d = build("leshan", 3, {0: "二", 1: "一三 五五 七七 九九 壹壹 叁叁 伍伍 柒柒 玖玖 拾拾"})
    d.play("0 discard 二")
    with pytest.raises(RuleError) as error:
        d.play("1 win 二")
    assert error.value.code == "false-win"
    d.play("1 win 二", violation="false-win")
    assert d.over and d.ended_by == "violation" and d.win is None
    settlement = settle(d)
    assert settlement.payments == [20, -40, 20]
    # nobody won, but the 包牌 is paid: the settlement's outcome must not say that nobody pays
    assert settlement.outcome is not None
    assert settlement.outcome.zh == "无人和牌，只付包牌", settlement.outcome
    assert settlement.outcome.en == "no winner: only the 包牌 is paid"


def test_luzhou_a_skipping_a_compulsory_pong_bars_that_seat_from_winning():
    d = build("luzhou-a", 4, {0: "二", 3: "二二"})
    d.play("0 discard 二")
    with pytest.raises(RuleError) as error:
        d.play("1 turn")
    assert error.value.code == "must-pong"
    d.play("1 turn", violation="must-pong")
    v = d.violations[0]
    assert v.seat == 3 and d.seats[3].barred  # the seat that failed to pong, not the one that turned
    assert not d._win_allowed(3, None)
    assert settle(d).payments == [0, 0, 0, 0]  # [001] names no fine


def test_wuchuan_eating_back_ones_own_discard_pays_all_three():
    d = build("wuchuan", 4, {0: "二 一三 五五 六六 七七 八八 九九 十十 壹壹"}, stock="叁二")
    d.play("0 discard 二")
    pass_all(d)
    d.play("1 turn 叁")
    pass_all(d)
    d.play("3 turn 二")
    assert d.phase == "claim" and Action.parse("0 eat 二 with 一三") not in d.legal_actions()
    with pytest.raises(RuleError) as error:
        d.play("0 eat 二 with 一三")  # seat 3 turned it; seat 0, its 下家, discarded 二 before [000]
    assert error.value.code == "eat-own-discard"
    d.play("0 eat 二 with 一三", violation="eat-own-discard")
    assert d.over  # engine default for [000]: the deal ends
    assert settle(d).payments == [-12, 4, 4, 4]


def test_leshan_eat_then_discard_the_replaced_card_吃字屙字():
    d = build("leshan", 3, {0: "四", 1: "一二三 " + "五五 六六 七七 八八 九九 十十 壹壹 叁叁 肆"})
    d.play("0 discard 四")
    d.play("1 eat 四 with 二三")
    assert Action.parse("1 discard 一") not in d.legal_actions()
    with pytest.raises(RuleError) as error:
        d.play("1 discard 一")
    assert error.value.code == "eat-then-discard-partner" and "吃字屙字" in error.value.text.zh
    d.play("1 discard 一", violation="eat-then-discard-partner")
    assert d.violations[0].code == "eat-then-discard-partner"


def test_every_rule_set_names_its_violations():
    for name in ("luzhou-a", "luzhou-b", "leshan", "wuchuan"):
        codes = violation_codes(name)
        assert {"eat-passed", "false-win", "short-win", "bi-required"} <= codes
        assert all(code in VIOLATION_NAMES for code in codes)
    assert "win-own-discard" in violation_codes("leshan") and "win-own-discard" not in violation_codes("luzhou-a")


READY_ON_2 = "贰贰贰 叁叁叁 四五六 七八九 肆伍陆 柒捌玖 一三"

# (rules, players, hands, stock, steps before, the violating step, its code, the seat that commits it)
CASES = [
    (
        "luzhou-b",
        4,
        {0: "二", 1: "三四 一二三 五五 六六 七七 八八 九九 十十 壹壹"},
        "",
        ["0 discard 二"],
        "1 eat 二 with 三四",
        "bi-required",
        1,
    ),
    (
        "luzhou-b",
        4,
        {0: "二", 1: "一一一 三 五五 六六 七七 八八 九九 十十 壹壹"},
        "",
        ["0 discard 二"],
        "1 eat 二 with 一三",
        "break-kan",
        1,
    ),
    ("luzhou-a", 4, {0: "二", 3: "二二二"}, "", ["0 discard 二"], "1 turn", "must-kong", 3),
    ("luzhou-a", 4, {0: "一一一一"}, "", [], "0 discard 二", "four-first", 0),
    ("leshan", 3, {0: "一一一一 二二二二 三"}, "", ["0 four 一", "0 four 二"], "0 discard 三", "eight-blocks", 0),
    ("leshan", 3, {0: "二", 1: "一三 " + PAIRS}, "", ["0 discard 二"], "1 win 二", "short-win", 1),
    ("leshan", 3, {0: "二 " + READY_ON_2}, "二", ["0 discard 二", "1 turn 二"], "0 win 二", "win-own-discard", 0),
    ("leshan", 3, {0: "二", 1: "四五 " + PAIRS}, "", ["0 discard 二"], "1 eat 二 with 四五", "eat-wrong", 1),
    ("leshan", 3, {0: "二", 2: "一三 " + PAIRS}, "", ["0 discard 二"], "2 eat 二 with 一三", "eat-wrong-seat", 2),
]


@pytest.mark.parametrize("rules, players, hands, stock, before, step, code, seat", CASES, ids=[c[6] for c in CASES])
def test_each_violation_is_refused_then_recorded_with_its_penalty(
    rules, players, hands, stock, before, step, code, seat
):
    d = build(rules, players, hands, stock=stock)
    for action in before:
        d.play(action)
    with pytest.raises(RuleError) as error:
        d.play(step)
    assert error.value.code == code
    assert code in violation_codes(rules)
    d.play(step, violation=code)
    assert [(v.code, v.seat) for v in d.violations] == [(code, seat)]
    payments = settle(d).payments
    if d.play_rules.penalty.value == "pay-each":
        amount = d.play_rules.penalty_amount.value
        assert payments[seat] == -amount * (len(payments) - 1) and sum(payments) == 0
    else:
        assert payments == [0] * players and d.seats[seat].barred


def test_a_deal_nobody_wins_and_nobody_pays_says_so():
    from changpai.bots.daer import simulate_one

    d = next(d for seed in range(200) if (d := simulate_one("leshan", 3, seed)).ended_by == "stock")
    settlement = settle(d)
    assert d.win is None and not d.violations and settlement.payments == [0, 0, 0]
    assert settlement.outcome is not None and settlement.outcome.en == "no winner: nobody pays", settlement
