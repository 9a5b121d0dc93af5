"""The Content-Security-Policy (sitebuild/csp.py, written into every page by sitebuild/ext_csp.py, sent as a header by
sitebuild/serve.py): no 'unsafe-inline' for scripts, every inline script allowed by its hash, and not one violation on
any page of the site, the engine's worker and the widgets included, nor after instant navigation. The sweep over
every page also checks that each widget on it was mounted: a page carries only the scripts its widgets need."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from sitebuild import csp
from tests.site.conftest import NOWHERE_PROXY, BrowserLog, fail_on

ENGINE_MS = 120_000

WATCH_VIOLATIONS_JS = """
window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  const where = `${e.sourceFile || ''}:${e.lineNumber || ''}`;
  window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI || ''} ${where}`);
});
"""


@dataclass
class StrictContext:
    """A context keeping to the site's policy, and the log its tabs write to."""

    context: BrowserContext
    log: BrowserLog

    def new_tab(self) -> Page:
        tab = self.context.new_page()
        tab.on("console", lambda m: self.log.console_errors.append(m.text) if m.type == "error" else None)
        tab.on("pageerror", lambda e: self.log.page_errors.append(str(e)))
        return tab


@pytest.fixture
def strict_context(browser: Browser, site_url: str):
    """Like the ``page`` fixture's context (local requests only, a console or page error fails the test), but keeping
    to the site's policy: the shared fixture bypasses it for Playwright's string predicates. Predicates here are
    functions."""
    log = BrowserLog()
    # Another host fails to load through the proxy that goes nowhere, and the request is recorded and fails the test,
    # as in the shared ``page`` fixture. (A context.route on every request did the same, but turned the HTTP cache
    # off, so every page with the engine downloaded Pyodide again.)
    context = browser.new_context(base_url=site_url, bypass_csp=False, proxy=NOWHERE_PROXY)
    context.on("request", log.record_request)
    yield StrictContext(context, log)
    problems = log.problems()
    context.close()
    fail_on(problems)


@pytest.fixture
def strict_page(strict_context: StrictContext) -> Page:
    return strict_context.new_tab()


def site_pages(site: Path) -> list[str]:
    return sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html"))


def script_sources(policy_text: str) -> list[str]:
    match = re.search(r"(?:^|; )script-src ([^;]*)", policy_text)
    assert match, "the policy has no script-src"
    return match.group(1).split()


def test_every_page_carries_the_same_policy_first_in_its_head(site_dir: Path):
    policies = set()
    for rel in site_pages(site_dir):
        text = (site_dir / rel).read_text(encoding="utf-8")
        policy_text = csp.page_policy(text)
        assert policy_text, f"{rel} has no Content-Security-Policy"
        head = text.index("<head>") + len("<head>")
        assert text[head:].lstrip().startswith('<meta http-equiv="Content-Security-Policy"'), f"{rel}: not first"
        sources = script_sources(policy_text)
        assert "'unsafe-inline'" not in sources and "'unsafe-eval'" not in sources
        assert {"'self'", "'wasm-unsafe-eval'"} <= set(sources)
        for digest in csp.inline_script_hashes(text):
            assert f"'sha256-{digest}'" in sources, f"{rel}: an inline script the policy does not allow"
        policies.add(policy_text)
    assert len(policies) == 1, "pages carry different policies (instant navigation keeps the first page's)"


# In the page: if it has the engine, ask it for its version; then give late widget work (deal viewers, fonts) a moment
# and hand back what the policy refused. The promise is collected later, so the next page loads in another tab
# meanwhile (the engine starts on the page's worker: on two cores two tabs take about half the time).
START_CHECK_JS = """(settleMs) => {
  const hasEngine = !!document.querySelector('[data-cp-widget], #kiosk-app') && !!window.changpaiEngine;
  const answer = hasEngine
    ? changpaiEngine.start().then(() => changpaiEngine.call({command: 'version'}),
                                  (e) => ({error: e.code + ': ' + e.detail}))
    : Promise.resolve(null);
  window.__cpCspCheck = answer
    .then((a) => new Promise((done) => setTimeout(() => done(a), settleMs)))
    .then((a) => ({hasEngine, answer: a, violations: window.__cspViolations,
                   unserved: [...document.querySelectorAll('[data-cp-widget]:not([data-cp-mounted])')]
                     .map((el) => el.dataset.cpWidget)}));
}"""
SETTLE_MS = 150
CSP_TABS = max(1, int(os.environ.get("CHANGPAI_CSP_TABS", "2")))


def test_no_page_breaks_the_policy_engine_and_widgets_included(strict_context: StrictContext, site_dir: Path):
    tabs = [strict_context.new_tab() for _ in range(CSP_TABS)]
    for tab in tabs:
        tab.add_init_script(WATCH_VIOLATIONS_JS)
    header_checked = False
    engine_pages = 0
    busy: list[tuple[Page, str]] = []  # oldest first

    def collect() -> None:
        nonlocal engine_pages
        tab, rel = busy.pop(0)
        check = tab.evaluate("() => window.__cpCspCheck")
        if check["hasEngine"]:
            assert "error" not in check["answer"], f"{rel}: the engine did not answer under the policy: {check}"
            engine_pages += 1
        assert check["violations"] == [], f"{rel}: CSP violations {check['violations']}"
        # a page is built with only the widget scripts its kinds of widget need (sitebuild/ext_lean.py)
        assert check["unserved"] == [], f"{rel}: widgets no script of the page mounted: {check['unserved']}"

    for rel in site_pages(site_dir):
        if len(busy) == len(tabs):
            collect()
        page = next(t for t in tabs if all(t is not b for b, _ in busy))
        response = page.goto(rel)
        assert response is not None
        if not header_checked and rel == "index.html":
            assert response.headers.get("content-security-policy", "").startswith(csp.page_policy(response.text()))
            header_checked = True
        page.evaluate(START_CHECK_JS, SETTLE_MS)
        busy.append((page, rel))
    while busy:
        collect()
    assert header_checked and engine_pages >= 3
    print(f"\n{len(site_pages(site_dir))} pages, {engine_pages} with the engine: 0 CSP violations")


def test_instant_navigation_keeps_to_the_policy(strict_page: Page, site_dir: Path):
    page = strict_page
    page.add_init_script(WATCH_VIOLATIONS_JS)
    page.goto("index.html")
    page.wait_for_function("() => window.document$ !== undefined")
    page.evaluate("() => { window.__cpSameDocument = true; }")  # gone if a navigation reloads the page
    for target in ("learn/calculator.html", "archive/index.html", "en/learn/deals.html"):
        page.evaluate(
            """(href) => { document.getElementById('cp-next')?.remove();
                           const a = document.createElement('a');
                           a.href = href; a.id = 'cp-next'; a.textContent = 'next';
                           document.querySelector('.md-content').append(a); }""",
            "/" + target,
        )
        page.locator("#cp-next").click()
        page.wait_for_function("(t) => location.pathname.endsWith(t)", arg=target)
        page.wait_for_timeout(500)
    assert page.evaluate("() => window.__cpSameDocument === true"), "the links were not followed by instant navigation"
    assert page.evaluate("() => window.__cspViolations") == []
