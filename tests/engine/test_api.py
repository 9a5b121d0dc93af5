"""The JSON facade: commands, errors as data, never an exception."""

import json

import pytest
from changpai.api import command, commands, handle, handle_json
from hypothesis import given, settings
from hypothesis import strategies as st

HAND = "三三三 贰柒拾 壹贰叁 四五六 七八九 一一 捌玖拾"


def test_version_lists_the_built_in_commands():
    answer = handle({"command": "version"})
    assert {"score", "waits", "rules", "version"} <= set(answer["commands"])


def test_score_answers_the_cli_contract():
    answer = handle({"command": "score", "rules": "luzhou-a", "hand": HAND, "win_card": "三", "from": "own_turn"})
    assert answer["win"] is True and answer["points"] == 21
    assert {s["kind"] for s in answer["sets"]} >= {"kong", "pair", "two-seven-ten"}
    assert all(set(s) >= {"cards", "kind", "points", "name", "code", "text"} for s in answer["sets"])
    assert answer["from"] == "own_turn" and answer["reason"]["code"] == "win"
    json.dumps(answer, ensure_ascii=False)


def test_score_with_table_and_options():
    answer = handle(
        {
            "command": "score",
            "rules": "luzhou-a",
            "hand": "贰贰贰 七七七 一二三 四五六 捌玖拾 九九",
            "table": [{"set": "eat", "cards": "肆伍陆"}],
            "win_card": "九",
            "options": {"win_on_pair": "kan"},
        }
    )
    assert answer["points"] == 12 + 9 + 3 + 3
    assert answer["sets"][0]["origin"] == "table"


def test_waits_answer():
    answer = handle({"command": "waits", "rules": "luzhou-a", "hand": HAND, "seen": "三"})
    assert [(w["card"], w["points"], w["win"], w["left"]) for w in answer["waits"]] == [
        ("一", 19, True, 2),
        ("三", 21, True, 0),
        ("壹", 18, True, 3),
        ("肆", 12, True, 4),
    ]


def test_rules_command_lists_and_describes():
    listing = handle({"command": "rules"})
    names = ["luzhou-a", "luzhou-b", "leshan", "wuchuan", "leshan-bazhang", "leshan-shisi", "wuchuan-yibai"]
    assert [r["name"] for r in listing["rules"]] == names
    described = handle({"command": "rules", "name": "leshan", "options": {"leshan_31": "thirty"}})
    assert described["options"]["leshan_31"]["value"] == "thirty"
    assert described["set_points"]["kan"]["red-big"]["value"] == 6


@pytest.mark.parametrize(
    ("request_", "code", "where"),
    [
        ({"command": "score", "rules": "luzhou-a", "hand": "一二x"}, "bad-card", "hand"),
        ({"command": "score", "rules": "luzhou-a", "hand": "一二三"}, "card-count", "hand"),
        ({"command": "score", "rules": "nowhere", "hand": "一"}, "unknown-rules", "rules"),
        ({"command": "score", "hand": "一"}, "missing-field", "rules"),
        ({"command": "score", "rules": "leshan", "hand": 5}, "bad-field", "hand"),
        (
            {"command": "waits", "rules": "leshan", "hand": HAND, "table": [{"set": "chow", "cards": "一二三"}]},
            "bad-set",
            "table[0].set",
        ),
        (
            {"command": "waits", "rules": "leshan", "hand": HAND, "table": [{"set": "eat", "cards": "一二四"}]},
            "bad-set",
            "table[0].cards",
        ),
        ({"command": "waits", "rules": "leshan", "hand": HAND, "table": "pong"}, "bad-field", "table"),
        ({"command": "waits", "rules": "leshan", "hand": HAND, "win_card": "一"}, "unknown-field", "win_card"),
        ({"command": "score", "rules": "leshan", "hand": HAND, "win_card": "一", "from": "air"}, "bad-field", "from"),
        (
            {"command": "score", "rules": "leshan", "hand": HAND, "options": {"b_mode": "x"}},
            "unknown-option",
            "options.b_mode",
        ),
        ({"command": "fly"}, "unknown-command", "command"),
    ],
)
def test_bad_requests_become_located_errors(request_, code, where):
    answer = handle(request_)
    assert set(answer) == {"error"}
    assert answer["error"]["code"] == code and answer["error"]["where"] == where
    assert answer["error"]["zh"] and answer["error"]["en"]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(["score", "waits", "rules", "version", "nope", None]),
    st.dictionaries(
        st.sampled_from(["rules", "hand", "table", "win_card", "from", "seen", "options", "name", "x"]),
        json_values | st.sampled_from(["luzhou-a", "leshan", HAND, "一", "discard"]),
        max_size=6,
    ),
)
def test_handle_never_raises(name, fields):
    answer = handle({"command": name, **fields})
    json.dumps(answer)
    assert ("error" in answer) or name in ("score", "waits", "rules", "version")
    if "error" in answer:
        assert answer["error"]["code"] != "internal", answer


def test_handle_json_round_trip_and_bad_json():
    out = json.loads(handle_json('{"command": "version"}'))
    assert "version" in out
    bad = json.loads(handle_json("{nope"))
    assert bad["error"]["code"] == "bad-json" and "line 1" in bad["error"]["where"]
    assert "贰" in handle_json(json.dumps({"command": "rules", "name": "luzhou-a"}))  # UTF-8, not \\u escapes


def test_commands_register_by_decorator():
    @command("test-echo", fields=("value",))
    def _echo(request):
        return {"value": request["value"]}

    assert "test-echo" in commands()
    assert handle({"command": "test-echo", "value": 3}) == {"value": 3}
    assert handle({"command": "test-echo", "other": 3})["error"]["code"] == "unknown-field"
