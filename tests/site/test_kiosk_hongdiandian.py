"""Wuchuan 红点点 at the kiosk (docs/assets/kiosk/play-hongdiandian.js): the visitor at 甲 against three computers.

A whole deal is tapped through (the first thing offered each time) and checked against the engine itself: the lit
columns are the engine's legal discards at every turn, and the result on screen is the settlement that
changpai.hongdiandian reaches when the same steps are replayed in Python. Also: the 花大 choice, touch targets,
no engine ids on screen, no accessibility finding in the game, and the idle reset ending a game midway.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from changpai.api import handle
from playwright.sync_api import Page, expect

from tests.site.test_accessibility import violations
from tests.site.test_engine_recovery import RECOVERY_LIMIT_MS, kill_mid_game
from tests.site.test_kiosk import MIN_TARGET_PX, SMALL_TARGETS_JS

# Engine-backed tests share a warmed browser context (tests/site/conftest.py: warm_page); tests about loading,
# recovery and kiosk resets are marked fresh_context.
pytestmark = pytest.mark.warm_engine

ENGINE_MS = 120_000
SICHENG, HUADA = "wuchuan-hongdiandian-sicheng", "wuchuan-hongdiandian-huada"
WAIT_FOR = ".kiosk-play__settlement, .kiosk-play__choice, .kiosk-play__column.is-legal, .kiosk-play__error"

LEGAL_DISCARDS_JS = """async () => {
  const state = window.changpaiKioskHdd.current.answer().state;
  const answer = await window.changpaiEngine.call({command: 'legal_actions', state, seat: 0});
  return answer.actions.filter((a) => a.type === 'discard').map((a) => window.cpCards.parse(a.card)[0].ascii);
}"""


def start(page: Page, lang: str, seed: int, bot_delay_ms: int = 0) -> None:
    page.goto("kiosk/index.html")
    page.wait_for_function("window.changpaiKiosk && window.changpaiKioskHdd")
    page.evaluate("([seed, delay]) => { changpaiKioskHdd.tuning = {seed, botDelayMs: delay}; }", [seed, bot_delay_ms])
    page.locator(f'.kiosk-btn--lang[data-lang="{lang}"]').click()
    page.locator(".kiosk-go-play").click()
    page.locator(".kiosk-rules-hongdiandian").click()


def engine_settlement(rules: str, seed: int, played: list[str]) -> dict[str, Any]:
    """The settlement the engine reaches from the same deal and the same steps."""
    answer = handle({"command": "new_deal", "rules": rules, "seed": seed, "dealer": 0})
    for text in played:
        assert not answer["over"], f"the page played on after the end: {text}"
        answer = handle({"command": "apply", "state": answer["state"], "action": text})
        assert "error" not in answer, answer
    assert answer["over"], "the page showed a result before the deal was over"
    return answer["settlement"]


def tap_through(page: Page, lang: str) -> int:
    """Take the first thing offered each time, or discard the first lit column; the number of discards checked."""
    checked = 0
    targets_checked = False
    for _ in range(300):
        page.wait_for_selector(WAIT_FOR, timeout=ENGINE_MS)
        if page.locator(".kiosk-play__settlement, .kiosk-play__error").count():
            break
        if not targets_checked:
            small = page.evaluate(SMALL_TARGETS_JS, MIN_TARGET_PX)
            assert not small, f"controls under {MIN_TARGET_PX} px in the game: {small}"
            targets_checked = True
        choices = page.locator(".kiosk-play__choice")
        if choices.count():
            for text in choices.all_inner_texts():
                line = text.strip()
                assert line and "\n" not in line, f"a choice is not one line: {text!r}"
                if line not in ("不要", "Let it go", "抓一张底牌", "Turn up a stock card"):
                    assert line.startswith("You ") if lang == "en" else line.startswith("你") and "：" in line, line
            choices.first.click()
            continue
        lit = page.locator(".kiosk-play__column.is-legal")
        shown = sorted(lit.evaluate_all("(els) => els.map((e) => e.dataset.card)"))
        assert shown == sorted(set(page.evaluate(LEGAL_DISCARDS_JS))), "the lit columns are not the legal discards"
        checked += 1
        count = page.locator(".kiosk-play__hand .cp-card").count()
        lit.first.click()
        page.wait_for_function(
            "(n) => document.querySelectorAll('.kiosk-play__hand .cp-card').length < n "
            "|| document.querySelector('.kiosk-play__settlement, .kiosk-play__error')",
            arg=count,
            timeout=ENGINE_MS,
        )
    expect(page.locator(".kiosk-play__error")).to_have_count(0)
    expect(page.locator(".kiosk-play__settlement")).to_be_visible()
    return checked


@pytest.mark.parametrize(
    ("lang", "rules", "seed", "viewport"),
    [
        ("zh", SICHENG, 7, {"width": 1920, "height": 1080}),
        ("en", HUADA, 1, {"width": 1080, "height": 1920}),
        ("en", SICHENG, 5, {"width": 1920, "height": 1080}),
    ],
    ids=["sicheng-zh-landscape", "huada-en-portrait", "sicheng-en-no-winner"],
)
def test_a_whole_deal_ends_with_the_engines_settlement(page: Page, lang: str, rules: str, seed: int, viewport):
    page.set_viewport_size(viewport)
    start(page, lang, seed)
    if rules == HUADA:
        page.locator(f'.kiosk-hdd__rule[data-rules="{HUADA}"]').click()
        expect(page.locator(f'.kiosk-hdd__rule[data-rules="{HUADA}"]')).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".kiosk-hdd")).to_have_attribute("data-rules", rules)
    assert tap_through(page, lang) >= 1, "the visitor never discarded"

    played = page.evaluate("window.changpaiKioskHdd.current.played.slice()")
    expected = engine_settlement(rules, seed, played)
    box = page.locator(".kiosk-hdd__settlement")
    expect(box).to_have_attribute("data-type", expected["type"])
    text = box.inner_text()
    body = page.locator("#kiosk-app").inner_text()
    assert "wuchuan-hongdiandian" not in body and not re.search(r"\d号|seat \d", body), "an engine id on screen"
    if expected["type"] == "none":
        assert "nobody won" in text if lang == "en" else "没有人胡" in text
        return
    assert expected["type"] == "win", "these seeds end in a win or with no winner"
    score = expected["score"]
    expect(box).to_have_attribute("data-seat", str(expected["seat"]))
    expect(box).to_have_attribute("data-points", str(score["points"]))
    expect(box).to_have_attribute("data-layers", str(expected["layers"]))
    assert str(score["points"]) in text and "层" in text
    assert score["class"]["name"][lang] in text, "the class is not named in the visitor's language"
    payers = page.locator(".kiosk-hdd__payers").inner_text()
    assert len(re.split("、|, ", payers.rstrip("。.").removeprefix("Paid by ").replace("付给胡家", ""))) == 3
    # Every card of the winning hand is drawn: the laid units and the split of the hand.
    units = score["table"] + score["split"]
    drawn = page.locator(".kiosk-play__winning .cp-card").count()
    assert drawn == sum(len(u["cards"]) for u in units)
    if lang == "en":
        assert "You won" in text if expected["seat"] == 0 else "won." in text
    else:
        assert ("你胡了" if expected["seat"] == 0 else "胡了") in text
    page.locator(".kiosk-play__again").click()
    expect(page.locator(".kiosk-hdd")).to_have_attribute("data-rules", rules)
    expect(page.locator(".kiosk-play__settlement")).to_have_count(0)


def test_the_offer_is_explained_and_the_tap_is_applied(page: Page):
    start(page, "en", 1, bot_delay_ms=0)
    # seed 1: after the visitor's first discard a turned 贰 meets the visitor's pair of 贰 and triple of 壹 (a 兑)
    answer = handle({"command": "new_deal", "rules": SICHENG, "seed": 1, "dealer": 0})
    first = next(a for a in answer["legal"] if a["type"] == "discard")
    page.wait_for_selector(".kiosk-play__column.is-legal", timeout=ENGINE_MS)
    page.locator(".kiosk-play__column.is-legal").first.click()
    choice = page.locator('.kiosk-play__choice[data-action="0 dui 壹"]')
    expect(choice).to_be_visible(timeout=ENGINE_MS)
    expect(choice).to_contain_text("You take 贰 (兑)")
    expect(choice).to_contain_text("a 坎 of 壹")
    expect(page.locator(".kiosk-hdd__offer .cp-card")).to_have_count(1)
    assert page.evaluate("window.changpaiKioskHdd.current.played[0]") == first["text"]
    assert not violations(page, "kiosk 红点点 [in game]")
    choice.click()
    expect(page.locator(".kiosk-play__log")).to_contain_text("You take 贰 (兑)")
    expect(page.locator(".kiosk-play__my-sets .kiosk-hdd__unit")).to_have_count(1)


@pytest.mark.fresh_context
def test_the_idle_reset_ends_a_game_midway(page: Page):
    start(page, "zh", 3, bot_delay_ms=400)
    page.wait_for_selector(".kiosk-play__column.is-legal", timeout=ENGINE_MS)
    page.locator(".kiosk-play__column.is-legal").first.click()
    page.wait_for_timeout(100)
    page.evaluate("window.changpaiKiosk.reset('test')")
    expect(page.locator("#kiosk-app")).to_have_attribute("data-screen", "welcome")
    steps = page.evaluate("window.changpaiKioskHdd.current.played.length")
    page.wait_for_timeout(1500)
    assert page.locator(".kiosk-hdd").count() == 0
    assert page.evaluate("window.changpaiKioskHdd.current.played.length") == steps, "the stopped game played on"


@pytest.mark.fresh_context
def test_a_worker_that_dies_mid_game_gives_a_fresh_table_not_an_error(page: Page):
    start(page, "en", 2, bot_delay_ms=400)
    page.wait_for_selector(".kiosk-play__column.is-legal", timeout=ENGINE_MS)
    page.locator(".kiosk-play__column.is-legal").first.click()
    page.wait_for_selector(".kiosk-play__log[data-action]", timeout=ENGINE_MS)
    result = kill_mid_game(page, "terminate", "changpaiKioskHdd")
    assert "error" not in result, result
    expect(page.locator(".kiosk-play__error")).to_have_count(0)
    page.wait_for_selector(".kiosk-hdd", timeout=RECOVERY_LIMIT_MS)
    tap_through(page, "en")
    expect(page.locator(".kiosk-play__recovering")).to_have_count(0)
