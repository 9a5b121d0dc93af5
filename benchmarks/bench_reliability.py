"""Reliability figures of the built site, in a real browser (Debian's Chromium, headless), on 127.0.0.1:

* worker-kill recovery in the kiosk: the engine's worker is killed ("terminate": it dies silently) or stops answering
  ("hang") in the middle of a hand; how long until the engine notices, until a new engine answers, and until the
  kiosk shows a table again (medians over the runs);
* Content-Security-Policy violations across every page of the site (the engine started where a widget is);
* bytes the kiosk downloads again after a rebuild: the site is cached once in kiosk mode, then a rebuild is served
  (by default a copy of the site with one page changed; ``--rebuilt DIR`` serves a real second build instead).

    .venv/bin/python benchmarks/bench_reliability.py /tmp/site-mine [--runs 5] [--rebuilt /tmp/site-mine-2]

Nothing is asserted (tests/site/test_engine_recovery.py, test_csp.py and test_offline.py assert the behaviour).
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from conditions import load_average  # noqa: E402
from playwright.sync_api import Browser, sync_playwright  # noqa: E402

from sitebuild import ext_offline  # noqa: E402
from sitebuild.chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from sitebuild.serve import SiteServer  # noqa: E402

KILL_JS = """async (kind) => {
  const e = window.changpaiEngine;
  const before = e.health.restarts;
  const t0 = performance.now();
  e.simulateFailure(kind);
  while (!(e.health.restarts > before && e.health.loaded)) {
    if (performance.now() - t0 > 120000) return null;
    await new Promise((r) => setTimeout(r, 20));
  }
  const r = e.health.lastRestart;
  // the kiosk again shows a table the visitor can use (a new one, or the same hand going on)
  while (!document.querySelector('.kiosk-play__board[data-game] .kiosk-play__column, .kiosk-play__settlement')
         || document.querySelector('.kiosk-play__recovering')) {
    if (performance.now() - t0 > 120000) return null;
    await new Promise((r) => setTimeout(r, 20));
  }
  return {noticed: r.at - t0, engine: r.readyAt - t0, table: performance.now() - t0, reason: r.reason};
}"""


def recovery(browser: Browser, url: str, runs: int) -> dict[str, list[dict]]:
    results: dict[str, list[dict]] = {"terminate": [], "hang": []}
    context = browser.new_context(base_url=url, bypass_csp=True)
    page = context.new_page()
    for kind in results:
        for run in range(runs):
            page.goto("kiosk/index.html")
            page.wait_for_function("() => window.changpaiKiosk && window.changpaiKioskPlay")
            page.evaluate("(s) => { changpaiKioskPlay.tuning = {seed: s, botDelayMs: 300}; }", run + 1)
            page.locator('.kiosk-btn--lang[data-lang="en"]').click()
            page.locator(".kiosk-go-play").click()
            page.locator(".kiosk-rules-leshan").click()
            page.locator(".kiosk-play__column.is-legal, .kiosk-play__choice").first.click(timeout=120_000)
            page.wait_for_selector(".kiosk-play__log[data-action]", timeout=120_000)
            result = page.evaluate(KILL_JS, kind)
            if result:
                results[kind].append(result)
    context.close()
    return results


def csp_violations(browser: Browser, url: str, site: Path) -> tuple[int, int, list[str]]:
    context = browser.new_context(base_url=url)
    page = context.new_page()
    seen: list[str] = []
    page.on("console", lambda m: seen.append(m.text) if "Content Security Policy" in m.text else None)
    page.add_init_script(
        "document.addEventListener('securitypolicyviolation', (e) => console.error("
        "'Content Security Policy violation: ' + e.violatedDirective + ' ' + e.blockedURI));"
    )
    pages = sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html"))
    for rel in pages:
        page.goto(rel)
        if page.evaluate("() => !!document.querySelector('[data-cp-widget], #kiosk-app') && !!window.changpaiEngine"):
            page.evaluate("() => changpaiEngine.start().then(() => changpaiEngine.call({command: 'version'}), () => 0)")
        page.wait_for_timeout(100)
    context.close()
    return len(pages), len(seen), seen[:5]


def rebuild_bytes(browser: Browser, site: Path, rebuilt: Path | None) -> dict:
    work = Path(tempfile.mkdtemp(prefix="bench-reliability-"))
    served = work / "site"
    shutil.copytree(site, served)
    try:
        with SiteServer(served, record=True) as server:
            context = browser.new_context(base_url=server.url, service_workers="allow", bypass_csp=True)
            page = context.new_page()
            page.goto("kiosk/index.html")
            page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=120_000)
            deadline = time.monotonic() + 300
            while not page.evaluate(
                "() => window.changpaiOffline.version().then((v) => v.keepOffline && v.cached === v.files)"
            ):
                assert time.monotonic() < deadline, "the kiosk did not cache the site"
                page.wait_for_timeout(200)
            first = sum(size for _, status, size in server.request_log if status == 200)
            if rebuilt is None:
                target = served / "kiosk" / "index.html"
                target.write_text(target.read_text(encoding="utf-8").replace("</body>", "<p>rebuilt</p></body>"))
                ext_offline.write_service_worker(served)
                what = "one page changed"
            else:
                shutil.rmtree(served)
                shutil.copytree(rebuilt, served)
                what = f"the build in {rebuilt}"
            server.request_log.clear()
            page.evaluate("() => window.changpaiOffline.check()")
            deadline = time.monotonic() + 300
            while not page.evaluate("() => window.changpaiOffline.updateWaiting()"):
                assert time.monotonic() < deadline, "the new build was not installed"
                page.wait_for_timeout(200)
            again = [(path, size) for path, status, size in server.request_log if status == 200]
            revalidated = sum(1 for _, status, _ in server.request_log if status == 304)
            context.close()
        total = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
        return {"what": what, "site": total, "first": first, "again": again, "revalidated": revalidated}
    finally:
        shutil.rmtree(work, ignore_errors=True)


def median(values: list[float]) -> str:
    return f"{statistics.median(values):,.0f} ms" if values else "n/a"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("site", type=Path, help="a built site (mkdocs build -d DIR)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--rebuilt", type=Path, help="a second build of the site, to measure a real rebuild")
    args = parser.parse_args()
    print(f"Chromium {CHROMIUM}, load average before: {load_average()}")
    with sync_playwright() as p, SiteServer(args.site) as server:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        runs = recovery(browser, server.url, args.runs)
        print(f"\nWorker killed mid-hand in the kiosk ({args.runs} runs each; medians; load now {load_average()}):")
        for kind, rows in runs.items():
            print(
                f"  {kind:9}  noticed {median([r['noticed'] for r in rows])}, engine answering again "
                f"{median([r['engine'] for r in rows])}, table back {median([r['table'] for r in rows])}"
                f"  ({len(rows)}/{args.runs} recovered; noticed by {sorted({r['reason'] for r in rows})})"
            )
        pages, violations, examples = csp_violations(browser, server.url, args.site)
        print(f"\nContent-Security-Policy: {violations} violations across {pages} pages (load {load_average()})")
        for text in examples:
            print(f"  {text}")
        figures = rebuild_bytes(browser, args.site, args.rebuilt)
        again = sum(size for _, size in figures["again"])
        print(f"\nKiosk cache after a rebuild ({figures['what']}; load {load_average()}):")
        print(f"  site on disk {figures['site']:,} bytes; first visit downloaded {figures['first']:,} bytes")
        files, revalidated = len(figures["again"]), figures["revalidated"]
        print(f"  the rebuild downloaded {again:,} bytes in {files} files ({revalidated} answered 304):")
        for path, size in figures["again"]:
            print(f"    {path} {size:,}")
        browser.close()


if __name__ == "__main__":
    main()
