"""The one strict YAML reader of the edges: agrees with PyYAML where both read, refuses the rest with file:line."""

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

yaml = pytest.importorskip("yaml", reason="PyYAML is not installed (Pyodide): the edges read YAML, the core does not")

from changpai import yamlfile  # noqa: E402
from changpai.yamlfile import YamlError, dumps, loads, loads_located, read, read_located  # noqa: E402

_text = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs", "Cc", "Zl", "Zp")), max_size=12)
_scalars = st.one_of(st.none(), st.booleans(), st.integers(-(10**6), 10**6), _text)
_keys = st.text(alphabet="abcdefghij_一二三七贰", min_size=1, max_size=6)
_data = st.recursive(
    _scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(_keys, inner, max_size=4)),
    max_leaves=12,
)


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(_keys, _data, min_size=1, max_size=5))
def test_what_we_write_pyyaml_and_we_read_the_same(data):
    text = dumps(data)
    assert yaml.safe_load(text) == data
    assert loads(text) == data


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(_keys, _data, min_size=1, max_size=5), st.booleans())
def test_what_pyyaml_writes_we_read_the_same_or_refuse_with_a_line(data, flow):
    text = yaml.safe_dump(data, allow_unicode=True, default_flow_style=flow, width=10_000)
    try:
        assert loads(text, "w.yml") == data
    except YamlError as error:  # e.g. 0E0, which PyYAML writes plain as text and YAML 1.2 reads as a number
        assert error.where.startswith("w.yml:") and "quote it" in error.text.en


def test_features_the_data_files_use_agree_with_pyyaml():
    text = """\
# a comment
rules: luzhou-a   # after a value
title: {zh: 庄家碰七, en: "The dealer: pongs"}
seats:
  - {zh: 甲, en: A}
  - zh: 乙
    en: 'It''s B # not a comment'
list:
- 一二三
- ''
n: -3
nothing: ~
flag: true
block: |
  line one
  # kept

  line three
folded: >-
  one
  two
empty: []
"""
    assert loads(text) == yaml.safe_load(text)


def test_lines_of_keys_and_items_by_path():
    data, lines = loads_located("rules: x\nsteps:\n  - do: a\n  - {do: b, note: {zh: 一, en: one}}\n", "r.yml")
    assert data["steps"][1]["note"] == {"zh": "一", "en": "one"}
    assert lines[("rules",)] == 1 and lines[("steps",)] == 2
    assert lines[("steps", 0)] == 3 and lines[("steps", 0, "do")] == 3
    assert lines[("steps", 1)] == 4 and lines[("steps", 1, "note", "en")] == 4
    assert yamlfile.line_of(lines, ("steps", 1, "note", "zz")) == 4


@pytest.mark.parametrize(
    "text, line, says",
    [
        ("a: 1\nb: 2\na: 3", 3, "appears twice (first at line 1)"),  # duplicate key
        ("a: yes", 1, "yes/no value"),  # YAML 1.1 boolean
        ("a:\n  - no", 2, "yes/no value"),
        ("on: 1", 1, "yes/no value"),
        ("a: 2024-01-01", 1, "quote it"),  # a date to YAML 1.1, text to 1.2
        ("a: 1:20", 1, "quote it"),  # sexagesimal
        ("a: 012", 1, "quote it"),  # octal to YAML 1.1
        ("a: &x 1\nb: *x", 1, "anchors and aliases"),
        ("a: !!python/object x", 1, "tags"),
        ("a: 'x", 1, "not valid YAML"),
        ("a: [1, 2", 1, "not valid YAML"),
        ("a:\n\tb: 1", 2, "not valid YAML"),
        ("a: b: c", 1, "not valid YAML"),
        ("---\na: 1\n---\nb: 2", 3, "only one document"),
        ("1: a", 1, "a key must be text"),
    ],
)
def test_refused_with_file_and_line(text, line, says):
    with pytest.raises(YamlError) as error:
        loads(text, "deal.yml")
    assert error.value.where == f"deal.yml:{line}"
    assert says in error.value.text.en and error.value.text.zh
    assert error.value.code == "bad-yaml"


def test_a_byte_order_mark_is_not_part_of_the_first_key(tmp_path):
    path = tmp_path / "bom.yml"
    path.write_bytes("\ufeff# a comment first\nrules: leshan\n".encode())
    data, lines = read_located(path, "bom.yml")
    assert data == {"rules": "leshan"} and lines[("rules",)] == 2
    assert loads("\ufeffrules: leshan") == {"rules": "leshan"}


def test_too_deep_is_refused_early_with_the_line():
    deep = "a:\n" + "".join("  " * i + "- \n" for i in range(1, 3)) + "b: " + "[" * 2000 + "]" * 2000
    started = time.process_time()
    with pytest.raises(YamlError) as error:
        loads(deep, "deep.yml")
    assert error.value.where == "deep.yml:4" and "nested too deeply" in error.value.text.en
    assert time.process_time() - started < 2  # not a timing test: 2,000 levels once took 11.7 s before failing
    block = "".join(" " * i + "k:\n" for i in range(40))
    with pytest.raises(YamlError) as error:
        loads(block, "deep.yml")
    assert error.value.where == f"deep.yml:{yamlfile.MAX_DEPTH + 1}"


def test_too_big_is_refused_before_reading(tmp_path):
    path = tmp_path / "big.yml"
    path.write_text("rules: x\nstock: " + "一" * yamlfile.MAX_BYTES + "\n", encoding="utf-8")
    with pytest.raises(YamlError) as error:
        read(path, "big.yml")
    assert error.value.where == "big.yml:1" and "too big" in error.value.text.en
    with pytest.raises(YamlError):
        loads("a: " + "x" * (yamlfile.MAX_BYTES + 1), "big.yml")


def test_not_utf8_is_refused_with_the_line(tmp_path):
    path = tmp_path / "latin.yml"
    path.write_bytes(b"rules: x\ntitle: caf\xe9\n")
    with pytest.raises(YamlError) as error:
        read(path, "latin.yml")
    assert error.value.where == "latin.yml:2"


def test_written_text_that_looks_like_another_type_is_quoted():
    data = {"a": "yes", "b": "012", "c": "1:20", "d": "true", "e": "", "f": "0 discard 七", "g": "a: b"}
    text = dumps(data)
    assert loads(text) == data == yaml.safe_load(text)


@pytest.mark.skipif(__import__("sys").platform == "emscripten", reason="Pyodide cannot start subprocesses")
def test_the_engine_core_and_the_worker_never_import_the_yaml_edge():
    """The browser worker imports changpai.api; neither it nor the core may need PyYAML or this module."""
    import subprocess
    import sys

    probe = "import sys, changpai, changpai.api; print(sorted(m for m in sys.modules if 'yaml' in m))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
