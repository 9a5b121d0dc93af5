"""The archive pages (docs/archive/) in Chromium: both languages render, carry the record card, and every
figure has a text alternative in the page's language. The ``page`` fixture fails any test whose page
requests anything outside 127.0.0.1 or logs a console error."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
from changpai.daer.traditions import PLAY_RULES, RULESETS
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

# Pages only (nothing about loading): the shared, warmed browser context (tests/site/conftest.py: warm_page).
pytestmark = pytest.mark.warm_engine

PAGES = ["index", "history", "making", "places", "sources", "decks", "words", "help", "credits", "colophon"]
LABELS = {
    "zh": ["标题", "传统", "地区", "年代", "资料", "最后修改"],
    "en": ["Title", "Tradition", "Region", "Period", "Sources", "Last change"],
}
CJK = re.compile(r"[\u4e00-\u9fff]")
LATIN = re.compile(r"[A-Za-z]")


def url(name: str, lang: str) -> str:
    return f"{'' if lang == 'zh' else 'en/'}archive/{name}.html"


def open_page(page: Page, name: str, lang: str) -> None:
    response = page.goto(url(name, lang))
    assert response is not None and response.ok, f"{url(name, lang)} answered {response and response.status}"
    # The archive pages fetch nothing after "load": wait for their fonts (layouts are measured), not for the
    # half second of network silence "networkidle" would cost.
    page.wait_for_load_state("load")
    page.evaluate("() => document.fonts.ready.then(() => true)")


# Accessible text of every top-level figure in the article: an <img>'s alt, or the title + desc an SVG
# with role="img" points to; an SVG that is neither labelled nor aria-hidden is reported as None.
FIGURE_TEXTS_JS = """() => {
  const out = [];
  for (const img of document.querySelectorAll('article img')) out.push(['img', img.getAttribute('alt')]);
  for (const svg of document.querySelectorAll('article svg')) {
    if (svg.parentElement.closest('svg') || svg.closest('[aria-hidden="true"]')) continue;
    if (svg.getAttribute('aria-hidden') === 'true') continue;
    if (svg.closest('a, button, label, .md-clipboard')) continue;  // icons named by their control
    const ids = (svg.getAttribute('aria-labelledby') || '').split(/\\s+/).filter(Boolean);
    const text = ids.map(id => { const el = document.getElementById(id); return el ? el.textContent : ''; })
      .join(' ').trim() || svg.getAttribute('aria-label');
    out.push(['svg', svg.getAttribute('role') === 'img' ? (text || null) : null]);
  }
  return out;
}"""


def renders_with_its_record_card(page: Page, name: str, lang: str) -> None:
    """The page renders in its language with its record card right under the title."""
    assert page.evaluate("document.documentElement.lang").startswith(lang)
    card = page.locator("article .cp-record")
    expect(card).to_have_count(1)
    expect(card).to_be_visible()
    # the card sits right under the page title
    assert page.evaluate("document.querySelector('article h1').nextElementSibling.classList.contains('cp-record')")
    labels = card.locator("dt").all_inner_texts()
    assert labels == LABELS[lang]
    values = dict(zip(labels, card.locator("dd").all_inner_texts(), strict=True))
    assert values[LABELS[lang][0]] == page.locator("article h1").inner_text().replace("¶", "").strip()
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", values[LABELS[lang][-1]])
    tags = card.locator("a.cp-record-source")
    assert tags.count() >= 1
    for tag in tags.all():
        assert re.fullmatch(r"\[00[0-4]\]", tag.inner_text())
        assert tag.get_attribute("href").endswith(f"#source-{tag.inner_text().strip('[]')}")
    # the language of the text itself: Chinese pages are Chinese, English pages are not
    body = page.locator("article").inner_text()
    cjk, latin = len(CJK.findall(body)), len(LATIN.findall(body))
    assert (cjk > latin) if lang == "zh" else (latin > 8 * cjk)


def figures_have_text_alternatives_in_the_page_language(page: Page, name: str, lang: str) -> None:
    """Every figure has a text alternative in the page's language."""
    figures = page.evaluate(FIGURE_TEXTS_JS)
    if name in ("making", "places"):
        assert [kind for kind, _ in figures].count("svg") >= 1, "the page's own drawing is missing"
    for kind, text in figures:
        assert text and text.strip(), f"an <{kind}> on {url(name, lang)} has no text alternative"
        if lang == "zh":
            assert CJK.search(text), f"Chinese page, non-Chinese alternative: {text[:80]}"
        else:
            assert len(CJK.findall(text)) * 20 < len(LATIN.findall(text)), (
                f"English page, Chinese alternative: {text[:80]}"
            )


@pytest.mark.browser
@pytest.mark.parametrize("lang, scale_note", [("zh", "不按比例"), ("en", "not to scale")])
def test_places_map_says_it_is_schematic(page: Page, lang: str, scale_note: str):
    open_page(page, "places", lang)
    svg = page.locator("article figure svg[role=img]")
    expect(svg).to_have_count(1)
    title_id = svg.get_attribute("aria-labelledby").split()[0]
    assert scale_note in page.locator(f"#{title_id}").text_content()
    assert svg.bounding_box()["width"] > 300, "the map scales with the column"


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_source_tags_lead_to_their_entry_on_the_sources_page(page: Page, lang: str):
    open_page(page, "history", lang)
    first = page.locator("article .cp-record a.cp-record-source").first
    tag = first.inner_text().strip("[]")
    first.click()
    page.wait_for_url(re.compile(rf"/{'en/' if lang == 'en' else ''}archive/sources\.html#source-{tag}$"))
    target = page.locator(f"#source-{tag}")
    expect(target).to_have_count(1)
    assert f"[{tag}]" in target.inner_text()


@pytest.mark.browser
@pytest.mark.parametrize("lang, word", [("zh", "传说"), ("en", "Legend")])
def test_history_marks_both_legends_as_legends(page: Page, lang: str, word: str):
    open_page(page, "history", lang)
    legend_headings = [t for t in page.locator("article h3").all_inner_texts() if t.startswith(word)]
    assert len(legend_headings) == 2, legend_headings


# Bracketed source tags in running text that are not links to the sources page; admonition titles and
# headings may name a source in plain text (a link there would be a link inside a heading or a summary).
UNLINKED_TAGS_JS = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.querySelector('article'), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!/\\[00[0-4]\\]/.test(node.textContent)) continue;
    const el = node.parentElement;
    if (el.closest('svg, h1, h2, h3, h4, h5, h6, .admonition-title, summary')) continue;
    const link = el.closest('a');
    if (link && /(^|\\/)sources\\.html#source-00[0-4]$/.test(link.getAttribute('href'))) continue;
    out.push(node.textContent.trim().slice(0, 60));
  }
  return out;
}"""


def every_source_tag_in_the_text_links_to_the_sources_page(page: Page, name: str, lang: str) -> None:
    """Every source tag in the text links to its entry on the sources page."""
    assert page.evaluate(UNLINKED_TAGS_JS) == []
    for href in set(page.eval_on_selector_all("article a[href*='#source-']", "as => as.map(a => a.href)")):
        anchor = href.split("#", 1)[1]
        assert re.fullmatch(r"source-00[0-4]", anchor), href


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_on_a_phone_the_craft_steps_stay_legible_and_the_map_scrolls_instead_of_shrinking(page: Page, lang: str):
    page.set_viewport_size({"width": 390, "height": 844})
    open_page(page, "making", lang)
    heights = page.eval_on_selector_all(
        "article svg.cp-steps text", "ts => ts.map(t => t.getBoundingClientRect().height)"
    )
    assert len(heights) >= 12 and min(heights) >= 11, heights
    open_page(page, "places", lang)
    box = page.locator("article svg.cp-map").bounding_box()
    assert box["width"] >= 700, box
    figure = page.locator("article figure:has(svg.cp-map)")
    assert figure.evaluate("f => f.scrollWidth > f.clientWidth && getComputedStyle(f).overflowX === 'auto'")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390, "the page itself must not scroll sideways"
    hint = page.locator("article .cp-figure-hint")
    expect(hint).to_be_visible()
    page.set_viewport_size({"width": 1280, "height": 900})
    expect(hint).to_be_hidden()


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_on_a_phone_each_glossary_row_is_a_card_with_its_meaning_in_full_width(page: Page, lang: str):
    page.set_viewport_size({"width": 390, "height": 844})
    open_page(page, "words", lang)
    article = page.locator("article").bounding_box()
    row = page.locator("#term-daer")
    meaning = row.locator("td.cp-def").bounding_box()
    assert meaning["width"] >= 0.8 * article["width"], (meaning, article)
    expect(page.locator(".cp-glossary thead").first).to_be_hidden()
    label = row.locator("td.cp-src").evaluate("td => getComputedStyle(td, '::before').content")
    assert ("来源" if lang == "zh" else "Sources") in label
    source = row.locator("td.cp-src a").first
    source.click()
    page.wait_for_url(re.compile(r"archive/sources\.html#source-00[0-4]$"))


@pytest.mark.browser
@pytest.mark.parametrize("lang, label", [("zh", "本站的默认"), ("en", "this site assumes")])
def test_on_a_phone_the_disagreement_table_reads_as_labelled_cards(page: Page, lang: str, label: str):
    open_page(page, "sources", lang)
    table = page.locator("article table[data-cp-stack]").first
    first_row = table.locator("tbody tr").first
    assert first_row.evaluate("tr => getComputedStyle(tr).display") == "table-row"  # a plain table on a desktop
    page.set_viewport_size({"width": 390, "height": 844})
    assert first_row.evaluate("tr => getComputedStyle(tr).display") == "block"
    expect(table.locator("thead")).to_be_hidden()
    cells = first_row.locator("td")
    heading = table.locator("thead th").nth(cells.count() - 1).text_content().strip()
    assert label in heading
    before = cells.last.evaluate("td => getComputedStyle(td, '::before').content")
    assert heading in before
    assert table.bounding_box()["width"] <= 390


def the_record_names_exactly_the_sources_the_page_cites(page: Page, name: str, lang: str) -> None:
    """The record card names exactly the sources the text cites."""
    in_card = page.eval_on_selector_all("article .cp-record a[href*='#source-']", "as => as.map(a => a.hash)")
    in_text = page.eval_on_selector_all(
        "article a[href*='#source-']", "as => as.filter(a => !a.closest('.cp-record')).map(a => a.hash)"
    )
    assert set(in_card) == set(in_text)


def test_every_engine_name_on_the_sources_page_exists_in_the_engine():
    """The sources page tells which reading the site follows in the tradition's words (issue 16, point 4: no rule-set
    ids or option code names for visitors; the rules reference lists those). Any name still in `code` must be one
    the engine has, so a renamed or removed option cannot leave the page describing an engine that no longer exists."""
    known = set(RULESETS) | {f.name for f in dataclasses.fields(next(iter(RULESETS.values())))}
    known |= {f.name for f in dataclasses.fields(next(iter(PLAY_RULES.values())))}
    known |= {option.name for rules in RULESETS.values() for option in rules.declared}  # each tradition's own options
    docs = Path(__file__).resolve().parents[2] / "docs" / "archive"
    for name in ("sources.md", "sources.en.md"):
        named = set(re.findall(r"`([a-z0-9_-]+)`", (docs / name).read_text(encoding="utf-8")))
        assert not named & set(RULESETS), f"{name} names rule sets by their ids: {sorted(named & set(RULESETS))}"
        assert named <= known, f"{name} names {sorted(named - known)}, which the engine does not have"


CITE_HEADINGS = {"zh": "如何引用本页", "en": "How to cite this page"}


def ends_with_how_to_cite_it(page: Page, name: str, lang: str) -> None:
    """The page ends with how to cite it, and its credits link leads to the credits page (it leaves the page, so
    it is checked last)."""
    heading = CITE_HEADINGS[lang]
    cite = page.locator("article .cp-cite")
    expect(cite).to_have_count(1)
    expect(cite).to_be_visible()
    assert page.locator("article h2#cite").inner_text().replace("¶", "").strip() == heading
    # nothing of the page's own text comes after it
    assert page.evaluate("document.querySelector('article .cp-cite').nextElementSibling === null")
    version = cite.locator(".cp-cite-version").inner_text()
    assert re.fullmatch(r"[0-9a-f]{4,40}\+?", version), version
    text = cite.inner_text()
    assert "CC BY-SA 4.0" in text and f"archive/{name}.html" in text
    credits = cite.locator("a")
    credits.click()
    page.wait_for_url(re.compile(r"archive/credits\.html$"))


# Each archive page is loaded once and every check above is made on it (a check that fails is reported by its name;
# the others still run). The link-following check goes last, as it leaves the page.
PAGE_CHECKS = (
    renders_with_its_record_card,
    figures_have_text_alternatives_in_the_page_language,
    every_source_tag_in_the_text_links_to_the_sources_page,
    the_record_names_exactly_the_sources_the_page_cites,
    ends_with_how_to_cite_it,
)


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("name", PAGES)
def test_each_archive_page_passes_every_page_check(page: Page, name: str, lang: str):
    open_page(page, name, lang)
    failed = []
    for check in PAGE_CHECKS:
        try:
            check(page, name, lang)
        except (AssertionError, PlaywrightError) as error:  # expect() and a timed-out read
            failed.append(f"{check.__name__} on {url(name, lang)}: {error}")
    assert not failed, "\n".join(failed)
