"""The heritage-record card: a small box at the top of a page, like a museum catalogue card.

Any page may carry one. Put a ``record`` mapping in the page's front matter::

    ---
    title: 长牌的来历                      # the nav title; the card shows the page's first "# " heading
    record:
      tradition: 泸州大贰、乐山贰柒拾     # which game(s) the page is about
      region: 四川、贵州北部               # where
      period: 清末至今                     # when
      sources: ["000", "003"]              # source tags, see docs/archive/sources.md; 001 or "[001]" also work
    ---

Each of ``tradition``, ``region`` and ``period`` is either a string in the page's own language (``page.md`` is
Chinese, ``page.en.md`` English) or a mapping ``{zh: …, en: …}`` from which the page's language is taken. The
card's title is ``record.title`` if given, else the page's first ``# `` heading, else the front-matter ``title``.
Every field is optional, but the mapping must not be empty; unknown keys and unknown source tags fail the build
with the file named.

The card is inserted right after the page's first ``# `` heading (or at the very top if there is none) and shows,
with labels in the page's language: title, tradition, region, period, sources (each tag linking to
``archive/sources.md#source-NNN`` in the same language) and last change. "Last change" is the date of the last
commit touching the page's file (``git log -1 --format=%cs -- <file>``), or the file's modification date when the
file has no commit yet or git is not available. Styles: ``docs/assets/css/record.css``.

Every archive page (``archive/…``) with a record also ends with "How to cite this page" (``#cite``): the page title,
the site, the version (the short hash of the last commit touching the page's file, ``+`` when the file has
uncommitted edits), that commit's date, the page's address within the site, and the licence of our text and
drawings (CC BY-SA 4.0). Nothing is typed per page: it all comes from the front matter, the page and git.
"""

from __future__ import annotations

import html
import re
import subprocess
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.utils import get_relative_url

from sitebuild.ext_glossary import map_text
from sitebuild.hooks import page_lang, page_source

SOURCES_PAGE = "archive/sources.md"
ARCHIVE = "archive/"
SOURCE_TAG = re.compile(r"\[(00[0-4])\]")
# A bare [000] in an archive page's text becomes a link to its entry; not inside links, headings, code or drawings.
SOURCE_TAG_SKIP = frozenset("a h1 h2 h3 h4 h5 h6 code pre kbd samp script style svg button textarea title".split())
WIDGET = re.compile(r"data-cp-widget")
SOURCE_TITLES: dict[str, dict[str, str]] = {
    "000": {"zh": "务川大贰纸牌（地方文章）", "en": "Wuchuan Da Er paper cards (local essay)"},
    "001": {"zh": "大贰规则（泸州规则说明）", "en": "Da Er rules (Luzhou rule write-up)"},
    "002": {"zh": "泸州戳牌（沽酒客的文章）", "en": "Luzhou Chuo Pai (essay by Gujiuke)"},
    "003": {"zh": "乐山贰柒拾（百科条目）", "en": "Leshan Er Qi Shi (encyclopedia article)"},
    "004": {"zh": "泸州大贰（百科词条）", "en": "Luzhou Da Er (encyclopedia entry)"},
}
FIELDS = ("title", "tradition", "region", "period", "sources")
SITE_NAMES = {"zh": "长牌档案馆", "en": "Changpai Archive"}
LICENCE = "CC BY-SA 4.0"
CREDITS_PAGE = "archive/credits.md"
CITE_TEXT: dict[str, dict[str, str]] = {
    "zh": {
        "heading": "如何引用本页",
        "uncommitted": "尚未提交",
        "cite": "{site}：《{title}》，{site}网站，版本 {version}，{date}。页面地址：{address}。",
        "licence": "本站文字与图以 {licence} 授权：转载、改编请署名“{site}”并以同样方式共享（见{credits}）。"
        "引用时请补上您的访问日期。",
        "credits": "编写与致谢",
    },
    "en": {
        "heading": "How to cite this page",
        "uncommitted": "not yet committed",
        "cite": "{site}. “{title}”. {site} website, version {version}, {date}. Page: {address}.",
        "licence": "Our text and drawings are licensed {licence}: credit “{site}” and share alike (see {credits}). "
        "Add the date you read the page.",
        "credits": "Credits",
    },
}
LABELS: dict[str, dict[str, str]] = {
    "zh": {
        "card": "档案卡",
        "title": "标题",
        "tradition": "传统",
        "region": "地区",
        "period": "年代",
        "sources": "资料",
        "changed": "最后修改",
    },
    "en": {
        "card": "Record",
        "title": "Title",
        "tradition": "Tradition",
        "region": "Region",
        "period": "Period",
        "sources": "Sources",
        "changed": "Last change",
    },
}
H1 = re.compile(r"^#[ \t]+(?P<text>.+?)[ \t#]*(?:\{[^}]*\})?[ \t]*$")
FENCE = re.compile(r"^[ \t]*(```|~~~)")


class RecordError(PluginError):
    """A page's ``record`` front matter is malformed (the message names the file)."""


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str | None:
    record = page.meta.get("record") if page.meta else None
    if record is None:
        return None
    lang = page_lang(page, config)
    where = page_source(page)
    fields = read_record(record, lang, where)
    heading_line, heading_text = first_heading(markdown)
    title = fields.get("title") or heading_text or page.meta.get("title") or page.title or ""
    sources_url = sources_page_url(page, files)
    box = render_card(
        lang,
        title=str(title),
        fields=fields,
        sources_url=sources_url,
        changed=last_change(Path(page.file.abs_src_path)),
    )
    lines = markdown.split("\n")
    at = heading_line + 1 if heading_line is not None else 0
    out = "\n".join([*lines[:at], "", box, "", *lines[at:]])
    if page.file.src_uri.startswith(ARCHIVE):
        version, date = page_version(Path(page.file.abs_src_path))
        cite = render_cite(
            lang,
            title=str(title),
            version=version,
            date=date,
            address=page.file.url,
            credits_url=page_url(page, files, CREDITS_PAGE),
        )
        out = f"{out.rstrip()}\n\n## {CITE_TEXT.get(lang, CITE_TEXT['en'])['heading']} {{ #cite }}\n\n{cite}\n"
    return out


def on_page_content(html_text: str, page: Any, config: Any, files: Any) -> str:
    """On archive pages, link every bare source tag (in tables drawn by shortcodes, captions, glossary entries)."""
    if not page.file.src_uri.startswith(ARCHIVE):
        return html_text
    html_text = label_wide_tables(html_text)
    if not page.file.src_uri.endswith(".en.md"):
        html_text = join_cjk_lines(html_text)
    sources_url = sources_page_url(page, files)
    if sources_url is None:
        return html_text
    return link_source_tags(html_text, sources_url)


CJK_CHAR = "[\u3000-\u303f\u3400-\u9fff\uff00-\uffef“”‘’…—]"
INLINE_TAGS = r"(?:</?(?:a|strong|em|b|i|span|small|abbr|mark|code)\b[^>]*>)*"
CJK_LINE_BREAK = re.compile(rf"(?<={CJK_CHAR})({INLINE_TAGS})[ \t]*\n[ \t]*({INLINE_TAGS})(?={CJK_CHAR})")


def join_cjk_lines(html_text: str) -> str:
    """A line break inside a Chinese paragraph of the Markdown source would show as a space between two
    characters ("点子。 这类"); Chinese sets no spaces between words, so drop it. Not inside <pre>."""
    parts = re.split(r"(<pre\b.*?</pre>)", html_text, flags=re.DOTALL)
    return "".join(part if part.startswith("<pre") else CJK_LINE_BREAK.sub(r"\1\2", part) for part in parts)


TABLE = re.compile(r"<table>(.*?)</table>", re.DOTALL)
HEAD_CELL = re.compile(r"<th\b[^>]*>(.*?)</th>", re.DOTALL)
BODY = re.compile(r"<tbody>(.*?)</tbody>", re.DOTALL)
ROW = re.compile(r"<tr\b[^>]*>(.*?)</tr>", re.DOTALL)
CELL_OPEN = re.compile(r"<td\b([^>]*)>")
STACK_FROM_COLUMNS = 4


def label_wide_tables(html_text: str) -> str:
    """Mark plain tables of four columns or more ``data-cp-stack`` and give each body cell its column's heading
    as ``data-label``, so a phone can show every row as a labelled card (record.css) instead of squeezing it."""

    def stack(table: re.Match[str]) -> str:
        inner = table.group(1)
        heads = [re.sub(r"<[^>]+>", "", h).strip() for h in HEAD_CELL.findall(inner.split("</thead>", 1)[0])]
        if len(heads) < STACK_FROM_COLUMNS or "data-label=" in inner:  # the glossary labels its own cells
            return table.group(0)

        def label_row(row: re.Match[str]) -> str:
            column = iter(heads)
            return CELL_OPEN.sub(lambda c: f'<td{c[1]} data-label="{html.escape(next(column, ""))}">', row.group(0))

        body = BODY.sub(lambda b: ROW.sub(label_row, b.group(0)), inner)
        return f"<table data-cp-stack>{body}</table>"

    return TABLE.sub(stack, html_text)


def link_source_tags(html_text: str, sources_url: str) -> str:
    def link(text: str) -> str:
        return SOURCE_TAG.sub(lambda m: f'<a href="{html.escape(sources_url)}#source-{m[1]}">[{m[1]}]</a>', text)

    return map_text(html_text, link, SOURCE_TAG_SKIP, WIDGET)


def read_record(record: Any, lang: str, where: str) -> dict[str, Any]:
    """Check the front matter and return {field: text in ``lang``} plus "sources": [tags]."""
    if not isinstance(record, dict) or not record:
        raise RecordError(f"{where}: front matter “record” must be a non-empty mapping of {', '.join(FIELDS)}")
    unknown = sorted(set(record) - set(FIELDS))
    if unknown:
        raise RecordError(f"{where}: record has unknown key(s) {', '.join(unknown)} (known: {', '.join(FIELDS)})")
    out: dict[str, Any] = {}
    for key in ("title", "tradition", "region", "period"):
        if key in record and record[key] is not None:
            out[key] = localized(record[key], lang, f"{where}: record.{key}")
    out["sources"] = source_tags(record.get("sources", []), f"{where}: record.sources")
    return out


def localized(value: Any, lang: str, where: str) -> str:
    if isinstance(value, dict):
        if lang not in value:
            raise RecordError(f"{where}: no text for language “{lang}” (has: {', '.join(map(str, value))})")
        value = value[lang]
    if not isinstance(value, str | int) or isinstance(value, bool) or not str(value).strip():
        raise RecordError(f"{where}: expected text, got {value!r}")
    return str(value).strip()


def source_tags(value: Any, where: str) -> list[str]:
    """Normalise source tags: YAML reads 001 as the integer 1, so 1, "001" and "[001]" all mean [001]."""
    items = value if isinstance(value, list) else [value]
    tags = []
    for item in items:
        if isinstance(item, bool):
            raise RecordError(f"{where}: {item!r} is not a source tag")
        tag = f"{item:03d}" if isinstance(item, int) else str(item).strip().strip("[]").strip()
        if tag not in SOURCE_TITLES:
            raise RecordError(f"{where}: unknown source “{item}” (known: {', '.join(SOURCE_TITLES)})")
        if tag not in tags:
            tags.append(tag)
    return tags


def first_heading(markdown: str) -> tuple[int | None, str | None]:
    """Line index and text of the first level-1 ATX heading outside fenced code."""
    fenced = False
    for index, line in enumerate(markdown.split("\n")):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            match = H1.match(line)
            if match:
                return index, match.group("text").strip()
    return None, None


def sources_page_url(page: Any, files: Any) -> str | None:
    """URL of the sources page in the page's language, relative to the page (None if it is not built)."""
    return page_url(page, files, SOURCES_PAGE)


def page_url(page: Any, files: Any, src_uri: str) -> str | None:
    """URL of the page ``src_uri`` (its Chinese name) in this build's language, relative to ``page``."""
    if files is None:
        return None
    for file in files.documentation_pages():
        if getattr(file, "norm_src_uri", file.src_uri) == src_uri:
            return get_relative_url(file.url, page.file.url)
    return None


def git(path: Path, *args: str) -> str | None:
    """Output of ``git args`` run beside ``path``; None without git or outside a repository."""
    try:
        proc = subprocess.run(["git", *args], cwd=path.parent, capture_output=True, text=True, timeout=20)
    except (OSError, subprocess.SubprocessError):
        return None
    return proc.stdout if proc.returncode == 0 else None


@cache
def page_version(path: Path) -> tuple[str | None, str]:
    """(short hash of the last commit touching ``path``, plus ``+`` if the file has uncommitted edits; its date).
    The hash is None when the file has no commit (or there is no git); the date is then the file's own."""
    stamp = (git(path, "log", "-1", "--format=%h %cs", "--", path.name) or "").split()
    if len(stamp) != 2 or not re.fullmatch(r"[0-9a-f]{4,40}", stamp[0]):
        return None, last_change(path)
    dirty = bool((git(path, "status", "--porcelain", "--", path.name) or "").strip())
    return stamp[0] + ("+" if dirty else ""), stamp[1]


def render_cite(lang: str, *, title: str, version: str | None, date: str, address: str, credits_url: str | None) -> str:
    """The "How to cite this page" block: one citation line and the licence, in the page's language."""
    text = CITE_TEXT.get(lang, CITE_TEXT["en"])
    esc = html.escape
    site = SITE_NAMES.get(lang, SITE_NAMES["en"])
    shown_version = (
        f'<code class="cp-cite-version">{esc(version)}</code>'
        if version
        else f'<span class="cp-cite-version">{esc(text["uncommitted"])}</span>'
    )
    citation = text["cite"].format(
        site=esc(site),
        title=esc(title),
        version=shown_version,
        date=f'<time datetime="{esc(date)}">{esc(date)}</time>',
        address=f'<span class="cp-cite-address">{esc(address)}</span>',
    )
    credits = f'<a href="{esc(credits_url)}">{text["credits"]}</a>' if credits_url else text["credits"]
    licence = text["licence"].format(licence=LICENCE, site=esc(site), credits=credits)
    return (
        f'<div class="cp-cite cp-nolink" lang="{esc(lang)}">'
        f'<p class="cp-cite-text">{citation}</p><p class="cp-cite-licence">{licence}</p></div>'
    )


@cache
def last_change(path: Path) -> str:
    """YYYY-MM-DD of the last commit touching ``path``; its modification date if there is none."""
    try:
        proc = subprocess.run(
            ["git", "log", "-1", "--format=%cs", "--", path.name],
            cwd=path.parent,
            capture_output=True,
            text=True,
            timeout=20,
        )
        date = proc.stdout.strip() if proc.returncode == 0 else ""
    except (OSError, subprocess.SubprocessError):
        date = ""
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", date):
        return date
    return datetime.fromtimestamp(path.stat().st_mtime, tz=UTC).strftime("%Y-%m-%d")


def render_card(lang: str, *, title: str, fields: dict[str, Any], sources_url: str | None, changed: str) -> str:
    labels = LABELS.get(lang, LABELS["en"])
    esc = html.escape
    rows = [("title", esc(title))]
    rows += [(key, esc(fields[key])) for key in ("tradition", "region", "period") if key in fields]
    if fields["sources"]:
        links = []
        for tag in fields["sources"]:
            name = esc(SOURCE_TITLES[tag].get(lang, SOURCE_TITLES[tag]["en"]))
            if sources_url is None:
                links.append(f'<span class="cp-record-source" title="{name}">[{tag}]</span>')
            else:
                href = f"{esc(sources_url)}#source-{tag}"
                links.append(f'<a class="cp-record-source" href="{href}" title="{name}">[{tag}]</a>')
        rows.append(("sources", " ".join(links)))
    rows.append(("changed", f'<time datetime="{esc(changed)}">{esc(changed)}</time>'))
    body = "".join(
        f'<div class="cp-record-row cp-record-{key}"><dt>{labels[key]}</dt><dd>{value}</dd></div>'
        for key, value in rows
    )
    opening = f'<aside class="cp-record cp-nolink" lang="{esc(lang)}" aria-label="{labels["card"]}">'
    return f"{opening}<dl>{body}</dl></aside>"
