"""Site figures, printed (not asserted): how long a reader waits for the engine, and what a page weighs.

    .venv/bin/python benchmarks/bench_site.py [--site DIR] [--runs 5]

Measured side by side in one Chromium run, interleaved run by run so drift on a shared machine hits every path
alike, from navigation start (performance.now() in the page) to the engine's first answer ({"command": "version"},
started with changpaiEngine.start(), so the idle start does not add its wait):
* engine, snapshot — the shipped path: the build's gzipped memory snapshot (downloaded, SHA-256 checked,
  decompressed, restored);
* engine, snapshot raw — the other design the issue asked to compare: a snapshot made in the browser and kept
  in the cache storage. Simulated by serving the same snapshot uncompressed (what the cache would hold): no
  download over the network on a warm start, no decompression;
* engine, normal — the snapshot refused (404), so the worker starts Pyodide and installs the wheel: the fallback;
* bare Pyodide — a page that only starts Pyodide in a module worker from the same files and runs ``1 + 1``:
  the floor under a normal start. engine / bare is what the engine costs above the interpreter.
Each is measured cold (a fresh browser context: empty cache) and warm (the same page reloaded in that context).
Printed with the machine's load before and after (os.getloadavg), the interpreters and the inputs.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))

from sitebuild import fonts  # noqa: E402
from sitebuild.serve import SiteServer  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]  # fmt: skip

ENGINE_ANSWER_JS = (
    "changpaiEngine.start().then(info => changpaiEngine.call({command: 'version'}).then(r => {"
    " if (r.error) throw new Error(r.error.en); return {ms: performance.now(), boot: info.boot}; }))"
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


RAW_SNAPSHOT = "engine-raw.snapshot"


def overlay_site(site_dir: Path, tmp: Path) -> Path:
    """The site as symlinks, plus the snapshot uncompressed (what a browser-made snapshot in the cache storage
    would hand the worker): served by the same server as every other path, so only the bytes differ."""
    root = tmp / "overlay"
    real_dirs = {Path("."), Path("assets"), Path("assets/engine")}  # made here; everything else is a symlink
    for rel in sorted(real_dirs):
        (root / rel).mkdir(parents=True, exist_ok=True)
        for entry in (site_dir / rel).iterdir():
            if rel / entry.name not in real_dirs:
                (root / rel / entry.name).symlink_to(entry)
    manifest = json.loads((site_dir / "assets/engine/manifest.json").read_text(encoding="utf-8"))
    raw = gzip.decompress((site_dir / "assets/engine" / manifest["snapshot"]["file"]).read_bytes())
    (root / "assets/engine" / RAW_SNAPSHOT).write_bytes(raw)
    return root


def route_path(page, site_dir: Path, path: str) -> None:
    """Serve the engine the way ``path`` ("snapshot", "snapshot raw", "normal") needs."""
    manifest = json.loads((site_dir / "assets/engine/manifest.json").read_text(encoding="utf-8"))
    name = manifest["snapshot"]["file"]
    if path == "normal":
        page.route(f"**/assets/engine/{name}", lambda route: route.fulfill(status=404, body="no snapshot"))
    elif path == "snapshot raw":
        import hashlib

        raw = (site_dir / "assets/engine" / RAW_SNAPSHOT).read_bytes()
        info = {
            "file": RAW_SNAPSHOT,
            "encoding": "identity",
            "sha256": hashlib.sha256(raw).hexdigest(),
            "bytes": len(raw),
        }
        forged = {**manifest, "snapshot": info}
        page.route("**/assets/engine/manifest.json", lambda route: route.fulfill(json=forged))


def timed_engine(context, url: str, site_dir: Path, path: str) -> float:
    page = context.new_page()
    route_path(page, site_dir, path)
    page.goto(url)
    result = page.evaluate(ENGINE_ANSWER_JS)
    expected = "fallback" if path == "normal" else "snapshot"
    if result["boot"] != expected:
        raise SystemExit(f"engine {path}: booted as {result['boot']!r}, expected {expected!r}")
    page.close()
    return result["ms"]


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


def load_text() -> str:
    return "/".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--site", type=Path, help="a built site (default: build one into a temp dir)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-bytes", action="store_true", help="skip the bytes and fonts part")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        built = args.site or build_site(Path(tmp) / "site")
        site_dir = overlay_site(built, Path(tmp))
        manifest = json.loads((site_dir / "assets/engine/manifest.json").read_text(encoding="utf-8"))
        with SiteServer(site_dir) as server, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            print(f"bench_site: load {load_text()} (1/5/15 min) · {os.cpu_count()} cores · runner "
                  f"{platform.python_implementation()} {platform.python_version()} · Chromium {browser.version} · "
                  f"Pyodide {manifest['pyodide']} · engine {manifest['engine']} · "
                  f"snapshot {manifest['snapshot']['bytes']:,} B gzip · index.html · runs {args.runs}")  # fmt: skip
            home = server.url + "index.html"
            paths = ("snapshot", "snapshot raw", "normal")
            results: dict[str, list[float]] = {}
            for _ in range(args.runs):
                for path in paths:
                    context = browser.new_context(service_workers="block")
                    results.setdefault(f"engine {path}, cold", []).append(timed_engine(context, home, site_dir, path))
                    results.setdefault(f"engine {path}, warm", []).append(timed_engine(context, home, site_dir, path))
                    context.close()
                context = browser.new_context(service_workers="block")
                results.setdefault("bare Pyodide, cold", []).append(timed_bare(context, server.url))
                results.setdefault("bare Pyodide, warm", []).append(timed_bare(context, server.url))
                context.close()

            print(f"\nNavigation → first engine answer, medians of {args.runs} runs")
            for name, values in results.items():
                print(f"  {name:26s} {median_ms(values)}")
            med = {name: statistics.median(values) for name, values in results.items()}
            print("\nRatios (same run)")
            for kind in ("cold", "warm"):
                bare = med[f"bare Pyodide, {kind}"]
                for path in paths:
                    print(f"  engine {path:12s} / bare Pyodide, {kind}: {med[f'engine {path}, {kind}'] / bare:.2f}")
                print(f"  engine snapshot / engine normal, {kind}: "
                      f"{med[f'engine snapshot, {kind}'] / med[f'engine normal, {kind}']:.2f}")  # fmt: skip
            deals = [timed_deal_page(browser, server.url + "learn/deals.html") for _ in range(args.runs)]
            print("\nlearn/deals.html, cold (static first frame = first contentful paint)")
            for i, name in enumerate(("first contentful paint", "DOMContentLoaded", "first viewer (deal opened)")):
                print(f"  {name:26s} {median_ms([d[i] for d in deals])}")
            print(f"bench_site: load {load_text()} after the timings")

            if not args.no_bytes:
                print("\nBytes transferred per page (cold cache; benchmarks/bench_pages.py lists every page)")
                everything, without = page_bytes(browser, home, wait_engine=True)
                print(f"  {'index.html':32s} {everything:>10,d} B with the engine, {without:>9,d} B without it")
                for rel in widgetless_pages(built):  # the overlay's symlinked folders are not walked
                    plain, _ = page_bytes(browser, server.url + rel, wait_engine=False)
                    print(f"  {rel:32s} {plain:>10,d} B (no widget: the engine is not loaded)")
                print("\nShipped fonts (used only when the system lacks the face: local() comes first)")
                sizes = {p.name: p.stat().st_size for p in (site_dir / "assets" / "fonts").glob("*.woff2")}
                for stem, (count, total) in fonts.family_totals(sizes).items():
                    print(f"  {stem:32s} {total:>10,d} B in {count} files")
            browser.close()


if __name__ == "__main__":
    main()
