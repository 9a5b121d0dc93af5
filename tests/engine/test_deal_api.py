"""The API commands for whole deals (api_play) and the record/replay/simulate command line (cli_play)."""

import importlib.util
import json

import pytest
from changpai.api import handle, handle_json
from changpai.cli import main
from dealkit import build
from hypothesis import given, settings
from hypothesis import strategies as st


def test_new_deal_apply_and_bot_moves_play_a_whole_deal():
    answer = handle({"command": "new_deal", "rules": "leshan", "players": 3, "seed": 4})
    assert set(answer) >= {"game", "state", "view", "legal", "over", "settlement"}
    assert answer["view"]["roles"].count("dealer") == 1
    json.dumps(answer, ensure_ascii=False)
    state = answer["state"]
    for _ in range(300):
        move = handle({"command": "bot_move", "state": state})
        assert "error" not in move
        if move["action"] is None:
            break
        answer = handle({"command": "apply", "state": state, "action": move["action"]})
        assert "error" not in answer, answer
        state = answer["state"]
        if answer["over"]:
            break
    assert answer["over"] and sum(answer["settlement"]["payments"]) == 0


def test_live_games_are_kept_by_id_and_match_the_state():
    answer = handle({"command": "new_deal", "rules": "luzhou-a", "seed": 8})
    game, state = answer["game"], answer["state"]
    move = handle({"command": "bot_move", "game": game})["action"]
    by_id = handle({"command": "apply", "game": game, "action": move})
    by_state = handle({"command": "apply", "state": state, "action": move})
    assert by_id["state"] == by_state["state"] and by_id["view"] == by_state["view"]


def test_illegal_action_is_a_bilingual_error_naming_the_rule():
    state = handle({"command": "new_deal", "rules": "luzhou-a", "seed": 1})["state"]
    error = handle({"command": "apply", "state": state, "action": "1 discard 七"})["error"]
    assert error["code"] == "not-your-turn" and error["where"] == "action"
    assert "轮到甲" in error["zh"] and "A's turn" in error["en"]  # seats named as the viewer names them
    bad = handle({"command": "apply", "state": state, "action": "hello"})["error"]
    assert bad["code"] == "bad-action"
    missing = handle({"command": "apply", "game": "deal-999999", "action": "0 discard 七"})["error"]
    assert missing["code"] == "unknown-game"


def test_bot_move_resolves_a_claim_window_with_a_persons_wish():
    deal = build("luzhou-b", 4, {0: "二", 1: "一三 四四 五五 六六 七七 八八 九九 十十 壹壹 叁叁", 3: "二二"})
    deal.play("0 discard 二")
    state = deal.to_dict()
    # The person at seat 1 wants to eat; the computer at seat 3 pongs, and the pong outranks the eat.
    move = handle({"command": "bot_move", "state": state, "wishes": {"1": "1 eat 二 with 一三"}})
    assert move["action"] == "3 pong 二"
    mine = handle({"command": "legal_actions", "state": state, "seat": 1})
    assert {a["type"] for a in mine["actions"]} == {"eat", "pass"} and set(mine["to_move"]) == {1, 3}
    wrong = handle({"command": "bot_move", "state": state, "wishes": {"1": "1 pong 二"}})
    assert wrong["error"]["where"] == "wishes.1"


def test_frames_and_deal_record_commands():
    answer = handle({"command": "new_deal", "rules": "wuchuan", "seed": 2})
    record = handle({"command": "deal_record", "state": answer["state"], "title": {"zh": "试", "en": "Try"}})["record"]
    assert isinstance(record, dict) and record["rules"] == "wuchuan"  # data: the engine writes no YAML
    shown = handle({"command": "frames", "record": record, "name": "try.yml"})
    assert shown["title"] == {"zh": "试", "en": "Try"} and len(shown["steps"]) == 1
    as_text = handle({"command": "frames", "record": "rules: wuchuan\n"})
    assert as_text["error"]["code"] == "bad-field" and as_text["error"]["where"] == "record"
    broken = handle({"command": "frames", "record": {**record, "bogus": 1}})
    assert broken["error"]["code"] == "bad-record" and broken["error"]["where"] == "bogus"
    rules = json.loads(handle_json(json.dumps({"command": "play_rules", "name": "leshan"})))
    assert rules["params"]["penalty_amount"]["value"] == 20 and rules["params"]["penalty_amount"]["source"] == "[003]"
    assert any(v["code"] == "win-own-discard" for v in rules["violations"])
    assert {k: rules["words"][k]["zh"] for k in ("pong", "kong", "win", "bi", "ready", "discarder")} == {
        "pong": "对",
        "kong": "开",
        "win": "和",
        "bi": "摆",
        "ready": "下叫",
        "discarder": "抬炮",
    }
    assert rules["params"]["declare"]["value"] == "best-pay" and rules["params"]["declare"]["source"] == "engine"


def test_api_names_seats_and_shows_the_private_draw_field():
    seen = None
    for seed in range(10):  # play on until 小家 draws privately: the view carries the card for an all-hands viewer
        answer = handle({"command": "new_deal", "rules": "leshan", "players": 4, "seed": seed})
        assert answer["view"]["seat_names"] == [{"zh": z, "en": e} for z, e in zip("甲乙丙丁", "ABCD", strict=True)]
        assert answer["view"]["private"] is None  # nobody has drawn privately yet
        xiaojia = answer["view"]["roles"].index("xiaojia")
        while not answer["over"] and seen is None:
            move = handle({"command": "bot_move", "game": answer["game"]})["action"]
            answer = handle({"command": "apply", "game": answer["game"], "action": move})
            seen = answer["view"]["private"]
        if seen is not None:
            break
    assert seen is not None and seen["seat"] == xiaojia and len(seen["card"]) == 1
    assert answer["view"]["face_up"] is None


def test_cli_record_replay_and_simulate(tmp_path, capsys):
    if importlib.util.find_spec("yaml") is None:  # Pyodide: record files are read at the edge, with PyYAML
        assert main(["record", "--rules", "luzhou-b", "--players", "4", "--seed", "5"]) == 2
        assert "PyYAML" in capsys.readouterr().err
        pytest.skip("PyYAML is not installed (Pyodide): the record and replay commands read and write YAML files")
    assert main(["record", "--rules", "luzhou-b", "--players", "4", "--seed", "5"]) == 0
    text = capsys.readouterr().out
    path = tmp_path / "deal.yml"
    path.write_text(text, encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    assert capsys.readouterr().out.startswith("ok: deal.yml: luzhou-b, 4 seats")
    lines = text.splitlines()
    index = next(i for i, line in enumerate(lines) if "discard" in line)
    lines[index] = lines[index].split("discard")[0] + "discard 七七"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("step ") and f"deal.yml:{index + 1}" in err


def test_cli_simulate(capsys):
    assert main(["simulate", "--rules", "leshan", "--players", "3", "--deals", "12", "--seed", "3"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["deals"] == 12 and summary["wins"] + summary["no_winner"] == 12
    assert sum(summary["wins_by_seat"].values()) == summary["wins"] and summary["max_abs_payment_sum"] == 0


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet="0123 discardpongwinturneatwithbi七二三贰十一", max_size=24))
def test_any_action_text_gets_an_answer_or_a_located_error_never_a_crash(text):
    state = handle({"command": "new_deal", "rules": "luzhou-b", "seed": 3})["state"]
    answer = handle({"command": "apply", "state": state, "action": text})
    if "error" in answer:
        assert answer["error"]["code"] != "internal" and answer["error"]["zh"] and answer["error"]["en"]
    else:
        assert answer["state"]["history"][-1]
