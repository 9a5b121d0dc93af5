"""Lessons in a real browser: answer right and wrong, progress saved in localStorage as soon as a level is passed
and restored on reload, the reset button, the points and waits questions, the engine checking answers once it is
loaded, and English. Expected answers are read from the lesson data the build embeds (which the build itself checked
against the engine), never typed in here."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

# Engine-backed tests share a warmed browser context (tests/site/conftest.py: warm_page); tests about loading,
# recovery and kiosk resets are marked fresh_context.
pytestmark = pytest.mark.warm_engine

PAGE = "learn/lessons.html"
ENGINE_TIMEOUT_MS = 90_000


def lessons(page: Page) -> dict[str, dict]:
    return page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('[data-cp-widget="lesson"]')].map(el =>
             [el.dataset.lesson, JSON.parse(el.querySelector('.cp-widget-data').dataset.json)]))"""
    )


def first_level_of_kind(page: Page, kind: str) -> tuple[str, int, dict]:
    for lesson_id, lesson in lessons(page).items():
        for i, level in enumerate(lesson["levels"]):
            if level["ask"] == kind:
                return lesson_id, i, level
    pytest.skip(f"no lesson has a {kind!r} level")


def widget_of(page: Page, lesson_id: str):
    return page.locator(f'[data-cp-widget="lesson"][data-lesson="{lesson_id}"]')


def go_to_level(widget, index: int) -> None:
    widget.locator(f'.cp-lesson__level[data-level="{index}"]').click()
    expect(widget.locator(f'.cp-lesson__level[data-level="{index}"]')).to_have_attribute("aria-current", "step")


def saved(page: Page, lesson_id: str) -> list[int]:
    raw = page.evaluate("id => localStorage.getItem('changpai:lesson:' + id)", lesson_id)
    return json.loads(raw) if raw else []


def answer_win(widget, value: bool) -> None:
    widget.locator(f'.cp-lesson__answers [data-answer="{"yes" if value else "no"}"]').click()


def test_answer_wrong_then_right_and_progress_is_kept(page: Page):
    page.goto(PAGE)
    lesson_id, index, level = first_level_of_kind(page, "win")
    widget = widget_of(page, lesson_id)
    go_to_level(widget, index)
    expect(widget.locator(".cp-lesson__goal")).to_have_text(level["goal"]["zh"])
    answer_win(widget, not level["expected"])
    feedback = widget.locator(".cp-lesson__feedback")
    expect(feedback.locator('[data-verdict="wrong"]')).to_be_visible()
    assert index not in saved(page, lesson_id), "a wrong answer must not count as passed"
    answer_win(widget, level["expected"])
    expect(feedback.locator('[data-verdict="right"]')).to_be_visible()
    expect(feedback).to_contain_text(level["explain"]["zh"])
    assert index in saved(page, lesson_id), "progress is saved as soon as the level is passed"
    expect(widget.locator(f'.cp-lesson__level[data-level="{index}"]')).to_have_attribute("data-passed", "true")
    page.reload()
    widget = widget_of(page, lesson_id)
    expect(widget.locator(f'.cp-lesson__level[data-level="{index}"]')).to_have_attribute("data-passed", "true")
    expect(widget.locator(".cp-progress")).to_contain_text("已过 1 /")
    # reset clears it, in the page and in storage
    widget.locator(".cp-lesson__reset").click()
    expect(widget.locator(f'.cp-lesson__level[data-level="{index}"]')).to_have_attribute("data-passed", "false")
    assert saved(page, lesson_id) == []


def test_points_question(page: Page):
    page.goto(PAGE)
    lesson_id, index, level = first_level_of_kind(page, "points")
    widget = widget_of(page, lesson_id)
    go_to_level(widget, index)
    field = widget.locator(".cp-lesson__points")
    field.fill(str(level["expected"] + 1))
    field.press("Enter")
    expect(widget.locator('[data-verdict="wrong"]')).to_be_visible()
    field.fill(str(level["expected"]))
    field.press("Enter")
    expect(widget.locator('[data-verdict="right"]')).to_be_visible()


def test_waits_question_by_keyboard(page: Page):
    page.goto(PAGE)
    lesson_id, index, level = first_level_of_kind(page, "waits")
    widget = widget_of(page, lesson_id)
    go_to_level(widget, index)
    palette = widget.locator(".cp-lesson__answers .cp-calc__kind")
    wanted = set(level["expected"])
    for button in palette.all():
        if button.get_attribute("aria-label").split("（")[0] in wanted:
            button.focus()
            button.press("Enter")
            expect(button).to_have_attribute("aria-pressed", "true")
    widget.locator(".cp-lesson__answers .cp-btn--primary").press("Enter")
    expect(widget.locator('[data-verdict="right"]')).to_be_visible()
    expect(widget.locator(".cp-lesson__next")).to_be_focused()  # keyboard flow goes on to the next question


def test_hints_come_one_at_a_time(page: Page):
    page.goto(PAGE)
    for lesson_id, lesson in lessons(page).items():
        for i, level in enumerate(lesson["levels"]):
            if len(level["hints"]) >= 2:
                widget = widget_of(page, lesson_id)
                go_to_level(widget, i)
                hint = widget.locator(".cp-lesson__hint")
                hint.click()
                expect(widget.locator(".cp-lesson__hints p")).to_have_count(1)
                expect(widget.locator(".cp-lesson__hints")).to_contain_text(level["hints"][0]["zh"])
                for _ in level["hints"][1:]:
                    hint.click()
                expect(widget.locator(".cp-lesson__hints p")).to_have_count(len(level["hints"]))
                expect(hint).to_be_disabled()
                return
    pytest.skip("no level has two hints")


def test_the_engine_checks_answers_once_loaded(page: Page):
    page.goto(PAGE)
    lesson_id, index, level = first_level_of_kind(page, "win")
    page.wait_for_function("window.changpaiEngine.ready.then(() => true)", timeout=ENGINE_TIMEOUT_MS)
    widget = widget_of(page, lesson_id)
    go_to_level(widget, index)
    answer_win(widget, level["expected"])
    expect(widget.locator('[data-verdict="right"]')).to_be_visible()
    expect(widget.locator(".cp-lesson__feedback")).to_contain_text("由页面里的规则引擎核对")


def test_english_lesson(page: Page):
    page.goto(f"en/{PAGE}")
    lesson_id, index, level = first_level_of_kind(page, "win")
    widget = widget_of(page, lesson_id)
    go_to_level(widget, index)
    expect(widget.locator(".cp-lesson__goal")).to_have_text(level["goal"]["en"])
    answer_win(widget, not level["expected"])
    expect(widget.locator('[data-verdict="wrong"]')).to_have_text("Not quite.")


def test_every_lesson_file_is_on_the_page(page: Page, site_dir: Path):
    page.goto(PAGE)
    repo = Path(__file__).resolve().parents[2]
    files = sorted(p.stem for p in (repo / "tutorials/lessons").glob("*.yml"))
    assert files and sorted(lessons(page)) == files


@pytest.mark.parametrize(("rules", "word"), [("leshan", "和"), ("luzhou-a", "胡")])
def test_a_win_question_is_answered_in_the_traditions_word(page: Page, rules: str, word: str):
    """贰柒拾 players say 和了 [003], Luzhou's 胡了 [001]: the yes/no buttons and the shown answer of a win question say
    it their way (every lesson said 胡了 / 没胡)."""
    page.goto(PAGE)
    found = [
        (lesson_id, i, level)
        for lesson_id, lesson in lessons(page).items()
        if lesson["rules"] == rules
        for i, level in enumerate(lesson["levels"])
        if level["ask"] == "win"
    ]
    assert found, f"no {rules} lesson asks whether a hand wins"
    lesson_id, index, level = found[0]
    widget = widget_of(page, lesson_id)
    go_to_level(widget, index)
    expect(widget.locator('.cp-lesson__answers [data-answer="yes"]')).to_have_text(word + "了")
    expect(widget.locator('.cp-lesson__answers [data-answer="no"]')).to_have_text("没" + word)
    assert level["answer_text"]["zh"] == (word + "了" if level["expected"] else "没" + word)


def test_a_lesson_card_opens_with_its_title_on_a_phone(page: Page):
    """The lesson's title sits at the top of its card: a page heading's margin (40 px) left an empty band above it."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(PAGE)
    title = page.locator(".cp-lesson__title").first
    expect(title).to_be_visible()
    gap, line = title.evaluate(
        """(h) => [h.getBoundingClientRect().top - h.closest(".cp-lesson").getBoundingClientRect().top,
                   parseFloat(getComputedStyle(h).lineHeight)]"""
    )
    assert gap < line, f"{gap:.0f} px above the title, for a {line:.0f} px line"
