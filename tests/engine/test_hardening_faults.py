"""Penalties under load (issue #17, item 11): seeded deals played by the fault-injecting player, which commits
at random each violation the rule set names. Payments sum to zero, no card is lost or doubled after any
violation, a violator never wins where the rules bar it (Luzhou), a deal ended by a violation pays exactly
the penalties, and the deal's record replays to the same payments."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from changpai.bots.faulty import FaultyBot, open_violations, play_out_with_faults
from changpai.daer.deal import Deal
from changpai.daer.violations import violation_codes
from hardening_kit import card_problems, deal_problems, faulty_deal
from hypothesis import given, settings
from hypothesis import strategies as st

TABLES = [("luzhou-a", 4), ("luzhou-b", 4), ("leshan", 3), ("leshan", 4), ("leshan", 2), ("wuchuan", 4)]


@settings(max_examples=40, deadline=None, derandomize=True)
@given(st.sampled_from(TABLES), st.integers(0, 10**6))
def test_deals_with_injected_violations_keep_every_invariant(table: tuple[str, int], seed: int) -> None:
    rules, players = table
    deal, _faults, problems = faulty_deal(rules, players, seed)
    assert problems == [], problems
    assert deal_problems(deal) == []


@pytest.mark.parametrize(("rules", "players"), TABLES)
def test_the_faulty_player_commits_many_kinds_of_violation(rules: str, players: int) -> None:
    seen: Counter[str] = Counter()
    for seed in range(25):
        rng = random.Random(seed)
        deal = Deal.new(rules, players, rng=rng, seed=seed)
        bots = [FaultyBot(random.Random(rng.getrandbits(64)), rate=0.05) for _ in range(players)]
        deal, committed = play_out_with_faults(deal, bots)
        assert card_problems(deal) == []
        assert [v.code for v in deal.violations] == [code for _, code in committed]
        seen.update(code for _, code in committed)
    assert set(seen) <= violation_codes(rules)
    assert len(seen) >= 3, seen  # false wins, broken triples, wrong eats or compulsory claims missed, at least


def test_open_violations_are_exactly_the_named_rules_an_action_breaks() -> None:
    deal = Deal.new("leshan", 3, seed=5)
    seat = deal.to_act
    assert seat is not None
    found = open_violations(deal, seat)
    assert found, "the dealer can always at least claim a false win"
    for action, code in found:
        error = deal.broken_rule(action)
        assert error is not None and error.code == code and code in violation_codes("leshan")
    assert deal.history == []  # looking changes nothing
