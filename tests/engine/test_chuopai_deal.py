"""chuopai/deal.py, rules.py and scoring.py: the trick, refusals as located bilingual errors, penalties, counting."""

import random
from itertools import combinations

import pytest
from changpai.bots.chuopai import play_out
from changpai.chuopai.actions import ChuoAction
from changpai.chuopai.cards import parse_cards
from changpai.chuopai.deal import ChuoDeal, make_table
from changpai.chuopai.options import ChuoRules, rules_from
from changpai.chuopai.plays import counts_of, shape
from changpai.chuopai.rules import RULES
from changpai.chuopai.scoring import HUANG, WIN, next_dealer, settle
from changpai.core.text import ChangpaiError, RuleError


def small(hands, rules=None, dealer=0):
    rules = rules or ChuoRules()
    return ChuoDeal.from_hands(rules, make_table(rules.players, dealer), None, [parse_cards(h) for h in hands], ())


def refused(deal, text):
    with pytest.raises(RuleError) as info:
        deal.play(text)
    error = info.value
    assert error.text.zh and error.text.en and error.where
    return error


# ---------------------------------------------------------------- the trick


def test_the_best_play_takes_the_trick_its_owner_keeps_its_cards_and_leads():
    d = small(["二三 天", "三六 幺六", "二五 斧头"])
    d.play("0 play 二三")
    d.play("1 play 三六")  # black nine over black five
    d.play("2 down 斧头")  # cannot beat: one card face down
    assert d.piles[1] == list(parse_cards("三六")) and sorted(d.covered) == sorted(parse_cards("二三 斧头"))
    assert d.to_act == d.leader == 1 and d.tricks[0].taker == 1


def test_hard_cards_are_laid_in_front_at_the_deal_and_counted():
    d = small(["天 二红 丁丁", "地", "人"])
    assert d.hands[0] == list(parse_cards("天")) and len(d.piles[0]) == 2


def test_must_beat_when_able_even_by_jumping_a_class():
    d = small(["和", "天 斧头", "地 长三"])
    d.play("0 play 和")
    assert {str(a) for a in d.legal_actions()} == {"1 play 天"}  # no face-down while 天 beats
    d.play("1 play 天")
    assert not any(a.kind == "play" for a in d.legal_actions())  # nothing beats 天
    d.play("2 down 长三")
    assert d.tricks[0].taker == 1


def test_a_pass_when_the_option_says_so():
    d = small(["二三 天", "三四 地", "幺四 人"], ChuoRules(cannot_beat="pass"))
    d.play("0 play 二三")
    assert [str(a) for a in d.legal_actions()] == ["1 down"]
    d.play("1 down")


def test_legal_actions_are_every_sub_multiset_the_rules_allow():
    """At random points of simulated deals: the lazy legal list equals filtering every subset of the hand of the
    trick's size (every size up to 4 for a lead) through the rule objects."""
    rng = random.Random(5)
    for seed in range(12):
        deal = ChuoDeal.new(seed)
        stop = rng.randrange(1, 30)
        for _ in range(stop):
            if deal.over:
                break
            deal.play(next(iter(deal.legal_actions())))
        if deal.over:
            continue
        hand = deal.hands[deal.to_act]
        sizes = range(1, 5) if not deal.trick else [len(deal.trick[0].cards)]
        subsets = {tuple(sorted(c)) for k in sizes for c in combinations(hand, k)}
        candidates = [ChuoAction(deal.to_act, kind, s) for s in subsets for kind in ("play", "down")]
        expected = {a for a in candidates if all(r.check(deal, a) is None for r in RULES)}
        assert set(deal.iter_legal()) == expected
        assert deal.legal_actions().count() == len(expected) and bool(deal.legal_actions())


# ---------------------------------------------------------------- bad input: located, bilingual, the rule named


def test_a_play_that_does_not_beat():
    d = small(["人", "地 和", "天"])
    d.play("0 play 人")
    e = refused(d, "1 play 和")
    assert e.code == "does-not-beat" and e.where == "action.cards" and "beat" in e.text.en


def test_a_combination_without_a_main_card():
    e = refused(small(["三六 四五", "天", "地"]), "0 play 三六 四五")
    assert e.code == "combination-without-main" and "正门" in e.text.zh


def test_a_hard_card_led():
    e = refused(small(["天 二红", "地", "人"]), "0 play 二红")
    assert e.code == "hard-card" and e.where == "action.cards.0" and "硬张" in e.text.zh


def test_a_card_not_in_the_hand():
    e = refused(small(["天 地", "人", "和"]), "0 play 地 地")
    assert e.code == "not-in-hand" and e.where == "action.cards.1"


def test_out_of_turn_wrong_count_and_unreadable_actions():
    d = small(["天 天", "地 地", "人 人"])
    assert refused(d, "1 play 地").code == "not-your-turn"
    assert refused(d, "0 down 天").code == "lead-face-up"
    d.play("0 play 天 天")
    assert refused(d, "1 down 地").code == "same-count"
    assert refused(d, "1 fly 地").code == "bad-action"
    with pytest.raises(ChangpaiError) as info:
        d.play("1 play 飞机")
    assert info.value.where == "action.cards.0"


def test_the_not_beating_penalty_stops_the_deal_and_names_the_payer():
    d = small(["二三 天", "三六 地", "幺四 人"])
    d.play("0 play 二三")
    d.play("1 down 地")  # could beat with 三六: 罚
    assert d.over and d.end == "fa" and d.events[0].payer == 1
    s = settle(d)
    assert s.outcome == "fa" and s.scores == [1, -1, 0] and s.payments[0].payer == 1


def test_the_not_beating_breach_can_be_refused_instead():
    d = small(["二三 天", "三六 地", "幺四 人"], ChuoRules(not_beating="refused"))
    d.play("0 play 二三")
    assert refused(d, "1 down 地").code == "must-beat"


def test_bao_leading_ones_biggest_main_card_and_losing_it():
    d = small(["地 二三", "天 三六", "人 幺四"])
    d.play("0 play 地")  # 0's biggest 正门 card; 天 is out against it
    d.play("1 play 天")
    d.play("2 down 人")
    assert [(e.kind, e.payer) for e in d.events] == [("bao", 0)]


# ---------------------------------------------------------------- counting [002]


def counted(piles, rules=None):
    d = small(["天", "地", "人"], rules)
    d.piles = [list(parse_cards("长三")) * n for n in piles]
    d.end = "played_out"
    return settle(d)


def test_fifteen_is_huang_and_each_card_over_wins_one():
    assert counted([15, 10, 9]).outcome == HUANG and counted([15, 10, 9]).scores == [0, 0, 0]
    assert counted([16, 10, 8]).scores == [2, -1, -1]  # the dealer wins one from each ally
    assert counted([17, 10, 7]).scores == [4, -2, -2]
    assert counted([8, 18, 8]).scores == [-3, 3, 0]  # an ally wins from the dealer only
    assert counted([8, 18, 8], ChuoRules(payers="everyone")).scores == [-3, 6, -3]


def test_fan_doubles_the_cards_won():
    assert counted([17, 10, 7], ChuoRules(fan=2)).scores == [16, -8, -8]
    assert counted([17, 10, 7]).outcome == WIN


def test_stop_early_huang():
    d = small(["天 天 地", "长三 长三 和", "斧头 斧头 人"], ChuoRules(huang="stop_early"))
    d.piles[0] = list(parse_cards("梅")) * 13
    d.play("0 play 天 天")
    d.play("1 down 长三 长三")
    d.play("2 down 斧头 斧头")
    assert d.end == "huang" and settle(d).outcome == HUANG


def test_dealer_rotation_and_the_winner_option():
    d = play_out(ChuoDeal.new(seed=2, dealer=1))
    assert next_dealer(d, [0, 0, 0]) == 2
    w = play_out(ChuoDeal.new(seed=2, dealer=1, options={"next_dealer": "winner"}))
    assert next_dealer(w, [0, 0, 3]) == 2 and next_dealer(w, [0, 0, 0]) == 1


# ---------------------------------------------------------------- seats, options, records


def test_four_players_one_rests_and_two_play_head_to_head():
    four = ChuoDeal.new(seed=1, options={"players": 4})
    assert four.table.sitter == 2 and four.dealt[2] == () and four.side(2) is None
    two = ChuoDeal.new(seed=1, options={"players": 2})
    assert len(two.undealt) == 28 and sum(settle(play_out(two)).scores) == 0


def test_options_are_checked_and_located():
    for bad, where in (({"copies": 3}, "options.copies"), ({"nope": 1}, "options.nope"), ({"fan": 99}, "options.fan")):
        with pytest.raises(RuleError) as info:
            rules_from(bad)
        assert info.value.where == where
    with pytest.raises(RuleError) as info:
        ChuoDeal.new(options={"hand_size": 40})
    assert info.value.where == "options.hand_size"


def test_a_record_replays_to_the_same_state_and_bad_steps_are_located():
    d = play_out(ChuoDeal.new(seed=11, options={"copies": 5}))
    again = ChuoDeal.from_dict(d.to_dict())
    assert again.snapshot() == d.snapshot() and settle(again).scores == settle(d).scores
    data = d.to_dict()
    data["history"] = [*data["history"][:3], "0 play 天 天 天 天 天"]
    with pytest.raises(ChangpaiError) as info:
        ChuoDeal.from_dict(data)
    assert info.value.where.startswith("history.3")
    data = d.to_dict()
    data["hands"][0] = data["hands"][0] + " 天"
    with pytest.raises(ChangpaiError):
        ChuoDeal.from_dict(data)


def test_shape_of_every_trick_play_is_the_one_the_rules_read():
    d = play_out(ChuoDeal.new(seed=4))
    for trick in d.tricks:
        lead = trick.actions[0]
        assert shape(lead.cards, d.rules) is not None and counts_of(lead.cards)


def test_the_deal_keeps_the_game_protocol():
    from changpai.chuopai.deal import as_game

    game = as_game(ChuoDeal.new(seed=6))
    legal = game.legal_actions()
    first = next(iter(legal))
    assert str(first) in legal and first in legal and legal.count() == len(list(legal)) > 0 and bool(legal)
    assert game.parse_action("nonsense") is None and game.game == "chuopai" and not game.over
    assert "1 play 天" not in legal  # not seat 1's turn
