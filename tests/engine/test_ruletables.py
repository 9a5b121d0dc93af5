"""The reference page's tables (sitebuild/ext_ruletables.py) are rendered from the engine's data."""

import re
import sys
from pathlib import Path

import pytest

pytest.importorskip("mkdocs", reason="the site build is not part of the browser's Python")

REPO = Path(__file__).resolve().parents[2]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from changpai.daer.sets import SetKind  # noqa: E402
from changpai.daer.traditions import RULESETS, get_rules  # noqa: E402

from sitebuild import ext_ruletables as ext  # noqa: E402
from sitebuild.shortcodes import expand  # noqa: E402


def rows(markdown):
    """The body rows of the first Markdown table, as lists of cells."""
    lines = [line for line in markdown.splitlines() if line.startswith("|")]
    return [[cell.strip() for cell in re.split(r"(?<!\\)\|", line)[1:-1]] for line in lines[2:]]


@pytest.mark.parametrize("name", RULESETS)
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_table_renders(name, lang):
    for table in ext.TABLES:
        out = expand(f"{{{{cp ruleset-table {name} {table}}}}}", lang=lang, page=None, source="t.md")
        assert out.strip(), table
    assert expand(f"{{{{cp ruleset-options {name}}}}}", lang=lang, page=None, source="t.md").strip()


@pytest.mark.parametrize("name", RULESETS)
def test_set_points_table_shows_the_engine_numbers(name):
    rules = get_rules(name)
    body = rows(ext.set_points(rules, "en"))
    assert [row[0] for row in body] == [rules.native_name(k).en for k in ext.IDENTICAL_KINDS]
    for row, kind in zip(body, ext.IDENTICAL_KINDS, strict=True):
        expected = [str(rules.set_points[kind][c].value) for c in rules.card_classes]
        assert row[1 : 1 + len(expected)] == expected


def test_compare_shows_the_kan_disagreement():
    body = {row[0]: row for row in rows(ext.compare(SetKind.KAN, "zh"))}
    # rows are named by the tradition's title, in the page's language, not by the rule-set id
    assert body[get_rules("luzhou-a").title.zh][2:6] == ["12", "9", "6", "3"]
    assert body[get_rules("luzhou-b").title.zh][2:6] == ["12", "9", "9", "6"]
    assert not any("`" in name for name in body)


def test_sources_link_from_the_page():
    class File:
        src_uri = "rules/reference.en.md"

    class Page:
        file = File()

    out = ext.set_points(get_rules("leshan"), "en", Page())
    assert "(../archive/sources.en.md#source-003)" in out


def test_options_table_shows_defaults():
    body = rows(ext.options(get_rules("leshan"), "zh", codes=True))
    shown = {row[0]: row[3] for row in body}
    assert {f"`{k}`": f"`{v}`" for k, v in get_rules("leshan").options.items()}.items() <= shown.items()
    assert shown["`tianhe_fan`"] == "`1`" and shown["`declare`"] == "`best-pay`"  # the play's options too


def test_visitor_options_table_speaks_in_words():
    # Visitor pages name no option codes: the question, the choices and the default are words.
    text = ext.options(get_rules("leshan"), "zh")
    assert "`" not in text and "两番（眉山、仁寿）" in text and "一番（乐山）" in text


@pytest.mark.parametrize("args", [[], ["luzhou-a"], ["luzhou-a", "nothing"], ["nowhere", "basics"]])
def test_bad_shortcode_arguments_fail(args):
    with pytest.raises(Exception):  # noqa: B017 - the build reports any failure with file and line
        ext.ruleset_table(args, "zh", None)


@pytest.mark.parametrize("filename", ["reference.md", "reference.en.md"])
def test_reference_pages_show_every_table_of_every_rule_set(filename):
    text = (REPO / "docs" / "rules" / filename).read_text(encoding="utf-8")
    for name in RULESETS:
        for table in ext.TABLES:
            if table == "grades" and name not in ("leshan", "luzhou-b"):
                continue
            assert f"{{{{cp ruleset-table {name} {table}}}}}" in text, (name, table)
        assert f"{{{{cp ruleset-options {name} codes}}}}" in text


def test_grade_bands_show_both_ends_and_the_right_value():
    # Regression: the last row read "55+ → 240" (Leshan) and "51+ → 6 等" (Luzhou B), wrong from 65 / 61 on.
    leshan = {row[0]: row[2] for row in rows(ext.grades(get_rules("leshan"), "zh"))}
    assert leshan["10–14"] == "10" and leshan["25–30"] == "60" and leshan["55–64"] == "240"
    luzhou_b = {row[0]: row[2] for row in rows(ext.grades(get_rules("luzhou-b"), "en"))}
    assert luzhou_b["10"] == "1" and luzhou_b["51–60"] == "6"
    assert not any(label.endswith("+") for label in [*leshan, *luzhou_b])
    assert "同一规则" in ext.grades(get_rules("leshan"), "zh")


def test_point_columns_use_the_traditions_word():
    header = ext.grades(get_rules("leshan"), "zh").strip().splitlines()[0]
    assert header.startswith("| 和数 |")
    assert "| 胡数 |" in ext.special_sets(get_rules("luzhou-a"), "zh")


def test_doublings_show_what_they_multiply_by():
    # [001] 黑加三翻: three doublings, ×8; [003]'s 坤和 one doubling, ×2.
    body = {row[0]: row[2] for row in rows(ext.patterns(get_rules("luzhou-a"), "en"))}
    assert body["black"] == "3 doublings (×8)" and body["red"] == "1 doubling (×2)"
    zh = {row[0]: row[2] for row in rows(ext.patterns(get_rules("leshan"), "zh"))}
    assert zh["坤和（房房数）"] == "加 1 翻（×2）"


def test_wuchuan_table_is_headed_as_win_classes():
    header = ext.patterns(get_rules("wuchuan"), "en").strip().splitlines()[0]
    assert header.startswith("| Win class |") and "| Class |" in header


def test_pattern_values_keep_their_unit_and_repeated_notes_are_not_repeated():
    advanced = get_rules("luzhou-b", b_mode="advanced")
    sisters = {row[0]: row[2] for row in rows(ext.patterns(advanced, "zh"))}["姊妹碰、姊妹招、姊妹壠"]
    assert sisters.startswith("2 / 8 / 32 番")
    notes = [row[2] for row in rows(ext.special_sets(get_rules("luzhou-b"), "en"))]
    assert notes[1:4] == ["as above"] * 3 and "[004]" in notes[0]


@pytest.mark.parametrize("name", RULESETS)
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_names_table_has_a_note_column_only_when_a_name_has_a_note(name, lang):
    """A set's local name from a source needs no note; the engine's own reading of a name says so in the Note column.
    Leshan's names all come from [003]: its table had a column with nothing in it."""
    rules = get_rules(name)
    table = ext.names(rules, lang)
    header = [
        cell.strip()
        for cell in table.splitlines()[[line.startswith("|") for line in table.splitlines()].index(True)].split("|")[
            1:-1
        ]
    ]
    body = rows(table)
    engine_named = [kind for kind in SetKind if rules.set_names[kind].source == "engine"]
    assert all(len(row) == len(header) for row in body)
    assert (("说明" if lang == "zh" else "Note") in header) == bool(engine_named), header
    note = header.index("说明" if lang == "zh" else "Note") if engine_named else None
    assert len(body) == len(SetKind) and all(cell for row in body for i, cell in enumerate(row) if i != note), body
    assert note is None or all(row[note] for row, kind in zip(body, SetKind, strict=True) if kind in engine_named)
