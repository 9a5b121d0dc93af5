"""Speed of hand analysis: the engine against the brute-force oracle, side by side, in one run.

    python benchmarks/bench_analysis.py [--hands 300] [--oracle-hands 30] [--seed 1] [--rules luzhou-a]
    python benchmarks/bench_analysis.py --against /work/main [--hands 300] [--rounds 3]

Prints the median time per call of ``waits`` (every card that completes a 20-card hand) and of ``analyse``
(best split with the winning card), for the engine and for ``tests/engine/oracle.py`` on the same hands, and
the ratio. Targets: waits under 0.1 ms median in CPython (issue 18; issue 3 asked 0.2), at least 10x the oracle.
Standard library only, so ``main()`` also runs in Pyodide (the node runner imports this file and calls it).

``--against DIR`` times this engine beside another checkout's (``DIR/engine``, loaded as a second copy of the
package in the same process) on the same hands, interleaved hand by hand (the order swapping each time), in
wall time and in CPU time, checks that both give the same answers, and prints each median and the ratio.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from conditions import load_average  # (benchmarks/ is first on sys.path: this script's folder)

REPO = Path(__file__).resolve().parent.parent
WAITS_TARGET_MS = 0.1  # issue 18
RATIO_TARGET = 10.0


def load_oracle():
    path = REPO / "tests" / "engine" / "oracle.py"
    spec = importlib.util.spec_from_file_location("changpai_oracle", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load the oracle from {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def ready_hands(count: int, seed: int, rules: str) -> list[tuple[list, list]]:
    """Random 20-card hands, all concealed, that wait for at least one card."""
    from changpai.daer.analysis import waits
    from changpai.daer.samples import random_ready_hand

    rng = random.Random(seed)
    hands = []
    while len(hands) < count:
        hand, table = random_ready_hand(rng, table_share=0.0)
        if waits(hand, table, rules):
            hands.append((hand, table))
    return hands


def hand_set(hands: list[tuple[list, list]]) -> str:
    """A short fingerprint of the hands, so two runs can be checked to have timed the same inputs."""
    import hashlib

    text = json.dumps([[[str(c) for c in hand], [str(c) for c in table]] for hand, table in hands])
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def median_ms(func: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        func()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def measure(hands, rules: str, engine_waits, engine_analyse, oracle, *, repeat: int, with_oracle: bool) -> dict:
    waits_engine, waits_oracle, best_engine, best_oracle = [], [], [], []
    for hand, table in hands:
        win_card = engine_waits(hand, table, rules)[0].card
        waits_engine.append(median_ms(partial(engine_waits, hand, table, rules), repeat))
        best_engine.append(median_ms(partial(engine_analyse, hand, table, rules, win_card=win_card), repeat))
        if with_oracle:
            waits_oracle.append(median_ms(partial(oracle.waits, hand, table, rules), 1))
            best_oracle.append(median_ms(partial(oracle.best_points, hand, table, rules, win_card), 1))
    out = {
        "hands": len(hands),
        "waits_engine_ms": statistics.median(waits_engine),
        "analyse_engine_ms": statistics.median(best_engine),
    }
    if with_oracle:
        out["waits_oracle_ms"] = statistics.median(waits_oracle)
        out["best_oracle_ms"] = statistics.median(best_oracle)
    return out


def load_other_engine(checkout: Path):
    """``changpai.daer.analysis`` of another checkout (``checkout/engine``), as a second copy of the package:
    its modules are imported under their own names, then put aside, and this engine's put back."""
    engine = (checkout / "engine").resolve()
    if not (engine / "changpai" / "__init__.py").is_file():
        raise SystemExit(f"no engine package in {engine}")
    import changpai.daer.analysis  # noqa: F401 — this copy first, so it is the one restored

    ours = {name: mod for name, mod in sys.modules.items() if name == "changpai" or name.startswith("changpai.")}
    for name in ours:
        del sys.modules[name]
    sys.path.insert(0, str(engine))
    try:
        other = importlib.import_module("changpai.daer.analysis")
        numerals = importlib.import_module("changpai.decks.numerals")
    finally:
        sys.path.remove(str(engine))
        for name in [n for n in sys.modules if n == "changpai" or n.startswith("changpai.")]:
            del sys.modules[name]
        sys.modules.update(ours)
    if Path(other.__file__).resolve().parents[2] != engine:
        raise SystemExit(f"loaded {other.__file__}, not the engine in {engine}")
    return other, numerals


def _answers(waits, analyse, hand, rules: str) -> str:
    found = waits(hand, [], rules)
    best = analyse(hand, [], rules, win_card=found[0].card).as_dict()
    return json.dumps([[w.as_dict() for w in found], best], sort_keys=True, default=str)


def against(args) -> int:
    """This engine and another checkout's, side by side on the same hands (``--against``)."""
    from changpai.daer.analysis import analyse, waits

    other, other_numerals = load_other_engine(Path(args.against))
    load_before = load_average()
    hands = ready_hands(args.hands, args.seed, args.rules)
    if any(table for _hand, table in hands):
        raise SystemExit("the hand set has table sets: --against times concealed hands only")
    theirs = [[other_numerals.Card(c.number, c.big) for c in hand] for hand, _table in hands]
    engines = {
        "this": (waits, analyse, [hand for hand, _table in hands]),
        "against": (other.waits, other.analyse, theirs),
    }
    for i in range(len(hands)):
        mine, other_answer = (_answers(w, a, hs[i], args.rules) for w, a, hs in engines.values())
        if mine != other_answer:
            raise SystemExit(f"the two engines answer hand {i} differently: {' '.join(map(str, hands[i][0]))}")
    clocks = {"wall": time.perf_counter, "cpu": time.process_time}
    times: dict[tuple[str, str, str], list[float]] = {}
    for _round in range(args.rounds):
        for i in range(len(hands)):
            order = list(engines) if (i + _round) % 2 == 0 else list(engines)[::-1]
            for name in order:
                engine_waits, engine_analyse, hs = engines[name]
                hand = hs[i]
                win_card = engine_waits(hand, [], args.rules)[0].card
                calls = {
                    "waits": partial(engine_waits, hand, [], args.rules),
                    "analyse": partial(engine_analyse, hand, [], args.rules, win_card=win_card),
                }
                for what, call in calls.items():
                    for clock_name, clock in clocks.items():
                        runs = []
                        for _ in range(args.repeat):
                            start = clock()
                            call()
                            runs.append(clock() - start)
                        times.setdefault((name, what, clock_name), []).append(statistics.median(runs) * 1000)
    print(
        f"hand analysis, this engine against {other.__file__} — {platform.python_implementation()} "
        f"{platform.python_version()}, rules {args.rules}, seed {args.seed}"
    )
    print(f"load {load_before} before, {load_average()} after · {os.cpu_count()} cores")
    print(f"hand set: {len(hands)} hands, sha256 {hand_set(hands)}; both engines give the same answers on every one")
    print(
        f"{args.rounds} rounds, each hand timed by both in turn (order swapped), median of {args.repeat} calls a hand"
    )
    print(f"{'median per call, ms':<24}{'this':>10}{'against':>10}{'this/against':>14}")
    for what in ("waits", "analyse"):
        for clock_name in clocks:
            this_ms = statistics.median(times[("this", what, clock_name)])
            other_ms = statistics.median(times[("against", what, clock_name)])
            print(f"{what + ' (' + clock_name + ')':<24}{this_ms:>10.4f}{other_ms:>10.4f}{this_ms / other_ms:>13.2f}x")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300, help="hands timed for the engine alone")
    parser.add_argument("--oracle-hands", type=int, default=30, help="hands timed for both (the oracle is slow)")
    parser.add_argument("--repeat", type=int, default=5, help="engine calls per hand (median kept)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="luzhou-a")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    parser.add_argument("--against", metavar="DIR", help="time this engine beside DIR/engine (another checkout)")
    parser.add_argument("--rounds", type=int, default=3, help="with --against: passes over the hands")
    args = parser.parse_args(argv)
    if args.against:
        return against(args)

    from changpai.daer.analysis import analyse, waits

    oracle = load_oracle()
    load_before = load_average()
    hands = ready_hands(max(args.hands, args.oracle_hands), args.seed, args.rules)
    both = measure(hands[: args.oracle_hands], args.rules, waits, analyse, oracle, repeat=args.repeat, with_oracle=True)
    alone = measure(hands[: args.hands], args.rules, waits, analyse, oracle, repeat=args.repeat, with_oracle=False)
    figures = {
        "python": f"{platform.python_implementation()} {platform.python_version()} ({sys.platform})",
        "load_before": load_before,
        "load_after": load_average(),
        "hand_set": f"{len(hands)} random ready 20-card hands, concealed (changpai.daer.samples.random_ready_hand, "
        f"seed {args.seed}), sha256 {hand_set(hands)}, first: {' '.join(str(c) for c in hands[0][0])}",
        "rules": args.rules,
        "seed": args.seed,
        "engine_hands": alone["hands"],
        "waits_engine_ms": round(alone["waits_engine_ms"], 4),
        "analyse_engine_ms": round(alone["analyse_engine_ms"], 4),
        "side_by_side_hands": both["hands"],
        "waits_engine_ms_side_by_side": round(both["waits_engine_ms"], 4),
        "waits_oracle_ms": round(both["waits_oracle_ms"], 3),
        "waits_ratio": round(both["waits_oracle_ms"] / both["waits_engine_ms"], 1),
        "analyse_engine_ms_side_by_side": round(both["analyse_engine_ms"], 4),
        "best_oracle_ms": round(both["best_oracle_ms"], 3),
        "best_ratio": round(both["best_oracle_ms"] / both["analyse_engine_ms"], 1),
    }
    figures["waits_target_met"] = (
        figures["waits_engine_ms"] < WAITS_TARGET_MS and figures["waits_ratio"] >= RATIO_TARGET
    )
    if args.json:
        print(json.dumps(figures))
        return 0
    print(f"hand analysis benchmark — {figures['python']}, rules {args.rules}, seed {args.seed}")
    print(f"load {figures['load_before']} before, {figures['load_after']} after · {os.cpu_count()} cores")
    print(f"hand set: {figures['hand_set']}")
    print(f"{'median per call':<34}{'engine ms':>12}{'oracle ms':>12}{'ratio':>9}")
    print(f"{'waits, ' + str(alone['hands']) + ' hands (engine only)':<34}{figures['waits_engine_ms']:>12.4f}")
    print(f"{'analyse, ' + str(alone['hands']) + ' hands (engine only)':<34}{figures['analyse_engine_ms']:>12.4f}")
    print(
        f"{'waits, ' + str(both['hands']) + ' hands side by side':<34}{figures['waits_engine_ms_side_by_side']:>12.4f}"
        f"{figures['waits_oracle_ms']:>12.3f}{figures['waits_ratio']:>8.1f}x"
    )
    print(
        f"{'best split, ' + str(both['hands']) + ' side by side':<34}{figures['analyse_engine_ms_side_by_side']:>12.4f}"
        f"{figures['best_oracle_ms']:>12.3f}{figures['best_ratio']:>8.1f}x"
    )
    verdict = "met" if figures["waits_target_met"] else "NOT met"
    print(f"target (waits < {WAITS_TARGET_MS} ms median and >= {RATIO_TARGET:.0f}x the oracle): {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
