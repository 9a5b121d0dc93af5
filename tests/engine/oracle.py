"""A deliberately simple brute-force oracle for hand analysis (stdlib only; the benchmark imports it too).

It shares nothing with ``changpai.daer.analysis`` but the rule set's point data: it works on a plain list of
physical cards, tries every way to group them (each group takes the first remaining card plus one to three
others), keeps the groupings that obey the rules, and takes the most points. Slow on purpose, obvious on
purpose.
"""

from __future__ import annotations

from itertools import combinations

from changpai.daer.rules import RuleSet
from changpai.daer.sets import Meld, SetKind
from changpai.daer.traditions import get_rules
from changpai.decks.numerals import ALL_KINDS, Card

HAND, WIN = "hand", "win"


def _kind_of(group: tuple[tuple[Card, str], ...], win_on_pair: str) -> SetKind | None:
    cards = sorted(card for card, _ in group)
    tags = [tag for _, tag in group]
    if len(set(cards)) == 1:
        if len(cards) == 2:
            return SetKind.PAIR
        if len(cards) == 3:
            if WIN in tags:
                return SetKind.PONG if win_on_pair == "pong" else SetKind.KAN
            return SetKind.KAN
        if len(cards) == 4:
            return SetKind.KONG if WIN in tags else SetKind.FOUR
        return None
    if len(cards) != 3:
        return None
    a, b, c = cards
    if a.big == b.big == c.big:
        if (a.number, b.number, c.number) == (2, 7, 10):
            return SetKind.TWO_SEVEN_TEN
        if b.number == a.number + 1 and c.number == a.number + 2:
            return SetKind.RUN
        return None
    if a.number == b.number == c.number:
        return SetKind.MIXED
    return None


def _groupings(items: list[tuple[Card, str]], win_on_pair: str):
    """Every way to cut ``items`` into valid groups (duplicates of identical cards skipped)."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    # Every set is one number or one case, so only those cards can join the first one.
    mates = [i for i, (card, _) in enumerate(rest) if card.number == first[0].number or card.big == first[0].big]
    tried = set()
    for size in (1, 2, 3):
        for picked in combinations(mates, size):
            group = (first, *(rest[i] for i in picked))
            label = tuple(sorted(group, key=lambda x: (x[0].index, x[1])))
            if label in tried:
                continue
            tried.add(label)
            kind = _kind_of(group, win_on_pair)
            if kind is None:
                continue
            remaining = [item for i, item in enumerate(rest) if i not in picked]
            for more in _groupings(remaining, win_on_pair):
                yield [(kind, group), *more]


def best_points(hand: list[Card], table: list[Meld], rules: str | RuleSet, win_card: Card | None) -> int | None:
    """Most points of any legal split, or ``None`` when the cards make no legal win shape."""
    rules = get_rules(rules)
    items = [(card, HAND) for card in hand] + ([(win_card, WIN)] if win_card is not None else [])
    held = {card for card in set(hand) if hand.count(card) >= 3}
    table_fours = sum(1 for m in table if m.kind in (SetKind.KONG, SetKind.FOUR))
    table_points = sum(rules.points_of(m.kind, m.cards) for m in table)
    best = None
    for grouping in _groupings(items, rules.win_on_pair):
        if len(grouping) + len(table) != rules.sets_in_win:  # seven, or three / five in Leshan's short deals
            continue
        ok = True
        for card in held:  # a held triple or four stays whole: one group holds every hand copy, alone
            homes = [group for _, group in grouping if any(c == card and tag == HAND for c, tag in group)]
            if (
                len(homes) != 1
                or any(c != card for c, _ in homes[0])
                or sum(1 for c, tag in homes[0] if tag == HAND) != hand.count(card)
            ):
                ok = False
        fours = table_fours + sum(1 for kind, _ in grouping if kind in (SetKind.KONG, SetKind.FOUR))
        pairs = sum(1 for kind, _ in grouping if kind is SetKind.PAIR)
        if pairs != (1 if fours else 0):
            ok = False
        if (
            win_card is not None
            and hand.count(win_card) == 3
            and rules.kan_fourth_elsewhere != "true"
            and not any(kind is SetKind.KONG for kind, _ in grouping)
        ):
            ok = False  # the fourth copy of a held 坎 must be 招'd onto it [001][000]
        if not ok:
            continue
        points = table_points + sum(rules.points_of(kind, [c for c, _ in group]) for kind, group in grouping)
        if best is None or points > best:
            best = points
    return best


def waits(hand: list[Card], table: list[Meld], rules: str | RuleSet) -> dict[Card, int]:
    """Every kind that completes the hand, with its best points (kinds the player holds all four of excluded)."""
    own = list(hand) + [c for m in table for c in m.cards]
    out = {}
    for card in ALL_KINDS:
        if own.count(card) >= 4:
            continue
        points = best_points(hand, table, rules, card)
        if points is not None:
            out[card] = points
    return out
