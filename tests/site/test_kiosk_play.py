"""Play a hand at the kiosk (docs/assets/kiosk/play.js) against two computer players, through the in-page engine.

The visitor's moves are made by tapping what the kiosk offers; the tests check it against the engine itself: the lit
hand columns are exactly the engine's legal discards, every claim button explains itself in one line of the chosen
language, the hand ends with the engine's settlement, and a broken engine gives a located message.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.site.test_kiosk import MIN_TARGET_PX, SMALL_TARGETS_JS

# Engine-backed tests share a warmed browser context (tests/site/conftest.py: warm_page); tests about loading,
# recovery and kiosk resets are marked fresh_context.
pytestmark = pytest.mark.warm_engine

ENGINE_MS = 120_000
CJK = re.compile(r"[\u4e00-\u9fff]")


def start(page: Page, lang: str, rules_button: str, seed: int, bot_delay_ms: int = 0) -> None:
    page.goto("kiosk/index.html")
    page.wait_for_function("window.changpaiKiosk && window.changpaiKioskPlay")
    page.evaluate("([seed, delay]) => { changpaiKioskPlay.tuning = {seed, botDelayMs: delay}; }", [seed, bot_delay_ms])
    page.locator(f'.kiosk-btn--lang[data-lang="{lang}"]').click()
    page.locator(".kiosk-go-play").click()
    page.locator(rules_button).click()


LEGAL_DISCARDS_JS = """async () => {
  const game = document.querySelector('.kiosk-play__board').dataset.game;
  const answer = await window.changpaiEngine.call({command: 'legal_actions', game, seat: 0});
  return answer.actions.filter((a) => a.type === 'discard').map((a) => window.cpCards.parse(a.card)[0].ascii);
}"""


def play_to_the_end(page: Page, lang: str) -> dict:
    """Tap through a whole hand: take the first thing offered, discard the first lit column."""
    seen_claims: list[str] = []
    checked_turns = 0
    for _ in range(400):
        page.wait_for_selector(
            ".kiosk-play__settlement, .kiosk-play__choice, .kiosk-play__column.is-legal, .kiosk-play__error",
            timeout=ENGINE_MS,
        )
        if page.locator(".kiosk-play__settlement, .kiosk-play__error").count():
            break
        choices = page.locator(".kiosk-play__choice")
        if choices.count():
            # each choice's sentence (at the gallery, three choices and more show pictures; the sentence is their name)
            texts = choices.evaluate_all(
                "(els) => els.map((e) => (e.querySelector('.kiosk-play__choice-text') || e).innerText)"
            )
            for text in texts:
                assert text.strip() and "\n" not in text.strip(), f"a choice is not one line: {text!r}"
            plain = ("不要", "Let it go", "翻一张牌", "Turn up a card")
            plain += ("摸一张牌", "Draw a card", "亮出来给大家看", "Show it to everyone")  # 小家 draws, shows [003]
            explained = [t for t in texts if t not in plain]
            for text in explained:
                if lang == "en":
                    assert re.match(r"You (take|eat|win|lay)", text), text
                else:
                    assert text.startswith("你") and "：" in text or text.startswith("你亮出"), text
            seen_claims += explained
            choices.first.click()
            continue
        lit = page.locator(".kiosk-play__column.is-legal")
        lit_cards = sorted(lit.evaluate_all("(els) => els.map((e) => e.dataset.card)"))
        legal = page.evaluate(LEGAL_DISCARDS_JS)
        assert lit_cards == sorted(set(legal)), "the lit columns are not the engine's legal discards"
        checked_turns += 1
        lit.first.click()
    expect(page.locator(".kiosk-play__error")).to_have_count(0)
    settlement = page.locator(".kiosk-play__settlement")
    expect(settlement).to_be_visible()
    if lang == "en":  # the engine's lines name seats in the third person: said of the reader, they agree with "you"
        said = page.locator("#kiosk-app").inner_text()
        assert not re.search(r"\b[Yy]ou (pays|wins|draws|has|is)\b|\b[Yy]ou's\b", said), said
    return {
        "claims": seen_claims,
        "checked_turns": checked_turns,
        "headline": page.locator(".kiosk-play__headline").inner_text(),
        "payments": page.locator(".kiosk-play__payments li").all_inner_texts(),
        "lines": page.locator(".kiosk-play__lines li").all_inner_texts(),
    }


@pytest.mark.parametrize(
    ("lang", "rules_button", "seed"),
    [("zh", ".kiosk-rules-leshan", 11), ("en", ".kiosk-rules-luzhou", 7)],
    ids=["leshan-zh", "luzhou-en"],
)
def test_a_visitor_plays_a_whole_hand(page: Page, lang: str, rules_button: str, seed: int):
    start(page, lang, rules_button, seed)
    result = play_to_the_end(page, lang)
    assert result["checked_turns"] >= 1, "the visitor never discarded"
    assert result["headline"].strip()
    amounts = [int(re.search(r"[+-]?\d+$", p.strip()).group()) for p in result["payments"]]
    assert len(amounts) == 3, "every seat's payment is shown"
    headline = result["headline"]
    if lang == "en":
        assert re.search(r"won|nobody", headline) and not CJK.search(headline.replace("你", ""))
    else:
        assert re.search(r"赢了|没有人胡", headline)
    log = page.locator(".kiosk-play__log").inner_text()
    assert log.strip(), "the last move was not explained"


def test_lit_columns_are_exactly_the_engines_legal_discards(page: Page):
    start(page, "zh", ".kiosk-rules-leshan", 3)
    page.wait_for_selector(".kiosk-play__column.is-legal", timeout=ENGINE_MS)
    lit = sorted(page.locator(".kiosk-play__column.is-legal").evaluate_all("(els) => els.map((e) => e.dataset.card)"))
    legal = page.evaluate(
        """async () => {
          const answer = await window.changpaiEngine.call({command: 'new_deal', rules: 'leshan', players: 3,
                                                            dealer: 0, seed: 3});
          const ascii = (zh) => window.cpCards.parse(zh)[0].ascii;
          return answer.legal.filter((a) => a.seat === 0 && a.type === 'discard').map((a) => ascii(a.card));
        }"""
    )
    assert lit == sorted(legal)
    assert lit, "nothing to discard at the start"
    dim = page.locator(".kiosk-play__column:not(.is-legal)")
    for i in range(dim.count()):
        assert dim.nth(i).evaluate("(e) => e.tagName") != "BUTTON", "a card that may not be discarded is a button"


def test_a_tap_discards_and_the_computer_players_answer(page: Page):
    start(page, "en", ".kiosk-rules-leshan", 5, bot_delay_ms=3000)  # time to read the visitor's own move
    page.wait_for_selector(".kiosk-play__column.is-legal", timeout=ENGINE_MS)
    before = page.locator(".kiosk-play__hand .cp-card").count()
    column = page.locator(".kiosk-play__column.is-legal").first
    card = column.get_attribute("data-card")
    zh = page.evaluate("(a) => window.cpCards.parse(a)[0].zh", card)
    small = page.evaluate(SMALL_TARGETS_JS, MIN_TARGET_PX)
    assert not small, f"controls under {MIN_TARGET_PX} px in the game: {small}"
    column.click()
    expect(page.locator(".kiosk-play__log")).to_contain_text("You discard " + zh)
    # In the English kiosk, the Chinese card names inside English sentences carry lang="zh".
    unmarked = page.evaluate(
        """() => [...document.querySelectorAll('.kiosk-play__log, .kiosk-play__choice, .kiosk-play__choice-text')]
           .flatMap((el) => [...el.childNodes].filter((n) => n.nodeType === 3 && /[\u3400-\u9fff]/.test(n.textContent))
               .map((n) => n.textContent))"""
    )
    assert unmarked == [], "Chinese text in English sentences without lang"
    expect(page.locator('.kiosk-play__log [lang="zh"]').first).to_have_text(zh)
    page.wait_for_function(
        "(n) => document.querySelectorAll('.kiosk-play__hand .cp-card').length === n - 1", arg=before, timeout=ENGINE_MS
    )
    # the computer players move on their own until the visitor is asked again (or the hand ends)
    page.wait_for_selector(
        ".kiosk-play__choice, .kiosk-play__column.is-legal, .kiosk-play__settlement", timeout=ENGINE_MS
    )
    assert "Computer" in page.locator(".kiosk-play__log").inner_text() or page.locator(".kiosk-play__choice").count()


@pytest.mark.fresh_context
def test_an_engine_failure_is_a_located_message(page: Page, browser_log):
    browser_log.allow_console_error(r"manifest\.json|Failed to load resource|net::ERR_FAILED")
    page.route("**/assets/engine/manifest.json", lambda route: route.abort())
    start(page, "en", ".kiosk-rules-leshan", 1)
    error = page.locator(".kiosk-play__error")
    expect(error).to_be_visible(timeout=ENGINE_MS)
    expect(error).to_contain_text("The rules engine ran into a problem")
    expect(page.locator(".kiosk-play__where")).to_contain_text("new_deal")
    expect(page.locator(".kiosk-play__again")).to_be_visible()


@pytest.mark.fresh_context
def test_leaving_the_game_stops_it(page: Page):
    start(page, "zh", ".kiosk-rules-luzhou", 9)
    page.wait_for_selector(".kiosk-play__column.is-legal", timeout=ENGINE_MS)
    page.evaluate("window.changpaiKiosk.reset('test')")
    expect(page.locator("#kiosk-app")).to_have_attribute("data-screen", "welcome")
    page.wait_for_timeout(500)
    assert page.locator(".kiosk-play__board").count() == 0


# The gallery's screen holds the whole table in every state: the page never scrolls, the visitor's hand and the card
# up are whole on the screen, and the question is in sight in its panel (a long list of claims scrolls there; the
# table once grew up to 480 px past the screen and pushed the hand off it).
ONE_SCREEN_JS = """() => {
  const inside = (el, box) => {
    const r = el.getBoundingClientRect();
    return r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
  };
  const screen = {top: 0, bottom: innerHeight};
  const talk = document.querySelector('.kiosk-play__talk'), centre = document.querySelector('.kiosk-play__centre');
  const face = centre.querySelector('.kiosk-play__face-up .cp-card');
  return {pageScrolls: document.documentElement.scrollHeight > innerHeight + 1,
          handOnScreen: inside(document.querySelector('.kiosk-play__hand'), screen),
          cardWhole: !face || inside(face, centre.getBoundingClientRect()),
          questionInSight: !talk.querySelector('.kiosk-play__choice')
            || inside(talk.querySelector('.kiosk-play__prompt'), talk.getBoundingClientRect())};
}"""
ALL_WELL = {"pageScrolls": False, "handOnScreen": True, "cardWhole": True, "questionInSight": True}


@pytest.mark.parametrize(
    ("rules_button", "seed", "viewport"),
    [
        (".kiosk-rules-leshan", 3, {"width": 1920, "height": 1080}),  # five eats with 比 offered at once
        (".kiosk-rules-leshan-four", 2, {"width": 1920, "height": 1080}),  # three opponents' sets, late in the hand
        (".kiosk-rules-leshan", 3, {"width": 1080, "height": 1920}),
    ],
    ids=["many-claims-landscape", "four-late-landscape", "many-claims-portrait"],
)
def test_the_gallery_table_stays_on_one_screen(page: Page, rules_button: str, seed: int, viewport: dict):
    page.set_viewport_size(viewport)
    start(page, "zh", rules_button, seed)
    for step in range(30):
        page.wait_for_selector(
            ".kiosk-play__settlement, .kiosk-play__choice, .kiosk-play__column.is-legal", timeout=ENGINE_MS
        )
        if page.locator(".kiosk-play__settlement").count():
            break
        assert page.evaluate(ONE_SCREEN_JS) == ALL_WELL, f"step {step}"
        page.locator(".kiosk-play__choice, .kiosk-play__column.is-legal").first.click()


# Offered many claims at once (Leshan deals eight or eleven eats with 比 and "let it go"), the gallery's visitor sees
# every one of them: each whole on the screen and in the talk panel's visible box (as sentences one a row, the panel
# scrolled to the question and the last two to nine were under its edge), and the page does not scroll. Under them, in
# sight too, the key to their pictures: what the tradition's 比 (Leshan's 摆) lays out.
CHOICES_IN_SIGHT_JS = """() => {
  const inside = (r, box) =>
    r.top >= box.top - 1 && r.bottom <= box.bottom + 1 && r.left >= box.left - 1 && r.right <= box.right + 1;
  const screen = {top: 0, bottom: innerHeight, left: 0, right: innerWidth};
  const talk = document.querySelector('.kiosk-play__talk').getBoundingClientRect();
  const choices = [...document.querySelectorAll('.kiosk-play__choice')];
  return {eats: document.querySelectorAll('.kiosk-play__choice--eat').length,
          outOfSight: choices
                             .filter((c) => !inside(c.getBoundingClientRect(), screen)
                                            || !inside(c.getBoundingClientRect(), talk))
                             .map((c) => c.dataset.action),
          small: choices.filter((c) => c.getBoundingClientRect().height < 60).map((c) => c.dataset.action),
          key: [document.querySelector('.kiosk-play__choice-key')]
            .filter((k) => k.getClientRects().length && inside(k.getBoundingClientRect(), screen)
                           && inside(k.getBoundingClientRect(), talk))
            .map((k) => k.textContent)[0] || null,
          pageScrolls: document.documentElement.scrollHeight > innerHeight + 1};
}"""


@pytest.mark.parametrize(
    ("rules_button", "seed", "lang", "eats"),
    [
        (".kiosk-rules-leshan", 6, "en", 6),
        (".kiosk-rules-leshan-four", 15, "zh", 11),
        (".kiosk-rules-leshan-four", 15, "en", 11),  # (English: the longest lines, the tightest fit)
    ],
    ids=["six-eats", "eleven-eats-late-in-a-game-of-four", "eleven-eats-in-english"],
)
@pytest.mark.parametrize(
    "viewport", [{"width": 1920, "height": 1080}, {"width": 1080, "height": 1920}], ids=["landscape", "portrait"]
)
def test_every_claim_offered_is_in_sight_at_the_gallery(page: Page, rules_button, seed, lang, eats, viewport):
    page.set_viewport_size(viewport)
    start(page, lang, rules_button, seed)
    for _ in range(40):  # the visitor takes no eat (the first other choice) and discards the first lit column, until
        page.wait_for_selector(".kiosk-play__choice, .kiosk-play__column.is-legal", timeout=ENGINE_MS)
        seen = page.evaluate(CHOICES_IN_SIGHT_JS)
        if seen["eats"] >= eats:
            break
        other = page.locator(".kiosk-play__choice:not(.kiosk-play__choice--eat)")
        (other if other.count() else page.locator(".kiosk-play__choice, .kiosk-play__column.is-legal")).first.click()
    assert seen["eats"] == eats, "the deal no longer offers the eats this test is about"
    key = seen.pop("key")
    assert seen == {"eats": eats, "outOfSight": [], "small": [], "pageScrolls": False}
    lays_out = "摆：手里还有这张" if lang == "zh" else "摆: your other copy of that card goes out too"
    assert key is not None and key.startswith(lays_out) and "比" not in key, key
    # Leshan's word for laying out the held copy is 摆 [003], in the pictures as in the key
    words = page.locator(".kiosk-play__choice--eat .kiosk-play__choice-word[lang='zh']").all_inner_texts()
    assert words and set(words) == {"摆"}, words
    # each picture shows what its claim takes (the card taken and the cards it joins, 比's set), all different
    names = page.locator(".kiosk-play__choice--eat").evaluate_all(
        "(els) => els.map((e) => [...e.querySelectorAll('.kiosk-play__choice-cards img')].map((i) => i.alt).join(' '))"
    )
    assert len(set(names)) == eats and all(names)
