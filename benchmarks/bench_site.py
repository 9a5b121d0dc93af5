"""Site figures, printed (not asserted): how long a reader waits for the engine, and what a page weighs.

    .venv/bin/python benchmarks/bench_site.py [--site DIR] [--runs 5] [--paint-runs 15]
                                              [--context incognito|profile|both] [--compare OTHER_SITE_DIR]

Measured side by side in one Chromium run, interleaved run by run so drift on a shared machine hits every path
alike, from navigation start (performance.now() in the page) to the engine's first answer ({"command": "version"},
started with changpaiEngine.start(), so the idle start does not add its wait):
* engine, snapshot — the shipped path. Cold: the build's gzipped memory snapshot downloaded, decompressed as it
  arrives, SHA-256 checked, restored; the worker then keeps the decompressed copy (its zeros left out) in the
  origin private file system (the first page stays open until it says so, as a reader's would). Warm: that kept
  copy restored (no download, no decompression);
* engine, normal — the snapshot refused (404), so the worker starts Pyodide and installs the wheel: the fallback;
* bare Pyodide — a page that only starts Pyodide in a module worker from the same files and runs ``1 + 1``:
  the floor under a normal start. engine / bare is what the engine costs above the interpreter.
Each is measured cold (a fresh browser context: empty caches) and warm (the same page opened again in that context).
Contexts: "incognito" (Playwright's new_context: an in-memory HTTP cache, which keeps no entry as large as the
snapshot, and no compiled-wasm cache) and "profile" (a fresh user-data directory per run: the disk cache and the
wasm code cache a returning visitor's browser has). Printed with the machine's load before and after
(os.getloadavg), Chromium's version, the runs, and where the worker's time went (its marks, medians).
``--compare OTHER`` measures another build's snapshot path (say, the one before a change) in the same runs, in a
fresh context of the same kind after this build's, and prints this build's medians over the other's; and its
deals page's first frame, run by run beside this build's.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
from contextlib import ExitStack, contextmanager
from pathlib import Path

from playwright.sync_api import sync_playwright

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))

from conditions import load_average  # noqa: E402

from sitebuild import fonts  # noqa: E402
from sitebuild.chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from sitebuild.serve import SiteServer  # noqa: E402

ENGINE_ANSWER_JS = (
    "changpaiEngine.start().then(info => changpaiEngine.call({command: 'version'}).then(r => {"
    " if (r.error) throw new Error(r.error.en); window.__cpBoot = info;"
    " return {ms: performance.now(), boot: info.boot, snapshot: info.snapshot}; }))"
)

BARE_PAGE = """<!doctype html><meta charset="utf-8"><title>bare</title><script>
const base = new URL("/assets/engine/pyodide/", location.href).href;
const src = `import { loadPyodide } from "${base}pyodide.mjs";
const py = await loadPyodide({ indexURL: "${base}" }); py.runPython("1 + 1"); postMessage("ok");`;
window.bareReady = new Promise((resolve, reject) => {
  const worker = new Worker(URL.createObjectURL(new Blob([src], { type: "text/javascript" })), { type: "module" });
  worker.onmessage = () => resolve(performance.now());
  worker.onerror = (e) => reject(new Error(e.message));
});
</script>"""


def build_site(dest: Path) -> Path:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    cmd = [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "-d", str(dest)]
    subprocess.run(cmd, cwd=REPO_ROOT, check=True, env=env)
    return dest


def transferred(requests) -> int:
    total = 0
    for request in requests:
        try:
            sizes = request.sizes()
        except Exception:  # a request that never finished
            continue
        total += sizes["responseBodySize"] + sizes["responseHeadersSize"]
    return total


def route_path(page, site_dir: Path, path: str) -> None:
    """Serve the engine the way ``path`` ("snapshot", "normal") needs."""
    if path == "normal":
        manifest = json.loads((site_dir / "assets/engine/manifest.json").read_text(encoding="utf-8"))
        name = manifest["snapshot"]["file"]
        page.route(f"**/assets/engine/{name}", lambda route: route.fulfill(status=404, body="no snapshot"))


ENGINE_TIMINGS_JS = """() => { const t = window.__cpBoot.timings; const off = t.origin - performance.timeOrigin;
  const marks = {}; for (const [name, ms] of t.marks) marks[name] = ms + off;
  const nav = performance.getEntriesByType('navigation')[0];
  marks['page loaded'] = nav.loadEventEnd; return marks; }"""


KEPT_JS = """() => new Promise((resolve) => { const t0 = performance.now(); const check = () => {
  const kept = changpaiEngine.health.snapshotKept;
  if (kept !== null || performance.now() - t0 > 60000) resolve(kept); else setTimeout(check, 20); }; check(); })"""


def timed_engine(context, url: str, site_dir: Path, path: str, kind: str) -> tuple[float, dict[str, float]]:
    """(ms to the first answer, the worker's marks in page time) for one page opened in ``context``."""
    page = context.new_page()
    route_path(page, site_dir, path)
    page.goto(url)
    result = page.evaluate(ENGINE_ANSWER_JS)
    expected = "fallback" if path == "normal" else "snapshot"
    if result["boot"] != expected:
        raise SystemExit(f"engine {path}: booted as {result['boot']!r}, expected {expected!r}")
    marks = {}
    if path == "snapshot":
        source = "kept" if kind == "warm" else "downloaded"
        if result["snapshot"] != source:
            raise SystemExit(f"engine snapshot, {kind}: snapshot {result['snapshot']!r}, expected {source!r}")
        marks = page.evaluate(ENGINE_TIMINGS_JS)
        if kind == "cold":  # a reader's page stays open: the worker keeps the snapshot for the next start
            if not page.evaluate(KEPT_JS):
                raise SystemExit("engine snapshot, cold: the worker could not keep the snapshot")
    page.close()
    return result["ms"], marks


@contextmanager
def fresh_context(pw, browser, kind: str, tmp: Path):
    """A context with empty caches: Playwright's (incognito) or a new browser on a new profile directory."""
    if kind == "incognito":
        context = browser.new_context(service_workers="block")
        try:
            yield context
        finally:
            context.close()
        return
    profile = Path(tempfile.mkdtemp(prefix="profile-", dir=tmp))
    context = pw.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, args=CHROMIUM_ARGS, service_workers="block"
    )
    try:
        yield context
    finally:
        context.close()
        shutil.rmtree(profile, ignore_errors=True)


def timed_bare(context, url: str) -> float:
    page = context.new_page()
    page.route("**/__bench__/bare.html", lambda route: route.fulfill(body=BARE_PAGE, content_type="text/html"))
    page.goto(url + "__bench__/bare.html")
    ms = page.evaluate("window.bareReady")
    page.close()
    return ms


def page_bytes(browser, url: str, *, wait_engine: bool) -> tuple[int, int]:
    """(all bytes, bytes without the engine's files) for a cold load of ``url``."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    requests = []
    page.on("requestfinished", lambda request: requests.append(request))
    page.goto(url)
    if wait_engine:
        page.evaluate(ENGINE_ANSWER_JS)
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(300)
    everything = transferred(requests)
    engine_files = ("/assets/engine/pyodide/", ".whl", ".snapshot.gz")
    without = transferred([r for r in requests if not any(f in r.url for f in engine_files)])
    context.close()
    return everything, without


def widgetless_pages(site_dir: Path, limit: int = 3) -> list[str]:
    sitemap = (site_dir / "sitemap.xml").read_text(encoding="utf-8")
    found = []
    for html in sorted(site_dir.rglob("*.html")):
        rel = html.relative_to(site_dir).as_posix()
        if f"/{rel}</loc>" in sitemap and "data-cp-widget" not in html.read_text(encoding="utf-8"):
            found.append(rel)
    return found[:limit]


def median_ms(values: list[float]) -> str:
    return f"{statistics.median(values):7.0f} ms  (min {min(values):.0f}, max {max(values):.0f}, n={len(values)})"


DEAL_PAGE_JS = """() => new Promise((resolve) => {
  const paint = () => (performance.getEntriesByName("first-contentful-paint")[0] || {}).startTime;
  const check = () => {
    const viewer = document.querySelector('[data-cp-widget="deal"] .cp-deal__live-view');
    if (paint() !== undefined && viewer) resolve({ paint: paint(), viewer: performance.now() });
    else setTimeout(check, 10);
  };
  const first = document.querySelector("details.cp-gallery__item > summary");
  if (first) first.click();  // the first deal opened, as a reader would
  check();
})"""


def timed_deal_page(browser, url: str) -> tuple[float, float, float]:
    """(first contentful paint, DOMContentLoaded, first viewer mounted) in ms, cold, on the deals page."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.goto(url)
    result = page.evaluate(DEAL_PAGE_JS)
    dcl = page.evaluate("performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd")
    context.close()
    return result["paint"], dcl, result["viewer"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--site", type=Path, help="a built site (default: build one into a temp dir)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--paint-runs", type=int, default=15, help="runs of the deals page's first frame (half a "
                        "second each: more than the engine's, for a median that holds on a busy machine)")  # fmt: skip
    parser.add_argument("--no-bytes", action="store_true", help="skip the bytes and fonts part")
    contexts = ("incognito", "profile", "both")
    parser.add_argument("--context", choices=contexts, default="both", help="incognito: Playwright's context; "
                        "profile: a fresh browser profile per run (disk cache, wasm code cache)")  # fmt: skip
    parser.add_argument("--no-normal", action="store_true", help="skip the fallback path (the slowest)")
    parser.add_argument("--compare", type=Path, help="another built site (e.g. before a change): its snapshot "
                        "path is measured too, in the same runs, interleaved")  # fmt: skip
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        site_dir = args.site or build_site(Path(tmp) / "site")
        manifest = json.loads((site_dir / "assets/engine/manifest.json").read_text(encoding="utf-8"))
        with SiteServer(site_dir) as server, sync_playwright() as pw, ExitStack() as stack:
            other = stack.enter_context(SiteServer(args.compare)) if args.compare else None
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            load_before = load_average()
            print(f"bench_site: load {load_before} (1/5/15 min) · {os.cpu_count()} cores · runner "
                  f"{platform.python_implementation()} {platform.python_version()} · Chromium {browser.version} · "
                  f"Pyodide {manifest['pyodide']} · engine {manifest['engine']} · "
                  f"snapshot {manifest['snapshot']['bytes']:,} B gzip · index.html · runs {args.runs} · "
                  f"context {args.context}")  # fmt: skip
            home = server.url + "index.html"
            paths = ("snapshot",) if args.no_normal else ("snapshot", "normal")
            kinds = ("incognito", "profile") if args.context == "both" else (args.context,)
            results: dict[str, dict[str, list[float]]] = {kind: {} for kind in kinds}
            marks: dict[str, dict[str, dict[str, list[float]]]] = {kind: {"cold": {}, "warm": {}} for kind in kinds}
            for _ in range(args.runs):
                for kind in kinds:
                    for path in paths:
                        with fresh_context(pw, browser, kind, Path(tmp)) as context:
                            for visit in ("cold", "warm"):
                                ms, seen = timed_engine(context, home, site_dir, path, visit)
                                results[kind].setdefault(f"engine {path}, {visit}", []).append(ms)
                                for name, at in seen.items():
                                    marks[kind][visit].setdefault(name, []).append(at)
                    if other is not None:
                        with fresh_context(pw, browser, kind, Path(tmp)) as context:
                            for visit in ("cold", "warm"):
                                ms, _ = timed_engine(context, other.url + "index.html", args.compare, "snapshot", visit)
                                results[kind].setdefault(f"compare snapshot, {visit}", []).append(ms)
                    with fresh_context(pw, browser, kind, Path(tmp)) as context:
                        results[kind].setdefault("bare Pyodide, cold", []).append(timed_bare(context, server.url))
                        results[kind].setdefault("bare Pyodide, warm", []).append(timed_bare(context, server.url))
            load_after = load_average()

            for kind in kinds:
                print(f"\n[{kind}] navigation → first engine answer, medians of {args.runs} runs")
                for name, values in results[kind].items():
                    print(f"  {name:26s} {median_ms(values)}")
                med = {name: statistics.median(values) for name, values in results[kind].items()}
                print(f"[{kind}] ratios (same run)")
                for visit in ("cold", "warm"):
                    bare = med[f"bare Pyodide, {visit}"]
                    for path in paths:
                        ratio = med[f"engine {path}, {visit}"] / bare
                        print(f"  engine {path:8s} / bare Pyodide, {visit}: {ratio:.2f}")
                    if "normal" in paths:
                        print(f"  engine snapshot / engine normal, {visit}: "
                              f"{med[f'engine snapshot, {visit}'] / med[f'engine normal, {visit}']:.2f}")  # fmt: skip
                cold = med["engine snapshot, cold"] / med["bare Pyodide, cold"]
                print(f"[{kind}] goals (issue 18): cold {cold:.2f}× bare (≤ 0.70), "
                      f"warm {med['engine snapshot, warm'] / 1000:.2f} s (≤ 1.00)")  # fmt: skip
                if other is not None:
                    for visit in ("cold", "warm"):
                        ratio = med[f"engine snapshot, {visit}"] / med[f"compare snapshot, {visit}"]
                        print(f"  engine snapshot / compare snapshot ({args.compare}), {visit}: {ratio:.2f}")
                print(f"[{kind}] engine snapshot: where the time goes (worker marks, ms from navigation, medians)")
                for visit in ("cold", "warm"):
                    seen = sorted(marks[kind][visit].items(), key=lambda item: statistics.median(item[1]))
                    print(f"  {visit}: " + " · ".join(f"{name} {statistics.median(v):.0f}" for name, v in seen))
            print(f"\nbench_site: load {load_before} before, {load_after} after the engine timings")
            # With --compare, the other build's deals page in the same runs, interleaved.
            deal_sites = [("", server)] + ([(f" ({args.compare})", other)] if other is not None else [])
            deals: dict[str, list[tuple[float, float, float]]] = {label: [] for label, _ in deal_sites}
            for _ in range(args.paint_runs):
                for label, deal_server in deal_sites:
                    deals[label].append(timed_deal_page(browser, deal_server.url + "learn/deals.html"))
            for label, timings in deals.items():
                print(f"\nlearn/deals.html{label}, cold (static first frame = first paint), {args.paint_runs} runs")
                for i, name in enumerate(("first contentful paint", "DOMContentLoaded", "first viewer (deal opened)")):
                    print(f"  {name:26s} {median_ms([d[i] for d in timings])}")
            print(f"bench_site: load {load_average()} after the timings")

            if not args.no_bytes:
                print("\nBytes transferred per page (cold cache; benchmarks/bench_pages.py lists every page)")
                everything, without = page_bytes(browser, home, wait_engine=True)
                print(f"  {'index.html':32s} {everything:>10,d} B with the engine, {without:>9,d} B without it")
                for rel in widgetless_pages(site_dir):
                    plain, _ = page_bytes(browser, server.url + rel, wait_engine=False)
                    print(f"  {rel:32s} {plain:>10,d} B (no widget: the engine is not loaded)")
                print("\nShipped fonts (used only when the system lacks the face: local() comes first)")
                sizes = {p.name: p.stat().st_size for p in (site_dir / "assets" / "fonts").glob("*.woff2")}
                for stem, (count, total) in fonts.family_totals(sizes).items():
                    print(f"  {stem:32s} {total:>10,d} B in {count} files")
            browser.close()


if __name__ == "__main__":
    main()
