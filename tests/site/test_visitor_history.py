"""The history page's figures as a visitor sees them (issue 16, point 7): the timeline drawn from the page's own
table, one mark per row, legends told apart from records; the six making steps as a row of the site's card
drawings; captions in the page's language; readable on a phone and on a desktop."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

# Two frames: a block scrolled to is drawn by then (text below the first screen is folded, content-visibility: auto,
# sitebuild/ext_fold.py, and innerText leaves out what is not drawn).
from tests.site.test_first_screen import NEXT_FRAMES

# Pages only (nothing about loading): the shared, warmed browser context (tests/site/conftest.py: warm_page).
pytestmark = pytest.mark.warm_engine

PHONE = pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
DESKTOP = pytest.mark.browser_context_args(viewport={"width": 1366, "height": 900})
PAGES = {"zh": "archive/history.html", "en": "en/archive/history.html"}


def table_rows(page: Page) -> list[str]:
    """The first column of the timeline table (the page's last table), as the visitor reads it: scrolled to."""
    table = page.locator("article table").last
    table.scroll_into_view_if_needed()
    page.evaluate(NEXT_FRAMES)
    cells = table.locator("tbody tr").evaluate_all("rows => rows.map(r => r.cells[0].innerText.trim())")
    return cells


def check_timeline(page: Page, lang: str, width: int):
    page.goto(PAGES[lang])
    figure = page.locator("article figure.cp-timeline-figure")
    expect(figure).to_have_count(1)
    rows = figure.locator("li.cp-timeline__row")
    whens = table_rows(page)
    assert len(whens) >= 15
    figure.scroll_into_view_if_needed()
    page.evaluate(NEXT_FRAMES)
    assert rows.locator(".cp-timeline__when").all_inner_texts() == whens, "the drawing follows the table, in order"
    # the figure comes before the table it draws
    assert figure.bounding_box()["y"] < page.locator("article table").last.bounding_box()["y"]
    # the drawn line and the marks: legends hollow, records filled
    line = figure.locator("ol.cp-timeline").evaluate("e => getComputedStyle(e).borderLeftWidth")
    assert float(line.removesuffix("px")) >= 2
    legend_rows = figure.locator("li.cp-timeline__legend")
    assert legend_rows.count() == sum("传说" in w or "legend" in w for w in whens) >= 2
    fill = "e => getComputedStyle(e).backgroundColor"
    hollow = legend_rows.first.locator(".cp-timeline__mark").evaluate(fill)
    filled = figure.locator("li.cp-timeline__record .cp-timeline__mark").first.evaluate(fill)
    assert hollow != filled and filled == "rgb(184, 36, 28)", (hollow, filled)
    for i in (0, rows.count() - 1):
        mark = rows.nth(i).locator(".cp-timeline__mark")
        mark.scroll_into_view_if_needed()
        b = mark.bounding_box()
        assert b and b["width"] >= 12 and b["x"] >= 0, b
        text = rows.nth(i).locator(".cp-timeline__what").bounding_box()
        assert text["x"] + text["width"] <= width, "a timeline line runs off the screen"
        size = rows.nth(i).locator(".cp-timeline__what").evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
        assert size >= 12, size
    caption = figure.locator("figcaption")
    expect(caption).to_contain_text("示意" if lang == "zh" else "not to scale")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width


def check_making_steps(page: Page, lang: str, width: int):
    page.goto(PAGES[lang])
    figure = page.locator("article figure.cp-making")
    expect(figure).to_have_count(1)
    figure.scroll_into_view_if_needed()
    steps = figure.locator("li.cp-making__step")
    expect(steps).to_have_count(6)
    names = steps.locator(".cp-making__name").all_inner_texts()
    if lang == "zh":
        assert names[0] == "裱纸成板" and names[-1] == "刷熟桐油", names
    else:
        assert names[0] == "paste the board" and names[-1] == "coat with boiled tung oil", names
    assert steps.locator(".cp-making__n").all_inner_texts() == ["1", "2", "3", "4", "5", "6"]
    for i in range(6):
        img = steps.nth(i).locator("img")
        img.scroll_into_view_if_needed()
        alt = f"第 {i + 1} 步：{names[i]}" if lang == "zh" else f"Step {i + 1}: {names[i]}"
        expect(img).to_have_attribute("alt", alt)
        assert page.evaluate("img => img.complete && img.naturalWidth > 0", img.element_handle()), "a card drawing"
        b = img.bounding_box()
        assert b["height"] >= 80 and b["x"] + b["width"] <= width, b
    expect(figure.locator("figcaption")).to_contain_text("[000]")
    # the sequence sits in the Wuchuan section, before the heritage listings
    listings = page.locator("article h2", has_text="非物质文化遗产" if lang == "zh" else "Heritage listings")
    assert figure.bounding_box()["y"] < listings.bounding_box()["y"]


@PHONE
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_timeline_is_drawn_from_the_table_on_a_phone(page: Page, lang):
    check_timeline(page, lang, 390)


@DESKTOP
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_timeline_is_drawn_from_the_table_on_a_desktop(page: Page, lang):
    check_timeline(page, lang, 1366)


@PHONE
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_making_steps_are_drawn_with_the_sites_cards_on_a_phone(page: Page, lang):
    check_making_steps(page, lang, 390)


@DESKTOP
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_making_steps_are_drawn_with_the_sites_cards_on_a_desktop(page: Page, lang):
    check_making_steps(page, lang, 1366)


@pytest.mark.parametrize(
    "viewport", [{"width": 390, "height": 844}, {"width": 1366, "height": 900}], ids=["phone", "desktop"]
)
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_places_named_are_shown_on_a_schematic_map(browser, site_url, viewport, lang):
    context = browser.new_context(
        viewport=viewport, has_touch=viewport["width"] < 500, base_url=site_url, bypass_csp=True
    )
    page = context.new_page()
    try:
        page.goto(PAGES[lang])
        figure = page.locator("article figure.cp-history-map")
        expect(figure).to_have_count(1)
        figure.scroll_into_view_if_needed()
        svg = figure.locator("svg.cp-map")
        expect(svg).to_be_visible()
        b = svg.bounding_box()
        assert b["width"] >= 300 and b["height"] >= 150, b
        labels = " ".join(svg.locator("text").evaluate_all("els => els.map(e => e.textContent)"))
        for place in (
            ("乐山", "泸州", "务川", "五通桥") if lang == "zh" else ("Leshan", "Luzhou", "Wuchuan", "Wutongqiao")
        ):
            assert place in labels, place
        caption = figure.locator("figcaption")
        expect(caption).to_contain_text("示意图，不按比例" if lang == "zh" else "Schematic, not to scale")
        link = caption.locator("a")
        link.click()
        expect(page).to_have_url(re.compile(r"archive/places\.html$"))
        assert page.locator("article svg.cp-map").count() == 1
    finally:
        context.close()
