"""The lessons whose questions a game answers itself (红点点, 戳牌: the ``lesson`` command of the engine), in a real
browser: every question answered wrong, then right, first against the verdict the build embedded, then with the
in-page engine checking; the positions drawn (numerals, domino faces); the first question readable in the HTML
before any script runs. Expected answers come from the lesson data the build embeds (which the build checked
against the engine), never typed in here."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

# Engine-backed tests share a warmed browser context (tests/site/conftest.py: warm_page); tests about loading,
# recovery and kiosk resets are marked fresh_context.
pytestmark = pytest.mark.warm_engine

PAGE = "learn/lessons.html"
ENGINE_TIMEOUT_MS = 90_000


def game_lessons(page: Page) -> dict[str, dict]:
    """Every lesson on the page with at least one question a game answers itself (its level names a form)."""
    found = page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('[data-cp-widget="lesson"]')].map(el =>
             [el.dataset.lesson, JSON.parse(el.querySelector('.cp-widget-data').dataset.json)]))"""
    )
    return {k: v for k, v in found.items() if any("form" in lv for lv in v["levels"])}


def widget_of(page: Page, lesson_id: str):
    return page.locator(f'[data-cp-widget="lesson"][data-lesson="{lesson_id}"]')


def go_to_level(widget, index: int) -> None:
    widget.locator(f'.cp-lesson__level[data-level="{index}"]').click()
    expect(widget.locator(f'.cp-lesson__level[data-level="{index}"]')).to_have_attribute("aria-current", "step")


FORM_OF = {"win": "yesno", "points": "number", "waits": "cards", "choice": "choice"}


def give(widget, level: dict, right: bool) -> None:
    """Answer ``level`` in its form: the expected answer, or one that differs from it."""
    form = level.get("form") or FORM_OF[level["ask"]]
    want = level["expected"]
    answers = widget.locator(".cp-lesson__answers")
    if form == "yesno":
        value = want if right else not want
        answers.locator(f'[data-answer="{"yes" if value else "no"}"]').click()
    elif form == "number":
        field = widget.locator(".cp-lesson__points")
        field.fill(str(want if right else want + 1))
        field.press("Enter")
    elif form == "cards":
        wanted = set(want) if right else set(want[1:])  # one card short is wrong
        for button in answers.locator(".cp-calc__kind").all():  # the picks stay between tries: set each one
            pick = re.search(r"[一-龥]", button.get_attribute("aria-label")).group(0) in wanted  # zh or en label
            if (button.get_attribute("aria-pressed") == "true") != pick:
                button.click()
            expect(button).to_have_attribute("aria-pressed", str(pick).lower())
        answers.locator(".cp-btn--primary").click()
    else:
        ids = [c["id"] for c in level["choices"]]
        wanted = want[0] if isinstance(want, list) else want
        chosen = wanted if right else next(i for i in ids if i != wanted)
        answers.locator(f'.cp-choice[data-answer="{chosen}"]').click()


def test_both_games_have_a_lesson_on_the_page(page: Page):
    page.goto(PAGE)
    found = game_lessons(page)
    games = {lesson["rules"] for lesson in found.values()}
    assert len(found) >= 2 and len(games) >= 2, f"lessons answered by a game of its own: {sorted(found)}"


def test_every_question_wrong_then_right(page: Page):
    page.goto(PAGE)
    for lesson_id, lesson in game_lessons(page).items():
        widget = widget_of(page, lesson_id)
        for i, level in enumerate(lesson["levels"]):
            go_to_level(widget, i)
            expect(widget.locator(".cp-lesson__goal")).to_have_text(level["goal"]["zh"])
            for row in level.get("rows", []):
                for face in row.get("faces", []):  # domino faces drawn from the engine's rows
                    expect(
                        widget.locator(f'.cp-lesson__position img[alt="{face["name"]}（{face["pips"]}）"]').first
                    ).to_be_visible()
            if level.get("point_word"):  # the game's own word for points (红点点: 点), from the engine
                expect(widget.locator(".cp-lesson__answers label")).to_contain_text(level["point_word"]["zh"])
            feedback = widget.locator(".cp-lesson__feedback")
            give(widget, level, right=False)
            expect(feedback.locator('[data-verdict="wrong"]')).to_be_visible()
            give(widget, level, right=True)
            expect(feedback.locator('[data-verdict="right"]')).to_be_visible()
            expect(feedback).to_contain_text(level["explain"]["zh"])
            expect(widget.locator(f'.cp-lesson__level[data-level="{i}"]')).to_have_attribute("data-passed", "true")
        expect(widget.locator(".cp-progress")).to_contain_text(
            f"已过 {len(lesson['levels'])} / {len(lesson['levels'])}"
        )


def test_the_engine_answers_the_games_own_questions(page: Page):
    page.goto(f"en/{PAGE}")
    page.wait_for_function("window.changpaiEngine.ready.then(() => true)", timeout=ENGINE_TIMEOUT_MS)
    for lesson_id, lesson in game_lessons(page).items():
        widget = widget_of(page, lesson_id)
        for i, level in enumerate(lesson["levels"]):
            if "form" not in level:
                continue
            go_to_level(widget, i)
            give(widget, level, right=False)
            expect(widget.locator('[data-verdict="wrong"]')).to_have_text("Not quite.")
            give(widget, level, right=True)
            feedback = widget.locator(".cp-lesson__feedback")
            expect(feedback.locator('[data-verdict="right"]')).to_be_visible()
            expect(feedback).to_contain_text("checked by the in-page rules engine")
            for line in level["engine_lines"]:
                expect(feedback).to_contain_text(line["en"])


def test_the_first_question_reads_before_any_script(site_dir: Path):
    text = (site_dir / PAGE).read_text(encoding="utf-8")
    blocks = re.findall(r'data-lesson="([^"]+)"[^>]*>(.*?)<div class="cp-widget-data', text, flags=re.S)
    data = dict(re.findall(r'data-lesson="([^"]+)"[^>]*>.*?data-json="([^"]+)"', text, flags=re.S))
    checked = 0
    for lesson_id, static in blocks:
        lesson = json.loads(html.unescape(data[lesson_id]))
        if not any("form" in lv for lv in lesson["levels"]):
            continue
        first = lesson["levels"][0]
        assert 'class="cp-lesson-static"' in static
        assert html.escape(first["goal"]["zh"], quote=False) in static or first["goal"]["zh"] in html.unescape(static)
        for row in first.get("rows", []):
            for face in row.get("faces", []):
                assert f"dominoes/{face['pips']}.svg" in static
            if row.get("cards"):
                assert 'class="cp-card' in static
        checked += 1
    assert checked >= 2
