"""A 戳牌 match (changpai.chuopai.match): who deals each deal, the running score, the end, and the located errors
of a record whose dealer, order or score does not follow; the annotated match in tutorials/matches/chuopai/."""

import copy
from pathlib import Path

import pytest
from changpai import yamlfile
from changpai.chuopai.match import MatchRecord, play, replay
from changpai.chuopai.scoring import settle
from changpai.core.match import MatchError
from hypothesis import given, settings
from hypothesis import strategies as st

EVENING = Path(__file__).resolve().parents[2] / "tutorials" / "matches" / "chuopai" / "evening.yml"


def oracle_dealers(policy, deals, seats, scores):
    """Who deals each deal, the slow way: rotate round the table, or the deal's biggest winner (else the same)."""
    out, dealer = [], 0
    for paid in scores[:deals]:
        out.append(dealer)
        if policy == "rotate":
            dealer = (dealer + 1) % seats
        else:
            top = max(paid)
            dealer = paid.index(top) if top > 0 else dealer
    return out


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(["rotate", "winner"]), st.sampled_from([2, 3, 4]), st.integers(1, 5), st.integers(0, 10**6))
def test_the_dealers_and_the_ledger_follow_the_rules(policy, players, deals, seed):
    match, record = play(players, deals, seed, options={"next_dealer": policy})
    paid = [list(d.payments) for d in match.deals]
    assert [d.dealer for d in match.deals] == oracle_dealers(policy, deals, players, paid)
    running = [0] * players
    for after, payments in zip(match.ledger.history, paid, strict=True):
        running = [r + p for r, p in zip(running, payments, strict=True)]
        assert list(after) == running and sum(after) == 0
    again, ledger = replay(MatchRecord.from_data(record.to_data()))  # the record replays to the same match
    assert [d.table.dealer for d in again] == [d.dealer for d in match.deals] and ledger.totals == match.ledger.totals
    assert [tuple(settle(d).scores) for d in again] == [d.payments for d in match.deals]


def _broken(change):
    data, lines = yamlfile.read_located(EVENING, EVENING.name)
    data = copy.deepcopy(data)
    change(data)
    with pytest.raises(MatchError) as info:
        replay(MatchRecord.from_data(data, lines=lines, name=EVENING.name))
    return info.value


def test_a_wrong_dealer_is_located_in_both_languages():
    def change(data):
        data["played"][1]["deal"]["dealer"] = 2

    error = _broken(change)
    assert error.code == "match-seating" and error.where.startswith("played[1].deal.dealer (evening.yml:")
    assert "1 号座位做庄" in error.text.zh and "seat 1 to deal" in error.text.en


def test_a_deal_out_of_order_is_located():
    def change(data):
        data["played"][1], data["played"][2] = data["played"][2], data["played"][1]

    error = _broken(change)
    assert error.code == "match-order" and error.where.startswith("played[1].number")
    assert "次序" in error.text.zh and "out of order" in error.text.en


def test_a_score_that_does_not_follow_is_located():
    def change(data):
        data["played"][0]["totals"] = [-4, 0, 4]

    error = _broken(change)
    assert error.code == "match-ledger" and error.where.startswith("played[0].totals (evening.yml:")
    assert "[-5, 0, 5]" in error.text.zh and "[-5, 0, 5]" in error.text.en


def test_a_deal_after_the_agreed_end_and_a_bad_step_are_located():
    def after_end(data):
        data["deals"] = 2

    assert _broken(after_end).code == "match-over"

    def bad_step(data):
        data["played"][2]["deal"]["steps"][0]["do"] = "2 play 二红"

    error = _broken(bad_step)
    assert error.where.startswith("played[2].deal (evening.yml:") and "steps.0.do.cards.0" in error.where
    assert "硬张" in error.text.zh


def test_the_annotated_match_each_seat_dealing_once():
    data, lines = yamlfile.read_located(EVENING, EVENING.name)
    record = MatchRecord.from_data(data, lines=lines, name=EVENING.name)
    deals, ledger = replay(record)
    assert [d.table.dealer for d in deals] == [0, 1, 2] and record.deals == 3
    assert [settle(d).outcome for d in deals] == ["win", "huang", "huang"]
    assert ledger.totals == (-5, 0, 5)
    assert record.title is not None and record.intro is not None and "[002]" in record.intro.zh
