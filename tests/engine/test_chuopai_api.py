"""戳牌 through ``api.handle``: rules, simulate and the hand's plays; bad requests answer located errors."""

from changpai.api import handle
from changpai.chuopai.options import OPTIONS


def test_rules_lists_every_option_with_question_choices_default_why_and_sources():
    answer = handle({"command": "rules", "name": "chuopai"})
    assert answer["name"] == "chuopai" and answer["sources"] == ["[002]"]
    assert [o["name"] for o in answer["options"]] == [o.name for o in OPTIONS]
    for o in answer["options"]:
        assert o["question"]["zh"] and o["question"]["en"] and o["choices"] and o["why_default"]["en"]
        assert o["sources"] == ["[002]"] and o["default"]["source"] in ("[002]", "engine")
    copies = next(o for o in answer["options"] if o["name"] == "copies")
    assert copies["default"] == {"value": 4, "source": "engine", "note": copies["why_default"]}  # outside [002]
    assert len(answer["ladder"]) == 21 and answer["numbers"]["deck"]["value"] == 84
    five = handle({"command": "rules", "name": "chuopai", "options": {"copies": 5}})
    assert five["numbers"]["deck"]["value"] == 105


def test_simulate_and_beats():
    sim = handle({"command": "simulate", "rules": "chuopai", "deals": 20, "seed": 3})
    assert sim["deals"] == 20 and sum(sim["outcomes"].values()) == 20
    plays = handle({"command": "beats", "rules": "chuopai", "hand": "地 二六 梅"})["plays"]
    by_play = {p["play"]: p for p in plays}
    assert by_play["地 二六"]["beats"] == ["人 三四", "人 二五", "和 二三", "和 幺四"]
    assert by_play["梅"]["beats"] == ["斧头", "四六", "幺六", "猪猪"] and by_play["梅"]["beaten_by"] == 4
    example = handle({"command": "beats", "rules": "chuopai", "hand": "梅", "options": {"point_beaters": "example"}})
    assert "二三" in example["plays"][0]["beats"]


def test_bad_requests_are_located():
    cases = [
        ({"command": "beats", "rules": "chuopai", "hand": "天 飞机"}, "hand.1"),
        ({"command": "beats", "rules": "chuopai", "hand": "天 天 天 天 天"}, "hand"),
        ({"command": "beats", "rules": "chuopai", "hand": "天", "options": {"copies": "x"}}, "options.copies"),
        ({"command": "simulate", "rules": "chuopai", "deals": 0}, "deals"),
        ({"command": "simulate", "rules": "chuopai", "bot": "clever"}, "bot"),
        ({"command": "simulate", "rules": "leshan"}, "rules"),
        ({"command": "beats", "rules": "chuopai", "hand": "天", "extra": 1}, "extra"),
        # a state with neither its hands nor its seed would be dealt at random: nothing to replay it against
        ({"command": "apply", "state": {"game": "chuopai"}, "action": "0 play 天"}, "state.hands"),
        ({"command": "legal_actions", "state": {"game": "chuopai", "history": []}}, "state.hands"),
    ]
    for request, where in cases:
        error = handle(request)["error"]
        assert error["where"] == where, request
        assert error["zh"] and error["en"]


def test_a_whole_deal_through_new_deal_bot_move_and_apply():
    answer = handle({"command": "new_deal", "rules": "chuopai", "seed": 8, "dealer": 1})
    assert answer["view"]["dealer"] == 1 and answer["view"]["to_act"] == 1
    assert answer["view"]["role_names"][1] == {"zh": "庄家", "en": "dealer"}
    for _ in range(300):
        if answer["over"]:
            break
        state = answer["state"]
        legal = handle({"command": "legal_actions", "state": state})
        move = handle({"command": "bot_move", "state": state})
        assert move["action"] in {a["text"] for a in legal["actions"]}
        answer = handle({"command": "apply", "state": state, "action": move["action"]})
        assert "error" not in answer
    assert answer["over"] and sum(answer["settlement"]["scores"]) == 0
    assert handle({"command": "bot_move", "state": answer["state"]})["action"] is None


def test_a_refused_step_names_the_rule_in_both_languages():
    state = handle({"command": "new_deal", "rules": "chuopai", "seed": 8})["state"]
    error = handle({"command": "apply", "state": state, "action": "1 play 天"})["error"]
    assert error["code"] == "not-your-turn" and error["where"] == "action.seat" and "甲" in error["zh"]
    bad = dict(state, history=["0 play 二红"])
    error = handle({"command": "legal_actions", "state": bad})["error"]
    assert error["code"] == "hard-card" and error["where"] == "state.history.0.cards.0"
    penalised = handle({"command": "new_deal", "rules": "chuopai", "players": 4, "seed": 1})
    assert penalised["view"]["roles"][2] == "sitter" and penalised["view"]["role_names"][2]["zh"] == "休息"
