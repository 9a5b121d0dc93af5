"""The rules of the claim window — the face-up card, eats, pongs and kongs, the compulsory claims — and of
winning, on the window's card or on the hand (the win test itself is ``DealLegal._offered_win``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.table import XIAOJIA, seat_name
from ...core.text import RuleError
from ...decks.numerals import Card, format_cards
from ..actions import Action, ActionType, native_words
from ..deal_state import CLAIM, rule
from ..sets import classify_three

if TYPE_CHECKING:
    from ..deal_legal import DealLegal
    from . import Predicate, Refusal


# ---------------------------------------------------------------- the claim window


def _wrong_card(d: DealLegal, a: Action) -> Refusal:
    ex = d.exposed
    assert ex is not None
    if a.card is None or a.card == ex.card:
        return None
    return lambda: rule(
        "wrong-card",
        f"桌上的牌是{ex.card}，不是{a.card}",
        f"the card on the table is {ex.card}, not {a.card}",
        "—",
    )


def _offered(d: DealLegal, a: Action) -> bool:
    """The claim is one the card allows this seat (shape, layouts, a discard left, the win test)."""
    return a in d._claims_for(a.seat)


def _eat_wrong_seat(d: DealLegal, a: Action) -> Refusal:
    ex = d.exposed
    assert ex is not None
    if d._may_eat(a.seat, ex):
        return None
    return lambda: rule(
        "eat-wrong-seat",
        "只能吃上家打出或翻出的牌、或自己翻出的牌",
        "one may only eat the 上家's card or one's own turned card",
        d.play_rules.eat_from.source,
    )


def _eat_passed(d: DealLegal, a: Action) -> Refusal:
    P, card = d.play_rules, a.card
    if not (P.passed_eat_barred.value and card is not None and card.index in d.seats[a.seat].passed_eat):
        return None
    return lambda: rule(
        "eat-passed",
        f"吃过张：{card}先前可吃而未吃",
        f"吃过张: {card} was passed earlier and may not be eaten now",
        P.passed_eat_barred.source,
    )


def _eat_own_discard(d: DealLegal, a: Action) -> Refusal:
    P, card = d.play_rules, a.card
    if not (P.eat_own_discard_barred.value and card is not None and card.index in d.seats[a.seat].discarded_kinds):
        return None
    return lambda: rule(
        "eat-own-discard",
        f"自己打出过{card}，不能再吃回来",
        f"{card} was discarded by this seat and may not be eaten back",
        P.eat_own_discard_barred.source,
    )


def _eat_wrong(d: DealLegal, a: Action) -> Refusal:
    card = a.card
    if card is None or len(a.cards) != 2 or classify_three((card, *a.cards)) is not None:
        return None
    return lambda: rule(
        "eat-wrong",
        f"{card}与{format_cards(a.cards)}组不成一列",
        f"{card} and {format_cards(a.cards)} make no set",
        "[001][003][000]",
    )


def _bi_required(d: DealLegal, a: Action) -> Refusal:
    P, card = d.play_rules, a.card
    if _offered(d, a) or card is None or not P.bi_required.value or not d._eat_options(a.seat, card):
        return None
    return lambda: rule(
        "bi-required",
        f"手中还有{card}，须另组一列比（摆）出来；摆不下来不能吃",
        f"the hand still holds {card}: it must be laid out in another set (比/摆), or the eat is refused",
        P.bi_required.source,
    )


def _eat_impossible(d: DealLegal, a: Action) -> Refusal:
    if _offered(d, a):
        return None
    return lambda: rule(
        "eat-impossible", f"不能这样吃{a.card}", f"{a.card} cannot be eaten this way", d.play_rules.bi_required.source
    )


def _pong_passed(d: DealLegal, a: Action) -> Refusal:
    card = a.card
    if card is None or not d._pong_blocked(a.seat, card):
        return None
    return lambda: rule(
        "pong-passed",
        f"后对牌：{card}先前可碰而未碰",
        f"后对牌: {card} could have been ponged before",
        d.play_rules.passed_pong_barred.source,
    )


def _pong_impossible(d: DealLegal, a: Action) -> Refusal:
    if _offered(d, a):
        return None
    card = d.exposed.card if d.exposed is not None else a.card
    return lambda: rule("pong-impossible", f"手中没有一对{card}", f"the hand holds no pair of {card}", "[001][003]")


def _kong_impossible(d: DealLegal, a: Action) -> Refusal:
    if _offered(d, a):
        return None
    card = d.exposed.card if d.exposed is not None else a.card
    return lambda: rule("kong-impossible", f"手中没有一坎{card}", f"the hand holds no triple of {card}", "[001][003]")


def _own_discard(d: DealLegal, a: Action) -> Refusal:
    ex = d.exposed
    if ex is None or not (ex.how == "discard" and ex.source == a.seat):
        return None
    return lambda: rule("own-discard", "不能进自己打出的牌", "one may not claim one's own discard", "[001]")


def _already_passed(d: DealLegal, a: Action) -> Refusal:
    if a.seat not in d.passed:
        return None
    return lambda: rule("already-passed", "已经过了", "this seat has already passed", "—")


def _compulsory(kind: ActionType, code: str) -> Predicate:
    """不兑 / 不开招: a compulsory claim still open (its seat is the one that breaks the rule by not making it)."""

    def refuse(d: DealLegal, a: Action) -> Refusal:
        claim = d._pending_compulsory(a)
        if claim is None or claim.type != kind:
            return None

        def say() -> RuleError:
            words = native_words(d.rules)
            name = words["pong"].zh if kind == ActionType.PONG else words["kong"].zh
            P = d.play_rules
            src = P.pong_compulsory.source if kind == ActionType.PONG else P.kong_compulsory.source
            error = rule(
                code,
                f"{seat_name(claim.seat).zh}有{claim.card}必须{name}",
                f"{seat_name(claim.seat).en} must {claim.type.value} ({name}) {claim.card}",
                src,
            )
            error.seat = claim.seat
            return error

        return say

    return refuse


# ---------------------------------------------------------------- wins (the win test is ``_offered_win``)


def _win_on(d: DealLegal, a: Action) -> tuple[Card | None, str]:
    """The card a win is on and how: the face-up card in the window, else the action's card, as dealt."""
    ex = d.exposed
    if d.phase == CLAIM and ex is not None:
        return ex.card, ex.how
    return a.card, "dealt"


def _barred(d: DealLegal, a: Action) -> Refusal:
    if not d.seats[a.seat].barred or d._offered_win(a):
        return None
    return lambda: rule(
        "barred", "本盘已违规，不能胡", "this seat broke a rule this deal and may not win", d.play_rules.penalty.source
    )


def _win_own_discard(d: DealLegal, a: Action) -> Refusal:
    card, _how = _win_on(d, a)
    P = d.play_rules
    if card is None or not P.win_on_own_discard_barred.value or d._offered_win(a):
        return None
    if card.index not in d.seats[a.seat].discarded_kinds:
        return None
    return lambda: rule(
        "win-own-discard",
        f"和回龙：{card}是自己打出过的牌",
        f"和回龙: {card} is a card this seat discarded",
        P.win_on_own_discard_barred.source,
    )


def _win_passed(d: DealLegal, a: Action) -> Refusal:
    card, _how = _win_on(d, a)
    P = d.play_rules
    if card is None or not P.passed_win_barred.value or d.seats[a.seat].passed_win_total < 0 or d._offered_win(a):
        return None
    return lambda: rule(
        "win-passed",
        "现张不和：先前有牌可和而未和，须进张后或升级才能和",
        "现张不和: a win was passed; a new claim or a bigger hand is needed first",
        P.passed_win_barred.source,
    )


def _win_declined_claim(d: DealLegal, a: Action) -> Refusal:
    card, _how = _win_on(d, a)
    P, st = d.play_rules, d.seats[a.seat]
    declined = st.passed_kong or (card is not None and card.index in st.passed_pong)
    if not P.declined_claim_bars_win.value or not declined or d._offered_win(a):
        return None
    return lambda: rule(
        "win-declined-claim",
        "有开不开、后对和牌：放过开或对以后不能再报和",
        "有开不开 / 后对和牌: after declining a kong or a pong one may not win",
        P.declined_claim_bars_win.source,
    )


def _short_win(d: DealLegal, a: Action) -> Refusal:
    if d.table.roles[a.seat] == XIAOJIA or d._offered_win(a):
        return None
    card, how = _win_on(d, a)
    points = d._complete_hand_points(a.seat, card, how)
    if points is None:
        return None
    P = d.play_rules
    return lambda: rule(
        "short-win",
        f"和数不够：只有 {points} 胡，至少要 {P.min_hu.value}",
        f"not enough points: {points}, at least {P.min_hu.value} needed",
        P.min_hu.source,
    )


def _false_win(d: DealLegal, a: Action) -> Refusal:
    if d._offered_win(a):
        return None
    return lambda: rule(
        "false-win", "诈和：牌没有全部组成七列", "false win (诈和): the cards do not all form sets", "[001][003]"
    )
