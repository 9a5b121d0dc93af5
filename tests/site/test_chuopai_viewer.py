"""The 戳牌 deal viewer on the rules page (issue 13): the first frame drawn at build time and readable with no
script, then stepped through with the buttons and the keys, on a phone and on a desktop, in Chinese and English.

Every expectation is read from the frames the build published (assets/chuopai/NAME.json, computed by the engine's
``changpai.chuopai.record.frames``) or from the engine itself, never typed in here.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "engine"))

from changpai import yamlfile  # noqa: E402
from changpai.chuopai.record import read_record  # noqa: E402
from changpai.chuopai.scoring import settle  # noqa: E402
from changpai.core.table import seat_name  # noqa: E402

# Engine-backed tests share a warmed browser context (tests/site/conftest.py: warm_page); tests about loading,
# recovery and kiosk resets are marked fresh_context.
pytestmark = pytest.mark.warm_engine

PHONE = pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
DESKTOP = pytest.mark.browser_context_args(viewport={"width": 1366, "height": 900})
PAGES = {"zh": "rules/chuopai.html", "en": "en/rules/chuopai.html"}
NAMES = sorted(p.stem for p in (REPO / "tutorials" / "chuopai").glob("*.yml"))


def frames_of(site_dir: Path, name: str) -> dict:
    return json.loads((site_dir / "assets" / "chuopai" / f"{name}.json").read_text(encoding="utf-8"))


def viewer(page: Page, name: str, lang: str = "zh"):
    page.goto(PAGES[lang])
    el = page.locator(f'[data-cp-chuopai="{name}"]')
    expect(el).to_have_attribute("data-ready", "1")
    el.scroll_into_view_if_needed()
    return el


def expect_step(el, i: int) -> None:
    # The first click may wait for the frames to be fetched, so the step is awaited, never read at once.
    expect(el.locator(".cp-chuo-frame")).to_have_attribute("data-step", str(i))


def test_every_deal_is_published_and_on_both_pages(site_dir: Path):
    for name in NAMES:
        view = frames_of(site_dir, name)
        assert view["frames"][0]["kind"] == "deal"
        for path in PAGES.values():
            assert f'data-cp-chuopai="{name}"' in (site_dir / path).read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_first_frame_reads_without_scripts(browser, site_url: str, lang: str):
    context = browser.new_context(base_url=site_url, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(PAGES[lang])
        for name in NAMES:
            el = page.locator(f'[data-cp-chuopai="{name}"]')
            frame = el.locator(".cp-chuo-frame")
            expect(frame).to_have_attribute("data-step", "0")
            expect(frame.locator(".cp-chuo-leader")).to_contain_text(seat_name(0).get(lang))
            expect(frame.locator(".cp-chuo-seat")).to_have_count(3)
            expect(frame.locator(".cp-chuo-hand img.cp-card").first).to_be_visible()
            expect(el.locator(".cp-chuopai-deal table tbody tr").first).to_be_attached()
            expect(el.locator(".cp-chuo-controls")).to_have_count(0)  # the buttons come with the script
    finally:
        context.close()


def _walk(page: Page, site_dir: Path, name: str, lang: str) -> None:
    view = frames_of(site_dir, name)
    frames = view["frames"]
    el = viewer(page, name, lang)
    nxt = el.locator('button[data-go="next"]')
    box = nxt.bounding_box()
    assert box and box["width"] >= 44 and box["height"] >= 44  # a touch target
    expect(el.locator('button[data-go="prev"]')).to_be_disabled()
    seats = [seat_name(s).get(lang) for s in range(view["seats"])]
    first_taken = next(i for i, f in enumerate(frames) if f["taker"] is not None)
    for i in range(1, first_taken + 1):
        nxt.click()
        expect_step(el, i)
        trick = el.locator(".cp-chuo-trick")
        expect(trick.locator(".cp-chuo-leader")).to_contain_text(seats[frames[i]["leader"]])
        expect(trick.locator(".cp-chuo-play")).to_have_count(len(frames[i]["trick"]))
    taker = seats[frames[first_taken]["taker"]]
    expect(el.locator(".cp-chuo-taker")).to_contain_text(taker)
    downs = sum(1 for p in frames[first_taken]["trick"] if p["down"])
    expect(el.locator(".cp-chuo-trick .cp-chuo-back")).to_have_count(downs)  # face down where the engine says
    el.locator('button[data-go="last"]').click()
    expect_step(el, len(frames) - 1)
    expect(nxt).to_be_disabled()
    deal, _steps = read_record(yamlfile.read(REPO / "tutorials" / "chuopai" / f"{name}.yml"))
    result = settle(deal)
    scores = el.locator(".cp-chuo-result .cp-chuo-scores")
    for s, score in enumerate(result.scores):
        expect(scores).to_contain_text(f"{seats[s]} {'+' if score > 0 else ''}{score}")
    counts = el.locator(".cp-chuo-result .cp-chuo-counts")
    for s, count in enumerate(result.counts):
        expect(counts).to_contain_text(f"{seats[s]} {count}")
    for s, count in enumerate(result.counts):
        expect(el.locator(".cp-chuo-seat").nth(s).locator(".cp-chuo-pile img.cp-card")).to_have_count(count)


@PHONE
def test_stepping_on_a_phone(page: Page, site_dir: Path):
    _walk(page, site_dir, "chuopai-win", "zh")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390 + 1, f"the page scrolls sideways on a phone ({width}px)"


@DESKTOP
@pytest.mark.parametrize(("name", "lang"), [("chuopai-must-beat", "zh"), ("chuopai-penalty", "en")])
def test_stepping_on_a_desktop(page: Page, site_dir: Path, name: str, lang: str):
    _walk(page, site_dir, name, lang)


@DESKTOP
def test_keyboard_stepping(page: Page, site_dir: Path):
    frames = frames_of(site_dir, "chuopai-huang")["frames"]
    el = viewer(page, "chuopai-huang")
    el.focus()
    page.keyboard.press("ArrowRight")
    expect(el.locator(".cp-chuo-frame")).to_have_attribute("data-step", "1")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    expect(el.locator(".cp-chuo-frame")).to_have_attribute("data-step", "1")
    page.keyboard.press("End")
    expect(el.locator(".cp-chuo-frame")).to_have_attribute("data-step", str(len(frames) - 1))
    expect(el.locator(".cp-chuo-result")).to_be_visible()
    page.keyboard.press("Home")
    expect(el.locator(".cp-chuo-frame")).to_have_attribute("data-step", "0")
    expect(el.locator(".cp-chuo-step")).to_have_text("发牌")


@DESKTOP
def test_a_question_step_shows_the_question(page: Page, site_dir: Path):
    frames = frames_of(site_dir, "chuopai-must-beat")["frames"]
    at = next(i for i, f in enumerate(frames) if f["question"])
    el = viewer(page, "chuopai-must-beat")
    el.focus()
    for _ in range(at):
        page.keyboard.press("ArrowRight")
    expect(el.locator(".cp-chuo-frame")).to_have_attribute("data-step", str(at))
    expect(el.locator(".cp-chuo-notes .cp-question")).to_contain_text(frames[at]["question"]["prompt"]["zh"])


@PHONE
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_deal_with_jokers_shows_the_joker_picture_with_its_words(page: Page, site_dir: Path, lang: str):
    from changpai.chuopai.cards import JOKER, PICTURE, SHORT, picture_label  # noqa: PLC0415

    view = frames_of(site_dir, "chuopai-jokers")
    assert view["faces"][SHORT[JOKER]] == PICTURE[JOKER]
    alt = picture_label(JOKER).get(lang)
    held = sum(p["hard"].count(SHORT[JOKER]) for p in view["frames"][0]["piles"])
    el = viewer(page, "chuopai-jokers", lang)
    jokers = el.locator(f'.cp-chuo-frame img.cp-card[alt="{alt}"]')
    expect(jokers).to_have_count(held)  # the first frame, drawn at build time
    el.locator('button[data-go="next"]').click()
    expect_step(el, 1)
    expect(jokers).to_have_count(held)  # and the frames the viewer draws itself
    expect(jokers.first).to_be_visible()
    expect(jokers.first).to_have_attribute("src", re.compile(rf"/dominoes/{PICTURE[JOKER]}\.svg$"))
    width = jokers.first.evaluate("img => img.decode().then(() => img.naturalWidth)")  # waits for the picture
    assert width > 0, "the joker's picture did not load"
