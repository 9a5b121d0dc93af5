"""The API contract (schemas/api.schema.json) for the two games of their own, 红点点 and 戳牌: every command the
engine answers for them is a request the schema accepts, and its real answer fits the schema's entry; the schema
names exactly the commands the engine has, no more (a command it would refuse) and no fewer."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from changpai import lessons, yamlfile
from changpai.api import commands, handle
from changpai.hongdiandian.rules import RULESETS as HDD_RULESETS
from changpai.yamlfile import SchemaError

from sitebuild.schemas import validate

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "schemas" / "api.schema.json").read_text(encoding="utf-8"))
HDD = sorted(HDD_RULESETS)
CHUO = "chuopai"
HDD_HAND = "柒七拾九捌六十十一一二二叁叁肆肆"  # 32 red points, a 中胡 [000]


def answer_ok(request: dict, definition: str) -> dict:
    """Check the request against the schema, run it, check the answer against ``answers/definition``."""
    validate(request, "api", "request", definition="request")
    answer = handle(request)
    assert "error" not in answer, answer
    validate(answer, "api", f"answer of {request['command']}", definition=f"answers/{definition}")
    return answer


def test_the_schema_names_exactly_the_engines_commands():
    listed = set(SCHEMA["$defs"]["request"]["properties"]["command"]["enum"])
    real = {name for name in commands() if not name.startswith("test-")}  # tests/engine/test_api.py adds test-echo
    assert listed == real
    routed = {rule["if"]["properties"]["command"]["const"] for rule in SCHEMA["$defs"]["request"]["allOf"]}
    assert routed <= listed and routed == set(SCHEMA["$defs"]["requests"])
    for name in listed - routed:  # a command without a request entry must take no field but "command"
        assert handle({"command": name, "x": 1})["error"]["code"] == "unknown-field"


@pytest.mark.parametrize("rules", HDD)
def test_hongdiandian_hand_commands(rules):
    answer_ok({"command": "rules", "name": rules}, "hongdiandian_rules")
    scored = answer_ok({"command": "score", "rules": rules, "hand": HDD_HAND}, "hongdiandian_score")
    assert scored["points"] == 32 and scored["win"]
    laid = [{"set": "pair", "cards": "柒七"}]
    answer_ok(
        {"command": "score", "rules": rules, "hand": HDD_HAND[2:-1], "table": laid, "win_card": "肆", "from": "turn"},
        "hongdiandian_score",
    )
    answer_ok({"command": "waits", "rules": rules, "hand": HDD_HAND[:-1]}, "hongdiandian_waits")
    answer_ok({"command": "simulate", "rules": rules, "deals": 3, "seed": 1}, "hongdiandian_simulate")
    answer_ok({"command": "lesson", "rules": rules, "ask": "pairs", "position": {"card": "拾"}}, "lesson")
    listed = answer_ok({"command": "rules"}, "rules_list")
    assert rules in {r["name"] for r in listed["games"]["hongdiandian"]}


@pytest.mark.parametrize("rules", HDD)
def test_hongdiandian_variant_answers(rules):
    """The two variants of [000] (a wild 大叁, five players) answer in the same shapes."""
    wild = {"wild_dasan": "true"}  # request options are text, as the schema says
    scored = answer_ok({"command": "score", "rules": rules, "hand": HDD_HAND, "options": wild}, "hongdiandian_score")
    assert any("as" in unit for unit in scored["split"])  # a 大叁 read as another card
    answer_ok({"command": "waits", "rules": rules, "hand": HDD_HAND[:-1], "options": wild}, "hongdiandian_waits")
    five = {"five_players": "true"}
    answer_ok({"command": "score", "rules": rules, "hand": "柒七拾九陆贰", "options": five}, "hongdiandian_score")
    answer_ok({"command": "simulate", "rules": rules, "deals": 2, "seed": 1, "options": five}, "hongdiandian_simulate")


def test_chuopai_commands():
    answer_ok({"command": "rules", "name": CHUO}, "chuopai_rules")
    answer_ok({"command": "beats", "rules": CHUO, "hand": "天 三六 长三 长三 二三"}, "chuopai_beats")
    answer_ok({"command": "simulate", "rules": CHUO, "deals": 3, "seed": 1}, "chuopai_simulate")
    answer_ok(
        {"command": "lesson", "rules": CHUO, "ask": "beats", "position": {"led": "和 二三", "play": "地 二六"}},
        "lesson",
    )
    trick = {"trick": ["0 play 长三", "1 play 地", "2 down 斧头"]}
    answer_ok({"command": "lesson", "rules": CHUO, "ask": "takes", "position": trick}, "lesson")
    answer_ok({"command": "lesson", "rules": CHUO, "ask": "wins", "position": {"in_front": 17}}, "lesson")


@pytest.mark.parametrize("rules, definition", [*((r, "hongdiandian_deal") for r in HDD), (CHUO, "chuopai_deal")])
def test_a_whole_deal_of_each_game(rules, definition):
    answer = answer_ok({"command": "new_deal", "rules": rules, "seed": 7, "dealer": 0}, definition)
    for _ in range(600):
        if answer["over"]:
            break
        state = answer["state"]
        answer_ok({"command": "legal_actions", "state": state}, "legal_actions")
        answer_ok({"command": "legal_actions", "state": state, "seat": answer["legal"][0]["seat"]}, "legal_actions")
        move = answer_ok({"command": "bot_move", "state": state}, "bot_move")
        answer = answer_ok({"command": "apply", "state": state, "action": move["action"]}, definition)
    assert answer["over"] and answer["settlement"] is not None
    assert answer_ok({"command": "bot_move", "state": answer["state"]}, "bot_move")["action"] is None


@pytest.mark.parametrize("path", sorted((ROOT / "tutorials" / "hongdiandian").glob("*.yml")), ids=lambda p: p.stem)
def test_hongdiandian_frames(path):
    answer_ok({"command": "frames", "record": yamlfile.read(path)}, "hongdiandian_frames")


def test_every_lesson_question_of_the_games_fits():
    for path in sorted((ROOT / "tutorials" / "lessons").glob("*.yml")):
        data = yamlfile.read(path)
        for level in data["levels"]:
            rules = level.get("rules", data["rules"])
            if level["ask"] in lessons.asks(rules):
                request = {"command": "lesson", "rules": rules, "ask": level["ask"], "position": level["position"]}
                answer_ok(request, "lesson")


def test_the_schema_catches_a_game_answer_that_drifted():
    answer = handle({"command": "score", "rules": HDD[0], "hand": HDD_HAND})
    answer["points"] = "32"
    with pytest.raises(SchemaError) as error:
        validate(answer, "api", "drift", definition="answers/hongdiandian_score")
    assert "drift: points" in str(error.value.where)
    beats = handle({"command": "beats", "rules": CHUO, "hand": "天"})
    beats["plays"][0]["beat"] = []
    with pytest.raises(SchemaError):
        validate(beats, "api", "drift", definition="answers/chuopai_beats")


def test_errors_of_the_games_fit_the_error_answer():
    for request in (
        {"command": "score", "rules": HDD[0], "hand": "拾"},
        {"command": "beats", "rules": CHUO, "hand": "口"},
        {
            "command": "lesson",
            "rules": CHUO,
            "ask": "takes",
            "position": {"trick": ["0 play 长三", "1 play 梅", "2 down 斧头"]},
        },
        {"command": "lesson", "rules": "luzhou-a", "ask": "beats", "position": {}},
        {"command": "apply", "state": {"game": CHUO, "hands": "x"}, "action": "0 play 天"},
        {"command": "apply", "state": {"game": "hongdiandian"}, "action": "0 discard 天"},
    ):
        answer = handle(request)
        assert "error" in answer, request
        validate(answer, "api", str(request), definition="error_answer")


def test_every_request_a_lesson_embeds_fits_the_contract():
    """What the lesson widget sends once the engine is loaded is what the build embedded: each must be a request
    the schema accepts, answered as its entry says."""
    from sitebuild import ext_tutorials

    seen = set()
    for lesson_id in ext_tutorials.all_lesson_ids():
        for level in ext_tutorials.lesson_data(lesson_id)["levels"]:
            request = level.get("request")
            if request is None:
                continue
            command = request["command"]
            hdd = command in ("score", "waits") and request["rules"] in HDD
            definition = f"hongdiandian_{command}" if hdd else command
            answer_ok(request, definition)
            seen.add(definition)
    assert {"lesson", "hongdiandian_score", "hongdiandian_waits", "score", "waits"} <= seen
