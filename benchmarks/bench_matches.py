"""Whole matches per second, per table (CPython): seeded matches of several deals played by the computer players,
then replayed from their records (the check a match record gets when it is read).

    python benchmarks/bench_matches.py [--matches 20] [--deals 8] [--repeats 3] [--sittings 3]

Prints, for each table, the median CPU rate of playing matches and of replaying their records, with the load
before and after and the interpreter. Fails nothing. Leshan's newer ways [003] follow: whole sittings of 打圈
(ten rounds, ``--sittings`` of them: their length is the rounds', ``--deals`` does not apply) and matches of the
short deals 打八张 / 打十四张; their deals/s counts the deals actually played.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))

from changpai.daer.match import play_bot_match, replay_match  # noqa: E402
from conditions import load_average  # noqa: E402

TABLES = [("luzhou-a", 4), ("luzhou-b", 4), ("leshan", 3), ("leshan", 4), ("leshan", 2), ("wuchuan", 4)]
DAJUAN = {"leshan_match": "dajuan"}
# (label, rules, players, options, whole sittings?)
NEWER = [
    ("打圈 leshan ×3", "leshan", 3, DAJUAN, True),
    ("打圈 leshan ×4", "leshan", 4, DAJUAN, True),
    ("leshan-bazhang ×4", "leshan-bazhang", 4, None, False),
    ("leshan-bazhang ×8", "leshan-bazhang", 8, None, False),
    ("leshan-shisi ×3", "leshan-shisi", 3, None, False),
]


def one_pass(
    rules: str, players: int, matches: int, deals: int, options: dict[str, str] | None = None
) -> tuple[float, float, float]:
    """(matches/s played, matches/s replayed, deals/s played), by CPU time."""
    records = []
    cpu = time.process_time()
    for i in range(matches):
        records.append(play_bot_match(rules, players, deals=deals, seed=1000 + 97 * i, options=options)[1])
    spent = time.process_time() - cpu
    played = matches / spent
    cpu = time.process_time()
    for record in records:
        replay_match(record)
    return played, matches / (time.process_time() - cpu), sum(len(r.deals) for r in records) / spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--deals", type=int, default=8, help="deals per match")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--sittings", type=int, default=3, help="whole 打圈 sittings per repeat")
    args = parser.parse_args()
    print(
        f"Python {sys.version.split()[0]}; {args.matches} matches of {args.deals} deals × {args.repeats} repeats per "
        f"table, interleaved; load {load_average()} before"
    )
    rates: dict[str, list[tuple[float, float, float]]] = {}
    for _ in range(args.repeats):
        for rules, players in TABLES:
            rates.setdefault(f"{rules} ×{players}", []).append(one_pass(rules, players, args.matches, args.deals))
        for label, rules, players, options, whole in NEWER:
            count, cap = (args.sittings, 200) if whole else (args.matches, args.deals)
            rates.setdefault(label, []).append(one_pass(rules, players, count, cap, options))
    print(f"{'table':<20}{'matches/s played':>18}{'replayed':>12}{'deals/s played':>16}")
    for label, runs in rates.items():
        played = statistics.median(r[0] for r in runs)
        replayed = statistics.median(r[1] for r in runs)
        print(f"{label:<20}{played:>18.2f}{replayed:>12.2f}{statistics.median(r[2] for r in runs):>16.0f}")
    print(f"load {load_average()} after")


if __name__ == "__main__":
    main()
