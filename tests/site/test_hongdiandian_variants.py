"""红点点's two variants in the hand calculator [000]: 大叁 (长二) as a wild card, and five players with one seat
holding five. The switches are worded by the engine (its option questions, in the page's language) and only shown
for 红点点; what the page shows with a switch on is what the same engine answers under CPython with that option."""

from __future__ import annotations

from playwright.sync_api import Page, expect

CALC = "learn/calculator.html"
ENGINE_TIMEOUT_MS = 90_000
SICHENG = "wuchuan-hongdiandian-sicheng"
SMALL = "一二三四五六七八九十"
BIG = "壹贰叁肆伍陆柒捌玖拾"
WILD_HAND = "拾玖拾九柒七柒五捌八陆贰十三壹叁"  # 壹 with 大叁: a pair only if 大叁 is wild
SHORT_HAND = "拾玖拾九柒七"  # six cards: a complete hand only for the seat holding five, five-handed


def ascii_of(card: str) -> str:
    n, suffix = (SMALL.index(card) + 1, "s") if card in SMALL else (BIG.index(card) + 1, "b")
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


def tap(widget, cards: str) -> None:
    for card in cards:
        widget.locator(f'.cp-calc__kind[data-card="{ascii_of(card)}"]').click()


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
