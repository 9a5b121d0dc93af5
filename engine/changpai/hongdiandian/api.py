"""The 红点点 answers of the JSON facade: ``changpai.api`` hands a request here when its rule set is one of
``rules.RULESETS`` (``score``, ``waits``, ``rules``, ``simulate``). The fields are those of the other games:
``hand``, ``table`` (``[{"set": "pair|four|kan2|kan", "cards": …}]``), ``win_card``, ``from`` (``turn``,
``tianhu``, ``dihu``), ``seen``, ``options``. Whole deals (``new_deal``, ``legal_actions``, ``apply``, ``bot_move``)
come here when the rule set, or the state's ``game``, is 红点点; they travel as their state only (no ``game`` id).
"""

from __future__ import annotations

import random
from typing import Any

from ..core.game import FacadeGame
from ..core.text import ChangpaiError, HandError, RuleError, Text
from . import cli, lesson
from .actions import Action
from .deal import HddDeal, check_seed
from .hand import TURNED, score, waits
from .record import frames as record_frames
from .rules import RULESETS, HddRules, get_rules, is_hdd_rules

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
    return simulate(rules.name, deals=deals, seed=seed, bot=bot, options=request.get("options") or None)


# ----------------------------------------------------------------------------- whole deals (state only)


def is_hdd_state(request: dict[str, Any]) -> bool:
    state = request.get("state")
    return isinstance(state, dict) and state.get("game") == "hongdiandian"


def _deal_from(request: dict[str, Any]) -> HddDeal:
    """The deal of ``request["state"]``, dealt again and replayed; its errors are located in the state."""
    try:
        return HddDeal.from_dict(request["state"])
    except ChangpaiError as error:
        raise type(error)(
            error.text, code=error.code, where=f"state.{error.where}" if error.where else "state"
        ) from None


def _answer(deal: HddDeal) -> dict[str, Any]:
    return {
        "game": None,  # 红点点 deals travel as their state only
        "state": deal.to_dict(),
        "view": deal.snapshot(),
        "legal": [a.as_dict() for a in deal.legal_actions()],
        "over": deal.over,
        "settlement": deal.settlement() if deal.over else None,
    }


def new_deal_request(request: dict[str, Any]) -> dict[str, Any]:
    rules = _rules(request)
    seats = rules.players.value
    if request.get("players") not in (None, seats):
        raise HandError(
            Text(f"这样打红点点是 {seats} 家对局", f"this 红点点 is played by {seats}"),
            code="bad-players",
            where="players",
        )
    seed = request.get("seed", 0)
    dealer = request.get("dealer", 0)
    return _answer(HddDeal.new(rules, seed=check_seed(seed), dealer=dealer))


def legal_request(request: dict[str, Any]) -> dict[str, Any]:
    deal = _deal_from(request)
    seat = request.get("seat")
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < deal.players):
        raise HandError(
            Text(f"座位应是 0 到 {deal.players - 1}", f"a seat is 0 to {deal.players - 1}"),
            code="bad-field",
            where="seat",
        )
    return {"actions": [a.as_dict() for a in deal.legal_actions(seat)], "to_move": deal.to_move()}


def apply_request(request: dict[str, Any]) -> dict[str, Any]:
    """``action`` is an action's text; a trailing ``!`` commits a 包牌 on purpose (as a record writes it)."""
    deal = _deal_from(request)
    text = request.get("action")
    if not isinstance(text, str):
        raise HandError(
            Text("action 应是动作文字", "“action” must be an action's text"), code="missing-field", where="action"
        )
    committed = text.rstrip().endswith("!")
    try:
        events = deal.play(Action.parse(text.rstrip().rstrip("!"), where="action"), violation=committed)
    except RuleError as error:
        raise RuleError(error.text, code=error.code, where="action") from None
    return {**_answer(deal), "events": events}


def bot_move_request(request: dict[str, Any]) -> dict[str, Any]:
    from ..bots.hongdiandian import BOTS

    deal = _deal_from(request)
    kind = request.get("bot", "simple")
    if not isinstance(kind, str) or kind not in BOTS:
        raise HandError(
            Text("没有这种电脑玩家", f"no such computer player (known: {', '.join(BOTS)})"),
            code="bad-field",
            where="bot",
        )
    if deal.over:
        return {"action": None, "detail": None}
    seed = check_seed(request.get("seed", deal.seed if deal.seed is not None else 0))
    seat = deal.to_move()[0]
    rng = random.Random(f"{seed}:{len(deal.history)}")  # fixed by the seed and the step
    action = BOTS[kind](rng).choose(deal, seat, list(deal.legal_actions(seat)))
    return {"action": str(action), "detail": action.as_dict()}


def replay_file(data: object, lines: object, name: str) -> str:
    """``changpai replay`` of a 红点点 record: its rules, steps and how it ended (``core.game.FacadeGame``)."""
    from .record import replay

    deal, steps = replay(data)
    return f"{deal.rules.name}, {len(steps)} steps, {deal.settlement()['type']}"


def _owns_record(data: object) -> bool:
    return isinstance(data, dict) and data.get("game") == "hongdiandian"


GAME = FacadeGame(
    name="hongdiandian",
    title=Text("务川红点点", "Wuchuan 红点点"),
    owns_rules=is_hdd_rules,
    owns_state=is_hdd_state,
    owns_record=_owns_record,
    replay_file=replay_file,
    record_cli=cli.record,
    simulate_cli=cli.simulate,
    listing=listing,
    commands={
        "score": score_request,
        "waits": waits_request,
        "rules": rules_request,
        "simulate": simulate_request,
        "frames": lambda request: record_frames(request["record"]),
        "new_deal": new_deal_request,
        "legal_actions": legal_request,
        "apply": apply_request,
        "bot_move": bot_move_request,
        "lesson": lesson.answer_request,
    },
    lesson_asks=lesson.ASKS,
    point_word=lesson.POINT_WORD,
)
