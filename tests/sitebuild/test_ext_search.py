"""The search index per language (sitebuild/ext_search.py): every document of the whole index goes to exactly one
language's file, by the folder its page lies in, in the whole index's order, with the whole index's config."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

from hypothesis import given
from hypothesis import strategies as st

from sitebuild import ext_search

CONFIG = {"lang": ["en"], "separator": "[\\s]+", "pipeline": ["stopWordFilter"]}
FOLDERS = ["", "en/", "archive/", "en/rules/", "rules/", "enx/", "kiosk/"]


def doc(location: str, n: int) -> dict[str, str]:
    return {"location": location, "title": f"t{n}", "text": f"text {n}"}


locations = st.builds(
    lambda folder, name, anchor: folder + name + anchor,
    st.sampled_from(FOLDERS),
    st.sampled_from(["index.html", "history.html", ""]),
    st.sampled_from(["", "#a", "#一"]),
)


@given(st.lists(locations, max_size=30))
def test_each_document_goes_to_its_pages_language_once_in_order(found):
    index = {"config": CONFIG, "docs": [doc(loc, i) for i, loc in enumerate(found)]}
    split = ext_search.split_index(index, "zh", {"en"})
    assert set(split) == {"zh", "en"}
    assert all(part["config"] == CONFIG for part in split.values())
    english = [d for d in index["docs"] if d["location"].startswith("en/")]  # (not "enx/": another folder)
    assert split["en"]["docs"] == english
    assert split["zh"]["docs"] == [d for d in index["docs"] if d not in english]


def fake_config(site: Path, *, building: bool = False) -> dict:
    languages = [SimpleNamespace(locale="zh", default=True), SimpleNamespace(locale="en", default=False)]
    i18n = SimpleNamespace(config=SimpleNamespace(languages=languages), building=building)
    return {"site_dir": str(site), "plugins": {"i18n": i18n}}


def test_the_build_writes_one_file_per_language_beside_the_whole_index(tmp_path):
    (tmp_path / "search").mkdir()
    whole = {"config": CONFIG, "docs": [doc("index.html", 0), doc("en/index.html#搜", 1), doc("rules/a.html", 2)]}
    (tmp_path / "search/search_index.json").write_text(json.dumps(whole), encoding="utf-8")
    ext_search.on_post_build(fake_config(tmp_path, building=True))  # a language built inside the main build
    assert sorted(p.name for p in (tmp_path / "search").iterdir()) == ["search_index.json"]
    ext_search.on_post_build(fake_config(tmp_path))
    read = {
        lang: json.loads((tmp_path / ext_search.language_index_name(lang)).read_text(encoding="utf-8"))
        for lang in ("zh", "en")
    }
    assert [d["location"] for d in read["zh"]["docs"]] == ["index.html", "rules/a.html"]
    assert read["en"] == {"config": CONFIG, "docs": [doc("en/index.html#搜", 1)]}
    assert "搜" in (tmp_path / "search/search_index.en.json").read_text(encoding="utf-8")  # UTF-8, not \\u escapes
