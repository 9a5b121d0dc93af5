"""Whole matches per second, per table (CPython): seeded matches of several deals played by the computer players,
then replayed from their records (the check a match record gets when it is read).

    python benchmarks/bench_matches.py [--matches 20] [--deals 8] [--repeats 3]

Prints, for each table, the median CPU rate of playing matches and of replaying their records, with the load
before and after and the interpreter. Fails nothing.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))

from changpai.daer.match import play_bot_match, replay_match  # noqa: E402

TABLES = [("luzhou-a", 4), ("luzhou-b", 4), ("leshan", 3), ("leshan", 4), ("leshan", 2), ("wuchuan", 4)]


def _load() -> str:
    return "/".join(f"{x:.2f}" for x in os.getloadavg())


def one_pass(rules: str, players: int, matches: int, deals: int) -> tuple[float, float]:
    records = []
    cpu = time.process_time()
    for i in range(matches):
        records.append(play_bot_match(rules, players, deals=deals, seed=1000 + 97 * i)[1])
    played = matches / (time.process_time() - cpu)
    cpu = time.process_time()
    for record in records:
        replay_match(record)
    return played, matches / (time.process_time() - cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--deals", type=int, default=8, help="deals per match")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    print(
        f"Python {sys.version.split()[0]}; {args.matches} matches of {args.deals} deals × {args.repeats} repeats per "
        f"table, interleaved; load {_load()} before"
    )
    rates: dict[tuple[str, int], list[tuple[float, float]]] = {table: [] for table in TABLES}
    for _ in range(args.repeats):
        for rules, players in TABLES:
            rates[(rules, players)].append(one_pass(rules, players, args.matches, args.deals))
    print(f"{'table':<14}{'matches/s played':>18}{'replayed':>12}{'deals/s played':>16}")
    for (rules, players), runs in rates.items():
        played = statistics.median(r[0] for r in runs)
        replayed = statistics.median(r[1] for r in runs)
        print(f"{rules + ' ×' + str(players):<14}{played:>18.1f}{replayed:>12.1f}{played * args.deals:>16.0f}")
    print(f"load {_load()} after")


if __name__ == "__main__":
    main()
