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
    ]
    for request, where in cases:
        error = handle(request)["error"]
        assert error["where"] == where, request
        assert error["zh"] and error["en"]
