"""Seating and dealing the 80 cards of the Da Er family: roles per tradition, the cut (叨牌), the deal.

Shuffling and cutting use a ``random.Random`` passed in, never the global generator, so a
seed reproduces a deal exactly.

Starting a deal is on the hot path of every simulated deal (issue 18), so the work that does not depend on the
shuffle is done once: a seating's ``Table`` is shared by every deal with that seating (it is immutable), and
the positions in the shuffled deck each seat's cards come from are worked out once per seating and deck size
(``deal`` then only picks them). ``shuffle`` makes exactly the draws ``random.Random.shuffle`` makes, in the
same order, without its method call per card.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import Any, TypeVar

from ..core.table import DEALER, PLAYER, SITTER, XIAOJIA, Table
from ..core.text import RuleError, Text
from ..decks.numerals import DECK, Card
from .playrules import PlayRules


def make_table(rules: PlayRules, players: int, dealer: int = 0) -> Table:
    """Seat ``players`` people for ``rules``; refuses a count the tradition does not play.

    The same seating gives the same ``Table`` object (it is immutable; its lookups are worked out once)."""
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
    sitter = players == 4 and bool(rules.sitter_with_four.value)
    xiaojia = players == 4 and not sitter and bool(rules.xiaojia_with_four.value)
    key = (players, dealer, sitter, xiaojia)
    table = _TABLES.get(key)
    if table is None:
        roles = [PLAYER] * players
        roles[dealer] = DEALER
        if sitter:
            roles[(dealer + 2) % 4] = SITTER  # 坐底 sits opposite the dealer [001][000]
        elif xiaojia:
            roles[(dealer - 1) % 4] = XIAOJIA  # the last seat by the cut count (尾家) [003]
        table = Table(tuple(roles), dealer)
        _ = table.size, table.active, table._next, table._prev, table._distances  # its lookups, worked out once
        _TABLES[key] = table
    return table


T = TypeVar("T")

# Seatings met so far: (players, dealer, a sitter, a 小家) → their table. A few dozen at most (the allowed counts
# are a tradition's few, the dealer one of the seats).
_TABLES: dict[tuple[int, int, bool, bool], Table] = {}


@dataclass(frozen=True, slots=True)
class Dealt:
    """The outcome of shuffling and dealing: hands per seat (empty for a sitter) and the stock."""

    table: Table
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]  # stock[0] is turned first
    cut_card: Card | None = None  # the 叨 card, when it is out of play [003]


def shuffled_deck(rng: random.Random) -> list[Card]:
    deck = list(DECK)
    shuffle(rng, deck)
    return deck


def shuffle(rng: random.Random, cards: list[Card]) -> None:
    """``rng.shuffle(cards)``: the same order and the same draws from ``rng`` (so the generator ends in the same
    state), made here without ``random.Random.shuffle``'s method call per card (``_randbelow``). A generator of
    another type (a subclass may draw otherwise) shuffles itself."""
    if type(rng) is random.Random and _EXACT:
        _shuffle_by_bits(rng, cards)
    else:
        rng.shuffle(cards)


def _shuffle_by_bits(rng: random.Random, cards: list[Any]) -> None:
    """``random.Random.shuffle`` with its ``_randbelow(n)`` written out: ``k`` bits drawn until below ``n``."""
    getrandbits = rng.getrandbits
    for i, n, k in _shuffle_steps(len(cards)):
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


def randrange(rng: random.Random, start: int, stop: int) -> int:
    """``rng.randrange(start, stop)`` for ``start < stop``, with the same draws (see ``shuffle``)."""
    if type(rng) is random.Random and _EXACT:
        return start + _below_by_bits(rng, stop - start)
    return rng.randrange(start, stop)


def _below_by_bits(rng: random.Random, n: int) -> int:
    """``random.Random._randbelow(n)``: ``n.bit_length()`` bits, drawn again until below ``n``."""
    k = n.bit_length()
    getrandbits = rng.getrandbits
    j = getrandbits(k)
    while j >= n:
        j = getrandbits(k)
    return j


_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}


def _shuffle_steps(size: int) -> tuple[tuple[int, int, int], ...]:
    """``random.Random.shuffle``'s steps for a list of ``size``: the position it fills, from the last down to the
    second, the number of positions it picks from, and the bits one pick draws."""
    steps = _STEPS.get(size)
    if steps is None:
        steps = tuple((i, i + 1, (i + 1).bit_length()) for i in reversed(range(1, size)))
        if size <= 128:
            _STEPS[size] = steps
    return steps


def _exact() -> bool:
    """Does ``_shuffle_by_bits`` make this Python's ``random.Random.shuffle`` draws? (Checked once at import: where
    ``random`` picked otherwise, ``shuffle`` and ``randrange`` leave the draws to it.)"""
    for seed in (0, 18):
        mine, theirs = random.Random(seed), random.Random(seed)
        a, b = list(range(80)), list(range(80))
        _shuffle_by_bits(mine, a)
        theirs.shuffle(b)
        if a != b or mine.getstate() != theirs.getstate() or 1 + _below_by_bits(mine, 78) != theirs.randrange(1, 79):
            return False
    return True


_EXACT = _exact()


def cut_for_dealer(
    rules: PlayRules, players: int, deck: list[Card], rng: random.Random, shuffler: int = 0
) -> tuple[int, list[Card], Card | None]:
    """叨牌 [003]: the shuffler's 上家 lifts part of the pack and turns the next card; its number,
    counted from the cutter as one, picks the dealer. Returns (dealer, deck to deal from, cut card
    if it is out of play). The lifted part is dealt last."""
    cutter = (shuffler - 1) % players
    position = randrange(rng, 1, len(deck) - 1)
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
    key = (
        table,
        len(deck),
        rules.deal_by.value,
        rules.player_cards.value,
        rules.xiaojia_cards.value,
        rules.dealer_cards.value,
    )
    layout = _LAYOUTS.get(key)
    if layout is None:
        layout = _LAYOUTS[key] = _layout(rules, table, len(deck))
    pickers, stock_from = layout
    return Dealt(table, tuple([pick(deck) for pick in pickers]), tuple(deck[stock_from:]), cut_card)


# (table, deck size, the play rules' hand sizes and ``deal_by``) → ``_layout``; a few dozen at most.
_LAYOUTS: dict[tuple[object, ...], tuple[tuple[Callable[[list[Card]], tuple[Card, ...]], ...], int]] = {}


def _layout(
    rules: PlayRules, table: Table, size: int
) -> tuple[tuple[Callable[[list[Card]], tuple[Card, ...]], ...], int]:
    """Where each seat's cards lie in a deck of ``size`` cards (a function picking them, in the order dealt), and
    where the stock starts: ``dealt_out`` worked out on the positions themselves."""
    hands, pos = dealt_out(rules, table, list(range(size)))
    return tuple(_picker(hands.get(s, [])) for s in range(table.size)), min(pos, size)


def dealt_out(rules: PlayRules, table: Table, items: list[T]) -> tuple[dict[int, list[T]], int]:
    """The tradition's way of dealing ``items``: ``deal_by`` at a time from the dealer in playing order, 小家 one
    in each of the first two rounds, then one more to the dealer (当底). Each seat's items in the order dealt, and
    where the stock starts."""
    by = rules.deal_by.value
    target = {
        s: (rules.xiaojia_cards.value if table.roles[s] == XIAOJIA else rules.player_cards.value) for s in table.active
    }
    hands: dict[int, list[T]] = {s: [] for s in table.active}
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
            hands[s].extend(items[pos : pos + take])
            pos += take
        rounds += 1
    extra = rules.dealer_cards.value - rules.player_cards.value
    hands[table.dealer].extend(items[pos : pos + extra])
    return hands, pos + extra


def _picker(positions: list[int]) -> Callable[[list[Card]], tuple[Card, ...]]:
    """A function giving the cards at ``positions`` of a deck, as a tuple."""
    if len(positions) >= 2:
        return itemgetter(*positions)
    if positions:
        at = positions[0]
        return lambda deck: (deck[at],)
    return lambda deck: ()


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
