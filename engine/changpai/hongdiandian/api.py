"""The 红点点 answers of the JSON facade: ``changpai.api`` hands a request here when its rule set is one of
``rules.RULESETS`` (``score``, ``waits``, ``rules``, ``simulate``). The fields are those of the other games:
``hand``, ``table`` (``[{"set": "pair|four|kan2", "cards": …}]``), ``win_card``, ``from`` (``turn``, ``tianhu``,
``dihu``), ``seen``, ``options``.
"""

from __future__ import annotations

from typing import Any

from ..core.text import HandError, Text
from .hand import TURNED, score, waits
from .rules import RULESETS, HddRules, get_rules

MAX_SIMULATED = 1000  # one request plays at most this many deals (about seconds in the browser)


def _text(request: dict[str, Any], key: str, default: str | None = None) -> str:
    value = request.get(key, default)
    if not isinstance(value, str):
        code = "missing-field" if value is None else "bad-field"
        raise HandError(Text("这个字段应是文字", "this field must be text"), code=code, where=key)
    return value


def _rules(request: dict[str, Any], key: str = "rules") -> HddRules:
    options = request.get("options") or {}
    if not isinstance(options, dict):
        raise HandError(Text("options 应是对象", "options must be an object"), code="bad-field", where="options")
    return get_rules(_text(request, key), options)


def _table(request: dict[str, Any]) -> list[Any]:
    table = request.get("table") or []
    if not isinstance(table, list) or len(table) > 8:
        raise HandError(
            Text("table 应是至多 8 组牌的列表", "table must be a list of at most 8 sets"),
            code="bad-field",
            where="table",
        )
    return table


def score_request(request: dict[str, Any]) -> dict[str, Any]:
    win_card = request.get("win_card")
    if win_card is not None and not isinstance(win_card, str):
        raise HandError(Text("win_card 应是一张牌", "win_card must be one card"), code="bad-field", where="win_card")
    result = score(
        _text(request, "hand"),
        _table(request),
        _rules(request),
        win_card=win_card,
        special=_text(request, "from", TURNED),
    )
    answer = result.as_dict()
    answer["sets"] = answer["table"] + answer["split"]  # the other games' name for the whole split
    return answer


def waits_request(request: dict[str, Any]) -> dict[str, Any]:
    rules = _rules(request)
    found = waits(_text(request, "hand"), _table(request), rules, seen=_text(request, "seen", ""))
    return {"rules": rules.name, "waits": [w.as_dict() for w in found], "minimum": rules.minimum.value}


def rules_request(request: dict[str, Any]) -> dict[str, Any]:
    return _rules(request, "name").describe()


def listing() -> list[dict[str, Any]]:
    return [
        {"name": r.name, "title": r.title.as_dict(), "sources": ["[000]"], "game": "hongdiandian"}
        for r in RULESETS.values()
    ]


def simulate_request(request: dict[str, Any]) -> dict[str, Any]:
    from ..bots.hongdiandian import BOTS, simulate

    rules = _rules(request)
    deals, seed, bot = request.get("deals", 100), request.get("seed", 0), request.get("bot", "simple")
    for key, value, low, high in (("deals", deals, 1, MAX_SIMULATED), ("seed", seed, -(2**63), 2**63)):
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise HandError(
                Text(f"应是 {low} 到 {high} 的整数", f"must be a whole number from {low} to {high}"),
                code="bad-field",
                where=key,
            )
    if bot not in BOTS:
        raise HandError(
            Text("没有这种电脑玩家", f"no such computer player (known: {', '.join(BOTS)})"),
            code="bad-field",
            where="bot",
        )
    if request.get("options"):
        raise HandError(Text("模拟暂不接受选项", "simulate takes no options yet"), code="bad-field", where="options")
    return simulate(rules.name, deals=deals, seed=seed, bot=bot)
