"""Soak run of the gallery kiosk: hours of visitors and idle time on an accelerated clock.

Headless Chromium opens the kiosk with Playwright's fake clock (page.clock), then repeats a visitor cycle for the
simulated duration: pick a language, open a screen (deck, annotated deal, game choice), walk away — the kiosk counts
down and resets — and leave it on the attract loop for a while. Every so often the script forces a garbage collection
and samples the JS heap, DOM nodes and event listeners over the Chrome DevTools Protocol (Performance.getMetrics).

The kiosk reloads itself at an idle reset every data-reload-after-hours (default 6), which bounds whatever the page or
the Pyodide worker might accumulate; the samples show the heap before and after. It prints the samples, the
console/page error count (must stay 0) and the heap trend (least-squares slope per
simulated hour, and last sample against the first). Nothing is asserted: this is a benchmark, not a test.

    .venv/bin/python benchmarks/soak_kiosk.py --hours 4
    .venv/bin/python benchmarks/soak_kiosk.py --site /tmp/site --hours 8 --url en/kiosk/index.html
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO_ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from sitebuild.chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from sitebuild.serve import SiteServer  # noqa: E402

SCREENS = ("cards", "watch", "play")
ATTRACT_MINUTES = 4  # simulated time on the welcome screen between two visitors
VISIT_SECONDS = 40  # simulated time a visitor spends on a screen before walking away
CHUNK_MS = 10_000  # the fake clock advances in slices this long


def build_site() -> Path:
    dest = Path(tempfile.mkdtemp(prefix="soak-site-")) / "site"
    cmd = [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "-d", str(dest)]
    subprocess.run(cmd, cwd=REPO_ROOT, check=True, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    return dest


def advance(page, ms: int) -> None:
    while ms > 0:
        step = min(ms, CHUNK_MS)
        page.clock.run_for(step)
        ms -= step


def metrics(cdp) -> dict[str, float]:
    cdp.send("HeapProfiler.collectGarbage")
    values = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    return {
        "heap_mb": values.get("JSHeapUsedSize", 0) / 1e6,
        "nodes": values.get("Nodes", 0),
        "listeners": values.get("JSEventListeners", 0),
    }


def slope_per_hour(samples: list[tuple[float, float]]) -> float:
    """Least-squares slope of (simulated hours, value)."""
    if len(samples) < 2:
        return 0.0
    xs = [x for x, _ in samples]
    ys = [y for _, y in samples]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    var = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / var if var else 0.0


def run(site: Path, hours: float, url: str, sample_minutes: float, reload_after_hours: float | None) -> int:
    errors: list[str] = []
    samples: list[tuple[float, dict[str, float]]] = []
    with SiteServer(site) as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context(base_url=server.url, viewport={"width": 1920, "height": 1080})
        page = context.new_page()
        page.on("console", lambda m: errors.append(f"console: {m.text}") if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(f"pageerror: {e}"))
        loads: list[int] = []
        page.on("load", lambda _: loads.append(1))
        page.clock.install()
        if reload_after_hours is not None:  # override the page's data-reload-after-hours as it is parsed
            page.add_init_script(
                "new MutationObserver((_, obs) => { const app = document.getElementById('kiosk-app');"
                f" if (app) {{ app.dataset.reloadAfterHours = '{reload_after_hours}'; obs.disconnect(); }} }})"
                ".observe(document, {childList: true, subtree: true});"
            )
        page.goto(url)
        page.wait_for_function("window.changpaiKiosk && window.changpaiKiosk.state.screen === 'welcome'")
        idle_s = page.evaluate("window.changpaiKiosk.settings.idleSeconds")
        cdp = context.new_cdp_session(page)
        cdp.send("Performance.enable")

        simulated_ms = 0
        next_sample = 0.0
        cycles = 0
        back_to_welcome = 0
        wall_start = time.perf_counter()
        total_ms = hours * 3_600_000
        while simulated_ms < total_ms:
            if simulated_ms >= next_sample:
                samples.append((simulated_ms / 3_600_000, metrics(cdp)))
                next_sample += sample_minutes * 60_000
            lang = "zh" if cycles % 2 == 0 else "en"
            screen = SCREENS[cycles % len(SCREENS)]
            page.locator(f'.kiosk-btn--lang[data-lang="{lang}"]').click()
            page.locator(f".kiosk-go-{screen}").click()
            if screen == "play":
                page.locator(".kiosk-rules-leshan").click()
            advance(page, VISIT_SECONDS * 1000)
            page.mouse.click(5, 5)  # a last touch, then the visitor walks away
            advance(page, (idle_s + 2) * 1000)  # countdown and reset (a reload, every data-reload-after-hours)
            page.wait_for_function("window.changpaiKiosk && window.changpaiKiosk.state.screen === 'welcome'")
            back_to_welcome += 1
            advance(page, ATTRACT_MINUTES * 60_000)  # the attract loop runs
            simulated_ms += (VISIT_SECONDS + idle_s + 2) * 1000 + ATTRACT_MINUTES * 60_000
            cycles += 1
        samples.append((simulated_ms / 3_600_000, metrics(cdp)))
        wall = time.perf_counter() - wall_start
        reloads = len(loads) - 1
        screen_now = page.evaluate("window.changpaiKiosk.state.screen")
        browser.close()

    print(
        f"kiosk soak: {url}, {hours:g} simulated hours in {wall:.1f} s of wall time ({hours * 3600 / wall:.0f}× speed)"
    )
    print(
        f"visitor cycles {cycles}, back on the welcome screen after {back_to_welcome}, page reloads {reloads}, "
        f"final screen {screen_now}, idle time {idle_s} s"
    )
    print(f"{'sim h':>6} {'heap MB':>8} {'nodes':>7} {'listeners':>9}")
    for at, m in samples:
        print(f"{at:6.2f} {m['heap_mb']:8.2f} {m['nodes']:7.0f} {m['listeners']:9.0f}")
    heaps = [(at, m["heap_mb"]) for at, m in samples]
    nodes = [(at, m["nodes"]) for at, m in samples]
    print(
        f"heap: first {heaps[0][1]:.2f} MB, last {heaps[-1][1]:.2f} MB, max {max(h for _, h in heaps):.2f} MB, "
        f"median {statistics.median(h for _, h in heaps):.2f} MB"
    )
    print(
        f"heap slope {slope_per_hour(heaps):+.3f} MB per simulated hour; "
        f"DOM nodes slope {slope_per_hour(nodes):+.1f} per hour"
    )
    if len(heaps) > 2:  # the first sample precedes the first visitor (engine, fonts, deal frames not loaded yet)
        print(
            f"after warm-up: heap slope {slope_per_hour(heaps[1:]):+.3f} MB/h, "
            f"{heaps[-1][1] - heaps[1][1]:+.2f} MB from {heaps[1][0]:.2f} h to {heaps[-1][0]:.2f} h; "
            f"DOM nodes slope {slope_per_hour(nodes[1:]):+.1f} per hour"
        )
    print("(the JS heap of the page; the engine's Pyodide worker has its own heap, not sampled here)")
    print(f"console/page errors: {len(errors)}")
    for line in errors[:20]:
        print("  " + line)
    return 0 if not errors and back_to_welcome == cycles else 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--site", type=Path, default=os.environ.get("CHANGPAI_SITE_DIR"), help="a built site")
    parser.add_argument("--hours", type=float, default=2.0, help="simulated hours (default 2)")
    parser.add_argument("--url", default="kiosk/index.html", help="the kiosk page, relative to the site")
    parser.add_argument("--sample-minutes", type=float, default=30.0, help="simulated minutes between samples")
    parser.add_argument(
        "--reload-after-hours", type=float, help="override the kiosk's periodic reload (a large value: none)"
    )
    args = parser.parse_args()
    site = Path(args.site) if args.site else build_site()
    sys.exit(run(site, args.hours, args.url, args.sample_minutes, args.reload_after_hours))


if __name__ == "__main__":
    main()
