"""The rules of play that keep a seat from a win its hand makes (``Deal.win_bar``, ``Deal.passed_win``), which the
play table shows beside a ready hand's waits: checked against what the deal offers, state by state, in deals the
computer players play with now and then a violation or a passed claim (``test_legality.play_some``)."""

from __future__ import annotations

import random

from changpai.api import handle
from changpai.bots.daer import make_players, play_one_step
from changpai.core.table import XIAOJIA
from changpai.core.text import HandError
from changpai.daer.actions import Action, ActionType
from changpai.daer.analysis import waits
from changpai.daer.deal import Deal
from changpai.daer.deal_state import CLAIM
from changpai.decks.numerals import ALL_KINDS
from hypothesis import given
from hypothesis import strategies as st

from tests.engine.test_legality import CONFIGS, PROPERTY, play_some


def minimum_waived(deal: Deal, s: int, points: int) -> bool:
    """A hand under the minimum still wins, by the rules' data: 地胡 (a claim on the dealer's first discard) where
    the play rules waive the minimum for it (Wuchuan [000]), or a tradition's own exception (Luzhou A's 无胡 [001])."""
    waives = deal.rules.variant.waives_minimum
    if waives is not None and waives(deal.play_rules, points):
        return True
    ex = deal.exposed
    assert ex is not None
    earth = ex.how == "discard" and ex.first_discard_of == deal.table.dealer and s != deal.table.dealer
    return earth and bool(deal.play_rules.heaven_earth_no_minimum.value)


def check_wins_in_window(deal: Deal) -> int:
    """In a claim window, for each seat yet to answer: a win on a barred card is never offered; an offered win is
    one the hand makes (its waits, a minimum waived where the rules waive it) on a card no rule bars; and a win the
    hand makes, on a card no rule bars, with no passed win to beat (现张不和), is offered. Returns how many seats
    were judged."""
    ex = deal.exposed
    assert deal.phase == CLAIM and ex is not None
    judged = 0
    for s in deal.to_move():
        if deal.table.roles[s] == XIAOJIA or (ex.how == "discard" and ex.source == s):
            continue  # (小家 wins on its count [003]; nobody wins on its own discard)
        st_ = deal.seats[s]
        try:
            found = waits(st_.hand_cards(), [ls.meld for ls in st_.laid], deal.rules)
        except HandError:  # (not a hand one card from a whole one: after a violation, say, or 小家's)
            continue
        makes = any(w.card == ex.card and (w.win or minimum_waived(deal, s, w.points)) for w in found)
        offered = any(a.type == ActionType.WIN and a.seat == s for a in deal.legal_actions(s))
        bar = deal.win_bar(s, ex.card)
        assert bar is None or not offered, (s, ex.card, bar)
        if offered:
            assert makes, (s, ex.card, "offered a win the hand does not make")
        elif makes and bar is None and deal.passed_win(s) is None:
            raise AssertionError((s, ex.card, "a win the hand makes, barred by nothing, is not offered"))
        judged += 1
    return judged


@PROPERTY
@given(st.sampled_from(CONFIGS), st.integers(0, 10**6), st.integers(0, 60), st.randoms(use_true_random=False))
def test_a_barred_win_is_never_offered_and_an_unbarred_one_always_is(
    config: tuple[str, int, dict[str, object]], seed: int, steps: int, rng: random.Random
) -> None:
    rules, players, options = config
    deal = play_some(Deal.new(rules, players, rng=random.Random(seed), seed=seed, options=options or None), rng, steps)
    bots = make_players(deal, rng, "simple")
    for _ in range(200):
        if deal.over:
            break
        if deal.phase == CLAIM and deal.exposed is not None:
            check_wins_in_window(deal)
        play_one_step(deal, bots)


def test_the_bars_are_the_seats_own_discards_in_leshan_and_none_in_luzhou() -> None:
    """和回龙 [003]: in Leshan a seat may not win on a kind it discarded; Luzhou [001] has no such rule."""
    for rules, barred in (("leshan", True), ("luzhou-a", False)):
        deal = Deal.new(rules, 3, seed=5)
        bots = make_players(deal, random.Random(5), "simple")
        while not deal.over and not any(deal.seats[s].discarded_kinds for s in deal.table.active):
            play_one_step(deal, bots)
        for s in deal.table.active:
            own = {ALL_KINDS[k] for k in deal.seats[s].discarded_kinds}
            bars = deal.win_bars(s)
            assert set(bars) == (own if barred else set()), (rules, s, bars, own)
            assert all(bar == "win-own-discard" for bar in bars.values())


def test_the_deal_answer_carries_each_seats_bars_and_passed_win() -> None:
    answer = handle({"command": "new_deal", "rules": "leshan", "players": 3, "seed": 5})
    game = answer["game"]
    for _ in range(40):
        view = answer["view"]
        assert len(view["win_bars"]) == len(view["passed_win"]) == 3
        if any(view["win_bars"]):
            break
        move = handle({"command": "bot_move", "game": game})
        answer = handle({"command": "apply", "game": game, "action": move["action"]})
    view = answer["view"]
    seat = next(s for s, bars in enumerate(view["win_bars"]) if bars)
    discarded = set(view["discards"][seat].split())
    assert {bar["rule"] for bar in view["win_bars"][seat]} == {"win-own-discard"}
    assert {bar["card"] for bar in view["win_bars"][seat]} <= discarded | {view["face_up"]}


def test_a_passed_win_in_leshan_holds_the_next_one_back_until_a_new_card() -> None:
    """现张不和 [003]: a seat that lets a win go has that win's total to beat (``passed_win``) until its next 进张;
    Luzhou [001] lets a passed card be won on later, so nothing is held back there."""
    for rules, held in (("leshan", True), ("luzhou-a", False)):
        for seed in range(200):
            deal = Deal.new(rules, 3, seed=seed)
            bots = make_players(deal, random.Random(seed), "simple")
            offered = None
            while not deal.over and offered is None:
                if deal.phase == CLAIM:
                    offered = next((a for a in deal.legal_actions() if a.type == ActionType.WIN), None)
                if offered is None:
                    play_one_step(deal, bots)
            if offered is not None:
                break
        assert offered is not None, f"{rules}: no win offered in a claim window in 200 deals"
        assert deal.passed_win(offered.seat) is None
        deal.play(Action(ActionType.PASS, offered.seat))
        passed = deal.passed_win(offered.seat)
        assert (passed is not None and passed >= 0) if held else passed is None, (rules, passed)


def test_an_earthly_win_under_the_minimum_is_offered_where_the_rules_waive_it() -> None:
    """地胡 needs no minimum in Wuchuan [000]: seed 16273 deals seat 2 a hand that wins on the dealer's first discard,
    捌, with 9 points, under the 10 a win needs elsewhere. (Hypothesis found it: the check's oracle read only
    ``Wait.win``, which knows nothing of the deal.)"""
    deal = Deal.new("wuchuan", 3, rng=random.Random(16273), seed=16273)
    bots = make_players(deal, random.Random(0), "simple")
    while deal.phase != CLAIM:
        play_one_step(deal, bots)
    assert [str(a) for a in deal.history] == ["0 discard 捌"]
    wait = next(w for w in waits(deal.seats[2].hand_cards(), [], deal.rules) if str(w.card) == "捌")
    assert not wait.win and wait.points < deal.play_rules.min_hu.value
    assert any(a.type == ActionType.WIN for a in deal.legal_actions(2))
    assert check_wins_in_window(deal) >= 1
