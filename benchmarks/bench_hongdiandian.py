"""红点点 deals per second (CPython), played by the computer players, per rule set and bot (and the two variants of
[000]: a wild 大叁, five players).

    python benchmarks/bench_hongdiandian.py [--deals 300] [--repeats 5] [--seed 1000] [--check]

Each row plays the same seeded deals ``--repeats`` times (rows interleaved, so background load hits them alike) and
prints the median rate by the wall clock and by this process's CPU time (the one to read on a shared machine), the
wall-clock spread, the share of deals with a winner, and the load average before and after. ``--check`` also
verifies every step's invariants, as the tests do (slower).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))

from changpai.bots.hongdiandian import simulate_one  # noqa: E402 — after the path is set
from conditions import load_line  # noqa: E402

ROWS = [
    ("wuchuan-hongdiandian-sicheng", "simple", ""),
    ("wuchuan-hongdiandian-huada", "simple", ""),
    ("wuchuan-hongdiandian-sicheng", "random", ""),
    ("wuchuan-hongdiandian-huada", "random", ""),
    ("wuchuan-hongdiandian-sicheng", "simple", "wild_dasan"),
    ("wuchuan-hongdiandian-huada", "simple", "five_players"),
]


def run(rules: str, bot: str, variant: str, deals: int, seed: int, check: bool) -> tuple[float, float, int]:
    start, cpu = time.perf_counter(), time.process_time()
    wins = 0
    options = {variant: True} if variant else None
    for i in range(deals):
        deal, problems = simulate_one(rules, seed + i, bot=bot, check=check, options=options)
        assert not problems, (rules, seed + i, problems)
        wins += deal.winner is not None
    return deals / (time.perf_counter() - start), deals / (time.process_time() - cpu), wins


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--check", action="store_true", help="check every step's invariants too")
    args = parser.parse_args()
    interpreter = f"{sys.implementation.name} {sys.version.split()[0]}"
    print(f"{interpreter}; {args.deals} deals × {args.repeats} repeats; {load_line()}")
    rates: dict[tuple[str, str, str], list[float]] = {row: [] for row in ROWS}
    cpu_rates: dict[tuple[str, str, str], list[float]] = {row: [] for row in ROWS}
    wins: dict[tuple[str, str, str], int] = {}
    for _ in range(args.repeats):
        for row in ROWS:
            rate, cpu_rate, won = run(*row, args.deals, args.seed, args.check)
            rates[row].append(rate)
            cpu_rates[row].append(cpu_rate)
            wins[row] = won
    print(f"{'rules':<30} {'bot':<7} {'variant':<13} {'wall/s':>7} {'min/s':>7} {'max/s':>7} {'cpu/s':>7} {'wins':>6}")
    for row, values in rates.items():
        rules, bot, variant = row
        cpu = statistics.median(cpu_rates[row])
        share = wins[row] / args.deals
        print(
            f"{rules:<30} {bot:<7} {variant or '-':<13} {statistics.median(values):>7.0f} {min(values):>7.0f} "
            f"{max(values):>7.0f} {cpu:>7.0f} {share:>6.0%}"
        )
    print(f"after: {load_line()}")


if __name__ == "__main__":
    main()
