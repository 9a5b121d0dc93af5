"""One deal of 戳牌 [002] as a state machine on the ``core.game.Game`` protocol.

The dealer leads; each seat in turn must beat the best play so far when it can (jumping classes is allowed), or
else puts as many cards down face down (option ``cannot_beat``); when every seat has played, the best play takes
the trick: its owner lays *its own* cards in front (they count), the others' are covered, and the owner leads
next. 硬张 are laid in front at the deal and counted. The deal ends when the seat to lead has no cards (or, under
``huang = stop_early``, at a 黄牌 point); ``scoring.settle`` counts it. A seeded ``random.Random`` shuffles, so a
seed reproduces the deal.

>>> d = ChuoDeal.new(seed=7)
>>> len(d.hands[0]) + len(d.piles[0]), d.to_act
(28, 0)
>>> a = next(iter(d.legal_actions()))
>>> d.play(a).seat == 0 and d.to_act == 1
True
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from ..core.game import Game, LegalActions
from ..core.table import DEALER, PLAYER, SITTER, Table
from ..core.text import ChangpaiError, RuleError, Text
from .actions import DOWN, PLAY, ChuoAction
from .cards import CLASS, JOKER, LADDER, MAIN, N_CARDS, deck, format_cards, parse_cards
from .options import ChuoRules, rules_from
from .plays import Shape, _multisets, beating_plays, is_hard, plays_in, shape
from .rules import MUST_BEAT, first_broken, refusal

GAME = "chuopai"
WIN_OVER = 15  # [002]: more than fifteen cards in front wins one per card over fifteen; fifteen is 黄牌
HUANG_HAND = 3  # [002]: under fifteen with only three left in hand is also 黄牌


def cards_won(in_front: int, over: int = WIN_OVER) -> int:
    """How many cards a seat with ``in_front`` cards in front wins before any 番: one per card over fifteen [002]
    (0: it wins nothing; if nobody wins, the deal is 黄牌); ``over``: the count a bigger deck may use instead
    (``ChuoRules.win_over``).

    >>> cards_won(15), cards_won(16), cards_won(18), cards_won(18, over=19)
    (0, 1, 3, 0)
    """
    return max(0, in_front - over)


MAX_SEED = 2**64


@dataclass(frozen=True, slots=True)
class Trick:
    """A finished trick: who led, every action in order, and who took it."""

    leader: int
    actions: tuple[ChuoAction, ...]
    taker: int

    def as_dict(self) -> dict[str, object]:
        return {"leader": self.leader, "actions": [str(a) for a in self.actions], "taker": self.taker}


@dataclass(frozen=True, slots=True)
class Event:
    """A penalty [002]: ``fa`` (could beat and did not: play stops) or ``bao`` (包牌); ``payer`` is the offender."""

    kind: str
    payer: int
    trick: int
    text: Text

    def as_dict(self) -> dict[str, object]:
        return {"kind": self.kind, "payer": self.payer, "trick": self.trick, **self.text.as_dict()}


def make_table(players: int, dealer: int) -> Table:
    """Seats: the dealer against the others; with four the dealer's opposite rests (engine reading of 腰牌)."""
    if not 0 <= dealer < players:
        raise RuleError(Text(f"没有 {dealer} 号座位", f"there is no seat {dealer}"), code="bad-dealer", where="dealer")
    roles = [PLAYER] * players
    roles[dealer] = DEALER
    if players == 4:
        roles[(dealer + 2) % 4] = SITTER
    return Table(tuple(roles), dealer)


@dataclass
class ChuoDeal:
    """The state of one deal. ``hands`` are sorted faces; ``piles`` the cards in front of each seat (they count)."""

    rules: ChuoRules
    table: Table
    seed: int | None
    dealt: tuple[tuple[int, ...], ...]
    undealt: tuple[int, ...]
    hands: list[list[int]] = field(default_factory=list)
    piles: list[list[int]] = field(default_factory=list)
    covered: list[int] = field(default_factory=list)
    trick: list[ChuoAction] = field(default_factory=list)
    best: int = -1  # index in ``trick`` of the best play so far
    best_shape: Shape | None = None
    leader: int = 0
    to_act: int = 0
    tricks: list[Trick] = field(default_factory=list)
    history: list[ChuoAction] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    end: str = ""  # "", "played_out", "huang", "fa"
    game: str = GAME
    _counts: list[list[int]] = field(default_factory=list)
    _lead_biggest: bool = False

    # ------------------------------------------------------------------ making a deal

    @classmethod
    def new(cls, seed: int | None = None, dealer: int = 0, options: dict[str, Any] | None = None) -> ChuoDeal:
        rules = rules_from(options)
        table = make_table(rules.players, dealer)
        cards = deck(rules.copies, rules.jokers)
        playing = [s for s in _order(table)]
        each = rules.hand()
        if each * len(playing) > len(cards):
            raise RuleError(
                Text(f"{len(cards)} 张牌不够每人 {each} 张", f"{len(cards)} cards cannot give {each} each"),
                code="bad-option",
                where="options.hand_size",
            )
        random.Random(seed).shuffle(cards)
        hands: list[list[int]] = [[] for _ in range(table.size)]
        for i in range(each * len(playing)):
            hands[playing[i % len(playing)]].append(cards[i])
        rest = tuple(cards[each * len(playing) :])
        return cls.from_hands(rules, table, seed, [tuple(h) for h in hands], rest)

    @classmethod
    def from_hands(
        cls, rules: ChuoRules, table: Table, seed: int | None, dealt: list[tuple[int, ...]], undealt: tuple[int, ...]
    ) -> ChuoDeal:
        deal = cls(rules, table, seed, tuple(tuple(sorted(h)) for h in dealt), undealt)
        for seat, hand in enumerate(deal.dealt):
            deal.piles.append([c for c in hand if is_hard(c, rules)])  # 硬张: laid in front, counted [002]
            deal.hands.append([c for c in hand if not is_hard(c, rules)])
            counts = [0] * N_CARDS
            for c in deal.hands[seat]:
                counts[c] += 1
            deal._counts.append(counts)
        deal.leader = deal.to_act = table.dealer
        return deal

    # ------------------------------------------------------------------ queries

    @property
    def over(self) -> bool:
        return bool(self.end)

    def counts(self, seat: int) -> list[int]:
        return self._counts[seat]

    def side(self, seat: int) -> int | None:
        """0 for the dealer, 1 for the allies, ``None`` for a resting seat."""
        role = self.table.roles[seat]
        return None if role == SITTER else 0 if role == DEALER else 1

    def owed(self, seat: int, kind: str) -> int:
        """How many cards ``seat`` puts on the current trick with an action of ``kind``."""
        size = len(self.trick[0].cards)
        if kind == DOWN and self.rules.cannot_beat == "pass":
            return 0
        return min(size, len(self.hands[seat])) if kind == DOWN else size

    def legal_actions(self, seat: int | None = None) -> LegalActions[ChuoAction]:
        return LegalActions(self, seat)

    def iter_legal(self, seat: int | None = None) -> Iterator[ChuoAction]:
        if self.over or (seat is not None and seat != self.to_act):
            return
        me = self.to_act
        counts = self._counts[me]
        if self.best_shape is None:
            candidates: Iterator[tuple[int, ...]] = plays_in(counts, self.rules)
        else:
            candidates = beating_plays(counts, self.best_shape, self.rules)
        any_play = False
        for cards in candidates:
            action = ChuoAction(me, PLAY, cards)
            if first_broken(self, action) is None:
                any_play = True
                yield action
        if self.best_shape is not None and not any_play:
            owed = self.owed(me, DOWN)
            faces = [f for f in range(N_CARDS) if counts[f]]
            for cards in _multisets(faces, counts, owed):
                yield ChuoAction(me, DOWN, cards)

    def is_legal(self, action: ChuoAction) -> bool:
        return first_broken(self, action) is None

    def parse_action(self, action: object) -> ChuoAction | None:
        if isinstance(action, ChuoAction):
            return action
        if isinstance(action, str):
            try:
                return ChuoAction.parse(action)
            except ChangpaiError:
                return None
        return None

    def scores(self) -> list[int]:
        from .scoring import settle

        return settle(self).scores

    # ------------------------------------------------------------------ playing

    def play(self, action: ChuoAction | str, where: str = "action") -> ChuoAction:
        """Apply ``action``; a refused one raises the located ``RuleError`` naming the rule. Under
        ``not_beating = penalised`` putting cards down while able to beat is taken: the deal stops with a 罚."""
        if isinstance(action, str):
            action = ChuoAction.parse(action, where)
        error = refusal(self, action, where)
        if error is not None:
            found = first_broken(self, action)
            if not (found and found[0] is MUST_BEAT and self.rules.not_beating == "penalised"):
                raise error
            self._apply(action)
            self.events.append(Event("fa", action.seat, len(self.tricks), error.text))
            self.end = "fa"
            return action
        self._apply(action)
        if len(self.trick) == len(_order(self.table)):
            self._close_trick()
        return action

    def _apply(self, action: ChuoAction) -> None:
        seat = action.seat
        if not self.trick:
            top = max((LADDER[c] for c in self.hands[seat] if CLASS[c] == MAIN), default=0)
            card = action.cards[0]
            self._lead_biggest = (  # 包牌 is a choice: the hand held other cards to lead instead
                len(action.cards) == 1
                and CLASS[card] == MAIN
                and LADDER[card] == top
                and any(c != card for c in self.hands[seat])
            )
        for c in action.cards:
            self.hands[seat].remove(c)
            self._counts[seat][c] -= 1
        self.trick.append(action)
        self.history.append(action)
        if action.kind == PLAY:
            self.best, self.best_shape = len(self.trick) - 1, shape(action.cards, self.rules)
        self.to_act = self.table.next_seat(seat)

    def _close_trick(self) -> None:
        taker = self.trick[self.best].seat
        for i, action in enumerate(self.trick):
            (self.piles[taker] if i == self.best else self.covered).extend(action.cards)
        self.tricks.append(Trick(self.leader, tuple(self.trick), taker))
        if self._lead_biggest and taker != self.leader:
            self.events.append(
                Event(
                    "bao",
                    self.leader,
                    len(self.tricks) - 1,
                    Text(
                        "包牌：先出手中最大的正门牌想割牌，却被打下",
                        "包牌: led the biggest 正门 card in hand to 割 and was beaten",
                    ),
                )
            )
        self.trick, self.best, self.best_shape = [], -1, None
        self.leader = self.to_act = taker
        if not self.hands[taker]:
            self.end = "played_out"
        elif self.rules.huang == "stop_early" and self._huang_now():
            self.end = "huang"

    def _huang_now(self) -> bool:
        counts = [len(self.piles[s]) for s in _order(self.table)]
        over = self.rules.win_over()
        if any(c > over for c in counts):
            return False
        return any(
            c == over or (c < over and len(self.hands[s]) == HUANG_HAND)
            for s, c in zip(_order(self.table), counts, strict=True)
        )

    # ------------------------------------------------------------------ records

    def to_dict(self) -> dict[str, object]:
        return {
            "game": GAME,
            "rules": GAME,
            "seed": self.seed,
            "dealer": self.table.dealer,
            "options": self.rules.differences(),
            "hands": [format_cards(h) for h in self.dealt],
            "undealt": format_cards(self.undealt),
            "history": [str(a) for a in self.history],
        }

    @classmethod
    def from_dict(cls, data: Any) -> ChuoDeal:
        """Deal again from the record's hands and replay its history; errors are located (``history.3.cards.0``)."""
        if not isinstance(data, dict):
            raise RuleError(Text("牌谱应是一个对象", "a record must be an object"), code="bad-record", where="record")
        rules = rules_from(data.get("options"))
        dealer = data.get("dealer", 0)
        if not isinstance(dealer, int) or isinstance(dealer, bool):
            raise RuleError(Text("庄家应是座位号", "dealer must be a seat number"), code="bad-record", where="dealer")
        table = make_table(rules.players, dealer)
        hands = data.get("hands")
        if hands is None and data.get("seed") is None:  # else a fresh random deal: nothing to replay against
            raise RuleError(
                Text("状态里应有发到各家的牌（hands）或洗牌种子（seed）", "a state needs its hands or its seed"),
                code="bad-record",
                where="hands",
            )
        if hands is None:
            deal = cls.new(_seed(data.get("seed")), dealer, data.get("options"))
        else:
            deal = _from_texts(rules, table, _seed(data.get("seed")), hands, data.get("undealt", ""))
        history = data.get("history", [])
        if not isinstance(history, list) or len(history) > 1000:
            raise RuleError(
                Text("history 应是不超过 1000 步的列表", "history must be a list of at most 1000 steps"),
                code="bad-record",
                where="history",
            )
        for i, step in enumerate(history):
            if not isinstance(step, str):
                raise RuleError(
                    Text("每一步应是一行字", "each step is a line of text"), code="bad-record", where=f"history.{i}"
                )
            deal.play(step, f"history.{i}")
        return deal

    def snapshot(self) -> dict[str, object]:
        """What the viewer draws: hands, piles, the trick so far, who acts, the tricks and penalties."""
        return {
            "hands": [format_cards(h) for h in self.hands],
            "piles": [len(p) for p in self.piles],
            "covered": len(self.covered),
            "trick": [str(a) for a in self.trick],
            "best": self.best,
            "leader": self.leader,
            "to_act": None if self.over else self.to_act,
            "tricks": [t.as_dict() for t in self.tricks],
            "events": [e.as_dict() for e in self.events],
            "end": self.end,
        }


def _order(table: Table) -> tuple[int, ...]:
    return table.active


def _seed(value: object) -> int | None:
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < MAX_SEED:
        raise RuleError(
            Text("seed 应是 0 到 2^64 之间的整数", "seed must be a whole number from 0 to 2^64"),
            code="bad-seed",
            where="seed",
        )
    return value


def _from_texts(rules: ChuoRules, table: Table, seed: int | None, hands: object, undealt: object) -> ChuoDeal:
    if not isinstance(hands, list) or len(hands) != table.size or not all(isinstance(h, str) for h in hands):
        raise RuleError(
            Text(f"hands 应是 {table.size} 手牌", f"hands must be {table.size} hands"), code="bad-record", where="hands"
        )
    if not isinstance(undealt, str):
        raise RuleError(
            Text("undealt 应是一行牌", "undealt must be a line of cards"), code="bad-record", where="undealt"
        )
    dealt = [parse_cards(h, f"hands.{i}") for i, h in enumerate(hands)]
    rest = parse_cards(undealt, "undealt")
    seen = [0] * N_CARDS
    for i, hand in enumerate([*dealt, rest]):
        if i < table.size and table.roles[i] == SITTER and hand:
            raise RuleError(
                Text("休息的人不拿牌", "the resting seat holds no cards"), code="bad-record", where=f"hands.{i}"
            )
        for c in hand:
            seen[c] += 1
            if seen[c] > (rules.jokers if c == JOKER else rules.copies):
                raise RuleError(
                    Text("比一副牌的张数多", "more copies than the deck holds"), code="bad-card", where=f"hands.{i}"
                )
    if sum(seen) != rules.deck_size:
        raise RuleError(
            Text("手牌加余牌应是整副牌", "the hands and the rest must make the whole deck"),
            code="bad-record",
            where="hands",
        )
    return ChuoDeal.from_hands(rules, table, seed, dealt, rest)


def as_game(deal: ChuoDeal) -> Game[ChuoAction]:
    """``deal`` as a ``core.game.Game``: the type checker holds ChuoDeal to the protocol here."""
    return deal
