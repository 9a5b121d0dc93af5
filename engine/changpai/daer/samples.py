"""Random hands for tests, benchmarks and lesson drafts, from a caller's seeded ``random.Random``.

>>> import random
>>> hand, table = random_ready_hand(random.Random(7))
>>> len(hand) + sum(len(m.cards) for m in table) >= 20
True
"""

from __future__ import annotations

import random

from ..decks.numerals import ALL_KINDS, COPIES_PER_KIND, Card
from .sets import Meld, SetKind, classify_three


def _three_card_shapes() -> list[tuple[int, ...]]:
    shapes: list[tuple[int, ...]] = []
    for i, card in enumerate(ALL_KINDS):
        shapes.append((i, i, i))
        if card.number <= 8:
            shapes.append((i, i + 1, i + 2))
        if card.number == 2:
            shapes.append((i, i + 5, i + 8))
        if not card.big:
            shapes += [(i, i, i + 10), (i, i + 10, i + 10)]
    return shapes


THREE_CARD_SHAPES = _three_card_shapes()


def random_winning_sets(rng: random.Random, *, fours: int | None = None) -> list[tuple[int, ...]] | None:
    """Seven sets (as kind indices) that respect the four copies; ``None`` if the draw ran out of cards."""
    if fours is None:
        fours = rng.choices((0, 1, 2), weights=(6, 3, 1))[0]
    left = [COPIES_PER_KIND] * 20
    sets: list[tuple[int, ...]] = []

    def take(shape: tuple[int, ...]) -> bool:
        need = {i: shape.count(i) for i in shape}
        if any(left[i] < n for i, n in need.items()):
            return False
        for i, n in need.items():
            left[i] -= n
        sets.append(shape)
        return True

    for _ in range(fours):
        if not any(take((i,) * 4) for i in rng.sample(range(20), 20)):
            return None
    for _ in range(6 - fours if fours else 7):
        for _attempt in range(50):
            if take(rng.choice(THREE_CARD_SHAPES)):
                break
        else:
            return None
    if fours and not any(take((i, i)) for i in rng.sample(range(20), 20)):
        return None
    return sets


def random_ready_hand(rng: random.Random, *, table_share: float = 0.3) -> tuple[list[Card], list[Meld]]:
    """A hand one card short of a win: (concealed cards, laid-out sets), with a valid card count.

    Each set goes to the table with probability ``table_share`` (identical triples as 碰, fours as
    招 or 龙, others as eaten sets); the rest stay concealed. One concealed card of a three-card set or of
    the pair is then taken out, so the hand waits for it.
    """
    while True:
        sets = random_winning_sets(rng)
        if sets is None:
            continue
        hand: list[int] = []
        table: list[Meld] = []
        removable: list[int] = []  # positions in ``hand`` of cards from three-card sets and pairs
        for shape in sets:
            cards = tuple(ALL_KINDS[i] for i in shape)
            if len(shape) == 4:
                if rng.random() < table_share * 2:
                    table.append(Meld(rng.choice((SetKind.KONG, SetKind.FOUR)), cards))
                else:
                    hand.extend(shape)
                continue
            if len(shape) == 3 and rng.random() < table_share:
                kind = SetKind.PONG if len(set(shape)) == 1 else classify_three(cards)
                assert kind is not None
                table.append(Meld(kind, cards))
                continue
            removable.extend(range(len(hand), len(hand) + len(shape)))
            hand.extend(shape)
        if not removable:
            continue
        hand.pop(rng.choice(removable))
        fours = sum(1 for m in table if m.kind.is_four) + sum(1 for i in set(hand) if hand.count(i) == 4)
        if len(hand) + sum(len(m.cards) for m in table) != 19 + max(1, fours):
            continue  # sets met in the hand as a fourth copy: the count no longer fits, draw again
        rng.shuffle(hand)
        return [ALL_KINDS[i] for i in hand], table
