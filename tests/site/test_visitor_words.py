"""What a visitor reads (issue 16, points 4, 7 and 10): no developer language on the visitor pages (rule-set ids,
build talk, "the engine's default"), the history page illustrated with the site's own card drawings, and the lesson
hint's lamp drawn, not the 💡 emoji that the kiosk's Chromium shows as a blank box."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

DESKTOP = pytest.mark.browser_context_args(viewport={"width": 1366, "height": 900})
KIOSK = pytest.mark.browser_context_args(viewport={"width": 1920, "height": 1080}, has_touch=True)
VISITOR_PAGES = [
    "index.html", "en/index.html",
    "learn/index.html", "en/learn/index.html",
    "learn/deals.html", "en/learn/deals.html",
    "learn/lessons.html", "en/learn/lessons.html",
    "learn/calculator.html", "en/learn/calculator.html",
]  # fmt: skip
DEVELOPER = re.compile(
    r"\bluzhou-[ab]\b|tutorials/|建站|the site (is|was) built|stops the build|引擎默认|engine'?s? default|"
    r"rule set is called|\b[a-z]+_[a-z_]+\b"
)


@DESKTOP
@pytest.mark.parametrize("path", VISITOR_PAGES)
def test_visitor_pages_speak_without_developer_words(page: Page, path):
    page.goto(path)
    # every folded deal and lesson opened, so their static text counts too
    page.evaluate("document.querySelectorAll('article details').forEach(d => d.open = true)")
    text = page.locator("article").inner_text()
    found = sorted({m.group(0) for m in DEVELOPER.finditer(text)})
    assert not found, f"{path}: {found}"


@DESKTOP
@pytest.mark.parametrize("path", ["rules/leshan.html", "en/rules/leshan.html"])
def test_the_leshan_page_names_the_tradition_not_the_rule_set_id(page: Page, path):
    page.goto(path)
    text = page.locator("article").inner_text()
    assert not re.search(r"rule set is called|\bleshan\*\*|引擎里叫", text)
    assert "\u4e50\u5c71\u8d30\u67d2\u62fe" in text or "Er Qi Shi" in text


@DESKTOP
@pytest.mark.parametrize("path", ["archive/history.html", "en/archive/history.html"])
def test_the_history_page_is_illustrated_with_the_sites_cards(page: Page, path):
    page.goto(path)
    figures = page.locator("article figure.cp-deckcard img")
    assert figures.count() >= 5 + 21, "the sample row and the Chuan cards"
    first = figures.first
    first.scroll_into_view_if_needed()
    assert page.evaluate("img => img.complete && img.naturalWidth > 0", first.element_handle())
    assert first.bounding_box()["height"] >= 100
    # the first drawing comes before the first section, not at the end of 5,000 px of text
    heading = page.locator("article h2").first
    assert first.bounding_box()["y"] < heading.bounding_box()["y"]


@KIOSK
def test_a_lesson_hint_carries_a_drawn_lamp_not_an_emoji(page: Page):
    page.goto("learn/lessons.html")
    lesson = page.locator('[data-cp-widget="lesson"]').first
    hint = lesson.locator(".cp-lesson__hint")
    expect(hint).to_be_visible(timeout=30_000)
    hint.click()
    shown = lesson.locator(".cp-hint").first
    expect(shown).to_be_visible()
    assert "💡" not in shown.inner_text()
    icon = shown.locator("svg.cp-hint__icon")
    expect(icon).to_be_visible()
    b = icon.bounding_box()
    assert b["width"] >= 16 and b["height"] >= 16, b
