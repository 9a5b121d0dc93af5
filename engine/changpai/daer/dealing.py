"""Seating and dealing the 80 cards of the Da Er family: roles per tradition, the cut (叨牌), the deal.

Shuffling and cutting use a ``random.Random`` passed in, never the global generator, so a
seed reproduces a deal exactly.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..core.table import DEALER, PLAYER, SITTER, XIAOJIA, Table
from ..core.text import RuleError, Text
from ..decks.numerals import DECK, Card
from .playrules import PlayRules


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
    return dealer, [*rest, card], None


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
    rules: PlayRules, table: Table, hands: dict[int, list[Card]], stock_front: Sequence[Card] = ()
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
