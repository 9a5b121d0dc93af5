"""The 红点点 deals at build time (sitebuild/ext_hongdiandian_deals.py): every record in tutorials/hongdiandian
becomes a viewer's frames and a static first frame; a broken record fails, naming the file, its line and the step."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import pytest
from changpai import yamlfile
from changpai.hongdiandian.record import frames

from sitebuild import ext_hongdiandian_deals as ext

ROOT = Path(__file__).resolve().parents[2]
RECORD = ROOT / "tutorials" / "hongdiandian" / "sicheng-exact-32.yml"


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(ext, "DEALS_DIR", tmp_path)
    ext._view_cached.cache_clear()
    yield tmp_path
    ext._view_cached.cache_clear()


def test_every_record_gives_frames_that_agree_with_the_engine():
    ids = ext.all_deal_ids()
    assert len(ids) >= 4
    for deal_id in ids:
        view = ext.deal_view(deal_id)
        data, _ = yamlfile.read_located(ext.deal_path(deal_id), deal_id)
        engine = frames(data)
        assert len(view["steps"]) == len(engine["steps"])
        assert [s["hands"] for s in view["steps"]] == [s["state"]["hands"] for s in engine["steps"]]
        end = view["steps"][-1]["result"]
        settled = engine["settlement"]
        assert end["type"] == settled["type"] and end["seat"] == settled["seat"]
        if settled["type"] == "win":
            assert (end["points"], end["layers"]) == (settled["score"]["points"], settled["layers"])
            assert end["class"] == settled["score"]["class"]["name"]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_static_frame_draws_cards_and_names_no_engine_ids(lang: str):
    for deal_id in ext.all_deal_ids():
        text = ext.deal_html(deal_id, lang, "rules/wuchuan.html")
        static = text.split('<div class="cp-widget-data')[0]
        assert static.count('<img class="cp-card') > 40
        assert "../assets/cards/luzhou/" in static  # the numeral cards in Wuchuan's colours
        # no engine ids, option names or seat numbers for the visitor
        assert "wuchuan-hongdiandian" not in static
        assert not re.search(r"\d号|seat \d|\d (?:discard|turn|eat|dui|hu|pass)\b|kan2", static)
        assert f"../assets/hongdiandian/{deal_id}.json?v=" in text


def broken(folder: Path, step: int, action: str) -> Path:
    lines = RECORD.read_text(encoding="utf-8").splitlines(keepends=True)
    data, located = yamlfile.read_located(RECORD, "x")
    line = yamlfile.line_of(located, ("steps", step, "do"))
    original = lines[line - 1]
    assert "do:" in original, original
    lines[line - 1] = original.split("do:")[0] + f"do: {action}\n"
    path = folder / "broken.yml"
    path.write_text("".join(lines), encoding="utf-8")
    return path


def test_an_illegal_step_fails_with_file_line_and_step(folder: Path):
    path = broken(folder, 3, "3 discard 拾")  # not seat 3's turn, nor its card
    data, located = yamlfile.read_located(path, "broken")
    line = yamlfile.line_of(located, ("steps", 3))
    with pytest.raises(ext.HddDealError) as caught:
        ext.deal_view("broken")
    message = str(caught.value)
    assert str(path) in message or "broken.yml" in message
    assert f"broken.yml:{line}:" in message
    assert "step 4" in message and "steps.3" in message


def test_a_broken_record_fails_the_page_that_shows_it(folder: Path):
    broken(folder, 0, "0 eat 五")
    page = SimpleNamespace(file=SimpleNamespace(src_uri="rules/wuchuan.md", locale="zh"), url="rules/wuchuan.html")
    html = '<div class="cp-hdd-deal" data-cp-widget="hdd-deal" data-deal="broken" id="hdd-deal-broken"></div>'
    with pytest.raises(
        ext.HddDealError, match=r"docs/rules/wuchuan\.md: 红点点 deal 'broken': .*broken\.yml:\d+: step 1"
    ):
        ext.on_page_content(html, page, {}, None)
    with pytest.raises(ext.HddDealError, match="broken.yml"):
        ext.hongdiandian_deal(["broken"], "zh", page)


def test_a_missing_record_lists_the_known_ones(folder: Path):
    (folder / "one.yml").write_text(RECORD.read_text(encoding="utf-8"), encoding="utf-8")
    with pytest.raises(ext.HddDealError, match=r"no such 红点点 record \(known: one\)"):
        ext.deal_view("two")
    assert ext.deal_view("one")["steps"]
