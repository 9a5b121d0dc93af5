"""Whole deals per second, per rule set, played by the computer players (CPython).

    python benchmarks/bench_deals.py [--deals 300] [--repeats 5]

For each table it plays the same seeded deals ``--repeats`` times and prints the median rate, the
spread (min–max), the share of deals with a winner, and the ratio to the 500 deals/s target. All rows
are measured side by side in one process, so the ratios between them are comparable.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))

from changpai.players import simulate_one  # noqa: E402

TABLES = [("luzhou-a", 4), ("luzhou-b", 4), ("leshan", 3), ("leshan", 4), ("leshan", 2), ("wuchuan", 4)]
TARGET = 500.0


def run(rules: str, players: int, deals: int, seed: int) -> tuple[float, int]:
    start = time.perf_counter()
    wins = 0
    for i in range(deals):
        wins += simulate_one(rules, players, seed + i).win is not None
    return deals / (time.perf_counter() - start), wins


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args()
    print(
        f"Python {sys.version.split()[0]}; {args.deals} deals × {args.repeats} repeats per table; "
        f"target {TARGET:.0f} deals/s"
    )
    print(f"{'rules':<10} {'players':>7} {'median/s':>9} {'min/s':>7} {'max/s':>7} {'wins':>6} {'vs target':>9}")
    rates: dict[tuple[str, int], list[float]] = {t: [] for t in TABLES}
    wins: dict[tuple[str, int], int] = {}
    for _ in range(args.repeats):  # interleave the tables so background load hits them alike
        for rules, players in TABLES:
            rate, won = run(rules, players, args.deals, args.seed)
            rates[(rules, players)].append(rate)
            wins[(rules, players)] = won
    for (rules, players), values in rates.items():
        median = statistics.median(values)
        share = wins[(rules, players)] / args.deals
        print(
            f"{rules:<10} {players:>7} {median:>9.0f} {min(values):>7.0f} {max(values):>7.0f} "
            f"{share:>6.0%} {median / TARGET:>8.2f}×"
        )


if __name__ == "__main__":
    main()
