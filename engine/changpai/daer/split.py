"""The split searches: can a hand's card counts still make its sets, and every split with its points.

A hand is a vector of 20 counts (one per kind). For a deal in play, ``fits`` answers whether the counts split
into the sets a win needs (with a pair when a four-card set is laid), memoised across deals, and ``hand_facts``
gives what a claim check reads of a hand before any search (the cards that could complete it, ``extra_cards``, and
those that make a set with two of its cards, ``joining_kinds``), as bits, once per hand. For the hand analysis
(``analysis``), ``item_splits`` lists every split of the free cards (packed three bits a kind with a guard bit
in one integer, ``guarded_counts``), over ``split_templates`` (the sets each kind can start, per rule set); for
its waits,
``wait_points`` finds every card that completes the free cards and the most points each reaches, in one
search, and ``best_points`` the most points of the free cards alone (packed three bits a kind in two ints, the
small kinds' and the big kinds', ``guarded``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from operator import lshift
from typing import TypeVar

from ..decks.numerals import ALL_KINDS, Card
from .rules import RuleSet
from .sets import SetKind


def card_counts(cards: list[Card] | tuple[Card, ...]) -> list[int]:
    out = [0] * 20
    for c in cards:
        out[c.index] += 1
    return out


def _templates() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For each kind, every three-card set of different kinds or mixed case that contains it."""
    out = []
    for i, card in enumerate(ALL_KINDS):
        base = 10 if card.big else 0
        n = card.number
        found: list[tuple[int, ...]] = []
        for lo in (n - 2, n - 1, n):
            if 1 <= lo <= 8:
                found.append(tuple(base + m - 1 for m in (lo, lo + 1, lo + 2)))
        if n in (2, 7, 10):
            found.append((base + 1, base + 6, base + 9))
        other = (i + 10) % 20
        found += [(i, i, other), (i, other, other)]
        out.append(tuple(found))
    return tuple(out)


_TEMPLATES = _templates()


def _third_cards() -> dict[tuple[int, int], frozenset[int]]:
    """For two kinds, the kinds that make a three-card set with them (run, 2-7-10 or mixed case)."""
    out: dict[tuple[int, int], set[int]] = {}
    for c in range(20):
        for template in _TEMPLATES[c]:
            rest = list(template)
            rest.remove(c)
            low, high = sorted(rest)
            out.setdefault((low, high), set()).add(c)
    return {pair: frozenset(kinds) for pair, kinds in out.items()}


THIRD_CARDS = _third_cards()

# The split search's memo: at the top (card counts, sets still to find, a pair allowed, the card beyond the counts),
# inside the search the same four packed into one integer (``_key``).
FitsKey = tuple[tuple[int, ...], int, bool, int] | int

_TEMPLATE_NEEDS = tuple(tuple(tuple(sorted({k: t.count(k) for k in t}.items())) for t in ts) for ts in _TEMPLATES)
# The search keeps a hand's counts packed, three bits a kind (0–4 copies): a set comes off by one subtraction.
_BITS = 3
# Each card kind a set needs: (the kind, its copies, its shift, the packed copies taken, and one fewer, for when
# the extra card stands in for one).
_PACKED_NEEDS = tuple(
    tuple(tuple((k, m, _BITS * k, m << _BITS * k, m - 1 << _BITS * k) for k, m in needs) for needs in row)
    for row in _TEMPLATE_NEEDS
)
# The search always places the lowest card left (held, or the extra card below them): a set that holds a lower
# kind cannot place it, so each kind keeps only the sets it is the lowest card of, as what the set needs of that
# kind (its copies, taken, one short) and of the others.
_LOWEST_NEEDS = tuple(
    tuple((needs[0][1], needs[0][3], needs[0][4], needs[1:]) for needs in row if needs[0][0] == i)
    for i, row in enumerate(_PACKED_NEEDS)
)


_SHARED_MEMO: dict[FitsKey, bool] = {}
_SHARED_MEMO_KEPT = 100_000  # answers kept across deals, at most (a long-running page plays many deals)


def shared_fits_memo() -> dict[FitsKey, bool]:
    """The memo every deal's split search shares: an answer depends only on its key (the packed counts, the sets
    still to find, a pair allowed, the extra card), never on the deal or its rules, so deals reuse each other's
    (the searches of one deal's hands meet the same small groups of high cards again and again). Emptied when
    it grows past its bound."""
    if len(_SHARED_MEMO) >= _SHARED_MEMO_KEPT:
        _SHARED_MEMO.clear()
    return _SHARED_MEMO


def fits(
    counts: tuple[int, ...], sets_left: int, pair_ok: bool, extra: int, memo: dict[FitsKey, bool] | None = None
) -> bool:
    """Can ``counts`` plus one card of kind ``extra`` (``-1``: none) split into exactly ``sets_left``
    sets, at most one of them a pair? Held triples and fours in ``counts`` stay whole (the extra card
    may make a triple four). A necessary condition for a win; the hand analysis has the last word.

    The search always places the lowest card left, so every split is tried once; ``memo`` (a deal passes
    ``shared_fits_memo()``) remembers the answers."""
    return fits_packed(pack(counts), sets_left, pair_ok, extra, {} if memo is None else memo)


def pack(counts: tuple[int, ...] | list[int]) -> int:
    """A hand's counts in one integer, three bits a kind (what ``fits_packed`` reads)."""
    packed: int = sum(map(lshift, counts, range(0, _BITS * len(counts), _BITS)))
    return packed


def fits_packed(packed: int, sets_left: int, pair_ok: bool, extra: int, memo: dict[FitsKey, bool]) -> bool:
    """``fits`` on counts already packed (``pack``): a deal packs each hand once, however many cards it meets."""
    key = _key(packed, sets_left, pair_ok, extra)
    found = memo.get(key)
    if found is None:
        found = memo[key] = _fits_search(packed, sets_left, pair_ok, extra, memo)
    return found


def _key(packed: int, sets_left: int, pair_ok: bool, extra: int) -> int:
    return (((packed << 4 | sets_left) << 1 | pair_ok) << 5) | (extra + 1)  # = packed << 10 | the rest (< 1024)


def _fits_search(  # noqa: C901 — the engine's hottest loop, written out inline on purpose
    packed: int, sets_left: int, pair_ok: bool, extra: int, memo: dict[FitsKey, bool]
) -> bool:
    # The memo lookups (``_key``) are written out inline below: this is the engine's hottest loop.
    if packed:
        i = ((packed & -packed).bit_length() - 1) // _BITS
        if 0 <= extra < i:
            i = extra
    elif extra >= 0:
        i = extra
    else:
        return sets_left == 0
    if sets_left <= 0:
        return False
    left_sets = sets_left - 1
    # a child's key (``_key``) is its packed counts shifted past a small number (sets, pair, extra card): that
    # number is put together first, so the hand's long integer takes one shift and one "or"
    tail = (left_sets << 1 | pair_ok) << 5
    shift = _BITS * i
    n = (packed >> shift) & 7
    if n >= 3:
        rest = packed - (n << shift)
        if n == 3 and extra == i:  # the held triple and the extra card: a four
            key = rest << 10 | tail
            found = memo.get(key)
            if found is None:
                found = memo[key] = _fits_search(rest, left_sets, pair_ok, -1, memo)
            if found:
                return True
        key = rest << 10 | (tail | (extra + 1))
        found = memo.get(key)
        if found is None:
            found = memo[key] = _fits_search(rest, left_sets, pair_ok, extra, memo)
        return found
    total = n + (extra == i)
    if total == 3:  # a pair in hand and the extra card
        rest = packed - (n << shift)
        key = rest << 10 | tail
        found = memo.get(key)
        if found is None:
            found = memo[key] = _fits_search(rest, left_sets, pair_ok, -1, memo)
        if found:
            return True
    if pair_ok and total >= 2:
        rest = packed - ((2 if n >= 2 else n) << shift)
        after = extra if n >= 2 else -1
        key = rest << 10 | (left_sets << 6 | (after + 1))  # (no pair left)
        found = memo.get(key)
        if found is None:
            found = memo[key] = _fits_search(rest, left_sets, False, after, memo)
        if found:
            return True
    for copies, all_taken, one_short_taken, others in _LOWEST_NEEDS[i]:
        if n >= copies:  # the set's lowest kind, ``i``: ``n`` copies held (not a triple, here)
            left = extra
            rest = packed - all_taken
        elif n == copies - 1 and extra == i:
            left = -1
            rest = packed - one_short_taken
        else:
            continue
        for k, m, at, taken, one_short in others:  # take the set's cards off; the extra card may stand in for one
            have = (packed >> at) & 7
            if have >= 3 and k != i:
                have = 0  # never from a held triple
            if have >= m:
                rest -= taken
                continue
            if have == m - 1 and left == k:
                left = -1
                rest -= one_short
                continue
            break
        else:
            key = rest << 10 | (tail | (left + 1))
            found = memo.get(key)
            if found is None:
                found = memo[key] = _fits_search(rest, left_sets, pair_ok, left, memo)
            if found:
                return True
    return False


def _eat_partner_pairs(card: Card) -> list[tuple[Card, Card]]:
    """Every pair of cards that makes a set with ``card`` by eating (run, 2-7-10, mixed)."""
    n, big = card.number, card.big
    out: list[tuple[Card, Card]] = []
    for lo in (n - 2, n - 1, n):
        if lo >= 1 and lo + 2 <= 10:
            others = [m for m in (lo, lo + 1, lo + 2) if m != n]
            out.append((Card(others[0], big), Card(others[1], big)))
    if n in (2, 7, 10):
        others = [m for m in (2, 7, 10) if m != n]
        out.append((Card(others[0], big), Card(others[1], big)))
    out.append((card, Card(n, not big)))
    out.append((Card(n, not big), Card(n, not big)))
    return out


_PARTNERS = {card: _eat_partner_pairs(card) for card in ALL_KINDS}
# The same by kind index: (first index, second index, mixed-case?, the two cards, the whole set sorted).
PARTNER_IDX = [
    [
        (a.index, b.index, a.number == b.number == card.number, (a, b), tuple(sorted((card, a, b))))
        for a, b in _PARTNERS[card]
    ]
    for card in ALL_KINDS
]


# Kinds as bits (bit k: kind k), for ``lonely_kinds`` and ``joining_kinds``: the run starts (一 … 八 of each
# case), and each case's 二七十.
_RUN_STARTS = sum(1 << (base + m) for base in (0, 10) for m in range(8))
_CASE = (1 << 10) - 1
_TWO_SEVEN_TEN = tuple(sum(1 << (base + m - 1) for m in (2, 7, 10)) for base in (0, 10))


def _other_case(bits: int) -> int:
    """Each kind's bit moved to the same number in the other case."""
    return (bits >> 10 | bits << 10) & (_CASE | _CASE << 10)


def _held_bits(hand: list[int] | tuple[int, ...]) -> tuple[int, int, int, int]:
    """The hand's counts packed for ``fits_packed`` (``pack``), and its kinds held once or twice (bit k: kind k):
    all of them, the pairs, the singles. (The bits are read off the counts as binary digits, in C.)"""
    digits = bytes(hand)[::-1]  # (kind 19 first: the highest bit)
    present = int(digits.translate(_ONCE_OR_TWICE) or b"0", 2)
    pairs = int(digits.translate(_TWICE) or b"0", 2)
    return pack(hand), present, pairs, present ^ pairs


# Counts as the binary digit of a kind's bit (bytes.translate tables, for ``_held_bits``).
_ONCE_OR_TWICE = b"".join(b"1" if 0 < n < 3 else b"0" for n in range(256))
_TWICE = b"".join(b"1" if n == 2 else b"0" for n in range(256))


def _lonely(present: int, pairs: int, singles: int) -> int:
    runs = present & (present >> 1) & (present >> 2) & _RUN_STARTS  # the lowest kinds of the runs held
    covered = runs | runs << 1 | runs << 2
    for lantern in _TWO_SEVEN_TEN:
        if present & lantern == lantern:
            covered |= lantern
    covered |= _other_case(pairs)  # beside a pair of the other case (mixed)
    return singles & ~covered


def lonely_kinds(hand: list[int] | tuple[int, ...]) -> int:
    """The kinds (bit k: kind k) held once, outside held triples, that make no three-card set with the other cards
    outside held triples: in every split ``fits`` finds, such a card is in the set of the extra card.

    >>> lonely_kinds([1, 0, 0, 1, 1, 1] + [0] * 14) == 1  # 一 alone beside 四五六
    True
    """
    _packed, present, pairs, singles = _held_bits(hand)
    return _lonely(present, pairs, singles)


# Bit ``NO_EXTRA`` of ``extra_cards``: the hand may fit without an extra card (``fits`` with ``extra = -1``).
NO_EXTRA = 20
_ANY_EXTRA = (1 << 20) - 1
# [a][b]: the kinds that make a three-card set with kinds ``a`` and ``b`` (``THIRD_CARDS`` as bits).
_THIRD_BITS = tuple(
    tuple(sum(1 << c for c in THIRD_CARDS.get((min(a, b), max(a, b)), ())) for b in range(20)) for a in range(20)
)


def extra_cards(hand: list[int] | tuple[int, ...]) -> int:
    """The extra cards (bit k: kind k; bit ``NO_EXTRA``: none) with which ``fits`` may say yes, by the hand's
    ``lonely_kinds``: each lonely card shares its set with the one extra card, so three of them never fit, two only
    with a card that makes a set with both, one only with its twin or a card that makes a set with it and another
    held card, and the hand alone only without any. A necessary condition: ``fits`` has the last word.

    >>> bin(extra_cards([1, 0, 1] + [0] * 17))  # 一 and 三: 二 only
    '0b10'
    """
    _packed, present, pairs, singles = _held_bits(hand)
    return _extras(present, pairs, singles)


def _extras(present: int, pairs: int, singles: int) -> int:
    lonely = _lonely(present, pairs, singles)
    if not lonely:
        return _ANY_EXTRA | 1 << NO_EXTRA
    low = (lonely & -lonely).bit_length() - 1
    rest = lonely & (lonely - 1)
    if rest:
        return 0 if rest & (rest - 1) else _THIRD_BITS[low][rest.bit_length() - 1]
    out = 1 << low
    row = _THIRD_BITS[low]
    others = present & ~(1 << low)
    while others:  # every other kind held once or twice
        bit = others & -others
        out |= row[bit.bit_length() - 1]
        others ^= bit
    return out


# Kinds as bits, for ``joining_kinds``: the middles of runs (二 … 九 of each case) and their tops (三 … 拾).
_RUN_MIDDLES = sum(1 << (base + m) for base in (0, 10) for m in range(1, 9))
_RUN_TOPS = sum(1 << (base + m) for base in (0, 10) for m in range(2, 10))


def _joining(present: int, pairs: int) -> int:
    out = present >> 1 & present >> 2 & _RUN_STARTS  # the card below two held: 一 with 二三
    out |= present << 1 & present >> 1 & _RUN_MIDDLES  # between two held: 二 with 一三
    out |= present << 1 & present << 2 & _RUN_TOPS  # above two held: 三 with 一二
    for lantern in _TWO_SEVEN_TEN:
        missing = lantern & ~present
        if not missing & (missing - 1):  # none or one of the 二七十 missing: it joins the other two
            out |= missing or lantern
    return out | present & _other_case(present) | _other_case(pairs)  # mixed case: 七七柒, 七柒柒


def joining_kinds(hand: list[int] | tuple[int, ...]) -> int:
    """The kinds (bit k: kind k) a card of which makes a three-card set with two cards of ``hand`` outside held
    triples: a run, a 二七十, or a mixed-case set (the card with a held copy of itself or of its other-case twin,
    or with a held pair of that twin).

    >>> bin(joining_kinds([0, 0, 0, 1, 1] + [0] * 15))  # 四五: 三 and 六
    '0b100100'
    """
    _packed, present, pairs, _singles = _held_bits(hand)
    return _joining(present, pairs)


# A hand as a deal keeps it for its win and claim checks (``DealRules._hand_bits``): its counts as a tuple (the key it
# is kept by), then ``hand_facts``. (Not ``patterns.HandFacts``, the sets a hand analysis scores.)
HandBits = tuple[tuple[int, ...], int, int, int]


def hand_facts(hand: list[int] | tuple[int, ...]) -> tuple[int, int, int]:
    """``pack(hand)``, ``extra_cards(hand)`` and ``joining_kinds(hand)`` in one pass over the hand (a deal asks
    them of every new hand, for every card it meets)."""
    packed, present, pairs, singles = _held_bits(hand)
    return packed, _extras(present, pairs, singles), _joining(present, pairs)


# ----------------------------------------------------------------------------- the hand analysis' search
# Every split of the free cards, and the most points a split reaches (``analysis`` scores and explains them).

T = TypeVar("T")

NO_SPLIT = -1  # "no split" in the points recursion (real points are never negative)


@dataclass(frozen=True, slots=True)
class Template:
    kind: SetKind
    indices: tuple[int, ...]
    points: int
    is_pair: bool


# Per rule set (options change the sets' points; a RuleSet hashes by identity); bounded, so variants made per
# request do not pile up in a long-running page.
@lru_cache(maxsize=64)
def split_templates(rules: RuleSet) -> list[list[Template]]:
    """For each kind index, the sets whose lowest card is that kind (the only sets that can place it)."""
    win_triple = SetKind.PONG if rules.win_on_pair == "pong" else SetKind.KAN
    starts: list[list[Template]] = []
    for i, card in enumerate(ALL_KINDS):
        shapes: list[tuple[SetKind, tuple[int, ...]]] = [(win_triple, (i, i, i)), (SetKind.PAIR, (i, i))]
        if card.number <= 8:
            shapes.append((SetKind.RUN, (i, i + 1, i + 2)))
        if card.number == 2:
            shapes.append((SetKind.TWO_SEVEN_TEN, (i, i + 5, i + 8)))
        if not card.big:
            shapes += [(SetKind.MIXED, (i, i, i + 10)), (SetKind.MIXED, (i, i + 10, i + 10))]
        row = []
        for kind, indices in shapes:
            row.append(
                Template(kind, indices, rules.points_of(kind, [ALL_KINDS[j] for j in indices]), kind is SetKind.PAIR)
            )
        starts.append(row)
    return starts


# ----------------------------------------------------------------------------- the waits' search
# Every card that completes a waiting hand, and the most points each reaches, in one walk over the splits of the
# free cards with one "hole" for the card still to come (instead of one search per card of the deck).
#
# The free cards are packed three bits a kind, with the top bit of each kind set (a guard, ``HALF_GUARDS``):
# taking a set off is one subtraction, and the set was there exactly when every guard bit survives it (a kind
# short of cards borrows its own guard, never a neighbour's). The small kinds and the big kinds go in two
# integers of 30 bits (``Free``), not one of 60: an int digit holds 30 bits, and Pyodide's CPython (3.14, wasm)
# adds, masks and hashes one-digit ints on a fast path, where two digits cost it about twice as much.
# The search places the small kinds first (their mixed sets take big cards too), then the big kinds alone.

HALF_GUARDS = sum(4 << (3 * k) for k in range(10))
# The lowest bit of a packed half (one or two copies of its lowest kind) → that kind, 0–9 within the half.
_LOWEST_BIT = {n << (3 * k): k for k in range(10) for n in (1, 2)}
_SHIFTS = tuple(range(0, 30, 3))  # a kind's place in its half

Free = tuple[int, int]  # the free cards: (small kinds, big kinds), each packed and guarded
# The searches' memos: keyed (small, big, pair needed) while small cards are left, then by the big half alone
# (negated when a pair is needed): one-digit keys where most of the searching is.
WaitMemo = dict[int | tuple[int, int, bool], int]
_HolesMemo = dict[int | tuple[int, int, bool], dict[int, int]]


def guarded(counts: list[int] | tuple[int, ...]) -> Free:
    """Counts (0–3 a kind) packed three bits a kind in two halves, with the guards set (what ``wait_points``
    reads)."""
    # (``map`` walks the kinds in C: in Pyodide, bytecode is what costs)
    return (
        HALF_GUARDS + sum(map(lshift, counts[:10], _SHIFTS)),
        HALF_GUARDS + sum(map(lshift, counts[10:], _SHIFTS)),
    )


def add_card(free: Free, kind: int) -> Free:
    """The free cards with one more card of ``kind`` (the hand with its winning card, for ``best_points``).

    >>> add_card(guarded([0] * 20), 11) == guarded([0] * 11 + [1] + [0] * 8)
    True
    """
    if kind < 10:
        return free[0] + (1 << (3 * kind)), free[1]
    return free[0], free[1] + (1 << (3 * kind - 30))


def _halves(indices: tuple[int, ...]) -> Free:
    """Cards by kind index, packed (unguarded) in the two halves."""
    return sum(1 << (3 * j) for j in indices if j < 10), sum(1 << (3 * j - 30) for j in indices if j >= 10)


# A small kind's set as the search reads it: (its small cards, its big cards (a mixed set's), points, a pair?,
# for each kind it holds: the set without one card of that kind (small, big), and the kind).
SmallSet = tuple[int, int, int, bool, tuple[tuple[int, int, int], ...]]
# A big kind's set: (its cards, points, a pair?, for each kind it holds: the set without one card of it, the kind).
BigSet = tuple[int, int, bool, tuple[tuple[int, int], ...]]


@dataclass(frozen=True, slots=True)
class WaitTables:
    """Per rule set, the sets each kind is the lowest card of, packed for the waits' search."""

    small: tuple[tuple[tuple[SmallSet, ...], ...], tuple[tuple[SmallSet, ...], ...]]  # [pair allowed][kind 0–9]
    big: tuple[tuple[tuple[BigSet, ...], ...], tuple[tuple[BigSet, ...], ...]]  # [pair allowed][kind − 10]
    # [kind] (less 10 for the big ones): the sets that hold the kind once and have it as their lowest card,
    # without it, and their points (the sets the coming card can be the lowest card of).
    small_below: tuple[tuple[tuple[int, int, int], ...], ...]
    big_below: tuple[tuple[tuple[int, int], ...], ...]


@lru_cache(maxsize=64)
def wait_tables(rules: RuleSet) -> WaitTables:
    """The sets of ``split_templates``, packed three bits a kind (bounded like it)."""
    small: list[list[SmallSet]] = []
    big: list[list[BigSet]] = []
    small_below: list[list[tuple[int, int, int]]] = []
    big_below: list[list[tuple[int, int]]] = []
    for i, row in enumerate(split_templates(rules)):
        sets, below = (small, small_below) if i < 10 else (big, big_below)
        sets.append([])
        below.append([])
        for t in row:
            s, b = _halves(t.indices)
            holes = [(s - ks, b - kb, k) for k in sorted(set(t.indices)) for ks, kb in [_halves((k,))]]
            alone = t.indices.count(i) == 1
            if i < 10:
                small[-1].append((s, b, t.points, t.is_pair, tuple(holes)))
                if alone:
                    small_below[-1].append((*holes[0][:2], t.points))  # (i is the set's lowest kind: first)
            else:
                big[-1].append((b, t.points, t.is_pair, tuple((without, k) for _, without, k in holes)))
                if alone:
                    big_below[-1].append((holes[0][1], t.points))
    return WaitTables(
        (tuple(tuple(x for x in row if not x[3]) for row in small), tuple(tuple(row) for row in small)),
        (tuple(tuple(x for x in row if not x[2]) for row in big), tuple(tuple(row) for row in big)),
        tuple(tuple(row) for row in small_below),
        tuple(tuple(row) for row in big_below),
    )


def _lowest(small: int, big: int) -> int:
    """The lowest kind of the free cards (20: none)."""
    if small != HALF_GUARDS:
        v = small ^ HALF_GUARDS
        return _LOWEST_BIT[v & -v]
    if big != HALF_GUARDS:
        v = big ^ HALF_GUARDS
        return 10 + _LOWEST_BIT[v & -v]
    return 20


def best_points(free: Free, need_pair: bool, tables: WaitTables, memo: WaitMemo) -> int:
    """Most points for splitting the free cards (``guarded``) completely, or ``NO_SPLIT``. With ``need_pair``
    exactly one set is a pair, without it none."""
    small, big = free
    if small == HALF_GUARDS:
        return _best_big(big, need_pair, tables, memo)
    return _best(small, big, need_pair, tables, memo)


# The searches' callers pick the function for the cards left (small ones, or only big ones): one call, not two.


def _best(small: int, big: int, need_pair: bool, tables: WaitTables, memo: WaitMemo) -> int:
    """``best_points`` while some small card is left."""
    key = (small, big, need_pair)
    found = memo.get(key)
    if found is not None:
        return found
    v = small ^ HALF_GUARDS
    best = NO_SPLIT
    for s, b, points, is_pair, _holes in tables.small[need_pair][_LOWEST_BIT[v & -v]]:
        rest_small = small - s
        rest_big = big - b
        if rest_small & HALF_GUARDS == HALF_GUARDS and rest_big & HALF_GUARDS == HALF_GUARDS:
            if rest_small == HALF_GUARDS:
                found = _best_big(rest_big, need_pair and not is_pair, tables, memo)
            else:
                found = _best(rest_small, rest_big, need_pair and not is_pair, tables, memo)
            if found != NO_SPLIT and found + points > best:
                best = found + points
    memo[key] = best
    return best


def _best_big(big: int, need_pair: bool, tables: WaitTables, memo: WaitMemo) -> int:
    """``_best`` when only big cards are left."""
    if big == HALF_GUARDS:
        return NO_SPLIT if need_pair else 0
    key = -big if need_pair else big
    found = memo.get(key)
    if found is not None:
        return found
    v = big ^ HALF_GUARDS
    best = NO_SPLIT
    for b, points, is_pair, _holes in tables.big[need_pair][_LOWEST_BIT[v & -v]]:
        rest = big - b
        if rest & HALF_GUARDS == HALF_GUARDS:
            found = _best_big(rest, need_pair and not is_pair, tables, memo)
            if found != NO_SPLIT and found + points > best:
                best = found + points
    memo[key] = best
    return best


def wait_points(free: Free, need_pair: bool, tables: WaitTables, memo: WaitMemo) -> dict[int, int]:
    """For every kind ``w`` such that the free cards (``guarded``) and one more card of kind ``w`` split
    completely, the most points a split reaches (``best_points`` of the cards with ``w`` added, which it
    equals kind for kind). ``memo`` is ``best_points``' (a caller may go on using it).

    >>> from changpai.daer.traditions import get_rules
    >>> rules = get_rules("luzhou-a")
    >>> sorted(wait_points(guarded([1, 1] + [0] * 18), False, wait_tables(rules), {}))  # 一二: 三 only
    [2]
    """
    small, big = free
    lowest = _lowest(small, big)
    if lowest == 20:
        return {}
    # (the root's answer: its memo dies here)
    if small == HALF_GUARDS:
        out = _holes_big(big, need_pair, tables, memo, {})
    else:
        out = _holes(small, big, need_pair, tables, memo, {})
    _below(small, big, 0, lowest, need_pair, 0, tables, memo, out)
    return out


def _below(
    small: int,
    big: int,
    low: int,
    high: int,
    need_pair: bool,
    extra: int,
    tables: WaitTables,
    memo: WaitMemo,
    out: dict[int, int],
) -> None:
    """The coming card as the lowest card of its set, for the kinds ``low`` ≤ w < ``high`` below every free
    card: the set's other cards come from the free cards; ``extra`` points already made."""
    small_below = tables.small_below
    for w in range(low, min(high, 10)):
        for s, b, points in small_below[w]:
            rest_small = small - s
            rest_big = big - b
            if rest_small & HALF_GUARDS == HALF_GUARDS and rest_big & HALF_GUARDS == HALF_GUARDS:
                if rest_small == HALF_GUARDS:
                    found = _best_big(rest_big, need_pair, tables, memo)
                else:
                    found = _best(rest_small, rest_big, need_pair, tables, memo)
                if found != NO_SPLIT:
                    found += points + extra
                    if out.get(w, -1) < found:
                        out[w] = found
    if high > 10:  # (then every free card is big)
        _below_big(big, max(low, 10) - 10, high - 10, need_pair, extra, tables, memo, out)


def _below_big(
    big: int,
    low: int,
    high: int,
    need_pair: bool,
    extra: int,
    tables: WaitTables,
    memo: WaitMemo,
    out: dict[int, int],
) -> None:
    """``_below`` for big kinds (``low`` and ``high`` less 10) when every free card is big."""
    big_below = tables.big_below
    for w in range(low, high):
        for b, points in big_below[w]:
            rest = big - b
            if rest & HALF_GUARDS == HALF_GUARDS:
                found = _best_big(rest, need_pair, tables, memo)
                if found != NO_SPLIT:
                    found += points + extra
                    if out.get(w + 10, -1) < found:
                        out[w + 10] = found


def _holes(
    small: int, big: int, need_pair: bool, tables: WaitTables, memo: WaitMemo, holes: _HolesMemo
) -> dict[int, int]:
    """``wait_points`` for the kinds from the lowest free card (a small one) up, memoised in ``holes``.

    The search places the lowest card left, as ``best_points`` does; the coming card is either in that set
    (any of its cards: the rest of the set from the free cards), or later: in the rest's own search, or, when
    its kind falls between this lowest card and the rest's, the lowest card of its own set (``_below``)."""
    key = (small, big, need_pair)
    found = holes.get(key)
    if found is not None:
        return found
    v = small ^ HALF_GUARDS
    i = _LOWEST_BIT[v & -v]
    out: dict[int, int] = {}
    for s, b, points, is_pair, set_holes in tables.small[need_pair][i]:
        pair_left = need_pair and not is_pair
        rest_small = small - s
        rest_big = big - b
        if rest_small & HALF_GUARDS == HALF_GUARDS and rest_big & HALF_GUARDS == HALF_GUARDS:
            above = _lowest(rest_small, rest_big)
            if above < 20:
                if above >= 10:
                    later_holes = _holes_big(rest_big, pair_left, tables, memo, holes)
                else:
                    later_holes = _holes(rest_small, rest_big, pair_left, tables, memo, holes)
                for w, later in later_holes.items():
                    later += points
                    if out.get(w, -1) < later:
                        out[w] = later
                if above > i + 1:
                    _below(rest_small, rest_big, i + 1, above, pair_left, points, tables, memo, out)
        for without_small, without_big, w in set_holes:
            rest_small = small - without_small
            rest_big = big - without_big
            if rest_small & HALF_GUARDS == HALF_GUARDS and rest_big & HALF_GUARDS == HALF_GUARDS:
                if rest_small == HALF_GUARDS:
                    found_rest = _best_big(rest_big, pair_left, tables, memo)
                else:
                    found_rest = _best(rest_small, rest_big, pair_left, tables, memo)
                if found_rest != NO_SPLIT:
                    found_rest += points
                    if out.get(w, -1) < found_rest:
                        out[w] = found_rest
    holes[key] = out
    return out


def _holes_big(big: int, need_pair: bool, tables: WaitTables, memo: WaitMemo, holes: _HolesMemo) -> dict[int, int]:
    """``_holes`` when only big cards are left."""
    key = -big if need_pair else big
    found = holes.get(key)
    if found is not None:
        return found
    v = big ^ HALF_GUARDS
    i = _LOWEST_BIT[v & -v]
    out: dict[int, int] = {}
    for b, points, is_pair, set_holes in tables.big[need_pair][i]:
        pair_left = need_pair and not is_pair
        rest = big - b
        if rest != HALF_GUARDS and rest & HALF_GUARDS == HALF_GUARDS:
            for w, later in _holes_big(rest, pair_left, tables, memo, holes).items():
                later += points
                if out.get(w, -1) < later:
                    out[w] = later
            r = rest ^ HALF_GUARDS
            above = _LOWEST_BIT[r & -r]
            if above > i + 1:
                _below_big(rest, i + 1, above, pair_left, points, tables, memo, out)
        for without, w in set_holes:
            rest = big - without
            if rest & HALF_GUARDS == HALF_GUARDS:
                found_rest = _best_big(rest, pair_left, tables, memo)
                if found_rest != NO_SPLIT:
                    found_rest += points
                    if out.get(w, -1) < found_rest:
                        out[w] = found_rest
    holes[key] = out
    return out


# The analysis' enumeration, on counts packed three bits a kind with a guard bit (as ``guarded``, in one integer):
# each set comes off by one subtraction, checked by the guards, and the answers (tuples of the caller's items)
# may be kept across hands.

GUARDS = sum(4 << (3 * k) for k in range(20))  # every kind's guard bit: no free card left
_NONE: list[tuple[object, ...]] = []
_ONE_EMPTY: list[tuple[object, ...]] = [()]


def guarded_counts(counts: list[int] | tuple[int, ...]) -> int:
    """Counts (0–3 a kind) packed three bits a kind in one integer, with the guards set (what ``item_splits``
    reads).

    >>> guarded_counts([1] + [0] * 19) == GUARDS + 1
    True
    """
    return GUARDS + pack(counts)


def item_rows(
    starts: list[list[Template]], items: list[list[T]]
) -> tuple[tuple[tuple[tuple[int, bool, T], ...], ...], tuple[tuple[tuple[int, bool, T], ...], ...]]:
    """``starts`` (``split_templates``) as ``item_splits`` reads them: [pair allowed][kind] → (the set's cards
    packed three bits a kind, a pair?, the caller's item for the set (``items``, in the shape of ``starts``))."""
    rows: list[list[tuple[int, bool, T]]] = []
    for row, row_items in zip(starts, items, strict=True):
        rows.append(
            [(sum(1 << (3 * j) for j in t.indices), t.is_pair, item) for t, item in zip(row, row_items, strict=True)]
        )
    return (
        tuple(tuple(x for x in row if not x[1]) for row in rows),
        tuple(tuple(row) for row in rows),
    )


def item_splits(
    v: int,
    need_pair: bool,
    rows: tuple[tuple[tuple[tuple[int, bool, T], ...], ...], tuple[tuple[tuple[int, bool, T], ...], ...]],
    memo: dict[int, list[tuple[T, ...]]],
) -> list[tuple[T, ...]]:
    """Every complete split of the free cards ``v`` (``guarded_counts``), each met once, each set given as its item
    (``item_rows``). ``memo`` may be kept across hands (an answer depends only on ``v``, ``need_pair`` and
    ``rows``); the lists answered are shared: never change them.

    >>> from changpai.daer.traditions import get_rules
    >>> starts = split_templates(get_rules("luzhou-a"))
    >>> rows = item_rows(starts, starts)
    >>> [[t.indices for t in s] for s in item_splits(guarded_counts([1, 1, 1] + [0] * 17), False, rows, {})]
    [[(0, 1, 2)]]
    """
    if v == GUARDS:
        return _NONE if need_pair else _ONE_EMPTY  # type: ignore[return-value]
    key = -v if need_pair else v
    found = memo.get(key)
    if found is not None:
        return found
    x = v ^ GUARDS
    out: list[tuple[T, ...]] = []
    for mask, is_pair, item in rows[need_pair][((x & -x).bit_length() - 1) // 3]:
        rest = v - mask
        if rest & GUARDS == GUARDS:
            later = item_splits(rest, need_pair and not is_pair, rows, memo)
            if later:
                out.extend([(item, *r) for r in later])
    memo[key] = out
    return out
