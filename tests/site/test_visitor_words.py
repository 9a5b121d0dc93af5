"""What a visitor reads (issue 16, points 4, 7 and 10): no developer language on the visitor pages (rule-set ids,
build talk, "the engine's default"), the history page illustrated with the site's own card drawings, and the lesson
hint's lamp drawn, not the 💡 emoji that the kiosk's Chromium shows as a blank box."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

# Pages only (nothing about loading): the shared, warmed browser context (tests/site/conftest.py: warm_page).
pytestmark = pytest.mark.warm_engine

DESKTOP = pytest.mark.browser_context_args(viewport={"width": 1366, "height": 900})
KIOSK = pytest.mark.browser_context_args(viewport={"width": 1920, "height": 1080}, has_touch=True)
DOCS = Path(__file__).resolve().parents[2] / "docs"
# Pages written for the curious or for the people who run the kiosk, not for visitors: the rule data tables with
# their code names, how the site is made (the colophon), and the kiosk's setup instructions.
NOT_FOR_VISITORS = ("rules/reference", "archive/colophon", "kiosk/setup")


def built_path(md: Path) -> str:
    """docs/rules/luzhou.en.md -> en/rules/luzhou.html (the i18n plugin's layout)."""
    rel = md.relative_to(DOCS).as_posix()
    lang = "en/" if rel.endswith(".en.md") else ""
    return lang + rel.removesuffix(".md").removesuffix(".en") + ".html"


VISITOR_PAGES = sorted(
    built_path(md) for md in DOCS.rglob("*.md") if not md.relative_to(DOCS).as_posix().startswith(NOT_FOR_VISITORS)
)
DEVELOPER = re.compile(
    r"\bluzhou-[ab]\b|\bleshan\b|\bwuchuan\b|tutorials/|建站|the site (is|was) built|stops the build|"
    r"引擎默认|引擎的默认|规则名|engine'?s? defaults?|rule set is called|\b[a-z]+_[a-z0-9_]+\b"
)
# Blocks far down a page are drawn only near the screen (content-visibility: auto), and innerText leaves out what is
# not drawn: the checks draw everything first (an option name in a grade's note, far down, went unseen).
DRAW_EVERYTHING_CSS = "* { content-visibility: visible !important; }"


@DESKTOP
@pytest.mark.parametrize("path", VISITOR_PAGES)
def test_visitor_pages_speak_without_developer_words(page: Page, path):
    page.goto(path)
    # every folded deal and lesson opened, so their static text counts too
    page.evaluate("document.querySelectorAll('article details').forEach(d => d.open = true)")
    page.add_style_tag(content=DRAW_EVERYTHING_CSS)
    text = page.locator("article, #kiosk-app").first.inner_text()  # the kiosk is one app, not an article
    found = sorted({m.group(0) for m in DEVELOPER.finditer(text)})
    assert not found, f"{path}: {found}"


def test_every_visitor_page_in_both_languages_is_checked():
    assert len(VISITOR_PAGES) >= 30
    for page in ("rules/luzhou.html", "en/rules/wuchuan.html", "archive/sources.html", "en/archive/history.html"):
        assert page in VISITOR_PAGES
    assert not any("reference" in p for p in VISITOR_PAGES)


PHONE = pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
RULE_PAGES = ["rules/luzhou.html", "en/rules/luzhou.html", "rules/leshan.html", "en/rules/leshan.html",
              "rules/wuchuan.html", "en/rules/wuchuan.html", "rules/index.html", "en/rules/index.html"]  # fmt: skip


@PHONE
@pytest.mark.parametrize("path", RULE_PAGES)
def test_the_rule_tables_a_visitor_reads_carry_no_code_names(page: Page, path):
    """The tables the build draws from the engine ({{cp ruleset-options NAME}} without ``codes``, the comparisons)
    name the tradition and say each choice in words."""
    page.goto(path)
    page.add_style_tag(content=DRAW_EVERYTHING_CSS)
    tables = page.locator("article table")
    assert tables.count() >= 1
    text = "\n".join(tables.all_inner_texts())
    found = sorted({m.group(0) for m in DEVELOPER.finditer(text)})
    assert not found, f"{path}: {found}"
    if path.endswith("rules/index.html"):
        # the comparison tables name each tradition the way its page does
        assert ("泸州大贰" if not path.startswith("en/") else "Luzhou Da Er") in text


@DESKTOP
@pytest.mark.parametrize("path", ["rules/reference.html", "en/rules/reference.html"])
def test_the_reference_page_still_lists_the_code_names_for_the_curious(page: Page, path):
    page.goto(path)
    # the tables far down the page are folded (drawn only near the screen; innerText leaves them out): read as a
    # visitor who scrolls to each
    text = "\n".join(
        page.evaluate(
            """async () => { const out = [];
              for (const el of document.querySelectorAll("article > *")) {
                el.scrollIntoView({ block: "center" });
                await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
                out.push(el.innerText); }
              return out; }"""
        )
    )
    assert "luzhou-a" in text and "kun_pair" in text


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
    # (a lazy image starts loading when it comes into sight: wait for it to arrive whole, or fail at the time limit)
    page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=first.element_handle())
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


def test_the_leshan_pages_speak_of_he_not_hu(site_dir: Path):
    """贰柒拾 players say 和 (和牌, 和数, 和了) [003] where Luzhou says 胡: the Leshan rules page and every Leshan
    deal's frames (the engine's lines, the tutorials' notes) use it, and so do the options every Da Er tradition
    shares (it read 胡数（和数） there); the Leshan lesson's comparison with Luzhou is on another page."""
    page = (site_dir / "rules/leshan.html").read_text(encoding="utf-8")
    article = html.unescape(re.sub(r"<[^>]+>", "", page[page.find("<article") : page.find("</article>")]))
    assert "和数" in article and "和牌" in article
    assert article.count("胡") == 0, re.findall(r".{12}胡.{6}", article)
    deals = [json.loads(p.read_text(encoding="utf-8")) for p in (site_dir / "assets/deals").glob("*.json")]
    leshan = [d for d in deals if d["rules"].startswith("leshan")]
    assert len(leshan) >= 5
    for deal in leshan:
        text = json.dumps(deal, ensure_ascii=False)
        assert "胡" not in text, (deal["title"], re.findall(r".{12}胡.{6}", text))
