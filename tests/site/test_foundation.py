"""The frame in a real browser: the engine in its worker, the home widget, both languages, instant navigation,
the language switch, Chinese search, the shipped fonts, the failure path, and no request leaving 127.0.0.1
(the ``page`` fixture fails any test that tries)."""

from __future__ import annotations

import json
import os
import socket
import tomllib
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.site.test_visitor_search import search

REPO_ROOT = Path(__file__).resolve().parents[2]
ENGINE_TIMEOUT_MS = 90_000
HAND = "123s 456s 789s 123b 456b 789b 2tb"  # 20 cards waiting for one; the answer itself comes from the engine


def engine_version() -> str:
    return tomllib.loads((REPO_ROOT / "engine/pyproject.toml").read_text())["project"]["version"]


def cpython_answer(request: dict) -> dict:
    """What the same engine says under CPython: the browser must give the identical answer."""
    from changpai import api

    return json.loads(json.dumps(api.handle(request)))


def call_engine(page: Page, request: dict) -> dict:
    return page.evaluate("request => changpaiEngine.call(request)", request)


@pytest.mark.parametrize("path, lang", [("index.html", "zh"), ("en/index.html", "en")])
def test_home_widget_answers_from_the_engine(page: Page, browser_log, path, lang):
    page.goto(path)
    assert page.evaluate("document.documentElement.lang") == lang
    widget = page.locator('[data-cp-widget="hand-check"]')
    # Loading takes seconds: the status shows progress in the page's language, then hides.
    status = widget.locator(".cp-engine-status")
    expect(status).to_be_visible(timeout=10_000)
    expect(status).to_contain_text("%")
    expect(status).to_contain_text("正在" if lang == "zh" else "Loading")
    widget.locator("input").fill(HAND)
    widget.locator("button[type=submit]").click()
    answer = widget.locator("output")
    expect(answer).to_have_attribute("data-hand", HAND, timeout=ENGINE_TIMEOUT_MS)
    expect(answer).to_have_attribute("data-state", "answer")
    request = {"command": "waits", "hand": HAND, "rules": "luzhou-a"}
    expected = cpython_answer(request)
    assert call_engine(page, request) == expected
    assert expected["waits"], "the sample hand should wait for something"
    shown = answer.locator(".cp-card-face").all_inner_texts()
    assert shown == [w["card"] for w in expected["waits"]]
    for img in answer.locator("img.cp-card-img").all():  # card images load from the site
        assert page.evaluate("img => img.complete && img.naturalWidth > 0", img.element_handle())
    version = call_engine(page, {"command": "version"})
    assert engine_version() in json.dumps(version)
    loaded = [u for u in browser_log.requests if u.endswith(".wasm") or ".whl" in u]
    assert any("/assets/engine/pyodide/pyodide.asm.wasm" in u for u in loaded), browser_log.requests
    # The engine comes from the build's memory snapshot, or from the wheel when the snapshot cannot be used.
    assert any("/assets/engine/changpai-" in u or u.endswith(".snapshot.gz") for u in browser_log.requests)


def test_engine_error_is_located_and_bilingual(page: Page):
    page.goto("en/index.html")
    widget = page.locator('[data-cp-widget="hand-check"]')
    widget.locator("input").fill("123s 9x")
    widget.locator("button[type=submit]").click()
    answer = widget.locator("output")
    expect(answer).to_have_attribute("data-hand", "123s 9x", timeout=ENGINE_TIMEOUT_MS)
    expect(answer).to_have_attribute("data-state", "error")
    response = call_engine(page, {"command": "waits", "hand": "123s 9x", "rules": "luzhou-a"})
    error = response["error"]
    assert error["zh"] and error["en"] and error["code"]
    assert error["en"] in answer.inner_text()


def test_pages_without_widgets_do_not_load_the_engine(page: Page, browser_log, site_dir):
    sitemap = (site_dir / "sitemap.xml").read_text(encoding="utf-8")
    pages = [p for p in site_dir.rglob("*.html") if f"/{p.relative_to(site_dir).as_posix()}</loc>" in sitemap]
    candidates = [p for p in pages if "data-cp-widget" not in p.read_text(encoding="utf-8")]
    if not candidates:
        pytest.fail("expected at least one page without widgets")
    page.goto(candidates[0].relative_to(site_dir).as_posix())
    page.wait_for_load_state("networkidle")
    assert not [u for u in browser_log.requests if "/assets/engine/pyodide/" in u or ".whl" in u]


# The site's service worker, registered by hand, given WAIT_FOR_WORKER_MS to take the page over: it does within a
# second where workers are allowed (a context of test_offline.py's kind).
TAKE_OVER_JS = """async (waitMs) => {
  const sw = navigator.serviceWorker;
  await sw.register("sw.js");
  const within = (promise) => Promise.race([promise, new Promise((done) => setTimeout(() => done("no"), waitMs))]);
  const change = new Promise((done) => sw.addEventListener("controllerchange", done, { once: true }));
  if ((await within(sw.ready)) !== "no" && !sw.controller) await within(change);
  const response = await fetch("assets/engine/manifest.json", { cache: "no-store" });
  return { controlled: Boolean(sw.controller), status: response.status, body: (await response.text()).slice(0, 40) };
}"""
WAIT_FOR_WORKER_MS = 3000


def test_the_tests_contexts_keep_the_service_worker_out_of_routes(page: Page):
    """conftest.py blocks service workers in the contexts it makes: a worker that took the page over would answer its
    requests itself, past page.route, and a test that answers the wheel with a 404 would get the real wheel (CI failed
    so on test_engine_load_failure_shows_a_clear_message). Where workers are allowed, this fetch returns the real
    manifest."""
    page.route("**/assets/engine/manifest.json", lambda route: route.fulfill(status=200, body="answered by the route"))
    page.goto("index.html")
    seen = page.evaluate(TAKE_OVER_JS, WAIT_FOR_WORKER_MS)
    assert seen == {"controlled": False, "status": 200, "body": "answered by the route"}, seen


def test_engine_load_failure_shows_a_clear_message(page: Page, browser_log):
    browser_log.allow_console_error(r"404")
    page.route("**/assets/engine/*.whl*", lambda route: route.fulfill(status=404, body="gone"))
    page.route("**/assets/engine/*.snapshot.gz", lambda route: route.fulfill(status=404, body="gone"))
    page.goto("index.html")
    status = page.locator('[data-cp-widget="hand-check"] .cp-engine-status--failed')
    expect(status).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    text = status.inner_text()
    assert "规则引擎没能载入" in text and "404" in text
    assert "Could not fetch the rules engine" in text  # the other language, below
    widget = page.locator('[data-cp-widget="hand-check"]')
    widget.locator("input").fill("123s")
    widget.locator("button[type=submit]").click()
    expect(widget.locator("output")).to_have_attribute("data-state", "failed")
    assert page.evaluate("changpaiEngine.ready.then(() => 'ok', e => e.code)") == "wheel"


def _first_other_tab(page: Page) -> str:
    """Absolute URL of the first navigation tab that is not the current page."""
    hrefs = page.eval_on_selector_all(".md-tabs__link", "links => links.map(a => a.href)")
    here = page.evaluate("location.href").split("#")[0]
    others = [h for h in hrefs if h.split("#")[0] != here]
    if not others:
        pytest.fail(f"no other section in the navigation tabs: {hrefs}")
    return others[0]


def _tab_index(page: Page, url: str) -> int:
    return page.eval_on_selector_all(".md-tabs__link", "(links, url) => links.findIndex(a => a.href === url)", url)


@pytest.mark.parametrize("home", ["index.html", "en/index.html"])
def test_instant_navigation_keeps_the_engine_and_remounts_widgets(page: Page, browser_log, home):
    page.goto(home)
    page.evaluate("window.__cpNoReload = true")
    assert call_engine(page, {"command": "version"})
    other = _first_other_tab(page)
    page.locator(".md-tabs__link").nth(_tab_index(page, other)).click()
    page.wait_for_function(
        "location.pathname.indexOf('/index.html') === -1 || !document.querySelector('[data-cp-widget=hand-check]')"
    )
    assert page.evaluate("window.__cpNoReload === true"), "instant navigation fell back to a full page load"
    page.go_back()
    page.wait_for_selector('[data-cp-widget="hand-check"] form')
    assert page.evaluate("window.__cpNoReload === true")
    widget = page.locator('[data-cp-widget="hand-check"]')
    widget.locator("input").fill(HAND)
    widget.locator("button[type=submit]").click()
    expect(widget.locator("output")).to_have_attribute("data-hand", HAND, timeout=ENGINE_TIMEOUT_MS)
    expect(widget.locator("output")).to_have_attribute("data-state", "answer")
    wasm = [u for u in browser_log.requests if u.endswith("pyodide.asm.wasm")]
    assert len(wasm) == 1, f"Pyodide was loaded {len(wasm)} times"
    assert all("/en/assets/" not in u for u in browser_log.requests), "relative URL resolved under /en/"


def test_language_switch_goes_to_the_same_page(page: Page):
    page.goto("index.html")
    other = _first_other_tab(page)
    page.goto(other)
    page.wait_for_load_state()
    zh_path = page.evaluate("location.pathname")
    page.locator(".md-header__option .md-select").first.hover()
    page.locator('a.md-select__link[hreflang="en"]').click()
    page.wait_for_function("document.documentElement.lang === 'en'")
    assert page.evaluate("location.pathname") == "/en" + zh_path
    page.locator(".md-header__option .md-select").first.hover()
    page.locator('a.md-select__link[hreflang="zh"]').click()
    page.wait_for_function("document.documentElement.lang === 'zh'")
    assert page.evaluate("location.pathname") == zh_path


def test_language_switch_without_a_counterpart_loads_the_other_languages_home_page(page: Page, browser_log):
    """A page with no counterpart in the other language switches to that language's home page, by a new page load (not
    instant navigation, which would keep the search index of the language the reader started in)."""
    page.goto("index.html")
    page.goto(_first_other_tab(page))
    page.evaluate("document.querySelectorAll('meta[name=cp-alternate]').forEach((m) => m.remove())")
    page.evaluate("window.__sameDocument = true")
    page.locator(".md-header__option .md-select").first.hover()
    page.locator('a.md-select__link[hreflang="en"]').click()
    page.wait_for_function("document.documentElement.lang === 'en'")
    assert page.evaluate("location.pathname") == "/en/index.html"
    assert page.evaluate("window.__sameDocument") is None, "the switch was an instant navigation"
    assert search(page, "card")
    assert [u.rsplit("/", 1)[1] for u in browser_log.requests if "search_index" in u] == ["search_index.en.json"]


def test_language_switch_names_each_language_in_itself(page: Page):
    for path in ("index.html", "en/index.html"):
        page.goto(path)
        names = {
            link.get_attribute("hreflang"): link.inner_text().strip()
            for link in page.locator("a.md-select__link").all()
        }
        assert names == {"zh": "中文", "en": "English"}


def test_chinese_search_finds_a_word_inside_a_sentence(page: Page, site_dir):
    # "浏览器" appears only in the middle of a sentence on the home page: without jieba's segmentation the
    # whole clause would be a single token and the query would find nothing.
    index = json.loads((site_dir / "search/search_index.json").read_text(encoding="utf-8"))
    home = [
        d
        for d in index["docs"]
        if d["location"].split("#")[0] in ("", "index.html") and "浏览器" in d["text"].replace("\u200b", "")
    ]
    assert home, "the home page should contain 浏览器"
    page.goto("index.html")
    assert search(page, "浏览器")
    assert "浏览器" in page.locator(".md-search-result").inner_text()
    assert page.locator(".md-search-result__item mark").filter(has_text="浏览器").count() >= 1


def test_english_search_works_on_english_pages(page: Page):
    page.goto("en/index.html")
    hits = search(page, "browser")
    assert "/en/index.html" in hits, hits


def test_shipped_fonts_are_used_and_served_locally(page: Page, browser_log):
    page.goto("index.html")
    page.evaluate("document.fonts.ready")
    page.wait_for_function(
        "document.fonts.check('16px ChangpaiSans', '长牌') && document.fonts.check('16px ChangpaiKai', '长牌')"
    )
    loaded = page.evaluate("[...document.fonts].filter(f => f.status === 'loaded').map(f => f.family)")
    assert {"ChangpaiSans", "ChangpaiKai"} <= {f.strip('"') for f in loaded}
    # The same face installed on the system is used first (local()); the shipped subset is the fallback and
    # must load by itself from the site.
    subset = page.evaluate(
        """async () => {
          const css = await (await fetch(new URL("assets/css/fonts.css", location.href))).text();
          const url = /url\\("([^"]+changpai-sans-0[^"]+)"\\)/.exec(css)[1];
          const face = new FontFace("SubsetOnly", `url(${new URL(url, new URL("assets/css/", location.href))})`);
          await face.load();
          return face.status;
        }"""
    )
    assert subset == "loaded"
    assert any("/assets/fonts/changpai-sans-0" in u for u in browser_log.requests)


def test_offline_plugin_site_works_from_files(page: Page, site_dir):
    """Material's offline plugin: opened from disk, search runs on the inlined index through the vendored
    iframe-worker polyfill; the engine says clearly that it needs the web address."""
    page.goto((site_dir / "en" / "index.html").as_uri())
    hits = search(page, "browser")  # (the whole index of both languages: the Chinese pages' results are hidden)
    assert hits and all("/en/" in h for h in hits), hits
    status = page.locator('[data-cp-widget="hand-check"] .cp-engine-status--failed')
    expect(status).to_be_visible(timeout=10_000)
    expect(status).to_contain_text("open the site through its web address")


@pytest.mark.skipif(os.environ.get("CHANGPAI_EXPECT_OFFLINE") != "1", reason="only inside `unshare -n`")
def test_network_is_really_gone_in_the_offline_run():
    with pytest.raises(OSError):
        socket.create_connection(("93.184.216.34", 80), timeout=3)


@pytest.mark.parametrize("path, lang", [("no-such-page.html", "zh"), ("en/no-such-page.html", "en")])
def test_missing_page_gets_the_sites_not_found_page_in_its_language(page: Page, browser_log, path, lang):
    browser_log.allow_console_error(r"404")
    response = page.goto(path)
    assert response.status == 404
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.locator(".md-header").count() == 1  # the site's own page, with its header and navigation
    # styled by the site's own CSS (the deep red of site.css), so its asset links resolve from any depth
    assert page.evaluate("getComputedStyle(document.querySelector('.md-header')).backgroundColor") == "rgb(155, 28, 28)"


def test_the_page_fixture_blocks_and_records_other_hosts(page: Page, browser_log):
    page.goto("index.html")
    outcome = page.evaluate("fetch('http://example.com/probe').then(() => 'loaded', () => 'blocked')")
    assert outcome == "blocked"
    assert browser_log.foreign_requests == ["http://example.com/probe"]
    assert browser_log.problems()  # it would fail the test…
    browser_log.foreign_requests.clear()  # …so, having seen it, let this one pass
    browser_log.allow_console_error(r"ERR_BLOCKED_BY_CLIENT|example\.com")
