"""One shape for a 一百 sitting's count [000] (``wuchuan_yibai_score.Sitting``): the api's answer after a step, what
a client sends back, and a deal record's ``sitting`` are the same object, read by one reader. The oracle is the
count itself: carried whole or cut down to its totals and targets, a sitting goes on the same way, and a field in
the wrong shape is refused at the same place by the api and by a record, in both languages."""

from __future__ import annotations

from pathlib import Path

import pytest
from changpai import yamlfile
from changpai.api import handle
from changpai.core.text import ChangpaiError
from changpai.daer.record import DealRecord, frames
from changpai.daer.wuchuan_yibai_score import Sitting

RULES = "wuchuan-yibai"
OPTIONS = {"yibai_target": "60"}
MID_DEAL = Path(__file__).resolve().parents[2] / "tutorials" / "deals" / "yibai-manbai-zhongtu.yml"


def _ok(request):
    answer = handle(request)
    assert "error" not in answer, (request, answer)
    return answer


def _first_deal_played_out(seed: int):
    """The last answer of a deal played by the computer through the api (None if the sitting ended in it)."""
    answer = _ok({"command": "new_deal", "rules": RULES, "players": 3, "seed": seed, "options": OPTIONS})
    while not answer["over"] and answer["sitting"]["winner"] is None:
        move = _ok({"command": "bot_move", "game": answer["game"]})
        answer = _ok({"command": "apply", "game": answer["game"], "action": move["action"]})
    return answer if answer["sitting"]["winner"] is None else None


@pytest.mark.parametrize("seed", [1, 2, 5])
def test_an_answers_sitting_reads_back_as_itself(seed):
    answer = _first_deal_played_out(seed)
    if answer is None:
        pytest.skip("the sitting ended in its first deal")
    sitting = answer["sitting"]
    assert Sitting.read(sitting, 3, OPTIONS, before_deal=False).as_dict() == sitting
    # the next deal, from the whole answer or from its totals and targets only: the same count
    whole = {"command": "new_deal", "rules": RULES, "players": 3, "seed": 9, "options": OPTIONS}
    dealer = sitting["next_dealer"]
    a = _ok({**whole, "dealer": dealer, "sitting": sitting})["sitting"]
    b = _ok({**whole, "dealer": dealer, "sitting": {k: sitting[k] for k in ("totals", "targets")}})["sitting"]
    assert a == b
    assert [x + sum(s["points"] for s in a["scores"] if s["seat"] == n) for n, x in enumerate(sitting["totals"])] == a[
        "totals"
    ]


def test_a_record_takes_the_sitting_an_answer_gives():
    data = yamlfile.read(MID_DEAL)
    short = frames(DealRecord.from_data(data, name=MID_DEAL.name))
    before = data["sitting"]
    data["sitting"] = {**before, "chaos": [0, 0, 1], "winner": None, "scores": [], "new": 0, "next_dealer": 1}
    whole = frames(DealRecord.from_data(data, name=MID_DEAL.name))
    assert whole["steps"] == short["steps"]


BAD = [
    ({"totals": [1, 2, 3], "new": -1}, "sitting.new", "非负"),
    ({"totals": [1, 2, 3], "next_dealer": 3}, "sitting.next_dealer", "非负"),
    ({"totals": [1, 2, 3], "chaos": [0, "x", 0]}, "sitting.chaos", "每家一个"),
    ({"totals": [1, 2, 3], "winner": 1}, "sitting.winner", "满了"),
    ({"totals": [1, 2, 3], "total": 3}, "sitting", "不认识"),
    ({"totals": [1, 2, 3], "scores": [{"step": 0, "seat": 0, "points": 3, "for": "x"}]}, "sitting.scores[0].for", "x"),
]


@pytest.mark.parametrize("sitting, where, zh", BAD)
def test_a_bad_sitting_is_refused_at_the_same_field_by_the_api_and_a_record(sitting, where, zh):
    refused = handle({"command": "new_deal", "rules": RULES, "players": 3, "sitting": sitting})["error"]
    assert refused["where"] == where and zh in refused["zh"] and refused["en"], refused
    data = yamlfile.read(MID_DEAL)
    data["sitting"] = sitting
    with pytest.raises(ChangpaiError) as caught:
        frames(DealRecord.from_data(data, name=MID_DEAL.name))
    assert caught.value.where == where and zh in caught.value.text.zh
