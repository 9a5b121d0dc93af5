"""Whole deals per second, per rule set, played by the computer players (CPython).

    python benchmarks/bench_deals.py [--deals 300] [--repeats 5]
    python benchmarks/bench_deals.py --against /tmp/engine-before/engine [--engine engine] [--deals 100]

For each table it plays the same seeded deals ``--repeats`` times and prints the median rate by the
wall clock and by this process's CPU time (the CPU figure is the one to read on a shared, busy
machine), the spread of the wall-clock rate (min–max), the share of deals with a winner, and the
ratio of the CPU median to the 2,000 deals/s goal of issue 18. All rows are measured side by side in one process,
interleaved, so the ratios between them are comparable. The load average is printed before and after:
on a machine busier than its core count, even the CPU figures drop (shared caches, frequency).

``--against OTHER_ENGINE_DIR`` compares two versions of the engine (say, a ``git worktree`` of an older commit):
each repeat runs every table once in a fresh process per engine, alternating which goes first, and the report
gives each engine's median CPU rate per table and the ratio (this engine / the other). The older layout is
found too (``changpai.players`` before ``changpai.bots.daer``).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from conditions import load_line

ENGINE_DIR = Path(__file__).resolve().parents[1] / "engine"

TABLES = [("luzhou-a", 4), ("luzhou-b", 4), ("leshan", 3), ("leshan", 4), ("leshan", 2), ("wuchuan", 4)]
# Leshan's short deals [003] (8 and 14 cards): measured too, but not in ``--against`` (an older engine lacks them)
NEWER = [("leshan-bazhang", 4), ("leshan-bazhang", 8), ("leshan-shisi", 3), ("leshan-shisi", 5)]
TARGET = 2000.0  # issue 18: whole deals per second per table, one core


def _simulate_one() -> Callable[[str, int, int], Any]:
    """The engine's deal simulator, from the layout of the engine first on ``sys.path`` (new or old)."""
    import changpai

    if (Path(changpai.__file__).parent / "bots" / "daer.py").exists():
        from changpai.bots.daer import simulate_one
    else:  # the engine before the package layout of issue 10
        from changpai.players import simulate_one  # type: ignore[import-not-found, no-redef]
    return simulate_one


def run(rules: str, players: int, deals: int, seed: int) -> tuple[float, float, int]:
    simulate_one = _simulate_one()
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
    parser.add_argument("--engine", type=Path, default=ENGINE_DIR, help="the engine directory to measure")
    parser.add_argument("--against", type=Path, help="another engine directory to compare with, side by side")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    sys.path.insert(0, str(args.engine.resolve()))
    if args.child:  # one pass over the tables, as JSON: [[rules, players, cpu rate, wins], ...]
        import changpai

        assert Path(changpai.__file__).is_relative_to(args.engine.resolve()), changpai.__file__
        rows = [[r, n, *run(r, n, args.deals, args.seed)[1:]] for r, n in TABLES]
        print(json.dumps(rows))
        return
    if args.against is not None:
        compare(args.engine.resolve(), args.against.resolve(), args.deals, args.repeats, args.seed)
        return
    print(
        f"Python {sys.version.split()[0]}; {args.deals} deals × {args.repeats} repeats per table; "
        f"target {TARGET:.0f} deals/s; {load_line()}"
    )
    print(
        f"{'rules':<15} {'players':>7} {'wall/s':>7} {'min/s':>7} {'max/s':>7} {'cpu/s':>7} "
        f"{'wins':>6} {'vs target':>9}"
    )
    tables = TABLES + NEWER
    rates: dict[tuple[str, int], list[float]] = {t: [] for t in tables}
    cpu_rates: dict[tuple[str, int], list[float]] = {t: [] for t in tables}
    wins: dict[tuple[str, int], int] = {}
    for _ in range(args.repeats):  # interleave the tables so background load hits them alike
        for rules, players in tables:
            rate, cpu_rate, won = run(rules, players, args.deals, args.seed)
            rates[(rules, players)].append(rate)
            cpu_rates[(rules, players)].append(cpu_rate)
            wins[(rules, players)] = won
    for (rules, players), values in rates.items():
        median = statistics.median(values)
        cpu = statistics.median(cpu_rates[(rules, players)])
        share = wins[(rules, players)] / args.deals
        print(
            f"{rules:<15} {players:>7} {median:>7.0f} {min(values):>7.0f} {max(values):>7.0f} {cpu:>7.0f} "
            f"{share:>6.0%} {cpu / TARGET:>8.2f}×"
        )
    print(f"after: {load_line()}")


def _child(engine: Path, deals: int, seed: int) -> dict[tuple[str, int], tuple[float, int]]:
    # -S: no site-packages, so the editable install of this checkout cannot lend the other engine its modules
    # (the engine needs only the standard library)
    cmd = [sys.executable, "-S", __file__, "--child", "--engine", str(engine), "--deals", str(deals)]
    cmd += ["--seed", str(seed)]
    env = {**os.environ, "PYTHONPATH": str(engine)}
    out = subprocess.run(cmd, capture_output=True, text=True, check=True, env=env, cwd="/").stdout
    return {(r, n): (rate, wins) for r, n, rate, wins in json.loads(out)}


def compare(mine: Path, other: Path, deals: int, repeats: int, seed: int) -> None:
    """Median CPU deals/s of two engines per table, measured alternately in fresh processes."""
    print(f"this engine: {mine}\nother engine: {other}\n{deals} deals × {repeats} repeats per table; {load_line()}")
    rates: dict[Path, dict[tuple[str, int], list[float]]] = {e: {t: [] for t in TABLES} for e in (mine, other)}
    wins: dict[Path, dict[tuple[str, int], int]] = {mine: {}, other: {}}
    for i in range(repeats):
        for engine in (mine, other) if i % 2 == 0 else (other, mine):  # alternate who goes first
            for table, (rate, won) in _child(engine, deals, seed).items():
                rates[engine][table].append(rate)
                wins[engine][table] = won
    print(f"{'rules':<10} {'players':>7} {'this cpu/s':>10} {'other cpu/s':>11} {'ratio':>6} {'wins':>9}")
    ratios = []
    for table in TABLES:
        a, b = statistics.median(rates[mine][table]), statistics.median(rates[other][table])
        ratios.append(a / b)
        print(
            f"{table[0]:<10} {table[1]:>7} {a:>10.0f} {b:>11.0f} {a / b:>5.2f}× "
            f"{wins[mine][table]:>4}/{wins[other][table]:<4}"
        )
    print(f"geometric mean ratio {statistics.geometric_mean(ratios):.3f}×; after: {load_line()}")


if __name__ == "__main__":
    main()
