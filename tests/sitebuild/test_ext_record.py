"""sitebuild/ext_record.py: the heritage-record card read from page front matter (no browser needed)."""

from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import pytest

from sitebuild import ext_record
from sitebuild.ext_record import RecordError, first_heading, last_change, on_page_markdown, read_record

REPO = Path(__file__).resolve().parents[2]


@dataclass
class FakeFile:
    src_uri: str
    url: str
    abs_src_path: str = ""
    locale: str | None = None
    norm_src_uri: str = ""

    def __post_init__(self):
        self.norm_src_uri = self.norm_src_uri or self.src_uri.replace(f".{self.locale}.", ".", 1)


@dataclass
class FakePage:
    file: FakeFile
    meta: dict = field(default_factory=dict)
    title: str | None = None


class FakeFiles:
    def __init__(self, *files: FakeFile):
        self.files = files

    def documentation_pages(self):
        return list(self.files)


def make_page(tmp_path: Path, lang: str, record, *, src_uri: str | None = None, url: str | None = None, meta=None):
    suffix = "" if lang == "zh" else ".en"
    src_uri = src_uri or f"rules/luzhou{suffix}.md"
    source = tmp_path / src_uri.replace("/", "_")
    source.write_text("x", encoding="utf-8")
    prefix = "" if lang == "zh" else "en/"
    url = url or f"{prefix}rules/luzhou.html"
    file = FakeFile(src_uri, url, str(source), locale=lang)
    return FakePage(file, meta={"record": record, **(meta or {})}, title="Nav title")


def sources_files(lang: str) -> FakeFiles:
    prefix, suffix = ("", "") if lang == "zh" else ("en/", ".en")
    return FakeFiles(FakeFile(f"archive/sources{suffix}.md", f"{prefix}archive/sources.html", locale=lang))


RECORD = {"tradition": "泸州大贰", "region": "四川泸州", "period": "今", "sources": [1, 4]}


def test_yaml_octal_looking_tags_and_bracketed_tags_all_normalise():
    # YAML reads `001` as the integer 1 and `000` as 0; both spellings must name the same source.
    fields = read_record({"sources": [0, 1, "003", "[004]", "001"]}, "zh", "docs/x.md")
    assert fields["sources"] == ["000", "001", "003", "004"]


@pytest.mark.parametrize(
    "record, message",
    [
        ({"sources": ["007"]}, "unknown source “007”"),
        ({"sources": [9]}, "unknown source “9”"),
        ({"tradition": "x", "era": "Qing"}, "unknown key(s) era"),
        ({}, "non-empty mapping"),
        ("泸州", "non-empty mapping"),
        ({"region": {"zh": "四川"}}, "no text for language “en”"),
        ({"period": ""}, "expected text"),
        ({"sources": [True]}, "not a source tag"),
    ],
)
def test_bad_front_matter_fails_with_the_file_named(record, message):
    with pytest.raises(RecordError) as info:
        read_record(record, "en", "docs/archive/history.en.md")
    assert "docs/archive/history.en.md" in str(info.value)
    assert message in str(info.value)


def test_bilingual_values_pick_the_page_language():
    record = {"tradition": {"zh": "乐山贰柒拾", "en": "Leshan Er Qi Shi"}, "sources": "003"}
    assert read_record(record, "zh", "d")["tradition"] == "乐山贰柒拾"
    assert read_record(record, "en", "d")["tradition"] == "Leshan Er Qi Shi"
    assert read_record(record, "en", "d")["sources"] == ["003"]


def test_first_heading_ignores_fenced_code_and_deeper_headings():
    markdown = "intro\n```\n# not a heading\n```\n## Section\n# 真标题 { #top }\ntext"
    assert first_heading(markdown) == (5, "真标题")
    assert first_heading("no heading here\n## only h2") == (None, None)


@pytest.mark.parametrize(
    "lang, labels",
    [
        ("zh", ["标题", "传统", "地区", "年代", "资料", "最后修改"]),
        ("en", ["Title", "Tradition", "Region", "Period", "Sources", "Last change"]),
    ],
)
def test_card_goes_under_the_heading_with_labels_in_the_page_language(tmp_path, lang, labels):
    href = "../archive/sources.html#source-001"  # from rules/luzhou to archive/sources, in either language
    page = make_page(tmp_path, lang, RECORD)
    out = on_page_markdown("# 泸州大贰\n\nFirst paragraph.", page, None, sources_files(lang))
    heading, blank, card, *_ = out.split("\n")
    assert heading == "# 泸州大贰" and blank == ""
    assert card.startswith('<aside class="cp-record') and f'lang="{lang}"' in card
    positions = [card.index(f"<dt>{label}</dt>") for label in labels]
    assert positions == sorted(positions), "labels in the documented order"
    assert f'href="{href}"' in card and "#source-004" in card and "#source-000" not in card
    assert "<dd>泸州大贰</dd>" in card  # the title, taken from the first heading
    assert out.endswith("First paragraph.")


def test_title_from_front_matter_and_plain_tags_without_a_sources_page(tmp_path):
    page = make_page(tmp_path, "en", {"period": "now", "sources": [2]}, meta={"title": "Chuo Pai & friends"})
    card = on_page_markdown("No heading at all.", page, None, FakeFiles())
    assert card.startswith("\n<aside")  # no heading: the card opens the page
    assert "<dd>Chuo Pai &amp; friends</dd>" in card
    assert '<span class="cp-record-source"' in card and "<a " not in card
    assert "Tradition" not in card  # fields left out are not shown


def test_pages_without_a_record_are_untouched(tmp_path):
    page = make_page(tmp_path, "zh", RECORD)
    page.meta = {"title": "x"}
    assert on_page_markdown("# x", page, None, sources_files("zh")) is None


def test_last_change_is_the_last_commit_date_of_a_tracked_file():
    path = REPO / "sitebuild" / "hooks.py"
    expected = subprocess.run(
        ["git", "log", "-1", "--format=%cs", "--", str(path)], cwd=REPO, capture_output=True, text=True
    ).stdout.strip()
    if not expected:
        pytest.skip("no git history available here")
    assert last_change(path) == expected


def test_last_change_falls_back_to_the_modification_date(tmp_path):
    path = tmp_path / "draft.md"  # outside any repository
    path.write_text("draft", encoding="utf-8")
    stamp = datetime(2001, 2, 3, 12, 0, tzinfo=UTC).timestamp()
    os.utime(path, (stamp, stamp))
    assert last_change(path) == "2001-02-03"


def test_every_source_tag_has_an_anchor_on_both_sources_pages():
    for name in ("sources.md", "sources.en.md"):
        text = (REPO / "docs" / "archive" / name).read_text(encoding="utf-8")
        for tag in ext_record.SOURCE_TITLES:
            assert f"{{ #source-{tag} }}" in text, f"docs/archive/{name} lacks the anchor source-{tag}"


def test_bare_source_tags_on_archive_pages_become_links_but_not_in_headings_links_code_or_drawings():
    html = (
        "<h2>About [002]</h2><p>As [000] says, and [003][004].</p>"
        '<p><a href="sources.html#source-001">[001]</a> <code>[000]</code></p>'
        "<svg><text>[000]</text></svg><figcaption>after [000]</figcaption><p>[005] is no source</p>"
    )
    out = ext_record.link_source_tags(html, "sources.html")
    assert out.count('<a href="sources.html#source-') == 5  # [000], [003], [004], the caption's, and [001] as it was
    assert "<h2>About [002]</h2>" in out and "<code>[000]</code>" in out and "<text>[000]</text>" in out
    assert '<figcaption>after <a href="sources.html#source-000">[000]</a></figcaption>' in out
    assert '<a href="sources.html#source-003">[003]</a><a href="sources.html#source-004">[004]</a>' in out
    assert "<p>[005] is no source</p>" in out
    files = FakeFiles(FakeFile("archive/sources.md", "archive/sources.html", locale="zh"))
    archive = FakePage(FakeFile("archive/decks.md", "archive/decks.html", locale="zh"))
    rules = FakePage(FakeFile("rules/luzhou.md", "rules/luzhou.html", locale="zh"))
    assert 'href="sources.html#source-000"' in ext_record.on_page_content("<p>[000]</p>", archive, None, files)
    assert ext_record.on_page_content("<p>[000]</p>", rules, None, files) == "<p>[000]</p>"


def test_wide_tables_get_their_column_headings_as_cell_labels_and_narrow_ones_are_left_alone():
    wide = (
        "<table><thead><tr><th>问题</th><th>一种说法</th><th><em>另一种</em></th><th>默认</th></tr></thead>"
        '<tbody><tr><td>坎</td><td align="left">[001]</td><td>[004]</td><td>两套</td></tr></tbody></table>'
    )
    out = ext_record.label_wide_tables(wide)
    assert out.startswith("<table data-cp-stack>")
    assert '<td data-label="问题">坎</td><td align="left" data-label="一种说法">' in out
    assert '<td data-label="另一种">[004]</td><td data-label="默认">两套</td>' in out
    narrow = "<table><thead><tr><th>a</th><th>b</th><th>c</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>"
    assert ext_record.label_wide_tables(narrow) == narrow
    labelled = wide.replace("<td>两套</td>", '<td data-label="x">两套</td>')
    assert ext_record.label_wide_tables(labelled) == labelled


def test_line_breaks_inside_chinese_text_are_dropped_but_kept_before_latin_and_in_pre():
    html = (
        '<p>几个<a href="x">点子</a>。\n这类牌，\n  每一条 1980\n年<strong>好</strong>\n<em>的</em></p>'
        "<pre>一\n二</pre>"
    )
    out = ext_record.join_cjk_lines(html)
    assert (
        out == '<p>几个<a href="x">点子</a>。这类牌，每一条 1980\n年<strong>好</strong><em>的</em></p><pre>一\n二</pre>'
    )
    files = FakeFiles(FakeFile("archive/sources.md", "archive/sources.html", locale="zh"))
    zh = FakePage(FakeFile("archive/history.md", "archive/history.html", locale="zh"))
    en = FakePage(FakeFile("archive/history.en.md", "en/archive/history.html", locale="en"))
    assert ext_record.on_page_content("<p>一\n二</p>", zh, None, files) == "<p>一二</p>"
    assert ext_record.on_page_content("<p>one\ntwo 一\n二</p>", en, None, files) == "<p>one\ntwo 一\n二</p>"


# --- "How to cite this page" (issue 15) ------------------------------------------------------------------------


def archive_page(path: Path, lang: str, src_uri: str, url: str) -> FakePage:
    file = FakeFile(src_uri, url, str(path), locale=lang)
    return FakePage(file, meta={"record": RECORD}, title="Nav title")


def archive_files(lang: str) -> FakeFiles:
    prefix, suffix = ("", "") if lang == "zh" else ("en/", ".en")
    return FakeFiles(
        FakeFile(f"archive/sources{suffix}.md", f"{prefix}archive/sources.html", locale=lang),
        FakeFile(f"archive/credits{suffix}.md", f"{prefix}archive/credits.html", locale=lang),
    )


@pytest.mark.parametrize("lang, heading", [("zh", "如何引用本页"), ("en", "How to cite this page")])
def test_an_archive_page_ends_with_a_citation_carrying_its_git_version_and_date(lang, heading):
    path = REPO / "docs" / "archive" / ("history.md" if lang == "zh" else "history.en.md")
    stamp = subprocess.run(
        ["git", "log", "-1", "--format=%h %cs", "--", path.name], cwd=path.parent, capture_output=True, text=True
    ).stdout.split()
    if len(stamp) != 2:
        pytest.skip("no git history available here")
    dirty = subprocess.run(
        ["git", "status", "--porcelain", "--", path.name], cwd=path.parent, capture_output=True, text=True
    ).stdout.strip()
    ext_record.page_version.cache_clear()
    src_uri = "archive/history.md" if lang == "zh" else "archive/history.en.md"
    url = "archive/history.html" if lang == "zh" else "en/archive/history.html"
    out = on_page_markdown("# 长牌的来历\n\nText.", archive_page(path, lang, src_uri, url), None, archive_files(lang))
    body, cite = out.split(f"\n## {heading} {{ #cite }}\n\n")
    assert body.rstrip().endswith("Text.")  # at the very end, after the text
    version = stamp[0] + ("+" if dirty else "")
    assert f'<code class="cp-cite-version">{version}</code>' in cite
    assert f'<time datetime="{stamp[1]}">{stamp[1]}</time>' in cite
    assert "长牌的来历" in cite and url in cite and "CC BY-SA 4.0" in cite
    assert ("长牌档案馆" if lang == "zh" else "Changpai Archive") in cite
    assert 'href="credits.html"' in cite and "cp-nolink" in cite


def test_an_uncommitted_page_says_so_and_takes_the_file_date(tmp_path):
    path = tmp_path / "draft.md"  # outside any repository
    path.write_text("draft", encoding="utf-8")
    stamp = datetime(2001, 2, 3, 12, 0, tzinfo=UTC).timestamp()
    os.utime(path, (stamp, stamp))
    ext_record.page_version.cache_clear()
    out = on_page_markdown("# 草稿", archive_page(path, "zh", "archive/draft.md", "archive/draft.html"), None, None)
    assert '<span class="cp-cite-version">尚未提交</span>' in out
    assert '<time datetime="2001-02-03">' in out
    assert "<a href" not in out.split("#cite")[1]  # no credits page in this build: the name, unlinked


def test_pages_outside_the_archive_get_no_citation_block(tmp_path):
    page = make_page(tmp_path, "zh", RECORD)  # rules/luzhou.md
    out = on_page_markdown("# 泸州大贰\n\nText.", page, None, sources_files("zh"))
    assert "#cite" not in out and "cp-cite" not in out
