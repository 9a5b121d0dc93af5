"""The glossary: one home for every term (docs/data/glossary.yml), its tables, and links to it from every page.

* ``{{cp glossary}}`` renders every group of terms as a table (``{{cp glossary sets}}`` one group), each row
  anchored at ``#term-<id>``, in the page's language.
* ``{{cp concordance}}`` renders the same act under its regional names, each name linked to its entry.
* ``on_page_content`` links the first occurrence of each term on every other page to its entry, with a
  tooltip: Chinese terms on Chinese pages, English names on English pages; never inside headings, links,
  code, widgets, or elements marked ``cp-nolink``. Chinese has no spaces, so a term can sit inside a longer,
  unrelated word (字牌 in 数字牌, 和数 in 和数字): the glossary's ``not_terms_zh`` lists such strings and the
  linker passes over them whole. An English link word written in lower case matches in lower case, or
  capitalised only where a sentence starts and no name follows ("Pong." yes; "the Kong family",
  "Kong Shouxuan" no); a link word written with capitals (a name: "Da Er") matches in any case.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from changpai.core.text import ChangpaiError
from mkdocs.utils import get_relative_url

from sitebuild.hooks import page_lang
from sitebuild.schemas import read_data_file
from sitebuild.shortcodes import shortcode

REPO = Path(__file__).resolve().parent.parent
GLOSSARY_FILE = REPO / "docs" / "data" / "glossary.yml"
GLOSSARY_PAGES = {"zh": "archive/words.md", "en": "archive/words.en.md"}
SOURCE_TAGS = ("000", "001", "002", "003", "004")
REQUIRED = ("id", "zh", "py", "en", "def_zh", "def_en", "group", "trad", "src")
ID_PATTERN = re.compile(r"[a-z][a-z0-9-]*")
LINK_CLASS = "cp-term"
NO_LINK_SECTIONS = ("kiosk/",)
# The concordance's columns, in order (a row may leave any of them out: shown as "—").
CONCORDANCE_TRADITIONS = ("luzhou", "leshan", "wuchuan", "chuopai", "hunan")


@dataclass(frozen=True)
class Term:
    id: str
    zh: str
    py: str
    en: str
    def_zh: str
    def_en: str
    group: str
    trad: tuple[str, ...]
    src: tuple[str, ...]
    also: tuple[str, ...] = ()
    links_zh: tuple[str, ...] = ()
    links_en: tuple[str, ...] = ()

    @property
    def anchor(self) -> str:
        return f"term-{self.id}"

    def links(self, lang: str) -> tuple[str, ...]:
        return self.links_en if lang == "en" else self.links_zh

    def tooltip(self, lang: str) -> str:
        if lang == "en":
            return f"{self.zh} {self.py} — {self.en}: {self.def_en}"
        return f"{self.zh}（{self.py}）：{self.def_zh}"


@dataclass(frozen=True)
class Glossary:
    terms: tuple[Term, ...]
    traditions: dict[str, dict[str, str]]
    groups: tuple[dict[str, str], ...]
    concordance: tuple[dict[str, Any], ...]
    by_id: dict[str, Term] = field(default_factory=dict)
    not_terms_zh: tuple[str, ...] = ()


class GlossaryError(ValueError):
    """The glossary data is malformed; the message names the entry and the field."""


def load_glossary(path: Path = GLOSSARY_FILE) -> Glossary:
    """Read and check the glossary file. Every problem names the term (or concordance row) and the field."""
    try:  # keys and types: schemas/glossary.schema.json
        data, _ = read_data_file(path, "glossary")
    except ChangpaiError as error:
        raise GlossaryError(str(error)) from error
    traditions = data["traditions"]
    groups = tuple(data["groups"])
    group_ids = {g["id"] for g in groups}
    terms: list[Term] = []
    by_id: dict[str, Term] = {}
    for index, raw in enumerate(data["terms"], start=1):
        where = f"{path.name}: term {index} ({raw.get('id', '?')})"
        missing = [key for key in REQUIRED if not raw.get(key)]
        if missing:
            raise GlossaryError(f"{where}: missing {', '.join(missing)}")
        if not ID_PATTERN.fullmatch(raw["id"]):
            raise GlossaryError(f"{where}: id must be lower-case ASCII letters, digits and '-'")
        if raw["id"] in by_id:
            raise GlossaryError(f"{where}: id {raw['id']!r} is used twice")
        if raw["group"] not in group_ids:
            raise GlossaryError(f"{where}: unknown group {raw['group']!r}")
        unknown = [t for t in raw["trad"] if t not in traditions] + [s for s in raw["src"] if s not in SOURCE_TAGS]
        if unknown:
            raise GlossaryError(f"{where}: unknown tradition or source {unknown}")
        also = tuple(raw.get("also", ()))
        default_links = tuple(w for w in (raw["zh"], *also) if len(w) >= 2)
        term = Term(
            id=raw["id"],
            zh=raw["zh"],
            py=raw["py"],
            en=raw["en"],
            def_zh=raw["def_zh"],
            def_en=raw["def_en"],
            group=raw["group"],
            trad=tuple(raw["trad"]),
            src=tuple(raw["src"]),
            also=also,
            links_zh=tuple(raw["links_zh"]) if "links_zh" in raw else default_links,
            links_en=tuple(raw.get("links_en", ())),
        )
        terms.append(term)
        by_id[term.id] = term
    for index, row in enumerate(data["concordance"], start=1):
        # a stray key (e.g. an unquoted comma in a flow mapping splitting a label) fails the schema, with its line
        for tradition in CONCORDANCE_TRADITIONS:
            for cell in row.get(tradition, []):
                term_id = cell.partition("=")[0]
                if term_id not in by_id:
                    raise GlossaryError(f"{path.name}: concordance row {index} ({row['en']}): no term {term_id!r}")
    _check_link_words(terms, path)
    not_terms = tuple(data.get("not_terms_zh", ()))
    zh_words = {word for term in terms for word in term.links("zh")}
    for word in not_terms:
        if not any(inner in word for inner in zh_words):
            raise GlossaryError(f"{path.name}: not_terms_zh {word!r} holds no link word, so it guards nothing")
        if word in zh_words:
            raise GlossaryError(f"{path.name}: not_terms_zh {word!r} is itself a link word")
    return Glossary(tuple(terms), traditions, groups, tuple(data["concordance"]), by_id, not_terms)


def _check_link_words(terms: list[Term], path: Path) -> None:
    """One word may link to one entry only, or the first-occurrence rule would be ambiguous."""
    for lang in ("zh", "en"):
        owner: dict[str, str] = {}
        for term in terms:
            for word in term.links(lang):
                key = word.lower()
                if key in owner and owner[key] != term.id:
                    raise GlossaryError(f"{path.name}: {lang} link word {word!r} in both {owner[key]} and {term.id}")
                owner[key] = term.id


@cache
def _cached_glossary(mtime: float) -> Glossary:
    return load_glossary()


def glossary() -> Glossary:
    return _cached_glossary(GLOSSARY_FILE.stat().st_mtime)


# --- tables ----------------------------------------------------------------------------------------

LABELS = {
    "zh": {"term": "词语", "py": "拼音", "en": "英文", "def": "释义", "trad": "使用地区", "src": "来源",
           "act": "同一件事", "none": "—", "mahjong": "麻将（对照）"},
    "en": {"term": "Term", "py": "Pinyin", "en": "English", "def": "Meaning", "trad": "Used in", "src": "Sources",
           "act": "What is meant", "none": "—", "mahjong": "Nearest in mahjong"},
}  # fmt: skip


def _e(text: str) -> str:
    return html.escape(text, quote=True)


def _term_cell(term: Term) -> str:
    also = f"<br><small>{_e('、'.join(term.also))}</small>" if term.also else ""
    return f'<strong lang="zh">{_e(term.zh)}</strong>{also}'


def _tradition_names(term: Term, lang: str, g: Glossary) -> str:
    return (
        "、".join(g.traditions[t][lang] for t in term.trad)
        if lang == "zh"
        else ", ".join(g.traditions[t][lang] for t in term.trad)
    )


def _source_links(term: Term, sources_href: str) -> str:
    return " ".join(f'<a href="{_e(sources_href)}#source-{tag}">[{tag}]</a>' for tag in term.src)


def glossary_table(group_id: str, lang: str, g: Glossary | None = None, sources_href: str = "sources.html") -> str:
    """One group's table. Cells carry ``data-label`` so a phone can show each row as a labelled card."""
    g = g or glossary()
    lab = LABELS[lang]
    rows = []
    for term in (t for t in g.terms if t.group == group_id):
        definition = _e(term.def_zh) if lang == "zh" else f"<strong>{_e(term.en)}</strong> — {_e(term.def_en)}"
        english = f'<td class="cp-en" data-label="{lab["en"]}">{_e(term.en)}</td>' if lang == "zh" else ""
        rows.append(
            f'<tr id="{term.anchor}"><td class="cp-word">{_term_cell(term)}</td>'
            f'<td class="cp-py" data-label="{lab["py"]}">{_e(term.py)}</td>{english}'
            f'<td class="cp-def">{definition}</td>'
            f'<td class="cp-trad" data-label="{lab["trad"]}">{_e(_tradition_names(term, lang, g))}</td>'
            f'<td class="cp-src" data-label="{lab["src"]}">{_source_links(term, sources_href)}</td></tr>'
        )
    if not rows:
        raise ValueError(f"glossary group {group_id!r} has no terms")
    head_en = f"<th>{lab['en']}</th>" if lang == "zh" else ""
    meaning = lab["def"] if lang == "zh" else f"{lab['en']} — {lab['def'].lower()}"
    return (
        f'<div class="cp-glossary cp-nolink"><table><thead><tr><th>{lab["term"]}</th><th>{lab["py"]}</th>{head_en}'
        f"<th>{meaning}</th><th>{lab['trad']}</th><th>{lab['src']}</th></tr></thead><tbody>"
        + "".join(rows)
        + "</tbody></table></div>"
    )


def glossary_html(lang: str, group_id: str | None = None, sources_href: str = "sources.html") -> str:
    g = glossary()
    if group_id is not None:
        return glossary_table(group_id, lang, g, sources_href)
    parts = []
    for group in g.groups:
        title = group[lang]
        table = glossary_table(group["id"], lang, g, sources_href)
        parts.append(f"\n\n### {title} {{#group-{group['id']}}}\n\n{table}\n")
    return "".join(parts)


def concordance_html(lang: str) -> str:
    g = glossary()
    lab = LABELS[lang]
    names = [g.traditions[t][lang] for t in CONCORDANCE_TRADITIONS]
    rows = []
    for row in g.concordance:
        cells = []
        for tradition in CONCORDANCE_TRADITIONS:
            links = []
            for cell in row.get(tradition, []):
                term_id, _, shown = cell.partition("=")
                term = g.by_id[term_id]
                # English readers get the pinyin too, where the cell shows the entry's own written form
                reading = f" <small>{_e(term.py)}</small>" if lang == "en" and not shown else ""
                links.append(f'<a href="#{term.anchor}" lang="zh">{_e(shown or term.zh)}</a>{reading}')
            cells.append("<td>" + (" / ".join(links) or lab["none"]) + "</td>")
        cells.append(f"<td>{_mahjong_cell(row.get('mahjong'), lang) or lab['none']}</td>")
        rows.append(f"<tr><td>{_e(row[lang])}</td>{''.join(cells)}</tr>")
    # the mahjong column is ours, not the sources': its heading leads to the note under the table that says so
    head = "".join(f"<th>{_e(n)}</th>" for n in names) + f'<th><a href="#{MAHJONG_NOTE}">{_e(lab["mahjong"])}</a></th>'
    return (
        f'<div class="cp-concordance cp-nolink"><table><thead><tr><th>{lab["act"]}</th>{head}</tr></thead><tbody>'
        + "".join(rows)
        + "</tbody></table></div>"
    )


MAHJONG_NOTE = "mahjong-note"  # the id of the words pages' paragraph under the concordance (docs/archive/words*.md)


def _mahjong_cell(word: dict[str, str] | None, lang: str) -> str:
    """A row's nearest mahjong word: the Chinese word, and in English the English word first."""
    if not word:
        return ""
    if lang == "en":
        return f'{_e(word["en"])} <small lang="zh">{_e(word["zh"])}</small>'
    return _e(word["zh"])


def sources_url_from(page: Any) -> str:
    """The sources page is the glossary page's sibling (archive/sources): its URL relative to ``page``."""
    url = str(getattr(page, "url", "") or "")
    return "../sources/" if url.endswith("/") else "sources.html"


@shortcode("glossary")
def glossary_shortcode(args: list[str], lang: str, page) -> str:
    if len(args) > 1:
        raise ValueError("use {{cp glossary}} or {{cp glossary GROUP}}")
    return glossary_html(lang, args[0] if args else None, sources_url_from(page))


@shortcode("concordance")
def concordance_shortcode(args: list[str], lang: str, page) -> str:
    if args:
        raise ValueError("{{cp concordance}} takes no arguments")
    return concordance_html(lang)


# --- links from every page -------------------------------------------------------------------------

TAG = re.compile(r"<!--.*?-->|<![^>]*>|<(/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>\"']|\"[^\"]*\"|'[^']*')*)>", re.DOTALL)
SKIP_TAGS = frozenset(
    "a h1 h2 h3 h4 h5 h6 code pre kbd samp script style svg button textarea select option label title "
    "abbr sup figcaption math".split()
)
VOID_TAGS = frozenset("area base br col embed hr img input link meta source track wbr".split())
NOLINK_ATTR = re.compile(r"data-cp-widget|class\s*=\s*[\"'][^\"']*\b(?:cp-nolink|cp-term|headerlink)\b")


@dataclass(frozen=True)
class LinkWord:
    term: Term | None  # None: a longer string that only looks like it holds a term (数字牌); never linked
    written: str  # as written in the data; its case decides how an English match may differ


@cache
def _matcher(lang: str, mtime: float) -> tuple[re.Pattern[str], dict[str, LinkWord]]:
    g = glossary()
    words: dict[str, LinkWord] = {}
    if lang == "zh":
        words.update((word, LinkWord(None, word)) for word in g.not_terms_zh)
    for term in g.terms:
        for word in term.links(lang):
            words[word.lower() if lang == "en" else word] = LinkWord(term, word)
    ordered = sorted(words, key=len, reverse=True)  # longest first: 吃过张 before 过张, 数字牌 before 字牌
    body = "|".join(re.escape(w) for w in ordered)
    if lang == "en":
        pattern = re.compile(rf"(?<![A-Za-z-])(?:{body})(?![A-Za-z-])", re.IGNORECASE)
    else:
        pattern = re.compile(body)
    return pattern, words


def link_terms(content: str, lang: str, glossary_href: str) -> str:
    """Link the first occurrence of each term in ``content`` (an HTML fragment) to ``glossary_href#term-…``."""
    pattern, words = _matcher(lang, GLOSSARY_FILE.stat().st_mtime)
    linked: set[str] = set()

    def replace(match: re.Match[str]) -> str:
        word = match.group(0)
        entry = words[word.lower() if lang == "en" else word]
        term = entry.term
        if term is None or term.id in linked or (lang == "en" and not _english_case_fits(match, entry.written)):
            return word
        linked.add(term.id)
        return (
            f'<a class="{LINK_CLASS}" href="{_e(glossary_href)}#{term.anchor}"'
            f' title="{_e(term.tooltip(lang))}">{word}</a>'
        )

    return map_text(content, lambda text: pattern.sub(replace, text))


SENTENCE_OPENERS = ".!?:;(—–"  # not quotes: a quoted name mid-sentence ("Kong family cards") starts no sentence
NAME_FOLLOWS = re.compile(r"[ \u00a0]+[A-Z]")


def map_text(
    content: str,
    change: Callable[[str], str],
    skip_tags: frozenset[str] = SKIP_TAGS,
    skip_attr: re.Pattern[str] = NOLINK_ATTR,
) -> str:
    """Apply ``change`` to the text of an HTML fragment outside ``skip_tags`` and elements whose attributes match
    ``skip_attr``; tags are kept as they are. Shared by the term links and the source-tag links (ext_record)."""
    out: list[str] = []
    stack: list[tuple[str, bool]] = []
    skipping = 0
    pos = 0
    for tag in TAG.finditer(content):
        text = content[pos : tag.start()]
        out.append(text if skipping or not text.strip() else change(text))
        out.append(tag.group(0))
        pos = tag.end()
        name = (tag.group(2) or "").lower()
        if not name or name in VOID_TAGS or tag.group(3).rstrip().endswith("/"):
            continue
        if tag.group(1):  # closing tag: pop back to its opening tag
            for i in range(len(stack) - 1, -1, -1):
                if stack[i][0] == name:
                    skipping -= sum(1 for _, skip in stack[i:] if skip)
                    del stack[i:]
                    break
        else:
            skip = name in skip_tags or bool(skip_attr.search(tag.group(3)))
            stack.append((name, skip))
            skipping += skip
    tail = content[pos:]
    out.append(tail if skipping or not tail.strip() else change(tail))
    return "".join(out)


def _english_case_fits(match: re.Match[str], written: str) -> bool:
    """Names ("Da Er") match in any case; a lower-case word only as written, or capitalised at a sentence start
    when no capitalised word follows — so the surname Kong (孔) is not taken for the kong claim."""
    word = match.group(0)
    if written != written.lower() or word == written:
        return True
    if word != written[:1].upper() + written[1:]:
        return False
    before = match.string[: match.start()].rstrip()
    at_start = not before or before[-1] in SENTENCE_OPENERS
    return at_start and not NAME_FOLLOWS.match(match.string, match.end())


def glossary_url(lang: str, files: Any) -> str | None:
    """The site URL of the glossary page in ``lang``, or None when this build has no such page."""
    wanted = GLOSSARY_PAGES[lang]
    for file in files:
        if file.src_uri == wanted:
            return file.url
    return None


def on_page_content(html_text: str, page, config, files) -> str:
    lang = page_lang(page)
    if page.file.src_uri in GLOSSARY_PAGES.values() or lang not in GLOSSARY_PAGES:
        return html_text
    if page.file.src_uri.startswith(NO_LINK_SECTIONS):  # the kiosk is a closed screen: no way out to the site
        return html_text
    target = glossary_url(lang, files)
    if target is None:
        return html_text
    return link_terms(html_text, lang, get_relative_url(target, page.url))


def search_words(g: Glossary | None = None) -> list[str]:
    """The glossary's Chinese words of two characters or more (each term and the forms it links, and the mahjong
    words its table compares them with): the words the search index must hold whole."""
    g = g or glossary()
    words = {w for t in g.terms for w in (t.zh, *t.also, *t.links("zh"))}
    words |= {
        w for row in g.concordance if "mahjong" in row for w in re.findall(r"[\u3400-\u9fff]+", row["mahjong"]["zh"])
    }
    return sorted(w for w in words if len(w) >= 2 and re.fullmatch(r"[\u3400-\u9fff]+", w))


def on_pre_build(config) -> None:
    """Chinese search knows the games' words: Material cuts Chinese text into words with jieba, whose dictionary
    knows no 和牌, 和数, 半边字 or 二七十 (和 / 牌 apart: a search for 和牌 found every page with 和). Each glossary
    word is added to it before the pages are indexed (place names stay in sitebuild/jieba_user.txt)."""
    try:
        import jieba
    except ImportError:  # (no Chinese segmentation at all: Material indexes the text as it is)
        return
    for word in search_words():
        jieba.add_word(word)
