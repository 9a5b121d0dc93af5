"""Accessibility: axe-core (pinned in package.json, from node_modules) on every built page, and on every screen of the
kiosk.

Every violation fails the test, whatever axe calls its impact (a minor one, say an empty table header, is still
something a reader meets); the message lists each one with its page, rule, impact and first elements.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Page

from tests.site.conftest import BrowserLog, watch_page
from tests.site.test_first_screen import NEXT_FRAMES

# Engine-backed tests share a warmed browser context (tests/site/conftest.py: warm_page); tests about loading,
# recovery and kiosk resets are marked fresh_context.
pytestmark = pytest.mark.warm_engine

KIOSK_SCREENS = ["welcome", "menu", "cards", "watch", "play"]
# WCAG 2.0/2.1/2.2 A and AA, plus axe's best practices that the issue names (lang, landmarks, headings).
AXE_OPTIONS = {
    "resultTypes": ["violations"],
    "runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]},
}

# axe-core itself, injected into each page (4.14 judges this site's long pages in half the time 4.12 took)
AXE_PATH = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
if not AXE_PATH.is_file():
    raise RuntimeError(f"{AXE_PATH} is missing: run `npm ci` (scripts/setup.sh installs it from package-lock.json)")
AXE_SCRIPT = AXE_PATH.read_text(encoding="utf-8")


def built_pages(site: Path) -> list[str]:
    return sorted(
        p.relative_to(site).as_posix() for p in site.rglob("*.html") if "overrides" not in p.relative_to(site).parts
    )


def report(results: dict, where: str) -> list[str]:
    found = []
    for violation in results["violations"]:
        targets = [" ".join(map(str, node.get("target", []))) for node in violation.get("nodes", [])[:3]]
        found.append(f"{where}: {violation['id']} ({violation['impact']}) — {violation['help']} — {targets}")
    return found


def with_axe(page: Page) -> None:
    """axe-core on ``page``, unless it is there already (the kiosk's screens change without a new document)."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.evaluate(AXE_SCRIPT)


def violations(page: Page, where: str) -> list[str]:
    # Colours are judged at rest: let entrance animations and transitions finish first.
    page.evaluate("() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null)))")
    with_axe(page)
    return report(page.evaluate("(options) => axe.run(options)", AXE_OPTIONS), where)


# The page sweep keeps axe busy in one tab while the next page loads in another (axe runs on the page's own thread,
# so on two cores two tabs take about half the time). In the page: wait for the widgets that mount after the page's
# scripts, let animations finish (colours are judged at rest), then run axe; the promise is collected later.
START_AXE_JS = """([options, settleMs, css]) => {
  if (css) {  // a style sheet of the test's own (UNFOLD: the folds drawn)
    const style = document.createElement("style");
    style.textContent = css;
    document.head.append(style);
  }
  window.__cpAxe = new Promise((done) => setTimeout(done, settleMs))
    .then(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null))))
    .then(() => axe.run(options));
}"""
SETTLE_MS = 150  # widgets mount after the page's scripts run
# Material sizes its sidebars on an animation frame after the page's scripts run. A page whose stylesheets arrive early
# (the server's Link preload header) can fire "load" before that frame, and once the next tab starts loading in the
# same renderer, this tab may get no frame until it has: so each page draws twice before the next one is opened.
DRAWN_JS = """() => new Promise((done) => {
  setTimeout(done, 2000);
  requestAnimationFrame(() => requestAnimationFrame(done));
})"""
AXE_TABS = max(1, int(os.environ.get("CHANGPAI_AXE_TABS", "2")))


def sweep(
    page: Page,
    browser_log: BrowserLog,
    pages: list[str],
    suffix: str = "",
    css: str = "",
) -> list[str]:
    """Every page in ``pages`` through axe (``AXE_OPTIONS``; ``css`` added to each page first), in ``AXE_TABS`` tabs of
    the test page's context (each tab watched like the test's own page: a console error or a foreign request fails
    the test)."""
    tabs = [page]
    for _ in range(AXE_TABS - 1):
        tab = page.context.new_page()
        watch_page(tab, browser_log)
        tabs.append(tab)
    found: list[str] = []
    busy: list[tuple[Page, str]] = []  # oldest first

    def collect() -> None:
        tab, rel = busy.pop(0)
        found.extend(report(tab.evaluate("() => window.__cpAxe"), rel + suffix))

    try:
        for rel in pages:
            if len(busy) == len(tabs):
                collect()
            tab = next(t for t in tabs if all(t is not b for b, _ in busy))
            tab.goto(rel)
            tab.wait_for_load_state("load")
            tab.evaluate(DRAWN_JS)
            with_axe(tab)
            tab.evaluate(START_AXE_JS, [AXE_OPTIONS, SETTLE_MS, css])
            busy.append((tab, rel))
        while busy:
            collect()
    finally:
        for tab in tabs[1:]:
            tab.close()
    return found


# Each sweep is split into SWEEP_PARTS tests over every SWEEP_PARTS-th page (part k takes pages k, k + PARTS, …), so
# the parallel browser group (--dist worksteal) spreads a sweep over its workers instead of waiting on one long test.
# The parts together cover every built page: test_the_sweep_parts_cover_every_page checks the split.
SWEEP_PARTS = 6


def sweep_part(site: Path, part: int) -> list[str]:
    pages = built_pages(site)
    assert len(pages) >= max(4, SWEEP_PARTS), f"the site has only {pages}"
    return pages[part::SWEEP_PARTS]


def test_the_sweep_parts_cover_every_page(site_dir: Path):
    parts = [sweep_part(site_dir, part) for part in range(SWEEP_PARTS)]
    assert all(parts), "a sweep part has no page"
    assert sorted(rel for part in parts for rel in part) == built_pages(site_dir)


# Text in a block below the first screen is not drawn until it nears the screen (content-visibility: auto,
# sitebuild/ext_fold.py), and axe does not judge the colours of text it cannot see drawn: the desktop sweep draws
# every fold first, so folded text is judged too (every rule, not only colour contrast). Not at phone width: there
# a wide table in a fold scrolls sideways, and site.js gives it its keyboard stop only when the browser draws the
# fold as the reader nears it (test_first_screen.py checks that), which this style skips.
UNFOLD = "[data-cp-fold], [data-cp-widget] > * { content-visibility: visible !important; }"


def test_the_sweep_style_draws_every_fold(page: Page, site_dir: Path):
    """UNFOLD draws the folds the browser skips at load (else the sweep would not judge their text)."""
    folded = [
        rel for rel in built_pages(site_dir) if (site_dir / rel).read_text(encoding="utf-8").count("data-cp-fold") > 9
    ]
    assert folded, "no page has ten folds: pick another test page"
    rel = folded[0]
    page.goto(rel)
    page.wait_for_load_state("load")
    skipped = """() => [...document.querySelectorAll("[data-cp-fold]")]
      .filter((fold) => !fold.firstElementChild.checkVisibility({ contentVisibilityAuto: true })).length"""
    assert page.evaluate(skipped) > 0, f"{rel}: no fold is skipped at load, so this test shows nothing"
    page.add_style_tag(content=UNFOLD)
    page.evaluate(NEXT_FRAMES)
    assert page.evaluate(skipped) == 0, f"{rel}: a fold is still skipped with the sweep's style"


@pytest.mark.parametrize("part", range(SWEEP_PARTS))
def test_every_built_page_has_no_violation(page: Page, site_dir: Path, browser_log: BrowserLog, part: int):
    found = sweep(page, browser_log, sweep_part(site_dir, part), css=UNFOLD)
    assert not found, "axe found violations (folds drawn):\n  " + "\n  ".join(found)


@pytest.mark.parametrize("part", range(SWEEP_PARTS))
@pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
def test_every_built_page_has_no_violation_on_a_phone(page: Page, site_dir: Path, browser_log: BrowserLog, part: int):
    # At phone width wide tables, code lines and the map scroll sideways: they must still be reachable by keyboard.
    found = sweep(page, browser_log, sweep_part(site_dir, part), " (phone)")
    assert not found, "axe found violations at phone width:\n  " + "\n  ".join(found)


@pytest.mark.parametrize("lang", ["", "en/"])
def test_the_home_page_with_the_engine_answered_has_no_violation(page: Page, lang: str):
    """The hand check's engine line appears only once the engine has answered: the page sweep judges the page
    before or after that, as the timing falls, so the page is judged here with the line shown (its small grey text
    once failed colour contrast)."""
    page.goto(f"{lang}index.html")
    page.locator(".cp-hand-check__version").filter(has_text="0.").wait_for(timeout=90_000)
    assert not violations(page, f"{lang}index.html, the engine answered")


@pytest.mark.parametrize("url", ["kiosk/index.html", "en/kiosk/index.html"])
def test_every_kiosk_screen_has_no_violation(page: Page, url: str):
    page.goto(url)
    page.wait_for_function("window.changpaiKiosk && window.changpaiKiosk.state.screen === 'welcome'")
    found: list[str] = []
    for screen in KIOSK_SCREENS:
        page.evaluate("(s) => window.changpaiKiosk.show(s)", screen)
        page.wait_for_timeout(400)  # the deal viewer and the engine status mount asynchronously
        found += violations(page, f"{url} [{screen}]")
    # A game in progress (engine loaded, the visitor's hand lit) and a deal in the viewer.
    page.evaluate("window.changpaiKioskPlay.tuning = {seed: 4, botDelayMs: 0}")
    page.evaluate("window.changpaiKiosk.show('play', {rules: 'leshan'})")
    page.wait_for_selector(".kiosk-play__column.is-legal, .kiosk-play__choice", timeout=120_000)
    found += violations(page, f"{url} [play, in game]")
    # 戳牌: the seat choice, then a hand in progress (its legal plays shown as buttons).
    page.evaluate("window.changpaiKiosk.show('play', {rules: 'chuopai'})")
    page.wait_for_selector(".kiosk-seat-dealer")
    found += violations(page, f"{url} [play, 戳牌 seat]")
    page.evaluate("window.changpaiKioskChuopai.tuning = {seed: 4, botDelayMs: 0}")
    page.evaluate("window.changpaiKiosk.show('play', {rules: 'chuopai', seat: 'ally'})")
    page.wait_for_selector(".kiosk-chuo__choice", timeout=120_000)
    found += violations(page, f"{url} [play, 戳牌 in game]")
    page.evaluate(
        "window.changpaiKiosk.show('watch', {deal: document.querySelector('#kiosk-app').dataset.deals.split(' ')[0]})"
    )
    page.wait_for_selector(".cp-deal--live", timeout=30_000)
    found += violations(page, f"{url} [watch, viewer]")
    # The countdown dialog too.
    page.evaluate(
        "() => { window.changpaiKiosk.show('menu'); window.changpaiKiosk.state.lastActivity = Date.now() - 80000; }"
    )
    page.wait_for_selector(".kiosk-countdown:not([hidden])")
    found += violations(page, f"{url} [countdown]")
    assert not found, "axe found violations:\n  " + "\n  ".join(found)


@pytest.mark.parametrize("url", ["learn/play.html", "en/learn/play.html"])
@pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
def test_the_readers_games_have_no_violation_on_a_phone(page: Page, url: str):
    """The kiosk's games as a reader plays them (data-mode="reader", the phone layout): the choice, and a hand of
    贰柒拾 in progress."""
    page.goto(url)
    page.wait_for_function("window.changpaiKiosk && window.changpaiKiosk.state.screen === 'play'")
    found = violations(page, f"{url} [choice]")
    page.evaluate("window.changpaiKioskPlay.tuning = {seed: 4, botDelayMs: 0}")
    page.locator(".kiosk-rules-leshan").click()
    page.wait_for_selector(".kiosk-play__column.is-legal, .kiosk-play__choice", timeout=120_000)
    found += violations(page, f"{url} [play, in game]")
    assert not found, "axe found violations:\n  " + "\n  ".join(found)
