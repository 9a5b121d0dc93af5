"""The engine's fast start and the light pages, in real Chromium: the build's memory snapshot is used and answers
as CPython does; a damaged or rejected snapshot falls back to a normal start and says so; a page without a widget
never starts the engine. These check behaviour and bytes, never timings (timings live in benchmarks/)."""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from benchmarks.bench_pages import LIMIT, cold_load  # one measurement of a cold page for the test and the benchmark
from tests.site.test_visitor_search import search

REPO_ROOT = Path(__file__).resolve().parents[2]

ENGINE_TIMEOUT_MS = 90_000
HAND = "123s 456s 789s 123b 456b 789b 2tb"

# Records every progress event from the moment engine.js defines changpaiEngine (before any widget reads it).
RECORD_PROGRESS = """
(() => {
  window.__progress = [];
  let engine;
  Object.defineProperty(window, "changpaiEngine", {
    configurable: true,
    get() { return engine; },
    set(value) {
      engine = value;
      value.addEventListener("progress", (e) => window.__progress.push({ stage: e.detail.stage, en: e.detail.en }));
    },
  });
})();
"""


def manifest(site_dir: Path) -> dict:
    return json.loads((site_dir / "assets/engine/manifest.json").read_text(encoding="utf-8"))


def cpython_answer(site_dir: Path, request: dict) -> dict:
    """The same request under CPython, run from the wheel the site ships (the code the browser ran)."""
    wheel = site_dir / "assets/engine" / manifest(site_dir)["wheel"]
    code = "import json, sys; from changpai import api; print(json.dumps(api.handle(json.loads(sys.argv[1]))))"
    env = {"PYTHONPATH": str(wheel), "PYTHONDONTWRITEBYTECODE": "1"}
    proc = subprocess.run([sys.executable, "-c", code, json.dumps(request)], capture_output=True, text=True, env=env)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def boot(page: Page) -> dict:
    return page.evaluate("changpaiEngine.start()")


def test_build_ships_a_checked_compressed_snapshot_and_compiled_wheel(site_dir: Path):
    import zipfile

    data = manifest(site_dir)
    snap = data["snapshot"]
    packed = (site_dir / "assets/engine" / snap["file"]).read_bytes()
    assert hashlib.sha256(packed).hexdigest() == snap["sha256"]
    assert len(packed) == snap["bytes"] and snap["encoding"] == "gzip"
    raw = gzip.decompress(packed)
    # shipped compressed: Pyodide's memory packs about 4 to 1 (4.8 when the engine was smaller); an uncompressed or
    # stored-only file would be near 1
    assert len(raw) > 3 * len(packed), "the snapshot should be shipped compressed"
    with zipfile.ZipFile(site_dir / "assets/engine" / data["wheel"]) as zf:
        names = zf.namelist()
    sources = [n for n in names if n.startswith("changpai/") and n.endswith(".py")]
    compiled = [n for n in names if n.endswith(".pyc")]
    tag = f"cpython-{data['pyodide'][:3]}"  # Pyodide 314 runs CPython 3.14
    assert sources and all(
        f"{n.rsplit('/', 1)[0]}/__pycache__/{n.rsplit('/', 1)[1][:-3]}.{tag}.pyc" in compiled for n in sources
    ), f"every engine module needs its {tag} bytecode in the wheel"


def test_engine_boots_from_the_snapshot_and_answers_like_cpython(page: Page, browser_log, site_dir: Path):
    page.add_init_script(RECORD_PROGRESS)
    page.goto("index.html")
    info = boot(page)
    assert info["boot"] == "snapshot", info
    requested = [u for u in browser_log.requests if "/assets/engine/" in u]
    assert any(manifest(site_dir)["snapshot"]["file"] in u for u in requested)
    assert not any(".whl" in u for u in requested), "the snapshot path needs no wheel"
    stages = [p["stage"] for p in page.evaluate("window.__progress")]
    assert stages[0] == "manifest" and "snapshot" in stages and "restore" in stages and "fallback" not in stages
    request = {"command": "waits", "hand": HAND, "rules": "luzhou-a"}
    assert page.evaluate("r => changpaiEngine.call(r)", request) == cpython_answer(site_dir, request)


def _expect_fallback(page: Page, site_dir: Path, reason: str) -> None:
    info = boot(page)
    assert info["boot"] == "fallback", info
    assert reason in info["bootNote"], info["bootNote"]
    progress = page.evaluate("window.__progress")
    fallback = [p for p in progress if p["stage"] == "fallback"]
    assert fallback and "normal way" in fallback[0]["en"], progress
    request = {"command": "waits", "hand": HAND, "rules": "luzhou-a"}
    assert page.evaluate("r => changpaiEngine.call(r)", request) == cpython_answer(site_dir, request)


def test_damaged_snapshot_falls_back_to_a_normal_start_and_says_so(page: Page, site_dir: Path):
    page.add_init_script(RECORD_PROGRESS)
    name = manifest(site_dir)["snapshot"]["file"]
    packed = bytearray((site_dir / "assets/engine" / name).read_bytes())
    packed[len(packed) // 2] ^= 0xFF
    page.route(f"**/assets/engine/{name}", lambda route: route.fulfill(body=bytes(packed)))
    page.goto("index.html")
    _expect_fallback(page, site_dir, "SHA-256")


def test_snapshot_that_pyodide_rejects_falls_back(page: Page, site_dir: Path):
    # Right hash, wrong contents: Pyodide's own check (magic number / build id) must refuse it, not crash.
    page.add_init_script(RECORD_PROGRESS)
    data = manifest(site_dir)
    raw = bytearray(gzip.decompress((site_dir / "assets/engine" / data["snapshot"]["file"]).read_bytes()))
    raw[0:4] = b"\0\0\0\0"
    forged = gzip.compress(bytes(raw), compresslevel=1)
    data["snapshot"] = {**data["snapshot"], "sha256": hashlib.sha256(forged).hexdigest(), "bytes": len(forged)}
    page.route("**/assets/engine/manifest.json", lambda route: route.fulfill(json=data))
    page.route(f"**/assets/engine/{data['snapshot']['file']}", lambda route: route.fulfill(body=forged))
    page.goto("index.html")
    _expect_fallback(page, site_dir, "magic")


def test_page_without_widget_never_starts_the_engine(page: Page, browser_log):
    page.goto("archive/history.html")
    assert page.locator("[data-cp-widget]").count() == 0
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(2500)  # longer than the idle start's timeout
    assert page.evaluate("window.changpaiEngine ? changpaiEngine.started : false") is False
    assert not [u for u in browser_log.requests if "/assets/engine/" in u and not u.endswith("engine.js")]


def test_widget_page_starts_the_engine_when_idle(page: Page):
    page.goto("index.html")
    widget = page.locator('[data-cp-widget="hand-check"]')
    expect(widget).to_be_visible()
    page.wait_for_function("changpaiEngine.started", timeout=10_000)
    expect(widget.locator(".cp-hand-check__version")).to_contain_text("0.", timeout=ENGINE_TIMEOUT_MS)


KEPT_JS = """() => new Promise((resolve) => { const t0 = performance.now(); const check = () => {
  const kept = changpaiEngine.health.snapshotKept;
  if (kept !== null || performance.now() - t0 > 60000) resolve(kept); else setTimeout(check, 20); }; check(); })"""

# The worker keeps the snapshot in the origin private file system, as "<sha256>.bin" in changpai-engine-snapshot:
# a 16-byte header (magic "snp1", raw length, run count, 0; u32 little-endian), the runs' table, their bytes.
KEEP_FORGED_JS = """async ([name, bytes]) => {
  const root = await navigator.storage.getDirectory();
  const dir = await root.getDirectoryHandle("changpai-engine-snapshot", { create: true });
  const file = await (await dir.getFileHandle(name, { create: true })).createWritable();
  await file.write(new Uint8Array(bytes));
  await file.close();
  const names = [];
  for await (const kept of dir.keys()) names.push(kept);
  return names;
}"""

KEPT_NAMES_JS = """async () => {
  const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle("changpai-engine-snapshot");
  const names = [];
  for await (const kept of dir.keys()) names.push(kept);
  return names;
}"""


def kept_name(site_dir: Path) -> str:
    return f"{manifest(site_dir)['snapshot']['sha256']}.bin"


def kept_header(raw: int, runs: int = 0) -> list[int]:
    return list(b"snp1" + raw.to_bytes(4, "little") + runs.to_bytes(4, "little") + bytes(4))


def test_the_next_start_restores_the_kept_snapshot_without_downloading_it(page: Page, browser_log, site_dir: Path):
    page.goto("index.html")
    first = boot(page)
    assert (first["boot"], first["snapshot"]) == ("snapshot", "downloaded"), first
    assert page.evaluate(KEPT_JS) is True, "the worker did not keep the decompressed snapshot"
    seen = len(browser_log.requests)
    page.reload()
    again = boot(page)
    assert (again["boot"], again["snapshot"]) == ("snapshot", "kept"), again
    name = manifest(site_dir)["snapshot"]["file"]
    assert not [u for u in browser_log.requests[seen:] if name in u], "a kept snapshot should not be downloaded again"
    marks = dict(again["timings"]["marks"])
    assert "snapshot-kept-read" in marks and "snapshot-decompressed" not in marks, marks
    request = {"command": "waits", "hand": HAND, "rules": "luzhou-a"}
    assert page.evaluate("r => changpaiEngine.call(r)", request) == cpython_answer(site_dir, request)


EARLY_SCRIPT = '<script data-engine-base="'


def test_a_returning_readers_engine_starts_with_the_page(page: Page, browser_log, site_dir: Path):
    early_js = (REPO_ROOT / "docs/assets/engine/early.js").read_text(encoding="utf-8").strip()
    for name, base in (("index.html", "assets/engine/"), ("en/learn/deals.html", "../../assets/engine/")):
        head = (site_dir / name).read_text(encoding="utf-8").split("</head>", 1)[0]
        tag = f'{EARLY_SCRIPT}{base}">\n{early_js}\n</script>'
        assert tag in head, f"{name}: a page with a widget has early.js inline in its <head>"
        assert head.index(tag) < head.index('<link rel="stylesheet"'), f"{name}: early.js should come before the CSS"
    assert EARLY_SCRIPT not in (site_dir / "archive/history.html").read_text(encoding="utf-8")
    page.goto("index.html")
    first = boot(page)
    assert (first["snapshot"], page.evaluate("changpaiEngine.health.startedEarly")) == ("downloaded", False)
    assert page.evaluate(KEPT_JS) is True
    page.reload()
    again = boot(page)
    assert (again["boot"], again["snapshot"]) == ("snapshot", "kept"), again
    assert page.evaluate("changpaiEngine.health.startedEarly") is True, "the kept engine should start with the page"
    request = {"command": "waits", "hand": HAND, "rules": "luzhou-a"}
    assert page.evaluate("r => changpaiEngine.call(r)", request) == cpython_answer(site_dir, request)
    seen = len(browser_log.requests)
    page.goto("archive/history.html")  # a page without a widget still starts nothing, kept copy or not
    page.wait_for_timeout(1000)
    assert page.evaluate("window.changpaiEngine ? changpaiEngine.started : false") is False
    assert not [u for u in browser_log.requests[seen:] if "/assets/engine/" in u], browser_log.requests[seen:]


# The forged copy is written from a page without a widget: there no engine starts, so no download can finish
# after the write and keep a good copy over the forged one (it did once on a busy CI machine, on index.html).
FORGE_ON = "archive/history.html"


def test_a_kept_copy_of_the_wrong_length_is_ignored(page: Page, site_dir: Path):
    name, raw = kept_name(site_dir), manifest(site_dir)["snapshot"]["raw_bytes"]
    truncated = kept_header(raw, runs=1) + [0] * 4 + list((4096).to_bytes(4, "little"))  # a run the file lacks
    for forged in ([0] * 1000, kept_header(raw - 4096), truncated):
        page.goto(FORGE_ON)
        assert page.evaluate(KEEP_FORGED_JS, [name, forged]) == [name]
        page.goto("index.html")
        info = boot(page)
        assert (info["boot"], info["snapshot"]) == ("snapshot", "downloaded"), (forged[:16], info)
        assert page.evaluate(KEPT_JS) is True, "the worker should keep the downloaded copy in its place"


def test_a_kept_copy_that_pyodide_refuses_is_forgotten_and_the_engine_starts_normally(page: Page, site_dir: Path):
    page.add_init_script(RECORD_PROGRESS)
    page.goto(FORGE_ON)
    header = kept_header(manifest(site_dir)["snapshot"]["raw_bytes"])  # no runs: all zeros, so no magic number
    assert page.evaluate(KEEP_FORGED_JS, [kept_name(site_dir), header]) == [kept_name(site_dir)]
    page.goto("index.html")
    _expect_fallback(page, site_dir, "magic")
    assert page.evaluate(KEPT_NAMES_JS) == [], "the refused copy should have been deleted"


# --- light pages --------------------------------------------------------------------------------------------

WIDGETLESS_SAMPLE = ("archive/history.html", "archive/making.html", "rules/index.html", "en/archive/history.html")


def test_pages_without_a_widget_stay_under_300_kb(browser, site_url: str, site_dir: Path):
    for rel in WIDGETLESS_SAMPLE:
        assert "data-cp-widget" not in (site_dir / rel).read_text(encoding="utf-8"), f"{rel} has a widget now"
        loads = cold_load(browser, site_url + rel)
        total, urls = sum(size for _, size in loads), [url for url, _ in loads]
        assert total <= LIMIT, f"{rel}: {total:,} bytes on a cold load (limit {LIMIT:,}):\n" + "\n".join(urls)
        assert not [u for u in urls if "search_index" in u], f"{rel} fetched the search index before any search"
        assert [u.rsplit("/", 1)[1] for u in urls if "sitemap" in u] == ["sitemap.xml.gz"], urls


@pytest.mark.parametrize(
    ("path", "lang", "query"), [("en/archive/history.html", "en", "card"), ("rules/index.html", "zh", "规则")]
)
def test_search_index_of_the_pages_language_loads_when_search_is_first_used(page: Page, browser_log, path, lang, query):
    page.goto(path)
    page.wait_for_load_state("networkidle")
    assert not [u for u in browser_log.requests if "search_index" in u]
    hits = search(page, query)  # (focusing the box is the first use)
    # only the language's own index (about half the whole one's bytes), not the whole one too
    assert [u.rsplit("/", 1)[1] for u in browser_log.requests if "search_index" in u] == [f"search_index.{lang}.json"]
    assert hits and all(h.startswith("/en/") == (lang == "en") for h in hits), hits
    # every result drawn is shown: none of the other language had to be hidden
    assert page.locator(".md-search-result__item[hidden]").count() == 0


def test_search_falls_back_to_the_whole_index_when_the_languages_own_fails(page: Page, browser_log):
    browser_log.allow_console_error(r"404|Failed to load")
    page.route("**/search/search_index.en.json", lambda route: route.fulfill(status=404, body="not here"))
    page.goto("en/archive/history.html")
    hits = search(page, "card")
    assert [u.rsplit("/", 1)[1] for u in browser_log.requests if "search_index" in u] == [
        "search_index.en.json",
        "search_index.json",
    ]
    assert hits and all(h.startswith("/en/") for h in hits), hits  # the whole index's Chinese pages stay hidden


def test_instant_navigation_reads_the_one_compressed_sitemap(page: Page, browser_log):
    page.goto("archive/history.html")
    page.wait_for_load_state("networkidle")
    page.evaluate("window.__sameDocument = true")
    page.locator(".md-tabs__link").first.click()
    page.wait_for_load_state("networkidle")
    assert page.evaluate("window.__sameDocument === true"), "the click reloaded the page: instant navigation is off"
    assert [u.rsplit("/", 1)[1] for u in browser_log.requests if "sitemap" in u] == ["sitemap.xml.gz"]


def test_widget_scripts_come_only_with_widgets_also_after_instant_navigation(page: Page, browser_log):
    page.goto("archive/history.html")
    page.wait_for_load_state("networkidle")
    assert not [u for u in browser_log.requests if u.endswith(".js") and ("/assets/widgets/" in u or "/engine/" in u)]
    page.evaluate("window.__sameDocument = true")
    # A plain internal link in the text, clicked: Material's instant navigation takes it.
    page.evaluate(
        """() => { const a = document.createElement("a"); a.id = "cp-test-link"; a.href = "../learn/calculator.html";
                   a.textContent = "calculator"; document.querySelector("article").prepend(a); }"""
    )
    page.locator("#cp-test-link").click()
    page.wait_for_function("location.pathname.endsWith('/learn/calculator.html')")
    assert page.evaluate("window.__sameDocument === true"), "instant navigation should have kept the document"
    widget = page.locator("[data-cp-widget]").first
    expect(widget).to_have_attribute("data-cp-mounted", "1", timeout=15_000)
    assert page.evaluate("changpaiEngine.call({command: 'version'}).then(r => typeof r.version)") == "string"


WIDGET_SCRIPT_NAME = re.compile(r"/assets/(?:widgets|js)/([\w-]+)\.js")


def test_a_widget_page_brings_only_its_widgets_scripts_and_the_next_page_gets_its_own(page: Page, browser_log):
    page.goto("learn/deals.html")
    page.wait_for_load_state("networkidle")
    loaded = lambda: {m[1] for u in browser_log.requests if (m := WIDGET_SCRIPT_NAME.search(u))}  # noqa: E731
    assert {"core", "cards", "deal-viewer"} <= loaded(), loaded()
    assert not loaded() & {"lessons", "hand-calculator", "match-viewer", "hand-check"}, loaded()
    expect(page.locator('[data-cp-widget="deal"]').first).to_have_attribute("data-cp-mounted", "1")
    page.evaluate("window.__sameDocument = true")
    page.evaluate(
        """() => { const a = document.createElement("a"); a.id = "cp-test-link"; a.href = "lessons.html";
                   a.textContent = "lessons"; document.querySelector("article").prepend(a); }"""
    )
    page.locator("#cp-test-link").click()
    page.wait_for_function("location.pathname.endsWith('/learn/lessons.html')")
    lesson = page.locator('[data-cp-widget="lesson"]').first
    expect(lesson).to_have_attribute("data-cp-mounted", "1", timeout=15_000)
    assert page.evaluate("window.__sameDocument === true"), "instant navigation should have kept the document"
    assert "lessons" in loaded()
    expect(lesson.locator(".cp-lesson__title")).to_be_visible()
    expect(lesson.locator(".cp-error")).to_have_count(0)


def test_deal_viewer_fetches_its_frames_only_when_opened(page: Page, browser_log, site_dir: Path):
    page.goto("learn/deals.html")
    page.wait_for_load_state("networkidle")
    html_text = (site_dir / "learn/deals.html").read_text(encoding="utf-8")
    assert "data-json" not in html_text.split('data-cp-widget="deal"', 1)[1], "frames should not be in the HTML"
    fetched = lambda: [u for u in browser_log.requests if "/assets/deals/" in u]  # noqa: E731
    closed = page.locator("details.cp-gallery__item:not([open])")
    assert closed.count() >= 2
    before = fetched()
    item = closed.nth(1)
    deal_id = item.get_attribute("id").removeprefix("gallery-")
    assert not [u for u in before if f"/{deal_id}.json" in u], "a closed deal's frames were fetched early"
    item.locator("> summary").click()
    viewer = page.locator(f'[data-deal="{deal_id}"]')
    expect(viewer).to_have_attribute("data-frames-state", "loaded", timeout=15_000)
    expect(viewer.locator(".cp-deal__next")).to_be_visible()
    assert [u for u in fetched() if f"/{deal_id}.json?v=" in u]
    expect(viewer.locator(".cp-deal-static")).to_be_attached()  # the static version stays for readers without script
