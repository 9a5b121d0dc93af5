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
            {"command": "score", "rules": SICHENG, "hand": HAND, "win_card": "壹", "options": {"five_players": "5"}},
            "bad-option",
            "options.five_players",
        ),
        (  # five-handed, a hand is 16 cards or the short seat's 6: 7 is neither
            {"command": "score", "rules": SICHENG, "hand": "一一二二三三四", "options": {"five_players": True}},
            "card-count",
            "hand",
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


def test_a_whole_deal_through_the_api_as_the_kiosk_plays_it():
    answer = handle({"command": "new_deal", "rules": HUADA, "seed": 5, "dealer": 1})
    assert answer["view"]["to_move"] == [1] and len(answer["legal"]) >= 1
    for _ in range(400):
        if answer["over"]:
            break
        state = answer["state"]
        seat = answer["view"]["to_move"][0]
        legal = handle({"command": "legal_actions", "state": state, "seat": seat})
        move = handle({"command": "bot_move", "state": state})
        assert move["action"] in [a["text"] for a in legal["actions"]]
        answer = handle({"command": "apply", "state": state, "action": move["action"]})
        assert "error" not in answer, answer
    assert answer["over"] and answer["settlement"]["type"] in ("win", "none")


def test_a_forged_state_and_an_illegal_action_are_located():
    state = handle({"command": "new_deal", "rules": SICHENG, "seed": 1})["state"]
    forged = {**state, "hands": ["一一一一一", *state["hands"][1:]]}
    assert handle({"command": "apply", "state": forged, "action": "0 discard 一"})["error"]["where"].startswith("state")
    bad = handle({"command": "apply", "state": state, "action": "1 discard 一"})["error"]
    assert bad["code"] == "not-your-turn" and bad["where"] == "action" and bad["zh"] != bad["en"]
    broken_history = {**state, "history": ["0 fly"]}
    assert handle({"command": "legal_actions", "state": broken_history})["error"]["where"] == "state.history.0"
