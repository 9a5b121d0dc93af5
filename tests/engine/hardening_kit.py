"""Hostile input for the engine facade: valid requests to start from, mutations of them, corrupted records,
and the test of an answer (a located bilingual error or a real answer, never an internal error).

Used by tests/engine/test_hardening_*.py (small N) and benchmarks/fuzz_api.py (large N). Only the public
facade is used (``changpai.api.handle`` / ``handle_json``), so the kit does not depend on the engine's layout.
"""

from __future__ import annotations

import copy
import json
import random
import re
from typing import Any

from changpai.api import handle

HAND = "二七十 贰柒拾 壹贰叁 肆伍陆 七八九 五五五 伍伍"
RECORD_NAME = "fuzz.yml"
# A located error names a field, a step or a file line; a record error names the file and line.
_FILE_LINE = re.compile(re.escape(RECORD_NAME) + r":\d+")

# Values that have broken parsers before: wrong types, unhashable values, non-ASCII digits, huge numbers.
HOSTILE: list[Any] = [
    None,
    True,
    0,
    -1,
    5,
    1.0,
    float("inf"),
    10**40,
    "",
    " ",
    "0",
    "²",
    "٣",
    "𝟘",
    "² pass",
    "٠ discard 七",
    "一" * 5000,
    "x" * 300,
    [],
    [1],
    {},
    {"zh": 1, "en": [2]},
    {"a": {"b": []}},
    "\ufeff",
    "\x00",
    "name",
]
OPTION_NAMES = [
    "name",
    "self",
    "rules",
    "options",
    "players",
    "values",
    "dealer_cards",
    "player_cards",
    "xiaojia_cards",
]
OPTION_VALUES: list[Any] = [-5, 0, 1, 2, 21, 80, 10**6, "21", True, None, [], "kan", "pong"]


def deep(depth: int) -> list[Any]:
    """A list nested ``depth`` levels (built without recursion)."""
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


def problem(answer: Any) -> str | None:
    """``None`` if ``answer`` is a real answer or a located bilingual error; else what is wrong with it."""
    if not isinstance(answer, dict):
        return f"not a dict: {type(answer).__name__}"
    error = answer.get("error")
    if error is None:
        return None
    if error.get("code") == "internal":
        return f"internal: {error.get('en')}"
    where = error.get("where")
    if not isinstance(where, str) or not where:
        return f"unlocated {error.get('code')}: {error.get('en')}"
    if not error.get("zh") or not error.get("en"):
        return f"not bilingual {error.get('code')}"
    return None


def seed_requests(seed: int = 4) -> list[dict[str, Any]]:
    """One valid request of each command, from a live deal of each table kind."""
    out: list[dict[str, Any]] = [
        {"command": "version"},
        {"command": "rules"},
        {"command": "rules", "name": "leshan", "options": {"win_on_pair": "pong"}},
        {"command": "score", "rules": "leshan", "hand": HAND, "win_card": "伍", "from": "discard"},
        {"command": "waits", "rules": "leshan", "hand": HAND, "seen": "伍"},
        {"command": "play_rules"},
        {"command": "play_rules", "name": "wuchuan"},
    ]
    for rules, players in (("luzhou-a", 4), ("leshan", 3), ("leshan", 4), ("wuchuan", 4)):
        answer = handle({"command": "new_deal", "rules": rules, "players": players, "seed": seed})
        state = answer["state"]
        out.append({"command": "new_deal", "rules": rules, "players": players, "seed": seed, "dealer": 0})
        out.append({"command": "legal_actions", "state": state, "seat": 0})
        out.append({"command": "bot_move", "state": state, "bot": "simple", "seed": 1})
        out.append({"command": "deal_record", "state": state, "title": {"zh": "题", "en": "title"}})
        if answer["legal"]:
            out.append({"command": "apply", "state": state, "action": answer["legal"][0]["text"]})
        record = handle({"command": "deal_record", "state": state})["record"]
        out.append({"command": "frames", "record": record, "name": RECORD_NAME})
    return out


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into the JSON-like ``value`` (dict keys and list indexes)."""
    out = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            out.extend(_paths(item, (*prefix, key)))
    elif isinstance(value, list) and len(value) <= 30:
        for i, item in enumerate(value):
            out.extend(_paths(item, (*prefix, i)))
    return out


def _set(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    holder = value
    for key in path[:-1]:
        holder = holder[key]
    holder[path[-1]] = new
    return value


def _edit_text(text: str, rng: random.Random) -> str:
    if not text:
        return rng.choice(["七", "x", "0 pass"])
    i = rng.randrange(len(text))
    kind = rng.randrange(4)
    if kind == 0:
        return text[:i] + text[i + 1 :]
    if kind == 1:
        return text[:i] + rng.choice("一七十壹拾x 0²٣\ufeff") + text[i:]
    if kind == 2:
        return text[:i] + text[i] * 5 + text[i:]
    return text[:i]


def mutate(request: dict[str, Any], rng: random.Random) -> Any:
    """A random hostile variant of a valid request (one to three edits anywhere in it)."""
    out = copy.deepcopy(request)
    for _ in range(rng.randint(1, 3)):
        kind = rng.randrange(8)
        paths = [p for p in _paths(out) if p != ("command",)]
        path = rng.choice(paths) if paths else ()
        if kind == 0:
            return rng.choice(HOSTILE)  # not even a dict
        if kind in (1, 2) and path:
            out = _set(out, path, copy.deepcopy(rng.choice(HOSTILE)))
        elif kind == 3 and path:
            holder = out
            for key in path[:-1]:
                holder = holder[key]
            del holder[path[-1]]
        elif kind == 4:
            text_paths = [p for p in _paths(out) if isinstance(_get(out, p), str) and p != ("command",)]
            if text_paths:
                p = rng.choice(text_paths)
                out = _set(out, p, _edit_text(_get(out, p), rng))
        elif kind == 5:
            out["options"] = {rng.choice(OPTION_NAMES): rng.choice(OPTION_VALUES)}
        elif kind == 6 and isinstance(out, dict):
            out[rng.choice(["state", "hand", "seed", "dealer", "players", "table", "wishes", "title"])] = deep(
                rng.choice([50, 3000])
            )
            return out  # nothing more is edited inside a deep value
        elif kind == 7 and isinstance(out, dict):
            out[rng.choice(["seed", "dealer", "players", "seat"])] = rng.choice([10**400, -(10**18), 2**63, -7])
        if not isinstance(out, dict):
            return out
    return out


def _get(value: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        value = value[key]
    return value


def corrupt_record(text: str, rng: random.Random) -> str:
    """A damaged copy of a record's YAML text: lines dropped, doubled, edited, numbers changed, a BOM."""
    lines = text.splitlines()
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(lines))
        kind = rng.randrange(7)
        if kind == 0:
            del lines[i]
        elif kind == 1:
            lines.insert(i, lines[i])
        elif kind == 2:
            lines[i] = _edit_text(lines[i], rng)
        elif kind == 3:
            lines[i] = re.sub(r"\d+", lambda _m: str(rng.choice([-1, 0, 1, 2, 3, 4, 5, 99, 10**30])), lines[i])
        elif kind == 4:
            lines[0] = "\ufeff" + lines[0]
        elif kind == 5:
            lines.insert(i, rng.choice(["players: 2", "players: 4", "dealer: 3", "seed: 9", "junk: 1", "  - 七"]))
        else:
            lines[i] = "  " + lines[i]
        if not lines:
            lines = [""]
    return "\n".join(lines) + "\n"


def record_outcome(answer: dict[str, Any]) -> str:
    """``"read"``, ``"refused"`` (with the file and line), or a description of what is wrong."""
    wrong = problem(answer)
    if wrong is not None:
        return wrong
    error = answer.get("error")
    if error is None:
        return "read"
    if _FILE_LINE.search(error.get("where") or "") or _FILE_LINE.search(error.get("en") or ""):
        return "refused"
    return f"refused without file:line {error.get('code')}: {error.get('en')}"


def handle_text(text: str) -> Any:
    """``handle_json`` of ``text``, decoded again (handle_json must answer JSON text)."""
    from changpai.api import handle_json

    return json.loads(handle_json(text))
