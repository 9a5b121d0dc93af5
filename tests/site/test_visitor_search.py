"""Search as a visitor uses it (issue 16, point 9): whole English words are found ("teahouses", "nearly" once
returned nothing: Material turns each query word into a prefix search, which lunr runs without its stemmer, so a
stemmed index never matched), and results stay in the page's language."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

# Pages only (nothing about loading): the shared, warmed browser context (tests/site/conftest.py: warm_page).
pytestmark = pytest.mark.warm_engine

DESKTOP = pytest.mark.browser_context_args(viewport={"width": 1366, "height": 900})


def search(page: Page, query: str) -> list[str]:
    page.locator(".md-search__input").click()
    page.keyboard.type(query)
    meta = page.locator(".md-search-result__meta")
    # past the placeholder and the "initialising" line (the index loads on first use; slow on a busy machine)
    waiting = r"^\s*(Type to start searching|键入以开始搜索|Initializing search|正在初始化搜索引擎|)\s*$"
    expect(meta).not_to_have_text(re.compile(waiting), timeout=60_000)
    read = """() => [document.querySelector('.md-search-result__meta').textContent.trim(),
        [...document.querySelectorAll('.md-search-result__list > .md-search-result__item:not([hidden]) > a')]
            .map(a => new URL(a.href).pathname)]"""
    # the results of the last keystroke: the same answer twice, half a second apart
    before = page.evaluate(read)
    for _ in range(40):
        page.wait_for_timeout(500)
        now = page.evaluate(read)
        if now == before:
            break
        before = now
    return before[1]


def pages_with(site_dir, word: str, english: bool) -> list[str]:
    root = site_dir / "en" if english else site_dir
    found = []
    for path in root.rglob("*.html"):
        if not english and path.is_relative_to(site_dir / "en"):
            continue
        text = re.sub(r"<[^>]+>", " ", path.read_text(encoding="utf-8"))
        if re.search(rf"\b{word}\b", text, re.IGNORECASE):
            found.append(path)
    return found


@DESKTOP
@pytest.mark.parametrize("word", ["teahouses", "nearly", "teahouse"])
def test_english_words_on_the_pages_are_found(page: Page, site_dir, word):
    if not pages_with(site_dir, "teahouses" if word == "teahouse" else word, english=True):
        pytest.fail(f"no English page says {word!r} any more: pick another word from the pages")
    page.goto("en/index.html")
    hits = search(page, word)
    assert hits, f"searching {word!r} found nothing"
    assert all(h.startswith("/en/") for h in hits), hits


@DESKTOP
def test_results_stay_in_the_page_language(page: Page):
    page.goto("index.html")
    hits = search(page, "cards")  # an English word that the Chinese pages also carry (card names, alt text)
    assert all(not h.startswith("/en/") for h in hits), hits
    meta = page.locator(".md-search-result__meta").inner_text()
    assert str(len(set(hits))) in meta or (not hits and "没有" in meta), meta
    page.goto("en/index.html")
    hits = search(page, "碰")
    assert hits and all(h.startswith("/en/") for h in hits), hits
