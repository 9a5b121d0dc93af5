"""Bytes per page, printed (fails nothing): what a first visit to each page downloads, gzip as served.

    .venv/bin/python benchmarks/bench_pages.py [--site DIR] [--only SUBSTRING]

Each page is opened in a fresh Chromium context (empty cache, service workers blocked so the offline precache is
not counted against the page), then the script waits for the network to go quiet and the fonts to be ready, and
sums the bytes on the wire (headers + body) of every request, grouped by kind. Pages that have a widget are marked:
they may start the engine when idle, and its bytes are listed apart ("engine"). The limit for a page without a
widget is 300 KB (issue #18); pages over it are flagged, nothing fails.

The site's fonts name the installed face first (CSS local()), so on a machine with fonts-noto-cjk and
fonts-arphic-ukai (this one, the kiosk) no font is downloaded. ``--without-system-cjk`` runs Chromium with a
fontconfig that sees no CJK font, as on a visitor's computer that lacks them: the subsets are then fetched.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))

from benchmarks.conditions import load_average  # noqa: E402
from sitebuild.chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from sitebuild.serve import SiteServer  # noqa: E402

LIMIT = 300 * 1024  # bytes on the wire (gzip as served, headers included) for a cold page without a widget
NON_CJK_FONT_DIRS = ("/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/truetype/liberation")
KINDS = (
    ("engine", ("/assets/engine/pyodide/", ".snapshot.gz", ".whl", "/assets/engine/manifest.json")),
    ("fonts", ("/assets/fonts/",)),
    ("search", ("/search/",)),
    ("sitemap", ("sitemap.xml",)),
    ("images", (".svg", ".png", ".jpg", ".webp")),
    ("scripts", (".js", ".mjs")),
    ("styles", (".css",)),
)


def kind_of(url: str) -> str:
    for kind, needles in KINDS:
        if any(n in url for n in needles):
            return kind
    return "html/other"


def site_pages(site_dir: Path) -> list[str]:
    pages = []
    for html in sorted(site_dir.rglob("*.html")):
        rel = html.relative_to(site_dir).as_posix()
        if rel.endswith("404.html") or rel.startswith("assets/"):
            continue
        pages.append(rel)
    return pages


def has_widget(site_dir: Path, rel: str) -> bool:
    return "data-cp-widget" in (site_dir / rel).read_text(encoding="utf-8")


def cold_load(browser, url: str) -> list[tuple[str, int]]:
    """Every request of one cold load of ``url`` with its bytes on the wire (headers + body). Fresh context, empty
    cache, service workers blocked (the offline precache is not the page's weight); waits for the network to go quiet
    and the fonts to be ready. tests/site/test_speed.py checks the 300 KB limit with this same measurement."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    finished = []
    page.on("requestfinished", lambda request: finished.append(request))
    page.goto(url)
    page.wait_for_load_state("networkidle")
    page.evaluate("document.fonts.ready.then(() => true)")
    page.wait_for_load_state("networkidle")
    loads = []
    for request in finished:
        sizes = request.sizes()
        loads.append((request.url, sizes["responseBodySize"] + sizes["responseHeadersSize"]))
    context.close()
    return loads


def measure(browser, url: str) -> dict[str, int]:
    """Bytes on the wire per kind for one cold load of ``url``."""
    by_kind: dict[str, int] = {}
    for request_url, size in cold_load(browser, url):
        by_kind[kind_of(request_url)] = by_kind.get(kind_of(request_url), 0) + size
    return by_kind


def conditions() -> str:
    interpreter = f"{platform.python_implementation()} {platform.python_version()}"
    return f"load {load_average()} (1/5/15 min) · {interpreter} · {os.cpu_count()} cores"


def build_site(dest: Path) -> Path:
    import subprocess

    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    cmd = [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "-d", str(dest)]
    subprocess.run(cmd, cwd=REPO_ROOT, check=True, env=env)
    return dest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--site", type=Path, help="a built site (default: build one into a temp dir)")
    parser.add_argument("--only", default="", help="only pages whose path contains this")
    parser.add_argument("--without-system-cjk", action="store_true", help="Chromium sees no installed CJK font")
    args = parser.parse_args()
    fonts_seen = "no installed CJK font (fontconfig limited)" if args.without_system_cjk else "the system's fonts"
    print(f"bench_pages: {conditions()} · Chromium with {fonts_seen}")
    with tempfile.TemporaryDirectory() as tmp:
        site_dir = args.site or build_site(Path(tmp) / "site")
        pages = [p for p in site_pages(site_dir) if args.only in p]
        env = None
        if args.without_system_cjk:
            conf = Path(tmp) / "fonts.conf"
            dirs = "".join(f"<dir>{d}</dir>" for d in NON_CJK_FONT_DIRS if Path(d).is_dir())
            conf.write_text(f'<?xml version="1.0"?><fontconfig>{dirs}<cachedir>{tmp}/fc</cachedir></fontconfig>')
            env = {**os.environ, "FONTCONFIG_FILE": str(conf)}
        with SiteServer(site_dir) as server, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, env=env)
            kinds = [k for k, _ in KINDS] + ["html/other"]
            print(f"{'page':34s} {'widget':6s} {'total':>9s} {'no engine':>9s}  " + " ".join(f"{k:>9s}" for k in kinds))
            plain_totals = []
            for rel in pages:
                by_kind = measure(browser, server.url + rel)
                total = sum(by_kind.values())
                page_only = total - by_kind.get("engine", 0)
                widget = has_widget(site_dir, rel)
                flag = "" if widget or page_only <= LIMIT else "  > 300 KB"
                if not widget:
                    plain_totals.append(page_only)
                cells = " ".join(f"{by_kind.get(k, 0) / 1024:8.0f}K" for k in kinds)
                mark = "yes" if widget else ""
                print(f"{rel:34s} {mark:6s} {total / 1024:8.0f}K {page_only / 1024:8.0f}K  {cells}{flag}")
            browser.close()
        if plain_totals:
            over = sum(1 for t in plain_totals if t > LIMIT)
            median_kb = statistics.median(plain_totals) / 1024
            print(f"\npages without a widget: {len(plain_totals)}, median {median_kb:.0f} KB, ", end="")
            print(f"max {max(plain_totals) / 1024:.0f} KB, over 300 KB: {over}")
    print(f"bench_pages: {conditions()} (after)")


if __name__ == "__main__":
    main()
