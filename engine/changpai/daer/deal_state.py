"""The state of one deal of the 80-card games: its phases, the seats' holdings, the face-up card.

``DealState`` holds the attributes every part of ``Deal`` reads and writes, and the small queries on them;
the layers above it (``deal_rules``, ``deal_legal`` with ``legality``'s rules, ``deal_refusals``, ``deal_play``,
``deal``) each add one concern as a subclass, so the deal's hot loop calls plain methods, with no indirection
between them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core.table import Table, seat_name
from ..core.text import RuleError, Text
from ..decks.numerals import ALL_KINDS, DECK, Card, parse_cards
from . import actions
from .actions import Action
from .dealing import Dealt
from .playrules import PlayRules
from .rules import RuleSet
from .sets import FOUR_KINDS, Meld, SetKind
from .split import FitsKey, HandBits, card_counts, shared_fits_memo

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
        return sum(1 for s in self.laid if s.meld.kind in FOUR_KINDS)

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


class DealState:
    """The attributes of one deal and the queries on them (see ``deal.Deal``)."""

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
        # the dealer discards first, or, taking no extra card (Leshan 打八张 [003]), turns up the first card
        self.phase = DISCARD if play.dealer_cards.value > play.player_cards.value else TURN
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
        self._fits_memo: dict[FitsKey, bool] = shared_fits_memo()  # (a pure search: shared by every deal)
        # what the win and claim checks read of each hand (``DealRules._hand_bits``), by its counts
        self._facts: dict[tuple[int, ...], HandBits] = {}
        # answers that hold until the state changes (legal lists, claims asked, checks made): emptied by ``_changed``
        self._state_cache: dict[Any, Any] = {}
        self._claims_window: Exposed | None = None  # the window whose claims ``_claims_cache`` holds, by seat
        self._claims_cache: dict[int, list[Action]] = {}
        self._rule_chains: dict[int, Any] = {}  # legality's chains without the rules these play rules never use
        # ``_check_counts`` of a deal not yet begun: every card is in a hand, in the stock or the cut card
        self._check_total(sum(map(len, dealt.hands)) + len(dealt.stock) + (dealt.cut_card is not None))

    # ------------------------------------------------------------ queries
    @property
    def over(self) -> bool:
        return self.phase == OVER

    @property
    def players(self) -> int:
        return self.table.size

    def hand(self, seat: int) -> list[Card]:
        return self.seats[seat].hand_cards()

    def card_total(self) -> int:
        total = sum(s.total() for s in self.seats) + sum(len(s.pile) for s in self.seats)
        total += len(self.stock) - self.turned + (1 if self.exposed else 0) + (1 if self.drawn else 0)
        return total + (1 if self.cut_card else 0)

    def _changed(self) -> None:
        """The state changes (or is about to): what ``_state_cache`` holds no longer holds."""
        self._state_cache = {}

    def _complete(self, action: Action) -> Action:
        """Fill in what a written action may leave out: the card of a turn (it is the next stock card)."""
        if action.type == actions.TURN and action.card is None and self.turned < len(self.stock):
            return Action(actions.TURN, action.seat, self.stock[self.turned])
        if action.type == actions.SHOW and action.card is not None and action.card == self.drawn:
            return Action(actions.SHOW, action.seat)
        return action

    def _next_after_window(self) -> int:
        ex = self.exposed
        assert ex is not None
        return self.table.next_seat(ex.source)

    def _who(self, seat: int | None) -> Text:
        return Text("无人", "nobody") if seat is None else seat_name(seat)

    def _event(self, code: str, zh: str, en: str) -> None:
        self.events.append({"code": code, "zh": zh, "en": en})

    def _check_counts(self) -> None:
        self._check_total(self.card_total())

    def _check_total(self, total: int) -> None:
        if total != len(DECK):
            raise RuleError(
                Text(f"牌数不对：共 {total} 张，应为 80", f"the cards do not add up: {total}, not 80"),
                code="card-count",
            )


def four_display(rules: RuleSet, seat: int, card: Card) -> tuple[str, str]:
    """The event text for laying out a held four, as each tradition's source says it is shown."""
    return rules.variant.four_display(rules, seat, card)
