"""Checking an action against the rules, and naming the rule a refused action breaks (the same rule
a recorded violation, 包牌, commits).
"""

from __future__ import annotations

from ..core.table import SITTER, XIAOJIA, seat_name
from ..core.text import RuleError
from ..decks.numerals import ALL_KINDS, Card, format_cards
from . import playrules as pr
from .actions import Action, ActionType, native_words
from .deal_legal import DealLegal
from .deal_rules import evaluate_hand, result_complete, result_points
from .deal_state import CLAIM, DRAWN, OVER, PHASE_NAMES, TURN, rule
from .sets import classify_three


class DealRefusals(DealLegal):
    """``is_legal``, ``broken_rule`` and the explanations of a refusal."""

    def everybody_passes(self) -> Action | None:
        """In a claim window, the next seat's turn (or 小家's draw), which stands for every seat
        passing; ``None`` if a compulsory claim is pending or the stock is empty. ``play`` accepts it
        (records write it so); it is not in the per-seat legal lists, which offer each seat ``pass``."""
        if self.phase != CLAIM or self.turned >= len(self.stock):
            return None
        nxt = self._next_after_window()
        action = (
            Action(ActionType.DRAW, nxt)
            if self.table.roles[nxt] == XIAOJIA
            else Action(ActionType.TURN, nxt, self.stock[self.turned])
        )
        return action if self.is_legal(action) else None

    def is_legal(self, action: Action) -> bool:
        action = self._complete(action)
        try:
            self._check(action)
        except RuleError:
            return False
        self._per_state()[("legal-action", action)] = True  # ``play`` of it in this state need not check again
        return True

    def broken_rule(self, action: Action) -> RuleError | None:
        """The rule ``action`` would break now (``None``: it is legal); nothing changes."""
        try:
            self._check(self._complete(action))
        except RuleError as error:
            return error
        return None

    def _check(self, action: Action) -> None:
        """Raise RuleError if ``action`` is not legal now; the message names the rule."""
        if self.phase == OVER:
            raise rule("deal-over", "这一盘已经结束", "the deal is over", "—")
        s = action.seat
        if not 0 <= s < self.table.size:
            raise rule("no-seat", f"没有座位 {s}", f"there is no seat {s}", "—")
        if self.table.roles[s] == SITTER:
            raise rule("sitter", "坐底的人不打牌", "the sitter does not play", "[001][000]")
        if self.phase == CLAIM:
            self._check_claim(action)
            return
        if action.seat != self.to_act:
            if action in self.iter_legal(s):  # 三龙 / 五坎 may be called out of turn
                return
            if (
                action.type == ActionType.DISCARD
                and self.phase == TURN
                and self.eight_blocks_by == action.seat
                and action.card is not None
                and self.seats[action.seat].hand[action.card.index]
            ):
                raise rule(
                    "eight-blocks",
                    "八块：第二个四张组成形后不出牌，由下家翻牌",
                    "八块: after a second four-card set there is no discard; the next seat turns a card",
                    self.play_rules.eight_blocks.source,
                )
            raise rule(
                "not-your-turn",
                f"现在轮到{self._who(self.to_act).zh}（{PHASE_NAMES[self.phase].zh}）",
                f"it is {self._who(self.to_act).en}'s turn ({PHASE_NAMES[self.phase].en})",
                "[001][003]",
            )
        if action not in self.iter_legal(s):
            raise self._explain_illegal(action)

    def _check_claim(self, action: Action) -> None:
        s = action.seat
        ex = self.exposed
        assert ex is not None
        if action.type in (ActionType.TURN, ActionType.DRAW):
            nxt = self._next_after_window()
            if action.seat != nxt:
                raise rule(
                    "not-your-turn",
                    f"无人进张时由{seat_name(nxt).zh}翻牌",
                    f"if nobody claims, {seat_name(nxt).en} turns the next card",
                    "[001][003]",
                )
            for other in self.table.active:
                for claim in self._claims_for(other):
                    if other not in self.passed and self._compulsory(claim):
                        raise self._compulsory_error(claim)
            return
        if action.type == ActionType.PASS:
            if s in self.passed:
                raise rule("already-passed", "已经过了", "this seat has already passed", "—")
            if any(self._compulsory(c) for c in self._claims_for(s)):
                claim = next(c for c in self._claims_for(s) if self._compulsory(c))
                raise self._compulsory_error(claim)
            return
        if action.card is not None and action.card != ex.card:
            raise rule(
                "wrong-card",
                f"桌上的牌是{ex.card}，不是{action.card}",
                f"the card on the table is {ex.card}, not {action.card}",
                "—",
            )
        options = self._claims_for(s)
        if action not in options:
            raise self._explain_illegal(action)
        # A lower claim while this seat or another must make a higher compulsory one ([001] 碰 before 吃).
        for other in self.table.active:
            if other in self.passed:
                continue
            for claim in self._claims_for(other):
                if self._compulsory(claim) and claim.priority > action.priority:
                    raise self._compulsory_error(claim)

    def _compulsory_error(self, claim: Action) -> RuleError:
        words = native_words(self.rules)
        name = words["pong"].zh if claim.type == ActionType.PONG else words["kong"].zh
        src = (
            self.play_rules.pong_compulsory.source
            if claim.type == ActionType.PONG
            else self.play_rules.kong_compulsory.source
        )
        code = "must-pong" if claim.type == ActionType.PONG else "must-kong"
        error = rule(
            code,
            f"{seat_name(claim.seat).zh}有{claim.card}必须{name}",
            f"{seat_name(claim.seat).en} must {claim.type.value} ({name}) {claim.card}",
            src,
        )
        error.seat = claim.seat  # the seat that breaks the rule is the one that fails to claim
        return error

    def _explain_illegal(self, action: Action) -> RuleError:  # noqa: C901 — to become rule objects
        """Name the rule an action breaks (used for errors and for recorded violations)."""
        s, t, card = action.seat, action.type, action.card
        st = self.seats[s]
        ex = self.exposed
        P = self.play_rules
        if self.phase == CLAIM and ex is not None:
            if t == ActionType.EAT:
                if not self._may_eat(s, ex):
                    return rule(
                        "eat-wrong-seat",
                        "只能吃上家打出或翻出的牌、或自己翻出的牌",
                        "one may only eat the 上家's card or one's own turned card",
                        P.eat_from.source,
                    )
                if P.passed_eat_barred.value and card is not None and card.index in st.passed_eat:
                    return rule(
                        "eat-passed",
                        f"吃过张：{card}先前可吃而未吃",
                        f"吃过张: {card} was passed earlier and may not be eaten now",
                        P.passed_eat_barred.source,
                    )
                if P.eat_own_discard_barred.value and card is not None and card.index in st.discarded_kinds:
                    return rule(
                        "eat-own-discard",
                        f"自己打出过{card}，不能再吃回来",
                        f"{card} was discarded by this seat and may not be eaten back",
                        P.eat_own_discard_barred.source,
                    )
                if card is not None and len(action.cards) == 2 and classify_three((card, *action.cards)) is None:
                    return rule(
                        "eat-wrong",
                        f"{card}与{format_cards(action.cards)}组不成一列",
                        f"{card} and {format_cards(action.cards)} make no set",
                        "[001][003][000]",
                    )
                if card is not None and any(n >= 3 for i, n in enumerate(st.hand) if ALL_KINDS[i] in action.cards):
                    return rule(
                        "break-kan", "坎不能拆开去吃牌", "a held triple (坎) may not be split to eat", "[001][003][004]"
                    )
                if any(c.index >= 0 and st.hand[c.index] < action.cards.count(c) for c in action.cards):
                    return rule(
                        "not-in-hand",
                        f"手中没有{format_cards(action.cards)}",
                        f"the hand does not hold {format_cards(action.cards)}",
                        "—",
                    )
                if card is not None and self._eat_options(s, card) and P.bi_required.value:
                    return rule(
                        "bi-required",
                        f"手中还有{card}，须另组一列比（摆）出来；摆不下来不能吃",
                        f"the hand still holds {card}: it must be laid out in another set (比/摆), "
                        "or the eat is refused",
                        P.bi_required.source,
                    )
                return rule(
                    "eat-impossible", f"不能这样吃{card}", f"{card} cannot be eaten this way", P.bi_required.source
                )
            if t == ActionType.PONG:
                if P.passed_pong_barred.value and card is not None and card.index in st.passed_pong:
                    return rule(
                        "pong-passed",
                        f"后对牌：{card}先前可碰而未碰",
                        f"后对牌: {card} could have been ponged before",
                        P.passed_pong_barred.source,
                    )
                return rule(
                    "pong-impossible", f"手中没有一对{ex.card}", f"the hand holds no pair of {ex.card}", "[001][003]"
                )
            if t == ActionType.KONG:
                return rule(
                    "kong-impossible", f"手中没有一坎{ex.card}", f"the hand holds no triple of {ex.card}", "[001][003]"
                )
            if t == ActionType.WIN:
                return self._explain_bad_win(s, ex.card, ex.source, ex.how)
            if ex.how == "discard" and ex.source == s:
                return rule("own-discard", "不能进自己打出的牌", "one may not claim one's own discard", "[001]")
            return rule("not-now", f"现在不能{t.label.zh}", f"one cannot {t.label.en} now", "—")
        if t == ActionType.DISCARD:
            if card is None or (st.hand[card.index] == 0 and not (self.phase == DRAWN and card == self.drawn)):
                return rule("not-in-hand", f"手中没有{card}", f"the hand does not hold {card}", "—")
            if self._undeclared_fours(s) and self._four_must(s):
                return rule(
                    "four-first",
                    "须先把龙亮到桌上再出牌",
                    "a held four must be laid out before discarding",
                    P.four_timing.source,
                )
            if not self._owes_discard(s):
                return rule(
                    "eight-blocks",
                    "八块：第二个四张组成形后不出牌，由下家翻牌",
                    "八块: after a second four-card set there is no discard; the next seat turns a card",
                    P.eight_blocks.source,
                )
            if st.hand[card.index] >= 3:
                return rule(
                    "break-kan",
                    f"{card}是坎（或龙），不能拆开打出",
                    f"{card} is a held triple or four and may not be broken up",
                    "[001][003][004]",
                )
            bad = self._discard_violation(s, card)
            if bad is not None:
                return RuleError(bad[1], code=bad[0])
        if t == ActionType.WIN:
            return self._explain_bad_win(s, card, None, "dealt")
        if t == ActionType.FOUR:
            if card is None or st.hand[card.index] != 4:
                return rule("no-four", f"手中没有四张{card}", f"the hand does not hold four {card}", "[001]")
            if P.four_timing.value == pr.FOUR_DEALER_FIRST_OTHERS_AFTER_ITS_DISCARD:
                return rule(
                    "four-too-early",
                    "闲家的活龙在庄家打出第一张牌后立即亮出",
                    "a player's held four is shown at once after the dealer's first discard",
                    P.four_timing.source,
                )
            return rule(
                "four-too-early",
                "闲家进第一张牌之后才能亮龙",
                "a player lays out a held four only after its first claim",
                P.four_timing.source,
            )
        return rule(
            "not-now",
            f"现在不能{t.label.zh}（{PHASE_NAMES[self.phase].zh}）",
            f"one cannot {t.label.en} now ({PHASE_NAMES[self.phase].en})",
            "—",
        )

    def _explain_bad_win(self, s: int, card: Card | None, source: int | None, how: str) -> RuleError:
        st = self.seats[s]
        P = self.play_rules
        if st.barred:
            return rule(
                "barred", "本盘已违规，不能胡", "this seat broke a rule this deal and may not win", P.penalty.source
            )
        if card is not None and P.win_on_own_discard_barred.value and card.index in st.discarded_kinds:
            return rule(
                "win-own-discard",
                f"和回龙：{card}是自己打出过的牌",
                f"和回龙: {card} is a card this seat discarded",
                P.win_on_own_discard_barred.source,
            )
        if card is not None and P.passed_win_barred.value and st.passed_win_total >= 0:
            return rule(
                "win-passed",
                "现张不和：先前有牌可和而未和，须进张后或升级才能和",
                "现张不和: a win was passed; a new claim or a bigger hand is needed first",
                P.passed_win_barred.source,
            )
        if P.declined_claim_bars_win.value and (st.passed_kong or (card is not None and card.index in st.passed_pong)):
            return rule(
                "win-declined-claim",
                "有开不开、后对和牌：放过开或对以后不能再报和",
                "有开不开 / 后对和牌: after declining a kong or a pong one may not win",
                P.declined_claim_bars_win.source,
            )
        result = evaluate_hand(self, s, card, how) if self.table.roles[s] != XIAOJIA else None
        if result is not None and result_complete(result):
            return rule(
                "short-win",
                f"和数不够：只有 {result_points(result)} 胡，至少要 {P.min_hu.value}",
                f"not enough points: {result_points(result)}, at least {P.min_hu.value} needed",
                P.min_hu.source,
            )
        return rule(
            "false-win", "诈和：牌没有全部组成七列", "false win (诈和): the cards do not all form sets", "[001][003]"
        )
