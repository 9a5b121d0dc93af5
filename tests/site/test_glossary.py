"""The glossary data, its tables, and the first-occurrence term links (sitebuild/ext_glossary.py)."""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from sitebuild import ext_glossary as eg  # noqa: E402

HREF = "../archive/words.html"


def links(html: str) -> list[tuple[str, str]]:
    """(anchor, linked text) of every term link, in order."""
    return re.findall(r'<a class="cp-term" href="[^"#]*#term-([a-z0-9-]+)"[^>]*>([^<]*)</a>', html)


def test_the_data_loads_and_every_entry_is_complete():
    g = eg.load_glossary()
    assert len(g.terms) >= 100
    assert len({t.id for t in g.terms}) == len(g.terms)
    for group in g.groups:
        assert any(t.group == group["id"] for t in g.terms), group["id"]
    for term in g.terms:
        assert term.src and all(s in eg.SOURCE_TAGS for s in term.src), term.id
        assert re.search(r"[\u4e00-\u9fff]", term.def_zh) and re.search(r"[A-Za-z]", term.def_en), term.id


@pytest.mark.parametrize(
    "names",
    [
        ("碰", "对", "兑"),
        ("招", "开", "开招"),
        ("龙", "壠", "滚子", "活龙"),
        ("列", "连子", "放子"),
        ("比", "摆", "妥"),
        ("叫牌", "下叫", "听牌"),
        ("放炮", "抬炮"),
    ],
)
def test_the_concordance_lines_up_each_act_under_its_regional_names(names):
    html = eg.concordance_html("zh")
    rows = re.findall(r"<tr>(.*?)</tr>", html)
    shown = [set(re.findall(r'lang="zh">([^<]+)</a>', row)) for row in rows]
    assert any(set(names) <= row for row in shown), f"no concordance row holds all of {names}"


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_term_has_exactly_one_anchor_on_the_glossary_page(lang):
    html = eg.glossary_html(lang)
    for term in eg.glossary().terms:
        assert html.count(f'id="{term.anchor}"') == 1, term.id
    # the concordance only points at anchors that exist
    for anchor in re.findall(r'href="#(term-[^"]+)"', eg.concordance_html(lang)):
        assert f'id="{anchor}"' in html


def test_links_only_the_first_occurrence_and_never_in_headings_links_or_code():
    html = (
        "<h2>碰牌与坎</h2>"
        "<p>先说碰牌，再说碰牌。</p>"
        '<p><a href="x">坎子</a>之后，又一个坎子。</p>'
        "<pre><code>八块</code></pre><p><code>庄家</code></p>"
        "<p>庄家喊八块。</p>"
    )
    out = eg.link_terms(html, "zh", HREF)
    assert links(out) == [("peng", "碰牌"), ("kan", "坎子"), ("zhuangjia", "庄家"), ("bakuai", "八块")]
    assert out.startswith("<h2>碰牌与坎</h2>")
    assert '<a href="x">坎子</a>' in out
    assert "<pre><code>八块</code></pre><p><code>庄家</code></p>" in out


def test_longest_term_wins_and_a_term_links_once_under_any_of_its_forms():
    out = eg.link_terms("<p>吃过张不行；过张的牌可以胡。碰、碰牌。</p>", "zh", HREF)
    assert links(out) == [("guozhang", "吃过张"), ("peng", "碰")]


def test_widgets_and_nolink_blocks_are_left_alone_and_nesting_is_tracked():
    html = (
        '<div data-cp-widget="deal"><p>碰牌</p><div><p>坎子</p></div></div>'
        '<div class="cp-nolink"><p>八块</p></div>'
        "<p>碰牌、坎子、八块</p>"
    )
    out = eg.link_terms(html, "zh", HREF)
    assert links(out) == [("peng", "碰牌"), ("kan", "坎子"), ("bakuai", "八块")]
    assert out.startswith(html[: html.index("<p>碰牌、")])


def test_english_pages_link_english_names_as_whole_words_only():
    out = eg.link_terms("<p>A ponged set; then a pong, a kong, and 碰牌 in Chinese.</p>", "en", HREF)
    assert links(out) == [("peng", "pong"), ("zhao", "kong")]


def test_a_capitalised_lower_case_word_links_only_at_a_sentence_start_and_not_before_a_name():
    # the surname Kong (孔家牌) is not the kong claim; "Kong." opening a sentence is
    out = eg.link_terms(
        '<td>Kong Shouxuan\'s cards</td><p>Then the Kong and Tie families, the "Kong family cards".</p>'
        "<p>Kong: a claim. Pong.</p>",
        "en",
        HREF,
    )
    assert links(out) == [("zhao", "Kong"), ("peng", "Pong")]
    assert 'the Kong and Tie families, the "Kong family cards".</p>' in out


def test_names_written_with_capitals_match_in_any_case_and_the_longer_name_wins():
    out = eg.link_terms("<p>Leshan Er Qi Shi (Qiao Zipai), or qiao zipai; then zipai.</p>", "en", HREF)
    assert links(out) == [("erqishi", "Er Qi Shi"), ("qiaozipai", "Qiao Zipai"), ("zipai", "zipai")]


@pytest.mark.parametrize(
    ("text", "inside"),
    [
        ("本站的数字牌都画两头", "字牌"),
        ("务川牌的字由行书演变", "川牌"),
        ("明代纸牌长二寸多", "长二"),
        ("把手写牌改为刻版", "写牌"),
        ("不论大小写，二七十都红", "小写"),
        ("这里只讲事实和数字", "和数"),
        ("二七十 6、大贰柒拾 9", "大贰"),
        ("一二三贰柒拾", "贰柒拾"),
        ("都是红的（二七十、贰柒拾）", "贰柒拾"),
    ],
)
def test_a_term_inside_a_longer_unrelated_word_is_not_linked(text, inside):
    out = eg.link_terms(f"<p>{text}</p>", "zh", HREF)
    assert links(out) == [], out
    # the same term standing on its own is still linked afterwards
    again = eg.link_terms(f"<p>{text}；{inside}。</p>", "zh", HREF)
    assert [word for _, word in links(again)] == [inside]


def test_every_not_term_guards_some_link_word(tmp_path):
    good = eg.GLOSSARY_FILE.read_text(encoding="utf-8")
    (tmp_path / "dead.yml").write_text(good.replace("  - 数字牌", "  - 风马牛", 1), encoding="utf-8")
    with pytest.raises(eg.GlossaryError, match="风马牛.*guards nothing"):
        eg.load_glossary(tmp_path / "dead.yml")


def test_the_link_carries_a_tooltip_in_the_page_language():
    zh = eg.link_terms("<p>坐底</p>", "zh", HREF)
    en = eg.link_terms("<p>the sitter</p>", "en", HREF)
    term = eg.glossary().by_id["zuodi"]
    assert f'title="{term.tooltip("zh")}"' in zh and "zuòdǐ" in term.tooltip("zh")
    assert 'href="../archive/words.html#term-zuodi"' in en and term.def_en.split()[0] in en


@dataclass
class FakeFile:
    src_uri: str
    url: str
    locale: str


@dataclass
class FakePage:
    file: FakeFile
    url: str


def test_on_page_content_links_to_the_glossary_of_the_same_language():
    files = [
        FakeFile("archive/words.md", "archive/words.html", "zh"),
        FakeFile("archive/words.en.md", "en/archive/words.html", "en"),
    ]
    zh_page = FakePage(FakeFile("rules/luzhou.md", "rules/luzhou.html", "zh"), "rules/luzhou.html")
    en_page = FakePage(FakeFile("rules/luzhou.en.md", "en/rules/luzhou.html", "en"), "en/rules/luzhou.html")
    assert 'href="../archive/words.html#term-peng"' in eg.on_page_content("<p>碰牌</p>", zh_page, None, files)
    en = eg.on_page_content("<p>pong 碰牌</p>", en_page, None, files[1:])
    assert links(en) == [("peng", "pong")] and 'href="../archive/words.html#term-peng"' in en
    glossary_page = FakePage(files[0], files[0].url)
    assert eg.on_page_content("<p>碰牌</p>", glossary_page, None, files) == "<p>碰牌</p>"
    assert eg.on_page_content("<p>碰牌</p>", zh_page, None, []) == "<p>碰牌</p>"  # no glossary in this build
    kiosk = FakePage(FakeFile("kiosk/index.md", "kiosk/index.html", "zh"), "kiosk/index.html")
    assert eg.on_page_content("<p>碰牌</p>", kiosk, None, files) == "<p>碰牌</p>"


def test_malformed_data_is_refused_with_the_entry_named(tmp_path):
    good = eg.GLOSSARY_FILE.read_text(encoding="utf-8")
    duplicate = good.replace("- id: daer\n", "- id: changpai\n", 1)
    (tmp_path / "dup.yml").write_text(duplicate, encoding="utf-8")
    with pytest.raises(eg.GlossaryError, match="changpai.*used twice"):
        eg.load_glossary(tmp_path / "dup.yml")
    broken = good.replace("luzhou: [peng]", "luzhou: [pengg]", 1)
    (tmp_path / "conc.yml").write_text(broken, encoding="utf-8")
    with pytest.raises(eg.GlossaryError, match=r"concordance row \d+ .*pengg"):
        eg.load_glossary(tmp_path / "conc.yml")
    unsourced = good.replace('src: ["001", "004"]', 'src: ["009"]', 1)
    (tmp_path / "src.yml").write_text(unsourced, encoding="utf-8")
    with pytest.raises(eg.GlossaryError, match=r'src.yml:\d+: must be one of .*not "009"'):  # the schema's check
        eg.load_glossary(tmp_path / "src.yml")


def test_the_english_concordance_gives_the_pinyin_of_each_word_it_shows_as_written():
    rows = re.findall(r"<tr>(.*?)</tr>", eg.concordance_html("en"))
    pong = next(row for row in rows if "onto a held pair" in row)
    assert "碰</a> <small>pèng</small>" in pong
    four = next(row for row in rows if "four alike" in row)
    assert "壠</a> <small>" not in four  # another written form: no pinyin borrowed from 龙
    assert "<small>" not in eg.concordance_html("zh")


def broken_glossary(tmp_path, name: str, old: str, new: str) -> tuple[Path, int]:
    """The glossary file with its first ``old`` replaced by ``new``, written as ``name``, and the line ``new`` is on."""
    good = eg.GLOSSARY_FILE.read_text(encoding="utf-8")
    assert old in good, f"the glossary no longer holds {old!r}"
    broken = good.replace(old, new, 1)
    (tmp_path / name).write_text(broken, encoding="utf-8")
    return tmp_path / name, next(i for i, text in enumerate(broken.splitlines(), 1) if new in text)


def test_a_concordance_row_with_a_stray_key_is_refused(tmp_path):
    path, line = broken_glossary(
        tmp_path, "comma.yml", 'en: "one number, two-and-one across cases"', "en: one number, two-and-one across cases"
    )
    with pytest.raises(eg.GlossaryError, match=rf"comma.yml:{line}: unknown key “two-and-one across cases”"):
        eg.load_glossary(path)


# --- issue 15: the curator's glossary corrections --------------------------------------------------------------


def test_the_three_floating_wins_are_three_entries_with_their_own_readings_and_sources():
    g = eg.load_glossary()
    entries = {g.by_id[i].zh: g.by_id[i] for i in ("piao", "piaohu", "piaohe")}
    assert {term.zh: term.py for term in entries.values()} == {"飘": "piāo", "飘胡": "piāohú", "瞟和": "piǎohú"}
    assert [entries[w].src for w in ("飘", "飘胡", "瞟和")] == [("004",), ("000",), ("003",)]


def test_mopai_is_luzhou_and_leshan_has_its_own_turn_up_and_the_fourth_players_draw():
    g = eg.load_glossary()
    assert g.by_id["mopai"].trad == ("luzhou",) and "003" not in g.by_id["mopai"].src
    assert g.by_id["fanpai"].trad == ("leshan",)
    assert "小家" in g.by_id["mopai-xiaojia"].def_zh


def test_glossary_entries_say_no_more_than_their_sources():
    g = eg.load_glossary()
    assert "四归一" not in g.by_id["kaizhao"].also
    assert "[001]" in g.by_id["guozhang"].def_zh and "[004]" in g.by_id["guozhang"].def_zh
    for source in ("[000]", "[001]", "[004]"):
        assert source in g.by_id["heihu"].def_zh
    assert "推断" in g.by_id["yidui"].def_zh and "inference" in g.by_id["yidui"].def_en
    assert "推断" in g.by_id["hongpai"].def_zh and "infer" in g.by_id["hongpai"].def_en
    assert "“两大夹一小或两小靠一大”" in g.by_id["baozi"].def_zh  # a quotation, marked as one
    assert g.by_id["fang-wuchuan"].zh == "放"


def concordance_rows(lang: str = "zh") -> list[list[str]]:
    """Each row as its cells' text (tags stripped)."""
    html = eg.concordance_html(lang)
    return [
        [re.sub(r"<[^>]+>", "", cell) for cell in re.findall(r"<t[dh]>(.*?)</t[dh]>", row)]
        for row in re.findall(r"<tr>(.*?)</tr>", html)
    ]


def test_the_concordance_has_a_hunan_column_and_keeps_sitting_out_apart_from_playing():
    head, *rows = concordance_rows()
    assert head[-3:-1] == ["戳牌（川牌）", "湖南跑胡子"]  # (then the mahjong column)
    assert any("跑胡子" in row[-2] for row in rows)
    sitter = next(row for row in rows if "坐底" in row[1])
    assert not any("小家" in cell for cell in sitter)
    fourth = next(row for row in rows if "小家" in row[2])
    assert "坐底" not in fourth[1]
    wanted = (
        ("天胡", "天和"),
        ("地胡", "地和"),
        ("坤", "坤和", "房房数"),
        ("堂底", "墩", "底牌"),
        ("当底",),
        ("打", "抹"),
    )
    for words in wanted:
        assert any(all(w in " ".join(row) for w in words) for row in rows), f"no concordance row for {words}"
    one_set = next(row for row in rows if row[0] == "一组牌")
    assert one_set[3] == "放"


# --- the mahjong column: our comparison, for a reader who plays mahjong ------------------------------------------


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_concordance_ends_with_the_mahjong_word_of_each_row_from_the_data(lang):
    g = eg.load_glossary()
    head, *rows = concordance_rows(lang)
    assert head[-1] == eg.LABELS[lang]["mahjong"]
    assert len(rows) == len(g.concordance)
    for data, row in zip(g.concordance, rows, strict=True):
        word = data.get("mahjong")
        if word is None:
            assert row[-1] == eg.LABELS[lang]["none"], row
        elif lang == "zh":
            assert row[-1] == word["zh"], row
        else:  # the English word first, then the Chinese
            assert row[-1] == f"{word['en']} {word['zh']}", row
    compared = {row[0]: row[-1] for row in concordance_rows("zh")[1:]}
    assert compared["用手中一对拿一张，成三张"] == "碰" and "杠" in compared["给手中坎拿第四张"]
    assert compared["二七十一组"] == "—"  # mahjong has no such set


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_mahjong_column_leads_to_the_note_that_says_it_is_ours_and_cites_its_pages(lang, site_dir):
    """The column is not from the five sources: its heading links to the note under the table, which says so and
    points at the sources page's list of the pages outside the five, where M1 to M3 are cited."""
    assert f'href="#{eg.MAHJONG_NOTE}"' in eg.concordance_html(lang)
    prefix = "en/" if lang == "en" else ""
    words = (site_dir / f"{prefix}archive/words.html").read_text(encoding="utf-8")
    note = re.search(rf'<p[^>]*\bid="{eg.MAHJONG_NOTE}"[^>]*>(.*?)</p>', words, re.S)
    assert note, "the note under the concordance has lost its id"
    assert ("五份资料里没有" if lang == "zh" else "not in the five sources") in note.group(1)
    assert 'href="sources.html#outside"' in note.group(1)
    sources = (site_dir / f"{prefix}archive/sources.html").read_text(encoding="utf-8")
    outside = sources.split('id="outside"', 1)[1].split("<h2", 1)[0]
    for tag, address in (("[M1]", "mahjongonline.eu"), ("[M2]", "26fun.com"), ("[M3]", "wiki.lingshangkaihua.com")):
        assert tag in outside and address in outside, tag


def test_a_mahjong_word_without_its_english_is_refused_with_its_line(tmp_path):
    path, line = broken_glossary(tmp_path, "mj.yml", "mahjong: {zh: 碰, en: pong}", "mahjong: {zh: 碰}")
    with pytest.raises(eg.GlossaryError, match=rf"mj.yml:{line}: .*en"):
        eg.load_glossary(path)


def test_chinese_search_holds_the_mahjong_words_whole():
    words = eg.search_words()
    for word in ("暗杠", "暗刻", "明杠", "顺子"):
        assert word in words, word
    assert not [w for w in words if "（" in w]
