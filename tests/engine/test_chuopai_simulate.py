"""Invariants over many simulated 戳牌 deals: every card accounted for, every trick taken by its highest play, the
piles made of the hard cards and the tricks taken, no bot breaking must-beat, scores summing to zero.

DEALS deals with the defaults per run (10,000 under CPython, in PARTS parts of their own seed; fewer inside Pyodide,
which is slower), and a few hundred under each other option set and with the random player."""

import random
import sys
from collections import Counter

import pytest
from changpai.bots.chuopai import BOTS, play_out, simulate
from changpai.chuopai.cards import CLASS, FACES
from changpai.chuopai.deal import ChuoDeal
from changpai.chuopai.plays import beats, shape
from changpai.chuopai.scoring import settle

PYODIDE = sys.platform == "emscripten"
DEALS = 1_000 if PYODIDE else 10_000
PARTS = 4  # the default-options deals in parts, each from a stream of its own seed, so test workers share them out


def broken_invariants(deal):
    """Every invariant ``deal`` breaks, as text (empty: none)."""
    rules, out = deal.rules, []
    everything = Counter(deal.undealt) + Counter(deal.covered)
    for seat in range(deal.table.size):
        everything += Counter(deal.hands[seat]) + Counter(deal.piles[seat])
    if everything != Counter({f: rules.copies for f in FACES}):
        out.append("cards not accounted for")
    taken = [[c for c in hand if CLASS[c] == "hard"] for hand in deal.dealt]
    for n, trick in enumerate(deal.tricks):
        best = None
        size = len(trick.actions[0].cards)
        for action in trick.actions:
            if action.kind == "play":
                s = shape(action.cards, rules)
                if s is None or len(action.cards) != size or (best is not None and not beats(s, best[1], rules)):
                    out.append(f"trick {n}: {action} does not beat the best before it")
                best = (action, s)
        if best is None or best[0].seat != trick.taker or trick.actions[0].seat != trick.leader:
            out.append(f"trick {n}: not taken by its highest play")
        else:
            taken[trick.taker].extend(best[0].cards)
    if [sorted(t) for t in taken] != [sorted(p) for p in deal.piles]:
        out.append("the piles are not the hard cards and the tricks taken")
    result = settle(deal)
    if sum(result.scores) != 0 or any(p.amount < 0 for p in result.payments):
        out.append("scores do not sum to zero")
    if deal.end == "fa" or not deal.over:
        out.append(f"ended {deal.end!r}")
    return out


def run(deals, options=None, bot="simple", seed=0):
    rng = random.Random(seed)
    bad = {}
    for _ in range(deals):
        deal = ChuoDeal.new(rng.randrange(2**32), rng.randrange(3 if not options else 2), options)
        play_out(deal, [BOTS[bot](rng) for _ in range(deal.table.size)])
        problems = broken_invariants(deal)
        if problems:
            bad[deal.seed] = problems
    return bad


@pytest.mark.simulation
@pytest.mark.parametrize("part", range(PARTS))
def test_invariants_over_many_deals_with_the_defaults(part):
    assert run(DEALS // PARTS, seed=part) == {}


@pytest.mark.simulation
@pytest.mark.parametrize(
    "options",
    [
        {"cannot_beat": "pass"},
        {"group_alike": "class", "combination_size": "any", "point_beaters": "example"},
        {"players": 4, "copies": 5},
        {"players": 2, "huang": "stop_early", "bao": "side_bill", "fan": 1, "payers": "everyone"},
    ],
)
def test_invariants_under_other_options(options):
    assert run(100 if PYODIDE else 300, options) == {}


@pytest.mark.simulation
def test_invariants_with_the_random_player():
    assert run(50 if PYODIDE else 200, {"group_alike": "class"}, bot="random") == {}


def test_simulate_summarises_and_is_reproducible():
    a, b = simulate(60, seed=9), simulate(60, seed=9)
    assert a == b and sum(a["outcomes"].values()) == 60 and set(a["outcomes"]) <= {"win", "huang"}
