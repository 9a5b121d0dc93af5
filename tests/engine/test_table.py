"""Seats, roles and dealing as the sources describe them."""

import random

import pytest
from changpai.core.table import DEALER, PLAYER, SITTER, XIAOJIA
from changpai.core.text import RuleError
from changpai.daer.deal import Deal
from changpai.daer.dealing import cut_for_dealer, deal, deal_new, make_table
from changpai.daer.traditions import get_play_rules
from changpai.decks.numerals import DECK, Card


def test_luzhou_four_seats_the_sitter_opposite_the_dealer():
    table = make_table(get_play_rules("luzhou-a"), 4, dealer=1)
    assert table.roles == (PLAYER, DEALER, PLAYER, SITTER)
    assert table.active == (0, 1, 2)
    assert table.next_seat(2) == 0 and table.prev_seat(0) == 2  # the sitter is skipped


def test_leshan_four_makes_the_seat_before_the_dealer_xiaojia():
    table = make_table(get_play_rules("leshan"), 4, dealer=2)
    assert table.roles[1] == XIAOJIA and table.roles[2] == DEALER and SITTER not in table.roles


def test_wrong_player_count_is_refused_with_the_allowed_counts():
    with pytest.raises(RuleError) as error:
        make_table(get_play_rules("luzhou-a"), 2)
    assert error.value.code == "bad-players" and "3, 4" in str(error.value)


@pytest.mark.parametrize(
    "rules, players, sizes, stock",
    [
        ("luzhou-a", 4, [21, 20, 0, 20], 19),
        ("luzhou-b", 3, [21, 20, 20], 19),
        ("wuchuan", 4, [21, 20, 0, 20], 19),
        ("leshan", 3, None, 18),  # the cut card is out of play [003]
        ("leshan", 2, None, 38),
    ],
)
def test_deal_sizes(rules, players, sizes, stock):
    d = Deal.new(rules, players, seed=11)
    got = [len(h) for h in d.initial_hands]
    if sizes:
        assert got == sizes
    else:
        assert sorted(got) == sorted([21] + [20] * (players - 1))
    assert len(d.initial_stock) == stock
    assert d.card_total() == 80


def test_leshan_xiaojia_gets_two_cards_and_the_stock_shrinks():
    d = Deal.new("leshan", 4, seed=3)
    xiaojia = d.table.xiaojia
    assert len(d.initial_hands[xiaojia]) == 2
    assert len(d.initial_stock) == 79 - 21 - 20 - 20 - 2


def test_luzhou_deals_one_card_at_a_time_from_the_dealer():
    rules = get_play_rules("luzhou-a")
    table = make_table(rules, 4, dealer=0)
    deck = list(DECK)
    dealt = deal(rules, table, deck)
    # seats in order 0, 1, 3 (2 sits out): the dealer gets cards 0, 3, 6 …
    assert dealt.hands[0][:3] == (deck[0], deck[3], deck[6])
    assert dealt.hands[1][:2] == (deck[1], deck[4])
    assert dealt.hands[3][:2] == (deck[2], deck[5])
    assert dealt.hands[0][-1] == deck[60] and dealt.stock == tuple(deck[61:])


def test_leshan_deals_two_at_a_time_and_xiaojia_one_in_each_of_two_rounds():
    rules = get_play_rules("leshan")
    table = make_table(rules, 4, dealer=1)  # 小家 is seat 0
    deck = list(DECK)[:79]
    dealt = deal(rules, table, deck)
    assert dealt.hands[1][:2] == (deck[0], deck[1])  # dealer first, two cards (一手)
    assert dealt.hands[2][:2] == (deck[2], deck[3])
    assert dealt.hands[3][:2] == (deck[4], deck[5])
    assert dealt.hands[0] == (deck[6], deck[13])  # 小家: one card in each of the first two rounds
    assert len(dealt.hands[1]) == 21


def test_cut_counts_from_the_cutter_and_removes_the_cut_card():
    rules = get_play_rules("leshan")
    rng = random.Random(5)
    deck = list(DECK)
    random.Random(1).shuffle(deck)
    probe = random.Random(5)
    position = probe.randrange(1, len(deck) - 1)
    dealer, rest, cut = cut_for_dealer(rules, 3, deck, rng, shuffler=0)
    assert cut == deck[position]
    cutter = (0 - 1) % 3  # the shuffler's 上家
    assert dealer == (cutter + cut.number - 1) % 3
    assert len(rest) == 79 and rest[0] == deck[position + 1]


def test_seed_reproduces_the_deal_and_never_touches_the_global_generator():
    random.seed(123)
    before = random.getstate()
    a = deal_new(get_play_rules("luzhou-a"), 4, random.Random(9))
    b = deal_new(get_play_rules("luzhou-a"), 4, random.Random(9))
    assert a == b
    assert random.getstate() == before
    assert deal_new(get_play_rules("luzhou-a"), 4, random.Random(10)) != a


def test_the_last_stock_card_is_shown_and_a_red_one_moves_to_the_front_in_luzhou_b():
    for seed in range(40):
        a = Deal.new("luzhou-a", 4, seed=seed)
        assert a.shown == a.initial_stock[-1]
        b = Deal.new("luzhou-b", 4, seed=seed)
        bottom = b.initial_stock[-1]
        if b.rules.is_red(bottom):
            assert b.stock[0] == bottom and b.shown == b.stock[-1]
            break
    else:
        pytest.fail("no red bottom card in 40 seeds")
    assert Deal.new("leshan", 3, seed=1).shown is None


def test_two_copies_too_many_in_given_hands_is_refused():
    hands = [[Card(1)] * 5 + [Card(2)] * 16, [Card(3)] * 20, [], [Card(4)] * 20]
    with pytest.raises(Exception) as error:
        Deal.new("luzhou-a", 4, hands=hands, stock=[])
    assert "一" in str(error.value) or "4" in str(error.value)
