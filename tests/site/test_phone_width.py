"""On a phone (390 px wide), no page with a widget scrolls sideways once its widgets are drawn, in either language.

A field as wide as its longest choice (the English name of a rule set, say) pushed the whole page of the hand
calculator 45 px past the screen: the page slid sideways under the reader's thumb. Each page is read as a phone
shows it: every widget mounted, then the document's width against the screen's."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page

from tests.site.test_first_screen import NEXT_FRAMES

pytestmark = pytest.mark.warm_engine

PHONE = {"width": 390, "height": 844}

# Every widget of the page mounted (core.js marks each one), then two frames so the layout has settled.
WIDGETS_DRAWN = """() => {
  const all = document.querySelectorAll("[data-cp-widget]");
  return all.length > 0 && [...all].every((w) => w.dataset.cpMounted && w.childElementCount > 0);
}"""
# What sticks out past the right edge of the screen, for the failure message.
WIDE = """(width) => [...document.querySelectorAll("body *")]
  .filter((el) => el.getBoundingClientRect().right > width + 1 && !el.closest("[hidden], .md-sidebar, .md-search"))
  .slice(0, 5).map((el) => el.tagName.toLowerCase() + "." + String(el.className).split(" ").join("."))"""


def widget_pages(site: Path, lang: str) -> list[str]:
    pages = sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html"))
    pages = [rel for rel in pages if rel.startswith("en/") == (lang == "en") and not rel.split("/")[-2:-1] == ["kiosk"]]
    return [rel for rel in pages if "data-cp-widget" in (site / rel).read_text(encoding="utf-8")]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_no_page_with_a_widget_scrolls_sideways_on_a_phone(page: Page, site_dir: Path, lang: str):
    pages = widget_pages(site_dir, lang)
    assert len(pages) >= 8, pages  # the rules pages, the calculator, the lessons, the deals, the matches, home
    page.set_viewport_size(PHONE)
    wide = {}
    for rel in pages:
        page.goto(rel)
        page.wait_for_function(WIDGETS_DRAWN, timeout=20_000)
        page.evaluate(NEXT_FRAMES)
        width = page.evaluate("() => document.documentElement.scrollWidth")
        if width > PHONE["width"]:
            wide[rel] = (width, page.evaluate(WIDE, PHONE["width"]))
    assert not wide, f"pages wider than the phone's {PHONE['width']} px: {wide}"
