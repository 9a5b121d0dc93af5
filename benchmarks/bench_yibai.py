"""Whole Wuchuan 一百 sittings per second (CPython): seeded sittings played by the computer players until a seat
reaches the target, then replayed from their records (deals, 子 as made, totals), with the invariants checked.

    python benchmarks/bench_yibai.py [--sittings 20] [--repeats 3] [--target 100] [--check 0]

Prints the median CPU rate of playing and of replaying sittings, the deals per sitting, how many sittings ended in
the middle of a deal, and the load before and after, with the interpreter. ``--check N`` plays N more sittings and
counts broken invariants (scores ≠ ledger, a score after the target, record → replay different); it must print 0.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))

from changpai.daer.match import MatchRecord, play_bot_match, replay_match  # noqa: E402
from conditions import load_average  # noqa: E402

RULES = "wuchuan-yibai"


def one_pass(sittings: int, options: dict[str, int]) -> tuple[float, float, float, int]:
    records = []
    deals = mid = 0
    cpu = time.process_time()
    for i in range(sittings):
        match, record = play_bot_match(RULES, seed=1000 + 97 * i, options=options)
        records.append(record)
        deals += len(match.deals)
    played = sittings / (time.process_time() - cpu)
    cpu = time.process_time()
    for record in records:
        replayed, _ = replay_match(record)
        mid += not replayed[-1].over
    return played, sittings / (time.process_time() - cpu), deals / sittings, mid


def broken(seed: int, options: dict[str, int]) -> int:
    """Invariants of one sitting (0 if all hold)."""
    match, record = play_bot_match(RULES, seed=seed, options=options)
    scores = [s for n in sorted(record.scores) for s in record.scores[n]]
    sums = [sum(s["points"] for s in scores if s["seat"] == seat) for seat in range(3)]
    bad = list(match.ledger.totals) != sums
    deals, ledger = replay_match(MatchRecord.from_data(record.to_data()))
    bad |= ledger.totals != match.ledger.totals or any(d.card_total() != 80 for d in deals)
    bad |= not all(d.over for d in deals[:-1])
    return int(bad)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sittings", type=int, default=20)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--target", type=int, default=100)
    parser.add_argument("--check", type=int, default=0, help="sittings checked for invariants")
    args = parser.parse_args()
    options = {"yibai_target": args.target}
    head = f"{args.sittings} sittings to {args.target} × {args.repeats}"
    print(f"Python {sys.version.split()[0]}; {head}; load {load_average()}")
    runs = [one_pass(args.sittings, options) for _ in range(args.repeats)]
    played = statistics.median(r[0] for r in runs)
    replayed = statistics.median(r[1] for r in runs)
    print(f"{'sittings/s played':>18}{'replayed':>12}{'deals/sitting':>15}{'ended mid-deal':>16}")
    print(f"{played:>18.2f}{replayed:>12.2f}{runs[0][2]:>15.1f}{runs[0][3]:>11}/{args.sittings}")
    if args.check:
        bad = sum(broken(50_000 + i, options) for i in range(args.check))
        print(f"broken invariants over {args.check} sittings: {bad}")
    print(f"load {load_average()} after")


if __name__ == "__main__":
    main()
