"""Offline: the kiosk (or a visitor who asks) keeps the whole site; every visitor keeps what they saw.

The service worker (sitebuild/ext_offline.py + sitebuild/sw_template.js) caches the whole built site only in kiosk
mode ("keep this site offline"), by content hash, so a rebuild downloads only what changed; a visitor's pages come from
the network first (a new build shows on the next load) and what was fetched is kept. The browser tests warm a page up,
then stop the web server itself, cut the context's network and abort every request the page makes; pages must still
load from the cache, the rules engine (Pyodide in a worker) must still answer, and an unknown address gets the 404 page
with status 404.
"""

from __future__ import annotations

import json
import re
import shutil
import time
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from sitebuild import ext_offline
from sitebuild.serve import SiteServer

SW_READY_MS = 90_000
ENGINE_MS = 120_000

# Service workers, a stopped server and a takeover: run alone, after the parallel browser tests (scripts/test.sh).
pytestmark = pytest.mark.serial


def worker_files(site: Path) -> dict[str, str]:
    text = (site / ext_offline.SW_NAME).read_text(encoding="utf-8")
    match = re.search(r"const FILES = (\{.*?\});", text, re.S)
    assert match, "sw.js has no FILES map"
    return json.loads(match.group(1))


def worker_version(site: Path) -> str:
    text = (site / ext_offline.SW_NAME).read_text(encoding="utf-8")
    match = re.search(r'const VERSION = "([0-9a-f]+)";', text)
    assert match, "sw.js has no VERSION"
    return match.group(1)


def site_pages(site: Path) -> list[str]:
    return sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html") if "overrides" not in p.parts)


# ---- the build step ------------------------------------------------------------------------------------------------


def test_the_worker_lists_every_file_of_the_built_site(site_dir: Path):
    listed = set(worker_files(site_dir))
    on_disk = {
        p.relative_to(site_dir).as_posix()
        for p in site_dir.rglob("*")
        if p.is_file() and p.name != ext_offline.SW_NAME and not p.name.endswith(ext_offline.EXCLUDED_SUFFIXES)
    }
    assert on_disk - listed == set(), "files the worker would not cache"
    assert listed - on_disk == set(), "files the worker lists but the site lacks"
    pyodide = "assets/engine/pyodide/"
    for needed in (pyodide + "pyodide.asm.wasm", pyodide + "python_stdlib.zip", "kiosk/index.html"):
        assert needed in listed
    assert any(name.endswith(".whl") for name in listed), "the engine wheel is not cached"


def test_the_version_follows_the_content(tmp_path: Path):
    (tmp_path / "index.html").write_text("<p>一</p>", encoding="utf-8")
    (tmp_path / "app.js.map").write_text("{}", encoding="utf-8")
    (tmp_path / "search").mkdir()
    (tmp_path / "search" / "search_index.json").write_text("{}", encoding="utf-8")
    files = ext_offline.site_files(tmp_path)
    assert files == ["index.html", "search/search_index.js", "search/search_index.json"]
    first = ext_offline.content_version(tmp_path, files)
    assert ext_offline.content_version(tmp_path, files) == first
    (tmp_path / "index.html").write_text("<p>二</p>", encoding="utf-8")
    assert ext_offline.content_version(tmp_path, files) != first
    worker = ext_offline.write_service_worker(tmp_path).read_text(encoding="utf-8")
    assert "__VERSION__" not in worker and "__FILES__" not in worker
    listed = json.loads(re.search(r"const FILES = (\{.*?\});", worker, re.S).group(1))
    assert ext_offline.SW_NAME not in listed and set(listed) == set(files)
    assert listed["search/search_index.js"] == listed["search/search_index.json"], "derived: its source's hash"


def test_every_page_registers_the_worker(site_dir: Path):
    for rel in site_pages(site_dir):
        if rel.endswith("404.html"):
            continue  # rendered outside the page events; it is cached and served, not a place to start
        text = (site_dir / rel).read_text(encoding="utf-8")
        assert "sw.register(url)" in text, f"{rel} does not register the service worker"
        depth = rel.count("/")
        assert f'new URL("{"../" * depth}sw.js",location.href)' in text, f"{rel} registers the worker at a wrong path"


# ---- in the browser ------------------------------------------------------------------------------------------------


def offline_context(browser: Browser, url: str) -> BrowserContext:
    return browser.new_context(base_url=url, service_workers="allow", bypass_csp=True)  # see conftest.py


ASK_VERSION_JS = """() => new Promise((resolve) => {
  const channel = new MessageChannel();
  channel.port1.onmessage = (e) => resolve(e.data);
  navigator.serviceWorker.controller.postMessage({type: 'changpai-sw-version'}, [channel.port2]);
})"""


# The page's next controllerchange, as a promise kept on the page (set before the update is asked for).
WATCH_TAKEOVER_JS = """() => { window.__takenOver = new Promise((resolve) =>
  navigator.serviceWorker.addEventListener('controllerchange', () => resolve(true), {once: true})); }"""
TAKEN_OVER_JS = "(ms) => Promise.race([window.__takenOver, new Promise((r) => setTimeout(() => r(false), ms))])"


def warm_up(page: Page) -> dict:
    """Visit the kiosk once and wait until the worker controls the page with the whole site cached."""
    page.goto("kiosk/index.html")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=SW_READY_MS)
    wait_until(page, "() => window.changpaiOffline.version().then((v) => v.keepOffline && v.cached === v.files)")
    return page.evaluate(ASK_VERSION_JS)


def wait_until(page: Page, script: str, arg=None, timeout_s: float = SW_READY_MS / 1000) -> None:
    """Poll an async page function until it resolves truthy (wait_for_function takes a Promise as truthy)."""
    deadline = time.monotonic() + timeout_s
    while not page.evaluate(script, arg):
        assert time.monotonic() < deadline, f"timed out waiting for {script}"
        page.wait_for_timeout(100)


def cut_network(context: BrowserContext, server: SiteServer) -> list[str]:
    """Stop the server, take the context offline and abort whatever the page still asks the network for."""
    server.__exit__(None, None, None)
    context.set_offline(True)
    aborted: list[str] = []

    def abort(route):
        aborted.append(route.request.url)
        route.abort()

    context.route("**/*", abort)
    return aborted


def test_after_one_visit_every_page_and_the_engine_work_offline(browser: Browser, site_dir: Path):
    server = SiteServer(site_dir).__enter__()
    context = offline_context(browser, server.url)
    page = context.new_page()
    errors: list[str] = []
    failed: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    # ERR_ABORTED is a request cancelled by the next navigation (e.g. Pyodide still loading), not a network failure.
    page.on(
        "requestfailed", lambda r: None if "ERR_ABORTED" in (r.failure or "") else failed.append(f"{r.url} {r.failure}")
    )
    try:
        info = warm_up(page)
        assert info["version"] == worker_version(site_dir)
        assert info["files"] == len(worker_files(site_dir))
        cut_network(context, server)

        for rel in site_pages(site_dir):
            response = page.goto(rel)
            assert response is not None and response.ok, f"{rel} did not load offline"
            assert response.from_service_worker, f"{rel} was not served by the service worker"
            assert page.title(), f"{rel} has no title offline"
            broken = page.locator("[data-cp-widget] .cp-error").count()
            assert broken == 0, f"a widget on {rel} shows an error offline"
        assert failed == [], f"requests that failed offline: {failed}"

        page.goto("kiosk/index.html")
        answer = page.evaluate(
            "() => changpaiEngine.ready.then(() => changpaiEngine.call({command: 'version'}),"
            " (e) => ({error: e.code + ': ' + e.detail}))",
        )
        assert "error" not in answer, f"the engine did not answer offline: {answer}"
        assert errors == [], "page errors offline"
    finally:
        context.close()
        server.httpd.server_close()


def rebuild(site: Path, page: str, marker: str) -> str:
    """A "rebuild" that changes one page, the worker regenerated as the build does; returns the new version."""
    target = site / page
    target.write_text(target.read_text(encoding="utf-8").replace("</body>", f"<p id='{marker}'>new</p></body>"))
    ext_offline.write_service_worker(site)
    return worker_version(site)


def downloaded(log: list[tuple[str, int, int]]) -> dict[str, int]:
    """Paths the server sent a body for (status 200), with their bytes."""
    return {path.split("?")[0]: size for path, status, size in log if status == 200}


def test_a_kiosk_rebuild_downloads_only_what_changed_and_waits_for_the_idle_reset(
    browser: Browser, site_dir: Path, tmp_path: Path
):
    site = tmp_path / "site"
    shutil.copytree(site_dir, site)
    with SiteServer(site, record=True) as server:
        context = offline_context(browser, server.url)
        page = context.new_page()
        try:
            old = warm_up(page)["version"]
            page.wait_for_function("window.changpaiKiosk && window.changpaiKiosk.state.screen === 'welcome'")
            new = rebuild(site, "kiosk/index.html", "rebuilt")
            assert new != old
            server.request_log.clear()
            page.evaluate("() => window.changpaiOffline.check()")
            wait_until(page, "() => window.changpaiOffline.updateWaiting()")
            wait_until(page, "() => window.changpaiKiosk.state.updateWaiting")
            fetched = downloaded(server.request_log)
            assert set(fetched) == {"/sw.js", "/kiosk/index.html"}, f"fetched more than what changed: {fetched}"
            # An open kiosk keeps its build until the idle reset, the safe moment.
            assert page.evaluate(ASK_VERSION_JS)["version"] == old, "the new build took over a kiosk in use"
            assert page.locator("#rebuilt").count() == 0
            with page.expect_navigation(timeout=SW_READY_MS):
                page.evaluate("() => window.changpaiKiosk.reset('idle')")
            page.wait_for_function("navigator.serviceWorker.controller !== null")
            assert page.evaluate(ASK_VERSION_JS)["version"] == new, "the idle reset did not start the new build"
            assert page.locator("#rebuilt").count() == 1, "the new build's page is not served"
            info = page.evaluate(ASK_VERSION_JS)
            assert info["cached"] == info["files"], "the new build is not wholly cached"
            # The old build's copy of the changed page goes once the new worker is active; the rest stays.
            wait_until(
                page,
                """() => caches.open('changpai-content').then((c) => c.keys()).then((keys) =>
                     keys.filter((r) => new URL(r.url).pathname === '/kiosk/index.html').length === 1)""",
                timeout_s=30,
            )
        finally:
            context.close()


def test_a_visitor_sees_a_new_build_on_the_next_load_and_nothing_is_precached(
    browser: Browser, site_dir: Path, tmp_path: Path
):
    site = tmp_path / "site"
    shutil.copytree(site_dir, site)
    with SiteServer(site, record=True) as server:
        context = offline_context(browser, server.url)
        page = context.new_page()
        try:
            page.goto("archive/index.html")
            page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=SW_READY_MS)
            page.wait_for_timeout(3000)
            info = page.evaluate(ASK_VERSION_JS)
            assert not info["keepOffline"]
            assert info["cached"] < 15, f"a visitor's worker cached {info['cached']} files ahead"
            assert not any("pyodide" in path for path in downloaded(server.request_log)), "Pyodide was fetched"
            new = rebuild(site, "archive/index.html", "rebuilt")
            page.reload()
            assert page.locator("#rebuilt").count() == 1, "the new build did not show on the next load"
            page.wait_for_function("(v) => window.changpaiOffline.version().then((i) => i.version === v)", arg=new)
        finally:
            context.close()


def test_the_readers_games_page_keeps_no_offline_copy_of_the_site(browser: Browser, site_url: str):
    """learn/play.html runs the kiosk's application (data-mode="reader"), but only the gallery kiosk keeps the site."""
    context = offline_context(browser, site_url)
    page = context.new_page()
    try:
        page.goto("learn/play.html")
        page.wait_for_function("window.changpaiKiosk && window.changpaiKiosk.settings.reader")
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=SW_READY_MS)
        page.wait_for_timeout(3000)
        info = page.evaluate(ASK_VERSION_JS)
        assert not info["keepOffline"], "the reader's page asked to keep the whole site offline"
        assert info["cached"] < 15, f"the worker cached {info['cached']} files ahead"
    finally:
        context.close()


def test_the_engine_and_the_precache_fetch_pyodide_once(browser: Browser, site_dir: Path):
    with SiteServer(site_dir, record=True) as server:
        context = offline_context(browser, server.url)
        page = context.new_page()
        try:
            # A visitor's first page installs the worker (nothing is fetched ahead); then the kiosk, where the engine
            # loads while the worker caches the whole site: each file comes from the server once. (On a device's
            # very first page, before any worker, the engine's files can only be shared through the HTTP cache.)
            page.goto("archive/index.html")  # no engine here
            page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=SW_READY_MS)
            page.goto("kiosk/index.html")
            page.evaluate("() => { window.__engine = changpaiEngine.start().then(() => 'ok', (e) => e.code); }")
            page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=SW_READY_MS)
            wait_until(page, "() => window.changpaiOffline.version().then((v) => v.cached === v.files)")
            assert page.evaluate("() => window.__engine") == "ok"
            bodies: dict[str, int] = {}
            for path, status, _size in server.request_log:
                if status == 200:
                    bodies[path.split("?")[0]] = bodies.get(path.split("?")[0], 0) + 1
            twice = {path: n for path, n in bodies.items() if n > 1}
            assert twice == {}, f"downloaded more than once: {twice}"
            assert bodies.get("/assets/engine/pyodide/pyodide.asm.wasm") == 1
        finally:
            context.close()


def test_after_a_takeover_an_open_page_loads_its_next_page_in_full(browser: Browser, site_dir: Path, tmp_path: Path):
    """A new worker taking over an open page must not mix its old scripts with new pages (instant navigation)."""
    site = tmp_path / "site"
    shutil.copytree(site_dir, site)
    with SiteServer(site) as server:
        context = offline_context(browser, server.url)
        page = context.new_page()
        try:
            page.goto("index.html")
            page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=SW_READY_MS)
            page.evaluate("() => { window.__sameDocument = true; }")
            page.evaluate(WATCH_TAKEOVER_JS)
            new = rebuild(site, "archive/index.html", "rebuilt")
            page.evaluate("() => window.changpaiOffline.check()")
            # Wait for the takeover without messaging the old worker: Chromium activates a waiting worker only once
            # the active one has no event in flight, so polling its version every 100 ms (each answer reads the cache)
            # kept it busy and, under load, held the new worker waiting until the test timed out.
            assert page.evaluate(TAKEN_OVER_JS, SW_READY_MS), "the new worker did not take over the open page"
            assert page.evaluate(ASK_VERSION_JS)["version"] == new, "the page is controlled by another build"
            assert page.evaluate("() => window.__sameDocument") is True
            page.evaluate(
                """() => { const a = document.createElement('a'); a.href = 'archive/index.html'; a.id = 'cp-next';
                           a.textContent = 'next'; document.querySelector('.md-content').append(a); }"""
            )
            with page.expect_navigation():
                page.locator("#cp-next").click()
            page.wait_for_selector("#rebuilt")
            assert page.evaluate("() => window.__sameDocument") is None, "instant navigation mixed two builds"
        finally:
            context.close()


def test_a_visitor_can_ask_to_keep_the_whole_site_offline(browser: Browser, site_dir: Path):
    with SiteServer(site_dir) as server:
        context = offline_context(browser, server.url)
        page = context.new_page()
        try:
            page.goto("kiosk/setup.html")
            button = page.locator("[data-cp-keep-offline]")
            assert button.count() == 1, "the kiosk setup page has no keep-offline button"
            page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=SW_READY_MS)
            assert page.evaluate("() => window.changpaiOffline.version().then((v) => v.keepOffline)") is False
            button.click()
            page.wait_for_function("document.querySelector('[data-cp-keep-offline]').dataset.state", timeout=90_000)
            assert button.get_attribute("data-state") == "done"
            info = page.evaluate(ASK_VERSION_JS)
            assert info["keepOffline"] and info["cached"] == info["files"]
        finally:
            context.close()


@pytest.mark.parametrize(("address", "lang"), [("no/such/page.html", "zh"), ("en/nowhere/", "en")])
def test_offline_an_unknown_address_gets_the_404_page_with_status_404(
    browser: Browser, site_dir: Path, address: str, lang: str
):
    server = SiteServer(site_dir).__enter__()
    context = offline_context(browser, server.url)
    page = context.new_page()
    try:
        page.goto("index.html")  # a visitor, not the kiosk: the 404 pages are kept from the first visit
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=SW_READY_MS)
        cut_network(context, server)
        response = page.goto(address)
        assert response is not None and response.status == 404
        assert response.from_service_worker
        assert "404" in page.locator("h1").first.inner_text()
        assert page.evaluate("document.documentElement.lang").startswith(lang)
    finally:
        context.close()
        server.httpd.server_close()


@pytest.mark.parametrize("lang_path", ["kiosk/index.html", "en/kiosk/index.html"])
def test_the_kiosk_runs_its_screens_offline(browser: Browser, site_dir: Path, lang_path: str):
    server = SiteServer(site_dir).__enter__()
    context = offline_context(browser, server.url)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        warm_up(page)
        cut_network(context, server)
        page.goto(lang_path)
        page.wait_for_function("window.changpaiKiosk && window.changpaiKiosk.state.screen === 'welcome'")
        for screen in ("menu", "cards", "watch"):
            page.evaluate("(s) => window.changpaiKiosk.show(s)", screen)
            page.wait_for_timeout(300)
            assert page.locator("#kiosk-app .kiosk-message--error").count() == 0, f"the {screen} screen failed offline"
        assert errors == []
    finally:
        context.close()
        server.httpd.server_close()


def test_the_worker_registers_at_the_root_after_instant_navigation(browser: Browser, site_dir: Path):
    """The registration waits a moment; an instant navigation to a deeper page meanwhile must not move it."""
    with SiteServer(site_dir) as server:
        context = offline_context(browser, server.url)
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        try:
            page.goto("index.html")
            page.wait_for_function("window.document$ !== undefined")
            deeper = next(p for p in site_pages(site_dir) if p.count("/") == 1 and not p.startswith(("en/", "kiosk/")))
            page.evaluate(
                """(href) => { const a = document.createElement('a'); a.href = href; a.id = 'deeper';
                               a.textContent = 'x'; document.querySelector('.md-content').append(a); }""",
                deeper,
            )
            page.locator("#deeper").click()
            page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=SW_READY_MS)
            scope = page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.scope)")
            assert scope == server.url, f"the worker was registered for {scope}"
            assert errors == []
        finally:
            context.close()
