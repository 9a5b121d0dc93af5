"""Every data file fits its JSON Schema (schemas/), and a file that does not is refused with file:line."""

from pathlib import Path

import pytest
from changpai.yamlfile import SchemaError, YamlError

from sitebuild import ext_glossary, ext_tutorials
from sitebuild.schemas import REPO_ROOT, read_data_file

DATA_FILES = [
    *((p, "deal-record") for p in sorted((REPO_ROOT / "tutorials" / "deals").glob("*.yml"))),
    *((p, "lesson") for p in sorted((REPO_ROOT / "tutorials" / "lessons").glob("*.yml"))),
    (REPO_ROOT / "docs" / "data" / "glossary.yml", "glossary"),
    *((p, "chuopai-match-record") for p in sorted((REPO_ROOT / "tutorials" / "matches" / "chuopai").glob("*.yml"))),
    *((p, "match-record") for p in sorted((REPO_ROOT / "tutorials" / "matches").glob("*.yml"))),
]

LESSON = """\
title: {zh: 试, en: A try}
rules: leshan
levels:
  - ask: choice
    goal: {zh: 选, en: Choose}
    choices:
      - id: a
        label: {zh: 甲, en: one}
      - id: b
        label: {zh: 乙, en: two}
    answer: a
    explain: {zh: 对, en: Right}
"""

RECORD = """\
rules: luzhou-a
title: {zh: 试, en: A try}
seed: 3
steps:
  - do: 0 discard 七
    note: {zh: 出, en: out}
"""


@pytest.mark.parametrize("path, schema", DATA_FILES, ids=lambda v: v.name if isinstance(v, Path) else v)
def test_every_data_file_fits_its_schema(path, schema):
    data, lines = read_data_file(path, schema)
    assert isinstance(data, dict) and lines[()] == 1


def _write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "schema, text, old, new, line, says",
    [
        # an unquoted comma in a flow mapping: PyYAML cuts the label and makes a stray key (the bug of issue 10)
        ("lesson", LESSON, "en: one}", "en: one, or so}", 8, "unknown key “or so”"),
        ("lesson", LESSON, "    answer: a\n", "    answer: a\n    anwser: b\n", 12, "unknown key “anwser”"),
        ("lesson", LESSON, "ask: choice", "ask: chose", 4, "must be one of"),
        ("lesson", LESSON, "rules: leshan", "rules: 3", 2, "expected string, not 3"),
        ("lesson", LESSON, "    explain: {zh: 对, en: Right}\n", "", 4, "missing “explain”"),
        ("deal-record", RECORD, "seed: 3", "seed: three", 3, "expected integer"),
        ("deal-record", RECORD, "    note:", "    nite:", 6, "unknown key “nite”"),
        ("deal-record", RECORD, "title: {zh: 试, en: A try}", "titel: {zh: 试, en: A try}", 2, "unknown key “titel”"),
        ("deal-record", RECORD, "note: {zh: 出, en: out}", "note: {zh: 出}", 6, "missing “en”"),
    ],
)
def test_a_file_that_breaks_its_schema_is_refused_with_file_and_line(tmp_path, schema, text, old, new, line, says):
    assert old in text
    path = _write(tmp_path, "bad.yml", text.replace(old, new, 1))
    with pytest.raises(SchemaError) as error:
        read_data_file(path, schema)
    assert error.value.where == f"{path}:{line}", error.value
    assert says in error.value.text.en and error.value.text.zh
    assert error.value.code == "bad-data"


@pytest.mark.parametrize(
    "text, line, says",
    [
        (LESSON.replace("rules: leshan\n", "rules: leshan\nrules: luzhou-a\n"), 3, "appears twice"),
        (LESSON.replace("answer: a", "answer: yes"), 11, "yes/no value"),
        ("title: {zh: 试, en: A try}\nrules: leshan\nlevels:\n  - " + "[" * 100 + "]" * 100, 4, "nested too deeply"),
    ],
)
def test_a_file_that_is_not_strict_yaml_is_refused_with_file_and_line(tmp_path, text, line, says):
    path = _write(tmp_path, "bad.yml", text)
    with pytest.raises(YamlError) as error:
        read_data_file(path, "lesson")
    assert error.value.where == f"{path}:{line}" and says in error.value.text.en


def test_a_byte_order_mark_is_dropped_not_read_as_a_key(tmp_path):
    path = tmp_path / "bom.yml"
    path.write_bytes(("\ufeff# a lesson\n" + LESSON).encode())
    data, lines = read_data_file(path, "lesson")
    assert "rules" in data and lines[("rules",)] == 3


def test_a_file_over_the_limit_is_refused_before_it_is_read(tmp_path):
    path = _write(tmp_path, "big.yml", RECORD + "stock: " + "一" * 400_000 + "\n")
    with pytest.raises(YamlError) as error:
        read_data_file(path, "deal-record")
    assert error.value.where == f"{path}:1" and "too big" in error.value.text.en


def test_the_build_says_file_and_line_for_a_bad_lesson(tmp_path):
    path = _write(tmp_path, "bad.yml", LESSON.replace("en: one}", "en: one, or so}"))
    with pytest.raises(ext_tutorials.TutorialError) as error:
        ext_tutorials.load_lesson(path)
    assert str(error.value).startswith(f"{path}:8: unknown key “or so”")


def test_the_build_says_file_and_line_for_a_bad_deal(tmp_path, monkeypatch):
    path = _write(tmp_path, "bad-deal.yml", RECORD.replace("    note:", "    nite:"))
    monkeypatch.setattr(ext_tutorials, "deal_path", lambda deal_id: path)
    with pytest.raises(ext_tutorials.TutorialError) as error:
        ext_tutorials.deal_frames("bad-deal")
    assert str(error.value).startswith(f"{path}:6: unknown key “nite”")


def test_the_build_says_file_and_line_for_a_bad_glossary(tmp_path):
    text = (REPO_ROOT / "docs" / "data" / "glossary.yml").read_text(encoding="utf-8")
    number = next(i for i, line in enumerate(text.splitlines(), 1) if line.lstrip().startswith("def_en:"))
    lines = text.splitlines()
    lines[number - 1] = lines[number - 1].replace("def_en:", "def_eng:", 1)
    path = _write(tmp_path, "glossary.yml", "\n".join(lines) + "\n")
    with pytest.raises(ext_glossary.GlossaryError) as error:
        ext_glossary.load_glossary(path)
    assert f"{path}:{number}" in str(error.value) and "unknown key “def_eng”" in str(error.value)


def test_the_lesson_label_cut_at_a_comma_is_whole_again():
    lesson = ext_tutorials.lesson_data("leshan-first-steps")
    labels = [c["label"]["en"] for level in lesson["levels"] for c in level.get("choices", [])]
    assert "Lay your own 六 out too, in another room from your hand" in labels
