"""The hand calculator in a real browser: build a hand by tapping cards, read the points the in-page engine gives
(compared with the same engine under CPython), the other traditions side by side, the four-copies limit, and
located error messages for bad input — in Chinese and in English."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

# Engine-backed tests share a warmed browser context (tests/site/conftest.py: warm_page); tests about loading,
# recovery and kiosk resets are marked fresh_context.
pytestmark = pytest.mark.warm_engine

PAGE = "learn/calculator.html"
ENGINE_TIMEOUT_MS = 90_000
TRADITIONS = ("luzhou-a", "luzhou-b", "leshan", "wuchuan")
SMALL = "一二三四五六七八九十"
BIG = "壹贰叁肆伍陆柒捌玖拾"
# Seven sets, tapped one card at a time; the verdict comes from the engine, not from this file.
HAND = "一二三四五六七八九壹贰叁肆伍陆柒捌玖二七十"


def ascii_of(card: str) -> str:
    if card in SMALL:
        n, suffix = SMALL.index(card) + 1, "s"
    else:
        n, suffix = BIG.index(card) + 1, "b"
    return ("t" if n == 10 else str(n)) + suffix


def cpython(request: dict) -> dict:
    from changpai import api

    return api.handle(request)


def open_empty(page: Page, path: str = PAGE):
    page.goto(path)
    widget = page.locator('[data-cp-widget="calculator"]').first
    widget.locator(".cp-calc__clear").click()
    return widget


def tap(widget, cards: str) -> None:
    for card in cards:
        widget.locator(f'.cp-calc__kind[data-card="{ascii_of(card)}"]').click()


@pytest.mark.parametrize("rules", ["luzhou-a", "leshan"])
def test_build_a_hand_and_read_the_points(page: Page, rules):
    widget = open_empty(page)
    widget.locator(".cp-calc__rules").select_option(rules)
    tap(widget, HAND)
    expected = cpython({"command": "score", "rules": rules, "hand": HAND})
    points = widget.locator(".cp-calc__points [data-points]")
    expect(points).to_have_text(str(expected["points"]), timeout=ENGINE_TIMEOUT_MS)
    verdict = widget.locator(".cp-calc__verdict")
    word = "和" if rules == "leshan" else "胡"  # each tradition's own word
    expect(verdict).to_contain_text(f"{word}了" if expected["win"] else f"还没成{word}")
    expect(widget.locator(".cp-calc__zones")).to_contain_text(f"{word}的那张牌（可不填）")  # (it said 胡 for Leshan)
    expect(widget.locator(".cp-calc__lines")).to_contain_text(expected["reason"]["zh"])
    split = widget.locator(".cp-calc__split .cp-meld")
    expect(split).to_have_count(len(expected["sets"]))
    # the same hand under every other tradition, side by side
    for other in TRADITIONS:
        if other == rules:
            continue
        theirs = cpython({"command": "score", "rules": other, "hand": HAND})
        row = widget.locator(f'.cp-calc__compare tr[data-rules="{other}"]')
        expect(row).to_contain_text(f"{'和' if other == 'leshan' else '胡'}数 {theirs['points']}")


def test_table_sets_and_a_winning_card(page: Page):
    widget = open_empty(page)
    hand, pong, win = "一二三四五六七八九壹贰叁肆伍陆柒捌", "玖玖玖", "拾"
    tap(widget, hand[:-1])
    widget.locator(".cp-calc__add-set").click()
    tap(widget, pong)  # goes into the new table set, now the active zone
    widget.locator('.cp-calc__zone[data-zone="hand"] .cp-calc__pick').click()
    tap(widget, hand[-1])
    widget.locator('.cp-calc__zone[data-zone="win"] .cp-calc__pick').click()
    tap(widget, win)
    request = {
        "command": "score",
        "rules": "luzhou-a",
        "hand": hand,
        "table": [{"set": "pong", "cards": pong}],
        "win_card": win,
        "from": "discard",
    }
    expected = cpython(request)
    assert "error" not in expected, expected
    expect(widget.locator(".cp-calc__points [data-points]")).to_have_text(
        str(expected["points"]), timeout=ENGINE_TIMEOUT_MS
    )


def test_four_copies_at_most(page: Page):
    widget = open_empty(page)
    button = widget.locator('.cp-calc__kind[data-card="1s"]')
    for _ in range(4):
        button.click()
    expect(button).to_be_disabled()
    expect(button).to_contain_text("4/4")
    expect(widget.locator('.cp-calc__zone[data-zone="hand"] [data-card="1s"]')).to_have_count(4)
    widget.locator('.cp-calc__zone[data-zone="hand"] .cp-cards button').first.click()  # tap a placed card: removed
    expect(button).to_be_enabled()
    expect(button).to_contain_text("3/4")


def test_a_set_that_does_not_hold_gives_a_located_message(page: Page):
    """The engine's error reaches the reader in the page's language, naming the set at fault."""
    widget = open_empty(page)
    tap(widget, "四五六七八九壹贰叁肆伍陆柒捌玖二七十")
    widget.locator(".cp-calc__add-set").click()  # a "pong" of three different cards cannot exist
    tap(widget, "一二三")
    request = {"command": "score", "rules": "luzhou-a", "hand": "四五六七八九壹贰叁肆伍陆柒捌玖二七十"}
    request["table"] = [{"set": "pong", "cards": "一二三"}]
    error = cpython(request)["error"]
    box = widget.locator(".cp-calc__result .cp-error")
    expect(box).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    expect(box).to_contain_text(error["zh"])
    assert error["where"] and error["where"].startswith("table[0]")
    expect(box).to_contain_text("table[0]")


def test_typed_cards_and_a_located_reading_error(page: Page):
    widget = open_empty(page)
    field = widget.locator(".cp-calc__input")
    field.fill("123s 9x")
    field.press("Enter")
    expect(widget.locator(".cp-calc__typed-error")).to_contain_text("第 7 个字符“x”")
    field.fill("123s 27tb")
    field.press("Enter")
    expect(widget.locator('.cp-calc__zone[data-zone="hand"] [data-card]')).to_have_count(6)
    expect(widget.locator(".cp-calc__typed-error")).to_have_text("")


def test_english_page(page: Page):
    widget = open_empty(page, f"en/{PAGE}")
    tap(widget, HAND)
    expected = cpython({"command": "score", "rules": "luzhou-a", "hand": HAND})
    expect(widget.locator(".cp-calc__points [data-points]")).to_have_text(
        str(expected["points"]), timeout=ENGINE_TIMEOUT_MS
    )
    expect(widget.locator(".cp-calc__verdict")).to_contain_text("A win" if expected["win"] else "Not a win")
    expect(widget.locator(".cp-calc__lines")).to_contain_text(expected["reason"]["en"])


def test_palette_is_usable_by_keyboard_and_touch(page: Page):
    widget = open_empty(page)
    first = widget.locator('.cp-calc__kind[data-card="1s"]')
    first.focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    page.keyboard.press("Space")  # the next card, 二
    expect(widget.locator('.cp-calc__zone[data-zone="hand"] [data-card]')).to_have_count(2)
    small = page.evaluate(
        """root => [...root.querySelectorAll('button, select, input')]
             .filter(e => e.offsetParent !== null)
             .map(e => e.getBoundingClientRect())
             .filter(r => r.width < 44 || r.height < 44).length""",
        widget.element_handle(),
    )
    assert small == 0


@pytest.mark.fresh_context
def test_an_engine_that_cannot_load_gives_a_message_not_a_blank(page: Page, browser_log):
    """If Pyodide cannot be fetched, the calculator says so in the page's language (and the status shows it)."""
    browser_log.allow_console_error(r".")  # the blocked downloads are logged as errors on purpose
    page.route("**/assets/engine/pyodide/**", lambda route: route.abort())
    page.goto(PAGE)
    widget = page.locator('[data-cp-widget="calculator"]').first
    box = widget.locator(".cp-calc__result .cp-error")
    expect(box).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    expect(box).to_contain_text("出错了")
    assert len(box.inner_text().strip()) > len("出错了：") + 4  # the reason follows
    expect(widget.locator(".cp-engine-status")).to_be_visible()
