"""A non-win explained, in plain words (issue 16, point 3): a hand that waits for nothing says why (three 贰 make a
坎 that may not be split), a hand still being tapped in says how many cards are missing or extra, once, and no
message reads like code ("set(s)", "hand:", "1 questions")."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

# Pages only (nothing about loading): the shared, warmed browser context (tests/site/conftest.py: warm_page).
pytestmark = pytest.mark.warm_engine

PHONE = pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
DESKTOP = pytest.mark.browser_context_args(viewport={"width": 1366, "height": 900})
ENGINE_MS = 120_000
NOT_READY = "贰柒拾贰柒拾二七十一二三壹贰叁肆伍陆七九"  # the grandmother's hand: 贰贰贰 is a held 坎
PROGRAMMER = re.compile(r"\(s\)|\bhand: |^\w+: |\b1 questions\b|doubling\(s\)")


@PHONE
def test_a_hand_that_waits_for_nothing_says_why(page: Page):
    page.goto("index.html")
    widget = page.locator('[data-cp-widget="hand-check"]')
    widget.locator('.cp-tradition__choice[data-rules="leshan"]').tap()
    widget.locator("input[type=text]").fill(NOT_READY)
    widget.locator("button[type=submit]").tap()
    answer = widget.locator("output")
    expect(answer).to_have_attribute("data-state", "answer", timeout=ENGINE_MS)
    expect(answer).to_contain_text("不听牌")
    reasons = answer.locator(".cp-hand-check__reasons li")
    expect(reasons).to_have_count(1)
    expect(reasons.first).to_contain_text("贰贰贰")
    expect(reasons.first).to_contain_text("不能拆开")
    assert not PROGRAMMER.search(answer.inner_text())


@DESKTOP
def test_the_calculator_says_how_many_cards_are_missing_or_extra(page: Page):
    page.goto("en/learn/calculator.html")
    widget = page.locator('[data-cp-widget="calculator"]').first
    widget.locator(".cp-calc__clear").click()
    for card in ["1s", "2s", "3s"]:
        widget.locator(f'.cp-calc__kind[data-card="{card}"]').click()
    building = widget.locator(".cp-calc__building")
    expect(building).to_have_text(
        "Tap 17 more cards: a hand waiting for one card holds 20, a complete one 21.", timeout=ENGINE_MS
    )
    text = building.inner_text()
    assert "too many" not in text and not PROGRAMMER.search(text)


@DESKTOP
def test_the_calculator_sample_is_a_win_that_takes_a_changed_card(page: Page):
    """The 21-card sample shows its last card as the winning one, so changing that card does not break the hand."""
    page.goto("learn/calculator.html")
    widget = page.locator('[data-cp-widget="calculator"]').first
    expect(widget.locator('.cp-calc__zone[data-zone="hand"] [data-card]')).to_have_count(20)
    expect(widget.locator('.cp-calc__zone[data-zone="win"] [data-card]')).to_have_count(1)
    expect(widget.locator(".cp-calc__verdict")).to_contain_text("胡了", timeout=ENGINE_MS)
    assert not PROGRAMMER.search(widget.locator(".cp-calc__result").inner_text())


@DESKTOP
def test_the_deal_gallery_counts_questions_in_plain_english(page: Page):
    page.goto("en/learn/deals.html")
    summaries = page.locator("summary small").all_inner_texts()
    assert summaries, "the gallery lists no deal"
    for s in summaries:
        assert not re.search(r"\b1 questions\b|\b1 steps\b", s), s
