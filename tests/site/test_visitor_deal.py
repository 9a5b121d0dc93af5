"""The deal viewer as a visitor sees it (issue 16, points 2 and 5): the winning hand drawn as its sets with their
points and names, the hand's points in the headline; autoplay told apart from "next"; a step link; the right
choice marked; the face-up card's origin; step buttons in view on a phone; no keyboard hint on touch screens;
the language switch keeps the step."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

# Pages only (nothing about loading): the shared, warmed browser context (tests/site/conftest.py: warm_page).
pytestmark = pytest.mark.warm_engine

PHONE = pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
DESKTOP = pytest.mark.browser_context_args(viewport={"width": 1366, "height": 900})
WIN_DEAL = "luzhou-win-settlement"  # 丁 wins with 27 hu; the payment tier is 4


def frames_of(deal_id: str) -> dict:
    from sitebuild.ext_tutorials import deal_frames

    return deal_frames(deal_id)


def viewer(page: Page, deal_id: str):
    """The deal's viewer, brought near the screen first: viewers load their frames lazily."""
    deal = page.locator(f'[data-cp-widget="deal"][data-deal="{deal_id}"]').first
    deal.scroll_into_view_if_needed()
    expect(deal.locator(".cp-deal__live-view")).to_be_visible(timeout=20_000)
    return deal


@DESKTOP
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_winning_hand_is_drawn_as_its_sets_with_points(page: Page, lang):
    prefix = "en/" if lang == "en" else ""
    page.goto(f"{prefix}rules/luzhou.html#deal-{WIN_DEAL}-99")
    deal = viewer(page, WIN_DEAL)
    settlement = deal.locator(".cp-deal__settle .cp-settlement")
    expect(settlement).to_be_visible()
    hand = frames_of(WIN_DEAL)["steps"][-1]["settlement"]["hand"]
    assert hand["points"] == 27
    headline = settlement.locator(".cp-settlement__winner")
    expect(headline).to_have_text("丁 胡了，27 胡" if lang == "zh" else "D wins with 27 points")
    sets = settlement.locator(".cp-win__set")
    expect(sets).to_have_count(len(hand["sets"]))
    for i, s in enumerate(hand["sets"]):
        drawn = sets.nth(i)
        assert [c for c in drawn.locator("[data-card]").evaluate_all("els => els.map(e => e.title || e.alt)")]
        assert drawn.locator("[data-card]").count() == len(s["cards"])
        expect(drawn.locator(".cp-meld__label")).to_contain_text(s["name"][lang])
        expect(drawn.locator(".cp-meld__points")).to_have_text(
            f"{s['points']} 胡" if lang == "zh" else f"{s['points']} pts"
        )
        card = drawn.locator("[data-card]").first.bounding_box()
        assert card and card["height"] >= 30, "the cards of a set are too small to read"
    patterns = settlement.locator(".cp-win__patterns li")
    expect(patterns).to_have_count(len(hand["patterns"]))
    expect(patterns.first).to_contain_text("红" if lang == "zh" else "red")
    # the payment tier is said as what the payments are built from, never as the hand's score
    expect(settlement).not_to_contain_text("score 4")


@DESKTOP
def test_autoplay_looks_different_from_next_and_a_step_link_is_offered(page: Page):
    page.goto("en/rules/luzhou.html")
    deal = viewer(page, WIN_DEAL)
    play = deal.locator(".cp-deal__play")
    nxt = deal.locator(".cp-deal__next")
    expect(play).to_contain_text("Autoplay")
    assert play.inner_html() != nxt.inner_html()
    assert play.bounding_box()["width"] > nxt.bounding_box()["width"] + 30, "autoplay carries a word, next only an icon"
    link = deal.locator(".cp-deal__link")
    expect(link).to_be_visible()
    expect(link).to_contain_text("Link to this step")
    deal.locator(".cp-deal__first").click()  # the page opens this deal at a later step
    nxt.click()
    nxt.click()
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    link.click()
    assert page.evaluate("location.hash") == f"#deal-{WIN_DEAL}-2"
    expect(deal.locator(".cp-deal__link-note")).to_have_text("Link copied")
    assert page.evaluate("navigator.clipboard.readText()").endswith(f"/en/rules/luzhou.html#deal-{WIN_DEAL}-2")
    assert deal.locator(".cp-deal__keys").count() == 1  # a desktop keeps its keyboard hint


@DESKTOP
def test_the_face_up_card_says_whether_it_was_discarded_or_turned_up(page: Page):
    frames = frames_of(WIN_DEAL)
    page.goto("en/rules/luzhou.html")
    deal = viewer(page, WIN_DEAL)
    deal.locator(".cp-deal__first").click()
    seen = set()
    for i, step in enumerate(frames["steps"]):
        if i:
            deal.locator(".cp-deal__next").click()
        if not step["state"].get("face_up"):
            continue
        last = next(
            s["action"]
            for s in reversed(frames["steps"][: i + 1])
            if s["action"] and s["action"]["type"] in ("discard", "turn")
        )
        label = deal.locator(".cp-deal__faceup-label").inner_text()
        if last["type"] == "discard":
            assert label.startswith("Discarded by"), label
        else:
            assert label.startswith("Turned up from the stock"), label
        seen.add(last["type"])
    assert seen, "the deal shows no face-up card"


def _question_deal() -> tuple[str, int, dict]:
    from sitebuild.ext_tutorials import all_deal_ids

    for deal_id in all_deal_ids():
        for i, step in enumerate(frames_of(deal_id)["steps"]):
            q = step.get("question")
            if q and len(q.get("choices", [])) > len(q.get("answer", [])):
                return deal_id, i, q
    pytest.fail("no deal asks a question with a wrong choice")


@DESKTOP
def test_after_a_wrong_answer_the_right_choice_is_marked(page: Page):
    deal_id, index, q = _question_deal()
    page.goto(f"en/learn/deals.html#deal-{deal_id}-{index}")
    deal = viewer(page, deal_id)
    wrong = next(c for c in q["choices"] if c["id"] not in q["answer"])
    deal.locator(f'.cp-choice[data-choice="{wrong["id"]}"]').click()
    right = deal.locator(f'.cp-choice[data-choice="{q["answer"][0]}"]')
    expect(right).to_have_class(lambda_has("cp-choice--right"))
    outline = right.evaluate("b => getComputedStyle(b).outlineStyle + ' ' + getComputedStyle(b).outlineWidth")
    assert outline.startswith("solid") and not outline.endswith(" 0px"), outline
    assert right.evaluate("b => getComputedStyle(b, '::before').content") == '"✓ "'


@PHONE
def test_on_a_phone_the_step_buttons_stay_in_view_and_no_keyboard_hint(page: Page):
    page.goto("rules/luzhou.html")
    deal = viewer(page, WIN_DEAL)
    deal.scroll_into_view_if_needed()
    assert deal.locator(".cp-deal__keys").count() == 0, "a keyboard hint on a touch screen"
    nxt = deal.locator(".cp-deal__next")
    # scroll to the last seat's hand: the step buttons are still on screen, and nothing covers them
    deal.locator(".cp-seat").last.scroll_into_view_if_needed()
    page.mouse.wheel(0, 200)
    page.wait_for_timeout(400)
    b = nxt.bounding_box()
    assert b and 0 <= b["y"] and b["y"] + b["height"] <= 844, b
    top_of = page.evaluate(
        "([x, y]) => document.elementFromPoint(x, y).closest('.cp-deal__next') !== null",
        [b["x"] + b["width"] / 2, b["y"] + b["height"] / 2],
    )
    assert top_of, "something covers the next-step button"
    deal.locator(".cp-deal__first").tap()
    nxt.tap()
    expect(deal.locator(".cp-deal__live-view")).to_have_attribute("data-step", "1")


@DESKTOP
def test_the_language_switch_keeps_the_step(page: Page):
    page.goto(f"rules/luzhou.html#deal-{WIN_DEAL}-3")
    expect(viewer(page, WIN_DEAL).locator(".cp-deal__live-view")).to_have_attribute("data-step", "3")
    page.locator(".md-header__option .md-select").first.hover()
    page.locator('a.md-select__link[hreflang="en"]').first.click()
    page.wait_for_url("**/en/rules/luzhou.html*")
    assert page.evaluate("location.hash") == f"#deal-{WIN_DEAL}-3"
    expect(viewer(page, WIN_DEAL).locator(".cp-deal__live-view")).to_have_attribute("data-step", "3")


def lambda_has(cls: str):
    import re

    return re.compile(rf"(^|\s){re.escape(cls)}(\s|$)")


def on_top(page: Page, locator) -> bool:
    """The element is on the screen and nothing covers its centre."""
    b = locator.bounding_box()
    if not b or b["y"] < 0 or b["y"] + min(b["height"], 20) > page.viewport_size["height"]:
        return False
    return page.evaluate(
        "([el, x, y]) => { const top = document.elementFromPoint(x, y); return !!top && el.contains(top); }",
        [locator.element_handle(), b["x"] + b["width"] / 2, b["y"] + min(b["height"], 20) / 2],
    )


@PHONE
def test_on_a_phone_the_buttons_the_note_and_a_hand_are_in_view_together(page: Page):
    page.goto("rules/luzhou.html")
    deal = viewer(page, WIN_DEAL)
    deal.locator(".cp-deal__first").tap()
    nxt = deal.locator(".cp-deal__next")
    for step in (1, 2):
        nxt.tap()
        expect(deal.locator(".cp-deal__live-view")).to_have_attribute("data-step", str(step))
        note = deal.locator(".cp-deal__note")
        expect(note).to_be_visible()
        note_text = frames_of(WIN_DEAL)["steps"][step]["note"]["zh"]
        expect(note).to_contain_text(note_text[:8])
        # read down to the second seat's hand, as a visitor following the note would
        hand = deal.locator(".cp-seat").nth(1).locator(".cp-seat__hand [data-card], .cp-seat__hand .cp-card").first
        hand.scroll_into_view_if_needed()
        page.mouse.wheel(0, 120)
        page.wait_for_timeout(300)
        assert on_top(page, nxt), "the next-step button left the screen or is covered"
        assert on_top(page, note), "the note left the screen or is covered"
        cards = deal.locator(".cp-seat__hand .cp-card")
        seen = [i for i in range(cards.count()) if on_top(page, cards.nth(i))]
        assert len(seen) >= 5, "no hand in view beside the buttons and the note"
        # the note and the buttons leave the hands most of the screen
        b = note.bounding_box()
        assert b["y"] + b["height"] <= 844 * 0.6, b


@DESKTOP
def test_on_a_desktop_the_note_sits_beside_the_hands(page: Page):
    page.goto("rules/luzhou.html")
    deal = viewer(page, WIN_DEAL)
    deal.locator(".cp-deal__first").click()
    deal.locator(".cp-deal__next").click()
    note, table = deal.locator(".cp-deal__note"), deal.locator(".cp-deal__table")
    deal.locator(".cp-deal__toolbar").scroll_into_view_if_needed()
    expect(note).to_be_visible()
    n, t = note.bounding_box(), table.bounding_box()
    assert n["x"] >= t["x"] + t["width"] - 1, "the note is beside the table, not under it"
    assert abs(n["y"] - t["y"]) < 200
    assert deal.locator(".cp-deal__side").evaluate("e => getComputedStyle(e).position") == "static"
