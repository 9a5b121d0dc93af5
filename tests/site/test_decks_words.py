"""The decks page and the glossary in Chromium: every card image loads and is described in the page's language,
and term links from other pages land on an existing glossary entry."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page

# Pages only (nothing about loading): the shared, warmed browser context (tests/site/conftest.py: warm_page).
pytestmark = pytest.mark.warm_engine

CJK = re.compile(r"[\u4e00-\u9fff]")
CARD_IMAGES = 20 + 20 + 16 + 21 + 1  # two colour schemes, Wuchuan two-ended cards, domino faces, the back


def prefix(lang: str) -> str:
    return "" if lang == "zh" else "en/"


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_card_image_loads_with_alt_text_in_the_page_language(page: Page, lang: str):
    response = page.goto(f"{prefix(lang)}archive/decks.html")
    assert response is not None and response.ok
    page.evaluate("() => document.querySelectorAll('img[loading=lazy]').forEach(i => { i.loading = 'eager'; })")
    page.wait_for_load_state("networkidle")
    page.wait_for_function(
        "() => [...document.querySelectorAll('figure.cp-deckcard img')].every(i => i.complete && i.naturalWidth > 0)"
    )
    cards = page.eval_on_selector_all(
        "figure.cp-deckcard img",
        "imgs => imgs.map(i => ({src: i.getAttribute('src'), alt: i.alt, w: i.naturalWidth, h: i.naturalHeight,"
        " shown: i.getBoundingClientRect().width}))",
    )
    assert len(cards) == CARD_IMAGES
    assert len({c["src"] for c in cards}) == CARD_IMAGES
    for card in cards:
        assert 3.5 <= card["h"] / card["w"] <= 4.0, card["src"]
        assert card["shown"] >= 40, f"{card['src']} is drawn too small to read ({card['shown']}px)"
        if lang == "zh":
            assert CJK.search(card["alt"]) and not re.search(r"[A-Za-z]{3,}", card["alt"]), card["alt"]
        else:
            assert re.search(r"\b(card|big|small|domino|back|red|black)\b", card["alt"]), card["alt"]


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_term_links_on_a_rules_page_land_on_a_glossary_entry(page: Page, lang: str):
    page.goto(f"{prefix(lang)}rules/luzhou.html")
    terms = page.eval_on_selector_all(
        "article a.cp-term", "as => as.map(a => ({href: a.href, title: a.title, text: a.textContent}))"
    )
    assert terms, "no glossary links on the Luzhou rules page"
    assert len({t["href"] for t in terms}) == len(terms), "a term was linked twice on one page"
    for term in terms:
        assert term["title"], term
        assert ("/en/" in term["href"]) == (lang == "en"), term["href"]
    first = terms[0]
    page.goto(first["href"])
    anchor = first["href"].split("#", 1)[1]
    row = page.locator(f"#{anchor}")
    assert row.count() == 1
    assert first["text"].lower() in row.inner_text().lower() or CJK.search(row.inner_text())


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_archive_front_page_shows_one_card_of_each_kind(page: Page, lang: str):
    page.goto(f"{prefix(lang)}archive/index.html")
    page.wait_for_load_state("networkidle")
    cards = page.eval_on_selector_all(
        ".cp-deck-sample figure.cp-deckcard img",
        "imgs => imgs.map(i => ({src: i.getAttribute('src'), ok: i.complete && i.naturalWidth > 0}))",
    )
    kinds = [c["src"].split("/cards/")[1].split("/")[0] for c in cards]
    assert kinds == ["luzhou", "leshan", "leshan", "wuchuan-dual", "dominoes"]
    assert all(c["ok"] for c in cards), cards
    red = page.eval_on_selector_all(".cp-deck-sample figure.cp-deckcard-red", "fs => fs.length")
    assert red == 3  # Luzhou's 贰, Leshan's big 柒, the two-ended 拾; Leshan's small 七 is black
