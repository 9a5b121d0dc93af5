"""The kiosk at gallery scale (issue 16, point 6), on a 1920×1080 touch screen seen from two metres: cards and labels
large enough, the watch settlement whole on the screen, an attract loop that shows a won hand and asks passers-by
a question (no "[001]" tags), 1–10 under the cards for English readers, and kiosk play's trail of recent moves with
the hand's own points in the headline."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.site.test_kiosk_play import ENGINE_MS, play_to_the_end, start

KIOSK = pytest.mark.browser_context_args(viewport={"width": 1920, "height": 1080}, has_touch=True)
CARD_MIN_PX = 36  # a card's width; its label below
LABEL_MIN_PX = 22


def open_kiosk(page: Page, *, clock: bool = False) -> None:
    if clock:  # the attract loop's timers then run on page.clock: a test moves them on instead of waiting
        page.clock.install()
    page.goto("kiosk/index.html")
    page.wait_for_function("window.changpaiKiosk && window.changpaiKiosk.state.screen === 'welcome'")


ATTRACT_STEP_MS = 3300  # a little more than the loop's step (docs/assets/kiosk/kiosk.js: ATTRACT_STEP_MS)


def run_attract_until(page: Page, locator, limit_ms: int) -> None:
    """Move the attract loop's clock on, a step at a time, until ``locator`` shows (at most ``limit_ms`` of its
    time, as long as the test used to wait for it in real time)."""
    moved = 0
    while not locator.is_visible() and moved < limit_ms:
        page.clock.run_for(ATTRACT_STEP_MS)
        moved += ATTRACT_STEP_MS
    expect(locator).to_be_visible()


def widths(locator) -> list[float]:
    return locator.evaluate_all("els => els.map(e => e.getBoundingClientRect().width).filter(w => w > 0)")


@KIOSK
def test_attract_loop_cards_are_readable_and_free_of_source_tags(page: Page):
    open_kiosk(page, clock=True)
    attract = page.locator(".kiosk-attract")
    seat_cards = attract.locator(".kiosk-attract__seat .cp-card")
    expect(seat_cards.first).to_be_visible(timeout=10_000)
    assert min(widths(seat_cards)) >= CARD_MIN_PX, widths(seat_cards)[:3]
    for step in range(3):  # a few steps of the deal: no "[001]" on the table
        expect(attract).to_have_attribute("data-step", str(step))
        text = attract.inner_text()
        assert not re.search(r"\[\d{3}\]", text), text
        page.clock.run_for(ATTRACT_STEP_MS)


@KIOSK
def test_the_attract_loop_shows_a_won_hand_then_asks_a_question(page: Page):
    open_kiosk(page, clock=True)
    expect(page.locator(".kiosk-attract__seat .cp-card").first).to_be_visible(timeout=10_000)
    win = page.locator(".kiosk-attract .cp-win")
    run_attract_until(page, win, 60_000)
    head = page.locator(".kiosk-attract__win-head")
    # The word for a point is the rule set's own (和 in Leshan, 胡 elsewhere), as the engine names it on the page.
    rules = page.locator(".kiosk-attract").get_attribute("data-rules")
    word = page.evaluate("r => window.cpCards.rulesInfo(r).point_word.zh", rules)
    assert word in ("胡", "和"), (rules, word)
    expect(head).to_contain_text(re.compile(rf"{word}了，\d+ {word}"))
    expect(head).to_contain_text(re.compile(r"wins with \d+ points"))
    sets = win.locator(".cp-win__set")
    assert sets.count() >= 5
    expect(sets.first.locator(".cp-meld__points")).to_have_text(re.compile(rf"^\d+ {word}$"))
    assert min(widths(win.locator(".cp-card"))) >= CARD_MIN_PX
    box = page.locator(".kiosk-attract").bounding_box()
    assert box["y"] + box["height"] <= 1080, "the attract panel runs off the screen"
    ask = page.locator(".kiosk-attract__ask")
    run_attract_until(page, ask, 15_000)
    expect(ask).to_contain_text("碰一下屏幕")
    expect(ask).to_contain_text("Touch the screen")


@KIOSK
def test_meet_the_deck_numbers_the_cards_for_english_readers(page: Page):
    open_kiosk(page)
    page.locator('.kiosk-btn--lang[data-lang="en"]').click()
    page.locator(".kiosk-go-cards").click()
    numbers = page.locator(".kiosk-deck__number")
    expect(numbers).to_have_count(20)
    assert numbers.all_inner_texts() == [str(n) for n in range(1, 11)] * 2
    size = numbers.first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    assert size >= LABEL_MIN_PX, size
    page.locator(".kiosk-lang-switch").click()
    expect(page.locator(".kiosk-deck__number")).to_have_count(0)  # Chinese readers read the numerals


@KIOSK
def test_watch_cards_labels_and_a_settlement_that_fits(page: Page):
    open_kiosk(page)
    page.locator('.kiosk-btn--lang[data-lang="zh"]').click()
    page.locator(".kiosk-go-watch").click()
    page.locator('.kiosk-deal-choice[data-deal="luzhou-win-settlement"]').click()
    deal = page.locator('.kiosk-watch__body [data-cp-widget="deal"]')
    expect(deal.locator(".cp-seat").first).to_be_visible(timeout=20_000)
    hand_cards = deal.locator(".cp-seat__hand .cp-card")
    assert min(widths(hand_cards)) >= CARD_MIN_PX, widths(hand_cards)[:3]
    label = deal.locator(".cp-seat__label").first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    assert label >= LABEL_MIN_PX, label
    deal.locator(".cp-deal__last").click()
    settlement = deal.locator(".cp-deal__settle")
    expect(settlement.locator(".cp-settlement__winner")).to_have_text("丁 胡了，27 胡")
    box = settlement.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= 1080 and box["x"] + box["width"] <= 1920, box
    assert settlement.evaluate("e => e.scrollHeight <= e.clientHeight + 1"), "the settlement needs scrolling"


@KIOSK
def test_play_keeps_a_trail_of_moves_and_headlines_the_hands_points(page: Page):
    start(page, "zh", ".kiosk-rules-leshan", 11, bot_delay_ms=0)
    trail = page.locator(".kiosk-play__trail li")
    lit = page.locator(".kiosk-play__column.is-legal")
    expect(lit.first).to_be_visible(timeout=ENGINE_MS)  # the visitor deals and plays first
    lit.first.click()
    expect(trail.first).to_be_visible(timeout=ENGINE_MS)  # after the next move the visitor's own stays listed
    # With no bot delay the trail is redrawn between moves: read the size of an item that is still on the page,
    # in one step (a detached item has no computed style).
    size = page.wait_for_function(
        """() => {
            const item = document.querySelector('.kiosk-play__trail li');
            const px = item && item.isConnected ? parseFloat(getComputedStyle(item).fontSize) : NaN;
            return Number.isFinite(px) ? px : null;
        }""",
        timeout=ENGINE_MS,
    ).json_value()
    assert size >= LABEL_MIN_PX, size
    assert trail.count() <= 4
    result = play_to_the_end(page, "zh")
    headline = page.locator(".kiosk-play__headline")
    shown = int(headline.get_attribute("data-points"))
    hand = page.locator(".kiosk-play__winning .cp-win")
    if hand.count():
        assert int(hand.get_attribute("data-points")) == shown
        assert str(shown) in result["headline"]
        assert hand.locator(".cp-win__set").count() >= 5


PAGE_SCROLLS_JS = "document.documentElement.scrollHeight > innerHeight + 1"
ATTRACT_STEP_JS = "(() => { const a = document.querySelector('.kiosk-attract'); return a ? (a.dataset.rules || '') + ' step ' + (a.dataset.step || '') : ''; })()"


@pytest.mark.parametrize(
    "viewport", [{"width": 1920, "height": 1080}, {"width": 1080, "height": 1920}], ids=["landscape", "portrait"]
)
def test_every_kiosk_screen_fits_the_gallery_screen(page: Page, viewport: dict):
    """No screen of the gallery kiosk runs past the screen's edge: the welcome through every step of its five annotated
    deals (a deal of four with its longest note ran 280 px past 1080), the menu, the deck, the six games (the last two
    were 350 px down) and the deals to watch (nine; 300 px down in English)."""
    page.set_viewport_size(viewport)
    open_kiosk(page, clock=True)
    page.wait_for_selector(".kiosk-attract__seats", timeout=ENGINE_MS)
    seen = set()
    for _ in range(140):  # five deals of up to eleven steps, and the pauses between them
        page.clock.run_for(1700)
        where = page.evaluate(ATTRACT_STEP_JS)
        seen.add(where.split(" step")[0])
        assert not page.evaluate(PAGE_SCROLLS_JS), f"the welcome runs past the screen at {where}"
        if len(seen - {""}) >= 2 and page.evaluate("window.changpaiKiosk.state.screen") != "welcome":
            break
        page.mouse.move(5, 5)  # (someone there: no idle reset)
    assert {"leshan", "luzhou-a"} <= seen, seen
    for lang in ("zh", "en"):
        page.evaluate("(lang) => { changpaiKiosk.state.lang = lang; }", lang)
        for screen, ready in (
            ("menu", ".kiosk-go-play"),
            ("cards", ".kiosk-deck, .kiosk-cards__body"),
            ("play", ".kiosk-rules-yibai"),
            ("watch", ".kiosk-deal-choice"),
        ):
            page.evaluate("(name) => changpaiKiosk.show(name)", screen)
            page.wait_for_selector(ready)
            page.wait_for_timeout(400)  # (the screen's entrance: a CSS animation, in real time)
            assert not page.evaluate(PAGE_SCROLLS_JS), f"the {screen} screen ({lang}) runs past the screen"


@KIOSK
def test_a_watched_chuopai_tricks_plays_lie_side_by_side(page: Page):
    """A 戳牌 deal on the gallery's landscape screen: the plays of a trick in one row, not one under another (a trick
    of three made the screen 400–780 px long; some steps still run past the screen's edge)."""
    open_kiosk(page)
    page.evaluate("changpaiKiosk.show('watch')")
    page.locator(".kiosk-deal-choice", has_text="戳").first.click()
    page.wait_for_selector(".cp-chuo-frame")
    for _ in range(12):
        tops = page.locator(".cp-chuo-frame:not([hidden]) .cp-chuo-play").evaluate_all(
            "(els) => els.filter((e) => e.offsetParent).map((e) => Math.round(e.getBoundingClientRect().top))"
        )
        if len(tops) >= 2:
            break
        page.locator(".cp-chuo-btn[data-go='next']").click()
    assert len(tops) >= 2, "no trick of two plays in the first steps"
    assert len(set(tops)) == 1, f"the plays are stacked: tops {tops}"


@KIOSK
def test_a_watched_seats_discards_sit_beside_its_hand_when_they_fit(page: Page):
    """A Da Er deal on the gallery's landscape screen: a seat's few discards beside its hand, not a line under it."""
    open_kiosk(page)
    page.evaluate("changpaiKiosk.show('watch')")
    page.locator(".kiosk-deal-choice").first.click()
    page.wait_for_selector(".cp-deal__next")
    for _ in range(10):
        rows = page.locator(".cp-seat:has(.cp-seat__row:nth-of-type(3)) .cp-seat__row").evaluate_all(
            "(els) => els.slice(0, 2).map((e) => Math.round(e.getBoundingClientRect().top))"
        )
        if len(rows) == 2:
            break
        page.locator(".cp-deal__next").click()
    assert len(rows) == 2, "no seat with discards in the first steps"
    assert rows[0] == rows[1], f"the discards are a line under the hand: tops {rows}"
