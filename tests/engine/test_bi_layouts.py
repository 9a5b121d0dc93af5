"""deal_legal._bi_layouts: the 比/摆 layouts of an eat's remaining copies are exactly those a plain enumeration of
one or two sets finds (every set with the card, its cards held outside held triples, every copy laid out)."""

from collections import Counter
from itertools import combinations_with_replacement

from changpai.daer.deal_legal import _bi_layouts
from changpai.daer.split import PARTNER_IDX
from changpai.decks.numerals import parse_cards
from hypothesis import given, settings
from hypothesis import strategies as st


def layouts_as_defined(rest: list[int], k: int, copies: int) -> list[tuple]:
    """Brute force: every choice of one or two sets (with repeats, in order) holding kind ``k``, none touching a
    held triple, whose cards the hand holds, that lay out exactly ``copies`` copies of ``k``."""
    sets = sorted(group for ai, bj, _mixed, _pair, group in PARTNER_IDX[k] if rest[ai] < 3 and rest[bj] < 3)
    found = set()
    for n in (1, 2):
        for combo in combinations_with_replacement(sets, n):
            need = Counter(card.index for group in combo for card in group)
            if need[k] == copies and all(rest[i] >= m for i, m in need.items()):
                found.add(combo)
    return sorted(found)


def test_a_held_copy_goes_out_in_a_set_of_its_own():
    rest = [0] * 20
    for card in parse_cards("三 四五"):  # after eating 三 with 一二: one 三 left, with 四五
        rest[card.index] += 1
    three = parse_cards("三")[0].index
    assert _bi_layouts(rest, three, 1) == [(tuple(parse_cards("三四五")),)]
    rest[parse_cards("四")[0].index] = 3  # 四 is a held triple: it cannot be broken for the 比
    assert _bi_layouts(rest, three, 1) == []


@settings(max_examples=1000, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=20, max_size=20), st.integers(0, 19), st.integers(1, 2))
def test_the_layouts_are_every_way_to_lay_the_copies_out(counts, k, copies):
    counts[k] = copies  # what the eat leaves: the copies still held
    assert _bi_layouts(counts, k, copies) == layouts_as_defined(counts, k, copies)
