"""The split search of a 红点点 hand when 大叁 (长二) is wild: the variant ``wild_dasan`` ([000]).

[000] says only that some places play 长二 (大叁) as a wild card (听用) that counts as whatever it joins. The
engine's reading (``options.READINGS``): each 大叁 may stand for any card, its red points included, each chooses
on its own, and the hand counts as its best reading. So the red points now depend on the split, not only on the
cards, and the search answers every reachable *outcome* — the points the wilds add, whether every unit holds red
points (花), whether every unit is a pair of twins (八对) — each with one split that reaches it.

The search walks the count vector of the real cards (the wilds counted apart), taking the first kind left into a
unit: a pair of twins, a pair with a partner, a pair with a wild (standing for the card itself or a partner), or a
坎 (its missing cards wilds) opening or closing two 坎 side by side. Once no real card is left, the wilds pair among
themselves (each pair stands for any pair that holds) or close an open 坎. Tests check it against the plain
reading: every assignment of a card to each wild, scored as an ordinary hand.

>>> from changpai.decks.numerals import Card
>>> counts = [0] * 20
>>> counts[Card.parse("柒").index] = 1
>>> sorted(o for o, _ in search(tuple(counts), 1, None, False, True))  # 柒 with a wild: as 柒, 七 or 五
[(0, True, False), (4, True, False), (16, True, True)]
"""

from __future__ import annotations

from functools import lru_cache

from .cards import PARTNERS, POINTS, WILD

W = WILD.index
PAIR, KAN2, KAN = "pair", "kan2", "kan"
# A unit as the search writes it: its kind, its real cards (a wild written as 大叁), the kinds the wilds stand for.
Spec = tuple[str, tuple[int, ...], tuple[int, ...]]
# What a split reaches: the red points its wilds add, every unit pointed (花), every unit a pair of twins (八对).
Outcome = tuple[int, bool, bool]
# The open first 坎 of two side by side: its kind, how many of its cards are wilds, whether it lies on the table.
Pending = tuple[int, int, bool] | None
Found = tuple[tuple[Outcome, tuple[Spec, ...]], ...]


def _valid_pairs(dae_jue: bool) -> tuple[tuple[int, int], ...]:
    table = PARTNERS[dae_jue]
    return tuple((a, b) for a in range(len(table)) for b in sorted(table[a]) if b >= a)


VALID_PAIRS = {flag: _valid_pairs(flag) for flag in (False, True)}


def _closing(pending: tuple[int, int, bool], kind: int, real: int, wilds: int) -> Spec:
    """The unit that closes ``pending`` with a 坎 of ``kind`` (``real`` real cards, ``wilds`` wilds)."""
    first, first_wilds, laid = pending
    held = (kind,) * real + (W,) * wilds
    if laid:  # the held 坎 joins the one laid alone on the table
        return (KAN, tuple(sorted(held)), (kind,) * wilds)
    cards = (first,) * (3 - first_wilds) + (W,) * first_wilds + held
    return (KAN2, tuple(sorted(cards)), (first,) * first_wilds + (kind,) * wilds)


class _Collect:
    """The outcomes found so far, each with the first split that reached it."""

    def __init__(self) -> None:
        self.found: dict[Outcome, tuple[Spec, ...]] = {}

    def add(self, sub: Found, points: int, pointed: bool, twins: bool, spec: Spec | None) -> None:
        for (p, all_pointed, all_twins), specs in sub:
            key = (p + points, all_pointed and pointed, all_twins and twins)
            if key not in self.found:
                self.found[key] = specs if spec is None else (spec, *specs)

    def result(self) -> Found:
        return tuple(self.found.items())


@lru_cache(maxsize=1 << 12)
def wilds_alone(wilds: int, pending: Pending, dae_jue: bool) -> Found:
    """The outcomes of ``wilds`` wild cards left alone (closing ``pending`` first, if open)."""
    out = _Collect()
    if pending is not None:
        if wilds >= 3:
            rest = wilds_alone(wilds - 3, None, dae_jue)
            for kind in range(len(POINTS)):
                if kind != pending[0]:
                    pointed = POINTS[pending[0]] > 0 and POINTS[kind] > 0
                    out.add(rest, 3 * POINTS[kind], pointed, False, _closing(pending, kind, 0, 3))
        return out.result()
    if wilds == 0:
        return (((0, True, True), ()),)
    if wilds >= 2:
        rest = wilds_alone(wilds - 2, None, dae_jue)
        for a, b in VALID_PAIRS[dae_jue]:
            points = POINTS[a] + POINTS[b]
            out.add(rest, points, points > 0, a == b, (PAIR, (W, W), (a, b)))
    return out.result()


@lru_cache(maxsize=1 << 16)
def search(counts: tuple[int, ...], wilds: int, pending: Pending, dae_jue: bool, double_kan: bool) -> Found:
    """Every outcome of splitting the real cards ``counts`` and ``wilds`` wild cards into units, with one split
    each (``()`` when none holds). ``double_kan``: two 坎 may stand side by side."""
    i = next((k for k, n in enumerate(counts) if n), -1)
    if i < 0:
        return wilds_alone(wilds, pending, dae_jue) if double_kan or pending is None else ()
    out = _Collect()
    partners = sorted(PARTNERS[dae_jue][i])
    mine = POINTS[i] > 0
    take = list(counts)

    def sub(n_wilds: int, open_kan: Pending) -> Found:
        return search(tuple(take), n_wilds, open_kan, dae_jue, double_kan)

    if counts[i] >= 2:
        take[i] -= 2
        out.add(sub(wilds, pending), 0, mine, True, (PAIR, (i, i), ()))
        take[i] += 2
    take[i] -= 1
    for j in partners:
        if j > i and counts[j]:
            take[j] -= 1
            out.add(sub(wilds, pending), 0, mine or POINTS[j] > 0, False, (PAIR, (i, j), ()))
            take[j] += 1
    if wilds:
        rest = sub(wilds - 1, pending)
        for k in partners:  # the wild stands for the card itself (twins) or one of its partners
            out.add(rest, POINTS[k], mine or POINTS[k] > 0, k == i, (PAIR, tuple(sorted((i, W))), (k,)))
    take[i] += 1
    if double_kan:
        for real in range(1, min(counts[i], 3) + 1):
            need = 3 - real
            if need > wilds:
                continue
            take[i] -= real
            if pending is None:
                out.add(sub(wilds - need, (i, need, False)), need * POINTS[i], True, True, None)
            elif pending[0] != i:
                pointed = POINTS[pending[0]] > 0 and mine
                out.add(sub(wilds - need, None), need * POINTS[i], pointed, False, _closing(pending, i, real, need))
            take[i] += real
    return out.result()


def laid_outcomes(kind: str, cards: tuple[int, ...], pointed: bool, twins: bool, dae_jue: bool) -> Found:
    """The outcomes of one unit on the table: a laid pair with a wild chooses what it stands for; any other laid
    unit (a 兑 takes real copies) counts as it is, a 大叁 in it as itself."""
    wild = cards.count(W)
    if kind != PAIR or not wild:
        return (((0, pointed, twins), ()),)
    out = _Collect()
    none: Found = (((0, True, True), ()),)
    if wild == 2:
        for a, b in VALID_PAIRS[dae_jue]:
            points = POINTS[a] + POINTS[b]
            out.add(none, points, points > 0, a == b, (PAIR, cards, (a, b)))
        return out.result()
    other = next(c for c in cards if c != W)
    for k in sorted(PARTNERS[dae_jue][other]):
        out.add(none, POINTS[k], POINTS[other] > 0 or POINTS[k] > 0, k == other, (PAIR, cards, (k,)))
    return out.result()
