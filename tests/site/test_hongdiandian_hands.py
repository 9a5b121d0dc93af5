"""红点点 hands in the two hand widgets, in a real browser and in both languages: the calculator (learn/calculator)
and the home page's "what does it wait for" widget. The red points, the class and its 层 and the waits on the
page are the in-page engine's; this file asks the same engine under CPython what they must be. Bad input (a
wrong size, a pair that cannot hold, a fifth copy) gets a located message in the page's language. The last
tests switch on 红点点's variants in the calculator (大叁 wild, five-handed)."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from changpai.hongdiandian.rules import RULESETS
from playwright.sync_api import Page, expect

# Pages only (nothing about loading): the shared, warmed browser context (tests/site/conftest.py: warm_page).
pytestmark = pytest.mark.warm_engine

CALC = "learn/calculator.html"
ENGINE_TIMEOUT_MS = 90_000
SICHENG, HUADA = "wuchuan-hongdiandian-sicheng", "wuchuan-hongdiandian-huada"
SMALL = "一二三四五六七八九十"
BIG = "壹贰叁肆伍陆柒捌玖拾"
HAND = "拾玖拾九柒七柒五捌八陆贰十三壹壹"  # every pair red: 花大 under 花大, 红龙子 under 老四层
# the picker shows each rule set by its title, as the engine names it (the page's data, written by the build)
NAMES = {name: (RULESETS[name].title.zh, RULESETS[name].title.en) for name in (SICHENG, HUADA)}


def ascii_of(card: str) -> str:
    if card in SMALL:
        n, suffix = SMALL.index(card) + 1, "s"
    else:
        n, suffix = BIG.index(card) + 1, "b"
    return ("t" if n == 10 else str(n)) + suffix


def cpython(request: dict) -> dict:
    from changpai import api

    return api.handle(request)


def open_calc(page: Page, path: str, rules: str):
    page.goto(path)
    widget = page.locator('[data-cp-widget="calculator"]').first
    select = widget.locator(".cp-calc__rules")
    expect(select.locator(f'option[value="{rules}"]')).to_have_count(1, timeout=ENGINE_TIMEOUT_MS)
    select.select_option(rules)
    widget.locator(".cp-calc__clear").click()
    return widget


def tap(widget, cards: str, kind: str = ".cp-calc__kind") -> None:
    for card in cards:
        widget.locator(f'{kind}[data-card="{ascii_of(card)}"]').click()


@pytest.mark.parametrize(("lang", "rules"), [("zh", HUADA), ("en", SICHENG)])
def test_the_calculator_scores_a_hongdiandian_hand(page: Page, lang, rules):
    widget = open_calc(page, CALC if lang == "zh" else f"en/{CALC}", rules)
    tap(widget, HAND[:-1])
    # fifteen cards: the waits, each with its red points, class and 层
    waits = cpython({"command": "waits", "rules": rules, "hand": HAND[:-1]})["waits"]
    item = widget.locator(f'.cp-calc__wait-list li[data-card="{ascii_of(HAND[-1])}"]')
    expect(item).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    wait = next(w for w in waits if w["card"] == HAND[-1])
    expect(item).to_contain_text(wait["class"]["name"][lang])
    expect(item).to_have_attribute("data-points", str(wait["points"]))
    expect(widget.locator(".cp-calc__wait-list li")).to_have_count(sum(w["win"] for w in waits))
    # the sixteenth: the total, the class in the tradition's words, its 层, and the units
    tap(widget, HAND[-1])
    expected = cpython({"command": "score", "rules": rules, "hand": HAND})
    expect(widget.locator(".cp-calc__points [data-points]")).to_have_text(str(expected["points"]))
    cls = widget.locator(".cp-calc__class")
    expect(cls).to_contain_text(expected["class"]["name"][lang])
    expect(cls).to_have_attribute("data-layers", str(expected["layers"]))
    expect(cls).to_contain_text(f"{expected['layers']} 层")
    expect(widget.locator(".cp-calc__verdict")).to_contain_text("胡了" if lang == "zh" else "A win")
    expect(widget.locator(".cp-calc__split .cp-meld")).to_have_count(len(expected["split"]))
    shown = widget.locator(".cp-calc__split .cp-meld__points")
    assert sum(int(shown.nth(i).get_attribute("data-points")) for i in range(shown.count())) == expected["points"]
    # compared with the other way of counting 红点点 only, never with the Da Er games
    other = HUADA if rules == SICHENG else SICHENG
    theirs = cpython({"command": "score", "rules": other, "hand": HAND})
    row = widget.locator(f'.cp-calc__compare tr[data-rules="{other}"]')
    expect(row).to_contain_text(theirs["class"]["name"][lang])
    expect(widget.locator(".cp-calc__compare tbody tr")).to_have_count(1)
    # the Da Er games' words never show: the laid-set kinds and the winning card's sources are 红点点's
    widget.locator(".cp-calc__add-set").click()
    kinds = widget.locator('.cp-calc__zone[data-zone="0"] select option')
    expect(kinds).to_have_count(4)
    assert [kinds.nth(i).get_attribute("value") for i in range(4)] == ["pair", "four", "kan2", "kan"]
    sources = widget.locator(".cp-calc__source option")
    assert [sources.nth(i).get_attribute("value") for i in range(sources.count())] == ["turn", "tianhu", "dihu"]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_bad_hongdiandian_input_gets_a_located_message(page: Page, lang):
    widget = open_calc(page, CALC if lang == "zh" else f"en/{CALC}", SICHENG)
    box = widget.locator(".cp-calc__result .cp-error")
    # too many cards: the engine's count message, located at the hand
    tap(widget, HAND + "一")
    error = cpython({"command": "score", "rules": SICHENG, "hand": HAND + "一"})["error"]
    expect(box).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    expect(box).to_contain_text(error[lang])
    assert error["where"] == "hand"
    # a laid pair that cannot hold (大玖 never pairs with 小九): located at the set
    widget.locator(".cp-calc__clear").click()
    tap(widget, HAND[4:])
    widget.locator(".cp-calc__add-set").click()
    tap(widget, "玖九")
    request = {"command": "score", "rules": SICHENG, "hand": HAND[4:], "table": [{"set": "pair", "cards": "玖九"}]}
    error = cpython(request)["error"]
    assert (error["code"], error["where"]) == ("bad-pair", "table[0]")
    expect(box).to_contain_text(error[lang])
    expect(box).to_contain_text("table[0]")
    # too few: what is missing, in words (not a blank result)
    widget.locator(".cp-calc__clear").click()
    tap(widget, "柒七")
    building = widget.locator(".cp-calc__building")
    expect(building).to_contain_text("13")
    expect(building).to_contain_text("15")


def test_a_fifth_copy_is_refused_with_the_card_named(page: Page):
    # typed: the widget names the card; through a link: the engine's located message
    widget = open_calc(page, CALC, HUADA)
    tap(widget, "一一一一")
    expect(widget.locator('.cp-calc__kind[data-card="1s"]')).to_be_disabled()
    field = widget.locator(".cp-calc__input")
    field.fill("一")
    field.press("Enter")
    expect(widget.locator(".cp-calc__typed-error")).to_contain_text("“一”超过 4 张")
    hand = "一一一一一二二三三四四五五六六七"
    page.goto(f"en/{CALC}?rules={HUADA}&hand={quote(hand)}")
    widget = page.locator('[data-cp-widget="calculator"]').first
    error = cpython({"command": "score", "rules": HUADA, "hand": hand})["error"]
    assert error["code"] == "too-many-copies"
    box = widget.locator(".cp-calc__result .cp-error")
    expect(box).to_contain_text(error["en"], timeout=ENGINE_TIMEOUT_MS)
    expect(widget.locator(".cp-calc__rules")).to_have_value(HUADA)


def test_the_da_er_games_compare_without_hongdiandian(page: Page):
    page.goto(CALC)
    widget = page.locator('[data-cp-widget="calculator"]').first
    expect(widget.locator(".cp-calc__points [data-points]")).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    rows = widget.locator(".cp-calc__compare tbody tr")
    expect(rows.first).to_be_visible()
    ids = [rows.nth(i).get_attribute("data-rules") for i in range(rows.count())]
    assert ids and not any("hongdiandian" in i for i in ids), ids
    # the 红点点 rule sets are in the list, and picking one brings the page's 红点点 sample in
    widget.locator(".cp-calc__rules").select_option(SICHENG)
    expected = cpython({"command": "score", "rules": SICHENG, "hand": HAND})
    expect(widget.locator(".cp-calc__points [data-points]")).to_have_text(str(expected["points"]))
    expect(widget.locator(".cp-calc__class")).to_contain_text(expected["class"]["name"]["zh"])


# ---- the home page's hand widget ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("lang", "rules"), [("zh", HUADA), ("en", SICHENG)])
def test_the_home_widget_gives_hongdiandian_waits(page: Page, lang, rules):
    page.goto("index.html" if lang == "zh" else "en/index.html")
    widget = page.locator('[data-cp-widget="hand-check"]')
    choice = widget.locator(f'.cp-tradition__choice[data-rules="{rules}"]')
    expect(choice).to_have_text(NAMES[rules][0 if lang == "zh" else 1])
    choice.click()
    sample = widget.locator("input[type=text]").input_value()
    held = sample.replace(" ", "")
    assert len(held) == 15  # the page's 红点点 sample replaced the Da Er one
    expect(widget.locator(".cp-hand-check__count")).to_contain_text("15")
    widget.locator("button[type=submit]").click()
    answer = widget.locator(".cp-hand-check__answer")
    expect(answer).to_have_attribute("data-hand", sample, timeout=ENGINE_TIMEOUT_MS)
    expect(answer).to_have_attribute("data-state", "answer")
    expected = cpython({"command": "waits", "rules": rules, "hand": sample})["waits"]
    items = answer.locator(".cp-wait")
    expect(items).to_have_count(len(expected))
    for i, wait in enumerate(expected):
        detail = items.nth(i).locator(".cp-wait__detail")
        expect(detail).to_contain_text(wait["class"]["name"][lang] if wait["win"] else "")
        expect(detail).to_contain_text(f"{wait['points']} 点红" if lang == "zh" else f"{wait['points']} red points")
        expect(detail).to_contain_text(f"{wait['layers']} 层")
    # back to a Da Er game: the untouched sample gives way to that game's own
    widget.locator('.cp-tradition__choice[data-rules="luzhou-a"]').click()
    expect(widget.locator("input[type=text]")).to_have_value(re.compile(r"^123s"))


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_home_widget_locates_bad_hongdiandian_input(page: Page, lang):
    page.goto("index.html" if lang == "zh" else "en/index.html")
    widget = page.locator('[data-cp-widget="hand-check"]')
    widget.locator(f'.cp-tradition__choice[data-rules="{SICHENG}"]').click()
    typed = widget.locator("input[type=text]")
    answer = widget.locator(".cp-hand-check__answer")
    for hand in ("拾玖拾九柒七柒五捌八陆贰十三壹壹一", "一一一一一二二三三四四五五六六"):
        typed.fill(hand)
        widget.locator("button[type=submit]").click()
        error = cpython({"command": "waits", "rules": SICHENG, "hand": hand})["error"]
        expect(answer).to_have_attribute("data-hand", hand, timeout=ENGINE_TIMEOUT_MS)
        expect(answer).to_have_attribute("data-state", "error")
        expect(answer).to_contain_text(error[lang])
        expect(answer.locator(".cp-hand-check__where")).to_contain_text("手牌" if lang == "zh" else "the hand")


# ---------------------------------------------------------------- the variants [000]: 大叁 (长二) wild, five-handed
# The switches are worded by the engine (its option questions, in the page's language) and only shown for 红点点;
# what the page shows with a switch on is what the same engine answers under CPython with that option.

WILD_HAND = "拾玖拾九柒七柒五捌八陆贰十三壹叁"  # 壹 with 大叁: a pair only if 大叁 is wild
SHORT_HAND = "拾玖拾九柒七"  # six cards: a complete hand only for the seat holding five, five-handed


def switch(widget, option: str):
    return widget.locator(f'.cp-calc__variant[data-option="{option}"]')


def test_the_switches_speak_the_engines_words_and_only_for_hongdiandian(page: Page):
    words = cpython({"command": "rules", "name": SICHENG})["options"]
    for lang, path in (("zh", CALC), ("en", f"en/{CALC}")):
        widget = open_calc(page, path, SICHENG)
        box = widget.locator(".cp-calc__variants")
        expect(box).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
        for option in ("wild_dasan", "five_players"):
            expect(box).to_contain_text(words[option]["question"][lang])
            expect(switch(widget, option)).not_to_be_checked()
        expect(box).not_to_contain_text("wild_dasan")  # never the engine's option names
        widget.locator(".cp-calc__rules").select_option("wuchuan")
        expect(box).to_be_hidden()


def test_a_wild_dasan_scores_as_the_engine_says(page: Page):
    widget = open_calc(page, CALC, SICHENG)
    tap(widget, WILD_HAND)
    plain = cpython({"command": "score", "rules": SICHENG, "hand": WILD_HAND})
    verdict = widget.locator(".cp-calc__verdict")
    expect(verdict).to_contain_text("胡了" if plain.get("win") else "还没成胡", timeout=ENGINE_TIMEOUT_MS)
    switch(widget, "wild_dasan").check()
    wild = cpython({"command": "score", "rules": SICHENG, "hand": WILD_HAND, "options": {"wild_dasan": "true"}})
    assert wild["win"] and not plain.get("win")  # the switch is what makes it a win
    expect(widget.locator(".cp-calc__points [data-points]")).to_have_text(str(wild["points"]))
    expect(verdict).to_contain_text("胡了")
    expect(widget.locator(".cp-calc__class")).to_have_attribute("data-layers", str(wild["layers"]))
    stood = [u["as"] for u in wild["split"] if u.get("as")]
    assert stood, wild["split"]
    expect(widget.locator(".cp-calc__split")).to_contain_text(f"当作 {stood[0]}")
    # the other way of counting 红点点 is asked with the same switch
    other = "wuchuan-hongdiandian-huada"
    theirs = cpython({"command": "score", "rules": other, "hand": WILD_HAND, "options": {"wild_dasan": "true"}})
    expect(widget.locator(f'.cp-calc__compare tr[data-rules="{other}"]')).to_contain_text(str(theirs["points"]))


def test_five_handed_the_short_seat_holds_five_and_one(page: Page):
    widget = open_calc(page, f"en/{CALC}", SICHENG)
    tap(widget, SHORT_HAND[:-1])
    building = widget.locator(".cp-calc__building")
    expect(building).to_contain_text("10 more", timeout=ENGINE_TIMEOUT_MS)  # four-handed: 15 to wait
    switch(widget, "five_players").check()
    options = {"five_players": "true"}
    waits = cpython({"command": "waits", "rules": SICHENG, "hand": SHORT_HAND[:-1], "options": options})["waits"]
    winning = [w for w in waits if w["win"]]
    assert any(w["card"] == SHORT_HAND[-1] for w in winning)
    expect(widget.locator(".cp-calc__wait-list li")).to_have_count(len(winning))
    tap(widget, SHORT_HAND[-1])
    score = cpython({"command": "score", "rules": SICHENG, "hand": SHORT_HAND, "options": options})
    expect(widget.locator(".cp-calc__points [data-points]")).to_have_text(str(score["points"]))
    expect(widget.locator(".cp-calc__verdict")).to_contain_text("A win")
    switch(widget, "five_players").uncheck()  # four-handed again: six cards are only being built
    expect(building).to_contain_text("a complete one 16")
