"""Changing seats during a sitting (core/match.py ``Reseat``, Luzhou's ``reseat_every`` / ``reseat_how``): the
ledger follows people, not seats; the winner deals from his new seat; a record says who sat where and a wrong
one is refused where it is wrong.

[001] lets a Luzhou table agree to move seats once every 20 deals and says nothing of how; the engine's reading
(everybody one seat on, or a new draw) is an option. The oracles here are written apart from the engine's code."""

from __future__ import annotations

import random

import pytest
from changpai import yamlfile
from changpai.core.match import (
    DealOutcome,
    MatchError,
    Reseat,
    Seating,
    WinnerDeals,
    check_match,
    play_match,
)
from changpai.daer.match import MatchRecord, match_rules, play_bot_match, replay_match
from changpai.daer.settlement import settle
from changpai.daer.traditions import get_play_rules
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

PLAYERS = 4


def rotated(people: list[int]) -> list[int]:
    """Everybody one seat on: whoever sat in seat s now sits in seat s + 1."""
    out = [0] * len(people)
    for seat, person in enumerate(people):
        out[(seat + 1) % len(people)] = person
    return out


def oracle(deals: list[DealOutcome], every: int | None, how: str) -> list[list[int]]:
    """Each person's total after each deal, and the seating and dealer of every deal checked, by brute force:
    people stay put except right after every ``every``-th deal; a seat's payment is its sitter's."""
    people = list(range(PLAYERS))
    totals = [0] * PLAYERS
    history = []
    for n, deal in enumerate(deals):
        seats = list(deal.people) if deal.people else list(range(PLAYERS))
        if n and every and n % every == 0:
            if how == "rotate":
                assert seats == rotated(people), (n, seats, people)
            else:
                assert sorted(seats) == list(range(PLAYERS)), seats
        else:
            assert seats == people, (n, seats, people)
        if n:  # the winner of the last deal (or, nobody winning, its dealer) deals, wherever he sits now
            last = deals[n - 1]
            last_seats = list(last.people) if last.people else list(range(PLAYERS))
            who = last_seats[last.winner if last.winner is not None else last.dealer]
            assert seats[deal.dealer] == who, (n, deal.dealer, who)
        people = seats
        for seat, paid in enumerate(deal.payments):
            totals[people[seat]] += paid
        history.append(list(totals))
    return history


def random_deal(rng: random.Random):
    """A made-up deal for ``play_match``: somebody (or nobody) wins and collects what the others pay."""

    def one(index: int, seating: Seating) -> DealOutcome:
        dealer = seating.dealer or 0
        if rng.random() < 0.2:
            return DealOutcome(dealer, seating.shuffler, None, (0,) * PLAYERS)
        winner = rng.randrange(PLAYERS)
        paid = [-rng.randrange(1, 9) if s != winner else 0 for s in range(PLAYERS)]
        paid[winner] = -sum(paid)
        return DealOutcome(dealer, seating.shuffler, winner, tuple(paid))

    return one


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    every=st.sampled_from([None, 1, 3, 20]),
    how=st.sampled_from(["rotate", "draw"]),
    deals=st.integers(1, 45),
)
def test_core_ledger_follows_people_and_the_winner_deals_from_his_new_seat(seed, every, how, deals):
    rules = WinnerDeals(deals, reseat=Reseat(every, how))
    match = play_match(rules, PLAYERS, random_deal(random.Random(seed)), rng=random.Random(seed))
    history = oracle(match.deals, every, how)
    assert [list(t) for t in match.ledger.history] == history
    assert all(sum(t) == 0 for t in match.ledger.history)
    # the record of it checks, and a check of it gives the same ledger
    ledger = check_match(rules, PLAYERS, match.deals, rules.first(PLAYERS, random.Random(0)), match.ledger.history)
    assert ledger.totals == match.ledger.totals


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), every=st.sampled_from([0, 3, 20]), how=st.sampled_from(["rotate", "draw"]))
def test_luzhou_sittings_of_45_deals_against_the_oracle_and_back_through_the_record(seed, every, how):
    options = {"reseat_every": every, "reseat_how": how} if every else None
    match, record = play_bot_match("luzhou-a", 4, deals=45, seed=seed, options=options)
    data = record.to_data()
    # who sat where is written only when the seats may change: a sitting without it stays as records always were
    assert all(("people" in d) == bool(every) for d in data["deals"])
    again = MatchRecord.from_data(data)
    deals, ledger = replay_match(again)
    assert again.to_data() == data
    # the oracle from the replayed deals: each deal's payments by seat, credited to its sitter
    outcomes = [
        DealOutcome(
            d.table.dealer,
            d.table.dealer,
            None if d.win is None else d.win.seat,
            tuple(settle(d).payments),
            people=again.sitters(n),
        )
        for n, d in enumerate(deals)
    ]
    history = oracle(outcomes, every or None, how)
    assert [list(t) for t in ledger.history] == history == [list(t) for t in match.ledger.history]
    assert [d["totals"] for d in data["deals"]] == history
    assert all(sum(t) == 0 for t in history)


def test_rotation_by_one_seat_every_three_deals_fixed_case():
    match, record = play_bot_match("luzhou-a", 4, deals=9, seed=1, options={"reseat_every": 3})
    assert [d.people for d in match.deals] == [(0, 1, 2, 3)] * 3 + [(3, 0, 1, 2)] * 3 + [(2, 3, 0, 1)] * 3
    # deal 3 was won by seat 0 (person 0, 甲); after the change 甲 sits in seat 1 and deals from there
    assert (match.deals[2].winner, match.deals[3].dealer) == (0, 1)
    assert match.ledger.totals == (-37, -73, 9, 101)


def test_luzhou_options_default_off_from_001_and_the_reading_is_the_engines():
    play = get_play_rules("luzhou-a")
    assert play.option("reseat_every") == 0 and play.option("reseat_how") == "rotate"
    rules = match_rules("luzhou-a", 40)
    told = [(r.question.en, r.source) for r in rules.explain()]
    assert ("Do the players change seats?", "[001]") in told and len(told) == 4
    on = match_rules("luzhou-a", 40, {"reseat_every": 20})
    lines = {r.question.en: r for r in on.explain()}
    assert "from deal 21" in lines["Do the players change seats?"].answer.en
    assert "第 21 盘起换座" in lines["Do the players change seats?"].answer.zh
    assert lines["How do they move?"].source == "engine"
    assert lines["Who deals after a change of seats?"].source == "[001]"
    # [004] is silent: Luzhou B takes the same options, off
    assert get_play_rules("luzhou-b").option("reseat_every") == 0


def test_a_reseat_keeps_money_with_people():
    rules = WinnerDeals(2, reseat=Reseat(1))
    outcomes = iter([(1, (-3, 9, -3, -3)), (1, (-2, 6, -2, -2))])

    def one(index: int, seating: Seating) -> DealOutcome:
        winner, paid = next(outcomes)
        return DealOutcome(seating.dealer or 0, seating.shuffler, winner, paid)

    match = play_match(rules, 4, one)
    # person 1 (乙) won deal 1 from seat 1, moved to seat 2 and dealt deal 2 from it; seat 1's win of deal 2 is
    # person 0's (甲), who now sits there
    assert match.deals[1].people == (3, 0, 1, 2) and match.deals[1].dealer == 2
    assert match.ledger.totals == (3, 7, -5, -5)


# ---- bad records: refused where they are wrong, in both languages --------------------------------------------


def _record(every: int = 3, deals: int = 7, how: str = "rotate") -> dict:
    _, record = play_bot_match("luzhou-a", 4, deals=deals, seed=5, options={"reseat_every": every, "reseat_how": how})
    return record.to_data()


def _refused(data: dict) -> MatchError:
    with pytest.raises(MatchError) as refused:
        replay_match(MatchRecord.from_data(data, name="match.yml"))
    return refused.value


def test_a_change_of_seats_at_the_wrong_deal_is_refused():
    data = _record()
    data["deals"][2]["people"] = [3, 0, 1, 2]  # a deal early
    error = _refused(data)
    assert error.code == "match-reseat" and error.where == "deals[2].people"
    assert "deal 3 is no time to change seats" in error.text.en and "第 3 盘不该换座" in error.text.zh


def test_a_seating_that_does_not_rotate_as_the_rules_say_is_refused():
    data = _record()
    for d in data["deals"][3:6]:
        d["people"] = [1, 2, 3, 0]
    error = _refused(data)
    assert error.code == "match-reseat" and error.where == "deals[3].people"
    assert "seats change from deal 4" in error.text.en and "第 4 盘起换座" in error.text.zh


def test_a_seating_with_somebody_twice_is_refused_even_in_a_draw():
    data = _record(how="draw")
    data["deals"][3]["people"] = [0, 0, 1, 2]
    error = _refused(data)
    assert error.code == "match-people" and error.where == "deals[3].people"
    assert "each of the 4 people" in error.text.en and "各坐一个座位" in error.text.zh


def test_a_change_of_seats_in_a_match_that_keeps_them_is_refused():
    _, record = play_bot_match("luzhou-a", 4, deals=3, seed=5)
    data = record.to_data()
    data["deals"][1]["people"] = [1, 0, 2, 3]
    error = _refused(data)
    assert error.code == "match-reseat" and "keeps its seats" in error.text.en and "不换座" in error.text.zh


@pytest.mark.parametrize("bad", [[0, 1, 2], "甲乙丙丁", [0, 1, True, 3]])
def test_a_malformed_people_list_is_refused_with_its_file_line(tmp_path, bad):
    data = _record(deals=4)
    data["deals"][1]["people"] = bad
    path = tmp_path / "match.yml"
    path.write_text(_yaml(data), encoding="utf-8")
    read, lines = yamlfile.read_located(path, path.name)
    with pytest.raises(MatchError) as refused:
        MatchRecord.from_data(read, lines=lines, name=path.name)
    assert refused.value.code == "match-people"
    assert (refused.value.where or "").startswith("deals[1].people (match.yml:"), refused.value.where
    assert "“people”" in refused.value.text.en and "people" in refused.value.text.zh


def test_a_wrong_seating_in_a_file_is_located_at_its_line(tmp_path):
    data = _record()
    data["deals"][4]["people"] = [0, 1, 2, 3]
    path = tmp_path / "match.yml"
    path.write_text(_yaml(data), encoding="utf-8")
    read, lines = yamlfile.read_located(path, path.name)
    with pytest.raises(MatchError) as refused:
        replay_match(MatchRecord.from_data(read, lines=lines, name=path.name))
    assert (refused.value.where or "").startswith("deals[4].people (match.yml:"), refused.value.where


def _yaml(data: dict) -> str:
    import yaml

    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False)


def test_the_command_line_records_and_replays_a_sitting_with_changes_of_seats(tmp_path, capsys):
    from changpai.cli import main

    assert main(["record", "--rules", "luzhou-a", "--match", "4", "--seed", "11", "--option", "reseat_every=2"]) == 0
    text = capsys.readouterr().out
    assert text.count("people:") == 4
    path = tmp_path / "sitting.yml"
    path.write_text(text, encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    assert "4 deals" in capsys.readouterr().out
    # a seating changed a deal early: refused with the deal, the file line and both languages
    import yaml

    data = yaml.safe_load(text)
    data["deals"][1]["people"] = [3, 0, 1, 2]
    path.write_text(_yaml(data), encoding="utf-8")
    assert main(["replay", str(path)]) != 0
    err = capsys.readouterr().err
    assert "deals[1].people (sitting.yml:" in err and "no time to change seats" in err and "不该换座" in err


def test_simulate_counts_the_changes_of_seats(capsys):
    import json

    from changpai.cli import main

    args = ["simulate", "--rules", "luzhou-a", "--match", "45", "--deals", "2", "--option", "reseat_every=20"]
    assert main(args) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["seat_changes"] == 4 and summary["max_abs_ledger_sum"] == 0  # after deals 20 and 40, twice
    assert main(["simulate", "--rules", "luzhou-a", "--match", "3", "--deals", "1"]) == 0
    assert "seat_changes" not in json.loads(capsys.readouterr().out)  # no change of seats: the summary as it was
