"""The same engine work in CPython and in Pyodide (under node, and in Chromium), side by side in one run, and the ratio.

    python benchmarks/bench_pyodide.py [--repeats 3] [--deals 100] [--hands 200] [--runtimes node,chromium]
    python benchmarks/bench_pyodide.py [--against DIR]
    python benchmarks/bench_pyodide.py --waits-against DIR [--hands 200]

Each repeat runs, in a fresh CPython process and then in a fresh Pyodide (the npm package the site serves, with
the engine WHEEL the site ships — run ``scripts/setup.sh`` first), the same two measurements on the same seeded
inputs: the median time of ``waits`` over random ready hands (``bench_analysis``, by the wall clock), and whole
seeded deals per second, played by the computer players (``bench_deals.run``, Leshan three players and Luzhou A),
by the CPU clock and by the wall clock. The order alternates between repeats.

Pyodide runs in two places:
- **node** (``--runtimes node``): its CPU clock is node's ``process.cpuUsage`` for the whole process, so V8's
  compiler and GC threads count against Pyodide (Pyodide's own ``time.process_time`` is the wall clock).
- **Chromium** (``/usr/bin/chromium`` headless, where a reader's page runs the engine): Pyodide on a page served
  from this checkout with cross-origin isolation (COOP/COEP), so ``performance.now`` — Pyodide's clock — is fine
  enough (5 µs; 100 µs without it) to time one hand's waits. A page has no CPU clock: its figures are the wall
  clock's, which is what a reader waits for, so run it on a quiet machine.

The report gives each figure's median per interpreter and the ratio Pyodide / CPython for each runtime (issue 18:
at most 2.0), with the load before and after; the verdict reads the waits and the deals by the CPU clock under node,
by the wall clock in Chromium. Fails nothing.

``--against DIR`` runs another checkout's engine too (``DIR/engine`` in CPython, the wheel in
``DIR/engine/dist`` in Pyodide under node; the measuring code is this checkout's), in the same repeats,
alternating with this one, and prints both tables and each figure's ratio this / other per interpreter. Separate
processes minutes apart see different loads; ``--waits-against DIR`` instead runs ``bench_analysis --against DIR``
in each interpreter: both engines in one process, hand by hand, for the waits and the analysis.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from contextlib import ExitStack
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))  # (sitebuild: the browser and the site server's MIME types, imported where used)

from conditions import load_average  # noqa: E402  (benchmarks/ is first on sys.path: this script's folder)

TARGET = 2.0
TABLES = (("leshan", 3), ("luzhou-a", 4))

# The figures, the same code in every interpreter: PRELUDE defines them, WHOLE prints them all as one JSON line
# (CPython, node); in Chromium the page calls them one at a time.
PRELUDE = """
import json, sys, time
if sys.platform == "emscripten":
    import js
    if hasattr(js, "process"):  # node
        # Pyodide's process_time is emscripten's clock(): the wall clock, which a loaded machine stretches. The CPU
        # clock is node's (the whole process: V8's compiler and GC threads count too).
        def _node_cpu_seconds():
            used = js.process.cpuUsage()
            return (used.user + used.system) / 1e6
        time.process_time = _node_cpu_seconds
sys.path[:0] = [{repo!r} + "/benchmarks", {repo!r}]
import bench_analysis, bench_deals
from changpai.daer.analysis import waits
from changpai.daer.analysis import analyse
hands = bench_analysis.ready_hands({hands}, 1, "luzhou-a")

def figure_waits():
    alone = bench_analysis.measure(hands, "luzhou-a", waits, analyse, None, repeat=5, with_oracle=False)
    return {{"waits_ms": alone["waits_engine_ms"], "hand_set": bench_analysis.hand_set(hands)}}

def warm_up(rounds):
    # the same kind of work on other inputs, untimed: V8 compiles Pyodide's hot wasm functions in tiers as they run
    # (the timed inputs are not replayed, so no cache of the engine's holds their answers)
    others = bench_analysis.ready_hands({hands}, 2, "luzhou-a")
    for _ in range(rounds):
        for hand, table in others:
            waits(hand, table, "luzhou-a")
        for rules, players in {tables!r}:
            bench_deals.run(rules, players, {deals}, 50_000)

def figure_deals(rules, players):
    wall, cpu, _wins = bench_deals.run(rules, players, {deals}, 1000)
    return {{f"{{rules}}x{{players}} deals/s": cpu, f"{{rules}}x{{players}} deals/s, wall": wall}}
"""
WHOLE = """
warm_up({warm})
out = figure_waits()
for rules, players in {tables!r}:
    out.update(figure_deals(rules, players))
print("FIGURES " + json.dumps(out))
"""
MEASURE = PRELUDE + WHOLE

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


# Chromium: Pyodide from this checkout's node_modules on an isolated page, the engine's wheel unpacked, the two
# benchmark modules the figures import written to the same paths as on disk, then the PRELUDE run.
CHROMIUM_START_JS = """async ([prelude, repo, wheel]) => {
  const { loadPyodide } = await import("/node_modules/pyodide/pyodide.mjs");
  const pyodide = await loadPyodide({ indexURL: "/node_modules/pyodide/" });
  const site = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
  const fetched = async (url) => {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    return response;
  };
  const wheelBytes = new Uint8Array(await (await fetched(`/engine/dist/${wheel}`)).arrayBuffer());
  pyodide.unpackArchive(wheelBytes, "wheel", { extractDir: site });
  pyodide.FS.mkdirTree(`${repo}/benchmarks`);
  for (const name of ["bench_analysis.py", "bench_deals.py", "conditions.py"]) {
    pyodide.FS.writeFile(`${repo}/benchmarks/${name}`, await (await fetched(`/benchmarks/${name}`)).text());
  }
  await pyodide.runPythonAsync(prelude);
  window.benchPyodide = pyodide;
  return crossOriginIsolated;
}"""
CHROMIUM_FIGURE_JS = "(call) => JSON.parse(window.benchPyodide.runPython(`import json; json.dumps(${call})`))"


class ChromiumPyodide:
    """Headless Chromium with a page server on this checkout (cross-origin isolated, wasm and module MIME types);
    ``run(prelude)`` times the figures in a fresh page."""

    def __enter__(self) -> ChromiumPyodide:
        import functools
        import http.server
        import threading

        from playwright.sync_api import sync_playwright

        from sitebuild.chromium import CHROMIUM, CHROMIUM_ARGS
        from sitebuild.serve import MIME_TYPES

        class Isolated(http.server.SimpleHTTPRequestHandler):
            extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

            def end_headers(self) -> None:
                self.send_header("Cross-Origin-Opener-Policy", "same-origin")
                self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
                self.send_header("Cache-Control", "no-store")
                super().end_headers()

            def log_message(self, *args: object) -> None:
                pass

        handler = functools.partial(Isolated, directory=str(REPO))
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        self.playwright = sync_playwright().start()
        self.browser = self.playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        self.version = self.browser.version
        return self

    def __exit__(self, *exc: object) -> None:
        self.browser.close()
        self.playwright.stop()
        self.httpd.shutdown()
        self.httpd.server_close()

    def run(self, prelude: str, tables: tuple[tuple[str, int], ...], warm: int) -> dict[str, float]:
        page = self.browser.new_page()
        try:
            page.goto(self.url + "benchmarks/")  # (a listing: any page of this origin will do)
            wheel = _wheel(REPO / "engine" / "dist")
            if not page.evaluate(CHROMIUM_START_JS, [prelude, str(REPO), wheel]):
                raise SystemExit("the benchmark page is not cross-origin isolated: its clock would be 100 µs coarse")
            page.evaluate(CHROMIUM_FIGURE_JS, f"warm_up({warm})")
            out: dict[str, float] = page.evaluate(CHROMIUM_FIGURE_JS, "figure_waits()")
            for rules, players in tables:
                figures = page.evaluate(CHROMIUM_FIGURE_JS, f"figure_deals({rules!r}, {players})")
                del figures[f"{rules}x{players} deals/s"]  # (a page has no CPU clock: its process_time is the wall's)
                out.update(figures)
            return out
        finally:
            page.close()


def _wheel(dist: Path) -> str:
    wheels = sorted(f.name for f in dist.glob("*.whl"))
    if not wheels:
        raise SystemExit(f"no engine wheel in {dist}: run scripts/setup.sh first")
    return wheels[-1]


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
    print(f"load {load_average()} before")
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
    print(f"load {load_average()} after")


RUNTIMES = ("node", "chromium")
_RUNTIME_NAMES = {"cpython": "CPython", "node": "node", "chromium": "Chromium"}


# The clock each runtime's verdict reads for the deals: node's CPU clock (as this benchmark always has), the wall
# clock in Chromium (a page has no other).
VERDICT_CLOCK = {"node": "CPU", "chromium": "wall"}


def _table(runs: dict[str, list[dict[str, float]]]) -> dict[str, dict[str, float]]:
    """Each figure's median per interpreter, printed with each Pyodide runtime's ratio to CPython (``—`` where a
    runtime has no such clock); returns the medians by figure and interpreter."""
    runtimes = [r for r in runs if r != "cpython"]
    header = f"{'figure (median of repeats)':<34}{'CPython':>10}"
    for r in runtimes:
        header += f"{_RUNTIME_NAMES[r]:>10}{_RUNTIME_NAMES[r] + '/CPython':>18}"
    print(header)
    worst = dict.fromkeys(runtimes, 0.0)
    medians: dict[str, dict[str, float]] = {}
    for key in runs["cpython"][0]:
        medians[key] = {which: statistics.median(r[key] for r in rs) for which, rs in runs.items() if key in rs[0]}
        cp = medians[key]["cpython"]
        line = f"{_label(key):<34}{cp:>10.4f}"
        for r in runtimes:
            if r not in medians[key]:
                line += f"{'—':>10}{'—':>18}"
                continue
            py = medians[key][r]
            ratio = py / cp if key == "waits_ms" else cp / py  # slower = bigger, for times and rates alike
            if key == "waits_ms" or _clock(key) == VERDICT_CLOCK[r]:
                worst[r] = max(worst[r], ratio)
            line += f"{py:>10.4f}{ratio:>17.2f}x"
        print(line)
    for r in runtimes:
        verdict = "met" if worst[r] <= TARGET else "NOT met"
        what = f"Pyodide in {_RUNTIME_NAMES[r]} at most {TARGET:.1f}x slower"
        print(f"target ({what}: waits, deals by the {VERDICT_CLOCK[r]} clock): {verdict}")
    return medians


def _clock(key: str) -> str:
    """The clock a figure was timed by: the waits and the ", wall" deals by the wall clock, the other deals by the
    CPU clock."""
    return "wall" if key == "waits_ms" or key.endswith(", wall") else "CPU"


def _label(key: str) -> str:
    name = "waits, ms per hand" if key == "waits_ms" else key.removesuffix(", wall")
    return f"{name} ({_clock(key)})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--deals", type=int, default=100, help="seeded deals per table and run")
    parser.add_argument("--hands", type=int, default=200, help="ready hands timed for waits")
    parser.add_argument("--warm-up", type=int, default=1, help="untimed passes of the same work first (0: cold)")
    parser.add_argument(
        "--runtimes", default=",".join(RUNTIMES), help="where Pyodide runs: node, chromium or both (comma-separated)"
    )
    parser.add_argument("--against", type=Path, help="another checkout, its engine timed in the same repeats (node)")
    parser.add_argument("--waits-against", type=Path, help="another checkout: waits beside it in each interpreter")
    args = parser.parse_args()
    if args.waits_against:
        waits_against(args.waits_against.resolve(), args.hands)
        return
    runtimes = [r.strip() for r in args.runtimes.split(",") if r.strip()]
    if not runtimes or any(r not in RUNTIMES for r in runtimes):
        parser.error(f"--runtimes takes {' and/or '.join(RUNTIMES)}, not {args.runtimes!r}")
    checkouts = {"this": REPO}
    if args.against:
        checkouts["against"] = args.against.resolve()
        wheels = list((checkouts["against"] / "engine" / "dist").glob("*.whl"))
        if not (checkouts["against"] / "engine" / "changpai").is_dir() or not wheels:
            raise SystemExit(f"--against needs {args.against}/engine/changpai and a wheel in its engine/dist")
        if runtimes != ["node"]:
            print("(--against times Pyodide under node only: the Chromium page serves this checkout)")
            runtimes = ["node"]
    fill = {"repo": str(REPO), "hands": args.hands, "deals": args.deals, "tables": TABLES, "warm": args.warm_up}
    whole, prelude = MEASURE.format(**fill), PRELUDE.format(**fill)
    load_before = load_average()
    interpreters = ["cpython", *runtimes]
    runs = {name: {which: [] for which in interpreters} for name in checkouts}
    with ExitStack() as stack:
        chromium = stack.enter_context(ChromiumPyodide()) if "chromium" in runtimes else None
        for i in range(args.repeats):
            names = list(checkouts) if i % 2 == 0 else list(checkouts)[::-1]
            for name in names:
                for which in interpreters if i % 2 == 0 else interpreters[::-1]:  # alternate who goes first
                    if which == "cpython":
                        figures = run_cpython(whole, checkouts[name])
                    elif which == "node":
                        figures = run_pyodide(whole, checkouts[name])
                    else:
                        assert chromium is not None
                        figures = chromium.run(prelude, TABLES, args.warm_up)
                    runs[name][which].append(figures)
        browser = f", Chromium {chromium.version} (headless, the page's main thread)" if chromium else ""
    sets = {r.pop("hand_set") for by_interp in runs.values() for rs in by_interp.values() for r in rs}
    assert len(sets) == 1, f"the runs timed different hands: {sets}"
    node = subprocess.check_output(["node", "--version"], text=True).strip() if "node" in runtimes else ""
    where = (f"node {node}" if node else "") + browser
    print(
        f"CPython {sys.version.split()[0]} vs Pyodide ({where.lstrip(', ')}), "
        f"{args.repeats} repeats, alternating; hand set sha256 {sets.pop()}; "
        f"load {load_before} before, {load_average()} after (1/5/15 min)"
    )
    medians = {}
    for name, checkout in checkouts.items():
        if args.against:
            print(f"\n{name}: {checkout}")
        medians[name] = _table(runs[name])
    if args.against:
        print(f"\n{'this / against (time ratio)':<34}{'CPython':>12}{'Pyodide':>12}")
        for key, by_interp in medians["this"].items():
            other = medians["against"][key]
            cp, py = by_interp["cpython"], by_interp["node"]
            if key == "waits_ms":
                print(f"{_label(key):<34}{cp / other['cpython']:>11.2f}x{py / other['node']:>11.2f}x")
            else:
                print(f"{_label(key):<34}{other['cpython'] / cp:>11.2f}x{other['node'] / py:>11.2f}x")


if __name__ == "__main__":
    main()
