"""Lighthouse performance scores, printed (not asserted): home, a rules page and the deals page, desktop and mobile.

    .venv/bin/python benchmarks/bench_lighthouse.py [--site DIR [DIR ...]] [--runs 3] [--pages index.html ...]
        [--form-factors mobile] [--keep DIR]

Several --site folders (a build before and after a change) are measured side by side, run by run, under the
same load; --keep keeps each JSON report, whose audits say why (main-thread work, DOM size, long tasks).

Lighthouse 12.2.3 (npm, pinned) drives Debian's /usr/bin/chromium (CHROME_PATH) against the built site served on
127.0.0.1 by sitebuild/serve.py, as the visitor gets it (gzip, ETags, the same headers). Mobile is Lighthouse's
default (a mid-range phone, simulated slow 4G and a 4× slower CPU); desktop is its ``--preset=desktop``. Both are
simulated throttling, so the score depends on this machine's speed: each figure is the median of ``--runs`` runs,
printed with the machine's load before and after (os.getloadavg) and the versions used.

Lighthouse is not part of the project's dependencies nor of the test command: the first run installs it with npm
into .cache/lighthouse (``npm i -E lighthouse@12.2.3``), or pass ``--lighthouse PATH`` to an installed one.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))

from conditions import load_average  # noqa: E402

from sitebuild.chromium import CHROMIUM  # noqa: E402
from sitebuild.serve import SiteServer  # noqa: E402

LIGHTHOUSE_VERSION = "12.2.3"
LIGHTHOUSE_DIR = REPO_ROOT / ".cache" / "lighthouse"
PAGES = ["index.html", "rules/luzhou.html", "learn/deals.html"]
FORM_FACTORS = ["desktop", "mobile"]
CHROME_FLAGS = "--headless=new --no-sandbox --disable-gpu --no-first-run --disable-background-networking"
# What each run reports besides the score (Lighthouse's audit ids, in milliseconds but CLS).
METRICS = {
    "FCP": "first-contentful-paint",
    "LCP": "largest-contentful-paint",
    "TBT": "total-blocking-time",
    "SI": "speed-index",
    "CLS": "cumulative-layout-shift",
}
# Why a figure is what it is: the page's elements and the main thread's work in the (unthrottled) trace.
DIAGNOSTICS = ["DOM", "main thread"]


def find_lighthouse(given: Path | None) -> Path:
    if given:
        return given
    binary = LIGHTHOUSE_DIR / "node_modules" / ".bin" / "lighthouse"
    if not binary.exists():
        print(f"bench_lighthouse: installing lighthouse {LIGHTHOUSE_VERSION} into {LIGHTHOUSE_DIR} (npm)", flush=True)
        LIGHTHOUSE_DIR.mkdir(parents=True, exist_ok=True)
        # A package.json of its own, or npm walks up to the repository's and adds lighthouse to it.
        manifest = LIGHTHOUSE_DIR / "package.json"
        if not manifest.exists():
            manifest.write_text('{"private": true}\n', encoding="utf-8")
        subprocess.run(
            ["npm", "i", "-E", f"lighthouse@{LIGHTHOUSE_VERSION}", "--no-audit", "--no-fund", "--loglevel=error"],
            cwd=LIGHTHOUSE_DIR,
            check=True,
        )
    return binary


def build_site(dest: Path) -> Path:
    cmd = [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "-d", str(dest)]
    subprocess.run(cmd, cwd=REPO_ROOT, check=True, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    return dest


class MetricMissing(RuntimeError):
    """A run whose report lacks a metric's value: run again (up to ATTEMPTS), said in the output."""


ATTEMPTS = 3


def run_measured(lighthouse: Path, url: str, form_factor: str, out: Path) -> dict[str, float]:
    for attempt in range(1, ATTEMPTS + 1):
        try:
            return run_once(lighthouse, url, form_factor, out)
        except MetricMissing as exc:
            if attempt == ATTEMPTS:
                raise
            print(f"bench_lighthouse: {exc}; running it again (load {load_average()})", flush=True)
    raise AssertionError("unreachable")


def run_once(lighthouse: Path, url: str, form_factor: str, out: Path) -> dict[str, float]:
    cmd = [
        str(lighthouse),
        url,
        "--only-categories=performance",
        "--output=json",
        f"--output-path={out}",
        "--quiet",
        f"--chrome-flags={CHROME_FLAGS}",
    ]
    if form_factor == "desktop":
        cmd.append("--preset=desktop")
    env = {**os.environ, "CHROME_PATH": CHROMIUM}
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=600)
    if proc.returncode != 0 or not out.exists():
        raise RuntimeError(f"lighthouse failed on {url} ({form_factor}):\n{proc.stderr[-3000:]}")
    report = json.loads(out.read_text(encoding="utf-8"))
    if report.get("runtimeError"):
        raise RuntimeError(f"lighthouse on {url} ({form_factor}): {report['runtimeError']}")
    missing = [audit for audit in METRICS.values() if "numericValue" not in report["audits"][audit]]
    if missing:  # Lighthouse could not compute a metric (seen on a machine loaded far beyond its cores)
        reasons = "; ".join(f"{a}: {report['audits'][a].get('errorMessage', '?')}" for a in missing)
        raise MetricMissing(f"lighthouse on {url} ({form_factor}): no value for {reasons}")
    figures = {"score": round(100 * (report["categories"]["performance"]["score"] or 0))}
    for name, audit in METRICS.items():
        figures[name] = report["audits"][audit]["numericValue"]
    figures["DOM"] = report["audits"]["dom-size"]["numericValue"]
    figures["main thread"] = report["audits"]["mainthread-work-breakdown"]["numericValue"]
    figures["version"] = report.get("lighthouseVersion", "?")  # type: ignore[assignment]
    figures["chrome"] = report.get("environment", {}).get("hostUserAgent", "?")  # type: ignore[assignment]
    return figures


def shown(name: str, values: list[float]) -> str:
    med = statistics.median(values)
    if name == "CLS":
        return f"{name} {med:.3f}"
    if name == "DOM":
        return f"{name} {med:.0f} elements"
    return f"{name} {med / 1000:.2f} s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument(
        "--site",
        type=Path,
        nargs="+",
        help="one built site, or several to compare side by side, run by run (default: build one into a temp dir)",
    )
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--pages", nargs="+", default=PAGES, help=f"paths under the site root (default: {PAGES})")
    parser.add_argument("--form-factors", nargs="+", default=FORM_FACTORS, choices=FORM_FACTORS)
    parser.add_argument("--lighthouse", type=Path, help="a lighthouse binary (default: .cache/lighthouse)")
    parser.add_argument("--keep", type=Path, help="copy each run's JSON report into this folder (for its audits)")
    args = parser.parse_args()
    lighthouse = find_lighthouse(args.lighthouse)
    with tempfile.TemporaryDirectory() as tmp:
        sites = args.site or [build_site(Path(tmp) / "site")]
        print(
            f"bench_lighthouse: load {load_average()} (1/5/15 min) · {os.cpu_count()} cores · "
            f"runner {platform.python_implementation()} {platform.python_version()} · {args.runs} runs each"
            + (f" · sites compared run by run: {', '.join(str(s) for s in sites)}" if len(sites) > 1 else ""),
            flush=True,
        )
        results: dict[tuple[str, str, int], list[dict[str, float]]] = {}
        versions = ""
        with contextlib.ExitStack() as stack:
            servers = [stack.enter_context(SiteServer(site)) for site in sites]
            for run in range(args.runs):  # interleaved, so drift on a shared machine hits every page and site alike
                for path in args.pages:
                    for form_factor in args.form_factors:
                        for index, server in enumerate(servers):
                            name = f"lh-{run}-{form_factor}-{path.replace('/', '_')}-site{index}.json"
                            out = Path(tmp) / name
                            figures = run_measured(lighthouse, server.url + path, form_factor, out)
                            versions = f"lighthouse {figures.pop('version')} · {figures.pop('chrome')}"
                            results.setdefault((path, form_factor, index), []).append(figures)
                            if args.keep:
                                args.keep.mkdir(parents=True, exist_ok=True)
                                shutil.copy(out, args.keep / name)
        print(f"  {versions}")
        print(f"\nPerformance score (median of {args.runs}; min–max) and metrics (medians)")
        for (path, form_factor, index), runs in results.items():
            scores = [r["score"] for r in runs]
            metrics = " · ".join(shown(name, [r[name] for r in runs]) for name in [*METRICS, *DIAGNOSTICS])
            site = f" site{index}" if len(sites) > 1 else ""
            print(
                f"  {path:20s} {form_factor:8s}{site} {statistics.median(scores):5.0f} "
                f"({min(scores):.0f}–{max(scores):.0f})   {metrics}"
            )
        print(f"bench_lighthouse: load {load_average()} after the runs")


if __name__ == "__main__":
    main()
