"""Leshan's Muchuan deals [003]: 打八张 (four to eight players, eight cards, no extra card for the 头家, a turned card
is the turner's discard and he may only 对 it, one 和 wins) and 打十四张 (fourteen cards), played to the end by the
computer players, in matches too (daer/leshan_short.py; the hand size in analysis, deal_rules, deal_state)."""

from __future__ import annotations

import random

import pytest
from changpai.bots.daer import make_players, play_out
from changpai.daer.analysis import analyse
from changpai.daer.deal import Deal
from changpai.daer.dealing import complete_hands, make_table
from changpai.daer.match import MatchRecord, play_bot_match, replay_match
from changpai.daer.record import DealRecord, replay
from changpai.daer.settlement import settle
from changpai.daer.traditions import get_play_rules, get_rules
from changpai.decks.numerals import parse_cards
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracle import best_points

EIGHT, FOURTEEN = "leshan-bazhang", "leshan-shisi"
TABLES = [(EIGHT, n) for n in range(4, 9)] + [(FOURTEEN, n) for n in (3, 4, 5)]


def _deal(rules: str, players: int, hands: dict[int, str], stock: str = "", **options: object) -> Deal:
    play = get_play_rules(rules)
    given_hands = {seat: parse_cards(cards) for seat, cards in hands.items()}
    full, rest = complete_hands(play, make_table(play, players, 0), given_hands, parse_cards(stock))
    return Deal.new(rules, players, dealer=0, hands=full, stock=rest, options=options or None)


@pytest.mark.parametrize(("rules", "players"), TABLES)
def test_everyone_takes_the_hand_size_and_the_rest_is_the_stock(rules, players):
    cards = 8 if rules == EIGHT else 14
    deal = Deal.new(rules, players, seed=players)
    extra = 0 if rules == EIGHT else 1  # 打八张: the 头家 as a rule takes no extra card [003]
    sizes = sorted(len(h) for h in deal.initial_hands)
    assert sizes == [cards] * (players - extra) + [cards + 1] * extra
    assert len(deal.initial_stock) == 80 - 1 - cards * players - extra  # the cut card is out of play
    assert deal.phase == ("turn" if rules == EIGHT else "discard") and deal.to_act == deal.table.dealer


def _claims_on_own_turn(hands: dict[int, str], **options: object) -> set[str]:
    deal = _deal(EIGHT, 4, hands, "六", **options)
    deal.play("0 turn 六")
    return {str(a) for a in deal.legal_actions()}


def test_the_turner_may_only_pong_his_own_card_but_his_next_seat_may_eat_it():
    # 翻的牌自己只能对不能吃 [003]; the 下家 may eat it, as a discard of his 上家
    assert "0 pong 六" in _claims_on_own_turn({0: "六六"})
    legal = _claims_on_own_turn({0: "四五", 1: "七八"})
    assert not any(a.startswith("0 eat") for a in legal) and "1 eat 六 with 七八" in legal
    traditional = _claims_on_own_turn({0: "四五", 1: "七八"}, eat_from="prev-discard-or-turn")
    assert "0 eat 六 with 四五" in traditional


def test_one_point_is_enough_to_win_with_three_sets():
    # [003]: 有 1 和以上方能和牌; eight cards and the winning card make three sets
    result = analyse("一一一 二三四 五六", [], EIGHT, win_card="七")
    assert result.win and result.points == 3 and result.grade is not None and result.grade.value == 3
    assert not analyse("一二三 四五六 七八", [], EIGHT, win_card="九").win  # no 和 at all
    as_ten = analyse("一一一 二三四 五六", [], get_rules(EIGHT).with_options(low_total="ten"), win_card="七")
    assert as_ten.grade is not None and as_ten.grade.value == 10


def test_a_win_on_a_turned_card_is_paid_by_the_turner_as_a_discard():
    # 翻牌算打字 [003]: seat 1 wins on the 七 seat 0 turns up, and seat 0 pays as a discarder would (total × 4)
    deal = _deal(EIGHT, 4, {0: "九九", 1: "一一一 二三四 五六"}, "七")
    deal.play("0 turn 七")
    deal.play("1 win 七")
    out = settle(deal)
    assert out.points == 3  # a black 坎: 3 和, under ten, counted as it is
    assert out.payments[0] == -out.points * 4 and sum(out.payments) == 0 and out.payments[1] == out.points * 4


@pytest.mark.parametrize(("rules", "players"), TABLES)
def test_many_deals_keep_the_cards_and_replay(rules, players):
    for seed in range(6):
        deal = Deal.new(rules, players, seed=seed)
        play_out(deal, make_players(deal, random.Random(seed)), check=True)  # cards conserved at every step
        assert deal.over and sum(settle(deal).payments) == 0
        data = DealRecord.from_deal(deal, notes=False).to_data()
        again, _ = replay(DealRecord.from_data(data))
        assert [str(a) for a in again.history] == [str(a) for a in deal.history]
        assert settle(again).payments == settle(deal).payments


@pytest.mark.parametrize(("rules", "players", "options"), [(EIGHT, 6, None), (FOURTEEN, 3, {"leshan_match": "dajuan"})])
def test_matches_of_the_short_deals_replay(rules, players, options):
    match, record = play_bot_match(rules, players, deals=12, seed=4, options=options)
    assert len(match.deals) == 12 and all(sum(t) == 0 for t in match.ledger.history)
    deals, ledger = replay_match(MatchRecord.from_data(record.to_data()))
    assert ledger.totals == match.ledger.totals and all(d.card_total() == 80 for d in deals)


# ------------------------------------------------------------ the hand size against the brute-force oracle

KINDS = "一二三四五六七八九十壹贰叁肆伍陆柒捌玖拾"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.integers(0, 39), min_size=9, max_size=9, unique=True))
def test_the_eight_card_win_matches_the_oracle(picks):
    cards = [KINDS[i % 20] for i in picks]  # at most two of a kind: no held triple, so the oracle stays plain
    hand, win = " ".join(cards[:8]), cards[8]
    got = analyse(hand, [], EIGHT, win_card=win)
    want = best_points(parse_cards(hand), [], get_rules(EIGHT), parse_cards(win)[0])
    assert got.win == (want is not None and want >= 1)
    if got.win:
        assert got.points == want
