"""The same engine work in CPython and in Pyodide (under node), side by side in one run, and the ratio.

    python benchmarks/bench_pyodide.py [--repeats 3] [--deals 100] [--hands 200] [--against DIR]
    python benchmarks/bench_pyodide.py --waits-against DIR [--hands 200]

Each repeat runs, in a fresh CPython process and then in a fresh Pyodide (the npm package the site serves, with
the engine WHEEL the site ships — run ``scripts/setup.sh`` first), the same two measurements on the same seeded
inputs: the median time of ``waits`` over random ready hands (``bench_analysis``), and whole seeded deals per
second by the CPU clock (in Pyodide node's, ``process.cpuUsage``: Pyodide's own ``time.process_time`` is the
wall clock), played by the computer players (``bench_deals.run``, Leshan three players and Luzhou A).
The order alternates between repeats. The report gives each figure's median per interpreter and the ratio
Pyodide / CPython (issue 18: at most 2.0), with the load before and after. Fails nothing.

``--against DIR`` runs another checkout's engine too (``DIR/engine`` in CPython, the wheel in
``DIR/engine/dist`` in Pyodide; the measuring code is this checkout's), in the same repeats, alternating
with this one, and prints both tables and each figure's ratio this / other per interpreter. Separate processes
minutes apart see different loads; ``--waits-against DIR`` instead runs ``bench_analysis --against DIR`` in each
interpreter: both engines in one process, hand by hand, for the waits and the analysis.
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
if sys.platform == "emscripten":
    # Pyodide's process_time is emscripten's clock(): the wall clock, which a loaded machine stretches. The CPU
    # clock is node's (the whole process: V8's compiler and GC threads count too).
    import js
    def _node_cpu_seconds():
        used = js.process.cpuUsage()
        return (used.user + used.system) / 1e6
    time.process_time = _node_cpu_seconds
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
// node -e: argv[1] is the first argument; the engine's wheel comes from argv[2]
const [repo, dist, code] = [process.argv[1], process.argv[2], readFileSync(0, "utf8")];
const { loadPyodide } = await import(path.join(repo, "node_modules", "pyodide", "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL: path.join(repo, "node_modules", "pyodide") + "/" });
const wheel = readdirSync(dist).filter((f) => f.endsWith(".whl")).sort().pop();
const site = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
pyodide.unpackArchive(new Uint8Array(readFileSync(path.join(dist, wheel))), "wheel", { extractDir: site });
pyodide.FS.mkdirTree(repo);
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: repo }, repo);
for (const other of process.argv.slice(3)) {  // another checkout, read from its files
  pyodide.FS.mkdirTree(other);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: other }, other);
}
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


def run_cpython(code: str, checkout: Path = REPO) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(checkout / "engine")}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    return _figures(done.stdout)


def run_pyodide(code: str, checkout: Path = REPO) -> dict[str, float]:
    dist = str(checkout / "engine" / "dist")
    done = subprocess.run(
        ["node", "--input-type=module", "-e", NODE, str(REPO), dist], input=code, capture_output=True, text=True
    )
    if done.returncode:
        raise SystemExit(f"Pyodide run failed ({done.returncode}):\n{done.stderr[-3000:]}")
    return _figures(done.stdout)


def waits_against(checkout: Path, hands: int) -> None:
    """``bench_analysis --against checkout`` in CPython, then in Pyodide (this engine from its wheel, the other
    from its files): each prints both engines' medians, interleaved hand by hand in one process, and the ratio."""
    argv = ["--against", str(checkout), "--hands", str(hands), "--rounds", "2"]
    print(f"load {_load()} before")
    env = {**os.environ, "PYTHONPATH": str(REPO / "engine")}
    script = str(REPO / "benchmarks" / "bench_analysis.py")
    print(subprocess.run([sys.executable, script, *argv], env=env, check=True, capture_output=True, text=True).stdout)
    benchmarks = str(REPO / "benchmarks")
    code = f"import sys\nsys.path[:0] = [{benchmarks!r}]\nimport bench_analysis\nbench_analysis.main({argv!r})\n"
    dist = str(REPO / "engine" / "dist")
    done = subprocess.run(
        ["node", "--input-type=module", "-e", NODE, str(REPO), dist, str(checkout)],
        input=code,
        capture_output=True,
        text=True,
    )
    if done.returncode:
        raise SystemExit(f"Pyodide run failed ({done.returncode}):\n{done.stderr[-3000:]}")
    print(done.stdout)
    print(f"load {_load()} after")


def _table(runs: dict[str, list[dict[str, float]]]) -> dict[str, tuple[float, float]]:
    """Each figure's median per interpreter, printed with the ratio; returns them."""
    print(f"{'figure (median of repeats)':<30}{'CPython':>12}{'Pyodide':>12}{'Pyodide/CPython':>18}")
    worst = 0.0
    medians = {}
    for key in runs["cpython"][0]:
        cp = statistics.median(r[key] for r in runs["cpython"])
        py = statistics.median(r[key] for r in runs["pyodide"])
        medians[key] = (cp, py)
        ratio = py / cp if key == "waits_ms" else cp / py  # slower = bigger, for times and rates alike
        worst = max(worst, ratio)
        print(f"{_label(key):<30}{cp:>12.4f}{py:>12.4f}{ratio:>17.2f}x")
    print(f"target (Pyodide at most {TARGET:.1f}x slower on every figure): {'met' if worst <= TARGET else 'NOT met'}")
    return medians


def _label(key: str) -> str:
    return "waits, ms per hand" if key == "waits_ms" else key


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--deals", type=int, default=100, help="seeded deals per table and run")
    parser.add_argument("--hands", type=int, default=200, help="ready hands timed for waits")
    parser.add_argument("--against", type=Path, help="another checkout, its engine timed in the same repeats")
    parser.add_argument("--waits-against", type=Path, help="another checkout: waits beside it in each interpreter")
    args = parser.parse_args()
    if args.waits_against:
        waits_against(args.waits_against.resolve(), args.hands)
        return
    code = MEASURE.format(repo=str(REPO), hands=args.hands, deals=args.deals, tables=TABLES)
    checkouts = {"this": REPO}
    if args.against:
        checkouts["against"] = args.against.resolve()
        wheels = list((checkouts["against"] / "engine" / "dist").glob("*.whl"))
        if not (checkouts["against"] / "engine" / "changpai").is_dir() or not wheels:
            raise SystemExit(f"--against needs {args.against}/engine/changpai and a wheel in its engine/dist")
    load_before = _load()
    runs = {name: {"cpython": [], "pyodide": []} for name in checkouts}
    for i in range(args.repeats):
        names = list(checkouts) if i % 2 == 0 else list(checkouts)[::-1]
        for name in names:
            order = ("cpython", "pyodide") if i % 2 == 0 else ("pyodide", "cpython")
            for which in order:
                run = run_cpython if which == "cpython" else run_pyodide
                runs[name][which].append(run(code, checkouts[name]))
    sets = {r.pop("hand_set") for by_interp in runs.values() for rs in by_interp.values() for r in rs}
    assert len(sets) == 1, f"the runs timed different hands: {sets}"
    node = subprocess.check_output(["node", "--version"], text=True).strip()
    print(
        f"CPython {sys.version.split()[0]} vs Pyodide (node {node}), "
        f"{args.repeats} repeats, alternating; hand set sha256 {sets.pop()}; load {load_before} before, {_load()} after"
    )
    medians = {}
    for name, checkout in checkouts.items():
        if args.against:
            print(f"\n{name}: {checkout}")
        medians[name] = _table(runs[name])
    if args.against:
        print(f"\n{'this / against (time ratio)':<30}{'CPython':>12}{'Pyodide':>12}")
        for key, (cp, py) in medians["this"].items():
            other_cp, other_py = medians["against"][key]
            if key == "waits_ms":
                print(f"{_label(key):<30}{cp / other_cp:>11.2f}x{py / other_py:>11.2f}x")
            else:
                print(f"{_label(key):<30}{other_cp / cp:>11.2f}x{other_py / py:>11.2f}x")


if __name__ == "__main__":
    main()
