"""Site figures, printed (not asserted): how long a reader waits for the engine, and what a page weighs.

    .venv/bin/python benchmarks/bench_site.py [--site DIR] [--runs 5]

Measured side by side in one Chromium run, from navigation start (performance.now() in the page):
* engine, cold — a fresh browser context (empty cache) opens the home page; time until the widget's engine
  answers its first request ({"command": "version"});
* engine, warm — the same page reloaded in the same context (files come from the HTTP cache; Pyodide still starts
  afresh, as a page load does);
* bare Pyodide, cold and warm — a page that only starts Pyodide in a module worker from the same files and runs
  ``1 + 1``: the floor under the engine figure. The ratio engine / bare is what the engine itself costs.
* bytes transferred per page: the home page with the engine loaded, the same without the engine's files, and
  pages that have no widget.
"""

from __future__ import annotations

import argparse
import os
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
    "changpaiEngine.call({command: 'version'})"
    ".then(r => { if (r.error) throw new Error(r.error.en); return performance.now(); })"
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


def timed_engine(context, url: str) -> float:
    page = context.new_page()
    page.goto(url)
    ms = page.evaluate(ENGINE_ANSWER_JS)
    page.close()
    return ms


def timed_bare(context, url: str) -> float:
    page = context.new_page()
    page.route("**/__bench__/bare.html", lambda route: route.fulfill(body=BARE_PAGE, content_type="text/html"))
    page.goto(url + "__bench__/bare.html")
    ms = page.evaluate("window.bareReady")
    page.close()
    return ms


def page_bytes(browser, url: str, *, wait_engine: bool) -> tuple[int, int]:
    """(all bytes, bytes without the engine's files) for a cold load of ``url``."""
    context = browser.new_context()
    page = context.new_page()
    requests = []
    page.on("requestfinished", lambda request: requests.append(request))
    page.goto(url)
    if wait_engine:
        page.evaluate(ENGINE_ANSWER_JS)
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(300)
    everything = transferred(requests)
    without = transferred([r for r in requests if "/assets/engine/pyodide/" not in r.url and ".whl" not in r.url])
    context.close()
    return everything, without


def font_bytes(browser, url: str) -> int:
    context = browser.new_context()
    page = context.new_page()
    requests = []
    page.on("requestfinished", lambda request: requests.append(request))
    page.goto(url)
    page.evaluate("document.fonts.ready.then(() => true)")
    page.wait_for_load_state("networkidle")
    total = transferred([r for r in requests if "/assets/fonts/" in r.url])
    context.close()
    return total


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--site", type=Path, help="a built site (default: build one into a temp dir)")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        site_dir = args.site or build_site(Path(tmp) / "site")
        with SiteServer(site_dir) as server, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            home = server.url + "index.html"
            results: dict[str, list[float]] = {k: [] for k in ("engine cold", "engine warm", "bare cold", "bare warm")}
            for _ in range(args.runs):
                # Interleaved, so drift on the shared machine hits both sides alike.
                context = browser.new_context()
                results["engine cold"].append(timed_engine(context, home))
                results["engine warm"].append(timed_engine(context, home))
                context.close()
                context = browser.new_context()
                results["bare cold"].append(timed_bare(context, server.url))
                results["bare warm"].append(timed_bare(context, server.url))
                context.close()

            print(f"Navigation → first engine answer (home page widget), medians of {args.runs} runs")
            for name, values in results.items():
                print(f"  {name:12s} {median_ms(values)}")
            for kind in ("cold", "warm"):
                ratio = statistics.median(results[f"engine {kind}"]) / statistics.median(results[f"bare {kind}"])
                print(f"  ratio engine/bare, {kind}: {ratio:.2f}")

            print("\nBytes transferred per page (cold cache)")
            everything, without = page_bytes(browser, home, wait_engine=True)
            print(f"  {'index.html':32s} {everything:>10,d} B with the engine, {without:>9,d} B without it")
            en_all, en_without = page_bytes(browser, server.url + "en/index.html", wait_engine=True)
            print(f"  {'en/index.html':32s} {en_all:>10,d} B with the engine, {en_without:>9,d} B without it")
            for rel in widgetless_pages(site_dir):
                plain, _ = page_bytes(browser, server.url + rel, wait_engine=False)
                print(f"  {rel:32s} {plain:>10,d} B (no widget: the engine is not loaded)")

            print("\nShipped fonts (chunks by unicode-range; a page fetches only the chunks it uses)")
            sizes = {p.name: p.stat().st_size for p in (site_dir / "assets" / "fonts").glob("*.woff2")}
            for stem, (count, total) in fonts.family_totals(sizes).items():
                print(f"  {stem:32s} {total:>10,d} B in {count} files")
            for rel in ["index.html", "en/index.html", *widgetless_pages(site_dir)]:
                print(f"  fonts fetched by {rel:30s} {font_bytes(browser, server.url + rel):>10,d} B")
            browser.close()


if __name__ == "__main__":
    main()
