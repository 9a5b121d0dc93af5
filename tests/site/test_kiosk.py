"""The gallery kiosk (docs/kiosk/, docs/assets/kiosk/kiosk.js): touch-first, self-resetting, never leaving itself.

Idle timing runs on Playwright's fake clock (page.clock), so a 90-second idle period takes milliseconds.
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

# The shared, warmed browser context (tests/site/conftest.py: warm_page); the idle resets, the reload and the
# instant navigation keep a fresh context (fresh_context).
pytestmark = pytest.mark.warm_engine

KIOSK = "kiosk/index.html"
KIOSK_EN = "en/kiosk/index.html"
MIN_TARGET_PX = 60
VIEWPORTS = [{"width": 1920, "height": 1080}, {"width": 1080, "height": 1920}]
SCREENS = ["welcome", "menu", "cards", "watch", "play"]


def open_kiosk(page: Page, url: str = KIOSK) -> None:
    page.goto(url)
    page.wait_for_function("window.changpaiKiosk && window.changpaiKiosk.state.screen === 'welcome'")


def choose(page: Page, lang: str) -> None:
    page.locator(f'.kiosk-btn--lang[data-lang="{lang}"]').click()
    expect(page.locator("#kiosk-app")).to_have_attribute("data-screen", "menu")


def go_to(page: Page, screen: str) -> None:
    """Reach a screen the way a visitor does: language, then the menu."""
    if screen == "welcome":
        return
    choose(page, "zh")
    if screen != "menu":
        page.locator(f".kiosk-go-{screen}").click()
        expect(page.locator("#kiosk-app")).to_have_attribute("data-screen", screen)


SMALL_TARGETS_JS = """(min) => {
  const controls = document.querySelectorAll(['button', 'select', 'a[href]', 'summary', 'input', '[role=button]']
    .map((s) => '#kiosk-app ' + s).join(', '));
  const small = [];
  for (const el of controls) {
    const r = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    if (r.width === 0 && r.height === 0) continue;   // not rendered (inside a closed <details>, hidden dialog)
    if (style.visibility === 'hidden') continue;
    const size = Math.round(r.width) + 'x' + Math.round(r.height);
    if (r.width < min || r.height < min) small.push(el.outerHTML.slice(0, 90) + ' ' + size);
  }
  return small;
}"""


def test_welcome_offers_each_language_named_in_itself(page: Page):
    open_kiosk(page)
    zh = page.locator('.kiosk-btn--lang[data-lang="zh"]')
    en = page.locator('.kiosk-btn--lang[data-lang="en"]')
    expect(zh).to_have_text("中文")
    expect(zh).to_have_attribute("lang", "zh")
    expect(en).to_have_text("English")
    expect(en).to_have_attribute("lang", "en")
    # Both languages greet the visitor, each marked with its own lang.
    expect(page.locator('.kiosk-welcome [lang="zh"]').first).to_be_visible()
    expect(page.locator('.kiosk-welcome [lang="en"]').first).to_be_visible()


def test_choosing_a_language_switches_the_whole_kiosk(page: Page):
    open_kiosk(page)
    choose(page, "en")
    assert page.evaluate("document.documentElement.lang") == "en"
    expect(page.locator(".kiosk-go-play")).to_contain_text("Play a hand")
    switch = page.locator(".kiosk-lang-switch")
    expect(switch).to_have_text("中文")
    expect(switch).to_have_attribute("lang", "zh")
    switch.click()
    assert page.evaluate("document.documentElement.lang") == "zh"
    expect(page.locator(".kiosk-go-play")).to_contain_text("自己打一手")


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=["landscape", "portrait"])
def test_every_control_is_a_large_touch_target(page: Page, viewport):
    page.set_viewport_size(viewport)
    open_kiosk(page)
    for screen in SCREENS:
        if screen != "welcome":
            page.evaluate("(s) => window.changpaiKiosk.show(s)", screen)
            page.wait_for_timeout(300)  # the deal viewer mounts asynchronously
        small = page.evaluate(SMALL_TARGETS_JS, MIN_TARGET_PX)
        assert not small, f"controls under {MIN_TARGET_PX} px on the {screen} screen: {small}"


def test_type_is_large(page: Page):
    open_kiosk(page)
    choose(page, "en")
    size = page.evaluate("parseFloat(getComputedStyle(document.querySelector('.kiosk-btn__hint')).fontSize)")
    assert size >= 24, f"the smallest menu text is {size}px"


def test_a_press_gives_visible_feedback(page: Page):
    open_kiosk(page)
    button = page.locator('.kiosk-btn--lang[data-lang="en"]')
    box = button.bounding_box()
    before = button.evaluate("(b) => getComputedStyle(b).transform")
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    expect(button).to_have_class(re.compile(r"\bis-pressed\b"))
    page.wait_for_timeout(150)  # the press transition
    pressed = button.evaluate("(b) => getComputedStyle(b).transform")
    assert pressed != before, "the button does not move when pressed"
    page.mouse.up()


def test_no_hover_only_controls(page: Page):
    """No rule of the kiosk's stylesheet depends on :hover, so nothing is revealed only under a mouse."""
    open_kiosk(page)
    hover_rules = page.evaluate(
        """() => [...document.styleSheets]
             .filter((s) => s.href && s.href.includes('/assets/kiosk/'))
             .flatMap((s) => [...s.cssRules].map((r) => r.cssText))
             .filter((t) => t.includes(':hover'))"""
    )
    assert hover_rules == []


def test_no_selection_no_context_menu_no_external_links(page: Page):
    open_kiosk(page)
    assert page.evaluate("getComputedStyle(document.body).userSelect") == "none"
    prevented = page.evaluate(
        """() => {
          const e = new MouseEvent('contextmenu', {bubbles: true, cancelable: true});
          document.querySelector('.kiosk-btn--lang').dispatchEvent(e);
          return e.defaultPrevented;
        }"""
    )
    assert prevented, "the context menu would open"
    for screen in SCREENS:
        page.evaluate("(s) => window.changpaiKiosk.show(s)", screen)
        page.wait_for_timeout(200)
        foreign = page.evaluate(
            """() => [...document.querySelectorAll('a[href]')]
                 .map((a) => new URL(a.getAttribute('href'), location.href))
                 .filter((u) => u.origin !== location.origin).map((u) => u.href)"""
        )
        assert foreign == [], f"external links on the {screen} screen"
        visible_links = page.locator("#kiosk-app a[href]:visible")
        assert visible_links.count() == 0, "the kiosk shows a link that would leave it"


@pytest.mark.fresh_context
def test_idle_countdown_then_reset_clears_everything(page: Page):
    page.clock.install()
    open_kiosk(page)
    choose(page, "en")
    page.locator(".kiosk-go-cards").click()
    page.evaluate(
        """() => { localStorage.setItem('changpai-lesson', 'level 3'); sessionStorage.setItem('seen', '1');
                   history.replaceState(null, '', '#deal-x-4'); }"""
    )
    overlay = page.locator(".kiosk-countdown")
    page.clock.run_for(70_000)
    expect(overlay).to_be_hidden()
    page.clock.run_for(6_000)  # 76 s idle: the last 15 s are counted down
    expect(overlay).to_be_visible()
    number = int(page.locator(".kiosk-countdown__number").inner_text())
    assert 1 <= number <= 15
    expect(page.locator(".kiosk-countdown__message")).to_contain_text("Back to the start screen")
    page.clock.run_for(15_000)
    expect(page.locator("#kiosk-app")).to_have_attribute("data-screen", "welcome")
    expect(overlay).to_be_hidden()
    left = page.evaluate("() => [localStorage.length, sessionStorage.length, location.hash]")
    assert left == [0, 0, ""]
    assert page.evaluate("document.documentElement.lang") == "zh"
    assert page.evaluate("window.changpaiKiosk.state.lang") is None
    assert page.evaluate("window.changpaiKiosk.state.lastReset") == "idle"


@pytest.mark.fresh_context
def test_a_touch_during_the_countdown_keeps_the_visitor(page: Page):
    page.clock.install()
    open_kiosk(page)
    choose(page, "zh")
    page.clock.run_for(80_000)
    overlay = page.locator(".kiosk-countdown")
    expect(overlay).to_be_visible()
    stay = page.locator(".kiosk-btn--stay")
    expect(stay).to_have_text("我还在")
    stay.click()
    expect(overlay).to_be_hidden()
    page.clock.run_for(30_000)
    expect(page.locator("#kiosk-app")).to_have_attribute("data-screen", "menu")


@pytest.mark.fresh_context
def test_idle_time_is_configurable(page: Page):
    page.clock.install()
    # Set the attribute as the page is parsed, before kiosk.js reads it.
    page.add_init_script(
        """new MutationObserver((_, obs) => {
             const app = document.getElementById('kiosk-app');
             if (app) { app.dataset.idleSeconds = '30'; app.dataset.countdownSeconds = '10'; obs.disconnect(); }
           }).observe(document, {childList: true, subtree: true});"""
    )
    open_kiosk(page)
    assert page.evaluate("window.changpaiKiosk.settings.idleSeconds") == 30
    choose(page, "zh")
    page.clock.run_for(19_000)
    expect(page.locator(".kiosk-countdown")).to_be_hidden()
    page.clock.run_for(2_000)
    expect(page.locator(".kiosk-countdown")).to_be_visible()
    page.clock.run_for(10_000)
    expect(page.locator("#kiosk-app")).to_have_attribute("data-screen", "welcome")


@pytest.mark.fresh_context
def test_the_welcome_screen_has_no_countdown(page: Page):
    page.clock.install()
    open_kiosk(page)
    page.clock.run_for(600_000)
    expect(page.locator(".kiosk-countdown")).to_be_hidden()
    assert page.evaluate("window.changpaiKiosk.state.resets") == 0


def test_the_attract_loop_names_the_dealer_and_a_seat_without_a_hand(page: Page, site_dir):
    """Luzhou's 坐底 holds no cards: an empty row would look broken from two metres, so each seat that is not a
    plain player shows its role, in the deal's own words (its frames)."""
    open_kiosk(page)
    first = page.locator("#kiosk-app").get_attribute("data-deals").split()[0]
    frames = json.loads((site_dir / "assets/deals" / f"{first}.json").read_text(encoding="utf-8"))
    seats = page.locator(".kiosk-attract__seat")
    expect(seats).to_have_count(len(frames["seats"]), timeout=15_000)
    roles = [seat for seat in frames["seats"] if seat["role"] != "player"]
    assert any(not hand for hand in frames["steps"][0]["state"]["hands"]), f"{first}: no seat without a hand"
    for seat in frames["seats"]:
        role = seats.nth(seat["seat"]).locator(".kiosk-attract__role")
        if seat in roles:
            expect(role).to_contain_text(seat["role_name"]["zh"])
            expect(role).to_contain_text(seat["role_name"]["en"])
        else:
            expect(role).to_have_count(0)


def test_the_attract_loops_first_step_shows_the_deal_and_no_stray_words(page: Page, site_dir):
    """The deal step has no card: its line is the step's name alone, never a program's "null" or "undefined" (a
    visitor reads it from two metres)."""
    open_kiosk(page)
    first = page.locator("#kiosk-app").get_attribute("data-deals").split()[0]
    frames = json.loads((site_dir / "assets/deals" / f"{first}.json").read_text(encoding="utf-8"))
    assert not frames["steps"][0]["action"]["cards"], f"{first}: the first step is not the deal"
    action = page.locator(".kiosk-attract__action")
    expect(action).to_contain_text(frames["steps"][0]["action"]["label"]["zh"], timeout=15_000)
    expect(action.locator(".kiosk-attract__label")).to_have_count(1)
    words = action.inner_text()
    assert re.search(r"\b(null|undefined|NaN)\b", words) is None, words
    assert (
        words.replace("\n", "").strip()
        == action.locator(".kiosk-attract__label").inner_text().replace("\n", "").strip()
    )


@pytest.mark.fresh_context
def test_the_attract_loop_keeps_moving_while_idle(page: Page):
    page.clock.install()
    open_kiosk(page)
    attract = page.locator(".kiosk-attract")
    seen = set()
    for _ in range(12):
        seen.add(attract.inner_html())
        page.clock.run_for(4_000)
    assert len(seen) >= 3, "the attract loop does not change"


def test_keyboard_reaches_everything_with_visible_focus(page: Page):
    open_kiosk(page)
    page.keyboard.press("Tab")
    focused = page.evaluate("document.activeElement.dataset.lang")
    assert focused == "zh"
    outline = page.evaluate("parseFloat(getComputedStyle(document.activeElement).outlineWidth)")
    assert outline >= 3, "the focused control has no visible outline"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.lang") == "en"
    page.keyboard.press("Enter")
    expect(page.locator("#kiosk-app")).to_have_attribute("data-screen", "menu")
    page.keyboard.press("Escape")
    expect(page.locator("#kiosk-app")).to_have_attribute("data-screen", "welcome")


def test_reduced_motion_stops_animation(page: Page):
    page.emulate_media(reduced_motion="reduce")
    open_kiosk(page)
    choose(page, "zh")
    names = page.evaluate(
        """() => [...document.querySelectorAll('#kiosk-app *')]
             .map((e) => getComputedStyle(e)).filter((s) => s.animationName !== 'none' ||
                 (s.transitionDuration.split(',').some((d) => parseFloat(d) > 0)))
             .length"""
    )
    assert names == 0


def test_english_page_starts_on_the_same_welcome(page: Page):
    open_kiosk(page, KIOSK_EN)
    assert page.evaluate("document.documentElement.lang") == "en"
    expect(page.locator('.kiosk-btn--lang[data-lang="zh"]')).to_have_text("中文")
    choose(page, "zh")
    assert page.evaluate("document.documentElement.lang") == "zh"


def test_deck_screen_shows_all_twenty_kinds_in_both_colourings(page: Page):
    open_kiosk(page)
    go_to(page, "cards")
    cards = page.locator(".kiosk-deck .cp-card")
    expect(cards).to_have_count(20)
    red_luzhou = page.locator(".kiosk-deck .cp-card--red").count()
    page.locator('.kiosk-btn--toggle[data-scheme="leshan"]').click()
    expect(page.locator('.kiosk-btn--toggle[data-scheme="leshan"]')).to_have_attribute("aria-pressed", "true")
    red_leshan = page.locator(".kiosk-deck .cp-card--red").count()
    assert (red_luzhou, red_leshan) == (6, 10)  # 二七十 贰柒拾 in Luzhou; the ten big cards in Leshan
    alts = page.locator(".kiosk-deck .cp-card").evaluate_all(
        "(els) => els.map((e) => e.alt || e.getAttribute('aria-label'))"
    )
    assert all(alts), "a card image has no text alternative"


def test_watch_lists_the_deals_and_opens_one_in_the_viewer(page: Page):
    open_kiosk(page)
    go_to(page, "watch")
    ids = page.evaluate("document.getElementById('kiosk-app').dataset.deals.split(/\\s+/).filter(Boolean)")
    choices = page.locator(".kiosk-deal-choice[data-deal]")  # the other games' deals follow (test_kiosk_more_games)
    expect(choices).to_have_count(len(ids))
    assert ids, "the kiosk names no deal in data-deals"
    choices.first.click()
    viewer = page.locator('#kiosk-app [data-cp-widget="deal"]')
    expect(viewer).to_have_class(re.compile(r"\bcp-deal--live\b"))
    expect(viewer.locator(".cp-error")).to_have_count(0)
    page.locator(".kiosk-back").click()
    expect(page.locator(".kiosk-deal-choice[data-deal]")).to_have_count(len(ids))  # back: the list, not the menu


@pytest.mark.fresh_context
def test_instant_navigation_to_the_kiosk_loads_it_whole(page: Page):
    """mkdocs-material's instant navigation swaps only the page body; the kiosk must still get its own scripts."""
    page.goto("index.html")
    page.wait_for_function("window.document$ !== undefined")
    # A link like the one the site's navigation would show (the kiosk is reached by a link, never typed).
    page.evaluate(
        """() => { const a = document.createElement('a'); a.href = 'kiosk/index.html'; a.id = 'to-kiosk';
                   a.textContent = 'kiosk'; document.querySelector('.md-content').append(a); }"""
    )
    page.locator("#to-kiosk").click()
    page.wait_for_function("window.changpaiKiosk && window.changpaiKiosk.state.screen === 'welcome'", timeout=30_000)
    expect(page.locator(".kiosk-btn--lang")).to_have_count(2)


def test_the_deal_viewer_controls_are_large_touch_targets(page: Page):
    open_kiosk(page)
    go_to(page, "watch")
    page.locator(".kiosk-deal-choice").first.click()
    expect(page.locator('#kiosk-app [data-cp-widget="deal"]')).to_have_class(re.compile(r"\bcp-deal--live\b"))
    small = page.evaluate(SMALL_TARGETS_JS, MIN_TARGET_PX)
    assert not small, f"viewer controls under {MIN_TARGET_PX} px: {small}"


UNMARKED_CHINESE_JS = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.getElementById('kiosk-app'), NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!/[\\u3400-\\u9fff]/.test(n.textContent)) continue;
    const owner = n.parentElement.closest('[lang]');
    if (!owner || !owner.lang.startsWith('zh')) out.push(n.textContent.trim().slice(0, 40));
  }
  return out;
}"""


def test_chinese_inside_the_english_kiosk_is_marked_zh(page: Page):
    open_kiosk(page, KIOSK_EN)
    assert page.evaluate(UNMARKED_CHINESE_JS) == [], "welcome screen"
    choose(page, "en")
    for screen in ["menu", "cards", "watch"]:
        page.evaluate("(s) => window.changpaiKiosk.show(s)", screen)
        page.wait_for_timeout(300)
        assert page.evaluate(UNMARKED_CHINESE_JS) == [], f"Chinese without lang=zh on the {screen} screen"


@pytest.mark.fresh_context
def test_a_long_running_kiosk_reloads_at_an_idle_reset(page: Page):
    page.clock.install()
    page.add_init_script(
        """new MutationObserver((_, obs) => {
             const app = document.getElementById('kiosk-app');
             if (app) { app.dataset.reloadAfterHours = '0.01'; obs.disconnect(); }
           }).observe(document, {childList: true, subtree: true});"""
    )
    open_kiosk(page)
    choose(page, "en")
    page.evaluate("window.__beforeReload = true; localStorage.setItem('k', 'v')")
    page.locator(".kiosk-restart").click()  # a visitor's own "start over" never reloads under their finger
    assert page.evaluate("window.__beforeReload") is True
    choose(page, "zh")
    with page.expect_event("load"):
        page.clock.run_for(95_000)  # idle: the countdown ends, and the page is reloaded
    page.wait_for_function("window.changpaiKiosk && window.changpaiKiosk.state.screen === 'welcome'")
    assert page.evaluate("window.__beforeReload") is None
    assert page.evaluate("localStorage.length") == 0


def test_the_build_refuses_a_kiosk_naming_an_unknown_deal():
    from types import SimpleNamespace

    from sitebuild import ext_kiosk

    page = SimpleNamespace(meta={"template": "kiosk.html"}, file=SimpleNamespace(src_uri="kiosk/index.md"))
    good = '<div id="kiosk-app" data-deals="luzhou-guozhang">'
    assert ext_kiosk.on_page_markdown(good, page, None, None) is None
    with pytest.raises(ValueError, match=r"docs/kiosk/index\.md: data-deals names 'no-such-deal'"):
        ext_kiosk.on_page_markdown('<div data-deals="luzhou-guozhang no-such-deal">', page, None, None)
    other = SimpleNamespace(meta={}, file=SimpleNamespace(src_uri="rules/index.md"))
    assert ext_kiosk.on_page_markdown('<div data-deals="no-such-deal">', other, None, None) is None


# Every layout shift the page makes, with what moved (PerformanceObserver, from the start of the page).
SHIFTS_INIT = """window.__cpShifts = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__cpShifts.push({value: e.value,
  moved: (e.sources || []).map((s) => s.node ? s.node.nodeName + "." + s.node.className : "?")}); })
  .observe({type: "layout-shift", buffered: true});"""


@pytest.mark.parametrize("url", ["kiosk/index.html", "learn/play.html", "en/learn/play.html"])
@pytest.mark.browser_context_args(viewport={"width": 412, "height": 823}, is_mobile=True, has_touch=True)
def test_the_kiosk_page_is_drawn_in_its_own_frame_from_the_first_frame(page: Page, site_dir, url: str):
    """kiosk.css hangs on the class kiosk-mode; set by kiosk.js alone, the page was first drawn in Material's frame,
    then moved up 30 px (Lighthouse counted a layout shift of 0.036 on learn/play) and turned from white to dark.
    The build writes the class into the page, so nothing moves while it starts."""
    page.add_init_script(SHIFTS_INIT)
    page.goto(url)
    page.wait_for_function("window.changpaiKiosk && document.querySelector('.kiosk-stage').childElementCount > 0")
    page.wait_for_timeout(300)  # (the screen's own entrance, if any, is drawn)
    assert page.evaluate("window.__cpShifts") == [], page.evaluate("window.__cpShifts")
    assert 'class="no-js kiosk-mode"' in (site_dir / url).read_text(encoding="utf-8")
