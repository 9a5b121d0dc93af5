"""The home page as a visitor meets it (issue 16, points 1 and 7): the cards themselves first, the games as
tiles, a hand tapped in card by card under a game chosen in plain sight and remembered, colours that follow it."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

# Pages only (nothing about loading): the shared, warmed browser context (tests/site/conftest.py: warm_page).
pytestmark = pytest.mark.warm_engine

PHONE = pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
DESKTOP = pytest.mark.browser_context_args(viewport={"width": 1366, "height": 900})
KIOSK = pytest.mark.browser_context_args(viewport={"width": 1920, "height": 1080}, has_touch=True)


def box(locator) -> dict:
    found = locator.bounding_box()
    assert found, f"{locator} is not on screen"
    return found


@DESKTOP
@pytest.mark.parametrize("path", ["index.html", "en/index.html"])
def test_first_screen_opens_with_large_cards_and_game_tiles(page: Page, path):
    page.goto(path)
    cards = page.locator(".cp-hero__card")
    assert cards.count() >= 5
    for i in range(cards.count()):
        card = cards.nth(i)
        expect(card).to_be_visible()
        assert page.evaluate("img => img.complete && img.naturalWidth > 0", card.element_handle())
        b = box(card)
        assert b["height"] >= 180, f"hero card {i} is only {b['height']} px tall"
        assert b["y"] + b["height"] <= 900, "the cards are below the first screen"
    tiles = page.locator("a.cp-tile")
    assert tiles.count() >= 6
    for i in range(tiles.count()):
        b = box(tiles.nth(i))
        assert b["height"] >= 44 and b["width"] >= 120, b
    assert box(tiles.first)["y"] < 900, "the game tiles start below the first screen"
    hrefs = [tiles.nth(i).get_attribute("href") for i in range(tiles.count())]
    assert any("rules/leshan" in h for h in hrefs) and any("learn/deals" in h for h in hrefs)
    assert any("learn/play" in h for h in hrefs), "no way from the first screen to a game of one's own"
    # "Where to start" names each section as a link, not bold text
    start = page.locator("h2:has-text('从哪里开始'), h2:has-text('Where to start')")
    links = start.locator("xpath=following-sibling::ul[1]//a")
    assert links.count() >= 3


@PHONE
def test_a_hand_is_tapped_in_before_anything_is_typed(page: Page):
    page.goto("index.html")
    widget = page.locator('[data-cp-widget="hand-check"]')
    palette = widget.locator(".cp-hand-check__kind")
    expect(palette).to_have_count(20)
    typed = widget.locator("input[type=text]")
    assert box(palette.first)["y"] < box(typed)["y"], "the typing box comes before the tap palette"
    for i in range(20):
        b = box(palette.nth(i))
        assert b["width"] >= 44 and b["height"] >= 44, f"palette card {i}: {b}"
    widget.locator(".cp-hand-check__clear").tap()
    expect(widget.locator(".cp-hand-check__held")).to_have_count(0)
    for card in ["1s", "2s", "3s", "2b", "2b"]:
        widget.locator(f'.cp-hand-check__kind[data-card="{card}"]').tap()
    held = widget.locator(".cp-hand-check__held")
    expect(held).to_have_count(5)
    assert [held.nth(i).locator("[data-card]").get_attribute("data-card") for i in range(5)] == [
        "1s",
        "2s",
        "3s",
        "2b",
        "2b",
    ]
    expect(widget.locator(".cp-hand-check__count")).to_contain_text("5 张")
    expect(typed).to_have_value("一二三贰贰")
    assert box(held.first)["height"] >= 40, "cards in the hand are too small to tap"
    # the last copies run out: the palette says how many are left and greys the card out
    widget.locator('.cp-hand-check__kind[data-card="2b"]').tap()
    widget.locator('.cp-hand-check__kind[data-card="2b"]').tap()
    expect(widget.locator('.cp-hand-check__kind[data-card="2b"]')).to_be_disabled()
    held.first.tap()  # tapping a card in the hand takes it back
    expect(typed).to_have_value("二三贰贰贰贰")


@PHONE
def test_the_game_is_chosen_in_sight_remembered_and_colours_follow_it(page: Page):
    page.goto("index.html")
    widget = page.locator('[data-cp-widget="hand-check"]')
    choices = widget.locator(".cp-tradition__choice")
    assert choices.count() >= 3
    texts = choices.all_inner_texts()
    assert "乐山贰柒拾" in texts and "泸州大贰" in texts
    assert not any("leshan" in t or "luzhou-a" in t for t in texts), texts
    expect(widget.locator('.cp-tradition__choice[aria-checked="true"]')).to_have_text("泸州大贰")
    one_big = widget.locator('.cp-hand-check__kind[data-card="1b"] img')
    ten_small = widget.locator('.cp-hand-check__kind[data-card="ts"] img')
    assert "/luzhou/" in one_big.get_attribute("src") and "黑" in one_big.get_attribute("alt")
    assert "红" in ten_small.get_attribute("alt")
    widget.locator('.cp-tradition__choice[data-rules="leshan"]').tap()
    # Leshan colours its big cards red and the small ones black: 壹 red, 十 black
    expect(one_big).to_have_attribute("src", lambda_src_contains("/leshan/"))
    assert "红" in one_big.get_attribute("alt") and "黑" in ten_small.get_attribute("alt")
    page.reload()
    widget = page.locator('[data-cp-widget="hand-check"]')
    expect(widget.locator('.cp-tradition__choice[aria-checked="true"]')).to_have_text("乐山贰柒拾")
    assert "/leshan/" in widget.locator('.cp-hand-check__kind[data-card="1b"] img').get_attribute("src")
    # the calculator opens under the same game
    page.goto("learn/calculator.html")
    expect(page.locator(".cp-calc__rules")).to_have_value("leshan")


def lambda_src_contains(part: str):
    import re

    return re.compile(re.escape(part))
