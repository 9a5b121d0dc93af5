"""The legal actions of a deal: per phase, and the claims on the face-up card in the claim window."""

from __future__ import annotations

from collections.abc import Iterator

from ..core.table import XIAOJIA
from ..decks.numerals import ALL_KINDS, Card
from . import playrules as pr
from .actions import Action, ActionType
from .deal_rules import DealRules, xiaojia_result
from .deal_state import CLAIM, DRAWN, OVER, TURN, Exposed
from .split import PARTNER_IDX, THIRD_CARDS


class DealLegal(DealRules):
    """Generates the legal actions (cached per state; the claims per claim window)."""

    def to_move(self) -> list[int]:
        """Seats that may act now (several in a claim window)."""
        if self.phase == CLAIM:
            cache = self._per_state()
            found = cache.get("to_move")
            if found is None:
                found = cache["to_move"] = [
                    s for s in self.table.active if s not in self.passed and self._claims_for(s)
                ]
            return list(found)
        return [] if self.to_act is None else [self.to_act]

    def iter_legal(self, seat: int | None) -> Iterator[Action]:
        cache = self._per_state()
        key = ("legal", seat)
        found = cache.get(key)
        if found is None:
            if seat is None:
                found = tuple(self._list_legal(None))
            else:  # one seat's actions: filter the whole list (computed once per state)
                found = tuple(a for a in self.iter_legal(None) if a.seat == seat)
            cache[key] = found
        return iter(found)

    def _list_legal(self, seat: int | None) -> Iterator[Action]:  # noqa: C901 — to become rule objects
        if self.phase == OVER:
            return
        if self.phase == CLAIM:
            open_claims = {s: self._claims_for(s) for s in self.table.active if s not in self.passed}
            forced = {
                s: max((a.priority for a in options if self._compulsory(a)), default=0)
                for s, options in open_claims.items()
            }
            for s, options in open_claims.items():
                if (seat is not None and s != seat) or not options:
                    continue
                # a compulsory claim (one's own or a higher one elsewhere) outranks what lies below it [001]
                floor = max((p for other, p in forced.items() if other != s), default=forced[s])
                floor = max(floor, forced[s])
                yield from (a for a in options if a.priority >= floor)
                if not any(self._compulsory(a) for a in options):
                    yield Action(ActionType.PASS, s)
            return
        if not self.history and self.play_rules.instant_win_on_deal.value:
            for other in self._instant_winners():  # 三龙 / 五坎, before anything else happens
                if seat is None or seat == other:
                    yield Action(ActionType.WIN, other)
        mover = self.to_act
        if mover is None or (seat is not None and seat != mover):
            return
        s = mover
        if self.phase == TURN:
            if self.table.roles[s] == XIAOJIA:
                yield Action(ActionType.DRAW, s)
            else:
                yield Action(ActionType.TURN, s, self.stock[self.turned])
            return
        if self.phase == DRAWN:
            st = self.seats[s]
            drawn = self.drawn
            assert drawn is not None  # the DRAWN phase holds 小家's card
            if self._xiaojia_can_win(s, drawn):
                yield Action(ActionType.WIN, s, drawn)
            yield Action(ActionType.SHOW, s)
            kinds = {i for i, n in enumerate(st.hand) if n} | {drawn.index}
            for i in sorted(kinds):
                yield Action(ActionType.DISCARD, s, ALL_KINDS[i])
            return
        # DISCARD phase
        st = self.seats[s]
        heaven = self._heaven_possible(s) and self._can_win(s, None, None, "dealt") is not None
        if heaven and not (not self.history and s in self._instant_winners()):
            yield Action(ActionType.WIN, s)
        fours = self._undeclared_fours(s)
        if fours and self._four_may(s):
            for i in fours:
                yield Action(ActionType.FOUR, s, ALL_KINDS[i])
            if self._four_must(s):
                return
        if not self._owes_discard(s):
            return
        held = [i for i, n in enumerate(st.hand) if n]
        blocked = self._kan_kinds(st)
        if st.last_eat is not None and self.play_rules.eat_then_discard_barred.value:
            low, high = sorted(st.last_eat)
            blocked |= THIRD_CARDS.get((low, high), frozenset())  # 吃字屙字 [003]
        # Only when every card is barred may one break a held triple, then anything goes.
        choices = [i for i in held if i not in blocked] or [i for i in held if st.hand[i] >= 3] or held
        for i in choices:
            yield Action(ActionType.DISCARD, s, ALL_KINDS[i])

    def _claims_for(self, s: int) -> list[Action]:
        """The claims seat ``s`` may make on the exposed card (cached per window)."""
        ex = self.exposed
        if ex is None:
            return []
        if ex is self._claims_window:
            found = self._claims_cache.get(s)
            if found is not None:
                return found
        # Claims depend only on the hands and the card: cache them for the life of this window.
        if self._claims_window is not ex:
            self._claims_window = ex
            self._claims_cache = {}
        cache = self._claims_cache
        key = s
        cached = cache.get(key)
        if cached is not None:
            return cached
        out: list[Action] = []
        card = ex.card
        st = self.seats[s]
        role = self.table.roles[s]
        if role == XIAOJIA:
            if (
                (ex.how == "turn" or ex.source != s)
                and self._win_allowed(s, card)
                and self._xiaojia_can_win(s, card)
                and self._upgrade_ok(s, xiaojia_result(self, s, card))
            ):  # 小家 keeps 现张不和 and 和回龙 like every player [003]
                out.append(Action(ActionType.WIN, s, card))
            cache[key] = out
            return out
        own_discard = ex.how == "discard" and ex.source == s
        if not own_discard:
            if self._win_allowed(s, card):
                result = self._can_win(s, card, ex.source, ex.how)
                if result is not None and self._upgrade_ok(s, result):
                    out.append(Action(ActionType.WIN, s, card))
            n = st.hand[card.index]
            if ex.how == "turn" and ex.source == s and not self.play_rules.pong_own_turn.value:
                n = 0  # [004] 碰 / 招 only on another player's card
            if n == 3 and not self._pong_blocked(s, card):
                out.append(Action(ActionType.KONG, s, card))
            if n == 2 and not self._pong_blocked(s, card):
                out.append(Action(ActionType.PONG, s, card))
        if self._may_eat(s, ex) and not self._eat_blocked(s, card):
            out.extend(self._eat_options(s, card))
        out = [a for a in out if a.type == ActionType.WIN or self._leaves_a_discard(a)]
        cache[key] = out
        return out

    def _leaves_a_discard(self, claim: Action) -> bool:
        """A claim must leave a card to discard, unless it makes 八块 (no discard owed)."""
        st = self.seats[claim.seat]
        used = {ActionType.PONG: 2, ActionType.KONG: 3}.get(claim.type, 2 + sum(len(g) for g in claim.bi))
        if sum(st.hand) - used > 0:
            return True
        fours = st.fours + (1 if claim.type == ActionType.KONG else 0)
        return bool(st.total() + 1 <= self.play_rules.player_cards.value + max(0, fours - 1))

    def _may_eat(self, s: int, ex: Exposed) -> bool:
        rule_value = self.play_rules.eat_from.value
        if len(self.table.active) == 2:
            rule_value = self.play_rules.eat_from_two_players.value
        if ex.how == "turn" and ex.source == s:
            return True
        if rule_value == pr.EAT_OWN_TURN_ONLY:
            return False
        if self.table.prev_seat(s) != ex.source:
            return False
        if ex.how == "discard":
            return True
        return bool(rule_value == pr.EAT_PREV_DISCARD_OR_TURN)

    def _eat_options(self, s: int, card: Card) -> list[Action]:
        hand = self.seats[s].hand
        k = card.index
        if hand[k] == 3 and self.rules.kan_fourth_elsewhere != "true":
            return []  # the fourth copy of a held 坎 must be 招'd onto it [001][000]
        out: list[Action] = []
        exempt_mixed = self.play_rules.bi_exempt_mixed.value
        bi_required = self.play_rules.bi_required.value
        for ai, bj, mixed, pair, _group in PARTNER_IDX[k]:
            if ai == bj:
                if hand[ai] < 2:
                    continue
            elif not hand[ai] or not hand[bj]:
                continue
            if hand[ai] >= 3 or hand[bj] >= 3:
                continue  # a held triple may not be split [001][003][004]
            copies = hand[k] - (ai == k) - (bj == k)
            if copies == 0 or (mixed and exempt_mixed) or not bi_required:
                out.append(Action(ActionType.EAT, s, card, pair))
                continue
            rest = hand.copy()
            rest[ai] -= 1
            rest[bj] -= 1
            for bi in _bi_layouts(rest, k, copies):
                out.append(Action(ActionType.EAT, s, card, pair, bi))
        return out


def _bi_layouts(rest: list[int], k: int, copies: int) -> list[tuple[tuple[Card, ...], ...]]:
    """Ways to lay every remaining copy of kind ``k`` out in a set from the hand (比 / 摆)."""
    if copies >= 3:
        return []
    results: set[tuple[tuple[Card, ...], ...]] = set()

    def go(counts: list[int], left: int, acc: tuple[tuple[Card, ...], ...]) -> None:
        if left == 0:
            results.add(acc)
            return
        for ai, bj, _mixed, _pair, group in PARTNER_IDX[k]:
            if rest[ai] >= 3 or rest[bj] >= 3:
                continue  # never from a held triple
            c = counts.copy()
            c[k] -= 1
            c[ai] -= 1
            c[bj] -= 1
            if c[k] < 0 or c[ai] < 0 or c[bj] < 0:
                continue
            if acc and group < acc[-1]:
                continue
            # two held copies may go out together in one mixed set (三三叁) [004] "根據某種組合"
            go(c, left - sum(1 for card in group if card.index == k), (*acc, group))

    go(rest, copies, ())
    return sorted(results)
