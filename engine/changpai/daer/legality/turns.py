"""The rules every action passes (the deal goes on, the seat exists and plays, it is its turn, the moment
has such an action) and those of a player's turn: discards and held fours."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.table import SITTER, XIAOJIA, seat_name
from ...core.text import RuleError, Text
from ...decks.numerals import ALL_KINDS, format_cards
from .. import actions
from .. import playrules as pr
from ..actions import Action
from ..deal_state import CLAIM, DISCARD, DRAWN, OVER, PHASE_NAMES, TURN, rule
from ..split import THIRD_CARDS

if TYPE_CHECKING:
    from ..deal_legal import DealLegal
    from . import Refusal


# ---------------------------------------------------------------- every action


def _deal_over(d: DealLegal, a: Action) -> Refusal:
    return (lambda: rule("deal-over", "这一盘已经结束", "the deal is over", "—")) if d.phase == OVER else None


def _no_seat(d: DealLegal, a: Action) -> Refusal:
    s = a.seat
    return None if 0 <= s < d.table.size else (lambda: rule("no-seat", f"没有座位 {s}", f"there is no seat {s}", "—"))


def _sitter(d: DealLegal, a: Action) -> Refusal:
    if d.table.roles[a.seat] == SITTER:
        return lambda: rule("sitter", "坐底的人不打牌", "the sitter does not play", "[001][000]")
    return None


def _not_your_turn(d: DealLegal, a: Action) -> Refusal:
    if d.phase == CLAIM:  # the window's close: the next seat turns (or 小家 draws)
        nxt = d._next_after_window()
        private = d.table.roles[nxt] == XIAOJIA or d.play_rules.private_draw.value
        if a.seat == nxt and (a.type == actions.DRAW) == private:
            return None
        if a.seat == nxt:  # a card turned up where it is drawn face down (小家, 一百 [000]), or the other way
            word = ("暗摸", "draw face down") if private else ("翻牌", "turn up")
            return lambda: rule(
                "not-your-turn",
                f"{seat_name(nxt).zh}这时应{word[0]}",
                f"{seat_name(nxt).en} must {word[1]} the next card here",
                "[003][000]" if private else "[001][003]",
            )
        return lambda: rule(
            "not-your-turn",
            f"无人进张时由{seat_name(nxt).zh}翻牌",
            f"if nobody claims, {seat_name(nxt).en} turns the next card",
            "[001][003]",
        )
    if a.seat == d.to_act or (a.type == actions.WIN and d._offered_win(a)):  # 三龙 / 五坎: out of turn
        return None
    phase = PHASE_NAMES[d.phase]
    return lambda: rule(
        "not-your-turn",
        f"现在轮到{d._who(d.to_act).zh}（{phase.zh}）",
        f"it is {d._who(d.to_act).en}'s turn ({phase.en})",
        "[001][003]",
    )


def _not_now(d: DealLegal, a: Action) -> Refusal:
    """The last word of a chain: the phase has no such action (a shape no rule above explains)."""
    t, s = a.type, a.seat
    if d.phase == CLAIM:
        return lambda: rule("not-now", f"现在不能{t.label.zh}", f"one cannot {t.label.en} now", "—")
    xiaojia = d.table.roles[s] == XIAOJIA
    if d.phase == TURN:
        if xiaojia or d.play_rules.private_draw.value:
            ok = t == actions.DRAW and a.card is None
        else:
            ok = t == actions.TURN and d.turned < len(d.stock) and a.card == d.stock[d.turned]
    elif d.phase == DRAWN:
        ok = (t == actions.SHOW and a.card is None) or (t == actions.DISCARD and xiaojia)
        ok = ok or (not xiaojia and d._steal_ok(a))  # 偷坎 / 偷活龙 [000]
    else:
        ok = t in (actions.DISCARD, actions.FOUR)
    if ok:
        return None
    phase = PHASE_NAMES[d.phase]
    return lambda: rule(
        "not-now", f"现在不能{t.label.zh}（{phase.zh}）", f"one cannot {t.label.en} now ({phase.en})", "—"
    )


# ---------------------------------------------------------------- discards and fours


def _discard_held(d: DealLegal, a: Action) -> bool:
    card = a.card
    return card is not None and (d.seats[a.seat].hand[card.index] > 0 or (d.phase == DRAWN and card == d.drawn))


def _not_in_hand(d: DealLegal, a: Action) -> Refusal:
    if a.type == actions.EAT:  # the two cards it is eaten with
        hand = d.seats[a.seat].hand
        if any(c.index >= 0 and hand[c.index] < a.cards.count(c) for c in a.cards):
            return lambda: rule(
                "not-in-hand",
                f"手中没有{format_cards(a.cards)}",
                f"the hand does not hold {format_cards(a.cards)}",
                "—",
            )
        return None
    if _discard_held(d, a):
        return None
    return lambda: rule("not-in-hand", f"手中没有{a.card}", f"the hand does not hold {a.card}", "—")


def _four_first(d: DealLegal, a: Action) -> Refusal:
    if d.phase == DRAWN or not d._four_due(a.seat):
        return None
    return lambda: rule(
        "four-first",
        "须先把龙亮到桌上再出牌",
        "a held four must be laid out before discarding",
        d.play_rules.four_timing.source,
    )


def _eight_blocks(d: DealLegal, a: Action) -> Refusal:
    """八块: no discard after a second four-card set — the seat that called it out of turn, or at its turn when
    nothing above (a card not held, a four to lay out first) names the refusal."""
    s = a.seat
    if d.phase not in (TURN, DISCARD) or not _discard_held(d, a):
        return None
    late = (d.phase == TURN and d.eight_blocks_by == s) if s != d.to_act else not (d._four_due(s) or d._owes(s))
    if not late:
        return None
    return lambda: rule(
        "eight-blocks",
        "八块：第二个四张组成形后不出牌，由下家翻牌",
        "八块: after a second four-card set there is no discard; the next seat turns a card",
        d.play_rules.eight_blocks.source,
    )


def _break_kan(d: DealLegal, a: Action) -> Refusal:
    card = a.card
    if card is None:
        return None  # a discard: not-in-hand refuses it first; an eat: it is no eat of a card
    hand = d.seats[a.seat].hand
    if a.type is actions.EAT:
        if any(n >= 3 for i, n in enumerate(hand) if ALL_KINDS[i] in a.cards):
            return lambda: rule(
                "break-kan", "坎不能拆开去吃牌", "a held triple (坎) may not be split to eat", "[001][003][004]"
            )
        return None
    k = card.index
    if hand[k] < 3 or d.phase == DRAWN or k in d._discard_choices(a.seat):
        return None  # only when every card is barred may a held triple be broken
    return lambda: rule(
        "break-kan",
        f"{card}是坎（或龙），不能拆开打出",
        f"{card} is a held triple or four and may not be broken up",
        "[001][003][004]",
    )


def _holds_no_kan(d: DealLegal, s: int) -> bool:
    return max(d.seats[s].hand) < 3  # break-kan: then no discard breaks a triple


def _ate_nothing(d: DealLegal, s: int) -> bool:
    return d.seats[s].last_eat is None  # 吃字屙字 needs an eat just made


def _eat_then_discard(d: DealLegal, a: Action) -> Refusal:
    """吃字屙字 [003]: after eating with two cards, discarding a card that made a set with them."""
    st = d.seats[a.seat]
    card = a.card
    if st.last_eat is None or not d.play_rules.eat_then_discard_barred.value or card is None or d.phase == DRAWN:
        return None
    # the cards that make a set with the two eaten with (THIRD_CARDS: classify_three, tabled once)
    if card.index not in THIRD_CARDS.get((min(st.last_eat), max(st.last_eat)), ()):
        return None
    if card.index in d._discard_choices(a.seat):
        return None
    low, high = (ALL_KINDS[i] for i in st.last_eat)
    return lambda: RuleError(
        Text(
            f"吃字屙字：用{low}{high}吃牌后又打出能和它们成房的{card}（[003]）",
            f"吃字屙字: after eating with {low}{high}, discarding {card}, which made a set with them ([003])",
        ),
        code="eat-then-discard-partner",
    )


def _no_four(d: DealLegal, a: Action) -> Refusal:
    if a.card is not None and d.seats[a.seat].hand[a.card.index] == 4:
        return None
    return lambda: rule("no-four", f"手中没有四张{a.card}", f"the hand does not hold four {a.card}", "[001]")


def _four_too_early(d: DealLegal, a: Action) -> Refusal:
    if d.phase == DISCARD and d._four_may(a.seat):
        return None
    P = d.play_rules
    if P.four_timing.value == pr.FOUR_DEALER_FIRST_OTHERS_AFTER_ITS_DISCARD:
        return lambda: rule(
            "four-too-early",
            "闲家的活龙在庄家打出第一张牌后立即亮出",
            "a player's held four is shown at once after the dealer's first discard",
            P.four_timing.source,
        )
    return lambda: rule(
        "four-too-early",
        "闲家进第一张牌之后才能亮龙",
        "a player lays out a held four only after its first claim",
        P.four_timing.source,
    )
