"""Computer players: rule-abiding, deterministic given their generator; invariants over whole deals."""

import random

from changpai.bots.daer import RandomBot, SimpleBot, make_players, next_action, simulate_one
from changpai.daer.actions import ActionType
from changpai.daer.deal import CLAIM, Deal
from changpai.daer.record import DealRecord, replay
from changpai.daer.settlement import settle
from dealkit import build
from hypothesis import given, settings
from hypothesis import strategies as st

TABLES = [
    ("luzhou-a", 4),
    ("luzhou-a", 3),
    ("luzhou-b", 4),
    ("leshan", 2),
    ("leshan", 3),
    ("leshan", 4),
    ("wuchuan", 4),
    ("wuchuan", 3),
]


def _play_checked(rules: str, players: int, seed: int, bot: str) -> Deal:
    """Play a deal, checking the invariants after every action."""
    rng = random.Random(seed)
    deal = Deal.new(rules, players, rng=rng, seed=seed)
    bots = make_players(deal, rng, bot)
    for _ in range(1000):
        if deal.over:
            break
        action = next_action(deal, bots)
        legal = list(deal.legal_actions())
        if deal.phase == CLAIM and action.type == ActionType.PASS:
            for seat in deal.to_move():
                deal.play(next(a for a in deal.legal_actions(seat) if a.type == ActionType.PASS))
                assert deal.card_total() == 80
                if deal.phase != CLAIM:
                    break
            continue
        if deal.phase == CLAIM and action.type in (ActionType.TURN, ActionType.DRAW):
            # "everybody passes": each seat still deciding must have had a pass on offer
            assert action == deal.everybody_passes()
            assert all(any(a.type == ActionType.PASS for a in deal.legal_actions(s)) for s in deal.to_move())
        else:
            assert action in legal and action in deal.legal_actions()  # the lazy view agrees with the list
        deal.play(action)
        assert deal.card_total() == 80  # every card accounted for
        for seat in deal.seats:
            assert all(n >= 0 for n in seat.hand)
    assert deal.over
    return deal


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(TABLES), st.integers(0, 100_000), st.sampled_from(["simple", "random"]))
def test_whole_deals_keep_every_invariant(table, seed, bot):
    rules, players = table
    deal = _play_checked(rules, players, seed, bot)
    assert sum(settle(deal).payments) == 0
    again, _ = replay(DealRecord.from_data(DealRecord.from_deal(deal).to_data()))
    assert again.to_dict() == deal.to_dict()  # record → replay → the same final state
    assert settle(again).payments == settle(deal).payments


def test_same_seed_same_deal_and_the_global_generator_is_untouched():
    random.seed(7)
    before = random.getstate()
    a = simulate_one("leshan", 3, 42)
    b = simulate_one("leshan", 3, 42)
    assert a.to_dict() == b.to_dict()
    assert random.getstate() == before
    assert simulate_one("leshan", 3, 43).to_dict() != a.to_dict()


def test_simple_play_finishes_most_deals_with_a_winner():
    wins = sum(simulate_one("luzhou-a", 4, seed).win is not None for seed in range(40))
    assert wins > 20


def test_bots_take_a_win_and_a_compulsory_pong():
    ready = "贰贰贰 叁叁叁 四五六 七八九 肆伍陆 柒捌玖 一三"
    for bot in (SimpleBot(random.Random(0)), RandomBot(random.Random(0))):
        deal = build("luzhou-a", 4, {0: "二", 1: ready, 3: "二二"})
        deal.play("0 discard 二")
        assert bot.choose(deal, 1, list(deal.legal_actions(1))).type == ActionType.WIN
        assert bot.choose(deal, 3, list(deal.legal_actions(3))).type == ActionType.PONG  # no pass offered [001]


def _usefulness_by_numbers(hand: list[int], k: int) -> float:
    """The simple player's card score written out from the card's number and case (the oracle for the tabled
    ``_usefulness``): a pair 4, a neighbour one number away 2, two away 1, a 2-7-10 partner 1.5, each copy of the
    same number in the other case 1.5; a held triple 100. Only cards outside held triples count."""
    n = hand[k]
    number = k % 10 + 1
    base = k - number + 1
    score = 0.0
    if n >= 3:
        return 100.0
    if n == 2:
        score += 4.0
    for d, w in ((-2, 1.0), (-1, 2.0), (1, 2.0), (2, 1.0)):
        m = number + d
        if 1 <= m <= 10 and hand[base + m - 1] and hand[base + m - 1] < 3:
            score += w
    if number in (2, 7, 10):
        for m in (2, 7, 10):
            if m != number and hand[base + m - 1] and hand[base + m - 1] < 3:
                score += 1.5
    other = (k + 10) % 20
    if hand[other] and hand[other] < 3:
        score += 1.5 * hand[other]
    return score


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=20, max_size=20), st.integers(0, 19))
def test_the_simple_players_card_score_matches_its_plain_form(hand, k):
    from changpai.bots.daer import _usefulness

    assert _usefulness(hand, k) == _usefulness_by_numbers(hand, k)
