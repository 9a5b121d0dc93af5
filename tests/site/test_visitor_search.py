"""Search as a visitor uses it (issue 16, point 9): whole English words are found ("teahouses", "nearly" once
returned nothing: Material turns each query word into a prefix search, which lunr runs without its stemmer, so a
stemmed index never matched), and results stay in the page's language."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.site.conftest import BrowserLog, fail_on, watch_page
from tests.site.test_first_screen import NEXT_FRAMES

# The search pages live in the shared browser context of the desktop tests (tests/site/conftest.py: warm_contexts).
DESKTOP_VIEWPORT = {"viewport": {"width": 1366, "height": 900}}

WAITING = r"^\s*(Type to start searching|键入以开始搜索|Initializing search|正在初始化搜索引擎|)\s*$"
EMPTY = r"^\s*(Type to start searching|键入以开始搜索)\s*$"


def search(page: Page, query: str) -> list[str]:
    box = page.locator(".md-search__input")
    if not box.evaluate("(box) => box === document.activeElement"):  # (a kept page's box is still open, in focus)
        box.click()
    meta = page.locator(".md-search-result__meta")
    if box.input_value():  # a search page kept from an earlier search: empty the box first, so the count waited for
        box.fill("")  # below is this query's, not the last one's
        box.press("End")
        expect(meta).to_have_text(re.compile(EMPTY))
    # The whole query at once, then one key: Material searches on keyup (and when its index is ready), and Playwright
    # types CJK characters without key events, so this sends exactly one query, the whole text, as an input method's
    # last key would; the first results shown are then that query's.
    box.fill(query)
    box.press("End")
    # past the placeholder and the "initialising" line (the index loads on first use; slow on a busy machine)
    expect(meta).not_to_have_text(re.compile(WAITING), timeout=60_000)
    page.evaluate(NEXT_FRAMES)  # (the list is drawn with the count, or just after it)
    return page.evaluate(
        """() => [...document.querySelectorAll('.md-search-result__list > .md-search-result__item:not([hidden]) > a')]
            .map((a) => new URL(a.href).pathname)"""
    )


@pytest.fixture(scope="module")
def search_pages(warm_contexts):
    """One home page per language, kept open for the module's searches: Material builds its search index in the page
    the first time the box is used (about a second and a half here), and a visitor's second search reuses it too."""
    context = warm_contexts(DESKTOP_VIEWPORT)
    pages: dict[str, tuple[Page, BrowserLog]] = {}

    def get(lang: str) -> tuple[Page, BrowserLog]:
        if lang not in pages:
            page, log = context.new_page(), BrowserLog()
            watch_page(page, log)
            page.on("request", log.record_request)
            page.goto(f"{lang}index.html")
            pages[lang] = (page, log)
        return pages[lang]

    yield get
    for page, _ in pages.values():
        page.close()


@pytest.fixture
def home(search_pages):
    """``home(lang)``: that language's kept home page, ready to search; what the page did wrong fails the test."""
    used: list[BrowserLog] = []

    def get(lang: str = "") -> Page:
        page, log = search_pages(lang)
        used.append(log)
        return page

    yield get
    logs = list({id(log): log for log in used}.values())
    problems = [problem for log in logs for problem in log.problems()]
    for log in logs:
        log.forget_problems()
    fail_on(problems)


def pages_with(site_dir, word: str, english: bool) -> list[str]:
    root = site_dir / "en" if english else site_dir
    found = []
    for path in root.rglob("*.html"):
        if not english and path.is_relative_to(site_dir / "en"):
            continue
        text = re.sub(r"<[^>]+>", " ", path.read_text(encoding="utf-8"))
        if re.search(rf"\b{word}\b", text, re.IGNORECASE):
            found.append(path)
    return found


@pytest.mark.parametrize("word", ["teahouses", "nearly", "teahouse"])
def test_english_words_on_the_pages_are_found(home, site_dir, word):
    if not pages_with(site_dir, "teahouses" if word == "teahouse" else word, english=True):
        pytest.fail(f"no English page says {word!r} any more: pick another word from the pages")
    page = home("en/")
    hits = search(page, word)
    assert hits, f"searching {word!r} found nothing"
    assert all(h.startswith("/en/") for h in hits), hits


def test_results_stay_in_the_page_language(home):
    page = home()
    hits = search(page, "cards")  # an English word that the Chinese pages also carry (card names, alt text)
    assert all(not h.startswith("/en/") for h in hits), hits
    meta = page.locator(".md-search-result__meta").inner_text()
    assert str(len(set(hits))) in meta or (not hits and "没有" in meta), meta
    page = home("en/")
    hits = search(page, "碰")
    assert hits and all(h.startswith("/en/") for h in hits), hits


def page_text(site_dir, pathname: str) -> str:
    """The words of a built page, as a reader sees them (no tags, no zero-width spaces)."""
    html = (site_dir / pathname.lstrip("/")).read_text(encoding="utf-8")
    return re.sub(r"<[^>]+>", "", html).replace("\u200b", "")


@pytest.mark.parametrize("word", ["和牌", "和数", "半边字", "小家"])
def test_a_chinese_word_is_searched_whole(home, site_dir, word):
    """Material searched the last word of a Chinese query by its first character (和牌 as 和*: the credits page, for its
    和), and jieba cut the games' words apart (和 / 牌): every page found now says the word itself."""
    page = home()
    hits = search(page, word)
    assert hits, f"searching {word!r} found nothing"
    missing = [h for h in dict.fromkeys(hits) if word not in page_text(site_dir, h)]
    assert not missing, f"{word!r} found pages that do not say it: {missing}"


@pytest.mark.parametrize(
    ("question", "subject"),
    [("小家怎么打", "小家"), ("小家是什么", "小家"), ("红点点怎么玩", "红点点"), ("和数怎么算", "和数")],
)
def test_a_question_in_chinese_finds_what_its_subject_finds(home, question, subject):
    """A question ranked pages by any of its words, so pages titled with 怎么 came first; its question words are left
    out of the search, and the box keeps what was typed."""
    page = home()
    wanted = search(page, subject)
    assert wanted, f"searching {subject!r} found nothing"
    assert search(page, question) == wanted
    expect(page.locator(".md-search__input")).to_have_value(question)


@pytest.mark.parametrize("question", ["牌是怎么做的", "长牌怎么做", "牌怎么做出来的"])
def test_a_question_in_everyday_words_finds_the_page_in_the_pages_words(home, site_dir, question):
    """牌是怎么做的 asks how the cards are made, which the pages call 制作: 做 alone found the colophon
    (本站是怎样做成的) first. The making page comes first, and the box keeps the question."""
    making = "/archive/making.html"
    assert "制作" in page_text(site_dir, making), "the making page no longer says 制作: change site.js's word"
    page = home()
    hits = search(page, question)
    assert hits and hits[0] == making, f"{question!r} found {hits[:4]} first"
    expect(page.locator(".md-search__input")).to_have_value(question)


@pytest.mark.parametrize(("lang", "query"), [("", "天胡是什么"), ("", "十六张"), ("en/", "sixteen")])
def test_search_sends_a_visitor_to_pages_to_read_not_to_the_gallery_application(home, site_dir, lang, query):
    """The gallery application (kiosk/) holds the captions of the deals it shows, so a question about 天胡 once found
    it first: a visitor was dropped on the gallery's welcome screen. It is left out of the search (its deals are on
    the deals page); the page on running it (kiosk/setup) is found."""
    assert (site_dir / lang / "kiosk/index.html").is_file()
    words = query.removesuffix("是什么")
    assert words in page_text(site_dir, f"/{lang}kiosk/index.html"), f"the application no longer says {words!r}"
    page = home(lang)
    hits = search(page, query)
    assert hits, f"{query!r} found nothing"
    assert f"/{lang}kiosk/index.html" not in hits, hits
    assert any(h.startswith(f"/{lang}kiosk/setup.html") for h in search(page, "Chromium")), "kiosk/setup is not found"


@pytest.mark.parametrize(
    ("lang", "question", "answer"),
    [
        ("", "和电脑打牌", "learn/play.html"),
        ("", "我想和电脑打牌", "learn/play.html"),
        ("", "我想看牌局", "learn/deals.html"),
        ("", "我要打牌", "learn/play.html"),
        ("en/", "history", "en/archive/history.html"),
    ],
)
def test_a_visitors_own_words_find_the_page_that_answers(home, lang, question, answer):
    """Every word of a search must be found: 我 is on no page (the pages say 我们), so 我想看牌局 found nothing; the 和
    of 和电脑打牌 ("with") put the Leshan page (和牌) first; the English history page never said "history". The page
    that answers comes first now (我要打牌: among the first three, beside the lessons and the matches)."""
    page = home(lang)
    hits = list(dict.fromkeys(search(page, question)))
    first = 3 if question == "我要打牌" else 1
    assert f"/{answer}" in hits[:first], f"{question!r} found {hits[:5]}"


@pytest.mark.parametrize(
    ("lang", "query"),
    [
        ("", "杠"),
        ("", "暗杠"),
        ("", "什么是杠"),
        ("", "麻将"),
        ("en/", "mahjong"),
        ("en/", "concealed kong"),
        ("en/", "pung"),
    ],
)
def test_a_mahjong_players_word_finds_the_glossary_that_compares_it(home, lang, query):
    """A visitor who plays mahjong searches in mahjong's words: 杠 found nothing (the long cards say 招, 开, 开招).
    The glossary's table now gives the nearest mahjong word for each act, and is the first answer. The sources page,
    which cites the mahjong pages, and the rule data page, which names every set, come after the pages to read
    (their search boost is 0.5)."""
    page = home(lang)
    hits = list(dict.fromkeys(search(page, query)))
    assert hits[:1] == [f"/{lang}archive/words.html"], f"{query!r} found {hits[:5]}"


@pytest.mark.parametrize(
    ("lang", "question", "answer"),
    [
        ("", "泸州在哪里", "archive/places.html"),
        ("", "乐山在哪儿", "archive/places.html"),
        ("", "贰柒拾在哪里流行", "archive/places.html"),
        ("en/", "where is Luzhou", "en/archive/places.html"),
        ("en/", "Where is Leshan?", "en/archive/places.html"),
        ("en/", "how do I win", "en/rules/"),
        ("en/", "what is a pong", "en/rules/"),
        ("en/", "tell me about the history", "en/archive/history.html"),
        ("en/", "how to play", "en/rules/"),
        ("en/", "How do I play Er Qi Shi?", "en/rules/leshan.html"),
        ("", "怎么玩", "rules/"),
        ("", "学打牌", "learn/index.html"),
        ("", "新手", "learn/index.html"),
        ("en/", "beginner", "en/learn/index.html"),
    ],
)
def test_a_question_of_where_or_how_finds_the_page_that_answers(home, lang, question, answer):
    """泸州在哪里 and "where is Luzhou" found the town's rules page first, not the page on where the games are played;
    "how do I win" found the sources page first ("win" alone finds a rules page); "how to play" and 怎么玩 found the
    places page first (its title says "played"; 玩 is on it). A where-question is searched with the places page's word
    (地区, "played"), an English question without its opening words ("how to play" as "rules"), and 玩 as 打."""
    page = home(lang)
    hits = list(dict.fromkeys(search(page, question)))
    assert hits and hits[0].startswith(f"/{answer}"), f"{question!r} found {hits[:5]}"
