"""Hostile input at the engine, with the figures of issue #17 (CPython).

    python benchmarks/fuzz_api.py [--requests 20000] [--records 1500] [--deals 600] [--seed 1]

1. ``--requests`` random and mutated requests at ``changpai.api.handle`` (one in ten as JSON text through
   ``handle_json``, some of it damaged): every answer must be a real answer or a located bilingual error.
   Printed: requests, internal errors (must be 0), unlocated errors (must be 0), exceptions out of the
   facade (must be 0).
2. ``--records`` corrupted records (the tutorials' deals and recorded deals, lines dropped, doubled, edited,
   numbers changed, a byte-order mark …), read as the command line and the build read a file
   (``changpai.yamlfile``) and replayed into the viewer's frames: each must be read correctly or refused with
   its file and line. Printed: read, refused with file:line, and anything else (must be 0); one in ten also
   goes through ``python -m changpai replay FILE`` (in this process), which must give the same verdict.
3. ``--deals`` seeded deals played by the fault-injecting player (``changpai.bots.faulty``), which commits at
   random each violation the rule set names: payments sum to zero, every card is where it should be after
   every violation and at the end, a violator never wins where the rules bar it (Luzhou), a deal ended by a
   violation pays exactly the penalties, and the deal's record replays to the same payments. Printed: deals,
   violations committed (by code, and those named but never committed), broken invariants (must be 0).

The exit code is 1 if any must-be-0 figure is not 0. The load average is printed before and after.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import random
import re
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.append(str(ROOT / "engine"))  # the installed engine (or PYTHONPATH) comes first
sys.path.insert(0, str(ROOT / "tests" / "engine"))

from changpai.api import handle, handle_json  # noqa: E402
from changpai.daer.violations import violation_codes  # noqa: E402
from conditions import load_line  # noqa: E402
from hardening_kit import (  # noqa: E402
    RECORD_NAME,
    corrupt_record,
    deal_problems,
    faulty_deal,
    mutate,
    problem,
    record_outcome,
    record_text,
    replay_text,
    seed_requests,
)


def _first_word(text: str) -> str:
    return text.split(":")[0] if text else text


def fuzz_requests(count: int, rng: random.Random) -> dict[str, Any]:
    seeds = seed_requests()
    internal = unlocated = escaped = 0
    examples: Counter[str] = Counter()
    slowest = (0.0, "")
    for _ in range(count):
        request = mutate(rng.choice(seeds), rng)
        start = time.perf_counter()
        try:
            if rng.random() < 0.1:
                try:
                    text = json.dumps(request, ensure_ascii=False)
                except (TypeError, ValueError, RecursionError):  # not JSON-able (deep, a set …): deep JSON text
                    text = "[" * 3000 + "]" * 3000
                if rng.random() < 0.3 and text:
                    cut = rng.randrange(len(text))
                    text = text[:cut] + rng.choice(["", "\\", '"', "{", "]", "\ufeff", "NaN"]) + text[cut + 1 :]
                answer = json.loads(handle_json(text))
            else:
                answer = handle(request)
        except Exception as error:  # the facade promises never to raise
            escaped += 1
            examples[f"escaped {type(error).__name__}"] += 1
            continue
        took = time.perf_counter() - start
        if took > slowest[0]:
            name = request.get("command") if isinstance(request, dict) else type(request).__name__
            slowest = (took, str(name))
        wrong = problem(answer)
        if wrong is None:
            continue
        if wrong.startswith("internal"):
            internal += 1
        else:
            unlocated += 1
        examples[wrong[:110]] += 1
    return {
        "requests": count,
        "internal": internal,
        "unlocated": unlocated,
        "escaped": escaped,
        "examples": examples,
        "slowest": slowest,
    }


def record_texts() -> list[str]:
    texts = [p.read_text(encoding="utf-8") for p in sorted((ROOT / "tutorials" / "deals").glob("*.yml"))]
    for rules, players in (("luzhou-a", 4), ("leshan", 3), ("leshan", 4), ("wuchuan", 4)):
        state = handle({"command": "new_deal", "rules": rules, "players": players, "seed": 3})["state"]
        for _ in range(12):
            move = handle({"command": "bot_move", "state": state})["action"]
            if move is None:
                break
            state = handle({"command": "apply", "state": state, "action": move})["state"]
        texts.append(record_text(handle({"command": "deal_record", "state": state})["record"]))
    return texts


def cli_replay(text: str, folder: Path) -> str:
    """``python -m changpai replay FILE`` in this process: "read", "refused" (exit 2, file:line), or what else."""
    from changpai.cli import main

    path = folder / RECORD_NAME
    path.write_text(text, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["replay", str(path)])
    if status == 0:
        return "read"
    if status == 2 and re.search(re.escape(RECORD_NAME) + r":\d+", err.getvalue()):
        return "refused"
    return f"replay exit {status}: {err.getvalue().strip()[:90]}"


def fuzz_records(count: int, rng: random.Random) -> dict[str, Any]:
    texts = record_texts()
    outcomes: Counter[str] = Counter()
    cli: Counter[str] = Counter()
    with tempfile.TemporaryDirectory() as folder:
        for i in range(count):
            damaged = corrupt_record(rng.choice(texts), rng)
            try:
                outcome = record_outcome(replay_text(damaged))
            except Exception as error:
                outcome = f"escaped {type(error).__name__}"
            outcomes[outcome[:110]] += 1
            if i % 10 == 0:  # one in ten through the command line too: the same verdict
                by_cli = cli_replay(damaged, Path(folder))
                cli["same" if by_cli == outcome else f"differs: {by_cli} / {outcome}"[:110]] += 1
    return {"records": count, "outcomes": outcomes, "cli": cli}


TABLES = [("luzhou-a", 4), ("luzhou-b", 4), ("leshan", 3), ("leshan", 4), ("leshan", 2), ("wuchuan", 4)]


def fuzz_deals(count: int, seed: int) -> dict[str, Any]:
    committed: Counter[str] = Counter()
    broken: Counter[str] = Counter()
    by_table: dict[str, set[str]] = {}
    for i in range(count):
        rules, players = TABLES[i % len(TABLES)]
        deal, faults, problems = faulty_deal(rules, players, seed + i)
        committed.update(code for _, code in faults)
        by_table.setdefault(rules, set()).update(code for _, code in faults)
        problems = problems or deal_problems(deal)
        broken.update(f"{rules}/{players} seed {seed + i}: {p}"[:140] for p in problems)
    missing = {rules: sorted(violation_codes(rules) - seen) for rules, seen in by_table.items()}
    return {"deals": count, "committed": committed, "broken": broken, "missing": missing}


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--requests", type=int, default=20000)
    parser.add_argument("--records", type=int, default=1500)
    parser.add_argument("--deals", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"before: {load_line()}")
    rng = random.Random(args.seed)
    failed = False

    start = time.perf_counter()
    req = fuzz_requests(args.requests, rng)
    print(
        f"requests: {req['requests']}  internal errors: {req['internal']}  unlocated errors: {req['unlocated']}  "
        f"exceptions out of the facade: {req['escaped']}  ({time.perf_counter() - start:.1f} s; slowest one "
        f"{req['slowest'][0] * 1000:.0f} ms, {req['slowest'][1]})"
    )
    for text, n in req["examples"].most_common(12):
        print(f"    {n:6d}  {text}")
    failed |= bool(req["internal"] or req["unlocated"] or req["escaped"])

    start = time.perf_counter()
    rec = fuzz_records(args.records, rng)
    outcomes = rec["outcomes"]
    others = sum(n for key, n in outcomes.items() if key not in ("read", "refused"))
    print(
        f"corrupted records: {rec['records']}  read correctly: {outcomes['read']}  refused with file:line: "
        f"{outcomes['refused']}  other (must be 0): {others}  ({time.perf_counter() - start:.1f} s)"
    )
    for text, n in outcomes.most_common():
        if text not in ("read", "refused"):
            print(f"    {n:6d}  {text}")
    cli = rec["cli"]
    print(f"    through `changpai replay FILE` too: {sum(cli.values())}, same verdict: {cli['same']}")
    for text, n in cli.most_common():
        if text != "same":
            print(f"    {n:6d}  {text}")
    failed |= bool(others) or sum(cli.values()) != cli["same"]

    start = time.perf_counter()
    deals = fuzz_deals(args.deals, args.seed)
    total = sum(deals["committed"].values())
    print(
        f"deals with injected violations: {deals['deals']}  violations committed: {total}  "
        f"broken invariants: {sum(deals['broken'].values())}  ({time.perf_counter() - start:.1f} s)"
    )
    print("    by code: " + ", ".join(f"{code} {n}" for code, n in sorted(deals["committed"].items())))
    print(
        "    named but not committed: " + "; ".join(f"{r}: {', '.join(m) or '-'}" for r, m in deals["missing"].items())
    )
    for text, n in deals["broken"].most_common(12):
        print(f"    {n:6d}  {text}")
    failed |= bool(deals["broken"])

    print(f"after: {load_line()}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
