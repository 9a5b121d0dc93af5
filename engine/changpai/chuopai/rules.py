"""The rules of a 戳牌 play, each one object: a code, its name in both languages, its source and its check.

The same list filters the legal actions (``ChuoDeal.is_legal``) and names the rule a refused action breaks
(``refusal``): there is no second statement of any rule. A check answers ``None`` when the action keeps the rule,
else the reason and where in the action the fault lies.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..core.table import seat_name
from ..core.text import RuleError, Text
from .actions import DOWN, PLAY, ChuoAction
from .cards import SHORT
from .plays import beats, can_beat, is_hard, shape, why_no_play

if TYPE_CHECKING:
    from .deal import ChuoDeal

Broken = tuple[Text, str] | None  # (why, where within the action) or None


@dataclass(frozen=True, slots=True)
class PlayRule:
    code: str
    name: Text
    source: str
    check: Callable[[ChuoDeal, ChuoAction], Broken]

    def as_dict(self) -> dict[str, object]:
        return {"code": self.code, "name": self.name.as_dict(), "source": self.source}


def _turn(deal: ChuoDeal, action: ChuoAction) -> Broken:
    if deal.over:
        return Text("这一盘已经结束", "the deal is over"), ""
    if action.seat != deal.to_act:
        name = seat_name(deal.to_act)
        return Text(f"现在该{name.zh}（{deal.to_act} 号）出牌", f"it is {name.en}'s turn (seat {deal.to_act})"), ".seat"
    return None


def _kind(deal: ChuoDeal, action: ChuoAction) -> Broken:
    if action.kind not in (PLAY, DOWN):
        return Text("动作只有 play 和 down", "an action is play or down"), ".type"
    return None


def _hard(deal: ChuoDeal, action: ChuoAction) -> Broken:
    for i, card in enumerate(action.cards):
        if is_hard(card, deal.rules):
            return Text(
                f"{SHORT[card]}是硬张，不出，放在面前计数 [002]",
                f"{SHORT[card]} is a 硬张: never played, laid in front and counted [002]",
            ), f".cards.{i}"
    return None


def _in_hand(deal: ChuoDeal, action: ChuoAction) -> Broken:
    hand = list(deal.hands[action.seat])
    for i, card in enumerate(action.cards):
        if card in hand:
            hand.remove(card)
        else:
            return Text(
                f"手里没有（这么多）{SHORT[card]}", f"{SHORT[card]} is not (that often) in the hand"
            ), f".cards.{i}"
    return None


def _lead_face_up(deal: ChuoDeal, action: ChuoAction) -> Broken:
    if not deal.trick and action.kind != PLAY:
        return Text("领出的人要亮牌出", "the leader plays face up"), ".type"
    return None


def _shape(deal: ChuoDeal, action: ChuoAction) -> Broken:
    if action.kind == PLAY and shape(action.cards, deal.rules) is None:
        return why_no_play(action.cards, deal.rules)[1], ".cards"
    return None


def _count(deal: ChuoDeal, action: ChuoAction) -> Broken:
    if not deal.trick:
        return None
    owed = deal.owed(action.seat, action.kind)
    if len(action.cards) != owed:
        return Text(f"这一轮要出 {owed} 张", f"this trick takes {owed} cards"), ".cards"
    return None


def _beats(deal: ChuoDeal, action: ChuoAction) -> Broken:
    best = deal.best_shape
    if action.kind != PLAY or best is None:
        return None
    mine = shape(action.cards, deal.rules)
    if mine is not None and not beats(mine, best, deal.rules):
        return Text(
            "亮出的牌要比桌上最大的大；打不起就扣牌",
            "a play face up must beat the best on the table; else put cards down",
        ), ".cards"
    return None


def _must_beat(deal: ChuoDeal, action: ChuoAction) -> Broken:
    best = deal.best_shape
    if action.kind == DOWN and best is not None and can_beat(deal.counts(action.seat), best, deal.rules):
        return Text("能打就必须打（不打要罚）[002]", "a player who can beat must beat (else a fine) [002]"), ".type"
    return None


RULES: tuple[PlayRule, ...] = (
    PlayRule("not-your-turn", Text("轮到谁出", "whose turn"), "[002]", _turn),
    PlayRule("bad-action", Text("动作种类", "kind of action"), "engine", _kind),
    PlayRule("hard-card", Text("硬张不出", "硬张 are never played"), "[002]", _hard),
    PlayRule("not-in-hand", Text("只出手里的牌", "only cards in hand"), "engine", _in_hand),
    PlayRule("lead-face-up", Text("领出要亮牌", "a lead is face up"), "engine", _lead_face_up),
    PlayRule("bad-play", Text("出牌的样子（单张、一样的几张、组合）", "what makes a play"), "[002]", _shape),
    PlayRule("same-count", Text("同样张数管同样张数", "the same number of cards"), "[002]", _count),
    PlayRule("does-not-beat", Text("要比桌上最大的大", "must beat the best so far"), "[002]", _beats),
    PlayRule("must-beat", Text("能打就必须打", "must beat when able"), "[002]", _must_beat),
)
MUST_BEAT = RULES[-1]
BY_CODE = {r.code: r for r in RULES}


def first_broken(deal: ChuoDeal, action: ChuoAction) -> tuple[PlayRule, Text, str] | None:
    for rule in RULES:
        broken = rule.check(deal, action)
        if broken is not None:
            return rule, broken[0], broken[1]
    return None


def refusal(deal: ChuoDeal, action: ChuoAction, where: str = "action") -> RuleError | None:
    """The error naming the first rule ``action`` breaks, located in it; ``None`` when it keeps them all."""
    found = first_broken(deal, action)
    if found is None:
        return None
    rule, why, at = found
    code = why_no_play(action.cards, deal.rules)[0] if rule.code == "bad-play" else rule.code
    error = RuleError(Text(f"{rule.name.zh}：{why.zh}", f"{rule.name.en}: {why.en}"), code=code, where=f"{where}{at}")
    error.seat = action.seat
    return error
