"""Play a hand as a reader of the site (docs/learn/play.md): the kiosk's games in ``data-mode="reader"``.

The page opens on the choice of game in its own language, keeps the reader's game however long they think (no idle
reset, no reload), links back to the site instead of offering "start again", fits a phone held upright, and is
reached from the Learn page by instant navigation like any other page.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.site.test_kiosk_play import play_to_the_end

pytestmark = pytest.mark.warm_engine

ENGINE_MS = 120_000
PHONE = {"width": 390, "height": 844}
PAGES = {"zh": ("learn/play.html", "打一手"), "en": ("en/learn/play.html", "Play a hand")}


def open_play(page: Page, lang: str, seed: int = 11) -> None:
    page.goto(PAGES[lang][0])
    page.wait_for_function("window.changpaiKiosk && window.changpaiKioskPlay")
    page.evaluate("(seed) => { changpaiKioskPlay.tuning = {seed, botDelayMs: 0}; }", seed)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_page_opens_on_the_choice_of_game_in_its_language_with_a_way_back_to_the_site(page: Page, lang: str):
    open_play(page, lang)
    app = page.locator("#kiosk-app")
    expect(app).to_have_attribute("data-screen", "play")
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.title().startswith(PAGES[lang][1])
    for game in ("leshan", "luzhou", "chuopai", "hongdiandian", "yibai"):
        expect(page.locator(f".kiosk-rules-{game}")).to_be_visible()
    # No welcome screen, no "start again", no way back from the first screen: a link to the site instead.
    expect(page.locator(".kiosk-btn--lang, .kiosk-restart, .kiosk-back")).to_have_count(0)
    link = page.locator("a.kiosk-to-site")
    expect(link).to_be_visible()
    link.click()
    page.wait_for_url("**/learn/index.html")
    expected = "学习" if lang == "zh" else "Learn"
    expect(page.locator("h1").first).to_contain_text(expected)


def test_a_reader_plays_a_whole_hand_on_a_phone_and_goes_back_to_the_choice(page: Page):
    page.set_viewport_size(PHONE)
    open_play(page, "zh")
    # The bar's title keeps one line on a phone (it was one character a line between the buttons).
    title = page.locator(".kiosk-bar__title")
    height, line = title.evaluate("(el) => [el.getBoundingClientRect().height, parseFloat(getComputedStyle(el).lineHeight)]")
    assert height < 1.5 * line, f"the title wraps: {height:.0f} px for a {line:.0f} px line"
    page.locator(".kiosk-rules-leshan").click()
    page.wait_for_selector(".kiosk-play__column.is-legal", timeout=ENGINE_MS)
    # Twenty cards fit in rows of at least five columns, and nothing is wider than the phone.
    tops = page.locator(".kiosk-play__column").evaluate_all("(els) => els.map((e) => e.getBoundingClientRect().top)")
    assert tops.count(tops[0]) >= 5, f"only {tops.count(tops[0])} columns in the hand's first row"
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), "the table is wider than the phone"
    outcome = play_to_the_end(page, "zh")
    assert outcome["checked_turns"] >= 1 and outcome["headline"].strip()
    page.locator(".kiosk-back").click()
    expect(page.locator("#kiosk-app")).to_have_attribute("data-screen", "play")
    expect(page.locator(".kiosk-rules-leshan")).to_be_visible()


def test_the_readers_game_is_never_reset_by_itself(page: Page):
    open_play(page, "en")
    page.locator(".kiosk-rules-luzhou").click()
    page.wait_for_selector(".kiosk-play__column.is-legal", timeout=ENGINE_MS)
    board = page.locator(".kiosk-play__board").get_attribute("data-game")
    # The gallery kiosk resets after this many idle seconds; a reader's page ignores it.
    page.evaluate("() => { changpaiKiosk.settings.idleSeconds = 1; changpaiKiosk.settings.countdownSeconds = 1; }")
    page.wait_for_timeout(2500)
    assert page.evaluate("changpaiKiosk.state.resets") == 0
    expect(page.locator(".kiosk-countdown")).to_be_hidden()
    assert page.locator(".kiosk-play__board").get_attribute("data-game") == board, "the game was replaced"


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_learn_page_leads_to_the_game_by_instant_navigation(page: Page, lang: str):
    page.goto("learn/index.html" if lang == "zh" else "en/learn/index.html")
    page.wait_for_function("window.document$ !== undefined")
    page.locator('article a[href$="play.html"]').first.click()
    page.wait_for_url("**/learn/play.html")
    page.wait_for_function("window.changpaiKiosk !== undefined")
    expect(page.locator("#kiosk-app")).to_have_attribute("data-screen", "play")
    expect(page.locator(".kiosk-rules-leshan")).to_be_visible()
