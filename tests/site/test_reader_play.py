"""Play a hand as a reader of the site (docs/learn/play.md): the kiosk's games in ``data-mode="reader"``.

The page opens on the choice of game in its own language, keeps the reader's game however long they think (no idle
reset, no reload), links back to the site instead of offering "start again", fits a phone held upright, and is
reached from the Learn page by instant navigation like any other page.
"""

from __future__ import annotations

import re

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


PARTLY_IN_SIGHT_JS = """(sel) => [...document.querySelectorAll(sel)].map((el) => {
  const r = el.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight; })"""


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_on_a_phone_a_claim_offered_comes_into_sight(page: Page, lang: str):
    """The reader's page is longer than a phone's screen. Offered a claim while looking at the hand (scrolled down to
    tap a discard), the reader saw no question and the game waited: the question now comes into sight (the talk panel
    at the top of the screen); and when a discard is owed, a lit card is in sight."""
    page.set_viewport_size(PHONE)
    open_play(page, lang, seed=6)
    page.locator(".kiosk-rules-leshan").click()
    claims = 0
    for _ in range(40):
        page.wait_for_selector(".kiosk-play__choice, .kiosk-play__column.is-legal", timeout=ENGINE_MS)
        if page.locator(".kiosk-play__settlement").count():
            break
        if page.locator(".kiosk-play__choice").count():
            expect(page.locator(".kiosk-play__prompt")).to_be_in_viewport(ratio=1)
            claims += 1
            # the reader looks down at the hand before answering (a tap on the choice scrolls back to it)
            page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
            page.locator(".kiosk-play__choice").last.click()  # (the last: let it go)
        else:
            lit = page.evaluate(PARTLY_IN_SIGHT_JS, ".kiosk-play__column.is-legal")
            assert any(lit), "no card to discard in sight"
            page.evaluate("window.scrollTo(0, 0)")  # (the reader looks up at the table while the others play)
            page.locator(".kiosk-play__column.is-legal").first.click()
        if claims >= 3:
            break
    assert claims >= 1, "no claim was offered in the first moves of this deal"


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_hand_nobody_wins_is_said_once(page: Page, lang: str):
    """The stock runs out (Leshan, seed 6, taking whatever is offered): the headline says that nobody won and nobody
    pays, and the engine's line that says the same (无人和牌，不付钱) is not written under it again."""
    open_play(page, lang, seed=6)
    page.locator(".kiosk-rules-leshan").click()
    outcome = play_to_the_end(page, lang)
    nobody = {"zh": "没有人和", "en": "nobody won"}[lang]
    assert nobody in outcome["headline"], outcome["headline"]
    assert [re.sub(r"\D", "", amount) for amount in outcome["payments"]] == ["0"] * 3, outcome["payments"]
    assert outcome["lines"] == [], outcome["lines"]


def test_a_reader_plays_a_whole_hand_on_a_phone_and_goes_back_to_the_choice(page: Page):
    page.set_viewport_size(PHONE)
    open_play(page, "zh")
    # The bar's title keeps one line on a phone (it was one character a line between the buttons).
    title = page.locator(".kiosk-bar__title")
    height, line = title.evaluate(
        "(el) => [el.getBoundingClientRect().height, parseFloat(getComputedStyle(el).lineHeight)]"
    )
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


HAND_KEY = "changpai-reader-hand"
TALLY_KEY = "changpai-reader-tally"
MY_HAND_JS = "() => [...document.querySelectorAll('.kiosk-play__hand .kiosk-play__column')].map((c) => c.dataset.card)"


def my_turn(page: Page) -> None:
    page.wait_for_selector(".kiosk-play__column.is-legal, .kiosk-play__choice", timeout=ENGINE_MS)


def sit_and_move(page: Page, lang: str, game: str, seed: int, moves: int) -> None:
    """The reader picks ``game`` (its button's class), makes ``moves`` moves (the first thing offered, the computer
    players' in between), and it is their turn again."""
    open_play(page, lang, seed=seed)
    page.locator(game).click()
    for _ in range(moves):
        my_turn(page)
        page.locator(".kiosk-play__choice, .kiosk-play__column.is-legal").first.click()
    my_turn(page)


def fast_bots_on_load(*players: str) -> str:
    """After a reload the test's tuning is gone: this script sets it on each game's object (``changpaiKioskPlay`` …)
    as its player script creates it, before the page's own scripts mount a game (else every computer move waits the
    readers' 1.1 s)."""
    return "".join(
        f"""Object.defineProperty(window, "{name}", {{
  configurable: true,
  set(value) {{
    value.tuning = {{botDelayMs: 0}};
    Object.defineProperty(window, "{name}", {{value, writable: true, configurable: true}});
  }},
}});"""
        for name in players
    )


FAST_BOTS_ON_LOAD_JS = fast_bots_on_load("changpaiKioskPlay")


def test_a_reloaded_page_carries_on_with_the_readers_hand(page: Page):
    """A phone browser reloads a tab it discarded while the reader was elsewhere: the hand goes on where it was."""
    sit_and_move(page, "zh", ".kiosk-rules-leshan", seed=11, moves=3)
    seed = page.locator(".kiosk-play__board").get_attribute("data-seed")
    hand, log = page.evaluate(MY_HAND_JS), page.locator(".kiosk-play__log").inner_text()
    saved = page.evaluate(f"JSON.parse(sessionStorage.getItem('{HAND_KEY}'))")
    assert saved["rules"] == "leshan" and len(saved["actions"]) >= 3
    page.add_init_script(FAST_BOTS_ON_LOAD_JS)
    page.reload()
    page.wait_for_selector(".kiosk-play__board[data-resumed]", timeout=ENGINE_MS)
    my_turn(page)
    board = page.locator(".kiosk-play__board")
    assert board.get_attribute("data-seed") == seed, "a different deal was dealt"
    assert int(board.get_attribute("data-resumed")) == len(saved["actions"])
    assert page.evaluate(MY_HAND_JS) == hand, "the reader's hand is not the one before the reload"
    assert page.locator(".kiosk-play__log").inner_text() == log, "the last move's line is not shown again"
    # The hand plays on to its end, and a finished hand is not kept.
    outcome = play_to_the_end(page, "zh")
    assert outcome["headline"].strip()
    assert page.evaluate(f"sessionStorage.getItem('{HAND_KEY}')") is None


def test_going_back_to_the_choice_drops_the_kept_hand(page: Page):
    sit_and_move(page, "en", ".kiosk-rules-luzhou", seed=11, moves=1)
    assert page.evaluate(f"sessionStorage.getItem('{HAND_KEY}')") is not None
    page.locator(".kiosk-back").click()
    assert page.evaluate(f"sessionStorage.getItem('{HAND_KEY}')") is None
    page.reload()
    page.wait_for_function("window.changpaiKiosk !== undefined")
    expect(page.locator(".kiosk-rules-luzhou")).to_be_visible()
    expect(page.locator(".kiosk-play__board")).to_have_count(0)


@pytest.mark.parametrize(
    "kept",
    [
        '{"rules": "leshan", "players": 3, "seed": 11,'
        ' "actions": [{"seat": 0, "type": "discard", "text": "0 discard 九九九九"}]}',
        '{"rules": "leshan", "players": 3, "seed": 11, "actions": [{"seat": 2, "type": "pong", "text": "2 pong 七"}]}',
        "not json at all",
    ],
    ids=["bad-card", "not-legal", "garbage"],
)
def test_a_kept_hand_the_engine_refuses_gives_a_fresh_table_not_an_error(page: Page, kept: str):
    open_play(page, "zh")
    page.evaluate("([key, value]) => sessionStorage.setItem(key, value)", [HAND_KEY, kept])
    page.reload()
    page.wait_for_function("window.changpaiKiosk !== undefined")
    if kept.startswith("{"):
        my_turn(page)
        expect(page.locator(".kiosk-play__board")).to_have_attribute("data-resumed", "0")
    else:
        expect(page.locator(".kiosk-rules-leshan")).to_be_visible()
    expect(page.locator(".kiosk-play__error")).to_have_count(0)


def test_switching_language_mid_hand_keeps_the_hand(page: Page):
    sit_and_move(page, "zh", ".kiosk-rules-luzhou", seed=5, moves=1)
    seed, hand = page.locator(".kiosk-play__board").get_attribute("data-seed"), page.evaluate(MY_HAND_JS)
    page.locator(".kiosk-lang-switch").click()
    page.wait_for_selector(".kiosk-play__board[data-resumed]", timeout=ENGINE_MS)
    my_turn(page)
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.locator(".kiosk-play__board").get_attribute("data-seed") == seed
    assert page.evaluate(MY_HAND_JS) == hand
    expect(page.locator(".kiosk-play__prompt")).to_contain_text(re.compile(r"^(Your turn|You may take)"))


def amounts(texts: list[str]) -> list[int]:
    return [int(re.search(r"[+-]?\d+$", t.strip()).group()) for t in texts]


def test_the_settlement_keeps_a_running_total_over_the_readers_hands(page: Page):
    open_play(page, "zh", seed=11)
    page.locator(".kiosk-rules-leshan").click()
    first = amounts(play_to_the_end(page, "zh")["payments"])
    expect(page.locator(".kiosk-play__tally")).to_have_count(0)  # one hand: nothing to add up yet
    page.evaluate("changpaiKioskPlay.tuning = {seed: 12, botDelayMs: 0}")
    page.locator(".kiosk-play__again").click()
    page.wait_for_selector(".kiosk-play__board[data-seed='12']", timeout=ENGINE_MS)
    second = amounts(play_to_the_end(page, "zh")["payments"])
    tally = page.locator(".kiosk-play__tally")
    expect(tally.locator("h3")).to_have_text("这 2 手合计")
    assert amounts(tally.locator("li").all_inner_texts()) == [
        a + b for a, b in zip(first or [0] * 3, second or [0] * 3, strict=True)
    ]
    # The language switched after the settlement: a fresh hand is dealt, and the finished two are counted once.
    page.locator(".kiosk-lang-switch").click()
    page.wait_for_selector(
        ".kiosk-play__column.is-legal, .kiosk-play__choice, .kiosk-play__settlement", timeout=ENGINE_MS
    )
    stored = page.evaluate(f"JSON.parse(sessionStorage.getItem('{TALLY_KEY}'))")
    assert stored["leshan"]["hands"] == 2


def test_search_engines_may_list_the_readers_games_but_not_the_gallery_screen(site_dir):
    noindex = '<meta name="robots" content="noindex">'
    for rel in ("learn/play.html", "en/learn/play.html"):
        assert noindex not in (site_dir / rel).read_text(encoding="utf-8"), rel
    for rel in ("kiosk/index.html", "en/kiosk/index.html"):
        assert noindex in (site_dir / rel).read_text(encoding="utf-8"), rel


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_reader_plays_leshans_table_of_four_with_a_xiaojia(page: Page, lang: str):
    """[003]: with four players one seat is 小家 (two cards, a private draw); the reader is the dealer."""
    open_play(page, lang, seed=21)
    page.locator(".kiosk-rules-leshan-four").click()
    page.wait_for_selector(".kiosk-play__board[data-game]", timeout=ENGINE_MS)
    seats = page.locator(".kiosk-play__seat-name")
    expect(seats).to_have_count(3)
    names = seats.all_inner_texts()
    xiaojia = [n for n in names if "小家" in n]
    assert len(xiaojia) == 1, names
    assert ("2 张" if lang == "zh" else "2 cards") in xiaojia[0], "小家 is dealt two cards"
    outcome = play_to_the_end(page, lang)
    assert len(outcome["payments"]) == 4, "every one of the four seats is settled"
    # "Again" deals another table of four.
    page.locator(".kiosk-play__again").click()
    page.wait_for_selector(".kiosk-play__board[data-game]", timeout=ENGINE_MS)
    expect(page.locator(".kiosk-play__seat-name")).to_have_count(3)


def test_a_reloaded_table_of_four_carries_on_as_four(page: Page):
    sit_and_move(page, "zh", ".kiosk-rules-leshan-four", seed=21, moves=1)
    hand = page.evaluate(MY_HAND_JS)
    page.reload()
    page.wait_for_selector(".kiosk-play__board[data-resumed]", timeout=ENGINE_MS)
    my_turn(page)
    expect(page.locator(".kiosk-play__seat-name")).to_have_count(3)
    assert page.evaluate(MY_HAND_JS) == hand


# ---- a reader's hands are a sitting: who deals follows the tradition ---------------------------------------------
SEATING_KEY = "changpai-reader-seating"
SEAT_IN_HEADLINE = {"你赢了": 0, "电脑乙": 1, "电脑丙": 2, "电脑丁": 3}


def winner_of(headline: str) -> int | None:
    """The winning seat, read from the settlement's headline as a reader reads it (nobody: ``None``)."""
    found = [seat for words, seat in SEAT_IN_HEADLINE.items() if words in headline]
    assert len(found) <= 1, headline
    return found[0] if found else None


def test_the_readers_next_hand_is_dealt_by_the_winner_in_luzhou(page: Page):
    """[001]: the winner deals the next hand (nobody won: the same dealer, the rule's default). The reader deals the
    first; the settlement says who deals next; the next hand is dealt so, and a reload keeps its dealer."""
    open_play(page, "zh", seed=11)
    page.locator(".kiosk-rules-luzhou").click()
    dealer = None
    for hand in range(2):  # (seed 11: seat 2 wins the first hand and deals the second)
        board = page.locator(".kiosk-play__board")
        expect(board).to_have_attribute("data-dealer", re.compile(r"\d"), timeout=ENGINE_MS)
        now = int(board.get_attribute("data-dealer"))
        assert now == (0 if dealer is None else dealer), (hand, now, dealer)
        mark = (
            page.locator(".kiosk-play__my-sets .kiosk-play__row-label")
            if now == 0
            else page.locator(".kiosk-play__seat-name", has_text=["电脑乙", "电脑丙"][now - 1])
        )
        expect(mark).to_contain_text("庄家")
        expect(page.locator(".kiosk-play__seat-name", has_text="庄家")).to_have_count(0 if now == 0 else 1)
        if hand == 1:  # mid-hand, a reload deals the same table: the same dealer
            if now != 0:
                expect(page.locator(".kiosk-play__dealt")).to_contain_text("打庄")
            page.add_init_script(FAST_BOTS_ON_LOAD_JS)
            page.reload()
            page.wait_for_selector(".kiosk-play__board[data-resumed]", timeout=ENGINE_MS)
            expect(page.locator(".kiosk-play__board")).to_have_attribute("data-dealer", str(now))
        outcome = play_to_the_end(page, "zh")
        winner = winner_of(outcome["headline"])
        dealer = now if winner is None else winner
        nxt = page.locator(".kiosk-play__next")
        expect(nxt).to_have_attribute("data-dealer", str(dealer))
        expect(nxt).to_contain_text("下一手：")
        expect(nxt).to_contain_text("胡牌的人" if winner is not None else "原庄家再打")
        page.evaluate("(seed) => { changpaiKioskPlay.tuning = {seed, botDelayMs: 0}; }", 40 + hand)
        page.locator(".kiosk-play__again").click()
        page.wait_for_selector(f".kiosk-play__board[data-seed='{40 + hand}']", timeout=ENGINE_MS)


def test_a_luzhou_settlement_of_three_speaks_to_the_reader_and_has_no_sitter(page: Page):
    """Seed 11: the reader discards the winning card. At a table of three nobody sits out, so the winner takes all
    (the engine's reading), and the discarder's 放炮兜底 line speaks to the reader as "you"."""
    open_play(page, "en", seed=11)
    page.locator(".kiosk-rules-luzhou").click()
    outcome = play_to_the_end(page, "en")
    lines = page.locator(".kiosk-play__lines").inner_text()
    assert "You pay for both losers" in lines, lines
    assert "no sitter, all to the winner" in lines and "to the sitter" not in lines, lines
    assert sum(amounts(outcome["payments"])) == 0


def test_in_leshan_the_winner_shuffles_and_the_cut_picks_the_next_dealer(page: Page):
    """[003]: the last hand's winner shuffles the next (nobody won: the same shuffler), and the cut picks its dealer;
    the log says how, in English here."""
    open_play(page, "en", seed=11)
    page.locator(".kiosk-rules-leshan").click()
    outcome = play_to_the_end(page, "en")
    headline = outcome["headline"]
    winner = (
        0
        if "You won" in headline
        else next((s for s, n in ((1, "Computer B"), (2, "Computer C")) if n in headline), None)
    )
    nxt = page.locator(".kiosk-play__next")
    expect(nxt).to_have_attribute("data-dealer", "null")
    expect(nxt).to_have_attribute("data-shuffler", str(0 if winner is None else winner))
    expect(nxt).to_contain_text("the cut picks the dealer")
    page.locator(".kiosk-play__again").click()
    page.wait_for_selector(".kiosk-play__board[data-dealer]", timeout=ENGINE_MS)
    shuffled = "You shuffled" if winner in (None, 0) else ("Computer B", "Computer C")[winner - 1] + " shuffled"
    expect(page.locator(".kiosk-play__dealt")).to_contain_text(
        re.compile(shuffled + r"; the cut turned up \S+, which counts round to (you|Computer [BC]) to deal\.")
    )
    dealer = int(page.locator(".kiosk-play__board").get_attribute("data-dealer"))
    stored = page.evaluate(f"JSON.parse(sessionStorage.getItem('{SEATING_KEY}'))")
    shuffler = stored["leshan"]["shuffler"]
    assert 0 <= dealer < 3 and shuffler == (0 if winner is None else winner)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_reader_who_is_xiaojia_plays_the_hand_through(page: Page, lang: str):
    """At Leshan's table of four the seat after the dealer is 小家 [003]: when the deal comes round so, the reader holds
    two cards, draws privately and plays the hand to its settlement like any other seat."""
    open_play(page, lang, seed=21)
    page.evaluate(
        f"sessionStorage.setItem('{SEATING_KEY}', JSON.stringify({{'leshan×4': {{dealer: 1, shuffler: 1}}}}))"
    )
    page.locator(".kiosk-rules-leshan-four").click()
    expect(page.locator(".kiosk-play__board")).to_have_attribute("data-dealer", "1", timeout=ENGINE_MS)
    expect(page.locator(".kiosk-play__my-sets .kiosk-play__row-label")).to_contain_text("小家")
    outcome = play_to_the_end(page, lang)
    assert len(outcome["payments"]) == 4
    assert not page.evaluate(STRAY_TEXT_JS)


# ---- the games of another shape, and the race of 一百, are kept too -------------------------------------------------


# Words a script left on the table by mistake: DOM's append and replaceChildren write a null out as "null".
STRAY_TEXT_JS = """() => {
  const out = [];
  const walk = document.createTreeWalker(document.querySelector('#kiosk-app'), NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    const t = walk.currentNode.nodeValue;
    if (/\\b(null|undefined|NaN)\\b|\\[object /.test(t)) out.push(t.trim());
  }
  return out; }"""


def kept_hand(page: Page) -> dict | None:
    return page.evaluate(f"JSON.parse(sessionStorage.getItem('{HAND_KEY}'))")


def test_a_reloaded_page_carries_on_with_the_readers_hongdiandian_deal(page: Page):
    from tests.site.test_kiosk_hongdiandian import tap_through

    open_play(page, "zh")
    page.evaluate("changpaiKioskHdd.tuning = {seed: 7, botDelayMs: 0}")
    page.locator(".kiosk-rules-hongdiandian").click()
    for _ in range(3):
        page.wait_for_selector(".kiosk-play__column.is-legal, .kiosk-play__choice", timeout=ENGINE_MS)
        page.locator(".kiosk-play__choice, .kiosk-play__column.is-legal").first.click()
    page.wait_for_selector(".kiosk-play__column.is-legal, .kiosk-play__choice", timeout=ENGINE_MS)
    saved = kept_hand(page)
    assert saved["rules"] == "wuchuan-hongdiandian-sicheng" and saved["seed"] == 7 and len(saved["actions"]) >= 3
    assert page.evaluate(STRAY_TEXT_JS) == []
    hand, log = page.evaluate(MY_HAND_JS), page.locator(".kiosk-play__log").inner_text()
    page.add_init_script(fast_bots_on_load("changpaiKioskHdd"))
    page.reload()
    page.wait_for_selector(".kiosk-hdd[data-resumed]", timeout=ENGINE_MS)
    page.wait_for_selector(".kiosk-play__column.is-legal, .kiosk-play__choice", timeout=ENGINE_MS)
    board = page.locator(".kiosk-hdd")
    assert board.get_attribute("data-seed") == "7", "a different deal was dealt"
    assert int(board.get_attribute("data-resumed")) == len(saved["actions"])
    assert page.evaluate(MY_HAND_JS) == hand, "the reader's hand is not the one before the reload"
    assert page.locator(".kiosk-play__log").inner_text() == log
    tap_through(page, "zh")
    assert kept_hand(page) is None, "a finished deal is still kept"


def test_a_kept_hongdiandian_deal_is_dropped_when_the_reader_changes_its_rules(page: Page):
    open_play(page, "en")
    page.evaluate("changpaiKioskHdd.tuning = {seed: 7, botDelayMs: 0}")
    page.locator(".kiosk-rules-hongdiandian").click()
    page.wait_for_selector(".kiosk-play__column.is-legal, .kiosk-play__choice", timeout=ENGINE_MS)
    page.locator(".kiosk-play__choice, .kiosk-play__column.is-legal").first.click()
    page.wait_for_function(f"(JSON.parse(sessionStorage.getItem('{HAND_KEY}')) || {{}}).seed === 7")
    page.locator('.kiosk-hdd__rule[data-rules="wuchuan-hongdiandian-huada"]').click()
    page.wait_for_selector('.kiosk-hdd[data-rules="wuchuan-hongdiandian-huada"][data-seed]', timeout=ENGINE_MS)
    # The new table is kept from its deal on, before the reader's first move; the old deal is gone.
    saved = kept_hand(page)
    assert saved["rules"] == "wuchuan-hongdiandian-huada" and saved["actions"] == [], saved
    page.reload()
    page.wait_for_selector(".kiosk-hdd[data-resumed]", timeout=ENGINE_MS)
    expect(page.locator(".kiosk-hdd")).to_have_attribute("data-rules", "wuchuan-hongdiandian-huada")
    expect(page.locator(".kiosk-hdd")).to_have_attribute("data-seed", str(saved["seed"]))


CHUO_HAND_JS = "() => [...document.querySelectorAll('.kiosk-chuo__hand [data-face]')].map((c) => c.dataset.face)"


def test_a_reloaded_page_carries_on_with_the_readers_chuopai_hand_in_the_same_seat(page: Page):
    from tests.site.test_kiosk_chuopai import play_through

    open_play(page, "en")
    page.evaluate("changpaiKioskChuopai.tuning = {seed: 3, botDelayMs: 0}")
    page.locator(".kiosk-rules-chuopai").click()
    page.locator(".kiosk-seat-ally").click()
    for _ in range(2):
        page.wait_for_selector(".kiosk-chuo__choice", timeout=ENGINE_MS)
        first = page.locator(".kiosk-chuo__choice").first.element_handle()
        first.click()
        first.wait_for_element_state("hidden")
    page.wait_for_selector(".kiosk-chuo__choice", timeout=ENGINE_MS)
    saved = kept_hand(page)
    assert saved["rules"] == "chuopai" and saved["seat"] == "ally" and saved["seed"] == 3
    assert page.evaluate(STRAY_TEXT_JS) == []
    offered = page.locator(".kiosk-chuo__choice").evaluate_all("(els) => els.map((e) => e.dataset.action)")
    hand = page.evaluate(CHUO_HAND_JS)
    page.add_init_script(fast_bots_on_load("changpaiKioskChuopai"))
    page.reload()
    page.wait_for_selector(".kiosk-chuo[data-resumed]", timeout=ENGINE_MS)
    page.wait_for_selector(".kiosk-chuo__choice", timeout=ENGINE_MS)
    board = page.locator(".kiosk-chuo")
    expect(board).to_have_attribute("data-role", "ally")
    assert board.get_attribute("data-seed") == "3"
    assert int(board.get_attribute("data-resumed")) == len(saved["actions"])
    assert page.evaluate(CHUO_HAND_JS) == hand, "the reader's hand is not the one before the reload"
    assert page.locator(".kiosk-chuo__choice").evaluate_all("(els) => els.map((e) => e.dataset.action)") == offered
    play_through(page)
    expect(page.locator(".kiosk-play__settlement")).to_be_visible()
    assert kept_hand(page) is None


def test_a_reloaded_page_carries_on_with_the_readers_race_of_yibai(page: Page):
    """The race's score and deal number survive a reload, mid-deal and between deals (a race to the rule's 100 子)."""
    from tests.site.test_kiosk_yibai import SITTING_JS, WAIT_FOR, shown_totals

    open_play(page, "zh")
    page.evaluate("changpaiKioskYibai.tuning = {seed: 1}")
    page.locator(".kiosk-rules-yibai").click()
    page.add_init_script(fast_bots_on_load("changpaiKioskPlay"))
    # Play the first deal to its end, reloading once in the middle of it.
    reloaded_mid_deal = False
    for _ in range(600):
        page.wait_for_selector(WAIT_FOR, timeout=ENGINE_MS)
        if page.locator(".kiosk-yibai__end, .kiosk-play__settlement, .kiosk-play__error").count():
            break
        if not reloaded_mid_deal and len((kept_hand(page) or {}).get("actions", [])) >= 6:
            saved = kept_hand(page)
            seed, totals = page.locator(".kiosk-play__board").get_attribute("data-seed"), shown_totals(page)
            page.reload()
            page.wait_for_selector(".kiosk-play__board[data-resumed]", timeout=ENGINE_MS)
            assert page.locator(".kiosk-play__board").get_attribute("data-seed") == seed
            assert int(page.locator(".kiosk-play__board").get_attribute("data-resumed")) == len(saved["actions"])
            assert shown_totals(page) == totals, "the race's score was lost"
            expect(page.locator(".kiosk-yibai__deal")).to_have_text("第 1 盘")
            reloaded_mid_deal = True
            continue
        page.locator(".kiosk-play__choice, .kiosk-play__column.is-legal").first.click()
    assert reloaded_mid_deal
    expect(page.locator(".kiosk-play__error")).to_have_count(0)
    expect(page.locator(".kiosk-yibai__end")).to_have_count(0)  # (nobody reaches 100 子 in this first deal)
    expect(page.locator(".kiosk-play__settlement")).to_be_visible()
    # Between two deals: a reload deals the next one, from the score the first left, by the dealer it named.
    totals, sitting = shown_totals(page), page.evaluate(SITTING_JS)
    assert totals == sitting["totals"] and any(totals), totals
    page.reload()
    page.wait_for_selector(WAIT_FOR, timeout=ENGINE_MS)
    expect(page.locator(".kiosk-yibai__deal")).to_have_text("第 2 盘")
    # The second deal starts from the first one's score (its own opening 子, for held sets, come on top).
    race = kept_hand(page)["race"]
    assert race["deals"] == 1 and race["sitting"]["totals"] == totals, race
    assert all(now >= before for now, before in zip(shown_totals(page), totals, strict=True)), shown_totals(page)
    dealer = page.locator(".kiosk-yibai__seat", has=page.locator(".kiosk-yibai__dealer"))
    expect(dealer).to_have_attribute("data-seat", str(sitting["next_dealer"]))


def test_a_readers_race_ends_without_the_kiosks_words_and_is_not_kept(page: Page):
    from tests.site.test_kiosk_yibai import race_to_the_end

    open_play(page, "en")
    page.evaluate("changpaiKioskYibai.tuning = {seed: 8}; changpaiKiosk.settings.yibaiTarget = 10")
    page.locator(".kiosk-rules-yibai").click()
    result = race_to_the_end(page)
    expect(result["end"]).to_be_visible()
    # The gallery kiosk's end says it will reset itself; a reader's page never does.
    expect(page.locator(".kiosk-yibai__reset")).to_have_count(0)
    assert kept_hand(page) is None, "a finished race is still kept"


# Each part of the table shows all it holds (the 一百 screen once squeezed the table to slivers under its scoreboard).
CLIPPED_PARTS_JS = """() => [...document.querySelectorAll(
  '.kiosk-yibai__board, .kiosk-play__opponents, .kiosk-play__centre, .kiosk-play__talk, .kiosk-play__mine')]
  .filter((el) => el.scrollHeight > el.clientHeight + 2 || el.getBoundingClientRect().height < 40)
  .map((el) => el.className + ': ' + el.clientHeight + ' of ' + el.scrollHeight + ' px')"""


@pytest.mark.parametrize("viewport", [PHONE, {"width": 1280, "height": 720}], ids=["phone", "laptop"])
def test_the_race_of_yibai_fits_a_readers_screen(page: Page, viewport: dict):
    page.set_viewport_size(viewport)
    open_play(page, "zh")
    page.evaluate("changpaiKioskYibai.tuning = {seed: 2}")
    page.locator(".kiosk-rules-yibai").click()
    for _ in range(4):  # ordinary taps: Playwright refuses one on a control something else covers
        my_turn(page)
        page.locator(".kiosk-play__choice, .kiosk-play__column.is-legal").first.click()
    my_turn(page)
    assert page.evaluate(CLIPPED_PARTS_JS) == []
    assert page.evaluate(STRAY_TEXT_JS) == []
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), "the race is wider than the screen"
    prompt = page.locator(".kiosk-play__prompt")
    expect(prompt).to_be_visible()
    assert prompt.bounding_box()["height"] >= 20, "the prompt has no room"


def test_a_readers_chuopai_hands_keep_a_running_total(page: Page):
    from tests.site.test_kiosk_chuopai import play_through

    open_play(page, "zh")
    page.evaluate("changpaiKioskChuopai.tuning = {seed: 5, botDelayMs: 0}")
    page.locator(".kiosk-rules-chuopai").click()
    page.locator(".kiosk-seat-dealer").click()
    play_through(page)
    scores = [
        int(n)
        for n in page.locator(".kiosk-chuo__settlement .kiosk-play__payments li").evaluate_all(
            "(els) => els.map((e) => e.dataset.score)"
        )
    ]
    expect(page.locator(".kiosk-play__tally")).to_have_count(0)  # one hand: nothing to add up yet
    page.evaluate("changpaiKioskChuopai.tuning = {seed: 6, botDelayMs: 0}")
    page.locator(".kiosk-play__again").click()
    page.wait_for_selector(".kiosk-chuo[data-seed='6']", timeout=ENGINE_MS)
    play_through(page)
    second = [
        int(n)
        for n in page.locator(".kiosk-chuo__settlement .kiosk-play__payments li").evaluate_all(
            "(els) => els.map((e) => e.dataset.score)"
        )
    ]
    assert any(scores) and any(second), (scores, second)  # (hands that were won and lost: a total to add up)
    tally = page.locator(".kiosk-play__tally")
    expect(tally.locator("h3")).to_have_text("这 2 手合计")
    assert amounts(tally.locator("li").all_inner_texts()) == [a + b for a, b in zip(scores, second, strict=True)]


def ready_by_brute_force(record: dict) -> tuple[list[str], list[str], str]:
    """The reader's (seat 0's) waits in the deal so far, found without the engine's wait search: every one of the 20
    cards is tried as the winning card of the hand and its laid sets (``analyse``), and the wins kept; split into
    those the reader may win on and those a rule of play bars, read from the deal's history (和回龙 [003]: a kind
    the reader discarded; 有开不开 / 后对和牌 [003]: after passing a kong, or on a kind whose pong was passed), not
    from the engine's ``win_bar``; with the rule set's word for such a hand."""
    from changpai.daer.actions import ActionType, native_words
    from changpai.daer.analysis import analyse
    from changpai.daer.record import DealRecord, replay
    from changpai.daer.sets import SetKind
    from changpai.decks.numerals import ALL_KINDS

    deal, _ = replay(DealRecord.from_data(record))
    seat = deal.seats[0]
    hand = seat.hand_cards()
    table = []
    for laid in seat.laid:  # a set held from the deal is hand to the analysis; a claimed or laid-out one is table
        if laid.meld.kind in (SetKind.KAN, SetKind.PAIR):
            hand += list(laid.meld.cards)
        else:
            table.append(laid.meld)
    rules = deal.play_rules
    discarded = {a.card.ascii() for a in deal.history if a.seat == 0 and a.type == ActionType.DISCARD and a.card}
    passed_pongs = {ALL_KINDS[k].ascii() for k in seat.passed_pong}
    wins, barred = [], []
    for card in ALL_KINDS:
        try:
            result = analyse(hand, table, deal.rules, win_card=card)
        except ValueError:  # a fifth copy, or a hand of another size (the reader about to discard)
            continue
        if not result.win:
            continue
        bar = seat.barred
        bar = bar or (rules.win_on_own_discard_barred.value and card.ascii() in discarded)
        bar = bar or (rules.declined_claim_bars_win.value and (seat.passed_kong or card.ascii() in passed_pongs))
        (barred if bar else wins).append(card.ascii())
    return wins, barred, native_words(deal.rules)["ready"].zh


@pytest.mark.parametrize(("game", "seed"), [("leshan", 2), ("luzhou", 2)])
def test_a_readers_hand_one_card_from_the_win_says_so_and_which_cards_it_waits_for(page: Page, game: str, seed: int):
    """Beside the reader's sets, a line names the cards that would complete the hand, in the tradition's word (下叫 in
    Leshan, 叫牌 in Luzhou), and is empty when no card does or the reader is about to discard: checked at every
    prompt of a whole hand against every card tried one by one in CPython, on the deal as the engine recorded it.
    (Seeds 2: the reader's hand gets there.)"""
    open_play(page, "zh", seed=seed)
    page.locator(f".kiosk-rules-{game}").click()
    ready = page.locator(".kiosk-play__ready")
    shown = 0
    for _ in range(300):
        page.wait_for_selector(
            ".kiosk-play__settlement, .kiosk-play__choice, .kiosk-play__column.is-legal", timeout=ENGINE_MS
        )
        if page.locator(".kiosk-play__settlement").count():
            break
        # (data-waits is dropped when the line is asked of another hand, and set with the engine's answer)
        page.wait_for_function(
            "() => document.querySelector('.kiosk-play__ready')?.dataset.waits !== undefined", timeout=ENGINE_MS
        )
        record = deal_record_of(page)
        expected, barred, word = ready_by_brute_force(record)
        assert ready.get_attribute("data-waits").split() == expected, record.get("steps", [])[-3:]
        assert ready.get_attribute("data-barred").split() == barred, record.get("steps", [])[-3:]
        if expected:
            shown += 1
            expect(ready).to_contain_text(f"你{word}了，等这几张：")
        if barred:  # (said apart: test_a_wait_the_reader_may_not_win_on_is_said_apart_with_its_rule_in_leshan)
            expect(ready.locator(".kiosk-play__barred")).not_to_have_count(0)
        assert ready.locator("img").count() == len(expected) + len(barred)
        if page.locator(".kiosk-play__choice").count():
            page.locator(".kiosk-play__choice").first.click()
        else:
            page.locator(".kiosk-play__column.is-legal").first.click()
    assert shown, f"{game} seed {seed}: the reader's hand was never one card from the win, so this test showed nothing"


def continuation_to(record: dict, wanted: str, attempts: int = 300) -> list[dict]:
    """Moves, for every seat, that carry the deal in ``record`` on to the reader's (seat 0's) turn with a hand one
    card from the win, waiting for a card it may win on and, ``wanted``: "discarded", for one it discarded too (in
    Leshan 和回龙 bars it), or "passed", after letting a win go (现张不和 holds the next one back). Found by random
    legal play in CPython (wins left out, so the deal goes on), each move as the page keeps it."""
    import random

    from changpai.core.text import ChangpaiError
    from changpai.daer.actions import ActionType
    from changpai.daer.analysis import waits
    from changpai.daer.record import DealRecord, replay

    start, _ = replay(DealRecord.from_data(record))

    def there(deal) -> bool:
        if deal.over or deal.to_act != 0 or not any(a.type == ActionType.TURN for a in deal.legal_actions(0)):
            return False
        seat = deal.seats[0]
        try:
            found = [w.card for w in waits(seat.hand_cards(), [ls.meld for ls in seat.laid], deal.rules) if w.win]
        except ChangpaiError:
            return False
        bars = [deal.win_bar(0, card) for card in found]
        if wanted == "discarded":
            return None in bars and "win-own-discard" in bars
        return None in bars and deal.passed_win(0) is not None

    for attempt in range(attempts):
        rng, deal, moves = random.Random(attempt), start.copy(), []
        while not deal.over:
            legal = [a for a in deal.legal_actions() if a.type != ActionType.WIN]
            if not legal:
                break
            action = rng.choice(legal)
            deal.play(action)
            moves.append({k: v for k, v in action.as_dict(deal.rules).items() if k != "label"})
            if there(deal):
                return moves
    raise AssertionError(f"no continuation of the deal gets there ({wanted}) in {attempts} attempts")


def carried_on(page: Page, wanted: str) -> None:
    """A Leshan hand (seed 4) carried by ``continuation_to`` to the state ``wanted``: the moves are kept in the tab as a
    reload finds them, and replayed there through the engine; back at the reader's turn, its ready line drawn."""
    open_play(page, "zh", seed=4)
    page.locator(".kiosk-rules-leshan").click()
    page.wait_for_selector(".kiosk-play__column.is-legal, .kiosk-play__choice", timeout=ENGINE_MS)
    saved = page.evaluate("() => JSON.parse(sessionStorage.getItem('changpai-reader-hand'))")
    saved["actions"] += continuation_to(deal_record_of(page), wanted)
    page.evaluate("(hand) => sessionStorage.setItem('changpai-reader-hand', JSON.stringify(hand))", saved)
    page.reload()
    page.wait_for_selector(".kiosk-play__board[data-resumed]", timeout=ENGINE_MS)
    expect(page.locator(".kiosk-play__board")).to_have_attribute("data-resumed", str(len(saved["actions"])))
    page.wait_for_selector(".kiosk-play__choice--turn", timeout=ENGINE_MS)
    page.wait_for_function("() => document.querySelector('.kiosk-play__ready')?.dataset.waits", timeout=ENGINE_MS)


def deal_record_of(page: Page) -> dict:
    """The engine's record of the deal on the play table so far."""
    game_id = page.locator(".kiosk-play__board").get_attribute("data-game")
    return page.evaluate("(game) => changpaiEngine.call({command: 'deal_record', game}).then((r) => r.record)", game_id)


def test_a_wait_the_reader_may_not_win_on_is_said_apart_with_its_rule_in_leshan(page: Page):
    """和回龙 [003]: a Leshan player may not win on a kind they discarded. A ready hand that waits for such a card
    lists it apart from the waits it may win on, under the rule's name, so the reader is not told to wait for a card
    that cannot win. The hand is carried there by ``carried_on``; the line is checked against ``ready_by_brute_force``.
    """
    carried_on(page, "discarded")
    ready = page.locator(".kiosk-play__ready")
    expected, barred, word = ready_by_brute_force(deal_record_of(page))
    assert expected and barred, (expected, barred)
    assert ready.get_attribute("data-waits").split() == expected
    assert ready.get_attribute("data-barred").split() == barred
    expect(ready).to_contain_text(f"你{word}了，等这几张：")
    shut = ready.locator(".kiosk-play__barred")
    expect(shut).to_have_text("自己打过的牌不能胡（和回龙）：")
    assert ready.locator("img").count() == len(expected) + len(barred)


def test_after_letting_a_win_go_the_ready_line_says_what_holds_the_next_one_back_in_leshan(page: Page):
    """现张不和 [003]: a Leshan player who lets a win go may win again only after taking in a card, or with a bigger
    win. A ready hand after a passed win says so under its waits (the engine's view.passed_win)."""
    carried_on(page, "passed")
    ready = page.locator(".kiosk-play__ready")
    expect(ready.locator(".kiosk-play__passed-win")).to_have_text(
        "你放过了一次胡：要等再吃进、对进或开进一张牌，或者胡得比那次大，才能胡（现张不和）。"
    )
    expected, _barred, _word = ready_by_brute_force(deal_record_of(page))
    assert expected and ready.get_attribute("data-waits").split() == expected
