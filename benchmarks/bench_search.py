"""What the first search of a visit costs, printed (fails nothing): each language's own index beside the whole one.

    .venv/bin/python benchmarks/bench_search.py [--site .cache/test-site] [--runs 9]

The search downloads its index when a reader first opens it (assets/js/lean.js), and Material's search worker
builds a lunr index from it before the first result can be shown. Since issue #18 the reader gets the index of the
page's language only (``sitebuild/ext_search.py``); the whole index of both languages remains for ``file://``. For
each file this prints its documents, its bytes and its gzip bytes as the site's server sends them, and the time from
asking for it to Material's worker saying its index is ready (download, JSON parse, lunr build), median and minimum
of ``--runs`` runs, each in a fresh Chromium context, the files interleaved run by run with the order rotated, so a
shared machine's drift hits each alike. The load average is printed before and after.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))

from conditions import load_average  # noqa: E402  (benchmarks/ is this script's folder)

from sitebuild import ext_search  # noqa: E402
from sitebuild.chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from sitebuild.serve import SiteServer, gzipped  # noqa: E402

# From asking for the file to the worker's "ready" (Material's message type 1, after its setup message, type 0).
BUILD_JS = """async ([worker, file]) => {
  const start = performance.now();
  const data = await (await fetch(file, { cache: "no-store" })).json();
  const w = new Worker(worker);
  await new Promise((resolve) => {
    w.onmessage = (e) => e.data.type === 1 && resolve();
    w.postMessage({ type: 0, data });
  });
  w.terminate();
  return performance.now() - start;
}"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=REPO_ROOT / ".cache" / "test-site")
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    site = args.site.resolve()
    files = [ext_search.INDEX] + [ext_search.language_index_name(lang) for lang in ("zh", "en")]
    missing = [f for f in files if not (site / f).is_file()]
    if missing:
        sys.exit(f"{site} lacks {', '.join(missing)}: build the site (mkdocs build -d DIR) and pass --site DIR")
    worker = next((site / "assets/javascripts/workers").glob("search.*.min.js")).relative_to(site).as_posix()
    times: dict[str, list[float]] = {f: [] for f in files}
    before = load_average()
    with SiteServer(site) as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for run in range(args.runs):
            for f in files[run % len(files) :] + files[: run % len(files)]:
                context = browser.new_context(service_workers="block")
                page = context.new_page()
                page.goto(server.url + "404.html")
                times[f].append(page.evaluate(BUILD_JS, [server.url + worker, server.url + f]))
                context.close()
        browser.close()
    after = load_average()
    print(f"bench_search: the first search's index, {args.runs} runs each, interleaved, fresh Chromium context each;")
    print(f"  load {before} before, {after} after (1/5/15 min), {os.cpu_count()} cores; site {site}")
    base = statistics.median(times[ext_search.INDEX])
    whole_gz = len(gzipped(str(site / ext_search.INDEX)))
    heads = f"{'docs':>5s} {'bytes':>10s} {'gzip':>9s} {'ready, median':>14s} {'min':>7s} {'vs whole':>9s}"
    print(f"  {'file':34s} {heads}")
    for f in files:
        docs = len(json.loads((site / f).read_text(encoding="utf-8"))["docs"])
        gz = len(gzipped(str(site / f)))
        med = statistics.median(times[f])
        print(
            f"  {f:34s} {docs:5d} {(site / f).stat().st_size:10,d} {gz:9,d} {med:11.0f} ms {min(times[f]):4.0f} ms"
            f" {med / base:6.2f}× time, {gz / whole_gz:.2f}× gzip"
        )


if __name__ == "__main__":
    main()
