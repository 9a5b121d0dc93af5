"""Forged states and records whose fields disagree (issue #17, items 2, 3 and 5): each is refused with the
same located, bilingual error — a state's field (``state.dealer``, ``state.hands.2`` …), a record's field with
its file and line (``hands.1 (fuzz.yml:7)``) — or read correctly; never trusted, never an internal error."""

from __future__ import annotations

import copy
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from changpai.api import handle
from hardening_kit import RECORD_NAME, corrupt_record, problem, record_outcome, record_text, replay_text
from hypothesis import given, settings
from hypothesis import strategies as st

try:
    import yaml
except ImportError:
    yaml = None
needs_pyyaml = pytest.mark.skipif(yaml is None, reason="PyYAML is not installed (Pyodide): records are read as files")


def _deal(rules: str = "leshan", players: int = 3, seed: int = 4, dealer: int | None = None) -> dict[str, Any]:
    request: dict[str, Any] = {"command": "new_deal", "rules": rules, "players": players, "seed": seed}
    if dealer is not None:
        request["dealer"] = dealer
    answer = handle(request)
    assert "error" not in answer, answer
    return answer


def _record(rules: str = "leshan", players: int = 3, seed: int = 4, dealer: int | None = 0, steps: int = 6) -> str:
    answer = _deal(rules, players, seed, dealer)
    state = answer["state"]
    for _ in range(steps):
        move = handle({"command": "bot_move", "state": state})["action"]
        if move is None:
            break
        state = handle({"command": "apply", "state": state, "action": move})["state"]
    return record_text(handle({"command": "deal_record", "state": state})["record"])


def _frames(text: str) -> dict[str, Any]:
    """The record file's text read (with its lines) and replayed, as the command line and the build do."""
    return replay_text(text, RECORD_NAME)


def _line_of(text: str, prefix: str, nth: int = 0) -> int:
    """The 1-based line of the ``nth`` line of ``text`` that starts with ``prefix``."""
    found = [i + 1 for i, line in enumerate(text.splitlines()) if line.startswith(prefix)]
    return found[nth]


def _state_error(state: dict[str, Any]) -> dict[str, Any]:
    answer = handle({"command": "legal_actions", "state": state})
    assert problem(answer) is None, problem(answer)
    assert "error" in answer, "a forged state was trusted"
    return answer["error"]


# ----------------------------------------------------------------------------- forged states


def _forge(change: str) -> dict[str, Any]:
    answer = _deal("leshan", 3, 4)
    state = copy.deepcopy(answer["state"])
    dealer = state["dealer"]
    if change == "fifth-copy":
        state["hands"][(dealer + 1) % 3] += state["hands"][dealer][0]
    elif change == "dealer-41":  # a stock card moved into the dealer's hand: 80 cards, but 22 for the dealer
        state["hands"][dealer] += state["stock"][0]
        state["stock"] = state["stock"][1:]
    elif change == "two-dealers":
        state["roles"][(dealer + 1) % 3] = "dealer"
    elif change == "all-dealers":
        state["roles"] = ["dealer"] * 3
    elif change == "no-roles":
        state["roles"] = []
    elif change.startswith("dealer="):
        state["dealer"] = {"-1": -1, "5": 5, "'0'": "0", "1.0": 1.0, "True": True}[change[7:]]
    elif change == "hands-text":
        state["hands"] = "一二三"
    elif change == "history-number":
        state["history"] = [1]
    elif change == "rules-list":
        state["rules"] = ["leshan"]
    elif change == "options-list":
        state["options"] = ["x"]
    elif change == "seed-text":
        state["seed"] = "x"
    elif change == "violations-text":
        state["violations"] = "false-win"
    elif change == "violation-never-committed":
        state["violations"] = ["false-win"]
    elif change == "unknown-field":
        state["winner"] = 0
    elif change == "other-game":
        state["game"] = "chuo"
    return state


FORGERIES: list[tuple[str, str, str | None]] = [
    ("fifth-copy", "state.hands", None),
    ("dealer-41", "state.hands", None),
    ("two-dealers", "state.roles", None),
    ("all-dealers", "state.roles", None),
    ("no-roles", "state.roles", None),
    ("dealer=-1", "state.dealer", None),
    ("dealer=5", "state.dealer", None),
    ("dealer='0'", "state.dealer", None),
    ("dealer=1.0", "state.dealer", None),
    ("dealer=True", "state.dealer", None),
    ("hands-text", "state.hands", None),
    ("history-number", "state.history", None),
    ("rules-list", "state.rules", None),
    ("options-list", "state.options", None),
    ("seed-text", "state.seed", None),
    ("violations-text", "state.violations", None),
    ("violation-never-committed", "state.violations", None),
    ("unknown-field", "state.winner", None),
    ("other-game", "state.game", None),
]


@pytest.mark.parametrize(
    ("change", "where"),
    [pytest.param(c, w, id=c, marks=[pytest.mark.xfail(strict=True, reason=r)] if r else []) for c, w, r in FORGERIES],
)
def test_a_forged_state_is_refused_where_it_is_wrong(change: str, where: str) -> None:
    error = _state_error(_forge(change))
    assert error["where"].startswith(where), error


def test_the_dealer_on_the_sitters_seat_is_refused() -> None:
    state = copy.deepcopy(_deal("luzhou-a", 4, 3)["state"])
    state["dealer"] = state["roles"].index("sitter")  # the roles and hands left as they were
    error = _state_error(state)
    assert error["where"].startswith("state."), error


def test_a_genuine_state_still_reads_back() -> None:
    answer = _deal("leshan", 4, 9)
    again = handle({"command": "legal_actions", "state": answer["state"]})
    assert "error" not in again and again["actions"] == answer["legal"]


# ----------------------------------------------------------------------------- records whose fields disagree


@needs_pyyaml
def test_fewer_players_than_hands_is_a_located_error() -> None:
    text = _record("leshan", 3, 4, dealer=0, steps=0)
    assert "players: 3" in text
    bad = text.replace("players: 3", "players: 2").replace("seed: 4\n", "")
    assert "seed:" not in bad
    error = _frames(bad).get("error")
    assert error is not None, "a record with two players and three hands was accepted"
    assert f"{RECORD_NAME}:" in error["where"], error


# (what to change, the field whose line the error must give)
FIELD_EDITS = [
    ("dealer: 0", "dealer: 7", "dealer:"),
    ("rules: leshan", "rules: luzhou", "rules:"),
    ("seed: 4", "seed: 5", "seed:"),
    ("players: 3", "players: 3\noptions: {name: x}", "options:"),
    ("players: 3", "players: 3\noptions: {dealer_cards: 80}", "options:"),
]


@needs_pyyaml
@pytest.mark.parametrize(
    ("old", "new", "field"),
    [pytest.param(o, n, f, id=n.replace("\n", " ")) for o, n, f in FIELD_EDITS],
)
def test_a_field_error_gives_the_fields_line(old: str, new: str, field: str) -> None:
    text = _record().replace(old, new, 1)
    error = _frames(text)["error"]
    assert f"{RECORD_NAME}:{_line_of(text, field)}" in error["where"], error


@needs_pyyaml
@pytest.mark.parametrize("edit", ["card", "extra", "short"])
def test_a_hand_error_gives_the_hands_line(edit: str) -> None:
    text = _record()
    lines = text.splitlines()
    first = _line_of(text, "  - ") - 1
    if edit == "card":
        lines[first + 1] += "x"
    elif edit == "extra":
        lines[first + 1] += "七七七七七"
    else:
        lines[first + 1] = lines[first + 1][:-1]
    bad = "\n".join(lines) + "\n"
    error = _frames(bad)["error"]
    assert f"{RECORD_NAME}:" in error["where"], error


@needs_pyyaml
def test_a_stock_error_gives_the_stocks_line() -> None:
    text = _record()
    stock = _line_of(text, "stock:")
    bad = "\n".join(line + "七" if i + 1 == stock else line for i, line in enumerate(text.splitlines())) + "\n"
    error = _frames(bad)["error"]  # a fifth 七: the copies of hands and stock together
    assert error["where"].startswith("hands+stock (" + RECORD_NAME), error


@needs_pyyaml
@pytest.mark.parametrize("head", ["\ufeff", "\ufeff# a comment\n"])
def test_a_byte_order_mark_is_not_part_of_the_record(head: str) -> None:
    answer = _frames(head + _record())
    assert "error" not in answer, answer


def test_a_title_that_is_not_text_never_writes_an_unreadable_record() -> None:
    state = _deal()["state"]
    answer = handle({"command": "deal_record", "state": state, "title": {"zh": 1, "en": [2]}})
    if "error" in answer:
        assert answer["error"]["where"].startswith("title")
    else:
        again = handle({"command": "frames", "record": answer["record"], "name": RECORD_NAME})
        assert "error" not in again, "deal_record wrote a record that cannot be read back"


@needs_pyyaml
@settings(max_examples=120, deadline=None, derandomize=True)
@given(st.randoms(use_true_random=False))
def test_corrupted_records_are_read_or_refused_with_file_and_line(rng: random.Random) -> None:
    text = _RECORDS or _RECORDS.append(_record(steps=12)) or _RECORDS
    damaged = corrupt_record(text[0], rng)
    outcome = record_outcome(_frames(damaged))
    assert outcome in ("read", "refused"), (damaged, outcome)


_RECORDS: list[str] = []


# ----------------------------------------------------------------------------- the command line


@needs_pyyaml
@pytest.mark.skipif(sys.platform == "emscripten", reason="Pyodide cannot start subprocesses")
def test_replay_reads_a_file_with_a_byte_order_mark(tmp_path: Path) -> None:
    path = tmp_path / RECORD_NAME
    path.write_bytes(b"\xef\xbb\xbf" + _record().encode("utf-8"))
    done = subprocess.run([sys.executable, "-m", "changpai", "replay", str(path)], capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr.decode()


@needs_pyyaml
@pytest.mark.skipif(sys.platform == "emscripten", reason="Pyodide cannot start subprocesses")
def test_replay_refuses_fewer_players_than_hands_with_the_line(tmp_path: Path) -> None:
    path = tmp_path / RECORD_NAME
    path.write_text(_record(steps=0).replace("players: 3", "players: 2").replace("seed: 4\n", ""), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "changpai", "replay", str(path)], capture_output=True, timeout=60)
    assert done.returncode == 2, done.stdout.decode()
    assert f"{RECORD_NAME}:" in done.stderr.decode()


@needs_pyyaml
def test_more_seat_names_than_seats_is_a_located_error() -> None:
    text = _record(steps=0)
    names = "seats:\n" + "".join(f"  - {{zh: 名{i}, en: name {i}}}\n" for i in range(4))
    bad = text.replace("players: 3\n", "players: 3\n" + names)
    error = _frames(bad)["error"]
    assert error["where"] == f"seats ({RECORD_NAME}:{_line_of(bad, 'seats:')})", error
