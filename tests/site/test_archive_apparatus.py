"""The archive's corrections and apparatus (issue 15), checked on the page sources and the built site without a
browser: how-to-cite blocks carrying the git version, the bibliography, the licence and credits, the new pages in
both languages, the curator's corrections, and no run of twelve characters shared with a source."""

from __future__ import annotations

import gzip
import html
import re
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
DOCS = REPO / "docs"
ARCHIVE = DOCS / "archive"
OVERLAP_TOOL = Path("/work/shared/tools/source-overlap")
ARCHIVE_PAGES = sorted(p.name.removesuffix(".md") for p in ARCHIVE.glob("*.md") if not p.name.endswith(".en.md"))
NEW_PAGES = ("help", "credits", "colophon")
# Files issue 15 rewrote: no run of 12 characters shared with a source may remain in them.
TOUCHED = [
    *sorted(ARCHIVE.glob("*.md")),
    DOCS / "index.md",
    DOCS / "index.en.md",
    DOCS / "data" / "glossary.yml",
    DOCS / "rules" / "leshan.md",
    DOCS / "rules" / "wuchuan.md",
    DOCS / "rules" / "luzhou.md",
    DOCS / "rules" / "chuopai.md",
    REPO / "tutorials" / "deals" / "leshan-doukou.yml",
    REPO / "engine" / "changpai" / "daer" / "luzhou.py",  # the red stock card's description (was [004]'s words)
]


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def page_text(name: str, lang: str) -> str:
    return read(ARCHIVE / (f"{name}.md" if lang == "zh" else f"{name}.en.md"))


def built(site_dir: Path, name: str, lang: str) -> str:
    return read(site_dir / ("" if lang == "zh" else "en") / "archive" / f"{name}.html")


def git_version(path: Path) -> tuple[str, str] | None:
    """(short hash, date) of the last commit touching ``path`` plus "+" when it has uncommitted edits."""
    if shutil.which("git") is None:
        return None
    stamp = subprocess.run(
        ["git", "log", "-1", "--format=%h %cs", "--", path.name], cwd=path.parent, capture_output=True, text=True
    ).stdout.split()
    if len(stamp) != 2:
        return None
    dirty = subprocess.run(
        ["git", "status", "--porcelain", "--", path.name], cwd=path.parent, capture_output=True, text=True
    ).stdout.strip()
    return stamp[0] + ("+" if dirty else ""), stamp[1]


# --- how to cite, in the built site -------------------------------------------------------------------------


@pytest.mark.parametrize("lang, heading", [("zh", "如何引用本页"), ("en", "How to cite this page")])
@pytest.mark.parametrize("name", ARCHIVE_PAGES)
def test_every_archive_page_ends_with_how_to_cite_it_carrying_its_git_version(site_dir, name, lang, heading):
    html = built(site_dir, name, lang)
    assert re.search(rf'<h2 id="cite">{heading}', html), f"{lang}/{name}: no “{heading}” section"
    block = re.search(r'<div class="cp-cite cp-nolink"[^>]*>(.*?)</div>', html, re.DOTALL)
    assert block, f"{lang}/{name}: no cite block"
    text = block.group(1)
    source = ARCHIVE / (f"{name}.md" if lang == "zh" else f"{name}.en.md")
    version = git_version(source)
    if version is None:
        assert "cp-cite-version" in text
    else:
        # the build may be older than the last commit; then the page's text changed since: rebuild to compare
        shown = re.search(r'<code class="cp-cite-version">([^<]+)</code>', text)
        assert shown, f"{lang}/{name}: the cite block shows no version although the file is committed"
        assert shown.group(1) == version[0], f"{lang}/{name}: cite shows {shown.group(1)}, git says {version[0]}"
        assert f'<time datetime="{version[1]}">' in text
    assert "CC BY-SA 4.0" in text
    assert f"archive/{name}.html" in text  # the page's address
    title = re.search(r"<h1[^>]*>(.*?)<", html).group(1).strip()
    assert title in text, f"{lang}/{name}: the citation does not name the page title {title!r}"


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("name", NEW_PAGES)
def test_the_new_pages_are_built_and_in_the_navigation_of_both_languages(site_dir, name, lang):
    assert (site_dir / ("" if lang == "zh" else "en") / "archive" / f"{name}.html").is_file()
    home = read(site_dir / ("index.html" if lang == "zh" else "en/index.html"))
    assert re.search(rf'href="(?:\./)?archive/{name}\.html"', home), f"{name} is missing from the {lang} navigation"


HEADING = re.compile(r'<h([2-6])[^>]* id="([^"]+)"[^>]*>(.*?)</h\1>', re.DOTALL)
HAN = re.compile(r"[\u4e00-\u9fff]")


def test_a_sections_anchor_is_made_of_its_headings_words(site_dir):
    """A cited or bookmarked section keeps its address when a heading is added above it: a Chinese heading's
    anchor keeps its Chinese words (never the positional _1, _2 …); English anchors stay ASCII."""
    checked = 0
    for page in sorted(site_dir.rglob("*.html")):
        where = page.relative_to(site_dir).as_posix()
        for _level, anchor, inner in HEADING.findall(read(page)):
            text = html.unescape(re.sub(r"<[^>]+>", "", inner)).replace("¶", "").strip()
            if where.startswith("en/"):
                assert anchor.isascii(), f"{where}: the English heading {text!r} has the anchor #{anchor}"
                continue
            assert not re.fullmatch(r"_\d+", anchor), f"{where}: the heading {text!r} has the positional #{anchor}"
            han = HAN.findall(text)
            if han and not anchor.isascii():  # (an ASCII one was set by hand: {#cite}, {#source-000} …)
                checked += 1
                assert han[0] in anchor, f"{where}: the anchor #{anchor} lost the words of {text!r}"
    assert checked > 100, f"only {checked} Chinese headings found: is the site built?"


def test_the_font_licences_ship_with_the_site_unaltered(site_dir):
    licences = site_dir / "assets" / "licenses"
    arphic = read(licences / "ARPHICPL.TXT")
    assert arphic.lstrip().startswith("ARPHIC PUBLIC LICENSE")
    debian = Path("/usr/share/doc/fonts-arphic-ukai/license/english/ARPHICPL.TXT.gz")
    if debian.is_file():
        assert arphic == gzip.decompress(debian.read_bytes()).decode("utf-8"), "ARPHICPL.TXT must be kept unaltered"
    assert "SIL OPEN FONT LICENSE Version 1.1" in read(licences / "OFL-1.1.txt")
    readme = read(licences / "README.txt")
    assert "ChangpaiKai" in readme and "ChangpaiSans" in readme and "subset" in readme
    for lang in ("zh", "en"):
        credits = built(site_dir, "credits", lang)
        for name in ("ARPHICPL.TXT", "OFL-1.1.txt", "README.txt"):
            link = re.search(rf'href="([^"]*assets/licenses/{re.escape(name)})"', credits)
            assert link, f"{lang} credits page does not link {name}"
            base = site_dir / ("" if lang == "zh" else "en") / "archive"
            assert (base / link.group(1)).resolve().is_file(), f"{lang} credits: {link.group(1)} leads nowhere"


# --- the bibliography ----------------------------------------------------------------------------------------

BIB_LABELS = {
    "zh": ("作者", "题名", "发布者或平台", "日期", "发现地址", "查阅日期"),
    "en": ("Author", "Title", "Publisher or platform", "Date", "Where found", "Consulted"),
}


def source_sections(lang: str) -> dict[str, str]:
    text = page_text("sources", lang)
    parts = re.split(r"^### \[(00[0-4])\].*$", text, flags=re.MULTILINE)
    sections = dict(zip(parts[1::2], parts[2::2], strict=True))
    sections = {tag: body.split("\n## ", 1)[0] for tag, body in sections.items()}
    assert sorted(sections) == ["000", "001", "002", "003", "004"]
    return sections


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_sources_page_is_a_bibliography_with_every_field_for_every_source(lang):
    for tag, body in source_sections(lang).items():
        for label in BIB_LABELS[lang]:
            field = re.search(rf"^{re.escape(label)}\n:   (.+)$", body, re.MULTILINE)
            assert field and field.group(1).strip(), f"[{tag}] ({lang}) has no “{label}”"
        assert f"seeds/{tag}_" in body, f"[{tag}] ({lang}): where it was found"
        assert re.search(r"2026-1[12]-\d\d", body), f"[{tag}] ({lang}): no date consulted"


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_source_003_is_named_an_encyclopedia_article_with_its_own_references_and_licence(lang):
    body = source_sections(lang)["003"]
    for name in ("王中琪", "易志隆", "王钟麒", "乐山日报", "五通桥综述", "桥字牌", "漫话贰柒拾"):
        assert name in body, f"[003] ({lang}) does not name its reference {name}"
    assert "2007" in body and "2006" in body and "2008" in body
    assert "CC BY-SA" in body
    assert ("百科" in body) if lang == "zh" else ("encyclopedia" in body)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_source_002_self_contradiction_is_noted(lang):
    body = source_sections(lang)["002"]
    assert "家喻户晓" in body
    assert ("矛盾" in body) if lang == "zh" else ("contradicts" in body)


# --- licence, credits, objects --------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_credits_state_our_licence_and_every_font_and_tool_with_its_licence(lang):
    text = page_text("credits", lang)
    for needle in (
        "CC BY-SA 4.0",
        "ARPHIC PUBLIC LICENSE",
        "Arphic Technology",
        "SIL",
        "OFL",
        "Adobe",
        "Pyodide",
        "MPL-2.0",
        "Material for MkDocs",
        "沽酒客",
    ):
        assert needle in text, f"credits ({lang}) lacks {needle}"


@pytest.mark.parametrize(
    "lang, statement", [("zh", "本站的每一张牌都是复原图"), ("en", "Every card on this site is a reconstruction")]
)
def test_every_card_is_called_a_reconstruction_once_plainly_on_the_decks_page(lang, statement):
    assert page_text("decks", lang).count(statement) == 1
    # the build and test notes moved to the colophon
    assert "python -m sitebuild.card_art" not in page_text("decks", lang)
    assert "python -m sitebuild.card_art" in page_text("colophon", lang)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_help_page_lists_the_wanted_objects_and_what_a_lender_sends(lang):
    text = page_text("help", lang)
    for maker in ("孔家", "铁家", "申尚权", "李三江"):
        assert maker in text
    assert ("竹签" in text) if lang == "zh" else ("tallies" in text)
    wanted = ("制牌人", "地点", "年代", "毫米", "材料", "所有者", "权利")
    wanted_en = ("maker", "place", "date", "millimetres", "material", "owner", "rights")
    for word in wanted if lang == "zh" else wanted_en:
        assert word in text, f"help page ({lang}) does not ask for {word}"


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_what_the_sources_hold_and_the_pages_missed_is_now_told(lang):
    history = page_text("history", lang)
    for needle in ("雅俗共赏", "男女老少皆宜", "贰柒拾字牌"):
        assert needle in history
    assert ("麻将" in history) if lang == "zh" else ("mahjong" in history)
    assert ("左手" in history and "指缝" in history) if lang == "zh" else ("left hand" in history)


# --- corrections -----------------------------------------------------------------------------------------------

# Wordings the curator struck: overclaims, oral sources that do not exist, calques, a second name for one thing.
STRUCK = {
    "zh": (
        "口传", "今人口语", "无名艺人", "仡佬族的写牌人", "梧桐", "一律涂黑", "四川和湖北多半", "很能说明",
        "完全吻合", "老人的记忆", "只在一些老人口中", "二十一世纪初", "牌坊", "一段地方记忆", "靠两副不同的牌来区分",
        "不替资料做决定", "有名字的选项", "为什么要紧", "[牌谱]", "[词语]", "一句也不照抄", "又叫四归一", "机智",
    ),
    "en": (
        "family memory", "present-day speech", "unnamed artists", "Gelao writers", "always black", "mostly\nHubei",
        "older people's memories", "department-store", "early 21st century", "his\ncunning", "his cunning",
        "Red Dots", "We do not reproduce any of their sentences", "one family (our reading",
    ),
}  # fmt: skip


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_struck_wordings_are_gone_from_the_archive_and_home_pages(lang):
    suffix = ".md" if lang == "zh" else ".en.md"
    files = [p for p in ARCHIVE.glob(f"*{suffix}") if lang == "en" or not p.name.endswith(".en.md")]
    files.append(DOCS / f"index{suffix}")
    for path in files:
        text = read(path)
        for phrase in STRUCK[lang]:
            assert phrase not in text, f"{path.relative_to(REPO)} still says {phrase!r}"


def test_the_2014_listing_is_always_attributed_to_001():
    for path in [*ARCHIVE.glob("*.md"), *(DOCS / "rules").glob("luzhou*.md")]:
        # paragraphs, list items and table rows; a field of a source's own entry on the sources page
        # (":   …") sits under that source's heading
        for block in re.split(r"\n\s*\n|\n(?=- |\| |:   )", read(path)):
            if "2014" in block and re.search(r"名录|heritage|list", block) and not block.startswith(":   "):
                assert "001" in block, f"{path.name}: the 2014 listing without [001]: {block[:100]}"
    for lang in ("zh", "en"):
        history = page_text("history", lang)
        assert ("个人写的规则说明" in history) if lang == "zh" else ("private author" in history)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_timeline_runs_in_order(lang):
    rows = [line for line in page_text("history", lang).splitlines() if line.startswith("| ")]
    first_cells = [row.split("|")[1].strip() for row in rows]
    salt = next(i for i, cell in enumerate(first_cells) if "公元前" in cell or "BC" in cell)
    zhou = next(i for i, cell in enumerate(first_cells) if "西周" in cell or "Western Zhou" in cell)
    three = next(i for i, cell in enumerate(first_cells) if "三国" in cell or "Three Kingdoms" in cell)
    tang = next(i for i, cell in enumerate(first_cells) if cell in ("唐代", "Tang dynasty"))
    assert zhou < salt < three < tang
    tang_row = rows[tang]
    assert "[000] 说" in tang_row or "[000] says" in tang_row


@pytest.mark.parametrize(
    "lang, opening, words", [("zh", "长牌是", ("川牌", "八十张")), ("en", "Long cards (", ("Sichuan cards", "eighty"))]
)
def test_the_home_page_defines_long_cards_with_both_decks(lang, opening, words):
    home = read(DOCS / ("index.md" if lang == "zh" else "index.en.md"))
    lead = re.search(r'<p class="cp-hero__lead">(.*?)</p>', home)
    definition = next(p for p in home.split("\n\n") if p.startswith(opening))
    for text in ([lead.group(1)] if lead else []) + [definition]:
        assert words[0] in text, f"the home page defines long cards without the Sichuan cards: {text[:80]}"
    assert words[1] in definition


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_legends_say_what_002_says(lang):
    history = page_text("history", lang)
    assert ("桐树" in history) if lang == "zh" else ("paulownia" in history)
    assert "睿智" in history  # [002] praises wisdom (睿智), not cunning
    assert ("说要把它裁成玉珪" in history) if lang == "zh" else ("said he would cut" in history)


# --- too close to the sources ------------------------------------------------------------------------------------


def test_no_run_of_twelve_characters_shared_with_a_source_remains_in_the_rewritten_files():
    if not OVERLAP_TOOL.is_file():
        pytest.skip(f"{OVERLAP_TOOL} is not on this machine (it ships with the shared sources)")
    proc = subprocess.run(
        [str(OVERLAP_TOOL), "--min", "12", *map(str, TOUCHED)], cwd=REPO, capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


@pytest.mark.parametrize("lang, words", [("zh", "以 CC BY-SA 4.0 授权"), ("en", "licensed CC BY-SA 4.0")])
def test_every_page_footer_states_the_licence_of_our_text_and_drawings(site_dir, lang, words):
    for name in ("index.html", "archive/history.html", "rules/luzhou.html"):
        html = read(site_dir / ("" if lang == "zh" else "en") / name)
        footer = re.search(r'<div class="md-copyright__highlight">(.*?)</div>', html, re.DOTALL)
        assert footer and words in footer.group(1), f"{lang}/{name}: the footer does not state the licence"
