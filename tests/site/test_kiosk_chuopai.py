"""泸州戳牌 at the kiosk (docs/assets/kiosk/play-chuopai.js), played through the in-page engine.

The visitor taps the first legal play every time; the test plays the same deal with the engine in Python (same seed,
same choices, the same computer players) and checks that the kiosk's closing settlement is the engine's. It also
checks the buttons are the engine's legal actions for the visitor, the touch sizes, and that an idle reset stops a
hand in the middle.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from changpai.api import handle
from playwright.sync_api import Page, expect

from tests.site.test_kiosk import MIN_TARGET_PX, SMALL_TARGETS_JS

# Engine-backed tests share a warmed browser context (tests/site/conftest.py: warm_page); tests about loading,
# recovery and kiosk resets are marked fresh_context.
pytestmark = pytest.mark.warm_engine

ENGINE_MS = 120_000


def start(
    page: Page, lang: str, seat: str, seed: int, bot_delay_ms: int = 0, options: dict[str, Any] | None = None
) -> None:
    page.goto("kiosk/index.html")
    page.wait_for_function("window.changpaiKiosk && window.changpaiKioskChuopai")
    page.evaluate(
        "([seed, delay, options]) => { changpaiKioskChuopai.tuning = {seed, botDelayMs: delay, options}; }",
        [seed, bot_delay_ms, options],
    )
    page.locator(f'.kiosk-btn--lang[data-lang="{lang}"]').click()
    page.locator(".kiosk-go-play").click()
    page.locator(".kiosk-rules-chuopai").click()
    expect(page.locator(".kiosk-seat-dealer")).to_be_visible()
    page.locator(f".kiosk-seat-{seat}").click()


def engine_hand(seed: int, dealer: int) -> dict[str, Any]:
    """The same hand in Python: seat 0 takes its first legal action, the others ask bot_move."""
    answer = handle({"command": "new_deal", "rules": "chuopai", "seed": seed, "dealer": dealer})
    firsts = []
    while not answer["over"]:
        if answer["view"]["to_act"] == 0:
            legal = handle({"command": "legal_actions", "state": answer["state"], "seat": 0})["actions"]
            action = legal[0]["text"]
            firsts.append(action)
        else:
            action = handle({"command": "bot_move", "state": answer["state"]})["action"]
        answer = handle({"command": "apply", "state": answer["state"], "action": action})
    return {"settlement": answer["settlement"], "firsts": firsts}


def play_through(page: Page) -> list[str]:
    """Tap the first offered play until the settlement shows; the texts of the actions tapped."""
    tapped = []
    for _ in range(200):
        page.wait_for_selector(".kiosk-chuo__choice, .kiosk-play__settlement, .kiosk-play__error", timeout=ENGINE_MS)
        if page.locator(".kiosk-play__settlement, .kiosk-play__error").count():
            break
        first = page.locator(".kiosk-chuo__choice").first.element_handle()
        tapped.append(first.get_attribute("data-action") or "")
        first.click()
        first.wait_for_element_state("hidden")  # the buttons go as the engine answers; a new set follows
    expect(page.locator(".kiosk-play__error")).to_have_count(0)
    return tapped


@pytest.mark.parametrize(
    ("lang", "seat", "seed"),
    [("zh", "dealer", 5), ("en", "dealer", 12), ("en", "ally", 3)],
    ids=["dealer-zh", "dealer-en", "ally-en"],
)
def test_a_whole_hand_ends_in_the_engines_settlement(page: Page, lang: str, seat: str, seed: int):
    expected = engine_hand(seed, dealer=0 if seat == "dealer" else 1)
    start(page, lang, seat, seed)
    tapped = play_through(page)
    assert tapped == expected["firsts"], "the kiosk's first buttons are not the engine's first legal actions"
    settlement = page.locator(".kiosk-play__settlement")
    expect(settlement).to_be_visible()
    s = expected["settlement"]
    expect(settlement).to_have_attribute("data-outcome", s["outcome"])
    assert json.loads(settlement.get_attribute("data-scores") or "[]") == s["scores"]
    scores = page.locator(".kiosk-play__payments li")
    expect(scores).to_have_count(3)
    for seat, score in enumerate(s["scores"]):
        expect(scores.nth(seat)).to_have_attribute("data-score", str(score))
        expect(scores.nth(seat)).to_contain_text(f"+{score}" if score > 0 else str(score))
    outcome_words = {
        "zh": {"win": "按张数赢", "huang": "黄牌", "fa": "罚牌"},
        "en": {"win": "a win by count", "huang": "黄牌", "fa": "a fine"},
    }[lang]
    expect(page.locator(".kiosk-play__headline")).to_contain_text(outcome_words[s["outcome"]])
    expect(page.locator(".kiosk-play__lines li")).to_have_count(len(s["payments"]))
    text = settlement.inner_text()
    for engine_id in ("played_out", "dealer\n", "player", "chuopai"):
        assert engine_id not in text, f"engine id {engine_id!r} shown to the visitor"
    expect(settlement.locator(".kiosk-play__again")).to_be_visible()


def test_the_buttons_are_the_engines_legal_actions_and_big_enough(page: Page):
    start(page, "en", "dealer", 5)
    page.wait_for_selector(".kiosk-chuo__choice", timeout=ENGINE_MS)
    shown = page.locator(".kiosk-chuo__choice").evaluate_all("(els) => els.map((e) => e.dataset.action)")
    answer = handle({"command": "new_deal", "rules": "chuopai", "seed": 5, "dealer": 0})
    legal = handle({"command": "legal_actions", "state": answer["state"], "seat": 0})["actions"]
    assert shown == [a["text"] for a in legal]
    # the hand is drawn as domino cards: one image per card the engine says the visitor holds
    held = answer["view"]["hands"][0].split()
    expect(page.locator(".kiosk-chuo__hand img.kiosk-chuo__card")).to_have_count(len(held))
    small = page.evaluate(SMALL_TARGETS_JS, MIN_TARGET_PX)
    assert not small, f"controls under {MIN_TARGET_PX} px in the game: {small}"


def test_an_ally_waits_for_the_dealer_and_must_lay_down_when_it_cannot_beat(page: Page):
    start(page, "zh", "ally", 5, bot_delay_ms=0)
    page.wait_for_selector(".kiosk-chuo__choice", timeout=ENGINE_MS)
    expect(page.locator('.kiosk-chuo__seat[data-seat="0"]')).to_contain_text("闲家")
    expect(page.locator('.kiosk-chuo__seat[data-seat="1"]')).to_contain_text("庄家")
    # the dealer (乙) led before the visitor was asked
    expect(page.locator(".kiosk-chuo__play").first).to_contain_text("电脑乙")
    kinds = set(
        page.locator(".kiosk-chuo__choice").evaluate_all("(els) => els.map((e) => e.dataset.action.split(' ')[1])")
    )
    prompt = page.locator(".kiosk-chuo__prompt")
    if kinds == {"down"}:
        expect(prompt).to_contain_text("只能扣牌")
    else:
        assert kinds == {"play"}, kinds
        expect(prompt).to_contain_text("必须打")


def test_a_finished_trick_names_the_seat_that_took_it(page: Page):
    """Seed 5, the dealer's first lead (天) is the highest: the trick stays on screen, taken by the visitor."""
    answer = handle({"command": "new_deal", "rules": "chuopai", "seed": 5, "dealer": 0})
    first = handle({"command": "legal_actions", "state": answer["state"], "seat": 0})["actions"][0]["text"]
    answer = handle({"command": "apply", "state": answer["state"], "action": first})
    while not answer["view"]["tricks"]:
        bot = handle({"command": "bot_move", "state": answer["state"]})["action"]
        answer = handle({"command": "apply", "state": answer["state"], "action": bot})
    taker = answer["view"]["tricks"][0]["taker"]
    start(page, "zh", "dealer", 5)
    page.wait_for_selector(".kiosk-chuo__choice", timeout=ENGINE_MS)
    page.locator(".kiosk-chuo__choice").first.click()
    trick = page.locator(".kiosk-chuo__trick")
    expect(trick).to_have_attribute("data-taker", str(taker), timeout=ENGINE_MS)
    expect(trick.locator(".kiosk-chuo__taker")).to_contain_text(["你（甲）", "电脑乙", "电脑丙"][taker] + "最大")
    expect(trick.locator(".kiosk-chuo__play")).to_have_count(3)
    expect(trick.locator(".kiosk-chuo__play.is-best")).to_have_count(1)


@pytest.mark.fresh_context
def test_an_idle_reset_mid_game_returns_to_welcome(page: Page):
    start(page, "zh", "dealer", 7, bot_delay_ms=400)
    page.wait_for_selector(".kiosk-chuo__choice", timeout=ENGINE_MS)
    page.locator(".kiosk-chuo__choice").first.click()
    expect(page.locator(".kiosk-chuo__play").first).to_be_visible()
    page.evaluate("window.changpaiKiosk.reset('test')")
    expect(page.locator("#kiosk-app")).to_have_attribute("data-screen", "welcome")
    page.wait_for_timeout(1200)  # a stopped game must not draw again
    expect(page.locator(".kiosk-chuo")).to_have_count(0)


# A deck with jokers that play as the highest single card (chuopai.options JOKERS, JOKER_PLAY): with seed 0 the
# dealer (the visitor) is dealt jokers and may lead them at once.
JOKER_OPTIONS = {"jokers": 10, "joker_play": "top"}


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_joker_is_drawn_with_the_engines_picture_and_words(page: Page, lang: str):
    from changpai.chuopai.cards import JOKER, PICTURE, SHORT, picture_label

    answer = handle({"command": "new_deal", "rules": "chuopai", "seed": 0, "dealer": 0, "options": JOKER_OPTIONS})
    held = answer["view"]["hands"][0].split()
    jokers = held.count(SHORT[JOKER])
    assert jokers, "seed 0 no longer deals the visitor a joker: pick another seed"
    legal = handle({"command": "legal_actions", "state": answer["state"], "seat": 0})["actions"]
    joker_plays = [a for a in legal if SHORT[JOKER] in a["cards"].split()]
    assert joker_plays, "the visitor cannot lead a joker"
    alt = picture_label(JOKER).as_dict()[lang]

    start(page, lang, "dealer", 0, options=JOKER_OPTIONS)
    page.wait_for_selector(".kiosk-chuo__choice", timeout=ENGINE_MS)
    hand = page.locator(".kiosk-chuo__hand img.kiosk-chuo__card")
    expect(hand).to_have_count(len(held))  # every card a picture: none left as a bare word
    expect(page.locator(".kiosk-chuo__card--text")).to_have_count(0)
    joker = page.locator(f'.kiosk-chuo__hand img[src$="dominoes/{PICTURE[JOKER]}.svg"]')
    expect(joker).to_have_count(jokers)
    expect(joker.first).to_have_attribute("alt", alt)
    expect(joker.first).to_have_attribute("title", SHORT[JOKER])
    # the picture the build drew (sitebuild/card_art.py) loads
    page.wait_for_function(
        "(sel) => [...document.querySelectorAll(sel)].every((i) => i.complete && i.naturalWidth > 0)",
        arg=f'.kiosk-chuo__hand img[src$="dominoes/{PICTURE[JOKER]}.svg"]',
    )
    # a button that leads jokers shows them, and once played they are drawn in the trick too
    first = joker_plays[0]["text"]
    button = page.locator(f'.kiosk-chuo__choice[data-action="{first}"]')
    expect(button.locator(f'img[alt="{alt}"]')).to_have_count(first.split().count(SHORT[JOKER]))
    button.click()
    trick = page.locator(".kiosk-chuo__trick .kiosk-chuo__play").first
    expect(trick.locator(f'img[src$="dominoes/{PICTURE[JOKER]}.svg"]')).to_have_count(
        first.split().count(SHORT[JOKER]), timeout=ENGINE_MS
    )
    expect(page.locator(".kiosk-play__error")).to_have_count(0)
