"""Whole deals per second, per rule set, played by the computer players (CPython).

    python benchmarks/bench_deals.py [--deals 300] [--repeats 5]

For each table it plays the same seeded deals ``--repeats`` times and prints the median rate by the
wall clock and by this process's CPU time (the CPU figure is the one to read on a shared, busy
machine), the spread of the wall-clock rate (min–max), the share of deals with a winner, and the
ratio of the CPU median to the 500 deals/s target. All rows are measured side by side in one process,
interleaved, so the ratios between them are comparable. The load average is printed before and after:
on a machine busier than its core count, even the CPU figures drop (shared caches, frequency).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))

from changpai.bots.daer import simulate_one  # noqa: E402

TABLES = [("luzhou-a", 4), ("luzhou-b", 4), ("leshan", 3), ("leshan", 4), ("leshan", 2), ("wuchuan", 4)]
TARGET = 500.0


def run(rules: str, players: int, deals: int, seed: int) -> tuple[float, float, int]:
    start, cpu = time.perf_counter(), time.process_time()
    wins = 0
    for i in range(deals):
        wins += simulate_one(rules, players, seed + i).win is not None
    return deals / (time.perf_counter() - start), deals / (time.process_time() - cpu), wins


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args()
    print(
        f"Python {sys.version.split()[0]}; {args.deals} deals × {args.repeats} repeats per table; "
        f"target {TARGET:.0f} deals/s; {_load()}"
    )
    print(
        f"{'rules':<10} {'players':>7} {'wall/s':>7} {'min/s':>7} {'max/s':>7} {'cpu/s':>7} "
        f"{'wins':>6} {'vs target':>9}"
    )
    rates: dict[tuple[str, int], list[float]] = {t: [] for t in TABLES}
    cpu_rates: dict[tuple[str, int], list[float]] = {t: [] for t in TABLES}
    wins: dict[tuple[str, int], int] = {}
    for _ in range(args.repeats):  # interleave the tables so background load hits them alike
        for rules, players in TABLES:
            rate, cpu_rate, won = run(rules, players, args.deals, args.seed)
            rates[(rules, players)].append(rate)
            cpu_rates[(rules, players)].append(cpu_rate)
            wins[(rules, players)] = won
    for (rules, players), values in rates.items():
        median = statistics.median(values)
        cpu = statistics.median(cpu_rates[(rules, players)])
        share = wins[(rules, players)] / args.deals
        print(
            f"{rules:<10} {players:>7} {median:>7.0f} {min(values):>7.0f} {max(values):>7.0f} {cpu:>7.0f} "
            f"{share:>6.0%} {cpu / TARGET:>8.2f}×"
        )
    print(f"after: {_load()}")


def _load() -> str:
    if not hasattr(os, "getloadavg"):
        return "load average unknown"
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} CPUs"


if __name__ == "__main__":
    main()
