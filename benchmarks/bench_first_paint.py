"""Where the deals page's first contentful paint goes, printed (fails nothing): the page beside altered copies of it.

    .venv/bin/python benchmarks/bench_first_paint.py --site DIR [--page learn/deals.html] [--runs 15] [--trace]
                                                     [--only "VARIANT,VARIANT"] [--against OTHER_BUILD_DIR]

Copies the built site to a temporary folder, writes next to the page a few variants of it (each one change), serves
the copy, and measures each variant's first contentful paint in a cold Chromium context (as bench_site.py does:
Playwright's new_context, service workers blocked), interleaved run by run so a shared machine's drift hits every
variant alike. Prints the median and minimum per variant, the machine's load before and after, and each median
over the page's. The variants (none is shipped; they tell which part of the page costs the first paint):
* tiny — the page's <head> (stylesheets, inline scripts) and a heading: the floor for this <head>;
* tiny, no CSS — the same without the stylesheets;
* chrome only — the page up to its <article> (header, tabs, sidebars), the article a heading;
* first screen — the page cut after its ninth gallery deal (no later deal, no footer, no script);
* no hidden deal content — every gallery deal's folded content removed (only the summaries left);
* gallery as plain blocks — the same, and each gallery deal's <details> and <summary> a <div> and a <p> (the same
  text): what the folds themselves cost (the browser gives each <details> a shadow tree of its own);
* summary icons unmasked — the summaries' icons (Material draws them as CSS masks of data: SVG images) without
  their mask (solid squares: it shows what the masks cost, it is not a look to ship);
* no deferred scripts — every <script src defer> tag removed (Material's bundle, the engine client, the widgets);
* only the deal viewer's widget script — the widget scripts of the kinds of widget the page does not have removed;
* no Material bundle — Material's script removed (the page's own kept);
* no web fonts — the site's stylesheet without its @font-face rules (the text drawn in the system's fonts: it shows
  what the fonts' short wait, font-display: swap, and their drawing cost the first paint);
* scripts after first frame — the page's deferred scripts (Material's bundle, the engine client, the widgets)
  replaced by one that adds them back, in order, two animation frames after it runs, so none of them runs while the
  first frame is drawn and sent to the screen; it also hands a DOMContentLoaded listener added after the event (as
  Material's bundle adds one) to a task at once (it shows what the scripts' run costs the first paint, with the page
  still working: a way to ship it would have to keep every inline script that waits for DOMContentLoaded working);
* critical CSS — the style rules Chromium used for the first render (CSS rule coverage with scripts off, at 390,
  768, 1024, 1280 and 1920 px) inline in <head>, the full stylesheets loaded with media="print" and switched on by
  an inline script (a noscript link for readers without scripts).

``--against OTHER_BUILD_DIR`` measures another build's copy of the page too ("the page, other build"), in the same
interleaved runs: a change's effect on the first paint, side by side (build the last commit with ``mkdocs build -d``).

``--trace`` records a Chromium trace of every load (it slows the page by about a fifth, so its first paints are not the
plain ones) and prints, per variant, the medians of where the page's main thread spent the time up to the frame that
made the first contentful paint: navigation commit, HTML parsing, scripts, microtasks, stylesheet parsing, style,
layout and paint, the rest (idle, network, unnamed work), then that frame's wait for the screen (raster and
compositing, in other threads). Main-thread times hold up under load far better than first paints do.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import html
import json
import os
import re
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))

from conditions import load_average  # noqa: E402

from sitebuild.chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from sitebuild.serve import SiteServer  # noqa: E402

STYLESHEET = re.compile(r'<link rel="stylesheet" href="[^"]+">')
GALLERY_ITEM = re.compile(r'<details class="cp-gallery__item"[^>]*>')
# A gallery deal once its folded content is removed (``without_spans``): the fold and its summary alone.
EMPTIED_GALLERY_ITEM = re.compile(
    r'<details( class="cp-gallery__item"[^>]*)><summary([^>]*)>(.*?)</summary></details>', re.S
)
FCP_JS = """() => new Promise((resolve) => {
  const check = () => {
    const paint = performance.getEntriesByName("first-contentful-paint")[0];
    if (paint) resolve(paint.startTime); else setTimeout(check, 10);
  };
  check();
})"""
# Main-thread trace events (Chromium's devtools.timeline names) summed up to the frame that made the first contentful
# paint, by phase; nested events are counted once, in their outermost phase. ("commit" is the navigation's; a
# frame's "Commit" to the compositor counts as paint.)
TRACE_PHASES = {
    "commit": ("DocumentLoader::CommitNavigation",),
    "parse HTML": ("ParseHTML",),
    "scripts": ("EvaluateScript", "PendingScript::ExecuteScriptBlock", "v8.compile", "FunctionCall"),
    "microtasks": ("BlinkScheduler_PerformMicrotaskCheckpoint", "RunMicrotasks"),
    "parse CSS": ("ParseAuthorStyleSheet",),
    "style": ("UpdateLayoutTree",),
    "layout": ("Layout",),
    "paint": ("Paint", "PrePaint", "Commit"),
}
# The widget scripts of the kinds of widget the deals page has none of, and Material's script (variants above).
NOT_THE_DEALS_PAGES_WIDGETS = re.compile(
    r'<script src="[^"]*(?:chuopai-viewer|match-viewer|hand-calculator|lessons|hongdiandian-viewer|hand-check)\.js"'
    r"[^>]*></script>"
)
MATERIAL_BUNDLE = re.compile(r'<script src="[^"]*bundle\.[0-9a-f]+\.min\.js"[^>]*></script>')
DEFERRED_SCRIPT = re.compile(r'<script src="(?P<src>[^"]+)"[^>]*\bdefer></script>')
LATER_JS_NAME = "fcp-later.js"  # written next to the page's variants
# The loader of "scripts after the first frame": a DOMContentLoaded listener added once the event has passed is
# called in a task of its own; the scripts named in data-srcs are added, in order, two animation frames later.
LATER_JS = """(() => {
  const add = document.addEventListener.bind(document);
  document.addEventListener = function (type, listener, options) {
    if (type !== "DOMContentLoaded" || document.readyState === "loading") return add(type, listener, options);
    setTimeout(() => {
      const event = new Event(type);
      if (typeof listener === "function") listener.call(document, event);
      else listener.handleEvent(event);
    });
  };
  const sources = JSON.parse(document.currentScript.dataset.srcs);
  requestAnimationFrame(() => requestAnimationFrame(() => {
    for (const src of sources) {
      const script = document.createElement("script");
      script.src = src;
      script.async = false;
      document.head.append(script);
    }
  }));
})();
"""


def with_scripts_after_the_first_frame(page: str) -> str:
    """The page with its deferred scripts replaced by the loader (``LATER_JS``), which adds them back later."""
    first = DEFERRED_SCRIPT.search(page)
    assert first is not None, "the page has no deferred script"
    rest = page[first.start() :]
    srcs = html.escape(json.dumps(DEFERRED_SCRIPT.findall(rest)))
    loader = f'<script src="{LATER_JS_NAME}" defer data-srcs="{srcs}"></script>'
    return page[: first.start()] + loader + DEFERRED_SCRIPT.sub("", rest)


TRACE_CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink", "loading", "v8.execute"]
WIDTHS = ((390, 844), (768, 1024), (1024, 768), (1280, 800), (1920, 1080))
SWITCH_ON = (
    'document.querySelectorAll("link[data-cp-late]").forEach((l)=>{const on=()=>{l.media="all"};'
    'if(l.sheet)on();else l.addEventListener("load",on)})'
)


def gallery_spans(page: str) -> list[tuple[int, int]]:
    """(start, end) of each gallery deal's folded content (after its </summary>, before its </details>)."""
    spans = []
    for item in GALLERY_ITEM.finditer(page):
        start = page.index("</summary>", item.start()) + len("</summary>")
        depth, end = 1, None
        for tag in re.finditer(r"<details\b|</details>", page[item.end() :]):
            depth += 1 if tag.group(0) == "<details" else -1
            if depth == 0:
                end = item.end() + tag.start()
                break
        if end is not None:
            spans.append((start, end))
    return spans


def without_spans(page: str, spans: list[tuple[int, int]]) -> str:
    out, last = [], 0
    for start, end in spans:
        out.append(page[last:start])
        last = end
    return "".join(out) + page[last:]


def as_plain_blocks(emptied: str) -> str:
    """``emptied`` (a page without its gallery deals' folded content) with each fold a <div> and its <summary> a <p>."""
    return EMPTIED_GALLERY_ITEM.sub(r"<div\1><p\2>\3</p></div>", emptied)


def close(page: str) -> str:
    return page + "</article></div></div></main></div></body></html>"


def used_rules(server: SiteServer, path: str, browser) -> dict[str, tuple[str, set[int]]]:
    """Per stylesheet URL: its text and the start offsets of the style rules used on first render, scripts off."""
    found: dict[str, tuple[str, set[int]]] = {}
    for width, height in WIDTHS:
        context = browser.new_context(viewport={"width": width, "height": height}, java_script_enabled=False)
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        sheets: dict[str, str] = {}
        cdp.on(
            "CSS.styleSheetAdded",
            lambda e, seen=sheets: seen.__setitem__(e["header"]["styleSheetId"], e["header"]["sourceURL"]),
        )
        cdp.send("DOM.enable")
        cdp.send("CSS.enable")
        cdp.send("CSS.startRuleUsageTracking")
        page.goto(server.url + path, wait_until="load")
        page.wait_for_timeout(300)
        usage = cdp.send("CSS.stopRuleUsageTracking")["ruleUsage"]
        for sheet_id, url in sheets.items():
            if url.endswith(".css") and url not in found:
                found[url] = (cdp.send("CSS.getStyleSheetText", {"styleSheetId": sheet_id})["text"], set())
        for rule in usage:
            url = sheets.get(rule["styleSheetId"], "")
            if rule["used"] and url in found:
                found[url][1].add(rule["startOffset"])
        context.close()
    return found


def skip_string(css: str, i: int) -> int:
    quote, i = css[i], i + 1
    while css[i] != quote:
        i += 2 if css[i] == "\\" else 1
    return i + 1


def step(css: str, i: int, depth: int, brackets: str) -> tuple[int, int]:
    """Past the string, comment or character at css[i], and the nesting of ``brackets`` (open, close) after it."""
    if css[i] in "\"'":
        return skip_string(css, i), depth
    if css.startswith("/*", i):
        return css.index("*/", i) + 2, depth
    return i + 1, depth + (css[i] == brackets[0]) - (css[i] == brackets[1])


def rules(css: str, i: int, end: int):
    """(start, prelude, body start or None, end) of each rule or at-rule in css[i:end] (strings, comments skipped)."""
    space = re.compile(r"\s*(?:/\*.*?\*/\s*)*", re.S)
    while True:
        i = space.match(css, i).end()
        if i >= end:
            return
        start, depth = i, 0
        while i < end and not (depth == 0 and css[i] in "{;"):
            i, depth = step(css, i, depth, "()")
        if i >= end:
            return
        if css[i] == ";":
            yield start, css[start:i], None, i + 1
            i += 1
            continue
        body, depth, i = i + 1, 1, i + 1
        while depth:
            i, depth = step(css, i, depth, "{}")
        yield start, css[start : body - 1], body, i


def pruned(css: str, used: set[int], lo: int = 0, hi: int | None = None) -> str:
    """The stylesheet with only the used style rules (every other at-rule kept; emptied @media dropped)."""
    out = []
    for start, prelude, body, end in rules(css, lo, len(css) if hi is None else hi):
        head = prelude.strip()
        if body is None or (head.startswith("@") and not head.startswith(("@media", "@supports", "@layer"))):
            out.append(css[start:end])
        elif head.startswith("@"):
            inner = pruned(css, used, body, end - 1)
            if inner.strip():
                out.append(prelude + "{" + inner + "}")
        elif start in used:
            out.append(css[start:end])
    return "\n".join(out)


def with_critical_css(page: str, page_path: str, used: dict[str, tuple[str, set[int]]]) -> str:
    depth = page_path.count("/")
    head_end = page.find("</head>")
    links = STYLESHEET.findall(page, 0, head_end)
    style = []
    for link in links:
        href = link.split('href="')[1].rstrip('">')
        text, rules_used = next(v for url, v in used.items() if url.endswith(href.lstrip("./")))
        folder = "../" * depth + href.lstrip("./").rsplit("/", 1)[0] + "/"
        css = re.sub(
            r"""url\((["']?)(?![a-z]+:|/|#)([^"')]+)\1\)""",
            lambda m, folder=folder: f"url({m.group(1)}{folder}{m.group(2)}{m.group(1)})",
            pruned(text, rules_used),
        )
        style.append(css)
    late = "".join(link.replace('">', '" media="print" data-cp-late>') for link in links)
    block = f"<style>{''.join(style)}</style>{late}<script>{SWITCH_ON}</script><noscript>{''.join(links)}</noscript>"
    first = page.index(links[0])
    rest = page[first:]
    for link in links:
        rest = rest.replace(link, "", 1)
    out = page[:first] + block + rest
    digest = base64.b64encode(hashlib.sha256(SWITCH_ON.encode()).digest()).decode()
    return out.replace("script-src 'self'", f"script-src 'self' 'sha256-{digest}'", 1)


SITE_STYLESHEET = re.compile(r'href="([^"]*assets/css/changpai\.[0-9a-f]+\.css)"')
FONT_FACE = re.compile(r"@font-face\s*\{[^}]*\}")
NO_FONTS_CSS = "fcp-variant-no-fonts.css"  # written beside the site's stylesheet


def write_stylesheet_without_fonts(site: Path, page: str, page_path: str) -> None:
    href = SITE_STYLESHEET.search(page)
    assert href, "the page links no site stylesheet (assets/css/changpai.<hash>.css)"
    css = (site / page_path).parent / href[1]
    (css.parent / NO_FONTS_CSS).write_text(FONT_FACE.sub("", css.read_text(encoding="utf-8")), encoding="utf-8")


def variants(page: str, page_path: str, used) -> dict[str, str]:
    head_end = page.find("</head>")
    head = page[:head_end]
    emptied = without_spans(page, gallery_spans(page))
    items = [m.start() for m in GALLERY_ITEM.finditer(page)]
    article = page.find("<article")
    unmask = (
        "<style>.md-typeset summary:before,.md-typeset summary:after"
        "{-webkit-mask-image:none!important;mask-image:none!important}</style>"
    )
    found = {
        "tiny": head + "</head><body><h1>牌局回放</h1><p>…</p></body></html>",
        "tiny, no CSS": STYLESHEET.sub("", head) + "</head><body><h1>牌局回放</h1><p>…</p></body></html>",
        "chrome only": close(page[:article] + '<article class="md-content__inner md-typeset"><h1>牌局回放</h1>'),
        "no hidden deal content": emptied,
        "gallery as plain blocks": as_plain_blocks(emptied),
        "summary icons unmasked": page[:head_end] + unmask + page[head_end:],
        "no deferred scripts": DEFERRED_SCRIPT.sub("", page),
        "only the deal viewer's widget script": NOT_THE_DEALS_PAGES_WIDGETS.sub("", page),
        "no Material bundle": MATERIAL_BUNDLE.sub("", page),
        "no web fonts": SITE_STYLESHEET.sub(lambda m: f'href="{m[1].rsplit("/", 1)[0]}/{NO_FONTS_CSS}"', page),
        "scripts after first frame": with_scripts_after_the_first_frame(page),
        "critical CSS": with_critical_css(page, page_path, used),
    }
    if len(items) > 9:
        found["first screen"] = close(page[: items[9]])
    return found


def trace_phases(events: list[dict], fcp_ms: float) -> dict[str, float]:
    """Where the page's main thread spent the time from navigation to the end of the frame that made the first
    contentful paint (the last commit of a frame before it), by TRACE_PHASES, what is left of that time ("other":
    idle, waiting for the network, unnamed work), and the wait from that frame to the paint on screen ("to screen":
    raster and compositing, in other threads)."""
    paint = [e for e in events if e.get("name") == "firstContentfulPaint"][-1]
    start = paint["ts"] - fcp_ms * 1000
    main = sorted(
        (e for e in events if e.get("ph") == "X" and e.get("pid") == paint["pid"] and e.get("tid") == paint["tid"]),
        key=lambda e: (e["ts"], -e.get("dur", 0)),
    )
    commits = [e["ts"] + e.get("dur", 0) for e in main if e["name"] == "Commit" and e["ts"] < paint["ts"]]
    end = commits[-1] if commits else paint["ts"]
    phase_of = {name: phase for phase, names in TRACE_PHASES.items() for name in names}
    found = dict.fromkeys(TRACE_PHASES, 0.0)
    counted_until = start
    for e in main:
        phase = phase_of.get(e["name"])
        if phase is None or e["ts"] < counted_until or e["ts"] >= end:
            continue  # (outside the window, or inside an event already counted)
        stop = min(e["ts"] + e.get("dur", 0), end)
        found[phase] += (stop - e["ts"]) / 1000
        counted_until = stop
    found["other"] = (end - start) / 1000 - sum(found.values())
    found["to screen"] = (paint["ts"] - end) / 1000
    return found


def with_other_build(site: Path, other: Path, page_path: str, folder: str, stem: str) -> str:
    """The other build's copy of the page written beside the page, with the files it needs that this build lacks."""
    for source in other.rglob("*"):
        target = site / source.relative_to(other)
        if source.is_file() and not target.exists():
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
    rel = f"{folder}/fcp-other-build-{stem}" if folder else f"fcp-other-build-{stem}"
    (site / rel).write_text((other / page_path).read_text(encoding="utf-8"), encoding="utf-8")
    return rel


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--site", type=Path, required=True, help="a built site (mkdocs build -d DIR)")
    parser.add_argument("--page", default="learn/deals.html")
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--trace", action="store_true", help="also break each first paint down by main-thread phase")
    parser.add_argument("--only", help="the variants to measure beside the page, comma-separated (default: all)")
    parser.add_argument(
        "--against",
        type=Path,
        help="another build (say, of the last commit): its copy of the page measured too, interleaved, as "
        '"the page, other build" (the files of that build this one lacks, such as its hashed stylesheet, are '
        "copied in; a file both name alike is this build's)",
    )
    args = parser.parse_args()
    only = None if args.only is None else {name.strip() for name in args.only.split(",")}
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        site = Path(tmp) / "site"
        shutil.copytree(args.site, site)
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        original = (site / args.page).read_text(encoding="utf-8")
        with SiteServer(site) as server:
            used = used_rules(server, args.page, browser)
            write_stylesheet_without_fonts(site, original, args.page)
            (site / args.page).parent.joinpath(LATER_JS_NAME).write_text(LATER_JS, encoding="utf-8")
            paths = {"the page": args.page}
            folder, stem = args.page.rsplit("/", 1) if "/" in args.page else ("", args.page)
            if args.against is not None:
                paths["the page, other build"] = with_other_build(site, args.against, args.page, folder, stem)
            for i, (name, text) in enumerate(variants(original, args.page, used).items()):
                if only is not None and name not in only:
                    continue
                rel = f"{folder}/fcp-variant-{i}-{stem}" if folder else f"fcp-variant-{i}-{stem}"
                (site / rel).write_text(text, encoding="utf-8")
                paths[name] = rel
            load_before = load_average()
            timings: dict[str, list[float]] = {name: [] for name in paths}
            phases: dict[str, list[dict[str, float]]] = {name: [] for name in paths}
            for _ in range(args.runs):
                for name, rel in paths.items():
                    context = browser.new_context(service_workers="block")
                    page = context.new_page()
                    if args.trace:
                        browser.start_tracing(page=page, categories=TRACE_CATEGORIES)
                    page.goto(server.url + rel)
                    timings[name].append(page.evaluate(FCP_JS))
                    if args.trace:
                        page.wait_for_timeout(100)  # (the paint's trace event is written a little after it)
                        events = json.loads(browser.stop_tracing())["traceEvents"]
                        phases[name].append(trace_phases(events, timings[name][-1]))
                    context.close()
            load_after = load_average()
        browser.close()
    print(f"bench_first_paint: {args.page}, first contentful paint, cold incognito, {args.runs} interleaved runs, "
          f"load {load_before} before, {load_after} after (1/5/15 min), {os.cpu_count()} cores")  # fmt: skip
    base = statistics.median(timings["the page"])
    for name, values in timings.items():
        med = statistics.median(values)
        print(f"  {name:26s} median {med:6.0f} ms  min {min(values):5.0f}  max {max(values):5.0f}  {med / base:5.2f}×")
    if args.trace:
        print(
            "up to the frame of the first contentful paint (main thread), then to screen: medians in ms, traced loads"
        )
        columns = [*TRACE_PHASES, "other", "to screen"]
        print(f"  {'':26s} " + " ".join(f"{c:>10s}" for c in columns))
        for name, runs in phases.items():
            cells = [statistics.median(run[c] for run in runs) for c in columns]
            print(f"  {name:26s} " + " ".join(f"{v:10.1f}" for v in cells))


if __name__ == "__main__":
    main()
