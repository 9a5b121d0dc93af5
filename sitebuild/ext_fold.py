"""Blocks below the first screen are styled and laid out only when they near it (issue 18: Lighthouse mobile).

A long rules page (``rules/luzhou``: ~3,000 elements, ~900 card pictures) costs a phone seconds of style and
layout while it loads, and Material's bundle forces that work twice (it reads the scroll position and the header's
size as it starts). Each top-level paragraph, list, table, quotation or ``<details>`` of a page's text after the
first screen is marked ``data-cp-fold``; ``site.css`` gives it ``content-visibility: auto``, so the browser skips
its contents until it comes near the viewport, and still finds its text (find in page, links to an anchor inside,
screen readers).

What stays as it is: headings (Material's table of contents reads their positions: inside a skipped block that
would force the work the fold saves), widgets and anything holding one (they mount when near the screen
themselves and measure their own boxes), scripts, and elements that already carry a style.

The placeholder height (``contain-intrinsic-size``) is estimated here from the block's text, list items, table rows
and pictures, for a phone and for a wide screen, so the scroll bar stays about right; once a block has been shown
the browser keeps its real height (``auto``). A table is wrapped in ``<div class="cp-fold-table" data-cp-fold>``
(Material styles ``table:not([class])`` and wraps it again in its scrolling box, inside ours).
"""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser

ARTICLE = re.compile(r'(<article class="md-content__inner md-typeset">)(.*?)(</article>)', re.S)
FOLDABLE = {"p", "ul", "ol", "table", "details", "blockquote", "dl", "pre"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
FIRST_SCREEN = 2500  # characters of the article's HTML drawn at once: what a phone shows first, and a margin
SMALLEST = 160  # a block shorter than this (HTML characters) is not worth a fold

# Estimated heights in CSS pixels (Material's text: 16 px, line height 1.6), for a phone's text column and a wide
# screen's; the column widths are fitted to the real heights on the rules pages. Rough on purpose: the browser
# replaces each estimate by the real height once the block is drawn.
LINE = 25.6
COLUMN = {"narrow": 340.0, "wide": 880.0}
CJK = re.compile(r"[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]")
TAG = re.compile(r"<[^>]+>")


class _TopLevel(HTMLParser):
    """The article's top-level elements, as (tag, start, end) offsets into the text fed."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=False)
        self.text = text
        self.line_starts = [0] + [m.end() for m in re.finditer("\n", text)]
        self.depth = 0
        self.open: tuple[str, int] | None = None
        self.blocks: list[tuple[str, int, int]] = []

    def position(self) -> int:
        line, column = self.getpos()
        return self.line_starts[line - 1] + column

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID:
            if self.depth == 0:
                start = self.position()
                self.blocks.append((tag, start, self.text.index(">", start) + 1))
            return
        if self.depth == 0:
            self.open = (tag, self.position())
        self.depth += 1

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.depth == 0:
            start = self.position()
            self.blocks.append((tag, start, self.text.index(">", start) + 1))

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID or self.depth == 0:
            return
        self.depth -= 1
        if self.depth == 0 and self.open is not None:
            end = self.text.index(">", self.position()) + 1
            self.blocks.append((self.open[0], self.open[1], end))
            self.open = None


def top_level_blocks(text: str) -> list[tuple[str, int, int]]:
    parser = _TopLevel(text)
    parser.feed(text)
    parser.close()
    return parser.blocks


def estimated_height(block: str, column: float) -> int:
    """Pixels the block takes in a text column ``column`` px wide (text, list items, table rows, pictures)."""
    text = html.unescape(TAG.sub(" ", block))
    text = re.sub(r"\s+", " ", text)
    wide_chars = len(CJK.findall(text))
    width = wide_chars * 16 + (len(text) - wide_chars) * 8
    items = len(re.findall(r"<(?:li|p|dt|dd|summary|br)\b", block))
    rows = len(re.findall(r"<tr\b", block))
    pictures = len(re.findall(r"<img\b", block))
    if rows:
        # A table scrolls sideways rather than wrap much: a row is about two lines and its padding.
        lines = rows * 1.8 + width / (column * 3)
        extra = rows * 20.0
    else:
        lines = width / column + items * 0.6 + 1
        extra = items * 8.0 + pictures * 40.0 / max(1.0, column / 36)
    return max(24, round(lines * LINE + extra))


def fold_attributes(block: str) -> str:
    narrow, wide = (estimated_height(block, COLUMN[k]) for k in ("narrow", "wide"))
    return f' data-cp-fold style="--cp-fold-narrow:{narrow}px;--cp-fold-wide:{wide}px"'


def fold_article(inner: str) -> str:
    out: list[str] = []
    done = 0
    for tag, start, end in top_level_blocks(inner):
        block = inner[start:end]
        opening = block[: block.index(">") + 1]
        if (
            tag not in FOLDABLE
            or start < FIRST_SCREEN
            or end - start < SMALLEST
            or "data-cp-widget" in block
            or "<script" in block
            or re.search(r"\s(?:style|data-cp-fold)=", opening)
        ):
            continue
        out.append(inner[done:start])
        if tag == "table":
            out.append(f'<div class="cp-fold-table"{fold_attributes(block)}>{block}</div>')
        else:
            cut = len(tag) + 1  # after "<tag"
            out.append(block[:cut] + fold_attributes(block) + block[cut:])
        done = end
    out.append(inner[done:])
    return "".join(out)


def on_post_page(output: str, page, config) -> str | None:
    found = ARTICLE.search(output)
    if found is None or len(found.group(2)) < FIRST_SCREEN * 2:
        return None
    folded = fold_article(found.group(2))
    return output[: found.start(2)] + folded + output[found.end(2) :]
