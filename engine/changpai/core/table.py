"""The table: who sits where, who deals, and how the 80 cards are dealt.

Seats are numbered 0, 1, 2 … in playing order: seat ``i + 1`` is seat ``i``'s 下家 (the next
player; counter-clockwise in Leshan [003]). Roles:

* ``dealer`` — 庄家 / 头家, takes 21 cards and discards first [001][003][004][000];
* ``player`` — takes 20;
* ``sitter`` — with four in Luzhou [001][004] and Wuchuan [000], the dealer's opposite sits out,
  counts the stock (坐底 / 底家 / 数底) and shares the winnings or is paid a counting fee;
* ``xiaojia`` — with four in Leshan, the last seat by the cut count is 小家: two cards, and a
  private draw on its turn [003].

Shuffling and cutting use a ``random.Random`` passed in, never the global generator, so a
seed reproduces a deal exactly.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cached_property

from .cards import DECK, Card
from .playrules import PlayRules
from .text import RuleError, Text

DEALER, PLAYER, SITTER, XIAOJIA = "dealer", "player", "sitter", "xiaojia"

ROLE_NAMES: dict[str, Text] = {
    DEALER: Text("庄家", "dealer"),
    PLAYER: Text("闲家", "player"),
    SITTER: Text("坐底", "sitter (counts the stock)"),
    XIAOJIA: Text("小家", "小家 (two-card seat)"),
}

# The one home of seat names: seat 0 is 甲 / A, in playing order. Events, labels and settlement lines use them,
# and the deal viewer shows the names the frames carry (``frames()["seats"][i]["name"]``).
DEFAULT_SEAT_NAMES = [Text(zh, en) for zh, en in (("甲", "A"), ("乙", "B"), ("丙", "C"), ("丁", "D"))]


def seat_name(seat: int) -> Text:
    """甲 / A for seat 0 … 丁 / D for seat 3 (a number past them, for a table that never occurs)."""
    if 0 <= seat < len(DEFAULT_SEAT_NAMES):
        return DEFAULT_SEAT_NAMES[seat]
    return Text(f"{seat + 1}号", f"#{seat + 1}")


@dataclass(frozen=True)
class Table:
    """Seats and roles for one deal."""

    roles: tuple[str, ...]
    dealer: int

    @cached_property
    def size(self) -> int:
        return len(self.roles)

    @cached_property
    def _next(self) -> tuple[int, ...]:
        return tuple(self._step(seat, 1) for seat in range(len(self.roles)))

    @cached_property
    def _prev(self) -> tuple[int, ...]:
        return tuple(self._step(seat, -1) for seat in range(len(self.roles)))

    def _step(self, seat: int, direction: int) -> int:
        n = len(self.roles)
        for step in range(1, n + 1):
            other = (seat + direction * step) % n
            if self.roles[other] != SITTER:
                return other
        return seat

    @cached_property
    def active(self) -> tuple[int, ...]:
        """Seats that hold cards and play, in playing order starting from seat 0."""
        return tuple(i for i, role in enumerate(self.roles) if role != SITTER)

    @property
    def sitter(self) -> int | None:
        return self.roles.index(SITTER) if SITTER in self.roles else None

    @property
    def xiaojia(self) -> int | None:
        return self.roles.index(XIAOJIA) if XIAOJIA in self.roles else None

    def next_seat(self, seat: int) -> int:
        """下家: the next seat that plays."""
        return self._next[seat]

    def prev_seat(self, seat: int) -> int:
        """上家: the previous seat that plays."""
        return self._prev[seat]

    def distance(self, source: int, seat: int) -> int:
        """Steps from ``source`` to ``seat`` in playing order among active seats (0 for itself)."""
        steps, here = 0, source
        while here != seat:
            here = self.next_seat(here)
            steps += 1
            if steps > self.size:
                break
        return steps


def make_table(rules: PlayRules, players: int, dealer: int = 0) -> Table:
    """Seat ``players`` people for ``rules``; refuses a count the tradition does not play."""
    allowed = rules.players.value
    if players not in allowed:
        raise RuleError(
            Text(
                f"{rules.title.zh}可以 {'、'.join(map(str, allowed))} 人玩，不能 {players} 人",
                f"{rules.title.en} is played by {', '.join(map(str, allowed))}, not {players}",
            ),
            code="bad-players",
            where="players",
        )
    if not 0 <= dealer < players:
        raise RuleError(
            Text(f"庄家座位 {dealer} 不存在", f"there is no seat {dealer} to deal"), code="bad-dealer", where="dealer"
        )
    roles = [PLAYER] * players
    roles[dealer] = DEALER
    if players == 4 and rules.sitter_with_four.value:
        roles[(dealer + 2) % 4] = SITTER  # 坐底 sits opposite the dealer [001][000]
    elif players == 4 and rules.xiaojia_with_four.value:
        roles[(dealer - 1) % 4] = XIAOJIA  # the last seat by the cut count (尾家) [003]
    return Table(tuple(roles), dealer)


@dataclass(frozen=True, slots=True)
class Dealt:
    """The outcome of shuffling and dealing: hands per seat (empty for a sitter) and the stock."""

    table: Table
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]  # stock[0] is turned first
    cut_card: Card | None = None  # the 叨 card, when it is out of play [003]


def shuffled_deck(rng: random.Random) -> list[Card]:
    deck = list(DECK)
    rng.shuffle(deck)
    return deck


def cut_for_dealer(
    rules: PlayRules, players: int, deck: list[Card], rng: random.Random, shuffler: int = 0
) -> tuple[int, list[Card], Card | None]:
    """叨牌 [003]: the shuffler's 上家 lifts part of the pack and turns the next card; its number,
    counted from the cutter as one, picks the dealer. Returns (dealer, deck to deal from, cut card
    if it is out of play). The lifted part is dealt last."""
    cutter = (shuffler - 1) % players
    position = rng.randrange(1, len(deck) - 1)
    card = deck[position]
    dealer = (cutter + card.number - 1) % players
    rest = deck[position + 1 :] + deck[:position]
    if rules.cut_card_out_of_play.value:
        return dealer, rest, card
    return dealer, rest + [card], None


def deal(rules: PlayRules, table: Table, deck: list[Card], cut_card: Card | None = None) -> Dealt:
    """Deal ``deck`` as the tradition describes: ``deal_by`` cards at a time from the dealer in
    playing order, 小家 one card in each of the first two rounds, then one more card to the
    dealer (当底); the rest is the stock."""
    by = rules.deal_by.value
    target = {
        s: (rules.xiaojia_cards.value if table.roles[s] == XIAOJIA else rules.player_cards.value) for s in table.active
    }
    hands: dict[int, list[Card]] = {s: [] for s in table.active}
    order = []
    seat = table.dealer
    for _ in table.active:
        order.append(seat)
        seat = table.next_seat(seat)
    pos = 0
    rounds = 0
    while any(len(hands[s]) < target[s] for s in order):
        for s in order:
            want = 1 if table.roles[s] == XIAOJIA else by
            take = min(want, target[s] - len(hands[s]))
            if table.roles[s] == XIAOJIA and rounds >= 2:
                take = 0
            hands[s].extend(deck[pos : pos + take])
            pos += take
        rounds += 1
    extra = rules.dealer_cards.value - rules.player_cards.value
    hands[table.dealer].extend(deck[pos : pos + extra])
    pos += extra
    stock = list(deck[pos:])
    return Dealt(table, tuple(tuple(hands.get(s, ())) for s in range(table.size)), tuple(stock), cut_card)


def deal_new(
    rules: PlayRules, players: int, rng: random.Random, *, dealer: int | None = None, shuffler: int = 0
) -> Dealt:
    """Shuffle with ``rng`` and deal. With 叨牌 [003] the cut picks the dealer unless one is given."""
    deck = shuffled_deck(rng)
    cut_card: Card | None = None
    if rules.cut_for_dealer.value:
        cut_dealer, deck, cut_card = cut_for_dealer(rules, players, deck, rng, shuffler)
        if dealer is None:
            dealer = cut_dealer
    table = make_table(rules, players, dealer or 0)
    return deal(rules, table, deck, cut_card)


def complete_hands(
    rules: PlayRules, table: Table, hands: dict[int, list[Card]], stock_front: list[Card] = ()
) -> tuple[list[list[Card]], list[Card]]:
    """Fill partly given hands and the front of the stock with the rest of the deck.

    For hand-built example deals (tests, tutorials): the given cards stay where they are; the other
    cards are handed out one of each kind in turn (一 二 … 拾, then again), so the filler rarely pairs up.
    """
    remaining = {card: 4 for card in DECK}
    for card in [c for h in hands.values() for c in h] + list(stock_front):
        remaining[card] -= 1
        if remaining[card] < 0:
            raise RuleError(Text(f"“{card}”超过 4 张", f"more than four “{card}”"), code="too-many-copies")
    filler: list[Card] = []
    for copy in range(4):
        for card in dict.fromkeys(DECK):
            if remaining[card] > copy:
                filler.append(card)
    # Kinds the example is about are handed out last, so filler rarely interferes with them.
    named = {c for h in hands.values() for c in h} | set(stock_front)
    filler = [c for c in filler if c not in named] + [c for c in filler if c in named]
    out: list[list[Card]] = []
    for seat, role in enumerate(table.roles):
        want = 0
        if role == DEALER:
            want = rules.dealer_cards.value
        elif role == XIAOJIA:
            want = rules.xiaojia_cards.value
        elif role != SITTER:
            want = rules.player_cards.value
        hand = list(hands.get(seat, []))
        while len(hand) < want:
            # a kind this seat does not hold yet, else one it holds once: no accidental triples or fours
            pick = next((i for i, c in enumerate(filler) if c not in hand), None)
            if pick is None:
                pick = next((i for i, c in enumerate(filler) if hand.count(c) < 2), 0)
            hand.append(filler.pop(pick))
        out.append(hand)
    return out, list(stock_front) + filler
