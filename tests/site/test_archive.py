"""The archive pages (docs/archive/) in Chromium: both languages render, carry the record card, and every
figure has a text alternative in the page's language. The ``page`` fixture fails any test whose page
requests anything outside 127.0.0.1 or logs a console error."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

PAGES = ["index", "history", "making", "places", "sources"]
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
    page.wait_for_load_state("networkidle")


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


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("name", PAGES)
def test_page_renders_with_its_record_card(page: Page, name: str, lang: str):
    open_page(page, name, lang)
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


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("name", PAGES)
def test_figures_have_text_alternatives_in_the_page_language(page: Page, name: str, lang: str):
    open_page(page, name, lang)
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
