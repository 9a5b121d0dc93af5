"""红点点 deals (changpai.hongdiandian.deal): the flow, the rules of play named in refusals, 包牌 committed on
purpose and found again on replay, and many simulated deals with every invariant checked."""

from __future__ import annotations

import sys

import pytest
from changpai.bots.hongdiandian import simulate, simulate_one
from changpai.core.game import Game
from changpai.core.text import ChangpaiError, RuleError
from changpai.hongdiandian.actions import Action
from changpai.hongdiandian.deal import PHASE_DISCARD, PHASE_OFFER, PHASE_TURN, HddDeal
from changpai.hongdiandian.play_rules import RULES, broken
from changpai.hongdiandian.rules import HUADA, SICHENG
from hddkit import build, c, jue_deal
from hypothesis import given, settings
from hypothesis import strategies as st

IN_PYODIDE = sys.platform == "emscripten"


def test_the_deal_is_16_and_15_and_the_stock_19():
    deal = HddDeal.new(SICHENG, seed=7)
    sizes = [sum(h) for h in deal.hands]
    assert sizes == [16, 15, 15, 15] and len(deal.stock) == 19 and deal.cards_in_play() == 80
    assert deal.phase == PHASE_DISCARD and deal.to_move() == [0]
    again = HddDeal.new(SICHENG, seed=7)
    assert again.initial_hands == deal.initial_hands and again.initial_stock == deal.initial_stock


def test_a_jue_card_not_eaten_may_not_be_discarded_and_committing_it_is_bao():
    deal = jue_deal()
    deal.play(Action(0, "discard", c("一")))
    assert deal.phase == PHASE_OFFER and deal.to_move() == [1]
    assert set(map(str, deal.legal_actions())) == {"1 eat 一", "1 pass"}
    deal.play(Action(1, "pass"))
    assert deal.phase == PHASE_TURN and deal.to_move() == [1]
    deal.play(Action(1, "turn"))  # 拾 comes up; seat 1 eats it with 九
    while deal.to_move() != [1] or deal.prompts[0][1] != "eat":
        deal.play(Action(deal.to_move()[0], "pass"))
    deal.play(Action(1, "eat", c("九")))
    assert Action(1, "discard", c("一")) not in deal.legal_actions()
    with pytest.raises(RuleError) as caught:
        deal.play(Action(1, "discard", c("一")))
    error = caught.value
    assert error.code == "jue-discard" and error.where == f"history.{len(deal.history)}"
    assert "绝牌" in error.text.zh and "绝牌" in error.text.en and "[000]" in error.text.en
    with pytest.raises(RuleError) as caught:
        deal.play(Action(1, "discard", c("拾")))  # a copy of the card just eaten
    assert caught.value.code == "discard-eaten"
    events = deal.play(Action(1, "discard", c("一")), violation=True)
    assert events[0]["type"] == "bao" and deal.over
    assert deal.settlement() == {
        "type": "bao",
        "seat": 1,
        "rule": {
            "code": "jue-discard",
            "name": {"zh": "不吃绝牌又打出", "en": "discarding a 绝牌 not eaten"},
            "source": "[000]",
            "bao": True,
        },
        "pays": [0, 2, 3],
    }
    replayed = HddDeal.from_dict(deal.to_dict())  # the 包牌 is found again on replay
    assert replayed.bao == (1, "jue-discard") and replayed.to_dict() == deal.to_dict()


def test_holding_two_copies_the_offered_jue_card_makes_a_kan_and_bars_nothing():
    deal = build(["一", "一一九拾", "", ""], stock_front="拾", stock_back="一拾拾")  # seat 1 holds 一一
    deal.play(Action(0, "discard", c("一")))
    while deal.phase == PHASE_OFFER:
        deal.play(Action(deal.to_move()[0], "pass"))
    assert deal.barred[1] == set()


def test_eating_a_card_passed_before_is_named_and_can_be_committed():
    deal = jue_deal()
    deal.play(Action(0, "discard", c("一")))
    deal.play(Action(1, "pass"))
    deal.passed_eat[1].add(c("拾").index)  # as if 拾 had been passed earlier
    deal.play(Action(1, "turn"))
    assert all(a.kind != "eat" or a.seat != 1 for a in deal.legal_actions())
    with pytest.raises(RuleError) as caught:
        deal.play(Action(1, "eat", c("九")))
    assert caught.value.code == "eat-passed"
    deal.play(Action(1, "eat", c("九")), violation=True)
    assert deal.bao == (1, "eat-passed")


def test_a_false_win_and_a_win_under_the_minimum_are_refused_or_bao():
    deal = jue_deal()
    deal.play(Action(0, "discard", c("二")))
    while deal.phase == PHASE_OFFER:
        deal.play(Action(deal.to_move()[0], "pass"))
    deal.play(Action(1, "turn"))
    with pytest.raises(RuleError) as caught:
        deal.play(Action(2, "hu"), violation=False)
    assert caught.value.code in ("not-your-turn", "false-win")
    deal.play(Action(2, "hu"), violation=True)
    assert deal.bao == (2, "false-win")


def test_no_win_on_an_ordinary_discard():
    deal = jue_deal()
    deal.play(Action(0, "discard", c("二")))
    found = broken(deal, Action(1, "hu"), committing=True)
    assert found is not None and found[0].code == "hu-turned-only"


def test_too_many_cards_is_bao_for_the_holder_or_else_the_dealer():
    good = jue_deal()
    hands, stock = [list(h) for h in good.initial_hands], list(good.initial_stock)
    hands[2].append(stock.pop())  # seat 2 took 16
    deal = HddDeal.new(SICHENG, hands=hands, stock=stock)
    assert deal.over and deal.bao == (2, "too-many-cards")
    assert list(deal.legal_actions()) == []
    hands[1].append(stock.pop())  # seats 1 and 2 both took 16: several wrong, the dealer's
    deal = HddDeal.new(SICHENG, hands=hands, stock=stock)
    assert deal.bao == (0, "too-many-cards")


def test_a_fifth_copy_in_a_dealt_hand_is_a_located_error():
    good = jue_deal()
    hands = [list(h) for h in good.initial_hands]
    hands[0][0] = c("拾")  # a fifth 拾
    with pytest.raises(ChangpaiError) as caught:
        HddDeal.new(SICHENG, hands=hands, stock=list(good.initial_stock))
    assert caught.value.code in ("too-many-copies", "card-count") and caught.value.where == "hands"


def test_tianhu_under_huada_on_the_dealers_16():
    hands = ["捌八 捌六 壹壹 陆四 十十 一一 二二 五五", "", "", ""]
    deal = build(hands, rules=HUADA)
    assert Action(0, "hu") in deal.legal_actions()
    deal.play(Action(0, "hu"))
    assert deal.result is not None and (deal.result.cls.key, deal.result.layers) == ("tianhu", 3)
    plain = build(hands, rules=SICHENG)  # 19 points: no 天胡 class under 老四层, the minimum applies
    assert Action(0, "hu") not in plain.legal_actions()


def test_bad_action_texts_are_located_errors():
    deal = jue_deal()
    for text in ("0 discard", "x discard 一", "0 fly 一", "0 discard 一二"):
        with pytest.raises(ChangpaiError) as caught:
            Action.parse(text, where="action")
        assert caught.value.where == "action"
    assert deal.parse_action("0 nonsense") is None


def test_every_rule_is_sourced_and_named_in_both_languages():
    for rule in RULES:
        assert rule.source in ("[000]", "engine") and rule.name.zh and rule.name.en


def test_the_deal_is_a_game():
    deal: Game[Action] = HddDeal.new(HUADA, seed=3)
    assert deal.game == "hongdiandian" and 1 <= deal.legal_actions().count() <= 16
    assert all(deal.is_legal(a) for a in deal.legal_actions())


# Deals per rule set and bot: 2 x (4000 + 1000) = 10,000 under CPython, every step's invariants checked.
SIMULATED = {"simple": 4000, "random": 1000} if not IN_PYODIDE else {"simple": 100, "random": 50}


@pytest.mark.simulation
@pytest.mark.parametrize("rules", [SICHENG, HUADA])
@pytest.mark.parametrize("bot", ["simple", "random"])
def test_simulated_deals_keep_every_invariant(rules, bot):
    summary = simulate(rules, deals=SIMULATED[bot], seed=1000, bot=bot)
    assert summary["broken_invariants"] == 0
    assert sum(summary["outcomes"].values()) == SIMULATED[bot]
    assert set(summary["outcomes"]) <= {"win", "none"}  # bots never commit a 包牌


@pytest.mark.parametrize(
    ("rules", "options"),
    [(SICHENG, None), (HUADA, None), (SICHENG, {"double_kan": "pairing"}), (HUADA, {"wild_dasan": True})],
    ids=["sicheng", "huada", "kan-pairing", "wild"],
)
def test_the_quick_win_test_agrees_with_the_scored_hand(rules, options):
    """``win_holds`` (asked of every seat at every offer) answers as ``win_score(...).holds`` does, in every state of
    simulated deals: with 坎 laid alone, and with 大叁 wild (where it scores the hand)."""
    asked = holding = 0
    for seed in range(6 if IN_PYODIDE else 40):
        deal, _ = simulate_one(rules, seed, check=False, options=options)
        replay = HddDeal.new(
            rules, hands=deal.initial_hands, stock=deal.initial_stock, dealer=deal.dealer, options=options
        )
        for action, _committed in deal.history:
            for seat in range(replay.players):
                if replay.hu_eligible(seat):
                    quick = replay.win_holds(seat)
                    assert quick == replay.win_score(seat).holds, (seed, len(replay.history), seat)
                    asked += 1
                    holding += quick
            replay.play(action)
    assert asked > 100 and 0 < holding < asked, (asked, holding)


@pytest.mark.parametrize("seed", range(6))
def test_a_simulated_deal_replays_from_its_state(seed):
    deal, problems = simulate_one(HUADA if seed % 2 else SICHENG, seed)
    assert not problems
    again = HddDeal.from_dict(deal.to_dict())
    assert again.to_dict() == deal.to_dict() and again.settlement() == deal.settlement()


def test_every_legal_action_passes_the_rules_and_every_refusal_names_one():
    deal, _ = simulate_one(SICHENG, 11, check=False)
    replay = HddDeal.new(SICHENG, hands=deal.initial_hands, stock=deal.initial_stock, dealer=deal.dealer)
    for action, _committed in deal.history:
        for seat in replay.to_move():
            for candidate in replay._candidates(seat):
                found = broken(replay, candidate)
                assert (found is None) == (candidate in replay.legal_actions())
        replay.play(action)
    assert replay.to_dict()["history"] == deal.to_dict()["history"] and replay.over


def test_a_black_hand_may_dui_onto_a_pair_without_laying_a_kan():
    partial = ["二", "", "二二 四四 五五 六六 八八 九九 叁叁 肆", ""]  # seat 2: no red point at all
    deal = build(partial, stock_back="二")
    deal.play(Action(0, "discard", c("二")))
    assert deal.to_move() == [2] and Action(2, "dui") in deal.legal_actions()
    deal.play(Action(2, "dui"))
    assert [u.kind for u in deal.melds[2]] == ["kan"] and deal.phase == PHASE_DISCARD and deal.actor == 2
    strict = HddDeal.new(SICHENG, hands=deal.initial_hands, stock=deal.initial_stock, options={"black_kan": "never"})
    strict.play(Action(0, "discard", c("二")))
    assert Action(2, "dui") not in strict.legal_actions()


@settings(max_examples=30 if IN_PYODIDE else 150, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([SICHENG, HUADA]), st.sampled_from(["simple", "random"]))
def test_any_seeded_deal_keeps_its_invariants_and_replays(seed, rules, bot):
    deal, problems = simulate_one(rules, seed, bot=bot)
    assert problems == []
    again = HddDeal.from_dict(deal.to_dict())
    assert again.settlement() == deal.settlement() and again.cards_in_play() == 80
