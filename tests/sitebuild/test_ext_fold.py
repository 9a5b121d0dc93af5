"""The build's folds (sitebuild/ext_fold.py) and deferred scripts (sitebuild/ext_lean.py): which blocks of a page's
text get ``content-visibility: auto`` and that nothing else of the page changes; which scripts get ``defer``.
The built pages and the browser's side: tests/site/test_first_screen.py."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from sitebuild import ext_fold, ext_lean

FOLD_MARK = re.compile(r' data-cp-fold style="--cp-fold-narrow:\d+px;--cp-fold-wide:\d+px"')
TABLE_FOLD = re.compile(r'<div class="cp-fold-table" data-cp-fold style="[^"]*">(<table>.*?</table>)</div>', re.S)

WORDS = "碰 吃 招 牌 庄家 card pong 二 七 十".split()


def unfolded(text: str) -> str:
    """The text as it was before the fold: the marks and the tables' wrappers removed."""
    return FOLD_MARK.sub("", TABLE_FOLD.sub(r"\1", text))


@st.composite
def blocks(draw) -> tuple[str, str, bool]:
    """(tag, html, may fold): one top-level block of an article."""
    kind = draw(
        st.sampled_from(["p", "ul", "table", "details", "h2", "h3", "widget", "held", "script", "styled", "img"])
    )
    # Short and long blocks alike (a list strategy alone stays short): a phrase said up to 40 times.
    words = " ".join(draw(st.lists(st.sampled_from(WORDS), min_size=1, max_size=6))) * draw(st.integers(1, 40))
    if kind == "p":
        return "p", f"<p>{words} <strong>{words[:5]}</strong><br>{words}</p>", True
    if kind == "ul":
        items = draw(st.integers(1, 8))
        return "ul", "<ul>" + "".join(f"<li>{words}</li>" for _ in range(items)) + "</ul>", True
    if kind == "table":
        rows = draw(st.integers(1, 10))
        return "table", "<table>" + "".join(f"<tr><td>{words}</td></tr>" for _ in range(rows)) + "</table>", True
    if kind == "details":
        return "details", f"<details><summary>{words[:10]}</summary><p>{words}</p></details>", True
    if kind in ("h2", "h3"):
        return kind, f'<{kind} id="x">{words}</{kind}>', False
    if kind == "widget":
        return "div", f'<div class="cp-deal" data-cp-widget="deal"><p>{words}</p></div>', False
    if kind == "held":  # a widget inside a block that could fold
        return (
            "details",
            f'<details><summary>{words[:9]}</summary><div data-cp-widget="deal">{words}</div></details>',
            False,
        )
    if kind == "script":
        return "p", f"<p>{words}<script>var a = 1 < 2;</script></p>", False
    if kind == "styled":
        return "p", f'<p style="color: red">{words}</p>', False
    return "img", f'<img src="a.svg" alt="{words[:8]}">', False


@settings(max_examples=60, deadline=None)
@given(st.lists(blocks(), min_size=1, max_size=30))
def test_fold_marks_exactly_the_long_text_blocks_after_the_first_screen(items):
    lead = ("h1", "<h1>长牌</h1>", False), ("p", "<p>" + "开场" * ext_fold.FIRST_SCREEN + "</p>", True)
    items = [*lead, *items]
    article = "\n".join(html for _, html, _ in items)
    folded = ext_fold.fold_article(article)
    assert unfolded(folded) == article  # nothing else changes
    position = 0
    expected = 0
    for _tag, html, may_fold in items:
        if may_fold and position >= ext_fold.FIRST_SCREEN and len(html) >= ext_fold.SMALLEST:
            expected += 1
        position += len(html) + 1
    assert folded.count("data-cp-fold") == expected
    for heading in re.findall(r"<h[23][^>]*>", folded):
        assert "data-cp-fold" not in heading
    assert "data-cp-fold" not in "".join(re.findall(r"<div class=\"cp-deal\"[^>]*>", folded))


def test_a_table_is_wrapped_and_its_estimate_grows_with_its_rows():
    lead = "<p>" + "开场" * ext_fold.FIRST_SCREEN + "</p>"

    def table(rows: int) -> str:
        return "<table>" + "<tr><td>一二三四五六七八九十</td><td>碰</td></tr>" * rows + "</table>"

    folded = ext_fold.fold_article(lead + table(4) + table(40))
    heights = [int(h) for h in re.findall(r"--cp-fold-narrow:(\d+)px", folded)]
    assert folded.count('<div class="cp-fold-table"') == 2 and "<table data-cp-fold" not in folded
    assert len(heights) == 2 and heights[1] > 5 * heights[0]


def test_estimates_are_taller_on_a_phone_than_on_a_wide_screen():
    text = "<p>" + "长牌的规矩" * 200 + "</p>"
    assert ext_fold.estimated_height(text, ext_fold.COLUMN["narrow"]) > 2 * ext_fold.estimated_height(
        text, ext_fold.COLUMN["wide"]
    )


def test_scripts_are_deferred_once_and_the_others_left_alone():
    page = (
        '<html><head><script async src="e.js"></script></head><body><script src="b.js"></script>'
        '<script src="c.js" defer></script><script type="module" src="m.js"></script><script>var x;</script></body>'
    )
    once = ext_lean.deferred(page)
    assert once == page.replace('<script src="b.js">', '<script src="b.js" defer>')
    assert ext_lean.deferred(once) == once
