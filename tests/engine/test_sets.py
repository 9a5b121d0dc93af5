"""Sets: shapes, the eat classifier against a plain definition, table words."""

from itertools import combinations_with_replacement

import pytest
from changpai.core.text import HandError
from changpai.daer.sets import Meld, SetKind, classify_three, table_meld
from changpai.decks.numerals import ALL_KINDS, parse_cards
from hypothesis import given
from hypothesis import strategies as st


def _plain_kind(cards):
    """The three-card sets as the sources define them, written out longhand."""
    a, b, c = sorted(cards)
    same_case = a.big == b.big == c.big
    if same_case and [a.number, b.number, c.number] == [2, 7, 10]:
        return SetKind.TWO_SEVEN_TEN
    if same_case and b.number - a.number == 1 and c.number - b.number == 1:
        return SetKind.RUN
    if a.number == b.number == c.number and not same_case:
        return SetKind.MIXED
    return None


def test_classify_three_matches_the_definition_for_every_triple():
    for trio in combinations_with_replacement(ALL_KINDS, 3):
        assert classify_three(trio) == _plain_kind(trio), trio


def test_counts_of_each_eat_shape():
    kinds = [classify_three(t) for t in combinations_with_replacement(ALL_KINDS, 3)]
    assert kinds.count(SetKind.RUN) == 16  # 1-2-3 … 8-9-10, two cases
    assert kinds.count(SetKind.TWO_SEVEN_TEN) == 2
    assert kinds.count(SetKind.MIXED) == 20  # ten numbers, 大大小 and 小小大


@pytest.mark.parametrize(
    ("kind", "cards"),
    [
        ("pong", "三三四"),
        ("kan", "三三"),
        ("kong", "三三三"),
        ("four", "三三三叁"),
        ("run", "一二四"),
        ("pair", "一二"),
    ],
)
def test_bad_shapes_raise_hand_error(kind, cards):
    with pytest.raises(HandError) as info:
        Meld.of(kind, cards)
    assert info.value.code == "bad-set"


# Every three-card set there is, and the identical sets of three and four.
_EVERY_MELD = [
    *(Meld(kind, trio) for trio in combinations_with_replacement(ALL_KINDS, 3) if (kind := _plain_kind(trio))),
    *(Meld(SetKind.PONG, (card,) * 3) for card in ALL_KINDS),
    *(Meld(SetKind.FOUR, (card,) * 4) for card in ALL_KINDS),
]


@given(st.sampled_from(_EVERY_MELD), st.randoms(use_true_random=False))
def test_a_melds_cards_are_sorted_by_number_then_case(meld, rng):
    """Meld sorts its cards by the rank each card keeps (issue 18): the order of (number, big), whatever the order
    they come in; the kind given as its text value is read as the kind."""
    cards = list(meld.cards)
    rng.shuffle(cards)
    built = Meld(SetKind(meld.kind.value), tuple(cards))
    assert built == meld and built.kind is meld.kind
    assert [(c.number, c.big) for c in built.cards] == sorted((c.number, c.big) for c in cards)
    assert built.cards == tuple(sorted(cards))


def test_meld_is_order_free_and_pastes_back():
    a = Meld.of("run", "六四五")
    assert a == Meld.of("run", "四五六")
    assert eval(repr(a), {"Meld": Meld}) == a


@pytest.mark.parametrize(
    ("word", "cards", "kind"),
    [
        ("pong", "五五五", SetKind.PONG),
        ("碰", "五五五", SetKind.PONG),
        ("对", "伍伍伍", SetKind.PONG),
        ("kong", "伍伍伍伍", SetKind.KONG),
        ("开", "伍伍伍伍", SetKind.KONG),
        ("four", "二二二二", SetKind.FOUR),
        ("龙", "二二二二", SetKind.FOUR),
        ("滚", "二二二二", SetKind.FOUR),
        ("eat", "三四五", SetKind.RUN),
        ("吃", "二七十", SetKind.TWO_SEVEN_TEN),
        ("eat", "五伍伍", SetKind.MIXED),
    ],
)
def test_table_words(word, cards, kind):
    assert table_meld(word, cards).kind is kind


def test_table_errors_name_the_field():
    with pytest.raises(HandError) as info:
        table_meld("chow", "三四五", where="table[2]")
    assert info.value.where == "table[2].set"
    with pytest.raises(HandError) as info:
        table_meld("eat", "三四六", where="table[1]")
    assert info.value.where == "table[1].cards" and "三四六" in info.value.text.zh


def test_kind_properties():
    assert {k for k in SetKind if k.held} == {SetKind.KAN, SetKind.FOUR}
    assert {k for k in SetKind if k.is_four} == {SetKind.KONG, SetKind.FOUR}
    assert sum(k.size for k in SetKind) == 3 * 5 + 4 * 2 + 2
    assert parse_cards("一") == [ALL_KINDS[0]]
