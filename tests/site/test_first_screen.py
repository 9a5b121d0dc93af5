"""The first screen of a long page, in real Chromium (issue 18: Lighthouse mobile, the deals page's first frame):
the build's folds (sitebuild/ext_fold.py: ``content-visibility: auto``) skip what is far below and keep the layout
exactly as it is once drawn; a folded wide table still becomes a keyboard stop; a deal shows its title and opening
hands before its frames arrive, and a failed fetch says so in the page's language; no script holds back the first
paint (sitebuild/ext_lean.py, docs/overrides/main.html)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, Route, expect

from sitebuild import ext_fold, serve

RULES = "rules/luzhou.html"
GALLERY = "learn/deals.html"
# Containment off: the layout the page would have without the fold (children's margins collapse through again).
UNFOLD = "[data-cp-fold] { content-visibility: visible !important; }"
NEXT_FRAMES = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"

# Each fold drawn in turn (scrolled to the middle of the screen): its height, where its first children sit inside
# it, and the gap to the next element.
MEASURE_FOLDS = """async () => {
  const out = [];
  for (const fold of document.querySelectorAll("[data-cp-fold]")) {
    fold.scrollIntoView({ block: "center" });
    // two frames, or a second at most: a page whose frames stall fails the comparison instead of hanging the run
    await new Promise((done) => { requestAnimationFrame(() => requestAnimationFrame(done)); setTimeout(done, 1000); });
    const box = fold.getBoundingClientRect();
    const inside = [...fold.querySelectorAll(":scope > *, :scope > * > *")].slice(0, 4)
      .map((child) => Math.round(child.getBoundingClientRect().top - box.top));
    const next = fold.nextElementSibling;
    const gap = next ? Math.round(next.getBoundingClientRect().top - box.bottom) : null;
    out.push([fold.tagName, Math.round(box.height), inside, gap]);
  }
  return out;
}"""


def test_built_rules_page_folds_its_text_but_no_widget_or_heading(site_dir: Path):
    page = (site_dir / RULES).read_text(encoding="utf-8")
    article = ext_fold.ARTICLE.search(page)
    assert article is not None
    inner = article.group(2)
    assert inner.count("data-cp-fold") >= 10
    for tag, start, end in ext_fold.top_level_blocks(inner):
        block = inner[start:end]
        if "data-cp-widget" in block or re.fullmatch(r"h\d", tag):
            assert "data-cp-fold" not in block[: block.index(">") + 1], block[:200]


def test_nothing_but_the_stylesheets_holds_back_the_first_paint(site_dir: Path):
    scripts = re.compile(r"<script\b(?P<attrs>[^>]*)>")
    for rel in ("index.html", RULES, "archive/words.html", "en/learn/deals.html", "kiosk/index.html"):
        page = (site_dir / rel).read_text(encoding="utf-8")
        loaded = [m["attrs"] for m in scripts.finditer(page) if " src=" in m["attrs"]]
        assert loaded, rel
        blocking = [a for a in loaded if not re.search(r"\b(?:async|defer)\b|type=", a)]
        assert not blocking, f"{rel}: scripts that block the parser: {blocking}"
        body = page[page.index("</head>") :]
        order = [re.search(r'src="([^"]+)"', a)[1].rsplit("/", 1)[-1] for a in scripts.findall(body) if " src=" in a]
        # The polyfill and lean.js still run before Material's bundle, and the engine client before the widgets.
        bundle = next(i for i, name in enumerate(order) if name.startswith("bundle."))
        assert order.index("shim.js") < bundle and order.index("lean.js") < bundle, order
        if "engine.js" in order and "core.js" in order:
            assert order.index("engine.js") < order.index("core.js"), order
        if 'data-cp-widget="' not in page and "kiosk" not in rel:
            assert not [s for s in order if s.endswith("-viewer.js")], f"{rel}: widget scripts on a page without one"


STYLESHEET = re.compile(r'<link rel="stylesheet" href="([^"]+)">')
EXECUTABLE_INLINE_SCRIPT = re.compile(r'<script(?![^>]*\ssrc=)(?![^>]*type="application/json")[^>]*>')


def test_every_page_links_materials_stylesheet_and_one_of_ours_and_no_script_waits_for_them(site_dir: Path):
    """Two render-blocking requests, not eight (sitebuild/ext_css.py), and the parser never stops at an inline script
    of <head> until they have loaded (the same module): issue 18, the deals page's first contentful paint."""
    ours = set()
    for page_path in sorted(site_dir.rglob("*.html")):
        page = page_path.read_text(encoding="utf-8")
        head = page[: page.index("</head>")]
        links = [href.rsplit("assets/", 1)[-1] for href in STYLESHEET.findall(head)]
        rel = page_path.relative_to(site_dir).as_posix()
        assert re.fullmatch(r"stylesheets/main\.[0-9a-f]+\.min\.css", links[0]), (rel, links)
        assert re.fullmatch(r"css/changpai\.[0-9a-f]{12}\.css", links[1]), (rel, links)
        assert all(link.startswith("kiosk/") for link in links[2:]), (rel, links)
        ours.add(links[1])
        # The server names the same stylesheets in the page's Link header, for preloading (sitebuild/serve.py).
        preload = serve.preload_header(page_path.read_bytes()[: serve.HEAD_BYTES], "/" + rel)
        assert preload and preload.count("rel=preload; as=style") == len(links), (rel, preload)
        first_link = head.index('<link rel="stylesheet"')
        assert not EXECUTABLE_INLINE_SCRIPT.search(head, first_link), f"{rel}: an inline script waits for the CSS"
    assert len(ours) == 1, ours
    joined = (site_dir / "assets" / ours.pop()).read_text(encoding="utf-8")
    parts = [next((site_dir / "assets/stylesheets").glob("palette.*.min.css"))]
    parts += [site_dir / entry for entry in yaml_extra_css()]
    at = [joined.index(part.read_text(encoding="utf-8").strip()[:300]) for part in parts]
    assert at == sorted(at), "the joined stylesheet keeps the order of its parts"


def yaml_extra_css() -> list[str]:
    config = (Path(__file__).resolve().parents[2] / "mkdocs.yml").read_text(encoding="utf-8")
    block = config.split("\nextra_css:\n", 1)[1].split("\n\n", 1)[0]
    return re.findall(r"^  - (\S+)$", block, re.M)


def test_the_deals_page_waits_for_two_stylesheets_and_is_styled_by_every_part(page: Page):
    page.goto(GALLERY)
    page.wait_for_load_state("load")
    # Requested: Material's stylesheet and ours, each once (the server's Link header preloads them, the <link> tags
    # reuse that request: its entry may say "non-blocking", so count requests, not renderBlockingStatus).
    sheets = page.evaluate(
        """() => ({
          linked: [...document.styleSheets].filter((s) => s.href).map((s) => new URL(s.href).pathname),
          fetched: performance.getEntriesByType("resource").map((e) => new URL(e.name).pathname)
            .filter((p) => p.endsWith(".css")),
        })"""
    )
    assert len(sheets["linked"]) == 2 and sorted(sheets["fetched"]) == sorted(sheets["linked"]), sheets
    # Rules of the parts apply: site.css's red header, fonts.css's faces, widgets.css's static deal (a folded
    # deal's opening hands are elements once it is opened).
    page.locator("details.cp-gallery__item > summary").first.click()
    expect(page.locator(".cp-deal-static .cp-static__hands").first).to_be_attached()
    styled = page.evaluate(
        """() => ({
          header: getComputedStyle(document.querySelector(".md-header")).backgroundColor,
          faces: [...document.fonts].filter((f) => f.family.replace(/"/g, "") === "ChangpaiSans").length,
          hands: getComputedStyle(document.querySelector(".cp-deal-static .cp-static__hands")).display,
        })"""
    )
    assert styled == {"header": "rgb(155, 28, 28)", "faces": styled["faces"], "hands": "grid"}, styled
    assert styled["faces"] > 1, styled


def test_a_fold_far_below_is_skipped_until_it_nears_the_screen(page: Page):
    page.goto(RULES)
    page.wait_for_load_state("load")
    last = page.locator("[data-cp-fold]").last
    skipped = "(el) => !el.firstElementChild.checkVisibility({ contentVisibilityAuto: true })"
    assert last.evaluate(skipped), "the last fold was drawn at load"
    last.scroll_into_view_if_needed()
    page.evaluate(NEXT_FRAMES)
    assert not last.evaluate(skipped), "the fold stayed skipped on screen"


# It waits on every fold's frames: run alone, as the timer tests are (twice it hung late in the parallel group).
@pytest.mark.serial
def test_folds_keep_the_layout_they_would_have_without_them(page: Page):
    page.bring_to_front()
    for width in (390, 1280):
        page.set_viewport_size({"width": width, "height": 800})
        page.goto(RULES)
        page.wait_for_load_state("load")
        folded = page.evaluate(MEASURE_FOLDS)
        page.add_style_tag(content=UNFOLD)
        assert folded and page.evaluate(MEASURE_FOLDS) == folded, f"a fold moved its content at {width} px"


# what site.js counts as focusable inside a region (such a region needs no stop of its own)
FOCUSABLE = "a[href], button, input, select, textarea, summary, [tabindex]"


def test_a_folded_wide_table_becomes_a_keyboard_stop_when_drawn(page: Page):
    """site.js measures a region inside a fold when the browser draws the fold (its overflow is unknown before)."""
    page.set_viewport_size({"width": 390, "height": 800})
    page.goto("rules/reference.html")
    page.wait_for_load_state("load")
    page.evaluate(MEASURE_FOLDS)  # every fold drawn once
    unreachable = page.evaluate(
        """(focusable) => [...document.querySelectorAll("[data-cp-fold] .md-typeset__scrollwrap")].filter((el) =>
          el.scrollWidth > el.clientWidth + 1 && !el.matches("[tabindex]") &&
          !el.querySelector(focusable)).length""",
        FOCUSABLE,
    )
    stops = page.locator("[data-cp-fold] [data-cp-scroll-focus]").count()
    assert unreachable == 0 and stops > 0, (unreachable, stops)


SKIPPED_SCROLLERS = """(focusable) => [...document.querySelectorAll("[data-cp-fold] .md-typeset__scrollwrap")]
  .filter((el) => !el.checkVisibility({ contentVisibilityAuto: true }))
  .filter((el) => !el.querySelector(focusable))
  .map((el) => el.getAttribute("tabindex"))"""
NEEDLESS_STOPS = """() => [...document.querySelectorAll("[data-cp-scroll-focus]")]
  .filter((el) => el.scrollWidth <= el.clientWidth + 1).length"""


@pytest.mark.parametrize("width", [390, 1280])
def test_a_table_in_a_fold_not_drawn_yet_is_a_keyboard_stop_until_drawn_and_measured(page: Page, width: int):
    """A keyboard, or a checker, can reach a folded table before the browser draws it: it must be able to scroll it
    then, so it is a stop until it is drawn (unless something inside it takes focus); once drawn, only a table wider
    than the screen keeps its stop."""
    page.set_viewport_size({"width": width, "height": 800})
    page.goto("en/rules/wuchuan.html")
    page.wait_for_load_state("load")
    page.evaluate(NEXT_FRAMES)
    waiting = page.evaluate(SKIPPED_SCROLLERS, FOCUSABLE)
    assert waiting, "no table is in a fold the browser skipped at load: pick another page"
    assert waiting == ["0"] * len(waiting), waiting
    page.evaluate(MEASURE_FOLDS)  # every fold drawn once: site.js measures each table then
    page.add_style_tag(content=UNFOLD)  # (a table in a fold skipped again has no width to check against)
    page.evaluate(NEXT_FRAMES)
    assert page.evaluate(NEEDLESS_STOPS) == 0


def first_deal(site_dir: Path) -> tuple[str, dict]:
    html_text = (site_dir / GALLERY).read_text(encoding="utf-8")
    deal_id = re.search(r'<details class="cp-gallery__item" id="gallery-([^"]+)"', html_text)[1]
    return deal_id, json.loads((site_dir / f"assets/deals/{deal_id}.json").read_text(encoding="utf-8"))


def test_a_deal_shows_its_opening_hands_before_its_frames_arrive(page: Page, site_dir: Path):
    deal_id, frames = first_deal(site_dir)
    held: list[Route] = []
    page.route(f"**/assets/deals/{deal_id}.json*", lambda route: held.append(route))
    page.goto(GALLERY)
    page.locator(f"#gallery-{deal_id} > summary").click()
    widget = page.locator(f'[data-deal="{deal_id}"]')
    expect(widget).to_have_attribute("data-frames-state", "loading")
    static = widget.locator(".cp-deal-static")
    expect(static.locator(".cp-static__title")).to_have_text(frames["title"]["zh"])
    first_hand = static.locator(".cp-static__hands > div").first.locator("img.cp-card, .cp-card--drawn")
    expect(first_hand).to_have_count(len(frames["steps"][0]["state"]["hands"][0]))
    expect(first_hand.first).to_be_visible()
    # With scripts on, the steps written for readers without them are text in <noscript>, not elements.
    assert static.locator("ol > li").count() == 0
    # The route's handler runs in this process when Playwright delivers it, which may come after the page has
    # already marked the frames "loading": wait for it (5 s at most) instead of asking once.
    for _ in range(50):
        if held:
            break
        page.wait_for_timeout(100)
    assert held, "the frames were not requested when the deal was opened"
    held[0].continue_()
    expect(widget).to_have_attribute("data-frames-state", "loaded", timeout=15_000)
    expect(widget.locator(".cp-deal__list > li")).to_have_count(len(frames["steps"]))
    expect(static).to_be_hidden()


def test_folded_deals_build_no_card_pictures_until_one_is_opened(page: Page, site_dir: Path):
    """The gallery's opening hands wait as <noscript> text (issue 18: the deals page's first paint); opening a deal
    unfolds its own, on a page loaded as such and on one reached by instant navigation (parsed without scripting)."""
    deal_id, frames = first_deal(site_dir)
    hand = len(frames["steps"][0]["state"]["hands"][0])
    page.route(f"**/assets/deals/{deal_id}.json*", lambda route: None)  # held: the static version stays in sight
    for arrive in ("load", "instant navigation"):
        if arrive == "load":
            page.goto(GALLERY)
        else:
            page.goto("learn/index.html")
            page.wait_for_function("window.document$ !== undefined")  # (Material's bundle: instant navigation)
            page.evaluate("window.__sameDocument = true")
            page.locator('article a[href$="deals.html"]').first.click()
            page.wait_for_function("location.pathname.endsWith('/learn/deals.html')")
            assert page.evaluate("window.__sameDocument === true"), "instant navigation should have kept the document"
        gallery = page.locator("details.cp-gallery__item")
        expect(gallery.first).to_be_attached()
        assert gallery.count() > 1
        # (a page parsed without scripting has the <noscript>'s elements, still out of the page's layout)
        outside = """(sel) => [...document.querySelectorAll(sel)].filter((el) => !el.closest("noscript")).length"""
        assert page.evaluate(outside, "details.cp-gallery__item .cp-card") == 0, arrive
        if arrive == "load":
            assert page.locator("details.cp-gallery__item .cp-card").count() == 0, "built as elements"
        gallery.first.locator("> summary").click()
        opened = page.locator(f'[data-deal="{deal_id}"] .cp-static__hands > div').first.locator("img.cp-card")
        expect(opened).to_have_count(hand)
        expect(opened.first).to_be_visible()
        others = page.evaluate(outside, f"details.cp-gallery__item:not(#gallery-{deal_id}) .cp-card")
        assert others == 0, f"{arrive}: opening one deal unfolded others"


def test_a_deal_whose_frames_fail_says_so_in_the_page_language(page: Page, site_dir: Path, browser_log):
    browser_log.allow_console_error(r"503|Failed to load resource")
    deal_id, frames = first_deal(site_dir)
    page.route(f"**/assets/deals/{deal_id}.json*", lambda route: route.fulfill(status=503, body="busy"))
    for path, lang, words in (
        (GALLERY, "zh", "无法取得这一局的步骤"),
        ("en/" + GALLERY, "en", "Could not fetch this deal's steps"),
    ):
        page.goto(path)
        page.locator(f"#gallery-{deal_id} > summary").click()
        widget = page.locator(f'[data-deal="{deal_id}"]')
        expect(widget).to_have_attribute("data-frames-state", "failed")
        error = widget.locator('.cp-error[role="alert"]')
        expect(error).to_contain_text(words)
        expect(error).to_contain_text("503")
        # Never a blank viewer: the title and the opening hands stay.
        expect(widget.locator(".cp-static__title")).to_have_text(frames["title"][lang])
        expect(widget.locator(".cp-static__hands img.cp-card").first).to_be_visible()
