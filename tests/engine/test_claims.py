"""Claims on a face-up card: priority, seat tie-breaks, compulsory claims, who may eat, 比/摆, 过张, 八块."""

import pytest
from changpai.core.text import RuleError
from changpai.daer.actions import Action, ActionType
from changpai.daer.claims import ranked, resolve
from dealkit import build, pass_all

# Seat 1 waits on 二 (一三 → 一二三) with 21 points under [001]: 贰贰贰 12, 叁叁叁 6, 一二三 3.
READY_ON_2 = "贰贰贰 叁叁叁 四五六 七八九 肆伍陆 柒捌玖 一三"
# Seat 3 waits on 二 too (七十 → 二七十): 壹壹壹 6, 肆肆肆 6, 九九九 3, 二七十 6 = 21.
READY_ON_2_B = "壹壹壹 肆肆肆 伍陆柒 捌玖拾 六七八 九九九 七十"


def A(text: str) -> Action:
    return Action.parse(text)


def test_win_beats_a_compulsory_pong_and_the_pong_cannot_be_passed():
    d = build("luzhou-a", 4, {0: "二", 1: READY_ON_2, 3: "二二"})
    d.play("0 discard 二")
    legal = d.legal_actions()
    assert A("1 win 二") in legal and A("3 pong 二") in legal
    assert A("3 pass") not in legal  # [001]: a pong is compulsory
    assert resolve(d, {1: A("1 win 二"), 3: A("3 pong 二")}) == A("1 win 二")
    d.play("1 win 二")
    assert d.over and d.win.seat == 1 and d.win.points == 21


def test_pong_beats_eat_and_a_compulsory_pong_blocks_the_eat():
    hands = {0: "二", 1: "一三 四四 五五 六六 七七 八八 九九 十十 壹壹 叁叁", 3: "二二"}
    d = build("luzhou-a", 4, hands)
    d.play("0 discard 二")
    assert resolve(d, {1: A("1 eat 二 with 一三"), 3: A("3 pong 二")}).type == ActionType.PONG
    with pytest.raises(RuleError) as error:
        d.play("1 eat 二 with 一三")
    assert error.value.code == "must-pong" and "[001]" in error.value.text.en and "必须碰" in error.value.text.zh
    # Under [004] the pong is optional, so the eat stands (seat 3 passes).
    b = build("luzhou-b", 4, hands)
    b.play("0 discard 二")
    b.play("1 eat 二 with 一三")
    assert [str(s.meld) for s in b.seats[1].laid] == ["一二三"]


def test_kong_beats_eat():
    d = build("luzhou-b", 4, {0: "二", 1: "一三 四四 五五 六六 七七 八八 九九 十十 壹壹 叁叁", 3: "二二二"})
    d.play("0 discard 二")
    order = ranked(d, [A("1 eat 二 with 一三"), A("3 kong 二")])
    assert [a.type for a in order] == [ActionType.KONG, ActionType.EAT]


def test_two_winners_on_a_discard_the_nearer_seat_wins():
    d = build("luzhou-a", 4, {0: "二", 1: READY_ON_2, 3: READY_ON_2_B})
    d.play("0 discard 二")
    assert {a.seat for a in d.legal_actions() if a.type == ActionType.WIN} == {1, 3}
    assert resolve(d, {1: A("1 win 二"), 3: A("3 win 二")}).seat == 1  # 上家优先 [001]


def test_two_winners_on_a_turned_card_the_turner_wins_first():
    d = build("luzhou-b", 4, {0: "拾", 1: READY_ON_2, 3: READY_ON_2_B}, stock="十二")
    d.play("0 discard 拾")
    if d.phase == "claim":
        d.play("1 turn")
    else:
        d.play("1 turn 十")
    if d.phase == "claim":
        d.play("3 turn")
    else:
        d.play("3 turn 二")
    wishes = {1: A("1 win 二"), 3: A("3 win 二")}
    assert resolve(d, wishes).seat == 3  # 自摸优先 [001][004]


def test_eating_is_only_from_the_seat_before_or_ones_own_turned_card():
    d = build("luzhou-b", 4, {0: "二", 1: "四四 五五 六六 七七 八八 九九 十十 壹壹 叁叁 玖玖", 3: "一三"})
    d.play("0 discard 二")
    assert A("3 eat 二 with 一三") not in d.legal_actions()  # seat 3 is not the dealer's 下家
    with pytest.raises(RuleError) as error:
        d.play("3 eat 二 with 一三")
    assert error.value.code == "eat-wrong-seat"


def test_luzhou_a_may_eat_the_previous_seats_turned_card_but_luzhou_b_may_not():
    hands = {0: "拾", 3: "一三 四四 五五 六六 七七 八八 九九 十十 壹壹 叁叁"}
    for rules, allowed in (("luzhou-a", True), ("luzhou-b", False)):
        d = build(rules, 4, hands, stock="二")
        d.play("0 discard 拾")
        pass_all(d)
        d.play("1 turn 二")  # seat 1 is seat 3's 上家
        assert (A("3 eat 二 with 一三") in d.legal_actions()) is allowed, rules


def test_two_players_eat_only_their_own_turned_cards():
    d = build("leshan", 2, {0: "二", 1: "一三 四四 五五 六六 七七 八八 九九 十十 壹壹"}, stock="二")
    d.play("0 discard 二")
    assert A("1 eat 二 with 一三") not in d.legal_actions()  # 对抠 [003]
    d.play("1 turn 二")
    assert A("1 eat 二 with 一三") in d.legal_actions()


def test_bi_the_held_copy_must_be_laid_out_or_the_eat_is_refused():
    # Seat 1 holds 三四 and another 二 with 一三: eating 二 with 三四 must lay out 一二三 (比).
    d = build("luzhou-b", 4, {0: "二", 1: "三四 一二三 五五 六六 七七 八八 九九 十十 壹壹"})
    d.play("0 discard 二")
    eats = [
        a
        for a in d.legal_actions(1)
        if a.type == ActionType.EAT and a.cards == tuple(sorted(A("1 eat 二 with 三四").cards))
    ]
    assert eats and all(a.bi for a in eats)
    with pytest.raises(RuleError) as error:
        d.play("1 eat 二 with 三四")
    assert error.value.code == "bi-required"
    d.play("1 eat 二 with 三四 bi 一二三")
    assert [str(s.meld) for s in d.seats[1].laid] == ["二三四", "一二三"]
    assert any(e["code"] == "bi" for e in d.events)


def test_bi_impossible_means_the_eat_is_refused_摆不下来():
    # [003]'s example: holding 二七十, eating 七 to use the held 七 elsewhere cannot be laid out.
    d = build("leshan", 3, {0: "七", 1: "二七十 五六 壹壹 叁叁 肆肆 伍伍 陆陆 捌捌 玖玖"})
    d.play("0 discard 七")
    eats = [a for a in d.legal_actions(1) if a.type == ActionType.EAT]
    assert all(a.bi for a in eats)  # every eat must lay out the held 七 in a set (二七十)
    assert A("1 eat 七 with 五六 bi 二七十") in d.legal_actions()


def test_mixed_form_needs_no_bi_in_luzhou_b():
    d = build("luzhou-b", 4, {0: "二", 1: "贰贰 一三 五五 六六 七七 八八 九九 十十 壹壹 拾"})
    d.play("0 discard 二")
    assert A("1 eat 二 with 贰贰") in d.legal_actions()  # 大大小: no 比 [004]


def test_passed_card_may_not_be_eaten_later_过张():
    pairs = "四四 五五 六六 七七 八八 九九 十十 壹壹 叁叁"
    d = build("luzhou-a", 4, {0: "二", 1: "一三 " + pairs, 3: "一三"}, stock="二")
    d.play("0 discard 二")
    assert A("1 eat 二 with 一三") in d.legal_actions()
    d.play("1 pass")
    pass_all(d)
    assert d.seats[1].passed_eat == {1}
    d.play("1 turn 二")
    assert any(a.type == ActionType.EAT for a in d.legal_actions(3))  # [001]: the 上家's turned card
    assert A("1 eat 二 with 一三") not in d.legal_actions()
    with pytest.raises(RuleError) as error:
        d.play("1 eat 二 with 一三")
    assert error.value.code == "eat-passed" and "过张" in error.value.text.zh


def test_passed_pong_is_barred_in_luzhou_b():
    d = build("luzhou-b", 4, {0: "五", 3: "五五 一一 二二 三三 四四 六六 七七 八八 九九 十十"}, stock="壹五")
    d.play("0 discard 五")
    assert A("3 pong 五") in d.legal_actions()
    d.play("3 pass")
    pass_all(d)
    assert 4 in d.seats[3].passed_pong
    d.play("1 turn 壹")
    pass_all(d)
    d.play("3 turn 五")
    assert A("3 pong 五") not in d.legal_actions()
    with pytest.raises(RuleError) as error:
        d.play("3 pong 五")
    assert error.value.code == "pong-passed"


def test_eight_blocks_no_discard_after_the_second_four():
    # The dealer holds two fours: lays both out and does not discard (八块), the next seat turns.
    d = build("luzhou-a", 4, {0: "一一一一 二二二二"})
    assert set(d.legal_actions()) == {A("0 four 一"), A("0 four 二")}  # must lay them out before discarding
    d.play("0 four 一")
    d.play("0 four 二")
    assert any(e["code"] == "eight-blocks" for e in d.events)
    assert d.phase == "turn" and d.to_act == 1


def test_a_non_dealer_lays_out_a_held_four_only_after_its_first_claim():
    d = build("luzhou-b", 4, {0: "二", 1: "一三 五五五五 六六 七七 八八 九九 十十 壹壹"})
    d.play("0 discard 二")
    assert not any(a.type == ActionType.FOUR for a in d.legal_actions())
    d.play("1 eat 二 with 一三")
    assert set(d.legal_actions()) == {A("1 four 五")}


def test_end_of_stock_means_no_winner():
    d = build("luzhou-b", 4, {})
    steps = 0
    import random

    from changpai.bots.daer import SimpleBot, play_out

    play_out(d, [SimpleBot(random.Random(i)) for i in range(4)])
    assert d.over
    if d.win is None:
        assert d.ended_by == "stock" and d.turned == len(d.stock)
    steps += 1


def test_xiaojia_draws_privately_then_keeps_or_shows():
    d = build("leshan", 4, {}, dealer=1)
    x = d.table.xiaojia
    assert x == 0
    from changpai.bots.daer import SimpleBot, next_action

    bots = [SimpleBot(__import__("random").Random(s)) for s in range(4)]
    for _ in range(200):
        if d.over or (d.phase == "turn" and d.to_act == x):
            break
        action = next_action(d, bots)
        if d.phase == "claim" and action.type == ActionType.PASS:
            for seat in d.to_move():
                d.play(Action(ActionType.PASS, seat))
        else:
            d.play(action)
    if d.over:
        pytest.skip("deal ended before 小家's turn")
    assert list(d.legal_actions()) == [A(f"{x} draw")]
    d.play(f"{x} draw")
    kinds = {a.type for a in d.legal_actions()}
    assert ActionType.SHOW in kinds and ActionType.DISCARD in kinds
    assert d.snapshot()["face_up"] is None  # the drawn card stays private
    # ... but the frames carry it, for a viewer that shows every hand
    assert d.snapshot()["private"] == {"seat": x, "card": str(d.drawn)}
    d.play(f"{x} show")
    assert d.exposed is not None or d.phase in ("turn", "over")
    assert d.snapshot()["private"] is None
