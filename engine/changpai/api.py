"""The JSON facade used by the command line, the site build and the browser worker.

A request is a dict ``{"command": NAME, ...}``; ``handle`` returns a JSON-able dict and never raises:
bad input gives ``{"error": {"code", "where", "zh", "en"}}``. Every command is a function of this module
registered with ``@command("name", fields=…)``; there is no other place a command comes from.
The requests the widgets send and the answers they read are the contract ``schemas/api.schema.json``
(frames: ``schemas/frames.schema.json``), checked against real answers by the tests.

Built-in commands
-----------------
``score``   ``{"rules", "hand", "table"?, "win_card"?, "from"?, "options"?}`` → the best split (see
            ``analysis.HandResult.as_dict``); ``hand`` excludes ``win_card``; without ``win_card`` the hand
            itself must be complete.
``waits``   ``{"rules", "hand", "table"?, "seen"?, "options"?}`` → ``{"waits": [{"card", "points", "win", "left"}]}``
``rules``   ``{}`` → every rule set's name and title; ``{"name", "options"?}`` → that rule set in full.
``version`` → the engine version and the command names.
``simulate``  ``{"rules", "deals"?, "seed"?, "bot"?, "options"?}`` → a summary of deals played by computer players
            (红点点 and 戳牌 so far). ``beats`` ``{"rules": "chuopai", "hand", "options"?}`` → each play of a 戳牌 hand
            and what it beats.
            红点点 (``wuchuan-hongdiandian-*``): ``score``, ``waits``, ``rules`` answer from ``hongdiandian.api``,
            and so do ``new_deal``, ``legal_actions``, ``apply``, ``bot_move`` for a 红点点 rule set or state.
            戳牌 (``chuopai``): ``rules`` with ``"name": "chuopai"``, ``new_deal`` with ``"rules": "chuopai"`` and
            ``legal_actions`` / ``apply`` / ``bot_move`` with a 戳牌 ``state`` answer from ``chuopai.api`` (stateless:
            send the state back; no ``game`` ids).
``simulate_match`` ``{"rules", "players"?, "deals"?, "seed"?, "bot"?, "options"?}`` → a whole match by computer
            players, for every game with a match (a Da Er tradition: 8 deals unless ``deals``; Wuchuan 一百: the
            sitting until a seat reaches its target; 戳牌: once round the table): ``{"rules", "players", "deals":
            [{"dealer", "winner", "payments", "totals"}], "ledger": {"totals", "zero_sum"}, "record"}``
            (``core.match_summary``). ``replay_match`` ``{"record"}`` → the same without ``record``, or the
            record's first problem, located (``deals[N].deal: step M``, ``deals[N].totals``, ``played[N]`` …).
``next_seating`` ``{"rules", "players"?, "dealer", "shuffler"?, "winner"?, "options"?}`` → who shuffles and deals the
            next deal of a Da Er sitting, one deal at a time (a reader's next hand): ``{"dealer", "shuffler", "why"}``,
            ``dealer`` null where the deal's own cut picks it (pass ``shuffler`` to ``new_deal``), ``why`` the lines
            of the tradition's rules of a sitting that chose them (``{"question", "answer", "source"}``).
``lesson``  ``{"rules", "ask", "position", "options"?}`` → a game's own lesson question answered
            (each game's ``lesson`` module): ``{"form", "value", "shown", "lines", "rows", …}``.

``table`` is a list of ``{"set": "pong|kong|four|eat", "cards": "…"}``; ``options`` maps option names to
values (each tradition's options, ``options.OptionSet``; ``rules`` lists them).

>>> hand = "二七十 贰柒拾 壹贰叁 肆伍陆 七八九 五五五 伍伍"
>>> handle({"command": "waits", "rules": "leshan", "hand": hand})["waits"][0]
{'card': '伍', 'ascii': '5b', 'points': 18, 'win': True, 'left': 1}
>>> handle({"command": "score", "rules": "leshan", "hand": "二七十 贰柒"})["error"]["code"]
'card-count'

Commands for whole deals (the deal viewer, the "play a hand" widget and the kiosk use these)
----------------------------------------------------------------------------------------

Every command answers a JSON-able dict, or ``{"error": {"code", "where", "zh", "en"}}`` (``api.handle``).
Labels, events and settlement lines name seats 甲乙丙丁 / A B C D (seat 0 = 甲 / A) and use each tradition's
own words (Leshan 对 开 和 摆 抬炮, Wuchuan 兑 开招 活龙 妥, Luzhou 碰 招 龙 比 胡).

A deal's state is plain JSON (``"state"``): the rule set, the dealt cards and the actions so far. The
browser may keep it and send it back with each request; the worker may instead keep the live deal and
send only its id (``"game"``, returned by ``new_deal`` and ``apply``; the 64 most recent are kept).
A state sent back is trusted no more than a record: ``Deal.from_dict`` deals it again and replays it, and
a forged or damaged one answers the record's own error, located in the state (``state.hands.2``,
``state.roles``, ``state.history.7`` …).
Inputs are bounded and refused before they are read: a card text at most 400 characters
(``decks.numerals.MAX_CARD_TEXT``, also the widgets' ``maxlength``), an action 200 (``actions.MAX_ACTION_TEXT``),
a table 27 sets (over these: ``too-long``), a record 4 seats and 1000 steps (``bad-record``), a seed within
2**64 (``bad-seed``).

``frames``         ``{"record": record data, "name"?: file name}`` → the viewer's frames
                   ``{"rules", "title", "seats", "steps"}``; a bad record answers an error whose ``where`` is
                   ``step N`` (or the field). The engine reads no YAML: a record file is read at the edge
                   (``changpai.yamlfile``, which keeps the file lines for the errors).
``new_deal``       ``{"rules", "players"?, "seed"?, "dealer"?, "shuffler"?, "options"?}`` → a *deal answer*
                   (no ``dealer`` where the rules cut for it: the cut picks it, from the ``shuffler``'s 上家):
                   ``{"game", "state", "view", "legal", "over", "settlement"}``. ``view`` is
                   ``Deal.snapshot()`` plus ``roles``, ``role_names`` and ``seat_names`` (甲乙丙丁 / A B C D);
                   ``legal`` lists every legal action now. ``view.private`` is ``null`` or
                   ``{"seat", "card"}``: the card Leshan's 小家 has drawn privately [003] — show it only to
                   that seat (or in an all-hands view). ``view.win_bars`` lists, per seat, the cards it may not
                   win on whatever its hand makes, ``{"card", "ascii", "rule"}`` (``Deal.win_bar``: 和回龙 …), and
                   ``view.passed_win`` per seat the passed win a win must beat (现张不和), or ``null``.
``legal_actions``  ``{"state" | "game", "seat"?}`` → ``{"actions": [action], "to_move": [seat]}``; an action is
                   ``{"seat", "type", "card", "cards", "bi", "text", "label": {"zh", "en"}}`` and its ``text``
                   is what ``apply`` takes (e.g. ``"1 pong 七"``).
``apply``          ``{"state" | "game", "action": text}`` → a deal answer plus ``events`` (比/摆, 过张, 八块, the
                   win …); an illegal action answers an error naming the rule, in Chinese and English.
                   In a claim window a claim means the other seats pass, and the next seat's ``turn`` means
                   everybody passes (``legal`` lists it when no compulsory claim is pending). To let a person
                   choose among their own claims while the computer seats choose theirs, offer the person
                   ``legal_actions`` with ``seat``, then ask ``bot_move`` with ``wishes: {seat: choice}``.
``bot_move``       ``{"state" | "game", "seat"?, "bot"?: "simple"|"random", "seed"?, "wishes"?: {seat: text}}`` →
                   ``{"action": text | null}``: the computer's move for the seat to act; in a claim window, the
                   claim that wins once every seat not in ``wishes`` has chosen, by priority (``null``: the deal
                   is over). With ``seat``, only that seat's own choice (``null`` if it has none).
                   The choice is fixed by ``seed`` (default: the deal's seed) and the step number.
``deal_record``    ``{"state" | "game", "title"?: {"zh", "en"}}`` → ``{"record": record data}`` of the deal so far
                   (``yamlfile.dumps`` writes it as a file).
``play_rules``     ``{"name"?}`` → the parameters of play (seats, claims, violations, payments) with sources,
                   and ``words``: the tradition's words for pong, kong, held four, win, 比, ready and the
                   discarder (``actions.native_words``; Leshan 对 开 滚子 和 摆 下叫 抬炮).
"""

from __future__ import annotations

import json
import random
from collections import OrderedDict
from collections.abc import Callable, Iterable
from typing import Any, Literal, overload

from . import __version__
from .bots.daer import BOTS, next_action
from .chuopai import api as chuopai_api
from .core.game import FacadeGame
from .core.match_summary import match_answer
from .core.table import ROLE_NAMES, seat_name
from .core.text import ChangpaiError, HandError, RuleError, Text
from .daer.actions import Action, native_words
from .daer.analysis import SOURCES, analyse, not_ready_reasons, waits
from .daer.deal import Deal, check_seed
from .daer.match import MAX_DEALS as MAX_MATCH_DEALS
from .daer.match import MatchRecord, play_bot_match, replay_match, seating_after
from .daer.options import IN_PLAY
from .daer.options import apply as apply_options
from .daer.options import describe as describe_options
from .daer.record import DealRecord, frames, read_text
from .daer.rules import RuleSet
from .daer.settlement import settle
from .daer.traditions import PLAY_RULES, RULESETS, get_play_rules, get_rules
from .daer.violations import describe as describe_violations
from .hongdiandian import api as hongdiandian_api

Request = dict[str, Any]
Handler = Callable[[Request], dict[str, Any]]

MAX_TABLE_SETS = 27  # 80 cards make at most 26 sets of three: more cannot be a table
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


MAX_REQUEST_DEPTH = 32  # the deepest real request (a record's question labels) is under 10 levels


def _nested_deeper_than(value: Any, limit: int) -> bool:
    """Whether lists/dicts nest more than ``limit`` levels; iterative, so no RecursionError on any platform."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Iterable[Any] = item.values()
        elif isinstance(item, list | tuple):
            children = item
        else:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children)
    return False


def _too_deep(where: str = "request") -> dict[str, Any]:
    return _error("too-deep", where, Text("嵌套太深", "nested too deeply"))


def _too_deep_field(request: Any) -> str | None:
    """Where a request nests deeper than MAX_REQUEST_DEPTH: the top-level field, or the whole request."""
    if isinstance(request, dict):
        for key, value in request.items():
            if _nested_deeper_than(value, MAX_REQUEST_DEPTH - 1):
                return str(key)
        return None
    return "request" if _nested_deeper_than(request, MAX_REQUEST_DEPTH) else None


def handle(request: Any) -> dict[str, Any]:
    """Run one request; never raises."""
    try:
        deep_at = _too_deep_field(request)
        if deep_at is not None:
            return _too_deep(deep_at)
        if not isinstance(request, dict):
            return _error("bad-request", "request", Text("请求应是一个 JSON 对象", "a request must be a JSON object"))
        name = request.get("command")
        handler = _COMMANDS.get(name) if isinstance(name, str) else None
        if handler is None:
            known = ", ".join(commands())
            return _error(
                "unknown-command",
                "command",
                Text(f"未知命令“{name}”（可用：{known}）", f"unknown command “{name}” (known: {known})"),
            )
        allowed = _FIELDS.get(str(name))
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
    except RecursionError:  # a value nested thousands deep (the JSON reader and str() recurse)
        return _too_deep()
    except Exception as error:  # a bug: report it as data, never crash the page or the CLI
        detail = f"{type(error).__name__}: {error}"
        return _error("internal", None, Text(f"引擎内部错误：{detail}", f"internal engine error: {detail}"))


def handle_json(text: str) -> str:
    """``handle`` for a JSON string; the answer is JSON too (UTF-8 text, not ASCII-escaped)."""
    try:
        request = json.loads(text)
    except (ValueError, TypeError, RecursionError) as error:  # also too deep, or a number over 4300 digits
        where = f"line {error.lineno} column {error.colno}" if isinstance(error, json.JSONDecodeError) else "request"
        answer = _error("bad-json", where, Text("输入不是合法的 JSON", f"the input is not valid JSON ({error})"))
    else:
        answer = handle(request)
    return json.dumps(answer, ensure_ascii=False)


# ----------------------------------------------------------------------------- field readers


@overload
def text_field(request: Request, key: str, *, required: Literal[True] = True, default: str | None = None) -> str: ...


@overload
def text_field(request: Request, key: str, *, required: bool, default: str | None = None) -> str | None: ...


def text_field(request: Request, key: str, *, required: bool = True, default: str | None = None) -> str | None:
    """The text field ``key`` (``default`` when absent); a missing required field raises ``HandError``."""
    value = request.get(key, default)
    if value is None:
        if required:
            raise HandError(Text("缺少这个字段", "this field is missing"), code="missing-field", where=key)
        return None
    if not isinstance(value, str):
        raise HandError(Text("这个字段应是文字", "this field must be text"), code="bad-field", where=key)
    return value


def record_field(request: Request, what: Text) -> dict[str, Any]:
    """The request's ``record``: a record's data (the engine reads no YAML: a file is read at the edge,
    ``changpai.yamlfile``)."""
    data = request.get("record")
    if not isinstance(data, dict):
        raise HandError(
            Text(f"record 应是{what.zh}的数据（JSON 对象）", f"“record” must be {what.en}'s data (a JSON object)"),
            code="missing-field" if data is None else "bad-field",
            where="record",
        )
    return data


def bot_field(request: Request) -> str:
    """The request's ``bot``: one of the Da Er family's computer players (default ``simple``)."""
    kind = request.get("bot", "simple")
    if not isinstance(kind, str) or kind not in BOTS:
        raise HandError(
            Text(f"没有“{kind}”这种电脑玩家", f"there is no computer player “{kind}” (known: {', '.join(BOTS)})"),
            code="bad-field",
            where="bot",
        )
    return kind


def rules_field(request: Request, key: str = "rules", *, hands_only: bool = True) -> RuleSet:
    """The rule set named by ``key`` with the request's hand options (``hands_only=False``: options unread)."""
    name = text_field(request, key)
    options = request.get("options") or {}
    if not isinstance(options, dict) or not all(isinstance(v, str) for v in options.values()):
        raise HandError(
            Text("options 应是“选项名: 值”的对象", "options must map option names to text values"),
            code="bad-field",
            where="options",
        )
    rules = get_rules(name)
    return rules.with_options(**options) if hands_only else rules  # not get_rules(name, **options): "name"


def table_field(request: Request) -> list[dict[str, Any]]:
    table = request.get("table") or []
    if not isinstance(table, list):
        raise HandError(Text("table 应是牌组的列表", "table must be a list of sets"), code="bad-field", where="table")
    if len(table) > MAX_TABLE_SETS:
        raise HandError(
            Text(f"桌上至多 {MAX_TABLE_SETS} 组牌", f"a table holds at most {MAX_TABLE_SETS} sets"),
            code="too-long",
            where="table",
        )
    for i, item in enumerate(table):
        if not isinstance(item, dict):
            raise HandError(
                Text('牌组应写成 {"set": …, "cards": …}', 'a set is written {"set": …, "cards": …}'),
                code="bad-set",
                where=f"table[{i}]",
            )
    return table


# ----------------------------------------------------------------------------- games with a package of their own

# Each declares which requests are its and what it answers (``core.game.FacadeGame``); the Da Er family answers
# the rest. No command below branches on a game's name.
OTHER_GAMES: tuple[FacadeGame, ...] = (hongdiandian_api.GAME, chuopai_api.GAME)
_BY_STATE = frozenset({"legal_actions", "apply", "bot_move"})
_BY_RECORD = frozenset({"frames", "replay_match"})


def _owns(game: FacadeGame, command_name: str, request: Request, key: str = "rules") -> bool:
    """Whether ``game`` owns ``request`` (by its state, its record or its rules, as the command reads it)."""
    if command_name in _BY_STATE:
        return game.owns_state(request)
    if command_name in _BY_RECORD:
        return game.owns_record(request.get("record"))
    return game.owns_rules(request.get(key))


def _other_game(command_name: str, request: Request, key: str = "rules") -> dict[str, Any] | None:
    """The answer of the game that owns ``request`` and answers ``command_name``, or ``None`` (the Da Er family)."""
    for game in OTHER_GAMES:
        handler = game.commands.get(command_name)
        if handler is not None and _owns(game, command_name, request, key):
            return handler(request)
    return None


def _not_for_other_games(command_name: str, request: Request, key: str) -> None:
    """Refuse, located at ``key``, a request a game of its own owns but cannot answer (红点点 has no match)."""
    for game in OTHER_GAMES:
        if command_name not in game.commands and _owns(game, command_name, request, key):
            raise RuleError(
                Text(f"{game.title.zh}没有 {command_name} 这个命令", f"{game.title.en} has no {command_name} command"),
                code="unknown-rules",
                where=key,
            )


def _only_other_games(command_name: str, request: Request, key: str = "rules") -> dict[str, Any]:
    """A command only other games answer: their answer, or a located refusal naming them."""
    answer = _other_game(command_name, request, key)
    if answer is not None:
        return answer
    games = [g for g in OTHER_GAMES if command_name in g.commands]
    raise RuleError(
        Text(
            f"{command_name} 命令只用于{'、'.join(g.title.zh for g in games)}，没有“{request.get(key)}”",
            f"the {command_name} command is for {', '.join(g.title.en for g in games)} only, not “{request.get(key)}”",
        ),
        code="unknown-rules",
        where=key,
    )


# ----------------------------------------------------------------------------- built-in commands


@command("score", fields=("rules", "hand", "table", "win_card", "from", "options"))
def _score(request: Request) -> dict[str, Any]:
    if (answer := _other_game("score", request)) is not None:
        return answer
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
    if (other := _other_game("waits", request)) is not None:
        return other
    rules = rules_field(request)
    found = waits(
        text_field(request, "hand"), table_field(request), rules, seen=text_field(request, "seen", default="")
    )
    answer: dict[str, Any] = {
        "rules": rules.name,
        "waits": [w.as_dict() for w in found],
        "minimum": rules.min_points.value,
    }
    if not found:  # say why not, in the visitor's words
        reasons = not_ready_reasons(text_field(request, "hand"), table_field(request), rules)
        answer["reasons"] = [r.as_dict() for r in reasons]
    return answer


@command("rules", fields=("name", "options"))
def _rules(request: Request) -> dict[str, Any]:
    if (answer := _other_game("rules", request, "name")) is not None:
        return answer
    if request.get("name") is None:
        return {
            "rules": [
                {"name": r.name, "title": r.title.as_dict(), "sources": list(r.sources)} for r in RULESETS.values()
            ],
            "options": {r.name: describe_options(r, PLAY_RULES[r.name]) for r in RULESETS.values()},
            "games": {g.name: g.listing() for g in OTHER_GAMES if g.listing is not None},
        }
    base = rules_field(request, "name", hands_only=False)  # the name and the options' shape checked
    rules, play = apply_options(base, get_play_rules(base.name), request.get("options"))  # both sides
    return {**rules.describe(), "options": describe_options(rules, play)}


@command("simulate", fields=("rules", "deals", "seed", "bot", "options"))
def _simulate(request: Request) -> dict[str, Any]:
    """``{"rules", "deals"?, "seed"?, "bot"?, "options"?}`` → a summary of computer players' deals (红点点, 戳牌)."""
    if (answer := _other_game("simulate", request)) is not None:
        return answer
    raise HandError(
        Text(
            "simulate 命令目前只用于红点点和戳牌（其他玩法用命令行的 simulate）",
            "the simulate command is for 红点点 and 戳牌 only so far",
        ),
        code="bad-field",
        where="rules",
    )


def _whole_field(request: Request, key: str, low: int, high: int) -> int | None:
    value = request.get(key)
    if value is not None and (not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high):
        raise HandError(
            Text(f"应是 {low} 到 {high} 的整数", f"must be a whole number from {low} to {high}"),
            code="bad-field",
            where=key,
        )
    return value


@command("simulate_match", fields=("rules", "players", "deals", "seed", "bot", "options"))
def _simulate_match(request: Request) -> dict[str, Any]:
    """A whole match played by computer players: each deal's dealer, winner and payments, the ledger, the record
    (a Da Er tradition, 一百's sitting until a seat reaches its target, 戳牌)."""
    if (answer := _other_game("simulate_match", request)) is not None:
        return answer
    _not_for_other_games("simulate_match", request, "rules")
    name = text_field(request, "rules")
    sitting = get_rules(name).variant.sitting  # a race stops by itself: at most MAX_DEALS deals
    players = _whole_field(request, "players", 2, 8)
    deals = _whole_field(request, "deals", 1, MAX_MATCH_DEALS)
    seed = check_seed(request.get("seed", 0)) or 0
    bot = bot_field(request)
    options = request.get("options")
    if options is not None and not isinstance(options, dict):
        raise HandError(Text("options 应是对象", "options must be an object"), code="bad-field", where="options")
    if deals is None and sitting is not None:
        deals = MAX_MATCH_DEALS
    length = {} if deals is None else {"deals": deals}  # else play_bot_match's own default
    match, record = play_bot_match(name, players, seed=seed, bot=bot, options=options, **length)
    dealt = [(d.dealer, d.winner) for d in match.deals]
    return {**match_answer(name, match.players, dealt, match.ledger), "record": record.to_data()}


@command("replay_match", fields=("record",))
def _replay_match(request: Request) -> dict[str, Any]:
    """A match record checked deal by deal (seats, dealers, ledger): the same answer as ``simulate_match`` without
    the record, or the first problem, located (``deals[N].deal: step M`` …)."""
    data = record_field(request, Text("比赛记录", "a match record"))
    if (answer := _other_game("replay_match", request)) is not None:
        return answer
    _not_for_other_games("replay_match", request, "record")
    record = MatchRecord.from_data(data, name="record")
    deals, ledger = replay_match(record)
    dealt = [(d.table.dealer, None if d.win is None else d.win.seat) for d in deals]
    return match_answer(record.rules, record.players, dealt, ledger)


@command("beats", fields=("rules", "hand", "options"))
def _beats(request: Request) -> dict[str, Any]:
    return _only_other_games("beats", request)


@command("lesson", fields=("rules", "ask", "position", "options"))
def _lesson(request: Request) -> dict[str, Any]:
    """A lesson question a game answers itself (its package's ``lesson`` module; ``changpai.lessons``), or a Da Er
    rule set with questions of its own (its variant's ``lesson``: Wuchuan 一百's 子)."""
    if _other_game("lesson", request) is None and request.get("rules") in RULESETS:
        own = get_rules(str(request["rules"])).variant.lesson
        if own is not None:
            answer: dict[str, Any] = own.answer_request(request)
            return answer
    return _only_other_games("lesson", request)


@command("version", fields=())
def _version(request: Request) -> dict[str, Any]:
    return {"version": __version__, "commands": commands()}


# ----------------------------------------------------------------------------- whole deals

_LIVE: OrderedDict[str, Deal] = OrderedDict()
_LIVE_MAX = 64
_counter = [0]
# A live deal's running count, for rule sets that score as they play across a sitting (``Variant.sitting``
# with ``live``: Wuchuan 一百's 子), by the deal's key.
_RUNNING: dict[str, Any] = {}


def _remember(deal: Deal) -> str:
    _counter[0] += 1
    key = f"deal-{_counter[0]}"
    _LIVE[key] = deal
    while len(_LIVE) > _LIVE_MAX:
        old, _ = _LIVE.popitem(last=False)
        _RUNNING.pop(old, None)
    return key


def _running(deal: Deal, key: str | None, request: Request, *, fresh: bool) -> Any:
    """The running count of ``deal``'s sitting, or ``None`` when its rules keep none: the one remembered with the
    deal, else one made from the request's ``sitting`` (the previous answer's, sent back with a state or, for a
    new deal, the sitting so far)."""
    sitting = deal.rules.variant.sitting
    if sitting is None or not hasattr(sitting, "live"):
        if request.get("sitting") is not None:
            raise HandError(
                Text("这种玩法不连续记分，不用 sitting", "these rules keep no running score: no “sitting”"),
                code="bad-field",
                where="sitting",
            )
        return None
    if not fresh and key is not None and key in _RUNNING:
        return _RUNNING[key]
    if not fresh and request.get("sitting") is None:  # a state alone: its sitting is not known, none is kept
        return None
    return sitting.live(deal, request.get("sitting"), fresh=fresh)


def _deal_from(request: Request) -> tuple[Deal, str | None]:
    key = request.get("game")
    if key is not None:
        deal = _LIVE.get(key) if isinstance(key, str) else None
        if deal is None:
            raise HandError(
                Text("找不到这一盘（可能已过期），请发送 state", "no such deal (it may have expired): send its state"),
                code="unknown-game",
                where="game",
            )
        return deal, key
    state = request.get("state")
    if not isinstance(state, dict):
        raise HandError(
            Text("需要 state（牌局状态）或 game（编号）", "a “state” or a “game” id is needed"),
            code="missing-field",
            where="state",
        )
    try:
        return Deal.from_dict(state), None
    except (KeyError, TypeError, ValueError) as error:
        if isinstance(error, ChangpaiError):  # the same error a record gets, located in the state
            raise type(error)(
                error.text, code=error.code, where=f"state.{error.where}" if error.where else "state"
            ) from None
        raise HandError(
            Text(f"state 无法读取：{error}", f"the state cannot be read: {error}"), code="bad-state", where="state"
        ) from None


def _answer(deal: Deal, key: str | None, running: Any = None, made: int = 0) -> dict[str, Any]:
    if key is None:
        key = _remember(deal)
    view = deal.snapshot()
    view["roles"] = list(deal.table.roles)
    view["role_names"] = [ROLE_NAMES[r].as_dict() for r in deal.table.roles]
    view["seat_names"] = [seat_name(s).as_dict() for s in range(deal.players)]
    view["dealer"] = deal.table.dealer
    view["violations"] = [v.as_dict() for v in deal.violations]
    # the rules of play that keep a seat from a win its hand would make (a ready hand's waits say nothing of them)
    view["win_bars"] = [
        [{"card": str(card), "ascii": card.ascii(), "rule": bar} for card, bar in deal.win_bars(s).items()]
        for s in range(deal.players)
    ]
    view["passed_win"] = [deal.passed_win(s) for s in range(deal.players)]
    answer = {
        "game": key,
        "state": deal.to_dict(),
        "view": view,
        "legal": [a.as_dict(deal.rules) for a in deal.legal_actions()],
        "over": deal.over,
        "settlement": settle(deal).as_dict() if deal.over else None,
    }
    if running is not None:  # the sitting's running score, made as the deal is played
        _RUNNING[key] = running
        answer["sitting"] = deal.rules.variant.sitting.live_answer(running, made)
    return answer


@command("frames", fields=("record", "name"))
def _frames(request: Request) -> dict[str, Any]:
    data = record_field(request, Text("牌谱", "the record"))
    if (answer := _other_game("frames", request)) is not None:
        return answer
    name = text_field(request, "name", required=False) or "<record>"
    return frames(data, name)


@command("new_deal", fields=("rules", "players", "seed", "dealer", "shuffler", "options", "sitting"))
def _new_deal(request: Request) -> dict[str, Any]:
    if (answer := _other_game("new_deal", request)) is not None:
        return answer
    rules = request.get("rules", "luzhou-a")
    players = request.get("players")
    seed = request.get("seed")
    dealer = request.get("dealer")
    shuffler = request.get("shuffler")
    for key, value in (("players", players), ("seed", seed), ("dealer", dealer), ("shuffler", shuffler)):
        if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
            raise HandError(Text("应是整数", "must be a whole number"), code="bad-field", where=key)
    if seed is None:
        seed = 0
    options = request.get("options")
    if options is not None and not isinstance(options, dict):
        raise HandError(Text("options 应是对象", "options must be an object"), code="bad-field", where="options")
    deal = Deal.new(rules, players, seed=seed, dealer=dealer, shuffler=shuffler or 0, options=options)
    if shuffler is not None:
        _seat_number(shuffler, deal, "shuffler")  # (a seat at this table: known once it is dealt)
    return _answer(deal, None, _running(deal, None, request, fresh=True))


@command("next_seating", fields=("rules", "players", "dealer", "shuffler", "winner", "options"))
def _next_seating(request: Request) -> dict[str, Any]:
    """Who shuffles and deals the next deal, by the tradition's rules of a sitting, after a deal ``dealer`` dealt,
    ``shuffler`` shuffled (default: the dealer) and ``winner`` won (null: nobody)."""
    _not_for_other_games("next_seating", request, "rules")
    name = text_field(request, "rules")
    get_rules(name)  # (an unknown rule set: its own error)
    players = _whole_field(request, "players", 2, 8)
    play = get_play_rules(name)
    allowed = play.players.value
    if players is None:
        players = play.default_players()
    elif players not in allowed:
        words = Text(f"这种玩法是 {allowed} 人打", f"these rules are for {allowed} players")
        raise HandError(words, code="bad-field", where="players")
    dealer = _whole_field(request, "dealer", 0, players - 1)
    if dealer is None:
        raise HandError(Text("缺少 dealer（上一盘的庄家）", "“dealer” (the last deal's dealer) is missing"),
                        code="missing-field", where="dealer")  # fmt: skip
    shuffler = _whole_field(request, "shuffler", 0, players - 1)
    winner = _whole_field(request, "winner", 0, players - 1)
    options = request.get("options")
    if options is not None and not isinstance(options, dict):
        raise HandError(Text("options 应是对象", "options must be an object"), code="bad-field", where="options")
    seating, lines = seating_after(name, players, dealer, dealer if shuffler is None else shuffler, winner, options)
    return {
        "dealer": seating.dealer,
        "shuffler": seating.shuffler,
        "why": [{"question": r.question.as_dict(), "answer": r.answer.as_dict(), "source": r.source} for r in lines],
    }


@command("legal_actions", fields=("state", "game", "seat"))
def _legal(request: Request) -> dict[str, Any]:
    if (answer := _other_game("legal_actions", request)) is not None:
        return answer
    deal, _ = _deal_from(request)
    seat = request.get("seat")
    if seat is not None:
        seat = _seat_number(seat, deal, "seat")
    return {"actions": [a.as_dict(deal.rules) for a in deal.legal_actions(seat)], "to_move": deal.to_move()}


def _seat_number(value: Any, deal: Deal, where: str) -> int:
    seat = -1
    if isinstance(value, int) and not isinstance(value, bool):
        seat = value
    elif isinstance(value, str) and value.isascii() and value.isdigit() and len(value) < 3:  # not "²" or "٠"  # noqa: RUF003 — the Arabic zero is the point
        seat = int(value)
    if not 0 <= seat < deal.players:
        raise HandError(
            Text(f"座位应是 0 到 {deal.players - 1} 的数字", f"a seat is a number from 0 to {deal.players - 1}"),
            code="bad-field",
            where=where,
        )
    return seat


@command("apply", fields=("state", "game", "action", "sitting"))
def _apply(request: Request) -> dict[str, Any]:
    if (answer := _other_game("apply", request)) is not None:
        return answer
    deal, key = _deal_from(request)
    text = request.get("action")
    if not isinstance(text, str):
        raise HandError(
            Text("action 应是动作文字，如“1 pong 七”", "“action” must be an action's text, e.g. “1 pong 七”"),
            code="missing-field",
            where="action",
        )
    running = _running(deal, key, request, fresh=False)
    if running is not None and running.race.winner is not None:
        raise RuleError(
            Text("已经有人满了，这一局比赛结束了", "the sitting is over: a seat has reached its target"),
            code="match-over",
            where="action",
        )
    before = running.snapshot() if running is not None else None
    made = len(running.scores) if running is not None else 0
    try:
        action = Action.parse(text, where="action")
        events = deal.play(action)
    except RuleError as error:
        raise RuleError(error.text, code=error.code, where=error.where or "action") from None
    if running is not None:
        running.after(action, before)
    answer = _answer(deal, key, running, made)
    answer["events"] = events
    return answer


@command("bot_move", fields=("state", "game", "seat", "bot", "seed", "wishes"))
def _bot_move(request: Request) -> dict[str, Any]:
    if (answer := _other_game("bot_move", request)) is not None:
        return answer
    deal, _ = _deal_from(request)
    kind = bot_field(request)
    seed = check_seed(request.get("seed", deal.seed if deal.seed is not None else 0))
    rng = random.Random(f"{seed}:{len(deal.history)}")  # fixed by the seed and the step, never global
    players = [BOTS[kind](random.Random(rng.getrandbits(64))) for _ in range(deal.players)]
    wishes: dict[int, Action | None] = {}
    raw_wishes = request.get("wishes") or {}
    if not isinstance(raw_wishes, dict):
        raise HandError(
            Text("wishes 应是 {座位: 动作} 对象", "“wishes” must map seats to actions"),
            code="bad-field",
            where="wishes",
        )
    for seat_text, text in raw_wishes.items():
        seat = _seat_number(seat_text, deal, f"wishes.{seat_text}")
        action = None if text in (None, "pass") else Action.parse(text, where=f"wishes.{seat}")
        if action is not None and action not in deal.legal_actions(seat):
            raise RuleError(
                Text(f"{seat_name(seat).zh}现在不能“{text}”", f"{seat_name(seat).en} cannot “{text}” now"),
                code="illegal",
                where=f"wishes.{seat}",
            )
        wishes[seat] = action
    own = request.get("seat")
    if own is not None:  # only this seat's own choice (its wish, in a claim window)
        own_seat = _seat_number(own, deal, "seat")
        legal = list(deal.legal_actions(own_seat))
        action = players[own_seat].choose(deal, own_seat, legal) if legal else None
    else:
        action = next_action(deal, players, wishes)
    return {
        "action": None if action is None else str(action),
        "detail": None if action is None else action.as_dict(deal.rules),
    }


@command("deal_record", fields=("state", "game", "title"))
def _deal_record(request: Request) -> dict[str, Any]:
    deal, _ = _deal_from(request)
    title = request.get("title")
    text = None if title is None else read_text(title, "title")  # as a record reads it back
    return {"record": DealRecord.from_deal(deal, title=text).to_data()}


@command("play_rules", fields=("name",))
def _play_rules(request: Request) -> dict[str, Any]:
    name = text_field(request, "name", required=False)
    if name is None:
        return {"rules": [{"name": r.name, "title": r.title.as_dict()} for r in PLAY_RULES.values()]}
    rules = get_play_rules(name)
    words = {key: word.as_dict() for key, word in native_words(get_rules(rules.name)).items()}
    options = describe_options(get_rules(rules.name), rules, side=IN_PLAY)  # the hand's are in the rules command
    return {**rules.describe(), "violations": describe_violations(rules.name), "words": words, "options": options}
