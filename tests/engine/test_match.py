"""Matches: deals in a row, who deals each as the tradition says, a ledger that always sums to zero, and match
records that replay to the same score (core/match.py, daer/match.py, the traditions' ``match_rules``)."""

from __future__ import annotations

import random
import sys

import pytest
from changpai import yamlfile
from changpai.core.match import DealOutcome, Ledger, MatchError, RotateDealer, Seating, WinnerDeals, check_match
from changpai.core.text import RuleError
from changpai.daer.match import MatchRecord, match_rules, play_bot_match, replay_match
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

TABLES = [("luzhou-a", 4), ("luzhou-b", 4), ("leshan", 3), ("leshan", 4), ("leshan", 2), ("wuchuan", 4)]


def expected_next(rules: str, previous: DealOutcome) -> tuple[int | None, int]:
    """(dealer, shuffler) of the next deal, written from the sources, apart from the engine's code.

    [001]: from the second deal on the winner deals (no source says who after a deal nobody won: the option's
    default, the same dealer; Luzhou B [004] and Wuchuan [000] follow it). [003]: the last winner shuffles, or the
    last shuffler when nobody won, and the cut (叨牌) picks the dealer."""
    if rules == "leshan":
        return None, previous.shuffler if previous.winner is None else previous.winner
    dealer = previous.dealer if previous.winner is None else previous.winner
    return dealer, dealer


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 10**6), deals=st.integers(1, 5))
def test_a_match_follows_its_seating_rules_and_its_ledger_sums_to_zero(table, seed, deals):
    rules, players = table
    match, record = play_bot_match(rules, players, deals=deals, seed=seed)
    assert len(match.deals) == deals == len(record.deals)
    running = [0] * players
    for n, deal in enumerate(match.deals):
        assert sum(deal.payments) == 0
        running = [r + p for r, p in zip(running, deal.payments, strict=True)]
        assert list(match.ledger.history[n]) == running
        assert sum(match.ledger.history[n]) == 0
        if n:
            dealer, shuffler = expected_next(rules, match.deals[n - 1])
            assert deal.shuffler == shuffler
            if dealer is not None:
                assert deal.dealer == dealer
    # the record replays to the same score, and reads back to the same data
    data = record.to_data()
    again = MatchRecord.from_data(data)
    deals_, ledger = replay_match(again)
    assert ledger.totals == match.ledger.totals
    assert [d.table.dealer for d in deals_] == [d.dealer for d in match.deals]
    assert again.to_data() == data


def test_luzhou_the_winner_deals_and_the_sitter_moves_opposite():
    # [001]: after the first deal the last winner deals, with 坐底 across the table from them
    match, record = play_bot_match("luzhou-a", 4, deals=8, seed=3)
    deals, _ = replay_match(record)
    won = [n for n, d in enumerate(match.deals[:-1]) if d.winner is not None]
    assert won, "no deal was won in 8: pick another seed"
    for n in won:
        nxt = deals[n + 1]
        assert nxt.table.dealer == match.deals[n].winner
        assert nxt.table.roles[(nxt.table.dealer + 2) % 4] == "sitter"


def test_leshan_the_winner_shuffles_and_a_drawn_deal_keeps_the_shuffler():
    # [003]: the last winner shuffles; when nobody won, the last shuffler shuffles again
    rules = match_rules("leshan", 3)
    assert rules.after(DealOutcome(dealer=0, shuffler=1, winner=2, payments=(0, 0, 0)), 3) == Seating(None, 2)
    assert rules.after(DealOutcome(dealer=0, shuffler=1, winner=None, payments=(0, 0, 0)), 3) == Seating(None, 1)


def test_leshan_the_first_shuffler_is_the_highest_draw():
    rules = match_rules("leshan", 3)
    picked = {rules.first(3, random.Random(seed)).shuffler for seed in range(60)}
    assert picked == {0, 1, 2}  # every seat can draw highest; the draw is seeded, so a record can repeat it


def test_the_option_says_who_deals_after_a_deal_nobody_won():
    drawn = DealOutcome(dealer=2, shuffler=2, winner=None, payments=(0, 0, 0, 0))
    assert match_rules("luzhou-a", 4).after(drawn, 4) == Seating(2, 2)
    nxt = match_rules("luzhou-a", 4, {"dealer_after_no_win": "next"}).after(drawn, 4)
    assert nxt == Seating(3, 3)
    with pytest.raises(RuleError) as refused:
        match_rules("wuchuan", 4, {"dealer_after_no_win": "left"})
    assert refused.value.where == "options.dealer_after_no_win"


def test_a_ledger_refuses_payments_that_do_not_sum_to_zero():
    ledger = Ledger(3)
    ledger.add([4, -2, -2])
    with pytest.raises(MatchError) as refused:
        ledger.add([4, -2, -1], where="deals[1].payments")
    assert refused.value.where == "deals[1].payments" and "zero" in refused.value.text.en
    assert ledger.totals == (4, -2, -2)  # the refused deal left the score alone


def test_check_match_names_the_deal_dealt_by_the_wrong_seat():
    deals = [DealOutcome(0, 0, 1, (-1, 3, -1, -1)), DealOutcome(2, 2, None, (0, 0, 0, 0))]
    with pytest.raises(MatchError) as refused:
        check_match(WinnerDeals(2), 4, deals, Seating(0, 0), [(-1, 3, -1, -1), (-1, 3, -1, -1)])
    assert refused.value.where == "deals[1]" and "seat 1" in refused.value.text.en


def test_check_match_refuses_a_deal_after_the_end():
    deals = [DealOutcome(n % 3, n % 3, None, (0, 0, 0)) for n in range(3)]
    with pytest.raises(MatchError) as refused:
        check_match(RotateDealer(2), 3, deals, Seating(0, 0), [(0, 0, 0)] * 3)
    assert refused.value.code == "match-over" and refused.value.where == "deals[2]"


def _record_text(rules: str, players: int, deals: int, seed: int) -> str:
    _, record = play_bot_match(rules, players, deals=deals, seed=seed)
    return yamlfile.dumps(record.to_data())


def _replay_text(text: str) -> None:
    data, lines = yamlfile.loads_located(text, "match.yml")
    replay_match(MatchRecord.from_data(data, lines=lines, name="match.yml"))


def test_a_score_that_does_not_follow_from_the_deals_is_located():
    data, _ = yamlfile.loads_located(_record_text("wuchuan", 4, 3, 11), "match.yml")
    data["deals"][1]["totals"][0] += 1
    data["deals"][1]["totals"][1] -= 1  # still zero-sum, but not what the deals paid
    text = yamlfile.dumps(data)
    with pytest.raises(MatchError) as refused:
        _replay_text(text)
    where = refused.value.where or ""
    assert where.startswith("deals[1].totals (match.yml:"), where
    line = int(where.rsplit(":", 1)[1].rstrip(")"))
    assert text.splitlines()[line - 1].strip() == "totals:"


def test_a_deal_shuffled_by_the_wrong_seat_is_located():
    data, _ = yamlfile.loads_located(_record_text("leshan", 3, 3, 4), "match.yml")
    data["deals"][2]["shuffler"] = (data["deals"][2]["shuffler"] + 1) % 3
    with pytest.raises(MatchError) as refused:
        _replay_text(yamlfile.dumps(data))
    assert (refused.value.where or "").startswith("deals[2]"), refused.value.where
    assert "shuffle" in refused.value.text.en or "cut" in refused.value.text.en


def test_a_bad_step_inside_a_deal_names_the_deal_and_the_step():
    data, _ = yamlfile.loads_located(_record_text("luzhou-a", 4, 2, 8), "match.yml")
    sitter = (data["deals"][1]["deal"]["dealer"] + 2) % 4
    data["deals"][1]["deal"]["steps"][0]["do"] = f"{sitter} discard 七"  # 坐底 does not play [001]
    with pytest.raises(MatchError) as refused:
        _replay_text(yamlfile.dumps(data))
    assert (refused.value.where or "").startswith("deals[1].deal"), refused.value.where
    assert (refused.value.where or "").endswith("step 1"), refused.value.where
    assert "sitter" in refused.value.text.en


def test_unknown_keys_and_a_deal_of_other_rules_are_refused():
    data, _ = yamlfile.loads_located(_record_text("leshan", 3, 2, 1), "match.yml")
    with pytest.raises(MatchError) as refused:
        MatchRecord.from_data({**data, "winner": 1})
    assert "winner" in refused.value.text.en
    data["deals"][0]["deal"]["rules"] = "wuchuan"
    with pytest.raises(MatchError) as refused:
        replay_match(MatchRecord.from_data(data))
    assert (refused.value.where or "").startswith("deals[0].deal")


def test_an_annotated_match_keeps_its_title_and_introduction():
    data, _ = yamlfile.loads_located(_record_text("leshan", 3, 2, 1), "match.yml")
    data["title"] = {"zh": "一晚上", "en": "An evening"}
    data["intro"] = {"zh": "三家坐下来打两局。", "en": "Three sit down for two deals."}
    record = MatchRecord.from_data(data)
    assert record.title is not None and record.title.en == "An evening"
    assert record.to_data()["intro"] == data["intro"]
    replay_match(record)  # the words change nothing in the play
    with pytest.raises(MatchError) as refused:
        MatchRecord.from_data({**data, "title": "一晚上"}, name="match.yml")
    assert "zh" in refused.value.text.en and (refused.value.where or "").startswith("title")


# The figure: invariants over at least 10⁴ simulated matches (fewer inside Pyodide, which runs at half speed).
MANY_MATCHES = 10_000 if sys.platform != "emscripten" else 600
# In twenty parts of the same 10⁴ matches (the same seeds), so a parallel run (pytest -n, --dist worksteal) spreads
# them evenly over its workers: with four quarters one worker was often left finishing the last quarter alone.
PARTS = 20


def part_range(part: int) -> range:
    size = MANY_MATCHES // PARTS
    return range(part * size, (part + 1) * size if part < PARTS - 1 else MANY_MATCHES)


def test_the_parts_cover_every_match_once():
    assert [i for part in range(PARTS) for i in part_range(part)] == list(range(MANY_MATCHES))


@pytest.mark.simulation
@pytest.mark.parametrize("part", range(PARTS))
def test_ten_thousand_matches_keep_every_invariant(part: int):
    # Matches of 1–3 deals over every table in turn: cards conserved in every deal, each deal zero-sum, the ledger
    # the running sum, the seating as the sources say (expected_next), and the record replaying to the same score.
    for i in part_range(part):
        rules, players = TABLES[i % len(TABLES)]
        match, record = play_bot_match(rules, players, deals=1 + i % 3, seed=7919 * i + 1)
        deals, ledger = replay_match(record)
        assert ledger.totals == match.ledger.totals and sum(ledger.totals) == 0
        assert all(deal.card_total() == 80 for deal in deals)
        assert all(sum(outcome.payments) == 0 for outcome in match.deals)
        assert [d.table.dealer for d in deals] == [outcome.dealer for outcome in match.deals]
        for before, after in zip(match.deals, match.deals[1:], strict=False):
            dealer, shuffler = expected_next(rules, before)
            assert after.shuffler == shuffler and dealer in (None, after.dealer), (rules, i)
