"""The 戳牌 match at build time (sitebuild/ext_chuopai_match.py): what is published is the engine's replay of the
record, in the match viewer's contract; a broken record stops the build naming the file, the deal and why."""

from pathlib import Path

import pytest
from changpai import yamlfile
from changpai.chuopai.match import MatchRecord, replay
from changpai.chuopai.record import frames, read_record

from sitebuild import ext_chuopai_match as ext
from sitebuild.schemas import validate


def test_the_published_match_is_the_engines_replay():
    assert ext.all_names() == ["evening"]
    made = ext.built("evening")
    view = made["view"]
    data, lines = yamlfile.read_located(ext.FOLDER / "evening.yml")
    record = MatchRecord.from_data(data, lines=lines)
    deals, ledger = replay(record)
    validate(view, "match-view", "evening")
    assert [d["totals"] for d in view["deals"]] == [list(t) for t in ledger.history] and sum(view["totals"]) == 0
    assert [d["dealer"] for d in view["deals"]] == [d.table.dealer for d in deals] == [0, 1, 2]
    for row, (_, deal_data, _), deal, one in zip(view["deals"], record.played, deals, made["frames"], strict=True):
        assert one == frames(deal, read_record({**deal_data, "rules": "chuopai"})[1])
        assert row["widget"] == "chuopai" and row["steps"] == len(one["frames"]) - 1


def test_the_page_carries_the_static_table_and_the_viewers_data(tmp_path: Path):
    text = ext.match_html("evening", "zh", "rules/chuopai/")
    assert 'data-cp-widget="match"' in text and "data-cp-filled" in text  # ext_matches leaves it alone
    assert 'data-cp-widget="chuopai"' not in text  # the deal viewers come when a deal is chosen
    assert "cp-match__table" in text and text.count("cp-match__deal-static") == 3
    ext.on_post_build({"site_dir": str(tmp_path)})
    assert (tmp_path / "assets" / "matches" / "chuopai-evening" / "3.json").is_file()


def test_a_broken_record_stops_the_build_with_its_place(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    source = (ext.FOLDER / "evening.yml").read_text(encoding="utf-8")
    (tmp_path / "broken.yml").write_text(source.replace("dealer: 1", "dealer: 2", 1), encoding="utf-8")
    monkeypatch.setattr(ext, "FOLDER", tmp_path)
    with pytest.raises(ValueError) as info:
        ext.built("broken")
    message = str(info.value)
    assert "tutorials/matches/chuopai/broken.yml: played[1].deal.dealer (broken.yml:" in message
    assert "seat 1 to deal" in message and "1 号座位做庄" in message
