"""Wuchuan 一百 (抠百) at the kiosk (docs/assets/kiosk/play-yibai.js): the visitor (甲) races two computer players
across deals to the kiosk's target of 子, stated on screen, through the in-page engine.

The visitor's moves are taps on what the kiosk offers. The tests check the scoreboard against the engine's own
running count (the ``sitting`` of its answers), that the race stops the moment a seat reaches the target (in the
middle of a deal too: nothing more is offered and the engine refuses another move), the end screen in each
language, and that the kiosk clears itself when left alone, as after any other game.
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from tests.site.test_kiosk import MIN_TARGET_PX, SMALL_TARGETS_JS

# Engine-backed games share the warmed browser context (tests/site/conftest.py: warm_page); the idle reset
# after the race keeps a fresh one.
pytestmark = pytest.mark.warm_engine

ENGINE_MS = 120_000
CJK = re.compile(r"[\u4e00-\u9fff]")
WAIT_FOR = (
    ".kiosk-yibai__end, .kiosk-play__settlement, .kiosk-play__choice, .kiosk-play__column.is-legal, .kiosk-play__error"
)

# The sitting the kiosk is playing, as the engine last answered it (the kiosk keeps nothing else).
SITTING_JS = "() => { const c = window.changpaiKioskYibai.current; return c ? c.sitting() : null; }"

# The board and the recent-scores list against the engine's count at the same instant: the count, or null.
BOARD_FOLLOWS_JS = """() => {
  const c = window.changpaiKioskYibai.current;
  const s = c && c.sitting();
  const board = document.querySelector(".kiosk-yibai__board");
  const recent = document.querySelector(".kiosk-yibai__recent li");
  if (!s || !board || !s.scores.length || !recent) return null;
  const same = board.dataset.totals === JSON.stringify(s.totals)
    && Number(recent.dataset.points) === s.scores[s.scores.length - 1].points;
  return same ? {totals: s.totals} : null;
}"""

TAP_FIRST_OFFER_JS = """() => {
  const offer = document.querySelector(".kiosk-play__choice") || document.querySelector(".kiosk-play__column.is-legal");
  if (offer) offer.click();
  return Boolean(offer);
}"""


def start(page: Page, lang: str, seed: int, target: int | None = None) -> None:
    page.goto("kiosk/index.html")
    page.wait_for_function("window.changpaiKiosk && window.changpaiKioskYibai && window.changpaiKioskPlay")
    page.evaluate(
        """([seed, target]) => {
             changpaiKioskPlay.tuning = {botDelayMs: 0};
             changpaiKioskYibai.tuning = {seed};
             if (target) changpaiKiosk.settings.yibaiTarget = target;
           }""",
        [seed, target],
    )
    page.locator(f'.kiosk-btn--lang[data-lang="{lang}"]').click()
    page.locator(".kiosk-go-play").click()
    page.locator(".kiosk-rules-yibai").click()
    expect(page.locator(".kiosk-yibai__board")).to_be_visible()


def shown_totals(page: Page) -> list[int]:
    return [int(n) for n in page.locator(".kiosk-yibai__seat").evaluate_all("(els) => els.map((e) => e.dataset.zi)")]


def race_to_the_end(page: Page) -> dict:
    """Tap through the whole race: the first thing offered, the first lit column, the next deal when one ends."""
    deals = 1
    for _ in range(1500):
        page.wait_for_selector(WAIT_FOR, timeout=ENGINE_MS)
        if page.locator(".kiosk-yibai__end, .kiosk-play__error").count():
            break
        if page.locator(".kiosk-play__settlement").count():
            # a deal over, nobody at the target yet: the scoreboard already holds the engine's count
            sitting = page.evaluate(SITTING_JS)
            assert sitting["winner"] is None and sitting["next_dealer"] is not None
            assert shown_totals(page) == sitting["totals"]
            page.locator(".kiosk-play__settlement .kiosk-play__again").click()
            deals += 1
            expect(page.locator(".kiosk-yibai__deal")).to_contain_text(str(deals))
            continue
        choices = page.locator(".kiosk-play__choice")
        if choices.count():
            choices.first.click()
        else:
            page.locator(".kiosk-play__column.is-legal").first.click()
    expect(page.locator(".kiosk-play__error")).to_have_count(0)
    end = page.locator(".kiosk-yibai__end")
    expect(end).to_be_visible()
    return {"deals": deals, "sitting": page.evaluate(SITTING_JS), "end": end}


def check_the_end(page: Page, result: dict, target: int) -> None:
    sitting, end = result["sitting"], result["end"]
    winner = sitting["winner"]
    assert winner is not None
    # the first to the target, and nobody else there: the race stopped at that 子
    assert sitting["totals"][winner] >= target
    assert [s for s in range(3) if sitting["totals"][s] >= sitting["targets"][s]] == [winner]
    expect(end).to_have_attribute("data-winner", str(winner))
    assert json.loads(end.get_attribute("data-totals")) == sitting["totals"]
    assert shown_totals(page) == sitting["totals"], "the scoreboard is not the engine's count"
    totals = end.locator(".kiosk-yibai__totals li")
    expect(totals).to_have_count(3)
    assert [int(n) for n in totals.evaluate_all("(els) => els.map((e) => e.dataset.zi)")] == sitting["totals"]
    # nothing more is offered, and the engine itself refuses another move in this sitting
    expect(page.locator(".kiosk-play__choice, .kiosk-play__column.is-legal")).to_have_count(0)
    refused = page.evaluate(
        """async () => {
             const game = document.querySelector('.kiosk-play__board').dataset.game;
             const legal = (await window.changpaiEngine.call({command: 'legal_actions', game})).actions;
             if (!legal.length) return {error: {code: 'match-over'}};
             return window.changpaiEngine.call({command: 'apply', game, action: legal[0].text});
           }"""
    )
    assert refused.get("error", {}).get("code") == "match-over", refused


@pytest.mark.parametrize(("lang", "seed"), [("zh", 3), ("en", 8)])
def test_a_visitor_races_to_the_gallery_target(page: Page, lang: str, seed: int):
    start(page, lang, seed)
    target = page.evaluate("window.changpaiKiosk.settings.yibaiTarget")
    assert target == 30, "the kiosk page sets a short race for the gallery"
    board = page.locator(".kiosk-yibai__board")
    # the target is stated on screen, with the rule's own 100 beside the gallery's shorter race
    stated = board.locator(".kiosk-yibai__target").inner_text()
    assert "30" in stated and "100" in stated, stated
    if lang == "en":
        assert re.search(r"First to 30 子 wins", stated)
    else:
        assert "先满 30 子" in stated
    expect(board.locator(".kiosk-yibai__seat")).to_have_count(3)
    small = page.evaluate(SMALL_TARGETS_JS, MIN_TARGET_PX)
    assert not small, f"controls under {MIN_TARGET_PX} px: {small}"
    result = race_to_the_end(page)
    check_the_end(page, result, 30)
    headline = result["end"].locator(".kiosk-yibai__headline").inner_text()
    last = result["end"].locator(".kiosk-yibai__last").inner_text()
    if lang == "en":
        assert re.search(r"reached 30 子 first", headline), headline
        assert not CJK.search(
            re.sub(r"[子坎兑龙机牌胡偷开招活抄拿一二三四五六七八九十壹贰叁肆伍陆柒捌玖拾]", "", headline + last)
        )
        unmarked = page.evaluate(
            """() => [...document.querySelectorAll(
                   '.kiosk-yibai__end p, .kiosk-yibai__board p, .kiosk-yibai__recent li')]
                 .flatMap((el) => [...el.childNodes]
                   .filter((n) => n.nodeType === 3 && /[\u3400-\u9fff]/.test(n.textContent))
                 .map((n) => n.textContent))"""
        )
        assert unmarked == [], "Chinese inside English text without lang"
    else:
        assert re.search(r"先满 30 子", headline), headline
    assert last.strip(), "the end does not say what made the last 子"


def test_the_race_stops_in_the_middle_of_a_deal(page: Page):
    """A target low enough to be reached by a 兑 or a 开招 before anyone wins: the table stops at that move."""
    start(page, "zh", 5, target=12)
    result = race_to_the_end(page)
    check_the_end(page, result, 12)
    end = result["end"]
    expect(end).to_have_attribute("data-mid-deal", "true")
    expect(end.locator(".kiosk-yibai__when")).to_contain_text("还没打完")
    assert result["sitting"]["scores"][-1]["for"] != "win"
    expect(page.locator(".kiosk-yibai__board .kiosk-yibai__target")).to_contain_text("先满 12 子")
    # the deal's own settlement never came: the race ended before the deal did
    expect(page.locator(".kiosk-play__settlement:not(.kiosk-yibai__end)")).to_have_count(0)


def test_scores_appear_on_the_board_as_they_are_made(page: Page):
    start(page, "en", 3)
    page.wait_for_selector(WAIT_FOR, timeout=ENGINE_MS)
    # the pick-up's held 坎 are scored before the first move, and the board shows the engine's count at once
    sitting = page.evaluate(SITTING_JS)
    expect(page.locator(".kiosk-yibai__board")).to_have_attribute(
        "data-totals", json.dumps(sitting["totals"], separators=(",", ":"))
    )
    made = [sum(s["points"] for s in sitting["scores"] if s["seat"] == seat) for seat in range(3)]
    assert made == sitting["totals"], "the first deal starts from 0"
    recent = page.locator(".kiosk-yibai__recent li")
    if sitting["scores"]:
        expect(recent.first).to_contain_text("子")
        assert int(recent.first.get_attribute("data-points")) == sitting["scores"][-1]["points"]
    for _ in range(300):  # play on until the count moves, then check the board followed it
        page.wait_for_selector(WAIT_FOR, timeout=ENGINE_MS)
        if page.locator(".kiosk-yibai__end, .kiosk-play__settlement").count():
            break
        # what is offered is looked up and tapped in one turn of the page, so a redraw in between cannot leave the
        # test waiting on a button that has gone
        if not page.evaluate(TAP_FIRST_OFFER_JS):
            continue
        now = page.evaluate(SITTING_JS)
        if now["totals"] != sitting["totals"]:
            # the computer players may score again while this runs, so the board and the engine's count are read
            # together, in one turn of the page's event loop, until they agree
            agreed = page.wait_for_function(BOARD_FOLLOWS_JS, timeout=ENGINE_MS).json_value()
            assert agreed["totals"] != sitting["totals"]
            return
    pytest.fail("no 子 was scored in a whole deal")


@pytest.mark.fresh_context
def test_the_kiosk_clears_itself_after_the_race(page: Page):
    start(page, "zh", 5, target=12)
    race_to_the_end(page)
    page.evaluate("() => { changpaiKiosk.settings.idleSeconds = 3; changpaiKiosk.settings.countdownSeconds = 1; }")
    expect(page.locator("#kiosk-app")).to_have_attribute("data-screen", "welcome", timeout=20_000)
    expect(page.locator(".kiosk-yibai")).to_have_count(0)
    assert page.evaluate("window.changpaiKiosk.state.lastReset") == "idle"


def test_race_again_starts_a_fresh_race(page: Page):
    start(page, "en", 5, target=12)
    result = race_to_the_end(page)
    result["end"].locator(".kiosk-yibai__again").click()
    expect(page.locator(".kiosk-yibai__end")).to_have_count(0)
    expect(page.locator(".kiosk-yibai__deal")).to_have_text("Deal 1")
    page.wait_for_selector(WAIT_FOR, timeout=ENGINE_MS)
    fresh = page.evaluate(SITTING_JS)
    assert fresh["totals"] == [sum(s["points"] for s in fresh["scores"] if s["seat"] == seat) for seat in range(3)]


# A deal's settlement shows all of itself on the gallery's screen: nothing scrolled away, its button on the screen.
SETTLEMENT_FITS_JS = """() => {
  const box = document.querySelector('.kiosk-play__settlement');
  const top = box.querySelector('h2').getBoundingClientRect();
  const button = box.querySelector('button').getBoundingClientRect();
  const frame = box.getBoundingClientRect();
  return {scrolls: box.scrollHeight > box.clientHeight + 1, headingShown: top.top >= frame.top,
          buttonOnScreen: button.bottom <= innerHeight && button.top >= 0};
}"""


@pytest.mark.parametrize(
    "viewport", [{"width": 1920, "height": 1080}, {"width": 1080, "height": 1920}], ids=["landscape", "portrait"]
)
def test_a_deals_settlement_fits_the_gallery_screen_under_the_scoreboard(page: Page, viewport: dict):
    page.set_viewport_size(viewport)
    start(page, "zh", 2)
    for _ in range(200):
        page.wait_for_selector(WAIT_FOR, timeout=ENGINE_MS)
        if page.locator(".kiosk-play__settlement, .kiosk-play__error").count():
            break
        page.evaluate(TAP_FIRST_OFFER_JS)
    expect(page.locator(".kiosk-yibai__end")).to_have_count(0)  # (seed 2: a deal ends before the race)
    page.wait_for_timeout(300)  # (the settlement's entrance)
    assert page.evaluate(SETTLEMENT_FITS_JS) == {"scrolls": False, "headingShown": True, "buttonOnScreen": True}
    # 名堂 sit under the sets without a stray bullet at the box's edge
    assert (
        page.locator(".kiosk-play__winning .cp-win__patterns").evaluate("(el) => getComputedStyle(el).listStyleType")
        == "none"
    )
