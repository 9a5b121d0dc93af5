"""The answers ``changpai.api`` gives for 戳牌 (``"rules": "chuopai"``): the rules, a simulation, a hand's plays.

``changpai.api`` registers the commands; these functions read the request's fields and answer JSON. Bad input
raises the engine's located errors, which ``api.handle`` turns into ``{"error": …}``.

>>> describe_rules()["name"]
'chuopai'
>>> beats_request({"hand": "天 长三"})["plays"][0]["beats"][:3]
['地', '人', '和']
"""

from __future__ import annotations

import random
from typing import Any

from ..core.game import FacadeGame
from ..core.match_summary import match_answer
from ..core.table import DEALER, PLAYER, SITTER, seat_name
from ..core.text import ChangpaiError, RuleError, Text
from . import cli, lesson
from .cards import (
    CLASS,
    FACES,
    JOKER,
    LADDER,
    PICTURE,
    PIPS,
    SHORT,
    colour,
    family,
    parse_cards,
    picture_label,
    point_rank,
)
from .deal import HUANG_HAND, WIN_OVER, ChuoDeal
from .options import ChuoRules, describe, rules_from
from .plays import analyse
from .rules import RULES
from .scoring import settle

NAME = "chuopai"
TITLE = Text("泸州戳牌（四川长牌）", "Luzhou Chuo Pai (Sichuan long cards)")
SOURCES = ("[002]",)
MAX_DEALS = 10_000
ROLE_WORDS = {DEALER: Text("庄家", "dealer"), PLAYER: Text("闲家", "ally"), SITTER: Text("休息", "resting")}


def ladder(rules: ChuoRules | None = None) -> list[dict[str, object]]:
    """Every face with its class and rank, for the rules page's drawn ladder."""
    return [
        {
            "face": SHORT[f],
            "pips": list(PIPS[f]),
            "class": CLASS[f],
            "ladder": LADDER[f],
            "colour": colour(f),
            "point_rank": point_rank(f),
            "combination": family(f),
        }
        for f in FACES
    ]


def pictures() -> list[dict[str, object]]:
    """Every card a 戳牌 deck can hold, the joker included, with its picture (``assets/cards/dominoes/<picture>.svg``)
    and the words for it (``cards.PICTURE`` and ``picture_label``, the one home of both): what a widget draws a card
    with, so no widget keeps a face-to-picture table of its own.

    >>> pictures()[0], pictures()[-1]["picture"], len(pictures())
    ({'face': '天', 'picture': '6-6', 'label': {'zh': '天（6-6）', 'en': '天（6-6）'}}, 'joker', 22)
    """
    return [{"face": SHORT[f], "picture": PICTURE[f], "label": picture_label(f).as_dict()} for f in (*FACES, JOKER)]


def describe_rules(options: Any = None) -> dict[str, Any]:
    rules = rules_from(options)
    return {
        "name": NAME,
        "title": TITLE.as_dict(),
        "sources": list(SOURCES),
        "ladder": ladder(rules),
        "pictures": pictures(),
        "play_rules": [r.as_dict() for r in RULES],
        "numbers": {
            "win_over": {"value": rules.win_over(), "source": "[002]" if rules.win_over() == WIN_OVER else "engine"},
            "huang_hand": {"value": HUANG_HAND, "source": "[002]"},
            "deck": {"value": rules.deck_size, "source": "engine"},
            "hand": {"value": rules.hand(), "source": "engine"},
        },
        "options": describe(rules),
    }


def _int_field(request: dict[str, Any], key: str, default: int, low: int, high: int) -> int:
    value = request.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise RuleError(
            Text(f"{key} 应是 {low} 到 {high} 的整数", f"{key} must be a whole number from {low} to {high}"),
            code="bad-field",
            where=key,
        )
    return value


def simulate_request(request: dict[str, Any]) -> dict[str, Any]:
    from ..bots.chuopai import BOTS, simulate

    bot = request.get("bot", "simple")
    if bot not in BOTS:
        raise RuleError(
            Text(f"没有电脑玩家“{bot}”", f"no computer player “{bot}” ({', '.join(BOTS)})"),
            code="bad-field",
            where="bot",
        )
    deals = _int_field(request, "deals", 100, 1, MAX_DEALS)
    seed = _int_field(request, "seed", 0, 0, 2**64 - 1)
    return {"rules": NAME, **simulate(deals, seed, request.get("options"), bot)}


def beats_request(request: dict[str, Any]) -> dict[str, Any]:
    """For each play the hand can make, what it beats (plays of a full deck) and how many plays beat it."""
    hand = request.get("hand")
    if not isinstance(hand, str):
        raise RuleError(Text("hand 应是一行牌", "hand must be a line of cards"), code="bad-field", where="hand")
    rules = rules_from(request.get("options"))
    cards = parse_cards(hand, "hand")
    if len(cards) > rules.hand() + 8:
        raise RuleError(Text("手牌太多", "too many cards for a hand"), code="bad-hand", where="hand")
    for face in set(cards):
        if cards.count(face) > (rules.jokers if face == JOKER else rules.copies):
            raise RuleError(
                Text(f"{SHORT[face]}比一副牌里的多", f"more {SHORT[face]} than the deck holds"),
                code="bad-card",
                where="hand",
            )
    return {"rules": NAME, "hand": " ".join(SHORT[c] for c in cards), "plays": analyse(sorted(cards), rules)}


# ----------------------------------------------------------------------------- a deal, step by step (stateless)


def is_state(state: Any) -> bool:
    """Whether a request's ``state`` is a 戳牌 deal's (``{"game": "chuopai", …}``)."""
    return isinstance(state, dict) and state.get("game") == NAME


def _deal(request: dict[str, Any]) -> ChuoDeal:
    try:
        return ChuoDeal.from_dict(request.get("state"))
    except ChangpaiError as error:  # the record's own error, located in the state
        raise type(error)(
            error.text, code=error.code, where=f"state.{error.where}" if error.where else "state"
        ) from None


def answer(deal: ChuoDeal) -> dict[str, Any]:
    """A deal answer: the state to send back, the view to draw, the legal actions, the settlement when over."""
    view = deal.snapshot()
    view["roles"] = list(deal.table.roles)
    view["role_names"] = [ROLE_WORDS[r].as_dict() for r in deal.table.roles]
    view["seat_names"] = [seat_name(s).as_dict() for s in range(deal.table.size)]
    view["dealer"] = deal.table.dealer
    return {
        "game": None,
        "state": deal.to_dict(),
        "view": view,
        "legal": [a.as_dict() for a in deal.legal_actions()],
        "over": deal.over,
        "settlement": settle(deal).as_dict() if deal.over else None,
    }


def new_deal_request(request: dict[str, Any]) -> dict[str, Any]:
    options = dict(request.get("options") or {})
    if request.get("players") is not None:
        options["players"] = request["players"]
    seed = _int_field(request, "seed", 0, 0, 2**64 - 1)
    dealer = _int_field(request, "dealer", 0, 0, 3)
    return answer(ChuoDeal.new(seed, dealer, options))


def legal_request(request: dict[str, Any]) -> dict[str, Any]:
    deal = _deal(request)
    seat = request.get("seat")
    if seat is not None:
        seat = _int_field(request, "seat", 0, 0, deal.table.size - 1)
    return {"actions": [a.as_dict() for a in deal.legal_actions(seat)], "to_move": [] if deal.over else [deal.to_act]}


def apply_request(request: dict[str, Any]) -> dict[str, Any]:
    deal = _deal(request)
    action = request.get("action")
    if not isinstance(action, str):
        raise RuleError(Text("action 应是一行字", "action must be a line of text"), code="bad-field", where="action")
    before = len(deal.events)
    deal.play(action)
    return {**answer(deal), "events": [e.as_dict() for e in deal.events[before:]]}


def bot_move_request(request: dict[str, Any]) -> dict[str, Any]:
    from ..bots.chuopai import BOTS

    deal = _deal(request)
    bot = request.get("bot", "simple")
    if bot not in BOTS:
        raise RuleError(Text(f"没有电脑玩家“{bot}”", f"no computer player “{bot}”"), code="bad-field", where="bot")
    if deal.over:
        return {"action": None, "detail": None}
    seed = _int_field(request, "seed", deal.seed or 0, 0, 2**64 - 1)
    action = BOTS[bot](random.Random(seed * 1009 + len(deal.history))).choose(deal)
    return {"action": str(action), "detail": action.as_dict()}


def simulate_match_request(request: dict[str, Any]) -> dict[str, Any]:
    """A 戳牌 match by computer players (``chuopai.match.play``): its deals, ledger and record."""
    from .match import MAX_DEALS as MATCH_DEALS
    from .match import play

    players = None if request.get("players") is None else _int_field(request, "players", 3, 2, 4)
    deals = None if request.get("deals") is None else _int_field(request, "deals", 1, 1, MATCH_DEALS)
    seed = _int_field(request, "seed", 0, 0, 2**64 - 1)
    bot = request.get("bot", "simple")
    match, record = play(players, deals, seed, bot if isinstance(bot, str) else "", request.get("options"))
    dealt = [(d.dealer, d.winner) for d in match.deals]
    return {**match_answer(NAME, record.players, dealt, match.ledger), "record": record.to_data()}


def replay_match_request(request: dict[str, Any]) -> dict[str, Any]:
    """A 戳牌 match record checked (``chuopai.match.replay``): its deals and ledger, or the located error."""
    from .match import MatchRecord, outcome_of, replay

    record = MatchRecord.from_data(request.get("record"), name="record")
    deals, ledger = replay(record)
    dealt = [(o.dealer, o.winner) for o in map(outcome_of, deals)]
    return match_answer(NAME, record.players, dealt, ledger)


def _owns_record(data: object) -> bool:
    return isinstance(data, dict) and data.get("rules") == NAME


def replay_file(data: object, lines: Any, name: str) -> str:
    """``changpai replay`` of a 戳牌 record, a match's (``played``) or a deal's (``core.game.FacadeGame``)."""
    if isinstance(data, dict) and "played" in data:
        from .match import MatchRecord
        from .match import replay as replay_match

        record = MatchRecord.from_data(data, lines=lines, name=name)
        deals, ledger = replay_match(record)
        dealers = [d.table.dealer for d in deals]
        return (
            f"a chuopai match, {record.players} seats, {len(deals)} of {record.deals} deals, "
            f"dealers {dealers}, score {list(ledger.totals)}"
        )
    from .record import read_record

    deal, steps = read_record(data)
    result = settle(deal)
    return f"chuopai, {deal.table.size} seats, {len(steps)} steps, {result.outcome}, scores {result.scores}"


GAME = FacadeGame(
    name=NAME,
    title=Text("泸州戳牌", "Luzhou 戳牌"),
    owns_rules=lambda name: name == NAME,
    owns_state=lambda request: is_state(request.get("state")),
    owns_record=_owns_record,
    replay_file=replay_file,
    record_cli=cli.record,
    simulate_cli=cli.simulate,
    commands={
        "rules": lambda request: describe_rules(request.get("options")),
        "simulate": simulate_request,
        "beats": beats_request,
        "new_deal": new_deal_request,
        "legal_actions": legal_request,
        "apply": apply_request,
        "bot_move": bot_move_request,
        "lesson": lesson.answer_request,
        "simulate_match": simulate_match_request,
        "replay_match": replay_match_request,
    },
    lesson_asks=lesson.ASKS,
)
