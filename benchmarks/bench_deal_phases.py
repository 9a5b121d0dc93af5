"""Where a whole deal's time goes, by phase and action: the map for work on the deal loop (issue 18).

    python benchmarks/bench_deal_phases.py [--rules luzhou-a] [--players 4] [--deals 300] [--warm 50]

Plays seeded deals as ``benchmarks/bench_deals.py`` does (``SimpleBot``, ``play_one_step``'s own steps) and
splits each step into the players' choice (``next_action``: legal lists, claim window, the bot) and its play
(``Deal.play``: applying it, opening the next claim window), keyed by the phase and the action's type. It prints
the time per deal, then each row's share, count per deal and mean per step, with the load, interpreter and input
set. Shares are comparable within one run; absolute figures move with the load.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))

from changpai.bots.daer import make_players, next_action  # noqa: E402
from changpai.daer.actions import Action, ActionType  # noqa: E402
from changpai.daer.deal import CLAIM, Deal  # noqa: E402
from conditions import load_average, load_line  # noqa: E402


def play(rules: str, players: int, seeds: range, spent: Counter[str], steps: Counter[str]) -> None:
    for seed in seeds:
        start = time.perf_counter()
        rng = random.Random(seed)
        deal = Deal.new(rules, players, rng=rng, seed=seed)
        bots = make_players(deal, rng, "simple")
        spent["new deal"] += time.perf_counter() - start
        steps["new deal"] += 1
        while not deal.over:
            phase = deal.phase
            start = time.perf_counter()
            action = next_action(deal, bots)
            chosen = time.perf_counter()
            assert action is not None
            if phase == CLAIM and action.type == ActionType.PASS:  # (as ``play_one_step``: everybody passes)
                for seat in deal.to_move():
                    deal.play(Action(ActionType.PASS, seat))
                    if deal.phase != CLAIM:
                        break
            else:
                deal.play(action)
            key = f"{phase}:{action.type.value}"
            spent["choose " + key] += chosen - start
            spent["play " + key] += time.perf_counter() - chosen
            steps[key] += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="luzhou-a")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--warm", type=int, default=50, help="deals played first and not counted (caches)")
    parser.add_argument("--seed", type=int, default=2000)
    args = parser.parse_args()
    print(
        f"bench_deal_phases: {platform.python_implementation()} {platform.python_version()} · {args.rules}, "
        f"{args.players} players · {args.deals} deals from seed {args.seed} (after {args.warm} warm-up) · "
        f"{load_line()}"
    )
    play(args.rules, args.players, range(args.seed - args.warm, args.seed), Counter(), Counter())
    spent: Counter[str] = Counter()
    steps: Counter[str] = Counter()
    play(args.rules, args.players, range(args.seed, args.seed + args.deals), spent, steps)
    total = sum(spent.values())
    print(f"{total / args.deals * 1e3:.2f} ms a deal ({args.deals / total:.0f} deals/s by the wall clock)")
    print(f"{'part':30s} {'share':>6s} {'n/deal':>7s} {'µs each':>8s}")
    for part, seconds in spent.most_common():
        n = steps[part.split(" ", 1)[1] if part != "new deal" else part]
        print(f"{part:30s} {seconds / total:6.1%} {n / args.deals:7.1f} {seconds / n * 1e6:8.1f}")
    print(f"after: load {load_average()}")


if __name__ == "__main__":
    main()
