"""戳牌 deals per second (CPython), played out by the computer players with the default rules.

    python benchmarks/bench_chuopai.py [--deals 1000] [--repeats 5] [--bot simple] [--option copies=5 ...]

Plays the same seeded deals ``--repeats`` times and prints the median rate by the wall clock and by this process's
CPU time (the figure to read on a shared machine), the min–max of the wall rate, the interpreter and the load
average before and after.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))

from changpai.bots.chuopai import BOTS, play_out  # noqa: E402
from changpai.chuopai.deal import ChuoDeal  # noqa: E402
from conditions import load_average  # noqa: E402


def one_run(deals: int, bot: str, options: dict[str, object] | None = None) -> tuple[float, float]:
    rng = random.Random(1)
    seeds = [rng.randrange(2**32) for _ in range(deals)]
    wall, cpu = time.perf_counter(), time.process_time()
    for i, seed in enumerate(seeds):
        deal = ChuoDeal.new(seed, i % 3, options)
        play_out(deal, [BOTS[bot](random.Random(seed)) for _ in range(deal.table.size)])
    return deals / (time.perf_counter() - wall), deals / max(time.process_time() - cpu, 1e-9)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--bot", default="simple", choices=sorted(BOTS))
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a 戳牌 option")
    args = parser.parse_args()
    options = {k: int(v) if v.isdigit() else v for k, _, v in (o.partition("=") for o in args.option)} or None
    load_before = load_average()
    runs = [one_run(args.deals, args.bot, options) for _ in range(args.repeats)]
    load_after = load_average()
    walls = [w for w, _ in runs]
    print(f"interpreter: {platform.python_implementation()} {platform.python_version()} ({sys.executable})")
    print(f"cores: {os.cpu_count()}  load (1/5/15 min) before: {load_before}  after: {load_after}")
    print(
        f"chuopai {options or 'defaults'}, {args.bot} bots, {args.deals} deals x {args.repeats}: "
        f"median {statistics.median(walls):.0f} deals/s wall (min {min(walls):.0f}, max {max(walls):.0f}), "
        f"{statistics.median(c for _, c in runs):.0f} deals/s CPU"
    )


if __name__ == "__main__":
    main()
