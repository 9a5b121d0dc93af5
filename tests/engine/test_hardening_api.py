"""Hostile requests at the facade (issue #17, items 4 and 6): every answer is a real answer or a located,
bilingual error — never an internal error, never an exception out of ``handle`` or ``handle_json``."""

from __future__ import annotations

import json
import random
import sys
from typing import Any

import pytest
from changpai.api import MAX_REQUEST_DEPTH, handle, handle_json
from hardening_kit import HAND, deep, mutate, problem, seed_requests
from hypothesis import given, settings
from hypothesis import strategies as st


def _state(rules: str = "leshan", players: int = 3, seed: int = 4) -> dict[str, Any]:
    return handle({"command": "new_deal", "rules": rules, "players": players, "seed": seed})["state"]


def _error(answer: dict[str, Any]) -> dict[str, Any]:
    assert problem(answer) is None, problem(answer)
    assert "error" in answer, answer
    return answer["error"]


def _case(request: dict[str, Any], where: str, name: str, failing: str | None = None) -> Any:
    """A hostile request and the field its error must name; ``failing``: the fault it reproduced (xfail until fixed)."""
    marks = [pytest.mark.xfail(strict=True, reason=failing)] if failing else []
    return pytest.param(request, where, id=name, marks=marks)


LOCATED = [
    _case(
        {"command": "score", "rules": "leshan", "hand": HAND, "options": {"name": "x"}},
        "options.name",
        "option-named-name",
    ),
    _case(
        {"command": "rules", "name": "leshan", "options": {"self": "x"}},
        "options.self",
        "option-named-self",
    ),
    _case({"command": "apply", "state": None, "action": "² pass"}, "action", "superscript-seat"),
    _case({"command": "apply", "state": None, "action": "٢ discard 七"}, "action", "arabic-seat"),
    _case({"command": "legal_actions", "state": None, "seat": "٠"}, "seat", "arabic-seat-field"),
    _case({"command": "bot_move", "state": None, "bot": [1]}, "bot", "unhashable-bot"),
    _case({"command": "play_rules", "name": [1]}, "name", "list-play-rules-name"),
    _case({"command": "play_rules", "name": {}}, "name", "dict-play-rules-name"),
    _case({"command": "bot_move", "state": None, "wishes": {"0": []}}, "wishes", "wish-not-text"),
    _case({"command": "new_deal", "rules": "leshan", "seed": 10**100000}, "seed", "huge-seed"),
    _case(
        {"command": "new_deal", "rules": "leshan", "options": {"dealer_cards": 80}},
        "options.dealer_cards",
        "dealer-cards-80",
    ),
    _case(
        {"command": "new_deal", "rules": "leshan", "options": {"dealer_cards": -5}},
        "options.dealer_cards",
        "dealer-cards-negative",
    ),
    _case(
        {"command": "new_deal", "rules": "leshan", "options": {"player_cards": 0}},
        "options.player_cards",
        "player-cards-0",
    ),
    _case({"command": "score", "rules": "leshan", "hand": HAND, "table": deep(3000)}, "table", "deep-table"),
    _case({"command": "new_deal", "rules": "leshan", "players": 0}, "players", "no-players"),
    _case({"command": "new_deal", "rules": "luzhou-a", "players": -3}, "players", "negative-players"),
    _case({"command": "frames", "record": {"rules": "leshan"}, "name": deep(3000)}, "name", "deep-name"),
    _case(
        {"command": "deal_record", "state": None, "title": {"zh": 1, "en": [2]}},
        "title",
        "title-not-text",
    ),
]


@pytest.mark.parametrize(
    "request_",
    [
        {"command": "score", "rules": "leshan", "hand": "一二三" * 400_000},
        {"command": "waits", "rules": "leshan", "hand": HAND, "seen": "七" * 100_000},
        {"command": "score", "rules": "leshan", "hand": HAND, "win_card": "七" * 100_000},
        {"command": "score", "rules": "leshan", "hand": HAND, "table": [{"set": "pong", "cards": "七" * 100_000}]},
        {"command": "apply", "state": None, "action": "0 eat 七 with " + "一 " * 300_000},
        {"command": "bot_move", "state": None, "wishes": {"0": "0 eat 七 with " + "一 " * 300_000}},
    ],
    ids=["hand", "seen", "win_card", "table", "action", "wish"],
)
def test_a_card_text_longer_than_a_deck_is_refused_before_parsing(request_: dict[str, Any]) -> None:
    error = _error(handle(_with_state(request_)))  # (an action's text too: a long one took quadratic time)
    assert error["code"] == "too-long", error


def test_xiaojia_cards_beyond_two_is_refused() -> None:
    request = {"command": "new_deal", "rules": "leshan", "players": 4, "options": {"xiaojia_cards": 3}}
    assert _error(handle(request))["where"].startswith("options.xiaojia_cards")


def _with_state(request: dict[str, Any]) -> dict[str, Any]:
    if "state" in request and request["state"] is None:
        request = {**request, "state": _state()}
    return request


@pytest.mark.parametrize(("request_", "where"), LOCATED)
def test_hostile_request_answers_a_located_error(request_: dict[str, Any], where: str) -> None:
    error = _error(handle(_with_state(request_)))
    assert error["where"].startswith(where), error


def test_handle_json_never_raises_on_deep_nesting() -> None:
    for text in ("[" * 3000 + "]" * 3000, '{"a":' * 3000 + "1" + "}" * 3000):
        answer = json.loads(handle_json(text))
        # CPython's JSON reader stops at ~1000 levels (bad-json); Pyodide's reads 3000, and handle refuses it.
        assert _error(answer)["code"] in ("bad-json", "too-deep")


def test_the_nesting_bound_is_the_same_on_every_platform() -> None:
    """Deeper than MAX_REQUEST_DEPTH is refused by handle itself, not by whichever recursion limit applies."""
    deep: Any = 1
    for _ in range(MAX_REQUEST_DEPTH):
        deep = {"a": deep}
    assert _error(handle({"command": "score", "hand": deep}))["code"] == "too-deep"
    assert _error(handle([[1]] * 2 + [deep]))["code"] == "too-deep"
    shallow: Any = 1
    for _ in range(MAX_REQUEST_DEPTH - 3):
        shallow = [shallow]
    assert _error(handle({"command": "score", "rules": "leshan", "hand": shallow}))["code"] != "too-deep"


def test_handle_json_never_raises_on_a_huge_number() -> None:
    answer = json.loads(handle_json('{"command": "new_deal", "seed": ' + "9" * 5000 + "}"))
    assert _error(answer)["code"] in ("bad-json", "bad-field")


@pytest.mark.parametrize("index", range(len(seed_requests())))
def test_every_seed_request_is_answered(index: int) -> None:
    request = seed_requests()[index]
    answer = handle(request)
    assert "error" not in answer, (request["command"], answer)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(st.randoms(use_true_random=False), st.integers(0, 10_000))
def test_mutated_requests_get_located_errors(rng: random.Random, pick: int) -> None:
    requests = _SEEDS or _SEEDS.extend(seed_requests()) or _SEEDS
    request = mutate(requests[pick % len(requests)], rng)
    answer = handle(request)
    assert problem(answer) is None, (request, answer)
    json.dumps(answer, ensure_ascii=False)  # the answer is JSON-able


_SEEDS: list[dict[str, Any]] = []


def test_the_hand_inputs_stop_at_the_engines_bound() -> None:
    """The widgets' hand inputs take no more than the engine reads (one number, ``MAX_CARD_TEXT``)."""
    import re
    from pathlib import Path

    from changpai.decks.numerals import MAX_CARD_TEXT

    root = Path(__file__).resolve().parents[2] / "docs" / "assets"
    for path in (root / "widgets" / "hand-calculator.js", root / "js" / "hand-check.js"):
        found = re.findall(r'maxlength: "(\d+)"', path.read_text(encoding="utf-8"))
        assert found == [str(MAX_CARD_TEXT)], path


@pytest.mark.parametrize("text", ["[" * 3000 + "]" * 3000, '{"hand": ' + "9" * 5000 + "}"], ids=["deep", "huge-number"])
def test_the_command_line_refuses_deep_or_huge_json_with_one_line(text: str) -> None:
    import contextlib
    import io

    from changpai.cli import main

    err = io.StringIO()
    stdin = io.TextIOWrapper(io.BytesIO(text.encode("utf-8")), encoding="utf-8")
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        real, sys.stdin = sys.stdin, stdin
        try:
            status = main(["score", "--rules", "leshan"])
        finally:
            sys.stdin = real
    assert status == 2, err.getvalue()
    # One line either way: unreadable (CPython's reader gives up) or read and refused as not one object (Pyodide).
    assert err.getvalue().count("\n") == 1
    assert "invalid JSON" in err.getvalue() or "must be one JSON object" in err.getvalue()


def test_record_data_and_tables_are_bounded_before_they_are_read() -> None:
    """A frames request or a table of any size is refused early: at most 1000 steps, 4 seats, 27 sets."""
    deal = handle({"command": "new_deal", "rules": "leshan", "players": 3, "seed": 4})
    record = handle({"command": "deal_record", "state": deal["state"]})["record"]
    question = {
        "question": {
            "seat": 0,
            "prompt": {"zh": "？", "en": "?"},
            "choices": [{"id": "a", "label": {"zh": "甲", "en": "a"}}],
            "answer": ["a"],
        }
    }
    steps = _error(handle({"command": "frames", "record": {**record, "steps": [question] * 1001}}))
    assert steps["where"].startswith("steps"), steps
    seats = _error(handle({"command": "frames", "record": {**record, "seats": [{"zh": "某", "en": "x"}] * 5}}))
    assert seats["where"].startswith("seats"), seats
    table = _error(
        handle(
            {"command": "score", "rules": "leshan", "hand": HAND, "table": [{"set": "pong", "cards": "七七七"}] * 28}
        )
    )
    assert table["code"] == "too-long" and table["where"] == "table", table
