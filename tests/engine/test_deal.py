"""The deal as a state machine: turn order, the lazy legal-action view, errors that name the rule, JSON state."""

import json

import pytest
from changpai.bots.daer import simulate_one
from changpai.core.game import LegalActions
from changpai.core.text import HandError, RuleError
from changpai.daer.actions import Action, ActionType, native_words
from changpai.daer.analysis import waits
from changpai.daer.deal import CLAIM, DISCARD, OVER, TURN, Deal
from changpai.daer.record import DealRecord, frames
from changpai.daer.sets import Meld, SetKind
from changpai.daer.split import fits
from changpai.daer.traditions import get_rules
from changpai.decks.numerals import ALL_KINDS
from dealkit import build, pass_all
from hypothesis import assume, given, settings
from hypothesis import strategies as st

A = Action.parse


def test_the_dealer_discards_first():
    d = Deal.new("luzhou-a", 4, seed=1, dealer=1)
    assert d.phase == DISCARD and d.to_act == 1
    legal = d.legal_actions()
    assert isinstance(legal, LegalActions)
    assert all(a.seat == 1 for a in legal)
    assert bool(legal) and legal.count() == len(list(legal)) == len(set(legal)) > 0


def test_membership_accepts_text_and_rejects_other_seats():
    d = Deal.new("luzhou-b", 4, seed=2)
    card = next(a.card for a in d.legal_actions() if a.type == ActionType.DISCARD)
    assert f"0 discard {card}" in d.legal_actions()
    assert f"1 discard {card}" not in d.legal_actions()
    assert "nonsense" not in d.legal_actions()
    assert Action(ActionType.DISCARD, 0, card) not in d.legal_actions(seat=1)


def test_illegal_actions_name_the_rule_in_both_languages():
    d = Deal.new("luzhou-a", 4, seed=3)
    with pytest.raises(RuleError) as error:
        d.play("1 discard 一")
    assert error.value.code == "not-your-turn"
    assert (
        error.value.text.zh
        and error.value.text.en
        and "A's turn" in error.value.text.en
        and "甲" in error.value.text.zh
    )
    with pytest.raises(RuleError) as error:
        d.play("2 discard 一")
    assert error.value.code == "sitter"  # seat 2 sits out in a four-seat Luzhou deal


def test_a_turn_opens_a_claim_window_or_passes_to_the_next_seat():
    d = build("luzhou-b", 4, {0: "拾"}, stock="九")
    d.play("0 discard 拾")
    pass_all(d)
    assert d.phase == TURN and d.to_act == 1
    d.play("1 turn")  # the card may be left out: it is the next stock card
    assert d.history[-1] == Action(ActionType.TURN, 1, d.stock[0])
    pass_all(d)
    assert d.phase == TURN and d.to_act == 3  # the sitter (seat 2) is skipped
    assert [str(c) for c in d.seats[1].pile] == ["九"]


def test_a_claim_in_the_window_means_the_others_passed():
    d = build("luzhou-b", 4, {0: "二", 1: "一三 四四 五五 六六 七七 八八 九九 十十 壹壹 叁叁", 3: "二二"})
    d.play("0 discard 二")
    assert set(d.to_move()) == {1, 3}
    d.play("1 eat 二 with 一三")
    assert d.phase == DISCARD and d.to_act == 1
    assert 1 in d.seats[3].passed_pong  # seat 3's pong outranked the eat, so it was declined


def test_state_is_json_and_restores_exactly():
    deal = simulate_one("leshan", 4, 9)
    state = json.loads(json.dumps(deal.to_dict(), ensure_ascii=False))
    again = Deal.from_dict(state)
    assert again.to_dict() == deal.to_dict() and again.snapshot() == deal.snapshot()
    half = Deal.new("luzhou-a", 4, seed=9)
    half.play(next(iter(half.legal_actions())))
    assert Deal.from_dict(half.to_dict()).snapshot() == half.snapshot()


def test_heavenly_win_is_offered_to_a_complete_dealt_hand():
    # 21 cards in seven sets with enough points: the dealer may win at once (天胡).
    hand = "贰贰贰 叁叁叁 四五六 七八九 肆伍陆 柒捌玖 一二三"
    d = build("luzhou-a", 4, {0: hand})
    win = Action(ActionType.WIN, 0)
    assert win in d.legal_actions()
    d.play(win)
    assert d.phase == OVER and "heaven" in d.win.context


def test_game_ends_when_the_stock_is_exhausted():
    for seed in range(80):
        deal = simulate_one("leshan", 3, seed)
        if deal.win is None:
            assert deal.ended_by == "stock" and deal.turned == len(deal.stock)
            assert any(e["code"] == "no-winner" for e in deal.events)
            return
    pytest.fail("every deal had a winner")


def test_claim_phase_lists_each_seat_and_its_pass():
    d = build("luzhou-b", 4, {0: "二", 1: "一三 四四 五五 六六 七七 八八 九九 十十 壹壹 叁叁", 3: "二二"})
    d.play("0 discard 二")
    assert d.phase == CLAIM
    kinds = {(a.seat, a.type) for a in d.legal_actions()}
    assert {(1, ActionType.EAT), (1, ActionType.PASS), (3, ActionType.PONG), (3, ActionType.PASS)} <= kinds


# ---------------------------------------------------------------- the quick completeness check against the analysis

_kinds = st.lists(st.integers(0, 19), min_size=3, max_size=12, unique=True)


@settings(max_examples=150, deadline=None)
@given(_kinds, st.integers(0, 6), st.randoms(use_true_random=False))
def test_quick_check_finds_exactly_the_cards_the_analysis_finds(kinds, table_sets, rnd):
    # A hand of 20 − 3·table_sets cards drawn from a few kinds (so sets are likely), the rest as pongs.
    size = 20 - 3 * table_sets
    pool = [k for k in kinds for _ in range(4)]
    rnd.shuffle(pool)
    hand = [0] * 20
    for k in pool[:size]:
        hand[k] += 1
    assume(sum(hand) == size)
    free = [k for k in range(20) if k not in kinds][:table_sets]
    table = [Meld(SetKind.PONG, (ALL_KINDS[k],) * 3) for k in free]
    cards = [ALL_KINDS[i] for i, n in enumerate(hand) for _ in range(n)]
    try:
        # luzhou-b: the fourth copy of a held 坎 may join another set there, as the quick check assumes
        # (luzhou-a's compulsory 招 only removes waits, which the full analysis then refuses)
        oracle = {w.card.index for w in waits(cards, table, "luzhou-b")}
    except HandError:  # two held fours need more cards than a 20-card deal gives: not a hand of play
        assume(False)
    quick = {k for k in range(20) if hand[k] < 4 and fits(tuple(hand), 7 - table_sets, True, k)}
    assert quick == oracle


# ---------------------------------------------------------------- each tradition's words


@pytest.mark.parametrize(
    "rules,expected",
    [
        ("luzhou-a", {"pong": "碰", "kong": "招", "four": "龙", "win": "胡", "bi": "比"}),
        ("luzhou-b", {"pong": "碰", "kong": "招", "four": "壠", "win": "胡", "bi": "比"}),
        (
            "leshan",
            {"pong": "对", "kong": "开", "four": "滚子", "win": "和", "bi": "摆", "ready": "下叫", "discarder": "抬炮"},
        ),
        ("wuchuan", {"pong": "兑", "kong": "开招", "four": "活龙", "win": "胡", "bi": "妥"}),
    ],
)
def test_labels_speak_each_traditions_words(rules, expected):
    rule_set = get_rules(rules)
    words = native_words(rule_set)
    assert {key: words[key].zh for key in expected} == expected
    # the set words come from the rule set's native names (their one home)
    assert words["four"].zh in rule_set.native_name(SetKind.FOUR).zh
    assert A("1 pong 七").label(rule_set).zh == expected["pong"] + "七"
    assert A("1 kong 七").label(rule_set).zh == expected["kong"] + "七"
    assert A("1 win 七").label(rule_set).zh == expected["win"] + "七"
    assert A("1 four 七").label(rule_set).zh == "亮" + expected["four"] + "七"
    assert A("1 eat 三 with 四五 bi 一二三").label(rule_set).zh.endswith(expected["bi"] + "出一二三")
    assert f"({expected['pong']})" in A("1 pong 七").label(rule_set).en
    assert A(f"1 {expected['pong']} 七") == A("1 pong 七")  # and the verbs read back


@pytest.mark.parametrize(
    "rules,says,not_says",
    [
        ("luzhou-a", ("龙", "三暗一明", "[001]"), ()),
        ("luzhou-b", ("壠", "三暗一明", "[004]"), ()),
        ("wuchuan", ("活龙", "盖", "[000]"), ("三暗",)),
        ("leshan", ("滚子",), ("三暗", "盖")),  # [003] does not say how it is shown
    ],
)
def test_a_held_four_is_shown_as_its_source_says(rules, says, not_says):
    d = build(rules, 3 if rules == "leshan" else 4, {0: "七七七七"})
    events = d.play("0 four 七")
    four = next(e for e in events if e["code"] == "four")
    assert four["zh"].count("甲") == 1 and four["en"].startswith("A ")
    for word in says:
        assert word in four["zh"]
    for word in not_says:
        assert word not in four["zh"]


def test_a_leshan_win_is_said_in_leshan_words():
    deal = next(d for d in (simulate_one("leshan", 3, seed) for seed in range(30)) if d.win is not None)
    record = DealRecord.from_deal(deal)
    last = frames(record)["steps"][-1]
    win = next(e for e in last["events"] if e["code"] == "win")
    assert "和牌" in win["zh"] and "胡" not in win["zh"]
    assert last["action"]["label"]["zh"].startswith("甲乙丙"[deal.win.seat] + "和")
