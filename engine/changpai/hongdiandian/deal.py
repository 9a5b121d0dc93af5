"""A deal of 红点点 as a state machine (the ``changpai.core.game.Game`` protocol), after [000].

The flow, as the engine reads [000]:

1. 80 cards, four players: the dealer takes 16, the others 15; 19 stay as the stock (``stock[0]`` is turned
   first). The dealer may win on the 16 at once (天胡, under 花大; under 老四层 per ``sicheng_tianhu``), else
   discards.
2. A card on the table is offered in this order: 胡, then 兑, then 吃. A win is only on a turned stock card (any
   seat, from the turner on; the first in order wins), and under 花大 also by a non-dealer on the dealer's first
   discard (地胡). Any seat but the discarder may 兑. A discard may be eaten by the next seat only; a turned card by
   the turner, then the next seat ([000]).
3. An eater or 兑-er lays the unit down and discards. If nobody takes a discard, the next seat turns a stock card;
   if nobody takes a turned card, the seat after the turner turns the next.
4. The deal ends on a win, on a 包牌 committed on purpose (the step is marked), or when the stock runs out
   (no winner: an engine choice, [000] is silent).

Each refusal comes from ``play_rules``: the same checks filter ``iter_legal``. The state is plain data
(``to_dict``) and ``from_dict`` deals again and replays the history.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from ..core.game import LegalActions
from ..core.table import seat_name
from ..core.text import CardError, HandError, RuleError, Text
from ..decks.numerals import ALL_KINDS, DECK, Card, check_copies, format_cards, parse_cards
from .actions import DISCARD, DUI, EAT, HU, PASS, TURN, Action
from .cards import POINTS
from .hand import DIHU, FOUR, KAN, KAN2, PAIR, TIANHU, TURNED, HandScore, Unit, evaluate, split_holds
from .play_rules import BY_CODE, broken
from .rules import HddRules, get_rules

PHASE_DISCARD, PHASE_TURN, PHASE_OFFER, PHASE_OVER = "discard", "turn", "offer", "over"
MAX_SEED = 2**64


def check_seed(value: object) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not -MAX_SEED < value < MAX_SEED:
        raise RuleError(
            Text("种子应是 2**64 以内的整数", "a seed is a whole number within 2**64"), code="bad-seed", where="seed"
        )
    return value


def deal_cards(rules: HddRules, rng: random.Random, dealer: int) -> tuple[list[list[Card]], list[Card]]:
    """Shuffle with ``rng`` and deal one card at a time from the dealer round the table (an engine choice: [000]
    gives only the counts), each seat stopping at its size (five-handed, the short seat at 5), the dealer's
    sixteenth last; the rest is the stock."""
    deck = list(DECK)
    rng.shuffle(deck)
    players = rules.players.value
    sizes = [min(rules.hand_size(s, dealer), rules.other_cards.value) for s in range(players)]
    hands: list[list[Card]] = [[] for _ in range(players)]
    taken = 0
    for k in range(max(sizes) * players):
        seat = (dealer + k) % players
        if len(hands[seat]) < sizes[seat]:
            hands[seat].append(deck[taken])
            taken += 1
    for _ in range(rules.hand_size(dealer, dealer) - sizes[dealer]):
        hands[dealer].append(deck[taken])
        taken += 1
    return hands, deck[taken:]


class HddDeal:
    """One deal of 红点点. See the module docstring."""

    game = "hongdiandian"

    def __init__(
        self, rules: HddRules, hands: list[list[Card]], stock: list[Card], dealer: int, seed: int | None
    ) -> None:
        self.rules = rules
        self.players = rules.players.value
        self.dealer = dealer
        self.seed = seed
        self.initial_hands = [list(h) for h in hands]
        self.initial_stock = list(stock)
        self.hands = [[0] * len(ALL_KINDS) for _ in range(self.players)]
        for seat, hand in enumerate(hands):
            for card in hand:
                self.hands[seat][card.index] += 1
        self.melds: list[list[Unit]] = [[] for _ in range(self.players)]
        self.stock = list(stock)
        self.dead: list[Card] = []
        self.phase = PHASE_DISCARD
        self.actor = dealer
        self.offer_card: Card | None = None
        self.offer_from = -1
        self.offer_turned = False
        self.prompts: list[tuple[int, str]] = []
        self.offer_eaters: tuple[int, ...] = ()
        self.just_ate: list[Card | None] = [None] * self.players
        self.barred: list[set[int]] = [set() for _ in range(self.players)]
        self.passed_eat: list[set[int]] = [set() for _ in range(self.players)]
        self.discards = 0
        self.history: list[tuple[Action, bool]] = []
        self.winner: int | None = None
        self.result: HandScore | None = None
        self.bao: tuple[int, str] | None = None
        self._check_counts(hands)

    # ------------------------------------------------------------ construction
    @classmethod
    def new(
        cls,
        rules: str | HddRules = "wuchuan-hongdiandian-sicheng",
        *,
        seed: int | None = None,
        rng: random.Random | None = None,
        dealer: int = 0,
        options: dict[str, Any] | None = None,
        hands: list[list[Card]] | None = None,
        stock: list[Card] | None = None,
    ) -> HddDeal:
        rule_set = get_rules(rules, options) if isinstance(rules, str) else rules.with_options(options)
        seed = check_seed(seed)
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < rule_set.players.value:
            raise RuleError(
                Text(f"庄家座位 {dealer} 不存在", f"there is no seat {dealer} to deal"),
                code="bad-dealer",
                where="dealer",
            )
        if hands is None or stock is None:
            hands, stock = deal_cards(rule_set, rng or random.Random(seed), dealer)
        check_copies([*(c for h in hands for c in h), *stock], where="hands")
        if sum(map(len, hands)) + len(stock) != len(DECK) or len(hands) != rule_set.players.value:
            raise HandError(
                Text(
                    f"{rule_set.players.value} 家的手牌与底牌应共 80 张",
                    f"{rule_set.players.value} hands and the stock must hold the 80 cards",
                ),
                code="card-count",
                where="hands",
            )
        return cls(rule_set, hands, stock, dealer, seed)

    def _check_counts(self, hands: list[list[Card]]) -> None:
        """包牌 for a wrong deal: too many cards is the holder's; several seats wrong, the dealer's ([000])."""
        want = [self.rules.hand_size(s, self.dealer) for s in range(self.players)]
        wrong = [s for s in range(self.players) if len(hands[s]) != want[s]]
        if not wrong:
            return
        over = [s for s in wrong if len(hands[s]) > want[s]]
        self._end_bao(over[0] if len(wrong) == 1 and over else self.dealer, "too-many-cards")

    def _end_bao(self, seat: int, code: str) -> None:
        self.bao = (seat, code)
        self.phase = PHASE_OVER
        self.prompts = []

    # ------------------------------------------------------------ queries used by the rules
    def pairs(self, a: Card, b: Card) -> bool:
        return b.index in self.rules.partners[a.index]

    def kan_pairs(self, a: Card, b: Card) -> bool:
        return self.rules.options["double_kan"] == "any" or self.pairs(a, b)

    def to_move(self) -> list[int]:
        if self.phase == PHASE_OVER:
            return []
        if self.phase == PHASE_OFFER:
            return [self.prompts[0][0]]
        return [self.actor]

    def kinds_now(self) -> tuple[str, ...]:
        if self.phase == PHASE_DISCARD:
            return (DISCARD, HU) if self.is_start() else (DISCARD,)
        if self.phase == PHASE_TURN:
            return (TURN,)
        if self.phase == PHASE_OFFER:
            return (self.prompts[0][1], PASS)
        return ()

    def is_start(self) -> bool:
        return not self.history and self.phase == PHASE_DISCARD

    def special_for(self, seat: int) -> str | None:
        """How ``seat`` may win now: on the turned card, 天胡, 地胡 — or ``None``."""
        if self.phase == PHASE_DISCARD and self.is_start() and seat == self.dealer:
            if self.rules.huada:
                return TIANHU
            return TURNED if self.rules.options["sicheng_tianhu"] == "hand" else None
        if self.phase != PHASE_OFFER:
            return None
        if self.offer_turned:
            return TURNED
        first = self.discards == 1 and self.offer_from == self.dealer and not self.melds[self.dealer]
        return DIHU if self.rules.huada and first and seat != self.dealer else None

    def black_dui_allowed(self, seat: int) -> bool:
        """Whether ``seat`` may 兑 onto a pair without laying a 坎 (黑胡 lays none, [000]): under the option
        ``black_kan``, while its cards hold no more red points than a 黑胡 may, and with no other 坎 laid alone."""
        if self.rules.options["black_kan"] != "while-black" or self.rules.options["double_kan"] != "any":
            return False
        held = sum(POINTS[i] * n for i, n in enumerate(self.hands[seat]))
        laid = sum(POINTS[c.index] for u in self.melds[seat] for c in u.cards)
        alone = any(u.kind == KAN for u in self.melds[seat])
        return not alone and held + laid <= self.rules.black_at_most.value

    def hu_eligible(self, seat: int) -> bool:
        return self.special_for(seat) is not None

    def held_cards(self, seat: int, extra: Card | None = None) -> list[Card]:
        cards = [ALL_KINDS[i] for i, n in enumerate(self.hands[seat]) for _ in range(n)]
        return [*cards, extra] if extra is not None else cards

    def _win_on(self, seat: int) -> tuple[str, Card | None]:
        """How ``seat`` would win now, and on which card beside its hand (None: on the hand alone)."""
        special = self.special_for(seat) or TURNED
        extra = None if special == TIANHU or (special == TURNED and self.phase == PHASE_DISCARD) else self.offer_card
        return special, extra

    def win_score(self, seat: int) -> HandScore:
        special, extra = self._win_on(seat)
        return evaluate(self.held_cards(seat, extra), self.melds[seat], self.rules, special)

    def win_holds(self, seat: int) -> bool:
        """``win_score(seat).holds`` without scoring the hand (every seat is asked at every offer)."""
        _special, extra = self._win_on(seat)
        counts = list(self.hands[seat])
        if extra is not None:
            counts[extra.index] += 1
        holds = split_holds(counts, self.melds[seat], self.rules)
        return self.win_score(seat).holds if holds is None else holds

    # ------------------------------------------------------------ the Game protocol
    def legal_actions(self, seat: int | None = None) -> LegalActions[Action]:
        return LegalActions(self, seat)

    def _candidates(self, seat: int) -> Iterator[Action]:
        kinds = self.kinds_now()
        hand = self.hands[seat]
        for kind in kinds:
            if kind == DISCARD:
                yield from (Action(seat, DISCARD, ALL_KINDS[i]) for i, n in enumerate(hand) if n)
            elif kind == EAT and self.offer_card is not None:  # only the cards that pair with it can eat it
                yield from (Action(seat, EAT, c) for c in self._partners(self.offer_card) if hand[c.index])
            elif kind == DUI:
                offered = self.offer_card
                if offered is None or hand[offered.index] < 2:
                    continue  # every 兑 needs at least a pair of the offered card held (rule dui-needs)
                yield Action(seat, DUI)
                yield from (Action(seat, DUI, ALL_KINDS[i]) for i, n in enumerate(hand) if n >= 3)
            else:
                yield Action(seat, kind)

    def iter_legal(self, seat: int | None = None) -> Iterator[Action]:
        for s in self.to_move():
            if seat is None or s == seat:
                yield from (a for a in self._candidates(s) if broken(self, a) is None)

    def is_legal(self, action: Action) -> bool:
        return broken(self, action) is None

    def parse_action(self, action: object) -> Action | None:
        if isinstance(action, str):
            try:
                return Action.parse(action)
            except (RuleError, CardError):
                return None
        return action if isinstance(action, Action) else None

    @property
    def over(self) -> bool:
        return self.phase == PHASE_OVER

    # ------------------------------------------------------------ play
    def play(self, action: Action, *, violation: bool = False) -> list[dict[str, Any]]:
        """Apply ``action``; an illegal one raises ``RuleError`` naming the rule. With ``violation`` the step commits
        a 包牌 on purpose: the deal records it and ends, the breaker losing to every other player ([000])."""
        if self.over:
            raise RuleError(Text("这一盘已经结束", "the deal is over"), code="deal-over")
        if not 0 <= action.seat < self.players:
            raise RuleError(Text(f"没有 {action.seat} 号座位", f"there is no seat {action.seat}"), code="bad-seat")
        found = broken(self, action, committing=violation)
        if found is not None:
            rule, detail = found
            if not (violation and rule.bao):
                raise rule.error(detail, action.seat, where=f"history.{len(self.history)}")
            self.history.append((action, True))
            self._end_bao(action.seat, rule.code)
            return [{"type": "bao", "seat": action.seat, "rule": rule.as_dict(), "detail": detail.as_dict()}]
        if violation:
            raise RuleError(Text("这一步没有犯规", "this step breaks no rule"), code="no-violation")
        if action.kind == HU:  # scored before the step is counted: 天胡 is a win before any step
            self.result = self.win_score(action.seat)
        self.history.append((action, False))
        return self._apply(action)

    def _apply(self, action: Action) -> list[dict[str, Any]]:
        seat, card = action.seat, action.card
        if action.kind == DISCARD and card is not None:
            self.hands[seat][card.index] -= 1
            self.just_ate[seat] = None
            self.discards += 1
            self._open_offer(card, seat, turned=False)
        elif action.kind == TURN:
            if not self.stock:
                self.phase = PHASE_OVER
                return [{"type": "exhausted"}]
            self._open_offer(self.stock.pop(0), seat, turned=True)
        elif action.kind == HU and self.result is not None:
            self.winner = seat
            self.phase = PHASE_OVER
            return [{"type": "win", "seat": seat, "score": self.result.as_dict()}]
        elif action.kind == PASS:
            self._pass(seat)
        else:
            self._take(action)
        return [{"type": action.kind, "seat": seat}]

    def _open_offer(self, card: Card, source: int, *, turned: bool) -> None:
        self.offer_card, self.offer_from, self.offer_turned = card, source, turned
        self.phase = PHASE_OFFER
        order = [(source + k) % self.players for k in range(self.players)]
        others = order[1:]
        prompts = [(s, HU) for s in (order if turned else others) if self.hu_eligible(s) and self.win_holds(s)]
        prompts += [(s, DUI) for s in (order if turned else others) if self._can(s, DUI)]
        eaters = [source, order[1]] if turned else [order[1]]
        self.offer_eaters = tuple(eaters)
        # A seat holding a partner of the card is asked even when 吃过张 forbids the eat: it may only pass, or
        # commit the 包牌 on purpose.
        partners = [c.index for c in self._partners(card)]
        prompts += [(s, EAT) for s in eaters if any(self.hands[s][j] for j in partners)]
        self.prompts = prompts
        if not prompts:
            self._close_offer()

    def _can(self, seat: int, kind: str) -> bool:
        self.prompts = [(seat, kind)]  # ask the rules as if the seat were asked now
        return any(True for a in self._candidates(seat) if a.kind == kind and broken(self, a) is None)

    def _pass(self, seat: int) -> None:
        _, stage = self.prompts.pop(0)
        card = self.offer_card
        if stage == EAT and card is not None:
            self.passed_eat[seat].add(card.index)
            held = self.hands[seat][card.index]
            if held and len(self._partners(card)) == 1:  # a 绝牌 offered with its twin held, and not eaten
                exempt = self.rules.options["jue_kan_exception"] == "at-offer" and held >= 2
                if not exempt:
                    self.barred[seat].add(card.index)
        if not self.prompts:
            self._close_offer()

    def _partners(self, card: Card) -> list[Card]:
        return [ALL_KINDS[j] for j in sorted(self.rules.partners[card.index])]

    def _close_offer(self) -> None:
        """Nobody took the card: it goes out of play and the next seat turns."""
        assert self.offer_card is not None
        self.dead.append(self.offer_card)
        self.phase, self.actor = PHASE_TURN, (self.offer_from + 1) % self.players
        self.offer_card, self.prompts, self.offer_eaters = None, [], ()

    def _take(self, action: Action) -> None:
        seat, card, offered = action.seat, action.card, self.offer_card
        assert offered is not None
        hand = self.hands[seat]
        if action.kind == EAT and card is not None:
            hand[card.index] -= 1
            self.melds[seat].append(Unit(PAIR, tuple(sorted((offered, card)))))
            self.just_ate[seat] = offered
        elif card is None and hand[offered.index] == 3:  # 四归一
            hand[offered.index] -= 3
            self.melds[seat].append(Unit(FOUR, (offered,) * 4))
        elif card is None:  # onto a pair, no 坎 laid: 黑胡
            hand[offered.index] -= 2
            self.melds[seat].append(Unit(KAN, (offered,) * 3))
        else:  # onto a pair, the 坎 laid beside it
            hand[offered.index] -= 2
            hand[card.index] -= 3
            self.melds[seat].append(Unit(KAN2, tuple(sorted((offered,) * 3 + (card,) * 3))))
        self.offer_card, self.prompts, self.offer_eaters = None, [], ()
        self.phase, self.actor = PHASE_DISCARD, seat

    # ------------------------------------------------------------ serialisation
    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "rules": self.rules.name,
            "options": {k: v for k, v in self.rules.options.items() if v != get_rules(self.rules.name).options[k]},
            "dealer": self.dealer,
            "seed": self.seed,
            "hands": [format_cards(sorted(h)) for h in self.initial_hands],
            "stock": format_cards(self.initial_stock),
            "history": [str(a) + (" !" if committed else "") for a, committed in self.history],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> HddDeal:
        """Deal ``data``'s cards again and replay its history; errors are located (``hands.2``, ``history.7``)."""
        if not isinstance(data, dict) or data.get("game") != cls.game:
            raise HandError(Text("这不是红点点的牌局", "this is not a 红点点 deal"), code="bad-state", where="game")
        for key, kind in (("hands", list), ("stock", str), ("history", list), ("options", dict)):
            if key in data and not isinstance(data[key], kind):
                raise HandError(
                    Text("这个字段的类型不对", f"this field must be a {kind.__name__}"), code="bad-state", where=key
                )
        hands = [
            parse_cards(h if isinstance(h, str) else "?", where=f"hands.{i}")
            for i, h in enumerate(data.get("hands", []))
        ]
        stock = parse_cards(data.get("stock", ""), where="stock")
        deal = cls.new(
            str(data.get("rules")),
            options=data.get("options") or None,
            dealer=data.get("dealer", 0),
            hands=hands,
            stock=stock,
            seed=data.get("seed"),
        )
        for step, line in enumerate(data.get("history") or []):
            where = f"history.{step}"
            text = str(line)
            committed = text.endswith("!")
            action = Action.parse(text.rstrip("! "), where=where)
            try:
                deal.play(action, violation=committed)
            except RuleError as error:
                raise RuleError(error.text, code=error.code, where=where) from None
        return deal

    def settlement(self) -> dict[str, Any]:
        """Who won and with how many 层, or who broke a rule (包牌: loses to every other seat), or no winner.
        The stake a 层 is worth is not in [000]: the answer gives 层, not money."""
        others = [s for s in range(self.players)]
        if self.bao is not None:
            seat, code = self.bao
            return {
                "type": "bao",
                "seat": seat,
                "rule": BY_CODE[code].as_dict(),
                "pays": [s for s in others if s != seat],
            }
        if self.winner is not None and self.result is not None:
            return {
                "type": "win",
                "seat": self.winner,
                "layers": self.result.layers,
                "paid_by": [s for s in others if s != self.winner],
                "score": self.result.as_dict(),
            }
        return {"type": "none"}

    def snapshot(self) -> dict[str, Any]:
        return {
            "phase": self.phase,
            "to_move": self.to_move(),
            "hands": [format_cards(self.held_cards(s)) for s in range(self.players)],
            "melds": [[u.as_dict() for u in m] for m in self.melds],
            "offer": None
            if self.offer_card is None
            else {"card": str(self.offer_card), "from": self.offer_from, "turned": self.offer_turned},
            "stock_left": len(self.stock),
            "seat_names": [seat_name(s).as_dict() for s in range(self.players)],
        }

    def cards_in_play(self) -> int:
        """Every card somewhere: hands, laid units, the stock, out of play, on offer (80 while the deal runs)."""
        held = sum(sum(h) for h in self.hands)
        laid = sum(len(u.cards) for m in self.melds for u in m)
        return held + laid + len(self.stock) + len(self.dead) + (self.offer_card is not None)
