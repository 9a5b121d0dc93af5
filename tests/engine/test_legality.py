"""The legal list and the refusals come from the same rules (``daer/legality.py``), so they cannot drift apart:
over random seeded deal states (played by the bots, with violations committed on purpose now and then), every
action one might try — each seat × each action type × each card, the eats of every pair in the hand, the legal
list itself — is legal exactly when it is in the legal list (with the two accepted forms the list does not offer,
named below), ``broken_rule`` is ``None`` exactly then, and every refusal is a registered rule's, given by the
rule of that code. Then: every registered rule is reached by some state, and the violations are a view of it."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from changpai.bots.daer import make_players, play_one_step
from changpai.daer.actions import Action, ActionType
from changpai.daer.deal import Deal
from changpai.daer.deal_state import CLAIM, OVER
from changpai.daer.legality import RULES, first_refusal, refusing_rule
from changpai.daer.violations import DECLARED, VIOLATION_NAMES, named_by, violation_codes
from changpai.decks.numerals import ALL_KINDS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

CONFIGS: list[tuple[str, int, dict[str, object]]] = [
    ("luzhou-a", 3, {}),
    ("luzhou-a", 4, {}),
    ("luzhou-a", 3, {"instant_win_on_deal": True, "pong_own_turn": False}),
    ("luzhou-b", 4, {}),
    ("luzhou-b", 3, {"pong_compulsory": True, "kong_compulsory": True}),
    ("leshan", 2, {}),
    ("leshan", 3, {}),
    ("leshan", 4, {}),
    ("wuchuan", 3, {}),
    ("wuchuan", 4, {}),
]


def tries(deal: Deal, rng: random.Random) -> Iterator[Action]:
    """Actions one might try now: the legal ones, and for every seat (and one that does not exist) every type with
    no card, with each card it holds, the face-up or drawn card and a few others; eats with every pair held."""
    yield from deal.legal_actions()
    for a in deal.legal_actions():
        if a.type == ActionType.EAT and a.bi:
            yield Action(ActionType.EAT, a.seat, a.card, a.cards)  # the eat without its 比 / 摆
    for s in range(deal.table.size + 1):
        hand = deal.seats[s].hand if s < deal.table.size else [0] * 20
        kinds = [ALL_KINDS[i] for i, n in enumerate(hand) if n]
        cards = {*kinds, *rng.sample(ALL_KINDS, 3)}
        for extra in (deal.exposed.card if deal.exposed else None, deal.drawn):
            if extra is not None:
                cards.add(extra)
        for t in ActionType:
            if t != ActionType.EAT:
                yield Action(t, s)
                yield from (Action(t, s, c) for c in sorted(cards, key=lambda c: c.index))
        if deal.exposed is not None:
            for i, a in enumerate(kinds):
                yield from (Action(ActionType.EAT, s, deal.exposed.card, (a, b)) for b in kinds[i:])
        yield Action(ActionType.EAT, s, rng.choice(ALL_KINDS), (rng.choice(ALL_KINDS), rng.choice(ALL_KINDS)))


def accepted_unoffered(deal: Deal, action: Action) -> bool:
    """What ``play`` accepts that no legal list offers, all in a claim window, where a pass, a turn or a draw is
    judged without its card: the pass of a seat with nothing to claim, and the next seat's turn (or 小家's draw)
    that stands for everybody passing (``Deal.everybody_passes``)."""
    if deal.phase != CLAIM:
        return False
    if action.type == ActionType.PASS:
        if Action(ActionType.PASS, action.seat) in deal.legal_actions(action.seat):
            return True
        return action.seat not in deal.passed and not deal._claims_for(action.seat)
    return action.type in (ActionType.TURN, ActionType.DRAW) and action.seat == deal._next_after_window()


def check_state(deal: Deal, rng: random.Random, seen: set[str] | None = None) -> None:
    legal = list(deal.legal_actions())
    offered = set(legal)
    assert len(offered) == len(legal), "the legal list repeats an action"
    for s in range(deal.table.size):
        assert list(deal.legal_actions(s)) == [a for a in legal if a.seat == s]
    for action in tries(deal, rng):
        full = deal._complete(action)
        error = deal.broken_rule(action)
        ok = deal.is_legal(action)
        assert (error is None) == ok, (action, error)
        if full in offered:
            assert ok and first_refusal(deal, full) is None, (action, first_refusal(deal, full))
            continue
        if ok:
            assert accepted_unoffered(deal, full), f"{action} is legal but not offered"
            continue
        assert error is not None
        assert error.code in RULES, error.code
        refusing = refusing_rule(deal, full)
        assert refusing is not None and refusing.code == error.code, (action, error.code, refusing)
        if seen is not None:
            seen.add(error.code)


def play_some(deal: Deal, rng: random.Random, steps: int) -> Deal:
    """``steps`` steps of the bots' play, now and then a violation the tradition names instead, or a random legal
    move (a claim passed up: 过张, 后对, 现张不和 get their chance)."""
    bots = make_players(deal, rng, "simple")
    named = violation_codes(deal.play_rules.name) - {"false-win"}  # 诈和 would end the deal
    for _ in range(steps):
        if deal.over:
            break
        roll = rng.random()
        if roll < 0.12:
            faults = []
            for s in deal.table.active:
                for c in [None, *ALL_KINDS]:
                    for t in (ActionType.DISCARD, ActionType.PONG, ActionType.KONG, ActionType.WIN, ActionType.PASS):
                        action = Action(t, s, c)
                        error = deal.broken_rule(action)
                        if error is not None and error.code in named:
                            faults.append((action, error.code))
            if faults:
                action, code = rng.choice(faults)
                deal.play(action, violation=code)
                continue
        if roll < 0.35:  # in a claim window, one seat's answer (a pass is that seat's alone)
            deal.play(rng.choice(list(deal.legal_actions())))
            continue
        play_one_step(deal, bots)
    return deal


PROPERTY = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPERTY
@given(st.sampled_from(CONFIGS), st.integers(0, 10**6), st.integers(0, 90), st.randoms(use_true_random=False))
def test_the_legal_list_and_the_refusals_agree(
    config: tuple[str, int, dict[str, object]], seed: int, steps: int, rng: random.Random
) -> None:
    rules, players, options = config
    deal = Deal.new(rules, players, rng=random.Random(seed), seed=seed, options=options or None)
    check_state(play_some(deal, rng, steps), rng)


@pytest.mark.simulation
def test_every_registered_rule_is_reached() -> None:
    """Seeded deals played to their end reach every rule of the registry (the rare ones need an earlier passed
    chance, 吃字屙字, a four laid out too early …): a rule no state can break would be dead code."""
    seen: set[str] = set()
    for rules, players, options in CONFIGS:
        for seed in range(4):
            rng = random.Random(seed)
            deal = Deal.new(rules, players, rng=random.Random(seed), seed=seed, options=options or None)
            while not deal.over:
                check_state(deal, rng, seen)
                play_some(deal, rng, 1)
            check_state(deal, rng, seen)
    assert deal.phase == OVER
    assert set(RULES) - seen == set()


def test_the_violations_are_a_view_of_the_registry() -> None:
    declared = {code for b in DECLARED.values() for code in b.codes}
    assert set(VIOLATION_NAMES) == declared <= set(RULES)
    assert all(VIOLATION_NAMES[code] == RULES[code].name for code in declared)
    for name, baopai in DECLARED.items():
        assert violation_codes(name) == frozenset(baopai.codes)
        assert set(baopai.own_names) <= set(baopai.codes)


def test_the_traditions_declare_what_the_old_table_said() -> None:
    """The violations each tradition declares (``BAOPAI`` in its module) are those the one table of
    ``violations.py`` listed with rule-set names before the registry (Leshan's short deals declare Leshan's, 一百
    declares 字牌's [000])."""
    old = {
        "eat-passed": ("luzhou-a", "luzhou-b", "leshan", "leshan-bazhang", "leshan-shisi", "wuchuan", "wuchuan-yibai"),
        "pong-passed": ("luzhou-b", "leshan", "leshan-bazhang", "leshan-shisi"),
        "eat-own-discard": ("wuchuan", "wuchuan-yibai"),
        "eat-wrong": ("leshan", "leshan-bazhang", "leshan-shisi", "wuchuan", "wuchuan-yibai"),
        "eat-wrong-seat": (
            "leshan",
            "leshan-bazhang",
            "leshan-shisi",
        ),
        "eat-then-discard-partner": (
            "leshan",
            "leshan-bazhang",
            "leshan-shisi",
        ),
        "bi-required": ("luzhou-a", "luzhou-b", "leshan", "leshan-bazhang", "leshan-shisi", "wuchuan", "wuchuan-yibai"),
        "break-kan": ("luzhou-a", "luzhou-b", "leshan", "leshan-bazhang", "leshan-shisi"),
        "must-pong": ("luzhou-a", "wuchuan", "wuchuan-yibai"),
        "must-kong": ("luzhou-a", "wuchuan", "wuchuan-yibai"),
        "four-first": ("luzhou-a", "luzhou-b", "wuchuan", "wuchuan-yibai"),
        "eight-blocks": ("leshan", "leshan-bazhang", "leshan-shisi", "wuchuan", "wuchuan-yibai"),
        "false-win": ("luzhou-a", "luzhou-b", "leshan", "leshan-bazhang", "leshan-shisi", "wuchuan", "wuchuan-yibai"),
        "short-win": ("luzhou-a", "luzhou-b", "leshan", "leshan-bazhang", "leshan-shisi", "wuchuan", "wuchuan-yibai"),
        "win-own-discard": (
            "leshan",
            "leshan-bazhang",
            "leshan-shisi",
        ),
        "win-passed": (
            "leshan",
            "leshan-bazhang",
            "leshan-shisi",
        ),
        "win-declined-claim": (
            "leshan",
            "leshan-bazhang",
            "leshan-shisi",
        ),
    }
    assert list(VIOLATION_NAMES) == list(old)
    assert {code: named_by(code) for code in old} == old


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(CONFIGS), st.integers(0, 10**6), st.integers(0, 90), st.randoms(use_true_random=False))
def test_each_seats_list_is_the_whole_list_filtered_by_seat(
    config: tuple[str, int, dict[str, object]], seed: int, steps: int, rng: random.Random
) -> None:
    """One seat's legal list is made in one pass over the whole list for every seat at once (issue 18): asked in
    any order, it is the whole list's actions of that seat, in the whole list's order."""
    rules, players, options = config
    deal = play_some(Deal.new(rules, players, rng=random.Random(seed), seed=seed, options=options or None), rng, steps)
    seats = [*range(-1, deal.players + 1)]
    rng.shuffle(seats)
    for seat in seats:  # asked first, before the whole list, and then again after it
        mine = list(deal.iter_legal(seat))
        assert mine == [a for a in deal.iter_legal(None) if a.seat == seat]
        assert list(deal.iter_legal(seat)) == mine
