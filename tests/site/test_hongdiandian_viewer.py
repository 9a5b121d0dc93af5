"""The 红点点 deal viewer on the Wuchuan rules page, in a real browser: the static frame the build writes (read with
JavaScript off), stepping through a deal with the buttons on a phone and on a desktop, the keyboard, and the final
frame's red points, class and 层 — the expectations are the engine's own (changpai.hongdiandian.record.frames)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from changpai import yamlfile
from changpai.hongdiandian.record import frames
from playwright.sync_api import Browser, Page, expect

# Engine-backed tests share a warmed browser context (tests/site/conftest.py: warm_page); tests about loading,
# recovery and kiosk resets are marked fresh_context.
pytestmark = pytest.mark.warm_engine

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "tutorials" / "hongdiandian"
PAGES = {"zh": "rules/wuchuan.html", "en": "en/rules/wuchuan.html"}
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
DEAL = "huada-dui-kan-hua"  # a 兑 with its 坎 laid and a 花 win: units, eaten pairs and a result


def engine_frames(deal_id: str) -> dict:
    data, _ = yamlfile.read_located(RECORDS / f"{deal_id}.yml", deal_id)
    return frames(data)


def open_viewer(page: Page, deal_id: str, lang: str = "zh"):
    page.goto(PAGES[lang])
    widget = page.locator(f'[data-cp-widget="hdd-deal"][data-deal="{deal_id}"]')
    widget.scroll_into_view_if_needed()
    live = widget.locator(".cp-hdd__live")
    expect(live).to_be_visible()
    return widget, live


def step_of(widget) -> int:
    return int(widget.get_attribute("data-step"))


def test_every_record_is_on_the_page_in_both_languages(site_dir: Path):
    ids = sorted(p.stem for p in RECORDS.glob("*.yml"))
    assert ids
    for path in PAGES.values():
        text = (site_dir / path).read_text(encoding="utf-8")
        for deal_id in ids:
            assert f'data-deal="{deal_id}"' in text, (path, deal_id)
            assert (site_dir / "assets" / "hongdiandian" / f"{deal_id}.json").is_file()
        # no engine ids in what the visitor reads (the page's data, scripts and attributes may carry them)
        visible = re.sub(r"<script\b.*?</script>|<style\b.*?</style>|<[^>]+>", " ", text, flags=re.S)
        assert "wuchuan-hongdiandian-" not in visible, path


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_static_frame_reads_with_javascript_off(browser: Browser, site_url: str, lang: str):
    context = browser.new_context(base_url=site_url, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(PAGES[lang])
        widget = page.locator(f'[data-cp-widget="hdd-deal"][data-deal="{DEAL}"]')
        static = widget.locator(".cp-hdd-static")
        expect(static).to_be_visible()
        expect(widget.locator(".cp-hdd__live")).to_have_count(0)
        # the first frame: every seat's hand drawn with the site's card images
        seats = static.locator(".cp-hdd__seat")
        first = engine_frames(DEAL)["steps"][0]["state"]["hands"]
        expect(seats).to_have_count(len(first))
        for i, hand in enumerate(first):
            expect(seats.nth(i).locator("img.cp-card")).to_have_count(len(hand))
        # every step's action, and the result with the engine's points
        expect(static.locator("ol.cp-hdd__steps > li")).to_have_count(len(engine_frames(DEAL)["steps"]) - 1)
        points = engine_frames(DEAL)["settlement"]["score"]["points"]
        expect(static.locator(".cp-hdd__result")).to_have_attribute("data-points", str(points))
    finally:
        context.close()


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_stepping_with_buttons_to_the_engines_result(page: Page, viewport: dict):
    page.set_viewport_size(viewport)
    widget, live = open_viewer(page, DEAL)
    expect(widget.locator(".cp-hdd-static")).to_be_hidden()
    engine = engine_frames(DEAL)
    steps = engine["steps"]
    nxt = live.locator(".cp-hdd__next")
    prev = live.locator(".cp-hdd__prev")
    for button in (nxt, prev, live.locator(".cp-hdd__first"), live.locator(".cp-hdd__last")):
        box = button.bounding_box()
        assert box and box["width"] >= 44 and box["height"] >= 44, box
    expect(prev).to_be_disabled()
    assert step_of(widget) == 0
    for i in range(1, len(steps)):
        nxt.click()
        assert step_of(widget) == i
        # the hands the engine's frame holds, card for card
        for seat, hand in enumerate(steps[i]["state"]["hands"]):
            cards = live.locator(f'.cp-hdd__seat[data-seat="{seat}"] .cp-seat__row').first.locator(".cp-card")
            expect(cards).to_have_count(len(hand))
        laid = sum(len(u) for u in steps[i]["state"]["melds"])
        expect(live.locator(".cp-hdd__table .cp-hdd__unit")).to_have_count(laid)
        if steps[i].get("note"):
            expect(live.locator(".cp-hdd__note")).to_contain_text(steps[i]["note"]["zh"])
    expect(nxt).to_be_disabled()
    score = engine["settlement"]["score"]
    result = live.locator(".cp-hdd__result")
    expect(result).to_have_attribute("data-points", str(score["points"]))
    expect(result).to_have_attribute("data-layers", str(engine["settlement"]["layers"]))
    expect(result).to_contain_text(score["class"]["name"]["zh"])
    expect(result).to_contain_text(f"{score['points']} 点红")
    prev.click()
    assert step_of(widget) == len(steps) - 2
    expect(live.locator(".cp-hdd__result")).to_have_count(0)


def test_keyboard_stepping_in_english(page: Page):
    deal_id = "sicheng-exact-32"
    widget, live = open_viewer(page, deal_id, "en")
    engine = engine_frames(deal_id)
    last = len(engine["steps"]) - 1
    live.focus()
    page.keyboard.press("ArrowRight")
    assert step_of(widget) == 1
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    assert step_of(widget) == 1
    page.keyboard.press("End")
    assert step_of(widget) == last
    score = engine["settlement"]["score"]
    result = live.locator(".cp-hdd__result")
    expect(result).to_contain_text(f"{score['points']} red points")
    expect(result).to_contain_text(score["class"]["name"]["en"])
    expect(result).to_contain_text(f"{engine['settlement']['layers']} 层")
    page.keyboard.press("Home")
    assert step_of(widget) == 0
    # Tab reaches the step buttons, and Enter on one steps
    live.locator(".cp-hdd__next").focus()
    page.keyboard.press("Enter")
    assert step_of(widget) == 1
    assert page.url.endswith(f"#hdd-deal-{deal_id}-1")


def test_a_question_and_a_bao(page: Page):
    deal_id = "sicheng-jue-must-eat"
    widget, live = open_viewer(page, deal_id)
    engine = engine_frames(deal_id)
    asked = next(i for i, s in enumerate(engine["steps"]) if s.get("question"))
    for _ in range(asked):
        live.locator(".cp-hdd__next").click()
    question = engine["steps"][asked]["question"]
    wrong = next(c for c in question["choices"] if c["id"] not in question["answer"])
    live.locator(".cp-hdd__choice", has_text=wrong["label"]["zh"]).click()
    expect(live.locator(".cp-question__feedback")).to_contain_text("不对")
    live.locator(".cp-hdd__last").click()
    rule = engine["settlement"]["rule"]["name"]["zh"]
    expect(live.locator(".cp-hdd__result--bao")).to_contain_text(rule)


def test_a_deep_link_opens_at_its_step(page: Page):
    page.goto(PAGES["zh"] + "#hdd-deal-huada-tianhu-1")
    widget = page.locator('[data-cp-widget="hdd-deal"][data-deal="huada-tianhu"]')
    live = widget.locator(".cp-hdd__live")
    expect(live).to_be_visible()
    assert step_of(widget) == 1
    expect(live.locator(".cp-hdd__result")).to_be_visible()
