"""The deal viewer in a real browser: stepping to the end and reading the settlement, deep links, the step list,
keyboard-only use, autoplay, hold-to-repeat, one seat's view, question steps, English, the engine's analysis —
and the static version the build writes inside each widget, readable with no script at all.

Every expectation is read from the deal's own frames (the JSON the build embeds), never typed in here.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

# Engine-backed tests share a warmed browser context (tests/site/conftest.py: warm_page); tests about loading,
# recovery and kiosk resets are marked fresh_context.
pytestmark = pytest.mark.warm_engine

GALLERY = "learn/deals.html"
ENGINE_TIMEOUT_MS = 90_000


def all_frames(site_dir: Path) -> dict[str, dict]:
    files = sorted((site_dir / "assets/deals").glob("*.json"))
    return {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in files}


@pytest.fixture(scope="module")
def deals(site_dir: Path) -> dict[str, dict]:
    found = all_frames(site_dir)
    assert found, "the site has no tutorial deals (tutorials/deals/*.yml)"
    return found


def settled(deals: dict[str, dict]) -> tuple[str, dict]:
    """The longest deal that ends in a settlement."""
    ended = [(i, f) for i, f in deals.items() if f["steps"][-1]["settlement"]]
    assert ended, "no tutorial deal reaches a settlement"
    return max(ended, key=lambda item: len(item[1]["steps"]))


def with_question(deals: dict[str, dict]) -> tuple[str, dict, int]:
    for deal_id, frames in deals.items():
        for step in frames["steps"]:
            if step["question"]:
                return deal_id, frames, step["index"]
    pytest.fail("no tutorial deal has a question step")


def open_viewer(page: Page, deal_id: str, path: str = GALLERY):
    page.goto(path)
    widget = page.locator(f'[data-cp-widget="deal"][data-deal="{deal_id}"]')
    details = page.locator(f"#gallery-{deal_id}")
    if details.count():
        details.locator("> summary").click()
    view = widget.locator(".cp-deal__live-view")
    expect(view).to_be_visible()
    return widget, view


# Per row: the room between the end of the seat's name and the start of its amount, in px (the texts, not the cells).
TEXT_GAP_JS = """(rows) => rows.map((row) => {
  const box = (cell) => {
    const r = document.createRange();
    r.selectNodeContents(cell);
    return r.getBoundingClientRect();
  };
  return box(row.cells[1]).left - box(row.cells[0]).right;
})"""


def step_of(view) -> int:
    return int(view.get_attribute("data-step"))


def settlement_words(frames: dict, lang: str) -> list[str]:
    s = frames["steps"][-1]["settlement"]
    words = [line[lang] for line in s["lines"]]
    if s["winner"] is not None:
        words.append(frames["seats"][s["winner"]]["name"][lang])
    return words


def test_step_forward_to_the_end_shows_the_settlement(page: Page, deals):
    deal_id, frames = settled(deals)
    widget, view = open_viewer(page, deal_id)
    last = len(frames["steps"]) - 1
    assert step_of(view) == 0
    expect(view.locator(".cp-settlement")).to_have_count(0)
    next_button = view.locator(".cp-deal__next")
    for i in range(1, last + 1):
        next_button.press("Enter")  # keyboard activation: one step per press
        expect(view).to_have_attribute("data-step", str(i))
    expect(next_button).to_be_disabled()
    settlement = view.locator(".cp-settlement")
    expect(settlement).to_be_visible()
    for word in settlement_words(frames, "zh"):
        expect(settlement).to_contain_text(word)
    payments = frames["steps"][-1]["settlement"]["payments"]
    shown = [c.strip() for c in settlement.locator("td").all_inner_texts()]
    assert shown == [("+" if p > 0 else "") + str(p) for p in payments]
    # the seat and its amount are apart (they ran together: 甲+4)
    gaps = settlement.locator("tr").evaluate_all(TEXT_GAP_JS)
    assert min(gaps) >= 8, gaps
    # the accessible text view announces the step
    expect(view.locator(".cp-deal__live")).to_contain_text(settlement_words(frames, "zh")[0])


@pytest.mark.parametrize("rules", ["leshan", "luzhou-a"])
def test_the_winning_hand_is_headed_in_the_traditions_word(page: Page, deals, rules: str):
    """Leshan says 和 where Luzhou says 胡 [003][001]: the settlement's winning hand is headed 和的这手牌 in a Leshan
    deal (it said 胡的这手牌 in every game), with its points in the same word."""
    won = [(i, f) for i, f in deals.items() if f["rules"] == rules and (f["steps"][-1]["settlement"] or {}).get("hand")]
    assert won, f"no {rules} deal ends in a win"
    deal_id, frames = min(won, key=lambda item: len(item[1]["steps"]))
    widget, view = open_viewer(page, deal_id)
    view.locator(".cp-deal__last").click()
    title = view.locator(".cp-settlement .cp-win__title")
    word = "和" if rules == "leshan" else "胡"
    expect(title).to_contain_text(
        re.compile(
            "^" + word + "的这手牌 · " + str(frames["steps"][-1]["settlement"]["hand"]["points"]) + " " + word + "$"
        )
    )


def test_the_win_and_the_points_each_take_their_own_word_from_the_engine(page: Page, deals):
    """The verb of the win comes from the engine's words (``native_words``: 和 in Leshan), the points' unit from its
    point word: the same character in every tradition today, so the page's data is given two different ones here."""
    won = [
        (i, f) for i, f in deals.items() if f["rules"] == "leshan" and (f["steps"][-1]["settlement"] or {}).get("hand")
    ]
    deal_id, frames = min(won, key=lambda item: len(item[1]["steps"]))

    def other_win_word(route):
        body = route.fetch().text()
        names = re.search(r'(<script type="application/json" id="cp-engine-names">)(.*?)(</script>)', body, re.S)
        data = json.loads(names[2])
        assert data["rules"]["leshan"]["words"]["win"]["zh"] == data["rules"]["leshan"]["point_word"]["zh"] == "和"
        data["rules"]["leshan"]["words"]["win"]["zh"] = "赢"
        body = body.replace(names[0], names[1] + json.dumps(data, ensure_ascii=False) + names[3])
        route.fulfill(body=body, content_type="text/html; charset=utf-8")

    page.route(f"**/{GALLERY}", other_win_word)
    widget, view = open_viewer(page, deal_id)
    view.locator(".cp-deal__last").click()
    points = str(frames["steps"][-1]["settlement"]["hand"]["points"])
    winner = frames["seats"][frames["steps"][-1]["settlement"]["winner"]]["name"]["zh"]
    expect(view.locator(".cp-settlement__winner")).to_have_text(f"{winner} 赢了，{points} 和")
    expect(view.locator(".cp-settlement .cp-win__title")).to_have_text(re.compile(f"^赢的这手牌 · {points} 和$"))


def test_each_step_shows_its_own_frame(page: Page, deals):
    deal_id, frames = settled(deals)
    widget, view = open_viewer(page, deal_id)
    view.locator(".cp-deal__steps summary").click()  # the list of every step
    for i in (len(frames["steps"]) // 2, len(frames["steps"]) - 1, 0):
        view.locator(f'.cp-deal__jump[data-step="{i}"]').click()  # the step list jumps anywhere
        expect(view).to_have_attribute("data-step", str(i))
        step = frames["steps"][i]
        for seat, hand in enumerate(step["state"]["hands"]):
            cards = view.locator(".cp-seat").nth(seat).locator(".cp-seat__hand [data-card]")
            expect(cards).to_have_count(len(hand))
        if step["note"]:
            expect(view.locator(".cp-deal__note")).to_contain_text(step["note"]["zh"])
        if step["action"]:
            expect(view.locator(".cp-deal__action")).to_contain_text(step["action"]["label"]["zh"])
        expect(view.locator(f'.cp-deal__jump[data-step="{i}"]')).to_have_attribute("aria-current", "step")


def test_deep_link_opens_the_exact_step(page: Page, deals):
    deal_id, frames = settled(deals)
    target = len(frames["steps"]) // 2
    page.goto(f"{GALLERY}#deal-{deal_id}-{target}")
    view = page.locator(f'[data-deal="{deal_id}"] .cp-deal__live-view')
    expect(view).to_be_visible()  # the folded gallery entry opened itself
    expect(view).to_have_attribute("data-step", str(target))
    expect(view.locator(".cp-deal__counter")).to_contain_text(str(target))
    # stepping updates the address, so the link can be shared
    view.locator(".cp-deal__next").press("Enter")
    assert page.url.endswith(f"#deal-{deal_id}-{target + 1}")


def test_keyboard_only(page: Page, deals):
    deal_id, frames = settled(deals)
    widget, view = open_viewer(page, deal_id)
    last = len(frames["steps"]) - 1
    view.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(view).to_have_attribute("data-step", "2")
    page.keyboard.press("ArrowLeft")
    expect(view).to_have_attribute("data-step", "1")
    page.keyboard.press("End")
    expect(view).to_have_attribute("data-step", str(last))
    page.keyboard.press("Home")
    expect(view).to_have_attribute("data-step", "0")
    page.keyboard.press("ArrowLeft")  # nothing before the start
    expect(view).to_have_attribute("data-step", "0")
    # Tab walks into the toolbar; focus is visible on every control
    page.keyboard.press("Tab")
    focused = page.evaluate("document.activeElement.className")
    assert "cp-btn" in focused or "cp-select" in focused, focused
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none"


def test_autoplay_and_pause(page: Page, deals):
    deal_id, frames = settled(deals)
    widget, view = open_viewer(page, deal_id)
    view.locator(".cp-deal__speed").select_option("4")
    view.locator(".cp-deal__play").click()
    expect(view.locator(".cp-deal__play")).to_have_attribute("aria-pressed", "true")
    expect(view).not_to_have_attribute("data-step", "0", timeout=5000)
    page.wait_for_function(f"document.querySelector('[data-deal=\"{deal_id}\"] .cp-deal__live-view').dataset.step >= 2")
    view.locator(".cp-deal__play").click()
    expect(view.locator(".cp-deal__play")).to_have_attribute("aria-pressed", "false")
    paused_at = step_of(view)
    page.wait_for_timeout(1200)
    assert step_of(view) == paused_at


def test_holding_next_repeats(page: Page, deals):
    deal_id, frames = settled(deals)
    if len(frames["steps"]) < 6:
        pytest.skip("the longest deal is too short to see repetition")
    widget, view = open_viewer(page, deal_id)
    view.locator(".cp-deal__next").scroll_into_view_if_needed()
    box = view.locator(".cp-deal__next").bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.wait_for_timeout(1100)
    page.mouse.up()
    held = step_of(view)
    assert held >= 3, f"holding 'next' for a second moved only {held} steps"
    page.wait_for_timeout(400)
    assert step_of(view) == held, "stepping must stop when the button is released"


def test_one_seats_view_hides_the_others(page: Page, deals):
    deal_id, frames = settled(deals)
    widget, view = open_viewer(page, deal_id)
    view.locator(".cp-deal__view").select_option("0")
    seats = view.locator(".cp-seat")
    hand0 = frames["steps"][0]["state"]["hands"][0]
    expect(seats.nth(0).locator(".cp-seat__hand [data-card]")).to_have_count(len(hand0))
    for seat in range(1, len(frames["seats"])):
        hand = frames["steps"][0]["state"]["hands"][seat]
        expect(seats.nth(seat).locator(".cp-seat__hand [data-card]")).to_have_count(0)
        expect(seats.nth(seat).locator(".cp-card--back")).to_have_count(len(hand))


def test_question_step_checks_answers(page: Page, deals):
    deal_id, frames, index = with_question(deals)
    page.goto(f"{GALLERY}#deal-{deal_id}-{index}")
    view = page.locator(f'[data-deal="{deal_id}"] .cp-deal__live-view')
    expect(view).to_have_attribute("data-step", str(index))
    question = frames["steps"][index]["question"]
    wrong = [c for c in question["choices"] if c["id"] not in question["answer"]]
    right = [c for c in question["choices"] if c["id"] in question["answer"]]
    box = view.locator(".cp-question")
    expect(box).to_contain_text(question["prompt"]["zh"])
    if wrong:
        box.locator(f'.cp-choice[data-choice="{wrong[0]["id"]}"]').click()
        expect(box.locator(".cp-question__feedback .cp-bad")).to_be_visible()
    box.locator(f'.cp-choice[data-choice="{right[0]["id"]}"]').click()
    expect(box.locator(".cp-question__feedback .cp-ok")).to_be_visible()
    if question["explain"]:
        expect(box.locator(".cp-question__feedback")).to_contain_text(question["explain"]["zh"])


def test_engine_adds_legal_actions_at_question_steps(page: Page, deals):
    from changpai import api

    deal_id, frames, index = with_question(deals)
    question = frames["steps"][index]["question"]
    expected = api.handle({"command": "legal_actions", "state": question["state"], "seat": question["seat"]})
    page.goto(f"{GALLERY}#deal-{deal_id}-{index}")
    view = page.locator(f'[data-deal="{deal_id}"] .cp-deal__live-view')
    tries = view.locator(".cp-deal__try")
    expect(tries).to_have_count(len(expected["actions"]), timeout=ENGINE_TIMEOUT_MS)
    assert [t.get_attribute("data-action") for t in tries.all()] == [a["text"] for a in expected["actions"]]
    answer = question["answer"][0]
    view.locator(f'.cp-deal__try[data-action="{answer}"]').click()
    expect(view.locator(".cp-deal__tried")).to_contain_text(
        next(a["label"]["zh"] for a in expected["actions"] if a["text"] == answer)
    )


def test_english_page_speaks_english(page: Page, deals):
    deal_id, frames = settled(deals)
    widget, view = open_viewer(page, deal_id, path=f"en/{GALLERY}")
    assert page.evaluate("document.documentElement.lang") == "en"
    expect(view.locator(".cp-deal__next")).to_have_attribute("aria-label", "Next step")
    view.locator(".cp-deal__last").click()
    for word in settlement_words(frames, "en"):
        expect(view.locator(".cp-settlement")).to_contain_text(word)


def test_touch_targets_are_large_enough(page: Page, deals):
    deal_id, frames = settled(deals)
    widget, view = open_viewer(page, deal_id)
    view.locator(".cp-deal__steps summary").click()
    small = page.evaluate(
        """root => [...root.querySelectorAll('button, select, summary')]
             .filter(e => e.offsetParent !== null)
             .map(e => [e.className || e.tagName, e.getBoundingClientRect()])
             .filter(([, r]) => r.width < 44 || r.height < 44)
             .map(([name, r]) => name + ' ' + Math.round(r.width) + 'x' + Math.round(r.height))""",
        view.element_handle(),
    )
    assert not small, small


def test_widgets_mount_after_instant_navigation(page: Page, deals):
    page.goto("learn/index.html")
    page.locator('a[href$="deals.html"]').first.click()
    # Viewers mount when they come near the screen (their frames are fetched then): open the first folded deal.
    page.locator("details.cp-gallery__item > summary").first.click()
    expect(page.locator('[data-cp-widget="deal"] .cp-deal__live-view').first).to_be_attached()


def test_static_version_reads_without_scripts(browser, site_url: str, deals):
    """With JavaScript off, each deal still shows every step as text and card pictures."""
    deal_id, frames = settled(deals)
    context = browser.new_context(java_script_enabled=False, base_url=site_url)
    try:
        page = context.new_page()
        page.goto(GALLERY)
        page.locator(f"#gallery-{deal_id} > summary").click()
        static = page.locator(f'[data-deal="{deal_id}"] .cp-deal-static')
        expect(static).to_be_visible()
        # The steps are in <noscript> (read as markup only without scripts); Playwright's text matching skips a
        # <noscript> element itself, so the text is read from the list inside it.
        steps = static.locator("noscript > ol")
        expect(steps).to_be_visible()
        expect(steps.locator("> li")).to_have_count(len(frames["steps"]))
        for word in settlement_words(frames, "zh"):
            expect(steps).to_contain_text(word)
        first_hand = frames["steps"][0]["state"]["hands"][0]
        images = static.locator(".cp-static__hands > div").first.locator("img.cp-card, .cp-card--drawn")
        expect(images).to_have_count(len(first_hand))
        note = next((s["note"]["zh"] for s in frames["steps"] if s["note"]), None)
        if note:
            expect(steps).to_contain_text(re.sub(r"\s+", " ", note).strip()[:20])
    finally:
        context.close()


def test_rule_pages_open_each_deal_at_its_step(page: Page, site_dir: Path):
    """A rule page names the step its text is about (data-step); the viewer opens there."""
    pages = [p for p in sorted((site_dir / "rules").glob("*.html")) if 'data-cp-widget="deal"' in p.read_text("utf-8")]
    if not pages:
        pytest.skip("no rule page embeds a deal")
    path = pages[0].relative_to(site_dir).as_posix()
    page.goto(path)
    widgets = page.locator('[data-cp-widget="deal"][data-step]')
    assert widgets.count() > 0
    for widget in widgets.all():
        wanted = widget.get_attribute("data-step")
        widget.scroll_into_view_if_needed()  # a viewer mounts when it comes near the screen
        expect(widget.locator(".cp-deal__live-view")).to_have_attribute("data-step", wanted)


def test_on_a_phone_a_docked_note_that_runs_on_says_there_is_more(page: Page):
    """On a phone the note docks under the step buttons in a box of its own, which scrolls when the note is long; its
    last line used to be cut in half with no sign of more. The box's foot fades out (``cp-deal__side--more``) while
    there is more to scroll, and not once the reader has scrolled to the end, nor for a note that fits."""
    page.set_viewport_size({"width": 390, "height": 700})
    deal_id = "wuchuan-baopai"  # its last note, and the rule event under it, run past the box
    page.goto(f"{GALLERY}#gallery-{deal_id}")
    view = page.locator(f'[data-deal="{deal_id}"] .cp-deal__live-view')
    expect(view).to_be_visible()
    side = view.locator(".cp-deal__side")
    runs_on = "(el) => el.scrollHeight - el.scrollTop - el.clientHeight > 1"
    states = []
    for step in range(int(view.locator(".cp-deal__counter").inner_text().split("/")[-1].split()[0]) + 1):
        if step:
            view.locator(".cp-deal__next").click()
        expect(view).to_have_attribute("data-step", str(step))
        more = side.evaluate(runs_on)
        expect(side).to_have_class(re.compile(r"cp-deal__side--more") if more else re.compile(r"^(?!.*--more)"))
        states.append(more)
    assert states[-1] and not all(states), states  # the last note runs on; some note fits
    side.evaluate("(el) => { el.scrollTop = el.scrollHeight; }")
    expect(side).not_to_have_class(re.compile(r"cp-deal__side--more"))


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_deal_nobody_won_says_so_once(page: Page, deals, lang: str):
    """A deal nobody won is headed by the engine's own line that says so and how it is paid (无人胡牌，只付包牌); the
    settlement used to say 无人胡牌 above that same line."""
    unwon = [
        (i, f)
        for i, f in deals.items()
        if f["steps"][-1]["settlement"] and f["steps"][-1]["settlement"]["winner"] is None
    ]
    assert unwon, "no tutorial deal ends without a winner"
    deal_id, frames = unwon[0]
    settled = frames["steps"][-1]["settlement"]
    lines, outcome = [line[lang] for line in settled["lines"]], settled["outcome"][lang]
    widget, view = open_viewer(page, deal_id, GALLERY if lang == "zh" else f"en/{GALLERY}")
    view.locator(".cp-deal__last").click()
    settlement = view.locator(".cp-settlement")
    head = outcome[0].upper() + outcome[1:]
    expect(settlement.locator(".cp-settlement__winner")).to_have_text(head)
    expect(settlement.locator("li")).to_have_text(lines)
    said = settlement.inner_text()
    assert said.lower().count(outcome.lower()) == 1, said
    assert ("无人" in said) != (lang == "en") and said.count("无人") <= 1, said
    expect(view.locator(".cp-deal__live")).to_contain_text(head)
