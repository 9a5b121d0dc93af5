"""The contract between engine, build and widgets (schemas/frames.schema.json, schemas/api.schema.json) holds for
real frames of every tutorial deal and real answers of ``changpai.api.handle`` to the requests the widgets send."""

import json

import pytest
from changpai.api import commands, handle
from changpai.yamlfile import SchemaError

from sitebuild import ext_tutorials
from sitebuild.schemas import validate

HAND = "二七十 贰柒拾 壹贰叁 肆伍陆 七八九 五五五 伍伍"
SHORT_HANDS = {3: "二七十 五五五 伍伍", 5: "二七十 贰柒拾 壹贰叁 五五五 伍伍"}


def answer_ok(request, definition):
    """Check a request the page would send, run it, check the answer; return it."""
    validate(request, "api", "request", definition="request")
    answer = handle(request)
    assert "error" not in answer, answer
    validate(answer, "api", f"answer of {request['command']}", definition=f"answers/{definition}")
    return answer


@pytest.mark.parametrize("deal_id", ext_tutorials.all_deal_ids())
def test_frames_of_every_tutorial_deal_fit_the_contract(deal_id):
    validate(ext_tutorials.deal_frames(deal_id), "frames", deal_id)


def test_the_calculator_lessons_and_hand_check_requests():
    answer_ok({"command": "version"}, "version")
    listed = answer_ok({"command": "rules"}, "rules_list")
    for rules in listed["rules"]:
        described = answer_ok({"command": "rules", "name": rules["name"]}, "rules")
        hand = SHORT_HANDS.get(described["sets_in_win"], HAND)  # Leshan's 打八张 / 打十四张 hold 8 / 14 cards
        answer_ok({"command": "waits", "rules": rules["name"], "hand": hand}, "waits")
        answer_ok({"command": "score", "rules": rules["name"], "hand": hand, "win_card": "伍"}, "score")
    table = [{"set": "pong", "cards": "五五五"}]
    held = "二七十 贰柒拾 壹贰叁 肆伍陆 七八九 伍伍"
    answer_ok({"command": "score", "rules": "leshan", "hand": held, "table": table, "win_card": "伍"}, "score")
    answer_ok({"command": "play_rules"}, "play_rules_list")
    for rules in handle({"command": "play_rules"})["rules"]:
        answer_ok({"command": "play_rules", "name": rules["name"]}, "play_rules")


@pytest.mark.parametrize("rules, players", [("luzhou-a", 4), ("leshan", 3), ("leshan", 4), ("wuchuan", 4)])
def test_a_whole_deal_as_the_kiosk_and_the_viewer_play_it(rules, players):
    answer = answer_ok({"command": "new_deal", "rules": rules, "players": players, "dealer": 0, "seed": 5}, "deal")
    for _ in range(400):
        if answer["over"]:
            break
        state = answer["state"]
        seat = answer["legal"][0]["seat"]
        answer_ok({"command": "legal_actions", "state": state, "seat": seat}, "legal_actions")
        move = answer_ok({"command": "bot_move", "state": state}, "bot_move")
        answer = answer_ok({"command": "apply", "state": state, "action": move["action"]}, "deal")
    assert answer["over"] and answer["settlement"] is not None


def test_every_command_has_an_answer_schema_and_errors_fit_the_contract():
    for name in commands():
        answer = handle({"command": name, "no_such_field": 1})
        validate(answer, "api", name, definition="error_answer")
    for request in ({"command": "waits"}, {"command": "nope"}, [], {"command": "score", "rules": "x", "hand": "一"}):
        validate(handle(request), "api", str(request), definition="error_answer")


def test_the_contract_catches_a_frame_that_drifted():
    frames = json.loads(json.dumps(ext_tutorials.deal_frames(ext_tutorials.all_deal_ids()[0])))
    frames["steps"][1]["state"]["stock_left"] = "19"
    with pytest.raises(SchemaError) as error:
        validate(frames, "frames", "drift")
    assert error.value.where == "drift: steps[1].state.stock_left" and "expected integer" in error.value.text.en
    del frames["steps"][1]["state"]["stock_left"]
    with pytest.raises(SchemaError) as error:
        validate(frames, "frames", "drift")
    assert "missing “stock_left”" in error.value.text.en
    frames["steps"][1]["state"]["stock_left"] = 19
    frames["steps"][2]["state"]["stock"] = "一二"
    with pytest.raises(SchemaError) as error:
        validate(frames, "frames", "drift")
    assert error.value.where == "drift: steps[2].state" and "unknown key “stock”" in error.value.text.en


def test_the_contract_catches_a_request_with_an_unknown_field():
    with pytest.raises(SchemaError) as error:
        validate(
            {"command": "waits", "rules": "leshan", "hand": HAND, "hands": HAND}, "api", "req", definition="request"
        )
    assert "unknown key “hands”" in error.value.text.en


def test_the_page_carries_the_engines_names():
    """cards.js, the kiosk and the kiosk game read tradition names, colours and words from the build's engine data."""
    names = ext_tutorials.engine_names()
    assert names["rules"]["leshan"]["red"] == "big" and names["rules"]["luzhou-a"]["red"] == "two-seven-ten"
    assert (
        names["rules"]["leshan"]["words"]["pong"]["zh"] == "对" and names["rules"]["leshan"]["point_word"]["zh"] == "和"
    )
    assert names["roles"]["xiaojia"]["zh"] == "小家"


def test_a_yibai_deal_answers_with_its_sitting_as_the_kiosk_reads_it():
    """Wuchuan 一百 through new_deal / apply: the running 子 (``sitting``) fit the contract, sent back with a state."""
    request = {"command": "new_deal", "rules": "wuchuan-yibai", "players": 3, "dealer": 0, "seed": 5}
    answer = answer_ok({**request, "options": {"yibai_target": 30}}, "deal")
    for _ in range(400):
        if answer["over"] or answer["sitting"]["winner"] is not None:
            break
        move = answer_ok({"command": "bot_move", "game": answer["game"]}, "bot_move")
        token = {"state": answer["state"], "sitting": answer["sitting"]}
        answer = answer_ok({"command": "apply", "action": move["action"], **token}, "deal")
    assert answer["sitting"]["winner"] is not None or answer["sitting"]["next_dealer"] is not None
    carried = {k: answer["sitting"][k] for k in ("totals", "targets", "chaos")}
    if answer["sitting"]["winner"] is None:
        answer_ok({**request, "sitting": carried}, "deal")
