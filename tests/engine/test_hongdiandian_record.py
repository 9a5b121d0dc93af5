"""红点点 records (changpai.hongdiandian.record): a deal written as data with notes and questions, replayed, and
its errors located at the step."""

from __future__ import annotations

import sys

import pytest
from changpai.bots.hongdiandian import simulate_one
from changpai.core.text import ChangpaiError, Text
from changpai.hongdiandian.actions import Action
from changpai.hongdiandian.record import frames, record_of, replay
from changpai.hongdiandian.rules import HUADA
from hddkit import c, jue_deal


def jue_record() -> dict:
    """[000]'s 绝牌 rule as a record: B does not eat the 一 it could pair, then may never discard it."""
    deal = jue_deal()
    deal.play(Action(0, "discard", c("一")))
    deal.play(Action(1, "pass"))
    deal.play(Action(1, "turn"))
    while deal.to_move() != [1] or deal.prompts[0][1] != "eat":
        deal.play(Action(deal.to_move()[0], "pass"))
    deal.play(Action(1, "eat", c("九")))
    deal.play(Action(1, "discard", c("一")), violation=True)
    data = record_of(deal, Text("绝牌要吃", "A 绝牌 must be eaten"))
    data["intro"] = {"zh": "乙手上有一张一。", "en": "B holds one 一."}
    data["steps"].insert(
        1,
        {
            "question": {
                "seat": 1,
                "prompt": {"zh": "乙吃不吃这张一？", "en": "Does B eat this 一?"},
                "choices": [
                    {"id": "1 eat 一", "label": {"zh": "吃", "en": "eat"}},
                    {"id": "1 pass", "label": {"zh": "不吃", "en": "pass"}},
                ],
                "answer": ["1 eat 一"],
                "explain": {
                    "zh": "一是绝牌，不吃就再也打不出去。",
                    "en": "一 is a 绝牌: left uneaten it can never be discarded.",
                },
            }
        },
    )
    data["steps"][0]["note"] = {"zh": "庄家先打。", "en": "The dealer discards first."}
    return data


def test_a_record_replays_with_its_notes_questions_and_bao():
    data = jue_record()
    deal, steps = replay(data)
    assert deal.bao == (1, "jue-discard") and steps[-1]["events"][0]["type"] == "bao"
    shown = frames(data)
    assert len(shown["steps"]) == len(data["steps"]) + 1 and shown["steps"][0]["note"]["en"] == "B holds one 一."
    assert shown["settlement"]["type"] == "bao" and shown["title"]["zh"] == "绝牌要吃"


def test_a_simulated_deal_round_trips_as_a_record():
    deal, _ = simulate_one(HUADA, 8)
    again, _ = replay(record_of(deal))
    assert again.to_dict()["history"] == deal.to_dict()["history"] and again.settlement() == deal.settlement()


@pytest.mark.parametrize(
    "change, code, where",
    [
        (lambda d: d["steps"].__setitem__(0, {"do": "1 discard 一"}), "not-your-turn", "steps.0"),
        (lambda d: d["steps"][0].__setitem__("violation", "jue-discard"), "no-violation", "steps.0"),
        (lambda d: d["steps"][-1].__setitem__("violation", "eat-wrong"), "bad-record", "violation"),
        (
            lambda d: d["steps"][1]["question"].__setitem__("answer", ["1 eat 拾"]),
            "bad-record",
            "steps.1.question.answer.0",
        ),
        (lambda d: d["steps"].__setitem__(2, {"do": 5}), "bad-record", "steps.2.do"),
        (lambda d: d.__setitem__("hands", ["一一一一一", *d["hands"][1:]]), "too-many-copies", "record: hands"),
    ],
)
def test_a_bad_record_is_located(change, code, where):
    data = jue_record()
    change(data)
    with pytest.raises(ChangpaiError) as caught:
        replay(data)
    error = caught.value
    assert error.code == code and (error.where == where or error.where.endswith(where))
    assert error.text.zh != error.text.en


def test_frames_through_the_api():
    from changpai.api import handle

    answer = handle({"command": "frames", "record": jue_record()})
    assert answer["game"] == "hongdiandian" and answer["settlement"]["seat"] == 1
    bad = jue_record()
    bad["steps"][0] = {"do": "1 discard 一"}
    assert handle({"command": "frames", "record": bad})["error"]["where"] == "steps.0"


@pytest.mark.skipif(sys.platform == "emscripten", reason="writes a file and runs the command line")
def test_the_command_line_replays_a_record_file(tmp_path, capsys):
    from changpai import yamlfile
    from changpai.cli import main

    path = tmp_path / "hdd.yml"
    path.write_text(yamlfile.dumps(jue_record()), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    assert "bao" in capsys.readouterr().out
    assert main(["record", "--rules", HUADA, "--seed", "3"]) == 0
    path.write_text(capsys.readouterr().out, encoding="utf-8")
    assert main(["replay", str(path)]) == 0 and "ok: hdd.yml" in capsys.readouterr().out
