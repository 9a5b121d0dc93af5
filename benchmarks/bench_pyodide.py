"""The same engine work in CPython and in Pyodide (under node), side by side in one run, and the ratio.

    python benchmarks/bench_pyodide.py [--repeats 3] [--deals 100] [--hands 200]

Each repeat runs, in a fresh CPython process and then in a fresh Pyodide (the npm package the site serves, with
the engine WHEEL the site ships — run ``scripts/setup.sh`` first), the same two measurements on the same seeded
inputs: the median time of ``waits`` over random ready hands (``bench_analysis``), and whole seeded deals per
second by the CPU clock, played by the computer players (``bench_deals.run``, Leshan three players and Luzhou A).
The order alternates between repeats. The report gives each figure's median per interpreter and the ratio
Pyodide / CPython (issue 18: at most 2.0), with the load before and after. Fails nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
TARGET = 2.0
TABLES = (("leshan", 3), ("luzhou-a", 4))

# One measurement, printed as one JSON line; the same code runs in both interpreters.
MEASURE = """
import json, sys, time
sys.path[:0] = [{repo!r} + "/benchmarks", {repo!r}]
import bench_analysis, bench_deals
from changpai.daer.analysis import waits
from changpai.daer.analysis import analyse
hands = bench_analysis.ready_hands({hands}, 1, "luzhou-a")
alone = bench_analysis.measure(hands, "luzhou-a", waits, analyse, None, repeat=5, with_oracle=False)
out = {{"waits_ms": alone["waits_engine_ms"], "hand_set": bench_analysis.hand_set(hands)}}
for rules, players in {tables!r}:
    out[f"{{rules}}x{{players}} deals/s"] = bench_deals.run(rules, players, {deals}, 1000)[1]
print("FIGURES " + json.dumps(out))
"""

NODE = r"""
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
const [repo, code] = [process.argv[1], readFileSync(0, "utf8")];  // node -e: argv[1] is the first argument
const { loadPyodide } = await import(path.join(repo, "node_modules", "pyodide", "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL: path.join(repo, "node_modules", "pyodide") + "/" });
const dist = path.join(repo, "engine", "dist");
const wheel = readdirSync(dist).filter((f) => f.endsWith(".whl")).sort().pop();
const site = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
pyodide.unpackArchive(new Uint8Array(readFileSync(path.join(dist, wheel))), "wheel", { extractDir: site });
pyodide.FS.mkdirTree(repo);
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: repo }, repo);
pyodide.setStdout({ batched: (line) => console.log(line) });
await pyodide.runPythonAsync(code);
"""


def _load() -> str:
    return "/".join(f"{x:.2f}" for x in os.getloadavg())


def _figures(output: str) -> dict[str, float]:
    for line in output.splitlines():
        if line.startswith("FIGURES "):
            return json.loads(line[len("FIGURES ") :])
    raise SystemExit(f"no figures in the output:\n{output[-2000:]}")


def run_cpython(code: str) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(REPO / "engine")}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    return _figures(done.stdout)


def run_pyodide(code: str) -> dict[str, float]:
    done = subprocess.run(
        ["node", "--input-type=module", "-e", NODE, str(REPO)], input=code, capture_output=True, text=True
    )
    if done.returncode:
        raise SystemExit(f"Pyodide run failed ({done.returncode}):\n{done.stderr[-3000:]}")
    return _figures(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--deals", type=int, default=100, help="seeded deals per table and run")
    parser.add_argument("--hands", type=int, default=200, help="ready hands timed for waits")
    args = parser.parse_args()
    code = MEASURE.format(repo=str(REPO), hands=args.hands, deals=args.deals, tables=TABLES)
    load_before = _load()
    runs: dict[str, list[dict[str, float]]] = {"cpython": [], "pyodide": []}
    for i in range(args.repeats):
        order = ("cpython", "pyodide") if i % 2 == 0 else ("pyodide", "cpython")
        for which in order:
            runs[which].append(run_cpython(code) if which == "cpython" else run_pyodide(code))
    sets = {r.pop("hand_set") for rs in runs.values() for r in rs}
    assert len(sets) == 1, f"the interpreters timed different hands: {sets}"
    node = subprocess.check_output(["node", "--version"], text=True).strip()
    print(
        f"CPython {sys.version.split()[0]} vs Pyodide (node {node}), "
        f"{args.repeats} repeats, alternating; hand set sha256 {sets.pop()}; load {load_before} before, {_load()} after"
    )
    print(f"{'figure (median of repeats)':<30}{'CPython':>12}{'Pyodide':>12}{'Pyodide/CPython':>18}")
    worst = 0.0
    for key in runs["cpython"][0]:
        cp = statistics.median(r[key] for r in runs["cpython"])
        py = statistics.median(r[key] for r in runs["pyodide"])
        ratio = py / cp if key == "waits_ms" else cp / py  # slower = bigger, for times and rates alike
        worst = max(worst, ratio)
        label = "waits, ms per hand" if key == "waits_ms" else key
        print(f"{label:<30}{cp:>12.4f}{py:>12.4f}{ratio:>17.2f}x")
    print(f"target (Pyodide at most {TARGET:.1f}x slower on every figure): {'met' if worst <= TARGET else 'NOT met'}")


if __name__ == "__main__":
    main()
