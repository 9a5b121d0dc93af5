"""A deal of a 一百 sitting shown on its own (a deal record's ``sitting``: each seat's 子 and target before it):
the deal's running 子 start from there, and the record stops at the 子 that wins the sitting [000] — a step after
it, or a sitting already won, is refused where it is written, in both languages."""

from __future__ import annotations

from pathlib import Path

import pytest
from changpai import yamlfile
from changpai.daer.record import DealRecord, RecordError, frames, replay

ROOT = Path(__file__).resolve().parents[2]
MID_DEAL = ROOT / "tutorials" / "deals" / "yibai-manbai-zhongtu.yml"


def _record(data: dict) -> DealRecord:
    return DealRecord.from_data(data, name="x.yml")


def _data() -> dict:
    return yamlfile.read(MID_DEAL)


def test_the_running_count_starts_from_the_sitting_and_ends_where_the_target_is_reached():
    data = _data()
    shown = frames(_record(data))["steps"]
    first = [e["zh"] for e in shown[0]["events"] if e["code"] == "score-totals"][0]
    assert first.endswith("甲 82，乙 98，丙 109（要满 120）")  # 82 89 100 before, and the pick-up's 坎
    ends = [s["index"] for s in shown if any(e["code"] == "score-end" for e in s["events"])]
    assert ends == [shown[-1]["index"]]
    deal, _ = replay(_record(data))
    assert not deal.over  # the sitting is won; the deal itself is left unfinished


def _a_next_step() -> str:
    """A step the deal itself would allow after its last one (the deal is not over)."""
    data = _data()
    del data["sitting"]
    deal, _ = replay(_record(data))
    return str(next(iter(deal.legal_actions())))


def test_a_step_after_the_sitting_is_won_is_refused_at_that_step():
    data = _data()
    data["steps"].append({"do": _a_next_step()})
    with pytest.raises(RecordError) as caught:
        replay(_record(data))
    error = caught.value
    assert error.code == "match-over" and error.where == f"step {len(data['steps'])}"
    assert "已经有人满了" in error.text.zh and "already won" in error.text.en


def test_without_the_sitting_the_same_deal_may_go_on():
    data = _data()
    del data["sitting"]
    data["steps"].append({"do": _a_next_step()})
    replay(_record(data))  # a deal on its own starts at 0 子: nobody is near 100


@pytest.mark.parametrize(
    ("sitting", "where", "zh"),
    [
        ({"totals": [82, 89]}, "sitting.totals", "每家一个"),
        ({"totals": [82, 89, -1]}, "sitting.totals", "非负"),
        ({"totals": [82, 100, 100], "targets": [100, 100, 120]}, "sitting.totals", "已经满了"),
        ({"totals": [82, 89, 100], "targets": [100, 100, 90]}, "sitting.targets", "不能少于"),
        ({"totals": [82, 89, 100], "goal": 3}, "sitting", "不认识"),
    ],
)
def test_a_wrong_sitting_is_refused_where_it_is_wrong(sitting: dict, where: str, zh: str):
    data = _data()
    data["sitting"] = sitting
    with pytest.raises(RecordError) as caught:
        replay(_record(data))
    assert caught.value.where == where and zh in caught.value.text.zh and caught.value.text.en


def test_a_sitting_is_only_for_a_game_scored_across_deals():
    data = yamlfile.read(ROOT / "tutorials" / "deals" / "wuchuan-win.yml")
    data["sitting"] = {"totals": [0, 0, 0, 0]}
    with pytest.raises(RecordError) as caught:
        replay(_record(data))
    assert caught.value.where == "sitting" and "一百" in caught.value.text.en


def test_the_sitting_is_written_back_as_read():
    record = _record(_data())
    assert DealRecord.from_data(record.to_data()).sitting == {"totals": [82, 89, 100], "targets": [100, 100, 120]}
