"""Leshan 打圈 [003] as a match: the 头家 passes seat by seat, a winning 头家 stays (拉庄), the rounds 圈一 … 圈十 are
counted from the first 头家, the round's red card adds a doubling, and a match record replays with located errors
(daer/leshan_match.py, core/match.py's round checks, daer/match.py)."""

from __future__ import annotations

import random

import pytest
from changpai.core.match import DealOutcome, MatchError, Seating
from changpai.daer.deal import Deal
from changpai.daer.dealing import complete_hands, make_table
from changpai.daer.leshan_match import DaJuan
from changpai.daer.match import MatchRecord, match_rules, play_bot_match, replay_match
from changpai.daer.settlement import settle
from changpai.daer.traditions import get_play_rules
from changpai.decks.numerals import Card, parse_cards
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

DAJUAN = {"leshan_match": "dajuan"}


def _rules(**options: str) -> DaJuan:
    found = match_rules("leshan", 200, {**DAJUAN, **options})
    assert isinstance(found, DaJuan)
    return found


# ------------------------------------------------------------ [003]'s statements as fixed cases


def test_the_dealer_is_called_once_before_the_first_deal():
    # [003]: 叫庄 only before the first deal: the first deal's cut picks the 头家, later deals name him
    rules = _rules()
    first = rules.first(3, random.Random(5))
    assert first.dealer is None and first.round == 1
    after = rules.after(DealOutcome(2, first.shuffler, 0, (40, 0, -40), round=1), 3)
    assert after.dealer == 0 and after.head == 2


def test_the_seats_take_turns_and_a_winning_first_player_stays():
    rules = _rules()
    lost = rules.after(DealOutcome(1, 1, 2, (-20, -20, 40), round=2, head=0), 3)
    assert (lost.dealer, lost.round) == (2, 2)  # someone else won: the next seat
    kept = rules.after(DealOutcome(1, 1, 1, (-20, 40, -20), round=2, head=0), 3)
    assert (kept.dealer, kept.round) == (1, 2)  # 拉庄: the same 头家, the same round


def test_a_new_round_begins_when_the_turn_is_back_at_the_first_player():
    rules = _rules()
    back = rules.after(DealOutcome(2, 2, 1, (-20, 40, -20), round=1, head=0), 3)
    assert (back.dealer, back.round) == (0, 2)


def test_the_sitting_ends_after_round_ten():
    rules = _rules()
    assert not rules.over_at(Seating(0, 0, 10, 0)) and rules.over_at(Seating(0, 0, 11, 0))
    match, _ = play_bot_match("leshan", 3, deals=200, seed=2, options=DAJUAN)
    assert match.deals[-1].round == 10 and len({d.round for d in match.deals}) == 10
    after = rules.after(match.deals[-1], 3)
    assert after.round == 11  # the next seating is past 圈十: nothing more is dealt


def test_the_options_name_what_the_source_leaves_open():
    rules = _rules(lazhuang="pass", dajuan_no_win="same", dajuan_shuffler="dealer")
    passed = rules.after(DealOutcome(1, 0, 1, (-20, 40, -20), round=1, head=1), 3)
    assert (passed.dealer, passed.shuffler) == (2, 2)
    drawn = rules.after(DealOutcome(1, 0, None, (0, 0, 0), round=1, head=1), 3)
    assert (drawn.dealer, drawn.round) == (1, 1)


def _heaven_deal(round_: int, **options: str) -> Deal:
    """The dealer's dealt 21 cards already win: a held 坎 of 壹, both 2-7-10s, and runs (15 和: a 中和, 20)."""
    play = get_play_rules("leshan")
    hand = parse_cards("壹壹壹 贰柒拾 二七十 三四五 六七八 叁肆伍 陆柒捌")
    hands, stock = complete_hands(play, make_table(play, 3, 0), {0: hand})
    deal = Deal.new("leshan", 3, dealer=0, hands=hands, stock=stock, options={"quan": round_, **options})
    deal.play("0 win")
    return deal


def test_the_rounds_red_card_held_as_a_kan_doubles_the_win():
    # [003]: in 圈一 the red 壹 held as a 坎 adds one doubling; in 圈三 the 坎 of 壹 adds nothing
    plain, round_one, round_three = (settle(_heaven_deal(n)).payments for n in (0, 1, 3))
    assert plain == [80, -40, -40]  # 20 × 2 (天和) from each
    assert round_one == [160, -80, -80]
    assert round_three == plain
    lines = [line.zh for line in settle(_heaven_deal(1)).lines]
    assert any("圈一" in line and "壹" in line for line in lines)


def test_a_run_holding_the_round_card_counts_only_under_the_any_option():
    # the 叁 of 叁肆伍 in 圈三: [003] lists 对, 开, 坎 and 滚 only; the option ``any`` counts every set
    assert settle(_heaven_deal(3)).payments == [80, -40, -40]
    assert settle(_heaven_deal(3, quan_sets="any")).payments == [160, -80, -80]


# ------------------------------------------------------------ the seating against a plain oracle


def oracle_seating(players: int, first_dealer: int, winners: list[int | None]) -> list[tuple[int, int]]:
    """(头家, round) of every deal, told another way: the 头家 moves on one seat each time he does not win, so
    after ``moves`` moves he is ``first_dealer + moves`` and the round is ``1 + moves // players``."""
    out, moves = [], 0
    for winner in winners:
        dealer = (first_dealer + moves) % players
        out.append((dealer, 1 + moves // players))
        if winner != dealer:
            moves += 1
    return out


@settings(max_examples=200, deadline=None)
@given(
    players=st.integers(2, 8),
    first=st.integers(0, 7),
    picks=st.lists(st.one_of(st.none(), st.integers(0, 7)), min_size=1, max_size=60),
)
def test_seating_and_rounds_match_the_oracle(players, first, picks):
    first %= players
    winners = [None if w is None else w % players for w in picks]
    rules = _rules()
    seating = Seating(first, 0, 1, None)
    got = []
    for winner in winners:
        got.append((seating.dealer, seating.round))
        assert seating.dealer is not None
        outcome = DealOutcome(seating.dealer, seating.shuffler, winner, (0,) * players, seating.round, seating.head)
        seating = rules.after(outcome, players)
    assert got == oracle_seating(players, first, winners)


def _round_sets(deal: Deal, round_: int) -> int:
    """Oracle: the winner's sets of three or four red cards of the round's number."""
    assert deal.win is not None
    red = Card(round_, big=True)
    if isinstance(deal.win.result, dict):
        return 0
    return sum(1 for s in deal.win.result.sets if len(s.meld.cards) >= 3 and set(s.meld.cards) == {red})


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), round_=st.integers(1, 10), players=st.sampled_from([2, 3, 4]))
def test_the_doubling_matches_the_oracle(seed, round_, players):
    from changpai.bots.daer import make_players, play_out

    def played(options: dict[str, int] | None) -> Deal:
        deal = Deal.new("leshan", players, seed=seed, options=options)
        return play_out(deal, make_players(deal, random.Random(seed)))

    plain, in_round = played(None), played({"quan": round_})
    assert [str(a) for a in plain.history] == [str(a) for a in in_round.history]
    if plain.win is None or isinstance(plain.win.result, dict) or plain.play_rules.option("full_hundred"):
        return
    factor = 2 ** _round_sets(in_round, round_)
    assert settle(in_round).payments == [p * factor for p in settle(plain).payments]


# ------------------------------------------------------------ many matches: the invariants


@pytest.mark.parametrize("players", [2, 3, 4])
def test_many_matches_keep_the_invariants(players):
    for seed in range(4):
        match, record = play_bot_match("leshan", players, deals=200, seed=seed * 31, options=DAJUAN)
        assert all(sum(t) == 0 for t in match.ledger.history)
        assert [d.round for d in match.deals] == sorted(d.round for d in match.deals)
        data = record.to_data()
        deals, ledger = replay_match(MatchRecord.from_data(data))
        assert ledger.totals == match.ledger.totals
        assert all(d.card_total() == 80 for d in deals)
        assert MatchRecord.from_data(data).to_data() == data
        assert [d["deal"]["options"]["quan"] for d in data["deals"]] == [d.round for d in match.deals]


# ------------------------------------------------------------ bad records: located, in both languages


def _record(deals: int = 12) -> dict:
    _, record = play_bot_match("leshan", 3, deals=deals, seed=7, options=DAJUAN)
    return record.to_data()


def _error(data: dict) -> MatchError:
    with pytest.raises(MatchError) as caught:
        replay_match(MatchRecord.from_data(data))
    return caught.value


def test_a_deal_in_the_wrong_round_is_located():
    data = _record()
    data["deals"][4]["deal"]["options"]["quan"] = data["deals"][4]["deal"]["options"]["quan"] + 1
    error = _error(data)
    assert error.code == "match-round" and error.where and error.where.startswith("deals[4]")
    assert "圈" in error.text.zh and "round" in error.text.en


def test_a_deal_played_without_its_round_is_located():
    # a deal whose record lacks the round was scored without the round's card: refused at that deal
    data = _record()
    del data["deals"][5]["deal"]["options"]["quan"]
    error = _error(data)
    assert error.code == "match-round" and error.where and error.where.startswith("deals[5]")
    assert "not round 0" in error.text.en and "第 0 圈" in error.text.zh


def test_a_doubling_left_out_of_the_score_is_located():
    data = _record(40)
    deals, _ = replay_match(MatchRecord.from_data(data))
    doubled = next(n for n, deal in enumerate(deals) if any("圈" in line.zh for line in settle(deal).lines))
    half = [p // 2 for p in settle(deals[doubled]).payments]
    before = data["deals"][doubled - 1]["totals"] if doubled else [0, 0, 0]
    data["deals"][doubled]["totals"] = [b + h for b, h in zip(before, half, strict=True)]
    error = _error(data)
    assert error.code == "match-ledger" and error.where == f"deals[{doubled}].totals"


def test_a_dealer_who_should_not_deal_is_located():
    data = _record()
    first, second = data["deals"][2], data["deals"][3]
    assert first["deal"]["dealer"] != second["deal"]["dealer"]  # seed 7: the 头家 moves on after deal 2
    data["deals"][2], data["deals"][3] = second, first
    error = _error(data)
    assert error.code == "match-seating" and error.where == "deals[2]"
    assert "座位" in error.text.zh and "seat" in error.text.en


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    table=st.sampled_from([("leshan", 3), ("leshan", 4), ("leshan-bazhang", 5), ("leshan-shisi", 4)]),
    seed=st.integers(0, 10**6),
)
def test_played_sittings_follow_the_oracle_and_replay(table, seed):
    # 打圈 on the traditional deal and on the short ones: the dealers and rounds actually played are the oracle's
    rules, players = table
    match, record = play_bot_match(rules, players, deals=25, seed=seed, options=DAJUAN)
    played = [(d.dealer, d.round) for d in match.deals]
    assert played == oracle_seating(players, match.deals[0].dealer, [d.winner for d in match.deals])
    assert all(sum(t) == 0 for t in match.ledger.history)
    data = record.to_data()
    _, ledger = replay_match(MatchRecord.from_data(data))
    assert ledger.totals == match.ledger.totals and MatchRecord.from_data(data).to_data() == data
