"""The rules of play as yes/no questions on a deal's state: four-card timing, the discard owed, passed
chances, who may win on a card and with what hand (the hand analysis, as the deal uses it).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..core.table import XIAOJIA
from ..core.text import ChangpaiError, Text
from ..decks.numerals import ALL_KINDS, Card
from . import actions
from . import playrules as pr
from .actions import Action
from .analysis import analyse, win_points
from .deal_state import DealState, SeatState
from .sets import SetKind, classify_three
from .split import NO_EXTRA, NO_SPLIT, HandBits, fits_packed, hand_facts

_FACTS_KEPT = 4096  # hands whose facts a deal keeps, at most (a deal sees a few dozen)


class DealRules(DealState):
    """The rule helpers and win checks the legal actions, the refusals and play all ask."""

    def _kan_kinds(self, st: SeatState) -> set[int]:
        hand = st.hand
        if 3 not in hand and 4 not in hand:  # (the usual case: a scan in C)
            return set()
        return {i for i, n in enumerate(hand) if n >= 3}

    def _undeclared_fours(self, s: int) -> list[int]:
        hand = self.seats[s].hand
        if 4 not in hand:  # (the usual case: a scan in C)
            return []
        return [i for i, n in enumerate(hand) if n == 4]

    def _four_may(self, s: int) -> bool:
        if self.table.roles[s] == XIAOJIA:
            return False
        timing = self.play_rules.four_timing.value
        if timing == pr.FOUR_WHEN_YOU_LIKE:
            return True
        if timing == pr.FOUR_DEALER_FIRST_OTHERS_AFTER_ITS_DISCARD:
            return s == self.table.dealer  # the others' are laid out at the dealer's first discard
        return s == self.table.dealer or self.seats[s].claims > 0

    def _four_must(self, s: int) -> bool:
        if self.play_rules.four_timing.value == pr.FOUR_WHEN_YOU_LIKE:
            # [003] 八塊: with two 滚 (the dealer's dealt two included) there is no discard: lay them, call 八块
            return self._four_may(s) and self.seats[s].fours + len(self._undeclared_fours(s)) >= 2
        return self._four_may(s)

    def _target(self, s: int) -> int:
        play = self.play_rules
        base = play.xiaojia_cards.value if self.table.roles[s] == XIAOJIA else play.player_cards.value
        if play.eight_blocks.value:
            return int(base) + max(0, self.seats[s].fours - 1)
        return int(base)

    def _owes_discard(self, s: int) -> bool:
        return self.seats[s].total() > self._target(s)

    def _instant_winners(self) -> list[int]:
        """Seats whose dealt hand holds three fours or five triples (option ``instant_win_on_deal``)."""
        if not self.play_rules.instant_win_on_deal.value:
            return []
        out = []
        for s in self.table.active:
            hand = self.seats[s].hand
            if sum(1 for n in hand if n == 4) >= 3 or sum(1 for n in hand if n == 3) >= 5:
                out.append(s)
        return out

    def _heaven_possible(self, s: int) -> bool:
        """天胡 / 天和: the dealer, before its first discard (having at most laid out held fours)."""
        return s == self.table.dealer and all(a.type == actions.FOUR for a in self.history)

    def _pong_blocked(self, s: int, card: Card) -> bool:
        return self.play_rules.passed_pong_barred.value and card.index in self.seats[s].passed_pong

    def win_bar(self, s: int, card: Card | None) -> str | None:
        """The rule that bars seat ``s`` from winning on ``card`` (None: on its own hand) whatever its hand makes,
        by its code (``barred``, ``win-own-discard``: 和回龙, ``win-declined-claim``: 有开不开 / 后对和牌), or None."""
        st = self.seats[s]
        if st.barred:
            return "barred"
        if card is None:
            return None
        if self.play_rules.win_on_own_discard_barred.value and card.index in st.discarded_kinds:
            return "win-own-discard"
        if self.play_rules.declined_claim_bars_win.value and (st.passed_kong or card.index in st.passed_pong):
            return "win-declined-claim"
        return None

    def win_bars(self, s: int) -> dict[Card, str]:
        """Every card seat ``s`` may not win on whatever its hand makes, with the code of the rule (``win_bar``)."""
        return {card: bar for card in ALL_KINDS if (bar := self.win_bar(s, card)) is not None}

    def passed_win(self, s: int) -> int | None:
        """现张不和 [003]: the total of the biggest win seat ``s`` passed since its last 进张, which a win must now
        beat (``_upgrade_ok``), or None when no passed win holds it back."""
        total = self.seats[s].passed_win_total
        return total if self.play_rules.passed_win_barred.value and total >= 0 else None

    def _win_allowed(self, s: int, card: Card | None) -> bool:
        return self.win_bar(s, card) is None

    def _upgrade_ok(self, s: int, result: Any) -> bool:
        """现张不和 [003] ("進張後和牌或升級"): after a passed win, any win waits for a 进张 unless
        its total is bigger than the passed one (升级)."""
        passed = self.passed_win(s)
        return passed is None or win_total(result) > passed

    def _compulsory(self, action: Action) -> bool:
        if action.type == actions.PONG:
            return bool(self.play_rules.pong_compulsory.value)
        if action.type == actions.KONG:
            return bool(self.play_rules.kong_compulsory.value)
        return False

    # ------------------------------------------------------------ wins
    def _hand_bits(self, hand: list[int]) -> HandBits:
        """What the win and claim checks read of a hand (``split.hand_facts``), worked out once for each hand a
        deal sees, whatever cards it meets."""
        key = tuple(hand)
        found = self._facts.get(key)
        if found is None:
            if len(self._facts) >= _FACTS_KEPT:
                self._facts.clear()
            found = self._facts[key] = (key, *hand_facts(key))
        return found

    def _can_win(self, s: int, card: Card | None, source: int | None, how: str) -> Any:
        """The analysis of the win if seat ``s`` may win on ``card`` (None = on its own hand), else None."""
        facts = self._hand_bits(self.seats[s].hand)
        # the card must join a set with the hand (twin, or two partners not locked in a held triple):
        # a cheap test that spares the search for about a quarter of the cards offered
        if card is not None and not self.seats[s].hand[card.index] and not facts[3] >> card.index & 1:
            return None
        return self._can_win_with(s, card, how, facts)

    def _can_win_with(self, s: int, card: Card | None, how: str, facts: HandBits) -> Any:
        """``_can_win`` for a card known to join the hand (held already, or one of its joining kinds) whose
        ``_hand_bits`` are known: the split search, then the analysis."""
        hand_key, packed, extras, _joins = facts
        if not extras >> (NO_EXTRA if card is None else card.index) & 1:  # (turns away most cards before any search)
            return None
        st = self.seats[s]
        extra = -1 if card is None else card.index
        if not fits_packed(packed, self.rules.sets_in_win - len(st.laid), True, extra, self._fits_memo):
            return None  # (天胡 / 三龙 checks on the dealt hand: most hands fail here, before the full analysis)
        ex = self.exposed
        where = None if ex is None else (ex.source == s, ex.first_discard_of)
        key = ("win", s, hand_key, len(st.laid), None if card is None else card.index, how, where)
        if key in self._win_cache:
            return self._win_cache[key]
        if card is not None:  # the points alone first: about a third of the hands that fit are under the minimum
            points = hand_points(self, s, card)
            if points == NO_SPLIT or (
                points < self.play_rules.min_hu.value and not self._min_waived(s, card, how, points)
            ):
                self._win_cache[key] = None
                return None
        result = evaluate_hand(self, s, card, how)
        ok = result if result is not None and result_complete(result) else None
        if (
            ok is not None
            and result_points(result) < self.play_rules.min_hu.value
            and not self._min_waived(s, card, how, result_points(result))
        ):
            ok = None
        self._win_cache[key] = ok
        return ok

    def _complete_hand_points(self, s: int, card: Card | None, how: str) -> int | None:
        """The points of seat ``s``'s hand with ``card`` if every card is in a set (a win, or one under the
        minimum), else ``None``."""
        result = evaluate_hand(self, s, card, how)
        return result_points(result) if result is not None and result_complete(result) else None

    def _min_waived(self, s: int, card: Card | None, how: str, points: int = -1) -> bool:
        """天胡 and 地胡 need no minimum where the play rules say so (Wuchuan [000]); a tradition may waive it
        itself (``Variant.waives_minimum``: Luzhou A's 无胡 option [001])."""
        waives = self.rules.variant.waives_minimum
        if waives is not None and waives(self.play_rules, points):
            return True
        if not self.play_rules.heaven_earth_no_minimum.value:
            return False
        return "heaven" in self._context(s, card, how) or "earth" in self._context(s, card, how)

    def _xiaojia_can_win(self, s: int, card: Card | None) -> bool:
        """小家 wins when its two cards and ``card`` make a scoring set: a pong or a 2-7-10 [003]."""
        if card is None or self.seats[s].barred:
            return False
        if not self.seats[s].hand[card.index] and card.number not in (2, 7, 10):
            return False  # neither a pong nor a 2-7-10 can take it: skip building the set
        cards = [*self.seats[s].hand_cards(), card]
        if len(cards) != 3:
            return False
        if len(set(cards)) == 1:
            return True
        return classify_three(cards) is SetKind.TWO_SEVEN_TEN

    def _context(self, s: int, card: Card | None, how: str) -> tuple[str, ...]:
        out = []
        ex = self.exposed
        dealer = self.table.dealer
        if how == "dealt":
            out.append("heaven")
        if ex is not None and card is not None:
            if ex.first_discard_of == dealer and ex.how == "discard" and s != dealer:
                out.append("earth")
            if (
                ex.first_discard_of is not None
                and ex.first_discard_of != dealer
                and s == dealer
                and ex.how == "discard"
            ):
                out.append("returning-dragon")
            if ex.first_stock:
                out.append("first-stock-card")
            if ex.last_stock:
                out.append("last-stock-card")
            if ex.how == "turn" and ex.source == s:
                out.append("self-turn")
        if how == "self-draw":
            out.append("self-draw")
        return tuple(out)


def evaluate_hand(deal_: DealState, s: int, card: Card | None, how: str) -> Any:
    """Ask ``analysis.analyse`` (the one home of splitting and hand points) about seat ``s``
    winning on ``card`` (``None``: on its own hand, e.g. 天胡)."""
    st = deal_.seats[s]
    if how == "turn":
        ex = deal_.exposed
        source = "own_turn" if ex is not None and ex.source == s else "other_turn"
    elif how == "self-draw":
        source = "own_turn"
    else:
        source = "discard"
    try:
        result = analyse(st.hand_cards(), [ls.meld for ls in st.laid], deal_.rules, win_card=card, source=source)
    except ChangpaiError:
        return None  # a hand the analysis cannot read is not a win
    if _dealt_lantern(deal_.initial_hands[s]):
        result = _without_piao(result)
    return result


def hand_points(deal_: DealState, s: int, card: Card) -> int:
    """The points ``evaluate_hand`` finds for seat ``s`` winning on ``card`` (``NO_SPLIT``: not every card is in a
    set, or the analysis cannot read the hand), without building the analysis (``analysis.win_points``)."""
    st = deal_.seats[s]
    try:
        return win_points(st.hand_cards(), [ls.meld for ls in st.laid], deal_.rules, card)
    except ChangpaiError:
        return NO_SPLIT


def _dealt_lantern(hand: tuple[Card, ...]) -> bool:
    """The dealt hand held a 龙灯 (2, 7, 10 of one case)."""
    kinds = {card.index for card in hand}
    return any(all(base + n - 1 in kinds for n in (2, 7, 10)) for base in (0, 10))


def _without_piao(result: Any) -> Any:
    """[003] "拆開龍燈報瞟和" is a violation, and a 龙灯 kept whole is a held scoring set: a hand dealt a
    龙灯 is never 瞟和, whatever it holds at the win. (The hand analysis sees only the cards at the win.)"""
    if not any(hit.code == "piao" for hit in result.patterns):
        return result
    readings = tuple(_without_piao(r) for r in result.readings)
    return replace(result, patterns=tuple(h for h in result.patterns if h.code != "piao"), readings=readings)


def result_complete(result: Any) -> bool:
    """Every card is in a set (the points may still be under the minimum)."""
    if isinstance(result, dict):
        return bool(result.get("valid"))
    return bool(result.win) or result.reason.code == "below-minimum"


def win_total(result: Any) -> int:
    """What a win is worth for 升级 [003]: the graded total (小和 … 台和), or 小家's own count."""
    if result is None:
        return -1
    if isinstance(result, dict):
        return int(result["points"])
    grade = getattr(result, "grade", None)
    return int(grade.value) if grade is not None else int(result.points)


def result_points(result: Any) -> int:
    if isinstance(result, dict):
        return int(result["points"])
    return int(result.points)


def instant_result(deal_: DealState, s: int) -> dict[str, Any]:
    """A dealt hand of three fours or five triples that wins at once [001][004]: its points are those of
    the held fours and triples (the sources give no count of their own)."""
    hand = deal_.seats[s].hand
    points = 0
    for i, n in enumerate(hand):
        if n == 4:
            points += deal_.rules.points_of(SetKind.FOUR, (ALL_KINDS[i],) * 4)
        elif n == 3:
            points += deal_.rules.points_of(SetKind.KAN, (ALL_KINDS[i],) * 3)
    fours = sum(1 for n in hand if n == 4)
    name = Text("三龙", "three held fours") if fours >= 3 else Text("五坎", "five held triples")
    return {"valid": True, "points": points, "name": name.as_dict(), "source": "[001][004]"}


def xiaojia_result(deal_: DealState, s: int, card: Card | None) -> dict[str, Any]:
    """小家's special count [003]: black 对子 20, red 对子 40, black 二七十 40, red 贰柒拾 80."""
    cards = deal_.seats[s].hand_cards() + ([card] if card else [])
    red = deal_.rules.is_red(cards[0])
    if len(set(cards)) == 1:
        points, name = (40, Text("红对子", "red pong")) if red else (20, Text("黑对子", "black pong"))
    else:
        points, name = (80, Text("红贰柒拾", "red 2-7-10")) if red else (40, Text("黑二七十", "black 2-7-10"))
    return {"valid": True, "points": points, "name": name.as_dict(), "source": "[003]"}
