"""The kiosk at gallery scale (issue 16, point 6), on a 1920×1080 touch screen seen from two metres: cards and labels
large enough, the watch settlement whole on the screen, an attract loop that shows a won hand and asks passers-by
a question (no "[001]" tags), 1–10 under the cards for English readers, and kiosk play's trail of recent moves with
the hand's own points in the headline."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.site.test_kiosk_play import ENGINE_MS, play_to_the_end, start

# Layout at gallery scale, not loading: the shared, warmed browser context (tests/site/conftest.py: warm_page), except
# for the tests that run the attract loop on a fake clock (``page.clock`` is the context's: it would stay installed).
pytestmark = pytest.mark.warm_engine

KIOSK = pytest.mark.browser_context_args(viewport={"width": 1920, "height": 1080}, has_touch=True)
CARD_MIN_PX = 36  # a card's width; its label below
LABEL_MIN_PX = 22
DOMINO_MIN_PX = 32  # a 戳牌 card's width on the gallery's upright screen (a domino is narrow: 32 × 120 px)
HAND_DOMINO_MIN_PX = 40  # a 戳牌 hand's cards on the landscape screen (its seats are wide: two rows of a dealt hand)


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


@pytest.mark.fresh_context
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


@pytest.mark.fresh_context
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
    # after the next move the visitor's own stays listed (out of sight while the visitor chooses a claim, at this size)
    expect(trail.first).to_be_attached(timeout=ENGINE_MS)
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
ATTRACT_STEP_JS = (
    "(() => { const a = document.querySelector('.kiosk-attract');"
    " return a ? (a.dataset.rules || '') + ' step ' + (a.dataset.step || '') : ''; })()"
)


@pytest.mark.fresh_context
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
        if page.evaluate(PAGE_SCROLLS_JS):  # a step just drawn: its card pictures and fonts may still be arriving
            page.wait_for_timeout(500)
            over = page.evaluate("document.documentElement.scrollHeight - innerHeight")
            assert over <= 1, f"the welcome runs {over} px past the screen at {where}"
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


# One deal to watch, stepped through in the page (a click on its "next" button per step: the viewers draw a step at
# once) and read at every step: how far the page runs past the screen, the parts a visitor needs that are not wholly
# on it (its seats, the card or trick in play, the note, the step buttons), a part whose content spills out of its box
# (cut off, or drawn over its neighbour), the narrowest card in a hand and the smallest label.
STEP_THROUGH_DEAL_JS = """() => {
    const widget = document.querySelector('.kiosk-watch__body > [data-cp-widget]');
    const next = () => widget.querySelector(".cp-deal__next, .cp-hdd__next, .cp-chuo-btn[data-go='next']");
    const NEEDED = '.cp-seat, .cp-chuo-seat, .cp-deal__center, .cp-hdd__center, .cp-chuo-trick, '
        + '.cp-deal__side, .cp-hdd__side, .cp-chuo-notes, '
        + '.cp-deal__prev, .cp-deal__next, .cp-hdd__prev, .cp-hdd__next, '
        + ".cp-chuo-btn[data-go='prev'], .cp-chuo-btn[data-go='next']";
    const NOTE = '.cp-deal__side, .cp-hdd__side, .cp-chuo-notes';  // may scroll, in its own box
    const name = (e) => e.className + (e.dataset.go ? ` ${e.dataset.go}` : '');
    // from its first step (红点点's viewer starts at the step named in the address, which it writes as it steps)
    const first = widget.querySelector(".cp-deal__first, .cp-hdd__first, .cp-chuo-btn[data-go='first']");
    if (first && !first.disabled) first.click();
    const steps = [];
    for (let step = 0; step < 200; step++) {
        const problems = [];
        const over = document.documentElement.scrollHeight - innerHeight;
        const wide = document.documentElement.scrollWidth - innerWidth;
        if (over > 1 || wide > 1) {
            problems.push(`the page runs ${over} px past the screen's foot, ${wide} px past its side`);
        }
        for (const part of widget.querySelectorAll(NEEDED)) {
            if (!part.getClientRects().length) continue;  // not drawn at this step
            const box = part.getBoundingClientRect();
            if (box.top < 0 || box.bottom > innerHeight + 1) problems.push(`${name(part)} is not wholly on the screen`);
            const scrolls = part.matches(NOTE) && getComputedStyle(part).overflowY === 'auto';
            if (!scrolls && part.scrollHeight > part.clientHeight + 2) {
                problems.push(`${name(part)} spills out of its box`);
            }
        }
        const widths = [...widget.querySelectorAll('.cp-seat__hand .cp-card')]
            .map((e) => e.getBoundingClientRect().width);
        const labels = [...widget.querySelectorAll('.cp-seat__label, .cp-chuo-hand > span, .cp-chuo-hard > span')]
            .filter((e) => e.getClientRects().length).map((e) => parseFloat(getComputedStyle(e).fontSize));
        const dominoes = widget.matches('.cp-chuo')
            ? [...widget.querySelectorAll('img.cp-card, .cp-chuo-back')].filter((e) => e.getClientRects().length)
                .map((e) => e.getBoundingClientRect().width)
            : [];
        const handDominoes = [...widget.querySelectorAll('.cp-chuo-hand img.cp-card, .cp-chuo-hand .cp-chuo-back')]
            .filter((e) => e.getClientRects().length).map((e) => e.getBoundingClientRect().width);
        const least = (values) => (values.length ? Math.min(...values) : null);
        steps.push({ problems, card: least(widths), label: least(labels), domino: least(dominoes),
            handDomino: least(handDominoes) });
        const button = next();
        if (!button || button.disabled) break;
        button.click();
    }
    return steps;
}"""
DEAL_READY_JS = """() => {
    const widget = document.querySelector('.kiosk-watch__body > [data-cp-widget]');
    if (!widget) return false;
    if (widget.matches('.cp-chuo')) return Boolean(widget.dataset.frames);  // its steps fetched
    return Boolean(widget.querySelector('.cp-deal__next, .cp-hdd__next'));
}"""


@KIOSK
@pytest.mark.parametrize(
    "viewport", [{"width": 1920, "height": 1080}, {"width": 1080, "height": 1920}], ids=["landscape", "portrait"]
)
def test_every_step_of_every_deal_to_watch_fits_the_screen(page: Page, viewport: dict):
    """Watching any deal on the gallery's screen, no step needs the page scrolled, and the seats' hands, the card or
    trick in play, the note and the step buttons are all on the screen, none cut off or drawn over another (only the
    note may scroll, in its own box); hands and labels stay readable from two metres. Landscape, Da Er deals of four
    ran the page 50–170 px past the screen's foot, 戳牌 550–600 px, 红点点 440–560 px; upright, a 红点点 deal's last
    step 60 px. Upright, 戳牌's domino cards are at least DOMINO_MIN_PX wide wherever they are (hands, piles, trick;
    they were 18 px, the trick's 28); landscape, a 戳牌 hand's are HAND_DOMINO_MIN_PX (they were 28)."""
    upright = viewport["height"] > viewport["width"]
    page.set_viewport_size(viewport)
    page.emulate_media(reduced_motion="reduce")  # (no entrance animation moving the screen while it is read)
    open_kiosk(page)
    failures, watched = [], 0
    for lang in ("zh", "en"):
        page.evaluate("(lang) => { changpaiKiosk.state.lang = lang; changpaiKiosk.show('watch'); }", lang)
        choices = page.locator(".kiosk-deal-choice")
        expect(choices).to_have_count(9)  # five Da Er deals, two of 戳牌, two of 红点点
        titles = choices.evaluate_all("els => els.map(e => e.querySelector('.kiosk-btn__label').textContent)")
        for index, title in enumerate(titles):
            if index:
                page.evaluate("changpaiKiosk.show('watch')")
            choices.nth(index).click()
            page.wait_for_function(DEAL_READY_JS, timeout=20_000)
            page.evaluate("document.fonts.ready")
            for step, seen in enumerate(page.evaluate(STEP_THROUGH_DEAL_JS)):
                where = f"{lang} {title!r} step {step}"
                failures += [f"{where}: {problem}" for problem in seen["problems"]]
                if seen["card"] is not None and seen["card"] < CARD_MIN_PX:
                    failures.append(f"{where}: a hand's card is {seen['card']:.0f} px wide")
                if seen["label"] is not None and seen["label"] < LABEL_MIN_PX:
                    failures.append(f"{where}: a label is {seen['label']:.0f} px")
                if upright and seen["domino"] is not None and seen["domino"] < DOMINO_MIN_PX:
                    failures.append(f"{where}: a 戳牌 card is {seen['domino']:.0f} px wide")
                if not upright and seen["handDomino"] is not None and seen["handDomino"] < HAND_DOMINO_MIN_PX:
                    failures.append(f"{where}: a card of a 戳牌 hand is {seen['handDomino']:.0f} px wide")
            watched += 1
    assert watched == 9 * 2
    assert not failures, f"{len(failures)} problems:\n" + "\n".join(failures[:25])


@KIOSK
def test_the_next_visitor_opens_a_watched_deal_at_its_beginning(page: Page):
    """A viewer keeps its step in the address (#hdd-deal-…-2): the kiosk drops it when the watch screen opens, so the
    next visitor to pick the deal starts at its first step, not where the last one left off."""
    open_kiosk(page)
    page.evaluate("changpaiKiosk.show('watch')")
    page.locator(".kiosk-deal-choice[data-icon='红']").last.click()  # (the first, a 天胡, is over at once)
    viewer = page.locator("[data-cp-widget='hdd-deal'][data-step]")
    expect(viewer).to_have_attribute("data-step", "0", timeout=20_000)
    for _ in range(2):
        viewer.locator(".cp-hdd__next").click()
    expect(viewer).to_have_attribute("data-step", "2")
    assert page.evaluate("location.hash").endswith("-2")
    page.locator(".kiosk-back").click()
    page.locator(".kiosk-deal-choice[data-icon='红']").last.click()  # (the first, a 天胡, is over at once)
    expect(page.locator("[data-cp-widget='hdd-deal'][data-step]")).to_have_attribute("data-step", "0", timeout=20_000)
