"""The kiosk's "watch" screen also shows the other games of the archive: 戳牌 and 红点点 deals, drawn by the build in
both languages (docs/kiosk/, ``<template class="kiosk-more-deals">``), stepped with the same viewers as their pages.

Titles and first moves are read from the tutorial files and the published frames, never typed in here.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from changpai import yamlfile
from playwright.sync_api import Page, expect

# Deals stepped at kiosk size (nothing about loading): the shared, warmed context (tests/site/conftest.py).
pytestmark = pytest.mark.warm_engine

REPO = Path(__file__).resolve().parents[2]
KIOSK = {"zh": "kiosk/index.html", "en": "en/kiosk/index.html"}
KIOSK_PX = 60  # the kiosk's smallest touch target (tests/site/test_kiosk.py)
LARGE = pytest.mark.browser_context_args(viewport={"width": 1920, "height": 1080}, has_touch=True)


def kiosk_deals(site_dir: Path) -> list[tuple[str, str]]:
    """(widget, deal id) of the other games' deals the build put in the zh kiosk page, in order."""
    html = (site_dir / KIOSK["zh"]).read_text(encoding="utf-8")
    zh = html[html.index('data-lang="zh">') : html.index('<template class="kiosk-more-deals" data-lang="en"')]
    found = re.findall(r'data-cp-widget="(chuopai|hdd-deal)" (?:data-cp-chuopai|data-deal)="([^"]+)"', zh)
    assert found, "the kiosk page holds no 戳牌 or 红点点 deal"
    return found


def title_of(widget: str, deal: str, lang: str) -> str:
    folder = "chuopai" if widget == "chuopai" else "hongdiandian"
    return yamlfile.read(REPO / "tutorials" / folder / f"{deal}.yml")["title"][lang]


def open_watch(page: Page, lang: str, *, switch_to: str | None = None) -> None:
    page.goto(KIOSK[lang])
    page.wait_for_function("window.changpaiKiosk && window.changpaiKiosk.state.screen === 'welcome'")
    page.locator(f'.kiosk-btn--lang[data-lang="{switch_to or lang}"]').click()
    page.locator(".kiosk-go-watch").click()
    expect(page.locator("#kiosk-app")).to_have_attribute("data-screen", "watch")


@LARGE
@pytest.mark.parametrize(("page_lang", "lang"), [("zh", "zh"), ("en", "en"), ("zh", "en")])
def test_the_watch_list_offers_the_other_games_in_the_visitors_language(
    page: Page, site_dir: Path, page_lang: str, lang: str
):
    open_watch(page, page_lang, switch_to=lang)
    choices = page.locator(".kiosk-deal-choice[data-more]")
    deals = kiosk_deals(site_dir)
    expect(choices).to_have_count(len(deals))
    for i, (widget, deal) in enumerate(deals):
        expect(choices.nth(i)).to_contain_text(title_of(widget, deal, lang))
        box = choices.nth(i).bounding_box()
        assert box and box["height"] >= KIOSK_PX


@LARGE
def test_a_chuopai_deal_steps_at_kiosk_size(page: Page, site_dir: Path):
    deals = kiosk_deals(site_dir)
    index, (_, deal) = next((i, d) for i, d in enumerate(deals) if d[0] == "chuopai")
    frames = json.loads((site_dir / "assets" / "chuopai" / f"{deal}.json").read_text(encoding="utf-8"))["frames"]
    open_watch(page, "zh")
    page.locator(f'.kiosk-deal-choice[data-more="{index}"]').click()
    viewer = page.locator(f'.kiosk-watch__body [data-cp-chuopai="{deal}"]')
    expect(viewer).to_have_attribute("data-ready", "1")
    expect(viewer.locator(".cp-chuo-keys")).to_be_hidden()  # a touch screen has no keyboard
    nxt = viewer.locator('button[data-go="next"]')
    box = nxt.bounding_box()
    assert box and box["width"] >= KIOSK_PX and box["height"] >= KIOSK_PX
    nxt.click()
    expect(viewer.locator(".cp-chuo-frame")).to_have_attribute("data-step", "1")
    expect(viewer.locator(".cp-chuo-trick .cp-chuo-play")).to_have_count(len(frames[1]["trick"]))
    # Cards in the trick are drawn large enough to read from a distance.
    card = viewer.locator(".cp-chuo-trick img.cp-card").first
    assert card.bounding_box()["height"] >= 100
    # Back to the list, and the deal is drawn afresh from its first frame the next time.
    page.locator(".kiosk-back").click()
    page.locator(f'.kiosk-deal-choice[data-more="{index}"]').click()
    expect(page.locator(".kiosk-watch__body .cp-chuo-frame")).to_have_attribute("data-step", "0")


@LARGE
def test_a_hongdiandian_deal_steps_in_english(page: Page, site_dir: Path):
    deals = kiosk_deals(site_dir)
    index, (_, deal) = next((i, d) for i, d in enumerate(deals) if d[0] == "hdd-deal")
    steps = json.loads((site_dir / "assets" / "hongdiandian" / f"{deal}.json").read_text(encoding="utf-8"))["steps"]
    open_watch(page, "zh", switch_to="en")
    page.locator(f'.kiosk-deal-choice[data-more="{index}"]').click()
    widget = page.locator(f'.kiosk-watch__body [data-cp-widget="hdd-deal"][data-deal="{deal}"]')
    live = widget.locator(".cp-hdd__live")
    expect(live).to_be_visible()
    expect(widget.locator(".cp-static__title")).to_contain_text(title_of("hdd-deal", deal, "en"))
    live.locator(".cp-hdd__next").click()
    expect(widget).to_have_attribute("data-step", "1")
    seat = live.locator('.cp-hdd__seat[data-seat="0"] .cp-seat__row').first.locator(".cp-card")
    expect(seat).to_have_count(len(steps[1]["hands"][0]))
