"""Machine instructions per whole deal, per table, for this engine and (optionally) another: a speed figure that a busy,
shared machine does not move (issue 18). Printed, not asserted.

    .venv/bin/python benchmarks/bench_instructions.py [--deals 250] [--against OTHER_ENGINE_DIR]
                                                      [--tables luzhou-a:4 leshan:3 ...]

For each table it runs the interpreter under ``valgrind --tool=cachegrind --cache-sim=no`` twice: importing the engine
and playing no deal, then playing ``--deals`` seeded deals (``bots.daer.simulate_one``, as ``bench_deals.py`` does),
and prints the difference over the deals: instructions a deal, the start and the imports left out. ``PYTHONHASHSEED``
is fixed, so two runs of one engine agree to a few parts in a thousand (the garbage collector's timing moves them).
With ``--against`` the other engine (say, a ``git worktree`` of an older commit) is counted the same way and the
ratio printed (this / other: below 1 is fewer instructions). Needs Debian's ``valgrind``; the two runs of a table go
side by side on two cores.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ENGINE_DIR = Path(__file__).resolve().parents[1] / "engine"
TABLES = ["luzhou-a:4", "luzhou-b:4", "leshan:3", "wuchuan:4"]
PLAY = (
    "import sys\nsys.path.insert(0, sys.argv[1])\nfrom changpai.bots.daer import simulate_one\n"
    "for i in range(int(sys.argv[4])):\n    simulate_one(sys.argv[2], int(sys.argv[3]), 1000 + i)\n"
)
REFS = re.compile(r"I\s+refs:\s+([\d,]+)")


def instructions(engine: Path, rules: str, players: int, deals: int) -> int:
    """Instructions of one interpreter run playing ``deals`` deals (``-S``: no site-packages, only this engine)."""
    cmd = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null"]
    cmd += [sys.executable, "-S", "-c", PLAY, str(engine), rules, str(players), str(deals)]
    env = {**os.environ, "PYTHONHASHSEED": "0", "PYTHONPATH": str(engine)}
    done = subprocess.run(cmd, capture_output=True, text=True, check=True, env=env, cwd="/")
    found = REFS.search(done.stderr)
    if found is None:
        raise SystemExit(f"no instruction count in valgrind's output:\n{done.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


def per_deal(engine: Path, rules: str, players: int, deals: int) -> float:
    with ThreadPoolExecutor(2) as pool:
        empty, full = pool.map(lambda n: instructions(engine, rules, players, n), (0, deals))
    return (full - empty) / deals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=250)
    parser.add_argument("--engine", type=Path, default=ENGINE_DIR, help="the engine directory to count")
    parser.add_argument("--against", type=Path, help="another engine directory, counted the same way")
    parser.add_argument("--tables", nargs="+", default=TABLES, help="rules:players, e.g. leshan:3")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind)")
    engines = [args.engine.resolve()] + ([args.against.resolve()] if args.against else [])
    print(f"Python {sys.version.split()[0]} under cachegrind; {args.deals} deals minus 0 per table; PYTHONHASHSEED=0")
    for engine in engines:
        print(f"  engine: {engine}")
    header = f"{'table':<14} {'this M/deal':>11}"
    print(header + (f" {'other M/deal':>12} {'this/other':>10}" if args.against else ""))
    ratios = []
    for table in args.tables:
        rules, players = table.split(":")
        counts = [per_deal(engine, rules, int(players), args.deals) for engine in engines]
        line = f"{table:<14} {counts[0] / 1e6:>11.3f}"
        if args.against:
            ratios.append(counts[0] / counts[1])
            line += f" {counts[1] / 1e6:>12.3f} {ratios[-1]:>9.3f}×"
        print(line)
    if ratios:
        print(f"geometric mean this/other {statistics.geometric_mean(ratios):.3f}×")


if __name__ == "__main__":
    main()
