"""daer/split.py: the deal's yes/no split search agrees with the hand analysis on complete hands, and with a
brute-force grouping of the cards on small ones; the waits' search (every winning card at once) agrees with
listing every split of the free cards and each winning card, one card at a time."""

import random
from collections import Counter

from changpai.daer.analysis import analyse
from changpai.daer.samples import random_ready_hand
from changpai.daer.sets import classify_three
from changpai.daer.split import (
    HALF_GUARDS,
    NO_EXTRA,
    NO_SPLIT,
    add_card,
    best_points,
    card_counts,
    extra_cards,
    fits,
    fits_packed,
    guarded,
    guarded_counts,
    hand_facts,
    item_rows,
    item_splits,
    joining_kinds,
    lonely_kinds,
    pack,
    shared_fits_memo,
    split_templates,
    wait_points,
    wait_tables,
)
from changpai.daer.traditions import RULESETS, get_rules
from changpai.decks.numerals import ALL_KINDS, Card, parse_cards
from hypothesis import given, settings
from hypothesis import strategies as st

WINNING = "二七十 贰柒拾 壹贰叁 肆伍陆 七八九 五五五 六六六"  # seven three-card sets, no four: no pair needed


def test_a_complete_hand_fits_and_one_card_short_does_not():
    counts = card_counts(parse_cards(WINNING))
    assert analyse(WINNING, [], "leshan").win
    assert fits(tuple(counts), 7, True, -1)
    short = card_counts(parse_cards(WINNING)[:-1])
    assert not fits(tuple(short), 7, False, -1)


def _joins_as_defined(counts: list[int], k: int) -> bool:
    """Brute force: two cards of the hand outside held triples make a set with a card of kind ``k`` (not three
    alike: that is a pong, not a join)."""
    loose = [j for j in range(20) if 0 < counts[j] < 3]
    return any((a != b or counts[a] == 2) and _makes_a_set(a, b, k) for i, a in enumerate(loose) for b in loose[i:])


def test_a_card_joins_a_set_with_two_loose_cards_only():
    hand = card_counts(parse_cards("四五 九九九"))
    assert joining_kinds(hand) >> parse_cards("六")[0].index & 1  # 四五六
    assert not joining_kinds(hand) >> parse_cards("拾")[0].index & 1
    assert not joining_kinds(hand) >> parse_cards("八")[0].index & 1  # 九九九 is held: not a partner
    lantern = card_counts(parse_cards("二十"))
    assert joining_kinds(lantern) == 1 << parse_cards("七")[0].index  # 二七十
    mixed = card_counts(parse_cards("七 柒柒"))
    assert {k for k in range(20) if joining_kinds(mixed) >> k & 1} == {
        parse_cards("七")[0].index,  # 七七柒 (with the held 七 and a 柒)
        parse_cards("柒")[0].index,  # 七柒柒
    }


@settings(max_examples=500, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=20, max_size=20))
def test_the_joining_kinds_are_those_two_loose_cards_make_a_set_with(counts):
    joins = joining_kinds(counts)
    assert [joins >> k & 1 for k in range(20)] == [_joins_as_defined(counts, k) for k in range(20)]
    assert hand_facts(counts)[2] == joins


def _free_sets_fit(cards: list[Card], sets_left: int, pair_ok: bool) -> bool:
    """Brute force: can these loose cards (sorted) be grouped into exactly ``sets_left`` sets, each three cards
    that make a set (identical, or what an eat lays out) or, once, two alike?"""
    if not cards:
        return sets_left == 0
    if sets_left <= 0:
        return False
    first, rest = cards[0], cards[1:]
    for j, second in enumerate(rest):
        if pair_ok and second == first and _free_sets_fit(rest[:j] + rest[j + 1 :], sets_left - 1, False):
            return True
        for m in range(j + 1, len(rest)):
            trio = (first, second, rest[m])
            alike = len(set(trio)) == 1
            if (alike or classify_three(trio) is not None) and _free_sets_fit(
                rest[:j] + rest[j + 1 : m] + rest[m + 1 :], sets_left - 1, pair_ok
            ):
                return True
    return False


def oracle_fits(counts: list[int], sets_left: int, pair_ok: bool, extra: int) -> bool:
    """What ``fits`` answers, by trying every grouping: held triples and fours stay whole and count as one set
    each; the extra card either makes a held triple a four or is one more loose card."""
    held = [i for i, n in enumerate(counts) if n >= 3]
    loose = [ALL_KINDS[i] for i, n in enumerate(counts) if n < 3 for _ in range(n)]
    left = sets_left - len(held)
    if extra >= 0 and counts[extra] == 3 and _free_sets_fit(sorted(loose), left, pair_ok):
        return True  # the held triple and the extra card: a four
    if extra >= 0:
        loose.append(ALL_KINDS[extra])
    return _free_sets_fit(sorted(loose), left, pair_ok)


def _sets_of_three() -> list[tuple[int, int, int]]:
    """Every three-card set as kind indices: alike, runs, 2-7-10, mixed case."""
    out = [(k, k, k) for k in range(20)]
    for base in (0, 10):
        out += [(base + n, base + n + 1, base + n + 2) for n in range(8)] + [(base + 1, base + 6, base + 9)]
    out += [(n, n, n + 10) for n in range(10)] + [(n, n + 10, n + 10) for n in range(10)]
    return out


_SETS = _sets_of_three()


@st.composite
def _small_hands(draw: st.DrawFn) -> tuple[list[int], int, bool, int]:
    """Hands built from a few sets (and maybe a pair), then one card taken out as the extra, or a card changed:
    about half of them fit."""
    kinds = [k for trio in draw(st.lists(st.sampled_from(_SETS), min_size=1, max_size=4)) for k in trio]
    kinds += [draw(st.integers(0, 19))] * draw(st.sampled_from([0, 0, 2]))
    extra = kinds.pop(draw(st.integers(0, len(kinds) - 1))) if draw(st.booleans()) else -1
    if draw(st.integers(0, 3)) == 0:
        kinds[draw(st.integers(0, len(kinds) - 1))] = draw(st.integers(0, 19))
    counts = [0] * 20
    for k in kinds:
        counts[k] = min(4, counts[k] + 1)
    if extra >= 0 and counts[extra] == 4:
        extra = -1
    cards = sum(counts) + (extra >= 0)
    return counts, draw(st.integers(max(0, cards // 3 - 1), cards // 3 + 1)), draw(st.booleans()), extra


@settings(max_examples=300, deadline=None)
@given(_small_hands())
def test_fits_agrees_with_trying_every_grouping(case):
    counts, sets_left, pair_ok, extra = case
    assert fits(tuple(counts), sets_left, pair_ok, extra) == oracle_fits(counts, sets_left, pair_ok, extra)


@settings(max_examples=500, deadline=None)
@given(_small_hands())
def test_the_extra_cards_never_leave_out_one_that_fits(case):
    """``extra_cards`` (the deal's test before the split search) leaves out only what the brute-force grouping
    refuses."""
    counts, sets_left, pair_ok, extra = case
    if oracle_fits(counts, sets_left, pair_ok, extra):
        assert extra_cards(counts) >> (NO_EXTRA if extra < 0 else extra) & 1


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32 - 1), st.booleans())
def test_the_extra_cards_of_ready_hands_hold_every_card_that_fits(seed, break_one):
    """On 20-card hands one card from a win (or with one card changed), every extra card ``fits`` takes is among
    the ``extra_cards``."""
    rng = random.Random(seed)
    hand, table = random_ready_hand(rng, table_share=0.3)
    counts = card_counts(hand)
    if break_one:
        counts[rng.choice([k for k in range(20) if counts[k]])] -= 1
        counts[rng.randrange(20)] += 1
    sets_left = 7 - len(table)
    for extra in range(-1, 20):
        if fits(tuple(counts), sets_left, True, extra):
            assert extra_cards(counts) >> (NO_EXTRA if extra < 0 else extra) & 1, (counts, extra)


def _extras_as_defined(counts: list[int]) -> int:
    """``extra_cards`` as its docstring states it, card by card (the oracle of its one-pass form)."""
    lonely = [k for k in range(20) if lonely_kinds(counts) >> k & 1]
    if not lonely:
        return (1 << 20) - 1 | 1 << NO_EXTRA
    if len(lonely) > 2:
        return 0
    if len(lonely) == 2:
        a, b = lonely
        return sum(1 << c for c in range(20) if _makes_a_set(a, b, c))
    (low,) = lonely
    held = [j for j in range(20) if 0 < counts[j] < 3 and j != low]
    return 1 << low | sum(1 << c for c in range(20) if any(_makes_a_set(low, j, c) for j in held))


def _makes_a_set(a: int, b: int, c: int) -> bool:
    return classify_three([ALL_KINDS[a], ALL_KINDS[b], ALL_KINDS[c]]) is not None and not a == b == c


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=20, max_size=20))
def test_one_pass_gives_the_packed_counts_and_the_extra_cards_as_defined(counts):
    packed, extras, _joins = hand_facts(counts)
    assert packed == pack(counts)
    assert extras == extra_cards(counts) == _extras_as_defined(counts)


def fitting_extras(counts: list[int]) -> set[int]:
    return {k for k in range(20) if extra_cards(counts) >> k & 1}


def test_lonely_cards_leave_only_the_extra_cards_that_can_mend_them():
    assert lonely_kinds([1, 0, 0, 1, 1, 1] + [0] * 14) == 1  # 一 alone beside 四五六
    assert fitting_extras([1, 0, 0, 1, 1, 1] + [0] * 14) == {0}  # 一 pairs with the extra card, or never fits
    assert fitting_extras([1, 1, 0, 1, 1, 1] + [0] * 14) == {2}  # 一二 lonely: 三 only
    assert fitting_extras([1, 0, 0, 1, 1, 1] + [0] * 4 + [1] + [0] * 9) == {0, 10}  # 一 壹 lonely: 一一壹 or 一壹壹
    assert not extra_cards([1, 0, 0, 0, 0, 0, 1] + [0] * 13)  # 一 and 七: nothing makes a set with both
    assert fitting_extras([1, 0, 1] + [0] * 17) == {1}  # 一 and 三: 二 only
    assert not extra_cards([1, 0, 0, 1, 1] + [0] * 15)  # 一 四 五: three lonely cards
    assert extra_cards([0, 0, 0, 1, 1, 1] + [0] * 14) >> NO_EXTRA & 1  # 四五六: complete without an extra card


@settings(max_examples=300, deadline=None)
@given(st.lists(_small_hands(), min_size=1, max_size=8))
def test_the_memo_shared_by_every_deal_gives_the_plain_answer(cases):
    """Deals share one memo of the split search (``shared_fits_memo``, issue 18): after any other searches have
    filled it, each answer is still the brute-force grouping's."""
    memo = shared_fits_memo()
    for counts, sets_left, pair_ok, extra in cases:
        assert fits_packed(pack(counts), sets_left, pair_ok, extra, memo) == oracle_fits(
            counts, sets_left, pair_ok, extra
        )
        assert fits(tuple(counts), sets_left, pair_ok, extra, shared_fits_memo()) == oracle_fits(
            counts, sets_left, pair_ok, extra
        )


# ----------------------------------------------------------------------------- the waits' search

# Rule sets whose points differ (Leshan's short deals share the search; the card count is the analysis' check).
WAIT_RULES = [*RULESETS, get_rules("luzhou-a", win_on_pair="kan"), get_rules("luzhou-b", special_sets="luzhou-a")]


def _two_bits(counts: list[int]) -> int:
    return sum(n << (2 * k) for k, n in enumerate(counts))


def all_splits(v: int, need_pair: bool, starts, memo: dict) -> list[tuple]:
    """The reference enumeration (the analysis' own before ``item_splits``): every complete split of the free cards
    ``v`` (two bits a kind), each met once, placing the lowest card left with each set it can start."""
    if v == 0:
        return [] if need_pair else [()]
    key = (v << 1) | need_pair
    if key in memo:
        return memo[key]
    out: list[tuple] = []
    for t in starts[((v & -v).bit_length() - 1) >> 1]:
        if t.is_pair and not need_pair:
            continue
        needs = Counter(t.indices)
        if all((v >> (2 * j)) & 3 >= n for j, n in needs.items()):
            mask = sum(1 << (2 * j) for j in t.indices)
            out.extend((t, *rest) for rest in all_splits(v - mask, need_pair and not t.is_pair, starts, memo))
    memo[key] = out
    return out


def _every_split_best(counts: list[int], need_pair: bool, rules) -> int:
    """The most points over every split ``all_splits`` lists (the reference enumeration), or ``NO_SPLIT``."""
    splits = all_splits(_two_bits(counts), need_pair, split_templates(get_rules(rules)), {})
    return max((sum(t.points for t in split) for split in splits), default=NO_SPLIT)


def _one_card_at_a_time(counts: list[int], need_pair: bool, rules) -> dict[int, int]:
    """What ``wait_points`` answers, kind by kind: add one card of the kind and list every split."""
    out = {}
    for w in range(20):
        if counts[w] < 3:
            with_w = counts[:]
            with_w[w] += 1
            best = _every_split_best(with_w, need_pair, rules)
            if best != NO_SPLIT:
                out[w] = best
    return out


@st.composite
def _free_cards(draw: st.DrawFn) -> list[int]:
    """Free cards (0–2 of a kind) from a few sets and maybe a pair, one card taken out, maybe one changed, maybe
    one added: near a waiting hand, so most have a winning card and many more than one."""
    kinds = [k for trio in draw(st.lists(st.sampled_from(_SETS), min_size=1, max_size=5)) for k in trio]
    kinds += [draw(st.integers(0, 19))] * draw(st.sampled_from([0, 0, 2]))
    kinds.pop(draw(st.integers(0, len(kinds) - 1)))
    if kinds and draw(st.integers(0, 3)) == 0:
        kinds[draw(st.integers(0, len(kinds) - 1))] = draw(st.integers(0, 19))
    if draw(st.integers(0, 5)) == 0:
        kinds.append(draw(st.integers(0, 19)))
    counts = [0] * 20
    for k in kinds:
        counts[k] = min(2, counts[k] + 1)
    return counts


@settings(max_examples=300, deadline=None)
@given(_free_cards(), st.booleans(), st.sampled_from(WAIT_RULES))
def test_wait_points_agree_with_every_split_one_card_at_a_time(counts, need_pair, rules):
    tables = wait_tables(get_rules(rules))
    memo: dict[int, int] = {}
    assert wait_points(guarded(counts), need_pair, tables, memo) == _one_card_at_a_time(counts, need_pair, rules)
    # its memo is best_points' own: still right for the cards without a winning card
    assert best_points(guarded(counts), need_pair, tables, memo) == _every_split_best(counts, need_pair, rules)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(WAIT_RULES))
def test_wait_points_agree_on_the_free_cards_of_ready_hands(seed, rules):
    """Whole 20-card hands: their free cards (not held 坎 / 龙), with a pair needed when a four is on the table
    or held."""
    hand, table = random_ready_hand(random.Random(seed), table_share=0.3)
    counts = card_counts(hand)
    free = [n if n < 3 else 0 for n in counts]
    need_pair = 4 in counts or any(len(m.cards) == 4 for m in table)
    found = wait_points(guarded(free), need_pair, wait_tables(get_rules(rules)), {})
    assert found == _one_card_at_a_time(free, need_pair, rules)


def _minus(counts: list[int], indices: list[int]) -> list[int] | None:
    """The counts with the cards ``indices`` taken off, or None when the counts do not hold them."""
    left = counts[:]
    for k in indices:
        left[k] -= 1
    return left if min(left) >= 0 else None


def _taken_off(free: tuple[int, int], cards: tuple[int, int]) -> tuple[int, int] | None:
    """What the waits' search does: subtract both halves, and keep the result when every guard survives."""
    rest = (free[0] - cards[0], free[1] - cards[1])
    return rest if all(half & HALF_GUARDS == HALF_GUARDS for half in rest) else None


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 3), min_size=20, max_size=20), st.sampled_from(WAIT_RULES))
def test_the_waits_tables_take_a_set_off_exactly_when_the_cards_hold_it(counts, rules):
    """The waits' packing (two guarded halves of 30 bits, one int digit each): every set of the tables, and
    every set less one card (a hole for the coming card), comes off the packed cards exactly when the counts
    hold its cards, and leaves the packed counts of the rest; a card added (``add_card``) is the count one up."""
    rules = get_rules(rules)
    free = guarded(counts)
    assert all(HALF_GUARDS <= half < 2**30 for half in free)
    for k in range(20):
        if counts[k] < 3:
            assert add_card(free, k) == guarded(counts[:k] + [counts[k] + 1] + counts[k + 1 :])
    tables = wait_tables(rules)
    for i, row in enumerate(split_templates(rules)):
        if i < 10:
            packed = [
                ((s, b), is_pair, [((hs, hb), w) for hs, hb, w in holes])
                for s, b, _p, is_pair, holes in tables.small[True][i]
            ]
            below = [(s, b) for s, b, _p in tables.small_below[i]]
        else:
            packed = [
                ((0, b), is_pair, [((0, hb), w) for hb, w in holes])
                for b, _p, is_pair, holes in tables.big[True][i - 10]
            ]
            below = [(0, b) for b, _p in tables.big_below[i - 10]]
        assert [t.is_pair for t in row] == [is_pair for _cards, is_pair, _holes in packed]
        without_pairs = tables.small[False][i] if i < 10 else tables.big[False][i - 10]
        assert len(without_pairs) == sum(not t.is_pair for t in row)
        alone = [t for t in row if t.indices.count(i) == 1]
        assert len(below) == len(alone)
        for t, cards in zip(alone, below, strict=True):
            left = _minus(counts, [k for k in t.indices if k != i])  # (the set holds i once)
            rest = _taken_off(free, cards)
            assert rest == (None if left is None else guarded(left))
        for t, (cards, _is_pair, holes) in zip(row, packed, strict=True):
            left = _minus(counts, list(t.indices))
            assert _taken_off(free, cards) == (None if left is None else guarded(left))
            assert [w for _hole, w in holes] == sorted(set(t.indices))
            for hole, w in holes:
                less = list(t.indices)
                less.remove(w)
                left = _minus(counts, less)
                assert _taken_off(free, hole) == (None if left is None else guarded(left))


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(0, 3), min_size=20, max_size=20),
    st.integers(0, (1 << 20) - 1),
    st.booleans(),
    st.sampled_from(sorted(RULESETS)),
    st.booleans(),
)
def test_item_splits_lists_what_all_splits_lists_in_its_order(counts, keep, need_pair, name, kan):
    """``item_splits`` (the analysis' enumeration, on guarded counts, memo kept across hands) answers exactly
    ``all_splits``: the same splits, in the same order, whatever memo it starts with."""
    rules = get_rules(name, win_on_pair="kan") if kan else get_rules(name)
    counts = [n if keep >> k & 1 else 0 for k, n in enumerate(counts)]  # (often few kinds: splits exist)
    starts = split_templates(rules)
    rows = item_rows(starts, starts)
    shared: dict = {}
    expected = all_splits(_two_bits(counts), need_pair, starts, {})
    assert item_splits(guarded_counts(counts), need_pair, rows, {}) == expected
    assert item_splits(guarded_counts(counts), need_pair, rows, shared) == expected
    assert item_splits(guarded_counts(counts), need_pair, rows, shared) == expected  # (from the memo)


@settings(max_examples=200, deadline=None)
@given(st.randoms(use_true_random=False), st.booleans())
def test_item_splits_agrees_with_all_splits_on_winning_hands(rng, need_pair):
    from changpai.daer.samples import random_winning_sets

    sets = random_winning_sets(rng)
    if sets is None:
        return
    counts = [0] * 20
    for shape in sets:
        for k in shape:
            counts[k] += 1
    counts = [n if n < 3 else 0 for n in counts]  # (held triples and fours are not free cards)
    starts = split_templates(get_rules("luzhou-a"))
    rows = item_rows(starts, starts)
    assert item_splits(guarded_counts(counts), need_pair, rows, {}) == all_splits(
        _two_bits(counts), need_pair, starts, {}
    )
