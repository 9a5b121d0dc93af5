"""Starting a deal, timed alone: ``random.Random(seed)``, ``Deal.new`` and ``make_players``, as ``simulate_one`` does.

    python benchmarks/bench_deal_start.py [--engine engine] [--against OTHER_ENGINE_DIR] [--deals 2000] [--repeats 4]

Each engine runs in a fresh process per repeat (alternating which goes first), warms up on 200 deals, then times
``--deals`` starts per table five times by this process's CPU clock and keeps the best. Printed: the median of
those per engine and table, in µs a start, and the ratio (the other engine / this one: above 1, this one is
quicker), with the load average. On a shared machine only the ratio means anything (issue 18).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

from conditions import load_line  # (benchmarks/ is first on sys.path: this script's folder)

ENGINE_DIR = Path(__file__).resolve().parents[1] / "engine"
TABLES = [("luzhou-a", 4), ("leshan", 3), ("leshan", 4), ("wuchuan", 4)]

CHILD = """
import json, random, sys, time
from changpai.bots.daer import make_players
from changpai.daer.deal import Deal
deals = int(sys.argv[1])
out = {}
for rules, n in json.loads(sys.argv[2]):
    for seed in range(200):
        rng = random.Random(seed)
        make_players(Deal.new(rules, n, rng=rng, seed=seed), rng)
    best = []
    for _ in range(5):
        start = time.process_time()
        for seed in range(1000, 1000 + deals):
            rng = random.Random(seed)
            make_players(Deal.new(rules, n, rng=rng, seed=seed), rng)
        best.append((time.process_time() - start) / deals * 1e6)
    out[f"{rules} x{n}"] = min(best)
print(json.dumps(out))
"""


def _child(engine: Path, deals: int) -> dict[str, float]:
    # -S: no site-packages, so an editable install cannot lend one engine the other's modules
    cmd = [sys.executable, "-S", "-c", CHILD, str(deals), json.dumps(TABLES)]
    env = {**os.environ, "PYTHONPATH": str(engine)}
    out = subprocess.run(cmd, capture_output=True, text=True, check=True, env=env, cwd="/").stdout
    result: dict[str, float] = json.loads(out)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", type=Path, default=ENGINE_DIR)
    parser.add_argument("--against", type=Path, help="another engine directory, measured alternately")
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=4)
    args = parser.parse_args()
    engines = [args.engine.resolve()] + ([args.against.resolve()] if args.against else [])
    print(f"{args.deals} starts × 5 (best) per table, {args.repeats} processes per engine; {load_line()}")
    runs: dict[Path, list[dict[str, float]]] = {e: [] for e in engines}
    for repeat in range(args.repeats):
        for engine in engines if repeat % 2 == 0 else engines[::-1]:
            runs[engine].append(_child(engine, args.deals))
    head = f"{'table':<14} {'this µs':>8}" + (f" {'other µs':>9} {'ratio':>6}" if args.against else "")
    print(head)
    for table in runs[engines[0]][0]:
        mine = statistics.median(r[table] for r in runs[engines[0]])
        line = f"{table:<14} {mine:>8.1f}"
        if args.against:
            other = statistics.median(r[table] for r in runs[engines[1]])
            line += f" {other:>9.1f} {other / mine:>5.2f}×"
        print(line)
    print(f"after: {load_line()}")


if __name__ == "__main__":
    main()
