"""Each rule of 红点点 play, stated once: it filters the legal actions, names itself in a refusal, and is the
包牌 a record may commit on purpose ([000]).

A ``PlayRule`` has a code, its name in both languages, its source, whether breaking it is 包牌 (the one who breaks it
loses to every other player, [000]), and a check. ``broken(deal, action)`` runs the checks of the action's kind in
order and answers the first rule broken (with the detail); the deal's ``iter_legal`` keeps the actions that break
none, ``play`` refuses the others with a bilingual ``RuleError`` — or, when the step commits a 包牌 on purpose,
records it and ends the deal.

>>> [r.code for r in RULES if r.bao]
['too-many-cards', 'jue-discard', 'eat-passed', 'discard-eaten', 'false-win', 'under-minimum']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..core.text import RuleError, Text
from .actions import DISCARD, DUI, EAT, HU, PASS, TURN, WORDS, Action

if TYPE_CHECKING:
    from .deal import HddDeal

Check = Callable[["HddDeal", Action, bool], Text | None]


@dataclass(frozen=True, slots=True)
class PlayRule:
    code: str
    name: Text
    source: str
    bao: bool
    kinds: tuple[str, ...]
    check: Check | None

    def error(self, detail: Text, seat: int, where: str | None = None) -> RuleError:
        error = RuleError(
            Text(f"{self.name.zh}：{detail.zh}（{self.source}）", f"{self.name.en}: {detail.en} ({self.source})"),
            code=self.code,
            where=where,
        )
        error.seat = seat
        return error

    def as_dict(self) -> dict[str, object]:
        return {"code": self.code, "name": self.name.as_dict(), "source": self.source, "bao": self.bao}


def _turn(deal: HddDeal, action: Action, committing: bool) -> Text | None:
    if action.kind == HU and committing and deal.hu_eligible(action.seat):
        return None  # a claimed win may be made out of turn on purpose, to teach 包牌 (the pairs then fail)
    if action.kind == HU and deal.offer_card is not None and not deal.hu_eligible(action.seat):
        return None  # a win claimed on a discard: the rule of turned cards names itself
    if action.seat not in deal.to_move() or action.kind not in deal.kinds_now():
        word = WORDS[action.kind]
        return Text(f"{action.seat}号现在不能{word.zh}", f"seat {action.seat} cannot {word.en} now")
    return None


def _held(deal: HddDeal, action: Action, committing: bool) -> Text | None:
    card = action.card
    if card is not None and deal.hands[action.seat][card.index] == 0:
        return Text(f"手上没有“{card}”", f"there is no “{card}” in the hand")
    return None


def _jue_discard(deal: HddDeal, action: Action, committing: bool) -> Text | None:
    card = action.card
    if card is not None and card.index in deal.barred[action.seat]:
        in_hand = deal.rules.options["jue_kan_exception"] == "in-hand" and deal.hands[action.seat][card.index] >= 3
        if not in_hand:
            return Text(
                f"“{card}”是送来时没吃的绝牌，不准打出", f"“{card}” is a 绝牌 offered and not eaten: it may not go"
            )
    return None


def _discard_eaten(deal: HddDeal, action: Action, committing: bool) -> Text | None:
    if action.card is not None and deal.just_ate[action.seat] == action.card:
        return Text(f"刚吃了“{action.card}”，不能又打出同一张", f"“{action.card}” was just eaten: a copy may not go")
    return None


def _eat_wrong(deal: HddDeal, action: Action, committing: bool) -> Text | None:
    offered = deal.offer_card
    if offered is None or action.card is None or not deal.pairs(offered, action.card):
        return Text(f"“{action.card}”不能与“{offered}”相靠", f"“{action.card}” does not pair with “{offered}”")
    return None


def _eat_passed(deal: HddDeal, action: Action, committing: bool) -> Text | None:
    offered = deal.offer_card
    if offered is not None and offered.index in deal.passed_eat[action.seat]:
        return Text(
            f"先前不吃“{offered}”，不能再吃（吃过张）", f"“{offered}” was passed before: no eating it now (吃过张)"
        )
    return None


def _dui_needs(deal: HddDeal, action: Action, committing: bool) -> Text | None:
    offered = deal.offer_card
    hand = deal.hands[action.seat]
    if offered is None:
        return Text("没有可兑的牌", "there is no card to 兑")
    if action.card is None and hand[offered.index] == 2 and deal.black_dui_allowed(action.seat):
        return None  # 黑胡 lays no 坎 [000]: the three go down alone, a held 坎 joins them at the win
    if action.card is None and hand[offered.index] != 3:
        return Text(f"四归一要手上有三张“{offered}”", f"a fourth needs three “{offered}” held")
    if action.card is not None and (
        hand[offered.index] != 2
        or action.card == offered
        or hand[action.card.index] < 3
        or not deal.kan_pairs(offered, action.card)
    ):
        return Text(
            f"兑一对要手上有一对“{offered}”和一坎“{action.card}”",
            f"兑 onto a pair needs a pair of “{offered}” and a 坎 of “{action.card}”",
        )
    return None


def _leaves_a_discard(deal: HddDeal, action: Action, committing: bool) -> Text | None:
    offered = deal.offer_card
    if offered is None:
        return None
    after = list(deal.hands[action.seat])
    if action.kind == EAT and action.card is not None:
        after[action.card.index] -= 1
    elif action.card is None:
        after[offered.index] -= min(after[offered.index], 3)
    else:
        after[offered.index] -= 2
        after[action.card.index] -= 3
    in_hand = deal.rules.options["jue_kan_exception"] == "in-hand"
    eaten = offered.index if action.kind == EAT else -1
    for k, n in enumerate(after):
        if n > 0 and k != eaten and (k not in deal.barred[action.seat] or (in_hand and n >= 3)):
            return None
    return Text("这样吃（兑）之后没有可以打出的牌", "after this there would be no card one may discard")


def _hu_source(deal: HddDeal, action: Action, committing: bool) -> Text | None:
    if not deal.hu_eligible(action.seat):
        return Text("打出的牌不能胡，只能胡抓起的底牌", "no win on a discard: only on a turned stock card")
    return None


def _false_win(deal: HddDeal, action: Action, committing: bool) -> Text | None:
    if not deal.win_holds(action.seat):
        return Text("有不能相靠的牌", "some cards do not pair")
    return None


def _under_minimum(deal: HddDeal, action: Action, committing: bool) -> Text | None:
    result = deal.win_score(action.seat)
    if not result.win:
        return result.reasons[0] if result.reasons else Text("不成胡", "no win")
    return None


S = "[000]"
RULES: tuple[PlayRule, ...] = (
    PlayRule("too-many-cards", Text("多拿牌", "too many cards"), S, True, (), None),
    PlayRule(
        "not-your-turn",
        Text("不是这一步", "not this step"),
        "engine",
        False,
        (DISCARD, TURN, EAT, DUI, HU, PASS),
        _turn,
    ),
    PlayRule("not-held", Text("手上没有这张牌", "a card not held"), "engine", False, (DISCARD, EAT), _held),
    PlayRule("jue-discard", Text("不吃绝牌又打出", "discarding a 绝牌 not eaten"), S, True, (DISCARD,), _jue_discard),
    PlayRule("eat-wrong", Text("吃错牌", "eating a card that does not pair"), S, False, (EAT,), _eat_wrong),
    PlayRule("eat-passed", Text("吃过张", "eating a card passed before (吃过张)"), S, True, (EAT,), _eat_passed),
    PlayRule(
        "discard-eaten",
        Text("吃了又打同一张", "discarding a copy of the card just eaten"),
        S,
        True,
        (DISCARD,),
        _discard_eaten,
    ),
    PlayRule("dui-needs", Text("兑牌不合", "a 兑 without what it needs"), S, False, (DUI,), _dui_needs),
    PlayRule(
        "no-discard-left",
        Text("吃后无牌可打", "no card left to discard"),
        "engine",
        False,
        (EAT, DUI),
        _leaves_a_discard,
    ),
    PlayRule("hu-turned-only", Text("只胡底牌", "wins only on turned cards"), S, False, (HU,), _hu_source),
    PlayRule("false-win", Text("有靠不拢的牌而胡", "a win with cards that do not pair"), S, True, (HU,), _false_win),
    PlayRule(
        "under-minimum", Text("小胡不满基本油子", "a small win under the minimum"), S, True, (HU,), _under_minimum
    ),
)
BY_CODE = {rule.code: rule for rule in RULES}
# The rules with a check that each kind of action must pass, in the order of RULES (``broken`` is asked of every
# candidate action of every state).
_CHECKED_BY_KIND: dict[str, tuple[tuple[PlayRule, Check], ...]] = {
    kind: tuple((rule, rule.check) for rule in RULES if rule.check is not None and kind in rule.kinds)
    for kind in {kind for rule in RULES for kind in rule.kinds}
}


def broken(deal: HddDeal, action: Action, *, committing: bool = False) -> tuple[PlayRule, Text] | None:
    """The first rule ``action`` breaks now, with the detail; ``None`` if it breaks none."""
    for rule, check in _CHECKED_BY_KIND.get(action.kind, ()):
        detail = check(deal, action, committing)
        if detail is not None:
            return rule, detail
    return None


def describe() -> list[dict[str, object]]:
    return [rule.as_dict() for rule in RULES]
