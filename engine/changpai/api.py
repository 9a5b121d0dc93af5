"""The JSON facade used by the command line, the site build and the browser worker.

A request is a dict ``{"command": NAME, ...}``; ``handle`` returns a JSON-able dict and never raises:
bad input gives ``{"error": {"code", "where", "zh", "en"}}``. Commands register with ``@command("name")``;
other modules add theirs the same way and are imported at the bottom of this file.

Built-in commands
-----------------
``score``   ``{"rules", "hand", "table"?, "win_card"?, "from"?, "options"?}`` → the best split (see
            ``analysis.HandResult.as_dict``); ``hand`` excludes ``win_card``; without ``win_card`` the hand
            itself must be complete.
``waits``   ``{"rules", "hand", "table"?, "seen"?, "options"?}`` → ``{"waits": [{"card", "points", "win", "left"}]}``
``rules``   ``{}`` → every rule set's name and title; ``{"name", "options"?}`` → that rule set in full.
``version`` → the engine version and the command names.

``table`` is a list of ``{"set": "pong|kong|four|eat", "cards": "…"}``; ``options`` maps option names to
values (``rules.OPTIONS``).

>>> hand = "二七十 贰柒拾 壹贰叁 肆伍陆 七八九 五五五 伍伍"
>>> handle({"command": "waits", "rules": "leshan", "hand": hand})["waits"][0]
{'card': '伍', 'ascii': '5b', 'points': 18, 'win': True, 'left': 1}
>>> handle({"command": "score", "rules": "leshan", "hand": "二七十 贰柒"})["error"]["code"]
'card-count'
"""

from __future__ import annotations

import importlib
import importlib.util
import json
from collections.abc import Callable
from typing import Any

from . import __version__
from .analysis import SOURCES, analyse, waits
from .rules import OPTIONS, RULESETS, RuleSet, get_rules
from .text import ChangpaiError, HandError, Text

Request = dict[str, Any]
Handler = Callable[[Request], dict[str, Any]]

_COMMANDS: dict[str, Handler] = {}
_FIELDS: dict[str, frozenset[str]] = {}


def command(name: str, *, fields: tuple[str, ...] | None = None) -> Callable[[Handler], Handler]:
    """Register ``func`` as the handler of ``{"command": name}``.

    ``fields`` lists the request fields the command reads; any other field is reported as an error,
    so a typo never passes silently. ``None`` accepts any field.
    """

    def register(func: Handler) -> Handler:
        if name in _COMMANDS and _COMMANDS[name] is not func:
            raise ValueError(f"command {name!r} is registered twice")
        _COMMANDS[name] = func
        if fields is not None:
            _FIELDS[name] = frozenset(("command", *fields))
        return func

    return register


def commands() -> list[str]:
    return sorted(_COMMANDS)


def _error(code: str, where: str | None, text: Text) -> dict[str, Any]:
    prefix = f"{where}: " if where else ""
    return {"error": {"code": code, "where": where, "zh": prefix + text.zh, "en": prefix + text.en}}


def handle(request: Any) -> dict[str, Any]:
    """Run one request; never raises."""
    try:
        if not isinstance(request, dict):
            return _error("bad-request", None, Text("请求应是一个 JSON 对象", "a request must be a JSON object"))
        name = request.get("command")
        handler = _COMMANDS.get(name) if isinstance(name, str) else None
        if handler is None:
            known = ", ".join(commands())
            return _error(
                "unknown-command",
                "command",
                Text(f"未知命令“{name}”（可用：{known}）", f"unknown command “{name}” (known: {known})"),
            )
        allowed = _FIELDS.get(name)
        if allowed is not None:
            for key in request:
                if key not in allowed:
                    return _error(
                        "unknown-field",
                        str(key),
                        Text(
                            f"命令 {name} 没有这个字段",
                            f"command {name} has no such field ({', '.join(sorted(allowed))})",
                        ),
                    )
        return handler(request)
    except ChangpaiError as error:
        return {"error": error.as_dict()}
    except RecursionError:
        return _error("internal", None, Text("引擎内部递归过深", "the engine recursed too deeply"))
    except Exception as error:  # a bug: report it as data, never crash the page or the CLI
        detail = f"{type(error).__name__}: {error}"
        return _error("internal", None, Text(f"引擎内部错误：{detail}", f"internal engine error: {detail}"))


def handle_json(text: str) -> str:
    """``handle`` for a JSON string; the answer is JSON too (UTF-8 text, not ASCII-escaped)."""
    try:
        request = json.loads(text)
    except (json.JSONDecodeError, TypeError) as error:
        where = f"line {error.lineno} column {error.colno}" if isinstance(error, json.JSONDecodeError) else None
        answer = _error("bad-json", where, Text("输入不是合法的 JSON", f"the input is not valid JSON ({error})"))
    else:
        answer = handle(request)
    return json.dumps(answer, ensure_ascii=False)


# ----------------------------------------------------------------------------- field readers


def text_field(request: Request, key: str, *, required: bool = True, default: str | None = None) -> str | None:
    value = request.get(key, default)
    if value is None:
        if required:
            raise HandError(Text("缺少这个字段", "this field is missing"), code="missing-field", where=key)
        return None
    if not isinstance(value, str):
        raise HandError(Text("这个字段应是文字", "this field must be text"), code="bad-field", where=key)
    return value


def rules_field(request: Request, key: str = "rules") -> RuleSet:
    name = text_field(request, key)
    options = request.get("options") or {}
    if not isinstance(options, dict) or not all(isinstance(v, str) for v in options.values()):
        raise HandError(
            Text("options 应是“选项名: 值”的对象", "options must map option names to text values"),
            code="bad-field",
            where="options",
        )
    return get_rules(name, **options)


def table_field(request: Request) -> list[dict[str, Any]]:
    table = request.get("table") or []
    if not isinstance(table, list):
        raise HandError(Text("table 应是牌组的列表", "table must be a list of sets"), code="bad-field", where="table")
    for i, item in enumerate(table):
        if not isinstance(item, dict):
            raise HandError(
                Text('牌组应写成 {"set": …, "cards": …}', 'a set is written {"set": …, "cards": …}'),
                code="bad-set",
                where=f"table[{i}]",
            )
    return table


# ----------------------------------------------------------------------------- built-in commands


@command("score", fields=("rules", "hand", "table", "win_card", "from", "options"))
def _score(request: Request) -> dict[str, Any]:
    rules = rules_field(request)
    source = text_field(request, "from", required=False, default="discard")
    if source not in SOURCES:
        raise HandError(
            Text(f"应为 {'、'.join(SOURCES)} 之一", f"must be one of {', '.join(SOURCES)}"),
            code="bad-field",
            where="from",
        )
    result = analyse(
        text_field(request, "hand"),
        table_field(request),
        rules,
        win_card=text_field(request, "win_card", required=False),
        source=source,
    )
    return result.as_dict()


@command("waits", fields=("rules", "hand", "table", "seen", "options"))
def _waits(request: Request) -> dict[str, Any]:
    rules = rules_field(request)
    found = waits(
        text_field(request, "hand"), table_field(request), rules, seen=text_field(request, "seen", default="")
    )
    return {
        "rules": rules.name,
        "waits": [w.as_dict() for w in found],
        "minimum": rules.min_points.value,
    }


@command("rules", fields=("name", "options"))
def _rules(request: Request) -> dict[str, Any]:
    if request.get("name") is None:
        return {
            "rules": [
                {"name": r.name, "title": r.title.as_dict(), "sources": list(r.sources)} for r in RULESETS.values()
            ],
            "options": {name: option.as_dict() for name, option in OPTIONS.items()},
        }
    return rules_field(request, "name").describe()


@command("version", fields=())
def _version(request: Request) -> dict[str, Any]:
    return {"version": __version__, "commands": commands()}


# Other parts of the engine register their commands from their own modules, imported here when present.
EXTENSION_MODULES = ("changpai.api_play",)
for _module in EXTENSION_MODULES:
    if importlib.util.find_spec(_module) is not None:
        importlib.import_module(_module)
