"""Whole matches through ``changpai.api``: ``simulate_match`` plays one by computer players for every game with a
match (the Da Er traditions, Wuchuan 一百's sitting [000], 戳牌 [002]) and ``replay_match`` checks its record.

The oracle is a brute-force reading of the record itself, deal by deal and without the match machinery: each deal
replayed on its own and settled (戳牌: scored; 一百: the 子 the record lists), the running sums of those, and the
dealer each deal names. A record changed in one place is refused there, in both languages."""

from __future__ import annotations

import copy

import pytest
from changpai.api import handle
from changpai.chuopai.record import read_record
from changpai.chuopai.scoring import settle as chuo_settle
from changpai.daer.record import DealRecord, replay
from changpai.daer.settlement import settle
from hypothesis import given, settings
from hypothesis import strategies as st

MATCHES = [("luzhou-a", {}), ("luzhou-b", {}), ("leshan", {"players": 3}), ("wuchuan", {}), ("leshan-bazhang", {})]
YIBAI = {"rules": "wuchuan-yibai", "options": {"yibai_target": "40"}}


def ok(request):
    answer = handle(request)
    assert "error" not in answer, (request, answer)
    return answer


def _deal_by_deal(answer):
    """Each deal's dealer and payments read from the record alone (the oracle)."""
    record = answer["record"]
    rows = []
    if answer["rules"] == "chuopai":
        for played in record["played"]:
            deal, _ = read_record({"rules": "chuopai", "options": record.get("options", {}), **played["deal"]})
            rows.append((deal.table.dealer, list(chuo_settle(deal).scores)))
        return rows
    for n, entry in enumerate(record["deals"]):
        deal, _ = replay(DealRecord.from_data(entry["deal"]))
        if "scores" in entry:  # 一百: the 子 made, as listed (the engine checks them against the deal)
            made = [sum(s["points"] for s in entry["scores"] if s["seat"] == seat) for seat in range(answer["players"])]
            rows.append((deal.table.dealer, made))
        else:
            rows.append((deal.table.dealer, list(settle(deal).payments)))
        assert deal.over or n == len(record["deals"]) - 1  # only a race's last deal may stop in the middle
    return rows


def _check(answer):
    rows = _deal_by_deal(answer)
    assert [(d["dealer"], d["payments"]) for d in answer["deals"]] == rows
    running = [0] * answer["players"]
    for deal in answer["deals"]:
        running = [a + b for a, b in zip(running, deal["payments"], strict=True)]
        assert deal["totals"] == running
        if answer["ledger"]["zero_sum"]:
            assert sum(deal["payments"]) == 0
    assert answer["ledger"]["totals"] == running
    again = ok({"command": "replay_match", "record": answer["record"]})
    assert again == {k: v for k, v in answer.items() if k != "record"}


@pytest.mark.parametrize("rules, extra", MATCHES)
def test_a_da_er_match_is_its_deals_added_up(rules, extra):
    _check(ok({"command": "simulate_match", "rules": rules, "deals": 3, "seed": 5, **extra}))


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_a_yibai_sitting_runs_until_a_seat_reaches_its_target(seed):
    answer = ok({"command": "simulate_match", "seed": seed, **YIBAI})
    _check(answer)
    assert not answer["ledger"]["zero_sum"]
    totals = answer["ledger"]["totals"]
    assert max(totals) >= 40  # the sitting ran to its end (the default is as many deals as it takes)
    assert all(max(d["totals"]) < 40 for d in answer["deals"][:-1])  # and not a deal further


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([None, 3, 4]))
def test_a_chuopai_match_is_its_deals_added_up(seed, players):
    request = {"command": "simulate_match", "rules": "chuopai", "seed": seed}
    if players is not None:
        request["players"] = players
    answer = ok(request)
    _check(answer)
    assert len(answer["deals"]) == answer["players"]  # once round the table, unless deals says otherwise


def test_a_changed_record_is_refused_where_it_was_changed():
    record = ok({"command": "simulate_match", "rules": "luzhou-a", "deals": 2, "seed": 2})["record"]
    bad = copy.deepcopy(record)
    bad["deals"][1]["totals"] = [1, 2, 3, -6]
    error = handle({"command": "replay_match", "record": bad})["error"]
    assert (error["code"], error["where"]) == ("match-ledger", "deals[1].totals") and error["zh"] and error["en"]
    chuo = ok({"command": "simulate_match", "rules": "chuopai", "deals": 2, "seed": 1})["record"]
    chuo["played"][1]["totals"] = [5, -5, 0]
    error = handle({"command": "replay_match", "record": chuo})["error"]
    assert (error["code"], error["where"]) == ("match-ledger", "played[1].totals")
    sitting = ok({"command": "simulate_match", "seed": 1, **YIBAI})["record"]
    sitting["deals"][0]["scores"][0]["points"] += 1  # a 子 claimed that the deal did not make
    error = handle({"command": "replay_match", "record": sitting})["error"]
    assert (error["code"], error["where"]) == ("match-score", "deals[0].scores[0]")


@pytest.mark.parametrize(
    "request_, where",
    [
        ({"command": "simulate_match", "rules": "luzhou-a", "deals": 0}, "deals"),
        ({"command": "simulate_match", "rules": "luzhou-a", "deals": "3"}, "deals"),
        ({"command": "simulate_match", "rules": "luzhou-a", "bot": "nobody"}, "bot"),
        ({"command": "simulate_match", "rules": "luzhou-a", "seed": 2**70}, "seed"),
        ({"command": "simulate_match", "rules": "no-such-game"}, "rules"),
        ({"command": "simulate_match", "rules": "wuchuan-hongdiandian-sicheng"}, "rules"),
        ({"command": "simulate_match", "rules": "wuchuan-yibai", "players": 4}, "players"),
        ({"command": "simulate_match", "rules": "chuopai", "players": 9}, "players"),
        ({"command": "simulate_match", "rules": "luzhou-a", "deal": 3}, "deal"),
        ({"command": "replay_match"}, "record"),
        (
            {"command": "replay_match", "record": {"game": "hongdiandian", "rules": "wuchuan-hongdiandian-sicheng"}},
            "record",
        ),
    ],
)
def test_bad_match_requests_are_refused_at_the_field(request_, where):
    error = handle(request_)["error"]
    assert error["where"] == where and error["zh"] and error["en"], error


# ---------------------------------------------------------------- next_seating: a sitting one deal at a time
def _by_the_words(rules, dealer, shuffler, winner):
    """The oracle, from the traditions' own words: Luzhou and Wuchuan, the winner deals (nobody won: the same dealer,
    the option's default) [001][000]; Leshan, the winner shuffles (nobody won: the same shuffler) and the cut deals
    [003]."""
    if rules == "leshan":
        return None, shuffler if winner is None else winner
    nxt = dealer if winner is None else winner
    return nxt, nxt


@settings(max_examples=12, deadline=None)
@given(table=st.sampled_from([("luzhou-a", 3), ("luzhou-b", 4), ("leshan", 3), ("leshan", 4), ("wuchuan", 4)]),
       seed=st.integers(0, 10_000))  # fmt: skip
def test_next_seating_deals_a_sitting_as_the_whole_match_does(table, seed):
    """A reader's sitting, one hand at a time (next_seating, then new_deal with its dealer and shuffler), deals what a
    whole match of the same seeds deals, and follows the traditions' words."""
    rules, players = table
    match = ok({"command": "simulate_match", "rules": rules, "players": players, "deals": 4, "seed": seed})["record"]
    for before, after in zip(match["deals"], match["deals"][1:], strict=False):
        deal, _ = replay(DealRecord.from_data(before["deal"]))
        winner = None if deal.win is None else deal.win.seat
        request = {"command": "next_seating", "rules": rules, "players": players, "dealer": deal.table.dealer,
                   "shuffler": before["shuffler"], "winner": winner}  # fmt: skip
        nxt = ok(request)
        assert (nxt["dealer"], nxt["shuffler"]) == _by_the_words(rules, deal.table.dealer, before["shuffler"], winner)
        assert nxt["shuffler"] == after["shuffler"]
        assert nxt["why"] and all(line["answer"]["zh"] and line["answer"]["en"] for line in nxt["why"])
        seating = {"shuffler": nxt["shuffler"], **({} if nxt["dealer"] is None else {"dealer": nxt["dealer"]})}
        seed_ = after["deal"]["seed"]
        dealt = ok({"command": "new_deal", "rules": rules, "players": players, "seed": seed_, **seating})
        following, _ = replay(DealRecord.from_data(after["deal"]))
        assert dealt["view"]["dealer"] == following.table.dealer
        assert dealt["state"]["hands"] == following.to_dict()["hands"]


@pytest.mark.parametrize(
    "request_, where",
    [
        ({"command": "next_seating", "rules": "luzhou-a", "players": 3}, "dealer"),
        ({"command": "next_seating", "rules": "luzhou-a", "players": 3, "dealer": 3}, "dealer"),
        ({"command": "next_seating", "rules": "luzhou-a", "players": 3, "dealer": 0, "winner": -1}, "winner"),
        ({"command": "next_seating", "rules": "leshan", "players": 3, "dealer": 0, "shuffler": "2"}, "shuffler"),
        ({"command": "next_seating", "rules": "luzhou-a", "players": 6, "dealer": 0}, "players"),
        ({"command": "next_seating", "rules": "chuopai", "dealer": 0}, "rules"),
        (
            {
                "command": "next_seating",
                "rules": "leshan",
                "players": 3,
                "dealer": 0,
                "options": {"leshan_match": "dajuan"},
            },
            "options",
        ),  # fmt: skip
        ({"command": "new_deal", "rules": "leshan", "players": 3, "shuffler": 3}, "shuffler"),
    ],
)
def test_bad_next_seating_requests_are_refused_at_the_field(request_, where):
    error = handle(request_)["error"]
    assert error["where"] == where and error["zh"] and error["en"], error
