"""Figures for the history page, drawn from what the site already has (issue 16, point 7).

``{{cp timeline}}``: the page's own timeline table (the last table under the "## 年表" / "## Timeline" heading) drawn
as a line of marks (HTML and CSS), one per row in order, hollow for a legend, filled for a dated record.
One home for the dates: the table; the drawing only reads it.
``{{cp making-steps}}``: the six hand-craft steps of [000] as a small sequence of the site's own card drawings
(sitebuild.card_art): the blank board (the back) for the first four steps, a written face for the last two.
``{{cp places-map}}``: the schematic map of the places page (docs/archive/places*.md, its one home), shown again
with a caption of its own that says it is schematic and links to that page.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from mkdocs.utils import get_relative_url

from sitebuild import card_art
from sitebuild.shortcodes import shortcode

TIMELINE_HEADINGS = ("## 年表", "## Timeline")
LEGEND_MARKS = ("传说", "legend")


def _e(text: str) -> str:
    return html.escape(text, quote=True)


def _plain(cell: str) -> str:
    """A table cell as plain words: links and bracketed source tags dropped, emphasis marks removed."""
    cell = re.sub(r"\[\\\[\d{3}\\\]\]\([^)]*\)", "", cell)
    cell = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", cell)
    return re.sub(r"\s+", " ", cell.replace("*", "")).strip(" ;；")


def timeline_rows(markdown: str) -> list[tuple[str, str]]:
    """(when, what) for every row of the table under the timeline heading."""
    start = max(markdown.rfind(h) for h in TIMELINE_HEADINGS)
    if start < 0:
        raise ValueError("{{cp timeline}} needs a '## 年表' or '## Timeline' table on the page")
    rows = []
    for line in markdown[start:].splitlines()[1:]:
        if line.startswith("## "):
            break
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not line.startswith("|") or len(cells) < 2 or set(cells[0]) <= set("-: "):
            continue
        rows.append((_plain(cells[0]), _plain(cells[1])))
    return rows[1:]  # the first row is the header


def timeline_html(rows: list[tuple[str, str]], lang: str) -> str:
    """The rows as a drawn line with one mark each (CSS in cards.css): it reflows on a phone, unlike a picture."""
    zh = lang == "zh"
    items = []
    for when, what in rows:
        legend = any(mark in when.lower() for mark in LEGEND_MARKS)
        kind = "cp-timeline__legend" if legend else "cp-timeline__record"
        items.append(
            f'<li class="cp-timeline__row {kind}"><span class="cp-timeline__mark" aria-hidden="true"></span>'
            f'<strong class="cp-timeline__when">{_e(when)}</strong>'
            f' <span class="cp-timeline__what">{_e(what)}</span></li>'
        )
    label = "长牌年表示意图" if zh else "Timeline of the long cards, drawn"
    caption = (
        "图：年表示意图（本站根据下表绘制；空心圆为传说，实心圆为资料记载；间距只表示先后，不按年代比例）。"
        if zh
        else "Figure: the timeline below, drawn by the site (hollow marks are legends, filled marks recorded events;"
        " the spacing shows order only, not to scale)."
    )
    return (
        f'<figure class="cp-figure cp-timeline-figure" aria-label="{_e(label)}">'
        f'<ol class="cp-timeline">{"".join(items)}</ol><figcaption>{_e(caption)}</figcaption></figure>'
    )


MAKING_STEPS = [
    ("back.svg", "裱纸成板", "paste the board"),
    ("back.svg", "卵石打磨", "burnish with a pebble"),
    ("back.svg", "上底色", "lay the ground colours"),
    ("back.svg", "裁成牌坯", "cut the blanks"),
    ("luzhou/2b.svg", "手写牌面", "write each face"),
    ("luzhou/7b.svg", "刷熟桐油", "coat with boiled tung oil"),
]


def making_steps(lang: str, page) -> str:
    zh = lang == "zh"
    width = 48
    height = round(width * card_art.HEIGHT / card_art.WIDTH)
    items = []
    for n, (rel, zh_name, en_name) in enumerate(MAKING_STEPS, start=1):
        name = zh_name if zh else en_name
        src = get_relative_url(f"assets/cards/{rel}", page.url)
        alt = f"第 {n} 步：{name}" if zh else f"Step {n}: {name}"
        items.append(
            f'<li class="cp-making__step"><img src="{_e(src)}" alt="{_e(alt)}" width="{width}" height="{height}"'
            f' loading="lazy"><span class="cp-making__n">{n}</span><span class="cp-making__name">{_e(name)}</span></li>'
        )
    caption = (
        "图：务川纸牌的六道手工工序（本站自绘的牌图，按 [000] 排列；前四步还是空白的牌板，后两步写上了字）。"
        if zh
        else "Figure: the six hand steps of Wuchuan card making (the site's own card drawings, in [000]'s order;"
        " a blank board for the first four steps, a written face for the last two)."
    )
    return (
        f'<figure class="cp-figure cp-making"><ol class="cp-making__steps">{"".join(items)}</ol>'
        f"<figcaption>{_e(caption)}</figcaption></figure>"
    )


PLACES_MAP = re.compile(r'<svg class="cp-map".*?</svg>', re.DOTALL)


def places_map(lang: str, page) -> str:
    zh = lang == "zh"
    places = Path(__file__).resolve().parents[1] / "docs" / "archive" / ("places.md" if zh else "places.en.md")
    found = PLACES_MAP.search(places.read_text(encoding="utf-8"))
    if not found:
        raise ValueError(f'{{{{cp places-map}}}}: no <svg class="cp-map"> in {places.name}')
    # the ids are the places page's; a history page has no other map, so they stay unique on the page
    href = _e(get_relative_url("archive/places.html" if zh else "en/archive/places.html", page.url))
    caption = (
        f'示意图，不按比例：资料里提到的地方和水路（本站自绘，详见<a href="{href}">各地的长牌</a>）。'
        if zh
        else f"Schematic, not to scale: the places and rivers the sources name (our own drawing; more on the"
        f' <a href="{href}">places page</a>).'
    )
    return f'<figure class="cp-figure cp-history-map">{found.group(0)}<figcaption>{caption}</figcaption></figure>'


@shortcode("places-map")
def places_map_shortcode(args: list[str], lang: str, page) -> str:
    if args:
        raise ValueError("use {{cp places-map}}")
    return places_map("zh" if lang.startswith("zh") else "en", page)


@shortcode("timeline")
def timeline_shortcode(args: list[str], lang: str, page) -> str:
    if args:
        raise ValueError("use {{cp timeline}} (it draws the page's own timeline table)")
    markdown = Path(page.file.abs_src_path).read_text(encoding="utf-8")
    rows = timeline_rows(markdown)
    if not rows:
        raise ValueError("{{cp timeline}}: the timeline table has no rows")
    return timeline_html(rows, "zh" if lang.startswith("zh") else "en")


@shortcode("making-steps")
def making_steps_shortcode(args: list[str], lang: str, page) -> str:
    if args:
        raise ValueError("use {{cp making-steps}}")
    return making_steps("zh" if lang.startswith("zh") else "en", page)
