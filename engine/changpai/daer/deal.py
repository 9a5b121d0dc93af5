"""A whole deal of the 80-card games as a state machine.

The flow, common to Luzhou [001][004], Leshan [003] and Wuchuan [000]:

1. The dealer (21 cards) discards; a held four must be laid out first where the rules say so.
2. The card lies face up: the *claim window*. Claims, highest first: 胡 win > 招/开 kong >
   碰/对/兑 pong > 吃 eat. Among equal claims the seat that turned the card comes first, then
   the seat nearest the card's source in playing order ([001] 自摸优先、上家优先; [003] nearest
   counter-clockwise). A compulsory claim (Luzhou A and Wuchuan pong/kong) cannot be passed.
3. A claimer lays its set out and discards — unless that made its second (third …) four-card
   set: 八块, no discard, and the next seat turns a card.
4. If nobody claims, the card stays with its source (过张) and the next seat turns the top
   stock card face up (Leshan's 小家 instead draws privately and keeps or shows it [003]).
5. The deal ends on a win, on a violation that ends it, or when the stock runs out (no winner).

Use ``Deal.new(...)`` to shuffle and deal, ``deal.legal_actions()`` for the lazy list of
legal actions, ``deal.play(action)`` to apply one (an illegal one raises ``RuleError`` naming
the rule). In a claim window each seat that can claim may ``pass`` or claim; ``play`` of a claim
means every other seat passed, and the next seat's ``turn`` means everybody passed (as a record
writes it); ``claims.resolve`` picks the winning claim when several seats want the card.

The state is plain data: ``deal.to_dict()`` is JSON and ``Deal.from_dict`` restores it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from ..core.game import LegalActions
from ..core.table import DEALER, PLAYER, SITTER, XIAOJIA, Table, seat_name
from ..core.text import ChangpaiError, RuleError, Text
from ..decks.numerals import ALL_KINDS, DECK, Card, check_copies, format_cards, parse_cards
from . import playrules as pr
from .actions import Action, ActionType, native_words
from .analysis import analyse
from .dealing import Dealt, deal_new, make_table
from .playrules import PlayRules
from .rules import OPTIONS as RULE_OPTIONS
from .rules import RuleSet
from .sets import Meld, SetKind, classify_three, kind_of_three
from .split import PARTNER_IDX, THIRD_CARDS, FitsKey, can_join, card_counts, fits
from .traditions import get_play_rules, get_rules
from .violations import violation_codes

DISCARD, CLAIM, TURN, DRAWN, OVER = "discard", "claim", "turn", "drawn", "over"
PHASE_NAMES = {
    DISCARD: Text("出牌", "discard"),
    CLAIM: Text("等待进张", "waiting for claims"),
    TURN: Text("翻牌", "turn a card"),
    DRAWN: Text("小家摸牌后", "小家 has drawn"),
    OVER: Text("结束", "over"),
}


def rule(code: str, zh: str, en: str, source: str) -> RuleError:
    """A RuleError naming the rule it breaks and its source."""
    if source == "—":
        return RuleError(Text(zh, en), code=code)
    return RuleError(Text(f"{zh}（{source}）", f"{en} ({source})"), code=code)


@dataclass(slots=True)
class LaidSet:
    """A set on the table: how it got there and, for claims, the claimed card and its source."""

    meld: Meld
    how: str  # pong, kong, eat, bi, four
    taken: Card | None = None
    source: int | None = None

    def as_dict(self) -> dict[str, Any]:
        return {
            "kind": self.meld.kind.value,
            "cards": str(self.meld),
            "how": self.how,
            "taken": None if self.taken is None else str(self.taken),
            "source": self.source,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> LaidSet:
        return cls(
            Meld(SetKind(data["kind"]), tuple(parse_cards(data["cards"]))),
            data["how"],
            None if data["taken"] is None else Card.parse(data["taken"]),
            data["source"],
        )


@dataclass(slots=True)
class SeatState:
    hand: list[int]  # counts per kind index (Card.index), 20 long
    laid: list[LaidSet]
    pile: list[Card]  # cards this seat discarded or turned that nobody took
    claims: int = 0  # sets claimed so far (进张)
    discarded_kinds: set[int] = field(default_factory=set)
    passed_eat: set[int] = field(default_factory=set)
    passed_pong: set[int] = field(default_factory=set)
    passed_win: set[int] = field(default_factory=set)
    passed_win_total: int = -1  # the biggest total of a win passed since the last 进张 (-1: none) [003] 现张不和
    passed_kong: bool = False
    barred: bool = False  # a violation bars this seat from winning (Luzhou reading)
    last_eat: tuple[int, int] | None = None  # the two hand cards of an eat awaiting its discard

    @property
    def fours(self) -> int:
        return sum(1 for s in self.laid if s.meld.kind.is_four)

    def total(self) -> int:
        return sum(self.hand) + sum(len(s.meld.cards) for s in self.laid)

    def hand_cards(self) -> list[Card]:
        return [ALL_KINDS[i] for i, n in enumerate(self.hand) for _ in range(n)]


@dataclass(slots=True)
class Exposed:
    """The face-up card waiting for claims."""

    card: Card
    source: int
    how: str  # "discard" or "turn"
    first_stock: bool = False
    last_stock: bool = False
    first_discard_of: int | None = None  # the seat whose first discard this is


@dataclass(slots=True)
class Violation:
    code: str
    seat: int
    step: int
    text: Text

    def as_dict(self) -> dict[str, Any]:
        return {"code": self.code, "seat": self.seat, "step": self.step, **self.text.as_dict()}


@dataclass(slots=True)
class WinInfo:
    seat: int
    card: Card | None
    source: int | None  # the seat the card came from
    how: str  # discard, turn, self-draw (小家), dealt (天胡)
    points: int
    result: Any  # analysis.HandResult or a 小家 result dict
    context: tuple[str, ...]  # deal patterns: heaven, earth, first-stock-card, last-stock-card, self-turn …


class Deal:
    """One deal of Luzhou / Leshan / Wuchuan play. See the module docstring."""

    game = "daer"

    def __init__(self, rules: RuleSet, play: PlayRules, dealt: Dealt, *, seed: int | None = None) -> None:
        self.rules = rules
        self.play_rules = play
        self.table: Table = dealt.table
        self.seed = seed
        self.initial_hands = dealt.hands
        self.initial_stock = dealt.stock
        self.cut_card = dealt.cut_card
        self.seats = [SeatState(card_counts(h), [], []) for h in dealt.hands]
        self.stock = list(dealt.stock)
        self.turned = 0  # stock cards taken so far
        self.shown: Card | None = None
        if play.show_last_stock_card.value and self.stock:
            if play.red_last_card_moves_front.value and rules.is_red(self.stock[-1]):
                self.stock.insert(0, self.stock.pop())  # [004]: a red bottom card moves to the front
            self.shown = self.stock[-1]
        self.phase = DISCARD
        self.to_act: int | None = self.table.dealer
        self.exposed: Exposed | None = None
        self.passed: set[int] = set()  # seats that passed explicitly in this claim window
        self.drawn: Card | None = None  # 小家's private card
        self.discards_made: list[int] = [0] * self.table.size
        self.history: list[Action] = []
        self.events: list[dict[str, str]] = []  # events of the last step
        self.violations: list[Violation] = []
        self.win: WinInfo | None = None
        self.ended_by: str | None = None  # "win", "stock", "violation"
        self.eight_blocks_by: int | None = None  # the seat that just called 八块 (no discard)
        self._win_cache: dict[tuple[Any, ...], Any] = {}
        self._fits_memo: dict[FitsKey, bool] = {}
        self._version = 0  # bumped on every change of state; keys the per-state caches below
        self._state_cache: dict[Any, Any] = {}
        self._state_cache_version = 0
        self._claims_window: Exposed | None = None
        self._claims_cache: dict[int, list[Action]] = {}
        self._check_counts()

    # ------------------------------------------------------------ construction
    @classmethod
    def new(
        cls,
        rules: str | RuleSet = "luzhou-a",
        players: int | None = None,
        *,
        seed: int | None = None,
        rng: random.Random | None = None,
        dealer: int | None = None,
        options: dict[str, Any] | None = None,
        hands: list[list[Card]] | None = None,
        stock: list[Card] | None = None,
        shuffler: int = 0,
    ) -> Deal:
        """Shuffle and deal (``rng`` or ``seed``), or take ``hands`` and ``stock`` as given."""
        seed = check_seed(seed)
        for key, value in (("players", players), ("dealer", dealer)):
            if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
                raise RuleError(Text("应是整数", "must be a whole number"), code="bad-field", where=key)
        rule_set, play = resolve_rules(rules, options)
        if players is None:
            players = 4 if 4 in play.players.value else max(play.players.value)
        if hands is not None:
            table = make_table(play, players, dealer or 0)
            dealt = _dealt_from(play, table, hands, stock or [])
            return cls(rule_set, play, dealt, seed=seed)
        if rng is None:
            rng = random.Random(seed)
        if players not in play.players.value:
            make_table(play, players)  # refuses the count with the tradition's own error, before the cut divides by it
        dealt = deal_new(play, players, rng, dealer=dealer, shuffler=shuffler)
        return cls(rule_set, play, dealt, seed=seed)

    # ------------------------------------------------------------ queries
    @property
    def over(self) -> bool:
        return self.phase == OVER

    @property
    def players(self) -> int:
        return self.table.size

    def hand(self, seat: int) -> list[Card]:
        return self.seats[seat].hand_cards()

    def legal_actions(self, seat: int | None = None) -> LegalActions[Action]:
        return LegalActions(self, seat)

    def parse_action(self, action: object) -> Action | None:
        """``action`` as an action of this game (a line such as ``"1 pong 七"`` is read); ``None`` if it is none."""
        if isinstance(action, str):
            try:
                return Action.parse(action)
            except RuleError:
                return None
        return action if isinstance(action, Action) else None

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

    def _complete(self, action: Action) -> Action:
        """Fill in what a written action may leave out: the card of a turn (it is the next stock card)."""
        if action.type == ActionType.TURN and action.card is None and self.turned < len(self.stock):
            return Action(ActionType.TURN, action.seat, self.stock[self.turned])
        if action.type == ActionType.SHOW and action.card is not None and action.card == self.drawn:
            return Action(ActionType.SHOW, action.seat)
        return action

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

    def card_total(self) -> int:
        total = sum(s.total() for s in self.seats) + sum(len(s.pile) for s in self.seats)
        total += len(self.stock) - self.turned + (1 if self.exposed else 0) + (1 if self.drawn else 0)
        return total + (1 if self.cut_card else 0)

    # ------------------------------------------------------------ legal action generation
    def _per_state(self) -> dict[Any, Any]:
        if self._state_cache_version != self._version:
            self._state_cache = {}
            self._state_cache_version = self._version
        return self._state_cache

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

    # ------------------------------------------------------------ rule helpers
    def _kan_kinds(self, st: SeatState) -> set[int]:
        return {i for i, n in enumerate(st.hand) if n >= 3}

    def _undeclared_fours(self, s: int) -> list[int]:
        return [i for i, n in enumerate(self.seats[s].hand) if n == 4]

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
        base = (
            self.play_rules.xiaojia_cards.value
            if self.table.roles[s] == XIAOJIA
            else self.play_rules.player_cards.value
        )
        if self.play_rules.eight_blocks.value:
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
        return s == self.table.dealer and all(a.type == ActionType.FOUR for a in self.history)

    def _pong_blocked(self, s: int, card: Card) -> bool:
        return self.play_rules.passed_pong_barred.value and card.index in self.seats[s].passed_pong

    def _eat_blocked(self, s: int, card: Card) -> bool:
        st = self.seats[s]
        if self.play_rules.passed_eat_barred.value and card.index in st.passed_eat:
            return True
        return self.play_rules.eat_own_discard_barred.value and card.index in st.discarded_kinds

    def _win_allowed(self, s: int, card: Card | None) -> bool:
        st = self.seats[s]
        if st.barred:
            return False
        if card is None:
            return True
        if self.play_rules.win_on_own_discard_barred.value and card.index in st.discarded_kinds:
            return False
        return not (self.play_rules.declined_claim_bars_win.value and (st.passed_kong or card.index in st.passed_pong))

    def _upgrade_ok(self, s: int, result: Any) -> bool:
        """现张不和 [003] ("進張後和牌或升級"): after a passed win, any win waits for a 进张 unless
        its total is bigger than the passed one (升级)."""
        passed = self.seats[s].passed_win_total
        return not self.play_rules.passed_win_barred.value or passed < 0 or win_total(result) > passed

    def _compulsory(self, action: Action) -> bool:
        if action.type == ActionType.PONG:
            return bool(self.play_rules.pong_compulsory.value)
        if action.type == ActionType.KONG:
            return bool(self.play_rules.kong_compulsory.value)
        return False

    def _discard_violation(self, s: int, card: Card) -> tuple[str, Text] | None:
        """吃字屙字 [003]: after eating with two cards, discarding a card that made a set with them."""
        st = self.seats[s]
        if st.last_eat is None or not self.play_rules.eat_then_discard_barred.value:
            return None
        a, b = (ALL_KINDS[i] for i in st.last_eat)
        if classify_three((a, b, card)) is not None:
            return (
                "eat-then-discard-partner",
                Text(
                    f"吃字屙字：用{a}{b}吃牌后又打出能和它们成房的{card}（[003]）",
                    f"吃字屙字: after eating with {a}{b}, discarding {card}, which made a set with them ([003])",
                ),
            )
        return None

    # ------------------------------------------------------------ wins
    def _can_win(self, s: int, card: Card | None, source: int | None, how: str) -> Any:
        """The analysis of the win if seat ``s`` may win on ``card`` (None = on its own hand), else None."""
        st = self.seats[s]
        hand_key = tuple(st.hand)
        if card is not None:
            k = card.index
            # the card must join a set with the hand (twin, or two partners not locked in a held triple):
            # a cheap test that spares the search for about a quarter of the cards offered
            if not st.hand[k] and not can_join(st.hand, k):
                return None
            if not fits(hand_key, 7 - len(st.laid), True, k, self._fits_memo):
                return None
        elif not fits(hand_key, 7 - len(st.laid), True, -1, self._fits_memo):
            return None  # 天胡 / 三龙 checks on the dealt hand: most hands fail here, before the full analysis
        ex = self.exposed
        where = None if ex is None else (ex.source == s, ex.first_discard_of)
        key = ("win", s, hand_key, len(st.laid), None if card is None else card.index, how, where)
        if key in self._win_cache:
            return self._win_cache[key]
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

    def _min_waived(self, s: int, card: Card | None, how: str, points: int = -1) -> bool:
        """Wuchuan 天胡 and 地胡 need no 10-hu minimum [000]; with the Luzhou A option
        ``allow_no_hu_win``, a hand with no hu points at all (无胡) may win [001]."""
        if points == 0 and dict(self.play_rules.options.value).get("allow_no_hu_win"):
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

    # ------------------------------------------------------------ checking an action
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

    # ------------------------------------------------------------ applying
    def play(self, action: Action | str, *, violation: str | None = None) -> list[dict[str, str]]:
        """Apply ``action``. An illegal action raises ``RuleError`` naming the rule, unless
        ``violation`` names exactly the rule it breaks (a recorded deal showing a 包牌 on
        purpose): then the violation is recorded and penalised per the rule set."""
        if isinstance(action, str):
            action = Action.parse(action)
        action = self._complete(action)
        self.events = []
        try:
            # reuses the legal list a player has just asked for, or a check already made, in this same state
            if ("legal-action", action) not in self._per_state():
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
            self._version += 1
            self._commit_violation(action, error)
            self._version += 1
            return self.events
        if violation is not None:
            raise RuleError(
                Text(f"这一步合规，没有违反“{violation}”", f"this step is legal; it does not break “{violation}”"),
                code="no-violation",
            )
        self._version += 1
        self._apply(action)
        self._version += 1
        return self.events

    def _apply(self, action: Action) -> None:
        t = action.type
        self.eight_blocks_by = None
        self.history.append(action)
        if self.phase == CLAIM:
            if t == ActionType.PASS:
                self.passed.add(action.seat)
                if all(s in self.passed or not self._claims_for(s) for s in self.table.active):
                    self._close_window(None)
                return
            if t in (ActionType.TURN, ActionType.DRAW):
                self.history.pop()
                self._close_window(None)
                self.history.append(action)
                self._apply_turn(action)
                return
            self._close_window(action)
            return
        if t == ActionType.TURN or t == ActionType.DRAW:
            self._apply_turn(action)
        elif t == ActionType.DISCARD:
            self._apply_discard(action)
        elif t == ActionType.FOUR:
            self._apply_four(action)
        elif t == ActionType.SHOW:
            card = self.drawn
            assert card is not None  # SHOW is legal only with a drawn card
            self.drawn = None
            self._open_window(Exposed(card, action.seat, "turn"))
        elif t == ActionType.WIN:
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
        if action.type == ActionType.DRAW:
            self.drawn = card
            self.phase = DRAWN
            self.to_act = s
            self._event("xiaojia-draw", "小家暗摸一张", "小家 draws a card privately")
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
                self.seats[other].laid.append(LaidSet(Meld(SetKind.FOUR, (card,) * 4), "four"))
                self._event("four", *four_display(self.rules, other, card))

    def _apply_four(self, action: Action) -> None:
        s, card = action.seat, action.named_card
        st = self.seats[s]
        st.hand[card.index] -= 4
        st.laid.append(LaidSet(Meld(SetKind.FOUR, (card,) * 4), "four"))
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
        if not any(self._claims_for(s) for s in self.table.active):
            self._close_window(None)

    def _next_after_window(self) -> int:
        ex = self.exposed
        assert ex is not None
        return self.table.next_seat(ex.source)

    def _close_window(self, claim: Action | None) -> None:  # noqa: C901 — one branch per claim kind
        ex = self.exposed
        assert ex is not None
        card = ex.card
        # Memory of passed chances (过张, 后对, 现张不和, 有开不开): every option that ranked above
        # what actually happened was declined.
        happened = 0 if claim is None else claim.priority
        for s in self.table.active:
            if claim is not None and s == claim.seat:
                continue
            for option in self._claims_for(s):
                if option.priority <= happened:
                    continue
                st = self.seats[s]
                if option.type == ActionType.EAT:
                    if card.index not in st.passed_eat and self.play_rules.passed_eat_barred.value:
                        self._event(
                            "passed",
                            f"过张：{seat_name(s).zh}没有吃{card}，以后不能再吃它",
                            f"过张: {seat_name(s).en} did not eat {card} and may not eat it later",
                        )
                    st.passed_eat.add(card.index)
                elif option.type == ActionType.PONG:
                    st.passed_pong.add(card.index)
                elif option.type == ActionType.KONG:
                    st.passed_kong = True
                elif option.type == ActionType.WIN:
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
        if claim.type == ActionType.WIN:
            self._finish_win(claim.seat, card, ex.source, ex.how)
            return
        s = claim.seat
        st = self.seats[s]
        self.exposed = None
        st.claims += 1
        st.passed_win.clear()  # a new 进张 lifts 现张不和 [003]
        st.passed_win_total = -1
        if claim.type == ActionType.PONG:
            st.hand[card.index] -= 2
            st.laid.append(LaidSet(Meld(SetKind.PONG, (card,) * 3), "pong", card, ex.source))
        elif claim.type == ActionType.KONG:
            st.hand[card.index] -= 3
            st.laid.append(LaidSet(Meld(SetKind.KONG, (card,) * 4), "kong", card, ex.source))
        else:
            a, b = claim.cards
            st.hand[a.index] -= 1
            st.hand[b.index] -= 1
            st.laid.append(LaidSet(Meld(kind_of_three((card, a, b)), (card, a, b)), "eat", card, ex.source))
            for group in claim.bi:
                for c in group:
                    st.hand[c.index] -= 1
                st.laid.append(LaidSet(Meld(kind_of_three(group), group), "bi", card, None))
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
            self._event("no-winner", f"堂底摸完，无人{win}牌", "the stock is exhausted: no winner")

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
        self._event(f"violation:{error.code}", f"违规（包牌）：{error.text.zh}", f"violation (包牌): {error.text.en}")
        if self.play_rules.penalty_ends_deal.value or error.code == "false-win":
            self._end("violation")  # [003]: play goes on after 包牌, except after 诈和
            return
        t = action.type
        if self.phase == CLAIM:
            if t in (ActionType.WIN, ActionType.PASS):
                self.passed.add(action.seat)  # a void win counts as a pass
                if all(x in self.passed or not self._claims_for(x) for x in self.table.active):
                    self._close_window(None)
            elif t in (ActionType.TURN, ActionType.DRAW):
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
        elif t == ActionType.DISCARD and self.seats[action.seat].hand[action.named_card.index]:
            self._apply_discard(action)
        elif t != ActionType.WIN:
            self._end("violation")

    def _claim_can_be_laid(self, action: Action) -> bool:
        st = self.seats[action.seat]
        card = action.named_card
        if action.type == ActionType.PONG:
            return st.hand[card.index] >= 2
        if action.type == ActionType.KONG:
            return st.hand[card.index] >= 3
        need = card_counts(list(action.cards) + [c for g in action.bi for c in g])
        if any(need[i] > st.hand[i] for i in range(20)):
            return False
        return classify_three((card, *action.cards)) is not None and all(classify_three(g) for g in action.bi)

    def _who(self, seat: int | None) -> Text:
        return Text("无人", "nobody") if seat is None else seat_name(seat)

    def _event(self, code: str, zh: str, en: str) -> None:
        self.events.append({"code": code, "zh": zh, "en": en})

    def _check_counts(self) -> None:
        total = self.card_total()
        if total != len(DECK):
            raise RuleError(
                Text(f"牌数不对：共 {total} 张，应为 80", f"the cards do not add up: {total}, not 80"),
                code="card-count",
            )

    # ------------------------------------------------------------ serialisation
    def to_dict(self) -> dict[str, Any]:
        """JSON-able state; ``Deal.from_dict`` restores it (history is replayed from the deal)."""
        return {
            "game": self.game,
            "rules": self.rules.name,
            "rule_options": {k: getattr(self.rules, k) for k in self.rules.options},
            "options": self.play_rules.overrides_from(get_play_rules(self.play_rules.name)),
            "roles": list(self.table.roles),
            "dealer": self.table.dealer,
            "hands": [format_cards(sorted(h)) for h in self.initial_hands],
            "stock": format_cards(self.initial_stock),
            "cut_card": None if self.cut_card is None else str(self.cut_card),
            "seed": self.seed,
            "history": [str(a) for a in self.history],
            "violations": [v.code for v in self.violations],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Deal:
        """Restore a state (``to_dict``), trusting nothing in it: it is dealt again from its hands and stock by
        ``Deal.new``, as a record is (the same checks and errors, ``where`` naming the state's field), its roles
        and cut card must be the ones that deal gives, and its history is replayed rule by rule."""
        if not isinstance(data, dict):
            raise RuleError(Text("state 应是对象", "a state must be an object"), code="bad-state")
        _check_state_fields(data, cls.game)
        roles = data["roles"]
        try:
            deal_ = cls.new(
                data["rules"],
                len(roles),
                seed=data.get("seed"),
                dealer=data["dealer"],
                options={**data.get("rule_options", {}), **data.get("options", {})},
                hands=[parse_cards(h, where=f"hands.{i}") for i, h in enumerate(data["hands"])],
                stock=parse_cards(data["stock"], where="stock"),
            )
        except RuleError as error:
            if error.where != "players":
                raise
            raise RuleError(error.text, code=error.code, where="roles") from None  # a state counts seats by roles
        if list(deal_.table.roles) != roles:
            raise RuleError(
                Text(
                    f"座位的角色应是 {'、'.join(deal_.table.roles)}",
                    f"the seats' roles must be {', '.join(deal_.table.roles)} for this dealer",
                ),
                code="bad-state",
                where="roles",
            )
        if (None if deal_.cut_card is None else str(deal_.cut_card)) != data.get("cut_card"):
            raise RuleError(
                Text("叨出的牌与发牌不符", "the cut card does not fit the deal"), code="bad-state", where="cut_card"
            )
        pending = list(data.get("violations") or [])
        for i, text in enumerate(data["history"]):
            where = f"history.{i}"
            if not isinstance(text, str):
                raise RuleError(Text("动作应是文字", "an action is written as text"), code="bad-action", where=where)
            action = Action.parse(text, where=where)
            try:
                if not deal_.is_legal(action) and pending:
                    deal_.play(action, violation=str(pending.pop(0)))
                else:
                    deal_.play(action)
            except RuleError as error:
                raise RuleError(error.text, code=error.code, where=where) from None
        if pending:  # a violation the history never commits: the state disagrees with itself
            raise RuleError(
                Text(f"历史里没有违规“{pending[0]}”", f"the history commits no violation “{pending[0]}”"),
                code="bad-state",
                where="violations",
            )
        return deal_

    def copy(self) -> Deal:
        return Deal.from_dict(self.to_dict())

    def snapshot(self) -> dict[str, Any]:
        """What a viewer shows: hands, laid sets, piles, stock left, the face-up card, who acts."""
        face_up = self.exposed.card if self.exposed else None
        return {
            "hands": [format_cards(st.hand_cards()) for st in self.seats],
            "melds": [
                [
                    {
                        "kind": ls.meld.kind.value,
                        "name": self.rules.native_name(ls.meld.kind).as_dict(),
                        "cards": str(ls.meld),
                        "points": self.rules.points_of(ls.meld.kind, ls.meld.cards),
                        "how": ls.how,
                    }
                    for ls in st.laid
                ]
                for st in self.seats
            ],
            "discards": [format_cards(st.pile) for st in self.seats],
            "stock_left": len(self.stock) - self.turned,
            "face_up": None if face_up is None else str(face_up),
            "shown_stock_card": None if self.shown is None else str(self.shown),
            "to_act": self.to_act if self.phase != CLAIM else None,
            "phase": self.phase,
            "claimants": self.to_move() if self.phase == CLAIM else [],
            # 小家's privately drawn card [003]: only a viewer showing every hand may show it
            "private": None if self.drawn is None else {"seat": self.to_act, "card": str(self.drawn)},
        }

    def __repr__(self) -> str:
        return f"<Deal {self.rules.name} {self.players} players, {len(self.history)} actions, {self.phase}>"


# ---------------------------------------------------------------- helpers


def four_display(rules: RuleSet, seat: int, card: Card) -> tuple[str, str]:
    """The event text for laying out a held four, as each tradition's source says it is shown."""
    return rules.variant.four_display(rules, seat, card)


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


def _dealt_from(play: PlayRules, table: Table, hands: list[list[Card]], stock: list[Card]) -> Dealt:
    if len(hands) > table.size:  # e.g. a record with players: 2 and three hands
        raise RuleError(
            Text(f"有 {len(hands)} 手牌，却只有 {table.size} 个座位", f"{len(hands)} hands for {table.size} seats"),
            code="bad-deal",
            where="hands",
        )
    full = [list(h) for h in hands] + [[]] * (table.size - len(hands))
    for s, role in enumerate(table.roles):
        want = {
            DEALER: play.dealer_cards.value,
            PLAYER: play.player_cards.value,
            XIAOJIA: play.xiaojia_cards.value,
            SITTER: 0,
        }[role]
        if len(full[s]) != want:
            raise RuleError(
                Text(
                    f"座位 {s}（{role}）应有 {want} 张牌，却有 {len(full[s])} 张",
                    f"seat {s} ({role}) should hold {want} cards, not {len(full[s])}",
                ),
                code="bad-deal",
                where=f"hands.{s}",
            )
    check_copies([c for h in full for c in h] + list(stock), where="hands+stock")
    total = sum(len(h) for h in full) + len(stock)
    cut = None
    if total == len(DECK) - 1 and play.cut_card_out_of_play.value:
        missing = card_counts(list(DECK))
        for c in [c for h in full for c in h] + list(stock):
            missing[c.index] -= 1
        cut = ALL_KINDS[next(i for i, n in enumerate(missing) if n)]
    elif total != len(DECK):
        raise RuleError(
            Text(f"手牌和堂底共 {total} 张，应为 80", f"hands and stock hold {total} cards, not 80"),
            code="card-count",
            where="stock",
        )
    return Dealt(table, tuple(tuple(h) for h in full), tuple(stock), cut)


# A state's fields: (types, required). ``Deal.from_dict`` checks them before anything is read.
_STATE_FIELDS: dict[str, tuple[type | tuple[type, ...], bool]] = {
    "game": (str, False),
    "rules": (str, True),
    "rule_options": (dict, False),
    "options": (dict, False),
    "roles": (list, True),
    "dealer": (int, True),
    "hands": (list, True),
    "stock": (str, True),
    "cut_card": (str, False),
    "seed": (int, False),
    "history": (list, True),
    "violations": (list, False),
}


def _check_state_fields(data: dict[str, Any], game: str) -> None:
    """Every field of a state known, of its type, and there when required (``_STATE_FIELDS``)."""
    for key in data:
        if key not in _STATE_FIELDS:  # as in a record, a typo or a forged field never passes silently
            raise RuleError(
                Text(f"state 里没有“{key}”这个字段", f"a state has no field “{key}”"),
                code="bad-state",
                where=str(key),
            )
    if data.get("game", game) != game:
        raise RuleError(Text(f"这不是{game}的牌局", f"not a {game} deal"), code="bad-state", where="game")
    for key, (kinds, required) in _STATE_FIELDS.items():
        value = data.get(key)
        if (value is None and required) or (
            value is not None and (isinstance(value, bool) or not isinstance(value, kinds))
        ):
            raise RuleError(
                Text("缺少这个字段，或类型不对", "this field is missing or of the wrong type"),
                code="bad-state",
                where=key,
            )


MAX_SEED = 2**64  # a seed only picks a shuffle: a 100,000-digit one would only cost time


def check_seed(value: object, where: str = "seed") -> int | None:
    """A seed is a whole number between -2**64 and 2**64, or none."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not -MAX_SEED < value < MAX_SEED:
        raise RuleError(
            Text("种子应是 2**64 以内的整数", "a seed is a whole number between -2**64 and 2**64"),
            code="bad-seed",
            where=where,
        )
    return value


def resolve_rules(rules: str | RuleSet, options: dict[str, Any] | None) -> tuple[RuleSet, PlayRules]:
    """Split a record's options between the hand rules (``rules.OPTIONS``) and the play rules."""
    options = dict(options or {})
    rule_opts = {k: options.pop(k) for k in list(options) if k in RULE_OPTIONS}
    rule_set = get_rules(rules, **rule_opts) if rule_opts else get_rules(rules)
    play = get_play_rules(rule_set.name).with_options(options)
    return rule_set, play


# ---------------------------------------------------------------- the hand analysis, as the deal uses it


def evaluate_hand(deal_: Deal, s: int, card: Card | None, how: str) -> Any:
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


def _dealt_lantern(hand: tuple[Card, ...]) -> bool:
    """The dealt hand held a 龙灯 (2, 7, 10 of one case)."""
    return any(all(Card(n, big) in hand for n in (2, 7, 10)) for big in (False, True))


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


def instant_result(deal_: Deal, s: int) -> dict[str, Any]:
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


def xiaojia_result(deal_: Deal, s: int, card: Card | None) -> dict[str, Any]:
    """小家's special count [003]: black 对子 20, red 对子 40, black 二七十 40, red 贰柒拾 80."""
    cards = deal_.seats[s].hand_cards() + ([card] if card else [])
    red = deal_.rules.is_red(cards[0])
    if len(set(cards)) == 1:
        points, name = (40, Text("红对子", "red pong")) if red else (20, Text("黑对子", "black pong"))
    else:
        points, name = (80, Text("红贰柒拾", "red 2-7-10")) if red else (40, Text("黑二七十", "black 2-7-10"))
    return {"valid": True, "points": points, "name": name.as_dict(), "source": "[003]"}
