"""戳牌's deck options against a brute-force oracle: five copies, jokers, the deal in proportion to the deck, and the
count that wins (fifteen, or scaled with the hand).

[002] gives no deck size; a collector describes 84-card decks, 105-card ones and a 115-card one with ten jokers
(outside our sources). The oracle below counts everything the slow way: it builds the deck card by card, finds the
hand by trying every size, the threshold by comparing fractions, and re-adds the payments from the piles."""

from collections import Counter
from fractions import Fraction

import pytest
from changpai.bots.chuopai import play_out
from changpai.chuopai.cards import CLASS, FACES, JOKER, parse_cards
from changpai.chuopai.deal import ChuoDeal
from changpai.chuopai.options import ChuoRules, rules_from
from changpai.chuopai.plays import beats, plays_in, shape
from changpai.chuopai.scoring import settle
from changpai.core.text import RuleError
from hypothesis import example, given, settings
from hypothesis import strategies as st


def oracle_deck(copies, jokers):
    cards = Counter()
    for face in FACES:
        for _ in range(copies):
            cards[face] += 1
    for _ in range(jokers):
        cards[JOKER] += 1
    return cards


def oracle_hand(deck_size):
    """The largest hand that is no more, in proportion, than 28 from 84."""
    return max(h for h in range(deck_size + 1) if Fraction(h) <= Fraction(28 * deck_size, 84))


def oracle_threshold(hand, scaled):
    if not scaled:
        return 15
    exact = Fraction(15 * hand, 28)
    return min(range(60), key=lambda t: (abs(Fraction(t) - exact), -t))  # nearest, a half going up


decks = st.fixed_dictionaries(
    {
        "copies": st.sampled_from([4, 5]),
        "jokers": st.integers(0, 10),
        "players": st.sampled_from([2, 3, 4]),
        "joker_play": st.sampled_from(["hard", "top"]),
        "count_over": st.sampled_from(["fifteen", "in_proportion"]),
    }
)


@settings(max_examples=60, deadline=None)
@given(decks, st.integers(0, 2**32), st.integers(0, 3))
@example({"copies": 4, "jokers": 6, "players": 3, "joker_play": "top", "count_over": "fifteen"}, 1716, 0)
def test_the_deal_and_the_count_follow_the_deck(options, seed, dealer):
    players = options["players"]
    dealer %= players
    deal = ChuoDeal.new(seed, dealer, options)
    deck = oracle_deck(options["copies"], options["jokers"])
    dealt = Counter(deal.undealt)
    for hand in deal.dealt:
        dealt += Counter(hand)
    assert dealt == deck
    hand = oracle_hand(sum(deck.values()))
    assert [len(deal.dealt[s]) for s in deal.table.active] == [hand] * len(deal.table.active)
    hard = {f for f in FACES if CLASS[f] == "hard"} | ({JOKER} if options["joker_play"] == "hard" else set())
    for seat in deal.table.active:
        assert sorted(deal.piles[seat]) == sorted(c for c in deal.dealt[seat] if c in hard)
    threshold = oracle_threshold(hand, options["count_over"] == "in_proportion")
    assert deal.rules.win_over() == threshold
    play_out(deal)
    result = settle(deal)
    assert sum(result.scores) == 0
    if deal.end == "played_out":  # every payment for a count is the cards over the threshold, from each opponent
        won = {s: len(deal.piles[s]) - threshold for s in deal.table.active if len(deal.piles[s]) > threshold}
        counted = Counter()
        for p in result.payments:
            counted[p.payee] += p.amount
        fines = Counter()  # a fine (罚, or 包牌 under bao = fine) is paid to each opponent beside the count
        for event in deal.events:
            if event.kind == "fa" or (event.kind == "bao" and deal.rules.bao == "fine"):
                for t in deal.table.active:
                    if deal.side(t) != deal.side(event.payer):
                        fines[t] += deal.rules.fine
        others = {s: sum(1 for t in deal.table.active if deal.side(t) != deal.side(s)) for s in won}
        assert {s: counted[s] - fines[s] for s in won} == {s: won[s] * others[s] for s in won}
        assert result.outcome == ("win" if won else "huang")


def test_the_collectors_decks_and_their_hands():
    assert (ChuoRules().deck_size, ChuoRules().hand()) == (84, 28)
    assert (ChuoRules(copies=5).deck_size, ChuoRules(copies=5).hand()) == (105, 35)
    assert (ChuoRules(copies=5, jokers=10).deck_size, ChuoRules(copies=5, jokers=10).hand()) == (115, 38)
    assert ChuoRules(copies=5, count_over="in_proportion").win_over() == 19  # 15 × 35 / 28 = 18.75
    assert ChuoRules(copies=5).win_over() == 15  # by default [002]'s own number
    assert len(ChuoDeal.new(1, 0, {"copies": 5}).undealt) == 0  # all 105 to the three


@pytest.mark.parametrize("size", [1, 2, 3])
def test_jokers_on_top_beat_every_ladder_play_of_their_size_and_nothing_beats_them(size):
    rules = rules_from({"copies": 5, "jokers": 10, "joker_play": "top"})
    full = [5] * len(FACES) + [10]
    jokers = shape((JOKER,) * size, rules)
    assert jokers is not None
    for cards in plays_in(full, rules, size):
        other = shape(cards, rules)
        if other is None or cards == (JOKER,) * size:
            continue
        assert beats(jokers, other, rules) == (other.kind == "ladder"), cards  # brute force: every play of the size
        assert not beats(other, jokers, rules)


def test_a_joker_read_as_hard_is_never_played_and_is_refused_located():
    rules = rules_from({"jokers": 2})
    assert shape((JOKER,), rules) is None
    deal = ChuoDeal.new(3, 0, {"jokers": 2})
    assert all(JOKER not in h for h in deal.hands)
    with pytest.raises(RuleError) as info:
        deal.play("0 play 王")
    assert info.value.where == "action.cards.0" and "硬张" in info.value.text.zh
    assert parse_cards("王 joker") == (JOKER, JOKER)
