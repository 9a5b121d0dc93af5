"""红点点 through the JSON facade (changpai.api.handle): score, waits, rules and simulate for the two rule sets."""

from __future__ import annotations

import pytest
from changpai.api import handle
from changpai.hongdiandian.rules import HUADA, SICHENG

HAND = "拾玖 拾九 柒七 柒五 捌八 陆贰 十三 壹"


def test_score_answers_points_class_and_layers():
    answer = handle({"command": "score", "rules": HUADA, "hand": HAND, "win_card": "壹"})
    assert answer["points"] == 80 and answer["win"] and answer["layers"] == 4
    assert answer["class"]["name"]["zh"] == "花大" and answer["class"]["layers"]["source"] == "[000]"
    assert len(answer["sets"]) == 8
    sicheng = handle({"command": "score", "rules": SICHENG, "hand": HAND, "win_card": "壹"})
    assert sicheng["class"]["key"] == "honglongzi" and sicheng["class"]["layers"]["source"] == "engine"


def test_score_takes_options_and_from():
    hand = "捌八 捌六 壹壹 陆四 十十 一一 二二 五五"
    assert handle({"command": "score", "rules": HUADA, "hand": hand, "from": "tianhu"})["class"]["key"] == "tianhu"
    answer = handle({"command": "score", "rules": SICHENG, "hand": hand, "options": {"xiaohu_layers": 3}})
    assert answer["win"] is False and answer["reasons"][0]["en"].startswith("19 points")


def test_waits_and_rules():
    answer = handle({"command": "waits", "rules": SICHENG, "hand": HAND})
    assert [w["card"] for w in answer["waits"]] == ["壹"] and answer["minimum"] == 32
    full = handle({"command": "rules", "name": HUADA})
    assert full["name"] == HUADA and {c["key"] for c in full["classes"]} >= {"huada", "hualongzi", "wulongzi"}
    assert all(c["layers"]["source"] in ("[000]", "engine") for c in full["classes"])
    assert full["options"]["dae_reading"]["default"]["value"] == "pairs"
    listing = handle({"command": "rules"})
    assert [r["name"] for r in listing["games"]["hongdiandian"]] == [SICHENG, HUADA]


def test_simulate_through_the_api():
    answer = handle({"command": "simulate", "rules": SICHENG, "deals": 20, "seed": 4})
    assert answer["deals"] == 20 and answer["broken_invariants"] == 0
    assert handle({"command": "simulate", "rules": "leshan"})["error"]["where"] == "rules"


@pytest.mark.parametrize(
    "request_, code, where",
    [
        ({"command": "score", "rules": SICHENG, "hand": "一二三"}, "card-count", "hand"),
        ({"command": "score", "rules": SICHENG, "hand": HAND, "win_card": "一二"}, "bad-field", "win_card"),
        (
            {"command": "score", "rules": SICHENG, "hand": HAND, "win_card": "壹", "options": {"nope": 1}},
            "bad-option",
            "options.nope",
        ),
        (
            {"command": "score", "rules": SICHENG, "hand": HAND, "win_card": "壹", "options": {"five_players": True}},
            "not-implemented",
            "options.five_players",
        ),
        (
            {"command": "score", "rules": SICHENG, "hand": "一一一一一 二二二 三三三 四四四 五五"},
            "too-many-copies",
            "hand",
        ),
        ({"command": "waits", "rules": HUADA, "hand": "一二"}, "card-count", "hand"),
        ({"command": "simulate", "rules": HUADA, "deals": 10**6}, "bad-field", "deals"),
        ({"command": "rules", "name": HUADA, "options": {"xiaohu_layers": 9}}, "bad-option", "options.xiaohu_layers"),
    ],
)
def test_bad_requests_answer_located_bilingual_errors(request_, code, where):
    error = handle(request_)["error"]
    assert (error["code"], error["where"]) == (code, where)
    assert error["zh"] != error["en"]


def test_the_command_line_simulates_hongdiandian(capsys):
    from changpai.cli import main

    assert main(["simulate", "--rules", HUADA, "--deals", "5", "--seed", "2"]) == 0
    assert '"broken_invariants": 0' in capsys.readouterr().out
