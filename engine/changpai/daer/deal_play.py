"""Applying an action to a deal: turns, discards, the claim window's close, violations, the win and the end."""

from __future__ import annotations

from itertools import repeat
from operator import is_
from typing import Any

from ..core.table import XIAOJIA, seat_name
from ..core.text import RuleError, Text
from ..decks.numerals import ALL_KINDS, Card, format_cards
from . import actions
from . import playrules as pr
from .actions import CLAIM_PRIORITY, STEAL_NAMES, Action, native_words
from .deal_refusals import DealRefusals
from .deal_rules import instant_result, result_points, win_total, xiaojia_result
from .deal_state import CLAIM, DISCARD, DRAWN, OVER, TURN, Exposed, LaidSet, Violation, WinInfo, four_display, rule
from .sets import Meld, SetKind, classify_three, three_meld
from .split import card_counts
from .violations import violation_codes


class DealPlay(DealRefusals):
    """``play`` and everything it changes."""

    def play(self, action: Action | str, *, violation: str | None = None) -> list[dict[str, str]]:
        """Apply ``action``. An illegal action raises ``RuleError`` naming the rule, unless
        ``violation`` names exactly the rule it breaks (a recorded deal showing a 包牌 on
        purpose): then the violation is recorded and penalised per the rule set."""
        if isinstance(action, str):
            action = Action.parse(action)
        if action.type == actions.TURN or action.type == actions.SHOW:  # (the only ones ``_complete`` fills)
            action = self._complete(action)
        self.events = []
        try:
            # reuses the legal list a player has just asked for (the very object it picked, found by identity),
            # or a check already made, in this same state
            cache = self._state_cache
            legal = cache.get(("legal", None), ())
            if not any(map(is_, legal, repeat(action))) and ("legal-action", action) not in cache:
                self._check(action)
        except RuleError as error:
            if violation is None or violation != error.code or error.code not in violation_codes(self.play_rules.name):
                if violation is not None and violation != error.code:
                    raise RuleError(
                        Text(
                            f"这一步违反的是“{error.code}”，不是“{violation}”：{error.text.zh}",
                            f"this step breaks “{error.code}”, not “{violation}”: {error.text.en}",
                        ),
                        code=error.code,
                    ) from None
                raise
            self._changed()
            self._commit_violation(action, error)
            self._changed()
            return self.events
        if violation is not None:
            raise RuleError(
                Text(f"这一步合规，没有违反“{violation}”", f"this step is legal; it does not break “{violation}”"),
                code="no-violation",
            )
        self._changed()
        self._apply(action)
        self._changed()
        return self.events

    def _apply(self, action: Action) -> None:
        t = action.type
        self.eight_blocks_by = None
        self.history.append(action)
        if self.phase == CLAIM:
            if t == actions.PASS:
                self.passed.add(action.seat)
                claims = self._window_claims()
                if all(s in self.passed or not claims[s] for s in self.table.active):
                    self._close_window(None)
                return
            if t in (actions.TURN, actions.DRAW):
                self.history.pop()
                self._close_window(None)
                self.history.append(action)
                self._apply_turn(action)
                return
            self._close_window(action)
            return
        if t == actions.TURN or t == actions.DRAW:
            self._apply_turn(action)
        elif t == actions.DISCARD:
            self._apply_discard(action)
        elif t == actions.FOUR:
            self._apply_four(action)
        elif t == actions.SHOW:
            card = self.drawn
            assert card is not None  # SHOW is legal only with a drawn card
            self.drawn = None
            self._open_window(Exposed(card, action.seat, "turn"))
        elif t in (actions.PONG, actions.KONG):  # (outside the window: 偷坎 / 偷活龙 of a private draw)
            self._apply_steal(action)
        elif t == actions.WIN:
            if self.phase == DRAWN:
                how = "self-draw"
            elif (
                len(self.history) == 1
                and action.seat in self._instant_winners()
                and (action.seat != self.table.dealer or self._can_win(action.seat, None, None, "dealt") is None)
            ):
                how = "instant"  # 三龙 / 五坎 [001][004]
            else:
                how = "dealt"
            self._finish_win(action.seat, action.card, action.seat, how)

    def _apply_turn(self, action: Action) -> None:
        s = action.seat
        if self.turned >= len(self.stock):
            self._end("stock")
            return
        card = self.stock[self.turned]
        if action.card is not None and action.card != card:
            raise rule(
                "wrong-card",
                f"堂底下一张是{card}，不是{action.card}",
                f"the next stock card is {card}, not {action.card}",
                "—",
            )
        self.turned += 1
        first = self.turned == 1
        hidden_end = len(self.stock) - (1 if self.shown is not None else 0)
        last = self.turned == hidden_end
        if action.type == actions.DRAW:
            self.drawn = card
            self.phase = DRAWN
            self.to_act = s
            if self.table.roles[s] == XIAOJIA:
                self._event("xiaojia-draw", "小家暗摸一张", "小家 draws a card privately")
            else:
                name = seat_name(s)
                self._event("draw", f"{name.zh}摸一张底牌，先不翻开", f"{name.en} draws a stock card face down")
            return
        self._open_window(Exposed(card, s, "turn", first_stock=first, last_stock=last))

    def _apply_discard(self, action: Action) -> None:
        s, card = action.seat, action.named_card
        st = self.seats[s]
        if self.phase == DRAWN:
            assert self.drawn is not None
            st.hand[self.drawn.index] += 1  # 小家 keeps the drawn card [003]: its 进张 (摸)
            self.drawn = None
            st.passed_win.clear()
            st.passed_win_total = -1
        st.hand[card.index] -= 1
        st.discarded_kinds.add(card.index)
        st.last_eat = None
        first = self.discards_made[s] == 0
        self.discards_made[s] += 1
        if first and s == self.table.dealer:
            self._lay_fours_after_dealer_discard()
        self._open_window(Exposed(card, s, "discard", first_discard_of=s if first else None))

    def _apply_steal(self, action: Action) -> None:
        """偷坎 / 偷活龙 [000]: the card drawn face down goes with the held pair (坎) or 坎 (活龙), unseen by
        the others, and counts as held; then a discard is owed (or 八块)."""
        s, st, card = action.seat, self.seats[action.seat], self.drawn
        assert card is not None
        self.drawn = None
        st.hand[card.index] += 1
        n = st.hand[card.index]
        kind = SetKind.KAN if n == 3 else SetKind.FOUR
        if n == 4:  # a 活龙 is shown (the card face up under the 坎); a stolen 坎 stays with the held cards
            st.hand[card.index] = 0
            st.laid.append(LaidSet(Meld(kind, (card,) * n), "steal", card, s))
        st.claims += 1
        name, set_name = seat_name(s), self.rules.native_name(kind)
        steal = STEAL_NAMES[action.type]
        self._event(
            "steal",
            f"{steal}：{name.zh}摸到的{card}和手里的牌成{set_name.zh}，不翻开，放在面前",
            f"{steal}: {name.en}'s drawn {card} makes a {set_name.en} with the hand; laid down unseen",
        )
        self._after_set(s)

    def _lay_fours_after_dealer_discard(self) -> None:
        """[000] (闲家 "待庄家出牌后" 亮龙): every other player lays out its 活龙 at once."""
        if self.play_rules.four_timing.value != pr.FOUR_DEALER_FIRST_OTHERS_AFTER_ITS_DISCARD:
            return
        for other in self.table.active:
            if other == self.table.dealer or self.table.roles[other] == XIAOJIA:
                continue
            for i in self._undeclared_fours(other):
                card = ALL_KINDS[i]
                self.seats[other].hand[i] -= 4
                self.seats[other].laid.append(LaidSet(Meld.identical(SetKind.FOUR, card), "four"))
                self._event("four", *four_display(self.rules, other, card))

    def _apply_four(self, action: Action) -> None:
        s, card = action.seat, action.named_card
        st = self.seats[s]
        st.hand[card.index] -= 4
        st.laid.append(LaidSet(Meld.identical(SetKind.FOUR, card), "four"))
        self._event("four", *four_display(self.rules, s, card))
        self._after_set(s)

    def _after_set(self, s: int) -> None:
        """After a claim or a laid four: discard, or 八块 (no discard; the next seat turns)."""
        self.phase = DISCARD
        self.to_act = s
        if self._undeclared_fours(s) and self._four_must(s):
            return
        if not self._owes_discard(s):
            n = self.seats[s].fours
            name = {2: "八块", 3: "十二块", 4: "十六块"}.get(n, f"{4 * n}块")
            self.eight_blocks_by = s
            own_words = self.rules.variant.eight_blocks_text
            zh, en = (
                own_words(n)
                if own_words is not None
                else (
                    f"{name}：第 {n} 个四张组，不出牌，下家翻牌",
                    f"{name}: a four-card set number {n}, so no discard; the next seat turns a card",
                )
            )
            self._event("eight-blocks", zh, en)
            self._next_turn(self.table.next_seat(s))

    def _open_window(self, ex: Exposed) -> None:
        self.exposed = ex
        self.passed = set()
        self.phase = CLAIM
        self.to_act = None
        claims = self._window_claims()  # (every seat's: the players ask them all)
        for s in self.table.active:
            if claims[s]:
                return
        self._close_window(None)

    def _close_window(self, claim: Action | None) -> None:  # noqa: C901 — one branch per claim kind
        ex = self.exposed
        assert ex is not None
        card = ex.card
        # Memory of passed chances (过张, 后对, 现张不和, 有开不开): every option that ranked above
        # what actually happened was declined.
        happened = 0 if claim is None else claim.priority
        claims = self._window_claims()
        for s in self.table.active:
            if claim is not None and s == claim.seat:
                continue
            for option in claims[s]:
                if CLAIM_PRIORITY[option.type] <= happened:  # (``option.priority``: every option is a claim)
                    continue
                st = self.seats[s]
                if option.type == actions.EAT:
                    if card.index not in st.passed_eat and self.play_rules.passed_eat_barred.value:
                        self._event(
                            "passed",
                            f"过张：{seat_name(s).zh}没有吃{card}，以后不能再吃它",
                            f"过张: {seat_name(s).en} did not eat {card} and may not eat it later",
                        )
                    st.passed_eat.add(card.index)
                elif option.type == actions.PONG:
                    st.passed_pong.add(card.index)
                elif option.type == actions.KONG:
                    st.passed_kong = True
                elif option.type == actions.WIN:
                    st.passed_win.add(card.index)
                    if self.table.roles[s] == XIAOJIA:
                        passed_total = win_total(xiaojia_result(self, s, card))
                    else:
                        passed_total = win_total(self._can_win(s, card, ex.source, ex.how))
                    st.passed_win_total = max(st.passed_win_total, passed_total)
        if claim is None:
            self.exposed = None
            self.seats[ex.source].pile.append(card)
            self._next_turn(self.table.next_seat(ex.source))
            return
        if claim.type == actions.WIN:
            self._finish_win(claim.seat, card, ex.source, ex.how)
            return
        s = claim.seat
        st = self.seats[s]
        self.exposed = None
        st.claims += 1
        st.passed_win.clear()  # a new 进张 lifts 现张不和 [003]
        st.passed_win_total = -1
        if claim.type == actions.PONG:
            st.hand[card.index] -= 2
            st.laid.append(LaidSet(Meld.identical(SetKind.PONG, card), "pong", card, ex.source))
        elif claim.type == actions.KONG and st.hand[card.index] < 3:  # 机牌 [000]: onto one's 兑
            at = next(i for i, ls in enumerate(st.laid) if ls.how == "pong" and ls.meld.cards[0] == card)
            st.laid[at] = LaidSet(Meld.identical(SetKind.KONG, card), "ji", card, ex.source)
            self._event(
                "ji",
                f"机牌：{seat_name(s).zh}兑过的{card}翻出第四张，加在兑上",
                f"机牌: the fourth {card} turns up and goes onto {seat_name(s).en}'s 兑",
            )
        elif claim.type == actions.KONG:
            st.hand[card.index] -= 3
            st.laid.append(LaidSet(Meld.identical(SetKind.KONG, card), "kong", card, ex.source))
        else:
            a, b = claim.cards
            st.hand[a.index] -= 1
            st.hand[b.index] -= 1
            st.laid.append(LaidSet(three_meld((card, a, b)), "eat", card, ex.source))
            for group in claim.bi:
                for c in group:
                    st.hand[c.index] -= 1
                st.laid.append(LaidSet(three_meld(group), "bi", card, None))
                bi = native_words(self.rules)["bi"].zh
                self._event(
                    "bi",
                    f"{bi}：{seat_name(s).zh}手中的{card}另组{format_cards(group)}摆出",
                    f"{bi}: {seat_name(s).en}'s held {card} is laid out as {format_cards(group)}",
                )
            st.last_eat = (a.index, b.index)
        self._after_set(s)

    def _next_turn(self, seat: int) -> None:
        self.exposed = None
        self.passed = set()
        if self.turned >= len(self.stock):
            self._end("stock")
            return
        self.phase = TURN
        self.to_act = seat

    def _end(self, why: str) -> None:
        self.phase = OVER
        self.to_act = None
        if self.exposed is not None:  # e.g. a false win (诈和) on it: the card stays with the seat that exposed it
            self.seats[self.exposed.source].pile.append(self.exposed.card)
        self.exposed = None
        self.ended_by = why
        if why == "stock":
            win = native_words(self.rules)["win"].zh
            self._event("no-winner", f"堂底摸完，无人{win}牌", "The stock is exhausted: no winner")

    def _finish_win(self, s: int, card: Card | None, source: int | None, how: str) -> None:
        if self.table.roles[s] == XIAOJIA:
            result: Any = xiaojia_result(self, s, card)
            points = result["points"]
        else:
            result = self._can_win(s, card, source, how)
            if result is None:  # 三龙 / 五坎: the held sets are counted as they stand
                result = instant_result(self, s)
            points = result_points(result)
        context = self._context(s, card, how)
        self.win = WinInfo(s, card, source, how, points, result, context)
        if card is not None:
            self.seats[s].hand[card.index] += 1  # the winning card joins the hand shown at the end
        self.exposed = None
        self.drawn = None
        win, point = native_words(self.rules)["win"].zh, self.rules.point_word.zh
        name = seat_name(s)
        self._event("win", f"{name.zh}{win}牌，{points} {point}", f"{name.en} wins ({win}) with {points} points")
        self._end("win")

    def _commit_violation(self, action: Action, error: RuleError) -> None:
        """Record a violation (包牌) committed on purpose in a recorded deal, and carry on."""
        s = error.seat if error.seat is not None else action.seat
        self.eight_blocks_by = None
        self.history.append(action)
        v = Violation(error.code, s, len(self.history), error.text)
        self.violations.append(v)
        if self.play_rules.penalty.value == pr.PENALTY_BARRED:
            self.seats[s].barred = True  # Luzhou's reading; where 包牌 is paid, play simply goes on [003] 包後繼續
        self._claims_window = None  # the violator's options change
        self._event(f"violation:{error.code}", f"违规（包牌）：{error.text.zh}", f"Violation (包牌): {error.text.en}")
        if self.play_rules.penalty_ends_deal.value or error.code == "false-win":
            self._end("violation")  # [003]: play goes on after 包牌, except after 诈和
            return
        t = action.type
        if self.phase == CLAIM:
            if t in (actions.WIN, actions.PASS):
                self.passed.add(action.seat)  # a void win counts as a pass
                if all(x in self.passed or not self._claims_for(x) for x in self.table.active):
                    self._close_window(None)
            elif t in (actions.TURN, actions.DRAW):
                self._close_window(None)
                self._apply_turn(action)
            elif (
                self.table.roles[action.seat] != XIAOJIA  # 小家 lays out no sets [003]
                and self._claim_can_be_laid(action)
                and self._leaves_a_discard(action)
            ):
                self._close_window(action)
            else:
                self._close_window(None)  # 吃错牌: nothing can be laid out; the card stays
        elif t == actions.DISCARD and self.seats[action.seat].hand[action.named_card.index]:
            self._apply_discard(action)
        elif t != actions.WIN:
            self._end("violation")

    def _claim_can_be_laid(self, action: Action) -> bool:
        st = self.seats[action.seat]
        card = action.named_card
        if action.type == actions.PONG:
            return st.hand[card.index] >= 2
        if action.type == actions.KONG:
            return st.hand[card.index] >= 3
        need = card_counts(list(action.cards) + [c for g in action.bi for c in g])
        if any(need[i] > st.hand[i] for i in range(20)):
            return False
        return classify_three((card, *action.cards)) is not None and all(classify_three(g) for g in action.bi)
