"""The legal actions of a deal: the candidates of each phase that the rules allow (``legality``), and the
searches the rules ask: the claims the face-up card allows, the win test, the 比/摆 layouts, the discards a 坎
leaves, the compulsory claims.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import compress

from ..core.table import XIAOJIA
from ..decks.numerals import ALL_KINDS, Card
from . import actions
from . import playrules as pr
from .actions import Action, ActionType
from .deal_rules import DealRules, xiaojia_result
from .deal_state import CLAIM, DISCARD, DRAWN, OVER, TURN, Exposed
from .legality import EAT_CARD_RULES, PONG_RULES, allowed, compiled
from .split import PARTNER_IDX, THIRD_CARDS

# The rules that refuse a discard in the DISCARD phase for what ``_discard_choices`` bars (a held triple, 吃字屙字).
_BY_CHOICES = frozenset(("break-kan", "eat-then-discard-partner"))
_EAT_CARD_RULES_AFTER = EAT_CARD_RULES[1:]  # what an eat from the right seat must still pass to be offered
# The most hand cards a claim lays out: an eat's two and two 比 sets of three (a third copy cannot be laid out).
_MOST_CARDS_A_CLAIM_TAKES = 8

# Candidates are made thousands of times a deal: the simple ones (a type, a seat, at most a card) are shared
# (an Action is immutable).
_BARE: dict[tuple[ActionType, int], Action] = {}
_WITH_CARD: dict[tuple[ActionType, int], tuple[Action, ...]] = {}


def _bare(t: ActionType, s: int) -> Action:
    found = _BARE.get((t, s))
    if found is None:
        found = _BARE[(t, s)] = Action(t, s)
    return found


def _with_card(t: ActionType, s: int) -> tuple[Action, ...]:
    """``t`` by seat ``s`` with each card kind, by kind index."""
    found = _WITH_CARD.get((t, s))
    if found is None:
        found = _WITH_CARD[(t, s)] = tuple(Action(t, s, card) for card in ALL_KINDS)
    return found


class DealLegal(DealRules):
    """Generates the legal actions (cached per state; the claims per claim window)."""

    def to_move(self) -> list[int]:
        """Seats that may act now (several in a claim window)."""
        if self.phase == CLAIM:
            cache = self._state_cache
            found = cache.get("to_move")
            if found is None:
                claims = self._window_claims()
                found = cache["to_move"] = [s for s in self.table.active if s not in self.passed and claims[s]]
            return list(found)
        return [] if self.to_act is None else [self.to_act]

    def iter_legal(self, seat: int | None) -> Iterator[Action]:
        found = self._state_cache.get(("legal", seat))  # (``_legal``'s cache, looked up here: a hot path)
        return iter(found if found is not None else self._legal(seat))

    def _legal(self, seat: int | None) -> tuple[Action, ...]:
        """The legal actions (of one seat, or all), computed once per state."""
        cache = self._state_cache
        key = ("legal", seat)
        found = cache.get(key)
        if found is None:
            if seat is None:
                found = tuple(self._list_legal(None))
            else:  # one seat's actions: the whole list (computed once per state) sorted by seat, in one pass
                every = self._legal(None)
                if self.phase != CLAIM and self.history:  # (every action is the mover's: 三龙 / 五坎 come first)
                    found = cache[key] = every if seat == self.to_act else ()
                    return found
                seats = {a.seat for a in every}
                if len(seats) <= 1:  # (the usual case outside the claim window: the whole list is one seat's)
                    for other in self.table.active:
                        cache[("legal", other)] = every if other in seats else ()
                    found = cache.get(key)
                    if found is None:  # (a seat outside the table: nothing)
                        found = cache[key] = every if seat in seats else ()
                    return found
                by_seat: dict[int, list[Action]] = {}
                for a in every:
                    by_seat.setdefault(a.seat, []).append(a)
                for other in self.table.active:
                    cache[("legal", other)] = tuple(by_seat.get(other, ()))
                found = cache.get(key)
                if found is None:  # (a seat outside the table: nothing)
                    found = cache[key] = tuple(by_seat.get(seat, ()))
                return found
            cache[key] = found
        return found

    def _list_legal(self, seat: int | None) -> list[Action]:
        """The candidates of this moment that every rule of their chain allows (``legality``)."""
        if self.phase == OVER:
            return []
        return self._legal_claims(seat) if self.phase == CLAIM else self._legal_in_turn(seat)

    def _legal_claims(self, seat: int | None) -> list[Action]:
        out: list[Action] = []
        chains = compiled(self)
        ranking, ranking_rules = chains.ranking, chains.ranking_rules
        claims = self._window_claims()
        for s in self.table.active:
            if s in self.passed or (seat is not None and s != seat):
                continue
            options = claims[s]
            if not options:
                continue  # nothing to claim: the seat is not asked (its pass is accepted all the same)
            for r in ranking_rules:
                if r.quiet is None or not r.quiet(self, s):
                    break
            else:  # (the usual case: no rule of the ranking can refuse anything of this seat now)
                out += options
                out.append(_bare(actions.PASS, s))
                continue
            # the claims the card allows passed every rule before the ranking ones: ask only those, once per
            # type (their verdict is the seat's and the claim's rank)
            verdicts: dict[ActionType, bool] = {}
            for a in options:
                ok = verdicts.get(a.type)
                if ok is None:
                    ok = True
                    for r in ranking[a.type]:  # allowed(), inlined
                        if r.refuse(self, a) is not None:
                            ok = False
                            break
                    verdicts[a.type] = ok
                if ok:
                    out.append(a)
            passing = _bare(actions.PASS, s)
            if allowed(self, passing, ranking[actions.PASS]):
                out.append(passing)
        return out

    def _legal_in_turn(self, seat: int | None) -> list[Action]:
        # A candidate's seat is one that plays: the rules every action passes first need not be asked again.
        # Candidates come in groups of one seat and type: a ``per_seat`` rule is asked once for a group, and a
        # rule ``quiet`` for the seat not at all.
        out: list[Action] = []
        split = compiled(self).split
        for group in self._candidates(seat):
            first = group[0]
            per_seat, per_action = split[first.type]
            if not allowed(self, first, per_seat):
                continue
            if per_action:
                per_action = tuple(r for r in per_action if r.quiet is None or not r.quiet(self, first.seat))
            if not per_action:
                out += group
                continue
            by_choices = first.type is actions.DISCARD and self.phase == DISCARD
            if by_choices and _BY_CHOICES.issuperset([r.code for r in per_action]):
                # those rules refuse exactly the discards ``_discard_choices`` leaves out: one set lookup each
                choices = self._discard_choices(first.seat)
                out += [a for a in group if a.named_card.index in choices]
                continue
            for a in group:
                for r in per_action:  # allowed(), inlined: the generator's inner loop
                    if r.refuse(self, a) is not None:
                        break
                else:
                    out.append(a)
        return out

    def _candidates(self, seat: int | None) -> list[list[Action]]:
        """Every action the phase has room for, in the order offered, in groups of one seat and type; the rules
        sort out which are legal."""
        instant = self._instant_winners() if not self.history else []
        # 三龙 / 五坎, before anything else happens
        out = [[_bare(actions.WIN, other)] for other in instant if seat is None or seat == other]
        s = self.to_act
        if s is None or (seat is not None and seat != s):
            return out
        hand = self.seats[s].hand
        if self.phase == TURN:
            if self.table.roles[s] == XIAOJIA or self.play_rules.private_draw.value:
                out.append([_bare(actions.DRAW, s)])
            else:
                out.append([_with_card(actions.TURN, s)[self.stock[self.turned].index]])
            return out
        # A win is a candidate only if the win test (``_offered_win``) passes it; the win rules name why not.
        if self.phase == DRAWN:
            drawn = self.drawn
            assert drawn is not None  # the DRAWN phase holds 小家's card (or, with a private draw, anyone's)
            if self._drawn_win(s, drawn):
                out.append([_with_card(actions.WIN, s)[drawn.index]])
            out.append([_bare(actions.SHOW, s)])
            if self.table.roles[s] != XIAOJIA:  # a private draw [000]: show it, or take it unseen into a 坎 / 活龙
                steal = {2: actions.PONG, 3: actions.KONG}.get(hand[drawn.index])
                if steal is not None:
                    out.append([_with_card(steal, s)[drawn.index]])
                return out
            kinds = {i for i, n in enumerate(hand) if n} | {drawn.index}
            discards = _with_card(actions.DISCARD, s)
            out.append([discards[i] for i in sorted(kinds)])
            return out
        if s not in instant and self._heaven_possible(s):  # 天胡: the dealer, before its first discard
            heaven = _bare(actions.WIN, s)
            if self._offered_win(heaven):
                out.append([heaven])
        if 4 in hand:  # a held four (rare): ``_undeclared_fours`` only then
            fours = _with_card(actions.FOUR, s)
            out.append([fours[i] for i in self._undeclared_fours(s)])
        discards = _with_card(actions.DISCARD, s)
        held = list(compress(discards, hand))  # (the discard of each kind held, in kind order: a loop in C)
        if held:  # (a hand may be empty: 八块 leaves no discard owed)
            out.append(held)
        return out

    def _offered_win(self, action: Action) -> bool:
        """The win test: ``action`` is a win the hand and the rules of winning allow now."""
        s, card = action.seat, action.card
        if self.phase == CLAIM:
            return action in self._claims_for(s)
        if card is None and not self.history and s in self._instant_winners():
            return True
        if s != self.to_act:
            return False
        if self.phase == DRAWN:
            return card is not None and card == self.drawn and self._drawn_win(s, card)
        return (
            self.phase == DISCARD
            and card is None
            and self._heaven_possible(s)
            and self._can_win(s, None, None, "dealt") is not None
        )

    def _drawn_win(self, s: int, card: Card) -> bool:
        """A win on the card seat ``s`` has drawn face down: 小家's own count [003], or any hand (a private draw)."""
        if self.table.roles[s] == XIAOJIA:
            return self._xiaojia_can_win(s, card)
        return self._win_allowed(s, card) and self._can_win(s, card, s, "self-draw") is not None

    def _steal_ok(self, action: Action) -> bool:
        """偷坎 / 偷活龙 [000]: the card drawn face down taken unseen onto a held pair (``pong``) or 坎 (``kong``)."""
        drawn = self.drawn
        want = {actions.PONG: 2, actions.KONG: 3}.get(action.type)
        return (
            drawn is not None
            and want is not None
            and action.card in (None, drawn)
            and self.seats[action.seat].hand[drawn.index] == want
        )

    def _ji_ok(self, s: int, ex: Exposed) -> bool:
        """机牌 [000]: the turned-up fourth copy of a card seat ``s`` has 兑'd goes onto that 兑 (play rule
        ``ji_onto_pong``: the turner's own 兑, or anyone's)."""
        whose = self.play_rules.ji_onto_pong.value
        if whose is None or ex.how != "turn" or (whose == "own" and ex.source != s):
            return False
        return any(ls.how == "pong" and ls.meld.cards[0] == ex.card for ls in self.seats[s].laid)

    def _four_due(self, s: int) -> bool:
        """A held four must be laid out before anything else (cached per state)."""
        if 4 not in self.seats[s].hand:
            return False  # (the usual case: cheaper than the cache)
        cache = self._state_cache
        key = ("four-due", s)
        found: bool | None = cache.get(key)
        if found is None:
            found = cache[key] = self._four_must(s)
        return found

    def _owes(self, s: int) -> bool:
        """``_owes_discard``, cached per state (every discard candidate asks)."""
        cache = self._state_cache
        key = ("owes", s)
        found: bool | None = cache.get(key)
        if found is None:
            found = cache[key] = self._owes_discard(s)
        return found

    def _discard_choices(self, s: int) -> frozenset[int]:
        """The kinds seat ``s`` may discard in the DISCARD phase: none from a held triple nor, after an eat,
        吃字屙字 [003]; only when every card is barred may one break a triple, and then anything goes."""
        cache = self._state_cache
        key = ("discard-choices", s)
        found: frozenset[int] | None = cache.get(key)
        if found is None:
            found = frozenset()
            if self.phase == DISCARD:
                st = self.seats[s]
                held = [i for i, n in enumerate(st.hand) if n]
                blocked = self._kan_kinds(st)
                if st.last_eat is not None and self.play_rules.eat_then_discard_barred.value:
                    low, high = sorted(st.last_eat)
                    blocked |= THIRD_CARDS.get((low, high), frozenset())
                found = frozenset([i for i in held if i not in blocked] or [i for i in held if st.hand[i] >= 3] or held)
            cache[key] = found
        return found

    def _pending_compulsory(self, action: Action) -> Action | None:
        """The compulsory claim (不兑 / 不开招) that ``action`` would pass over [001]: any still open when the
        window closes; one's own when passing; a higher one, anyone's, under a lower claim."""
        t = action.type
        if t == actions.PASS:
            if action.seat in self.passed:  # (already-passed refuses it first)
                return next((c for c in self._claims_for(action.seat) if self._compulsory(c)), None)
            key: tuple[str, int] = ("compulsory-pass", action.seat)
        else:
            key = ("compulsory-over", -1 if t in (actions.TURN, actions.DRAW) else action.priority)
        cache = self._state_cache  # (asked by both compulsory rules of every claim type of every seat: kept)
        if key in cache:
            found: Action | None = cache[key]
            return found
        pending = self._compulsory_open()
        if t == actions.PASS:
            found = next((c for c in pending if c.seat == action.seat), None)
        else:
            floor = key[1]
            found = next((c for c in pending if c.priority > floor), None)
        cache[key] = found
        return found

    def _compulsory_open(self) -> tuple[Action, ...]:
        """The compulsory claims (不兑 / 不开招) of every seat yet to answer, in seat order, each seat's in the order
        of its claims (cached per state)."""
        cache = self._state_cache
        pending: tuple[Action, ...] | None = cache.get("compulsory")
        if pending is None:
            claims = self._window_claims()
            pending = cache["compulsory"] = tuple(
                c
                for other in self.table.active
                if other not in self.passed
                for c in claims[other]
                if self._compulsory(c)
            )
        return pending

    def _window_claims(self) -> dict[int, list[Action]]:
        """The claims every seat at the table may make on the face-up card, by seat: worked out together when the
        window opens (every seat's are asked: who moves, the players, the window's close), kept until it closes."""
        ex = self.exposed
        if ex is None:
            return {s: [] for s in self.table.active}  # (no card face up: nobody claims)
        if ex is not self._claims_window:
            self._claims_cache = self._list_window_claims(ex)
            self._claims_window = ex
        return self._claims_cache

    def _claims_for(self, s: int) -> list[Action]:
        """The claims seat ``s`` may make on the face-up card (``_window_claims``; none for a seat that sits out)."""
        return self._window_claims().get(s, [])

    def _list_window_claims(self, ex: Exposed) -> dict[int, list[Action]]:
        """Each seat's claims on ``ex``: the win test, the shapes the hand allows (pong, kong, eats with their 比/摆
        layouts) that the card rules allow, leaving a discard."""
        by_seat: dict[int, list[Action]] = {}
        card = ex.card
        k = card.index
        own_discard = ex.source if ex.how == "discard" else -1  # not on one's own discard (eating it: the eat rules)
        roles = self.table.roles
        no_ji = self.play_rules.ji_onto_pong.value is None
        known = self._facts
        for s in self.table.active:
            if roles[s] == XIAOJIA:
                by_seat[s] = self._xiaojia_claims(s, ex)
                continue
            hand = self.seats[s].hand
            facts = known.get(tuple(hand)) or self._hand_bits(hand)
            # the card must join a set with the hand (twin, or two partners outside held triples) for a win or an
            # eat, and be held twice for a pong: asked first, it spares most seats every other question
            joins = facts[3] >> k & 1
            n = hand[k]
            if not joins and n < 2 and (n == 0 or not facts[2] >> k & 1) and no_ji:
                by_seat[s] = []
                continue
            out: list[Action] = []
            if s != own_discard:
                if (joins or n) and self._win_allowed(s, card):
                    result = self._can_win_with(s, card, ex.how, facts)
                    if result is not None and self._upgrade_ok(s, result):
                        out.append(_with_card(actions.WIN, s)[k])
                self._add_pong_and_kong(s, ex, out)
            # eat-wrong-seat (EAT_CARD_RULES[0]) refuses exactly when ``_may_eat`` says no: asked first, it spares
            # most seats the rest; without partners in the hand there is no layout to offer
            if joins and self._may_eat(s, ex) and allowed(self, _with_card(actions.EAT, s)[k], _EAT_CARD_RULES_AFTER):
                # the layouts are built from the hand's partners outside held triples: they pass the shape rules
                # (eat-wrong, break-kan, not-in-hand) by construction, which the legality property test checks
                out.extend(self._eat_options(s, card))
            if out and sum(hand) <= _MOST_CARDS_A_CLAIM_TAKES:  # only a short hand can be left without a discard
                out = [a for a in out if a.type == actions.WIN or self._leaves_a_discard(a)]
            by_seat[s] = out
        return by_seat

    def _xiaojia_claims(self, s: int, ex: Exposed) -> list[Action]:
        """小家's only claim: a win on its count [003]; it keeps 现张不和 and 和回龙 like every player."""
        card = ex.card
        if (
            (ex.how == "turn" or ex.source != s)
            and self._win_allowed(s, card)
            and self._xiaojia_can_win(s, card)
            and self._upgrade_ok(s, xiaojia_result(self, s, card))
        ):
            return [_with_card(actions.WIN, s)[card.index]]
        return []

    def _add_pong_and_kong(self, s: int, ex: Exposed, out: list[Action]) -> None:
        """The kong (招, or 机牌 onto a 兑) and the pong the held copies of the face-up card allow."""
        k = ex.card.index
        n = self.seats[s].hand[k]
        if n < 2 and self.play_rules.ji_onto_pong.value is None:
            return  # (the usual case: no pair nor triple of the card, and no 机牌 in these rules)
        if ex.how == "turn" and ex.source == s and not self.play_rules.pong_own_turn.value:
            n = 0  # [004] 碰 / 招 only on another player's card
        if (n == 3 and not self._pong_blocked(s, ex.card)) or (n == 0 and self._ji_ok(s, ex)):
            out.append(_with_card(actions.KONG, s)[k])
        if n == 2:
            pong = _with_card(actions.PONG, s)[k]
            if allowed(self, pong, PONG_RULES):
                out.append(pong)

    def _leaves_a_discard(self, claim: Action) -> bool:
        """A claim must leave a card to discard, unless it makes 八块 (no discard owed)."""
        st = self.seats[claim.seat]
        used = {actions.PONG: 2, actions.KONG: 3}.get(claim.type, 2 + sum(len(g) for g in claim.bi))
        if claim.type == actions.KONG and claim.card is not None and st.hand[claim.card.index] < 3:
            used = 0  # 机牌: the card goes onto a 兑 on the table
        if sum(st.hand) - used > 0:
            return True
        fours = st.fours + (1 if claim.type == actions.KONG else 0)
        return bool(st.total() + 1 <= self.play_rules.player_cards.value + max(0, fours - 1))

    def _may_eat(self, s: int, ex: Exposed) -> bool:
        source = ex.source
        if source != s and self.table.prev_seat(s) != source:
            return False  # (most seats: the card comes from neither this seat nor its 上家, whatever the rule)
        rule_value = self.play_rules.eat_from.value
        if len(self.table.active) == 2:
            rule_value = self.play_rules.eat_from_two_players.value
        if ex.how == "turn" and ex.source == s:
            return bool(rule_value != pr.EAT_PREV_NOT_OWN_TURN)
        if rule_value == pr.EAT_OWN_TURN_ONLY:
            return False
        if self.table.prev_seat(s) != ex.source:
            return False
        if ex.how == "discard":
            return True
        return rule_value in (pr.EAT_PREV_DISCARD_OR_TURN, pr.EAT_PREV_NOT_OWN_TURN)

    def _eat_options(self, s: int, card: Card) -> list[Action]:
        hand = self.seats[s].hand
        k = card.index
        key = (
            k,
            s,
            tuple(map(hand.__getitem__, _EAT_KINDS[k])),
            self.play_rules.bi_exempt_mixed.value,
            self.play_rules.bi_required.value,
            self.rules.kan_fourth_elsewhere,
        )
        found = _EAT_OPTIONS.get(key)
        if found is None:
            if len(_EAT_OPTIONS) >= _EAT_OPTIONS_KEPT:
                _EAT_OPTIONS.clear()
            found = _EAT_OPTIONS[key] = tuple(self._list_eat_options(s, card))
        return list(found)

    def _list_eat_options(self, s: int, card: Card) -> list[Action]:
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
                out.append(Action(actions.EAT, s, card, pair))
                continue
            rest = hand.copy()
            rest[ai] -= 1
            rest[bj] -= 1
            for bi in _bi_layouts(rest, k, copies):
                out.append(Action(actions.EAT, s, card, pair, bi))
        return out


# The eats of a card depend only on the counts of the kinds it can make a set with (``PARTNER_IDX``) and on three
# options: their lists are kept across deals by those, up to a bound (a long-running page plays many deals).
_EAT_KINDS = tuple(tuple(sorted({k} | {j for ai, bj, *_ in PARTNER_IDX[k] for j in (ai, bj)})) for k in range(20))
_EAT_OPTIONS: dict[tuple[object, ...], tuple[Action, ...]] = {}
_EAT_OPTIONS_KEPT = 20_000


# For each kind: the sets an extra held copy of it may be laid out in (比 / 摆), as (the cards' kinds, the hand
# cards each kind takes, the set, the copies of the kind it lays out).
_BI_SETS = tuple(
    tuple(
        (ai, bj, tuple(Counter((k, ai, bj)).items()), group, 1 + (ai == k) + (bj == k))
        for ai, bj, _mixed, _pair, group in PARTNER_IDX[k]
    )
    for k in range(20)
)


def _bi_layouts(rest: list[int], k: int, copies: int) -> list[tuple[tuple[Card, ...], ...]]:
    """Ways to lay every remaining copy of kind ``k`` (``copies``, which ``rest`` holds) out in a set from the hand
    (比 / 摆): one set, or two sets of one copy each (two held copies may go out together in one mixed set, 三三叁
    [004] "根據某種組合"). Never from a held triple: those sets are left out."""
    if copies >= 3:
        return []
    sets = [(needs, group, laid) for ai, bj, needs, group, laid in _BI_SETS[k] if rest[ai] < 3 and rest[bj] < 3]
    results: set[tuple[tuple[Card, ...], ...]] = set()
    for needs, group, laid in sets:
        for i, m in needs:
            if rest[i] < m:
                break
        else:
            if laid == copies:
                results.add((group,))
                continue
            left = rest.copy()  # (one copy laid, one left: a second set, in order, from the cards left)
            for i, m in needs:
                left[i] -= m
            for second_needs, second, _laid in sets:
                if second < group:
                    continue
                for i, m in second_needs:
                    if left[i] < m:
                        break
                else:
                    results.add((group, second))
    return sorted(results)
