"""Accessibility: axe-core (axe-playwright-python) on every built page, and on every screen of the kiosk.

A serious or critical violation fails the test; the message lists each one with its page, rule and first elements.
Moderate and minor findings are not asserted (they are reported by scripts, not by the unit tests).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

# Engine-backed tests share a warmed browser context (tests/site/conftest.py: warm_page); tests about loading,
# recovery and kiosk resets are marked fresh_context.
pytestmark = pytest.mark.warm_engine

FAILING_IMPACTS = {"serious", "critical"}
KIOSK_SCREENS = ["welcome", "menu", "cards", "watch", "play"]
# WCAG 2.0/2.1/2.2 A and AA, plus axe's best practices that the issue names (lang, landmarks, headings).
AXE_OPTIONS = {
    "resultTypes": ["violations"],
    "runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]},
}

axe = Axe()


def built_pages(site: Path) -> list[str]:
    return sorted(
        p.relative_to(site).as_posix() for p in site.rglob("*.html") if "overrides" not in p.relative_to(site).parts
    )


def serious_violations(page: Page, where: str) -> list[str]:
    # Colours are judged at rest: let entrance animations and transitions finish first.
    page.evaluate("() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null)))")
    results = axe.run(page, options=AXE_OPTIONS)
    found = []
    for violation in results.response["violations"]:
        if violation.get("impact") not in FAILING_IMPACTS:
            continue
        targets = [" ".join(map(str, node.get("target", []))) for node in violation.get("nodes", [])[:3]]
        found.append(f"{where}: {violation['id']} ({violation['impact']}) — {violation['help']} — {targets}")
    return found


def test_every_built_page_has_no_serious_violation(page: Page, site_dir: Path):
    pages = built_pages(site_dir)
    assert len(pages) >= 4, f"the site has only {pages}"
    found: list[str] = []
    for rel in pages:
        page.goto(rel)
        page.wait_for_load_state("load")
        page.wait_for_timeout(150)  # widgets mount after the page's scripts run
        found += serious_violations(page, rel)
    assert not found, "axe found serious/critical violations:\n  " + "\n  ".join(found)


@pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
def test_every_built_page_has_no_serious_violation_on_a_phone(page: Page, site_dir: Path):
    # At phone width wide tables, code lines and the map scroll sideways: they must still be reachable by keyboard.
    found: list[str] = []
    for rel in built_pages(site_dir):
        page.goto(rel)
        page.wait_for_load_state("load")
        page.wait_for_timeout(150)
        found += serious_violations(page, f"{rel} (phone)")
    assert not found, "axe found serious/critical violations at phone width:\n  " + "\n  ".join(found)


@pytest.mark.parametrize("url", ["kiosk/index.html", "en/kiosk/index.html"])
def test_every_kiosk_screen_has_no_serious_violation(page: Page, url: str):
    page.goto(url)
    page.wait_for_function("window.changpaiKiosk && window.changpaiKiosk.state.screen === 'welcome'")
    found: list[str] = []
    for screen in KIOSK_SCREENS:
        page.evaluate("(s) => window.changpaiKiosk.show(s)", screen)
        page.wait_for_timeout(400)  # the deal viewer and the engine status mount asynchronously
        found += serious_violations(page, f"{url} [{screen}]")
    # A game in progress (engine loaded, the visitor's hand lit) and a deal in the viewer.
    page.evaluate("window.changpaiKioskPlay.tuning = {seed: 4, botDelayMs: 0}")
    page.evaluate("window.changpaiKiosk.show('play', {rules: 'leshan'})")
    page.wait_for_selector(".kiosk-play__column.is-legal, .kiosk-play__choice", timeout=120_000)
    found += serious_violations(page, f"{url} [play, in game]")
    # 戳牌: the seat choice, then a hand in progress (its legal plays shown as buttons).
    page.evaluate("window.changpaiKiosk.show('play', {rules: 'chuopai'})")
    page.wait_for_selector(".kiosk-seat-dealer")
    found += serious_violations(page, f"{url} [play, 戳牌 seat]")
    page.evaluate("window.changpaiKioskChuopai.tuning = {seed: 4, botDelayMs: 0}")
    page.evaluate("window.changpaiKiosk.show('play', {rules: 'chuopai', seat: 'ally'})")
    page.wait_for_selector(".kiosk-chuo__choice", timeout=120_000)
    found += serious_violations(page, f"{url} [play, 戳牌 in game]")
    page.evaluate(
        "window.changpaiKiosk.show('watch', {deal: document.querySelector('#kiosk-app').dataset.deals.split(' ')[0]})"
    )
    page.wait_for_selector(".cp-deal--live", timeout=30_000)
    found += serious_violations(page, f"{url} [watch, viewer]")
    # The countdown dialog too.
    page.evaluate(
        "() => { window.changpaiKiosk.show('menu'); window.changpaiKiosk.state.lastActivity = Date.now() - 80000; }"
    )
    page.wait_for_selector(".kiosk-countdown:not([hidden])")
    found += serious_violations(page, f"{url} [countdown]")
    assert not found, "axe found serious/critical violations:\n  " + "\n  ".join(found)
