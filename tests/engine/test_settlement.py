"""Payments at the end of a deal, per rule set; every deal's payments sum to zero."""

import pytest
from changpai.bots.daer import simulate_one
from changpai.core.text import RuleError
from changpai.daer.actions import Action
from changpai.daer.luzhou import luzhou_a_row
from changpai.daer.settlement import settle
from dealkit import build, pass_all
from hypothesis import given, settings
from hypothesis import strategies as st

# Seat 1: 12 red cards in four 2-7-10 sets, 壹壹壹 (held, 9 under [004]) and 三三 waiting for 三 (pong, 1): 10 hu.
RED_TEN = "二七十 贰柒拾 二七十 贰柒拾 壹壹壹 三三 四五六"


def _win_on_turned_three(rules: str, options=None):
    d = build(rules, 4, {0: "九", 1: RED_TEN}, stock="三", options=options)
    d.play("0 discard 九")
    pass_all(d)
    d.play("1 turn 三")
    d.play("1 win 三")
    return d


def test_luzhou_b_worked_example_from_the_source():
    # [004]: exactly 10 hu with 红 → (2 + 1) × 2 = 6 from each loser; the winner nets 2 × 6 − 1 × 2 = 10;
    # the 底家 gets 1 × 2 = 2.
    d = _win_on_turned_three("luzhou-b", {"b_mode": "ordinary"})
    assert d.win.seat == 1 and d.win.points == 10
    assert d.table.sitter == 2
    result = settle(d)
    assert result.payments == [-6, 10, 2, -6]
    assert result.points == 6


def test_luzhou_a_self_turned_win_doubles_and_red_doubles():
    d = _win_on_turned_three("luzhou-a")
    # [001] points: 壹壹壹 held black big 6, 三 pong 1, 二七十 6 ×2, 贰柒拾 9 ×2 = 37
    assert d.win.points == 37
    pay, to_winner, to_sitter = luzhou_a_row(37)
    assert (pay, to_winner, to_sitter) == (5, 4, 1)
    codes = {h.code for h in d.win.result.patterns}
    assert "red" in codes
    fan = 1 + 1  # 红, 自摸加翻 (and 水上漂: the first stock card)
    assert "first-stock-card" in d.win.context
    fan += 1
    each = pay * 2**fan
    assert settle(d).payments == [-each, 2 * (each - to_sitter * 2**fan), 2 * to_sitter * 2**fan, -each]


def test_luzhou_a_fang_pao_dou_di_the_discarder_pays_for_both():
    # Seat 1 wins on the dealer's discard 三: 放炮兜底 [001].
    d = build("luzhou-a", 4, {0: "三", 1: RED_TEN})
    d.play("0 discard 三")
    d.play("1 win 三")
    assert d.win.points == 37 and {h.code for h in d.win.result.patterns} == {"red"}
    # 37 hu: 5 per loser (4 to the winner, 1 to 坐底), 红 doubles → 10; the discarder pays both shares.
    result = settle(d)
    assert result.payments == [-20, 16, 4, 0]
    assert any("放炮兜底" in line.zh for line in result.lines)


@pytest.mark.parametrize(
    "points, row",
    [
        (10, (5, 3, 2)),
        (11, (3, 2, 1)),
        (19, (3, 2, 1)),
        (20, (6, 4, 2)),
        (21, (4, 3, 1)),
        (30, (8, 6, 2)),
        (35, (5, 4, 1)),
        (40, (10, 8, 2)),
        (49, (6, 5, 1)),
    ],
)
def test_luzhou_a_score_table(points, row):
    assert luzhou_a_row(points) == row  # [001] 基础分
    pay, w, s = row
    assert pay == w + s


def test_leshan_discarder_pays_total_times_players():
    # Seat 1 (Leshan, three players) wins on the dealer's discard: 抬炮 pays the total × 3 [003].
    d = build("leshan", 3, {0: "三", 1: "二七十 贰柒拾 二七十 贰柒拾 壹壹壹 三三 四五六"})
    d.play("0 discard 三")
    d.play("1 win 三")
    grade = d.win.result.grade
    total = grade.value
    fan = sum(h.value for h in d.win.result.patterns if h.unit == "doubling") + ("earth" in d.win.context)
    total *= 2**fan
    assert settle(d).payments == [-3 * total, 3 * total, 0]


def test_wuchuan_winner_pays_the_counting_fee_and_a_drawn_deal_pays_the_counter():
    d = build("wuchuan", 4, {0: "九", 1: RED_TEN}, stock="三")
    d.play("0 discard 九")
    pass_all(d)
    d.play("1 turn 三")
    d.play("1 win 三")
    result = settle(d)
    amount = {"big": 4, "middle": 2, "small": 1}[d.win.result.win_class or "small"]
    assert result.payments == [-amount, 2 * amount - 1, 1, -amount]
    for seed in range(60):
        deal = simulate_one("wuchuan", 4, seed)
        if deal.win is None:
            assert settle(deal).payments == [-1, -1, 3, -1]
            break


@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from(
        [
            ("luzhou-a", 4),
            ("luzhou-a", 3),
            ("luzhou-b", 4),
            ("leshan", 2),
            ("leshan", 3),
            ("leshan", 4),
            ("wuchuan", 4),
            ("wuchuan", 3),
        ]
    ),
    st.integers(0, 10_000),
)
def test_payments_always_sum_to_zero(table, seed):
    rules, players = table
    deal = simulate_one(rules, players, seed)
    result = settle(deal)
    assert sum(result.payments) == 0
    assert len(result.payments) == players
    if deal.win is not None:
        assert result.payments[deal.win.seat] > 0


def test_luzhou_a_agreed_cap():
    d = _win_on_turned_three("luzhou-a", {"cap": 16})
    result = settle(d)
    # uncapped each loser would pay 5 × 2³ = 40; the cap keeps it at 16, of which 坐底 gets 1/5
    assert result.payments == [-16, 2 * (16 - 3), 2 * 3, -16]
    assert any("封顶" in line.zh for line in result.lines)


def test_luzhou_b_advanced_mode_adds_the_fan():
    d = _win_on_turned_three("luzhou-b")  # rules default: the advanced 名堂 table [004]
    fan = sum(h.value for h in d.win.result.patterns if isinstance(h.value, int))
    assert fan > 0
    each = (2 + 1) * fan
    assert settle(d).payments == [-each, 2 * each - fan, fan, -each]


def test_leshan_full_hundred_caps_the_total():
    hands = {0: "三", 1: "二七十 贰柒拾 二七十 贰柒拾 壹壹壹 三三 四五六"}
    plain = build("leshan", 3, hands)
    plain.play("0 discard 三")
    plain.play("1 win 三")
    assert settle(plain).points > 100
    capped = build("leshan", 3, hands, options={"full_hundred": True})
    capped.play("0 discard 三")
    capped.play("1 win 三")
    assert settle(capped).points == 100 and settle(capped).payments == [-300, 300, 0]


def test_leshan_win_on_a_turned_card_is_paid_by_everyone_by_default():
    d = build("leshan", 3, {0: "九", 1: "二七十 贰柒拾 二七十 贰柒拾 壹壹壹 三三 四五六"}, stock="三")
    d.play("0 discard 九")
    pass_all(d)
    d.play("1 turn 三")
    d.play("1 win 三")
    total = settle(d).points
    assert settle(d).payments == [-total, 2 * total, -total]


def test_leshan_xiaojia_wins_with_its_own_count():
    # 小家 (seat 0) holds 七七; the dealer's discard 七 makes a black 对子: 20 [003], doubled for 地和 (the dealer's
    # first discard; [003] leaves out only 坤 and 瞟 for 小家); the discarder pays × 4.
    d = build("leshan", 4, {0: "七七", 1: "七"}, dealer=1)
    assert d.table.roles[0] == "xiaojia"
    d.play("1 discard 七")
    assert Action.parse("0 win 七") in d.legal_actions()
    d.play("0 win 七")
    assert d.win.points == 20
    assert settle(d).payments == [160, -160, 0, 0]


def test_luzhou_a_no_hu_win_is_an_option():
    # Seven sets without a single hu point: 无胡 pays 6 (4 to the winner, 2 to 坐底) only if agreed [001].
    hand = "二三四 五六七 八九十 贰叁肆 伍陆柒 捌玖拾 四五"
    plain = build("luzhou-a", 4, {0: "六", 1: hand})
    plain.play("0 discard 六")
    assert Action.parse("1 win 六") not in plain.legal_actions()
    agreed = build("luzhou-a", 4, {0: "六", 1: hand}, options={"allow_no_hu_win": True})
    agreed.play("0 discard 六")
    agreed.play("1 win 六")
    assert agreed.win.points == 0
    assert settle(agreed).payments == [-12, 8, 4, 0]  # 放炮兜底: the discarder pays both shares


def test_three_held_fours_win_at_once_only_when_agreed():
    hands = {1: "一一一一 二二二二 三三三三"}
    plain = build("luzhou-a", 4, hands)
    assert Action.parse("1 win") not in plain.legal_actions()
    agreed = build("luzhou-a", 4, hands, options={"instant_win_on_deal": True})
    assert Action.parse("1 win") in agreed.legal_actions()  # out of turn, before the dealer's discard [001]
    agreed.play("1 win")
    assert agreed.win.how == "instant" and agreed.win.points == 9 + 15 + 9  # 龙: 一 9, 二 (red) 15, 三 9
    assert "heaven" not in agreed.win.context
    result = settle(agreed)
    assert sum(result.payments) == 0 and result.payments[1] > 0


# ---------------------------------------------------------------- a hand that reads two ways [001]

# Seat 1: 陆陆陆陆 (held four, 12) 捌捌捌 (6) 一一一 (3) 贰柒拾 (9) 四五六 (0) and 九九 玖玖. On a discarded 九 it reads
# as 九九九 (pong, 1) + 玖玖 (pair): 31 hu, or as 九玖玖 (mixed, 0) + 九九 (pair): exactly 30 hu.
TWO_READINGS = "陆陆陆陆 捌捌捌 一一一 贰柒拾 四五六 九九 玖玖"


def _win_on_discarded_nine(declare=None):
    d = build("luzhou-a", 4, {0: "九", 1: TWO_READINGS}, options=None if declare is None else {"declare": declare})
    d.play("0 discard 九")
    d.play("1 win 九")
    return d


def test_the_winner_declares_the_reading_that_pays_most():
    d = _win_on_discarded_nine()
    assert d.win.points == 31 and set(d.win.result.totals) == {31, 30}
    # [001]: exactly 30 hu pays 8 (6 to the winner, 2 to the sitter); 31–39 pays only 5 (4 and 1).
    assert luzhou_a_row(30) == (8, 6, 2) and luzhou_a_row(31) == (5, 4, 1)
    result = settle(d)
    # one held four doubles (×2); the discarder pays for both losers (放炮兜底): 2 × 8 × 2 = 32
    assert result.points == 8
    assert result.payments == [-32, 24, 8, 0]
    assert any("30" in line.zh and "31" in line.zh for line in result.lines)


def test_most_points_reading_as_an_option():
    d = _win_on_discarded_nine("most-points")
    result = settle(d)
    assert result.points == 5
    assert result.payments == [-20, 16, 4, 0]
    assert not any("也可读作" in line.zh for line in result.lines)


def test_declare_option_refuses_an_unknown_reading():
    with pytest.raises(RuleError) as error:
        _win_on_discarded_nine("highest")
    assert error.value.code == "bad-option" and error.value.where == "options.declare"


@pytest.mark.parametrize(
    "rules, players",
    [
        ("luzhou-a", 4),
        ("luzhou-b", 4),
        ("leshan", 3),
        ("leshan", 4),
        ("wuchuan", 4),
        ("wuchuan", 3),
        ("wuchuan-yibai", 3),
    ],
)
def test_a_deal_nobody_won_has_an_outcome_that_says_so(rules, players):
    # The viewers head a settlement nobody won with its ``outcome`` (in place of a bare "nobody won" over a line that
    # says it again): every way a deal ends without a winner has one, in both languages, and no other line says it;
    # a deal somebody won has none.
    found = won = 0
    for seed in range(400):
        deal = simulate_one(rules, players, seed)
        settlement = settle(deal)
        if deal.win is not None:
            won += 1
            assert settlement.outcome is None and settlement.as_dict()["outcome"] is None, seed
            continue
        found += 1
        outcome = settlement.outcome
        assert outcome is not None, seed
        assert "无人" in outcome.zh or "没有人" in outcome.zh, (seed, outcome.zh)
        assert "nobody" in outcome.en or "no winner" in outcome.en, (seed, outcome.en)
        assert settlement.as_dict()["outcome"] == outcome.as_dict()
        assert not [line for line in settlement.lines if "无人" in line.zh or "没有人" in line.zh], settlement.lines
        if found == 3 and won:
            break
    assert found, f"no deal of {rules} nobody won in 400 seeds"
